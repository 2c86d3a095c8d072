#!/usr/bin/env python3
"""Check vt-background-scenario.sh's results (stdlib only; image helpers from check.py).

  vt-background-check.py --dir OUT --expected expected.png [--label NAME] [--backlight] [--unprivileged]

Started on tty2 while tty1 shows:
- before.ppm is tty1's blue console (the panel drew nothing), no flip and no ready file yet;
- after `chvt 2` the panel is on screen (shown.ppm matches the render) and says how long
  after the switch its first frame flipped; the scenario's chvt-2-to-ready time is reported;
- a round trip: away1.ppm tty1, back1.ppm the panel (chvt to the panel's note, each way);
Screen power across a switch:
- off: DPMS Off; away2.ppm is tty1's console, lit (DPMS On, the light as found); back on tty2
  the screen stays off: DPMS Off again, no flip, offback.ppm not the panel; `screen on` shows
  it (woke.ppm, DPMS On);
- dimmed: dimback.ppm as dim.ppm (the darkened frame: panel x 0.3; with --backlight the
  frame is not darkened and the light is 60 of the 200 found, 200 while tty1 shows);
SIGTERM while tty1 shows: exit 0, tty2's modes as before the panel (text, keyboard, auto
switching), the light as found, and tty2 shows its magenta console after the exit (console.ppm).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import compare, read_image  # noqa: E402
from vmcheck import BLUE, MAGENTA, Verdict, vt_arguments  # noqa: E402


def main():
    ap = vt_arguments(__doc__, "vt-background")
    ap.add_argument("--backlight", action="store_true", help="the scenario ran with a fake backlight (found at 200)")
    a = ap.parse_args()
    v = Verdict(a.dir, a.label)
    say, need = v.say, v.need

    r = v.key_values("results.txt")
    expected = read_image(a.expected)
    w, h, exp = expected
    imgs = {}
    for name in ("before", "shown", "away1", "back1", "away2", "offback", "woke", "dim", "dimback", "console"):
        img = v.screendump(name, (w, h))
        if img:
            imgs[name] = img

    def like(name, reference, diff=None):
        return compare(imgs[name][2], reference, w, h, a.tolerance, v.path(diff) if diff else None)

    for name in ("shown", "back1", "woke") + (("dim", "dimback") if a.backlight else ()):
        if name in imgs:
            match, mean, _ = like(name, exp, name + "-diff.png")
            say(f"{name}.ppm vs render: {match * 100:.2f}% within {a.tolerance}, mean error {mean:.2f}")
            need(match >= 0.995 and mean <= 1.0, f"{name}.ppm does not show the panel ({match * 100:.2f}%)")
    if not a.backlight:
        darkened = bytes(round(c * 0.3) for c in exp)
        for name in ("dim", "dimback"):
            if name in imgs:
                match, mean, _ = compare(imgs[name][2], darkened, w, h, 2)
                say(f"{name}.ppm vs render x 0.3: {match * 100:.2f}% within 2, mean error {mean:.2f}")
                need(match >= 0.995, f"{name}.ppm is not the panel dimmed (x 0.3)")
    for name, colour, what in (("before", BLUE, "tty1's blue console"), ("away1", BLUE, "tty1's blue console"),
                               ("away2", BLUE, "tty1's blue console (lit while the panel is off)"),
                               ("console", MAGENTA, "tty2's magenta console after the exit")):
        if name in imgs:
            v.console_shown(name, imgs[name], colour, what, expected, a.tolerance)
    if "offback" in imgs:
        panel = like("offback", exp)[0]
        say(f"offback.ppm (back on tty2 while off): {panel * 100:.0f}% like the panel "
            "(QEMU shows bochs' last scanout, virtio a blank 'not active' screen)")
        need(panel < 0.5, "the panel came back on screen although it was off")

    need(r.get("flips_before") == "0" and r.get("ready_before") == "no",
         f"the panel flipped before its VT was shown ({r.get('flips_before')} flips, ready {r.get('ready_before')})")
    dpms = [r.get(k) for k in ("off_dpms", "away_off_dpms", "back_off_dpms", "woke_dpms", "back_dim_dpms", "exit_dpms")]
    say(f"DPMS: off {dpms[0]}, tty1 shown {dpms[1]}, back on tty2 {dpms[2]}, woken {dpms[3]}, back dimmed {dpms[4]}, after exit {dpms[5]}")
    need(dpms == ["Off", "On", "Off", "On", "On", "On"], f"DPMS {dpms} is not Off, On, Off, On, On, On")
    need(r.get("back_off_flips") == "0", f"{r.get('back_off_flips')} flips after the return while off")
    if a.backlight:
        light = [r.get(k) for k in ("off_light", "away_off_light", "back_off_light", "woke_light", "dim_light",
                                    "away_dim_light", "back_dim_light", "exit_light")]
        say(f"backlight (found at 200): off {light[0]}, tty1 {light[1]}, back {light[2]}, woken {light[3]}, "
            f"dim {light[4]}, tty1 {light[5]}, back {light[6]}, after exit {light[7]}")
        if need(light == ["0", "200", "0", "200", "60", "200", "60", "200"], f"backlight {light} not 0 200 0 200 60 200 60 200"):
            v.parts.append("backlight 0/200/0 off, 60/200/60 dimmed")
    before, after = r.get("modes_before"), r.get("modes_after")
    say(f"tty2 before the panel: {before}; after SIGTERM while away: {after}")
    need(before is not None and before == after, f"tty2's modes not restored ({before} -> {after})")
    rc = v.exit_status()
    need(rc == "0", f"panel exit status {rc} after SIGTERM while away")

    err = v.text("panel-stderr.log")
    for line in err.splitlines():
        if "console" in line:
            say(f"stderr: {line}")
    need("screen power:" not in err, "screen power errors at exit (DPMS set without DRM master?)")
    first = re.search(r"first frame flipped ([\d.]+) ms after the switch", err)
    backs = re.findall(r"whole frame flipped ([\d.]+) ms after the switch", err)
    if need(first is not None, "no 'is on screen' note after the switch to tty2"):
        v.parts.append(f"background start: chvt 2 -> first flip {first.group(1)} ms (panel), "
                       f"chvt 2 -> ready file {r.get('switch_to_ready_ms')} ms (scenario)")
    need(len(backs) == 2, f"{len(backs)} 'back on' notes with a flip, expected 2 (round trip, dimmed)")
    need("the screen stays off" in err, "no 'the screen stays off' note on the return while off")
    if backs:
        v.parts.append(f"round trip: chvt 1 -> released {r.get('release_ms')} ms, chvt 2 -> back {r.get('return_ms')} ms "
                       f"(scenario), return to flip {backs[0]} ms (panel)")
    if a.unprivileged:
        need(" as user" in v.text("scenario.log"), "the scenario did not run the panel as the unprivileged user")
        v.parts.append("as an unprivileged user")
    return v.finish()


if __name__ == "__main__":
    sys.exit(main())
