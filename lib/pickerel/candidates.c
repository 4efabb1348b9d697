/*
 * lib/pickerel/candidates.c — the distinct moves worth trying at a search's
 * root, and the inches not yet dealt.  Both searches (advisor.c's rollouts
 * and plan.c's beam) use them, so they live apart from either: neither search
 * file imports the other's helpers.
 */
#include <string.h>

#include "pickerel/state.h"

/* Inches of each colour not yet dealt to the tray (the searches sample them). */
void pc__pickerel_hidden_inches(const struct pc_pickerel *g, int32_t *hidden)
{
    for (int32_t c = 0; c < PC_PICKEREL_MAX_COLOURS; c++) {
        hidden[c] = c < g->ncol ? pc_pickerel_inches_left(g, c) : 0;
        for (int32_t i = 0; i < g->tray_n; i++)
            if (c < g->ncol && g->tray[i].len > 0 && g->tray[i].colour == c)
                hidden[c] -= g->tray[i].len;
    }
}

int32_t pc__pickerel_distinct_slots(const struct pc_pickerel *g, int32_t *slots)
{
    int32_t n = 0;
    int seen[PC_PICKEREL_MAX_COLOURS][PC_PICKEREL_MAX_SPOOL + 1];
    memset(seen, 0, sizeof seen);
    for (int32_t i = 0; i < g->tray_n; i++) {
        const struct pk_spool *s = &g->tray[i];
        if (s->len == 0 || seen[s->colour][s->len])
            continue;
        seen[s->colour][s->len] = 1;
        slots[n++] = i;
    }
    return n;
}

int32_t pc__pickerel_distinct_splices(const struct pc_pickerel *g, int32_t b, int32_t (*out)[4], int32_t cap)
{
    int done[PC_PICKEREL_MAX_COLOURS][PC_PICKEREL_MAX_SPOOL + 1];
    int32_t n = 0;
    memset(done, 0, sizeof done);
    for (int32_t i = 0; i < g->tray_n; i++)
        for (int32_t j = 0; j < g->tray_n; j++) {
            int32_t m[4] = {PC_PICKEREL_MOVE_SPLICE, b, i, j};
            if (n >= cap || pc__pickerel_check(g, m) != PC_OK)
                continue;
            int32_t c = g->tray[j].colour, l = g->tray[i].len + g->tray[j].len;
            if (done[c][l])
                continue;
            done[c][l] = 1;
            memcpy(out[n++], m, sizeof m);
        }
    return n;
}
