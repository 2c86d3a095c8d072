"""Shared pieces of the studio tests: a `knob-panel studio` process on a free port, plain
HTTP requests (stdlib http.client and raw sockets), an event-stream reader, PNG pixels."""
import base64, http.client, json, os, re, socket, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "cli"))
from support import read_png, decode_png, pixel  # noqa: E402,F401
from check_log import ok, bad, check, note, finish  # noqa: E402,F401


class Studio:
    """`knob-panel studio PANEL --listen ADDR:0`: the port is read from its stderr line."""

    def __init__(self, binary, panel, *args, listen="127.0.0.1:0", wait=True):
        self.panel = panel
        self.err_path = tempfile.mktemp(prefix="studio-err.", dir=os.path.dirname(panel))
        self.err = open(self.err_path, "w+")
        self.out = open(self.err_path + ".out", "w+")
        self.proc = subprocess.Popen([binary, "studio", panel, "--listen", listen, *args],
                                     stdin=subprocess.DEVNULL, stdout=self.out, stderr=self.err)
        self.port = None
        if wait:
            deadline = time.time() + 30
            while time.time() < deadline and self.proc.poll() is None:
                m = re.search(r"studio: http://[0-9.]+:(\d+)/", open(self.err_path).read())
                if m:
                    self.port = int(m.group(1))
                    break
                time.sleep(0.05)
            if self.port is None:
                raise RuntimeError("studio did not start: " + open(self.err_path).read())

    def stderr(self):
        return open(self.err_path).read()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        return self.proc.returncode

    def request(self, method, path, body=None, headers=None, host=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        h = {"Host": host or f"127.0.0.1:{self.port}"}
        if method == "POST":
            h["X-Knob-Studio"] = "1"
        h.update(headers or {})
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, dict((k.lower(), v) for k, v in r.getheaders()), data

    def json(self, method, path, body=None, **kw):
        status, headers, data = self.request(method, path, body, **kw)
        return status, json.loads(data.decode()) if data else None

    def raw(self, data, read_timeout=5):
        """Sends raw bytes on a new connection; returns what came back until close or timeout."""
        s = socket.create_connection(("127.0.0.1", self.port), timeout=read_timeout)
        try:
            s.sendall(data)
        except OSError:
            pass
        out = b""
        try:
            while True:
                d = s.recv(65536)
                if not d:
                    break
                out += d
        except (socket.timeout, ConnectionResetError):
            pass
        s.close()
        return out

    def input(self, *lines):
        body = "\n".join(json.dumps(dict({"t": 0}, **l)) for l in lines)
        return self.json("POST", "/api/input", body)

    def stream(self, **kw):
        return EventStream(self.port, **kw)


class EventStream:
    """Reads /api/stream in a thread: frames (decoded JSON) and panel events, with arrival times."""

    def __init__(self, port, headers=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        head = f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        for k, v in (headers or {}).items():
            head += f"{k}: {v}\r\n"
        self.sock.sendall((head + "\r\n").encode())
        self.frames, self.events, self.bytes, self.status = [], [], 0, None
        self.lock = threading.Lock()
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buf = b""
        try:
            while True:
                d = self.sock.recv(1 << 16)
                if not d:
                    break
                buf += d
                if self.status is None and b"\r\n\r\n" in buf:
                    head, buf = buf.split(b"\r\n\r\n", 1)
                    self.status = int(head.split(b" ")[1])
                while b"\n\n" in buf:
                    ev, buf = buf.split(b"\n\n", 1)
                    now = time.monotonic()
                    kind = re.search(rb"^event: (\w+)", ev, re.M)
                    data = re.search(rb"^data: (.*)$", ev, re.M)
                    if not kind or not data:
                        continue
                    with self.lock:
                        self.bytes += len(ev) + 2
                        if kind.group(1) == b"frame":
                            self.frames.append((now, json.loads(data.group(1))))
                        else:
                            self.events.append((now, json.loads(data.group(1))))
        except OSError:
            pass
        self.closed = True

    def wait(self, predicate, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                r = predicate(self)
            if r:
                return r
            time.sleep(0.01)
        return None

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def png_rows(png_bytes):
    """(width, height, bytes per pixel, rows) of a PNG given as bytes."""
    return decode_png(png_bytes)


def frame_png(frame):
    return base64.b64decode(frame["png"])
