/*
 * The bit-parallel colour line solver (lines of at most PC__NCLINE_BITS_MAX
 * cells): the dynamic programme of pc__ncline_solve with one machine word
 * per table row.
 *
 * A[c] has bit i when cell i may take value c (0 background, 1..ncol the
 * colours).  Positions are 0..n (n + 1 bits).  Bit p of f[j] says clues
 * 0..j-1 fit in cells [0, p), the cells after the last one background; bit
 * p of b[j] says clues j..k-1 fit in [p, n).  Clue j (length L, colour c)
 * may sit at s when cells [s, s + L) may all be c (fit[j], an AND of L
 * shifted copies of A[c] built by doubling) and
 *   - on its left, f[j] has s, or — when clue j-1 has the same colour —
 *     f[j] has s-1 and cell s-1 may be background;
 *   - on its right, b[j+1] has s+L, or — when clue j+1 has the same colour
 *     — b[j+1] has s+L+1 and cell s+L may be background.
 * Stretching a row over cells that may be background is a Kogge-Stone fill
 * (six shift/and steps).  A cell may be background when some j has f[j] at
 * i and b[j] at i+1; it may be colour c when a placement of a clue of colour
 * c covers it (the placements' start bits smeared over L cells).  O(k log n)
 * word operations per line instead of O(k n) byte steps.
 */
#include <string.h>

#include "common/bits.h"
#include "nonogram/colour.h"
#include "nonogram/linebits.h"

int32_t pc__ncline_solve_bits(int32_t ncol, const int32_t *clues, const uint8_t *colours, int32_t k, int32_t n,
                              const uint64_t *A, uint64_t *out)
{
    uint64_t f[PC__NCLINE_BITS_MAX + 2], b[PC__NCLINE_BITS_MAX + 2], fit[PC__NCLINE_BITS_MAX + 1];
    if (k == 1 && clues[0] == 0)
        k = 0;
    const uint64_t cells = ((uint64_t)1 << n) - 1, pos = ((uint64_t)2 << n) - 1;
    int32_t need = 0;
    for (int32_t j = 0; j < k; j++)
        need += clues[j] + (j && colours[j - 1] == colours[j] ? 1 : 0);
    if (need > n)
        return -1;
    const uint64_t bg = A[0] & cells, notbg = ~bg & cells;
    f[0] = notbg ? ((uint64_t)2 << pc__ctz64(notbg)) - 1 : pos;
    const uint64_t mup = (bg << 1) & pos; /* position p may follow p-1: cell p-1 may be background */
    for (int32_t j = 0; j < k; j++) {
        int32_t L = clues[j];
        fit[j] = runs_of(A[colours[j]] & cells, L) & (((uint64_t)1 << (n - L + 1)) - 1);
        uint64_t start = j > 0 && colours[j - 1] == colours[j] ? (f[j] & bg) << 1 : f[j];
        uint64_t end = (start & fit[j]) << L;
        f[j + 1] = fill_up(end, mup) & pos;
        if (!f[j + 1])
            return -1;
    }
    if (!((f[k] >> n) & 1))
        return -1;
    b[k] = notbg ? pos & ~(((uint64_t)2 << pc__msb64(notbg)) - 1) : pos;
    for (int32_t j = k - 1; j >= 0; j--) {
        int32_t L = clues[j];
        uint64_t right = j + 1 < k && colours[j + 1] == colours[j] ? ((b[j + 1] >> 1) & bg) >> L : b[j + 1] >> L;
        b[j] = fill_down(right & fit[j], bg, 1) & pos;
    }
    uint64_t can_bg = 0;
    for (int32_t j = 0; j <= k; j++)
        can_bg |= f[j] & (b[j] >> 1);
    memset(out, 0, (size_t)(ncol + 1) * sizeof *out);
    out[0] = can_bg & bg;
    for (int32_t j = 0; j < k; j++) {
        int32_t L = clues[j];
        uint8_t c = colours[j];
        uint64_t left = j > 0 && colours[j - 1] == c ? (f[j] & bg) << 1 : f[j];
        uint64_t right = j + 1 < k && colours[j + 1] == c ? ((b[j + 1] >> 1) & bg) >> L : b[j + 1] >> L;
        out[c] |= smear_up(left & right & fit[j], L) & cells;
    }
    uint64_t any = 0;
    for (int32_t c = 0; c <= ncol; c++)
        any |= out[c];
    return any == cells ? 0 : -1;
}
