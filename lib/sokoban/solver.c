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
 * unchanged).  So h = (M + W, M) in moves mode and (M, M + W) in pushes mode
 * is admissible and consistent, and the first goal state A* takes from the
 * queue is optimal.  A state whose matching does not exist (a box that can
 * reach no free goal) is a deadlock.  Boxes frozen on goals (they can never
 * move again) count as walls for the other boxes' distances (frozen_dist).
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
 */
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "common/rng.h"
#include "common/text.h"
#include "sokoban/sokoban_int.h"

#define SK_NONE 0xFF
#define SK_INF 0xFFFFu
#define SK_MAXCELLS 255
#define SK_MAXBOXES 64
#define HUNG_INF 1000000
/* At most this many records (index + 1 in 27 bits: see bslot). */
#define SK_IDXMASK ((1u << 27) - 1)
/* Corral deadlock search: at most this many positions (see corral_dead). */
#define SK_CORRAL_NODES 64
#define SK_CORRAL_SLOTS 1024
/* h of a record marks a corral deadlock (a deadlock for its player region
 * only, flags 2); M itself is at most 64 * 255. */
#define SK_HCORRAL 0xFFFFu
/* The walking bound W is capped at this (six bits of a record's flags). */
#define SK_WMAX 63u
/* Grid bitboards for the dominance walks: at most this many words. */
#define SK_BBWORDS 8
/* Frozen-set distance tables kept (see frozen_dist); slots of their index. */
#define SK_FZMAX 4096
#define SK_FZSLOTS 8192

struct pc_sokoban_result {
    int32_t status, mode;
    int64_t moves, pushes;
    int64_t bound; /* proven lower bound on the mode's first criterion, -1: none */
    uint64_t nodes, states, bytes;
    char *lurd;
};

/* One stored state: 16 bytes + one byte per box.  The player byte comes
 * right before the boxes so that (player, boxes) compare as one block. */
typedef struct {
    uint32_t parent;
    uint32_t next;   /* next record with the same boxes, index + 1 (0: none) */
    uint16_t g1, g2; /* cost so far (primary, secondary) */
    uint16_t h;      /* lower bound on pushes (the matching M) */
    uint8_t flags;   /* 1 expanded, 2 deadlock; bits 2-7: the walking bound W */
    uint8_t player;
    uint8_t boxes[]; /* nb sorted cell ids */
} sk_rec;

/* Open list: a bucket queue on (f1, f2), each bucket a LIFO stack of record
 * indices (so among equal keys the newest, usually deepest, state goes
 * first). */
typedef struct {
    uint32_t *v;
    size_t n, cap;
} sk_stack;

typedef struct {
    sk_stack *f2;   /* indexed by f2 */
    size_t nf2;     /* allocated length of f2[] */
    size_t min2;    /* no entry below this f2 */
    size_t count;   /* entries in this level */
} sk_level;

/* A push of the state being expanded, with its child's representative
 * (see expand): the pushed box's index k, where it goes, the square the
 * player pushes from, and canon_child's answer. */
typedef struct {
    uint64_t rbits[4], rh;
    uint8_t k, to, behind, rp;
    int8_t t;
} sk_cand;

/* Records of a box-set list prefetched at most (see expand). */
#define SK_PREFETCH_DEPTH 8

/* A hint to load the line holding p into the caches (no effect on results). */
#if defined(__GNUC__)
#define SK_PREFETCH(p) __builtin_prefetch(p)
#else
#define SK_PREFETCH(p) ((void)(p))
#endif

/* A stored state with the child's boxes, as read once from the box-set
 * list (see chain_read). */
typedef struct {
    uint32_t idx;
    uint16_t g1, g2, h;
    uint8_t player, flags;
} sk_link;

/* Push distances that know the player's side (see build_dtab).  The box on
 * cell y with the player on side k of it (a component of the board without
 * y) needs dist[(row[y] + k) * ngoals + q] pushes to reach goal q on its own;
 * side k == nsides(y) is "the player can never reach y" (the box cannot
 * move).  A cell whose board-without-it is all one side, reachable from its
 * neighbours, has no side map (sideoff -1: side 0); otherwise
 * side[sideoff[y] + p] is the side of player square p. */
typedef struct {
    uint16_t *dist;    /* nrows x ngoals, SK_INF: unreachable */
    uint16_t *row;     /* nf: the cell's first row */
    int32_t *sideoff;  /* nf: offset of the cell's side map in side[], or -1 */
    uint8_t *side;     /* nmaps x nf */
    int32_t nrows, nmaps;
    size_t bytes;      /* the whole block, this header included */
} sk_dtab;

/* A set of frozen boxes (cells as a bitmap) and the push distances of the
 * board where they are walls. */
typedef struct {
    uint64_t bits[4];
    sk_dtab *dt;
} sk_fzset;

/* The perimeter (moves mode): every position at most `depth` moves from a
 * solved one, with its exact remaining moves (see per_build).  Records are
 * the player, the sorted boxes and the distance (two bytes). */
typedef struct {
    uint32_t *slot;     /* open addressing on the position's hash: record + 1 */
    size_t cap;         /* slots, a power of two */
    unsigned char *rec;
    size_t n, max, recsize;
    uint32_t depth;     /* every position this close is stored */
    int state;          /* 0 not built yet, 1 built, -1 not built (no room) */
} sk_perim;

/* A symmetry of the board (walls, goals, dead squares; the start need not
 * be symmetric): a permutation of the interior cells and its inverse (see
 * find_symmetries). */
typedef struct {
    uint8_t perm[SK_MAXCELLS], inv[SK_MAXCELLS];
} sk_sym;

typedef struct {
    const pc_sokoban *g;
    int mode;
    int32_t nf, nb;          /* interior cells, boxes */
    int32_t *cell2grid;      /* nf */
    int16_t *grid2cell;      /* w*h: id or -1 */
    uint8_t (*nbr)[4];       /* nf x 4 neighbours (SK_NONE: wall) */
    uint8_t *goal, *dead;    /* nf flags */
    int32_t ngoals;
    uint8_t goals[SK_MAXCELLS];
    sk_dtab *dt0;            /* push distances on the bare board (build_dtab) */
    int32_t *cx, *cy;        /* nf column and row of each cell */
    int32_t sgx, sgy;        /* sums of the goals' columns and rows */
    int32_t nfin;            /* cells where the player can stand after the last push */
    uint8_t fin[SK_MAXCELLS];
    uint8_t *wtab;           /* w*h: distances to fin[] (see walk_table) */
    uint64_t zbox[SK_MAXCELLS], zpl[SK_MAXCELLS];
    /* arena of records */
    size_t recsize;
    unsigned char *arena;
    size_t nrec, reccap;
    /* box-set table: index + 1 of the newest record with these boxes, and
     * hash bits (see bslot) */
    uint32_t *btable;
    size_t btcap, nbsets;
    /* open list */
    sk_level *levels; /* indexed by f1 */
    size_t nlevels, min1, nopen;
    /* budgets and figures */
    uint64_t max_nodes, max_bytes, nodes, bytes, peak;
    size_t fmax; /* the largest f1 taken off the queue: no solution costs less */
    /* Upper bound (cost of a known solution): states whose f is above it
     * lexicographically are never stored.  UINT32_MAX: none. */
    uint32_t ub1, ub2;
    /* scratch */
    uint8_t occ[SK_MAXCELLS + 1];
    uint8_t tmpwall[SK_MAXCELLS + 1];
    uint8_t tmark[SK_MAXCELLS + 1];
    uint16_t wd[SK_MAXCELLS + 1];
    uint16_t wd2[SK_MAXCELLS + 1];
    uint8_t queue[SK_MAXCELLS + 1];
    /* corral deadlock search (see corral_dead) */
    uint8_t carea[SK_MAXCELLS + 1];
    uint8_t ckeep[SK_MAXCELLS + 1];
    uint64_t cbits[SK_CORRAL_NODES][4]; /* the player's region of each position */
    uint32_t cgen;
    uint64_t cchecks, cdead, cskip; /* corral checks made, deadlocks found */
    uint8_t cbuf[SK_CORRAL_NODES][SK_MAXBOXES + 1];
    uint32_t cslot[SK_CORRAL_SLOTS]; /* cgen << 9 | index + 1 */
    int32_t hcost[SK_MAXBOXES + 1][SK_MAXBOXES + 1];
    /* The parent's costs, optimal duals and assignment (see matching_child). */
    int32_t pcost[SK_MAXBOXES + 1][SK_MAXBOXES + 1];
    int32_t pu[SK_MAXBOXES + 1], pv[SK_MAXBOXES + 1], pp[SK_MAXBOXES + 1];
    /* Push distances with frozen boxes as walls (see frozen_dist): one table
     * per frozen set met, found by the set's hash (fztab: index + 1). */
    int16_t gidx[SK_MAXCELLS];     /* goal index of a cell, -1: no goal */
    sk_fzset *fz;                  /* the sets and their tables */
    size_t nfz, fzcap;
    uint32_t fztab[SK_FZSLOTS];
    sk_dtab *dtscratch;            /* a table when the cache is full (largest size) */
    /* build_dtab's scratch: each cell's side map, its side count, and the
     * (cell, side) of each row. */
    uint8_t sidebuf[SK_MAXCELLS][SK_MAXCELLS];
    uint8_t nsides[SK_MAXCELLS], hasmap[SK_MAXCELLS];
    uint8_t rowcell[5 * SK_MAXCELLS], rowside[5 * SK_MAXCELLS];
    uint16_t rowq[5 * SK_MAXCELLS];
    /* The box-set list of the child being generated (at most one state
     * per player square). */
    sk_link chain[SK_MAXCELLS];
    /* Grid bitboards (see bb_setup): words, grid width, interior squares,
     * the boxes of the state being expanded. */
    int32_t bbn, bbw;
    uint64_t bbint[SK_BBWORDS], bbbox[SK_BBWORDS];
    /* Symmetries other than the identity (see canon). */
    sk_sym sym[7];
    int32_t nsym;
    sk_perim per; /* moves mode: exact distances near the goal (see per_build) */
} sk_solver;

static inline sk_rec *rec_at(const sk_solver *s, size_t i)
{
    return (sk_rec *)(s->arena + i * s->recsize);
}

/* ---- memory accounting ---------------------------------------------------------- */

static int charge(sk_solver *s, size_t add, size_t sub)
{
    uint64_t nb = s->bytes + add - sub;
    if (s->max_bytes && nb > s->max_bytes)
        return 0;
    s->bytes = nb;
    if (nb > s->peak)
        s->peak = nb;
    return 1;
}

/* Grow an array to newcap elements of size el, under the memory budget.
 * PC_OK, PC_ELIMIT or PC_ENOMEM. */
static int32_t grow(sk_solver *s, void **p, size_t *cap, size_t newcap, size_t el)
{
    if (!charge(s, newcap * el, *cap * el))
        return PC_ELIMIT;
    void *np = realloc(*p, newcap * el);
    if (!np) {
        s->bytes -= newcap * el - *cap * el;
        return PC_ENOMEM;
    }
    *p = np;
    *cap = newcap;
    return PC_OK;
}

/* ---- static preparation ------------------------------------------------------------ */

static void solver_free(sk_solver *s)
{
    free(s->cell2grid);
    free(s->grid2cell);
    free(s->nbr);
    free(s->goal);
    free(s->dead);
    free(s->dt0);
    free(s->wtab);
    free(s->per.slot);
    free(s->per.rec);
    free(s->cx);
    free(s->cy);
    free(s->arena);
    free(s->btable);
    for (size_t i = 0; i < s->nfz; i++)
        free(s->fz[i].dt);
    free(s->fz);
    free(s->dtscratch);
    for (size_t i = 0; i < s->nlevels; i++) {
        for (size_t j = 0; j < s->levels[i].nf2; j++)
            free(s->levels[i].f2[j].v);
        free(s->levels[i].f2);
    }
    free(s->levels);
}

/* Push distances that know the player's side, on the board where the squares
 * marked in s->tmpwall are walls too.
 *
 * Why: the plain distance of a box to a goal (pull the box backwards from
 * the goal, ignoring where the player is) assumes the player can get behind
 * the box for every push.  When the box itself cuts the board in two (a box
 * in a corridor or a doorway), the player can only push it away from its own
 * side, and getting round may be impossible or take a long detour of pushes.
 * So the distance here is that of the relaxed problem "this box alone on the
 * board (the other boxes removed), the player where it is", which depends on
 * the player only through its side: the component of the board without the
 * box's cell that holds the player.  The player never crosses the box's cell
 * (it would have to push the box), so walks and pushes of other boxes keep
 * its side; that is what makes the matching over these distances consistent
 * (see doc/sokoban.md, "Lower bound").
 *
 * Each cell gets one row per side, plus one for "no neighbour of the cell is
 * on the player's side" (a pocket walled off by frozen boxes: the box never
 * moves, 0 pushes to its own goal, none to any other).  Rows are found by a
 * breadth-first search per goal over (cell, side) states, backwards: the box
 * reached y with the player on the square it left, x, so the state before
 * was (x, the side of x holding the square behind x).
 *
 * Builds into dst (the scratch table, sized for any board) or, when dst is
 * NULL, into a new block charged to the budget.  Returns the table, or NULL
 * with *rc set. */
static sk_dtab *build_dtab(sk_solver *s, sk_dtab *dst, int32_t *rc)
{
    int32_t nf = s->nf, ng = s->ngoals;
    const uint8_t *wall = s->tmpwall;
    int32_t open = 0;
    for (int32_t c = 0; c < nf; c++)
        open += !wall[c];
    int32_t nrows = 0, nmaps = 0;
    for (int32_t y = 0; y < nf; y++) {
        uint8_t *sb = s->sidebuf[y];
        memset(sb, SK_NONE, (size_t)nf);
        int32_t k = 0, seen = 0;
        for (int d = 0; d < 4 && !wall[y]; d++) {
            uint8_t n = s->nbr[y][d];
            if (n == SK_NONE || wall[n] || sb[n] != SK_NONE)
                continue;
            size_t qh = 0, qt = 0;
            s->queue[qt++] = n;
            sb[n] = (uint8_t)k;
            while (qh < qt) {
                uint8_t x = s->queue[qh++];
                for (int e = 0; e < 4; e++) {
                    uint8_t z = s->nbr[x][e];
                    if (z == SK_NONE || z == y || wall[z] || sb[z] != SK_NONE)
                        continue;
                    sb[z] = (uint8_t)k;
                    s->queue[qt++] = z;
                }
            }
            seen += (int32_t)qt;
            k++;
        }
        s->nsides[y] = (uint8_t)k;
        /* A side map is needed when the player's square matters: two sides
         * or more, or squares no neighbour reaches (they read side k). */
        s->hasmap[y] = !wall[y] && (k > 1 || seen < open - 1);
        if (s->hasmap[y])
            for (int32_t c = 0; c < nf; c++)
                if (sb[c] == SK_NONE)
                    sb[c] = (uint8_t)k;
        for (int32_t r = 0; r <= k; r++) {
            s->rowcell[nrows + r] = (uint8_t)y;
            s->rowside[nrows + r] = (uint8_t)r;
        }
        nrows += k + 1;
        nmaps += s->hasmap[y];
    }
    size_t dsz = (size_t)nrows * (size_t)ng * sizeof(uint16_t), rsz = (size_t)nf * sizeof(uint16_t),
           osz = (size_t)nf * sizeof(int32_t), msz = (size_t)nmaps * (size_t)nf;
    size_t bytes = sizeof(sk_dtab) + dsz + rsz + osz + msz;
    sk_dtab *t = dst;
    if (!t) {
        if (!charge(s, bytes, 0)) {
            *rc = PC_ELIMIT;
            return NULL;
        }
        t = malloc(bytes);
        if (!t) {
            s->bytes -= bytes;
            *rc = PC_ENOMEM;
            return NULL;
        }
        t->bytes = bytes;
        /* uint16 and int32 arrays after the header: the int32 array first */
        t->sideoff = (int32_t *)(void *)(t + 1);
        t->dist = (uint16_t *)(void *)(t->sideoff + nf);
    }
    t->row = t->dist + (size_t)nrows * (size_t)ng;
    t->side = (uint8_t *)(t->row + nf);
    t->nrows = nrows;
    t->nmaps = nmaps;
    int32_t r = 0, m = 0;
    for (int32_t y = 0; y < nf; y++) {
        t->row[y] = (uint16_t)r;
        r += s->nsides[y] + 1;
        t->sideoff[y] = -1;
        if (s->hasmap[y]) {
            t->sideoff[y] = m * nf;
            memcpy(t->side + (size_t)m * (size_t)nf, s->sidebuf[y], (size_t)nf);
            m++;
        }
    }
    for (int32_t q = 0; q < ng; q++) {
        for (int32_t i = 0; i < nrows; i++)
            t->dist[(size_t)i * (size_t)ng + (size_t)q] = SK_INF;
        uint8_t gq = s->goals[q];
        if (wall[gq])
            continue; /* a frozen box's own goal: it keeps it (matching) */
        size_t qh = 0, qt = 0;
        for (int32_t k = 0; k <= s->nsides[gq]; k++) {
            int32_t i = t->row[gq] + k;
            t->dist[(size_t)i * (size_t)ng + (size_t)q] = 0;
            if (k < s->nsides[gq])
                s->rowq[qt++] = (uint16_t)i;
        }
        while (qh < qt) {
            uint16_t i = s->rowq[qh++];
            uint8_t y = s->rowcell[i], sy = s->rowside[i];
            uint16_t dv = t->dist[(size_t)i * (size_t)ng + (size_t)q];
            for (int e = 0; e < 4; e++) {
                uint8_t x = s->nbr[y][e];
                if (x == SK_NONE || wall[x] || s->sidebuf[y][x] != sy)
                    continue;
                uint8_t pl = s->nbr[x][e];
                if (pl == SK_NONE || wall[pl])
                    continue;
                size_t pi = (size_t)t->row[x] + s->sidebuf[x][pl];
                uint16_t *dp = &t->dist[pi * (size_t)ng + (size_t)q];
                if (*dp != SK_INF)
                    continue;
                *dp = (uint16_t)(dv + 1);
                s->rowq[qt++] = (uint16_t)pi;
            }
        }
    }
    return t;
}

/* The distances of the box on cell b to every goal, the player on p. */
static inline const uint16_t *dt_row(const sk_solver *s, const sk_dtab *t, uint8_t b, uint8_t p)
{
    int32_t off = t->sideoff[b];
    size_t side = off < 0 ? 0 : t->side[(size_t)off + p];
    return t->dist + ((size_t)t->row[b] + side) * (size_t)s->ngoals;
}

/* Do the player squares p1 and p2 stand on the same side of every box (so
 * that the same boxes have the same distances, hence the same matching)? */
static int same_sides(const sk_solver *s, const sk_dtab *t, const uint8_t *boxes, uint8_t p1, uint8_t p2)
{
    if (!t->nmaps || p1 == p2)
        return 1;
    for (int32_t i = 0; i < s->nb; i++) {
        int32_t off = t->sideoff[boxes[i]];
        if (off >= 0 && t->side[off + p1] != t->side[off + p2])
            return 0;
    }
    return 1;
}

/* wtab: for each point of the grid, its least L1 distance to a square of
 * fin[] (capped at SK_WMAX), for walk_bound. */
static void walk_table(sk_solver *s)
{
    int32_t w = s->g->w, h = s->g->h;
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            uint32_t best = SK_WMAX;
            for (int32_t i = 0; i < s->nfin; i++) {
                int32_t dx = s->cx[s->fin[i]] - x, dy = s->cy[s->fin[i]] - y;
                uint32_t v = (uint32_t)((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy));
                if (v < best)
                    best = v;
            }
            s->wtab[y * w + x] = (uint8_t)best;
        }
}

/* Fill the static tables.  Returns PC_OK, PC_ENOTFOUND when the position is
 * plainly unsolvable (a box or goal the player can never reach), PC_ERANGE
 * or PC_ENOMEM. */
static int32_t prepare(sk_solver *s, const pc_sokoban *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    int32_t nf = g->interior;
    if (nf > SK_MAXCELLS)
        return PC_ERANGE;
    s->g = g;
    s->nf = nf;
    s->cell2grid = malloc((size_t)nf * sizeof *s->cell2grid);
    s->grid2cell = malloc(n * sizeof *s->grid2cell);
    s->nbr = malloc((size_t)nf * sizeof *s->nbr);
    s->goal = calloc((size_t)nf, 1);
    s->dead = calloc((size_t)nf, 1);
    s->cx = malloc((size_t)nf * sizeof *s->cx);
    s->cy = malloc((size_t)nf * sizeof *s->cy);
    if (!s->cell2grid || !s->grid2cell || !s->nbr || !s->goal || !s->dead || !s->cx || !s->cy)
        return PC_ENOMEM;
    int32_t k = 0, nb = 0;
    for (size_t i = 0; i < n; i++) {
        s->grid2cell[i] = -1;
        if (g->stat[i] & SK_INTERIOR) {
            s->grid2cell[i] = (int16_t)k;
            s->cell2grid[k++] = (int32_t)i;
        } else if (g->box[i] != ((g->stat[i] & SK_GOAL) != 0)) {
            return PC_ENOTFOUND; /* a box off goal, or a goal without box, out of reach */
        }
    }
    s->ngoals = 0;
    for (int32_t c = 0; c < nf; c++) {
        int32_t i = s->cell2grid[c];
        s->gidx[c] = (g->stat[i] & SK_GOAL) ? (int16_t)s->ngoals : -1;
        for (int d = 0; d < 4; d++) {
            int32_t j = i + pc__sokoban_delta(g, d);
            s->nbr[c][d] = s->grid2cell[j] >= 0 ? (uint8_t)s->grid2cell[j] : SK_NONE;
        }
        s->dead[c] = (g->stat[i] & SK_DEAD) != 0;
        s->cx[c] = i % g->w;
        s->cy[c] = i / g->w;
        if (g->stat[i] & SK_GOAL) {
            s->goal[c] = 1;
            s->goals[s->ngoals++] = (uint8_t)c;
            s->sgx += s->cx[c];
            s->sgy += s->cy[c];
        }
        if (g->box[i])
            nb++;
    }
    if (nb > SK_MAXBOXES)
        return PC_ERANGE;
    if (nb != s->ngoals)
        return PC_ENOTFOUND;
    s->nb = nb;
    /* Where the player can stand after the last push: on the square the box
     * left, which is no goal (every goal then holds a box), next to the goal
     * the box went to, with the square the push started from behind it. */
    s->nfin = 0;
    for (int32_t c = 0; c < nf; c++) {
        if (s->goal[c])
            continue;
        int ok = 0;
        for (int d = 0; d < 4; d++) {
            uint8_t to = s->nbr[c][d], from = s->nbr[c][(d + 2) & 3];
            ok |= to != SK_NONE && from != SK_NONE && s->goal[to];
        }
        if (ok)
            s->fin[s->nfin++] = (uint8_t)c;
    }
    /* Push distances, goal by goal, by pulling the box backwards. */
    s->wtab = malloc(n);
    if (!s->wtab)
        return PC_ENOMEM;
    walk_table(s);
    memset(s->tmpwall, 0, sizeof s->tmpwall);
    int32_t rc = PC_OK;
    if (!(s->dt0 = build_dtab(s, NULL, &rc)))
        return rc;
    /* Zobrist keys: fixed seed, so runs are reproducible. */
    struct pc_rng rng;
    pc__rng_seed(&rng, 0x50b0ba11ULL);
    for (int32_t c = 0; c < nf; c++) {
        s->zbox[c] = pc__rng_next(&rng);
        s->zpl[c] = pc__rng_next(&rng);
    }
    s->recsize = (sizeof(sk_rec) + (size_t)nb + 3) & ~(size_t)3;
    size_t fixed = (size_t)nf * (sizeof *s->cell2grid + sizeof *s->nbr + 2 + sizeof *s->cx + sizeof *s->cy) +
                   n * (sizeof *s->grid2cell + 1)
                   + sizeof *s;
    if (!charge(s, fixed, 0))
        return PC_ELIMIT;
    return PC_OK;
}

/* ---- lower bound: Hungarian algorithm on push distances ----------------------------- */

/* One row of the Hungarian algorithm (e-maxx style, 1-based): row i joins
 * the assignment p (p[j]: the row on column j, 0: free) by a shortest
 * augmenting path, keeping the duals u, v feasible (u[r] + v[j] <= c[r][j])
 * and tight on the assigned pairs. */
static void hung_row(int32_t n, int32_t (*c)[SK_MAXBOXES + 1], int32_t i, int32_t *u, int32_t *v, int32_t *p)
{
    int32_t way[SK_MAXBOXES + 1], minv[SK_MAXBOXES + 1];
    uint8_t used[SK_MAXBOXES + 1];
    p[0] = i;
    int32_t j0 = 0;
    for (int32_t j = 0; j <= n; j++) {
        minv[j] = INT32_MAX;
        used[j] = 0;
        way[j] = 0;
    }
    do {
        used[j0] = 1;
        int32_t i0 = p[j0], delta = INT32_MAX, j1 = 0;
        for (int32_t j = 1; j <= n; j++) {
            if (used[j])
                continue;
            int32_t cur = c[i0][j] - u[i0] - v[j];
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

/* M for the boxes and the player square, or -1 when no perfect matching
 * exists, with the push distances t; boxes with fz[i] set (fz may be NULL)
 * are frozen on their goals.  When assign is not NULL it receives, for each
 * box, the goal index it is matched to, and the costs, duals and assignment
 * are kept in s->pcost, pu, pv, pp for matching_child; otherwise the costs go
 * to s->hcost. */
static int32_t matching(sk_solver *s, const uint8_t *boxes, uint8_t player, uint8_t *assign, const sk_dtab *t,
                        const uint8_t *fz)
{
    int32_t n = s->nb;
    int32_t (*c)[SK_MAXBOXES + 1] = assign ? s->pcost : s->hcost;
    /* Quick exits: all on goals; a box with no goal at all. */
    int32_t on = 0;
    for (int32_t i = 0; i < n; i++) {
        on += s->goal[boxes[i]];
        int any = 0;
        int frozen = fz && fz[i];
        const uint16_t *row = frozen ? NULL : dt_row(s, t, boxes[i], player);
        for (int32_t j = 0; j < n; j++) {
            /* A frozen box stays on its goal (it is a wall in t). */
            int32_t d = frozen ? (j == s->gidx[boxes[i]] ? 0 : SK_INF) : row[j];
            c[i + 1][j + 1] = d == SK_INF ? HUNG_INF : d;
            any |= d != SK_INF;
        }
        if (!any)
            return -1;
    }
    if (on == n && !assign)
        return 0;
    int32_t lu[SK_MAXBOXES + 1], lv[SK_MAXBOXES + 1], lp[SK_MAXBOXES + 1];
    int32_t *u = assign ? s->pu : lu, *v = assign ? s->pv : lv, *p = assign ? s->pp : lp;
    /* Start from feasible duals (each column's least cost, then each row's
     * least reduced cost) and the tight pairs they give, taken greedily;
     * only the rows left unassigned need an augmenting path.  (Any optimal
     * assignment will do: M is the same.) */
    uint8_t rowdone[SK_MAXBOXES + 1];
    p[0] = u[0] = v[0] = 0;
    for (int32_t j = 1; j <= n; j++) {
        int32_t mn = c[1][j];
        for (int32_t i = 2; i <= n; i++)
            if (c[i][j] < mn)
                mn = c[i][j];
        v[j] = mn;
        p[j] = 0;
    }
    for (int32_t i = 1; i <= n; i++) {
        int32_t mn = INT32_MAX, jm = 0;
        for (int32_t j = 1; j <= n; j++)
            if (c[i][j] - v[j] < mn) {
                mn = c[i][j] - v[j];
                jm = j;
            }
        u[i] = mn;
        rowdone[i] = 0;
        for (int32_t j = jm; j <= n; j++)
            if (!p[j] && c[i][j] - v[j] == mn) {
                p[j] = i;
                rowdone[i] = 1;
                break;
            }
    }
    for (int32_t i = 1; i <= n; i++)
        if (!rowdone[i])
            hung_row(n, c, i, u, v, p);
    int64_t total = 0;
    for (int32_t j = 1; j <= n; j++) {
        total += c[p[j]][j];
        if (assign)
            assign[p[j] - 1] = (uint8_t)(j - 1);
    }
    if (total >= HUNG_INF)
        return -1;
    return (int32_t)total;
}

/* M for the child in which the parent's box k (0-based, the parent's order)
 * went to `to`, when matching() with assign has just solved the parent with
 * the same distances dist and the same frozen boxes (so only row k differs,
 * and `to` is not frozen: the pushed box moved).  Warm start: the parent's
 * optimal duals stay feasible for the other rows, row k's dual is set to its
 * least reduced cost (feasible for the new row), the column row k held is
 * freed, and one augmenting path from row k gives an optimal assignment of
 * the child -- the same M as matching() on the child, in O(n^2). */
static int32_t matching_child(sk_solver *s, int32_t k, uint8_t to, uint8_t player, const sk_dtab *t)
{
    int32_t n = s->nb, i = k + 1;
    int32_t (*c)[SK_MAXBOXES + 1] = s->pcost;
    const uint16_t *row = dt_row(s, t, to, player);
    int any = 0;
    for (int32_t j = 0; j < n; j++)
        any |= row[j] != SK_INF;
    if (!any)
        return -1;
    /* Row k of the parent's costs is swapped for the child's meanwhile. */
    int32_t saved[SK_MAXBOXES + 1];
    memcpy(saved, c[i], (size_t)(n + 1) * sizeof *saved);
    for (int32_t j = 0; j < n; j++)
        c[i][j + 1] = row[j] == SK_INF ? HUNG_INF : row[j];
    int32_t u[SK_MAXBOXES + 1], v[SK_MAXBOXES + 1], p[SK_MAXBOXES + 1];
    memcpy(u, s->pu, (size_t)(n + 1) * sizeof *u);
    memcpy(v, s->pv, (size_t)(n + 1) * sizeof *v);
    memcpy(p, s->pp, (size_t)(n + 1) * sizeof *p);
    int32_t mu = INT32_MAX;
    for (int32_t j = 1; j <= n; j++) {
        if (p[j] == i)
            p[j] = 0;
        if (c[i][j] - v[j] < mu)
            mu = c[i][j] - v[j];
    }
    u[i] = mu;
    hung_row(n, c, i, u, v, p);
    int64_t total = 0;
    for (int32_t j = 1; j <= n; j++)
        total += c[p[j]][j];
    memcpy(c[i], saved, (size_t)(n + 1) * sizeof *saved);
    if (total >= HUNG_INF)
        return -1;
    return (int32_t)total;
}

/* ---- symmetry ------------------------------------------------------------------------ */

/* The symmetries of the board: the isometries of the grid's rectangle (the
 * four that swap the axes only when it is square) that map interior cells to
 * interior cells with the same goal and dead flags.  Such a symmetry maps
 * pushes to pushes of the same cost and solved positions to solved ones, so
 * a position and its images have the same cost to finish, and the search
 * keeps one position of each class (see canon): a path to a representative
 * and a path on from it are, after mapping the second by the symmetry, one
 * real path of the same cost.  (Microban 93, 95, 145 and 146 have seven.) */
static void find_symmetries(sk_solver *s, const pc_sokoban *g)
{
    int32_t w = g->w, h = g->h;
    s->nsym = 0;
    for (int t = 1; t < 8; t++) {
        if (t >= 4 && w != h)
            break;
        sk_sym *y = &s->sym[s->nsym];
        int ok = 1;
        for (int32_t c = 0; c < s->nf && ok; c++) {
            int32_t x0 = s->cx[c], y0 = s->cy[c], x1 = x0, y1 = y0;
            if (t & 1)
                x1 = w - 1 - x1;
            if (t & 2)
                y1 = h - 1 - y1;
            if (t & 4) {
                int32_t tmp = x1;
                x1 = y1;
                y1 = tmp;
            }
            int32_t j = y1 * w + x1, k = s->grid2cell[j];
            uint8_t mask = SK_INTERIOR | SK_GOAL | SK_DEAD;
            if (k < 0 || (g->stat[j] & mask) != (g->stat[s->cell2grid[c]] & mask)) {
                ok = 0;
                break;
            }
            y->perm[c] = (uint8_t)k;
            y->inv[k] = (uint8_t)c;
        }
        if (ok)
            s->nsym++;
    }
}

/* The boxes as a bitmap of cells, mapped by symmetry t (-1: the identity). */
static void box_bits(const sk_solver *s, int t, const uint8_t *boxes, uint64_t *bits)
{
    memset(bits, 0, 4 * sizeof *bits);
    for (int32_t i = 0; i < s->nb; i++) {
        uint8_t c = t < 0 ? boxes[i] : s->sym[t].perm[boxes[i]];
        bits[c >> 6] |= 1ULL << (c & 63);
    }
}

/* The cells of a box bitmap, sorted. */
static void bits_boxes(const uint64_t *bits, uint8_t *out)
{
    int32_t j = 0;
    for (int k = 0; k < 4; k++)
        for (uint64_t v = bits[k]; v; v &= v - 1)
            out[j++] = (uint8_t)(k * 64 + pc__ctz64(v));
}

/* The image of the boxes by symmetry t (-1: the identity), sorted. */
static void sym_image(const sk_solver *s, int t, const uint8_t *boxes, uint8_t *out)
{
    if (t < 0) {
        memcpy(out, boxes, (size_t)s->nb);
        return;
    }
    uint64_t bits[4];
    box_bits(s, t, boxes, bits);
    bits_boxes(bits, out);
}

/* The images of a parent's boxes under the identity (index 0) and each
 * symmetry t (index t + 1): bitmaps and Zobrist hashes (as boxhash_of), so
 * that each child's images follow from two bit flips (see canon_child). */
typedef struct {
    uint64_t bits[8][4];
    uint64_t hash[8];
} sk_images;

static void parent_images(const sk_solver *s, const uint8_t *boxes, sk_images *im)
{
    for (int t = -1; t < s->nsym; t++) {
        uint64_t h = 0x9e3779b97f4a7c15ULL;
        box_bits(s, t, boxes, im->bits[t + 1]);
        for (int32_t i = 0; i < s->nb; i++)
            h ^= s->zbox[t < 0 ? boxes[i] : s->sym[t].perm[boxes[i]]];
        im->hash[t + 1] = h;
    }
}

/* The representative of a position's class: the image (boxes as a bitmap
 * compared from the highest cell down, then the player) that is least over
 * the identity and the symmetries.  The position is the child where the
 * parent's box on `from` went to `to` and the player stands on `from`; im
 * holds the parent's images.  Writes the representative's bitmap to best,
 * its player to *outp and its box set's hash to *hash, and returns the
 * symmetry's index, or -1 for the identity.  (Same choice as comparing the
 * child's images built from scratch, for a fraction of the work.) */
static int canon_child(const sk_solver *s, const sk_images *im, uint8_t from, uint8_t to, uint64_t *best,
                       uint8_t *outp, uint64_t *hash)
{
    uint8_t bestp = from;
    int bi = -1;
    memcpy(best, im->bits[0], 4 * sizeof *best);
    best[from >> 6] ^= 1ULL << (from & 63);
    best[to >> 6] ^= 1ULL << (to & 63);
    for (int t = 0; t < s->nsym; t++) {
        const uint8_t *perm = s->sym[t].perm;
        uint8_t pf = perm[from], pt = perm[to];
        uint64_t b[4];
        memcpy(b, im->bits[t + 1], sizeof b);
        b[pf >> 6] ^= 1ULL << (pf & 63);
        b[pt >> 6] ^= 1ULL << (pt & 63);
        int cmp = 0;
        for (int k = 3; k >= 0 && !cmp; k--)
            cmp = b[k] < best[k] ? -1 : b[k] > best[k] ? 1 : 0;
        if (cmp < 0 || (cmp == 0 && pf < bestp)) {
            memcpy(best, b, sizeof b);
            bestp = pf;
            bi = t;
        }
    }
    *outp = bestp;
    if (bi < 0)
        *hash = im->hash[0] ^ s->zbox[from] ^ s->zbox[to];
    else
        *hash = im->hash[bi + 1] ^ s->zbox[s->sym[bi].perm[from]] ^ s->zbox[s->sym[bi].perm[to]];
    return bi;
}

/* ---- box-set index (for dominance) ----------------------------------------------------- */

static uint64_t boxhash_of(const sk_solver *s, const uint8_t *boxes)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int32_t i = 0; i < s->nb; i++)
        h ^= s->zbox[boxes[i]];
    return h;
}

/* A btable slot holds the index + 1 of the newest record with its boxes in
 * the low 27 bits and 5 bits of the box set's hash above them, so most
 * probes of other box sets never touch a record. */
static uint32_t btag(uint64_t h)
{
    return (uint32_t)(h >> 59) << 27;
}

/* The first slot probed for hash h. */
static size_t bhome(const sk_solver *s, uint64_t h)
{
    return (size_t)(h ^ (h >> 31)) & (s->btcap - 1);
}

/* Slot of the box set in btable (empty slot when absent). */
static size_t bslot(const sk_solver *s, uint64_t h, const uint8_t *boxes)
{
    size_t mask = s->btcap - 1, pos = bhome(s, h);
    uint32_t tag = btag(h);
    while (s->btable[pos]) {
        uint32_t e = s->btable[pos];
        if ((e & ~SK_IDXMASK) == tag && memcmp(rec_at(s, (e & SK_IDXMASK) - 1)->boxes, boxes, (size_t)s->nb) == 0)
            return pos;
        pos = (pos + 1) & mask;
    }
    return pos;
}

static int32_t btable_grow(sk_solver *s)
{
    size_t nc = s->btcap ? s->btcap * 2 : 1024, old = s->btcap;
    if (!charge(s, nc * sizeof *s->btable, 0))
        return PC_ELIMIT;
    uint32_t *nt = calloc(nc, sizeof *nt);
    if (!nt) {
        s->bytes -= nc * sizeof *s->btable;
        return PC_ENOMEM;
    }
    uint32_t *ot = s->btable;
    s->btable = nt;
    s->btcap = nc;
    for (size_t i = 0; i < old; i++)
        if (ot[i]) {
            const sk_rec *r = rec_at(s, (ot[i] & SK_IDXMASK) - 1);
            s->btable[bslot(s, boxhash_of(s, r->boxes), r->boxes)] = ot[i];
        }
    free(ot);
    s->bytes -= old * sizeof *s->btable;
    return PC_OK;
}

/* Append a record, linked into its box-set list (h: boxhash_of the boxes).
 * Returns its index or a negative status. */
static int64_t add_rec(sk_solver *s, const uint8_t *boxes, uint8_t player, uint64_t h)
{
    int32_t rc;
    if (s->nrec + 1 >= SK_IDXMASK)
        return PC_ELIMIT;
    if ((s->nbsets + 1) * 2 > s->btcap && (rc = btable_grow(s)) < 0)
        return rc;
    if (s->nrec == s->reccap) {
        size_t nc = s->reccap ? s->reccap + s->reccap / 2 : 4096;
        rc = grow(s, (void **)&s->arena, &s->reccap, nc, s->recsize);
        if (rc < 0)
            return rc;
    }
    size_t idx = s->nrec++;
    sk_rec *r = rec_at(s, idx);
    memset(r, 0, s->recsize);
    r->player = player;
    memcpy(r->boxes, boxes, (size_t)s->nb);
    size_t bs = bslot(s, h, boxes);
    if (!s->btable[bs])
        s->nbsets++;
    r->next = s->btable[bs] & SK_IDXMASK;
    s->btable[bs] = ((uint32_t)idx + 1) | btag(h);
    return (int64_t)idx;
}

/* The walking bound W stored in a record's flags (see walk_bound). */
static uint32_t w_of(const sk_rec *r)
{
    return (uint32_t)r->flags >> 2;
}

/* The bound on moves is M + W, on pushes M. */
static uint32_t h1_of(const sk_solver *s, uint32_t m, uint32_t w)
{
    return m + (s->mode == PC_SOKOBAN_MOVES ? w : 0);
}

static uint32_t h2_of(const sk_solver *s, uint32_t m, uint32_t w)
{
    return m + (s->mode == PC_SOKOBAN_MOVES ? 0 : w);
}

static size_t f1_of(const sk_solver *s, const sk_rec *r)
{
    return (size_t)r->g1 + r->h + (s->mode == PC_SOKOBAN_MOVES ? w_of(r) : 0);
}

static size_t f2_of(const sk_solver *s, const sk_rec *r)
{
    return (size_t)r->g2 + r->h + (s->mode == PC_SOKOBAN_MOVES ? 0 : w_of(r));
}

/* Move *t into [0, n) and return how far it moved. */
static int32_t clamp_axis(int32_t *t, int32_t n)
{
    int32_t e = *t < 0 ? -*t : *t >= n ? *t - (n - 1) : 0;
    *t = *t < 0 ? 0 : *t >= n ? n - 1 : *t;
    return e;
}

/* Walking bound W: the moves of any solution that are not pushes number at
 * least |dx - DX| + |dy - DY|, where (dx, dy) is the player's displacement
 * from `player` to where it ends and (DX, DY) the boxes' total displacement
 * (the goals' coordinate sums minus the boxes': the same whichever box ends
 * on which goal).  A push moves the player and one box by the same step, so
 * it leaves dx - DX unchanged, and a walking step changes it by one.  The
 * player ends on a square of fin[] (no pushes left: W = 0).  sbx, sby: the
 * boxes' coordinate sums; m: the matching.  Capped at SK_WMAX (a smaller
 * bound is still a bound). */
static uint32_t walk_bound(const sk_solver *s, uint8_t player, int32_t sbx, int32_t sby, int32_t m)
{
    if (m <= 0)
        return 0;
    int32_t tx = s->cx[player] + s->sgx - sbx, ty = s->cy[player] + s->sgy - sby;
    /* The L1 distance from (tx, ty) to fin[] is the table's at the nearest
     * point of the grid plus the distance to that point (every square of
     * fin[] lies on the grid's far side of it on each axis). */
    int32_t w = s->g->w, ex = clamp_axis(&tx, w), ey = clamp_axis(&ty, s->g->h);
    uint32_t v = (uint32_t)s->wtab[ty * w + tx] + (uint32_t)ex + (uint32_t)ey;
    return v < SK_WMAX ? v : SK_WMAX;
}

static int32_t open_push(sk_solver *s, uint32_t idx)
{
    const sk_rec *r = rec_at(s, idx);
    size_t f1 = f1_of(s, r), f2 = f2_of(s, r);
    int32_t rc;
    if (f1 >= s->nlevels) {
        size_t nc = s->nlevels ? s->nlevels : 64, old = s->nlevels;
        while (nc <= f1)
            nc *= 2;
        if ((rc = grow(s, (void **)&s->levels, &s->nlevels, nc, sizeof *s->levels)) < 0)
            return rc;
        memset(s->levels + old, 0, (nc - old) * sizeof *s->levels);
        if (old == 0)
            s->min1 = f1;
    }
    sk_level *lv = &s->levels[f1];
    if (f2 >= lv->nf2) {
        size_t nc = lv->nf2 ? lv->nf2 : 16, old = lv->nf2;
        while (nc <= f2)
            nc *= 2;
        if ((rc = grow(s, (void **)&lv->f2, &lv->nf2, nc, sizeof *lv->f2)) < 0)
            return rc;
        memset(lv->f2 + old, 0, (nc - old) * sizeof *lv->f2);
        if (lv->count == 0)
            lv->min2 = f2;
    }
    sk_stack *st = &lv->f2[f2];
    if (st->n == st->cap) {
        size_t nc = st->cap ? st->cap * 2 : 16;
        if ((rc = grow(s, (void **)&st->v, &st->cap, nc, sizeof *st->v)) < 0)
            return rc;
    }
    st->v[st->n++] = idx;
    if (lv->count == 0 || f2 < lv->min2)
        lv->min2 = f2;
    lv->count++;
    if (s->nopen == 0 || f1 < s->min1)
        s->min1 = f1;
    s->nopen++;
    return PC_OK;
}

/* Pop an entry with the least (f1, f2); its bucket keys go to *f1, *f2. */
static uint32_t open_pop(sk_solver *s, size_t *f1, size_t *f2)
{
    while (s->levels[s->min1].count == 0)
        s->min1++;
    sk_level *lv = &s->levels[s->min1];
    while (lv->f2[lv->min2].n == 0)
        lv->min2++;
    sk_stack *st = &lv->f2[lv->min2];
    *f1 = s->min1;
    *f2 = lv->min2;
    lv->count--;
    s->nopen--;
    return st->v[--st->n];
}

/* ---- perimeter: exact remaining moves near the goal --------------------------------- */

/* Positions (player, sorted boxes) after the first search layers of a hard
 * level are mostly close to the goal in the bound's eyes and far from it in
 * fact: on Microban 146 the states of the last layer below the optimum have
 * h around 13 while the goal is 20 or more moves away.  So once the search
 * has expanded SK_PER_AFTER states, a breadth-first search backwards from
 * the solved positions (boxes on the goals, the player on any other square;
 * steps backwards are walks and pulls) lists every position whose remaining
 * moves are at most `depth`, exactly: depth is the last layer it completed
 * within SK_PER_STATES positions.  A new child whose bound M + W is at most
 * depth then takes its exact distance when listed, and depth + 1 when not
 * (it is further away).  Both are admissible; the bound stays consistent (a
 * move changes the exact distance by at most one; a listed position next to
 * an unlisted one is at distance depth, the unlisted one at least depth + 1)
 * and the pushes bound, M, is kept as is. */
#define SK_PER_FIRST (1u << 12)
#define SK_PER_AFTER 100000u
#define SK_PER_STATES (1u << 22)

static uint64_t per_hash(const sk_solver *s, uint8_t player, const uint8_t *boxes)
{
    uint64_t h = s->zpl[player];
    for (int32_t i = 0; i < s->nb; i++)
        h ^= s->zbox[boxes[i]];
    return h;
}

/* The slot of (player, boxes) (key: player then boxes): its record, or the
 * empty slot where it goes. */
static size_t per_slot(const sk_solver *s, uint64_t h, const unsigned char *key)
{
    const sk_perim *P = &s->per;
    size_t pos = (size_t)(h ^ (h >> 29)) & (P->cap - 1);
    while (P->slot[pos] && memcmp(P->rec + (size_t)(P->slot[pos] - 1) * P->recsize, key, (size_t)s->nb + 1))
        pos = (pos + 1) & (P->cap - 1);
    return pos;
}

/* Add (key, d) unless listed; 1 added, 0 listed, -1 full. */
static int per_add(sk_solver *s, uint64_t h, const unsigned char *key, uint32_t d)
{
    sk_perim *P = &s->per;
    size_t pos = per_slot(s, h, key);
    if (P->slot[pos])
        return 0;
    if (P->n == P->max)
        return -1;
    unsigned char *r = P->rec + P->n * P->recsize;
    memcpy(r, key, (size_t)s->nb + 1);
    r[s->nb + 1] = (unsigned char)(d & 0xFF);
    r[s->nb + 2] = (unsigned char)(d >> 8);
    P->slot[pos] = (uint32_t)++P->n;
    return 1;
}

static void per_build(sk_solver *s, size_t max)
{
    sk_perim *P = &s->per;
    int32_t nb = s->nb, nf = s->nf;
    if (P->slot) { /* a smaller one: replaced */
        s->bytes -= P->cap * sizeof *P->slot + P->max * P->recsize;
        free(P->slot);
        free(P->rec);
        P->slot = NULL;
        P->rec = NULL;
    }
    P->state = -1;
    P->n = 0;
    P->max = max;
    P->cap = max * 2;
    P->recsize = (size_t)nb + 3;
    size_t bytes = P->cap * sizeof *P->slot + P->max * P->recsize;
    if (!charge(s, bytes, 0))
        return; /* no room: the search goes on without */
    P->slot = calloc(P->cap, sizeof *P->slot);
    P->rec = malloc(P->max * P->recsize);
    if (!P->slot || !P->rec) {
        free(P->slot);
        free(P->rec);
        P->slot = NULL;
        P->rec = NULL;
        s->bytes -= bytes;
        return;
    }
    unsigned char key[SK_MAXBOXES + 1];
    uint8_t occ[SK_MAXCELLS + 1];
    memset(occ, 0, sizeof occ);
    memcpy(key + 1, s->goals, (size_t)nb); /* goals[] is in cell order */
    for (int32_t c = 0; c < nf; c++) {
        if (s->goal[c])
            continue;
        key[0] = (uint8_t)c;
        per_add(s, per_hash(s, (uint8_t)c, key + 1), key, 0);
    }
    size_t lo = 0, hi = P->n;
    uint32_t d = 0;
    while (lo < hi && d < 0xFFFE) {
        for (size_t i = lo; i < hi; i++) {
            const unsigned char *r = P->rec + i * P->recsize;
            uint8_t p = r[0];
            const uint8_t *bx = r + 1;
            for (int32_t j = 0; j < nb; j++)
                occ[bx[j]] = 1;
            uint64_t h = per_hash(s, p, bx);
            int full = 0;
            for (int dir = 0; dir < 4 && !full; dir++) {
                uint8_t q = s->nbr[p][dir], ahead = s->nbr[p][(dir + 2) & 3];
                if (q == SK_NONE || occ[q])
                    continue;
                /* Backwards, the player steps to q: a walk from q to p, or,
                 * with a box on the far side of p, a pull: forwards the
                 * player pushed it from p over to `ahead`. */
                memcpy(key + 1, bx, (size_t)nb);
                key[0] = q;
                full |= per_add(s, h ^ s->zpl[p] ^ s->zpl[q], key, d + 1) < 0;
                if (ahead == SK_NONE || !occ[ahead] || full)
                    continue;
                int32_t j = 0, k = 0;
                for (; j < nb; j++)
                    if (bx[j] != ahead)
                        key[1 + k++] = bx[j];
                k = nb - 1;
                while (k > 0 && key[k] > p) {
                    key[1 + k] = key[k];
                    k--;
                }
                key[1 + k] = p;
                full |= per_add(s, h ^ s->zpl[p] ^ s->zpl[q] ^ s->zbox[ahead] ^ s->zbox[p], key, d + 1) < 0;
            }
            for (int32_t j = 0; j < nb; j++)
                occ[bx[j]] = 0;
            if (full) {
                /* Layer d + 1 is not complete: layers up to d are. */
                P->depth = d;
                P->state = 1;
                return;
            }
        }
        d++;
        lo = hi;
        hi = P->n;
    }
    P->depth = d; /* every solvable position is listed */
    P->state = 1;
}

/* The walking part of the bound (h1 - M) of the child (boxes, player) with
 * matching m and walking bound w, from the perimeter. */
static uint32_t per_bound(const sk_solver *s, const uint8_t *boxes, uint8_t player, uint32_t m, uint32_t w)
{
    const sk_perim *P = &s->per;
    if (P->state != 1 || m + w > P->depth)
        return w;
    unsigned char key[SK_MAXBOXES + 1];
    key[0] = player;
    memcpy(key + 1, boxes, (size_t)s->nb);
    size_t pos = per_slot(s, per_hash(s, player, boxes), key);
    uint32_t d = P->depth + 1;
    if (P->slot[pos]) {
        const unsigned char *r = P->rec + (size_t)(P->slot[pos] - 1) * P->recsize;
        d = (uint32_t)r[s->nb + 1] | (uint32_t)r[s->nb + 2] << 8;
    }
    uint32_t v = d > m ? d - m : 0;
    if (v < w)
        v = w; /* cannot happen: the exact distance is at least M + W */
    return v < SK_WMAX ? v : SK_WMAX;
}

/* ---- expansion ------------------------------------------------------------------------- */

/* Player walking distances from `from` with boxes in s->occ (SK_INF: unreachable). */
static void walk_bfs_into(sk_solver *s, uint8_t from, uint16_t *wd)
{
    for (int32_t c = 0; c < s->nf; c++)
        wd[c] = SK_INF;
    size_t qh = 0, qt = 0;
    s->queue[qt++] = from;
    wd[from] = 0;
    while (qh < qt) {
        uint8_t x = s->queue[qh++];
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->nbr[x][d];
            if (y == SK_NONE || s->occ[y] || wd[y] != SK_INF)
                continue;
            wd[y] = (uint16_t)(wd[x] + 1);
            s->queue[qt++] = y;
        }
    }
}

/* The same, stopping once `ntarget` squares marked in s->tmark are reached
 * or beyond `limit` steps (squares not reached read SK_INF). */
static void walk_bfs_targets(sk_solver *s, uint8_t from, uint16_t *wd, uint32_t limit, uint32_t ntarget)
{
    for (int32_t c = 0; c < s->nf; c++)
        wd[c] = SK_INF;
    size_t qh = 0, qt = 0;
    s->queue[qt++] = from;
    wd[from] = 0;
    uint32_t found = s->tmark[from];
    while (qh < qt && found < ntarget) {
        uint8_t x = s->queue[qh++];
        if (wd[x] >= limit)
            break; /* BFS order: every square left is at least this far */
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->nbr[x][d];
            if (y == SK_NONE || s->occ[y] || wd[y] != SK_INF)
                continue;
            wd[y] = (uint16_t)(wd[x] + 1);
            found += s->tmark[y];
            s->queue[qt++] = y;
        }
    }
}

static void walk_bfs(sk_solver *s, uint8_t from)
{
    walk_bfs_into(s, from, s->wd);
}

/* Freeze deadlocks.  Is box x blocked along an axis (0: up/down, 1:
 * left/right)?  It is when a wall is on either side, when both sides are
 * dead squares, or when a box on either side is itself blocked along the
 * other axis with x treated as a wall (then neither box can ever move
 * first).  *off collects whether a box found frozen this way is off its
 * goal. */
static int blocked_axis(sk_solver *s, uint8_t x, int axis, int *off)
{
    uint8_t a = s->nbr[x][axis ? 3 : 0], b = s->nbr[x][axis ? 1 : 2];
    if (a == SK_NONE || b == SK_NONE || s->tmpwall[a] || s->tmpwall[b])
        return 1;
    if (s->dead[a] && s->dead[b])
        return 1;
    int r = 0, o = 0;
    s->tmpwall[x] = 1;
    if (s->occ[a] && blocked_axis(s, a, !axis, &o)) {
        r = 1;
        o |= !s->goal[a];
    } else {
        o = 0;
        if (s->occ[b] && blocked_axis(s, b, !axis, &o)) {
            r = 1;
            o |= !s->goal[b];
        }
    }
    s->tmpwall[x] = 0;
    if (r)
        *off |= o;
    return r;
}

/* After a box arrived on `to` (occ updated): is it frozen for ever with a
 * box off its goal?  (Covers the 2x2 blocks of walls and boxes.) */
static int frozen_push(sk_solver *s, uint8_t to)
{
    int off = !s->goal[to];
    if (!blocked_axis(s, to, 0, &off))
        return 0;
    if (!blocked_axis(s, to, 1, &off))
        return 0;
    return off;
}

/* Frozen goals.  A box blocked on both axes (see blocked_axis) never moves
 * again in any solution, so for the rest of the game it is a wall: the push
 * distances of the other boxes are those of the board with the frozen boxes
 * as walls, and each frozen box keeps its own goal (a frozen box off goal is
 * a freeze deadlock, pruned at the push).  This finds, for instance, a goal
 * behind a frozen box that no box can reach any more.  The set is a function
 * of the boxes (occ must hold them); fz[i] receives whether box i is frozen.
 * Returns the distances to use (s->dt0 when no box is frozen), or NULL with
 * *rc set when memory runs out. */
static const sk_dtab *frozen_dist(sk_solver *s, const uint8_t *boxes, uint8_t *fz, int32_t *rc)
{
    uint64_t bits[4] = {0, 0, 0, 0}, h = 0;
    int any = 0;
    for (int32_t i = 0; i < s->nb; i++) {
        uint8_t x = boxes[i];
        int off = 0;
        fz[i] = s->goal[x] && blocked_axis(s, x, 0, &off) && blocked_axis(s, x, 1, &off);
        if (fz[i]) {
            bits[x >> 6] |= 1ULL << (x & 63);
            h ^= s->zbox[x];
            any = 1;
        }
    }
    if (!any)
        return s->dt0;
    size_t pos = (size_t)(h ^ (h >> 32)) & (SK_FZSLOTS - 1);
    while (s->fztab[pos]) {
        const sk_fzset *f = &s->fz[s->fztab[pos] - 1];
        if (!memcmp(f->bits, bits, sizeof bits))
            return f->dt;
        pos = (pos + 1) & (SK_FZSLOTS - 1);
    }
    for (int32_t i = 0; i < s->nb; i++)
        s->tmpwall[boxes[i]] = fz[i];
    sk_dtab *t = NULL;
    int cache = s->nfz < SK_FZMAX;
    if (cache && s->nfz == s->fzcap) {
        size_t nc = s->fzcap ? s->fzcap * 2 : 16;
        *rc = grow(s, (void **)&s->fz, &s->fzcap, nc, sizeof *s->fz);
        cache = *rc == PC_OK;
        *rc = PC_OK;
    }
    if (cache && (t = build_dtab(s, NULL, rc)) != NULL) {
        sk_fzset *f = &s->fz[s->nfz++];
        memcpy(f->bits, bits, sizeof bits);
        f->dt = t;
        s->fztab[pos] = (uint32_t)s->nfz;
    } else {
        /* Cache full (or no memory left for it): same values, recomputed
         * into one scratch table sized for any set of walls. */
        *rc = PC_OK;
        if (!s->dtscratch) {
            size_t nf = (size_t)s->nf;
            size_t bytes = sizeof(sk_dtab) + 5 * nf * (size_t)s->ngoals * sizeof(uint16_t) +
                           nf * sizeof(uint16_t) + nf * sizeof(int32_t) + nf * nf;
            if (!charge(s, bytes, 0)) {
                *rc = PC_ELIMIT;
            } else if (!(s->dtscratch = malloc(bytes))) {
                s->bytes -= bytes;
                *rc = PC_ENOMEM;
            } else {
                s->dtscratch->bytes = bytes;
                s->dtscratch->sideoff = (int32_t *)(void *)(s->dtscratch + 1);
                s->dtscratch->dist = (uint16_t *)(void *)(s->dtscratch->sideoff + nf);
            }
        }
        if (s->dtscratch)
            t = build_dtab(s, s->dtscratch, rc);
    }
    for (int32_t i = 0; i < s->nb; i++)
        s->tmpwall[boxes[i]] = 0;
    return t;
}

/* The distances of a child position: frozen_dist with the pushed box moved
 * from b to `to` in occ for the time of the call. */
static const sk_dtab *child_dist(sk_solver *s, const uint8_t *child, uint8_t b, uint8_t to, uint8_t *fz,
                                 int32_t *rc)
{
    s->occ[b] = 0;
    s->occ[to] = 1;
    const sk_dtab *t = frozen_dist(s, child, fz, rc);
    s->occ[to] = 0;
    s->occ[b] = 1;
    return t;
}

static int lex_less(uint32_t a1, uint32_t a2, uint32_t b1, uint32_t b2)
{
    return a1 < b1 || (a1 == b1 && a2 < b2);
}

/* Is (f1, f2) above the upper bound?  Such a state cannot lead to a
 * solution better than the one known. */
static int beyond(const sk_solver *s, uint32_t f1, uint32_t f2)
{
    return lex_less(s->ub1, s->ub2, f1, f2);
}

/* Grid bitboards: a bit per square of the grid (row by row), for the
 * breadth-first searches of the dominance rule, one whole layer at a time
 * by shifts (see walk_bits_targets).  bb_setup decides whether the grid
 * fits (bbn words; 0: it does not, and the queue is used). */
static void bb_setup(sk_solver *s)
{
    int32_t w = s->g->w, n = w * s->g->h;
    s->bbn = 0;
    s->bbw = w;
    if (w < 2 || w >= 64 || n > 64 * SK_BBWORDS)
        return;
    memset(s->bbint, 0, sizeof s->bbint);
    for (int32_t c = 0; c < s->nf; c++) {
        /* A square on the first or last column would be next to the
         * previous or next row's in the bit order. */
        if (s->cx[c] == 0 || s->cx[c] == w - 1)
            return;
        s->bbint[s->cell2grid[c] >> 6] |= 1ULL << (s->cell2grid[c] & 63);
    }
    s->bbn = (n + 63) / 64;
}

/* The grid bitboard of the boxes (see bb_setup). */
static void bb_boxes(const sk_solver *s, const uint8_t *boxes, uint64_t *bb)
{
    memset(bb, 0, SK_BBWORDS * sizeof *bb);
    for (int32_t i = 0; i < s->nb; i++) {
        int32_t gi = s->cell2grid[boxes[i]];
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
 * distances from p, in the parent's position (s->bbbox) after the push of
 * the box on p to `to`, of the chain's player squares (mapped by inv when
 * not NULL), up to `limit` steps, into wd2 (SK_INF: farther or
 * unreachable).  Same distances as the queue: layer d is the squares next
 * to layer d - 1, free and not met before. */
static void walk_bits_targets(sk_solver *s, uint8_t p, uint8_t to, const uint8_t *inv, uint32_t nch,
                              uint32_t limit)
{
    int32_t n = s->bbn, w = s->bbw;
    uint64_t fr[SK_BBWORDS + 1], vis[SK_BBWORDS], tg[SK_BBWORDS], freem[SK_BBWORDS];
    int32_t gp = s->cell2grid[p], gt = s->cell2grid[to];
    for (int32_t i = 0; i < n; i++) {
        freem[i] = s->bbint[i] & ~s->bbbox[i];
        fr[i] = vis[i] = tg[i] = 0;
    }
    fr[n] = 0;
    freem[gp >> 6] |= 1ULL << (gp & 63);
    freem[gt >> 6] &= ~(1ULL << (gt & 63));
    uint32_t found = 0;
    for (uint32_t i = 0; i < nch; i++) {
        uint8_t c = inv ? inv[s->chain[i].player] : s->chain[i].player;
        int32_t gi = s->cell2grid[c];
        tg[gi >> 6] |= 1ULL << (gi & 63);
        s->wd2[c] = SK_INF;
    }
    fr[gp >> 6] = vis[gp >> 6] = 1ULL << (gp & 63);
    if ((tg[gp >> 6] >> (gp & 63)) & 1) {
        s->wd2[p] = 0;
        found++;
    }
    for (uint32_t d = 1; d <= limit && found < nch; d++) {
        if (!bb_layer(n, w, fr, vis, freem))
            break;
        for (int32_t i = 0; i < n; i++)
            for (uint64_t hit = fr[i] & tg[i]; hit; hit &= hit - 1) {
                s->wd2[s->grid2cell[i * 64 + pc__ctz64(hit)]] = (uint16_t)d;
                found++;
            }
    }
}

/* walk_bfs on grid bitboards: the walking distances from p of every square
 * (SK_INF: unreachable) in the position whose boxes are s->bbbox, into wd. */
static void walk_bits(sk_solver *s, uint8_t p)
{
    int32_t n = s->bbn, w = s->bbw;
    uint64_t fr[SK_BBWORDS + 1], vis[SK_BBWORDS], freem[SK_BBWORDS];
    int32_t gp = s->cell2grid[p];
    for (int32_t c = 0; c < s->nf; c++)
        s->wd[c] = SK_INF;
    for (int32_t i = 0; i <= n; i++)
        fr[i] = 0;
    for (int32_t i = 0; i < n; i++) {
        freem[i] = s->bbint[i] & ~s->bbbox[i];
        vis[i] = 0;
    }
    fr[gp >> 6] = vis[gp >> 6] = 1ULL << (gp & 63);
    s->wd[p] = 0;
    for (uint16_t d = 1; bb_layer(n, w, fr, vis, freem); d++)
        for (int32_t i = 0; i < n; i++)
            for (uint64_t nx = fr[i]; nx; nx &= nx - 1)
                s->wd[s->grid2cell[i * 64 + pc__ctz64(nx)]] = d;
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
    const sk_link *ch = s->chain;
    for (uint32_t i = 0; i < nch; i++) {
        uint32_t a = moves ? ch[i].g1 : ch[i].g2, b = moves ? c1 : c2;
        uint32_t diff = a > b ? a - b : b - a;
        if (!moves && ch[i].g1 != c1)
            diff = SK_INF; /* a walk costs moves only: any length may do */
        if (diff > limit)
            limit = diff;
    }
    uint8_t from = p;
    if (s->bbn) {
        walk_bits_targets(s, p, to, inv, nch, limit);
    } else {
        for (uint32_t i = 0; i < nch; i++)
            s->tmark[inv ? inv[ch[i].player] : ch[i].player] = 1;
        s->occ[from] = 0;
        s->occ[to] = 1;
        walk_bfs_targets(s, p, s->wd2, limit, nch);
        s->occ[to] = 0;
        s->occ[from] = 1;
        for (uint32_t i = 0; i < nch; i++)
            s->tmark[inv ? inv[ch[i].player] : ch[i].player] = 0;
    }
    for (uint32_t i = 0; i < nch; i++) {
        if ((ch[i].flags & 2) && ch[i].h != SK_HCORRAL)
            continue; /* no matching there: the player is on other sides of some boxes (else C had none) */
        uint32_t d = s->wd2[inv ? inv[ch[i].player] : ch[i].player];
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

/* Read the box-set list starting at head (index + 1) into s->chain, once:
 * the states with the child's boxes.  Returns their number and the index of
 * the one whose player is on `player` in *found (-1: none). */
static uint32_t chain_read(sk_solver *s, uint32_t head, uint8_t player, int64_t *found)
{
    uint32_t n = 0;
    *found = -1;
    for (uint32_t e = head; e; e = rec_at(s, e - 1)->next) {
        const sk_rec *r = rec_at(s, e - 1);
        sk_link *l = &s->chain[n++];
        l->idx = e - 1;
        l->g1 = r->g1;
        l->g2 = r->g2;
        l->h = r->h;
        l->player = r->player;
        l->flags = r->flags;
        if (r->player == player)
            *found = (int64_t)(e - 1);
    }
    return n;
}

/* ---- corral deadlocks ------------------------------------------------------------------ */

static int bit_test(const uint64_t *bits, uint8_t c)
{
    return (int)(bits[c >> 6] >> (c & 63)) & 1;
}

static void bit_set(uint64_t *bits, uint8_t c)
{
    bits[c >> 6] |= 1ULL << (c & 63);
}

/* The smallest square of a non-empty bitmap. */
static uint8_t bits_first(const uint64_t *bits)
{
    int k = 0;
    while (!bits[k])
        k++;
    return (uint8_t)(k * 64 + pc__ctz64(bits[k]));
}

/* Do the free squares next to t (boxes in occ) stay connected to each other
 * without t?  A sufficient test: they all lie on one run of free squares of
 * the ring of eight around t (consecutive ring squares are neighbours).
 * Then any walk through t can go round it, so taking t out of a region
 * leaves the rest connected. */
static int ring_connected(const sk_solver *s, uint8_t t)
{
    uint8_t ring[8];
    for (int d = 0; d < 4; d++) {
        uint8_t o = s->nbr[t][d];
        ring[2 * d] = o;
        /* The diagonal clockwise after o, reached through o (it can only
         * join o to the next neighbour when o is a free square). */
        ring[2 * d + 1] = o == SK_NONE ? SK_NONE : s->nbr[o][(d + 1) & 3];
    }
    int free[8], first = -1;
    for (int i = 0; i < 8; i++) {
        free[i] = ring[i] != SK_NONE && !s->occ[ring[i]];
        if (first < 0 && !free[i])
            first = i;
    }
    if (first < 0)
        return 1; /* the whole ring is free */
    /* Count the runs of free ring squares holding a neighbour of t, going
     * round once from a blocked square. */
    int runs = 0, inrun = 0, counted = 0;
    for (int k = 1; k <= 8; k++) {
        int i = (first + k) & 7;
        if (!free[i]) {
            inrun = 0;
            continue;
        }
        if (!inrun) {
            inrun = 1;
            counted = 0;
        }
        if (!(i & 1) && !counted) {
            runs++;
            counted = 1;
        }
    }
    return runs <= 1;
}

/* Add to the region bits (a bitmap of squares) the free squares (boxes in
 * occ) connected to `from` outside it, from included; returns whether one
 * of the squares added is in carea. */
static int corral_flood(sk_solver *s, uint8_t from, uint64_t *bits)
{
    size_t qh = 0, qt = 0;
    s->queue[qt++] = from;
    bit_set(bits, from);
    int op = s->carea[from];
    while (qh < qt) {
        uint8_t x = s->queue[qh++];
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->nbr[x][d];
            if (y == SK_NONE || s->occ[y] || bit_test(bits, y))
                continue;
            bit_set(bits, y);
            op |= s->carea[y];
            s->queue[qt++] = y;
        }
    }
    return op;
}

/* Record a position of the corral search (cbuf[n] = region, boxes): 1 new,
 * 0 already there. */
static int corral_insert(sk_solver *s, uint32_t n, int32_t nk)
{
    const uint8_t *v = s->cbuf[n];
    uint64_t h = s->zpl[v[0]];
    for (int32_t i = 1; i <= nk; i++)
        h ^= s->zbox[v[i]];
    size_t pos = (size_t)(h ^ (h >> 32)) & (SK_CORRAL_SLOTS - 1);
    uint32_t gen = s->cgen << 9;
    while ((s->cslot[pos] & ~0x1FFu) == gen && (s->cslot[pos] & 0x1FFu)) {
        if (memcmp(s->cbuf[(s->cslot[pos] & 0x1FFu) - 1], v, (size_t)nk + 1) == 0)
            return 0;
        pos = (pos + 1) & (SK_CORRAL_SLOTS - 1);
    }
    s->cslot[pos] = gen | (n + 1);
    return 1;
}

/* Corral deadlock.  The child position (boxes `child`, player p; occ holds
 * it, wd the player's walking distances from walk_bfs) is dead when the player cannot reach the squares next to `to` (the
 * box just pushed) and the boxes around that unreachable area A can never
 * all stand on goals nor let the player into A.  This is decided by an
 * exhaustive push search on a relaxed board that keeps only the boxes
 * bordering A and their neighbours (removing boxes only adds solutions: the
 * kept boxes' pushes in any real solution are a solution of the relaxed
 * board, which ends with them on goals), pruned by dead squares and freeze
 * deadlocks of the kept boxes (both deadlocks on the full board too).  The
 * search gives up (not dead) after SK_CORRAL_NODES positions.  The verdict
 * depends on the boxes and the player's region only. */
static int corral_dead(sk_solver *s, const uint8_t *child, uint8_t p, uint8_t to)
{
    int32_t nb = s->nb, nf = s->nf;
    /* A: the unreachable free squares connected to those next to `to`. */
    size_t qh = 0, qt = 0;
    for (int d = 0; d < 4; d++) {
        uint8_t y = s->nbr[to][d];
        if (y != SK_NONE && !s->occ[y] && s->wd[y] == SK_INF && !s->carea[y]) {
            s->carea[y] = 1;
            s->queue[qt++] = y;
        }
    }
    if (!qt)
        return 0;
    while (qh < qt) {
        uint8_t x = s->queue[qh++];
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->nbr[x][d];
            if (y == SK_NONE || s->occ[y] || s->carea[y])
                continue;
            s->carea[y] = 1;
            s->queue[qt++] = y;
        }
    }
    size_t narea = qt;
    uint8_t area[SK_MAXCELLS + 1];
    memcpy(area, s->queue, narea);
    /* Kept boxes: those bordering A, then their neighbours. */
    int off = 0;
    for (int32_t i = 0; i < nb; i++) {
        uint8_t c = child[i];
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->nbr[c][d];
            if (y != SK_NONE && s->carea[y]) {
                s->ckeep[c] = 1;
                off |= !s->goal[c];
                break;
            }
        }
    }
    int dead = 0;
    int32_t nk = 0;
    uint8_t saved[SK_MAXCELLS + 1];
    memcpy(saved, s->occ, (size_t)nf);
    if (!off)
        goto done; /* every box around A is on a goal */
    for (int32_t i = 0; i < nb; i++) {
        uint8_t c = child[i];
        if (s->ckeep[c] == 1)
            continue;
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->nbr[c][d];
            if (y != SK_NONE && s->ckeep[y] == 1) {
                s->ckeep[c] = 2;
                break;
            }
        }
    }
    if (++s->cgen >= (1u << 23)) {
        memset(s->cslot, 0, sizeof s->cslot);
        s->cgen = 1;
    }
    memset(s->occ, 0, (size_t)nf);
    for (int32_t i = 0; i < nb; i++)
        if (s->ckeep[child[i]]) {
            s->cbuf[0][++nk] = child[i];
            s->occ[child[i]] = 1;
        }
    memset(s->cbits[0], 0, sizeof s->cbits[0]);
    corral_flood(s, p, s->cbits[0]);
    s->cbuf[0][0] = bits_first(s->cbits[0]);
    corral_insert(s, 0, nk);
    uint32_t n = 1;
    for (uint32_t cur = 0; cur < n; cur++) {
        /* Expand position cur: occ gets its boxes; cbits[cur] is its region. */
        const uint8_t *v = s->cbuf[cur];
        const uint64_t *reg = s->cbits[cur];
        if (cur > 0) {
            const uint8_t *u = s->cbuf[cur - 1];
            for (int32_t i = 1; i <= nk; i++)
                s->occ[u[i]] = 0;
            for (int32_t i = 1; i <= nk; i++)
                s->occ[v[i]] = 1;
        }
        /* Boxes next to A first: pushing one away lets the player in. */
        for (int32_t kk = 0; kk < 2 * nk; kk++) {
            int32_t k = 1 + kk % nk;
            uint8_t b = v[k];
            int nextto = 0;
            for (int e = 0; e < 4; e++) {
                uint8_t y = s->nbr[b][e];
                nextto |= y != SK_NONE && s->carea[y] && !s->occ[y];
            }
            if (nextto != (kk < nk))
                continue;
            for (int d = 0; d < 4; d++) {
                uint8_t t = s->nbr[b][d], behind = s->nbr[b][(d + 2) & 3];
                if (t == SK_NONE || behind == SK_NONE || s->occ[t] || s->dead[t] || !bit_test(reg, behind))
                    continue;
                s->occ[b] = 0;
                s->occ[t] = 1;
                int frozen = frozen_push(s, t);
                int op = 0;
                uint8_t rp = 0;
                if (!frozen) {
                    /* The player steps onto b: next to A already? */
                    for (int e = 0; e < 4; e++) {
                        uint8_t y = s->nbr[b][e];
                        op |= y != SK_NONE && s->carea[y] && !s->occ[y];
                    }
                    if (!op && n < SK_CORRAL_NODES) {
                        /* The new region, in the next free slot.  When t was
                         * outside the region, or inside it without cutting
                         * it (ring_connected), the rest of the region stays
                         * connected, and it grows by b and what b opens
                         * (never A: no region of a position kept meets A). */
                        uint64_t *nr = s->cbits[n];
                        if (!bit_test(reg, t)) {
                            memcpy(nr, reg, sizeof s->cbits[n]);
                        } else if (ring_connected(s, t)) {
                            memcpy(nr, reg, sizeof s->cbits[n]);
                            nr[t >> 6] &= ~(1ULL << (t & 63));
                        } else {
                            memset(nr, 0, sizeof s->cbits[n]);
                        }
                        op = corral_flood(s, b, nr);
                        rp = bits_first(nr);
                    }
                    /* (With no slot left, the search gives up below, as it
                     * stops when the player gets into A: either way the
                     * state is not dead, so the region is not needed.) */
                }
                s->occ[t] = 0;
                s->occ[b] = 1;
                if (frozen)
                    continue;
                if (op)
                    goto done; /* the player gets into A */
                if (n >= SK_CORRAL_NODES)
                    goto done; /* gave up */
                uint8_t *w = s->cbuf[n];
                int32_t j = 0, on = 1;
                for (int32_t i = 1; i <= nk; i++)
                    if (i != k)
                        w[1 + j++] = v[i];
                j = nk - 1;
                while (j > 0 && w[j] > t) {
                    w[j + 1] = w[j];
                    j--;
                }
                w[j + 1] = t;
                w[0] = rp;
                for (int32_t i = 1; i <= nk; i++)
                    on &= s->goal[w[i]];
                if (on)
                    goto done; /* the kept boxes all on goals */
                if (corral_insert(s, n, nk))
                    n++;
            }
        }
    }
    dead = 1; /* every position searched: A stays closed and some box off goal */
done:
    memcpy(s->occ, saved, (size_t)nf);
    for (size_t i = 0; i < narea; i++)
        s->carea[area[i]] = 0;
    for (int32_t i = 0; i < nb; i++)
        s->ckeep[child[i]] = 0;
    return dead;
}

/* Is a corral check worth its time?  Always during the first 65536 checks
 * and while at least one in 64 finds a deadlock; otherwise one candidate in
 * 8 is checked (so the rate keeps being measured).  Only the time spent
 * depends on this: a check skipped prunes nothing. */
static int corral_worth(sk_solver *s)
{
    if (s->cchecks < 65536 || s->cdead * 64 >= s->cchecks)
        return 1;
    return (s->cskip++ & 7) == 0;
}

/* The box of `child` that one push moved from `parent`'s boxes (SK_NONE
 * when none is found); both are representatives (see canon), so the child
 * may be the image of the parent's real child by a symmetry: each one is
 * tried, and its index (-1: the identity) goes to *sym when sym is not NULL.
 * Boxes sorted. */
static uint8_t pushed_box(const sk_solver *s, const uint8_t *parent, const uint8_t *child, int *sym)
{
    uint64_t cb[4];
    box_bits(s, -1, child, cb);
    for (int t = -1; t < s->nsym; t++) {
        uint64_t pb[4]; /* the image of the parent by symmetry t */
        box_bits(s, t, parent, pb);
        /* Exactly one box of the child missing from the parent's image, and
         * it is next to the one square of the image missing from the child. */
        uint8_t to = SK_NONE, from = SK_NONE;
        int nd = 0;
        for (int k = 0; k < 4; k++) {
            uint64_t in = cb[k] & ~pb[k], out = pb[k] & ~cb[k];
            nd += pc__popcount64(in);
            if (in)
                to = (uint8_t)(k * 64 + pc__ctz64(in));
            if (out)
                from = (uint8_t)(k * 64 + pc__ctz64(out));
        }
        if (nd != 1)
            continue;
        int adj = 0;
        for (int d = 0; d < 4; d++)
            adj |= s->nbr[from][d] == to;
        if (!adj)
            continue;
        if (sym)
            *sym = t;
        return to;
    }
    return SK_NONE;
}

/* Generate the children of state idx, whose boxes are in occ and its
 * player's walking distances in wd (see search); clears occ. */
static int32_t expand(sk_solver *s, uint32_t idx)
{
    uint8_t boxes[SK_MAXBOXES], child[SK_MAXBOXES], rchild[SK_MAXBOXES];
    sk_rec *r = rec_at(s, idx);
    int32_t nb = s->nb;
    memcpy(boxes, r->boxes, (size_t)nb);
    uint8_t player = r->player;
    uint32_t g1 = r->g1, g2 = r->g2, hpar = r->h;
    uint8_t assign[SK_MAXBOXES], pfz[SK_MAXBOXES], cfz[SK_MAXBOXES];
    int have_assign = 0; /* the parent's matching is computed only when needed */
    const sk_dtab *pdist = NULL; /* the parent's distances (see frozen_dist) */
    int pscratch = 0;             /* pdist was the scratch table */
    int32_t sbx = 0, sby = 0;
    for (int32_t i = 0; i < nb; i++) {
        sbx += s->cx[boxes[i]];
        sby += s->cy[boxes[i]];
    }
    sk_images im;
    parent_images(s, boxes, &im);
    int32_t rc = PC_OK;
    /* First the legal pushes and their children's representatives, whose
     * box-set slots (then their newest records) are prefetched: the table
     * and the records are far larger than the caches, and the children are
     * then processed in the same order as generated. */
    sk_cand cand[4 * SK_MAXBOXES];
    int32_t ncand = 0;
    for (int32_t k = 0; k < nb; k++) {
        uint8_t b = boxes[k];
        for (int d = 0; d < 4; d++) {
            uint8_t to = s->nbr[b][d], behind = s->nbr[b][(d + 2) & 3];
            if (to == SK_NONE || behind == SK_NONE || s->occ[to] || s->dead[to] || s->wd[behind] == SK_INF)
                continue;
            /* A child above the upper bound even with the least M it can
             * have is dropped below whatever its box set's list holds (a
             * stored state with those boxes has M and W at least as large),
             * so it is dropped here without reading the list.  (A cost too
             * large for a record is left to the error below, in order.) */
            uint32_t walk = s->wd[behind];
            uint32_t c1 = s->mode == PC_SOKOBAN_MOVES ? g1 + walk + 1 : g1 + 1;
            uint32_t c2 = s->mode == PC_SOKOBAN_MOVES ? g2 + 1 : g2 + walk + 1;
            if (c1 <= 0xFFFF && c2 <= 0xFFFF) {
                uint32_t hmin = hpar ? hpar - 1 : 0;
                uint32_t wmin = hmin ? walk_bound(s, b, sbx - s->cx[b] + s->cx[to], sby - s->cy[b] + s->cy[to], 1) : 0;
                if (beyond(s, c1 + h1_of(s, hmin, wmin), c2 + h2_of(s, hmin, wmin)))
                    continue;
            }
            s->occ[b] = 0;
            s->occ[to] = 1;
            int frozen = frozen_push(s, to);
            s->occ[to] = 0;
            s->occ[b] = 1;
            if (frozen)
                continue;
            sk_cand *cd = &cand[ncand++];
            cd->k = (uint8_t)k;
            cd->to = to;
            cd->behind = behind;
            cd->t = (int8_t)canon_child(s, &im, b, to, cd->rbits, &cd->rp, &cd->rh);
            SK_PREFETCH(&s->btable[bhome(s, cd->rh)]);
        }
    }
    /* The lists are walked a record further for every candidate in turn,
     * so that their cache misses overlap instead of queueing up. */
    uint32_t lnext[4 * SK_MAXBOXES];
    int any = 0;
    for (int32_t ci = 0; ci < ncand; ci++) {
        uint32_t e = s->btable[bhome(s, cand[ci].rh)];
        lnext[ci] = e && (e & ~SK_IDXMASK) == btag(cand[ci].rh) ? e & SK_IDXMASK : 0;
        if (lnext[ci]) {
            SK_PREFETCH(rec_at(s, lnext[ci] - 1));
            any = 1;
        }
    }
    for (int round = 1; round < SK_PREFETCH_DEPTH && any; round++) {
        any = 0;
        for (int32_t ci = 0; ci < ncand; ci++)
            if (lnext[ci] && (lnext[ci] = rec_at(s, lnext[ci] - 1)->next) != 0) {
                SK_PREFETCH(rec_at(s, lnext[ci] - 1));
                any = 1;
            }
    }
    for (int32_t ci = 0; ci < ncand; ci++) {
        const sk_cand *cd = &cand[ci];
        int32_t k = cd->k;
        uint8_t b = boxes[k], to = cd->to, behind = cd->behind;
        /* Move box b to `to`, keeping the list sorted. */
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
        uint32_t walk = s->wd[behind];
        uint32_t c1 = s->mode == PC_SOKOBAN_MOVES ? g1 + walk + 1 : g1 + 1;
        uint32_t c2 = s->mode == PC_SOKOBAN_MOVES ? g2 + 1 : g2 + walk + 1;
        if (c1 > 0xFFFF || c2 > 0xFFFF) {
            rc = PC_ELIMIT; /* beyond what a record can hold */
            goto out;
        }
        /* The state stored is the class representative (rchild, rp);
         * the bound and the deadlock tests, symmetric, use the child. */
        uint8_t rp = cd->rp;
        uint64_t rh = cd->rh;
        const uint8_t *rb = child, *inv = NULL;
        if (cd->t >= 0) {
            bits_boxes(cd->rbits, rchild);
            rb = rchild;
            inv = s->sym[cd->t].inv;
        }
        /* The states with the same boxes, among them this one if it is
         * stored (the box-set list holds every state). */
        int64_t found;
        uint32_t nch = chain_read(s, s->btable[bslot(s, rh, rb)] & SK_IDXMASK, rp, &found);
        if (found >= 0) {
            sk_rec *cr = rec_at(s, (size_t)found);
            if ((cr->flags & 2) || !lex_less(c1, c2, cr->g1, cr->g2) ||
                beyond(s, c1 + h1_of(s, cr->h, w_of(cr)), c2 + h2_of(s, cr->h, w_of(cr))))
                continue;
            cr->g1 = (uint16_t)c1;
            cr->g2 = (uint16_t)c2;
            cr->parent = idx;
            cr->flags &= (uint8_t)~1;
            if ((rc = open_push(s, (uint32_t)found)) < 0)
                goto out;
            continue;
        }
        /* M(child) >= M(parent) - 1 (see the top), and it is exactly that
         * when the box moved one push closer to the goal the parent's
         * optimal matching gives it. */
        uint32_t hmin = hpar ? hpar - 1 : 0;
        uint32_t wc = walk_bound(s, b, sbx - s->cx[b] + s->cx[to], sby - s->cy[b] + s->cy[to], 1);
        uint32_t wmin = hmin ? wc : 0;
        if (beyond(s, c1 + h1_of(s, hmin, wmin), c2 + h2_of(s, hmin, wmin)))
            continue;
        /* The bound depends on the boxes and the player's side of each box
         * only: a stored state with the same boxes and sides gives it
         * without a new matching.  The sides are read in the child's frame
         * (the list holds representatives: mapped back by inv). */
        int32_t m = -2;
        const sk_dtab *cdist = NULL;
        for (uint32_t i = 0; i < nch && m == -2; i++) {
            if (s->chain[i].h == SK_HCORRAL)
                continue; /* a corral deadlock: its region's only */
            if (!cdist && !(cdist = child_dist(s, child, b, to, cfz, &rc)))
                goto out;
            uint8_t ep = inv ? inv[s->chain[i].player] : s->chain[i].player;
            if (same_sides(s, cdist, child, ep, b))
                m = (s->chain[i].flags & 2) ? -1 : s->chain[i].h;
        }
        if (m == -1)
            continue; /* same boxes and sides: the same deadlock */
        if (m == -2) {
            if (hpar > 0 && !have_assign) {
                if (!(pdist = frozen_dist(s, boxes, pfz, &rc)))
                    goto out;
                pscratch = pdist == s->dtscratch;
                if (matching(s, boxes, player, assign, pdist, pfz) != (int32_t)hpar) {
                    rc = PC_EINVAL; /* cannot happen: the bound is a function of the boxes and sides */
                    goto out;
                }
                have_assign = 1;
                if (cdist == s->dtscratch)
                    cdist = NULL; /* the parent's table took the scratch */
            }
            if (!cdist && !(cdist = child_dist(s, child, b, to, cfz, &rc)))
                goto out;
            /* The shortcuts need the same distances as the parent's: the
             * same frozen boxes (b itself was not frozen: it moved).  The
             * other boxes keep their rows: the player is on the same side
             * of each (its walk and push never crossed them). */
            int same = hpar > 0 && cdist == pdist && !pscratch && cdist != s->dtscratch;
            if (same && dt_row(s, cdist, to, b)[assign[k]] + 1u == dt_row(s, cdist, b, player)[assign[k]])
                m = (int32_t)hpar - 1;
            else if (same)
                m = matching_child(s, k, to, b, cdist);
            else
                m = matching(s, child, b, NULL, cdist, cfz);
        }
        uint32_t w = m > 0 ? wc : 0;
        if (m >= 0 && s->mode == PC_SOKOBAN_MOVES)
            w = per_bound(s, child, b, (uint32_t)m, w);
        if (m >= 0 && beyond(s, c1 + h1_of(s, (uint32_t)m, w), c2 + h2_of(s, (uint32_t)m, w)))
            continue;
        if (dominated(s, nch, b, to, c1, c2, inv))
            continue;
        int64_t ni = add_rec(s, rb, rp, rh);
        if (ni < 0) {
            rc = (int32_t)ni;
            goto out;
        }
        r = rec_at(s, idx); /* the arena may have moved */
        sk_rec *cr = rec_at(s, (size_t)ni);
        if (m < 0) {
            cr->flags = 2;
            continue;
        }
        cr->g1 = (uint16_t)c1;
        cr->g2 = (uint16_t)c2;
        cr->h = (uint16_t)(m > 0xFFFF ? 0xFFFF : m);
        cr->flags = (uint8_t)(w << 2);
        cr->parent = idx;
        if ((rc = open_push(s, (uint32_t)ni)) < 0)
            goto out;
    }
out:
    for (int32_t i = 0; i < nb; i++)
        s->occ[boxes[i]] = 0;
    return rc;
}

/* ---- solution text ------------------------------------------------------------------------ */

static const char lurd_l[4] = {'u', 'r', 'd', 'l'};

/* Append the shortest walk from `from` to `to` (boxes in occ) as lower-case
 * LURD; returns 0 when unreachable (cannot happen for a search path). */
static int append_walk(sk_solver *s, uint8_t from, uint8_t to, pc__sb *sb)
{
    /* BFS from the target so the path can be read forwards. */
    walk_bfs(s, to);
    if (s->wd[from] == SK_INF)
        return 0;
    uint8_t x = from;
    while (x != to) {
        for (int d = 0; d < 4; d++) {
            uint8_t y = s->nbr[x][d];
            if (y != SK_NONE && !s->occ[y] && s->wd[y] + 1 == s->wd[x]) {
                pc__sb_putc(sb, lurd_l[d]);
                x = y;
                break;
            }
        }
    }
    return 1;
}

static int32_t build_lurd(sk_solver *s, uint32_t goal, pc_sokoban_result *res)
{
    size_t len = 0;
    for (uint32_t i = goal; i != 0; i = rec_at(s, i)->parent)
        len++;
    uint32_t *path = malloc((len + 1) * sizeof *path);
    if (!path)
        return PC_ENOMEM;
    size_t k = len + 1;
    for (uint32_t i = goal;; i = rec_at(s, i)->parent) {
        path[--k] = i;
        if (i == 0)
            break;
    }
    pc__sb sb;
    pc__sb_init(&sb);
    int64_t pushes = 0;
    /* The real position (the start is its own representative); each record
     * on the path is a representative, so the next real position is the
     * image of the next record by the symmetry (or identity) that makes it
     * one push away, with the shortest walk (the one the search paid). */
    uint8_t cur[SK_MAXBOXES], curp = rec_at(s, 0)->player;
    memcpy(cur, rec_at(s, 0)->boxes, (size_t)s->nb);
    int32_t rc = PC_OK;
    for (size_t step = 0; step < len && rc == PC_OK; step++) {
        const sk_rec *b = rec_at(s, path[step + 1]);
        memset(s->occ, 0, sizeof s->occ);
        for (int32_t i = 0; i < s->nb; i++)
            s->occ[cur[i]] = 1;
        walk_bfs(s, curp);
        uint32_t bestw = SK_INF;
        uint8_t best[SK_MAXBOXES], bestfrom = 0;
        int bestdir = 0;
        for (int t = -1; t < s->nsym; t++) {
            uint8_t img[SK_MAXBOXES], from = t < 0 ? b->player : s->sym[t].perm[b->player];
            sym_image(s, t, b->boxes, img);
            /* The box left `from` (where the player now stands) for the one
             * square of img not among the current boxes. */
            if (!s->occ[from])
                continue;
            uint8_t to = SK_NONE;
            int nd = 0;
            for (int32_t i = 0; i < s->nb; i++)
                if (!s->occ[img[i]]) {
                    to = img[i];
                    nd++;
                }
            int dir = 0;
            while (nd == 1 && dir < 4 && s->nbr[from][dir] != to)
                dir++;
            if (nd != 1 || dir == 4)
                continue;
            int kept = 1; /* every other box stays */
            for (int32_t i = 0; i < s->nb; i++)
                kept &= img[i] == to || s->occ[img[i]];
            uint8_t behind = s->nbr[from][(dir + 2) & 3];
            if (!kept || behind == SK_NONE || s->wd[behind] >= bestw)
                continue;
            bestw = s->wd[behind];
            memcpy(best, img, (size_t)s->nb);
            bestfrom = from;
            bestdir = dir;
        }
        if (bestw == SK_INF) {
            rc = PC_EINVAL; /* internal inconsistency */
            break;
        }
        uint8_t behind = s->nbr[bestfrom][(bestdir + 2) & 3];
        if (!append_walk(s, curp, behind, &sb)) {
            rc = PC_EINVAL;
            break;
        }
        pc__sb_putc(&sb, (char)(lurd_l[bestdir] - 'a' + 'A'));
        pushes++;
        memcpy(cur, best, (size_t)s->nb);
        curp = bestfrom;
    }
    memset(s->occ, 0, sizeof s->occ);
    free(path);
    if (rc != PC_OK) {
        pc__sb_free(&sb);
        return rc;
    }
    pc__sb_putc(&sb, '\0');
    if (sb.failed) {
        pc__sb_free(&sb);
        return PC_ENOMEM;
    }
    res->lurd = sb.data;
    res->moves = (int64_t)strlen(sb.data);
    res->pushes = pushes;
    return PC_OK;
}

/* ---- entry point ----------------------------------------------------------------------------- */

static int32_t search(sk_solver *s, const pc_sokoban *g, pc_sokoban_result *res)
{
    int32_t rc = prepare(s, g);
    if (rc < 0)
        return rc;
    uint8_t boxes[SK_MAXBOXES];
    int32_t k = 0;
    for (int32_t c = 0; c < s->nf; c++)
        if (g->box[s->cell2grid[c]])
            boxes[k++] = (uint8_t)c;
    uint8_t player = (uint8_t)s->grid2cell[g->player];
    find_symmetries(s, g);
    bb_setup(s);
    uint8_t fz[SK_MAXBOXES];
    for (int32_t i = 0; i < s->nb; i++)
        s->occ[boxes[i]] = 1;
    const sk_dtab *dist = frozen_dist(s, boxes, fz, &rc);
    int32_t m = dist ? matching(s, boxes, player, NULL, dist, fz) : -1;
    for (int32_t i = 0; i < s->nb; i++)
        s->occ[boxes[i]] = 0;
    if (!dist)
        return rc;
    if (m < 0)
        return PC_ENOTFOUND;
    int64_t start = add_rec(s, boxes, player, boxhash_of(s, boxes));
    if (start < 0)
        return (int32_t)start;
    rec_at(s, 0)->h = (uint16_t)m;
    {
        int32_t sbx = 0, sby = 0;
        for (int32_t i = 0; i < s->nb; i++) {
            sbx += s->cx[boxes[i]];
            sby += s->cy[boxes[i]];
        }
        uint32_t w = walk_bound(s, player, sbx, sby, m);
        if (s->mode == PC_SOKOBAN_MOVES) {
            /* A small perimeter from the start (a few thousand positions,
             * about a millisecond), the large one if the search gets long. */
            per_build(s, SK_PER_FIRST);
            w = per_bound(s, boxes, player, (uint32_t)m, w);
        }
        rec_at(s, 0)->flags = (uint8_t)(w << 2);
    }
    rc = open_push(s, 0);
    if (rc < 0)
        return rc;
    while (s->nopen) {
        size_t f1, f2;
        uint32_t idx = open_pop(s, &f1, &f2);
        sk_rec *r = rec_at(s, idx);
        if ((r->flags & 3) || f1_of(s, r) != f1 || f2_of(s, r) != f2)
            continue; /* stale entry (or found dead) */
        /* Some state of an optimal path is always open with f1 at most the
         * optimum (the bound is admissible, the pruning keeps an optimal
         * path), and the queue gives the least f1 first. */
        if (f1 > s->fmax)
            s->fmax = f1;
        if (r->h == 0) {
            int32_t on = 0;
            for (int32_t i = 0; i < s->nb; i++)
                on += s->goal[r->boxes[i]];
            if (on == s->nb)
                return build_lurd(s, idx, res);
        }
        if (s->max_nodes && s->nodes >= s->max_nodes)
            return PC_ELIMIT;
        /* The boxes in occ and the player's walking distances in wd serve
         * the corral check and the expansion. */
        for (int32_t i = 0; i < s->nb; i++)
            s->occ[r->boxes[i]] = 1;
        if (s->bbn) {
            bb_boxes(s, r->boxes, s->bbbox);
            walk_bits(s, r->player);
        } else {
            walk_bfs(s, r->player);
        }
        if (idx != 0 && r->h > 0 && corral_worth(s)) {
            /* Corral deadlock, checked when the state is about to be
             * expanded (most stored states never are): `to` is the box the
             * last push moved, the one not among the parent's boxes. */
            uint8_t to = pushed_box(s, rec_at(s, r->parent)->boxes, r->boxes, NULL);
            if (to != SK_NONE) {
                int dead = corral_dead(s, r->boxes, r->player, to);
                s->cchecks++;
                s->cdead += (uint64_t)dead;
                if (dead) {
                    for (int32_t i = 0; i < s->nb; i++)
                        s->occ[r->boxes[i]] = 0;
                    r->flags = 2; /* dead for its player region */
                    r->h = SK_HCORRAL;
                    continue;
                }
            }
        }
        r->flags |= 1;
        if (s->mode == PC_SOKOBAN_MOVES && s->nodes == SK_PER_AFTER && s->per.max < SK_PER_STATES)
            per_build(s, SK_PER_STATES);
        s->nodes++;
        rc = expand(s, idx);
        if (rc < 0)
            return rc;
    }
    return PC_ENOTFOUND;
}

/* One search; figures go to res (nodes and states added, peak maxed). */
static int32_t run_search(const pc_sokoban *g, int mode, uint64_t max_nodes, uint64_t max_bytes,
                          uint32_t ub1, uint32_t ub2, pc_sokoban_result *res)
{
    sk_solver *s = calloc(1, sizeof *s);
    if (!s)
        return PC_ENOMEM;
    s->mode = mode;
    s->max_nodes = max_nodes;
    s->max_bytes = max_bytes;
    s->ub1 = ub1;
    s->ub2 = ub2;
    free(res->lurd);
    res->lurd = NULL;
    int32_t rc = search(s, g, res);
    res->nodes += s->nodes;
    res->states += s->nrec;
    /* Either search's bound holds for both modes' first criterion: a push
     * is a move, so a bound on pushes bounds the moves too. */
    if ((int64_t)s->fmax > res->bound)
        res->bound = (int64_t)s->fmax;
    if (s->peak > res->bytes)
        res->bytes = s->peak;
    solver_free(s);
    free(s);
    return rc;
}

/* Nodes the push-optimal pre-search of a move-optimal solve may use. */
#define SK_PRESEARCH_NODES 250000u

int32_t pc_sokoban_solve(const pc_sokoban *g, int32_t mode, uint64_t max_nodes, uint64_t max_bytes,
                         pc_sokoban_result **out)
{
    if (!g || !out || (mode != PC_SOKOBAN_MOVES && mode != PC_SOKOBAN_PUSHES))
        return PC_EINVAL;
    pc_sokoban_result *res = calloc(1, sizeof *res);
    if (!res)
        return PC_ENOMEM;
    uint32_t ub1 = UINT32_MAX, ub2 = UINT32_MAX;
    int32_t rc = PC_ELIMIT;
    uint64_t pre = max_nodes ? max_nodes / 4 : SK_PRESEARCH_NODES;
    if (pre > SK_PRESEARCH_NODES)
        pre = SK_PRESEARCH_NODES;
    if (mode == PC_SOKOBAN_MOVES && pre > 0) {
        /* A push-optimal solution, when one comes cheaply, bounds the
         * move-optimal search from above (its moves and pushes); a proof
         * that no solution exists holds for both modes. */
        rc = run_search(g, PC_SOKOBAN_PUSHES, pre, max_bytes, UINT32_MAX, UINT32_MAX, res);
        if (rc == PC_OK) {
            ub1 = (uint32_t)res->moves;
            ub2 = (uint32_t)res->pushes;
        }
    }
    if (rc != PC_ENOTFOUND && rc != PC_ENOMEM && rc != PC_EINVAL && rc != PC_ERANGE) {
        if (max_nodes && res->nodes >= max_nodes)
            rc = PC_ELIMIT;
        else
            rc = run_search(g, mode, max_nodes ? max_nodes - res->nodes : 0, max_bytes, ub1, ub2, res);
    }
    res->status = rc;
    res->mode = mode;
    if (rc == PC_OK)
        res->bound = mode == PC_SOKOBAN_MOVES ? res->moves : res->pushes;
    else if (rc == PC_ENOTFOUND)
        res->bound = -1;
    if (rc != PC_OK && rc != PC_ENOTFOUND && rc != PC_ELIMIT) {
        free(res->lurd);
        free(res);
        return rc;
    }
    if (rc != PC_OK) {
        free(res->lurd);
        res->moves = res->pushes = -1;
        res->lurd = malloc(1);
        if (!res->lurd) {
            free(res);
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
    free(r->lurd);
    free(r);
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
