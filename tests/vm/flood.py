#!/usr/bin/env python3
"""The stdin flood test's host side (issue 6, items 2 and 6), stdlib only.

  flood.py make OUT/flood.txt      the mixed flood that flood-scenario.sh plays in a loop
  flood.py check --dir DIR [--drag] check DIR/flood-results.txt and the flip logs; print the
                                   numbers and one summary line; exit 1 on any failure
"""
import argparse
import json
import statistics
import sys

# Limits. The brief: frames keep flipping at the refresh rate under a flood and SIGTERM ends
# the panel within 100 ms. Under TCG a frame of the animating knob takes ~10-20 ms, so the
# median flip interval may be up to 2.5 refresh periods (60 Hz: 42 ms); at most
# MAX_LONG_GAPS gaps may exceed 250 ms and none 1 s (the wedge was 40 s with no frame at all).
# A single long gap is the host descheduling the emulated CPU (seen once: 287 ms, load 6 on 2
# cores); a flood that starved frames would stretch every turn, and the median with them.
MAX_MEDIAN_MS = 42
MAX_GAP_MS = 250
MAX_LONG_GAPS = 2
MAX_ANY_GAP_MS = 1000
# SIGTERM under a flood: the brief asks for 100 ms. Wall time in a TCG guest follows the host's
# load (one CI-clean check of B <= baseline + 100 ms failed 3 runs of 5 on a machine busy with
# builds), so the check counts work instead: flood-scenario.sh stops the panel, notes how far
# its stdout, stdin and flip log have got, then sends SIGTERM, and after the exit reports what
# the panel did after the signal. The loop reads the signalfd in the turn after it arrives and
# then stops; each turn gives stdin one read (64 KiB) and ~2 ms of command handling
# (StdioClient.commandShare). So after SIGTERM: a few flips at most, at most a few turns' worth of
# command lines (measured: 34-50 lines, with the host loaded), and at most a few 64 KiB reads of the
# endless line (measured: one, 65536 bytes). A slower host makes these smaller, never larger; a panel
# that kept serving the flood after the signal (a bigger share, a drain at exit, a starved
# signalfd) makes them grow with the flood. The wall-clock times are printed for information
# (~100-200 ms under TCG; most of it the kernel's teardown: closing evdev descriptors waits for
# RCU grace periods, the exit path faults in over 9p).
MAX_FLIPS_AFTER_TERM = 3
MAX_LINES_AFTER_TERM = 2000
MAX_READ_AFTER_TERM = 4 * 65536
MAX_RSS_GROWTH_KB = 4096        # the endless line, between 1 s and 3 s (1.1 GB before the fix)
MAX_HWM_KB = 200 * 1024
MAX_REPLY_LEN = 400             # a reply quotes at most 80 characters of the bad line


def make(path):
    block = []
    for target in (0, 270):
        block.append(json.dumps({"command": "set", "widget": "volume", "position": target, "animated": True},
                                separators=(",", ":")))
        block += ["x"] * 100
        block.append("y" * 70_000)                        # over the 64 KiB line cap: one error each
        block += ['{"command":"get","widget":"' + "w" * 300 + '"}'] * 20   # a long unknown id: quoted short
        block += ["not json {"] * 50
    with open(path, "w") as f:
        for _ in range(10):
            f.write("\n".join(block) + "\n")


def check(args):
    res = {}
    with open(f"{args.dir}/flood-results.txt") as f:
        for line in f:
            k, _, v = line.strip().partition("=")
            res[k] = v
    failures, notes = [], []

    def num(key, default=-1):
        try:
            return int(res.get(key, default))
        except ValueError:
            return default

    def expect(cond, text):
        (notes if cond else failures).append(text)

    # A: yes x, --exit-after 3
    ready, exit_ms = num("A_ready_ms"), num("A_exit_ms")
    expect(ready > 0, f"A: first flip {ready} ms after start")
    expect(num("A_rc") == 0, f"A: exit status {res.get('A_rc')}")
    # --exit-after counts from the first frame's start, which is before the first flip
    expect(ready > 0 and 3000 <= exit_ms <= ready + 4000,
           f"A: exited {exit_ms} ms after start, {exit_ms - ready} ms after its first flip (--exit-after 3)")
    expect(num("A_replies") > 0, f"A: {num('A_replies')} error replies to 'x' lines")
    expect(0 < num("A_reply_max_len") <= MAX_REPLY_LEN, f"A: longest reply {num('A_reply_max_len')} chars")

    # B: mixed flood, flips, SIGTERM
    expect(num("B_ready") == 1, "B: panel came up under the flood")
    flips = []
    try:
        with open(f"{args.dir}/flood-B-flips.jsonl") as f:
            flips = [json.loads(l)["t"] for l in f if l.strip()]
    except OSError:
        pass
    iv = [(b - a) * 1000 for a, b in zip(flips[2:], flips[3:])]
    if iv:
        med, p95, mx = statistics.median(iv), sorted(iv)[int(len(iv) * 0.95)], max(iv)
        long_gaps = sum(1 for i in iv if i > MAX_GAP_MS)
        expect(med <= MAX_MEDIAN_MS and long_gaps <= MAX_LONG_GAPS and mx <= MAX_ANY_GAP_MS,
               f"B: {len(flips)} flips under the flood, interval median {med:.1f} ms, p95 {p95:.1f}, max {mx:.1f}"
               f" ({long_gaps} over {MAX_GAP_MS} ms)")
    else:
        failures.append(f"B: only {len(flips)} flips under the flood")
    base = num("D_term_ms")
    expect(num("D_ready") == 1 and num("D_stopped") == 1 and num("D_rc") == 0,
           f"D: no flood: SIGTERM to exit {base} ms (wall clock, information: the baseline), "
           f"{num('D_flips_after')} flips after the signal")
    expect(num("B_stopped") == 1 and 0 <= num("B_lines_after") <= MAX_LINES_AFTER_TERM
           and 0 <= num("B_flips_after") <= MAX_FLIPS_AFTER_TERM,
           f"B: after SIGTERM {num('B_lines_after')} stdout lines (<= {MAX_LINES_AFTER_TERM}), "
           f"{num('B_flips_after')} flips (<= {MAX_FLIPS_AFTER_TERM}); SIGTERM to exit {num('B_term_ms')} ms "
           f"under the flood (wall clock, information; baseline {base} ms)")
    expect(num("B_rc") == 0, f"B: exit status {res.get('B_rc')}")
    expect(0 < num("B_rss_kb") <= MAX_HWM_KB, f"B: RSS {num('B_rss_kb') // 1024} MB")
    expect(num("B_overlong_errors") > 0, f"B: {num('B_overlong_errors')} over-long line errors")
    expect(0 < num("B_reply_max_len") <= MAX_REPLY_LEN, f"B: longest reply {num('B_reply_max_len')} chars")
    with open(f"{args.dir}/flood-B-events.log") as f:
        events = [json.loads(l) for l in f if l.strip()]
    program = [e for e in events if e.get("event") == "valueChanged" and e.get("source") == "stdin"]
    expect(len(program) >= 5, f"B: {len(program)} valueChanged from set commands during the flood")
    if args.drag:
        began = any(e.get("event") == "trackingBegan" for e in events)
        ended = any(e.get("event") == "trackingEnded" for e in events)
        expect(began and ended, f"B: drag held at SIGTERM: trackingBegan {began}, trackingEnded {ended}")

    # C: /dev/zero
    expect(num("C_ready") == 1, "C: panel came up reading an endless line of zeros")
    r1, r3, hwm = num("C_rss1_kb"), num("C_rss3_kb"), num("C_hwm_kb")
    expect(r1 > 0 and r3 - r1 <= MAX_RSS_GROWTH_KB and hwm <= MAX_HWM_KB,
           f"C: RSS {r1 // 1024} MB after 1 s, {r3 // 1024} MB after 3 s, peak {hwm // 1024} MB")
    expect(num("C_stopped") == 1 and 0 <= num("C_read_after") <= MAX_READ_AFTER_TERM
           and 0 <= num("C_flips_after") <= MAX_FLIPS_AFTER_TERM,
           f"C: after SIGTERM {num('C_read_after')} bytes read (<= {MAX_READ_AFTER_TERM}), "
           f"{num('C_flips_after')} flips; SIGTERM to exit {num('C_term_ms')} ms reading zeros "
           f"(wall clock, information; baseline {base} ms)")
    expect(num("C_rc") == 0, f"C: exit status {res.get('C_rc')}")
    expect(num("C_lines") == 1, f"C: {num('C_lines')} reply lines (one over-long line error)")

    for n in notes:
        print("  ok    " + n)
    for f in failures:
        print("  FAIL  " + f)
    key = [n for n in notes + failures if "interval" in n or "SIGTERM" in n or n.startswith("C: RSS")]
    print(f"flood: {'PASS' if not failures else 'FAIL'}: " + "; ".join(key))
    return 0 if not failures else 1


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("make"); m.add_argument("path")
    c = sub.add_parser("check"); c.add_argument("--dir", required=True); c.add_argument("--drag", action="store_true")
    args = p.parse_args()
    if args.cmd == "make":
        make(args.path)
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
