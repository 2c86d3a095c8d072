// JPEG decoding through Debian's libjpeg-turbo (libjpeg.so.62, the libjpeg 6b ABI), opened
// with dlopen the first time a JPEG is decoded, not linked: a panel without pictures never
// maps it, and the build needs no -dev package. The structs below are the 6.2 ABI's own
// layout (jpeglib.h with JPEG_LIB_VERSION 62, jmorecfg.h's 8-bit samples and int booleans);
// jpeg_CreateDecompress checks the struct's size, so a mismatch is an error, not a crash
// (tests/cli/jpeg_abi.sh compares every offset with the real header where it is installed).
// libjpeg's errors exit the process by default: here they longjmp back to the decode call,
// inside C, with no Swift frame in between. The function table is the caller's (Graphics'
// JPEGDecoder fills it once, in a Swift `static let`, and passes it to every decode): a
// function-local static here would be one copy per place the optimiser emits an inline
// function, and a decode could read a copy the load never filled (the release build did
// this to libasound's table; see CSound/shim.h). Decodes may run on any thread.
#include <dlfcn.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define KNOB_JPEG_SONAME "libjpeg.so.62"
#define KNOB_JPEG_LIB_VERSION 62

typedef struct knob_jpeg_error_mgr {
    void (*error_exit)(void *cinfo);
    void (*emit_message)(void *cinfo, int msg_level);
    void (*output_message)(void *cinfo);
    void (*format_message)(void *cinfo, char *buffer);
    void (*reset_error_mgr)(void *cinfo);
    int msg_code;
    union { int i[8]; char s[80]; } msg_parm;
    int trace_level;
    long num_warnings;
    const char *const *jpeg_message_table;
    int last_jpeg_message;
    const char *const *addon_message_table;
    int first_addon_message;
    int last_addon_message;
} knob_jpeg_error_mgr;

// jpeg_decompress_struct of the 6.2 ABI, field for field.
typedef struct knob_jpeg_decompress {
    knob_jpeg_error_mgr *err;
    void *mem;
    void *progress;
    void *client_data;
    int is_decompressor;
    int global_state;
    void *src;
    unsigned int image_width, image_height;
    int num_components;
    int jpeg_color_space;
    int out_color_space;
    unsigned int scale_num, scale_denom;
    double output_gamma;
    int buffered_image, raw_data_out;
    int dct_method;
    int do_fancy_upsampling, do_block_smoothing;
    int quantize_colors;
    int dither_mode;
    int two_pass_quantize;
    int desired_number_of_colors;
    int enable_1pass_quant, enable_external_quant, enable_2pass_quant;
    unsigned int output_width, output_height;
    int out_color_components;
    int output_components;
    int rec_outbuf_height;
    int actual_number_of_colors;
    void *colormap;
    unsigned int output_scanline;
    int input_scan_number;
    unsigned int input_iMCU_row;
    int output_scan_number;
    unsigned int output_iMCU_row;
    void *coef_bits;
    void *quant_tbl_ptrs[4];
    void *dc_huff_tbl_ptrs[4];
    void *ac_huff_tbl_ptrs[4];
    int data_precision;
    void *comp_info;
    int progressive_mode;
    int arith_code;
    uint8_t arith_dc_L[16], arith_dc_U[16], arith_ac_K[16];
    unsigned int restart_interval;
    int saw_JFIF_marker;
    uint8_t JFIF_major_version, JFIF_minor_version, density_unit;
    uint16_t X_density, Y_density;
    int saw_Adobe_marker;
    uint8_t Adobe_transform;
    int CCIR601_sampling;
    void *marker_list;
    int max_h_samp_factor, max_v_samp_factor;
    int min_DCT_scaled_size;
    unsigned int total_iMCU_rows;
    void *sample_range_limit;
    int comps_in_scan;
    void *cur_comp_info[4];
    unsigned int MCUs_per_row, MCU_rows_in_scan;
    int blocks_in_MCU;
    int MCU_membership[10];
    int Ss, Se, Ah, Al;
    int unread_marker;
    void *master, *main, *coef, *post, *inputctl, *marker, *entropy, *idct, *upsample, *cconvert, *cquantize;
} knob_jpeg_decompress;

// J_COLOR_SPACE values: libjpeg-turbo's extensions write Cairo's ARGB32 byte order
// (B, G, R, A in memory on a little-endian machine; A, R, G, B on a big-endian one).
enum { KNOB_JCS_GRAYSCALE = 1, KNOB_JCS_CMYK = 4, KNOB_JCS_YCCK = 5, KNOB_JCS_EXT_BGRA = 13, KNOB_JCS_EXT_ARGB = 15 };
enum { KNOB_JPEG_HEADER_OK = 1 };

typedef struct knob_jpeg_api {
    knob_jpeg_error_mgr *(*std_error)(knob_jpeg_error_mgr *err);
    void (*create_decompress)(knob_jpeg_decompress *cinfo, int version, size_t structsize);
    void (*mem_src)(knob_jpeg_decompress *cinfo, const unsigned char *buffer, unsigned long size);
    int (*read_header)(knob_jpeg_decompress *cinfo, int require_image);
    void (*calc_output_dimensions)(knob_jpeg_decompress *cinfo);
    int (*start_decompress)(knob_jpeg_decompress *cinfo);
    unsigned int (*read_scanlines)(knob_jpeg_decompress *cinfo, unsigned char **scanlines, unsigned int max_lines);
    int (*finish_decompress)(knob_jpeg_decompress *cinfo);
    void (*destroy_decompress)(knob_jpeg_decompress *cinfo);
} knob_jpeg_api;

// NULL when libjpeg is loaded, its functions in `*api`; else why not.
static inline const char *knob_jpeg_load(knob_jpeg_api *api) {
    void *library = dlopen(KNOB_JPEG_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) { const char *why = dlerror(); return why ? why : "cannot load " KNOB_JPEG_SONAME; }
    knob_jpeg_api loaded = {
        (knob_jpeg_error_mgr *(*)(knob_jpeg_error_mgr *))dlsym(library, "jpeg_std_error"),
        (void (*)(knob_jpeg_decompress *, int, size_t))dlsym(library, "jpeg_CreateDecompress"),
        (void (*)(knob_jpeg_decompress *, const unsigned char *, unsigned long))dlsym(library, "jpeg_mem_src"),
        (int (*)(knob_jpeg_decompress *, int))dlsym(library, "jpeg_read_header"),
        (void (*)(knob_jpeg_decompress *))dlsym(library, "jpeg_calc_output_dimensions"),
        (int (*)(knob_jpeg_decompress *))dlsym(library, "jpeg_start_decompress"),
        (unsigned int (*)(knob_jpeg_decompress *, unsigned char **, unsigned int))dlsym(library, "jpeg_read_scanlines"),
        (int (*)(knob_jpeg_decompress *))dlsym(library, "jpeg_finish_decompress"),
        (void (*)(knob_jpeg_decompress *))dlsym(library, "jpeg_destroy_decompress"),
    };
    if (!loaded.std_error || !loaded.create_decompress || !loaded.mem_src || !loaded.read_header || !loaded.calc_output_dimensions
        || !loaded.start_decompress || !loaded.read_scanlines || !loaded.finish_decompress || !loaded.destroy_decompress) {
        return KNOB_JPEG_SONAME " lacks a libjpeg 6.2 function (jpeg_mem_src needs libjpeg-turbo)";
    }
    *api = loaded;
    return NULL;
}

// The error manager with the jump back: errors and corrupt-data warnings both end the decode
// (a half-grey picture of a damaged file is not shown; the caller shows its placeholder).
typedef struct knob_jpeg_error {
    knob_jpeg_error_mgr mgr;
    jmp_buf jump;
    char message[200];
} knob_jpeg_error;

static inline void knob_jpeg_fail(void *cinfo) {
    knob_jpeg_error *e = (knob_jpeg_error *)((knob_jpeg_decompress *)cinfo)->err;
    e->mgr.format_message(cinfo, e->message);
    longjmp(e->jump, 1);
}

static inline void knob_jpeg_message(void *cinfo, int level) {
    if (level < 0) knob_jpeg_fail(cinfo);   // a warning: corrupt data
}

// Decodes `data` into `pixels` (ARGB32, `stride` bytes a row), scaled by the DCT to at most
// 1/`denominator` (1, 2, 4 or 8) of its size; the image must be `expect_w`×`expect_h` once
// scaled (what knob_jpeg_scaled_size said) and at most `max_side` before. 0 on success, else
// writes why into `why` (200 bytes).
static inline int knob_jpeg_decode(const knob_jpeg_api *api, const unsigned char *data, unsigned long size,
                                   unsigned int denominator, unsigned int max_side, unsigned char *pixels, long stride,
                                   unsigned int expect_w, unsigned int expect_h, int big_endian, char *why) {
    knob_jpeg_decompress cinfo;
    knob_jpeg_error err;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&err, 0, sizeof err);
    cinfo.err = api->std_error(&err.mgr);
    err.mgr.error_exit = knob_jpeg_fail;
    err.mgr.emit_message = knob_jpeg_message;
    if (setjmp(err.jump)) {
        strncpy(why, err.message[0] ? err.message : "damaged JPEG", 199);
        why[199] = 0;
        api->destroy_decompress(&cinfo);
        return 1;
    }
    api->create_decompress(&cinfo, KNOB_JPEG_LIB_VERSION, sizeof cinfo);
    api->mem_src(&cinfo, data, size);
    if (api->read_header(&cinfo, 1) != KNOB_JPEG_HEADER_OK) { strcpy(why, "no JPEG image"); api->destroy_decompress(&cinfo); return 1; }
    if (cinfo.image_width > max_side || cinfo.image_height > max_side) {
        strcpy(why, "larger than the largest picture taken");
        api->destroy_decompress(&cinfo);
        return 1;
    }
    if (cinfo.jpeg_color_space == KNOB_JCS_CMYK || cinfo.jpeg_color_space == KNOB_JCS_YCCK) {
        strcpy(why, "a CMYK JPEG (print colours; save it as RGB)");
        api->destroy_decompress(&cinfo);
        return 1;
    }
    cinfo.out_color_space = big_endian ? KNOB_JCS_EXT_ARGB : KNOB_JCS_EXT_BGRA;
    cinfo.scale_num = 1;
    cinfo.scale_denom = denominator;
    api->start_decompress(&cinfo);
    if (cinfo.output_width != expect_w || cinfo.output_height != expect_h || cinfo.output_components != 4) {
        strcpy(why, "its scaled size differs from its header's");
        api->destroy_decompress(&cinfo);
        return 1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        unsigned char *row = pixels + (long)cinfo.output_scanline * stride;
        if (api->read_scanlines(&cinfo, &row, 1) != 1) { strcpy(why, "truncated JPEG"); api->destroy_decompress(&cinfo); return 1; }
    }
    api->finish_decompress(&cinfo);
    api->destroy_decompress(&cinfo);
    return 0;
}
