/*
 * The Whirly map creativity index (seed 003), as pure functions and for a
 * classic Sokoban level.  doc/sokoban.md lists every formula with its source
 * line and the interpretations made (the clamp, V0).
 */
#include <math.h>
#include <stdlib.h>

#include "sokoban/sokoban_int.h"

#define V0 6.22 /* "V0 = m + 3r = 6.22", kept as stated (see the doc) */

static int good(double x)
{
    return isfinite(x) && x >= 0.0;
}

int32_t pc_sokoban_index_raw_difficulty(double i, double p, double *out)
{
    if (!out || !good(i) || !good(p))
        return PC_EINVAL;
    *out = i + (p - i) / 5.0;
    return PC_OK;
}

int32_t pc_sokoban_index_difficulty(double i, double p, double *out)
{
    if (!out || !good(i) || !good(p))
        return PC_EINVAL;
    /* "All maps with correspondingly lesser i or p will have ci = 0." */
    if (i < PC_SOKOBAN_I0 || p < PC_SOKOBAN_P0)
        *out = 0.0;
    else
        *out = 0.8 * (i - PC_SOKOBAN_I0) + 0.2 * (p - PC_SOKOBAN_P0);
    return PC_OK;
}

int32_t pc_sokoban_index_mechanical(double u, double c, double *out)
{
    if (!out || !good(u) || !good(c))
        return PC_EINVAL;
    *out = u + (c - u) / 5.0;
    return PC_OK;
}

int32_t pc_sokoban_index_rules(double a, double t, double *out)
{
    if (!out || !isfinite(a) || !isfinite(t) || a < 1.0 || t < 1.0)
        return PC_EINVAL;
    *out = (a - 2.0) + 3.0 * (t - 1.0);
    return PC_OK;
}

int32_t pc_sokoban_index_raw_volumability(double u, double c, double a, double t, double *out)
{
    double m, r;
    int32_t rc;
    if (!out)
        return PC_EINVAL;
    if ((rc = pc_sokoban_index_mechanical(u, c, &m)) < 0 || (rc = pc_sokoban_index_rules(a, t, &r)) < 0)
        return rc;
    *out = m + 3.0 * r;
    return PC_OK;
}

double pc_sokoban_index_v0(void)
{
    return V0;
}

int32_t pc_sokoban_index_volumability(double u, double c, double a, double t, double *out)
{
    double v;
    int32_t rc;
    if (!out)
        return PC_EINVAL;
    if ((rc = pc_sokoban_index_raw_volumability(u, c, a, t, &v)) < 0)
        return rc;
    *out = v / V0;
    return PC_OK;
}

int32_t pc_sokoban_index_ci(double i, double p, double u, double c, double a, double t, double *out)
{
    double d, vol;
    int32_t rc;
    if (!out)
        return PC_EINVAL;
    if ((rc = pc_sokoban_index_difficulty(i, p, &d)) < 0 ||
        (rc = pc_sokoban_index_volumability(u, c, a, t, &vol)) < 0)
        return rc;
    if (!(vol > 0.0))
        return PC_ERANGE;
    *out = d / vol;
    return PC_OK;
}

int32_t pc_sokoban_variant_rules(int32_t variant, int32_t colours, int32_t *a, int32_t *t)
{
    if (!a || !t || colours < 1)
        return PC_EINVAL;
    int32_t aa, tt;
    switch (variant) {
    case PC_SOKOBAN_CLASSIC:   aa = 3; tt = 1; break;
    case PC_SOKOBAN_MONKEYBAN: aa = 3; tt = 2; break;
    case PC_SOKOBAN_PUSHMAN:   aa = 3; tt = 1; break;
    case PC_SOKOBAN_COLORBAN:  aa = 3 * colours; tt = 1; break;
    case PC_SOKOBAN_PULLPUSH:  aa = 3 * colours; tt = 2; break;
    case PC_SOKOBAN_FLOCKS:    aa = 3 * colours; tt = 2; break;
    default: return PC_EINVAL;
    }
    int coloured = variant == PC_SOKOBAN_COLORBAN || variant == PC_SOKOBAN_PULLPUSH ||
                   variant == PC_SOKOBAN_FLOCKS;
    if (!coloured && colours != 1)
        return PC_EINVAL;
    if (coloured && colours > 10) /* the seed's range is 3 -- 30 colonies */
        return PC_EINVAL;
    *a = aa;
    *t = tt;
    return PC_OK;
}

int32_t pc_sokoban_index(const pc_sokoban *g, const pc_sokoban_result *r, double *ci)
{
    if (!g || !r || !ci || pc_sokoban_result_status(r) != PC_OK ||
        pc_sokoban_result_mode(r) != PC_SOKOBAN_MOVES)
        return PC_EINVAL;
    return pc_sokoban_index_ci((double)pc_sokoban_result_pushes(r), (double)pc_sokoban_result_moves(r),
                               (double)g->nboxes + 1.0, (double)g->interior, 3.0, 1.0, ci);
}

int32_t pc_sokoban_level_index(const pc_sokoban *g, const pc_budget *budget, double *ci, int64_t *moves,
                               int64_t *pushes)
{
    if (!g || !ci)
        return PC_EINVAL;
    pc_sokoban *start = pc__sokoban_dup(g);
    if (!start)
        return PC_ENOMEM;
    pc_sokoban_restart(start);
    pc_sokoban_result *r = NULL;
    int32_t rc = pc_sokoban_solve(start, PC_SOKOBAN_MOVES, budget, &r);
    pc_sokoban_free(start);
    if (rc != PC_OK) {
        pc_sokoban_result_free(r);
        return rc;
    }
    double x;
    rc = pc_sokoban_index(g, r, &x);
    if (rc == PC_OK) {
        *ci = x;
        if (moves)
            *moves = pc_sokoban_result_moves(r);
        if (pushes)
            *pushes = pc_sokoban_result_pushes(r);
    }
    pc_sokoban_result_free(r);
    return rc;
}
