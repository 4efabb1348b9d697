/* Harness: pc_nonogram_load (puzzle records and player saves).
 * Properties: a loaded game saves, the save loads, and saves to the same
 * text; the record the same; the clues recomputed from a stored solution
 * equal the stored clues; the player's clues agree with the grid. */
#include "fuzz.h"

static void check_clues(const pc_nonogram *g)
{
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    FZ_CHECK(w >= 1 && h >= 1);
    size_t n = (size_t)w * (size_t)h;
    uint8_t *sol = malloc(n);
    int32_t *a = malloc(sizeof *a * (size_t)(w > h ? w : h));
    int32_t *b = malloc(sizeof *b * (size_t)(w > h ? w : h));
    FZ_CHECK(sol && a && b);
    int has = pc_nonogram_has_solution(g) == 1;
    if (has)
        for (int32_t y = 0; y < h; y++)
            for (int32_t x = 0; x < w; x++) {
                int32_t c = pc_nonogram_solution_cell(g, x, y);
                FZ_CHECK(c == 0 || c == 1);
                sol[(size_t)y * (size_t)w + (size_t)x] = (uint8_t)c;
            }
    for (int32_t axis = 0; axis < 2; axis++) {
        int32_t lines = axis == 0 ? h : w, len = axis == 0 ? w : h;
        for (int32_t i = 0; i < lines; i++) {
            int32_t cn = -1, rn = -1;
            FZ_CHECK(pc_nonogram_clues(g, axis, i, a, len, &cn) == PC_OK);
            FZ_CHECK(cn >= 1 && cn <= len);
            FZ_CHECK(pc_nonogram_clue_count(g, axis, i) == cn);
            if (!has) continue;
            const uint8_t *start = axis == 0 ? sol + (size_t)i * (size_t)w : sol + i;
            int32_t stride = axis == 0 ? 1 : w;
            FZ_CHECK(pc_nonogram_line_clues(start, len, stride, b, len, &rn) == PC_OK);
            FZ_CHECK(rn == cn && memcmp(a, b, sizeof *a * (size_t)rn) == 0);
        }
    }
    free(sol);
    free(a);
    free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[128];
    pc_nonogram *g = NULL, *g2 = NULL;
    if (pc_nonogram_load((const char *)data, size, err, sizeof err, &g) != PC_OK) {
        FZ_CHECK(g == NULL);
        return 0;
    }
    check_clues(g);
    char *s1, *s2, *r1, *r2;
    size_t n1, n2, rn1, rn2;
    FZ_TEXT(pc_nonogram_save, g, &s1, &n1);
    FZ_CHECK(s1 != NULL);
    FZ_TEXT(pc_nonogram_write_record, g, &r1, &rn1);
    FZ_CHECK(r1 != NULL);
    int32_t rc = pc_nonogram_load(s1, n1, err, sizeof err, &g2);
    if (rc != PC_OK) fprintf(stderr, "reload: %s\n%s\n", err, s1);
    FZ_CHECK(rc == PC_OK);
    FZ_TEXT(pc_nonogram_save, g2, &s2, &n2);
    FZ_TEXT(pc_nonogram_write_record, g2, &r2, &rn2);
    FZ_CHECK(fz_same(s1, n1, s2, n2));
    FZ_CHECK(fz_same(r1, rn1, r2, rn2));
    FZ_CHECK(pc_nonogram_is_solved(g) == pc_nonogram_is_solved(g2));
    /* the player's grid: the satisfied count agrees with the lines */
    for (int32_t axis = 0; axis < 2; axis++) {
        int32_t lines = axis == 0 ? pc_nonogram_height(g) : pc_nonogram_width(g), sat = 0;
        for (int32_t i = 0; i < lines; i++) sat += pc_nonogram_line_satisfied(g, axis, i) == 1;
        FZ_CHECK(pc_nonogram_satisfied_count(g, axis) == sat);
    }
    free(s1); free(s2); free(r1); free(r2);
    pc_nonogram_free(g);
    pc_nonogram_free(g2);
    return 0;
}
