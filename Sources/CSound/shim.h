// ALSA PCM playback (Debian's libasound2) for the click a panel may make on press, opened
// with dlopen when a layout asks for it ("sound": {"click": true}), never linked: a panel
// without sound never maps the library, and a machine without it runs the same. The build
// needs no -dev package: the prototypes and constants below are alsa-lib's own (pcm.h,
// error.h of alsa-lib 1.0.16 and later, stable since). One thread (the loop) calls these.
#include <dlfcn.h>
#include <stddef.h>

#define KNOB_ASOUND_SONAME "libasound.so.2"

typedef struct knob_snd_pcm knob_snd_pcm_t;   // snd_pcm_t, opaque

enum {
    KNOB_SND_PCM_STREAM_PLAYBACK = 0,
    KNOB_SND_PCM_NONBLOCK = 1,                 // snd_pcm_open's mode: never wait for the device
    KNOB_SND_PCM_FORMAT_S16_LE = 2,
    KNOB_SND_PCM_ACCESS_RW_INTERLEAVED = 3,
};
// snd_pcm_state_t
enum {
    KNOB_SND_PCM_STATE_OPEN = 0, KNOB_SND_PCM_STATE_SETUP = 1, KNOB_SND_PCM_STATE_PREPARED = 2,
    KNOB_SND_PCM_STATE_RUNNING = 3, KNOB_SND_PCM_STATE_XRUN = 4, KNOB_SND_PCM_STATE_DRAINING = 5,
    KNOB_SND_PCM_STATE_PAUSED = 6, KNOB_SND_PCM_STATE_SUSPENDED = 7, KNOB_SND_PCM_STATE_DISCONNECTED = 8,
};

typedef struct {
    int (*open)(knob_snd_pcm_t **pcm, const char *name, int stream, int mode);
    int (*set_params)(knob_snd_pcm_t *pcm, int format, int access, unsigned int channels, unsigned int rate,
                      int soft_resample, unsigned int latency_us);
    long (*writei)(knob_snd_pcm_t *pcm, const void *buffer, unsigned long frames);
    int (*state)(knob_snd_pcm_t *pcm);
    int (*prepare)(knob_snd_pcm_t *pcm);
    int (*start)(knob_snd_pcm_t *pcm);
    int (*close)(knob_snd_pcm_t *pcm);
    const char *(*strerror)(int err);
} knob_asound_t;

// alsa-lib prints its own errors to stderr ("ALSA lib pcm.c:…: Unknown PCM"); the panel says
// once, in its own words, why there is no click.
static inline void knob_asound_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

// Fills `a` and returns NULL when libasound is loaded with every function above; else why
// not (dlerror's text). The caller keeps the table: a function-local static here would be one
// copy per place the optimiser emits this inline function, and one copy stayed empty.
static inline const char *knob_asound_load(knob_asound_t *a) {
    if (a->open) return NULL;
    void *library = dlopen(KNOB_ASOUND_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) { const char *why = dlerror(); return why ? why : "cannot load " KNOB_ASOUND_SONAME; }
    typedef void (*handler_t)(const char *, int, const char *, int, const char *, ...);
    int (*set_handler)(handler_t) = (int (*)(handler_t))dlsym(library, "snd_lib_error_set_handler");
    knob_asound_t f;
    f.open = (int (*)(knob_snd_pcm_t **, const char *, int, int))dlsym(library, "snd_pcm_open");
    f.set_params = (int (*)(knob_snd_pcm_t *, int, int, unsigned int, unsigned int, int, unsigned int))dlsym(library, "snd_pcm_set_params");
    f.writei = (long (*)(knob_snd_pcm_t *, const void *, unsigned long))dlsym(library, "snd_pcm_writei");
    f.state = (int (*)(knob_snd_pcm_t *))dlsym(library, "snd_pcm_state");
    f.prepare = (int (*)(knob_snd_pcm_t *))dlsym(library, "snd_pcm_prepare");
    f.start = (int (*)(knob_snd_pcm_t *))dlsym(library, "snd_pcm_start");
    f.close = (int (*)(knob_snd_pcm_t *))dlsym(library, "snd_pcm_close");
    f.strerror = (const char *(*)(int))dlsym(library, "snd_strerror");
    if (!set_handler || !f.open || !f.set_params || !f.writei || !f.state || !f.prepare || !f.start || !f.close || !f.strerror) {
        return "libasound.so.2 lacks a PCM function (snd_pcm_open, snd_pcm_set_params, snd_pcm_writei…)";
    }
    set_handler(knob_asound_quiet);
    *a = f;
    return NULL;
}
