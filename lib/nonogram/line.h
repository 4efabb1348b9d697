/*
 * Internal: the complete O(k*n) line solver (see doc/nonogram-solving.md).
 * A workspace is sized once for the longest line and the most clues, so the
 * grid solver runs millions of lines without allocating.
 */
#ifndef PC_NONOGRAM_LINE_H
#define PC_NONOGRAM_LINE_H

#include <stddef.h>
#include <stdint.h>

/* Cell values (as pc_nonogram_cell): 0 unknown, 1 filled, 2 empty. */
enum { PC__NU = 0, PC__NF = 1, PC__NE = 2 };

typedef struct pc__line_ws {
    int32_t maxlen, maxk;
    uint8_t *fwd, *bwd;   /* (maxk+1) x (maxlen+2) feasibility tables */
    int32_t *emp;         /* prefix count of empty cells, maxlen+1 */
    int32_t *cover;       /* difference array of "may be filled", maxlen+1 */
    uint8_t *can_empty;   /* maxlen */
    size_t bytes;         /* memory held */
} pc__line_ws;

/* 0 or -1 (no memory, or the tables would exceed max_bytes when > 0). */
int pc__line_ws_init(pc__line_ws *ws, int32_t maxlen, int32_t maxk, size_t max_bytes);
void pc__line_ws_free(pc__line_ws *ws);

/*
 * Solve one line: clues[0..k) (all >= 1; k may be 0), cells[0..n) in,
 * out[0..n) the cells every arrangement agrees on (0 where they differ;
 * known cells are copied).  n <= ws->maxlen, k <= ws->maxk.  Returns the
 * number of cells newly settled, or -1 when no arrangement fits.
 * `out` may equal `cells`; on a contradiction it is not written.
 */
int32_t pc__line_solve(pc__line_ws *ws, const int32_t *clues, int32_t k, const uint8_t *cells, int32_t n,
                       uint8_t *out);

/* Longest line the bit-parallel solver takes (positions 0..n in one word). */
#define PC__LINE_BITS_MAX 62

/*
 * The same answer as pc__line_solve, bit-parallel, for n <= PC__LINE_BITS_MAX:
 * bit i of F / E is cell i filled / empty (never both).  On success writes
 * every cell all arrangements agree on (the known ones included) to *outF /
 * *outE and returns the number newly settled; -1 when no arrangement fits
 * (nothing written).  k <= (n + 1) / 2 + 1 is not required: too many clues
 * are a contradiction.
 */
int32_t pc__line_solve_bits(const int32_t *clues, int32_t k, int32_t n, uint64_t F, uint64_t E, uint64_t *outF,
                            uint64_t *outE);

/*
 * pc__line_solve_bits for clues known to fit the line (pc__line_clues_need
 * (linebits.h) at most n): the same answer without summing the clues on
 * every call, which the search's line solves repeat millions of times for
 * clues that never change (about 3 % of a solve's instructions).
 */
int32_t pc__line_solve_bits_fitting(const int32_t *clues, int32_t k, int32_t n, uint64_t F, uint64_t E,
                                    uint64_t *outF, uint64_t *outE);

#endif
