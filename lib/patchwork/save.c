/*
 * lib/patchwork/save.c — a game as text (pc_patchwork_save / _load): the
 * settings, the deck, then every move.  Loading replays the moves through
 * the public move calls, so the rules live in engine.c alone.  Kept out of
 * game.c so that the CodinGame single file (gen_cg.py) goes without it.
 */
#include <string.h>

#include "common/save.h"
#include "patchwork/game.h"

int32_t pc_patchwork_save(const pc_patchwork *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__save_header(&sb, "patchwork");
    pc__sb_printf(&sb, "ruleset %d\nseed ", (int)g->s.r.ruleset);
    pc__sb_u64(&sb, g->seed);
    pc__sb_printf(&sb, "\nbonus_size %d\ninitial_money %d\n", (int)g->s.r.bonus_size, (int)g->s.r.initial_money);
    if (g->s.r.cap != pc__patchwork_default_cap(g))
        pc__sb_printf(&sb, "action_cap %d\n", (int)g->s.r.cap);
    pc__sb_puts(&sb, "deck");
    for (int i = 0; i < PW_NPATCH; i++)
        pc__sb_printf(&sb, " %d", g->deck[i]);
    pc__sb_putc(&sb, '\n');
    for (int32_t i = 0; i < g->nhist; i++) {
        pc__sb_puts(&sb, "move ");
        pc__patchwork_put_move(&sb, 1, &g->hist[i]);
        pc__sb_putc(&sb, '\n');
    }
    return pc__sb_emit(&sb, buf, cap, len);
}

enum { K_RULESET, K_SEED, K_BONUS, K_MONEY, K_CAP, K_DECK, K_MOVE, K_COUNT };
static const pc__save_key keys[K_COUNT] = {
    {"ruleset", PC__SAVE_REQUIRED}, {"seed", 0},       {"bonus_size", 0}, {"initial_money", 0},
    {"action_cap", 0},              {"deck", PC__SAVE_REQUIRED}, {"move", PC__SAVE_REPEAT}};

/* The settings read before the first move. */
struct settings {
    int64_t ruleset, bonus, money, cap;
    uint64_t seed;
    int32_t deck[PW_NPATCH];
};

static int32_t read_setting(pc__save_in *in, struct settings *st)
{
    int32_t rc = PC_OK;
    switch (in->key) {
    case K_RULESET: rc = pc__save_int(in, 0, 1000000, &st->ruleset); break;
    case K_SEED: rc = pc__save_u64(in, &st->seed); break;
    case K_BONUS: rc = pc__save_int(in, 0, 1000000, &st->bonus); break;
    case K_MONEY: rc = pc__save_int(in, 0, 1000000, &st->money); break;
    case K_CAP: rc = pc__save_int(in, 0, 1000000, &st->cap); break;
    case K_DECK:
        for (int i = 0; i < PW_NPATCH && rc == PC_OK; i++) {
            int64_t v;
            if ((rc = pc__save_int(in, 0, 32, &v)) == PC_OK)
                st->deck[i] = (int32_t)v;
        }
        break;
    default: break;
    }
    return rc == PC_OK ? pc__save_end(in) : rc;
}

/* The game the settings make (at the first move, or at the end). */
static int32_t make_game(pc__save_in *in, const struct settings *st, pc_patchwork **out)
{
    int32_t rc = pc__save_done(in); /* ruleset and deck come before any move */
    if (rc != PC_OK)
        return rc;
    pc_patchwork *g = NULL;
    if ((rc = pc_patchwork_new_deck((int32_t)st->ruleset, st->deck, PW_NPATCH, &g)) != PC_OK)
        return rc == PC_ENOMEM ? rc : pc__parse_error(in->err, in->errcap, 0, 0, "bad ruleset or deck");
    g->seed = st->seed;
    if ((st->bonus >= 0 && pc_patchwork_set_bonus_size(g, (int32_t)st->bonus)) ||
        (st->money >= 0 && pc_patchwork_set_initial_money(g, (int32_t)st->money)) ||
        (st->cap >= 0 && pc_patchwork_set_action_cap(g, (int32_t)st->cap))) {
        pc_patchwork_free(g);
        return pc__parse_error(in->err, in->errcap, 0, 0, "bad bonus_size, initial_money or action_cap");
    }
    *out = g;
    return PC_OK;
}

/* "SKIP", or "PLAY id x y flip rot" (league 1 also takes its own short
 * form "PLAY id x y", as pc_patchwork_move_text and the move log print it). */
static int32_t read_move(pc__save_in *in, pc_patchwork *g)
{
    const char *w;
    size_t n;
    int32_t rc = pc__save_word(in, &w, &n);
    if (rc != PC_OK)
        return rc;
    if (n == 4 && memcmp(w, "SKIP", 4) == 0) {
        if ((rc = pc__save_end(in)) != PC_OK)
            return rc;
        rc = pc_patchwork_skip(g);
    } else if (n == 4 && memcmp(w, "PLAY", 4) == 0) {
        int32_t f[5] = {0, 0, 0, 0, 0};
        int32_t nf = g->s.r.ruleset == 1 ? 3 : 5;
        for (int i = 0; i < 5 && rc == PC_OK; i++) {
            int64_t v;
            if (i == nf && !pc__save_more(in))
                break;
            if ((rc = pc__save_int(in, -99, 99, &v)) == PC_OK)
                f[i] = (int32_t)v;
        }
        if (rc == PC_OK)
            rc = pc__save_end(in);
        if (rc != PC_OK)
            return rc;
        rc = pc_patchwork_play(g, f[0], f[1], f[2], f[3], f[4]);
    } else {
        return pc__save_fail(in, "a move is \"SKIP\" or \"PLAY id x y flip rot\"");
    }
    if (rc == PC_ENOMEM)
        return rc;
    if (rc != PC_OK) {
        in->word_at = 0;
        return pc__save_fail(in, "move not legal here: %s", pc_strerror(rc));
    }
    return PC_OK;
}

int32_t pc_patchwork_load(const char *text, size_t len, char *err, size_t errcap, pc_patchwork **out)
{
    if (!out || (!text && len))
        return PC_EINVAL;
    *out = NULL;
    pc__save_in in;
    int32_t rc = pc__save_open(&in, text, len, "patchwork", keys, K_COUNT, err, errcap);
    if (rc != PC_OK)
        return rc;
    struct settings st = {.ruleset = -1, .bonus = -1, .money = -1, .cap = -1};
    pc_patchwork *g = NULL;
    while (rc == PC_OK && (rc = pc__save_next(&in)) == 1) {
        if (in.key != K_MOVE && g)
            rc = pc__save_fail(&in, "settings must come before the moves");
        else if (in.key != K_MOVE)
            rc = read_setting(&in, &st);
        else if (g || (rc = make_game(&in, &st, &g)) == PC_OK)
            rc = read_move(&in, g);
    }
    if (rc == PC_OK && !g)
        rc = make_game(&in, &st, &g);
    if (rc != PC_OK) {
        pc_patchwork_free(g);
        return rc;
    }
    *out = g;
    return PC_OK;
}
