/*
 * pc_game kind "pickerel": moves are the CLI's words — "weave S",
 * "scissors", "resize W", "splice B F S", "place B R C" (loom beads; row 0
 * at the top of the loom's frame, doc/pickerel.md), "done".  The score is the
 * game's score; the suggestion is the advisor's move.
 * Params: level=1..12 (default 1), loom_beads=0|1 (default 0).
 */

#include <stdlib.h>
#include <string.h>

#include "common/budget.h"
#include "game/kind.h"
#include "puzzlecore/pickerel.h"

static int32_t pk_create(const pc__param *p, int32_t np, uint64_t seed, char *err, size_t errcap, void **out)
{
    int64_t level = 1, beads = 0;
    for (int32_t i = 0; i < np; i++) {
        int32_t rc;
        if (pc__param_is(&p[i], "level"))
            rc = pc__param_int(&p[i], 1, 12, &level, err, errcap);
        else if (pc__param_is(&p[i], "loom_beads"))
            rc = pc__param_int(&p[i], 0, 1, &beads, err, errcap);
        else
            rc = pc__param_unknown(&p[i], "level, loom_beads", err, errcap);
        if (rc != PC_OK)
            return rc;
    }
    pc_pickerel *g = NULL;
    int32_t rc = pc_pickerel_new((int32_t)level, seed, beads ? PC_PICKEREL_OPT_LOOM_BEADS : 0, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t pk_load(const char *text, size_t len, char *err, size_t errcap, void **out)
{
    pc_pickerel *g = NULL;
    int32_t rc = pc_pickerel_load(text, len, err, errcap, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t pk_save(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_pickerel_save(s, buf, cap, len);
}

static int32_t pk_clone(const void *s, void **out)
{
    pc_pickerel *c = NULL;
    int32_t rc = pc_pickerel_clone(s, &c);
    if (rc == PC_OK)
        *out = c;
    return rc;
}

static void pk_release(void *s)
{
    pc_pickerel_free(s);
}

/* The move's text: the same words the parser below takes. */
static void pk_put_move(pc__sb *out, const int32_t *m)
{
    switch (m[0]) {
    case PC_PICKEREL_MOVE_WEAVE: pc__sb_printf(out, "weave %d", (int)m[1]); break;
    case PC_PICKEREL_MOVE_SCISSORS: pc__sb_puts(out, "scissors"); break;
    case PC_PICKEREL_MOVE_RESIZE: pc__sb_printf(out, "resize %d", (int)m[1]); break;
    case PC_PICKEREL_MOVE_SPLICE: pc__sb_printf(out, "splice %d %d %d", (int)m[1], (int)m[2], (int)m[3]); break;
    case PC_PICKEREL_MOVE_PLACE_BEAD: pc__sb_printf(out, "place %d %d %d", (int)m[1], (int)m[2], (int)m[3]); break;
    default: pc__sb_puts(out, "done"); break;
    }
}

static void pk_try_move(const pc_pickerel *g, pc__sb *out, int32_t kind, int32_t a, int32_t b, int32_t c)
{
    int32_t m[4] = {kind, a, b, c};
    if (pc_pickerel_check(g, m) == PC_OK) {
        pk_put_move(out, m);
        pc__sb_putc(out, '\n');
    }
}

static int32_t pk_moves(const void *s, pc__sb *out)
{
    const pc_pickerel *g = s;
    int32_t tray = pc_pickerel_tray_size(g), w = pc_pickerel_width(g), beads = pc_pickerel_bead_count(g);
    int32_t height = pc_pickerel_loom_height(g), base = 0;
    pc_pickerel_level_info(pc_pickerel_level(g), PC_PICKEREL_LEVEL_WIDTH, &base);
    for (int32_t i = 0; i < tray; i++)
        pk_try_move(g, out, PC_PICKEREL_MOVE_WEAVE, i, 0, 0);
    pk_try_move(g, out, PC_PICKEREL_MOVE_SCISSORS, 0, 0, 0);
    for (int32_t wd = base; wd <= base + 2; wd++)
        pk_try_move(g, out, PC_PICKEREL_MOVE_RESIZE, wd, 0, 0);
    for (int32_t b = 0; b < beads; b++)
        for (int32_t i = 0; i < tray; i++)
            for (int32_t j = 0; j < tray; j++)
                pk_try_move(g, out, PC_PICKEREL_MOVE_SPLICE, b, i, j);
    uint32_t options = 0;
    pc_pickerel_options(g, &options);
    if (options & PC_PICKEREL_OPT_LOOM_BEADS)
        for (int32_t b = 0; b < beads; b++)
            for (int32_t r = 0; r < height; r++)
                for (int32_t c = 0; c < w; c++)
                    pk_try_move(g, out, PC_PICKEREL_MOVE_PLACE_BEAD, b, r, c);
    pk_try_move(g, out, PC_PICKEREL_MOVE_DONE, 0, 0, 0);
    return out->failed ? PC_ENOMEM : PC_OK;
}

static int32_t pk_parse(const char *m, size_t n, int32_t *mv)
{
    const char *w[5];
    size_t wn[5];
    int32_t k = pc__words(m, n, w, wn, 5);
    static const struct {
        const char *word;
        int32_t kind, args;
    } forms[] = {{"weave", PC_PICKEREL_MOVE_WEAVE, 1},         {"scissors", PC_PICKEREL_MOVE_SCISSORS, 0},
                 {"resize", PC_PICKEREL_MOVE_RESIZE, 1},       {"splice", PC_PICKEREL_MOVE_SPLICE, 3},
                 {"place", PC_PICKEREL_MOVE_PLACE_BEAD, 3},    {"done", PC_PICKEREL_MOVE_DONE, 0}};
    if (k < 1)
        return PC_EPARSE;
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        if (!pc__word_is(w[0], wn[0], forms[f].word))
            continue;
        if (k != forms[f].args + 1)
            return PC_EPARSE;
        mv[0] = forms[f].kind;
        mv[1] = mv[2] = mv[3] = 0;
        for (int32_t a = 1; a < k; a++)
            if (!pc__word_int(w[a], wn[a], -1000, 1000, &mv[a]))
                return PC_EPARSE;
        return PC_OK;
    }
    return PC_EPARSE;
}

static int32_t pk_play(void *s, const char *m, size_t n)
{
    int32_t mv[4];
    int32_t rc = pk_parse(m, n, mv);
    return rc == PC_OK ? pc_pickerel_play(s, mv) : rc;
}

static int32_t pk_over(const void *s)
{
    return pc_pickerel_over(s) == 1;
}

static int32_t pk_to_move(const void *s)
{
    (void)s;
    return 0;
}

static int32_t pk_score(const void *s, int32_t player, double *out)
{
    (void)player;
    int64_t v = 0;
    int32_t rc = pc_pickerel_score(s, &v);
    if (rc != PC_OK)
        return rc;
    *out = (double)v;
    return PC_OK;
}

static int32_t pk_render_text(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_pickerel_render(s, buf, cap, len);
}

static int32_t pk_render(const void *s, pc__sb *out)
{
    return pc__sb_put_text(out, pk_render_text, s);
}

static int32_t pk_suggest(const void *s, const pc_budget *b, pc__sb *out)
{
    int32_t mv[4];
    int32_t rc = pc_pickerel_suggest(s, b, mv);
    if (rc != PC_OK)
        return rc;
    pk_put_move(out, mv);
    return out->failed ? PC_ENOMEM : PC_OK;
}

static const pc__kind pk_kind = {
    "pickerel", 1,
    pk_create, pk_load, pk_save, pk_clone, pk_release,
    pk_moves, pk_play, pk_over, pk_to_move, pk_score, pk_render, pk_suggest,
    NULL, /* check: creating is cheap */
};

const pc__kind *pc__kind_pickerel(void)
{
    return &pk_kind;
}
