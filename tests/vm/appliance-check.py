#!/usr/bin/env python3
"""appliance-check.py OUT: the numbers of the VM appliance run (appliance-scenario.sh, both
boots): boot-to-first-frame, request-to-flip latency of `set` over the socket, and whether
the value set before the power-off came back after the reboot. Exit 1 if it did not."""
import json, sys

out = sys.argv[1]
ok = True


def lines(name):
    try:
        return open(f"{out}/{name}").read().splitlines()
    except OSError:
        return []


for phase in ("set", "verify"):
    for l in lines(f"appliance-{phase}.log"):
        if l.endswith("first-frame"):
            print(f"  [{phase}] boot to first frame: {float(l.split()[0]):.2f} s (guest uptime when the first page flip completed)")
flips = [json.loads(l) for l in lines("flips-set.jsonl")]
events = [json.loads(l) for l in lines("events-set.jsonl") if '"valueChanged"' in l and '"source":"socket"' in l]
lat = []
for e in events:
    after = [f["clock"] for f in flips if "clock" in f and f["clock"] >= e["t"]]
    if after:
        lat.append(after[0] - e["t"])
if lat:
    lat.sort()
    print(f"  request-to-flip latency of a set over the socket: median {lat[len(lat)//2]*1000:.1f} ms, "
          f"max {lat[-1]*1000:.1f} ms ({len(lat)} requests; from the request's execution to the completed flip showing it)")
else:
    print("  no latency measured (no set events or flips)")
    ok = False
replies = [json.loads(l) for l in lines("replies-verify.jsonl") if l.startswith("{")]
value = replies[0]["data"].get("value") if replies and replies[0].get("ok") else None
if value is not None and abs(value - 42) < 1e-3:
    print(f"  value after power-off and reboot: {value} (set 42 before): survived")
else:
    print(f"  value after reboot: {replies} (wanted 42): LOST")
    ok = False
sys.exit(0 if ok else 1)
