/*
 * tests/budget_util.h — budgets shared by the tests and the benchmarks.
 *
 * pc_test_nodes_budget(b, n): a budget of n search nodes (0: no node limit)
 * and no time limit, so a search's answer depends on its input and n alone,
 * on any machine.  Returns b.
 */
#ifndef PC_TESTS_BUDGET_UTIL_H
#define PC_TESTS_BUDGET_UTIL_H

#include "puzzlecore/budget.h"

static inline const pc_budget *pc_test_nodes_budget(pc_budget *b, int64_t n)
{
    pc_budget_init(b, sizeof *b);
    b->max_nodes = n;
    b->max_seconds = -1;
    return b;
}

#endif
