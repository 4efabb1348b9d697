/* Harness: pc_pickerel_load (Pickerel saves).  Properties: FZ_SAVE_HARNESS,
 * the board renders, every loom bead lies on the cloth, the legal-move check
 * agrees with play (a failed play changes nothing). */
#include "fuzz.h"

static void extra(pc_pickerel *g)
{
    char *r;
    size_t rn;
    FZ_TEXT(pc_pickerel_render, g, &r, &rn);
    FZ_CHECK(r);
    free(r);
    int32_t nb = pc_pickerel_loom_bead_count(g), w = pc_pickerel_width(g);
    FZ_CHECK(nb >= 0 && nb <= PC_PICKEREL_MAX_LOOM_BEADS);
    for (int32_t i = 0; i < nb; i++) {
        int32_t row = -1, col = -1;
        FZ_CHECK(pc_pickerel_loom_bead(g, i, NULL, NULL, &row, &col, NULL) == PC_OK);
        FZ_CHECK(row >= 0 && col >= 0 && col < w);
    }
    for (int32_t e = 0; e < pc_pickerel_event_count(g); e++) {
        int32_t kind, pts, a, b, c;
        FZ_CHECK(pc_pickerel_event(g, e, &kind, &pts, &a, &b, &c) == PC_OK);
    }
    /* each move kind with small arguments: check() agrees with play() */
    for (int32_t kind = 0; kind <= PC_PICKEREL_MOVE_DONE; kind++) {
        int32_t mv[4] = {kind, kind == 2 ? w + 1 : 0, 0, 1};
        pc_pickerel *h = NULL;
        FZ_CHECK(pc_pickerel_clone(g, &h) == PC_OK);
        int32_t c = pc_pickerel_check(h, mv), p = pc_pickerel_play(h, mv);
        FZ_CHECK(c == p);
        pc_pickerel_free(h);
    }
}

FZ_SAVE_HARNESS(pc_pickerel, pc_pickerel_load, pc_pickerel_save, pc_pickerel_clone, pc_pickerel_free, extra)
