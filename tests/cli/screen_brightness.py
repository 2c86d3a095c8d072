#!/usr/bin/env python3
"""Brightness that follows the room (issue 27): `run --headless --backlight DIR` with a fake
sysfs tree (KNOB_PANEL_SYSFS) holding an IIO light sensor, and a fake backlight directory.
The sensor's raw value × scale is lux; the level follows log10(lux) between darkLux and
brightLux (docs/layout.md), smoothed half way per reading, one reading every 5 s while the
screen is lit and none while it is off; each new level is written to the backlight's
`brightness` as a fraction of what the panel found there, and at exit that is put back.
Usage: screen_brightness.py KNOB_PANEL_BINARY   (exit 0: all passed)"""
import json, math, os, queue, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import support
from mqtt_support import check, note, results, js, run, verdict  # noqa

BIN = sys.argv[1]
DARK, BRIGHT, LO, HI = 1.0, 1000.0, 0.1, 1.0
PANEL = {
    "panel": "Room", "size": [200, 100],
    "screen": {"brightness": {"ambient": {"sensor": "fake-als", "darkLux": DARK, "brightLux": BRIGHT}, "min": LO, "max": HI}},
    "pages": [{"id": "p", "widgets": [{"id": "lamp", "type": "toggle", "frame": [0, 0, 200, 100], "title": "Lamp"}]}],
}


def level(log_lux):
    """The documented curve on a smoothed log10 lux."""
    f = min(max((log_lux - math.log10(DARK)) / (math.log10(BRIGHT) - math.log10(DARK)), 0), 1)
    return LO + (HI - LO) * f


def put(path, text):
    tmp = path + ".new"
    open(tmp, "w").write(text)
    os.replace(tmp, path)


def main():
    tmp = tempfile.mkdtemp(prefix="knob-bright.")
    als = os.path.join(tmp, "sys", "bus", "iio", "devices", "iio:device0")
    os.makedirs(als)
    put(os.path.join(als, "name"), "fake-als\n")
    put(os.path.join(als, "in_illuminance_raw"), "100\n")
    put(os.path.join(als, "in_illuminance_scale"), "0.5\n")   # 100 × 0.5 = 50 lux
    # Another IIO device without an illuminance channel comes first by name: it is passed over.
    os.makedirs(os.path.join(tmp, "sys", "bus", "iio", "devices", "iio:device-accel"))
    bl = os.path.join(tmp, "backlight")
    os.makedirs(bl)
    put(os.path.join(bl, "max_brightness"), "1000\n")
    put(os.path.join(bl, "brightness"), "800\n")   # the panel's "full"
    path = os.path.join(tmp, "room.json")
    json.dump(PANEL, open(path, "w"))
    env = dict(os.environ, KNOB_PANEL_SYSFS=tmp)
    panel = support.PanelProcess(BIN, path, tmp, "--backlight", bl, ready=True, events=True, env=env)
    check("the panel starts with the fake backlight and sensor", panel.wait_ready(), panel.stderr())

    def brightness_event(timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try: m = js(panel.events.get(timeout=max(0.01, end - time.monotonic())))
            except queue.Empty: return None
            if m and m.get("event") == "brightness": return m
        return None

    def backlight():
        return int(open(os.path.join(bl, "brightness")).read())

    # First reading: 50 lux, no smoothing yet. log10 50 = 1.69897: 0.1 + 0.9 · 0.56632 = 0.60969.
    s = math.log10(50)
    ev = brightness_event(3)
    want = level(s)
    check("the first reading (50 lux): a brightness event, cause ambient, level 0.61", ev is not None and ev.get("cause") == "ambient" and ev.get("level") == round(want, 2), (ev, want))
    time.sleep(0.2)
    check(f"the backlight's brightness is 800 × {want:.4f} = {round(800 * want)}", backlight() == round(800 * want), backlight())
    check("the sensor found by its name, the reading interval in the log", "ambient light:" in panel.stderr() and "iio:device0" in panel.stderr(), panel.stderr())
    # The room goes dark (1 lux): the smoothed log moves half way per reading, 5 s apart.
    t0 = time.monotonic()
    put(os.path.join(als, "in_illuminance_raw"), "2\n")
    s = s + 0.5 * (0 - s)
    ev = brightness_event(7)
    want = level(s)
    dt = time.monotonic() - t0
    check(f"the next reading within 5 s: half way in log lux, level {want:.4f}", ev is not None and ev.get("level") == round(want, 2) and dt < 6, (ev, want, dt))
    time.sleep(0.2)
    check(f"backlight {round(800 * want)}", backlight() == round(800 * want), backlight())
    s = s + 0.5 * (0 - s)
    ev = brightness_event(7)
    want = level(s)
    check(f"the reading after: level {want:.4f}, backlight {round(800 * want)}", ev is not None and ev.get("level") == round(want, 2), (ev, want))
    # Off: the backlight goes to 0, and no reading is taken while it is off.
    panel.send(json.dumps({"command": "screen", "state": "off"}))
    time.sleep(0.3)
    check("screen off: backlight 0", backlight() == 0, backlight())
    put(os.path.join(als, "in_illuminance_raw"), "2000\n")
    ev = brightness_event(6.5)
    check("no readings while the screen is off (no brightness event in 6.5 s)", ev is None, ev)
    panel.send(json.dumps({"command": "screen", "state": "on"}))
    ev = brightness_event(2)
    s = s + 0.5 * (3 - s)
    want = level(s)
    check(f"lit again: read at once (1000 lux), level {want:.4f}", ev is not None and ev.get("level") == round(want, 2), (ev, want))
    panel.stop()
    check("at exit the backlight is as the panel found it (800)", backlight() == 800, backlight())
    return verdict("screen brightness")


if __name__ == "__main__":
    run(main)
