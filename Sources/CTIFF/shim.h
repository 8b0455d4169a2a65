#ifndef CTIFF_SHIM_H
#define CTIFF_SHIM_H
#include <tiffio.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libtiff reads and writes through callbacks and reports through variadic handlers that print to
// stderr by default. Swift imports neither va_list handlers nor TIFFGetField/TIFFSetField (variadic),
// so a memory stream that collects messages and typed field accessors live here.

enum { CTIFF_MESSAGE_CAPACITY = 1024 };

// A growable in-memory file plus the error and warning text libtiff reported while using it.
typedef struct ctiff_stream {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
    size_t position;
    char errors[CTIFF_MESSAGE_CAPACITY];
    char warnings[CTIFF_MESSAGE_CAPACITY];
} ctiff_stream;

static inline void ctiff_append_message(char *target, const char *module, const char *fmt, va_list ap) {
    size_t used = strlen(target);
    if (used + 4 >= CTIFF_MESSAGE_CAPACITY) return;
    if (used > 0) { strcpy(target + used, "; "); used += 2; }
    if (module && *module && strcmp(module, "memory") != 0) used += (size_t)snprintf(target + used, CTIFF_MESSAGE_CAPACITY - used, "%s: ", module);
    if (used < CTIFF_MESSAGE_CAPACITY) vsnprintf(target + used, CTIFF_MESSAGE_CAPACITY - used, fmt, ap);
}

// Returning 1 tells libtiff the message was handled, so its global (stderr) handler is skipped.
static inline int ctiff_on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif;
    ctiff_append_message(((ctiff_stream *)user)->errors, module, fmt, ap);
    return 1;
}

static inline int ctiff_on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif;
    ctiff_append_message(((ctiff_stream *)user)->warnings, module, fmt, ap);
    return 1;
}

static inline tmsize_t ctiff_read(thandle_t handle, void *buffer, tmsize_t count) {
    ctiff_stream *s = (ctiff_stream *)handle;
    if (count < 0 || s->position >= s->size) return 0;
    size_t n = (size_t)count < s->size - s->position ? (size_t)count : s->size - s->position;
    memcpy(buffer, s->bytes + s->position, n);
    s->position += n;
    return (tmsize_t)n;
}

static inline tmsize_t ctiff_write(thandle_t handle, void *buffer, tmsize_t count) {
    ctiff_stream *s = (ctiff_stream *)handle;
    if (count < 0) return -1;
    size_t end = s->position + (size_t)count;
    if (end > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 65536;
        while (capacity < end) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(s->bytes, capacity);
        if (!grown) return -1;
        memset(grown + s->capacity, 0, capacity - s->capacity);
        s->bytes = grown;
        s->capacity = capacity;
    }
    memcpy(s->bytes + s->position, buffer, (size_t)count);
    s->position = end;
    if (end > s->size) s->size = end;
    return count;
}

static inline toff_t ctiff_seek(thandle_t handle, toff_t offset, int whence) {
    ctiff_stream *s = (ctiff_stream *)handle;
    uint64_t base = whence == SEEK_CUR ? s->position : whence == SEEK_END ? s->size : 0;
    uint64_t target = base + offset;
    if (target > (uint64_t)1 << 40) return (toff_t)-1;
    s->position = (size_t)target;
    return target;
}

static inline int ctiff_close(thandle_t handle) { (void)handle; return 0; }
static inline toff_t ctiff_size(thandle_t handle) { return ((ctiff_stream *)handle)->size; }
static inline int ctiff_map(thandle_t h, void **base, toff_t *size) { (void)h; (void)base; (void)size; return 0; }
static inline void ctiff_unmap(thandle_t h, void *base, toff_t size) { (void)h; (void)base; (void)size; }

// A stream over a copy of `count` bytes (reading), or an empty one (bytes NULL, for writing).
static inline ctiff_stream *ctiff_stream_new(const void *bytes, size_t count) {
    ctiff_stream *s = (ctiff_stream *)calloc(1, sizeof(ctiff_stream));
    if (!s) return NULL;
    if (bytes && count > 0) {
        s->bytes = (uint8_t *)malloc(count);
        if (!s->bytes) { free(s); return NULL; }
        memcpy(s->bytes, bytes, count);
        s->size = s->capacity = count;
    }
    return s;
}

static inline void ctiff_stream_free(ctiff_stream *s) {
    if (!s) return;
    free(s->bytes);
    free(s);
}

// TIFFClientOpenExt over the stream with message capture; mode "rm" reads, "w" writes.
// `max_allocation` caps any single libtiff allocation so a lying header cannot exhaust memory.
static inline TIFF *ctiff_stream_open(ctiff_stream *s, const char *mode, tmsize_t max_allocation) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, ctiff_on_error, s);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ctiff_on_warning, s);
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_allocation);
    TIFF *tif = TIFFClientOpenExt("memory", mode, (thandle_t)s, ctiff_read, ctiff_write, ctiff_seek,
                                  ctiff_close, ctiff_size, ctiff_map, ctiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tif;
}

// Messages reported through paths without a TIFF handle go to the global handlers; silence them.
static inline void ctiff_silence_global_handlers(void) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
}

// TIFFGetField / TIFFGetFieldDefaulted / TIFFSetField are variadic: typed wrappers per value kind.
// `defaulted` selects TIFFGetFieldDefaulted (the TIFF 6.0 default when the tag is absent).
static inline int ctiff_get_uint16(TIFF *tif, uint32_t tag, uint16_t *value, int defaulted) {
    return defaulted ? TIFFGetFieldDefaulted(tif, tag, value) : TIFFGetField(tif, tag, value);
}
static inline int ctiff_get_uint32(TIFF *tif, uint32_t tag, uint32_t *value, int defaulted) {
    return defaulted ? TIFFGetFieldDefaulted(tif, tag, value) : TIFFGetField(tif, tag, value);
}
static inline int ctiff_get_float(TIFF *tif, uint32_t tag, float *value, int defaulted) {
    return defaulted ? TIFFGetFieldDefaulted(tif, tag, value) : TIFFGetField(tif, tag, value);
}
static inline int ctiff_get_uint64_array(TIFF *tif, uint32_t tag, const uint64_t **values) { return TIFFGetField(tif, tag, values); }
static inline int ctiff_get_colormap(TIFF *tif, const uint16_t **red, const uint16_t **green, const uint16_t **blue) {
    return TIFFGetField(tif, TIFFTAG_COLORMAP, red, green, blue);
}
static inline int ctiff_set_uint16(TIFF *tif, uint32_t tag, uint16_t value) { return TIFFSetField(tif, tag, (int)value); }
static inline int ctiff_set_uint32(TIFF *tif, uint32_t tag, uint32_t value) { return TIFFSetField(tif, tag, value); }
static inline int ctiff_set_float(TIFF *tif, uint32_t tag, float value) { return TIFFSetField(tif, tag, (double)value); }
static inline int ctiff_set_string(TIFF *tif, uint32_t tag, const char *value) { return TIFFSetField(tif, tag, value); }
#endif
