#!/bin/bash
# static-c-link.sh: the linker flags that link cairo (with pixman, fontconfig, FreeType, expat,
# libpng, zlib, brotli) and libdrm from Debian's static archives. Run by make's recipes, after
# the packages are installed, never while make parses the Makefile (on a fresh machine
# pkg-config answers nothing then, and a decision made there outlives the install).
#   scripts/static-c-link.sh SCRIPT [DIR]  prints the flags (none when an archive is missing,
#                                     with one line on stderr), rewriting SCRIPT (cairo's archives
#                                     as a linker script) whenever its content would change; an
#                                     archive missing from cairo's libdir is looked for in DIR
#                                     (make build-arm64: bookworm's libcairo.a and libpixman-1.a)
#   scripts/static-c-link.sh --expect prints "static" or "shared": what the release binary must be
set -eu
libdir=$(pkg-config --variable=libdir cairo 2>/dev/null || true)
extra=${2:-}
archives=()
missing=()
for lib in cairo pixman-1 fontconfig freetype expat png16 z brotlidec brotlicommon drm; do
    a=$libdir/lib$lib.a
    [ -f "$a" ] || [ -z "$extra" ] || a=$extra/lib$lib.a
    if [ -n "$libdir" ] && [ -f "$a" ]; then archives+=("$a"); else missing+=("lib$lib.a"); fi
done
static=1
[ ${#missing[@]} = 0 ] || static=0

if [ "${1:-}" = --expect ]; then
    [ $static = 1 ] && echo static || echo shared
    exit 0
fi
script=${1:?usage: static-c-link.sh SCRIPT [DIR] | --expect}
if [ $static = 0 ]; then
    where=${libdir:-"no pkg-config cairo"}
    echo "note: ${missing[*]} not found ($where): cairo, fontconfig, freetype and libdrm stay shared libraries" >&2
    rm -f "$script"
    exit 0
fi
mkdir -p "$(dirname "$script")"
# Cairo's own archive needs the libraries below it; libdrm stands alone. libbz2 where there is
# one: trixie's FreeType opens bzip2-compressed fonts (bookworm's does not; lld takes from an
# archive only what is referenced, so it costs nothing there).
bz2=$libdir/libbz2.a
[ -f "$bz2" ] || bz2=""
want="INPUT(${archives[*]:0:9}${bz2:+ $bz2})"
[ -f "$script" ] && [ "$(cat "$script")" = "$want" ] || echo "$want" > "$script"
script=$(realpath "$script")
# lld's --remap-inputs swaps the shared libraries the module maps' -l flags find for the archives.
echo "-Xlinker --remap-inputs=*/libcairo.so=$script" \
     "-Xlinker --remap-inputs=*/libfontconfig.so=${archives[2]}" \
     "-Xlinker --remap-inputs=*/libfreetype.so=${archives[3]}" \
     "-Xlinker --remap-inputs=*/libdrm.so=${archives[9]}"
