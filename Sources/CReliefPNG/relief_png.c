#include "relief_png_internal.h"

#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The public constants mirror libpng's and zlib's so they pass through without translation. */
_Static_assert(RELIEF_PNG_FILTER_NONE == PNG_FILTER_NONE, "filter bits match libpng");
_Static_assert(RELIEF_PNG_FILTER_SUB == PNG_FILTER_SUB, "filter bits match libpng");
_Static_assert(RELIEF_PNG_FILTER_UP == PNG_FILTER_UP, "filter bits match libpng");
_Static_assert(RELIEF_PNG_FILTER_AVERAGE == PNG_FILTER_AVG, "filter bits match libpng");
_Static_assert(RELIEF_PNG_FILTER_PAETH == PNG_FILTER_PAETH, "filter bits match libpng");
_Static_assert(RELIEF_PNG_FILTER_ALL == PNG_ALL_FILTERS, "filter bits match libpng");
_Static_assert(RELIEF_PNG_STRATEGY_DEFAULT == Z_DEFAULT_STRATEGY, "strategies match zlib");
_Static_assert(RELIEF_PNG_STRATEGY_FILTERED == Z_FILTERED, "strategies match zlib");
_Static_assert(RELIEF_PNG_STRATEGY_HUFFMAN_ONLY == Z_HUFFMAN_ONLY, "strategies match zlib");
_Static_assert(RELIEF_PNG_STRATEGY_RLE == Z_RLE, "strategies match zlib");
_Static_assert(RELIEF_PNG_STRATEGY_FIXED == Z_FIXED, "strategies match zlib");

/* Output starts at this size and doubles; a typical 320x320 render compresses to a few tens of KiB. */
#define RELIEF_PNG_INITIAL_OUTPUT_CAPACITY ((size_t)16384)
/* The largest IDAT or fdAT chunk written: one chunk for a typical render. */
#define RELIEF_PNG_MAX_DATA_CHUNK ((size_t)65536)
/* APNG's fcTL values: a frame stays on the canvas when the next is drawn (dispose none) and replaces
   the pixels of its rectangle, alpha included (blend source). */
#define RELIEF_PNG_DISPOSE_NONE 0
#define RELIEF_PNG_BLEND_SOURCE 0

/* The error pointer handed to libpng: where its message goes, and the last warning, which often
   says what an error as vague as "Invalid IHDR data" means. */
typedef struct relief_png_message_sink {
    char *text;
    size_t capacity;
    char last_warning[128];
} relief_png_message_sink;

void relief_png_format_message(char *text, size_t capacity, const char *format, ...) {
    if (text == NULL || capacity == 0) {
        return;
    }
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text, capacity, format, arguments);
    va_end(arguments);
}

static void relief_png_on_error(png_structp png, png_const_charp message) {
    relief_png_message_sink *sink = (relief_png_message_sink *)png_get_error_ptr(png);
    if (sink->last_warning[0] != '\0') {
        relief_png_format_message(sink->text, sink->capacity, "libpng: %s (%s)", message, sink->last_warning);
    } else {
        relief_png_format_message(sink->text, sink->capacity, "libpng: %s", message);
    }
    png_longjmp(png, 1);
}

/* Warnings never make an encode fail, and a server must not print them to its standard error;
   the last one is kept to explain an error that follows. */
static void relief_png_on_warning(png_structp png, png_const_charp message) {
    relief_png_message_sink *sink = (relief_png_message_sink *)png_get_error_ptr(png);
    relief_png_format_message(sink->last_warning, sizeof sink->last_warning, "%s", message);
}

static void relief_png_append(png_structp png, png_bytep data, size_t length) {
    relief_png_buffer *buffer = (relief_png_buffer *)png_get_io_ptr(png);
    if (length > buffer->capacity - buffer->count) {
        if (length > SIZE_MAX / 2 - buffer->count) {
            png_error(png, "the PNG output is too large");
        }
        size_t needed = buffer->count + length;
        size_t capacity = buffer->capacity > 0 ? buffer->capacity : RELIEF_PNG_INITIAL_OUTPUT_CAPACITY;
        while (capacity < needed) {
            capacity *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(buffer->bytes, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory while growing the PNG output");
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, data, length);
    buffer->count += length;
}

static void relief_png_flush(png_structp png) {
    (void)png;
}

static int relief_png_settings_are_valid(const relief_png_settings *settings, char *message,
                                         size_t message_capacity) {
    static const char *class_names[RELIEF_PNG_CLASS_COUNT] = {"palette", "grey", "grey-alpha", "rgb", "rgba"};
    for (int index = 0; index < RELIEF_PNG_CLASS_COUNT; index++) {
        const relief_png_compression *compression = &settings->classes[index];
        if (compression->level < 0 || compression->level > 9) {
            relief_png_format_message(message, message_capacity,
                                      "%s compression level %d is out of range; allowed: 0...9",
                                      class_names[index], compression->level);
            return 0;
        }
        if (compression->filters == 0 || (compression->filters & ~RELIEF_PNG_FILTER_ALL) != 0 ||
            (compression->alternative_filters & ~RELIEF_PNG_FILTER_ALL) != 0) {
            const int main_set = compression->filters == 0 || (compression->filters & ~RELIEF_PNG_FILTER_ALL) != 0;
            relief_png_format_message(message, message_capacity,
                                      "%s %s 0x%X is invalid; allowed: a nonempty combination of "
                                      "none (0x08), sub (0x10), up (0x20), average (0x40), paeth (0x80)",
                                      class_names[index], main_set ? "filter set" : "alternative filter set",
                                      main_set ? compression->filters : compression->alternative_filters);
            return 0;
        }
        if (compression->libdeflate_level < 0 || compression->libdeflate_level > 12) {
            relief_png_format_message(message, message_capacity,
                                      "%s libdeflate level %d is out of range; allowed: 0 (zlib) or 1...12",
                                      class_names[index], compression->libdeflate_level);
            return 0;
        }
        if (compression->whole_trial != 0 && compression->whole_trial != 1) {
            relief_png_format_message(message, message_capacity, "%s whole trial %d is out of range; allowed: 0 or 1",
                                      class_names[index], compression->whole_trial);
            return 0;
        }
        const int tuned = compression->good_length != 0 || compression->lazy_length != 0 ||
                          compression->nice_length != 0 || compression->chain_length != 0;
        if (tuned && (compression->good_length < 1 || compression->good_length > 258 || compression->lazy_length < 1 ||
                      compression->lazy_length > 258 || compression->nice_length < 1 || compression->nice_length > 258 ||
                      compression->chain_length < 1 || compression->chain_length > 65535)) {
            relief_png_format_message(message, message_capacity,
                                      "%s match search (good %d, lazy %d, nice %d, chain %d) is out of range; allowed: "
                                      "all 0, or good, lazy and nice 1...258 and chain 1...65535",
                                      class_names[index], compression->good_length, compression->lazy_length,
                                      compression->nice_length, compression->chain_length);
            return 0;
        }
        const int strategies[2] = {compression->strategy, compression->alternative_strategy};
        for (int which = 0; which < 2; which++) {
            if (strategies[which] < RELIEF_PNG_STRATEGY_DEFAULT || strategies[which] > RELIEF_PNG_STRATEGY_FIXED) {
                relief_png_format_message(message, message_capacity,
                                          "%s %s %d is unknown; allowed: 0 (default), 1 (filtered), "
                                          "2 (huffman only), 3 (rle), 4 (fixed)",
                                          class_names[index], which == 0 ? "zlib strategy" : "alternative zlib strategy",
                                          strategies[which]);
                return 0;
            }
        }
    }
    if ((settings->reductions & ~RELIEF_PNG_REDUCE_ALL) != 0) {
        relief_png_format_message(message, message_capacity,
                                  "reductions 0x%X are invalid; allowed: a combination of palette (0x1), grey (0x2), alpha (0x4)",
                                  settings->reductions);
        return 0;
    }
    if (settings->memory_level < 1 || settings->memory_level > 9) {
        relief_png_format_message(message, message_capacity,
                                  "zlib memory level %d is out of range; allowed: 1...9",
                                  settings->memory_level);
        return 0;
    }
    if (settings->window_bits < 8 || settings->window_bits > 15) {
        relief_png_format_message(message, message_capacity,
                                  "zlib window bits %d is out of range; allowed: 8...15",
                                  settings->window_bits);
        return 0;
    }
    if (settings->threads < 1 || settings->threads > RELIEF_PNG_MAX_THREADS) {
        relief_png_format_message(message, message_capacity, "threads %u is out of range; allowed: 1...%u",
                                  settings->threads, RELIEF_PNG_MAX_THREADS);
        return 0;
    }
    if (settings->strips != 0 && settings->strips != 1) {
        relief_png_format_message(message, message_capacity, "strips %d is out of range; allowed: 0 or 1",
                                  settings->strips);
        return 0;
    }
    return 1;
}

/* How messages name picture `index`: the image, the default image or a frame counted from 0. */
static void relief_png_picture_name(relief_png_kind kind, size_t index, char *name, size_t capacity) {
    if (kind == RELIEF_PNG_STILL) {
        relief_png_format_message(name, capacity, "the image");
    } else if (kind == RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT) {
        relief_png_format_message(name, capacity, index == 0 ? "the default image" : "frame %zu", index - 1);
    } else {
        relief_png_format_message(name, capacity, "frame %zu", index);
    }
}

/* Every picture lies on the canvas with pixels; an animation's first frame and its default image
   cover it, as the default image must and as a first frame drawn over nothing should. */
static int relief_png_pictures_are_valid(const relief_png_picture *pictures, size_t picture_count,
                                         relief_png_kind kind, uint32_t canvas_width, uint32_t canvas_height,
                                         char *message, size_t message_capacity) {
    if (kind != RELIEF_PNG_STILL && kind != RELIEF_PNG_ANIMATION_FIRST_FRAME_DEFAULT &&
        kind != RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT) {
        relief_png_format_message(message, message_capacity, "image kind %d is unknown", (int)kind);
        return 0;
    }
    const size_t least = kind == RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT ? 2 : 1;
    if (picture_count < least || (kind == RELIEF_PNG_STILL && picture_count != 1) || picture_count > UINT32_MAX / 2) {
        relief_png_format_message(message, message_capacity,
                                  kind == RELIEF_PNG_STILL ? "a PNG has exactly one picture, not %zu"
                                  : kind == RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT
                                      ? "an APNG with its own default image needs it and at least one frame, not %zu pictures"
                                      : "an APNG needs at least one frame, not %zu",
                                  picture_count);
        return 0;
    }
    for (size_t index = 0; index < picture_count; index++) {
        const relief_png_picture *picture = &pictures[index];
        char name[48];
        relief_png_picture_name(kind, index, name, sizeof name);
        if (picture->rgba == NULL || picture->width == 0 || picture->height == 0 ||
            picture->x > canvas_width || picture->width > canvas_width - picture->x ||
            picture->y > canvas_height || picture->height > canvas_height - picture->y) {
            relief_png_format_message(message, message_capacity,
                                      "%s (%u x %u at %u, %u) does not lie on the %u x %u canvas",
                                      name, picture->width, picture->height, picture->x, picture->y,
                                      canvas_width, canvas_height);
            return 0;
        }
        /* zlib takes at most 4 GiB - 1 in and out of one call; 2 GiB of filtered rows leaves room
           for deflate's worst-case growth. */
        if (((size_t)picture->width * 4 + 1) * picture->height > (size_t)INT32_MAX) {
            relief_png_format_message(message, message_capacity, "%s (%u x %u) is too large to compress in one piece",
                                      name, picture->width, picture->height);
            return 0;
        }
        const int covers = picture->x == 0 && picture->y == 0 && picture->width == canvas_width &&
                           picture->height == canvas_height;
        const int must_cover = index == 0 || (index == 1 && kind == RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT);
        if (must_cover && !covers) {
            relief_png_format_message(message, message_capacity,
                                      "%s is %u x %u at %u, %u; the first frame and the default image cover the "
                                      "%u x %u canvas at 0, 0",
                                      name, picture->width, picture->height, picture->x, picture->y,
                                      canvas_width, canvas_height);
            return 0;
        }
    }
    return 1;
}

static void relief_png_put_uint32(uint8_t *bytes, uint32_t value) {
    bytes[0] = (uint8_t)(value >> 24);
    bytes[1] = (uint8_t)(value >> 16);
    bytes[2] = (uint8_t)(value >> 8);
    bytes[3] = (uint8_t)value;
}

/* The frame control chunk of a picture, taking the next sequence number. */
static void relief_png_write_fctl(png_structp png, const relief_png_picture *picture, uint32_t *sequence) {
    uint8_t data[26];
    relief_png_put_uint32(data, (*sequence)++);
    relief_png_put_uint32(data + 4, picture->width);
    relief_png_put_uint32(data + 8, picture->height);
    relief_png_put_uint32(data + 12, picture->x);
    relief_png_put_uint32(data + 16, picture->y);
    data[20] = (uint8_t)(picture->delay_numerator >> 8);
    data[21] = (uint8_t)picture->delay_numerator;
    data[22] = (uint8_t)(picture->delay_denominator >> 8);
    data[23] = (uint8_t)picture->delay_denominator;
    data[24] = RELIEF_PNG_DISPOSE_NONE;
    data[25] = RELIEF_PNG_BLEND_SOURCE;
    png_write_chunk(png, (png_const_bytep) "fcTL", data, sizeof data);
}

/* A picture's zlib stream as IDAT chunks, or as fdAT chunks that each take the next sequence number
   (sequence is NULL for IDAT). */
static void relief_png_write_image_data(png_structp png, const relief_png_buffer *stream, uint32_t *sequence) {
    for (size_t offset = 0; offset < stream->count; offset += RELIEF_PNG_MAX_DATA_CHUNK) {
        const size_t length = stream->count - offset < RELIEF_PNG_MAX_DATA_CHUNK ? stream->count - offset : RELIEF_PNG_MAX_DATA_CHUNK;
        if (sequence == NULL) {
            png_write_chunk(png, (png_const_bytep) "IDAT", stream->bytes + offset, length);
            continue;
        }
        uint8_t number[4];
        relief_png_put_uint32(number, (*sequence)++);
        png_write_chunk_start(png, (png_const_bytep) "fdAT", (png_uint_32)(length + 4));
        png_write_chunk_data(png, number, 4);
        png_write_chunk_data(png, stream->bytes + offset, length);
        png_write_chunk_end(png);
    }
}

/* One picture's zlib stream, made on one of the encoder's threads. */
typedef struct relief_png_picture_job {
    const relief_png_picture *picture;
    const uint8_t *indices;
    const relief_png_layout *layout;
    relief_png_settings settings;
    relief_png_buffer *stream;
    int status;
    char message[256];
} relief_png_picture_job;

/* Runs a relief_png_picture_job (the signature relief_png_run_jobs wants). */
static void relief_png_run_picture_job(void *argument) {
    relief_png_picture_job *job = (relief_png_picture_job *)argument;
    job->status = relief_png_compress_picture(job->picture, job->indices, job->layout, &job->settings, job->stream,
                                              job->message, sizeof job->message);
}

/* The pictures' zlib streams, made before libpng starts; frees what it made on failure. The
   pictures of an animation are compressed on the encoder's threads at once, each on one thread
   (its strips one after another), so that the two whole pictures, the default image and the
   first frame, deflate side by side and the small frames after them fill the threads; a still's
   one picture has them all for its strips. */
static int relief_png_compress_pictures(const relief_png_picture *pictures, size_t picture_count,
                                        const uint8_t *indices, const relief_png_layout *layout,
                                        const relief_png_settings *settings, relief_png_buffer *streams,
                                        char *message, size_t message_capacity) {
    relief_png_picture_job *jobs = (relief_png_picture_job *)calloc(picture_count, sizeof *jobs);
    if (jobs == NULL) {
        relief_png_format_message(message, message_capacity, "out of memory while compressing %zu pictures",
                                  picture_count);
        return RELIEF_PNG_ERROR;
    }
    for (size_t index = 0; index < picture_count; index++) {
        jobs[index].picture = &pictures[index];
        jobs[index].indices = indices;
        jobs[index].layout = layout;
        jobs[index].settings = *settings;
        jobs[index].settings.threads = picture_count > 1 ? 1u : settings->threads;
        jobs[index].stream = &streams[index];
        if (indices != NULL) {
            indices += (size_t)pictures[index].width * pictures[index].height;
        }
    }
    relief_png_run_jobs(jobs, sizeof *jobs, picture_count, settings->threads, relief_png_run_picture_job);
    int status = RELIEF_PNG_OK;
    for (size_t index = 0; index < picture_count; index++) {
        if (jobs[index].status != RELIEF_PNG_OK && status == RELIEF_PNG_OK) {
            status = RELIEF_PNG_ERROR;
            relief_png_format_message(message, message_capacity, "%s", jobs[index].message);
        }
    }
    if (status != RELIEF_PNG_OK) {
        for (size_t index = 0; index < picture_count; index++) {
            relief_png_buffer_free(&streams[index]);
        }
    }
    free(jobs);
    return status;
}

static const int relief_png_colour_types[RELIEF_PNG_CLASS_COUNT] = {
    PNG_COLOR_TYPE_PALETTE, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGBA,
};

/* Writes the file through libpng, every call behind this one setjmp: IHDR, sRGB, PLTE and tRNS
   through png_write_info; acTL, fcTL, IDAT, fdAT and IEND through png_write_chunk, because the
   image data is already compressed and Debian's libpng has no APNG API. */
static int relief_png_write_file(const relief_png_picture *pictures, size_t picture_count, relief_png_kind kind,
                                 uint32_t canvas_width, uint32_t canvas_height, uint32_t plays,
                                 const relief_png_layout *layout, const relief_png_buffer *streams,
                                 relief_png_buffer *png_output, char *message, size_t message_capacity) {
    relief_png_message_sink sink = {message, message_capacity, ""};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, relief_png_on_error,
                                              relief_png_on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        relief_png_format_message(message, message_capacity, "%s", "out of memory while creating the PNG writer");
        return RELIEF_PNG_ERROR;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        relief_png_buffer_free(png_output);
        return RELIEF_PNG_ERROR;
    }

    png_set_write_fn(png, png_output, relief_png_append, relief_png_flush);
    png_set_IHDR(png, info, canvas_width, canvas_height, layout->bit_depth,
                 relief_png_colour_types[layout->colour_class], PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
                 PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (layout->colour_class == RELIEF_PNG_CLASS_PALETTE) {
        png_color palette[256];
        for (unsigned int index = 0; index < layout->palette_count; index++) {
            palette[index] = (png_color){layout->palette_rgb[index * 3], layout->palette_rgb[index * 3 + 1],
                                         layout->palette_rgb[index * 3 + 2]};
        }
        png_set_PLTE(png, info, palette, (int)layout->palette_count);
        if (layout->translucent_count > 0) {
            png_set_tRNS(png, info, layout->palette_alpha, (int)layout->translucent_count, NULL);
        }
    }
    png_write_info(png, info);

    uint32_t sequence = 0;
    if (kind != RELIEF_PNG_STILL) {
        uint8_t control[8];
        const size_t frames = kind == RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT ? picture_count - 1 : picture_count;
        relief_png_put_uint32(control, (uint32_t)frames);
        relief_png_put_uint32(control + 4, plays);
        png_write_chunk(png, (png_const_bytep) "acTL", control, sizeof control);
    }
    for (size_t index = 0; index < picture_count; index++) {
        const int is_frame = kind == RELIEF_PNG_ANIMATION_FIRST_FRAME_DEFAULT ||
                             (kind == RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT && index > 0);
        if (is_frame) {
            relief_png_write_fctl(png, &pictures[index], &sequence);
        }
        relief_png_write_image_data(png, &streams[index], index == 0 ? NULL : &sequence);
    }
    /* png_write_end would refuse a file whose IDAT it did not write itself. */
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    return RELIEF_PNG_OK;
}

int relief_png_encode(const relief_png_picture *pictures, size_t picture_count, relief_png_kind kind,
                      uint32_t canvas_width, uint32_t canvas_height, uint32_t plays,
                      const relief_png_settings *settings, relief_png_buffer *png_output,
                      char *message, size_t message_capacity) {
    relief_png_format_message(message, message_capacity, "%s", "");
    if (pictures == NULL || settings == NULL || png_output == NULL) {
        relief_png_format_message(message, message_capacity, "%s",
                                  "relief_png_encode needs pictures, settings and an output buffer");
        return RELIEF_PNG_ERROR;
    }
    *png_output = (relief_png_buffer){0};
    if (!relief_png_settings_are_valid(settings, message, message_capacity) ||
        !relief_png_pictures_are_valid(pictures, picture_count, kind, canvas_width, canvas_height, message,
                                       message_capacity)) {
        return RELIEF_PNG_ERROR;
    }

    size_t pixel_count = 0;
    for (size_t index = 0; index < picture_count; index++) {
        pixel_count += (size_t)pictures[index].width * pictures[index].height;
    }
    const int track_colours = (settings->reductions & (RELIEF_PNG_REDUCE_PALETTE | RELIEF_PNG_REDUCE_GREY)) != 0;
    uint8_t *indices = track_colours ? (uint8_t *)malloc(pixel_count) : NULL;
    relief_png_survey *survey = (relief_png_survey *)malloc(sizeof *survey);
    relief_png_layout *layout = (relief_png_layout *)malloc(sizeof *layout);
    relief_png_buffer *streams = (relief_png_buffer *)calloc(picture_count, sizeof *streams);
    int status = RELIEF_PNG_ERROR;
    if ((track_colours && indices == NULL) || survey == NULL || layout == NULL || streams == NULL) {
        relief_png_format_message(message, message_capacity, "out of memory while surveying %zu pixels", pixel_count);
    } else {
        relief_png_survey_pictures(pictures, picture_count, track_colours, settings->threads, indices, survey);
        relief_png_choose_layout(survey, settings->reductions, layout);
        status = relief_png_compress_pictures(pictures, picture_count, indices, layout, settings, streams, message,
                                              message_capacity);
        if (status == RELIEF_PNG_OK) {
            status = relief_png_write_file(pictures, picture_count, kind, canvas_width, canvas_height, plays, layout,
                                           streams, png_output, message, message_capacity);
            for (size_t index = 0; index < picture_count; index++) {
                relief_png_buffer_free(&streams[index]);
            }
        }
    }
    free(indices);
    free(survey);
    free(layout);
    free(streams);
    return status;
}

int relief_png_decode_rgba(const uint8_t *png, size_t png_count, relief_png_image *image,
                           char *message, size_t message_capacity) {
    relief_png_format_message(message, message_capacity, "%s", "");
    if (image == NULL) {
        relief_png_format_message(message, message_capacity, "%s", "relief_png_decode_rgba needs an output image");
        return RELIEF_PNG_ERROR;
    }
    *image = (relief_png_image){0};
    if (png == NULL || png_count == 0) {
        relief_png_format_message(message, message_capacity, "%s", "the PNG data is empty");
        return RELIEF_PNG_ERROR;
    }

    /* The simplified API keeps its own setjmp inside libpng and reports through decoder.message. */
    png_image decoder;
    memset(&decoder, 0, sizeof decoder);
    decoder.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&decoder, png, png_count)) {
        relief_png_format_message(message, message_capacity, "libpng: %s", decoder.message);
        return RELIEF_PNG_ERROR;
    }
    const uint32_t width = decoder.width;
    const uint32_t height = decoder.height;
    if (width > RELIEF_PNG_MAX_DECODED_SIDE || height > RELIEF_PNG_MAX_DECODED_SIDE ||
        (uint64_t)width * height > RELIEF_PNG_MAX_DECODED_PIXELS) {
        png_image_free(&decoder);
        relief_png_format_message(message, message_capacity,
                                  "the PNG is %u x %u pixels; allowed: at most %u pixels a side and %u pixels in all",
                                  width, height, RELIEF_PNG_MAX_DECODED_SIDE, RELIEF_PNG_MAX_DECODED_PIXELS);
        return RELIEF_PNG_ERROR;
    }

    decoder.format = PNG_FORMAT_RGBA;
    const size_t row_bytes = (size_t)width * 4;
    const size_t count = row_bytes * height;
    uint8_t *pixels = (uint8_t *)malloc(count);
    if (pixels == NULL) {
        png_image_free(&decoder);
        relief_png_format_message(message, message_capacity,
                                  "out of memory while allocating %zu bytes for %u x %u pixels", count, width, height);
        return RELIEF_PNG_ERROR;
    }
    /* Frees the decoder's state whether it succeeds or not. */
    if (!png_image_finish_read(&decoder, NULL, pixels, (png_int_32)row_bytes, NULL)) {
        free(pixels);
        relief_png_format_message(message, message_capacity, "libpng: %s", decoder.message);
        return RELIEF_PNG_ERROR;
    }
    image->width = width;
    image->height = height;
    image->rgba = (relief_png_buffer){pixels, count, count};
    return RELIEF_PNG_OK;
}

void relief_png_buffer_free(relief_png_buffer *buffer) {
    if (buffer == NULL) {
        return;
    }
    free(buffer->bytes);
    *buffer = (relief_png_buffer){0};
}
