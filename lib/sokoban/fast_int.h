/*
 * Internal: the fast Sokoban solver (PC_SOKOBAN_ANY, lib/sokoban/fast.c) as
 * pc_sokoban_solve calls it.  Not installed.
 */
#ifndef PC_SOKOBAN_FAST_INT_H
#define PC_SOKOBAN_FAST_INT_H

#include <stdint.h>

#include "common/budget.h"
#include "sokoban/sokoban_int.h"

/* What a fast search found and spent.  lurd is malloc'ed (PC_OK only). */
typedef struct {
    char *lurd;
    int64_t moves, pushes;
    int64_t bound;            /* the start's matching: a lower bound on pushes; -1 none */
    uint64_t nodes, states, bytes;
} pc__fast_out;

/* Any solution from g's current position under the meter.  PC_OK (o->lurd
 * replayed and verified), PC_ENOTFOUND (the whole pruned space searched: no
 * solution), PC_ELIMIT, PC_ECANCELLED, PC_ENOMEM.  o's figures are set in
 * every case. */
int32_t pc__sokoban_fast(const pc_sokoban *g, pc__meter *m, pc__fast_out *o);

/* The static deadlock tests of pc_sokoban_deadlock on g's current
 * position: 1 (deadlock; *kind its PC_SOKOBAN_DEADLOCK_* and grid[i] = 1 on
 * the grid cells, w x h, of the boxes forming it; grid may be NULL), 0 (none
 * found), PC_ENOMEM. */
int32_t pc__sokoban_deadlock(const pc_sokoban *g, uint8_t *grid, int32_t *kind);

#endif
