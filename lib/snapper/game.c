/* Snapper: construction, moves, accessors, event log (puzzlecore/snapper.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "puzzlecore/snapper.h"
#include "snapper/game.h"
#include "common/alloc.h"

static const int32_t preset_weights[PC_SNAPPER_PRESETS][4] = {
    {1, 1, 1, 1}, /* classic */
    {1, 2, 2, 3}, /* easy */
    {3, 3, 2, 1}, /* hard */
};
static const int32_t preset_colours[PC_SNAPPER_PRESETS] = {3, 2, 4};

/* Arms of each type in its canonical orientation (the one pieces come in). */
static const int canonical_arms[4] = {
    PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_S,                                         /* I */
    PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_E,                                         /* L */
    PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_E | PC_SNAPPER_ARM_S,                      /* T */
    PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_E | PC_SNAPPER_ARM_S | PC_SNAPPER_ARM_W, /* + */
};

struct pc_snapper *pc__snapper_alloc(void)
{
    struct pc_snapper *g = pc__calloc(1, sizeof *g);
    if (g)
        pc__snapper_log_init(&g->log);
    return g;
}

sn_piece pc__snapper_draw(struct pc_rng *rng, const int32_t *weights, int32_t colours)
{
    int32_t sum = weights[0] + weights[1] + weights[2] + weights[3];
    int32_t r = pc__rng_below(rng, sum), type = 0;
    while (r >= weights[type])
        r -= weights[type++];
    int arms = canonical_arms[type], c[4];
    /* one colour per region, regions met clockwise from NE: quarter q joins
     * q-1 unless arm q separates them (arm N always separates NW and NE) */
    for (int q = 0; q < 4; q++)
        c[q] = (q > 0 && !(arms & (1 << q))) ? c[q - 1] : 1 + pc__rng_below(rng, colours);
    return sn_make(arms, c);
}

int32_t pc__snapper_reason(const struct pc_snapper *g)
{
    if (g->b.figures >= g->target)
        return PC_SNAPPER_TARGET_MET;
    if (!pc__snapper_can_drop(&g->b))
        return PC_SNAPPER_BLOCKED;
    if (!g->cur)
        return PC_SNAPPER_NO_PIECES;
    return PC_SNAPPER_PLAYING;
}

static int32_t check_weights(const int32_t *w)
{
    int32_t sum = 0;
    for (int i = 0; i < 4; i++) {
        if (w[i] < 0 || w[i] > 1000)
            return PC_ERANGE;
        sum += w[i];
    }
    return sum > 0 ? PC_OK : PC_ERANGE;
}

int32_t pc_snapper_new_custom(const int32_t *weights, int32_t colours, int32_t target, uint64_t seed,
                              pc_snapper **out)
{
    if (!out || !weights)
        return PC_EINVAL;
    if (check_weights(weights) != PC_OK || colours < 1 || colours > PC_SNAPPER_MAX_COLOURS || target < 1 ||
        target > 1000)
        return PC_ERANGE;
    struct pc_snapper *g = pc__snapper_alloc();
    if (!g)
        return PC_ENOMEM;
    memcpy(g->weights, weights, sizeof g->weights);
    g->colours = colours;
    g->target = target;
    g->column = SN_W / 2;
    g->seed = seed;
    pc__rng_seed(&g->rng, seed);
    g->cur = pc__snapper_draw(&g->rng, g->weights, colours);
    g->nxt = pc__snapper_draw(&g->rng, g->weights, colours);
    g->reason = PC_SNAPPER_PLAYING;
    *out = g;
    return PC_OK;
}

int32_t pc_snapper_new(int32_t preset, uint64_t seed, pc_snapper **out)
{
    if (!out || preset < 0 || preset >= PC_SNAPPER_PRESETS)
        return PC_EINVAL;
    return pc_snapper_new_custom(preset_weights[preset], preset_colours[preset], PC_SNAPPER_TARGET, seed, out);
}

sn_piece pc__snapper_parse_piece(const char *s, size_t n)
{
    size_t colon = 0;
    while (colon < n && s[colon] != ':')
        colon++;
    if (colon == 0 || colon == n || n - colon - 1 != 4)
        return 0;
    int arms = 0;
    if (colon == 1 && (s[0] == 'I' || s[0] == 'L' || s[0] == 'T' || s[0] == '+' || s[0] == 'X')) {
        arms = canonical_arms[s[0] == 'I' ? 0 : s[0] == 'L' ? 1 : s[0] == 'T' ? 2 : 3];
    } else {
        for (size_t i = 0; i < colon; i++) {
            const char *dirs = "NESW";
            const char *d = memchr(dirs, s[i], 4);
            if (!d || (arms & (1 << (d - dirs))))
                return 0;
            arms |= 1 << (d - dirs);
        }
    }
    int c[4];
    for (int q = 0; q < 4; q++) {
        char ch = s[colon + 1 + q];
        if (ch == 'w')
            ch = '0';
        if (ch < '0' || ch > '0' + PC_SNAPPER_MAX_COLOURS)
            return 0;
        c[q] = ch - '0';
    }
    sn_piece p = sn_make(arms, c);
    return pc__snapper_valid(p, 1) ? p : 0;
}

int32_t pc_snapper_new_list(const char *pieces, size_t len, int32_t colours, char *err, size_t errcap,
                            pc_snapper **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!pieces && len))
        return PC_EINVAL;
    if (colours < 1 || colours > PC_SNAPPER_MAX_COLOURS)
        return PC_ERANGE;
    size_t count = 0, cap = 16;
    sn_piece *list = pc__malloc(cap * sizeof *list);
    if (!list)
        return PC_ENOMEM;
    int32_t line = 1, col = 1;
    size_t i = 0;
    while (i < len) {
        if (pieces[i] == ' ' || pieces[i] == '\t' || pieces[i] == '\r' || pieces[i] == '\n') {
            if (pieces[i] == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && pieces[j] != ' ' && pieces[j] != '\t' && pieces[j] != '\r' && pieces[j] != '\n')
            j++;
        sn_piece p = pc__snapper_parse_piece(pieces + i, j - i);
        int bad_colour = 0;
        for (int q = 0; p && q < 4; q++)
            if (sn_colour(p, q) == 0 || sn_colour(p, q) > colours)
                bad_colour = 1;
        if (!p || bad_colour) {
            pc__free(list);
            return pc__parse_error(err, errcap, line, col,
                                   !p ? "bad piece '%.*s' (want e.g. L:1222 or NE:1222, one colour per region)"
                                      : "piece '%.*s' uses white or a colour above %d",
                                   (int)(j - i), pieces + i, (int)colours);
        }
        if (count == cap) {
            sn_piece *nl = pc__realloc(list, cap * 2 * sizeof *nl);
            if (!nl) {
                pc__free(list);
                return PC_ENOMEM;
            }
            list = nl;
            cap *= 2;
        }
        list[count++] = p;
        col += (int32_t)(j - i);
        i = j;
    }
    if (!count) {
        pc__free(list);
        return pc__parse_error(err, errcap, 0, 0, "the piece list is empty");
    }
    struct pc_snapper *g = pc__snapper_alloc();
    if (!g) {
        pc__free(list);
        return PC_ENOMEM;
    }
    static const int32_t even[4] = {1, 1, 1, 1};
    memcpy(g->weights, even, sizeof g->weights);
    g->colours = colours;
    g->target = PC_SNAPPER_TARGET;
    g->column = SN_W / 2;
    g->listed = 1;
    pc__rng_seed(&g->rng, 0);
    g->cur = list[0];
    g->nxt = count > 1 ? list[1] : 0;
    g->list = list;
    g->list_len = count;
    g->list_pos = count > 1 ? 2 : 1;
    g->reason = PC_SNAPPER_PLAYING;
    *out = g;
    return PC_OK;
}

int32_t pc_snapper_clone(const pc_snapper *g, pc_snapper **out)
{
    if (!g || !out)
        return PC_EINVAL;
    struct pc_snapper *c = pc__snapper_alloc();
    if (!c)
        return PC_ENOMEM;
    *c = *g;
    pc__snapper_log_init(&c->log);
    c->list = NULL;
    if (g->list_len) {
        c->list = pc__malloc(g->list_len * sizeof *c->list);
        if (!c->list) {
            pc__free(c);
            return PC_ENOMEM;
        }
        memcpy(c->list, g->list, g->list_len * sizeof *c->list);
    }
    if (g->log.n) {
        c->log.ev = pc__malloc(g->log.n * sizeof *c->log.ev);
        c->log.q = pc__malloc((g->log.qn ? g->log.qn : 1) * sizeof *c->log.q);
        if (!c->log.ev || !c->log.q) {
            pc_snapper_free(c);
            return PC_ENOMEM;
        }
        memcpy(c->log.ev, g->log.ev, g->log.n * sizeof *c->log.ev);
        if (g->log.qn)
            memcpy(c->log.q, g->log.q, g->log.qn * sizeof *c->log.q);
        c->log.n = c->log.cap = g->log.n;
        c->log.qn = c->log.qcap = g->log.qn;
    }
    *out = c;
    return PC_OK;
}

void pc_snapper_free(pc_snapper *g)
{
    if (!g)
        return;
    pc__snapper_log_free(&g->log);
    pc__free(g->list);
    pc__free(g);
}

/* ---- moves ------------------------------------------------------------------------ */

int32_t pc_snapper_rotate(pc_snapper *g, int32_t turns)
{
    if (!g)
        return PC_EINVAL;
    if (g->reason)
        return PC_EOVER;
    g->cur = pc__snapper_rotate(g->cur, (int)(turns % 4));
    return PC_OK;
}

int32_t pc_snapper_move_to(pc_snapper *g, int32_t column)
{
    if (!g || column < 0 || column >= SN_W)
        return PC_EINVAL;
    if (g->reason)
        return PC_EOVER;
    g->column = column;
    return PC_OK;
}

/* Finish a move computed into (b, log): advance pieces when a piece was
 * used, log the end, and commit everything or nothing. */
static int32_t commit(pc_snapper *g, struct sn_board *b, struct sn_log *log, int used_piece)
{
    struct pc_snapper next = *g; /* shallow: list pointer shared, not owned */
    next.b = *b;
    if (used_piece) {
        next.cur = g->nxt;
        if (g->listed) {
            next.nxt = g->list_pos < g->list_len ? g->list[g->list_pos] : 0;
            if (next.nxt)
                next.list_pos++;
        } else {
            next.nxt = pc__snapper_draw(&next.rng, g->weights, g->colours);
        }
        next.drops++;
    } else {
        next.drains++;
    }
    next.reason = pc__snapper_reason(&next);
    if (next.reason) {
        struct sn_event *e = pc__snapper_log_add(log, PC_SNAPPER_EV_OVER);
        if (e)
            e->v[0] = next.reason;
    }
    if (log->failed) {
        pc__snapper_log_free(log);
        return PC_ENOMEM;
    }
    pc__snapper_log_free(&g->log);
    next.log = *log;
    *g = next;
    return PC_OK;
}

/* The one rule of what a drop and a drain may do (play and drain, and the
 * check calls the move lists use). */
int32_t pc_snapper_check(const pc_snapper *g, int32_t column, int32_t turns)
{
    if (!g || column < 0 || column >= SN_W || turns < 0 || turns > 3)
        return PC_EINVAL;
    if (g->reason)
        return PC_EOVER;
    if (pc__snapper_height(&g->b, column) >= SN_H)
        return PC_EILLEGAL;
    return PC_OK;
}

int32_t pc_snapper_check_drain(const pc_snapper *g)
{
    if (!g)
        return PC_EINVAL;
    if (g->reason)
        return PC_EOVER;
    if (!pc__snapper_drainable(&g->b))
        return PC_EILLEGAL;
    return PC_OK;
}

int32_t pc_snapper_play(pc_snapper *g, int32_t column, int32_t turns)
{
    int32_t rc = pc_snapper_check(g, column, turns);
    if (rc != PC_OK)
        return rc;
    struct sn_board b = g->b;
    struct sn_log log;
    pc__snapper_log_init(&log);
    pc__snapper_land(&b, column, pc__snapper_rotate(g->cur, turns), &log);
    pc__snapper_resolve(&b, g->colours, 0, &log);
    rc = commit(g, &b, &log, 1);
    if (rc == PC_OK)
        g->column = column;
    return rc;
}

int32_t pc_snapper_drop(pc_snapper *g)
{
    if (!g)
        return PC_EINVAL;
    return pc_snapper_play(g, g->column, 0);
}

int32_t pc_snapper_drain(pc_snapper *g)
{
    int32_t rc = pc_snapper_check_drain(g);
    if (rc != PC_OK)
        return rc;
    struct sn_board b = g->b;
    struct sn_log log;
    pc__snapper_log_init(&log);
    pc__snapper_drain(&b, g->colours, &log);
    return commit(g, &b, &log, 0);
}

/* ---- accessors ---------------------------------------------------------------------- */

static void unpack(sn_piece p, int32_t *arms, int32_t *colours)
{
    if (arms)
        *arms = sn_arms(p);
    if (colours)
        for (int q = 0; q < 4; q++)
            colours[q] = sn_colour(p, q);
}

/* The board counts rows up from the floor, where pieces land; the API counts
 * them down from the top, as every game of the library does (doc/api.md). */
static int32_t api_row(int32_t board_row)
{
    return SN_H - 1 - board_row;
}

int32_t pc_snapper_cell(const pc_snapper *g, int32_t x, int32_t y, int32_t *arms, int32_t *colours)
{
    if (!g || x < 0 || x >= SN_W || y < 0 || y >= SN_H)
        return PC_EINVAL;
    sn_piece p = g->b.cell[api_row(y)][x];
    if (!p)
        return 0;
    unpack(p, arms, colours);
    return 1;
}

int32_t pc_snapper_column_height(const pc_snapper *g, int32_t x)
{
    if (!g || x < 0 || x >= SN_W)
        return PC_EINVAL;
    return pc__snapper_height(&g->b, x);
}

int32_t pc_snapper_piece(const pc_snapper *g, int32_t which, int32_t *arms, int32_t *colours)
{
    if (!g || which < 0 || which > 1)
        return PC_EINVAL;
    sn_piece p = which ? g->nxt : g->cur;
    if (!p)
        return 0;
    unpack(p, arms, colours);
    return 1;
}

int32_t pc_snapper_piece_type(int32_t arms)
{
    if (arms < 0 || arms > 15)
        return PC_EINVAL;
    int n = (arms & 1) + (arms >> 1 & 1) + (arms >> 2 & 1) + (arms >> 3 & 1);
    switch (n) {
    case 2:
        return (arms == 5 || arms == 10) ? PC_SNAPPER_I : PC_SNAPPER_L;
    case 3:
        return PC_SNAPPER_T;
    case 4:
        return PC_SNAPPER_X;
    default:
        return PC_EINVAL;
    }
}

int32_t pc_snapper_column(const pc_snapper *g)
{
    return g ? g->column : PC_EINVAL;
}

int32_t pc_snapper_score(const pc_snapper *g, double *points)
{
    if (!g || !points)
        return PC_EINVAL;
    *points = (double)g->b.score / SN_UNIT;
    return PC_OK;
}

int32_t pc_snapper_score_units(const pc_snapper *g, int64_t *units)
{
    if (!g || !units)
        return PC_EINVAL;
    *units = g->b.score;
    return PC_OK;
}

int32_t pc_snapper_figures(const pc_snapper *g)
{
    return g ? g->b.figures : PC_EINVAL;
}

int32_t pc_snapper_drops(const pc_snapper *g)
{
    return g ? g->drops : PC_EINVAL;
}

int32_t pc_snapper_drains(const pc_snapper *g)
{
    return g ? g->drains : PC_EINVAL;
}

int32_t pc_snapper_colours(const pc_snapper *g)
{
    return g ? g->colours : PC_EINVAL;
}

int32_t pc_snapper_target(const pc_snapper *g)
{
    return g ? g->target : PC_EINVAL;
}

int32_t pc_snapper_is_over(const pc_snapper *g)
{
    return g ? g->reason != PC_SNAPPER_PLAYING : PC_EINVAL;
}

int32_t pc_snapper_end_reason(const pc_snapper *g)
{
    return g ? g->reason : PC_EINVAL;
}

/* ---- events ------------------------------------------------------------------------ */

int32_t pc_snapper_event_count(const pc_snapper *g)
{
    return g ? (int32_t)g->log.n : PC_EINVAL;
}

int32_t pc_snapper_event(const pc_snapper *g, int32_t i, int32_t *kind, int32_t *v, int64_t *units)
{
    if (!g || i < 0 || (size_t)i >= g->log.n)
        return PC_EINVAL;
    const struct sn_event *e = &g->log.ev[i];
    if (kind)
        *kind = e->kind;
    if (v) {
        memcpy(v, e->v, sizeof e->v);
        if (e->kind == PC_SNAPPER_EV_LANDED || e->kind == PC_SNAPPER_EV_REMOVED)
            v[1] = api_row(v[1]);
        if (e->kind == PC_SNAPPER_EV_FELL) {
            v[1] = api_row(v[1]);
            v[2] = api_row(v[2]);
        }
    }
    if (units)
        *units = e->units;
    return PC_OK;
}

int32_t pc_snapper_event_quarters(const pc_snapper *g, int32_t i, int32_t *xyq, size_t cap, size_t *n)
{
    if (!g || !n || i < 0 || (size_t)i >= g->log.n || (!xyq && cap))
        return PC_EINVAL;
    const struct sn_event *e = &g->log.ev[i];
    *n = e->qcount;
    size_t k = e->qcount < cap ? e->qcount : cap;
    if (k)
        memcpy(xyq, g->log.q + e->qstart * 3, k * 3 * sizeof *xyq);
    for (size_t j = 0; j < k; j++)
        xyq[3 * j + 1] = api_row(xyq[3 * j + 1]);
    return cap && e->qcount > cap ? PC_ESPACE : PC_OK;
}

/* ---- pure scoring ------------------------------------------------------------------- */

int32_t pc_snapper_figure_units(int32_t quarters, int32_t white, int32_t used, int32_t available, int32_t cascade,
                                int32_t simultaneous, int64_t *units)
{
    if (!units)
        return PC_EINVAL;
    int64_t u = pc__snapper_units(quarters, white, used, available, cascade, simultaneous);
    if (u < 0)
        return PC_ERANGE;
    *units = u;
    return PC_OK;
}

double pc_snapper_figure_points(int32_t quarters, int32_t white, int32_t used, int32_t available, int32_t cascade,
                                int32_t simultaneous)
{
    int64_t u = pc__snapper_units(quarters, white, used, available, cascade, simultaneous);
    return u < 0 ? NAN : (double)u / SN_UNIT;
}
