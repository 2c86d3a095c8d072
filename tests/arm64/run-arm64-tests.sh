#!/bin/bash
# run-arm64-tests.sh: the arm64 binary (make build-arm64) against the x86_64 one (make build),
# both from this tree, emulated (no board). Run from the repo root; make test-arm64 runs it.
#  1. offscreen, under qemu-aarch64 (user mode, the arm64 tree as its root): renders of
#     panels/demo.json, panels/bench-console.json and tests/vm/panel.json after drag.py's
#     scripted drag equal the x86_64 renders within the goldens' tolerance (knob-panel compare),
#     and the drag's events equal the x86_64 events line for line
#  2. the VM step: Debian's arm64 kernel in qemu-system-aarch64 -M virt with virtio-gpu and a
#     virtio tablet (tests/vm/vm.py --arch arm64, the arm64 tree as the guest's root): the panel
#     on the KMS device, the tablet drag through the guest kernel, check.py against the arm64
#     renders of step 1 (as run-vm-tests.sh does with its binary's); then bench-console's peak
#     RSS inside the guest
#  3. the .deb (make deb-arm64) installed in a trixie arm64 root booted in the VM: dpkg -i,
#     apt-get -f install from a local repository, check and render from the installed paths
#     (deb-install-test.sh; DEB_INSTALL=0 leaves it out)
#  4. figures: the binaries' sizes, their shared libraries (cairo linked in: checked), the
#     peak RSS; with COUNTS=1 instructions per frame (callgrind; the arm64 valgrind itself
#     under qemu-aarch64) of the full frame and the turning knob, both binaries
#   KNOB_PANEL (.build/release/knob-panel), KNOB_PANEL_ARM64 (make build-arm64's binary)
#   OUT (.build/arm64-tests), TOLERANCE (24, the goldens'), MAX_PIXELS (2 % of the image)
#   VM_TIMEOUT (240 s), COUNTS (0; 1 adds step 3's instruction counts: about 12 minutes more), COUNT_FRAMES (5)
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
X86=$(realpath "${KNOB_PANEL:-.build/release/knob-panel}")
ARM=$(realpath "${KNOB_PANEL_ARM64:-.build/arm64/swiftpm/aarch64-unknown-linux-gnu/release/knob-panel}")
TREE=$ROOT/.build/arm64/root
OUT=${OUT:-$ROOT/.build/arm64-tests}
TOLERANCE=${TOLERANCE:-24}
VM_TIMEOUT=${VM_TIMEOUT:-240}
COUNTS=${COUNTS:-0}
RES=1024x768
EMU=(qemu-aarch64-static -L "$TREE")
failed=0 summary=()
ok() { echo "ok   $1"; summary+=("ok   $1"); }
bad() { echo "FAIL $1${2:+: $2}"; summary+=("FAIL $1"); failed=1; }
die() { echo "run-arm64-tests.sh: $*" >&2; exit 1; }
[ -x "$X86" ] || die "no x86_64 binary $X86 (make build)"
[ -x "$ARM" ] || die "no arm64 binary $ARM (make build-arm64)"
[ -f "$TREE/.complete" ] || die "no arm64 tree $TREE (scripts/arm64-sdk.sh)"
file -b "$ARM" | grep -q 'ARM aarch64' || die "$ARM is not an aarch64 binary: $(file -b "$ARM")"
rm -rf "$OUT" && mkdir -p "$OUT"/{x86,arm64,vm}

# compare NAME EXPECTED ACTUAL: knob-panel compare at the goldens' tolerance, at most 2 % of
# the pixels past it: the x86_64 binary links bookworm's FreeType 2.12 and the arm64 one uses
# trixie's 2.13 (and its fonts), whose glyph edges differ (the demo: 0.8 %, all on text).
compare() {
    local name=$1 w h max report
    read -r w h < <(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print(*struct.unpack('>II', d[16:24]))" "$2")
    max=${MAX_PIXELS:-$((w * h / 50))}
    report=$("$X86" compare "$2" "$3" --tolerance "$TOLERANCE" --max-pixels "$max" --diff "${3%.png}-diff.png" 2>&1)
    if [ $? = 0 ]; then ok "$name: arm64 render equals x86_64's ($report)"; rm -f "${3%.png}-diff.png"
    else bad "$name: arm64 render differs from x86_64's" "$report"; fi
}

echo "== 1. offscreen renders under qemu-aarch64 ($(qemu-aarch64-static --version | head -1))"
for panel in panels/demo.json panels/bench-console.json; do
    n=$(basename "$panel" .json)
    "$X86" render "$panel" --out "$OUT/x86/$n.png" || bad "$n: x86_64 render failed"
    s=$SECONDS
    "${EMU[@]}" "$ARM" render "$panel" --out "$OUT/arm64/$n.png" || bad "$n: arm64 render failed under qemu-aarch64"
    echo "     $n: arm64 render took $((SECONDS - s)) s under qemu-aarch64"
    compare "$n" "$OUT/x86/$n.png" "$OUT/arm64/$n.png"
done
# The scripted drag: drag.py's finger path on tests/vm/panel.json's volume knob.
drag_time=$(python3 tests/vm/drag.py --layout tests/vm/panel.json --res "$RES" --out "$OUT") || die "drag.py failed"
for arch in x86 arm64; do
    bin=$X86 run=()
    [ $arch = arm64 ] && bin=$ARM run=("${EMU[@]}")
    "${run[@]}" "$bin" render tests/vm/panel.json --size "$RES" --out "$OUT/$arch/panel.png" || bad "panel: $arch render failed"
    "${run[@]}" "$bin" render tests/vm/panel.json --size "$RES" --out "$OUT/$arch/turned.png" --input "$OUT/drag-input.jsonl" \
        --events "$OUT/$arch/events.jsonl" --time "$drag_time" || bad "drag: $arch render failed"
done
compare "panel at $RES" "$OUT/x86/panel.png" "$OUT/arm64/panel.png"
compare "drag (knob turned)" "$OUT/x86/turned.png" "$OUT/arm64/turned.png"
if cmp -s "$OUT/x86/events.jsonl" "$OUT/arm64/events.jsonl" && [ -s "$OUT/x86/events.jsonl" ]; then
    ok "drag: the $(wc -l < "$OUT/x86/events.jsonl") events equal x86_64's"
else
    bad "drag: events differ" "$(diff "$OUT/x86/events.jsonl" "$OUT/arm64/events.jsonl" | head -5)"
fi

echo "== 2. VM: Debian's arm64 kernel in qemu-system-aarch64 -M virt, virtio-gpu, virtio tablet"
kdir=$(scripts/arm64-sdk.sh kernel) || die "no arm64 kernel"
dir=$OUT/vm
python3 tests/vm/vm.py run --arch arm64 --root "$TREE" --kernel-dir "$kdir" --gpu virtio --res "$RES" --out "$dir" \
    --timeout "$VM_TIMEOUT" -- "$HERE/vm-scenario.sh" "$ARM" tests/vm/panel.json "$dir" 25 "$OUT/drag-qmp.jsonl"
vm_rc=$?
[ -s "$dir/scenario.log" ] && sed 's/^/     [guest] /' "$dir/scenario.log"
[ $vm_rc = 0 ] || bad "VM run (exit $vm_rc, see $dir/console.log)" "$(tail -3 "$dir/command.log" 2>/dev/null)"
# Against the arm64 binary's own renders, as the x86 VM steps compare with their binary's: the
# glyph edges are FreeType's (trixie's in the guest), and step 1 holds those to x86_64's.
report=$(python3 tests/vm/check.py --gpu virtio --dir "$dir" --expected "$OUT/arm64/panel.png" --drag "$OUT/drag.json" \
    --expected-turned "$OUT/arm64/turned.png" --expected-events "$OUT/arm64/events.jsonl")
check_rc=$?
echo "$report" | sed 's/^/     /'
[ $check_rc = 0 ] && ok "VM: $(tail -1 <<< "$report")" || bad "VM: $(tail -1 <<< "$report")"
[ -f "$dir/timing.json" ] && echo "     timing: $(cat "$dir/timing.json")"

echo "== 3. the arm64 package installed in Debian trixie arm64 (qemu-system-aarch64)"
if [ "${DEB_INSTALL:-1}" = 1 ]; then
    deb=$(ls "$ROOT"/.build/deb-arm64/knob-panel_*_arm64.deb 2>/dev/null | head -1)
    if [ -z "$deb" ]; then bad "deb install: no .build/deb-arm64/knob-panel_*_arm64.deb (make deb-arm64)"
    else
        echo "     $(basename "$deb"): Depends: $(dpkg-deb -f "$deb" Depends)"
        while read -r line; do
            case $line in ok*) summary+=("$line"); echo "$line" ;; FAIL*) summary+=("$line"); echo "$line"; failed=1 ;; *) echo "$line" ;; esac
        done < <("$HERE/deb-install-test.sh" "$deb" "$OUT/deb" "$OUT/arm64/demo.png" 2>&1)
    fi
fi

echo "== 4. figures"
size() { stat -c %s "$1"; }
strip_size() { /opt/swift/usr/bin/llvm-objcopy --strip-unneeded "$1" "$OUT/stripped" && size "$OUT/stripped"; rm -f "$OUT/stripped"; }
echo "     binary size: x86_64 $(size "$X86") bytes ($(strip_size "$X86") stripped), arm64 $(size "$ARM") bytes ($(strip_size "$ARM") stripped)"
needed() { readelf -d "$1" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | paste -sd' '; }
echo "     dynamic libraries: x86_64 $(needed "$X86"), arm64 $(needed "$ARM")"
# make build's link on both: cairo and the C libraries under it linked in, not loaded.
if needed "$ARM" | grep -qE 'libcairo|libfontconfig|libfreetype|libdrm'; then bad "arm64 link: cairo, fontconfig, FreeType or libdrm is shared" "$(needed "$ARM")"
else ok "arm64 link: cairo, fontconfig, FreeType and libdrm linked in, as x86_64's"; fi
rss_x86=$("$X86" bench panels/bench-console.json --size 1280x800 --frames 20 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["peakRSSMiB"])')
rss_arm=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["peakRSSMiB"])' "$dir/bench.json" 2>/dev/null || echo "?")
echo "     bench-console 1280x800 peak RSS: x86_64 $rss_x86 MiB (host), arm64 $rss_arm MiB (inside the arm64 VM)"
if [ "$COUNTS" = 1 ]; then
    "$HERE/count-instructions.sh" "$X86" "$ARM" "$TREE" "$OUT"
fi

echo "== summary"
printf '%s\n' "${summary[@]}"
[ $failed = 0 ] && echo "arm64 tests: PASS" || echo "arm64 tests: FAIL"
exit $failed
