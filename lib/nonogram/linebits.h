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

#endif
