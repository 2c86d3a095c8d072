#!/usr/bin/env python3
"""Nothing from outside may stall or bloat the panel (issue 24, sections 2 and 4), with the
real binary: memory (VmHWM, VmRSS from /proc) under a 20 MB MQTT publish, a broker that
accepts and never reads, studio event streams that never read; idle connections that would
lock others out; the headless --flip-log / --ready-file file rules; a save over
RLIMIT_FSIZE; --listen 127.0.0.2; --mqtt-discovery-prefix; retained junk over 4 KB.
Usage: bounds.py KNOB_PANEL_BINARY   (exit 0: all passed)"""
import json, os, re, shutil, socket, struct, subprocess, sys, tempfile, threading, time
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "studio"))
from mqtt_support import *  # noqa
import support  # noqa: E402
from studio_support import Studio  # noqa: E402

BIN = os.path.abspath(sys.argv[1])
PANEL = "panels/demo.json"
ONLY = set(sys.argv[2:])


def wanted(name):
    return not ONLY or name in ONLY


def mib(pid, field):
    """VmHWM / VmRSS of a process, MiB."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def wait_for(pred, timeout, step=0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred(): return True
        time.sleep(step)
    return pred()


def mqtt_len(n):
    out = b""
    while True:
        b = n % 128; n //= 128
        out += bytes([b | (0x80 if n else 0)])
        if not n: return out


class DeafBroker:
    """Accepts, answers CONNECT with a CONNACK (v5 or 3.1.1, as asked), then never reads
    again: a broker that hangs, or a network path that stops draining. Its receive buffer
    is small so the panel's socket fills at once."""
    def __init__(self, v311_only=False):
        self.v311_only = v311_only
        self.levels = []
        self.ls = socket.socket(); self.ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.ls.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.ls.bind(("127.0.0.1", 0)); self.ls.listen(8)
        self.port = self.ls.getsockname()[1]
        self.conns = []
        self.connects = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try: c, _ = self.ls.accept()
            except OSError: return
            self.conns.append(c)
            try:
                head = c.recv(2)
                if len(head) < 2: continue
                n, mult, i = head[1] & 0x7F, 128, 1
                b = head[1]
                while b & 0x80:   # the rest of the remaining length
                    b = c.recv(1)[0]; n += (b & 0x7F) * mult; mult *= 128
                body = b""
                while len(body) < n:
                    chunk = c.recv(n - len(body))
                    if not chunk: break
                    body += chunk
                level = body[6] if len(body) > 6 else 4
                self.levels.append(level)
                if level == 5 and self.v311_only:   # MQTT 3's "unacceptable protocol version"
                    c.sendall(b"\x20\x02\x00\x01"); c.close(); continue
                c.sendall(b"\x20\x03\x00\x00\x00" if level == 5 else b"\x20\x02\x00\x00")
                self.connects += 1
            except OSError:
                pass
            # ...and never read again.

    def close(self):
        self.ls.close()
        for c in self.conns:
            try: c.close()
            except OSError: pass


def test_big_publish(tmp):
    """A 20 MB publish on a set topic: the panel says Maximum Packet Size in CONNECT, the
    broker drops the message for it, and the panel's peak memory does not move."""
    broker = Broker(tmp)
    panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtt://127.0.0.1:{broker.port}", "--mqtt-id", "big"], name="big")
    sub = Sub(broker.port, "knob-panel/big/volume/state")
    try:
        check("big: panel up", panel.wait_ready() and wait_for(lambda: "connected" in panel.log(), 10), panel.log())
        time.sleep(0.5)
        before = mib(panel.p.pid, "VmHWM")
        pubr = Publisher(broker.port, "big-publisher")
        pubr.publish("knob-panel/big/volume/set", "9" * (20 * 1024 * 1024))
        pubr.publish("knob-panel/big/volume/set", "42")
        got = sub.wait(lambda t, p: (js(p) or {}).get("value") == 42, 10)
        after = mib(panel.p.pid, "VmHWM")
        note(f"big: VmHWM {before:.1f} -> {after:.1f} MiB around a 20 MiB publish on volume/set")
        check("big: a 20 MiB publish never reaches the panel's memory (VmHWM +< 4 MiB)", after - before < 4, f"{before} -> {after}")
        check("big: the next set still works", got is not None, panel.log()[-2000:])
        check("big: the panel said MQTT 5 (no fallback)", "does not speak MQTT 5" not in panel.log(), panel.log())
        pubr.close()
    finally:
        sub.close(); panel.stop(); broker.stop()


def test_deaf_broker(tmp):
    """A broker that stops reading: the outbox keeps one state per topic and a bounded
    number of events, and everything is freed when the panel gives up (keepalive 5 s)."""
    broker = DeafBroker()
    panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtt://127.0.0.1:{broker.port}", "--mqtt-id", "deaf", "--mqtt-keepalive", "5"], name="deaf")
    try:
        check("deaf: panel up", panel.wait_ready() and wait_for(lambda: broker.connects >= 1, 10), panel.log())
        time.sleep(0.3)
        start_hwm = mib(panel.p.pid, "VmHWM")
        # 3 s of sets, as fast as the panel takes them: each one a state and an event.
        end = time.monotonic() + 3
        i = 0
        while time.monotonic() < end:
            lines = "".join(json.dumps({"command": "set", "widget": "volume", "value": (i + k) % 100}) + "\n" for k in range(200))
            panel.p.stdin.write(lines); panel.p.stdin.flush()
            i += 200
        time.sleep(0.5)
        hwm = mib(panel.p.pid, "VmHWM")
        note(f"deaf: {i} sets in 3 s to a broker that never reads: VmHWM {start_hwm:.1f} -> {hwm:.1f} MiB")
        check("deaf: the queue to a broker that never reads is bounded (VmHWM +< 8 MiB)", hwm - start_hwm < 8, f"{start_hwm} -> {hwm}")
        gave_up = wait_for(lambda: "nothing heard from the broker" in panel.log(), 12)
        check("deaf: the panel gives the silent broker up (1.5 x keepalive)", gave_up, panel.log()[-2000:])
        rss = mib(panel.p.pid, "VmRSS")
        note(f"deaf: VmRSS {rss:.1f} MiB after giving up")
        check("deaf: memory is given back after giving up (VmRSS within 4 MiB of the start)", rss - start_hwm < 4, f"{start_hwm} -> {rss}")
        check("deaf: panel alive", panel.alive())
    finally:
        panel.stop(); broker.close()


def test_v311_fallback(tmp):
    """A broker that speaks only 3.1.1 refuses the MQTT 5 CONNECT: the panel says so and
    connects with 3.1.1."""
    broker = DeafBroker(v311_only=True)
    panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtt://127.0.0.1:{broker.port}", "--mqtt-id", "old"], name="old")
    try:
        ok_ = panel.wait_ready() and wait_for(lambda: "connected; publishing" in panel.log(), 10)
        check("v311: falls back to 3.1.1 and connects", ok_ and "does not speak MQTT 5" in panel.log() and broker.levels[:2] == [5, 4],
              (broker.levels, panel.log()[-1500:]))
    finally:
        panel.stop(); broker.close()


def test_retained_junk(tmp):
    """Retained junk over 4 KB under the panel's own state topics is cleared like any leftover."""
    broker = Broker(tmp)
    try:
        pub(broker.port, "knob-panel/junk/gone/state", "x" * 10000, retain=True)
        panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtt://127.0.0.1:{broker.port}", "--mqtt-id", "junk"], name="junk")
        check("junk: panel up", panel.wait_ready() and wait_for(lambda: "cleared 'knob-panel/junk/gone/state'" in panel.log(), 10), panel.log())
        r = subprocess.run(["mosquitto_sub", "-p", str(broker.port), "-t", "knob-panel/junk/gone/state", "-W", "1", "-v"],
                           capture_output=True, text=True)
        check("junk: the 10 KB retained leftover is gone from the broker", r.stdout.strip() == "", r.stdout[:200])
        panel.stop()
    finally:
        broker.stop()


def test_discovery_prefix(tmp):
    for bad in ["#", "a/+/b", "", "/x", "x/"]:
        r = subprocess.run([BIN, "run", PANEL, "--headless", "--exit-after", "0.1", "--mqtt", "mqtt://127.0.0.1:1",
                            "--mqtt-discovery", "--mqtt-discovery-prefix", bad], capture_output=True, text=True)
        check(f"--mqtt-discovery-prefix '{bad}' exits 64", r.returncode == 64 and "--mqtt-discovery-prefix" in r.stderr, (r.returncode, r.stderr))


def test_headless_files(tmp):
    """Headless --flip-log and --ready-file follow the display path's file rules."""
    victim = os.path.join(tmp, "victim"); open(victim, "w").write("keep me\n")
    link = os.path.join(tmp, "L"); os.symlink(victim, link)
    base = [BIN, "run", PANEL, "--headless", "--exit-after", "0.3"]
    r = subprocess.run(base + ["--flip-log", link], capture_output=True, text=True)
    check("headless --flip-log SYMLINK exits 74", r.returncode == 74, (r.returncode, r.stderr))
    check("headless --flip-log SYMLINK leaves the target alone", open(victim).read() == "keep me\n" and os.path.islink(link))
    for what, path in [("missing directory", os.path.join(tmp, "no", "log")), ("/dev/full", "/dev/full")]:
        r = subprocess.run(base + ["--flip-log", path], capture_output=True, text=True)
        check(f"headless --flip-log on a {what} exits 74", r.returncode == 74, (r.returncode, r.stderr))
    r = subprocess.run(base + ["--ready-file", os.path.join(tmp, "no", "ready")], capture_output=True, text=True)
    check("headless --ready-file in a missing directory exits 74", r.returncode == 74 and "ready" in r.stderr, (r.returncode, r.stderr))
    r = subprocess.run(base + ["--ready-file", link], capture_output=True, text=True)
    check("headless --ready-file SYMLINK exits 74, target kept", r.returncode == 74 and open(victim).read() == "keep me\n", (r.returncode, r.stderr))
    log = os.path.join(tmp, "good.log")
    r = subprocess.run(base + ["--flip-log", log, "--ready-file", os.path.join(tmp, "ready")], capture_output=True, text=True)
    lines = open(log).read().splitlines() if os.path.exists(log) else []
    check("headless --flip-log and --ready-file still work", r.returncode == 0 and lines and json.loads(lines[0])["frame"] == 1
          and os.path.exists(os.path.join(tmp, "ready")), (r.returncode, r.stderr, lines[:2]))


def test_reserved_id(tmp):
    p = os.path.join(tmp, "page-id.json")
    json.dump({"panel": "a", "size": [400, 300], "pages": [{"id": "main", "widgets": [
        {"id": "page", "type": "knob", "frame": [0, 0, 200, 200]}]}]}, open(p, "w"))
    r = subprocess.run([BIN, "check", p], capture_output=True, text=True)
    check("check refuses the widget id 'page' (the panel's own MQTT topic)", r.returncode == 1 and "widget id 'page' is reserved" in r.stderr + r.stdout,
          (r.returncode, r.stderr, r.stdout))


def test_ipc_idle(tmp):
    """16 idle socket connections no longer lock every other client out: the longest idle
    one makes room once it has been idle 5 s."""
    sock = os.path.join(tmp, "c.sock")
    panel = Panel(BIN, PANEL, tmp, ["--ipc", sock], name="ipc")
    try:
        check("ipc: panel up", panel.wait_ready())
        idle = []
        for _ in range(16):
            idle.append(support.connect_unix(sock))
        time.sleep(0.3)

        def ask():
            s = support.connect_unix(sock, timeout=5)
            try: s.sendall(b'{"command":"get","widget":"volume","request_id":1}\n')
            except OSError: pass  # a refused client may be closed before it writes; its answer is still there to read
            data = b""
            try:
                while b"\n" not in data:
                    chunk = s.recv(4096)
                    if not chunk: break
                    data += chunk
            except OSError: pass
            s.close()
            return data.decode(errors="replace")
        first = ask()
        check("ipc: at once, a 17th client is still refused (the others are not idle long yet)", "too many clients" in first, first)
        time.sleep(5.2)
        later = ask()
        check("ipc: after 5 s idle, the longest idle client makes room", '"request_id":1,"ok":true' in later, later)
        told = b""
        idle[0].settimeout(2)
        try: told = idle[0].recv(4096)
        except OSError: pass
        check("ipc: the evicted client is told why", b"idle" in told, told)
        for s in idle: s.close()
    finally:
        panel.stop()


def test_ctl_refusal(tmp):
    """ctl prints the panel's refusal line, never "Broken pipe" (its send loses the race
    with the panel's close)."""
    sock = os.path.join(tmp, "r.sock")
    panel = Panel(BIN, PANEL, tmp, ["--ipc", sock], name="ctl")
    try:
        check("ctl: panel up", panel.wait_ready())
        idle = []
        for _ in range(16):
            idle.append(support.connect_unix(sock))
        time.sleep(0.3)
        outs = set()
        for _ in range(20):
            r = subprocess.run([BIN, "ctl", sock, '{"command":"get","widget":"volume"}'], capture_output=True, text=True)
            outs.add((r.returncode, (r.stdout + r.stderr).strip()))
        want = (1, '{"ok":false,"error":"too many clients (at most 16); try again later"}')
        check("ctl: 20 refused runs all print the refusal line and exit 1", outs == {want}, outs)
        for s in idle: s.close()
    finally:
        panel.stop()


def test_studio(tmp):
    """Silent TCP connections get a short first-byte deadline; --listen 127.0.0.2 works
    without a token; a save over RLIMIT_FSIZE is an error, not a kill."""
    panel = os.path.join(tmp, "s.json"); shutil.copy(PANEL, panel)
    st = Studio(BIN, panel)
    try:
        silent = [socket.create_connection(("127.0.0.1", st.port)) for _ in range(32)]
        time.sleep(0.2)
        t0 = time.monotonic()
        status = None
        while time.monotonic() - t0 < 15:
            try:
                status = st.request("GET", "/")[0]
            except OSError:
                status = None
            if status == 200: break
            time.sleep(0.25)
        waited = time.monotonic() - t0
        note(f"studio: 32 silent connections held the studio for {waited:.1f} s")
        check("studio: 32 silent connections are dropped within 5 s (first-byte deadline)", status == 200 and waited < 5, (status, waited))
        for s in silent: s.close()
    finally:
        st.stop()

    st = Studio(BIN, panel, listen="127.0.0.2:0")
    try:
        c = socket.create_connection(("127.0.0.2", st.port), timeout=5)
        c.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.2:{st.port}\r\nConnection: close\r\n\r\n".encode())
        head = c.recv(100).decode(errors="replace"); c.close()
        check("studio --listen 127.0.0.2: no token needed, its own Host accepted (200)", head.startswith("HTTP/1.1 200"), head)
    finally:
        st.stop()

    small = os.path.join(tmp, "fsize"); os.mkdir(small)
    panel2 = os.path.join(small, "p.json"); shutil.copy(PANEL, panel2)
    size = os.path.getsize(panel2)
    # RLIMIT_FSIZE just above the panel file: a bigger save hits it (SIGXFSZ, then EFBIG).
    limit = size + 4096
    proc = subprocess.Popen(["bash", "-c", f"ulimit -f {limit // 1024 + 1}; exec {BIN} studio {panel2} --listen 127.0.0.1:0"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for _ in range(200):
            line = proc.stderr.readline()
            m = re.search(r"studio: http://[0-9.]+:(\d+)/", line)
            if m: port = int(m.group(1)); break
        check("fsize: studio up under ulimit -f", port is not None)
        text = open(panel2).read()
        big = text.replace('"panel"', '"_x": "' + "x" * (limit + 20000) + '", "panel"', 1)
        c = socket.create_connection(("127.0.0.1", port), timeout=10)
        body = big.encode()
        c.sendall(f"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Knob-Studio: 1\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
        reply = b""
        try:
            while True:
                chunk = c.recv(65536)
                if not chunk: break
                reply += chunk
        except OSError: pass
        c.close()
        time.sleep(0.2)
        alive = proc.poll() is None
        check("fsize: a save over RLIMIT_FSIZE does not kill the panel (was status 153)", alive, proc.returncode)
        check("fsize: it is answered as an error (File too large)", b"500" in reply.split(b"\r\n")[0] and b"too large" in reply, reply[:300])
        left = [n for n in os.listdir(small) if n.startswith(".")]
        check("fsize: no temporary file is left", left == [], left)
        check("fsize: the file on disk is the old one", open(panel2).read() == text)
    finally:
        if proc.poll() is None: proc.terminate(); proc.wait(10)


def test_studio_streams(tmp):
    """31 event streams that never read while the picture changes: a total cap across the
    streams, and the memory back when they close."""
    panel = os.path.join(tmp, "streams.json"); shutil.copy(PANEL, panel)
    st = Studio(BIN, panel)
    streams = []
    try:
        # One stream first, closed again: the frame, its copy and the PNG code are the
        # studio's own cost, not the streams'.
        warm = socket.create_connection(("127.0.0.1", st.port))
        warm.sendall(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:{st.port}\r\n\r\n".encode())
        time.sleep(1); warm.close(); time.sleep(0.5)
        base = mib(st.proc.pid, "VmRSS")
        for _ in range(31):
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", st.port))
            s.sendall(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:{st.port}\r\n\r\n".encode())
            streams.append(s)
        # Turn a knob 300 times through the studio's own input (what a browser does): every
        # change is a patch for every stream, and a panel event.
        for i in range(300):
            line = {"t": 0, "type": "command", "command": {"command": "set", "widget": "volume", "value": (i * 7) % 100}}
            try: st.request("POST", "/api/input", body=json.dumps(line))
            except OSError: pass
            time.sleep(0.02)
        hwm = mib(st.proc.pid, "VmHWM")
        note(f"streams: 31 streams that never read: VmRSS {base:.1f} MiB at start, VmHWM {hwm:.1f} MiB")
        check("streams: 31 silent event streams stay under a total cap (VmHWM < start + 32 MiB)", hwm - base < 32, (base, hwm))
        for s in streams: s.close()
        streams = []
        time.sleep(1.5)
        try: st.request("GET", "/api/widgets")
        except OSError: pass
        time.sleep(0.5)
        rss = mib(st.proc.pid, "VmRSS")
        note(f"streams: VmRSS {rss:.1f} MiB after they closed")
        check("streams: memory comes back when they close (VmRSS within 8 MiB of the start)", rss - base < 8, (base, rss))
    finally:
        for s in streams: s.close()
        st.stop()


def main():
    tmp = tempfile.mkdtemp(prefix="knob-bounds.")
    have_broker = broker_binary() is not None and shutil.which("mosquitto_sub")
    try:
        tests = [("files", test_headless_files), ("reserved", test_reserved_id), ("prefix", test_discovery_prefix),
                 ("ipc", test_ipc_idle), ("ctl", test_ctl_refusal), ("studio", test_studio), ("streams", test_studio_streams),
                 ("deaf", test_deaf_broker), ("v311", test_v311_fallback)]
        if have_broker:
            tests += [("big", test_big_publish), ("junk", test_retained_junk)]
        else:
            note("mosquitto not installed: the big-publish and retained-junk checks are skipped")
        for name, t in tests:
            if wanted(name):
                print(f"-- {name}")
                t(tmp)
    finally:
        stop_all()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"bounds tests: {results['fails']} failed")
    sys.exit(1 if results["fails"] else 0)


if __name__ == "__main__":
    main()
