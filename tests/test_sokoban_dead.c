/*
 * Sokoban dead squares (PC_SOKOBAN_DEAD): the rule is exact.  A square is
 * dead when no sequence of pushes brings a box standing there to a goal on
 * an otherwise empty board, wherever the player starts.  An exhaustive
 * search written here (every (box, player) pair, the player walking and
 * pushing) decides that for every square of the alcove level below and of
 * every Microban level, and the library must agree cell for cell.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* The box stands on G (3,2), above the goal.  A box on X (4,2), right of
 * G, can only go left onto G (a wall above X, so never down), and then the
 * player, on X's right, cannot get round to the square above G: the area top
 * left is reached only through G.  So X is dead, though the older rule (pull
 * a box back from each goal, the player's square merely free) called it
 * live.  G itself is live: with the player top left it goes down onto the
 * goal. */
static const char *ALCOVE = "########\n"
                            "#@  ####\n"
                            "## $  ##\n"
                            "###.  ##\n"
                            "########\n";

/* 1 when a box on cell c (grid index) can reach a goal, the player starting
 * on any other interior square: breadth-first over (box, player) pairs. */
static int live_by_search(const uint8_t *cell, int32_t w, int32_t n, int32_t c, uint8_t *seen, int32_t *queue)
{
    const int32_t delta[4] = {-w, 1, w, -1};
    memset(seen, 0, (size_t)n * (size_t)n);
    size_t qh = 0, qt = 0;
    for (int32_t p = 0; p < n; p++)
        if (p != c && (cell[p] & PC_SOKOBAN_INTERIOR)) {
            seen[(size_t)c * n + p] = 1;
            queue[qt++] = c * n + p;
        }
    while (qh < qt) {
        int32_t b = queue[qh] / n, p = queue[qh] % n;
        qh++;
        if (cell[b] & PC_SOKOBAN_GOAL)
            return 1;
        for (int d = 0; d < 4; d++) {
            int32_t q = p + delta[d], nb = b;
            if (q < 0 || q >= n || !(cell[q] & PC_SOKOBAN_INTERIOR))
                continue;
            if (q == b) { /* a push */
                nb = b + delta[d];
                if (nb < 0 || nb >= n || !(cell[nb] & PC_SOKOBAN_INTERIOR))
                    continue;
            }
            size_t k = (size_t)nb * n + q;
            if (!seen[k]) {
                seen[k] = 1;
                queue[qt++] = (int32_t)k;
            }
        }
    }
    return 0;
}

/* Compare the library's dead squares with the search's on every interior
 * cell; returns the number of disagreements (0 expected). */
static int check_level(const pc_sokoban *g, const char *name, int32_t *ndead)
{
    int32_t w = pc_sokoban_width(g), h = pc_sokoban_height(g), n = w * h;
    size_t len = 0;
    uint8_t *cell = malloc((size_t)n);
    uint8_t *seen = malloc((size_t)n * (size_t)n);
    int32_t *queue = malloc((size_t)n * (size_t)n * sizeof *queue);
    if (!cell || !seen || !queue || pc_sokoban_cells(g, cell, (size_t)n, &len) != PC_OK) {
        free(cell);
        free(seen);
        free(queue);
        return -1;
    }
    int bad = 0;
    *ndead = 0;
    for (int32_t c = 0; c < n; c++) {
        if (!(cell[c] & PC_SOKOBAN_INTERIOR))
            continue;
        int dead = (cell[c] & PC_SOKOBAN_DEAD) != 0;
        *ndead += dead;
        if (dead == live_by_search(cell, w, n, c, seen, queue)) {
            if (bad++ < 3) {
                char m[160];
                snprintf(m, sizeof m, "%s: (%d,%d) is %s by the library, not by the search", name, (int)(c % w),
                         (int)(c / w), dead ? "dead" : "live");
                diag(m);
            }
        }
    }
    free(cell);
    free(seen);
    free(queue);
    return bad;
}

static void test_alcove(void)
{
    pc_sokoban *g = NULL;
    char err[128];
    is_int(pc_sokoban_new(ALCOVE, strlen(ALCOVE), err, sizeof err, &g), PC_OK, "the alcove level parses");
    if (!g)
        return;
    is_int(pc_sokoban_cell(g, 4, 2) & PC_SOKOBAN_DEAD, PC_SOKOBAN_DEAD,
           "X (4,2): dead (the player never gets above G)");
    is_int(pc_sokoban_cell(g, 3, 2) & PC_SOKOBAN_DEAD, 0, "G (3,2): live (pushed down from above)");
    is_int(pc_sokoban_cell(g, 4, 3) & PC_SOKOBAN_DEAD, 0, "(4,3): live (pushed left onto the goal)");
    is_int(pc_sokoban_cell(g, 2, 2) & PC_SOKOBAN_DEAD, PC_SOKOBAN_DEAD, "left of G: dead");
    int32_t nd = 0;
    is_int(check_level(g, "alcove", &nd), 0, "alcove: every square as the exhaustive search says");
    is_int(pc_sokoban_dead_count(g), nd, "dead_count counts them");
    pc_sokoban_free(g);
}

static void test_microban(void)
{
    size_t len = 0;
    char *text = tap_read_data("sokoban/microban.txt", &len);
    ok(text != NULL, "data/sokoban/microban.txt readable");
    if (!text)
        return;
    pc_sokoban_collection *c = NULL;
    char err[256];
    is_int(pc_sokoban_collection_parse(text, len, err, sizeof err, &c), PC_OK, "Microban parses");
    free(text);
    if (!c)
        return;
    int levels = 0, bad = 0, total = 0;
    for (int32_t i = 0; i < pc_sokoban_collection_count(c); i++) {
        pc_sokoban *g = NULL;
        if (pc_sokoban_collection_level(c, i, &g) != PC_OK)
            continue;
        char name[32];
        snprintf(name, sizeof name, "Microban %d", (int)i + 1);
        int32_t nd = 0;
        int r = check_level(g, name, &nd);
        bad += r != 0;
        total += nd;
        levels++;
        pc_sokoban_free(g);
    }
    is_int(levels, 155, "Microban 1-155 open");
    is_int(bad, 0, "Microban 1-155: every square's dead flag as the exhaustive search says");
    char m[64];
    snprintf(m, sizeof m, "Microban 1-155: %d dead squares", total);
    diag(m);
    pc_sokoban_collection_free(c);
}

int main(void)
{
    test_alcove();
    test_microban();
    return done_testing();
}
