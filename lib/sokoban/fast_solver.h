/*
 * Internal: the fast Sokoban solver's state and the functions its files
 * share (lib/sokoban/fast*.c; fast.c says how the search works).  Not
 * installed.
 *
 *   fast.c          the search: expansion, the solution (pc__sokoban_fast)
 *   fast_store.c    what it searches over: the matching (the bound), the
 *                   records and their hash table, the feature cells
 *   fast_board.c    memory, the level's static tables, reachability
 *   fast_frozen.c   freeze deadlocks, sealed goals, frozen-goal distances
 *   fast_corral.c   PI-corrals
 *   fast_pack.c     packing order, packing macros, the opener advisor
 *   fast_learn.c    learned deadlock patterns, the corral search
 *   fast_room.c     goal rooms and their doorways (the room advisor)
 *   fast_deadlock.c pc__sokoban_deadlock and the test entry points
 */
#ifndef PC_SOKOBAN_FAST_SOLVER_H
#define PC_SOKOBAN_FAST_SOLVER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/alloc.h"
#include "common/budget.h"
#include "sokoban/fast_int.h"
#include "sokoban/fast_learn.h"
#include "sokoban/sokoban_int.h"

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
 * Written once by prepare (and pc__fs_packing_order); read-only while the search
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
    int32_t *seq;          /* nc: a goal's place in its layer's fill order (0: first); NULL: layers only */
    uint64_t *zb, *zp;     /* Zobrist keys of a box and of the player's class, per cell */
    int32_t *room;         /* nc: goal room of a goal (fast_room.c), -1 */
    int32_t *door;         /* nc: the room whose doorway the square off goal is, -1 */
    int32_t *rsize;        /* nrooms: goals per room */
    int32_t nrooms;
    uint64_t *bfree;       /* bh rows: the row's interior squares as bits (bit x); NULL: wider than 64 */
    uint16_t *bpos;        /* nc: the square's row << 6 | column */
    int32_t bh;            /* rows of the level */
} fs_map;

/* The node store: the arena of records, the hash table that finds them and
 * the feature cells (the open list).  Written by pc__fs_add_rec and the cells'
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
    int32_t *hot;          /* 2 (nb + 1): the hotspot advisor's counts (then 1: a hotspot), its last box seen */
    uint32_t *hpath;       /* nc: on some box's push path to its goal (stamp ostamp) */
    int oplan;             /* the opener marked boxes in the way (this expansion) */
    int32_t pfirst;        /* the expanded state's first packing layer with an empty goal */
    uint32_t pst;          /* the expanded state's player mark in pmark */
    uint64_t fzkey;        /* the expanded state's boxes frozen on goals (hash, 0: none) */
    int32_t fzslot;        /* and their table's slot in fz (-1: map.dist) */
    const uint16_t *fzpar; /* and that table */
    int32_t *rleft;        /* nrooms: the expanded state's empty goals per room */
    uint64_t *bwork;       /* 2 map.bh: the free squares not yet in an area, an area (pc__fs_bit_reach) */
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
    uint64_t *seal;        /* FS_SEAL_SLOTS x (1 + 2 sw): the sealed test's pulls by wall set (seal_pulls) */
    int32_t sw;            /* 64-bit words of a set of squares */
    int seal_off;          /* the budget refused that cache: none */
} fs_freeze;
#define FS_SEAL_SLOTS 1024 /* wall sets whose pulls are cached (power of two) */

/* The PI-corral analysis's scratch (pc__fs_pi_corral). */
typedef struct {
    int32_t nbar;          /* boxes in cbox */
    int32_t ncor;          /* corrals of the state expanded (ids in comp) */
    int32_t *order;        /* nc + ncor + 1: the corrals' cells grouped by id (pc__fs_corral_dead) */
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

/* Learned deadlock patterns (pc__fs_learned_dead): the sub-search's board and
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
    uint64_t *alive;       /* 2 x FS_LEARN_CACHE: clusters not proved dead (hash | 1; lossy; see cluster_dead) */
    uint32_t *pat;         /* patterns: box count, box cells, region bitset (words) */
    size_t npat, patcap;   /* uint32 words used, allocated */
    fs_plist *at;          /* nc: the patterns (offsets in pat) holding a box on the cell */
    int32_t words;         /* region bitset words per pattern */
    int full;              /* the budget refused a pattern: learn no more */
    uint64_t learned;      /* patterns stored */
    uint64_t *bwork;       /* 3 map.bh: the sub-board's free squares, a child's reach, the sub-state's */
    int32_t brows[2];      /* the sub-state's rows in bwork (pc__fs_bit_flood; the others stale) */
} fs_learn;

/* Push distances with the boxes frozen on goals as walls (pc__fs_fz_table): a
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
static inline int fs_charge(fs_solver *s, uint64_t add, uint64_t sub)
{
    if (pc__meter_over_bytes(s->m, s->bytes - sub, add))
        return 0;
    s->bytes = s->bytes - sub + add;
    if (s->bytes > s->peak)
        s->peak = s->bytes;
    return 1;
}

/* A new stamp for ex.mark. */
static inline uint32_t fs_new_stamp(fs_solver *s)
{
    if (++s->ex.stamp == 0) {
        memset(s->ex.mark, 0, (size_t)s->map.nc * sizeof *s->ex.mark);
        s->ex.stamp = 1;
    }
    return s->ex.stamp;
}

static inline int32_t fs_min32(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

/* Flip square c in the rows of bits f (map.bfree's layout). */
static inline void fs_bit_flip(const fs_solver *s, uint64_t *f, int32_t c)
{
    f[s->map.bpos[c] >> 6] ^= (uint64_t)1 << (s->map.bpos[c] & 63);
}

/* Is square c in the area r that pc__fs_bit_flood left in rows rows[0] to
 * rows[1] (the other rows stale)? */
static inline int fs_bit_in(const fs_solver *s, const uint64_t *r, const int32_t rows[2], int32_t c)
{
    int32_t y = s->map.bpos[c] >> 6;
    return y >= rows[0] && y <= rows[1] && (int)(r[y] >> (s->map.bpos[c] & 63) & 1);
}

/* After the push of the box on b in direction d (ex.boxat already moved:
 * b free, the box on nbr[b][d]), is the player's area the one before the
 * push, marked st in mark[], with b added?  Yes when the square pushed
 * onto was out of that area (so no path of it ran through there) and the
 * two squares beside b are walls, boxes or in it (b opens onto nothing
 * new).  Then the child's class is min(parent's class, b) and its area
 * one square larger, and the flood that would find them can be skipped:
 * on corridors, where most pushes go forward, it usually can. */
static inline int fs_reach_grows_by_b(const fs_solver *s, const uint32_t *mark, uint32_t st, int32_t b, int d)
{
    if (mark[s->map.nbr[b][d]] == st)
        return 0;
    for (int e = 1; e < 4; e += 2) {
        int32_t y = s->map.nbr[b][(d + e) & 3];
        if (y >= 0 && s->ex.boxat[y] < 0 && mark[y] != st)
            return 0;
    }
    return 1;
}

/* The matching's cost of box i to goal j (1-based, the Hungarian
 * algorithm's indices) on the distances it reads now. */
static inline int64_t fs_pair_cost(const fs_solver *s, const int32_t *bx, int32_t i, int32_t j)
{
    uint16_t d = s->fz.cur[(size_t)(j - 1) * s->map.nc + bx[i - 1]];
    return d == FS_UNREACH ? FS_BIG : d;
}

/* The boxes of the record's parent boxes `pb` with box b moved to `to`,
 * kept sorted, into boxes (records hold sorted boxes). */
static inline void fs_move_box(const uint16_t *pb, int32_t nb, int32_t b, int32_t to, uint16_t *boxes)
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

/* fast_store.c */
int64_t pc__fs_match_full(fs_solver *s, const int32_t *bx);
int64_t pc__fs_match_child(fs_solver *s, const int32_t *bx, int32_t i);
int64_t pc__fs_match_child_full(fs_solver *s, const int32_t *bx);
int64_t pc__fs_match_step(fs_solver *s, const int32_t *bx, int32_t i);
uint64_t pc__fs_hash_of(const fs_solver *s, const uint16_t *boxes, int32_t player);
uint32_t pc__fs_lookup(const fs_solver *s, uint64_t h, const uint16_t *boxes, int32_t player,
                       size_t *slot);
int64_t pc__fs_add_rec(fs_solver *s, uint64_t h, const uint16_t *boxes, int32_t player, uint32_t parent,
                       int32_t from, int dir);
int32_t pc__fs_cells_alloc(fs_solver *s);
uint32_t pc__fs_cell_pop(fs_solver *s);
int32_t pc__fs_regions(fs_solver *s);
int32_t pc__fs_queue_child(fs_solver *s, uint32_t ci, int64_t h, int32_t inorder, int open);
int32_t pc__fs_queue_root(fs_solver *s, int32_t inorder, int64_t h0);

/* fast_board.c */
int32_t pc__fs_grow(fs_solver *s, void **ptr, size_t *cap, size_t need, size_t el);
fs_solver *pc__fs_new(const pc_sokoban *g, pc__meter *m);
void pc__fs_free(fs_solver *s);
int32_t pc__fs_prepare(fs_solver *s, const pc_sokoban *g);
int32_t pc__fs_fill(fs_solver *s, uint32_t *mark, int32_t from, int32_t block, uint32_t st, int32_t *count);
int32_t pc__fs_reach(fs_solver *s, int32_t from);
void pc__fs_bit_flood(const fs_solver *s, const uint64_t *f, uint64_t *r, int32_t from, int32_t rows[2]);
int32_t pc__fs_bit_reach(const fs_solver *s, const uint64_t *f, uint64_t *r, int32_t from, int32_t *count);
int32_t pc__fs_bit_class(fs_solver *s, int32_t from);
int32_t pc__fs_bit_areas(fs_solver *s);
uint32_t pc__fs_reach_kept(fs_solver *s, int32_t from);
uint32_t pc__fs_pull_flood(fs_solver *s, int32_t p, int32_t block, int64_t *work);

/* fast_frozen.c */
int pc__fs_frozen(fs_solver *s, int32_t c, int *off);
int pc__fs_freeze_dead(fs_solver *s, int32_t c);
int pc__fs_push_dead(fs_solver *s, int32_t to, int *frozen);
int pc__fs_sealed(fs_solver *s, uint8_t *mark);
int pc__fs_soft_sealed(fs_solver *s);
const uint16_t *pc__fs_fz_table(fs_solver *s, int32_t keep, uint64_t *key, int32_t *slot);

/* fast_corral.c */
int32_t pc__fs_pi_corral(fs_solver *s, uint32_t pst);

/* fast_pack.c */
int32_t pc__fs_packing_order(fs_solver *s, const pc_sokoban *g);
int32_t pc__fs_packing(fs_solver *s, const int32_t *bx);
int32_t pc__fs_pack_macros(fs_solver *s, uint32_t idx, uint32_t pst, int32_t *found);
void pc__fs_openers(fs_solver *s);
void pc__fs_hotspots(fs_solver *s);

/* fast_room.c: the goal rooms and their doorways into map.room, map.door,
 * map.rsize (once per level, after the packing order; PC_OK, PC_ENOMEM);
 * the expanded state's empty goals per room into ex.rleft (per expansion,
 * boxes in ex.bx); and whether pushing the box on `from` to `to` is free:
 * it leaves a doorway of a room with an empty goal for no doorway (deep
 * packing orders only). */
int32_t pc__fs_rooms(fs_solver *s);
void pc__fs_room_open(fs_solver *s);
int pc__fs_room_free(const fs_solver *s, int32_t from, int32_t to);

/* fast_learn.c */
int32_t pc__fs_learn_alloc(fs_solver *s);
int pc__fs_learned_dead(fs_solver *s, int32_t to, int32_t pl);
int pc__fs_corral_dead(fs_solver *s, int32_t player);

#endif
