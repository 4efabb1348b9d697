/*
 * puzzlecore/nonogram_colour.h — colour nonograms (1 to 8 colours plus the
 * background), on the same pc_nonogram handle as black-and-white puzzles.
 *
 * A colour puzzle has a palette: entry 0 is the background, entries 1 .. n
 * (n = 1 .. PC_NONOGRAM_MAX_COLOURS) are the colours.  Each entry has a name,
 * an RGB value and a one-character symbol.  A black-and-white puzzle is the
 * one-colour case: its palette is the default ". ffffff white" / "# 000000
 * black", its solution cells (0/1) are palette indices, and every function of
 * this header works on it.
 *
 * Rules: every clue number has a colour; two runs of different colours may
 * touch, two runs of the same colour need at least one background cell
 * between them.  A run ends where the colour changes.  A line without
 * coloured cells has the single clue 0 (its colour is 0).
 *
 * Cells in this header are palette indices: 0 background, 1 .. n a colour;
 * in a player's grid or in solver givens PC_NONOGRAM_COLOUR_UNKNOWN (255)
 * marks an undecided cell.  (The black-and-white calls of nonogram.h still
 * work on a colour puzzle's player's grid with their own encoding: 0
 * unknown, 1 colour 1, 2 background ("crossed"), and k + 1 for colour k >= 2.)
 *
 * The palette as text (pc_nonogram_palette and the constructors): one entry
 * per line, "SYMBOL RRGGBB NAME", background first; for example
 *     ". ffffff white\nr e02020 red\ng 20a020 green\n"
 * SYMBOL is one printable ASCII character other than space, '?', and — for
 * the colours, which appear in written clues such as "3r.1g" — also other
 * than a digit, '.', ',', '/' and '-'; symbols are distinct.  NAME is 1 to
 * PC_NONOGRAM_MAX_NAME letters, digits, '_' or '-', distinct (compared
 * without case).  RRGGBB is six hexadecimal digits.
 */
#ifndef PUZZLECORE_NONOGRAM_COLOUR_H
#define PUZZLECORE_NONOGRAM_COLOUR_H

#include "puzzlecore/common.h"
#include "puzzlecore/budget.h"
#include "puzzlecore/nonogram.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits and the unknown cell of colour grids. */
enum pc_nonogram_colour_limits {
    PC_NONOGRAM_MAX_COLOURS = 8,      /* colours besides the background */
    PC_NONOGRAM_MAX_NAME = 32,        /* bytes of a colour's name */
    PC_NONOGRAM_COLOUR_UNKNOWN = 255  /* an undecided cell (player's grid, givens) */
};

/* ---- pure clue function ---------------------------------------------------------- */

/*
 * Coloured clues of one line: the `len` cells cells[0], cells[stride], ...
 * hold palette indices (0 background; 1 .. PC_NONOGRAM_MAX_COLOURS colours;
 * any other value, PC_NONOGRAM_COLOUR_UNKNOWN included, counts as
 * background).  Each run of one colour gives a clue: its length into
 * clues[i], its colour into colours[i].  A line without coloured cells gives
 * the single clue 0 of colour 0.  Buffer rules as pc_nonogram_line_clues
 * (cap clues and colours; *count is the full number; PC_ESPACE when cap is
 * too small, PC_OK for the size query cap 0).  A line of n cells has at most n clues.
 */
PUZZLECORE_API int32_t pc_nonogram_line_clues_colour(const uint8_t *cells, int32_t len, int32_t stride,
                                                     int32_t *clues, uint8_t *colours, int32_t cap,
                                                     int32_t *count);

/* ---- puzzles -------------------------------------------------------------------- */

/*
 * A colour puzzle from its solution: `cells` holds w*h palette indices
 * (0 .. number of colours), row-major.  `palette` is the palette text (see
 * above; 2 to 9 entries).  Errors: PC_ERANGE (size), PC_EPARSE (palette;
 * err says where), PC_EINVAL (NULL, n != w*h, a cell outside the palette).
 */
PUZZLECORE_API int32_t pc_nonogram_new_colour_from_solution(int32_t w, int32_t h, const char *palette,
                                                            size_t palette_len, const uint8_t *cells, size_t n,
                                                            char *err, size_t errcap, pc_nonogram **out);

/*
 * A colour puzzle from clues alone.  As pc_nonogram_new_from_clues, plus the
 * colour of every clue (row_colours parallel to row_clues, col_colours to
 * col_clues): 1 .. number of colours for a clue >= 1, 0 for a lone clue 0.
 * Errors: PC_ERANGE, PC_EPARSE (palette), PC_EINVAL (a bad clue or colour, a
 * line whose clues cannot fit — same-colour neighbours need a gap —, rows
 * and columns whose totals of some colour differ; err says which).
 */
PUZZLECORE_API int32_t pc_nonogram_new_colour_from_clues(int32_t w, int32_t h, const char *palette,
                                                         size_t palette_len, const int32_t *row_counts,
                                                         const int32_t *row_clues, const uint8_t *row_colours,
                                                         const int32_t *col_counts, const int32_t *col_clues,
                                                         const uint8_t *col_colours, char *err, size_t errcap,
                                                         pc_nonogram **out);

/* Number of colours besides the background (1 for a black-and-white puzzle). */
PUZZLECORE_API int32_t pc_nonogram_colour_count(const pc_nonogram *g);

/* The palette as text, one "SYMBOL RRGGBB NAME" line per entry, background
 * first.  Text out convention (snprintf: cap 0 asks the size). */
PUZZLECORE_API int32_t pc_nonogram_palette(const pc_nonogram *g, char *buf, size_t cap, size_t *len);

/* Palette entry `index` (0 background .. number of colours): its RGB value
 * (0xRRGGBB) into *rgb and its symbol into *symbol (either may be NULL); the
 * name through the text out convention (buf may be NULL with cap 0).
 * PC_EINVAL for a bad index. */
PUZZLECORE_API int32_t pc_nonogram_colour_info(const pc_nonogram *g, int32_t index, uint32_t *rgb,
                                               int32_t *symbol, char *name, size_t cap, size_t *len);

/* The colours of the puzzle's clues of one line (1 .. n; 0 for the lone clue
 * 0), same buffer rules as pc_nonogram_clues. */
PUZZLECORE_API int32_t pc_nonogram_clue_colours(const pc_nonogram *g, int32_t axis, int32_t index,
                                                uint8_t *colours, int32_t cap, int32_t *count);

/* ---- the player's grid ---------------------------------------------------------- */

/* The player's cell (x, y) as a palette index, PC_NONOGRAM_COLOUR_UNKNOWN
 * when undecided; PC_EINVAL for a bad coordinate. */
PUZZLECORE_API int32_t pc_nonogram_colour_cell(const pc_nonogram *g, int32_t x, int32_t y);

/* Set a rectangle (rw x rh from (x, y)) of the player's grid to a palette
 * index or PC_NONOGRAM_COLOUR_UNKNOWN; re-examines only the rows and columns
 * it covers, as pc_nonogram_set_rect.  PC_EINVAL (rectangle or value):
 * nothing changes. */
PUZZLECORE_API int32_t pc_nonogram_set_colour_rect(pc_nonogram *g, int32_t x, int32_t y, int32_t rw,
                                                   int32_t rh, int32_t value);
PUZZLECORE_API int32_t pc_nonogram_set_colour_cell(pc_nonogram *g, int32_t x, int32_t y, int32_t value);

/* The whole player's grid as palette indices / PC_NONOGRAM_COLOUR_UNKNOWN
 * (w*h bytes; PC_ESPACE when cap < w*h), and setting it at once (n must be
 * w*h; every value checked first). */
PUZZLECORE_API int32_t pc_nonogram_get_colour_cells(const pc_nonogram *g, uint8_t *cells, size_t cap);
PUZZLECORE_API int32_t pc_nonogram_set_colour_cells(pc_nonogram *g, const uint8_t *cells, size_t n);

/* The clues the player's line shows now (undecided cells count as
 * background), with their colours; buffer rules as pc_nonogram_clues. */
PUZZLECORE_API int32_t pc_nonogram_player_clues_colour(const pc_nonogram *g, int32_t axis, int32_t index,
                                                       int32_t *clues, uint8_t *colours, int32_t cap,
                                                       int32_t *count);

/* ---- solving -------------------------------------------------------------------- */

/*
 * The colour line solver: `cells[i]` is the set of values cell i may still
 * take, as bits (bit 0 background, bit k colour k; a cell must allow at
 * least one value), `count` clues with their colours (1 .. ncolours; count 0
 * or a lone clue 0 is an empty line).  Every arrangement that agrees with the
 * cells is considered (dynamic programming over clue x position, O(count x
 * len)); out[i] receives the union of the values cell i takes in them.
 * `out` may equal `cells`.  Returns the number of cells whose set shrank
 * (>= 0), or PC_EILLEGAL when no arrangement fits (out unchanged).  Errors:
 * PC_EINVAL (NULL, len < 1, ncolours outside 1..8, a bad clue, colour or
 * cell set), PC_ERANGE (len > PC_NONOGRAM_MAX_SIDE), PC_ENOMEM.
 */
PUZZLECORE_API int32_t pc_nonogram_solve_line_colour(int32_t ncolours, const int32_t *clues,
                                                     const uint8_t *colours, int32_t count,
                                                     const uint32_t *cells, int32_t len, uint32_t *out);

/*
 * The grid solver for coloured clues: line propagation over a queue of
 * changed lines, probing at the root (every value of every undecided cell is
 * tried; a value whose propagation fails is removed, until nothing changes),
 * then depth-first search on the undecided cell with the fewest values left
 * (branch: the cell takes its first colour / the cell does not take it).
 * `givens` (w*h palette indices or PC_NONOGRAM_COLOUR_UNKNOWN, or NULL) are
 * known cells.  Stops after max_solutions (>= 1; 2 decides uniqueness: the
 * two branches of a node never share a solution, so a second solution
 * differs from the first in at least one cell) and returns the number found.
 * The first min(found, cap / (w*h)) solutions are written as palette-index
 * grids into `solutions`.  Budget as pc_nonogram_solve_clues (NULL: the
 * defaults; a node is one branch taken; PC_ELIMIT / PC_ECANCELLED write no
 * solution).  `stats` receives min(nstats, PC_NONOGRAM_STAT_COUNT) entries
 * indexed by pc_nonogram_stat (NULL or nstats 0: none), in every case but
 * PC_EINVAL.  Errors: PC_EINVAL (size, clue, colour, given, limit, budget),
 * PC_ERANGE, PC_ENOMEM, PC_ELIMIT, PC_ECANCELLED.
 */
PUZZLECORE_API int32_t pc_nonogram_solve_colour_clues(int32_t w, int32_t h, int32_t ncolours,
                                                      const int32_t *row_counts, const int32_t *row_clues,
                                                      const uint8_t *row_colours, const int32_t *col_counts,
                                                      const int32_t *col_clues, const uint8_t *col_colours,
                                                      const uint8_t *givens, int32_t max_solutions,
                                                      const pc_budget *budget, uint8_t *solutions, size_t cap,
                                                      int64_t *stats, size_t nstats);

/*
 * pc_nonogram_solve_colour_clues on a puzzle's clues (black-and-white or
 * colour; the player's grid is ignored unless use_grid is 1, when its
 * decided cells are givens).  Solutions are palette-index grids (for a
 * black-and-white puzzle, the same 0/1 grids as pc_nonogram_solve).
 */
PUZZLECORE_API int32_t pc_nonogram_solve_colour(const pc_nonogram *g, int32_t use_grid, int32_t max_solutions,
                                                const pc_budget *budget, uint8_t *solutions, size_t cap,
                                                int64_t *stats, size_t nstats);

/*
 * Which of the player's decided cells differ from the solution (the stored
 * one, else the clues' unique solution): marks[y*w+x] = 1 for such a cell,
 * else 0.  Returns their number.  Works for black-and-white and colour
 * puzzles.  Errors: PC_ESPACE (cap < w*h), PC_ENOTFOUND (no stored solution
 * and the clues have none or several), PC_ELIMIT / PC_ECANCELLED (the
 * budget, NULL for the defaults).
 */
PUZZLECORE_API int32_t pc_nonogram_colour_mistakes(const pc_nonogram *g, const pc_budget *budget,
                                                   uint8_t *marks, size_t cap);

/*
 * A hint on the player's grid (decided cells taken as known): the line
 * whose line logic settles most undecided cells (rows before columns, then
 * the lowest index) gives its first such cell — *x, *y, its value *value (a
 * palette index) and the line (*axis, *index); kind PC_NONOGRAM_HINT_LINE.
 * With no such line, probing (kind PC_NONOGRAM_HINT_PROBE): the player's
 * grid is propagated (line logic to a fixpoint), then each undecided cell
 * in turn (row by row, left to right) has each value it may still take
 * assumed and propagated; a value whose propagation contradicts is ruled
 * out.  The first cell left with one value is the hint: *value that value,
 * (*axis, *index) the line where line logic broke down for the lowest value
 * ruled out (for a cell that propagation alone settles: the line where it
 * breaks down when the cell is assumed not to be *value).  With no such
 * cell, a cell of a solution agreeing with the grid (kind
 * PC_NONOGRAM_HINT_SOLUTION, *axis = *index = -1).  Errors: PC_EILLEGAL (a
 * line contradicts the clues: that line; or no solution agrees, propagation
 * fails, or probing rules out every value of a cell: *axis = -1),
 * PC_ENOTFOUND (no undecided cell), PC_ELIMIT / PC_ECANCELLED (nothing
 * written).  pc_nonogram_hint on a colour puzzle gives the same hint with
 * the value in the black-and-white codes.
 */
PUZZLECORE_API int32_t pc_nonogram_hint_colour(const pc_nonogram *g, const pc_budget *budget, int32_t *x,
                                               int32_t *y, int32_t *value, int32_t *axis, int32_t *index);

/* ---- generating ------------------------------------------------------------------ */

/*
 * Seeded colour generator: a w x h picture of blobs (ellipses of random
 * colours over a background, about 55% coloured, every colour present), made
 * unique at `max_grade` (a pc_nonogram_grade from LINE to SEARCH) or easier:
 * while the solver at that grade leaves cells open (at SEARCH: finds a second
 * solution within 2000 nodes), some open cells take another value and the
 * clues are recomputed.  The same arguments give the same picture on every
 * platform.  pc_nonogram_generate_colour_cells writes w*h palette indices
 * (0 .. ncolours); pc_nonogram_generate_colour makes the puzzle with the
 * palette ". ffffff white", then the first ncolours of k black, r red,
 * g green, b blue, y yellow, m magenta, c cyan, o orange (ncolours 1: the
 * default black-and-white palette) and the id "gen-<w>x<h>-c<n>-<seed>".
 * Sides 2..128.  Errors: PC_EINVAL, PC_ERANGE, PC_ESPACE, PC_ELIMIT (no
 * such picture found).
 */
PUZZLECORE_API int32_t pc_nonogram_generate_colour_cells(int32_t w, int32_t h, int32_t ncolours, uint64_t seed,
                                                         int32_t max_grade, uint8_t *cells, size_t cap);
PUZZLECORE_API int32_t pc_nonogram_generate_colour(int32_t w, int32_t h, int32_t ncolours, uint64_t seed,
                                                   int32_t max_grade, pc_nonogram **out);

/* ---- from a picture ------------------------------------------------------------- */

/*
 * A caller's picture (w*h palette indices 0 .. ncolours, n = w*h) as a
 * puzzle: do its clues have exactly one solution?  Returns 1 (unique) or 0
 * (several).  When `ambiguous` is not NULL (cap >= w*h) it receives 1 for
 * every cell where some solution of the clues differs from the picture (0
 * elsewhere), *nambiguous their number (0 when unique).  Every cell is
 * decided: a cell left open by line logic and probing is tested with each
 * other value it may take.  Budget: NULL for the defaults (PC_ELIMIT /
 * PC_ECANCELLED, nothing written).  Errors: PC_EINVAL (size, a cell above
 * ncolours, ncolours outside 1..8), PC_ESPACE, PC_ENOMEM.
 */
PUZZLECORE_API int32_t pc_nonogram_picture_check(int32_t w, int32_t h, int32_t ncolours, const uint8_t *cells,
                                                 size_t n, const pc_budget *budget, uint8_t *ambiguous,
                                                 size_t cap, int32_t *nambiguous);

/*
 * A small set of given cells (shown to the player from the start) that
 * makes the picture's clues have one solution: givens[i] = 1 for a given
 * cell (its value is the picture's), 0 otherwise; *ngivens their number.
 * Found greedily (while a second solution exists, give the first cell where
 * it differs from the picture), then every given whose removal keeps the
 * solution unique is removed; the result is checked by the solver.  Small,
 * not always the smallest.  Same errors and budget as pc_nonogram_picture_check.
 */
PUZZLECORE_API int32_t pc_nonogram_picture_givens(int32_t w, int32_t h, int32_t ncolours, const uint8_t *cells,
                                                  size_t n, const pc_budget *budget, uint8_t *givens, size_t cap,
                                                  int32_t *ngivens);

/*
 * A nearby picture whose clues have one solution: from the caller's picture,
 * while the solver finds a second solution, a few cells where the two
 * solutions differ take another value they may take (chosen with the
 * budget's seed), and the clues are recomputed.  Writes the picture into
 * `out` (w*h) and the number of cells that differ from the caller's into
 * *changed; the result is checked by the solver.  Same errors and budget as
 * pc_nonogram_picture_check.
 */
PUZZLECORE_API int32_t pc_nonogram_picture_nearby(int32_t w, int32_t h, int32_t ncolours, const uint8_t *cells,
                                                  size_t n, const pc_budget *budget, uint8_t *out, size_t cap,
                                                  int32_t *changed);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_NONOGRAM_COLOUR_H */
