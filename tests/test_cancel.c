/*
 * Every search of the library cancelled from a second thread (issue 17): a
 * thread sets the budget's cancel flag while the search runs; the call must
 * return PC_ECANCELLED within a bounded time, write no answer, and leave the
 * object it searched byte for byte unchanged (its save text).
 *
 * Searches that naturally run long (the Sokoban solver on Microban 153, the
 * Patchwork advisor under a 60 s budget, the nonogram hint on a pigeonhole
 * grid) are cancelled as they are.  The Pickerel and Snapper advisors finish
 * a move in a few milliseconds (Snapper: at most 21 x 21 positions), so a
 * cancel could arrive after they are done: there a progress callback that
 * sleeps 20 ms at each of the meter's reads stretches the search, so that
 * the flag is set while it runs (the callback itself never asks to stop).
 * The nonogram searches are tested the same way in test_nonogram_budget.c.
 *
 * Bounds are loose (5 s from the flag to the return): valgrind runs one
 * thread at a time and CI machines are loaded.  The measured latency shows
 * in each message.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "cancel_util.h"
#include "tap.h"

enum { BOUND_MS = 5000 };


/* A budget with no limits at all (only the flag can stop the search); slow:
 * with the sleeping progress callback. */
static void open_budget(pc_budget *b, int slow)
{
    pc_budget_init(b, sizeof *b);
    b->max_seconds = -1;
    b->max_nodes = slow ? (int64_t)1 << 40 : 0;
    if (slow) {
        b->progress = pc_test_slow_progress;
        b->progress_every = 1e-9;
        pc_test_slow_calls = 0;
    }
}

/* The save text of an object (malloc'd; NULL on failure). */
#define SAVER(name, T, fn)                                                                                   \
    static char *name(const T *g)                                                                            \
    {                                                                                                        \
        size_t n = 0;                                                                                        \
        fn(g, NULL, 0, &n);                                                                                  \
        char *t = calloc(n + 1, 1);                                                                          \
        if (t && fn(g, t, n + 1, &n) != PC_OK) {                                                             \
            free(t);                                                                                         \
            t = NULL;                                                                                        \
        }                                                                                                    \
        return t;                                                                                            \
    }
SAVER(saved_pickerel, pc_pickerel, pc_pickerel_save)
SAVER(saved_snapper, pc_snapper, pc_snapper_save)
SAVER(saved_sokoban, pc_sokoban, pc_sokoban_save)
SAVER(saved_patchwork, pc_patchwork, pc_patchwork_save)
SAVER(saved_nonogram, pc_nonogram, pc_nonogram_save)
SAVER(saved_game, pc_game, pc_game_save)

/* The checks every search gets: the status, the latency, the state. */
static void verdict(const char *what, int32_t rc, const pc_test_cancel *c, char *before, char *after, int untouched)
{
    is_int(rc, PC_ECANCELLED, "%s: cancelled from a second thread", what);
    ok(c->latency * 1e3 < BOUND_MS, "%s: returned %.1f ms after the flag (bound %d ms)", what, c->latency * 1e3,
       BOUND_MS);
    ok(before && after && strcmp(before, after) == 0 && untouched, "%s: the state is unchanged, no answer written",
       what);
    free(before);
    free(after);
}

static void pickerel(void)
{
    for (uint32_t opt = 0; opt <= PC_PICKEREL_OPT_LOOM_BEADS; opt++) {
        pc_pickerel *g = NULL;
        pc_pickerel_new(3, 11, opt, &g);
        int32_t m[4] = {-7, -7, -7, -7};
        pc_budget b;
        pc_test_cancel c;
        open_budget(&b, 1);
        char *before = saved_pickerel(g);
        pc_test_cancel_start(&c, &b, 0.05);
        int32_t rc = pc_pickerel_suggest(g, &b, m);
        pc_test_cancel_join(&c);
        verdict(opt ? "pickerel advisor (loom beads: Monte Carlo)" : "pickerel advisor (plan search)", rc, &c,
                before, saved_pickerel(g), m[0] == -7 && m[3] == -7);
        pc_pickerel_free(g);
    }
}

static void snapper(void)
{
    pc_snapper *g = NULL;
    pc_snapper_new(PC_SNAPPER_CLASSIC, 5, &g);
    int32_t mv = -7, col = -7, tu = -7;
    double v = -7;
    pc_budget b;
    pc_test_cancel c;
    open_budget(&b, 1);
    char *before = saved_snapper(g);
    pc_test_cancel_start(&c, &b, 0.05);
    int32_t rc = pc_snapper_suggest(g, &b, &mv, &col, &tu, &v);
    pc_test_cancel_join(&c);
    verdict("snapper advisor", rc, &c, before, saved_snapper(g),
            mv == -7 && col == -7 && tu == -7 && v == -7);
    pc_snapper_free(g);
}

static pc_sokoban *microban_153(void)
{
    size_t len = 0;
    char *text = tap_read_data("sokoban/microban.txt", &len), err[256];
    pc_sokoban_collection *col = NULL;
    pc_sokoban *g = NULL;
    if (text && pc_sokoban_collection_parse(text, len, err, sizeof err, &col) == PC_OK)
        pc_sokoban_collection_level(col, pc_sokoban_collection_find(col, "153"), &g);
    pc_sokoban_collection_free(col);
    free(text);
    return g;
}

static void sokoban(pc_sokoban *g)
{
    for (int32_t mode = PC_SOKOBAN_MOVES; mode <= PC_SOKOBAN_SHORT; mode++) {
        pc_budget b;
        pc_test_cancel c;
        open_budget(&b, 0);
        pc_sokoban_result *r = NULL;
        char *before = saved_sokoban(g);
        pc_test_cancel_start(&c, &b, 0.05);
        int32_t rc = pc_sokoban_solve(g, mode, &b, &r);
        pc_test_cancel_join(&c);
        static const char *const names[] = {"sokoban solve (moves)", "sokoban solve (pushes)", "sokoban solve (any)",
                                            "sokoban solve (short)"};
        verdict(names[mode], rc, &c, before, saved_sokoban(g), r == NULL);
        pc_sokoban_result_free(r);
    }
    pc_budget b;
    pc_test_cancel c;
    open_budget(&b, 0);
    double ci = -7;
    int64_t p = -7, i = -7;
    char *before = saved_sokoban(g);
    pc_test_cancel_start(&c, &b, 0.05);
    int32_t rc = pc_sokoban_level_index(g, &b, &ci, &p, &i);
    pc_test_cancel_join(&c);
    verdict("sokoban level index", rc, &c, before, saved_sokoban(g), ci == -7 && p == -7 && i == -7);
}

static void patchwork(void)
{
    pc_patchwork *g = NULL;
    pc_patchwork_new(4, 1, &g);
    int32_t code = -7;
    pc_budget b;
    pc_test_cancel c;
    open_budget(&b, 0);
    b.max_seconds = 60; /* the advisor needs a limit of some kind: 60 s, far away */
    char *before = saved_patchwork(g);
    pc_test_cancel_start(&c, &b, 0.05);
    int32_t rc = pc_patchwork_suggest(g, &b, &code);
    pc_test_cancel_join(&c);
    verdict("patchwork advisor", rc, &c, before, saved_patchwork(g), code == -7);
    pc_patchwork_free(g);
}

/* Through pc_game: every kind's suggest. */
static void game(const char *what, pc_game *g, int slow)
{
    if (!g) {
        ok(0, "%s: a game", what);
        return;
    }
    char m[PC_GAME_MAX_MOVE + 1] = "untouched";
    size_t n = 77;
    pc_budget b;
    pc_test_cancel c;
    open_budget(&b, slow);
    if (!slow) { /* far limits (pc_game's patchwork asks 2000 playouts when none is given) */
        b.max_seconds = 60;
        b.max_nodes = (int64_t)1 << 40;
    }
    char *before = saved_game(g);
    pc_test_cancel_start(&c, &b, 0.05);
    int32_t rc = pc_game_suggest(g, &b, m, sizeof m, &n);
    pc_test_cancel_join(&c);
    verdict(what, rc, &c, before, saved_game(g), strcmp(m, "untouched") == 0);
    pc_game_free(g);
}

static pc_game *from_save(char *text)
{
    pc_game *g = NULL;
    if (text)
        pc_game_load(text, strlen(text), NULL, 0, &g);
    free(text);
    return g;
}

static void games(pc_sokoban *m153)
{
    pc_game *g = NULL;
    pc_game_new("pickerel", "level=3", 11, &g);
    game("pc_game pickerel", g, 1);
    g = NULL;
    pc_game_new("snapper", NULL, 5, &g);
    game("pc_game snapper", g, 1);
    g = NULL;
    pc_game_new("patchwork", NULL, 1, &g);
    game("pc_game patchwork", g, 0);
    game("pc_game sokoban (Microban 153)", m153 ? from_save(saved_sokoban(m153)) : NULL, 0);
    /* nonogram: the 24 x 24 permutation puzzle whose player crossed the right
     * half of the top 13 rows (13 rows into 12 columns: the hint's search
     * cannot refute it quickly) */
    enum { N = 24 };
    int32_t ones[N];
    for (int i = 0; i < N; i++)
        ones[i] = 1;
    pc_nonogram *ng = NULL;
    pc_nonogram_new_from_clues(N, N, ones, ones, ones, ones, NULL, 0, &ng);
    for (int y = 0; ng && y < 13; y++)
        for (int x = 12; x < N; x++)
            pc_nonogram_set_cell(ng, x, y, PC_NONOGRAM_CROSSED);
    game("pc_game nonogram (pigeonhole hint)", ng ? from_save(saved_nonogram(ng)) : NULL, 0);
    pc_nonogram_free(ng);
}

int main(void)
{
    pickerel();
    snapper();
    pc_sokoban *m153 = microban_153();
    ok(m153 != NULL, "Microban 153 from data/sokoban/microban.txt");
    if (m153)
        sokoban(m153);
    patchwork();
    games(m153);
    pc_sokoban_free(m153);
    return done_testing();
}
