/*
 * Internal clue helpers shared by the nonogram module: the scalar line scan
 * (the seed's "isolate a line, then count"), a streaming comparison of a line
 * against a clue list, and bit-packing of rows for the fast whole-grid path.
 */
#ifndef PC_NONOGRAM_CLUES_H
#define PC_NONOGRAM_CLUES_H

#include <stddef.h>
#include <stdint.h>

/* Clues of the line cells[0], cells[stride], ... (len cells) into clues[0 ..
 * cap); returns the full number of clues (1 for an empty line: the clue 0). */
size_t pc__nonogram_scan_line(const uint8_t *cells, size_t len, size_t stride, int32_t *clues, size_t cap);

/* 1 when the line's clues are exactly clues[0 .. count), without building
 * them: stops at the first run that differs. */
int pc__nonogram_line_matches(const uint8_t *cells, size_t len, size_t stride, const int32_t *clues,
                              size_t count);

/* The same for a colour line: the cells are the player's codes (1 colour 1,
 * k + 1 colour k >= 2, 0 and 2 no colour) and run i must have colour
 * colours[i] as well as length clues[i]. */
int pc__nonogram_line_matches_colour(const uint8_t *cells, size_t len, size_t stride, const int32_t *clues,
                                     const uint8_t *colours, size_t count);

/* Largest number of clues a line of len cells can have. */
static inline size_t pc__nonogram_max_clues(size_t len)
{
    return (len + 1) / 2;
}

#endif
