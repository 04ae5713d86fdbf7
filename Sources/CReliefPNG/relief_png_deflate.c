#include "relief_png_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* PNG filter types, the byte before each filtered row. */
enum { FILTER_NONE = 0, FILTER_SUB = 1, FILTER_UP = 2, FILTER_AVERAGE = 3, FILTER_PAETH = 4, FILTER_TYPES = 5 };

/* The setting bit of each filter type. */
static const unsigned int relief_png_filter_bits[FILTER_TYPES] = {
    RELIEF_PNG_FILTER_NONE, RELIEF_PNG_FILTER_SUB, RELIEF_PNG_FILTER_UP, RELIEF_PNG_FILTER_AVERAGE,
    RELIEF_PNG_FILTER_PAETH,
};

/* Row y of a picture in `layout`: palette indices or grey levels packed most significant bits
   first, or the channels that the layout keeps of each RGBA pixel. */
static void relief_png_convert_row(const relief_png_picture *picture, const uint8_t *indices,
                                   const relief_png_layout *layout, uint32_t y, uint8_t *row) {
    const uint32_t width = picture->width;
    const uint8_t *rgba = picture->rgba + (size_t)y * width * 4;
    switch (layout->colour_class) {
    case RELIEF_PNG_CLASS_PALETTE:
    case RELIEF_PNG_CLASS_GREY: {
        const uint8_t *index_row = indices + (size_t)y * width;
        const int depth = layout->bit_depth;
        if (depth == 8) {
            for (uint32_t x = 0; x < width; x++) {
                row[x] = layout->samples[index_row[x]];
            }
            break;
        }
        const unsigned int per_byte = 8u / (unsigned int)depth;
        memset(row, 0, relief_png_row_bytes(layout, width));
        for (uint32_t x = 0; x < width; x++) {
            const unsigned int shift = 8u - (unsigned int)depth * (x % per_byte + 1u);
            row[x / per_byte] |= (uint8_t)(layout->samples[index_row[x]] << shift);
        }
        break;
    }
    case RELIEF_PNG_CLASS_GREY_ALPHA:
        for (uint32_t x = 0; x < width; x++) {
            row[(size_t)x * 2] = rgba[(size_t)x * 4];
            row[(size_t)x * 2 + 1] = rgba[(size_t)x * 4 + 3];
        }
        break;
    case RELIEF_PNG_CLASS_RGB:
        /* Four bytes copied a pixel and three advanced: each copy's alpha byte is overwritten by
           the next pixel's red, so a pixel is one unaligned 32-bit load and store. */
        for (uint32_t x = 0; x + 1 < width; x++) {
            memcpy(row + (size_t)x * 3, rgba + (size_t)x * 4, 4);
        }
        memcpy(row + (size_t)(width - 1) * 3, rgba + (size_t)(width - 1) * 4, 3);
        break;
    default:
        memcpy(row, rgba, (size_t)width * 4);
        break;
    }
}

static inline uint8_t relief_png_paeth(uint8_t left, uint8_t above, uint8_t upper_left) {
    const int estimate = (int)left + above - upper_left;
    const int to_left = abs(estimate - left), to_above = abs(estimate - above), to_corner = abs(estimate - upper_left);
    return to_left <= to_above && to_left <= to_corner ? left : to_above <= to_corner ? above : upper_left;
}

/* One row filtered with `type` into out; `previous` is the row above (zeros for the first row) and
   `step` the bytes a pixel (at least 1), the distance to the byte a filter calls "left". */
static void relief_png_filter_row(int type, const uint8_t *row, const uint8_t *previous, size_t count,
                                  size_t step, uint8_t *out) {
    switch (type) {
    case FILTER_NONE:
        memcpy(out, row, count);
        break;
    case FILTER_SUB:
        memcpy(out, row, step < count ? step : count);
        for (size_t i = step; i < count; i++) {
            out[i] = (uint8_t)(row[i] - row[i - step]);
        }
        break;
    case FILTER_UP:
        for (size_t i = 0; i < count; i++) {
            out[i] = (uint8_t)(row[i] - previous[i]);
        }
        break;
    case FILTER_AVERAGE:
        for (size_t i = 0; i < count; i++) {
            const unsigned int left = i >= step ? row[i - step] : 0;
            out[i] = (uint8_t)(row[i] - ((left + previous[i]) >> 1));
        }
        break;
    default:
        for (size_t i = 0; i < count; i++) {
            const uint8_t left = i >= step ? row[i - step] : 0, upper_left = i >= step ? previous[i - step] : 0;
            out[i] = (uint8_t)(row[i] - relief_png_paeth(left, previous[i], upper_left));
        }
        break;
    }
}

/* How compressible a filtered row looks: the sum of its bytes' magnitudes as signed numbers. */
static uint64_t relief_png_row_cost(const uint8_t *bytes, size_t count) {
    uint64_t cost = 0;
    for (size_t i = 0; i < count; i++) {
        cost += bytes[i] < 128 ? bytes[i] : 256u - bytes[i];
    }
    return cost;
}

/* Every row of a picture with its filter byte, into filtered (height * (row_bytes + 1) bytes).
   scratch holds 3 rows: the converted rows above and here, and a candidate when choosing. */
static void relief_png_filter_picture(const relief_png_picture *picture, const uint8_t *indices,
                                      const relief_png_layout *layout, unsigned int filters,
                                      uint8_t *scratch, uint8_t *filtered) {
    const size_t row_bytes = relief_png_row_bytes(layout, picture->width);
    const size_t pixel_bytes = layout->channels * (size_t)layout->bit_depth / 8;
    const size_t step = pixel_bytes > 0 ? pixel_bytes : 1;
    uint8_t *previous = scratch, *current = scratch + row_bytes, *candidate = scratch + 2 * row_bytes;
    memset(previous, 0, row_bytes);
    for (uint32_t y = 0; y < picture->height; y++) {
        uint8_t *out = filtered + (size_t)y * (row_bytes + 1);
        relief_png_convert_row(picture, indices, layout, y, current);
        int best_type = -1;
        uint64_t best_cost = UINT64_MAX;
        for (int type = 0; type < FILTER_TYPES; type++) {
            if ((filters & relief_png_filter_bits[type]) == 0) {
                continue;
            }
            if (best_type < 0 && (filters & ~(relief_png_filter_bits[type] | (relief_png_filter_bits[type] - 1u))) == 0) {
                best_type = type; /* the only filter in the set: no need to weigh it */
                relief_png_filter_row(type, current, previous, row_bytes, step, out + 1);
                break;
            }
            relief_png_filter_row(type, current, previous, row_bytes, step, candidate);
            const uint64_t cost = relief_png_row_cost(candidate, row_bytes);
            if (cost < best_cost) {
                best_cost = cost;
                best_type = type;
                memcpy(out + 1, candidate, row_bytes);
            }
        }
        out[0] = (uint8_t)best_type;
        uint8_t *swap = previous;
        previous = current;
        current = swap;
    }
}

/* One strip of the filtered bytes deflated as raw deflate blocks; every strip but the last ends
   with a sync flush (an empty stored block, so the next strip starts on a byte boundary), the last
   with the final block. The bytes before the strip, up to the window, prime the dictionary, so
   matches reach back across the join as they would in one stream. */
typedef struct relief_png_strip {
    const uint8_t *data;
    size_t start;
    size_t count;
    int last;
    const relief_png_compression *compression;
    int memory_level;
    int window_bits;
    relief_png_buffer output;
    uLong adler;
    int status; /* a zlib Z_* code */
} relief_png_strip;

static void *relief_png_deflate_strip(void *argument) {
    relief_png_strip *strip = (relief_png_strip *)argument;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    strip->status = deflateInit2(&stream, strip->compression->level, Z_DEFLATED, -strip->window_bits,
                                 strip->memory_level, strip->compression->strategy);
    if (strip->status != Z_OK) {
        return NULL;
    }
    const size_t window = (size_t)1 << strip->window_bits;
    const size_t dictionary = strip->start < window ? strip->start : window;
    if (dictionary > 0) {
        strip->status = deflateSetDictionary(&stream, strip->data + strip->start - dictionary, (uInt)dictionary);
    }
    /* deflateBound covers the final block; a sync flush adds at most an empty stored block. */
    const size_t capacity = deflateBound(&stream, (uLong)strip->count) + 16;
    strip->output.bytes = strip->status == Z_OK ? (uint8_t *)malloc(capacity) : NULL;
    if (strip->output.bytes == NULL) {
        strip->status = strip->status == Z_OK ? Z_MEM_ERROR : strip->status;
        deflateEnd(&stream);
        return NULL;
    }
    strip->output.capacity = capacity;
    stream.next_in = (Bytef *)(strip->data + strip->start);
    stream.avail_in = (uInt)strip->count;
    stream.next_out = strip->output.bytes;
    stream.avail_out = (uInt)capacity;
    const int result = deflate(&stream, strip->last ? Z_FINISH : Z_SYNC_FLUSH);
    strip->status = (strip->last ? result == Z_STREAM_END : result == Z_OK && stream.avail_in == 0) ? Z_OK : Z_BUF_ERROR;
    strip->output.count = capacity - stream.avail_out;
    strip->adler = adler32(1L, strip->data + strip->start, (uInt)strip->count);
    deflateEnd(&stream);
    return NULL;
}

/* The two-byte zlib header that deflateInit2 would write for these settings. */
static void relief_png_zlib_header(const relief_png_compression *compression, int window_bits, uint8_t header[2]) {
    const unsigned int level_flags = compression->strategy >= Z_HUFFMAN_ONLY || compression->level < 2 ? 0
                                   : compression->level < 6                                          ? 1
                                   : compression->level == 6                                         ? 2
                                                                                                     : 3;
    unsigned int value = ((unsigned int)Z_DEFLATED + ((unsigned int)(window_bits - 8) << 4)) << 8 | level_flags << 6;
    value += 31 - value % 31;
    header[0] = (uint8_t)(value >> 8);
    header[1] = (uint8_t)value;
}

/* data deflated into one zlib stream: as `strip_count` strips, the first on this thread and each
   other on a thread of its own, joined between the zlib header and the Adler-32 of all the data. */
static int relief_png_deflate(const uint8_t *data, size_t count, const relief_png_compression *compression,
                              const relief_png_settings *settings, unsigned int strip_count,
                              relief_png_buffer *stream, char *message, size_t message_capacity) {
    relief_png_strip strips[16];
    pthread_t threads[16];
    int started[16] = {0};
    memset(strips, 0, sizeof strips);
    for (unsigned int index = 0; index < strip_count; index++) {
        const size_t start = count / strip_count * index;
        strips[index] = (relief_png_strip){
            .data = data, .start = start,
            .count = index + 1 == strip_count ? count - start : count / strip_count,
            .last = index + 1 == strip_count, .compression = compression,
            .memory_level = settings->memory_level, .window_bits = settings->window_bits,
        };
    }
    /* A strip whose thread cannot start is deflated here instead. */
    for (unsigned int index = 1; index < strip_count; index++) {
        started[index] = pthread_create(&threads[index], NULL, relief_png_deflate_strip, &strips[index]) == 0;
    }
    relief_png_deflate_strip(&strips[0]);
    for (unsigned int index = 1; index < strip_count; index++) {
        if (started[index]) {
            pthread_join(threads[index], NULL);
        } else {
            relief_png_deflate_strip(&strips[index]);
        }
    }

    int status = RELIEF_PNG_OK;
    size_t total = 2 + 4;
    uLong adler = 1L;
    for (unsigned int index = 0; index < strip_count; index++) {
        if (strips[index].status != Z_OK && status == RELIEF_PNG_OK) {
            relief_png_format_message(message, message_capacity, "zlib: %s",
                                      strips[index].status == Z_MEM_ERROR ? "out of memory while compressing"
                                                                          : "compressing the image data failed");
            status = RELIEF_PNG_ERROR;
        }
        total += strips[index].output.count;
        adler = adler32_combine(adler, strips[index].adler, (z_off_t)strips[index].count);
    }
    if (status == RELIEF_PNG_OK) {
        stream->bytes = (uint8_t *)malloc(total);
        if (stream->bytes == NULL) {
            relief_png_format_message(message, message_capacity, "out of memory while joining %zu bytes of image data", total);
            status = RELIEF_PNG_ERROR;
        }
    }
    if (status == RELIEF_PNG_OK) {
        relief_png_zlib_header(compression, settings->window_bits, stream->bytes);
        size_t offset = 2;
        for (unsigned int index = 0; index < strip_count; index++) {
            memcpy(stream->bytes + offset, strips[index].output.bytes, strips[index].output.count);
            offset += strips[index].output.count;
        }
        for (int shift = 24; shift >= 0; shift -= 8) {
            stream->bytes[offset++] = (uint8_t)(adler >> shift);
        }
        stream->count = stream->capacity = total;
    }
    for (unsigned int index = 0; index < strip_count; index++) {
        relief_png_buffer_free(&strips[index].output);
    }
    return status;
}

int relief_png_compress_picture(const relief_png_picture *picture, const uint8_t *indices,
                                const relief_png_layout *layout, const relief_png_settings *settings,
                                relief_png_buffer *stream, char *message, size_t message_capacity) {
    *stream = (relief_png_buffer){0};
    const size_t row_bytes = relief_png_row_bytes(layout, picture->width);
    const size_t filtered_count = (row_bytes + 1) * picture->height;
    uint8_t *scratch = (uint8_t *)malloc(row_bytes * 3);
    uint8_t *filtered = (uint8_t *)malloc(filtered_count);
    if (scratch == NULL || filtered == NULL) {
        free(scratch);
        free(filtered);
        relief_png_format_message(message, message_capacity,
                                  "out of memory while filtering a %u x %u picture", picture->width, picture->height);
        return RELIEF_PNG_ERROR;
    }
    const relief_png_compression *compression = &settings->classes[layout->colour_class];
    relief_png_filter_picture(picture, indices, layout, compression->filters, scratch, filtered);
    free(scratch);
    const unsigned int strips = settings->parallel_minimum_bytes > 0 && filtered_count > settings->parallel_minimum_bytes
                                    ? settings->parallel_strips : 1;
    const int status = relief_png_deflate(filtered, filtered_count, compression, settings, strips, stream,
                                          message, message_capacity);
    free(filtered);
    return status;
}
