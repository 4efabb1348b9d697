/*
 * The fast solver's board (lib/sokoban/fast.c): the solver's memory (its
 * allocation, growth under the budget and release), the static tables of a
 * level (interior cells, neighbours, goals, dead squares, push distances,
 * Zobrist keys) and the player's reachability floods.
 */
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "common/bits.h"
#include "sokoban/fast_solver.h"

int32_t pc__fs_grow(fs_solver *s, void **ptr, size_t *cap, size_t need, size_t el)
{
    if (need <= *cap)
        return PC_OK;
    size_t nc = *cap ? *cap : 16;
    while (nc < need)
        nc *= 2;
    if (nc > SIZE_MAX / el)
        return PC_ELIMIT;
    if (!fs_charge(s, (uint64_t)nc * el, (uint64_t)*cap * el))
        return PC_ELIMIT;
    void *q = pc__realloc(*ptr, nc * el);
    if (!q) {
        s->bytes -= (uint64_t)(nc - *cap) * el;
        return PC_ENOMEM;
    }
    *ptr = q;
    *cap = nc;
    return PC_OK;
}

/* A solver for g under meter m, nothing allocated but itself (NULL: no memory). */
fs_solver *pc__fs_new(const pc_sokoban *g, pc__meter *m)
{
    fs_solver *s = pc__calloc(1, sizeof *s);
    if (s) {
        s->map.g = g;
        s->m = m;
    }
    return s;
}

void pc__fs_free(fs_solver *s)
{
    pc__free(s->map.c2g);
    pc__free(s->map.g2c);
    pc__free(s->map.nbr);
    pc__free(s->map.goal);
    pc__free(s->map.dead);
    pc__free(s->map.goals);
    pc__free(s->map.dist);
    pc__free(s->map.layer);
    pc__free(s->map.seq);
    pc__free(s->map.room);
    pc__free(s->map.door);
    pc__free(s->map.rsize);
    pc__free(s->ex.rleft);
    pc__free(s->ex.lcount);
    pc__free(s->map.zb);
    pc__free(s->map.zp);
    pc__free(s->st.arena);
    pc__free(s->st.table);
    for (size_t i = 0; i < s->st.ncell; i++)
        pc__free(s->st.cell[i].v);
    pc__free(s->st.cell);
    pc__free(s->ex.boxat);
    pc__free(s->ex.mark);
    pc__free(s->ex.pmark);
    pc__free(s->ex.queue);
    pc__free(s->fr.tmpwall);
    pc__free(s->ex.bx);
    pc__free(s->cor.comp);
    pc__free(s->cor.bmark);
    pc__free(s->cor.cbox);
    pc__free(s->cor.uf);
    pc__free(s->cor.order);
    pc__free(s->fr.frec);
    pc__free(s->fr.onfrozen);
    pc__free(s->cor.allow);
    pc__free(s->cor.tallow);
    pc__free(s->ex.child);
    pc__free(s->ex.opener);
    pc__free(s->ex.hot);
    pc__free(s->ex.hpath);
    pc__free(s->hu.u);
    pc__free(s->hu.v);
    pc__free(s->hu.cu);
    pc__free(s->hu.cv);
    pc__free(s->hu.minv);
    pc__free(s->hu.p);
    pc__free(s->hu.cp);
    pc__free(s->hu.way);
    pc__free(s->hu.used);
    pc__free(s->mac.vis);
    pc__free(s->mac.exp);
    pc__free(s->mac.par);
    pc__free(s->mac.dir);
    pc__free(s->mac.q);
    pc__free(s->mac.push);
    pc__free(s->lr.sboxat);
    pc__free(s->lr.smark);
    pc__free(s->lr.sstate);
    pc__free(s->lr.shash);
    pc__free(s->lr.stable);
    pc__free(s->lr.alive);
    pc__free(s->lr.pat);
    pc__free(s->lr.bwork);
    pc__free(s->fr.seal);
    pc__free(s->map.bfree);
    pc__free(s->map.bpos);
    pc__free(s->ex.bwork);
    pc__free(s->fz.key);
    pc__free(s->fz.set);
    pc__free(s->fz.dist);
    pc__free(s->fz.side);
    if (s->lr.at)
        for (int32_t c = 0; c < s->map.nc; c++)
            pc__free(s->lr.at[c].v);
    pc__free(s->lr.at);
}

/* ---- static tables ---------------------------------------------------------------------- */

/* Charge and allocate every per-cell, per-box and Hungarian array of the
 * search, before anything is filled in. */
static int32_t alloc_tables(fs_solver *s, size_t n)
{
    int32_t nc = s->map.nc, nb = s->map.nb;
    size_t k1 = (size_t)nb + 1;
    uint64_t fixed = (uint64_t)nc * (sizeof(int32_t) * 13 + 4 + 16 + 2 + 4 * 17 + 8) + n * sizeof(int32_t) +
                     (uint64_t)nb * nc * 2 + k1 * (8 * 5 + 4 * 9 + 3) + (uint64_t)nb * 6;
    if (!fs_charge(s, fixed, 0))
        return PC_ELIMIT;
    s->map.c2g = pc__malloc((size_t)nc * sizeof *s->map.c2g);
    s->map.g2c = pc__malloc(n * sizeof *s->map.g2c);
    s->map.nbr = pc__malloc((size_t)nc * sizeof *s->map.nbr);
    s->map.goal = pc__calloc((size_t)nc, 1);
    s->map.dead = pc__calloc((size_t)nc, 1);
    s->map.goals = pc__malloc(((size_t)nb + 1) * sizeof *s->map.goals);
    s->map.dist = pc__malloc(((size_t)nb * nc + 1) * sizeof *s->map.dist);
    s->map.zb = pc__malloc((size_t)nc * sizeof *s->map.zb);
    s->map.zp = pc__malloc((size_t)nc * sizeof *s->map.zp);
    s->ex.boxat = pc__malloc((size_t)nc * sizeof *s->ex.boxat);
    s->ex.mark = pc__calloc((size_t)nc, sizeof *s->ex.mark);
    s->ex.pmark = pc__calloc((size_t)nc, sizeof *s->ex.pmark);
    s->ex.queue = pc__malloc((size_t)nc * sizeof *s->ex.queue);
    s->fr.tmpwall = pc__calloc((size_t)nc, 1);
    s->fr.onfrozen = pc__malloc(k1 * sizeof *s->fr.onfrozen);
    s->ex.bx = pc__malloc(((size_t)nb + 1) * sizeof *s->ex.bx);
    s->cor.comp = pc__malloc((size_t)nc * sizeof *s->cor.comp);
    s->cor.bmark = pc__calloc(k1, sizeof *s->cor.bmark);
    s->cor.cbox = pc__malloc(k1 * sizeof *s->cor.cbox);
    s->cor.uf = pc__malloc((size_t)nc * sizeof *s->cor.uf);
    s->cor.order = pc__malloc((2 * (size_t)nc + 1) * sizeof *s->cor.order);
    s->cor.allow = pc__malloc(k1);
    s->cor.tallow = pc__malloc(k1);
    s->ex.child = pc__malloc(((size_t)nb + 1) * sizeof *s->ex.child);
    s->ex.opener = pc__calloc(k1, sizeof *s->ex.opener);
    s->ex.hot = pc__malloc(2 * k1 * sizeof *s->ex.hot);
    s->ex.hpath = pc__calloc((size_t)nc, sizeof *s->ex.hpath);
    s->hu.u = pc__malloc(k1 * sizeof *s->hu.u);
    s->hu.v = pc__malloc(k1 * sizeof *s->hu.v);
    s->hu.cu = pc__malloc(k1 * sizeof *s->hu.cu);
    s->hu.cv = pc__malloc(k1 * sizeof *s->hu.cv);
    s->hu.minv = pc__malloc(k1 * sizeof *s->hu.minv);
    s->hu.p = pc__malloc(k1 * sizeof *s->hu.p);
    s->hu.cp = pc__malloc(k1 * sizeof *s->hu.cp);
    s->hu.way = pc__malloc(k1 * sizeof *s->hu.way);
    s->hu.used = pc__malloc(k1);
    s->mac.vis = pc__calloc(4 * (size_t)nc, sizeof *s->mac.vis);
    s->mac.exp = pc__calloc(4 * (size_t)nc, sizeof *s->mac.exp);
    s->mac.par = pc__malloc(4 * (size_t)nc * sizeof *s->mac.par);
    s->mac.dir = pc__malloc(4 * (size_t)nc);
    s->mac.q = pc__malloc(4 * (size_t)nc * sizeof *s->mac.q);
    s->mac.push = pc__malloc(2 * ((size_t)nc + 1) * sizeof *s->mac.push);
    if (!s->mac.vis || !s->mac.exp || !s->mac.par || !s->mac.dir || !s->mac.q || !s->mac.push)
        return PC_ENOMEM;
    if (!s->map.c2g || !s->map.g2c || !s->map.nbr || !s->map.goal || !s->map.dead || !s->map.goals ||
        !s->map.dist || !s->map.zb || !s->map.zp || !s->ex.boxat || !s->ex.mark || !s->ex.pmark ||
        !s->ex.queue || !s->fr.tmpwall || !s->fr.onfrozen || !s->ex.bx || !s->cor.comp || !s->cor.bmark ||
        !s->cor.cbox || !s->cor.uf || !s->cor.order || !s->cor.allow || !s->cor.tallow || !s->ex.child || !s->ex.opener || !s->ex.hot || !s->ex.hpath || !s->hu.u || !s->hu.v ||
        !s->hu.cu || !s->hu.cv || !s->hu.minv || !s->hu.p || !s->hu.cp || !s->hu.way || !s->hu.used)
        return PC_ENOMEM;
    return PC_OK;
}

/* Number the interior squares and fill each cell's neighbours, dead and
 * goal flags and the goals' list. */
static void number_cells(fs_solver *s, const pc_sokoban *g, size_t n)
{
    int32_t c = 0, q = 0;
    for (size_t i = 0; i < n; i++) {
        s->map.g2c[i] = -1;
        if (g->stat[i] & SK_INTERIOR)
            s->map.g2c[i] = c++;
    }
    for (size_t i = 0; i < n; i++) {
        if (s->map.g2c[i] < 0)
            continue;
        c = s->map.g2c[i];
        s->map.c2g[c] = (int32_t)i;
        s->ex.boxat[c] = -1;
        for (int d = 0; d < 4; d++)
            s->map.nbr[c][d] = s->map.g2c[(int32_t)i + pc__sokoban_delta(g, d)];
        s->map.dead[c] = (g->stat[i] & SK_DEAD) != 0;
        if (g->stat[i] & SK_GOAL) {
            s->map.goal[c] = 1;
            s->map.goals[q++] = c;
        }
    }
}

/* The rows of bits the floods that need only an area's least square
 * and size run on (pc__fs_bit_reach), on levels at most 64 squares wide:
 * each row's interior squares, each square's row and column. */
static int32_t bit_rows(fs_solver *s, const pc_sokoban *g)
{
    if (g->w > 64 || g->h > 128)
        return PC_OK; /* (the parser takes 128 rows at most) */
    size_t nc = (size_t)s->map.nc;
    if (!fs_charge(s, (uint64_t)g->h * 3 * sizeof *s->map.bfree + nc * sizeof *s->map.bpos, 0))
        return PC_ELIMIT;
    s->map.bh = g->h;
    s->map.bfree = pc__calloc((size_t)g->h, sizeof *s->map.bfree);
    s->ex.bwork = pc__calloc(2 * (size_t)g->h, sizeof *s->ex.bwork);
    s->map.bpos = pc__malloc(nc * sizeof *s->map.bpos);
    if (!s->map.bfree || !s->ex.bwork || !s->map.bpos)
        return PC_ENOMEM;
    for (size_t c = 0; c < nc; c++) {
        int32_t y = s->map.c2g[c] / g->w, x = s->map.c2g[c] % g->w;
        s->map.bfree[y] |= (uint64_t)1 << x;
        s->map.bpos[c] = (uint16_t)(y << 6 | x);
    }
    return PC_OK;
}

/* Push distances to every goal (map.dist), the player walking round the
 * box: the level's pull search (dead.c) from each goal in turn, read back
 * into cell ids.  Its scratch is charged while it lives. */
static int32_t pull_goals(fs_solver *s, const pc_sokoban *g, size_t n)
{
    uint64_t bytes = (uint64_t)n * (4 * sizeof(int32_t) * 2 + 2 + 4 * 2);
    if (!fs_charge(s, bytes, 0))
        return PC_ELIMIT;
    int32_t *blk = pc__malloc(4 * n * sizeof *blk), *queue = pc__malloc(4 * n * sizeof *queue);
    uint16_t *gd = pc__malloc(n * sizeof *gd), *sd = pc__malloc(4 * n * sizeof *sd);
    int32_t rc = PC_ENOMEM;
    if (blk && queue && gd && sd && (rc = pc__sokoban_blocks(g, blk)) == PC_OK) {
        for (int32_t j = 0; j < s->map.nb; j++) {
            int32_t from = s->map.c2g[s->map.goals[j]];
            pc__sokoban_pull(g, blk, &from, 1, gd, sd, queue);
            uint16_t *d = s->map.dist + (size_t)j * s->map.nc;
            for (int32_t x = 0; x < s->map.nc; x++)
                d[x] = gd[s->map.c2g[x]];
        }
    }
    pc__free(blk);
    pc__free(queue);
    pc__free(gd);
    pc__free(sd);
    fs_charge(s, 0, bytes);
    return rc;
}

/* Fill the static tables: PC_OK, PC_ENOTFOUND when a box or goal lies out
 * of the player's reach (or they differ in number), PC_ERANGE, PC_ELIMIT or
 * PC_ENOMEM. */
int32_t pc__fs_prepare(fs_solver *s, const pc_sokoban *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    int32_t nc = 0, nb = 0, ng = 0, rc;
    for (size_t i = 0; i < n; i++) {
        if (g->stat[i] & SK_INTERIOR) {
            nc++;
            nb += g->box[i] != 0;
            ng += (g->stat[i] & SK_GOAL) != 0;
        } else if (g->box[i] != ((g->stat[i] & SK_GOAL) != 0)) {
            return PC_ENOTFOUND; /* a box off goal, or an empty goal, the player never reaches */
        }
    }
    if (nb != ng)
        return PC_ENOTFOUND;
    if (nc >= (int32_t)FS_UNREACH)
        return PC_ERANGE; /* cannot happen with 128 x 128 boards */
    s->map.nc = nc;
    s->map.nb = nb;
    if ((rc = alloc_tables(s, n)) < 0)
        return rc;
    number_cells(s, g, n);
    if ((rc = bit_rows(s, g)) < 0 || (rc = pull_goals(s, g, n)) < 0)
        return rc;
    s->fz.cur = s->map.dist;
    struct pc_rng rng;
    pc__rng_seed(&rng, 0xfa57b0c5ULL);
    for (int32_t c = 0; c < nc; c++) {
        s->map.zb[c] = pc__rng_next(&rng);
        s->map.zp[c] = pc__rng_next(&rng);
    }
    s->st.recsize = (offsetof(fs_rec, boxes) + (size_t)nb * 2 + 7) & ~(size_t)7;
    return PC_OK;
}

/* ---- player reachability ---------------------------------------------------------------- */

/* Mark with stamp st in mark[] the free squares reachable from `from`
 * (boxes, and the square `block` when >= 0, closed); returns the least of
 * them, *count (may be NULL) their number. */
int32_t pc__fs_fill(fs_solver *s, uint32_t *mark, int32_t from, int32_t block, uint32_t st, int32_t *count)
{
    size_t qh = 0, qt = 0;
    int32_t least = from;
    mark[from] = st;
    s->ex.queue[qt++] = from;
    while (qh < qt) {
        int32_t x = s->ex.queue[qh++];
        if (x < least)
            least = x;
        for (int d = 0; d < 4; d++) {
            int32_t y = s->map.nbr[x][d];
            if (y >= 0 && y != block && mark[y] != st && s->ex.boxat[y] < 0) {
                mark[y] = st;
                s->ex.queue[qt++] = y;
            }
        }
    }
    if (count)
        *count = (int32_t)qt;
    return least;
}

/* ---- floods on rows of bits --------------------------------------------------------------- */

/* A flood square by square (pc__fs_fill) costs a queue step and four tests
 * per square, and the sub-search's floods (fast_learn.c), one per child it
 * generates, were a third of the fast search's instructions on XSokoban
 * 41.  Where only the area's least square and size are needed, a level at
 * most 64 squares wide floods on rows of bits instead: a row's reach
 * spreads along its runs of free squares in log2(64) shifts, and to the
 * rows above and below, sweeping down and up until nothing changes.  The
 * same squares as pc__fs_fill's, so the same answers. */

/* v spread along the runs of set bits of f it touches (v inside f).
 * Upwards by a carry: adding v to f clears each run's bits from its
 * lowest bit of v up (a bit of v higher in the run keeps its 1, v's own
 * bit, restored by the or).  Downwards by doubling shifts. */
static inline uint64_t bit_run(uint64_t v, uint64_t f)
{
    uint64_t up = (((f + v) ^ f) & f) | v, dn = v, gd = f;
    for (int sh = 1; sh < 64; sh <<= 1) {
        dn |= gd & (dn >> sh);
        gd &= gd >> sh;
    }
    return up | dn;
}

/* The squares of f (map.bh rows of bits, map.bfree's layout) reached from
 * `from` (in f) through squares of f, into rows rows[0] to rows[1] of r
 * (a connected area's rows are consecutive): the other rows of r are left
 * as they were, not cleared.  Most floods cover a few rows, and clearing
 * all map.bh rows first and counting the squares after were a fifth of
 * the flood's instructions; callers that test membership check the rows
 * (fs_bit_in), the others want the least square or the size alone.
 * While flooding, the rows read are at most two beyond [lo, hi]: those are
 * kept zero (a border cleared as the area grows), so no stale row is read.
 * The rows to look at again (next to a row that grew) are a set of bits,
 * the lowest taken first; most growth is a square or two entering a row
 * from a column (a corridor up or down) with nowhere to go sideways, and
 * needs no spreading along it. */
void pc__fs_bit_flood(const fs_solver *s, const uint64_t *f, uint64_t *r, int32_t from, int32_t rows[2])
{
    int32_t y0 = s->map.bpos[from] >> 6, lo = y0, hi = y0, last = s->map.bh - 1;
    uint64_t todo[2] = {0, 0};
    for (int32_t z = y0 > 2 ? y0 - 2 : 0; z <= y0 + 2 && z <= last; z++)
        r[z] = 0;
    r[y0] = bit_run((uint64_t)1 << (s->map.bpos[from] & 63), f[y0]);
    int32_t y = y0;
    for (;;) {
        /* row y grew: its neighbours to look at */
        if (y > 0)
            todo[(y - 1) >> 6] |= (uint64_t)1 << ((y - 1) & 63);
        if (y < last)
            todo[(y + 1) >> 6] |= (uint64_t)1 << ((y + 1) & 63);
        uint64_t v = 0;
        while (!v && (todo[0] | todo[1])) {
            y = todo[0] ? pc__ctz64(todo[0]) : 64 + pc__ctz64(todo[1]);
            todo[y >> 6] &= todo[y >> 6] - 1;
            v = ((y > 0 ? r[y - 1] : 0) | (y < last ? r[y + 1] : 0)) & f[y] & ~r[y];
        }
        if (!v)
            break;
        uint64_t n = r[y] | v;
        r[y] = (n << 1 | n >> 1) & f[y] & ~n ? bit_run(n, f[y]) : n;
        if (y < lo) {
            lo = y; /* y == lo - 1: the border moves down one row */
            if (y >= 2)
                r[y - 2] = 0;
        } else if (y > hi) {
            hi = y;
            if (y + 2 <= last)
                r[y + 2] = 0;
        }
    }
    rows[0] = lo;
    rows[1] = hi;
}

/* pc__fs_bit_flood, returning the area's least square and, when count is
 * not NULL, its number of squares. */
int32_t pc__fs_bit_reach(const fs_solver *s, const uint64_t *f, uint64_t *r, int32_t from, int32_t *count)
{
    int32_t rows[2];
    pc__fs_bit_flood(s, f, r, from, rows);
    if (count) {
        int32_t n = 0;
        for (int32_t z = rows[0]; z <= rows[1]; z++)
            n += pc__popcount64(r[z]);
        *count = n;
    }
    return s->map.g2c[rows[0] * s->map.g->w + pc__ctz64(r[rows[0]])];
}

/* The free squares of the position in ex.bx into ex.bwork's first rows. */
static void bit_position(fs_solver *s)
{
    memcpy(s->ex.bwork, s->map.bfree, (size_t)s->map.bh * sizeof *s->ex.bwork);
    for (int32_t i = 0; i < s->map.nb; i++)
        fs_bit_flip(s, s->ex.bwork, s->ex.bx[i]);
}

/* The player's class (the least square it reaches) from `from` in the
 * position of ex.bx; marks nothing. */
int32_t pc__fs_bit_class(fs_solver *s, int32_t from)
{
    if (!s->map.bfree)
        return pc__fs_reach(s, from);
    bit_position(s);
    return pc__fs_bit_reach(s, s->ex.bwork, s->ex.bwork + s->map.bh, from, NULL);
}

/* The areas the boxes of ex.bx cut the free squares into, counted on rows
 * of bits (-1: the level is wider than 64 squares). */
int32_t pc__fs_bit_areas(fs_solver *s)
{
    if (!s->map.bfree)
        return -1;
    bit_position(s);
    uint64_t *rem = s->ex.bwork, *r = s->ex.bwork + s->map.bh;
    int32_t n = 0, rows[2];
    for (int32_t y = 0; y < s->map.bh; y++)
        while (rem[y]) {
            n++;
            pc__fs_bit_flood(s, rem, r, s->map.g2c[y * s->map.g->w + pc__ctz64(rem[y])], rows);
            for (int32_t z = rows[0]; z <= rows[1]; z++)
                rem[z] &= ~r[z];
        }
    return n;
}

/* Mark (with a new stamp) the cells the player reaches from `from` without
 * pushing; returns the least of them. */
int32_t pc__fs_reach(fs_solver *s, int32_t from)
{
    return pc__fs_fill(s, s->ex.mark, from, -1, fs_new_stamp(s), NULL);
}

/* reach, kept in pmark as the reach of the position under examination
 * (pushes are tested against it while the children's reaches are found
 * in mark); returns its stamp. */
uint32_t pc__fs_reach_kept(fs_solver *s, int32_t from)
{
    pc__fs_reach(s, from);
    memcpy(s->ex.pmark, s->ex.mark, (size_t)s->map.nc * sizeof *s->ex.mark);
    return s->ex.stamp;
}

/* Mark (new stamp in ex.mark) the squares the player reaches from p, the
 * filled goals (fr.tmpwall) and the square `block` closed; adds their
 * number to *work.  p closed itself: nothing marked. */
uint32_t pc__fs_pull_flood(fs_solver *s, int32_t p, int32_t block, int64_t *work)
{
    uint32_t st = fs_new_stamp(s);
    if (p < 0 || p == block || s->fr.tmpwall[p])
        return st;
    size_t qh = 0, qt = 0;
    s->ex.mark[p] = st;
    s->ex.queue[qt++] = p;
    while (qh < qt) {
        int32_t x = s->ex.queue[qh++];
        for (int d = 0; d < 4; d++) {
            int32_t y = s->map.nbr[x][d];
            if (y >= 0 && y != block && s->ex.mark[y] != st && !s->fr.tmpwall[y]) {
                s->ex.mark[y] = st;
                s->ex.queue[qt++] = y;
            }
        }
    }
    *work += (int64_t)qt;
    return st;
}
