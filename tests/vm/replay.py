#!/usr/bin/env python3
"""Field recording check (stdlib only): the VM panel ran with `--record OUT/record.jsonl`;
replay it offscreen and compare with what the VM showed.

  replay.py --gpu NAME --dir OUT --layout LAYOUT --res WxH --knob-panel BIN

1. The recording cut before its first `command` line (the animated `set` the scenario sends
   after the drag) is replayed with `render --input` (to rest): the frame is compared with
   OUT/turned.ppm, the VM's screendump after the tablet drag. Reported as pixel-equal or as
   check.py's tolerance (>= 99.5 % of pixels within 8 per channel, mean error <= 1).
2. The whole recording replayed: every user/tracking event line of the panel's stdout
   (panel-stdout.log) comes out of the replay identically (same t, same values), and the
   final frame is compared with OUT/final.ppm (screendumped after the set animation) the same way.
Exits 1 on a failure; prints details and one summary line.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402  (read_image, compare)


def replay(binary, layout, res, script, png, events):
    r = subprocess.run([binary, "render", layout, "--size", res, "--input", script,
                        "--out", png, "--events", events], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"render --input {script} failed ({r.returncode}): {r.stderr.strip()[-300:]}")


def judge(name, shot, png, a):
    """'pixel-equal' or the tolerance verdict; None when the screendump is missing."""
    if not os.path.exists(shot):
        return None, f"{name}: no screendump {os.path.basename(shot)}"
    w1, h1, vm = check.read_image(shot)
    w2, h2, off = check.read_image(png)
    if (w1, h1) != (w2, h2):
        return False, f"{name}: sizes differ ({w1}x{h1} vs {w2}x{h2})"
    if vm == off:
        return True, f"{name}: pixel-equal"
    match, mean, worst = check.compare(vm, off, w1, h1, a.tolerance, png.replace(".png", "-diff.png"))
    ok = match * 100 >= a.min_match and mean <= a.max_mean_error
    diff = sum(1 for i in range(0, len(vm), 3) if vm[i:i + 3] != off[i:i + 3])
    return ok, (f"{name}: {diff} pixels differ; {match * 100:.3f}% within {a.tolerance}, "
                f"mean error {mean:.3f}, max {worst} ({'within' if ok else 'OUTSIDE'} check.py's tolerance)")


def event_key(e):
    return json.dumps(e, sort_keys=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gpu", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--layout", required=True)
    ap.add_argument("--res", required=True)
    ap.add_argument("--knob-panel", required=True)
    ap.add_argument("--tolerance", type=int, default=8)
    ap.add_argument("--min-match", type=float, default=99.5)
    ap.add_argument("--max-mean-error", type=float, default=1.0)
    a = ap.parse_args()
    out = lambda n: os.path.join(a.dir, n)  # noqa: E731
    failures, parts = [], []

    def say(msg):
        print(f"  [{a.gpu}] replay: {msg}")

    rec = out("record.jsonl")
    if not os.path.exists(rec):
        print(f"replay ({a.gpu}): FAIL: no {rec}")
        return 1
    lines = open(rec).read().splitlines()
    body = [l for l in lines if l.strip() and not l.startswith("#")]
    kinds = {}
    for l in body:
        t = json.loads(l)["type"]
        kinds[t] = kinds.get(t, 0) + 1
    say(f"{len(body)} lines recorded: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))
    first_cmd = next((i for i, l in enumerate(lines) if '"type":"command"' in l), len(lines))
    with open(out("record-drag.jsonl"), "w") as f:
        f.write("\n".join(lines[:first_cmd]) + "\n")
    try:
        replay(a.knob_panel, a.layout, a.res, out("record-drag.jsonl"), out("replay-turned.png"), out("replay-drag-events.jsonl"))
        replay(a.knob_panel, a.layout, a.res, rec, out("replay-final.png"), out("replay-events.jsonl"))
    except RuntimeError as e:
        print(f"replay ({a.gpu}): FAIL: {e}")
        return 1
    for name, shot, png in [("after the drag", "turned.ppm", "replay-turned.png"), ("final", "final.ppm", "replay-final.png")]:
        ok, text = judge(name, out(shot), out(png), a)
        say(text)
        parts.append(text)
        if ok is None and shot == "final.ppm":
            continue   # panel-scenario.sh drops a final shot that raced with --exit-after
        if not ok:
            failures.append(text)

    live, _ = check.read_events(out("panel-stdout.log"))
    replayed, _ = check.read_events(out("replay-events.jsonl"))
    def user(evts):
        return [event_key(e) for e in evts if "event" in e
                and (e.get("source") == "user" or e["event"].startswith("tracking"))]
    lu, ru = user(live), user(replayed)
    if lu and lu == ru:
        parts.append(f"{len(lu)} user/tracking events identical")
    else:
        missing = [k for k in lu if k not in ru][:3]
        failures.append(f"events differ: {len(lu)} live, {len(ru)} replayed; e.g. {missing}")
    # The set came on stdin live and from the recording's command line in the replay.
    prog = lambda evts: [(e.get("widget"), e.get("position")) for e in evts  # noqa: E731
                         if e.get("event") == "valueChanged" and e.get("source") in ("stdin", "script")]
    if prog(live) != prog(replayed):
        failures.append(f"the set command's events differ: {prog(live)} vs {prog(replayed)}")
    say(parts[-1])
    verdict = "FAIL: " + "; ".join(failures) if failures else "PASS: " + "; ".join(parts)
    print(f"replay ({a.gpu}): {verdict}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
