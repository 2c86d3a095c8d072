#!/usr/bin/env python3
"""The layout studio over HTTP, against the real server (`knob-panel studio`): the page and
its security headers, the frame stream, mouse input that turns a knob, saves with and without
errors, the token on a non-local address, and abuse (malformed, oversized, many clients)
while the panel keeps rendering. Also measures the frame stream's bandwidth while a knob turns.

    tests/studio/http_tests.py BIN
Prints one ok/FAIL line per check; exits 1 on any failure."""
import json, math, os, shutil, socket, subprocess, sys, tempfile, time
from studio_support import Studio, check, note, ok, bad, png_rows, frame_png, pixel
import studio_support as S

BIN = os.path.abspath(sys.argv[1])
T = tempfile.mkdtemp(prefix="knob-studio.")

PANEL = """{ "panel": "Studio test", "size": [600, 300],
  "pages": [ { "id": "main", "widgets": [
    { "id": "volume", "type": "knob", "mode": "continuous", "range": [0, 100], "frame": [20, 20, 160, 160] },
    { "id": "balance", "type": "knob", "mode": "continuous", "frame": [220, 20, 160, 160] }%s
  ] } ] }
"""
EXTRA = """,
    { "id": "extra", "type": "knob", "mode": "continuous", "tint": "#e02020", "frame": [420, 20, 160, 160] }"""
BAD_KEY = """,
    { "id": "extra", "type": "knob", "mdoe": "continuous", "frame": [420, 20, 160, 160] }"""


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def knob_point(widgets, wid, angle, radius=0.8):
    w = next(x for x in widgets["widgets"] if x["widget"] == wid)
    cx, cy = w["screenCenter"]
    r = w["screenRadius"] * radius
    a = math.radians(angle)
    return cx + r * math.sin(a), cy - r * math.cos(a)


def test_page_and_stream(st):
    print("page, headers, frame stream")
    status, h, body = st.request("GET", "/")
    check(status == 200 and b"<canvas id=\"screen\"" in body, "GET / serves the page", status)
    check(h.get("x-frame-options") == "DENY", "X-Frame-Options: DENY", h)
    csp = h.get("content-security-policy", "")
    check("frame-ancestors 'none'" in csp and "default-src 'self'" in csp, "CSP: default-src 'self', frame-ancestors 'none'", csp)
    for path, kind in (("/studio.js", "text/javascript"), ("/studio.css", "text/css"), ("/schema.json", "application/json")):
        status, h, body = st.request("GET", path)
        check(status == 200 and h.get("content-type", "").startswith(kind) and len(body) > 100, f"GET {path} ({kind})", status)
    js = st.request("GET", "/studio.js")[2].decode() + st.request("GET", "/")[2].decode()
    check("http://" not in js.replace("http://\" + host", "") and "https://" not in js, "page loads nothing from elsewhere")
    status, h, body = st.request("GET", "/nothing")
    check(status == 404, "unknown path: 404", status)
    status, h, body = st.request("GET", "/api/frame.png")
    w, hh, bpp, rows = png_rows(body)
    check(status == 200 and (w, hh) == (600, 300), "GET /api/frame.png: the whole frame", (status, w, hh))

    es = st.stream()
    first = es.wait(lambda s: s.frames[0] if s.frames else None)
    check(es.status == 200 and first and first[1]["full"] and (first[1]["width"], first[1]["height"]) == (600, 300),
          "stream starts with the whole frame (600x300)", first and {k: v for k, v in first[1].items() if k != "png"})
    if first:
        fw, fh, fbpp, frows = png_rows(frame_png(first[1]))
        check(pixel(frows, fbpp, 100, 100) == pixel(rows, bpp, 100, 100), "streamed frame equals /api/frame.png at the knob")
    time.sleep(0.5)
    check(len(es.frames) == 1, "nothing more is sent while nothing changes", len(es.frames))
    return es


def test_input_turns_a_knob(st, es):
    print("mouse input")
    status, widgets = st.json("GET", "/api/widgets")
    vol = next(x for x in widgets["widgets"] if x["widget"] == "volume")
    check(status == 200 and vol["type"] == "knob" and vol["frame"] == [20, 20, 160, 160], "GET /api/widgets: layout data", vol)
    state = [x for x in widgets["list"]["data"]["widgets"] if x["widget"] == "volume"]
    check(state and "position" in state[0], "GET /api/widgets: current state (list)", state)
    frames_before = len(es.frames)
    x, y = knob_point(widgets, "volume", 0)
    status, reply = st.input({"type": "touch_down", "id": 90, "x": x, "y": y})
    check(status == 200 and reply["ok"], "POST /api/input touch_down", reply)
    for a in range(10, 100, 10):
        x, y = knob_point(widgets, "volume", a)
        st.input({"type": "touch_motion", "id": 90, "x": x, "y": y})
    st.input({"type": "touch_up", "id": 90})
    ev = es.wait(lambda s: [e for _, e in s.events if e.get("widget") == "volume" and e.get("event") == "valueChanged"])
    # 90° clockwise on the screen; the knob counts anticlockwise (clockwise: false), so -90.
    check(ev and abs(ev[-1]["position"] + 90) < 15, "dragging the picture a quarter turn turns the knob (valueChanged on the stream)", ev and ev[-1])
    patch = es.wait(lambda s: [f for _, f in s.frames[frames_before:] if not f["full"]])
    check(patch and patch[0]["x"] >= 0 and patch[0]["x"] < 180 and patch[0]["w"] < 600,
          "the frame stream sends only the changed rectangle", patch and {k: v for k, v in patch[0].items() if k != "png"})
    status, reply = st.json("POST", "/api/input", "{\"t\":0,\"type\":\"touch_down\",\"id\":90,\"x\":1e400,\"y\":0}")
    check(status == 400 and not reply["ok"] and "input:1:" in reply["errors"][0], "bad input line: 400 with its position", reply)
    status, reply = st.input({"type": "command", "command": {"command": "get", "widget": "balance"}})
    check(status == 200 and json.loads(json.dumps(reply))["replies"][0]["data"]["widget"] == "balance", "command lines get their replies", reply)
    # Issue 23, item 12: the studio's commands name it as their source (they said "program").
    n = len(es.events)
    st.input({"type": "command", "command": {"command": "set", "widget": "balance", "position": 45}})
    ev = es.wait(lambda s: [e for _, e in s.events[n:] if e.get("widget") == "balance" and e.get("event") == "valueChanged"])
    check(ev and ev[-1].get("source") == "studio", "a command from the studio says source studio", ev)
    # The wheel goes to the widget under the pointer.
    bx, by = knob_point(widgets, "balance", 0, 0)
    n = len(es.events)
    st.input({"type": "pointer_motion", "x": bx, "y": by}, {"type": "wheel", "delta": 3})
    ev = es.wait(lambda s: [e for _, e in s.events[n:] if e.get("widget") == "balance" and e.get("event") == "valueChanged"])
    check(ev, "the wheel turns the knob under the pointer", es.events[n:])


def test_saves(st, es):
    print("editor: file, check, save")
    path = st.panel
    status, f = st.json("GET", "/api/file")
    check(status == 200 and f["text"] == open(path).read() and f["diagnostics"] == [], "GET /api/file: text, no diagnostics", f)
    bad_text = PANEL % BAD_KEY
    write(os.path.join(T, "cli-bad.json"), bad_text)
    cli = subprocess.run([BIN, "check", path], capture_output=True, text=True)  # same path as the studio's
    shutil.copy(path, path + ".orig")
    write(path, bad_text)
    cli = subprocess.run([BIN, "check", path], capture_output=True, text=True).stderr.strip().splitlines()
    shutil.copy(path + ".orig", path)
    status, reply = st.json("POST", "/api/check", bad_text)
    check(status == 200 and not reply["ok"] and [d["text"] for d in reply["diagnostics"]] == cli,
          "POST /api/check: the same FILE:LINE:COLUMN lines as 'check'", (reply, cli))
    time.sleep(0.3)   # the watcher's reload of the restored file settles
    status, before = st.json("GET", "/api/widgets")
    frame_png_before = st.request("GET", "/api/frame.png")[2]
    n = len(es.events)
    status, reply = st.json("POST", "/api/save", bad_text)
    d = reply["diagnostics"][0] if reply and reply["diagnostics"] else {}
    check(status == 422 and not reply["reloaded"] and d.get("line") == 5 and d.get("column") == 38 and "mdoe" in d.get("message", ""),
          "save with an error: 422, positions in the reply (5:38)", reply)
    check(open(path).read() == bad_text, "the file was saved anyway (as any editor does)")
    check(es.wait(lambda s: [e for _, e in s.events[n:] if e.get("event") == "reloadFailed"]), "reloadFailed on the event stream")
    status, after = st.json("GET", "/api/widgets")
    check([w["widget"] for w in after["widgets"]] == ["volume", "balance"] and st.request("GET", "/api/frame.png")[2] == frame_png_before,
          "the running panel is unchanged", [w["widget"] for w in after["widgets"]])

    good = PANEL % EXTRA
    w0, h0, bpp0, rows0 = png_rows(frame_png_before)
    frames_before = len(es.frames)
    t0 = time.monotonic()
    status, reply = st.json("POST", "/api/save", good)
    check(status == 200 and reply["ok"] and reply["reloaded"] and reply["diagnostics"] == [], "good save: 200, reloaded", reply)
    patch = es.wait(lambda s: [(t, f) for t, f in s.frames[frames_before:]])
    if check(patch, "a frame follows the save"):
        t, f = patch[0]
        note(f"save to next frame on the stream: {1000 * (t - t0):.1f} ms (one sample; the browser test gives the median)")
        fw, fh, bpp, rows = png_rows(frame_png(f))
        # The new knob's centre (500, 100) lies in the patch; its red fill differs from the background there before.
        px, py = 500 - f["x"], 100 - f["y"]
        inside = 0 <= px < f["w"] and 0 <= py < f["h"]
        new = pixel(rows, bpp, px, py) if inside else None
        old = pixel(rows0, bpp0, 500, 100)
        check(inside and new != old and new[0] > new[2], "the new widget is visible in the next frame", (f["x"], f["y"], f["w"], f["h"], new, old))
    status, after = st.json("GET", "/api/widgets")
    check("extra" in [w["widget"] for w in after["widgets"]], "the new widget is in /api/widgets")
    # The save's rename also wakes the file watcher (0.1 s debounce): it must not reload the
    # file the save just reloaded. Wait past the debounce, let the loop turn twice (two
    # requests), then have another editor change the file: its reload is the second and last.
    # (Were the watcher's reload of the save still pending under load, the two would merge
    # into one and this could only pass wrongly, never fail wrongly.)
    time.sleep(0.5)
    st.json("GET", "/api/widgets"); st.json("GET", "/api/widgets")
    # Another editor changes the file: the watcher reloads it, the page hears of it.
    n2 = len(es.events)
    write(path + ".tmp", PANEL % "")
    os.rename(path + ".tmp", path)
    check(es.wait(lambda s: [e for _, e in s.events[n2:] if e.get("event") == "reloaded"]), "a change by another editor reloads (reloaded on the stream)")
    time.sleep(0.5)
    st.json("GET", "/api/widgets"); st.json("GET", "/api/widgets")
    reloads = [e.get("event") for _, e in es.events[n:] if e.get("event") in ("reloaded", "reloadFailed")]
    check(reloads == ["reloadFailed", "reloaded", "reloaded"],
          "one reload per save and per outside change (bad save, good save, other editor)", reloads)


def test_abuse(st, es):
    print("abuse: malformed, oversized, slow and many clients; the panel keeps rendering")
    def status_of(resp):
        try:
            return int(resp.split(b" ", 2)[1])
        except (IndexError, ValueError):
            return None
    cases = [
        (b"GARBAGE\r\n\r\n", 400, "malformed request line"),
        (b"GET / HTTP/1.1\nHost: x\n\n", 400, "bare LF line ends"),
        (b"GET /" + b"a" * 10000 + b" HTTP/1.1\r\n\r\n", 414, "10 KB request line"),
        (f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{st.port}\r\nX-Big: ".encode() + b"b" * 20000 + b"\r\n\r\n", 431, "20 KB header"),
        (f"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1:{st.port}\r\nX-Knob-Studio: 1\r\nContent-Length: 2000000\r\n\r\n".encode(), 413, "2 MB body announced"),
        (f"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1:{st.port}\r\nTransfer-Encoding: chunked\r\n\r\n".encode(), 501, "chunked body"),
        (f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{st.port}\r\nHost: evil\r\n\r\n".encode(), 400, "two Host headers"),
        (b"GET / HTTP/1.1\r\nHost: evil.example:80\r\n\r\n", 403, "foreign Host (DNS rebinding)"),
        (f"POST /api/input HTTP/1.1\r\nHost: 127.0.0.1:{st.port}\r\nContent-Length: 2\r\n\r\n{{}}".encode(), 403, "POST without X-Knob-Studio (cross-site form)"),
        (f"GET / HTTP/3\r\nHost: 127.0.0.1:{st.port}\r\n\r\n".encode(), 505, "HTTP/3"),
    ]
    for data, want, name in cases:
        got = status_of(st.raw(data))
        check(got == want, f"{name}: {want}", got)
    # Hold open: a slow client that never finishes its head, and more connections than allowed.
    slow = socket.create_connection(("127.0.0.1", st.port))
    slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1")
    idle = [socket.create_connection(("127.0.0.1", st.port)) for _ in range(40)]
    refused = 0
    for s in idle[-8:]:
        s.settimeout(2)
        try:
            if b" 503 " in s.recv(4096):
                refused += 1
        except OSError:
            pass
    check(refused > 0, f"more than 32 connections: the extra ones get 503 ({refused} of the last 8)")
    log = st.flip_log
    start = sum(1 for _ in open(log))
    st_status, reply = S.Studio.json(st, "POST", "/api/input", "")  # may be refused while full
    for s in idle:
        s.close()
    time.sleep(0.2)
    status, reply = st.input({"type": "command", "command": {"command": "set", "widget": "balance", "position": 120, "animated": True}})
    time.sleep(1.0)
    lines = [json.loads(l) for l in open(log)][start:]
    times = [l["t"] for l in lines]
    iv = sorted(b - a for a, b in zip(times, times[1:]) if b - a < 0.25)
    med = iv[len(iv) // 2] * 1000 if iv else None
    check(status == 200 and len(lines) >= 5 and med is not None and med < 25,
          f"the panel still renders with a slow client held open (an animation: {len(lines)} frames, interval median {med and round(med, 1)} ms)", (status, reply, len(lines)))
    status, h, body = st.request("GET", "/")
    check(status == 200, "and still serves the page")
    slow.close()


def test_bandwidth(st, seconds=3.0):
    """The finger sweeps ±60° around the knob's position (never reaching its ends, so every
    frame changes) at 60 motions a second; bytes of the stream per second."""
    print("frame stream while a knob turns")
    es = st.stream()
    es.wait(lambda s: s.frames)
    status, widgets = st.json("GET", "/api/widgets")
    vol = next(x for x in widgets["widgets"] if x["widget"] == "volume")
    pos = next(x for x in widgets["list"]["data"]["widgets"] if x["widget"] == "volume")["position"]
    start = pos if vol["clockwise"] else -pos   # the knob's angle on the screen, clockwise from 12 o'clock
    b0, n0 = es.bytes, len(es.frames)
    x, y = knob_point(widgets, "volume", start)
    st.input({"type": "touch_down", "id": 91, "x": x, "y": y})
    t0 = time.monotonic()
    steps = 0
    while time.monotonic() - t0 < seconds:
        a = start + 60 * math.sin(2 * math.pi * (time.monotonic() - t0) / 1.5)
        x, y = knob_point(widgets, "volume", a)
        st.input({"type": "touch_motion", "id": 91, "x": x, "y": y})
        steps += 1
        time.sleep(1 / 60)
    dt = time.monotonic() - t0
    st.input({"type": "touch_up", "id": 91})
    updates = len({f["n"] for _, f in es.frames[n0:]})
    rate = (es.bytes - b0) / dt
    note(f"knob sweeping ±60° for {seconds:.0f} s ({steps} motions): {updates} frame updates ({updates / dt:.0f}/s), "
         f"{rate / 1024:.0f} KiB/s on the stream ({(es.bytes - b0) / max(updates, 1) / 1024:.1f} KiB per update)")
    check(updates > 10 * seconds and rate < 4 * 1024 * 1024, "frames follow the knob, within a few MiB/s", (updates, rate))
    es.close()
    return rate


def test_token():
    print("token and addresses")
    panel = os.path.join(T, "token.json")
    write(panel, PANEL % "")
    tok = os.path.join(T, "token")
    write(tok, "s3cret-token-0123456789\n")
    os.chmod(tok, 0o644)
    p = subprocess.run([BIN, "studio", panel, "--listen", "0.0.0.0:0", "--token-file", tok, "--exit-after", "1"], capture_output=True, text=True)
    check(p.returncode == 64 and "accessible by others" in p.stderr, "token file readable by others: refused (64)", p.stderr)
    p = subprocess.run([BIN, "studio", panel, "--listen", "0.0.0.0:0", "--exit-after", "1"], capture_output=True, text=True)
    check(p.returncode == 64 and "--token-file" in p.stderr, "non-local address without a token: refused (64)", p.stderr)
    os.chmod(tok, 0o600)
    st = Studio(BIN, panel, "--token-file", tok, listen="0.0.0.0:0")
    try:
        host = {"host": f"panel.example:{st.port}"}
        status, h, body = st.request("GET", "/", **host)
        check(status == 401, "no token: 401", status)
        status, h, body = st.request("GET", "/api/frame.png", **host)
        check(status == 401, "no token on the frame: 401", status)
        status, h, body = st.request("POST", "/api/input", "", **host)
        check(status == 401, "no token on input: 401", status)
        es = st.stream()
        es.wait(lambda s: s.status)
        check(es.status == 401, "no token on the stream: 401", es.status)
        es.close()
        status, h, body = st.request("GET", "/?token=wrong-token-0123456789", **host)
        check(status == 401, "wrong token: 401", status)
        status, h, body = st.request("GET", "/", headers={"X-Knob-Studio-Token": "s3cret-token-0123456789"}, **host)
        check(status == 200, "token header: 200 (any Host name with a token)", status)
        status, h, body = st.request("GET", "/?token=s3cret-token-0123456789", **host)
        cookie = h.get("set-cookie", "")
        check(status == 303 and h.get("location") == "/" and cookie.startswith("knob_studio=") and "HttpOnly" in cookie,
              "first visit with ?token=: 303 to / with an HttpOnly cookie", (status, h))
        status, h, body = st.request("GET", "/api/widgets", headers={"Cookie": cookie.split(";")[0]}, **host)
        check(status == 200, "the cookie opens the API", status)
        if os.path.exists("/usr/share/javascript/codemirror/lib/codemirror.js"):
            status, h, body = st.request("GET", "/lib/codemirror/lib/codemirror.js", **host)
            check(status == 401, "no token on the editor's files: 401", status)
            status, h, body = st.request("GET", "/lib/codemirror/lib/codemirror.js", headers={"Cookie": cookie.split(";")[0]}, **host)
            check(status == 200 and len(body) > 100000, "the cookie opens the editor's files (remote use keeps its editor)", status)
    finally:
        st.stop()


def test_library(st):
    print("Debian's CodeMirror, served from /usr/share/javascript; nothing else")
    lib = "/usr/share/javascript/codemirror/"
    page = st.request("GET", "/")[2].decode()
    if not os.path.exists(lib + "lib/codemirror.js"):
        check("/lib/codemirror/" not in page, "without libjs-codemirror the page loads no editor files")
        return
    check('src="/lib/codemirror/lib/codemirror.js"' in page and 'href="/lib/codemirror/lib/codemirror.css"' in page,
          "the page loads CodeMirror from the studio")
    status, h, body = st.request("GET", "/lib/codemirror/lib/codemirror.js")
    check(status == 200 and h.get("content-type", "").startswith("text/javascript") and body == open(lib + "lib/codemirror.js", "rb").read(),
          "GET /lib/codemirror/lib/codemirror.js: the package's file, as installed", status)
    status, h, body = st.request("GET", "/lib/codemirror/addon/hint/show-hint.css")
    check(status == 200 and h.get("content-type", "").startswith("text/css"), "a stylesheet of an addon", status)
    check("default-src 'self'" in h.get("content-security-policy", ""), "with the same security headers", h)
    secret = os.path.join(T, "secret.txt")
    write(secret, "root:x:0:0 K7ZQ-CONTENT\n")
    tries = ["/lib/codemirror/../../../../etc/passwd", "/lib/codemirror/lib/../../../../../etc/passwd",
             "/lib/codemirror/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/lib/codemirror/..%2f..%2f..%2fetc%2fpasswd",
             "/lib/codemirror//etc/passwd", "/lib/codemirror/lib/codemirror.js/../../../../../../etc/passwd",
             "/lib/codemirror/" + "../" * 8 + secret.lstrip("/"), "/lib/codemirror/mode/xml/xml.js",
             "/lib/codemirror/lib/codemirror.js%00.css", "/lib/codemirror/LIB/CODEMIRROR.JS", "/lib/codemirror/"]
    results = [(t, st.request("GET", t)) for t in tries]
    leaks = [(t, r[0]) for t, r in results if r[0] != 404 or b"root:" in r[2] or b"K7ZQ-CONTENT" in r[2]]
    check(not leaks, f"{len(tries)} traversal and unlisted paths: all 404, nothing outside the list read", leaks)
    raw = st.raw(b"GET /lib/codemirror/../../../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % st.port, read_timeout=2)
    check(raw.startswith(b"HTTP/1.1 404") and b"root:" not in raw, "the same, unnormalised on the wire: 404", raw[:80])
    status, h, body = st.request("POST", "/lib/codemirror/lib/codemirror.js", "")
    check(status in (404, 405), "POST on a library file: refused", status)


def test_screen(st):
    print("the screen switcher: size and rotation, checked at the edge")
    for body, why in (('{"size":[800]}', "one number"), ('{"size":[800,480.5]}', "half a pixel"), ('{"size":[8,480]}', "too small"),
                      ('{"size":[800,99999]}', "too large"), ('{"size":[800,480],"rotation":45}', "rotation 45"),
                      ('{"size":[1e999,480]}', "infinite"), ('nonsense', "not JSON")):
        status, r = st.json("POST", "/api/screen", body)
        check(status == 400 and not r["ok"], f"/api/screen refuses {why}: 400", (status, r))
    status, h, body = st.request("POST", "/api/screen", '{"size":[800,480]}', headers={"X-Knob-Studio": ""})
    check(status == 403, "/api/screen needs the X-Knob-Studio header like every POST", status)
    status, r = st.json("POST", "/api/screen", '{"size":[800,480],"rotation":90}')
    w, hh = png_rows(st.request("GET", "/api/frame.png")[2])[:2]
    status2, widgets = st.json("GET", "/api/widgets")
    check(status == 200 and r["screen"] == [800, 480] and r["rotation"] == 90 and (w, hh) == (800, 480)
          and widgets["panel"]["screenRotation"] == 90, "800×480 turned 90°: the picture is 800×480, the design turned", (r, w, hh, widgets["panel"]))
    status, r = st.json("POST", "/api/screen", '{"size":[600,300],"rotation":0}')
    w, hh = png_rows(st.request("GET", "/api/frame.png")[2])[:2]
    check(status == 200 and (w, hh) == (600, 300), "and back to the panel's own screen", (r, w, hh))


def test_golden(st, es):
    print("a golden from the studio: the picture and the session that replays to it")
    status, widgets = st.json("GET", "/api/widgets")
    pts = [knob_point(widgets, "balance", a) for a in range(0, 121, 15)]
    st.input({"type": "touch_down", "id": 3, "x": pts[0][0], "y": pts[0][1]},
             *[{"type": "touch_motion", "id": 3, "x": x, "y": y} for x, y in pts[1:]], {"type": "touch_up", "id": 3})
    time.sleep(1.0)   # at rest
    for name in ("../escape", "a/b", "", "x" * 65, "no.dots"):
        status, r = st.json("POST", "/api/golden", json.dumps({"name": name}))
        check(status == 400, f"golden name {name[:12]!r}: 400", (status, r))
    status, r = st.json("POST", "/api/golden", '{"name":"turned"}')
    d = os.path.dirname(st.panel)
    check(status == 200 and r["png"] == os.path.join(d, "turned.png") and r["script"] == os.path.join(d, "turned.jsonl") and r["lines"] > 5,
          "POST /api/golden writes NAME.png and NAME.jsonl beside the panel", r)
    out = os.path.join(T, "replayed.png")
    p = subprocess.run([BIN, "render", "--input", os.path.join(d, "turned.jsonl"), "--out", out], capture_output=True, text=True)
    check(p.returncode == 0, "render --input NAME.jsonl replays the session", p.stderr)
    if p.returncode == 0:
        a, b = png_rows(open(os.path.join(d, "turned.png"), "rb").read()), png_rows(open(out, "rb").read())
        diff = max((max(abs(x - y) for x, y in zip(pixel(a[3], a[2], px, py), pixel(b[3], b[2], px, py)))
                    for py in range(0, a[1], 3) for px in range(0, a[0], 3)), default=999) if a[:2] == b[:2] else 999
        check(diff <= 2, f"to the same picture (largest difference {diff} of 255 over every third pixel)", (a[:2], b[:2]))


def test_from_an_empty_file():
    print("from an empty file")
    panel = os.path.join(T, "empty.json")
    write(panel, "")
    st = Studio(BIN, panel)
    try:
        status, f = st.json("GET", "/api/file")
        check(status == 200 and f["text"] == "" and f["diagnostics"] and f["diagnostics"][0]["line"] == 1,
              "an empty file opens: the starter panel runs, the editor shows the file and its error", f)
        status, w = st.json("GET", "/api/widgets")
        check(w["panel"]["panel"] == "New panel", "the starter panel is shown", w["panel"])
        status, reply = st.json("POST", "/api/save", PANEL % "")
        status2, w = st.json("GET", "/api/widgets")
        check(status == 200 and reply["reloaded"] and [x["widget"] for x in w["widgets"]] == ["volume", "balance"],
              "the first good save replaces it", reply)
    finally:
        st.stop()
    missing = os.path.join(T, "new.json")
    st = Studio(BIN, missing)
    try:
        check(os.path.exists(missing) and subprocess.run([BIN, "check", missing], capture_output=True).returncode == 0,
              "a missing file is created with a starter panel that passes check")
    finally:
        st.stop()


def main():
    panel = os.path.join(T, "panel.json")
    write(panel, PANEL % "")
    flip = os.path.join(T, "frames.log")
    st = Studio(BIN, panel, "--flip-log", flip)
    st.flip_log = flip
    try:
        es = test_page_and_stream(st)
        test_input_turns_a_knob(st, es)
        test_saves(st, es)
        test_abuse(st, es)
        test_library(st)
        test_golden(st, es)
        test_screen(st)
        es.close()
        test_bandwidth(st)
    finally:
        code = st.stop()
    check(code == 0, "SIGTERM: exit 0", st.stderr())
    test_token()
    test_from_an_empty_file()
    # The same measurement on the demo panel (1280×800; its volume knob also changes a label).
    demo = os.path.join(T, "demo.json")
    shutil.copy(os.path.join(S.ROOT, "panels", "demo.json"), demo)
    st = Studio(BIN, demo)
    try:
        print("demo panel (1280x800):")
        test_bandwidth(st)
    finally:
        st.stop()
    shutil.rmtree(T, ignore_errors=True)
    S.finish("studio http tests")


main()
