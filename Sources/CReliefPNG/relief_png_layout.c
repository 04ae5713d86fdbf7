#include "relief_png_internal.h"

#include <stdlib.h>
#include <string.h>

/* The pixel at p as one number, R | G << 8 | B << 16 | A << 24 (one load on little-endian hosts). */
static inline uint32_t relief_png_load_colour(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The table index of colour, added if new; -1 once a 257th colour arrives. */
static int relief_png_colour_index(relief_png_colour_table *table, uint32_t colour) {
    uint32_t slot = (colour * 0x9E3779B1u) >> 23; /* Fibonacci hashing onto 512 slots */
    for (;;) {
        const uint16_t entry = table->slot_entries[slot];
        if (entry == 0) {
            if (table->count == 256) {
                table->overflowed = 1;
                return -1;
            }
            table->colours[table->count] = colour;
            table->slot_colours[slot] = colour;
            table->slot_entries[slot] = (uint16_t)++table->count;
            return (int)table->count - 1;
        }
        if (table->slot_colours[slot] == colour) {
            return entry - 1;
        }
        slot = (slot + 1) & 511u;
    }
}

/* Opacity and greyness of pixels [from, width) of a row: a loop the compiler vectorises. */
static void relief_png_survey_flags(const uint8_t *row, uint32_t from, uint32_t width, relief_png_survey *survey) {
    uint32_t alpha_and = survey->alpha_and, grey_diff = survey->grey_diff;
    for (uint32_t x = from; x < width; x++) {
        const uint32_t colour = relief_png_load_colour(row + (size_t)x * 4);
        alpha_and &= colour >> 24;
        grey_diff |= (colour ^ (colour >> 8)) & 0xFFFFu;
    }
    survey->alpha_and = alpha_and;
    survey->grey_diff = grey_diff;
}

/* Rows first ..< last of one picture, surveyed into a table of their own, merged into the whole
   survey afterwards: the parts of a large picture are surveyed side by side. */
typedef struct relief_png_survey_part {
    const relief_png_picture *picture;
    uint8_t *indices; /* the picture's table indices from its row 0, or NULL without a table */
    uint32_t first, last;
    relief_png_survey survey;
} relief_png_survey_part;

/* A picture of at least this many pixels is surveyed in as many parts as there are threads, up to
   one for every this many pixels: a 760 x 760 card in two. Smaller pictures are not worth a
   thread. */
#define RELIEF_PNG_SURVEY_PART_PIXELS ((size_t)262144)

/* How many parts `picture` is surveyed in on `threads` threads. */
static size_t relief_png_survey_parts(const relief_png_picture *picture, unsigned int threads) {
    const size_t most = (size_t)picture->width * picture->height / RELIEF_PNG_SURVEY_PART_PIXELS;
    const size_t parts = most < 1 ? 1 : most < threads ? most : threads;
    return parts < picture->height ? parts : picture->height;
}

/* Surveys a part (the signature relief_png_run_jobs wants). */
static void relief_png_survey_part_run(void *argument) {
    relief_png_survey_part *part = (relief_png_survey_part *)argument;
    relief_png_survey *survey = &part->survey;
    const uint32_t width = part->picture->width;
    const size_t row_bytes = (size_t)width * 4;
    for (uint32_t y = part->first; y < part->last; y++) {
        const uint8_t *row = part->picture->rgba + (size_t)y * row_bytes;
        uint32_t x = 0;
        if (!survey->table.overflowed) {
            uint8_t *index_row = part->indices + (size_t)y * width;
            /* Most pixels repeat their left or upper neighbour, whose index is known: the hash
               table is asked only for the others. The row above another part's first row has
               indices of that part's table. A colour's opacity and greyness are noted when the
               table is asked for it: a neighbour's colour was noted when it was. */
            const uint8_t *above = y > part->first ? row - row_bytes : NULL;
            uint32_t left = 0;
            for (; x < width; x++) {
                const uint32_t colour = relief_png_load_colour(row + (size_t)x * 4);
                int index;
                if (x > 0 && colour == left) {
                    /* A run of the left neighbour's colour, two pixels' bytes compared at a time. */
                    uint64_t pair;
                    memcpy(&pair, row + (size_t)x * 4 - 4, 4);
                    memcpy((uint8_t *)&pair + 4, row + (size_t)x * 4 - 4, 4);
                    uint32_t end = x + 1;
                    while (end + 2 <= width && memcmp(row + (size_t)end * 4, &pair, 8) == 0) {
                        end += 2;
                    }
                    if (end < width && relief_png_load_colour(row + (size_t)end * 4) == left) {
                        end++;
                    }
                    memset(index_row + x, index_row[x - 1], end - x);
                    x = end - 1;
                    continue;
                } else if (above != NULL && colour == relief_png_load_colour(above + (size_t)x * 4)) {
                    index = index_row[(size_t)x - width];
                } else {
                    survey->alpha_and &= colour >> 24;
                    survey->grey_diff |= (colour ^ (colour >> 8)) & 0xFFFFu;
                    if ((index = relief_png_colour_index(&survey->table, colour)) < 0) {
                        break;
                    }
                }
                index_row[x] = (uint8_t)index;
                left = colour;
            }
        }
        relief_png_survey_flags(row, x, width, survey);
        if (survey->table.overflowed && survey->alpha_and != 0xFF && survey->grey_diff != 0) {
            return; /* truecolour with alpha: nothing more to learn */
        }
    }
}

/* Adds what `part` learnt to `whole`: its flags, and its colours to the whole's table, its indices
   renumbered to match. */
static void relief_png_merge_survey(relief_png_survey *whole, const relief_png_survey_part *part) {
    whole->alpha_and &= part->survey.alpha_and;
    whole->grey_diff |= part->survey.grey_diff;
    if (whole->table.overflowed || part->survey.table.overflowed) {
        whole->table.overflowed = 1;
        return;
    }
    uint8_t renumbered[256];
    int unchanged = 1;
    for (unsigned int index = 0; index < part->survey.table.count; index++) {
        const int merged = relief_png_colour_index(&whole->table, part->survey.table.colours[index]);
        if (merged < 0) {
            return; /* the whole has more than 256 colours: its indices are not used */
        }
        renumbered[index] = (uint8_t)merged;
        unchanged &= (unsigned int)merged == index;
    }
    if (unchanged) {
        return;
    }
    const size_t width = part->picture->width;
    uint8_t *indices = part->indices + part->first * width;
    for (size_t index = 0; index < (size_t)(part->last - part->first) * width; index++) {
        indices[index] = renumbered[indices[index]];
    }
}

void relief_png_survey_pictures(const relief_png_picture *pictures, size_t picture_count, int track_colours,
                                unsigned int threads, uint8_t *indices, relief_png_survey *survey) {
    memset(survey, 0, sizeof *survey);
    survey->alpha_and = 0xFF;
    survey->table.overflowed = !track_colours;
    size_t part_count = 0;
    for (size_t picture = 0; picture < picture_count; picture++) {
        part_count += relief_png_survey_parts(&pictures[picture], threads);
    }
    relief_png_survey_part *parts = (relief_png_survey_part *)malloc(part_count * sizeof *parts);
    relief_png_survey_part single;
    /* Without memory for the parts, each picture is one part, surveyed and merged in turn. */
    const int whole_pictures = parts == NULL;
    size_t count = 0;
    uint8_t *picture_indices = indices;
    for (size_t picture = 0; picture < picture_count; picture++) {
        const uint32_t height = pictures[picture].height;
        const size_t pieces = whole_pictures ? 1 : relief_png_survey_parts(&pictures[picture], threads);
        for (size_t piece = 0; piece < pieces; piece++) {
            relief_png_survey_part *part = whole_pictures ? &single : &parts[count++];
            *part = (relief_png_survey_part){
                .picture = &pictures[picture], .indices = picture_indices,
                .first = (uint32_t)(height * piece / pieces), .last = (uint32_t)(height * (piece + 1) / pieces),
            };
            part->survey.alpha_and = 0xFF;
            part->survey.table.overflowed = !track_colours;
            if (whole_pictures) {
                relief_png_survey_part_run(part);
                relief_png_merge_survey(survey, part);
            }
        }
        if (picture_indices != NULL) {
            picture_indices += (size_t)pictures[picture].width * height;
        }
    }
    if (whole_pictures) {
        return;
    }
    relief_png_run_jobs(parts, sizeof *parts, count, threads, relief_png_survey_part_run);
    for (size_t index = 0; index < count; index++) {
        relief_png_merge_survey(survey, &parts[index]);
    }
    free(parts);
}

/* The smallest bit depth among 1, 2, 4, 8 that holds `count` palette indices. */
static int relief_png_palette_depth(unsigned int count) {
    return count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
}

/* The smallest bit depth at which every grey level of the table is exact: a level v is exact at
   depth d when it is a multiple of 255 / (2^d - 1), the step between the levels d bits scale to. */
static int relief_png_grey_depth(const relief_png_colour_table *table) {
    static const int depths[3] = {1, 2, 4};
    static const unsigned int steps[3] = {255, 85, 17};
    for (int candidate = 0; candidate < 3; candidate++) {
        unsigned int index = 0;
        while (index < table->count && (table->colours[index] & 0xFFu) % steps[candidate] == 0) {
            index++;
        }
        if (index == table->count) {
            return depths[candidate];
        }
    }
    return 8;
}

/* A palette entry's place: translucent colours first, so tRNS lists only them, then each group in
   the order of red, green, blue and alpha. Sorting by colour keeps neighbouring shades of a gradient
   at neighbouring indices, so the row filters predict palette images as they predict RGB ones. */
static uint64_t relief_png_palette_key(uint32_t colour) {
    const uint64_t opaque = (colour >> 24) == 0xFF;
    return opaque << 32 | (uint64_t)(colour & 0xFFu) << 24 | (uint64_t)((colour >> 8) & 0xFFu) << 16 |
           (uint64_t)((colour >> 16) & 0xFFu) << 8 | (colour >> 24);
}

static int relief_png_compare_keys(const void *left, const void *right) {
    const uint64_t a = *(const uint64_t *)left, b = *(const uint64_t *)right;
    return (a > b) - (a < b);
}

static void relief_png_fill_palette(const relief_png_colour_table *table, relief_png_layout *layout) {
    /* Each key carries its table index in the low byte, below the colour. */
    uint64_t keys[256];
    for (unsigned int index = 0; index < table->count; index++) {
        keys[index] = relief_png_palette_key(table->colours[index]) << 8 | index;
    }
    qsort(keys, table->count, sizeof keys[0], relief_png_compare_keys);
    for (unsigned int position = 0; position < table->count; position++) {
        const unsigned int index = (unsigned int)(keys[position] & 0xFFu);
        const uint32_t colour = table->colours[index];
        layout->palette_rgb[position * 3] = (uint8_t)colour;
        layout->palette_rgb[position * 3 + 1] = (uint8_t)(colour >> 8);
        layout->palette_rgb[position * 3 + 2] = (uint8_t)(colour >> 16);
        layout->palette_alpha[position] = (uint8_t)(colour >> 24);
        layout->samples[index] = (uint8_t)position;
        layout->translucent_count += (colour >> 24) != 0xFF;
    }
    layout->palette_count = table->count;
}

void relief_png_choose_layout(const relief_png_survey *survey, unsigned int reductions, relief_png_layout *layout) {
    memset(layout, 0, sizeof *layout);
    const relief_png_colour_table *table = &survey->table;
    const int opaque = (reductions & RELIEF_PNG_REDUCE_ALPHA) && survey->alpha_and == 0xFF;
    const int grey = (reductions & RELIEF_PNG_REDUCE_GREY) && survey->grey_diff == 0;
    const int palette = (reductions & RELIEF_PNG_REDUCE_PALETTE) && !table->overflowed;
    layout->bit_depth = 8;

    /* An opaque grey image has at most 256 levels, so its table is always complete. Grey wins a tie
       with the palette: the same bits a pixel without a PLTE. */
    if (opaque && grey && !table->overflowed) {
        const int grey_depth = relief_png_grey_depth(table);
        if (!palette || grey_depth <= relief_png_palette_depth(table->count)) {
            layout->colour_class = RELIEF_PNG_CLASS_GREY;
            layout->bit_depth = grey_depth;
            layout->channels = 1;
            const unsigned int step = 255u / ((1u << grey_depth) - 1u);
            for (unsigned int index = 0; index < table->count; index++) {
                layout->samples[index] = (uint8_t)((table->colours[index] & 0xFFu) / step);
            }
            return;
        }
    }
    if (palette) {
        layout->colour_class = RELIEF_PNG_CLASS_PALETTE;
        layout->bit_depth = relief_png_palette_depth(table->count);
        layout->channels = 1;
        relief_png_fill_palette(table, layout);
    } else if (grey) {
        /* translucent: an opaque grey image took the branch above */
        layout->colour_class = RELIEF_PNG_CLASS_GREY_ALPHA;
        layout->channels = 2;
    } else {
        layout->colour_class = opaque ? RELIEF_PNG_CLASS_RGB : RELIEF_PNG_CLASS_RGBA;
        layout->channels = opaque ? 3 : 4;
    }
}

size_t relief_png_row_bytes(const relief_png_layout *layout, uint32_t width) {
    return ((size_t)width * layout->channels * (size_t)layout->bit_depth + 7) / 8;
}
