/*
 * Sokoban solver: the perimeter: exact remaining moves of every position
 * near the goal (moves mode). See solver.c for the search and doc/sokoban.md
 * for why each rule is sound.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/solver_int.h"
#include "common/alloc.h"

/* Positions (player, sorted boxes) after the first search layers of a hard
 * level are mostly close to the goal in the bound's eyes and far from it in
 * fact: on Microban 146 the states of the last layer below the optimum have
 * h around 13 while the goal is 20 or more moves away.  So a breadth-first
 * search (SK_PER_FIRST positions from the start, SK_PER_STATES once the
 * search has expanded SK_PER_AFTER states) backwards from
 * the solved positions (boxes on the goals, the player on any other square;
 * steps backwards are walks and pulls) lists every position whose remaining
 * moves are at most `depth`, exactly: depth is the last layer it completed
 * within SK_PER_STATES positions.  A new child whose bound M + W is at most
 * depth then takes its exact distance when listed, and depth + 1 when not
 * (it is further away).  Both are admissible; the bound stays consistent (a
 * move changes the exact distance by at most one; a listed position next to
 * an unlisted one is at distance depth, the unlisted one at least depth + 1)
 * and the pushes bound, M, is kept as is. */

static uint64_t per_hash(const sk_solver *s, uint8_t player, const uint8_t *boxes)
{
    uint64_t h = s->map.zpl[player];
    for (int32_t i = 0; i < s->map.nb; i++)
        h ^= s->map.zbox[boxes[i]];
    return h;
}

/* A slot holds its record's index + 1 in the low PER_IDXBITS bits and 9 bits
 * of the hash above them, so that a probe of another position rarely reads
 * a record (each read is a cache miss: the table is far larger than the
 * caches). */
#define PER_IDXBITS 23
#define PER_IDXMASK ((1u << PER_IDXBITS) - 1)
_Static_assert(SK_PER_STATES < (1u << PER_IDXBITS), "a record index + 1 must fit below the tag");

static uint32_t per_tag(uint64_t h)
{
    return (uint32_t)(h >> 55) << PER_IDXBITS;
}

/* The slot of (player, boxes) (key: player then boxes): its record, or the
 * empty slot where it goes. */
static size_t per_slot(const sk_solver *s, uint64_t h, const unsigned char *key)
{
    const sk_perim *P = &s->lb.per;
    size_t pos = (size_t)(h ^ (h >> 29)) & (P->cap - 1);
    uint32_t tag = per_tag(h);
    for (uint32_t v; (v = P->slot[pos]) != 0; pos = (pos + 1) & (P->cap - 1))
        if ((v & ~PER_IDXMASK) == tag &&
            !memcmp(P->rec + (size_t)((v & PER_IDXMASK) - 1) * P->recsize, key, (size_t)s->map.nb + 1))
            break;
    return pos;
}

/* Add (key, d) unless listed; 1 added, 0 listed, -1 full. */
static int per_add(sk_solver *s, uint64_t h, const unsigned char *key, uint32_t d)
{
    sk_perim *P = &s->lb.per;
    size_t pos = per_slot(s, h, key);
    if (P->slot[pos])
        return 0;
    if (P->n == P->max)
        return -1;
    unsigned char *r = P->rec + P->n * P->recsize;
    memcpy(r, key, (size_t)s->map.nb + 1);
    r[s->map.nb + 1] = (unsigned char)(d & 0xFF);
    r[s->map.nb + 2] = (unsigned char)(d >> 8);
    P->slot[pos] = (uint32_t)++P->n | per_tag(h);
    return 1;
}

/* Make room for a perimeter of `max` positions (a smaller one before is
 * replaced), charged to the budget.  Returns 0 when there is no room: the
 * search goes on without (state -1). */
static int per_alloc(sk_solver *s, size_t max)
{
    sk_perim *P = &s->lb.per;
    if (P->slot) { /* a smaller one: replaced */
        s->lim.bytes -= P->cap * sizeof *P->slot + P->max * P->recsize;
        pc__free(P->slot);
        pc__free(P->rec);
        P->slot = NULL;
        P->rec = NULL;
    }
    P->state = -1;
    P->n = 0;
    P->max = max;
    P->cap = max * 2;
    P->recsize = (size_t)s->map.nb + 3;
    size_t bytes = P->cap * sizeof *P->slot + P->max * P->recsize;
    if (!pc__sk_charge(s, bytes, 0))
        return 0;
    P->slot = pc__calloc(P->cap, sizeof *P->slot);
    P->rec = pc__malloc(P->max * P->recsize);
    if (!P->slot || !P->rec) {
        pc__free(P->slot);
        pc__free(P->rec);
        P->slot = NULL;
        P->rec = NULL;
        s->lim.bytes -= bytes;
        return 0;
    }
    return 1;
}

/* List, at distance d + 1, the positions one move before listed position
 * i (occ: a zeroed scratch, zeroed again on return).  Returns 1 when the
 * table is full. */
static int per_predecessors(sk_solver *s, size_t i, uint8_t *occ, uint32_t d)
{
    sk_perim *P = &s->lb.per;
    int32_t nb = s->map.nb;
    unsigned char key[SK_MAXBOXES + 1];
    const unsigned char *r = P->rec + i * P->recsize;
    uint8_t p = r[0];
    const uint8_t *bx = r + 1;
    for (int32_t j = 0; j < nb; j++)
        occ[bx[j]] = 1;
    uint64_t h = per_hash(s, p, bx);
    int full = 0;
    for (int dir = 0; dir < 4 && !full; dir++) {
        uint8_t q = s->map.nbr[p][dir], ahead = s->map.nbr[p][(dir + 2) & 3];
        if (q == SK_NONE || occ[q])
            continue;
        /* Backwards, the player steps to q: a walk from q to p, or, with a
         * box on the far side of p, a pull: forwards the player pushed it
         * from p over to `ahead`. */
        memcpy(key + 1, bx, (size_t)nb);
        key[0] = q;
        full |= per_add(s, h ^ s->map.zpl[p] ^ s->map.zpl[q], key, d + 1) < 0;
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
        full |= per_add(s, h ^ s->map.zpl[p] ^ s->map.zpl[q] ^ s->map.zbox[ahead] ^ s->map.zbox[p], key, d + 1) < 0;
    }
    for (int32_t j = 0; j < nb; j++)
        occ[bx[j]] = 0;
    return full;
}

void pc__sk_per_build(sk_solver *s, size_t max)
{
    sk_perim *P = &s->lb.per;
    int32_t nb = s->map.nb, nf = s->map.nf;
    if (!per_alloc(s, max))
        return; /* no room: the search goes on without */
    unsigned char key[SK_MAXBOXES + 1];
    uint8_t occ[SK_MAXCELLS + 1];
    memset(occ, 0, sizeof occ);
    memcpy(key + 1, s->map.goals, (size_t)nb); /* goals[] is in cell order */
    for (int32_t c = 0; c < nf; c++) {
        if (s->map.goal[c])
            continue;
        key[0] = (uint8_t)c;
        per_add(s, per_hash(s, (uint8_t)c, key + 1), key, 0);
    }
    size_t lo = 0, hi = P->n;
    uint32_t d = 0;
    while (lo < hi && d < 0xFFFE) {
        for (size_t i = lo; i < hi; i++)
            if (per_predecessors(s, i, occ, d)) {
                /* Layer d + 1 is not complete: layers up to d are. */
                P->depth = d;
                P->state = 1;
                return;
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
uint32_t pc__sk_per_bound(const sk_solver *s, const uint8_t *boxes, uint8_t player, uint32_t m, uint32_t w)
{
    const sk_perim *P = &s->lb.per;
    if (P->state != 1 || m + w > P->depth)
        return w;
    unsigned char key[SK_MAXBOXES + 1];
    key[0] = player;
    memcpy(key + 1, boxes, (size_t)s->map.nb);
    size_t pos = per_slot(s, per_hash(s, player, boxes), key);
    uint32_t d = P->depth + 1;
    if (P->slot[pos]) {
        const unsigned char *r = P->rec + (size_t)((P->slot[pos] & PER_IDXMASK) - 1) * P->recsize;
        d = (uint32_t)r[s->map.nb + 1] | (uint32_t)r[s->map.nb + 2] << 8;
    }
    uint32_t v = d > m ? d - m : 0;
    if (v < w)
        v = w; /* cannot happen: the exact distance is at least M + W */
    return v < SK_WMAX ? v : SK_WMAX;
}
