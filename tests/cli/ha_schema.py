"""Home Assistant's MQTT discovery schema for the entities knob-panel announces, written out
from Home Assistant's own source (home-assistant/core, homeassistant/components/mqtt/):
  schemas.py  MQTT_AVAILABILITY_SCHEMA, MQTT_ENTITY_DEVICE_INFO_SCHEMA, MQTT_ORIGIN_INFO_SCHEMA,
              MQTT_ENTITY_COMMON_SCHEMA (object_id up to 2026.3, default_entity_id from 2025.10)
  config.py   MQTT_BASE_SCHEMA (qos, encoding), MQTT_RO_SCHEMA, MQTT_RW_SCHEMA
  number.py   min/max/step (step >= 1e-3, min <= max), mode auto|box|slider, unit, templates
  select.py   options (required), templates
  switch.py   payload_on/off, state_on/off, value_template
  event.py    state_topic (required), event_types (required list of strings), device_class
  sensor.py   MQTT_RO_SCHEMA (state_topic required, value_template), unit_of_measurement,
              state_class, device_class, suggested_display_precision (>= 0), expire_after,
              force_update, last_reset_value_template
and the documentation pages https://www.home-assistant.io/integrations/{number,select,
switch,event,sensor}.mqtt/ and https://www.home-assistant.io/integrations/mqtt/ (discovery).
validate(component, payload) returns a list of problems: a missing required key, a key the
schema does not know (Home Assistant drops unknown keys silently, so a typo would never be
noticed), a wrong type, a value out of its documented set, or the entity id suggested in
only one of the two ways: 2024.1 reads object_id and drops default_entity_id, 2025.10 warns
about object_id unless default_entity_id is there too (home-assistant/core#151996), 2026.4
ignores object_id (#164460). Both must be sent and name the same entity id."""
import re

STR, BOOL, NUM, INT = "string", "boolean", "number", "integer"


def is_type(v, t):
    if t == STR: return isinstance(v, str)
    if t == BOOL: return isinstance(v, bool)
    if t == NUM: return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == INT: return isinstance(v, int) and not isinstance(v, bool)
    if t == "list[str]": return isinstance(v, list) and all(isinstance(x, str) for x in v)
    if t == "dict": return isinstance(v, dict)
    if t == "list": return isinstance(v, list)
    if t == "str|null": return v is None or isinstance(v, str)
    raise ValueError(t)


DEVICE = {"identifiers": "list[str]", "connections": "list", "manufacturer": STR, "model": STR, "model_id": STR,
          "name": STR, "hw_version": STR, "serial_number": STR, "sw_version": STR, "via_device": STR,
          "suggested_area": STR, "configuration_url": STR}
ORIGIN = {"name": STR, "sw_version": STR, "support_url": STR}
ORIGIN_REQUIRED = {"name"}

COMMON = {  # MQTT_ENTITY_COMMON_SCHEMA + MQTT_BASE_SCHEMA
    "availability_topic": STR, "availability_template": STR, "payload_available": STR,
    "payload_not_available": STR, "availability_mode": STR, "availability": "list",
    "device": "dict", "origin": "dict", "enabled_by_default": BOOL, "entity_category": STR,
    "icon": STR, "json_attributes_topic": STR, "json_attributes_template": STR,
    "default_entity_id": STR, "object_id": STR, "unique_id": STR, "name": "str|null", "qos": INT, "encoding": STR,
}
RW = {"command_topic": STR, "optimistic": BOOL, "retain": BOOL, "state_topic": STR}
RO = {"state_topic": STR, "value_template": STR}

SCHEMAS = {
    "number": ({**COMMON, **RW, "command_template": STR, "device_class": STR, "max": NUM, "min": NUM,
                "mode": STR, "payload_reset": STR, "step": NUM, "unit_of_measurement": STR, "value_template": STR},
               {"command_topic"}),
    "select": ({**COMMON, **RW, "command_template": STR, "options": "list[str]", "value_template": STR},
               {"command_topic", "options"}),
    "switch": ({**COMMON, **RW, "command_template": STR, "device_class": STR, "payload_on": STR, "payload_off": STR,
                "state_on": STR, "state_off": STR, "value_template": STR},
               {"command_topic"}),
    "event": ({**COMMON, **RO, "device_class": STR, "event_types": "list[str]"},
              {"state_topic", "event_types"}),
    # light/schema_json.py (2024.1): the JSON schema's flags and lists; light/schema.py adds `schema`.
    "light": ({**COMMON, **RW, "schema": STR, "brightness": BOOL, "brightness_scale": INT, "color_mode": BOOL,
               "supported_color_modes": "list[str]", "effect": BOOL, "effect_list": "list[str]",
               "flash_time_long": INT, "flash_time_short": INT, "max_mireds": INT, "min_mireds": INT,
               "white_scale": INT, "hs": BOOL, "rgb": BOOL, "xy": BOOL, "color_temp": BOOL},
              {"command_topic"}),
    "sensor": ({**COMMON, **RO, "device_class": STR, "expire_after": INT, "force_update": BOOL,
                "last_reset_value_template": STR, "suggested_display_precision": INT, "state_class": STR,
                "unit_of_measurement": STR},
               {"state_topic"}),
}
COLOR_MODES = ("onoff", "brightness", "color_temp", "hs", "xy", "rgb", "rgbw", "rgbww", "white")  # light.VALID_COLOR_MODES
STATE_CLASSES = ("measurement", "total", "total_increasing")  # sensor.SensorStateClass
ENTITY_ID = re.compile(r"^(?!.+__)(?!_)[\da-z_]+(?<!_)\.(?!_)[\da-z_]+(?<!_)$")  # cv.entity_id (valid_entity_id)
TOPIC_BAD = re.compile(r"[+#\x00]")  # valid_publish_topic / no wildcards in a state topic


def validate(component, payload):
    problems = []
    if component not in SCHEMAS:
        return [f"unknown component {component}"]
    keys, required = SCHEMAS[component]
    for k in sorted(required - payload.keys()):
        problems.append(f"missing required '{k}'")
    for k, v in payload.items():
        if k not in keys:
            problems.append(f"unknown key '{k}'")
        elif not is_type(v, keys[k]):
            problems.append(f"'{k}' should be {keys[k]}, is {type(v).__name__} {v!r}")
    for k in ("command_topic", "state_topic", "availability_topic"):
        if isinstance(payload.get(k), str) and (not payload[k] or TOPIC_BAD.search(payload[k])):
            problems.append(f"'{k}' is not a valid topic: {payload[k]!r}")
    dev = payload.get("device")
    if isinstance(dev, dict):
        for k, v in dev.items():
            if k not in DEVICE: problems.append(f"device: unknown key '{k}'")
            elif not is_type(v, DEVICE[k]) and not (k == "identifiers" and isinstance(v, str)):
                problems.append(f"device: '{k}' should be {DEVICE[k]}")
        if not dev.get("identifiers") and not dev.get("connections"):
            problems.append("device: needs identifiers or connections")
    org = payload.get("origin")
    if isinstance(org, dict):
        for k in ORIGIN_REQUIRED - org.keys(): problems.append(f"origin: missing '{k}'")
        for k, v in org.items():
            if k not in ORIGIN or not is_type(v, ORIGIN[k]): problems.append(f"origin: bad key '{k}'")
    dei, oid = payload.get("default_entity_id"), payload.get("object_id")
    if isinstance(dei, str) and (not ENTITY_ID.match(dei) or not dei.startswith(component + ".")):
        problems.append(f"default_entity_id {dei!r} is not a valid '{component}.' entity id")
    if (dei is None) != (oid is None):
        problems.append("the entity id is suggested one way only: send object_id (Home Assistant up to 2025.9) "
                        "and default_entity_id (2025.10 on) together")
    elif isinstance(dei, str) and isinstance(oid, str) and dei != f"{component}.{oid}":
        problems.append(f"object_id {oid!r} and default_entity_id {dei!r} name different entities")
    if component == "number":
        lo, hi, step = payload.get("min", 1), payload.get("max", 100), payload.get("step", 1)
        if is_type(lo, NUM) and is_type(hi, NUM) and lo >= hi: problems.append(f"min {lo} must be below max {hi}")
        if is_type(step, NUM) and step < 1e-3: problems.append(f"step {step} is below 0.001")
        if payload.get("mode", "auto") not in ("auto", "box", "slider"): problems.append(f"mode {payload.get('mode')!r}")
    if component in ("select",) and isinstance(payload.get("options"), list) and not payload["options"]:
        problems.append("options is empty")
    if component == "event" and isinstance(payload.get("event_types"), list) and not payload["event_types"]:
        problems.append("event_types is empty")
    if component == "light":
        if payload.get("schema", "basic") != "json":
            problems.append(f"schema {payload.get('schema')!r}: only the JSON schema's keys are known here")
        if ("color_mode" in payload) != ("supported_color_modes" in payload):
            problems.append("color_mode and supported_color_modes go together (vol.Inclusive in 2024.1)")
        modes = payload.get("supported_color_modes", [])
        if isinstance(modes, list) and any(m not in COLOR_MODES for m in modes):
            problems.append(f"supported_color_modes {modes!r}: not all of {', '.join(COLOR_MODES)}")
        if is_type(payload.get("brightness_scale"), INT) and payload["brightness_scale"] < 1:
            problems.append("brightness_scale must be at least 1")
        if payload.get("effect") and not payload.get("effect_list"):
            problems.append("effect without an effect_list")
    if component == "sensor":
        if "state_class" in payload and payload["state_class"] not in STATE_CLASSES:
            problems.append(f"state_class {payload['state_class']!r} is not one of {', '.join(STATE_CLASSES)}")
        for k in ("suggested_display_precision", "expire_after"):
            if is_type(payload.get(k), INT) and payload[k] < 0: problems.append(f"{k} {payload[k]} is negative")
        if "command_topic" in payload: problems.append("a sensor is read-only: no command_topic")
    return problems


# Home Assistant's own schemas, when a Home Assistant 2024.1 venv is at hand ($KNOB_HA_VENV,
# else ../ha-venv next to the checkout): each config through the component's DISCOVERY_SCHEMA,
# as discovery runs it. Those schemas drop unknown keys silently (vol.REMOVE_EXTRA), so a key
# that does not come back is reported too, except default_entity_id, which 2024.1 does not
# know yet (see the module's note).
_HA_CHECK = r'''
import json, sys
import homeassistant.bootstrap  # noqa: F401  (imports the core in the order Home Assistant does)
import importlib, voluptuous as vol
out = []
for component, payload in json.load(sys.stdin):
    schema = importlib.import_module("homeassistant.components.mqtt." + component).DISCOVERY_SCHEMA
    try:
        kept = schema(dict(payload))
    except vol.Invalid as e:
        out.append(f"{component}: Home Assistant refuses it: {e}"); continue
    for k in sorted(set(payload) - set(kept) - {"default_entity_id"}):
        out.append(f"{component}: Home Assistant drops the key '{k}'")
print(json.dumps(out))
'''


def home_assistant_python():
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    venv = os.environ.get("KNOB_HA_VENV") or os.path.join(here, "..", "..", "..", "ha-venv")
    py = os.path.join(venv, "bin", "python")
    return py if os.access(py, os.X_OK) else None


def validate_with_home_assistant(configs):
    """[(component, payload)] -> problems Home Assistant's own schemas find, or None when no
    Home Assistant venv is installed."""
    import json, subprocess
    py = home_assistant_python()
    if not py:
        return None
    r = subprocess.run([py, "-c", _HA_CHECK], input=json.dumps(configs), capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return [f"the Home Assistant check failed: {r.stderr.strip()[-400:]}"]
    return json.loads(r.stdout)
