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
 * openers).
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
 * frozen on goals as walls: see fz_table), and PI-corrals
 * (see pi_corral: when the player's area leaves a corral whose barrier
 * boxes can only be pushed into it, and pushed now, only those pushes are
 * searched; a corral with work in it and no such push is a deadlock), and
 * learned deadlock patterns (see learned_dead: a small sub-search on the
 * boxes round the pushed one, the others taken away, proves some clusters
 * lost; the proved patterns prune every later push that completes them),
 * and corral searches (see corral_dead: the same sub-search on the barrier
 * boxes of a corral the player does not reach, stored the same way).
 * Not done (yet): tunnel macros.
 *
 * Packing order (a heuristic only): from the solved position, the boxes that
 * can be pulled out to a starting square with the other goals as walls are
 * taken out round after round; the goals emptied last are to be filled
 * first.  The feature search counts the goals filled in that order, and the
 * packing macros fill the first layer's goals.
 *
 * Every solution is replayed on a copy of the level before it is returned.
 */
#include <stdlib.h>
#include <string.h>

#include "common/budget.h"
#include "common/rng.h"
#include "common/text.h"
#include "sokoban/fast_int.h"
#include "sokoban/fast_learn.h"
#include "sokoban/hungarian.h"
#include "common/alloc.h"

#define FS_BIG ((int64_t)1 << 24)     /* cost of an impossible box-goal pair */
#define FS_INF ((int64_t)1 << 60)
#define FS_UNREACH PC__SOKOBAN_UNREACH
#define FS_FREEZE_CALLS 256           /* freeze test: recursive calls at most */
#define FS_LEARN_BOXES 5              /* learned patterns: boxes in a cluster at most */
#define FS_LEARN_STATES 256           /* sub-search: states at most (then "not proved") */
#define FS_CORRAL_BOXES 10            /* corral search: barrier boxes at most */
#define FS_CORRAL_STATES 1024         /* corral search: sub-states at most */
#define FS_SUB_BOXES FS_CORRAL_BOXES  /* sub-search: the larger of the two box counts */
#define FS_SUB_STATES FS_CORRAL_STATES /* and of the two state counts */
#define FS_SUB_SLOTS 2048             /* and hash slots (power of two, > FS_SUB_STATES) */
#define FS_LEARN_CACHE 65536          /* clusters remembered as not proved dead (power of two) */

typedef struct {
    uint64_t hash;
    uint32_t parent; /* index of the parent record (the root: itself) */
    uint16_t from;   /* cell the pushed box left */
    uint8_t dir;     /* direction of the push */
    uint8_t done;    /* expanded already (by either queue) */
    uint16_t player; /* least cell of the player's reachable area */
    uint16_t weight; /* feature search: pushes on the way here no advisor proposed */
    uint16_t boxes[]; /* sorted cell ids */
} fs_rec;

/* A binary min-heap of records by key (the feature search's cells). */
typedef struct {
    uint64_t key;
    uint32_t idx;
} fs_hitem;

typedef struct {
    fs_hitem *v;
    size_t n, cap;
} fs_heap;

/* The level as the fast search sees it: interior cells, neighbours, goals,
 * dead squares, push distances, the packing layers and Zobrist keys.
 * Written once by prepare (and packing_order); read-only while the search
 * runs. */
typedef struct {
    const pc_sokoban *g;
    int32_t nc, nb;        /* interior cells, boxes (= goals) */
    int32_t *c2g;          /* nc: grid index */
    int32_t *g2c;          /* w*h: cell id or -1 */
    int32_t (*nbr)[4];     /* nc x 4: neighbour cell or -1 */
    uint8_t *goal, *dead;  /* nc */
    int32_t *goals;        /* nb goal cells */
    uint16_t *dist;        /* nb x nc: pushes from the cell to goal j, FS_UNREACH: never */
    int32_t *layer;        /* nc: packing layer of a goal (0: fill first), -1 elsewhere */
    int32_t nlayers;
    uint64_t *zb, *zp;     /* Zobrist keys of a box and of the player's class, per cell */
} fs_map;

/* The node store: the arena of records, the hash table that finds them and
 * the feature cells (the open list).  Written by add_rec and the cells'
 * push and pop. */
typedef struct {
    unsigned char *arena;
    size_t nrec, reccap, recsize;
    uint32_t *table;       /* open addressing: record index + 1 */
    size_t tcap;
    fs_heap *cell;         /* feature search: one heap per feature cell */
    size_t ncell, cur, fopen; /* cells, the round robin's next cell, records queued in them */
    size_t half, dcur, dopen; /* the deferred cells' first, next, records queued in them */
    uint64_t pops;
} fs_store;

/* Scratch of one expansion: where the boxes are, the player's reachability
 * stamps, the children's boxes.  Contents last within one call. */
typedef struct {
    int32_t *boxat;        /* nc: index of the box there, -1 */
    uint32_t *mark;        /* nc: reachability stamps */
    uint32_t *pmark;       /* nc: the expanded state's marks */
    uint32_t stamp;
    int32_t *queue;        /* nc */
    int32_t *bx;           /* nb: boxes of the state expanded */
    uint16_t *child;       /* nb */
    int32_t *lcount;       /* nlayers: scratch */
    int32_t ppack, preg;   /* the expanded state's features (feature search) */
    uint16_t pweight;      /* and its weight */
    uint32_t *opener;      /* nb: the box is in the way of the next goal's box (stamp ostamp) */
    uint32_t ostamp;
    uint64_t fzkey;        /* the expanded state's boxes frozen on goals (hash, 0: none) */
    int32_t fzslot;        /* and their table's slot in fz (-1: map.dist) */
    const uint16_t *fzpar; /* and that table */
} fs_scratch;

/* The packing macro's scratch (pack_macro): the reverse search over
 * (box cell, side of the player) states, 4 per cell. */
typedef struct {
    uint32_t *vis, *exp;   /* 4 nc: stamps, state queued / its region searched */
    uint32_t st;
    int32_t *par;          /* 4 nc: the state pulled from, -1 at the goal */
    uint8_t *dir;          /* 4 nc: the pull that led here */
    int32_t *q;            /* 4 nc: the queue */
    int32_t *push;         /* nb + nc: the macro's pushes (cell, direction) */
} fs_macro;

/* The freeze test's scratch (frozen and its callers). */
typedef struct {
    uint8_t *tmpwall;      /* nc: freeze test */
    int32_t fcalls;
    int32_t *frec, nfrec;  /* pc__sokoban_deadlock: the boxes found frozen (NULL in search) */
    int32_t *onfrozen;     /* nb: boxes frozen on goals (sealed) */
} fs_freeze;

/* The PI-corral analysis's scratch (pi_corral). */
typedef struct {
    int32_t nbar;          /* boxes in cbox */
    int32_t ncor;          /* corrals of the state expanded (ids in comp) */
    int32_t *order;        /* nc + ncor + 1: the corrals' cells grouped by id (corral_dead) */
    int32_t *comp;         /* nc: corral of a free cell the player does not reach, -1 */
    uint32_t *bmark;       /* nb: the corral whose barrier the box is on (its stamp) */
    uint32_t cstamp;
    int32_t *cbox;         /* nb: a corral's barrier boxes */
    int32_t *uf;           /* nc: union-find over corrals */
    uint8_t *allow, *tallow; /* nb: pushes (bit per direction) the chosen corral allows */
} fs_corral;

/* The Hungarian algorithm's arrays (n + 1 each): duals, assignment, and
 * the copies one child's augmenting path works on. */
typedef struct {
    int64_t *u, *v, *cu, *cv, *minv;
    int32_t *p, *cp, *way;
    uint8_t *used;
} fs_hungarian;

/* Learned deadlock patterns (learned_dead): the sub-search's board and
 * states, the cache of clusters not proved dead and the patterns proved,
 * indexed by each of their box squares. */
typedef struct {
    uint32_t *v;
    size_t n, cap;
} fs_plist;

typedef struct {
    int32_t *sboxat;       /* nc: the sub-board's boxes (index in the cluster), -1 */
    uint32_t *smark;       /* nc: the expanded sub-state's reach (stamp sst) */
    uint32_t sst;
    uint16_t *sstate;      /* FS_SUB_STATES x (FS_SUB_BOXES + 1): sorted cells, player class */
    uint64_t *shash;       /* FS_SUB_STATES: their hashes */
    uint32_t *stable;      /* FS_SUB_SLOTS: sub-state index + 1 */
    size_t smask;          /* the sub-search in progress: its slots - 1 */
    int32_t scap;          /* and its states at most */
    uint64_t *alive;       /* FS_LEARN_CACHE: clusters not proved dead (hash | 1; lossy) */
    uint32_t *pat;         /* patterns: box count, box cells, region bitset (words) */
    size_t npat, patcap;   /* uint32 words used, allocated */
    fs_plist *at;          /* nc: the patterns (offsets in pat) holding a box on the cell */
    int32_t words;         /* region bitset words per pattern */
    int full;              /* the budget refused a pattern: learn no more */
    uint64_t learned;      /* patterns stored */
} fs_learn;

/* Push distances with the boxes frozen on goals as walls (fz_table): a
 * direct-mapped cache of tables, one per set of such boxes (by hash, the
 * set kept as a bitset to check), and a scratch table for a set that must
 * not evict the table in use.  cur is the table the matching reads now
 * (map.dist when no box is frozen on a goal). */
#define FS_FZ_SLOTS 512               /* tables cached at most */
#define FS_FZ_BYTES ((size_t)8 << 20) /* and their bytes at most (then fewer slots, 16 at least) */
#define FS_FZ_CELLS 65536             /* frozen distances only when boxes x cells <= this */

typedef struct {
    const uint16_t *cur;   /* the matching's distances (cost) */
    uint64_t *key;         /* nslots + 1: the set's hash | 1, 0 empty (the last: scratch) */
    uint32_t *set;         /* (nslots + 1) x words: the sets */
    uint16_t *dist;        /* (nslots + 1) x nb x nc: the tables */
    int32_t nslots;
    uint8_t *side;         /* 4 nc: the player's areas round a box (fz_sides) */
    int32_t words;
    int off;               /* not used: too big a level, or the budget refused the cache */
    uint64_t built;        /* tables computed */
} fs_fzdist;

/* The fast solver: the caller's meter and the memory charged, and its
 * parts, grouped by who writes them. */
typedef struct {
    pc__meter *m;
    uint64_t bytes, peak;  /* memory charged now, and at most (charge) */
    fs_map map;            /* the level (fixed during the search) */
    fs_store st;           /* records, hash table, open list */
    fs_scratch ex;         /* one expansion's scratch */
    fs_freeze fr;          /* freeze test */
    fs_corral cor;         /* PI-corrals */
    fs_macro mac;          /* packing macros */
    fs_hungarian hu;       /* matching */
    fs_learn lr;           /* learned deadlock patterns */
    fs_fzdist fz;          /* push distances with the boxes frozen on goals as walls */
} fs_solver;

static inline fs_rec *fs_rec_at(const fs_solver *s, size_t i)
{
    return (fs_rec *)(s->st.arena + i * s->st.recsize);
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

/* A solver for g under meter m, nothing allocated but itself (NULL: no memory). */
static fs_solver *fs_new(const pc_sokoban *g, pc__meter *m)
{
    fs_solver *s = pc__calloc(1, sizeof *s);
    if (s) {
        s->map.g = g;
        s->m = m;
    }
    return s;
}

static void fs_free(fs_solver *s)
{
    pc__free(s->map.c2g);
    pc__free(s->map.g2c);
    pc__free(s->map.nbr);
    pc__free(s->map.goal);
    pc__free(s->map.dead);
    pc__free(s->map.goals);
    pc__free(s->map.dist);
    pc__free(s->map.layer);
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
    uint64_t fixed = (uint64_t)nc * (sizeof(int32_t) * 12 + 4 + 16 + 2 + 4 * 17 + 8) + n * sizeof(int32_t) +
                     (uint64_t)nb * nc * 2 + k1 * (8 * 5 + 4 * 7 + 3) + (uint64_t)nb * 6;
    if (!charge(s, fixed, 0))
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
        !s->cor.cbox || !s->cor.uf || !s->cor.order || !s->cor.allow || !s->cor.tallow || !s->ex.child || !s->ex.opener || !s->hu.u || !s->hu.v ||
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

/* Push distances to every goal (map.dist), the player walking round the
 * box: the level's pull search (dead.c) from each goal in turn, read back
 * into cell ids.  Its scratch is charged while it lives. */
static int32_t pull_goals(fs_solver *s, const pc_sokoban *g, size_t n)
{
    uint64_t bytes = (uint64_t)n * (4 * sizeof(int32_t) * 2 + 2 + 4 * 2);
    if (!charge(s, bytes, 0))
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
    charge(s, 0, bytes);
    return rc;
}

/* Fill the static tables: PC_OK, PC_ENOTFOUND when a box or goal lies out
 * of the player's reach (or they differ in number), PC_ERANGE, PC_ELIMIT or
 * PC_ENOMEM. */
static int32_t prepare(fs_solver *s, const pc_sokoban *g)
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
    if ((rc = pull_goals(s, g, n)) < 0)
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

/* A new stamp for ex.mark. */
static uint32_t new_stamp(fs_solver *s)
{
    if (++s->ex.stamp == 0) {
        memset(s->ex.mark, 0, (size_t)s->map.nc * sizeof *s->ex.mark);
        s->ex.stamp = 1;
    }
    return s->ex.stamp;
}

/* Mark with stamp st in mark[] the free squares reachable from `from`
 * (boxes, and the square `block` when >= 0, closed); returns the least of
 * them, *count (may be NULL) their number. */
static int32_t fill(fs_solver *s, uint32_t *mark, int32_t from, int32_t block, uint32_t st, int32_t *count)
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

/* Mark (with a new stamp) the cells the player reaches from `from` without
 * pushing; returns the least of them. */
static int32_t reach(fs_solver *s, int32_t from)
{
    return fill(s, s->ex.mark, from, -1, new_stamp(s), NULL);
}

/* reach, kept in pmark as the reach of the position under examination
 * (pushes are tested against it while the children's reaches are found
 * in mark); returns its stamp. */
static uint32_t reach_kept(fs_solver *s, int32_t from)
{
    reach(s, from);
    memcpy(s->ex.pmark, s->ex.mark, (size_t)s->map.nc * sizeof *s->ex.mark);
    return s->ex.stamp;
}

/* ---- freeze deadlocks --------------------------------------------------------------------- */

static int frozen(fs_solver *s, int32_t c, int *off);

/* Can the box on c never move along axis a (0 vertical, 1 horizontal)? */
static int axis_blocked(fs_solver *s, int32_t c, int a, int *off)
{
    int32_t n1 = s->map.nbr[c][a], n2 = s->map.nbr[c][a + 2];
    if (n1 < 0 || n2 < 0 || s->fr.tmpwall[n1] || s->fr.tmpwall[n2])
        return 1;
    if (s->map.dead[n1] && s->map.dead[n2])
        return 1;
    if (s->ex.boxat[n1] >= 0 && frozen(s, n1, off))
        return 1;
    if (s->ex.boxat[n2] >= 0 && frozen(s, n2, off))
        return 1;
    return 0;
}

/* Is the box on c frozen (it can never move again), taking the boxes that
 * are being tested as walls?  *off is set when a box found frozen stands off
 * a goal (only for boxes whose frozenness the answer rests on).  After
 * FS_FREEZE_CALLS calls the answer is "not frozen" (always safe). */
static int frozen(fs_solver *s, int32_t c, int *off)
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
static int freeze_dead(fs_solver *s, int32_t c)
{
    int off = 0;
    s->fr.fcalls = 0;
    return frozen(s, c, &off) && off;
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
        if (s->map.goal[c] && (soft || (frozen(s, c, &off) && !off)))
            s->fr.onfrozen[nf++] = c;
    }
    if (nf == 0)
        return 0;
    uint8_t *wall = s->fr.tmpwall;
    for (int32_t k = 0; k < nf; k++)
        wall[s->fr.onfrozen[k]] = 1;
    int dead = 0;
    for (int pass = 0; pass < 2 && !dead; pass++) {
        /* pass 0 pulls from the free goals, pass 1 pushes from the boxes */
        uint32_t st = new_stamp(s);
        size_t qh = 0, qt = 0;
        for (int32_t j = 0; j < nb; j++) {
            int32_t c = pass == 0 ? s->map.goals[j] : s->ex.bx[j];
            if (!wall[c] && s->ex.mark[c] != st) {
                s->ex.mark[c] = st;
                s->ex.queue[qt++] = c;
            }
        }
        while (qh < qt) {
            int32_t x = s->ex.queue[qh++];
            for (int d = 0; d < 4; d++) {
                /* pull: the box came from y, pushed by a player behind y;
                 * push: the box goes to y, pushed by a player behind x */
                int32_t y = s->map.nbr[x][d];
                int32_t p = y < 0 ? -1 : pass == 0 ? s->map.nbr[y][d] : s->map.nbr[x][(d + 2) & 3];
                if (y < 0 || p < 0 || wall[y] || wall[p] || s->ex.mark[y] == st)
                    continue;
                s->ex.mark[y] = st;
                s->ex.queue[qt++] = y;
            }
        }
        for (int32_t j = 0; j < nb && (!dead || mark); j++) {
            int32_t c = pass == 0 ? s->ex.bx[j] : s->map.goals[j];
            if (!wall[c] && s->ex.mark[c] != st) {
                dead = 1;
                if (mark && pass == 0)
                    mark[j] = 1;
            }
        }
    }
    for (int32_t k = 0; k < nf; k++) {
        wall[s->fr.onfrozen[k]] = 0;
        if (mark && dead)
            mark[s->ex.boxat[s->fr.onfrozen[k]]] = 1;
    }
    return dead;
}

static int sealed(fs_solver *s, uint8_t *mark)
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
static int soft_sealed(fs_solver *s)
{
    return seal_test(s, NULL, 1);
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
 * (s->cor.allow holds the pushes of the PI-corral with the fewest). */
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
    int32_t k = s->cor.comp[x];
    return k >= 0 && (group ? s->cor.uf[k] == id : k == id);
}

/* Test one corral: -1 deadlock, 0 not a PI-corral (or no work in it), else
 * the number of pushes it allows (in s->cor.tallow). */
static int32_t corral_test(fs_solver *s, uint32_t pst, int32_t id, int group)
{
    int32_t nc = s->map.nc, nb = s->map.nb, nbar = 0, work = 0;
    if (++s->cor.cstamp == 0) {
        memset(s->cor.bmark, 0, (size_t)nb * sizeof *s->cor.bmark);
        s->cor.cstamp = 1;
    }
    uint32_t bm = s->cor.cstamp;
    for (int32_t x = 0; x < nc; x++) {
        if (!in_corral(s, x, id, group))
            continue;
        if (s->map.goal[x])
            work = 1; /* an empty goal in C */
        for (int d = 0; d < 4; d++) {
            int32_t y = s->map.nbr[x][d];
            int32_t k = y >= 0 ? s->ex.boxat[y] : -1;
            if (k >= 0 && s->cor.bmark[k] != bm) {
                s->cor.bmark[k] = bm;
                s->cor.cbox[nbar++] = k;
                if (!s->map.goal[y])
                    work = 1;
            }
        }
    }
    if (!work)
        return 0;
    int32_t npush = 0;
    for (int32_t k = 0; k < nb; k++)
        s->cor.tallow[k] = 0;
    for (int32_t t = 0; t < nbar; t++) {
        int32_t k = s->cor.cbox[t], b = s->ex.bx[k];
        for (int d = 0; d < 4; d++) {
            int32_t to = s->map.nbr[b][d], from = s->map.nbr[b][(d + 2) & 3];
            if (to < 0 || from < 0 || in_corral(s, from, id, group))
                continue;
            if (s->ex.boxat[from] >= 0 && s->cor.bmark[s->ex.boxat[from]] == bm)
                continue;
            if (s->ex.boxat[to] < 0 && s->map.dead[to])
                continue; /* onto a dead square: a deadlock, never in a solution */
            if (s->ex.boxat[to] >= 0) {
                int32_t o = s->ex.boxat[to];
                if (s->cor.bmark[o] != bm) {
                    /* A box outside B blocks the push: it joins B (its own
                     * pushes are tested in turn), so it cannot move first. */
                    s->cor.bmark[o] = bm;
                    s->cor.cbox[nbar++] = o;
                }
            } else if (s->ex.boxat[from] >= 0) {
                /* The player's square holds a box outside B: it joins B
                 * too, so this push cannot come first. */
                int32_t o = s->ex.boxat[from];
                s->cor.bmark[o] = bm;
                s->cor.cbox[nbar++] = o;
            } else if (in_corral(s, to, id, group)) {
                if (s->ex.pmark[from] != pst)
                    return 0; /* into C, but not now */
                s->cor.tallow[k] |= (uint8_t)(1u << d);
                npush++;
            } else {
                return 0; /* out of C */
            }
        }
    }
    s->cor.nbar = nbar;
    return npush == 0 ? -1 : npush;
}

static int32_t pi_corral(fs_solver *s, uint32_t pst)
{
    int32_t nc = s->map.nc, nb = s->map.nb, ncor = 0, best = INT32_MAX;
    for (int32_t c = 0; c < nc; c++)
        s->cor.comp[c] = -1;
    s->cor.ncor = 0;
    for (int32_t c0 = 0; c0 < nc; c0++) {
        if (s->cor.comp[c0] >= 0 || s->ex.boxat[c0] >= 0 || s->ex.pmark[c0] == pst)
            continue;
        int32_t id = ncor++;
        size_t qh = 0, qt = 0;
        s->cor.comp[c0] = id;
        s->ex.queue[qt++] = c0;
        while (qh < qt) {
            int32_t x = s->ex.queue[qh++];
            for (int d = 0; d < 4; d++) {
                int32_t y = s->map.nbr[x][d];
                if (y >= 0 && s->ex.boxat[y] < 0 && s->cor.comp[y] < 0) {
                    s->cor.comp[y] = id;
                    s->ex.queue[qt++] = y;
                }
            }
        }
    }
    s->cor.ncor = ncor;
    if (ncor == 0)
        return 0;
    /* Groups: corrals that share a barrier box. */
    for (int32_t k = 0; k < ncor; k++)
        s->cor.uf[k] = k;
    int merged = 0;
    for (int32_t i = 0; i < nb; i++) {
        int32_t b = s->ex.bx[i], first = -1;
        for (int d = 0; d < 4; d++) {
            int32_t y = s->map.nbr[b][d];
            if (y < 0 || s->cor.comp[y] < 0)
                continue;
            int32_t r = uf_find(s->cor.uf, s->cor.comp[y]);
            if (first < 0) {
                first = r;
            } else if (r != first) {
                s->cor.uf[r] = first;
                merged = 1;
            }
        }
    }
    for (int32_t k = 0; k < ncor; k++)
        s->cor.uf[k] = uf_find(s->cor.uf, k);
    for (int group = 0; group <= merged; group++) {
        for (int32_t id = 0; id < ncor; id++) {
            if (group && s->cor.uf[id] != id)
                continue;
            int32_t n = corral_test(s, pst, id, group);
            if (n < 0)
                return -1;
            if (n > 0 && n < best) {
                best = n;
                memcpy(s->cor.allow, s->cor.tallow, (size_t)nb);
            }
        }
    }
    return best < INT32_MAX ? 1 : 0;
}

/* ---- the matching ------------------------------------------------------------------------- */

static inline int64_t cost(const fs_solver *s, const int32_t *bx, int32_t i, int32_t j)
{
    uint16_t d = s->fz.cur[(size_t)(j - 1) * s->map.nc + bx[i - 1]];
    return d == FS_UNREACH ? FS_BIG : d;
}

/* The cost callback of pc__sk_hung_row: box row i to goal column j. */
struct fs_cost_ctx {
    const fs_solver *s;
    const int32_t *bx;
};

static inline int64_t fs_cost(const void *ctx, int32_t i, int32_t j)
{
    const struct fs_cost_ctx *c = ctx;
    return cost(c->s, c->bx, i, j);
}

/* One augmenting path for row i (lib/sokoban/hungarian.h). */
static void hung_row(fs_solver *s, const int32_t *bx, int64_t *u, int64_t *v, int32_t *p, int32_t i)
{
    struct fs_cost_ctx ctx = {s, bx};
    pc__sk_hung_row(s->map.nb, fs_cost, &ctx, i, u, v, p, s->hu.minv, s->hu.way, s->hu.used);
}

static int64_t match_sum(const fs_solver *s, const int32_t *bx, const int32_t *p)
{
    int64_t t = 0;
    for (int32_t j = 1; j <= s->map.nb; j++)
        t += cost(s, bx, p[j], j);
    return t;
}

/* Full matching of the boxes bx into u, v, p; returns its cost. */
static int64_t match_into(fs_solver *s, const int32_t *bx, int64_t *u, int64_t *v, int32_t *p)
{
    for (int32_t j = 0; j <= s->map.nb; j++) {
        u[j] = v[j] = 0;
        p[j] = 0;
    }
    for (int32_t i = 1; i <= s->map.nb; i++)
        hung_row(s, bx, u, v, p, i);
    return match_sum(s, bx, p);
}

/* Full matching of the boxes bx into hu.u, hu.v, hu.p (the expanded
 * state's). */
static int64_t match_full(fs_solver *s, const int32_t *bx)
{
    return match_into(s, bx, s->hu.u, s->hu.v, s->hu.p);
}

/* The matching after box i (0-based) of bx moved (bx already holds its new
 * cell), from the parent's u, v, p. */
static int64_t match_child(fs_solver *s, const int32_t *bx, int32_t i)
{
    int32_t n = s->map.nb, r = i + 1;
    memcpy(s->hu.cu, s->hu.u, ((size_t)n + 1) * sizeof *s->hu.u);
    memcpy(s->hu.cv, s->hu.v, ((size_t)n + 1) * sizeof *s->hu.v);
    memcpy(s->hu.cp, s->hu.p, ((size_t)n + 1) * sizeof *s->hu.p);
    for (int32_t j = 1; j <= n; j++)
        if (s->hu.cp[j] == r)
            s->hu.cp[j] = 0;
    int64_t best = FS_INF;
    for (int32_t j = 1; j <= n; j++) {
        int64_t c = cost(s, bx, r, j) - s->hu.cv[j];
        if (c < best)
            best = c;
    }
    s->hu.cu[r] = best;
    hung_row(s, bx, s->hu.cu, s->hu.cv, s->hu.cp, r);
    return match_sum(s, bx, s->hu.cp);
}

/* ---- records, hash table, open list --------------------------------------------------------- */

static uint64_t hash_of(const fs_solver *s, const uint16_t *boxes, int32_t player)
{
    uint64_t h = s->map.zp[player];
    for (int32_t i = 0; i < s->map.nb; i++)
        h ^= s->map.zb[boxes[i]];
    return h;
}

/* Find the record with these boxes and player class: index + 1, or 0 and
 * *slot the free slot to use. */
static uint32_t lookup(const fs_solver *s, uint64_t h, const uint16_t *boxes, int32_t player,
                       size_t *slot)
{
    size_t mask = s->st.tcap - 1, i = (size_t)(h ^ (h >> 29)) & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t e = s->st.table[i];
        if (!e) {
            *slot = i;
            return 0;
        }
        const fs_rec *r = fs_rec_at(s, e - 1);
        if (r->hash == h && r->player == player &&
            memcmp(r->boxes, boxes, (size_t)s->map.nb * sizeof *boxes) == 0)
            return e;
    }
}

static int32_t table_grow(fs_solver *s)
{
    size_t nc = s->st.tcap ? s->st.tcap * 2 : 1024;
    if (!charge(s, (uint64_t)nc * sizeof *s->st.table, (uint64_t)s->st.tcap * sizeof *s->st.table))
        return PC_ELIMIT;
    uint32_t *t = pc__calloc(nc, sizeof *t);
    if (!t) {
        s->bytes -= (uint64_t)(nc - s->st.tcap) * sizeof *s->st.table;
        return PC_ENOMEM;
    }
    pc__free(s->st.table);
    s->st.table = t;
    s->st.tcap = nc;
    for (size_t k = 0; k < s->st.nrec; k++) {
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
    if (s->st.nrec >= UINT32_MAX - 1)
        return PC_ELIMIT;
    int32_t rc;
    if ((s->st.nrec + 1) * 2 > s->st.tcap && (rc = table_grow(s)) < 0)
        return rc;
    size_t slot;
    if (lookup(s, h, boxes, player, &slot))
        return -1000; /* caller checked; never */
    size_t cap = s->st.reccap;
    void *a = s->st.arena;
    if ((rc = grow(s, &a, &cap, s->st.nrec + 1, s->st.recsize)) < 0)
        return rc;
    s->st.arena = a;
    s->st.reccap = cap;
    fs_rec *r = fs_rec_at(s, s->st.nrec);
    r->hash = h;
    r->parent = parent;
    r->from = (uint16_t)from;
    r->dir = (uint8_t)dir;
    r->done = 0;
    r->weight = 0;
    r->player = (uint16_t)player;
    memcpy(r->boxes, boxes, (size_t)s->map.nb * sizeof *boxes);
    s->st.table[slot] = (uint32_t)s->st.nrec + 1;
    return (int64_t)s->st.nrec++;
}

/* The feature search's cells: one per (goals packed in order, areas of
 * free squares), the areas counted up to FS_AREAS. */
#define FS_AREAS 16

static size_t cell_of(int32_t inorder, int32_t areas)
{
    if (areas > FS_AREAS)
        areas = FS_AREAS;
    return (size_t)inorder * FS_AREAS + (size_t)(areas > 0 ? areas - 1 : 0);
}

static int32_t cells_alloc(fs_solver *s)
{
    size_t n = 2 * ((size_t)s->map.nb + 1) * FS_AREAS;
    if (!charge(s, (uint64_t)n * sizeof *s->st.cell, 0))
        return PC_ELIMIT;
    s->st.cell = pc__calloc(n, sizeof *s->st.cell);
    if (!s->st.cell)
        return PC_ENOMEM;
    s->st.ncell = n;
    s->st.half = s->st.dcur = n / 2;
    return PC_OK;
}

static int32_t cell_push(fs_solver *s, size_t cell, uint64_t key, uint32_t idx)
{
    fs_heap *hp = &s->st.cell[cell];
    void *v = hp->v;
    int32_t rc = grow(s, &v, &hp->cap, hp->n + 1, sizeof *hp->v);
    if (rc < 0)
        return rc;
    hp->v = v;
    size_t i = hp->n++;
    while (i > 0 && hp->v[(i - 1) / 2].key > key) {
        hp->v[i] = hp->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    hp->v[i].key = key;
    hp->v[i].idx = idx;
    s->st.fopen++;
    s->st.dopen += cell >= s->st.half;
    return PC_OK;
}

/* The least record of the next non-empty cell, round robin: of the
 * ordinary cells, but one pop in FS_DEFER_EVERY (and every pop when the
 * ordinary cells are empty) of the deferred ones. */
#define FS_DEFER_EVERY 8

static uint32_t cell_pop(fs_solver *s)
{
    size_t half = s->st.half, lo = 0, hi = half, *cur = &s->st.cur;
    int deferred = s->st.dopen > 0 && (s->st.dopen == s->st.fopen || ++s->st.pops % FS_DEFER_EVERY == 0);
    if (deferred) {
        lo = half;
        hi = s->st.ncell;
        cur = &s->st.dcur;
        s->st.dopen--;
    }
    size_t k = *cur;
    while (s->st.cell[k].n == 0)
        k = k + 1 < hi ? k + 1 : lo;
    *cur = k + 1 < hi ? k + 1 : lo;
    fs_heap *hp = &s->st.cell[k];
    uint32_t top = hp->v[0].idx;
    fs_hitem last = hp->v[--hp->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= hp->n)
            break;
        if (c + 1 < hp->n && hp->v[c + 1].key < hp->v[c].key)
            c++;
        if (hp->v[c].key >= last.key)
            break;
        hp->v[i] = hp->v[c];
        i = c;
    }
    if (hp->n > 0)
        hp->v[i] = last;
    s->st.fopen--;
    return top;
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
    uint32_t st = new_stamp(s);
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

/* ---- packing order ------------------------------------------------------------------------- */

/* Can a box on goal g be pulled to a cell where a box starts off goal, the
 * goals still filled (s->fr.tmpwall) standing as walls, the player going
 * wherever the box needs it (the fallback of pull_out)? */
static int pull_out_blind(fs_solver *s, int32_t g, const uint8_t *start)
{
    uint32_t st = new_stamp(s);
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

/* Mark (new stamp in ex.mark) the squares the player reaches from p, the
 * filled goals (fr.tmpwall) and the square `block` closed; adds their
 * number to *work.  p closed itself: nothing marked. */
static uint32_t pull_flood(fs_solver *s, int32_t p, int32_t block, int64_t *work)
{
    uint32_t st = new_stamp(s);
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
static int pull_out(fs_solver *s, int32_t g, const uint8_t *start, int32_t pl0, int64_t *work)
{
    if (*work > FS_PULL_WORK)
        return -1;
    if (++s->mac.st == 0) {
        memset(s->mac.vis, 0, 4 * (size_t)s->map.nc * sizeof *s->mac.vis);
        memset(s->mac.exp, 0, 4 * (size_t)s->map.nc * sizeof *s->mac.exp);
        s->mac.st = 1;
    }
    uint32_t ms = s->mac.st, st = pl0 >= 0 ? pull_flood(s, pl0, g, work) : 0;
    size_t qh = 0, qt = 0;
    for (int d = 0; d < 4; d++) {
        int32_t p = s->map.nbr[g][d];
        if (p >= 0 && !s->fr.tmpwall[p] && (pl0 < 0 || s->ex.mark[p] == st)) {
            s->mac.vis[g * 4 + d] = ms;
            s->mac.q[qt++] = g * 4 + d;
        }
    }
    while (qh < qt) {
        int32_t k = s->mac.q[qh++], x = k / 4;
        if (start[x])
            return 1;
        if (s->mac.exp[k] == ms)
            continue;
        if (*work > FS_PULL_WORK)
            return -1;
        st = pull_flood(s, s->map.nbr[x][k % 4], x, work);
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
            s->mac.q[qt++] = y * 4 + d;
        }
    }
    return 0;
}

/* Packing layers: from the solved position, take out (by pulls) every box
 * that can leave for a starting square with the others as walls, the player
 * walking to every pull (pull_out), round after round; the goals emptied
 * last are filled first.  Goals that never come out form the deepest
 * layer. */
static int32_t packing_order(fs_solver *s, const pc_sokoban *g)
{
    int32_t nc = s->map.nc, nb = s->map.nb;
    s->map.layer = pc__malloc((size_t)nc * sizeof *s->map.layer);
    s->ex.lcount = pc__calloc(2 * ((size_t)nb + 2), sizeof *s->ex.lcount);
    uint8_t *start = pc__calloc((size_t)nc, 1);
    int32_t *round = pc__malloc(((size_t)nb + 1) * sizeof *round);
    int32_t *take = pc__malloc(((size_t)nb + 1) * sizeof *take);
    if (!s->map.layer || !s->ex.lcount || !start || !round || !take) {
        pc__free(start);
        pc__free(round);
        pc__free(take);
        return PC_ENOMEM;
    }
    int32_t any = 0;
    for (int32_t c = 0; c < nc; c++) {
        s->map.layer[c] = -1;
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
    while (left > 0 && any) {
        int32_t nt = 0;
        for (int32_t j = 0; j < nb; j++) {
            if (round[j] >= 0)
                continue;
            s->fr.tmpwall[s->map.goals[j]] = 0;
            int out = pull_out(s, s->map.goals[j], start, pl0, &work);
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
    pc__free(start);
    pc__free(round);
    pc__free(take);
    return PC_OK;
}

/* Goals filled in packing order: the filled goals of every layer up to the
 * first layer that still has an empty goal (that layer included).  Leaves
 * the filled goals per layer in ex.lcount. */
static int32_t packing(fs_solver *s, const int32_t *bx)
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
        in += cnt[l];
        if (cnt[l] < lsize[l])
            break;
    }
    return in;
}

/* The areas the boxes cut the free squares into (the player's included):
 * the feature search's connectivity. */
static int32_t regions(fs_solver *s)
{
    uint32_t st = new_stamp(s);
    int32_t n = 0;
    for (int32_t c0 = 0; c0 < s->map.nc; c0++)
        if (s->ex.boxat[c0] < 0 && s->ex.mark[c0] != st) {
            n++;
            fill(s, s->ex.mark, c0, -1, st, NULL);
        }
    return n;
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
        if (frozen(s, c, &off) && !off) {
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
 * other with the box on x; 0xFF: no free square there).  One flood per
 * area, shared by every goal's pull search (fz_pull). */
static void fz_sides(fs_solver *s)
{
    int64_t work = 0;
    uint8_t *side = s->fz.side;
    for (int32_t x = 0; x < s->map.nc; x++) {
        for (int d = 0; d < 4; d++)
            side[4 * x + d] = 0xFF;
        if (s->fr.tmpwall[x])
            continue;
        for (int d = 0; d < 4; d++) {
            int32_t p = s->map.nbr[x][d];
            if (p < 0 || s->fr.tmpwall[p] || side[4 * x + d] != 0xFF)
                continue;
            uint32_t st = pull_flood(s, p, x, &work);
            for (int e = d; e < 4; e++) {
                int32_t q = s->map.nbr[x][e];
                if (q >= 0 && s->ex.mark[q] == st)
                    side[4 * x + e] = (uint8_t)d;
            }
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
    if (nb * nc > FS_FZ_CELLS || !charge(s, bytes, 0)) {
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
        charge(s, 0, bytes);
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
static const uint16_t *fz_table(fs_solver *s, int32_t keep, uint64_t *key, int32_t *slot)
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

/* ---- learned deadlock patterns ------------------------------------------------------------- */

/* After a push, the boxes around the pushed one (those joined to it through
 * boxes on the 8 squares around each, FS_LEARN_BOXES at most, nearest
 * first) form a cluster.  A sub-search plays the level with the cluster's
 * boxes alone, the others taken off the board, from the player's square:
 * every push sequence of the whole position is one of the sub-board too
 * (walks and pushes there meet fewer boxes), and in a solution every box of
 * the cluster ends on a goal.  So when the sub-search exhausts its states
 * without putting all the cluster's boxes on goals, the position is a
 * deadlock, and so is every position with boxes on those squares and the
 * player in the same area of the sub-board (it holds the same sub-problem).
 * Such a pattern (after dropping the boxes it does not need: each box but
 * the pushed one is taken out in turn and kept out when the rest is still
 * proved dead) is stored, box squares and the player's area of its
 * sub-board as a bitset, and prunes every later push that completes it.
 * The sub-search prunes only what is dead on its own board (dead squares,
 * frozen boxes off goal); it gives up ("not proved", never pruned) after
 * FS_LEARN_STATES states, or as soon as the boxes are all on goals, or
 * are all apart (no two on neighbouring squares, diagonals included) with
 * the player reaching every free square: a cheap guess that the cluster is
 * no trap, which can only lose a pruning, never make a wrong one.
 * Clusters not proved dead are remembered (by hash: a collision loses a
 * pruning only) so each is searched once. */

static int32_t learn_alloc(fs_solver *s)
{
    fs_learn *L = &s->lr;
    size_t nc = (size_t)s->map.nc;
    L->words = (s->map.nc + 31) / 32;
    uint64_t bytes = nc * (4 + 4 + sizeof *L->at) + (uint64_t)FS_SUB_STATES * ((FS_SUB_BOXES + 1) * 2 + 8) +
                     (uint64_t)FS_SUB_SLOTS * 4 + (uint64_t)FS_LEARN_CACHE * 8;
    if (!charge(s, bytes, 0))
        return PC_ELIMIT;
    L->sboxat = pc__malloc(nc * sizeof *L->sboxat);
    L->smark = pc__calloc(nc, sizeof *L->smark);
    L->sstate = pc__malloc((size_t)FS_SUB_STATES * (FS_SUB_BOXES + 1) * sizeof *L->sstate);
    L->shash = pc__malloc((size_t)FS_SUB_STATES * sizeof *L->shash);
    L->stable = pc__malloc((size_t)FS_SUB_SLOTS * sizeof *L->stable);
    L->alive = pc__calloc(FS_LEARN_CACHE, sizeof *L->alive);
    L->at = pc__calloc(nc, sizeof *L->at);
    if (!L->sboxat || !L->smark || !L->sstate || !L->shash || !L->stable || !L->alive || !L->at)
        return PC_ENOMEM;
    for (size_t c = 0; c < nc; c++)
        L->sboxat[c] = -1;
    return PC_OK;
}

/* Are no two of the k cells neighbours (diagonals included)? */
static int apart(const fs_solver *s, const int32_t *cell, int32_t k)
{
    int32_t w = s->map.g->w;
    for (int32_t i = 0; i < k; i++)
        for (int32_t j = i + 1; j < k; j++) {
            int32_t a = s->map.c2g[cell[i]], b = s->map.c2g[cell[j]];
            int32_t dx = a % w - b % w, dy = a / w - b / w;
            if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
                return 0;
        }
    return 1;
}

/* Store sub-state (cells sorted, player class pl) unless known: 1 stored,
 * 0 known already, -1 no room. */
static int sub_add(fs_solver *s, int32_t *nst, const int32_t *cell, int32_t k, int32_t pl)
{
    fs_learn *L = &s->lr;
    uint64_t h = s->map.zp[pl];
    for (int32_t i = 0; i < k; i++)
        h ^= s->map.zb[cell[i]];
    size_t mask = L->smask, i = (size_t)(h ^ (h >> 29)) & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t e = L->stable[i];
        if (!e)
            break;
        const uint16_t *t = L->sstate + (size_t)(e - 1) * (FS_SUB_BOXES + 1);
        if (L->shash[e - 1] != h || t[k] != pl)
            continue;
        int32_t j = 0;
        while (j < k && t[j] == cell[j])
            j++;
        if (j == k)
            return 0;
    }
    if (*nst >= L->scap)
        return -1;
    uint16_t *t = L->sstate + (size_t)*nst * (FS_SUB_BOXES + 1);
    for (int32_t j = 0; j < k; j++)
        t[j] = (uint16_t)cell[j];
    t[k] = (uint16_t)pl;
    L->shash[*nst] = h;
    L->stable[i] = (uint32_t)++*nst;
    return 1;
}

static void sort_cells(int32_t *c, int32_t k)
{
    for (int32_t i = 1; i < k; i++)
        for (int32_t j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int32_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* The sub-search on the boxes cell[0..k) alone (k <= FS_SUB_BOXES), the
 * player on `player`, `cap` states at most (a power of two, FS_SUB_STATES
 * at most): 1 when it proves that they never all reach goals, 0 otherwise.
 * open: give up as soon as the player reaches every free square of the
 * sub-board (the corral search: the corral is open), instead of only
 * when, besides, the boxes are all apart. */
static int sub_dead(fs_solver *s, const int32_t *cell, int32_t k, int32_t player, int32_t cap, int open)
{
    fs_learn *L = &s->lr;
    int32_t *save = s->ex.boxat, cur[FS_SUB_BOXES], kid[FS_SUB_BOXES], nst = 0, cnt;
    s->ex.boxat = L->sboxat;
    L->scap = cap;
    L->smask = (size_t)cap * 2 - 1;
    memset(L->stable, 0, (size_t)cap * 2 * sizeof *L->stable);
    for (int32_t i = 0; i < k; i++)
        cur[i] = cell[i];
    sort_cells(cur, k);
    for (int32_t i = 0; i < k; i++)
        L->sboxat[cur[i]] = i;
    int32_t pl = fill(s, s->ex.mark, player, -1, new_stamp(s), &cnt);
    int dead = !(cnt == s->map.nc - k && (open || apart(s, cur, k)));
    for (int32_t i = 0; i < k; i++) {
        L->sboxat[cur[i]] = -1;
        if (!s->map.goal[cur[i]])
            dead = dead > 0 ? 2 : 0; /* 2: a box off goal */
    }
    if (dead == 1)
        dead = 0; /* all on goals already */
    sub_add(s, &nst, cur, k, pl);
    for (int32_t head = 0; head < nst && dead; head++) {
        const uint16_t *t = L->sstate + (size_t)head * (FS_SUB_BOXES + 1);
        for (int32_t i = 0; i < k; i++) {
            cur[i] = t[i];
            L->sboxat[cur[i]] = i;
        }
        if (++L->sst == 0) {
            memset(L->smark, 0, (size_t)s->map.nc * sizeof *L->smark);
            L->sst = 1;
        }
        fill(s, L->smark, t[k], -1, L->sst, &cnt);
        for (int32_t i = 0; i < k && dead; i++) {
            for (int d = 0; d < 4 && dead; d++) {
                int32_t b = cur[i], to = s->map.nbr[b][d], from = s->map.nbr[b][(d + 2) & 3];
                if (to < 0 || from < 0 || L->smark[from] != L->sst || L->sboxat[to] >= 0 || s->map.dead[to])
                    continue;
                L->sboxat[b] = -1;
                L->sboxat[to] = i;
                int off = 0;
                s->fr.fcalls = 0;
                if (!(frozen(s, to, &off) && off)) {
                    int all = 1;
                    for (int32_t j = 0; j < k; j++) {
                        kid[j] = j == i ? to : cur[j];
                        all &= s->map.goal[kid[j]];
                    }
                    if (all) {
                        dead = 0;
                    } else {
                        int32_t cpl = fill(s, s->ex.mark, b, -1, new_stamp(s), &cnt);
                        sort_cells(kid, k);
                        if (cnt == s->map.nc - k && (open || apart(s, kid, k)))
                            dead = 0; /* all apart, no corral: give up */
                        else if (sub_add(s, &nst, kid, k, cpl) < 0)
                            dead = 0; /* too many states: not proved */
                    }
                }
                L->sboxat[to] = -1;
                L->sboxat[b] = i;
            }
        }
        for (int32_t i = 0; i < k; i++)
            L->sboxat[cur[i]] = -1;
    }
    s->ex.boxat = save;
    return dead != 0;
}

/* Does a learned pattern hold the boxes around `to` (ex.boxat) with the
 * player, on `pl`, in the pattern's area? */
static int pattern_match(fs_solver *s, int32_t to, int32_t pl)
{
    const fs_plist *l = &s->lr.at[to];
    for (size_t t = 0; t < l->n; t++) {
        const uint32_t *p = s->lr.pat + l->v[t];
        uint32_t k = p[0];
        const uint32_t *region = p + 1 + k;
        if (!(region[pl >> 5] >> (pl & 31) & 1))
            continue;
        uint32_t j = 1;
        while (j <= k && s->ex.boxat[p[j]] >= 0)
            j++;
        if (j > k)
            return 1;
    }
    return 0;
}

/* Store the pattern cell[0..k) with the player on pl (its area on the
 * sub-board as the region).  On a refusal of the budget or of malloc,
 * learning stops; the search goes on. */
static void pattern_store(fs_solver *s, const int32_t *cell, int32_t k, int32_t pl)
{
    fs_learn *L = &s->lr;
    size_t need = L->npat + 1 + (size_t)k + (size_t)L->words;
    void *v = L->pat;
    if (grow(s, &v, &L->patcap, need, sizeof *L->pat) < 0) {
        L->full = 1;
        return;
    }
    L->pat = v;
    for (int32_t i = 0; i < k; i++) {
        fs_plist *l = &L->at[cell[i]];
        void *lv = l->v;
        if (grow(s, &lv, &l->cap, l->n + 1, sizeof *l->v) < 0) {
            L->full = 1; /* nothing appended yet: no list holds a partial pattern */
            break;
        }
        l->v = lv;
    }
    if (L->full)
        return;
    uint32_t *p = L->pat + L->npat;
    p[0] = (uint32_t)k;
    for (int32_t i = 0; i < k; i++)
        p[1 + i] = (uint32_t)cell[i];
    uint32_t *region = p + 1 + k;
    memset(region, 0, (size_t)L->words * sizeof *region);
    int32_t *save = s->ex.boxat, cnt;
    s->ex.boxat = L->sboxat;
    for (int32_t i = 0; i < k; i++)
        L->sboxat[cell[i]] = i;
    uint32_t st = new_stamp(s);
    fill(s, s->ex.mark, pl, -1, st, &cnt);
    for (int32_t i = 0; i < k; i++)
        L->sboxat[cell[i]] = -1;
    s->ex.boxat = save;
    for (int32_t c = 0; c < s->map.nc; c++)
        if (s->ex.mark[c] == st)
            region[c >> 5] |= 1u << (c & 31);
    for (int32_t i = 0; i < k; i++) {
        fs_plist *l = &L->at[cell[i]];
        l->v[l->n++] = (uint32_t)L->npat;
    }
    L->npat = need;
    L->learned++;
}

/* The cluster cl[0..k) (the boxes of ex.boxat there), the player on pl:
 * 1 when the sub-search (cap states, `open` as sub_dead's) proves it lost;
 * the pattern is then shrunk (each box but cl[0] dropped in turn, kept out
 * when the rest is still proved lost) and stored.  Clusters not proved are
 * remembered by key (their boxes and the player's area on their
 * sub-board) and not searched again.  cl is reordered. */
static int cluster_dead(fs_solver *s, int32_t *cl, int32_t k, int32_t pl, int32_t cap, int open)
{
    fs_learn *L = &s->lr;
    int32_t *save = s->ex.boxat, cnt;
    s->ex.boxat = L->sboxat;
    for (int32_t i = 0; i < k; i++)
        L->sboxat[cl[i]] = i;
    uint64_t key = s->map.zp[fill(s, s->ex.mark, pl, -1, new_stamp(s), &cnt)];
    for (int32_t i = 0; i < k; i++) {
        L->sboxat[cl[i]] = -1;
        key ^= s->map.zb[cl[i]];
    }
    s->ex.boxat = save;
    key = (key ^ (uint64_t)open << 1) | 1;
    uint64_t *slot = &L->alive[(key ^ (key >> 31)) & (FS_LEARN_CACHE - 1)];
    if (*slot == key)
        return 0;
    if (!sub_dead(s, cl, k, pl, cap, open)) {
        *slot = key;
        return 0;
    }
    /* Drop the boxes the deadlock does not need (never cl[0]). */
    for (int32_t i = k - 1; i >= 1; i--) {
        int32_t keep = cl[i];
        cl[i] = cl[k - 1];
        if (sub_dead(s, cl, k - 1, pl, cap, open)) {
            k--;
        } else {
            cl[k - 1] = cl[i];
            cl[i] = keep;
        }
    }
    if (!L->full)
        pattern_store(s, cl, k, pl);
    return 1;
}

/* The position in ex.boxat, just after a push onto `to` that left the
 * player on pl: 1 when a learned pattern holds it or a new one is proved
 * (and stored), 0 otherwise. */
static int learned_dead(fs_solver *s, int32_t to, int32_t pl)
{
    fs_learn *L = &s->lr;
    if (pattern_match(s, to, pl))
        return 1;
    if (L->full)
        return 0;
    /* The cluster: boxes joined to the pushed one through the 8 squares
     * around each, breadth first. */
    int32_t cl[FS_LEARN_BOXES], k = 0, w = s->map.g->w, n = w * s->map.g->h;
    cl[k++] = to;
    for (int32_t h = 0; h < k && k < FS_LEARN_BOXES; h++) {
        int32_t gc = s->map.c2g[cl[h]];
        for (int dy = -1; dy <= 1 && k < FS_LEARN_BOXES; dy++)
            for (int dx = -1; dx <= 1 && k < FS_LEARN_BOXES; dx++) {
                int32_t gy = gc + dy * w + dx, y = gy >= 0 && gy < n ? s->map.g2c[gy] : -1;
                if (y < 0 || s->ex.boxat[y] < 0)
                    continue;
                int32_t j = 0;
                while (j < k && cl[j] != y)
                    j++;
                if (j == k)
                    cl[k++] = y;
            }
    }
    if (k < 2)
        return 0;
    return cluster_dead(s, cl, k, pl, FS_LEARN_STATES, 0);
}

/* Corral search: for each corral of the state expanded (pi_corral's comp,
 * ncor) with work in it and FS_CORRAL_BOXES barrier boxes at most, the
 * sub-search on its barrier boxes alone (the others taken off the board),
 * FS_CORRAL_STATES states at most, giving up as soon as the player
 * reaches every free square of the sub-board (the corral is open).  A
 * corral that is no PI-corral, or whose pushes all lead to deadlocks, is
 * no longer missed: when the sub-search exhausts its states the position
 * is lost (the same relaxation as the learned patterns), and the barrier
 * is stored as a pattern that prunes every later push completing it.
 * player: a square of the player's area.  1 when a corral is proved
 * lost. */
static int corral_dead(fs_solver *s, int32_t player)
{
    int32_t nc = s->map.nc, nb = s->map.nb, ncor = s->cor.ncor;
    if (ncor == 0)
        return 0;
    /* The corrals' cells grouped by id (a counting sort): order[start[id]..start[id + 1]). */
    int32_t *start = s->cor.order + nc;
    for (int32_t id = 0; id <= ncor; id++)
        start[id] = 0;
    for (int32_t x = 0; x < nc; x++)
        if (s->cor.comp[x] >= 0)
            start[s->cor.comp[x] + 1]++;
    for (int32_t id = 0; id < ncor; id++)
        start[id + 1] += start[id];
    for (int32_t x = 0; x < nc; x++)
        if (s->cor.comp[x] >= 0)
            s->cor.order[start[s->cor.comp[x]]++] = x;
    for (int32_t id = ncor; id > 0; id--)
        start[id] = start[id - 1];
    start[0] = 0;
    for (int32_t id = 0; id < ncor; id++) {
        if (++s->cor.cstamp == 0) {
            memset(s->cor.bmark, 0, (size_t)nb * sizeof *s->cor.bmark);
            s->cor.cstamp = 1;
        }
        uint32_t bm = s->cor.cstamp;
        int32_t cl[FS_CORRAL_BOXES], k = 0, work = 0, big = 0;
        for (int32_t t = start[id]; t < start[id + 1] && !big; t++) {
            int32_t x = s->cor.order[t];
            for (int d = 0; d < 4 && !big; d++) {
                int32_t y = s->map.nbr[x][d], b = y >= 0 ? s->ex.boxat[y] : -1;
                if (b < 0 || s->cor.bmark[b] == bm)
                    continue;
                s->cor.bmark[b] = bm;
                work |= !s->map.goal[y];
                if (k == FS_CORRAL_BOXES)
                    big = 1;
                else
                    cl[k++] = y;
            }
        }
        if (!work || big || k < 2)
            continue; /* barrier boxes all on goals: the sub-board is solved already */
        if (cluster_dead(s, cl, k, player, FS_CORRAL_STATES, 1))
            return 1;
    }
    return 0;
}

/* ---- the search ------------------------------------------------------------------------------ */

/* The boxes of the record's parent boxes `pb` with box b moved to `to`,
 * kept sorted, into boxes (records hold sorted boxes). */
static inline void move_box(const uint16_t *pb, int32_t nb, int32_t b, int32_t to, uint16_t *boxes)
{
    int32_t t = 0;
    int put = 0;
    for (int32_t j = 0; j < nb; j++) {
        int32_t c = pb[j];
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
}

/* Queue a new child record in its feature cell by weight, then h.  Its weight is the
 * parent's plus 1 unless the push packed a goal in order or joined areas
 * of free squares (the advisors' pushes cost nothing). */
static int32_t queue_child(fs_solver *s, uint32_t ci, int64_t h, int32_t inorder, int open)
{
    size_t defer = soft_sealed(s) ? s->st.half : 0;
    int32_t areas = regions(s);
    fs_rec *r = fs_rec_at(s, ci);
    uint32_t w = s->ex.pweight + (open || inorder > s->ex.ppack || areas < s->ex.preg ? 0u : 1u);
    r->weight = (uint16_t)(w > 0xFFFFu ? 0xFFFFu : w);
    return cell_push(s, defer + cell_of(inorder, areas), ((uint64_t)r->weight << 32) | (uint64_t)h, ci);
}

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
    /* One freeze test of the pushed box: frozen with a box off goal is a
     * freeze deadlock; frozen on a goal may seal goals off. */
    int off = 0;
    s->fr.fcalls = 0;
    int fz = frozen(s, to, &off);
    int dead = fz && off;
    if (fz && !off && s->map.goal[to])
        dead = sealed(s, NULL);
    int64_t h = FS_BIG;
    if (!dead && fz && s->map.goal[to]) {
        /* Boxes newly frozen on goals: the distances change (fz_table).
         * Only such a push adds to them (a box frozen by the pushed one
         * holds it frozen too), and none leaves them. */
        uint64_t key;
        int32_t slot;
        const uint16_t *tab = fz_table(s, s->ex.fzslot, &key, &slot);
        if (key == s->ex.fzkey) {
            h = match_child(s, s->ex.bx, i);
        } else {
            s->fz.cur = tab;
            h = match_into(s, s->ex.bx, s->hu.cu, s->hu.cv, s->hu.cp);
            s->fz.cur = s->ex.fzpar;
        }
    } else if (!dead) {
        h = match_child(s, s->ex.bx, i);
    }
    int32_t inorder = 0;
    if (h < FS_BIG)
        inorder = packing(s, s->ex.bx);
    if (h < FS_BIG) {
        uint16_t *boxes = s->ex.child;
        move_box(fs_rec_at(s, idx)->boxes, s->map.nb, b, to, boxes);
        int32_t cpl = reach(s, b);
        uint64_t ch = hbox ^ s->map.zb[b] ^ s->map.zb[to] ^ s->map.zp[cpl];
        size_t slot;
        if (!lookup(s, ch, boxes, cpl, &slot) && (h == 0 || !learned_dead(s, to, b))) {
            int64_t ci = add_rec(s, ch, boxes, cpl, idx, b, d);
            if (ci < 0)
                rc = (int32_t)ci;
            else if (h == 0)
                *found = (int32_t)ci;
            else
                rc = queue_child(s, (uint32_t)ci, h, inorder, s->ex.opener[i] == s->ex.ostamp);
        }
    }
    s->ex.boxat[to] = -1;
    s->ex.boxat[b] = i;
    s->ex.bx[i] = b;
    return rc;
}

/* ---- the packing macro ------------------------------------------------------------------------ */

/* Mark (new stamp in ex.mark) the squares the player reaches from p when
 * a box stands on x besides the boxes of the state. */
static uint32_t flood_with(fs_solver *s, int32_t x, int32_t p)
{
    uint32_t st = new_stamp(s);
    fill(s, s->ex.mark, p, x, st, NULL);
    return st;
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

/* Has y a neighbour other than x marked st? */
static int touches(const fs_solver *s, int32_t y, int32_t x, uint32_t st)
{
    for (int d = 0; d < 4; d++) {
        int32_t z = s->map.nbr[y][d];
        if (z >= 0 && z != x && s->ex.mark[z] == st)
            return 1;
    }
    return 0;
}

/* Is the pull of the box on x to y (the player from y on to q) the first
 * push of a macro, backwards?  For box i (i >= 0, off the board): y is its
 * square and the player reaches q now.  For any box (i < 0, every box
 * standing): a box of the state off goal stands on y, the player reaches q
 * now and, once it is pushed to x, steps from y into the region st. */
static int macro_start(const fs_solver *s, int32_t i, int32_t x, int32_t y, int32_t q, uint32_t st,
                       uint32_t pst)
{
    if (s->ex.pmark[q] != pst)
        return 0;
    if (i >= 0)
        return y == s->ex.bx[i] && s->ex.mark[y] == st;
    return s->ex.boxat[y] >= 0 && !s->map.goal[y] && touches(s, y, x, st);
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
        uint32_t st = flood_with(s, x, s->map.nbr[x][k % 4]);
        for (int d = 0; d < 4; d++) {
            int32_t p = s->map.nbr[x][d];
            if (p >= 0 && s->ex.mark[p] == st)
                s->mac.exp[x * 4 + d] = s->mac.st; /* the same region: searched now */
        }
        for (int d = 0; d < 4 && n == 0; d++) {
            int32_t y = s->map.nbr[x][d]; /* the box goes to y, the player from y to q */
            int32_t q = y >= 0 ? s->map.nbr[y][d] : -1;
            if (q < 0 || s->ex.boxat[q] >= 0)
                continue;
            if (macro_start(s, i, x, y, q, st, pst)) {
                /* Found: push from y towards x, then back along the states. */
                s->mac.push[n++] = y;
                s->mac.push[n++] = (d + 2) & 3;
                for (int32_t j = k; s->mac.par[j] >= 0; j = s->mac.par[j]) {
                    s->mac.push[n++] = j / 4;
                    s->mac.push[n++] = (s->mac.dir[j] + 2) & 3;
                }
                break;
            }
            if (s->ex.mark[y] == st && s->ex.boxat[y] < 0)
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
        int off = 0;
        s->fr.fcalls = 0;
        int fz = frozen(s, to, &off);
        if (fz && (off || (s->map.goal[to] && sealed(s, NULL))))
            return PC_OK;
        uint64_t key;
        int32_t fslot;
        s->fz.cur = fz_table(s, -1, &key, &fslot);
        int64_t h = match_full(s, s->ex.bx);
        if (h >= FS_BIG)
            return PC_OK;
        int32_t inorder = packing(s, s->ex.bx);
        uint16_t *boxes = s->ex.child;
        move_box(fs_rec_at(s, cur)->boxes, s->map.nb, b, to, boxes);
        int32_t cpl = reach(s, b);
        uint64_t ch = hash_of(s, boxes, cpl);
        size_t slot;
        uint32_t e = lookup(s, ch, boxes, cpl, &slot);
        if (e) {
            cur = e - 1;
            continue;
        }
        if (h > 0 && learned_dead(s, to, b))
            return PC_OK;
        int64_t ci = add_rec(s, ch, boxes, cpl, cur, b, d);
        if (ci < 0)
            return (int32_t)ci;
        cur = (uint32_t)ci;
        if (h == 0) {
            *found = (int32_t)ci;
            return PC_OK;
        }
        int32_t rc = queue_child(s, cur, h, inorder, 0);
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
        if (s->map.goal[c] || d[c] == FS_UNREACH)
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

static int32_t pack_macros(fs_solver *s, uint32_t idx, uint32_t pst, int32_t *found)
{
    int32_t nl = s->map.nlayers, first = nl;
    packing(s, s->ex.bx);
    const int32_t *cnt = s->ex.lcount, *lsize = s->ex.lcount + nl;
    for (int32_t l = 0; l < nl; l++)
        if (cnt[l] < lsize[l]) {
            first = l;
            break;
        }
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
 * it, are in the way (when there are FS_OPEN_BOXES of them at most), and
 * a push of one of them costs no weight (see
 * queue_child), as a push proposed by an advisor.  So the search clears
 * the way for the next goal's box instead of paying for every push of it.
 * Marks them (ex.opener = ex.ostamp); a heuristic, never a pruning. */
#define FS_OPEN_BOXES 2

static void openers(fs_solver *s)
{
    if (++s->ex.ostamp == 0) {
        memset(s->ex.opener, 0, ((size_t)s->map.nb + 1) * sizeof *s->ex.opener);
        s->ex.ostamp = 1;
    }
    int32_t nl = s->map.nlayers, first = nl, tried = 0;
    const int32_t *cnt = s->ex.lcount, *lsize = s->ex.lcount + nl; /* packing() just ran */
    for (int32_t l = 0; l < nl; l++)
        if (cnt[l] < lsize[l]) {
            first = l;
            break;
        }
    int32_t *par = s->mac.par;
    for (int32_t j = 0; j < s->map.nb && tried < FS_MACRO_GOALS; j++) {
        int32_t t = s->map.goals[j];
        if (s->map.layer[t] != first || s->ex.boxat[t] >= 0)
            continue;
        tried++;
        uint32_t st = new_stamp(s);
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
                if (s->ex.boxat[y] >= 0 && !s->map.goal[y]) {
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
        if (nobs <= FS_OPEN_BOXES)
            for (int32_t k = 0; k < nobs; k++)
                s->ex.opener[obs[k]] = s->ex.ostamp;
    }
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
    uint32_t pst = reach_kept(s, player);
    s->fz.cur = s->ex.fzpar = fz_table(s, -1, &s->ex.fzkey, &s->ex.fzslot);
    match_full(s, s->ex.bx);
    s->ex.ppack = packing(s, s->ex.bx);
    openers(s);
    s->ex.preg = regions(s);
    s->ex.pweight = r->weight;
    int32_t cor = pi_corral(s, pst);
    if (cor >= 0 && corral_dead(s, player))
        cor = -1;
    for (int32_t i = 0; i < s->map.nb && *found < 0 && rc == PC_OK && cor >= 0; i++)
        for (int d = 0; d < 4 && *found < 0 && rc == PC_OK; d++)
            rc = try_push(s, idx, i, d, hbox, pst, cor, found);
    if (rc == PC_OK && *found < 0 && cor >= 0)
        rc = pack_macros(s, idx, pst, found);
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[fs_rec_at(s, idx)->boxes[i]] = -1;
    return rc;
}

/* The static tables, the packing order, the start's bound and its record,
 * queued.  Returns 1 when the start is solved already (o->lurd empty),
 * PC_OK, PC_ENOTFOUND (the start is a deadlock) or an error. */
static int32_t start_search(fs_solver *s, const pc_sokoban *g, pc__fast_out *o)
{
    int32_t rc = prepare(s, g);
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
    if ((rc = packing_order(s, g)) < 0)
        return rc;
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[boxes[i]] = i;
    uint64_t key;
    int32_t slot;
    s->fz.cur = fz_table(s, -1, &key, &slot);
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[boxes[i]] = -1;
    if (s->map.nb == 0 || match_full(s, s->ex.bx) == 0) {
        o->lurd = pc__malloc(1);
        if (!o->lurd)
            return PC_ENOMEM;
        o->lurd[0] = '\0';
        o->pushes = 0;
        o->bound = 0;
        return 1;
    }
    int64_t h0 = match_full(s, s->ex.bx);
    if (h0 >= FS_BIG)
        return PC_ENOTFOUND;
    o->bound = h0;
    s->m->bound = (double)h0;
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[boxes[i]] = i;
    int32_t pl = reach(s, s->map.g2c[g->player]);
    for (int32_t i = 0; i < s->map.nb; i++)
        s->ex.boxat[boxes[i]] = -1;
    int64_t root = add_rec(s, hash_of(s, boxes, pl), boxes, pl, 0, 0, 0);
    if (root < 0)
        return (int32_t)root;
    if ((rc = cells_alloc(s)) < 0 || (rc = learn_alloc(s)) < 0)
        return rc;
    return cell_push(s, cell_of(packing(s, s->ex.bx), 1), (uint64_t)h0, 0);
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
        uint32_t idx = cell_pop(s);
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
    fs_solver *s = fs_new(g, m);
    if (!s)
        return PC_ENOMEM;
    int32_t rc = search(s, g, o);
    o->states = s->st.nrec;
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
    int32_t n = s->map.nb;
    uint8_t *seen = s->hu.used; /* columns seen (1-based) */
    memset(seen, 0, (size_t)n + 1);
    size_t qh = 0, qt = 0;
    for (int32_t j = 1; j <= n; j++) {
        int32_t i = s->hu.p[j];
        if (cost(s, s->ex.bx, i, j) >= FS_BIG && !mark[i - 1]) {
            mark[i - 1] = 1;
            s->ex.queue[qt++] = i;
        }
    }
    while (qh < qt) {
        int32_t i = s->ex.queue[qh++];
        for (int32_t j = 1; j <= n; j++) {
            if (seen[j] || cost(s, s->ex.bx, i, j) >= FS_BIG)
                continue;
            seen[j] = 1;
            int32_t k = s->hu.p[j];
            if (!mark[k - 1]) {
                mark[k - 1] = 1;
                s->ex.queue[qt++] = k;
            }
        }
    }
}

/* The static deadlock tests on the position in s (boxes in bx and boxat),
 * in order: boxes on dead squares, a frozen group with a box off goal, a
 * PI-corral nothing can enter, no matching.  The first that finds one
 * marks its boxes (mark[i]: box i) and sets *kind; returns 1, else 0. */
static int32_t deadlock_tests(fs_solver *s, const pc_sokoban *g, uint8_t *mark, int32_t *kind)
{
    int32_t rc = 0;
    /* 1. boxes on dead squares */
    for (int32_t i = 0; i < s->map.nb; i++)
        if (s->map.dead[s->ex.bx[i]] && !s->map.goal[s->ex.bx[i]]) {
            mark[i] = 1;
            rc = 1;
            *kind = PC_SOKOBAN_DEADLOCK_DEAD_SQUARE;
        }
    /* 2. frozen boxes, one of them off goal: the frozen group */
    for (int32_t i = 0; i < s->map.nb && rc == 0; i++) {
        int32_t c = s->ex.bx[i];
        if (s->map.goal[c])
            continue;
        s->fr.nfrec = 0;
        if (freeze_dead(s, c)) {
            for (int32_t t = 0; t < s->fr.nfrec; t++)
                mark[s->ex.boxat[s->fr.frec[t]]] = 1;
            rc = 1;
            *kind = PC_SOKOBAN_DEADLOCK_FROZEN;
        }
    }
    if (rc)
        return rc;
    /* 3. a PI-corral that nothing can enter: its barrier */
    if (pi_corral(s, reach_kept(s, s->map.g2c[g->player])) < 0) {
        for (int32_t t = 0; t < s->cor.nbar; t++)
            mark[s->cor.cbox[t]] = 1;
        *kind = PC_SOKOBAN_DEADLOCK_CORRAL;
        return 1;
    }
    /* 4. no assignment of the boxes to goals they can reach */
    if (s->map.nb > 0 && match_full(s, s->ex.bx) >= FS_BIG) {
        hall_set(s, mark);
        *kind = PC_SOKOBAN_DEADLOCK_MATCHING;
        return 1;
    }
    /* 5. boxes frozen on goals that seal the free goals off */
    if (sealed(s, mark)) {
        *kind = PC_SOKOBAN_DEADLOCK_SEALED;
        return 1;
    }
    return 0;
}

/* A box off goal (or an empty goal) where the player never comes: that box
 * can never move.  Marks such boxes in grid (may be NULL). */
static void unreachable_boxes(const pc_sokoban *g, uint8_t *grid)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++)
        if (!(g->stat[i] & SK_INTERIOR) && g->box[i] && !(g->stat[i] & SK_GOAL)) {
            if (grid)
                grid[i] = 1;
        }
}

/* g's current boxes as the state under examination (ex.bx, ex.boxat). */
static void place_boxes(fs_solver *s, const pc_sokoban *g)
{
    int32_t k = 0;
    for (int32_t c = 0; c < s->map.nc; c++)
        if (g->box[s->map.c2g[c]]) {
            s->ex.bx[k] = c;
            s->ex.boxat[c] = k++;
        }
}

/* For the entry points below that examine one position (no search, no
 * budget): a solver for g, prepared; *rc is prepare's status (PC_OK, or
 * PC_ENOTFOUND when the level is lost from the start). NULL, with *rc the
 * error, when it cannot be made. m must outlive the solver. */
static fs_solver *fs_open(const pc_sokoban *g, pc__meter *m, int32_t *rc)
{
    if ((*rc = pc__meter_start(m, NULL)) != PC_OK)
        return NULL;
    fs_solver *s = fs_new(g, m);
    if (!s) {
        *rc = PC_ENOMEM;
        return NULL;
    }
    *rc = prepare(s, g);
    return s;
}

int32_t pc__sokoban_deadlock(const pc_sokoban *g, uint8_t *grid, int32_t *kind)
{
    *kind = PC_SOKOBAN_DEADLOCK_NONE;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_ENOTFOUND) {
        unreachable_boxes(g, grid);
        *kind = PC_SOKOBAN_DEADLOCK_FROZEN;
        rc = 1;
        goto done;
    }
    if (rc < 0)
        goto done;
    uint8_t *mark = pc__calloc((size_t)s->map.nb + 1, 1);
    s->fr.frec = pc__malloc((FS_FREEZE_CALLS + 1) * sizeof *s->fr.frec);
    if (!mark || !s->fr.frec) {
        pc__free(mark);
        rc = PC_ENOMEM;
        goto done;
    }
    place_boxes(s, g);
    rc = deadlock_tests(s, g, mark, kind);
    if (grid)
        for (int32_t i = 0; i < s->map.nb; i++)
            if (mark[i])
                grid[s->map.c2g[s->ex.bx[i]]] = 1;
    pc__free(mark);
done:
    fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_layers(const pc_sokoban *g, int32_t *layer, int32_t *nlayers)
{
    int32_t pw = g->w - 2, ph = g->h - 2;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK && (rc = packing_order(s, g)) == PC_OK) {
        for (int32_t i = 0; i < pw * ph; i++)
            layer[i] = -1;
        for (int32_t c = 0; c < s->map.nc; c++)
            if (s->map.goal[c]) {
                int32_t gc = s->map.c2g[c];
                layer[(gc / g->w - 1) * pw + gc % g->w - 1] = s->map.layer[c];
            }
        *nlayers = s->map.nlayers;
    }
    fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_pattern(const pc_sokoban *g, int32_t x, int32_t y, uint8_t *cells)
{
    int32_t pw = g->w - 2, ph = g->h - 2, cell = (y + 1) * g->w + x + 1;
    if (x < 0 || y < 0 || x >= pw || y >= ph || !g->box[cell])
        return PC_EINVAL;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK && s->map.g2c[cell] < 0)
        rc = PC_EINVAL; /* a box on its goal walled off from the player: never pushed */
    else if (rc == PC_OK && (rc = learn_alloc(s)) == PC_OK) {
        place_boxes(s, g);
        rc = learned_dead(s, s->map.g2c[cell], s->map.g2c[g->player]);
        if (rc == 1 && s->lr.learned == 0)
            rc = PC_ENOMEM; /* proved, but no room to keep the pattern */
        if (rc == 1 && cells) {
            const uint32_t *p = s->lr.pat; /* the one pattern stored */
            for (uint32_t i = 1; i <= p[0]; i++) {
                int32_t gc = s->map.c2g[p[i]];
                cells[(gc / g->w - 1) * pw + gc % g->w - 1] = 1;
            }
        }
    }
    fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_frozen(const pc_sokoban *g)
{
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK) {
        place_boxes(s, g);
        uint64_t key;
        int32_t slot;
        s->fz.cur = fz_table(s, -1, &key, &slot);
        rc = s->map.nb > 0 && match_full(s, s->ex.bx) >= FS_BIG;
    }
    fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_corral(const pc_sokoban *g)
{
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK && (rc = learn_alloc(s)) == PC_OK) {
        place_boxes(s, g);
        int32_t pl = s->map.g2c[g->player];
        pi_corral(s, reach_kept(s, pl));
        rc = corral_dead(s, pl);
    }
    fs_free(s);
    pc__free(s);
    return rc;
}
