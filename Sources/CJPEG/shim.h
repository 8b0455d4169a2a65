#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

// libjpeg reports errors by calling error_exit, which must not return; the usual answer is
// setjmp/longjmp, and a longjmp must never cross Swift frames. So each whole decode and encode
// runs here in C, between one setjmp and the calls that may jump back to it, and Swift sees
// only a return code and the message. Corrupt-data warnings (msg_level -1: "Premature end of
// JPEG file", "Corrupt JPEG data: …") are turned into errors too: libjpeg would go on and fill
// the missing part with gray, and pbtool refuses a picture it cannot read whole.

typedef struct cjpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int code;
    char message[JMSG_LENGTH_MAX];
} cjpeg_failure;

static inline void cjpeg_fail(j_common_ptr info) {
    cjpeg_failure *failure = (cjpeg_failure *)info->err;
    failure->code = failure->manager.msg_code;
    failure->manager.format_message(info, failure->message);
    longjmp(failure->jump, 1);
}

static inline void cjpeg_emit(j_common_ptr info, int level) {
    if (level < 0) cjpeg_fail(info);
}

static inline struct jpeg_error_mgr *cjpeg_install(cjpeg_failure *failure) {
    jpeg_std_error(&failure->manager);
    failure->manager.error_exit = cjpeg_fail;
    failure->manager.emit_message = cjpeg_emit;
    failure->code = 0;
    failure->message[0] = 0;
    return &failure->manager;
}

// What a decode found: the picture as 8-bit gray (malloc'd, freed with free) and the header facts.
typedef struct cjpeg_picture {
    uint8_t *pixels;
    uint32_t width, height;
    int components;
    int color_space;            // J_COLOR_SPACE of the file
    int has_jfif;
    int density_unit;           // 0 aspect ratio only, 1 per inch, 2 per centimetre (JFIF 1.02)
    uint16_t x_density, y_density;
    int progressive;
    int code;                   // libjpeg's message code when the result is nonzero
    char message[JMSG_LENGTH_MAX];
} cjpeg_picture;

static inline void cjpeg_take_header(struct jpeg_decompress_struct *info, cjpeg_picture *out) {
    out->width = info->image_width;
    out->height = info->image_height;
    out->components = info->num_components;
    out->color_space = info->jpeg_color_space;
    out->has_jfif = info->saw_JFIF_marker;
    out->density_unit = info->density_unit;
    out->x_density = info->X_density;
    out->y_density = info->Y_density;
    out->progressive = info->progressive_mode;
}

// Reads the headers, then (unless header_only) the whole picture as gray when it has at most
// max_pixels. Returns 0, -1 on a libjpeg error (code and message set), -2 when too large.
// noinline: a function that calls setjmp must keep its own frame.
__attribute__((noinline)) static int cjpeg_decode(const uint8_t *bytes, size_t size, int header_only, uint64_t max_pixels,
                               cjpeg_picture *out) {
    struct jpeg_decompress_struct info;
    cjpeg_failure failure;
    memset(out, 0, sizeof *out);
    info.err = cjpeg_install(&failure);
    if (setjmp(failure.jump)) {
        free(out->pixels);
        out->pixels = NULL;
        out->code = failure.code;
        memcpy(out->message, failure.message, sizeof out->message);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    cjpeg_take_header(&info, out);
    if (header_only || (uint64_t)info.image_width * info.image_height > max_pixels) {
        jpeg_destroy_decompress(&info);
        return header_only ? 0 : -2;
    }
    info.out_color_space = JCS_GRAYSCALE;
    jpeg_start_decompress(&info);
    out->pixels = malloc((size_t)info.output_width * info.output_height);
    if (!out->pixels) ERREXIT(&info, JERR_OUT_OF_MEMORY);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = out->pixels + (size_t)info.output_scanline * info.output_width;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

// Encodes 8-bit gray as a baseline JFIF file with the resolution in dots per inch. The output is
// malloc'd by libjpeg's memory destination and freed with free. Returns 0 or -1 (message set).
__attribute__((noinline)) static int cjpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int quality,
                               uint16_t dots_per_inch, uint8_t **out, unsigned long *out_size,
                               char message[JMSG_LENGTH_MAX]) {
    struct jpeg_compress_struct info;
    cjpeg_failure failure;
    *out = NULL;
    *out_size = 0;
    info.err = cjpeg_install(&failure);
    if (setjmp(failure.jump)) {
        memcpy(message, failure.message, JMSG_LENGTH_MAX);
        jpeg_destroy_compress(&info);
        free(*out);
        *out = NULL;
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, out, out_size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 1;
    info.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.write_JFIF_header = TRUE;
    info.density_unit = dots_per_inch > 0 ? 1 : 0;
    info.X_density = dots_per_inch > 0 ? dots_per_inch : 1;
    info.Y_density = dots_per_inch > 0 ? dots_per_inch : 1;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * width);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}
#endif
