/*
 * Internal clue helpers shared by the nonogram module: the scalar line scan
 * (the seed's "isolate a line, then count"), a streaming comparison of a line
 * against a clue list, and bit-packing of rows for the fast whole-grid path.
 */
#ifndef PC_NONOGRAM_CLUES_H
#define PC_NONOGRAM_CLUES_H

#include <stddef.h>
#include <stdint.h>

/* What a cell byte is to the line scan (pc__nonogram_lut gives the table
 * of cell byte -> colour, 0 no colour): FILLED a 0/1 grid (1 is colour 1,
 * anything else none); CODE a player's grid (1 colour 1, k + 1 colour
 * k >= 2, 0 unknown and 2 crossed none); INDEX palette indices (1 .. 8 a
 * colour, anything else none). */
enum { PC__NLUT_FILLED = 0, PC__NLUT_CODE = 1, PC__NLUT_INDEX = 2 };
const uint8_t *pc__nonogram_lut(int kind);

/* The one clue rule of black-and-white and colour lines: clues (and, when
 * `colours` is not NULL, their colours) of the line cells[0],
 * cells[stride], ... (len cells) into clues[0 .. cap); a run ends where the
 * colour changes.  Returns the full number of clues (1 for an empty line:
 * the clue 0 of colour 0). */
size_t pc__nonogram_scan_line(const uint8_t *cells, size_t len, size_t stride, const uint8_t lut[256], int32_t *clues,
                              uint8_t *colours, size_t cap);

/* Every row's (a = 0) and column's (a = 1) clues of a w x h grid by the
 * line scan: counts[a][line], then clues[a] and colours[a] packed in line
 * order (room for w*h each: a line of n cells has at most n clues);
 * `colours` NULL: no colours written. */
void pc__nonogram_grid_scan(const uint8_t *cells, int32_t w, int32_t h, const uint8_t lut[256], int32_t *counts[2],
                            int32_t *clues[2], uint8_t *colours[2]);

/* 1 when the clues of a player's line (codes as PC__NLUT_CODE) are exactly
 * clues[0 .. count) with colours colours[0 .. count) (NULL: every clue has
 * colour 1, the black-and-white case), without building them: stops at the
 * first run that differs.  The incremental update's one line check. */
int pc__nonogram_line_matches_colour(const uint8_t *cells, size_t len, size_t stride, const int32_t *clues,
                                     const uint8_t *colours, size_t count);
/* The black-and-white call (colours NULL), for the solver's solution check. */
int pc__nonogram_line_matches(const uint8_t *cells, size_t len, size_t stride, const int32_t *clues,
                              size_t count);

/* Largest number of clues a line of len cells can have. */
static inline size_t pc__nonogram_max_clues(size_t len)
{
    return (len + 1) / 2;
}

#endif
