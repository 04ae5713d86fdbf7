#ifndef RELIEF_DEFLATE_H
#define RELIEF_DEFLATE_H

/*
 * Raw DEFLATE (RFC 1951: no zlib or gzip header) through zlib, for screens' `source=` parameter.
 * zlib's inflateInit2 and deflateInit2 are macros Swift cannot import, so the calls live here.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    /* The whole stream was inflated into the output, and nothing follows its last block. */
    relief_inflate_ok = 0,
    /* The output filled up before the stream ended; inflating stopped there. */
    relief_inflate_too_long = 1,
    /* The bytes are not a DEFLATE stream (zlib's message in *message). */
    relief_inflate_bad_data = 2,
    /* The bytes stop before the stream's last block ends. */
    relief_inflate_truncated = 3,
    /* Bytes follow the end of the stream. */
    relief_inflate_trailing_bytes = 4,
    /* zlib could not allocate its state. */
    relief_inflate_no_memory = 5,
} relief_inflate_status;

/* Inflates `input_length` bytes of raw DEFLATE into at most `capacity` bytes at `output`, never
   writing more, and stores how many it wrote in *output_length (a caller that allows n bytes passes
   n + 1, so that a stream of exactly n bytes is told from a longer one). On relief_inflate_bad_data,
   *message points to zlib's static description of the problem (or NULL). */
relief_inflate_status relief_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output,
                                         size_t capacity, size_t *output_length, const char **message);

/* The most bytes relief_deflate_raw can write for `input_length` bytes. */
size_t relief_deflate_raw_bound(size_t input_length);

/* Deflates `input_length` bytes at the best compression into `output` (at least
   relief_deflate_raw_bound(input_length) bytes). Returns the bytes written, or 0 on failure. */
size_t relief_deflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
