/*
 * Sokoban solver: corral deadlocks: can a fence of boxes around an area the
 * player cannot reach ever be opened?. See solver.c for the search and
 * doc/sokoban.md for why each rule is sound.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/solver_int.h"

/* The smallest square of a non-empty bitmap. */
static uint8_t bits_first(const uint64_t *bits)
{
    int k = 0;
    while (!bits[k])
        k++;
    return (uint8_t)(k * 64 + pc__ctz64(bits[k]));
}

/* Do the free squares next to t (boxes in occ) stay connected to each other
 * without t?  A sufficient test: they all lie on one run of free squares of
 * the ring of eight around t (consecutive ring squares are neighbours).
 * Then any walk through t can go round it, so taking t out of a region
 * leaves the rest connected. */
static int ring_connected(const sk_solver *s, uint8_t t)
{
    uint8_t ring[8];
    for (int d = 0; d < 4; d++) {
        uint8_t o = s->map.nbr[t][d];
        ring[2 * d] = o;
        /* The diagonal clockwise after o, reached through o (it can only
         * join o to the next neighbour when o is a free square). */
        ring[2 * d + 1] = o == SK_NONE ? SK_NONE : s->map.nbr[o][(d + 1) & 3];
    }
    int free[8], first = -1;
    for (int i = 0; i < 8; i++) {
        free[i] = ring[i] != SK_NONE && !s->ex.occ[ring[i]];
        if (first < 0 && !free[i])
            first = i;
    }
    if (first < 0)
        return 1; /* the whole ring is free */
    /* Count the runs of free ring squares holding a neighbour of t, going
     * round once from a blocked square. */
    int runs = 0, inrun = 0, counted = 0;
    for (int k = 1; k <= 8; k++) {
        int i = (first + k) & 7;
        if (!free[i]) {
            inrun = 0;
            continue;
        }
        if (!inrun) {
            inrun = 1;
            counted = 0;
        }
        if (!(i & 1) && !counted) {
            runs++;
            counted = 1;
        }
    }
    return runs <= 1;
}

/* Add to the region bits (a bitmap of squares) the free squares (boxes in
 * occ) connected to `from` outside it, from included; returns whether one
 * of the squares added is in carea. */
static int corral_flood(sk_solver *s, uint8_t from, uint64_t *bits)
{
    size_t qh = 0, qt = 0;
    s->ex.queue[qt++] = from;
    bit_set(bits, from);
    int op = s->cor.carea[from];
    while (qh < qt) {
        uint8_t x = s->ex.queue[qh++];
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->map.nbr[x][d];
            if (y == SK_NONE || s->ex.occ[y] || bit_test(bits, y))
                continue;
            bit_set(bits, y);
            op |= s->cor.carea[y];
            s->ex.queue[qt++] = y;
        }
    }
    return op;
}

/* Record a position of the corral search (cbuf[n] = region, boxes): 1 new,
 * 0 already there. */
static int corral_insert(sk_solver *s, uint32_t n, int32_t nk)
{
    const uint8_t *v = s->cor.cbuf[n];
    uint64_t h = s->map.zpl[v[0]];
    for (int32_t i = 1; i <= nk; i++)
        h ^= s->map.zbox[v[i]];
    size_t pos = (size_t)(h ^ (h >> 32)) & (SK_CORRAL_SLOTS - 1);
    uint32_t gen = s->cor.cgen << 9;
    while ((s->cor.cslot[pos] & ~0x1FFu) == gen && (s->cor.cslot[pos] & 0x1FFu)) {
        if (memcmp(s->cor.cbuf[(s->cor.cslot[pos] & 0x1FFu) - 1], v, (size_t)nk + 1) == 0)
            return 0;
        pos = (pos + 1) & (SK_CORRAL_SLOTS - 1);
    }
    s->cor.cslot[pos] = gen | (n + 1);
    return 1;
}

/* The corral's area A: the unreachable free squares connected to those
 * next to `to`, marked in carea and listed in queue.  Returns their number
 * (0: the player reaches every square next to `to`). */
static size_t corral_area(sk_solver *s, uint8_t to)
{
    size_t qh = 0, qt = 0;
    for (int d = 0; d < 4; d++) {
        uint8_t y = s->map.nbr[to][d];
        if (y != SK_NONE && !s->ex.occ[y] && s->ex.wd[y] == SK_INF && !s->cor.carea[y]) {
            s->cor.carea[y] = 1;
            s->ex.queue[qt++] = y;
        }
    }
    while (qh < qt) {
        uint8_t x = s->ex.queue[qh++];
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->map.nbr[x][d];
            if (y == SK_NONE || s->ex.occ[y] || s->cor.carea[y])
                continue;
            s->cor.carea[y] = 1;
            s->ex.queue[qt++] = y;
        }
    }
    return qt;
}

/* Mark in ckeep the boxes the relaxed board keeps: 1 those bordering A,
 * 2 their neighbours (the second only when some box of the first is off
 * its goal).  Returns whether one is. */
static int corral_keep(sk_solver *s, const uint8_t *child)
{
    int32_t nb = s->map.nb;
    int off = 0;
    for (int32_t i = 0; i < nb; i++) {
        uint8_t c = child[i];
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->map.nbr[c][d];
            if (y != SK_NONE && s->cor.carea[y]) {
                s->cor.ckeep[c] = 1;
                off |= !s->map.goal[c];
                break;
            }
        }
    }
    if (!off)
        return 0; /* every box around A is on a goal */
    for (int32_t i = 0; i < nb; i++) {
        uint8_t c = child[i];
        if (s->cor.ckeep[c] == 1)
            continue;
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->map.nbr[c][d];
            if (y != SK_NONE && s->cor.ckeep[y] == 1) {
                s->cor.ckeep[c] = 2;
                break;
            }
        }
    }
    return 1;
}

/* The relaxed board's first position (kept boxes only in occ, the player's
 * region from p) as cbuf[0] and cbits[0], in a fresh generation of the
 * position table.  Returns the kept boxes' number. */
static int32_t corral_start(sk_solver *s, const uint8_t *child, uint8_t p)
{
    int32_t nk = 0;
    if (++s->cor.cgen >= (1u << 23)) {
        memset(s->cor.cslot, 0, sizeof s->cor.cslot);
        s->cor.cgen = 1;
    }
    memset(s->ex.occ, 0, (size_t)s->map.nf);
    for (int32_t i = 0; i < s->map.nb; i++)
        if (s->cor.ckeep[child[i]]) {
            s->cor.cbuf[0][++nk] = child[i];
            s->ex.occ[child[i]] = 1;
        }
    memset(s->cor.cbits[0], 0, sizeof s->cor.cbits[0]);
    corral_flood(s, p, s->cor.cbits[0]);
    s->cor.cbuf[0][0] = bits_first(s->cor.cbits[0]);
    corral_insert(s, 0, nk);
    return nk;
}

/* The player's region after pushing b to t from region reg (occ holds the
 * pushed position), written to slot n; *rp its least square.  Returns
 * whether the player gets into A.  When t was outside the region, or
 * inside it without cutting it (ring_connected), the rest of the region
 * stays connected, and it grows by b and what b opens (never A: no region
 * of a position kept meets A). */
static int corral_region(sk_solver *s, const uint64_t *reg, uint8_t b, uint8_t t, uint32_t n, uint8_t *rp)
{
    uint64_t *nr = s->cor.cbits[n];
    if (!bit_test(reg, t)) {
        memcpy(nr, reg, sizeof s->cor.cbits[n]);
    } else if (ring_connected(s, t)) {
        memcpy(nr, reg, sizeof s->cor.cbits[n]);
        nr[t >> 6] &= ~(1ULL << (t & 63));
    } else {
        memset(nr, 0, sizeof s->cor.cbits[n]);
    }
    int op = corral_flood(s, b, nr);
    *rp = bits_first(nr);
    return op;
}

/* Write position n (region's least square rp, the boxes of v with box k
 * moved to t, kept sorted) to cbuf[n].  Returns whether its boxes all
 * stand on goals. */
static int corral_child(sk_solver *s, const uint8_t *v, int32_t nk, int32_t k, uint8_t t, uint8_t rp, uint32_t n)
{
    uint8_t *w = s->cor.cbuf[n];
    int32_t j = 0, on = 1;
    for (int32_t i = 1; i <= nk; i++)
        if (i != k)
            w[1 + j++] = v[i];
    j = nk - 1;
    while (j > 0 && w[j] > t) {
        w[j + 1] = w[j];
        j--;
    }
    w[j + 1] = t;
    w[0] = rp;
    for (int32_t i = 1; i <= nk; i++)
        on &= s->map.goal[w[i]];
    return on;
}

/* Push box k of position v (region reg; occ holds it) in direction d and
 * record the new position as *n when it is new.  Returns 1 when that ends
 * the search with the corral not proved dead (the player gets into A, no
 * slot left, every kept box on a goal), else 0. */
static int corral_push(sk_solver *s, const uint8_t *v, const uint64_t *reg, int32_t nk, int32_t k, int d,
                       uint32_t *n)
{
    uint8_t b = v[k], t = s->map.nbr[b][d], behind = s->map.nbr[b][(d + 2) & 3];
    if (t == SK_NONE || behind == SK_NONE || s->ex.occ[t] || s->map.dead[t] || !bit_test(reg, behind))
        return 0;
    s->ex.occ[b] = 0;
    s->ex.occ[t] = 1;
    int frozen = pc__sk_frozen_push(s, t);
    int op = 0;
    uint8_t rp = 0;
    if (!frozen) {
        /* The player steps onto b: next to A already? */
        for (int e = 0; e < 4; e++) {
            uint8_t y = s->map.nbr[b][e];
            op |= y != SK_NONE && s->cor.carea[y] && !s->ex.occ[y];
        }
        if (!op && *n < SK_CORRAL_NODES)
            op = corral_region(s, reg, b, t, *n, &rp);
        /* (With no slot left, the search gives up below, as it stops when
         * the player gets into A: either way the state is not dead, so the
         * region is not needed.) */
    }
    s->ex.occ[t] = 0;
    s->ex.occ[b] = 1;
    if (frozen)
        return 0;
    if (op || *n >= SK_CORRAL_NODES)
        return 1; /* the player gets into A, or gave up */
    if (corral_child(s, v, nk, k, t, rp, *n))
        return 1; /* the kept boxes all on goals */
    if (corral_insert(s, *n, nk))
        (*n)++;
    return 0;
}

/* The exhaustive push search of the relaxed board from cbuf[0]: returns
 * 1 when every position was searched (A stays closed and some box off
 * goal), 0 when it ended otherwise (see corral_push). */
static int corral_search(sk_solver *s, int32_t nk)
{
    uint32_t n = 1;
    for (uint32_t cur = 0; cur < n; cur++) {
        /* Expand position cur: occ gets its boxes; cbits[cur] is its region. */
        const uint8_t *v = s->cor.cbuf[cur];
        const uint64_t *reg = s->cor.cbits[cur];
        if (cur > 0) {
            const uint8_t *u = s->cor.cbuf[cur - 1];
            for (int32_t i = 1; i <= nk; i++)
                s->ex.occ[u[i]] = 0;
            for (int32_t i = 1; i <= nk; i++)
                s->ex.occ[v[i]] = 1;
        }
        /* Boxes next to A first: pushing one away lets the player in. */
        for (int32_t kk = 0; kk < 2 * nk; kk++) {
            int32_t k = 1 + kk % nk;
            uint8_t b = v[k];
            int nextto = 0;
            for (int e = 0; e < 4; e++) {
                uint8_t y = s->map.nbr[b][e];
                nextto |= y != SK_NONE && s->cor.carea[y] && !s->ex.occ[y];
            }
            if (nextto != (kk < nk))
                continue;
            for (int d = 0; d < 4; d++)
                if (corral_push(s, v, reg, nk, k, d, &n))
                    return 0;
        }
    }
    return 1;
}

/* Corral deadlock.  The child position (boxes `child`, player p; occ holds
 * it, wd the player's walking distances from walk_bfs) is dead when the
 * player cannot reach the squares next to `to` (the box just pushed) and
 * the boxes around that unreachable area A can never all stand on goals
 * nor let the player into A.  This is decided by an
 * exhaustive push search on a relaxed board that keeps only the boxes
 * bordering A and their neighbours (removing boxes only adds solutions: the
 * kept boxes' pushes in any real solution are a solution of the relaxed
 * board, which ends with them on goals), pruned by dead squares and freeze
 * deadlocks of the kept boxes (both deadlocks on the full board too).  The
 * search gives up (not dead) after SK_CORRAL_NODES positions.  The verdict
 * depends on the boxes and the player's region only. */
int pc__sk_corral_dead(sk_solver *s, const uint8_t *child, uint8_t p, uint8_t to)
{
    int32_t nb = s->map.nb, nf = s->map.nf;
    size_t narea = corral_area(s, to);
    if (!narea)
        return 0;
    uint8_t area[SK_MAXCELLS + 1];
    memcpy(area, s->ex.queue, narea);
    uint8_t saved[SK_MAXCELLS + 1];
    memcpy(saved, s->ex.occ, (size_t)nf);
    int dead = corral_keep(s, child) && corral_search(s, corral_start(s, child, p));
    memcpy(s->ex.occ, saved, (size_t)nf);
    for (size_t i = 0; i < narea; i++)
        s->cor.carea[area[i]] = 0;
    for (int32_t i = 0; i < nb; i++)
        s->cor.ckeep[child[i]] = 0;
    return dead;
}

/* Is a corral check worth its time?  Always during the first 65536 checks
 * and while at least one in 64 finds a deadlock; otherwise one candidate in
 * 8 is checked (so the rate keeps being measured).  Only the time spent
 * depends on this: a check skipped prunes nothing. */
int pc__sk_corral_worth(sk_solver *s)
{
    if (s->cor.cchecks < 65536 || s->cor.cdead * 64 >= s->cor.cchecks)
        return 1;
    return (s->cor.cskip++ & 7) == 0;
}
