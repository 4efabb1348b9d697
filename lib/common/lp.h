/*
 * Internal: a small dense linear-programming solver (primal simplex on a
 * dictionary), for the few LPs the library solves once per search, with a
 * few hundred variables and rows at most.
 *
 * Problem: maximise c.x subject to A x <= b and x >= 0, with every b[i] >= 0
 * (so x = 0 is feasible and no phase one is needed).  The answer is in
 * doubles: a caller that needs exact values rounds them and checks the
 * constraints itself (the simplex stays primal feasible only up to rounding).
 */
#ifndef PC_COMMON_LP_H
#define PC_COMMON_LP_H

#include <stddef.h>
#include <stdint.h>

/* Bytes pc__lp_max allocates for an m x n problem (so that a caller with a
 * memory budget can charge them first); 0 when the size overflows. */
size_t pc__lp_bytes(int32_t m, int32_t n);

/* Solve the LP above.  A: m rows of n coefficients (row-major), b: m
 * right-hand sides (all >= 0), c: n objective coefficients.  x (n values)
 * receives the last basic feasible solution and *value its objective.
 * Returns PC_OK at an optimum; PC_ELIMIT when max_pivots pivots did not
 * reach one (x is then feasible, not optimal); PC_ERANGE when the objective
 * is unbounded; PC_EINVAL on bad arguments (a negative b[i], m or n < 1);
 * PC_ENOMEM. */
int32_t pc__lp_max(int32_t m, int32_t n, const double *A, const double *b, const double *c,
                   int64_t max_pivots, double *x, double *value);

#endif
