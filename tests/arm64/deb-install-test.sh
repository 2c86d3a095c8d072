#!/bin/bash
# deb-install-test.sh DEB OUT [EXPECTED_PNG]: the arm64 package (make deb-arm64) installed as a
# board's owner would, in Debian trixie for arm64 booted in qemu-system-aarch64 (emulated: no
# board, and no binfmt_misc on the host, so the package's scripts run in the VM):
#  - a minbase trixie arm64 root, debootstrap --foreign on the host (cached in
#    .build/arm64/deb-root; the second stage runs in the VM, on the tmpfs overlay vm.py puts
#    over the read-only root, so every run starts from the same unconfigured root)
#  - a flat apt repository of the package's Depends and Recommends with their dependencies
#    (scripts/arm64-sdk.sh repo, .build/arm64/deb-repo), trixie's packages
#  - in the VM (deb-install-scenario.sh): dpkg -i (fails on the missing libraries), apt-get -f
#    install, the Recommends, then knob-panel check and render from the installed paths
# Prints ok/FAIL lines; exit 0 when all passed. Run from the repo root (run-arm64-tests.sh).
set -u
deb=$(realpath "${1:?usage: deb-install-test.sh DEB OUT [EXPECTED_PNG]}")
out=$(realpath -m "${2:?}")
expected=${3:-}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
base=$ROOT/.build/arm64
droot=$base/deb-root
MIRROR=${DEB_MIRROR:-http://deb.debian.org/debian}
failed=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1${2:+: $2}"; failed=1; }
mkdir -p "$out"

if [ ! -f "$droot/.complete" ]; then
    s=$SECONDS
    rm -rf "$droot.part"
    debootstrap --foreign --arch=arm64 --variant=minbase \
        --keyring=/usr/share/keyrings/debian-archive-trixie-stable.gpg trixie "$droot.part" "$MIRROR" \
        > "$base/deb-root.log" 2>&1 || { tail -5 "$base/deb-root.log"; echo "FAIL debootstrap --foreign (see $base/deb-root.log)"; exit 1; }
    touch "$droot.part/.complete" && rm -rf "$droot" && mv "$droot.part" "$droot"
    echo "     debootstrap --foreign arm64 trixie: $((SECONDS - s)) s ($(du -sh "$droot" | cut -f1))"
fi

# The packages apt would fetch for `apt install knob-panel`: its Depends and Recommends.
want=$(dpkg-deb -f "$deb" Depends Recommends | sed 's/^[A-Za-z-]*: //; s/([^)]*)//g; s/|[^,]*//g; s/,/ /g' | xargs -n1 | sort -u)
# What debootstrap's minbase already has needs no copy; the rest, with their dependencies.
repo=$base/deb-repo
scripts/arm64-sdk.sh repo "$repo" $want || { echo "FAIL the local apt repository"; exit 1; }

kdir=$(scripts/arm64-sdk.sh kernel) || { echo "FAIL no arm64 kernel"; exit 1; }
s=$SECONDS
# The initramfs runs the arm64 tree's static busybox (minbase has none); 2 GiB: the second
# stage rewrites the whole root into the overlay's tmpfs (half the memory).
python3 tests/vm/vm.py run --arch arm64 --root "$droot" --busybox "$base/root/usr/bin/busybox" --mem 2048 \
    --kernel-dir "$kdir" --gpu virtio --res 1024x768 --out "$out" \
    --timeout "${DEB_VM_TIMEOUT:-1500}" -- "$HERE/deb-install-scenario.sh" "$deb" "$repo" "$out"
rc=$?
echo "     VM run: $((SECONDS - s)) s"
[ -s "$out/scenario.log" ] && sed 's/^/     [guest] /' "$out/scenario.log"
[ $rc = 0 ] || bad "install in the arm64 VM (exit $rc; $out/command.log, $out/console.log)" "$(tail -3 "$out/command.log" 2>/dev/null)"
for step in dpkg-i-deps apt-f-install configured check render user; do
    if grep -qx "ok $step" "$out/steps" 2>/dev/null; then ok "deb install: $step"; else bad "deb install: $step"; fi
done
if [ -n "$expected" ] && [ -f "$out/installed-demo.png" ]; then
    # The same binary, the same trixie fonts as the tree step 1 ran with: equal but for nothing.
    report=$(.build/release/knob-panel compare "$expected" "$out/installed-demo.png" --tolerance 24 --max-pixels 0 2>&1) \
        && ok "deb install: installed render equals the tree's arm64 render ($report)" \
        || bad "deb install: installed render differs from the tree's arm64 render" "$report"
fi
exit $failed
