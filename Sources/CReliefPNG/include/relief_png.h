#ifndef RELIEF_PNG_H
#define RELIEF_PNG_H

/*
 * PNG and APNG encoding, and PNG decoding, through libpng, zlib and libdeflate (which deflates a
 * picture's rows when a compression asks for it).
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

/* Row filters (the same bits as libpng's PNG_FILTER_*); with several the encoder picks one per row,
   the one whose bytes have the smallest sum of absolute values (as signed bytes), as libpng does. */
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

/* Lossless reductions the encoder may make; all are on by default. */
#define RELIEF_PNG_REDUCE_PALETTE 0x1u /* at most 256 colours: a palette of 1, 2, 4 or 8 bits, tRNS for alpha */
#define RELIEF_PNG_REDUCE_GREY 0x2u    /* red = green = blue everywhere: one grey channel */
#define RELIEF_PNG_REDUCE_ALPHA 0x4u   /* alpha 255 everywhere: no alpha channel */
#define RELIEF_PNG_REDUCE_ALL 0x7u

/* The kinds of image the encoder writes; each has its own compression settings. */
#define RELIEF_PNG_CLASS_PALETTE 0    /* colour type 3, 1-8 bits */
#define RELIEF_PNG_CLASS_GREY 1       /* colour type 0, 1-8 bits */
#define RELIEF_PNG_CLASS_GREY_ALPHA 2 /* colour type 4, 8 bits */
#define RELIEF_PNG_CLASS_RGB 3        /* colour type 2, 8 bits */
#define RELIEF_PNG_CLASS_RGBA 4       /* colour type 6, 8 bits */
#define RELIEF_PNG_CLASS_COUNT 5

/* The decoder refuses images larger than this before allocating their pixels. */
#define RELIEF_PNG_MAX_DECODED_SIDE 16384u
#define RELIEF_PNG_MAX_DECODED_PIXELS 67108864u /* 64 Mi pixels: 8192 x 8192 */

/* How one class of image is compressed. */
typedef struct relief_png_compression {
    int level;            /* zlib level, 0 (store) ... 9 (smallest) */
    unsigned int filters; /* nonempty combination of RELIEF_PNG_FILTER_* */
    int strategy;         /* one of RELIEF_PNG_STRATEGY_* */
    /* 0, or a second filter set, used with alternative_strategy, for the picture when the trial
       (whole_trial) finds it smaller. */
    unsigned int alternative_filters;
    int alternative_strategy; /* one of RELIEF_PNG_STRATEGY_*, used with alternative_filters */
    /* zlib's match search (deflateTune): all 0 for the level's own; else good_length, lazy_length
       (max_lazy), nice_length 1 ... 258 and chain_length (max_chain) 1 ... 65535. */
    int good_length;
    int lazy_length;
    int nice_length;
    int chain_length;
    /* How the two sets are weighed. 0: a sample, bands of the picture's rows (32 of every 64 for
       palette and grey, 16 for the others), filtered with each set and deflated at zlib level 1;
       the alternative wins when its sample is at least 2 % smaller. 1: the whole picture is
       compressed with each, and the smaller stream is kept: twice the work, never the wrong
       choice. */
    int whole_trial;
    /* 0: zlib deflates the rows. 1 ... 12: libdeflate does, at that level, in one call, for a
       picture of at most RELIEF_PNG_LIBDEFLATE_MAX_BYTES of filtered rows (libdeflate takes its
       input whole); a larger picture is deflated by zlib at `level`. libdeflate ignores the
       strategy and the match search, and makes one stream however many threads there are. */
    int libdeflate_level;
} relief_png_compression;

/* The most filtered rows libdeflate deflates (RELIEF_PNG_LIBDEFLATE_MAX_BYTES, 4 MiB: a 1024 x 1024
   RGBA picture): it holds them whole, and its output's bound beside them, where zlib streams
   64 KiB at a time. */
#define RELIEF_PNG_LIBDEFLATE_MAX_BYTES ((size_t)4 << 20)

/* The most threads one encode uses. */
#define RELIEF_PNG_MAX_THREADS 16u

/* How to encode: every field is checked, and an out-of-range value is an error. */
typedef struct relief_png_settings {
    relief_png_compression classes[RELIEF_PNG_CLASS_COUNT]; /* indexed by RELIEF_PNG_CLASS_* */
    unsigned int reductions;  /* combination of RELIEF_PNG_REDUCE_* */
    int memory_level;         /* zlib memLevel, 1 ... 9 */
    int window_bits;          /* zlib windowBits, 8 ... 15 */
    /* Threads that may deflate one picture, 1 ... RELIEF_PNG_MAX_THREADS: with `strips`, a picture
       of 256 KiB of filtered rows or more is cut into strips (one a 128 KiB, up to 8, by its size
       alone, so the bytes never depend on this number) that deflate at the same time and join into
       one zlib stream, and the filter trial deflates its two samples at the same time. */
    unsigned int threads;
    /* 1: large pictures are deflated in strips, as above; 0: every picture is one stream, which
       spares the joins' cost (each strip hashes a window again) where no second thread helps. */
    int strips;
} relief_png_settings;

/* Bytes allocated with malloc/realloc by this library; release with relief_png_buffer_free. */
typedef struct relief_png_buffer {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} relief_png_buffer;

/* One picture of a PNG: 8-bit straight-alpha RGBA, rows tightly packed (width * 4 bytes), placed at
   (x, y) on the canvas. The delay is how long an animation frame shows, numerator / denominator
   seconds (denominator 0 means 1/100 s); a still image or a default image ignores it. */
typedef struct relief_png_picture {
    const uint8_t *rgba;
    uint32_t width;
    uint32_t height;
    uint32_t x;
    uint32_t y;
    uint16_t delay_numerator;
    uint16_t delay_denominator;
} relief_png_picture;

/* What the pictures of relief_png_encode make. */
typedef enum relief_png_kind {
    /* One picture covering the canvas: a PNG. */
    RELIEF_PNG_STILL = 0,
    /* An APNG whose first frame is the default image (IDAT), the others fdAT. */
    RELIEF_PNG_ANIMATION_FIRST_FRAME_DEFAULT = 1,
    /* An APNG whose default image is the first picture, shown only where APNG is not understood
       (IDAT without fcTL); every following picture is a frame, written as fdAT. */
    RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT = 2,
} relief_png_kind;

/* A decoded image: 8-bit straight-alpha RGBA, rows of width * 4 bytes, tightly packed. */
typedef struct relief_png_image {
    uint32_t width;
    uint32_t height;
    relief_png_buffer rgba;
} relief_png_image;

/*
 * Encodes pictures on a canvas_width x canvas_height canvas as a PNG (RELIEF_PNG_STILL, one picture)
 * or an APNG (the other kinds) with an sRGB chunk, in the smallest lossless colour type that
 * settings->reductions allow for all of the pictures together.
 *
 * The pictures are classified in one pass that counts their distinct colours as it converts them to
 * palette indices, giving up on the palette at the 257th colour. An APNG's first picture covers the
 * canvas at (0, 0); each frame after it holds the rectangle that changed and replaces it on the
 * canvas (blend source, dispose none). plays is the APNG's number of plays, 0 for ever.
 *
 * On success returns RELIEF_PNG_OK and fills *png (which must start zeroed or freed).
 * On failure returns RELIEF_PNG_ERROR, leaves *png empty and copies a message into message
 * (truncated to message_capacity, always NUL-terminated when message_capacity > 0).
 */
int relief_png_encode(const relief_png_picture *pictures, size_t picture_count, relief_png_kind kind,
                      uint32_t canvas_width, uint32_t canvas_height, uint32_t plays,
                      const relief_png_settings *settings, relief_png_buffer *png,
                      char *message, size_t message_capacity);

/*
 * Decodes any PNG (the default image of an APNG) into 8-bit straight-alpha RGBA, refusing images
 * larger than RELIEF_PNG_MAX_DECODED_SIDE a side or RELIEF_PNG_MAX_DECODED_PIXELS in all.
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
