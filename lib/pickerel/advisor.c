/*
 * Pickerel advisor: the entry point, and the flat Monte Carlo search used
 * when loom beads are on (PC_PICKEREL_OPT_LOOM_BEADS).  Without that option
 * pc_pickerel_suggest runs the determinised beam search of plan.c.
 *
 * Flat Monte Carlo over sampled deals:
 * What the advisor may know is what a player sees: the tray, the beads, the
 * loom, the number of undealt spools and the inches left of each colour
 * (pc_pickerel_inches_left).  It never looks at the order or the lengths of
 * the undealt spools and never draws from the game's generator.
 *
 * For each candidate move (weave each distinct spool, the useful splices,
 * resizes on an empty loom, Done near the end) it plays the move, then
 * finishes the game several times on sampled deals: the hidden inches of each
 * colour cut into random spools of 2..12 inches (as the real deal is made) and
 * shuffled, with a fast greedy policy (the weave that maximises points plus an
 * evaluation of the loom that plans the next two spools of the cloth's colour
 * from the tray: exact fits, subset sums).  Before sampling, the weaves are
 * pruned to the PK_ROOT_KEEP the policy values most, so the samples go to
 * the moves worth comparing.  Every candidate is scored on the same
 * sampled deals (common random numbers) and the best mean final score wins.
 * The samples come from the advisor's own generator seeded from a hash of the
 * visible state, so a suggestion is a pure function of the position and the
 * budget.  Every simulated move is the real rule, pc__pickerel_simulate, on
 * a copy of the rules state with the advisor's own struct pk_sim beside it
 * (no generator draws, hidden refills counted there); only the evaluation's short plan
 * weaves on a small mirror of one cloth (plan_weave), for speed.
 */
#include <string.h>

#include "common/budget.h"
#include "pickerel/state.h"

enum { MAX_CAND = 64, MAX_SAMPLE = 256 };

struct ctx {
    int64_t nodes, budget;
    struct pc_rng rng;
};

/* Weights of the static evaluation and of the rollout policy (tuned with
 * bench/pickerel on seeds disjoint from the benchmark's; -D overrides are for
 * tuning builds only). */
#ifndef PK_W_SQUARE
#define PK_W_SQUARE 0.6
#endif
#ifndef PK_W_RUN
#define PK_W_RUN 0.45
#endif
#ifndef PK_W_FILL
#define PK_W_FILL 0.6
#endif
#ifndef PK_W_INCH
#define PK_W_INCH 1.0
#endif
#ifndef PK_W_SWITCH
#define PK_W_SWITCH 2.0
#endif
#ifndef PK_PLAN_BUDGET
#define PK_PLAN_BUDGET 100000
#endif
#ifndef PK_ROOT_KEEP
#define PK_ROOT_KEEP 4
#endif
static const double W_SQUARE = PK_W_SQUARE; /* per completed row x width: square progress */
static const double W_RUN = PK_W_RUN;       /* per perfect row in the run x width x (overlap + 1) */
static const double W_FILL = PK_W_FILL;     /* per inch in the incomplete row */
static const double W_INCH = PK_W_INCH;     /* rollout policy: cost of an inch of thread used */
static const double W_SWITCH = PK_W_SWITCH; /* rollout policy: leaving a cloth, x width */

#ifndef PK_PLAN_DEPTH
#define PK_PLAN_DEPTH 2
#endif
#ifndef PK_W_PLAN
#define PK_W_PLAN 0.8
#endif
static const double W_PLAN = PK_W_PLAN; /* share of the planned gain counted */

/* The loom of one cloth, for planning: what do_weave does to it when a
 * spool of the cloth's colour is woven (no loom beads). */
struct plan_loom {
    int32_t w, o, rows, fill, run;
};

/* Weave a spool of `len` inches onto l; returns the points (perfect events,
 * squares with their rectangle): the rule of cloth.c, points only. */
static int32_t plan_weave(struct plan_loom *l, int32_t len)
{
    int exact;
    int32_t o = l->o, rem = len - (o < len ? o : len);
    return pc__pickerel_cloth_steps(l->w, o, &l->rows, &l->fill, &l->run, rem, NULL, NULL, &exact);
}

/* Static value of a cloth: points still to come from what is on it. */
static double plan_static(const struct plan_loom *l)
{
    double w = l->w;
    return w * l->rows * (1.0 + W_SQUARE) + W_RUN * l->run * w * (l->o + 1) - W_FILL * l->fill;
}

/* Best value of weaving up to `depth` more of the n spools len[] (those
 * not in `used`) in some order, stopping anywhere: points - W_INCH per inch
 * + the static value where it stops. */
static double plan(const struct plan_loom *l, const int32_t *len, int32_t n, uint32_t used, int depth)
{
    double best = plan_static(l);
    if (depth == 0)
        return best;
    uint32_t tried = 0; /* lengths tried at this depth (bit per length) */
    for (int32_t i = 0; i < n; i++) {
        if ((used >> i) & 1u || (tried >> len[i]) & 1u)
            continue;
        tried |= 1u << len[i];
        struct plan_loom c = *l;
        double v = plan_weave(&c, len[i]) - W_INCH * len[i];
        v += plan(&c, len, n, used | (1u << i), depth - 1);
        if (v > best)
            best = v;
    }
    return best;
}

/* Static evaluation of what is on the loom (points still to come): the
 * cloth's value plus part of the best gain a short plan with the tray's
 * spools of its colour would make (exact fits: subset sums over the tray). */
static double evaluate(const struct pc_pickerel *g)
{
    if (g->over || (g->rows == 0 && g->fill == 0))
        return 0.0;
    struct plan_loom l = {g->w, g->overlap, g->rows, g->fill, g->run};
    int32_t len[PC_PICKEREL_MAX_TRAY], n = 0;
    for (int32_t i = 0; i < g->tray_n; i++)
        if (g->tray[i].len > 0 && g->tray[i].colour == g->colour)
            len[n++] = g->tray[i].len;
    double st = plan_static(&l);
    if (n == 0)
        return st;
    double pl = plan(&l, len, n, 0, PK_PLAN_DEPTH);
    return st + W_PLAN * (pl - st);
}

static void sim_copy(struct pc_pickerel *dst, const struct pc_pickerel *src)
{
    memcpy(dst, src, PK_SIM_BYTES);
}

/* The rollout policy's value of weaving tray slot `slot` of g, c being g
 * after the weave. */
static double weave_value(const struct pc_pickerel *g, const struct pc_pickerel *c, int32_t slot)
{
    const struct pk_spool *s = &g->tray[slot];
    double v = (double)(c->score - g->score) + evaluate(c) - W_INCH * s->len;
    if (g->colour >= 0 && s->colour != g->colour)
        v -= W_SWITCH * g->w;
    return v;
}

/* Greedy rollout of g (simulated with sim) to the end of the game; returns
 * the final score. */
static int64_t rollout(struct pc_pickerel *g, struct pk_sim *sim, struct ctx *cx)
{
    int32_t m[4] = {PC_PICKEREL_MOVE_WEAVE, 0, 0, 0};
    struct pc_pickerel c;
    struct pk_sim cs;
    while (!g->over) {
        int32_t best = -1;
        double bestv = -1e300;
        int32_t slots[PC_PICKEREL_MAX_TRAY];
        int32_t ns = pc__pickerel_distinct_slots(g, slots);
        for (int32_t k = 0; k < ns; k++) {
            int32_t i = slots[k];
            sim_copy(&c, g);
            cs = *sim;
            m[1] = i;
            pc__pickerel_simulate(&c, &cs, m);
            cx->nodes++;
            double v = weave_value(g, &c, i);
            if (v > bestv) {
                bestv = v;
                best = i;
            }
        }
        if (best < 0) { /* nothing left to weave */
            int32_t d[4] = {PC_PICKEREL_MOVE_DONE, 0, 0, 0};
            pc__pickerel_simulate(g, sim, d);
            break;
        }
        m[1] = best;
        pc__pickerel_simulate(g, sim, m);
    }
    return g->score;
}

/* A deal for the hidden spools: each colour's hidden inches cut into spools
 * of 2..12 and shuffled.  Returns the number of spools. */
static int32_t sample_deal(const struct pc_pickerel *g, const int32_t *hidden_inches, struct pc_rng *r,
                           struct pk_spool *out)
{
    int32_t n = 0;
    for (int32_t c = 0; c < g->ncol; c++)
        n += pc__pickerel_cut_spools(r, c, hidden_inches[c], out + n, MAX_SAMPLE - n);
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
    /* tray and beads are pairs of int8_t: the same bytes on every target */
    const unsigned char *p = (const unsigned char *)g->tray;
    for (size_t i = 0; i < sizeof g->tray; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    int64_t v[6] = {g->score, g->rows, g->fill, g->w, g->deal_n - g->deal_pos, g->nbeads};
    /* the integers' bytes least significant first, on every target (the
     * order x86-64 read them in memory: suggestions are the same everywhere) */
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (int b = 0; b < 64; b += 8)
            h = (h ^ (((uint64_t)v[i] >> b) & 0xff)) * 0x100000001b3ULL;
    return h;
}

static int gen_candidates(const struct pc_pickerel *g, int32_t (*mv)[4], int allow_resize)
{
    int n = 0;
    int32_t slots[PC_PICKEREL_MAX_TRAY];
    int32_t ns = pc__pickerel_distinct_slots(g, slots);
    for (int32_t k = 0; k < ns; k++) {
        mv[n][0] = PC_PICKEREL_MOVE_WEAVE;
        mv[n][1] = slots[k];
        mv[n][2] = mv[n][3] = 0;
        n++;
    }
    /* Splices: one per distinct (result colour, length) and bead. */
    for (int32_t b = 0; b < g->nbeads; b++)
        n += pc__pickerel_distinct_splices(g, b, mv + n, MAX_CAND - 4 - n);
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

/* Keeps the ROOT_KEEP weaves the rollout policy values most (and every
 * other candidate), so the samples go to the moves worth comparing.  Order
 * is kept. */
static int prune_weaves(const struct pc_pickerel *g, const struct pk_sim *sim, int32_t (*mv)[4], int n)
{
    double val[MAX_CAND];
    int nw = 0;
    for (int k = 0; k < n; k++) {
        val[k] = 0.0;
        if (mv[k][0] != PC_PICKEREL_MOVE_WEAVE)
            continue;
        struct pc_pickerel c;
        struct pk_sim cs = *sim;
        sim_copy(&c, g);
        c.deal = NULL; /* refills unknown */
        pc__pickerel_simulate(&c, &cs, mv[k]);
        val[k] = weave_value(g, &c, mv[k][1]);
        nw++;
    }
    if (nw <= PK_ROOT_KEEP)
        return n;
    int keep[MAX_CAND];
    for (int k = 0; k < n; k++) {
        int better = 0;
        if (mv[k][0] == PC_PICKEREL_MOVE_WEAVE)
            for (int j = 0; j < n; j++)
                if (mv[j][0] == PC_PICKEREL_MOVE_WEAVE && (val[j] > val[k] || (val[j] == val[k] && j < k)))
                    better++;
        keep[k] = better < PK_ROOT_KEEP;
    }
    int m = 0;
    for (int k = 0; k < n; k++)
        if (keep[k])
            memcpy(mv[m++], mv[k], sizeof mv[k]);
    return m;
}

/* One round's deal: the real undealt spools (know_deal) or a sample of the
 * hidden ones; returns how many. */
static int32_t round_deal(const struct pc_pickerel *g, const struct pc_pickerel *root, const int32_t *hidden_inches,
                          int know_deal, struct pc_rng *rng, struct pk_spool *deal)
{
    if (!know_deal)
        return sample_deal(root, hidden_inches, rng, deal);
    int32_t dn = g->deal_n - g->deal_pos;
    if (dn > MAX_SAMPLE)
        dn = MAX_SAMPLE;
    memcpy(deal, g->deal + g->deal_pos, sizeof deal[0] * (size_t)dn);
    return dn;
}

/* Flat Monte Carlo (the loom-beads option, or plan.c's tables too large):
 * every candidate rolled out on the same sampled deals, the best mean wins.
 * With know_deal one round on the real undealt spools (the oracle). */
static int32_t flat_monte_carlo(const pc_pickerel *g, int64_t budget, pc__meter *m, int32_t *move, int know_deal)
{
    int32_t hidden_inches[PC_PICKEREL_MAX_COLOURS];
    pc__pickerel_hidden_inches(g, hidden_inches);
    struct pc_pickerel root;
    struct pk_sim rs = {0};
    sim_copy(&root, g);
    root.nev = 0;
    root.deal = NULL;
    struct ctx cx = {0, budget, {{0, 0, 0, 0}}};
    pc__rng_seed(&cx.rng, hash_state(g));

    int32_t mv[MAX_CAND][4];
    /* No two resizes in a row (the last move is public: its events). */
    int last_resize = g->nev > 0 && g->ev[0].kind == PC_PICKEREL_EV_RESIZE;
    int n = gen_candidates(&root, mv, !last_resize);
    n = prune_weaves(&root, &rs, mv, n);
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
        int32_t dn = round_deal(g, &root, hidden_inches, know_deal, &cx.rng, deal);
        for (int k = 0; k < n; k++) {
            struct pc_pickerel c;
            struct pk_sim cs = {0};
            sim_copy(&c, &root);
            c.deal = deal;
            c.deal_pos = 0;
            c.deal_n = dn;
            pc__pickerel_simulate(&c, &cs, mv[k]);
            cx.nodes++;
            sum[k] += (double)rollout(&c, &cs, &cx);
        }
        samples++;
    } while (!know_deal && cx.nodes < cx.budget && samples < 256 && (!m || pc__meter_check(m) == PC_OK));
    if (m && m->status == PC_ECANCELLED)
        return PC_ECANCELLED;
    int best = 0;
    for (int k = 1; k < n; k++)
        if (sum[k] > sum[best] + 1e-9)
            best = k;
    memcpy(move, mv[best], sizeof mv[best]);
    return PC_OK;
}

/* The search; with know_deal the rollouts use the real undealt spools (one
 * round: the oracle of bench/pickerel, never reachable from the API);
 * horizon and beam (0: the defaults) go to plan.c's search.  The move
 * carries engine rows. */
static int32_t suggest(const pc_pickerel *g, int64_t budget, pc__meter *m, int32_t *move, int know_deal,
                       int32_t horizon, int32_t beam)
{
    if (!g || !move || budget < 0)
        return PC_EINVAL;
    if (g->over)
        return PC_EOVER;
    if (m && m->status == PC_ECANCELLED)
        return PC_ECANCELLED;
    if (!(g->options & PC_PICKEREL_OPT_LOOM_BEADS)) { /* the default search: plan.c */
        /* into a local move: a cancelled search writes nothing */
        int32_t found[4];
        int32_t rc = pc__pickerel_plan_suggest(g, budget ? budget : PK_PLAN_BUDGET, m, found, know_deal, horizon, beam);
        if (m && m->status == PC_ECANCELLED)
            return PC_ECANCELLED;
        if (rc == PC_OK)
            memcpy(move, found, sizeof found);
        if (rc != PC_ERANGE) /* PC_ERANGE: a relaxation table too large; flat Monte Carlo below */
            return rc;
    }
    return flat_monte_carlo(g, budget ? budget : 40000, m, move, know_deal);
}

int32_t pc_pickerel_suggest(const pc_pickerel *g, const pc_budget *budget, int32_t *move)
{
    pc__meter m;
    int32_t rc = pc__meter_start(&m, budget);
    if (rc != PC_OK)
        return rc;
    /* The advisor is an anytime search: the node limit is its effort (0: the
     * default), and the time limit ends it with the best move so far. */
    rc = suggest(g, m.max_nodes, &m, move, 0, 0, 0);
    if (rc == PC_OK && move[0] == PC_PICKEREL_MOVE_PLACE_BEAD) /* the API counts rows from the top */
        move[2] = pc__pickerel_flip_row(g, move[2]);
    return rc;
}

int32_t pc__pickerel_suggest_oracle(const struct pc_pickerel *g, int64_t budget, int32_t horizon, int32_t beam,
                                    int32_t *move)
{
    return suggest(g, budget, NULL, move, 1, horizon, beam);
}
