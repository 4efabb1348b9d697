/*
 * Sokoban solver: the lower bound: side-aware push distances (also with
 * frozen boxes as walls), the matching M, the walking bound W, freeze tests.
 * See solver.c for the search and doc/sokoban.md for why each rule is sound.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/hungarian.h"
#include "sokoban/solver_int.h"
#include "common/alloc.h"

/* The sides of cell y (the components of the board without y and the walls
 * `wall` that hold one of its neighbours) into sidebuf[y], nsides[y] and
 * hasmap[y]; `open` is the number of squares that are no wall. */
static void cell_sides(sk_solver *s, int32_t y, const uint8_t *wall, int32_t open)
{
    int32_t nf = s->map.nf;
    uint8_t *sb = s->dts.sidebuf[y];
    memset(sb, SK_NONE, (size_t)nf);
    int32_t k = 0, seen = 0;
    for (int d = 0; d < 4 && !wall[y]; d++) {
        uint8_t n = s->map.nbr[y][d];
        if (n == SK_NONE || wall[n] || sb[n] != SK_NONE)
            continue;
        size_t qh = 0, qt = 0;
        s->ex.queue[qt++] = n;
        sb[n] = (uint8_t)k;
        while (qh < qt) {
            uint8_t x = s->ex.queue[qh++];
            for (int e = 0; e < 4; e++) {
                uint8_t z = s->map.nbr[x][e];
                if (z == SK_NONE || z == y || wall[z] || sb[z] != SK_NONE)
                    continue;
                sb[z] = (uint8_t)k;
                s->ex.queue[qt++] = z;
            }
        }
        seen += (int32_t)qt;
        k++;
    }
    s->dts.nsides[y] = (uint8_t)k;
    /* A side map is needed when the player's square matters: two sides or
     * more, or squares no neighbour reaches (they read side k). */
    s->dts.hasmap[y] = !wall[y] && (k > 1 || seen < open - 1);
    if (s->dts.hasmap[y])
        for (int32_t c = 0; c < nf; c++)
            if (sb[c] == SK_NONE)
                sb[c] = (uint8_t)k;
}

/* The table's block for nrows rows and nmaps side maps: dst (the scratch
 * table, sized for any board) or, when dst is NULL, a new block charged to
 * the budget; rows and side maps laid out from the scratch.  NULL with *rc
 * set when the budget or the allocator refuses. */
static sk_dtab *dtab_alloc(sk_solver *s, sk_dtab *dst, int32_t nrows, int32_t nmaps, int32_t *rc)
{
    int32_t nf = s->map.nf, ng = s->map.ngoals;
    size_t dsz = (size_t)nrows * (size_t)ng * sizeof(uint16_t), rsz = (size_t)nf * sizeof(uint16_t),
           osz = (size_t)nf * sizeof(int32_t), msz = (size_t)nmaps * (size_t)nf;
    size_t bytes = sizeof(sk_dtab) + dsz + rsz + osz + msz;
    sk_dtab *t = dst;
    if (!t) {
        if (!pc__sk_charge(s, bytes, 0)) {
            *rc = PC_ELIMIT;
            return NULL;
        }
        t = pc__malloc(bytes);
        if (!t) {
            s->lim.bytes -= bytes;
            *rc = PC_ENOMEM;
            return NULL;
        }
        t->bytes = bytes;
        /* uint16 and int32 arrays after the header: the int32 array first */
        t->sideoff = (int32_t *)(void *)(t + 1);
        t->dist = (uint16_t *)(void *)(t->sideoff + nf);
    }
    t->row = t->dist + (size_t)nrows * (size_t)ng;
    t->side = (uint8_t *)(t->row + nf);
    t->nrows = nrows;
    t->nmaps = nmaps;
    int32_t r = 0, m = 0;
    for (int32_t y = 0; y < nf; y++) {
        t->row[y] = (uint16_t)r;
        r += s->dts.nsides[y] + 1;
        t->sideoff[y] = -1;
        if (s->dts.hasmap[y]) {
            t->sideoff[y] = m * nf;
            memcpy(t->side + (size_t)m * (size_t)nf, s->dts.sidebuf[y], (size_t)nf);
            m++;
        }
    }
    return t;
}

/* Column q of the table: the pushes from every (cell, side) row to goal q,
 * by pulling the box backwards from the goal (breadth-first over rows). */
static void pull_goal(sk_solver *s, sk_dtab *t, const uint8_t *wall, int32_t q)
{
    int32_t ng = s->map.ngoals, nrows = t->nrows;
    for (int32_t i = 0; i < nrows; i++)
        t->dist[(size_t)i * (size_t)ng + (size_t)q] = SK_INF;
    uint8_t gq = s->map.goals[q];
    if (wall[gq])
        return; /* a frozen box's own goal: it keeps it (matching) */
    size_t qh = 0, qt = 0;
    for (int32_t k = 0; k <= s->dts.nsides[gq]; k++) {
        int32_t i = t->row[gq] + k;
        t->dist[(size_t)i * (size_t)ng + (size_t)q] = 0;
        if (k < s->dts.nsides[gq])
            s->dts.rowq[qt++] = (uint16_t)i;
    }
    while (qh < qt) {
        uint16_t i = s->dts.rowq[qh++];
        uint8_t y = s->dts.rowcell[i], sy = s->dts.rowside[i];
        uint16_t dv = t->dist[(size_t)i * (size_t)ng + (size_t)q];
        for (int e = 0; e < 4; e++) {
            uint8_t x = s->map.nbr[y][e];
            if (x == SK_NONE || wall[x] || s->dts.sidebuf[y][x] != sy)
                continue;
            uint8_t pl = s->map.nbr[x][e];
            if (pl == SK_NONE || wall[pl])
                continue;
            size_t pi = (size_t)t->row[x] + s->dts.sidebuf[x][pl];
            uint16_t *dp = &t->dist[pi * (size_t)ng + (size_t)q];
            if (*dp != SK_INF)
                continue;
            *dp = (uint16_t)(dv + 1);
            s->dts.rowq[qt++] = (uint16_t)pi;
        }
    }
}

/* Push distances that know the player's side, on the board where the squares
 * marked in s->ex.tmpwall are walls too.
 *
 * Why: the plain distance of a box to a goal (pull the box backwards from
 * the goal, ignoring where the player is) assumes the player can get behind
 * the box for every push.  When the box itself cuts the board in two (a box
 * in a corridor or a doorway), the player can only push it away from its own
 * side, and getting round may be impossible or take a long detour of pushes.
 * So the distance here is that of the relaxed problem "this box alone on the
 * board (the other boxes removed), the player where it is", which depends on
 * the player only through its side: the component of the board without the
 * box's cell that holds the player.  The player never crosses the box's cell
 * (it would have to push the box), so walks and pushes of other boxes keep
 * its side; that is what makes the matching over these distances consistent
 * (see doc/sokoban.md, "Lower bound").
 *
 * Each cell gets one row per side, plus one for "no neighbour of the cell is
 * on the player's side" (a pocket walled off by frozen boxes: the box never
 * moves, 0 pushes to its own goal, none to any other).  Rows are found by a
 * breadth-first search per goal over (cell, side) states, backwards: the box
 * reached y with the player on the square it left, x, so the state before
 * was (x, the side of x holding the square behind x).
 *
 * Builds into dst (the scratch table, sized for any board) or, when dst is
 * NULL, into a new block charged to the budget.  Returns the table, or NULL
 * with *rc set. */
sk_dtab *pc__sk_build_dtab(sk_solver *s, sk_dtab *dst, int32_t *rc)
{
    int32_t nf = s->map.nf;
    const uint8_t *wall = s->ex.tmpwall;
    int32_t open = 0;
    for (int32_t c = 0; c < nf; c++)
        open += !wall[c];
    int32_t nrows = 0, nmaps = 0;
    for (int32_t y = 0; y < nf; y++) {
        cell_sides(s, y, wall, open);
        int32_t k = s->dts.nsides[y];
        for (int32_t r = 0; r <= k; r++) {
            s->dts.rowcell[nrows + r] = (uint8_t)y;
            s->dts.rowside[nrows + r] = (uint8_t)r;
        }
        nrows += k + 1;
        nmaps += s->dts.hasmap[y];
    }
    sk_dtab *t = dtab_alloc(s, dst, nrows, nmaps, rc);
    if (!t)
        return NULL;
    for (int32_t q = 0; q < s->map.ngoals; q++)
        pull_goal(s, t, wall, q);
    return t;
}

/* Do the player squares p1 and p2 stand on the same side of every box (so
 * that the same boxes have the same distances, hence the same matching)? */
int pc__sk_same_sides(const sk_solver *s, const sk_dtab *t, const uint8_t *boxes, uint8_t p1, uint8_t p2)
{
    if (!t->nmaps || p1 == p2)
        return 1;
    for (int32_t i = 0; i < s->map.nb; i++) {
        int32_t off = t->sideoff[boxes[i]];
        if (off >= 0 && t->side[off + p1] != t->side[off + p2])
            return 0;
    }
    return 1;
}

/* wtab: for each point of the grid, its least L1 distance to a square of
 * fin[] (capped at SK_WMAX), for walk_bound. */
void pc__sk_walk_table(sk_solver *s)
{
    int32_t w = s->map.g->w, h = s->map.g->h;
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            uint32_t best = SK_WMAX;
            for (int32_t i = 0; i < s->map.nfin; i++) {
                int32_t dx = s->map.cx[s->map.fin[i]] - x, dy = s->map.cy[s->map.fin[i]] - y;
                uint32_t v = (uint32_t)((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy));
                if (v < best)
                    best = v;
            }
            s->map.wtab[y * w + x] = (uint8_t)best;
        }
}

/* ---- lower bound: Hungarian algorithm on push distances ----------------------------- */

/* The cost callback of pc__sk_hung_row: an entry of the cost table.  (The
 * table travels in a struct: C11 has no const pointer to an array of ints
 * that a const void * converts to.) */
struct table_ctx {
    int32_t (*c)[SK_MAXBOXES + 1];
};

static inline int64_t table_cost(const void *ctx, int32_t i, int32_t j)
{
    return ((const struct table_ctx *)ctx)->c[i][j];
}

/* One augmenting path for row i on the cost table c (lib/sokoban/hungarian.h). */
static void hung_row(int32_t n, int32_t (*c)[SK_MAXBOXES + 1], int32_t i, int64_t *u, int64_t *v, int32_t *p)
{
    int64_t minv[SK_MAXBOXES + 1];
    int32_t way[SK_MAXBOXES + 1];
    uint8_t used[SK_MAXBOXES + 1];
    struct table_ctx ctx = {c};
    pc__sk_hung_row(n, table_cost, &ctx, i, u, v, p, minv, way, used);
}

/* M for the boxes and the player square, or -1 when no perfect matching
 * exists, with the push distances t; boxes with fz[i] set (fz may be NULL)
 * are frozen on their goals.  When assign is not NULL it receives, for each
 * box, the goal index it is matched to, and the costs, duals and assignment
 * are kept in s->hm.pcost, pu, pv, pp for matching_child; otherwise the costs go
 * to s->hm.hcost. */
int32_t pc__sk_matching(sk_solver *s, const uint8_t *boxes, uint8_t player, uint8_t *assign, const sk_dtab *t,
                        const uint8_t *fz)
{
    int32_t n = s->map.nb;
    int32_t (*c)[SK_MAXBOXES + 1] = assign ? s->hm.pcost : s->hm.hcost;
    /* Quick exits: all on goals; a box with no goal at all. */
    int32_t on = 0;
    for (int32_t i = 0; i < n; i++) {
        on += s->map.goal[boxes[i]];
        int any = 0;
        int frozen = fz && fz[i];
        const uint16_t *row = frozen ? NULL : dt_row(s, t, boxes[i], player);
        for (int32_t j = 0; j < n; j++) {
            /* A frozen box stays on its goal (it is a wall in t). */
            int32_t d = frozen ? (j == s->map.gidx[boxes[i]] ? 0 : SK_INF) : row[j];
            c[i + 1][j + 1] = d == SK_INF ? HUNG_INF : d;
            any |= d != SK_INF;
        }
        if (!any)
            return -1;
    }
    if (on == n && !assign)
        return 0;
    int64_t lu[SK_MAXBOXES + 1], lv[SK_MAXBOXES + 1];
    int32_t lp[SK_MAXBOXES + 1];
    int64_t *u = assign ? s->hm.pu : lu, *v = assign ? s->hm.pv : lv;
    int32_t *p = assign ? s->hm.pp : lp;
    /* Start from feasible duals (each column's least cost, then each row's
     * least reduced cost) and the tight pairs they give, taken greedily;
     * only the rows left unassigned need an augmenting path.  (Any optimal
     * assignment will do: M is the same.) */
    uint8_t rowdone[SK_MAXBOXES + 1];
    p[0] = 0;
    u[0] = v[0] = 0;
    for (int32_t j = 1; j <= n; j++) {
        int32_t mn = c[1][j];
        for (int32_t i = 2; i <= n; i++)
            if (c[i][j] < mn)
                mn = c[i][j];
        v[j] = mn;
        p[j] = 0;
    }
    for (int32_t i = 1; i <= n; i++) {
        int64_t mn = INT64_MAX;
        int32_t jm = 0;
        for (int32_t j = 1; j <= n; j++)
            if (c[i][j] - v[j] < mn) {
                mn = c[i][j] - v[j];
                jm = j;
            }
        u[i] = mn;
        rowdone[i] = 0;
        for (int32_t j = jm; j <= n; j++)
            if (!p[j] && c[i][j] - v[j] == mn) {
                p[j] = i;
                rowdone[i] = 1;
                break;
            }
    }
    for (int32_t i = 1; i <= n; i++)
        if (!rowdone[i])
            hung_row(n, c, i, u, v, p);
    int64_t total = 0;
    for (int32_t j = 1; j <= n; j++) {
        total += c[p[j]][j];
        if (assign)
            assign[p[j] - 1] = (uint8_t)(j - 1);
    }
    if (total >= HUNG_INF)
        return -1;
    return (int32_t)total;
}

/* M for the child in which the parent's box k (0-based, the parent's order)
 * went to `to`, when pc__sk_matching() with assign has just solved the parent with
 * the same distances dist and the same frozen boxes (so only row k differs,
 * and `to` is not frozen: the pushed box moved).  Warm start: the parent's
 * optimal duals stay feasible for the other rows, row k's dual is set to its
 * least reduced cost (feasible for the new row), the column row k held is
 * freed, and one augmenting path from row k gives an optimal assignment of
 * the child -- the same M as pc__sk_matching() on the child, in O(n^2). */
int32_t pc__sk_matching_child(sk_solver *s, int32_t k, uint8_t to, uint8_t player, const sk_dtab *t)
{
    int32_t n = s->map.nb, i = k + 1;
    int32_t (*c)[SK_MAXBOXES + 1] = s->hm.pcost;
    const uint16_t *row = dt_row(s, t, to, player);
    int any = 0;
    for (int32_t j = 0; j < n; j++)
        any |= row[j] != SK_INF;
    if (!any)
        return -1;
    /* Row k of the parent's costs is swapped for the child's meanwhile. */
    int32_t saved[SK_MAXBOXES + 1];
    memcpy(saved, c[i], (size_t)(n + 1) * sizeof *saved);
    for (int32_t j = 0; j < n; j++)
        c[i][j + 1] = row[j] == SK_INF ? HUNG_INF : row[j];
    int64_t u[SK_MAXBOXES + 1], v[SK_MAXBOXES + 1];
    int32_t p[SK_MAXBOXES + 1];
    memcpy(u, s->hm.pu, (size_t)(n + 1) * sizeof *u);
    memcpy(v, s->hm.pv, (size_t)(n + 1) * sizeof *v);
    memcpy(p, s->hm.pp, (size_t)(n + 1) * sizeof *p);
    int64_t mu = INT64_MAX;
    for (int32_t j = 1; j <= n; j++) {
        if (p[j] == i)
            p[j] = 0;
        if (c[i][j] - v[j] < mu)
            mu = c[i][j] - v[j];
    }
    u[i] = mu;
    hung_row(n, c, i, u, v, p);
    int64_t total = 0;
    for (int32_t j = 1; j <= n; j++)
        total += c[p[j]][j];
    memcpy(c[i], saved, (size_t)(n + 1) * sizeof *saved);
    if (total >= HUNG_INF)
        return -1;
    return (int32_t)total;
}

/* Move *t into [0, n) and return how far it moved. */
static int32_t clamp_axis(int32_t *t, int32_t n)
{
    int32_t e = *t < 0 ? -*t : *t >= n ? *t - (n - 1) : 0;
    *t = *t < 0 ? 0 : *t >= n ? n - 1 : *t;
    return e;
}

/* Walking bound W: the moves of any solution that are not pushes number at
 * least |dx - DX| + |dy - DY|, where (dx, dy) is the player's displacement
 * from `player` to where it ends and (DX, DY) the boxes' total displacement
 * (the goals' coordinate sums minus the boxes': the same whichever box ends
 * on which goal).  A push moves the player and one box by the same step, so
 * it leaves dx - DX unchanged, and a walking step changes it by one.  The
 * player ends on a square of fin[] (no pushes left: W = 0).  sbx, sby: the
 * boxes' coordinate sums; sf: their sum of the walking potential, whose
 * bound is taken when larger (solver_pot.c); m: the matching.  Capped at SK_WMAX (a smaller
 * bound is still a bound). */
uint32_t pc__sk_walk_bound(const sk_solver *s, uint8_t player, int32_t sbx, int32_t sby, int32_t sf,
                           int32_t m)
{
    if (m <= 0)
        return 0;
    int32_t tx = s->map.cx[player] + s->map.sgx - sbx, ty = s->map.cy[player] + s->map.sgy - sby;
    /* The L1 distance from (tx, ty) to fin[] is the table's at the nearest
     * point of the grid plus the distance to that point (every square of
     * fin[] lies on the grid's far side of it on each axis). */
    int32_t w = s->map.g->w, ex = clamp_axis(&tx, w), ey = clamp_axis(&ty, s->map.g->h);
    uint32_t v = (uint32_t)s->map.wtab[ty * w + tx] + (uint32_t)ex + (uint32_t)ey;
    if (s->lb.pot_k) {
        /* The walking potential (solver_pot.c); sf: the boxes' sum of it. */
        int32_t p = s->lb.pot_c - sf + s->lb.pot[player];
        uint32_t wp = p > 0 ? (uint32_t)((p + s->lb.pot_k - 1) / s->lb.pot_k) : 0; /* walking steps are whole */
        if (wp > v)
            v = wp;
    }
    return v < SK_WMAX ? v : SK_WMAX;
}

/* Freeze deadlocks.  Is box x blocked along an axis (0: up/down, 1:
 * left/right)?  It is when a wall is on either side, when both sides are
 * dead squares, or when a box on either side is itself blocked along the
 * other axis with x treated as a wall (then neither box can ever move
 * first).  *off collects whether a box found frozen this way is off its
 * goal. */
static int blocked_axis(sk_solver *s, uint8_t x, int axis, int *off)
{
    uint8_t a = s->map.nbr[x][axis ? 3 : 0], b = s->map.nbr[x][axis ? 1 : 2];
    if (a == SK_NONE || b == SK_NONE || s->ex.tmpwall[a] || s->ex.tmpwall[b])
        return 1;
    if (s->map.dead[a] && s->map.dead[b])
        return 1;
    int r = 0, o = 0;
    s->ex.tmpwall[x] = 1;
    if (s->ex.occ[a] && blocked_axis(s, a, !axis, &o)) {
        r = 1;
        o |= !s->map.goal[a];
    } else {
        o = 0;
        if (s->ex.occ[b] && blocked_axis(s, b, !axis, &o)) {
            r = 1;
            o |= !s->map.goal[b];
        }
    }
    s->ex.tmpwall[x] = 0;
    if (r)
        *off |= o;
    return r;
}

/* After a box arrived on `to` (occ updated): is it frozen for ever with a
 * box off its goal?  (Covers the 2x2 blocks of walls and boxes.) */
int pc__sk_frozen_push(sk_solver *s, uint8_t to)
{
    int off = !s->map.goal[to];
    if (!blocked_axis(s, to, 0, &off))
        return 0;
    if (!blocked_axis(s, to, 1, &off))
        return 0;
    return off;
}

/* Frozen goals.  A box blocked on both axes (see blocked_axis) never moves
 * again in any solution, so for the rest of the game it is a wall: the push
 * distances of the other boxes are those of the board with the frozen boxes
 * as walls, and each frozen box keeps its own goal (a frozen box off goal is
 * a freeze deadlock, pruned at the push).  This finds, for instance, a goal
 * behind a frozen box that no box can reach any more.  The set is a function
 * of the boxes (occ must hold them); fz[i] receives whether box i is frozen.
 * Returns the distances to use (s->lb.dt0 when no box is frozen), or NULL with
 * *rc set when memory runs out. */
const sk_dtab *pc__sk_frozen_dist(sk_solver *s, const uint8_t *boxes, uint8_t *fz, int32_t *rc)
{
    uint64_t bits[4] = {0, 0, 0, 0}, h = 0;
    int any = 0;
    for (int32_t i = 0; i < s->map.nb; i++) {
        uint8_t x = boxes[i];
        int off = 0;
        fz[i] = s->map.goal[x] && blocked_axis(s, x, 0, &off) && blocked_axis(s, x, 1, &off);
        if (fz[i]) {
            bits[x >> 6] |= 1ULL << (x & 63);
            h ^= s->map.zbox[x];
            any = 1;
        }
    }
    if (!any)
        return s->lb.dt0;
    size_t pos = (size_t)(h ^ (h >> 32)) & (SK_FZSLOTS - 1);
    while (s->lb.fztab[pos]) {
        const sk_fzset *f = &s->lb.fz[s->lb.fztab[pos] - 1];
        if (!memcmp(f->bits, bits, sizeof bits))
            return f->dt;
        pos = (pos + 1) & (SK_FZSLOTS - 1);
    }
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.tmpwall[boxes[i]] = fz[i];
    sk_dtab *t = NULL;
    int cache = s->lb.nfz < SK_FZMAX;
    if (cache && s->lb.nfz == s->lb.fzcap) {
        size_t nc = s->lb.fzcap ? s->lb.fzcap * 2 : 16;
        *rc = pc__sk_grow(s, (void **)&s->lb.fz, &s->lb.fzcap, nc, sizeof *s->lb.fz);
        cache = *rc == PC_OK;
        *rc = PC_OK;
    }
    if (cache && (t = pc__sk_build_dtab(s, NULL, rc)) != NULL) {
        sk_fzset *f = &s->lb.fz[s->lb.nfz++];
        memcpy(f->bits, bits, sizeof bits);
        f->dt = t;
        s->lb.fztab[pos] = (uint32_t)s->lb.nfz;
    } else {
        /* Cache full (or no memory left for it): same values, recomputed
         * into one scratch table sized for any set of walls. */
        *rc = PC_OK;
        if (!s->lb.dtscratch) {
            size_t nf = (size_t)s->map.nf;
            size_t bytes = sizeof(sk_dtab) + 5 * nf * (size_t)s->map.ngoals * sizeof(uint16_t) +
                           nf * sizeof(uint16_t) + nf * sizeof(int32_t) + nf * nf;
            if (!pc__sk_charge(s, bytes, 0)) {
                *rc = PC_ELIMIT;
            } else if (!(s->lb.dtscratch = pc__malloc(bytes))) {
                s->lim.bytes -= bytes;
                *rc = PC_ENOMEM;
            } else {
                s->lb.dtscratch->bytes = bytes;
                s->lb.dtscratch->sideoff = (int32_t *)(void *)(s->lb.dtscratch + 1);
                s->lb.dtscratch->dist = (uint16_t *)(void *)(s->lb.dtscratch->sideoff + nf);
            }
        }
        if (s->lb.dtscratch)
            t = pc__sk_build_dtab(s, s->lb.dtscratch, rc);
    }
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.tmpwall[boxes[i]] = 0;
    return t;
}

/* The distances of a child position: frozen_dist with the pushed box moved
 * from b to `to` in occ for the time of the call. */
const sk_dtab *pc__sk_child_dist(sk_solver *s, const uint8_t *child, uint8_t b, uint8_t to, uint8_t *fz,
                                 int32_t *rc)
{
    s->ex.occ[b] = 0;
    s->ex.occ[to] = 1;
    const sk_dtab *t = pc__sk_frozen_dist(s, child, fz, rc);
    s->ex.occ[to] = 0;
    s->ex.occ[b] = 1;
    return t;
}
