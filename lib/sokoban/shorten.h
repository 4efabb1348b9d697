/*
 * Internal: the fast mode's second pass, which shortens a found solution
 * (lib/sokoban/shorten.c).  Not installed.
 */
#ifndef PC_SOKOBAN_SHORTEN_H
#define PC_SOKOBAN_SHORTEN_H

#include <stdint.h>

#include "common/budget.h"
#include "sokoban/sokoban_int.h"

/* Solve short windows of the solution `lurd` (LURD text, NUL-ended, that
 * solves g from its current position) again, optimally, and splice in
 * every cheaper one: fewer moves, then fewer pushes.  Every state expanded
 * is a step of the meter (*expanded counts them, in every case); a limit
 * or cancel the meter meets ends the pass early, and the meter's status is
 * put back to what it was on entry: the solution as shortened so far
 * stands, the pass never fails a solve.  On PC_OK *out is a malloc'ed LURD
 * solving g, never costlier than lurd (its pushes with shortest walks when
 * nothing was found), and *moves, *pushes its length.  PC_EINVAL when lurd
 * does not solve g, PC_ENOMEM; *out untouched then. */
int32_t pc__sokoban_shorten(const pc_sokoban *g, const char *lurd, pc__meter *m, char **out, int64_t *moves,
                            int64_t *pushes, uint64_t *expanded);

#endif
