/*
 * Internal dense simplex: see lp.h.
 *
 * The dictionary keeps, for each basic variable i, x_B[i] = T[i][n] -
 * sum_j T[i][j] x_N[j] over the nonbasic variables, and the objective in the
 * same form, -z = T[m][n] - sum_j T[m][j] x_N[j] (so one pivot rule serves
 * every row).  Entering: Dantzig's largest coefficient, and Bland's
 * smallest index after a run of degenerate pivots (the LPs this serves are
 * highly degenerate: most right-hand sides are 0), which rules out cycling:
 * a nondegenerate pivot raises the objective, so a cycle would have to lie
 * within one degenerate run, where Bland's rule cannot cycle.  Every choice
 * compares with a tolerance and breaks ties by index, so that rounding
 * differences between platforms (a fused multiply-add here, none there) do
 * not change the pivots: the same LP gives the same vertex everywhere.
 */
#include "common/lp.h"

#include <stdlib.h>

#include "puzzlecore/common.h"
#include "common/alloc.h"

#define LP_EPS 1e-9
#define LP_BLAND_AFTER 50 /* degenerate pivots in a row before Bland's rule */

size_t pc__lp_bytes(int32_t m, int32_t n)
{
    if (m < 1 || n < 1 || m > (1 << 20) || n > (1 << 20))
        return 0;
    size_t cells = (size_t)(m + 1) * (size_t)(n + 1);
    return cells * sizeof(double) + (size_t)(m + n) * sizeof(int32_t);
}

static void pivot(double *T, int32_t m, int32_t n, int32_t r, int32_t s)
{
    int32_t w = n + 1;
    double *tr = T + (size_t)r * (size_t)w;
    double inv = 1.0 / tr[s];
    for (int32_t j = 0; j <= n; j++)
        if (j != s)
            tr[j] *= inv;
    tr[s] = inv;
    for (int32_t i = 0; i <= m; i++) {
        if (i == r)
            continue;
        double *ti = T + (size_t)i * (size_t)w;
        double f = ti[s];
        if (f == 0.0)
            continue;
        for (int32_t j = 0; j <= n; j++)
            if (j != s)
                ti[j] -= f * tr[j];
        ti[s] = -f * inv;
    }
}

int32_t pc__lp_max(int32_t m, int32_t n, const double *A, const double *b, const double *c,
                   int64_t max_pivots, double *x, double *value)
{
    size_t bytes = pc__lp_bytes(m, n);
    if (!bytes || !A || !b || !c || !x || !value)
        return PC_EINVAL;
    for (int32_t i = 0; i < m; i++)
        if (!(b[i] >= 0.0))
            return PC_EINVAL;
    int32_t w = n + 1;
    double *T = pc__malloc((size_t)(m + 1) * (size_t)w * sizeof *T);
    int32_t *basic = pc__malloc((size_t)m * sizeof *basic), *nonbasic = pc__malloc((size_t)n * sizeof *nonbasic);
    if (!T || !basic || !nonbasic) {
        pc__free(T);
        pc__free(basic);
        pc__free(nonbasic);
        return PC_ENOMEM;
    }
    /* Variables 0..n-1 are the x, n..n+m-1 the slacks (basic at first). */
    for (int32_t i = 0; i < m; i++) {
        for (int32_t j = 0; j < n; j++)
            T[(size_t)i * (size_t)w + (size_t)j] = A[(size_t)i * (size_t)n + (size_t)j];
        T[(size_t)i * (size_t)w + (size_t)n] = b[i];
        basic[i] = n + i;
    }
    for (int32_t j = 0; j < n; j++) {
        T[(size_t)m * (size_t)w + (size_t)j] = c[j];
        nonbasic[j] = j;
    }
    T[(size_t)m * (size_t)w + (size_t)n] = 0.0;
    int32_t rc = PC_OK;
    int64_t pivots = 0;
    int degenerate = 0;
    const double *obj = T + (size_t)m * (size_t)w;
    for (;;) {
        int bland = degenerate >= LP_BLAND_AFTER;
        int32_t s = -1;
        for (int32_t j = 0; j < n; j++) {
            if (obj[j] <= LP_EPS)
                continue;
            if (s < 0 || (bland ? nonbasic[j] < nonbasic[s] : obj[j] > obj[s] + LP_EPS))
                s = j;
        }
        if (s < 0)
            break; /* no improving column: optimal */
        int32_t r = -1;
        double best = 0.0;
        for (int32_t i = 0; i < m; i++) {
            double a = T[(size_t)i * (size_t)w + (size_t)s];
            if (a <= LP_EPS)
                continue;
            double ratio = T[(size_t)i * (size_t)w + (size_t)n] / a;
            if (r < 0 || ratio < best - LP_EPS || (ratio <= best + LP_EPS && basic[i] < basic[r])) {
                r = i;
                best = ratio;
            }
        }
        if (r < 0) {
            rc = PC_ERANGE;
            break;
        }
        if (pivots >= max_pivots) {
            rc = PC_ELIMIT;
            break;
        }
        degenerate = best <= LP_EPS ? degenerate + 1 : 0;
        pivot(T, m, n, r, s);
        int32_t t = basic[r];
        basic[r] = nonbasic[s];
        nonbasic[s] = t;
        pivots++;
    }
    for (int32_t j = 0; j < n; j++)
        x[j] = 0.0;
    for (int32_t i = 0; i < m; i++)
        if (basic[i] < n) {
            double v = T[(size_t)i * (size_t)w + (size_t)n];
            x[basic[i]] = v > 0.0 ? v : 0.0;
        }
    *value = -T[(size_t)m * (size_t)w + (size_t)n];
    pc__free(T);
    pc__free(basic);
    pc__free(nonbasic);
    return rc;
}
