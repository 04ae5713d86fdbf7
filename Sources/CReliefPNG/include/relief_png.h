#ifndef RELIEF_PNG_H
#define RELIEF_PNG_H

/*
 * PNG encoding and decoding through libpng.
 *
 * Every libpng call of an operation lives in one C function behind one setjmp, so libpng's
 * longjmp never crosses a frame of the caller's language. Errors come back as a nonzero status
 * and a message copied into a caller-provided buffer. Nothing here is global: calls on
 * different threads are independent.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return values of every function that can fail. */
#define RELIEF_PNG_OK 0
#define RELIEF_PNG_ERROR 1

/* Row filters (the same bits as libpng's PNG_FILTER_*); combine several to let libpng pick per row. */
#define RELIEF_PNG_FILTER_NONE 0x08u
#define RELIEF_PNG_FILTER_SUB 0x10u
#define RELIEF_PNG_FILTER_UP 0x20u
#define RELIEF_PNG_FILTER_AVERAGE 0x40u
#define RELIEF_PNG_FILTER_PAETH 0x80u
#define RELIEF_PNG_FILTER_ALL 0xF8u

/* zlib strategies (the same values as zlib's Z_*). */
#define RELIEF_PNG_STRATEGY_DEFAULT 0
#define RELIEF_PNG_STRATEGY_FILTERED 1
#define RELIEF_PNG_STRATEGY_HUFFMAN_ONLY 2
#define RELIEF_PNG_STRATEGY_RLE 3
#define RELIEF_PNG_STRATEGY_FIXED 4

/* The decoder refuses images larger than this before allocating their pixels. */
#define RELIEF_PNG_MAX_DECODED_SIDE 16384u
#define RELIEF_PNG_MAX_DECODED_PIXELS 67108864u /* 64 Mi pixels: 8192 x 8192 */

/* How to compress: every field is checked, and an out-of-range value is an error. Opaque and
   translucent images get their own filters because they want different ones: opaque renders
   compress best unfiltered, translucent ones need a filter (docs/PNG-ENCODING.md has the numbers). */
typedef struct relief_png_settings {
    int compression_level;            /* zlib level, 0 (store) ... 9 (smallest) */
    unsigned int opaque_filters;      /* for RGB output: nonempty combination of RELIEF_PNG_FILTER_* */
    unsigned int translucent_filters; /* for RGBA output: nonempty combination of RELIEF_PNG_FILTER_* */
    int strategy;                     /* one of RELIEF_PNG_STRATEGY_* */
    int memory_level;                 /* zlib memLevel, 1 ... 9 */
    int window_bits;                  /* zlib windowBits, 8 ... 15 */
} relief_png_settings;

/* Bytes allocated with malloc/realloc by this library; release with relief_png_buffer_free. */
typedef struct relief_png_buffer {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} relief_png_buffer;

/* A decoded image: 8-bit straight-alpha RGBA, rows of width * 4 bytes, tightly packed. */
typedef struct relief_png_image {
    uint32_t width;
    uint32_t height;
    relief_png_buffer rgba;
} relief_png_image;

/*
 * Encodes width x height pixels of 8-bit straight-alpha RGBA (rows tightly packed, width * 4 bytes)
 * as a PNG with an sRGB chunk. When every alpha byte is 255 the PNG is colour type RGB, else RGBA.
 * On success returns RELIEF_PNG_OK and fills *png (which must start zeroed or freed).
 * On failure returns RELIEF_PNG_ERROR, leaves *png empty and copies a message into message
 * (truncated to message_capacity, always NUL-terminated when message_capacity > 0).
 */
int relief_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height,
                           const relief_png_settings *settings, relief_png_buffer *png,
                           char *message, size_t message_capacity);

/*
 * Decodes any PNG into 8-bit straight-alpha RGBA, refusing images larger than
 * RELIEF_PNG_MAX_DECODED_SIDE a side or RELIEF_PNG_MAX_DECODED_PIXELS in all.
 * On success returns RELIEF_PNG_OK and fills *image (whose rgba must start zeroed or freed).
 * On failure returns RELIEF_PNG_ERROR, leaves image->rgba empty and copies a message as above.
 */
int relief_png_decode_rgba(const uint8_t *png, size_t png_count, relief_png_image *image,
                           char *message, size_t message_capacity);

/* Frees the bytes of a buffer filled by this library and empties it; safe on an empty buffer. */
void relief_png_buffer_free(relief_png_buffer *buffer);

#ifdef __cplusplus
}
#endif

#endif
