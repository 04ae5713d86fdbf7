#include "relief_avif.h"

#include <avif/avif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *message, size_t capacity, const char *text) {
    if (capacity > 0) snprintf(message, capacity, "%s", text);
    return RELIEF_AVIF_ERROR;
}

static int fail_avif(char *message, size_t capacity, const char *what, avifResult result, const avifDiagnostics *diag) {
    char text[320];
    snprintf(text, sizeof text, "libavif: %s: %s%s%s", what, avifResultToString(result),
             diag != NULL && diag->error[0] ? ": " : "", diag != NULL ? diag->error : "");
    return fail(message, capacity, text);
}

static int in_range(int value, int low, int high) { return value >= low && value <= high; }

int relief_avif_encode(const uint8_t *rgba, uint32_t width, uint32_t height, const relief_avif_settings *settings,
                       relief_avif_buffer *avif, char *message, size_t message_capacity) {
    avif->bytes = NULL;
    avif->count = 0;
    if (settings == NULL) return fail(message, message_capacity, "no AVIF settings were given");
    if (!in_range(settings->quantizer, 0, 63) || !in_range(settings->alpha_quantizer, 0, 63) ||
        !in_range(settings->speed, 0, 10) || !in_range(settings->threads, 1, 64) ||
        (settings->chroma != RELIEF_AVIF_CHROMA_444 && settings->chroma != RELIEF_AVIF_CHROMA_420)) {
        char text[200];
        snprintf(text, sizeof text,
                 "AVIF settings out of range (quantizer %d, alpha quantizer %d, speed %d, threads %d, chroma %d); "
                 "allowed: quantizers 0 ... 63, speed 0 ... 10, threads 1 ... 64, chroma 4:4:4 or 4:2:0",
                 settings->quantizer, settings->alpha_quantizer, settings->speed, settings->threads, settings->chroma);
        return fail(message, message_capacity, text);
    }
    if (width == 0 || height == 0 || width > 65536 || height > 65536) {
        char text[120];
        snprintf(text, sizeof text, "image size %u x %u is invalid; an AVIF side is 1 ... 65536 pixels", width, height);
        return fail(message, message_capacity, text);
    }
    int opaque = 1;
    for (size_t k = 3; k < (size_t)width * height * 4; k += 4) {
        if (rgba[k] != 255) {
            opaque = 0;
            break;
        }
    }
    avifPixelFormat format = settings->chroma == RELIEF_AVIF_CHROMA_444 ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420;
    avifImage *image = avifImageCreate(width, height, 8, format);
    avifEncoder *encoder = avifEncoderCreate();
    avifRWData output = AVIF_DATA_EMPTY;
    int status = RELIEF_AVIF_OK;
    if (image == NULL || encoder == NULL) {
        status = fail(message, message_capacity, "libavif: out of memory");
        goto done;
    }
    image->yuvRange = AVIF_RANGE_FULL;
    image->colorPrimaries = AVIF_COLOR_PRIMARIES_BT709;
    image->transferCharacteristics = AVIF_TRANSFER_CHARACTERISTICS_SRGB;
    image->matrixCoefficients = AVIF_MATRIX_COEFFICIENTS_BT601;
    avifRGBImage pixels;
    avifRGBImageSetDefaults(&pixels, image);
    pixels.format = AVIF_RGB_FORMAT_RGBA;
    pixels.depth = 8;
    pixels.ignoreAlpha = opaque ? AVIF_TRUE : AVIF_FALSE;
    pixels.pixels = (uint8_t *)rgba;
    pixels.rowBytes = width * 4;
    avifResult result = avifImageRGBToYUV(image, &pixels);
    if (result != AVIF_RESULT_OK) {
        status = fail_avif(message, message_capacity, "converting to YUV", result, NULL);
        goto done;
    }
    /* libaom: the only encoder Debian's libavif links that makes 4:4:4 stills at an all-intra speed
       and the fewest bytes for a quality (rav1e is several times slower, SVT-AV1 4:2:0 only). */
    encoder->codecChoice = AVIF_CODEC_CHOICE_AOM;
    encoder->maxThreads = settings->threads;
    encoder->speed = settings->speed;
    encoder->minQuantizer = settings->quantizer;
    encoder->maxQuantizer = settings->quantizer;
    encoder->minQuantizerAlpha = settings->alpha_quantizer;
    encoder->maxQuantizerAlpha = settings->alpha_quantizer;
    result = avifEncoderWrite(encoder, image, &output);
    if (result != AVIF_RESULT_OK) {
        status = fail_avif(message, message_capacity, "encoding", result, &encoder->diag);
        goto done;
    }
    avif->bytes = malloc(output.size);
    if (avif->bytes == NULL) {
        status = fail(message, message_capacity, "out of memory for the AVIF");
        goto done;
    }
    memcpy(avif->bytes, output.data, output.size);
    avif->count = output.size;
done:
    avifRWDataFree(&output);
    if (encoder != NULL) avifEncoderDestroy(encoder);
    if (image != NULL) avifImageDestroy(image);
    return status;
}

int relief_avif_decode_rgba(const uint8_t *avif, size_t avif_count, relief_avif_image *image, char *message,
                            size_t message_capacity) {
    image->rgba.bytes = NULL;
    image->rgba.count = 0;
    avifDecoder *decoder = avifDecoderCreate();
    avifImage *decoded = avifImageCreateEmpty();
    int status = RELIEF_AVIF_OK;
    if (decoder == NULL || decoded == NULL) {
        status = fail(message, message_capacity, "libavif: out of memory");
        goto done;
    }
    decoder->imageSizeLimit = RELIEF_AVIF_MAX_DECODED_PIXELS;
    avifResult result = avifDecoderReadMemory(decoder, decoded, avif, avif_count);
    if (result != AVIF_RESULT_OK) {
        status = fail_avif(message, message_capacity, "decoding", result, &decoder->diag);
        goto done;
    }
    avifRGBImage pixels;
    avifRGBImageSetDefaults(&pixels, decoded);
    pixels.format = AVIF_RGB_FORMAT_RGBA;
    pixels.depth = 8;
    size_t count = (size_t)decoded->width * decoded->height * 4;
    pixels.pixels = malloc(count);
    pixels.rowBytes = decoded->width * 4;
    if (pixels.pixels == NULL) {
        status = fail(message, message_capacity, "out of memory for the decoded pixels");
        goto done;
    }
    result = avifImageYUVToRGB(decoded, &pixels);
    if (result != AVIF_RESULT_OK) {
        free(pixels.pixels);
        status = fail_avif(message, message_capacity, "converting to RGB", result, NULL);
        goto done;
    }
    image->width = decoded->width;
    image->height = decoded->height;
    image->rgba.bytes = pixels.pixels;
    image->rgba.count = count;
done:
    if (decoded != NULL) avifImageDestroy(decoded);
    if (decoder != NULL) avifDecoderDestroy(decoder);
    return status;
}

void relief_avif_buffer_free(relief_avif_buffer *buffer) {
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = 0;
}
