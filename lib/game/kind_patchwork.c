/*
 * pc_game kind "patchwork": two players.  Moves are the referee's words:
 * "SKIP", "PLAY id x y flip rot" ("PLAY id x y" in CodinGame's league 1; a
 * pending 1x1 special patch is played with its negative id).  pc_game_moves
 * lists each distinct placement once (the typed legal-move order); another
 * orientation that covers the same cells is the same move and is accepted
 * too.  Scores are the ruleset's; the suggestion is the Monte-Carlo bot's.
 * Params: league=1..5 (CodinGame's rules; absent: the board game's official
 * rules), bonus=1..9 (side of the bonus square), money=0..1000000 (buttons
 * each player starts with).
 */

#include <string.h>

#include "common/budget.h"
#include "game/kind.h"
#include "puzzlecore/patchwork.h"

static int32_t pw_create(const pc__param *p, int32_t np, uint64_t seed, char *err, size_t errcap, void **out)
{
    int64_t league = 0, bonus = -1, money = -1;
    for (int32_t i = 0; i < np; i++) {
        int32_t rc;
        if (pc__param_is(&p[i], "league"))
            rc = pc__param_int(&p[i], 1, 5, &league, err, errcap);
        else if (pc__param_is(&p[i], "bonus"))
            rc = pc__param_int(&p[i], 1, 9, &bonus, err, errcap);
        else if (pc__param_is(&p[i], "money"))
            rc = pc__param_int(&p[i], 0, 1000000, &money, err, errcap);
        else
            rc = pc__param_unknown(&p[i], "league, bonus, money", err, errcap);
        if (rc != PC_OK)
            return rc;
    }
    pc_patchwork *g = NULL;
    int32_t rc = pc_patchwork_new(league ? (int32_t)league : PC_PATCHWORK_OFFICIAL, seed, &g);
    if (rc == PC_OK && bonus >= 0)
        rc = pc_patchwork_set_bonus_size(g, (int32_t)bonus);
    if (rc == PC_OK && money >= 0)
        rc = pc_patchwork_set_initial_money(g, (int32_t)money);
    if (rc != PC_OK) {
        pc_patchwork_free(g);
        return rc;
    }
    *out = g;
    return PC_OK;
}

static int32_t pw_load(const char *text, size_t len, char *err, size_t errcap, void **out)
{
    pc_patchwork *g = NULL;
    int32_t rc = pc_patchwork_load(text, len, err, errcap, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t pw_save(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_patchwork_save(s, buf, cap, len);
}

static int32_t pw_clone(const void *s, void **out)
{
    pc_patchwork *c = NULL;
    int32_t rc = pc_patchwork_clone(s, &c);
    if (rc == PC_OK)
        *out = c;
    return rc;
}

static void pw_release(void *s)
{
    pc_patchwork_free(s);
}

static int32_t pw_put_code(pc__sb *out, int32_t ruleset, int32_t code)
{
    char t[64];
    size_t n = 0;
    int32_t rc = pc_patchwork_move_text(ruleset, code, t, sizeof t, &n);
    if (rc == PC_OK)
        pc__sb_putn(out, t, n);
    return rc;
}

static int32_t pw_moves(const void *s, pc__sb *out)
{
    int32_t codes[PC_PATCHWORK_MAX_MOVES];
    size_t n = 0;
    int32_t rc = pc_patchwork_legal_moves(s, codes, PC_PATCHWORK_MAX_MOVES, &n);
    int32_t rules = pc_patchwork_ruleset(s);
    for (size_t i = 0; i < n && rc == PC_OK; i++) {
        rc = pw_put_code(out, rules, codes[i]);
        pc__sb_putc(out, '\n');
    }
    return rc == PC_OK && out->failed ? PC_ENOMEM : rc;
}

static int32_t pw_play(void *s, const char *m, size_t n)
{
    const char *w[6];
    size_t wn[6];
    int32_t k = pc__words(m, n, w, wn, 6), code = -1, v[5] = {0, 0, 0, 0, 0};
    int32_t args = pc_patchwork_ruleset(s) == PC_PATCHWORK_LEAGUE1 ? 3 : 5;
    if (k == 1 && pc__word_is(w[0], wn[0], "SKIP"))
        return pc_patchwork_apply(s, 0);
    if (k != args + 1 || !pc__word_is(w[0], wn[0], "PLAY"))
        return PC_EPARSE;
    for (int32_t i = 0; i < args; i++)
        if (!pc__word_int(w[i + 1], wn[i + 1], i == 0 ? -63 : 0, i == 0 ? 63 : (i < 3 ? 8 : (i == 3 ? 1 : 3)),
                          &v[i]))
            return PC_EPARSE;
    int32_t kind = v[0] < 0 ? PC_PATCHWORK_SPECIAL : PC_PATCHWORK_PLAY;
    if (v[0] == 0 && w[1][0] == '-')
        return PC_EPARSE;
    if (kind == PC_PATCHWORK_SPECIAL && v[0] == 0)
        return PC_EPARSE;
    if (pc_patchwork_move_encode(kind, v[0] < 0 ? -v[0] : v[0], v[1], v[2], v[3], v[4], &code) != PC_OK)
        return PC_EPARSE;
    return pc_patchwork_apply(s, code);
}

static int32_t pw_over(const void *s)
{
    return pc_patchwork_is_over(s) == 1;
}

static int32_t pw_to_move(const void *s)
{
    int32_t p = PC_PATCHWORK_NOBODY;
    int32_t rc = pc_patchwork_to_move(s, &p);
    return rc < 0 ? rc : p;
}

static int32_t pw_score(const void *s, int32_t player, double *out)
{
    int32_t v = 0, rc = pc_patchwork_score(s, player, &v);
    if (rc == PC_OK)
        *out = v;
    return rc;
}

static int32_t pw_render(const void *s, pc__sb *out)
{
    int32_t rc = PC_OK;
    for (int32_t p = 0; p < 2 && rc == PC_OK; p++) {
        int32_t score = 0;
        pc_patchwork_score(s, p, &score);
        pc__sb_printf(out, "player %d: position %d, buttons %d, income %d, score %d\n", (int)p,
                      (int)pc_patchwork_position(s, p), (int)pc_patchwork_buttons(s, p),
                      (int)pc_patchwork_income(s, p), (int)score);
        char b[256];
        size_t n = 0;
        rc = pc_patchwork_board_text(s, p, b, sizeof b, &n);
        if (rc == PC_OK)
            pc__sb_putn(out, b, n);
    }
    int32_t ids[PC_PATCHWORK_PATCHES];
    size_t n = 0;
    if (rc == PC_OK)
        rc = pc_patchwork_market(s, ids, PC_PATCHWORK_PATCHES, &n);
    pc__sb_puts(out, "market:");
    for (size_t i = 0; i < n && i < 3; i++)
        pc__sb_printf(out, " %d", (int)ids[i]);
    pc__sb_putc(out, '\n');
    return rc == PC_OK && out->failed ? PC_ENOMEM : rc;
}

/* The caller's budget behind the copy that suggest passes on: its cancel
 * flag and progress callback still count. */
static int32_t pw_relay(void *user, int64_t nodes, double seconds, double bound)
{
    const pc_budget *orig = user;
    if (pc__budget_cancelled(orig))
        return 1;
    return orig->progress ? orig->progress(orig->user, nodes, seconds, bound) : 0;
}

static int32_t pw_suggest(const void *s, const pc_budget *b, pc__sb *out)
{
    /* Playouts are the bot's nodes.  With no node limit given the front
     * door asks for 2000 (a strong move in about a tenth of a second, and
     * the same move everywhere) rather than the bot's 10 s of thinking; the
     * copy relays the caller's cancel flag and progress. */
    pc_budget c;
    pc_budget_init(&c, sizeof c);
    if (b) {
        if (b->size < sizeof c - sizeof c.reserved - sizeof c.cancel)
            return PC_EINVAL;
        c = *b;
        c.size = sizeof c;
        c.progress = pw_relay;
        c.user = (void *)b;
        c.progress_every = b->progress_every > 0 && b->progress_every < 0.05 ? b->progress_every : 0.05;
        if (pc__budget_cancelled(b))
            return PC_ECANCELLED;
    }
    if (c.max_nodes == 0)
        c.max_nodes = 2000;
    int32_t code;
    int32_t rc = pc_patchwork_suggest(s, &c, &code);
    if (rc == PC_OK)
        rc = pw_put_code(out, pc_patchwork_ruleset(s), code);
    return rc == PC_OK && out->failed ? PC_ENOMEM : rc;
}

static const pc__kind pw_kind = {
    "patchwork", 2,
    pw_create, pw_load, pw_save, pw_clone, pw_release,
    pw_moves, pw_play, pw_over, pw_to_move, pw_score, pw_render, pw_suggest,
    NULL, /* check: creating is cheap */
};

const pc__kind *pc__kind_patchwork(void)
{
    return &pw_kind;
}
