// Cairo with its FreeType font backend, fontconfig for finding fonts, FreeType for cmap,
// advances and the `kern` table (Sources/Graphics/Text). Nothing of Pango, HarfBuzz or GLib is
// linked: text that needs shaping opens HarfBuzz (and FriBidi) with dlopen (shaping.h), line
// breaking libunibreak and libthai (linebreak.h), JPEG decoding libjpeg (jpeg.h).
#include <cairo.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include "shaping.h"
#include "linebreak.h"
#include "jpeg.h"
