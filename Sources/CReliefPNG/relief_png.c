#include "relief_png.h"

#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdarg.h>
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
/* zlib output buffer, which is also the IDAT chunk size: one chunk for a typical image. */
#define RELIEF_PNG_COMPRESSION_BUFFER_SIZE ((size_t)65536)

/* The error pointer handed to libpng: where its message goes, and the last warning, which often
   says what an error as vague as "Invalid IHDR data" means. */
typedef struct relief_png_message_sink {
    char *text;
    size_t capacity;
    char last_warning[128];
} relief_png_message_sink;

static void relief_png_format_message(char *text, size_t capacity, const char *format, ...) {
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
    if (settings->compression_level < 0 || settings->compression_level > 9) {
        relief_png_format_message(message, message_capacity,
                                  "compression level %d is out of range; allowed: 0...9",
                                  settings->compression_level);
        return 0;
    }
    const unsigned int filter_sets[2] = {settings->opaque_filters, settings->translucent_filters};
    const char *filter_set_names[2] = {"opaque", "translucent"};
    for (int index = 0; index < 2; index++) {
        if (filter_sets[index] == 0 || (filter_sets[index] & ~RELIEF_PNG_FILTER_ALL) != 0) {
            relief_png_format_message(message, message_capacity,
                                      "%s filter set 0x%X is invalid; allowed: a nonempty combination of "
                                      "none (0x08), sub (0x10), up (0x20), average (0x40), paeth (0x80)",
                                      filter_set_names[index], filter_sets[index]);
            return 0;
        }
    }
    if (settings->strategy < RELIEF_PNG_STRATEGY_DEFAULT || settings->strategy > RELIEF_PNG_STRATEGY_FIXED) {
        relief_png_format_message(message, message_capacity,
                                  "zlib strategy %d is unknown; allowed: 0 (default), 1 (filtered), "
                                  "2 (huffman only), 3 (rle), 4 (fixed)",
                                  settings->strategy);
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
    return 1;
}

/* ANDs the alpha bytes row by row (a loop the compiler vectorises) and stops at the first translucent row. */
static int relief_png_is_opaque(const uint8_t *rgba, uint32_t width, uint32_t height) {
    const size_t row_bytes = (size_t)width * 4;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = rgba + (size_t)y * row_bytes;
        uint8_t alpha = 0xFF;
        for (size_t x = 3; x < row_bytes; x += 4) {
            alpha &= row[x];
        }
        if (alpha != 0xFF) {
            return 0;
        }
    }
    return 1;
}

/* Copies four bytes a pixel and advances three: each copy's alpha byte is overwritten by the next
   pixel's red, so the row is one unaligned 32-bit load and store a pixel; the last pixel copies three. */
static void relief_png_strip_alpha(const uint8_t *rgba_row, uint8_t *rgb_row, uint32_t width) {
    for (uint32_t x = 0; x + 1 < width; x++) {
        memcpy(rgb_row + (size_t)x * 3, rgba_row + (size_t)x * 4, 4);
    }
    if (width > 0) {
        memcpy(rgb_row + (size_t)(width - 1) * 3, rgba_row + (size_t)(width - 1) * 4, 3);
    }
}

int relief_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height,
                           const relief_png_settings *settings, relief_png_buffer *png_output,
                           char *message, size_t message_capacity) {
    relief_png_format_message(message, message_capacity, "%s", "");
    if (rgba == NULL || settings == NULL || png_output == NULL) {
        relief_png_format_message(message, message_capacity, "%s",
                                  "relief_png_encode_rgba needs pixels, settings and an output buffer");
        return RELIEF_PNG_ERROR;
    }
    *png_output = (relief_png_buffer){0};
    if (!relief_png_settings_are_valid(settings, message, message_capacity)) {
        return RELIEF_PNG_ERROR;
    }

    relief_png_message_sink sink = {message, message_capacity, ""};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, relief_png_on_error,
                                              relief_png_on_warning);
    if (png == NULL) {
        relief_png_format_message(message, message_capacity, "%s", "out of memory while creating the PNG writer");
        return RELIEF_PNG_ERROR;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        relief_png_format_message(message, message_capacity, "%s", "out of memory while creating the PNG writer");
        return RELIEF_PNG_ERROR;
    }

    /* Assigned after setjmp and freed after a longjmp, hence volatile. */
    uint8_t *volatile rgb_row = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rgb_row);
        png_destroy_write_struct(&png, &info);
        relief_png_buffer_free(png_output);
        return RELIEF_PNG_ERROR;
    }

    const int opaque = relief_png_is_opaque(rgba, width, height);
    png_set_write_fn(png, png_output, relief_png_append, relief_png_flush);
    png_set_compression_buffer_size(png, RELIEF_PNG_COMPRESSION_BUFFER_SIZE);
    png_set_compression_level(png, settings->compression_level);
    png_set_compression_strategy(png, settings->strategy);
    png_set_compression_mem_level(png, settings->memory_level);
    png_set_compression_window_bits(png, settings->window_bits);
    png_set_filter(png, PNG_FILTER_TYPE_BASE,
                   (int)(opaque ? settings->opaque_filters : settings->translucent_filters));
    png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);

    const size_t row_bytes = (size_t)width * 4;
    if (opaque) {
        rgb_row = (uint8_t *)malloc((size_t)width * 3);
        if (rgb_row == NULL) {
            png_error(png, "out of memory while allocating a row");
        }
        for (uint32_t y = 0; y < height; y++) {
            relief_png_strip_alpha(rgba + (size_t)y * row_bytes, rgb_row, width);
            png_write_row(png, rgb_row);
        }
    } else {
        for (uint32_t y = 0; y < height; y++) {
            png_write_row(png, rgba + (size_t)y * row_bytes);
        }
    }
    png_write_end(png, NULL);

    free(rgb_row);
    png_destroy_write_struct(&png, &info);
    return RELIEF_PNG_OK;
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
