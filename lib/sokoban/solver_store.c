/*
 * Sokoban solver: the solver's memory: the budget, the records and the box-
 * set table that finds them, the open list. See solver.c for the search and
 * doc/sokoban.md for why each rule is sound.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/solver_int.h"
#include "common/alloc.h"

/* ---- memory accounting ---------------------------------------------------------- */

int pc__sk_charge(sk_solver *s, size_t add, size_t sub)
{
    uint64_t nb = s->lim.bytes + add - sub;
    if (s->lim.max_bytes && nb > s->lim.max_bytes)
        return 0;
    s->lim.bytes = nb;
    if (nb > s->lim.peak)
        s->lim.peak = nb;
    return 1;
}

/* Grow an array to newcap elements of size el, under the memory budget.
 * PC_OK, PC_ELIMIT or PC_ENOMEM. */
int32_t pc__sk_grow(sk_solver *s, void **p, size_t *cap, size_t newcap, size_t el)
{
    if (!pc__sk_charge(s, newcap * el, *cap * el))
        return PC_ELIMIT;
    void *np = pc__realloc(*p, newcap * el);
    if (!np) {
        s->lim.bytes -= newcap * el - *cap * el;
        return PC_ENOMEM;
    }
    *p = np;
    *cap = newcap;
    return PC_OK;
}

/* ---- box-set index (for dominance) ----------------------------------------------------- */

uint64_t pc__sk_boxhash_of(const sk_solver *s, const uint8_t *boxes)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int32_t i = 0; i < s->map.nb; i++)
        h ^= s->map.zbox[boxes[i]];
    return h;
}

/* A btable slot holds the index + 1 of the newest record with its boxes in
 * the low 27 bits and 5 bits of the box set's hash above them, so most
 * probes of other box sets never touch a record. */
uint32_t pc__sk_btag(uint64_t h)
{
    return (uint32_t)(h >> 59) << 27;
}

/* The first slot probed for hash h. */
size_t pc__sk_bhome(const sk_solver *s, uint64_t h)
{
    return (size_t)(h ^ (h >> 31)) & (s->st.btcap - 1);
}

/* Slot of the box set in btable (empty slot when absent). */
size_t pc__sk_bslot(const sk_solver *s, uint64_t h, const uint8_t *boxes)
{
    size_t mask = s->st.btcap - 1, pos = pc__sk_bhome(s, h);
    uint32_t tag = pc__sk_btag(h);
    while (s->st.btable[pos]) {
        uint32_t e = s->st.btable[pos];
        if ((e & ~SK_IDXMASK) == tag && memcmp(rec_at(s, (e & SK_IDXMASK) - 1)->boxes, boxes, (size_t)s->map.nb) == 0)
            return pos;
        pos = (pos + 1) & mask;
    }
    return pos;
}

static int32_t btable_grow(sk_solver *s)
{
    size_t nc = s->st.btcap ? s->st.btcap * 2 : 1024, old = s->st.btcap;
    if (!pc__sk_charge(s, nc * sizeof *s->st.btable, 0))
        return PC_ELIMIT;
    uint32_t *nt = pc__calloc(nc, sizeof *nt);
    if (!nt) {
        s->lim.bytes -= nc * sizeof *s->st.btable;
        return PC_ENOMEM;
    }
    uint32_t *ot = s->st.btable;
    s->st.btable = nt;
    s->st.btcap = nc;
    for (size_t i = 0; i < old; i++)
        if (ot[i]) {
            const sk_rec *r = rec_at(s, (ot[i] & SK_IDXMASK) - 1);
            s->st.btable[pc__sk_bslot(s, pc__sk_boxhash_of(s, r->boxes), r->boxes)] = ot[i];
        }
    pc__free(ot);
    s->lim.bytes -= old * sizeof *s->st.btable;
    return PC_OK;
}

/* Append a record, linked into its box-set list (h: boxhash_of the boxes).
 * Returns its index or a negative status. */
int64_t pc__sk_add_rec(sk_solver *s, const uint8_t *boxes, uint8_t player, uint64_t h)
{
    int32_t rc;
    if (s->st.nrec + 1 >= SK_IDXMASK)
        return PC_ELIMIT;
    if ((s->st.nbsets + 1) * 2 > s->st.btcap && (rc = btable_grow(s)) < 0)
        return rc;
    if (s->st.nrec == s->st.reccap) {
        size_t nc = s->st.reccap ? s->st.reccap + s->st.reccap / 2 : 4096;
        rc = pc__sk_grow(s, (void **)&s->st.arena, &s->st.reccap, nc, s->st.recsize);
        if (rc < 0)
            return rc;
    }
    size_t idx = s->st.nrec++;
    sk_rec *r = rec_at(s, idx);
    memset(r, 0, s->st.recsize);
    r->player = player;
    memcpy(r->boxes, boxes, (size_t)s->map.nb);
    size_t bs = pc__sk_bslot(s, h, boxes);
    if (!s->st.btable[bs])
        s->st.nbsets++;
    r->next = s->st.btable[bs] & SK_IDXMASK;
    s->st.btable[bs] = ((uint32_t)idx + 1) | pc__sk_btag(h);
    return (int64_t)idx;
}

/* Grow a zero-filled array of *cap elements of size el (first: its first
 * size) by doubling until index i fits; the new elements are zero. */
static int32_t grow_zeroed(sk_solver *s, void **p, size_t *cap, size_t i, size_t el, size_t first)
{
    if (i < *cap)
        return PC_OK;
    size_t nc = *cap ? *cap : first, old = *cap;
    while (nc <= i)
        nc *= 2;
    int32_t rc = pc__sk_grow(s, p, cap, nc, el);
    if (rc < 0)
        return rc;
    memset((char *)*p + old * el, 0, (nc - old) * el);
    return PC_OK;
}

int32_t pc__sk_open_push(sk_solver *s, uint32_t idx)
{
    const sk_rec *r = rec_at(s, idx);
    size_t f1 = f1_of(s, r), f2 = f2_of(s, r);
    int32_t rc;
    if (f1 >= s->st.nlevels) {
        int first = s->st.nlevels == 0;
        if ((rc = grow_zeroed(s, (void **)&s->st.levels, &s->st.nlevels, f1, sizeof *s->st.levels, 64)) < 0)
            return rc;
        if (first)
            s->st.min1 = f1;
    }
    sk_level *lv = &s->st.levels[f1];
    if (f2 >= lv->nf2) {
        if ((rc = grow_zeroed(s, (void **)&lv->f2, &lv->nf2, f2, sizeof *lv->f2, 16)) < 0)
            return rc;
        if (lv->count == 0)
            lv->min2 = f2;
    }
    sk_stack *st = &lv->f2[f2];
    if (st->n == st->cap) {
        size_t nc = st->cap ? st->cap * 2 : 16;
        if ((rc = pc__sk_grow(s, (void **)&st->v, &st->cap, nc, sizeof *st->v)) < 0)
            return rc;
    }
    st->v[st->n++] = idx;
    if (lv->count == 0 || f2 < lv->min2)
        lv->min2 = f2;
    lv->count++;
    if (s->st.nopen == 0 || f1 < s->st.min1)
        s->st.min1 = f1;
    s->st.nopen++;
    return PC_OK;
}

/* Pop an entry with the least (f1, f2); its bucket keys go to *f1, *f2. */
uint32_t pc__sk_open_pop(sk_solver *s, size_t *f1, size_t *f2)
{
    while (s->st.levels[s->st.min1].count == 0)
        s->st.min1++;
    sk_level *lv = &s->st.levels[s->st.min1];
    while (lv->f2[lv->min2].n == 0)
        lv->min2++;
    sk_stack *st = &lv->f2[lv->min2];
    *f1 = s->st.min1;
    *f2 = lv->min2;
    lv->count--;
    s->st.nopen--;
    return st->v[--st->n];
}

/* Read the box-set list starting at head (index + 1) into s->ex.chain, once:
 * the states with the child's boxes.  Returns their number and the index of
 * the one whose player is on `player` in *found (-1: none). */
uint32_t pc__sk_chain_read(sk_solver *s, uint32_t head, uint8_t player, int64_t *found)
{
    uint32_t n = 0;
    *found = -1;
    for (uint32_t e = head; e; e = rec_next(rec_at(s, e - 1))) {
        const sk_rec *r = rec_at(s, e - 1);
        sk_link *l = &s->ex.chain[n++];
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
