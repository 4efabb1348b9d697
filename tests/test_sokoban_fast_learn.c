/*
 * Sokoban fast mode: the learned deadlock patterns (lib/sokoban/fast.c),
 * and (cellar_*) the packing order's player-aware pulls.
 * A hand-made position whose deadlock only the sub-search sees (no dead
 * square, no frozen box, a PI-corral with pushes, a finite matching), the
 * same boxes with the player inside the corral or the boxes elsewhere (no
 * pattern: solvable), the fast search proving a level built round the
 * pattern unsolvable in a few expansions, and a sweep of random positions
 * in which every pattern found must be a position the optimal solver proves
 * lost (soundness); the corral search (corral_pair, and a sweep checked the
 * same way); and the matching on distances with the boxes frozen on
 * goals as walls (frozen_cut), checked the same way.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/budget.h"
#include "puzzlecore/puzzlecore.h"
#include "sokoban/fast_int.h"
#include "sokoban/fast_learn.h"
#include "sokoban_fast_util.h"
#include "sokoban_util.h"
#include "tap.h"

/* The box on (3,1) moves along row 1 only and can reach the goal on (4,1)
 * only; the box on (4,2) can go up onto that goal, or down when the player
 * stands on (4,1), which it cannot reach with both boxes there.  Each box
 * alone is fine; the two together are lost. */
static const char *pair_dead = "#######\n"
                               "#  $.##\n"
                               "# # $##\n"
                               "#     #\n"
                               "#.  @ #\n"
                               "#######\n";
/* The player inside the corral: it pushes (4,2) down, then both fit. */
static const char *pair_inside = "#######\n"
                                 "#  $+##\n"
                                 "# # $##\n"
                                 "#     #\n"
                                 "#.    #\n"
                                 "#######\n";
/* The first box below the second: (4,2) goes up, (3,3) to (1,4). */
static const char *pair_apart = "#######\n"
                                "#   .##\n"
                                "# # $##\n"
                                "#  $  #\n"
                                "#.  @ #\n"
                                "#######\n";
/* The dead pair in a level with three more boxes free to roam. */
static const char *pair_room = "##########\n"
                               "#  $.##  #\n"
                               "# # $##  #\n"
                               "#        #\n"
                               "#.  @ $$ #\n"
                               "#  $   ..#\n"
                               "#     .  #\n"
                               "##########\n";

/* 1 when the optimal solver proves g lost, 0 when it solves it, -1 neither. */
/* The packing order: goal A on (4,2) opens on the room above and on a
 * cellar below, B on (6,1) is in the room.  Blind pulls take A's box down
 * to (4,3) and along the cellar to the box that starts on (2,3); but the
 * player who makes the first pull steps down into the dead end (4,4) and is
 * shut in there behind the box.  So A never comes out: it is filled first,
 * B after it (two layers; blind pulls made one). */
static const char *cellar_shut = "#########\n"
                                 "#  $ @. #\n"
                                 "# ##.####\n"
                                 "# $  ####\n"
                                 "#### ####\n"
                                 "#########\n";
/* The same with the dead end opened into the cellar: the player walks
 * round the box and pulls it on, so A comes out as B does (one layer). */
static const char *cellar_open = "#########\n"
                                 "#  $ @. #\n"
                                 "# ##.####\n"
                                 "# $  ####\n"
                                 "#    ####\n"
                                 "#########\n";

/* Frozen-goal distances: the box on (4,6) is frozen on its goal (a wall on
 * its left and below), and with it as a wall the player can no longer walk
 * from the left rooms into the bottom right one.  The box on (6,2) can
 * still be pushed down the gap (7,4) to (7,5), but the player never gets
 * to (6,5) to push it on towards the goal (9,5).  The bare board's
 * distances (the player walks through (4,6)) and the box-only seal test
 * miss it; the matching on the distances with (4,6) as a wall has no
 * finite cost.  Found by a sweep of random positions. */
static const char *frozen_cut = "###########\n"
                                "#    #    #\n"
                                "# #  #$ # #\n"
                                "# *  @   *#\n"
                                "### ### ###\n"
                                "#    #   .#\n"
                                "# *#*  #  #\n"
                                "###########\n";
/* The same with the box on (4,6) and its goal moved to (8,1): the bottom
 * right room opens to the player again, and the position is solvable. */
static const char *frozen_open = "###########\n"
                                 "#    #  * #\n"
                                 "# #  #$ # #\n"
                                 "# *  @   *#\n"
                                 "### ### ###\n"
                                 "#    #   .#\n"
                                 "# *#   #  #\n"
                                 "###########\n";

/* Corral search: the boxes on (3,3) and (5,3) close the room below; the
 * player can push either down into it, and no box that enters comes out
 * to the goals again (the one pushed in first is left against the room's
 * wall, the second cannot pass it).  The boxes are two squares apart, so
 * no small cluster holds both; the room is a PI-corral with two pushes,
 * so the corral test lets them through; nothing is frozen and no square
 * is dead.  The sub-search on the barrier proves the position lost. */
static const char *corral_pair = "########\n"
                                 "#.   . #\n"
                                 "#  @   #\n"
                                 "###$#$##\n"
                                 "  #   #\n"
                                 "  #   #\n"
                                 "  #####\n";
/* The same with a door from the room to the top right, (6,3) and (6,4):
 * no corral, the player walks in, and the boxes go up to the goals. */
static const char *corral_door = "########\n"
                                 "#.   . #\n"
                                 "#  @   #\n"
                                 "###$#$ #\n"
                                 "  #    #\n"
                                 "  #   #\n"
                                 "  #####\n";

/* Hotspot advisor: three boxes in a row bound for the goals in the right
 * column (every pairing costs the same, and every push path runs right
 * along row 2); the box on (7,2) stands on the paths of both others, so it
 * is a hotspot; (5,2) is in the way of (3,2) only, (3,2) of none. */
static const char *hot_row = "############\n"
                             "#@         #\n"
                             "#  $ $ $  .#\n"
                             "#         .#\n"
                             "#         .#\n"
                             "############\n";
/* The same boxes in three rows: none in another's way, no hotspot. */
static const char *hot_rows = "############\n"
                              "#@ $    .  #\n"
                              "#    $   . #\n"
                              "#      $  .#\n"
                              "############\n";
/* The opener's player way: the box beside the top goal has a clear path
 * to it, but the player reaches the square behind it only through the
 * box below; that box is in the way too (and the top box is in the bottom
 * goal's box's player way). */
static const char *open_way = "#######\n"
                              "#. $ ##\n"
                              "### $@#\n"
                              "#.    #\n"
                              "#######\n";
/* Out of plan: a dead-end row of five goals filled from the right, one
 * layer each (five layers: a deep chain); the box on its mouth's goal (5,1)
 * stands on the last layer while the first, (1,1), is empty.  That box is
 * the next goal's box: the packing macro pushes it to (1,1) in one step,
 * where a box off goal has it in the way. */
static const char *out_of_plan = "############\n"
                                 "#....*    @#\n"
                                 "######     #\n"
                                 "#  $ $ $ $ #\n"
                                 "#          #\n"
                                 "############\n";
/* The same with four goals: four layers, a shallow order, where the box on
 * its goal is left where it is (solved all the same). */
static const char *in_plan = "############\n"
                             "##...*    @#\n"
                             "######     #\n"
                             "#    $ $ $ #\n"
                             "#          #\n"
                             "############\n";

static int optimal_lost(const pc_sokoban *g)
{
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;
    b.max_nodes = 2000000;
    pc_sokoban_result *r = NULL;
    int32_t rc = pc_sokoban_solve(g, PC_SOKOBAN_PUSHES, &b, &r);
    pc_sokoban_result_free(r);
    return rc == PC_ENOTFOUND ? 1 : rc == PC_OK ? 0 : -1;
}

/* A small xorshift: the sweep's positions, the same on every run. */
static uint32_t next(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

/* A random position on `board` (H rows of W squares), drawn from *seed:
 * nmin + (0 .. nspan - 1) goals, as many boxes (on a goal where one falls
 * on it) and the player.  Its squares go to b (H x W), its level text (the
 * rows, each ended by a newline) to text (H x (W + 1) + 1 bytes). */
static void random_position(const char *const *board, int H, int W, int nmin, int nspan, uint32_t *seed, char *b,
                            char *text)
{
    for (int y = 0; y < H; y++)
        memcpy(b + y * W, board[y], (size_t)W);
    int nb = nmin + (int)(next(seed) % (uint32_t)nspan);
    for (int placed = 0; placed < nb;) {
        int y = (int)(next(seed) % (uint32_t)H), x = (int)(next(seed) % (uint32_t)W);
        if (b[y * W + x] == ' ') {
            b[y * W + x] = '.';
            placed++;
        }
    }
    for (int placed = 0; placed < nb;) {
        int y = (int)(next(seed) % (uint32_t)H), x = (int)(next(seed) % (uint32_t)W);
        char *c = b + y * W + x;
        if (*c == ' ' || *c == '.') {
            *c = *c == '.' ? '*' : '$';
            placed++;
        }
    }
    for (;;) {
        int y = (int)(next(seed) % (uint32_t)H), x = (int)(next(seed) % (uint32_t)W);
        char *c = b + y * W + x;
        if (*c == ' ' || *c == '.') {
            *c = *c == '.' ? '+' : '@';
            break;
        }
    }
    size_t n = 0;
    for (int y = 0; y < H; y++) {
        memcpy(text + n, b + y * W, (size_t)W);
        n += (size_t)W;
        text[n++] = '\n';
    }
    text[n] = '\0';
}

/* Soundness of the corral search: random positions of 4-8 boxes on a
 * board with pockets; every position it proves lost must be one the
 * optimal solver proves lost.  Prints also the positions that neither the
 * static tests nor the small-cluster patterns see (none on this board:
 * corral_pair above is one, made by hand). */
static void corral_sweep(void)
{
    static const char *board[] = {"############", "#   #      #", "# #   #### #", "#   # #    #",
                                  "## ### # # #", "#     #   ##", "#  #     # #", "############"};
    const int H = 8, W = 12;
    uint32_t seed = 0x2545f491u;
    int dead = 0, wrong = 0, unknown = 0, only = 0;
    for (int it = 0; it < 400; it++) {
        char b[8 * 12], text[8 * 13 + 1];
        random_position(board, H, W, 4, 5, &seed, b, text);
        pc_sokoban *g = sokoban_parse(text);
        if (!g)
            continue;
        if (pc__sokoban_fast_corral(g) == 1) {
            dead++;
            int lost = optimal_lost(g), kind = -1, pat = 0;
            if (lost == 0) {
                wrong++;
                printf("# corral search: a solvable position proved lost:\n%s", text);
            }
            unknown += lost < 0;
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++)
                    if ((b[y * W + x] == '$' || b[y * W + x] == '*') && pc__sokoban_fast_pattern(g, x, y, NULL) == 1)
                        pat = 1;
            if (!pat && pc_sokoban_deadlock(g, NULL, 0, &kind) == 0) {
                only++;
                printf("# only the corral search:\n%s", text);
            }
        }
        pc_sokoban_free(g);
    }
    printf("# corral sweep: %d proved lost, %d of them by the corral search alone\n", dead, only);
    ok(dead >= 10, "corral sweep: the corral search proves positions lost (%d)", dead);
    is_int(wrong, 0, "corral sweep: every position it proves lost is lost");
    is_int(unknown, 0, "corral sweep: the optimal solver decides every one");
}

/* The corral pair's three proofs (at any width): the corral search's, and
 * the fast search's at its first expansion. */
static void corral_pair_lost(const pc_sokoban *g)
{
    pc__fast_out o;
    is_int(pc__sokoban_fast_corral(g), 1, "... the corral search proves it lost");
    is_int(fast_alone(g, 1000, &o), PC_ENOTFOUND, "... the fast search proves it lost");
    is_int((int)o.nodes, 1, "... at the first expansion");
}

int main(void)
{
    /* The pattern fires on the hand-made pair, and only the sub-search sees it. */
    pc_sokoban *g = sokoban_parse(pair_dead);
    uint8_t cells[64] = {0};
    int32_t kind = -1;
    is_int(pc_sokoban_deadlock(g, NULL, 0, &kind), 0, "pair: the static tests find no deadlock");
    is_int(kind, PC_SOKOBAN_DEADLOCK_NONE, "... kind none");
    is_int(pc__sokoban_fast_pattern(g, 3, 1, cells), 1, "pair: the sub-search proves a deadlock");
    int w = pc_sokoban_width(g), nset = 0;
    for (int i = 0; i < 64; i++)
        nset += cells[i];
    ok(nset == 2 && cells[1 * w + 3] && cells[2 * w + 4], "... pattern: the boxes on (3,1) and (4,2)");
    is_int(pc__sokoban_fast_pattern(g, 4, 2, NULL), 1, "... also as seen from the other box");
    is_int(pc__sokoban_fast_pattern(g, 1, 1, NULL), PC_EINVAL, "... no box on (1,1): PC_EINVAL");
    is_int(optimal_lost(g), 1, "... and the optimal solver proves it lost");
    pc__fast_out o;
    is_int(fast_alone(g, 100000, &o), PC_ENOTFOUND, "... the fast search proves it lost");
    pc_sokoban_free(g);

    /* The same boxes with the player in the corral, and the boxes apart: no pattern. */
    g = sokoban_parse(pair_inside);
    is_int(pc__sokoban_fast_pattern(g, 3, 1, NULL), 0, "player inside the corral: no pattern");
    is_int(optimal_lost(g), 0, "... solvable");
    is_int(fast_alone(g, 100000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);
    g = sokoban_parse(pair_apart);
    is_int(pc__sokoban_fast_pattern(g, 4, 2, NULL), 0, "boxes on (4,2) and (3,3): no pattern");
    is_int(fast_alone(g, 100000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);

    /* The pattern in a bigger level: the pushes of the pair onto (4,1)
     * complete it and are cut (265 expansions to the proof; without the
     * patterns the search needed 1 987: every arrangement of the free
     * boxes with each of the pair's dead ends). */
    g = sokoban_parse(pair_room);
    is_int(fast_alone(g, 1000, &o), PC_ENOTFOUND, "pair in a room: proved lost within 1000 expansions");
    ok(o.nodes <= 400, "... in %llu expansions", (unsigned long long)o.nodes);
    pc_sokoban_free(g);

    /* The corral search sees what the static tests and the small clusters do not. */
    g = sokoban_parse(corral_pair);
    is_int(pc_sokoban_deadlock(g, NULL, 0, &kind), 0, "corral pair: the static tests find no deadlock");
    is_int(pc__sokoban_fast_pattern(g, 3, 3, NULL), 0, "... no small-cluster pattern from (3,3)");
    is_int(pc__sokoban_fast_pattern(g, 5, 3, NULL), 0, "... nor from (5,3)");
    is_int(optimal_lost(g), 1, "... the optimal solver proves it lost");
    corral_pair_lost(g);
    pc_sokoban_free(g);
    g = sokoban_parse(corral_door);
    is_int(pc__sokoban_fast_corral(g), 0, "corral with a door: no proof");
    is_int(optimal_lost(g), 0, "... solvable");
    is_int(fast_alone(g, 1000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);

    /* The sub-search floods rows of 64 squares at a time on levels at
     * most 64 squares wide, square by square on wider ones: the corral
     * pair with its top room 62 squares wide (the player's area spans
     * whole rows of bits), and the same padded with walls to 70 squares
     * (the square-by-square floods), give the answers of the narrow one. */
    {
        char wide[8][80], *rows[8];
        const char *src = corral_pair;
        for (int y = 0; y < 7; y++) {
            const char *e = strchr(src, '\n');
            int n = (int)(e - src);
            memcpy(wide[y], src, (size_t)n);
            for (int x = n; x < 64; x++)
                wide[y][x] = (y == 1 || y == 2) && x < 63 ? ' ' : '#';
            if (y == 1 || y == 2)
                wide[y][7] = ' ';
            wide[y][64] = '\0';
            rows[y] = wide[y];
            src = e + 1;
        }
        char text[8 * 80 + 1] = "", padded[8 * 80 + 1] = "";
        for (int y = 0; y < 7; y++) {
            strcat(text, rows[y]);
            strcat(text, "\n");
            strcat(padded, rows[y]);
            strcat(padded, "######\n");
        }
        g = sokoban_parse(text);
        is_int(pc_sokoban_width(g), 64, "corral pair, 64 wide: a level of rows of bits");
        is_int(pc__sokoban_fast_pattern(g, 3, 3, NULL), 0, "... no small-cluster pattern from (3,3)");
        corral_pair_lost(g);
        pc_sokoban_free(g);
        g = sokoban_parse(padded);
        is_int(pc_sokoban_width(g), 70, "the same, 70 wide: floods square by square");
        corral_pair_lost(g);
        pc_sokoban_free(g);
    }

    /* A box on its goal walled off from the player is no square of the
     * search: asking the pattern test about it is refused (the sweeps
     * below draw such positions). */
    g = sokoban_parse("########\n#@$ .#*#\n########\n");
    is_int(pc__sokoban_fast_pattern(g, 6, 1, NULL), PC_EINVAL, "box on its goal walled off: PC_EINVAL");
    is_int(pc__sokoban_fast_pattern(g, 2, 1, NULL), 0, "... the other box: no pattern");
    is_int(fast_alone(g, 1000, &o), PC_OK, "... the fast search solves the level");
    pc_sokoban_free(g);

    /* The packing order pulls only where the player can stand. */
    int32_t layer[9 * 6], nlayers = -1;
    g = sokoban_parse(cellar_shut);
    is_int(pc__sokoban_fast_layers(g, layer, NULL, &nlayers), PC_OK, "cellar, shut: the packing order");
    is_int(nlayers, 2, "... two layers");
    ok(layer[2 * 9 + 4] == 0 && layer[1 * 9 + 6] == 1, "... A (4,2) filled first, B (6,1) after it (%d, %d)",
       (int)layer[2 * 9 + 4], (int)layer[1 * 9 + 6]);
    int others = 0;
    for (int i = 0; i < 9 * 6; i++)
        others += i != 2 * 9 + 4 && i != 1 * 9 + 6 && layer[i] != -1;
    is_int(others, 0, "... -1 off the goals");
    pc_sokoban_free(g);
    g = sokoban_parse(cellar_open);
    is_int(pc__sokoban_fast_layers(g, layer, NULL, &nlayers), PC_OK, "cellar, open: the packing order");
    is_int(nlayers, 1, "... one layer");
    ok(layer[2 * 9 + 4] == 0 && layer[1 * 9 + 6] == 0, "... A and B in it");
    pc_sokoban_free(g);

    /* The frozen-goal distances see what the static tests do not. */
    g = sokoban_parse(frozen_cut);
    is_int(pc_sokoban_deadlock(g, NULL, 0, &kind), 0, "frozen cut: the static tests find no deadlock");
    is_int(pc__sokoban_fast_frozen(g), 1, "... the matching on frozen-goal distances has no finite cost");
    is_int(optimal_lost(g), 1, "... and the optimal solver proves it lost");
    is_int(fast_alone(g, 1000, &o), PC_ENOTFOUND, "... the fast search proves it lost");
    is_int((int)o.nodes, 0, "... at the start, with no expansion");
    pc_sokoban_free(g);
    g = sokoban_parse(frozen_open);
    is_int(pc__sokoban_fast_frozen(g), 0, "frozen box moved away: a finite matching");
    is_int(optimal_lost(g), 0, "... solvable");
    is_int(fast_alone(g, 100000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);

    /* The hotspot advisor marks the box in the way of two boxes. */
    uint8_t hot[12 * 6];
    g = sokoban_parse(hot_row);
    is_int(pc__sokoban_fast_hotspots(g, hot), 1, "hot row: one hotspot");
    ok(hot[2 * 12 + 7] == 1, "... the box on (7,2), in the way of both others");
    is_int(fast_alone(g, 1000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);
    g = sokoban_parse(hot_rows);
    is_int(pc__sokoban_fast_hotspots(g, hot), 0, "hot rows: no box in another's way, no hotspot");
    pc_sokoban_free(g);
    g = sokoban_parse(open_way);
    is_int(pc__sokoban_fast_openers(g, hot), 2, "open way: two boxes in the way");
    ok(hot[1 * 7 + 3] == 1, "... the box beside the top goal, on its own path");
    ok(hot[2 * 7 + 4] == 1, "... the box on the player's way to its first push");
    is_int(fast_alone(g, 1000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);

    /* Out-of-plan boxes: a box on a goal of a later layer is the next goal's
     * box on a deep packing order, not on a shallow one. */
    int32_t play_layer[12 * 6];
    g = sokoban_parse(out_of_plan);
    is_int(pc__sokoban_fast_layers(g, play_layer, NULL, &nlayers), PC_OK, "out of plan: the packing order");
    is_int(nlayers, 5, "... five layers");
    ok(play_layer[1 * 12 + 1] == 0 && play_layer[1 * 12 + 5] == 4, "... (1,1) first, (5,1) last (%d, %d)",
       (int)play_layer[1 * 12 + 1], (int)play_layer[1 * 12 + 5]);
    is_int(fast_alone(g, 1000, &o), PC_OK, "... the fast search solves it");
    is_int((int)o.nodes, 8, "... in 8 expansions (11 when boxes on goals never count: the packing macro cannot start)");
    pc_sokoban_free(g);
    g = sokoban_parse(in_plan);
    is_int(pc__sokoban_fast_layers(g, play_layer, NULL, &nlayers), PC_OK, "in plan: the packing order");
    is_int(nlayers, 4, "... four layers");
    is_int(fast_alone(g, 1000, &o), PC_OK, "... the fast search solves it");
    pc_sokoban_free(g);

    /* Soundness: random positions of 3-5 boxes on a small board; every
     * pattern the sub-search proves must be a lost position. */
    static const char *board[] = {"###########", "#    #    #", "# #  #  # #", "#         #",
                                  "### ### ###", "#    #    #", "#  #   #  #", "###########"};
    const int H = 8, W = 11;
    uint32_t seed = 0x9e3779b9u;
    int tried = 0, dead = 0, wrong = 0, unknown = 0, fz_dead = 0;
    for (int it = 0; it < 150; it++) {
        char b[8 * 11], text[8 * 12 + 1];
        random_position(board, H, W, 3, 3, &seed, b, text);
        g = sokoban_parse(text);
        if (!g)
            continue;
        int lost = -2; /* not asked yet */
        if (pc__sokoban_fast_frozen(g) == 1) {
            fz_dead++;
            lost = optimal_lost(g);
            if (lost == 0) {
                wrong++;
                printf("# frozen-goal matching infinite on a solvable position:\n%s", text);
            }
            unknown += lost < 0;
        }
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                if (b[y * W + x] != '$' && b[y * W + x] != '*')
                    continue;
                tried++;
                if (pc__sokoban_fast_pattern(g, x, y, NULL) != 1)
                    continue;
                dead++;
                if (lost == -2)
                    lost = optimal_lost(g);
                if (lost == 0) {
                    wrong++;
                    printf("# pattern on a solvable position (box %d,%d):\n%s", x, y, text);
                }
                unknown += lost < 0;
            }
        pc_sokoban_free(g);
    }
    printf("# sweep: %d boxes tested, %d patterns proved\n", tried, dead);
    corral_sweep();
    ok(dead >= 20, "sweep: the sub-search proves patterns (%d of %d)", dead, tried);
    ok(fz_dead >= 20, "sweep: the frozen-goal matching finds lost positions (%d)", fz_dead);
    is_int(wrong, 0, "sweep: every pattern and every infinite frozen-goal matching is a lost position");
    is_int(unknown, 0, "sweep: the optimal solver decides every one");
    done_testing();
}
