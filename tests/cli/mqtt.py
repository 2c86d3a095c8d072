#!/usr/bin/env python3
"""run --mqtt against a real broker (Debian's mosquitto on a free port), the panel headless:
broker down at start, discovery + state a fresh subscriber sees, set over MQTT -> event and
state, garbage on every set topic, broker restart -> reconnect + republish, credentials file
permissions, and the mosquitto_pub -> state round trip (median of 100, printed).
Usage: mqtt.py KNOB_PANEL_BINARY   (exit 0: all passed; 77: mosquitto not installed)"""
import json, os, queue, shutil, socket, statistics, subprocess, sys, tempfile, threading, time

BIN = sys.argv[1]
PANEL = "panels/demo.json"
fails = 0
procs = []


def check(name, cond, detail=""):
    global fails
    print(("  ok    " if cond else "  FAIL  ") + name + ("" if cond else "\n        " + str(detail)[:800]))
    if not cond:
        fails += 1


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p


def start(args, **kw):
    p = subprocess.Popen(args, **kw); procs.append(p); return p


def stop(p):
    if p.poll() is None:
        p.terminate()
        try: p.wait(5)
        except subprocess.TimeoutExpired: p.kill(); p.wait()


class Sub:
    """mosquitto_sub -v on TOPIC; lines arrive on a queue (topic, payload)."""
    def __init__(self, port, topic="#"):
        self.p = start(["mosquitto_sub", "-p", str(port), "-v", "-t", topic], stdout=subprocess.PIPE, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self.pump, daemon=True).start()
        self.seen = []

    def pump(self):
        for line in self.p.stdout:
            topic, _, payload = line.rstrip("\n").partition(" ")
            self.q.put((topic, payload, time.monotonic()))

    def wait(self, pred, timeout=5.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try: m = self.q.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty: break
            self.seen.append(m)
            if pred(m[0], m[1]): return m
        return None

    def drain(self, seconds=0.5):
        end = time.monotonic() + seconds
        while True:
            try: self.seen.append(self.q.get(timeout=max(0.01, end - time.monotonic())))
            except queue.Empty: return self.seen
            if time.monotonic() > end: return self.seen

    def close(self): stop(self.p)


def pub(port, topic, payload):
    subprocess.run(["mosquitto_pub", "-p", str(port), "-t", topic, "-m", payload], check=True)


def main():
    if not shutil.which("mosquitto") and not os.path.exists("/usr/sbin/mosquitto"):
        print("  skip  mqtt tests: mosquitto not installed (scripts/install-deps.sh test)"); return 77
    broker_bin = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    tmp = tempfile.mkdtemp(prefix="knob-mqtt.")
    port = free_port()
    conf = os.path.join(tmp, "m.conf")
    with open(conf, "w") as f: f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\nset_tcp_nodelay true\n")
    def broker(): return start([broker_bin, "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pre = "knob-panel/demo-test"
    err = open(os.path.join(tmp, "panel.err"), "w+")
    # 1. Broker down at start: the panel starts anyway and connects when the broker comes.
    panel = start([BIN, "run", PANEL, "--headless", "--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-discovery",
                   "--mqtt-id", "demo-test", "--ready-file", os.path.join(tmp, "ready")],
                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True)
    for _ in range(100):
        if os.path.exists(os.path.join(tmp, "ready")): break
        time.sleep(0.05)
    check("panel shows itself with the broker down", os.path.exists(os.path.join(tmp, "ready")) and panel.poll() is None)
    b = broker()
    time.sleep(0.2)
    sub = Sub(port)
    m = sub.wait(lambda t, p: t == pre + "/status" and p == "online", 15)
    check("connects once the broker comes (status online, retained)", m is not None, open(err.name).read())
    # 2. A fresh subscriber: complete discovery set and the state of every widget.
    sub.close(); sub = Sub(port)
    seen = sub.drain(1.5)
    configs = {t: json.loads(p) for t, p, _ in seen if t.startswith("homeassistant/") and p}
    states = {t: json.loads(p) for t, p, _ in seen if t.endswith("/state")}
    demo = json.load(open(PANEL))
    first = demo["pages"][0]["widgets"]
    want = {}
    for w in first:
        comp = {"knob": "select" if w.get("mode", "linearReturn") in ("linearReturn", "wheelOfFortune") else ("event" if w.get("mode") == "rotaryDial" else ("number" if "range" in w else None)),
                "slider": "number", "rangeSlider": "number", "toggle": "switch", "segmented": "select", "button": "event"}.get(w["type"])
        if comp: want[f"homeassistant/{comp}/demo-test/{w['id']}/config"] = w
    want["homeassistant/select/demo-test/page/config"] = None
    check(f"discovery: one config per entity ({len(want)})", set(configs) == set(want), sorted(set(configs) ^ set(want)))
    problems = []
    for t, c in configs.items():
        comp = t.split("/")[1]
        for k in ("name", "unique_id", "availability_topic", "device"):
            if k not in c: problems.append(f"{t}: no {k}")
        if c.get("device", {}).get("model") != "knob-panel" or not c.get("device", {}).get("identifiers"): problems.append(f"{t}: device block")
        if comp in ("number", "select", "switch") and not ("command_topic" in c and "state_topic" in c): problems.append(f"{t}: topics")
        if comp == "number" and not all(k in c for k in ("min", "max", "step")) or comp == "number" and c.get("mode") != "slider": problems.append(f"{t}: number fields")
        if comp == "select" and not c.get("options"): problems.append(f"{t}: options")
        if comp == "event" and not c.get("event_types"): problems.append(f"{t}: event_types")
    vol = configs.get("homeassistant/number/demo-test/volume/config", {})
    if (vol.get("min"), vol.get("max")) != (0, 100): problems.append(f"volume min/max {vol}")
    rev = configs.get("homeassistant/select/demo-test/reverb/config", {})
    if rev.get("options") != ["Off", "Room", "Hall", "Plate", "Spring"]: problems.append(f"reverb options {rev.get('options')}")
    check("discovery fields follow Home Assistant's schema", not problems, problems)
    check("unique_ids distinct and stable (node + widget id)", len({c["unique_id"] for c in configs.values()}) == len(configs)
          and vol.get("unique_id") == "demo-test_volume")
    check("retained state of every control", f"{pre}/volume/state" in states and f"{pre}/page/state" in states
          and states[f"{pre}/volume/state"].get("value") is not None, sorted(states))
    # 3. Set over MQTT: the event (source mqtt) and the new state.
    pub(port, f"{pre}/volume/set", "42")
    ev = sub.wait(lambda t, p: t == pre + "/events" and '"widget":"volume"' in p)
    st = sub.wait(lambda t, p: t == pre + "/volume/state")
    check("set 42 -> valueChanged with source mqtt", ev is not None and json.loads(ev[1]).get("source") == "mqtt"
          and json.loads(ev[1]).get("value") == 42, ev)
    check("set 42 -> state value 42", st is not None and json.loads(st[1]).get("value") == 42, st)
    pub(port, f"{pre}/reverb/set", "Hall")
    st = sub.wait(lambda t, p: t == pre + "/reverb/state")
    check("select title 'Hall' -> reverb state", st is not None and json.loads(st[1]).get("title") == "Hall", st)
    pub(port, f"{pre}/volume/set", '{"command":"set","value":500}')
    st = sub.wait(lambda t, p: t == pre + "/volume/state")
    check("JSON set out of range is clamped (500 -> 100)", st is not None and json.loads(st[1]).get("value") == 100, st)
    pub(port, f"{pre}/phantom/set", "OFF")
    st = sub.wait(lambda t, p: t == pre + "/phantom/state")
    check("toggle OFF -> state on:false", st is not None and json.loads(st[1]).get("on") is False, st)
    # Stdin command (as an input device would) also changes the state topic.
    panel.stdin.write('{"command":"set","widget":"pan","value":-20}\n'); panel.stdin.flush()
    st = sub.wait(lambda t, p: t == pre + "/pan/state")
    check("a change from elsewhere updates the state topic", st is not None and json.loads(st[1]).get("value") == -20, st)
    # 4. Garbage on every set topic: one log line each, nothing changes, the panel lives.
    sub.drain(0.3)
    mark = len(sub.seen)
    before_err = open(err.name).read().count("mqtt: ignored")
    garbage = ["", "garbage", "{", '{"command":"set","widget":"other","value":1}', "\xff\xfe", "nan", "1e999", "x" * 10000,
               '{"command":"reload"}']
    ids = [w["id"] for w in first] + ["page", "nosuchwidget"]
    sent = 0
    for wid in ids:
        for g in garbage:
            subprocess.run(["mosquitto_pub", "-p", str(port), "-t", f"{pre}/{wid}/set", "-m", g], check=False); sent += 1
    time.sleep(1.0)
    changes = [m for m in sub.drain(0.5)[mark:] if m[0].endswith("/state") or m[0].endswith("/events")]
    log = open(err.name).read()
    ignored = log.count("mqtt: ignored") - before_err
    check(f"garbage on every set topic ({sent} messages): panel alive", panel.poll() is None)
    # Labels and buttons take any text as a bare value (a title/text): those change state by design.
    bad = [m for m in changes if not any(f"/{w['id']}/" in m[0] for w in first if w["type"] in ("label", "button"))
           and "/status/state" not in m[0] and '"widget":"status"' not in m[1] and not any(f'"widget":"{w["id"]}"' in m[1] for w in first if w["type"] in ("label", "button"))]
    check("garbage changes no control's state", not bad, bad[:5])
    check(f"garbage: ignored with one log line each ({ignored} lines)", ignored >= sent - 2 * len(garbage) - 40, log[-2000:])
    # 5. Broker restart: reconnect with backoff, republish retained state and discovery.
    stop(b); sub.close()
    time.sleep(1.0)
    b = broker(); time.sleep(0.3)
    sub = Sub(port)
    m = sub.wait(lambda t, p: t == pre + "/volume/state", 20)
    seen = sub.drain(1.0)
    check("broker restart: reconnects and republishes state (volume 100)", m is not None and json.loads(m[1]).get("value") == 100, open(err.name).read()[-1500:])
    check("broker restart: discovery republished", any(t == "homeassistant/number/demo-test/volume/config" for t, _, _ in seen))
    # 6. Round trip mosquitto_pub -> state message, median of 100.
    rt = []
    for i in range(100):
        v = 10 + (i % 50)
        t0 = time.monotonic()
        pub(port, f"{pre}/volume/set", str(v))
        m = sub.wait(lambda t, p: t == pre + "/volume/state" and json.loads(p).get("value") == v, 5)
        if m: rt.append(m[2] - t0)
    if rt:
        med = statistics.median(rt) * 1000
        print(f"  note  mosquitto_pub -> state round trip: median {med:.1f} ms, min {min(rt)*1000:.1f}, max {max(rt)*1000:.1f} (n={len(rt)}, includes starting mosquitto_pub)")
    check("round trip: 100 of 100 state messages arrived", len(rt) == 100, len(rt))
    # Clean exit: offline retained.
    stop(panel)
    m = sub.wait(lambda t, p: t == pre + "/status" and p == "offline", 5)
    check("clean exit publishes status offline", m is not None)
    sub.close(); stop(b)
    # 7. Credentials file readable by others: refused before anything starts.
    cred = os.path.join(tmp, "cred"); open(cred, "w").write("user\npass\n"); os.chmod(cred, 0o644)
    r = subprocess.run([BIN, "run", PANEL, "--headless", "--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-credentials", cred,
                        "--exit-after", "0"], capture_output=True, text=True)
    check("credentials file readable by others is refused (exit 64)", r.returncode == 64 and "chmod 600" in r.stderr, r.stderr)
    os.chmod(cred, 0o600)
    r = subprocess.run([BIN, "run", PANEL, "--headless", "--mqtt", f"mqtt://127.0.0.1:{port}", "--mqtt-credentials", cred,
                        "--exit-after", "0.2"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    check("credentials file 0600 accepted (broker down: still runs)", r.returncode == 0, r.stderr)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0 if fails == 0 else 1


try:
    status = main()
finally:
    for p in procs: stop(p)
sys.exit(status if 'status' in dir() else 1)
