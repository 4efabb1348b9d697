/*
 * Pickerel advisor, default search: determinised beam search over sampled
 * horizons.
 *
 * The advisor sees what a player sees (tray, beads, loom, the number of
 * undealt spools and the inches left of each colour) and never the undealt
 * spools.  For each sample it draws the hidden inches of every colour as
 * random 2..12-inch spools (as a deal is made), shuffles them and keeps the
 * next PK_HORIZON: a short, fully known future.  On it, every root move is
 * valued by its points plus the best line of a PK_BEAM-line beam search PK_HORIZON - 1
 * spools deep, whose lines are ranked, and whose leaves are valued, by their
 * points plus a relaxation of what they leave: for each colour, the exact
 * optimum of weaving its remaining spools (tray and horizon) in any order,
 * any subset, any width (a dynamic programme over sub-multisets x cloth
 * states, built once per sample; bench/pickerel_bound proves the same
 * relaxation an upper bound on a whole deal).  The move with the best mean
 * over the samples (common random numbers: every move sees the same
 * samples) wins; after the first PK_WIDE_SAMPLES samples only the
 * PK_ROOT_BEST best moves are sampled further.
 *
 * Moves are macro moves that weave one spool: [scissors] [resize or start a
 * new cloth at a width] weave; the root also has the splices and, once the
 * deal is out, Done.  The advisor returns the first real move of the best
 * one and plans again from the next position.  Loom beads are not modelled:
 * with PC_PICKEREL_OPT_LOOM_BEADS the flat Monte Carlo search of advisor.c
 * is used.  Randomness comes only from the advisor's own pc_rng, seeded by a
 * hash of the visible state, so a suggestion is a pure function of the
 * position and the budget.
 */
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "common/budget.h"
#include "pickerel/state.h"
#include "common/alloc.h"

#ifndef PK_HORIZON
#define PK_HORIZON 6 /* sampled spools after the tray */
#endif
#ifndef PK_BEAM
#define PK_BEAM 4 /* lines kept per depth */
#endif
#ifndef PK_WIDE_SAMPLES
#define PK_WIDE_SAMPLES 2
#endif
#ifndef PK_ROOT_BEST
#define PK_ROOT_BEST 10
#endif
#ifndef PK_EAGER_CODES
#define PK_EAGER_CODES 400 /* up to this many cloth states the relaxation is built whole */
#endif
#ifndef PK_MAX_CELLS
#define PK_MAX_CELLS ((size_t)1 << 23) /* largest relaxation table of a colour (16 MB) */
#endif
#ifndef PK_MAX_SAMPLES
#define PK_MAX_SAMPLES 64
#endif

enum {
    MINL = PC_PICKEREL_MIN_SPOOL,
    MAXL = PC_PICKEREL_MAX_SPOOL,
    MAXW = PC_PICKEREL_MAX_WIDTH,
    TRAYMAX = PC_PICKEREL_MAX_TRAY,
    MAXCODE = 1300,        /* cloth states of the widest level: 288 + 405 + 550 */
    MAXDEAL = TRAYMAX + 64, /* sampled horizon after the tray, with room */
    MAXROOT = 160,
    NEG = -30000
};

/* A position of the model: spools taken from the sampled horizon, the cloth
 * (colour, state code) and the tray as a sorted multiset (colour << 4 |
 * length, 0 for none). */
struct key {
    uint8_t p;
    int8_t colour;
    int16_t code;
    uint8_t tray[TRAYMAX];
};

struct node {
    struct key k;
    int32_t r, h; /* points so far; bound of what is left */
    int32_t idx[PC_PICKEREL_MAX_COLOURS]; /* what is left (tray + horizon): sub-multiset index per colour */
};

/* The relaxation of one colour: v[m * ncode + code], e[m]. */
struct cdp {
    int cnt[MAXL + 1], ls[MAXL + 1], nl; /* counts; the lengths present */
    long stride[MAXL + 1];
    long msize;
    int16_t *v, *e;
    uint16_t *mask; /* lengths present in each multiset */
    size_t cap;
};

struct db {
    int w0, o, ncol, tray_n, ncode;
    int8_t cw[MAXCODE], crows[MAXCODE], cfill[MAXCODE];
    int16_t code_of[MAXW + 1][MAXW][MAXW][MAXW];
    int16_t empty_code[MAXW + 1];
    int16_t tnext[MAXCODE][MAXL + 1], tpts[MAXCODE][MAXL + 1];
    struct pk_spool deal[MAXDEAL];
    int deal_n;
    struct cdp dp[PC_PICKEREL_MAX_COLOURS];
    long sufidx[PC_PICKEREL_MAX_COLOURS][MAXDEAL + 1];
    int64_t nodes;
    struct node *cur, *nxt;
    int beam, horizon; /* PK_BEAM, PK_HORIZON unless the caller (bench) says otherwise */
};

/* ---- one cloth -------------------------------------------------------------- */

/* One cloth's transitions come from the rule itself (cloth.c). */

static void build_codes(struct db *d)
{
    d->ncode = 0;
    for (int w = d->w0; w <= d->w0 + 2; w++) {
        d->empty_code[w] = (int16_t)d->ncode;
        for (int rows = 0; rows < w; rows++)
            for (int fill = 0; fill < w; fill++)
                for (int run = 0; run <= rows; run++) {
                    int c = d->ncode++;
                    d->code_of[w][rows][fill][run] = (int16_t)c;
                    d->cw[c] = (int8_t)w;
                    d->crows[c] = (int8_t)rows;
                    d->cfill[c] = (int8_t)fill;
                }
    }
    for (int w = d->w0; w <= d->w0 + 2; w++)
        for (int rows = 0; rows < w; rows++)
            for (int fill = 0; fill < w; fill++)
                for (int run = 0; run <= rows; run++) {
                    int c = d->code_of[w][rows][fill][run];
                    for (int len = MINL; len <= MAXL; len++) {
                        int r2 = rows, f2 = fill, u2 = run;
                        d->tpts[c][len] = (int16_t)pc__pickerel_cloth_weave(w, d->o, &r2, &f2, &u2, len, NULL);
                        d->tnext[c][len] = d->code_of[w][r2][f2][u2];
                    }
                }
}

/* ---- the relaxation ---------------------------------------------------------- */

/* V[m][code]: the most still to score with the sub-multiset m of the
 * colour's spools and the cloth in state code (weave, scissors, end the
 * cloth and start again at any width, or stop); E[m] from an empty loom.
 * Computed lazily (memoised): the beam asks for few of the states. */
#define UNSET (-32000)

static int cdp_init(struct db *d, struct cdp *x, const int *cnt)
{
    x->msize = 1;
    x->nl = 0;
    for (int l = 0; l <= MAXL; l++) {
        x->cnt[l] = l >= MINL ? cnt[l] : 0;
        x->stride[l] = x->msize;
        x->msize *= x->cnt[l] + 1;
        if (x->cnt[l])
            x->ls[x->nl++] = l;
    }
    /* values (ncode + 1 per multiset) then the mask of lengths present */
    size_t nv = (size_t)x->msize * (size_t)(d->ncode + 1), need = nv + (size_t)x->msize;
    if (need > PK_MAX_CELLS)
        return PC_ERANGE; /* too many spools of one colour: the caller falls back */
    if (need > x->cap) {
        int16_t *v = pc__realloc(x->v, sizeof *v * need);
        if (!v)
            return PC_ENOMEM;
        x->v = v;
        x->cap = need;
    }
    memset(x->v, 0x80, sizeof *x->v * nv); /* every value UNSET */
    x->e = x->v + (size_t)x->msize * (size_t)d->ncode;
    x->mask = (uint16_t *)(x->v + nv);
    int dig[MAXL + 1] = {0};
    for (long m = 0; m < x->msize; m++) {
        if (m > 0)
            for (int l = MINL; l <= MAXL; l++) {
                if (++dig[l] <= x->cnt[l])
                    break;
                dig[l] = 0;
            }
        uint16_t mk = 0;
        for (int j = 0; j < x->nl; j++)
            if (dig[x->ls[j]])
                mk = (uint16_t)(mk | 1u << x->ls[j]);
        x->mask[m] = mk;
    }
    return PC_OK;
}

static int32_t cdp_v(const struct db *d, struct cdp *x, long m, int code);

/* The lengths present in m, and m without one of each. */
static int avail(const struct cdp *x, long m, int *al, long *ml)
{
    int na = 0;
    for (unsigned mk = x->mask[m]; mk; mk &= mk - 1) {
        int l = pc__ctz64(mk);
        al[na] = l;
        ml[na++] = m - x->stride[l];
    }
    return na;
}

/* Every value at once, multisets in increasing order (cheaper than the
 * memoised recursion when there are few cloth states). */
static void cdp_fill(const struct db *d, struct cdp *x)
{
    int al[MAXL + 1];
    long ml[MAXL + 1];
    for (long m = 0; m < x->msize; m++) {
        int na = avail(x, m, al, ml);
        int16_t *vm = x->v + m * d->ncode;
        int32_t e = 0;
        for (int w = d->w0; w <= d->w0 + 2; w++) {
            int c = d->empty_code[w];
            for (int j = 0; j < na; j++) {
                int32_t v = d->tpts[c][al[j]] + x->v[ml[j] * d->ncode + d->tnext[c][al[j]]];
                if (v > e)
                    e = v;
            }
        }
        x->e[m] = (int16_t)e;
        for (int w = d->w0; w <= d->w0 + 2; w++)
            vm[d->empty_code[w]] = (int16_t)e;
        for (int c = 0; c < d->ncode; c++) {
            int w = d->cw[c], rows = d->crows[c], fill = d->cfill[c];
            if (rows == 0 && fill == 0)
                continue;
            int32_t best = w * rows - fill + e;
            if (rows > 0) { /* scissors: the codes with no rows come first */
                int32_t v = w * rows + vm[d->code_of[w][0][fill][0]];
                if (v > best)
                    best = v;
            }
            for (int j = 0; j < na; j++) {
                int32_t v = d->tpts[c][al[j]] + x->v[ml[j] * d->ncode + d->tnext[c][al[j]]];
                if (v > best)
                    best = v;
            }
            vm[c] = (int16_t)best;
        }
    }
}

static int32_t cdp_e(const struct db *d, struct cdp *x, long m)
{
    if (x->e[m] > UNSET)
        return x->e[m];
    int al[MAXL + 1];
    long ml[MAXL + 1];
    int na = avail(x, m, al, ml);
    int32_t e = 0;
    for (int w = d->w0; w <= d->w0 + 2; w++) {
        int c = d->empty_code[w];
        for (int j = 0; j < na; j++) {
            int32_t v = d->tpts[c][al[j]] + cdp_v(d, x, ml[j], d->tnext[c][al[j]]);
            if (v > e)
                e = v;
        }
    }
    x->e[m] = (int16_t)e;
    return e;
}

static int32_t cdp_v(const struct db *d, struct cdp *x, long m, int code)
{
    int w = d->cw[code], rows = d->crows[code], fill = d->cfill[code];
    if (rows == 0 && fill == 0)
        return cdp_e(d, x, m);
    int16_t *slot = &x->v[m * d->ncode + code];
    if (*slot > UNSET)
        return *slot;
    int32_t best = w * rows - fill + cdp_e(d, x, m); /* end the cloth */
    if (rows > 0) {                                  /* scissors */
        int32_t v = w * rows + cdp_v(d, x, m, d->code_of[w][0][fill][0]);
        if (v > best)
            best = v;
    }
    int al[MAXL + 1];
    long ml[MAXL + 1];
    int na = avail(x, m, al, ml);
    for (int j = 0; j < na; j++) {
        int32_t v = d->tpts[code][al[j]] + cdp_v(d, x, ml[j], d->tnext[code][al[j]]);
        if (v > best)
            best = v;
    }
    *slot = (int16_t)best;
    return best;
}

/* The relaxation of what is left: the index of each colour's remaining
 * spools (tray and horizon) and the cloth. */
static int32_t bound_idx(struct db *d, const int32_t *idx, int colour, int code)
{
    int32_t h = 0;
    for (int c = 0; c < d->ncol; c++)
        h += c == colour ? cdp_v(d, &d->dp[c], idx[c], code) : cdp_e(d, &d->dp[c], idx[c]);
    return h;
}

static void index_of(const struct db *d, const struct key *k, int32_t *idx)
{
    for (int c = 0; c < d->ncol; c++)
        idx[c] = (int32_t)d->sufidx[c][k->p];
    for (int i = 0; i < d->tray_n && k->tray[i]; i++)
        idx[k->tray[i] >> 4] += (int32_t)d->dp[k->tray[i] >> 4].stride[k->tray[i] & 15];
}

/* ---- the model's moves --------------------------------------------------------- */

static void sort_tray(uint8_t *t, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && t[j] > t[j - 1]; j--) {
            uint8_t x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
}

/* Tray slot i of k (sorted) taken: refilled from the horizon, kept sorted. */
static void take(const struct db *d, struct key *k, int i)
{
    int n = d->tray_n;
    memmove(&k->tray[i], &k->tray[i + 1], (size_t)(n - i - 1));
    k->tray[n - 1] = 0;
    if (k->p < d->deal_n) {
        uint8_t s = (uint8_t)(d->deal[k->p].colour << 4 | d->deal[k->p].len);
        int at = n - 1;
        while (at > 0 && k->tray[at - 1] < s) {
            k->tray[at] = k->tray[at - 1];
            at--;
        }
        k->tray[at] = s;
    }
    k->p++;
}

/* The macro move (spool at tray index i, mode) from k: mode 0 go on with the
 * cloth, 1 scissors first, 16 + w start a new cloth of width w (the old
 * cloth's rows scored, its incomplete row wasted).  Returns the points. */
static int32_t macro(const struct db *d, const struct key *k, int i, int mode, struct key *out)
{
    int code = k->code, w = d->cw[code], rows = d->crows[code], fill = d->cfill[code];
    int32_t r = 0;
    int s = k->tray[i], c = s >> 4, l = s & 15;
    if (mode == 1) {
        r = w * rows;
        code = d->code_of[w][0][fill][0];
    } else if (mode >= 16) {
        r = k->colour < 0 ? 0 : w * rows - fill;
        code = d->empty_code[mode - 16];
    }
    *out = *k;
    r += d->tpts[code][l];
    out->code = d->tnext[code][l];
    out->colour = (int8_t)(d->crows[out->code] || d->cfill[out->code] ? c : -1);
    if (out->colour < 0)
        out->code = 0;
    take(d, out, i);
    return r;
}

/* Offers x to the `width` best nodes kept in top[0..*n) (sorted, best
 * first, no two with the same key). */
static void offer(struct node *top, int *n, int width, const struct node *x)
{
    int32_t v = x->r + x->h;
    if (*n == width && v <= top[*n - 1].r + top[*n - 1].h)
        return;
    for (int j = 0; j < *n; j++)
        if (memcmp(&top[j].k, &x->k, sizeof x->k) == 0) {
            if (top[j].r + top[j].h >= v)
                return;
            memmove(&top[j], &top[j + 1], sizeof top[0] * (size_t)(*n - j - 1));
            (*n)--;
            break;
        }
    int at = *n < width ? *n : width - 1;
    while (at > 0 && top[at - 1].r + top[at - 1].h < v) {
        if (at < width)
            top[at] = top[at - 1];
        at--;
    }
    top[at] = *x;
    if (*n < width)
        (*n)++;
}

/* Every macro move from k, offered to the next layer. */
static void children(struct db *d, const struct key *k, const int32_t *idx0, int32_t r0, struct node *top, int *ntop)
{
    int rows = d->crows[k->code], fill = d->cfill[k->code];
    for (int i = 0; i < d->tray_n && k->tray[i]; i++) {
        if (i > 0 && k->tray[i] == k->tray[i - 1])
            continue;
        int c = k->tray[i] >> 4, modes[8], nm = 0;
        if (k->colour == c) {
            modes[nm++] = 0;
            if (rows > 0)
                modes[nm++] = 1;
        }
        if (k->colour != c || rows > 0 || fill > 0)
            for (int w = d->w0; w <= d->w0 + 2; w++)
                modes[nm++] = 16 + w;
        for (int j = 0; j < nm; j++) {
            struct node x;
            x.r = r0 + macro(d, k, i, modes[j], &x.k);
            memcpy(x.idx, idx0, sizeof x.idx);
            x.idx[c] -= (int32_t)d->dp[c].stride[k->tray[i] & 15];
            x.h = bound_idx(d, x.idx, x.k.colour, x.k.code);
            d->nodes++;
            offer(top, ntop, d->beam, &x);
        }
    }
}

/* The best line from k, `depth` spools deep: points plus the bound of what
 * it leaves (points when the tray runs out). */
static int32_t beam(struct db *d, const struct key *k, int32_t r0, int depth)
{
    struct node *cur = d->cur, *nxt = d->nxt;
    int ncur = 1;
    cur[0].k = *k;
    cur[0].r = r0;
    index_of(d, k, cur[0].idx);
    cur[0].h = bound_idx(d, cur[0].idx, k->colour, k->code);
    int32_t best = NEG;
    for (int layer = 0; ncur > 0; layer++) {
        int nn = 0;
        for (int i = 0; i < ncur; i++) {
            const struct key *x = &cur[i].k;
            if (layer == depth || x->tray[0] == 0) {
                int32_t v = x->tray[0] == 0 && x->colour >= 0
                                ? cur[i].r + d->cw[x->code] * d->crows[x->code] - d->cfill[x->code]
                                : cur[i].r + (x->tray[0] == 0 ? 0 : cur[i].h);
                if (v > best)
                    best = v;
                continue;
            }
            children(d, x, cur[i].idx, cur[i].r, nxt, &nn);
        }
        struct node *t = cur;
        cur = nxt;
        nxt = t;
        ncur = nn;
    }
    return best;
}

/* ---- the root -------------------------------------------------------------------- */

struct root {
    int32_t move[4];  /* the first real move */
    int kind;         /* 0 macro, 1 splice, 2 done */
    int slot, mode;   /* macro: tray slot, mode */
    int b, i, j;      /* splice: bead, first, second slot */
    double sum;
    int alive;
};

/* The model key of the real game g (p = 0: the horizon starts after it). */
static void key_of(const struct db *d, const struct pc_pickerel *g, struct key *k)
{
    memset(k, 0, sizeof *k);
    k->colour = -1;
    if (g->rows > 0 || g->fill > 0) {
        k->colour = (int8_t)g->colour;
        k->code = d->code_of[g->w][g->rows][g->fill][g->run];
    }
    int n = 0;
    for (int32_t i = 0; i < g->tray_n; i++)
        if (g->tray[i].len > 0)
            k->tray[n++] = (uint8_t)(g->tray[i].colour << 4 | g->tray[i].len);
    sort_tray(k->tray, d->tray_n);
}

/* Index in the sorted key tray of the real slot's spool. */
static int key_index(const struct key *k, int n, const struct pk_spool *s)
{
    uint8_t b = (uint8_t)(s->colour << 4 | s->len);
    for (int i = 0; i < n; i++)
        if (k->tray[i] == b)
            return i;
    return -1;
}

static int gen_roots(const struct db *d, const struct pc_pickerel *g, struct root *rt)
{
    int n = 0, last_resize = g->nev > 0 && g->ev[0].kind == PC_PICKEREL_EV_RESIZE;
    int empty = g->rows == 0 && g->fill == 0;
    int32_t slots[TRAYMAX];
    int32_t nslots = pc__pickerel_distinct_slots(g, slots);
    for (int32_t k = 0; k < nslots; k++) {
        int32_t i = slots[k];
        const struct pk_spool *s = &g->tray[i];
        int same = !empty && s->colour == g->colour;
        for (int mode = 0; mode < 16 + MAXW + 1 && n < MAXROOT - 8; mode++) {
            int32_t mv[4] = {PC_PICKEREL_MOVE_WEAVE, i, 0, 0};
            if (mode == 0 || mode == 1) {
                if (!same || (mode == 1 && g->rows == 0))
                    continue;
                if (mode == 1)
                    mv[0] = PC_PICKEREL_MOVE_SCISSORS, mv[1] = 0;
            } else if (mode >= 16 + d->w0 && mode <= 16 + d->w0 + 2) {
                int w2 = mode - 16;
                if (w2 == g->w) {
                    if (same) /* starting again on the same width takes two resizes */
                        continue;
                } else {
                    if (last_resize && g->rows == 0)
                        continue;
                    if (g->rows > 0)
                        mv[0] = PC_PICKEREL_MOVE_SCISSORS, mv[1] = 0;
                    else
                        mv[0] = PC_PICKEREL_MOVE_RESIZE, mv[1] = w2;
                }
            } else
                continue;
            struct root *r = &rt[n++];
            memset(r, 0, sizeof *r);
            memcpy(r->move, mv, sizeof mv);
            r->kind = 0;
            r->slot = i;
            r->mode = mode;
            r->alive = 1;
        }
    }
    for (int32_t b = 0; b < g->nbeads; b++) {
        int32_t sp[MAXROOT][4];
        int32_t ns = pc__pickerel_distinct_splices(g, b, sp, MAXROOT - 1 - n);
        for (int32_t k = 0; k < ns; k++) {
            struct root *r = &rt[n++];
            memset(r, 0, sizeof *r);
            memcpy(r->move, sp[k], sizeof sp[k]);
            r->kind = 1;
            r->b = b;
            r->i = sp[k][2];
            r->j = sp[k][3];
            r->alive = 1;
        }
    }
    if (g->deal_pos >= g->deal_n) {
        struct root *r = &rt[n++];
        memset(r, 0, sizeof *r);
        r->move[0] = PC_PICKEREL_MOVE_DONE;
        r->kind = 2;
        r->alive = 1;
    }
    return n;
}

/* The value of root move r on the current sample from the root key k. */
static int32_t root_value(struct db *d, const struct pc_pickerel *g, const struct key *k, const struct root *r)
{
    int depth = d->horizon - 1;
    if (r->kind == 2)
        return k->colour < 0 ? 0 : d->cw[k->code] * d->crows[k->code] - d->cfill[k->code];
    struct key c;
    if (r->kind == 1) { /* splice: two spools out, their sum in, a refill */
        c = *k;
        int a = key_index(&c, d->tray_n, &g->tray[r->i]);
        if (a < 0)
            return NEG;
        c.tray[a] = 0;
        sort_tray(c.tray, d->tray_n);
        int bi = key_index(&c, d->tray_n, &g->tray[r->j]);
        if (bi < 0)
            return NEG;
        c.tray[bi] = (uint8_t)(g->tray[r->j].colour << 4 | (g->tray[r->i].len + g->tray[r->j].len));
        sort_tray(c.tray, d->tray_n);
        int z = 0;
        while (z < d->tray_n && c.tray[z])
            z++;
        take(d, &c, z < d->tray_n ? z : d->tray_n - 1);
        return beam(d, &c, 0, depth);
    }
    int i = key_index(k, d->tray_n, &g->tray[r->slot]);
    if (i < 0)
        return NEG;
    int32_t pts = macro(d, k, i, r->mode, &c);
    return beam(d, &c, pts, depth);
}

static uint64_t hash_position(const struct pc_pickerel *g)
{
    uint64_t h = 0x84222325cbf29ce4ULL;
    /* tray and beads are pairs of int8_t: the same bytes on every target */
    const unsigned char *p = (const unsigned char *)g->tray;
    for (size_t i = 0; i < sizeof g->tray; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    p = (const unsigned char *)g->beads;
    for (int32_t i = 0; i < g->nbeads * (int32_t)sizeof g->beads[0]; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    int64_t v[8] = {g->score, g->rows, g->fill, g->run, g->w, g->colour, g->deal_n - g->deal_pos, g->nbeads};
    /* the integers' bytes least significant first, on every target (the
     * order x86-64 read them in memory: suggestions are the same everywhere) */
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (int b = 0; b < 64; b += 8)
            h = (h ^ (((uint64_t)v[i] >> b) & 0xff)) * 0x100000001b3ULL;
    return h;
}

/* One sampled horizon: the hidden inches of each colour cut into 2..12-inch
 * spools, shuffled, the first d->horizon kept (know_deal: the real ones). */
static void sample(struct db *d, const struct pc_pickerel *g, const int32_t *hidden, struct pc_rng *rng, int know_deal)
{
    int n = 0;
    if (know_deal) {
        for (int32_t i = g->deal_pos; i < g->deal_n && n < d->horizon; i++)
            d->deal[n++] = g->deal[i];
        d->deal_n = n;
        return;
    }
    struct pk_spool all[PC_PICKEREL_MAX_COLOURS * 160];
    for (int c = 0; c < g->ncol; c++)
        n += pc__pickerel_cut_spools(rng, c, hidden[c], all + n, (int32_t)(sizeof all / sizeof all[0]) - n);
    /* a partial Fisher-Yates: the first d->horizon places only */
    int keep = n < d->horizon ? n : d->horizon;
    for (int i = 0; i < keep; i++) {
        int j = i + pc__rng_below(rng, n - i);
        struct pk_spool t = all[i];
        all[i] = all[j];
        all[j] = t;
        d->deal[i] = all[i];
    }
    d->deal_n = keep;
}

/* Relaxation tables for the sample: each colour's tray and horizon spools,
 * plus one of each splice result at the root. */
static int setup(struct db *d, const struct key *k, const struct pc_pickerel *g, const struct root *rt, int nr)
{
    int cnt[PC_PICKEREL_MAX_COLOURS][MAXL + 1];
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < d->deal_n; i++)
        cnt[d->deal[i].colour][d->deal[i].len]++;
    for (int i = 0; i < d->tray_n && k->tray[i]; i++)
        cnt[k->tray[i] >> 4][k->tray[i] & 15]++;
    int extra[PC_PICKEREL_MAX_COLOURS][MAXL + 1];
    memset(extra, 0, sizeof extra);
    for (int r = 0; r < nr; r++)
        if (rt[r].kind == 1)
            extra[g->tray[rt[r].j].colour][g->tray[rt[r].i].len + g->tray[rt[r].j].len] = 1;
    for (int c = 0; c < d->ncol; c++) {
        for (int l = MINL; l <= MAXL; l++)
            cnt[c][l] += extra[c][l];
        int rc = cdp_init(d, &d->dp[c], cnt[c]);
        if (rc)
            return rc;
        if (d->ncode <= PK_EAGER_CODES)
            cdp_fill(d, &d->dp[c]);
    }
    for (int c = 0; c < d->ncol; c++) {
        d->sufidx[c][d->deal_n] = 0;
        for (int p = d->deal_n - 1; p >= 0; p--)
            d->sufidx[c][p] = d->sufidx[c][p + 1] + (d->deal[p].colour == c ? d->dp[c].stride[d->deal[p].len] : 0);
        for (int p = d->deal_n + 1; p <= MAXDEAL; p++)
            d->sufidx[c][p] = 0;
    }
    return PC_OK;
}

static void db_free(struct db *d)
{
    if (!d)
        return;
    for (int c = 0; c < PC_PICKEREL_MAX_COLOURS; c++)
        pc__free(d->dp[c].v);
    pc__free(d->cur);
    pc__free(d->nxt);
    pc__free(d);
}

/* The search's tables for a game like g; NULL when out of memory. */
static struct db *db_new(const struct pc_pickerel *g, int32_t horizon, int32_t beam)
{
    struct db *d = pc__calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->w0 = g->base_w;
    d->o = g->overlap;
    d->ncol = g->ncol;
    d->tray_n = g->tray_n;
    d->beam = beam ? beam : PK_BEAM;
    d->horizon = horizon ? horizon : PK_HORIZON;
    d->cur = pc__malloc(sizeof *d->cur * (size_t)d->beam);
    d->nxt = pc__malloc(sizeof *d->nxt * (size_t)d->beam);
    if (!d->cur || !d->nxt) {
        db_free(d);
        return NULL;
    }
    build_codes(d);
    return d;
}

/* Keep the PK_ROOT_BEST roots of the best sums alive (ties: the earlier). */
static void keep_best_roots(struct root *rt, int nr)
{
    for (int r = 0; r < nr; r++) {
        int better = 0;
        for (int q = 0; q < nr; q++)
            if (rt[q].sum > rt[r].sum || (rt[q].sum == rt[r].sum && q < r))
                better++;
        rt[r].alive = better < PK_ROOT_BEST;
    }
}

/* The live root of the best sum (ties: the earlier). */
static int best_root(const struct root *rt, int nr)
{
    int best = -1;
    for (int r = 0; r < nr; r++)
        if (rt[r].alive && (best < 0 || rt[r].sum > rt[best].sum))
            best = r;
    return best;
}

int32_t pc__pickerel_plan_suggest(const struct pc_pickerel *g, int64_t budget, struct pc__meter *m, int32_t *move,
                                  int know_deal, int32_t horizon, int32_t beam)
{
    if (horizon < 0 || horizon > MAXDEAL - TRAYMAX || beam < 0)
        return PC_EINVAL;
    struct db *d = db_new(g, horizon, beam);
    struct root *rt = d ? pc__malloc(sizeof *rt * MAXROOT) : NULL;
    if (!rt) {
        db_free(d);
        return PC_ENOMEM;
    }
    int nr = gen_roots(d, g, rt);
    if (nr == 0) { /* nothing to weave: the deal is out, the tray empty */
        move[0] = PC_PICKEREL_MOVE_DONE;
        move[1] = move[2] = move[3] = 0;
        pc__free(rt);
        db_free(d);
        return PC_OK;
    }
    int32_t hidden[PC_PICKEREL_MAX_COLOURS];
    pc__pickerel_hidden_inches(g, hidden);
    struct pc_rng rng;
    pc__rng_seed(&rng, hash_position(g));
    struct key k;
    key_of(d, g, &k);
    int rc = PC_OK, alive = nr;
    /* Samples until the node budget is spent; the meter (the caller's time
     * limit and cancel flag) is read between samples, a few ms apart. */
    for (int s = 0; nr > 1 && s < PK_MAX_SAMPLES && (s == 0 || d->nodes < budget); s++) {
        if (s > 0 && m && pc__meter_check(m) != PC_OK)
            break;
        sample(d, g, hidden, &rng, know_deal);
        rc = setup(d, &k, g, rt, nr);
        if (rc)
            break;
        for (int r = 0; r < nr; r++)
            if (rt[r].alive)
                rt[r].sum += root_value(d, g, &k, &rt[r]);
        if (know_deal || g->deal_pos >= g->deal_n)
            break; /* nothing hidden: one sample is exact for the model */
        if (s + 1 == PK_WIDE_SAMPLES && alive > PK_ROOT_BEST) {
            keep_best_roots(rt, nr);
            alive = PK_ROOT_BEST;
        }
    }
    if (rc == PC_OK)
        memcpy(move, rt[best_root(rt, nr)].move, sizeof rt[0].move);
    pc__free(rt);
    db_free(d);
    return rc;
}
