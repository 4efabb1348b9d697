/*
 * The fast solver's packing (lib/sokoban/fast.c): the packing order (which
 * goals to fill first) and the feature count it gives (goals packed in
 * order), the packing macros (a box's whole push path onto the next goal
 * as one step), the opener advisor (the boxes in the way of the next
 * goal's box) and the hotspot advisor (the boxes in the way of many).
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/fast_solver.h"

/* ---- packing order ------------------------------------------------------------------------- */

/* Can a box on goal g be pulled to a cell where a box starts off goal, the
 * goals still filled (s->fr.tmpwall) standing as walls, the player going
 * wherever the box needs it (the fallback of pull_out)? */
static int pull_out_blind(fs_solver *s, int32_t g, const uint8_t *start)
{
    uint32_t st = fs_new_stamp(s);
    size_t qh = 0, qt = 0;
    s->ex.mark[g] = st;
    s->ex.queue[qt++] = g;
    while (qh < qt) {
        int32_t x = s->ex.queue[qh++];
        if (start[x])
            return 1;
        for (int d = 0; d < 4; d++) {
            int32_t y = s->map.nbr[x][d]; /* the box goes to y, the player from y on */
            if (y < 0 || s->ex.mark[y] == st || s->fr.tmpwall[y])
                continue;
            int32_t z = s->map.nbr[y][d];
            if (z < 0 || s->fr.tmpwall[z])
                continue;
            s->ex.mark[y] = st;
            s->ex.queue[qt++] = y;
        }
    }
    return 0;
}

/* The work (player squares flooded) the player-aware take-out may spend
 * on one level before the packing order falls back to blind pulls: a big
 * level's order must not cost more than its search. */
#define FS_PULL_WORK ((int64_t)40000000)

/* Can a box on goal g be pulled to a cell where a box starts off goal, the
 * goals still filled (fr.tmpwall) standing as walls, by a player who walks
 * to every pull: the reverse search over (box square, player's area)
 * states of the packing macro (mac.*), the player starting in the area of
 * its square at the start of the level (pl0; -1: on a goal, then any side
 * of g)?  A box that the player can pull out only from a pocket it cannot
 * leave with the box in the way is not out: XSokoban 12's last two goals,
 * which the player reaches through a cellar that a box can enter but never
 * leave, are filled first, not last.  -1 when *work passed FS_PULL_WORK. */
static int pull_out(fs_solver *s, int32_t g, const uint8_t *start, int32_t pl0, int64_t *work, int32_t *pulls,
                    int32_t *pend)
{
    if (*work > FS_PULL_WORK)
        return -1;
    if (++s->mac.st == 0) {
        memset(s->mac.vis, 0, 4 * (size_t)s->map.nc * sizeof *s->mac.vis);
        memset(s->mac.exp, 0, 4 * (size_t)s->map.nc * sizeof *s->mac.exp);
        s->mac.st = 1;
    }
    uint32_t ms = s->mac.st, st = pl0 >= 0 ? pc__fs_pull_flood(s, pl0, g, work) : 0;
    size_t qh = 0, qt = 0;
    for (int d = 0; d < 4; d++) {
        int32_t p = s->map.nbr[g][d];
        if (p >= 0 && !s->fr.tmpwall[p] && (pl0 < 0 || s->ex.mark[p] == st)) {
            s->mac.vis[g * 4 + d] = ms;
            s->mac.par[g * 4 + d] = 0;
            s->mac.q[qt++] = g * 4 + d;
        }
    }
    while (qh < qt) {
        int32_t k = s->mac.q[qh++], x = k / 4;
        if (start[x]) {
            *pulls = s->mac.par[k];
            *pend = s->map.nbr[x][k % 4];
            return 1;
        }
        if (s->mac.exp[k] == ms)
            continue;
        if (*work > FS_PULL_WORK)
            return -1;
        st = pc__fs_pull_flood(s, s->map.nbr[x][k % 4], x, work);
        for (int d = 0; d < 4; d++) {
            int32_t p = s->map.nbr[x][d];
            if (p >= 0 && s->ex.mark[p] == st)
                s->mac.exp[x * 4 + d] = ms; /* the same area: searched now */
        }
        for (int d = 0; d < 4; d++) {
            /* the player stands on y and steps back to z, the box following to y */
            int32_t y = s->map.nbr[x][d];
            if (y < 0 || s->ex.mark[y] != st)
                continue;
            int32_t z = s->map.nbr[y][d];
            if (z < 0 || s->fr.tmpwall[z] || s->mac.vis[y * 4 + d] == ms)
                continue;
            s->mac.vis[y * 4 + d] = ms;
            s->mac.par[y * 4 + d] = s->mac.par[k] + 1; /* pulls from g */
            s->mac.q[qt++] = y * 4 + d;
        }
    }
    return 0;
}

/* Packing orders this deep or deeper get an order within each layer
 * (sequence); shallower ones keep their layers alone. */
#define FS_SEQ_DEEP 5

/* The order within a round's layer (round eighteen; take[0..nt), all
 * still walls in fr.tmpwall): take the goals out one at a time, the
 * player carried from the end of one take-out to the next (*pcar; from
 * the level's start pl0 when the carried player reaches none of them),
 * each time the goal whose box leaves in the most pulls; the goal taken
 * out last is filled first (map.seq 0).  Every goal of the round comes out
 * with the others as walls, so no order shuts one in; this one says which
 * goal of the layer to fill next, and the feature counts the goals filled
 * in its prefix (pc__fs_packing).  The most pulls, not the fewest (the
 * goal nearest the way out filled last): both solve XSokoban 30 at 60 s,
 * only this one 29 too (doc/sokoban.md, round eighteen).
 * The layers' tables stay (the macros, the opener and the out-of-plan
 * rule read them).  The floods count on a work limit of their own
 * (FS_PULL_WORK; then the rest in goal order, the layers untouched), and
 * the meter's clock and cancel flag are read once a take-out, so a cancel
 * stops the order as it stops the search. */
static void sequence(fs_solver *s, const uint8_t *start, const int32_t *take, int32_t nt, int32_t pl0,
                     int32_t *pcar, int64_t *work)
{
    if (!s->map.seq)
        return;
    for (int32_t t = 0; t < nt; t++)
        s->map.seq[s->map.goals[take[t]]] = -1;
    for (int32_t k = 0; k < nt; k++) {
        int32_t best = -1, bpulls = 0, bend = -1;
        for (int pass = 0; pass < 2 && best < 0 && pc__meter_check(s->m) == PC_OK; pass++) {
            int32_t pl = pass == 0 ? *pcar : pl0;
            if (pass == 1 && pl == *pcar)
                break;
            for (int32_t t = 0; t < nt; t++) {
                int32_t g = s->map.goals[take[t]], pulls = 0, pend = -1;
                if (s->map.seq[g] >= 0)
                    continue;
                s->fr.tmpwall[g] = 0;
                int out = pull_out(s, g, start, pl, work, &pulls, &pend);
                s->fr.tmpwall[g] = 1;
                if (out > 0 && (best < 0 || pulls > bpulls)) {
                    best = g;
                    bpulls = pulls;
                    bend = pend;
                }
            }
        }
        if (best < 0) {
            /* past the work limit, stopped, or none from either start:
             * the rest in goal order */
            for (int32_t t = 0; t < nt; t++)
                if (s->map.seq[s->map.goals[take[t]]] < 0)
                    s->map.seq[s->map.goals[take[t]]] = nt - 1 - k++;
            break;
        }
        s->map.seq[best] = nt - 1 - k;
        s->fr.tmpwall[best] = 0; /* out: free for the next take-outs */
        *pcar = bend >= 0 && !s->map.goal[bend] ? bend : pl0;
    }
    for (int32_t t = 0; t < nt; t++)
        s->fr.tmpwall[s->map.goals[take[t]]] = 1;
}

/* Packing layers: from the solved position, take out (by pulls) every box
 * that can leave for a starting square with the others as walls, the player
 * walking to every pull (pull_out), round after round; the goals emptied
 * last are filled first.  Goals that never come out form the deepest
 * layer. */
int32_t pc__fs_packing_order(fs_solver *s, const pc_sokoban *g)
{
    int32_t nc = s->map.nc, nb = s->map.nb;
    s->map.layer = pc__malloc((size_t)nc * sizeof *s->map.layer);
    s->map.seq = pc__malloc((size_t)nc * sizeof *s->map.seq);
    s->ex.lcount = pc__calloc(2 * ((size_t)nb + 2), sizeof *s->ex.lcount);
    uint8_t *start = pc__calloc((size_t)nc, 1);
    int32_t *round = pc__malloc(((size_t)nb + 1) * sizeof *round);
    int32_t *take = pc__malloc(((size_t)nb + 1) * sizeof *take);
    if (!s->map.layer || !s->map.seq || !s->ex.lcount || !start || !round || !take) {
        pc__free(start);
        pc__free(round);
        pc__free(take);
        return PC_ENOMEM;
    }
    int32_t any = 0;
    for (int32_t c = 0; c < nc; c++) {
        s->map.layer[c] = -1;
        s->map.seq[c] = -1;
        start[c] = g->box[s->map.c2g[c]] && !s->map.goal[c];
        any |= start[c];
    }
    for (int32_t j = 0; j < nb; j++) {
        round[j] = -1;
        s->fr.tmpwall[s->map.goals[j]] = 1;
    }
    int32_t left = nb, r = 0;
    int32_t pl0 = s->map.g2c[g->player];
    if (pl0 >= 0 && s->map.goal[pl0])
        pl0 = -1;
    int64_t work = 0;
    int32_t pulls, pend;
    while (left > 0 && any) {
        int32_t nt = 0;
        for (int32_t j = 0; j < nb; j++) {
            if (round[j] >= 0)
                continue;
            s->fr.tmpwall[s->map.goals[j]] = 0;
            int out = pull_out(s, s->map.goals[j], start, pl0, &work, &pulls, &pend);
            if (out < 0)
                out = pull_out_blind(s, s->map.goals[j], start);
            if (out)
                take[nt++] = j;
            s->fr.tmpwall[s->map.goals[j]] = 1;
        }
        if (nt == 0)
            break;
        for (int32_t t = 0; t < nt; t++) {
            round[take[t]] = r;
            s->fr.tmpwall[s->map.goals[take[t]]] = 0;
        }
        left -= nt;
        r++;
    }
    for (int32_t j = 0; j < nb; j++) {
        s->fr.tmpwall[s->map.goals[j]] = 0;
        if (round[j] < 0)
            round[j] = r; /* never came out: fill first */
    }
    int32_t top = left > 0 ? r : r - 1;
    if (top < 0)
        top = 0;
    s->map.nlayers = top + 1;
    for (int32_t j = 0; j < nb; j++) {
        s->map.layer[s->map.goals[j]] = top - round[j];
        s->ex.lcount[s->map.nlayers + top - round[j]]++;
    }
    /* The order within each layer, on deep orders only (FS_SEQ_DEEP): the
     * rounds again, the goals of that round and later ones filled; the
     * goals that never came out (layer 0) get none (seq -1).  A shallow
     * order keeps its layers alone. */
    if (s->map.nlayers < FS_SEQ_DEEP) {
        pc__free(s->map.seq);
        s->map.seq = NULL;
    }
    int32_t pcar = pl0;
    int64_t swork = 0;
    for (int32_t q = 0; s->map.seq && q < r; q++) {
        int32_t nt = 0;
        for (int32_t j = 0; j < nb; j++) {
            s->fr.tmpwall[s->map.goals[j]] = round[j] >= q;
            if (round[j] == q)
                take[nt++] = j;
        }
        sequence(s, start, take, nt, pl0, &pcar, &swork);
    }
    for (int32_t j = 0; j < nb; j++)
        s->fr.tmpwall[s->map.goals[j]] = 0;
    pc__free(start);
    pc__free(round);
    pc__free(take);
    return PC_OK;
}

/* Goals filled in packing order: the filled goals of every layer up to the
 * first layer that still has an empty goal (that layer included).  Leaves
 * the filled goals per layer in ex.lcount. */
int32_t pc__fs_packing(fs_solver *s, const int32_t *bx)
{
    int32_t nl = s->map.nlayers;
    int32_t *cnt = s->ex.lcount;
    /* lsize: goals per layer, kept in the upper half of lcount */
    const int32_t *lsize = s->ex.lcount + nl;
    memset(cnt, 0, (size_t)nl * sizeof *cnt);
    for (int32_t i = 0; i < s->map.nb; i++)
        if (s->map.layer[bx[i]] >= 0)
            cnt[s->map.layer[bx[i]]]++;
    int32_t in = 0;
    for (int32_t l = 0; l < nl; l++) {
        if (cnt[l] < lsize[l]) {
            if (!s->map.seq || lsize[l] > 64) {
                in += cnt[l];
                break;
            }
            /* the first open layer: the goals filled in its order's
             * prefix (sequence); the layer that never came out has none */
            uint64_t filled = 0;
            int any = 0;
            for (int32_t i = 0; i < s->map.nb; i++)
                if (s->map.layer[bx[i]] == l) {
                    if (s->map.seq[bx[i]] < 0)
                        any = 1;
                    else
                        filled |= (uint64_t)1 << s->map.seq[bx[i]];
                }
            if (any) {
                in += cnt[l];
                break;
            }
            int32_t k = 0;
            while (k < lsize[l] && (filled >> k & 1))
                k++;
            in += k;
            break;
        }
        in += cnt[l];
    }
    return in;
}

/* ---- the packing macro ------------------------------------------------------------------------ */

/* Out-of-plan boxes: on a level whose packing order is a deep chain
 * (FS_PLAN_DEEP layers or more), a box standing on a goal of a later layer
 * than the first one still open (ex.pfirst) is filled out of order: it
 * counts for nothing in the feature, and it is often the box nearest the
 * goal to fill next (XSokoban 24 and 25 are solved at 60 s with it, 40 and 41
 * near that limit; never before).  So the packing macros and the opener take it as a candidate for
 * that goal, as a box off goal.  Not on shallow orders: with the rule on
 * XSokoban 44 too (four layers round a 3 x 3 room) the level was lost at
 * 60 s (solved in 5 s without it). */
#define FS_PLAN_DEEP 5

/* May the box on cell c be the next goal's box (the packing macros, the
 * opener)?  A box off goal, or out of plan (above). */
static int in_play(const fs_solver *s, int32_t c)
{
    if (!s->map.goal[c])
        return 1;
    return s->map.nlayers >= FS_PLAN_DEEP && s->map.layer[c] > s->ex.pfirst;
}

/* The player's area in a state of the reverse search: rows of bits (r,
 * when the level is at most 64 squares wide) or the squares of ex.mark
 * stamped st.  The reverse search floods once a state, and its floods
 * square by square were 11 % of XSokoban 41's instructions (round
 * sixteen); on rows of bits (pc__fs_bit_reach) the same squares. */
typedef struct {
    const uint64_t *r;
    int32_t rows[2]; /* r's rows of the area (pc__fs_bit_flood: the others stale) */
    uint32_t st;
} mac_area;

static inline int in_area(const fs_solver *s, const mac_area *a, int32_t c)
{
    if (a->r)
        return fs_bit_in(s, a->r, a->rows, c);
    return s->ex.mark[c] == a->st;
}

/* The squares the player reaches from p when a box stands on x besides the
 * boxes of the state: on rows of bits when f (the state's free squares,
 * x among them) is not NULL, into r; else marked with a new stamp. */
static mac_area flood_with(fs_solver *s, uint64_t *f, uint64_t *r, int32_t x, int32_t p)
{
    mac_area a = {NULL, {0, 0}, 0};
    if (f) {
        fs_bit_flip(s, f, x);
        pc__fs_bit_flood(s, f, r, p, a.rows);
        fs_bit_flip(s, f, x);
        a.r = r;
        return a;
    }
    a.st = fs_new_stamp(s);
    pc__fs_fill(s, s->ex.mark, p, x, a.st, NULL);
    return a;
}

/* Queue the reverse-search state "box on x, player on side d" unless a
 * state of it is queued already. */
static void macro_visit(fs_solver *s, size_t *qt, int32_t x, int d, int32_t parent, int pull)
{
    int32_t k = x * 4 + d;
    if (s->mac.vis[k] == s->mac.st)
        return;
    s->mac.vis[k] = s->mac.st;
    s->mac.par[k] = parent;
    s->mac.dir[k] = (uint8_t)pull;
    s->mac.q[(*qt)++] = k;
}

/* Has y a neighbour other than x in the area a? */
static int touches(const fs_solver *s, int32_t y, int32_t x, const mac_area *a)
{
    for (int d = 0; d < 4; d++) {
        int32_t z = s->map.nbr[y][d];
        if (z >= 0 && z != x && in_area(s, a, z))
            return 1;
    }
    return 0;
}

/* Is the pull of the box on x to y (the player from y on to q) the first
 * push of a macro, backwards?  For box i (i >= 0, off the board): y is its
 * square and the player reaches q now.  For any box (i < 0, every box
 * standing): a box of the state off goal stands on y, the player reaches q
 * now and, once it is pushed to x, steps from y into the area a. */
static int macro_start(const fs_solver *s, int32_t i, int32_t x, int32_t y, int32_t q, const mac_area *a,
                       uint32_t pst)
{
    if (s->ex.pmark[q] != pst)
        return 0;
    if (i >= 0)
        return y == s->ex.bx[i] && in_area(s, a, y);
    return s->ex.boxat[y] >= 0 && in_play(s, y) && touches(s, y, x, a);
}

/* The reverse search from the empty goal t: pull a box away from t, the
 * other boxes standing, until macro_start says a box of the state can be
 * pushed the same way forwards: box i (i >= 0; taken off the board
 * meanwhile, so the player may pass its square) or any box (i < 0; the
 * squares of all boxes stay closed, so it misses paths on which the
 * player steps where the box stood, but looks at every box at once).  The
 * box's pushes to t, in order, into mac.push (cell, direction pairs);
 * returns their number, 0 when no box gets there. */
static int32_t macro_path(fs_solver *s, int32_t t, int32_t i, uint32_t pst)
{
    if (++s->mac.st == 0) {
        memset(s->mac.vis, 0, 4 * (size_t)s->map.nc * sizeof *s->mac.vis);
        memset(s->mac.exp, 0, 4 * (size_t)s->map.nc * sizeof *s->mac.exp);
        s->mac.st = 1;
    }
    int32_t b0 = i >= 0 ? s->ex.bx[i] : -1, n = 0;
    if (i >= 0)
        s->ex.boxat[b0] = -1;
    /* The state's free squares as rows of bits (box i's square free) in
     * ex.bwork's first rows, the areas in its second. */
    uint64_t *f = NULL, *r = NULL;
    if (s->map.bfree) {
        f = s->ex.bwork;
        r = f + s->map.bh;
        memcpy(f, s->map.bfree, (size_t)s->map.bh * sizeof *f);
        for (int32_t b = 0; b < s->map.nb; b++)
            if (b != i)
                fs_bit_flip(s, f, s->ex.bx[b]);
    }
    size_t qh = 0, qt = 0;
    for (int d = 0; d < 4; d++) {
        int32_t p = s->map.nbr[t][d];
        if (p >= 0 && s->ex.boxat[p] < 0)
            macro_visit(s, &qt, t, d, -1, 0);
    }
    while (qh < qt && n == 0) {
        int32_t k = s->mac.q[qh++], x = k / 4;
        if (s->mac.exp[k] == s->mac.st)
            continue;
        mac_area a = flood_with(s, f, r, x, s->map.nbr[x][k % 4]);
        for (int d = 0; d < 4; d++) {
            int32_t p = s->map.nbr[x][d];
            if (p >= 0 && in_area(s, &a, p))
                s->mac.exp[x * 4 + d] = s->mac.st; /* the same region: searched now */
        }
        for (int d = 0; d < 4 && n == 0; d++) {
            int32_t y = s->map.nbr[x][d]; /* the box goes to y, the player from y to q */
            int32_t q = y >= 0 ? s->map.nbr[y][d] : -1;
            if (q < 0 || s->ex.boxat[q] >= 0)
                continue;
            if (macro_start(s, i, x, y, q, &a, pst)) {
                /* Found: push from y towards x, then back along the states. */
                s->mac.push[n++] = y;
                s->mac.push[n++] = (d + 2) & 3;
                for (int32_t j = k; s->mac.par[j] >= 0; j = s->mac.par[j]) {
                    s->mac.push[n++] = j / 4;
                    s->mac.push[n++] = (s->mac.dir[j] + 2) & 3;
                }
                break;
            }
            if (in_area(s, &a, y) && s->ex.boxat[y] < 0)
                macro_visit(s, &qt, y, d, k, d);
        }
    }
    if (i >= 0)
        s->ex.boxat[b0] = i;
    return n / 2;
}

/* Play the macro's pushes from record idx (its boxes in bx and boxat),
 * storing every position on the way as a record (queued like any child;
 * a position stored already is walked through).  Leaves bx and boxat as
 * the macro left them. */
static int32_t macro_play(fs_solver *s, uint32_t idx, int32_t npush, int32_t *found)
{
    uint32_t cur = idx;
    /* The bound of each position on the way, by the matching repaired for
     * the one box pushed (O(n^2)) instead of a full one (O(n^3): on a level
     * of 60 boxes the full matchings took half the search's time): from
     * the expanded state's matching (hu.u, hu.v, hu.p: the macros leave it
     * alone) for the first push, then from the last push's (hu.cu, hu.cv,
     * hu.cp), as long as the frozen boxes, and so the distances, stay those
     * of the matching's start (the table's key says); a full one when they
     * change.  The same bound as a full matching, so the same search. */
    uint64_t prevkey = s->ex.fzkey;
    int chained = 0;
    for (int32_t k = 0; k < npush; k++) {
        int32_t b = s->mac.push[2 * k], d = s->mac.push[2 * k + 1];
        int32_t i = s->ex.boxat[b], to = s->map.nbr[b][d];
        if (i < 0 || to < 0 || s->ex.boxat[to] >= 0)
            return PC_EINVAL; /* a bug: the path was found on this board */
        s->ex.boxat[b] = -1;
        s->ex.boxat[to] = i;
        s->ex.bx[i] = to;
        /* The tests of try_push: a freeze deadlock, or a box frozen on its
         * goal that seals the free goals off (a macro fills goal rooms, where
         * seals happen). */
        if (pc__fs_push_dead(s, to, NULL))
            return PC_OK;
        uint64_t key;
        int32_t fslot;
        s->fz.cur = pc__fs_fz_table(s, -1, &key, &fslot);
        int64_t h = key != prevkey ? pc__fs_match_child_full(s, s->ex.bx)
                    : chained     ? pc__fs_match_step(s, s->ex.bx, i)
                                  : pc__fs_match_child(s, s->ex.bx, i);
        prevkey = key;
        chained = 1;
        if (h >= FS_BIG)
            return PC_OK;
        int32_t inorder = pc__fs_packing(s, s->ex.bx);
        uint16_t *boxes = s->ex.child;
        fs_move_box(fs_rec_at(s, cur)->boxes, s->map.nb, b, to, boxes);
        int32_t cpl = pc__fs_reach(s, b);
        uint64_t ch = pc__fs_hash_of(s, boxes, cpl);
        size_t slot;
        uint32_t e = pc__fs_lookup(s, ch, boxes, cpl, &slot);
        if (e) {
            cur = e - 1;
            continue;
        }
        if (h > 0 && pc__fs_learned_dead(s, to, b))
            return PC_OK;
        int64_t ci = pc__fs_add_rec(s, ch, boxes, cpl, cur, b, d);
        if (ci < 0)
            return (int32_t)ci;
        cur = (uint32_t)ci;
        if (h == 0) {
            *found = (int32_t)ci;
            return PC_OK;
        }
        int32_t rc = pc__fs_queue_child(s, cur, h, inorder, 0);
        if (rc < 0)
            return rc;
    }
    return PC_OK;
}

/* The packing advisor's macros: for each empty goal of the first layer
 * still to fill (FS_MACRO_GOALS at most), the FS_MACRO_BOXES boxes off goal
 * nearest to it (in pushes on the empty board) that can be pushed onto it,
 * the other boxes standing, are pushed there in one step each (every
 * position on the way stored, so the path is an ordinary chain of
 * records). */
#define FS_MACRO_GOALS 4
#define FS_MACRO_BOXES 1

/* The boxes off goal nearest to goal j, FS_MACRO_BOXES at most, into
 * near[]; returns their number. */
static int32_t nearest_boxes(const fs_solver *s, int32_t j, int32_t *near)
{
    const uint16_t *d = s->map.dist + (size_t)j * s->map.nc;
    int32_t n = 0;
    for (int32_t i = 0; i < s->map.nb; i++) {
        int32_t c = s->ex.bx[i];
        if (!in_play(s, c) || d[c] == FS_UNREACH)
            continue;
        if (n == FS_MACRO_BOXES && d[s->ex.bx[near[n - 1]]] <= d[c])
            continue; /* no nearer than the farthest kept */
        int32_t k = n < FS_MACRO_BOXES ? n++ : n - 1;
        near[k] = i;
        for (; k > 0 && d[s->ex.bx[near[k - 1]]] > d[s->ex.bx[near[k]]]; k--) {
            int32_t tmp = near[k - 1];
            near[k - 1] = near[k];
            near[k] = tmp;
        }
    }
    return n;
}

int32_t pc__fs_pack_macros(fs_solver *s, uint32_t idx, uint32_t pst, int32_t *found)
{
    int32_t nl = s->map.nlayers, first = nl;
    pc__fs_packing(s, s->ex.bx);
    const int32_t *cnt = s->ex.lcount, *lsize = s->ex.lcount + nl;
    for (int32_t l = 0; l < nl; l++)
        if (cnt[l] < lsize[l]) {
            first = l;
            break;
        }
    s->ex.pfirst = first;
    int32_t tried = 0, rc = PC_OK;
    for (int32_t j = 0; j < s->map.nb && tried < FS_MACRO_GOALS && rc == PC_OK && *found < 0; j++) {
        int32_t t = s->map.goals[j];
        if (s->map.layer[t] != first || s->ex.boxat[t] >= 0)
            continue;
        tried++;
        int32_t near[FS_MACRO_BOXES + 1];
        int32_t nn = nearest_boxes(s, j, near);
        near[nn++] = -1; /* then any box */
        for (int32_t m = 0; m < nn && rc == PC_OK && *found < 0; m++) {
            int32_t n = macro_path(s, t, near[m], pst);
            if (n <= 1)
                continue; /* none, or one push: an ordinary child */
            rc = macro_play(s, idx, n, found);
            /* back to the expanded state */
            for (int32_t i = 0; i < s->map.nb; i++)
                s->ex.boxat[s->ex.bx[i]] = -1;
            const fs_rec *r = fs_rec_at(s, idx);
            for (int32_t i = 0; i < s->map.nb; i++) {
                s->ex.bx[i] = r->boxes[i];
                s->ex.boxat[r->boxes[i]] = i;
            }
        }
    }
    return rc;
}

/* The opener advisor (after Festival's): for each empty goal of the first
 * packing layer still to fill (FS_MACRO_GOALS at most), a pull search of
 * the box alone from the goal, blind to the other boxes (the player may
 * stand anywhere but on walls), finds the nearest box off goal; the boxes
 * standing on that path, or where the player must stand to push along
 * it, and the boxes the player must cross to reach the square behind
 * the box for its first push (player_way), are in the way (when there
 * are FS_OPEN_BOXES of them at most), and
 * a push of one of them costs no weight (see
 * pc__fs_queue_child), as a push proposed by an advisor.  So the search clears
 * the way for the next goal's box instead of paying for every push of it.
 * Marks them (ex.opener = ex.ostamp); a heuristic, never a pruning. */
#define FS_OPEN_BOXES 2

/* The player's way to the first push of the opener's path (the box on
 * found, pushed towards par[found]): when the player does not reach the
 * square behind the box, a breadth-first search by layers (0-1: a box
 * crossed costs 1, the box on found a wall) from every square the player
 * reaches finds a way crossing the fewest boxes; those boxes are in the
 * way too, appended to obs.  Returns the new count, FS_OPEN_BOXES + 1 when
 * the way crosses too many (no plan). */
static int32_t player_way(fs_solver *s, int32_t found, const int32_t *par, int32_t *obs, int32_t nobs)
{
    int32_t nc = s->map.nc, x = par[found], q0 = -1;
    for (int d = 0; d < 4; d++)
        if (s->map.nbr[x][d] == found)
            q0 = s->map.nbr[found][d];
    if (q0 < 0 || s->ex.pmark[q0] == s->ex.pst || s->ex.boxat[q0] >= 0)
        return nobs;
    int32_t *ppar = s->mac.par + nc, *cur = s->mac.q, *nxt = s->mac.q + 2 * (size_t)nc;
    uint32_t st = fs_new_stamp(s);
    int32_t ncur = 0, nnxt = 0;
    for (int32_t c = 0; c < nc; c++)
        if (s->ex.pmark[c] == s->ex.pst) {
            s->ex.mark[c] = st;
            ppar[c] = -1;
            cur[ncur++] = c;
        }
    s->ex.mark[found] = st; /* the box to push: a wall */
    int reached = 0;
    for (int32_t level = 0; level <= FS_OPEN_BOXES - nobs && !reached; level++) {
        for (int32_t h = 0; h < ncur && !reached; h++) {
            int32_t c = cur[h];
            for (int d = 0; d < 4; d++) {
                int32_t y = s->map.nbr[c][d];
                if (y < 0 || s->ex.mark[y] == st)
                    continue;
                s->ex.mark[y] = st;
                ppar[y] = c;
                if (s->ex.boxat[y] >= 0) {
                    nxt[nnxt++] = y;
                    continue;
                }
                cur[ncur++] = y;
                if (y == q0) {
                    reached = 1;
                    break;
                }
            }
        }
        int32_t *tmp = cur;
        cur = nxt;
        nxt = tmp;
        ncur = nnxt;
        nnxt = 0;
    }
    if (!reached)
        return FS_OPEN_BOXES + 1;
    for (int32_t y = q0; y >= 0; y = ppar[y]) {
        if (s->ex.boxat[y] >= 0) {
            if (nobs < FS_OPEN_BOXES)
                obs[nobs] = s->ex.boxat[y];
            nobs++;
        }
    }
    return nobs;
}

void pc__fs_openers(fs_solver *s)
{
    if (++s->ex.ostamp == 0) {
        memset(s->ex.opener, 0, ((size_t)s->map.nb + 1) * sizeof *s->ex.opener);
        memset(s->ex.hpath, 0, (size_t)s->map.nc * sizeof *s->ex.hpath);
        s->ex.ostamp = 1;
    }
    s->ex.oplan = 0;
    int32_t nl = s->map.nlayers, first = nl, tried = 0;
    const int32_t *cnt = s->ex.lcount, *lsize = s->ex.lcount + nl; /* packing() just ran */
    for (int32_t l = 0; l < nl; l++)
        if (cnt[l] < lsize[l]) {
            first = l;
            break;
        }
    s->ex.pfirst = first;
    int32_t *par = s->mac.par;
    for (int32_t j = 0; j < s->map.nb && tried < FS_MACRO_GOALS; j++) {
        int32_t t = s->map.goals[j];
        if (s->map.layer[t] != first || s->ex.boxat[t] >= 0)
            continue;
        tried++;
        uint32_t st = fs_new_stamp(s);
        size_t qh = 0, qt = 0;
        s->ex.mark[t] = st;
        par[t] = -1;
        s->ex.queue[qt++] = t;
        int32_t found = -1;
        while (qh < qt && found < 0) {
            int32_t x = s->ex.queue[qh++];
            for (int d = 0; d < 4; d++) {
                /* the box comes from y, pushed by a player on q */
                int32_t y = s->map.nbr[x][d], q = y >= 0 ? s->map.nbr[y][d] : -1;
                if (q < 0 || s->ex.mark[y] == st || s->map.dead[y])
                    continue;
                s->ex.mark[y] = st;
                par[y] = x;
                if (s->ex.boxat[y] >= 0 && in_play(s, y)) {
                    found = y;
                    break;
                }
                s->ex.queue[qt++] = y;
            }
        }
        /* Along the path from the box to t: boxes on the box's squares and
         * on the player's; a path with more than FS_OPEN_BOXES of them is
         * no plan (XSokoban 39 took 49 s instead of 9 when every path
         * counted). */
        int32_t obs[FS_OPEN_BOXES], nobs = 0;
        for (int32_t y = found; y >= 0 && par[y] >= 0 && nobs <= FS_OPEN_BOXES; y = par[y]) {
            int32_t x = par[y], q = -1;
            for (int d = 0; d < 4; d++)
                if (s->map.nbr[x][d] == y)
                    q = s->map.nbr[y][d];
            int32_t on[2] = {s->ex.boxat[x], q >= 0 ? s->ex.boxat[q] : -1};
            for (int k = 0; k < 2; k++) {
                if (on[k] < 0)
                    continue;
                if (nobs < FS_OPEN_BOXES)
                    obs[nobs] = on[k];
                nobs++; /* past FS_OPEN_BOXES: no plan, the walk stops */
            }
        }
        if (found >= 0 && nobs < FS_OPEN_BOXES)
            nobs = player_way(s, found, par, obs, nobs);
        if (nobs <= FS_OPEN_BOXES)
            for (int32_t k = 0; k < nobs; k++) {
                s->ex.opener[obs[k]] = s->ex.ostamp;
                s->ex.oplan = 1;
            }
    }
}

/* The hotspot advisor (after Festival's), for when the opener has no plan
 * (no path, or more than FS_OPEN_BOXES boxes in the way): for each box
 * off goal, its push path to the goal the matching gives it, followed
 * down the distances the matching reads (blind to the other boxes: each
 * step one push nearer), is marked (ex.hpath), and the boxes standing on
 * it, on the box's squares or where the player must stand, are in its
 * way.  A box off goal in the way of FS_HOT_MIN boxes or more is a
 * hotspot (ex.hot[i] = 1), and a push of it that leaves every such path
 * costs no weight (see try_push), as a push an advisor proposes: the
 * search clears the way of the boxes the matching wants moved, however
 * many stand in it, where the opener gave up.  Runs after the opener and
 * the full matching of the expanded state (hu.p); a heuristic, never a
 * pruning.  Variants measured (XSokoban at 10 s; doc/sokoban.md): any push
 * of a hotspot free, hotspots also when the opener has a plan, or only the
 * box in the way of the most, or only the paths to the first open layer's
 * goals: each solved some levels and lost others. */
#define FS_HOT_MIN 2

void pc__fs_hotspots(fs_solver *s)
{
    int32_t nb = s->map.nb, nc = s->map.nc;
    int32_t *cnt = s->ex.hot, *seen = s->ex.hot + nb + 1;
    for (int32_t i = 0; i <= nb; i++)
        cnt[i] = 0, seen[i] = -1;
    if (s->ex.oplan)
        return;
    for (int32_t j = 1; j <= nb; j++) {
        int32_t i = s->hu.p[j] - 1;
        if (i < 0)
            continue;
        int32_t c = s->ex.bx[i];
        const uint16_t *d = s->fz.cur + (size_t)(j - 1) * nc;
        if (s->map.goal[c] || d[c] == FS_UNREACH)
            continue;
        while (d[c] > 0) {
            int32_t next = -1;
            for (int k = 0; k < 4 && next < 0; k++) {
                int32_t y = s->map.nbr[c][k], q = s->map.nbr[c][(k + 2) & 3];
                if (y < 0 || q < 0 || d[y] == FS_UNREACH || d[y] + 1 != d[c])
                    continue;
                next = y;
                s->ex.hpath[y] = s->ex.hpath[q] = s->ex.ostamp;
                int32_t on[2] = {s->ex.boxat[y], s->ex.boxat[q]};
                for (int e = 0; e < 2; e++)
                    if (on[e] >= 0 && on[e] != i && seen[on[e]] != i) {
                        seen[on[e]] = i;
                        cnt[on[e]]++;
                    }
            }
            if (next < 0)
                break; /* the distances follow the player's side: no such step here */
            c = next;
        }
    }
    for (int32_t i = 0; i < nb; i++)
        cnt[i] = cnt[i] >= FS_HOT_MIN && !s->map.goal[s->ex.bx[i]];
}
