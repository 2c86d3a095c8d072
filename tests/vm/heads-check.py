#!/usr/bin/env python3
"""heads-check.py --dir DIR --knob-panel BIN --layout-a A --layout-b B --res1 WxH --res2 WxH
[--drag DRAG_DIR]: judges heads-scenario.sh (two virtio-gpu heads, one panel process).

Renders with `knob-panel render` what each head should show and compares the screendumps
(check.py's tolerance: >= 99.5 % of pixels within 8 per channel, mean error <= 1; DIR/NAME-diff.png
on a mismatch), printing for each the pixels differing at all and beyond the tolerance:
  all    all-1 = B at res1, all-2 = B at res2 (each head at its own mode); the tablet drag on
         head 2 (drag.py's, for res2, in DRAG_DIR) is tracked on B's volume knob (stdout) and
         shows on both: all-turned-N = B at resN after the same drag (drag-input.jsonl);
  named  named-1 = A at res1, named-2 = B at res2; the drag's events on stdout are B's volume
         knob only, its final position the render's (within 0.5°), named-turned-2 = B at res2
         after the drag, and named-turned-1 equal to named-1 pixel for pixel (head 1 unchanged);
  late   the named run started with Virtual-2 unplugged, which is plugged in at res2 later:
         late-2 = B at res2, the drag tracked as above, late-turned-2 = B after the drag,
         late-turned-1 = A (the tablet named for Virtual-2 waited for it);
plus exit status 0 of both runs, and stderr naming each connector's mode and the tablet on
Virtual-2's input. stdlib only."""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import angle_diff, compare, diff_pixels, drag_events, read_events, read_image  # noqa: E402
from vmcheck import Verdict  # noqa: E402

TOLERANCE, MIN_MATCH, MAX_MEAN = 8, 0.995, 1.0
WIDGET = "volume"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ("--dir", "--knob-panel", "--layout-a", "--layout-b", "--res1", "--res2"):
        ap.add_argument(name, required=True)
    ap.add_argument("--drag", help="drag.py's output folder (default DIR)")
    a = ap.parse_args()
    drag_dir = a.drag or a.dir
    v = Verdict(a.dir, "heads")
    out, say, failures, parts = v.path, v.say, v.failures, v.parts
    for line in v.text("scenario.log").splitlines():
        say("guest " + line)

    renders = {}

    def render(layout, res, name, drag=False):
        """`knob-panel render` of layout at res (after the drag with drag=True), once per name."""
        if name not in renders:
            png, events = out(f"expected-{name}.png"), out(f"expected-{name}.jsonl")
            cmd = [a.knob_panel, "render", layout, "--size", res, "--out", png]
            if drag:
                time = json.load(open(os.path.join(drag_dir, "drag.json")))["render_time"]
                cmd += ["--input", os.path.join(drag_dir, "drag-input.jsonl"), "--events", events,
                        "--time", str(time)]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                raise SystemExit(f"heads: FAIL: {' '.join(cmd)}: {r.stderr.strip()[-300:]}")
            renders[name] = (png, events if drag else None)
        return renders[name]

    def judge(shot, png):
        path = out(shot + ".ppm")
        if not os.path.exists(path):
            failures.append(f"no {shot}.ppm")
            return None
        w, h, got = read_image(path)
        ew, eh, want = read_image(png)
        if (w, h) != (ew, eh):
            failures.append(f"{shot} is {w}x{h}, expected {ew}x{eh}")
            return None
        match, mean, worst = compare(want, got, w, h, TOLERANCE, out(shot + "-diff.png"))
        differing = len(diff_pixels(want, got, w, h, 0))
        say(f"{shot} ({w}x{h}) vs {os.path.basename(png)}: {differing} pixels differ, "
            f"{w * h - round(match * w * h)} by more than {TOLERANCE}; mean error {mean:.3f}, max {worst}")
        if match < MIN_MATCH or mean > MAX_MEAN:
            failures.append(f"{shot} differs from the render ({match * 100:.2f}% within {TOLERANCE})")
        return differing

    def drag_ok(phase, expected_events):
        events, bad = read_events(out(f"{phase}-stdout.log")) if os.path.exists(out(f"{phase}-stdout.log")) else ([], [])
        if bad:
            failures.append(f"{phase}: stdout lines {bad[:3]} are not JSON")
        began, changes, ended = drag_events(events, WIDGET)
        others = sorted({e.get("widget") for e in events if e.get("source") == "user" and e.get("widget") != WIDGET})
        final = float(changes[-1]["position"]) if changes else None
        rev, _ = read_events(expected_events)
        rchanges = drag_events(rev, WIDGET)[1]
        rfinal = float(rchanges[-1]["position"]) if rchanges else None
        say(f"{phase}: {WIDGET}: trackingBegan {began}, {len(changes)} user valueChanged, trackingEnded {ended}; "
            f"final {final if final is None else round(final, 4)}° (render {rfinal if rfinal is None else round(rfinal, 4)}°)")
        if not (began and ended and len(changes) >= 5):
            failures.append(f"{phase}: the drag on Virtual-2 was not tracked on '{WIDGET}' "
                            f"(began {began}, {len(changes)} changes, ended {ended})")
        elif rfinal is None or angle_diff(final, rfinal) > 0.5:
            failures.append(f"{phase}: final position {final:.4f}° differs from the render's {rfinal}")
        if others:
            failures.append(f"{phase}: user events on other widgets: {others}")
        return final

    for phase in ("all", "named", "late"):
        rc = v.text(f"{phase}.rc").strip() if v.exists(f"{phase}.rc") else None
        v.need(rc == "0", f"{phase}: panel exit status {rc}")
        err = v.text(f"{phase}-stderr.log")
        for line in err.splitlines():
            say(f"{phase} stderr: {line}")
        shown = [("Virtual-1", a.res1)] + ([] if phase == "late" else [("Virtual-2", a.res2)])
        for connector, res in shown:
            if f" {connector} {res}@" not in err:
                failures.append(f"{phase}: stderr does not show the panel on {connector} at {res}")
        if phase == "late" and ("waits for a display on Virtual-2" not in err or f"Virtual-2 connected: {a.res2}@" not in err):
            failures.append("late: stderr does not say that Virtual-2 waited and then connected at " + a.res2)
        if "Virtual-2: input" not in err or "QEMU Virtio Tablet" not in err.split("Virtual-2: input", 1)[-1].splitlines()[0]:
            failures.append(f"{phase}: stderr does not name the tablet among Virtual-2's input devices")

    b1, b2 = render(a.layout_b, a.res1, "b-1"), render(a.layout_b, a.res2, "b-2")
    t1, t2 = render(a.layout_b, a.res1, "b-turned-1", True), render(a.layout_b, a.res2, "b-turned-2", True)
    a1 = render(a.layout_a, a.res1, "a-1")
    # Per phase: the screendumps before the drag, the drag on Virtual-2, the screendumps after it.
    for phase, before, after, summary in (
            ("all", [("all-1", b1), ("all-2", b2)], [("all-turned-1", t1), ("all-turned-2", t2)],
             "all: both heads as rendered, the drag on the mirror turned the knob to {:.2f}° on both"),
            ("named", [("named-1", a1), ("named-2", b2)], [("named-turned-2", t2)],
             "named: each head its panel, the drag on Virtual-2 turned its knob to {:.2f}°, Virtual-1 unchanged"),
            ("late", [("late-2", b2)], [("late-turned-2", t2), ("late-turned-1", a1)],
             "late: Virtual-2 plugged in after the start, the drag turned its knob to {:.2f}°")):
        for shot, (png, _) in before:
            judge(shot, png)
        final = drag_ok(phase, t2[1])
        for shot, (png, _) in after:
            judge(shot, png)
        if phase == "named" and v.need(v.exists("named-1.ppm") and v.exists("named-turned-1.ppm"),
                                       "no named-1.ppm / named-turned-1.ppm"):
            w, h, unturned = read_image(out("named-1.ppm"))
            _, _, turned = read_image(out("named-turned-1.ppm"))
            changed = len(diff_pixels(unturned, turned, w, h, 0))
            say(f"named-turned-1 vs named-1 (Virtual-1 across the drag on Virtual-2): {changed} pixels differ")
            v.need(not changed, f"Virtual-1 changed in {changed} pixels while Virtual-2 was dragged")
        if final is not None:
            parts.append(summary.format(final))
    return v.finish(f"heads (virtio, {a.res1} + {a.res2})", with_parts=False)


if __name__ == "__main__":
    sys.exit(main())
