/*
 * Internal header of the Sokoban solver (lib/sokoban/solver*.c): its
 * constants, the solver's state, the small helpers every part uses, and the
 * functions one part offers the others (pc__sk_*, hidden from the library's
 * users).  Not installed.
 */
#ifndef PC_SOKOBAN_SOLVER_INT_H
#define PC_SOKOBAN_SOLVER_INT_H

#include <stdint.h>
#include <stddef.h>

#include "common/bits.h"
#include "common/budget.h"
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

/* The walking bound W is capped at this (eleven bits: six of a record's
 * flags and the five of its `next` above the index, see w_of). */
#define SK_WMAX 2047u

/* Grid bitboards for the dominance walks: at most this many words. */
#define SK_BBWORDS 8

/* Frozen-set distance tables kept (see frozen_dist); slots of their index. */
#define SK_FZMAX 4096

#define SK_FZSLOTS 8192

/* One stored state: 16 bytes + one byte per box.  The player byte comes
 * right before the boxes so that (player, boxes) compare as one block. */
typedef struct {
    uint32_t parent;
    uint32_t next;   /* next record with the same boxes, index + 1 (0: none; SK_IDXMASK
                      * bits), and above them the high bits of W (see w_of) */
    uint16_t g1, g2; /* cost so far (primary, secondary) */
    uint16_t h;      /* lower bound on pushes (the matching M) */
    uint8_t flags;   /* 1 expanded, 2 deadlock; bits 2-7: the low bits of W */
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

/* The level as the search sees it: interior cells, their neighbours and
 * coordinates, goals, dead squares, the player's finishing squares, Zobrist
 * keys, grid bitboards and the board's symmetries.  Written once before the
 * search (prepare, pc__sk_walk_table, pc__sk_bb_setup,
 * pc__sk_find_symmetries); read-only while it runs. */
typedef struct {
    const pc_sokoban *g;
    int32_t nf, nb;          /* interior cells, boxes */
    int32_t *cell2grid;      /* nf */
    int16_t *grid2cell;      /* w*h: id or -1 */
    uint8_t (*nbr)[4];       /* nf x 4 neighbours (SK_NONE: wall) */
    uint8_t *goal, *dead;    /* nf flags */
    int32_t ngoals;
    uint8_t goals[SK_MAXCELLS];
    int16_t gidx[SK_MAXCELLS]; /* goal index of a cell, -1: no goal */
    int32_t *cx, *cy;        /* nf column and row of each cell */
    int32_t sgx, sgy;        /* sums of the goals' columns and rows */
    int32_t nfin;            /* cells where the player can stand after the last push */
    uint8_t fin[SK_MAXCELLS];
    uint8_t *wtab;           /* w*h: distances to fin[] (see walk_table) */
    uint64_t zbox[SK_MAXCELLS], zpl[SK_MAXCELLS];
    /* Grid bitboards (see bb_setup): words, grid width, interior squares. */
    int32_t bbn, bbw;
    uint64_t bbint[SK_BBWORDS];
    /* Symmetries other than the identity (see canon). */
    sk_sym sym[7];
    int32_t nsym;
} sk_map;

/* The tables behind the lower bound: push distances on the bare board, the
 * cache of distances with frozen boxes as walls, the walking potential and
 * the perimeter.  dt0 and pot* are written before the search (prepare,
 * pc__sk_pot_build); the frozen-set cache by pc__sk_frozen_dist and the
 * perimeter by pc__sk_per_build as the search meets them. */
typedef struct {
    sk_dtab *dt0;            /* push distances on the bare board (build_dtab) */
    /* The walking potential (see solver_pot.c): f scaled by pot_k on each
     * cell, and C scaled likewise; pot_k = 0: none. */
    int32_t pot[SK_MAXCELLS];
    int32_t pot_k, pot_c;
    /* Push distances with frozen boxes as walls (see frozen_dist): one table
     * per frozen set met, found by the set's hash (fztab: index + 1). */
    sk_fzset *fz;                  /* the sets and their tables */
    size_t nfz, fzcap;
    uint32_t fztab[SK_FZSLOTS];
    sk_dtab *dtscratch;            /* a table when the cache is full (largest size) */
    sk_perim per; /* moves mode: exact distances near the goal (see per_build) */
} sk_bound;

/* The node store (solver_store.c writes it): the arena of records, the
 * box-set table that finds them, and the open list. */
typedef struct {
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
} sk_store;

/* The budget and the search's figures: set up by pc_sokoban_solve's
 * driver, charged by pc__sk_charge, counted by search and expand. */
typedef struct {
    uint64_t max_nodes, max_bytes, nodes, bytes, peak; /* max_nodes: this search's own cap (0: none) */
    pc__meter *meter;      /* the caller's budget (nodes, time, cancel) */
    size_t fmax; /* the largest f1 taken off the queue: no solution costs less */
    /* Upper bound (cost of a known solution): states whose f is above it
     * lexicographically are never stored.  UINT32_MAX: none. */
    uint32_t ub1, ub2;
} sk_limits;

/* Scratch of one expansion (expand and the walks it calls; contents last
 * only within one call). */
typedef struct {
    uint8_t occ[SK_MAXCELLS + 1];
    uint8_t tmpwall[SK_MAXCELLS + 1];
    uint8_t tmark[SK_MAXCELLS + 1];
    uint16_t wd[SK_MAXCELLS + 1];
    uint16_t wd2[SK_MAXCELLS + 1];
    uint8_t queue[SK_MAXCELLS + 1];
    /* The box-set list of the child being generated (at most one state
     * per player square). */
    sk_link chain[SK_MAXCELLS];
    uint64_t bbbox[SK_BBWORDS]; /* the boxes of the state being expanded (bitboard) */
} sk_scratch;

/* The corral deadlock search's scratch and figures (solver_corral.c
 * writes them). */
typedef struct {
    uint8_t carea[SK_MAXCELLS + 1];
    uint8_t ckeep[SK_MAXCELLS + 1];
    uint64_t cbits[SK_CORRAL_NODES][4]; /* the player's region of each position */
    uint32_t cgen;
    uint64_t cchecks, cdead, cskip; /* corral checks made, deadlocks found */
    uint8_t cbuf[SK_CORRAL_NODES][SK_MAXBOXES + 1];
    uint32_t cslot[SK_CORRAL_SLOTS]; /* cgen << 9 | index + 1 */
} sk_corral;

/* The matching's scratch (pc__sk_matching writes it): the cost matrix and
 * the parent's costs, optimal duals and assignment (see matching_child). */
typedef struct {
    int32_t hcost[SK_MAXBOXES + 1][SK_MAXBOXES + 1];
    int32_t pcost[SK_MAXBOXES + 1][SK_MAXBOXES + 1];
    int64_t pu[SK_MAXBOXES + 1], pv[SK_MAXBOXES + 1];
    int32_t pp[SK_MAXBOXES + 1];
} sk_match;

/* pc__sk_build_dtab's scratch: each cell's side map, its side count, and
 * the (cell, side) of each row. */
typedef struct {
    uint8_t sidebuf[SK_MAXCELLS][SK_MAXCELLS];
    uint8_t nsides[SK_MAXCELLS], hasmap[SK_MAXCELLS];
    uint8_t rowcell[5 * SK_MAXCELLS], rowside[5 * SK_MAXCELLS];
    uint16_t rowq[5 * SK_MAXCELLS];
} sk_dtscratch;

/* The optimal solver: its mode and its parts, grouped by who writes them. */
typedef struct {
    int mode;
    sk_map map;       /* the level (fixed during the search) */
    sk_bound lb;      /* lower-bound tables */
    sk_store st;      /* records, box-set table, open list */
    sk_limits lim;    /* budget and figures */
    sk_scratch ex;    /* one expansion's scratch */
    sk_corral cor;    /* corral deadlock search */
    sk_match hm;      /* matching scratch */
    sk_dtscratch dts; /* distance-table construction scratch */
} sk_solver;

static inline sk_rec *rec_at(const sk_solver *s, size_t i)
{
    return (sk_rec *)(s->st.arena + i * s->st.recsize);
}

/* The distances of the box on cell b to every goal, the player on p. */
static inline const uint16_t *dt_row(const sk_solver *s, const sk_dtab *t, uint8_t b, uint8_t p)
{
    int32_t off = t->sideoff[b];
    size_t side = off < 0 ? 0 : t->side[(size_t)off + p];
    return t->dist + ((size_t)t->row[b] + side) * (size_t)s->map.ngoals;
}

/* The images of a parent's boxes under the identity (index 0) and each
 * symmetry t (index t + 1): bitmaps and Zobrist hashes (as boxhash_of), so
 * that each child's images follow from two bit flips (see canon_child). */
typedef struct {
    uint64_t bits[8][4];
    uint64_t hash[8];
} sk_images;

/* The walking bound W of a record (see walk_bound): six bits in its flags,
 * five in its `next` above the index. */
static inline uint32_t w_of(const sk_rec *r)
{
    return (uint32_t)r->flags >> 2 | (r->next >> 27) << 6;
}

static inline void set_w(sk_rec *r, uint32_t w)
{
    r->flags = (uint8_t)((r->flags & 3u) | (w & 63u) << 2);
    r->next = (r->next & SK_IDXMASK) | (w >> 6) << 27;
}

/* The next record with the same boxes, index + 1 (0: none). */
static inline uint32_t rec_next(const sk_rec *r)
{
    return r->next & SK_IDXMASK;
}

/* The bound on moves is M + W, on pushes M. */
static inline uint32_t h1_of(const sk_solver *s, uint32_t m, uint32_t w)
{
    return m + (s->mode == PC_SOKOBAN_MOVES ? w : 0);
}

static inline uint32_t h2_of(const sk_solver *s, uint32_t m, uint32_t w)
{
    return m + (s->mode == PC_SOKOBAN_MOVES ? 0 : w);
}

static inline size_t f1_of(const sk_solver *s, const sk_rec *r)
{
    return (size_t)r->g1 + r->h + (s->mode == PC_SOKOBAN_MOVES ? w_of(r) : 0);
}

static inline size_t f2_of(const sk_solver *s, const sk_rec *r)
{
    return (size_t)r->g2 + r->h + (s->mode == PC_SOKOBAN_MOVES ? 0 : w_of(r));
}

/* The perimeter's sizes (see solver_perim.c): positions listed from the
 * start of a move-optimal search, expansions before it is rebuilt larger,
 * and positions listed then. */
#define SK_PER_FIRST (1u << 12)
#define SK_PER_AFTER 100000u
#define SK_PER_STATES (1u << 22)

static inline int lex_less(uint32_t a1, uint32_t a2, uint32_t b1, uint32_t b2)
{
    return a1 < b1 || (a1 == b1 && a2 < b2);
}

/* Is (f1, f2) above the upper bound?  Such a state cannot lead to a
 * solution better than the one known. */
static inline int beyond(const sk_solver *s, uint32_t f1, uint32_t f2)
{
    return lex_less(s->lim.ub1, s->lim.ub2, f1, f2);
}

/* Bitmaps of cells (four words cover the 255 interior cells). */
static inline int bit_test(const uint64_t *bits, uint8_t c)
{
    return (int)(bits[c >> 6] >> (c & 63)) & 1;
}

static inline void bit_set(uint64_t *bits, uint8_t c)
{
    bits[c >> 6] |= 1ULL << (c & 63);
}

/* solver_store.c: the solver's memory: the budget, the records and the box-set table that finds
 * them, the open list */
int pc__sk_charge(sk_solver *s, size_t add, size_t sub);
int32_t pc__sk_grow(sk_solver *s, void **p, size_t *cap, size_t newcap, size_t el);
uint64_t pc__sk_boxhash_of(const sk_solver *s, const uint8_t *boxes);
uint32_t pc__sk_btag(uint64_t h);
size_t pc__sk_bhome(const sk_solver *s, uint64_t h);
size_t pc__sk_bslot(const sk_solver *s, uint64_t h, const uint8_t *boxes);
int64_t pc__sk_add_rec(sk_solver *s, const uint8_t *boxes, uint8_t player, uint64_t h);
int32_t pc__sk_open_push(sk_solver *s, uint32_t idx);
uint32_t pc__sk_open_pop(sk_solver *s, size_t *f1, size_t *f2);
uint32_t pc__sk_chain_read(sk_solver *s, uint32_t head, uint8_t player, int64_t *found);

/* solver_dist.c: the lower bound: side-aware push distances (also with frozen boxes as walls),
 * the matching M, the walking bound W, freeze tests */
sk_dtab *pc__sk_build_dtab(sk_solver *s, sk_dtab *dst, int32_t *rc);
int pc__sk_same_sides(const sk_solver *s, const sk_dtab *t, const uint8_t *boxes, uint8_t p1, uint8_t p2);
void pc__sk_walk_table(sk_solver *s);
int32_t pc__sk_matching(sk_solver *s, const uint8_t *boxes, uint8_t player, uint8_t *assign, const sk_dtab *t,
                        const uint8_t *fz);
int32_t pc__sk_matching_child(sk_solver *s, int32_t k, uint8_t to, uint8_t player, const sk_dtab *t);
uint32_t pc__sk_walk_bound(const sk_solver *s, uint8_t player, int32_t sbx, int32_t sby, int32_t sf,
                           int32_t m);
int pc__sk_frozen_push(sk_solver *s, uint8_t to);
const sk_dtab *pc__sk_frozen_dist(sk_solver *s, const uint8_t *boxes, uint8_t *fz, int32_t *rc);
const sk_dtab *pc__sk_child_dist(sk_solver *s, const uint8_t *child, uint8_t b, uint8_t to, uint8_t *fz,
                                 int32_t *rc);

/* solver_pot.c: the walking potential (a linear programme at the start; see walk_bound) */
void pc__sk_pot_build(sk_solver *s, const uint8_t *boxes, uint8_t player);

/* solver_sym.c: the board's symmetries and the class representative of a position */
void pc__sk_find_symmetries(sk_solver *s, const pc_sokoban *g);
void pc__sk_bits_boxes(const uint64_t *bits, uint8_t *out);
void pc__sk_sym_image(const sk_solver *s, int t, const uint8_t *boxes, uint8_t *out);
void pc__sk_parent_images(const sk_solver *s, const uint8_t *boxes, sk_images *im);
int pc__sk_canon_child(const sk_solver *s, const sk_images *im, uint8_t from, uint8_t to, uint64_t *best,
                       uint8_t *outp, uint64_t *hash);
uint8_t pc__sk_pushed_box(const sk_solver *s, const uint8_t *parent, const uint8_t *child, int *sym);

/* solver_perim.c: the perimeter: exact remaining moves of every position near the goal (moves
 * mode) */
void pc__sk_per_build(sk_solver *s, size_t max);
uint32_t pc__sk_per_bound(const sk_solver *s, const uint8_t *boxes, uint8_t player, uint32_t m, uint32_t w);

/* solver_walk.c: the player's walking distances: breadth-first searches on the cell graph and
 * on grid bitboards */
void pc__sk_walk_bfs_targets(sk_solver *s, uint8_t from, uint16_t *wd, uint32_t limit, uint32_t ntarget);
void pc__sk_walk_bfs(sk_solver *s, uint8_t from);
void pc__sk_bb_setup(sk_solver *s);
void pc__sk_bb_boxes(const sk_solver *s, const uint8_t *boxes, uint64_t *bb);
void pc__sk_walk_bits_targets(sk_solver *s, uint8_t p, uint8_t to, const uint8_t *inv, uint32_t nch,
                              uint32_t limit);
void pc__sk_walk_bits(sk_solver *s, uint8_t p);

/* solver_corral.c: corral deadlocks: can a fence of boxes around an area the player cannot
 * reach ever be opened? */
int pc__sk_corral_dead(sk_solver *s, const uint8_t *child, uint8_t p, uint8_t to);
int pc__sk_corral_worth(sk_solver *s);

#endif
