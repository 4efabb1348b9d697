/*
 * Clue computation.
 *
 * The per-line function follows the seed: isolate a line (start, length,
 * stride), then count runs of filled cells, emitting a clue at each run's end
 * and the single clue 0 for an empty line.
 *
 * The whole-grid function is the fast path for large grids.  Rows are packed
 * into 64-bit words (bit j of word k = column 64k + j), runs are found with
 * bit operations (a run starts where a filled bit follows an empty one and
 * ends where an empty bit follows), and the start and end positions are read
 * off with count-trailing-zeros: the work is proportional to the number of
 * runs, not of cells.  Columns are rows of the transposed bit matrix, so both
 * axes share one emitter; the transpose works on 64 x 64 blocks.
 */
#include "nonogram/clues.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "puzzlecore/nonogram.h"

size_t pc__nonogram_scan_line(const uint8_t *cells, size_t len, size_t stride, int32_t *clues, size_t cap)
{
    size_t n = 0;
    int32_t run = 0;
    for (size_t i = 0; i < len; i++) {
        if (cells[i * stride] == PC_NONOGRAM_FILLED) {
            run++;
        } else if (run) {
            if (n < cap)
                clues[n] = run;
            n++;
            run = 0;
        }
    }
    if (run || n == 0) {
        if (n < cap)
            clues[n] = run;
        n++;
    }
    return n;
}

int pc__nonogram_line_matches(const uint8_t *cells, size_t len, size_t stride, const int32_t *clues,
                              size_t count)
{
    size_t n = 0;
    int32_t run = 0;
    for (size_t i = 0; i < len; i++) {
        if (cells[i * stride] == PC_NONOGRAM_FILLED) {
            run++;
        } else if (run) {
            if (n >= count || clues[n] != run)
                return 0;
            n++;
            run = 0;
        }
    }
    if (run) {
        if (n >= count || clues[n] != run)
            return 0;
        n++;
    }
    if (n == 0) /* empty line: the single clue 0 */
        return count == 1 && clues[0] == 0;
    return n == count;
}

int32_t pc_nonogram_line_clues(const uint8_t *cells, int32_t len, int32_t stride, int32_t *clues, int32_t cap,
                               int32_t *count)
{
    if (!cells || !count || len < 1 || stride < 1 || cap < 0 || (!clues && cap > 0))
        return PC_EINVAL;
    if ((int64_t)(len - 1) * stride + 1 > (int64_t)PC_NONOGRAM_MAX_CELLS)
        return PC_ERANGE;
    size_t n = pc__nonogram_scan_line(cells, (size_t)len, (size_t)stride, clues, (size_t)cap);
    *count = (int32_t)n;
    return n > (size_t)cap ? PC_ESPACE : PC_OK;
}

/* ---- the fast whole-grid path ------------------------------------------------ */

/* 1 in bit i for each byte i of the 8 that equals 1, exactly. */
static inline uint64_t pack8(const uint8_t *p)
{
    uint64_t x = (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
                 (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
    const uint64_t lo7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
    uint64_t t = x ^ UINT64_C(0x0101010101010101); /* zero bytes where the cell is 1 */
    uint64_t z = ~(((t & lo7) + lo7) | t | lo7);   /* 0x80 in each zero byte, exactly */
    return ((z >> 7) * UINT64_C(0x0102040810204080)) >> 56;
}

/* Pack a row of w bytes into nw words (LSB first, zero padding). */
static void pack_row(const uint8_t *row, size_t w, uint64_t *out, size_t nw)
{
    size_t x = 0;
    for (size_t k = 0; k < nw; k++) {
        uint64_t word = 0;
        size_t end = x + 64 <= w ? x + 64 : w;
        int bit = 0;
#if defined(__SSE2__)
        /* 16 cells per compare: the exact byte == 1 test, one bit each */
        const __m128i one = _mm_set1_epi8(1);
        for (; x + 16 <= end; x += 16, bit += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(row + x));
            word |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, one)) << bit;
        }
#endif
        for (; x + 8 <= end; x += 8, bit += 8)
            word |= pack8(row + x) << bit;
        for (; x < end; x++, bit++)
            word |= (uint64_t)(row[x] == PC_NONOGRAM_FILLED) << bit;
        out[k] = word;
    }
}

/* Transpose a 64 x 64 bit block in place: a[i] bit j <-> a[j] bit i. */
static void transpose64(uint64_t a[64])
{
    uint64_t m = UINT64_C(0x00000000FFFFFFFF);
    for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k] ^= t << j;
            a[k | j] ^= t;
        }
    }
}

static inline int popcount64(uint64_t x)
{
#if defined(__GNUC__) && (defined(__POPCNT__) || !defined(__x86_64__))
    return __builtin_popcountll(x);
#else
    /* SWAR count: baseline x86-64 has no popcnt instruction, and the
     * compiler's fallback is an out-of-line call */
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

static inline int ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/*
 * Emit the clues of one packed line of nw words (len cells) into out (room
 * for max_clues(len) values); returns the clue count.
 *
 * The transitions t = m ^ (m << 1) mark, alternately, the first cell of a run
 * and the cell just past it, so clue k is pos[2k+1] - pos[2k].  Positions are
 * extracted four at a time without a data-dependent branch per bit (writing a
 * few slots past the last one, into the scratch array's slack), which keeps
 * the cost near one cycle per transition on random grids.
 */
#if defined(__GNUC__)
#define PC_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define PC_ALWAYS_INLINE inline
#endif

static PC_ALWAYS_INLINE size_t emit_line_body(const uint64_t *words, size_t nw, size_t len, int32_t *pos,
                                              int32_t *out, int hw_popcount)
{
    size_t np = 0;
    uint64_t carry = 0; /* last bit of the previous word */
    for (size_t k = 0; k < nw; k++) {
        uint64_t m = words[k];
        uint64_t t = m ^ ((m << 1) | carry);
        carry = m >> 63;
        int32_t base = (int32_t)(k * 64);
#if defined(__GNUC__)
        size_t cnt = (size_t)(hw_popcount ? __builtin_popcountll(t) : popcount64(t));
#else
        size_t cnt = (size_t)popcount64(t);
        (void)hw_popcount;
#endif
        int32_t *p = pos + np;
        np += cnt;
        while (t) {
            p[0] = base + ctz64(t);
            t &= t - 1;
            p[1] = base + ctz64(t | (UINT64_C(1) << 63));
            t &= t - 1;
            p[2] = base + ctz64(t | (UINT64_C(1) << 63));
            t &= t - 1;
            p[3] = base + ctz64(t | (UINT64_C(1) << 63));
            t &= t - 1;
            p += 4;
        }
    }
    if (carry) /* a run reaching the end of a line whose length is a multiple of 64 */
        pos[np++] = (int32_t)len;
    size_t n = np / 2, i = 0;
#if defined(__SSE2__)
    /* four clues per step: odd positions minus even positions */
    for (; i + 4 <= n; i += 4) {
        __m128 a = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)(pos + 2 * i)));
        __m128 b = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)(pos + 2 * i + 4)));
        __m128i even = _mm_castps_si128(_mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
        __m128i odd = _mm_castps_si128(_mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
        _mm_storeu_si128((__m128i *)(void *)(out + i), _mm_sub_epi32(odd, even));
    }
#endif
    for (; i < n; i++)
        out[i] = pos[2 * i + 1] - pos[2 * i];
    if (n == 0)
        out[n++] = 0;
    return n;
}

typedef size_t (*emit_fn)(const uint64_t *, size_t, size_t, int32_t *, int32_t *);

static size_t emit_line_generic(const uint64_t *words, size_t nw, size_t len, int32_t *pos, int32_t *out)
{
    return emit_line_body(words, nw, len, pos, out, 0);
}

#if defined(__GNUC__) && defined(__x86_64__)
/* The same code compiled for BMI1 + POPCNT (every x86-64 of the last ten
 * years): `t &= t - 1` becomes one instruction, halving the dependency chain
 * of the extraction loop.  Chosen at run time, per call, from the CPU's
 * feature bits; the baseline build stays plain x86-64. */
__attribute__((target("popcnt,bmi"))) static size_t emit_line_bmi(const uint64_t *words, size_t nw, size_t len,
                                                                   int32_t *pos, int32_t *out)
{
    return emit_line_body(words, nw, len, pos, out, 1);
}

static emit_fn pick_emitter(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt"))
        return emit_line_bmi;
    return emit_line_generic;
}
#else
static emit_fn pick_emitter(void)
{
    return emit_line_generic;
}
#endif

/* Emit a line into (clues, cap) at *pos through a scratch buffer when the
 * caller's space might not hold it; the count always goes into *count. */
static void emit_into(emit_fn emit_line, const uint64_t *words, size_t nw, size_t len, int32_t *clues, size_t cap,
                      size_t *pos, int32_t *scratch, int32_t *count)
{
    size_t n;
    int32_t *trans = scratch + pc__nonogram_max_clues(len);
    if (*pos + pc__nonogram_max_clues(len) <= cap) {
        n = emit_line(words, nw, len, trans, clues + *pos);
    } else {
        n = emit_line(words, nw, len, trans, scratch);
        if (*pos < cap)
            memcpy(clues + *pos, scratch, (cap - *pos < n ? cap - *pos : n) * sizeof *clues);
    }
    *count = (int32_t)n;
    *pos += n;
}

int32_t pc_nonogram_grid_clues(const uint8_t *cells, int32_t w, int32_t h, int32_t axis, int32_t *counts,
                               int32_t *clues, size_t cap, size_t *total)
{
    if (!cells || !counts || !total || (!clues && cap) || w < 1 || h < 1 ||
        (axis != PC_NONOGRAM_ROWS && axis != PC_NONOGRAM_COLS && axis != PC_NONOGRAM_BOTH))
        return PC_EINVAL;
    if (w > PC_NONOGRAM_MAX_SIDE || h > PC_NONOGRAM_MAX_SIDE || (int64_t)w * h > PC_NONOGRAM_MAX_CELLS)
        return PC_ERANGE;
    size_t W = (size_t)w, H = (size_t)h, pos = 0;
    size_t nw = (W + 63) / 64, nh = (H + 63) / 64;
    size_t longest = W > H ? W : H;
    /* rows: the grid packed once, 64 cells a word, row after row;
     * cols: the transposed grid, one packed line per column (padded to 64);
     * scratch: a line's clues, then its transition positions (len + 1 at
     * most, plus slack for the four-at-a-time extraction) */
    uint64_t *rows = malloc(H * nw * sizeof *rows);
    uint64_t *cols = axis != PC_NONOGRAM_ROWS ? malloc(nw * 64 * nh * sizeof *cols) : NULL;
    int32_t *scratch = malloc((pc__nonogram_max_clues(longest) + longest + 72) * sizeof *scratch);
    if (!rows || !scratch || (axis != PC_NONOGRAM_ROWS && !cols)) {
        free(rows);
        free(cols);
        free(scratch);
        return PC_ENOMEM;
    }
    for (size_t y = 0; y < H; y++)
        pack_row(cells + y * W, W, rows + y * nw, nw);
    emit_fn emit = pick_emitter();

    if (axis != PC_NONOGRAM_COLS)
        for (size_t y = 0; y < H; y++)
            emit_into(emit, rows + y * nw, nw, W, clues, cap, &pos, scratch, counts++);

    if (axis != PC_NONOGRAM_ROWS) {
        /* Columns are the rows of the transposed bit matrix.  Transpose it
         * whole, 64 x 64 blocks in row-block order (reading the packed rows
         * front to back), then emit each column as a packed line. */
        uint64_t block[64];
        for (size_t by = 0; by < nh; by++) {
            for (size_t bx = 0; bx < nw; bx++) {
                for (size_t r = 0; r < 64; r++)
                    block[r] = by * 64 + r < H ? rows[(by * 64 + r) * nw + bx] : 0;
                transpose64(block);
                uint64_t *dst = cols + bx * 64 * nh + by;
                for (size_t c = 0; c < 64; c++)
                    dst[c * nh] = block[c];
            }
        }
        for (size_t x = 0; x < W; x++)
            emit_into(emit, cols + x * nh, nh, H, clues, cap, &pos, scratch, counts++);
    }
    free(rows);
    free(cols);
    free(scratch);
    *total = pos;
    return pos > cap ? PC_ESPACE : PC_OK;
}
