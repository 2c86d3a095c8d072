"""Helpers for the MQTT tests: a real mosquitto on a free port, mosquitto_sub/pub, a tiny
MQTT 3.1.1 publisher that keeps its connection (to time round trips without starting a
process per message), a TCP proxy that can go silent (a network that drops packets), and
the panel process. Nothing here fakes the broker."""
import json, os, queue, shutil, socket, struct, subprocess, sys, threading, time
import support

procs = support.PROCESSES
results = {"fails": 0}


def check(name, cond, detail=""):
    print(("  ok    " if cond else "  FAIL  ") + name + ("" if cond else "\n        " + str(detail)[:1500]))
    if not cond:
        results["fails"] += 1
    return cond


def note(text):
    print("  note  " + text)


def verdict(name):
    """The summary line every test ends with, and its exit status."""
    fails = results["fails"]
    print(f"  {'ok' if fails == 0 else 'FAIL'}    {name}: {fails} failure(s)")
    return 1 if fails else 0


def run(main):
    """Exit with main()'s status; whatever it started is stopped however it ends."""
    try:
        sys.exit(main())
    finally:
        stop_all()


free_port, start, stop, stop_all = support.free_port, support.start, support.stop, support.stop_all


def broker_binary():
    return shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None)


class Broker:
    """mosquitto with its own config file; `extra` adds listener lines (TLS)."""
    def __init__(self, tmp, port=None, extra=""):
        self.port = port or free_port()
        self.conf = os.path.join(tmp, f"mosquitto-{self.port}.conf")
        self.log = os.path.join(tmp, f"mosquitto-{self.port}.log")
        with open(self.conf, "w") as f:
            f.write(extra or f"listener {self.port} 127.0.0.1\n")
            f.write("allow_anonymous true\nset_tcp_nodelay true\n")
        self.p = None
        self.start()

    def start(self):
        self.p = start([broker_binary(), "-c", self.conf], stdout=subprocess.DEVNULL, stderr=open(self.log, "a"))
        for _ in range(100):  # until it listens
            try: socket.create_connection(("127.0.0.1", self.port), 0.2).close(); return
            except OSError: time.sleep(0.05)

    def stop(self): stop(self.p)


class Sub:
    """mosquitto_sub -v on TOPIC; (topic, payload, arrival time) on a queue. Payloads are
    single lines here (the panel's are JSON without newlines)."""
    def __init__(self, port, topic="#", extra=()):
        self.p = start(["mosquitto_sub", "-p", str(port), "-v", "-t", topic, *extra],
                       stdout=subprocess.PIPE, text=True, bufsize=1)
        self.q = queue.Queue()
        self.seen = []
        threading.Thread(target=self.pump, daemon=True).start()

    def pump(self):
        for line in self.p.stdout:
            topic, _, payload = line.rstrip("\n").partition(" ")
            if payload == "(null)": payload = ""  # how mosquitto_sub -v shows an empty message
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
        while time.monotonic() < end:
            try: self.seen.append(self.q.get(timeout=max(0.01, end - time.monotonic())))
            except queue.Empty: pass
        return self.seen

    def close(self): stop(self.p)


def pub(port, topic, payload, retain=False):
    subprocess.run(["mosquitto_pub", "-p", str(port), "-t", topic, "-m", payload] + (["-r"] if retain else []), check=True)


class Publisher:
    """A persistent MQTT 3.1.1 connection that publishes QoS 0 (CONNECT, PUBLISH only)."""
    def __init__(self, port, client_id="rt-publisher"):
        self.s = socket.create_connection(("127.0.0.1", port))
        self.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        cid = client_id.encode()
        body = b"\x00\x04MQTT\x04\x02\x00\x3c" + struct.pack("!H", len(cid)) + cid
        self.s.sendall(b"\x10" + self._len(len(body)) + body)
        ack = self.s.recv(4)
        assert ack[:1] == b"\x20" and ack[3:4] == b"\x00", ack

    @staticmethod
    def _len(n):
        out = b""
        while True:
            b = n % 128; n //= 128
            out += bytes([b | (0x80 if n else 0)])
            if not n: return out

    def packet(self, topic, payload):
        t, p = topic.encode(), payload if isinstance(payload, bytes) else payload.encode()
        body = struct.pack("!H", len(t)) + t + p
        return b"\x30" + self._len(len(body)) + body

    def publish(self, topic, payload):
        self.s.sendall(self.packet(topic, payload))

    def publish_all(self, messages):
        """Several (topic, payload) in one write: the broker forwards them in this order."""
        self.s.sendall(b"".join(self.packet(t, p) for t, p in messages))

    def close(self):
        try: self.s.sendall(b"\xe0\x00"); self.s.close()
        except OSError: pass


class SilentProxy:
    """TCP proxy 127.0.0.1:port -> broker. `go_silent()` stops forwarding in both directions
    without closing anything (bytes are read and dropped, as a dead link or a firewall that
    drops packets would); new connections are accepted and then ignored the same way.
    `restore()` forwards again (for new connections; stale ones stay dead)."""
    def __init__(self, target_port):
        self.target = target_port
        self.silent = False
        self.ls = socket.socket(); self.ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.ls.bind(("127.0.0.1", 0)); self.ls.listen(16)
        self.port = self.ls.getsockname()[1]
        self.conns = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try: c, _ = self.ls.accept()
            except OSError: return
            stale = self.silent  # a connection made while silent never forwards
            try: u = socket.create_connection(("127.0.0.1", self.target))
            except OSError: c.close(); continue
            pair = {"dead": stale}
            self.conns.append(pair)
            for a, b in ((c, u), (u, c)):
                threading.Thread(target=self._pump, args=(a, b, pair), daemon=True).start()

    def _pump(self, a, b, pair):
        while True:
            try: data = a.recv(65536)
            except OSError: data = b""
            if not data:
                if not pair["dead"] and not self.silent:
                    try: b.shutdown(socket.SHUT_WR)
                    except OSError: pass
                return
            if pair["dead"] or self.silent:
                pair["dead"] = True  # this connection stays dead even after restore()
                continue
            try: b.sendall(data)
            except OSError: return

    def go_silent(self): self.silent = True

    def restore(self): self.silent = False


class Panel(support.PanelProcess):
    """knob-panel run --headless --ready-file with stderr in a file; stdout (events) on a queue."""
    def __init__(self, bin_, panel, tmp, args, name="panel"):
        super().__init__(bin_, panel, tmp, *args, ready=True, events=True, name=name)
        self.p = self.proc

    def log(self): return self.stderr()


def percentile(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q / 100 * (len(v) - 1))))]


def js(payload):
    try: return json.loads(payload)
    except ValueError: return None
