#!/usr/bin/env python3
"""run --mqtt against a real broker (Debian's mosquitto on a free port), the panel headless:
broker down at start, the discovery set a fresh subscriber sees checked key by key against
Home Assistant's schema (ha_schema.py), set over MQTT -> event and state, out-of-range sets
clamped, garbage on every set topic, broker restart -> reconnect + republish, a dial driven
over MQTT and its event entity, hot reload -> removed entities cleared (config, then state)
and new ones announced, a knob turned by a touch drag (input script) -> state with source
user at most 10 times a second and the final value at once, a button tap -> one event,
discrete knobs without titles -> their indices as options, the default client id stable
across a host rename, credentials file permissions, and the round trip set -> state
(median and p95 of 100).
Network faults (silent drop, TLS) are in mqtt_net.py.
Usage: mqtt.py KNOB_PANEL_BINARY   (exit 0: all passed; 77: mosquitto not installed)"""
import json, os, shutil, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mqtt_support import *  # noqa
import ha_schema

BIN = sys.argv[1]
PANEL = "panels/demo.json"


def components(panel_path):
    """The Home Assistant component of each widget, as the program maps it (check --entities):
    the mapping lives in the widget catalog only."""
    out = subprocess.run([BIN, "check", "--entities", panel_path], capture_output=True, text=True, check=True).stdout
    return {j["widget"]: j["component"] for j in (json.loads(l) for l in out.splitlines() if l.startswith("{"))}


def shown_name(w, panel_name):
    """What the panel shows for a widget (a label or title, one line), else its id; None when
    it equals the panel's name (Home Assistant would null it)."""
    text = " ".join(str(w.get("label") or w.get("title") or "").split())
    if not text: return w["id"]
    if text == panel_name: return None
    if text.startswith(panel_name + " "): text = text[len(panel_name):].strip(); text = text[:1].upper() + text[1:]
    return text


def check_discovery(configs, panel_path, node, version, label):
    """Every entity of every page present, each config valid against Home Assistant's schema,
    named by what the panel shows, with an entity id from the node id on every Home Assistant."""
    panel_json = json.load(open(panel_path))
    comps = components(panel_path)
    want = {}
    for page in panel_json["pages"]:
        for w in page["widgets"]:
            comp = comps.get(w["id"])
            if comp: want[f"homeassistant/{comp}/{node}/{w['id']}/config"] = w
    want[f"homeassistant/select/{node}/page/config"] = None
    want[f"homeassistant/light/{node}/screen/config"] = "Screen"
    check(f"{label}: one config per entity, every page ({len(want)})", set(configs) == set(want), sorted(set(configs) ^ set(want)))
    problems = []
    slug = lambda s: "_".join(x for x in "".join(ch if ch.isalnum() and ch.isascii() else "_" for ch in s.lower()).split("_") if x)
    for t, c in sorted(configs.items()):
        for p in ha_schema.validate(t.split("/")[1], c): problems.append(f"{t}: {p}")
        w = want.get(t)
        expected = w if isinstance(w, str) else shown_name(w, panel_json["panel"]) if w else "Page"
        if c.get("name", "missing") != expected: problems.append(f"{t}: name {c.get('name')!r}, the panel shows {expected!r}")
        oid = slug(f"{node}_{t.split('/')[3]}")
        if c.get("object_id") != oid or c.get("default_entity_id") != f"{t.split('/')[1]}.{oid}":
            problems.append(f"{t}: object_id {c.get('object_id')!r} / default_entity_id {c.get('default_entity_id')!r}, want {oid!r}")
        dev = c.get("device", {})
        if dev.get("model") != "knob-panel" or dev.get("sw_version") != version or dev.get("name") != panel_json["panel"]:
            problems.append(f"{t}: device block {dev}")
        if c.get("origin", {}).get("sw_version") != version: problems.append(f"{t}: origin {c.get('origin')}")
    check(f"{label}: every config valid against Home Assistant's schema (required keys, no unknown keys, types), "
          "named as the panel shows it, object_id and default_entity_id <node>_<widget>", not problems, problems)
    own = ha_schema.validate_with_home_assistant([(t.split("/")[1], c) for t, c in sorted(configs.items())])
    if own is None:
        note(f"{label}: Home Assistant's own DISCOVERY_SCHEMAs not tried (no Home Assistant venv; set KNOB_HA_VENV)")
    else:
        check(f"{label}: Home Assistant 2024.1's own DISCOVERY_SCHEMA takes every config and keeps every key", not own, own)
    return want


def main():
    if not broker_binary() or not shutil.which("mosquitto_sub"):
        print("  skip  mqtt tests: mosquitto not installed (scripts/install-deps.sh test)"); return 77
    version = subprocess.run([BIN, "--version"], capture_output=True, text=True).stdout.split()[-1]
    tmp = tempfile.mkdtemp(prefix="knob-mqtt.")
    port = free_port()
    pre = "knob-panel/demo-test"
    # 1. Broker down at start: the panel starts anyway and connects when the broker comes.
    panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-discovery", "--mqtt-id", "demo-test"])
    check("panel shows itself with the broker down", panel.wait_ready() and panel.alive(), panel.log())
    time.sleep(0.6)
    b = Broker(tmp, port)
    sub = Sub(port)
    m = sub.wait(lambda t, p: t == pre + "/status" and p == "online", 15)
    check("broker down at start: connects once it comes (status online, retained)", m is not None, panel.log())
    # 2. A fresh subscriber: the complete discovery set and the state of every control.
    sub.close(); sub = Sub(port)
    seen = sub.drain(1.5)
    configs = {t: js(p) for t, p, _ in seen if t.startswith("homeassistant/") and p}
    states = {t: js(p) for t, p, _ in seen if t.endswith("/state")}
    demo = json.load(open(PANEL))
    check_discovery(configs, PANEL, "demo-test", version, "discovery")
    vol = configs.get("homeassistant/number/demo-test/volume/config", {})
    check("number: volume min 0 max 100 step 1 mode slider unit %, value_template reads .value",
          (vol.get("min"), vol.get("max"), vol.get("step"), vol.get("mode"), vol.get("unit_of_measurement"), vol.get("value_template"))
          == (0, 100, 1, "slider", "%", "{{ value_json.value }}"), vol)
    gain = configs.get("homeassistant/number/demo-test/gain/config", {})
    check("number: gain unit dB (from '%+.1f dB')", gain.get("unit_of_measurement") == "dB", gain)
    rev = configs.get("homeassistant/select/demo-test/reverb/config", {})
    check("select: reverb options are its titles", rev.get("options") == ["Off", "Room", "Hall", "Plate", "Spring"], rev.get("options"))
    check("device sw_version is `knob-panel --version`", vol.get("device", {}).get("sw_version") == version, (version, vol.get("device")))
    check("unique_ids distinct and stable (node + widget id), object_id demo_test_volume, default_entity_id number.demo_test_volume",
          len({c["unique_id"] for c in configs.values()}) == len(configs) and vol.get("unique_id") == "demo-test_volume"
          and vol.get("object_id") == "demo_test_volume" and vol.get("default_entity_id") == "number.demo_test_volume", vol)
    names = {k: configs.get(f"homeassistant/{c}/demo-test/{k}/config", {}).get("name")
             for c, k in (("switch", "phantom"), ("event", "record"), ("select", "input"), ("number", "volume"))}
    check("entity names are what the panel shows: 48 V, Rec; the id only for the segmented control (it shows none)",
          names == {"phantom": "48 V", "record": "Rec", "input": "input", "volume": "Volume"}, names)
    rec = configs.get("homeassistant/event/demo-test/record/config", {})
    check("button: one event type, clicked (a tap is one logbook entry)", rec.get("event_types") == ["clicked"], rec)
    controls = [w["id"] for p in demo["pages"] for w in p["widgets"] if w["type"] != "label"]
    check("retained state of every control on every page, and the page",
          all(f"{pre}/{c}/state" in states for c in controls) and f"{pre}/page/state" in states,
          sorted(set(f"{pre}/{c}/state" for c in controls) - set(states)))
    # 3. Set over MQTT: the event (source mqtt) and the new state.
    pub(port, f"{pre}/volume/set", "42")
    ev = sub.wait(lambda t, p: t == pre + "/events" and '"widget":"volume"' in p)
    st = sub.wait(lambda t, p: t == pre + "/volume/state")
    check("set 42 -> valueChanged with source mqtt", ev is not None and js(ev[1]).get("source") == "mqtt" and js(ev[1]).get("value") == 42, ev)
    check("set 42 -> state value 42", st is not None and js(st[1]).get("value") == 42, st)
    pub(port, f"{pre}/reverb/set", "Hall")
    st = sub.wait(lambda t, p: t == pre + "/reverb/state")
    check("select title 'Hall' -> reverb state", st is not None and js(st[1]).get("title") == "Hall", st)
    pub(port, f"{pre}/volume/set", '{"command":"set","value":500}')
    st = sub.wait(lambda t, p: t == pre + "/volume/state")
    check("out of range: JSON set value 500 is clamped to 100 (the knob's range)", st is not None and js(st[1]).get("value") == 100, st)
    pub(port, f"{pre}/volume/set", "-7")
    st = sub.wait(lambda t, p: t == pre + "/volume/state")
    check("out of range: bare -7 is clamped to 0", st is not None and js(st[1]).get("value") == 0, st)
    pub(port, f"{pre}/phantom/set", "OFF")
    st = sub.wait(lambda t, p: t == pre + "/phantom/state")
    check("toggle OFF -> state on:false", st is not None and js(st[1]).get("on") is False, st)
    pub(port, f"{pre}/lights/set", "30")
    st = sub.wait(lambda t, p: t == pre + "/lights/state")
    check("a knob on a page not shown is set too (every page's entities)", st is not None and js(st[1]).get("value") == 30, st)
    panel.send('{"command":"set","widget":"pan","value":-20}')
    st = sub.wait(lambda t, p: t == pre + "/pan/state")
    check("a change from elsewhere (stdin) updates the state topic", st is not None and js(st[1]).get("value") == -20, st)
    pub(port, f"{pre}/page/set", "room")
    st = sub.wait(lambda t, p: t == pre + "/page/state")
    check("page set 'room' -> page state", st is not None and js(st[1]).get("page") == "room", st)
    seen = sub.drain(0.5)
    check("a page change removes no entity", not any(t.startswith("homeassistant/") and p == "" for t, p, _ in seen))
    pub(port, f"{pre}/page/set", "mixer"); sub.wait(lambda t, p: t == pre + "/page/state")
    # 4. Garbage on every set topic: one log line each, nothing changes, the panel lives.
    sub.drain(0.3)
    mark = len(sub.seen)
    before = panel.log().count("mqtt: ignored")
    garbage = ["", "garbage", "{", '{"command":"set","widget":"other","value":1}', "\xff\xfe", "nan", "1e999", "x" * 10000,
               '{"command":"reload"}', '{"command":"set","value":"loud"}']
    ids = controls + ["page", "nosuchwidget"]
    free_text = {w["id"] for p in demo["pages"] for w in p["widgets"] if w["type"] in ("label", "button")}
    sent = 0
    for wid in ids:
        for g in garbage:
            subprocess.run(["mosquitto_pub", "-p", str(port), "-t", f"{pre}/{wid}/set", "-m", g], check=False); sent += 1
    time.sleep(1.0)
    changes = [m for m in sub.drain(0.5)[mark:] if m[0].endswith("/state") or m[0].endswith("/events")]
    log = panel.log()
    ignored = log.count("mqtt: ignored") - before
    # Buttons take any text as their title (a bare value by design): their changes are expected.
    bad = [m for m in changes if not any(f"/{w}/" in m[0] or f'"widget":"{w}"' in m[1] for w in free_text)]
    check(f"garbage on every set topic ({sent} messages): panel alive", panel.alive())
    check("garbage changes no control's state", not bad, bad[:5])
    expected_ignored = sent - len(free_text & set(ids)) * 4  # a button accepts 4 of these as titles
    check(f"garbage: one log line each ({ignored} lines for {sent} messages)", ignored >= expected_ignored, log[-2500:])
    # 5. Broker restart: reconnect with backoff, republish retained state and discovery.
    stop(b.p); sub.close()
    time.sleep(1.0)
    b.start()
    t0 = time.monotonic()
    sub = Sub(port)
    m = sub.wait(lambda t, p: t == pre + "/volume/state", 20)
    seen = sub.drain(1.0)
    check(f"broker restart: reconnects and republishes state ({time.monotonic() - t0:.1f} s after the broker came back)",
          m is not None and js(m[1]).get("value") == 0, panel.log()[-1500:])
    check("broker restart: discovery republished", any(t == "homeassistant/number/demo-test/volume/config" for t, _, _ in seen))
    check("broker restart: log says 'connected again'", "mqtt: connected again" in panel.log())
    # 6. Round trip set -> state message: 100 each with mosquitto_pub and with a kept connection.
    def round_trips(send):
        rt = []
        for i in range(100):
            v = 10 + (i % 50)
            t0 = time.monotonic()
            send(f"{pre}/volume/set", str(v))
            m = sub.wait(lambda t, p: t == pre + "/volume/state" and js(p).get("value") == v, 5)
            if m: rt.append(m[2] - t0)
            sub.seen.clear()
        return rt
    pub(port, f"{pre}/volume/set", "99"); sub.wait(lambda t, p: t == pre + "/volume/state")
    rt_proc = round_trips(lambda t, p: pub(port, t, p))
    pc = Publisher(port)
    rt_conn = round_trips(pc.publish)
    pc.close()
    for name, rt in (("mosquitto_pub (a process each)", rt_proc), ("kept MQTT connection", rt_conn)):
        if rt:
            note(f"set -> state round trip, {name}: median {statistics_ms(rt, 50)} ms, p95 {statistics_ms(rt, 95)} ms, "
                 f"min {min(rt)*1000:.2f}, max {max(rt)*1000:.2f} (n={len(rt)})")
    check("round trip: 200 of 200 state messages arrived", len(rt_proc) + len(rt_conn) == 200, (len(rt_proc), len(rt_conn)))
    # 7. Clean exit: offline, retained.
    panel.stop()
    m = sub.wait(lambda t, p: t == pre + "/status" and p == "offline", 5)
    check("clean exit publishes status offline", m is not None)
    sub.close()
    # 8. A dial over MQTT, and hot reload (phone.json copied, edited while running).
    phone = os.path.join(tmp, "phone.json")
    shutil.copy("panels/phone.json", phone)
    ppre = "knob-panel/phone-test"
    sub = Sub(port)
    panel = Panel(BIN, phone, tmp, ["--watch", "--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-discovery", "--mqtt-id", "phone-test"], name="phone")
    check("phone panel up", panel.wait_ready(), panel.log())
    sub.wait(lambda t, p: t == ppre + "/status" and p == "online", 10)
    seen = sub.drain(1.0)
    configs = {t: js(p) for t, p, _ in seen if t.startswith("homeassistant/") and "/phone-test/" in t and p}
    check_discovery(configs, phone, "phone-test", version, "dial panel discovery")
    dial = configs.get("homeassistant/event/phone-test/phone/config", {})
    check("dial -> event entity with event types '0'…'9' on …/phone/event",
          dial.get("event_types") == [str(d) for d in range(10)] and dial.get("state_topic") == ppre + "/phone/event", dial)
    pub(port, f"{ppre}/phone/set", "7")
    ev = sub.wait(lambda t, p: t == ppre + "/phone/event", 10)
    sub.drain(0.2)
    dialed = next((m for m in sub.seen if m[0] == ppre + "/events" and '"event":"dialed"' in m[1]), None)
    check("dial set '7' -> event {event_type: '7', source: mqtt} on …/phone/event", ev is not None and js(ev[1]) == {"event_type": "7", "source": "mqtt"}, ev)
    check("dial set '7' -> dialed number 7 on …/events", dialed is not None and js(dialed[1]).get("number") == 7, dialed)
    pub(port, f"{ppre}/phone/set", '{"command":"dial","number":3}')
    ev = sub.wait(lambda t, p: t == ppre + "/phone/event", 10)
    check("dial JSON {command: dial, number: 3} -> event_type '3'", ev is not None and js(ev[1]).get("event_type") == "3", ev)
    before = panel.log().count("mqtt: ignored")
    for g in ("12", "x", "-1", "3.5"): pub(port, f"{ppre}/phone/set", g)
    time.sleep(0.5)
    check("dial: '12', 'x', '-1', '3.5' ignored with a log line each", panel.log().count("mqtt: ignored") - before == 4, panel.log()[-800:])
    # Edit the file: the dial 'phone' becomes 'rotary', a new knob 'volume' comes, 'hint' goes.
    doc = json.load(open(phone))
    ws = doc["pages"][0]["widgets"]
    ws[:] = [w for w in ws if w["id"] != "hint"]
    for w in ws:
        if w["id"] == "phone": w["id"] = "rotary"
    ws.append({"id": "volume", "type": "knob", "mode": "continuous", "range": [0, 10], "frame": [40, 300, 160, 160]})
    sub.drain(0.2); mark = len(sub.seen)
    tmpf = phone + ".new"
    json.dump(doc, open(tmpf, "w")); os.rename(tmpf, phone)
    gone = sub.wait(lambda t, p: t == "homeassistant/event/phone-test/phone/config" and p == "", 10)
    state_gone = sub.wait(lambda t, p: t == ppre + "/phone/state" and p == "", 10)
    seen = sub.drain(0.5)[mark:]
    check("reload: the removed dial's config is cleared (empty retained)", gone is not None, panel.log()[-1000:])
    check("reload: its state topic is cleared too, after the config, once Home Assistant has removed the entity "
          f"({state_gone[2] - gone[2]:.2f} s later)" if gone and state_gone else "reload: its state topic is cleared too",
          gone is not None and state_gone is not None and state_gone[2] - gone[2] >= 1.0, [m[:2] for m in seen][:20])
    new = [js(p) for t, p, _ in seen if t == "homeassistant/event/phone-test/rotary/config" and p]
    vnew = [js(p) for t, p, _ in seen if t == "homeassistant/number/phone-test/volume/config" and p]
    check("reload: the renamed dial and the new knob are announced", new and vnew and not ha_schema.validate("number", vnew[0])
          and (vnew[0]["min"], vnew[0]["max"]) == (0, 10), (new, vnew))
    sub.close(); sub = Sub(port, "homeassistant/+/phone-test/#")
    fresh = {t for t, p, _ in sub.drain(1.0) if p}
    check("reload: a fresh subscriber sees exactly the new set", fresh == {"homeassistant/event/phone-test/rotary/config",
          "homeassistant/number/phone-test/volume/config", "homeassistant/select/phone-test/page/config",
          "homeassistant/light/phone-test/screen/config"}, sorted(fresh))
    panel.stop(); sub.close()
    # The file changes while the panel is off: at the next start, the leftovers are cleared.
    shutil.copy("panels/phone.json", phone)
    sub = Sub(port)
    panel = Panel(BIN, phone, tmp, ["--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-discovery", "--mqtt-id", "phone-test"], name="phone2")
    check("phone panel up again, with the original file", panel.wait_ready(), panel.log())
    cleared = sub.wait(lambda t, p: t == "homeassistant/number/phone-test/volume/config" and p == "", 10)
    state_cleared = sub.wait(lambda t, p: t == ppre + "/volume/state" and p == "", 10)
    sub.drain(0.5)
    check("restart with a changed file: the previous run's leftover entities are cleared (config, then state)", cleared is not None
          and any(t == "homeassistant/event/phone-test/rotary/config" and p == "" for t, p, _ in sub.seen)
          and state_cleared is not None and state_cleared[2] - cleared[2] >= 1.0, panel.log()[-800:])
    sub.close(); sub = Sub(port, "homeassistant/+/phone-test/#")
    fresh = {t for t, p, _ in sub.drain(1.0) if p}
    check("restart with a changed file: a fresh subscriber sees exactly the file's set", fresh == {
          "homeassistant/event/phone-test/phone/config", "homeassistant/select/phone-test/page/config",
          "homeassistant/light/phone-test/screen/config"}, sorted(fresh))
    panel.stop(); sub.close()
    # 9. A knob turned by real input (a touch drag from an input script) -> state, source user.
    # A retained set left on the broker must not be replayed into the panel when it subscribes.
    pub(port, f"{pre}/volume/set", "55", retain=True)
    script = os.path.join(tmp, "turn.jsonl")
    with open(script, "w") as f:
        # A one-second drag at 60 motions a second, then a tap on the record button.
        f.write('{"t":1.5,"type":"touch_down","id":0,"widget":"volume","angle":0,"radius":0.8}\n')
        for i in range(1, 61):
            f.write(f'{{"t":{1.5 + i / 60:.4f},"type":"touch_motion","id":0,"widget":"volume","angle":{-2 * i},"radius":0.8}}\n')
        f.write('{"t":2.55,"type":"touch_up","id":0}\n')
        f.write('{"t":3.0,"type":"touch_down","id":0,"widget":"record"}\n{"t":3.1,"type":"touch_up","id":0}\n')
    sub = Sub(port, pre + "/#")
    panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-id", "demo-test", "--script", script], name="touch")
    check("panel with --script up", panel.wait_ready(), panel.log())
    m = sub.wait(lambda t, p: t == pre + "/volume/state", 5)
    start_value = js(m[1]).get("value") if m else None
    time.sleep(0.3)
    check("a retained set on the broker is not applied at subscribe (one log line)", start_value != 55
          and "retained set messages are not applied" in panel.log(), (start_value, panel.log()[-600:]))
    subprocess.run(["mosquitto_pub", "-p", str(port), "-t", f"{pre}/volume/set", "-r", "-n"], check=False)  # clear it
    ev = sub.wait(lambda t, p: t == pre + "/events" and '"widget":"volume"' in p and '"source":"user"' in p and "valueChanged" in p, 10)
    st = sub.wait(lambda t, p: t == pre + "/volume/state" and js(p).get("value") != start_value, 5)
    check("touch drag on the volume knob -> valueChanged with source user on …/events", ev is not None, panel.log()[-800:])
    check(f"touch drag -> …/volume/state changes (from {start_value})", st is not None, [m[:2] for m in sub.seen][-10:])
    clicked = sub.wait(lambda t, p: t == pre + "/record/event", 10)
    sub.drain(0.5)
    seen = sub.seen
    began = next((m for m in seen if m[0] == pre + "/events" and '"trackingBegan"' in m[1]), None)
    ended = next((m for m in seen if m[0] == pre + "/events" and '"trackingEnded"' in m[1]), None)
    changes = [js(m[1]) for m in seen if m[0] == pre + "/events" and '"widget":"volume"' in m[1] and "valueChanged" in m[1]]
    during = [m for m in seen if m[0] == pre + "/volume/state" and began and ended and began[2] <= m[2] < ended[2]]
    final = ([m for m in seen if m[0] == pre + "/volume/state"] or [None])[-1]   # before or after trackingEnded's line
    gap = min((b[2] - a[2] for a, b in zip(during, during[1:])), default=0)
    check(f"a 1 s drag: {len(changes)} valueChanged events, {len(during)} state messages while the finger moves, "
          f"at least {gap * 1000:.0f} ms apart (at most 10 a second)",
          began and ended and len(changes) >= 50 and 3 <= len(during) <= 12 and gap >= 0.08, (len(changes), [m[1] for m in during]))
    check(f"the last state is the final value, out when the finger lifts ({(final[2] - ended[2]) * 1000 if final and ended else 0:.1f} ms "
          "from trackingEnded), not held to the next 0.1 s slot", final is not None and ended and changes
          and js(final[1]).get("value") == changes[-1].get("value") and final[2] - ended[2] < 0.05, (final, changes[-1:] if changes else None))
    taps = [js(m[1]) for m in seen if m[0] == pre + "/record/event"]
    check("a tap on the button: one message on …/record/event, clicked", taps == [{"event_type": "clicked", "source": "user"}], taps)
    panel.stop(); sub.close()
    # 10. Discrete knobs without titles (panels/knobs.json: wheel, tap) offer what they show,
    # and the default client id: the panel name and a hash of the machine id, not the host name.
    sub = Sub(port, "homeassistant/+/knobs-test/#")
    panel = Panel(BIN, "panels/knobs.json", tmp, ["--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-discovery", "--mqtt-id", "knobs-test"], name="knobs")
    check("knobs panel up", panel.wait_ready(), panel.log())
    sub.wait(lambda t, p: t.endswith("/tap/config"), 10); sub.drain(0.5)
    configs = {t: js(p) for t, p, _ in sub.seen if p}
    check_discovery(configs, "panels/knobs.json", "knobs-test", version, "knob gallery discovery")
    opts = {k: configs.get(f"homeassistant/select/knobs-test/{k}/config", {}).get("options") for k in ("wheel", "tap", "picker")}
    check("discrete knobs without titles offer their position indices, as drawn (wheel 0…7, tap 0…11)",
          opts == {"wheel": [str(i) for i in range(8)], "tap": [str(i) for i in range(12)], "picker": ["Off", "Low", "Med", "High", "Max", "Auto"]}, opts)
    st_sub = Sub(port, "knob-panel/knobs-test/wheel/state")
    st_sub.wait(lambda t, p: True, 5)
    pub(port, "knob-panel/knobs-test/wheel/set", "5")
    st = st_sub.wait(lambda t, p: js(p).get("title") == "5", 5)
    check("select option '5' on the wheel -> its state title '5' (one of the options)", st is not None, st_sub.seen[-3:])
    panel.stop(); sub.close(); st_sub.close()
    # 10b. Read-only instruments (panels/instruments.json): meters and gauges are sensors with
    # their unit and precision and no command topic; a bare value on the set topic moves them,
    # clamped to the range.
    sub = Sub(port, "homeassistant/+/inst-test/#")
    panel = Panel(BIN, "panels/instruments.json", tmp, ["--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-discovery", "--mqtt-id", "inst-test"], name="instruments")
    check("instruments panel up", panel.wait_ready(), panel.log())
    sub.wait(lambda t, p: t.endswith("/cpu/config"), 10); sub.drain(0.5)
    configs = {t: js(p) for t, p, _ in sub.seen if p}
    check_discovery(configs, "panels/instruments.json", "inst-test", version, "instruments discovery")
    left = configs.get("homeassistant/sensor/inst-test/left/config", {})
    coolant = configs.get("homeassistant/sensor/inst-test/coolant/config", {})
    check("meter 'left' is a sensor: state topic, value_template .value, measurement, 1 decimal, no unit, no command topic",
          (left.get("state_topic"), left.get("value_template"), left.get("state_class"), left.get("suggested_display_precision"),
           "unit_of_measurement" in left, "command_topic" in left)
          == ("knob-panel/inst-test/left/state", "{{ value_json.value }}", "measurement", 1, False, False), left)
    check("gauge 'coolant' is a sensor in °C (its unit), named by its title, 0 decimals",
          (coolant.get("name"), coolant.get("unit_of_measurement"), coolant.get("suggested_display_precision")) == ("Coolant", "°C", 0), coolant)
    st_sub = Sub(port, "knob-panel/inst-test/+/state")
    st_sub.drain(0.5)
    pub(port, "knob-panel/inst-test/rpm/set", "9999")
    st = st_sub.wait(lambda t, p: t.endswith("/rpm/state") and js(p).get("value") == 8, 5)
    check("bare 9999 on the gauge's set topic -> state value 8 (clamped to its range [0, 8])", st is not None, st_sub.seen[-3:])
    pub(port, "knob-panel/inst-test/left/set", '{"command":"set","value":-12.25}')
    st = st_sub.wait(lambda t, p: t.endswith("/left/state") and js(p).get("value") == -12.3, 5)
    check("JSON set -12.25 on the meter -> state -12.3 (its %.1f; half away from zero)", st is not None, st_sub.seen[-3:])
    panel.stop(); sub.close(); st_sub.close()
    def default_id(extra=()):
        r = subprocess.run([*extra, BIN, "run", PANEL, "--headless", "--mqtt", f"mqtt://127.0.0.1:{port}", "--exit-after", "0.3"],
                           capture_output=True, text=True, stdin=subprocess.DEVNULL)
        return next((l.split(" as '")[1].split("'")[0] for l in r.stderr.splitlines() if " as '" in l), None)
    first, again = default_id(), default_id()
    host = os.uname().nodename
    check(f"default client id '{first}': the panel name and 8 hex digits, the same at every start, no host name",
          first and first == again and first.startswith("Studio_A-") and len(first) == len("Studio_A-") + 8 and first != "Studio_A-" + host, (first, again))
    renamed = default_id(["unshare", "--uts", "sh", "-c", 'hostname renamed-panel-host && exec "$0" "$@"']) if shutil.which("unshare") else None
    if renamed is None:
        note("host rename not tried (no UTS namespace here)")
    else:
        check("a renamed host keeps the client id (so Home Assistant keeps the device)", renamed == first, (renamed, first))
    b.stop()
    # 11. Credentials file readable by others: refused before anything starts.
    cred = os.path.join(tmp, "cred"); open(cred, "w").write("user\npass\n"); os.chmod(cred, 0o644)
    r = subprocess.run([BIN, "run", PANEL, "--headless", "--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-credentials", cred,
                        "--exit-after", "0"], capture_output=True, text=True)
    check("credentials file readable by others is refused (exit 64)", r.returncode == 64 and "chmod 600" in r.stderr, r.stderr)
    os.chmod(cred, 0o600)
    r = subprocess.run([BIN, "run", PANEL, "--headless", "--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-credentials", cred,
                        "--exit-after", "0.2"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    check("credentials file 0600 accepted (broker down: still runs)", r.returncode == 0, r.stderr)
    r = subprocess.run([BIN, "run", PANEL, "--headless", "--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-keepalive", "4"], capture_output=True, text=True)
    check("--mqtt-keepalive 4 is refused (5…3600)", r.returncode == 64 and "--mqtt-keepalive" in r.stderr, r.stderr)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0 if results["fails"] == 0 else 1


def statistics_ms(values, q):
    return f"{percentile(values, q) * 1000:.2f}"


status = 1
try:
    status = main()
finally:
    stop_all()
sys.exit(status)
