/* The whole-grid clue kernels one by one.  pc_nonogram_grid_clues picks the
 * best kernels the CPU runs (0 generic C, 1 BMI1, 2 AVX-512F/BW, 3 AVX-512
 * VBMI2); this file is built once per level with PC__NONOGRAM_EMITTER forcing
 * it (see lib/nonogram/local.mk), so every level is checked against the
 * per-line scalar scan wherever the CPU can run it (elsewhere it skips). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* 1 when this CPU runs the forced level's instructions. */
static int cpu_runs_level(int level)
{
#if defined(__GNUC__) && defined(__x86_64__)
    __builtin_cpu_init();
    if (level >= 1 && !(__builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt")))
        return 0;
    if (level >= 2 && !(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")))
        return 0;
    if (level >= 3 && !__builtin_cpu_supports("avx512vbmi2"))
        return 0;
    return 1;
#else
    return level == 0;
#endif
}

int main(void)
{
    if (!cpu_runs_level(PC__NONOGRAM_EMITTER)) {
        printf("1..0 # SKIP this CPU does not run kernel level %d\n", (int)PC__NONOGRAM_EMITTER);
        return 0;
    }
    pc_rng *r;
    pc_rng_new(77, &r);
    const int32_t sizes[][2] = {{1, 1}, {5, 5}, {64, 64}, {63, 129}, {128, 1}, {1, 200}, {300, 70}, {65, 257},
                                {2, 65535}, {65535, 1}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int32_t w = sizes[s][0], h = sizes[s][1];
        uint8_t *g = malloc((size_t)w * (size_t)h);
        int agree = 1;
        for (int variant = 0; variant < 5; variant++) {
            for (int32_t i = 0; i < w * h; i++) {
                uint64_t v;
                pc_rng_uniform(r, variant == 3 ? 256 : 2 + (uint64_t)variant, &v);
                /* variant 2: sparse; 3: bytes other than 0/1/2 too; 4: all
                 * filled (one run as long as the line, up to 65535) */
                g[i] = (uint8_t)(variant == 4 ? 1 : variant == 2 ? (v == 0) : v);
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
