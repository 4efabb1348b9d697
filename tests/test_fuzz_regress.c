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
        ok(rc == PC_OK && pc_patchwork_seed(h) == seeds[i], "patchwork: seed %llu saves and loads back %s",
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

int main(void)
{
    patchwork_max_seed();
    sokoban_empty_title();
    nonogram_nodes_within_budget();
    return done_testing();
}
