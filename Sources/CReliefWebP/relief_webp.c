#include "relief_webp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>

static int fail(char *message, size_t capacity, const char *text) {
    if (capacity > 0) snprintf(message, capacity, "%s", text);
    return RELIEF_WEBP_ERROR;
}

/* The lossless configuration of settings, or 0 with a message. */
static int configure(const relief_webp_settings *settings, WebPConfig *config, char *message, size_t capacity) {
    if (settings == NULL) return fail(message, capacity, "no WebP settings were given");
    if (settings->level < 0 || settings->level > 9) {
        char text[96];
        snprintf(text, sizeof text, "WebP level %d is out of range; allowed: 0 ... 9", settings->level);
        return fail(message, capacity, text);
    }
    if (!WebPConfigInit(config) || !WebPConfigLosslessPreset(config, settings->level)) {
        return fail(message, capacity, "libwebp: this libwebp does not match its headers");
    }
    /* Fully transparent pixels keep their colour, so the file decodes to the PNG's pixels exactly. */
    config->exact = 1;
    config->thread_level = settings->threads ? 1 : 0;
    return RELIEF_WEBP_OK;
}

static int check_size(uint32_t width, uint32_t height, char *message, size_t capacity) {
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        char text[128];
        snprintf(text, sizeof text, "image size %u x %u is invalid; a WebP side is 1 ... %d pixels", width, height,
                 WEBP_MAX_DIMENSION);
        return fail(message, capacity, text);
    }
    return RELIEF_WEBP_OK;
}

/* picture made from rgba, or 0 with a message; the picture must be freed by the caller either way. */
static int import(const uint8_t *rgba, uint32_t width, uint32_t height, WebPPicture *picture, char *message,
                  size_t capacity) {
    if (!WebPPictureInit(picture)) return fail(message, capacity, "libwebp: this libwebp does not match its headers");
    picture->use_argb = 1;
    picture->width = (int)width;
    picture->height = (int)height;
    if (!WebPPictureImportRGBA(picture, rgba, (int)width * 4)) return fail(message, capacity, "libwebp: out of memory");
    return RELIEF_WEBP_OK;
}

static const char *encoding_error(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "libwebp: out of memory";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "libwebp: bad picture dimension";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "libwebp: the file would exceed 4 GiB";
    default: return "libwebp: the encoder failed";
    }
}

int relief_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height, const relief_webp_settings *settings,
                       relief_webp_buffer *webp, char *message, size_t message_capacity) {
    webp->bytes = NULL;
    webp->count = 0;
    WebPConfig config;
    if (configure(settings, &config, message, message_capacity) != RELIEF_WEBP_OK) return RELIEF_WEBP_ERROR;
    if (check_size(width, height, message, message_capacity) != RELIEF_WEBP_OK) return RELIEF_WEBP_ERROR;
    WebPPicture picture;
    WebPMemoryWriter memory;
    WebPMemoryWriterInit(&memory);
    int status = import(rgba, width, height, &picture, message, message_capacity);
    if (status == RELIEF_WEBP_OK) {
        picture.writer = WebPMemoryWrite;
        picture.custom_ptr = &memory;
        if (!WebPEncode(&config, &picture)) status = fail(message, message_capacity, encoding_error(picture.error_code));
    }
    WebPPictureFree(&picture);
    if (status != RELIEF_WEBP_OK) {
        WebPMemoryWriterClear(&memory);
        return status;
    }
    webp->bytes = memory.mem;
    webp->count = memory.size;
    return RELIEF_WEBP_OK;
}

/* The milliseconds of a delay, as APNG reads it. */
static double delay_milliseconds(const relief_webp_picture *picture) {
    double denominator = picture->delay_denominator == 0 ? 100.0 : picture->delay_denominator;
    return 1000.0 * picture->delay_numerator / denominator;
}

/* Replaces picture's rectangle of the canvas. */
static void place(uint8_t *canvas, uint32_t canvas_width, const relief_webp_picture *picture) {
    for (uint32_t row = 0; row < picture->height; row++) {
        memcpy(canvas + ((size_t)(picture->y + row) * canvas_width + picture->x) * 4,
               picture->rgba + (size_t)row * picture->width * 4, (size_t)picture->width * 4);
    }
}

int relief_webp_encode_animation(const relief_webp_picture *pictures, size_t picture_count, uint32_t canvas_width,
                                 uint32_t canvas_height, uint32_t plays, const uint8_t *still,
                                 const relief_webp_settings *settings, relief_webp_buffer *webp, char *message,
                                 size_t message_capacity) {
    webp->bytes = NULL;
    webp->count = 0;
    WebPConfig config;
    if (configure(settings, &config, message, message_capacity) != RELIEF_WEBP_OK) return RELIEF_WEBP_ERROR;
    if (check_size(canvas_width, canvas_height, message, message_capacity) != RELIEF_WEBP_OK) return RELIEF_WEBP_ERROR;
    if (picture_count == 0) return fail(message, message_capacity, "an animation needs at least one picture");
    if (plays > 65535) return fail(message, message_capacity, "a WebP plays at most 65535 times, or 0 for ever");
    for (size_t k = 0; k < picture_count; k++) {
        const relief_webp_picture *picture = &pictures[k];
        if (picture->rgba == NULL || picture->width == 0 || picture->height == 0 ||
            picture->x > canvas_width || picture->width > canvas_width - picture->x || picture->y > canvas_height ||
            picture->height > canvas_height - picture->y) {
            char text[160];
            snprintf(text, sizeof text, "picture %zu (%u x %u at %u, %u) does not lie on the %u x %u canvas", k,
                     picture->width, picture->height, picture->x, picture->y, canvas_width, canvas_height);
            return fail(message, message_capacity, text);
        }
    }
    if (pictures[0].x != 0 || pictures[0].y != 0 || pictures[0].width != canvas_width ||
        pictures[0].height != canvas_height) {
        return fail(message, message_capacity, "the first picture of an animation covers the canvas");
    }
    size_t canvas_bytes = (size_t)canvas_width * canvas_height * 4;
    uint8_t *canvas = malloc(canvas_bytes);
    if (canvas == NULL) return fail(message, message_capacity, "out of memory for the animation's canvas");
    /* The frame the file starts with: the one after the last canvas that shows the still. */
    size_t start = 0;
    if (still != NULL) {
        for (size_t k = 0; k < picture_count; k++) {
            place(canvas, canvas_width, &pictures[k]);
            if (memcmp(canvas, still, canvas_bytes) == 0) start = (k + 1) % picture_count;
        }
    }
    /* The canvas before the start frame: the pictures before it placed in order. */
    for (size_t k = 0; k < start; k++) place(canvas, canvas_width, &pictures[k]);

    WebPAnimEncoderOptions options;
    WebPAnimEncoder *encoder = NULL;
    int status = RELIEF_WEBP_OK;
    if (!WebPAnimEncoderOptionsInit(&options)) {
        status = fail(message, message_capacity, "libwebpmux: this libwebpmux does not match its headers");
    } else {
        options.anim_params.loop_count = (int)plays;
        options.anim_params.bgcolor = 0; /* transparent */
        options.allow_mixed = 0;         /* lossless frames only */
        encoder = WebPAnimEncoderNew((int)canvas_width, (int)canvas_height, &options);
        if (encoder == NULL) status = fail(message, message_capacity, "libwebpmux: out of memory");
    }
    double elapsed = 0;
    for (size_t n = 0; n < picture_count && status == RELIEF_WEBP_OK; n++) {
        const relief_webp_picture *picture = &pictures[(start + n) % picture_count];
        place(canvas, canvas_width, picture);
        WebPPicture frame;
        status = import(canvas, canvas_width, canvas_height, &frame, message, message_capacity);
        if (status == RELIEF_WEBP_OK && !WebPAnimEncoderAdd(encoder, &frame, (int)(elapsed + 0.5), &config)) {
            const char *error = WebPAnimEncoderGetError(encoder);
            status = fail(message, message_capacity, error != NULL && *error ? error : "libwebpmux: a frame failed");
        }
        WebPPictureFree(&frame);
        elapsed += delay_milliseconds(picture);
    }
    free(canvas);
    WebPData data;
    WebPDataInit(&data);
    if (status == RELIEF_WEBP_OK &&
        (!WebPAnimEncoderAdd(encoder, NULL, (int)(elapsed + 0.5), NULL) || !WebPAnimEncoderAssemble(encoder, &data))) {
        const char *error = WebPAnimEncoderGetError(encoder);
        status = fail(message, message_capacity, error != NULL && *error ? error : "libwebpmux: assembling failed");
    }
    if (encoder != NULL) WebPAnimEncoderDelete(encoder);
    if (status != RELIEF_WEBP_OK) {
        WebPDataClear(&data);
        return status;
    }
    webp->bytes = (uint8_t *)data.bytes;
    webp->count = data.size;
    return RELIEF_WEBP_OK;
}

int relief_webp_decode_rgba(const uint8_t *webp, size_t webp_count, relief_webp_image *image, char *message,
                            size_t message_capacity) {
    image->rgba.bytes = NULL;
    image->rgba.count = 0;
    int width = 0, height = 0;
    if (!WebPGetInfo(webp, webp_count, &width, &height)) return fail(message, message_capacity, "libwebp: not a WebP");
    if ((uint64_t)width * (uint64_t)height > RELIEF_WEBP_MAX_DECODED_PIXELS) {
        return fail(message, message_capacity, "the WebP is larger than 64 Mi pixels");
    }
    size_t count = (size_t)width * (size_t)height * 4;
    uint8_t *rgba = WebPMalloc(count);
    if (rgba == NULL) return fail(message, message_capacity, "out of memory for the decoded pixels");
    if (WebPDecodeRGBAInto(webp, webp_count, rgba, count, width * 4) == NULL) {
        WebPFree(rgba);
        return fail(message, message_capacity, "libwebp: the WebP could not be decoded (an animation, or damaged)");
    }
    image->width = (uint32_t)width;
    image->height = (uint32_t)height;
    image->rgba.bytes = rgba;
    image->rgba.count = count;
    return RELIEF_WEBP_OK;
}

void relief_webp_buffer_free(relief_webp_buffer *buffer) {
    /* Every buffer here is libwebp's: WebPMemoryWriter's, WebPData's or WebPMalloc's. */
    WebPFree(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = 0;
}
