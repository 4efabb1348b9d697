/*
 * The fast Sokoban solver (PC_SOKOBAN_ANY): any solution, found quickly, on
 * levels of any size the parser takes.
 *
 * Search over push states.  A state is the set of boxes and the player's
 * reachability class (the least interior cell the player can reach without
 * pushing), so two positions that differ only by a walk are one state;
 * states are kept once in a hash table keyed by a Zobrist hash of the boxes
 * and the player's class.  The search is a feature search after Festival's
 * FESS (Shoham & Schaeffer): every state falls in a cell of a feature
 * space, (goals filled in packing order, areas the boxes cut the free
 * squares into), and the cells are served round robin, each giving its
 * state of least weight (then least h).  A state's weight is the number of
 * pushes on its path that no advisor proposed: a push that packs a goal in
 * order or joins two areas costs 0, any other 1.  So states that made
 * progress in some feature are looked at even when the matching bound calls
 * them worse.  (An earlier version took every other state from a greedy
 * best-first list on h; on XSokoban 1-45 at 10 s per level the feature
 * cells alone solve more levels, 25 against 23, so the list went.)
 *
 * Packing macros (the packing advisor): at every expansion, for each empty
 * goal of the first packing layer still to fill (FS_MACRO_GOALS at most), a
 * reverse search pulls a box away from the goal with the other boxes
 * standing until it reaches a box of the state the player can push; that
 * box's whole push path onto the goal is made as one step (every position
 * on the way is stored and queued as an ordinary record, so the solution
 * is a chain of single pushes and the search stays complete).
 *
 * The opener advisor: the boxes in the way of the next goal's box (on its
 * path found blind to the other boxes) may be pushed at no weight (see
 * pc__fs_openers).  The hotspot advisor, when the opener has no plan: so
 * may a box standing on the push paths of two boxes or more to their
 * matched goals, off those paths (see pc__fs_hotspots).
 * The room advisor: so may a box standing in a doorway of a goal room
 * with an empty goal, out of the doorways (see pc__fs_room_free).
 *
 * Lower bound h: the minimum-cost perfect matching of boxes to goals on push
 * distances (pulled backwards from each goal on a board without boxes, the
 * player walking round the box: dead.c's pull search): a
 * Hungarian algorithm for the state taken off the queue and one augmenting
 * path per child (only one box moved).  A state without a finite matching
 * (some box can reach no free goal) is a deadlock.
 *
 * Pruning (all sound, so an exhausted search proves the level unsolvable):
 * simple dead squares (no box there can ever reach a goal), freeze deadlocks
 * (the pushed box, with the boxes blocking it, can never move again and one
 * of them stands off a goal), goals sealed by boxes frozen on goals (see
 * sealed), the matching's infeasibility (on push distances with the boxes
 * frozen on goals as walls: see pc__fs_fz_table), and PI-corrals
 * (see pc__fs_pi_corral: when the player's area leaves a corral whose barrier
 * boxes can only be pushed into it, and pushed now, only those pushes are
 * searched; a corral with work in it and no such push is a deadlock), and
 * learned deadlock patterns (see pc__fs_learned_dead: a small sub-search on the
 * boxes round the pushed one, the others taken away, proves some clusters
 * lost; the proved patterns prune every later push that completes them),
 * and corral searches (see pc__fs_corral_dead: the same sub-search on the barrier
 * boxes of a corral the player does not reach, stored the same way).
 * Not done (yet): tunnel macros.
 *
 * Packing order (a heuristic only): from the solved position, the boxes that
 * can be pulled out to a starting square with the other goals as walls are
 * taken out round after round; the goals emptied last are to be filled
 * first.  The feature search counts the goals filled in that order, and the
 * packing macros fill the first layer's goals.  On deep orders each layer
 * has an order of its own too (fast_pack.c, sequence), and the feature
 * counts the first open layer's goals filled in its prefix.
 *
 * Every solution is replayed on a copy of the level before it is returned.
 *
 * The solver's parts are in fast_*.c, one job a file (fast_solver.h lists
 * them); this file holds the search itself.
 */
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "sokoban/fast_solver.h"

/* ---- the solution -------------------------------------------------------------------------- */

static const char fs_letters[] = "urdl";

/* Walk the player (cell *pl) to cell `to` by a shortest path on the board
 * with boxes boxat, appending the steps. */
static int walk(fs_solver *s, int32_t *pl, int32_t to, pc__sb *sb)
{
    if (*pl == to)
        return 1;
    /* Breadth-first from `to` back to *pl; mark keeps the direction taken. */
    uint32_t st = fs_new_stamp(s);
    size_t qh = 0, qt = 0;
    s->ex.mark[to] = st;
    s->ex.queue[qt++] = to;
    int found = 0;
    while (qh < qt && !found) {
        int32_t x = s->ex.queue[qh++];
        for (int d = 0; d < 4; d++) {
            int32_t y = s->map.nbr[x][d];
            if (y < 0 || s->ex.mark[y] == st || s->ex.boxat[y] >= 0)
                continue;
            s->ex.mark[y] = st;
            s->fr.tmpwall[y] = (uint8_t)((d + 2) & 3); /* from y, step this way towards `to` */
            s->ex.queue[qt++] = y;
            if (y == *pl) {
                found = 1;
                break;
            }
        }
    }
    if (!found)
        return 0;
    int32_t x = *pl;
    while (x != to) {
        int d = s->fr.tmpwall[x];
        pc__sb_putc(sb, fs_letters[d]);
        x = s->map.nbr[x][d];
    }
    /* tmpwall is the freeze test's scratch: clear what we used. */
    for (size_t k = 0; k < qt; k++)
        s->fr.tmpwall[s->ex.queue[k]] = 0;
    *pl = to;
    return 1;
}

/* The LURD of the path from the root to record idx. */
static int32_t build_lurd(fs_solver *s, const pc_sokoban *g, uint32_t idx, char **out, int64_t *pushes)
{
    size_t n = 0;
    for (uint32_t k = idx; k != 0; k = fs_rec_at(s, k)->parent)
        n++;
    uint32_t *path = pc__malloc((n + 1) * sizeof *path);
    if (!path)
        return PC_ENOMEM;
    size_t t = n;
    for (uint32_t k = idx; k != 0; k = fs_rec_at(s, k)->parent)
        path[--t] = k;
    for (int32_t c = 0; c < s->map.nc; c++)
        s->ex.boxat[c] = g->box[s->map.c2g[c]] ? 0 : -1;
    int32_t pl = s->map.g2c[g->player];
    pc__sb sb;
    pc__sb_init(&sb);
    int ok = 1;
    for (size_t k = 0; k < n && ok; k++) {
        const fs_rec *r = fs_rec_at(s, path[k]);
        int32_t from = r->from, d = r->dir;
        int32_t stand = s->map.nbr[from][(d + 2) & 3], to = s->map.nbr[from][d];
        ok = stand >= 0 && to >= 0 && s->ex.boxat[from] >= 0 && s->ex.boxat[to] < 0 && walk(s, &pl, stand, &sb);
        if (ok) {
            pc__sb_putc(&sb, (char)(fs_letters[d] - 'a' + 'A'));
            s->ex.boxat[from] = -1;
            s->ex.boxat[to] = 0;
            pl = from;
        }
    }
    pc__free(path);
    if (!ok || !sb.data || sb.failed) {
        pc__sb_free(&sb);
        return ok ? PC_ENOMEM : PC_EINVAL; /* EINVAL: a bug, never expected */
    }
    *out = sb.data;
    *pushes = (int64_t)n;
    return PC_OK;
}

/* ---- the search ------------------------------------------------------------------------------ */

/* Push box i of state idx (its boxes in bx and boxat, the player's marks
 * in pmark) in direction d.  A child that is no deadlock and not stored yet
 * is stored, and queued unless it is solved: then *found is its record.
 * hbox is the parent's hash without the player; cor > 0: only the pushes
 * the corral allows.  Returns PC_OK or an error. */
static inline int32_t try_push(fs_solver *s, uint32_t idx, int32_t i, int d, uint64_t hbox, uint32_t pst,
                               int32_t cor, int32_t *found)
{
    int32_t b = s->ex.bx[i];
    int32_t to = s->map.nbr[b][d], from = s->map.nbr[b][(d + 2) & 3];
    if (to < 0 || from < 0 || s->ex.pmark[from] != pst || s->ex.boxat[to] >= 0 || s->map.dead[to])
        return PC_OK;
    if (cor > 0 && !(s->cor.allow[i] >> d & 1))
        return PC_OK;
    int32_t rc = PC_OK;
    s->ex.boxat[b] = -1;
    s->ex.boxat[to] = i;
    s->ex.bx[i] = to;
    int fz;
    int dead = pc__fs_push_dead(s, to, &fz);
    int64_t h = FS_BIG;
    if (!dead && fz && s->map.goal[to]) {
        /* Boxes newly frozen on goals: the distances change (pc__fs_fz_table).
         * Only such a push adds to them (a box frozen by the pushed one
         * holds it frozen too), and none leaves them. */
        uint64_t key;
        int32_t slot;
        const uint16_t *tab = pc__fs_fz_table(s, s->ex.fzslot, &key, &slot);
        if (key == s->ex.fzkey) {
            h = pc__fs_match_child(s, s->ex.bx, i);
        } else {
            s->fz.cur = tab;
            h = pc__fs_match_child_full(s, s->ex.bx);
            s->fz.cur = s->ex.fzpar;
        }
    } else if (!dead) {
        h = pc__fs_match_child(s, s->ex.bx, i);
    }
    int32_t inorder = 0;
    if (h < FS_BIG)
        inorder = pc__fs_packing(s, s->ex.bx);
    if (h < FS_BIG) {
        uint16_t *boxes = s->ex.child;
        fs_move_box(fs_rec_at(s, idx)->boxes, s->map.nb, b, to, boxes);
        /* The child's class: the parent's area with b added (no flood) when
         * the push opened nothing and closed nothing of it. */
        int32_t cpl = fs_reach_grows_by_b(s, s->ex.pmark, pst, b, d) ? fs_min32(b, fs_rec_at(s, idx)->player)
                                                                      : pc__fs_bit_class(s, b);
        uint64_t ch = hbox ^ s->map.zb[b] ^ s->map.zb[to] ^ s->map.zp[cpl];
        size_t slot;
        if (!pc__fs_lookup(s, ch, boxes, cpl, &slot) && (h == 0 || !pc__fs_learned_dead(s, to, b))) {
            int64_t ci = pc__fs_add_rec(s, ch, boxes, cpl, idx, b, d);
            if (ci < 0)
                rc = (int32_t)ci;
            else if (h == 0)
                *found = (int32_t)ci;
            else
                rc = pc__fs_queue_child(s, (uint32_t)ci, h, inorder,
                                       s->ex.opener[i] == s->ex.ostamp ||
                                           (s->ex.hot[i] && s->ex.hpath[to] != s->ex.ostamp) ||
                                           pc__fs_room_free(s, b, to));
        }
    }
    s->ex.boxat[to] = -1;
    s->ex.boxat[b] = i;
    s->ex.bx[i] = b;
    return rc;
}

/* Generate the children of state idx (see try_push); *found a solved
 * child's record, if any. */
static int32_t expand(fs_solver *s, uint32_t idx, int32_t *found)
{
    const fs_rec *r = fs_rec_at(s, idx);
    for (int32_t i = 0; i < s->map.nb; i++) {
        s->ex.bx[i] = r->boxes[i];
        s->ex.boxat[r->boxes[i]] = i;
    }
    int32_t player = r->player, rc = PC_OK;
    uint64_t hbox = r->hash ^ s->map.zp[player];
    uint32_t pst = pc__fs_reach_kept(s, player);
    s->fz.cur = s->ex.fzpar = pc__fs_fz_table(s, -1, &s->ex.fzkey, &s->ex.fzslot);
    pc__fs_match_full(s, s->ex.bx);
    s->ex.ppack = pc__fs_packing(s, s->ex.bx);
    s->ex.pst = pst;
    pc__fs_openers(s);
    pc__fs_hotspots(s);
    pc__fs_room_open(s);
    s->ex.preg = pc__fs_regions(s);
    s->ex.pweight = r->weight;
    int32_t cor = pc__fs_pi_corral(s, pst);
    if (cor >= 0 && pc__fs_corral_dead(s, player))
        cor = -1;
    for (int32_t i = 0; i < s->map.nb && *found < 0 && rc == PC_OK && cor >= 0; i++)
        for (int d = 0; d < 4 && *found < 0 && rc == PC_OK; d++)
            rc = try_push(s, idx, i, d, hbox, pst, cor, found);
    if (rc == PC_OK && *found < 0 && cor >= 0)
        rc = pc__fs_pack_macros(s, idx, pst, found);
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[fs_rec_at(s, idx)->boxes[i]] = -1;
    return rc;
}

/* The static tables, the packing order, the start's bound and its record,
 * queued.  Returns 1 when the start is solved already (o->lurd empty),
 * PC_OK, PC_ENOTFOUND (the start is a deadlock) or an error. */
static int32_t start_search(fs_solver *s, const pc_sokoban *g, pc__fast_out *o)
{
    int32_t rc = pc__fs_prepare(s, g);
    if (rc < 0)
        return rc;
    uint16_t *boxes = s->ex.child;
    int32_t k = 0;
    for (int32_t c = 0; c < s->map.nc; c++)
        if (g->box[s->map.c2g[c]]) {
            boxes[k] = (uint16_t)c;
            s->ex.bx[k] = c;
            k++;
        }
    if ((rc = pc__fs_packing_order(s, g)) < 0 || (rc = pc__fs_rooms(s)) < 0)
        return rc;
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[boxes[i]] = i;
    uint64_t key;
    int32_t slot;
    s->fz.cur = pc__fs_fz_table(s, -1, &key, &slot);
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[boxes[i]] = -1;
    if (s->map.nb == 0 || pc__fs_match_full(s, s->ex.bx) == 0) {
        o->lurd = pc__malloc(1);
        if (!o->lurd)
            return PC_ENOMEM;
        o->lurd[0] = '\0';
        o->pushes = 0;
        o->bound = 0;
        return 1;
    }
    int64_t h0 = pc__fs_match_full(s, s->ex.bx);
    if (h0 >= FS_BIG)
        return PC_ENOTFOUND;
    o->bound = h0;
    s->m->bound = (double)h0;
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[boxes[i]] = i;
    int32_t pl = pc__fs_reach(s, s->map.g2c[g->player]);
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[boxes[i]] = -1;
    int64_t root = pc__fs_add_rec(s, pc__fs_hash_of(s, boxes, pl), boxes, pl, 0, 0, 0);
    if (root < 0)
        return (int32_t)root;
    if ((rc = pc__fs_cells_alloc(s)) < 0 || (rc = pc__fs_learn_alloc(s)) < 0)
        return rc;
    return pc__fs_queue_root(s, pc__fs_packing(s, s->ex.bx), h0);
}


/* Feature search: expand the cells' states in turn until a child is solved (its
 * solution into o), the queue runs dry (PC_ENOTFOUND) or the budget stops
 * the search. */
static int32_t search(fs_solver *s, const pc_sokoban *g, pc__fast_out *o)
{
    int32_t rc = start_search(s, g, o);
    if (rc != PC_OK)
        return rc < 0 ? rc : PC_OK;
    while (s->st.fopen) {
        uint32_t idx = pc__fs_cell_pop(s);
        if (fs_rec_at(s, idx)->done)
            continue;
        fs_rec_at(s, idx)->done = 1;
        o->nodes++;
        int32_t found = -1;
        if ((rc = expand(s, idx, &found)) != PC_OK)
            return rc;
        if (found >= 0)
            return build_lurd(s, g, (uint32_t)found, &o->lurd, &o->pushes);
        if ((rc = pc__meter_step(s->m, 1)) != PC_OK) {
            return rc;
        }
    }
    return PC_ENOTFOUND;
}

int32_t pc__sokoban_fast(const pc_sokoban *g, pc__meter *m, pc__fast_out *o)
{
    /* the figures first: they are set in every case, a failed allocation too */
    memset(o, 0, sizeof *o);
    o->bound = -1;
    fs_solver *s = pc__fs_new(g, m);
    if (!s)
        return PC_ENOMEM;
    int32_t rc = search(s, g, o);
    o->states = s->st.nrec;
    o->bytes = s->peak;
    pc__fs_free(s);
    pc__free(s);
    if (rc == PC_OK) {
        /* Replay the solution on a copy: it must solve the level. */
        pc_sokoban *c = pc__sokoban_dup(g);
        if (!c) {
            rc = PC_ENOMEM;
        } else {
            size_t len = strlen(o->lurd);
            int32_t r2 = pc_sokoban_apply_lurd(c, o->lurd, len, NULL, 0);
            if (r2 == PC_ENOMEM)
                rc = PC_ENOMEM;
            else if (r2 != PC_OK || pc_sokoban_is_solved(c) != 1)
                rc = PC_EINVAL; /* a bug: never return an unverified solution */
            o->moves = (int64_t)len;
            pc_sokoban_free(c);
        }
        if (rc != PC_OK) {
            pc__free(o->lurd);
            o->lurd = NULL;
        }
    }
    return rc;
}

