#!/bin/bash
# count-instructions.sh X86 ARM TREE OUT [ARCHS]: instructions per frame of bench-console's
# full frame and turning knob, callgrind's count on each binary (run-arm64-tests.sh COUNTS=1;
# ARCHS "x86 arm64" by default, one of them to run only that, the other's dumps reused from
# OUT/callgrind-ARCH; "none" prints from the dumps there). COUNT_FRAMES (5): timed frames a phase.
set -u
X86=$1 ARM=$2 TREE=$3 OUT=$4 ARCHS=${5:-x86 arm64}
EMU=(qemu-aarch64-static -L "$TREE")
# One callgrind run per binary of bench --phases full,knob: a dump after every frame's
# KMSOutput.handleEvents (the frame's last call), so each dump is one frame; the phases'
# timed frames are then dumps 2+W..1+W+F (full) and 2+2W+F..1+2W+2F (knob), W the bench's
# 10 warm-up frames, dump 1 the start. The arm64 valgrind runs its tool directly under
# qemu-aarch64 (its launcher would exec an arm64 binary: binfmt_misc); one run takes about
# 10 minutes here (valgrind's JIT under qemu's), so it runs niced, one run at a time.
frames=${COUNT_FRAMES:-5}
count() {   # count ARCH -> OUT/callgrind-ARCH/cg.out.N, one file a dump
    local dir=$OUT/callgrind-$1 s=$SECONDS
    local opts=(--dump-after='*KMSOutputC12handleEventsSi*YKF' --dump-instr=no --callgrind-out-file="$dir/cg.out")
    local args=(bench panels/bench-console.json --size 1280x800 --phases full,knob --frames "$frames")
    mkdir -p "$dir"
    if [ "$1" = x86 ]; then
        valgrind --tool=callgrind "${opts[@]}" "$X86" "${args[@]}" > /dev/null 2> "$dir/log"
    else
        VALGRIND_LIB=/usr/libexec/valgrind VALGRIND_LAUNCHER=/usr/bin/valgrind.bin nice -n 19 "${EMU[@]}" \
            "$TREE/usr/libexec/valgrind/callgrind-arm64-linux" "${opts[@]}" "$ARM" "${args[@]}" > /dev/null 2> "$dir/log"
    fi
    echo "     callgrind $1: $((SECONDS - s)) s"
}
for arch in $ARCHS; do
    case $arch in x86|arm64) rm -rf "$OUT/callgrind-$arch"; count "$arch" ;; esac   # none: only the figures
done
python3 - "$OUT" "$frames" <<'PY'
import glob, re, statistics, sys
out, frames, warm = sys.argv[1], int(sys.argv[2]), 10
per = {}
for arch in ("x86", "arm64"):
    dumps = {}
    for f in glob.glob(f"{out}/callgrind-{arch}/cg.out.*"):
        m = re.search(r"\.(\d+)$", f)
        t = re.search(r"^(?:totals|summary): *(\d+)", open(f, errors="replace").read(), re.M)
        if m and t:
            dumps[int(m.group(1))] = int(t.group(1))
    def phase(first):   # the timed frames of the phase whose first warm-up frame is dump `first`
        xs = [dumps.get(first + warm + k) for k in range(frames)]
        return None if None in xs else xs
    per[arch] = {"full": phase(2), "knob": phase(2 + warm + frames)}
for name in ("full", "knob"):
    line = f"     instructions per {name} frame (bench-console 1280x800, callgrind, median of {frames} frames):"
    med = {}
    for arch in ("x86", "arm64"):
        xs = per[arch][name]
        if xs:
            med[arch] = statistics.median(xs)
            line += f" {arch} {med[arch] / 1e6:.3f} M ({min(xs) / 1e6:.3f}-{max(xs) / 1e6:.3f})"
        else:
            line += f" {arch} ? (see {out}/callgrind-{arch}/log)"
    if len(med) == 2:
        line += f", arm64/x86_64 {med['arm64'] / med['x86']:.2f}"
    print(line)
PY
