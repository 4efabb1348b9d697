/*
 * Colour pictures and uniqueness (doc/nonogram.md, "Colour"):
 *
 * - the seeded generator: a picture of blobs (ellipses of random colours
 *   drawn over each other until about 55% of the cells are coloured, every
 *   colour present), then repaired: while the solver at the requested grade
 *   leaves cells open (at SEARCH grade: finds a second solution within
 *   PC__CGEN_NODES nodes), 1 + open/32 open cells take another value they
 *   may still take, and the clues are recomputed.  The picture is always a
 *   solution of its own clues, so when nothing is open it is unique.
 * - from a caller's picture: is it unique; which cells are ambiguous (some
 *   solution differs there); a small set of givens that makes it unique; a
 *   nearby unique picture (the same repair, from the caller's picture).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/budget.h"
#include "common/rng.h"
#include "nonogram/clues.h"
#include "nonogram/colour.h"
#include "nonogram/puzzle.h"

enum { PC__CGEN_NODES = 2000, PC__CGEN_MAX_SIDE = 128 };

typedef struct {
    int32_t w, h, ncol;
    int32_t *counts[2], *clues[2];
    uint8_t *cols[2];
    uint32_t *masks;
    uint8_t *sols;
    int32_t *order;
} work;

static void work_free(work *k)
{
    for (int a = 0; a < 2; a++) {
        pc__free(k->counts[a]);
        pc__free(k->clues[a]);
        pc__free(k->cols[a]);
    }
    pc__free(k->masks);
    pc__free(k->sols);
    pc__free(k->order);
}

static int32_t work_init(work *k, int32_t w, int32_t h, int32_t ncol)
{
    memset(k, 0, sizeof *k);
    k->w = w;
    k->h = h;
    k->ncol = ncol;
    size_t N = (size_t)w * (size_t)h;
    k->counts[0] = pc__malloc((size_t)h * sizeof(int32_t));
    k->counts[1] = pc__malloc((size_t)w * sizeof(int32_t));
    for (int a = 0; a < 2; a++) {
        k->clues[a] = pc__malloc(N * sizeof(int32_t));
        k->cols[a] = pc__malloc(N);
    }
    k->masks = pc__malloc(N * sizeof(uint32_t));
    k->sols = pc__malloc(2 * N);
    k->order = pc__malloc(N * sizeof(int32_t));
    if (!k->counts[0] || !k->counts[1] || !k->clues[0] || !k->clues[1] || !k->cols[0] || !k->cols[1] || !k->masks ||
        !k->sols || !k->order) {
        work_free(k);
        return PC_ENOMEM;
    }
    return PC_OK;
}

static void clues_of(work *k, const uint8_t *pic)
{
    const uint8_t *lut = pc__nonogram_lut(PC__NLUT_INDEX);
    pc__nonogram_grid_scan(pic, k->w, k->h, lut, k->counts, k->clues, k->cols);
}

static int32_t solve_k(work *k, const uint8_t *givens, int32_t max, pc__meter *m, int64_t *st)
{
    const int32_t *cc[2] = {k->counts[0], k->counts[1]}, *cl[2] = {k->clues[0], k->clues[1]};
    const uint8_t *co[2] = {k->cols[0], k->cols[1]};
    return pc__ncol_solve_metered(k->w, k->h, k->ncol, cc, cl, co, givens, max, m, k->sols,
                                  2 * (size_t)k->w * (size_t)k->h, st, st ? PC_NONOGRAM_STAT_COUNT : 0);
}

static int32_t settle_k(work *k, const uint8_t *givens, int32_t level, pc__meter *m)
{
    const int32_t *cc[2] = {k->counts[0], k->counts[1]}, *cl[2] = {k->clues[0], k->clues[1]};
    const uint8_t *co[2] = {k->cols[0], k->cols[1]};
    return pc__ncol_settle(k->w, k->h, k->ncol, cc, cl, co, givens, level, m, k->masks);
}

static int popc(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* Cells the solver leaves open at `grade` into k->order[0 .. n); returns n
 * or a negative status.  `nodes` caps the SEARCH-grade check (a fresh meter
 * per check, so the result does not depend on the clock). */
static int32_t open_cells(work *k, const uint8_t *pic, int32_t grade, pc__meter *outer)
{
    size_t N = (size_t)k->w * (size_t)k->h;
    pc__meter local;
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = PC__CGEN_NODES;
    b.max_seconds = -1;
    pc__meter *m = outer;
    if (!m) {
        pc__meter_start(&local, &b);
        m = &local;
    }
    clues_of(k, pic);
    int32_t r = settle_k(k, NULL, grade >= PC_NONOGRAM_GRADE_PROBE ? PC_NONOGRAM_GRADE_PROBE : grade, m);
    if (r < 0)
        return r;
    if (r != 0)
        return PC_EINVAL; /* cannot happen: the picture solves its clues */
    int32_t n = 0;
    for (size_t i = 0; i < N; i++)
        if (popc(k->masks[i]) > 1)
            k->order[n++] = (int32_t)i;
    if (n == 0 || grade < PC_NONOGRAM_GRADE_SEARCH)
        return n;
    if (!outer) {
        pc__meter_start(&local, &b);
        m = &local;
    }
    r = solve_k(k, NULL, 2, m, NULL);
    if (r == 1)
        return 0;
    if (r == 2) {
        n = 0;
        for (size_t i = 0; i < N; i++)
            if (k->sols[i] != k->sols[N + i])
                k->order[n++] = (int32_t)i;
        return n;
    }
    if (r == PC_ELIMIT && !outer)
        return n; /* over the node cap: the open cells of probing */
    return r < 0 ? r : PC_EINVAL;
}

/* Change 1 + n/32 of the open cells to another value they may take. */
static int32_t flip_some(work *k, uint8_t *pic, int32_t n, struct pc_rng *r)
{
    int32_t flips = 1 + n / 32, done = 0;
    pc__rng_shuffle_i32(r, k->order, (size_t)n);
    for (int32_t i = 0; i < n && done < flips; i++) {
        int32_t c = k->order[i];
        uint32_t m = k->masks[c] & ~(1u << pic[c]);
        if (!m)
            m = ((1u << (k->ncol + 1)) - 1) & ~(1u << pic[c]);
        int32_t cnt = popc(m), pick = pc__rng_below(r, cnt);
        for (uint8_t v = 0; v <= k->ncol; v++)
            if (m & (1u << v)) {
                if (pick-- == 0) {
                    pic[c] = v;
                    break;
                }
            }
        done++;
    }
    return done;
}

static void draw_blobs(struct pc_rng *r, int32_t w, int32_t h, int32_t ncol, uint8_t *pic)
{
    size_t N = (size_t)w * (size_t)h, filled = 0;
    memset(pic, 0, N);
    int32_t maxr = (w < h ? w : h) / 4;
    if (maxr < 2)
        maxr = 2;
    for (int guard = 0; guard < 4000 && filled * 100 < N * 55; guard++) {
        int32_t c = 1 + pc__rng_below(r, ncol), cx = pc__rng_below(r, w), cy = pc__rng_below(r, h);
        int32_t rx = 1 + pc__rng_below(r, maxr), ry = 1 + pc__rng_below(r, maxr);
        for (int32_t y = cy - ry; y <= cy + ry; y++)
            for (int32_t x = cx - rx; x <= cx + rx; x++) {
                if (x < 0 || y < 0 || x >= w || y >= h)
                    continue;
                int64_t dx = x - cx, dy = y - cy;
                if (dx * dx * ry * ry + dy * dy * rx * rx > (int64_t)rx * rx * ry * ry)
                    continue;
                uint8_t *p = pic + (size_t)y * (size_t)w + (size_t)x;
                filled += *p == 0;
                *p = (uint8_t)c;
            }
    }
    /* every colour present */
    for (int32_t c = 1; c <= ncol; c++) {
        size_t i = 0;
        while (i < N && pic[i] != c)
            i++;
        if (i == N)
            pic[pc__rng_uniform(r, N)] = (uint8_t)c;
    }
}

/* Repair a picture in place until unique at `grade`; *changes counts the
 * flips.  PC_OK, PC_ELIMIT (rounds exhausted or the outer budget) or a
 * status. */
static int32_t repair(work *k, uint8_t *pic, int32_t grade, struct pc_rng *r, pc__meter *outer, int32_t rounds)
{
    for (int32_t round = 0; round < rounds; round++) {
        int32_t n = open_cells(k, pic, grade, outer);
        if (n < 0)
            return n;
        if (n == 0)
            return PC_OK;
        flip_some(k, pic, n, r);
    }
    return PC_ELIMIT;
}

static int32_t check_args(int32_t w, int32_t h, int32_t ncol)
{
    if (ncol < 1 || ncol > PC_NONOGRAM_MAX_COLOURS)
        return PC_EINVAL;
    return pc__nonogram_check_size(w, h);
}

int32_t pc_nonogram_generate_colour_cells(int32_t w, int32_t h, int32_t ncolours, uint64_t seed, int32_t max_grade,
                                          uint8_t *cells, size_t cap)
{
    if (w < 2 || h < 2 || !cells || max_grade < PC_NONOGRAM_GRADE_LINE || max_grade > PC_NONOGRAM_GRADE_SEARCH ||
        ncolours < 1 || ncolours > PC_NONOGRAM_MAX_COLOURS)
        return PC_EINVAL;
    if (w > PC__CGEN_MAX_SIDE || h > PC__CGEN_MAX_SIDE)
        return PC_ERANGE;
    size_t N = (size_t)w * (size_t)h;
    if (cap < N)
        return PC_ESPACE;
    work k;
    int32_t rc = work_init(&k, w, h, ncolours);
    if (rc != PC_OK)
        return rc;
    uint8_t *pic = pc__malloc(N);
    struct pc_rng r;
    pc__rng_seed(&r, seed ^ 0xc0105c0105ull);
    rc = pic ? PC_ELIMIT : PC_ENOMEM;
    for (int attempt = 0; pic && attempt < 8 && rc == PC_ELIMIT; attempt++) {
        draw_blobs(&r, w, h, ncolours, pic);
        rc = repair(&k, pic, max_grade, &r, NULL, 40 + (int32_t)(N / 8));
    }
    if (rc == PC_OK)
        memcpy(cells, pic, N);
    pc__free(pic);
    work_free(&k);
    return rc;
}

/* The palette of generated puzzles: the first n of these colours. */
static const char GEN_PALETTE[] = ". ffffff white\nk 000000 black\nr e02020 red\ng 20a040 green\nb 2050e0 blue\n"
                                  "y f0d020 yellow\nm c030c0 magenta\nc 20c0c0 cyan\no f08020 orange\n";

int32_t pc__ncol_default_palette(int32_t ncol, struct pc__ncpalette *p)
{
    if (ncol == 1) {
        pc__ncpalette_default(p);
        return PC_OK;
    }
    int32_t rc = pc__ncpalette_parse(GEN_PALETTE, sizeof GEN_PALETTE - 1, p, NULL, 0);
    if (rc == PC_OK)
        p->n = ncol;
    return rc;
}

int32_t pc_nonogram_generate_colour(int32_t w, int32_t h, int32_t ncolours, uint64_t seed, int32_t max_grade,
                                    pc_nonogram **out)
{
    if (!out)
        return PC_EINVAL;
    if (w > PC__CGEN_MAX_SIDE || h > PC__CGEN_MAX_SIDE)
        return PC_ERANGE;
    if (w < 2 || h < 2)
        return PC_EINVAL;
    size_t N = (size_t)w * (size_t)h;
    uint8_t *cells = pc__malloc(N);
    if (!cells)
        return PC_ENOMEM;
    int32_t rc = pc_nonogram_generate_colour_cells(w, h, ncolours, seed, max_grade, cells, N);
    pc_nonogram *g = NULL;
    struct pc__ncpalette p;
    if (rc == PC_OK)
        rc = pc__ncol_default_palette(ncolours, &p);
    if (rc == PC_OK)
        rc = pc__ncol_new_from_cells(w, h, &p, cells, NULL, 0, &g);
    if (rc == PC_OK) {
        char id[80];
        int n = snprintf(id, sizeof id, "gen-%dx%d-c%d-%llu", (int)w, (int)h, (int)ncolours, (unsigned long long)seed);
        rc = pc_nonogram_set_id(g, id, (size_t)n);
    }
    pc__free(cells);
    if (rc != PC_OK) {
        pc_nonogram_free(g);
        return rc;
    }
    *out = g;
    return PC_OK;
}

/* ---- from a picture ---------------------------------------------------------------- */

static int32_t picture_args(int32_t w, int32_t h, int32_t ncol, const uint8_t *cells, size_t n)
{
    int32_t rc = check_args(w, h, ncol);
    if (rc != PC_OK)
        return rc;
    if (!cells || n != (size_t)w * (size_t)h)
        return PC_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (cells[i] > ncol)
            return PC_EINVAL;
    return PC_OK;
}

/* A picture with more than one solution (the two found in k->sols): the
 * cells where a found solution differs are ambiguous; each other cell left
 * open by probing is tested with each value it may take (givens: scratch of
 * w*h bytes).  PC_OK or a status. */
static int32_t mark_ambiguous(work *k, const uint8_t *cells, uint8_t *amb, uint8_t *givens, pc__meter *m)
{
    size_t n = (size_t)k->w * (size_t)k->h;
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < n; i++)
            amb[i] |= k->sols[(size_t)s * n + i] != cells[i];
    int32_t rc = settle_k(k, NULL, PC_NONOGRAM_GRADE_PROBE, m);
    if (rc < 0)
        return rc;
    uint32_t *masks = pc__malloc(n * sizeof(uint32_t));
    if (!masks)
        return PC_ENOMEM;
    memcpy(masks, k->masks, n * sizeof(uint32_t));
    memset(givens, PC_NONOGRAM_COLOUR_UNKNOWN, n);
    rc = PC_OK;
    for (size_t c = 0; c < n && rc == PC_OK; c++) {
        if (amb[c] || popc(masks[c]) < 2)
            continue;
        for (uint8_t v = 0; v <= k->ncol && !amb[c]; v++) {
            if (v == cells[c] || !(masks[c] & (1u << v)))
                continue;
            givens[c] = v;
            int32_t r = solve_k(k, givens, 1, m, NULL);
            givens[c] = PC_NONOGRAM_COLOUR_UNKNOWN;
            if (r < 0) {
                rc = r;
                break;
            }
            if (r == 1)
                for (size_t i = 0; i < n; i++)
                    amb[i] |= k->sols[i] != cells[i];
        }
    }
    pc__free(masks);
    return rc;
}

/* The cells flagged among n (0/1 each) into *count (NULL: not wanted). */
static void put_count(const uint8_t *flags, size_t n, int32_t *count)
{
    int32_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += flags[i];
    if (count)
        *count = c;
}

/* The start of each picture call: the arguments checked (`out`, cap bytes:
 * the caller's buffer, required when `need_out`, else NULL or of at least n
 * bytes), the budget's meter started, the work area made.  PC_OK, or an
 * error with nothing to free. */
static int32_t picture_start(int32_t w, int32_t h, int32_t ncol, const uint8_t *cells, size_t n, const void *out,
                             size_t cap, int need_out, const pc_budget *budget, pc__meter *m, work *k)
{
    int32_t rc = picture_args(w, h, ncol, cells, n);
    if (rc != PC_OK)
        return rc;
    if (need_out ? !out || cap < n : out && cap < n)
        return out ? PC_ESPACE : PC_EINVAL;
    rc = pc__meter_start(m, budget);
    if (rc != PC_OK)
        return rc;
    return work_init(k, w, h, ncol);
}

int32_t pc_nonogram_picture_check(int32_t w, int32_t h, int32_t ncolours, const uint8_t *cells, size_t n,
                                  const pc_budget *budget, uint8_t *ambiguous, size_t cap, int32_t *nambiguous)
{
    pc__meter m;
    work k;
    int32_t rc = picture_start(w, h, ncolours, cells, n, ambiguous, cap, 0, budget, &m, &k);
    if (rc != PC_OK)
        return rc;
    uint8_t *amb = pc__calloc(n, 1), *givens = pc__malloc(n);
    if (!amb || !givens) {
        rc = PC_ENOMEM;
        goto out;
    }
    clues_of(&k, cells);
    rc = solve_k(&k, NULL, 2, &m, NULL);
    if (rc < 0)
        goto out;
    int32_t unique = rc == 1;
    if (!unique) {
        rc = mark_ambiguous(&k, cells, amb, givens, &m);
        if (rc != PC_OK)
            goto out;
    }
    if (ambiguous)
        memcpy(ambiguous, amb, n);
    put_count(amb, n, nambiguous);
    rc = unique;
out:
    pc__free(amb);
    pc__free(givens);
    work_free(&k);
    return rc;
}

int32_t pc_nonogram_picture_givens(int32_t w, int32_t h, int32_t ncolours, const uint8_t *cells, size_t n,
                                   const pc_budget *budget, uint8_t *givens, size_t cap, int32_t *ngivens)
{
    pc__meter m;
    work k;
    int32_t rc = picture_start(w, h, ncolours, cells, n, givens, cap, 1, budget, &m, &k);
    if (rc != PC_OK)
        return rc;
    uint8_t *g = pc__malloc(n);
    int32_t *added = pc__malloc(n * sizeof(int32_t));
    int32_t nadded = 0;
    if (!g || !added) {
        rc = PC_ENOMEM;
        goto out;
    }
    memset(g, PC_NONOGRAM_COLOUR_UNKNOWN, n);
    clues_of(&k, cells);
    for (;;) {
        int32_t r = solve_k(&k, g, 2, &m, NULL);
        if (r < 0) {
            rc = r;
            goto out;
        }
        if (r == 1)
            break;
        /* a second solution: give the first cell where it differs from the picture */
        const uint8_t *other = memcmp(k.sols, cells, n) != 0 ? k.sols : k.sols + n;
        size_t d = 0;
        while (d < n && other[d] == cells[d])
            d++;
        if (d == n || r != 2) { /* cannot happen: the picture is a solution */
            rc = PC_EINVAL;
            goto out;
        }
        g[d] = cells[d];
        added[nadded++] = (int32_t)d;
    }
    /* drop givens that are not needed, last first */
    for (int32_t i = nadded - 1; i >= 0; i--) {
        int32_t d = added[i];
        g[d] = PC_NONOGRAM_COLOUR_UNKNOWN;
        int32_t r = solve_k(&k, g, 2, &m, NULL);
        if (r < 0) {
            rc = r;
            goto out;
        }
        if (r != 1)
            g[d] = cells[d];
    }
    for (size_t i = 0; i < n; i++)
        givens[i] = g[i] != PC_NONOGRAM_COLOUR_UNKNOWN;
    put_count(givens, n, ngivens);
    rc = PC_OK;
out:
    pc__free(g);
    pc__free(added);
    work_free(&k);
    return rc;
}

int32_t pc_nonogram_picture_nearby(int32_t w, int32_t h, int32_t ncolours, const uint8_t *cells, size_t n,
                                   const pc_budget *budget, uint8_t *out, size_t cap, int32_t *changed)
{
    pc__meter m;
    work k;
    int32_t rc = picture_start(w, h, ncolours, cells, n, out, cap, 1, budget, &m, &k);
    if (rc != PC_OK)
        return rc;
    uint8_t *pic = pc__malloc(n);
    if (!pic) {
        work_free(&k);
        return PC_ENOMEM;
    }
    memcpy(pic, cells, n);
    struct pc_rng r;
    pc__rng_seed(&r, m.seed ^ 0x9e3779b97f4a7c15ull);
    rc = repair(&k, pic, PC_NONOGRAM_GRADE_SEARCH, &r, &m, 1000000);
    if (rc == PC_OK) {
        /* checked: the picture's clues have exactly one solution */
        clues_of(&k, pic);
        int32_t s = solve_k(&k, NULL, 2, &m, NULL);
        rc = s == 1 ? PC_OK : s < 0 ? s : PC_EINVAL;
    }
    if (rc == PC_OK) {
        int32_t c = 0;
        for (size_t i = 0; i < n; i++)
            c += pic[i] != cells[i];
        memcpy(out, pic, n);
        if (changed)
            *changed = c;
    }
    pc__free(pic);
    work_free(&k);
    return rc;
}
