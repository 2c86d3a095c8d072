#!/usr/bin/env python3
"""Plays every scenario of tests/scenarios (format: tests/scenarios/README.md) through the
release binary, as a user would: `knob-panel render PANEL --input SCRIPT --events FILE
[--time UNTIL] [--size WxH] --out OUT.png`, then matches the event lines by the subset rule and
the picture with `knob-panel compare GOLDEN OUT --tolerance N --max-pixels M`. The Swift suite
ScenarioTests plays the same files in process.

    tests/cli/scenarios.py BIN [NAME...]     (exit 0: all passed)"""
import json, os, subprocess, sys, tempfile
from check_log import ok, bad, finish
from support import ROOT

DIR = os.path.join(ROOT, "tests", "scenarios")


def matches(expected, actual):
    """The subset rule: every key `expected` names is in `actual` with a matching value
    (objects by the same rule, arrays element by element, numbers within 1e-9)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(map(matches, expected, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return abs(expected - actual) <= 1e-9
    return expected == actual


def first_missing(expected, events):
    """Index of the first expected event not found in order (each after the previous match)."""
    at = 0
    for i, e in enumerate(expected):
        hit = next((j for j in range(at, len(events)) if matches(e, events[j])), None)
        if hit is None:
            return i
        at = hit + 1
    return None


def play(binary, name, tmp):
    with open(os.path.join(DIR, name + ".json")) as f:
        s = json.load(f)
    panel = s["panel"]
    if isinstance(panel, dict):
        path = os.path.join(tmp, name + ".panel.json")
        with open(path, "w") as f:
            json.dump(panel, f)
        panel = path
    else:
        panel = os.path.join(DIR, panel)
    cmd = [binary, "render", panel, "--out", os.path.join(tmp, name + ".png"), "--events", os.path.join(tmp, name + ".events")]
    script = s.get("script")
    if script is not None:
        if isinstance(script, list):
            path = os.path.join(tmp, name + ".jsonl")
            with open(path, "w") as f:
                f.writelines(json.dumps(line) + "\n" for line in script)
            script = path
        else:
            script = os.path.join(DIR, script)
        cmd += ["--input", script]
    if "until" in s:
        cmd += ["--time", str(s["until"])]
    if "screen" in s:
        cmd += ["--size", "%dx%d" % tuple(s["screen"])]
    if "wallTime" in s:
        cmd += ["--wall-time", s["wallTime"]]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return bad(f"{name}: render exited {r.returncode}", r.stderr)
    with open(os.path.join(tmp, name + ".events")) as f:
        events = [json.loads(line) for line in f if line.strip()]
    missing = first_missing(s.get("events", []), events)
    if missing is not None:
        return bad(f"{name}: expected event {missing + 1} {json.dumps(s['events'][missing])} not found in order",
                   "\n".join(json.dumps(e) for e in events))
    for pattern in s.get("absent", []):
        found = [e for e in events if matches(pattern, e)]
        if found:
            return bad(f"{name}: {json.dumps(pattern)} must not appear", "\n".join(map(json.dumps, found)))
    g = s.get("golden")
    if g:
        out = os.path.join(tmp, name + ".png")
        c = subprocess.run([binary, "compare", os.path.join(DIR, g["png"]), out, "--tolerance", str(g.get("tolerance", 0)),
                            "--max-pixels", str(g.get("maxPixels", 0))], capture_output=True, text=True, timeout=60)
        if c.returncode != 0:
            return bad(f"{name}: the frame differs from {g['png']} (compare exited {c.returncode})", c.stdout + c.stderr)
    ok(f"{name}: {len(s.get('events', []))} events in order" + (f", golden {g['png']}" if g else ""))


def main():
    binary = os.path.abspath(sys.argv[1])
    names = sys.argv[2:] or sorted(n[:-5] for n in os.listdir(DIR) if n.endswith(".json") and not n.endswith(".panel.json"))
    print(f"scenarios through {binary}")
    # The rule itself, so a matcher that accepts anything fails here.
    line = {"t": 0.5, "event": "valueChanged", "position": 30, "data": {"b": [1, 2]}, "on": True}
    rule = [matches({"event": "valueChanged", "position": 30}, line), not matches({"position": 31}, line),
            not matches({"missing": None}, line), not matches({"data": {"b": [1]}}, line), not matches({"on": 1}, line),
            first_missing([{"event": "b"}, {"event": "a"}], [{"event": "a"}, {"event": "b"}]) == 1]
    ok("the subset rule") if all(rule) else bad("the subset rule", rule)
    with tempfile.TemporaryDirectory(prefix="knob-scenarios.") as tmp:
        for name in names:
            play(binary, name, tmp)
    finish("scenario tests")


if __name__ == "__main__":
    main()
