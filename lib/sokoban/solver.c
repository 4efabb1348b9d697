/*
 * The Sokoban solver: A* over push states with a consistent lower bound.
 *
 * State: the set of boxes (compact interior-cell ids, sorted) and the exact
 * player square.  An edge is one push, preceded by the shortest walk of the
 * player to the square behind the box; its cost is lexicographic:
 *   PC_SOKOBAN_MOVES:  (walk + 1 moves, 1 push)
 *   PC_SOKOBAN_PUSHES: (1 push, walk + 1 moves)
 * Every optimal solution walks by shortest paths between its pushes, so the
 * cheapest path in this graph is the optimal solution, and the walk of a
 * solution is rebuilt by breadth-first search at the end.
 *
 * Lower bound h: the minimum-cost perfect matching of boxes to goals, where
 * the cost of box b to goal g is the number of pushes b needs to reach g on an
 * otherwise empty board with the player where it is (which only matters
 * through the side of b the player is on, when b cuts the board: see
 * build_dtab; computed once per goal by pulling backwards).  Each push moves
 * one box by one square, which lowers the matching by at most one, and every
 * push costs at least one move and one push.  The moves that are
 * not pushes number at least W (walk_bound: the player's displacement to its
 * final square against the boxes' total displacement, which a push leaves
 * unchanged, or, when larger, the bound of the walking potential,
 * solver_pot.c: numbers on the squares, from a linear programme at the start,
 * chosen so that a walking step lowers that bound by at most one and a push
 * never lowers it).  So h = (M + W, M) in moves mode and
 * (M, M + W) in pushes mode is admissible and consistent, and the first goal
 * state A* takes from the queue is optimal.  A state whose matching does not
 * exist (a box that can reach no free goal) is a deadlock.  Boxes frozen on
 * goals (they can never move again) count as walls for the other boxes'
 * distances (frozen_dist).
 * In moves mode the perimeter (per_build: every position within `depth`
 * moves of a solved one, found backwards, with its exact distance) replaces
 * M + W by the exact distance near the goal, and by depth + 1 for a position
 * with M + W <= depth that it does not list.
 *
 * Pruning (all sound): dead squares (no box can ever leave them towards a
 * goal) are never pushed into; a push after which the box is frozen (blocked
 * on both axes by walls, dead squares or other frozen boxes) with some frozen
 * box off its goal is dropped; a push that closes an area off from the player
 * whose fence of boxes can provably never be opened nor put on goals (a
 * bounded search on a board with only those boxes) is dropped (corral_dead).
 *
 * Dominance: a new state is dropped when a stored state with the same boxes
 * costs no more after walking to the new state's player square; it closes the
 * stored states it dominates that are not expanded yet.
 *
 * Upper bound: a move-optimal solve first runs a push-optimal search with a
 * small node budget; its solution, when found, bounds the cost from above and
 * states whose f is above it are never stored.
 *
 * Transposition: a hash table of box sets (open addressing on a 64-bit
 * Zobrist hash of the boxes, keys from the library's seeded rng, fixed seed)
 * heads a list of the stored states with those boxes, one per player square;
 * a state is found by reading its box set's list, which the bound shortcut
 * and the dominance rule read anyway.
 *
 * Files: this one holds the search (preparation, expansion, dominance, the
 * solution's text, the entry point); solver_int.h the state and what the
 * parts share; solver_store.c the memory (budget, records, box-set table,
 * open list); solver_dist.c the bound (side-aware push distances, matching,
 * W, freeze tests); solver_pot.c the walking potential; solver_perim.c the
 * perimeter; solver_sym.c symmetries; solver_walk.c the player's walks;
 * solver_corral.c corral deadlocks.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/fast_int.h"
#include "sokoban/shorten.h"
#include "sokoban/solver_int.h"
#include "common/alloc.h"

struct pc_sokoban_result {
    int32_t status, mode;
    int64_t moves, pushes;
    int64_t bound; /* proven lower bound on the mode's first criterion, -1: none */
    uint64_t nodes, states, bytes;
    char *lurd;
};

/* ---- static preparation ------------------------------------------------------------ */

static void solver_free(sk_solver *s)
{
    pc__free(s->map.cell2grid);
    pc__free(s->map.grid2cell);
    pc__free(s->map.nbr);
    pc__free(s->map.goal);
    pc__free(s->map.dead);
    pc__free(s->lb.dt0);
    pc__free(s->map.wtab);
    pc__free(s->lb.per.slot);
    pc__free(s->lb.per.rec);
    pc__free(s->map.cx);
    pc__free(s->map.cy);
    pc__free(s->st.arena);
    pc__free(s->st.btable);
    for (size_t i = 0; i < s->lb.nfz; i++)
        pc__free(s->lb.fz[i].dt);
    pc__free(s->lb.fz);
    pc__free(s->lb.dtscratch);
    for (size_t i = 0; i < s->st.nlevels; i++) {
        for (size_t j = 0; j < s->st.levels[i].nf2; j++)
            pc__free(s->st.levels[i].f2[j].v);
        pc__free(s->st.levels[i].f2);
    }
    pc__free(s->st.levels);
}

/* Charge and allocate the level's per-cell and per-square tables (the push
 * distances charge themselves), before anything is filled in. */
static int32_t alloc_map(sk_solver *s, int32_t nf, size_t n)
{
    size_t fixed = (size_t)nf * (sizeof *s->map.cell2grid + sizeof *s->map.nbr + 2 + sizeof *s->map.cx +
                                 sizeof *s->map.cy) +
                   n * (sizeof *s->map.grid2cell + 1) + sizeof *s;
    if (!pc__sk_charge(s, fixed, 0))
        return PC_ELIMIT;
    s->map.cell2grid = pc__malloc((size_t)nf * sizeof *s->map.cell2grid);
    s->map.grid2cell = pc__malloc(n * sizeof *s->map.grid2cell);
    s->map.nbr = pc__malloc((size_t)nf * sizeof *s->map.nbr);
    s->map.goal = pc__calloc((size_t)nf, 1);
    s->map.dead = pc__calloc((size_t)nf, 1);
    s->map.cx = pc__malloc((size_t)nf * sizeof *s->map.cx);
    s->map.cy = pc__malloc((size_t)nf * sizeof *s->map.cy);
    if (!s->map.cell2grid || !s->map.grid2cell || !s->map.nbr || !s->map.goal || !s->map.dead || !s->map.cx ||
        !s->map.cy)
        return PC_ENOMEM;
    return PC_OK;
}

/* Number the interior squares (the cells the search works on) and fill
 * each cell's neighbours, coordinates, goal and dead flags; *nb: the boxes.
 * PC_ENOTFOUND when a box or goal lies out of the player's reach. */
static int32_t number_cells(sk_solver *s, const pc_sokoban *g, size_t n, int32_t *nb)
{
    int32_t k = 0, nf = s->map.nf;
    for (size_t i = 0; i < n; i++) {
        s->map.grid2cell[i] = -1;
        if (g->stat[i] & SK_INTERIOR) {
            s->map.grid2cell[i] = (int16_t)k;
            s->map.cell2grid[k++] = (int32_t)i;
        } else if (g->box[i] != ((g->stat[i] & SK_GOAL) != 0)) {
            return PC_ENOTFOUND; /* a box off goal, or a goal without box, out of reach */
        }
    }
    s->map.ngoals = 0;
    *nb = 0;
    for (int32_t c = 0; c < nf; c++) {
        int32_t i = s->map.cell2grid[c];
        s->map.gidx[c] = (g->stat[i] & SK_GOAL) ? (int16_t)s->map.ngoals : -1;
        for (int d = 0; d < 4; d++) {
            int32_t j = i + pc__sokoban_delta(g, d);
            s->map.nbr[c][d] = s->map.grid2cell[j] >= 0 ? (uint8_t)s->map.grid2cell[j] : SK_NONE;
        }
        s->map.dead[c] = (g->stat[i] & SK_DEAD) != 0;
        s->map.cx[c] = i % g->w;
        s->map.cy[c] = i / g->w;
        if (g->stat[i] & SK_GOAL) {
            s->map.goal[c] = 1;
            s->map.goals[s->map.ngoals++] = (uint8_t)c;
            s->map.sgx += s->map.cx[c];
            s->map.sgy += s->map.cy[c];
        }
        if (g->box[i])
            (*nb)++;
    }
    return PC_OK;
}

/* Where the player can stand after the last push: on the square the box
 * left, which is no goal (every goal then holds a box), next to the goal
 * the box went to, with the square the push started from behind it. */
static void find_finish(sk_solver *s)
{
    s->map.nfin = 0;
    for (int32_t c = 0; c < s->map.nf; c++) {
        if (s->map.goal[c])
            continue;
        int ok = 0;
        for (int d = 0; d < 4; d++) {
            uint8_t to = s->map.nbr[c][d], from = s->map.nbr[c][(d + 2) & 3];
            ok |= to != SK_NONE && from != SK_NONE && s->map.goal[to];
        }
        if (ok)
            s->map.fin[s->map.nfin++] = (uint8_t)c;
    }
}

/* Fill the static tables.  Returns PC_OK, PC_ENOTFOUND when the position is
 * plainly unsolvable (a box or goal the player can never reach), PC_ERANGE
 * or PC_ENOMEM. */
static int32_t prepare(sk_solver *s, const pc_sokoban *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    int32_t nf = g->interior, nb, rc;
    if (nf > SK_MAXCELLS)
        return PC_ERANGE;
    s->map.g = g;
    s->map.nf = nf;
    if ((rc = alloc_map(s, nf, n)) < 0 || (rc = number_cells(s, g, n, &nb)) < 0)
        return rc;
    if (nb > SK_MAXBOXES)
        return PC_ERANGE;
    if (nb != s->map.ngoals)
        return PC_ENOTFOUND;
    s->map.nb = nb;
    find_finish(s);
    /* Push distances, goal by goal, by pulling the box backwards. */
    s->map.wtab = pc__malloc(n);
    if (!s->map.wtab)
        return PC_ENOMEM;
    pc__sk_walk_table(s);
    memset(s->ex.tmpwall, 0, sizeof s->ex.tmpwall);
    if (!(s->lb.dt0 = pc__sk_build_dtab(s, NULL, &rc)))
        return rc;
    /* Zobrist keys: fixed seed, so runs are reproducible. */
    struct pc_rng rng;
    pc__rng_seed(&rng, 0x50b0ba11ULL);
    for (int32_t c = 0; c < nf; c++) {
        s->map.zbox[c] = pc__rng_next(&rng);
        s->map.zpl[c] = pc__rng_next(&rng);
    }
    s->st.recsize = (sizeof(sk_rec) + (size_t)nb + 3) & ~(size_t)3;
    return PC_OK;
}

/* Dominance: a new state C (boxes `child`, player p, cost (c1, c2)) is not
 * needed when a stored state E has the same boxes and E's cost plus the
 * walk from E's player to p is no more than C's: every continuation of C
 * is open to E after that walk.  Conversely C dominates such states E that
 * are not yet expanded, which are then closed.  (Walks cost moves only.)
 * occ holds the parent's boxes; the pushed box moved from `from` to `to`.
 * The chain holds representatives (see canon): when C's representative is
 * its image by a symmetry, inv (else NULL) maps the chain's squares back to
 * C's frame (a symmetry preserves walking distances). */
static int dominated(sk_solver *s, uint32_t nch, uint8_t p, uint8_t to, uint32_t c1, uint32_t c2,
                     const uint8_t *inv)
{
    if (!nch)
        return 0;
    /* Only walks of at most `limit` steps can make one state dominate the
     * other (E + d <= C or C + d <= E), and only the chain's player squares
     * matter: the search stops there (a distance it did not reach reads as
     * unreachable, which only skips a pruning). */
    int moves = s->mode == PC_SOKOBAN_MOVES;
    uint32_t limit = 0;
    const sk_link *ch = s->ex.chain;
    for (uint32_t i = 0; i < nch; i++) {
        uint32_t a = moves ? ch[i].g1 : ch[i].g2, b = moves ? c1 : c2;
        uint32_t diff = a > b ? a - b : b - a;
        if (!moves && ch[i].g1 != c1)
            diff = SK_INF; /* a walk costs moves only: any length may do */
        if (diff > limit)
            limit = diff;
    }
    uint8_t from = p;
    if (s->map.bbn) {
        pc__sk_walk_bits_targets(s, p, to, inv, nch, limit);
    } else {
        for (uint32_t i = 0; i < nch; i++)
            s->ex.tmark[inv ? inv[ch[i].player] : ch[i].player] = 1;
        s->ex.occ[from] = 0;
        s->ex.occ[to] = 1;
        pc__sk_walk_bfs_targets(s, p, s->ex.wd2, limit, nch);
        s->ex.occ[to] = 0;
        s->ex.occ[from] = 1;
        for (uint32_t i = 0; i < nch; i++)
            s->ex.tmark[inv ? inv[ch[i].player] : ch[i].player] = 0;
    }
    for (uint32_t i = 0; i < nch; i++) {
        if ((ch[i].flags & 2) && ch[i].h != SK_HCORRAL)
            continue; /* no matching there: the player is on other sides of some boxes (else C had none) */
        uint32_t d = s->ex.wd2[inv ? inv[ch[i].player] : ch[i].player];
        if (d == SK_INF)
            continue;
        if (ch[i].flags & 2)
            return 1; /* a corral deadlock of the same player region */
        uint32_t e1 = ch[i].g1 + (moves ? d : 0), e2 = ch[i].g2 + (moves ? 0 : d);
        if (!lex_less(c1, c2, e1, e2))
            return 1; /* E + walk <= C */
        uint32_t f1 = c1 + (moves ? d : 0), f2 = c2 + (moves ? 0 : d);
        sk_rec *r = rec_at(s, ch[i].idx);
        if (!(r->flags & 1) && !lex_less(r->g1, r->g2, f1, f2))
            r->flags |= 1; /* C + walk <= E: E need not be expanded */
    }
    return 0;
}

/* The state being expanded, as expand's helpers read it: its boxes,
 * player, costs and bound, the boxes' coordinate and potential sums, their
 * images under the symmetries, and the state's matching once computed. */
typedef struct {
    uint32_t idx;
    uint8_t boxes[SK_MAXBOXES];
    uint8_t player;
    uint32_t g1, g2, hpar;
    int32_t sbx, sby, sf;
    sk_images im;
    uint8_t assign[SK_MAXBOXES], pfz[SK_MAXBOXES];
    int have_assign;         /* the parent's matching is computed only when needed */
    const sk_dtab *pdist;    /* the parent's distances (see frozen_dist) */
    int pscratch;            /* pdist was the scratch table */
} sk_parent;

/* The cost of a child reached after a walk of `walk` moves and one push:
 * the one place the two modes' cost orders are spelt out. */
static inline void push_cost(const sk_solver *s, const sk_parent *par, uint32_t walk, uint32_t *c1, uint32_t *c2)
{
    *c1 = s->mode == PC_SOKOBAN_MOVES ? par->g1 + walk + 1 : par->g1 + 1;
    *c2 = s->mode == PC_SOKOBAN_MOVES ? par->g2 + 1 : par->g2 + walk + 1;
}

/* W of the child where box b went to `to`, the player on b: the parent's
 * sums updated by the one box moved. */
static inline uint32_t child_walk_bound(const sk_solver *s, const sk_parent *par, uint8_t b, uint8_t to)
{
    return pc__sk_walk_bound(s, b, par->sbx - s->map.cx[b] + s->map.cx[to], par->sby - s->map.cy[b] + s->map.cy[to],
                             par->sf - s->lb.pot[b] + s->lb.pot[to], 1);
}

/* The legal pushes of the parent that survive the cheap tests (the upper
 * bound with the least bound a child can have, a freeze), with their
 * children's representatives; their box-set slots are prefetched.  Returns
 * how many were written to cand. */
static inline int32_t list_candidates(sk_solver *s, const sk_parent *par, sk_cand *cand)
{
    int32_t ncand = 0, nb = s->map.nb;
    for (int32_t k = 0; k < nb; k++) {
        uint8_t b = par->boxes[k];
        for (int d = 0; d < 4; d++) {
            uint8_t to = s->map.nbr[b][d], behind = s->map.nbr[b][(d + 2) & 3];
            if (to == SK_NONE || behind == SK_NONE || s->ex.occ[to] || s->map.dead[to] || s->ex.wd[behind] == SK_INF)
                continue;
            /* A child above the upper bound even with the least M it can
             * have is dropped below whatever its box set's list holds (a
             * stored state with those boxes has M and W at least as large),
             * so it is dropped here without reading the list.  (A cost too
             * large for a record is left to the error in expand_one, in
             * order.) */
            uint32_t c1, c2;
            push_cost(s, par, s->ex.wd[behind], &c1, &c2);
            if (c1 <= 0xFFFF && c2 <= 0xFFFF) {
                uint32_t hmin = par->hpar ? par->hpar - 1 : 0;
                uint32_t wmin = hmin ? child_walk_bound(s, par, b, to) : 0;
                if (beyond(s, c1 + h1_of(s, hmin, wmin), c2 + h2_of(s, hmin, wmin)))
                    continue;
            }
            s->ex.occ[b] = 0;
            s->ex.occ[to] = 1;
            int frozen = pc__sk_frozen_push(s, to);
            s->ex.occ[to] = 0;
            s->ex.occ[b] = 1;
            if (frozen)
                continue;
            sk_cand *cd = &cand[ncand++];
            cd->k = (uint8_t)k;
            cd->to = to;
            cd->behind = behind;
            cd->t = (int8_t)pc__sk_canon_child(s, &par->im, b, to, cd->rbits, &cd->rp, &cd->rh);
            SK_PREFETCH(&s->st.btable[pc__sk_bhome(s, cd->rh)]);
        }
    }
    return ncand;
}

/* Prefetch the candidates' box-set lists: each list is walked a record
 * further for every candidate in turn, so that their cache misses overlap
 * instead of queueing up (the table and the records are far larger than
 * the caches).  No effect on results. */
static inline void prefetch_lists(sk_solver *s, const sk_cand *cand, int32_t ncand)
{
    uint32_t lnext[4 * SK_MAXBOXES];
    int any = 0;
    for (int32_t ci = 0; ci < ncand; ci++) {
        uint32_t e = s->st.btable[pc__sk_bhome(s, cand[ci].rh)];
        lnext[ci] = e && (e & ~SK_IDXMASK) == pc__sk_btag(cand[ci].rh) ? e & SK_IDXMASK : 0;
        if (lnext[ci]) {
            SK_PREFETCH(rec_at(s, lnext[ci] - 1));
            any = 1;
        }
    }
    for (int round = 1; round < SK_PREFETCH_DEPTH && any; round++) {
        any = 0;
        for (int32_t ci = 0; ci < ncand; ci++)
            if (lnext[ci] && (lnext[ci] = rec_next(rec_at(s, lnext[ci] - 1))) != 0) {
                SK_PREFETCH(rec_at(s, lnext[ci] - 1));
                any = 1;
            }
    }
}

/* The parent's boxes with box k moved to `to`, kept sorted (records hold
 * sorted boxes). */
static inline void move_box(const uint8_t *boxes, int32_t nb, int32_t k, uint8_t to, uint8_t *child)
{
    int32_t j = 0;
    for (int32_t i = 0; i < nb; i++)
        if (i != k)
            child[j++] = boxes[i];
    j = nb - 1;
    while (j > 0 && child[j - 1] > to) {
        child[j] = child[j - 1];
        j--;
    }
    child[j] = to;
}

/* The child is stored already (record `found`): reopen it with the
 * parent's path when that is cheaper and within the upper bound. */
static inline int32_t reopen_stored(sk_solver *s, const sk_parent *par, int64_t found, uint32_t c1, uint32_t c2)
{
    sk_rec *cr = rec_at(s, (size_t)found);
    if ((cr->flags & 2) || !lex_less(c1, c2, cr->g1, cr->g2) ||
        beyond(s, c1 + h1_of(s, cr->h, w_of(cr)), c2 + h2_of(s, cr->h, w_of(cr))))
        return PC_OK;
    cr->g1 = (uint16_t)c1;
    cr->g2 = (uint16_t)c2;
    cr->parent = par->idx;
    cr->flags &= (uint8_t)~1;
    return pc__sk_open_push(s, (uint32_t)found);
}

/* The parent's own matching (its assignment, distances and frozen boxes),
 * computed the first time a child needs it: the child matchings' shortcuts
 * start from it. */
static int32_t parent_matching(sk_solver *s, sk_parent *par)
{
    int32_t rc = PC_OK;
    if (!(par->pdist = pc__sk_frozen_dist(s, par->boxes, par->pfz, &rc)))
        return rc;
    par->pscratch = par->pdist == s->lb.dtscratch;
    if (pc__sk_matching(s, par->boxes, par->player, par->assign, par->pdist, par->pfz) != (int32_t)par->hpar)
        return PC_EINVAL; /* cannot happen: the bound is a function of the boxes and sides */
    par->have_assign = 1;
    return PC_OK;
}

/* M of the child (boxes `child`, box k of the parent moved from b to `to`,
 * the player on b): read from a stored state with the same boxes and
 * sides (chain[0..nch), representatives mapped back by inv) when there is
 * one, else from the parent's matching by a shortcut, else computed.
 * *m: the bound, -1 a deadlock.  Returns PC_OK, 1 when the stored state
 * is a deadlock (nothing new to store), or an error. */
static inline int32_t child_matching(sk_solver *s, sk_parent *par, int32_t k, uint8_t to, const uint8_t *child,
                                     uint32_t nch, const uint8_t *inv, int32_t *m)
{
    uint8_t b = par->boxes[k], cfz[SK_MAXBOXES];
    int32_t rc = PC_OK;
    /* The bound depends on the boxes and the player's side of each box
     * only: a stored state with the same boxes and sides gives it without
     * a new matching.  The sides are read in the child's frame. */
    const sk_dtab *cdist = NULL;
    for (uint32_t i = 0; i < nch; i++) {
        if (s->ex.chain[i].h == SK_HCORRAL)
            continue; /* a corral deadlock: its region's only */
        if (!cdist && !(cdist = pc__sk_child_dist(s, child, b, to, cfz, &rc)))
            return rc;
        uint8_t ep = inv ? inv[s->ex.chain[i].player] : s->ex.chain[i].player;
        if (pc__sk_same_sides(s, cdist, child, ep, b)) {
            if (s->ex.chain[i].flags & 2)
                return 1; /* same boxes and sides: the same deadlock */
            *m = s->ex.chain[i].h;
            return PC_OK;
        }
    }
    if (par->hpar > 0 && !par->have_assign) {
        if ((rc = parent_matching(s, par)) < 0)
            return rc;
        if (cdist == s->lb.dtscratch)
            cdist = NULL; /* the parent's table took the scratch */
    }
    if (!cdist && !(cdist = pc__sk_child_dist(s, child, b, to, cfz, &rc)))
        return rc;
    /* The shortcuts need the same distances as the parent's: the same
     * frozen boxes (b itself was not frozen: it moved).  The other boxes
     * keep their rows: the player is on the same side of each (its walk
     * and push never crossed them).  M(child) >= M(parent) - 1, and it is
     * exactly that when the box moved one push closer to the goal the
     * parent's optimal matching gives it. */
    int same = par->hpar > 0 && cdist == par->pdist && !par->pscratch && cdist != s->lb.dtscratch;
    if (same && dt_row(s, cdist, to, b)[par->assign[k]] + 1u == dt_row(s, cdist, b, par->player)[par->assign[k]])
        *m = (int32_t)par->hpar - 1;
    else if (same)
        *m = pc__sk_matching_child(s, k, to, b, cdist);
    else
        *m = pc__sk_matching(s, child, b, NULL, cdist, cfz);
    return PC_OK;
}

/* Store a new child (representative boxes rb, player rp, hash rh) with its
 * cost, bound m (-1: a deadlock, stored closed) and W, and queue it. */
static inline int32_t store_child(sk_solver *s, const sk_parent *par, const uint8_t *rb, uint8_t rp, uint64_t rh,
                                  uint32_t c1, uint32_t c2, int32_t m, uint32_t w)
{
    int64_t ni = pc__sk_add_rec(s, rb, rp, rh);
    if (ni < 0)
        return (int32_t)ni;
    sk_rec *cr = rec_at(s, (size_t)ni);
    if (m < 0) {
        cr->flags = 2;
        return PC_OK;
    }
    cr->g1 = (uint16_t)c1;
    cr->g2 = (uint16_t)c2;
    cr->h = (uint16_t)(m > 0xFFFF ? 0xFFFF : m);
    cr->flags = 0;
    set_w(cr, w);
    cr->parent = par->idx;
    return pc__sk_open_push(s, (uint32_t)ni);
}

/* One candidate push of the parent: its child is reopened when stored,
 * else bounded, tested for dominance and stored. */
static inline int32_t expand_one(sk_solver *s, sk_parent *par, const sk_cand *cd)
{
    uint8_t child[SK_MAXBOXES], rchild[SK_MAXBOXES];
    int32_t k = cd->k;
    uint8_t b = par->boxes[k], to = cd->to;
    move_box(par->boxes, s->map.nb, k, to, child);
    uint32_t c1, c2;
    push_cost(s, par, s->ex.wd[cd->behind], &c1, &c2);
    if (c1 > 0xFFFF || c2 > 0xFFFF)
        return PC_ELIMIT; /* beyond what a record can hold */
    /* The state stored is the class representative (rchild, rp); the bound
     * and the deadlock tests, symmetric, use the child. */
    const uint8_t *rb = child, *inv = NULL;
    if (cd->t >= 0) {
        pc__sk_bits_boxes(cd->rbits, rchild);
        rb = rchild;
        inv = s->map.sym[cd->t].inv;
    }
    /* The states with the same boxes, among them this one if it is stored
     * (the box-set list holds every state). */
    int64_t found;
    uint32_t nch = pc__sk_chain_read(s, s->st.btable[pc__sk_bslot(s, cd->rh, rb)] & SK_IDXMASK, cd->rp, &found);
    if (found >= 0)
        return reopen_stored(s, par, found, c1, c2);
    uint32_t hmin = par->hpar ? par->hpar - 1 : 0;
    uint32_t wc = child_walk_bound(s, par, b, to);
    uint32_t wmin = hmin ? wc : 0;
    if (beyond(s, c1 + h1_of(s, hmin, wmin), c2 + h2_of(s, hmin, wmin)))
        return PC_OK;
    int32_t m = -1, rc;
    if ((rc = child_matching(s, par, k, to, child, nch, inv, &m)) != PC_OK)
        return rc < 0 ? rc : PC_OK; /* 1: the deadlock of a stored state with the same sides */
    uint32_t w = m > 0 ? wc : 0;
    if (m >= 0 && s->mode == PC_SOKOBAN_MOVES)
        w = pc__sk_per_bound(s, child, b, (uint32_t)m, w);
    if (m >= 0 && beyond(s, c1 + h1_of(s, (uint32_t)m, w), c2 + h2_of(s, (uint32_t)m, w)))
        return PC_OK;
    if (dominated(s, nch, b, to, c1, c2, inv))
        return PC_OK;
    return store_child(s, par, rb, cd->rp, cd->rh, c1, c2, m, w);
}

/* Generate the children of state idx, whose boxes are in occ and its
 * player's walking distances in wd (see search); clears occ.  First the
 * legal pushes and their children's representatives, whose lists are
 * prefetched; then the children in the same order. */
static int32_t expand(sk_solver *s, uint32_t idx)
{
    sk_parent par;
    const sk_rec *r = rec_at(s, idx);
    int32_t nb = s->map.nb;
    memcpy(par.boxes, r->boxes, (size_t)nb);
    par.idx = idx;
    par.player = r->player;
    par.g1 = r->g1;
    par.g2 = r->g2;
    par.hpar = r->h;
    par.have_assign = 0;
    par.pdist = NULL;
    par.pscratch = 0;
    par.sbx = par.sby = par.sf = 0;
    for (int32_t i = 0; i < nb; i++) {
        par.sbx += s->map.cx[par.boxes[i]];
        par.sby += s->map.cy[par.boxes[i]];
        par.sf += s->lb.pot[par.boxes[i]];
    }
    pc__sk_parent_images(s, par.boxes, &par.im);
    sk_cand cand[4 * SK_MAXBOXES];
    int32_t ncand = list_candidates(s, &par, cand), rc = PC_OK;
    prefetch_lists(s, cand, ncand);
    for (int32_t ci = 0; ci < ncand && rc >= 0; ci++)
        rc = expand_one(s, &par, &cand[ci]);
    for (int32_t i = 0; i < nb; i++)
        s->ex.occ[par.boxes[i]] = 0;
    return rc;
}

/* ---- solution text ------------------------------------------------------------------------ */

static const char lurd_l[4] = {'u', 'r', 'd', 'l'};

/* Append the shortest walk from `from` to `to` (boxes in occ) as lower-case
 * LURD; returns 0 when unreachable (cannot happen for a search path). */
static int append_walk(sk_solver *s, uint8_t from, uint8_t to, pc__sb *sb)
{
    /* BFS from the target so the path can be read forwards. */
    pc__sk_walk_bfs(s, to);
    if (s->ex.wd[from] == SK_INF)
        return 0;
    uint8_t x = from;
    while (x != to) {
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->map.nbr[x][d];
            if (y != SK_NONE && !s->ex.occ[y] && s->ex.wd[y] + 1 == s->ex.wd[x]) {
                pc__sb_putc(sb, lurd_l[d]);
                x = y;
                break;
            }
        }
    }
    return 1;
}

/* The records from the start (record 0) to `goal`, in order: *len pushes,
 * len + 1 records.  NULL when out of memory. */
static uint32_t *solution_path(sk_solver *s, uint32_t goal, size_t *len)
{
    size_t n = 0;
    for (uint32_t i = goal; i != 0; i = rec_at(s, i)->parent)
        n++;
    uint32_t *path = pc__malloc((n + 1) * sizeof *path);
    if (!path)
        return NULL;
    size_t k = n + 1;
    for (uint32_t i = goal;; i = rec_at(s, i)->parent) {
        path[--k] = i;
        if (i == 0)
            break;
    }
    *len = n;
    return path;
}

/* The push that turns the real position (boxes in occ, the player's walks
 * in wd) into an image of record b under the identity or a symmetry, with
 * the shortest walk: the new boxes in next, the square the pushed box left
 * in *from, the push's direction in *dir.  Returns the walk's length,
 * SK_INF when no image is one push away. */
static uint32_t next_push(sk_solver *s, const sk_rec *b, uint8_t *next, uint8_t *from, int *dir)
{
    uint32_t bestw = SK_INF;
    for (int t = -1; t < s->map.nsym; t++) {
        uint8_t img[SK_MAXBOXES], f = t < 0 ? b->player : s->map.sym[t].perm[b->player];
        pc__sk_sym_image(s, t, b->boxes, img);
        /* The box left f (where the player now stands) for the one square
         * of img not among the current boxes. */
        if (!s->ex.occ[f])
            continue;
        uint8_t to = SK_NONE;
        int nd = 0;
        for (int32_t i = 0; i < s->map.nb; i++)
            if (!s->ex.occ[img[i]]) {
                to = img[i];
                nd++;
            }
        int d = 0;
        while (nd == 1 && d < 4 && s->map.nbr[f][d] != to)
            d++;
        if (nd != 1 || d == 4)
            continue;
        int kept = 1; /* every other box stays */
        for (int32_t i = 0; i < s->map.nb; i++)
            kept &= img[i] == to || s->ex.occ[img[i]];
        uint8_t behind = s->map.nbr[f][(d + 2) & 3];
        if (!kept || behind == SK_NONE || s->ex.wd[behind] >= bestw)
            continue;
        bestw = s->ex.wd[behind];
        memcpy(next, img, (size_t)s->map.nb);
        *from = f;
        *dir = d;
    }
    return bestw;
}

/* The solution's LURD text, moves and pushes in res, read back from the
 * goal record's path. */
static int32_t build_lurd(sk_solver *s, uint32_t goal, pc_sokoban_result *res)
{
    size_t len = 0;
    uint32_t *path = solution_path(s, goal, &len);
    if (!path)
        return PC_ENOMEM;
    pc__sb sb;
    pc__sb_init(&sb);
    int64_t pushes = 0;
    /* The real position (the start is its own representative); each record
     * on the path is a representative, so the next real position is the
     * image of the next record by the symmetry (or identity) that makes it
     * one push away, with the shortest walk (the one the search paid). */
    uint8_t cur[SK_MAXBOXES], curp = rec_at(s, 0)->player;
    memcpy(cur, rec_at(s, 0)->boxes, (size_t)s->map.nb);
    int32_t rc = PC_OK;
    for (size_t step = 0; step < len && rc == PC_OK; step++) {
        memset(s->ex.occ, 0, sizeof s->ex.occ);
        for (int32_t i = 0; i < s->map.nb; i++)
            s->ex.occ[cur[i]] = 1;
        pc__sk_walk_bfs(s, curp);
        uint8_t best[SK_MAXBOXES], bestfrom = 0;
        int bestdir = 0;
        if (next_push(s, rec_at(s, path[step + 1]), best, &bestfrom, &bestdir) == SK_INF) {
            rc = PC_EINVAL; /* internal inconsistency */
            break;
        }
        uint8_t behind = s->map.nbr[bestfrom][(bestdir + 2) & 3];
        if (!append_walk(s, curp, behind, &sb)) {
            rc = PC_EINVAL;
            break;
        }
        pc__sb_putc(&sb, (char)(lurd_l[bestdir] - 'a' + 'A'));
        pushes++;
        memcpy(cur, best, (size_t)s->map.nb);
        curp = bestfrom;
    }
    memset(s->ex.occ, 0, sizeof s->ex.occ);
    pc__free(path);
    if (rc == PC_OK)
        pc__sb_putc(&sb, '\0');
    if (rc == PC_OK && sb.failed)
        rc = PC_ENOMEM;
    if (rc != PC_OK) {
        pc__sb_free(&sb);
        return rc;
    }
    res->lurd = sb.data;
    res->moves = (int64_t)strlen(sb.data);
    res->pushes = pushes;
    return PC_OK;
}

/* ---- entry point ----------------------------------------------------------------------------- */

/* Store and queue the start (record 0) with its bound; the static tables,
 * symmetries, bitboards and potential are set up first.  PC_ENOTFOUND when
 * the start has no matching (a deadlock). */
static int32_t start_search(sk_solver *s, const pc_sokoban *g)
{
    int32_t rc = prepare(s, g);
    if (rc < 0)
        return rc;
    uint8_t boxes[SK_MAXBOXES];
    int32_t k = 0;
    for (int32_t c = 0; c < s->map.nf; c++)
        if (g->box[s->map.cell2grid[c]])
            boxes[k++] = (uint8_t)c;
    uint8_t player = (uint8_t)s->map.grid2cell[g->player];
    pc__sk_find_symmetries(s, g);
    pc__sk_bb_setup(s);
    pc__sk_pot_build(s, boxes, player);
    uint8_t fz[SK_MAXBOXES];
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.occ[boxes[i]] = 1;
    const sk_dtab *dist = pc__sk_frozen_dist(s, boxes, fz, &rc);
    int32_t m = dist ? pc__sk_matching(s, boxes, player, NULL, dist, fz) : -1;
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.occ[boxes[i]] = 0;
    if (!dist)
        return rc;
    if (m < 0)
        return PC_ENOTFOUND;
    int64_t start = pc__sk_add_rec(s, boxes, player, pc__sk_boxhash_of(s, boxes));
    if (start < 0)
        return (int32_t)start;
    rec_at(s, 0)->h = (uint16_t)m;
    int32_t sbx = 0, sby = 0, sf = 0;
    for (int32_t i = 0; i < s->map.nb; i++) {
        sbx += s->map.cx[boxes[i]];
        sby += s->map.cy[boxes[i]];
        sf += s->lb.pot[boxes[i]];
    }
    uint32_t w = pc__sk_walk_bound(s, player, sbx, sby, sf, m);
    if (s->mode == PC_SOKOBAN_MOVES) {
        /* A small perimeter from the start (a few thousand positions, about
         * a millisecond), the large one if the search gets long. */
        pc__sk_per_build(s, SK_PER_FIRST);
        w = pc__sk_per_bound(s, boxes, player, (uint32_t)m, w);
    }
    rec_at(s, 0)->flags = 0;
    set_w(rec_at(s, 0), w);
    return pc__sk_open_push(s, 0);
}

/* Every box of record r on a goal? */
static inline int all_on_goals(const sk_solver *s, const sk_rec *r)
{
    int32_t on = 0;
    for (int32_t i = 0; i < s->map.nb; i++)
        on += s->map.goal[r->boxes[i]];
    return on == s->map.nb;
}

/* Corral deadlock of record r (not the start), checked when the state is
 * about to be expanded (most stored states never are): `to` is the box the
 * last push moved, the one not among the parent's boxes.  A dead record is
 * marked dead for its player region; returns whether it was. */
static inline int corral_closed(sk_solver *s, sk_rec *r)
{
    uint8_t to = pc__sk_pushed_box(s, rec_at(s, r->parent)->boxes, r->boxes, NULL);
    if (to == SK_NONE)
        return 0;
    int dead = pc__sk_corral_dead(s, r->boxes, r->player, to);
    s->cor.cchecks++;
    s->cor.cdead += (uint64_t)dead;
    if (dead) {
        r->flags = 2; /* dead for its player region */
        r->h = SK_HCORRAL;
    }
    return dead;
}

/* A*: take the least (f1, f2) off the queue until a goal state comes off
 * it (its solution into res), the queue runs dry (PC_ENOTFOUND) or a
 * budget stops the search. */
static int32_t search(sk_solver *s, const pc_sokoban *g, pc_sokoban_result *res)
{
    int32_t rc = start_search(s, g);
    if (rc < 0)
        return rc;
    while (s->st.nopen) {
        size_t f1, f2;
        uint32_t idx = pc__sk_open_pop(s, &f1, &f2);
        sk_rec *r = rec_at(s, idx);
        if ((r->flags & 3) || f1_of(s, r) != f1 || f2_of(s, r) != f2)
            continue; /* stale entry (or found dead) */
        /* Some state of an optimal path is always open with f1 at most the
         * optimum (the bound is admissible, the pruning keeps an optimal
         * path), and the queue gives the least f1 first. */
        if (f1 > s->lim.fmax) {
            s->lim.fmax = f1;
            s->lim.meter->bound = (double)f1;
        }
        if (r->h == 0 && all_on_goals(s, r))
            return build_lurd(s, idx, res);
        if (s->lim.max_nodes && s->lim.nodes >= s->lim.max_nodes)
            return PC_ELIMIT;
        if (s->lim.meter->status != PC_OK)
            return s->lim.meter->status;
        /* The boxes in occ and the player's walking distances in wd serve
         * the corral check and the expansion. */
        for (int32_t i = 0; i < s->map.nb; i++)
            s->ex.occ[r->boxes[i]] = 1;
        if (s->map.bbn) {
            pc__sk_bb_boxes(s, r->boxes, s->ex.bbbox);
            pc__sk_walk_bits(s, r->player);
        } else {
            pc__sk_walk_bfs(s, r->player);
        }
        if (idx != 0 && r->h > 0 && pc__sk_corral_worth(s) && corral_closed(s, r)) {
            for (int32_t i = 0; i < s->map.nb; i++)
                s->ex.occ[r->boxes[i]] = 0;
            continue;
        }
        r->flags |= 1;
        if (s->mode == PC_SOKOBAN_MOVES && s->lim.nodes == SK_PER_AFTER && s->lb.per.max < SK_PER_STATES)
            pc__sk_per_build(s, SK_PER_STATES);
        s->lim.nodes++;
        rc = expand(s, idx);
        if (rc < 0)
            return rc;
        /* The caller's budget, counted after the expansion and acted on at
         * the next state taken off the queue (a budget of n nodes expands n
         * states and still reads the next f for the bound). */
        pc__meter_step(s->lim.meter, 1);
    }
    return PC_ENOTFOUND;
}

/* One search; figures go to res (nodes and states added, peak maxed). */
static int32_t run_search(const pc_sokoban *g, int mode, uint64_t max_nodes, pc__meter *m, uint32_t ub1,
                          uint32_t ub2, pc_sokoban_result *res)
{
    sk_solver *s = pc__calloc(1, sizeof *s);
    if (!s)
        return PC_ENOMEM;
    s->mode = mode;
    s->lim.max_nodes = max_nodes;
    s->lim.max_bytes = m->max_bytes == UINT64_MAX ? 0 : m->max_bytes;
    s->lim.meter = m;
    s->lim.ub1 = ub1;
    s->lim.ub2 = ub2;
    pc__free(res->lurd);
    res->lurd = NULL;
    int32_t rc = search(s, g, res);
    res->nodes += s->lim.nodes;
    res->states += s->st.nrec;
    /* Either search's bound holds for both modes' first criterion: a push
     * is a move, so a bound on pushes bounds the moves too. */
    if ((int64_t)s->lim.fmax > res->bound)
        res->bound = (int64_t)s->lim.fmax;
    if (s->lim.peak > res->bytes)
        res->bytes = s->lim.peak;
    solver_free(s);
    pc__free(s);
    return rc;
}

/* Nodes the push-optimal pre-search of a move-optimal solve may use. */
#define SK_PRESEARCH_NODES 250000u

/* Nodes the push-optimal search of PC_SOKOBAN_ANY may use before the
 * greedy search takes over. */
#define SK_ANY_OPTIMAL_NODES 50000u

/* PC_SOKOBAN_SHORT's second pass (shorten.c) on the solution in *lurd,
 * under the same meter; its states are counted in res->nodes.  A shorter
 * solution that replays to the solved position replaces *lurd (and *moves,
 * *pushes); otherwise, and when the pass cannot run (memory), the found
 * solution stands: the pass improves a solution, it never fails a solve. */
static void shorten(const pc_sokoban *g, pc__meter *m, char **lurd, int64_t *moves, int64_t *pushes,
                    pc_sokoban_result *res)
{
    char *s = NULL;
    int64_t mv = 0, pu = 0;
    uint64_t expanded = 0;
    int32_t rc = pc__sokoban_shorten(g, *lurd, m, &s, &mv, &pu, &expanded);
    res->nodes += expanded;
    if (rc != PC_OK)
        return;
    int better = mv < *moves || (mv == *moves && pu < *pushes);
    pc_sokoban *c = better ? pc__sokoban_dup(g) : NULL;
    if (c && pc_sokoban_apply_lurd(c, s, strlen(s), NULL, 0) == PC_OK && pc_sokoban_is_solved(c) == 1) {
        pc__free(*lurd);
        *lurd = s;
        *moves = mv;
        *pushes = pu;
        s = NULL;
    }
    pc_sokoban_free(c);
    pc__free(s);
}

/* PC_SOKOBAN_ANY: a short push-optimal search when the level fits the
 * optimal solver (it solves the small, tight levels where greedy search
 * gets lost, and its proofs of unsolvability hold), then the fast solver
 * (fast.c) with the rest of the budget.  Either solution is replayed.
 * PC_SOKOBAN_SHORT (short_pass set): the same, then the second pass. */
static int32_t solve_any(const pc_sokoban *g, pc__meter *m, int short_pass, pc_sokoban_result *res)
{
    int32_t rc = PC_ERANGE;
    int64_t bound = -1;
    if (g->interior <= SK_MAXCELLS && g->nboxes <= SK_MAXBOXES) {
        uint64_t cap = SK_ANY_OPTIMAL_NODES;
        if (m->max_nodes > 0 && (uint64_t)m->max_nodes / 4 < cap)
            cap = (uint64_t)m->max_nodes / 4;
        if (cap > 0) {
            rc = run_search(g, PC_SOKOBAN_PUSHES, cap, m, UINT32_MAX, UINT32_MAX, res);
            bound = res->bound;
            if (rc == PC_ENOTFOUND || rc == PC_ENOMEM || m->status != PC_OK)
                return rc == PC_ENOTFOUND || rc == PC_ENOMEM ? rc : m->status;
        }
    }
    if (rc != PC_OK) {
        pc__fast_out o;
        pc__free(res->lurd);
        res->lurd = NULL;
        rc = pc__sokoban_fast(g, m, &o);
        res->nodes += o.nodes;
        res->states += o.states;
        if (o.bytes > res->bytes)
            res->bytes = o.bytes;
        if (rc == PC_OK) {
            res->lurd = o.lurd;
            res->moves = o.moves;
            res->pushes = o.pushes;
        }
        if (o.bound > bound)
            bound = o.bound;
    } else {
        /* The push-optimal solution: replay it like the fast one. */
        pc_sokoban *c = pc__sokoban_dup(g);
        if (!c)
            return PC_ENOMEM;
        int32_t r2 = pc_sokoban_apply_lurd(c, res->lurd, strlen(res->lurd), NULL, 0);
        if (r2 != PC_OK || pc_sokoban_is_solved(c) != 1)
            rc = r2 == PC_ENOMEM ? PC_ENOMEM : PC_EINVAL; /* a bug: never return it */
        pc_sokoban_free(c);
        bound = res->pushes;
    }
    /* The push-optimal solution too: its moves are the fewest among the
     * push-optimal ones only. */
    if (rc == PC_OK && short_pass)
        shorten(g, m, &res->lurd, &res->moves, &res->pushes, res);
    res->bound = rc == PC_ENOTFOUND ? -1 : bound;
    return rc;
}

int32_t pc_sokoban_solve(const pc_sokoban *g, int32_t mode, const pc_budget *budget, pc_sokoban_result **out)
{
    if (!g || !out || (mode != PC_SOKOBAN_MOVES && mode != PC_SOKOBAN_PUSHES && mode != PC_SOKOBAN_ANY &&
                        mode != PC_SOKOBAN_SHORT))
        return PC_EINVAL;
    pc__meter meter;
    int32_t rc = pc__meter_start(&meter, budget);
    if (rc != PC_OK)
        return rc;
    pc_sokoban_result *res = pc__calloc(1, sizeof *res);
    if (!res)
        return PC_ENOMEM;
    uint32_t ub1 = UINT32_MAX, ub2 = UINT32_MAX;
    rc = PC_ELIMIT;
    uint64_t max_nodes = meter.max_nodes > 0 ? (uint64_t)meter.max_nodes : 0;
    uint64_t pre = max_nodes ? max_nodes / 4 : SK_PRESEARCH_NODES;
    if (pre > SK_PRESEARCH_NODES)
        pre = SK_PRESEARCH_NODES;
    if (mode == PC_SOKOBAN_ANY || mode == PC_SOKOBAN_SHORT) {
        rc = solve_any(g, &meter, mode == PC_SOKOBAN_SHORT, res);
    } else {
        if (mode == PC_SOKOBAN_MOVES && pre > 0) {
            /* A push-optimal solution, when one comes cheaply, bounds the
             * move-optimal search from above (its moves and pushes); a proof
             * that no solution exists holds for both modes. */
            rc = run_search(g, PC_SOKOBAN_PUSHES, pre, &meter, UINT32_MAX, UINT32_MAX, res);
            if (rc == PC_OK) {
                ub1 = (uint32_t)res->moves;
                ub2 = (uint32_t)res->pushes;
            }
            if (meter.status != PC_OK)
                rc = meter.status; /* the caller's budget ran out or was cancelled */
        }
        if (rc != PC_ENOTFOUND && rc != PC_ENOMEM && rc != PC_EINVAL && rc != PC_ERANGE &&
            rc != PC_ECANCELLED && meter.status == PC_OK) {
            if (max_nodes && res->nodes >= max_nodes)
                rc = PC_ELIMIT;
            else
                rc = run_search(g, mode, 0, &meter, ub1, ub2, res);
        }
    }
    res->status = rc;
    res->mode = mode;
    if (rc == PC_OK && mode != PC_SOKOBAN_ANY && mode != PC_SOKOBAN_SHORT)
        res->bound = mode == PC_SOKOBAN_MOVES ? res->moves : res->pushes;
    else if (rc == PC_ENOTFOUND)
        res->bound = -1;
    if (rc != PC_OK && rc != PC_ENOTFOUND && rc != PC_ELIMIT) {
        pc__free(res->lurd);
        pc__free(res);
        return rc;
    }
    if (rc != PC_OK) {
        pc__free(res->lurd);
        res->moves = res->pushes = -1;
        res->lurd = pc__malloc(1);
        if (!res->lurd) {
            pc__free(res);
            return PC_ENOMEM;
        }
        res->lurd[0] = '\0';
    }
    *out = res;
    return rc;
}

void pc_sokoban_result_free(pc_sokoban_result *r)
{
    if (!r)
        return;
    pc__free(r->lurd);
    pc__free(r);
}

int32_t pc_sokoban_result_status(const pc_sokoban_result *r)
{
    return r ? r->status : PC_EINVAL;
}

int32_t pc_sokoban_result_mode(const pc_sokoban_result *r)
{
    return r ? r->mode : PC_EINVAL;
}

int64_t pc_sokoban_result_moves(const pc_sokoban_result *r)
{
    return r ? r->moves : PC_EINVAL;
}

int64_t pc_sokoban_result_bound(const pc_sokoban_result *r)
{
    return r ? r->bound : PC_EINVAL;
}

int64_t pc_sokoban_result_pushes(const pc_sokoban_result *r)
{
    return r ? r->pushes : PC_EINVAL;
}

uint64_t pc_sokoban_result_nodes(const pc_sokoban_result *r)
{
    return r ? r->nodes : 0;
}

uint64_t pc_sokoban_result_states(const pc_sokoban_result *r)
{
    return r ? r->states : 0;
}

uint64_t pc_sokoban_result_bytes(const pc_sokoban_result *r)
{
    return r ? r->bytes : 0;
}

int32_t pc_sokoban_result_lurd(const pc_sokoban_result *r, char *buf, size_t cap, size_t *len)
{
    if (!r)
        return PC_EINVAL;
    return pc__emit_str(r->lurd, buf, cap, len);
}
