#!/usr/bin/env python3
"""The screen in Home Assistant and presence, against a real broker (issue 27): the screen's
`light` discovery config checked against Home Assistant's JSON light schema (ha_schema.py,
and Home Assistant 2024.1's own DISCOVERY_SCHEMA when its venv is there); commands on the
light's command topic switch the screen off, on at a brightness, to an effect (dim, idle),
each with its `screen`/`brightness` events; the state topic follows the idle timers; a
presence topic wakes the screen, holds the timers while someone is there, and lets them run
again when nobody is.
Usage: mqtt_screen.py KNOB_PANEL_BINARY   (exit 0: all passed; 77: mosquitto not installed)"""
import json, os, queue, shutil, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mqtt_support import *  # noqa
import ha_schema

BIN = sys.argv[1]
NODE = "screen-test"
PANEL = {
    "panel": "Hall", "size": [400, 240],
    "screen": {"idleAfter": 1.5, "idlePage": "clock", "dimAfter": 3, "dimLevel": 0.3, "offAfter": 5,
               "presence": {"topic": "home/hall/occupancy", "path": "occupancy"}},
    "pages": [{"id": "room", "widgets": [{"id": "lamp", "type": "toggle", "frame": [0, 0, 200, 120], "title": "Lamp"}]},
              {"id": "clock", "widgets": [{"id": "time", "type": "clock", "frame": [0, 0, 400, 240]}]}],
}


def events(panel, pred, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try: line = panel.events.get(timeout=max(0.01, end - time.monotonic()))
        except queue.Empty: break
        m = js(line)
        if m is not None and pred(m): return m
    return None


def main():
    if not broker_binary() or not shutil.which("mosquitto_sub"):
        print("  skip  mqtt screen tests: mosquitto not installed"); return 77
    tmp = tempfile.mkdtemp(prefix="knob-screen.")
    path = os.path.join(tmp, "hall.json")
    json.dump(PANEL, open(path, "w"))
    b = Broker(tmp)
    sub = Sub(b.port)
    panel = Panel(BIN, path, tmp, ["--mqtt", f"mqtt://127.0.0.1:{b.port}", "--mqtt-discovery", "--mqtt-id", NODE])
    prefix = f"knob-panel/{NODE}"
    cfg = sub.wait(lambda t, p: t == f"homeassistant/light/{NODE}/screen/config", 10)
    check("the screen is discovered as a light", cfg is not None, panel.log()[-800:])
    if cfg is None: return 1
    c = json.loads(cfg[1])
    problems = ha_schema.validate("light", c)
    check("its config is valid against Home Assistant's JSON light schema (keys, types, color modes)", not problems, (problems, c))
    check("JSON schema, one command and one state topic, brightness in percent, the lit states as effects",
          c.get("schema") == "json" and c.get("command_topic") == f"{prefix}/screen/set" and c.get("state_topic") == f"{prefix}/screen/state"
          and c.get("brightness_scale") == 100 and c.get("supported_color_modes") == ["brightness"]
          and c.get("effect_list") == ["on", "idle", "dim"] and c.get("name") == "Screen", c)
    own = ha_schema.validate_with_home_assistant([("light", c)])
    if own is None: note("Home Assistant's own light DISCOVERY_SCHEMA not tried (no Home Assistant venv; set KNOB_HA_VENV)")
    else: check("Home Assistant 2024.1's own light DISCOVERY_SCHEMA takes it and keeps every key", not own, own)

    def state(pred, timeout=5.0):
        m = sub.wait(lambda t, p: t == f"{prefix}/screen/state" and pred(js(p) or {}), timeout)
        return js(m[1]) if m else None

    s = state(lambda v: v.get("state") == "ON")
    check("the state topic: ON at 100 %, effect on", s == {"state": "ON", "brightness": 100, "color_mode": "brightness", "effect": "on"}, s)
    # Commands (the idle timers count from each: idle 1.5 s, dim 3 s, off 5 s later).
    pub(b.port, f"{prefix}/screen/set", '{"state":"OFF"}')
    ev = events(panel, lambda m: m.get("event") == "screen" and m.get("cause") == "command")
    check("OFF on the command topic: a screen event off, cause command", ev is not None and ev.get("state") == "off" and ev.get("cause") == "command", ev)
    s = state(lambda v: v.get("state") == "OFF")
    check("the state topic says OFF", s == {"state": "OFF"}, s)
    pub(b.port, f"{prefix}/screen/set", '{"state":"ON","brightness":40}')
    ev = events(panel, lambda m: m.get("event") == "screen" and m.get("state") == "on")
    lv = events(panel, lambda m: m.get("event") == "brightness")
    check("ON at 40 %: the screen on (command), then a brightness event, level 0.4",
          ev is not None and ev.get("state") == "on" and lv is not None and lv.get("level") == 0.4 and lv.get("cause") == "command", (ev, lv))
    s = state(lambda v: v.get("brightness") == 40)
    check("the state topic: ON at 40 %", s is not None and s.get("state") == "ON" and s.get("effect") == "on", s)
    t0 = time.monotonic()
    s = state(lambda v: v.get("effect") == "idle", 4)
    check("after idleAfter the state follows: effect idle (the idle page), still 40 %", s is not None and s.get("brightness") == 40, s)
    s = state(lambda v: v.get("effect") == "dim", 4)
    check("after dimAfter: effect dim at min(dimLevel 30 %, 40 %) = 30 %", s is not None and s.get("brightness") == 30, s)
    s = state(lambda v: v.get("state") == "OFF", 4)
    check("after offAfter: OFF, about 5 s after the command", s is not None and 3.5 < time.monotonic() - t0 < 7, (s, time.monotonic() - t0))
    pub(b.port, f"{prefix}/screen/set", '{"state":"ON"}')
    s = state(lambda v: v.get("state") == "ON")
    check("ON again: full brightness (a level set by hand ends when the screen turns off)", s is not None and s.get("brightness") == 100, s)
    pub(b.port, f"{prefix}/screen/set", '{"state":"ON","effect":"dim"}')
    ev = events(panel, lambda m: m.get("event") == "screen" and m.get("state") == "dim" and m.get("cause") == "command")
    check("effect dim: the screen dims at once (command)", ev is not None and ev.get("cause") == "command", ev)
    pub(b.port, f"{prefix}/screen/set", '{"state":"ON","effect":"sparkle"}')
    time.sleep(0.3)
    check("an unknown effect: one log line, nothing changes", "mqtt: ignored" in panel.log() and "no effect 'sparkle'" in panel.log(), panel.log()[-600:])

    # Presence: someone there wakes it and holds the timers; nobody lets them run again.
    pub(b.port, "home/hall/occupancy", '{"occupancy":true}', retain=True)
    ev = events(panel, lambda m: m.get("event") == "screen" and m.get("cause") == "presence")
    check("presence: someone there wakes the screen (cause presence)", ev is not None and ev.get("state") == "on" and ev.get("cause") == "presence", ev)
    s = state(lambda v: v.get("effect") == "on")
    mark = len(sub.seen)
    sub.drain(6)
    later = [js(p) for t, p, _ in sub.seen[mark:] if t == f"{prefix}/screen/state"]
    check("while someone is there the idle timers wait: no idle, dim or off for 6 s",
          all(v.get("effect") == "on" for v in later if v), later)
    t1 = time.monotonic()
    pub(b.port, "home/hall/occupancy", '{"occupancy":false}', retain=True)
    s = state(lambda v: v.get("effect") == "dim", 5)
    check("nobody there: the timers count again from then (dim after 3 s)", s is not None and 2 < time.monotonic() - t1 < 4.5, (s, time.monotonic() - t1))
    pub(b.port, "home/hall/occupancy", "perhaps")
    time.sleep(0.3)
    check("a payload presence cannot read: one log line", "for screen.presence" in panel.log(), panel.log()[-600:])
    panel.stop()
    pub(b.port, "home/hall/occupancy", "", retain=True)
    b.stop()
    return verdict("mqtt screen")


if __name__ == "__main__":
    run(main)
