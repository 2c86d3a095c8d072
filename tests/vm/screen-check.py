#!/usr/bin/env python3
"""screen-check.py --dir OUT: judges screen-scenario.sh (issue 16, screen power in the VM).

- stdout has screen events dim (idle), off (idle), on (input), in that order;
- while off: no page flip (the flip log's `clock` between the off and on events, apart from
  one black frame where the driver has no DPMS), and the panel's CPU time over 10 s (reported;
  at most 1 tick of 10 ms allowed for the timer's own wake-ups: there are none);
- the waking drag is swallowed: no trackingBegan/valueChanged before the second drag;
- woke.ppm is the untouched panel (as panel.ppm); dim.ppm is panel.ppm x 0.3 (the frame
  darkened: no backlight in the VM); the second drag turns the knob (user valueChanged,
  turned.ppm differs from woke.ppm);
- with --backlight (a fake sysfs directory, found at 200): 60 while dimmed, 0 while off, 200
  again after SIGTERM;
- the time from the waking touch (the `on` event's t) to the first completed flip after it.
Prints a report; the last line is the summary. Exit 0 when everything holds.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402  (read_image, compare, read_events)
from vmcheck import Verdict  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--gpu", default="bochs")
    a = ap.parse_args()
    v = Verdict(a.dir, f"screen ({a.gpu})")
    out, need, failures, parts = v.path, v.need, v.failures, v.parts
    results = v.key_values("screen-results.txt")
    events, _ = check.read_events(out("panel-stdout.log")) if os.path.exists(out("panel-stdout.log")) else ([], [])
    screen = [(e["state"], e.get("cause"), e["t"]) for e in events if e.get("event") == "screen"]
    print(f"screen events: {screen}")
    need([s[:2] for s in screen[:3]] == [("dim", "idle"), ("off", "idle"), ("on", "input")],
         f"screen events {screen[:3]} are not dim/idle, off/idle, on/input")
    t_dim = next((t for s, c, t in screen if s == "dim"), None)
    t_off = next((t for s, c, t in screen if s == "off"), None)
    t_on = next((t for s, c, t in screen if s == "on"), None)
    flips = [json.loads(l) for l in open(out("flips.jsonl")) if l.strip()] if os.path.exists(out("flips.jsonl")) else []
    if t_dim is not None:
        parts.append(f"dim at {t_dim:.3f} s, off at {t_off} s")
        # The timers count from the panel's first frame on screen (its modeset, just before the
        # first flip completes), not from the start: dim 4 s and off 6 s after one moment S,
        # with 0 <= S <= the first flip's frame-clock time.
        shown = t_dim - 4
        first_flip = flips[0]["clock"] if flips else 0
        need(t_off is not None and abs((t_off - t_dim) - 2) < 1e-6 and -1e-6 <= shown <= first_flip + 1e-6,
             f"dim/off not 4 s / 6 s after the first frame on screen (shown at {shown:.3f} s by the dim, first flip at {first_flip:.3f} s)")
    if t_off is not None and t_on is not None:
        during = [f["clock"] for f in flips if t_off < f["clock"] < t_on]
        black = [c for c in during if c <= t_off + 0.1]
        print(f"flips while off ({t_off:.3f} .. {t_on:.3f} s): {len(during)} ({len(black)} within 0.1 s of going off)")
        need(len(during) - len(black) == 0 and len(black) <= 1, f"{len(during)} flips while off")
        parts.append(f"{len(during)} flips while off")
        after = [f["clock"] for f in flips if f["clock"] >= t_on]
        if need(bool(after), "no flip after waking"):
            ms = (after[0] - t_on) * 1000
            print(f"waking touch -> first frame on screen (flip completed): {ms:.1f} ms")
            parts.append(f"wake-to-flip {ms:.1f} ms")
    ticks = results.get("off_cpu_ticks")
    if need(ticks is not None, "no CPU measurement while off"):
        print(f"CPU while off: {ticks} ticks (10 ms each), {results.get('off_cpu_ns')} ns on a CPU (schedstat), "
              f"{results.get('off_wakeups')} context switches in {results.get('off_seconds')} s; flips in that time: {results.get('off_flips')}")
        parts.append(f"CPU while off {int(ticks) * 10} ms / 10 s")
        need(int(ticks) <= 1, f"the panel used {ticks} ticks of CPU while off")
        need(results.get("off_flips") == "0", f"{results.get('off_flips')} flips during the 10 s off")

    n = int(results.get("lines_before_second_drag", len(events)))
    early = [e for e in events[:n] if e.get("event") in ("trackingBegan", "valueChanged", "trackingEnded")]
    need(not early, f"the waking drag reached a widget: {early[:3]}")
    began, changes, ended = check.drag_events(events[n:], "volume")
    need(began and ended and len(changes) >= 3, "the drag after waking did not turn the knob")
    if changes:
        parts.append(f"second drag -> {changes[-1].get('position')}°")

    imgs = {}
    for name in ("panel", "dim", "off", "woke", "turned"):
        if os.path.exists(out(name + ".ppm")):
            imgs[name] = check.read_image(out(name + ".ppm"))
    if need("panel" in imgs and "woke" in imgs, "screendumps missing"):
        w, h, p = imgs["panel"]
        ok, mean, mx = check.compare(imgs["woke"][2], p, w, h, 8, out("woke-diff.png"))
        print(f"woke vs panel: {ok * 100:.2f}% within 8, mean {mean:.3f}, max {mx}")
        need(ok >= 0.995, "the woken panel is not the untouched panel")
        if "dim" in imgs:
            expected = bytes(round(c * 0.3) for c in p)
            ok, mean, mx = check.compare(imgs["dim"][2], expected, w, h, 2)
            print(f"dim vs panel x 0.3: {ok * 100:.2f}% within 2, mean {mean:.3f}, max {mx}")
            need(ok >= 0.995, "the dimmed screen is not the panel x 0.3")
        if "off" in imgs:
            off = imgs["off"][2]
            # QEMU does not model DPMS: its screendump keeps the last picture scanned out.
            print(f"off screendump: mean level {sum(off) / len(off):.2f} (QEMU shows the last scanout under DPMS off)")
        if "turned" in imgs:
            ok, _, _ = check.compare(imgs["turned"][2], imgs["woke"][2], w, h, 8)
            need(ok < 0.999, "turned.ppm shows no turned knob")
    bl = (results.get("backlight_dim"), results.get("backlight_off"), results.get("backlight_exit"))
    print(f"backlight (found at 200 of 255): dim {bl[0]}, off {bl[1]}, after SIGTERM {bl[2]} (exit {results.get('backlight_rc')})")
    if need(bl == ("60", "0", "200") and results.get("backlight_rc") == "0", "backlight not 60 / 0 / restored 200"):
        parts.append("backlight 200 -> 60 -> 0 -> 200 after SIGTERM")
    rc = v.exit_status() or "?"
    need(rc == "0", f"panel exit status {rc}")
    verdict = "PASS" if not failures else "FAIL"
    for f in failures:
        print(f"  FAIL: {f}")
    print(f"{v.label}: {verdict}: " + "; ".join(parts))
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
