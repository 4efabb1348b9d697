/* Harness: pc_snapper_load (Snapper saves).  Properties: FZ_SAVE_HARNESS,
 * the field renders, column heights agree with the cells. */
#include "fuzz.h"

static void extra(pc_snapper *g)
{
    char *r;
    size_t rn;
    FZ_TEXT(pc_snapper_render, g, &r, &rn);
    FZ_CHECK(r);
    free(r);
    for (int32_t x = 0; x < PC_SNAPPER_WIDTH; x++) {
        int32_t hgt = pc_snapper_column_height(g, x);
        FZ_CHECK(hgt >= 0 && hgt <= PC_SNAPPER_HEIGHT);
    }
    int32_t arms, cols[4];
    (void)pc_snapper_piece(g, 0, &arms, cols);
    (void)pc_snapper_piece(g, 1, &arms, cols);
}

FZ_SAVE_HARNESS(pc_snapper, pc_snapper_load, pc_snapper_save, pc_snapper_clone, pc_snapper_free, extra)
