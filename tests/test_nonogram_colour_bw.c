/* The black-and-white puzzle as the one-colour case: the colour solver run
 * on black-and-white puzzles against the specialised black-and-white solver
 * (the same verdict: none / unique / several; the same solution when
 * unique; every solution either returns meets the clues), on random
 * pictures (mostly several solutions), on mismatched clue sets (mostly
 * none), on puzzles of the black-and-white generator (unique) and on the
 * repository's black-and-white data.  Then the one model: clues, greying,
 * player's clues and mistakes of a one-colour palette puzzle equal those of
 * the black-and-white puzzle of the same picture. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

static int verdicts[3]; /* none, unique, several: how many puzzles had each */

/* 1 when `sol` (w*h 0/1) meets g's clues: played on a copy, it is solved. */
static int meets_clues(const pc_nonogram *g, const uint8_t *sol)
{
    pc_nonogram *c = NULL;
    if (pc_nonogram_clone(g, &c) != PC_OK)
        return 0;
    size_t n = (size_t)pc_nonogram_width(g) * (size_t)pc_nonogram_height(g);
    int good = pc_nonogram_set_colour_cells(c, sol, n) == PC_OK && pc_nonogram_is_solved(c) == 1;
    pc_nonogram_free(c);
    return good;
}

/* Both solvers on g to two solutions; 1 when they agree. */
static int agree(const pc_nonogram *g)
{
    size_t n = (size_t)pc_nonogram_width(g) * (size_t)pc_nonogram_height(g);
    uint8_t *a = calloc(2 * n, 1), *b = calloc(2 * n, 1);
    int32_t ra = pc_nonogram_solve(g, 2, NULL, a, 2 * n, NULL, 0);
    int32_t rb = pc_nonogram_solve_colour(g, 0, 2, NULL, b, 2 * n, NULL, 0);
    int good = a && b && ra >= 0 && ra <= 2 && ra == rb;
    for (int32_t s = 0; good && s < ra; s++)
        good = meets_clues(g, a + (size_t)s * n) && meets_clues(g, b + (size_t)s * n);
    if (good && ra == 1)
        good = memcmp(a, b, n) == 0;
    if (good && ra == 2) /* two different solutions each */
        good = memcmp(a, a + n, n) != 0 && memcmp(b, b + n, n) != 0;
    if (good)
        verdicts[ra]++;
    free(a);
    free(b);
    return good;
}

static void random_picture(pc_rng *r, uint8_t *pic, size_t n, uint64_t percent)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t v = 0;
        pc_rng_uniform(r, 100, &v);
        pic[i] = v < percent;
    }
}

/* A puzzle from the rows of picture `rows` and the columns of picture
 * `cols` (the same number of filled cells). */
static pc_nonogram *mixed(const uint8_t *rows, const uint8_t *cols, int32_t w, int32_t h)
{
    size_t n = (size_t)w * (size_t)h, tr = 0, tc = 0;
    int32_t *rc = malloc((size_t)h * sizeof *rc), *cc = malloc((size_t)w * sizeof *cc);
    int32_t *rcl = malloc(n * sizeof *rcl), *ccl = malloc(n * sizeof *ccl);
    pc_nonogram *g = NULL;
    if (rc && cc && rcl && ccl && pc_nonogram_grid_clues(rows, w, h, PC_NONOGRAM_ROWS, rc, rcl, n, &tr) == PC_OK &&
        pc_nonogram_grid_clues(cols, w, h, PC_NONOGRAM_COLS, cc, ccl, n, &tc) == PC_OK)
        pc_nonogram_new_from_clues(w, h, rc, rcl, cc, ccl, NULL, 0, &g);
    free(rc);
    free(cc);
    free(rcl);
    free(ccl);
    return g;
}

static void random_puzzles(void)
{
    pc_rng *r = NULL;
    pc_rng_new(24, &r);
    int bad = 0, made = 0;
    uint8_t pic[15 * 15], other[15 * 15];
    for (int t = 0; t < 80; t++) {
        uint64_t side = 0;
        pc_rng_uniform(r, 11, &side);
        int32_t w = 5 + (int32_t)side, h = 5 + (int32_t)((side * 7 + (uint64_t)t) % 11);
        size_t n = (size_t)w * (size_t)h;
        random_picture(r, pic, n, 35 + (uint64_t)(t % 4) * 10);
        pc_nonogram *g = NULL;
        if (t % 2 == 0) {
            uint8_t s[15 * 15 + 1];
            for (size_t i = 0; i < n; i++)
                s[i] = (uint8_t)('0' + pic[i]);
            pc_nonogram_new_from_solution(w, h, (const char *)s, n, NULL, 0, &g);
        } else {
            /* the same picture with one filled cell moved: the clue sets
             * of rows and columns disagree (mostly no solution) */
            memcpy(other, pic, n);
            size_t from = 0, to = 0;
            while (from < n && !other[from])
                from++;
            while (to < n && (other[to] || to % (size_t)w == from % (size_t)w || to / (size_t)w == from / (size_t)w))
                to++;
            if (from < n && to < n) {
                other[from] = 0;
                other[to] = 1;
            }
            g = mixed(pic, other, w, h);
        }
        if (!g)
            continue;
        made++;
        bad += !agree(g);
        pc_nonogram_free(g);
    }
    pc_rng_free(r);
    is_int(made, 80, "80 random black-and-white puzzles made (5x5 .. 15x15)");
    is_int(bad, 0, "colour solver = black-and-white solver on them (verdict, solutions valid)");
}

static void generated(void)
{
    static const int32_t sizes[][2] = {{5, 5}, {10, 10}, {12, 8}, {15, 15}, {20, 20}, {25, 20}};
    int bad = 0, made = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            pc_nonogram *g = NULL;
            if (pc_nonogram_generate(sizes[i][0], sizes[i][1], seed, PC_NONOGRAM_GRADE_SEARCH, NULL, &g) != PC_OK)
                continue;
            made++;
            int before = verdicts[1];
            bad += !agree(g) || verdicts[1] != before + 1;
            pc_nonogram_free(g);
        }
    is_int(made, 12, "12 puzzles of the black-and-white generator");
    is_int(bad, 0, "both solvers: unique, the same solution");
}

/* The picture file (data/nonogram/heart.pic: '#' filled, '.' empty, '#'
 * lines after a blank are comments) as a puzzle. */
static pc_nonogram *picture_file(const char *text, size_t len)
{
    char *bits = malloc(len + 1);
    size_t n = 0;
    int32_t w = 0, h = 0;
    pc_nonogram *g = NULL;
    for (size_t i = 0; bits && i < len;) {
        size_t e = i;
        while (e < len && text[e] != '\n')
            e++;
        if (e > i && text[i] != ' ' && !(text[i] == '#' && e > i + 1 && text[i + 1] == ' ')) {
            w = (int32_t)(e - i);
            h++;
            for (size_t j = i; j < e; j++)
                bits[n++] = text[j] == '#' ? '1' : '0';
        }
        i = e + 1;
    }
    if (bits && h > 0)
        pc_nonogram_new_from_solution(w, h, bits, n, NULL, 0, &g);
    free(bits);
    return g;
}

static void repository_data(void)
{
    static const char *const files[] = {"nonogram/sample.non", "nonogram/sample.xml", "nonogram/tcga-sample.txt",
                                         "nonogram/cup.txt", "nonogram/heart.pic"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len = 0;
        char *text = tap_read_data(files[f], &len);
        if (!text) {
            ok(0, "data/%s", files[f]);
            continue;
        }
        int32_t count = f < 3 ? pc_nonogram_import_count(text, len, PC_NONOGRAM_FORMAT_AUTO, NULL, 0) : 1;
        int good = count >= 1, tried = 0;
        for (int32_t i = 0; good && i < count; i++) {
            pc_nonogram *g = NULL;
            if (f < 3)
                pc_nonogram_import(text, len, PC_NONOGRAM_FORMAT_AUTO, i, NULL, 0, &g);
            else if (f == 3)
                pc_nonogram_load(text, len, NULL, 0, &g); /* the library's own save */
            else
                g = picture_file(text, len);
            good = g && pc_nonogram_colour_count(g) == 1 && agree(g);
            tried++;
            pc_nonogram_free(g);
        }
        ok(good, "data/%s: %d black-and-white puzzle(s), both solvers agree", files[f], (int)tried);
        free(text);
    }
}

/* One model: the same picture as a black-and-white puzzle and as a
 * one-colour palette puzzle ("X" for black) has the same clues, greying,
 * player's clues and mistakes after the same moves. */
static void one_model(void)
{
    static const char bits[] = "1101100111010110111000111";
    uint8_t pic[25];
    for (int i = 0; i < 25; i++)
        pic[i] = (uint8_t)(bits[i] - '0');
    static const char pal[] = "- ffffff paper\nX 102030 ink\n";
    pc_nonogram *a = NULL, *b = NULL;
    pc_nonogram_new_from_solution(5, 5, bits, 25, NULL, 0, &a);
    pc_nonogram_new_colour_from_solution(5, 5, pal, strlen(pal), pic, 25, NULL, 0, &b);
    if (!a || !b) {
        ok(0, "the two puzzles");
        pc_nonogram_free(a);
        pc_nonogram_free(b);
        return;
    }
    is_int(pc_nonogram_colour_count(b), 1, "one colour");
    int same = 1;
    for (int32_t axis = 0; axis < 2; axis++)
        for (int32_t i = 0; i < 5; i++) {
            int32_t c1[8], c2[8], n1 = 0, n2 = 0;
            pc_nonogram_clues(a, axis, i, c1, 8, &n1);
            pc_nonogram_clues(b, axis, i, c2, 8, &n2);
            same &= n1 == n2 && memcmp(c1, c2, (size_t)n1 * sizeof *c1) == 0;
        }
    ok(same, "the same clue tables");
    /* the same moves, some right, some wrong */
    static const int32_t moves[][3] = {{0, 0, 1}, {1, 0, 1}, {2, 0, 0}, {3, 0, 1}, {4, 0, 1},
                                       {0, 1, 1}, {0, 4, 0}, {2, 1, 0}, {4, 4, 0}};
    int greyed = 1, player = 1;
    for (size_t m = 0; m < sizeof moves / sizeof moves[0]; m++) {
        int32_t x = moves[m][0], y = moves[m][1], v = moves[m][2];
        pc_nonogram_set_cell(a, x, y, v ? PC_NONOGRAM_FILLED : PC_NONOGRAM_CROSSED);
        pc_nonogram_set_colour_cell(b, x, y, v);
        for (int32_t axis = 0; axis < 2; axis++) {
            greyed &= pc_nonogram_satisfied_count(a, axis) == pc_nonogram_satisfied_count(b, axis);
            for (int32_t i = 0; i < 5; i++) {
                int32_t c1[8], c2[8], n1 = 0, n2 = 0;
                greyed &= pc_nonogram_line_satisfied(a, axis, i) == pc_nonogram_line_satisfied(b, axis, i);
                pc_nonogram_player_clues(a, axis, i, c1, 8, &n1);
                pc_nonogram_player_clues(b, axis, i, c2, 8, &n2);
                player &= n1 == n2 && memcmp(c1, c2, (size_t)n1 * sizeof *c1) == 0;
            }
        }
    }
    ok(greyed, "the same greying after every move");
    ok(player, "the same player's clues after every move");
    is_int(pc_nonogram_satisfied_count(a, PC_NONOGRAM_ROWS), 1, "row 0 (11011) met on both");
    uint8_t m1[25], m2[25];
    int32_t k1 = pc_nonogram_mistakes(a, m1, 25), k2 = pc_nonogram_colour_mistakes(b, NULL, m2, 25);
    is_int(k1, 3, "three mistakes: (0,1) filled, (2,1) and (4,4) crossed");
    ok(k1 == k2 && memcmp(m1, m2, 25) == 0, "the same mistakes on both");
    ok(m1[1 * 5 + 0] && m1[1 * 5 + 2] && m1[4 * 5 + 4], "at the wrong cells");
    pc_nonogram_free(a);
    pc_nonogram_free(b);
}

/* Hints: the colour engine's hint (pc_nonogram_hint_colour) on a
 * black-and-white puzzle against the black-and-white engine's
 * (pc_nonogram_hint), played until solved: a LINE hint is the same cell,
 * value and line from both (the same rule: the line settling most, rows
 * first, its first cell); every hint of either agrees with the solution. */
static void hints(void)
{
    int same_line = 1, right = 1, solved = 0, made = 0, lines = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        pc_nonogram *g = NULL;
        int32_t w = 8 + (int32_t)seed, h = 14 - (int32_t)seed;
        if (pc_nonogram_generate(w, h, seed, PC_NONOGRAM_GRADE_PROBE, NULL, &g) != PC_OK)
            continue;
        made++;
        for (int step = 0; step < w * h; step++) {
            int32_t x1 = -1, y1 = -1, v1 = -1, a1 = -1, i1 = -1, x2 = -1, y2 = -1, v2 = -1, a2 = -1, i2 = -1;
            int32_t k1 = pc_nonogram_hint(g, NULL, &x1, &y1, &v1, &a1, &i1);
            int32_t k2 = pc_nonogram_hint_colour(g, NULL, &x2, &y2, &v2, &a2, &i2);
            if (k1 == PC_ENOTFOUND || k2 == PC_ENOTFOUND) {
                same_line &= k1 == k2;
                break;
            }
            if (k1 < 0 || k2 < 0) {
                right = 0;
                break;
            }
            int32_t s1 = pc_nonogram_solution_cell(g, x1, y1), s2 = pc_nonogram_solution_cell(g, x2, y2);
            right &= (v1 == PC_NONOGRAM_FILLED) == (s1 == 1) && v2 == s2;
            if (k1 == PC_NONOGRAM_HINT_LINE || k2 == PC_NONOGRAM_HINT_LINE) {
                lines++;
                same_line &= k1 == k2 && x1 == x2 && y1 == y2 && a1 == a2 && i1 == i2 &&
                             (v1 == PC_NONOGRAM_FILLED) == (v2 == 1);
            }
            pc_nonogram_set_cell(g, x1, y1, v1); /* play the black-and-white hint */
        }
        solved += pc_nonogram_is_solved(g) == 1 && pc_nonogram_matches_solution(g) == 1;
        pc_nonogram_free(g);
    }
    is_int(made, 6, "6 generated black-and-white puzzles");
    ok(right, "every hint of both engines agrees with the solution");
    ok(same_line && lines > 0, "LINE hints: the same cell, value and line from both engines (%d)", lines);
    is_int(solved, made, "hints play each puzzle to its solution");
}

int main(void)
{
    random_puzzles();
    generated();
    repository_data();
    one_model();
    hints();
    ok(verdicts[0] > 0 && verdicts[1] > 0 && verdicts[2] > 0, "every verdict seen: %d none, %d unique, %d several",
       verdicts[0], verdicts[1], verdicts[2]);
    return done_testing();
}
