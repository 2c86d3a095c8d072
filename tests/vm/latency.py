#!/usr/bin/env python3
"""Input-event-to-flip latency from flip logs (stdlib only).

  latency.py FLIPS.jsonl...

Each flip line may carry "input": the kernel timestamps (evdev input_event.time, switched to
CLOCK_MONOTONIC with EVIOCSCLOCKID, on the panel's frame clock) of the input events whose
effect that frame shows; "clock" is when the panel saw the flip complete (poll woke on the
DRM event). Latency = clock - input, per input event. Prints count, median, p95, max in ms.
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
    if len(sys.argv) > 2:
        print(f"all: {summary(allv)}")
