/* Harness: pc_patchwork_load (Patchwork saves).  Properties:
 * FZ_SAVE_HARNESS; every listed legal move checks legal; the protocol texts
 * write. */
#include "fuzz.h"

static void extra(pc_patchwork *g)
{
    size_t n = 0;
    int32_t codes[2048];
    int32_t rc = pc_patchwork_legal_moves(g, codes, 2048, &n);
    FZ_CHECK(rc == PC_OK || pc_patchwork_is_over(g) == 1);
    if (rc == PC_OK)
        for (size_t i = 0; i < n; i++) FZ_CHECK(pc_patchwork_check(g, codes[i]) == PC_OK);
    char *t;
    size_t tn;
    FZ_TEXT(pc_patchwork_turn_input, g, &t, &tn);
    free(t);
    FZ_TEXT(pc_patchwork_init_input, g, &t, &tn);
    free(t);
    FZ_TEXT(pc_patchwork_referee_input, g, &t, &tn);
    free(t);
}

FZ_SAVE_HARNESS(pc_patchwork, pc_patchwork_load, pc_patchwork_save, pc_patchwork_clone, pc_patchwork_free, extra)
