/*
 * Sokoban: pc_sokoban_deadlock — is the position lost by a test that needs
 * no search, and which boxes form the deadlock (one small position per
 * kind, a live one, the argument checks); the corral deadlock is also
 * proved unsolvable by the fast mode.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "sokoban_util.h"
#include "tap.h"

/* Run pc_sokoban_deadlock: its answer, kind, and the marked cells as a
 * string of "x,y " pairs in row order. */
static int32_t check(const char *level, int32_t *kind, char *marked, size_t cap)
{
    pc_sokoban *g = sokoban_parse(level);
    if (!g)
        return -100;
    int32_t w = pc_sokoban_width(g), h = pc_sokoban_height(g);
    uint8_t *cells = malloc((size_t)w * (size_t)h);
    *kind = -1;
    int32_t rc = pc_sokoban_deadlock(g, cells, (size_t)w * (size_t)h, kind);
    size_t n = 0;
    marked[0] = '\0';
    for (int32_t y = 0; y < h && rc >= 0; y++)
        for (int32_t x = 0; x < w; x++)
            if (cells[y * w + x] && n + 8 < cap)
                n += (size_t)snprintf(marked + n, cap - n, "%d,%d ", (int)x, (int)y);
    free(cells);
    pc_sokoban_free(g);
    return rc;
}

int main(void)
{
    char m[256];
    int32_t kind;
    is_int(check("#####\n#@$.#\n#####\n", &kind, m, sizeof m), 0, "live position: no deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_NONE, "... kind NONE");
    is_str(m, "", "... no box marked");

    is_int(check("######\n#$   #\n# @ .#\n######\n", &kind, m, sizeof m), 1, "box in a corner: deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_DEAD_SQUARE, "... kind DEAD_SQUARE");
    is_str(m, "1,1 ", "... the box on (1, 1) marked");

    is_int(check("#######\n#     #\n# $$  #\n# $$  #\n#  @  #\n#.... #\n#######\n", &kind, m, sizeof m), 1,
           "2x2 block of boxes: deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_FROZEN, "... kind FROZEN");
    is_str(m, "2,2 3,2 2,3 3,3 ", "... the four boxes marked");

    const char *corral = "#########\n#.   .  #\n#   @  .#\n##$$$####\n #   #\n #####\n";
    is_int(check(corral, &kind, m, sizeof m), 1, "three boxes over a dead pocket: deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_CORRAL, "... kind CORRAL");
    is_str(m, "2,3 3,3 4,3 ", "... the barrier's three boxes marked");
    pc_sokoban *g = sokoban_parse(corral);
    pc_sokoban_result *r = NULL;
    is_int(pc_sokoban_solve(g, PC_SOKOBAN_ANY, NULL, &r), PC_ENOTFOUND, "... and the fast mode proves it lost");
    pc_sokoban_result_free(r);

    is_int(check("########\n# $.$  #\n#@     #\n#     .#\n########\n", &kind, m, sizeof m), 1,
           "two boxes on a wall with one goal: deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_MATCHING, "... kind MATCHING");
    is_str(m, "2,1 4,1 ", "... both boxes marked");

    /* A goal room whose front was filled first: the 2x2 block of boxes on
     * goals never moves again, and the goal behind it (5,4) can only be
     * reached by a box through it; the player still walks round to it by
     * the bend on the right, where no box can turn.  Not a corral, and the
     * empty board's distances let the matching through. */
    const char *seal = "#########\n"
                       "#@      #\n"
                       "#   $   #\n"
                       "#  **## #\n"
                       "#  **.  #\n"
                       "#########\n";
    is_int(check(seal, &kind, m, sizeof m), 1, "a goal sealed off by boxes frozen on goals: deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_SEALED, "... kind SEALED");
    is_str(m, "4,2 3,3 4,3 3,4 4,4 ", "... the four frozen boxes and the box with no goal left marked");
    {
        pc_sokoban *gs = sokoban_parse(seal);
        pc_sokoban_result *rs = NULL;
        is_int(pc_sokoban_solve(gs, PC_SOKOBAN_ANY, NULL, &rs), PC_ENOTFOUND, "... and the fast mode proves it lost");
        pc_sokoban_result_free(rs);
        pc_sokoban_free(gs);
    }
    /* The same room with the back goal filled and the front one free is
     * live: boxes frozen on goals alone are no deadlock. */
    is_int(check("#########\n#@      #\n#   $   #\n#  **## #\n#  .**  #\n#########\n", &kind, m, sizeof m), 0,
           "boxes frozen on goals, a free goal still reachable: no deadlock");

    /* Squares the player never reaches (found by fuzz/sokoban_search: the
     * kind was FROZEN with no box marked).  An empty goal walled off: the
     * boxes the player reaches have, between them, fewer goals than they
     * are — all of them are marked. */
    is_int(check("#########\n#@ $ $. #\n#########\n#.#\n###\n", &kind, m, sizeof m), 1,
           "an empty goal the player never reaches: deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_MATCHING, "... kind MATCHING");
    is_str(m, "3,1 5,1 ", "... the boxes the player reaches marked");
    /* A box off goal walled off never moves: it is marked alone. */
    is_int(check("#######\n#@ $. #\n#######\n#$.#\n####\n", &kind, m, sizeof m), 1,
           "a box off goal the player never reaches: deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_FROZEN, "... kind FROZEN");
    is_str(m, "1,3 ", "... that box marked");
    /* Walled off on its goal, a box is no deadlock. */
    is_int(check("#######\n#@ $. #\n#######\n#*#\n###\n", &kind, m, sizeof m), 0,
           "a box on its goal the player never reaches: no deadlock");

    /* Argument checks and the answer-only form. */
    uint8_t small[4];
    kind = -1;
    is_int(pc_sokoban_deadlock(NULL, NULL, 0, &kind), PC_EINVAL, "NULL game: PC_EINVAL");
    is_int(pc_sokoban_deadlock(g, NULL, 5, &kind), PC_EINVAL, "NULL cells with cap > 0: PC_EINVAL");
    is_int(pc_sokoban_deadlock(g, small, sizeof small, &kind), PC_ESPACE, "cap too small: PC_ESPACE");
    is_int(pc_sokoban_deadlock(g, NULL, 0, &kind), 1, "cells NULL, cap 0: the answer only");
    is_int(kind, PC_SOKOBAN_DEADLOCK_CORRAL, "... with its kind");
    is_int(pc_sokoban_deadlock(g, NULL, 0, NULL), 1, "kind NULL accepted");
    /* After a step that frees the pocket?  No step can: the player walks
     * and the answer stays. */
    is_int(pc_sokoban_step(g, PC_SOKOBAN_RIGHT, NULL), PC_OK, "a walk");
    is_int(pc_sokoban_deadlock(g, NULL, 0, NULL), 1, "... still a deadlock");
    pc_sokoban_free(g);
    done_testing();
}
