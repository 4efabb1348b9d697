/*
 * The fast solver's store (lib/sokoban/fast.c searches over it): the
 * lower bound (the minimum-cost matching of boxes to goals, in full and
 * after one box moved), the records of the states met (a hash table on
 * Zobrist keys, each record once), and the open states in feature cells
 * (goals packed in order x areas of free squares), served round robin.
 * Both the search and the packing macros (fast_pack.c) store and queue
 * states through it.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/fast_solver.h"
#include "sokoban/hungarian.h"

/* ---- the matching ------------------------------------------------------------------------- */

/* The cost callback of pc__sk_hung_row: box row i to goal column j. */
struct fs_cost_ctx {
    const fs_solver *s;
    const int32_t *bx;
};

static inline int64_t fs_cost(const void *ctx, int32_t i, int32_t j)
{
    const struct fs_cost_ctx *c = ctx;
    return fs_pair_cost(c->s, c->bx, i, j);
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
        t += fs_pair_cost(s, bx, p[j], j);
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
int64_t pc__fs_match_full(fs_solver *s, const int32_t *bx)
{
    return match_into(s, bx, s->hu.u, s->hu.v, s->hu.p);
}

/* The full matching of a child's boxes bx into hu.cu, hu.cv, hu.cp (when
 * its distances differ from its parent's, so the parent's matching is no
 * start); returns its cost. */
int64_t pc__fs_match_child_full(fs_solver *s, const int32_t *bx)
{
    return match_into(s, bx, s->hu.cu, s->hu.cv, s->hu.cp);
}

/* The matching after box i (0-based) of bx moved (bx already holds its new
 * cell), from the parent's u, v, p. */
int64_t pc__fs_match_child(fs_solver *s, const int32_t *bx, int32_t i)
{
    int32_t n = s->map.nb;
    memcpy(s->hu.cu, s->hu.u, ((size_t)n + 1) * sizeof *s->hu.u);
    memcpy(s->hu.cv, s->hu.v, ((size_t)n + 1) * sizeof *s->hu.v);
    memcpy(s->hu.cp, s->hu.p, ((size_t)n + 1) * sizeof *s->hu.p);
    return pc__fs_match_step(s, bx, i);
}

/* The matching in hu.cu, hu.cv, hu.cp repaired in place after box i
 * (0-based) of bx moved: its row is unassigned, its potential lowered to
 * keep the duals feasible, and one augmenting path assigns it again.  The
 * cost is the optimum's, as a full matching's would be (the assignment
 * may differ where costs tie).  The packing macros chain it push after
 * push (fast_pack.c). */
int64_t pc__fs_match_step(fs_solver *s, const int32_t *bx, int32_t i)
{
    int32_t n = s->map.nb, r = i + 1;
    for (int32_t j = 1; j <= n; j++)
        if (s->hu.cp[j] == r)
            s->hu.cp[j] = 0;
    int64_t best = FS_INF;
    for (int32_t j = 1; j <= n; j++) {
        int64_t c = fs_pair_cost(s, bx, r, j) - s->hu.cv[j];
        if (c < best)
            best = c;
    }
    s->hu.cu[r] = best;
    hung_row(s, bx, s->hu.cu, s->hu.cv, s->hu.cp, r);
    return match_sum(s, bx, s->hu.cp);
}

/* ---- records, hash table, open list --------------------------------------------------------- */

uint64_t pc__fs_hash_of(const fs_solver *s, const uint16_t *boxes, int32_t player)
{
    uint64_t h = s->map.zp[player];
    for (int32_t i = 0; i < s->map.nb; i++)
        h ^= s->map.zb[boxes[i]];
    return h;
}

/* Find the record with these boxes and player class: index + 1, or 0 and
 * *slot the free slot to use. */
uint32_t pc__fs_lookup(const fs_solver *s, uint64_t h, const uint16_t *boxes, int32_t player,
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
    if (!fs_charge(s, (uint64_t)nc * sizeof *s->st.table, (uint64_t)s->st.tcap * sizeof *s->st.table))
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
int64_t pc__fs_add_rec(fs_solver *s, uint64_t h, const uint16_t *boxes, int32_t player, uint32_t parent,
                       int32_t from, int dir)
{
    if (s->st.nrec >= UINT32_MAX - 1)
        return PC_ELIMIT;
    int32_t rc;
    if ((s->st.nrec + 1) * 2 > s->st.tcap && (rc = table_grow(s)) < 0)
        return rc;
    size_t slot;
    if (pc__fs_lookup(s, h, boxes, player, &slot))
        return -1000; /* caller checked; never */
    size_t cap = s->st.reccap;
    void *a = s->st.arena;
    if ((rc = pc__fs_grow(s, &a, &cap, s->st.nrec + 1, s->st.recsize)) < 0)
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

int32_t pc__fs_cells_alloc(fs_solver *s)
{
    size_t n = 2 * ((size_t)s->map.nb + 1) * FS_AREAS;
    if (!fs_charge(s, (uint64_t)n * sizeof *s->st.cell, 0))
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
    int32_t rc = pc__fs_grow(s, &v, &hp->cap, hp->n + 1, sizeof *hp->v);
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

uint32_t pc__fs_cell_pop(fs_solver *s)
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

/* The areas the boxes cut the free squares into (the player's included):
 * the feature search's connectivity.  On rows of bits where the level
 * allows (pc__fs_bit_areas), square by square otherwise. */
int32_t pc__fs_regions(fs_solver *s)
{
    int32_t n = pc__fs_bit_areas(s);
    if (n >= 0)
        return n;
    uint32_t st = fs_new_stamp(s);
    n = 0;
    for (int32_t c0 = 0; c0 < s->map.nc; c0++)
        if (s->ex.boxat[c0] < 0 && s->ex.mark[c0] != st) {
            n++;
            pc__fs_fill(s, s->ex.mark, c0, -1, st, NULL);
        }
    return n;
}

/* Queue a new child record in its feature cell by weight, then h.  Its weight is the
 * parent's plus 1 unless the push packed a goal in order or joined areas
 * of free squares (the advisors' pushes cost nothing). */
int32_t pc__fs_queue_child(fs_solver *s, uint32_t ci, int64_t h, int32_t inorder, int open)
{
    size_t defer = pc__fs_soft_sealed(s) ? s->st.half : 0;
    int32_t areas = pc__fs_regions(s);
    fs_rec *r = fs_rec_at(s, ci);
    uint32_t w = s->ex.pweight + (open || inorder > s->ex.ppack || areas < s->ex.preg ? 0u : 1u);
    r->weight = (uint16_t)(w > 0xFFFFu ? 0xFFFFu : w);
    return cell_push(s, defer + cell_of(inorder, areas), ((uint64_t)r->weight << 32) | (uint64_t)h, ci);
}

/* Queue the root record (0), its goals packed in order `inorder`, in the
 * cell of one area at weight 0, by its bound h0. */
int32_t pc__fs_queue_root(fs_solver *s, int32_t inorder, int64_t h0)
{
    return cell_push(s, cell_of(inorder, 1), (uint64_t)h0, 0);
}
