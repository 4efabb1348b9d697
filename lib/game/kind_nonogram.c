/*
 * pc_game kind "nonogram": the player's grid.  Moves are "fill X Y",
 * "cross X Y" and "clear X Y" (X the column, Y the row from the top, both
 * from 0); a move that would not change the cell is not a move.  The game is
 * over when the grid satisfies every clue; the score is the number of
 * satisfied lines (rows + columns, greyed clues in a UI); the suggestion is
 * the library's hint (a cell that logic decides next, under the budget).
 * Params: size=WxH (2..128, default 10x10) and grade=1..3 (the hardest
 * solving technique the generated puzzle may need: 1 line logic, 2 probing,
 * 3 search; default 1), or solution=BITS (W*H of 0/1, row by row, with size)
 * for a puzzle of your own.
 *
 * Colour: colours=N (1..8, default 1) makes a colour puzzle with the
 * generator's palette (generated, or with solution=DIGITS: W*H palette
 * indices 0..N); palette=S:RRGGBB:NAME,... (background first, 3 to 9
 * entries) gives a palette of one's own (colours=, if given too, must agree).
 * Its moves are "paint NAME X Y" (NAME a colour's name as the palette spells
 * it), "cross X Y" (background) and "clear X Y".  Its render shows '?' for
 * an undecided cell and the palette's symbols otherwise, and the clues with
 * their colours' symbols ("2r 1g").
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/kind.h"
#include "puzzlecore/nonogram.h"
#include "puzzlecore/nonogram_colour.h"
#include "common/alloc.h"

static const char *const ng_verbs[3] = {"clear", "fill", "cross"}; /* by cell value */

enum { NG_GEN_MAX_SIDE = 128 }; /* the generator's limit, and the params' */

static int32_t ng_parse_size(const pc__param *p, int32_t *w, int32_t *h, char *err, size_t errcap)
{
    const char *x = memchr(p->val, 'x', p->vlen);
    size_t a = x ? (size_t)(x - p->val) : 0;
    if (!x || !pc__word_int(p->val, a, 2, NG_GEN_MAX_SIDE, w) ||
        !pc__word_int(x + 1, p->vlen - a - 1, 2, NG_GEN_MAX_SIDE, h))
        return pc__parse_error(err, errcap, 0, 0, "size: '%.*s' is not WxH with sides from 2 to %d",
                               (int)(p->vlen > 40 ? 40 : p->vlen), p->val, NG_GEN_MAX_SIDE);
    return PC_OK;
}

/* palette=S:RRGGBB:NAME,S:RRGGBB:NAME,... (background first, 3 to 9 entries)
 * -> the palette text "S RRGGBB NAME\n..." in buf.  Positional: the symbol is
 * one character (so it may itself be ':' or ','), the name runs to the next
 * ',' (names have none).  The palette parser checks symbols and names. */
static int32_t ng_parse_palette(const pc__param *p, char *buf, size_t cap, size_t *len, int64_t *ncol, char *err,
                                size_t errcap)
{
    size_t i = 0, o = 0;
    int32_t entries = 0;
    while (i < p->vlen) {
        const char *v = p->val + i;
        size_t rest = p->vlen - i, nl = 0;
        if (rest < 10 || v[1] != ':' || v[8] != ':' || entries == PC_NONOGRAM_MAX_COLOURS + 1)
            break;
        while (9 + nl < rest && v[9 + nl] != ',')
            nl++;
        if (nl == 0 || nl > PC_NONOGRAM_MAX_NAME || o + 11 + nl > cap)
            break;
        buf[o++] = v[0];
        buf[o++] = ' ';
        memcpy(buf + o, v + 2, 6);
        o += 6;
        buf[o++] = ' ';
        memcpy(buf + o, v + 9, nl);
        o += nl;
        buf[o++] = '\n';
        entries++;
        i += 9 + nl;
        if (i == p->vlen)
            break;
        i++; /* the ',' */
        if (i == p->vlen) {
            entries = 0; /* a trailing ',' */
            break;
        }
    }
    if (i != p->vlen || entries < 3)
        return pc__parse_error(err, errcap, 0, 0,
                               "palette: not 3 to %d entries SYMBOL:RRGGBB:NAME separated by ',' "
                               "(background first)",
                               PC_NONOGRAM_MAX_COLOURS + 1);
    *len = o;
    *ncol = entries - 1;
    return PC_OK;
}

/* The palette of generated colour puzzles (pc_nonogram_generate_colour's). */
static const char ng_gen_palette[] = ". ffffff white\nk 000000 black\nr e02020 red\ng 20a040 green\n"
                                     "b 2050e0 blue\ny f0d020 yellow\nm c030c0 magenta\nc 20c0c0 cyan\n"
                                     "o f08020 orange\n";

/* What the params of a nonogram game say. */
struct ng_spec {
    int32_t w, h;
    int64_t grade, ncol, pcol; /* pcol: colours of a given palette (0: none) */
    const pc__param *sol, *colours;
    char pal[(PC_NONOGRAM_MAX_COLOURS + 1) * (PC_NONOGRAM_MAX_NAME + 12)];
    size_t plen;
};

static int32_t ng_read_params(const pc__param *p, int32_t np, struct ng_spec *sp, char *err, size_t errcap)
{
    for (int32_t i = 0; i < np; i++) {
        int32_t rc;
        if (pc__param_is(&p[i], "size"))
            rc = ng_parse_size(&p[i], &sp->w, &sp->h, err, errcap);
        else if (pc__param_is(&p[i], "grade"))
            rc = pc__param_int(&p[i], PC_NONOGRAM_GRADE_LINE, PC_NONOGRAM_GRADE_SEARCH, &sp->grade, err, errcap);
        else if (pc__param_is(&p[i], "colours")) {
            sp->colours = &p[i];
            rc = pc__param_int(&p[i], 1, PC_NONOGRAM_MAX_COLOURS, &sp->ncol, err, errcap);
        } else if (pc__param_is(&p[i], "palette"))
            rc = ng_parse_palette(&p[i], sp->pal, sizeof sp->pal, &sp->plen, &sp->pcol, err, errcap);
        else if (pc__param_is(&p[i], "solution")) {
            sp->sol = &p[i];
            rc = PC_OK;
        } else
            rc = pc__param_unknown(&p[i], "size, grade, colours, palette, solution", err, errcap);
        if (rc != PC_OK)
            return rc;
    }
    if (sp->pcol) {
        if (sp->colours && sp->ncol != sp->pcol)
            return pc__parse_error(err, errcap, 0, 0, "colours: %d, but the palette has %d colours",
                                   (int)sp->ncol, (int)sp->pcol);
        sp->ncol = sp->pcol;
    } else if (sp->ncol > 1) {
        for (int64_t k = 0; k <= sp->ncol; k++)
            sp->plen += (size_t)(strchr(ng_gen_palette + sp->plen, '\n') - (ng_gen_palette + sp->plen)) + 1;
        memcpy(sp->pal, ng_gen_palette, sp->plen);
    }
    return PC_OK;
}

/* A colour game: the given solution, or a generated one named by its seed. */
static int32_t ng_create_colour(const struct ng_spec *sp, uint64_t seed, char *err, size_t errcap, pc_nonogram **out)
{
    size_t N = (size_t)sp->w * (size_t)sp->h;
    char msg[160] = "";
    const pc__param *sol = sp->sol;
    if (sol && sol->vlen != N)
        return pc__parse_error(err, errcap, 0, 0, "solution: not W*H digits from 0 to the number of colours");
    uint8_t *cells = pc__malloc(N);
    if (!cells)
        return PC_ENOMEM;
    int32_t rc = PC_OK;
    if (!sol)
        rc = pc_nonogram_generate_colour_cells(sp->w, sp->h, (int32_t)sp->ncol, seed, (int32_t)sp->grade, cells, N);
    else
        for (size_t i = 0; i < N; i++)
            cells[i] = (uint8_t)(sol->val[i] >= '0' && sol->val[i] <= '9' ? sol->val[i] - '0' : 99);
    pc_nonogram *g = NULL;
    if (rc == PC_OK)
        rc = pc_nonogram_new_colour_from_solution(sp->w, sp->h, sp->pal, sp->plen, cells, N, msg, sizeof msg, &g);
    pc__free(cells);
    if (rc == PC_EPARSE && sp->pcol)
        return pc__parse_error(err, errcap, 0, 0, "palette: %s", msg);
    if (sol && (rc == PC_EPARSE || rc == PC_EINVAL || rc == PC_ERANGE))
        return pc__parse_error(err, errcap, 0, 0, "solution: %s",
                               msg[0] ? msg : "not W*H digits from 0 to the number of colours");
    if (rc == PC_OK && !sol) {
        char id[80];
        int n = snprintf(id, sizeof id, "gen-%dx%d-c%d-%llu", (int)sp->w, (int)sp->h, (int)sp->ncol,
                         (unsigned long long)seed);
        rc = pc_nonogram_set_id(g, id, (size_t)n);
        if (rc != PC_OK) {
            pc_nonogram_free(g);
            return rc;
        }
    }
    if (rc == PC_OK)
        *out = g;
    return rc;
}

/* A black-and-white game: the given solution, or a generated one. */
static int32_t ng_create_bw(const struct ng_spec *sp, uint64_t seed, char *err, size_t errcap, pc_nonogram **out)
{
    if (sp->sol) {
        char msg[160] = "";
        int32_t rc = pc_nonogram_new_from_solution(sp->w, sp->h, sp->sol->val, sp->sol->vlen, msg, sizeof msg, out);
        if (rc == PC_EPARSE || rc == PC_EINVAL || rc == PC_ERANGE)
            return pc__parse_error(err, errcap, 0, 0, "solution: %s", msg[0] ? msg : "not W*H cells of 0 and 1");
        return rc;
    }
    /* no time limit: the puzzle must depend on the seed only, even on a
     * slow machine (the generator is bounded by its own caps) */
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;
    return pc_nonogram_generate(sp->w, sp->h, seed, (int32_t)sp->grade, &b, out);
}

static int32_t ng_create(const pc__param *p, int32_t np, uint64_t seed, char *err, size_t errcap, void **out)
{
    struct ng_spec sp = {.w = 10, .h = 10, .grade = PC_NONOGRAM_GRADE_LINE, .ncol = 1};
    int32_t rc = ng_read_params(p, np, &sp, err, errcap);
    if (rc != PC_OK)
        return rc;
    pc_nonogram *g = NULL;
    rc = sp.ncol > 1 ? ng_create_colour(&sp, seed, err, errcap, &g) : ng_create_bw(&sp, seed, err, errcap, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

/* The params as ng_create reads them, without running the generator
 * (generating is pc_game_new's work, and what may answer PC_ELIMIT): a given
 * solution is checked by making its puzzle, a given palette by making the
 * empty puzzle in it (both cheap). */
static int32_t ng_check(const pc__param *p, int32_t np, char *err, size_t errcap)
{
    struct ng_spec sp = {.w = 10, .h = 10, .grade = PC_NONOGRAM_GRADE_LINE, .ncol = 1};
    int32_t rc = ng_read_params(p, np, &sp, err, errcap);
    if (rc != PC_OK)
        return rc;
    pc_nonogram *g = NULL;
    if (sp.sol) {
        rc = sp.ncol > 1 ? ng_create_colour(&sp, 0, err, errcap, &g) : ng_create_bw(&sp, 0, err, errcap, &g);
    } else if (sp.pcol) {
        size_t N = (size_t)sp.w * (size_t)sp.h;
        uint8_t *cells = pc__calloc(N, 1);
        char msg[160] = "";
        rc = cells ? pc_nonogram_new_colour_from_solution(sp.w, sp.h, sp.pal, sp.plen, cells, N, msg, sizeof msg, &g)
                   : PC_ENOMEM;
        pc__free(cells);
        if (rc == PC_EPARSE)
            rc = pc__parse_error(err, errcap, 0, 0, "palette: %s", msg);
    }
    pc_nonogram_free(g);
    return rc;
}

static int32_t ng_load(const char *text, size_t len, char *err, size_t errcap, void **out)
{
    pc_nonogram *g = NULL;
    int32_t rc = pc_nonogram_load(text, len, err, errcap, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t ng_save(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_nonogram_save(s, buf, cap, len);
}

static int32_t ng_clone(const void *s, void **out)
{
    pc_nonogram *c = NULL;
    int32_t rc = pc_nonogram_clone(s, &c);
    if (rc == PC_OK)
        *out = c;
    return rc;
}

static void ng_release(void *s)
{
    pc_nonogram_free(s);
}

/* Colour k's name (1 .. ncol) into name[PC_NONOGRAM_MAX_NAME + 1]. */
static void ng_colour_name(const void *s, int32_t k, char *name)
{
    size_t n = 0;
    name[0] = '\0';
    if (pc_nonogram_colour_info(s, k, NULL, NULL, name, PC_NONOGRAM_MAX_NAME + 1, &n) != PC_OK)
        name[0] = '\0';
}

static int32_t ng_moves(const void *s, pc__sb *out)
{
    int32_t w = pc_nonogram_width(s), h = pc_nonogram_height(s), ncol = pc_nonogram_colour_count(s);
    if (ncol > 1) {
        char names[PC_NONOGRAM_MAX_COLOURS + 1][PC_NONOGRAM_MAX_NAME + 1];
        for (int32_t k = 1; k <= ncol; k++)
            ng_colour_name(s, k, names[k]);
        for (int32_t y = 0; y < h; y++)
            for (int32_t x = 0; x < w; x++) {
                int32_t v = pc_nonogram_colour_cell(s, x, y);
                if (v != PC_NONOGRAM_COLOUR_UNKNOWN)
                    pc__sb_printf(out, "clear %d %d\n", (int)x, (int)y);
                if (v != 0)
                    pc__sb_printf(out, "cross %d %d\n", (int)x, (int)y);
                for (int32_t k = 1; k <= ncol; k++)
                    if (k != v)
                        pc__sb_printf(out, "paint %s %d %d\n", names[k], (int)x, (int)y);
            }
        return out->failed ? PC_ENOMEM : PC_OK;
    }
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            int32_t v = pc_nonogram_cell(s, x, y);
            for (int32_t to = 0; to < 3; to++)
                if (to != v)
                    pc__sb_printf(out, "%s %d %d\n", ng_verbs[to], (int)x, (int)y);
        }
    return out->failed ? PC_ENOMEM : PC_OK;
}

/* "paint NAME X Y" / "cross X Y" / "clear X Y" on a colour puzzle (NAME a
 * palette colour's name, spelled as the palette spells it) */
static int32_t ng_play_colour(void *s, const char *m, size_t n, int32_t ncol)
{
    const char *w[4];
    size_t wn[4];
    int32_t nw = pc__words(m, n, w, wn, 4), x, y, to = -1;
    if (nw == 4 && pc__word_is(w[0], wn[0], "paint")) {
        char name[PC_NONOGRAM_MAX_NAME + 1];
        for (int32_t k = 1; k <= ncol && to < 0; k++) {
            ng_colour_name(s, k, name);
            if (pc__word_is(w[1], wn[1], name))
                to = k;
        }
    } else if (nw == 3 && pc__word_is(w[0], wn[0], "cross"))
        to = 0;
    else if (nw == 3 && pc__word_is(w[0], wn[0], "clear"))
        to = PC_NONOGRAM_COLOUR_UNKNOWN;
    if (to < 0 || !pc__word_int(w[nw - 2], wn[nw - 2], 0, PC_NONOGRAM_MAX_SIDE - 1, &x) ||
        !pc__word_int(w[nw - 1], wn[nw - 1], 0, PC_NONOGRAM_MAX_SIDE - 1, &y))
        return PC_EPARSE;
    int32_t v = pc_nonogram_colour_cell(s, x, y);
    if (v < 0 || v == to)
        return PC_EILLEGAL; /* off the grid, or changes nothing */
    return pc_nonogram_set_colour_cell(s, x, y, to);
}

static int32_t ng_play(void *s, const char *m, size_t n)
{
    const char *w[3];
    size_t wn[3];
    int32_t x, y, to = -1;
    int32_t ncol = pc_nonogram_colour_count(s);
    if (ncol > 1)
        return ng_play_colour(s, m, n, ncol);
    if (pc__words(m, n, w, wn, 3) != 3)
        return PC_EPARSE;
    for (int32_t v = 0; v < 3; v++)
        if (pc__word_is(w[0], wn[0], ng_verbs[v]))
            to = v;
    if (to < 0 || !pc__word_int(w[1], wn[1], 0, PC_NONOGRAM_MAX_SIDE - 1, &x) ||
        !pc__word_int(w[2], wn[2], 0, PC_NONOGRAM_MAX_SIDE - 1, &y))
        return PC_EPARSE;
    int32_t v = pc_nonogram_cell(s, x, y);
    if (v < 0)
        return PC_EILLEGAL; /* off the grid */
    if (v == to)
        return PC_EILLEGAL; /* changes nothing: not a move */
    return pc_nonogram_set_cell(s, x, y, to);
}

static int32_t ng_over(const void *s)
{
    return pc_nonogram_is_solved(s) == 1;
}

static int32_t ng_to_move(const void *s)
{
    (void)s;
    return 0;
}

static int32_t ng_score(const void *s, int32_t player, double *out)
{
    (void)player;
    int32_t r = pc_nonogram_satisfied_count(s, PC_NONOGRAM_ROWS), c = pc_nonogram_satisfied_count(s, PC_NONOGRAM_COLS);
    if (r < 0 || c < 0)
        return r < 0 ? r : c;
    *out = (double)r + (double)c;
    return PC_OK;
}

/* The grid ('#' filled, 'x' crossed, '.' unknown) with each row's clues on
 * its right, then each column's clues, a '*' marking satisfied lines. */
static int32_t ng_render(const void *s, pc__sb *out)
{
    int32_t w = pc_nonogram_width(s), h = pc_nonogram_height(s), ncol = pc_nonogram_colour_count(s);
    char sym[PC_NONOGRAM_MAX_COLOURS + 1] = {'x', '#'};
    for (int32_t k = 0; ncol > 1 && k <= ncol; k++) {
        int32_t c = '?';
        pc_nonogram_colour_info(s, k, NULL, &c, NULL, 0, NULL);
        sym[k] = (char)c;
    }
    uint8_t ccol[128];
    int32_t *clue = pc__malloc(sizeof *clue * (size_t)(w > h ? w : h));
    if (!clue)
        return PC_ENOMEM;
    int32_t rc = PC_OK;
    for (int32_t axis = 0; axis < 2 && rc == PC_OK; axis++) {
        int32_t lines = axis == PC_NONOGRAM_ROWS ? h : w;
        if (axis == PC_NONOGRAM_COLS)
            pc__sb_puts(out, "columns:\n");
        for (int32_t i = 0; i < lines && rc == PC_OK; i++) {
            if (axis == PC_NONOGRAM_ROWS)
                for (int32_t x = 0; x < w; x++) {
                    if (ncol > 1) {
                        int32_t v = pc_nonogram_colour_cell(s, x, i);
                        pc__sb_putc(out, v >= 0 && v <= ncol ? sym[v] : '?');
                        continue;
                    }
                    int32_t v = pc_nonogram_cell(s, x, i);
                    pc__sb_putc(out, v >= 0 && v < 3 ? ".#x"[v] : '?');
                }
            else
                pc__sb_printf(out, "%3d", (int)i);
            int32_t k = 0;
            rc = pc_nonogram_clues(s, axis, i, clue, w > h ? w : h, &k);
            pc__sb_puts(out, pc_nonogram_line_satisfied(s, axis, i) == 1 ? " *" : "  ");
            int32_t kc = 0;
            if (ncol > 1 && pc_nonogram_clue_colours(s, axis, i, ccol, (int32_t)sizeof ccol, &kc) != PC_OK)
                kc = 0;
            for (int32_t j = 0; j < k && rc == PC_OK; j++) {
                pc__sb_printf(out, " %d", (int)clue[j]);
                if (j < kc && ccol[j])
                    pc__sb_putc(out, sym[ccol[j]]);
            }
            pc__sb_putc(out, '\n');
        }
    }
    pc__free(clue);
    return rc == PC_OK && out->failed ? PC_ENOMEM : rc;
}

static int32_t ng_suggest(const void *s, const pc_budget *b, pc__sb *out)
{
    int32_t x, y, v;
    int32_t rc = pc_nonogram_hint(s, b, &x, &y, &v, NULL, NULL);
    if (rc == PC_EILLEGAL)
        return PC_ENOTFOUND;
    if (rc < 0)
        return rc;
    if (pc_nonogram_colour_count(s) > 1 && v != PC_NONOGRAM_CROSSED) {
        char name[PC_NONOGRAM_MAX_NAME + 1]; /* code 1 is colour 1, code k + 1 colour k >= 2 */
        ng_colour_name(s, v == PC_NONOGRAM_FILLED ? 1 : v - 1, name);
        pc__sb_printf(out, "paint %s %d %d", name, (int)x, (int)y);
    } else
        pc__sb_printf(out, "%s %d %d", ng_verbs[v == PC_NONOGRAM_FILLED ? 1 : 2], (int)x, (int)y);
    return out->failed ? PC_ENOMEM : PC_OK;
}

static const pc__kind ng_kind = {
    "nonogram", 1,
    ng_create, ng_load, ng_save, ng_clone, ng_release,
    ng_moves, ng_play, ng_over, ng_to_move, ng_score, ng_render, ng_suggest,
    ng_check,
};

const pc__kind *pc__kind_nonogram(void)
{
    return &ng_kind;
}
