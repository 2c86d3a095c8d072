#!/usr/bin/env python3
"""The mouse cursor step (stdlib only): judges cursor-scenario.sh's results.

  cursor-check.py --gpu NAME --dir OUT

virtio-gpu has a cursor plane: stderr must say "cursor: hardware plane", and the exit line
must count 2 shows, 1 hide after 3 s idle and 1 hide by the tablet (touch). bochs has none:
stderr must say "no hardware cursor plane" and the panel runs on. QEMU's screendump is the
primary surface only (the hardware cursor is composed by QEMU's UI, not into it), so
cursor-shown.ppm and cursor-hidden.ppm are compared and the difference only reported.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpu", required=True)
    ap.add_argument("--dir", required=True)
    a = ap.parse_args()
    out = lambda n: os.path.join(a.dir, n)  # noqa: E731
    failures, parts = [], []
    err = open(out("panel-stderr.log"), errors="replace").read() if os.path.exists(out("panel-stderr.log")) else ""
    rc = open(out("panel.rc")).read().strip() if os.path.exists(out("panel.rc")) else "missing"
    if rc != "0":
        failures.append(f"panel exit code {rc}")
    m = re.search(r"cursor shown (\d+)×, hidden after 3 s idle (\d+)×, by touch (\d+)×", err)
    if "cursor: hardware plane" in err:
        parts.append("hardware cursor plane")
        if not m:
            failures.append("no cursor counts in the exit line")
        else:
            shows, idle, touch = map(int, m.groups())
            parts.append(f"shown {shows}×, hidden after 3 s idle {idle}×, by touch {touch}×")
            if (shows, idle, touch) != (2, 1, 1):
                failures.append(f"expected shown 2×, idle-hidden 1×, touch-hidden 1×, got {shows}/{idle}/{touch}")
        if "refused by the driver" in err:
            failures.append("cursor calls refused by the driver")
    elif "no hardware cursor plane" in err:
        parts.append("no hardware cursor plane (not shown; the composited fallback is not implemented)")
    else:
        failures.append("stderr says nothing about the cursor")
    if os.path.exists(out("cursor-shown.ppm")) and os.path.exists(out("cursor-hidden.ppm")):
        w, h, s = check.read_image(out("cursor-shown.ppm"))
        _, _, hdn = check.read_image(out("cursor-hidden.ppm"))
        n = len(check.diff_pixels(s, hdn, w, h, 0))
        parts.append(f"screendumps shown vs hidden: {n} pixels differ")
    else:
        failures.append("screendumps missing")
    print(f"cursor ({a.gpu}): {'FAIL: ' + '; '.join(failures) if failures else 'PASS: ' + '; '.join(parts)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
