#!/usr/bin/env python3
"""Bound data against a real broker (issue 27): retained and live payloads on bound topics
(plain, and a dotted path into JSON) reach a label (formatted `text`), a chart (`count`) and
a toggle with source mqtt; a value not refreshed goes stale (event, `get`, greyed pixels) and
fresh again; a user's tap on a two-way bound toggle goes to its commandTopic once, shows the
pending ring until the bound topic echoes it, and without an echo the device's value comes
back with an `unconfirmed` event. Nothing the panel received is published back.
Usage: mqtt_bind.py KNOB_PANEL_BINARY   (exit 0: all passed; 77: mosquitto not installed)"""
import json, os, shutil, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mqtt_support import *  # noqa
import support

BIN = sys.argv[1]

PANEL = {
    "panel": "Bound", "size": [400, 240],
    "theme": {"background": "#000000", "font": "DejaVu Sans", "textColor": "#ffffff"},
    "pages": [{"id": "p", "widgets": [
        {"id": "temp", "type": "label", "frame": [0, 0, 200, 80], "text": "…", "fontSize": 40,
         "bind": {"topic": "home/t", "path": "a.b", "format": "%.1f °C", "staleAfter": 4}},
        {"id": "lamp", "type": "toggle", "frame": [200, 0, 200, 80], "title": "Lamp",
         "bind": {"topic": "home/lamp", "commandTopic": "home/lamp/set", "confirmAfter": 1.5}},
        {"id": "c", "type": "chart", "frame": [0, 80, 400, 160], "min": 0, "max": 40, "showMinMax": False,
         "bind": {"topic": "home/t", "path": "a.b", "staleAfter": 4}},
    ]}],
}
# Taps on the toggle on the panel's clock: the first is echoed by the test, the second not.
SCRIPT = [
    {"t": 3.0, "type": "touch_down", "id": 0, "widget": "lamp"}, {"t": 3.05, "type": "touch_up", "id": 0},
    {"t": 7.0, "type": "touch_down", "id": 1, "widget": "lamp"}, {"t": 7.05, "type": "touch_up", "id": 1},
]


def mean_luma(path, box):
    w, h, bpp, rows = support.read_png(path)
    sx = w / PANEL["size"][0]
    x0, y0, bw, bh = [int(v * sx) for v in box]
    total = n = 0
    for y in range(y0, y0 + bh):
        for x in range(x0, x0 + bw):
            r, g, b = support.pixel(rows, bpp, x, y); total += (r + g + b) / 3; n += 1
    return total / n


def pixel_at(path, x, y):
    w, h, bpp, rows = support.read_png(path)
    s = w / PANEL["size"][0]
    return support.pixel(rows, bpp, int(x * s), int(y * s))


def main():
    if not broker_binary() or not shutil.which("mosquitto_sub"):
        print("  skip  mqtt bind tests: mosquitto not installed"); return 77
    tmp = tempfile.mkdtemp(prefix="knob-bind.")
    panel_path, script_path, sock = os.path.join(tmp, "bound.json"), os.path.join(tmp, "taps.jsonl"), os.path.join(tmp, "s")
    json.dump(PANEL, open(panel_path, "w"))
    open(script_path, "w").write("".join(json.dumps(l) + "\n" for l in SCRIPT))
    b = Broker(tmp)
    sub = Sub(b.port)
    # The device's state is retained before the panel starts: it arrives with the subscription.
    pub(b.port, "home/t", '{"a":{"b":21.46},"unit":"C"}', retain=True)
    pub(b.port, "home/lamp", "off", retain=True)
    panel = support.PanelProcess(BIN, panel_path, tmp, "--mqtt", f"mqtt://127.0.0.1:{b.port}", "--mqtt-id", "bind-test",
                                 "--script", script_path, "--screenshot-dir", tmp, sock=sock)
    c = panel.client()
    online = sub.wait(lambda t, p: t == "knob-panel/bind-test/status" and p == "online", 10)
    check("panel connects", online is not None, panel.stderr())
    time.sleep(0.5)

    def get(w):
        r, _ = c.request("get", widget=w)
        return r.get("data", {})

    t = get("temp")
    check("retained JSON payload, path a.b, format '%.1f °C' -> label text '21.5 °C'", t.get("text") == "21.5 °C" and "stale" not in t, t)
    check("the chart bound to the same topic holds 1 point, value 21.46", get("c").get("count") == 1 and get("c").get("value") == 21.46, get("c"))
    check("retained 'off' -> toggle off", get("lamp").get("on") is False, get("lamp"))
    pub(b.port, "home/t", '{"a":{"b":22.04}}')
    ev = c.until(lambda m: m.get("widget") == "c" and m.get("event") == "valueChanged")
    check("a live payload: the chart's valueChanged with source mqtt, count 2", ev is not None and ev.get("source") == "mqtt" and ev.get("count") == 2, ev)
    check("label follows: '22.0 °C'", get("temp").get("text") == "22.0 °C", get("temp"))
    pub(b.port, "home/t", "not json")
    time.sleep(0.3)
    check("a payload without the path: one log line, nothing changes",
          "mqtt: ignored 'home/t' for 'temp'" in panel.stderr() and get("temp").get("text") == "22.0 °C", panel.stderr()[-600:])

    # The first tap (t=3): sent once to the command topic, pending until the echo.
    m = sub.wait(lambda t, p: t == "home/lamp/set", 8)
    check("the user's tap goes to commandTopic as 'on'", m is not None and m[1] == "on", m)
    lamp = get("lamp")
    check("get: on true, pending true", lamp.get("on") is True and lamp.get("pending") is True, lamp)
    shot = c.request("screenshot", path="pending.png")[0]
    png = os.path.join(tmp, "pending.png")
    r = max(3, 80 * 0.06)
    ring = pixel_at(png, 400 - 1.8 * r + r, 1.8 * r)
    check("pixels: the amber ring in the toggle's corner while pending", shot.get("ok") and ring[0] > 200 and 150 < ring[1] < 230 and ring[2] < 110, (shot, ring))
    pub(b.port, "home/lamp", "ON")
    time.sleep(0.3)
    lamp = get("lamp")
    check("the echo (ON) confirms it: no pending, still on", lamp.get("on") is True and "pending" not in lamp, lamp)
    c.request("screenshot", path="confirmed.png")
    ring = pixel_at(os.path.join(tmp, "confirmed.png"), 400 - 1.8 * r + r, 1.8 * r)
    check("pixels: the ring is gone", not (ring[0] > 200 and 150 < ring[1] < 230 and ring[2] < 110), ring)

    # Stale: home/t last came at ~0.8 s; staleAfter 4.
    ev = c.until(lambda m: m.get("widget") == "temp" and m.get("event") == "stale", 8)
    check("no refresh within staleAfter: a stale event", ev is not None and ev.get("source") == "mqtt", ev)
    t = get("temp")
    check("get: the last text, stale true", t.get("text") == "22.0 °C" and t.get("stale") is True, t)
    c.request("screenshot", path="stale.png")
    fresh = [mean_luma(os.path.join(tmp, "pending.png"), box) for box in ((0, 0, 200, 80), (0, 80, 400, 160))]
    stale = [mean_luma(os.path.join(tmp, "stale.png"), box) for box in ((0, 0, 200, 80), (0, 80, 400, 160))]
    check("pixels: the stale label shows a dim dash (far less ink than its text) and the stale chart is greyed",
          stale[0] < fresh[0] * 0.3 and stale[1] < fresh[1] * 0.7, (fresh, stale))

    # The second tap (t=7): no echo; after confirmAfter the device's value (on) comes back.
    m = sub.wait(lambda t, p: t == "home/lamp/set", 8)
    check("the second tap is sent as 'off'", m is not None and m[1] == "off", m)
    ev = c.until(lambda m: m.get("widget") == "lamp" and m.get("event") == "unconfirmed", 5)
    check("no echo within confirmAfter: unconfirmed, sent off, the device's value on", ev is not None and ev.get("sent") is False and ev.get("value") is True, ev)
    time.sleep(0.2)
    check("the toggle shows the device's value again", get("lamp").get("on") is True and "pending" not in get("lamp"), get("lamp"))
    pub(b.port, "home/t", '{"a":{"b":19.5}}')
    time.sleep(0.3)
    t = get("temp")
    check("a new value: fresh again", t.get("text") == "19.5 °C" and "stale" not in t, t)
    seen = sub.drain(0.5)
    sets = [p for t, p, _ in sub.seen if t == "home/lamp/set"]
    check("nothing received was published back: exactly the two taps on the command topic", sets == ["on", "off"], sets)
    lamp_msgs = [p for t, p, _ in sub.seen if t == "home/lamp"]
    t_msgs = [p for t, p, _ in sub.seen if t == "home/t"]
    check("the panel published nothing on the bound topics (only the test's own messages there)",
          lamp_msgs == ["off", "ON"] and len(t_msgs) == 4, (lamp_msgs, t_msgs))
    c.close()
    panel.stop()
    b.stop()
    return verdict("mqtt bind")


if __name__ == "__main__":
    run(main)
