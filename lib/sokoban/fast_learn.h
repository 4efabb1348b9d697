/*
 * Internal: the fast solver's static analyses (lib/sokoban/fast.c) exposed
 * for tests: the learned deadlock patterns, the packing order, the
 * frozen-goal distances and the hotspot advisor.  Not installed.
 */
#ifndef PC_SOKOBAN_FAST_LEARN_H
#define PC_SOKOBAN_FAST_LEARN_H

#include <stdint.h>

#include "sokoban/sokoban_int.h"

/* The fast search's pattern test on g's current position, as if the box on
 * (x, y) had just been pushed there: the sub-search on the boxes clustered
 * round it (the other boxes taken away) from the player's square.  1 when
 * it proves a deadlock (cells[y * width + x] = 1 on the boxes of the
 * pattern kept, pc_sokoban_width x pc_sokoban_height; cells may be NULL),
 * 0 when it proves none, PC_EINVAL when no box stands on (x, y) or the
 * box there is out of the player's reach (on its goal, walled off: no push
 * ever moves it), PC_ENOTFOUND when a box off goal or an empty goal lies
 * out of the player's reach, PC_ENOMEM. */
int32_t pc__sokoban_fast_pattern(const pc_sokoban *g, int32_t x, int32_t y, uint8_t *cells);

/* The packing order the fast search computes for g's current position:
 * layer[y * width + x] (pc_sokoban_width x pc_sokoban_height cells) is the
 * layer of the goal on (x, y), 0 filled first, and -1 off the goals;
 * *nlayers the number of layers.  When seq is not NULL, seq[y * width + x]
 * is the place of that goal in its layer's fill order (0 first): -1 off
 * the goals, in the layer of the goals that never come out, and on every
 * goal when the order is too shallow to get one.  PC_OK, PC_ENOTFOUND (a
 * box or goal out of the player's reach), PC_ENOMEM. */
int32_t pc__sokoban_fast_layers(const pc_sokoban *g, int32_t *layer, int32_t *seq, int32_t *nlayers);

/* The fast search's matching on push distances with the boxes frozen on
 * goals as walls (they never move again), on g's current position: 1 when
 * it has no finite cost (the position is lost: some boxes can reach, between
 * them, fewer free goals than they are, the frozen boxes standing), 0
 * otherwise (also when the level is too big for these tables),
 * PC_ENOTFOUND (a box or goal out of the player's reach), PC_ENOMEM. */
int32_t pc__sokoban_fast_frozen(const pc_sokoban *g);

/* The fast search's corral search on g's current position: 1 when the
 * sub-search on the barrier boxes of some corral the player does not
 * reach (FS_CORRAL_BOXES at most, the other boxes taken away) proves that
 * they never all reach goals (the position is lost), 0 otherwise,
 * PC_ENOTFOUND (a box or goal out of the player's reach), PC_ENOMEM. */
int32_t pc__sokoban_fast_corral(const pc_sokoban *g);

/* The fast search's hotspot advisor on g's current position, as when the
 * opener has no plan (its full matching on the frozen-goal distances, then
 * pc__fs_hotspots): cells[y * width + x] = 1 on the hotspots (a push of
 * one off the boxes' paths costs no weight), pc_sokoban_width x
 * pc_sokoban_height cells, the rest 0.  The number of hotspots,
 * PC_ENOTFOUND (a box or goal out of the player's reach), PC_ENOMEM. */
int32_t pc__sokoban_fast_hotspots(const pc_sokoban *g, uint8_t *cells);

/* The fast search's opener advisor on g's current position (the packing
 * order, then pc__fs_openers): cells[y * width + x] = 1 on the boxes in the
 * way (a push of one costs no weight), on the next goals' boxes' paths or
 * on the player's way to their first push, pc_sokoban_width x
 * pc_sokoban_height cells, the rest 0.  The number of boxes marked,
 * PC_ENOTFOUND (a box or goal out of the player's reach), PC_ENOMEM. */
int32_t pc__sokoban_fast_openers(const pc_sokoban *g, uint8_t *cells);

#endif
