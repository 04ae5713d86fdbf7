#ifndef RELIEF_WEBP_H
#define RELIEF_WEBP_H

/*
 * Lossless WebP and animated WebP encoding, and WebP decoding, through libwebp and libwebpmux.
 *
 * libwebp reports failure by return values (it never jumps), so the shim's part is to keep its
 * structures, their initialisation macros and their cleanup out of the caller's language: every
 * call returns a status and copies a message into a caller-provided buffer. Nothing here is
 * global: calls on different threads are independent.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RELIEF_WEBP_OK 0
#define RELIEF_WEBP_ERROR 1

/* The decoder refuses images larger than this before allocating their pixels. */
#define RELIEF_WEBP_MAX_DECODED_PIXELS 67108864u /* 64 Mi pixels */

/* How hard the lossless encoder works. */
typedef struct relief_webp_settings {
    /* libwebp's lossless preset, 0 (fastest) ... 9 (smallest): its method and quality together. */
    int level;
    /* 1: libwebp may use a second thread; 0: one thread. The bytes do not depend on it. */
    int threads;
} relief_webp_settings;

/* Bytes allocated with malloc/realloc by this library; release with relief_webp_buffer_free. */
typedef struct relief_webp_buffer {
    uint8_t *bytes;
    size_t count;
} relief_webp_buffer;

/* One picture of an animation: 8-bit straight-alpha RGBA, rows of width * 4 bytes, placed at (x, y)
   on the canvas, replacing what is there, alpha included; shown for numerator / denominator seconds
   (denominator 0 means 1/100 s), as APNG's frames are. */
typedef struct relief_webp_picture {
    const uint8_t *rgba;
    uint32_t width;
    uint32_t height;
    uint32_t x;
    uint32_t y;
    uint16_t delay_numerator;
    uint16_t delay_denominator;
} relief_webp_picture;

/*
 * Encodes width x height straight-alpha RGBA pixels (rows of width * 4 bytes) as a lossless WebP
 * that decodes to exactly these pixels, the colour of fully transparent pixels included.
 * On success returns RELIEF_WEBP_OK and fills *webp (which must start zeroed or freed); on failure
 * returns RELIEF_WEBP_ERROR, leaves *webp empty and copies a message into message (truncated to
 * message_capacity, always NUL-terminated when message_capacity > 0).
 */
int relief_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height,
                       const relief_webp_settings *settings, relief_webp_buffer *webp,
                       char *message, size_t message_capacity);

/*
 * Encodes an animation as a lossless animated WebP on a canvas_width x canvas_height canvas: the
 * first picture covers the canvas at (0, 0), each after it replaces its rectangle, and every
 * canvas so made is one frame of the file, pixel for pixel. plays is the number of plays, 0 for
 * ever.
 *
 * still (canvas_width * canvas_height * 4 bytes, or NULL) is the picture the file is to end on:
 * when a canvas after the last picture's equals it (a loop that shows it midway and ends back on
 * its start), the file starts with the canvas after that one and wraps round, so it plays the same
 * cycle and its last frame is the still.
 *
 * Returns and fills *webp as relief_webp_encode does.
 */
int relief_webp_encode_animation(const relief_webp_picture *pictures, size_t picture_count,
                                 uint32_t canvas_width, uint32_t canvas_height, uint32_t plays,
                                 const uint8_t *still, const relief_webp_settings *settings,
                                 relief_webp_buffer *webp, char *message, size_t message_capacity);

/* A decoded image: 8-bit straight-alpha RGBA, rows of width * 4 bytes, tightly packed. */
typedef struct relief_webp_image {
    uint32_t width;
    uint32_t height;
    relief_webp_buffer rgba;
} relief_webp_image;

/*
 * Decodes a still WebP into straight-alpha RGBA, refusing
 * images of more than RELIEF_WEBP_MAX_DECODED_PIXELS. Returns and fills *image (whose rgba must
 * start zeroed or freed) as above.
 */
int relief_webp_decode_rgba(const uint8_t *webp, size_t webp_count, relief_webp_image *image,
                            char *message, size_t message_capacity);

/* Frees the bytes of a buffer filled by this library and empties it; safe on an empty buffer. */
void relief_webp_buffer_free(relief_webp_buffer *buffer);

#ifdef __cplusplus
}
#endif

#endif
