#!/bin/bash
# The Debian package with Debian's own tools: a 'make install' staging tree (PREFIX=/usr),
# Depends from dpkg-shlibdeps, Recommends from dist/deb/recommends (what the binary dlopens and
# the fonts, which ldd cannot see), dpkg-deb, then lintian.
#   scripts/deb.sh build BIN   -> .build/deb/knob-panel_VERSION_ARCH.deb
#   scripts/deb.sh test        -> tests/deb/deb_test.py on that package (a throwaway root)
# Another architecture's binary (make deb-arm64): DEB_ARCH (arm64), DEB_TREE (the tree it was
# built against: Depends from its symbols files), DEB_EMU (what runs it: qemu-aarch64) and
# DEB_BUILT_USING (the sources of the static archives linked in, if any).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/deb${DEB_ARCH:+-$DEB_ARCH}
case ${1:-} in
build)
    bin=$2
    emu=${DEB_EMU:-}
    version=$($emu "$bin" --version | sed -n 's/^knob-panel //p')-1
    arch=${DEB_ARCH:-$(dpkg --print-architecture)}
    stage=$out/stage
    rm -rf "$out" && mkdir -p "$stage"
    # -o: the binary is given, never remade here.
    make -s -o "$bin" install DESTDIR="$PWD/$stage" PREFIX=/usr UNITDIR=/lib/systemd/system SYSUSERSDIR=/usr/lib/sysusers.d BIN="$bin" EMU="$emu" >/dev/null
    # As dh_strip would: the symbols are not loaded at run time, only shipped.
    # (binutils' strip knows only this machine's architecture; LLVM's objcopy knows them all.)
    strip=strip
    [ -z "${DEB_TREE:-}" ] || strip=$(command -v llvm-objcopy || echo /opt/swift/usr/bin/llvm-objcopy)
    $strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/knob-panel"
    doc=$stage/usr/share/doc/knob-panel
    install -m 0644 dist/deb/copyright "$doc/copyright"
    printf 'knob-panel (%s) unstable; urgency=medium\n\n  * Packaged with make deb (scripts/deb.sh).\n\n -- knob-panel developers <knob-panel@lists.knob-panel.org>  %s\n' \
        "$version" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")" | gzip -9n > "$doc/changelog.Debian.gz"
    gzip -9n "$stage"/usr/share/man/man*/*
    install -d "$stage/usr/share/lintian/overrides"
    install -m 0644 dist/deb/lintian-overrides "$stage/usr/share/lintian/overrides/knob-panel"
    # dpkg-shlibdeps reads a source package's debian/control: a minimal one beside the tree.
    mkdir -p "$out/shlibs/debian"
    printf 'Source: knob-panel\n\nPackage: knob-panel\nArchitecture: any\n' > "$out/shlibs/debian/control"
    if [ -n "${DEB_TREE:-}" ]; then
        depends=$(scripts/tree-shlibdeps.py "$DEB_TREE" "$stage/usr/bin/knob-panel")
    else
        depends=$(cd "$out/shlibs" && dpkg-shlibdeps -O "$PWD/../stage/usr/bin/knob-panel" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
    fi
    # DEB_RENAME: a sed script renaming packages for the tree's release (trixie: libunibreak6).
    recommends=$(grep -v '^#' dist/deb/recommends | sed -e "${DEB_RENAME:-}" | paste -sd, | sed 's/,/, /g')
    # The source packages whose static archives are linked in (Built-Using; bookworm's lintian does not know Static-Built-Using yet).
    static=""
    if [ -z "${DEB_TREE:-}" ] && [ "$(scripts/static-c-link.sh --expect)" = static ]; then
        libdir=$(pkg-config --variable=libdir cairo)
        static=$(for lib in cairo pixman-1 fontconfig freetype expat png16 z brotlidec drm; do
            dpkg-query -W -f='${source:Package} (= ${source:Version})\n' "$(dpkg -S "$libdir/lib$lib.a" | cut -d: -f1)"
        done | sort -u | paste -sd, | sed 's/,/, /g')
    elif [ -n "${DEB_TREE:-}" ]; then
        static=${DEB_BUILT_USING:-}   # the tree's archives: the caller knows their sources (make deb-arm64)
    fi
    install -d -m 0755 "$stage/DEBIAN"
    sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@SIZE@|$(du -sk --exclude=DEBIAN "$stage" | cut -f1)|" \
        -e "s|@DEPENDS@|$depends|" -e "s|@RECOMMENDS@|$recommends|" -e "s|@STATIC@|$static|" dist/deb/control.in \
        | sed '/^Built-Using: $/d' > "$stage/DEBIAN/control"
    echo /etc/knob-panel/knob-panel.conf > "$stage/DEBIAN/conffiles"
    install -m 0755 dist/deb/postinst dist/deb/prerm dist/deb/postrm "$stage/DEBIAN/"
    (cd "$stage" && find . -path ./DEBIAN -prune -o -path ./etc -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
    chmod 0644 "$stage/DEBIAN/md5sums" "$stage/DEBIAN/control" "$stage/DEBIAN/conffiles"
    deb=$out/knob-panel_${version}_$arch.deb
    dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
    echo "deb: $deb ($(du -k "$deb" | cut -f1) KB; Depends: $depends)"
    if command -v lintian >/dev/null; then
        # Tags overridden in dist/deb/lintian-overrides say why there; anything else fails.
        if ! lintian --fail-on error,warning "$deb"; then echo "deb: lintian found problems (above)" >&2; exit 1; fi
        echo "deb: lintian clean (overrides: $(grep -vc '^#' dist/deb/lintian-overrides))"
    else
        echo "deb: lintian is not installed (scripts/install-deps.sh test installs it); not checked"
    fi
    ;;
test)
    deb=$(ls "$out"/knob-panel_*.deb)
    python3 tests/deb/deb_test.py "$deb"
    ;;
*) echo "usage: scripts/deb.sh build BIN | test" >&2; exit 64 ;;
esac
