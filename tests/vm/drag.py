#!/usr/bin/env python3
"""The input step of the VM test: one finger drag turning tests/vm/panel.json's volume knob, written
twice from the same integer tablet samples (stdlib only).

  drag.py --layout tests/vm/panel.json --res 1024x768 --out DIR

Writes
  DIR/drag-qmp.jsonl    QMP input-send-event commands and {"sleep": S} pauses, one per line,
                        for guest-qmp.sh (virtio-tablet: absolute axes 0..32767, button left)
  DIR/drag-input.jsonl  the same drag as a `knob-panel render --input` script in design pixels
  DIR/drag.json         geometry and expectations for check.py
Exit 2 (with one line on stderr) if LAYOUT has no volume knob where this drag expects it.

The drag: press on the volume knob at 90° (straight above the centre, 116 design px out),
then STEPS moves along that circle to 180° (left of the centre), STEP_S apart, release.
oneFingerRotation follows the finger's angle from the press, so the knob turns from 45° by
+90° (counterclockwise) to 135°.  The render script maps each tablet sample back to design
pixels exactly as the panel's evdev reader does (v * extent / 32768, then the letterbox), so
the offscreen render sees the very finger path the VM panel saw.
"""
import argparse
import json
import math
import os
import sys

WIDGET = "volume"
FRAME = [110, 220, 300, 340]          # tests/vm/panel.json's volume knob frame (design pixels)
CENTRE = (260.0, 374.25)              # its disc's centre and radius (design pixels; `knob-panel layout`)
KNOB_RADIUS = 150.0
START_POSITION = 45.0                 # degrees, tests/vm/panel.json's "position"
DRAG_RADIUS = 116.0                   # the finger's circle around the centre
START_ANGLE, TURN = 90.0, 90.0        # degrees, counterclockwise on screen
STEPS, STEP_S = 10, 0.08              # moves after the press and their spacing (s)
ABS_RANGE = 32768                     # virtio-tablet axes: 0..32767
PIP_RADIUS = 84 / 100                 # the pip's distance from the centre / knob radius (generated knobs)


def letterbox(design, screen):
    """Uniform scale and centring, as PanelLayout places a panel on a screen."""
    s = min(screen[0] / design[0], screen[1] / design[1])
    return s, (screen[0] - design[0] * s) / 2, (screen[1] - design[1] * s) / 2


def qmp_input(*events):
    return {"execute": "input-send-event", "arguments": {"events": list(events)}}


def abs_move(vx, vy):
    return qmp_input({"type": "abs", "data": {"axis": "x", "value": vx}},
                     {"type": "abs", "data": {"axis": "y", "value": vy}})


def button(down):
    return qmp_input({"type": "btn", "data": {"down": down, "button": "left"}})


def plan(layout, res):
    design = layout.get("size")
    knob = next((w for page in layout.get("pages", []) for w in page.get("widgets", [])
                 if w.get("id") == WIDGET), None)
    if (not design or not knob or knob.get("type") != "knob" or knob.get("frame") != FRAME
            or knob.get("mode") != "continuous" or knob.get("position") != START_POSITION):
        return None
    scale, ox, oy = letterbox(design, res)
    samples = []  # (tablet x, tablet y) per step, press at samples[0]
    for i in range(STEPS + 1):
        a = math.radians(START_ANGLE + TURN * i / STEPS)
        dx, dy = CENTRE[0] + DRAG_RADIUS * math.cos(a), CENTRE[1] - DRAG_RADIUS * math.sin(a)
        sx, sy = ox + dx * scale, oy + dy * scale
        samples.append((min(ABS_RANGE - 1, round(sx * ABS_RANGE / res[0])),
                        min(ABS_RANGE - 1, round(sy * ABS_RANGE / res[1]))))

    def to_design(v):  # what the panel computes from one tablet sample
        sx, sy = v[0] * res[0] / ABS_RANGE, v[1] * res[1] / ABS_RANGE
        return round((sx - ox) / scale, 6), round((sy - oy) / scale, 6)

    qmp = [abs_move(*samples[0]), button(True)]
    t0 = 0.1
    script = [{"t": t0, "type": "touch_down", "id": 0, "x": to_design(samples[0])[0], "y": to_design(samples[0])[1]}]
    for i, v in enumerate(samples[1:], 1):
        qmp += [{"sleep": STEP_S}, abs_move(*v)]
        x, y = to_design(v)
        script.append({"t": round(t0 + i * STEP_S, 3), "type": "touch_motion", "id": 0, "x": x, "y": y})
    qmp += [{"sleep": STEP_S}, button(False)]
    t_up = round(t0 + (STEPS + 1) * STEP_S, 3)
    script.append({"t": t_up, "type": "touch_up", "id": 0})

    # The angle the finger actually turned, from the integer samples.
    d0, d1 = to_design(samples[0]), to_design(samples[-1])
    ang = lambda d: math.degrees(math.atan2(-(d[1] - CENTRE[1]), d[0] - CENTRE[0]))
    turned = (ang(d1) - ang(d0) + 180) % 360 - 180
    info = {
        "widget": WIDGET, "res": list(res), "scale": scale, "offset": [ox, oy],
        "centre_screen": [ox + CENTRE[0] * scale, oy + CENTRE[1] * scale],
        "knob_radius_screen": KNOB_RADIUS * scale,
        "pip_radius_screen": PIP_RADIUS * KNOB_RADIUS * scale,
        "start_position": START_POSITION,
        "expected_position": START_POSITION + TURN,
        "sampled_position": round(START_POSITION + turned, 4),
        "moves": STEPS, "step_s": STEP_S,
        "render_time": round(t_up + 0.5, 3),
        "tablet_samples": samples,
    }
    return qmp, script, info


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layout", required=True)
    ap.add_argument("--res", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    res = tuple(int(v) for v in a.res.split("x"))
    result = plan(json.load(open(a.layout)), res)
    if result is None:
        print(f"drag.py: {a.layout} has no continuous '{WIDGET}' knob at {FRAME} starting at "
              f"{START_POSITION}° (the drag is written for tests/vm/panel.json)", file=sys.stderr)
        return 2
    qmp, script, info = result
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "drag-qmp.jsonl"), "w") as f:
        f.writelines(json.dumps(m, separators=(",", ":")) + "\n" for m in qmp)
    with open(os.path.join(a.out, "drag-input.jsonl"), "w") as f:
        f.writelines(json.dumps(m, separators=(",", ":")) + "\n" for m in script)
    with open(os.path.join(a.out, "drag.json"), "w") as f:
        json.dump(info, f, indent=1)
    print(info["render_time"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
