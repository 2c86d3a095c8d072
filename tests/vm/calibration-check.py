#!/usr/bin/env python3
"""The touch calibration step (stdlib only): the same tablet drag played on a panel run with
`--touch-matrix -1,0,1,0,1,0` (mirror X, libinput's convention) must land on the mirrored
spot. Both runs record their input (--record); the reference is the unmirrored run.

  calibration-check.py --dir MIRRORED_OUT --reference REFERENCE_OUT --layout LAYOUT

Mirroring normalised x (x' = 1 - x) mirrors the screen about its centre, and the letterbox is
centred, so in design pixels x_mirrored = design_width - x and y is unchanged (to 1e-6).
"""
import argparse
import json
import os
import sys


def motions(path):
    return [(e["x"], e["y"]) for e in map(json.loads, (l for l in open(path) if l.strip() and not l.startswith("#")))
            if e["type"] == "pointer_motion"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--reference", required=True)
    ap.add_argument("--layout", required=True)
    a = ap.parse_args()
    width = json.load(open(a.layout))["size"][0]
    failures = []
    try:
        mir, ref = motions(os.path.join(a.dir, "record.jsonl")), motions(os.path.join(a.reference, "record.jsonl"))
    except (OSError, ValueError, KeyError) as e:
        print(f"calibration: FAIL: recordings unreadable: {e}")
        return 1
    if not ref or len(mir) != len(ref):
        failures.append(f"{len(mir)} moves mirrored vs {len(ref)} in the reference")
    worst = max((max(abs(m[0] - (width - r[0])), abs(m[1] - r[1])) for m, r in zip(mir, ref)), default=float("inf"))
    if worst > 1e-6:
        failures.append(f"mirrored moves are off by up to {worst:g} design px")
    stderr = open(os.path.join(a.dir, "panel-stderr.log"), errors="replace").read()
    if "touch matrix -1,0,1,0,1,0" not in stderr:
        failures.append("stderr does not name the touch matrix")
    tracked = sorted({json.loads(l).get("widget") for l in open(os.path.join(a.dir, "panel-stdout.log"))
                      if '"trackingBegan"' in l})
    first = f"first move ({ref[0][0]:.2f}, {ref[0][1]:.2f}) -> ({mir[0][0]:.2f}, {mir[0][1]:.2f})" if ref and mir else ""
    text = f"{len(mir)} moves at x' = {width} - x (max error {worst:g} px); {first}; widgets tracked: {tracked or 'none'}"
    print(f"calibration (mirror X): {'FAIL: ' + '; '.join(failures) if failures else 'PASS: ' + text}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
