#!/usr/bin/env python3
"""Check wait-scenario.sh's results (stdlib only): run --wait-for-display (issue 12).

  wait-check.py --dir OUT

- late: exactly one 'waiting for the display' line before the panel shows, status 0, the
  first flip after the driver was loaded (reported: insmod to first flip), and few context
  switches while it waited (it sleeps in poll() on inotify and uevents; a polling loop at even
  10 Hz would make ~10 in the second measured);
- holder: waiting line names DRM master, status 0, the first flip after the holder exited
  (reported: holder exit to first flip);
- timeout: status 13 (another program holds the display) and the message says it waited.
"""
import argparse
import json
import os
import sys

HZ = 100  # USER_HZ: /proc/PID/stat start times are in these ticks


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--label", default="wait")
    ap.add_argument("--max-switches", type=int, default=4, help="voluntary context switches in the measured second of waiting")
    a = ap.parse_args()
    out = lambda name: os.path.join(a.dir, name)
    read = lambda name: open(out(name), errors="replace").read() if os.path.exists(out(name)) else ""
    say = lambda msg: print(f"  [{a.label}] {msg}")
    failures, parts = [], []

    at, starts = {}, {}
    for line in read("scenario.log").splitlines():
        t, _, what = line.partition(" ")
        say(f"guest {line}")
        key = what.split(" (")[0].split(" rc=")[0]
        at.setdefault(key, (float(t), what))
        if " start=" in what:
            phase = what.split()[0]
            starts[phase] = int(what.split("start=")[1].split()[0]) / HZ

    def first_flip(phase):
        for line in read(f"{phase}-flips.jsonl").splitlines():
            if line.strip():
                return json.loads(line)["t"] + starts.get(phase, float("nan"))
        return None

    for phase, want_rc in (("late", "0"), ("holder", "0"), ("timeout", "13")):
        err = read(f"{phase}-stderr.log")
        for line in err.splitlines():
            say(f"{phase} stderr: {line}")
        rc = read(f"{phase}.rc").strip()
        if rc != want_rc:
            failures.append(f"{phase}: exit status {rc or 'missing'}, not {want_rc}")
        waiting = [l for l in err.splitlines() if "waiting for the display" in l]
        if len(waiting) != 1:
            failures.append(f"{phase}: {len(waiting)} 'waiting' lines, not one")
        if phase != "timeout":
            lines = err.splitlines()
            shown = next((i for i, l in enumerate(lines) if "showing '" in l), len(lines))
            chatter = [l for l in lines[:shown] if "waiting for the display" not in l and "display is ready" not in l]
            if chatter:
                failures.append(f"{phase}: more lines while waiting: {chatter[:2]}")

    late_flip, holder_flip = first_flip("late"), first_flip("holder")
    if late_flip and "late insmod" in at:
        ms = 1000 * (late_flip - at["late insmod"][0])
        if ms < 0:
            failures.append("late: a flip before the driver was loaded")
        parts.append(f"insmod to first flip {ms:.0f} ms")
    else:
        failures.append("late: no flip, or no insmod time")
    if "late waiting" in at and "late insmod" in at:
        s0 = int(at["late waiting"][1].split("switches=")[1].rstrip(")"))
        s1 = int(at["late insmod"][1].split("switches=")[1].rstrip(")"))
        parts.append(f"{s1 - s0} context switches in 1 s of waiting")
        if s1 - s0 > a.max_switches:
            failures.append(f"late: {s1 - s0} context switches in 1 s of waiting (polling?)")
    if holder_flip and "holder exited" in at:
        ms = 1000 * (holder_flip - at["holder exited"][0])
        parts.append(f"holder exit to first flip {ms:.0f} ms")
        if holder_flip < at["holder 2 s holding"][0] + 1.5:
            failures.append("holder: the panel flipped while the holder held master")
    else:
        failures.append("holder: no flip, or no holder exit time")
    if "DRM master" not in read("holder-stderr.log").split("showing '")[0]:
        failures.append("holder: the waiting line does not name DRM master")
    t_err = read("timeout-stderr.log")
    if "waiting" not in t_err.split("waiting for the display")[-1] and "after waiting" not in t_err:
        failures.append("timeout: the error does not say it waited")
    for phase in ("late", "holder"):
        flips = [json.loads(l) for l in read(f"{phase}-flips.jsonl").splitlines() if l.strip()]
        if flips:
            say(f"{phase}: exec to first flip {flips[0]['t'] * 1000:.0f} ms (includes the wait)")

    print(f"{a.label}: {'FAIL' if failures else 'PASS'}: " + "; ".join(parts + failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
