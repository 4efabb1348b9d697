/*
 * The fast solver's PI-corral pruning (lib/sokoban/fast.c): the corrals of
 * the state expanded, the pushes a PI-corral allows, corral deadlocks.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/fast_solver.h"

/* ---- PI-corrals ---------------------------------------------------------------------------- */

/* Corrals of the state expanded (boxes in boxat, the player's area marked
 * pst in pmark): the areas of free cells the player does not reach.  The
 * barrier of a corral C is the set B of boxes next to a cell of C.  C is a
 * PI-corral when every push of a barrier box that could come before any
 * other push of a barrier box goes into C and the player can make it now:
 * for each box b of B and direction d (to = b + d, from = b - d), with walls
 * on either side or `from` in C or on a box of B skipped (never first), and
 * `to` on a box of B or on a dead square skipped too (blocked, or a
 * deadlock), `to` must be in C and `from` reached; otherwise (a push out of
 * C, or one that needs a square the player cannot reach now) C is no
 * PI-corral.  A box outside B on `to` (or on `from` of a push that would
 * count) joins B, so it cannot move before the first push of B either; its
 * own pushes are tested the same way.  When C or B holds
 * work (a box of B off goal or an empty goal in C) every solution's first
 * push of a box of B is one of these pushes, and can be made first (the
 * pushes before it stay outside C and its barrier), so searching those
 * pushes only keeps a solution; none at all proves a deadlock.
 *
 * Returns -1 (a corral deadlock), 0 (no PI-corral: every push) or 1
 * (s->cor.allow holds the pushes of the PI-corral with the fewest). */
static int32_t uf_find(int32_t *uf, int32_t x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* Is cell x in the corral being tested: component id itself (group 0) or
 * any component of the group whose root is id (group 1)? */
static inline int in_corral(const fs_solver *s, int32_t x, int32_t id, int group)
{
    int32_t k = s->cor.comp[x];
    return k >= 0 && (group ? s->cor.uf[k] == id : k == id);
}

/* Test one corral: -1 deadlock, 0 not a PI-corral (or no work in it), else
 * the number of pushes it allows (in s->cor.tallow). */
static int32_t corral_test(fs_solver *s, uint32_t pst, int32_t id, int group)
{
    int32_t nc = s->map.nc, nb = s->map.nb, nbar = 0, work = 0;
    if (++s->cor.cstamp == 0) {
        memset(s->cor.bmark, 0, (size_t)nb * sizeof *s->cor.bmark);
        s->cor.cstamp = 1;
    }
    uint32_t bm = s->cor.cstamp;
    for (int32_t x = 0; x < nc; x++) {
        if (!in_corral(s, x, id, group))
            continue;
        if (s->map.goal[x])
            work = 1; /* an empty goal in C */
        for (int d = 0; d < 4; d++) {
            int32_t y = s->map.nbr[x][d];
            int32_t k = y >= 0 ? s->ex.boxat[y] : -1;
            if (k >= 0 && s->cor.bmark[k] != bm) {
                s->cor.bmark[k] = bm;
                s->cor.cbox[nbar++] = k;
                if (!s->map.goal[y])
                    work = 1;
            }
        }
    }
    if (!work)
        return 0;
    int32_t npush = 0;
    for (int32_t k = 0; k < nb; k++)
        s->cor.tallow[k] = 0;
    for (int32_t t = 0; t < nbar; t++) {
        int32_t k = s->cor.cbox[t], b = s->ex.bx[k];
        for (int d = 0; d < 4; d++) {
            int32_t to = s->map.nbr[b][d], from = s->map.nbr[b][(d + 2) & 3];
            if (to < 0 || from < 0 || in_corral(s, from, id, group))
                continue;
            if (s->ex.boxat[from] >= 0 && s->cor.bmark[s->ex.boxat[from]] == bm)
                continue;
            if (s->ex.boxat[to] < 0 && s->map.dead[to])
                continue; /* onto a dead square: a deadlock, never in a solution */
            if (s->ex.boxat[to] >= 0) {
                int32_t o = s->ex.boxat[to];
                if (s->cor.bmark[o] != bm) {
                    /* A box outside B blocks the push: it joins B (its own
                     * pushes are tested in turn), so it cannot move first. */
                    s->cor.bmark[o] = bm;
                    s->cor.cbox[nbar++] = o;
                }
            } else if (s->ex.boxat[from] >= 0) {
                /* The player's square holds a box outside B: it joins B
                 * too, so this push cannot come first. */
                int32_t o = s->ex.boxat[from];
                s->cor.bmark[o] = bm;
                s->cor.cbox[nbar++] = o;
            } else if (in_corral(s, to, id, group)) {
                if (s->ex.pmark[from] != pst)
                    return 0; /* into C, but not now */
                s->cor.tallow[k] |= (uint8_t)(1u << d);
                npush++;
            } else {
                return 0; /* out of C */
            }
        }
    }
    s->cor.nbar = nbar;
    return npush == 0 ? -1 : npush;
}

int32_t pc__fs_pi_corral(fs_solver *s, uint32_t pst)
{
    int32_t nc = s->map.nc, nb = s->map.nb, ncor = 0, best = INT32_MAX;
    for (int32_t c = 0; c < nc; c++)
        s->cor.comp[c] = -1;
    s->cor.ncor = 0;
    for (int32_t c0 = 0; c0 < nc; c0++) {
        if (s->cor.comp[c0] >= 0 || s->ex.boxat[c0] >= 0 || s->ex.pmark[c0] == pst)
            continue;
        int32_t id = ncor++;
        size_t qh = 0, qt = 0;
        s->cor.comp[c0] = id;
        s->ex.queue[qt++] = c0;
        while (qh < qt) {
            int32_t x = s->ex.queue[qh++];
            for (int d = 0; d < 4; d++) {
                int32_t y = s->map.nbr[x][d];
                if (y >= 0 && s->ex.boxat[y] < 0 && s->cor.comp[y] < 0) {
                    s->cor.comp[y] = id;
                    s->ex.queue[qt++] = y;
                }
            }
        }
    }
    s->cor.ncor = ncor;
    if (ncor == 0)
        return 0;
    /* Groups: corrals that share a barrier box. */
    for (int32_t k = 0; k < ncor; k++)
        s->cor.uf[k] = k;
    int merged = 0;
    for (int32_t i = 0; i < nb; i++) {
        int32_t b = s->ex.bx[i], first = -1;
        for (int d = 0; d < 4; d++) {
            int32_t y = s->map.nbr[b][d];
            if (y < 0 || s->cor.comp[y] < 0)
                continue;
            int32_t r = uf_find(s->cor.uf, s->cor.comp[y]);
            if (first < 0) {
                first = r;
            } else if (r != first) {
                s->cor.uf[r] = first;
                merged = 1;
            }
        }
    }
    for (int32_t k = 0; k < ncor; k++)
        s->cor.uf[k] = uf_find(s->cor.uf, k);
    for (int group = 0; group <= merged; group++) {
        for (int32_t id = 0; id < ncor; id++) {
            if (group && s->cor.uf[id] != id)
                continue;
            int32_t n = corral_test(s, pst, id, group);
            if (n < 0)
                return -1;
            if (n > 0 && n < best) {
                best = n;
                memcpy(s->cor.allow, s->cor.tallow, (size_t)nb);
            }
        }
    }
    return best < INT32_MAX ? 1 : 0;
}

