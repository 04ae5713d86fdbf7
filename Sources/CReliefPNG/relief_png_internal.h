#ifndef RELIEF_PNG_INTERNAL_H
#define RELIEF_PNG_INTERNAL_H

/* The encoder's stages, which call neither libpng nor each other's callers: the survey that counts
   colours and picks the colour type (relief_png_layout.c), the filtering and deflating of image
   data (relief_png_deflate.c) and the threads that deflate strips of it (relief_png_parallel.c). relief_png.c runs them and writes the file through libpng. */

#include "relief_png.h"

#include <stdarg.h>

/* Formats a message into a caller's buffer; does nothing without one. */
void relief_png_format_message(char *text, size_t capacity, const char *format, ...);

/* Up to 256 distinct RGBA colours in the order first seen, found again through a hash table. */
typedef struct relief_png_colour_table {
    uint32_t colours[256];      /* R | G << 8 | B << 16 | A << 24 */
    unsigned int count;
    int overflowed;             /* a 257th colour was seen: no palette */
    uint32_t slot_colours[512]; /* open addressing, at most half full */
    uint16_t slot_entries[512]; /* index into colours + 1; 0 = empty slot */
} relief_png_colour_table;

/* What one pass over the pixels of every picture learns. */
typedef struct relief_png_survey {
    relief_png_colour_table table;
    uint32_t alpha_and;  /* AND of every alpha byte: 255 when opaque */
    uint32_t grey_diff;  /* OR of (red ^ green) | (green ^ blue) << 8: 0 when grey */
} relief_png_survey;

/* The file's colour type and bit depth, and for palette and grey how a colour of the table maps to
   the sample written. */
typedef struct relief_png_layout {
    int colour_class;        /* RELIEF_PNG_CLASS_* */
    int bit_depth;           /* 1, 2, 4 or 8 */
    unsigned int channels;   /* samples a pixel: 1 (palette, grey), 2, 3 or 4 */
    unsigned int palette_count;
    unsigned int translucent_count;          /* the first palette entries, the ones in tRNS */
    uint8_t palette_rgb[256 * 3];
    uint8_t palette_alpha[256];
    uint8_t samples[256];    /* table index -> palette index or grey level at bit_depth */
} relief_png_layout;

/* Counts the distinct colours of each picture while writing each pixel's table index into
   indices (one byte a pixel, pictures one after another), and learns whether all are opaque and
   grey. The table gives up at its 257th colour; from there on only opacity and greyness are
   tracked, and a part's pass ends as soon as neither can hold. track_colours = 0 skips the table.
   Large pictures are surveyed in parts on up to `threads` threads; the table's order then
   differs, but not the palette, which is sorted by colour. */
void relief_png_survey_pictures(const relief_png_picture *pictures, size_t picture_count, int track_colours,
                                unsigned int threads, uint8_t *indices, relief_png_survey *survey);

/* The smallest lossless layout the survey allows under `reductions`. */
void relief_png_choose_layout(const relief_png_survey *survey, unsigned int reductions, relief_png_layout *layout);

/* Bytes of one row of `width` pixels in `layout`, without the filter byte. */
size_t relief_png_row_bytes(const relief_png_layout *layout, uint32_t width);

/* The zlib stream of one picture: its rows converted to `layout`, filtered and deflated.
   indices are the picture's table indices from the survey (used by palette and grey layouts).
   On failure returns RELIEF_PNG_ERROR with a message, leaving *stream empty. */
int relief_png_compress_picture(const relief_png_picture *picture, const uint8_t *indices,
                                const relief_png_layout *layout, const relief_png_settings *settings,
                                relief_png_buffer *stream, char *message, size_t message_capacity);

/* Runs count jobs of job_size bytes each (an array at jobs) with run, on the calling thread and up
   to threads - 1 more; returns when all are done. Fewer threads start when the system refuses
   one: the jobs are done all the same. */
void relief_png_run_jobs(void *jobs, size_t job_size, size_t count, unsigned int threads, void (*run)(void *job));

#endif
