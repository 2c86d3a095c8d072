#!/bin/bash
# count-instructions-vm.sh [OUT] [N1 N2]: instructions per frame of the arm64 binary for
# bench-console 1280x800, phases full and knob, counted by the guest's PMU in the arm64 VM
# (callgrind under qemu-aarch64, count-instructions.sh, needs hours). Not part of make test.
#  - qemu-system-aarch64 -icount shift=0,sleep=off (vm.py --icount): one guest instruction a
#    virtual ns, and QEMU's emulated PMU then supports the instructions event, exactly
#  - in the guest (count-instructions-scenario.sh) count-instructions.c, built here for arm64
#    with the toolchain's clang against the arm64 tree: perf_event_open(instructions,
#    exclude_kernel, inherit) around the exec of each bench run, checked on a known loop first
#  - each phase alone (--phases full, then knob) with N1 and N2 timed frames: per frame
#    (count(N2) - count(N1)) / (N2 - N1), so start-up, 'first' and the warm-up frames cancel
# PROFILE=FRAMES: instead, where the instructions go: sample-ips.c samples the instruction
# pointer every 1 M instructions of a run of each phase with FRAMES frames (sample-report.py).
# QEMU_DIR: a folder whose usr/bin has qemu-system-aarch64 (e.g. qemu-system-arm unpacked with
# dpkg-deb -x, its libraries in usr/lib/x86_64-linux-gnu); the PATH's otherwise.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT"
out=$(realpath -m "${1:-.build/arm64/count}")
frames=${2:-5 25}
base=.build/arm64
ARM=$base/swiftpm/aarch64-unknown-linux-gnu/release/knob-panel
TREE=$base/root
mkdir -p "$out"
if [ -n "${QEMU_DIR:-}" ]; then   # a wrapper: vm.py passes LD_LIBRARY_PATH on to the guest
    q=$(realpath "$QEMU_DIR")
    mkdir -p "$out/bin"
    printf '#!/bin/sh\nLD_LIBRARY_PATH=%s/usr/lib/x86_64-linux-gnu:%s/lib/x86_64-linux-gnu exec %s/usr/bin/qemu-system-aarch64 -L %s/usr/share/qemu "$@"\n' \
        "$q" "$q" "$q" "$q" > "$out/bin/qemu-system-aarch64"
    chmod +x "$out/bin/qemu-system-aarch64"
    export PATH=$out/bin:$PATH
fi
command -v qemu-system-aarch64 > /dev/null || { echo "FAIL no qemu-system-aarch64 (scripts/install-deps.sh arm64, or QEMU_DIR)"; exit 1; }
[ -x "$ARM" ] || { echo "FAIL no arm64 binary $ARM (make build-arm64)"; exit 1; }
counter=$out/count-instructions
clang=/opt/swift/usr/bin/clang
command -v clang > /dev/null && [ ! -x "$clang" ] && clang=clang
"$clang" --target=aarch64-linux-gnu --sysroot="$TREE" -O2 -static -fuse-ld=lld -o "$counter" "$HERE/count-instructions.c" \
    || { echo "FAIL building the arm64 counter"; exit 1; }
if [ -n "${PROFILE:-}" ]; then   # PROFILE=FRAMES: sampled instruction pointers instead of counts
    "$clang" --target=aarch64-linux-gnu --sysroot="$TREE" -O2 -static -fuse-ld=lld -o "$out/sample-ips" "$HERE/sample-ips.c" \
        || { echo "FAIL building sample-ips"; exit 1; }
    counter=$out/sample-ips
    export KNOB_COUNT_PROFILE=$PROFILE
fi
kdir=$(scripts/arm64-sdk.sh kernel) || { echo "FAIL no arm64 kernel"; exit 1; }
s=$SECONDS
nice -n 19 python3 tests/vm/vm.py run --arch arm64 --icount --smp 1 --root "$TREE" --kernel-dir "$kdir" \
    --gpu virtio --res 1280x800 --out "$out" --timeout "${COUNT_VM_TIMEOUT:-3000}" \
    -- "$HERE/count-instructions-scenario.sh" "$counter" "$ARM" "$out" "$frames"
rc=$?
echo "     VM run (-icount): $((SECONDS - s)) s, exit $rc"
if [ -n "${PROFILE:-}" ]; then
    for phase in full knob; do
        echo "     $phase, $PROFILE frames:"; python3 "$HERE/sample-report.py" "$out/samples-$phase.txt" "$ARM" 25 | sed 's/^/       /'
    done
    exit 0
fi
[ -s "$out/counts.txt" ] || { echo "FAIL no counts ($out/command.log, $out/console.log)"; exit 1; }
python3 - "$out/counts.txt" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
c = {(r[0], int(r[1])): (int(r[2]) if r[2].isdigit() else None) for r in rows}
def per_frame(phase):   # (count(N2) - count(N1)) / (N2 - N1), or None
    ns = sorted(n for (p, n) in c if p == phase)
    if len(ns) < 2 or None in (c[(phase, ns[0])], c[(phase, ns[-1])]):
        return None, ns
    return (c[(phase, ns[-1])] - c[(phase, ns[0])]) / (ns[-1] - ns[0]), ns
for (what, n), v in c.items():
    if what == "loop":
        print(f"     loop of {n} iterations (2 instructions each): {v} instructions counted (+{v - 2 * n} start-up)" if v else f"     loop {n}: no count")
rest, _ = per_frame("rest")
if rest is not None:
    print(f"     rest (--phases dial: what every run does a frame besides its phase): {rest / 1e6:.3f} M a frame")
for phase in ("full", "knob", "full-main", "knob-main"):
    v, ns = per_frame(phase)
    if v is None:
        if ns:
            print(f"     {phase}: counts missing ({ns})")
        continue
    a, b = c[(phase, ns[0])], c[(phase, ns[-1])]
    line = f"     {phase}: {ns[0]} frames {a}, {ns[-1]} frames {b}: {v / 1e6:.3f} M a run's frame"
    if rest is not None:
        line += f", less the rest {(v - rest) / 1e6:.3f} M a {phase} frame"
    print(line)
PY
