/*
 * Internal: the word operations of the bit-parallel line solvers, shared by
 * the black-and-white one (line.c) and the colour one (colour_line.c).  Bit p
 * of a word is position p of a line of at most 63 positions.
 */
#ifndef PC_NONOGRAM_LINEBITS_H
#define PC_NONOGRAM_LINEBITS_H

#include <stdint.h>

/* Bits p of `r`, extended up (towards higher p) while `m` has p: within
 * each run of ones of y = m | r, every bit from the run's lowest bit of r to
 * the run's top.  One addition does it: adding r to y starts a carry at the
 * lowest bit of r in each run, which clears the run's non-r bits above it
 * and stops just past the run's top (a zero of y, so runs stay apart). */
static inline uint64_t fill_up(uint64_t r, uint64_t m)
{
    uint64_t y = m | r;
    return (((y + r) ^ y) | r) & y;
}

/* The same downwards (towards lower p), by doubling; `wide` is 0 when every
 * run spans fewer than 32 positions (lines under 32 cells), which saves the
 * last step. */
static inline uint64_t fill_down(uint64_t r, uint64_t m, int wide)
{
    r |= (r >> 1) & m;
    m &= m >> 1;
    r |= (r >> 2) & m;
    m &= m >> 2;
    r |= (r >> 4) & m;
    m &= m >> 4;
    r |= (r >> 8) & m;
    m &= m >> 8;
    r |= (r >> 16) & m;
    if (!wide)
        return r;
    m &= m >> 16;
    r |= (r >> 32) & m;
    return r;
}

/* Bits s with a[s .. s+len) all set. */
static inline uint64_t runs_of(uint64_t a, int32_t len)
{
    uint64_t r = a;
    int32_t have = 1;
    while (have * 2 <= len) {
        r &= r >> have;
        have *= 2;
    }
    if (len > have)
        r &= r >> (len - have);
    return r;
}

/* Bits [s, s+len) for every bit s of v. */
static inline uint64_t smear_up(uint64_t v, int32_t len)
{
    uint64_t r = v;
    int32_t have = 1;
    while (have * 2 <= len) {
        r |= r << have;
        have *= 2;
    }
    if (len > have)
        r |= r << (len - have);
    return r;
}

/* The cells clues[0..k) need at least: their sum and one gap between each
 * two.  A line shorter than that has no arrangement at all. */
static inline int32_t pc__line_clues_need(const int32_t *clues, int32_t k)
{
    int32_t need = 0;
    for (int32_t j = 0; j < k; j++)
        need += clues[j] + (j ? 1 : 0);
    return need;
}

/* Whether some arrangement of clues[0..k) fits a line of n <= 62 cells with
 * filled cells F and empty cells E (disjoint): the forward half of
 * pc__line_solve_bits (line.c) alone, which is exact for this question (bit
 * n of its last row says all k blocks fit in the whole line), at about a
 * third of a full solve's work.  The learning's reason minimization asks
 * only this: "does the line still deduce cell i = v" is "does it not fit
 * with cell i the other value", and "does it still contradict" is "does it
 * not fit" (solve.c, an_minimize).  The clues must fit the line
 * (pc__line_clues_need at most n; pc__line_fits_bits checks it). */
static inline int pc__line_fits_bits_fitting(const int32_t *clues, int32_t k, int32_t n, uint64_t F, uint64_t E)
{
    const uint64_t cells = ((uint64_t)1 << n) - 1, pos = ((uint64_t)2 << n) - 1;
    const uint64_t notF = ~F & cells, notE = ~E & cells;
    /* positions p <= the first filled cell ((F & -F) is its bit) */
    uint64_t f = F ? ((F & (~F + 1)) << 1) - 1 : pos;
    const uint64_t mup = (notF << 1) & pos;
    for (int32_t j = 0; j < k; j++) {
        int32_t L = clues[j];
        uint64_t fit = runs_of(notE, L) & (((uint64_t)1 << (n - L + 1)) - 1);
        uint64_t start = j == 0 ? f : (f & notF) << 1;
        f = fill_up((start & fit) << L, mup) & pos;
        if (!f)
            return 0;
    }
    return (int)((f >> n) & 1);
}

/* The same for any clues: those that need more than n cells fit nowhere. */
static inline int pc__line_fits_bits(const int32_t *clues, int32_t k, int32_t n, uint64_t F, uint64_t E)
{
    return pc__line_clues_need(clues, k) <= n && pc__line_fits_bits_fitting(clues, k, n, F, E);
}

#endif
