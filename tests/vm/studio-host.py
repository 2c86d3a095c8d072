#!/usr/bin/env python3
"""The host side of the studio VM step: waits for the guest's panel (DIR/studio-ready on the
shared folder), then, through QEMU's forwarded port, fetches the page and a frame from the
studio running next to the real KMS display, checks the token is required, turns a knob with
an input POST and sees the event on the stream, compares the frame with the offscreen render,
and tells the guest it is done (DIR/studio-host-done). Results: DIR/studio-host.json.

    studio-host.py --dir DIR --port HOSTPORT --expected EXPECTED.png [--timeout 50]"""
import argparse, http.client, json, os, socket, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from support import read_png  # noqa: E402

TOKEN = "vm-studio-token-0123456789"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("--timeout", type=float, default=50)
    a = ap.parse_args()
    res = {"checks": {}}
    done = os.path.join(a.dir, "studio-host-done")

    def check(name, cond, detail=None):
        res["checks"][name] = bool(cond)
        if not cond and detail is not None:
            res.setdefault("details", {})[name] = str(detail)[:300]

    def get(path, token=True, method="GET", body=None, headers=None):
        c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=20)
        h = {"X-Knob-Studio-Token": TOKEN} if token else {}
        if method == "POST":
            h["X-Knob-Studio"] = "1"
        h.update(headers or {})
        t0 = time.monotonic()
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, data, time.monotonic() - t0

    try:
        deadline = time.monotonic() + a.timeout
        while not os.path.exists(os.path.join(a.dir, "studio-ready")) and time.monotonic() < deadline:
            time.sleep(0.05)
        check("guest panel on the display", os.path.exists(os.path.join(a.dir, "studio-ready")))
        status, body, dt = get("/", token=False)
        check("no token: 401", status == 401, status)
        status, body, dt = get("/")
        res["page_ms"] = round(dt * 1000, 1)
        check("page through the forwarded port", status == 200 and b"knob-panel studio" in body, status)
        status, png, dt = get("/api/frame.png")
        res["frame_ms"] = round(dt * 1000, 1)
        res["frame_bytes"] = len(png)
        path = os.path.join(a.dir, "studio-frame.png")
        with open(path, "wb") as f:
            f.write(png)
        w, h, bpp, rows = read_png(path)
        ew, eh, ebpp, erows = read_png(a.expected)
        check("frame has the display's size", (w, h) == (ew, eh), (w, h, ew, eh))
        # Every 16th pixel of the frame against the offscreen render of the same layout.
        diff = sum(1 for y in range(0, h, 16) for x in range(0, w, 16)
                   if max(abs(p - q) for p, q in zip(rows[y][x * bpp:x * bpp + 3], erows[y][x * ebpp:x * ebpp + 3])) > 8)
        res["frame_pixels_differing"] = diff
        check("frame equals the offscreen render", diff == 0, diff)
        # A real display has the size it has: the page's screen switcher is refused here.
        status, body, dt = get("/api/screen", method="POST", body='{"size":[800,480],"rotation":90}')
        check("screen switcher refused next to a display: 403", status == 403 and b"display" in body, (status, body[:200]))
        # The event stream, and a knob turned from the host.
        s = socket.create_connection(("127.0.0.1", a.port), timeout=20)
        s.sendall(f"GET /api/stream HTTP/1.1\r\nHost: panel\r\nX-Knob-Studio-Token: {TOKEN}\r\n\r\n".encode())
        status, body, dt = get("/api/input", method="POST",
                               body='{"t":0,"type":"command","command":{"command":"set","widget":"volume","position":90}}')
        check("input POST accepted", status == 200, body[:200])
        got, t0 = b"", time.monotonic()
        while time.monotonic() - t0 < 15 and b'"widget":"volume","event":"valueChanged"' not in got:
            got += s.recv(1 << 16)
        s.close()
        check("the knob's event arrives on the stream", b'"widget":"volume","event":"valueChanged"' in got)
        check("the stream carries frames", b"event: frame" in got)
    except Exception as e:  # the guest must be told to stop either way
        check("no exception", False, repr(e))
    finally:
        with open(done, "w") as f:
            f.write("done\n")
    with open(os.path.join(a.dir, "studio-host.json"), "w") as f:
        json.dump(res, f, indent=1)
    ok = all(res["checks"].values())
    for k, v in res["checks"].items():
        print(f"  [studio] {'ok  ' if v else 'FAIL'} {k}" + ("" if v else f": {res.get('details', {}).get(k, '')}"))
    print(f"studio (bochs): {'PASS' if ok else 'FAIL'}: page {res.get('page_ms')} ms, frame {res.get('frame_ms')} ms "
          f"({res.get('frame_bytes')} bytes) through the forwarded port")
    return 0 if ok else 1


sys.exit(main())
