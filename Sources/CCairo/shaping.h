// HarfBuzz and FriBidi, opened with dlopen the first time a text needs them, not linked.
//
// Most panels show Latin, digits and CJK, which cmap lookups, advances and pair kerning
// (FreeType) place as Pango did. Linked, Pango and what it drags in (HarfBuzz, GLib, GObject,
// GIO, FriBidi, libthai, graphite2, ...) were ~4 MB of library pages resident in every process
// (docs/performance.md, "A light text stack"). Scripts that need shaping (Arabic, Hebrew,
// Indic, Thai, combining marks) load libharfbuzz on first need, and libfribidi to order
// mixed-direction lines. HarfBuzz reads the font file itself (hb_blob_create_from_file, its
// own OpenType functions), never a FreeType object, so FreeType and cairo can later be linked
// statically without two copies sharing objects.
//
// The headers give the types and constants; each knob_X below has exactly X's prototype
// (__typeof__ of the header's declaration, so the compiler checks every call) and calls X
// through a pointer looked up once. Call knob_harfbuzz_load() / knob_fribidi_load() first:
// NULL when the library and every symbol used here are there, else why not. Callers serialise
// the first calls (Graphics' Shaping holds a lock while loading).
#include <harfbuzz/hb.h>
#include <fribidi/fribidi.h>
#include <dlfcn.h>
#include <stddef.h>

#define KNOB_HARFBUZZ_SONAME "libharfbuzz.so.0"
#define KNOB_FRIBIDI_SONAME "libfribidi.so.0"

static inline void *knob_shaping_symbol(void **library, const char *soname, const char *name) {
    if (!*library) *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    return *library ? dlsym(*library, name) : NULL;
}
static inline void *knob_harfbuzz_symbol(const char *name) {
    static void *library;
    return knob_shaping_symbol(&library, KNOB_HARFBUZZ_SONAME, name);
}
static inline void *knob_fribidi_symbol(const char *name) {
    static void *library;
    return knob_shaping_symbol(&library, KNOB_FRIBIDI_SONAME, name);
}

#define KNOB_HARFBUZZ_FUNCTION(name) \
    static __typeof__(&name) function; \
    if (!function) function = (__typeof__(&name))knob_harfbuzz_symbol(#name)
#define KNOB_FRIBIDI_FUNCTION(name) \
    static __typeof__(&name) function; \
    if (!function) function = (__typeof__(&name))knob_fribidi_symbol(#name)

static inline const char *knob_shaping_check(void *(*symbol)(const char *), const char *const *names, size_t count,
                                             const char *missing) {
    for (size_t i = 0; i < count; i++) {
        if (!symbol(names[i])) {
            const char *why = dlerror();
            return why ? why : missing;
        }
    }
    return NULL;
}

// NULL when libharfbuzz is loaded with every symbol below; else why not.
static inline const char *knob_harfbuzz_load(void) {
    static const char *const names[] = {
        "hb_blob_create_from_file", "hb_blob_get_length", "hb_blob_destroy", "hb_face_create",
        "hb_face_get_upem", "hb_face_destroy", "hb_font_create", "hb_font_set_scale",
        "hb_buffer_create", "hb_buffer_destroy", "hb_buffer_add_utf32", "hb_buffer_set_direction",
        "hb_buffer_guess_segment_properties", "hb_buffer_get_length", "hb_buffer_get_glyph_infos",
        "hb_buffer_get_glyph_positions", "hb_shape",
    };
    return knob_shaping_check(knob_harfbuzz_symbol, names, sizeof names / sizeof names[0], "cannot load " KNOB_HARFBUZZ_SONAME);
}

// NULL when libfribidi is loaded with every symbol below; else why not.
static inline const char *knob_fribidi_load(void) {
    static const char *const names[] = {
        "fribidi_get_bidi_types", "fribidi_get_bracket_types", "fribidi_get_par_embedding_levels_ex",
    };
    return knob_shaping_check(knob_fribidi_symbol, names, sizeof names / sizeof names[0], "cannot load " KNOB_FRIBIDI_SONAME);
}

// HarfBuzz
static inline hb_blob_t *knob_hb_blob_create_from_file(const char *file_name) {
    KNOB_HARFBUZZ_FUNCTION(hb_blob_create_from_file); return function(file_name);
}
static inline unsigned int knob_hb_blob_get_length(hb_blob_t *blob) {
    KNOB_HARFBUZZ_FUNCTION(hb_blob_get_length); return function(blob);
}
static inline void knob_hb_blob_destroy(hb_blob_t *blob) {
    KNOB_HARFBUZZ_FUNCTION(hb_blob_destroy); function(blob);
}
static inline hb_face_t *knob_hb_face_create(hb_blob_t *blob, unsigned int index) {
    KNOB_HARFBUZZ_FUNCTION(hb_face_create); return function(blob, index);
}
static inline unsigned int knob_hb_face_get_upem(const hb_face_t *face) {
    KNOB_HARFBUZZ_FUNCTION(hb_face_get_upem); return function(face);
}
static inline void knob_hb_face_destroy(hb_face_t *face) {
    KNOB_HARFBUZZ_FUNCTION(hb_face_destroy); function(face);
}
static inline hb_font_t *knob_hb_font_create(hb_face_t *face) {
    KNOB_HARFBUZZ_FUNCTION(hb_font_create); return function(face);
}
static inline void knob_hb_font_set_scale(hb_font_t *font, int x_scale, int y_scale) {
    KNOB_HARFBUZZ_FUNCTION(hb_font_set_scale); function(font, x_scale, y_scale);
}
static inline hb_buffer_t *knob_hb_buffer_create(void) {
    KNOB_HARFBUZZ_FUNCTION(hb_buffer_create); return function();
}
static inline void knob_hb_buffer_destroy(hb_buffer_t *buffer) {
    KNOB_HARFBUZZ_FUNCTION(hb_buffer_destroy); function(buffer);
}
static inline void knob_hb_buffer_add_utf32(hb_buffer_t *buffer, const uint32_t *text, int text_length,
                                            unsigned int item_offset, int item_length) {
    KNOB_HARFBUZZ_FUNCTION(hb_buffer_add_utf32); function(buffer, text, text_length, item_offset, item_length);
}
static inline void knob_hb_buffer_set_direction(hb_buffer_t *buffer, hb_direction_t direction) {
    KNOB_HARFBUZZ_FUNCTION(hb_buffer_set_direction); function(buffer, direction);
}
static inline void knob_hb_buffer_guess_segment_properties(hb_buffer_t *buffer) {
    KNOB_HARFBUZZ_FUNCTION(hb_buffer_guess_segment_properties); function(buffer);
}
static inline unsigned int knob_hb_buffer_get_length(const hb_buffer_t *buffer) {
    KNOB_HARFBUZZ_FUNCTION(hb_buffer_get_length); return function(buffer);
}
static inline hb_glyph_info_t *knob_hb_buffer_get_glyph_infos(hb_buffer_t *buffer, unsigned int *length) {
    KNOB_HARFBUZZ_FUNCTION(hb_buffer_get_glyph_infos); return function(buffer, length);
}
static inline hb_glyph_position_t *knob_hb_buffer_get_glyph_positions(hb_buffer_t *buffer, unsigned int *length) {
    KNOB_HARFBUZZ_FUNCTION(hb_buffer_get_glyph_positions); return function(buffer, length);
}
static inline void knob_hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int num_features) {
    KNOB_HARFBUZZ_FUNCTION(hb_shape); function(font, buffer, features, num_features);
}

// FriBidi
static inline void knob_fribidi_get_bidi_types(const FriBidiChar *str, const FriBidiStrIndex len, FriBidiCharType *btypes) {
    KNOB_FRIBIDI_FUNCTION(fribidi_get_bidi_types); function(str, len, btypes);
}
static inline void knob_fribidi_get_bracket_types(const FriBidiChar *str, const FriBidiStrIndex len,
                                                  const FriBidiCharType *types, FriBidiBracketType *btypes) {
    KNOB_FRIBIDI_FUNCTION(fribidi_get_bracket_types); function(str, len, types, btypes);
}
static inline FriBidiLevel knob_fribidi_get_par_embedding_levels_ex(const FriBidiCharType *bidi_types,
        const FriBidiBracketType *bracket_types, const FriBidiStrIndex len, FriBidiParType *pbase_dir,
        FriBidiLevel *embedding_levels) {
    KNOB_FRIBIDI_FUNCTION(fribidi_get_par_embedding_levels_ex);
    return function(bidi_types, bracket_types, len, pbase_dir, embedding_levels);
}

// FRIBIDI_PAR_ON (the paragraph's direction from its first strong character) is a macro of
// macros Swift does not import.
static const FriBidiParType knob_fribidi_par_auto = FRIBIDI_PAR_ON;
