/*
 * The solver's calls on a pc_nonogram handle: solve, grade, consistency,
 * mistakes and hints.  They read the puzzle through its public accessors and
 * never change it.
 */
#include <stdlib.h>
#include <string.h>

#include "nonogram/solve.h"
#include "nonogram/solve_sat.h"
#include "puzzlecore/nonogram.h"
#include "puzzlecore/nonogram_colour.h"
#include "common/alloc.h"

/* A colour puzzle (more than one colour) goes to lib/nonogram/colour_solve.c. */
static int is_colour(const pc_nonogram *g)
{
    return g && pc_nonogram_colour_count(g) > 1;
}

int32_t pc__nonogram_get_clues(const pc_nonogram *g, int32_t *w, int32_t *h, int32_t **row_counts,
                               int32_t **row_clues, int32_t **col_counts, int32_t **col_clues)
{
    int32_t W = pc_nonogram_width(g), H = pc_nonogram_height(g);
    if (W < 1 || H < 1)
        return PC_EINVAL;
    int32_t *counts[2] = {NULL, NULL}, *clues[2] = {NULL, NULL};
    int32_t rc = PC_OK;
    for (int32_t axis = 0; axis < 2 && rc == PC_OK; axis++) {
        int32_t n = axis == PC_NONOGRAM_ROWS ? H : W;
        counts[axis] = pc__malloc(sizeof(int32_t) * (size_t)n);
        size_t total = 0;
        if (!counts[axis]) {
            rc = PC_ENOMEM;
            break;
        }
        for (int32_t i = 0; i < n; i++) {
            int32_t c = pc_nonogram_clue_count(g, axis, i);
            if (c < 0) {
                rc = c;
                break;
            }
            counts[axis][i] = c;
            total += (size_t)c;
        }
        if (rc != PC_OK)
            break;
        clues[axis] = pc__malloc(sizeof(int32_t) * (total ? total : 1));
        if (!clues[axis]) {
            rc = PC_ENOMEM;
            break;
        }
        size_t p = 0;
        for (int32_t i = 0; i < n && rc == PC_OK; i++) {
            int32_t got = 0;
            rc = pc_nonogram_clues(g, axis, i, clues[axis] + p, counts[axis][i], &got);
            p += (size_t)counts[axis][i];
        }
    }
    if (rc != PC_OK) {
        for (int a = 0; a < 2; a++) {
            pc__free(counts[a]);
            pc__free(clues[a]);
        }
        return rc;
    }
    *w = W;
    *h = H;
    *row_counts = counts[PC_NONOGRAM_ROWS];
    *row_clues = clues[PC_NONOGRAM_ROWS];
    *col_counts = counts[PC_NONOGRAM_COLS];
    *col_clues = clues[PC_NONOGRAM_COLS];
    return PC_OK;
}

typedef struct {
    int32_t w, h;
    int32_t *rc, *rcl, *cc, *ccl;
} clueset;

static int32_t get_set(const pc_nonogram *g, clueset *cs)
{
    memset(cs, 0, sizeof *cs);
    if (!g)
        return PC_EINVAL;
    return pc__nonogram_get_clues(g, &cs->w, &cs->h, &cs->rc, &cs->rcl, &cs->cc, &cs->ccl);
}

static void free_set(clueset *cs)
{
    pc__free(cs->rc);
    pc__free(cs->rcl);
    pc__free(cs->cc);
    pc__free(cs->ccl);
}

int32_t pc_nonogram_solve(const pc_nonogram *g, int32_t max_solutions, const pc_budget *budget,
                          uint8_t *solutions, size_t cap, int64_t *stats, size_t nstats)
{
    if (is_colour(g))
        return pc_nonogram_solve_colour(g, 0, max_solutions, budget, solutions, cap, stats, nstats);
    clueset cs;
    int32_t rc = get_set(g, &cs);
    if (rc != PC_OK)
        return rc;
    rc = pc_nonogram_solve_clues(cs.w, cs.h, cs.rc, cs.rcl, cs.cc, cs.ccl, NULL, max_solutions, budget, solutions,
                                 cap, stats, nstats);
    free_set(&cs);
    return rc;
}

int32_t pc_nonogram_grade(const pc_nonogram *g, const pc_budget *budget, int64_t *stats, size_t nstats)
{
    int64_t st[PC_NONOGRAM_STAT_COUNT] = {0};
    if (!stats && nstats)
        return PC_EINVAL;
    int32_t rc = pc_nonogram_solve(g, 2, budget, NULL, 0, st, PC_NONOGRAM_STAT_COUNT);
    if (rc != PC_EINVAL)
        pc__nonogram_copy_stats(st, stats, nstats);
    if (rc < 0)
        return rc;
    return (int32_t)st[PC_NONOGRAM_STAT_GRADE];
}

/* The player's grid as solver givens (same encoding: 0 / 1 / 2). */
static uint8_t *player_cells(const pc_nonogram *g, int32_t w, int32_t h)
{
    uint8_t *c = pc__malloc((size_t)w * (size_t)h);
    if (c && pc_nonogram_get_cells(g, c, (size_t)w * (size_t)h) != PC_OK) {
        pc__free(c);
        return NULL;
    }
    return c;
}

int32_t pc_nonogram_consistent(const pc_nonogram *g, const pc_budget *budget)
{
    if (is_colour(g)) {
        int32_t r = pc_nonogram_solve_colour(g, 1, 1, budget, NULL, 0, NULL, 0);
        return r < 0 ? r : r > 0;
    }
    clueset cs;
    int32_t rc = get_set(g, &cs);
    if (rc != PC_OK)
        return rc;
    uint8_t *cells = player_cells(g, cs.w, cs.h);
    if (!cells) {
        free_set(&cs);
        return PC_ENOMEM;
    }
    rc = pc_nonogram_solve_clues(cs.w, cs.h, cs.rc, cs.rcl, cs.cc, cs.ccl, cells, 1, budget, NULL, 0,
                                 NULL, 0);
    pc__free(cells);
    free_set(&cs);
    return rc < 0 ? rc : rc > 0;
}

/* The one mistakes rule of black-and-white and colour puzzles: a decided
 * cell whose palette index differs from the solution's (the stored one,
 * else the clues' unique solution from pc_nonogram_solve, which takes the
 * black-and-white solver for one colour). */
int32_t pc_nonogram_colour_mistakes(const pc_nonogram *g, const pc_budget *budget, uint8_t *marks, size_t cap)
{
    if (!g || (!marks && cap))
        return PC_EINVAL;
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    size_t n = (size_t)w * (size_t)h;
    if (cap < n)
        return PC_ESPACE;
    uint8_t *sol = pc__malloc(3 * n); /* two solutions, then the player's cells */
    if (!sol)
        return PC_ENOMEM;
    uint8_t *cells = sol + 2 * n;
    int32_t rc = pc_nonogram_get_colour_cells(g, cells, n);
    if (rc == PC_OK && pc_nonogram_has_solution(g) == 1) {
        for (size_t i = 0; i < n && rc == PC_OK; i++) {
            int32_t v = pc_nonogram_solution_cell(g, (int32_t)(i % (size_t)w), (int32_t)(i / (size_t)w));
            rc = v < 0 ? v : PC_OK;
            sol[i] = (uint8_t)v;
        }
    } else if (rc == PC_OK) {
        rc = pc_nonogram_solve(g, 2, budget, sol, 2 * n, NULL, 0);
        rc = rc == 1 ? PC_OK : rc < 0 ? rc : PC_ENOTFOUND;
    }
    int32_t count = 0;
    for (size_t i = 0; rc == PC_OK && i < n; i++) {
        uint8_t bad = cells[i] != PC_NONOGRAM_COLOUR_UNKNOWN && cells[i] != sol[i];
        marks[i] = bad;
        count += bad;
    }
    pc__free(sol);
    return rc == PC_OK ? count : rc;
}

int32_t pc_nonogram_mistakes(const pc_nonogram *g, uint8_t *marks, size_t cap)
{
    if (!marks)
        return PC_EINVAL;
    return pc_nonogram_colour_mistakes(g, NULL, marks, cap);
}

/* Hint step 1, one line at a time: the line whose line logic settles most
 * (the first such), its first settled cell.  PC_OK (hint->kind 0 when no
 * line settles anything) or PC_EILLEGAL (hint->line breaks). */
static int32_t hint_line(pc__nsolver *s, pc__nhint *hint)
{
    int32_t best = 0;
    uint8_t *lbuf = s->lsolve.lbuf, *lout = s->lsolve.lout;
    for (int32_t line = 0; line < s->nlines; line++) {
        int32_t base, stride, n;
        pc__ns_line_span(s, line, &base, &stride, &n);
        for (int32_t i = 0; i < n; i++)
            lbuf[i] = s->grid.cells[base + i * stride];
        int32_t r = pc__line_solve(&s->lsolve.ws, pc__ns_line_clues(s, line), s->clues.count[line], lbuf, n, lout);
        if (r < 0) {
            hint->line = line;
            return PC_EILLEGAL;
        }
        if (r > best) {
            best = r;
            hint->line = line;
            for (int32_t i = 0; i < n; i++)
                if (lbuf[i] == PC__NU && lout[i] != PC__NU) {
                    pc__nhint_cell(hint, s->w, (size_t)(base + i * stride), lout[i], line, 0);
                    break;
                }
        }
    }
    if (best > 0)
        hint->kind = PC_NONOGRAM_HINT_LINE;
    return PC_OK;
}

/* Hint step 2, probing: the first cell one of whose values breaks a line
 * once propagated (the other value is the hint, the broken line its
 * reason).  PC_OK (hint->kind 0: none), PC_EILLEGAL (both values break) or
 * the budget's status. */
static int32_t hint_probe(pc__nsolver *s, pc__nhint *hint)
{
    int pr = pc__nsolver_propagate(s);
    if (pr == PC__NS_ABORT)
        return s->budget.abort_status;
    if (pr != PC__NS_OK) /* cannot happen after step 1 */
        return PC_EILLEGAL;
    for (int32_t c = 0; c < s->ncells; c++) {
        if (s->grid.cells[c] != PC__NU)
            continue;
        int32_t mark = s->grid.trail_len;
        int bad[3] = {0, 0, 0};
        int32_t bad_line[3] = {-1, -1, -1};
        for (uint8_t v = PC__NF; v <= PC__NE; v++) {
            pc__nsolver_set(s, c, v);
            pr = pc__nsolver_propagate(s);
            bad[v] = pr == PC__NS_CONTRA;
            bad_line[v] = s->q.bad_line;
            pc__nsolver_undo(s, mark);
            if (pr == PC__NS_ABORT)
                return s->budget.abort_status;
        }
        if (bad[PC__NF] && bad[PC__NE]) {
            hint->line = -1;
            return PC_EILLEGAL;
        }
        if (bad[PC__NF] || bad[PC__NE]) {
            uint8_t v = bad[PC__NF] ? PC__NE : PC__NF;
            pc__nhint_cell(hint, s->w, (size_t)c, v, bad_line[v == PC__NF ? PC__NE : PC__NF],
                           PC_NONOGRAM_HINT_PROBE);
            return PC_OK;
        }
    }
    return PC_OK;
}

/* Hint step 3, no logical step left: the first open cell of the player's
 * grid, from a solution that agrees with it.  PC_OK, PC_EILLEGAL (no
 * solution agrees) or an error. */
static int32_t hint_solution(pc__nsolver *s, const uint8_t *cells, pc__nhint *hint)
{
    uint8_t *sol = pc__malloc((size_t)s->ncells);
    if (!sol)
        return PC_ENOMEM;
    int32_t found = 0, rc = PC_OK;
    pc__nsolver_reset(s, cells);
    if (pc__nsolver_solve(s, 1, sol, 1, &found, NULL) == PC__NS_ABORT) {
        rc = s->budget.abort_status;
    } else if (found == 0) {
        hint->line = -1;
        rc = PC_EILLEGAL;
    } else {
        for (int32_t c = 0; c < s->ncells; c++)
            if (cells[c] == PC__NU) {
                pc__nhint_cell(hint, s->w, (size_t)c, sol[c] == PC__NF ? PC__NF : PC__NE, -1,
                               PC_NONOGRAM_HINT_SOLUTION);
                break;
            }
        hint->line = -1;
        hint->kind = PC_NONOGRAM_HINT_SOLUTION;
    }
    pc__free(sol);
    return rc;
}

/* The three steps of a black-and-white hint on the player's grid (the
 * solver reset to it). */
static int32_t hint_steps(pc__nsolver *s, const uint8_t *cells, pc__nhint *hint)
{
    int32_t rc = hint_line(s, hint);
    if (rc != PC_OK || hint->kind)
        return rc;
    if (s->grid.unknown == 0)
        return PC_ENOTFOUND;
    rc = hint_probe(s, hint);
    if (rc != PC_OK || hint->kind)
        return rc;
    return hint_solution(s, cells, hint);
}

int32_t pc_nonogram_hint(const pc_nonogram *g, const pc_budget *budget, int32_t *x, int32_t *y, int32_t *value,
                         int32_t *axis, int32_t *index)
{
    if (is_colour(g)) {
        int32_t v = -1, r = pc_nonogram_hint_colour(g, budget, x, y, &v, axis, index);
        if (value && r > 0)
            *value = v == 0 ? PC_NONOGRAM_CROSSED : v == 1 ? PC_NONOGRAM_FILLED : v + 1;
        else if (value && r == PC_EILLEGAL)
            *value = 0;
        return r;
    }
    pc__meter m;
    int32_t rc = pc__meter_start(&m, budget);
    if (rc != PC_OK)
        return rc;
    clueset cs;
    rc = get_set(g, &cs);
    if (rc != PC_OK)
        return rc;
    pc__nsolver *s = NULL;
    uint8_t *cells = player_cells(g, cs.w, cs.h);
    rc = cells ? pc__nsolver_new(cs.w, cs.h, cs.rc, cs.rcl, cs.cc, cs.ccl, &s) : PC_ENOMEM;
    if (rc == PC_OK)
        rc = pc__nsolver_reset(s, cells);
    if (rc == PC_OK && m.status != PC_OK)
        rc = m.status;
    if (rc == PC_OK) {
        pc__nhint hint = {-1, -1, 0, -1, 0};
        s->budget.meter = &m;
        rc = pc__nhint_report(&hint, cs.h, hint_steps(s, cells, &hint), x, y, value, axis, index);
    }
    pc__nsolver_free(s);
    pc__free(cells);
    free_set(&cs);
    return rc;
}

int32_t pc_nonogram_sat_backend(void)
{
    return pc__nsat_available();
}
