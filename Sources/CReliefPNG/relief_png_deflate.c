#include "relief_png_internal.h"

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

/* One row filtered with `type` into out; `previous` is the row above (zeros for the first row) and
   `step` the bytes a pixel (at least 1), the distance to the byte a filter calls "left". The first
   pixel, which has no left neighbour, is done apart, so that every main loop is free of branches
   and the compiler vectorises it (the adaptive filter took 27 % of an encode in scalar loops). */
static void relief_png_filter_row(int type, const uint8_t *restrict row, const uint8_t *restrict previous,
                                  size_t count, size_t step, uint8_t *restrict out) {
    const size_t head = step < count ? step : count;
    switch (type) {
    case FILTER_NONE:
        memcpy(out, row, count);
        break;
    case FILTER_SUB:
        memcpy(out, row, head);
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
        for (size_t i = 0; i < head; i++) {
            out[i] = (uint8_t)(row[i] - (previous[i] >> 1));
        }
        for (size_t i = step; i < count; i++) {
            out[i] = (uint8_t)(row[i] - (((unsigned int)row[i - step] + previous[i]) >> 1));
        }
        break;
    default:
        /* Paeth without a left neighbour predicts the byte above. Its three distances are those of
           the estimate left + above - upper_left to left, above and upper_left. */
        for (size_t i = 0; i < head; i++) {
            out[i] = (uint8_t)(row[i] - previous[i]);
        }
        for (size_t i = step; i < count; i++) {
            const int left = row[i - step], above = previous[i], upper_left = previous[i - step];
            const int to_left = abs(above - upper_left), to_above = abs(left - upper_left),
                      to_corner = abs(left + above - 2 * upper_left);
            const int prediction = to_left <= to_above && to_left <= to_corner ? left
                                   : to_above <= to_corner                   ? above
                                                                             : upper_left;
            out[i] = (uint8_t)(row[i] - prediction);
        }
        break;
    }
}

/* How compressible a filtered row looks: the sum of its bytes' magnitudes as signed numbers. */
static uint64_t relief_png_row_cost(const uint8_t *bytes, size_t count) {
    uint64_t cost = 0;
    for (size_t i = 0; i < count; i++) {
        cost += (uint64_t)abs((int)(int8_t)bytes[i]);
    }
    return cost;
}

/* Rows first ..< last of a picture, each with its filter byte, into filtered ((last - first) *
   (row_bytes + 1) bytes). scratch holds 3 rows: the converted rows above and here, and a candidate
   when choosing. */
static void relief_png_filter_rows(const relief_png_picture *picture, const uint8_t *indices,
                                   const relief_png_layout *layout, unsigned int filters, uint32_t first,
                                   uint32_t last, uint8_t *scratch, uint8_t *filtered) {
    const size_t row_bytes = relief_png_row_bytes(layout, picture->width);
    const size_t pixel_bytes = layout->channels * (size_t)layout->bit_depth / 8;
    const size_t step = pixel_bytes > 0 ? pixel_bytes : 1;
    if (filters == RELIEF_PNG_FILTER_NONE) {
        /* Unfiltered rows are converted straight into place. */
        for (uint32_t y = first; y < last; y++) {
            uint8_t *out = filtered + (size_t)(y - first) * (row_bytes + 1);
            out[0] = FILTER_NONE;
            relief_png_convert_row(picture, indices, layout, y, out + 1);
        }
        return;
    }
    uint8_t *previous = scratch, *current = scratch + row_bytes, *candidate = scratch + 2 * row_bytes;
    if (first == 0) {
        memset(previous, 0, row_bytes);
    } else {
        relief_png_convert_row(picture, indices, layout, first - 1, previous);
    }
    for (uint32_t y = first; y < last; y++) {
        uint8_t *out = filtered + (size_t)(y - first) * (row_bytes + 1);
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

/* deflateInit2 with the compression's level, strategy and match search. */
static int relief_png_deflate_init(z_stream *stream, const relief_png_compression *compression, int window_bits,
                                   int memory_level) {
    memset(stream, 0, sizeof *stream);
    int status = deflateInit2(stream, compression->level, Z_DEFLATED, window_bits, memory_level, compression->strategy);
    if (status == Z_OK && compression->chain_length > 0) {
        status = deflateTune(stream, compression->good_length, compression->lazy_length, compression->nice_length,
                             compression->chain_length);
        if (status != Z_OK) {
            deflateEnd(stream);
        }
    }
    return status;
}

/* data deflated into one zlib stream, in one call into a buffer deflateBound says is enough. */
static int relief_png_deflate(const uint8_t *data, size_t count, const relief_png_compression *compression,
                              const relief_png_settings *settings, relief_png_buffer *stream, char *message,
                              size_t message_capacity) {
    z_stream zlib;
    int status = relief_png_deflate_init(&zlib, compression, settings->window_bits, settings->memory_level);
    if (status == Z_OK) {
        const size_t capacity = deflateBound(&zlib, (uLong)count);
        stream->bytes = (uint8_t *)malloc(capacity);
        if (stream->bytes == NULL) {
            status = Z_MEM_ERROR;
        } else {
            zlib.next_in = (Bytef *)data;
            zlib.avail_in = (uInt)count;
            zlib.next_out = stream->bytes;
            zlib.avail_out = (uInt)capacity;
            status = deflate(&zlib, Z_FINISH) == Z_STREAM_END ? Z_OK : Z_BUF_ERROR;
            stream->count = capacity - zlib.avail_out;
            stream->capacity = capacity;
        }
        deflateEnd(&zlib);
    }
    if (status != Z_OK) {
        relief_png_buffer_free(stream);
        relief_png_format_message(message, message_capacity, "zlib: %s",
                                  status == Z_MEM_ERROR ? "out of memory while compressing"
                                                        : "compressing the image data failed");
        return RELIEF_PNG_ERROR;
    }
    return RELIEF_PNG_OK;
}

/* The filter trial's sample: one band of rows in every RELIEF_PNG_TRIAL_PERIOD_ROWS, spread over the
   whole picture (the middle quarter alone judged the cards by their busy centre), deflated at
   RELIEF_PNG_TRIAL_LEVEL, the fastest level, whose sizes rank the two sets as level 9's do on the
   bench set. A band keeps the row-to-row matches of unfiltered rows but loses those that reach into
   the rows left out, so the sample favours filtering: the alternative must be
   RELIEF_PNG_TRIAL_MARGIN_PERCENT smaller to win. A band is 32 rows of a palette or grey image
   (16 misjudged the cards) and 16 of a truecolour one, whose rows hold three or four times the
   bytes: 16 ranked every RGB render as 32 did, in half the time. */
#define RELIEF_PNG_TRIAL_PERIOD_ROWS 64u
#define RELIEF_PNG_TRIAL_LEVEL 1
#define RELIEF_PNG_TRIAL_MARGIN_PERCENT 2u
static const uint32_t relief_png_trial_band_rows[RELIEF_PNG_CLASS_COUNT] = {32, 32, 16, 16, 16};

/* The deflated size of count bytes at the trial's level; SIZE_MAX when zlib fails (so the other
   candidate wins). */
static size_t relief_png_trial_size(const uint8_t *data, size_t count, const relief_png_settings *settings) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, RELIEF_PNG_TRIAL_LEVEL, Z_DEFLATED, settings->window_bits, settings->memory_level,
                     Z_DEFAULT_STRATEGY) != Z_OK) {
        return SIZE_MAX;
    }
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)count;
    uint8_t output[16384];
    size_t size = 0;
    int result;
    do {
        stream.next_out = output;
        stream.avail_out = sizeof output;
        result = deflate(&stream, Z_FINISH);
        size += sizeof output - stream.avail_out;
    } while (result == Z_OK);
    deflateEnd(&stream);
    return result == Z_STREAM_END ? size : SIZE_MAX;
}

/* Whether the compression's alternative filters suit the picture better than its main ones, by the
   trial above; main and alternative hold the sample rows (half the picture's rows at most). */
static int relief_png_alternative_wins(const relief_png_picture *picture, const uint8_t *indices,
                                       const relief_png_layout *layout, const relief_png_compression *compression,
                                       const relief_png_settings *settings, uint8_t *scratch, uint8_t *main,
                                       uint8_t *alternative) {
    const size_t row_stride = relief_png_row_bytes(layout, picture->width) + 1;
    const uint32_t band_rows = relief_png_trial_band_rows[layout->colour_class];
    size_t count = 0;
    for (uint32_t y = 0; y < picture->height; y += RELIEF_PNG_TRIAL_PERIOD_ROWS) {
        const uint32_t last = picture->height - y < band_rows ? picture->height : y + band_rows;
        relief_png_filter_rows(picture, indices, layout, compression->filters, y, last, scratch, main + count);
        relief_png_filter_rows(picture, indices, layout, compression->alternative_filters, y, last, scratch,
                               alternative + count);
        count += (size_t)(last - y) * row_stride;
    }
    const size_t main_size = relief_png_trial_size(main, count, settings);
    const size_t alternative_size = relief_png_trial_size(alternative, count, settings);
    return alternative_size != SIZE_MAX && main_size != SIZE_MAX &&
           alternative_size * 100 < main_size * (100 - RELIEF_PNG_TRIAL_MARGIN_PERCENT);
}

int relief_png_compress_picture(const relief_png_picture *picture, const uint8_t *indices,
                                const relief_png_layout *layout, const relief_png_settings *settings,
                                relief_png_buffer *stream, char *message, size_t message_capacity) {
    *stream = (relief_png_buffer){0};
    relief_png_compression compression = settings->classes[layout->colour_class];
    const size_t row_bytes = relief_png_row_bytes(layout, picture->width);
    const size_t filtered_count = (row_bytes + 1) * picture->height;
    const int trial = compression.alternative_filters != 0;
    /* The trial's sample of the alternative set: a band of every period at most. */
    const size_t sample_count = (row_bytes + 1) * ((picture->height / RELIEF_PNG_TRIAL_PERIOD_ROWS + 1) *
                                                   relief_png_trial_band_rows[layout->colour_class]);
    uint8_t *scratch = (uint8_t *)malloc(row_bytes * 3);
    uint8_t *filtered = (uint8_t *)malloc(filtered_count);
    uint8_t *alternative = trial ? (uint8_t *)malloc(sample_count < filtered_count ? sample_count : filtered_count) : NULL;
    if (scratch == NULL || filtered == NULL || (trial && alternative == NULL)) {
        free(scratch);
        free(filtered);
        free(alternative);
        relief_png_format_message(message, message_capacity,
                                  "out of memory while filtering a %u x %u picture", picture->width, picture->height);
        return RELIEF_PNG_ERROR;
    }
    if (trial && relief_png_alternative_wins(picture, indices, layout, &compression, settings, scratch, filtered,
                                             alternative)) {
        compression.filters = compression.alternative_filters;
        compression.strategy = compression.alternative_strategy;
    }
    free(alternative);
    relief_png_filter_rows(picture, indices, layout, compression.filters, 0, picture->height, scratch, filtered);
    free(scratch);
    const int status = relief_png_deflate(filtered, filtered_count, &compression, settings, stream, message,
                                          message_capacity);
    free(filtered);
    return status;
}
