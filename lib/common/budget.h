/*
 * Internal: a running search's meter over a caller's pc_budget.
 *
 * A search calls pc__meter_start() once, then pc__meter_step() at every node
 * (cheap: a counter and a countdown); every PC__METER_CHECK steps, or when the
 * node limit is reached, the meter reads the clock, the cancel flag and calls
 * the progress callback when one is due.  A non-zero return (PC_ELIMIT or
 * PC_ECANCELLED) is sticky: the search unwinds and returns it.
 */
#ifndef PC_COMMON_BUDGET_H
#define PC_COMMON_BUDGET_H

#include "puzzlecore/budget.h"

/* Steps between clock reads.  Searches whose single step is slow (a
 * playout, an LP) call pc__meter_check() directly instead. */
enum { PC__METER_CHECK = 64 };

typedef struct pc__meter {
    const pc_budget *budget; /* NULL: defaults only, no callback, no cancel */
    int64_t max_nodes;       /* 0: none */
    double deadline;         /* absolute pc__now_seconds(); 0: none */
    uint64_t max_bytes;      /* UINT64_MAX: none */
    uint64_t seed;
    double start;
    double progress_every;
    double next_progress;
    double bound;            /* best bound or value known, for progress; NaN: none */
    int64_t nodes;
    int32_t countdown;
    int32_t status;          /* PC_OK until a limit or a cancel */
} pc__meter;

/* Read the budget (NULL = defaults).  PC_EINVAL when b->size is too small or
 * a field is out of range (negative bytes cannot be; NaN seconds can). */
int32_t pc__meter_start(pc__meter *m, const pc_budget *b);

/* The slow path: clock, cancel flag, progress.  Returns m->status. */
int32_t pc__meter_check(pc__meter *m);

/* One search node (or `n` of them).  Returns PC_OK, PC_ELIMIT or
 * PC_ECANCELLED. */
static inline int32_t pc__meter_step(pc__meter *m, int64_t n)
{
    m->nodes += n;
    if (--m->countdown > 0 && (m->max_nodes == 0 || m->nodes < m->max_nodes))
        return m->status;
    return pc__meter_check(m);
}

/* True when `bytes` more would pass the memory limit. */
static inline int pc__meter_over_bytes(const pc__meter *m, uint64_t used, uint64_t more)
{
    return m->max_bytes != UINT64_MAX && (more > m->max_bytes || used > m->max_bytes - more);
}

/* The budget's cancel flag, read atomically (0 for NULL). */
int32_t pc__budget_cancelled(const pc_budget *b);

#endif
