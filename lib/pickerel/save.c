/*
 * Pickerel save format: "puzzlecore-pickerel 1", then one "key values" line
 * each.  Everything that makes up the game is stored (the whole deal, how
 * much of it is dealt, the generator state, the last move's events), so a
 * load gives back exactly the saved game.
 */
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "pickerel/state.h"
#include "common/alloc.h"

int32_t pc_pickerel_save(const pc_pickerel *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__sb_puts(&sb, "puzzlecore-pickerel 1\n");
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

enum { MAX_NUMS = 5 * PC_PICKEREL_MAX_DEAL + 8 };

/* Numbers of a line after its key: groups separated by spaces, members of a
 * group by ':'.  gsize = members per group (1 for plain lists). */
struct nums {
    int64_t v[MAX_NUMS];
    int32_t n;
};

static int parse_u64(const char *s, size_t n, uint64_t *out)
{
    uint64_t v = 0;
    if (n == 0 || n > 20)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        uint64_t d = (uint64_t)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* Parse "a:b:c d:e:f ..." with exactly gsize members per group. */
static int parse_groups(const char *s, size_t n, int32_t gsize, struct nums *out, size_t *badcol)
{
    size_t i = 0;
    out->n = 0;
    while (i < n) {
        while (i < n && s[i] == ' ')
            i++;
        if (i >= n)
            break;
        for (int32_t m = 0; m < gsize; m++) {
            size_t j = i;
            while (j < n && s[j] != ' ' && s[j] != ':')
                j++;
            int64_t v;
            if (out->n >= MAX_NUMS || pc__parse_i64(s + i, j - i, &v) != 0) {
                *badcol = i;
                return -1;
            }
            out->v[out->n++] = v;
            if (m + 1 < gsize) {
                if (j >= n || s[j] != ':') {
                    *badcol = j;
                    return -1;
                }
                j++;
            } else if (j < n && s[j] != ' ') {
                *badcol = j;
                return -1;
            }
            i = j;
        }
    }
    return 0;
}

enum {
    K_LEVEL, K_OPTIONS, K_SEED, K_RNG, K_WIDTH, K_COLOUR, K_LOOM, K_SCORE, K_OVER, K_DEALT, K_DEAL, K_TRAY,
    K_BEADS, K_LOOMBEADS, K_STATS, K_EVENTS, K_COUNT
};
static const char *const keys[K_COUNT] = {"level", "options", "seed",  "rng",  "width", "colour",
                                          "loom",  "score",   "over",  "dealt", "deal", "tray",
                                          "beads", "loombeads", "stats", "events"};

int32_t pc_pickerel_load(const char *text, size_t len, char *err, size_t errcap, pc_pickerel **out)
{
    if (!out || (!text && len > 0))
        return PC_EINVAL;
    struct nums *nm = pc__malloc(sizeof *nm);
    struct pc_pickerel *t = pc__calloc(1, sizeof *t); /* scratch, copied at the end */
    struct pk_spool *deal = NULL;
    int32_t rc = PC_ENOMEM;
    if (!nm || !t)
        goto fail;
    int seen[K_COUNT] = {0};
    int64_t level = 0, options = 0, width = 0, colour = 0, over = 0, dealt = 0;
    int64_t loom[3] = {0, 0, 0};
    int32_t ndeal = 0, ntray = 0;
    struct pk_spool tray[PC_PICKEREL_MAX_TRAY];
    pc__lines it;
    pc__lines_init(&it, text ? text : "", len);
    const char *line;
    size_t n;
#define FAIL(col, ...)                                                                                        \
    do {                                                                                                      \
        rc = pc__parse_error(err, errcap, it.lineno, (int32_t)(col) + 1, __VA_ARGS__);                        \
        goto fail;                                                                                            \
    } while (0)
#define FAILG(...)                                                                                            \
    do {                                                                                                      \
        rc = pc__parse_error(err, errcap, 0, 0, __VA_ARGS__);                                                 \
        goto fail;                                                                                            \
    } while (0)
    if (!pc__lines_next(&it, &line, &n) || n != 21 || memcmp(line, "puzzlecore-pickerel 1", 21) != 0)
        FAIL(0, "not a puzzlecore-pickerel 1 save");
    while (pc__lines_next(&it, &line, &n)) {
        const char *s = line;
        size_t m = n;
        pc__trim(&s, &m);
        if (m == 0 || s[0] == '#')
            continue;
        size_t kl = 0;
        while (kl < m && s[kl] != ' ')
            kl++;
        int k = 0;
        while (k < K_COUNT && !(strlen(keys[k]) == kl && memcmp(keys[k], s, kl) == 0))
            k++;
        if (k == K_COUNT)
            FAIL(0, "unknown key '%.*s'", (int)kl, s);
        if (seen[k])
            FAIL(0, "key '%s' given twice", keys[k]);
        seen[k] = 1;
        const char *v = s + kl;
        size_t vn = m - kl, off = (size_t)(v - line), bad = 0;
        if (k == K_SEED || k == K_RNG) {
            uint64_t w[4];
            int want = k == K_SEED ? 1 : 4, got = 0;
            size_t i = 0;
            while (i < vn) {
                while (i < vn && v[i] == ' ')
                    i++;
                if (i >= vn)
                    break;
                size_t j = i;
                while (j < vn && v[j] != ' ')
                    j++;
                if (got >= want || parse_u64(v + i, j - i, &w[got]) != 0)
                    FAIL(off + i, "bad unsigned number");
                got++;
                i = j;
            }
            if (got != want)
                FAIL(off, "%s needs %d number(s)", keys[k], want);
            if (k == K_SEED)
                t->seed = w[0];
            else {
                if ((w[0] | w[1] | w[2] | w[3]) == 0)
                    FAIL(off, "all-zero generator state");
                memcpy(t->rng.s, w, sizeof w);
            }
            continue;
        }
        int32_t gsize = k == K_DEAL || k == K_TRAY || k == K_BEADS ? 2 : k == K_LOOMBEADS || k == K_EVENTS ? 5 : 1;
        if (parse_groups(v, vn, gsize, nm, &bad) != 0)
            FAIL(off + bad, "bad number list");
        int32_t want = k == K_LOOM ? 3 : k == K_STATS ? PC_PICKEREL_STAT_COUNT : 1;
        int fixed = k != K_DEAL && k != K_TRAY && k != K_BEADS && k != K_LOOMBEADS && k != K_EVENTS;
        if (fixed && nm->n != want)
            FAIL(off, "%s needs %d number(s)", keys[k], (int)want);
        switch (k) {
        case K_LEVEL: level = nm->v[0]; break;
        case K_OPTIONS: options = nm->v[0]; break;
        case K_WIDTH: width = nm->v[0]; break;
        case K_COLOUR: colour = nm->v[0]; break;
        case K_LOOM: memcpy(loom, nm->v, sizeof loom); break;
        case K_SCORE: t->score = nm->v[0]; break;
        case K_OVER: over = nm->v[0]; break;
        case K_DEALT: dealt = nm->v[0]; break;
        case K_STATS: memcpy(t->stat, nm->v, sizeof t->stat); break;
        case K_DEAL:
            ndeal = nm->n / 2;
            if (ndeal > PC_PICKEREL_MAX_DEAL)
                FAIL(off, "deal too long");
            deal = pc__calloc((size_t)(ndeal > 0 ? ndeal : 1), sizeof *deal);
            if (!deal) {
                rc = PC_ENOMEM;
                goto fail;
            }
            for (int32_t i = 0; i < ndeal; i++) {
                if (nm->v[2 * i] < 0 || nm->v[2 * i] >= PC_PICKEREL_MAX_COLOURS ||
                    nm->v[2 * i + 1] < PC_PICKEREL_MIN_SPOOL || nm->v[2 * i + 1] > PC_PICKEREL_MAX_SPOOL)
                    FAIL(off, "bad spool %d in the deal", (int)i);
                deal[i].colour = (int8_t)nm->v[2 * i];
                deal[i].len = (int8_t)nm->v[2 * i + 1];
            }
            break;
        case K_TRAY:
            ntray = nm->n / 2;
            if (ntray > PC_PICKEREL_MAX_TRAY)
                FAIL(off, "tray too long");
            for (int32_t i = 0; i < ntray; i++) {
                int64_t c = nm->v[2 * i], l = nm->v[2 * i + 1];
                int empty = c == -1 && l == 0;
                if (!empty && (c < 0 || c >= PC_PICKEREL_MAX_COLOURS || l < PC_PICKEREL_MIN_SPOOL ||
                               l > PC_PICKEREL_MAX_SPOOL))
                    FAIL(off, "bad tray slot %d", (int)i);
                tray[i].colour = (int8_t)c;
                tray[i].len = (int8_t)l;
            }
            break;
        case K_BEADS:
            if (nm->n / 2 > PC_PICKEREL_MAX_BEADS)
                FAIL(off, "too many beads");
            t->nbeads = nm->n / 2;
            for (int32_t i = 0; i < t->nbeads; i++) {
                int64_t ty = nm->v[2 * i], c = nm->v[2 * i + 1];
                if (ty < 0 || ty > 2 || c < -1 || c >= PC_PICKEREL_MAX_COLOURS ||
                    (ty == PC_PICKEREL_BEAD_SPECIFIC) != (c >= 0))
                    FAIL(off, "bad bead %d", (int)i);
                t->beads[i].type = (int8_t)ty;
                t->beads[i].colour = (int8_t)c;
            }
            break;
        case K_LOOMBEADS:
            if (nm->n / 5 > PC_PICKEREL_MAX_LOOM_BEADS)
                FAIL(off, "too many loom beads");
            t->nloom = nm->n / 5;
            for (int32_t i = 0; i < t->nloom; i++) {
                const int64_t *q = &nm->v[5 * i];
                if (q[0] < 0 || q[0] > 2 || q[1] < -1 || q[1] >= PC_PICKEREL_MAX_COLOURS || q[2] < 0 ||
                    q[2] > 64 || q[3] < 0 || q[3] >= PC_PICKEREL_MAX_WIDTH || q[4] < 0 || q[4] > 100000)
                    FAIL(off, "bad loom bead %d", (int)i);
                t->loom[i].type = (int8_t)q[0];
                t->loom[i].colour = (int8_t)q[1];
                t->loom[i].row = (int16_t)q[2];
                t->loom[i].col = (int16_t)q[3];
                t->loom[i].value = (int32_t)q[4];
            }
            break;
        case K_EVENTS:
            if (nm->n / 5 > PK_MAX_EVENTS)
                FAIL(off, "too many events");
            t->nev = nm->n / 5;
            for (int32_t i = 0; i < t->nev; i++) {
                const int64_t *q = &nm->v[5 * i];
                for (int j = 0; j < 5; j++)
                    if (q[j] < INT32_MIN || q[j] > INT32_MAX || (j == 0 && (q[0] < 0 || q[0] > PC_PICKEREL_EV_GAME_OVER)))
                        FAIL(off, "bad event %d", (int)i);
                t->ev[i].kind = (int32_t)q[0];
                t->ev[i].points = (int32_t)q[1];
                t->ev[i].a = (int32_t)q[2];
                t->ev[i].b = (int32_t)q[3];
                t->ev[i].c = (int32_t)q[4];
            }
            break;
        default: break;
        }
    }
    for (int k = 0; k < K_COUNT; k++)
        if (!seen[k])
            FAILG("missing key '%s'", keys[k]);
    /* Whole-state checks. */
    const struct pk_level *L = pc__pickerel_level((int32_t)(level >= 1 && level <= 12 ? level : 0));
    if (!L)
        FAILG("level must be 1..12");
    if (options & ~(int64_t)PC_PICKEREL_OPT_LOOM_BEADS)
        FAILG("unknown options");
    if (width < L->width || width > L->width + 2)
        FAILG("width out of range for the level");
    if (loom[0] < 0 || loom[0] >= width || loom[1] < 0 || loom[1] >= width || loom[2] < 0 || loom[2] > loom[0])
        FAILG("bad loom rows/fill/run");
    if (colour < -1 || colour >= L->colours || ((colour == -1) != (loom[0] == 0 && loom[1] == 0)))
        FAILG("bad loom colour");
    if (over != 0 && over != 1)
        FAILG("over must be 0 or 1");
    if (dealt < 0 || dealt > ndeal)
        FAILG("dealt out of range");
    if (ntray != L->width + 4)
        FAILG("tray must have %d slots", (int)(L->width + 4));
    for (int32_t i = 0; i < ndeal; i++)
        if (deal[i].colour >= L->colours)
            FAILG("deal colour out of range");
    for (int32_t i = 0; i < ntray; i++)
        if (tray[i].colour >= L->colours)
            FAILG("tray colour out of range");
    for (int32_t i = 0; i < t->nbeads; i++)
        if (t->beads[i].colour >= L->colours)
            FAILG("bead colour out of range");
    for (int32_t i = 0; i < t->nloom; i++)
        if (t->loom[i].colour >= L->colours || t->loom[i].col >= width)
            FAILG("loom bead out of range");

    struct pc_pickerel *g;
    rc = pc__pickerel_alloc((int32_t)level, t->seed, (uint32_t)options, ndeal, &g);
    if (rc)
        goto fail;
    memcpy(g->deal, deal, sizeof *deal * (size_t)ndeal);
    g->deal_pos = (int32_t)dealt;
    g->rng = t->rng;
    g->w = (int32_t)width;
    g->colour = (int32_t)colour;
    g->rows = (int32_t)loom[0];
    g->fill = (int32_t)loom[1];
    g->run = (int32_t)loom[2];
    g->score = t->score;
    g->over = (int32_t)over;
    memcpy(g->tray, tray, sizeof tray[0] * (size_t)ntray);
    g->nbeads = t->nbeads;
    memcpy(g->beads, t->beads, sizeof t->beads);
    g->nloom = t->nloom;
    memcpy(g->loom, t->loom, sizeof t->loom);
    memcpy(g->stat, t->stat, sizeof t->stat);
    g->nev = t->nev;
    memcpy(g->ev, t->ev, sizeof t->ev);
    *out = g;
    rc = PC_OK;
fail:
#undef FAIL
#undef FAILG
    pc__free(deal);
    pc__free(t);
    pc__free(nm);
    return rc;
}
