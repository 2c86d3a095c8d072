#!/bin/sh
# Sources/CCairo/jpeg.h declares libjpeg 6.2's structs by hand (the build needs no -dev
# package); this compiles them beside libjpeg's own jpeglib.h and compares sizes, the offsets
# the decoder uses, and the colour-space numbers. Exit 77 without the header or a compiler.
set -u
command -v cc >/dev/null 2>&1 && [ -f /usr/include/jpeglib.h ] || exit 77
root=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cat > "$t/abi.c" <<C
#include <stdio.h>
#include <stddef.h>
#include <jpeglib.h>
#include "$root/Sources/CCairo/jpeg.h"
#define SAME(f) if (offsetof(struct jpeg_decompress_struct, f) != offsetof(knob_jpeg_decompress, f)) { printf("jpeg.h: offset of %s differs\n", #f); bad = 1; }
int main(void) {
    int bad = 0;
    if (JPEG_LIB_VERSION != KNOB_JPEG_LIB_VERSION) { printf("jpeglib.h is version %d\n", JPEG_LIB_VERSION); return 77; }
    if (sizeof(struct jpeg_decompress_struct) != sizeof(knob_jpeg_decompress)) { printf("jpeg.h: decompress struct %zu bytes, libjpeg's %zu\n", sizeof(knob_jpeg_decompress), sizeof(struct jpeg_decompress_struct)); bad = 1; }
    if (sizeof(struct jpeg_error_mgr) != sizeof(knob_jpeg_error_mgr)) { puts("jpeg.h: error manager size differs"); bad = 1; }
    SAME(err) SAME(src) SAME(image_width) SAME(image_height) SAME(jpeg_color_space) SAME(out_color_space)
    SAME(scale_num) SAME(scale_denom) SAME(output_width) SAME(output_height) SAME(output_components) SAME(output_scanline) SAME(cquantize)
    if (offsetof(struct jpeg_error_mgr, format_message) != offsetof(knob_jpeg_error_mgr, format_message)) { puts("jpeg.h: format_message differs"); bad = 1; }
    if ((int)JCS_EXT_BGRA != KNOB_JCS_EXT_BGRA || (int)JCS_EXT_ARGB != KNOB_JCS_EXT_ARGB || (int)JCS_CMYK != KNOB_JCS_CMYK || (int)JCS_YCCK != KNOB_JCS_YCCK || (int)JCS_GRAYSCALE != KNOB_JCS_GRAYSCALE) { puts("jpeg.h: colour spaces differ"); bad = 1; }
    return bad;
}
C
cc -w -o "$t/abi" "$t/abi.c" || exit 1
"$t/abi"
