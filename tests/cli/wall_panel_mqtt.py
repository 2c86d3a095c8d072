#!/usr/bin/env python3
"""panels/wall-panel.json against a real broker (issue 27's done-when): the temperature and
humidity bound to topics (label text, the 24 h chart's count), the thermostat's target and a
light from their topics, and the doorbell picture from a topic whose payload is the JPEG
itself: `get` (width, height, placeholder), the events (valueChanged, pictureChanged,
pictureDamaged with one log line) and the pixels of a screenshot (the door's orange where the
fixture's door lands after `cover`, ink where the temperature is written). A 4096x4096 4 MiB
JPEG is decoded off the loop: a value published right behind it is shown first, and `get`s on
the socket are answered while it decodes.
Usage: wall_panel_mqtt.py KNOB_PANEL_BINARY   (exit 0: all passed; 77: mosquitto not installed)"""
import os, shutil, subprocess, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mqtt_support import *  # noqa
import big_jpeg
import support

BIN = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PANEL = os.path.join(ROOT, "panels", "wall-panel.json")
DOORBELL = os.path.join(ROOT, "tests", "fixtures", "pictures", "doorbell-320x240.jpg")
DOOR_RGB, WALL_RGB = (0xd9, 0x82, 0x2b), (0x1f, 0x3a, 0x5f)


def pub_file(port, topic, path, retain=False):
    subprocess.run(["mosquitto_pub", "-p", str(port), "-t", topic, "-f", path] + (["-r"] if retain else []), check=True)


def near(rgb, want, tol=24):
    return all(abs(a - b) <= tol for a, b in zip(rgb, want))


def main():
    if not broker_binary() or not shutil.which("mosquitto_pub"):
        print("  skip  wall panel mqtt tests: mosquitto not installed"); return 77
    tmp = tempfile.mkdtemp(prefix="knob-wall.")
    sock = os.path.join(tmp, "s")
    b = Broker(tmp)
    # The sensors' states are retained before the panel starts (as mqtt_statestream keeps them).
    pub(b.port, "home/living/temperature", "21.46", retain=True)
    pub(b.port, "home/living/humidity", "48.2", retain=True)
    pub(b.port, "home/living/ceiling/state", "off", retain=True)
    sub = Sub(b.port)
    panel = support.PanelProcess(BIN, PANEL, tmp, "--mqtt", f"mqtt://127.0.0.1:{b.port}", "--mqtt-id", "wall-test",
                                 "--screenshot-dir", tmp, sock=sock)
    c = panel.client()
    online = sub.wait(lambda t, p: t == "knob-panel/wall-test/status" and p == "online", 10)
    check("the wall panel connects", online is not None, panel.stderr())
    sub.close()   # its reader reads text lines; the pictures below are binary
    time.sleep(0.5)

    def get(w):
        r, _ = c.request("get", widget=w)
        return r.get("data", {})

    check("retained temperature -> label '21.5 °C'", get("temperature").get("text") == "21.5 °C", get("temperature"))
    check("retained humidity -> label '48 %'", get("humidity").get("text") == "48 %", get("humidity"))
    check("the idle page's temperature too", get("nightTemp").get("text") == "21.5 °C", get("nightTemp"))
    check("the 24 h chart holds the retained point", get("history").get("count") == 1, get("history"))
    check("retained 'off' -> the ceiling light off", get("ceiling").get("on") is False, get("ceiling"))
    for i, v in enumerate(["21.6", "21.9", "22.2"]):
        pub(b.port, "home/living/temperature", v)
        ev = c.until(lambda m: m.get("widget") == "history" and m.get("event") == "valueChanged", 5)
        check(f"temperature {v}: the chart's valueChanged, source mqtt, count {i + 2}",
              ev is not None and ev.get("source") == "mqtt" and ev.get("count") == i + 2 and ev.get("value") == float(v), ev)
    check("the label follows: '22.2 °C'", get("temperature").get("text") == "22.2 °C", get("temperature"))
    pub(b.port, "home/living/thermostat/target", "22.5")
    time.sleep(0.3)
    check("the thermostat's target from its topic: 22.5", get("setpoint").get("value") == 22.5, get("setpoint"))

    # The doorbell: the placeholder until a picture arrives, then the JPEG from the topic.
    d = get("doorbell")
    check("doorbell: the placeholder before any picture", d.get("placeholder") is True and "width" not in d, d)
    pub_file(b.port, "home/doorbell/snapshot", DOORBELL)
    ev = c.until(lambda m: m.get("widget") == "doorbell" and m.get("event") == "pictureChanged", 5)
    size = os.path.getsize(DOORBELL)
    check("a JPEG payload: pictureChanged 320x240 jpeg, its bytes, source mqtt",
          ev is not None and (ev.get("width"), ev.get("height"), ev.get("format"), ev.get("bytes"), ev.get("source")) == (320, 240, "jpeg", size, "mqtt"), ev)
    d = get("doorbell")
    check("get: width 320, height 240, no placeholder", (d.get("width"), d.get("height"), d.get("placeholder")) == (320, 240, False), d)
    shot, _ = c.request("screenshot", path="wall.png")
    png = os.path.join(tmp, "wall.png")
    w, h, bpp, rows = support.read_png(png)
    s = w / 1024

    def px(x, y):
        return support.pixel(rows, bpp, int(x * s), int(y * s))
    # cover: 320x240 into 160x116 at s = max(0.5, 0.483) = 0.5 -> 160x120, 2 rows cut above;
    # the door (x 112…208, y 48… of the picture) lands at x 56…104, y 22… of the frame at (24, 384).
    door, wall = px(24 + 80, 384 + 80), px(24 + 20, 384 + 10)
    check("pixels: the door's orange inside the doorbell frame, the wall's blue beside it",
          shot.get("ok") and near(door, DOOR_RGB) and near(wall, WALL_RGB), (shot, door, wall))
    ink = sum(1 for y in range(100, 150, 2) for x in range(30, 220, 2) if sum(px(x, y)) > 600)
    check("pixels: the temperature is written (light ink in its frame)", ink > 40, ink)

    # Damaged pictures: the placeholder, one event and one log line for the run; then good again.
    data = open(DOORBELL, "rb").read()
    cut = os.path.join(tmp, "cut.jpg")
    open(cut, "wb").write(data[:len(data) // 3])
    pub_file(b.port, "home/doorbell/snapshot", cut)
    ev = c.until(lambda m: m.get("widget") == "doorbell" and m.get("event") == "pictureDamaged", 5)
    check("a truncated JPEG: pictureDamaged with a reason", ev is not None and ev.get("reason"), ev)
    junk = os.path.join(tmp, "junk.bin")
    open(junk, "wb").write(b"\xff\xd8" + os.urandom(3000))
    pub_file(b.port, "home/doorbell/snapshot", junk)
    time.sleep(0.4)
    lines = [l for l in panel.stderr().splitlines() if "for 'doorbell'" in l]
    check("one log line for the run of damaged payloads", len(lines) == 1, lines)
    check("get: the placeholder, and why", get("doorbell").get("placeholder") is True and get("doorbell").get("damage"), get("doorbell"))
    big = os.path.join(tmp, "big.bin")
    open(big, "wb").write(b"\xff\xd8" + b"\0" * (5 << 20))
    pub_file(b.port, "home/doorbell/snapshot", big)
    pub_file(b.port, "home/doorbell/snapshot", DOORBELL)
    ev = c.until(lambda m: m.get("widget") == "doorbell" and m.get("event") == "pictureChanged", 5)
    check("a 5 MiB payload is dropped; the next good picture shows", ev is not None and get("doorbell").get("placeholder") is False,
          (ev, get("doorbell"), panel.stderr()[-400:]))
    c.request("screenshot", path="again.png")
    w2, h2, bpp2, rows2 = support.read_png(os.path.join(tmp, "again.png"))
    check("pixels: the door again", near(support.pixel(rows2, bpp2, int(104 * s), int(464 * s)), DOOR_RGB))
    big_decode_off_the_loop(b, c, tmp, sock)
    c.close()
    panel.stop()
    b.stop()
    return verdict("wall panel mqtt")


def big_decode_off_the_loop(b, c, tmp, sock):
    """The largest picture taken (4096x4096, 4 MiB: 60-250 ms of libjpeg) must not hold the
    loop. One write carries the picture and then a temperature; the broker forwards them in
    that order on the panel's one connection. Decoded on the loop, the picture's
    pictureChanged came first and nothing was answered meanwhile; decoded off it, the
    temperature's valueChanged comes first, and a second client's `get`s (one every 5 ms) are
    answered all along. The bound: the slowest `get` under half the time from the publish to
    pictureChanged (before the fix it waited for the whole decode: 77 of 105 ms; after it, 20
    of 144 ms, on this 2-core machine with other builds running)."""
    path = os.path.join(tmp, "big.jpg")
    size = big_jpeg.write(path)
    data = open(path, "rb").read()
    pinger = support.LineClient(sock)
    pinger.send({"command": "observe", "widgets": []})
    rtts, stop = [], threading.Event()

    def ping():
        i = 1000
        while not stop.is_set():
            i += 1
            sent = time.monotonic()
            pinger.send({"command": "get", "widget": "clock", "request_id": i})
            try: pinger.reply(i, timeout=5)
            except (OSError, EOFError): break
            rtts.append((sent, time.monotonic() - sent))
            time.sleep(0.005)
    t = threading.Thread(target=ping, daemon=True)
    t.start()
    time.sleep(0.3)
    publisher = Publisher(b.port, "big-picture")
    published = time.monotonic()
    publisher.publish_all([("home/doorbell/snapshot", data), ("home/living/temperature", "23.4")])
    order = []
    while len(order) < 2:
        m = c.until(lambda m: (m.get("widget"), m.get("event")) in (("doorbell", "pictureChanged"), ("history", "valueChanged")), 10)
        if m is None: break
        order.append((m["widget"], m, time.monotonic()))
    stop.set(); t.join(2)
    publisher.close(); pinger.close()
    names = [w for w, _, _ in order]
    check(f"a 4096x4096 JPEG ({size} bytes): the value published behind it is shown first", names == ["history", "doorbell"], names)
    picture = next((m for w, m, _ in order if w == "doorbell"), {})
    check("then pictureChanged 4096x4096", (picture.get("width"), picture.get("height")) == (4096, 4096), picture)
    shown = next((at for w, _, at in order if w == "doorbell"), published + 10)
    during = [r for sent, r in rtts if published <= sent <= shown]
    slowest = max(during, default=0)
    took = shown - published
    note(f"4096x4096 JPEG: pictureChanged {took * 1000:.0f} ms after the publish; {len(during)} gets meanwhile, the slowest answered in {slowest * 1000:.1f} ms")
    check("gets are answered while it decodes (the slowest under half the publish-to-picture time)",
          len(during) >= 3 and slowest < took / 2, (len(during), slowest, took))
    check("get: the big picture shown", get_widget(c, "doorbell").get("width") == 4096)


def get_widget(c, w):
    r, _ = c.request("get", widget=w)
    return r.get("data", {})


if __name__ == "__main__":
    run(main)
