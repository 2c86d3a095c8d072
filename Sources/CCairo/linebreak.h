// Line breaking by the Unicode line breaking algorithm (UAX #14, Debian's libunibreak) and
// Thai word breaks (libthai), opened with dlopen the first time a paragraph is wrapped (or
// holds Thai), not linked: a panel whose text fits on its lines never maps them. The build
// needs no -dev package: the prototypes below are the libraries' own (linebreak.h of
// libunibreak 1.1 and later, thai/thwbrk.h of libthai 0.1.25 and later), which have been
// stable for a decade. Each loader is called once (Graphics' LineBreaking, in `static let`s).
#include <dlfcn.h>
#include <stddef.h>
#include <wchar.h>

#define KNOB_UNIBREAK_SONAME "libunibreak.so.1"
// Debian bookworm ships libunibreak1, trixie (the arm64 build's tree) libunibreak6: the two
// functions used here are the same in both (their symbols files date them to 1.0).
#define KNOB_UNIBREAK_SONAME_6 "libunibreak.so.6"
#define KNOB_THAI_SONAME "libthai.so.0"

// libunibreak: brks[i] says whether a line may break after character i.
enum { KNOB_LINEBREAK_MUSTBREAK = 0, KNOB_LINEBREAK_ALLOWBREAK = 1, KNOB_LINEBREAK_NOBREAK = 2 };
typedef void (*knob_init_linebreak_t)(void);
typedef void (*knob_set_linebreaks_utf32_t)(const unsigned int *s, size_t len, const char *lang, char *brks);
// libthai: writes the positions (character indices) where a word starts inside `s`, returns
// how many; `brk` NULL is libthai's shared dictionary.
typedef int (*knob_th_brk_wc_find_breaks_t)(void *brk, const wchar_t *s, int *pos, size_t pos_sz);

static inline void *knob_linebreak_open(const char *soname) {
    return dlopen(soname, RTLD_NOW | RTLD_LOCAL);
}

// The loaders hand the function found back to the caller, which keeps it (Graphics'
// LineBreaking, in a Swift `static let`): a function-local static here would be one copy per
// place the optimiser emits the inline function, and a copy that was never filled would be
// called (the release build did this to libasound's table; see CSound/shim.h).

// NULL when libunibreak is loaded (and initialised), with its set_linebreaks_utf32 in `*out`;
// else why not.
static inline const char *knob_unibreak_load(knob_set_linebreaks_utf32_t *out) {
    void *library = knob_linebreak_open(KNOB_UNIBREAK_SONAME);
    if (!library) library = knob_linebreak_open(KNOB_UNIBREAK_SONAME_6);
    if (!library) { const char *why = dlerror(); return why ? why : "cannot load " KNOB_UNIBREAK_SONAME; }
    knob_init_linebreak_t init = (knob_init_linebreak_t)dlsym(library, "init_linebreak");
    knob_set_linebreaks_utf32_t set = (knob_set_linebreaks_utf32_t)dlsym(library, "set_linebreaks_utf32");
    if (!init || !set) { const char *why = dlerror(); return why ? why : "libunibreak lacks set_linebreaks_utf32"; }
    init();
    *out = set;
    return NULL;
}

// NULL when libthai is loaded, with its th_brk_wc_find_breaks in `*out`; else why not.
static inline const char *knob_thai_load(knob_th_brk_wc_find_breaks_t *out) {
    void *library = knob_linebreak_open(KNOB_THAI_SONAME);
    if (!library) { const char *why = dlerror(); return why ? why : "cannot load " KNOB_THAI_SONAME; }
    knob_th_brk_wc_find_breaks_t find = (knob_th_brk_wc_find_breaks_t)dlsym(library, "th_brk_wc_find_breaks");
    if (!find) { const char *why = dlerror(); return why ? why : "libthai lacks th_brk_wc_find_breaks"; }
    *out = find;
    return NULL;
}
