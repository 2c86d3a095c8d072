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
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import compare, read_events, read_image  # noqa: E402
from vmcheck import BLUE, GREEN, Verdict, vt_arguments  # noqa: E402


def main():
    ap = vt_arguments(__doc__, "vt")
    ap.add_argument("--drag-widget", default="volume")
    a = ap.parse_args()
    v = Verdict(a.dir, a.label)

    expected = read_image(a.expected)
    for name in ("panel", "back"):
        img = v.screendump(name, expected[:2])
        if img:
            match, mean, worst = compare(img[2], expected[2], img[0], img[1], a.tolerance, v.path(name + "-diff.png"))
            v.say(f"{name}.ppm vs render: {match * 100:.2f}% within {a.tolerance}, mean error {mean:.2f}, max {worst}")
            v.need(match >= 0.995 and mean <= 1.0, f"{name}.ppm does not show the panel ({match * 100:.2f}% match)")
    # tty2 was cleared to green, tty1 to blue.
    for name, colour, what in (("away", GREEN, "tty2's green console"), ("console", BLUE, "tty1's blue console")):
        img = v.screendump(name)
        if img:
            v.console_shown(name, img, colour, what, expected, a.tolerance)

    vcs = v.text("vcs1.txt") if v.need(v.exists("vcs1.txt"), "no vcs1.txt") else None
    if vcs is not None and v.need("qqq" not in vcs, "keys typed while the panel showed reached tty1 (keyboard not off)"):
        v.say("keys typed while the panel showed did not reach tty1 (K_OFF)")

    err = v.text("panel-stderr.log")
    for line in err.splitlines():
        if "console" in line or "input" in line or "showing" in line:
            v.say(f"stderr: {line}")
    released = re.search(r"released ([\d.]+) ms after the request", err)
    back = re.search(r"whole frame flipped ([\d.]+) ms after the switch", err)
    v.need("switches VTs itself" in err, "the panel did not take over the VT")
    if v.need(released and back, "no 'switched away' / 'back on' notes from the panel"):
        v.parts.append(f"VT release {released.group(1)} ms, return to first flip {back.group(1)} ms")

    rc = v.exit_status()
    v.need(rc == "0", f"panel exit status {rc} after SIGTERM")
    log = v.text("scenario.log").splitlines()
    at = {}
    for line in log:
        t, _, what = line.partition(" ")
        at.setdefault(what.split(" rc=")[0], float(t))
    ids = next((line.split("panel process ", 1)[1] for line in log if "panel process " in line), "")
    uid = ids.split()[1] if ids.startswith("Uid:") else None
    v.say(f"panel process: {ids or 'unknown'}")
    if a.unprivileged and v.need(uid not in (None, "0"), f"the panel ran as uid {uid}, not as an unprivileged user"):
        v.parts.append(f"as uid {uid} (video, input)")
    if "SIGTERM" in at and "exited" in at:
        v.parts.append(f"SIGTERM to exit {1000 * (at['exited'] - at['SIGTERM']):.0f} ms (scenario clock)")
    if "chvt 2" in at and "chvt 2 returned" in at and "chvt 1" in at and "panel back" in at:
        v.say(f"scenario clock: chvt 2 took {1000 * (at['chvt 2 returned'] - at['chvt 2']):.0f} ms, "
              f"chvt 1 to the panel's note {1000 * (at['panel back'] - at['chvt 1']):.0f} ms (process starts ~50 ms each)")

    events, _ = read_events(v.path("panel-stdout.log")) if v.exists("panel-stdout.log") else ([], [])
    widget = a.drag_widget
    began = any(e.get("widget") == widget and e.get("event") == "trackingBegan" for e in events)
    changes = [e for e in events if e.get("widget") == widget and e.get("event") == "valueChanged" and e.get("source") == "user"]
    ended = any(e.get("widget") == widget and e.get("event") == "trackingEnded" for e in events)
    keys = [e for e in events if e.get("event") not in ("valueChanged", "trackingBegan", "trackingEnded")]
    if v.exists("turned.ppm") and v.need(began and ended and len(changes) >= 5,
                                         f"the drag after the return did not turn the knob ({len(changes)} user valueChanged)"):
        v.say(f"drag after the return: {len(changes)} user valueChanged, last position {changes[-1].get('position')}")
    v.say(f"other events: {len(keys)}")
    return v.finish()


if __name__ == "__main__":
    sys.exit(main())
