/*
 * The fast solver's boxes that never move again (lib/sokoban/fast.c):
 * the freeze deadlock test, goals sealed by boxes frozen on goals, and the
 * push distances with the boxes frozen on goals standing as walls (the
 * cached tables the matching reads).
 */
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "sokoban/fast_solver.h"

/* ---- freeze deadlocks --------------------------------------------------------------------- */

/* Can the box on c never move along axis a (0 vertical, 1 horizontal)? */
static int axis_blocked(fs_solver *s, int32_t c, int a, int *off)
{
    int32_t n1 = s->map.nbr[c][a], n2 = s->map.nbr[c][a + 2];
    if (n1 < 0 || n2 < 0 || s->fr.tmpwall[n1] || s->fr.tmpwall[n2])
        return 1;
    if (s->map.dead[n1] && s->map.dead[n2])
        return 1;
    if (s->ex.boxat[n1] >= 0 && pc__fs_frozen(s, n1, off))
        return 1;
    if (s->ex.boxat[n2] >= 0 && pc__fs_frozen(s, n2, off))
        return 1;
    return 0;
}

/* Is the box on c frozen (it can never move again), taking the boxes that
 * are being tested as walls?  *off is set when a box found frozen stands off
 * a goal (only for boxes whose frozenness the answer rests on).  After
 * FS_FREEZE_CALLS calls the answer is "not frozen" (always safe). */
int pc__fs_frozen(fs_solver *s, int32_t c, int *off)
{
    if (++s->fr.fcalls > FS_FREEZE_CALLS)
        return 0;
    int loc = 0;
    s->fr.tmpwall[c] = 1;
    int f = axis_blocked(s, c, 0, &loc) && axis_blocked(s, c, 1, &loc);
    s->fr.tmpwall[c] = 0;
    if (f) {
        if (!s->map.goal[c])
            loc = 1;
        *off |= loc;
        if (s->fr.frec && s->fr.nfrec <= FS_FREEZE_CALLS)
            s->fr.frec[s->fr.nfrec++] = c;
    }
    return f;
}

/* A push that left the box on c: is the position now a freeze deadlock? */
int pc__fs_freeze_dead(fs_solver *s, int32_t c)
{
    int off = 0;
    s->fr.fcalls = 0;
    return pc__fs_frozen(s, c, &off) && off;
}

/* The tests of a push that left a box on `to` (the search's and the packing
 * macros'): one freeze test of the pushed box — frozen with a box off goal
 * is a freeze deadlock, frozen on a goal may seal the free goals off (see
 * pc__fs_sealed).  1 when the position is dead; *frozen (may be NULL)
 * receives whether the pushed box is frozen. */
int pc__fs_push_dead(fs_solver *s, int32_t to, int *frozen)
{
    int off = 0;
    s->fr.fcalls = 0;
    int fz = pc__fs_frozen(s, to, &off);
    if (frozen)
        *frozen = fz;
    return fz && (off || (s->map.goal[to] && pc__fs_sealed(s, NULL)));
}

/* The squares from which a box can be pushed onto some free goal, with
 * the nf boxes of fr.onfrozen as walls (fr.tmpwall set on them): the
 * sealed test's first pass, a pull search from the free goals.  It depends
 * on those walls alone, and the test runs after every push (softly) while
 * the boxes on goals change only at a push onto or off a goal, so the
 * pulls are cached by wall set (direct-mapped, the set stored and compared
 * whole: a hit is exact).  Returns the squares as a bitset, or NULL when
 * the budget refused the cache: then ex.mark holds them, stamp *st. */
static const uint64_t *seal_pulls(fs_solver *s, int32_t nf, uint32_t *st)
{
    fs_freeze *F = &s->fr;
    int32_t nb = s->map.nb;
    uint8_t *wall = F->tmpwall;
    uint64_t *e = NULL;
    if (!F->seal && !F->seal_off) {
        F->sw = (s->map.nc + 63) / 64;
        uint64_t bytes = (uint64_t)FS_SEAL_SLOTS * (1 + 2 * (uint64_t)F->sw) * sizeof *F->seal;
        if (!fs_charge(s, bytes, 0) || !(F->seal = pc__calloc((size_t)bytes, 1)))
            F->seal_off = 1;
    }
    uint64_t key = 1; /* the walls' Zobrist hash, odd: 0 marks an empty slot */
    if (F->seal) {
        for (int32_t k = 0; k < nf; k++)
            key ^= s->map.zb[F->onfrozen[k]];
        key |= 1;
        e = F->seal + (size_t)((key ^ key >> 29) & (FS_SEAL_SLOTS - 1)) * (1 + 2 * (size_t)F->sw);
        uint64_t *walls = e + 1, hit = e[0] == key;
        for (int32_t k = 0; k < nf && hit; k++) {
            int32_t c = F->onfrozen[k];
            hit = walls[c >> 6] >> (c & 63) & 1;
        }
        int32_t n = 0;
        for (int32_t w = 0; w < F->sw && hit; w++)
            n += pc__popcount64(walls[w]);
        if (hit && n == nf)
            return e + 1 + F->sw;
    }
    *st = fs_new_stamp(s);
    size_t qh = 0, qt = 0;
    for (int32_t j = 0; j < nb; j++) {
        int32_t c = s->map.goals[j];
        if (!wall[c] && s->ex.mark[c] != *st) {
            s->ex.mark[c] = *st;
            s->ex.queue[qt++] = c;
        }
    }
    while (qh < qt) {
        int32_t x = s->ex.queue[qh++];
        for (int d = 0; d < 4; d++) {
            /* the box came from y, pulled by a player behind y */
            int32_t y = s->map.nbr[x][d];
            int32_t p = y < 0 ? -1 : s->map.nbr[y][d];
            if (y < 0 || p < 0 || wall[y] || wall[p] || s->ex.mark[y] == *st)
                continue;
            s->ex.mark[y] = *st;
            s->ex.queue[qt++] = y;
        }
    }
    if (!e)
        return NULL;
    memset(e, 0, (1 + 2 * (size_t)F->sw) * sizeof *e);
    e[0] = key;
    for (int32_t k = 0; k < nf; k++)
        e[1 + (F->onfrozen[k] >> 6)] |= (uint64_t)1 << (F->onfrozen[k] & 63);
    for (size_t q = 0; q < qt; q++) {
        int32_t c = s->ex.queue[q];
        e[1 + F->sw + (c >> 6)] |= (uint64_t)1 << (c & 63);
    }
    return e + 1 + F->sw;
}

/* Goals sealed by frozen boxes.  A box frozen on a goal never moves again,
 * so it is a wall for good.  With those walls (and the other boxes away: a
 * relaxation), every other box must still reach some goal left free by
 * pushes, and every such goal must be reached by some box; when either
 * fails the position is a deadlock.  This catches a goal room whose front
 * goals were filled first, sealing the goals behind them: the matching
 * (push distances on the empty board) does not see it.  Asked after a push
 * that leaves the pushed box frozen on a goal, the only push that adds to
 * the frozen boxes.  Uses ex.mark, ex.queue and fr.tmpwall (left clear).
 * mark (pc__sokoban_deadlock; NULL in search): per box, set on the boxes
 * frozen on goals and on those that reach no free goal. */
static int seal_test(fs_solver *s, uint8_t *mark, int soft)
{
    int32_t nb = s->map.nb, nf = 0;
    for (int32_t i = 0; i < nb; i++) {
        int32_t c = s->ex.bx[i], off = 0;
        s->fr.fcalls = 0;
        if (s->map.goal[c] && (soft || (pc__fs_frozen(s, c, &off) && !off)))
            s->fr.onfrozen[nf++] = c;
    }
    if (nf == 0)
        return 0;
    uint8_t *wall = s->fr.tmpwall;
    for (int32_t k = 0; k < nf; k++)
        wall[s->fr.onfrozen[k]] = 1;
    int dead = 0;
    uint32_t pst = 0;
    const uint64_t *pulls = seal_pulls(s, nf, &pst);
    for (int32_t j = 0; j < nb && (!dead || mark); j++) {
        int32_t c = s->ex.bx[j];
        if (!wall[c] && (pulls ? !(pulls[c >> 6] >> (c & 63) & 1) : s->ex.mark[c] != pst)) {
            dead = 1;
            if (mark)
                mark[j] = 1;
        }
    }
    if (!dead) {
        /* pushes from the boxes: every free goal must be reached */
        uint32_t st = fs_new_stamp(s);
        size_t qh = 0, qt = 0;
        for (int32_t j = 0; j < nb; j++) {
            int32_t c = s->ex.bx[j];
            if (!wall[c] && s->ex.mark[c] != st) {
                s->ex.mark[c] = st;
                s->ex.queue[qt++] = c;
            }
        }
        while (qh < qt) {
            int32_t x = s->ex.queue[qh++];
            for (int d = 0; d < 4; d++) {
                /* the box goes to y, pushed by a player behind x */
                int32_t y = s->map.nbr[x][d];
                int32_t p = y < 0 ? -1 : s->map.nbr[x][(d + 2) & 3];
                if (y < 0 || p < 0 || wall[y] || wall[p] || s->ex.mark[y] == st)
                    continue;
                s->ex.mark[y] = st;
                s->ex.queue[qt++] = y;
            }
        }
        for (int32_t j = 0; j < nb && !dead; j++) {
            int32_t c = s->map.goals[j];
            if (!wall[c] && s->ex.mark[c] != st)
                dead = 1;
        }
    }
    for (int32_t k = 0; k < nf; k++) {
        wall[s->fr.onfrozen[k]] = 0;
        if (mark && dead)
            mark[s->ex.boxat[s->fr.onfrozen[k]]] = 1;
    }
    return dead;
}

int pc__fs_sealed(fs_solver *s, uint8_t *mark)
{
    return seal_test(s, mark, 0);
}

/* Goals sealed softly: the same test with every box on a goal as a wall,
 * frozen or not.  Not a deadlock (those boxes may move again), but a
 * position that can be solved only by taking a box off a goal it fills: a
 * goal room filled in an order that shuts its last goals behind boxes that
 * are not frozen, the stall of the classic levels.  The search defers such
 * positions (see cell_pop) instead of pruning them, so an exhausted search
 * is still a proof. */
int pc__fs_soft_sealed(fs_solver *s)
{
    return seal_test(s, NULL, 1);
}

/* ---- distances with the boxes frozen on goals as walls ------------------------------------- */

/* A box frozen on its goal never moves again (see frozen): for the rest of
 * the game it is a wall, and it keeps its goal.  The other boxes' push
 * distances are then those of the board with these walls, which can be
 * longer, or infinite: a goal behind a frozen box, a goal room whose
 * entrance squares were filled first, a goal that only some box now used
 * elsewhere could have reached.  The matching on these tables (the
 * optimal solver does the same, solver_dist.c) sees such positions as
 * deadlocks: no finite matching (sound: the walls are for good, and the
 * other boxes taken off the board only make pushes easier), where the
 * bare board's distances (map.dist) and the box-only flood of sealed do
 * not.  The positions XSokoban 14, 16 and 18 stalled in at 10 s were all
 * of this kind (the optimal solver's bound proved each lost at once); they
 * are pruned now, though the search still stalls elsewhere.  One table
 * per set of frozen boxes, cached: the set changes only at a push that
 * freezes a box on a goal. */

/* The boxes (ex.bx, ex.boxat) frozen on goals into fr.onfrozen, their
 * number into *nf; returns the set's hash (0: none). */
static uint64_t frozen_set(fs_solver *s, int32_t *nf)
{
    uint64_t h = 0;
    int32_t n = 0;
    for (int32_t i = 0; i < s->map.nb; i++) {
        int32_t c = s->ex.bx[i], off = 0;
        if (!s->map.goal[c])
            continue;
        s->fr.fcalls = 0;
        if (pc__fs_frozen(s, c, &off) && !off) {
            s->fr.onfrozen[n++] = c;
            h ^= s->map.zb[c];
        }
    }
    *nf = n;
    return n ? h | 1 : 0;
}

/* The player's areas round a box on each square, the cells marked in
 * fr.tmpwall standing as walls: fz.side[4 x + d] is a label of the area of
 * x's neighbour d (the same label: the player walks from one side to the
 * other with the box on x; the label is the least such d; 0xFF: no free
 * square there), shared by every goal's pull search (fz_pull).
 *
 * Neighbours of x are in one area of the board without x unless x cuts it
 * (an articulation point), so one depth-first search (Tarjan's low links)
 * gives every square's areas at once, in O(nc) where a flood round each
 * square took O(nc^2): on a 30 x 30 level these floods were a quarter of
 * the search's time.  In the search tree, a neighbour p of x lies either
 * below x, in the subtree of one of x's children c, or above it; c's
 * subtree is an area of its own when no back edge from it climbs above x
 * (low[c] >= disc[x]), else it joins the area above.  Scratch: mac.par and
 * mac.q (fz_pull, which comes next, writes them anyway). */
static void fz_sides(fs_solver *s)
{
    const int32_t nc = s->map.nc;
    uint8_t *side = s->fz.side;
    int32_t *disc = s->mac.par, *low = disc + nc, *end = disc + 2 * (size_t)nc, *up = disc + 3 * (size_t)nc;
    int32_t *stack = s->mac.q, *it = s->mac.q + nc, time = 0;
    for (int32_t x = 0; x < nc; x++) {
        for (int d = 0; d < 4; d++)
            side[4 * x + d] = 0xFF;
        disc[x] = -1;
    }
    for (int32_t r = 0; r < nc; r++) {
        if (s->fr.tmpwall[r] || disc[r] >= 0)
            continue;
        int32_t sp = 0;
        stack[sp++] = r;
        disc[r] = low[r] = time++;
        up[r] = -1;
        it[r] = 0;
        while (sp > 0) {
            int32_t x = stack[sp - 1];
            if (it[x] < 4) {
                int32_t y = s->map.nbr[x][it[x]++];
                if (y < 0 || s->fr.tmpwall[y])
                    continue;
                if (disc[y] < 0) {
                    disc[y] = low[y] = time++;
                    up[y] = x;
                    it[y] = 0;
                    stack[sp++] = y;
                } else if (y != up[x] && disc[y] < low[x]) {
                    low[x] = disc[y];
                }
            } else {
                sp--;
                end[x] = time; /* x's subtree: the squares discovered in [disc[x], end[x]) */
                if (up[x] >= 0 && low[x] < low[up[x]])
                    low[up[x]] = low[x];
            }
        }
    }
    for (int32_t x = 0; x < nc; x++) {
        if (s->fr.tmpwall[x])
            continue;
        int32_t area[4]; /* -1 none, 4 the area above x, d the subtree of x's child on side d */
        for (int d = 0; d < 4; d++) {
            int32_t p = s->map.nbr[x][d];
            area[d] = -1;
            if (p < 0 || s->fr.tmpwall[p])
                continue;
            area[d] = 4;
            if (disc[p] < disc[x] || disc[p] >= end[x])
                continue;
            for (int e = 0; e < 4; e++) { /* the child whose subtree holds p */
                int32_t c = s->map.nbr[x][e];
                if (c >= 0 && !s->fr.tmpwall[c] && up[c] == x && disc[c] <= disc[p] && disc[p] < end[c]) {
                    if (low[c] >= disc[x])
                        area[d] = e;
                    break;
                }
            }
        }
        for (int d = 0; d < 4; d++) {
            if (area[d] < 0 || side[4 * x + d] != 0xFF)
                continue;
            for (int e = d; e < 4; e++)
                if (area[e] == area[d])
                    side[4 * x + e] = (uint8_t)d;
        }
    }
}

/* Push distances to goal t (no box frozen on it) into d (nc), the cells
 * marked in fr.tmpwall standing as walls, the player walking round the box
 * (fz_sides): a breadth-first pull search over (box square, player's side)
 * states, a state's distance its parent's + 1 (in mac.par). */
static void fz_pull(fs_solver *s, int32_t t, uint16_t *d)
{
    const uint8_t *side = s->fz.side;
    for (int32_t x = 0; x < s->map.nc; x++)
        d[x] = FS_UNREACH;
    if (++s->mac.st == 0) {
        memset(s->mac.vis, 0, 4 * (size_t)s->map.nc * sizeof *s->mac.vis);
        memset(s->mac.exp, 0, 4 * (size_t)s->map.nc * sizeof *s->mac.exp);
        s->mac.st = 1;
    }
    uint32_t ms = s->mac.st;
    size_t qh = 0, qt = 0;
    d[t] = 0;
    for (int dd = 0; dd < 4; dd++) {
        if (side[4 * t + dd] != 0xFF) {
            s->mac.vis[t * 4 + dd] = ms;
            s->mac.par[t * 4 + dd] = 0;
            s->mac.q[qt++] = t * 4 + dd;
        }
    }
    while (qh < qt) {
        int32_t k = s->mac.q[qh++], x = k / 4;
        if (s->mac.exp[k] == ms)
            continue; /* its area was searched from a state no farther */
        uint8_t area = side[k];
        for (int dd = 0; dd < 4; dd++)
            if (side[4 * x + dd] == area)
                s->mac.exp[x * 4 + dd] = ms;
        for (int dd = 0; dd < 4; dd++) {
            /* the player on y (its area), stepping back to z; the box follows to y */
            if (side[4 * x + dd] != area)
                continue;
            int32_t y = s->map.nbr[x][dd];
            int32_t z = s->map.nbr[y][dd];
            if (z < 0 || s->fr.tmpwall[z] || s->mac.vis[y * 4 + dd] == ms)
                continue;
            int32_t dist = s->mac.par[k] + 1;
            s->mac.vis[y * 4 + dd] = ms;
            s->mac.par[y * 4 + dd] = dist;
            s->mac.q[qt++] = y * 4 + dd;
            if (dist < d[y])
                d[y] = (uint16_t)(dist < (int32_t)FS_UNREACH ? dist : (int32_t)FS_UNREACH - 1);
        }
    }
}

/* Allocate the cache (once); 0 when the level is too big for it or the
 * budget refuses (then the bare distances serve). */
static int fz_alloc(fs_solver *s)
{
    fs_fzdist *z = &s->fz;
    if (z->key)
        return 1;
    if (z->off)
        return 0;
    size_t nc = (size_t)s->map.nc, nb = (size_t)s->map.nb, n = FS_FZ_BYTES / (nb * nc * 2 + 1);
    n = n < 16 ? 16 : n > FS_FZ_SLOTS ? FS_FZ_SLOTS : n;
    z->nslots = (int32_t)n++;
    z->words = (s->map.nc + 31) / 32;
    uint64_t bytes = n * (8 + (uint64_t)z->words * 4 + nb * nc * 2) + 4 * nc;
    if (nb * nc > FS_FZ_CELLS || !fs_charge(s, bytes, 0)) {
        z->off = 1;
        return 0;
    }
    z->key = pc__calloc(n, sizeof *z->key);
    z->set = pc__malloc(n * (size_t)z->words * sizeof *z->set);
    z->dist = pc__malloc(n * nb * nc * sizeof *z->dist);
    z->side = pc__malloc(4 * nc);
    if (!z->key || !z->set || !z->dist || !z->side) {
        pc__free(z->key);
        pc__free(z->set);
        pc__free(z->dist);
        pc__free(z->side);
        z->key = NULL;
        z->set = NULL;
        z->dist = NULL;
        z->side = NULL;
        fs_charge(s, 0, bytes);
        z->off = 1;
        return 0;
    }
    return 1;
}

/* The distance table for the position in ex.bx / ex.boxat: map.dist when
 * no box is frozen on a goal, else the table of its frozen set (computed
 * unless cached; never into slot `keep`, the table in use by the caller,
 * -1 for none: the scratch table then).  *key the set's hash (0: none),
 * *slot its slot (-1 for map.dist). */
const uint16_t *pc__fs_fz_table(fs_solver *s, int32_t keep, uint64_t *key, int32_t *slot)
{
    int32_t nf;
    uint64_t h = frozen_set(s, &nf);
    *key = h;
    *slot = -1;
    if (h == 0 || !fz_alloc(s))
        return s->map.dist;
    fs_fzdist *z = &s->fz;
    size_t nc = (size_t)s->map.nc, nb = (size_t)s->map.nb;
    int32_t k = (int32_t)((h ^ (h >> 23)) % (uint64_t)z->nslots);
    uint32_t *set = z->set + (size_t)k * z->words;
    if (z->key[k] == h) {
        int same = 1;
        for (int32_t f = 0; f < nf && same; f++)
            same = set[s->fr.onfrozen[f] >> 5] >> (s->fr.onfrozen[f] & 31) & 1;
        int32_t bits = 0;
        for (int32_t w = 0; w < z->words; w++)
            for (uint32_t v = set[w]; v; v &= v - 1)
                bits++;
        if (same && bits == nf) {
            *slot = k;
            return z->dist + (size_t)k * nb * nc;
        }
    }
    if (k == keep)
        k = z->nslots; /* the scratch table: the caller's stays */
    set = z->set + (size_t)k * z->words;
    uint16_t *tab = z->dist + (size_t)k * nb * nc;
    memset(set, 0, (size_t)z->words * sizeof *set);
    for (int32_t f = 0; f < nf; f++) {
        set[s->fr.onfrozen[f] >> 5] |= 1u << (s->fr.onfrozen[f] & 31);
        s->fr.tmpwall[s->fr.onfrozen[f]] = 1;
    }
    fz_sides(s);
    for (int32_t j = 0; j < s->map.nb; j++) {
        int32_t t = s->map.goals[j];
        uint16_t *d = tab + (size_t)j * nc;
        if (s->fr.tmpwall[t]) {
            /* the frozen box keeps its goal, no other box comes there */
            for (size_t x = 0; x < nc; x++)
                d[x] = FS_UNREACH;
            d[t] = 0;
        } else {
            fz_pull(s, t, d);
        }
    }
    for (int32_t f = 0; f < nf; f++)
        s->fr.tmpwall[s->fr.onfrozen[f]] = 0;
    z->key[k] = k == z->nslots ? 0 : h;
    z->built++;
    *slot = k == z->nslots ? -1 : k;
    return tab;
}

