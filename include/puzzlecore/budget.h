/*
 * puzzlecore/budget.h — one budget for every search.
 *
 * Every search of the library (nonogram solve, grade, hint and generate;
 * Sokoban solve and index; the Pickerel, Snapper and Patchwork advisors;
 * pc_game_suggest) takes a `const pc_budget *`.  The budget bounds the work
 * (nodes, seconds, bytes), seeds whatever the search randomises, reports
 * progress through a callback, and can be cancelled from another thread.
 *
 * The struct is versioned by its first field: `size` is sizeof(pc_budget) as
 * the caller's headers know it, so a later release can append fields and
 * still read an older caller's budget (missing fields take their defaults).
 * Always start from pc_budget_init(), then set the fields you need:
 *
 *     pc_budget b;
 *     pc_budget_init(&b, sizeof b);
 *     b.max_seconds = 2.0;
 *     rc = pc_sokoban_solve(level, PC_SOKOBAN_MOVES, &b, &result);
 *
 * A NULL budget means the safe defaults: PC_BUDGET_DEFAULT_SECONDS of wall
 * time, PC_BUDGET_DEFAULT_MIB of search memory, no node limit, seed 0 — a
 * bound that a UI can live with and that cannot take the host down.
 *
 * Field values:
 *   max_nodes    0 = no node limit; > 0 = at most that many search nodes (what
 *                a node is, is per search and documented there).
 *   max_seconds  0 = the default (PC_BUDGET_DEFAULT_SECONDS); < 0 = no time
 *                limit; > 0 = wall-clock seconds.
 *   max_bytes    0 = the default (PC_BUDGET_DEFAULT_MIB MiB); UINT64_MAX = no
 *                memory limit; otherwise the bytes the search may hold for its
 *                tables (the objects it was given are not counted).
 *   seed         seeds the search's own randomness (playouts, restarts); the
 *                same seed and a node limit give the same answer everywhere.
 *   progress     called from the searching thread a few times a second (every
 *                `progress_every` seconds, 0 = 0.25) with the nodes so far, the
 *                elapsed seconds and the best bound or best value the search
 *                knows (NaN when it has none); returning non-zero cancels the
 *                search.  `user` is passed back untouched.
 *   cancel       a flag: set it non-zero from any thread (pc_budget_cancel) and
 *                the search returns PC_ECANCELLED within 100 ms.
 *
 * When a search stops on a limit it returns PC_ELIMIT, when cancelled
 * PC_ECANCELLED; in both cases every object it was given is unchanged.
 */
#ifndef PUZZLECORE_BUDGET_H
#define PUZZLECORE_BUDGET_H

#include "puzzlecore/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The defaults behind a NULL budget and the zero fields of one. */
enum pc_budget_defaults {
    PC_BUDGET_DEFAULT_SECONDS = 10,  /* wall-clock seconds */
    PC_BUDGET_DEFAULT_MIB = 256,     /* search memory, MiB */
    PC_BUDGET_PROGRESS_MS = 250      /* milliseconds between progress calls */
};

/* Progress callback: nodes searched so far, seconds elapsed, the best bound or
 * value known (NaN if none).  Return 0 to go on, non-zero to cancel. */
typedef int32_t (*pc_progress_fn)(void *user, int64_t nodes, double seconds, double bound);

typedef struct pc_budget {
    size_t size;               /* sizeof(pc_budget) as the caller compiled it */
    int64_t max_nodes;         /* 0: no node limit */
    double max_seconds;        /* 0: default; < 0: none */
    uint64_t max_bytes;        /* 0: default; UINT64_MAX: none */
    uint64_t seed;             /* the search's own randomness */
    pc_progress_fn progress;   /* may be NULL */
    void *user;                /* handed back to progress */
    double progress_every;     /* seconds between progress calls; 0: 0.25 */
    int32_t cancel;            /* non-zero: stop (set with pc_budget_cancel) */
    int32_t reserved;          /* 0; keeps the struct's size a multiple of 8 */
} pc_budget;

/* Fill `b` with the defaults (every limit 0 = default, no callback, cancel 0)
 * and set b->size = size.  Pass sizeof *b.  PC_EINVAL for NULL or a size
 * smaller than the first release's struct. */
PUZZLECORE_API int32_t pc_budget_init(pc_budget *b, size_t size);

/* Ask a running search to stop: sets b->cancel with an atomic store, so it is
 * safe from any thread (or a signal handler).  PC_EINVAL for NULL. */
PUZZLECORE_API int32_t pc_budget_cancel(pc_budget *b);

/* Clear the cancel flag so the budget can be used again.  PC_EINVAL for NULL. */
PUZZLECORE_API int32_t pc_budget_reset(pc_budget *b);

/* sizeof(pc_budget) as this library was built (for bindings that lay the
 * struct out themselves: they check their own size against this). */
PUZZLECORE_API size_t pc_budget_size(void);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_BUDGET_H */
