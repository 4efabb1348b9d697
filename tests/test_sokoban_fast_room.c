/*
 * Sokoban fast mode: the room advisor (lib/sokoban/fast_room.c).  The goal
 * rooms and their doorways of hand-made levels (a dead-end row of goals
 * whose mouth a box stands in; goals too few to make a room), and the fast
 * search solving the first with the doorway box pushed in at no weight.
 * The order within a packing layer (round eighteen): a goal room two rows
 * high entered from above fills each column's upper goal first.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/budget.h"
#include "puzzlecore/puzzlecore.h"
#include "sokoban/fast_int.h"
#include "sokoban/fast_learn.h"
#include "sokoban/fast_room.h"
#include "sokoban_fast_util.h"
#include "sokoban_util.h"
#include "tap.h"

/* A dead-end row of five goals (a room; five layers, a deep order, where
 * the advisor runs); the box on (6,1) stands in its only doorway, the
 * square next to the goal (5,1): the first box in. */
static const char *door_row = "############\n"
                              "#.....$   @#\n"
                              "#######    #\n"
                              "#  $ $ $ $ #\n"
                              "#          #\n"
                              "############\n";
/* Three goals together and one apart: too few for a room, no doorway. */
static const char *no_room = "#########\n"
                             "#...  . #\n"
                             "#  $ $  #\n"
                             "# $ $  @#\n"
                             "#########\n";
/* Two rooms of four goals, each with a doorway on either side. */
static const char *two_rooms = "###########\n"
                               "#..     ..#\n"
                               "#..  @  ..#\n"
                               "# $ $ $ $ #\n"
                               "#         #\n"
                               "# $ $ $ $ #\n"
                               "#         #\n"
                               "###########\n";

/* A dead-end room two rows high, entered from above at its right: five
 * layers, each a column (the deepest column filled first); within a
 * column the lower goal's box, the farther from the way in, leaves in
 * more pulls, so it is taken out first and filled last: the upper goal
 * comes first. */
static const char *two_rows = "############\n"
                              "#@         #\n"
                              "# $ $ $ $  #\n"
                              "#  $ $ $ $ #\n"
                              "# $   $    #\n"
                              "#         ##\n"
                              "#######  ###\n"
                              "#.....     #\n"
                              "#.....     #\n"
                              "############\n";

int main(void)
{
    uint8_t cells[12 * 8];
    pc__fast_out o;

    pc_sokoban *g = sokoban_parse(door_row);
    is_int(pc__sokoban_fast_doors(g, cells), 1, "door row: one goal room");
    int n = 0;
    for (int i = 0; i < 12 * 6; i++)
        n += cells[i] != 0;
    is_int(n, 1, "... one doorway");
    is_int(cells[1 * 12 + 6], 1, "... the box's square (6,1), next to the goal (5,1)");
    is_int(fast_alone(g, 1000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);

    g = sokoban_parse(no_room);
    is_int(pc__sokoban_fast_doors(g, cells), 0, "no room: three goals together are too few");
    n = 0;
    for (int i = 0; i < 9 * 5; i++)
        n += cells[i] != 0;
    is_int(n, 0, "... no doorway");
    pc_sokoban_free(g);

    g = sokoban_parse(two_rooms);
    is_int(pc__sokoban_fast_doors(g, cells), 2, "two rooms");
    ok(cells[1 * 11 + 3] != 0 && cells[2 * 11 + 3] != 0 && cells[3 * 11 + 1] != 0 && cells[3 * 11 + 2] != 0,
       "... the left room's doorways (3,1), (3,2), (1,3), (2,3)");
    ok(cells[1 * 11 + 7] != 0 && cells[1 * 11 + 7] != cells[1 * 11 + 3], "... the right room's, another number");
    is_int(cells[1 * 11 + 5], 0, "... (5,1) between them is no doorway");
    is_int(fast_alone(g, 10000, &o), PC_OK, "... the fast search solves it");
    int32_t seq[12 * 10], layer[12 * 10], nl = 0;
    is_int(pc__sokoban_fast_layers(g, layer, seq, &nl), PC_OK, "... its order within the layers");
    n = 0;
    for (int i = 0; i < 11 * 8; i++)
        n += seq[i] >= 0;
    is_int(n, 0, "... none: a shallow order keeps its layers");
    pc_sokoban_free(g);

    g = sokoban_parse(two_rows);
    is_int(pc__sokoban_fast_layers(g, layer, seq, &nl), PC_OK, "two rows: the packing order and its order within the layers");
    is_int(nl, 5, "... five layers");
    int cols = 0, upper = 0;
    for (int x = 1; x <= 5; x++)
        cols += layer[7 * 12 + x] == x - 1 && layer[8 * 12 + x] == x - 1;
    is_int(cols, 5, "... each a column, the deepest, (1,7) and (1,8), first");
    for (int x = 1; x <= 5; x++)
        upper += seq[7 * 12 + x] == 0 && seq[8 * 12 + x] == 1;
    is_int(upper, 5, "... in every column the upper goal first");
    is_int(fast_alone(g, 1000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);
    return done_testing();
}
