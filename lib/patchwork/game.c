/*
 * lib/patchwork/game.c — the public handle: creation, accessors, moves,
 * history (save and load: save.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "patchwork/game.h"
#include "common/alloc.h"

static int32_t make(int32_t ruleset, const uint8_t *deck, uint64_t seed, pc_patchwork **out)
{
    pw_rules r;
    if (!out)
        return PC_EINVAL;
    *out = NULL;
    if (pc__patchwork_rules(&r, ruleset) != PC_OK)
        return PC_EINVAL;
    pc_patchwork *g = pc__calloc(1, sizeof *g);
    if (!g)
        return PC_ENOMEM;
    memcpy(g->deck, deck, PW_NPATCH);
    g->seed = seed;
    pc__patchwork_init(&g->s, &r, deck, PW_NPATCH);
    *out = g;
    return PC_OK;
}

int32_t pc_patchwork_new(int32_t ruleset, uint64_t seed, pc_patchwork **out)
{
    struct pc_rng rng;
    int32_t ids[PW_NPATCH];
    uint8_t deck[PW_NPATCH];
    for (int32_t i = 0; i < PW_NPATCH; i++)
        ids[i] = i;
    pc__rng_seed(&rng, seed);
    pc__rng_shuffle_i32(&rng, ids, PW_NPATCH - 1);
    for (int32_t i = 0; i < PW_NPATCH; i++)
        deck[i] = (uint8_t)ids[i];
    return make(ruleset, deck, seed, out);
}

int32_t pc_patchwork_new_deck(int32_t ruleset, const int32_t *order, size_t n, pc_patchwork **out)
{
    uint8_t deck[PW_NPATCH];
    uint64_t seen = 0;
    if (out)
        *out = NULL;
    if (!order || n != PW_NPATCH)
        return PC_EINVAL;
    for (size_t i = 0; i < n; i++) {
        if (order[i] < 0 || order[i] >= PW_NPATCH || (seen >> order[i] & 1))
            return PC_EINVAL;
        seen |= 1ull << order[i];
        deck[i] = (uint8_t)order[i];
    }
    return make(ruleset, deck, 0, out);
}

void pc_patchwork_free(pc_patchwork *g)
{
    pc__free(g);
}

int32_t pc_patchwork_clone(const pc_patchwork *g, pc_patchwork **out)
{
    if (!g || !out)
        return PC_EINVAL;
    *out = pc__malloc(sizeof **out);
    if (!*out)
        return PC_ENOMEM;
    memcpy(*out, g, sizeof *g);
    return PC_OK;
}

int32_t pc_patchwork_set_bonus_size(pc_patchwork *g, int32_t size)
{
    if (!g || size < 1 || size > 9)
        return PC_EINVAL;
    if (g->s.actions)
        return PC_EILLEGAL;
    g->s.r.bonus_size = size;
    return PC_OK;
}

int32_t pc_patchwork_set_initial_money(pc_patchwork *g, int32_t money)
{
    if (!g || money < 0 || money > 1000000)
        return PC_EINVAL;
    if (g->s.actions)
        return PC_EILLEGAL;
    g->s.r.initial_money = money;
    g->s.p[0].buttons = g->s.p[1].buttons = money;
    return PC_OK;
}

/* The ruleset's own cap (engine.c: 80 in the leagues, none for the board game). */
int32_t pc__patchwork_default_cap(const pc_patchwork *g)
{
    return g->s.r.official ? 0 : 80;
}

int32_t pc_patchwork_set_action_cap(pc_patchwork *g, int32_t cap)
{
    if (!g || cap < 0 || cap > 1000)
        return PC_EINVAL;
    if (g->s.actions)
        return PC_EILLEGAL;
    g->s.r.cap = cap;
    return PC_OK;
}

int32_t pc_patchwork_action_cap(const pc_patchwork *g)
{
    return g ? g->s.r.cap : PC_EINVAL;
}

/* ---- accessors ---------------------------------------------------------------- */

#define NEED(g) \
    do { \
        if (!(g)) \
            return PC_EINVAL; \
    } while (0)
#define NEEDP(g, p) \
    do { \
        if (!(g) || (p) < 0 || (p) > 1) \
            return PC_EINVAL; \
    } while (0)

int32_t pc_patchwork_ruleset(const pc_patchwork *g) { NEED(g); return g->s.r.ruleset; }
int32_t pc_patchwork_duration(const pc_patchwork *g) { NEED(g); return g->s.r.duration; }
int32_t pc_patchwork_bonus_size(const pc_patchwork *g) { NEED(g); return g->s.r.bonus_size; }
int32_t pc_patchwork_initial_money(const pc_patchwork *g) { NEED(g); return g->s.r.initial_money; }
int32_t pc_patchwork_seed(const pc_patchwork *g, uint64_t *out)
{
    if (!g || !out)
        return PC_EINVAL;
    *out = g->seed;
    return PC_OK;
}
/* Values that can be negative ("nobody", a special patch's id, a score)
 * travel through an out-pointer: the return is only ever a status. */
#define PUT(out, v) \
    do { \
        if (!(out)) \
            return PC_EINVAL; \
        *(out) = (v); \
        return PC_OK; \
    } while (0)

int32_t pc_patchwork_to_move(const pc_patchwork *g, int32_t *player)
{
    NEED(g);
    PUT(player, pc__patchwork_to_move(&g->s));
}
int32_t pc_patchwork_is_over(const pc_patchwork *g) { NEED(g); return g->s.over != 0; }
int32_t pc_patchwork_actions(const pc_patchwork *g) { NEED(g); return g->s.actions; }
int32_t pc_patchwork_capped(const pc_patchwork *g) { NEED(g); return g->s.over == 2; }
int32_t pc_patchwork_position(const pc_patchwork *g, int32_t p) { NEEDP(g, p); return g->s.p[p].pos; }
int32_t pc_patchwork_buttons(const pc_patchwork *g, int32_t p) { NEEDP(g, p); return g->s.p[p].buttons; }
int32_t pc_patchwork_income(const pc_patchwork *g, int32_t p) { NEEDP(g, p); return g->s.p[p].income; }
int32_t pc_patchwork_pending(const pc_patchwork *g, int32_t p) { NEEDP(g, p); return g->s.p[p].pending; }
int32_t pc_patchwork_empty(const pc_patchwork *g, int32_t p)
{
    NEEDP(g, p);
    return 81 - pw_popcount(g->s.p[p].board);
}
int32_t pc_patchwork_special_id(const pc_patchwork *g, int32_t *id)
{
    NEED(g);
    PUT(id, pc__patchwork_special_id(&g->s));
}
int32_t pc_patchwork_specials_left(const pc_patchwork *g)
{
    NEED(g);
    return pc__popcount64(g->s.unclaimed);
}
int32_t pc_patchwork_bonus_owner(const pc_patchwork *g, int32_t *player)
{
    NEED(g);
    PUT(player, g->s.bonus_owner);
}
int32_t pc_patchwork_finished_first(const pc_patchwork *g, int32_t *player)
{
    NEED(g);
    PUT(player, g->s.finished_first);
}
int32_t pc_patchwork_last_player(const pc_patchwork *g) { NEED(g); return g->s.last_play; }
int32_t pc_patchwork_score(const pc_patchwork *g, int32_t p, int32_t *score)
{
    NEEDP(g, p);
    PUT(score, pc__patchwork_score(&g->s, p));
}
int32_t pc_patchwork_winner(const pc_patchwork *g, int32_t *winner)
{
    NEED(g);
    PUT(winner, pc__patchwork_winner(&g->s));
}

int32_t pc_patchwork_cell(const pc_patchwork *g, int32_t p, int32_t x, int32_t y)
{
    NEEDP(g, p);
    if (x < 0 || x > 8 || y < 0 || y > 8)
        return PC_EINVAL;
    return (int32_t)(pw_shr(g->s.p[p].board, (unsigned)(y * 9 + x)).lo & 1);
}

int32_t pc_patchwork_board_bits(const pc_patchwork *g, int32_t p, uint64_t *words2)
{
    NEEDP(g, p);
    if (!words2)
        return PC_EINVAL;
    words2[0] = g->s.p[p].board.lo;
    words2[1] = g->s.p[p].board.hi;
    return PC_OK;
}

void pc__patchwork_put_board(pc__sb *sb, pw_bb b)
{
    for (int y = 0; y < 9; y++) {
        uint64_t row = pw_shr(b, (unsigned)(y * 9)).lo;
        for (int x = 0; x < 9; x++)
            pc__sb_putc(sb, (row >> x & 1) ? 'O' : '.');
        pc__sb_putc(sb, '\n');
    }
}

int32_t pc_patchwork_board_text(const pc_patchwork *g, int32_t p, char *buf, size_t cap, size_t *len)
{
    NEEDP(g, p);
    pc__sb sb;
    pc__sb_init(&sb);
    pc__patchwork_put_board(&sb, g->s.p[p].board);
    return pc__sb_emit(&sb, buf, cap, len);
}

static int32_t put_ids(const uint8_t *src, size_t count, int32_t *ids, size_t cap, size_t *n)
{
    if (!n || (!ids && cap))
        return PC_EINVAL;
    *n = count;
    for (size_t i = 0; i < count && i < cap; i++)
        ids[i] = src[i];
    return cap && cap < count ? PC_ESPACE : PC_OK;
}

int32_t pc_patchwork_deck(const pc_patchwork *g, int32_t *ids, size_t cap, size_t *n)
{
    NEED(g);
    return put_ids(g->deck, PW_NPATCH, ids, cap, n);
}

int32_t pc_patchwork_market(const pc_patchwork *g, int32_t *ids, size_t cap, size_t *n)
{
    NEED(g);
    return put_ids(g->s.market, (size_t)g->s.nmarket, ids, cap, n);
}

/* ---- patches --------------------------------------------------------------------- */

static const pw_patch *patch_of(int32_t id)
{
    if (id >= 0 && id < PW_NPATCH)
        return &pc__patchwork_patches[id];
    if (id == -20 || id == -26 || id == -32 || id == -44 || id == -50)
        return &pc__patchwork_patches[PW_SPECIAL_PATCH];
    return NULL;
}

int32_t pc_patchwork_patch_info(int32_t id, int32_t *earn, int32_t *price, int32_t *time, int32_t *cells)
{
    const pw_patch *p = patch_of(id);
    if (!p)
        return PC_EINVAL;
    if (earn)
        *earn = p->earn;
    if (price)
        *price = p->price;
    if (time)
        *time = p->time;
    if (cells)
        *cells = p->cells;
    return PC_OK;
}

void pc__patchwork_put_shape(pc__sb *sb, const pw_orient *o)
{
    for (int y = 0; y < o->h; y++) {
        if (y)
            pc__sb_putc(sb, '|');
        for (int x = 0; x < o->w; x++)
            pc__sb_putc(sb, (o->mask >> (y * 9 + x) & 1) ? 'O' : '.');
    }
}

int32_t pc_patchwork_patch_shape(int32_t id, int32_t flip, int32_t rot, char *buf, size_t cap, size_t *len)
{
    const pw_patch *p = patch_of(id);
    if (!p || flip < 0 || flip > 1 || rot < 0 || rot > 3)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__patchwork_put_shape(&sb, &p->orient[flip * 4 + rot]);
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_patchwork_patch_orientations(int32_t id, int32_t *ks, size_t cap, size_t *n)
{
    const pw_patch *p = patch_of(id);
    if (!p || !n || (!ks && cap))
        return PC_EINVAL;
    return put_ids(p->distinct, p->ndistinct, ks, cap, n);
}

/* ---- moves ------------------------------------------------------------------------ */

int32_t pc_patchwork_move_encode(int32_t kind, int32_t patch, int32_t x, int32_t y, int32_t flip, int32_t rot,
                                 int32_t *code)
{
    if (!code || kind < 0 || kind > 2 || patch < 0 || patch > 63 || x < 0 || x > 8 || y < 0 || y > 8 ||
        flip < 0 || flip > 1 || rot < 0 || rot > 3)
        return PC_EINVAL;
    pw_move m = {(uint8_t)kind, (uint8_t)patch, (uint8_t)x, (uint8_t)y, (uint8_t)flip, (uint8_t)rot};
    if (kind == PC_PATCHWORK_SKIP)
        memset(&m, 0, sizeof m);
    *code = pc__patchwork_move_code(&m);
    return PC_OK;
}

int32_t pc_patchwork_move_decode(int32_t code, int32_t *kind, int32_t *patch, int32_t *x, int32_t *y,
                                 int32_t *flip, int32_t *rot)
{
    pw_move m;
    int32_t rc = pc__patchwork_move_from_code(code, &m);
    if (rc)
        return rc;
    if (kind)
        *kind = m.kind;
    if (patch)
        *patch = m.patch;
    if (x)
        *x = m.x;
    if (y)
        *y = m.y;
    if (flip)
        *flip = m.flip;
    if (rot)
        *rot = m.rot;
    return PC_OK;
}

size_t pc__patchwork_move_str(int32_t rotations, const pw_move *m, char out[PW_MOVE_TEXT_MAX])
{
    if (m->kind == PW_SKIP) {
        memcpy(out, "SKIP", 5);
        return 4;
    }
    int32_t id = m->kind == PW_SPECIAL ? -(int32_t)m->patch : m->patch;
    int n = rotations ? snprintf(out, PW_MOVE_TEXT_MAX, "PLAY %d %d %d %d %d", (int)id, m->x, m->y, m->flip, m->rot)
                      : snprintf(out, PW_MOVE_TEXT_MAX, "PLAY %d %d %d", (int)id, m->x, m->y);
    return n > 0 ? (size_t)n : 0; /* at most "PLAY -255 255 255 255 255": 25 bytes */
}

void pc__patchwork_put_move(pc__sb *sb, int32_t rotations, const pw_move *m)
{
    char t[PW_MOVE_TEXT_MAX];
    size_t n = pc__patchwork_move_str(rotations, m, t);
    pc__sb_putn(sb, t, n);
}

int32_t pc_patchwork_move_text(int32_t ruleset, int32_t code, char *buf, size_t cap, size_t *len)
{
    pw_rules r;
    pw_move m;
    if (pc__patchwork_rules(&r, ruleset) || pc__patchwork_move_from_code(code, &m))
        return PC_EINVAL;
    if (m.kind == PW_SPECIAL && m.patch == 0) /* "the pending one" has no id to print */
        return PC_EINVAL;
    char t[PW_MOVE_TEXT_MAX];
    pc__patchwork_move_str(r.rotations, &m, t);
    return pc__emit_str(t, buf, cap, len);
}

int32_t pc_patchwork_legal_moves(const pc_patchwork *g, int32_t *codes, size_t cap, size_t *n)
{
    pw_move mv[PW_MAXMOVES];
    if (!g || !n || (!codes && cap))
        return PC_EINVAL;
    int32_t c = pc__patchwork_legal(&g->s, mv);
    *n = (size_t)c;
    for (int32_t i = 0; i < c && (size_t)i < cap; i++)
        codes[i] = pc__patchwork_move_code(&mv[i]);
    return cap && cap < (size_t)c ? PC_ESPACE : PC_OK;
}

int32_t pc__patchwork_apply_move(pc_patchwork *g, const pw_move *m)
{
    int32_t rc = pc__patchwork_check(&g->s, m);
    if (rc)
        return rc;
    if (g->nhist >= PW_MAXHIST) /* unreachable: a game lasts at most 2*53 + 5 actions */
        return PC_ERANGE;
    pw_move rec = *m;
    int32_t special_id = pc__patchwork_special_id(&g->s), me = pc__patchwork_to_move(&g->s);
    if (rec.kind == PW_SPECIAL)
        rec.patch = (uint8_t)-special_id;
    g->hist[g->nhist] = rec;
    g->hist_player[g->nhist] = (uint8_t)me;
    g->nhist++;
    pw_state before = g->s;
    pc__patchwork_do(&g->s, m);
    pc__patchwork_note_move(g, &before, m, me, special_id);
    return PC_OK;
}

int32_t pc_patchwork_check(const pc_patchwork *g, int32_t code)
{
    pw_move m;
    NEED(g);
    if (g->s.over)
        return PC_EOVER;
    if (pc__patchwork_move_from_code(code, &m))
        return PC_EINVAL;
    return pc__patchwork_check(&g->s, &m);
}

int32_t pc_patchwork_apply(pc_patchwork *g, int32_t code)
{
    pw_move m;
    NEED(g);
    if (g->s.over)
        return PC_EOVER;
    if (pc__patchwork_move_from_code(code, &m))
        return PC_EINVAL;
    return pc__patchwork_apply_move(g, &m);
}

int32_t pc_patchwork_play(pc_patchwork *g, int32_t patch, int32_t x, int32_t y, int32_t flip, int32_t rot)
{
    NEED(g);
    if (g->s.over)
        return PC_EOVER;
    if (x < 0 || x > 8 || y < 0 || y > 8 || flip < 0 || flip > 1 || rot < 0 || rot > 3)
        return PC_EINVAL;
    pw_move m = {PW_PLAY, 0, (uint8_t)x, (uint8_t)y, (uint8_t)flip, (uint8_t)rot};
    if (patch < 0) {
        if (!patch_of(patch))
            return PC_EINVAL;
        m.kind = PW_SPECIAL;
        m.patch = (uint8_t)-patch;
    } else if (patch < PW_NPATCH) {
        m.patch = (uint8_t)patch;
    } else {
        return PC_EINVAL;
    }
    return pc__patchwork_apply_move(g, &m);
}

int32_t pc_patchwork_skip(pc_patchwork *g)
{
    pw_move m = {PW_SKIP, 0, 0, 0, 0, 0};
    NEED(g);
    if (g->s.over)
        return PC_EOVER;
    return pc__patchwork_apply_move(g, &m);
}

int32_t pc_patchwork_place_special(pc_patchwork *g, int32_t x, int32_t y)
{
    NEED(g);
    if (g->s.over)
        return PC_EOVER;
    if (x < 0 || x > 8 || y < 0 || y > 8)
        return PC_EINVAL;
    pw_move m = {PW_SPECIAL, 0, (uint8_t)x, (uint8_t)y, 0, 0};
    return pc__patchwork_apply_move(g, &m);
}

int32_t pc_patchwork_history(const pc_patchwork *g, int32_t *codes, int32_t *players, size_t cap, size_t *n)
{
    if (!g || !n || (!codes && cap))
        return PC_EINVAL;
    *n = (size_t)g->nhist;
    for (int32_t i = 0; i < g->nhist && (size_t)i < cap; i++) {
        codes[i] = pc__patchwork_move_code(&g->hist[i]);
        if (players)
            players[i] = g->hist_player[i];
    }
    return cap && cap < (size_t)g->nhist ? PC_ESPACE : PC_OK;
}
