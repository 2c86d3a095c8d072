"""What the Python tests share (tests/cli, tests/studio, tests/vm): ONE PNG decoder, ONE
wrapper for a `knob-panel run` process, ONE line client for the control socket. Standard
library only, so it runs wherever python3 does."""
import itertools, json, operator, os, signal, socket, struct, subprocess, threading, time, queue, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# ---- PNG ------------------------------------------------------------------------------------

_MASK = (255).__and__


def _unfilter(kind, line, prev, bpp):
    """One scanline's filter undone (PNG spec, section 9), a row at a time where possible."""
    if kind == 0:
        return bytearray(line)
    if kind == 1:  # Sub: a running sum per channel
        out = bytearray(len(line))
        for c in range(bpp):
            out[c::bpp] = bytes(map(_MASK, itertools.accumulate(line[c::bpp])))
        return out
    if kind == 2:  # Up
        return bytearray(map(_MASK, map(operator.add, line, prev)))
    out = bytearray(line)
    for i in range(len(out)):
        a = out[i - bpp] if i >= bpp else 0
        b = prev[i]
        if kind == 3:  # Average
            out[i] = (out[i] + ((a + b) >> 1)) & 255
        else:  # Paeth
            c = prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            out[i] = (out[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    return out


def decode_png(data):
    """(width, height, bytes per pixel, rows) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, w = 8, [], 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError("only 8-bit RGB/RGBA non-interlaced PNG is supported")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    raw, stride = zlib.decompress(b"".join(idat)), w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        start = y * (stride + 1)
        prev = _unfilter(raw[start], raw[start + 1:start + 1 + stride], prev, bpp)
        rows.append(prev)
    return w, h, bpp, rows


def read_png(path):
    with open(path, "rb") as f:
        return decode_png(f.read())


def pixel(rows, bpp, x, y):
    """The (R, G, B) at x, y."""
    return tuple(rows[y][x * bpp:x * bpp + 3])


# ---- processes ------------------------------------------------------------------------------

PROCESSES = []   # every process started here, stopped by stop_all() even when a test raised


def start(args, **kw):
    p = subprocess.Popen(args, **kw)
    PROCESSES.append(p)
    return p


def stop(proc, sig=signal.SIGTERM, timeout=20):
    """Signals the process (if it still runs), waits, kills it after `timeout`; its status."""
    if proc.poll() is None:
        proc.send_signal(sig)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return proc.returncode


def stop_all():
    for p in PROCESSES:
        stop(p, timeout=5)


class PanelProcess:
    """`knob-panel run PANEL --headless [--ipc SOCK] [--ready-file F] ARGS`, stderr in a file.
    With `sock`, returns once the socket accepts; with `events=True`, stdout's lines go to a
    queue (`self.events`) and stdin is a pipe for `send`."""

    def __init__(self, binary, panel, tmp, *args, sock=None, ready=False, events=False,
                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, name=None, env=None):
        name = name or f"panel-{time.monotonic_ns()}"
        self.panel, self.sock = panel, sock
        self.err_path = os.path.join(tmp, name + ".err")
        self.err = open(self.err_path, "w+")
        self.ready = os.path.join(tmp, name + ".ready") if ready else None
        cmd = [binary, "run", panel, "--headless"]
        if sock:
            cmd += ["--ipc", sock]
        if self.ready:
            cmd += ["--ready-file", self.ready]
        if events:
            stdin, stdout = subprocess.PIPE, subprocess.PIPE
        self.proc = start(cmd + list(args), stdin=stdin, stdout=stdout, stderr=self.err, env=env,
                          text=events, bufsize=1 if events else -1)
        self.events = queue.Queue()
        if events:
            threading.Thread(target=self._pump, daemon=True).start()
        if sock:
            wait_for_socket(sock, proc=self.proc)

    def _pump(self):
        for line in self.proc.stdout:
            self.events.put(line)

    def wait_ready(self, timeout=10):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if os.path.exists(self.ready):
                return True
            if self.proc.poll() is not None:
                return False
            time.sleep(0.05)
        return False

    def client(self):
        return LineClient(self.sock)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def alive(self):
        return self.proc.poll() is None

    def stderr(self):
        self.err.flush()
        self.err.seek(0)
        return self.err.read()

    def stop(self, sig=signal.SIGTERM):
        return stop(self.proc, sig)


# ---- the control socket ---------------------------------------------------------------------

def connect_unix(path, timeout=None):
    s = socket.socket(socket.AF_UNIX)
    if timeout is not None:
        s.settimeout(timeout)
    try:
        s.connect(path)
    except OSError:
        s.close()
        raise
    return s


def wait_for_socket(path, timeout=20, proc=None):
    """True once `path` accepts a connection (False after `timeout`, or when `proc` ended)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end and (proc is None or proc.poll() is None):
        try:
            connect_unix(path).close()
            return True
        except OSError:
            time.sleep(0.02)
    return False


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class LineClient:
    """JSON lines over the panel's control socket: requests, replies, events in between."""

    def __init__(self, path, wait=0):
        if wait:
            wait_for_socket(path, timeout=wait)
        self.s = connect_unix(path)
        self.buf = b""
        self.rid = 0

    def send(self, obj):
        self.s.sendall((json.dumps(obj) + "\n").encode())

    def send_lines(self, objs):
        self.s.sendall(b"".join((json.dumps(o) + "\n").encode() for o in objs))

    def line(self, timeout=5):
        """The next line, decoded; EOFError when the panel closed, socket.timeout after `timeout`."""
        self.s.settimeout(timeout)
        while b"\n" not in self.buf:
            chunk = self.s.recv(65536)
            if not chunk:
                raise EOFError("connection closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def request(self, command, **keys):
        """Sends a request with the next request_id; returns (reply, events seen before it)."""
        self.rid += 1
        self.send({"command": command, "request_id": self.rid, **keys})
        events = []
        while True:
            msg = self.line()
            if msg.get("request_id") == self.rid:
                return msg, events
            events.append(msg)

    def reply(self, rid, timeout=5):
        end = time.monotonic() + timeout
        while True:
            msg = self.line(timeout=max(0.01, end - time.monotonic()))
            if msg.get("request_id") == rid:
                return msg

    def until(self, pred, timeout=5):
        """The first line for which pred holds, or None after `timeout`."""
        end = time.monotonic() + timeout
        try:
            while time.monotonic() < end:
                msg = self.line(timeout=max(0.01, end - time.monotonic()))
                if pred(msg):
                    return msg
        except (socket.timeout, TimeoutError, EOFError):
            pass
        return None

    def until_event(self, name, timeout=5):
        msg = self.until(lambda m: m.get("event") == name, timeout)
        if msg is None:
            raise TimeoutError(name)
        return msg

    def close(self):
        self.s.close()
