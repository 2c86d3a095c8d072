#!/usr/bin/env python3
"""idle-check.py --dir OUT --gpu NAME: judges idle-scenario.sh (stdlib only).

Prints one line: the panel's CPU time (utime + stime ticks of 10 ms) and context switches
over the idle seconds, and its flips in all. PASS (exit 0) when the panel exited with 0 and
did not wake up once (no voluntary context switch) while nothing changed on screen.
"""
import argparse
import json
import os
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--gpu", required=True)
    a = ap.parse_args()
    try:
        d = json.load(open(os.path.join(a.dir, "idle.json")))
        flips = [json.loads(l) for l in open(os.path.join(a.dir, "idle-flips.jsonl")) if l.strip()]
    except (OSError, ValueError) as e:
        print(f"idle ({a.gpu}): FAIL: no result ({e})")
        return 1
    text = (f"{d['seconds']} s idle: CPU {(d['utime_ticks'] + d['stime_ticks']) * 10} ms "
            f"(utime {d['utime_ticks']}, stime {d['stime_ticks']} ticks), "
            f"{d['voluntary']} voluntary / {d['nonvoluntary']} involuntary context switches; "
            f"{len(flips)} flips in all; exit {d['rc']}")
    ok = d["rc"] == 0 and d["voluntary"] == 0
    print(f"idle ({a.gpu}): {'PASS' if ok else 'FAIL'}: {text}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
