/*
 * bench/pickerel_bound — how good can a player be?  Upper bounds on the score
 * of a Pickerel deal, and the exact optimum with the whole deal known.
 *
 *   bench/pickerel_bound [--games N] [--levels A-B] [--seed S] [--nodes K]
 *                        [--beam W] [--verbose]
 *   bench/pickerel_bound --pimc S [--horizon H] [--beam W] ...   (experiment)
 *
 * For each seeded deal (seeds S..S+N-1, default rules) it computes:
 *
 *   relax   the exact optimum of a relaxation: every spool of the deal is
 *           available at any time (no tray, no deal order), so each colour
 *           is played on its own.  >= the score of every legal play of the
 *           deal, by anyone, with any knowledge.  With beads (levels 4-12) a
 *           splice is allowed with a Lagrangian price: each perfect event may
 *           earn a bead (at most one each), a join uses one, and for any price
 *           lambda >= 0 the per-colour optimum of points + lambda x (events -
 *           beads used), summed over colours, is >= every play's score (beads
 *           used <= events).  A Wild splice may add 2..10 inches from anywhere
 *           (that colour keeps its spool).  The least over a few prices.
 *   search  a branch and bound over the real game with the whole deal known
 *           (tray of width + 4, refills in deal order; macro moves [scissors]
 *           [new cloth at a width] weave, and Done), memoised, with `relax`
 *           of what is left as the admissible bound and a W-line beam
 *           (default 400) for the incumbent.  Finished within K nodes it is
 *           the exact full-information optimum ("exact"), replayed move by
 *           move on the engine, which must score the same; otherwise it is
 *           the largest bound over the unexplored part.  On bead levels it
 *           plays without splices: a real play, not a bound.
 *
 * Per level it prints relax_mean, bound_mean (the least valid upper bound per
 * deal: relax, or the search's value on levels without beads), its p5 and
 * max, play_mean (the best real play found with the deal known: the exact
 * optimum, else the beam's; nosplice_play_mean on bead levels) and how many
 * deals were solved exactly.  doc/pickerel.md, "How good can a player be?",
 * gives the argument and the figures.
 *
 * --pimc S runs the experiment that led to the advisor's search: each move
 * chosen by the mean over S sampled deals (hidden spools redrawn from the
 * inches left, H of them kept if --horizon) of the move's points plus a
 * W-line beam on the sample; no beads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pickerel/state.h"
#include "puzzlecore/puzzlecore.h"

/* The score (it can be negative: a status, the value through a pointer). */
static int64_t score_of(const pc_pickerel *g)
{
    int64_t s = 0;
    pc_pickerel_score(g, &s);
    return s;
}

enum { MINL = PC_PICKEREL_MIN_SPOOL, MAXL = PC_PICKEREL_MAX_SPOOL, MAXCODE = 1024, NEG = -30000 };

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- one cloth: loom codes and the weave transition ------------------------- */

/* A loom state of one cloth: width, completed rows, inches in the
 * incomplete row, perfect run.  Codes enumerate every (w, rows, fill, run)
 * with rows, fill < w and run <= rows. */
static int W0, O, NCOL, TRAYN, BEADS, WILD;
static int ncode;
static int8_t cw[MAXCODE], crows[MAXCODE], cfill[MAXCODE];
static int16_t code_of[PC_PICKEREL_MAX_WIDTH + 1][PC_PICKEREL_MAX_WIDTH][PC_PICKEREL_MAX_WIDTH]
                     [PC_PICKEREL_MAX_WIDTH];
static int16_t empty_code[PC_PICKEREL_MAX_WIDTH + 1];
static int16_t tnext[MAXCODE][MAXL + 1], tpts[MAXCODE][MAXL + 1];
static int8_t tevent[MAXCODE][MAXL + 1]; /* the weave ended in a perfect event */

static void build_codes(void)
{
    ncode = 0;
    for (int w = W0; w <= W0 + 2; w++) {
        empty_code[w] = (int16_t)ncode;
        for (int rows = 0; rows < w; rows++)
            for (int fill = 0; fill < w; fill++)
                for (int run = 0; run <= rows; run++) {
                    code_of[w][rows][fill][run] = (int16_t)ncode;
                    cw[ncode] = (int8_t)w;
                    crows[ncode] = (int8_t)rows;
                    cfill[ncode] = (int8_t)fill;
                    ncode++;
                }
    }
    for (int c = 0; c < ncode; c++) {
        int w = cw[c];
        int rows0 = -1, fill0 = -1, run0 = -1;
        for (int r = 0; r < w && rows0 < 0; r++)
            for (int f = 0; f < w && rows0 < 0; f++)
                for (int u = 0; u <= r; u++)
                    if (code_of[w][r][f][u] == c) {
                        rows0 = r;
                        fill0 = f;
                        run0 = u;
                        break;
                    }
        for (int len = MINL; len <= MAXL; len++) {
            int rows = rows0, fill = fill0, run = run0, evn;
            tpts[c][len] = (int16_t)pc__pickerel_cloth_weave(w, O, &rows, &fill, &run, len, &evn);
            tnext[c][len] = code_of[w][rows][fill][run];
            tevent[c][len] = (int8_t)evn;
        }
    }
}

/* ---- the relaxation: one colour, every spool available ------------------------ */

/* V[M][code]: the most a player can still score with the multiset M of this
 * colour's spools (any order, any subset) and the cloth in state `code`;
 * E[M]: the same from an empty loom of any width (>= 0: stop).  Moves: weave
 * a spool; (with beads) weave two spools joined as one thread; scissors;
 * end the cloth (its rows scored, its incomplete row wasted) and start again
 * at any width.  Values are in units of 1/4 point (prices are quarters). */
struct cdp {
    int cnt[MAXL + 1];
    long stride[MAXL + 1];
    long msize;
    int32_t *v; /* msize x ncode */
    int32_t *e; /* msize */
};

/* The threads a colour can weave from its spools: one spool; with beads,
 * any multiset of its spools joined (at most 12 inches, one bead a join);
 * with Wild beads, one spool and 2..10 inches from anywhere (one bead, the
 * other colour keeping its spool: joins of several own spools are
 * dominated by that).  Computed once per level. */
struct part {
    int n, sum, size;
    int8_t l[6], c[6];
};
static struct part parts[256];
static int nparts;

static void parts_rec(int minl, int sum, int size, int8_t *cnt)
{
    if (size > 0) {
        struct part *p = &parts[nparts++];
        p->n = 0;
        p->sum = sum;
        p->size = size;
        for (int l = MINL; l <= MAXL; l++)
            if (cnt[l]) {
                p->l[p->n] = (int8_t)l;
                p->c[p->n] = cnt[l];
                p->n++;
            }
    }
    for (int l = minl; l <= MAXL && sum + l <= MAXL; l++) {
        cnt[l]++;
        parts_rec(l, sum + l, size + 1, cnt);
        cnt[l]--;
    }
}

static void build_parts(void)
{
    nparts = 0;
    if (BEADS && !WILD) {
        int8_t cnt[MAXL + 1] = {0};
        parts_rec(MINL, 0, 0, cnt);
        return;
    }
    for (int l = MINL; l <= MAXL; l++) {
        struct part *p = &parts[nparts++];
        p->n = 1;
        p->sum = l;
        p->size = 1;
        p->l[0] = (int8_t)l;
        p->c[0] = 1;
    }
}

/* The best over the threads woven from the multiset m (digits dig) onto a
 * cloth in state `code`, or `best` if none is better. */
static int32_t best_weaves(const struct cdp *d, long m, const int *dig, int code, int lambda4, int32_t best)
{
    for (int i = 0; i < nparts; i++) {
        const struct part *p = &parts[i];
        long mm = m;
        int ok = 1;
        for (int j = 0; j < p->n && ok; j++) {
            if (dig[p->l[j]] < p->c[j])
                ok = 0;
            mm -= p->c[j] * d->stride[p->l[j]];
        }
        if (!ok)
            continue;
        const int32_t *vn = d->v + mm * ncode;
        int k = p->sum;
        int32_t x = 4 * tpts[code][k] + lambda4 * (tevent[code][k] - (p->size - 1)) + vn[tnext[code][k]];
        if (x > best)
            best = x;
        if (WILD)
            for (k = p->sum + MINL; k <= MAXL; k++) {
                x = 4 * tpts[code][k] + lambda4 * (tevent[code][k] - 1) + vn[tnext[code][k]];
                if (x > best)
                    best = x;
            }
    }
    return best;
}

static int cdp_build(struct cdp *d, const int *cnt, int lambda4)
{
    d->msize = 1;
    for (int l = 0; l <= MAXL; l++) {
        d->cnt[l] = l >= MINL ? cnt[l] : 0;
        d->stride[l] = d->msize;
        d->msize *= d->cnt[l] + 1;
    }
    if ((double)d->msize * ncode > 4.0e8)
        return -1;
    d->v = malloc(sizeof *d->v * (size_t)d->msize * (size_t)ncode);
    d->e = malloc(sizeof *d->e * (size_t)d->msize);
    if (!d->v || !d->e)
        return -1;
    int dig[MAXL + 1] = {0};
    for (long m = 0; m < d->msize; m++) {
        if (m > 0) /* increment the mixed-radix digits */
            for (int l = MINL; l <= MAXL; l++) {
                if (++dig[l] <= d->cnt[l])
                    break;
                dig[l] = 0;
            }
        int32_t *vm = d->v + m * ncode;
        int32_t e = 0;
        for (int w = W0; w <= W0 + 2; w++) {
            int32_t best = best_weaves(d, m, dig, empty_code[w], lambda4, NEG * 4);
            if (best > e)
                e = best;
        }
        d->e[m] = e;
        for (int w = W0; w <= W0 + 2; w++)
            vm[empty_code[w]] = e;
        for (int c = 0; c < ncode; c++) {
            int w = cw[c], rows = crows[c], fill = cfill[c];
            if (rows == 0 && fill == 0)
                continue;
            int32_t best = 4 * (w * rows - fill) + e; /* end the cloth */
            if (rows > 0) {                          /* scissors (codes with rows 0 come first) */
                int32_t x = 4 * w * rows + vm[code_of[w][0][fill][0]];
                if (x > best)
                    best = x;
            }
            vm[c] = best_weaves(d, m, dig, c, lambda4, best);
        }
    }
    return 0;
}

static void cdp_free(struct cdp *d)
{
    free(d->v);
    free(d->e);
    d->v = d->e = NULL;
}

/* ---- the real game with the deal known: branch and bound ----------------------- */

struct key {
    uint8_t p;      /* spools dealt beyond the first tray */
    int8_t colour;  /* cloth colour, -1 when empty */
    int16_t code;   /* cloth state */
    uint8_t tray[PC_PICKEREL_MAX_TRAY]; /* colour << 4 | length, sorted, 0 empty */
};

struct entry {
    struct key k;
    int32_t v; /* points to come (quarters) */
    int8_t exact, used;
};

static struct pk_spool *deal;
static int deal_n;
static struct cdp dp[PC_PICKEREL_MAX_COLOURS];
static long sufidx[PC_PICKEREL_MAX_COLOURS][PC_PICKEREL_MAX_DEAL + 1];
static struct entry *tt;
static unsigned long tt_mask;
static long nodes, node_limit;
static int beam_width = 400, pimc_samples = 0, horizon = 0;
static int limit_hit;

static uint64_t key_hash(const struct key *k)
{
    const unsigned char *p = (const unsigned char *)k;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < sizeof *k; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h ^ (h >> 29);
}

/* Admissible bound: the relaxation of what is left (tray + undealt). */
static int32_t bound(const struct key *k)
{
    long idx[PC_PICKEREL_MAX_COLOURS];
    for (int c = 0; c < NCOL; c++)
        idx[c] = sufidx[c][k->p];
    for (int i = 0; i < TRAYN && k->tray[i]; i++) {
        int c = k->tray[i] >> 4, l = k->tray[i] & 15;
        idx[c] += dp[c].stride[l];
    }
    int32_t h = 0;
    for (int c = 0; c < NCOL; c++)
        h += c == k->colour ? dp[c].v[idx[c] * ncode + k->code] : dp[c].e[idx[c]];
    return h;
}

static void sort_tray(uint8_t *t)
{
    for (int i = 1; i < TRAYN; i++)
        for (int j = i; j > 0 && t[j] > t[j - 1]; j--) {
            uint8_t x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
}

struct child {
    struct key k;
    int32_t r, h;
    uint8_t spool, mode; /* the move: spool woven; 0 go on, 1 scissors first, 16 + w start a cloth of width w */
};

/* Every move of the real game from k, as macro moves that each weave one
 * spool: [scissors] [resize, or a colour change, to width w'] weave. */
static int children(const struct key *k, struct child *out)
{
    int n = 0, w = cw[k->code], rows = crows[k->code], fill = cfill[k->code];
    int empty = k->colour < 0;
    uint8_t seen[256] = {0};
    for (int i = 0; i < TRAYN && k->tray[i]; i++) {
        uint8_t s = k->tray[i];
        if (seen[s])
            continue;
        seen[s] = 1;
        int c = s >> 4, l = s & 15;
        /* starting states for the thread: (points, code) */
        int32_t sp[8];
        int sc[8], md[8], ns = 0;
        if (!empty && c == k->colour) {
            sp[ns] = 0;
            md[ns] = 0;
            sc[ns++] = k->code;
            if (rows > 0) {
                sp[ns] = w * rows;
                md[ns] = 1;
                sc[ns++] = code_of[w][0][fill][0];
            }
        }
        if (empty || c != k->colour || rows > 0 || fill > 0)
            for (int w2 = W0; w2 <= W0 + 2; w2++) {
                sp[ns] = empty ? 0 : w * rows - fill;
                md[ns] = 16 + w2;
                sc[ns++] = empty_code[w2];
            }
        struct key nk = *k;
        nk.tray[i] = 0;
        int pos = (int)k->p + TRAYN; /* next spool of the deal */
        if (pos < deal_n)
            nk.tray[i] = (uint8_t)(deal[pos].colour << 4 | deal[pos].len);
        nk.p = (uint8_t)(k->p + 1);
        sort_tray(nk.tray);
        for (int j = 0; j < ns; j++) {
            struct child *ch = &out[n++];
            ch->k = nk;
            ch->k.code = tnext[sc[j]][l];
            ch->spool = s;
            ch->mode = (uint8_t)md[j];
            ch->r = 4 * (sp[j] + tpts[sc[j]][l]);
            ch->k.colour = (int8_t)(crows[ch->k.code] || cfill[ch->k.code] ? c : -1);
            if (ch->k.colour < 0)
                ch->k.code = 0;
            ch->h = bound(&ch->k);
        }
    }
    return n;
}

static int cmp_child(const void *a, const void *b)
{
    const struct child *x = a, *y = b;
    int32_t u = x->r + x->h, v = y->r + y->h;
    return (u < v) - (u > v);
}

/* Returns U >= the most still to score from k; if U > alpha, U is exact
 * (unless the node limit was hit: then only U >= holds). */
static int32_t search(const struct key *k, int32_t h, int32_t alpha)
{
    if (h <= alpha)
        return h;
    int w = cw[k->code];
    int32_t done = k->colour < 0 ? 0 : 4 * (w * crows[k->code] - cfill[k->code]);
    if (k->tray[0] == 0)
        return done;
    uint64_t hv = key_hash(k);
    struct entry *slot = NULL;
    for (unsigned long i = 0; i < 8; i++) {
        struct entry *e = &tt[(hv + i) & tt_mask];
        if (!e->used) {
            if (!slot)
                slot = e;
            break;
        }
        if (memcmp(&e->k, k, sizeof *k) == 0) {
            if (e->exact || e->v <= alpha)
                return e->v;
            slot = e;
            break;
        }
    }
    if (!slot)
        slot = &tt[hv & tt_mask];
    if (++nodes > node_limit) {
        limit_hit = 1;
        return h;
    }
    struct child ch[PC_PICKEREL_MAX_TRAY * 8];
    int n = children(k, ch);
    qsort(ch, (size_t)n, sizeof ch[0], cmp_child);
    int32_t best = done;
    for (int j = 0; j < n; j++) {
        int32_t a = (alpha > best ? alpha : best) - ch[j].r;
        if (ch[j].h <= a) { /* every later child is bounded as low */
            for (int t = j; t < n; t++)
                if (ch[t].r + ch[t].h > best)
                    best = ch[t].r + ch[t].h;
            break;
        }
        int32_t v = ch[j].r + search(&ch[j].k, ch[j].h, a);
        if (v > best)
            best = v;
    }
    slot->k = *k;
    slot->v = best;
    slot->exact = (int8_t)(best > alpha && !limit_hit);
    slot->used = 1;
    return best;
}

/* A good play to start from (an incumbent): beam search on score + bound. */
static int32_t beam_depth(const struct key *root, int width, int depth);
static int32_t beam(const struct key *root, int width)
{
    return beam_depth(root, width, 1 << 30);
}

/* The same, `depth` spools deep at most: then each line is valued at its
 * points plus the bound of what it leaves. */
static int32_t beam_depth(const struct key *root, int width, int depth)
{
    struct child *cur = malloc(sizeof *cur * (size_t)width), *nxt = NULL;
    size_t cap = (size_t)width * PC_PICKEREL_MAX_TRAY * 8;
    nxt = malloc(sizeof *nxt * cap);
    if (!cur || !nxt)
        exit(1);
    int ncur = 1;
    cur[0].k = *root;
    cur[0].r = 0;
    cur[0].h = bound(root);
    int32_t best = 0;
    for (int layer = 0; ncur > 0; layer++) {
        if (layer == depth) {
            for (int i = 0; i < ncur; i++)
                if (cur[i].r + cur[i].h > best)
                    best = cur[i].r + cur[i].h;
            break;
        }
        size_t nn = 0;
        for (int i = 0; i < ncur; i++) {
            const struct key *k = &cur[i].k;
            int32_t done = k->colour < 0 ? 0 : 4 * (cw[k->code] * crows[k->code] - cfill[k->code]);
            if (cur[i].r + done > best)
                best = cur[i].r + done;
            if (k->tray[0] == 0)
                continue;
            int n = children(k, nxt + nn);
            for (int j = 0; j < n; j++)
                nxt[nn + (size_t)j].r += cur[i].r;
            nn += (size_t)n;
        }
        qsort(nxt, nn, sizeof nxt[0], cmp_child);
        /* drop duplicates (same key: keep the best score) */
        int m = 0;
        for (size_t i = 0; i < nn && m < width; i++) {
            int dup = 0;
            for (int j = m - 1; j >= 0 && j >= m - 8; j--)
                if (memcmp(&cur[j].k, &nxt[i].k, sizeof nxt[i].k) == 0)
                    dup = 1;
            if (!dup)
                cur[m++] = nxt[i];
        }
        ncur = m;
    }
    free(cur);
    free(nxt);
    return best;
}

/* ---- check: play the optimum found on the real engine ----------------------------- */

static long width_hist[PC_PICKEREL_MAX_WIDTH + 1]; /* weaves per width in the optima (--verbose) */

static int play(pc_pickerel *g, int32_t kind, int32_t a)
{
    int32_t m[4] = {kind, a, 0, 0};
    return pc_pickerel_play(g, m);
}

/* Follows the exact values from k down (target: the value to come, exact)
 * and plays each move on g (the real game, same deal).  Returns 0 when every
 * move was legal. */
static int replay_optimum(pc_pickerel *g, struct key k, int32_t target)
{
    for (;;) {
        int32_t done = k.colour < 0 ? 0 : 4 * (cw[k.code] * crows[k.code] - cfill[k.code]);
        if (done == target || k.tray[0] == 0)
            return pc_pickerel_over(g) ? 0 : play(g, PC_PICKEREL_MOVE_DONE, 0);
        struct child ch[PC_PICKEREL_MAX_TRAY * 8];
        int n = children(&k, ch), j;
        for (j = 0; j < n; j++) {
            if (ch[j].r + ch[j].h < target)
                continue;
            int32_t v = search(&ch[j].k, ch[j].h, target - ch[j].r - 1);
            if (ch[j].r + v == target)
                break;
        }
        if (j == n)
            return -1;
        const struct child *c = &ch[j];
        int32_t slot = -1;
        for (int32_t i = 0; i < g->tray_n && slot < 0; i++)
            if (g->tray[i].len == (c->spool & 15) && g->tray[i].colour == c->spool >> 4)
                slot = i;
        if (slot < 0)
            return -2;
        int rc = 0;
        if (c->mode == 1)
            rc |= play(g, PC_PICKEREL_MOVE_SCISSORS, 0);
        if (c->mode >= 16) {
            int32_t w2 = c->mode - 16, same = g->colour == (c->spool >> 4);
            if (g->rows > 0 && (same || w2 != g->w))
                rc |= play(g, PC_PICKEREL_MOVE_SCISSORS, 0);
            if (w2 != g->w)
                rc |= play(g, PC_PICKEREL_MOVE_RESIZE, w2);
            else if (same && g->fill > 0) { /* start again on the same width: resize away and back */
                rc |= play(g, PC_PICKEREL_MOVE_RESIZE, w2 == W0 ? W0 + 1 : W0);
                rc |= play(g, PC_PICKEREL_MOVE_RESIZE, w2);
            }
        }
        width_hist[g->w]++;
        rc |= play(g, PC_PICKEREL_MOVE_WEAVE, slot);
        if (rc)
            return -3;
        target -= c->r;
        k = c->k;
    }
}

/* ---- experiment: determinised search from the visible information only --------- */

/* Builds the relaxation tables and the undealt index for the deal d[0..n)
 * (positions before p + TRAYN are dealt: ignored). */
static int setup_deal(struct pk_spool *d, int n, const struct key *k)
{
    deal = d;
    deal_n = n;
    int cnt[PC_PICKEREL_MAX_COLOURS][MAXL + 1];
    memset(cnt, 0, sizeof cnt);
    for (int i = k->p + TRAYN; i < n; i++)
        cnt[d[i].colour][d[i].len]++;
    for (int i = 0; i < TRAYN && k->tray[i]; i++)
        cnt[k->tray[i] >> 4][k->tray[i] & 15]++;
    for (int c = 0; c < NCOL; c++)
        if (cdp_build(&dp[c], cnt[c], 0) != 0)
            return -1;
    for (int c = 0; c < NCOL; c++)
        for (int p = k->p; p <= n; p++) {
            long s = 0;
            for (int i = p + TRAYN; i < n; i++)
                if (d[i].colour == c)
                    s += dp[c].stride[d[i].len];
            sufidx[c][p] = s;
        }
    return 0;
}

/* Plays deal `real` choosing each move by the mean over `samples` sampled
 * deals (the hidden spools redrawn from the inches left of each colour, as
 * the advisor does) of the move's points plus a beam search's best on the
 * sampled deal.  Returns the final score (quarters).  No beads. */
static int32_t pimc_game(struct pk_spool *real, int n, int samples, int width, uint64_t seed)
{
    struct pc_rng rng;
    pc__rng_seed(&rng, seed * 0x9e3779b97f4a7c15ULL + 17);
    struct key k;
    memset(&k, 0, sizeof k);
    k.colour = -1;
    for (int i = 0; i < TRAYN && i < n; i++)
        k.tray[i] = (uint8_t)(real[i].colour << 4 | real[i].len);
    sort_tray(k.tray);
    int32_t score = 0;
    static struct pk_spool sd[PC_PICKEREL_MAX_DEAL];
    static struct child ch[PC_PICKEREL_MAX_TRAY * 8], rch[PC_PICKEREL_MAX_TRAY * 8];
    static double sum[PC_PICKEREL_MAX_TRAY * 8];
    for (;;) {
        int32_t done = k.colour < 0 ? 0 : 4 * (cw[k.code] * crows[k.code] - cfill[k.code]);
        if (k.tray[0] == 0)
            return score + done;
        /* the real children, to apply the chosen move */
        if (setup_deal(real, n, &k) != 0)
            exit(1);
        int nr = children(&k, rch);
        for (int c = 0; c < NCOL; c++)
            cdp_free(&dp[c]);
        for (int j = 0; j <= nr; j++)
            sum[j] = 0;
        int hidden[PC_PICKEREL_MAX_COLOURS] = {0};
        for (int i = k.p + TRAYN; i < n; i++)
            hidden[real[i].colour] += real[i].len;
        for (int s = 0; s < samples; s++) {
            int m = k.p + TRAYN;
            for (int c = 0; c < NCOL; c++) {
                int rem = hidden[c];
                while (rem >= MINL) {
                    int hi = rem < MAXL ? rem : MAXL, len;
                    do
                        len = MINL + pc__rng_below(&rng, hi - MINL + 1);
                    while (rem - len == 1);
                    sd[m].colour = (int8_t)c;
                    sd[m].len = (int8_t)len;
                    m++;
                    rem -= len;
                }
            }
            for (int i = m - 1; i > k.p + TRAYN; i--) {
                int j = k.p + TRAYN + pc__rng_below(&rng, i - (k.p + TRAYN) + 1);
                struct pk_spool t = sd[i];
                sd[i] = sd[j];
                sd[j] = t;
            }
            if (horizon && m > k.p + TRAYN + horizon)
                m = k.p + TRAYN + horizon;
            if (setup_deal(sd, m, &k) != 0)
                exit(1);
            int nc = children(&k, ch);
            for (int j = 0; j < nc; j++) {
                /* the same move in the real children list */
                int rj = -1;
                for (int t = 0; t < nr && rj < 0; t++)
                    if (rch[t].spool == ch[j].spool && rch[t].mode == ch[j].mode)
                        rj = t;
                sum[rj] += ch[j].r + (horizon ? beam_depth(&ch[j].k, width, horizon - 1) : beam(&ch[j].k, width));
            }
            sum[nr] += done;
            for (int c = 0; c < NCOL; c++)
                cdp_free(&dp[c]);
        }
        int bj = nr; /* Done */
        for (int j = 0; j < nr; j++)
            if (sum[j] > sum[bj])
                bj = j;
        if (bj == nr)
            return score + done;
        score += rch[bj].r;
        k = rch[bj].k;
    }
}

/* ---- driver ------------------------------------------------------------------- */

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int games = 200, lo = 1, hi = 3, verbose = 0;
    uint64_t seed0 = 1;
    node_limit = 1000000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (strcmp(argv[i], "--levels") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%d-%d", &lo, &hi) == 1)
                hi = lo;
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed0 = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc)
            node_limit = atol(argv[++i]);
        else if (strcmp(argv[i], "--horizon") == 0 && i + 1 < argc)
            horizon = atoi(argv[++i]);
        else if (strcmp(argv[i], "--pimc") == 0 && i + 1 < argc)
            pimc_samples = atoi(argv[++i]);
        else if (strcmp(argv[i], "--beam") == 0 && i + 1 < argc)
            beam_width = atoi(argv[++i]);
        else if (strcmp(argv[i], "--verbose") == 0)
            verbose = 1;
        else {
            fprintf(stderr, "usage: %s [--games N] [--levels A-B] [--seed S] [--nodes K] [--verbose]\n", argv[0]);
            return 2;
        }
    }
    if (games < 1 || lo < 1 || hi > 12 || lo > hi)
        return 2;
    tt_mask = (1ul << 21) - 1;
    tt = calloc(tt_mask + 1, sizeof *tt);
    double *relax = malloc(sizeof *relax * (size_t)games), *bnd = malloc(sizeof *bnd * (size_t)games);
    double *play_found = malloc(sizeof *play_found * (size_t)games);
    if (!tt || !relax || !bnd || !play_found)
        return 1;
    static const int lambdas4[] = {0, 8, 16, 32, 64, 128};
    for (int level = lo; level <= hi; level++) {
        pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_WIDTH, &W0);
        pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_OVERLAP, &O);
        pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_COLOURS, &NCOL);
        pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_TRAY, &TRAYN);
        int32_t d, wild;
        pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_BEAD_FACTOR, &d);
        pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_WILD_PCT, &wild);
        BEADS = d > 0;
        WILD = wild > 0;
        build_codes();
        build_parts();
        if (pimc_samples > 0) { /* the experiment: no bounds, no beads */
            BEADS = WILD = 0;
            build_parts();
            double t0 = now(), s = 0;
            for (int gi = 0; gi < games; gi++) {
                pc_pickerel *g;
                if (pc_pickerel_new(level, seed0 + (uint64_t)gi, 0, &g) != PC_OK)
                    return 1;
                double v = pimc_game(g->deal, g->deal_n, pimc_samples, beam_width, seed0 + (uint64_t)gi) / 4.0;
                s += v;
                if (verbose)
                    printf("  level=%d seed=%llu pimc=%.1f\n", level, (unsigned long long)(seed0 + (uint64_t)gi), v);
                fflush(stdout);
                pc_pickerel_free(g);
            }
            printf("level=%d deals=%d pimc_samples=%d beam=%d pimc_mean=%.1f seconds=%.1f\n", level, games,
                   pimc_samples, beam_width, s / games, now() - t0);
            continue;
        }
        int exact = 0;
        double t0 = now(), sr = 0, sb = 0, sp = 0;
        for (int gi = 0; gi < games; gi++) {
            pc_pickerel *g;
            if (pc_pickerel_new(level, seed0 + (uint64_t)gi, 0, &g) != PC_OK)
                return 1;
            deal = g->deal;
            deal_n = g->deal_n;
            int cnt[PC_PICKEREL_MAX_COLOURS][MAXL + 1];
            memset(cnt, 0, sizeof cnt);
            for (int i = 0; i < deal_n; i++)
                cnt[deal[i].colour][deal[i].len]++;
            /* the relaxation: least over the prices (one price, 0, without beads) */
            int32_t rbest = 0;
            int nl = BEADS ? (int)(sizeof lambdas4 / sizeof lambdas4[0]) : 1;
            for (int li = 0; li < nl; li++) {
                int32_t tot = 0;
                for (int c = 0; c < NCOL; c++) {
                    if (cdp_build(&dp[c], cnt[c], lambdas4[li]) != 0) {
                        fprintf(stderr, "pickerel_bound: relaxation too large (level %d seed %llu)\n", level,
                                (unsigned long long)(seed0 + (uint64_t)gi));
                        return 1;
                    }
                    tot += dp[c].e[dp[c].msize - 1];
                    cdp_free(&dp[c]);
                }
                if (li == 0 || tot < rbest)
                    rbest = tot;
            }
            relax[gi] = rbest / 4.0;
            bnd[gi] = relax[gi];
            /* The real game with the deal known (on bead levels: without
             * splices, so its optimum is a real play but not a bound). */
            int beads = BEADS, wildb = WILD;
            BEADS = WILD = 0;
            build_parts();
            for (int c = 0; c < NCOL; c++)
                if (cdp_build(&dp[c], cnt[c], 0) != 0)
                    return 1;
            /* suffix index of the undealt spools: p counts spools taken beyond
             * the first tray, so the undealt start at deal[p + TRAYN] */
            for (int c = 0; c < NCOL; c++)
                for (int p = 0; p <= deal_n; p++) {
                    long s = 0;
                    for (int i = p + TRAYN; i < deal_n; i++)
                        if (deal[i].colour == c)
                            s += dp[c].stride[deal[i].len];
                    sufidx[c][p] = s;
                }
            struct key root;
            memset(&root, 0, sizeof root);
            root.colour = -1;
            for (int i = 0; i < TRAYN && i < deal_n; i++)
                root.tray[i] = (uint8_t)(deal[i].colour << 4 | deal[i].len);
            sort_tray(root.tray);
            int32_t inc = beam(&root, beam_width);
            memset(tt, 0, sizeof *tt * (tt_mask + 1));
            nodes = 0;
            limit_hit = 0;
            int32_t u = search(&root, bound(&root), inc - 1);
            if (u < inc)
                u = inc;
            if (!beads && u / 4.0 < bnd[gi])
                bnd[gi] = u / 4.0;
            play_found[gi] = (limit_hit ? inc : u) / 4.0;
            exact += !limit_hit;
            if (!limit_hit) { /* the optimum is a real play: check it on the engine */
                pc_pickerel *r;
                if (pc_pickerel_clone(g, &r) != PC_OK)
                    return 1;
                int rc = replay_optimum(r, root, u);
                if (rc != 0 || 4 * score_of(r) != u) {
                    fprintf(stderr, "pickerel_bound: level %d seed %llu: the optimum %.2f replays as %lld (%d)\n",
                            level, (unsigned long long)(seed0 + (uint64_t)gi), u / 4.0,
                            (long long)score_of(r), rc);
                    return 1;
                }
                if (verbose) {
                    int64_t st[PC_PICKEREL_STAT_COUNT];
                    for (int32_t f = 0; f < PC_PICKEREL_STAT_COUNT; f++)
                        pc_pickerel_stat(r, f, &st[f]);
                    printf("  level=%d seed=%llu optimum: spools=%lld perfect=%lld squares=%lld rectangles=%lld "
                           "wasted=%lld discarded=%lld best_run=%lld\n",
                           level, (unsigned long long)(seed0 + (uint64_t)gi), (long long)st[PC_PICKEREL_STAT_SPOOLS],
                           (long long)st[PC_PICKEREL_STAT_PERFECT], (long long)st[PC_PICKEREL_STAT_SQUARES],
                           (long long)st[PC_PICKEREL_STAT_RECTANGLES], (long long)st[PC_PICKEREL_STAT_WASTED],
                           (long long)st[PC_PICKEREL_STAT_DISCARDED], (long long)st[PC_PICKEREL_STAT_BEST_RUN]);
                }
                pc_pickerel_free(r);
            }
            if (verbose)
                printf("  level=%d seed=%llu relax=%.1f beam=%.1f search=%.1f %s nodes=%ld bound=%.1f play=%.1f\n",
                       level, (unsigned long long)(seed0 + (uint64_t)gi), relax[gi], inc / 4.0, u / 4.0,
                       limit_hit ? "bound" : "exact", nodes, bnd[gi], play_found[gi]);
            for (int c = 0; c < NCOL; c++)
                cdp_free(&dp[c]);
            BEADS = beads;
            WILD = wildb;
            build_parts();
            sp += play_found[gi];
            sr += relax[gi];
            sb += bnd[gi];
            pc_pickerel_free(g);
        }
        double dt = now() - t0;
        if (verbose)
            for (int w = W0; w <= W0 + 2; w++) {
                printf("  weaves at width %d in the optima: %ld\n", w, width_hist[w]);
                width_hist[w] = 0;
            }
        qsort(bnd, (size_t)games, sizeof *bnd, cmpd);
        printf("level=%d deals=%d relax_mean=%.1f bound_mean=%.1f bound_p5=%.1f bound_max=%.1f %s=%.1f exact=%d "
               "seconds=%.1f\n",
               level, games, sr / games, sb / games, bnd[games / 20], bnd[games - 1],
               BEADS ? "nosplice_play_mean" : "play_mean", sp / games, exact, dt);
        fflush(stdout);
    }
    free(tt);
    free(relax);
    free(bnd);
    free(play_found);
    return 0;
}
