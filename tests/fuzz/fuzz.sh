#!/bin/bash
# Fuzzing as a standing test: one libFuzzer target per parser (tests/fuzz/targets/*.swift),
# built with the toolchain's libFuzzer and AddressSanitizer by calling swiftc directly over
# the module sources into .build-fuzz/ (SwiftPM's .build is never touched).
#
#   tests/fuzz/fuzz.sh build                    build every target
#   tests/fuzz/fuzz.sh run SECONDS [TARGET...]  fuzz each target for SECONDS (make test: 20)
#   tests/fuzz/fuzz.sh runs N [TARGET...]       fuzz each target for N executions (long runs)
#   tests/fuzz/fuzz.sh repro TARGET FILE...     run a target once over given inputs
#
# Each target starts from its seed corpus (tests/fuzz/corpus/TARGET, in the repository, never
# written) plus what earlier runs found (.build-fuzz/corpus/TARGET). A crash, sanitizer report
# or broken contract stops the run, leaves the input in .build-fuzz/findings/TARGET/ and
# fails; add the input to the seed corpus and a regression test when you fix it.
# Runs are niced and one at a time (the machine has 2 cores; builds take the shared lock).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/opt/swift/usr/bin"
OUT=.build-fuzz
TARGETS=(layout script command mqtt http)
mkdir -p "$OUT/lib"

# Read from the package itself, so new modules need no change here: C modules are the
# Sources/* with a module map (their `link` lines give the libraries, Package.swift's
# pkgConfig names the include paths); Swift modules are the rest but the command line.
CMODS="" LIBS=""
for map in Sources/*/module.modulemap; do
    CMODS+=" -I $(dirname "$map")"
    LIBS+=" $(sed -n 's/^ *link "\(.*\)".*/-l\1/p' "$map" | tr '\n' ' ')"
done
PKGS=$(sed -n 's/.*pkgConfig: "\([^"]*\)".*/\1/p' Package.swift | tr '\n' ' ')
cflags() { for f in $(pkg-config --cflags-only-I $PKGS); do printf -- '-Xcc %s ' "$f"; done; }
# -enable-testing: a target may reach an internal parser (@testable import), as the http one does.
SWIFTC=(swiftc -swift-version 6 -package-name knob_panel -parse-as-library -sanitize=fuzzer,address -O -gline-tables-only -enable-testing
        -I "$OUT/lib" $CMODS $(cflags))

# "MODULE DEPENDENCY..." lines in build order (imports among our Swift modules, topologically).
module_order() {
    python3 - <<'PY'
import os, re
src = "Sources"
mods = sorted(m for m in os.listdir(src) if m != "knob-panel" and os.path.isdir(f"{src}/{m}")
              and not os.path.exists(f"{src}/{m}/module.modulemap"))
deps = {}
for m in mods:
    found = set()
    for root, _, files in os.walk(f"{src}/{m}"):
        for f in files:
            if f.endswith(".swift"):
                found |= set(re.findall(r"^\s*(?:@[\w(). ]+\s+)*import\s+(\w+)", open(os.path.join(root, f)).read(), re.M))
    deps[m] = sorted(d for d in found if d in mods and d != m)
done = []
while len(done) < len(mods):
    for m in mods:
        if m not in done and all(d in done for d in deps[m]):
            done.append(m); print(m, *deps[m])
PY
}

# Rebuilds a module when any of its sources, or a module it imports, is newer than it.
build_module() {   # name, then the modules it imports
    local m=$1 lib="$OUT/lib/lib$1.a" dep stale=
    shift
    [ -f "$lib" ] || stale=1
    [ -n "$stale" ] || [ -z "$(find "Sources/$m" -newer "$lib" -name '*.swift' | head -1)" ] || stale=1
    for dep in "$@"; do [ -n "$stale" ] || [ ! "$OUT/lib/lib$dep.a" -nt "$lib" ] || stale=1; done
    [ -n "$stale" ] || return 0
    echo "fuzz: building $m" >&2
    nice "${SWIFTC[@]}" -module-name "$m" -emit-module -emit-module-path "$OUT/lib/$m.swiftmodule" \
        -emit-library -static -o "$lib" $(find "Sources/$m" -name '*.swift' | sort) 2>&1 \
        | { grep -v "Cannot export local symbol" || true; } >&2
}

build() {
    local line libs=()
    # Modules built with other flags (an older fuzz.sh) are rebuilt: the stale check below
    # only compares sources.
    if [ "$(cat "$OUT/lib/flags" 2>/dev/null)" != "${SWIFTC[*]}" ]; then
        rm -f "$OUT"/lib/*.a "$OUT"/fuzz-*
        echo "${SWIFTC[*]}" > "$OUT/lib/flags"
    fi
    while read -r line; do
        # shellcheck disable=SC2086
        build_module $line
        libs=("$OUT/lib/lib${line%% *}.a" "${libs[@]}")
    done < <(module_order)
    for t in "${TARGETS[@]}"; do
        local src="tests/fuzz/targets/$t.swift" bin="$OUT/fuzz-$t"
        if [ -f "$bin" ] && [ -z "$(find "$src" tests/fuzz/support -newer "$bin" -name '*.swift' | head -1)" ] && [ -z "$(find "$OUT/lib" -name '*.a' -newer "$bin" | head -1)" ]; then continue; fi
        echo "fuzz: linking $t" >&2
        nice "${SWIFTC[@]}" -use-ld=lld "$src" tests/fuzz/support/*.swift "${libs[@]}" $LIBS -o "$bin" 2>&1 \
            | { grep -v "Cannot export local symbol" || true; } >&2
    done
}

# No leak checks: Swift's lazily initialised globals and metadata caches look like leaks to
# LeakSanitizer; we hunt crashes, overflows, hangs and broken contracts. Swift's own crash
# backtracer reads memory ASan objects to: off, ASan prints the stack instead.
export ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no
fuzz() {   # target, then libFuzzer options
    local t=$1; shift
    mkdir -p "$OUT/corpus/$t" "$OUT/findings/$t"
    local log="$OUT/findings/$t/last-run.log"
    echo "fuzz: $t $*" >&2
    if ! nice "$OUT/fuzz-$t" -detect_leaks=0 -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$t")" \
            -dict="tests/fuzz/$t.dict" -artifact_prefix="$OUT/findings/$t/" -print_final_stats=1 "$@" \
            "$OUT/corpus/$t" "tests/fuzz/corpus/$t" >"$log" 2>&1; then
        grep -E "ERROR|contract|Fatal error|SUMMARY|Test unit written" "$log" | head -20 >&2
        echo "fuzz: $t FAILED; log in $log; reproduce with tests/fuzz/fuzz.sh repro $t FILE" >&2
        return 1
    fi
    # One summary line per target: executions, speed, coverage, corpus.
    local runs speed cov
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1)
    echo "fuzz: $t ok: $runs executions, $speed exec/s, $cov, no findings"
}

max_len() { case $1 in layout) echo 8192 ;; script) echo 4096 ;; http) echo 2048 ;; *) echo 1024 ;; esac; }

cmd=${1:-run}; shift || true
case $cmd in
    build) build ;;
    run|runs)
        n=${1:?"usage: $0 $cmd N [TARGET...]"}; shift
        build
        [ $# -gt 0 ] && TARGETS=("$@")
        failed=0
        for t in "${TARGETS[@]}"; do
            if [ "$cmd" = run ]; then fuzz "$t" -max_total_time="$n" || failed=1
            else fuzz "$t" -runs="$n" || failed=1; fi
        done
        exit $failed ;;
    repro)
        t=${1:?"usage: $0 repro TARGET FILE..."}; shift
        build
        "$OUT/fuzz-$t" -detect_leaks=0 "$@" ;;
    *) echo "usage: $0 build | run SECONDS [TARGET...] | runs N [TARGET...] | repro TARGET FILE..." >&2; exit 64 ;;
esac
