#!/usr/bin/env python3
"""Soak: a headless panel animating without a pause while the control socket, MQTT (a real
mosquitto on a free port) and the state file are busy; checks that nothing grows. RSS of the
panel process (/proc/PID/status VmRSS) is sampled every second; after a warm-up (a fifth of
the run, at least 10 s) the end must stay within a margin of the warm-up's level, frames
must keep coming (--flip-log), every request must be answered, and the flight recorder's
ring (the `dump` reply's counts) must stay inside its bounds.

    tests/cli/soak.py BIN [--seconds 60] [--log FILE]
`make test` runs it for about a minute (tests/cli/run-cli-tests.sh); the long run for the
notes is `nice tests/cli/soak.py BIN --seconds 3600 --log soak.log` (RSS every minute).
Exit 0: passed; 1: a check failed; 77: mosquitto not installed."""
import json, os, socket, subprocess, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_log import ok, bad, check, note, finish
import mqtt_support as ms

BIN = os.path.abspath(sys.argv[1])
SECONDS = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 60.0
LOG = sys.argv[sys.argv.index("--log") + 1] if "--log" in sys.argv else None
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PANEL = os.path.join(ROOT, "panels", "demo.json")
# RSS may rise by this much after the warm-up and still pass: allocator arenas and Cairo's
# caches settle in steps of a few hundred KiB; a per-frame leak of even 100 bytes is 21 MiB
# an hour at 60 Hz and shows in the long run's middle-to-end slope, which is printed.
MARGIN_KIB = 3 * 1024
RING_BYTES = 1 << 20   # the flight recorder's default byte bound (docs/protocol.md)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def say(text):
    print("  " + text, flush=True)
    if LOG:
        with open(LOG, "a") as f:
            f.write(time.strftime("%H:%M:%S ") + text + "\n")


class Client:
    """A socket client that sends requests and counts replies (read by its own thread)."""
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX)
        self.s.connect(path)
        self.sent = self.replied = self.failed = 0
        self.last_error = None
        self.replies = {}
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buf = b""
        while True:
            try:
                chunk = self.s.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            buf += chunk
            *lines, buf = buf.split(b"\n")
            for line in lines:
                msg = json.loads(line)
                if "request_id" in msg:
                    with self.lock:
                        self.replied += 1
                        self.replies[msg["request_id"]] = msg
                        if not msg.get("ok"):
                            self.failed += 1
                            self.last_error = msg

    def send(self, obj):
        with self.lock:
            self.sent += 1
            obj["request_id"] = f"r{self.sent}"
        self.s.sendall((json.dumps(obj) + "\n").encode())
        return obj["request_id"]

    def wait_reply(self, rid, timeout=10):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if rid in self.replies:
                    return self.replies[rid]
            time.sleep(0.02)
        return None


def main():
    if not ms.broker_binary() or not ms.shutil.which("mosquitto_sub"):
        print("  skip  soak: mosquitto not installed (scripts/install-deps.sh test)")
        return 77
    tmp = tempfile.mkdtemp(prefix="knob-soak.")
    broker = ms.Broker(tmp)
    sock, state, flips = (os.path.join(tmp, n) for n in ("ctl.sock", "state.json", "flips.jsonl"))
    err = open(os.path.join(tmp, "panel.err"), "w+")
    panel = subprocess.Popen([BIN, "run", PANEL, "--headless", "--ipc", sock, "--state", state, "--flip-log", flips,
                              "--mqtt", f"mqtt://127.0.0.1:{broker.port}", "--mqtt-id", "soak", "--screenshot-dir", tmp],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    ms.procs.append(panel)
    try:
        for _ in range(400):
            if os.path.exists(sock) and os.path.exists(flips):
                break
            time.sleep(0.05)
        check(panel.poll() is None and os.path.exists(sock), "soak: panel up with socket, MQTT and state", err.name)
        client = Client(sock)
        sub = ms.Sub(broker.port, "knob-panel/soak/+/state")   # a reader keeps the broker's queue moving
        pub = ms.Publisher(broker.port, "soak-publisher")
        stop = threading.Event()

        def drive():
            # Animated sets on three knobs, each retargeted before it arrives, so something
            # is always moving; MQTT sets on a knob of another page and a toggle; every few
            # seconds a page change there and back (the page caches are rebuilt).
            i = 0
            while not stop.is_set():
                for n, knob in enumerate(("gain", "volume", "pan")):
                    client.send({"command": "set", "widget": knob, "position": ((i * 37 + n * 90) % 270) - 135, "animated": True})
                pub.publish("knob-panel/soak/lights/set", str((i * 7) % 101))
                if i % 10 == 0:
                    pub.publish("knob-panel/soak/monitor/set", "ON" if i % 20 else "OFF")
                if i % 80 == 40:
                    client.send({"command": "page", "page": "room", "animated": True})
                if i % 80 == 60:
                    client.send({"command": "page", "page": "mixer", "animated": True})
                i += 1
                stop.wait(0.1)

        driver = threading.Thread(target=drive, daemon=True)
        start = time.monotonic()
        driver.start()
        warmup = max(10.0, SECONDS / 5)
        samples = []   # (seconds since start, RSS KiB, frames so far)
        every = 60 if SECONDS >= 600 else 5
        next_say = 0.0
        while time.monotonic() - start < SECONDS and panel.poll() is None:
            time.sleep(1)
            t = time.monotonic() - start
            frames = sum(1 for _ in open(flips)) if os.path.exists(flips) else 0
            samples.append((t, rss_kib(panel.pid), frames))
            if t >= next_say:
                say(f"t={t:6.0f} s  RSS {samples[-1][1] / 1024:6.2f} MiB  frames {frames}  requests {client.sent} replied {client.replied}")
                next_say += every
        stop.set()
        driver.join()
        time.sleep(0.5)
        check(panel.poll() is None, "soak: the panel is still running", err.name)
        if panel.poll() is not None or len(samples) < 3:
            return
        after = [s for s in samples if s[0] >= warmup]
        warm, mid, end = after[0], after[len(after) // 2], samples[-1]
        peak = max(s[1] for s in after)
        say(f"RSS after warm-up ({warm[0]:.0f} s) {warm[1] / 1024:.2f} MiB, middle ({mid[0]:.0f} s) {mid[1] / 1024:.2f} MiB, "
            f"end ({end[0]:.0f} s) {end[1] / 1024:.2f} MiB, peak {peak / 1024:.2f} MiB")
        check(end[1] <= warm[1] + MARGIN_KIB, f"soak: RSS end {end[1] / 1024:.2f} MiB within {MARGIN_KIB // 1024} MiB of "
              f"the warm-up's {warm[1] / 1024:.2f} MiB")
        if SECONDS >= 600:
            # Long runs: a leak shows as a slope long after every cache and the ring are full.
            # 256 KiB over half an hour or more is 1.5 bytes a frame at 60 Hz.
            check(end[1] - mid[1] <= 256, f"soak: RSS from the middle to the end rose {end[1] - mid[1]} KiB (at most 256)")
        fps = (end[2] - warm[2]) / (end[0] - warm[0])
        check(fps > 20, f"soak: frames kept coming ({fps:.1f} per second after the warm-up)")
        with client.lock:
            sent, replied, failed, last = client.sent, client.replied, client.failed, client.last_error
        check(replied == sent and failed == 0, f"soak: every request answered ok ({replied} of {sent})", last)
        rid = client.send({"command": "dump", "path": "dump.jsonl"})
        reply = client.wait_reply(rid)
        check(reply is not None and reply.get("ok"), "soak: dump at the end", reply)
        if reply and reply.get("ok"):
            data = reply["data"]
            say(f"flight recorder: {data.get('lines')} lines, {data.get('bytes')} bytes, "
                f"{data.get('from')} .. {data.get('to')} s")
            check(0 < data.get("bytes", 0) <= RING_BYTES, f"soak: the ring holds {data.get('bytes')} bytes, at most {RING_BYTES}")
        state_ok = json.load(open(state)).get("widgets") is not None if os.path.exists(state) else False
        check(state_ok, "soak: the state file is readable JSON with widgets")
        sub.close(); pub.close()
    finally:
        ms.stop_all()


if __name__ == "__main__":
    status = main()
    if status == 77:
        sys.exit(77)
    finish("soak")
