/*
 * bench/nonogram_clues — speed of clue computation.
 *
 *   bench/nonogram_clues [SIDE] [REPEATS]      (default 4096 x 4096, 7 repeats)
 *
 * Prints, for a random SIDE x SIDE grid (each cell filled with probability
 * 1/2, the worst case: a run every 4 cells), the best-of-REPEATS time of
 *   - memcpy of the same SIDE*SIDE bytes (measured in the same run),
 *   - all row clues, all column clues, and both in one call
 *     (pc_nonogram_grid_clues),
 *   - the per-line scalar function over every row and column,
 * as cells per second and as a ratio to memcpy's bytes per second (target:
 * every clue of the grid, rows and columns, at >= 0.2 of memcpy's speed), then the cost of one cell change on a puzzle of
 * that size (incremental: one row and one column, O(w + h)).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int32_t side = argc > 1 ? atoi(argv[1]) : 4096;
    int reps = argc > 2 ? atoi(argv[2]) : 7;
    if (side < 1 || side > 16384 || reps < 1) {
        fprintf(stderr, "usage: nonogram_clues [SIDE<=16384] [REPEATS]\n");
        return 2;
    }
    size_t n = (size_t)side * (size_t)side;
    uint8_t *grid = malloc(n), *copy = malloc(n);
    size_t cap = (size_t)side * (size_t)((side + 1) / 2);
    int32_t *clues = malloc(cap * sizeof *clues), *counts = malloc((size_t)side * sizeof *counts);
    if (!grid || !copy || !clues || !counts)
        return 1;
    pc_rng *r;
    pc_rng_new(1, &r);
    for (size_t i = 0; i < n; i += 8) {
        uint64_t bits = pc_rng_next(r);
        for (size_t k = 0; k < 8 && i + k < n; k++)
            grid[i + k] = (uint8_t)((bits >> (8 * k)) & 1);
    }
    memset(copy, 0, n);

    double best_copy = 1e9, best_rows = 1e9, best_cols = 1e9, best_both = 1e9, best_scalar = 1e9;
    size_t total_rows = 0, total_cols = 0, total_both = 0;
    int32_t *counts2 = malloc(2 * (size_t)side * sizeof *counts2);
    int32_t *clues2 = malloc(2 * cap * sizeof *clues2);
    if (!counts2 || !clues2)
        return 1;
    volatile uint8_t sink = 0;
    for (int rep = 0; rep < reps; rep++) {
        double t0 = now();
        memcpy(copy, grid, n);
        double t1 = now();
        sink ^= copy[(size_t)rep % n];
        pc_nonogram_grid_clues(grid, side, side, PC_NONOGRAM_ROWS, counts, clues, cap, &total_rows);
        double t2 = now();
        pc_nonogram_grid_clues(grid, side, side, PC_NONOGRAM_COLS, counts, clues, cap, &total_cols);
        double t3 = now();
        pc_nonogram_grid_clues(grid, side, side, PC_NONOGRAM_BOTH, counts2, clues2, 2 * cap, &total_both);
        double t4 = now();
        if (t4 - t3 < best_both)
            best_both = t4 - t3;
        if (t1 - t0 < best_copy)
            best_copy = t1 - t0;
        if (t2 - t1 < best_rows)
            best_rows = t2 - t1;
        if (t3 - t2 < best_cols)
            best_cols = t3 - t2;
    }
    for (int rep = 0; rep < (reps < 3 ? reps : 3); rep++) {
        double t0 = now();
        int32_t cnt;
        for (int32_t y = 0; y < side; y++)
            pc_nonogram_line_clues(grid + (size_t)y * (size_t)side, side, 1, clues, (side + 1) / 2, &cnt);
        for (int32_t x = 0; x < side; x++)
            pc_nonogram_line_clues(grid + x, side, side, clues, (side + 1) / 2, &cnt);
        double t1 = now();
        if (t1 - t0 < best_scalar)
            best_scalar = t1 - t0;
    }
    /* The ratio compares throughputs: cells per second of computing every
     * clue of the grid (rows and columns, one call) against bytes per second
     * of memcpy on the same grid, i.e. t(memcpy) / t(clues). */
    printf("grid=%dx%d cells=%zu clues_rows=%zu clues_cols=%zu repeats=%d\n", (int)side, (int)side, n, total_rows,
           total_cols, reps);
    printf("memcpy seconds=%.6f bytes_per_second=%.3e\n", best_copy, (double)n / best_copy);
    printf("rows seconds=%.6f cells_per_second=%.3e ratio_to_memcpy=%.3f\n", best_rows, (double)n / best_rows,
           best_copy / best_rows);
    printf("cols seconds=%.6f cells_per_second=%.3e ratio_to_memcpy=%.3f\n", best_cols, (double)n / best_cols,
           best_copy / best_cols);
    printf("rows+cols seconds=%.6f cells_per_second=%.3e ratio_to_memcpy=%.3f target=0.200 %s\n", best_both,
           (double)n / best_both, best_copy / best_both, best_copy / best_both >= 0.2 ? "met" : "MISSED");
    printf("scalar_lines rows+cols seconds=%.6f ratio_to_memcpy=%.3f\n", best_scalar, best_copy / best_scalar);

    /* one cell change on a side x side puzzle */
    char *bits = malloc(n);
    for (size_t i = 0; i < n; i++)
        bits[i] = (char)('0' + grid[i]);
    pc_nonogram *g = NULL;
    double t0 = now();
    if (pc_nonogram_new_from_solution(side, side, bits, n, NULL, 0, &g) != PC_OK)
        return 1;
    double t1 = now();
    int changes = 20000;
    for (int i = 0; i < changes; i++)
        pc_nonogram_set_cell(g, (int32_t)(pc_rng_next(r) % (uint64_t)side), (int32_t)(pc_rng_next(r) % (uint64_t)side),
                             (int32_t)(pc_rng_next(r) % 3));
    double t2 = now();
    printf("puzzle_new seconds=%.6f\n", t1 - t0);
    printf("cell_change microseconds=%.3f lines_per_change=%.1f (one row + one column)\n",
           (t2 - t1) / changes * 1e6, (double)(pc_nonogram_lines_evaluated(g) - 2 * side) / changes);
    pc_nonogram_free(g);
    free(bits);
    pc_rng_free(r);
    free(grid);
    free(copy);
    free(clues);
    free(counts);
    free(clues2);
    free(counts2);
    return (int)(sink & 0);
}
