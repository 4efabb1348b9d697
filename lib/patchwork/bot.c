/*
 * lib/patchwork/bot.c — the two bots: the CodinGame league-5 boss
 * (baseline) and a Monte-Carlo tree search (pc_patchwork_suggest).
 */
#include <math.h>
#include <stdlib.h>

#include "common/budget.h"
#include "patchwork/game.h"
#include "common/alloc.h"

/* The UCT formula's log and sqrt: <math.h>'s (portable C11); the
 * CodinGame single file (gen_cg.py), which must link without -lm, brings
 * its own. */
#ifndef PW_LOG
#define PW_LOG log
#define PW_SQRT sqrt
#endif

/* ---- baseline: the league-5 boss ------------------------------------------------ */

/* The boss's "spaceValue" loops y and x both up to the shape's height, so
 * it counts the filled cells of the leading height x height square (all
 * original shapes are at least as wide as tall, so it never overruns). */
static int32_t boss_space(const pw_patch *p)
{
    const pw_orient *o = &p->orient[0];
    int32_t c = 0;
    for (int y = 0; y < o->h; y++)
        for (int x = 0; x < o->h && x < o->w; x++)
            c += (int32_t)(o->mask >> (y * 9 + x) & 1);
    return c;
}

pw_move pc__patchwork_baseline(const pw_state *s)
{
    int32_t me = pc__patchwork_to_move(s);
    const pw_player *pl = &s->p[me];
    pw_move best = {PW_SKIP, 0, 0, 0, 0, 0};
    int32_t ids[3], sc[3], n = 0;
    if (pl->pending) {
        ids[n] = PW_SPECIAL_PATCH;
        sc[n++] = 0;
    } else {
        int32_t win = s->nmarket < 3 ? s->nmarket : 3;
        int32_t re = pc__popcount64(s->r.earn_mask & ~((2ull << pl->pos) - 1));
        for (int32_t j = 0; j < win; j++) {
            const pw_patch *p = &pc__patchwork_patches[s->market[j]];
            if (p->price > pl->buttons)
                continue;
            ids[n] = s->market[j];
            sc[n++] = re + boss_space(p) + p->price - p->time / 2;
        }
    }
    /* stable sort by descending score (insertion sort keeps ties in order) */
    for (int32_t i = 1; i < n; i++)
        for (int32_t j = i; j > 0 && sc[j] > sc[j - 1]; j--) {
            int32_t t = sc[j];
            sc[j] = sc[j - 1];
            sc[j - 1] = t;
            t = ids[j];
            ids[j] = ids[j - 1];
            ids[j - 1] = t;
        }
    int32_t best_holes = 1000;
    for (int32_t i = 0; i < n; i++) {
        const pw_patch *p = &pc__patchwork_patches[ids[i]];
        int32_t nk = s->r.rotations ? 8 : 1;
        for (int x = 0; x < 9; x++)
            for (int y = 0; y < 9; y++)
                for (int k = 0; k < nk; k++) {
                    const pw_orient *o = &p->orient[k];
                    if (!pw_fits(pl->board, o, x, y))
                        continue;
                    pw_bb add = pw_shl64(o->mask, (unsigned)(y * 9 + x));
                    pw_bb b = {pl->board.lo | add.lo, pl->board.hi | add.hi};
                    int32_t h = pc__patchwork_regions(b);
                    if (h < best_holes) {
                        best_holes = h;
                        best.kind = ids[i] == PW_SPECIAL_PATCH ? PW_SPECIAL : PW_PLAY;
                        best.patch = (uint8_t)(ids[i] == PW_SPECIAL_PATCH ? -pc__patchwork_special_id(s) : ids[i]);
                        best.x = (uint8_t)x;
                        best.y = (uint8_t)y;
                        best.flip = (uint8_t)(k >> 2);
                        best.rot = (uint8_t)(k & 3);
                    }
                }
    }
    return best;
}

int32_t pc_patchwork_baseline_move(const pc_patchwork *g, int32_t *code)
{
    if (!g || !code)
        return PC_EINVAL;
    if (g->s.over)
        return PC_EOVER;
    pw_move m = pc__patchwork_baseline(&g->s);
    *code = pc__patchwork_move_code(&m);
    return PC_OK;
}

/* ---- placement policies -------------------------------------------------------------- */

static const pw_bb c0 = {0x8040201008040201ull, 0x100ull};    /* x == 0 */
static const pw_bb c8 = {0x4020100804020100ull, 0x10080ull};  /* x == 8 */
static const pw_bb row0 = {0x1FFull, 0};                         /* y == 0 */
static const pw_bb row8 = {0, 0x1FF00ull};                       /* y == 8 */

static inline int pc2(pw_bb a, pw_bb b)
{
    return pc__popcount64(a.lo & b.lo) + pc__popcount64(a.hi & b.hi);
}

static inline pw_bb shl(pw_bb b, unsigned n)
{
    pw_bb r = {b.lo << n, ((b.hi << n) | (b.lo >> (64 - n))) & PW_FULL_HI};
    return r;
}

/* Edges of placed cells P that touch a wall or a covered square. */
static int contact(pw_bb board, pw_bb p)
{
    pw_bb nc0 = {p.lo & ~c0.lo, p.hi & ~c0.hi}, nc8 = {p.lo & ~c8.lo, p.hi & ~c8.hi};
    return pc2(p, c0) + pc2(p, c8) + pc2(p, row0) + pc2(p, row8) + pc2(shl(nc8, 1), board) +
           pc2(pw_shr(nc0, 1), board) + pc2(shl(p, 9), board) + pc2(pw_shr(p, 9), board);
}

/* Best placement of patch id (PW_SPECIAL for the 1x1) by contact, ties to
 * the first found.  Returns 0 when it does not fit anywhere. */
static int place_best(const pw_state *s, pw_bb board, int32_t id, pw_move *m)
{
    const pw_patch *p = &pc__patchwork_patches[id];
    int32_t nk = s->r.rotations ? p->ndistinct : 1, best = -1;
    for (int32_t i = 0; i < nk; i++) {
        int k = p->distinct[i];
        const pw_orient *o = &p->orient[k];
        pw_bb org = pw_fit_origins(board, o);
        for (int half = 0; half < 2; half++) {
            uint64_t w = half ? org.hi : org.lo;
            while (w) {
                int b = pc__ctz64(w) + 64 * half;
                w &= w - 1;
                int c = contact(board, pw_shl64(o->mask, (unsigned)b));
                if (c > best) {
                    best = c;
                    m->x = (uint8_t)(b % 9);
                    m->y = (uint8_t)(b / 9);
                    m->flip = (uint8_t)(k >> 2);
                    m->rot = (uint8_t)(k & 3);
                }
            }
        }
    }
    return best >= 0;
}

/* Fast placement for playouts: the first origin in row-major order over
 * all orientations (a top-left packing). */
static int place_fast(const pw_state *s, pw_bb board, int32_t id, pw_move *m)
{
    const pw_patch *p = &pc__patchwork_patches[id];
    int32_t nk = s->r.rotations ? p->ndistinct : 1, best = 1000;
    for (int32_t i = 0; i < nk; i++) {
        int k = p->distinct[i];
        pw_bb org = pw_fit_origins(board, &p->orient[k]);
        int b = org.lo ? pc__ctz64(org.lo) : org.hi ? 64 + pc__ctz64(org.hi) : 1000;
        if (b < best) {
            best = b;
            m->x = (uint8_t)(b % 9);
            m->y = (uint8_t)(b / 9);
            m->flip = (uint8_t)(k >> 2);
            m->rot = (uint8_t)(k & 3);
        }
    }
    return best < 1000;
}

/* The worth of buying patch p now, in buttons per time step. */
static double worth(const pw_state *s, const pw_player *pl, const pw_patch *p)
{
    int32_t re = pc__popcount64(s->r.earn_mask & ~((2ull << pl->pos) - 1));
    int32_t left = s->r.duration - pl->pos;
    double v = 2.0 * p->cells + (double)p->earn * re * s->r.money_mult - (double)p->price * s->r.money_mult;
    int32_t t = p->time < left ? p->time : left;
    return v / (double)(t > 0 ? t : 1) - (s->r.money_mult ? 1.0 : 0.0);
}

/* The playout policy: place a pending special top-left; otherwise buy the
 * window patch worth most per step (a random one 1 time in 8) if it is worth
 * more than a SKIP, placing it top-left. */
static pw_move playout_move(const pw_state *s, struct pc_rng *rng)
{
    int32_t me = pc__patchwork_to_move(s);
    const pw_player *pl = &s->p[me];
    pw_move m = {PW_SKIP, 0, 0, 0, 0, 0};
    if (pl->pending) {
        m.kind = PW_SPECIAL;
        m.patch = (uint8_t)-pc__patchwork_special_id(s);
        place_fast(s, pl->board, PW_SPECIAL_PATCH, &m);
        return m;
    }
    int32_t win = s->nmarket < 3 ? s->nmarket : 3, order[3], n = 0;
    double val[3];
    for (int32_t j = 0; j < win; j++) {
        const pw_patch *p = &pc__patchwork_patches[s->market[j]];
        if (p->price > pl->buttons)
            continue;
        val[n] = worth(s, pl, p) + pc__rng_double(rng) * 0.8;
        order[n++] = s->market[j];
    }
    if ((pc__rng_next(rng) & 7) == 0 && n > 1) {
        int32_t i = pc__rng_below(rng, n);
        val[i] += 100.0;
    }
    while (n > 0) {
        int32_t bi = 0;
        for (int32_t i = 1; i < n; i++)
            if (val[i] > val[bi])
                bi = i;
        if (val[bi] < 0.0)
            break;
        m.kind = PW_PLAY;
        m.patch = (uint8_t)order[bi];
        if (place_fast(s, pl->board, order[bi], &m))
            return m;
        order[bi] = order[n - 1];
        val[bi] = val[n - 1];
        n--;
    }
    m.kind = PW_SKIP;
    m.patch = m.x = m.y = m.flip = m.rot = 0;
    return m;
}

/* ---- MCTS ----------------------------------------------------------------------------- */

typedef struct node {
    pw_state s;
    pw_move move;      /* the move that led here */
    int32_t parent, first, nchild;
    int32_t mover;     /* who played `move` */
    double visits, value; /* value from the mover's point of view */
} node;

/* Bound on the tree: about 25 MB of nodes (240 bytes each), reached after some 100 000
 * playouts (a few seconds of search); later playouts still refine the
 * statistics of the existing nodes. */
enum { MAX_NODES = 100000 };

typedef struct tree {
    node *n;
    int32_t count, cap;
} tree;

static int32_t add_node(tree *t, const pw_state *s, const pw_move *m, int32_t parent, int32_t mover)
{
    if (t->count == t->cap) {
        int32_t nc = t->cap ? t->cap * 2 : 1024;
        node *nn = pc__realloc(t->n, (size_t)nc * sizeof *nn);
        if (!nn)
            return -1;
        t->n = nn;
        t->cap = nc;
    }
    node *x = &t->n[t->count];
    x->s = *s;
    x->move = *m;
    x->parent = parent;
    x->first = -1;
    x->nchild = 0;
    x->mover = mover;
    x->visits = 0;
    x->value = 0;
    return t->count++;
}

/* Children: the pending special (placed by contact), or SKIP plus every
 * affordable window patch that fits (placed by contact). */
static int expand(tree *t, int32_t id)
{
    pw_state s = t->n[id].s;
    int32_t me = pc__patchwork_to_move(&s);
    const pw_player *pl = &s.p[me];
    pw_move ms[4];
    int32_t n = 0;
    if (pl->pending) {
        pw_move m = {PW_SPECIAL, (uint8_t)-pc__patchwork_special_id(&s), 0, 0, 0, 0};
        if (place_best(&s, pl->board, PW_SPECIAL_PATCH, &m))
            ms[n++] = m;
    } else {
        pw_move sk = {PW_SKIP, 0, 0, 0, 0, 0};
        ms[n++] = sk;
        int32_t win = s.nmarket < 3 ? s.nmarket : 3;
        for (int32_t j = 0; j < win; j++) {
            pw_move m = {PW_PLAY, s.market[j], 0, 0, 0, 0};
            if (pc__patchwork_patches[m.patch].price <= pl->buttons && place_best(&s, pl->board, m.patch, &m))
                ms[n++] = m;
        }
    }
    int32_t first = t->count;
    for (int32_t i = 0; i < n; i++) {
        pw_state c = s;
        pc__patchwork_do(&c, &ms[i]);
        if (add_node(t, &c, &ms[i], id, me) < 0)
            return -1;
    }
    t->n[id].first = first;
    t->n[id].nchild = n;
    return 0;
}

/* Result for player 0 in [0, 1]: mostly win/loss, a little margin. */
static double result0(const pw_state *s)
{
    int32_t w = pc__patchwork_winner(s);
    double r = w == 0 ? 1.0 : w == 1 ? 0.0 : 0.5;
    double d = (double)(pc__patchwork_score(s, 0) - pc__patchwork_score(s, 1));
    double m = 0.5 + d / (2.0 * (20.0 + (d < 0 ? -d : d)));
    return 0.85 * r + 0.15 * m;
}

/* The search under a running meter: one node is one playout; the meter is
 * checked after every playout (a playout is slow, some microseconds) and its
 * bound follows the best root child's win rate.  *status gets PC_OK when the
 * search stopped on a limit (an anytime search: its best move so far is the
 * answer), PC_ECANCELLED when cancelled, PC_ENOMEM when the root could not be
 * expanded. */
/* Selection: from the root down by UCB1 to a leaf or an unvisited child. */
static int32_t select_leaf(const tree *t, struct pc_rng *rng)
{
    int32_t cur = 0;
    while (t->n[cur].nchild > 0) {
        const node *p = &t->n[cur];
        double lp = 2.0 * PW_LOG(p->visits + 1.0), bestv = -1e300;
        int32_t bi = p->first;
        for (int32_t c = p->first; c < p->first + p->nchild; c++) {
            const node *x = &t->n[c];
            double u = x->visits == 0 ? 1e9 + pc__rng_double(rng)
                                      : x->value / x->visits + 0.5 * PW_SQRT(lp / x->visits);
            if (u > bestv) {
                bestv = u;
                bi = c;
            }
        }
        cur = bi;
        if (t->n[cur].visits == 0)
            break;
    }
    return cur;
}

/* A playout from s to the end of the game; its result for player 0. */
static double playout(pw_state s, struct pc_rng *rng)
{
    while (!s.over) {
        pw_move m = playout_move(&s, rng);
        pc__patchwork_do(&s, &m);
    }
    return result0(&s);
}

/* Backpropagation of player 0's result r0 from node cur to the root. */
static void backpropagate(tree *t, int32_t cur, double r0)
{
    for (int32_t c = cur; c > 0; c = t->n[c].parent) {
        t->n[c].visits += 1;
        t->n[c].value += t->n[c].mover == 0 ? r0 : 1.0 - r0;
    }
    t->n[0].visits += 1;
}

/* The root's most visited child (the first of equals); -1 when none. */
static int32_t most_visited(const tree *t)
{
    int32_t best = -1;
    double bv = -1;
    for (int32_t c = t->n[0].first; c < t->n[0].first + t->n[0].nchild; c++)
        if (t->n[c].visits > bv) {
            bv = t->n[c].visits;
            best = c;
        }
    return best;
}

pw_move pc__patchwork_mcts(const pw_state *root, pc__meter *meter, int64_t *done, int32_t *status)
{
    tree t = {NULL, 0, 0};
    struct pc_rng rng;
    pc__rng_seed(&rng, meter->seed);
    pw_move none = {PW_SKIP, 0, 0, 0, 0, 0};
    pw_move fallback = pc__patchwork_baseline(root);
    int64_t it = 0;
    *status = PC_OK;
    if (add_node(&t, root, &none, -1, -1) < 0 || expand(&t, 0) < 0 || t.n[0].nchild == 0) {
        *status = t.n ? PC_OK : PC_ENOMEM;
        pc__free(t.n);
        return fallback;
    }
    if (t.n[0].nchild == 1) {
        pw_move m = t.n[t.n[0].first].move;
        pc__free(t.n);
        return m;
    }
    while (meter->status == PC_OK) {
        it++;
        int32_t cur = select_leaf(&t, &rng);
        /* expansion (the tree stops growing at MAX_NODES or the budget's
         * bytes; playouts go on) */
        if (t.n[cur].visits > 0 && !t.n[cur].s.over && t.n[cur].nchild == 0 && t.count + 4 <= MAX_NODES &&
            !pc__meter_over_bytes(meter, (uint64_t)t.cap * sizeof(node), 4 * sizeof(node))) {
            if (expand(&t, cur) < 0)
                break;
            if (t.n[cur].nchild > 0)
                cur = t.n[cur].first + pc__rng_below(&rng, t.n[cur].nchild);
        }
        backpropagate(&t, cur, playout(t.n[cur].s, &rng));
        /* progress: the most visited root child's mean result */
        int32_t mv = most_visited(&t);
        if (mv >= 0)
            meter->bound = t.n[mv].value / t.n[mv].visits;
        meter->nodes++;
        pc__meter_check(meter);
    }
    if (meter->status == PC_ECANCELLED)
        *status = PC_ECANCELLED;
    int32_t bi = most_visited(&t);
    pw_move best = bi >= 0 ? t.n[bi].move : fallback;
    if (done)
        *done = it;
    pc__free(t.n);
    return best;
}

int32_t pc_patchwork_suggest(const pc_patchwork *g, const pc_budget *budget, int32_t *code)
{
    pc__meter meter;
    int32_t rc;
    if (!g || !code)
        return PC_EINVAL;
    if (g->s.over)
        return PC_EOVER;
    rc = pc__meter_start(&meter, budget);
    if (rc != PC_OK)
        return rc;
    if (meter.status != PC_OK)
        return meter.status;
    pw_move m = pc__patchwork_mcts(&g->s, &meter, NULL, &rc);
    if (rc != PC_OK)
        return rc;
    *code = pc__patchwork_move_code(&m);
    return PC_OK;
}
