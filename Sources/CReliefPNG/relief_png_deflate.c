#include "relief_png_internal.h"

#include <libdeflate.h>
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

/* The filtered rows of a job are deflated this many bytes at a time (whole rows, at least one),
   so that no picture's filtered rows are ever held whole: the largest render would need as many
   bytes again as its pixels. zlib makes the same stream however its input is cut. */
#define RELIEF_PNG_CHUNK_BYTES ((size_t)65536)
/* Output space made before each deflate call. */
#define RELIEF_PNG_OUTPUT_STEP ((size_t)16384)

/* A picture is cut into strips of whole rows, one strip for each RELIEF_PNG_STRIP_MIN_BYTES of
   filtered rows and at most RELIEF_PNG_MAX_STRIPS, deflated on up to settings->threads threads
   and joined into one zlib stream, as pigz does: every strip but the last ends on a byte boundary
   (Z_SYNC_FLUSH), and every strip but the first starts with the window of filtered rows before it
   as its dictionary, so a join costs a few bytes and no matches. The count depends on the picture
   alone, never on the threads, so equal pixels give equal bytes on every machine. 128 KiB is
   pigz's block: each join hashes a window of 32 KiB again, a quarter of a strip. On the bench set
   on 2 idle cores it cut the median encode from 3.75 to 2.56 ms for 3.5 % more CPU time; strips
   of 32 KiB cut it to 2.36 ms for 8 % more (docs/PNG-ENCODING.md). */
#define RELIEF_PNG_STRIP_MIN_BYTES ((size_t)131072)
#define RELIEF_PNG_MAX_STRIPS 8u

/* The filter trial's sample: one band of rows in every RELIEF_PNG_TRIAL_PERIOD_ROWS, spread over the
   whole picture (the middle quarter alone judged the cards by their busy centre), deflated at
   RELIEF_PNG_TRIAL_LEVEL, the fastest level, whose sizes rank the two sets as level 9's do on the
   bench set. A band keeps the row-to-row matches of unfiltered rows but loses those that reach into
   the rows left out, so the sample favours filtering: the alternative must be
   RELIEF_PNG_TRIAL_MARGIN_PERCENT smaller to win. A band is 32 rows of a palette or grey image
   (16 misjudged the cards) and 16 of a truecolour one, whose rows hold three or four times the
   bytes: 16 ranked every RGB render as 32 did, in half the time. The two sets' samples are
   deflated at the same time, on two threads when settings->threads allows. */
#define RELIEF_PNG_TRIAL_PERIOD_ROWS 64u
#define RELIEF_PNG_TRIAL_LEVEL 1
#define RELIEF_PNG_TRIAL_MARGIN_PERCENT 2u
static const uint32_t relief_png_trial_band_rows[RELIEF_PNG_CLASS_COUNT] = {32, 32, 16, 16, 16};

/* One run of a picture's rows filtered and deflated: a strip of the image data, or one filter
   set's sample in the trial. */
typedef struct relief_png_rows_job {
    const relief_png_picture *picture;
    const uint8_t *indices;
    const relief_png_layout *layout;
    relief_png_compression compression; /* its filters and zlib settings */
    int window_bits;                    /* negative: raw deflate (a strip); positive: a zlib stream */
    int memory_level;
    uint32_t first, last;               /* the rows first ..< last, */
    uint32_t band_rows, period;         /* band_rows of every period of them */
    int flush;                          /* how the stream ends: Z_FINISH, or Z_SYNC_FLUSH to join */
    int keep_output;                    /* 0: only count the output (the trial) */
    relief_png_buffer output;
    size_t output_count;
    uLong adler;                        /* adler32 of the filtered rows, when the output is kept */
    int status;                         /* Z_OK, or the zlib error */
} relief_png_rows_job;

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

/* Feeds count bytes to deflate with `flush`, into the job's output (grown as needed) or, when the
   job only counts, into discard. */
static int relief_png_deflate_bytes(z_stream *stream, const uint8_t *data, size_t count, int flush,
                                    relief_png_rows_job *job, uint8_t *discard, size_t discard_capacity) {
    stream->next_in = (Bytef *)data;
    stream->avail_in = (uInt)count;
    for (;;) {
        size_t space;
        if (job->keep_output) {
            relief_png_buffer *output = &job->output;
            if (output->capacity - output->count < RELIEF_PNG_OUTPUT_STEP) {
                const size_t capacity = output->capacity * 2 > RELIEF_PNG_OUTPUT_STEP * 4 ? output->capacity * 2
                                                                                          : RELIEF_PNG_OUTPUT_STEP * 4;
                uint8_t *grown = (uint8_t *)realloc(output->bytes, capacity);
                if (grown == NULL) {
                    return Z_MEM_ERROR;
                }
                output->bytes = grown;
                output->capacity = capacity;
            }
            stream->next_out = output->bytes + output->count;
            space = output->capacity - output->count;
        } else {
            stream->next_out = discard;
            space = discard_capacity;
        }
        stream->avail_out = (uInt)space;
        const int result = deflate(stream, flush);
        if (result == Z_STREAM_ERROR) {
            return result;
        }
        const size_t produced = space - stream->avail_out;
        job->output_count += produced;
        if (job->keep_output) {
            job->output.count += produced;
        }
        if (flush == Z_FINISH ? result == Z_STREAM_END : stream->avail_in == 0 && stream->avail_out != 0) {
            return Z_OK;
        }
    }
}

/* Runs a relief_png_rows_job (the signature relief_png_run_jobs wants). */
static void relief_png_run_rows_job(void *argument) {
    relief_png_rows_job *job = (relief_png_rows_job *)argument;
    const relief_png_picture *picture = job->picture;
    const size_t row_bytes = relief_png_row_bytes(job->layout, picture->width);
    const size_t row_stride = row_bytes + 1;
    const uint32_t chunk_rows = RELIEF_PNG_CHUNK_BYTES / row_stride > 0 ? (uint32_t)(RELIEF_PNG_CHUNK_BYTES / row_stride) : 1;
    job->adler = adler32(0L, Z_NULL, 0);
    z_stream stream;
    job->status = relief_png_deflate_init(&stream, &job->compression, job->window_bits, job->memory_level);
    if (job->status != Z_OK) {
        return;
    }
    /* A strip after the first starts from the window of filtered rows before it, the bytes the
       previous strip's deflate saw last. */
    uint32_t dictionary_rows = 0;
    if (job->window_bits < 0 && job->first > 0) {
        const size_t window_rows = (((size_t)1 << -job->window_bits) + row_stride - 1) / row_stride;
        dictionary_rows = window_rows < job->first ? (uint32_t)window_rows : job->first;
    }
    const uint32_t buffer_rows = chunk_rows > dictionary_rows ? chunk_rows : dictionary_rows;
    uint8_t *scratch = (uint8_t *)malloc(row_bytes * 3);
    uint8_t *chunk = (uint8_t *)malloc((size_t)buffer_rows * row_stride);
    uint8_t discard[16384];
    if (scratch == NULL || chunk == NULL) {
        job->status = Z_MEM_ERROR;
    }
    if (job->status == Z_OK && dictionary_rows > 0) {
        relief_png_filter_rows(picture, job->indices, job->layout, job->compression.filters,
                               job->first - dictionary_rows, job->first, scratch, chunk);
        job->status = deflateSetDictionary(&stream, chunk, (uInt)((size_t)dictionary_rows * row_stride));
    }
    for (uint32_t band = job->first; job->status == Z_OK && band < job->last; band += job->period) {
        const uint32_t band_end = job->last - band < job->band_rows ? job->last : band + job->band_rows;
        for (uint32_t y = band; job->status == Z_OK && y < band_end; y += chunk_rows) {
            const uint32_t end = band_end - y < chunk_rows ? band_end : y + chunk_rows;
            const size_t count = (size_t)(end - y) * row_stride;
            relief_png_filter_rows(picture, job->indices, job->layout, job->compression.filters, y, end, scratch, chunk);
            if (job->keep_output) {
                job->adler = adler32_z(job->adler, chunk, count);
            }
            job->status = relief_png_deflate_bytes(&stream, chunk, count, Z_NO_FLUSH, job, discard, sizeof discard);
        }
    }
    if (job->status == Z_OK) {
        job->status = relief_png_deflate_bytes(&stream, NULL, 0, job->flush, job, discard, sizeof discard);
    }
    deflateEnd(&stream);
    free(scratch);
    free(chunk);
}

/* The zlib stream header that deflate writes for `compression` (RFC 1950: the window, the level's
   flag and the check bits). */
static void relief_png_zlib_header(const relief_png_compression *compression, int window_bits, uint8_t header[2]) {
    const unsigned int level_flags = compression->strategy >= Z_HUFFMAN_ONLY || compression->level < 2 ? 0u
                                     : compression->level < 6                                          ? 1u
                                     : compression->level == 6                                         ? 2u
                                                                                                       : 3u;
    unsigned int value = (unsigned int)(Z_DEFLATED + ((window_bits - 8) << 4)) << 8 | level_flags << 6;
    value += 31u - value % 31u;
    header[0] = (uint8_t)(value >> 8);
    header[1] = (uint8_t)value;
}

/* The window of a raw deflate stream: zlib widens a window of 8 bits to 9 (its header says so), and
   raw streams refuse 8. */
static int relief_png_raw_window_bits(const relief_png_settings *settings) {
    return settings->window_bits > 9 ? settings->window_bits : 9;
}

/* Whether the compression's alternative filters suit the picture better than its main ones, by the
   trial above. */
static int relief_png_alternative_wins(const relief_png_picture *picture, const uint8_t *indices,
                                       const relief_png_layout *layout, const relief_png_compression *compression,
                                       const relief_png_settings *settings) {
    const relief_png_compression trial = {.level = RELIEF_PNG_TRIAL_LEVEL, .filters = compression->filters,
                                          .strategy = Z_DEFAULT_STRATEGY};
    relief_png_rows_job jobs[2];
    for (int which = 0; which < 2; which++) {
        jobs[which] = (relief_png_rows_job){
            .picture = picture, .indices = indices, .layout = layout, .compression = trial,
            /* Raw deflate: zlib would compute an Adler-32 of every sampled byte for its trailer. */
            .window_bits = -relief_png_raw_window_bits(settings), .memory_level = settings->memory_level,
            .first = 0, .last = picture->height, .band_rows = relief_png_trial_band_rows[layout->colour_class],
            .period = RELIEF_PNG_TRIAL_PERIOD_ROWS, .flush = Z_FINISH, .keep_output = 0,
        };
    }
    jobs[1].compression.filters = compression->alternative_filters;
    relief_png_run_jobs(jobs, sizeof jobs[0], 2, settings->threads, relief_png_run_rows_job);
    /* Sizes compared as the zlib streams they stand for: the header and the trailer's 6 bytes. */
    const size_t wrapper = 6;
    return jobs[0].status == Z_OK && jobs[1].status == Z_OK &&
           (jobs[1].output_count + wrapper) * 100 < (jobs[0].output_count + wrapper) * (100 - RELIEF_PNG_TRIAL_MARGIN_PERCENT);
}

/* The zlib stream of the picture's rows, all filtered at once and deflated by libdeflate in one
   call at the compression's libdeflate level; Z_OK or Z_MEM_ERROR. */
static int relief_png_compress_with_libdeflate(const relief_png_picture *picture, const uint8_t *indices,
                                               const relief_png_layout *layout,
                                               const relief_png_compression *compression, relief_png_buffer *stream) {
    const size_t row_bytes = relief_png_row_bytes(layout, picture->width);
    const size_t filtered_count = (row_bytes + 1) * picture->height;
    uint8_t *scratch = (uint8_t *)malloc(row_bytes * 3);
    uint8_t *filtered = (uint8_t *)malloc(filtered_count);
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(compression->libdeflate_level);
    int status = scratch != NULL && filtered != NULL && compressor != NULL ? Z_OK : Z_MEM_ERROR;
    if (status == Z_OK) {
        relief_png_filter_rows(picture, indices, layout, compression->filters, 0, picture->height, scratch, filtered);
        const size_t bound = libdeflate_zlib_compress_bound(compressor, filtered_count);
        stream->bytes = (uint8_t *)malloc(bound);
        /* Within the bound, libdeflate never runs out of room: 0 would be its failure. */
        const size_t count = stream->bytes == NULL ? 0
                                                   : libdeflate_zlib_compress(compressor, filtered, filtered_count,
                                                                              stream->bytes, bound);
        if (count == 0) {
            status = Z_MEM_ERROR;
        } else {
            stream->count = count;
            stream->capacity = bound;
        }
    }
    libdeflate_free_compressor(compressor);
    free(scratch);
    free(filtered);
    return status;
}

/* The zlib stream of the picture's rows filtered and deflated with `compression`: by libdeflate
   when it asks for it and the rows fit RELIEF_PNG_LIBDEFLATE_MAX_BYTES, else by zlib in strips
   (see RELIEF_PNG_STRIP_MIN_BYTES) on the settings' threads; Z_OK or the zlib error. */
static int relief_png_compress_with(const relief_png_picture *picture, const uint8_t *indices,
                                    const relief_png_layout *layout, const relief_png_compression *compression,
                                    const relief_png_settings *settings, relief_png_buffer *stream) {
    *stream = (relief_png_buffer){0};
    const size_t row_stride = relief_png_row_bytes(layout, picture->width) + 1;
    const size_t filtered_count = row_stride * picture->height;
    if (compression->libdeflate_level > 0 && filtered_count <= RELIEF_PNG_LIBDEFLATE_MAX_BYTES) {
        return relief_png_compress_with_libdeflate(picture, indices, layout, compression, stream);
    }
    size_t strips = settings->strips ? filtered_count / RELIEF_PNG_STRIP_MIN_BYTES : 1;
    strips = strips < 1 ? 1 : strips > RELIEF_PNG_MAX_STRIPS ? RELIEF_PNG_MAX_STRIPS : strips;
    strips = strips > picture->height ? picture->height : strips;
    const uint32_t strip_rows = (uint32_t)((picture->height + strips - 1) / strips);
    const int raw_window_bits = relief_png_raw_window_bits(settings);
    relief_png_rows_job jobs[RELIEF_PNG_MAX_STRIPS];
    for (size_t index = 0; index < strips; index++) {
        const uint32_t first = (uint32_t)index * strip_rows;
        const uint32_t last = index + 1 == strips ? picture->height : first + strip_rows;
        jobs[index] = (relief_png_rows_job){
            .picture = picture, .indices = indices, .layout = layout, .compression = *compression,
            .window_bits = -raw_window_bits, .memory_level = settings->memory_level,
            .first = first, .last = last, .band_rows = last - first, .period = last - first,
            .flush = index + 1 == strips ? Z_FINISH : Z_SYNC_FLUSH, .keep_output = 1,
        };
    }
    relief_png_run_jobs(jobs, sizeof jobs[0], strips, settings->threads, relief_png_run_rows_job);

    int status = Z_OK;
    size_t count = 2 + 4; /* the zlib header and the adler32 of all filtered rows */
    for (size_t index = 0; index < strips; index++) {
        status = status != Z_OK ? status : jobs[index].status;
        count += jobs[index].output.count;
    }
    if (status == Z_OK && (stream->bytes = (uint8_t *)malloc(count)) == NULL) {
        status = Z_MEM_ERROR;
    }
    if (status == Z_OK) {
        relief_png_zlib_header(compression, raw_window_bits, stream->bytes);
        size_t offset = 2;
        uLong adler = jobs[0].adler;
        for (size_t index = 0; index < strips; index++) {
            memcpy(stream->bytes + offset, jobs[index].output.bytes, jobs[index].output.count);
            offset += jobs[index].output.count;
            if (index > 0) {
                adler = adler32_combine(adler, jobs[index].adler,
                                        (z_off_t)((size_t)(jobs[index].last - jobs[index].first) * row_stride));
            }
        }
        for (int byte = 0; byte < 4; byte++) {
            stream->bytes[offset + (size_t)byte] = (uint8_t)(adler >> (24 - 8 * byte));
        }
        stream->count = stream->capacity = count;
    }
    for (size_t index = 0; index < strips; index++) {
        relief_png_buffer_free(&jobs[index].output);
    }
    return status;
}

int relief_png_compress_picture(const relief_png_picture *picture, const uint8_t *indices,
                                const relief_png_layout *layout, const relief_png_settings *settings,
                                relief_png_buffer *stream, char *message, size_t message_capacity) {
    relief_png_compression compression = settings->classes[layout->colour_class];
    relief_png_compression alternative = compression;
    alternative.filters = compression.alternative_filters;
    alternative.strategy = compression.alternative_strategy;
    int status;
    if (compression.alternative_filters != 0 && compression.whole_trial) {
        /* Both, whole: the smaller stream stays, the main one when they tie. */
        relief_png_buffer other;
        status = relief_png_compress_with(picture, indices, layout, &compression, settings, stream);
        if (status == Z_OK) {
            status = relief_png_compress_with(picture, indices, layout, &alternative, settings, &other);
            if (status == Z_OK && other.count < stream->count) {
                relief_png_buffer_free(stream);
                *stream = other;
            } else {
                relief_png_buffer_free(&other);
            }
        }
    } else {
        const int alternative_wins = compression.alternative_filters != 0 &&
                                     relief_png_alternative_wins(picture, indices, layout, &compression, settings);
        status = relief_png_compress_with(picture, indices, layout, alternative_wins ? &alternative : &compression,
                                          settings, stream);
    }
    if (status != Z_OK) {
        relief_png_buffer_free(stream);
        relief_png_format_message(message, message_capacity, "zlib: %s a %u x %u picture",
                                  status == Z_MEM_ERROR ? "out of memory while compressing" : "failed to compress",
                                  picture->width, picture->height);
        return RELIEF_PNG_ERROR;
    }
    return RELIEF_PNG_OK;
}
