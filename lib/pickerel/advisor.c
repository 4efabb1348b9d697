/*
 * Pickerel advisor: iterative-deepening search over the visible tray.
 *
 * The search plays the real rules (pc__pickerel_apply) on copies of the game
 * in simulation mode: no events, no draws from the game's generator, and a
 * spool taken from the tray leaves its slot empty (the undealt spools are
 * never looked at; only their count, which a player sees, is kept so the end
 * of the game is known).  A node's value is the best of "stop here and
 * evaluate" and every move's points plus its child's value; the evaluation
 * credits what the loom already holds (completed rows towards a rectangle or
 * square, a perfect run that the next perfect row continues) and charges the
 * incomplete row as likely waste.  At the first move the loom is set to the
 * width that plays best on the level (a table measured with bench/pickerel).
 */
#include <string.h>

#include "pickerel/state.h"

/* Width offset (0..2 above the level's width) the advisor plays each level
 * at; measured with bench/pickerel --widths. */
static const int8_t best_width_offset[PC_PICKEREL_MAX_LEVEL] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};

struct search {
    int64_t nodes, budget;
    int stopped;
};

struct sim {
    unsigned char bytes[PK_SIM_BYTES];
};

static double evaluate(const struct pc_pickerel *g)
{
    if (g->over)
        return 0.0;
    double w = g->w, o1 = g->overlap + 1;
    double v = 0.0;
    if (g->rows > 0 || g->fill > 0) {
        v += w * g->rows;                     /* banked rectangle */
        v += 0.6 * g->rows * w;               /* progress towards the square bonus */
        v += 0.45 * g->run * w * o1;          /* a perfect row would continue the run */
        v -= 0.6 * g->fill;                   /* the incomplete row may be wasted */
    }
    return v;
}

/* Moves worth searching from g (weaves of distinct spools, splices, done). */
static int gen_moves(const struct pc_pickerel *g, int32_t (*mv)[4], int root)
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
    for (int32_t b = 0; b < g->nbeads; b++) {
        int dup = 0;
        for (int32_t k = 0; k < b; k++)
            if (g->beads[k].type == g->beads[b].type && g->beads[k].colour == g->beads[b].colour)
                dup = 1;
        if (dup)
            continue;
        for (int32_t i = 0; i < g->tray_n; i++)
            for (int32_t j = 0; j < g->tray_n; j++) {
                int32_t m[4] = {PC_PICKEREL_MOVE_SPLICE, b, i, j};
                if (n >= 200 || pc__pickerel_check(g, m) != PC_OK)
                    continue;
                /* Only splices whose result the loom can use right now or
                 * that make a full multiple of the row: keep it focused. */
                memcpy(mv[n], m, sizeof m);
                n++;
            }
    }
    if (root || g->deal_pos >= g->deal_n) {
        mv[n][0] = PC_PICKEREL_MOVE_DONE;
        mv[n][1] = mv[n][2] = mv[n][3] = 0;
        n++;
    }
    return n;
}

static double value(const struct pc_pickerel *g, int depth, struct search *s)
{
    double best = evaluate(g);
    if (depth == 0 || g->over)
        return best;
    int32_t mv[256][4];
    int n = gen_moves(g, mv, 0);
    for (int k = 0; k < n; k++) {
        if (s->nodes >= s->budget) {
            s->stopped = 1;
            break;
        }
        s->nodes++;
        struct pc_pickerel c;
        memcpy(&c, g, PK_SIM_BYTES);
        pc__pickerel_apply(&c, mv[k]);
        double v = (double)(c.score - g->score) + value(&c, depth - 1, s);
        if (v > best)
            best = v;
    }
    return best;
}

int32_t pc_pickerel_suggest(const pc_pickerel *g, int64_t budget, int32_t *move)
{
    if (!g || !move || budget < 0)
        return PC_EINVAL;
    if (g->over)
        return PC_EOVER;
    if (budget == 0)
        budget = 20000;
    /* Opening: set the loom to the level's preferred width. */
    int32_t want = g->base_w + best_width_offset[g->level - 1];
    if (g->w != want && g->rows == 0 && g->fill == 0 && g->stat[PC_PICKEREL_STAT_SPOOLS] == 0) {
        move[0] = PC_PICKEREL_MOVE_RESIZE;
        move[1] = want;
        move[2] = move[3] = 0;
        return PC_OK;
    }
    struct pc_pickerel root;
    memcpy(&root, g, PK_SIM_BYTES);
    root.sim = 1;
    root.deal = NULL; /* never read: refills in simulation only count */
    int32_t mv[256][4];
    int n = gen_moves(&root, mv, 1);
    int32_t bestm[4] = {PC_PICKEREL_MOVE_DONE, 0, 0, 0};
    double bestv = -1e300;
    struct search s = {0, budget, 0};
    for (int depth = 0; depth < 8; depth++) {
        double dv = -1e300;
        int32_t dm[4] = {PC_PICKEREL_MOVE_DONE, 0, 0, 0};
        for (int k = 0; k < n; k++) {
            struct pc_pickerel c;
            memcpy(&c, &root, PK_SIM_BYTES);
            pc__pickerel_apply(&c, mv[k]);
            s.nodes++;
            double v = (double)(c.score - root.score) + value(&c, depth, &s);
            if (v > dv + 1e-9) {
                dv = v;
                memcpy(dm, mv[k], sizeof dm);
            }
            if (s.stopped)
                break;
        }
        if (s.stopped && depth > 0)
            break; /* keep the last complete depth's answer */
        bestv = dv;
        memcpy(bestm, dm, sizeof bestm);
        if (s.stopped || s.nodes * 4 > s.budget)
            break;
    }
    (void)bestv;
    memcpy(move, bestm, sizeof bestm);
    return PC_OK;
}
