/*
 * bench/nonogram_clueset.h — the clues of a grid, for the nonogram
 * benchmarks to verify every solution they are given (bench/nonogram_solve,
 * bench/nonogram_tcga).  Public API only; a benchmark's own helper, not part
 * of the library.
 */
#ifndef PUZZLECORE_BENCH_NONOGRAM_CLUESET_H
#define PUZZLECORE_BENCH_NONOGRAM_CLUESET_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"

/* Every line's clue count (rc, cc) and the clues one line after the other
 * (rcl, ccl: nr and nc of them), as pc_nonogram_grid_clues writes them. */
typedef struct {
    int32_t w, h;
    int32_t *rc, *rcl, *cc, *ccl;
    size_t nr, nc;
} clueset;

/* c's arrays for a w x h grid, with room for every clue a line may have;
 * returns that room (clues per axis). */
static size_t clueset_alloc(clueset *c, int32_t w, int32_t h)
{
    size_t cap = (size_t)w * (size_t)h + (size_t)(w + h);
    c->w = w;
    c->h = h;
    c->rc = malloc(sizeof(int32_t) * (size_t)h);
    c->cc = malloc(sizeof(int32_t) * (size_t)w);
    c->rcl = malloc(sizeof(int32_t) * cap);
    c->ccl = malloc(sizeof(int32_t) * cap);
    c->nr = c->nc = 0;
    return cap;
}

/* The clues of the w x h grid g (1 = filled). */
static void clues_of(const uint8_t *g, int32_t w, int32_t h, clueset *c)
{
    size_t cap = clueset_alloc(c, w, h);
    pc_nonogram_grid_clues(g, w, h, PC_NONOGRAM_ROWS, c->rc, c->rcl, cap, &c->nr);
    pc_nonogram_grid_clues(g, w, h, PC_NONOGRAM_COLS, c->cc, c->ccl, cap, &c->nc);
}

static void clues_free(clueset *c)
{
    free(c->rc);
    free(c->rcl);
    free(c->cc);
    free(c->ccl);
}

/* 1 when grid s meets the clues c. */
static int verify(const uint8_t *s, const clueset *c)
{
    clueset d;
    clues_of(s, c->w, c->h, &d);
    int good = d.nr == c->nr && d.nc == c->nc && memcmp(d.rc, c->rc, sizeof(int32_t) * (size_t)c->h) == 0 &&
               memcmp(d.cc, c->cc, sizeof(int32_t) * (size_t)c->w) == 0 &&
               memcmp(d.rcl, c->rcl, sizeof(int32_t) * c->nr) == 0 &&
               memcmp(d.ccl, c->ccl, sizeof(int32_t) * c->nc) == 0;
    clues_free(&d);
    return good;
}

#endif
