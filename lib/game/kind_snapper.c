/*
 * pc_game kind "snapper": moves are "C:T" (turn the piece T quarter turns
 * clockwise, 0..3, then drop it in column C, 0..4, as pc_snapper_play) and
 * "drain"; the score is the game's score; the suggestion is the advisor's.
 * Params: preset=0..2 (the piece mix, default 0: the standard deal).
 */

#include <string.h>

#include "game/kind.h"
#include "puzzlecore/snapper.h"

enum { SNK_COLUMNS = 5, SNK_TURNS = 4 };

static int32_t sn_create(const pc__param *p, int32_t np, uint64_t seed, char *err, size_t errcap, void **out)
{
    int64_t preset = 0;
    for (int32_t i = 0; i < np; i++) {
        int32_t rc = pc__param_is(&p[i], "preset") ? pc__param_int(&p[i], 0, PC_SNAPPER_PRESETS - 1, &preset, err, errcap)
                                                    : pc__param_unknown(&p[i], "preset", err, errcap);
        if (rc != PC_OK)
            return rc;
    }
    pc_snapper *g = NULL;
    int32_t rc = pc_snapper_new((int32_t)preset, seed, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t sn_load(const char *text, size_t len, char *err, size_t errcap, void **out)
{
    pc_snapper *g = NULL;
    int32_t rc = pc_snapper_load(text, len, err, errcap, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t sn_save(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_snapper_save(s, buf, cap, len);
}

static int32_t sn_clone(const void *s, void **out)
{
    pc_snapper *c = NULL;
    int32_t rc = pc_snapper_clone(s, &c);
    if (rc == PC_OK)
        *out = c;
    return rc;
}

static void sn_release(void *s)
{
    pc_snapper_free(s);
}

static int32_t sn_moves(const void *s, pc__sb *out)
{
    for (int32_t c = 0; c < SNK_COLUMNS; c++)
        for (int32_t t = 0; t < SNK_TURNS; t++)
            if (pc_snapper_check(s, c, t) == PC_OK)
                pc__sb_printf(out, "%d:%d\n", (int)c, (int)t);
    if (pc_snapper_check_drain(s) == PC_OK)
        pc__sb_puts(out, "drain\n");
    return out->failed ? PC_ENOMEM : PC_OK;
}

static int32_t sn_play(void *s, const char *m, size_t n)
{
    if (pc__word_is(m, n, "drain"))
        return pc_snapper_drain(s);
    const char *colon = memchr(m, ':', n);
    int32_t c, t;
    if (!colon || !pc__word_int(m, (size_t)(colon - m), 0, SNK_COLUMNS - 1, &c) ||
        !pc__word_int(colon + 1, n - (size_t)(colon - m) - 1, 0, SNK_TURNS - 1, &t))
        return PC_EPARSE;
    return pc_snapper_play(s, c, t);
}

static int32_t sn_over(const void *s)
{
    return pc_snapper_is_over(s) == 1;
}

static int32_t sn_to_move(const void *s)
{
    (void)s;
    return 0;
}

static int32_t sn_score(const void *s, int32_t player, double *out)
{
    (void)player;
    return pc_snapper_score(s, out);
}

static int32_t sn_render_text(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_snapper_render(s, buf, cap, len);
}

static int32_t sn_render(const void *s, pc__sb *out)
{
    return pc__sb_put_text(out, sn_render_text, s);
}

static int32_t sn_suggest(const void *s, const pc_budget *b, pc__sb *out)
{
    int32_t mv, col, turns;
    int32_t rc = pc_snapper_suggest(s, b, &mv, &col, &turns, NULL);
    if (rc == PC_EILLEGAL)
        return PC_ENOTFOUND;
    if (rc != PC_OK)
        return rc;
    if (mv == PC_SNAPPER_MOVE_DRAIN)
        pc__sb_puts(out, "drain");
    else
        pc__sb_printf(out, "%d:%d", (int)col, (int)turns);
    return out->failed ? PC_ENOMEM : PC_OK;
}

static const pc__kind sn_kind = {
    "snapper", 1,
    sn_create, sn_load, sn_save, sn_clone, sn_release,
    sn_moves, sn_play, sn_over, sn_to_move, sn_score, sn_render, sn_suggest,
    NULL, /* check: creating is cheap */
};

const pc__kind *pc__kind_snapper(void)
{
    return &sn_kind;
}
