#!/usr/bin/env python3
"""Home Assistant discovery of the number-entry widgets and instruments (issue 26), against a
real mosquitto: keypads without a target and spinboxes are `number`s in box mode (typed, not
dragged), a keypad with a target adds nothing, faders and knobs are `number` sliders, meters
and gauges read-only `sensor`s, a dial an `event`. Each config is checked against the schema
written out from Home Assistant's source (ha_schema.validate) and, with a Home Assistant
2024.1 venv ($KNOB_HA_VENV, else ../ha-venv next to the checkout), through its own
DISCOVERY_SCHEMA. Then Home Assistant's number.set_value (a bare number on the set topic)
reaches the keypad, and a reading reaches the meter.
Usage: ha_entry.py KNOB_PANEL_BINARY   (exit 0: all passed; 77: mosquitto not installed)"""
import json, os, shutil, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mqtt_support import *  # noqa
import ha_schema

BIN = sys.argv[1]
PANEL = "tests/scenarios/entry-ha.panel.json"
NODE = "entry-test"
PRE = "knob-panel/entry-test"

# widget -> (component, the keys and values its config must carry). A keypad's step is one
# unit of its last decimal (decimals 0 -> 1, the default 2 -> 0.01); one without a range
# spans ±1e9, the bound on every number a command may carry.
WANT = {
    "voltage": ("number", {"mode": "slider", "min": 0, "max": 30, "step": 0.01, "unit_of_measurement": "V"}),
    "code": ("number", {"mode": "box", "min": 0, "max": 9999, "step": 1}),
    "amount": ("number", {"mode": "box", "min": -1e9, "max": 1e9, "step": 0.01}),
    "limit": ("number", {"mode": "box", "min": 0, "max": 5, "step": 0.1, "unit_of_measurement": "A"}),
    "bass": ("number", {"mode": "slider", "min": -10, "max": 10, "step": 0.5, "unit_of_measurement": "dB"}),
    "level": ("sensor", {"state_class": "measurement", "unit_of_measurement": "dB", "suggested_display_precision": 1,
                         "value_template": "{{ value_json.value }}"}),
    "rpm": ("sensor", {"state_class": "measurement", "unit_of_measurement": "rpm"}),
    "phone": ("event", {"event_types": [str(d) for d in range(10)]}),
}


def main():
    if not broker_binary() or not shutil.which("mosquitto_sub"):
        print("  skip  ha entry tests: mosquitto not installed (scripts/install-deps.sh test)"); return 77
    out = subprocess.run([BIN, "check", "--entities", PANEL], capture_output=True, text=True)
    comps = {j["widget"]: j["component"] for j in (json.loads(l) for l in out.stdout.splitlines() if l.startswith("{"))}
    check("check --entities: keypads without a target, spinbox, fader, knob are numbers; meter, gauge sensors; "
          "dial an event; the keypad with a target none",
          out.returncode == 0 and comps == {k: v[0] for k, v in WANT.items()}, (out.returncode, comps, out.stderr[-600:]))
    tmp = tempfile.mkdtemp(prefix="knob-ha-entry.")
    b = Broker(tmp)
    panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtt://127.0.0.1:{b.port}", "--mqtt-discovery", "--mqtt-id", NODE])
    check("panel up", panel.wait_ready() and panel.alive(), panel.log())
    sub = Sub(b.port)
    sub.wait(lambda t, p: t == PRE + "/status" and p == "online", 15)
    seen = sub.drain(1.5)
    configs = {t: js(p) for t, p, _ in seen if t.startswith("homeassistant/") and p}
    # The panel's own entities (the page selector, the screen as a light) are tested in mqtt.py.
    widgets = {t.split("/")[3]: (t.split("/")[1], c) for t, c in configs.items() if t.split("/")[3] not in ("page", "screen")}
    check("one config per entity and none for the keypad with a target",
          set(widgets) == set(WANT) and "pad" not in widgets, sorted(widgets))
    problems = []
    for wid, (component, keys) in sorted(WANT.items()):
        got = widgets.get(wid)
        if not got: continue
        comp, c = got
        if comp != component: problems.append(f"{wid}: component {comp}, want {component}")
        for k, v in keys.items():
            if c.get(k) != v: problems.append(f"{wid}: {k} = {c.get(k)!r}, want {v!r}")
        if component == "sensor" and "command_topic" in c: problems.append(f"{wid}: a sensor with a command topic")
        for p in ha_schema.validate(comp, c): problems.append(f"{wid}: {p}")
    check("numbers box/slider with min, max, step and unit; sensors read-only with unit and precision; "
          "every config valid against the schema from Home Assistant's source", not problems, problems)
    own = ha_schema.validate_with_home_assistant([(t.split("/")[1], c) for t, c in sorted(configs.items())])
    if own is None:
        note("Home Assistant's own DISCOVERY_SCHEMAs not tried (no Home Assistant venv; set KNOB_HA_VENV)")
    else:
        check(f"Home Assistant 2024.1's own DISCOVERY_SCHEMA takes all {len(configs)} configs and keeps every key", not own, own)
    # number.set_value on a box: Home Assistant publishes the bare number to the command topic.
    pub(b.port, f"{PRE}/code/set", "1234")
    st = sub.wait(lambda t, p: t == PRE + "/code/state" and (js(p) or {}).get("value") == 1234)
    check("number.set_value 1234 on the keypad's set topic -> its state value 1234", st is not None, panel.log())
    pub(b.port, f"{PRE}/code/set", "12345")
    st = sub.wait(lambda t, p: t == PRE + "/code/state" and (js(p) or {}).get("value") == 9999)
    check("beyond its range: 12345 is clamped to 9999 (the number's max)", st is not None, panel.log())
    pub(b.port, f"{PRE}/level/set", "-12.34")
    st = sub.wait(lambda t, p: t == PRE + "/level/state")
    check("a reading on the meter's set topic -> its sensor state, on its 1-decimal grid (-12.3)",
          st is not None and js(st[1]).get("value") == -12.3, st)
    sub.close()
    return 1 if results["fails"] else 0


status = 1
try:
    status = main()
finally:
    stop_all()
sys.exit(status)
