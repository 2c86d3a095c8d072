#!/usr/bin/env python3
"""The mouse cursor step (stdlib only): judges cursor-scenario.sh's results.

  cursor-check.py --gpu NAME --dir OUT --expected expected.png --expected-cursor expected-cursor.png --tip X,Y

Both paths must count, in the exit line, 2 shows, 1 hide after 3 s idle and 1 hide by the
tablet (touch), with no call refused by the driver.

virtio-gpu has a cursor plane: stderr says "cursor: hardware plane". QEMU's screendump is the
primary surface only (QEMU's UI composes the hardware cursor), so cursor-shown.ppm and
cursor-hidden.ppm must both equal the render (expected.png).

bochs has none: stderr says "cursor: composited", and the arrow is in the scanout buffer, so
cursor-shown.ppm must equal `render --cursor X,Y` (expected-cursor.png: the arrow's tip at
--tip, where 10 relative moves of +20,+12 from the screen's centre put it), differ from the
plain render only inside the arrow's 24x32 box, and cursor-hidden.ppm (3.6 s later) must
equal the plain render: the arrow is gone and nothing else changed. "Equal" is within
TOLERANCE levels a channel (below).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402

BOX_W, BOX_H, HOT = 24, 32, 1
# Levels a channel may differ from the render. The panel keeps no frame: what a buffer missed
# (the arrow's old box, the other buffer's damage) is painted again, and a knob at rest painted
# a second time comes from its resting image, which differs from its first, live drawing (what
# a render shows) by at most 2 levels on antialiased edges. The arrow itself differs far more.
TOLERANCE = 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpu", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("--expected-cursor", required=True)
    ap.add_argument("--tip", required=True)
    a = ap.parse_args()
    tx, ty = map(int, a.tip.split(","))
    out = lambda n: os.path.join(a.dir, n)  # noqa: E731
    failures, parts = [], []
    err = open(out("panel-stderr.log"), errors="replace").read() if os.path.exists(out("panel-stderr.log")) else ""
    rc = open(out("panel.rc")).read().strip() if os.path.exists(out("panel.rc")) else "missing"
    if rc != "0":
        failures.append(f"panel exit code {rc}")
    m = re.search(r"cursor shown (\d+)×, hidden after 3 s idle (\d+)×, by touch (\d+)×", err)
    if not m:
        failures.append("no cursor counts in the exit line")
    else:
        shows, idle, touch = map(int, m.groups())
        parts.append(f"shown {shows}×, hidden after 3 s idle {idle}×, by touch {touch}×")
        if (shows, idle, touch) != (2, 1, 1):
            failures.append(f"expected shown 2×, idle-hidden 1×, touch-hidden 1×, got {shows}/{idle}/{touch}")
    if "refused by the driver" in err:
        failures.append("cursor calls refused by the driver")
    composited = "cursor: composited" in err
    if "cursor: hardware plane" in err:
        parts.insert(0, "hardware cursor plane")
    elif composited:
        parts.insert(0, "composited (no cursor plane)")
    else:
        failures.append("stderr says nothing about the cursor path")
    if not all(os.path.exists(p) for p in (out("cursor-shown.ppm"), out("cursor-hidden.ppm"))):
        failures.append("screendumps missing")
    else:
        w, h, shown = check.read_image(out("cursor-shown.ppm"))
        _, _, hidden = check.read_image(out("cursor-hidden.ppm"))
        _, _, plain = check.read_image(a.expected)
        _, _, arrow = check.read_image(a.expected_cursor)
        n = len(check.diff_pixels(hidden, plain, w, h, TOLERANCE))
        parts.append(f"hidden = render: {n} pixels differ")
        if n:
            failures.append(f"cursor-hidden.ppm differs from the render in {n} pixels")
        if composited:
            n = len(check.diff_pixels(shown, arrow, w, h, TOLERANCE))
            parts.append(f"shown = render --cursor {tx},{ty}: {n} pixels differ")
            if n:
                failures.append(f"cursor-shown.ppm differs from the render with the arrow at {tx},{ty} in {n} pixels")
            changed = check.diff_pixels(shown, plain, w, h, TOLERANCE)
            box = (tx - HOT, ty - HOT, tx - HOT + BOX_W, ty - HOT + BOX_H)
            outside = [p for p in changed if not (box[0] <= p[0] < box[2] and box[1] <= p[1] < box[3])]
            parts.append(f"arrow: {len(changed)} pixels, {len(outside)} outside its box")
            if outside or len(changed) < 200:
                failures.append(f"the arrow changed {len(changed)} pixels, {len(outside)} outside {box} (first {outside[:3]})")
        else:
            n = len(check.diff_pixels(shown, hidden, w, h, 0))
            parts.append(f"shown vs hidden: {n} pixels differ (QEMU composes the plane outside the screendump)")
            if n:
                failures.append(f"with a hardware plane the screendumps should not differ ({n} pixels do)")
    print(f"cursor ({a.gpu}): {'FAIL: ' + '; '.join(failures) if failures else 'PASS: ' + '; '.join(parts)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
