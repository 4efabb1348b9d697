/*
 * Clue computation.
 *
 * The per-line function follows the seed: isolate a line (start, length,
 * stride), then count runs, emitting a clue at each run's end (a run ends
 * where the colour changes) and the single clue 0 for an empty line.  It is
 * the one clue rule of black-and-white and colour lines: a table maps each
 * cell byte to its colour (0 none), so the same scan reads a 0/1 grid, a
 * palette-index grid and a player's grid.
 *
 * The whole-grid function is the fast path for large grids.  Rows are packed
 * into 64-bit words (bit j of word k = column 64k + j), runs are found with
 * bit operations (a run starts where a filled bit follows an empty one and
 * ends where an empty bit follows), and the start and end positions are read
 * off with count-trailing-zeros: the work is proportional to the number of
 * runs, not of cells.  Columns are rows of the transposed bit matrix, so both
 * axes share one emitter; the transpose works on 64 x 64 blocks.  The grid
 * is read once, in bands of 64 rows: a band is packed, its rows' clues are
 * emitted while it is in the first-level cache, and its blocks are
 * transposed into the column lines; only the transposed matrix (one bit a
 * cell) is kept whole, because a column's clues come out after every band.
 */
#include "nonogram/clues.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#endif

#include "common/bits.h"
#include "puzzlecore/nonogram.h"
#include "puzzlecore/nonogram_colour.h"
#include "common/alloc.h"

/* Cell byte -> colour (0 none) of the three grid kinds (clues.h); the
 * colours run to PC_NONOGRAM_MAX_COLOURS = 8. */
_Static_assert(PC_NONOGRAM_MAX_COLOURS == 8, "the tables below list colours 1 .. 8");
static const uint8_t LUT[3][256] = {
    [PC__NLUT_FILLED] = {[1] = 1},
    [PC__NLUT_CODE] = {[1] = 1, [3] = 2, [4] = 3, [5] = 4, [6] = 5, [7] = 6, [8] = 7, [9] = 8},
    [PC__NLUT_INDEX] = {[1] = 1, [2] = 2, [3] = 3, [4] = 4, [5] = 5, [6] = 6, [7] = 7, [8] = 8},
};

const uint8_t *pc__nonogram_lut(int kind)
{
    return LUT[kind];
}

size_t pc__nonogram_scan_line(const uint8_t *cells, size_t len, size_t stride, const uint8_t lut[256], int32_t *clues,
                              uint8_t *colours, size_t cap)
{
    size_t n = 0;
    int32_t run = 0;
    uint8_t cur = 0;
    for (size_t i = 0; i < len; i++) {
        uint8_t c = lut[cells[i * stride]];
        if (c == cur) { /* (a background run is counted too, and never emitted) */
            run++;
            continue;
        }
        if (cur) { /* a run ends where the colour changes */
            if (n < cap) {
                clues[n] = run;
                if (colours)
                    colours[n] = cur;
            }
            n++;
        }
        cur = c;
        run = 1;
    }
    if (cur) {
        if (n < cap) {
            clues[n] = run;
            if (colours)
                colours[n] = cur;
        }
        n++;
    }
    if (n == 0) { /* an empty line: the single clue 0, colour 0 */
        if (cap) {
            clues[0] = 0;
            if (colours)
                colours[0] = 0;
        }
        n = 1;
    }
    return n;
}

void pc__nonogram_grid_scan(const uint8_t *cells, int32_t w, int32_t h, const uint8_t lut[256], int32_t *counts[2],
                            int32_t *clues[2], uint8_t *colours[2])
{
    size_t N = (size_t)w * (size_t)h;
    for (int a = 0; a < 2; a++) {
        int32_t lines = a == 0 ? h : w;
        size_t len = a == 0 ? (size_t)w : (size_t)h, stride = a == 0 ? 1 : (size_t)w, k = 0;
        for (int32_t i = 0; i < lines; i++) {
            const uint8_t *p = a == 0 ? cells + (size_t)i * (size_t)w : cells + i;
            size_t c = pc__nonogram_scan_line(p, len, stride, lut, clues[a] + k, colours ? colours[a] + k : NULL, N - k);
            counts[a][i] = (int32_t)c;
            k += c;
        }
    }
}

int pc__nonogram_line_matches_colour(const uint8_t *cells, size_t len, size_t stride, const int32_t *clues,
                                     const uint8_t *colours, size_t count)
{
    /* streaming: compare each finished run with the next clue */
    const uint8_t *lut = LUT[PC__NLUT_CODE];
    size_t k = 0;
    int32_t run = 0;
    uint8_t cur = 0;
    for (size_t i = 0; i < len; i++) {
        uint8_t c = lut[cells[i * stride]];
        if (c == cur) {
            run++;
            continue;
        }
        if (cur) {
            if (k >= count || clues[k] != run || (colours ? colours[k] : 1) != cur)
                return 0;
            k++;
        }
        cur = c;
        run = 1;
    }
    if (cur) {
        if (k >= count || clues[k] != run || (colours ? colours[k] : 1) != cur)
            return 0;
        k++;
    }
    if (k == 0) /* empty line: the single clue 0 */
        return count == 1 && clues[0] == 0;
    return k == count;
}

int pc__nonogram_line_matches(const uint8_t *cells, size_t len, size_t stride, const int32_t *clues, size_t count)
{
    return pc__nonogram_line_matches_colour(cells, len, stride, clues, NULL, count);
}

int32_t pc_nonogram_line_clues(const uint8_t *cells, int32_t len, int32_t stride, int32_t *clues, int32_t cap,
                               int32_t *count)
{
    if (!cells || !count || len < 1 || stride < 1 || cap < 0 || (!clues && cap > 0))
        return PC_EINVAL;
    if ((int64_t)(len - 1) * stride + 1 > (int64_t)PC_NONOGRAM_MAX_CELLS)
        return PC_ERANGE;
    size_t n = pc__nonogram_scan_line(cells, (size_t)len, (size_t)stride, pc__nonogram_lut(PC__NLUT_FILLED), clues,
                                      NULL, (size_t)cap);
    *count = (int32_t)n;
    return cap && n > (size_t)cap ? PC_ESPACE : PC_OK;
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

/* The run boundaries of a packed word: the first cell of each run and the
 * cell just past it (carry is the last cell of the previous word). */
static PC_ALWAYS_INLINE uint64_t run_edges(uint64_t m, uint64_t *carry)
{
    uint64_t t = m ^ ((m << 1) | *carry);
    *carry = m >> 63;
    return t;
}

/* The end of a line: close a run that reaches a line end at a multiple of 64
 * cells, then turn the np transition positions into clues (odd minus even). */
static PC_ALWAYS_INLINE size_t finish_line(int32_t *pos, size_t np, uint64_t carry, size_t len, int32_t *out)
{
    if (carry)
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

static PC_ALWAYS_INLINE size_t emit_line_body(const uint64_t *words, size_t nw, size_t len, int32_t *pos,
                                              int32_t *out, int hw_popcount)
{
    size_t np = 0;
    uint64_t carry = 0; /* last bit of the previous word */
    for (size_t k = 0; k < nw; k++) {
        uint64_t t = run_edges(words[k], &carry);
        int32_t base = (int32_t)(k * 64);
#if defined(__GNUC__)
        size_t cnt = (size_t)(hw_popcount ? __builtin_popcountll(t) : pc__popcount64(t));
#else
        size_t cnt = (size_t)pc__popcount64(t);
        (void)hw_popcount;
#endif
        int32_t *p = pos + np;
        np += cnt;
        while (t) {
            p[0] = base + pc__ctz64(t);
            t &= t - 1;
            p[1] = base + pc__ctz64(t | (UINT64_C(1) << 63));
            t &= t - 1;
            p[2] = base + pc__ctz64(t | (UINT64_C(1) << 63));
            t &= t - 1;
            p[3] = base + pc__ctz64(t | (UINT64_C(1) << 63));
            t &= t - 1;
            p += 4;
        }
    }
    return finish_line(pos, np, carry, len, out);
}

typedef size_t (*emit_fn)(const uint64_t *, size_t, size_t, int32_t *, int32_t *);
typedef void (*pack_fn)(const uint8_t *, size_t, size_t, uint64_t *, size_t);

typedef void (*transpose_fn)(const uint64_t *, size_t, size_t, size_t, size_t, uint64_t *);

/* One band of up to 64 packed rows (band row r = grid row 64 by + r, bh of
 * them) transposed into the column lines: column x is the packed line
 * cols[x * nh .. (x + 1) * nh), and this band fills its word by. */
static PC_ALWAYS_INLINE void transpose_band_body(const uint64_t *band, size_t bh, size_t nw, size_t nh, size_t by,
                                                 uint64_t *cols, void (*block_transpose)(uint64_t *))
{
    uint64_t block[64];
    for (size_t bx = 0; bx < nw; bx++) {
        for (size_t r = 0; r < 64; r++)
            block[r] = r < bh ? band[r * nw + bx] : 0;
        block_transpose(block);
        uint64_t *dst = cols + bx * 64 * nh + by;
        for (size_t c = 0; c < 64; c++)
            dst[c * nh] = block[c];
    }
}

static void transpose_band_generic(const uint64_t *band, size_t bh, size_t nw, size_t nh, size_t by,
                                   uint64_t *cols)
{
    transpose_band_body(band, bh, nw, nh, by, cols, transpose64);
}

static void pack_rows_generic(const uint8_t *cells, size_t w, size_t h, uint64_t *rows, size_t nw)
{
    for (size_t y = 0; y < h; y++)
        pack_row(cells + y * w, w, rows + y * nw, nw);
}

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

/* AVX-512F: vpcompressd packs the positions of the set bits of 16 cells at
 * a time, so the cost no longer depends on the number of runs: four
 * compress-and-store steps per 64 cells.  (Each store writes 16 slots; the
 * scratch array has the slack.) */
__attribute__((target("avx512f,popcnt,bmi"))) static size_t emit_line_avx512(const uint64_t *words, size_t nw,
                                                                              size_t len, int32_t *pos,
                                                                              int32_t *out)
{
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    size_t np = 0;
    uint64_t carry = 0;
    for (size_t k = 0; k < nw; k++) {
        uint64_t t = run_edges(words[k], &carry);
        if (!t)
            continue;
        __m512i idx = _mm512_add_epi32(lane, _mm512_set1_epi32((int32_t)(k * 64)));
        for (int q = 0; q < 4; q++, t >>= 16) {
            __mmask16 mk = (__mmask16)(t & 0xFFFF);
            _mm512_storeu_si512((void *)(pos + np), _mm512_maskz_compress_epi32(mk, idx));
            np += (size_t)__builtin_popcount(mk);
            idx = _mm512_add_epi32(idx, _mm512_set1_epi32(16));
        }
    }
    return finish_line(pos, np, carry, len, out);
}

/* AVX-512 VBMI2: vpcompressw packs 32 positions at a time as 16-bit
 * numbers (every line is at most PC_NONOGRAM_MAX_SIDE = 65535 cells, so a
 * position, the line's end included, fits), which halves the compress steps.
 * A run's start and end then share one 32-bit lane (start low, end high), so
 * sixteen clues are one shift, one mask and one subtraction, with no shuffle. */
__attribute__((target("avx512f,avx512bw,avx512vbmi2,popcnt,bmi"))) static size_t
emit_line_vbmi2(const uint64_t *words, size_t nw, size_t len, int32_t *scratch, int32_t *out)
{
    static const uint16_t lanes[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                       16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
    uint16_t *pos = (uint16_t *)(void *)scratch;
    const __m512i lane = _mm512_loadu_si512((const void *)lanes);
    const __m512i step = _mm512_set1_epi16(32);
    size_t np = 0;
    uint64_t carry = 0;
    for (size_t k = 0; k < nw; k++) {
        uint64_t t = run_edges(words[k], &carry);
        if (!t)
            continue;
        __m512i lo = _mm512_add_epi16(lane, _mm512_set1_epi16((short)(uint16_t)(k * 64)));
        __m512i hi = _mm512_add_epi16(lo, step);
        __mmask32 mlo = (__mmask32)t, mhi = (__mmask32)(t >> 32);
        _mm512_storeu_si512((void *)(pos + np), _mm512_maskz_compress_epi16(mlo, lo));
        np += (size_t)__builtin_popcount(mlo);
        _mm512_storeu_si512((void *)(pos + np), _mm512_maskz_compress_epi16(mhi, hi));
        np += (size_t)__builtin_popcount(mhi);
    }
    if (carry)
        pos[np++] = (uint16_t)len;
    size_t n = np / 2, i = 0;
    const __m512i low16 = _mm512_set1_epi32(0xFFFF);
    for (; i + 16 <= n; i += 16) {
        __m512i v = _mm512_loadu_si512((const void *)(pos + 2 * i));
        _mm512_storeu_si512((void *)(out + i),
                            _mm512_sub_epi32(_mm512_srli_epi32(v, 16), _mm512_and_si512(v, low16)));
    }
    if (i < n) {
        __mmask16 tail = (__mmask16)((1u << (n - i)) - 1);
        __m512i v = _mm512_maskz_loadu_epi32(tail, (const void *)(pos + 2 * i));
        _mm512_mask_storeu_epi32((void *)(out + i), tail,
                                 _mm512_sub_epi32(_mm512_srli_epi32(v, 16), _mm512_and_si512(v, low16)));
    }
    if (n == 0)
        out[n++] = 0;
    return n;
}

/* AVX-512BW packing: one byte compare gives the 64 bits of a word. */
__attribute__((target("avx512f,avx512bw"))) static void pack_rows_avx512(const uint8_t *cells, size_t w, size_t h,
                                                                      uint64_t *rows, size_t nw)
{
    const __m512i one = _mm512_set1_epi8(1);
    for (size_t y = 0; y < h; y++) {
        const uint8_t *row = cells + y * w;
        uint64_t *out = rows + y * nw;
        size_t x = 0, k = 0;
        for (; x + 64 <= w; x += 64, k++)
            out[k] = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512((const void *)(row + x)), one);
        if (x < w) {
            __mmask64 tail = (~(__mmask64)0) >> (64 - (w - x));
            out[k] = _mm512_mask_cmpeq_epi8_mask(tail, _mm512_maskz_loadu_epi8(tail, row + x), one);
        }
    }
}

/* A 64 x 64 bit transpose on eight 512-bit vectors: the same six
 * swap stages as transpose64, three between vectors and three between the
 * lanes of each vector (through a lane permutation). */
__attribute__((target("avx512f"))) static inline void transpose64_avx512(uint64_t *a)
{
    __m512i v[8];
    for (int i = 0; i < 8; i++)
        v[i] = _mm512_loadu_si512((const void *)(a + 8 * i));
    static const uint64_t masks[6] = {UINT64_C(0x00000000FFFFFFFF), UINT64_C(0x0000FFFF0000FFFF),
                                      UINT64_C(0x00FF00FF00FF00FF), UINT64_C(0x0F0F0F0F0F0F0F0F),
                                      UINT64_C(0x3333333333333333), UINT64_C(0x5555555555555555)};
    /* stages j = 32, 16, 8: vector i pairs with vector i + j/8 */
    for (int st = 0, j = 32; j >= 8; st++, j >>= 1) {
        const __m512i m = _mm512_set1_epi64((long long)masks[st]);
        int d = j / 8;
        for (int i = 0; i < 8; i++) {
            if (i & d)
                continue;
            __m512i t = _mm512_and_si512(_mm512_xor_si512(_mm512_srli_epi64(v[i], (unsigned)j), v[i + d]), m);
            v[i] = _mm512_xor_si512(v[i], _mm512_slli_epi64(t, (unsigned)j));
            v[i + d] = _mm512_xor_si512(v[i + d], t);
        }
    }
    /* stages j = 4, 2, 1: lane l pairs with lane l ^ j of the same vector */
    for (int st = 3, j = 4; j >= 1; st++, j >>= 1) {
        const __m512i m = _mm512_set1_epi64((long long)masks[st]);
        const __m512i partner = _mm512_xor_si512(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), _mm512_set1_epi64(j));
        const __mmask8 high = (__mmask8)(j == 4 ? 0xF0 : j == 2 ? 0xCC : 0xAA);
        for (int i = 0; i < 8; i++) {
            __m512i p = _mm512_permutexvar_epi64(partner, v[i]);
            /* low lanes: t = ((v >> j) ^ p) & m, v ^= t << j;
             * high lanes: t = ((p >> j) ^ v) & m, v ^= t */
            __m512i tl = _mm512_and_si512(_mm512_xor_si512(_mm512_srli_epi64(v[i], (unsigned)j), p), m);
            __m512i th = _mm512_and_si512(_mm512_xor_si512(_mm512_srli_epi64(p, (unsigned)j), v[i]), m);
            v[i] = _mm512_mask_blend_epi64(high, _mm512_xor_si512(v[i], _mm512_slli_epi64(tl, (unsigned)j)),
                                           _mm512_xor_si512(v[i], th));
        }
    }
    for (int i = 0; i < 8; i++)
        _mm512_storeu_si512((void *)(a + 8 * i), v[i]);
}

__attribute__((target("avx512f"))) static void transpose_band_avx512(const uint64_t *band, size_t bh, size_t nw,
                                                                     size_t nh, size_t by, uint64_t *cols)
{
    transpose_band_body(band, bh, nw, nh, by, cols, transpose64_avx512);
}

/* The best kernels this CPU runs: level 0 generic C, 1 BMI1, 2 AVX-512F/BW
 * (32-bit positions), 3 AVX-512 VBMI2 (16-bit positions). */
static int cpu_level(void)
{
#ifdef PC__NONOGRAM_EMITTER /* tests: force one level */
    return PC__NONOGRAM_EMITTER;
#else
    __builtin_cpu_init();
    int bmi = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
    if (!bmi || !__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw"))
        return bmi;
    return __builtin_cpu_supports("avx512vbmi2") ? 3 : 2;
#endif
}

static void pick_kernels(emit_fn *emit, pack_fn *pack, transpose_fn *transpose)
{
    static const emit_fn emits[4] = {emit_line_generic, emit_line_bmi, emit_line_avx512, emit_line_vbmi2};
    int level = cpu_level();
    *emit = emits[level];
    *pack = level >= 2 ? pack_rows_avx512 : pack_rows_generic;
    *transpose = level >= 2 ? transpose_band_avx512 : transpose_band_generic;
}
#else
static void pick_kernels(emit_fn *emit, pack_fn *pack, transpose_fn *transpose)
{
    *emit = emit_line_generic;
    *pack = pack_rows_generic;
    *transpose = transpose_band_generic;
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
    /* band: up to 64 rows packed, 64 cells a word (rows are emitted from it,
     * and it is transposed into cols band by band, so the packed grid is
     * never stored whole); cols: the transposed grid, one packed line per
     * column (padded to 64); scratch: a line's clues, then its transition
     * positions (len + 1 at most, plus slack for the vector extraction) */
    int want_rows = axis != PC_NONOGRAM_COLS, want_cols = axis != PC_NONOGRAM_ROWS;
    uint64_t *band = pc__malloc(64 * nw * sizeof *band);
    uint64_t *cols = want_cols ? pc__malloc(nw * 64 * nh * sizeof *cols) : NULL;
    int32_t *scratch = pc__malloc((pc__nonogram_max_clues(longest) + longest + 72) * sizeof *scratch);
    if (!band || !scratch || (want_cols && !cols)) {
        pc__free(band);
        pc__free(cols);
        pc__free(scratch);
        return PC_ENOMEM;
    }
    emit_fn emit;
    pack_fn pack;
    transpose_fn transpose;
    pick_kernels(&emit, &pack, &transpose);
    int32_t *col_counts = counts + (want_rows ? H : 0);
    for (size_t by = 0; by < nh; by++) {
        size_t y0 = by * 64, bh = H - y0 < 64 ? H - y0 : 64;
        pack(cells + y0 * W, W, bh, band, nw);
        if (want_rows)
            for (size_t r = 0; r < bh; r++)
                emit_into(emit, band + r * nw, nw, W, clues, cap, &pos, scratch, counts++);
        if (want_cols)
            transpose(band, bh, nw, nh, by, cols);
    }
    /* Columns are the rows of the transposed bit matrix. */
    if (want_cols)
        for (size_t x = 0; x < W; x++)
            emit_into(emit, cols + x * nh, nh, H, clues, cap, &pos, scratch, col_counts++);
    pc__free(band);
    pc__free(cols);
    pc__free(scratch);
    *total = pos;
    return cap && pos > cap ? PC_ESPACE : PC_OK;
}
