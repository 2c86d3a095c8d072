#!/bin/bash
# Writes scripts/hot-functions.order: the functions of the release binary that run while it
# starts and paints (callgrind over `knob-panel bench` of the reference scene and the demo,
# a few frames each), in first-seen order. `make build` hands the list to lld
# (--symbol-ordering-file), which places them together at the start of .text: the kernel maps
# code in 64 KB windows around each page touched (fault-around), so hot code spread over the
# 6.7 MB of .text made 4.7 MB of it resident; packed, 2.8 MB (docs/performance.md, "Where the
# memory goes"). Only functions in sections of their own can move: make build compiles with
# -function-sections, and scripts/private-functions.ld places the private helpers that have no
# name to list. Names that no longer exist are skipped by the linker, so a stale list only
# costs memory, never correctness (0.7 MiB after an afternoon of changes); rerun this after
# large changes.
#
#   scripts/hot-functions.sh [BINARY]     (default .build/release/knob-panel; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/knob-panel}
command -v valgrind >/dev/null || { echo "hot-functions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$BIN" "$tmp/knob-panel"
for panel in panels/bench-console.json panels/demo.json; do
    valgrind --tool=callgrind --demangle=no --compress-strings=no --callgrind-out-file="$tmp/$(basename "$panel").cg" \
        "$tmp/knob-panel" bench "$panel" --frames 3 >/dev/null 2>&1
done
# Every function of the binary that ran: callgrind records a function (fn=) or a callee
# (cfn=, in object cob= or the caller's ob=) only when it executed.
python3 - "$tmp" > scripts/hot-functions.order <<'PY'
import sys, glob
seen, names = set(), []
for path in sorted(glob.glob(sys.argv[1] + '/*.cg')):
    ob = cob = None
    for line in open(path, errors='replace'):
        if line.startswith('ob='): ob = line[3:].strip()
        elif line.startswith('cob='): cob = line[4:].strip()
        elif line.startswith(('fn=', 'cfn=')):
            callee = line.startswith('cfn=')
            name = line.split('=', 1)[1].strip()
            obj = (cob or ob) if callee else ob
            if callee: cob = None
            if obj and obj.endswith('/knob-panel') and not name.startswith('0x') and name not in seen:
                seen.add(name); names.append(name)
print('\n'.join(names))
PY
echo "scripts/hot-functions.order: $(wc -l < scripts/hot-functions.order) functions"
