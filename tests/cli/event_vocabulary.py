#!/usr/bin/env python3
"""Events as docs/protocol.md describes them, checked against the real binary (issue 23,
items 12, 13 and 15):

- a button's tap sends pressed, released, clicked, in that order, and the protocol's example
  lines for the button show that order;
- an animated `set` sends `valueChanged` with the target at once and `settled` when the
  widget is at rest (render on the virtual clock, and a live panel over the socket);
- each channel's commands carry their own `source`: script, stdin, socket.

    tests/cli/event_vocabulary.py BIN"""
import json, os, re, shutil, socket, subprocess, sys, tempfile, time
from check_log import check, finish
import support

BIN = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
T = tempfile.mkdtemp(prefix="knob-events.")
PANEL = os.path.join(T, "panel.json")
with open(PANEL, "w") as f:
    f.write("""{ "panel": "Events", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
  { "id": "plus", "type": "button", "title": "+", "frame": [20, 20, 120, 80] },
  { "id": "volume", "type": "knob", "mode": "continuous", "frame": [200, 20, 160, 160] } ] } ] }""")


def render(script):
    path = os.path.join(T, "script.jsonl")
    with open(path, "w") as f:
        f.write("\n".join(json.dumps(line) for line in script) + "\n")
    r = subprocess.run([BIN, "render", PANEL, "--input", path, "--events", "-", "--out", os.path.join(T, "out.png")],
                       capture_output=True, text=True, timeout=60)
    return [json.loads(l) for l in r.stdout.splitlines() if l.startswith('{"t"')]


def test_button_order():
    print("a button's events: pressed, released, clicked")
    events = render([{"t": 0.1, "type": "touch_down", "id": 0, "x": 80, "y": 60},
                     {"t": 0.3, "type": "touch_up", "id": 0}])
    names = [(e["event"], e["t"]) for e in events if e.get("widget") == "plus"]
    check(names == [("pressed", 0.1), ("released", 0.3), ("clicked", 0.3)], "a tap: pressed, then released and clicked at the lift", names)
    # The protocol's example shows the same order.
    with open(os.path.join(ROOT, "docs/protocol.md")) as f:
        doc = [json.loads(l) for l in f.read().splitlines() if l.startswith('{"t"') and '"widget":"plus"' in l]
    check([e["event"] for e in doc] == ["pressed", "released", "clicked"], "docs/protocol.md's button example in that order",
          [e["event"] for e in doc])


def test_animated_set_on_the_virtual_clock():
    print("an animated set: valueChanged with the target at once, settled at rest")
    events = render([{"t": 0.5, "type": "command", "command": {"command": "set", "widget": "volume", "position": 180, "animated": True}}])
    got = [(e["event"], e["t"], e.get("position"), e.get("source")) for e in events if e.get("widget") == "volume"]
    # A full turn per second: 180 degrees take 0.5 s, at rest on the vsync at 1.0 s.
    check(got == [("valueChanged", 0.5, 180, "script"), ("settled", 1, 180, "script")],
          "render: valueChanged at 0.5 (target), settled at 1.0, both source script", got)


def Client(path):
    return support.LineClient(path, wait=20)   # the panel may not listen yet


def test_live_channels():
    print("a live panel: stdin, socket, and a settled event over the socket")
    sock = os.path.join(T, "ctl.sock")
    proc = subprocess.Popen([BIN, "run", PANEL, "--headless", "--ipc", sock, "--exit-after", "8"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        c = Client(sock)   # the panel is up
        proc.stdin.write(json.dumps({"command": "set", "widget": "volume", "position": 10}) + "\n")
        proc.stdin.flush()
        ev = None
        for line in proc.stdout:
            msg = json.loads(line)
            if msg.get("event") == "valueChanged":
                ev = msg
                break
        check(ev and ev.get("source") == "stdin", "a set on stdin says source stdin", ev)
        c.send({"command": "set", "widget": "volume", "position": 100, "animated": True, "request_id": 1})
        reply = c.until(lambda m: m.get("request_id") == 1)
        changed = c.until(lambda m: m.get("event") == "valueChanged")
        t0 = time.monotonic()
        settled = c.until(lambda m: m.get("event") in ("settled", "valueChanged"))
        waited = time.monotonic() - t0
        check(reply and reply["data"]["position"] == 100 and changed and changed["position"] == 100 and changed["source"] == "socket",
              "a set on the socket: the reply and valueChanged carry the target, source socket", (reply, changed))
        # 90 degrees at a full turn per second: 0.25 s of frame clock.
        check(settled and settled["event"] == "settled" and settled["position"] == 100 and settled["source"] == "socket"
              and 0.2 <= settled["t"] - changed["t"] <= 0.35,
              "then settled at rest, " + (f"{settled['t'] - changed['t']:.3f} s" if settled else "never")
              + f" later on the frame clock (waited {waited:.2f} s)", settled)
    finally:
        proc.kill()
        proc.wait()


try:
    print(f"event vocabulary ({BIN})")
    test_button_order()
    test_animated_set_on_the_virtual_clock()
    test_live_channels()
finally:
    shutil.rmtree(T, ignore_errors=True)
finish("event vocabulary")
