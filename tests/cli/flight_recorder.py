#!/usr/bin/env python3
"""The flight recorder end to end, with the real binary: a headless panel driven by an input
script (touch drags, Tab, pointer, wheel), socket commands and MQTT sets (a real mosquitto,
when installed), then a screenshot and a `dump` (socket, `ctl`, SIGUSR1); `render --input
DUMP` must give the screenshot pixel for pixel (`knob-panel compare`, tolerance 0). Also: a
small ring over a long drive replays from a later checkpoint, a reload inside the window, an
idle dim, the ring's bounds in the reply, and dumps that are refused (FIFO, link, outside
the screenshot directory, recorder off).

    tests/cli/flight_recorder.py BIN      exit 0: all passed, 1: a check failed"""
import json, os, shutil, signal, socket, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_log import ok, bad, check, note, finish
import mqtt_support as ms
import support

BIN = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEMO = os.path.join(ROOT, "panels", "demo.json")
T = tempfile.mkdtemp(prefix="knob-flight.")


class Panel(support.PanelProcess):
    def __init__(self, *args, panel=DEMO, name="p"):
        super().__init__(BIN, panel, T, "--screenshot-dir", T, *args, sock=os.path.join(T, name + ".sock"), name=name)

    def ctl(self, *commands):
        r = subprocess.run([BIN, "ctl", self.sock, *[json.dumps(c) for c in commands]], capture_output=True, text=True, timeout=30)
        return [json.loads(l) for l in r.stdout.splitlines()]


def replays(dump, shot, label, extra=()):
    """render --input DUMP, then compare with the screenshot at tolerance 0."""
    out = os.path.join(T, os.path.basename(dump) + ".png")
    r = subprocess.run([BIN, "render", "--input", dump, "--out", out, *extra], capture_output=True, text=True, timeout=120)
    if not check(r.returncode == 0, f"{label}: render --input DUMP exits 0", r.stderr):
        return False
    c = subprocess.run([BIN, "compare", shot, out, "--tolerance", "0", "--diff", out + "-diff.png"], capture_output=True, text=True)
    return check(c.returncode == 0, f"{label}: replay equals the screenshot pixel for pixel", c.stdout + c.stderr)


def shot_and_dump(p, name):
    r = p.ctl({"command": "screenshot", "path": name + ".png"}, {"command": "dump", "path": name + ".jsonl"})
    ok_ = len(r) == 2 and r[0].get("ok") and r[1].get("ok")
    check(ok_, f"{name}: screenshot and dump answered ok", r)
    return (r[1]["data"] if ok_ else {}), os.path.join(T, name + ".png"), os.path.join(T, name + ".jsonl")


def test_round_trip():
    print("round trip: script touches, socket, MQTT -> dump -> render --input")
    script = os.path.join(T, "drive.jsonl")
    lines = [{"t": 0.5, "type": "touch_down", "id": 0, "widget": "gain", "angle": 0, "radius": 0.8}]
    lines += [{"t": round(0.5 + 0.02 * i, 3), "type": "touch_motion", "id": 0, "widget": "gain", "angle": -4.7 * i, "radius": 0.8} for i in range(1, 13)]
    lines += [{"t": 0.8, "type": "touch_up", "id": 0},
              {"t": 1.0, "type": "key", "key": "Tab", "state": "pressed"}, {"t": 1.05, "type": "key", "key": "Tab", "state": "released"},
              {"t": 1.1, "type": "key", "key": "Right", "state": "pressed"}, {"t": 1.15, "type": "key", "key": "Right", "state": "released"},
              {"t": 1.2, "type": "pointer_motion", "x": 640, "y": 300}, {"t": 1.3, "type": "wheel", "delta": 3}]
    with open(script, "w") as f:
        f.write("\n".join(json.dumps(l) for l in lines) + "\n")
    broker = None
    args = ["--script", script]
    if ms.broker_binary() and shutil.which("mosquitto_pub"):
        broker = ms.Broker(T)
        args += ["--mqtt", f"mqtt://127.0.0.1:{broker.port}", "--mqtt-id", "flight"]
    else:
        note("mosquitto not installed: the round trip runs without MQTT")
    p = Panel(*args)
    try:
        time.sleep(2.0)
        r = p.ctl({"command": "set", "widget": "volume", "position": 77.123456789, "animated": True},
                  {"command": "set", "widget": "pan", "value": -12.5})
        check(all(x.get("ok") for x in r), "socket sets answered", r)
        if broker:
            ms.pub(broker.port, "knob-panel/flight/reverb/set", "Hall")
            ms.pub(broker.port, "knob-panel/flight/lights/set", "61")
        time.sleep(1.5)
        data, shot, dump = shot_and_dump(p, "trip")
        text = open(dump).read() if os.path.exists(dump) else ""
        check(text.startswith("# knob-panel") and '"type":"flightRecording"' in text, "the dump starts with its comments and header")
        check('"type":"touch_motion"' in text and '"key":"Tab"' in text and '"type":"wheel"' in text,
              "the script's touches, keys and wheel are in it (aimed touches as points)")
        check('"widget":"volume"' in text and '"position":77.123456789' in text, "the socket's set is in it, in full precision")
        if broker:
            check('"widget":"reverb"' in text and '"widget":"lights"' in text, "the MQTT sets are in it")
        check(data.get("lines", 0) >= 20 and 0 < data.get("bytes", 0) <= 1 << 20 and data.get("from") == 0,
              f"the reply counts the ring ({data.get('lines')} lines, {data.get('bytes')} bytes, from t={data.get('from')})", data)
        replays(dump, shot, "round trip")
        # The replay really depends on the lines: without them the frame differs.
        stripped = os.path.join(T, "stripped.jsonl")
        with open(stripped, "w") as f:
            f.write("".join(l for l in open(dump) if l.startswith("#") or '"flightRecording"' in l))
        out = os.path.join(T, "stripped.png")
        subprocess.run([BIN, "render", "--input", stripped, "--out", out], capture_output=True, timeout=60)
        c = subprocess.run([BIN, "compare", shot, out], capture_output=True, text=True)
        check(c.returncode == 1, "the same dump without its lines does not match (the lines carry the session)", c.stdout)
    finally:
        p.stop()
        if broker:
            broker.stop()


def test_signal():
    print("SIGUSR1 writes the dump to --flight-recorder-dump")
    path = os.path.join(T, "signal.jsonl")
    p = Panel("--flight-recorder-dump", path, name="sig")
    try:
        p.ctl({"command": "set", "widget": "gain", "position": -33.3}, {"command": "page", "page": "room", "animated": False},
              {"command": "set", "widget": "setpoint", "position": 44})
        time.sleep(1.0)
        r = p.ctl({"command": "screenshot", "path": "signal.png"})
        p.proc.send_signal(signal.SIGUSR1)
        for _ in range(100):
            if os.path.exists(path): break
            time.sleep(0.05)
        check(os.path.exists(path) and p.proc.poll() is None, "SIGUSR1: the file is written and the panel runs on", p.stderr())
        check("flight recording written to " + path in p.stderr(), "SIGUSR1: a note on stderr says where")
        if os.path.exists(path):
            replays(path, os.path.join(T, "signal.png"), "SIGUSR1")
    finally:
        p.stop()


def test_small_ring():
    print("a small ring (10 s, 64 KiB) over 25 s of commands replays from a later checkpoint")
    p = Panel("--flight-recorder", "10", "--flight-recorder-bytes", "65536", name="small")
    try:
        start = time.monotonic()
        i = 0
        while time.monotonic() - start < 25:
            burst = [{"command": "set", "widget": k, "position": ((i * 41 + n * 67) % 270) - 135} for n, k in enumerate(("gain", "volume", "pan"))]
            burst.append({"command": "set", "widget": "monitor", "on": i % 2 == 0})
            p.ctl(*burst)
            i += 1
            time.sleep(1.6 if i % 3 == 0 else 0.2)   # quiet now and then: checkpoints at rest
        time.sleep(1.5)
        data, shot, dump = shot_and_dump(p, "small")
        check(0 < data.get("bytes", 0) <= 65536, f"the ring stays within its 65536 bytes ({data.get('bytes')})", data)
        span = data.get("to", 0) - data.get("from", 0)
        check(data.get("from", 0) > 5 and 10 <= span <= 14 + 2, f"the window moved on: t={data.get('from'):.1f}..{data.get('to'):.1f} s ({span:.1f} s)", data)
        replays(dump, shot, "small ring")
    finally:
        p.stop()


def test_reload_and_dim():
    print("a reload inside the window, then an idle dim")
    panel = os.path.join(T, "panel.json")
    shutil.copy(DEMO, panel)
    p = Panel("--dim-after", "2", panel=panel, name="reload")
    try:
        p.ctl({"command": "set", "widget": "gain", "position": 50})
        text = open(panel).read().replace('"Studio A"', '"Studio B"', 1)
        with open(panel + ".new", "w") as f: f.write(text)
        os.rename(panel + ".new", panel)
        r = p.ctl({"command": "reload"})
        check(r and r[0].get("ok"), "reload answered ok", r)
        p.ctl({"command": "set", "widget": "volume", "position": -60}, {"command": "set", "widget": "pan", "position": 99})
        time.sleep(3.5)   # past --dim-after 2: dimmed by the idle timer
        r = p.ctl({"command": "get"})
        check(r and r[0].get("data", {}).get("screen") == "dim", "the screen dimmed", r)
        data, shot, dump = shot_and_dump(p, "reload")
        text = open(dump).read() if os.path.exists(dump) else ""
        check("# before a reload" in text and 'Studio B' in text.split("\n", 4)[3], "lines before the reload are comments; the header carries the new layout")
        check('{"command":"screen","state":"dim"}' in text, "the idle dim is a line of the recording")
        replays(dump, shot, "reload and dim")
    finally:
        p.stop()


def test_refusals():
    print("dumps that are refused")
    p = Panel(name="ref")
    try:
        fifo = os.path.join(T, "fifo.jsonl")
        os.mkfifo(fifo)
        os.symlink(os.path.join(T, "elsewhere.jsonl"), os.path.join(T, "link.jsonl"))
        start = time.monotonic()
        r = p.ctl({"command": "dump", "path": "fifo.jsonl"}, {"command": "dump", "path": "link.jsonl"},
                  {"command": "dump", "path": "../outside.jsonl"}, {"command": "dump"})
        check(len(r) == 4 and not any(x.get("ok") for x in r), "FIFO, link, outside the directory and no path: four refusals", r)
        check(time.monotonic() - start < 5, "a FIFO at the path does not block the panel")
        check("not a regular file" in r[0].get("error", "") and "link" in r[1].get("error", "") and "inside" in r[2].get("error", ""),
              "each refusal says why", r)
        check(not os.path.exists(os.path.join(T, "elsewhere.jsonl")), "nothing written through the link")
    finally:
        p.stop()
    p = Panel("--flight-recorder", "off", name="off")
    try:
        r = p.ctl({"command": "dump", "path": "off.jsonl"})
        check(r and not r[0].get("ok") and "off" in r[0].get("error", ""), "--flight-recorder off: dump says the recorder is off", r)
    finally:
        p.stop()
    r = subprocess.run([BIN, "run", DEMO, "--headless", "--flight-recorder", "5"], capture_output=True, text=True, timeout=20)
    check(r.returncode == 64 and "--flight-recorder" in r.stderr, "--flight-recorder 5 is a usage error (10-86400)", r.stderr)
    script = os.path.join(T, "plain.jsonl")
    with open(script, "w") as f: f.write('{"t":0.1,"type":"touch_up","id":0}\n')
    r = subprocess.run([BIN, "render", "--input", script, "--out", os.path.join(T, "x.png")], capture_output=True, text=True, timeout=20)
    check(r.returncode == 64, "render without PANEL needs a flight recording", r.stderr)


def main():
    try:
        test_round_trip()
        test_signal()
        test_small_ring()
        test_reload_and_dim()
        test_refusals()
    finally:
        ms.stop_all()
        shutil.rmtree(T, ignore_errors=True)
    finish("flight recorder")


if __name__ == "__main__":
    main()
