/* Snapper: the advisor (pc_snapper_suggest) and the greedy baseline. */
#include <math.h>
#include <string.h>

#include "puzzlecore/snapper.h"
#include "common/budget.h"
#include "snapper/game.h"

struct cand {
    int move, column, turns;
};

/* Distinct moves for piece p on b: drops (one per column and distinct
 * orientation) then the drain when legal.  Returns their number (<= 21). */
static int moves_of(const struct sn_board *b, sn_piece p, struct cand *c)
{
    int n = 0;
    if (p) {
        sn_piece seen[4];
        int ns = 0;
        for (int t = 0; t < 4; t++) {
            sn_piece r = pc__snapper_rotate(p, t);
            int dup = 0;
            for (int i = 0; i < ns; i++)
                dup |= seen[i] == r;
            if (dup)
                continue;
            seen[ns++] = r;
            for (int x = 0; x < SN_W; x++)
                if (!b->cell[SN_H - 1][x])
                    c[n++] = (struct cand){PC_SNAPPER_MOVE_DROP, x, t};
        }
    }
    if (pc__snapper_drainable(b))
        c[n++] = (struct cand){PC_SNAPPER_MOVE_DRAIN, 0, 0};
    return n;
}

static void apply(struct sn_board *b, sn_piece p, const struct cand *c, int colours)
{
    if (c->move == PC_SNAPPER_MOVE_DRAIN) {
        pc__snapper_drain(b, colours, NULL);
    } else {
        pc__snapper_land(b, c->column, pc__snapper_rotate(p, c->turns), NULL);
        pc__snapper_resolve(b, colours, 0, NULL);
    }
}

/* Weights of the static estimate (tuned on seeds 5001.., not the bench's
 * 1..1000; doc/snapper.md has the figures). */
static const double OPEN_EDGE = 0.85;   /* factor per half edge facing an empty cell */
static const double ON_OUTLINE = 0.2;   /* factor for a component touching the outline */
static const double HIGH_STACK = 6.0;   /* cost * (h - 5)^2 of the highest column h > 5 */
static const double PER_PIECE = 0.3;    /* cost of each piece on the field */
/* Against stalls (holding a big open figure forever while dumping and
 * draining elsewhere): once drops exceed 4 per figure cleared plus 40, each
 * further drop adds this much to the value of every figure cleared. */
static const double STALL_SLACK = 40.0;
static const double STALL_RATE = 2.0;

/* Static estimate of a resting field, in points: the promise of the open
 * coloured components (worth more when nearly closed, in few colours, with
 * little white) minus the danger of a high stack. */
static double evaluate(const struct sn_board *b, int colours, int last)
{
    int16_t label[SN_QUARTERS];
    struct sn_comp comps[SN_QUARTERS];
    int n = pc__snapper_components(b, label, comps);
    double v = 0;
    for (int i = 0; i < n; i++) {
        const struct sn_comp *c = &comps[i];
        if (!c->coloured)
            continue;
        int used = 0;
        for (uint32_t m = c->mask; m; m &= m - 1)
            used++;
        double eff = c->size - 0.5 * c->white * c->white;
        if (eff <= 0)
            continue;
        double worth = 2.0 * eff * colours / used;
        /* a component on the outline cannot close as it is (a drain or a
         * removal below must free it first) */
        if (c->open_border)
            worth *= ON_OUTLINE;
        worth *= pow(OPEN_EDGE, c->open_empty);
        /* with one figure left, only one of them will ever score */
        if (last)
            v = worth > v ? worth : v;
        else
            v += worth;
    }
    int high = 0, total = 0;
    for (int x = 0; x < SN_W; x++) {
        int h = pc__snapper_height(b, x);
        total += h;
        if (h > high)
            high = h;
    }
    double danger = high > 5 ? (high - 5) * (high - 5) * HIGH_STACK : 0;
    return v - danger - PER_PIECE * total;
}

int32_t pc_snapper_suggest(const pc_snapper *g, const pc_budget *bud, int32_t *move, int32_t *column,
                           int32_t *turns, double *value)
{
    pc__meter m;
    if (!g || !move || !column || !turns || pc__meter_start(&m, bud) != PC_OK)
        return PC_EINVAL;
    if (g->reason)
        return PC_EOVER;
    if (m.status != PC_OK)
        return m.status;
    /* The node limit is the positions evaluated (0: the default, 2000, which
     * searches both visible pieces fully). */
    int64_t budget = m.max_nodes > 0 ? m.max_nodes : 2000;
    struct cand first[21], second[21];
    int n1 = moves_of(&g->b, g->cur, first);
    if (!n1)
        return PC_EILLEGAL;
    int64_t spent = 0;
    double late = g->drops - 4.0 * g->b.figures - STALL_SLACK;
    double per_figure = late > 0 ? late * STALL_RATE : 0;
    double best = -HUGE_VAL;
    int bi = 0;
    for (int i = 0; i < n1; i++) {
        /* Every first move is tried; the clock and the cancel flag are read
         * between them (each takes microseconds). */
        if (i > 0 && pc__meter_check(&m) == PC_ECANCELLED)
            return PC_ECANCELLED;
        struct sn_board b1 = g->b;
        apply(&b1, g->cur, &first[i], g->colours);
        spent++;
        sn_piece p2 = first[i].move == PC_SNAPPER_MOVE_DROP ? g->nxt : g->cur;
        double v;
        if (b1.figures >= g->target || !pc__snapper_can_drop(&b1)) {
            /* the game ends here: only the score counts (a block costs) */
            v = (double)b1.score / SN_UNIT + per_figure * b1.figures - (pc__snapper_can_drop(&b1) ? 0 : 50);
        } else {
            int n2 = moves_of(&b1, p2, second);
            /* the second ply only when it fits the budget whole */
            if (!p2 || spent + n2 > budget)
                n2 = 0;
            v = -HUGE_VAL;
            for (int j = 0; j < n2; j++) {
                /* a drain right after a drain is pointless */
                if (first[i].move == PC_SNAPPER_MOVE_DRAIN && second[j].move == PC_SNAPPER_MOVE_DRAIN)
                    continue;
                struct sn_board b2 = b1;
                apply(&b2, p2, &second[j], g->colours);
                spent++;
                double w = (double)b2.score / SN_UNIT + per_figure * b2.figures;
                if (b2.figures < g->target)
                    w += pc__snapper_can_drop(&b2) ? evaluate(&b2, g->colours, b2.figures + 1 >= g->target) : -50;
                if (w > v)
                    v = w;
            }
            if (v == -HUGE_VAL)
                v = (double)b1.score / SN_UNIT + per_figure * b1.figures +
                    evaluate(&b1, g->colours, b1.figures + 1 >= g->target);
        }
        if (v > best) {
            best = v;
            bi = i;
        }
    }
    *move = first[bi].move;
    *column = first[bi].column;
    *turns = first[bi].turns;
    if (value)
        *value = best - (double)g->b.score / SN_UNIT - per_figure * g->b.figures;
    return PC_OK;
}

int32_t pc_snapper_greedy(const pc_snapper *g, int32_t *move, int32_t *column, int32_t *turns)
{
    if (!g || !move || !column || !turns)
        return PC_EINVAL;
    if (g->reason)
        return PC_EOVER;
    int high = 0;
    for (int x = 0; x < SN_W; x++) {
        int h = pc__snapper_height(&g->b, x);
        if (h > high)
            high = h;
    }
    if (high >= 7 && pc__snapper_drainable(&g->b)) {
        *move = PC_SNAPPER_MOVE_DRAIN;
        *column = *turns = 0;
        return PC_OK;
    }
    struct cand c[21];
    int n = moves_of(&g->b, g->cur, c);
    int64_t best = INT64_MIN;
    int besty = SN_H, bi = -1;
    for (int i = 0; i < n; i++) {
        if (c[i].move != PC_SNAPPER_MOVE_DROP)
            continue;
        struct sn_board b = g->b;
        int y = pc__snapper_height(&b, c[i].column);
        apply(&b, g->cur, &c[i], g->colours);
        if (b.score > best || (b.score == best && y < besty)) {
            best = b.score;
            besty = y;
            bi = i;
        }
    }
    if (bi < 0)
        return PC_EILLEGAL;
    *move = PC_SNAPPER_MOVE_DROP;
    *column = c[bi].column;
    *turns = c[bi].turns;
    return PC_OK;
}
