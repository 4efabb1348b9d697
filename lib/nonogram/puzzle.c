/*
 * pc_nonogram: a puzzle's clues and solution, and the player's grid with
 * its per-line "satisfied" flags, kept up to date incrementally: a change
 * re-examines only the rows and columns it touched (the seed's
 * recalculation of changed lines), each in O(line length).
 */
#include "nonogram/puzzle.h"

#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "nonogram/clues.h"
#include "common/alloc.h"

int32_t pc__nonogram_check_size(int64_t w, int64_t h)
{
    if (w < 1 || h < 1 || w > PC_NONOGRAM_MAX_SIDE || h > PC_NONOGRAM_MAX_SIDE || w * h > PC_NONOGRAM_MAX_CELLS)
        return PC_ERANGE;
    return PC_OK;
}

int32_t pc__nonogram_size_error(int64_t w, int64_t h, int32_t line, int32_t col, char *err, size_t errcap)
{
    if (pc__nonogram_check_size(w, h) == PC_OK)
        return PC_OK;
    pc__parse_error(err, errcap, line, col, "size %lldx%lld out of range (1..%d per side, %d cells)", (long long)w,
                    (long long)h, (int)PC_NONOGRAM_MAX_SIDE, (int)PC_NONOGRAM_MAX_CELLS);
    return PC_ERANGE;
}

/* ---- line bookkeeping ----------------------------------------------------------- */

static const uint8_t *line_start(const pc_nonogram *g, const uint8_t *grid, int axis, int32_t i, size_t *len,
                                 size_t *stride)
{
    if (axis == PC_NONOGRAM_ROWS) {
        *len = (size_t)g->w;
        *stride = 1;
        return grid + (size_t)i * (size_t)g->w;
    }
    *len = (size_t)g->h;
    *stride = (size_t)g->w;
    return grid + i;
}

static void evaluate_line(pc_nonogram *g, int axis, int32_t i)
{
    size_t len, stride;
    const uint8_t *p = line_start(g, g->cells, axis, i, &len, &stride);
    const int32_t *c = g->clue[axis] + g->off[axis][i];
    size_t n = (size_t)(g->off[axis][i + 1] - g->off[axis][i]);
    const uint8_t *col = g->ccol[axis] ? g->ccol[axis] + g->off[axis][i] : NULL; /* NULL: one colour */
    uint8_t now = (uint8_t)pc__nonogram_line_matches_colour(p, len, stride, c, col, n);
    g->nsat[axis] += (int32_t)now - (int32_t)g->sat[axis][i];
    g->sat[axis][i] = now;
    g->evaluated++;
}

void pc__nonogram_refresh(pc_nonogram *g)
{
    for (int32_t y = 0; y < g->h; y++)
        evaluate_line(g, PC_NONOGRAM_ROWS, y);
    for (int32_t x = 0; x < g->w; x++)
        evaluate_line(g, PC_NONOGRAM_COLS, x);
}

/* ---- construction --------------------------------------------------------------- */

int32_t pc__nonogram_make(int32_t w, int32_t h, int32_t *off[2], int32_t *clue[2], uint8_t *solution,
                          pc_nonogram **out)
{
    pc_nonogram *g = pc__calloc(1, sizeof *g);
    size_t n = (size_t)w * (size_t)h;
    if (!g)
        return PC_ENOMEM;
    g->cells = pc__calloc(n, 1);
    g->sat[0] = pc__calloc((size_t)h, 1);
    g->sat[1] = pc__calloc((size_t)w, 1);
    if (!g->cells || !g->sat[0] || !g->sat[1]) {
        pc__free(g->cells);
        pc__free(g->sat[0]);
        pc__free(g->sat[1]);
        pc__free(g);
        return PC_ENOMEM;
    }
    g->w = w;
    g->h = h;
    g->ncol = 1;
    for (int a = 0; a < 2; a++) {
        g->off[a] = off[a];
        g->clue[a] = clue[a];
    }
    g->solution = solution;
    pc__nonogram_refresh(g);
    *out = g;
    return PC_OK;
}

int32_t pc_nonogram_new_from_solution(int32_t w, int32_t h, const char *bits, size_t len, char *err,
                                      size_t errcap, pc_nonogram **out)
{
    if (!out || (!bits && len))
        return PC_EINVAL;
    int32_t rc = pc__nonogram_size_error(w, h, 0, 0, err, errcap);
    if (rc != PC_OK)
        return rc;
    size_t n = (size_t)w * (size_t)h, k = 0;
    uint8_t *sol = pc__malloc(n);
    if (!sol)
        return PC_ENOMEM;
    int32_t line = 1, col = 0;
    for (size_t i = 0; i < len; i++) {
        char c = bits[i];
        col++;
        if (c == '\n') {
            line++;
            col = 0;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r')
            continue;
        if (c != '0' && c != '1') {
            pc__free(sol);
            return pc__parse_error(err, errcap, line, col, "expected '0' or '1', found '%c' (byte %u)",
                                   c >= 32 && c < 127 ? c : '?', (unsigned)(unsigned char)c);
        }
        if (k == n) {
            pc__free(sol);
            return pc__parse_error(err, errcap, line, col, "more than %zu cells for a %dx%d puzzle", n, (int)w,
                                   (int)h);
        }
        sol[k++] = (uint8_t)(c - '0');
    }
    if (k != n) {
        pc__free(sol);
        return pc__parse_error(err, errcap, 0, 0, "%zu cells given, a %dx%d puzzle needs %zu", k, (int)w, (int)h,
                               n);
    }
    return pc__nonogram_from_grid(w, h, sol, out);
}

/* The clues of a one-colour solution grid, straight from the whole-grid
 * kernel (clues.c): the black-and-white constructor's core, and the
 * one-colour case of the colour constructor (colour.c). */
int32_t pc__nonogram_from_grid(int32_t w, int32_t h, uint8_t *sol, pc_nonogram **out)
{
    int32_t *off[2] = {NULL, NULL}, *clue[2] = {NULL, NULL};
    int32_t rc = PC_ENOMEM;
    off[0] = pc__malloc(((size_t)h + 1) * sizeof(int32_t));
    off[1] = pc__malloc(((size_t)w + 1) * sizeof(int32_t));
    size_t cap[2] = {(size_t)h * pc__nonogram_max_clues((size_t)w), (size_t)w * pc__nonogram_max_clues((size_t)h)};
    clue[0] = pc__malloc(cap[0] * sizeof(int32_t));
    clue[1] = pc__malloc(cap[1] * sizeof(int32_t));
    if (off[0] && off[1] && clue[0] && clue[1]) {
        for (int a = 0; a < 2; a++) {
            int32_t lines = a == 0 ? h : w;
            size_t total = 0;
            /* counts go into off[a][1..] and are turned into offsets */
            rc = pc_nonogram_grid_clues(sol, w, h, a, off[a] + 1, clue[a], cap[a], &total);
            if (rc != PC_OK)
                break;
            off[a][0] = 0;
            for (int32_t i = 0; i < lines; i++)
                off[a][i + 1] += off[a][i];
            int32_t *shrunk = pc__realloc(clue[a], (total ? total : 1) * sizeof(int32_t));
            if (shrunk)
                clue[a] = shrunk;
        }
        if (rc == PC_OK)
            rc = pc__nonogram_make(w, h, off, clue, sol, out);
    }
    if (rc != PC_OK) {
        for (int a = 0; a < 2; a++) {
            pc__free(off[a]);
            pc__free(clue[a]);
        }
        pc__free(sol);
    }
    return rc;
}

static const char *const axis_name[2] = {"row", "column"};

/* One axis of a clue set: each line's count fits, each clue is >= 1 (or a
 * lone 0) with a colour in 1..ncol (colours NULL: one colour), the clues fit
 * the line (a gap between neighbours of the same colour); filled[c] adds the
 * cells of colour c.  The copies are malloc'd into *off_out, *clue_out and
 * (ccol_out not NULL) *ccol_out. */
static int32_t check_axis(int a, int32_t lines, int32_t len, int32_t ncol, const int32_t *counts,
                          const int32_t *clues, const uint8_t *colours, int64_t *filled, int32_t **off_out,
                          int32_t **clue_out, uint8_t **ccol_out, char *err, size_t errcap)
{
    int32_t most = ncol == 1 ? (int32_t)pc__nonogram_max_clues((size_t)len) : len;
    int64_t total = 0;
    for (int32_t i = 0; i < lines; i++) {
        if (counts[i] < 1 || counts[i] > most) {
            pc__parse_error(err, errcap, 0, 0, "%s %d: %d clues cannot fit in %d cells", axis_name[a], (int)i + 1,
                            (int)counts[i], (int)len);
            return PC_EINVAL;
        }
        total += counts[i];
    }
    int32_t *off = pc__malloc(((size_t)lines + 1) * sizeof(int32_t));
    int32_t *clue = pc__malloc((size_t)(total ? total : 1) * sizeof(int32_t));
    uint8_t *ccol = ccol_out ? pc__malloc((size_t)(total ? total : 1)) : NULL;
    int32_t rc = off && clue && (ccol || !ccol_out) ? PC_OK : PC_ENOMEM;
    int64_t k = 0;
    if (rc == PC_OK)
        off[0] = 0;
    for (int32_t i = 0; i < lines && rc == PC_OK; i++) {
        int64_t need = 0;
        for (int32_t j = 0; j < counts[i] && rc == PC_OK; j++, k++) {
            int32_t v = clues[k], c = !v ? 0 : colours ? colours[k] : 1;
            if (v < 0 || (v == 0 && counts[i] != 1)) {
                pc__parse_error(err, errcap, 0, 0, "%s %d: clue %d is %d (clues are >= 1, or a lone 0)",
                                axis_name[a], (int)i + 1, (int)j + 1, (int)v);
                rc = PC_EINVAL;
            } else if (v && (c < 1 || c > ncol)) {
                pc__parse_error(err, errcap, 0, 0, "%s %d: clue %d has colour %d (1..%d)", axis_name[a], (int)i + 1,
                                (int)j + 1, (int)c, (int)ncol);
                rc = PC_EINVAL;
            }
            if (rc != PC_OK)
                break;
            need += v + (j > 0 && (colours ? colours[k - 1] : 1) == c ? 1 : 0);
            filled[c] += v;
            clue[k] = v;
            if (ccol)
                ccol[k] = (uint8_t)c;
        }
        if (rc == PC_OK && need > len) {
            pc__parse_error(err, errcap, 0, 0, "%s %d: clues need %lld cells, the line has %d", axis_name[a],
                            (int)i + 1, (long long)need, (int)len);
            rc = PC_EINVAL;
        }
        if (rc == PC_OK)
            off[i + 1] = (int32_t)k;
    }
    if (rc != PC_OK) {
        pc__free(off);
        pc__free(clue);
        pc__free(ccol);
        return rc;
    }
    *off_out = off;
    *clue_out = clue;
    if (ccol_out)
        *ccol_out = ccol;
    return PC_OK;
}

int32_t pc__nonogram_check_clues_colour(int32_t w, int32_t h, int32_t ncol, const int32_t *counts[2],
                                        const int32_t *clues[2], const uint8_t *colours[2], int32_t *off_out[2],
                                        int32_t *clue_out[2], uint8_t *ccol_out[2], char *err, size_t errcap)
{
    int64_t filled[2][PC_NONOGRAM_MAX_COLOURS + 1];
    int32_t *off[2] = {NULL, NULL}, *clue[2] = {NULL, NULL};
    uint8_t *ccol[2] = {NULL, NULL};
    int32_t rc = PC_OK;
    memset(filled, 0, sizeof filled);
    for (int a = 0; a < 2 && rc == PC_OK; a++)
        rc = check_axis(a, a == 0 ? h : w, a == 0 ? w : h, ncol, counts[a], clues[a], colours ? colours[a] : NULL,
                        filled[a], &off[a], &clue[a], ccol_out ? &ccol[a] : NULL, err, errcap);
    for (int32_t c = 1; rc == PC_OK && c <= ncol; c++)
        if (filled[0][c] != filled[1][c]) {
            if (ncol == 1)
                pc__parse_error(err, errcap, 0, 0, "rows fill %lld cells but columns fill %lld",
                                (long long)filled[0][c], (long long)filled[1][c]);
            else
                pc__parse_error(err, errcap, 0, 0, "rows fill %lld cells of colour %d but columns fill %lld",
                                (long long)filled[0][c], (int)c, (long long)filled[1][c]);
            rc = PC_EINVAL;
        }
    for (int a = 0; a < 2; a++) {
        if (rc != PC_OK) {
            pc__free(off[a]);
            pc__free(clue[a]);
            pc__free(ccol[a]);
            continue;
        }
        off_out[a] = off[a];
        clue_out[a] = clue[a];
        if (ccol_out)
            ccol_out[a] = ccol[a];
    }
    return rc;
}

int32_t pc__nonogram_check_clues(int32_t w, int32_t h, const int32_t *counts[2], const int32_t *clues[2],
                                 int32_t *off_out[2], int32_t *clue_out[2], char *err, size_t errcap)
{
    return pc__nonogram_check_clues_colour(w, h, 1, counts, clues, NULL, off_out, clue_out, NULL, err, errcap);
}

int32_t pc_nonogram_new_from_clues(int32_t w, int32_t h, const int32_t *row_counts, const int32_t *row_clues,
                                   const int32_t *col_counts, const int32_t *col_clues, char *err, size_t errcap,
                                   pc_nonogram **out)
{
    if (!out || !row_counts || !row_clues || !col_counts || !col_clues)
        return PC_EINVAL;
    int32_t rc = pc__nonogram_size_error(w, h, 0, 0, err, errcap);
    if (rc != PC_OK)
        return rc;
    const int32_t *counts[2] = {row_counts, col_counts}, *clues[2] = {row_clues, col_clues};
    int32_t *off[2], *clue[2];
    rc = pc__nonogram_check_clues(w, h, counts, clues, off, clue, err, errcap);
    if (rc != PC_OK)
        return rc;
    rc = pc__nonogram_make(w, h, off, clue, NULL, out);
    if (rc != PC_OK)
        for (int a = 0; a < 2; a++) {
            pc__free(off[a]);
            pc__free(clue[a]);
        }
    return rc;
}

static void free_titles(struct pc_nonogram_title *t, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
        pc__free(t[i].lang);
        pc__free(t[i].text);
    }
    pc__free(t);
}

void pc_nonogram_free(pc_nonogram *g)
{
    if (!g)
        return;
    for (int a = 0; a < 2; a++) {
        pc__free(g->off[a]);
        pc__free(g->clue[a]);
        pc__free(g->sat[a]);
        pc__free(g->ccol[a]);
    }
    pc__free(g->pal);
    pc__free(g->solution);
    pc__free(g->cells);
    pc__free(g->id);
    free_titles(g->titles, g->ntitles);
    pc__free(g);
}

static void *dup_mem(const void *p, size_t n, int *fail)
{
    if (!p)
        return NULL;
    void *q = pc__malloc(n ? n : 1);
    if (!q)
        *fail = 1;
    else
        memcpy(q, p, n);
    return q;
}

int32_t pc_nonogram_clone(const pc_nonogram *g, pc_nonogram **out)
{
    if (!g || !out)
        return PC_EINVAL;
    pc_nonogram *c = pc__calloc(1, sizeof *c);
    if (!c)
        return PC_ENOMEM;
    int fail = 0;
    size_t n = (size_t)g->w * (size_t)g->h;
    *c = *g;
    c->titles = NULL;
    c->ntitles = 0;
    c->pal = dup_mem(g->pal, sizeof *g->pal, &fail);
    size_t lines[2] = {(size_t)g->h, (size_t)g->w};
    for (int a = 0; a < 2; a++) {
        size_t nclues = (size_t)g->off[a][lines[a]];
        c->off[a] = dup_mem(g->off[a], (lines[a] + 1) * sizeof(int32_t), &fail);
        c->clue[a] = dup_mem(g->clue[a], nclues * sizeof(int32_t), &fail);
        c->ccol[a] = dup_mem(g->ccol[a], nclues, &fail);
        c->sat[a] = dup_mem(g->sat[a], lines[a], &fail);
    }
    c->solution = dup_mem(g->solution, n, &fail);
    c->cells = dup_mem(g->cells, n, &fail);
    c->id = dup_mem(g->id, g->id_len + 1, &fail);
    if (g->ntitles) {
        c->titles = pc__calloc((size_t)g->ntitles, sizeof *c->titles);
        if (!c->titles)
            fail = 1;
        for (int32_t i = 0; !fail && i < g->ntitles; i++) {
            c->titles[i].lang = dup_mem(g->titles[i].lang, strlen(g->titles[i].lang) + 1, &fail);
            c->titles[i].text = dup_mem(g->titles[i].text, g->titles[i].len + 1, &fail);
            c->titles[i].len = g->titles[i].len;
            c->ntitles = i + 1;
        }
    }
    if (fail) {
        pc_nonogram_free(c);
        return PC_ENOMEM;
    }
    *out = c;
    return PC_OK;
}

/* ---- accessors ------------------------------------------------------------------- */

int32_t pc_nonogram_width(const pc_nonogram *g)
{
    return g ? g->w : PC_EINVAL;
}

int32_t pc_nonogram_height(const pc_nonogram *g)
{
    return g ? g->h : PC_EINVAL;
}

int32_t pc_nonogram_has_solution(const pc_nonogram *g)
{
    return g ? g->solution != NULL : PC_EINVAL;
}

static int in_grid(const pc_nonogram *g, int32_t x, int32_t y)
{
    return g && x >= 0 && y >= 0 && x < g->w && y < g->h;
}

static int line_ok(const pc_nonogram *g, int32_t axis, int32_t index)
{
    return g && (axis == PC_NONOGRAM_ROWS || axis == PC_NONOGRAM_COLS) && index >= 0 &&
           index < (axis == PC_NONOGRAM_ROWS ? g->h : g->w);
}

int32_t pc_nonogram_solution_cell(const pc_nonogram *g, int32_t x, int32_t y)
{
    if (!in_grid(g, x, y))
        return PC_EINVAL;
    if (!g->solution)
        return PC_ENOTFOUND;
    return g->solution[(size_t)y * (size_t)g->w + (size_t)x];
}

int32_t pc_nonogram_clue_count(const pc_nonogram *g, int32_t axis, int32_t index)
{
    if (!line_ok(g, axis, index))
        return PC_EINVAL;
    return g->off[axis][index + 1] - g->off[axis][index];
}

int32_t pc_nonogram_clues(const pc_nonogram *g, int32_t axis, int32_t index, int32_t *clues, int32_t cap,
                          int32_t *count)
{
    if (!line_ok(g, axis, index) || !count || cap < 0 || (!clues && cap))
        return PC_EINVAL;
    int32_t n = g->off[axis][index + 1] - g->off[axis][index];
    if (cap)
        memcpy(clues, g->clue[axis] + g->off[axis][index], (size_t)(n < cap ? n : cap) * sizeof(int32_t));
    *count = n;
    return cap && n > cap ? PC_ESPACE : PC_OK;
}

/* ---- the player's grid ---------------------------------------------------------------- */

/* 0 unknown, 1 filled (colour 1), 2 crossed (background), k + 1 colour k >= 2 */
static int valid_value(const pc_nonogram *g, int32_t v)
{
    return v >= PC_NONOGRAM_UNKNOWN && v <= g->ncol + 1;
}

int32_t pc_nonogram_cell(const pc_nonogram *g, int32_t x, int32_t y)
{
    if (!in_grid(g, x, y))
        return PC_EINVAL;
    return g->cells[(size_t)y * (size_t)g->w + (size_t)x];
}

int32_t pc_nonogram_set_rect(pc_nonogram *g, int32_t x, int32_t y, int32_t rw, int32_t rh, int32_t value)
{
    if (!g || !valid_value(g, value) || rw < 1 || rh < 1 || x < 0 || y < 0 || rw > g->w - x || rh > g->h - y)
        return PC_EINVAL;
    for (int32_t j = y; j < y + rh; j++)
        memset(g->cells + (size_t)j * (size_t)g->w + (size_t)x, value, (size_t)rw);
    for (int32_t j = y; j < y + rh; j++)
        evaluate_line(g, PC_NONOGRAM_ROWS, j);
    for (int32_t i = x; i < x + rw; i++)
        evaluate_line(g, PC_NONOGRAM_COLS, i);
    return PC_OK;
}

int32_t pc_nonogram_set_cell(pc_nonogram *g, int32_t x, int32_t y, int32_t value)
{
    return pc_nonogram_set_rect(g, x, y, 1, 1, value);
}

int32_t pc_nonogram_reset(pc_nonogram *g)
{
    if (!g)
        return PC_EINVAL;
    memset(g->cells, PC_NONOGRAM_UNKNOWN, (size_t)g->w * (size_t)g->h);
    pc__nonogram_refresh(g);
    return PC_OK;
}

int32_t pc__nonogram_read_cells(const pc_nonogram *g, uint8_t *cells, size_t cap, int indices)
{
    if (!g || (!cells && cap))
        return PC_EINVAL;
    size_t n = (size_t)g->w * (size_t)g->h;
    if (cap < n)
        return PC_ESPACE;
    if (!indices)
        memcpy(cells, g->cells, n);
    for (size_t i = 0; indices && i < n; i++)
        cells[i] = pc__ncode_to_index(g->cells[i]);
    return PC_OK;
}

int32_t pc__nonogram_write_cells(pc_nonogram *g, const uint8_t *cells, size_t n, int indices)
{
    if (!g || !cells || n != (size_t)g->w * (size_t)g->h)
        return PC_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (indices ? !pc__ncol_value_ok(g, cells[i]) : !valid_value(g, cells[i]))
            return PC_EINVAL;
    if (!indices)
        memcpy(g->cells, cells, n);
    for (size_t i = 0; indices && i < n; i++)
        g->cells[i] = pc__ncode_from_index(cells[i]);
    pc__nonogram_refresh(g);
    return PC_OK;
}

int32_t pc_nonogram_get_cells(const pc_nonogram *g, uint8_t *cells, size_t cap)
{
    return pc__nonogram_read_cells(g, cells, cap, 0);
}

int32_t pc_nonogram_set_cells(pc_nonogram *g, const uint8_t *cells, size_t n)
{
    return pc__nonogram_write_cells(g, cells, n, 0);
}

int32_t pc__nonogram_player_line(const pc_nonogram *g, int32_t axis, int32_t index, int32_t *clues,
                                 uint8_t *colours, int32_t cap, int32_t *count)
{
    if (!line_ok(g, axis, index) || !count || cap < 0 || (cap && !clues))
        return PC_EINVAL;
    const uint8_t *lut = pc__nonogram_lut(PC__NLUT_CODE);
    size_t len, stride;
    const uint8_t *p = line_start(g, g->cells, axis, index, &len, &stride);
    size_t n = pc__nonogram_scan_line(p, len, stride, lut, clues, colours, (size_t)cap);
    *count = (int32_t)n;
    return cap && n > (size_t)cap ? PC_ESPACE : PC_OK;
}

int32_t pc_nonogram_player_clues(const pc_nonogram *g, int32_t axis, int32_t index, int32_t *clues, int32_t cap,
                                 int32_t *count)
{
    return pc__nonogram_player_line(g, axis, index, clues, NULL, cap, count);
}

int32_t pc_nonogram_line_satisfied(const pc_nonogram *g, int32_t axis, int32_t index)
{
    if (!line_ok(g, axis, index))
        return PC_EINVAL;
    return g->sat[axis][index];
}

int32_t pc_nonogram_satisfied_count(const pc_nonogram *g, int32_t axis)
{
    if (!g || (axis != PC_NONOGRAM_ROWS && axis != PC_NONOGRAM_COLS))
        return PC_EINVAL;
    return g->nsat[axis];
}

int32_t pc_nonogram_is_solved(const pc_nonogram *g)
{
    if (!g)
        return PC_EINVAL;
    return g->nsat[0] == g->h && g->nsat[1] == g->w;
}

int32_t pc_nonogram_matches_solution(const pc_nonogram *g)
{
    if (!g)
        return PC_EINVAL;
    if (!g->solution)
        return PC_ENOTFOUND;
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++)
        if (g->cells[i] == PC_NONOGRAM_UNKNOWN ? g->solution[i] != 0 : pc__ncode_to_index(g->cells[i]) != g->solution[i])
            return 0;
    return 1;
}

int64_t pc_nonogram_lines_evaluated(const pc_nonogram *g)
{
    return g ? g->evaluated : PC_EINVAL;
}
