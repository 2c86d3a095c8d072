#!/usr/bin/env python3
"""docs/integration.md's worked example against the real Home Assistant (2024.1, the venv in
$HA_VENV, default /work/ha-venv) and a real mosquitto: Home Assistant's own
mqtt_statestream publishes an input_number and an input_boolean; the panel's bound label
shows the number formatted, and a tap on its two-way bound toggle goes to the commandTopic,
where the documented automation turns the boolean on; statestream's echo confirms the
change (no `unconfirmed`, no pending). Home Assistant runs offline (--skip-pip), its MQTT
entry written into .storage before it starts (mqtt_statestream needs the client at setup).
Usage: ha_statestream.py KNOB_PANEL_BINARY   (exit 0: passed; 77: no venv or no mosquitto)"""
import json, os, shutil, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mqtt_support import *  # noqa
import support

BIN = sys.argv[1]
VENV = os.environ.get("HA_VENV", "/work/ha-venv")
BASE = "homeassistant/statestream"

CONFIG = """homeassistant:
  name: Test
  latitude: 0
  longitude: 0
  elevation: 0
  unit_system: metric
  time_zone: UTC
logger:
  default: warning
input_number:
  living_temperature: {min: -50, max: 100, step: 0.01}
input_boolean:
  ceiling:
mqtt_statestream:
  base_topic: homeassistant/statestream
  include:
    entities: [input_number.living_temperature, input_boolean.ceiling]
automation:
  - alias: "Test: a sensor reading from MQTT"
    trigger: [{platform: mqtt, topic: test/temperature}]
    action:
      - service: input_number.set_value
        target: {entity_id: input_number.living_temperature}
        data: {value: "{{ trigger.payload | float }}"}
  - alias: "Panel: ceiling light"
    trigger: [{platform: mqtt, topic: knob-panel/commands/input_boolean.ceiling}]
    action:
      - service: "input_boolean.turn_{{ trigger.payload }}"
        target: {entity_id: input_boolean.ceiling}
"""


def main():
    hass = os.path.join(VENV, "bin", "hass")
    if not os.path.exists(hass) or not broker_binary() or not shutil.which("mosquitto_sub"):
        print("  skip  ha statestream: no Home Assistant venv or no mosquitto"); return 77
    tmp = tempfile.mkdtemp(prefix="knob-ha-ss.")
    b = Broker(tmp)
    conf = os.path.join(tmp, "ha")
    os.makedirs(os.path.join(conf, ".storage"))
    open(os.path.join(conf, "configuration.yaml"), "w").write(CONFIG)
    entry = {"entry_id": "0123456789abcdef0123456789abcdef", "version": 1, "minor_version": 1, "domain": "mqtt",
             "title": "127.0.0.1", "data": {"broker": "127.0.0.1", "port": b.port, "discovery": False}, "options": {},
             "pref_disable_new_entities": False, "pref_disable_polling": False, "source": "user", "unique_id": None, "disabled_by": None}
    json.dump({"version": 1, "minor_version": 1, "key": "core.config_entries", "data": {"entries": [entry]}},
              open(os.path.join(conf, ".storage", "core.config_entries"), "w"))
    sub = Sub(b.port)
    ha = start([hass, "--skip-pip", "-c", conf], stdout=subprocess.DEVNULL, stderr=open(os.path.join(tmp, "ha.log"), "w"))
    up = sub.wait(lambda t, p: t == "homeassistant/status" and p == "online", 180)
    if not check("Home Assistant starts and connects to the broker", up is not None, open(os.path.join(tmp, "ha.log")).read()[-1500:]):
        return 1
    time.sleep(3)   # automations armed after the start event
    pub(b.port, "test/temperature", "21.46")
    m = sub.wait(lambda t, p: t == f"{BASE}/input_number/living_temperature/state", 20)
    check("mqtt_statestream publishes the number's state (retained, plain)", m is not None and m[1] == "21.46", m)

    panel_json = {
        "panel": "HA", "size": [400, 100], "theme": {"font": "DejaVu Sans"},
        "pages": [{"id": "p", "widgets": [
            {"id": "temp", "type": "label", "frame": [0, 0, 200, 100], "text": "…",
             "bind": {"topic": f"{BASE}/input_number/living_temperature/state", "format": "%.1f °C", "staleAfter": 1800}},
            {"id": "ceiling", "type": "toggle", "frame": [200, 0, 200, 100], "title": "Ceiling",
             "bind": {"topic": f"{BASE}/input_boolean/ceiling/state", "commandTopic": "knob-panel/commands/input_boolean.ceiling", "confirmAfter": 8}},
        ]}]}
    panel_path, script, sock = os.path.join(tmp, "ha.json"), os.path.join(tmp, "tap.jsonl"), os.path.join(tmp, "s")
    json.dump(panel_json, open(panel_path, "w"))
    open(script, "w").write('{"t":2.0,"type":"touch_down","id":0,"widget":"ceiling"}\n{"t":2.05,"type":"touch_up","id":0}\n')
    panel = support.PanelProcess(BIN, panel_path, tmp, "--mqtt", f"mqtt://127.0.0.1:{b.port}", "--mqtt-id", "ha-ss",
                                 "--script", script, sock=sock)
    c = panel.client()
    time.sleep(1.0)
    r, _ = c.request("get", widget="temp")
    check("the retained statestream state reaches the bound label: '21.5 °C'", r.get("data", {}).get("text") == "21.5 °C", (r, panel.stderr()))
    pub(b.port, "test/temperature", "19.04")
    sub.wait(lambda t, p: t == f"{BASE}/input_number/living_temperature/state" and p == "19.04", 20)
    time.sleep(0.3)
    r, _ = c.request("get", widget="temp")
    check("a new reading in Home Assistant: '19.0 °C' on the panel", r.get("data", {}).get("text") == "19.0 °C", r)
    m = sub.wait(lambda t, p: t == "knob-panel/commands/input_boolean.ceiling", 10)
    check("the tap is sent to the commandTopic as 'on'", m is not None and m[1] == "on", m)
    echo = sub.wait(lambda t, p: t == f"{BASE}/input_boolean/ceiling/state", 10)
    check("the automation turns input_boolean.ceiling on; statestream echoes 'on'", echo is not None and echo[1] == "on", echo)
    time.sleep(0.5)
    r, events = c.request("get", widget="ceiling")
    d = r.get("data", {})
    check("the echo confirms the change: on, no pending", d.get("on") is True and "pending" not in d, d)
    late = c.until(lambda e: e.get("event") == "unconfirmed", 9)
    check("no unconfirmed event (Home Assistant confirmed in time)", late is None and not any(e.get("event") == "unconfirmed" for e in events), late)
    c.close(); panel.stop(); stop(ha); b.stop()
    return verdict("ha statestream")


if __name__ == "__main__":
    run(main)
