#ifndef RELIEF_AVIF_H
#define RELIEF_AVIF_H

/*
 * AVIF still images through libavif with libaom: RGBA to YUV 4:4:4 (or 4:2:0), one AV1 key frame,
 * and AVIF decoding back to RGBA.
 *
 * libavif reports failure by return values; the shim keeps its structures, defaults and cleanup out
 * of the caller's language. Every call returns a status and copies a message into a
 * caller-provided buffer. Nothing here is global: calls on different threads are independent.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RELIEF_AVIF_OK 0
#define RELIEF_AVIF_ERROR 1

/* The decoder refuses images larger than this before allocating their pixels. */
#define RELIEF_AVIF_MAX_DECODED_PIXELS 67108864u /* 64 Mi pixels */

/* The chroma subsampling of the colour planes. */
#define RELIEF_AVIF_CHROMA_444 0 /* every pixel its own colour */
#define RELIEF_AVIF_CHROMA_420 1 /* one colour for each 2 x 2 pixels */

/* How an AVIF is encoded. */
typedef struct relief_avif_settings {
    /* AV1's quantizer for the colour planes, 0 (lossless) ... 63 (worst). */
    int quantizer;
    /* The quantizer of the alpha plane, 0 ... 63; the plane is left out where alpha is 255 everywhere. */
    int alpha_quantizer;
    /* libaom's speed, 0 (slowest, smallest) ... 10 (fastest). */
    int speed;
    /* RELIEF_AVIF_CHROMA_444 or RELIEF_AVIF_CHROMA_420. */
    int chroma;
    /* Threads libaom may use, 1 ... 64. */
    int threads;
} relief_avif_settings;

/* Bytes allocated with malloc by this library; release with relief_avif_buffer_free. */
typedef struct relief_avif_buffer {
    uint8_t *bytes;
    size_t count;
} relief_avif_buffer;

/*
 * Encodes width x height straight-alpha RGBA pixels (rows of width * 4 bytes) as an 8-bit AVIF still
 * in sRGB (BT.601 full-range YUV, colour primaries and transfer BT.709/sRGB), with an alpha plane when
 * some pixel is not opaque.
 * On success returns RELIEF_AVIF_OK and fills *avif (which must start zeroed or freed); on failure
 * returns RELIEF_AVIF_ERROR, leaves *avif empty and copies a message into message (truncated to
 * message_capacity, always NUL-terminated when message_capacity > 0).
 */
int relief_avif_encode(const uint8_t *rgba, uint32_t width, uint32_t height, const relief_avif_settings *settings,
                       relief_avif_buffer *avif, char *message, size_t message_capacity);

/* A decoded image: 8-bit straight-alpha RGBA, rows of width * 4 bytes, tightly packed. */
typedef struct relief_avif_image {
    uint32_t width;
    uint32_t height;
    relief_avif_buffer rgba;
} relief_avif_image;

/*
 * Decodes an AVIF's first image into 8-bit straight-alpha RGBA, refusing images of more than
 * RELIEF_AVIF_MAX_DECODED_PIXELS. Returns and fills *image (whose rgba must start zeroed or freed)
 * as relief_avif_encode does.
 */
int relief_avif_decode_rgba(const uint8_t *avif, size_t avif_count, relief_avif_image *image, char *message,
                            size_t message_capacity);

/* Frees the bytes of a buffer filled by this library and empties it; safe on an empty buffer. */
void relief_avif_buffer_free(relief_avif_buffer *buffer);

#ifdef __cplusplus
}
#endif

#endif
