/*
 * Internal helpers of colour nonograms (lib/nonogram/colour*.c), shared with
 * the record and format code.
 */
#ifndef PC_NONOGRAM_COLOUR_H
#define PC_NONOGRAM_COLOUR_H

#include <stddef.h>
#include <stdint.h>

#include "common/text.h"
#include "nonogram/puzzle.h"

/* The default black-and-white palette (". ffffff white", "# 000000 black"). */
void pc__ncpalette_default(struct pc__ncpalette *p);
int pc__ncpalette_is_default(const struct pc__ncpalette *p);
/* The puzzle's palette (tmp receives the default one when none is stored). */
const struct pc__ncpalette *pc__ncol_palette(const pc_nonogram *g, struct pc__ncpalette *tmp);
/* Palette text "SYMBOL RRGGBB NAME" per line -> palette (PC_EPARSE). */
int32_t pc__ncpalette_parse(const char *text, size_t len, struct pc__ncpalette *p, char *err, size_t errcap);
/* Set entry k (checks symbol, name, duplicates); `line` for the message. */
int32_t pc__ncpalette_add(struct pc__ncpalette *p, int32_t k, char sym, uint32_t rgb, const char *name, size_t n,
                          char *err, size_t errcap, int32_t line);
/* Write the palette, one line per entry, each after `prefix`. */
void pc__ncpalette_write(pc__sb *sb, const struct pc__ncpalette *p, const char *prefix);
int pc__ncol_sym_ok(char c, int background);
/* 1 when two colour names are the same but for case. */
int pc__ncol_same_name(const char *a, const char *b);
int pc__ncol_name_ok(const char *s, size_t n);
/* "RRGGBB", "#RRGGBB" or "RGB" -> 0xRRGGBB; 0 ok, -1 bad. */
int pc__ncol_parse_rgb(const char *s, size_t n, uint32_t *out);

/* Puzzles from a palette and clues (solution: w*h indices taken over, or
 * NULL) or from a palette-index grid (copied). */
int32_t pc__ncol_new_from_clues(int32_t w, int32_t h, const struct pc__ncpalette *pal, const int32_t *counts[2],
                                const int32_t *clues[2], const uint8_t *colours[2], uint8_t *solution, char *err,
                                size_t errcap, pc_nonogram **out);
int32_t pc__ncol_new_from_cells(int32_t w, int32_t h, const struct pc__ncpalette *pal, const uint8_t *cells,
                                char *err, size_t errcap, pc_nonogram **out);
/* Colour of clue k of axis a (1 for a black-and-white clue >= 1, 0 for 0). */
uint8_t pc__ncol_clue_colour(const pc_nonogram *g, int axis, int32_t k);

/* The colour line solver's workspace and kernel (colour_solve.c). */
typedef struct pc__ncline_ws {
    int32_t n, k; /* capacities */
    uint8_t *F, *G;
    int32_t *bad; /* (ncol + 1) x (n + 1) prefix counts */
    int32_t *diff;
    uint32_t *rev;
} pc__ncline_ws;
void pc__ncline_ws_free(pc__ncline_ws *ws);
/* cells: value sets (bit 0 background, bit c colour c); out may equal cells.
 * Returns the number of cells whose set shrank, -1 when no arrangement
 * fits (out then unspecified), PC_ENOMEM. */
int32_t pc__ncline_solve(pc__ncline_ws *ws, int32_t ncol, const int32_t *clues, const uint8_t *colours, int32_t k,
                         const uint32_t *cells, int32_t n, uint32_t *out);

/* The bit-parallel kernel (colour_line.c) for lines of at most
 * PC__NCLINE_BITS_MAX cells: A[c] (c = 0 .. ncol) has bit i when cell i may
 * take value c; out[c] receives the values each cell takes in some
 * arrangement.  Returns 0, or -1 when no arrangement fits (out then
 * unspecified).  Colours in `colours` are 1 .. ncol; k 0 or a lone clue 0 is
 * an empty line. */
#define PC__NCLINE_BITS_MAX 62
int32_t pc__ncline_solve_bits(int32_t ncol, const int32_t *clues, const uint8_t *colours, int32_t k, int32_t n,
                              const uint64_t *A, uint64_t *out);

/* A puzzle written with its palette ("colour" lines in a record, colours
 * in XML and .non): more than one colour, or a palette other than the
 * default black-and-white one. */
static inline int pc__ncol_is_colour_record(const pc_nonogram *g)
{
    return g->ncol > 1 || g->pal != NULL;
}
/* Clue text "2r.1g/3b/0" (with the given separators) of one axis; p NULL
 * writes the numbers alone ("2.1/3/0", black and white). */
void pc__ncol_put_clues(pc__sb *sb, const pc_nonogram *g, const struct pc__ncpalette *p, int axis, char sep_clue,
                        char sep_line);
/* "2r.1g/3b/0" (with the given separators) -> counts, clues, colours
 * (malloc'd); with a one-colour palette the symbol may be left out. */
int32_t pc__ncol_parse_clues(const char *s, size_t n, int32_t line_no, int32_t col0, const struct pc__ncpalette *p,
                             char sep_clue, char sep_line, int32_t lines, int32_t *counts, int32_t **clues_out,
                             uint8_t **colours_out, char *err, size_t errcap);

/* The grid solver under a running meter (colour_solve.c): clue arrays as
 * pc_nonogram_solve_colour_clues, or a puzzle's own clues. */
struct pc__meter;
int32_t pc__ncol_solve_metered(int32_t w, int32_t h, int32_t ncol, const int32_t *counts[2], const int32_t *clues[2],
                               const uint8_t *colours[2], const uint8_t *givens, int32_t max_solutions,
                               struct pc__meter *m, uint8_t *solutions, size_t cap, int64_t *stats, size_t nstats);
int32_t pc__ncol_solve_puzzle(const pc_nonogram *g, const uint8_t *givens, int32_t max_solutions,
                              struct pc__meter *m, uint8_t *solutions, size_t cap, int64_t *stats, size_t nstats);
int32_t pc__ncol_settle(int32_t w, int32_t h, int32_t ncol, const int32_t *counts[2], const int32_t *clues[2],
                        const uint8_t *colours[2], const uint8_t *givens, int32_t level, struct pc__meter *m,
                        uint32_t *masks);
/* The palette of generated puzzles with ncol colours (colour_generate.c). */
int32_t pc__ncol_default_palette(int32_t ncol, struct pc__ncpalette *p);

#endif
