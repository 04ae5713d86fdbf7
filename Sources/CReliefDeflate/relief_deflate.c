#include "relief_deflate.h"

#include <string.h>
#include <zlib.h>

/* Negative window bits: raw DEFLATE, no header or checksum; 15: the largest window, which any
   encoder may have used. */
enum { raw_window_bits = -15 };

relief_inflate_status relief_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output,
                                         size_t capacity, size_t *output_length, const char **message) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    *output_length = 0;
    *message = NULL;
    if (input_length > UINT32_MAX || capacity > UINT32_MAX) {
        return relief_inflate_too_long;
    }
    if (inflateInit2(&stream, raw_window_bits) != Z_OK) {
        return relief_inflate_no_memory;
    }
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)input_length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    /* One call: zlib writes no more than avail_out, so a stream of any length costs at most
       `capacity` bytes and zlib's own fixed-size window. */
    int result = inflate(&stream, Z_FINISH);
    *output_length = capacity - stream.avail_out;
    relief_inflate_status status;
    switch (result) {
    case Z_STREAM_END:
        status = stream.avail_in == 0 ? relief_inflate_ok : relief_inflate_trailing_bytes;
        break;
    case Z_MEM_ERROR:
        status = relief_inflate_no_memory;
        break;
    case Z_DATA_ERROR:
        *message = stream.msg;
        status = relief_inflate_bad_data;
        break;
    default:
        /* Z_BUF_ERROR: either the output is full and more may follow, or the input ended inside
           the stream. */
        status = stream.avail_out == 0 ? relief_inflate_too_long : relief_inflate_truncated;
        break;
    }
    inflateEnd(&stream);
    return status;
}

size_t relief_deflate_raw_bound(size_t input_length) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, raw_window_bits, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
        return input_length + input_length / 1000 + 64;
    }
    size_t bound = deflateBound(&stream, (uLong)input_length);
    deflateEnd(&stream);
    return bound;
}

size_t relief_deflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (input_length > UINT32_MAX || capacity > UINT32_MAX) {
        return 0;
    }
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, raw_window_bits, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
        return 0;
    }
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)input_length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int result = deflate(&stream, Z_FINISH);
    size_t written = result == Z_STREAM_END ? capacity - stream.avail_out : 0;
    deflateEnd(&stream);
    return written;
}
