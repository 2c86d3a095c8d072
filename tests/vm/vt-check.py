#!/usr/bin/env python3
"""Check vt-scenario.sh's results (stdlib only; image helpers from check.py).

  vt-check.py --dir OUT --expected expected.png [--label NAME] [--drag-widget volume]

- panel.ppm and back.ppm (after chvt 2, chvt 1) match the offscreen render like the panel
  test (>= 99.5% of pixels within 8, mean error <= 1): the whole frame came back;
- away.ppm (on tty2) is the tty2 console: not like the panel, mostly its green background;
- console.ppm (after SIGTERM) is tty1's console: not like the panel, mostly its blue;
- the keys typed while the panel showed did not reach tty1 (no 'qqqqq' in vcs1.txt: K_OFF),
  and the keys typed on tty2 produced no event from the panel;
- the panel's notes: VT switching on, released, back (their times are printed: the VT-switch
  round trip as the panel sees it); exit status 0 after SIGTERM and the SIGTERM-to-exit time;
- after the return, the drag turned the knob: trackingBegan, user valueChanged, trackingEnded.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import compare, read_events, read_image  # noqa: E402


def share_near(img, colour, tol=60):
    w, h, rgb = img
    step = 7  # a sample of the pixels is plenty
    n = hits = 0
    for i in range(0, w * h, step):
        p = rgb[3 * i:3 * i + 3]
        n += 1
        hits += all(abs(p[c] - colour[c]) <= tol for c in range(3))
    return hits / n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("--label", default="vt")
    ap.add_argument("--drag-widget", default="volume")
    ap.add_argument("--unprivileged", action="store_true", help="the panel must have run as a user other than root")
    ap.add_argument("--tolerance", type=int, default=8)
    a = ap.parse_args()
    out = lambda name: os.path.join(a.dir, name)
    failures, parts = [], []
    say = lambda msg: print(f"  [{a.label}] {msg}")

    expected = read_image(a.expected)
    for name in ("panel", "back"):
        if not os.path.exists(out(name + ".ppm")):
            failures.append(f"no {name}.ppm")
            continue
        img = read_image(out(name + ".ppm"))
        if img[:2] != expected[:2]:
            failures.append(f"{name}.ppm is {img[0]}x{img[1]}, the render {expected[0]}x{expected[1]}")
            continue
        match, mean, worst = compare(img[2], expected[2], img[0], img[1], a.tolerance, out(name + "-diff.png"))
        say(f"{name}.ppm vs render: {match * 100:.2f}% within {a.tolerance}, mean error {mean:.2f}, max {worst}")
        if match < 0.995 or mean > 1.0:
            failures.append(f"{name}.ppm does not show the panel ({match * 100:.2f}% match)")
    # tty2 was cleared to green (30;42m), tty1 to blue (37;44m): fbcon's VGA palette.
    for name, colour, what in (("away", (0, 170, 0), "tty2's green console"), ("console", (0, 0, 170), "tty1's blue console")):
        if not os.path.exists(out(name + ".ppm")):
            failures.append(f"no {name}.ppm")
            continue
        img = read_image(out(name + ".ppm"))
        share = share_near(img, colour)
        like_panel = compare(img[2], expected[2], img[0], img[1], a.tolerance)[0] if img[:2] == expected[:2] else 0
        say(f"{name}.ppm: {share * 100:.0f}% {what}, {like_panel * 100:.0f}% like the panel")
        if share < 0.5 or like_panel > 0.5:
            failures.append(f"{name}.ppm does not show {what}")

    vcs = open(out("vcs1.txt"), errors="replace").read() if os.path.exists(out("vcs1.txt")) else None
    if vcs is None:
        failures.append("no vcs1.txt")
    elif "qqq" in vcs:
        failures.append("keys typed while the panel showed reached tty1 (keyboard not off)")
    else:
        say("keys typed while the panel showed did not reach tty1 (K_OFF)")

    err = open(out("panel-stderr.log"), errors="replace").read() if os.path.exists(out("panel-stderr.log")) else ""
    for line in err.splitlines():
        if "console" in line or "input" in line or "showing" in line:
            say(f"stderr: {line}")
    released = re.search(r"released ([\d.]+) ms after the request", err)
    back = re.search(r"whole frame flipped ([\d.]+) ms after the switch", err)
    if "switches VTs itself" not in err:
        failures.append("the panel did not take over the VT")
    if not released or not back:
        failures.append("no 'switched away' / 'back on' notes from the panel")
    else:
        parts.append(f"VT release {released.group(1)} ms, return to first flip {back.group(1)} ms")

    rc = open(out("panel.rc")).read().strip() if os.path.exists(out("panel.rc")) else None
    if rc != "0":
        failures.append(f"panel exit status {rc} after SIGTERM")
    log = open(out("scenario.log")).read().splitlines() if os.path.exists(out("scenario.log")) else []
    at = {}
    for line in log:
        t, _, what = line.partition(" ")
        at.setdefault(what.split(" rc=")[0], float(t))
    ids = next((line.split("panel process ", 1)[1] for line in log if "panel process " in line), "")
    uid = ids.split()[1] if ids.startswith("Uid:") else None
    say(f"panel process: {ids or 'unknown'}")
    if a.unprivileged and (uid is None or uid == "0"):
        failures.append(f"the panel ran as uid {uid}, not as an unprivileged user")
    elif a.unprivileged:
        parts.append(f"as uid {uid} (video, input)")
    if "SIGTERM" in at and "exited" in at:
        parts.append(f"SIGTERM to exit {1000 * (at['exited'] - at['SIGTERM']):.0f} ms (scenario clock)")
    if "chvt 2" in at and "chvt 2 returned" in at and "chvt 1" in at and "panel back" in at:
        say(f"scenario clock: chvt 2 took {1000 * (at['chvt 2 returned'] - at['chvt 2']):.0f} ms, "
            f"chvt 1 to the panel's note {1000 * (at['panel back'] - at['chvt 1']):.0f} ms (process starts ~50 ms each)")

    events, _ = read_events(out("panel-stdout.log")) if os.path.exists(out("panel-stdout.log")) else ([], [])
    widget = a.drag_widget
    began = any(e.get("widget") == widget and e.get("event") == "trackingBegan" for e in events)
    changes = [e for e in events if e.get("widget") == widget and e.get("event") == "valueChanged" and e.get("source") == "user"]
    ended = any(e.get("widget") == widget and e.get("event") == "trackingEnded" for e in events)
    keys = [e for e in events if e.get("event") not in ("valueChanged", "trackingBegan", "trackingEnded")]
    if os.path.exists(out("turned.ppm")):
        if not (began and ended and len(changes) >= 5):
            failures.append(f"the drag after the return did not turn the knob ({len(changes)} user valueChanged)")
        else:
            say(f"drag after the return: {len(changes)} user valueChanged, last position {changes[-1].get('position')}")
    say(f"other events: {len(keys)}")

    status = "FAIL" if failures else "PASS"
    print(f"{a.label}: {status}: " + "; ".join(parts + failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
