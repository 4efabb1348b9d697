/*
 * Sokoban: the fast solver (PC_SOKOBAN_ANY) and the budget of
 * pc_sokoban_solve: solutions replayed on small Microban levels, levels the
 * optimal modes refuse (more than 255 cells, more than 64 boxes), proofs of
 * unsolvability, node and memory limits, a bad budget, the progress
 * callback, and a cancel from a second thread (both modes).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"
#include "sokoban_util.h"
#include "tap.h"

static double wall(void)
{
#if defined(TIME_UTC)
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#else /* MinGW's C runtime has no timespec_get; its clock() is wall time */
    return (double)clock() / CLOCKS_PER_SEC;
#endif
}

/* Solve in any mode (no time limit: node figures are deterministic) and
 * replay the solution on a clone: 1 when it solves the level with the
 * counts the result reports. */
static int solve_replay(const pc_sokoban *g, int64_t *moves, int64_t *pushes)
{
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;
    b.max_nodes = 2000000;
    pc_sokoban_result *r = NULL;
    int32_t rc = pc_sokoban_solve(g, PC_SOKOBAN_ANY, &b, &r);
    int good = 0;
    if (rc == PC_OK) {
        size_t len;
        pc_sokoban_result_lurd(r, NULL, 0, &len);
        char *sol = malloc(len + 1);
        pc_sokoban *t = NULL;
        pc_sokoban_clone(g, &t);
        int64_t m0 = pc_sokoban_moves(t), p0 = pc_sokoban_pushes(t);
        good = sol && pc_sokoban_result_lurd(r, sol, len + 1, &len) == PC_OK &&
               pc_sokoban_apply_lurd(t, sol, len, NULL, 0) == PC_OK && pc_sokoban_is_solved(t) == 1 &&
               pc_sokoban_moves(t) - m0 == pc_sokoban_result_moves(r) &&
               pc_sokoban_pushes(t) - p0 == pc_sokoban_result_pushes(r) &&
               pc_sokoban_result_mode(r) == PC_SOKOBAN_ANY && pc_sokoban_result_status(r) == PC_OK &&
               pc_sokoban_result_bound(r) >= 0 && pc_sokoban_result_bound(r) <= pc_sokoban_result_pushes(r);
        if (moves)
            *moves = pc_sokoban_result_moves(r);
        if (pushes)
            *pushes = pc_sokoban_result_pushes(r);
        free(sol);
        pc_sokoban_free(t);
    }
    pc_sokoban_result_free(r);
    return good;
}

/* A square room of side n (walls included) with `nb` boxes in columns, each
 * to be pushed down two squares onto its goal; the player in the top left. */
static char *room(int n, int nb)
{
    char *t = malloc((size_t)n * (size_t)(n + 1) + 1);
    char *q = t;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            char ch = (x == 0 || y == 0 || x == n - 1 || y == n - 1) ? '#' : ' ';
            if (x == 1 && y == 1)
                ch = '@';
            *q++ = ch;
        }
        *q++ = '\n';
    }
    *q = '\0';
    int per = (n - 3) / 2; /* columns 2, 4, ... */
    for (int k = 0; k < nb; k++) {
        int x = 2 + (k % per) * 2, y = 3 + (k / per) * 5;
        t[y * (n + 1) + x] = '$';
        t[(y + 2) * (n + 1) + x] = '.';
    }
    return t;
}

static void *cancel_later(void *arg)
{
    struct timespec ts = {0, 50 * 1000 * 1000};
    nanosleep(&ts, NULL);
    pc_budget_cancel(arg);
    return NULL;
}

static int32_t stop_at_once(void *user, int64_t nodes, double seconds, double bound)
{
    (void)seconds;
    (void)bound;
    int64_t *seen = user;
    *seen = nodes;
    return 1;
}

int main(void)
{
    /* Small Microban levels: every fast solution replays. */
    size_t len = 0;
    char *mb = tap_read_data("sokoban/microban.txt", &len);
    ok(mb != NULL, "data/sokoban/microban.txt readable");
    pc_sokoban_collection *c = NULL;
    char err[256];
    is_int(mb ? pc_sokoban_collection_parse(mb, len, err, sizeof err, &c) : PC_EINVAL, PC_OK, "Microban parses");
    free(mb);
    int good = 0, tried = 0;
    int64_t sum_moves = 0;
    for (int32_t i = 0; c && i < 40; i++) {
        pc_sokoban *g = NULL;
        int64_t mv = 0;
        pc_sokoban_collection_level(c, i, &g);
        tried++;
        if (solve_replay(g, &mv, NULL))
            good++;
        else
            printf("# Microban %d: no verified fast solution\n", (int)i + 1);
        sum_moves += mv;
        pc_sokoban_free(g);
    }
    is_int(good, 40, "Microban 1-40 in any mode: 40 solutions, each replays with the counts reported");
    ok(sum_moves > 0, "... %lld moves in all", (long long)sum_moves);

    /* Microban 153, which no mode solved before the feature search and the
     * packing macros (issue 19): solved within the node cap and replayed. */
    if (c) {
        pc_sokoban *g = NULL;
        int64_t mv = 0, pu = 0;
        pc_sokoban_collection_level(c, 152, &g);
        int sr = solve_replay(g, &mv, &pu);
        ok(sr, "Microban 153 in any mode: solved and replayed (%lld moves, %lld pushes)", (long long)mv,
           (long long)pu);
        ok(mv >= 464, "... no shorter than the optimal search's proven bound (464 moves)");
        pc_sokoban_free(g);
    }

    /* From the current position, mid-game. */
    if (c) {
        pc_sokoban *g = NULL;
        pc_sokoban_collection_level(c, 0, &g);
        pc_sokoban_apply_lurd(g, "dlUrrrdL", 8, err, sizeof err);
        ok(solve_replay(g, NULL, NULL), "mid-game: the solution from the current position replays from it");
        pc_sokoban_free(g);
    }

    /* Levels the optimal modes refuse. */
    {
        char *t = room(20, 1);
        pc_sokoban *g = sokoban_parse(t);
        pc_sokoban_result *r = NULL;
        is_int(pc_sokoban_interior_count(g), 324, "18x18 room: 324 interior cells");
        is_int(pc_sokoban_solve(g, PC_SOKOBAN_MOVES, NULL, &r), PC_ERANGE, "the optimal mode refuses it");
        int64_t mv = 0, pu = 0;
        int sr = solve_replay(g, &mv, &pu);
        ok(sr && pu == 2, "any mode solves it: 2 pushes (%lld moves)", (long long)mv);
        pc_sokoban_free(g);
        free(t);
        t = room(32, 70);
        g = sokoban_parse(t);
        is_int(pc_sokoban_box_count(g), 70, "a 32x32 room with 70 boxes");
        r = NULL;
        is_int(pc_sokoban_solve(g, PC_SOKOBAN_PUSHES, NULL, &r), PC_ERANGE, "the optimal mode refuses 70 boxes");
        sr = solve_replay(g, &mv, &pu);
        ok(sr && pu == 140, "any mode solves it: 140 pushes (%lld moves)", (long long)mv);
        pc_sokoban_free(g);
        free(t);
        t = room(128, 12);
        g = sokoban_parse(t);
        is_int(pc_sokoban_width(g), 128, "a 128x128 room with 12 boxes parses");
        sr = solve_replay(g, &mv, &pu);
        ok(sr && pu == 24, "any mode solves it: 24 pushes (%lld moves)", (long long)mv);
        pc_sokoban_free(g);
        free(t);
    }

    /* Already solved, unsolvable. */
    {
        pc_sokoban *g = sokoban_parse("#####\n#@*.#\n#  $#\n#####\n");
        pc_sokoban_apply_lurd(g, "rD", 2, NULL, 0);
        pc_sokoban *h = sokoban_parse("####\n#@*#\n####\n");
        pc_sokoban_result *r = NULL;
        is_int(pc_sokoban_solve(h, PC_SOKOBAN_ANY, NULL, &r), PC_OK, "already solved: PC_OK");
        ok(pc_sokoban_result_moves(r) == 0 && pc_sokoban_result_pushes(r) == 0, "... with 0 moves");
        pc_sokoban_result_free(r);
        pc_sokoban_free(h);
        pc_sokoban_free(g);
        g = sokoban_parse("#####\n#$ .#\n#  @#\n#####\n");
        r = NULL;
        is_int(pc_sokoban_solve(g, PC_SOKOBAN_ANY, NULL, &r), PC_ENOTFOUND, "box in a corner: PC_ENOTFOUND");
        ok(r && pc_sokoban_result_bound(r) == -1 && pc_sokoban_result_moves(r) == -1, "... bound -1, no moves");
        pc_sokoban_result_free(r);
        pc_sokoban_free(g);
        /* Two boxes side by side against a wall, both live squares: a
         * freeze deadlock, found only by searching. */
        g = sokoban_parse("########\n#      #\n# $$   #\n#@   ..#\n########\n");
        r = NULL;
        int32_t rc = pc_sokoban_solve(g, PC_SOKOBAN_ANY, NULL, &r);
        ok(rc == PC_OK && solve_replay(g, NULL, NULL), "two boxes in a room: solved and replayed");
        pc_sokoban_result_free(r);
        pc_sokoban_free(g);
        g = sokoban_parse("########\n#  $$ .#\n#     .#\n#   @  #\n########\n");
        r = NULL;
        rc = pc_sokoban_solve(g, PC_SOKOBAN_ANY, NULL, &r);
        is_int(rc, PC_ENOTFOUND, "a pair frozen against the wall on live squares: proved unsolvable by search");
        pc_sokoban_result_free(r);
        pc_sokoban_free(g);
    }

    /* Front-end helpers: reachable squares, walks, one box's pushes. */
    {
        pc_sokoban *g = sokoban_parse("#######\n#     #\n# @$  #\n#    .#\n#######\n");
        uint8_t cells[64];
        int32_t cnt = -1;
        is_int(pc_sokoban_reachable(g, cells, sizeof cells, &cnt), PC_OK, "reachable squares");
        ok(cnt == 14 && cells[2 * 7 + 2] && !cells[2 * 7 + 3] && cells[1 * 7 + 5] && !cells[0],
           "... 14 of them: the player's own, not the box's nor the walls (%d)", (int)cnt);
        is_int(pc_sokoban_reachable(g, cells, 10, &cnt), PC_ESPACE, "a short buffer: PC_ESPACE");
        char path[256];
        size_t plen = 0;
        is_int(pc_sokoban_walk_path(g, 5, 3, path, sizeof path, &plen), PC_OK, "walk to (5, 3)");
        ok(plen == 4 && strspn(path, "urdl") == 4, "... 4 lower-case steps (%s)", path);
        is_int(pc_sokoban_walk_path(g, 3, 2, path, sizeof path, &plen), PC_ENOTFOUND, "walk onto the box: PC_ENOTFOUND");
        is_int(pc_sokoban_walk_path(g, 9, 1, path, sizeof path, &plen), PC_EINVAL, "off the board: PC_EINVAL");
        is_int(pc_sokoban_push_path(g, 3, 2, 4, 1, path, sizeof path, &plen), PC_OK, "push the box to (4, 1)");
        is_str(path, "RdrU", "... 2 pushes, then the fewest moves: RdrU");
        pc_sokoban *t = NULL;
        pc_sokoban_clone(g, &t);
        ok(pc_sokoban_apply_lurd(t, path, plen, NULL, 0) == PC_OK &&
               (pc_sokoban_cell(t, 4, 1) & PC_SOKOBAN_BOX),
           "... which plays, and the box stands on (4, 1)");
        pc_sokoban_free(t);
        is_int(pc_sokoban_push_path(g, 3, 2, 3, 2, path, sizeof path, &plen), PC_OK, "the box is there: PC_OK");
        is_int((int64_t)plen, 0, "... an empty path");
        is_int(pc_sokoban_push_path(g, 3, 2, 1, 0, path, sizeof path, &plen), PC_ENOTFOUND, "onto a wall: PC_ENOTFOUND");
        is_int(pc_sokoban_push_path(g, 2, 2, 4, 1, path, sizeof path, &plen), PC_ENOTFOUND, "no box there: PC_ENOTFOUND");
        is_int(pc_sokoban_push_path(g, 3, 2, 1, 1, path, 2, &plen), PC_ESPACE, "into the corner: a short buffer");
        ok(plen > 2, "... says the size (%d)", (int)plen);
        pc_sokoban_free(g);
    }

    /* Budgets. */
    pc_sokoban *m153 = NULL;
    if (c)
        pc_sokoban_collection_level(c, pc_sokoban_collection_find(c, "153"), &m153);
    {
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.max_nodes = 5;
        pc_sokoban_result *r = NULL;
        is_int(pc_sokoban_solve(m153, PC_SOKOBAN_ANY, &b, &r), PC_ELIMIT, "5 nodes: PC_ELIMIT");
        ok(r && pc_sokoban_result_status(r) == PC_ELIMIT && pc_sokoban_result_nodes(r) == 5 &&
               pc_sokoban_result_moves(r) == -1,
           "... a result: status, 5 nodes, no moves");
        ok(r && pc_sokoban_result_bound(r) > 0, "... and the start's bound (%lld pushes)",
           r ? (long long)pc_sokoban_result_bound(r) : -1LL);
        pc_sokoban_result_free(r);
        pc_budget_init(&b, sizeof b);
        b.max_bytes = 20000;
        r = NULL;
        is_int(pc_sokoban_solve(m153, PC_SOKOBAN_ANY, &b, &r), PC_ELIMIT, "20 kB: PC_ELIMIT");
        ok(r && pc_sokoban_result_bytes(r) <= 20000, "... the peak stays within it");
        pc_sokoban_result_free(r);
        b.size = 4;
        r = NULL;
        is_int(pc_sokoban_solve(m153, PC_SOKOBAN_ANY, &b, &r), PC_EINVAL, "a budget too small to be one: PC_EINVAL");
        ok(r == NULL, "... no result");
        is_int(pc_sokoban_solve(m153, 4, NULL, &r), PC_EINVAL, "bad mode (4): PC_EINVAL");
        /* The progress callback can stop the search. */
        int64_t seen = -1;
        pc_budget_init(&b, sizeof b);
        b.progress = stop_at_once;
        b.user = &seen;
        b.progress_every = 0.001;
        r = NULL;
        is_int(pc_sokoban_solve(m153, PC_SOKOBAN_ANY, &b, &r), PC_ECANCELLED, "progress returning 1: PC_ECANCELLED");
        ok(r == NULL && seen > 0, "... no result, the callback saw %lld nodes", (long long)seen);
    }

    /* Cancel from a second thread, both kinds of search (loose bound for
     * valgrind and loaded machines). */
    for (int mode = PC_SOKOBAN_MOVES; mode <= PC_SOKOBAN_ANY; mode += 2) {
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.max_seconds = 60;
        pc_sokoban_result *r = NULL;
        pthread_t th;
        double t0 = wall();
        pthread_create(&th, NULL, cancel_later, &b);
        int32_t rc = pc_sokoban_solve(m153, mode, &b, &r);
        pthread_join(th, NULL);
        double dt = wall() - t0;
        is_int(rc, PC_ECANCELLED, "%s mode: cancelled from a second thread", mode ? "any" : "moves");
        ok(dt < 30.0, "... stopped %.3f s after the start (flag at 0.05 s)", dt);
        pc_sokoban_result_free(r);
    }
    pc_sokoban_free(m153);
    pc_sokoban_collection_free(c);
    done_testing();
}
