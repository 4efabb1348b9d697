/* The whole-grid clue kernels one by one.  pc_nonogram_grid_clues picks the
 * best kernels the CPU runs (generic C, BMI1, AVX-512); this file is built
 * once per level with PC__NONOGRAM_EMITTER forcing it (see solve.mk), so every
 * level is checked against the per-line scalar scan wherever it can run. */
#include <stdint.h>
#include <stdlib.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

int main(void)
{
    pc_rng *r;
    pc_rng_new(77, &r);
    const int32_t sizes[][2] = {{1, 1}, {5, 5}, {64, 64}, {63, 129}, {128, 1}, {1, 200}, {300, 70}, {65, 257}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int32_t w = sizes[s][0], h = sizes[s][1];
        uint8_t *g = malloc((size_t)w * (size_t)h);
        int agree = 1;
        for (int variant = 0; variant < 4; variant++) {
            for (int32_t i = 0; i < w * h; i++) {
                uint64_t v;
                pc_rng_uniform(r, variant == 3 ? 256 : 2 + (uint64_t)variant, &v);
                g[i] = (uint8_t)(variant == 2 ? (v == 0) : v); /* variant 2: sparse */
            }
            size_t cap = (size_t)h * (size_t)((w + 1) / 2) + (size_t)w * (size_t)((h + 1) / 2), total;
            int32_t *counts = malloc((size_t)(w + h) * sizeof *counts), *all = malloc(cap * sizeof *all);
            int32_t *one = malloc((size_t)(w > h ? w : h) * sizeof *one);
            agree &= pc_nonogram_grid_clues(g, w, h, PC_NONOGRAM_BOTH, counts, all, cap, &total) == PC_OK;
            size_t k = 0;
            for (int32_t i = 0; i < h + w; i++) {
                int32_t n, len = i < h ? w : h;
                const uint8_t *start = i < h ? g + (size_t)i * (size_t)w : g + (i - h);
                pc_nonogram_line_clues(start, len, i < h ? 1 : w, one, len, &n);
                agree &= n == counts[i] && memcmp(all + k, one, (size_t)n * sizeof *one) == 0;
                k += (size_t)n;
            }
            agree &= k == total;
            free(counts);
            free(all);
            free(one);
        }
        ok(agree, "kernel level %d: %dx%d grids agree with the line scan", (int)PC__NONOGRAM_EMITTER, (int)w, (int)h);
        free(g);
    }
    pc_rng_free(r);
    return done_testing();
}
