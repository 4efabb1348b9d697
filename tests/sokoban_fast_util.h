/*
 * tests/sokoban_fast_util.h — what the tests of the fast mode's internals
 * share (they compile the module's sources in; see lib/sokoban/local.mk):
 * the fast search alone, without the push-optimal search PC_SOKOBAN_ANY
 * runs first, under a node cap.
 */
#ifndef PC_TESTS_SOKOBAN_FAST_UTIL_H
#define PC_TESTS_SOKOBAN_FAST_UTIL_H

#include <stdint.h>
#include <stdlib.h>

#include "common/budget.h"
#include "puzzlecore/puzzlecore.h"
#include "sokoban/fast_int.h"

/* pc__sokoban_fast on g with `nodes` expansions at most and no time limit;
 * its status, with o's figures (the solution freed: o->lurd is NULL). */
static inline int32_t fast_alone(const pc_sokoban *g, int64_t nodes, pc__fast_out *o)
{
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;
    b.max_nodes = nodes;
    pc__meter m;
    int32_t rc = pc__meter_start(&m, &b);
    if (rc != PC_OK)
        return rc;
    rc = pc__sokoban_fast(g, &m, o);
    free(o->lurd);
    o->lurd = NULL;
    return rc;
}

#endif
