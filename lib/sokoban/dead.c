/*
 * Sokoban dead squares (PC_SOKOBAN_DEAD): the interior cells from which no
 * sequence of pushes brings a box to any goal on an otherwise empty board.
 *
 * Pulling a box backwards from every goal finds them, but the pull must
 * respect the player: to push a box from y to x the player has to walk to
 * the square behind y without crossing the box.  A pull that ignores this
 * (an earlier version of this rule) calls a box live in places the player can never get
 * behind, e.g. a box in a one-row alcove whose only side the player reaches
 * from is the side it would have to be pushed towards.  So the pull search
 * runs over (box cell, side of the player) states, a side being one of the
 * components the box cuts the board into.
 *
 * The sides come from the blocks (biconnected components) of the interior
 * graph: two neighbours a, b of y are joined without crossing y exactly
 * when the edges y-a and y-b lie in the same block.  Tarjan's algorithm
 * finds every block in one depth-first pass (iterative here: boards reach
 * 128 x 128), so the whole computation is linear in the board, not one
 * flood fill per cell.
 */
#include <stdint.h>
#include <string.h>

#include "sokoban/sokoban_int.h"
#include "common/alloc.h"

/* The depth-first pass's arrays (n = w * h each, 4 n for edges). */
typedef struct {
    int32_t *disc, *low;   /* discovery time, low point; 0: not visited */
    int32_t *blk;          /* 4 n: block of the edge (cell, direction), -1: none */
    int32_t *stack;        /* n: the DFS path (cells) */
    uint8_t *next;         /* n: the next direction to try at the cell */
    int32_t *estack;       /* 2 n: edges (cell * 4 + direction) not yet in a block */
    size_t esp;
    int32_t nblk;
} dd_pass;

static inline int interior(const pc_sokoban *g, int32_t c)
{
    return (g->stat[c] & SK_INTERIOR) != 0;
}

/* Edge (c, d) and its reverse join block k. */
static void label_edge(const pc_sokoban *g, dd_pass *p, int32_t e, int32_t k)
{
    int32_t c = e >> 2, d = e & 3;
    p->blk[e] = k;
    p->blk[(c + pc__sokoban_delta(g, d)) * 4 + ((d + 2) & 3)] = k;
}

/* Tarjan's blocks from root r: every interior cell reachable from it. */
static void blocks_from(const pc_sokoban *g, dd_pass *p, int32_t r, int32_t *time)
{
    size_t sp = 0;
    p->disc[r] = p->low[r] = ++*time;
    p->next[r] = 0;
    p->stack[sp++] = r;
    while (sp > 0) {
        int32_t u = p->stack[sp - 1];
        int32_t parent = sp > 1 ? p->stack[sp - 2] : -1;
        if (p->next[u] < 4) {
            int d = p->next[u]++;
            int32_t w = u + pc__sokoban_delta(g, d);
            if (!interior(g, w) || w == parent)
                continue;
            if (p->disc[w] == 0) {
                p->estack[p->esp++] = u * 4 + d; /* tree edge */
                p->disc[w] = p->low[w] = ++*time;
                p->next[w] = 0;
                p->stack[sp++] = w;
            } else if (p->disc[w] < p->disc[u]) {
                p->estack[p->esp++] = u * 4 + d; /* back edge to an ancestor */
                if (p->disc[w] < p->low[u])
                    p->low[u] = p->disc[w];
            }
            continue;
        }
        sp--; /* u is done */
        if (parent < 0)
            continue;
        if (p->low[u] < p->low[parent])
            p->low[parent] = p->low[u];
        if (p->low[u] >= p->disc[parent]) {
            /* parent separates u's subtree: the edges down to parent-u form a block */
            int32_t k = p->nblk++, e;
            do {
                e = p->estack[--p->esp];
                label_edge(g, p, e, k);
            } while (e >> 2 != parent || parent + pc__sokoban_delta(g, e & 3) != u);
        }
    }
}

/* The side of cell c the player stands on when on its neighbour in
 * direction d: the least direction whose edge shares d's block. */
static inline int side_of(const int32_t *blk, int32_t c, int d)
{
    int32_t k = blk[c * 4 + d];
    for (int e = 0; e < d; e++)
        if (blk[c * 4 + e] == k)
            return e;
    return d;
}

int32_t pc__sokoban_blocks(const pc_sokoban *g, int32_t *blk)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    dd_pass p;
    memset(&p, 0, sizeof p);
    p.blk = blk;
    p.disc = pc__calloc(n, sizeof *p.disc);
    p.low = pc__malloc(n * sizeof *p.low);
    p.stack = pc__malloc(n * sizeof *p.stack);
    p.next = pc__malloc(n);
    p.estack = pc__malloc(2 * n * sizeof *p.estack);
    int32_t rc = PC_ENOMEM;
    if (p.disc && p.low && p.stack && p.next && p.estack) {
        for (size_t e = 0; e < 4 * n; e++)
            blk[e] = -1;
        int32_t time = 0;
        for (size_t i = 0; i < n; i++)
            if (interior(g, (int32_t)i) && p.disc[i] == 0)
                blocks_from(g, &p, (int32_t)i, &time);
        rc = PC_OK;
    }
    pc__free(p.disc);
    pc__free(p.low);
    pc__free(p.stack);
    pc__free(p.next);
    pc__free(p.estack);
    return rc;
}

void pc__sokoban_pull(const pc_sokoban *g, const int32_t *blk, const int32_t *from, int32_t nfrom, uint16_t *dist,
                      uint16_t *sdist, int32_t *queue)
{
    size_t n = (size_t)g->w * (size_t)g->h, qh = 0, qt = 0;
    for (size_t i = 0; i < n; i++)
        dist[i] = PC__SOKOBAN_UNREACH;
    for (size_t i = 0; i < 4 * n; i++)
        sdist[i] = PC__SOKOBAN_UNREACH;
    for (int32_t f = 0; f < nfrom; f++) {
        int32_t c = from[f];
        dist[c] = 0;
        for (int d = 0; d < 4; d++) {
            /* after the last push the player stands beside the goal, on any side */
            if (blk[c * 4 + d] < 0)
                continue;
            int32_t st = c * 4 + side_of(blk, c, d);
            if (sdist[st] == PC__SOKOBAN_UNREACH) {
                sdist[st] = 0;
                queue[qt++] = st;
            }
        }
    }
    while (qh < qt) {
        int32_t x = queue[qh] >> 2, k = blk[queue[qh]];
        uint16_t dn = sdist[queue[qh]];
        qh++;
        if ((uint32_t)dn + 1u < PC__SOKOBAN_UNREACH)
            dn++; /* saturates below UNREACH on huge boards: a bound, never a lie about reachability */
        for (int e = 0; e < 4; e++) {
            if (blk[x * 4 + e] != k)
                continue; /* the player cannot get to that side of the box */
            int32_t y = x + pc__sokoban_delta(g, e), q = y + pc__sokoban_delta(g, e);
            if (!interior(g, q))
                continue; /* no room for the player behind the pulled box */
            int32_t st = y * 4 + side_of(blk, y, e);
            if (sdist[st] != PC__SOKOBAN_UNREACH)
                continue;
            sdist[st] = dn;
            if (dist[y] == PC__SOKOBAN_UNREACH)
                dist[y] = dn; /* breadth first: the first side reached is the nearest */
            queue[qt++] = st;
        }
    }
}

int32_t pc__sokoban_mark_dead(pc_sokoban *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    int32_t *blk = pc__malloc(4 * n * sizeof *blk), *queue = pc__malloc(4 * n * sizeof *queue);
    int32_t *goals = pc__malloc((n + 1) * sizeof *goals);
    uint16_t *dist = pc__malloc(n * sizeof *dist), *sdist = pc__malloc(4 * n * sizeof *sdist);
    int32_t rc = PC_ENOMEM;
    if (blk && queue && goals && dist && sdist && (rc = pc__sokoban_blocks(g, blk)) == PC_OK) {
        int32_t ng = 0;
        for (size_t i = 0; i < n; i++)
            if ((g->stat[i] & SK_GOAL) && interior(g, (int32_t)i))
                goals[ng++] = (int32_t)i;
        pc__sokoban_pull(g, blk, goals, ng, dist, sdist, queue);
        g->ndead = 0;
        for (size_t i = 0; i < n; i++)
            if (interior(g, (int32_t)i) && dist[i] == PC__SOKOBAN_UNREACH) {
                g->stat[i] |= SK_DEAD;
                g->ndead++;
            }
    }
    pc__free(blk);
    pc__free(queue);
    pc__free(goals);
    pc__free(dist);
    pc__free(sdist);
    return rc;
}
