/*
 * lib/patchwork/events.c — presentation for front ends: what the last move
 * did (events) and which patch covers each quilt square.  Read off the
 * states before and after a move, so the engine (engine.c) stays a plain
 * state machine; the CodinGame single file leaves this out (gen_cg.py).
 */
#include <string.h>

#include "patchwork/game.h"

static void add_event(pc_patchwork *g, int32_t kind, int32_t player, int32_t v0, int32_t v1, int32_t v2,
                      int32_t v3, int32_t v4)
{
    pw_event *e = &g->ev[g->nev++]; /* at most 7 per move: PW_MAXEVENTS */
    e->kind = kind;
    e->player = player;
    e->v[0] = v0, e->v[1] = v1, e->v[2] = v2, e->v[3] = v3, e->v[4] = v4;
}

/* What a move did, read off the states before and after it (the engine
 * stays a plain state machine; this is presentation for front ends). */
void pc__patchwork_note_move(pc_patchwork *g, const pw_state *before, const pw_move *m, int32_t me,
                             int32_t special_id)
{
    const pw_state *s = &g->s;
    const pw_player *a = &before->p[me], *b = &s->p[me];
    int32_t moved = b->pos - a->pos, paid = b->buttons - a->buttons;
    g->nev = 0;
    if (m->kind == PW_SKIP) {
        add_event(g, PC_PATCHWORK_EVENT_SKIP, me, moved, moved * s->r.skip_mult, 0, 0, 0);
        paid -= moved * s->r.skip_mult;
    } else {
        int32_t k = m->flip * 4 + m->rot;
        int32_t id = m->kind == PW_SPECIAL ? PW_SPECIAL_PATCH : m->patch;
        const pw_orient *o = &pc__patchwork_patches[id].orient[k];
        for (int32_t c = 0; c < o->ncells; c++) {
            int32_t sq = m->y * 9 + m->x + o->off[c];
            g->own_id[me][sq] = (int8_t)(m->kind == PW_SPECIAL ? special_id : m->patch + 1);
            g->own_k[me][sq] = (uint8_t)k;
        }
        if (m->kind == PW_SPECIAL) {
            add_event(g, PC_PATCHWORK_EVENT_PLACE_SPECIAL, me, special_id, m->x, m->y, 0, 0);
        } else {
            int32_t price = pc__patchwork_patches[m->patch].price;
            add_event(g, PC_PATCHWORK_EVENT_BUY, me, m->patch, m->x, m->y, k, price);
            if (moved)
                add_event(g, PC_PATCHWORK_EVENT_ADVANCE, me, moved, b->pos, 0, 0, 0);
            paid += price;
        }
    }
    if (paid)
        add_event(g, PC_PATCHWORK_EVENT_INCOME, me, paid, b->income, 0, 0, 0);
    if (b->pending > a->pending - (m->kind == PW_SPECIAL))
        add_event(g, PC_PATCHWORK_EVENT_SPECIAL_WON, me, b->pending - a->pending + (m->kind == PW_SPECIAL), 0, 0, 0,
                  0);
    if (before->bonus_owner < 0 && s->bonus_owner >= 0)
        add_event(g, PC_PATCHWORK_EVENT_BONUS, s->bonus_owner, s->r.bonus_size, 0, 0, 0, 0);
    if (before->finished_first < 0 && s->finished_first >= 0)
        add_event(g, PC_PATCHWORK_EVENT_FINISHED, s->finished_first, 0, 0, 0, 0, 0);
    if (!before->over && s->over)
        add_event(g, PC_PATCHWORK_EVENT_OVER, pc__patchwork_winner(s), s->over == 2, 0, 0, 0, 0);
}

int32_t pc_patchwork_event_count(const pc_patchwork *g)
{
    return g ? g->nev : PC_EINVAL;
}

int32_t pc_patchwork_event(const pc_patchwork *g, int32_t i, int32_t *kind, int32_t *player, int32_t *values)
{
    if (!g || i < 0 || i >= g->nev)
        return PC_EINVAL;
    const pw_event *e = &g->ev[i];
    if (kind)
        *kind = e->kind;
    if (player)
        *player = e->player;
    if (values)
        memcpy(values, e->v, sizeof e->v);
    return PC_OK;
}

int32_t pc_patchwork_cell_patch(const pc_patchwork *g, int32_t player, int32_t x, int32_t y, int32_t *patch,
                                int32_t *orientation)
{
    if (!g || player < 0 || player > 1 || x < 0 || x > 8 || y < 0 || y > 8 || !patch)
        return PC_EINVAL;
    int32_t o = g->own_id[player][y * 9 + x];
    *patch = o > 0 ? o - 1 : o < 0 ? o : PC_PATCHWORK_NOBODY;
    if (orientation)
        *orientation = o ? g->own_k[player][y * 9 + x] : 0;
    return PC_OK;
}
