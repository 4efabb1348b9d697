/*
 * Sokoban: parser (good and bad input, line numbers), static facts, play
 * (steps, pushes, atomic failures, undo/redo, LURD round trips), the solver
 * (Microban 1, optimality against an exhaustive search written here, budgets,
 * unsolvable maps) and the creativity index on worked numbers.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "budget_util.h"
#include "sokoban_util.h"
#include "tap.h"

static const char *M1 = "####\n"
                        "# .#\n"
                        "#  ###\n"
                        "#*@  #\n"
                        "#  $ #\n"
                        "#  ###\n"
                        "####\n";

/* A budget of `nodes` expansions (0: none) and `bytes` (0: none), no time
 * limit: the figures tested below are deterministic. */
static const pc_budget *budget_of(pc_budget *b, uint64_t nodes, uint64_t bytes)
{
    pc_test_nodes_budget(b, (int64_t)nodes);
    b->max_bytes = bytes ? bytes : UINT64_MAX;
    return b;
}

/* pc_sokoban_solve under such a budget. */
static int32_t solve_nb(const pc_sokoban *g, int32_t mode, uint64_t nodes, uint64_t bytes,
                        pc_sokoban_result **out)
{
    pc_budget b;
    return pc_sokoban_solve(g, mode, budget_of(&b, nodes, bytes), out);
}

static char *board(const pc_sokoban *g, int which)
{
    static char buf[8192];
    size_t len;
    if (pc_sokoban_write(g, which, buf, sizeof buf, &len) != PC_OK)
        return NULL;
    return buf;
}

static char *lurd(const pc_sokoban *g)
{
    static char buf[8192];
    size_t len;
    if (pc_sokoban_lurd(g, buf, sizeof buf, &len) != PC_OK)
        return NULL;
    return buf;
}

/* Expect a parse error whose message starts with `where`. */
static void bad(const char *text, int32_t code, const char *where, const char *what)
{
    pc_sokoban *g = NULL;
    char err[256] = "";
    int32_t rc = pc_sokoban_new(text, strlen(text), err, sizeof err, &g);
    int good = rc == code && g == NULL && strncmp(err, where, strlen(where)) == 0;
    ok(good, "bad input: %s", what);
    if (!good)
        printf("#   rc %d, err \"%s\"\n", (int)rc, err);
    pc_sokoban_free(g);
}

static void test_parse(void)
{
    pc_sokoban *g = sokoban_parse(M1);
    ok(g != NULL, "Microban 1 parses");
    is_int(pc_sokoban_width(g), 6, "width");
    is_int(pc_sokoban_height(g), 7, "height");
    is_int(pc_sokoban_box_count(g), 2, "two boxes");
    is_int(pc_sokoban_boxes_on_goals(g), 1, "one box on goal at start");
    is_int(pc_sokoban_interior_count(g), 14, "c = 14 interior cells (seed)");
    int32_t x, y;
    pc_sokoban_player(g, &x, &y);
    ok(x == 2 && y == 3, "player at (2,3)");
    is_int(pc_sokoban_cell(g, 0, 0), PC_SOKOBAN_WALL, "corner is wall");
    is_int(pc_sokoban_cell(g, 1, 3), PC_SOKOBAN_GOAL | PC_SOKOBAN_BOX | PC_SOKOBAN_INTERIOR,
           "'*' is goal+box+interior");
    is_int(pc_sokoban_cell(g, 2, 3), PC_SOKOBAN_PLAYER | PC_SOKOBAN_INTERIOR, "'@' cell");
    is_int(pc_sokoban_cell(g, 1, 1) & PC_SOKOBAN_DEAD, PC_SOKOBAN_DEAD, "corner floor (1,1) is dead");
    is_int(pc_sokoban_cell(g, 4, 3) & PC_SOKOBAN_DEAD, PC_SOKOBAN_DEAD, "(4,3) against the wall is dead");
    is_int(pc_sokoban_cell(g, 2, 2) & PC_SOKOBAN_DEAD, 0, "(2,2) is live");
    is_int(pc_sokoban_dead_count(g), 5, "5 dead squares");
    is_int(pc_sokoban_cell(g, 6, 0), PC_EINVAL, "off the board is PC_EINVAL (an index outside the object)");
    is_int(pc_sokoban_cell(g, -1, 0), PC_EINVAL, "negative x is PC_EINVAL");
    {
        /* the whole board in one call, cell for cell as pc_sokoban_cell */
        size_t n = 0, m = 0;
        is_int(pc_sokoban_cells(g, NULL, 0, &n), PC_OK, "cells: cap 0 asks the size");
        is_int((int64_t)n, (int64_t)pc_sokoban_width(g) * pc_sokoban_height(g), "cells: width x height");
        uint8_t *b = malloc(n);
        is_int(pc_sokoban_cells(g, b, n - 1, &m), PC_ESPACE, "cells: one byte short is PC_ESPACE");
        is_int(pc_sokoban_cells(g, b, n, &m), PC_OK, "cells read");
        int same = m == n;
        for (int32_t cy = 0; cy < pc_sokoban_height(g); cy++)
            for (int32_t cx = 0; cx < pc_sokoban_width(g); cx++)
                same &= b[(size_t)cy * (size_t)pc_sokoban_width(g) + (size_t)cx] == pc_sokoban_cell(g, cx, cy);
        ok(same, "cells: every byte is pc_sokoban_cell's bits");
        is_int(pc_sokoban_cells(NULL, b, n, &m), PC_EINVAL, "cells of NULL");
        is_int(pc_sokoban_cells(g, NULL, 4, &m), PC_EINVAL, "NULL cells with a capacity");
        free(b);
    }
    is_str(board(g, 0), M1, "written back identically");
    char t[32];
    size_t tl;
    is_int(pc_sokoban_title(g, t, sizeof t, &tl), PC_OK, "title of an untitled level");
    is_str(t, "", "empty title");
    pc_sokoban_free(g);

    /* Floor variants, run-length rows, '|' separators, p/b letters. */
    g = sokoban_parse("4#|#-.#|#__3#|#B@2-#|#--b-#|#--3#|4#");
    ok(g && strcmp(board(g, 0), M1) == 0, "run-length + '|' + '-' '_' 'b' 'B' parse to the plain board");
    pc_sokoban_free(g);
    g = sokoban_parse("5#|#@$.#|5#|\n");
    ok(g && strcmp(board(g, 0), "#####\n#@$.#\n#####\n") == 0, "a '|' at the end of the line is accepted");
    pc_sokoban_free(g);
    g = sokoban_parse("#####\n#P$ #\n#####\n");
    ok(g && strcmp(board(g, 0), "#####\n#+$ #\n#####\n") == 0, "'P' is player on goal");
    pc_sokoban_free(g);
    g = sokoban_parse("  #####\n  #@B #\n  #####\n");
    ok(g && strcmp(board(g, 0), "  #####\n  #@* #\n  #####\n") == 0, "'B' box on goal; indent kept");
    is_int(pc_sokoban_is_solved(g), 1, "all boxes on goals: solved at start");
    pc_sokoban_free(g);

    /* Bad input with line numbers. */
    bad("#####\n#   #\n#####\n", PC_EPARSE, "line 1: level has no player", "no player");
    bad("; t\n#####\n#@@.$#\n#.$ #\n#####\n", PC_EPARSE, "line 3, column 3: a second player",
        "two players (line and column)");
    bad("######\n#@$$.#\n######\n", PC_EPARSE, "line 1: level has 2 boxes but 1 goals", "boxes != goals");
    bad("#####\n#@ .#\n#####\n", PC_EPARSE, "line 1: level has no box", "no box");
    bad("#####\n#@$.\n#####\n", PC_EPARSE, "line 2, column 4: map not closed", "open map");
    bad("#####\n#@$.#\n# X #\n#####\n", PC_EPARSE, "line 3, column 3: unknown board character 'X'",
        "unknown character");
    bad("#####\n#@$.#\n#  3\n#####\n", PC_EPARSE, "line 3, column 4: run-length count at the end",
        "run-length count without a symbol");
    bad("#@$.200#\n", PC_EPARSE, "line 1, column 5: run-length count larger", "oversize run-length");
    char big[200];
    memset(big, '#', 150);
    strcpy(big + 150, "\n");
    bad(big, PC_EPARSE, "line 1, column 129: oversize level", "oversize row");
    {
        static char tall[4096];
        strcpy(tall, "###\n#@#\n#$#\n#.#\n");
        for (int i = 0; i < 130; i++)
            strcat(tall, "# #\n");
        strcat(tall, "###\n");
        bad(tall, PC_EPARSE, "line 129: oversize level", "oversize: too many rows");
    }
    bad("#####|#@$.#||#####\n", PC_EPARSE, "line 1, column 13: empty board row", "empty row between '|'");
    bad("; just text\n", PC_EPARSE, "no level found", "no board at all");
    bad("####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n", PC_EPARSE, "expected one level, found 2",
        "pc_sokoban_new wants one level");
    pc_sokoban *none = NULL;
    is_int(pc_sokoban_new(NULL, 5, NULL, 0, &none), PC_EINVAL, "NULL text with a length");
    is_int(pc_sokoban_new("x", 1, NULL, 0, NULL), PC_EINVAL, "NULL out");
}

/* The recorded optimum of Microban level `title` in the benchmark file
 * (moves=, pushes=), or -1. */
static int64_t bench_figure(const char *bench, const char *title, const char *key)
{
    char head[32];
    snprintf(head, sizeof head, "level=%s ", title);
    for (const char *l = bench; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, head, strlen(head)) != 0)
            continue;
        const char *end = strchr(l, '\n'), *k = strstr(l, key);
        if (!k || (end && k > end) || !strstr(l, "status=solved"))
            return -1;
        return strtoll(k + strlen(key), NULL, 10);
    }
    return -1;
}

/* The bound is admissible where it matters, along optimal paths.  For the
 * first 60 Microban levels (each solved in milliseconds): the move-optimal
 * answer matches the benchmark file's, and every fifth position along the
 * solution is solved again for one expansion, whose bound (M plus the
 * walking bound, with a walking potential built for that position, or the
 * perimeter's exact distance near the end) must not exceed the moves left
 * (the rest of an optimal solution is optimal). */
static void check_bound_along_solutions(const pc_sokoban_collection *c)
{
    size_t blen;
    char *bench = tap_read_data("sokoban/microban-bench.txt", &blen);
    ok(bench != NULL, "data/sokoban/microban-bench.txt readable");
    int same = 0, checks = 0, over = 0;
    int64_t sum_bound = 0, sum_left = 0;
    for (int32_t i = 0; i < 60; i++) {
        pc_sokoban *g = NULL;
        pc_sokoban_result *r = NULL;
        char title[32], sol[2048];
        size_t tl, len = 0;
        pc_sokoban_collection_level(c, i, &g);
        pc_sokoban_collection_title(c, i, title, sizeof title, &tl);
        if (solve_nb(g, PC_SOKOBAN_MOVES, 0, 0, &r) == PC_OK &&
            pc_sokoban_result_lurd(r, sol, sizeof sol, &len) == PC_OK) {
            int64_t moves = pc_sokoban_result_moves(r);
            same += moves == bench_figure(bench, title, " moves=") &&
                    pc_sokoban_result_pushes(r) == bench_figure(bench, title, " pushes=");
            for (size_t k = 0; k < len; k += 5) {
                pc_sokoban *p = NULL;
                pc_sokoban_result *q = NULL;
                pc_sokoban_clone(g, &p);
                pc_sokoban_apply_lurd(p, sol, k, NULL, 0);
                solve_nb(p, PC_SOKOBAN_MOVES, 1, 0, &q);
                int64_t b = pc_sokoban_result_bound(q), left = moves - (int64_t)k;
                checks++;
                over += b > left;
                if (b > left)
                    printf("# level %s after %zu moves: bound %lld > %lld moves left\n", title, k, (long long)b,
                           (long long)left);
                sum_bound += b;
                sum_left += left;
                pc_sokoban_result_free(q);
                pc_sokoban_free(p);
            }
        }
        pc_sokoban_result_free(r);
        pc_sokoban_free(g);
    }
    is_int(same, 60, "Microban 1-60: the move-optimal answers of the benchmark file");
    ok(checks > 500, "%d positions along the solutions checked", checks);
    is_int(over, 0, "the bound never exceeds the moves left (sum of bounds %lld, of moves left %lld)",
           (long long)sum_bound, (long long)sum_left);
    free(bench);
}

static void test_collection(void)
{
    const char *text = "; My set\n"
                       "; by me\n"
                       "\n"
                       "; 1\n"
                       "#####\n"
                       "#@$.#\n"
                       "#####\n"
                       "\n"
                       "Second one\n"
                       "######\n"
                       "#@ $.#\n"
                       "######\n"
                       "\n"
                       "######\n"
                       "#.$ @#\n"
                       "######\n"
                       "Title: Third\n"
                       "Author: someone\n";
    pc_sokoban_collection *c = NULL;
    char err[256];
    is_int(pc_sokoban_collection_parse(text, strlen(text), err, sizeof err, &c), PC_OK, "collection parses");
    is_int(pc_sokoban_collection_count(c), 3, "three levels");
    char t[64];
    size_t tl;
    pc_sokoban_collection_title(c, 0, t, sizeof t, &tl);
    is_str(t, "1", "'; 1' before the board is the title");
    pc_sokoban_collection_title(c, 1, t, sizeof t, &tl);
    is_str(t, "Second one", "a text line before the board is the title");
    pc_sokoban_collection_title(c, 2, t, sizeof t, &tl);
    is_str(t, "Third", "'Title:' after the board names it");
    char cm[256];
    pc_sokoban_collection_comments(c, 0, cm, sizeof cm, &tl);
    is_str(cm, "My set\nby me\n1", "comments of level 1 (';' removed)");
    pc_sokoban_collection_comments(c, 2, cm, sizeof cm, &tl);
    is_str(cm, "", "level 3 has no comment before it");
    is_int(pc_sokoban_collection_comments(c, 5, cm, sizeof cm, &tl), PC_EINVAL, "comments: bad index");
    is_int(pc_sokoban_collection_find(c, "Second one"), 1, "find by title");
    is_int(pc_sokoban_collection_find(c, "nope"), PC_ENOTFOUND, "find: not there");
    is_int(pc_sokoban_collection_title(c, 3, t, sizeof t, &tl), PC_EINVAL, "title: bad index");
    pc_sokoban *g = NULL;
    is_int(pc_sokoban_collection_level(c, 3, &g), PC_EINVAL, "level: bad index");
    is_int(pc_sokoban_collection_level(c, 2, &g), PC_OK, "level 3");
    is_str(board(g, 0), "######\n#.$ @#\n######\n", "level 3 board");
    pc_sokoban_free(g);
    /* Written back and parsed again: same boards and titles. */
    size_t len;
    pc_sokoban_collection_write(c, NULL, 0, &len);
    char *out = malloc(len + 1);
    is_int(pc_sokoban_collection_write(c, out, len + 1, &len), PC_OK, "collection written");
    pc_sokoban_collection *d = NULL;
    is_int(pc_sokoban_collection_parse(out, len, err, sizeof err, &d), PC_OK, "written text parses");
    int same = pc_sokoban_collection_count(d) == 3;
    for (int i = 0; same && i < 3; i++) {
        pc_sokoban *a, *b;
        char ta[64], tb[64];
        pc_sokoban_collection_level(c, i, &a);
        pc_sokoban_collection_level(d, i, &b);
        char ba[256];
        strcpy(ba, board(a, 0));
        same = strcmp(ba, board(b, 0)) == 0;
        pc_sokoban_collection_title(c, i, ta, sizeof ta, &len);
        pc_sokoban_collection_title(d, i, tb, sizeof tb, &len);
        same = same && strcmp(ta, tb) == 0;
        pc_sokoban_free(a);
        pc_sokoban_free(b);
    }
    ok(same, "round trip keeps boards and titles");
    free(out);
    pc_sokoban_collection_free(d);
    pc_sokoban_collection_free(c);

    /* An error in the third level reports its own line. */
    const char *badtext = "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n\n#####\n#@$$#\n#####\n";
    c = NULL;
    is_int(pc_sokoban_collection_parse(badtext, strlen(badtext), err, sizeof err, &c), PC_EPARSE,
           "bad third level fails the collection");
    is_str(err, "line 9: level has 2 boxes but 0 goals", "error names the level's first line");
    ok(c == NULL, "nothing returned on error");
    /* CRLF input. */
    const char *crlf = "#####\r\n#@$.#\r\n#####\r\n";
    g = NULL;
    is_int(pc_sokoban_new(crlf, strlen(crlf), err, sizeof err, &g), PC_OK, "CRLF accepted");
    pc_sokoban_free(g);

    /* The bundled Microban. */
    char *mb = tap_read_data("sokoban/microban.txt", &len);
    ok(mb != NULL, "data/sokoban/microban.txt readable");
    if (mb) {
        c = NULL;
        is_int(pc_sokoban_collection_parse(mb, len, err, sizeof err, &c), PC_OK, "Microban parses");
        is_int(pc_sokoban_collection_count(c), 155, "155 levels");
        pc_sokoban_collection_title(c, 154, t, sizeof t, &tl);
        is_str(t, "155", "last title");
        g = NULL;
        pc_sokoban_collection_level(c, 0, &g);
        is_str(board(g, 0), M1, "level 1 is the reference map");
        pc_sokoban_free(g);
        /* The bound at the start of Microban 153 (after one expansion the
         * stopped search reports the least f in its queue, here the
         * start's M, as the children keep it): its boxes stand in
         * two-wide corridors joined by one-square doorways, where the push
         * distances that know the player's side of each box give M = 318;
         * the ones that ignore the player give 186. */
        g = NULL;
        pc_sokoban_collection_level(c, pc_sokoban_collection_find(c, "153"), &g);
        pc_sokoban_result *r153 = NULL;
        is_int(solve_nb(g, PC_SOKOBAN_PUSHES, 1, 0, &r153), PC_ELIMIT, "Microban 153, one node");
        is_int(pc_sokoban_result_bound(r153), 318, "Microban 153 needs at least 318 pushes (side-aware M)");
        pc_sokoban_result_free(r153);
        /* In moves mode the walking bound adds to M: the boxes go down one
         * corridor and up another, so the player walks back up and down
         * between them, which the walking potential (an LP at the start)
         * counts: W = 146, where the displacement bound gives 57. */
        r153 = NULL;
        is_int(solve_nb(g, PC_SOKOBAN_MOVES, 1, 0, &r153), PC_ELIMIT, "Microban 153, one node (moves)");
        is_int(pc_sokoban_result_bound(r153), 464, "Microban 153 needs at least 464 moves (M + the potential's W)");
        pc_sokoban_result_free(r153);
        pc_sokoban_free(g);
        /* The walking potential is optional: Microban 155's LP (about 2 MiB)
         * does not fit in a 1 MiB budget, and the search goes on without it. */
        g = NULL;
        pc_sokoban_collection_level(c, pc_sokoban_collection_find(c, "155"), &g);
        pc_sokoban_result *r155 = NULL;
        int32_t rc155 = solve_nb(g, PC_SOKOBAN_MOVES, 0, (uint64_t)1 << 20, &r155);
        ok(rc155 == PC_OK && pc_sokoban_result_moves(r155) == 282 && pc_sokoban_result_pushes(r155) == 175 &&
               pc_sokoban_result_bytes(r155) <= (uint64_t)1 << 20,
           "Microban 155 within 1 MiB, the LP skipped: 282 moves, 175 pushes, peak within the budget");
        pc_sokoban_result_free(r155);
        pc_sokoban_free(g);
        check_bound_along_solutions(c);
        /* Microban 122 passes 100 000 expansions, where the perimeter is
         * rebuilt with 4 M positions (about 70 MiB here): the same optimum
         * with it and, under a 40 MiB budget that leaves no room for it,
         * without it (then with more expansions, the peak within budget). */
        g = NULL;
        pc_sokoban_collection_level(c, pc_sokoban_collection_find(c, "122"), &g);
        pc_sokoban_result *big = NULL, *small = NULL;
        int32_t rcb = solve_nb(g, PC_SOKOBAN_MOVES, 0, 0, &big);
        int32_t rcs = solve_nb(g, PC_SOKOBAN_MOVES, 0, (uint64_t)40 << 20, &small);
        ok(rcb == PC_OK && pc_sokoban_result_moves(big) == 245 && pc_sokoban_result_pushes(big) == 92,
           "Microban 122 with the large perimeter: 245 moves, 92 pushes");
        ok(rcs == PC_OK && pc_sokoban_result_moves(small) == 245 && pc_sokoban_result_pushes(small) == 92 &&
               pc_sokoban_result_bytes(small) <= (uint64_t)40 << 20,
           "... and within 40 MiB, without it: the same answer, the peak within the budget");
        ok(pc_sokoban_result_bytes(big) > (uint64_t)40 << 20 &&
               pc_sokoban_result_nodes(big) < pc_sokoban_result_nodes(small),
           "the large perimeter was built and saved expansions (%llu against %llu)",
           (unsigned long long)pc_sokoban_result_nodes(big), (unsigned long long)pc_sokoban_result_nodes(small));
        pc_sokoban_result_free(big);
        pc_sokoban_result_free(small);
        pc_sokoban_free(g);
        pc_sokoban_collection_free(c);
        free(mb);
    }
}

/* Snapshot of everything observable, to check atomic failures. */
static void snap(const pc_sokoban *g, char *out)
{
    sprintf(out, "%s|%s|%lld|%lld|%d", board(g, 0), lurd(g), (long long)pc_sokoban_moves(g),
            (long long)pc_sokoban_pushes(g), (int)pc_sokoban_redo_count(g));
}

static void test_play(void)
{
    pc_sokoban *g = sokoban_parse(M1);
    char before[1024], after[1024];
    int32_t pushed = -1;
    /* Failing calls change nothing. */
    snap(g, before);
    is_int(pc_sokoban_step(g, PC_SOKOBAN_LEFT, &pushed), PC_EILLEGAL, "push '*' into the wall: illegal");
    snap(g, after);
    is_str(after, before, "... and nothing changed");
    is_int(pc_sokoban_step(g, 7, &pushed), PC_EINVAL, "bad direction");
    is_int(pc_sokoban_step(g, -1, &pushed), PC_EINVAL, "negative direction");
    is_int(pc_sokoban_undo(g), PC_EILLEGAL, "undo at start");
    is_int(pc_sokoban_redo(g), PC_EILLEGAL, "redo with nothing to redo");
    snap(g, after);
    is_str(after, before, "... nothing changed");
    /* Walk into a wall. */
    is_int(pc_sokoban_step(g, PC_SOKOBAN_UP, &pushed), PC_OK, "step up");
    is_int(pushed, 0, "no push");
    snap(g, before);
    is_int(pc_sokoban_step(g, PC_SOKOBAN_UP, &pushed), PC_OK, "step up again");
    snap(g, before);
    is_int(pc_sokoban_step(g, PC_SOKOBAN_UP, &pushed), PC_EILLEGAL, "walk into a wall: illegal");
    snap(g, after);
    is_str(after, before, "... nothing changed");
    pc_sokoban_restart(g);
    is_int(pc_sokoban_redo_count(g), 2, "restart keeps the steps for redo");
    /* Push the '$' down to the wall... then it cannot go further. */
    pc_sokoban_free(g);
    g = sokoban_parse(M1);
    char err[128];
    is_int(pc_sokoban_apply_lurd(g, "rrdLL", 5, err, sizeof err), PC_OK, "rrdLL: walk, then push left twice");
    is_int(pc_sokoban_pushes(g), 2, "two pushes");
    is_int(pc_sokoban_moves(g), 5, "five moves");
    snap(g, before);
    is_int(pc_sokoban_step(g, PC_SOKOBAN_LEFT, &pushed), PC_EILLEGAL, "push a box into a wall: illegal");
    snap(g, after);
    is_str(after, before, "... nothing changed");
    /* Box against box. */
    pc_sokoban *h = sokoban_parse("#######\n#@$$..#\n#######\n");
    snap(h, before);
    is_int(pc_sokoban_step(h, PC_SOKOBAN_RIGHT, &pushed), PC_EILLEGAL, "push two boxes: illegal");
    snap(h, after);
    is_str(after, before, "... nothing changed");
    pc_sokoban_free(h);
    /* LURD: bad letter, blocked step, wrong case — all atomic. */
    snap(g, before);
    is_int(pc_sokoban_apply_lurd(g, "ux", 2, err, sizeof err), PC_EPARSE, "LURD with 'x'");
    is_str(err, "position 2: 'x' is not a LURD letter", "... names the position");
    is_int(pc_sokoban_apply_lurd(g, "uuuu", 4, err, sizeof err), PC_EILLEGAL, "LURD into a wall");
    is_str(err, "position 4: step 'u' is blocked", "... names the step");
    is_int(pc_sokoban_apply_lurd(g, "uU", 2, err, sizeof err), PC_EILLEGAL, "upper case without push");
    snap(g, after);
    is_str(after, before, "failed LURD changed nothing");
    h = sokoban_parse("#####\n#@$.#\n#####\n");
    snap(h, before);
    is_int(pc_sokoban_apply_lurd(h, "r", 1, err, sizeof err), PC_EILLEGAL, "lower case that pushes");
    is_str(err, "position 1: 'r' pushes a box: write it in upper case", "... says so");
    snap(h, after);
    is_str(after, before, "... nothing changed");
    is_int(pc_sokoban_apply_lurd(h, "R", 1, err, sizeof err), PC_OK, "upper case push");
    is_int(pc_sokoban_is_solved(h), 1, "solved");
    pc_sokoban_free(h);
    pc_sokoban_free(g);

    /* The seed's reference solution: replay, undo all, redo all. */
    const char *sol = "dlUrrrdLullddrUluRuulDrddrruLdlUU";
    g = sokoban_parse(M1);
    is_int(pc_sokoban_apply_lurd(g, sol, strlen(sol), err, sizeof err), PC_OK, "a 33-move solution applies");
    is_int(pc_sokoban_is_solved(g), 1, "solved");
    is_int(pc_sokoban_moves(g), 33, "33 moves");
    is_int(pc_sokoban_pushes(g), 8, "8 pushes");
    is_str(lurd(g), sol, "LURD out equals LURD in");
    pc_sokoban *cl = NULL;
    pc_sokoban_clone(g, &cl);
    int undone = 0;
    while (pc_sokoban_undo(g) == PC_OK)
        undone++;
    is_int(undone, 33, "33 undos");
    is_str(board(g, 0), M1, "back to the start");
    is_int(pc_sokoban_moves(g) + pc_sokoban_pushes(g), 0, "counters back to zero");
    is_int(pc_sokoban_redo_count(g), 33, "33 to redo");
    while (pc_sokoban_redo(g) == PC_OK)
        ;
    is_int(pc_sokoban_is_solved(g), 1, "redo all: solved again");
    is_str(lurd(g), sol, "same LURD after redo");
    is_int(pc_sokoban_is_solved(cl), 1, "clone solved too");
    pc_sokoban_undo(cl);
    is_int(pc_sokoban_is_solved(g), 1, "clone is independent");
    /* A new step after undo drops the redo list. */
    pc_sokoban_undo(g);
    pc_sokoban_undo(g);
    pc_sokoban_step(g, PC_SOKOBAN_DOWN, NULL);
    is_int(pc_sokoban_redo_count(g), 0, "a new step clears redo");
    is_str(board(g, 1), M1, "start position still available");
    pc_sokoban_free(cl);
    pc_sokoban_free(g);
    /* Buffers: the snprintf convention. */
    g = sokoban_parse(M1);
    size_t len = 0;
    char small[4];
    is_int(pc_sokoban_write(g, 0, small, sizeof small, &len), PC_ESPACE, "small buffer: PC_ESPACE");
    is_int((int64_t)len, (int64_t)strlen(M1), "len tells the size needed");
    is_int(pc_sokoban_write(g, 0, NULL, 0, &len), PC_OK, "size query (cap 0: PC_OK)");
    is_int(pc_sokoban_write(g, 2, NULL, 0, &len), PC_EINVAL, "bad 'which'");
    pc_sokoban_free(g);
}

/* ---- an exhaustive reference search, independent of the library -------------- */

#define XW 8
#define XN 64

typedef struct {
    uint64_t boxes;
    uint8_t player;
    uint32_t a, b; /* lexicographic cost */
    int used;
} xstate;

typedef struct {
    char grid[XN]; /* '#', ' ' ; goals separately */
    uint64_t goals;
    int w, h;
} xmap;

/* The reference search's tables, allocated once for all maps: a fresh 48 MB
 * table per search cost more in page faults than the search itself.  The
 * slots a search used are listed and cleared after it. */
#define XCAP ((size_t)1 << 21) /* more than every position of 4 boxes on an 8x8 map */
typedef struct {
    xstate *tab;
    size_t *used, nused;
    uint64_t *heap; /* (key, slot) pairs */
    size_t hcap;
} xscratch;

static void xscratch_reset(xscratch *x)
{
    for (size_t i = 0; i < x->nused; i++)
        x->tab[x->used[i]].used = 0;
    x->nused = 0;
}

/* Dijkstra over single steps, cost (moves, pushes) or (pushes, moves).
 * Returns 1 and the optimal pair, or 0 when unsolvable. */
static int exhaustive(xscratch *x, const xmap *m, uint64_t boxes0, int player0, int mode, uint32_t *moves,
                      uint32_t *pushes)
{
    const size_t cap = XCAP;
    xstate *tab = x->tab;
    size_t hcap = x->hcap, hn = 0;
    uint64_t *heap = x->heap;
    int delta[4] = {-m->w, 1, m->w, -1};
    int found = 0;
#define SLOT(bx, pl) ((size_t)((((bx) * 0x9E3779B97F4A7C15ULL) ^ ((uint64_t)(pl) * 0xC2B2AE3D27D4EB4FULL)) >> 40))
#define KEY(a, b) (((uint64_t)(a) << 20) | (uint64_t)(b))
    size_t s = SLOT(boxes0, player0) & (cap - 1);
    tab[s] = (xstate){boxes0, (uint8_t)player0, 0, 0, 1};
    x->used[x->nused++] = s;
    heap[0] = KEY(0, 0);
    heap[1] = s;
    hn = 1;
    while (hn) {
        uint64_t key = heap[0], slot = heap[1];
        hn--;
        /* sift down */
        uint64_t lk = heap[2 * hn], ls = heap[2 * hn + 1];
        size_t i = 0;
        for (;;) {
            size_t c = 2 * i + 1;
            if (c >= hn)
                break;
            if (c + 1 < hn && heap[2 * (c + 1)] < heap[2 * c])
                c++;
            if (lk <= heap[2 * c])
                break;
            heap[2 * i] = heap[2 * c];
            heap[2 * i + 1] = heap[2 * c + 1];
            i = c;
        }
        heap[2 * i] = lk;
        heap[2 * i + 1] = ls;
        xstate st = tab[slot];
        if (KEY(st.a, st.b) != key)
            continue;
        if ((st.boxes & m->goals) == st.boxes) {
            *moves = mode == 0 ? st.a : st.b;
            *pushes = mode == 0 ? st.b : st.a;
            found = 1;
            break;
        }
        for (int d = 0; d < 4; d++) {
            int n = st.player + delta[d];
            if (m->grid[n] == '#')
                continue;
            uint64_t bx = st.boxes;
            int push = 0;
            if (bx >> n & 1) {
                int t = n + delta[d];
                if (m->grid[t] == '#' || (bx >> t & 1))
                    continue;
                bx = (bx & ~(1ULL << n)) | (1ULL << t);
                push = 1;
            }
            uint32_t na = st.a + (mode == 0 ? 1 : (uint32_t)push);
            uint32_t nbb = st.b + (mode == 0 ? (uint32_t)push : 1);
            size_t q = SLOT(bx, n) & (cap - 1);
            while (tab[q].used && !(tab[q].boxes == bx && tab[q].player == n))
                q = (q + 1) & (cap - 1);
            if (tab[q].used && KEY(tab[q].a, tab[q].b) <= KEY(na, nbb))
                continue;
            if (!tab[q].used)
                x->used[x->nused++] = q;
            tab[q] = (xstate){bx, (uint8_t)n, na, nbb, 1};
            if (hn == hcap) {
                hcap *= 2;
                heap = realloc(heap, hcap * sizeof *heap * 2);
                x->heap = heap;
                x->hcap = hcap;
            }
            /* sift up */
            uint64_t k = KEY(na, nbb);
            size_t j = hn++;
            while (j > 0 && heap[2 * ((j - 1) / 2)] > k) {
                heap[2 * j] = heap[2 * ((j - 1) / 2)];
                heap[2 * j + 1] = heap[2 * ((j - 1) / 2) + 1];
                j = (j - 1) / 2;
            }
            heap[2 * j] = k;
            heap[2 * j + 1] = q;
        }
    }
    xscratch_reset(x);
    return found;
}

/* The XSB text of map m with the boxes and the player. */
static void render_xsb(const xmap *m, uint64_t boxes, int player, char *xsb)
{
    char *p = xsb;
    for (int y = 0; y < XW; y++) {
        for (int x = 0; x < XW; x++) {
            int i = y * XW + x;
            int b = (int)(boxes >> i & 1), gl = (int)(m->goals >> i & 1);
            char c = m->grid[i];
            if (i == player)
                c = gl ? '+' : '@';
            else if (b)
                c = gl ? '*' : '$';
            else if (gl)
                c = '.';
            *p++ = c;
        }
        *p++ = '\n';
    }
    *p = '\0';
}

/* A random closed map in an XW x XW frame: walls on the border, inner walls
 * on about wallpct % of the squares, nbox boxes and goals, the player; as XSB
 * text.  The first `ongoal` boxes start on goals (0: now and then one). */
static void random_map_x(pc_rng *rng, int nbox, int wallpct, int ongoal, char *xsb, xmap *m,
                         uint64_t *boxes, int *player)
{
    uint64_t r;
    for (;;) {
        m->w = XW;
        m->h = XW;
        for (int i = 0; i < XN; i++) {
            int x = i % XW, y = i / XW;
            m->grid[i] = (x == 0 || y == 0 || x == XW - 1 || y == XW - 1) ? '#' : ' ';
            if (m->grid[i] == ' ') {
                pc_rng_uniform(rng, 100, &r);
                if (r < (uint64_t)wallpct)
                    m->grid[i] = '#';
            }
        }
        int free_cells[XN], nfree = 0;
        for (int i = 0; i < XN; i++)
            if (m->grid[i] == ' ')
                free_cells[nfree++] = i;
        if (nfree < 2 * nbox + 2)
            continue;
        pc_rng_shuffle_i32(rng, free_cells, (size_t)nfree);
        *player = free_cells[0];
        *boxes = 0;
        m->goals = 0;
        for (int k = 0; k < nbox; k++) {
            *boxes |= 1ULL << free_cells[1 + k];
            m->goals |= 1ULL << free_cells[1 + nbox + k];
        }
        /* Overlap a goal and a box now and then, or as asked. */
        if (ongoal) {
            for (int k = 0; k < ongoal; k++) {
                m->goals &= ~(1ULL << free_cells[1 + nbox + k]);
                m->goals |= 1ULL << free_cells[1 + k];
            }
        } else {
            pc_rng_uniform(rng, 4, &r);
            if (r == 0) {
                m->goals &= ~(1ULL << free_cells[1 + nbox]);
                m->goals |= 1ULL << free_cells[1];
            }
        }
        render_xsb(m, *boxes, *player, xsb);
        return;
    }
}

static void random_map(pc_rng *rng, int nbox, char *xsb, xmap *m, uint64_t *boxes, int *player)
{
    random_map_x(rng, nbox, 14, 0, xsb, m, boxes, player);
}

/* A random map symmetric about the main diagonal (walls, boxes, goals; the
 * player on the diagonal), so that the start is fixed by the transposition
 * and the solver keeps one position of each symmetric pair.  Boxes and goals
 * come in mirrored pairs or sit on the diagonal, nbox of each (even).  With
 * asym the player then moves off the diagonal: a symmetric board whose start
 * is not symmetric (the reduction still applies: a position and its mirror
 * image cost the same to finish). */
static void random_sym_map(pc_rng *rng, int nbox, int asym, char *xsb, xmap *m, uint64_t *boxes,
                           int *player)
{
    uint64_t r;
    for (;;) {
        m->w = XW;
        m->h = XW;
        for (int i = 0; i < XN; i++) {
            int x = i % XW, y = i / XW;
            if (x > y)
                continue;
            char c = (x == 0 || y == 0 || x == XW - 1 || y == XW - 1) ? '#' : ' ';
            if (c == ' ') {
                pc_rng_uniform(rng, 100, &r);
                if (r < 16)
                    c = '#';
            }
            m->grid[y * XW + x] = m->grid[x * XW + y] = c;
        }
        uint64_t used = 0;
        int ok = 1;
        /* Place `n` objects as pairs (x < y mirrored) or diagonal pairs. */
        uint64_t sets[2] = {0, 0};
        pc_rng_uniform(rng, XW - 2, &r);
        *player = (int)(1 + r) * (XW + 1);
        if (m->grid[*player] == '#')
            continue;
        used |= 1ULL << *player;
        for (int set = 0; set < 2 && ok; set++) {
            int placed = 0, tries = 0;
            while (placed < nbox && ok) {
                if (++tries > 200) {
                    ok = 0;
                    break;
                }
                uint64_t rx, ry;
                pc_rng_uniform(rng, XW - 2, &rx);
                pc_rng_uniform(rng, XW - 2, &ry);
                int x = (int)rx + 1, y = (int)ry + 1;
                int a = y * XW + x, b = x * XW + y;
                if (m->grid[a] == '#' || (used >> a & 1) || (sets[set] >> a & 1))
                    continue;
                if (x == y) {
                    /* two diagonal squares at once keep the count even */
                    uint64_t rz;
                    pc_rng_uniform(rng, XW - 2, &rz);
                    int c = (int)(rz + 1) * (XW + 1);
                    if (c == a || m->grid[c] == '#' || (used >> c & 1) || (sets[set] >> c & 1))
                        continue;
                    sets[set] |= 1ULL << a | 1ULL << c;
                } else {
                    sets[set] |= 1ULL << a | 1ULL << b;
                }
                placed += 2;
            }
        }
        if (!ok)
            continue;
        if (asym) {
            uint64_t rx, ry;
            pc_rng_uniform(rng, XW - 2, &rx);
            pc_rng_uniform(rng, XW - 2, &ry);
            int q = (int)(ry + 1) * XW + (int)(rx + 1);
            if (rx == ry || m->grid[q] == '#' || ((sets[0] | sets[1]) >> q & 1))
                continue;
            *player = q;
        }
        *boxes = sets[0];
        m->goals = sets[1];
        render_xsb(m, *boxes, *player, xsb);
        return;
    }
}

static void test_save(void)
{
    pc_sokoban *g = sokoban_parse("; Microban 1\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n");
    char err[256], buf[1024], b2[1024];
    size_t len;
    pc_sokoban_apply_lurd(g, "dlUrrrdL", 8, err, sizeof err);
    pc_sokoban_undo(g);
    pc_sokoban_undo(g);
    is_int(pc_sokoban_save(g, buf, sizeof buf, &len), PC_OK, "save");
    is_str(buf, "puzzlecore-sokoban 1\ntitle Microban 1\nhistory dlUrrrdL\ncursor 6\nboard\n####\n# .#\n#  ###\n"
                "#*@  #\n#  $ #\n#  ###\n####\n", "save text");
    pc_sokoban *h = NULL;
    is_int(pc_sokoban_load(buf, len, err, sizeof err, &h), PC_OK, "load");
    char s1[1024];
    snap(g, s1);
    snap(h, b2);
    is_str(b2, s1, "loaded game: same position, history, counters, redo list");
    pc_sokoban_title(h, b2, sizeof b2, &len);
    is_str(b2, "Microban 1", "title kept");
    is_int(pc_sokoban_redo(h), PC_OK, "redo works after load");
    pc_sokoban_free(h);
    h = NULL;
    const char *bad1 = "puzzlecore-sokoban 2\n";
    is_int(pc_sokoban_load(bad1, strlen(bad1), err, sizeof err, &h), PC_EPARSE, "wrong version refused");
    is_str(err, "line 1, column 20: save version 2 is newer than this library reads (1)",
           "... at line 1, the version's column");
    const char *bad1b = "puzzlecore-snapper 1\n";
    is_int(pc_sokoban_load(bad1b, strlen(bad1b), err, sizeof err, &h), PC_EPARSE, "another game's save refused");
    is_str(err, "line 1, column 1: expected the header \"puzzlecore-sokoban 1\"", "... at line 1, column 1");
    const char *bad2 = "puzzlecore-sokoban 1\ncolour red\n";
    is_int(pc_sokoban_load(bad2, strlen(bad2), err, sizeof err, &h), PC_EPARSE, "unknown key refused");
    is_str(err, "line 2, column 1: unknown key 'colour'", "... names it");
    const char *bad3 = "puzzlecore-sokoban 1\ntitle x\nhistory uuuu\ncursor 4\nboard\n#####\n#@$.#\n#####\n";
    is_int(pc_sokoban_load(bad3, strlen(bad3), err, sizeof err, &h), PC_EPARSE, "impossible history refused");
    is_str(err, "history: position 1: step 'u' is blocked", "... says why");
    const char *bad4 = "puzzlecore-sokoban 1\nhistory R\ncursor 2\nboard\n#####\n#@$.#\n#####\n";
    is_int(pc_sokoban_load(bad4, strlen(bad4), err, sizeof err, &h), PC_EPARSE, "cursor past the history");
    is_str(err, "cursor past the end of the history", "... says so (a fault of the whole save: no line)");
    /* Faults of a key line name its line and the column of the word at fault. */
    const char *bad6 = "puzzlecore-sokoban 1\n# a comment\nhistory R\ncursor  x\nboard\n#####\n#@$.#\n#####\n";
    is_int(pc_sokoban_load(bad6, strlen(bad6), err, sizeof err, &h), PC_EPARSE, "a cursor that is no number");
    is_str(err, "line 4, column 9: 'cursor' wants a whole number from 0 to 9223372036854775807",
           "... names its line and column");
    const char *bad7 = "puzzlecore-sokoban 1\nhistory R\ncursor 1\nhistory R\nboard\n#####\n#@$.#\n#####\n";
    is_int(pc_sokoban_load(bad7, strlen(bad7), err, sizeof err, &h), PC_EPARSE, "a key given twice");
    is_str(err, "line 4, column 1: key 'history' given twice", "... at its second line");
    const char *bad8 = "puzzlecore-sokoban 1\nhistory R L\ncursor 1\nboard\n#####\n#@$.#\n#####\n";
    is_int(pc_sokoban_load(bad8, strlen(bad8), err, sizeof err, &h), PC_EPARSE, "a history of two words");
    is_str(err, "line 2, column 11: too many values for 'history'", "... at the second word");
    const char *bad9 = "puzzlecore-sokoban 1\nhistory R\nboard\n#####\n#@$.#\n#####\n";
    is_int(pc_sokoban_load(bad9, strlen(bad9), err, sizeof err, &h), PC_EPARSE, "no cursor");
    is_str(err, "missing key 'cursor'", "... names the key");
    const char *good2 = "# saved by hand\n\npuzzlecore-sokoban 1\ncursor 1\n  history\tR  \ntitle  A  b\n"
                        "board\n#####\n#@$.#\n#####\n";
    is_int(pc_sokoban_load(good2, strlen(good2), err, sizeof err, &h), PC_OK,
           "comments, blank lines, any key order, tabs and spaces around values (%s)", err);
    if (h) {
        pc_sokoban_title(h, b2, sizeof b2, &len);
        is_str(b2, "A b", "... the title is the rest of its line, cleaned by the text field rule");
        ok(pc_sokoban_is_solved(h) == 1, "... the history replayed: solved");
        pc_sokoban_free(h);
        h = NULL;
    }
    const char *bad5 = "puzzlecore-sokoban 1\nhistory \ncursor 0\nboard\n#####\n#@@.#\n#####\n";
    is_int(pc_sokoban_load(bad5, strlen(bad5), err, sizeof err, &h), PC_EPARSE, "bad board refused");
    is_str(err, "line 6, column 3: a second player (the first is at line 6, column 2)",
           "board errors carry the save file's line numbers");
    ok(h == NULL, "nothing returned on errors");
    pc_sokoban_free(g);
}

static void test_solver(void)
{
    pc_sokoban *g = sokoban_parse(M1);
    pc_sokoban_result *r = NULL;
    is_int(solve_nb(g, PC_SOKOBAN_MOVES, 0, 0, &r), PC_OK, "Microban 1 solved (moves)");
    is_int(pc_sokoban_result_moves(r), 33, "33 moves (seed)");
    is_int(pc_sokoban_result_bound(r), 33, "move-optimal result: the bound is its 33 moves");
    is_int(pc_sokoban_result_pushes(r), 8, "8 pushes (seed)");
    is_int(pc_sokoban_result_mode(r), PC_SOKOBAN_MOVES, "mode recorded");
    ok(pc_sokoban_result_nodes(r) > 0 && pc_sokoban_result_bytes(r) > 0, "nodes and bytes reported");
    char sol[512];
    size_t len;
    pc_sokoban_result_lurd(r, sol, sizeof sol, &len);
    is_int((int64_t)len, 33, "LURD has 33 letters");
    pc_sokoban *t = NULL;
    pc_sokoban_clone(g, &t);
    char err[128];
    is_int(pc_sokoban_apply_lurd(t, sol, len, err, sizeof err), PC_OK, "solution replays");
    is_int(pc_sokoban_is_solved(t), 1, "... and solves");
    is_int(pc_sokoban_pushes(t), 8, "... with 8 pushes");
    double ci = -1;
    is_int(pc_sokoban_index(g, r, &ci), PC_OK, "index of Microban 1");
    ok(ci == 0.0, "Ci(Microban 1) = 0");
    pc_sokoban_free(t);
    pc_sokoban_result_free(r);
    int64_t mv = 0, pu = 0;
    pc_budget lb;
    ci = -1;
    is_int(pc_sokoban_level_index(g, budget_of(&lb, 0, 0), &ci, &mv, &pu), PC_OK, "level index call");
    ok(ci == 0.0 && mv == 33 && pu == 8, "level index: p=33 i=8 Ci=0");
    r = NULL;
    is_int(solve_nb(g, PC_SOKOBAN_PUSHES, 0, 0, &r), PC_OK, "Microban 1 solved (pushes)");
    is_int(pc_sokoban_result_pushes(r), 8, "8 pushes");
    is_int(pc_sokoban_result_moves(r), 33, "33 moves");
    is_int(pc_sokoban_result_bound(r), 8, "push-optimal result: the bound is its 8 pushes");
    is_int(pc_sokoban_index(g, r, &ci), PC_EINVAL, "index refuses a push-mode result");
    pc_sokoban_result_free(r);

    /* Budgets: a result with PC_ELIMIT, nothing leaked (ASan/valgrind). */
    r = NULL;
    is_int(solve_nb(g, PC_SOKOBAN_MOVES, 3, 0, &r), PC_ELIMIT, "node budget 3: PC_ELIMIT");
    ok(r && pc_sokoban_result_status(r) == PC_ELIMIT && pc_sokoban_result_moves(r) == -1 &&
           pc_sokoban_result_nodes(r) == 3,
       "limit result: status, no moves, 3 nodes");
    ok(pc_sokoban_result_bound(r) > 0 && pc_sokoban_result_bound(r) <= 33,
       "limit result: a proven lower bound, at most the optimum 33 (%lld)", (long long)pc_sokoban_result_bound(r));
    pc_sokoban_result_lurd(r, sol, sizeof sol, &len);
    is_int((int64_t)len, 0, "limit result: empty LURD");
    pc_sokoban_result_free(r);
    r = NULL;
    is_int(solve_nb(g, PC_SOKOBAN_MOVES, 0, 20000, &r), PC_ELIMIT, "memory budget 20 kB: PC_ELIMIT");
    ok(r && pc_sokoban_result_bytes(r) <= 20000, "peak stays within the memory budget");
    pc_sokoban_result_free(r);
    r = NULL;
    is_int(solve_nb(g, 5, 0, 0, &r), PC_EINVAL, "bad mode");
    ok(r == NULL, "no result on PC_EINVAL");
    is_int(pc_sokoban_level_index(g, budget_of(&lb, 3, 0), &ci, NULL, NULL), PC_ELIMIT, "level index passes PC_ELIMIT on");

    /* Budgets that trip at every stage of a larger search: either the
     * optimal answer or PC_ELIMIT, the peak within the budget. */
    {
        pc_sokoban *m7 = sokoban_parse(" #######\n #     #\n # .$. #\n## $@$ #\n#  .$. #\n#      #\n########\n");
        int good = m7 != NULL, limited = 0, bounds = m7 != NULL;
        int64_t optpushes = -1, last = 0;
        if (m7) {
            pc_sokoban_result *b = NULL;
            bounds &= solve_nb(m7, PC_SOKOBAN_PUSHES, 0, 0, &b) == PC_OK;
            optpushes = pc_sokoban_result_pushes(b);
            bounds &= pc_sokoban_result_bound(b) == optpushes;
            pc_sokoban_result_free(b);
        }
        for (uint64_t budget = 40000; m7 && budget <= 1280000; budget *= 2) {
            pc_sokoban_result *b = NULL;
            int32_t brc = solve_nb(m7, PC_SOKOBAN_MOVES, 0, budget, &b);
            good &= b != NULL && pc_sokoban_result_bytes(b) <= budget;
            good &= brc == PC_ELIMIT || (brc == PC_OK && pc_sokoban_result_moves(b) == 25);
            limited += brc == PC_ELIMIT;
            pc_sokoban_result_free(b);
        }
        for (uint64_t nodes = 1; m7 && nodes < 2000; nodes = nodes * 3 + 1) {
            pc_sokoban_result *b = NULL;
            int32_t brc = solve_nb(m7, PC_SOKOBAN_PUSHES, nodes, 0, &b);
            good &= brc == PC_ELIMIT ? pc_sokoban_result_nodes(b) == nodes : brc == PC_OK;
            /* A bigger budget proves at least as much, never past the optimum. */
            int64_t bd = pc_sokoban_result_bound(b);
            bounds &= bd >= last && bd <= optpushes && (brc != PC_OK || bd == optpushes);
            last = bd;
            pc_sokoban_result_free(b);
        }
        ok(good && limited >= 2, "memory and node budgets at many sizes: optimal or PC_ELIMIT (%d limited)",
           limited);
        ok(bounds && last == optpushes,
           "stopped searches' bounds grow with the node budget up to the optimum (%lld pushes)",
           (long long)optpushes);
        pc_sokoban_free(m7);
    }

    /* More than 255 interior cells: PC_ERANGE, no result. */
    {
        static char room[2048];
        char *q = room;
        for (int y = 0; y < 20; y++) {
            for (int x = 0; x < 20; x++)
                *q++ = (x == 0 || y == 0 || x == 19 || y == 19) ? '#' : (y == 1 && x == 1) ? '@'
                                                                : (y == 1 && x == 3) ? '$'
                                                                : (y == 1 && x == 5) ? '.' : ' ';
            *q++ = '\n';
        }
        *q = '\0';
        pc_sokoban *big = sokoban_parse(room);
        is_int(pc_sokoban_interior_count(big), 324, "18x18 room: c = 324");
        pc_sokoban_result *br = NULL;
        is_int(solve_nb(big, PC_SOKOBAN_MOVES, 0, 0, &br), PC_ERANGE, "more than 255 cells: PC_ERANGE");
        ok(br == NULL, "... and no result");
        pc_sokoban_free(big);
    }

    /* Solving from the current position. */
    pc_sokoban_apply_lurd(g, "dlUrrrdL", 8, err, sizeof err);
    r = NULL;
    is_int(solve_nb(g, PC_SOKOBAN_MOVES, 0, 0, &r), PC_OK, "solve mid-game");
    is_int(pc_sokoban_result_moves(r), 25, "25 moves remain after 8 optimal ones");
    pc_sokoban_result_free(r);
    pc_sokoban_free(g);

    /* Solved already: empty solution. */
    g = sokoban_parse("#####\n#@*.#\n#  $#\n#####\n");
    pc_sokoban_apply_lurd(g, "rdrU", 0, err, sizeof err);
    pc_sokoban_free(g);
    g = sokoban_parse("#####\n#@* #\n#####\n");
    r = NULL;
    is_int(solve_nb(g, PC_SOKOBAN_MOVES, 0, 0, &r), PC_OK, "already solved");
    is_int(pc_sokoban_result_moves(r), 0, "0 moves");
    pc_sokoban_result_free(r);
    pc_sokoban_free(g);

    /* Unsolvable: box in a corner; box that needs pulling. */
    g = sokoban_parse("#####\n#$ .#\n#  @#\n#####\n");
    r = NULL;
    is_int(solve_nb(g, PC_SOKOBAN_MOVES, 0, 0, &r), PC_ENOTFOUND, "box in a corner: unsolvable");
    ok(r && pc_sokoban_result_moves(r) == -1 && pc_sokoban_result_bound(r) == -1,
       "unsolvable result has no moves and no bound");
    pc_sokoban_result_free(r);
    pc_sokoban_free(g);
    g = sokoban_parse("########\n#  $$ .#\n#     .#\n#   @  #\n########\n");
    r = NULL;
    is_int(solve_nb(g, PC_SOKOBAN_PUSHES, 0, 0, &r), PC_ENOTFOUND,
           "frozen pair on live squares: proved unsolvable");
    pc_sokoban_result_free(r);
    pc_sokoban_free(g);

    /* Maps (from the random set below) that unsound versions of the newer
     * rules get wrong, each solved in the modes marked (1 moves, 2 pushes).
     * Corral deadlocks: calling every fenced-off area with a box off its
     * goal dead, or ignoring that a push can let the player into the area,
     * makes the first two maps unsolvable.  The walking bound: ignoring the
     * boxes' displacement (counting all of the player's displacement as
     * walking) makes the next two unsolvable in moves mode.  Frozen goals:
     * taking a box on a goal blocked on one axis only (or any box on a goal)
     * for a wall makes the next one unsolvable.  The player's side of a box
     * (side-aware push distances): reading the distances of a side the
     * player is not on makes the next map unsolvable and gives the one after
     * it 20/7 instead of 19/7 in both modes (and fails the second map and
     * the frozen-goal map too).  The perimeter (exact distances near the
     * goal): taking a position it does not list for depth + 2 moves away
     * instead of depth + 1 makes the last two maps unsolvable; adding one to
     * the listed distances fails most maps here. */
    {
        static const struct {
            const char *xsb;
            int modes, moves, pushes;
        } tricky[] = {
            {"########\n##     #\n#   $* #\n#@ #   #\n#   # ##\n#      #\n#     .#\n########\n", 3, 21, 6},
            {"########\n#   .  #\n# ##@###\n##     #\n# *    #\n#  $ $ #\n# #.#  #\n########\n", 3, 20, 6},
            {"########\n# .    #\n#  #   #\n# $#  *#\n#      #\n#  #  @#\n## #   #\n########\n", 1, 7, 2},
            {"########\n###    #\n#   $  #\n#.    ##\n#$     #\n# @   .#\n# # #  #\n########\n", 1, 15, 6},
            {"########\n##     #\n#*.  * #\n#  ##  #\n#      #\n# # #$##\n# *# @ #\n########\n", 3, 15, 6},
            {"########\n#@  * ##\n#      #\n#    ###\n#  $ # #\n## #. *#\n### #* #\n########\n", 1, 8, 2},
            {"########\n## *   #\n##  #*##\n#      #\n# .$ $ #\n#     ##\n#.#@   #\n########\n", 3, 19, 7},
            {"########\n#     ##\n#    # #\n#. $   #\n#.$$ # #\n#.*    #\n#    @ #\n########\n", 1, 17, 6},
            {"########\n#   *  #\n#   $  #\n#  ### #\n#*$#@  #\n#  #  .#\n#    .##\n########\n", 1, 34, 14},
        };
        /* The same maps with a row of 70 walls added below: the grid is then
         * too wide for the grid bitboards, so the player's walks take the
         * queue-based breadth-first search instead (no Microban level does:
         * 154 and 155 fit).  Same answers (the expansions may differ: a
         * square 8x8 grid can have diagonal symmetries, the wide one not). */
        int wide_same = 1;
        for (size_t i = 0; i < sizeof tricky / sizeof tricky[0]; i++) {
            char wide[256];
            snprintf(wide, sizeof wide, "%s%s\n", tricky[i].xsb,
                     "######################################################################");
            pc_sokoban *a = sokoban_parse(tricky[i].xsb), *b = sokoban_parse(wide);
            for (int32_t mode = 0; mode < 2 && a && b; mode++) {
                pc_sokoban_result *ra = NULL, *rb = NULL;
                int32_t rca = solve_nb(a, mode, 0, 0, &ra), rcb = solve_nb(b, mode, 0, 0, &rb);
                wide_same &= rca == rcb && pc_sokoban_result_moves(ra) == pc_sokoban_result_moves(rb) &&
                             pc_sokoban_result_pushes(ra) == pc_sokoban_result_pushes(rb);
                pc_sokoban_result_free(ra);
                pc_sokoban_result_free(rb);
            }
            wide_same &= a && b && pc_sokoban_width(b) == 70;
            pc_sokoban_free(a);
            pc_sokoban_free(b);
        }
        ok(wide_same, "a grid too wide for bitboards (queue BFS): the same optimal answers, both modes");
        for (size_t i = 0; i < sizeof tricky / sizeof tricky[0]; i++) {
            pc_sokoban *tg = sokoban_parse(tricky[i].xsb);
            for (int32_t mode = 0; mode < 2; mode++) {
                if (!(tricky[i].modes & (1 << mode)))
                    continue;
                pc_sokoban_result *tr = NULL;
                int32_t trc = solve_nb(tg, mode, 0, 0, &tr);
                ok(trc == PC_OK && pc_sokoban_result_moves(tr) == tricky[i].moves &&
                       pc_sokoban_result_pushes(tr) == tricky[i].pushes,
                   "rule check map %d (%s): %d/%d", (int)i, mode ? "pushes" : "moves", tricky[i].moves,
                   tricky[i].pushes);
                pc_sokoban_result_free(tr);
            }
            pc_sokoban_free(tg);
        }
    }

    /* Optimality against the exhaustive search on random small maps.  Under
     * valgrind and qemu (PC_TEST_QUICK=1, set by check-valgrind and
     * check-cross) one map in eight is solved: those runs look for memory
     * errors, and the reference search alone took minutes there. */
    const char *quick_env = getenv("PC_TEST_QUICK");
    int quick = quick_env && *quick_env == '1', every = quick ? 8 : 1;
    xscratch xs = {calloc(XCAP, sizeof(xstate)), malloc(XCAP * sizeof(size_t)), 0, NULL, (size_t)1 << 16};
    xs.heap = malloc(xs.hcap * 2 * sizeof *xs.heap);
    if (!ok(xs.tab && xs.used && xs.heap, "memory for the reference search")) {
        free(xs.tab);
        free(xs.used);
        free(xs.heap);
        return;
    }
    pc_rng *rng = NULL;
    pc_rng_new(2026, &rng);
    int agree = 0, solvable = 0, replay = 0, total = 0;
    for (int k = 0; k < 220; k++) {
        char xsb[256];
        xmap m;
        uint64_t boxes;
        int player;
        /* 4 boxes: enough of them for corrals (areas the player cannot
         * reach, fenced by boxes) to form and be tested for deadlocks.
         * Then 60 maps have more walls and two or three boxes starting on
         * goals, so that boxes freeze on goals (frozen goals, which turn
         * into walls for the push distances) and cut goals off.  The last
         * 60 are symmetric about the diagonal, 40 with the player on it (the
         * symmetry reduction) and 20 with the player off it. */
        int nbox = k < 40 ? 2 : k < 60 ? 3 : 4;
        if (k < 100)
            random_map(rng, nbox, xsb, &m, &boxes, &player);
        else if (k < 160)
            random_map_x(rng, 4, 24, 2 + (k & 1), xsb, &m, &boxes, &player);
        else
            random_sym_map(rng, k < 180 ? 2 : 4, k >= 200, xsb, &m, &boxes, &player);
        pc_sokoban *lv = NULL;
        if (k % every != 0 || pc_sokoban_new(xsb, strlen(xsb), NULL, 0, &lv) != PC_OK)
            continue; /* e.g. a box walled off from the player's region is fine, but skip odd ones */
        for (int mode = 0; mode < 2; mode++) {
            uint32_t em = 0, ep = 0;
            int ex = exhaustive(&xs, &m, boxes, player, mode, &em, &ep);
            pc_sokoban_result *res = NULL;
            int32_t rc = solve_nb(lv, mode, 0, 0, &res);
            total++;
            int same = ex ? (rc == PC_OK && pc_sokoban_result_moves(res) == em &&
                             pc_sokoban_result_pushes(res) == ep)
                          : rc == PC_ENOTFOUND;
            agree += same;
            solvable += ex;
            if (!same)
                printf("# map %d mode %d: exhaustive %d %u/%u, solver %d %lld/%lld\n%s", k, mode, ex, em,
                       ep, (int)rc, (long long)pc_sokoban_result_moves(res),
                       (long long)pc_sokoban_result_pushes(res), xsb);
            if (rc == PC_OK) {
                pc_sokoban *pl = NULL;
                char s2[1024];
                pc_sokoban_clone(lv, &pl);
                pc_sokoban_result_lurd(res, s2, sizeof s2, &len);
                replay += pc_sokoban_apply_lurd(pl, s2, len, NULL, 0) == PC_OK &&
                          pc_sokoban_is_solved(pl) == 1 && pc_sokoban_moves(pl) == em &&
                          pc_sokoban_pushes(pl) == ep;
                pc_sokoban_free(pl);
            }
            pc_sokoban_result_free(res);
        }
        pc_sokoban_free(lv);
    }
    pc_rng_free(rng);
    free(xs.tab);
    free(xs.used);
    free(xs.heap);
    ok(total >= 420 / every, "at least %d solver runs on random maps (%d)", 420 / every, total);
    is_int(agree, total, "solver agrees with the exhaustive search on every map and mode");
    ok(solvable >= 20 / every, "enough of them solvable (%d)", solvable);
    is_int(replay, solvable, "every solution replays to the optimal counts");
}

static int near(double a, double b)
{
    return fabs(a - b) < 1e-9;
}

static void test_index(void)
{
    double x;
    pc_sokoban_index_raw_difficulty(8, 33, &x);
    ok(near(x, 13.0), "d(8,33) = 8 + 25/5 = 13");
    pc_sokoban_index_raw_difficulty(10, 60, &x);
    ok(near(x, 0.8 * 10 + 0.2 * 60), "d = 0.8 i + 0.2 p");
    pc_sokoban_index_difficulty(8, 33, &x);
    ok(near(x, 0.0), "D(8,33) = 0");
    pc_sokoban_index_difficulty(13, 41, &x);
    ok(near(x, 0.8 * 5 + 0.2 * 8), "D(13,41) = 5.6");
    pc_sokoban_index_difficulty(7, 100, &x);
    ok(near(x, 0.0), "i < I0: D = 0 (clamp)");
    pc_sokoban_index_difficulty(20, 32, &x);
    ok(near(x, 0.0), "p < P0: D = 0 (clamp)");
    pc_sokoban_index_mechanical(3, 14, &x);
    ok(near(x, 5.2), "m(3,14) = 5.2 (the seed prints 3.22)");
    pc_sokoban_index_rules(3, 1, &x);
    ok(near(x, 1.0), "r(Sokoban) = 1");
    pc_sokoban_index_rules(30, 1, &x);
    ok(near(x, 28.0), "r(Colorban, a=30) = 28 (seed)");
    pc_sokoban_index_rules(3, 2, &x);
    ok(near(x, 4.0), "r(PullPush, a=3) = 4 (seed)");
    pc_sokoban_index_raw_volumability(3, 14, 3, 1, &x);
    ok(near(x, 8.2), "v(Microban 1) = 8.2");
    pc_sokoban_index_volumability(3, 14, 3, 1, &x);
    ok(near(x, 8.2 / 6.22), "V = v / 6.22");
    ok(pc_sokoban_index_v0() == 6.22, "V0 = 6.22");
    pc_sokoban_index_ci(13, 41, 3, 20, 3, 1, &x);
    ok(near(x, 5.6 / (6.4 / 6.22 + 3.0 / 6.22)), "Ci(Microban 3: i=13 p=41 u=3 c=20) worked");
    pc_sokoban_index_ci(8, 33, 3, 14, 3, 1, &x);
    ok(near(x, 0.0), "Ci(Microban 1) = 0");
    is_int(pc_sokoban_index_ci(-1, 33, 3, 14, 3, 1, &x), PC_EINVAL, "negative i");
    is_int(pc_sokoban_index_ci(8, NAN, 3, 14, 3, 1, &x), PC_EINVAL, "NaN p");
    is_int(pc_sokoban_index_rules(0, 1, &x), PC_EINVAL, "a = 0");
    is_int(pc_sokoban_index_ci(8, 33, 3, 14, 3, 1, NULL), PC_EINVAL, "NULL out");
    is_int(pc_sokoban_index_ci(20, 60, 0, 0, 1, 1, &x), PC_ERANGE, "V <= 0: PC_ERANGE");
    int32_t a, t;
    pc_sokoban_variant_rules(PC_SOKOBAN_CLASSIC, 1, &a, &t);
    ok(a == 3 && t == 1, "classic: a=3 t=1");
    pc_sokoban_variant_rules(PC_SOKOBAN_COLORBAN, 10, &a, &t);
    ok(a == 30 && t == 1, "Colorban, 10 colours: a=30 t=1");
    pc_sokoban_variant_rules(PC_SOKOBAN_PULLPUSH, 1, &a, &t);
    ok(a == 3 && t == 2, "PullPush: a=3 t=2");
    pc_sokoban_variant_rules(PC_SOKOBAN_MONKEYBAN, 1, &a, &t);
    ok(a == 3 && t == 2, "Monkeyban: a=3 t=2");
    pc_sokoban_variant_rules(PC_SOKOBAN_FLOCKS, 2, &a, &t);
    ok(a == 6 && t == 2, "Flocks, 2 colours: a=6 t=2");
    pc_sokoban_variant_rules(PC_SOKOBAN_PUSHMAN, 1, &a, &t);
    ok(a == 3 && t == 1, "PushMan: a=3 t=1 (r=1)");
    is_int(pc_sokoban_variant_rules(PC_SOKOBAN_MONKEYBAN, 2, &a, &t), PC_EINVAL, "Monkeyban has no colours");
    is_int(pc_sokoban_variant_rules(9, 1, &a, &t), PC_EINVAL, "unknown variant");
    is_int(pc_sokoban_variant_rules(PC_SOKOBAN_COLORBAN, 0, &a, &t), PC_EINVAL, "0 colours");
}

/* ---- events of a step ---------------------------------------------------------------------- */
static int event_is(const pc_sokoban *g, int32_t i, int32_t kind, int32_t a, int32_t b, int32_t c, int32_t d)
{
    int32_t k = -1, v[PC_SOKOBAN_EVENT_VALUES] = {-9, -9, -9, -9};
    return pc_sokoban_event(g, i, &k, v) == PC_OK && k == kind && v[0] == a && v[1] == b &&
           (kind > PC_SOKOBAN_EVENT_BOX || (v[2] == c && v[3] == d));
}

static void test_events(void)
{
    static const char t[] = "######\n#@$ .#\n######\n";
    pc_sokoban *g = NULL;
    pc_sokoban_new(t, sizeof t - 1, NULL, 0, &g);
    is_int(pc_sokoban_event_count(g), 0, "events: none before the first step");
    pc_sokoban_step(g, PC_SOKOBAN_RIGHT, NULL);
    is_int(pc_sokoban_event_count(g), 2, "a push: walk and box");
    ok(event_is(g, 0, PC_SOKOBAN_EVENT_WALK, 1, 1, 2, 1) && event_is(g, 1, PC_SOKOBAN_EVENT_BOX, 2, 1, 3, 1),
       "the player (1,1)->(2,1), the box (2,1)->(3,1)");
    pc_sokoban_step(g, PC_SOKOBAN_RIGHT, NULL);
    is_int(pc_sokoban_event_count(g), 4, "onto the goal: walk, box, goal reached, solved");
    ok(event_is(g, 2, PC_SOKOBAN_EVENT_GOAL_REACHED, 4, 1, 0, 0) && event_is(g, 3, PC_SOKOBAN_EVENT_SOLVED, 4, 1, 0, 0),
       "the goal at (4,1), and solved");
    pc_sokoban_undo(g);
    is_int(pc_sokoban_event_count(g), 3, "undo: walk back, box pulled, goal left");
    ok(event_is(g, 0, PC_SOKOBAN_EVENT_WALK, 3, 1, 2, 1) && event_is(g, 1, PC_SOKOBAN_EVENT_BOX, 4, 1, 3, 1) &&
           event_is(g, 2, PC_SOKOBAN_EVENT_GOAL_LEFT, 4, 1, 0, 0),
       "the reverse of the step");
    pc_sokoban_step(g, PC_SOKOBAN_LEFT, NULL);
    is_int(pc_sokoban_event_count(g), 1, "a plain walk: one event");
    is_int(pc_sokoban_event(g, 1, NULL, NULL), PC_EINVAL, "past the end: PC_EINVAL");
    pc_sokoban *c = NULL;
    pc_sokoban_clone(g, &c);
    ok(event_is(c, 0, PC_SOKOBAN_EVENT_WALK, 2, 1, 1, 1), "a clone keeps the events");
    is_int(pc_sokoban_step(g, PC_SOKOBAN_UP, NULL), PC_EILLEGAL, "a blocked step ...");
    ok(pc_sokoban_event_count(g) == 1 && event_is(g, 0, PC_SOKOBAN_EVENT_WALK, 2, 1, 1, 1), "... keeps the events");
    pc_sokoban_free(c);
    pc_sokoban_free(g);
}

/* ---- undo and redo by push and by run ------------------------------------------------------- */
static int lurd_is(const pc_sokoban *g, const char *want)
{
    char buf[64];
    size_t len = 0;
    return pc_sokoban_lurd(g, buf, sizeof buf, &len) == PC_OK && strcmp(buf, want) == 0;
}

static void test_undo_units(void)
{
    static const char t[] = "#######\n#@    #\n# $   #\n#     #\n#    .#\n#######\n";
    pc_sokoban *g = NULL;
    pc_sokoban_new(t, sizeof t - 1, NULL, 0, &g);
    int32_t n = -1;
    is_int(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_PUSH, &n), PC_EILLEGAL, "undo by push at the start: PC_EILLEGAL");
    /* walk, push, walk walk, push, walk walk */
    is_int(pc_sokoban_apply_lurd(g, "rDrdLru", 7, NULL, 0), PC_OK, "undo units: rDrdLru played");
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_PUSH, &n) == PC_OK && n == 2 && lurd_is(g, "rDrdL"),
       "undo by push: the walk since the last push (2 steps)");
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_PUSH, &n) == PC_OK && n == 3 && lurd_is(g, "rD") &&
           pc_sokoban_pushes(g) == 1,
       "undo by push: the push and the walk before it (3 steps), just after the push before");
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_PUSH, &n) == PC_OK && n == 2 && lurd_is(g, ""), "... to the start");
    is_int(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_PUSH, NULL), PC_EILLEGAL, "then nothing to undo");
    ok(pc_sokoban_redo_by(g, PC_SOKOBAN_UNIT_PUSH, &n) == PC_OK && n == 2 && lurd_is(g, "rD"),
       "redo by push: up to and with the next push");
    ok(pc_sokoban_redo_by(g, PC_SOKOBAN_UNIT_PUSH, &n) == PC_OK && n == 3 && lurd_is(g, "rDrdL"), "... the next");
    ok(pc_sokoban_redo_by(g, PC_SOKOBAN_UNIT_PUSH, &n) == PC_OK && n == 2 && lurd_is(g, "rDrdLru"),
       "... the walk after the last push, to the end");
    is_int(pc_sokoban_redo_by(g, PC_SOKOBAN_UNIT_PUSH, NULL), PC_EILLEGAL, "then nothing to redo");
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_RUN, &n) == PC_OK && n == 2 && lurd_is(g, "rDrdL"),
       "undo by run: the last walk");
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_RUN, &n) == PC_OK && n == 1 && lurd_is(g, "rDrd"),
       "undo by run: the push run");
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_RUN, &n) == PC_OK && n == 2 && lurd_is(g, "rD"), "... the walk before");
    ok(pc_sokoban_redo_by(g, PC_SOKOBAN_UNIT_RUN, &n) == PC_OK && n == 2 && lurd_is(g, "rDrd"),
       "redo by run: the walk again");
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_STEP, &n) == PC_OK && n == 1 && lurd_is(g, "rDr"),
       "undo by step: one step");
    is_int(pc_sokoban_redo_count(g), 4, "... 4 steps left to redo");
    is_int(pc_sokoban_undo_by(g, 3, &n), PC_EINVAL, "a bad unit: PC_EINVAL ...");
    is_int(pc_sokoban_redo_by(g, -1, &n), PC_EINVAL, "... either way");
    ok(lurd_is(g, "rDr") && pc_sokoban_redo_count(g) == 4, "... and nothing changed");
    /* from inside a walk (after the single-step undo): undo by run takes back the walk's
     * start, redo by run replays the whole walk, to the push */
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_RUN, &n) == PC_OK && n == 1 && lurd_is(g, "rD"),
       "inside a walk: undo by run takes back its first step");
    ok(pc_sokoban_redo_by(g, PC_SOKOBAN_UNIT_RUN, &n) == PC_OK && n == 2 && lurd_is(g, "rDrd"),
       "... redo by run replays the whole walk, past where it was");
    ok(pc_sokoban_undo_by(g, PC_SOKOBAN_UNIT_RUN, &n) == PC_OK && n == 2 && lurd_is(g, "rD") &&
           pc_sokoban_redo_by(g, PC_SOKOBAN_UNIT_RUN, &n) == PC_OK && n == 2 && lurd_is(g, "rDrd"),
       "... from the walk's end, undo then redo by run comes back");
    is_int(pc_sokoban_undo_by(NULL, PC_SOKOBAN_UNIT_PUSH, &n), PC_EINVAL, "NULL: PC_EINVAL");
    pc_sokoban_free(g);
}

int main(void)
{
    test_parse();
    test_undo_units();
    test_collection();
    test_play();
    test_events();
    test_save();
    test_solver();
    test_index();
    return done_testing();
}
