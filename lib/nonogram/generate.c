/*
 * The seeded generator (doc/nonogram-solving.md, "Generating").
 *
 * 1. Picture: smooth value noise in integer arithmetic only (so every
 *    platform draws the same picture): a coarse lattice of random heights,
 *    bilinearly interpolated, plus a 3x3-blurred fine noise at a quarter of
 *    the weight; thresholded at the median (exactly floor(w*h/2) cells
 *    filled, ties broken by position).  A picture with a line of length > 2
 *    all one colour is drawn again.
 * 2. Repair: the solver works on the picture's clues at the requested grade
 *    (propagation for LINE, probing for PROBE, probing then a search of at
 *    most 2000 nodes for SEARCH).  While it leaves cells open (at SEARCH
 *    grade: finds a second solution, or runs out of nodes), 1 + open/32 of
 *    the open cells (of the cells where the two solutions differ) are chosen
 *    with the generator and flipped in the picture, and the clues are
 *    recomputed.  The picture is always a solution of its clues, so when the
 *    solver settles every cell the puzzle is unique.
 * 3. After too many flips the picture is redrawn (same generator: still
 *    deterministic).
 *
 * The caller's pc_budget bounds the whole run: one node is one uniqueness
 * check of a candidate picture plus every search node inside it (the
 * solver's nodes are counted cumulatively across checks); time, memory,
 * progress (bound: the cells the running check has settled, as the solver
 * reports) and the cancel flag are those of the solver's meter.  The budget only ever stops the run (PC_ELIMIT,
 * PC_ECANCELLED): the fixed per-check node cap above is what the picture
 * depends on, so a run that finishes gives the same picture under any budget.
 */
#include <stdlib.h>
#include <string.h>

#include "common/budget.h"
#include "common/rng.h"
#include "nonogram/clues.h"
#include "nonogram/solve.h"
#include "puzzlecore/nonogram.h"
#include "common/alloc.h"

/* Search nodes allowed per uniqueness check at SEARCH grade. */
#define PC__GEN_SEARCH_NODES 2000
/* Largest side: the repair loop re-solves the whole grid after each round
 * of flips, so time grows fast with size (120 x 120: about a second). */
#define PC__GEN_MAX_SIDE 128

typedef struct {
    int64_t v;
    int32_t i;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

/* Draw a picture; 0 on success, -1 on no memory. */
static int draw_picture(struct pc_rng *r, int32_t w, int32_t h, uint8_t *pic, int64_t *val, keyed *ord)
{
    int32_t n = w * h;
    int32_t side = w < h ? w : h;
    int32_t cell = side / 6;
    if (cell < 2)
        cell = 2;
    int32_t lw = w / cell + 2, lh = h / cell + 2;
    int64_t *lat = pc__malloc(sizeof(int64_t) * (size_t)lw * (size_t)lh);
    int64_t *fine = pc__malloc(sizeof(int64_t) * (size_t)n);
    if (!lat || !fine) {
        pc__free(lat);
        pc__free(fine);
        return -1;
    }
    for (int32_t i = 0; i < lw * lh; i++)
        lat[i] = (int64_t)(pc__rng_next(r) >> 44); /* 20 bits */
    for (int32_t i = 0; i < n; i++)
        fine[i] = (int64_t)(pc__rng_next(r) >> 44);
    for (int32_t y = 0; y < h; y++) {
        for (int32_t x = 0; x < w; x++) {
            int32_t gx = x / cell, gy = y / cell, fx = x % cell, fy = y % cell;
            int64_t a = lat[gy * lw + gx], b = lat[gy * lw + gx + 1];
            int64_t c = lat[(gy + 1) * lw + gx], d = lat[(gy + 1) * lw + gx + 1];
            int64_t top = a * (cell - fx) + b * fx, bot = c * (cell - fx) + d * fx;
            int64_t coarse = (top * (cell - fy) + bot * fy); /* scale cell^2 */
            int64_t blur = 0;
            int32_t cnt = 0;
            for (int32_t dy = -1; dy <= 1; dy++)
                for (int32_t dx = -1; dx <= 1; dx++) {
                    int32_t xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= w || yy >= h)
                        continue;
                    blur += fine[yy * w + xx];
                    cnt++;
                }
            /* coarse in [0, 2^20 * cell^2), blur/cnt in [0, 2^20) */
            val[y * w + x] = coarse * 4 + (blur / cnt) * (int64_t)cell * cell;
        }
    }
    pc__free(lat);
    pc__free(fine);
    for (int32_t i = 0; i < n; i++) {
        ord[i].v = val[i];
        ord[i].i = i;
    }
    qsort(ord, (size_t)n, sizeof *ord, cmp_keyed);
    memset(pic, 0, (size_t)n);
    for (int32_t i = n - n / 2; i < n; i++)
        pic[ord[i].i] = 1;
    return 0;
}

static int mixed_lines(const uint8_t *pic, int32_t w, int32_t h)
{
    if (w > 2)
        for (int32_t y = 0; y < h; y++) {
            int32_t s = 0;
            for (int32_t x = 0; x < w; x++)
                s += pic[y * w + x];
            if (s == 0 || s == w)
                return 0;
        }
    if (h > 2)
        for (int32_t x = 0; x < w; x++) {
            int32_t s = 0;
            for (int32_t y = 0; y < h; y++)
                s += pic[y * w + x];
            if (s == 0 || s == h)
                return 0;
        }
    return 1;
}

/* Count one uniqueness check (a node) before it starts: PC_OK, or the
 * meter's PC_ELIMIT / PC_ECANCELLED.  *total is the run's node count. */
static int32_t gen_node(pc__meter *mt, int64_t *total)
{
    if (mt->status != PC_OK)
        return mt->status;
    if (mt->max_nodes > 0 && *total >= mt->max_nodes)
        return mt->status = PC_ELIMIT;
    ++*total;
    /* the meter refuses nodes >= max_nodes; this node is allowed */
    mt->nodes = mt->max_nodes > 0 && *total >= mt->max_nodes ? mt->max_nodes - 1 : *total;
    return pc__meter_check(mt);
}

/* The generator's own arrays. */
typedef struct gen_bufs {
    uint8_t *pic;   /* the picture, 0/1 */
    uint8_t *two;   /* two solutions found by a check */
    int64_t *val;   /* draw_picture's noise ... */
    keyed *ord;     /* ... and its order */
    int32_t *rc, *rcl, *cc, *ccl; /* the picture's clues */
    int32_t *open;  /* the cells a check left open */
} gen_bufs;

/* Bytes held by the arrays of gen_alloc, counted against the memory limit. */
static uint64_t gen_bytes(int32_t w, int32_t h)
{
    uint64_t n = (uint64_t)w * (uint64_t)h;
    return n * (3 + 2 * sizeof(int64_t) + sizeof(int32_t) * 3 + sizeof(keyed)) +
           (uint64_t)(w + h) * 2 * sizeof(int32_t);
}

static void gen_free(gen_bufs *b)
{
    pc__free(b->pic);
    pc__free(b->two);
    pc__free(b->val);
    pc__free(b->ord);
    pc__free(b->rc);
    pc__free(b->cc);
    pc__free(b->rcl);
    pc__free(b->ccl);
    pc__free(b->open);
}

/* 0, or -1 when memory ran out (gen_free frees what was had). */
static int gen_alloc(gen_bufs *b, int32_t w, int32_t h)
{
    int32_t n = w * h;
    b->pic = pc__malloc((size_t)n);
    b->two = pc__malloc(2 * (size_t)n);
    b->val = pc__malloc(sizeof(int64_t) * (size_t)n);
    b->ord = pc__malloc(sizeof(keyed) * (size_t)n);
    b->rc = pc__malloc(sizeof(int32_t) * (size_t)h);
    b->cc = pc__malloc(sizeof(int32_t) * (size_t)w);
    b->rcl = pc__malloc(sizeof(int32_t) * (size_t)(n + h));
    b->ccl = pc__malloc(sizeof(int32_t) * (size_t)(n + w));
    b->open = pc__malloc(sizeof(int32_t) * (size_t)n);
    return b->pic && b->two && b->val && b->ord && b->rc && b->cc && b->rcl && b->ccl && b->open ? 0 : -1;
}

/* Draw pictures until one has no line all one colour (at most 100): 1
 * drawn, 0 none, -1 no memory. */
static int draw_mixed(struct pc_rng *r, int32_t w, int32_t h, gen_bufs *b)
{
    for (int32_t tries = 0; tries < 100; tries++) {
        if (draw_picture(r, w, h, b->pic, b->val, b->ord))
            return -1;
        if (mixed_lines(b->pic, w, h))
            return 1;
    }
    return 0;
}

/* One uniqueness check of the picture's clues at max_grade: into b->open
 * the cells the solver leaves open, or at SEARCH grade, when the search
 * ends within its nodes, none (unique) or the cells where two solutions
 * differ.  Their number, or a negative status.  *total: the run's nodes,
 * the solver counting on from there. */
static int32_t open_cells(int32_t w, int32_t h, int32_t max_grade, pc__meter *mt, uint64_t own, gen_bufs *b,
                          int64_t *total)
{
    int32_t n = w * h;
    int32_t *counts[2] = {b->rc, b->cc}, *clues[2] = {b->rcl, b->ccl};
    pc__nonogram_grid_scan(b->pic, w, h, pc__nonogram_lut(PC__NLUT_FILLED), counts, clues, NULL);
    pc__nsolver *s = NULL;
    int32_t e = pc__nsolver_new(w, h, b->rc, b->rcl, b->cc, b->ccl, &s);
    if (e != PC_OK)
        return e;
    if (pc__meter_over_bytes(mt, own, s->stats.bytes)) {
        pc__nsolver_free(s);
        return PC_ELIMIT;
    }
    pc__nsolver_reset(s, NULL);
    s->stats.nodes = *total;
    s->budget.meter = mt;
    int32_t nopen = 0;
    s->probe.enabled = max_grade >= PC_NONOGRAM_GRADE_PROBE;
    int res = s->probe.enabled ? pc__nsolver_probe(s) : pc__nsolver_propagate(s);
    /* the picture is a solution: no contradiction; an abort is the budget */
    if (res == PC__NS_ABORT) {
        pc__nsolver_free(s);
        return mt->status != PC_OK ? mt->status : PC_ELIMIT;
    }
    for (int32_t i = 0; i < n; i++)
        if (s->grid.cells[i] == PC__NU)
            b->open[nopen++] = i;
    if (nopen && max_grade == PC_NONOGRAM_GRADE_SEARCH) {
        /* search, within a node budget: unique is accepted; two solutions
         * give the cells where they differ; past the budget the cells
         * probing left open are used */
        int32_t found = 0;
        s->budget.max_nodes = s->stats.nodes + PC__GEN_SEARCH_NODES;
        int sr = pc__nsolver_solve(s, 2, b->two, 2, &found, NULL);
        if (sr == PC__NS_ABORT && mt->status != PC_OK) {
            pc__nsolver_free(s);
            return mt->status;
        }
        if (sr == PC__NS_OK && (found == 1 || found == 2)) {
            nopen = 0;
            if (found == 2)
                for (int32_t i = 0; i < n; i++)
                    if (b->two[i] != b->two[n + i])
                        b->open[nopen++] = i;
        }
    }
    *total = s->stats.nodes;
    pc__nsolver_free(s);
    return nopen;
}

/* Flip one open cell in 32 (at least one) in the picture, chosen by the
 * generator. */
static void flip_open(struct pc_rng *r, gen_bufs *b, int32_t nopen)
{
    int32_t flips = 1 + nopen / 32;
    for (int32_t f = 0; f < flips; f++) {
        int32_t j = f + pc__rng_below(r, nopen - f);
        int32_t c = b->open[j];
        b->open[j] = b->open[f];
        b->open[f] = c;
        b->pic[c] ^= 1;
    }
}

/* Repair a drawn picture (step 2 at the top of the file), one check a node:
 * PC_OK when it became unique (into cells), 1 when it is to be drawn again
 * (too many flips, or a line flipped all one colour), or a status. */
static int32_t repair_picture(int32_t w, int32_t h, int32_t max_grade, pc__meter *mt, uint64_t own, gen_bufs *b,
                              struct pc_rng *r, int64_t *total, uint8_t *cells)
{
    int32_t max_flips = 4 * (w + h) + 16;
    for (int32_t flip = 0; flip <= max_flips; flip++) {
        int32_t e = gen_node(mt, total);
        if (e != PC_OK)
            return e;
        int32_t nopen = open_cells(w, h, max_grade, mt, own, b, total);
        if (nopen < 0)
            return nopen;
        if (nopen == 0) {
            if (!mixed_lines(b->pic, w, h) && flip != 0)
                return 1;
            memcpy(cells, b->pic, (size_t)w * (size_t)h);
            return PC_OK;
        }
        flip_open(r, b, nopen);
    }
    return 1;
}

/* The generator under a running meter (see the top of the file). */
static int32_t generate_metered(int32_t w, int32_t h, uint64_t seed, int32_t max_grade, pc__meter *mt,
                                uint8_t *cells, size_t cap)
{
    if (!cells || max_grade < PC_NONOGRAM_GRADE_LINE || max_grade > PC_NONOGRAM_GRADE_SEARCH || w < 1 || h < 1)
        return PC_EINVAL;
    if (w < 2 || h < 2 || w > PC__GEN_MAX_SIDE || h > PC__GEN_MAX_SIDE)
        return PC_ERANGE;
    if (cap < (size_t)w * (size_t)h)
        return PC_ESPACE;
    struct pc_rng r;
    pc__rng_seed(&r, seed);
    gen_bufs b;
    uint64_t own = gen_bytes(w, h);
    int32_t status = PC_ELIMIT;
    int64_t total = 0;
    if (gen_alloc(&b, w, h)) {
        status = PC_ENOMEM;
    } else if (mt->status != PC_OK || pc__meter_over_bytes(mt, 0, own)) {
        status = mt->status != PC_OK ? mt->status : PC_ELIMIT;
    } else {
        for (int32_t attempt = 0; attempt < 64; attempt++) {
            int d = draw_mixed(&r, w, h, &b);
            if (d < 0) {
                status = PC_ENOMEM;
                break;
            }
            if (!d)
                continue;
            int32_t e = repair_picture(w, h, max_grade, mt, own, &b, &r, &total, cells);
            if (e != 1) {
                status = e;
                break;
            }
        }
    }
    gen_free(&b);
    return status;
}

int32_t pc_nonogram_generate_cells(int32_t w, int32_t h, uint64_t seed, int32_t max_grade,
                                   const pc_budget *budget, uint8_t *cells, size_t cap)
{
    pc__meter m;
    int32_t rc = pc__meter_start(&m, budget);
    if (rc != PC_OK)
        return rc;
    return generate_metered(w, h, seed, max_grade, &m, cells, cap);
}
