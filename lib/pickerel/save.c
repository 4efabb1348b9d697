/*
 * Pickerel save format: "puzzlecore-pickerel 1", then one "key values" line
 * each.  Everything that makes up the game is stored (the whole deal, how
 * much of it is dealt, the generator state, the last move's events), so a
 * load gives back exactly the saved game.  Rows (the loom beads' and the
 * events') are the engine's, counted up from the first woven row of the
 * cloth, as the format always wrote them; the API counts them from the top
 * of the loom's frame (state.h, pc__pickerel_flip_row).  Loading reads
 * through the one save reader, common/save.h.
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/save.h"
#include "common/text.h"
#include "pickerel/state.h"

int32_t pc_pickerel_save(const pc_pickerel *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__save_header(&sb, "pickerel");
    pc__sb_printf(&sb, "level %d\noptions %u\nseed ", (int)g->level, (unsigned)g->options);
    pc__sb_u64(&sb, g->seed);
    pc__sb_puts(&sb, "\nrng");
    for (int i = 0; i < 4; i++) {
        pc__sb_putc(&sb, ' ');
        pc__sb_u64(&sb, g->rng.s[i]);
    }
    pc__sb_printf(&sb, "\nwidth %d\ncolour %d\nloom %d %d %d\nscore ", (int)g->w, (int)g->colour, (int)g->rows,
                  (int)g->fill, (int)g->run);
    pc__sb_i64(&sb, g->score);
    pc__sb_printf(&sb, "\nover %d\ndealt %d\ndeal", (int)g->over, (int)g->deal_pos);
    for (int32_t i = 0; i < g->deal_n; i++)
        pc__sb_printf(&sb, " %d:%d", (int)g->deal[i].colour, (int)g->deal[i].len);
    pc__sb_puts(&sb, "\ntray");
    for (int32_t i = 0; i < g->tray_n; i++)
        pc__sb_printf(&sb, " %d:%d", (int)g->tray[i].colour, (int)g->tray[i].len);
    pc__sb_puts(&sb, "\nbeads");
    for (int32_t i = 0; i < g->nbeads; i++)
        pc__sb_printf(&sb, " %d:%d", (int)g->beads[i].type, (int)g->beads[i].colour);
    pc__sb_puts(&sb, "\nloombeads");
    for (int32_t i = 0; i < g->nloom; i++) {
        const struct pk_loom_bead *b = &g->loom[i];
        pc__sb_printf(&sb, " %d:%d:%d:%d:%d", (int)b->type, (int)b->colour, (int)b->row, (int)b->col, (int)b->value);
    }
    pc__sb_puts(&sb, "\nstats");
    for (int32_t i = 0; i < PC_PICKEREL_STAT_COUNT; i++) {
        pc__sb_putc(&sb, ' ');
        pc__sb_i64(&sb, g->stat[i]);
    }
    pc__sb_puts(&sb, "\nevents");
    for (int32_t i = 0; i < g->nev; i++) {
        const struct pk_event *e = &g->ev[i];
        pc__sb_printf(&sb, " %d:%d:%d:%d:%d", (int)e->kind, (int)e->points, (int)e->a, (int)e->b, (int)e->c);
    }
    pc__sb_putc(&sb, '\n');
    return pc__sb_emit(&sb, buf, cap, len);
}

/* ---- loading -------------------------------------------------------------------- */

enum {
    K_LEVEL, K_OPTIONS, K_SEED, K_RNG, K_WIDTH, K_COLOUR, K_LOOM, K_SCORE, K_OVER, K_DEALT, K_DEAL, K_TRAY,
    K_BEADS, K_LOOMBEADS, K_STATS, K_EVENTS, K_COUNT
};
#define REQ PC__SAVE_REQUIRED
static const pc__save_key keys[K_COUNT] = {
    {"level", REQ}, {"options", REQ}, {"seed", REQ},  {"rng", REQ},   {"width", REQ},     {"colour", REQ},
    {"loom", REQ},  {"score", REQ},   {"over", REQ},  {"dealt", REQ}, {"deal", REQ},      {"tray", REQ},
    {"beads", REQ}, {"loombeads", REQ}, {"stats", REQ}, {"events", REQ}};
#undef REQ

/* What the key lines say, before the whole game is checked and built; where
 * each key's values start (line, column), for the whole-game errors. */
struct loaded {
    struct pc_pickerel t; /* seed, rng, score, beads, loom beads, stats, events */
    int64_t level, options, width, colour, over, dealt, loom[3];
    struct pk_spool deal[PC_PICKEREL_MAX_DEAL], tray[PC_PICKEREL_MAX_TRAY];
    int32_t ndeal, ntray;
    int32_t line[K_COUNT], col[K_COUNT];
};

/* "colour:length" spools up to the end of the line, at most cap; with
 * `empty`, "-1:0" is an empty slot. */
static int32_t read_spools(pc__save_in *in, struct pk_spool *out, int32_t cap, int empty, int32_t *n)
{
    static const int64_t lo[2] = {-1, 0}, hi[2] = {PC_PICKEREL_MAX_COLOURS - 1, PC_PICKEREL_MAX_SPOOL};
    int64_t v[2];
    for (*n = 0; pc__save_more(in); (*n)++) {
        int32_t rc = pc__save_group(in, 2, lo, hi, v);
        if (rc != PC_OK)
            return rc;
        if (*n >= cap)
            return pc__save_fail(in, "more than %d spools", (int)cap);
        int is_empty = v[0] == -1 && v[1] == 0;
        if (!(empty && is_empty) && (v[0] < 0 || v[1] < PC_PICKEREL_MIN_SPOOL))
            return pc__save_fail(in, "a spool is colour:length, length %d to %d%s", PC_PICKEREL_MIN_SPOOL,
                                 PC_PICKEREL_MAX_SPOOL, empty ? " (-1:0 an empty slot)" : "");
        out[*n].colour = (int8_t)v[0];
        out[*n].len = (int8_t)v[1];
    }
    return PC_OK;
}

/* "type:colour" beads of the bead tray (colour -1 unless Specific). */
static int32_t read_beads(pc__save_in *in, struct pc_pickerel *t)
{
    static const int64_t lo[2] = {0, -1}, hi[2] = {PC_PICKEREL_BEAD_WILD, PC_PICKEREL_MAX_COLOURS - 1};
    int64_t v[2];
    for (t->nbeads = 0; pc__save_more(in); t->nbeads++) {
        int32_t rc = pc__save_group(in, 2, lo, hi, v);
        if (rc != PC_OK)
            return rc;
        if (t->nbeads >= PC_PICKEREL_MAX_BEADS)
            return pc__save_fail(in, "more than %d beads", PC_PICKEREL_MAX_BEADS);
        if ((v[0] == PC_PICKEREL_BEAD_SPECIFIC) != (v[1] >= 0))
            return pc__save_fail(in, "a Specific bead has a colour, the others -1");
        t->beads[t->nbeads].type = (int8_t)v[0];
        t->beads[t->nbeads].colour = (int8_t)v[1];
    }
    return PC_OK;
}

/* "type:colour:row:column:value" loom beads, rows from the cloth's first
 * row (the whole-game check bounds them by the loom's height). */
static int32_t read_loom_beads(pc__save_in *in, struct pc_pickerel *t)
{
    static const int64_t lo[5] = {0, -1, 0, 0, 0};
    static const int64_t hi[5] = {PC_PICKEREL_BEAD_WILD, PC_PICKEREL_MAX_COLOURS - 1, 64, PC_PICKEREL_MAX_WIDTH - 1,
                                  100000};
    int64_t v[5];
    for (t->nloom = 0; pc__save_more(in); t->nloom++) {
        int32_t rc = pc__save_group(in, 5, lo, hi, v);
        if (rc != PC_OK)
            return rc;
        if (t->nloom >= PC_PICKEREL_MAX_LOOM_BEADS)
            return pc__save_fail(in, "more than %d loom beads", PC_PICKEREL_MAX_LOOM_BEADS);
        struct pk_loom_bead *b = &t->loom[t->nloom];
        b->type = (int8_t)v[0];
        b->colour = (int8_t)v[1];
        b->row = (int16_t)v[2];
        b->col = (int16_t)v[3];
        b->value = (int32_t)v[4];
    }
    return PC_OK;
}

/* "kind:points:a:b:c" events of the last move. */
static int32_t read_events(pc__save_in *in, struct pc_pickerel *t)
{
    static const int64_t lo[5] = {0, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN};
    static const int64_t hi[5] = {PC_PICKEREL_EV_GAME_OVER, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    int64_t v[5];
    for (t->nev = 0; pc__save_more(in); t->nev++) {
        int32_t rc = pc__save_group(in, 5, lo, hi, v);
        if (rc != PC_OK)
            return rc;
        if (t->nev >= PK_MAX_EVENTS)
            return pc__save_fail(in, "more than %d events", PK_MAX_EVENTS);
        struct pk_event *e = &t->ev[t->nev];
        e->kind = (int32_t)v[0];
        e->points = (int32_t)v[1];
        e->a = (int32_t)v[2];
        e->b = (int32_t)v[3];
        e->c = (int32_t)v[4];
    }
    return PC_OK;
}

/* n whole numbers within [lo, hi] into v. */
static int32_t read_ints(pc__save_in *in, int32_t n, int64_t lo, int64_t hi, int64_t *v)
{
    int32_t rc = PC_OK;
    for (int32_t i = 0; i < n && rc == PC_OK; i++)
        rc = pc__save_int(in, lo, hi, &v[i]);
    return rc;
}

/* One key line's values into ld; the level-dependent checks come later. */
static int32_t read_key(pc__save_in *in, struct loaded *ld)
{
    struct pc_pickerel *t = &ld->t;
    int32_t rc = PC_OK;
    ld->line[in->key] = in->line;
    ld->col[in->key] = in->col;
    switch (in->key) {
    case K_LEVEL: rc = read_ints(in, 1, PC_PICKEREL_MIN_LEVEL, PC_PICKEREL_MAX_LEVEL, &ld->level); break;
    case K_OPTIONS: rc = read_ints(in, 1, 0, PC_PICKEREL_OPT_LOOM_BEADS, &ld->options); break;
    case K_SEED: rc = pc__save_u64(in, &t->seed); break;
    case K_RNG:
        for (int i = 0; i < 4 && rc == PC_OK; i++)
            rc = pc__save_u64(in, &t->rng.s[i]);
        if (rc == PC_OK && !(t->rng.s[0] | t->rng.s[1] | t->rng.s[2] | t->rng.s[3]))
            rc = pc__save_fail(in, "all-zero generator state");
        break;
    case K_WIDTH: rc = read_ints(in, 1, 1, PC_PICKEREL_MAX_WIDTH, &ld->width); break;
    case K_COLOUR: rc = read_ints(in, 1, -1, PC_PICKEREL_MAX_COLOURS - 1, &ld->colour); break;
    case K_LOOM: rc = read_ints(in, 3, 0, PC_PICKEREL_MAX_WIDTH - 1, ld->loom); break;
    case K_SCORE: rc = read_ints(in, 1, INT64_MIN / 2, INT64_MAX / 2, &t->score); break;
    case K_OVER: rc = read_ints(in, 1, 0, 1, &ld->over); break;
    case K_DEALT: rc = read_ints(in, 1, 0, PC_PICKEREL_MAX_DEAL, &ld->dealt); break;
    case K_DEAL: rc = read_spools(in, ld->deal, PC_PICKEREL_MAX_DEAL, 0, &ld->ndeal); break;
    case K_TRAY: rc = read_spools(in, ld->tray, PC_PICKEREL_MAX_TRAY, 1, &ld->ntray); break;
    case K_BEADS: rc = read_beads(in, t); break;
    case K_LOOMBEADS: rc = read_loom_beads(in, t); break;
    case K_STATS: rc = read_ints(in, PC_PICKEREL_STAT_COUNT, INT64_MIN / 2, INT64_MAX / 2, t->stat); break;
    case K_EVENTS: rc = read_events(in, t); break;
    default: break;
    }
    return rc == PC_OK ? pc__save_end(in) : rc;
}

/* Does event e carry a loom row (in its a), and is it on the loom? */
static int event_row_ok(const struct pk_event *e, int32_t height)
{
    switch (e->kind) {
    case PC_PICKEREL_EV_WEAVE:
    case PC_PICKEREL_EV_LOOM_BEAD:
    case PC_PICKEREL_EV_BEAD_BONUS:
    case PC_PICKEREL_EV_BEAD_PENALTY:
    case PC_PICKEREL_EV_BEAD_LOST: return e->a >= 0 && e->a < height;
    default: return 1;
    }
}

#define AT(k, ...) pc__parse_error(in->err, in->errcap, ld->line[k], ld->col[k], __VA_ARGS__)

/* The checks that need the level or several keys, each reported at the
 * line of the key at fault. */
static int32_t check_whole(pc__save_in *in, const struct loaded *ld)
{
    const struct pk_level *L = pc__pickerel_level((int32_t)ld->level);
    const struct pc_pickerel *t = &ld->t;
    int32_t height = PK_LOOM_HEIGHT(L->width);
    if (ld->width < L->width || ld->width > L->width + 2)
        return AT(K_WIDTH, "width out of range for the level");
    if (ld->loom[0] >= ld->width || ld->loom[1] >= ld->width || ld->loom[2] > ld->loom[0])
        return AT(K_LOOM, "bad loom rows/fill/run");
    if (ld->colour >= L->colours || ((ld->colour == -1) != (ld->loom[0] == 0 && ld->loom[1] == 0)))
        return AT(K_COLOUR, "bad loom colour");
    if (ld->dealt > ld->ndeal)
        return AT(K_DEALT, "dealt out of range");
    if (ld->ntray != L->width + 4)
        return AT(K_TRAY, "tray must have %d slots", (int)(L->width + 4));
    for (int32_t i = 0; i < ld->ndeal; i++)
        if (ld->deal[i].colour >= L->colours)
            return AT(K_DEAL, "deal colour out of range");
    for (int32_t i = 0; i < ld->ntray; i++)
        if (ld->tray[i].colour >= L->colours)
            return AT(K_TRAY, "tray colour out of range");
    for (int32_t i = 0; i < t->nbeads; i++)
        if (t->beads[i].colour >= L->colours)
            return AT(K_BEADS, "bead colour out of range");
    for (int32_t i = 0; i < t->nloom; i++)
        if (t->loom[i].colour >= L->colours || t->loom[i].col >= ld->width || t->loom[i].row >= height)
            return AT(K_LOOMBEADS, "loom bead out of range");
    for (int32_t i = 0; i < t->nev; i++)
        if (!event_row_ok(&t->ev[i], height))
            return AT(K_EVENTS, "event %d: row off the loom", (int)i);
    return PC_OK;
}

#undef AT

/* The game the checked lines describe. */
static int32_t build(const struct loaded *ld, struct pc_pickerel **out)
{
    const struct pc_pickerel *t = &ld->t;
    struct pc_pickerel *g;
    int32_t rc = pc__pickerel_alloc((int32_t)ld->level, t->seed, (uint32_t)ld->options, ld->ndeal, &g);
    if (rc)
        return rc;
    memcpy(g->deal, ld->deal, sizeof ld->deal[0] * (size_t)ld->ndeal);
    g->deal_pos = (int32_t)ld->dealt;
    g->rng = t->rng;
    g->w = (int32_t)ld->width;
    g->colour = (int32_t)ld->colour;
    g->rows = (int32_t)ld->loom[0];
    g->fill = (int32_t)ld->loom[1];
    g->run = (int32_t)ld->loom[2];
    g->score = t->score;
    g->over = (int32_t)ld->over;
    memcpy(g->tray, ld->tray, sizeof ld->tray[0] * (size_t)ld->ntray);
    g->nbeads = t->nbeads;
    memcpy(g->beads, t->beads, sizeof t->beads);
    g->nloom = t->nloom;
    memcpy(g->loom, t->loom, sizeof t->loom);
    memcpy(g->stat, t->stat, sizeof t->stat);
    g->nev = t->nev;
    memcpy(g->ev, t->ev, sizeof t->ev);
    *out = g;
    return PC_OK;
}

int32_t pc_pickerel_load(const char *text, size_t len, char *err, size_t errcap, pc_pickerel **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!text && len > 0))
        return PC_EINVAL;
    pc__save_in in;
    int32_t rc = pc__save_open(&in, text, len, "pickerel", keys, K_COUNT, err, errcap);
    if (rc != PC_OK)
        return rc;
    struct loaded *ld = pc__calloc(1, sizeof *ld);
    if (!ld)
        return PC_ENOMEM;
    while ((rc = pc__save_next(&in)) == 1)
        if ((rc = read_key(&in, ld)) != PC_OK)
            break;
    if (rc == PC_OK)
        rc = pc__save_done(&in);
    if (rc == PC_OK)
        rc = check_whole(&in, ld);
    if (rc == PC_OK)
        rc = build(ld, out);
    pc__free(ld);
    return rc;
}
