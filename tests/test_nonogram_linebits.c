/*
 * The bit-parallel line solver (pc__line_solve_bits, one word per DP row)
 * against the byte DP (pc__line_solve, itself checked against brute force in
 * test_nonogram_solve): the same contradictions, the same settled cells and
 * counts on random lines of every length 1..62 with random clues (some
 * perturbed so they cannot fit), random known cells (some wrong), and the
 * edge cases: no clue, a clue as long as the line, full and empty lines.
 * Built from lib/nonogram/line.c itself (internal functions).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nonogram/line.h"
#include "tap.h"

static uint64_t st = 88172645463325252u;

static uint64_t rnd(void)
{
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return st;
}

/* 1 when both solvers agree on (clues, cells). */
static int agree(pc__line_ws *ws, const int32_t *cl, int32_t k, const uint8_t *cells, int32_t n, int *contra)
{
    uint8_t out[64];
    uint64_t F = 0, E = 0, oF = 0, oE = 0;
    for (int32_t i = 0; i < n; i++) {
        F |= (uint64_t)(cells[i] == PC__NF) << i;
        E |= (uint64_t)(cells[i] == PC__NE) << i;
    }
    int32_t r1 = pc__line_solve(ws, cl, k, cells, n, out);
    int32_t r2 = pc__line_solve_bits(cl, k, n, F, E, &oF, &oE);
    if (r1 < 0 || r2 < 0) {
        *contra += 1;
        return (r1 < 0) == (r2 < 0);
    }
    uint64_t eF = 0, eE = 0;
    for (int32_t i = 0; i < n; i++) {
        eF |= (uint64_t)(out[i] == PC__NF) << i;
        eE |= (uint64_t)(out[i] == PC__NE) << i;
    }
    return eF == oF && eE == oE && r1 == r2;
}

int main(void)
{
    pc__line_ws ws;
    if (pc__line_ws_init(&ws, PC__LINE_BITS_MAX, 40, 0)) {
        ok(0, "workspace");
        return done_testing();
    }
    int bad = 0, contra = 0;
    const int trials = 40000;
    for (int it = 0; it < trials; it++) {
        int32_t n = 1 + (int32_t)(rnd() % PC__LINE_BITS_MAX), k = 0, run = 0;
        uint8_t sol[64], cells[64];
        int32_t cl[64];
        int dens = (int)(rnd() % 101);
        for (int32_t i = 0; i < n; i++)
            sol[i] = (int)(rnd() % 100) < dens;
        for (int32_t i = 0; i < n; i++) {
            if (sol[i]) {
                run++;
            } else if (run) {
                cl[k++] = run;
                run = 0;
            }
        }
        if (run)
            cl[k++] = run;
        if (rnd() % 4 == 0 && k > 0)
            cl[rnd() % (uint64_t)k] += (int32_t)(rnd() % 3) - 1;
        for (int32_t j = 0; j < k; j++)
            if (cl[j] < 1)
                cl[j] = 1;
        int known = (int)(rnd() % 100);
        for (int32_t i = 0; i < n; i++) {
            cells[i] = 0;
            if ((int)(rnd() % 100) < known)
                cells[i] = rnd() % 8 == 0 ? (uint8_t)(1 + rnd() % 2) : (uint8_t)(sol[i] ? PC__NF : PC__NE);
        }
        bad += !agree(&ws, cl, k, cells, n, &contra);
    }
    ok(bad == 0, "%d random lines of 1..%d cells: bit-parallel = byte DP (%d disagree, %d contradictions)", trials,
       PC__LINE_BITS_MAX, bad, contra);
    ok(contra > trials / 10 && contra < trials * 9 / 10, "both outcomes exercised (%d contradictions)", contra);

    /* edge cases on the longest line */
    uint8_t cells[64] = {0};
    int32_t n = PC__LINE_BITS_MAX, full = PC__LINE_BITS_MAX, c = 0;
    ok(agree(&ws, NULL, 0, cells, n, &c), "no clue, all unknown");
    ok(agree(&ws, &full, 1, cells, n, &c), "one clue filling the line");
    cells[5] = PC__NE;
    ok(agree(&ws, &full, 1, cells, n, &c) && c == 1, "a full clue over an empty cell contradicts");
    cells[5] = PC__NF;
    ok(agree(&ws, NULL, 0, cells, n, &c) && c == 2, "no clue over a filled cell contradicts");
    int32_t ones[31];
    for (int i = 0; i < 31; i++)
        ones[i] = 1;
    memset(cells, 0, sizeof cells);
    ok(agree(&ws, ones, 31, cells, 61, &c) && c == 2, "31 ones in 61 cells: settled");
    ok(agree(&ws, ones, 31, cells, 60, &c) && c == 3, "31 ones in 60 cells: contradiction");
    uint64_t oF = 0, oE = 0;
    is_int(pc__line_solve_bits(ones, 31, 61, 0, 0, &oF, &oE), 61, "31 ones in 61 cells settle all 61");
    ok(oF == 0x1555555555555555u && oE == 0x0AAAAAAAAAAAAAAAu, "alternating cells");
    pc__line_ws_free(&ws);
    return done_testing();
}
