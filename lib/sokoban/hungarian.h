/*
 * lib/sokoban/hungarian.h — one row of the Hungarian method, the one copy
 * both Sokoban solvers' lower bounds use (solver_dist.c: the optimal
 * solver's matching on a cost table; fast.c: the fast solver's, on costs
 * read from its distance table).
 *
 * e-maxx's form, rows and columns 1-based: row i joins the assignment p
 * (p[j]: the row on column j, 0: free) by a shortest augmenting path,
 * keeping the duals u, v feasible (u[r] + v[j] <= cost(r, j)) and tight on
 * the assigned pairs.  cost is called with the caller's ctx; being static
 * inline, each caller's cost function is inlined into its own copy of the
 * loop.  minv, way and used are scratch of n + 1 entries.
 *
 * The dual updates are deferred (the same numbers, one pass over the
 * columns a step instead of two): e-maxx's form adds each step's delta to
 * u and v of every column reached so far and takes it off minv of every
 * other.  Here acc, the sum of the deltas so far, stands for them: minv of
 * a column not reached holds its slack + acc (so it needs no update and
 * the comparisons, all between columns not reached, come out the same,
 * ties included), and a column reached stores in minv the acc it was
 * reached at, so that at the end it receives acc minus that, the sum of
 * the deltas since, exactly as the eager updates would have given it.
 * The row read in a step, p[j0], has had no update pending: its column
 * j0 was reached in this very step.
 */
#ifndef PC_SOKOBAN_HUNGARIAN_H
#define PC_SOKOBAN_HUNGARIAN_H

#include <stdint.h>

typedef int64_t (*sk_hung_cost)(const void *ctx, int32_t i, int32_t j);

static inline void pc__sk_hung_row(int32_t n, sk_hung_cost cost, const void *ctx, int32_t i, int64_t *u, int64_t *v,
                                   int32_t *p, int64_t *minv, int32_t *way, uint8_t *used)
{
    for (int32_t j = 0; j <= n; j++) {
        minv[j] = INT64_MAX;
        used[j] = 0;
        way[j] = 0;
    }
    p[0] = i;
    int32_t j0 = 0;
    int64_t acc = 0;
    do {
        used[j0] = 1;
        minv[j0] = acc;
        int32_t i0 = p[j0], j1 = 0;
        int64_t base = acc - u[i0], best = INT64_MAX;
        for (int32_t j = 1; j <= n; j++) {
            if (used[j])
                continue;
            int64_t cur = cost(ctx, i0, j) + base - v[j];
            if (cur < minv[j]) {
                minv[j] = cur;
                way[j] = j0;
            }
            if (minv[j] < best) {
                best = minv[j];
                j1 = j;
            }
        }
        acc = best;
        j0 = j1;
    } while (p[j0] != 0);
    for (int32_t j = 0; j <= n; j++)
        if (used[j]) {
            int64_t d = acc - minv[j];
            u[p[j]] += d;
            v[j] -= d;
        }
    do {
        int32_t j1 = way[j0];
        p[j0] = p[j1];
        j0 = j1;
    } while (j0);
}

#endif
