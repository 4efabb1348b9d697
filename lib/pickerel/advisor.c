/*
 * Pickerel advisor: flat Monte Carlo over sampled deals.
 *
 * What the advisor may know is what a player sees: the tray, the beads, the
 * loom, the number of undealt spools and the inches left of each colour
 * (pc_pickerel_inches_left).  It never looks at the order or the lengths of
 * the undealt spools and never draws from the game's generator.
 *
 * For each candidate move (weave each distinct spool, the useful splices,
 * resizes on an empty loom, Done near the end) it plays the move, then
 * finishes the game several times on sampled deals: the hidden inches of each
 * colour cut into random spools of 2..12 inches (as the real deal is made) and
 * shuffled, with a fast greedy policy (the weave that maximises points plus a
 * static evaluation of the loom).  Every candidate is scored on the same
 * sampled deals (common random numbers) and the best mean final score wins.
 * The samples come from the advisor's own generator seeded from a hash of the
 * visible state, so a suggestion is a pure function of the position and the
 * budget.  The rules are never re-implemented: every simulated move is the
 * real pc__pickerel_apply on a copy in simulation mode (no events, no draws).
 */
#include <string.h>

#include "pickerel/state.h"

enum { MAX_CAND = 64, MAX_SAMPLE = 256 };

struct ctx {
    int64_t nodes, budget;
    struct pc_rng rng;
};

/* Weights of the static evaluation and of the rollout policy (tuned by hand
 * with bench/pickerel; the differences between nearby values are within the
 * noise of a few hundred games). */
static const double W_SQUARE = 0.6;  /* per completed row x width: square progress */
static const double W_RUN = 0.45;    /* per perfect row in the run x width x (overlap + 1) */
static const double W_FILL = 0.6;    /* per inch in the incomplete row */
static const double W_INCH = 1.0;    /* rollout policy: cost of an inch of thread used */
static const double W_FIT = 0.6;     /* a tray spool would end exactly on a row */
static const double W_SWITCH = 2.0;  /* rollout policy: leaving a cloth, x width */

/* Static evaluation of what is on the loom (points still to come). */
static double evaluate(const struct pc_pickerel *g)
{
    if (g->over || (g->rows == 0 && g->fill == 0))
        return 0.0;
    double w = g->w, o1 = g->overlap + 1;
    double v = w * g->rows;        /* the rectangle is as good as banked */
    v += W_SQUARE * g->rows * w;   /* progress towards the square bonus */
    v += W_RUN * g->run * w * o1;  /* a perfect row would continue the run */
    v -= W_FILL * g->fill;         /* the incomplete row may be wasted */
    /* A spool of the cloth's colour in the tray would end exactly on a row. */
    int32_t need = g->w - g->fill, step = g->w + g->overlap;
    for (int32_t i = 0; i < g->tray_n; i++) {
        const struct pk_spool *s = &g->tray[i];
        int32_t r = s->len - g->overlap - need;
        if (s->len > 0 && s->colour == g->colour && r >= 0 && r % step == 0) {
            v += W_FIT * w * o1 * (g->run + 1);
            break;
        }
    }
    return v;
}

static void sim_copy(struct pc_pickerel *dst, const struct pc_pickerel *src)
{
    memcpy(dst, src, PK_SIM_BYTES);
}

/* Greedy rollout to the end of the game; returns the final score. */
static int64_t rollout(struct pc_pickerel *g, struct ctx *cx)
{
    int32_t m[4] = {PC_PICKEREL_MOVE_WEAVE, 0, 0, 0};
    struct pc_pickerel c;
    while (!g->over) {
        int32_t best = -1;
        double bestv = -1e300;
        int seen[PC_PICKEREL_MAX_COLOURS][PC_PICKEREL_MAX_SPOOL + 1];
        memset(seen, 0, sizeof seen);
        for (int32_t i = 0; i < g->tray_n; i++) {
            const struct pk_spool *s = &g->tray[i];
            if (s->len == 0 || seen[s->colour][s->len])
                continue;
            seen[s->colour][s->len] = 1;
            sim_copy(&c, g);
            m[1] = i;
            pc__pickerel_apply(&c, m);
            cx->nodes++;
            double v = (double)(c.score - g->score) + evaluate(&c) - W_INCH * s->len;
            if (g->colour >= 0 && s->colour != g->colour)
                v -= W_SWITCH * g->w;
            if (v > bestv) {
                bestv = v;
                best = i;
            }
        }
        if (best < 0) { /* nothing left to weave */
            int32_t d[4] = {PC_PICKEREL_MOVE_DONE, 0, 0, 0};
            pc__pickerel_apply(g, d);
            break;
        }
        m[1] = best;
        pc__pickerel_apply(g, m);
    }
    return g->score;
}

/* A deal for the hidden spools: each colour's hidden inches cut into spools
 * of 2..12 and shuffled.  Returns the number of spools. */
static int32_t sample_deal(const struct pc_pickerel *g, const int32_t *hidden_inches, struct pc_rng *r,
                           struct pk_spool *out)
{
    int32_t n = 0;
    for (int32_t c = 0; c < g->ncol; c++) {
        int32_t rem = hidden_inches[c];
        while (rem >= PC_PICKEREL_MIN_SPOOL && n < MAX_SAMPLE) {
            int32_t hi = rem < PC_PICKEREL_MAX_SPOOL ? rem : PC_PICKEREL_MAX_SPOOL, len;
            do
                len = PC_PICKEREL_MIN_SPOOL + pc__rng_below(r, hi - PC_PICKEREL_MIN_SPOOL + 1);
            while (rem - len == 1);
            out[n].colour = (int8_t)c;
            out[n].len = (int8_t)len;
            n++;
            rem -= len;
        }
    }
    for (int32_t i = n - 1; i > 0; i--) {
        int32_t j = pc__rng_below(r, i + 1);
        struct pk_spool t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
    return n;
}

static uint64_t hash_state(const struct pc_pickerel *g)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    const unsigned char *p = (const unsigned char *)g->tray;
    for (size_t i = 0; i < sizeof g->tray; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    int64_t v[6] = {g->score, g->rows, g->fill, g->w, g->deal_n - g->deal_pos, g->nbeads};
    p = (const unsigned char *)v;
    for (size_t i = 0; i < sizeof v; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* Candidate moves at the root. */
static int gen_candidates(const struct pc_pickerel *g, int32_t (*mv)[4], int allow_resize)
{
    int n = 0;
    int seen[PC_PICKEREL_MAX_COLOURS][PC_PICKEREL_MAX_SPOOL + 1];
    memset(seen, 0, sizeof seen);
    for (int32_t i = 0; i < g->tray_n; i++) {
        const struct pk_spool *s = &g->tray[i];
        if (s->len == 0 || seen[s->colour][s->len])
            continue;
        seen[s->colour][s->len] = 1;
        mv[n][0] = PC_PICKEREL_MOVE_WEAVE;
        mv[n][1] = i;
        mv[n][2] = mv[n][3] = 0;
        n++;
    }
    /* Splices: one per distinct (result colour, length) and bead. */
    for (int32_t b = 0; b < g->nbeads; b++) {
        int done[PC_PICKEREL_MAX_COLOURS][PC_PICKEREL_MAX_SPOOL + 1];
        memset(done, 0, sizeof done);
        for (int32_t i = 0; i < g->tray_n; i++)
            for (int32_t j = 0; j < g->tray_n; j++) {
                int32_t m[4] = {PC_PICKEREL_MOVE_SPLICE, b, i, j};
                if (n >= MAX_CAND - 4 || pc__pickerel_check(g, m) != PC_OK)
                    continue;
                int32_t c = g->tray[j].colour, l = g->tray[i].len + g->tray[j].len;
                if (done[c][l])
                    continue;
                done[c][l] = 1;
                memcpy(mv[n++], m, sizeof m);
            }
    }
    if (allow_resize && g->rows == 0 && g->fill == 0)
        for (int32_t w = g->base_w; w <= g->base_w + 2; w++)
            if (w != g->w && n < MAX_CAND - 1) {
                mv[n][0] = PC_PICKEREL_MOVE_RESIZE;
                mv[n][1] = w;
                mv[n][2] = mv[n][3] = 0;
                n++;
            }
    if (g->deal_pos >= g->deal_n) {
        mv[n][0] = PC_PICKEREL_MOVE_DONE;
        mv[n][1] = mv[n][2] = mv[n][3] = 0;
        n++;
    }
    return n;
}

/* The search; with know_deal the rollouts use the real undealt spools (one
 * round: the oracle of bench/pickerel, never reachable from the API). */
static int32_t suggest(const pc_pickerel *g, int64_t budget, int32_t *move, int know_deal)
{
    if (!g || !move || budget < 0)
        return PC_EINVAL;
    if (g->over)
        return PC_EOVER;
    if (budget == 0)
        budget = 40000;
    /* Hidden inches per colour: the public inches left minus the tray. */
    int32_t hidden_inches[PC_PICKEREL_MAX_COLOURS] = {0, 0, 0, 0};
    for (int32_t c = 0; c < g->ncol; c++) {
        hidden_inches[c] = pc_pickerel_inches_left(g, c);
        for (int32_t i = 0; i < g->tray_n; i++)
            if (g->tray[i].len > 0 && g->tray[i].colour == c)
                hidden_inches[c] -= g->tray[i].len;
    }
    struct pc_pickerel root;
    sim_copy(&root, g);
    root.sim = 1;
    root.nev = 0;
    root.deal = NULL;
    struct ctx cx = {0, budget, {{0, 0, 0, 0}}};
    pc__rng_seed(&cx.rng, hash_state(g));

    int32_t mv[MAX_CAND][4];
    /* No two resizes in a row (the last move is public: its events). */
    int last_resize = g->nev > 0 && g->ev[0].kind == PC_PICKEREL_EV_RESIZE;
    int n = gen_candidates(&root, mv, !last_resize);
    if (n == 1) {
        memcpy(move, mv[0], sizeof mv[0]);
        return PC_OK;
    }
    double sum[MAX_CAND];
    memset(sum, 0, sizeof sum);
    struct pk_spool deal[MAX_SAMPLE];
    int samples = 0;
    /* Rounds: one sampled deal, every candidate rolled out on it. */
    do {
        int32_t dn;
        if (know_deal) {
            dn = g->deal_n - g->deal_pos;
            if (dn > MAX_SAMPLE)
                dn = MAX_SAMPLE;
            memcpy(deal, g->deal + g->deal_pos, sizeof deal[0] * (size_t)dn);
        } else {
            dn = sample_deal(&root, hidden_inches, &cx.rng, deal);
        }
        for (int k = 0; k < n; k++) {
            struct pc_pickerel c;
            sim_copy(&c, &root);
            c.deal = deal;
            c.deal_pos = 0;
            c.deal_n = dn;
            c.hidden = 0;
            pc__pickerel_apply(&c, mv[k]);
            cx.nodes++;
            sum[k] += (double)rollout(&c, &cx);
        }
        samples++;
    } while (!know_deal && cx.nodes < cx.budget && samples < 256);
    int best = 0;
    for (int k = 1; k < n; k++)
        if (sum[k] > sum[best] + 1e-9)
            best = k;
    memcpy(move, mv[best], sizeof mv[best]);
    return PC_OK;
}

int32_t pc_pickerel_suggest(const pc_pickerel *g, int64_t budget, int32_t *move)
{
    return suggest(g, budget, move, 0);
}

int32_t pc__pickerel_suggest_oracle(const struct pc_pickerel *g, int64_t budget, int32_t *move)
{
    return suggest(g, budget, move, 1);
}
