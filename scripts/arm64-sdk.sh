#!/bin/bash
# arm64-sdk.sh: the cross toolchain make build-arm64 uses, from Debian trixie's archive (the
# machine's own apt sources are never touched), made once and cached under .build/arm64/:
#   toolchain/  a trixie amd64 tree holding swiftlang 6.0.3 (unpacked with dpkg -x): the compiler
#               runs there (chroot) because it needs trixie's glibc, not the host's
#   root/       an arm64 tree unpacked with dpkg -x: swiftlang:arm64's runtime and modules (the
#               same 6.0.3), libc6-dev, the -dev packages Package.swift and the static link name
#               with their dependencies; also what the emulated tests run with (bash, fonts,
#               busybox for the VM's initramfs): the sysroot and the board's root in one
#   static-archives/  bookworm's libcairo.a and libpixman-1.a for arm64 (trixie has none)
#   sdk/        a Swift SDK bundle (swift-sdk.json, toolset.json) naming the two
#   debs/       the downloaded packages; apt/ the private apt directory (trixie, amd64 + arm64)
#   scripts/arm64-sdk.sh          makes what is missing, prints the toolchain root
#   scripts/arm64-sdk.sh swift ARGS...   runs toolchain's swift ARGS in the worktree (chroot)
#   scripts/arm64-sdk.sh repo DIR PKGS... a flat apt repository of PKGS' arm64 closure in DIR
#   scripts/arm64-sdk.sh built-using     the sources of the static archives linked in
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD
base=$top/.build/arm64
MIRROR=${DEB_MIRROR:-http://deb.debian.org/debian}
SUITE=trixie
# The arm64 tree: what `swift build` compiles and links against, and what the tests run with.
# libstdc++-14-dev: the runtime's -lstdc++ (statically, like make build); libgcc-14-dev: crt files.
DEV="libc6-dev libgcc-14-dev libstdc++-14-dev libdrm-dev libcairo2-dev libfontconfig-dev libfreetype-dev
 libharfbuzz-dev libfribidi-dev libinput-dev libudev-dev libmosquitto-dev libpixman-1-dev libpng-dev
 zlib1g-dev libexpat1-dev libbrotli-dev libbz2-dev"
RUN="bash coreutils mawk grep sed findutils util-linux procps busybox-static fontconfig
 fonts-dejavu-core fonts-wqy-microhei fonts-materialdesignicons-webfont fonts-noto-color-emoji
 libunibreak6 libthai0 libmosquitto1 libinput10 libudev1 libjpeg62-turbo libasound2t64 valgrind"
# Taken without their dependencies (the compiler's own tools and Python are not needed on arm64).
RUNTIME="swiftlang libswiftlang"
# libc6-dev: SwiftPM compiles and links Package.swift for the build machine itself.
TOOLCHAIN_PKGS="swiftlang libc6-dev bash coreutils pkgconf"

log() { echo "arm64-sdk: $*" >&2; }

# apt_dir [DIR SUITE ARCHIVES]: a private apt directory (default: trixie's, $base/apt).
apt_dir() {
    local d=${1:-$base/apt} suite=${2:-$SUITE} archives=${3:-$base/debs}
    [ -f "$d/apt.conf" ] && [ -n "$(ls "$d/lists" 2>/dev/null | grep _Packages || true)" ] && return
    mkdir -p "$d/lists/partial" "$d/etc/sources.list.d" "$d/etc/preferences.d" "$d/etc/apt.conf.d" "$archives/partial"
    : > "$d/status"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-$suite-stable.gpg] $MIRROR $suite main" > "$d/etc/sources.list"
    cat > "$d/apt.conf" <<EOF
Dir::Etc "$d/etc";
Dir::State "$d";
Dir::State::Lists "$d/lists";
Dir::State::status "$d/status";
Dir::Cache "$d/cache";
Dir::Cache::archives "$archives";
APT::Architectures { "arm64"; "amd64"; };
APT::Install-Recommends "false";
Acquire::Languages "none";
APT::Sandbox::User "root";
EOF
    mkdir -p "$d/cache"
    log "apt-get update ($suite, private apt directory $d)"
    APT_CONFIG=$d/apt.conf apt-get -qq -o APT::Architecture=arm64 update
}
# aptc ARCH COMMAND...: apt with ARCH as the native architecture, so that a dependency any
# architecture could satisfy (Multi-Arch: foreign) comes in ARCH too.
aptc() { local a=$1; shift; APT_CONFIG=$base/apt/apt.conf "$1" -o APT::Architecture="$a" "${@:2}"; }

# unpack DEST ARCH PKGS [-- NODEPS]: the closure of PKGS for ARCH (apt's resolver against an
# empty status: every dependency, none installed) and NODEPS without theirs, each unpacked with
# dpkg -x into DEST (no maintainer scripts run: a tree to compile in and against, not a system).
unpack() {
    local dest=$1 arch=$2 pkgs="" nodeps="" p f
    shift 2
    while [ $# -gt 0 ] && [ "$1" != -- ]; do pkgs="$pkgs $1:$arch"; shift; done
    [ $# -gt 0 ] && shift && nodeps="$*"
    apt_dir
    aptc "$arch" apt-get -qq install --download-only -y $pkgs > "$base/apt-$arch.log" 2>&1 \
        || { tail -20 "$base/apt-$arch.log" >&2; exit 1; }
    for p in $nodeps; do
        compgen -G "$base/debs/${p}_*_$arch.deb" > /dev/null || (cd "$base/debs" && aptc "$arch" apt-get -qq download "$p:$arch")
    done
    local debs
    debs=$(aptc "$arch" apt-get -s install $pkgs | sed -n 's/^Inst \([^ ]*\) .*/\1/p')
    rm -rf "$dest" "$dest.part" && mkdir -p "$dest.part"
    log "unpacking $(wc -w <<< "$debs $nodeps") $arch packages into $dest"
    for p in $debs $nodeps; do
        p=${p%%:*}
        f=$(compgen -G "$base/debs/${p}_*_$arch.deb" || compgen -G "$base/debs/${p}_*_all.deb" || true)
        [ -n "$f" ] || { log "no .deb for $p in $base/debs"; exit 1; }
        dpkg -x "$f" "$dest.part"
        control "$f" "$dest.part"
    done
    # What base-files' and dash's scripts would have made.
    [ -e "$dest.part/bin" ] || { for d in bin sbin lib; do ln -s usr/$d "$dest.part/$d"; done; }
    [ -e "$dest.part/lib64" ] || [ "$arch" != amd64 ] || ln -s usr/lib64 "$dest.part/lib64"
    [ -e "$dest.part/usr/bin/sh" ] || ln -s bash "$dest.part/usr/bin/sh"
    [ -e "$dest.part/usr/bin/awk" ] || [ ! -e "$dest.part/usr/bin/mawk" ] || ln -s mawk "$dest.part/usr/bin/awk"   # update-alternatives' link
    mkdir -p "$dest.part"/{proc,sys,dev,run,root,tmp} && chmod 1777 "$dest.part/tmp"
}

# control DEB DEST: the package's symbols and shlibs files into DEST's dpkg info directory, for
# scripts/tree-shlibdeps.py (make deb-arm64's Depends).
control() {
    local c
    c=$(mktemp -d) && dpkg-deb -e "$1" "$c" && mkdir -p "$2/var/lib/dpkg/info"
    for k in symbols shlibs; do [ -f "$c/$k" ] && cp "$c/$k" "$2/var/lib/dpkg/info/$(dpkg-deb -f "$1" Package).$k"; done
    rm -rf "$c"
}

# The amd64 tree the compiler runs in (chroot): swiftlang's tools need trixie's glibc.
toolchain() {
    local t=$base/toolchain s=$SECONDS
    [ -f "$t/.complete" ] && [ "$(cat "$t/.complete")" = "$TOOLCHAIN_PKGS" ] && return
    unpack "$t" amd64 $TOOLCHAIN_PKGS
    echo "$TOOLCHAIN_PKGS" > "$t.part/.complete" && rm -rf "$t" && mv "$t.part" "$t"
    log "toolchain tree ready in $((SECONDS - s)) s ($(du -sh "$t" | cut -f1))"
}

# The arm64 tree: DEV and RUN with their dependencies, the Swift runtime without; remade when
# the lists change. valgrind: callgrind's instruction counts (itself run under qemu-aarch64).
root() {
    local r=$base/root s=$SECONDS stamp
    stamp=$(echo $DEV $RUN $RUNTIME)
    [ -f "$r/.complete" ] && [ "$(cat "$r/.complete")" = "$stamp" ] && return
    unpack "$r" arm64 $DEV $RUN -- $RUNTIME
    # Only what a link or a run needs: the compiler's own binaries are amd64's job.
    rm -rf "$r.part/usr/libexec/swift/bin" "$r.part/usr/libexec/swift/lib/swift/host" "$r.part/usr/libexec/swift/lib/lldb"*
    # fontconfig's caches, as its trigger would make them (else every start scans the fonts):
    # fc-cache itself, under qemu-aarch64 in the tree (a static emulator: no binfmt needed).
    cp "$(command -v qemu-aarch64-static)" "$r.part/usr/bin/"
    chroot "$r.part" /usr/bin/qemu-aarch64-static /usr/bin/fc-cache -s
    rm "$r.part/usr/bin/qemu-aarch64-static"
    echo "$stamp" > "$r.part/.complete" && rm -rf "$r" && mv "$r.part" "$r"
    log "arm64 tree ready in $((SECONDS - s)) s ($(du -sh "$r" | cut -f1))"
}

# Debian's arm64 kernel (linux-image-arm64's current version), unpacked, never installed: the
# VM step boots it in qemu-system-aarch64 (tests/vm/vm.py --arch arm64).
kernel() {
    local k=$base/kernel pkg
    [ -f "$k/.complete" ] && return
    apt_dir
    pkg=$(aptc arm64 apt-cache depends linux-image-arm64:arm64 | sed -n 's/^ *Depends: \(linux-image-[^ ]*-arm64\)$/\1/p' | head -1)
    [ -n "$pkg" ] || { log "cannot resolve linux-image-arm64 with apt-cache"; exit 1; }
    compgen -G "$base/debs/${pkg}_*_arm64.deb" > /dev/null || (cd "$base/debs" && aptc arm64 apt-get -qq download "$pkg:arm64")
    rm -rf "$k" && mkdir -p "$k.part"
    dpkg -x "$(compgen -G "$base/debs/${pkg}_*_arm64.deb")" "$k.part"
    touch "$k.part/.complete" && mv "$k.part" "$k"
    log "kernel $pkg unpacked into $k"
}

# Bookworm's libcairo.a and libpixman-1.a for arm64: trixie ships neither, and bookworm's are the
# archives make build links on this bookworm machine (the same cairo 1.16 on both). Only those
# two files are taken (apt-get download through a second private apt directory, dpkg -x), into
# static-archives/, with built-using (their source packages, for the .deb's Built-Using).
STATIC_BOOKWORM="libcairo2-dev libpixman-1-dev"
static_archives() {
    local s=$base/static-archives d=$base/apt-bookworm debs=$base/debs-bookworm p f x
    [ -f "$s/.complete" ] && [ "$(cat "$s/.complete")" = "$STATIC_BOOKWORM" ] && return
    apt_dir "$d" bookworm "$debs"
    rm -rf "$s.part" && mkdir -p "$s.part"
    for p in $STATIC_BOOKWORM; do
        compgen -G "$debs/${p}_*_arm64.deb" > /dev/null \
            || (cd "$debs" && APT_CONFIG=$d/apt.conf apt-get -qq -o APT::Architecture=arm64 download "$p:arm64")
        f=$(compgen -G "$debs/${p}_*_arm64.deb")
        x=$(mktemp -d) && dpkg -x "$f" "$x" && for f in "$x"/usr/lib/aarch64-linux-gnu/lib{cairo,pixman-1}.a; do [ ! -f "$f" ] || cp "$f" "$s.part/"; done
        rm -rf "$x"
        f=$(compgen -G "$debs/${p}_*_arm64.deb")
        dpkg-deb -W --showformat='${source:Package} (= ${source:Version})\n' "$f" >> "$s.part/built-using"
    done
    echo "$STATIC_BOOKWORM" > "$s.part/.complete" && rm -rf "$s" && mv "$s.part" "$s"
    log "bookworm's static archives in $s: $(cd "$s" && ls *.a | paste -sd' ')"
}

# built_using: the source packages of the static archives make build-arm64 links (the trixie
# tree's and bookworm's two), as "SOURCE (= VERSION)" lines.
built_using() {
    local p f
    cat "$base/static-archives/built-using"
    for p in libfontconfig-dev libfreetype-dev libexpat1-dev libpng-dev zlib1g-dev libbrotli-dev libbz2-dev libdrm-dev; do
        f=$(compgen -G "$base/debs/${p}_*_arm64.deb") || { log "no .deb for $p"; exit 1; }
        dpkg-deb -W --showformat='${source:Package} (= ${source:Version})\n' "$f"
    done
}

# repo DIR PKGS...: a flat apt repository in DIR (Packages) of PKGS for arm64 and everything they
# depend on, as trixie has them (tests/arm64/deb-install-test.sh: apt-get -f install in the VM).
repo() {
    local dir=$1 p f
    shift
    apt_dir
    aptc arm64 apt-get -qq install --download-only -y "${@/%/:arm64}" > "$base/apt-repo.log" 2>&1 \
        || { tail -20 "$base/apt-repo.log" >&2; exit 1; }
    rm -rf "$dir" && mkdir -p "$dir"
    for p in $(aptc arm64 apt-get -s install "${@/%/:arm64}" | sed -n 's/^Inst \([^ :]*\).*/\1/p'); do
        f=$(compgen -G "$base/debs/${p}_*_arm64.deb" || compgen -G "$base/debs/${p}_*_all.deb" || true)
        [ -n "$f" ] || { log "no .deb for $p in $base/debs"; exit 1; }
        ln "$f" "$dir/"
    done
    (cd "$dir" && dpkg-scanpackages --multiversion . /dev/null 2> /dev/null > Packages)
    log "repository $dir: $(ls "$dir" | grep -c '\.deb$') packages"
}

sdk() {
    local d=$base/sdk/knob-arm64.artifactbundle r=$base/root
    mkdir -p "$d/sdk"
    cat > "$d/info.json" <<EOF
{"schemaVersion": "1.0", "artifacts": {"knob-arm64": {"type": "swiftSDK", "version": "6.0.3",
 "variants": [{"path": "sdk", "supportedTriples": ["x86_64-unknown-linux-gnu", "x86_64-pc-linux-gnu"]}]}}}
EOF
    cat > "$d/sdk/swift-sdk.json" <<EOF
{"schemaVersion": "4.0", "targetTriples": {"aarch64-unknown-linux-gnu": {
 "sdkRootPath": "$r",
 "swiftResourcesPath": "$r/usr/libexec/swift/lib/swift",
 "swiftStaticResourcesPath": "$r/usr/libexec/swift/lib/swift_static",
 "toolsetPaths": ["toolset.json"]}}}
EOF
    cat > "$d/sdk/toolset.json" <<EOF
{"schemaVersion": "1.0", "rootPath": "/usr/libexec/swift/bin",
 "swiftCompiler": {"extraCLIOptions": ["-use-ld=lld"]},
 "linker": {"path": "ld.lld"}}
EOF
}

# swift ARGS in the toolchain root, the worktree bound at its own path (a private mount
# namespace: the mounts end with the command), pkg-config reading the arm64 tree.
in_toolchain() {
    local t=$base/toolchain r=$base/root
    unshare -m bash -c '
        set -e
        t=$1 top=$2; shift 2
        mount --make-rprivate /
        mkdir -p "$t$top" && mount --bind "$top" "$t$top"
        mount -t proc proc "$t/proc"
        mount --bind /dev "$t/dev"
        exec chroot "$t" /usr/bin/env -i PATH=/usr/libexec/swift/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
            PKG_CONFIG_SYSROOT_DIR="$R" PKG_CONFIG_LIBDIR="$R/usr/lib/aarch64-linux-gnu/pkgconfig:$R/usr/share/pkgconfig" \
            PKG_CONFIG_PATH="$R/usr/lib/aarch64-linux-gnu/pkgconfig:$R/usr/share/pkgconfig" \
            SWIFTPM_CACHE="$top/.build/arm64/swiftpm-cache" \
            bash -c "cd \"\$0\" && exec \"\$@\"" "$top" "$@"' _ "$t" "$top" "$@"
}
export R=$base/root

case ${1:-} in
"") toolchain; root; static_archives; sdk; echo "$base/toolchain" ;;
static-archives) static_archives; echo "$base/static-archives" ;;
built-using) built_using ;;
toolchain|root|sdk) "$1" ;;
control) control "$2" "$3" ;;
kernel) kernel; echo "$base/kernel" ;;
repo) shift; repo "$@" ;;
swift) shift; toolchain; root; sdk; in_toolchain swift "$@" ;;
run) shift; in_toolchain "$@" ;;
*) echo "usage: scripts/arm64-sdk.sh [swift ARGS... | run CMD...]" >&2; exit 64 ;;
esac
