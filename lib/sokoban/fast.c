/*
 * The fast Sokoban solver (PC_SOKOBAN_ANY): any solution, found quickly, on
 * levels of any size the parser takes.
 *
 * Search: greedy best-first over push states.  A state is the set of boxes
 * and the player's reachability class (the least interior cell the player
 * can reach without pushing), so two positions that differ only by a walk
 * are one state.  The open list is a bucket queue on a key (the lower bound
 * h plus the packing penalty below), each
 * bucket a LIFO stack (the newest, usually deepest, state first); states are
 * kept once in a hash table keyed by a Zobrist hash of the boxes and the
 * player's class.
 *
 * Lower bound h: the minimum-cost perfect matching of boxes to goals on push
 * distances (pulled backwards from each goal on a board without boxes): a
 * Hungarian algorithm for the state taken off the queue and one augmenting
 * path per child (only one box moved).  A state without a finite matching
 * (some box can reach no free goal) is a deadlock.
 *
 * Pruning (all sound, so an exhausted search proves the level unsolvable):
 * simple dead squares (no box there can ever reach a goal), freeze deadlocks
 * (the pushed box, with the boxes blocking it, can never move again and one
 * of them stands off a goal), the matching's infeasibility, and PI-corrals
 * (see pi_corral: when the player's area leaves a corral whose barrier
 * boxes can only be pushed into it, and pushed now, only those pushes are
 * searched; a corral with work in it and no such push is a deadlock).  Not
 * done (yet): a learned deadlock table, tunnel and goal-room macro moves.
 *
 * Packing order (a heuristic only): from the solved position, the boxes that
 * can be pulled out to a starting square with the other goals as walls are
 * taken out round after round; the goals emptied last are to be filled
 * first.  The queue's key is h + 3 x (goals filled while a deeper layer still
 * has an empty goal), so greedy search fills goal rooms from the back.
 *
 * Every solution is replayed on a copy of the level before it is returned.
 */
#include <stdlib.h>
#include <string.h>

#include "common/budget.h"
#include "common/rng.h"
#include "common/text.h"
#include "sokoban/fast_int.h"
#include "common/alloc.h"

#define FS_BIG ((int64_t)1 << 24)     /* cost of an impossible box-goal pair */
#define FS_INF ((int64_t)1 << 60)
#define FS_UNREACH 0xFFFFu
#define FS_FREEZE_CALLS 256           /* freeze test: recursive calls at most */
#define FS_PACK (s->pack)
#define FS_PACK_PENALTY 3             /* key added per goal filled out of packing order */

typedef struct {
    uint64_t hash;
    uint32_t parent; /* index of the parent record (the root: itself) */
    uint16_t from;   /* cell the pushed box left */
    uint8_t dir;     /* direction of the push */
    uint8_t pad;
    uint16_t player; /* least cell of the player's reachable area */
    uint16_t boxes[]; /* sorted cell ids */
} fs_rec;

typedef struct {
    uint32_t *v;
    size_t n, cap;
} fs_stack;

typedef struct {
    const pc_sokoban *g;
    pc__meter *m;
    int32_t nc, nb;        /* interior cells, boxes (= goals) */
    int32_t *c2g;          /* nc: grid index */
    int32_t *g2c;          /* w*h: cell id or -1 */
    int32_t (*nbr)[4];     /* nc x 4: neighbour cell or -1 */
    uint8_t *goal, *dead;  /* nc */
    int32_t *goals;        /* nb goal cells */
    uint16_t *dist;        /* nb x nc: pushes from the cell to goal j, FS_UNREACH: never */
    int32_t *layer;        /* nc: packing layer of a goal (0: fill first), -1 elsewhere */
    int32_t nlayers, pack;
    int32_t *lcount;       /* nlayers: scratch */
    uint64_t *zb, *zp;     /* Zobrist keys of a box and of the player's class, per cell */
    /* records */
    unsigned char *arena;
    size_t nrec, reccap, recsize;
    uint32_t *table;       /* open addressing: record index + 1 */
    size_t tcap;
    /* open list */
    fs_stack *bk;
    size_t nbk, minbk, nopen;
    /* memory */
    uint64_t bytes, peak;
    /* scratch */
    int32_t *boxat;        /* nc: index of the box there, -1 */
    uint32_t *mark;        /* nc: reachability stamps */
    uint32_t *pmark;       /* nc: the expanded state's marks */
    uint32_t stamp;
    int32_t *queue;        /* nc */
    uint8_t *tmpwall;      /* nc: freeze test */
    int32_t fcalls;
    int32_t *frec, nfrec;  /* pc__sokoban_deadlock: the boxes found frozen (NULL in search) */
    int32_t nbar;          /* boxes in cbox */
    int32_t *bx;           /* nb: boxes of the state expanded */
    int32_t *comp;         /* nc: corral of a free cell the player does not reach, -1 */
    uint32_t *bmark;       /* nb: the corral whose barrier the box is on (its stamp) */
    uint32_t cstamp;
    int32_t *cbox;         /* nb: a corral's barrier boxes */
    int32_t *uf;           /* nc: union-find over corrals */
    uint8_t *allow, *tallow; /* nb: pushes (bit per direction) the chosen corral allows */
    uint16_t *child;       /* nb */
    int64_t *u, *v, *cu, *cv, *minv; /* Hungarian: n + 1 each */
    int32_t *p, *cp, *way;
    uint8_t *used;
} fs_solver;

static inline fs_rec *fs_rec_at(const fs_solver *s, size_t i)
{
    return (fs_rec *)(s->arena + i * s->recsize);
}

/* Charge `add` bytes (and release `sub`); 0 when the budget refuses. */
static int charge(fs_solver *s, uint64_t add, uint64_t sub)
{
    if (pc__meter_over_bytes(s->m, s->bytes - sub, add))
        return 0;
    s->bytes = s->bytes - sub + add;
    if (s->bytes > s->peak)
        s->peak = s->bytes;
    return 1;
}

static int32_t grow(fs_solver *s, void **ptr, size_t *cap, size_t need, size_t el)
{
    if (need <= *cap)
        return PC_OK;
    size_t nc = *cap ? *cap : 16;
    while (nc < need)
        nc *= 2;
    if (nc > SIZE_MAX / el)
        return PC_ELIMIT;
    if (!charge(s, (uint64_t)nc * el, (uint64_t)*cap * el))
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

static void fs_free(fs_solver *s)
{
    pc__free(s->c2g);
    pc__free(s->g2c);
    pc__free(s->nbr);
    pc__free(s->goal);
    pc__free(s->dead);
    pc__free(s->goals);
    pc__free(s->dist);
    pc__free(s->layer);
    pc__free(s->lcount);
    pc__free(s->zb);
    pc__free(s->zp);
    pc__free(s->arena);
    pc__free(s->table);
    for (size_t i = 0; i < s->nbk; i++)
        pc__free(s->bk[i].v);
    pc__free(s->bk);
    pc__free(s->boxat);
    pc__free(s->mark);
    pc__free(s->pmark);
    pc__free(s->queue);
    pc__free(s->tmpwall);
    pc__free(s->bx);
    pc__free(s->comp);
    pc__free(s->bmark);
    pc__free(s->cbox);
    pc__free(s->uf);
    pc__free(s->frec);
    pc__free(s->allow);
    pc__free(s->tallow);
    pc__free(s->child);
    pc__free(s->u);
    pc__free(s->v);
    pc__free(s->cu);
    pc__free(s->cv);
    pc__free(s->minv);
    pc__free(s->p);
    pc__free(s->cp);
    pc__free(s->way);
    pc__free(s->used);
}

/* ---- static tables ---------------------------------------------------------------------- */

static int32_t prepare(fs_solver *s, const pc_sokoban *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    int32_t nc = 0, nb = 0, ng = 0;
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
    s->nc = nc;
    s->nb = nb;
    size_t k1 = (size_t)nb + 1;
    uint64_t fixed = (uint64_t)nc * (sizeof(int32_t) * 10 + 4 + 16 + 2) + n * sizeof(int32_t) +
                     (uint64_t)nb * nc * 2 + k1 * (8 * 5 + 4 * 5 + 3) + (uint64_t)nb * 6;
    if (!charge(s, fixed, 0))
        return PC_ELIMIT;
    s->c2g = pc__malloc((size_t)nc * sizeof *s->c2g);
    s->g2c = pc__malloc(n * sizeof *s->g2c);
    s->nbr = pc__malloc((size_t)nc * sizeof *s->nbr);
    s->goal = pc__calloc((size_t)nc, 1);
    s->dead = pc__calloc((size_t)nc, 1);
    s->goals = pc__malloc(((size_t)nb + 1) * sizeof *s->goals);
    s->dist = pc__malloc(((size_t)nb * nc + 1) * sizeof *s->dist);
    s->zb = pc__malloc((size_t)nc * sizeof *s->zb);
    s->zp = pc__malloc((size_t)nc * sizeof *s->zp);
    s->boxat = pc__malloc((size_t)nc * sizeof *s->boxat);
    s->mark = pc__calloc((size_t)nc, sizeof *s->mark);
    s->pmark = pc__calloc((size_t)nc, sizeof *s->pmark);
    s->queue = pc__malloc((size_t)nc * sizeof *s->queue);
    s->tmpwall = pc__calloc((size_t)nc, 1);
    s->bx = pc__malloc(((size_t)nb + 1) * sizeof *s->bx);
    s->comp = pc__malloc((size_t)nc * sizeof *s->comp);
    s->bmark = pc__calloc(k1, sizeof *s->bmark);
    s->cbox = pc__malloc(k1 * sizeof *s->cbox);
    s->uf = pc__malloc((size_t)nc * sizeof *s->uf);
    s->allow = pc__malloc(k1);
    s->tallow = pc__malloc(k1);
    s->child = pc__malloc(((size_t)nb + 1) * sizeof *s->child);
    s->u = pc__malloc(k1 * sizeof *s->u);
    s->v = pc__malloc(k1 * sizeof *s->v);
    s->cu = pc__malloc(k1 * sizeof *s->cu);
    s->cv = pc__malloc(k1 * sizeof *s->cv);
    s->minv = pc__malloc(k1 * sizeof *s->minv);
    s->p = pc__malloc(k1 * sizeof *s->p);
    s->cp = pc__malloc(k1 * sizeof *s->cp);
    s->way = pc__malloc(k1 * sizeof *s->way);
    s->used = pc__malloc(k1);
    if (!s->c2g || !s->g2c || !s->nbr || !s->goal || !s->dead || !s->goals || !s->dist || !s->zb ||
        !s->zp || !s->boxat || !s->mark || !s->pmark || !s->queue || !s->tmpwall || !s->bx ||
        !s->comp || !s->bmark || !s->cbox || !s->uf || !s->allow || !s->tallow || !s->child || !s->u ||
        !s->v || !s->cu || !s->cv || !s->minv || !s->p || !s->cp || !s->way || !s->used)
        return PC_ENOMEM;
    int32_t c = 0, q = 0;
    for (size_t i = 0; i < n; i++) {
        s->g2c[i] = -1;
        if (g->stat[i] & SK_INTERIOR)
            s->g2c[i] = c++;
    }
    for (size_t i = 0; i < n; i++) {
        if (s->g2c[i] < 0)
            continue;
        c = s->g2c[i];
        s->c2g[c] = (int32_t)i;
        s->boxat[c] = -1;
        for (int d = 0; d < 4; d++)
            s->nbr[c][d] = s->g2c[(int32_t)i + pc__sokoban_delta(g, d)];
        s->dead[c] = (g->stat[i] & SK_DEAD) != 0;
        if (g->stat[i] & SK_GOAL) {
            s->goal[c] = 1;
            s->goals[q++] = c;
        }
    }
    /* Push distances to each goal: pull the box backwards (box from y to x
     * needs the player on the far side of x... i.e. x - (y - x) free). */
    for (int32_t j = 0; j < nb; j++) {
        uint16_t *d = s->dist + (size_t)j * nc;
        for (int32_t x = 0; x < nc; x++)
            d[x] = FS_UNREACH;
        size_t qh = 0, qt = 0;
        d[s->goals[j]] = 0;
        s->queue[qt++] = s->goals[j];
        while (qh < qt) {
            int32_t x = s->queue[qh++];
            for (int dd = 0; dd < 4; dd++) {
                int32_t y = s->nbr[x][dd]; /* the box came from y ... */
                if (y < 0 || d[y] != FS_UNREACH)
                    continue;
                int32_t p = s->nbr[y][dd]; /* ... pushed by a player on p */
                if (p < 0)
                    continue;
                d[y] = (uint16_t)(d[x] + 1);
                s->queue[qt++] = y;
            }
        }
    }
    struct pc_rng rng;
    pc__rng_seed(&rng, 0xfa57b0c5ULL);
    for (c = 0; c < nc; c++) {
        s->zb[c] = pc__rng_next(&rng);
        s->zp[c] = pc__rng_next(&rng);
    }
    s->recsize = (offsetof(fs_rec, boxes) + (size_t)nb * 2 + 7) & ~(size_t)7;
    return PC_OK;
}

/* ---- player reachability ---------------------------------------------------------------- */

/* Mark (with a new stamp) the cells the player reaches from `from` without
 * pushing; returns the least of them. */
static int32_t reach(fs_solver *s, int32_t from)
{
    if (++s->stamp == 0) {
        memset(s->mark, 0, (size_t)s->nc * sizeof *s->mark);
        s->stamp = 1;
    }
    uint32_t st = s->stamp;
    size_t qh = 0, qt = 0;
    int32_t least = from;
    s->mark[from] = st;
    s->queue[qt++] = from;
    while (qh < qt) {
        int32_t x = s->queue[qh++];
        if (x < least)
            least = x;
        for (int d = 0; d < 4; d++) {
            int32_t y = s->nbr[x][d];
            if (y >= 0 && s->mark[y] != st && s->boxat[y] < 0) {
                s->mark[y] = st;
                s->queue[qt++] = y;
            }
        }
    }
    return least;
}

/* ---- freeze deadlocks --------------------------------------------------------------------- */

static int frozen(fs_solver *s, int32_t c, int *off);

/* Can the box on c never move along axis a (0 vertical, 1 horizontal)? */
static int axis_blocked(fs_solver *s, int32_t c, int a, int *off)
{
    int32_t n1 = s->nbr[c][a], n2 = s->nbr[c][a + 2];
    if (n1 < 0 || n2 < 0 || s->tmpwall[n1] || s->tmpwall[n2])
        return 1;
    if (s->dead[n1] && s->dead[n2])
        return 1;
    if (s->boxat[n1] >= 0 && frozen(s, n1, off))
        return 1;
    if (s->boxat[n2] >= 0 && frozen(s, n2, off))
        return 1;
    return 0;
}

/* Is the box on c frozen (it can never move again), taking the boxes that
 * are being tested as walls?  *off is set when a box found frozen stands off
 * a goal (only for boxes whose frozenness the answer rests on).  After
 * FS_FREEZE_CALLS calls the answer is "not frozen" (always safe). */
static int frozen(fs_solver *s, int32_t c, int *off)
{
    if (++s->fcalls > FS_FREEZE_CALLS)
        return 0;
    int loc = 0;
    s->tmpwall[c] = 1;
    int f = axis_blocked(s, c, 0, &loc) && axis_blocked(s, c, 1, &loc);
    s->tmpwall[c] = 0;
    if (f) {
        if (!s->goal[c])
            loc = 1;
        *off |= loc;
        if (s->frec && s->nfrec <= FS_FREEZE_CALLS)
            s->frec[s->nfrec++] = c;
    }
    return f;
}

/* A push that left the box on c: is the position now a freeze deadlock? */
static int freeze_dead(fs_solver *s, int32_t c)
{
    int off = 0;
    s->fcalls = 0;
    return frozen(s, c, &off) && off;
}

/* ---- PI-corrals ---------------------------------------------------------------------------- */

/* Corrals of the state expanded (boxes in boxat, the player's area marked
 * pst in pmark): the areas of free cells the player does not reach.  The
 * barrier of a corral C is the set B of boxes next to a cell of C.  C is a
 * PI-corral when every push of a barrier box that could come before any
 * other push of a barrier box goes into C and the player can make it now:
 * for each box b of B and direction d (to = b + d, from = b - d), with walls
 * on either side or `from` in C or on a box of B skipped (never first), and
 * `to` on a box of B or on a dead square skipped too (blocked, or a
 * deadlock), `to` must be in C and `from` reached; otherwise (a push out of
 * C, or one that needs a square the player cannot reach now) C is no
 * PI-corral.  A box outside B on `to` (or on `from` of a push that would
 * count) joins B, so it cannot move before the first push of B either; its
 * own pushes are tested the same way.  When C or B holds
 * work (a box of B off goal or an empty goal in C) every solution's first
 * push of a box of B is one of these pushes, and can be made first (the
 * pushes before it stay outside C and its barrier), so searching those
 * pushes only keeps a solution; none at all proves a deadlock.
 *
 * Returns -1 (a corral deadlock), 0 (no PI-corral: every push) or 1
 * (s->allow holds the pushes of the PI-corral with the fewest). */
static int32_t uf_find(int32_t *uf, int32_t x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* Is cell x in the corral being tested: component id itself (group 0) or
 * any component of the group whose root is id (group 1)? */
static inline int in_corral(const fs_solver *s, int32_t x, int32_t id, int group)
{
    int32_t k = s->comp[x];
    return k >= 0 && (group ? s->uf[k] == id : k == id);
}

/* Test one corral: -1 deadlock, 0 not a PI-corral (or no work in it), else
 * the number of pushes it allows (in s->tallow). */
static int32_t corral_test(fs_solver *s, uint32_t pst, int32_t id, int group)
{
    int32_t nc = s->nc, nb = s->nb, nbar = 0, work = 0;
    if (++s->cstamp == 0) {
        memset(s->bmark, 0, (size_t)nb * sizeof *s->bmark);
        s->cstamp = 1;
    }
    uint32_t bm = s->cstamp;
    for (int32_t x = 0; x < nc; x++) {
        if (!in_corral(s, x, id, group))
            continue;
        if (s->goal[x])
            work = 1; /* an empty goal in C */
        for (int d = 0; d < 4; d++) {
            int32_t y = s->nbr[x][d];
            int32_t k = y >= 0 ? s->boxat[y] : -1;
            if (k >= 0 && s->bmark[k] != bm) {
                s->bmark[k] = bm;
                s->cbox[nbar++] = k;
                if (!s->goal[y])
                    work = 1;
            }
        }
    }
    if (!work)
        return 0;
    int32_t npush = 0;
    for (int32_t k = 0; k < nb; k++)
        s->tallow[k] = 0;
    for (int32_t t = 0; t < nbar; t++) {
        int32_t k = s->cbox[t], b = s->bx[k];
        for (int d = 0; d < 4; d++) {
            int32_t to = s->nbr[b][d], from = s->nbr[b][(d + 2) & 3];
            if (to < 0 || from < 0 || in_corral(s, from, id, group))
                continue;
            if (s->boxat[from] >= 0 && s->bmark[s->boxat[from]] == bm)
                continue;
            if (s->boxat[to] < 0 && s->dead[to])
                continue; /* onto a dead square: a deadlock, never in a solution */
            if (s->boxat[to] >= 0) {
                int32_t o = s->boxat[to];
                if (s->bmark[o] != bm) {
                    /* A box outside B blocks the push: it joins B (its own
                     * pushes are tested in turn), so it cannot move first. */
                    s->bmark[o] = bm;
                    s->cbox[nbar++] = o;
                }
            } else if (s->boxat[from] >= 0) {
                /* The player's square holds a box outside B: it joins B
                 * too, so this push cannot come first. */
                int32_t o = s->boxat[from];
                s->bmark[o] = bm;
                s->cbox[nbar++] = o;
            } else if (in_corral(s, to, id, group)) {
                if (s->pmark[from] != pst)
                    return 0; /* into C, but not now */
                s->tallow[k] |= (uint8_t)(1u << d);
                npush++;
            } else {
                return 0; /* out of C */
            }
        }
    }
    s->nbar = nbar;
    return npush == 0 ? -1 : npush;
}

static int32_t pi_corral(fs_solver *s, uint32_t pst)
{
    int32_t nc = s->nc, nb = s->nb, ncor = 0, best = INT32_MAX;
    for (int32_t c = 0; c < nc; c++)
        s->comp[c] = -1;
    for (int32_t c0 = 0; c0 < nc; c0++) {
        if (s->comp[c0] >= 0 || s->boxat[c0] >= 0 || s->pmark[c0] == pst)
            continue;
        int32_t id = ncor++;
        size_t qh = 0, qt = 0;
        s->comp[c0] = id;
        s->queue[qt++] = c0;
        while (qh < qt) {
            int32_t x = s->queue[qh++];
            for (int d = 0; d < 4; d++) {
                int32_t y = s->nbr[x][d];
                if (y >= 0 && s->boxat[y] < 0 && s->comp[y] < 0) {
                    s->comp[y] = id;
                    s->queue[qt++] = y;
                }
            }
        }
    }
    if (ncor == 0)
        return 0;
    /* Groups: corrals that share a barrier box. */
    for (int32_t k = 0; k < ncor; k++)
        s->uf[k] = k;
    int merged = 0;
    for (int32_t i = 0; i < nb; i++) {
        int32_t b = s->bx[i], first = -1;
        for (int d = 0; d < 4; d++) {
            int32_t y = s->nbr[b][d];
            if (y < 0 || s->comp[y] < 0)
                continue;
            int32_t r = uf_find(s->uf, s->comp[y]);
            if (first < 0) {
                first = r;
            } else if (r != first) {
                s->uf[r] = first;
                merged = 1;
            }
        }
    }
    for (int32_t k = 0; k < ncor; k++)
        s->uf[k] = uf_find(s->uf, k);
    for (int group = 0; group <= merged; group++) {
        for (int32_t id = 0; id < ncor; id++) {
            if (group && s->uf[id] != id)
                continue;
            int32_t n = corral_test(s, pst, id, group);
            if (n < 0)
                return -1;
            if (n > 0 && n < best) {
                best = n;
                memcpy(s->allow, s->tallow, (size_t)nb);
            }
        }
    }
    return best < INT32_MAX ? 1 : 0;
}

/* ---- the matching ------------------------------------------------------------------------- */

static inline int64_t cost(const fs_solver *s, const int32_t *bx, int32_t i, int32_t j)
{
    uint16_t d = s->dist[(size_t)(j - 1) * s->nc + bx[i - 1]];
    return d == FS_UNREACH ? FS_BIG : d;
}

/* One augmenting path for row i (e-maxx's form of the Hungarian method;
 * rows and columns 1-based, p[j] the row of column j). */
static void hung_row(fs_solver *s, const int32_t *bx, int64_t *u, int64_t *v, int32_t *p, int32_t i)
{
    int32_t n = s->nb;
    int64_t *minv = s->minv;
    int32_t *way = s->way;
    uint8_t *used = s->used;
    for (int32_t j = 0; j <= n; j++) {
        minv[j] = FS_INF;
        used[j] = 0;
    }
    p[0] = i;
    int32_t j0 = 0;
    do {
        used[j0] = 1;
        int32_t i0 = p[j0], j1 = 0;
        int64_t delta = FS_INF;
        for (int32_t j = 1; j <= n; j++) {
            if (used[j])
                continue;
            int64_t cur = cost(s, bx, i0, j) - u[i0] - v[j];
            if (cur < minv[j]) {
                minv[j] = cur;
                way[j] = j0;
            }
            if (minv[j] < delta) {
                delta = minv[j];
                j1 = j;
            }
        }
        for (int32_t j = 0; j <= n; j++) {
            if (used[j]) {
                u[p[j]] += delta;
                v[j] -= delta;
            } else {
                minv[j] -= delta;
            }
        }
        j0 = j1;
    } while (p[j0] != 0);
    do {
        int32_t j1 = way[j0];
        p[j0] = p[j1];
        j0 = j1;
    } while (j0);
}

static int64_t match_sum(const fs_solver *s, const int32_t *bx, const int32_t *p)
{
    int64_t t = 0;
    for (int32_t j = 1; j <= s->nb; j++)
        t += cost(s, bx, p[j], j);
    return t;
}

/* Full matching of the boxes bx into u, v, p; returns its cost. */
static int64_t match_full(fs_solver *s, const int32_t *bx)
{
    for (int32_t j = 0; j <= s->nb; j++) {
        s->u[j] = s->v[j] = 0;
        s->p[j] = 0;
    }
    for (int32_t i = 1; i <= s->nb; i++)
        hung_row(s, bx, s->u, s->v, s->p, i);
    return match_sum(s, bx, s->p);
}

/* The matching after box i (0-based) of bx moved (bx already holds its new
 * cell), from the parent's u, v, p. */
static int64_t match_child(fs_solver *s, const int32_t *bx, int32_t i)
{
    int32_t n = s->nb, r = i + 1;
    memcpy(s->cu, s->u, ((size_t)n + 1) * sizeof *s->u);
    memcpy(s->cv, s->v, ((size_t)n + 1) * sizeof *s->v);
    memcpy(s->cp, s->p, ((size_t)n + 1) * sizeof *s->p);
    for (int32_t j = 1; j <= n; j++)
        if (s->cp[j] == r)
            s->cp[j] = 0;
    int64_t best = FS_INF;
    for (int32_t j = 1; j <= n; j++) {
        int64_t c = cost(s, bx, r, j) - s->cv[j];
        if (c < best)
            best = c;
    }
    s->cu[r] = best;
    hung_row(s, bx, s->cu, s->cv, s->cp, r);
    return match_sum(s, bx, s->cp);
}

/* ---- records, hash table, open list --------------------------------------------------------- */

static uint64_t hash_of(const fs_solver *s, const uint16_t *boxes, int32_t player)
{
    uint64_t h = s->zp[player];
    for (int32_t i = 0; i < s->nb; i++)
        h ^= s->zb[boxes[i]];
    return h;
}

/* Find the record with these boxes and player class: index + 1, or 0 and
 * *slot the free slot to use. */
static uint32_t lookup(const fs_solver *s, uint64_t h, const uint16_t *boxes, int32_t player,
                       size_t *slot)
{
    size_t mask = s->tcap - 1, i = (size_t)(h ^ (h >> 29)) & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t e = s->table[i];
        if (!e) {
            *slot = i;
            return 0;
        }
        const fs_rec *r = fs_rec_at(s, e - 1);
        if (r->hash == h && r->player == player &&
            memcmp(r->boxes, boxes, (size_t)s->nb * sizeof *boxes) == 0)
            return e;
    }
}

static int32_t table_grow(fs_solver *s)
{
    size_t nc = s->tcap ? s->tcap * 2 : 1024;
    if (!charge(s, (uint64_t)nc * sizeof *s->table, (uint64_t)s->tcap * sizeof *s->table))
        return PC_ELIMIT;
    uint32_t *t = pc__calloc(nc, sizeof *t);
    if (!t) {
        s->bytes -= (uint64_t)(nc - s->tcap) * sizeof *s->table;
        return PC_ENOMEM;
    }
    pc__free(s->table);
    s->table = t;
    s->tcap = nc;
    for (size_t k = 0; k < s->nrec; k++) {
        const fs_rec *r = fs_rec_at(s, k);
        size_t mask = nc - 1, i = (size_t)(r->hash ^ (r->hash >> 29)) & mask;
        while (t[i])
            i = (i + 1) & mask;
        t[i] = (uint32_t)k + 1;
    }
    return PC_OK;
}

/* Store a new record; returns its index or a negative status. */
static int64_t add_rec(fs_solver *s, uint64_t h, const uint16_t *boxes, int32_t player, uint32_t parent,
                       int32_t from, int dir)
{
    if (s->nrec >= UINT32_MAX - 1)
        return PC_ELIMIT;
    int32_t rc;
    if ((s->nrec + 1) * 2 > s->tcap && (rc = table_grow(s)) < 0)
        return rc;
    size_t slot;
    if (lookup(s, h, boxes, player, &slot))
        return -1000; /* caller checked; never */
    size_t cap = s->reccap;
    void *a = s->arena;
    if ((rc = grow(s, &a, &cap, s->nrec + 1, s->recsize)) < 0)
        return rc;
    s->arena = a;
    s->reccap = cap;
    fs_rec *r = fs_rec_at(s, s->nrec);
    r->hash = h;
    r->parent = parent;
    r->from = (uint16_t)from;
    r->dir = (uint8_t)dir;
    r->pad = 0;
    r->player = (uint16_t)player;
    memcpy(r->boxes, boxes, (size_t)s->nb * sizeof *boxes);
    s->table[slot] = (uint32_t)s->nrec + 1;
    return (int64_t)s->nrec++;
}

static int32_t open_push(fs_solver *s, size_t key, uint32_t idx)
{
    int32_t rc;
    if (key >= s->nbk) {
        size_t cap = s->nbk;
        void *b = s->bk;
        if ((rc = grow(s, &b, &cap, key + 1, sizeof *s->bk)) < 0)
            return rc;
        s->bk = b;
        memset(s->bk + s->nbk, 0, (cap - s->nbk) * sizeof *s->bk);
        s->nbk = cap;
    }
    fs_stack *st = &s->bk[key];
    void *v = st->v;
    if ((rc = grow(s, &v, &st->cap, st->n + 1, sizeof *st->v)) < 0)
        return rc;
    st->v = v;
    st->v[st->n++] = idx;
    if (key < s->minbk || s->nopen == 0)
        s->minbk = key;
    s->nopen++;
    return PC_OK;
}

static uint32_t open_pop(fs_solver *s)
{
    while (s->bk[s->minbk].n == 0)
        s->minbk++;
    s->nopen--;
    fs_stack *st = &s->bk[s->minbk];
    return st->v[--st->n];
}

/* ---- the solution -------------------------------------------------------------------------- */

static const char fs_letters[] = "urdl";

/* Walk the player (cell *pl) to cell `to` by a shortest path on the board
 * with boxes boxat, appending the steps. */
static int walk(fs_solver *s, int32_t *pl, int32_t to, pc__sb *sb)
{
    if (*pl == to)
        return 1;
    /* Breadth-first from `to` back to *pl; mark keeps the direction taken. */
    if (++s->stamp == 0) {
        memset(s->mark, 0, (size_t)s->nc * sizeof *s->mark);
        s->stamp = 1;
    }
    uint32_t st = s->stamp;
    size_t qh = 0, qt = 0;
    s->mark[to] = st;
    s->queue[qt++] = to;
    int found = 0;
    while (qh < qt && !found) {
        int32_t x = s->queue[qh++];
        for (int d = 0; d < 4; d++) {
            int32_t y = s->nbr[x][d];
            if (y < 0 || s->mark[y] == st || s->boxat[y] >= 0)
                continue;
            s->mark[y] = st;
            s->tmpwall[y] = (uint8_t)((d + 2) & 3); /* from y, step this way towards `to` */
            s->queue[qt++] = y;
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
        int d = s->tmpwall[x];
        pc__sb_putc(sb, fs_letters[d]);
        x = s->nbr[x][d];
    }
    /* tmpwall is the freeze test's scratch: clear what we used. */
    for (size_t k = 0; k < qt; k++)
        s->tmpwall[s->queue[k]] = 0;
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
    for (int32_t c = 0; c < s->nc; c++)
        s->boxat[c] = g->box[s->c2g[c]] ? 0 : -1;
    int32_t pl = s->g2c[g->player];
    pc__sb sb;
    pc__sb_init(&sb);
    int ok = 1;
    for (size_t k = 0; k < n && ok; k++) {
        const fs_rec *r = fs_rec_at(s, path[k]);
        int32_t from = r->from, d = r->dir;
        int32_t stand = s->nbr[from][(d + 2) & 3], to = s->nbr[from][d];
        ok = stand >= 0 && to >= 0 && s->boxat[from] >= 0 && s->boxat[to] < 0 && walk(s, &pl, stand, &sb);
        if (ok) {
            pc__sb_putc(&sb, (char)(fs_letters[d] - 'a' + 'A'));
            s->boxat[from] = -1;
            s->boxat[to] = 0;
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

/* ---- packing order ------------------------------------------------------------------------- */

/* Can a box on goal g be pulled to a cell where a box starts off goal, the
 * goals still filled (s->tmpwall) standing as walls? */
static int pull_out(fs_solver *s, int32_t g, const uint8_t *start)
{
    if (++s->stamp == 0) {
        memset(s->mark, 0, (size_t)s->nc * sizeof *s->mark);
        s->stamp = 1;
    }
    uint32_t st = s->stamp;
    size_t qh = 0, qt = 0;
    s->mark[g] = st;
    s->queue[qt++] = g;
    while (qh < qt) {
        int32_t x = s->queue[qh++];
        if (start[x])
            return 1;
        for (int d = 0; d < 4; d++) {
            int32_t y = s->nbr[x][d]; /* the box goes to y, the player from y on */
            if (y < 0 || s->mark[y] == st || s->tmpwall[y])
                continue;
            int32_t z = s->nbr[y][d];
            if (z < 0 || s->tmpwall[z])
                continue;
            s->mark[y] = st;
            s->queue[qt++] = y;
        }
    }
    return 0;
}

/* Packing layers: from the solved position, take out (by pulls) every box
 * that can leave for a starting square with the others as walls, round after
 * round; the goals emptied last are filled first.  Goals that never come out
 * form the deepest layer. */
static int32_t packing_order(fs_solver *s, const pc_sokoban *g)
{
    int32_t nc = s->nc, nb = s->nb;
    s->layer = pc__malloc((size_t)nc * sizeof *s->layer);
    s->lcount = pc__calloc(2 * ((size_t)nb + 2), sizeof *s->lcount);
    uint8_t *start = pc__calloc((size_t)nc, 1);
    int32_t *round = pc__malloc(((size_t)nb + 1) * sizeof *round);
    int32_t *take = pc__malloc(((size_t)nb + 1) * sizeof *take);
    if (!s->layer || !s->lcount || !start || !round || !take) {
        pc__free(start);
        pc__free(round);
        pc__free(take);
        return PC_ENOMEM;
    }
    int32_t any = 0;
    for (int32_t c = 0; c < nc; c++) {
        s->layer[c] = -1;
        start[c] = g->box[s->c2g[c]] && !s->goal[c];
        any |= start[c];
    }
    for (int32_t j = 0; j < nb; j++) {
        round[j] = -1;
        s->tmpwall[s->goals[j]] = 1;
    }
    int32_t left = nb, r = 0;
    while (left > 0 && any) {
        int32_t nt = 0;
        for (int32_t j = 0; j < nb; j++) {
            if (round[j] >= 0)
                continue;
            s->tmpwall[s->goals[j]] = 0;
            if (pull_out(s, s->goals[j], start))
                take[nt++] = j;
            s->tmpwall[s->goals[j]] = 1;
        }
        if (nt == 0)
            break;
        for (int32_t t = 0; t < nt; t++) {
            round[take[t]] = r;
            s->tmpwall[s->goals[take[t]]] = 0;
        }
        left -= nt;
        r++;
    }
    for (int32_t j = 0; j < nb; j++) {
        s->tmpwall[s->goals[j]] = 0;
        if (round[j] < 0)
            round[j] = r; /* never came out: fill first */
    }
    int32_t top = left > 0 ? r : r - 1;
    if (top < 0)
        top = 0;
    s->nlayers = top + 1;
    for (int32_t j = 0; j < nb; j++) {
        s->layer[s->goals[j]] = top - round[j];
        s->lcount[s->nlayers + top - round[j]]++;
    }
    pc__free(start);
    pc__free(round);
    pc__free(take);
    return PC_OK;
}

/* Filled goals packed out of order: those of a layer above the first layer
 * that still has an empty goal. */
static int32_t out_of_order(fs_solver *s, const int32_t *bx)
{
    if (s->nlayers <= 1)
        return 0;
    int32_t *cnt = s->lcount;
    memset(cnt, 0, (size_t)s->nlayers * sizeof *cnt);
    for (int32_t i = 0; i < s->nb; i++)
        if (s->layer[bx[i]] >= 0)
            cnt[s->layer[bx[i]]]++;
    int32_t first = s->nlayers, bad = 0;
    /* lsize: goals per layer, kept in the upper half of lcount */
    const int32_t *lsize = s->lcount + s->nlayers;
    for (int32_t l = 0; l < s->nlayers; l++)
        if (cnt[l] < lsize[l]) {
            first = l;
            break;
        }
    for (int32_t l = first + 1; l < s->nlayers; l++)
        bad += cnt[l];
    return bad;
}

/* ---- the search ------------------------------------------------------------------------------ */

static int32_t search(fs_solver *s, const pc_sokoban *g, pc__fast_out *o)
{
    int32_t rc = prepare(s, g);
    if (rc < 0)
        return rc;
    uint16_t *boxes = s->child;
    int32_t k = 0;
    for (int32_t c = 0; c < s->nc; c++)
        if (g->box[s->c2g[c]]) {
            boxes[k] = (uint16_t)c;
            s->bx[k] = c;
            k++;
        }
    s->pack = FS_PACK_PENALTY;
    if ((rc = packing_order(s, g)) < 0)
        return rc;
    if (s->nb == 0 || match_full(s, s->bx) == 0) {
        o->lurd = pc__malloc(1);
        if (!o->lurd)
            return PC_ENOMEM;
        o->lurd[0] = '\0';
        o->pushes = 0;
        o->bound = 0;
        return PC_OK;
    }
    int64_t h0 = match_full(s, s->bx);
    if (h0 >= FS_BIG)
        return PC_ENOTFOUND;
    o->bound = h0;
    s->m->bound = (double)h0;
    for (int32_t i = 0; i < s->nb; i++)
        s->boxat[boxes[i]] = i;
    int32_t pl = reach(s, s->g2c[g->player]);
    for (int32_t i = 0; i < s->nb; i++)
        s->boxat[boxes[i]] = -1;
    int64_t root = add_rec(s, hash_of(s, boxes, pl), boxes, pl, 0, 0, 0);
    if (root < 0)
        return (int32_t)root;
    if ((rc = open_push(s, (size_t)(h0 + FS_PACK * out_of_order(s, s->bx)), 0)) < 0)
        return rc;
    while (s->nopen) {
        uint32_t idx = open_pop(s);
        o->nodes++;
        const fs_rec *r = fs_rec_at(s, idx);
        for (int32_t i = 0; i < s->nb; i++) {
            s->bx[i] = r->boxes[i];
            s->boxat[r->boxes[i]] = i;
        }
        int32_t player = r->player;
        uint64_t hbox = r->hash ^ s->zp[player];
        reach(s, player);
        /* The parent's reachable set, kept while the children's are found. */
        memcpy(s->pmark, s->mark, (size_t)s->nc * sizeof *s->mark);
        uint32_t pst = s->stamp;
        match_full(s, s->bx);
        int32_t found = -1;
        int32_t cor = pi_corral(s, pst);
        for (int32_t i = 0; i < s->nb && found < 0 && rc == PC_OK && cor >= 0; i++) {
            int32_t b = s->bx[i];
            for (int d = 0; d < 4; d++) {
                int32_t to = s->nbr[b][d], from = s->nbr[b][(d + 2) & 3];
                if (to < 0 || from < 0 || s->pmark[from] != pst || s->boxat[to] >= 0 || s->dead[to])
                    continue;
                if (cor > 0 && !(s->allow[i] >> d & 1))
                    continue;
                s->boxat[b] = -1;
                s->boxat[to] = i;
                s->bx[i] = to;
                int dead = freeze_dead(s, to);
                int64_t h = dead ? FS_BIG : match_child(s, s->bx, i);
                int32_t pen = h < FS_BIG ? out_of_order(s, s->bx) : 0;
                if (h < FS_BIG) {
                    /* the child's boxes, sorted */
                    int32_t t = 0;
                    int put = 0;
                    for (int32_t j = 0; j < s->nb; j++) {
                        int32_t c = r->boxes[j];
                        if (c == b)
                            continue;
                        if (!put && to < c) {
                            boxes[t++] = (uint16_t)to;
                            put = 1;
                        }
                        boxes[t++] = (uint16_t)c;
                    }
                    if (!put)
                        boxes[t++] = (uint16_t)to;
                    int32_t cpl = reach(s, b);
                    uint64_t ch = hbox ^ s->zb[b] ^ s->zb[to] ^ s->zp[cpl];
                    size_t slot;
                    if (!lookup(s, ch, boxes, cpl, &slot)) {
                        int64_t ci = add_rec(s, ch, boxes, cpl, idx, b, d);
                        r = fs_rec_at(s, idx); /* the arena may have moved */
                        if (ci < 0) {
                            rc = (int32_t)ci;
                        } else if (h == 0) {
                            found = (int32_t)ci;
                        } else {
                            rc = open_push(s, (size_t)(h + FS_PACK * pen), (uint32_t)ci);
                        }
                    }
                    s->boxat[to] = -1;
                    s->boxat[b] = i;
                    s->bx[i] = b;
                } else {
                    s->boxat[to] = -1;
                    s->boxat[b] = i;
                    s->bx[i] = b;
                }
                if (found >= 0 || rc != PC_OK)
                    break;
            }
        }
        for (int32_t i = 0; i < s->nb; i++)
            s->boxat[fs_rec_at(s, idx)->boxes[i]] = -1;
        if (rc != PC_OK)
            return rc;
        if (found >= 0)
            return build_lurd(s, g, (uint32_t)found, &o->lurd, &o->pushes);
        if ((rc = pc__meter_step(s->m, 1)) != PC_OK)
            return rc;
    }
    return PC_ENOTFOUND;
}

int32_t pc__sokoban_fast(const pc_sokoban *g, pc__meter *m, pc__fast_out *o)
{
    fs_solver *s = pc__calloc(1, sizeof *s);
    if (!s)
        return PC_ENOMEM;
    s->g = g;
    s->m = m;
    memset(o, 0, sizeof *o);
    o->bound = -1;
    int32_t rc = search(s, g, o);
    o->states = s->nrec;
    o->bytes = s->peak;
    fs_free(s);
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

/* ---- deadlock without search ------------------------------------------------------------------ */

/* The boxes of a Hall set of a matching without finite cost: from the boxes
 * the matching sends to an impossible goal, alternate along possible pairs
 * (box to goal) and matched pairs (goal to its box).  The boxes reached can
 * reach only the goals reached, which are fewer.  Marks them in mark[]. */
static void hall_set(fs_solver *s, uint8_t *mark)
{
    int32_t n = s->nb;
    uint8_t *seen = s->used; /* columns seen (1-based) */
    memset(seen, 0, (size_t)n + 1);
    size_t qh = 0, qt = 0;
    for (int32_t j = 1; j <= n; j++) {
        int32_t i = s->p[j];
        if (cost(s, s->bx, i, j) >= FS_BIG && !mark[i - 1]) {
            mark[i - 1] = 1;
            s->queue[qt++] = i;
        }
    }
    while (qh < qt) {
        int32_t i = s->queue[qh++];
        for (int32_t j = 1; j <= n; j++) {
            if (seen[j] || cost(s, s->bx, i, j) >= FS_BIG)
                continue;
            seen[j] = 1;
            int32_t k = s->p[j];
            if (!mark[k - 1]) {
                mark[k - 1] = 1;
                s->queue[qt++] = k;
            }
        }
    }
}

int32_t pc__sokoban_deadlock(const pc_sokoban *g, uint8_t *grid, int32_t *kind)
{
    *kind = PC_SOKOBAN_DEADLOCK_NONE;
    pc__meter m;
    int32_t rc = pc__meter_start(&m, NULL);
    if (rc != PC_OK)
        return rc;
    fs_solver *s = pc__calloc(1, sizeof *s);
    if (!s)
        return PC_ENOMEM;
    s->g = g;
    s->m = &m;
    size_t n = (size_t)g->w * (size_t)g->h;
    rc = prepare(s, g);
    if (rc == PC_ENOTFOUND) {
        /* A box off goal (or an empty goal) where the player never comes:
         * that box can never move. */
        for (size_t i = 0; i < n; i++)
            if (!(g->stat[i] & SK_INTERIOR) && g->box[i] && !(g->stat[i] & SK_GOAL)) {
                if (grid)
                    grid[i] = 1;
            }
        *kind = PC_SOKOBAN_DEADLOCK_FROZEN;
        rc = 1;
        goto done;
    }
    if (rc < 0)
        goto done;
    uint8_t *mark = pc__calloc((size_t)s->nb + 1, 1);
    s->frec = pc__malloc((FS_FREEZE_CALLS + 1) * sizeof *s->frec);
    if (!mark || !s->frec) {
        pc__free(mark);
        rc = PC_ENOMEM;
        goto done;
    }
    int32_t k = 0;
    for (int32_t c = 0; c < s->nc; c++)
        if (g->box[s->c2g[c]]) {
            s->bx[k] = c;
            s->boxat[c] = k++;
        }
    rc = 0;
    /* 1. boxes on dead squares */
    for (int32_t i = 0; i < s->nb; i++)
        if (s->dead[s->bx[i]] && !s->goal[s->bx[i]]) {
            mark[i] = 1;
            rc = 1;
            *kind = PC_SOKOBAN_DEADLOCK_DEAD_SQUARE;
        }
    /* 2. frozen boxes, one of them off goal: the frozen group */
    for (int32_t i = 0; i < s->nb && rc == 0; i++) {
        int32_t c = s->bx[i];
        if (s->goal[c])
            continue;
        s->nfrec = 0;
        if (freeze_dead(s, c)) {
            for (int32_t t = 0; t < s->nfrec; t++)
                mark[s->boxat[s->frec[t]]] = 1;
            rc = 1;
            *kind = PC_SOKOBAN_DEADLOCK_FROZEN;
        }
    }
    /* 3. a PI-corral that nothing can enter: its barrier */
    if (rc == 0) {
        reach(s, s->g2c[g->player]);
        memcpy(s->pmark, s->mark, (size_t)s->nc * sizeof *s->mark);
        if (pi_corral(s, s->stamp) < 0) {
            for (int32_t t = 0; t < s->nbar; t++)
                mark[s->cbox[t]] = 1;
            rc = 1;
            *kind = PC_SOKOBAN_DEADLOCK_CORRAL;
        }
    }
    /* 4. no assignment of the boxes to goals they can reach */
    if (rc == 0 && s->nb > 0 && match_full(s, s->bx) >= FS_BIG) {
        hall_set(s, mark);
        rc = 1;
        *kind = PC_SOKOBAN_DEADLOCK_MATCHING;
    }
    if (grid)
        for (int32_t i = 0; i < s->nb; i++)
            if (mark[i])
                grid[s->c2g[s->bx[i]]] = 1;
    pc__free(mark);
done:
    fs_free(s);
    pc__free(s);
    return rc;
}
