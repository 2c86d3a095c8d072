#!/usr/bin/env python3
"""hotplug-check.py --dir DIR --resized EXPECTED_1280x800.png --back EXPECTED_BACK.png:
judges hotplug-scenario.sh. The panel must relayout at 1280x800 (hp-resized.ppm matches the
render at that size), flip nothing while its connector is unplugged (however the panel
changes meanwhile), come back at 1024x768 with a full repaint that shows the change made
while away (hp-back.ppm matches the render with that command), exit 0, and say how long a
hotplug event took to reach the first flip. stdlib only (check.py's image helpers)."""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import compare, read_image  # noqa: E402
from vmcheck import Verdict  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--resized", required=True)
    ap.add_argument("--back", required=True)
    a = ap.parse_args()
    v = Verdict(a.dir, "hotplug")
    out, say, failures, parts = v.path, v.say, v.failures, v.parts
    log = v.text("scenario.log")
    for line in log.splitlines():
        say("guest " + line)
    err = v.text("panel-stderr.log")
    for line in err.splitlines():
        say("stderr: " + line)
    rc = v.exit_status()
    v.need(rc == "0", f"panel exit code {rc}")
    for note in ("changed to 1280x800", "disconnected: not drawn", "connected: 1024x768"):
        if note not in err:
            failures.append(f"no '{note}' on stderr")
    ms = [float(v) for v in re.findall(r"first flip ([0-9.]+) ms after the hotplug event", err)]
    if len(ms) < 2:
        failures.append(f"{len(ms)} 'first flip after the hotplug event' notes, expected 2 (resize, replug)")
    else:
        parts.append("hotplug event to first flip: resize %.0f ms, replug %.0f ms" % (ms[0], ms[1]))
    away = re.findall(r"flips while away (start|end) (\d+)", log)
    if len(away) != 2:
        failures.append("the guest did not count flips while unplugged")
    elif away[0][1] != away[1][1]:
        failures.append(f"{int(away[1][1]) - int(away[0][1])} flips while the connector was unplugged")
    else:
        parts.append("no flips while unplugged")
    for shot, expected in (("hp-resized", a.resized), ("hp-back", a.back)):
        path = out(shot + ".ppm")
        if not os.path.exists(path):
            failures.append(f"no {shot}.ppm")
            continue
        w, h, got = read_image(path)
        ew, eh, want = read_image(expected)
        if (w, h) != (ew, eh):
            failures.append(f"{shot} is {w}x{h}, expected {ew}x{eh}")
            continue
        match, mean, worst = compare(want, got, w, h, 8, out(shot + "-diff.png"))
        say(f"{shot} ({w}x{h}) vs render: {match * 100:.2f}% within 8, mean error {mean:.2f}, max {worst}")
        if match < 0.995 or mean > 1.0:
            failures.append(f"{shot} differs from the render ({match * 100:.2f}% within 8)")
    return v.finish("hotplug (virtio)", with_parts=False)


if __name__ == "__main__":
    sys.exit(main())
