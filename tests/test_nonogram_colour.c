/* Colour nonograms: palette, coloured clue tables, the player's grid with
 * greying and incremental updates, failing moves, mistakes, the colour line
 * solver, the grid solver against brute force (unique, several, none), the
 * black-and-white puzzle as the one-colour case, stats and budgets. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

static const char PAL3[] = ". ffffff white\nr ff0000 red\ng 00ff00 green\n";

/* 4x3 picture: r r g . / . g g r / r . . r */
static const uint8_t PIC[12] = {1, 1, 2, 0, 0, 2, 2, 1, 1, 0, 0, 1};

static int same_clues(const pc_nonogram *g, int32_t axis, int32_t index, const int32_t *want, const char *wcol,
                      int32_t m)
{
    int32_t c[16], n = -1;
    uint8_t col[16];
    int32_t n2 = -1;
    if (pc_nonogram_clues(g, axis, index, c, 16, &n) != PC_OK ||
        pc_nonogram_clue_colours(g, axis, index, col, 16, &n2) != PC_OK || n != m || n2 != m)
        return 0;
    for (int32_t i = 0; i < m; i++)
        if (c[i] != want[i] || col[i] != (uint8_t)wcol[i])
            return 0;
    return 1;
}

static void palette_and_clues(void)
{
    pc_nonogram *g = NULL;
    char err[200] = "";
    is_int(pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, err, sizeof err, &g), PC_OK,
           "4x3 colour picture");
    if (!g)
        return;
    is_int(pc_nonogram_colour_count(g), 2, "two colours besides the background");
    char buf[256];
    size_t len = 0;
    is_int(pc_nonogram_palette(g, buf, sizeof buf, &len), PC_OK, "palette text");
    is_str(buf, ". ffffff white\nr ff0000 red\ng 00ff00 green\n", "palette written back");
    uint32_t rgb = 0;
    int32_t sym = 0;
    is_int(pc_nonogram_colour_info(g, 2, &rgb, &sym, buf, sizeof buf, &len), PC_OK, "colour 2 info");
    ok(rgb == 0x00ff00 && sym == 'g' && strcmp(buf, "green") == 0, "colour 2 is green 00ff00 'g'");
    is_int(pc_nonogram_colour_info(g, 3, NULL, NULL, NULL, 0, NULL), PC_EINVAL, "colour 3 does not exist");

    ok(same_clues(g, PC_NONOGRAM_ROWS, 0, (const int32_t[]){2, 1}, "\1\2", 2), "row 0: 2r 1g");
    ok(same_clues(g, PC_NONOGRAM_ROWS, 1, (const int32_t[]){2, 1}, "\2\1", 2), "row 1: 2g 1r");
    ok(same_clues(g, PC_NONOGRAM_ROWS, 2, (const int32_t[]){1, 1}, "\1\1", 2), "row 2: 1r 1r");
    ok(same_clues(g, PC_NONOGRAM_COLS, 0, (const int32_t[]){1, 1}, "\1\1", 2), "column 0: 1r 1r");
    ok(same_clues(g, PC_NONOGRAM_COLS, 1, (const int32_t[]){1, 1}, "\1\2", 2), "column 1: 1r 1g");
    ok(same_clues(g, PC_NONOGRAM_COLS, 2, (const int32_t[]){2}, "\2", 1), "column 2: 2g");
    ok(same_clues(g, PC_NONOGRAM_COLS, 3, (const int32_t[]){2}, "\1", 1), "column 3: 2r");

    /* pure function: a run ends where the colour changes; 255 counts as background */
    const uint8_t line[7] = {1, 1, 2, 2, 255, 3, 1};
    int32_t c[8], n = -1;
    uint8_t col[8];
    is_int(pc_nonogram_line_clues_colour(line, 7, 1, c, col, 8, &n), PC_OK, "pure line clues");
    ok(n == 4 && c[0] == 2 && col[0] == 1 && c[1] == 2 && col[1] == 2 && c[2] == 1 && col[2] == 3 && c[3] == 1 &&
           col[3] == 1,
       "1 1 2 2 ? 3 1 gives 2(1) 2(2) 1(3) 1(1)");
    is_int(pc_nonogram_line_clues_colour(line, 7, 1, c, col, 2, &n), PC_ESPACE, "short buffer: PC_ESPACE");
    is_int(n, 4, "... with the full count");
    const uint8_t empty[3] = {0, 0, 255};
    is_int(pc_nonogram_line_clues_colour(empty, 3, 1, c, col, 8, &n), PC_OK, "empty line");
    ok(n == 1 && c[0] == 0 && col[0] == 0, "empty line: the clue 0 of colour 0");
    /* a column through stride */
    is_int(pc_nonogram_line_clues_colour(PIC + 1, 3, 4, c, col, 8, &n), PC_OK, "column by stride");
    ok(n == 2 && c[0] == 1 && col[0] == 1 && c[1] == 1 && col[1] == 2, "column 1 by stride: 1r 1g");
    pc_nonogram_free(g);

    /* bad palettes and pictures */
    g = NULL;
    static const char *const bad[] = {
        ". ffffff white\n",                        /* no colour */
        ". ffffff white\n1 ff0000 red\n",          /* digit symbol */
        ". ffffff white\nr ff0000 red\nr 00ff00 green\n", /* symbol twice */
        ". ffffff white\nr ff0000 red\ns 00ff00 RED\n",   /* name twice */
        ". fffzff white\nr ff0000 red\n",          /* bad rgb */
        ". ffffff white\nr ff0000 red\ns 00ff00 bad name\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        is_int(pc_nonogram_new_colour_from_solution(4, 3, bad[i], strlen(bad[i]), PIC, 12, err, sizeof err, &g),
               PC_EPARSE, "bad palette %zu refused (%s)", i, err);
    uint8_t pic9[12];
    memcpy(pic9, PIC, 12);
    pic9[5] = 3;
    is_int(pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), pic9, 12, err, sizeof err, &g), PC_EINVAL,
           "a cell outside the palette is refused");
    ok(g == NULL, "nothing made");
    /* nine colours are too many */
    char big[512] = ". ffffff white\n";
    for (int k = 0; k < 9; k++) {
        char l[40];
        snprintf(l, sizeof l, "%c 10101%d c%d\n", 'a' + k, k, k);
        strcat(big, l);
    }
    is_int(pc_nonogram_new_colour_from_solution(4, 3, big, strlen(big), PIC, 12, err, sizeof err, &g), PC_EPARSE,
           "nine colours refused");
}

static void save_text(const pc_nonogram *g, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    pc_nonogram_save(g, buf, cap, &len);
}

static void player_grid(void)
{
    pc_nonogram *g = NULL;
    char err[200];
    if (pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, err, sizeof err, &g) != PC_OK) {
        ok(0, "make");
        return;
    }
    is_int(pc_nonogram_colour_cell(g, 0, 0), PC_NONOGRAM_COLOUR_UNKNOWN, "cells start unknown");
    is_int(pc_nonogram_satisfied_count(g, PC_NONOGRAM_ROWS), 0, "no row satisfied at first");
    int64_t ev = pc_nonogram_lines_evaluated(g);
    is_int(pc_nonogram_set_colour_cell(g, 3, 0, 0), PC_OK, "set background");
    is_int(pc_nonogram_lines_evaluated(g) - ev, 2, "one change re-examines one row and one column");
    is_int(pc_nonogram_colour_cell(g, 3, 0), 0, "reads back background");
    is_int(pc_nonogram_cell(g, 3, 0), PC_NONOGRAM_CROSSED, "the black-and-white view: crossed");
    pc_nonogram_set_colour_cell(g, 0, 0, 1);
    pc_nonogram_set_colour_cell(g, 1, 0, 1);
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_ROWS, 0), 0, "row 0 not yet: 2r of 2r 1g");
    pc_nonogram_set_colour_cell(g, 2, 0, 2);
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_ROWS, 0), 1, "row 0 shows 2r 1g: greyed");
    is_int(pc_nonogram_cell(g, 2, 0), 3, "black-and-white view of colour 2 is 3");
    int32_t c[8], n = -1;
    uint8_t col[8];
    is_int(pc_nonogram_player_clues_colour(g, PC_NONOGRAM_ROWS, 0, c, col, 8, &n), PC_OK, "player's clues");
    ok(n == 2 && c[0] == 2 && col[0] == 1 && c[1] == 1 && col[1] == 2, "player's row 0: 2r 1g");
    /* a wrong colour breaks the greying */
    pc_nonogram_set_colour_cell(g, 2, 0, 1);
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_ROWS, 0), 0, "3r is not 2r 1g");
    uint8_t marks[12];
    is_int(pc_nonogram_colour_mistakes(g, NULL, marks, sizeof marks), 1, "one mistake");
    ok(marks[2] == 1 && marks[0] == 0 && marks[3] == 0, "the mistake is cell (2, 0)");
    is_int(pc_nonogram_mistakes(g, marks, sizeof marks), 1, "the black-and-white call agrees? (colour 1 vs 2)");

    /* failing moves change nothing */
    char before[1024], after[1024];
    save_text(g, before, sizeof before);
    int64_t ev0 = pc_nonogram_lines_evaluated(g);
    is_int(pc_nonogram_set_colour_cell(g, 0, 0, 3), PC_EINVAL, "colour 3 refused");
    is_int(pc_nonogram_set_colour_cell(g, 0, 0, 254), PC_EINVAL, "value 254 refused");
    is_int(pc_nonogram_set_colour_cell(g, 4, 0, 1), PC_EINVAL, "x out of range refused");
    is_int(pc_nonogram_set_colour_cell(g, 0, -1, 1), PC_EINVAL, "y out of range refused");
    is_int(pc_nonogram_set_colour_rect(g, 2, 1, 3, 1, 1), PC_EINVAL, "rectangle past the edge refused");
    is_int(pc_nonogram_set_cell(g, 0, 0, 4), PC_EINVAL, "black-and-white code 4 (colour 3) refused");
    uint8_t cells[12];
    memset(cells, 0, sizeof cells);
    cells[11] = 7;
    is_int(pc_nonogram_set_colour_cells(g, cells, 12), PC_EINVAL, "a grid with a bad value refused");
    is_int(pc_nonogram_set_colour_cells(g, cells, 11), PC_EINVAL, "a grid of the wrong size refused");
    save_text(g, after, sizeof after);
    is_str(after, before, "failing moves changed nothing");
    is_int(pc_nonogram_lines_evaluated(g), ev0, "... and evaluated no line");

    /* whole grid: the solution clears the puzzle */
    is_int(pc_nonogram_set_colour_cells(g, PIC, 12), PC_OK, "set the whole grid");
    is_int(pc_nonogram_is_solved(g), 1, "the picture clears the puzzle");
    is_int(pc_nonogram_matches_solution(g), 1, "and matches the stored solution");
    is_int(pc_nonogram_get_colour_cells(g, cells, 12), PC_OK, "get the grid");
    ok(memcmp(cells, PIC, 12) == 0, "the grid reads back");
    is_int(pc_nonogram_get_colour_cells(g, cells, 11), PC_ESPACE, "short buffer: PC_ESPACE");
    is_int(pc_nonogram_colour_mistakes(g, NULL, marks, sizeof marks), 0, "no mistake");
    /* rectangle */
    is_int(pc_nonogram_set_colour_rect(g, 0, 0, 4, 3, PC_NONOGRAM_COLOUR_UNKNOWN), PC_OK, "clear by rectangle");
    is_int(pc_nonogram_colour_cell(g, 3, 2), PC_NONOGRAM_COLOUR_UNKNOWN, "cleared");
    is_int(pc_nonogram_is_solved(g), 0, "not solved any more");

    pc_nonogram *c2 = NULL;
    pc_nonogram_set_colour_cell(g, 1, 1, 2);
    is_int(pc_nonogram_clone(g, &c2), PC_OK, "clone");
    if (c2) {
        save_text(g, before, sizeof before);
        save_text(c2, after, sizeof after);
        is_str(after, before, "the clone saves the same");
        is_int(pc_nonogram_colour_cell(c2, 1, 1), 2, "the clone has the cell");
        pc_nonogram_free(c2);
    }
    pc_nonogram_free(g);
}

static void line_solver(void)
{
    /* same colour needs a gap */
    const int32_t c2[2] = {1, 1};
    const uint8_t rr[2] = {1, 1}, rg[2] = {1, 2};
    uint32_t in[3] = {7, 7, 7}, out[3];
    is_int(pc_nonogram_solve_line_colour(2, c2, rr, 2, in, 3, out), 3, "1r 1r in 3 cells: all settled");
    ok(out[0] == 2 && out[1] == 1 && out[2] == 2, "r . r");
    uint32_t in2[2] = {7, 7};
    is_int(pc_nonogram_solve_line_colour(2, c2, rg, 2, in2, 2, out), 2, "1r 1g in 2 cells: settled");
    ok(out[0] == 2 && out[1] == 4, "r g (different colours touch)");
    is_int(pc_nonogram_solve_line_colour(2, c2, rr, 2, in2, 2, out), PC_EILLEGAL, "1r 1r cannot fit in 2 cells");
    is_int(pc_nonogram_solve_line_colour(2, c2, rg, 2, in, 3, out), 2, "1r 1g in 3 cells: two sets shrink");
    ok(out[0] == 3 && out[1] == 7 && out[2] == 5, "cells {. r} {. r g} {. g}");
    /* a known cell is respected */
    uint32_t in3[3] = {7, 4, 7};
    is_int(pc_nonogram_solve_line_colour(2, c2, rg, 2, in3, 3, out), 2, "with the middle cell green");
    ok(out[0] == 2 && out[1] == 4 && out[2] == 1, "r g .");
    /* empty line */
    const int32_t z[1] = {0};
    const uint8_t z0[1] = {0};
    is_int(pc_nonogram_solve_line_colour(2, z, z0, 1, in, 3, out), 3, "clue 0: all background");
    ok(out[0] == 1 && out[1] == 1 && out[2] == 1, "...");
    /* bad input */
    uint32_t bad[3] = {7, 0, 7};
    is_int(pc_nonogram_solve_line_colour(2, c2, rg, 2, bad, 3, out), PC_EINVAL, "an empty value set refused");
    uint32_t bad2[3] = {7, 8, 7};
    is_int(pc_nonogram_solve_line_colour(2, c2, rg, 2, bad2, 3, out), PC_EINVAL, "a colour outside the palette");
    const uint8_t r3[2] = {1, 3};
    is_int(pc_nonogram_solve_line_colour(2, c2, r3, 2, in, 3, out), PC_EINVAL, "a clue colour outside");
    is_int(pc_nonogram_solve_line_colour(9, c2, rg, 2, in, 3, out), PC_EINVAL, "nine colours");
}

/* ---- brute force -------------------------------------------------------------------- */

/* The line solver against enumeration: random lines of 1 to 6 cells with 1
 * to 3 colours, clues taken from a random line (so most are feasible) or
 * random, cell sets random (about half the cells open); every colouring of
 * the line that agrees with the cells and gives the clues is enumerated,
 * and the union of its values per cell must be the solver's answer (or
 * PC_EILLEGAL when there is none).  The word-wide kernel (lines up to 62
 * cells) is what answers here. */
static void line_against_enumeration(void)
{
    pc_rng *r = NULL;
    pc_rng_new(77, &r);
    int agree = 0, total = 0, feasible = 0;
    for (int rep = 0; rep < 500; rep++) {
        uint64_t u;
        pc_rng_uniform(r, 6, &u);
        int32_t n = 1 + (int32_t)u;
        pc_rng_uniform(r, 3, &u);
        int32_t ncol = 1 + (int32_t)u, V = ncol + 1;
        uint8_t line[8];
        for (int32_t i = 0; i < n; i++) {
            pc_rng_uniform(r, (uint64_t)V, &u);
            line[i] = (uint8_t)u;
        }
        int32_t clues[8], k = 0;
        uint8_t cols[8];
        pc_rng_uniform(r, 8, &u);
        if (u == 0) { /* random clues: often infeasible */
            pc_rng_uniform(r, 3, &u);
            k = (int32_t)u + 1;
            for (int32_t j = 0; j < k; j++) { /* each at most n (longer: PC_EINVAL) */
                pc_rng_uniform(r, (uint64_t)(n < 3 ? n : 3), &u);
                clues[j] = 1 + (int32_t)u;
                pc_rng_uniform(r, (uint64_t)ncol, &u);
                cols[j] = (uint8_t)(1 + u);
            }
        } else {
            pc_nonogram_line_clues_colour(line, n, 1, clues, cols, 8, &k);
        }
        uint32_t cells[8], full = (1u << V) - 1;
        for (int32_t i = 0; i < n; i++) {
            pc_rng_uniform(r, 4, &u);
            uint64_t m;
            pc_rng_uniform(r, full, &m);
            cells[i] = u < 2 ? full : u == 2 ? 1u << line[i] : (uint32_t)m + 1;
        }
        /* enumerate */
        uint32_t want[8] = {0};
        int any = 0;
        int64_t combos = 1;
        for (int32_t i = 0; i < n; i++)
            combos *= V;
        for (int64_t c = 0; c < combos; c++) {
            uint8_t t[8];
            int64_t x = c;
            int fits = 1;
            for (int32_t i = 0; i < n; i++) {
                t[i] = (uint8_t)(x % V);
                x /= V;
                if (!(cells[i] & (1u << t[i])))
                    fits = 0;
            }
            if (!fits)
                continue;
            int32_t tc[8], tk;
            uint8_t tcol[8];
            pc_nonogram_line_clues_colour(t, n, 1, tc, tcol, 8, &tk);
            if (tk != k)
                continue;
            for (int32_t j = 0; j < k && fits; j++)
                fits = tc[j] == clues[j] && (clues[j] == 0 || tcol[j] == cols[j]);
            if (!fits)
                continue;
            any = 1;
            for (int32_t i = 0; i < n; i++)
                want[i] |= 1u << t[i];
        }
        uint32_t out[8];
        int32_t rc = pc_nonogram_solve_line_colour(ncol, clues, cols, k, cells, n, out);
        int good;
        if (!any)
            good = rc == PC_EILLEGAL;
        else {
            int32_t shrunk = 0;
            good = rc >= 0;
            for (int32_t i = 0; i < n && good; i++) {
                good = out[i] == want[i];
                shrunk += want[i] != cells[i];
            }
            good = good && rc == shrunk;
        }
        feasible += any;
        agree += good;
        total++;
        if (!good && total - agree <= 3)
            printf("# line mismatch: n %d, ncol %d, k %d, rc %d\n", (int)n, (int)ncol, (int)k, (int)rc);
    }
    pc_rng_free(r);
    is_int(agree, total, "line solver = enumeration on %d random lines (%d feasible)", total, feasible);
}

static int grid_matches(const pc_nonogram *g, const uint8_t *cells, int32_t w, int32_t h)
{
    int32_t c[16], n;
    uint8_t col[16];
    for (int a = 0; a < 2; a++) {
        int32_t lines = a == 0 ? h : w;
        for (int32_t i = 0; i < lines; i++) {
            const uint8_t *p = a == 0 ? cells + i * w : cells + i;
            pc_nonogram_line_clues_colour(p, a == 0 ? w : h, a == 0 ? 1 : w, c, col, 16, &n);
            int32_t pc[16], pn;
            uint8_t pcol[16];
            pc_nonogram_clues(g, a, i, pc, 16, &pn);
            pc_nonogram_clue_colours(g, a, i, pcol, 16, &pn);
            if (pn != n)
                return 0;
            for (int32_t j = 0; j < n; j++)
                if (pc[j] != c[j] || pcol[j] != col[j])
                    return 0;
        }
    }
    return 1;
}

static int64_t brute_count(const pc_nonogram *g, int32_t w, int32_t h, int32_t ncol)
{
    uint8_t cells[16];
    int32_t N = w * h;
    memset(cells, 0, sizeof cells);
    int64_t count = 0;
    for (;;) {
        count += grid_matches(g, cells, w, h);
        int32_t i = 0;
        while (i < N && cells[i] == ncol)
            cells[i++] = 0;
        if (i == N)
            break;
        cells[i]++;
    }
    return count;
}

static uint64_t rng_state = 88172645463325252ull;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

static void against_brute_force(void)
{
    static const struct {
        int32_t w, h, ncol;
    } shapes[] = {{3, 3, 2}, {4, 3, 2}, {3, 3, 3}, {3, 4, 2}, {4, 2, 3}};
    int agree = 0, total = 0, unique = 0, several = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int rep = 0; rep < 6; rep++) {
            int32_t w = shapes[s].w, h = shapes[s].h, ncol = shapes[s].ncol;
            uint8_t pic[16];
            for (int32_t i = 0; i < w * h; i++)
                pic[i] = (uint8_t)rnd((uint32_t)ncol + 1);
            char pal[200] = ". ffffff white\n";
            for (int k = 1; k <= ncol; k++) {
                char l[40];
                snprintf(l, sizeof l, "%c %02x0000 c%d\n", 'a' + k - 1, k * 40, k);
                strcat(pal, l);
            }
            pc_nonogram *g = NULL;
            char err[200];
            if (pc_nonogram_new_colour_from_solution(w, h, pal, strlen(pal), pic, (size_t)(w * h), err, sizeof err,
                                                     &g) != PC_OK)
                continue;
            int64_t bf = brute_count(g, w, h, ncol);
            uint8_t sols[64];
            int64_t st[PC_NONOGRAM_STAT_COUNT];
            int32_t r = pc_nonogram_solve_colour(g, 0, 3, NULL, sols, sizeof sols, st, PC_NONOGRAM_STAT_COUNT);
            int64_t want = bf < 3 ? bf : 3;
            int good = r == want;
            for (int32_t k = 0; good && k < r && k < 3; k++) {
                good = grid_matches(g, sols + k * w * h, w, h);
                for (int32_t j = 0; good && j < k; j++)
                    good = memcmp(sols + k * w * h, sols + j * w * h, (size_t)(w * h)) != 0;
            }
            total++;
            agree += good;
            unique += bf == 1;
            several += bf > 1;
            if (!good) {
                char msg[120];
                snprintf(msg, sizeof msg, "mismatch %dx%d/%d rep %d: solver %d, brute force %lld", (int)w, (int)h,
                         (int)ncol, rep, (int)r, (long long)bf);
                diag(msg);
            }
            pc_nonogram_free(g);
        }
    is_int(agree, total, "solver = brute force on %d random pictures (%d unique, %d several)", total, unique,
           several);
    ok(unique > 0 && several > 0, "both unique and ambiguous pictures were checked");
}

static void hand_puzzles(void)
{
    char err[200];
    pc_nonogram *g = NULL;
    /* unique: the 4x3 picture */
    if (pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, err, sizeof err, &g) == PC_OK) {
        uint8_t sols[24];
        int64_t st[PC_NONOGRAM_STAT_COUNT];
        is_int(pc_nonogram_solve_colour(g, 0, 2, NULL, sols, sizeof sols, st, PC_NONOGRAM_STAT_COUNT), 1,
               "4x3 picture: unique");
        ok(memcmp(sols, PIC, 12) == 0, "the solution is the picture");
        ok(st[PC_NONOGRAM_STAT_GRADE] >= PC_NONOGRAM_GRADE_LINE && st[PC_NONOGRAM_STAT_SOLUTIONS] == 1,
           "stats: grade %lld, 1 solution", (long long)st[PC_NONOGRAM_STAT_GRADE]);
        /* the statistics array takes the caller's length */
        int64_t two[4] = {-7, -7, -7, -7};
        pc_nonogram_solve_colour(g, 0, 2, NULL, NULL, 0, two, 2);
        ok(two[2] == -7 && two[3] == -7, "nstats = 2: only two entries written");
        int32_t r = pc_nonogram_solve(g, 2, NULL, sols, sizeof sols, NULL, 0);
        is_int(r, 1, "pc_nonogram_solve routes a colour puzzle to the colour solver");
        ok(memcmp(sols, PIC, 12) == 0, "... and gives palette indices");
        pc_nonogram_free(g);
    }
    /* several: 2x2, one red cell per row and column */
    const int32_t cnt[2] = {1, 1}, one[2] = {1, 1};
    const uint8_t red[2] = {1, 1};
    g = NULL;
    is_int(pc_nonogram_new_colour_from_clues(2, 2, PAL3, strlen(PAL3), cnt, one, red, cnt, one, red, err, sizeof err,
                                             &g),
           PC_OK, "2x2 from clues");
    if (g) {
        uint8_t sols[8];
        is_int(pc_nonogram_solve_colour(g, 0, 2, NULL, sols, sizeof sols, NULL, 0), 2, "2x2 diagonal: two solutions");
        ok(memcmp(sols, sols + 4, 4) != 0, "the two differ");
        ok((sols[0] == 1 && sols[3] == 1 && sols[1] == 0) || (sols[1] == 1 && sols[2] == 1 && sols[0] == 0),
           "each is a diagonal");
        uint8_t marks[4];
        is_int(pc_nonogram_colour_mistakes(g, NULL, marks, 4), PC_ENOTFOUND, "no unique solution: no mistakes");
        /* a given makes it unique */
        pc_nonogram_set_colour_cell(g, 0, 0, 1);
        is_int(pc_nonogram_solve_colour(g, 1, 2, NULL, sols, sizeof sols, NULL, 0), 1, "with (0,0) red: unique");
        pc_nonogram_free(g);
    }
    /* none: rows r g / g r, columns r g / r g (totals agree) */
    const int32_t c2[2] = {2, 2}, ones[4] = {1, 1, 1, 1};
    const uint8_t rowc[4] = {1, 2, 2, 1}, colc[4] = {1, 2, 1, 2};
    g = NULL;
    is_int(pc_nonogram_new_colour_from_clues(2, 2, PAL3, strlen(PAL3), c2, ones, rowc, c2, ones, colc, err, sizeof err,
                                             &g),
           PC_OK, "2x2 contradictory clues accepted (totals agree)");
    if (g) {
        int64_t st[PC_NONOGRAM_STAT_COUNT];
        is_int(pc_nonogram_solve_colour(g, 0, 2, NULL, NULL, 0, st, PC_NONOGRAM_STAT_COUNT), 0, "no solution");
        is_int(st[PC_NONOGRAM_STAT_GRADE], PC_NONOGRAM_GRADE_NONE, "grade NONE");
        pc_nonogram_free(g);
    }
    /* clue validation */
    const uint8_t rr[2] = {1, 1};
    const int32_t one1[1] = {1}, cnt1[1] = {1};
    (void)one1;
    (void)cnt1;
    g = NULL;
    const int32_t rcnt[2] = {2, 1}, rcl[3] = {1, 1, 1}, ccnt[2] = {1, 1}, ccl[2] = {1, 1};
    const uint8_t rcol[3] = {1, 1, 1}, ccol[2] = {1, 1};
    is_int(pc_nonogram_new_colour_from_clues(2, 2, PAL3, strlen(PAL3), rcnt, rcl, rcol, ccnt, ccl, ccol, err,
                                             sizeof err, &g),
           PC_EINVAL, "1r 1r cannot fit in 2 cells (%s)", err);
    const uint8_t rcol2[3] = {1, 2, 1};
    is_int(pc_nonogram_new_colour_from_clues(2, 2, PAL3, strlen(PAL3), rcnt, rcl, rcol2, ccnt, ccl, ccol, err,
                                             sizeof err, &g),
           PC_EINVAL, "colour totals differ (%s)", err);
    (void)rr;
    ok(g == NULL, "nothing made");
}

static void black_and_white_case(void)
{
    pc_nonogram *g = NULL;
    char err[200];
    static const char bits[] = "0010001110101011000101110";
    if (pc_nonogram_new_from_solution(5, 5, bits, 25, err, sizeof err, &g) != PC_OK) {
        ok(0, "b/w puzzle");
        return;
    }
    is_int(pc_nonogram_colour_count(g), 1, "a black-and-white puzzle has one colour");
    char buf[128];
    size_t len;
    pc_nonogram_palette(g, buf, sizeof buf, &len);
    is_str(buf, ". ffffff white\n# 000000 black\n", "the default palette");
    uint8_t col[8];
    int32_t n;
    is_int(pc_nonogram_clue_colours(g, PC_NONOGRAM_ROWS, 1, col, 8, &n), PC_OK, "clue colours of a b/w row");
    ok(n == 1 && col[0] == 1, "colour 1");
    uint8_t a[25], b[25];
    is_int(pc_nonogram_solve(g, 2, NULL, a, sizeof a, NULL, 0), 1, "b/w solver: unique");
    is_int(pc_nonogram_solve_colour(g, 0, 2, NULL, b, sizeof b, NULL, 0), 1, "colour solver on it: unique");
    ok(memcmp(a, b, 25) == 0, "same solution");
    is_int(pc_nonogram_set_colour_cell(g, 0, 0, 1), PC_OK, "colour call on a b/w puzzle");
    is_int(pc_nonogram_cell(g, 0, 0), PC_NONOGRAM_FILLED, "is the filled cell");
    is_int(pc_nonogram_set_colour_cell(g, 0, 0, 2), PC_EINVAL, "colour 2 refused on b/w");
    pc_nonogram_free(g);

    /* the same picture as a one-colour palette puzzle: same clues */
    uint8_t pic[25];
    for (int i = 0; i < 25; i++)
        pic[i] = (uint8_t)(bits[i] - '0');
    static const char pal[] = ". ffffff white\n# 000000 black\n";
    pc_nonogram *h = NULL;
    is_int(pc_nonogram_new_colour_from_solution(5, 5, pal, strlen(pal), pic, 25, err, sizeof err, &h), PC_OK,
           "one-colour palette puzzle");
    if (h) {
        char s1[512];
        save_text(h, s1, sizeof s1);
        ok(strstr(s1, "solution 0010001110101011000101110") != NULL, "saved as a black-and-white record");
        pc_nonogram_free(h);
    }
}

struct progress_log {
    int calls;
    int64_t last_nodes;
    int stop_after;
};

static int32_t on_progress(void *user, int64_t nodes, double seconds, double bound)
{
    struct progress_log *p = user;
    (void)seconds;
    (void)bound;
    p->calls++;
    p->last_nodes = nodes;
    return p->calls >= p->stop_after;
}

static void budgets(void)
{
    /* an empty-ish 12x12 puzzle with many solutions: one red cell per line */
    int32_t cnt[12], one[12];
    uint8_t red[12];
    for (int i = 0; i < 12; i++) {
        cnt[i] = 1;
        one[i] = 1;
        red[i] = 1;
    }
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 5;
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    is_int(pc_nonogram_solve_colour_clues(12, 12, 2, cnt, one, red, cnt, one, red, NULL, 1000000, &b, NULL, 0, st,
                                          PC_NONOGRAM_STAT_COUNT),
           PC_ELIMIT, "node limit: PC_ELIMIT");
    ok(st[PC_NONOGRAM_STAT_NODES] <= 6, "stopped near the limit (%lld nodes)", (long long)st[PC_NONOGRAM_STAT_NODES]);
    pc_budget_init(&b, sizeof b);
    pc_budget_cancel(&b);
    is_int(pc_nonogram_solve_colour_clues(12, 12, 2, cnt, one, red, cnt, one, red, NULL, 1000000, &b, NULL, 0, NULL,
                                          0),
           PC_ECANCELLED, "cancelled budget: PC_ECANCELLED");
    is_int(pc_nonogram_solve_colour_clues(12, 12, 2, cnt, one, red, cnt, one, red, NULL, 10, NULL, NULL, 0, NULL, 0),
           10, "stops at max_solutions (10 of 12!)");
    is_int(pc_nonogram_solve_colour_clues(12, 12, 2, cnt, one, red, cnt, one, red, NULL, 0, NULL, NULL, 0, NULL, 0),
           PC_EINVAL, "max_solutions 0 refused");
    /* progress: called with the nodes so far; a non-zero answer cancels */
    struct progress_log log = {0, 0, 40};
    pc_budget_init(&b, sizeof b);
    b.progress = on_progress;
    b.user = &log;
    b.progress_every = 1e-9;
    is_int(pc_nonogram_solve_colour_clues(12, 12, 2, cnt, one, red, cnt, one, red, NULL, 1000000, &b, NULL, 0, st,
                                          PC_NONOGRAM_STAT_COUNT),
           PC_ECANCELLED, "the progress callback cancels the colour search");
    ok(log.calls == 40 && log.last_nodes > 0, "called 40 times, the last with search nodes (%d calls, %lld nodes)", log.calls,
       (long long)log.last_nodes);
    uint8_t givens[144];
    memset(givens, PC_NONOGRAM_COLOUR_UNKNOWN, sizeof givens);
    givens[5] = 3;
    is_int(pc_nonogram_solve_colour_clues(12, 12, 2, cnt, one, red, cnt, one, red, givens, 1, NULL, NULL, 0, NULL, 0),
           PC_EINVAL, "a given outside the palette refused");
}

static void random_pictures(void)
{
    /* blob pictures 15x15 with 4 colours: the solver finds a solution with the clues */
    int good = 0;
    for (int rep = 0; rep < 5; rep++) {
        uint8_t pic[225];
        for (int i = 0; i < 225; i++)
            pic[i] = 0;
        for (int b = 0; b < 10; b++) {
            int cx = (int)rnd(15), cy = (int)rnd(15), r = 1 + (int)rnd(4), c = 1 + (int)rnd(4);
            for (int y = 0; y < 15; y++)
                for (int x = 0; x < 15; x++)
                    if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                        pic[y * 15 + x] = (uint8_t)c;
        }
        static const char pal[] = ". ffffff white\na ff0000 red\nb 00ff00 green\nc 0000ff blue\nd ffff00 yellow\n";
        pc_nonogram *g = NULL;
        char err[200];
        if (pc_nonogram_new_colour_from_solution(15, 15, pal, strlen(pal), pic, 225, err, sizeof err, &g) != PC_OK)
            continue;
        uint8_t sols[450];
        int32_t r = pc_nonogram_solve_colour(g, 0, 2, NULL, sols, sizeof sols, NULL, 0);
        good += r >= 1 && grid_matches(g, sols, 15, 15) && (r == 1 ? memcmp(sols, pic, 225) == 0 : 1) &&
                (r == 1 || grid_matches(g, sols + 225, 15, 15));
        pc_nonogram_free(g);
    }
    is_int(good, 5, "15x15 four-colour blob pictures solved, solutions meet the clues");
}

static void saves(void)
{
    pc_nonogram *g = NULL;
    char err[200];
    if (pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, err, sizeof err, &g) != PC_OK) {
        ok(0, "make");
        return;
    }
    pc_nonogram_set_id(g, "pic", 3);
    pc_nonogram_set_title(g, "en", "Flag", 4);
    pc_nonogram_set_colour_cell(g, 0, 0, 1);
    pc_nonogram_set_colour_cell(g, 2, 0, 2);
    pc_nonogram_set_colour_cell(g, 3, 0, 0);
    char a[1024], b[1024];
    size_t len = 0;
    is_int(pc_nonogram_save(g, a, sizeof a, &len), PC_OK, "save");
    is_str(a,
           "puzzlecore-nonogram 1\nid pic\nsize 4x3\nxp 0\ncolour . ffffff white\ncolour r ff0000 red\n"
           "colour g 00ff00 green\nsolution rrg..ggrr..r\ntitle en Flag\ngrid r?g.????????\n",
           "the colour save text");
    pc_nonogram *h = NULL;
    is_int(pc_nonogram_load(a, len, err, sizeof err, &h), PC_OK, "load it back (%s)", err);
    if (h) {
        pc_nonogram_save(h, b, sizeof b, &len);
        is_str(b, a, "save -> load -> save is stable");
        is_int(pc_nonogram_colour_cell(h, 2, 0), 2, "the player's cell came back");
        is_int(pc_nonogram_line_satisfied(h, PC_NONOGRAM_ROWS, 0), pc_nonogram_line_satisfied(g, PC_NONOGRAM_ROWS, 0),
               "greying came back");
        pc_nonogram_free(h);
    }
    /* from clues only */
    const int32_t *dummy = NULL;
    (void)dummy;
    is_int(pc_nonogram_write_record(g, a, sizeof a, &len), PC_OK, "record");
    ok(strstr(a, "grid") == NULL, "a record has no grid");
    static const char byclues[] = "puzzlecore-nonogram 1\nsize 4x3\ncolour . ffffff white\ncolour r ff0000 red\n"
                                  "colour g 00ff00 green\nrows 2r.1g/2g.1r/1r.1r\ncols 1r.1r/1r.1g/2g/2r\n";
    h = NULL;
    is_int(pc_nonogram_load(byclues, strlen(byclues), err, sizeof err, &h), PC_OK, "load from coloured clues (%s)",
           err);
    if (h) {
        is_int(pc_nonogram_has_solution(h), 0, "no stored solution");
        uint8_t sol[24];
        is_int(pc_nonogram_solve(h, 2, NULL, sol, sizeof sol, NULL, 0), 1, "its clues: unique");
        ok(memcmp(sol, PIC, 12) == 0, "the picture");
        pc_nonogram_save(h, a, sizeof a, &len);
        ok(strstr(a, "rows 2r.1g/2g.1r/1r.1r\ncols 1r.1r/1r.1g/2g/2r\n") != NULL, "clues written back");
        pc_nonogram *k = NULL;
        is_int(pc_nonogram_load(a, len, err, sizeof err, &k), PC_OK, "reload");
        if (k) {
            pc_nonogram_save(k, b, sizeof b, &len);
            is_str(b, a, "stable");
            pc_nonogram_free(k);
        }
        pc_nonogram_free(h);
    }
    static const char *const bad[] = {
        "puzzlecore-nonogram 1\nsize 4x3\ncolour . ffffff white\nsolution ............\n",
        "puzzlecore-nonogram 1\nsize 4x3\ncolour . ffffff white\ncolour r ff0000 red\nsolution rrg..ggrr..r\n",
        "puzzlecore-nonogram 1\nsize 4x3\ncolour . ffffff white\ncolour r ff0000 red\nsolution rr...rr..r\n",
        "puzzlecore-nonogram 1\nsize 4x3\ncolour . ffffff white\ncolour r ff0000 red\ncolour g 00ff00 green\n"
        "rows 2r.1g/2g.1r/1r.1x\ncols 1r.1r/1r.1g/2g/2r\n",
        "puzzlecore-nonogram 1\nsize 4x3\ncolour . ffffff white\ncolour r ff0000 red\ncolour g 00ff00 green\n"
        "solution rrg..ggrr..r\ngrid ????????????z\n",
        "puzzlecore-nonogram 1\nsize 4x3\ncolour . ffffff white\ncolour r ff0000 red\ncolour g 00ff00 green\n"
        "rows 2r.1r/2g.1r/1r.1r\ncols 1r.1r/1r.1g/2g/2r\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        h = NULL;
        int32_t r = pc_nonogram_load(bad[i], strlen(bad[i]), err, sizeof err, &h);
        ok(r == PC_EPARSE || r == PC_EINVAL, "bad colour record %zu refused: %d (%s)", i, (int)r, err);
        ok(h == NULL, "... nothing made");
    }
    pc_nonogram_free(g);
}

static char *export_text(const pc_nonogram *g, int32_t format)
{
    size_t len = 0;
    if (pc_nonogram_export(g, format, NULL, 0, &len) != PC_ESPACE && len == 0)
        return NULL;
    char *buf = malloc(len + 1);
    if (buf && pc_nonogram_export(g, format, buf, len + 1, &len) != PC_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

static const char WEBPBN[] =
    "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n"
    "<title>Tiny &amp; red</title>\n"
    "<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n"
    "<color name=\"red\" char=\"r\">f00</color>\n"
    "<clues type=\"columns\">\n<line><count>1</count><count color=\"red\">1</count></line>\n"
    "<line><count color=\"red\">2</count></line>\n<line></line>\n</clues>\n"
    "<clues type=\"rows\">\n<line><count>1</count><count color=\"red\">1</count></line>\n"
    "<line><count color=\"red\">2</count></line>\n</clues>\n"
    "<solution type=\"goal\"><image>\n|Xr.|\n|rr.|\n</image></solution>\n"
    "</puzzle>\n</puzzleset>\n";

static const char NONC[] = "title \"Two colours\"\nwidth 3\nheight 2\ncolor a #ff0000\ncolor b #0000ff blue\n"
                           "rows\n1a,2b\n1b\ncolumns\n1a\n2b\n1b\ngoal \"abb0b0\"\n";

static int round_trip(const pc_nonogram *g, int32_t format)
{
    char *a = export_text(g, format);
    if (!a)
        return 0;
    pc_nonogram *h = NULL;
    char err[200];
    int good = pc_nonogram_import(a, strlen(a), format, 0, err, sizeof err, &h) == PC_OK;
    char *b = good ? export_text(h, format) : NULL;
    good = good && b && strcmp(a, b) == 0;
    if (good) {
        char s1[2048], s2[2048];
        size_t l1, l2;
        pc_nonogram_write_record(g, s1, sizeof s1, &l1);
        pc_nonogram_write_record(h, s2, sizeof s2, &l2);
        good = strcmp(s1, s2) == 0;
    }
    if (!good)
        diag(a);
    pc_nonogram_free(h);
    free(a);
    free(b);
    return good;
}

static void formats(void)
{
    char err[200] = "";
    pc_nonogram *g = NULL;
    is_int(pc_nonogram_import(WEBPBN, strlen(WEBPBN), PC_NONOGRAM_FORMAT_AUTO, 0, err, sizeof err, &g), PC_OK,
           "webpbn XML with colours (%s)", err);
    if (g) {
        is_int(pc_nonogram_colour_count(g), 2, "black and red");
        ok(same_clues(g, PC_NONOGRAM_ROWS, 0, (const int32_t[]){1, 1}, "\1\2", 2), "row 0: 1 black, 1 red");
        ok(same_clues(g, PC_NONOGRAM_COLS, 1, (const int32_t[]){2}, "\2", 1), "column 1: 2 red");
        ok(same_clues(g, PC_NONOGRAM_COLS, 2, (const int32_t[]){0}, "\0", 1), "column 2: empty");
        is_int(pc_nonogram_solution_cell(g, 1, 0), 2, "goal image read through the chars");
        char buf[64];
        size_t n;
        pc_nonogram_title(g, "en", buf, sizeof buf, &n);
        is_str(buf, "Tiny & red", "title");
        uint8_t sol[12];
        is_int(pc_nonogram_solve(g, 2, NULL, sol, sizeof sol, NULL, 0), 1, "unique");
        ok(round_trip(g, PC_NONOGRAM_FORMAT_XML), "XML round trip stable");
        ok(round_trip(g, PC_NONOGRAM_FORMAT_NON), ".non round trip stable");
        char *x = export_text(g, PC_NONOGRAM_FORMAT_XML);
        ok(x && strstr(x, "<count color=\"red\">2</count>") && strstr(x, "|Xr.|"), "XML export has colours");
        free(x);
        size_t len = 0;
        is_int(pc_nonogram_export(g, PC_NONOGRAM_FORMAT_TATHAM, NULL, 0, &len), PC_EINVAL,
               "a colour puzzle has no Tatham form");
        is_int(pc_nonogram_export(g, PC_NONOGRAM_FORMAT_TCGA, NULL, 0, &len), PC_EINVAL, "nor a TCGA one");
        pc_nonogram_free(g);
    }
    g = NULL;
    is_int(pc_nonogram_import(NONC, strlen(NONC), PC_NONOGRAM_FORMAT_NON, 0, err, sizeof err, &g), PC_OK,
           ".non with color lines (%s)", err);
    if (g) {
        is_int(pc_nonogram_colour_count(g), 2, "two colours");
        ok(same_clues(g, PC_NONOGRAM_ROWS, 0, (const int32_t[]){1, 2}, "\1\2", 2), "row 0: 1a,2b");
        uint32_t rgb = 0;
        char name[40];
        size_t n;
        pc_nonogram_colour_info(g, 2, &rgb, NULL, name, sizeof name, &n);
        ok(rgb == 0x0000ff && strcmp(name, "blue") == 0, "colour b is blue 0000ff");
        pc_nonogram_colour_info(g, 1, NULL, NULL, name, sizeof name, &n);
        is_str(name, "a", "a colour without a name is named by its character");
        is_int(pc_nonogram_solution_cell(g, 2, 0), 2, "goal read");
        ok(round_trip(g, PC_NONOGRAM_FORMAT_NON), ".non round trip stable");
        ok(round_trip(g, PC_NONOGRAM_FORMAT_XML), "XML round trip stable");
        char *x = export_text(g, PC_NONOGRAM_FORMAT_NON);
        ok(x && strstr(x, "rows\n1a,2b\n1b\n") && strstr(x, "goal \"abb0b0\""), ".non export writes 1a,2b");
        free(x);
        pc_nonogram_free(g);
    }
    /* the 4x3 picture through both */
    g = NULL;
    if (pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, err, sizeof err, &g) == PC_OK) {
        pc_nonogram_set_title(g, "en", "Flag", 4);
        pc_nonogram_set_id(g, "f1", 2);
        ok(round_trip(g, PC_NONOGRAM_FORMAT_XML), "4x3 XML round trip");
        ok(round_trip(g, PC_NONOGRAM_FORMAT_NON), "4x3 .non round trip");
        pc_nonogram_free(g);
    }
    /* errors */
    static const char *const bad[] = {
        "width 2\nheight 1\ncolor a #ff0000\nrows\n1c\ncolumns\n1a\n0\n",        /* unknown colour char */
        "width 2\nheight 1\ncolor 1 #ff0000\nrows\n1\ncolumns\n1\n0\n",          /* digit symbol */
        "width 2\nheight 1\ncolor a #ff00\nrows\n1a\ncolumns\n1a\n0\n",          /* bad rgb */
        "width 2\nheight 1\ncolor a #ff0000\nrows\n1a\ncolumns\n1a\n0\ngoal \"0a\"\n", /* goal differs */
        "<puzzleset><puzzle><color name=\"red\" char=\"r\">f00</color><clues type=\"rows\"><line>"
        "<count color=\"blue\">1</count></line></clues><clues type=\"columns\"><line></line></clues></puzzle>"
        "</puzzleset>", /* unknown colour name */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g = NULL;
        int32_t r = pc_nonogram_import(bad[i], strlen(bad[i]), PC_NONOGRAM_FORMAT_AUTO, 0, err, sizeof err, &g);
        ok((r == PC_EPARSE || r == PC_EINVAL) && g == NULL, "bad colour file %zu refused: %d (%s)", i, (int)r, err);
    }
}

static void generator(void)
{
    int good = 0, total = 0;
    for (int32_t ncol = 1; ncol <= 8; ncol *= 2)
        for (int32_t grade = PC_NONOGRAM_GRADE_LINE; grade <= PC_NONOGRAM_GRADE_SEARCH; grade++) {
            pc_nonogram *g = NULL;
            total++;
            if (pc_nonogram_generate_colour(12, 10, ncol, 7 + (uint64_t)grade, grade, &g) != PC_OK)
                continue;
            int64_t st[PC_NONOGRAM_STAT_COUNT];
            uint8_t sol[240];
            int32_t r = pc_nonogram_solve_colour(g, 0, 2, NULL, sol, sizeof sol, st, PC_NONOGRAM_STAT_COUNT);
            int used[9] = {0};
            for (int i = 0; i < 120; i++)
                used[pc_nonogram_solution_cell(g, i % 12, i / 12)] = 1;
            int all = 1;
            for (int32_t c = 1; c <= ncol; c++)
                all &= used[c];
            good += r == 1 && st[PC_NONOGRAM_STAT_GRADE] <= grade && pc_nonogram_colour_count(g) == ncol && all &&
                    pc_nonogram_matches_solution(g) == 0;
            pc_nonogram_free(g);
        }
    is_int(good, total, "generated colour puzzles: unique, at or below their grade, every colour used");
    uint8_t a[144], b[144];
    is_int(pc_nonogram_generate_colour_cells(12, 12, 4, 99, PC_NONOGRAM_GRADE_SEARCH, a, sizeof a), PC_OK, "cells");
    pc_nonogram_generate_colour_cells(12, 12, 4, 99, PC_NONOGRAM_GRADE_SEARCH, b, sizeof b);
    ok(memcmp(a, b, sizeof a) == 0, "same seed, same picture");
    uint64_t hsh = 1469598103934665603ull;
    for (int i = 0; i < 144; i++)
        hsh = (hsh ^ a[i]) * 1099511628211ull;
    {
        char m[64];
        snprintf(m, sizeof m, "%016llx", (unsigned long long)hsh);
        is_str(m, "526f9e24d1cf34b5", "12x12 4-colour seed 99 picture is pinned (FNV-1a)");
    }
    is_int(pc_nonogram_generate_colour_cells(12, 12, 9, 1, 1, a, sizeof a), PC_EINVAL, "nine colours refused");
    is_int(pc_nonogram_generate_colour_cells(12, 12, 2, 1, 4, a, sizeof a), PC_EINVAL, "grade 4 refused");
    is_int(pc_nonogram_generate_colour_cells(12, 12, 2, 1, 1, a, 100), PC_ESPACE, "small buffer");
    is_int(pc_nonogram_generate_colour_cells(200, 12, 2, 1, 1, a, sizeof a), PC_ERANGE, "200 wide refused");
    pc_nonogram *g = NULL;
    if (pc_nonogram_generate_colour(6, 5, 3, 5, PC_NONOGRAM_GRADE_LINE, &g) == PC_OK) {
        char id[64], name[40];
        size_t n;
        pc_nonogram_id(g, id, sizeof id, &n);
        is_str(id, "gen-6x5-c3-5", "generated id");
        pc_nonogram_colour_info(g, 3, NULL, NULL, name, sizeof name, &n);
        is_str(name, "green", "third colour of the generated palette");
        pc_nonogram_free(g);
    }
}

static void pictures(void)
{
    /* 6x6, two red cells on a diagonal: the other diagonal also fits */
    uint8_t pic[36] = {0};
    pic[0] = 1;
    pic[7] = 1;
    uint8_t amb[36], giv[36], out[36];
    int32_t na = -1, ng = -1, ch = -1;
    is_int(pc_nonogram_picture_check(6, 6, 2, pic, 36, NULL, amb, sizeof amb, &na), 0, "diagonal pair: not unique");
    is_int(na, 4, "four ambiguous cells");
    ok(amb[0] && amb[1] && amb[6] && amb[7] && !amb[2], "the 2x2 corner");
    is_int(pc_nonogram_picture_givens(6, 6, 2, pic, 36, NULL, giv, sizeof giv, &ng), PC_OK, "givens");
    is_int(ng, 1, "one given makes it unique");
    is_int(pc_nonogram_picture_nearby(6, 6, 2, pic, 36, NULL, out, sizeof out, &ch), PC_OK, "nearby picture");
    ok(ch >= 1 && ch <= 2, "one or two cells changed (%d)", (int)ch);
    is_int(pc_nonogram_picture_check(6, 6, 2, out, 36, NULL, NULL, 0, &na), 1, "the nearby picture is unique");
    /* the givens, as the player's grid, make the solve unique */
    pc_nonogram *g = NULL;
    char err[100];
    if (pc_nonogram_new_colour_from_solution(6, 6, PAL3, strlen(PAL3), pic, 36, err, sizeof err, &g) == PC_OK) {
        for (int i = 0; i < 36; i++)
            if (giv[i])
                pc_nonogram_set_colour_cell(g, i % 6, i / 6, pic[i]);
        is_int(pc_nonogram_solve_colour(g, 1, 2, NULL, NULL, 0, NULL, 0), 1, "with the givens: unique");
        pc_nonogram_free(g);
    }
    /* a unique picture stays as it is */
    is_int(pc_nonogram_picture_check(4, 3, 2, PIC, 12, NULL, amb, sizeof amb, &na), 1, "the 4x3 picture is unique");
    is_int(na, 0, "no ambiguous cell");
    is_int(pc_nonogram_picture_givens(4, 3, 2, PIC, 12, NULL, giv, sizeof giv, &ng), PC_OK, "givens of a unique one");
    is_int(ng, 0, "none needed");
    is_int(pc_nonogram_picture_nearby(4, 3, 2, PIC, 12, NULL, out, sizeof out, &ch), PC_OK, "nearby of a unique one");
    ok(ch == 0 && memcmp(out, PIC, 12) == 0, "unchanged");
    /* against brute force: ambiguous cells of random small pictures */
    int agree = 0, total = 0;
    for (int rep = 0; rep < 12; rep++) {
        uint8_t p[12];
        for (int i = 0; i < 12; i++)
            p[i] = (uint8_t)rnd(3);
        pc_nonogram *h = NULL;
        if (pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), p, 12, err, sizeof err, &h) != PC_OK)
            continue;
        uint8_t want[12] = {0}, cells[12] = {0};
        for (;;) { /* every grid: mark where a solution differs from p */
            if (grid_matches(h, cells, 4, 3))
                for (int i = 0; i < 12; i++)
                    want[i] |= cells[i] != p[i];
            int i = 0;
            while (i < 12 && cells[i] == 2)
                cells[i++] = 0;
            if (i == 12)
                break;
            cells[i]++;
        }
        is_int(pc_nonogram_picture_check(4, 3, 2, p, 12, NULL, amb, sizeof amb, &na) >= 0, 1, "check %d", rep);
        agree += memcmp(amb, want, 12) == 0;
        total++;
        pc_nonogram_free(h);
    }
    is_int(agree, total, "ambiguous cells = brute force on %d random 4x3 pictures", total);
    /* bad input */
    uint8_t bad[36] = {0};
    bad[3] = 3;
    is_int(pc_nonogram_picture_check(6, 6, 2, bad, 36, NULL, NULL, 0, NULL), PC_EINVAL, "a cell outside the colours");
    is_int(pc_nonogram_picture_check(6, 6, 2, pic, 35, NULL, NULL, 0, NULL), PC_EINVAL, "wrong n");
    is_int(pc_nonogram_picture_check(6, 6, 2, pic, 36, NULL, amb, 35, NULL), PC_ESPACE, "short ambiguous buffer");
    is_int(pc_nonogram_picture_givens(6, 6, 2, pic, 36, NULL, NULL, 0, NULL), PC_EINVAL, "NULL givens");
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    pc_budget_cancel(&b);
    is_int(pc_nonogram_picture_check(6, 6, 2, pic, 36, &b, NULL, 0, NULL), PC_ECANCELLED, "cancelled");
}

static void hints(void)
{
    char err[100];
    for (int rep = 0; rep < 3; rep++) {
        pc_nonogram *g = NULL;
        if (rep == 0)
            pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, err, sizeof err, &g);
        else
            pc_nonogram_generate_colour(10, 8, rep == 1 ? 3 : 6, 11, PC_NONOGRAM_GRADE_SEARCH, &g);
        if (!g) {
            ok(0, "puzzle");
            continue;
        }
        int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g), steps = 0, right = 0, lines = 0;
        char before[2048], after[2048];
        save_text(g, before, sizeof before);
        int32_t x, y, v, axis, index;
        pc_nonogram_hint_colour(g, NULL, &x, &y, &v, &axis, &index);
        save_text(g, after, sizeof after);
        is_str(after, before, "a hint changes nothing");
        for (;;) {
            int32_t r = pc_nonogram_hint_colour(g, NULL, &x, &y, &v, &axis, &index);
            if (r < 0)
                break;
            steps++;
            lines += r == PC_NONOGRAM_HINT_LINE;
            right += v == pc_nonogram_solution_cell(g, x, y);
            pc_nonogram_set_colour_cell(g, x, y, v);
        }
        is_int(steps, w * h, "puzzle %d: a hint per cell until none is left", rep);
        is_int(right, steps, "every hint agrees with the solution");
        ok(lines > 0, "line hints given (%d)", (int)lines);
        is_int(pc_nonogram_is_solved(g), 1, "the hints solve the puzzle");
        is_int(pc_nonogram_hint_colour(g, NULL, &x, &y, &v, &axis, &index), PC_ENOTFOUND, "then PC_ENOTFOUND");
        pc_nonogram_free(g);
    }
    /* a wrong cell: the line is named */
    pc_nonogram *g = NULL;
    pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, err, sizeof err, &g);
    if (g) {
        pc_nonogram_set_colour_cell(g, 3, 2, 0); /* should be red: column 3 = 2r cannot fit with row 0 crossed */
        pc_nonogram_set_colour_cell(g, 3, 1, 0);
        int32_t x, y, v, axis = -2, index = -2;
        is_int(pc_nonogram_hint_colour(g, NULL, &x, &y, &v, &axis, &index), PC_EILLEGAL, "contradiction");
        ok(axis == PC_NONOGRAM_ROWS || axis == PC_NONOGRAM_COLS, "names a line (%d %d)", (int)axis, (int)index);
        int32_t bw = -1;
        pc_nonogram_set_colour_cell(g, 3, 2, PC_NONOGRAM_COLOUR_UNKNOWN);
        pc_nonogram_set_colour_cell(g, 3, 1, PC_NONOGRAM_COLOUR_UNKNOWN);
        int32_t r = pc_nonogram_hint(g, NULL, &x, &y, &bw, &axis, &index);
        ok(r == PC_NONOGRAM_HINT_LINE && bw >= 1 && bw <= 3, "pc_nonogram_hint on a colour puzzle: b/w code %d", (int)bw);
        pc_nonogram_free(g);
    }
}

/* 4x4, red 1 / green 2:  g . . r / r . r . / . g . r / . r r .
 * Rows 1g1r, 1r1r, 1g1r, 2r; columns 1g1r, 1g1r, 1r1r, 1r1r.  No line
 * settles a cell of the empty grid; line logic takes red from (0,0) (row 0
 * and column 0 start with green); assuming background there, column 0 puts
 * green and red below it and row 1 empties (0,1), row 3's 2r takes (1,3),
 * row 1's 1r1r then fills (1,1): column 1 (1g1r, red at its end) breaks. */
static const uint8_t PROBE_PIC[16] = {2, 0, 0, 1, 1, 0, 1, 0, 0, 2, 0, 1, 0, 1, 1, 0};

/* 4x3:  . . r g / r . g . / g g . .  (rows 1r1g, 1r1g, 2g; columns 1r1g,
 * 1g, 1r1g, 1g).  No line settles a cell of the empty grid, but line
 * propagation (lines narrowing the value sets, crossing lines narrowing
 * further) does: assuming (0,0) is not background breaks row 2. */
static const uint8_t FORCED_PIC[12] = {0, 0, 1, 2, 1, 0, 2, 0, 2, 2, 0, 0};

/* Cells of a 2-colour w x h puzzle's empty grid that some line alone settles
 * (99 when a line has no arrangement). */
static int32_t line_settled(const pc_nonogram *g, int32_t w, int32_t h)
{
    int32_t settled = 0;
    for (int32_t a = 0; a < 2; a++)
        for (int32_t i = 0; i < (a == 0 ? h : w); i++) {
            int32_t cl[8], n = 0, len = a == 0 ? w : h;
            uint8_t co[8];
            uint32_t open[8] = {7, 7, 7, 7, 7, 7, 7, 7}, out[8];
            pc_nonogram_clues(g, a, i, cl, 8, &n);
            pc_nonogram_clue_colours(g, a, i, co, 8, &n);
            if (pc_nonogram_solve_line_colour(2, cl, co, n, open, len, out) < 0)
                return 99;
            for (int32_t j = 0; j < len; j++)
                settled += out[j] == 1 || out[j] == 2 || out[j] == 4;
        }
    return settled;
}

static void forced_hint(void)
{
    char err[100];
    pc_nonogram *g = NULL;
    is_int(pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), FORCED_PIC, 12, err, sizeof err, &g),
           PC_OK, "the propagation puzzle");
    if (!g)
        return;
    is_int(line_settled(g, 4, 3), 0, "no line settles a cell of its empty grid");
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    pc_nonogram_solve_colour(g, 0, 2, NULL, NULL, 0, st, PC_NONOGRAM_STAT_COUNT);
    ok(st[PC_NONOGRAM_STAT_LINE_CELLS] > 0, "propagation settles cells (%d)", (int)st[PC_NONOGRAM_STAT_LINE_CELLS]);
    int32_t x = -1, y = -1, v = -1, axis = -1, index = -1;
    is_int(pc_nonogram_hint_colour(g, NULL, &x, &y, &v, &axis, &index), PC_NONOGRAM_HINT_PROBE, "a probing hint");
    ok(x == 0 && y == 0 && v == 0, "(0,0) is background (%d,%d)=%d", (int)x, (int)y, (int)v);
    ok(axis == PC_NONOGRAM_ROWS && index == 2, "any other value breaks row 2 (%d %d)", (int)axis, (int)index);
    pc_nonogram_free(g);
}

static void probe_hint(void)
{
    char err[100];
    pc_nonogram *g = NULL;
    is_int(pc_nonogram_new_colour_from_solution(4, 4, PAL3, strlen(PAL3), PROBE_PIC, 16, err, sizeof err, &g), PC_OK,
           "the probe puzzle");
    if (!g)
        return;
    is_int(line_settled(g, 4, 4), 0, "no line settles a cell of the empty grid");
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    is_int(pc_nonogram_solve_colour(g, 0, 2, NULL, NULL, 0, st, PC_NONOGRAM_STAT_COUNT), 1, "unique");
    is_int(st[PC_NONOGRAM_STAT_LINE_CELLS], 0, "propagation settles no cell");
    is_int(st[PC_NONOGRAM_STAT_GRADE], PC_NONOGRAM_GRADE_PROBE, "probing settles the puzzle");
    int32_t x = -1, y = -1, v = -1, axis = -1, index = -1;
    is_int(pc_nonogram_hint_colour(g, NULL, &x, &y, &v, &axis, &index), PC_NONOGRAM_HINT_PROBE, "a probing hint");
    ok(x == 0 && y == 0 && v == 2, "(0,0) is green (%d,%d)=%d", (int)x, (int)y, (int)v);
    ok(axis == PC_NONOGRAM_COLS && index == 1, "background there breaks column 1 (%d %d)", (int)axis, (int)index);
    int32_t bw = -1;
    is_int(pc_nonogram_hint(g, NULL, &x, &y, &bw, &axis, &index), PC_NONOGRAM_HINT_PROBE,
           "pc_nonogram_hint: the same probe");
    is_int(bw, 3, "in the black-and-white codes: colour 2 is 3");
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    pc_budget_cancel(&b);
    x = y = v = axis = index = -7;
    is_int(pc_nonogram_hint_colour(g, &b, &x, &y, &v, &axis, &index), PC_ECANCELLED, "cancelled");
    ok(x == -7 && y == -7 && v == -7 && axis == -7 && index == -7, "nothing written");
    pc_nonogram_free(g);
}

static void game(void)
{
    pc_game *gm = NULL;
    is_int(pc_game_new("nonogram", "size=8x6 colours=4 grade=2", 5, &gm), PC_OK, "pc_game nonogram colours=4");
    if (!gm)
        return;
    const pc_nonogram *g = pc_game_typed(gm);
    is_int(pc_nonogram_colour_count(g), 4, "a four-colour puzzle");
    char save0[4096], save1[4096], buf[256];
    size_t len;
    pc_game_save(gm, save0, sizeof save0, &len);
    is_int(pc_game_play(gm, "paint orange 0 0", 16), PC_EPARSE, "paint orange refused (4 colours)");
    is_int(pc_game_play(gm, "clear 0 0", 9), PC_EILLEGAL, "clearing an undecided cell is no move");
    is_int(pc_game_play(gm, "paint black 9 0", 15), PC_EILLEGAL, "off the grid");
    pc_game_save(gm, save1, sizeof save1, &len);
    is_str(save1, save0, "failing moves changed nothing");
    int steps = 0;
    while (pc_game_over(gm) == 0 && steps < 100) {
        if (pc_game_suggest(gm, NULL, buf, sizeof buf, &len) != PC_OK)
            break;
        if (pc_game_play(gm, buf, len) != PC_OK)
            break;
        steps++;
    }
    is_int(pc_game_over(gm), 1, "suggestions play the colour puzzle to the end (%d moves)", steps);
    is_int(pc_nonogram_matches_solution(pc_game_typed(gm)), 1, "the picture");
    is_int(pc_game_undo(gm), PC_OK, "undo");
    pc_game_save(gm, save1, sizeof save1, &len);
    pc_game *g2 = NULL;
    is_int(pc_game_load(save1, len, NULL, 0, &g2), PC_OK, "save loads");
    if (g2) {
        char save2[4096];
        pc_game_save(g2, save2, sizeof save2, &len);
        is_str(save2, save1, "save -> load -> save");
        pc_game_free(g2);
    }
    pc_game_free(gm);
    gm = NULL;
    is_int(pc_game_new("nonogram", "size=3x2 colours=2 solution=120220", 1, &gm), PC_OK, "own colour picture");
    if (gm) {
        is_int(pc_game_render(gm, buf, sizeof buf, &len), PC_OK, "render");
        ok(strstr(buf, "???   1k 1r\n") != NULL, "render: '?' cells, coloured clues");
        pc_game_free(gm);
    }
    gm = NULL;
    is_int(pc_game_new("nonogram", "size=3x2 colours=2 solution=120320", 1, &gm), PC_EPARSE, "a digit above 2 refused");
    is_int(pc_game_new("nonogram", "colours=9", 1, &gm), PC_EPARSE, "colours=9 refused");
}

static char *save_alloc(const pc_nonogram *g)
{
    size_t len = 0;
    pc_nonogram_save(g, NULL, 0, &len);
    char *buf = malloc(len + 1);
    if (buf && pc_nonogram_save(g, buf, len + 1, &len) != PC_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Round trips of generated puzzles (1, 2, 4, 8 colours, a half-played
 * grid): XML and .non (write, read, write: the same text and the same
 * puzzle) and the save (the same text, the same player's grid and greying). */
static void generated_round_trips(void)
{
    static const int32_t ncols[] = {1, 2, 4, 8};
    int xml = 0, non = 0, save = 0, tried = 0;
    for (size_t c = 0; c < sizeof ncols / sizeof ncols[0]; c++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            pc_nonogram *g = NULL;
            int32_t w = 6 + (int32_t)seed * 3, h = 16 - (int32_t)seed * 2;
            if (pc_nonogram_generate_colour(w, h, ncols[c], seed, PC_NONOGRAM_GRADE_PROBE, &g) != PC_OK)
                continue;
            tried++;
            for (int32_t y = 0; y < h; y += 2) /* half the rows played, one cell wrong */
                for (int32_t x = 0; x < w; x++)
                    pc_nonogram_set_colour_cell(g, x, y, pc_nonogram_solution_cell(g, x, y));
            pc_nonogram_set_colour_cell(g, 0, 1, (pc_nonogram_solution_cell(g, 0, 1) + 1) % (ncols[c] + 1));
            xml += round_trip(g, PC_NONOGRAM_FORMAT_XML);
            non += round_trip(g, PC_NONOGRAM_FORMAT_NON);
            char *a = save_alloc(g), *b = NULL;
            pc_nonogram *h2 = NULL;
            if (a && pc_nonogram_load(a, strlen(a), NULL, 0, &h2) == PC_OK && (b = save_alloc(h2)) != NULL) {
                size_t n = (size_t)w * (size_t)h;
                uint8_t *c1 = malloc(n), *c2 = malloc(n);
                int same = strcmp(a, b) == 0 && c1 && c2 && pc_nonogram_get_colour_cells(g, c1, n) == PC_OK &&
                           pc_nonogram_get_colour_cells(h2, c2, n) == PC_OK && memcmp(c1, c2, n) == 0;
                for (int32_t axis = 0; same && axis < 2; axis++)
                    same = pc_nonogram_satisfied_count(g, axis) == pc_nonogram_satisfied_count(h2, axis);
                save += same;
                free(c1);
                free(c2);
            }
            free(a);
            free(b);
            pc_nonogram_free(h2);
            pc_nonogram_free(g);
        }
    is_int(tried, 12, "12 generated puzzles (1, 2, 4, 8 colours)");
    is_int(xml, tried, "XML: write, read, write gives the same text and puzzle");
    is_int(non, tried, ".non: the same");
    is_int(save, tried, "save: the same text, player's grid and greying");
}

/* The black-and-white calls on a colour puzzle: player's clues are the
 * coloured ones without colours; stats honour nstats. */
static void black_and_white_calls(void)
{
    pc_nonogram *g = NULL;
    char err[200];
    is_int(pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, err, sizeof err, &g), PC_OK,
           "4x3 colour picture");
    if (!g)
        return;
    pc_nonogram_set_colour_cell(g, 0, 0, 1);
    pc_nonogram_set_colour_cell(g, 1, 0, 2);
    pc_nonogram_set_colour_cell(g, 2, 0, 2);
    pc_nonogram_set_colour_cell(g, 3, 0, 1);
    int32_t c[8], n = 0;
    uint8_t col[8];
    is_int(pc_nonogram_player_clues(g, PC_NONOGRAM_ROWS, 0, c, 8, &n), PC_OK, "player's clues, b/w call");
    ok(n == 3 && c[0] == 1 && c[1] == 2 && c[2] == 1, "r gg r: 1 2 1 (a run ends where the colour changes)");
    is_int(pc_nonogram_player_clues_colour(g, PC_NONOGRAM_ROWS, 0, c, col, 8, &n), PC_OK, "the colour call");
    ok(n == 3 && col[0] == 1 && col[1] == 2 && col[2] == 1, "with colours r g r");
    int64_t st[3] = {-7, -7, -7};
    is_int(pc_nonogram_solve(g, 2, NULL, NULL, 0, st, 2), 1, "pc_nonogram_solve on colour, nstats 2");
    ok(st[2] == -7 && st[0] >= 0, "writes two stats, not PC_NONOGRAM_STAT_COUNT");
    pc_nonogram_free(g);
}

/* Every move of a colour puzzle, failing in every way it can: each call
 * returns its error and leaves the puzzle (its save, greying and the count
 * of lines evaluated) exactly as it was; then the same through pc_game's
 * moves (paint NAME X Y, cross X Y, clear X Y). */
static void every_failing_move(void)
{
    pc_nonogram *g = NULL;
    if (pc_nonogram_new_colour_from_solution(4, 3, PAL3, strlen(PAL3), PIC, 12, NULL, 0, &g) != PC_OK) {
        ok(0, "make");
        return;
    }
    pc_nonogram_set_colour_cell(g, 0, 0, 1);
    pc_nonogram_set_colour_cell(g, 3, 0, 0);
    pc_nonogram_set_colour_cell(g, 2, 1, 2);
    char before[1024], after[1024];
    save_text(g, before, sizeof before);
    int64_t ev = pc_nonogram_lines_evaluated(g);
    int32_t sat0 = pc_nonogram_satisfied_count(g, PC_NONOGRAM_ROWS), sat1 = pc_nonogram_satisfied_count(g, PC_NONOGRAM_COLS);
    uint8_t bad[12];
    memcpy(bad, PIC, 12);
    uint8_t codes[12];
    memset(codes, 0, sizeof codes);
    static const int32_t xy[][2] = {{-1, 0}, {0, -1}, {4, 0}, {0, 3}, {100, 100}, {-5, -5}};
    int refused = 0, tried = 0;
#define REFUSED(call, want)                                                                                            \
    do {                                                                                                               \
        tried++;                                                                                                       \
        refused += (call) == (want);                                                                                   \
    } while (0)
    for (size_t i = 0; i < sizeof xy / sizeof xy[0]; i++) {
        REFUSED(pc_nonogram_set_colour_cell(g, xy[i][0], xy[i][1], 1), PC_EINVAL);
        REFUSED(pc_nonogram_set_cell(g, xy[i][0], xy[i][1], PC_NONOGRAM_FILLED), PC_EINVAL);
        REFUSED(pc_nonogram_set_colour_rect(g, xy[i][0], xy[i][1], 1, 1, 0), PC_EINVAL);
        REFUSED(pc_nonogram_set_rect(g, xy[i][0], xy[i][1], 1, 1, PC_NONOGRAM_CROSSED), PC_EINVAL);
    }
    static const int32_t values[] = {3, 4, 9, 254, 256, -1, -255};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        REFUSED(pc_nonogram_set_colour_cell(g, 1, 1, values[i]), PC_EINVAL);
        REFUSED(pc_nonogram_set_colour_rect(g, 0, 0, 2, 2, values[i]), PC_EINVAL);
        if (values[i] != 3) { /* code 3 is colour 2 in the black-and-white codes */
            REFUSED(pc_nonogram_set_cell(g, 1, 1, values[i]), PC_EINVAL);
            REFUSED(pc_nonogram_set_rect(g, 0, 0, 2, 2, values[i]), PC_EINVAL);
        }
    }
    static const int32_t rects[][4] = {{0, 0, 0, 1}, {0, 0, 1, 0}, {0, 0, -1, 1}, {3, 0, 2, 1}, {0, 2, 1, 2},
                                       {0, 0, 5, 3}, {0, 0, 4, 4}, {1, 1, INT32_MAX, 1}};
    for (size_t i = 0; i < sizeof rects / sizeof rects[0]; i++) {
        REFUSED(pc_nonogram_set_colour_rect(g, rects[i][0], rects[i][1], rects[i][2], rects[i][3], 1), PC_EINVAL);
        REFUSED(pc_nonogram_set_rect(g, rects[i][0], rects[i][1], rects[i][2], rects[i][3], 1), PC_EINVAL);
    }
    for (size_t k = 0; k < 12; k += 11) { /* a bad value first or last: nothing written */
        memcpy(bad, PIC, 12);
        bad[k] = 3;
        REFUSED(pc_nonogram_set_colour_cells(g, bad, 12), PC_EINVAL);
        memset(codes, 1, sizeof codes);
        codes[k] = 4;
        REFUSED(pc_nonogram_set_cells(g, codes, 12), PC_EINVAL);
    }
    REFUSED(pc_nonogram_set_colour_cells(g, PIC, 11), PC_EINVAL);
    REFUSED(pc_nonogram_set_colour_cells(g, PIC, 13), PC_EINVAL);
    REFUSED(pc_nonogram_set_colour_cells(g, NULL, 12), PC_EINVAL);
    REFUSED(pc_nonogram_set_cells(g, codes, 11), PC_EINVAL);
#undef REFUSED
    is_int(refused, tried, "every failing colour move refused (%d calls)", tried);
    save_text(g, after, sizeof after);
    is_str(after, before, "... and the puzzle is as it was");
    is_int(pc_nonogram_lines_evaluated(g), ev, "no line evaluated");
    ok(pc_nonogram_satisfied_count(g, PC_NONOGRAM_ROWS) == sat0 && pc_nonogram_satisfied_count(g, PC_NONOGRAM_COLS) == sat1,
       "the greying unchanged");
    pc_nonogram_free(g);

    pc_game *gm = NULL;
    is_int(pc_game_new("nonogram", "size=4x3 colours=2 solution=112000221001", 1, &gm), PC_OK, "pc_game colour");
    if (!gm)
        return;
    pc_game_play(gm, "paint black 0 0", 15);
    pc_game_play(gm, "cross 3 0", 9);
    char s0[4096], s1[4096];
    size_t len = 0;
    pc_game_save(gm, s0, sizeof s0, &len);
    int32_t undo = pc_game_undo_count(gm);
    static const char *const moves[] = {
        "paint blue 1 1",  "paint Red 1 1",    "paint RED 1 1",     "paint 1 1 1",      "paint red 4 0",
        "paint red 0 3",   "paint red -1 0",   "paint red 1",       "paint red 1 1 1",  "paint  1 1",
        "fill 1 1",        "cross 4 0",        "cross 0 -1",        "cross",            "clear 1 1",
        "clear 9 9",       "paint white 1 1",  "paint red x 1",     "paint red 1 99999999999", "",
        "undo",            "paint red 1 1\n2"};
    int all = 1;
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        int32_t rc = pc_game_play(gm, moves[i], strlen(moves[i]));
        pc_game_save(gm, s1, sizeof s1, &len);
        if (rc >= 0 || strcmp(s0, s1) != 0 || pc_game_undo_count(gm) != undo) {
            char m[128];
            snprintf(m, sizeof m, "move '%s': %d", moves[i], (int)rc);
            diag(m);
            all = 0;
        }
    }
    ok(all, "every failing pc_game colour move refused, the game unchanged");
    is_int(pc_game_play(gm, "paint red 1 1", 13), PC_OK, "paint red 1 1 plays");
    is_int(pc_game_play(gm, "clear 1 1", 9), PC_OK, "clear 1 1 plays");
    pc_game_free(gm);
}

int main(void)
{
    palette_and_clues();
    player_grid();
    line_solver();
    line_against_enumeration();
    hand_puzzles();
    against_brute_force();
    black_and_white_case();
    black_and_white_calls();
    every_failing_move();
    generated_round_trips();
    budgets();
    random_pictures();
    saves();
    formats();
    generator();
    pictures();
    hints();
    probe_hint();
    forced_hint();
    game();
    return done_testing();
}
