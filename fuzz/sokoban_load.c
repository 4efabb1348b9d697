/* Harness: pc_sokoban_load (Sokoban saves).  Properties: FZ_SAVE_HARNESS
 * (save -> load -> save, clone) and the LURD of a loaded game re-applies. */
#include "fuzz.h"

static void extra(const pc_sokoban *g)
{
    char err[64], *l;
    size_t ln;
    pc_sokoban *h = NULL;
    FZ_TEXT(pc_sokoban_lurd, g, &l, &ln);
    FZ_CHECK(l && pc_sokoban_clone(g, &h) == PC_OK && pc_sokoban_restart(h) == PC_OK);
    FZ_CHECK(pc_sokoban_apply_lurd(h, l, ln, err, sizeof err) == PC_OK);
    FZ_CHECK(pc_sokoban_moves(h) == pc_sokoban_moves(g) && pc_sokoban_pushes(h) == pc_sokoban_pushes(g));
    free(l);
    pc_sokoban_free(h);
}

FZ_SAVE_HARNESS(pc_sokoban, pc_sokoban_load, pc_sokoban_save, pc_sokoban_clone, pc_sokoban_free, extra)
