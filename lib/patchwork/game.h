/* lib/patchwork/game.h — the public handle's layout and shared text helpers. */
#ifndef PC_PATCHWORK_GAME_H
#define PC_PATCHWORK_GAME_H

#include "common/budget.h"
#include "common/text.h"
#include "patchwork/pw.h"
#include "puzzlecore/patchwork.h"

/* One thing the last move did (pc_patchwork_event). */
typedef struct pw_event {
    int32_t kind, player, v[PC_PATCHWORK_EVENT_VALUES];
} pw_event;

enum { PW_MAXEVENTS = 8 };

struct pc_patchwork {
    pw_state s;
    uint64_t seed;
    uint8_t deck[PW_NPATCH];
    int32_t nhist;
    pw_move hist[PW_MAXHIST];
    uint8_t hist_player[PW_MAXHIST];
    /* who covers each square, for front ends that draw the quilt: 0 empty,
     * patch id + 1, or a special patch's (negative) referee id; and the
     * orientation k = 4 * flip + rot it was placed in.  Kept beside the rules
     * state, which needs only the covered bits. */
    int8_t own_id[2][81];
    uint8_t own_k[2][81];
    /* the events of the last move */
    int32_t nev;
    pw_event ev[PW_MAXEVENTS];
};

/* Checks and applies one move, recording it in the history. */
int32_t pc__patchwork_apply_move(pc_patchwork *g, const pw_move *m);
/* Records what a move did (events.c): before is the state before it, me the
 * mover, special_id the special pending before it (0 if none). */
void pc__patchwork_note_move(pc_patchwork *g, const pw_state *before, const pw_move *m, int32_t me,
                             int32_t special_id);
/* The action cap a game of g's ruleset starts with (saves write another). */
int32_t pc__patchwork_default_cap(const pc_patchwork *g);
void pc__patchwork_put_board(pc__sb *sb, pw_bb b);
void pc__patchwork_put_shape(pc__sb *sb, const pw_orient *o);
/* A move as the referee writes it ("SKIP", "PLAY id x y [flip rot]"), into
 * a fixed buffer: listing a turn's ~700 moves then costs no allocation each.
 * Returns the length. */
enum { PW_MOVE_TEXT_MAX = 48 };
size_t pc__patchwork_move_str(int32_t rotations, const pw_move *m, char out[PW_MOVE_TEXT_MAX]);
void pc__patchwork_put_move(pc__sb *sb, int32_t rotations, const pw_move *m);

/* The bots on plain states (bot.c). */
pw_move pc__patchwork_baseline(const pw_state *s);
pw_move pc__patchwork_mcts(const pw_state *root, pc__meter *meter, int64_t *done, int32_t *status);

#endif
