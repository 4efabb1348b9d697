/* Nonogram clue core: the seed's worked examples, the player's grid with
 * greying, incremental recalculation, records and saves, bad input, and
 * atomicity of every failing call. */
#include <stdint.h>
#include <stdlib.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* The seed's 5x5 example: cell (col 2, row 2) = index 6 is filled, row 5
 * (indices 20..24) reads 0 1 1 1 0, column 2 (indices 1, 6, 11, 16, 21) has
 * two isolated 1s. */
static const char SEED5[] = "00100"
                            "01110"
                            "10101"
                            "10001"
                            "01110";

static int clues_are(const int32_t *got, int32_t n, const int32_t *want, int32_t m)
{
    if (n != m)
        return 0;
    for (int32_t i = 0; i < n; i++)
        if (got[i] != want[i])
            return 0;
    return 1;
}

static void seed_examples(void)
{
    uint8_t grid[25];
    for (int i = 0; i < 25; i++)
        grid[i] = (uint8_t)(SEED5[i] - '0');
    ok(grid[6] == 1, "seed: index 6 (column 2, row 2) is a block");

    int32_t c[8], n = -1;
    /* row 5: indices 20..24, stride 1 */
    is_int(pc_nonogram_line_clues(grid + 20, 5, 1, c, 8, &n), PC_OK, "row 5 isolated (indices 20-24)");
    ok(clues_are(c, n, (const int32_t[]){3}, 1), "row 5 = 0 1 1 1 0 gives the clue 3");
    /* column 2: indices 1, 6, 11, 16, 21: start 1, stride 5 */
    is_int(pc_nonogram_line_clues(grid + 1, 5, 5, c, 8, &n), PC_OK, "column 2 isolated (indices 1,6,11,16,21)");
    ok(clues_are(c, n, (const int32_t[]){1, 1}, 2), "two isolated 1s give two clues 1 1");
    const uint8_t empty[5] = {0, 0, 0, 0, 0};
    pc_nonogram_line_clues(empty, 5, 1, c, 8, &n);
    ok(clues_are(c, n, (const int32_t[]){0}, 1), "an empty line has the single clue 0");
    const uint8_t full[5] = {1, 1, 1, 1, 1};
    pc_nonogram_line_clues(full, 5, 1, c, 8, &n);
    ok(clues_are(c, n, (const int32_t[]){5}, 1), "a full line has its length as clue");
    const uint8_t mixed[7] = {1, 2, 1, 1, 0, 1, 2}; /* 2 = crossed counts as not filled */
    pc_nonogram_line_clues(mixed, 7, 1, c, 8, &n);
    ok(clues_are(c, n, (const int32_t[]){1, 2, 1}, 3), "crossed and unknown cells both end a run");

    /* snprintf-style capacity */
    is_int(pc_nonogram_line_clues(grid + 1, 5, 5, c, 1, &n), PC_ESPACE, "too small a buffer gives PC_ESPACE");
    is_int(n, 2, "... and the full count");
    is_int(pc_nonogram_line_clues(grid + 1, 5, 5, NULL, 0, &n), PC_OK, "NULL buffer asks for the count (PC_OK)");
    is_int(pc_nonogram_line_clues(NULL, 5, 1, c, 8, &n), PC_EINVAL, "NULL cells refused");
    is_int(pc_nonogram_line_clues(grid, 0, 1, c, 8, &n), PC_EINVAL, "length 0 refused");
    is_int(pc_nonogram_line_clues(grid, 5, 0, c, 8, &n), PC_EINVAL, "stride 0 refused");

    /* whole grid: rows and columns of the seed example */
    int32_t counts[5], all[16];
    size_t total = 0;
    is_int(pc_nonogram_grid_clues(grid, 5, 5, PC_NONOGRAM_ROWS, counts, all, 16, &total), PC_OK, "grid rows");
    const int32_t rows[] = {1, 3, 1, 1, 1, 1, 1, 3};
    ok(total == 8 && clues_are(all, 8, rows, 8), "row clues 1 / 3 / 1.1.1 / 1.1 / 3");
    ok(counts[0] == 1 && counts[1] == 1 && counts[2] == 3 && counts[3] == 2 && counts[4] == 1, "row counts");
    is_int(pc_nonogram_grid_clues(grid, 5, 5, PC_NONOGRAM_COLS, counts, all, 16, &total), PC_OK, "grid columns");
    const int32_t cols[] = {2, 1, 1, 3, 1, 1, 1, 2};
    ok(total == 8 && clues_are(all, 8, cols, 8), "column clues 2 / 1.1 / 3.1 / 1.1 / 2");
    is_int(pc_nonogram_grid_clues(grid, 5, 5, 3, counts, all, 16, &total), PC_EINVAL, "grid clues: bad axis");
    is_int(pc_nonogram_grid_clues(grid, 5, 5, PC_NONOGRAM_COLS, counts, all, 3, &total), PC_ESPACE,
           "grid clues: small buffer gives PC_ESPACE");
    is_int((int64_t)total, 8, "... with the total needed");
    ok(clues_are(all, 3, cols, 3), "... and the clues that fit");
}

/* The bit-parallel whole-grid path must agree with the per-line scan on any
 * bytes, sizes across word boundaries, and lines longer than 255. */
static void grid_matches_lines(void)
{
    pc_rng *r;
    pc_rng_new(2024, &r);
    const int32_t sizes[][2] = {{1, 1}, {7, 3}, {63, 65}, {64, 64}, {65, 130}, {300, 9}, {9, 300}, {129, 257}};
    int agree = 1;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int32_t w = sizes[s][0], h = sizes[s][1];
        for (int variant = 0; variant < 3; variant++) {
            uint8_t *g = malloc((size_t)w * (size_t)h);
            for (int32_t i = 0; i < w * h; i++) {
                uint64_t v;
                pc_rng_uniform(r, variant == 0 ? 2 : variant == 1 ? 3 : 256, &v);
                g[i] = (uint8_t)v;
            }
            for (int axis = 0; axis < 2; axis++) {
                int32_t lines = axis ? w : h, len = axis ? h : w;
                int32_t *counts = malloc((size_t)lines * sizeof *counts);
                size_t cap = (size_t)lines * (size_t)((len + 1) / 2), total;
                int32_t *all = malloc(cap * sizeof *all), *one = malloc((size_t)(len + 1) * sizeof *one);
                agree &= pc_nonogram_grid_clues(g, w, h, axis, counts, all, cap, &total) == PC_OK;
                size_t k = 0;
                for (int32_t i = 0; i < lines; i++) {
                    int32_t n;
                    pc_nonogram_line_clues(axis ? g + i : g + (size_t)i * w, len, axis ? w : 1, one, len + 1, &n);
                    agree &= n == counts[i] && clues_are(all + k, n, one, n);
                    k += (size_t)n;
                }
                agree &= k == total;
                free(counts);
                free(all);
                free(one);
            }
            /* both axes at once: the rows' clues then the columns' */
            size_t capb = (size_t)h * (size_t)((w + 1) / 2) + (size_t)w * (size_t)((h + 1) / 2), tb, tr, tc;
            int32_t *cb = malloc((size_t)(w + h) * sizeof *cb), *ab = malloc(capb * sizeof *ab);
            int32_t *cr = malloc((size_t)(w + h) * sizeof *cr), *ar = malloc(capb * sizeof *ar);
            agree &= pc_nonogram_grid_clues(g, w, h, PC_NONOGRAM_BOTH, cb, ab, capb, &tb) == PC_OK;
            pc_nonogram_grid_clues(g, w, h, PC_NONOGRAM_ROWS, cr, ar, capb, &tr);
            pc_nonogram_grid_clues(g, w, h, PC_NONOGRAM_COLS, cr + h, ar + tr, capb - tr, &tc);
            agree &= tb == tr + tc && memcmp(cb, cr, (size_t)(w + h) * sizeof *cb) == 0 &&
                     memcmp(ab, ar, tb * sizeof *ab) == 0;
            free(cb);
            free(ab);
            free(cr);
            free(ar);
            free(g);
        }
    }
    ok(agree, "whole-grid clues (rows, columns, both) equal per-line clues on random grids (0/1, 0/1/2, any byte)");

    /* a 1000-cell line: 333 runs of 2 and a run of 1000 */
    uint8_t line[1000];
    for (int i = 0; i < 1000; i++)
        line[i] = (uint8_t)(i % 3 != 2);
    int32_t c[600], n;
    pc_nonogram_line_clues(line, 1000, 1, c, 600, &n);
    int twos = n == 334;
    for (int i = 0; i < 333 && twos; i++)
        twos = c[i] == 2;
    ok(twos && c[333] == 1, "a 1000-cell line: 333 clues of 2 and a final 1 (no 8-bit overflow)");
    memset(line, 1, sizeof line);
    pc_nonogram_line_clues(line, 1000, 1, c, 600, &n);
    ok(n == 1 && c[0] == 1000, "a full 1000-cell line has the clue 1000");
    pc_rng_free(r);
}

static pc_nonogram *seed_puzzle(void)
{
    pc_nonogram *g = NULL;
    char err[128];
    pc_nonogram_new_from_solution(5, 5, SEED5, sizeof SEED5 - 1, err, sizeof err, &g);
    return g;
}

static void player_grid(void)
{
    pc_nonogram *g = seed_puzzle();
    ok(g != NULL, "puzzle from the seed's 0/1 string");
    is_int(pc_nonogram_width(g), 5, "width");
    is_int(pc_nonogram_height(g), 5, "height");
    is_int(pc_nonogram_has_solution(g), 1, "has its solution");
    is_int(pc_nonogram_solution_cell(g, 1, 1), 1, "solution cell (1,1) = index 6");
    int32_t c[4], n;
    pc_nonogram_clues(g, PC_NONOGRAM_ROWS, 4, c, 4, &n);
    ok(clues_are(c, n, (const int32_t[]){3}, 1), "puzzle clue of row 5 is 3");
    pc_nonogram_clues(g, PC_NONOGRAM_COLS, 1, c, 4, &n);
    ok(clues_are(c, n, (const int32_t[]){1, 1}, 2), "puzzle clue of column 2 is 1 1");
    is_int(pc_nonogram_clue_count(g, PC_NONOGRAM_ROWS, 2), 3, "row 3 has three clues");

    is_int(pc_nonogram_satisfied_count(g, PC_NONOGRAM_ROWS), 0, "nothing greyed at the start");
    is_int(pc_nonogram_is_solved(g), 0, "not solved at the start");

    /* Row 5 filled correctly: its clue greys out. */
    int64_t before = pc_nonogram_lines_evaluated(g);
    is_int(pc_nonogram_set_rect(g, 1, 4, 3, 1, PC_NONOGRAM_FILLED), PC_OK, "drag-fill row 5 cells 2-4");
    is_int(pc_nonogram_lines_evaluated(g) - before, 1 + 3, "a 3x1 drag re-examines 1 row and 3 columns only");
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_ROWS, 4), 1, "row 5 greys out");
    pc_nonogram_player_clues(g, PC_NONOGRAM_ROWS, 4, c, 4, &n);
    ok(clues_are(c, n, (const int32_t[]){3}, 1), "the player's clue of row 5 is 3");

    /* A mistake that still meets the row's clue: row 2 = 1 1 1 0 0 instead of
     * 0 1 1 1 0.  The row greys, but columns 1 and 4 stay dark. */
    before = pc_nonogram_lines_evaluated(g);
    pc_nonogram_set_cell(g, 0, 1, PC_NONOGRAM_FILLED);
    is_int(pc_nonogram_lines_evaluated(g) - before, 2, "one cell change re-examines one row and one column");
    pc_nonogram_set_cell(g, 1, 1, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(g, 2, 1, PC_NONOGRAM_FILLED);
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_ROWS, 1), 1, "a wrong row that meets its clue still greys");
    /* Fill the rest of the solution except row 2's last cell. */
    pc_nonogram_set_cell(g, 2, 0, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(g, 0, 2, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(g, 2, 2, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(g, 4, 2, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(g, 0, 3, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(g, 4, 3, PC_NONOGRAM_FILLED);
    is_int(pc_nonogram_satisfied_count(g, PC_NONOGRAM_ROWS), 5, "all row clues grey");
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_COLS, 0), 0, "column 1 stays dark: the mistake shows");
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_COLS, 3), 0, "column 4 stays dark");
    is_int(pc_nonogram_is_solved(g), 0, "not solved with the mistake");
    /* Fix row 2: column 1's clue greys, the row un-greys then greys again. */
    pc_nonogram_set_cell(g, 0, 1, PC_NONOGRAM_CROSSED);
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_ROWS, 1), 0, "removing the wrong cell un-greys row 2");
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_COLS, 0), 1, "... and greys column 1");
    pc_nonogram_set_cell(g, 3, 1, PC_NONOGRAM_FILLED);
    is_int(pc_nonogram_line_satisfied(g, PC_NONOGRAM_ROWS, 1), 1, "row 2 greys again when fixed");
    is_int(pc_nonogram_satisfied_count(g, PC_NONOGRAM_COLS), 5, "every column grey");
    is_int(pc_nonogram_is_solved(g), 1, "solved");
    is_int(pc_nonogram_matches_solution(g), 1, "the grid is the stored picture");
    pc_nonogram_reset(g);
    is_int(pc_nonogram_is_solved(g), 0, "reset clears the grid");
    pc_nonogram_free(g);

    /* Any grid that meets the clues wins: a puzzle with two solutions. */
    pc_nonogram *d = NULL;
    pc_nonogram_new_from_solution(2, 2, "1001", 4, NULL, 0, &d);
    pc_nonogram_set_cell(d, 1, 0, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(d, 0, 1, PC_NONOGRAM_FILLED);
    is_int(pc_nonogram_is_solved(d), 1, "the other diagonal meets every clue and wins");
    is_int(pc_nonogram_matches_solution(d), 0, "... though it is not the stored picture");
    pc_nonogram_free(d);
}

static void from_clues_and_errors(void)
{
    /* Tatham's 4x4:2/1/2/1/1.1/2/1/1 (columns first there) */
    const int32_t cc[] = {1, 1, 1, 1}, cv[] = {2, 1, 2, 1};
    const int32_t rc[] = {2, 1, 1, 1}, rv[] = {1, 1, 2, 1, 1};
    pc_nonogram *g = NULL;
    char err[200] = "";
    is_int(pc_nonogram_new_from_clues(4, 4, rc, rv, cc, cv, err, sizeof err, &g), PC_OK, "puzzle from clues");
    is_int(pc_nonogram_has_solution(g), 0, "no stored solution");
    is_int(pc_nonogram_solution_cell(g, 0, 0), PC_ENOTFOUND, "solution cell: PC_ENOTFOUND");
    is_int(pc_nonogram_matches_solution(g), PC_ENOTFOUND, "matches_solution: PC_ENOTFOUND");
    pc_nonogram_free(g);

    g = NULL;
    const int32_t bad_fit[] = {3, 2}, c2[] = {2, 1, 1, 1};
    is_int(pc_nonogram_new_from_clues(4, 4, c2, bad_fit, cc, cv, err, sizeof err, &g), PC_EINVAL,
           "clues 3 2 cannot fit in 4 cells");
    ok(strstr(err, "row 1") && strstr(err, "need 6") != NULL, "... with a message naming the row: %s", err);
    ok(g == NULL, "... and no puzzle");
    const int32_t zero_mix[] = {0, 1, 1, 2, 1, 1};
    is_int(pc_nonogram_new_from_clues(4, 4, c2, zero_mix, cc, cv, err, sizeof err, &g), PC_EINVAL,
           "a 0 among other clues is refused");
    const int32_t sums[] = {1, 1, 1, 1, 1};
    is_int(pc_nonogram_new_from_clues(4, 4, rc, sums, cc, cv, err, sizeof err, &g), PC_EINVAL,
           "rows and columns that fill different totals are refused");
    is_int(pc_nonogram_new_from_clues(0, 4, rc, rv, cc, cv, err, sizeof err, &g), PC_ERANGE, "width 0: PC_ERANGE");
    is_int(pc_nonogram_new_from_clues(70000, 4, rc, rv, cc, cv, err, sizeof err, &g), PC_ERANGE,
           "width 70000: PC_ERANGE");

    is_int(pc_nonogram_new_from_solution(3, 3, "1012", 4, err, sizeof err, &g), PC_EPARSE, "bad character");
    ok(strstr(err, "column 4") != NULL, "... message gives the position: %s", err);
    is_int(pc_nonogram_new_from_solution(3, 3, "101", 3, err, sizeof err, &g), PC_EPARSE, "too few cells");
    is_int(pc_nonogram_new_from_solution(1, 1, "11", 2, err, sizeof err, &g), PC_EPARSE, "too many cells");
    is_int(pc_nonogram_new_from_solution(2, 2, "10\n01\n", 6, err, sizeof err, &g), PC_OK,
           "newlines between rows are accepted");
    pc_nonogram_free(g);
    is_int(pc_nonogram_new_from_solution(2, 2, "1001", 4, err, sizeof err, NULL), PC_EINVAL, "NULL out refused");
}

/* Every failing call leaves the puzzle exactly as it was (compared through
 * its full save text). */
static void atomicity(void)
{
    pc_nonogram *g = seed_puzzle();
    pc_nonogram_set_cell(g, 2, 2, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(g, 0, 0, PC_NONOGRAM_CROSSED);
    pc_nonogram_set_title(g, "en", "Cup", 3);
    char before[1024], after[1024];
    size_t n;
    pc_nonogram_save(g, before, sizeof before, &n);
    int64_t evaluated = pc_nonogram_lines_evaluated(g);
    int same = 1;
    struct {
        int32_t rc, want;
        const char *what;
    } calls[] = {
        {pc_nonogram_set_cell(g, 5, 0, 1), PC_EINVAL, "set_cell x out of range"},
        {pc_nonogram_set_cell(g, 0, -1, 1), PC_EINVAL, "set_cell y out of range"},
        {pc_nonogram_set_cell(g, 0, 0, 3), PC_EINVAL, "set_cell bad value"},
        {pc_nonogram_set_rect(g, 3, 3, 3, 1, 1), PC_EINVAL, "set_rect past the edge"},
        {pc_nonogram_set_rect(g, 0, 0, 0, 1, 1), PC_EINVAL, "set_rect empty"},
        {pc_nonogram_set_cells(g, (const uint8_t *)"\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\7", 25),
         PC_EINVAL, "set_cells with one bad value"},
        {pc_nonogram_set_cells(g, (const uint8_t *)"\1\1", 2), PC_EINVAL, "set_cells wrong size"},
        {pc_nonogram_set_xp(g, -5), PC_EINVAL, "negative xp"},
        {pc_nonogram_set_id(g, "a\nb", 3), PC_EINVAL, "id with a newline"},
        {pc_nonogram_set_title(g, "e n", "x", 1), PC_EINVAL, "bad language tag"},
        {pc_nonogram_set_title(g, "fr", "a\nb", 3), PC_EINVAL, "title with a newline"},
    };
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
        is_int(calls[i].rc, calls[i].want, "%s refused", calls[i].what);
        pc_nonogram_save(g, after, sizeof after, &n);
        same &= strcmp(before, after) == 0;
    }
    ok(same, "every refused call left the puzzle unchanged");
    is_int(pc_nonogram_lines_evaluated(g), evaluated, "... and evaluated nothing");
    uint8_t small[4];
    is_int(pc_nonogram_get_cells(g, small, sizeof small), PC_ESPACE, "get_cells into a small buffer");
    char tiny[8];
    is_int(pc_nonogram_save(g, tiny, sizeof tiny, &n), PC_ESPACE, "save into a small buffer: PC_ESPACE");
    ok(n == strlen(before) && tiny[7] == '\0', "... full length reported, output NUL-terminated");
    pc_nonogram_free(g);
}

static void records(void)
{
    pc_nonogram *g = seed_puzzle();
    pc_nonogram_set_id(g, "0042", 4);
    pc_nonogram_set_xp(g, 120);
    pc_nonogram_set_title(g, "en", "Cup", 3);
    pc_nonogram_set_title(g, "ja", "\xE3\x82\xAB\xE3\x83\x83\xE3\x83\x97", 9);
    pc_nonogram_set_title(g, "pt-BR", "X\xC3\xAD" "cara", 7);
    pc_nonogram_set_title(g, "en", "Trophy", 6); /* replaces */
    is_int(pc_nonogram_title_count(g), 3, "three titles");
    char buf[512];
    size_t n;
    is_int(pc_nonogram_title(g, "en", buf, sizeof buf, &n), PC_OK, "English title");
    is_str(buf, "Trophy", "setting a language again replaces its title");
    is_int(pc_nonogram_title(g, "de", buf, sizeof buf, &n), PC_ENOTFOUND, "missing language: PC_ENOTFOUND");
    pc_nonogram_title_lang(g, 2, buf, sizeof buf, &n);
    is_str(buf, "pt-BR", "title languages keep their order");

    pc_nonogram_write_record(g, buf, sizeof buf, &n);
    is_str(buf,
           "puzzlecore-nonogram 1\nid 0042\nsize 5x5\nxp 120\nsolution 0010001110101011000101110\n"
           "title en Trophy\ntitle ja \xE3\x82\xAB\xE3\x83\x83\xE3\x83\x97\ntitle pt-BR X\xC3\xAD" "cara\n",
           "record text");
    pc_nonogram *r = NULL;
    char err[200];
    is_int(pc_nonogram_load(buf, n, err, sizeof err, &r), PC_OK, "record reads back");
    char buf2[512];
    pc_nonogram_write_record(r, buf2, sizeof buf2, &n);
    is_str(buf2, buf, "record round trip is exact");
    pc_nonogram_free(r);

    /* save: record + player's grid, restoring progress exactly */
    pc_nonogram_set_rect(g, 1, 4, 3, 1, PC_NONOGRAM_FILLED);
    pc_nonogram_set_cell(g, 0, 0, PC_NONOGRAM_CROSSED);
    pc_nonogram_save(g, buf, sizeof buf, &n);
    ok(strstr(buf, "grid x....................###.\n") != NULL, "save holds the grid as . # x");
    is_int(pc_nonogram_load(buf, n, err, sizeof err, &r), PC_OK, "save loads");
    pc_nonogram_save(r, buf2, sizeof buf2, &n);
    is_str(buf2, buf, "save round trip is exact");
    is_int(pc_nonogram_line_satisfied(r, PC_NONOGRAM_ROWS, 4), 1, "loaded progress keeps row 5 greyed");
    is_int(pc_nonogram_cell(r, 0, 0), PC_NONOGRAM_CROSSED, "loaded crossed cell");
    pc_nonogram_free(r);

    pc_nonogram *c = NULL;
    is_int(pc_nonogram_clone(g, &c), PC_OK, "clone");
    pc_nonogram_set_cell(c, 4, 4, PC_NONOGRAM_FILLED);
    is_int(pc_nonogram_cell(g, 4, 4), PC_NONOGRAM_UNKNOWN, "clone is independent");
    pc_nonogram_free(c);
    pc_nonogram_free(g);

    /* from clues: rows/cols lines */
    const char *text = "puzzlecore-nonogram 1\n# Tatham's example\nid t4\nsize 4x4\n"
                       "rows 1.1/2/1/1\ncols 2/1/2/1\ntitle en Four\n";
    is_int(pc_nonogram_load(text, strlen(text), err, sizeof err, &r), PC_OK, "clue-only record loads");
    is_int(pc_nonogram_has_solution(r), 0, "... without a solution");
    pc_nonogram_write_record(r, buf, sizeof buf, &n);
    is_str(buf, "puzzlecore-nonogram 1\nid t4\nsize 4x4\nxp 0\nrows 1.1/2/1/1\ncols 2/1/2/1\ntitle en Four\n",
           "clue-only record written back");
    pc_nonogram_free(r);
    text = "puzzlecore-nonogram 1\nsize 3x2\nrows 0/3\ncols /1/1.\n";
    r = NULL;
    is_int(pc_nonogram_load(text, strlen(text), err, sizeof err, &r), PC_EPARSE, "a dangling '.' is a parse error");

    struct {
        const char *text, *want;
    } bad[] = {
        {"hello\n", "line 1, column 1"},
        {"puzzlecore-nonogram 1\nsize 3\n", "line 2"},
        {"puzzlecore-nonogram 1\nsize 2x2\nsolution 1021\n", "line 3, column 12"},
        {"puzzlecore-nonogram 1\nsize 2x2\nshade red\n", "unknown key"},
        {"puzzlecore-nonogram 1\nsize 2x2\nsize 2x2\n", "twice"},
        {"puzzlecore-nonogram 1\nsize 2x2\nrows 1/1/1\ncols 1/1\n", "more than 2 lines"},
        {"puzzlecore-nonogram 1\nsize 2x2\nrows 1\ncols 1/1\n", "1 lines of clues, expected 2"},
        {"puzzlecore-nonogram 1\nsize 2x2\nsolution 1001\ngrid ..#?\n", "line 4"},
        {"puzzlecore-nonogram 1\nsize 2x2\n", "missing"},
        {"", "empty"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = NULL;
        err[0] = '\0';
        int32_t rc = pc_nonogram_load(bad[i].text, strlen(bad[i].text), err, sizeof err, &r);
        ok(rc == PC_EPARSE && r == NULL && strstr(err, bad[i].want), "bad record %zu: %s", i, err);
    }
    text = "puzzlecore-nonogram 1\nsize 99999x2\nsolution 1\n";
    is_int(pc_nonogram_load(text, strlen(text), err, sizeof err, &r), PC_ERANGE, "oversize record: PC_ERANGE");
}

static void big_lines(void)
{
    /* a 2000 x 3 picture: far past 255 cells a line */
    size_t w = 2000, h = 3;
    char *bits = malloc(w * h);
    for (size_t i = 0; i < w * h; i++)
        bits[i] = (char)('0' + ((i % w) < 1500 || (i % w) % 2 == 0));
    pc_nonogram *g = NULL;
    is_int(pc_nonogram_new_from_solution((int32_t)w, (int32_t)h, bits, w * h, NULL, 0, &g), PC_OK, "2000x3 puzzle");
    int32_t c[1000], n;
    pc_nonogram_clues(g, PC_NONOGRAM_ROWS, 0, c, 1000, &n);
    ok(n == 250 && c[0] == 1501 && c[1] == 1 && c[249] == 1, "row clue 1501 then 249 ones");
    pc_nonogram_set_rect(g, 0, 0, 1501, 3, PC_NONOGRAM_FILLED);
    for (int32_t x = 1502; x < 2000; x += 2)
        pc_nonogram_set_rect(g, x, 0, 1, 3, PC_NONOGRAM_FILLED);
    is_int(pc_nonogram_is_solved(g), 1, "the 2000-wide puzzle can be solved");
    pc_nonogram_free(g);
    free(bits);
}

/* One reader for black-and-white and colour records (the colour record is
 * the black-and-white one plus its palette), on the shared save reader. */
static void one_reader(void)
{
    char buf[512], err[200];
    size_t n = 0;
    pc_nonogram *g = NULL;
    /* key lines in any order: written back in the record's own order */
    const char *text = "puzzlecore-nonogram 1\ntitle en Two\nsolution 1001\nxp 5\nsize 2x2\nid d\n";
    is_int(pc_nonogram_load(text, strlen(text), err, sizeof err, &g), PC_OK, "keys in any order (%s)", err);
    pc_nonogram_write_record(g, buf, sizeof buf, &n);
    is_str(buf, "puzzlecore-nonogram 1\nid d\nsize 2x2\nxp 5\nsolution 1001\ntitle en Two\n",
           "... written back in the record's order");
    pc_nonogram_free(g);
    /* the palette after the solution that uses it */
    text = "puzzlecore-nonogram 1\nsize 3x1\nsolution r.g\ncolour . ffffff white\ncolour r ff0000 red\n"
           "colour g 00ff00 green\n";
    g = NULL;
    is_int(pc_nonogram_load(text, strlen(text), err, sizeof err, &g), PC_OK, "colour lines after the solution (%s)",
           err);
    is_int(pc_nonogram_colour_count(g), 2, "... two colours");
    pc_nonogram_free(g);
    /* black and white is the one-colour case: a clue may carry '#' */
    text = "puzzlecore-nonogram 1\nsize 3x1\nrows 1#.1#\ncols 1/0/1\n";
    g = NULL;
    is_int(pc_nonogram_load(text, strlen(text), err, sizeof err, &g), PC_OK, "black-and-white clues with '#' (%s)",
           err);
    pc_nonogram_write_record(g, buf, sizeof buf, &n);
    ok(strstr(buf, "\nrows 1.1\ncols 1/0/1\n") != NULL, "... written without it");
    is_int(pc_nonogram_colour_count(g), 1, "... one colour");
    pc_nonogram_free(g);
    /* faults keep their line and column */
    struct {
        const char *text, *want;
    } bad[] = {
        {"puzzlecore-nonogram 1\nsize 2x2\ntitle e!n hi\nsolution 1001\n", "line 3, column 7: bad title language"},
        {"puzzlecore-nonogram 1\nsize 2x2\nsolution 10011\n", "line 3, column 14: solution has too many cells"},
        {"puzzlecore-nonogram 1\nsize 2x2\nsolution 1001\nxp -1\n", "line 4, column 4: 'xp'"},
        {"puzzlecore-nonogram 1\nsize 2x2\ncolour . ffffff white\nsolution 1001\n", "line 3, column 1: a palette"},
        {"puzzlecore-nonogram 1\nsize 2x2\ncolour . ffffff white\ncolour # 000000 black\nsolution #..#\n"
         "grid #.x?\n", "line 6, column 8: grid cells are '?' or palette symbols"},
        {"puzzlecore-nonogram 2\nsize 2x2\n", "newer than this library reads"},
        {"puzzlecore-nonogram 1\nsolution 1001\n", "missing key 'size'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g = NULL;
        err[0] = '\0';
        int32_t rc = pc_nonogram_load(bad[i].text, strlen(bad[i].text), err, sizeof err, &g);
        ok(rc == PC_EPARSE && g == NULL && strstr(err, bad[i].want), "fault %zu: %s", i, err);
    }
}

int main(void)
{
    seed_examples();
    grid_matches_lines();
    player_grid();
    from_clues_and_errors();
    atomicity();
    records();
    one_reader();
    big_lines();
    return done_testing();
}
