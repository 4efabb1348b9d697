/*
 * Pickerel rules engine: levels, deals, moves, scoring, beads, accessors.
 * doc/pickerel.md explains every rule and the reading of the seed behind it.
 */
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "pickerel/state.h"
#include "common/alloc.h"

/* ---- level table ----------------------------------------------------------- */

/* width: 4 on 1–3, +1 per level to 8 on 7, back to 4 on 8, +1 per level after;
 * overlap: 0 on level 1, else 1; colours 2 / 3 (2–7) / 4 (8+); inches per
 * colour 120 (1–2), 100 (3–7), 75 (8+) from the Notes; bead factor d = level
 * - 3 below 8, level - 7 (i.e. (level - 4) - 3) from 8 on; bead types from the
 * seed's table. */
static const struct pk_level levels[PC_PICKEREL_MAX_LEVEL] = {
    /* w  o  col inch d  any spec wild */
    {4, 0, 2, 120, 0, 0, 0, 0},     /* 1 */
    {4, 1, 3, 120, 0, 0, 0, 0},     /* 2 */
    {4, 1, 3, 100, 0, 0, 0, 0},     /* 3 */
    {5, 1, 3, 100, 1, 100, 0, 0},   /* 4 */
    {6, 1, 3, 100, 2, 50, 50, 0},   /* 5 */
    {7, 1, 3, 100, 3, 25, 70, 5},   /* 6 */
    {8, 1, 3, 100, 4, 10, 80, 10},  /* 7 */
    {4, 1, 4, 75, 1, 100, 0, 0},    /* 8 */
    {5, 1, 4, 75, 2, 50, 50, 0},    /* 9 */
    {6, 1, 4, 75, 3, 25, 70, 5},    /* 10 */
    {7, 1, 4, 75, 4, 10, 80, 10},   /* 11 */
    {8, 1, 4, 75, 5, 0, 0, 100},    /* 12 */
};

/* Rating thresholds per level: lowest score for Poor, Fine, Good, Excellent,
 * Incredible (Booched below).  See doc/pickerel.md. */
static const int32_t thresholds[PC_PICKEREL_MAX_LEVEL][5] = {
    {150, 300, 500, 700, 900},  {150, 300, 500, 700, 900},  {150, 300, 500, 700, 900},
    {150, 300, 500, 750, 1000}, {150, 300, 500, 750, 1000}, {150, 300, 500, 750, 1000},
    {150, 300, 500, 750, 1000}, {150, 300, 500, 700, 900},  {150, 300, 500, 700, 900},
    {150, 300, 500, 750, 1000}, {150, 300, 500, 750, 1000}, {150, 300, 500, 750, 1000},
};

const struct pk_level *pc__pickerel_level(int32_t level)
{
    if (level < PC_PICKEREL_MIN_LEVEL || level > PC_PICKEREL_MAX_LEVEL)
        return NULL;
    return &levels[level - 1];
}

int32_t pc_pickerel_level_info(int32_t level, int32_t field, int32_t *out)
{
    const struct pk_level *L = pc__pickerel_level(level);
    if (!out)
        return PC_EINVAL;
    if (!L)
        return PC_ERANGE;
    int32_t v;
    switch (field) {
    case PC_PICKEREL_LEVEL_WIDTH: v = L->width; break;
    case PC_PICKEREL_LEVEL_MAX_WIDTH: v = L->width + 2; break;
    case PC_PICKEREL_LEVEL_OVERLAP: v = L->overlap; break;
    case PC_PICKEREL_LEVEL_COLOURS: v = L->colours; break;
    case PC_PICKEREL_LEVEL_INCHES: v = L->inches; break;
    case PC_PICKEREL_LEVEL_TRAY: v = L->width + 4; break;
    case PC_PICKEREL_LEVEL_BEAD_FACTOR: v = L->bead_d; break;
    case PC_PICKEREL_LEVEL_ANY_PCT: v = L->any; break;
    case PC_PICKEREL_LEVEL_SPECIFIC_PCT: v = L->specific; break;
    case PC_PICKEREL_LEVEL_WILD_PCT: v = L->wild; break;
    case PC_PICKEREL_LEVEL_LOOM_BEAD_PCT: v = L->bead_d > 0 ? level : 0; break;
    default: return PC_EINVAL;
    }
    *out = v;
    return PC_OK;
}

int32_t pc_pickerel_rating_threshold(int32_t level, int32_t rating, int32_t *out)
{
    if (!out)
        return PC_EINVAL;
    if (level < PC_PICKEREL_MIN_LEVEL || level > PC_PICKEREL_MAX_LEVEL)
        return PC_ERANGE;
    if (rating < PC_PICKEREL_BOOCHED || rating > PC_PICKEREL_INCREDIBLE)
        return PC_EINVAL;
    *out = rating == PC_PICKEREL_BOOCHED ? 0 : thresholds[level - 1][rating - 1];
    return PC_OK;
}

static int32_t rating_of(int32_t level, int64_t score)
{
    int32_t r = PC_PICKEREL_BOOCHED;
    for (int32_t i = 0; i < 5; i++)
        if (score >= thresholds[level - 1][i])
            r = i + 1;
    return r;
}

/* ---- life cycle --------------------------------------------------------------- */

int32_t pc__pickerel_alloc(int32_t level, uint64_t seed, uint32_t options, int32_t n, struct pc_pickerel **out)
{
    const struct pk_level *L = pc__pickerel_level(level);
    if (!L || n < 0 || n > PC_PICKEREL_MAX_DEAL)
        return PC_ERANGE;
    if (options & ~(uint32_t)PC_PICKEREL_OPT_LOOM_BEADS)
        return PC_EINVAL;
    struct pc_pickerel *g = pc__calloc(1, sizeof *g);
    if (!g)
        return PC_ENOMEM;
    g->deal = pc__calloc((size_t)(n > 0 ? n : 1), sizeof *g->deal);
    if (!g->deal) {
        pc__free(g);
        return PC_ENOMEM;
    }
    g->level = level;
    g->options = options;
    g->seed = seed;
    pc__rng_seed(&g->rng, seed);
    g->base_w = g->w = L->width;
    g->overlap = L->overlap;
    g->ncol = L->colours;
    g->tray_n = L->width + 4;
    g->deal_n = n;
    g->colour = -1;
    for (int32_t i = 0; i < PC_PICKEREL_MAX_TRAY; i++) {
        g->tray[i].colour = -1;
        g->tray[i].len = 0;
    }
    *out = g;
    return PC_OK;
}

void pc__pickerel_start(struct pc_pickerel *g)
{
    for (int32_t i = 0; i < g->tray_n && g->deal_pos < g->deal_n; i++)
        g->tray[i] = g->deal[g->deal_pos++];
}
/* One colour's inches cut into spools of 2..12 inches, each length uniform
 * among those that do not leave a single inch (no spool is shorter than 2),
 * appended to out (at most cap); returns how many.  The seeded deal and the
 * advisors' sampled deals cut alike. */
int32_t pc__pickerel_cut_spools(struct pc_rng *r, int32_t colour, int32_t inches, struct pk_spool *out, int32_t cap)
{
    int32_t n = 0, rem = inches;
    while (rem >= PC_PICKEREL_MIN_SPOOL && n < cap) {
        int32_t hi = rem < PC_PICKEREL_MAX_SPOOL ? rem : PC_PICKEREL_MAX_SPOOL, len;
        do
            len = PC_PICKEREL_MIN_SPOOL + pc__rng_below(r, hi - PC_PICKEREL_MIN_SPOOL + 1);
        while (rem - len == 1);
        out[n].colour = (int8_t)colour;
        out[n].len = (int8_t)len;
        n++;
        rem -= len;
    }
    return n;
}

int32_t pc_pickerel_new(int32_t level, uint64_t seed, uint32_t options, pc_pickerel **out)
{
    if (!out)
        return PC_EINVAL;
    const struct pk_level *L = pc__pickerel_level(level);
    if (!L)
        return PC_ERANGE;
    /* Upper bound on spools: every spool at least 2 inches. */
    int32_t cap = L->colours * (L->inches / PC_PICKEREL_MIN_SPOOL);
    struct pc_pickerel *g;
    int32_t rc = pc__pickerel_alloc(level, seed, options, cap, &g);
    if (rc)
        return rc;
    int32_t n = 0;
    for (int32_t c = 0; c < L->colours; c++)
        n += pc__pickerel_cut_spools(&g->rng, c, L->inches, g->deal + n, cap - n);
    g->deal_n = n;
    /* Shuffle the whole deal (Fisher–Yates on indices, the library's order). */
    int32_t idx[PC_PICKEREL_MAX_DEAL];
    struct pk_spool tmp[PC_PICKEREL_MAX_DEAL];
    for (int32_t i = 0; i < n; i++) {
        idx[i] = i;
        tmp[i] = g->deal[i];
    }
    pc__rng_shuffle_i32(&g->rng, idx, (size_t)n);
    for (int32_t i = 0; i < n; i++)
        g->deal[i] = tmp[idx[i]];
    pc__pickerel_start(g);
    *out = g;
    return PC_OK;
}

int32_t pc_pickerel_new_deal(int32_t level, uint64_t seed, uint32_t options, const int32_t *colours,
                             const int32_t *lengths, int32_t n, pc_pickerel **out)
{
    if (!out || !colours || !lengths)
        return PC_EINVAL;
    const struct pk_level *L = pc__pickerel_level(level);
    if (!L || n < 1 || n > PC_PICKEREL_MAX_DEAL)
        return PC_ERANGE;
    for (int32_t i = 0; i < n; i++)
        if (colours[i] < 0 || colours[i] >= L->colours || lengths[i] < PC_PICKEREL_MIN_SPOOL ||
            lengths[i] > PC_PICKEREL_MAX_SPOOL)
            return PC_ERANGE;
    struct pc_pickerel *g;
    int32_t rc = pc__pickerel_alloc(level, seed, options, n, &g);
    if (rc)
        return rc;
    for (int32_t i = 0; i < n; i++) {
        g->deal[i].colour = (int8_t)colours[i];
        g->deal[i].len = (int8_t)lengths[i];
    }
    pc__pickerel_start(g);
    *out = g;
    return PC_OK;
}

void pc_pickerel_free(pc_pickerel *g)
{
    if (!g)
        return;
    pc__free(g->deal);
    pc__free(g);
}

int32_t pc_pickerel_clone(const pc_pickerel *g, pc_pickerel **out)
{
    if (!g || !out)
        return PC_EINVAL;
    struct pc_pickerel *c = pc__malloc(sizeof *c);
    if (!c)
        return PC_ENOMEM;
    *c = *g;
    c->deal = pc__malloc(sizeof *c->deal * (size_t)(g->deal_n > 0 ? g->deal_n : 1));
    if (!c->deal) {
        pc__free(c);
        return PC_ENOMEM;
    }
    if (g->deal_n > 0)
        memcpy(c->deal, g->deal, sizeof *c->deal * (size_t)g->deal_n);
    *out = c;
    return PC_OK;
}

/* ---- rules core -------------------------------------------------------------- */

static void ev(struct pc_pickerel *g, int32_t kind, int32_t points, int32_t a, int32_t b, int32_t c)
{
    g->score += points;
    if (g->nev >= PK_MAX_EVENTS)
        return;
    struct pk_event *e = &g->ev[g->nev++];
    e->kind = kind;
    e->points = points;
    e->a = a;
    e->b = b;
    e->c = c;
}

static int32_t bead_type_draw(struct pc_pickerel *g, int32_t *colour)
{
    const struct pk_level *L = &levels[g->level - 1];
    int32_t u = pc__rng_below(&g->rng, 100);
    *colour = -1;
    if (u < L->any)
        return PC_PICKEREL_BEAD_ANY;
    if (u < L->any + L->specific) {
        *colour = pc__rng_below(&g->rng, g->ncol);
        return PC_PICKEREL_BEAD_SPECIFIC;
    }
    return PC_PICKEREL_BEAD_WILD;
}

/* After a perfect-row event of `run` rows: maybe a bead for the tray (never
 * in a simulation). */
static void maybe_bead(struct pc_pickerel *g, const struct pk_sim *sim, int32_t run)
{
    const struct pk_level *L = &levels[g->level - 1];
    if (sim || L->bead_d == 0 || g->nbeads >= PC_PICKEREL_MAX_BEADS)
        return;
    int32_t pct = L->bead_d * 10 * run; /* percent; >= 100 is certain */
    if (pct < 100 && pc__rng_below(&g->rng, 100) >= pct)
        return;
    int32_t colour, type = bead_type_draw(g, &colour);
    g->beads[g->nbeads].type = (int8_t)type;
    g->beads[g->nbeads].colour = (int8_t)colour;
    ev(g, PC_PICKEREL_EV_BEAD_GAINED, 0, type, colour, g->nbeads);
    g->nbeads++;
    g->stat[PC_PICKEREL_STAT_BEADS_GAINED]++;
}

static int32_t loom_bead_at(const struct pc_pickerel *g, int32_t row, int32_t col)
{
    for (int32_t i = 0; i < g->nloom; i++)
        if (g->loom[i].row == row && g->loom[i].col == col)
            return i;
    return -1;
}

static void loom_bead_remove(struct pc_pickerel *g, int32_t i)
{
    g->loom[i] = g->loom[--g->nloom];
}

static int bead_matches(int32_t type, int32_t bcolour, int32_t colour)
{
    return type != PC_PICKEREL_BEAD_SPECIFIC || bcolour == colour;
}

/* Column of the pos-th inch of a row: rows alternate direction (row 0 from
 * the left edge, as the first thread starts on the left). */
static int32_t column_of(const struct pc_pickerel *g, int32_t row, int32_t pos)
{
    return (row & 1) ? g->w - 1 - pos : pos;
}

/* Random loom bead after a colour change or resize (option, bead levels,
 * no bead on the loom yet): odds level% × max(1, wasted inches). */
static void maybe_loom_bead(struct pc_pickerel *g, const struct pk_sim *sim, int32_t wasted)
{
    const struct pk_level *L = &levels[g->level - 1];
    if (sim || !(g->options & PC_PICKEREL_OPT_LOOM_BEADS) || L->bead_d == 0 || g->nloom > 0)
        return;
    int32_t pct = g->level * (wasted > 1 ? wasted : 1);
    if (pct < 100 && pc__rng_below(&g->rng, 100) >= pct)
        return;
    int32_t colour, type = bead_type_draw(g, &colour);
    int32_t row = 1 + pc__rng_below(&g->rng, g->w - 1);
    int32_t col = pc__rng_below(&g->rng, g->w);
    struct pk_loom_bead *b = &g->loom[g->nloom++];
    b->type = (int8_t)type;
    b->colour = (int8_t)colour;
    b->row = (int16_t)row;
    b->col = (int16_t)col;
    b->value = g->w * (1 + row);
    ev(g, PC_PICKEREL_EV_LOOM_BEAD, 0, row, col, b->value);
}

/* Beads slide down with removed rows.  A bead on a removed row leaves with
 * it (no points).  Consistent play never has one there — every cell of a
 * completed row was woven, which overruns or kisses its bead — but the rule
 * keeps every bead on the loom whatever the state. */
static void slide_loom_beads(struct pc_pickerel *g, int32_t rows)
{
    for (int32_t i = 0; i < g->nloom;) {
        if (g->loom[i].row < rows) {
            ev(g, PC_PICKEREL_EV_BEAD_LOST, 0, g->loom[i].row, g->loom[i].col, 0);
            loom_bead_remove(g, i);
            continue;
        }
        g->loom[i].row = (int16_t)(g->loom[i].row - rows);
        i++;
    }
}

/* Rows alternate direction from the cloth's first row (column_of).  When the
 * scissors cut an odd number of rows and keep a partly woven row, that row
 * becomes row 0 of the new cloth but must go on in the direction it was
 * woven: the loom is turned over left to right, so every loom bead's column
 * c becomes width - 1 - c and the kept row's woven inches are again the
 * first `fill` inches of its direction.  (Without this a bead could sit
 * behind the woven inches, never be crossed, and slide below the cloth.) */
static void turn_loom(struct pc_pickerel *g)
{
    for (int32_t i = 0; i < g->nloom; i++)
        g->loom[i].col = (int16_t)(g->w - 1 - g->loom[i].col);
}

/* Completed rows scored as a rectangle and removed. */
static void cut_rows(struct pc_pickerel *g)
{
    if (g->rows == 0)
        return;
    ev(g, PC_PICKEREL_EV_RECTANGLE, g->w * g->rows, g->rows, 0, 0);
    g->stat[PC_PICKEREL_STAT_RECTANGLES]++;
    slide_loom_beads(g, g->rows);
    g->rows = 0;
    g->run = 0;
}

static int32_t waste_fill(struct pc_pickerel *g)
{
    int32_t n = g->fill;
    if (n > 0) {
        ev(g, PC_PICKEREL_EV_WASTE, -n, n, 0, 0);
        g->stat[PC_PICKEREL_STAT_WASTED] += n;
        g->fill = 0;
    }
    return n;
}

static void square(struct pc_pickerel *g)
{
    ev(g, PC_PICKEREL_EV_RECTANGLE, g->w * g->w, g->w, 0, 0);
    ev(g, PC_PICKEREL_EV_SQUARE, g->w * g->w, g->w, 0, 0);
    g->stat[PC_PICKEREL_STAT_SQUARES]++;
    slide_loom_beads(g, g->w);
    g->rows = 0;
    g->run = 0;
}

static void refill(struct pc_pickerel *g, struct pk_sim *sim, int32_t slot)
{
    g->tray[slot].colour = -1;
    g->tray[slot].len = 0;
    if (g->deal_pos >= g->deal_n)
        return;
    if (sim && !g->deal) { /* the advisor does not see what comes next */
        g->deal_pos++;
        sim->hidden++;
        return;
    }
    g->tray[slot] = g->deal[g->deal_pos++];
    ev(g, PC_PICKEREL_EV_REFILL, 0, slot, g->tray[slot].colour, g->tray[slot].len);
}

static int tray_empty(const struct pc_pickerel *g)
{
    for (int32_t i = 0; i < g->tray_n; i++)
        if (g->tray[i].len > 0)
            return 0;
    return 1;
}

static void finish(struct pc_pickerel *g)
{
    cut_rows(g);
    waste_fill(g);
    g->colour = -1;
    g->over = 1;
    ev(g, PC_PICKEREL_EV_GAME_OVER, 0, rating_of(g->level, g->score), 0, 0);
}

/* Weave n inches into the incomplete row, overrunning any loom bead there. */
/* n inches of colour woven into the current row from g->fill: the loom beads
 * they cover cost their penalty. */
static void weave_segment(struct pc_pickerel *g, int32_t colour, int32_t n)
{
    int32_t row = g->rows, start = g->fill;
    ev(g, PC_PICKEREL_EV_WEAVE, 0, row, start, n);
    for (int32_t i = 0; i < n && g->nloom > 0; i++) {
        int32_t col = column_of(g, row, start + i);
        int32_t b = loom_bead_at(g, row, col);
        if (b < 0)
            continue;
        int32_t k = n - i; /* inches of this thread at or past the bead in the row */
        int32_t pen = bead_matches(g->loom[b].type, g->loom[b].colour, colour) ? g->level + k - 1 : g->level * k;
        ev(g, PC_PICKEREL_EV_BEAD_PENALTY, -pen, row, col, k);
        loom_bead_remove(g, b);
    }
    /* the rule (cloth.c) advances g->fill after this step */
}

/* The engine's side of each step of the weave rule (cloth.c): events,
 * statistics, loom beads, bead rewards. */
struct weave_ctx {
    struct pc_pickerel *g;
    const struct pk_sim *sim;
    int32_t colour;
};

static void weave_step(void *p, int step, int32_t a, int32_t b)
{
    struct weave_ctx *x = p;
    struct pc_pickerel *g = x->g;
    switch (step) {
    case PC__PK_STEP_SEGMENT: weave_segment(g, x->colour, a); break;
    case PC__PK_STEP_ROW: g->stat[PC_PICKEREL_STAT_CLOTH] += g->w; break;
    case PC__PK_STEP_PERFECT:
        ev(g, PC_PICKEREL_EV_PERFECT, g->w * a * (g->overlap + 1), a, b, 0);
        g->stat[PC_PICKEREL_STAT_PERFECT]++;
        if (a > g->stat[PC_PICKEREL_STAT_BEST_RUN])
            g->stat[PC_PICKEREL_STAT_BEST_RUN] = a;
        maybe_bead(g, x->sim, a);
        break;
    case PC__PK_STEP_SQUARE: square(g); break;
    case PC__PK_STEP_DISCARD:
        ev(g, PC_PICKEREL_EV_DISCARD, 0, a, 0, 0);
        g->stat[PC_PICKEREL_STAT_DISCARDED] += a;
        break;
    case PC__PK_STEP_WRAP:
        ev(g, PC_PICKEREL_EV_WRAP, 0, a, 0, 0);
        g->stat[PC_PICKEREL_STAT_WRAPS] += a;
        break;
    default: break;
    }
}

static void do_weave(struct pc_pickerel *g, struct pk_sim *sim, int32_t slot)
{
    int32_t c = g->tray[slot].colour, len = g->tray[slot].len, o = g->overlap;
    ev(g, PC_PICKEREL_EV_THREAD, 0, c, len, slot);
    if (g->colour != c && (g->rows > 0 || g->fill > 0)) {
        ev(g, PC_PICKEREL_EV_COLOUR, 0, g->colour, c, 0);
        cut_rows(g);
        int32_t wasted = waste_fill(g);
        maybe_loom_bead(g, sim, wasted);
    }
    g->colour = c;
    refill(g, sim, slot);
    g->stat[PC_PICKEREL_STAT_INCHES_IN] += len;
    g->stat[PC_PICKEREL_STAT_SPOOLS]++;

    int32_t knot = o < len ? o : len;
    if (knot > 0) {
        ev(g, PC_PICKEREL_EV_KNOT, 0, knot, 0, 0);
        g->stat[PC_PICKEREL_STAT_KNOTS] += knot;
    }
    struct weave_ctx x = {g, sim, c};
    int exact;
    pc__pickerel_cloth_steps(g->w, o, &g->rows, &g->fill, &g->run, len - knot, weave_step, &x, &exact);
    /* Kiss: the next inch to weave is a loom bead's cell. */
    if (g->nloom > 0) {
        int32_t col = column_of(g, g->rows, g->fill);
        int32_t b = loom_bead_at(g, g->rows, col);
        if (b >= 0) {
            if (bead_matches(g->loom[b].type, g->loom[b].colour, c))
                ev(g, PC_PICKEREL_EV_BEAD_BONUS, g->loom[b].value, g->rows, col, 0);
            else
                ev(g, PC_PICKEREL_EV_BEAD_PENALTY, -g->level, g->rows, col, 0);
            loom_bead_remove(g, b);
        }
    }
    if (g->rows == 0 && g->fill == 0)
        g->colour = -1;
}

static void remove_bead(struct pc_pickerel *g, int32_t i)
{
    for (int32_t k = i; k + 1 < g->nbeads; k++)
        g->beads[k] = g->beads[k + 1];
    g->nbeads--;
}

int32_t pc__pickerel_check(const struct pc_pickerel *g, const int32_t *m)
{
    if (!g || !m)
        return PC_EINVAL;
    if (g->over)
        return PC_EOVER;
    switch (m[0]) {
    case PC_PICKEREL_MOVE_WEAVE:
        if (m[1] < 0 || m[1] >= g->tray_n || g->tray[m[1]].len == 0)
            return PC_EILLEGAL;
        return PC_OK;
    case PC_PICKEREL_MOVE_SCISSORS:
        return g->rows > 0 ? PC_OK : PC_EILLEGAL;
    case PC_PICKEREL_MOVE_RESIZE:
        if (m[1] < g->base_w || m[1] > g->base_w + 2 || m[1] == g->w)
            return PC_EILLEGAL;
        return PC_OK;
    case PC_PICKEREL_MOVE_SPLICE: {
        int32_t b = m[1], i = m[2], j = m[3];
        if (b < 0 || b >= g->nbeads || i < 0 || i >= g->tray_n || j < 0 || j >= g->tray_n || i == j)
            return PC_EILLEGAL;
        const struct pk_spool *s = &g->tray[i], *t = &g->tray[j];
        if (s->len == 0 || t->len == 0 || s->len + t->len > PC_PICKEREL_MAX_SPOOL)
            return PC_EILLEGAL;
        switch (g->beads[b].type) {
        case PC_PICKEREL_BEAD_ANY: return s->colour == t->colour ? PC_OK : PC_EILLEGAL;
        case PC_PICKEREL_BEAD_SPECIFIC:
            return s->colour == g->beads[b].colour && t->colour == g->beads[b].colour ? PC_OK : PC_EILLEGAL;
        default: return PC_OK; /* Wild */
        }
    }
    case PC_PICKEREL_MOVE_PLACE_BEAD: {
        int32_t b = m[1], row = m[2], col = m[3];
        int32_t first = g->rows + (g->fill > 0);
        if (!(g->options & PC_PICKEREL_OPT_LOOM_BEADS) || b < 0 || b >= g->nbeads)
            return PC_EILLEGAL;
        if (col < 0 || col >= g->w || row < first || row >= first + 2 * g->w)
            return PC_EILLEGAL;
        if (g->nloom >= PC_PICKEREL_MAX_LOOM_BEADS && loom_bead_at(g, row, col) < 0)
            return PC_EILLEGAL;
        return PC_OK;
    }
    case PC_PICKEREL_MOVE_DONE:
        return PC_OK;
    default:
        return PC_EINVAL;
    }
}

/* Resize to width w: everything on the loom is lost (doc/pickerel.md). */
static void do_resize(struct pc_pickerel *g, struct pk_sim *sim, int32_t w)
{
    ev(g, PC_PICKEREL_EV_RESIZE, 0, g->w, w, 0);
    if (g->rows > 0) {
        ev(g, PC_PICKEREL_EV_LOST, 0, g->rows, 0, 0);
        g->stat[PC_PICKEREL_STAT_LOST] += (int64_t)g->rows * g->w;
    }
    int32_t wasted = waste_fill(g);
    while (g->nloom > 0) {
        struct pk_loom_bead *b = &g->loom[g->nloom - 1];
        ev(g, PC_PICKEREL_EV_BEAD_LOST, -(b->row + 1), b->row, b->col, 0);
        g->nloom--;
    }
    g->w = w;
    g->rows = g->fill = g->run = 0;
    g->colour = -1;
    maybe_loom_bead(g, sim, wasted);
}

/* Splice tray slots i and j with bead b: j holds the sum, i is refilled. */
static void do_splice(struct pc_pickerel *g, struct pk_sim *sim, int32_t b, int32_t i, int32_t j)
{
    int32_t sum = g->tray[i].len + g->tray[j].len;
    ev(g, PC_PICKEREL_EV_BEAD_USED, 0, g->beads[b].type, g->beads[b].colour, b);
    remove_bead(g, b);
    g->tray[j].len = (int8_t)sum; /* keeps the second spool's colour */
    ev(g, PC_PICKEREL_EV_SPLICE, 0, i, j, sum);
    refill(g, sim, i);
    g->stat[PC_PICKEREL_STAT_SPLICES]++;
}

/* Bead b to the loom at (row, col), engine rows; a bead there is lost. */
static void do_place_bead(struct pc_pickerel *g, int32_t b, int32_t row, int32_t col)
{
    int32_t first = g->rows + (g->fill > 0);
    int32_t old = loom_bead_at(g, row, col);
    ev(g, PC_PICKEREL_EV_BEAD_USED, 0, g->beads[b].type, g->beads[b].colour, b);
    if (old >= 0) {
        ev(g, PC_PICKEREL_EV_BEAD_LOST, 0, row, col, 0);
        loom_bead_remove(g, old);
    }
    struct pk_loom_bead *lb = &g->loom[g->nloom++];
    lb->type = g->beads[b].type;
    lb->colour = g->beads[b].colour;
    lb->row = (int16_t)row;
    lb->col = (int16_t)col;
    lb->value = g->w * (1 + row - first);
    remove_bead(g, b);
    ev(g, PC_PICKEREL_EV_LOOM_BEAD, 0, row, col, lb->value);
}

static void apply(struct pc_pickerel *g, struct pk_sim *sim, const int32_t *m)
{
    g->nev = 0;
    g->stat[PC_PICKEREL_STAT_MOVES]++;
    switch (m[0]) {
    case PC_PICKEREL_MOVE_WEAVE:
        do_weave(g, sim, m[1]);
        if (tray_empty(g) && g->deal_pos >= g->deal_n && (!sim || sim->hidden == 0))
            finish(g);
        break;
    case PC_PICKEREL_MOVE_SCISSORS:
        ev(g, PC_PICKEREL_EV_SCISSORS, 0, g->rows, 0, 0);
        if ((g->rows & 1) && g->fill > 0)
            turn_loom(g);
        cut_rows(g);
        if (g->fill == 0)
            g->colour = -1;
        break;
    case PC_PICKEREL_MOVE_RESIZE: do_resize(g, sim, m[1]); break;
    case PC_PICKEREL_MOVE_SPLICE: do_splice(g, sim, m[1], m[2], m[3]); break;
    case PC_PICKEREL_MOVE_PLACE_BEAD: do_place_bead(g, m[1], m[2], m[3]); break;
    case PC_PICKEREL_MOVE_DONE: finish(g); break;
    }
    g->stat[PC_PICKEREL_STAT_ON_LOOM] = g->fill;
}

void pc__pickerel_apply(struct pc_pickerel *g, const int32_t *m)
{
    apply(g, NULL, m);
}

void pc__pickerel_simulate(struct pc_pickerel *g, struct pk_sim *sim, const int32_t *m)
{
    apply(g, sim, m);
}

/* ---- rows: the API's (from the top of the frame) and the engine's ------------------ */

int32_t pc__pickerel_flip_row(const struct pc_pickerel *g, int32_t row)
{
    int32_t h = PK_LOOM_HEIGHT(g->base_w);
    return row >= 0 && row < h ? h - 1 - row : -1;
}

/* Does an event of this kind carry a loom row (in its a)? */
static int event_has_row(int32_t kind)
{
    return kind == PC_PICKEREL_EV_WEAVE || kind == PC_PICKEREL_EV_LOOM_BEAD || kind == PC_PICKEREL_EV_BEAD_BONUS ||
           kind == PC_PICKEREL_EV_BEAD_PENALTY || kind == PC_PICKEREL_EV_BEAD_LOST;
}

/* A public move as the engine reads it: a bead's row counted from the
 * bottom (a row off the frame becomes -1, which no rule accepts). */
static const int32_t *engine_move(const struct pc_pickerel *g, const int32_t *move, int32_t *buf)
{
    if (!g || !move || move[0] != PC_PICKEREL_MOVE_PLACE_BEAD)
        return move;
    memcpy(buf, move, 4 * sizeof *buf);
    buf[2] = pc__pickerel_flip_row(g, move[2]);
    return buf;
}

/* ---- public moves -------------------------------------------------------------- */

int32_t pc_pickerel_check(const pc_pickerel *g, const int32_t *move)
{
    int32_t buf[4];
    return pc__pickerel_check(g, engine_move(g, move, buf));
}

int32_t pc_pickerel_play(pc_pickerel *g, const int32_t *move)
{
    int32_t buf[4];
    const int32_t *m = engine_move(g, move, buf);
    int32_t rc = pc__pickerel_check(g, m);
    if (rc)
        return rc;
    pc__pickerel_apply(g, m);
    return PC_OK;
}

static int32_t play4(pc_pickerel *g, int32_t kind, int32_t a, int32_t b, int32_t c)
{
    int32_t m[4] = {kind, a, b, c};
    return pc_pickerel_play(g, m);
}

int32_t pc_pickerel_weave(pc_pickerel *g, int32_t slot)
{
    return play4(g, PC_PICKEREL_MOVE_WEAVE, slot, 0, 0);
}

int32_t pc_pickerel_scissors(pc_pickerel *g)
{
    return play4(g, PC_PICKEREL_MOVE_SCISSORS, 0, 0, 0);
}

int32_t pc_pickerel_resize(pc_pickerel *g, int32_t width)
{
    return play4(g, PC_PICKEREL_MOVE_RESIZE, width, 0, 0);
}

int32_t pc_pickerel_splice(pc_pickerel *g, int32_t bead, int32_t first, int32_t second)
{
    return play4(g, PC_PICKEREL_MOVE_SPLICE, bead, first, second);
}

int32_t pc_pickerel_place_bead(pc_pickerel *g, int32_t bead, int32_t row, int32_t column)
{
    return play4(g, PC_PICKEREL_MOVE_PLACE_BEAD, bead, row, column);
}

int32_t pc_pickerel_done(pc_pickerel *g)
{
    return play4(g, PC_PICKEREL_MOVE_DONE, 0, 0, 0);
}

/* ---- accessors ------------------------------------------------------------------- */

int32_t pc_pickerel_level(const pc_pickerel *g) { return g ? g->level : PC_EINVAL; }
int32_t pc_pickerel_options(const pc_pickerel *g, uint32_t *out)
{
    if (!g || !out)
        return PC_EINVAL;
    *out = g->options;
    return PC_OK;
}
int32_t pc_pickerel_width(const pc_pickerel *g) { return g ? g->w : PC_EINVAL; }
int32_t pc_pickerel_overlap(const pc_pickerel *g) { return g ? g->overlap : PC_EINVAL; }
int32_t pc_pickerel_colours(const pc_pickerel *g) { return g ? g->ncol : PC_EINVAL; }
int32_t pc_pickerel_tray_size(const pc_pickerel *g) { return g ? g->tray_n : PC_EINVAL; }
int32_t pc_pickerel_score(const pc_pickerel *g, int64_t *score)
{
    if (!g || !score)
        return PC_EINVAL;
    *score = g->score;
    return PC_OK;
}
int32_t pc_pickerel_over(const pc_pickerel *g) { return g ? g->over : PC_EINVAL; }
int32_t pc_pickerel_deal_left(const pc_pickerel *g) { return g ? g->deal_n - g->deal_pos : PC_EINVAL; }
int32_t pc_pickerel_loom_colour(const pc_pickerel *g, int32_t *colour)
{
    if (!g || !colour)
        return PC_EINVAL;
    *colour = g->colour;
    return PC_OK;
}
int32_t pc_pickerel_loom_rows(const pc_pickerel *g) { return g ? g->rows : PC_EINVAL; }
int32_t pc_pickerel_loom_height(const pc_pickerel *g) { return g ? PK_LOOM_HEIGHT(g->base_w) : PC_EINVAL; }
int32_t pc_pickerel_loom_fill(const pc_pickerel *g) { return g ? g->fill : PC_EINVAL; }
int32_t pc_pickerel_loom_run(const pc_pickerel *g) { return g ? g->run : PC_EINVAL; }
int32_t pc_pickerel_bead_count(const pc_pickerel *g) { return g ? g->nbeads : PC_EINVAL; }
int32_t pc_pickerel_loom_bead_count(const pc_pickerel *g) { return g ? g->nloom : PC_EINVAL; }
int32_t pc_pickerel_event_count(const pc_pickerel *g) { return g ? g->nev : PC_EINVAL; }
int32_t pc_pickerel_rating(const pc_pickerel *g) { return g ? rating_of(g->level, g->score) : PC_EINVAL; }

int32_t pc_pickerel_seed(const pc_pickerel *g, uint64_t *out)
{
    if (!g || !out)
        return PC_EINVAL;
    *out = g->seed;
    return PC_OK;
}

int32_t pc_pickerel_tray(const pc_pickerel *g, int32_t slot, int32_t *colour, int32_t *length)
{
    if (!g || slot < 0 || slot >= g->tray_n)
        return PC_EINVAL;
    if (colour)
        *colour = g->tray[slot].colour;
    if (length)
        *length = g->tray[slot].len;
    return PC_OK;
}

static int32_t left_of(const pc_pickerel *g, int32_t colour, int inches)
{
    if (!g || colour < 0 || colour >= g->ncol)
        return PC_EINVAL;
    int32_t n = 0;
    for (int32_t i = 0; i < g->tray_n; i++)
        if (g->tray[i].len > 0 && g->tray[i].colour == colour)
            n += inches ? g->tray[i].len : 1;
    for (int32_t i = g->deal_pos; i < g->deal_n; i++)
        if (g->deal[i].colour == colour)
            n += inches ? g->deal[i].len : 1;
    return n;
}

int32_t pc_pickerel_spools_left(const pc_pickerel *g, int32_t colour) { return left_of(g, colour, 0); }
int32_t pc_pickerel_inches_left(const pc_pickerel *g, int32_t colour) { return left_of(g, colour, 1); }

int32_t pc_pickerel_bead(const pc_pickerel *g, int32_t index, int32_t *type, int32_t *colour)
{
    if (!g || index < 0 || index >= g->nbeads)
        return PC_EINVAL;
    if (type)
        *type = g->beads[index].type;
    if (colour)
        *colour = g->beads[index].colour;
    return PC_OK;
}

int32_t pc_pickerel_loom_bead(const pc_pickerel *g, int32_t index, int32_t *type, int32_t *colour, int32_t *row,
                              int32_t *column, int32_t *value)
{
    if (!g || index < 0 || index >= g->nloom)
        return PC_EINVAL;
    const struct pk_loom_bead *b = &g->loom[index];
    if (type)
        *type = b->type;
    if (colour)
        *colour = b->colour;
    if (row)
        *row = pc__pickerel_flip_row(g, b->row);
    if (column)
        *column = b->col;
    if (value)
        *value = b->value;
    return PC_OK;
}

int32_t pc_pickerel_event(const pc_pickerel *g, int32_t index, int32_t *kind, int32_t *points, int32_t *a,
                          int32_t *b, int32_t *c)
{
    if (!g || index < 0 || index >= g->nev)
        return PC_EINVAL;
    const struct pk_event *e = &g->ev[index];
    if (kind)
        *kind = e->kind;
    if (points)
        *points = e->points;
    if (a)
        *a = event_has_row(e->kind) ? pc__pickerel_flip_row(g, e->a) : e->a;
    if (b)
        *b = e->b;
    if (c)
        *c = e->c;
    return PC_OK;
}

int32_t pc_pickerel_stat(const pc_pickerel *g, int32_t field, int64_t *out)
{
    if (!g || !out || field < 0 || field >= PC_PICKEREL_STAT_COUNT)
        return PC_EINVAL;
    *out = g->stat[field];
    return PC_OK;
}

/* ---- names ----------------------------------------------------------------------- */

const char *pc_pickerel_rating_name(int32_t rating)
{
    static const char *const names[] = {"Booched", "Poor", "Fine", "Good", "Excellent", "Incredible"};
    return rating >= 0 && rating <= 5 ? names[rating] : NULL;
}

const char *pc_pickerel_colour_name(int32_t colour)
{
    static const char *const names[] = {"red", "blue", "green", "purple"};
    return colour >= 0 && colour < PC_PICKEREL_MAX_COLOURS ? names[colour] : NULL;
}

const char *pc_pickerel_event_name(int32_t kind)
{
    static const char *const names[] = {
        "thread",  "refill", "knot",       "weave",       "wrap",      "discard",     "perfect", "rectangle",
        "square",  "waste",  "lost",       "colour",      "scissors",  "resize",      "bead-gained",
        "bead-used", "splice", "loom-bead", "bead-bonus", "bead-penalty", "bead-lost", "game-over"};
    return kind >= 0 && kind <= PC_PICKEREL_EV_GAME_OVER ? names[kind] : NULL;
}

int32_t pc_pickerel_run_name(int32_t run, char *buf, size_t cap, size_t *len)
{
    static const char *const names[] = {"Perfect row", "Double", "Triple", "Donkey", "Vegas"};
    if (run < 1)
        return PC_ERANGE;
    if (run <= 5)
        return pc__emit_str(names[run - 1], buf, cap, len);
    pc__sb sb;
    pc__sb_init(&sb);
    pc__sb_printf(&sb, "Vegas^%d", (int)(run - 4));
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_pickerel_render(const pc_pickerel *g, char *buf, size_t cap, size_t *len)
{
    static const char letters[] = "RBGP";
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__sb_printf(&sb, "level %d  width %d  score %lld  %s\n", (int)g->level, (int)g->w, (long long)g->score,
                  g->over ? "game over" : "");
    /* Loom: the frame's rows from the highest that holds anything down to
     * the bottom, each labelled with its API row (0 = the frame's top). */
    int32_t top = g->rows + (g->fill > 0 ? 1 : 0);
    for (int32_t i = 0; i < g->nloom; i++)
        if (g->loom[i].row + 1 > top)
            top = g->loom[i].row + 1;
    char c = g->colour >= 0 ? letters[g->colour] : '.';
    for (int32_t r = top - 1; r >= 0; r--) {
        pc__sb_printf(&sb, "%3d |", (int)pc__pickerel_flip_row(g, r));
        for (int32_t x = 0; x < g->w; x++) {
            char ch = '.';
            if (r < g->rows)
                ch = c;
            else if (r == g->rows) {
                int32_t pos = (r & 1) ? g->w - 1 - x : x;
                if (pos < g->fill)
                    ch = c;
            }
            int32_t b = loom_bead_at(g, r, x);
            if (b >= 0)
                ch = 'o';
            pc__sb_putc(&sb, ch);
        }
        pc__sb_printf(&sb, "|%s\n", r < g->rows && r >= g->rows - g->run ? " *" : "");
    }
    pc__sb_puts(&sb, "    +");
    for (int32_t x = 0; x < g->w; x++)
        pc__sb_putc(&sb, '-');
    pc__sb_puts(&sb, "+\n tray:");
    for (int32_t i = 0; i < g->tray_n; i++) {
        if (g->tray[i].len > 0)
            pc__sb_printf(&sb, " %d:%c%d", (int)i, letters[g->tray[i].colour], (int)g->tray[i].len);
        else
            pc__sb_printf(&sb, " %d:--", (int)i);
    }
    pc__sb_printf(&sb, "\n undealt: %d", (int)(g->deal_n - g->deal_pos));
    if (g->nbeads > 0) {
        pc__sb_puts(&sb, "  beads:");
        for (int32_t i = 0; i < g->nbeads; i++) {
            const struct pk_bead *b = &g->beads[i];
            pc__sb_printf(&sb, " %d:%s", (int)i,
                          b->type == PC_PICKEREL_BEAD_ANY ? "any"
                          : b->type == PC_PICKEREL_BEAD_WILD ? "wild"
                                                              : pc_pickerel_colour_name(b->colour));
        }
    }
    pc__sb_putc(&sb, '\n');
    return pc__sb_emit(&sb, buf, cap, len);
}
