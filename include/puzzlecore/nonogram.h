/*
 * puzzlecore/nonogram.h — nonograms: clues, the player's grid, puzzle records.
 *
 * A nonogram is a w x h grid whose solution is a picture of filled and empty
 * cells.  The clue of a line (a row, or a column) lists the lengths of its runs
 * of filled cells in order; a line with no filled cell has the single clue 0.
 *
 * Two layers:
 *   - pure functions that compute clues from cells, for one line given a
 *     start pointer, a length and a stride (so one function serves rows and
 *     columns) or for a whole grid at once (the fast path);
 *   - pc_nonogram, a puzzle (clues, optionally the solution, the record
 *     fields id / xp / titles) together with the player's grid.  After each
 *     change only the changed rows and columns are re-examined, and every
 *     line carries a "satisfied" flag: the player's clues equal the puzzle's
 *     (a front end greys such clues out).  The puzzle is solved when every
 *     line is satisfied — any grid that meets the clues wins.
 *
 * Cells are bytes.  In the pure functions a cell counts as filled exactly
 * when its value is 1 (PC_NONOGRAM_FILLED); 0 (unknown/empty) and 2
 * (crossed) both count as not filled, so a solution (0/1) and a player's grid
 * (0/1/2) go through the same functions.
 *
 * Coordinates: x is the column (0 .. w-1, left to right), y the row (0 .. h-1,
 * top to bottom); cell (x, y) is at index y * w + x of a row-major array.
 */
#ifndef PUZZLECORE_NONOGRAM_H
#define PUZZLECORE_NONOGRAM_H

#include "puzzlecore/common.h"
#include "puzzlecore/budget.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cell values of the player's grid (and of solutions: 0 empty, 1 filled). */
enum pc_nonogram_cell {
    PC_NONOGRAM_UNKNOWN = 0, /* not yet decided by the player (empty in a solution) */
    PC_NONOGRAM_FILLED = 1,  /* filled */
    PC_NONOGRAM_CROSSED = 2  /* marked empty by the player */
};

/* Which family of lines.  PC_NONOGRAM_BOTH (rows, then columns) is only for
 * pc_nonogram_grid_clues. */
enum pc_nonogram_axis {
    PC_NONOGRAM_ROWS = 0,
    PC_NONOGRAM_COLS = 1,
    PC_NONOGRAM_BOTH = 2
};

/* Size limits of a puzzle. */
enum pc_nonogram_limits {
    PC_NONOGRAM_MAX_SIDE = 65535,      /* width and height, each */
    PC_NONOGRAM_MAX_CELLS = 268435456, /* width x height (2^28) */
    PC_NONOGRAM_MAX_TEXT = 4096        /* bytes of an id or a title */
};

typedef struct pc_nonogram pc_nonogram;

/* ---- pure clue functions ---------------------------------------------------- */

/*
 * Clues of one line: the `len` cells cells[0], cells[stride], cells[2*stride]
 * ... (a row of a row-major w-wide grid is stride 1 from &grid[y*w]; a column
 * is stride w from &grid[x]).  Writes the run lengths in order into clues[0 ..]
 * and their number into *count; an empty line gives the single clue 0 (count 1).
 * When cap is too small, writes the first cap clues, sets *count to the full
 * number and returns PC_ESPACE (cap 0 asks the number: PC_OK).  A line of n cells has at most (n + 1) / 2 clues.
 * Errors: PC_EINVAL (NULL pointer, len < 1, stride < 1), PC_ERANGE (len too big).
 */
PUZZLECORE_API int32_t pc_nonogram_line_clues(const uint8_t *cells, int32_t len, int32_t stride,
                                              int32_t *clues, int32_t cap, int32_t *count);

/*
 * Clues of every row (axis PC_NONOGRAM_ROWS), every column (PC_NONOGRAM_COLS)
 * or both (PC_NONOGRAM_BOTH: rows first, then columns) of a row-major w x h
 * grid, in one fast pass.  counts[i] receives the number of clues of line i
 * (h entries for rows, w for columns, h + w for both); clues receives all the
 * lines' clues one after the other, *total their number.  When `cap` is too
 * small the counts are still complete, the clues that fit are written, *total
 * tells the size needed, and PC_ESPACE is returned (cap 0 is a size query:
 * PC_OK).  Figures for a 4096 x 4096
 * grid: bench/nonogram_clues.
 */
PUZZLECORE_API int32_t pc_nonogram_grid_clues(const uint8_t *cells, int32_t w, int32_t h, int32_t axis,
                                              int32_t *counts, int32_t *clues, size_t cap, size_t *total);

/* ---- puzzles ------------------------------------------------------------------ */

/*
 * A puzzle from its solution: `bits` holds w*h characters '0' (empty) and '1'
 * (filled), row-major, as in a puzzle data table.  White space (including
 * newlines between rows) is ignored.  Errors: PC_ERANGE (size), PC_EPARSE
 * (a bad character, or not exactly w*h cells; err names the position).
 */
PUZZLECORE_API int32_t pc_nonogram_new_from_solution(int32_t w, int32_t h, const char *bits, size_t len,
                                                     char *err, size_t errcap, pc_nonogram **out);

/*
 * A puzzle from clues alone (no stored solution).  row_counts[y] is the number
 * of clues of row y and row_clues holds them all, row after row; likewise for
 * columns.  A line's clues are all >= 1, or the single clue 0.  Errors:
 * PC_ERANGE (size), PC_EINVAL (a clue < 0, a 0 among other clues, clues that
 * cannot fit in their line, rows and columns whose filled totals differ).
 */
PUZZLECORE_API int32_t pc_nonogram_new_from_clues(int32_t w, int32_t h, const int32_t *row_counts,
                                                  const int32_t *row_clues, const int32_t *col_counts,
                                                  const int32_t *col_clues, char *err, size_t errcap,
                                                  pc_nonogram **out);

/* Free a puzzle; NULL is accepted. */
PUZZLECORE_API void pc_nonogram_free(pc_nonogram *g);

/* Independent deep copy (clues, solution, record fields, player's grid). */
PUZZLECORE_API int32_t pc_nonogram_clone(const pc_nonogram *g, pc_nonogram **out);

/* Width / height (negative PC_EINVAL for NULL). */
PUZZLECORE_API int32_t pc_nonogram_width(const pc_nonogram *g);
PUZZLECORE_API int32_t pc_nonogram_height(const pc_nonogram *g);

/* 1 when the puzzle stores its solution (made from one, or loaded with one). */
PUZZLECORE_API int32_t pc_nonogram_has_solution(const pc_nonogram *g);

/* The stored solution's cell: 0 or 1; PC_ENOTFOUND without a solution,
 * PC_EINVAL for a bad coordinate. */
PUZZLECORE_API int32_t pc_nonogram_solution_cell(const pc_nonogram *g, int32_t x, int32_t y);

/* Number of clues of line `index` of `axis` (>= 1), or a negative status. */
PUZZLECORE_API int32_t pc_nonogram_clue_count(const pc_nonogram *g, int32_t axis, int32_t index);

/* The puzzle's clues of one line (same buffer rules as pc_nonogram_line_clues). */
PUZZLECORE_API int32_t pc_nonogram_clues(const pc_nonogram *g, int32_t axis, int32_t index, int32_t *clues,
                                         int32_t cap, int32_t *count);

/* ---- the player's grid ---------------------------------------------------------- */

/* The player's cell at (x, y): a pc_nonogram_cell value, or PC_EINVAL. */
PUZZLECORE_API int32_t pc_nonogram_cell(const pc_nonogram *g, int32_t x, int32_t y);

/* Set one cell to a pc_nonogram_cell value; re-examines only row y and column
 * x (O(w + h)).  Errors: PC_EINVAL (coordinate or value); nothing changes. */
PUZZLECORE_API int32_t pc_nonogram_set_cell(pc_nonogram *g, int32_t x, int32_t y, int32_t value);

/* Set the rectangle of rw x rh cells whose top-left cell is (x, y), as a
 * player's drag does; re-examines only the rows and columns it covers.  The
 * rectangle must lie inside the grid (PC_EINVAL otherwise, nothing changes). */
PUZZLECORE_API int32_t pc_nonogram_set_rect(pc_nonogram *g, int32_t x, int32_t y, int32_t rw, int32_t rh,
                                            int32_t value);

/* Reset every cell of the player's grid to PC_NONOGRAM_UNKNOWN. */
PUZZLECORE_API int32_t pc_nonogram_reset(pc_nonogram *g);

/* Copy the player's grid (w*h bytes, row-major) into cells[0 .. cap).
 * PC_ESPACE when cap < w*h. */
PUZZLECORE_API int32_t pc_nonogram_get_cells(const pc_nonogram *g, uint8_t *cells, size_t cap);

/* Replace the whole player's grid with w*h cell values (atomic: a bad value
 * anywhere gives PC_EINVAL and changes nothing). */
PUZZLECORE_API int32_t pc_nonogram_set_cells(pc_nonogram *g, const uint8_t *cells, size_t n);

/* The clues of what the player has filled in one line (buffer rules as for
 * pc_nonogram_line_clues): the run lengths of pc_nonogram_player_clues_colour
 * without their colours (on a colour puzzle a run ends where the colour
 * changes). */
PUZZLECORE_API int32_t pc_nonogram_player_clues(const pc_nonogram *g, int32_t axis, int32_t index,
                                                int32_t *clues, int32_t cap, int32_t *count);

/* 1 when the line's player clues equal the puzzle's (the clue is greyed out),
 * 0 otherwise, or a negative status. */
PUZZLECORE_API int32_t pc_nonogram_line_satisfied(const pc_nonogram *g, int32_t axis, int32_t index);

/* How many lines of `axis` are satisfied (0 .. h for rows, 0 .. w for columns). */
PUZZLECORE_API int32_t pc_nonogram_satisfied_count(const pc_nonogram *g, int32_t axis);

/* 1 when every row and column is satisfied: the puzzle is cleared. */
PUZZLECORE_API int32_t pc_nonogram_is_solved(const pc_nonogram *g);

/* 1 when the player's filled cells are exactly the stored solution's, 0 if
 * not, PC_ENOTFOUND when no solution is stored. */
PUZZLECORE_API int32_t pc_nonogram_matches_solution(const pc_nonogram *g);

/* How many single-line clue evaluations the puzzle has done since it was
 * made (construction, set_cell, set_rect, ...): lets a test or profiler see
 * that one cell change costs one row and one column. */
PUZZLECORE_API int64_t pc_nonogram_lines_evaluated(const pc_nonogram *g);

/* ---- the puzzle record ---------------------------------------------------------- */

/* The record's id (free text, no newline, at most PC_NONOGRAM_MAX_TEXT bytes). */
PUZZLECORE_API int32_t pc_nonogram_set_id(pc_nonogram *g, const char *id, size_t len);
PUZZLECORE_API int32_t pc_nonogram_id(const pc_nonogram *g, char *buf, size_t cap, size_t *len);

/* XP earned for clearing the puzzle (>= 0; default 0). */
PUZZLECORE_API int32_t pc_nonogram_set_xp(pc_nonogram *g, int32_t xp);
PUZZLECORE_API int32_t pc_nonogram_xp(const pc_nonogram *g);

/* The title in one language.  `lang` is a tag such as "en" or "pt-BR"
 * (letters, digits, '-' and '_'); setting an existing language replaces it,
 * an empty title removes it.  pc_nonogram_title gives PC_ENOTFOUND for a
 * language the record does not have. */
PUZZLECORE_API int32_t pc_nonogram_set_title(pc_nonogram *g, const char *lang, const char *title, size_t len);
PUZZLECORE_API int32_t pc_nonogram_title(const pc_nonogram *g, const char *lang, char *buf, size_t cap,
                                         size_t *len);

/* Number of titles, and the language tag of title i (in the order set). */
PUZZLECORE_API int32_t pc_nonogram_title_count(const pc_nonogram *g);
PUZZLECORE_API int32_t pc_nonogram_title_lang(const pc_nonogram *g, int32_t i, char *buf, size_t cap,
                                              size_t *len);

/*
 * The puzzle record as text (doc/nonogram.md gives the format):
 *   puzzlecore-nonogram 1
 *   id <text>            size <w>x<h>          xp <n>
 *   solution <w*h 0/1 characters>      (when a solution is stored)
 *   rows <clues>  /  cols <clues>      (when not: "1.2/3/0" per line, '/' between lines)
 *   title <lang> <text>                (one line per language)
 * pc_nonogram_save writes the record plus the player's grid
 * ("grid <w*h characters of . # x>"), so a load restores the game exactly.
 */
PUZZLECORE_API int32_t pc_nonogram_write_record(const pc_nonogram *g, char *buf, size_t cap, size_t *len);
PUZZLECORE_API int32_t pc_nonogram_save(const pc_nonogram *g, char *buf, size_t cap, size_t *len);

/* Read a record or a save (the "grid" line is optional).  Errors: PC_EPARSE
 * with "line L, column C: ..." in err, or the constructors' errors. */
PUZZLECORE_API int32_t pc_nonogram_load(const char *text, size_t len, char *err, size_t errcap,
                                        pc_nonogram **out);

/* ---- solving, grading, hints, generating, file formats ---------------------- */
/* (declared below this line) */

/*
 * The full treatment (algorithms, grade, formats, figures) is in
 * doc/nonogram-solving.md.  Solver cells use the pc_nonogram_cell values:
 * 0 unknown, 1 filled, 2 empty ("crossed"); solutions are 0/1 grids.
 * Clue arrays are as for pc_nonogram_new_from_clues: counts[i] clues for
 * line i, all lines' clues one after the other; a line's clues are all >= 1
 * or the single clue 0 (a count of 0 also means an empty line).
 */

/* Outcome of a grid solve: how many solutions were found (at most the
 * caller's limit; with limit 2, UNIQUE means proven unique). */
enum pc_nonogram_solve_status {
    PC_NONOGRAM_NONE = 0,     /* no solution */
    PC_NONOGRAM_UNIQUE = 1,   /* exactly one (when the limit was >= 2) */
    PC_NONOGRAM_MULTIPLE = 2  /* two or more: the return value is the number found */
};

/* Difficulty grade: the weakest technique family that settles every cell. */
enum pc_nonogram_grade {
    PC_NONOGRAM_GRADE_NONE = 0,   /* no solution */
    PC_NONOGRAM_GRADE_LINE = 1,   /* line logic alone (one line at a time) */
    PC_NONOGRAM_GRADE_PROBE = 2,  /* line logic plus probing (try a cell, refute it) */
    PC_NONOGRAM_GRADE_SEARCH = 3  /* needs search, or has several solutions */
};

/* Indexes of the statistics array the solver fills.  The caller passes the
 * array and its length (int64_t *stats, size_t nstats; NULL and 0 when not
 * wanted): the first min(nstats, PC_NONOGRAM_STAT_COUNT) entries are written,
 * so an array sized for this release stays valid when a later one adds
 * statistics. */
enum pc_nonogram_stat {
    PC_NONOGRAM_STAT_NODES = 0,        /* search nodes (0: solved without branching) */
    PC_NONOGRAM_STAT_LINE_SOLVES = 1,  /* lines taken off the queue and solved (line-cache hits included) */
    PC_NONOGRAM_STAT_PROBES = 2,       /* probes (one value tried on one cell) */
    PC_NONOGRAM_STAT_LINE_CELLS = 3,   /* cells settled by line logic before any probe */
    PC_NONOGRAM_STAT_PROBE_CELLS = 4,  /* further cells settled by probing before any branch */
    PC_NONOGRAM_STAT_GRADE = 5,        /* a pc_nonogram_grade value */
    PC_NONOGRAM_STAT_MAX_DEPTH = 6,    /* deepest search branch */
    PC_NONOGRAM_STAT_MEMORY = 7,       /* bytes of working memory allocated */
    PC_NONOGRAM_STAT_SOLUTIONS = 8,    /* solutions found (same as a solve's return value) */
    PC_NONOGRAM_STAT_COUNT = 9
};

/* How a hint was found (pc_nonogram_hint's return value). */
enum pc_nonogram_hint_kind {
    PC_NONOGRAM_HINT_LINE = 1,    /* the line (axis, index) alone forces the cell */
    PC_NONOGRAM_HINT_PROBE = 2,   /* the other value contradicts line logic through (axis, index) */
    PC_NONOGRAM_HINT_SOLUTION = 3 /* no logical step left: the cell is taken from a solution */
};

/* File formats of pc_nonogram_import / pc_nonogram_export. */
enum pc_nonogram_format {
    PC_NONOGRAM_FORMAT_AUTO = 0,      /* import only: guess from the text */
    PC_NONOGRAM_FORMAT_NON = 1,       /* .non (Simpson), "====" between puzzles of a bundle */
    PC_NONOGRAM_FORMAT_XML = 2,       /* webpbn XML (colours: nonogram_colour.h) */
    PC_NONOGRAM_FORMAT_TATHAM = 3,    /* Tatham game id "WxH:clues/...[,givens]" */
    PC_NONOGRAM_FORMAT_TCGA = 4,      /* TCGA/TAAI question file ("$n", column lines, row lines) */
    PC_NONOGRAM_FORMAT_TCGA_SOLUTION = 5 /* TCGA/TAAI solution file ("$n", rows of 0/1) */
};

/*
 * The complete line solver: every arrangement of the clues over `len` cells
 * that agrees with the known cells is considered (dynamic programming over
 * clue x position, O(count * len) time), and out[i] receives 1 or 2 when all
 * arrangements agree on cell i, else 0.  `cells` holds 0 unknown, 1 filled,
 * 2 empty; `out` may equal `cells`.  Returns the number of cells settled that
 * were unknown (>= 0), or PC_EILLEGAL when no arrangement fits (out is then
 * unchanged).  Errors: PC_EINVAL (NULL, len < 1, count < 0, a bad clue or cell
 * value), PC_ERANGE (len > PC_NONOGRAM_MAX_SIDE), PC_ENOMEM.
 */
PUZZLECORE_API int32_t pc_nonogram_solve_line(const int32_t *clues, int32_t count, const uint8_t *cells,
                                              int32_t len, uint8_t *out);

/*
 * The grid solver over plain clues: line propagation over a queue of changed
 * lines, then probing, then search branching on the most informative cell.
 * `givens` (w*h cells 0/1/2, or NULL) are cells known in advance.  It stops
 * after max_solutions (>= 1; 2 is the uniqueness check: the search then looks
 * for a second solution that differs from the first) and returns the number
 * of solutions found: 0 none, 1 (unique when max_solutions >= 2), ...  The first
 * min(found, cap / (w*h)) solutions are written, one w*h 0/1 grid after the
 * other, into `solutions` (may be NULL with cap 0).
 * `budget` (NULL: the defaults of puzzlecore/budget.h, 10 s) bounds the work:
 * max_nodes counts search nodes (a branch taken, either value), max_seconds is
 * wall-clock time, max_bytes the solver's working memory; the progress
 * callback receives the nodes so far and, as its bound, the number of cells
 * known; the cancel flag is read every 256 line solves.  Past a limit the call
 * returns PC_ELIMIT, on a cancel PC_ECANCELLED, and writes no solution: a
 * verdict is never guessed.  `stats` (nstats entries; NULL with 0) is filled,
 * as far as nstats reaches, in every case but PC_EINVAL.
 * Working memory is about 36 bytes per cell plus the line tables; a puzzle
 * that would need more than 256 MiB is refused with PC_ERANGE (about 7
 * million cells: 2,700 x 2,700).
 * Errors: PC_EINVAL (bad size, clue, given, limit or budget), PC_ERANGE,
 * PC_ENOMEM, PC_ELIMIT, PC_ECANCELLED.
 */
PUZZLECORE_API int32_t pc_nonogram_solve_clues(int32_t w, int32_t h, const int32_t *row_counts,
                                               const int32_t *row_clues, const int32_t *col_counts,
                                               const int32_t *col_clues, const uint8_t *givens,
                                               int32_t max_solutions, const pc_budget *budget,
                                               uint8_t *solutions, size_t cap, int64_t *stats, size_t nstats);

/* Whether this build of the library has the optional CDCL SAT backend of the
 * black-and-white grid solver (configure --with-cadical, CMake
 * PUZZLECORE_WITH_CADICAL): 1 yes, 0 no.  With it, a search for at most two
 * solutions still running after a few thousand nodes takes turns with the
 * CaDiCaL SAT solver at its restarts, under the same budget (its learned
 * clauses count as search nodes); the verdicts are the same either way, the
 * solutions of a MULTIPLE verdict may differ.  doc/nonogram-solving.md, "SAT backend". */
PUZZLECORE_API int32_t pc_nonogram_sat_backend(void);

/* pc_nonogram_solve_clues on a puzzle's clues (the player's grid is ignored;
 * the puzzle is not changed).  A colour puzzle (nonogram_colour.h) goes to
 * pc_nonogram_solve_colour: its solutions are grids of palette indices;
 * stats receives min(nstats, PC_NONOGRAM_STAT_COUNT) entries either way.
 * Grade, consistent, hint and mistakes take colour puzzles the same way. */
PUZZLECORE_API int32_t pc_nonogram_solve(const pc_nonogram *g, int32_t max_solutions, const pc_budget *budget,
                                         uint8_t *solutions, size_t cap, int64_t *stats, size_t nstats);

/* Difficulty grade of the puzzle (a pc_nonogram_grade value; SEARCH also for a
 * puzzle with several solutions: stats[PC_NONOGRAM_STAT_SOLUTIONS] tells), with
 * the step counts in `stats`.  Same budget rules as the solver. */
PUZZLECORE_API int32_t pc_nonogram_grade(const pc_nonogram *g, const pc_budget *budget, int64_t *stats,
                                         size_t nstats);

/*
 * A hint for the player: the next cell that logic can settle from the
 * player's grid (filled and crossed cells taken as known).  Writes the cell
 * (*x, *y), its value (*value: 1 filled or 2 empty) and the line that proves
 * it (*axis, *index; for a probe, the line where assuming the other value
 * breaks down).  Among the lines that settle a cell the one settling most
 * cells wins (rows before columns, then the lowest index), and its first
 * such cell is given.  Returns a pc_nonogram_hint_kind.  Errors:
 * PC_EILLEGAL (the player's grid contradicts line (*axis, *index), or has no
 * solution: *axis = -1), PC_ENOTFOUND (no unknown cell left), PC_EINVAL,
 * PC_ELIMIT / PC_ECANCELLED (the budget, NULL for the defaults, ran out or
 * was cancelled; the out values are then not written).
 * Any out pointer may be NULL.  The puzzle is not changed.
 */
PUZZLECORE_API int32_t pc_nonogram_hint(const pc_nonogram *g, const pc_budget *budget, int32_t *x, int32_t *y,
                                        int32_t *value, int32_t *axis, int32_t *index);

/* 1 when the player's filled and crossed cells still agree with some solution
 * of the clues, 0 when they do not; PC_ELIMIT past the budget (NULL: the
 * defaults), PC_ECANCELLED when it is cancelled. */
PUZZLECORE_API int32_t pc_nonogram_consistent(const pc_nonogram *g, const pc_budget *budget);

/*
 * Which of the player's cells contradict the unique solution (the stored one,
 * else the clues' solution when it is unique): marks[y*w+x] = 1 for a filled
 * cell that should be empty or a crossed cell that should be filled, else 0.
 * Returns the number of such cells.  Errors: PC_ESPACE (cap < w*h),
 * PC_ENOTFOUND (no stored solution and the clues have none or several),
 * PC_ELIMIT (no stored solution, and the solve under the default budget of
 * puzzlecore/budget.h did not finish).  It is pc_nonogram_colour_mistakes
 * with the default budget (on a colour puzzle: a decided cell whose colour
 * differs from the solution's).
 */
PUZZLECORE_API int32_t pc_nonogram_mistakes(const pc_nonogram *g, uint8_t *marks, size_t cap);

/*
 * Seeded generator: a w x h picture with natural structure (smoothed noise,
 * about half filled, every line of length > 2 mixed), made to have exactly one
 * solution that the solver settles at `max_grade` (a pc_nonogram_grade from
 * LINE to SEARCH) or easier.  The same (w, h, seed, max_grade) gives the same
 * picture on every platform.  pc_nonogram_generate_cells writes the w*h 0/1
 * cells; pc_nonogram_generate makes the puzzle (with its solution and the id
 * "gen-<w>x<h>-<seed>").  Sizes 2..128 per side (120 x 120 takes about a
 * second).
 * The budget (NULL: the defaults of puzzlecore/budget.h) bounds the whole run:
 * one node is one uniqueness check of a candidate picture plus every search
 * node inside it; progress reports the cells the running check has settled
 * as its bound.  The
 * budget only stops the run, it never changes the picture (the inner searches
 * run under a fixed node cap): a run that finishes gives the same picture
 * under any budget.  Its seed is not used (`seed` is the argument).
 * Errors: PC_EINVAL (also a bad budget), PC_ERANGE, PC_ESPACE, PC_ELIMIT (the
 * budget ran out, or no such puzzle was found: rare, tiny sizes),
 * PC_ECANCELLED; nothing is written then.
 */
PUZZLECORE_API int32_t pc_nonogram_generate_cells(int32_t w, int32_t h, uint64_t seed, int32_t max_grade,
                                                  const pc_budget *budget, uint8_t *cells, size_t cap);
PUZZLECORE_API int32_t pc_nonogram_generate(int32_t w, int32_t h, uint64_t seed, int32_t max_grade,
                                            const pc_budget *budget, pc_nonogram **out);

/* The format of a text (a pc_nonogram_format other than AUTO), or PC_EPARSE
 * when it looks like none of them. */
PUZZLECORE_API int32_t pc_nonogram_detect_format(const char *text, size_t len);

/* Number of puzzles in a text of the given format (AUTO: detected): >= 1, or
 * PC_EPARSE with "line L, column C: ..." in err. */
PUZZLECORE_API int32_t pc_nonogram_import_count(const char *text, size_t len, int32_t format, char *err,
                                                size_t errcap);

/*
 * Puzzle number `index` (0-based) of a text in a format (see
 * doc/nonogram-solving.md for every format's details).  The id is the
 * format's name of the puzzle ("$n" for TCGA, <id> in XML, "catalogue" in .non)
 * when it has one; a .non or XML title becomes the title of language "en";
 * a goal/solution becomes the stored solution (it must agree with the clues);
 * Tatham givens become the player's grid.  Errors: PC_EPARSE (err: line and
 * column), PC_ENOTFOUND (no puzzle `index`), the constructors' errors.
 */
PUZZLECORE_API int32_t pc_nonogram_import(const char *text, size_t len, int32_t format, int32_t index,
                                          char *err, size_t errcap, pc_nonogram **out);

/* ---- collections ---------------------------------------------------------------- */

/*
 * A multi-puzzle text read once (a .non bundle joined by "====" lines, a
 * TCGA file, a webpbn XML file with several <puzzle> elements, Tatham ids one
 * per line), with indexed access: reading all n puzzles costs O(total size),
 * where pc_nonogram_import with each index in turn rescans the text.  The
 * text is copied (the caller's buffer may go).  Every puzzle is checked at
 * parse time, so the first bad one fails the whole text: PC_EPARSE with
 * "line L, column C: ..." (or "line L: puzzle N: ...") in err, PC_EINVAL (a
 * bad format value or NULL), PC_ENOMEM.  Memory: the text plus a few words
 * per puzzle.
 */
typedef struct pc_nonogram_collection pc_nonogram_collection;
PUZZLECORE_API int32_t pc_nonogram_collection_parse(const char *text, size_t len, int32_t format, char *err,
                                                    size_t errcap, pc_nonogram_collection **out);

/* Free a collection; NULL is accepted. */
PUZZLECORE_API void pc_nonogram_collection_free(pc_nonogram_collection *c);

/* Number of puzzles (>= 1), PC_EINVAL for NULL. */
PUZZLECORE_API int32_t pc_nonogram_collection_count(const pc_nonogram_collection *c);

/* The format the text was read in (AUTO resolved), PC_EINVAL for NULL. */
PUZZLECORE_API int32_t pc_nonogram_collection_format(const pc_nonogram_collection *c);

/* A new puzzle handle for puzzle `index` (0-based), as pc_nonogram_import
 * would give it; the caller frees it.  PC_EINVAL (NULL, index outside
 * [0, count)), PC_ENOMEM. */
PUZZLECORE_API int32_t pc_nonogram_collection_puzzle(const pc_nonogram_collection *c, int32_t index,
                                                     pc_nonogram **out);

/* The puzzle in a format (not AUTO).  TCGA files are square (PC_ERANGE
 * otherwise); TCGA_SOLUTION needs the stored solution (PC_ENOTFOUND).
 * Concatenate TCGA outputs, or join .non outputs with a "====" line, for a
 * bundle.  Text out convention. */
PUZZLECORE_API int32_t pc_nonogram_export(const pc_nonogram *g, int32_t format, char *buf, size_t cap,
                                          size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_NONOGRAM_H */
