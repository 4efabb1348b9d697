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

#include "common/budget.h"
#include "nonogram/line.h"
#include "puzzlecore/nonogram.h"

/* Results of the steps. */
enum { PC__NS_OK = 0, PC__NS_CONTRA = -1, PC__NS_ABORT = -2, PC__NS_FOUND = 1 };

#ifndef PC__NS_RESTART_UNIT
#define PC__NS_RESTART_UNIT 2048 /* search nodes per unit of the Luby restart sequence */
#endif
/* the probe-reuse bit sets are kept while they take at most this */
#define PC__NS_PROBE_REUSE_BYTES ((size_t)32 << 20)
#define PC__NS_CACHE_MAXLEN 128
#ifndef PC__NS_CACHE_ENTRIES
#define PC__NS_CACHE_ENTRIES (1u << 17)
#endif

/* entries of the bit-parallel line cache: small enough to stay in the CPU's
 * cache (a miss to memory costs more than solving the line again) */
#ifndef PC__NS_BCACHE_ENTRIES
#define PC__NS_BCACHE_ENTRIES (1u << 12)
#endif

/* cells remembered for probing first (at least 1) */
#ifndef PC__NS_HOT
#define PC__NS_HOT 16
#endif

/* Working memory is refused beyond this (the bound per puzzle). */
#define PC__NS_MAX_BYTES ((size_t)256 << 20)

typedef struct pc__nsolver {
    int32_t w, h, nlines, ncells;
    int32_t *kcount;  /* clues per line (0 for an empty line) */
    int32_t *kstart;  /* offset of the line's clues in clue[] */
    int32_t *clue;
    uint8_t *cells;   /* current state, 0/1/2 */
    int32_t unknown;  /* cells still 0 */
    int32_t *trail;   /* cells set since the last reset, in order */
    int32_t trail_len;
    int32_t *queue;   /* ring of lines to solve */
    int32_t qhead, qlen;
    uint8_t *queued;
    pc__line_ws ws;
    uint8_t *lbuf, *lout;
    /* line cache (lines <= PC__NS_CACHE_MAXLEN): direct-mapped, keyed by the
     * line number and its cells packed 2 bits each */
    uint64_t *cache_key;  /* entries x cache_words */
    uint64_t *cache_out;  /* entries x cache_words */
    int32_t *cache_line;  /* -1: empty */
    int32_t *cache_res;   /* settled count or -1 */
    int32_t cache_words;
    uint32_t cache_mask;
    int64_t cache_hits;
    /* bit-parallel mode (both sides <= PC__LINE_BITS_MAX): every line's
     * filled and empty cells as two words (bit i = cell i of the line), kept
     * in step with cells[]; lines with the same clues share a class, and the
     * line cache is keyed by (class, filled, empty) */
    int32_t bits;
    uint64_t *lf, *le;
    int32_t *lclass;
    uint64_t *bc; /* entries x 4 words: filled, empty in; filled, empty out */
    int32_t *bc_cls; /* -1: empty slot */
    int32_t *bc_res;
    uint32_t bc_mask;
    /* probing scratch */
    uint32_t *stamp;
    uint8_t *pval;
    uint32_t cur_stamp;
    int32_t *agreed;
    int32_t *score1, *score2; /* cells settled by each probe of the last pass */
    /* probe reuse: a line's stamp is the clock at its last change outside a
     * probe; a cell's probe pair, made at clock ptime[c] (0: never), touched
     * the lines in its bit set ptouch (twords words per cell; NULL when too
     * big: every probe is then redone).  The pair's result still holds, and
     * gives nothing new, while none of those lines has changed since. */
    uint64_t clock;
    uint64_t *lstamp;
    uint64_t *ptime;
    uint64_t *ptouch;
    int32_t twords;
    int32_t in_probe;
    int64_t probes_reused;
    /* search stack */
    int32_t *fcell, *fmark;
    uint8_t *fval, *fdone;
    /* statistics and budget */
    int64_t nodes, line_solves, probes, max_depth;
    int64_t max_nodes; /* internal node cap (the generator's), 0: none */
    pc__meter *meter;  /* the caller's budget, NULL: none */
    int32_t abort_status; /* PC_ELIMIT or PC_ECANCELLED after PC__NS_ABORT */
    /* restarts: after a restart, branching is perturbed by this generator,
     * seeded from the clues (so the answer depends on the input only) */
    uint64_t rng;
    int32_t randomize;
    int64_t restarts;
    uint8_t *sol0;    /* the first solution found (duplicates after a restart are skipped) */
    int32_t have_sol0;
    /* a probe whose propagation completes the grid has found a solution:
     * with probe_solutions set, pc__nsolver_probe copies it (0/1) into psol
     * and returns PC__NS_FOUND (unless it equals sol0) */
    int32_t probe_solutions;
    uint8_t *psol;
    int32_t bad_line; /* the line of the last contradiction */
    /* the last cells whose probes met a contradiction, probed first */
    int32_t hot[PC__NS_HOT];
    int32_t hot_n, hot_pos;
    int32_t use_probing;
    size_t bytes;
} pc__nsolver;

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

#endif
