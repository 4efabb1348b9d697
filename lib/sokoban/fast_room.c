/*
 * The fast solver's room advisor (lib/sokoban/fast.c), after Festival's
 * "room connectivity": a goal room is a connected set of goals
 * (FS_ROOM_GOALS at least), its doorways the squares off goal next to it.
 * A box standing in a doorway of a room that still has an empty goal
 * blocks the way in, for the boxes to come and for the player (XSokoban
 * 16: the two boxes at the start on (7,9) and (8,8), the only ways into
 * its ten-layer room, were never cleared in 1.7 million expansions).  A
 * push that takes such a box out of every doorway, into the room or away
 * from it, costs no weight (pc__fs_room_free), as a push an advisor
 * proposes.  A heuristic, never a pruning.
 *
 * The rooms are computed once per level (pc__fs_rooms); each expansion
 * counts the rooms' empty goals (pc__fs_room_open).  Calls no other file
 * of the fast solver.
 */
#include <string.h>

#include "sokoban/fast_solver.h"

/* Goals in a room at least: smaller sets of goals are no rooms (on a level
 * of scattered goals every square next to a goal would be a doorway). */
#define FS_ROOM_GOALS 4

/* Only on a level whose packing order is a deep chain (this many layers or
 * more; the out-of-plan rule's gate in fast_pack.c): on shallow orders the
 * advisor's free pushes send the search astray (Microban 93, one layer,
 * took 100 036 expansions instead of 51 439 with it, 5.9 s instead of
 * 0.5), and the rooms that hold a search are deep. */
#define FS_ROOM_DEEP 5

int32_t pc__fs_rooms(fs_solver *s)
{
    int32_t nc = s->map.nc, nb = s->map.nb;
    s->map.room = pc__malloc((size_t)nc * sizeof *s->map.room);
    s->map.door = pc__malloc((size_t)nc * sizeof *s->map.door);
    s->map.rsize = pc__calloc((size_t)nb + 1, sizeof *s->map.rsize);
    s->ex.rleft = pc__calloc((size_t)nb + 1, sizeof *s->ex.rleft);
    if (!s->map.room || !s->map.door || !s->map.rsize || !s->ex.rleft)
        return PC_ENOMEM;
    for (int32_t c = 0; c < nc; c++)
        s->map.room[c] = s->map.door[c] = -1;
    int32_t nr = 0;
    /* Each goal set by a flood over goals (ex.queue); a set too small is
     * marked -2 while it is flooded, then -1 again. */
    for (int32_t j = 0; j < nb; j++) {
        int32_t g0 = s->map.goals[j];
        if (s->map.room[g0] != -1)
            continue;
        size_t qh = 0, qt = 0;
        s->map.room[g0] = -2;
        s->ex.queue[qt++] = g0;
        while (qh < qt) {
            int32_t x = s->ex.queue[qh++];
            for (int d = 0; d < 4; d++) {
                int32_t y = s->map.nbr[x][d];
                if (y < 0 || !s->map.goal[y] || s->map.room[y] != -1)
                    continue;
                s->map.room[y] = -2;
                s->ex.queue[qt++] = y;
            }
        }
        int32_t id = qt >= FS_ROOM_GOALS ? nr++ : -3;
        for (size_t k = 0; k < qt; k++)
            s->map.room[s->ex.queue[k]] = id;
        if (id >= 0)
            s->map.rsize[id] = (int32_t)qt;
    }
    for (int32_t c = 0; c < nc; c++) {
        if (s->map.room[c] == -3)
            s->map.room[c] = -1;
    }
    for (int32_t c = 0; c < nc; c++) {
        if (s->map.goal[c])
            continue;
        for (int d = 0; d < 4 && s->map.door[c] < 0; d++) {
            int32_t y = s->map.nbr[c][d];
            if (y >= 0 && s->map.room[y] >= 0)
                s->map.door[c] = s->map.room[y];
        }
    }
    s->map.nrooms = nr;
    return PC_OK;
}

void pc__fs_room_open(fs_solver *s)
{
    if (s->map.nrooms == 0 || s->map.nlayers < FS_ROOM_DEEP)
        return;
    memcpy(s->ex.rleft, s->map.rsize, (size_t)s->map.nrooms * sizeof *s->ex.rleft);
    for (int32_t i = 0; i < s->map.nb; i++) {
        int32_t r = s->map.room[s->ex.bx[i]];
        if (r >= 0)
            s->ex.rleft[r]--;
    }
}

int pc__fs_room_free(const fs_solver *s, int32_t from, int32_t to)
{
    int32_t r = s->map.door[from];
    return s->map.nlayers >= FS_ROOM_DEEP && r >= 0 && s->ex.rleft[r] > 0 && s->map.door[to] < 0;
}
