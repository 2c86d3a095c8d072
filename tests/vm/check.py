#!/usr/bin/env python3
"""Check one GPU's results of panel-scenario.sh (stdlib only).

  check.py --gpu NAME --dir OUT --expected expected.png [--tolerance 8] [--min-match 99.5]

Compares OUT/panel.ppm (QMP screendump while the panel ran) with the offscreen render,
writes OUT/panel-diff.png on a mismatch, checks that OUT/console.ppm (after exit) is not
the panel, reads the panel's exit code and OUT/flips.jsonl, prints the details and one
summary line, and exits 1 on any failure.
"""
import argparse
import itertools
import json
import operator
import os
import statistics
import struct
import sys
import zlib

MASK = (255).__and__
IDLE_GAP_MS = 250  # a longer pause between flips is the panel idling, not a frame interval


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


def unfilter(kind, line, prev, bpp):
    if kind == 0:
        return line
    if kind == 1:  # Sub: a running sum per channel
        out = bytearray(len(line))
        for c in range(bpp):
            out[c::bpp] = bytes(map(MASK, itertools.accumulate(line[c::bpp])))
        return out
    if kind == 2:  # Up
        return bytearray(map(MASK, map(operator.add, line, prev)))
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


def read_png(data):
    pos, idat = 8, []
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
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        start = y * (stride + 1)
        prev = unfilter(raw[start], raw[start + 1:start + 1 + stride], prev, bpp)
        rows.append(bytes(prev))
    pix = b"".join(rows)
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

    for f in failures:
        say(f"FAIL: {f}")
    print(f"vm-test {a.gpu}: {'FAIL' if failures else 'PASS'}: " + "; ".join(parts))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
