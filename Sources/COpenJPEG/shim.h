#ifndef COPENJPEG_SHIM_H
#define COPENJPEG_SHIM_H
#include <openjpeg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// OpenJPEG reads and writes through stream callbacks and reports through message callbacks, all
// with a user pointer; Swift cannot hand it closures that capture, so a memory stream and a message
// collector live here, as in CTIFF.

enum { COPJ_MESSAGE_CAPACITY = 1024 };

// A file in memory: the input being read, or the output growing as OpenJPEG writes (the JP2
// encoder seeks back to fill in box lengths), plus the messages reported while using it.
typedef struct copj_memory {
    const uint8_t *input;
    uint8_t *output;
    size_t size;
    size_t capacity;
    size_t position;
    char errors[COPJ_MESSAGE_CAPACITY];
    char warnings[COPJ_MESSAGE_CAPACITY];
} copj_memory;

static inline void copj_append(char *target, const char *message) {
    size_t used = strlen(target);
    if (used + 4 >= COPJ_MESSAGE_CAPACITY) return;
    if (used > 0) { strcpy(target + used, "; "); used += 2; }
    snprintf(target + used, COPJ_MESSAGE_CAPACITY - used, "%s", message);
    // OpenJPEG ends its messages with a newline.
    size_t end = strlen(target);
    while (end > 0 && (target[end - 1] == '\n' || target[end - 1] == '\r')) target[--end] = 0;
}

static inline void copj_on_error(const char *message, void *user) { copj_append(((copj_memory *)user)->errors, message); }
static inline void copj_on_warning(const char *message, void *user) { copj_append(((copj_memory *)user)->warnings, message); }
static inline void copj_on_info(const char *message, void *user) { (void)message; (void)user; }

static inline void copj_collect_messages(opj_codec_t *codec, copj_memory *memory) {
    opj_set_error_handler(codec, copj_on_error, memory);
    opj_set_warning_handler(codec, copj_on_warning, memory);
    opj_set_info_handler(codec, copj_on_info, memory);
}

static inline OPJ_SIZE_T copj_read(void *buffer, OPJ_SIZE_T count, void *user) {
    copj_memory *memory = user;
    if (memory->position >= memory->size) return (OPJ_SIZE_T)-1;
    size_t available = memory->size - memory->position;
    size_t taken = count < available ? count : available;
    memcpy(buffer, memory->input + memory->position, taken);
    memory->position += taken;
    return taken;
}

static inline OPJ_SIZE_T copj_write(void *buffer, OPJ_SIZE_T count, void *user) {
    copj_memory *memory = user;
    size_t end = memory->position + count;
    if (end > memory->capacity) {
        size_t capacity = memory->capacity ? memory->capacity : 65536;
        while (capacity < end) capacity *= 2;
        uint8_t *grown = realloc(memory->output, capacity);
        if (!grown) return (OPJ_SIZE_T)-1;
        memory->output = grown;
        memory->capacity = capacity;
    }
    memcpy(memory->output + memory->position, buffer, count);
    memory->position = end;
    if (end > memory->size) memory->size = end;
    return count;
}

static inline OPJ_BOOL copj_seek(OPJ_OFF_T position, void *user) {
    copj_memory *memory = user;
    if (position < 0 || (memory->input && (size_t)position > memory->size)) return OPJ_FALSE;
    memory->position = (size_t)position;
    return OPJ_TRUE;
}

static inline OPJ_OFF_T copj_skip(OPJ_OFF_T count, void *user) {
    copj_memory *memory = user;
    OPJ_OFF_T target = (OPJ_OFF_T)memory->position + count;
    if (target < 0) return -1;
    if (memory->input && (size_t)target > memory->size) target = (OPJ_OFF_T)memory->size;
    memory->position = (size_t)target;
    return count;
}

// A stream over `memory`: reading its input, or writing its growing output.
static inline opj_stream_t *copj_stream(copj_memory *memory, int is_input) {
    opj_stream_t *stream = opj_stream_create(OPJ_J2K_STREAM_CHUNK_SIZE, is_input ? OPJ_TRUE : OPJ_FALSE);
    if (!stream) return NULL;
    opj_stream_set_user_data(stream, memory, NULL);
    opj_stream_set_seek_function(stream, copj_seek);
    opj_stream_set_skip_function(stream, copj_skip);
    if (is_input) {
        opj_stream_set_user_data_length(stream, memory->size);
        opj_stream_set_read_function(stream, copj_read);
    } else {
        opj_stream_set_write_function(stream, copj_write);
    }
    return stream;
}

// The codestream's first tile-component coding style: 1 is the reversible 5/3 wavelet (lossless
// when no layer is truncated), 0 the irreversible 9/7. -1 when OpenJPEG cannot tell.
static inline int copj_wavelet(opj_codec_t *codec, int *resolutions, int *layers) {
    opj_codestream_info_v2_t *info = opj_get_cstr_info(codec);
    if (!info) return -1;
    int wavelet = -1;
    if (info->m_default_tile_info.tccp_info) {
        wavelet = (int)info->m_default_tile_info.tccp_info[0].qmfbid;
        *resolutions = (int)info->m_default_tile_info.tccp_info[0].numresolutions;
    }
    *layers = (int)info->m_default_tile_info.numlayers;
    opj_destroy_cstr_info(&info);
    return wavelet;
}
#endif
