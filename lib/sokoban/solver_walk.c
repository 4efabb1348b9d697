/*
 * Sokoban solver: the player's walking distances: breadth-first searches on
 * the cell graph and on grid bitboards. See solver.c for the search and
 * doc/sokoban.md for why each rule is sound.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/solver_int.h"

/* Player walking distances from `from` with boxes in s->ex.occ (SK_INF: unreachable). */
static void walk_bfs_into(sk_solver *s, uint8_t from, uint16_t *wd)
{
    for (int32_t c = 0; c < s->map.nf; c++)
        wd[c] = SK_INF;
    size_t qh = 0, qt = 0;
    s->ex.queue[qt++] = from;
    wd[from] = 0;
    while (qh < qt) {
        uint8_t x = s->ex.queue[qh++];
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->map.nbr[x][d];
            if (y == SK_NONE || s->ex.occ[y] || wd[y] != SK_INF)
                continue;
            wd[y] = (uint16_t)(wd[x] + 1);
            s->ex.queue[qt++] = y;
        }
    }
}

/* The same, stopping once `ntarget` squares marked in s->ex.tmark are reached
 * or beyond `limit` steps (squares not reached read SK_INF). */
void pc__sk_walk_bfs_targets(sk_solver *s, uint8_t from, uint16_t *wd, uint32_t limit, uint32_t ntarget)
{
    for (int32_t c = 0; c < s->map.nf; c++)
        wd[c] = SK_INF;
    size_t qh = 0, qt = 0;
    s->ex.queue[qt++] = from;
    wd[from] = 0;
    uint32_t found = s->ex.tmark[from];
    while (qh < qt && found < ntarget) {
        uint8_t x = s->ex.queue[qh++];
        if (wd[x] >= limit)
            break; /* BFS order: every square left is at least this far */
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->map.nbr[x][d];
            if (y == SK_NONE || s->ex.occ[y] || wd[y] != SK_INF)
                continue;
            wd[y] = (uint16_t)(wd[x] + 1);
            found += s->ex.tmark[y];
            s->ex.queue[qt++] = y;
        }
    }
}

void pc__sk_walk_bfs(sk_solver *s, uint8_t from)
{
    walk_bfs_into(s, from, s->ex.wd);
}

/* Grid bitboards: a bit per square of the grid (row by row), for the
 * breadth-first searches of the dominance rule, one whole layer at a time
 * by shifts (see walk_bits_targets).  bb_setup decides whether the grid
 * fits (bbn words; 0: it does not, and the queue is used). */
void pc__sk_bb_setup(sk_solver *s)
{
    int32_t w = s->map.g->w, n = w * s->map.g->h;
    s->map.bbn = 0;
    s->map.bbw = w;
    if (w < 2 || w >= 64 || n > 64 * SK_BBWORDS)
        return;
    memset(s->map.bbint, 0, sizeof s->map.bbint);
    for (int32_t c = 0; c < s->map.nf; c++) {
        /* A square on the first or last column would be next to the
         * previous or next row's in the bit order. */
        if (s->map.cx[c] == 0 || s->map.cx[c] == w - 1)
            return;
        s->map.bbint[s->map.cell2grid[c] >> 6] |= 1ULL << (s->map.cell2grid[c] & 63);
    }
    s->map.bbn = (n + 63) / 64;
}

/* The grid bitboard of the boxes (see bb_setup). */
void pc__sk_bb_boxes(const sk_solver *s, const uint8_t *boxes, uint64_t *bb)
{
    memset(bb, 0, SK_BBWORDS * sizeof *bb);
    for (int32_t i = 0; i < s->map.nb; i++) {
        int32_t gi = s->map.cell2grid[boxes[i]];
        bb[gi >> 6] |= 1ULL << (gi & 63);
    }
}

/* One breadth-first layer on grid bitboards (n words, grid width w): the
 * frontier fr (n + 1 words, the last one zero) becomes the squares next to
 * it that are free and not visited yet, which join vis.  Returns whether
 * the new layer is not empty. */
static int bb_layer(int32_t n, int32_t w, uint64_t *fr, uint64_t *vis, const uint64_t *freem)
{
    uint64_t any = 0, prev = 0;
    for (int32_t i = 0; i < n; i++) {
        uint64_t f = fr[i], next = fr[i + 1];
        uint64_t m = f << 1 | prev >> 63 | f >> 1 | next << 63 | f << w | prev >> (64 - w) | f >> w |
                     next << (64 - w);
        prev = f;
        /* fr[i] is read as `prev` by word i + 1: written only now. */
        fr[i] = m & freem[i] & ~vis[i];
        vis[i] |= fr[i];
        any |= fr[i];
    }
    return any != 0;
}

/* walk_bfs_targets for the dominance rule on grid bitboards: the walking
 * distances from p, in the parent's position (s->ex.bbbox) after the push of
 * the box on p to `to`, of the chain's player squares (mapped by inv when
 * not NULL), up to `limit` steps, into wd2 (SK_INF: farther or
 * unreachable).  Same distances as the queue: layer d is the squares next
 * to layer d - 1, free and not met before. */
void pc__sk_walk_bits_targets(sk_solver *s, uint8_t p, uint8_t to, const uint8_t *inv, uint32_t nch,
                              uint32_t limit)
{
    int32_t n = s->map.bbn, w = s->map.bbw;
    uint64_t fr[SK_BBWORDS + 1], vis[SK_BBWORDS], tg[SK_BBWORDS], freem[SK_BBWORDS];
    int32_t gp = s->map.cell2grid[p], gt = s->map.cell2grid[to];
    for (int32_t i = 0; i < n; i++) {
        freem[i] = s->map.bbint[i] & ~s->ex.bbbox[i];
        fr[i] = vis[i] = tg[i] = 0;
    }
    fr[n] = 0;
    freem[gp >> 6] |= 1ULL << (gp & 63);
    freem[gt >> 6] &= ~(1ULL << (gt & 63));
    uint32_t found = 0;
    for (uint32_t i = 0; i < nch; i++) {
        uint8_t c = inv ? inv[s->ex.chain[i].player] : s->ex.chain[i].player;
        int32_t gi = s->map.cell2grid[c];
        tg[gi >> 6] |= 1ULL << (gi & 63);
        s->ex.wd2[c] = SK_INF;
    }
    fr[gp >> 6] = vis[gp >> 6] = 1ULL << (gp & 63);
    if ((tg[gp >> 6] >> (gp & 63)) & 1) {
        s->ex.wd2[p] = 0;
        found++;
    }
    for (uint32_t d = 1; d <= limit && found < nch; d++) {
        if (!bb_layer(n, w, fr, vis, freem))
            break;
        for (int32_t i = 0; i < n; i++)
            for (uint64_t hit = fr[i] & tg[i]; hit; hit &= hit - 1) {
                s->ex.wd2[s->map.grid2cell[i * 64 + pc__ctz64(hit)]] = (uint16_t)d;
                found++;
            }
    }
}

/* walk_bfs on grid bitboards: the walking distances from p of every square
 * (SK_INF: unreachable) in the position whose boxes are s->ex.bbbox, into wd. */
void pc__sk_walk_bits(sk_solver *s, uint8_t p)
{
    int32_t n = s->map.bbn, w = s->map.bbw;
    uint64_t fr[SK_BBWORDS + 1], vis[SK_BBWORDS], freem[SK_BBWORDS];
    int32_t gp = s->map.cell2grid[p];
    for (int32_t c = 0; c < s->map.nf; c++)
        s->ex.wd[c] = SK_INF;
    for (int32_t i = 0; i <= n; i++)
        fr[i] = 0;
    for (int32_t i = 0; i < n; i++) {
        freem[i] = s->map.bbint[i] & ~s->ex.bbbox[i];
        vis[i] = 0;
    }
    fr[gp >> 6] = vis[gp >> 6] = 1ULL << (gp & 63);
    s->ex.wd[p] = 0;
    for (uint16_t d = 1; bb_layer(n, w, fr, vis, freem); d++)
        for (int32_t i = 0; i < n; i++)
            for (uint64_t nx = fr[i]; nx; nx &= nx - 1)
                s->ex.wd[s->map.grid2cell[i * 64 + pc__ctz64(nx)]] = d;
}
