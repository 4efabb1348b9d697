/*
 * Internal: a test entry point of the fast solver's room advisor
 * (lib/sokoban/fast_room.c).  Not installed.
 */
#ifndef PC_SOKOBAN_FAST_ROOM_H
#define PC_SOKOBAN_FAST_ROOM_H

#include <stdint.h>

#include "sokoban/sokoban_int.h"

/* The goal rooms of g (connected sets of 4 goals or more) and their
 * doorways (the squares off goal next to a room's goal): cells[i] = the
 * room's number + 1 on each doorway, pc_sokoban_width x pc_sokoban_height
 * cells (the interior, as the other test entries), the rest 0.  The number
 * of rooms, PC_ENOTFOUND (a box or goal out of the player's reach),
 * PC_ENOMEM. */
int32_t pc__sokoban_fast_doors(const pc_sokoban *g, uint8_t *cells);

#endif
