#!/usr/bin/env python3
"""Input-event-to-flip latency from flip logs (stdlib only).

  latency.py FLIPS.jsonl...

Each flip line may carry "input": the kernel timestamps (evdev input_event.time, switched to
CLOCK_MONOTONIC with EVIOCSCLOCKID, on the panel's frame clock) of the input events whose
effect that frame shows; "clock" is when the panel saw the flip complete (poll woke on the
DRM event). Latency = clock - input, per input event. Prints count, median, p95, max in ms;
where the lines carry "read", "start" and "queued" (when the panel read the frame's first
input, when the frame began, when its flip was queued), also the worst events' parts: the
wait to be read (the first input's; later ones were read later), to be painted, the painting
and the wait for vblank.
"""
import json
import sys


def latencies(path):
    out = []
    for line in open(path):
        if line.strip():
            f = json.loads(line)
            out += [f["clock"] - t for t in f.get("input", [])]
    return out


def parts(path, worst=3):
    rows = []
    for line in open(path):
        if line.strip():
            f = json.loads(line)
            if "start" in f and "queued" in f:
                read = f.get("read", f["start"])
                rows += [(f["clock"] - t, max(0, read - t), f["start"] - max(read, t), f["queued"] - f["start"], f["clock"] - f["queued"])
                         for t in f.get("input", [])]
    rows.sort(reverse=True)
    return "; ".join(f"{r[0] * 1000:.1f} ms = read {r[1] * 1000:.1f} + to start {r[2] * 1000:.1f} + paint {r[3] * 1000:.1f}"
                     f" + vblank {r[4] * 1000:.1f}" for r in rows[:worst])


def summary(values):
    v = sorted(values)
    if not v:
        return "no input events reached a flip"
    p95 = v[min(len(v) - 1, int(round(0.95 * (len(v) - 1))))]
    return (f"{len(v)} input events: median {v[len(v) // 2] * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
            f"min {v[0] * 1000:.1f}, max {v[-1] * 1000:.1f}")


if __name__ == "__main__":
    allv = []
    for p in sys.argv[1:]:
        v = latencies(p)
        allv += v
        print(f"{p}: {summary(v)}")
        worst = parts(p)
        if worst:
            print(f"{p}: worst {worst}")
    if len(sys.argv) > 2:
        print(f"all: {summary(allv)}")
