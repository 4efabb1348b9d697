/*
 * Regressions for what the fuzz harnesses found (fuzz/README.md), one
 * minimal case each.  The crashing inputs themselves are kept under
 * tests/fuzz/<harness>/ and replayed by the harness (make check).
 */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* save text of a patchwork game (malloc'd) */
static char *pw_save(const pc_patchwork *g, size_t *n)
{
    *n = 0;
    pc_patchwork_save(g, NULL, 0, n);
    char *s = malloc(*n + 1);
    pc_patchwork_save(g, s, *n + 1, n);
    return s;
}

/* patchwork_referee: a game seeded with 2^64 - 1 saved a seed its loader
 * refused ("bad seed": the overflow test cut off the top 10 values). */
static void patchwork_max_seed(void)
{
    static const uint64_t seeds[] = {UINT64_MAX, UINT64_MAX - 5, 18446744073709551610ull, 9223372036854775808ull};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        pc_patchwork *g = NULL, *h = NULL;
        pc_patchwork_new(PC_PATCHWORK_LEAGUE2, seeds[i], &g);
        size_t n, m;
        char *s = pw_save(g, &n), err[128] = "";
        int32_t rc = pc_patchwork_load(s, n, err, sizeof err, &h);
        uint64_t seed = 0;
        ok(rc == PC_OK && pc_patchwork_seed(h, &seed) == PC_OK && seed == seeds[i], "patchwork: seed %llu saves and loads back %s",
           (unsigned long long)seeds[i], err);
        if (h) {
            char *t = pw_save(h, &m);
            ok(m == n && memcmp(s, t, n) == 0, "patchwork: same save text");
            free(t);
        }
        free(s);
        pc_patchwork_free(g);
        pc_patchwork_free(h);
    }
    static const char over[] = "puzzlecore-patchwork 1\nruleset 2\nseed 18446744073709551616\n";
    pc_patchwork *h = NULL;
    is_int(pc_patchwork_load(over, sizeof over - 1, NULL, 0, &h), PC_EPARSE, "patchwork: seed 2^64 still refused");
}

/* sokoban_collection: a level whose first comment line is empty has an empty
 * title; written back, its next comment line became the title. */
static void sokoban_empty_title(void)
{
    static const char t[] = "; \nfirst text\n; second\n#####\n#@$.#\n#####\n";
    pc_sokoban_collection *c = NULL, *d = NULL;
    is_int(pc_sokoban_collection_parse(t, sizeof t - 1, NULL, 0, &c), PC_OK, "sokoban: a level after an empty comment");
    char title[64];
    size_t n = 0, n1 = 0, n2 = 0;
    pc_sokoban_collection_title(c, 0, title, sizeof title, &n);
    is_int((int64_t)n, 0, "sokoban: its title is empty");
    pc_sokoban_collection_write(c, NULL, 0, &n1);
    char *w1 = malloc(n1 + 1), *w2;
    pc_sokoban_collection_write(c, w1, n1 + 1, &n1);
    is_int(pc_sokoban_collection_parse(w1, n1, NULL, 0, &d), PC_OK, "sokoban: written back, it parses");
    pc_sokoban_collection_title(d, 0, title, sizeof title, &n);
    is_int((int64_t)n, 0, "sokoban: the title is still empty");
    pc_sokoban_collection_write(d, NULL, 0, &n2);
    w2 = malloc(n2 + 1);
    pc_sokoban_collection_write(d, w2, n2 + 1, &n2);
    ok(n1 == n2 && memcmp(w1, w2, n1) == 0, "sokoban: and writes the same text");
    free(w1);
    free(w2);
    pc_sokoban_collection_free(c);
    pc_sokoban_collection_free(d);
}

/* search_nonogram: a search stopped by max_nodes reported max_nodes + 1
 * nodes (the node refused was counted).  Every row and column "1" of an 8x8
 * grid has 8! solutions, so the search always branches. */
static void nonogram_nodes_within_budget(void)
{
    enum { N = 8 };
    int32_t counts[N], clues[N];
    for (int32_t i = 0; i < N; i++) counts[i] = 1, clues[i] = 1;
    static uint8_t sols[3 * N * N];
    int bad = 0;
    for (int64_t max = 1; max <= 40; max++) {
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.max_nodes = max;
        int64_t stats[PC_NONOGRAM_STAT_COUNT];
        int32_t r = pc_nonogram_solve_clues(N, N, counts, clues, counts, clues, NULL, 3, &b, sols, sizeof sols, stats, PC_NONOGRAM_STAT_COUNT);
        if (!((r == PC_ELIMIT || r == 3) && stats[PC_NONOGRAM_STAT_NODES] <= max)) bad++;
    }
    is_int(bad, 0, "nonogram: nodes never exceed max_nodes (max 1..40)");
}


/* text of a collection (malloc'd) */
static char *coll_text(const pc_sokoban_collection *c, size_t *n)
{
    *n = 0;
    pc_sokoban_collection_write(c, NULL, 0, n);
    char *s = malloc(*n + 1);
    pc_sokoban_collection_write(c, s, *n + 1, n);
    return s;
}

/* parse t, write, parse the text written, write again: the same text, the
 * same titles; *title0: level 0's title (of the first parse) */
static void coll_round_trip(const char *t, size_t tn, const char *what, char *title0, size_t cap)
{
    pc_sokoban_collection *c = NULL, *d = NULL;
    char err[128] = "";
    is_int(pc_sokoban_collection_parse(t, tn, err, sizeof err, &c), PC_OK, "sokoban: %s parses %s", what, err);
    size_t n1 = 0, n2 = 0, k;
    char *w1 = coll_text(c, &n1);
    is_int(pc_sokoban_collection_parse(w1, n1, err, sizeof err, &d), PC_OK, "sokoban: %s: written back, it parses %s",
           what, err);
    char *w2 = d ? coll_text(d, &n2) : NULL;
    ok(w2 && n1 == n2 && memcmp(w1, w2, n1) == 0, "sokoban: %s: written again, the same text", what);
    int same = pc_sokoban_collection_count(c) == pc_sokoban_collection_count(d);
    for (int32_t i = 0; same && i < pc_sokoban_collection_count(c); i++) {
        char a[128], b[128];
        pc_sokoban_collection_title(c, i, a, sizeof a, &k);
        pc_sokoban_collection_title(d, i, b, sizeof b, &k);
        same = strcmp(a, b) == 0;
    }
    ok(same, "sokoban: %s: the same levels and titles", what);
    pc_sokoban_collection_title(c, 0, title0, cap, &k);
    free(w1);
    free(w2);
    pc_sokoban_collection_free(c);
    pc_sokoban_collection_free(d);
}

/* sokoban_collection: whether a line is a "Title:" line was decided on the
 * raw text, the title kept cleaned: "ESC Title: t" gave the title "Title: t",
 * written "; Title: t", read back as the title "t".  Now decided on the
 * cleaned text; a title that starts with "Title:" (from "Title: Title: x"),
 * and a SOK-style title under a board whose comments hold a "Title:" line,
 * are written as "; Title: <title>". */
static void sokoban_title_lines(void)
{
    char title[128];
    static const char esc[] = "\x1bTitle: t:\n\n t9o\n####\n#@$.#\n#####\n";
    coll_round_trip(esc, sizeof esc - 1, "ESC Title: line", title, sizeof title);
    is_str(title, "t:", "sokoban: ESC Title: t: names the level t:");
    static const char twice[] = "Title: Title: x\n#####\n#@$.#\n#####\n";
    coll_round_trip(twice, sizeof twice - 1, "Title: Title: x", title, sizeof title);
    is_str(title, "Title: x", "sokoban: its title is Title: x");
    static const char sok[] = "#####\n#@$.#\n#####\nTitle: one\n\nTitle: a\n#####\n#@$.#\n#####\nTitle: two\n";
    coll_round_trip(sok, sizeof sok - 1, "SOK title under a board", title, sizeof title);
    is_str(title, "one", "sokoban: the first level is one");
}

/* sokoban_level, sokoban_collection: a row split off by '|' with no wall
 * ("*| #") was written back as a line "*", which reads as text, so the start
 * board lost rows (and its player).  Such rows are refused (6495317). */
static void sokoban_split_row_without_wall(void)
{
    static const char t[] = "#####\n#@ .#\n#$  #\n*| ##\n#####\n";
    pc_sokoban *g = NULL;
    char err[128] = "";
    is_int(pc_sokoban_new(t, sizeof t - 1, err, sizeof err, &g), PC_EPARSE, "sokoban: a '|' row without a wall is refused");
    ok(strstr(err, "line 4") && strstr(err, "no wall"), "sokoban: and named (%s)", err);
    pc_sokoban_free(g);
    static const char c[] = "; three\n8#\n#@*#\n4#|B\n";
    pc_sokoban_collection *k = NULL;
    is_int(pc_sokoban_collection_parse(c, sizeof c - 1, NULL, 0, &k), PC_EPARSE, "sokoban: in a collection too");
    pc_sokoban_collection_free(k);
}

/* nonogram_import: a .non title holding '"' was exported without it (the
 * title '"' as `title ""`), so the export re-imported with another title. */
static void nonogram_non_quotes(void)
{
    static const char *const titles[] = {"\"", "Say \"hi\"", "\"x\"", "a\"b"};
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++) {
        pc_nonogram *g = NULL, *h = NULL;
        pc_nonogram_new_from_solution(2, 2, "1001", 4, NULL, 0, &g);
        pc_nonogram_set_title(g, "en", titles[i], strlen(titles[i]));
        size_t n = 0, m = 0, k = 0;
        pc_nonogram_export(g, PC_NONOGRAM_FORMAT_NON, NULL, 0, &n);
        char *a = malloc(n + 1), *b = NULL, t[64] = "";
        pc_nonogram_export(g, PC_NONOGRAM_FORMAT_NON, a, n + 1, &n);
        if (pc_nonogram_import(a, n, PC_NONOGRAM_FORMAT_NON, 0, NULL, 0, &h) == PC_OK) {
            pc_nonogram_title(h, "en", t, sizeof t, &k);
            pc_nonogram_export(h, PC_NONOGRAM_FORMAT_NON, NULL, 0, &m);
            b = malloc(m + 1);
            pc_nonogram_export(h, PC_NONOGRAM_FORMAT_NON, b, m + 1, &m);
        }
        is_str(t, titles[i], "nonogram: .non title %s reads back", titles[i]);
        ok(b && m == n && memcmp(a, b, n) == 0, "nonogram: and exports the same text");
        free(a);
        free(b);
        pc_nonogram_free(g);
        pc_nonogram_free(h);
    }
}

/* fuzz/nonogram_import: a second "width" after the column lines (3 lines,
 * then width 4) left the 4th column's clue count unread: a heap read past
 * the colours (ASan, with stale heap data).  A second width or height is
 * refused. */
static void nonogram_non_width_twice(void)
{
    static const char t[] = "width 3\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n0\nwidth 4\n";
    char err[128] = "";
    pc_nonogram *g = NULL;
    is_int(pc_nonogram_import(t, sizeof t - 1, PC_NONOGRAM_FORMAT_NON, 0, err, sizeof err, &g), PC_EPARSE,
           "nonogram: .non width given twice is refused (%s)", err);
    ok(g == NULL && strstr(err, "width given twice") != NULL, "nonogram: ... with its message");
    static const char h2[] = "width 2\nheight 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n";
    is_int(pc_nonogram_import(h2, sizeof h2 - 1, PC_NONOGRAM_FORMAT_NON, 0, err, sizeof err, &g), PC_EPARSE,
           "nonogram: .non height given twice is refused, even with the same value");
}

/* fuzz/game_load: pc_game_validate ran the nonogram generator, which
 * answers PC_ELIMIT for a 3x25 grid (no unique puzzle): validate checks the
 * params only; pc_game_new may still answer PC_ELIMIT. */
static void game_validate_no_generator(void)
{
    char err[128] = "x";
    is_int(pc_game_validate("nonogram", "size=3x25", err, sizeof err), PC_OK, "game: validate size=3x25 is OK");
    is_int(pc_game_validate("nonogram", "size=5x5 palette=.:ffffff:white,x:000000:", err, sizeof err), PC_EPARSE,
           "game: validate still checks a palette in full (%s)", err);
    is_int(pc_game_validate("nonogram", "size=2x2 solution=10", err, sizeof err), PC_EPARSE,
           "game: ... and a solution (%s)", err);
}

/* fuzz/step: a Sokoban start whose player cannot step (walled in by a wall
 * and a box it cannot push) listed no move but was not over.  "No legal move"
 * means over for every pc_game kind: a front end loops on the list while the
 * game goes on. */
static void game_sokoban_stuck_is_over(void)
{
    pc_game *g = NULL;
    char buf[64];
    size_t n = 99;
    int32_t who = 0;
    is_int(pc_game_new("sokoban", "level=#####|#@$#.|#####", 1, &g), PC_OK, "game: a walled-in Sokoban start loads");
    if (!g) return;
    is_int(pc_game_moves(g, buf, sizeof buf, &n), PC_OK, "game: its move list reads");
    is_int((int32_t)n, 0, "game: ... and is empty");
    is_int(pc_game_over(g), 1, "game: ... so the game is over");
    is_int(pc_game_to_move(g, &who), PC_OK, "game: to_move reads");
    is_int(who, PC_GAME_NOBODY, "game: nobody is to move");
    is_int(pc_game_play(g, "r", 1), PC_EOVER, "game: a step is refused as over");
    pc_game_free(g);
    g = NULL;
    is_int(pc_game_new("sokoban", "level=######|#@$-.#|######", 1, &g), PC_OK, "game: the same level with room to push");
    if (!g) return;
    is_int(pc_game_over(g), 0, "game: ... is not over");
    pc_game_free(g);
}

int main(void)
{
    patchwork_max_seed();
    sokoban_empty_title();
    nonogram_nodes_within_budget();
    sokoban_title_lines();
    sokoban_split_row_without_wall();
    nonogram_non_quotes();
    nonogram_non_width_twice();
    game_validate_no_generator();
    game_sokoban_stuck_is_over();
    return done_testing();
}
