#!/usr/bin/env python3
"""Check one GPU's results of panel-scenario.sh (stdlib only).

  check.py --gpu NAME --dir OUT --expected expected.png [--tolerance 8] [--min-match 99.5]
           [--drag drag.json --expected-turned expected-turned.png --expected-events events.jsonl]

Compares OUT/panel.ppm (QMP screendump while the panel ran) with the offscreen render,
writes OUT/panel-diff.png on a mismatch, checks that OUT/console.ppm (after exit) is not
the panel, reads the panel's exit code, OUT/flips.jsonl and the animated "set" command's
event, prints the details and one summary line, and exits 1 on any failure.

With --drag (the input step, see drag.py): the panel read the tablet through evdev; stdout
has trackingBegan, >= 5 user valueChanged, trackingEnded, and the final position is the
drag's (135 +- 3, and within 0.5 of the offscreen render's); OUT/turned.ppm differs from
OUT/panel.ppm only on the volume knob's disc; the pip, measured in the screendumps alone,
moved from 45 to the final position (+- 3); and OUT/turned.ppm matches the render of the
same drag (whole screen as for the panel; on the knob, away from its rim and its pip, at
most --max-knob-diff pixels).
"""
import math
import argparse
import json
import operator
import os
import statistics
import struct
import sys
import zlib
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from support import decode_png  # noqa: E402

IDLE_GAP_MS = 250  # a longer pause between flips is the panel idling, not a frame interval
RIM_BAND = 10      # screen px inside the knob's edge: the rim, left out of the turned-vs-render check
PIP_CLEARANCE = 12 # screen px around the pip's expected centre, likewise


# ---- images: (width, height, RGB bytes) -----------------------------------------------------

def read_ppm(data):
    fields, pos = [], 2
    while len(fields) < 3:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(int(data[pos:end]))
        pos = end
    w, h, maxval = fields
    if maxval != 255:
        raise ValueError("only 8-bit PPM is supported")
    return w, h, data[pos + 1:pos + 1 + w * h * 3]


def read_png(data):
    """(width, height, RGB bytes) of a PNG, decoded by tests/cli/support.py."""
    w, h, bpp, rows = decode_png(data)
    pix = b"".join(bytes(r) for r in rows)
    if bpp == 4:  # composite over black, as a scanout without alpha would show it
        alpha = pix[3::4]
        rgb = bytearray(w * h * 3)
        for c in range(3):
            chan = pix[c::4]
            if alpha.count(255) != len(alpha):
                chan = bytes(v * a // 255 for v, a in zip(chan, alpha))
            rgb[c::3] = chan
        pix = bytes(rgb)
    return w, h, pix


def read_image(path):
    data = open(path, "rb").read()
    if data[:2] == b"P6":
        return read_ppm(data)
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return read_png(data)
    raise ValueError(f"{path}: neither PPM (P6) nor PNG")


def write_png(path, w, h, rgb):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\0" + rgb[y * w * 3:(y + 1) * w * 3] for y in range(h))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def compare(a, b, w, h, tolerance, diff_path=None):
    """Fraction of pixels whose channels all differ by <= tolerance, mean and max channel error.
    With diff_path, writes the expected image dimmed with the differing pixels in red."""
    stride, bad, total_err, max_err = w * 3, 0, 0, 0
    diff = bytearray(b.translate(bytes(v // 3 for v in range(256)))) if diff_path else None
    for y in range(h):
        ra, rb = a[y * stride:(y + 1) * stride], b[y * stride:(y + 1) * stride]
        if ra == rb:
            continue
        d = bytes(map(abs, map(operator.sub, ra, rb)))
        total_err += sum(d)
        max_err = max(max_err, max(d))
        worst = bytes(map(max, d[0::3], d[1::3], d[2::3]))
        n_bad = w - sum(worst.count(v) for v in range(tolerance + 1))
        bad += n_bad
        if diff is not None and n_bad:
            for x, v in enumerate(worst):
                if v > tolerance:
                    diff[y * stride + 3 * x:y * stride + 3 * x + 3] = b"\xff\x00\x00"
    if diff is not None and bad:
        write_png(diff_path, w, h, bytes(diff))
    return 1 - bad / (w * h), total_err / (w * h * 3), max_err


def diff_pixels(a, b, w, h, tolerance):
    """(x, y) of every pixel with a channel differing by more than tolerance."""
    stride, out = w * 3, []
    for y in range(h):
        ra, rb = a[y * stride:(y + 1) * stride], b[y * stride:(y + 1) * stride]
        if ra == rb:
            continue
        d = bytes(map(abs, map(operator.sub, ra, rb)))
        worst = bytes(map(max, d[0::3], d[1::3], d[2::3]))
        out.extend((x, y) for x, v in enumerate(worst) if v > tolerance)
    return out


def pip_angle(img, other, w, h, centre, r_in, r_out, contrast=60):
    """The knob's pip in img, found among the pixels of the ring r_in..r_out around centre that
    differ clearly from other (a frame with the pip elsewhere): those differ at the pip's place
    in img and at its place in other. The pip's own pixels are the ones where img stands out
    from the face (the ring's median colour in img), whether the pip is darker or lighter than
    the face. Returns (angle in knob degrees, 0 at the top, counterclockwise positive; distance
    from the centre; pixel count), or None."""
    cx, cy = centre
    ring, darker, lighter = [], [], []
    for y in range(max(0, int(cy - r_out)), min(h, int(cy + r_out) + 2)):
        for x in range(max(0, int(cx - r_out)), min(w, int(cx + r_out) + 2)):
            if not r_in <= math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= r_out:
                continue
            i = 3 * (y * w + x)
            a, b = sum(img[i:i + 3]), sum(other[i:i + 3])
            ring.append(a)
            if a + contrast < b:
                darker.append((x, y, a))
            elif b + contrast < a:
                lighter.append((x, y, a))
    if not ring or not (darker or lighter):
        return None
    face = sorted(ring)[len(ring) // 2]
    stands_out = lambda px: sum(abs(a - face) for _, _, a in px) / len(px) if px else -1
    pip = darker if stands_out(darker) >= stands_out(lighter) else lighter
    n = len(pip)
    mx, my = sum(x + 0.5 for x, _, _ in pip) / n - cx, sum(y + 0.5 for _, y, _ in pip) / n - cy
    return math.degrees(math.atan2(-mx, -my)), math.hypot(mx, my), n


def angle_diff(a, b):
    return abs((a - b + 180) % 360 - 180)


# ---- events ---------------------------------------------------------------------------------

def read_events(path):
    events, bad = [], []
    for n, line in enumerate(open(path, errors="replace"), 1):
        if line.strip():
            try:
                events.append(json.loads(line))
            except ValueError:
                bad.append(n)
    return events, bad


def drag_events(events, widget):
    """The first touch interaction on widget: (began, user valueChanged events, ended)."""
    began = next((i for i, e in enumerate(events)
                  if e.get("widget") == widget and e.get("event") == "trackingBegan"), None)
    if began is None:
        return False, [], False
    ended = next((i for i, e in enumerate(events[began:], began)
                  if e.get("widget") == widget and e.get("event") == "trackingEnded"), None)
    changes = [e for e in events[began:ended] if e.get("widget") == widget
               and e.get("event") == "valueChanged" and e.get("source") == "user"]
    return True, changes, ended is not None


# ---- flips ------------------------------------------------------------------------------------

def flip_stats(path):
    times = []
    for line in open(path):
        if line.strip():
            times.append(float(json.loads(line)["t"]))
    intervals = [(b - a) * 1000 for a, b in zip(times, times[1:])]
    frames = [i for i in intervals if i <= IDLE_GAP_MS]
    return times, frames, len(intervals) - len(frames)


# ---- main -------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gpu", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("--tolerance", type=int, default=8)
    ap.add_argument("--min-match", type=float, default=99.5, help="percent of pixels within tolerance")
    ap.add_argument("--max-mean-error", type=float, default=1.0)
    ap.add_argument("--max-console-equal", type=float, default=50.0, help="percent")
    ap.add_argument("--drag", help="drag.json: check the input step")
    ap.add_argument("--expected-turned", help="render of the drag (with --drag)")
    ap.add_argument("--expected-events", help="events of that render (with --drag)")
    ap.add_argument("--reader", choices=["evdev", "libinput"],
                    help="the input reader the panel must name on stderr (with --drag; default: a note if not evdev)")
    ap.add_argument("--min-events", type=int, default=5, help="user valueChanged lines the drag must produce")
    ap.add_argument("--max-position-error", type=float, default=3.0, help="degrees")
    ap.add_argument("--max-knob-diff", type=int, default=40,
                    help="pixels on the knob's disc allowed to differ from the drag's render")
    a = ap.parse_args()
    out = lambda name: os.path.join(a.dir, name)
    failures, parts = [], []

    def say(msg):
        print(f"  [{a.gpu}] {msg}")

    try:
        timing = json.load(open(out("timing.json")))
        parts.append(f"boot {timing['boot_s']:.1f} s, total {timing['total_s']:.1f} s")
    except (OSError, ValueError, TypeError, KeyError):
        failures.append("no VM timing (did the VM run?)")
    if os.path.exists(out("panel-stderr.log")):
        for line in open(out("panel-stderr.log"), errors="replace").read().splitlines()[-5:]:
            say(f"stderr: {line}")
    rc = open(out("panel.rc")).read().strip() if os.path.exists(out("panel.rc")) else None
    if rc != "0":
        failures.append(f"panel exit code {rc if rc is not None else 'missing'}")

    if not os.path.exists(out("ready")):
        failures.append("no ready file")
    if os.path.exists(out("flips.jsonl")):
        try:
            times, frames, gaps = flip_stats(out("flips.jsonl"))
        except (ValueError, KeyError) as e:
            failures.append(f"flips.jsonl unreadable: {e}")
            times, frames, gaps = [], [], 0
        if times:
            text = f"first flip {times[0] * 1000:.1f} ms, {len(times)} flips"
            if frames:
                text += (f", interval median {statistics.median(frames):.1f} ms "
                         f"(min {min(frames):.1f}, max {max(frames):.1f}; {gaps} idle gap(s) > {IDLE_GAP_MS} ms left out)")
                if statistics.median(frames) < 5:
                    say("WARNING: flips are not paced to the refresh rate (median interval < 5 ms)")
            parts.append(text)
            say(text)
        if not times:
            failures.append("flips.jsonl is empty: no page flip completed")
        elif len(times) < 2:
            failures.append("only 1 flip logged: the animated 'set' command produced no frames")
    else:
        failures.append("no flips.jsonl")

    expected = panel = None
    try:
        ew, eh, expected = read_image(a.expected)
    except (OSError, ValueError) as e:
        failures.append(f"expected image: {e}")
    try:
        pw, ph, panel = read_image(out("panel.ppm"))
    except (OSError, ValueError) as e:
        failures.append(f"no panel screendump ({e})")
    if expected is not None and panel is not None:
        if (pw, ph) != (ew, eh):
            failures.append(f"panel screendump is {pw}x{ph}, expected {ew}x{eh}")
        else:
            match, mean, worst = compare(panel, expected, pw, ph, a.tolerance, out("panel-diff.png"))
            text = f"panel match {match * 100:.2f}% (mean error {mean:.2f}, max {worst})"
            parts.append(text)
            say(f"{text}; tolerance {a.tolerance}/channel, need >= {a.min_match}% and mean <= {a.max_mean_error}")
            if match * 100 < a.min_match or mean > a.max_mean_error:
                write_png(out("panel-actual.png"), pw, ph, panel)
                failures.append(f"panel screendump differs from the render: see {out('panel-diff.png')} "
                                f"(red: differing pixels) and {out('panel-actual.png')}")
    if panel is not None:
        try:
            cw, ch, console = read_image(out("console.ppm"))
            if (cw, ch) != (pw, ph):
                say(f"console is {cw}x{ch}, panel {pw}x{ph}: different")
                parts.append("console restored")
            elif console == console[:3] * (cw * ch):
                failures.append(f"after exit the screen is one colour (#{console[:3].hex()}): no console text")
            else:
                equal = compare(console, panel, cw, ch, a.tolerance)[0] * 100
                text = f"console {equal:.1f}% like the panel"
                parts.append(text)
                say(text)
                if equal >= a.max_console_equal:
                    failures.append(f"after exit the screen still shows the panel ({equal:.1f}% equal): "
                                    "the console was not restored")
        except (OSError, ValueError) as e:
            failures.append(f"no console screendump ({e})")

    # The animated "set" command (sent after the drag) reached the knob.
    events = []
    if os.path.exists(out("panel-stdout.log")):
        events, bad_lines = read_events(out("panel-stdout.log"))
        if bad_lines:
            failures.append(f"panel-stdout.log: not JSON on line(s) {bad_lines[:5]}")
    errors = [e["error"] for e in events if "error" in e]
    if errors:
        say(f"the panel answered with an error: {errors[0]}")
    if rc == "0" and not errors:
        if any(e.get("widget") == "volume" and e.get("event") == "valueChanged" and e.get("source") == "stdin"
               and angle_diff(float(e.get("position", 0)), 270) < 0.01 for e in events):
            say("set command: volume reached 270° (source stdin)")
        else:
            failures.append("no valueChanged with source stdin at 270° after the 'set' command on stdin")

    if a.drag:
        check_drag(a, out, say, failures, parts, events, panel)

    for f in failures:
        say(f"FAIL: {f}")
    print(f"vm-test {a.gpu}: {'FAIL' if failures else 'PASS'}: " + "; ".join(parts))
    return 1 if failures else 0


def check_drag(a, out, say, failures, parts, events, panel):
    """The input step: tablet drag -> evdev -> knob-panel -> events and a turned knob."""
    info = json.load(open(a.drag))
    widget, expected = info["widget"], info["expected_position"]
    stderr = open(out("panel-stderr.log"), errors="replace").read() if os.path.exists(out("panel-stderr.log")) else ""
    line = next((l for l in stderr.splitlines() if "input (" in l), None)
    if line is None or "QEMU Virtio Tablet" not in line:
        failures.append("the panel did not report the QEMU Virtio Tablet as an input device on stderr")
    elif a.reader and f"input ({a.reader}" not in line:
        failures.append(f"the tablet was not read through {a.reader}: {line.strip()}")
    elif a.reader:
        say(f"input read through {a.reader}: {line.strip()}")
    elif "evdev" not in line:
        say("note: the tablet was not read through the evdev reader")

    began, changes, ended = drag_events(events, widget)
    final = float(changes[-1]["position"]) if changes else None
    rfinal = None  # the render's final position for the same drag
    text = (f"drag: {'trackingBegan, ' if began else ''}{len(changes)} user valueChanged"
            f"{', trackingEnded' if ended else ''}" + (f", final position {final:.2f}°" if changes else ""))
    say(text)
    parts.append(f"drag {len(changes)} events, final {final:.2f}°" if changes else "drag: no user events")
    if not began:
        failures.append(f"no trackingBegan for {widget} on stdout: the tablet drag did not reach the knob")
    elif not ended:
        failures.append(f"no trackingEnded for {widget} on stdout after the drag")
    if began and len(changes) < a.min_events:
        failures.append(f"only {len(changes)} user valueChanged during the drag (need >= {a.min_events})")
    if final is not None:
        if angle_diff(final, expected) > a.max_position_error:
            failures.append(f"final position {final:.2f}° after the drag, expected {expected:g} ± {a.max_position_error:g}")
        if a.expected_events and os.path.exists(a.expected_events):
            _, render_changes, _ = drag_events(read_events(a.expected_events)[0], widget)
            if render_changes:
                rfinal = float(render_changes[-1]["position"])
                say(f"render of the same drag: final position {rfinal:.4f}° (VM {final:.4f}°, "
                    f"{len(render_changes)} events in the render)")
                if angle_diff(final, rfinal) > 0.5:
                    failures.append(f"final position {final:.4f}° differs from the render's {rfinal:.4f}° "
                                    "for the same tablet samples")
    others = sorted({e.get("widget") for e in events if e.get("source") == "user" and e.get("widget") != widget})
    if others:
        failures.append(f"the drag changed other widgets too: {', '.join(map(str, others))}")

    try:
        tw, th, turned = read_image(out("turned.ppm"))
    except (OSError, ValueError) as e:
        failures.append(f"no screendump after the drag ({e})")
        return
    if panel is None:
        return
    if len(turned) != len(panel):
        failures.append(f"the screendump after the drag is {tw}x{th}, unlike the first one")
        return
    w, h = tw, th
    cx, cy = info["centre_screen"]
    radius = info["knob_radius_screen"]
    changed = diff_pixels(panel, turned, w, h, a.tolerance)
    outside = [p for p in changed if math.hypot(p[0] + 0.5 - cx, p[1] + 0.5 - cy) > radius + 3]
    if changed:
        xs, ys = [p[0] for p in changed], [p[1] for p in changed]
        say(f"drag changed {len(changed)} pixels, in x {min(xs)}..{max(xs)} y {min(ys)}..{max(ys)}; "
            f"{len(outside)} outside the knob's disc (centre {cx:g},{cy:g} radius {radius:.1f} + 3)")
    if len(changed) < 100:
        failures.append(f"the screen hardly changed after the drag ({len(changed)} pixels): the knob did not turn")
    if outside:
        failures.append(f"{len(outside)} pixels changed outside the volume knob after the drag, e.g. {outside[:3]}")

    pip_r = info["pip_radius_screen"]
    pip_target = final if final is not None else expected
    if rfinal is not None:
        pip_target = rfinal
    r_in, r_out = pip_r * 0.6, min(pip_r * 1.1, radius - 6)
    before = pip_angle(panel, turned, w, h, (cx, cy), r_in, r_out)
    after = pip_angle(turned, panel, w, h, (cx, cy), r_in, r_out)
    if before is None or after is None:
        failures.append("cannot find the knob's pip in the screendumps (no dot that moved)")
    else:
        text = (f"pip at {before[0]:.1f}° before (r {before[1]:.1f} px, {before[2]} px), "
                f"{after[0]:.1f}° after (r {after[1]:.1f} px, {after[2]} px)")
        say(text)
        parts.append(f"pip {before[0]:.1f}°->{after[0]:.1f}°")
        if angle_diff(before[0], info["start_position"]) > a.max_position_error:
            failures.append(f"pip at {before[0]:.1f}° before the drag, expected {info['start_position']:g}")
        target = final if final is not None else expected
        if angle_diff(after[0], target) > a.max_position_error:
            failures.append(f"pip at {after[0]:.1f}° after the drag, expected {target:.1f}° ± {a.max_position_error:g}")
        elif angle_diff(after[0], expected) > a.max_position_error:
            failures.append(f"pip at {after[0]:.1f}° after the drag, expected {expected:g}° ± {a.max_position_error:g}")

    if a.expected_turned:
        try:
            ew, eh, exp = read_image(a.expected_turned)
        except (OSError, ValueError) as e:
            failures.append(f"expected turned image: {e}")
            return
        if (ew, eh) != (w, h):
            failures.append(f"turned screendump is {w}x{h}, expected {ew}x{eh}")
            return
        match, mean, worst = compare(turned, exp, w, h, a.tolerance, out("turned-diff.png"))
        # On the knob, leave out what moves with a tiny angle difference between the VM and
        # the render (0.2 degrees changes ~300 px of the rotating bevelled rim): the rim band
        # and a disc around the pip's expected place.  The pip's angle is measured above.
        px, py = cx - pip_r * math.sin(math.radians(pip_target)), cy - pip_r * math.cos(math.radians(pip_target))
        on_knob = [p for p in diff_pixels(turned, exp, w, h, a.tolerance)
                   if math.hypot(p[0] + 0.5 - cx, p[1] + 0.5 - cy) <= radius + 3]
        knob_bad = [p for p in on_knob if math.hypot(p[0] + 0.5 - cx, p[1] + 0.5 - cy) < radius - RIM_BAND
                    and math.hypot(p[0] + 0.5 - px, p[1] + 0.5 - py) > PIP_CLEARANCE]
        text = (f"turned match {match * 100:.2f}% (mean error {mean:.2f}, max {worst}), "
                f"knob {len(on_knob)} px off, {len(knob_bad)} away from rim and pip")
        say(f"{text}; need >= {a.min_match}%, mean <= {a.max_mean_error}, <= {a.max_knob_diff} px away from rim and pip")
        parts.append(f"turned match {match * 100:.2f}%, {len(knob_bad)} px off on the knob")
        if match * 100 < a.min_match or mean > a.max_mean_error or len(knob_bad) > a.max_knob_diff:
            write_png(out("turned-actual.png"), w, h, turned)
            failures.append(f"turned screendump differs from the render of the drag: see {out('turned-diff.png')} "
                            f"(red: differing pixels) and {out('turned-actual.png')}")


if __name__ == "__main__":
    sys.exit(main())
