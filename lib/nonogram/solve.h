/*
 * Internal: the grid solver (propagation over a queue of changed lines,
 * probing, search).  The hint, the generator and the public solve calls all
 * drive this one engine.  Lines are numbered 0..h-1 for rows, h..h+w-1 for
 * columns.
 */
#ifndef PC_NONOGRAM_SOLVE_H
#define PC_NONOGRAM_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "nonogram/solve_state.h"

/* Validate clues and allocate.  PC_OK, PC_EINVAL (malformed clue), PC_ERANGE,
 * PC_ENOMEM.  Clues that cannot fit are allowed: the puzzle just has no
 * solution. */
int32_t pc__nsolver_new(int32_t w, int32_t h, const int32_t *row_counts, const int32_t *row_clues,
                        const int32_t *col_counts, const int32_t *col_clues, pc__nsolver **out);
void pc__nsolver_free(pc__nsolver *s);

/* Back to the start: every cell unknown except the givens (NULL: none),
 * every line queued.  Statistics are cleared.  PC_EINVAL for a bad given. */
int32_t pc__nsolver_reset(pc__nsolver *s, const uint8_t *givens);

/* Set a cell (must be unknown) and queue its two lines. */
void pc__nsolver_set(pc__nsolver *s, int32_t idx, uint8_t v);
/* Undo every cell set after trail position `mark`. */
void pc__nsolver_undo(pc__nsolver *s, int32_t mark);

/* Run line logic over the queue to a fixpoint. */
int pc__nsolver_propagate(pc__nsolver *s);
/* Probing to a fixpoint (includes propagation); fills score1/score2. */
int pc__nsolver_probe(pc__nsolver *s);

/*
 * The whole solve from the current state: propagate, probe, then search.
 * Stops after `limit` solutions; copies the first `nstore` of them into
 * `store` (nstore * ncells bytes).  *found receives the count, stats (may be
 * NULL) the statistics.  Returns PC__NS_OK or PC__NS_ABORT (budget).
 */
int pc__nsolver_solve(pc__nsolver *s, int32_t limit, uint8_t *store, int32_t nstore, int32_t *found,
                      int64_t *stats);

/* pc_nonogram_solve_clues under a running meter (NULL: no limit at all). */
int32_t pc__nonogram_solve_metered(int32_t w, int32_t h, const int32_t *row_counts, const int32_t *row_clues,
                                   const int32_t *col_counts, const int32_t *col_clues, const uint8_t *givens,
                                   int32_t max_solutions, pc__meter *meter, uint8_t *solutions, size_t cap,
                                   int64_t *stats);

/* Copy the first min(nstats, PC_NONOGRAM_STAT_COUNT) of the library's full
 * statistics st into the caller's stats (the rule of the public calls). */
void pc__nonogram_copy_stats(const int64_t *st, int64_t *stats, size_t nstats);

/* Clue arrays of a pc_nonogram into malloc'd arrays (freed with free()):
 * rows first.  PC_OK or an error. */
int32_t pc__nonogram_get_clues(const pc_nonogram *g, int32_t *w, int32_t *h, int32_t **row_counts,
                               int32_t **row_clues, int32_t **col_counts, int32_t **col_clues);

/* A hint (pc_nonogram_hint, pc_nonogram_hint_colour): the cell (x, y), its
 * value, the line that proves it (rows 0..h-1, then columns; -1: none), and
 * its pc_nonogram_hint_kind (0: none yet). */
typedef struct pc__nhint {
    int32_t x, y, value, line, kind;
} pc__nhint;

/* The hint is cell `cell` of a w-wide grid. */
void pc__nhint_cell(pc__nhint *hint, int32_t w, size_t cell, int32_t value, int32_t line, int32_t kind);

/* The rule of the hint calls: on rc PC_OK the hint goes to the caller's
 * out-pointers (any may be NULL) and its kind is returned; on PC_EILLEGAL
 * likewise (the line that breaks, -1 for none) and PC_EILLEGAL returned;
 * any other rc is returned as it is, nothing written. */
int32_t pc__nhint_report(const pc__nhint *hint, int32_t h, int32_t rc, int32_t *x, int32_t *y, int32_t *value,
                         int32_t *axis, int32_t *index);

#endif
