/*
 * Sokoban: PC_SOKOBAN_SHORT, the fast mode's solution shortened by the
 * second pass (lib/sokoban/shorten.c).  On the first 40 Microban levels,
 * against the fast mode and the move optima of data/sokoban/microban-bench.txt:
 * every shortened solution replays with the counts reported, is never
 * longer than the fast one nor shorter than the optimum, and most reach the
 * optimum; under a node budget the pass is cut short but the solve still
 * succeeds, the same way every time; bad modes, a solved level and an
 * unsolvable one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "sokoban_util.h"
#include "tap.h"

enum { LEVELS = 60, QUICK_LEVELS = 20 };

typedef struct {
    int32_t rc;
    int64_t moves, pushes, nodes, bound;
    char *lurd;
    int replays; /* the solution solves the level with the reported counts */
} solved;

/* Solve under a node budget only (no time limit: the figures are the same
 * on every machine) and replay the solution on a clone. */
static solved solve(const pc_sokoban *g, int32_t mode, int64_t max_nodes)
{
    solved s;
    memset(&s, 0, sizeof s);
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;
    b.max_nodes = max_nodes;
    pc_sokoban_result *r = NULL;
    s.rc = pc_sokoban_solve(g, mode, &b, &r);
    if (!r)
        return s;
    s.moves = pc_sokoban_result_moves(r);
    s.pushes = pc_sokoban_result_pushes(r);
    s.nodes = (int64_t)pc_sokoban_result_nodes(r);
    s.bound = pc_sokoban_result_bound(r);
    size_t len = 0;
    pc_sokoban_result_lurd(r, NULL, 0, &len);
    s.lurd = malloc(len + 1);
    if (s.lurd && pc_sokoban_result_lurd(r, s.lurd, len + 1, &len) == PC_OK && s.rc == PC_OK &&
        pc_sokoban_result_mode(r) == mode) {
        pc_sokoban *t = NULL;
        pc_sokoban_clone(g, &t);
        s.replays = t && pc_sokoban_apply_lurd(t, s.lurd, len, NULL, 0) == PC_OK && pc_sokoban_is_solved(t) == 1 &&
                    pc_sokoban_moves(t) - pc_sokoban_moves(g) == s.moves &&
                    pc_sokoban_pushes(t) - pc_sokoban_pushes(g) == s.pushes;
        pc_sokoban_free(t);
    }
    pc_sokoban_result_free(r);
    return s;
}

/* The move optimum of Microban level i + 1 from bench/sokoban's output
 * (`level=N status=solved moves=M ...`); -1 when absent. */
static int64_t optimum(const char *bench, int32_t i)
{
    char key[32];
    snprintf(key, sizeof key, "\nlevel=%d ", (int)i + 1); /* a title may follow */
    const char *p = bench ? strstr(bench, key) : NULL;
    const char *eol = p ? strchr(p + 1, '\n') : NULL;
    const char *m = p ? strstr(p, " status=solved moves=") : NULL;
    return m && (!eol || m < eol) ? strtoll(m + strlen(" status=solved moves="), NULL, 10) : -1;
}

int main(void)
{
    size_t len = 0;
    char *mb = tap_read_data("sokoban/microban.txt", &len);
    size_t blen = 0;
    char *bench = tap_read_data("sokoban/microban-bench.txt", &blen);
    ok(mb && bench, "data/sokoban/microban.txt and microban-bench.txt readable");
    pc_sokoban_collection *c = NULL;
    char err[256];
    is_int(mb ? pc_sokoban_collection_parse(mb, len, err, sizeof err, &c) : PC_EINVAL, PC_OK, "Microban parses");
    free(mb);

    /* Under valgrind and qemu (PC_TEST_QUICK=1, set by check-valgrind and
     * check-cross) the first 20 levels: those runs look for memory errors. */
    const char *quick_env = getenv("PC_TEST_QUICK");
    int quick = quick_env && *quick_env == '1';
    const int32_t levels = quick ? QUICK_LEVELS : LEVELS;
    int replayed = 0, not_longer = 0, not_below = 0, at_optimum = 0, gained = 0, pushes_known = 0;
    int64_t sum_any = 0, sum_short = 0, sum_opt = 0;
    for (int32_t i = 0; c && i < levels; i++) {
        pc_sokoban *g = NULL;
        pc_sokoban_collection_level(c, i, &g);
        solved a = solve(g, PC_SOKOBAN_ANY, 5000000), s = solve(g, PC_SOKOBAN_SHORT, 5000000);
        int64_t opt = optimum(bench, i);
        replayed += s.rc == PC_OK && s.replays;
        not_longer += s.moves < a.moves || (s.moves == a.moves && s.pushes <= a.pushes);
        not_below += opt >= 0 && s.moves >= opt;
        at_optimum += s.moves == opt;
        gained += s.moves < a.moves;
        pushes_known += s.bound >= 0 && s.bound <= s.pushes;
        sum_any += a.moves;
        sum_short += s.moves;
        sum_opt += opt;
        if (s.moves > opt)
            printf("# Microban %d: fast %lld, short %lld, optimum %lld moves\n", (int)i + 1, (long long)a.moves,
                   (long long)s.moves, (long long)opt);
        free(a.lurd);
        free(s.lurd);
        pc_sokoban_free(g);
    }
    is_int(replayed, levels, "every shortened solution replays with the moves and pushes reported");
    is_int(not_longer, levels, "none is costlier than the fast mode's (moves, then pushes)");
    is_int(not_below, levels, "none has fewer moves than the optimum (microban-bench.txt)");
    is_int(pushes_known, levels, "the bound is the fast mode's lower bound on pushes");
    printf("# moves over the %d levels: fast %lld, short %lld, optimum %lld; %d at the optimum, %d shortened\n",
           (int)levels, (long long)sum_any, (long long)sum_short, (long long)sum_opt, at_optimum, gained);
    ok(gained >= (quick ? 1 : 5), "the pass shortens the fast solution of at least %d of the %d levels (%d)",
       quick ? 1 : 5, (int)levels, gained);
    ok(at_optimum >= levels - levels / 12, "at least %d of the %d reach the move optimum (%d)",
       (int)(levels - levels / 12), (int)levels, at_optimum);
    ok(sum_short < sum_any, "fewer moves in all than the fast mode (%lld < %lld)", (long long)sum_short,
       (long long)sum_any);

    /* A node budget that ends the pass early: still solved, never longer
     * than the fast solution, and the same answer every time. */
    pc_sokoban *g = NULL;
    for (int32_t i = 0; c && i < levels && !g; i++) {
        pc_sokoban *h = NULL;
        pc_sokoban_collection_level(c, i, &h);
        solved a = solve(h, PC_SOKOBAN_ANY, 5000000), s = solve(h, PC_SOKOBAN_SHORT, 5000000);
        if (s.moves < a.moves && s.nodes > a.nodes + 200)
            g = h; /* a level whose pass takes more than 200 states */
        else
            pc_sokoban_free(h);
        free(a.lurd);
        free(s.lurd);
    }
    ok(g != NULL, "a Microban level whose pass expands more than 200 states");
    if (g) {
        /* The budget steers the search too (the push-optimal first search
         * gets a quarter of it), so the pass is compared with the fast mode
         * under the same budget. */
        solved a = solve(g, PC_SOKOBAN_ANY, 5000000);
        int64_t budget = 2 * a.nodes + 100;
        solved fast = solve(g, PC_SOKOBAN_ANY, budget);
        solved cut = solve(g, PC_SOKOBAN_SHORT, budget), again = solve(g, PC_SOKOBAN_SHORT, budget);
        is_int(fast.rc, PC_OK, "the fast mode solves it in %lld nodes", (long long)budget);
        is_int(cut.rc, PC_OK, "a budget that ends the pass: still PC_OK");
        ok(cut.replays, "... with a solution that replays");
        ok(cut.moves <= fast.moves, "... no longer than the fast one under that budget (%lld <= %lld)",
           (long long)cut.moves, (long long)fast.moves);
        ok(cut.nodes <= budget, "... within the node budget (%lld of %lld)", (long long)cut.nodes, (long long)budget);
        ok(again.rc == cut.rc && again.moves == cut.moves && cut.lurd && again.lurd && !strcmp(cut.lurd, again.lurd),
           "... the same solution twice");
        free(a.lurd);
        free(fast.lurd);
        free(cut.lurd);
        free(again.lurd);
        pc_sokoban_free(g);
    }

    /* Microban 153, which no optimal search here solves (at least 692
     * moves proved, doc/sokoban.md): the pass tightens the interval its
     * optimum lies in from the fast mode's 907 moves to 819 (not under
     * valgrind and qemu: 1.7 M states). */
    if (!quick && c) {
        pc_sokoban *m153 = NULL;
        pc_sokoban_collection_level(c, pc_sokoban_collection_find(c, "153"), &m153);
        solved a = solve(m153, PC_SOKOBAN_ANY, 20000000), s = solve(m153, PC_SOKOBAN_SHORT, 20000000);
        ok(s.rc == PC_OK && s.replays && s.moves < a.moves && s.moves >= 692 && s.moves <= 850,
           "Microban 153: %lld moves shortened to %lld, within [692, 850]", (long long)a.moves, (long long)s.moves);
        free(a.lurd);
        free(s.lurd);
        pc_sokoban_free(m153);
    }

    /* Modes out of range, a solved level, a lost one. */
    pc_sokoban *tiny = sokoban_parse("#####\n#@$.#\n#####\n");
    pc_sokoban_result *r = NULL;
    is_int(pc_sokoban_solve(tiny, 4, NULL, &r), PC_EINVAL, "mode 4: PC_EINVAL");
    ok(r == NULL, "... and no result");
    is_int(pc_sokoban_solve(tiny, -1, NULL, &r), PC_EINVAL, "mode -1: PC_EINVAL");
    solved one = solve(tiny, PC_SOKOBAN_SHORT, 100000);
    ok(one.rc == PC_OK && one.moves == 1 && one.pushes == 1 && one.lurd && !strcmp(one.lurd, "R"),
       "one push: \"R\"");
    free(one.lurd);
    pc_sokoban *done = sokoban_parse("#####\n#@ *#\n#####\n");
    solved zero = solve(done, PC_SOKOBAN_SHORT, 100000);
    ok(zero.rc == PC_OK && zero.moves == 0 && zero.lurd && zero.lurd[0] == '\0', "already solved: no moves");
    free(zero.lurd);
    pc_sokoban *lost = sokoban_parse("#####\n#$@.#\n#####\n");
    solved no = solve(lost, PC_SOKOBAN_SHORT, 100000);
    is_int(no.rc, PC_ENOTFOUND, "a box in a corner: PC_ENOTFOUND");
    free(no.lurd);
    pc_sokoban_free(tiny);
    pc_sokoban_free(done);
    pc_sokoban_free(lost);
    pc_sokoban_collection_free(c);
    free(bench);
    return done_testing();
}
