/*
 * Internal view of the Sokoban module: the level/game structure shared by the
 * parser, the play code and the solver.
 */
#ifndef PC_SOKOBAN_INT_H
#define PC_SOKOBAN_INT_H

#include <stddef.h>
#include <stdint.h>

#include "common/text.h"
#include "puzzlecore/sokoban.h"

/* Static cell flags (the low bits match the public PC_SOKOBAN_* bits). */
enum {
    SK_WALL = 1,      /* PC_SOKOBAN_WALL */
    SK_GOAL = 2,      /* PC_SOKOBAN_GOAL */
    SK_INTERIOR = 16, /* PC_SOKOBAN_INTERIOR */
    SK_DEAD = 32,     /* PC_SOKOBAN_DEAD */
    SK_VOID = 64      /* beyond the end of a short row: nothing there */
};

/* One thing the last step did (pc_sokoban_event). */
typedef struct sk_event {
    int32_t kind, v[PC_SOKOBAN_EVENT_VALUES];
} sk_event;

struct pc_sokoban {
    int32_t nev;     /* events of the last step taken, undone or redone */
    sk_event ev[4];
    int32_t w, h;
    uint8_t *stat;   /* w*h static flags (SK_*) */
    uint8_t *box0;   /* w*h: 1 where a box stands at the start */
    uint8_t *box;    /* w*h: 1 where a box stands now */
    int32_t player0; /* start cell y*w+x */
    int32_t player;  /* current cell */
    int32_t nboxes, interior, ndead;
    uint8_t *hist;   /* steps: dir | 4 when the step pushed */
    size_t nhist, histcap, cursor;
    int64_t moves, pushes;
    char *title;
};

struct pc_sokoban_collection {
    int32_t n;
    pc_sokoban **levels;
    char **comments; /* per level: its comment/text lines joined by '\n' (maybe "") */
};

/* Direction deltas on the grid for UP, RIGHT, DOWN, LEFT. */
static inline int32_t pc__sokoban_delta(const pc_sokoban *g, int d)
{
    return d == 0 ? -g->w : d == 1 ? 1 : d == 2 ? g->w : -1;
}

/* ---- dead.c: push distances that follow the player ---- */

/* A distance no push sequence achieves. */
#define PC__SOKOBAN_UNREACH 0xFFFFu

/* The blocks (biconnected components) of the interior graph: blk[4 c + d]
 * is the block of the edge from grid cell c to its neighbour in direction
 * d (-1 when either end is not interior); 4 w h entries.  Two neighbours of
 * c are joined without crossing c when their edges share a block.  PC_OK or
 * PC_ENOMEM (blk untouched then). */
int32_t pc__sokoban_blocks(const pc_sokoban *g, int32_t *blk);

/* Fewest pushes bringing a box from each grid cell to one of the cells
 * from[0..nfrom) on an otherwise empty board, the player walking round the
 * box (PC__SOKOBAN_UNREACH: never), into dist (w h entries); sdist (4 w h)
 * and queue (4 w h) are scratch.  blk from pc__sokoban_blocks. */
void pc__sokoban_pull(const pc_sokoban *g, const int32_t *blk, const int32_t *from, int32_t nfrom, uint16_t *dist,
                      uint16_t *sdist, int32_t *queue);

/* Mark the dead squares (SK_DEAD, g->ndead) of a level whose SK_INTERIOR
 * flags are set: cells no push sequence brings to a goal.  PC_OK or
 * PC_ENOMEM. */
int32_t pc__sokoban_mark_dead(pc_sokoban *g);

/* Duplicate a game (NULL on allocation failure). */
pc_sokoban *pc__sokoban_dup(const pc_sokoban *g);

/* The board as XSB rows: start = 1 the start position, 0 the current one. */
void pc__sokoban_write_board(const pc_sokoban *g, int start, pc__sb *sb);

/* pc_sokoban_new on text whose first line is line0 + 1 of a larger file (so
 * errors name the file's own lines). */
int32_t pc__sokoban_new_at(const char *text, size_t len, int32_t line0, char *err, size_t errcap,
                           pc_sokoban **out);

#endif
