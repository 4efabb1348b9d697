/*
 * The internal dense simplex (lib/common/lp.c), built into this program from
 * its source: known optima, a degenerate LP that cycles under the plain
 * largest-coefficient rule, unbounded and budget outcomes, bad arguments,
 * and random LPs checked for feasibility and against their dual.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/lp.h"
#include "puzzlecore/common.h"
#include "tap.h"

static int near(double a, double b)
{
    return fabs(a - b) < 1e-7;
}

/* Is x feasible for A x <= b, x >= 0 (up to 1e-7)? */
static int feasible(int32_t m, int32_t n, const double *A, const double *b, const double *x)
{
    for (int32_t j = 0; j < n; j++)
        if (x[j] < -1e-7)
            return 0;
    for (int32_t i = 0; i < m; i++) {
        double s = 0;
        for (int32_t j = 0; j < n; j++)
            s += A[i * n + j] * x[j];
        if (s > b[i] + 1e-7)
            return 0;
    }
    return 1;
}

int main(void)
{
    double x[8], v;

    /* max 3x + 5y: x <= 4, 2y <= 12, 3x + 2y <= 18 -> (2, 6), 36. */
    {
        double A[] = {1, 0, 0, 2, 3, 2}, b[] = {4, 12, 18}, c[] = {3, 5};
        is_int(pc__lp_max(3, 2, A, b, c, 100, x, &v), PC_OK, "textbook LP solved");
        ok(near(v, 36) && near(x[0], 2) && near(x[1], 6), "optimum 36 at (2, 6) (got %g at %g, %g)", v, x[0], x[1]);
    }
    /* Beale's example, which cycles under the largest-coefficient rule
     * without an anti-cycling rule: max 3/4 x4 - 20 x5 + 1/2 x6 - 6 x7
     * (here x0..x3), optimum 5/4 at x = (1, 0, 1, 0). */
    {
        double A[] = {0.25, -8, -1, 9, 0.5, -12, -0.5, 3, 0, 0, 1, 0}, b[] = {0, 0, 1}, c[] = {0.75, -20, 0.5, -6};
        is_int(pc__lp_max(3, 4, A, b, c, 1000, x, &v), PC_OK, "Beale's cycling example terminates");
        ok(near(v, 1.25) && near(x[0], 1) && near(x[2], 1), "... at its optimum 5/4, x = (1, 0, 1, 0) (got %g)", v);
        ok(feasible(3, 4, A, b, x), "... with a feasible x");
    }
    /* Unbounded: max x with x - y <= 1. */
    {
        double A[] = {1, -1}, b[] = {1}, c[] = {1, 0};
        is_int(pc__lp_max(1, 2, A, b, c, 100, x, &v), PC_ERANGE, "unbounded objective: PC_ERANGE");
    }
    /* Already optimal at 0. */
    {
        double A[] = {1, 1}, b[] = {3}, c[] = {-1, -2};
        is_int(pc__lp_max(1, 2, A, b, c, 100, x, &v), PC_OK, "nothing to gain: optimal at once");
        ok(near(v, 0) && near(x[0], 0) && near(x[1], 0), "... at x = 0");
    }
    /* Budget: no pivot allowed, so x = 0 comes back, feasible. */
    {
        double A[] = {1, 0, 0, 2, 3, 2}, b[] = {4, 12, 18}, c[] = {3, 5};
        is_int(pc__lp_max(3, 2, A, b, c, 0, x, &v), PC_ELIMIT, "no pivots allowed: PC_ELIMIT");
        ok(near(v, 0) && feasible(3, 2, A, b, x), "... with the feasible start");
    }
    /* Bad arguments. */
    {
        double A[] = {1}, b[] = {-1}, c[] = {1};
        is_int(pc__lp_max(1, 1, A, b, c, 10, x, &v), PC_EINVAL, "a negative right-hand side is refused");
        b[0] = 1;
        is_int(pc__lp_max(0, 1, A, b, c, 10, x, &v), PC_EINVAL, "no rows refused");
        is_int(pc__lp_max(1, 1, NULL, b, c, 10, x, &v), PC_EINVAL, "NULL A refused");
        is_int((int64_t)pc__lp_bytes(0, 3), 0, "lp_bytes of an empty LP is 0");
        ok(pc__lp_bytes(3, 2) >= 4 * 3 * sizeof(double), "lp_bytes counts the tableau");
    }
    /* Random LPs with a known dual certificate: the optimum of max c.x,
     * A x <= b, x >= 0 equals min b.y, A'y >= c, y >= 0.  Build c from a
     * chosen y* >= 0 and a chosen x* >= 0 with complementary slackness, so
     * that both are optimal and the value is b.y*. */
    {
        uint64_t st = 12345;
        int good = 0, runs = 60;
        for (int k = 0; k < runs; k++) {
            enum { M = 6, N = 5 };
            double A[M * N], b[M], c[N], y[M], xs[N];
            for (int i = 0; i < M * N; i++) {
                st = st * 6364136223846793005ULL + 1442695040888963407ULL;
                A[i] = (double)((st >> 33) % 9); /* 0..8: nonnegative, so bounded */
            }
            for (int j = 0; j < N; j++) {
                st = st * 6364136223846793005ULL + 1442695040888963407ULL;
                xs[j] = (double)((st >> 33) % 4);
            }
            /* Rows 0..2 tight at x* (dual > 0), the rest slack (dual 0). */
            for (int i = 0; i < M; i++) {
                double s = 0;
                for (int j = 0; j < N; j++)
                    s += A[i * N + j] * xs[j];
                b[i] = s + (i < 3 ? 0 : 1 + i);
                y[i] = i < 3 ? 1.0 + i : 0.0;
            }
            /* c = A'y, minus something where x*_j = 0 (reduced cost <= 0). */
            for (int j = 0; j < N; j++) {
                double s = 0;
                for (int i = 0; i < M; i++)
                    s += A[i * N + j] * y[i];
                c[j] = xs[j] > 0 ? s : s - 1.0;
            }
            double want = 0;
            for (int i = 0; i < M; i++)
                want += b[i] * y[i];
            double xx[N];
            int32_t rc = pc__lp_max(M, N, A, b, c, 1000, xx, &v);
            good += rc == PC_OK && near(v, want) && feasible(M, N, A, b, xx);
        }
        is_int(good, runs, "60 random LPs: the optimum equals the dual certificate's value, x feasible");
    }
    return done_testing();
}
