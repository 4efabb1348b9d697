/*
 * Sokoban solver: the walking potential, a lower bound on the moves that
 * are not pushes, stronger than the displacement bound of walk_bound on
 * levels where boxes travel back and forth (down one corridor, up another).
 *
 * Take any f on the squares with
 *   (1) |f(a) - f(b)| <= 1 for neighbours a, b (a walking step changes
 *       f(player) by at most one), and
 *   (2) f(x) - 2 f(y) + f(z) <= 0 for every push the search can make, the
 *       player on x pushing the box from y to z (y and z live squares: the
 *       search never pushes into a dead square, and a box never stands on
 *       one in a solvable position),
 * and let Phi = sum of f over the boxes - f(player).  A push changes Phi by
 * f(z) - f(y) - (f(y) - f(x)) <= 0 by (2), and a walking step by at most 1
 * by (1).  So from a position to the solved one, where the boxes fill the
 * goals and the player stands on a square q of fin[], the walking steps
 * number at least Phi(end) - Phi(now) = sum f(goals) - f(q) - sum f(boxes)
 * + f(player) >= C - sum f(boxes) + f(player), C = sum f(goals) - max over
 * fin[] of f.  Pushes leave that bound where it is or raise it, and a
 * walking step lowers it by at most one, so M + W stays consistent with it.
 * (The displacement bound is the case f = +-x +-y.)
 *
 * Any such f gives a bound; the best one for the start position is a
 * linear programme (maximise the bound at the start subject to (1) and
 * (2)), solved once per search.  Its answer, in doubles, is scaled by the
 * least k that makes it integral, rounded, and checked in integers against
 * (1) and (2) scaled by k, so the bound never rests on floating point; when
 * no k up to POT_MAX_SCALE passes (or the LP fails), the potential is not
 * used.  The walking steps, a whole number, are then at least the bound
 * over k rounded up.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/lp.h"
#include "sokoban/solver_int.h"
#include "common/alloc.h"

/* Pivots allowed: 8 per row and column of the LP, and at most
 * POT_PIVOT_WORK tableau entries updated in all (an unfinished LP still
 * gives a feasible f, only a weaker one).  Microban's LPs take at most 200
 * pivots, but on the largest maps (155: 662 rows, 218 columns) the simplex
 * stalls on degenerate vertices, and the work cap keeps that to about 0.05 s. */
#define POT_PIVOTS_PER_DIM 8
#define POT_PIVOT_WORK 40000000.0

/* The largest scale k tried for integer potentials (k f: see the top). */
#define POT_MAX_SCALE 120

/* Does the push of a box from y (player on x) to z belong to (2)? */
static int live_push(const sk_solver *s, uint8_t x, uint8_t y, uint8_t z)
{
    return x != SK_NONE && y != SK_NONE && z != SK_NONE && !s->map.dead[y] && !s->map.dead[z];
}

/* Do the integers F (f scaled by k) satisfy (1) and (2) scaled by k? */
static int pot_valid(const sk_solver *s, const int32_t *F, int32_t k)
{
    for (int32_t c = 0; c < s->map.nf; c++)
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->map.nbr[c][d];
            if (y == SK_NONE)
                continue;
            if (F[c] - F[y] > k || F[y] - F[c] > k)
                return 0;
            uint8_t z = s->map.nbr[y][d];
            if (live_push(s, (uint8_t)c, y, z) && F[c] - 2 * F[y] + F[z] > 0)
                return 0;
        }
    return 1;
}

/* Rows of the LP: (1) twice per neighbour pair, (2) once per line of three
 * squares holding a push either way, one per square of fin[]. */
static int32_t pot_rows(const sk_solver *s, double *A, double *b, int32_t n)
{
    int32_t m = 0;
    for (int32_t c = 0; c < s->map.nf; c++)
        for (int d = 1; d <= 2; d++) { /* right and down: each pair and line once */
            uint8_t y = s->map.nbr[c][d];
            if (y == SK_NONE)
                continue;
            for (int sign = -1; sign <= 1; sign += 2) {
                if (A) {
                    double *r = A + (size_t)m * (size_t)n;
                    memset(r, 0, (size_t)n * sizeof *r);
                    r[c] = sign;
                    r[y] = -sign;
                    b[m] = 1.0;
                }
                m++;
            }
            uint8_t z = s->map.nbr[y][d];
            if (live_push(s, (uint8_t)c, y, z) || live_push(s, z, y, (uint8_t)c)) {
                if (A) {
                    double *r = A + (size_t)m * (size_t)n;
                    memset(r, 0, (size_t)n * sizeof *r);
                    r[c] = 1.0;
                    r[y] = -2.0;
                    r[z] = 1.0;
                    b[m] = 0.0;
                }
                m++;
            }
        }
    for (int32_t i = 0; i < s->map.nfin; i++) {
        if (A) {
            double *r = A + (size_t)m * (size_t)n;
            memset(r, 0, (size_t)n * sizeof *r);
            r[s->map.fin[i]] = 1.0; /* f(q) - t <= 0 */
            r[n - 1] = -1.0;
            b[m] = 0.0;
        }
        m++;
    }
    return m;
}

/* The potential is optional: when the memory budget (or malloc) cannot hold
 * the LP, or the LP gives no integral potential, the search goes on with the
 * displacement bound alone (pot_k = 0). */
void pc__sk_pot_build(sk_solver *s, const uint8_t *boxes, uint8_t player)
{
    s->lb.pot_k = 0;
    memset(s->lb.pot, 0, sizeof s->lb.pot);
    int32_t nf = s->map.nf, n = nf + 1; /* f of each square, then t >= f on fin[] */
    if (s->map.nfin == 0 || s->map.nb == 0)
        return;
    /* The LP's variables must be >= 0: f and t shifted by a constant, which
     * changes neither the rows (their coefficients sum to 0) nor the
     * objective (likewise). */
    int32_t m = pot_rows(s, NULL, NULL, n);
    size_t bytes = pc__lp_bytes(m, n);
    size_t own = ((size_t)m * (size_t)n + (size_t)m + 2 * (size_t)n) * sizeof(double); /* A, b, c, x */
    if (!bytes || !pc__sk_charge(s, bytes + own, 0))
        return; /* no room in the budget */
    double *A = pc__malloc((size_t)m * (size_t)n * sizeof *A), *b = pc__malloc((size_t)m * sizeof *b);
    double *c = pc__calloc((size_t)n, sizeof *c), *x = pc__malloc((size_t)n * sizeof *x);
    if (!A || !b || !c || !x)
        goto out;
    pot_rows(s, A, b, n);
    /* Maximise sum f(goals) - sum f(boxes) + f(player) - t. */
    for (int32_t g = 0; g < s->map.ngoals; g++)
        c[s->map.goals[g]] += 1.0;
    for (int32_t i = 0; i < s->map.nb; i++)
        c[boxes[i]] -= 1.0;
    c[player] += 1.0;
    c[n - 1] -= 1.0;
    double value;
    int64_t pivots = (int64_t)POT_PIVOTS_PER_DIM * (m + n);
    double per = (double)(m + 1) * (double)(n + 1);
    if ((double)pivots * per > POT_PIVOT_WORK)
        pivots = (int64_t)(POT_PIVOT_WORK / per);
    int32_t lrc = pc__lp_max(m, n, A, b, c, pivots, x, &value);
    if (lrc != PC_OK && lrc != PC_ELIMIT)
        goto out; /* no potential: walk_bound alone */
    /* A vertex of this LP is rational with small denominators (fifths,
     * sevenths, up to twenty-sixths on Microban): the least k that
     * makes k f integral passes the check. */
    double lo = x[0];
    for (int32_t j = 1; j < nf; j++)
        lo = fmin(lo, x[j]);
    int32_t F[SK_MAXCELLS];
    for (int32_t k = 1; k <= POT_MAX_SCALE; k++) {
        for (int32_t j = 0; j < nf; j++)
            F[j] = (int32_t)llround((x[j] - lo) * k);
        if (!pot_valid(s, F, k))
            continue;
        int32_t top = F[s->map.fin[0]];
        for (int32_t i = 1; i < s->map.nfin; i++)
            if (F[s->map.fin[i]] > top)
                top = F[s->map.fin[i]];
        s->lb.pot_c = -top;
        for (int32_t g = 0; g < s->map.ngoals; g++)
            s->lb.pot_c += F[s->map.goals[g]];
        memcpy(s->lb.pot, F, (size_t)nf * sizeof *F);
        s->lb.pot_k = k;
        break;
    }
out:
    pc__free(A);
    pc__free(b);
    pc__free(c);
    pc__free(x);
    pc__sk_charge(s, 0, bytes + own);
}
