/*
 * The fast solver's learned deadlock patterns (lib/sokoban/fast.c): the
 * sub-search on a few boxes alone, the patterns it proves lost and their
 * lookup, and the corral search (the same sub-search on a corral's
 * barrier boxes).
 */
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "sokoban/fast_solver.h"

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

int32_t pc__fs_learn_alloc(fs_solver *s)
{
    fs_learn *L = &s->lr;
    size_t nc = (size_t)s->map.nc;
    L->words = (s->map.nc + 31) / 32;
    uint64_t bytes = nc * (4 + 4 + sizeof *L->at) + (uint64_t)FS_SUB_STATES * ((FS_SUB_BOXES + 1) * 2 + 8) +
                     (uint64_t)FS_SUB_SLOTS * 4 + (uint64_t)FS_LEARN_CACHE * 2 * 8;
    if (!fs_charge(s, bytes, 0))
        return PC_ELIMIT;
    L->sboxat = pc__malloc(nc * sizeof *L->sboxat);
    L->smark = pc__calloc(nc, sizeof *L->smark);
    L->sstate = pc__malloc((size_t)FS_SUB_STATES * (FS_SUB_BOXES + 1) * sizeof *L->sstate);
    L->shash = pc__malloc((size_t)FS_SUB_STATES * sizeof *L->shash);
    L->stable = pc__malloc((size_t)FS_SUB_SLOTS * sizeof *L->stable);
    L->alive = pc__calloc((size_t)FS_LEARN_CACHE * 2, sizeof *L->alive); /* two caches: see cluster_dead */
    L->at = pc__calloc(nc, sizeof *L->at);
    if (!L->sboxat || !L->smark || !L->sstate || !L->shash || !L->stable || !L->alive || !L->at)
        return PC_ENOMEM;
    for (size_t c = 0; c < nc; c++)
        L->sboxat[c] = -1;
    if (!s->map.bfree)
        return PC_OK; /* the sub-search's floods stay square by square */
    if (!fs_charge(s, (uint64_t)s->map.bh * 3 * sizeof *L->bwork, 0))
        return PC_ELIMIT;
    L->bwork = pc__calloc(3 * (size_t)s->map.bh, sizeof *L->bwork);
    if (!L->bwork)
        return PC_ENOMEM;
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

/* Does the expanded sub-state's area (smark, or bwork's third rows)
 * hold c? */
static inline int sub_reached(const fs_solver *s, int32_t c)
{
    const fs_learn *L = &s->lr;
    if (L->bwork)
        return fs_bit_in(s, L->bwork + 2 * s->map.bh, L->brows, c);
    return L->smark[c] == L->sst;
}

/* fs_reach_grows_by_b on the sub-board: after the push of the box on b in
 * direction d, is the player's area the expanded sub-state's with b
 * added? */
static inline int sub_grows_by_b(const fs_solver *s, int32_t b, int d)
{
    if (sub_reached(s, s->map.nbr[b][d]))
        return 0;
    for (int e = 1; e < 4; e += 2) {
        int32_t y = s->map.nbr[b][(d + e) & 3];
        if (y >= 0 && s->ex.boxat[y] < 0 && !sub_reached(s, y))
            return 0;
    }
    return 1;
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
    int32_t pl = pc__fs_fill(s, s->ex.mark, player, -1, fs_new_stamp(s), &cnt);
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
        int32_t pcnt;
        if (L->bwork) {
            memcpy(L->bwork, s->map.bfree, (size_t)s->map.bh * sizeof *L->bwork);
            for (int32_t j = 0; j < k; j++)
                fs_bit_flip(s, L->bwork, cur[j]);
            uint64_t *r = L->bwork + 2 * s->map.bh;
            pc__fs_bit_flood(s, L->bwork, r, t[k], L->brows);
            pcnt = 0;
            for (int32_t z = L->brows[0]; z <= L->brows[1]; z++)
                pcnt += pc__popcount64(r[z]);
        } else {
            pc__fs_fill(s, L->smark, t[k], -1, L->sst, &pcnt);
        }
        for (int32_t i = 0; i < k && dead; i++) {
            for (int d = 0; d < 4 && dead; d++) {
                int32_t b = cur[i], to = s->map.nbr[b][d], from = s->map.nbr[b][(d + 2) & 3];
                if (to < 0 || from < 0 || !sub_reached(s, from) || L->sboxat[to] >= 0 || s->map.dead[to])
                    continue;
                L->sboxat[b] = -1;
                L->sboxat[to] = i;
                int off = 0;
                s->fr.fcalls = 0;
                if (!(pc__fs_frozen(s, to, &off) && off)) {
                    int all = 1;
                    for (int32_t j = 0; j < k; j++) {
                        kid[j] = j == i ? to : cur[j];
                        all &= s->map.goal[kid[j]];
                    }
                    if (all) {
                        dead = 0;
                    } else {
                        int32_t cpl;
                        if (sub_grows_by_b(s, b, d)) {
                            cpl = fs_min32(b, t[k]); /* t[k]: the least square of the parent's area */
                            cnt = pcnt + 1;
                        } else if (L->bwork) {
                            /* Only the area's least square and size are
                             * needed: rows of bits (fast_board.c) flood it
                             * several times faster. */
                            fs_bit_flip(s, L->bwork, b);
                            fs_bit_flip(s, L->bwork, to);
                            cpl = pc__fs_bit_reach(s, L->bwork, L->bwork + s->map.bh, b, &cnt);
                            fs_bit_flip(s, L->bwork, b);
                            fs_bit_flip(s, L->bwork, to);
                        } else {
                            cpl = pc__fs_fill(s, s->ex.mark, b, -1, fs_new_stamp(s), &cnt);
                        }
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
    if (pc__fs_grow(s, &v, &L->patcap, need, sizeof *L->pat) < 0) {
        L->full = 1;
        return;
    }
    L->pat = v;
    for (int32_t i = 0; i < k; i++) {
        fs_plist *l = &L->at[cell[i]];
        void *lv = l->v;
        if (pc__fs_grow(s, &lv, &l->cap, l->n + 1, sizeof *l->v) < 0) {
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
    uint32_t st = fs_new_stamp(s);
    pc__fs_fill(s, s->ex.mark, pl, -1, st, &cnt);
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

/* The slot of `key` in the cache of clusters not proved dead that starts
 * at `base`, and the key as stored (never 0: 0 is an empty slot). */
static uint64_t *alive_slot(uint64_t *base, uint64_t *key, int open)
{
    *key = (*key ^ (uint64_t)open << 1) | 1;
    return &base[(*key ^ (*key >> 31)) & (FS_LEARN_CACHE - 1)];
}

/* The cluster cl[0..k) (the boxes of ex.boxat there), the player on pl:
 * 1 when the sub-search (cap states, `open` as sub_dead's) proves it lost;
 * the pattern is then shrunk (each box but cl[0] dropped in turn, kept out
 * when the rest is still proved lost) and stored.  Clusters not proved are
 * remembered by key (their boxes and the player's area on their
 * sub-board) and not searched again.  cl is reordered.
 * That key needs a flood of the sub-board, and the floods cost more than
 * the sub-searches they saved: a corral search asks about the same
 * barrier at most expansions (12 % of XSokoban 29's instructions went to
 * those floods).  So a first cache is keyed by the boxes and the square pl
 * itself: the player's area on the sub-board is the one around pl, so the
 * same boxes and the same square are the same sub-problem, and a hit there
 * answers without the flood.  Both caches hold only clusters not proved (a
 * hash collision can lose a pruning, never make one), and a miss in the
 * first costs only the flood it would have saved: every answer is the one
 * the second cache alone gives, and the search is the same. */
static int cluster_dead(fs_solver *s, int32_t *cl, int32_t k, int32_t pl, int32_t cap, int open)
{
    fs_learn *L = &s->lr;
    uint64_t boxes = 0;
    for (int32_t i = 0; i < k; i++)
        boxes ^= s->map.zb[cl[i]];
    uint64_t key1 = boxes ^ s->map.zp[pl];
    uint64_t *slot1 = alive_slot(L->alive + FS_LEARN_CACHE, &key1, open);
    if (*slot1 == key1)
        return 0;
    int32_t *save = s->ex.boxat, cnt;
    s->ex.boxat = L->sboxat;
    for (int32_t i = 0; i < k; i++)
        L->sboxat[cl[i]] = i;
    uint64_t key = boxes ^ s->map.zp[pc__fs_fill(s, s->ex.mark, pl, -1, fs_new_stamp(s), &cnt)];
    for (int32_t i = 0; i < k; i++)
        L->sboxat[cl[i]] = -1;
    s->ex.boxat = save;
    uint64_t *slot = alive_slot(L->alive, &key, open);
    if (*slot == key) {
        *slot1 = key1;
        return 0;
    }
    if (!sub_dead(s, cl, k, pl, cap, open)) {
        *slot = key;
        *slot1 = key1;
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
int pc__fs_learned_dead(fs_solver *s, int32_t to, int32_t pl)
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

/* Corral search: for each corral of the state expanded (pc__fs_pi_corral's comp,
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
int pc__fs_corral_dead(fs_solver *s, int32_t player)
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

