#!/usr/bin/env python3
"""The click you can hear (issue 27), through the real libasound2 with ALSA's own file output:
an asoundrc (ALSA_CONFIG_PATH) whose pcm `tick` is of type `file` over a `null` slave writes
every sample the panel plays into a raw file. A headless panel with "sound": {"click": true,
"device": "tick"} is tapped by its script: three presses of a button, one of a label, one of a
button disabled by `style`; the file must hold exactly three ticks, each the documented
waveform (6 ms of 2.8 kHz, 0.3 ms attack, 1 ms decay, peak volume x 0.8 of full scale,
s16le mono 48 kHz). Then a device that does not exist: no error, the panel runs, one note
on stderr however many presses.
Usage: click_sound.py KNOB_PANEL_BINARY   (exit 0: all passed; 77: libasound2 not installed)"""
import ctypes.util, json, math, os, struct, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_log import check, finish
import support

BIN = os.path.abspath(sys.argv[1])
T = tempfile.mkdtemp(prefix="knob-click.")
RATE, FREQ, FRAMES, ATTACK, DECAY = 48000, 2800.0, 288, 0.0003, 0.001


def tick(volume):
    """ClickTick.samples, sample for sample (rounded to nearest, as Swift's rounded())."""
    out = []
    for i in range(FRAMES):
        t = i / RATE
        env = min(1, t / ATTACK) * math.exp(-max(0, t - ATTACK) / DECAY)
        v = 0.8 * 32767 * volume * env * math.sin(2 * math.pi * FREQ * t)
        out.append(int(math.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1))
    return out


def panel(device, volume=0.5):
    path = os.path.join(T, f"click-{device}.json")
    json.dump({"panel": "Click", "size": [400, 200], "sound": {"click": True, "device": device, "volume": volume},
               "pages": [{"id": "p", "widgets": [
                   {"id": "go", "type": "button", "title": "Go", "frame": [20, 20, 160, 60]},
                   {"id": "off", "type": "button", "title": "Off", "frame": [220, 20, 160, 60]},
                   {"id": "note", "type": "label", "text": "Hello", "frame": [20, 120, 360, 60]}]}]}, open(path, "w"))
    return path


def script(name):
    path = os.path.join(T, name)
    lines = [{"t": 0.2, "type": "command", "command": {"command": "style", "widget": "off", "enabled": False}}]
    for i, (x, y) in enumerate([(100, 50), (100, 50), (100, 150), (300, 50), (100, 50)]):
        t = 0.5 + 0.3 * i
        lines += [{"t": round(t, 2), "type": "touch_down", "id": 0, "x": x, "y": y}, {"t": round(t + 0.05, 2), "type": "touch_up", "id": 0}]
    open(path, "w").write("\n".join(json.dumps(l) for l in lines) + "\n")
    return path


def run(device, env, name):
    p = support.PanelProcess(BIN, panel(device), T, "--script", script(name + ".jsonl"), ready=True, name=name, env=env)
    p.wait_ready()
    time.sleep(3.0)
    alive = p.alive()
    rc = p.stop()
    return alive, rc, p.stderr()


def main():
    if not ctypes.util.find_library("asound"):
        print("  skip  click sound: libasound2 not installed"); return 77
    raw = os.path.join(T, "tick.raw")
    conf = os.path.join(T, "asoundrc")
    open(conf, "w").write('pcm.tick {\n  type file\n  slave.pcm { type null }\n  file "%s"\n  format "raw"\n}\n' % raw)
    env = dict(os.environ, ALSA_CONFIG_PATH=conf)
    alive, rc, err = run("tick", env, "tick")
    check(alive and rc == 0, "a panel with a click runs and stops cleanly", (rc, err[-800:]))
    check("no click" not in err, "the file pcm opens: no note", err[-800:])
    data = open(raw, "rb").read() if os.path.exists(raw) else b""
    samples = list(struct.unpack("<%dh" % (len(data) // 2), data[: len(data) // 2 * 2]))
    check(len(samples) == 3 * FRAMES, f"three presses of the button, three ticks ({len(samples)} samples, want {3 * FRAMES}); "
          "none for the label nor the button disabled by style", len(samples))
    want = tick(0.5)
    worst = max((abs(a - b) for a, b in zip(samples, want * 3)), default=99999)
    check(len(samples) >= FRAMES and worst <= 1, f"each tick is the documented waveform (largest difference {worst})", samples[:12])
    peak = max((abs(s) for s in samples), default=0)
    check(11000 <= peak <= 13107, f"peak {peak} (volume 0.5: at most 0.8 x 0.5 x 32767 = 13107)", peak)
    alive, rc, err = run("no-such-pcm", env, "none")
    notes = [l for l in err.splitlines() if "no click" in l]
    check(alive and rc == 0, "no such device: no error, the panel runs and stops cleanly", (rc, err[-800:]))
    check(len(notes) == 1 and "no-such-pcm" in notes[0], f"one note on stderr for five presses: {notes}", err[-800:])
    finish("click sound")


try:
    sys.exit(main())
finally:
    support.stop_all()
