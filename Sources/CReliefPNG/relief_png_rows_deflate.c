#include "relief_png_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The encoder's own deflate for filtered rows (RFC 1951 in an RFC 1950 zlib stream). A render is
   mostly flat: its background and faces filter to runs of one byte, and rows that repeat filter
   to the row above. zlib and libdeflate pass every byte of a match through their hash tables, and
   libdeflate's level 1 takes twice as long over a run of one byte as over other matches (every
   byte of the run lands in the same bucket), so flat pictures cost the most where they hold the
   least. Here a run and the row above are each tried first with one comparison, a match of them
   is skipped whole, and only the bytes between (shadows, edges, glyphs) go through a hash chain. */

enum {
    ROWS_HASH_BITS = 15,
    ROWS_WINDOW = 32768,      /* deflate's largest distance */
    ROWS_MIN_MATCH = 3,
    ROWS_MAX_MATCH = 258,
    /* A match this long ends the chain's search: longer ones are rare outside runs and rows. */
    ROWS_NICE_MATCH = 32,
    /* Positions inside a match this long or shorter go into the hash; a longer match is a run or
       a repeat, whose inside the chain never needs. */
    ROWS_INSERT_MATCH = 16,
    /* Tokens a block: its Huffman codes follow the picture's parts (shadows, flat rows). */
    ROWS_BLOCK_TOKENS = 32768,
    ROWS_LITLEN_SYMBOLS = 286,
    ROWS_DISTANCE_SYMBOLS = 30,
    ROWS_CODE_LENGTH_SYMBOLS = 19,
    ROWS_MAX_CODE_BITS = 15,
    ROWS_MAX_CODE_LENGTH_BITS = 7,
};

static const uint16_t rows_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                              31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t rows_length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                              2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t rows_distance_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                                33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                                1025, 1537, 2049, 3073, 4097, 6145,  8193,  12289, 16385, 24577};
static const uint8_t rows_distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
/* The order in which a dynamic block's header lists the code-length code's lengths. */
static const uint8_t rows_code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* A literal (distance 0, the byte in length) or a match. */
typedef struct rows_token {
    uint16_t length;
    uint16_t distance;
} rows_token;

/* Bits appended least significant first, as deflate packs them, into bytes that grow by doubling
   up to `limit`; past it the writer stops (overflowed), and so does a failed allocation. */
typedef struct rows_bit_writer {
    uint8_t *bytes;
    size_t count, capacity, limit;
    uint64_t pending;
    unsigned int pending_bits;
    int overflowed; /* Z_OK, or Z_BUF_ERROR past the limit, Z_MEM_ERROR without memory */
} rows_bit_writer;

/* Room for `needed` more bytes; 0 when there is none. */
static int rows_reserve(rows_bit_writer *writer, size_t needed) {
    if (writer->overflowed) {
        return 0;
    }
    if (writer->capacity - writer->count >= needed) {
        return 1;
    }
    if (writer->limit - writer->count < needed) {
        writer->overflowed = Z_BUF_ERROR;
        return 0;
    }
    size_t capacity = writer->capacity * 2 > writer->count + needed ? writer->capacity * 2 : writer->count + needed;
    capacity = capacity < writer->limit ? capacity : writer->limit;
    uint8_t *grown = (uint8_t *)realloc(writer->bytes, capacity);
    if (grown == NULL) {
        writer->overflowed = Z_MEM_ERROR;
        return 0;
    }
    writer->bytes = grown;
    writer->capacity = capacity;
    return 1;
}

static void rows_put_bits(rows_bit_writer *writer, uint32_t value, unsigned int bits) {
    writer->pending |= (uint64_t)value << writer->pending_bits;
    writer->pending_bits += bits;
    if (writer->pending_bits < 32) {
        return;
    }
    if (!rows_reserve(writer, 4)) {
        writer->pending_bits = 0;
        return;
    }
    for (int byte = 0; byte < 4; byte++) {
        writer->bytes[writer->count++] = (uint8_t)(writer->pending >> (8 * byte));
    }
    writer->pending >>= 32;
    writer->pending_bits -= 32;
}

/* Writes what is pending, the last byte padded with zero bits, then `count` bytes of `tail`. */
static void rows_flush_bits(rows_bit_writer *writer, const uint8_t *tail, size_t count) {
    const size_t pending_bytes = (writer->pending_bits + 7) / 8;
    if (!rows_reserve(writer, pending_bytes + count)) {
        return;
    }
    for (size_t byte = 0; byte < pending_bytes; byte++) {
        writer->bytes[writer->count++] = (uint8_t)(writer->pending >> (8 * byte));
    }
    writer->pending = 0;
    writer->pending_bits = 0;
    memcpy(writer->bytes + writer->count, tail, count);
    writer->count += count;
}

static unsigned int rows_length_symbol(unsigned int length) {
    /* Past 10, the symbols double their span every four: from the bit length of length - 3. */
    if (length <= 10) {
        return length - 3;
    }
    if (length == ROWS_MAX_MATCH) {
        return 28;
    }
    const unsigned int top = 31u - (unsigned int)__builtin_clz(length - 3);
    return 4 * (top - 1) + (((length - 3) >> (top - 2)) & 3u);
}

static unsigned int rows_distance_symbol(unsigned int distance) {
    /* The symbols double their span every two: start from the bit length of distance - 1. */
    if (distance <= 4) {
        return distance - 1;
    }
    const unsigned int top = 31u - (unsigned int)__builtin_clz(distance - 1);
    return 2 * top + (((distance - 1) >> (top - 1)) & 1u);
}

typedef struct rows_leaf {
    uint32_t frequency;
    uint16_t symbol;
} rows_leaf;

static int rows_compare_leaves(const void *first, const void *second) {
    const rows_leaf *a = (const rows_leaf *)first, *b = (const rows_leaf *)second;
    if (a->frequency != b->frequency) {
        return a->frequency < b->frequency ? -1 : 1;
    }
    return a->symbol < b->symbol ? -1 : 1;
}

/* Huffman code lengths for frequencies[0 ..< count], none longer than max_bits: the optimal tree
   (two queues over the leaves sorted by frequency), then, where it is too deep, lengths moved
   until the Kraft sum is 1 again, the longest codes going to the rarest symbols. */
static void rows_code_lengths(const uint32_t *frequencies, unsigned int count, unsigned int max_bits,
                              uint8_t *lengths) {
    rows_leaf leaves[ROWS_LITLEN_SYMBOLS];
    unsigned int used = 0;
    memset(lengths, 0, count);
    for (unsigned int symbol = 0; symbol < count; symbol++) {
        if (frequencies[symbol] > 0) {
            leaves[used++] = (rows_leaf){frequencies[symbol], (uint16_t)symbol};
        }
    }
    if (used == 0) {
        return;
    }
    if (used == 1) {
        lengths[leaves[0].symbol] = 1;
        return;
    }
    qsort(leaves, used, sizeof leaves[0], rows_compare_leaves);
    /* Nodes 0 ..< used are the leaves, used ... the inner nodes in the order they are made. */
    uint32_t inner_frequency[ROWS_LITLEN_SYMBOLS];
    unsigned int parent[2 * ROWS_LITLEN_SYMBOLS], depth[2 * ROWS_LITLEN_SYMBOLS];
    unsigned int next_leaf = 0, next_inner = 0;
    for (unsigned int made = 0; made + 1 < used; made++) {
        unsigned int children[2];
        for (int child = 0; child < 2; child++) {
            if (next_leaf < used && (next_inner >= made || leaves[next_leaf].frequency <= inner_frequency[next_inner])) {
                children[child] = next_leaf++;
            } else {
                children[child] = used + next_inner++;
            }
        }
        inner_frequency[made] = 0;
        for (int child = 0; child < 2; child++) {
            inner_frequency[made] += children[child] < used ? leaves[children[child]].frequency
                                                            : inner_frequency[children[child] - used];
            parent[children[child]] = used + made;
        }
    }
    const unsigned int root = 2 * used - 2;
    depth[root] = 0;
    for (unsigned int node = root; node-- > used;) {
        depth[node] = depth[parent[node]] + 1;
    }
    unsigned int per_length[ROWS_MAX_CODE_BITS + 1] = {0};
    for (unsigned int leaf = 0; leaf < used; leaf++) {
        const unsigned int bits = depth[parent[leaf]] + 1;
        per_length[bits > max_bits ? max_bits : bits]++;
    }
    uint32_t kraft = 0;
    for (unsigned int bits = 1; bits <= max_bits; bits++) {
        kraft += (uint32_t)per_length[bits] << (max_bits - bits);
    }
    while (kraft > (1u << max_bits)) {
        /* A code of max_bits goes away; a shorter one splits into two one bit longer. */
        per_length[max_bits]--;
        for (unsigned int bits = max_bits - 1; bits > 0; bits--) {
            if (per_length[bits] > 0) {
                per_length[bits]--;
                per_length[bits + 1] += 2;
                break;
            }
        }
        kraft--;
    }
    unsigned int leaf = 0;
    for (unsigned int bits = max_bits; bits >= 1; bits--) {
        for (unsigned int codes = per_length[bits]; codes > 0; codes--) {
            lengths[leaves[leaf++].symbol] = (uint8_t)bits;
        }
    }
}

/* The canonical codes of `lengths`, bit-reversed, since deflate sends a code's first bit first. */
static void rows_codes(const uint8_t *lengths, unsigned int count, uint16_t *codes) {
    unsigned int per_length[ROWS_MAX_CODE_BITS + 1] = {0}, next[ROWS_MAX_CODE_BITS + 1];
    for (unsigned int symbol = 0; symbol < count; symbol++) {
        per_length[lengths[symbol]]++;
    }
    per_length[0] = 0;
    unsigned int code = 0;
    for (unsigned int bits = 1; bits <= ROWS_MAX_CODE_BITS; bits++) {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (unsigned int symbol = 0; symbol < count; symbol++) {
        const unsigned int bits = lengths[symbol];
        unsigned int value = bits > 0 ? next[bits]++ : 0, reversed = 0;
        for (unsigned int bit = 0; bit < bits; bit++) {
            reversed = reversed << 1 | (value & 1u);
            value >>= 1;
        }
        codes[symbol] = (uint16_t)reversed;
    }
}

/* One dynamic-Huffman block of `count` tokens. */
static void rows_write_block(rows_bit_writer *writer, const rows_token *tokens, size_t count, int final) {
    uint32_t litlen_frequency[ROWS_LITLEN_SYMBOLS] = {0}, distance_frequency[ROWS_DISTANCE_SYMBOLS] = {0};
    for (size_t index = 0; index < count; index++) {
        if (tokens[index].distance == 0) {
            litlen_frequency[tokens[index].length]++;
        } else {
            litlen_frequency[257 + rows_length_symbol(tokens[index].length)]++;
            distance_frequency[rows_distance_symbol(tokens[index].distance)]++;
        }
    }
    litlen_frequency[256] = 1; /* the end of the block */
    unsigned int distances_used = 0;
    for (unsigned int symbol = 0; symbol < ROWS_DISTANCE_SYMBOLS; symbol++) {
        distances_used += distance_frequency[symbol] > 0;
    }
    if (distances_used == 0) {
        distance_frequency[0] = 1; /* a block without matches still describes one distance code */
    }
    uint8_t lengths[ROWS_LITLEN_SYMBOLS + ROWS_DISTANCE_SYMBOLS];
    rows_code_lengths(litlen_frequency, ROWS_LITLEN_SYMBOLS, ROWS_MAX_CODE_BITS, lengths);
    rows_code_lengths(distance_frequency, ROWS_DISTANCE_SYMBOLS, ROWS_MAX_CODE_BITS, lengths + ROWS_LITLEN_SYMBOLS);
    unsigned int litlen_count = ROWS_LITLEN_SYMBOLS, distance_count = ROWS_DISTANCE_SYMBOLS;
    while (litlen_count > 257 && lengths[litlen_count - 1] == 0) {
        litlen_count--;
    }
    while (distance_count > 1 && lengths[ROWS_LITLEN_SYMBOLS + distance_count - 1] == 0) {
        distance_count--;
    }

    /* Both codes' lengths in one sequence, runs coded with 16 (repeat the last 3-6 times), 17 (3-10
       zeros) and 18 (11-138 zeros). */
    uint8_t sequence[ROWS_LITLEN_SYMBOLS + ROWS_DISTANCE_SYMBOLS];
    memcpy(sequence, lengths, litlen_count);
    memcpy(sequence + litlen_count, lengths + ROWS_LITLEN_SYMBOLS, distance_count);
    const unsigned int total = litlen_count + distance_count;
    uint8_t run_symbols[ROWS_LITLEN_SYMBOLS + ROWS_DISTANCE_SYMBOLS], run_extras[ROWS_LITLEN_SYMBOLS + ROWS_DISTANCE_SYMBOLS];
    unsigned int runs = 0;
    for (unsigned int index = 0; index < total;) {
        const uint8_t value = sequence[index];
        unsigned int run = 1;
        while (index + run < total && sequence[index + run] == value) {
            run++;
        }
        index += run;
        if (value == 0) {
            for (; run >= 11; run -= run > 138 ? 138 : run) {
                run_symbols[runs] = 18;
                run_extras[runs++] = (uint8_t)((run > 138 ? 138 : run) - 11);
            }
            if (run >= 3) {
                run_symbols[runs] = 17;
                run_extras[runs++] = (uint8_t)(run - 3);
                run = 0;
            }
        } else {
            run_symbols[runs] = value;
            run_extras[runs++] = 0;
            run--;
            for (; run >= 3; run -= run > 6 ? 6 : run) {
                run_symbols[runs] = 16;
                run_extras[runs++] = (uint8_t)((run > 6 ? 6 : run) - 3);
            }
        }
        for (; run > 0; run--) {
            run_symbols[runs] = value;
            run_extras[runs++] = 0;
        }
    }
    uint32_t run_frequency[ROWS_CODE_LENGTH_SYMBOLS] = {0};
    for (unsigned int index = 0; index < runs; index++) {
        run_frequency[run_symbols[index]]++;
    }
    uint8_t run_lengths[ROWS_CODE_LENGTH_SYMBOLS];
    uint16_t run_codes[ROWS_CODE_LENGTH_SYMBOLS];
    rows_code_lengths(run_frequency, ROWS_CODE_LENGTH_SYMBOLS, ROWS_MAX_CODE_LENGTH_BITS, run_lengths);
    rows_codes(run_lengths, ROWS_CODE_LENGTH_SYMBOLS, run_codes);
    unsigned int listed = ROWS_CODE_LENGTH_SYMBOLS;
    while (listed > 4 && run_lengths[rows_code_length_order[listed - 1]] == 0) {
        listed--;
    }

    rows_put_bits(writer, final ? 1u : 0u, 1);
    rows_put_bits(writer, 2, 2); /* dynamic Huffman codes */
    rows_put_bits(writer, litlen_count - 257, 5);
    rows_put_bits(writer, distance_count - 1, 5);
    rows_put_bits(writer, listed - 4, 4);
    for (unsigned int index = 0; index < listed; index++) {
        rows_put_bits(writer, run_lengths[rows_code_length_order[index]], 3);
    }
    static const uint8_t run_extra_bits[3] = {2, 3, 7};
    for (unsigned int index = 0; index < runs; index++) {
        rows_put_bits(writer, run_codes[run_symbols[index]], run_lengths[run_symbols[index]]);
        if (run_symbols[index] >= 16) {
            rows_put_bits(writer, run_extras[index], run_extra_bits[run_symbols[index] - 16]);
        }
    }

    uint16_t litlen_codes[ROWS_LITLEN_SYMBOLS], distance_codes[ROWS_DISTANCE_SYMBOLS];
    rows_codes(lengths, ROWS_LITLEN_SYMBOLS, litlen_codes);
    rows_codes(lengths + ROWS_LITLEN_SYMBOLS, ROWS_DISTANCE_SYMBOLS, distance_codes);
    const uint8_t *distance_lengths = lengths + ROWS_LITLEN_SYMBOLS;
    for (size_t index = 0; index < count; index++) {
        const rows_token token = tokens[index];
        if (token.distance == 0) {
            rows_put_bits(writer, litlen_codes[token.length], lengths[token.length]);
            continue;
        }
        const unsigned int length_symbol = rows_length_symbol(token.length);
        const unsigned int distance_symbol = rows_distance_symbol(token.distance);
        rows_put_bits(writer, litlen_codes[257 + length_symbol], lengths[257 + length_symbol]);
        rows_put_bits(writer, token.length - rows_length_base[length_symbol], rows_length_extra[length_symbol]);
        rows_put_bits(writer, distance_codes[distance_symbol], distance_lengths[distance_symbol]);
        rows_put_bits(writer, token.distance - rows_distance_base[distance_symbol], rows_distance_extra[distance_symbol]);
    }
    rows_put_bits(writer, litlen_codes[256], lengths[256]);
}

static inline uint32_t rows_load32(const uint8_t *bytes) {
    uint32_t value;
    memcpy(&value, bytes, sizeof value);
    return value;
}

static inline uint64_t rows_load64(const uint8_t *bytes) {
    uint64_t value;
    memcpy(&value, bytes, sizeof value);
    return value;
}

static inline uint32_t rows_hash(const uint8_t *bytes) {
    return (rows_load32(bytes) * 2654435761u) >> (32 - ROWS_HASH_BITS);
}

/* How many of the first `limit` bytes at a and b agree, eight at a time. */
static inline unsigned int rows_match_length(const uint8_t *a, const uint8_t *b, unsigned int limit) {
    unsigned int length = 0;
    for (; length + 8 <= limit; length += 8) {
        const uint64_t difference = rows_load64(a + length) ^ rows_load64(b + length);
        if (difference != 0) {
            return length + (unsigned int)__builtin_ctzll(difference) / 8;
        }
    }
    while (length < limit && a[length] == b[length]) {
        length++;
    }
    return length;
}

int relief_png_deflate_rows(const uint8_t *rows, size_t count, size_t row_stride, unsigned int chain,
                            relief_png_buffer *stream) {
    *stream = (relief_png_buffer){0};
    int32_t *head = (int32_t *)malloc(sizeof(int32_t) << ROWS_HASH_BITS);
    int32_t *previous = (int32_t *)malloc(sizeof(int32_t) * ROWS_WINDOW);
    rows_token *tokens = (rows_token *)malloc(sizeof(rows_token) * ROWS_BLOCK_TOKENS);
    /* Past the rows and an eighth, deflating them here does not pay: the caller uses zlib. The
       output starts at a sixteenth of the rows, about what a render on a colour comes to. */
    rows_bit_writer writer = {NULL, 0, 0, count + count / 8 + 1024, 0, 0, Z_OK};
    if (head == NULL || previous == NULL || tokens == NULL || !rows_reserve(&writer, count / 16 + 1024)) {
        free(head);
        free(previous);
        free(tokens);
        free(writer.bytes);
        return Z_MEM_ERROR;
    }
    memset(head, 0xFF, sizeof(int32_t) << ROWS_HASH_BITS); /* -1: no position yet */
    rows_put_bits(&writer, 0x78 | 0x01u << 8, 16); /* CMF (deflate, 32 KiB window), FLG (fastest) */
    size_t held = 0;
    for (size_t at = 0; at < count && writer.overflowed == Z_OK;) {
        const unsigned int limit = count - at < ROWS_MAX_MATCH ? (unsigned int)(count - at) : ROWS_MAX_MATCH;
        unsigned int best = 0, best_distance = 0;
        if (limit >= ROWS_MIN_MATCH) {
            if (at >= 1) {
                best = rows_match_length(rows + at, rows + at - 1, limit);
                best_distance = 1;
            }
            if (best < limit && at >= row_stride && row_stride <= ROWS_WINDOW) {
                const unsigned int above = rows_match_length(rows + at, rows + at - row_stride, limit);
                if (above > best) {
                    best = above;
                    best_distance = (unsigned int)row_stride;
                }
            }
            if (best < ROWS_NICE_MATCH && limit >= 4) {
                const uint32_t hash = rows_hash(rows + at);
                int32_t candidate = head[hash];
                for (unsigned int step = 0; step < chain && candidate >= 0 && at - (size_t)candidate < ROWS_WINDOW; step++) {
                    if (rows[(size_t)candidate + best] == rows[at + best]) {
                        const unsigned int length = rows_match_length(rows + at, rows + candidate, limit);
                        if (length > best) {
                            best = length;
                            best_distance = (unsigned int)(at - (size_t)candidate);
                            if (length >= ROWS_NICE_MATCH) {
                                break;
                            }
                        }
                    }
                    candidate = previous[candidate & (ROWS_WINDOW - 1)];
                }
                previous[at & (ROWS_WINDOW - 1)] = head[hash];
                head[hash] = (int32_t)at;
            }
        }
        /* A match of 3 far back costs more bits than its three literals. */
        if (best >= ROWS_MIN_MATCH && !(best == ROWS_MIN_MATCH && best_distance > 4096)) {
            tokens[held++] = (rows_token){(uint16_t)best, (uint16_t)best_distance};
            if (best <= ROWS_INSERT_MATCH) {
                for (size_t inside = at + 1; inside < at + best && inside + 4 <= count; inside++) {
                    const uint32_t hash = rows_hash(rows + inside);
                    previous[inside & (ROWS_WINDOW - 1)] = head[hash];
                    head[hash] = (int32_t)inside;
                }
            }
            at += best;
        } else {
            tokens[held++] = (rows_token){rows[at], 0};
            at++;
        }
        if (held == ROWS_BLOCK_TOKENS) {
            rows_write_block(&writer, tokens, held, at == count);
            held = 0;
        }
    }
    if (held > 0 || count == 0) {
        rows_write_block(&writer, tokens, held, 1);
    }
    const uint32_t adler = libdeflate_adler32(1, rows, count);
    const uint8_t trailer[4] = {(uint8_t)(adler >> 24), (uint8_t)(adler >> 16), (uint8_t)(adler >> 8), (uint8_t)adler};
    rows_flush_bits(&writer, trailer, sizeof trailer);
    free(head);
    free(previous);
    free(tokens);
    if (writer.overflowed) {
        free(writer.bytes);
        return writer.overflowed;
    }
    *stream = (relief_png_buffer){writer.bytes, writer.count, writer.capacity};
    return Z_OK;
}
