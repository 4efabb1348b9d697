/* lib/patchwork/game.h — the public handle's layout and shared text helpers. */
#ifndef PC_PATCHWORK_GAME_H
#define PC_PATCHWORK_GAME_H

#include "common/budget.h"
#include "common/text.h"
#include "patchwork/pw.h"
#include "puzzlecore/patchwork.h"

struct pc_patchwork {
    pw_state s;
    uint64_t seed;
    uint8_t deck[PW_NPATCH];
    int32_t nhist;
    pw_move hist[PW_MAXHIST];
    uint8_t hist_player[PW_MAXHIST];
};

/* Checks and applies one move, recording it in the history. */
int32_t pc__patchwork_apply_move(pc_patchwork *g, const pw_move *m);
void pc__patchwork_put_board(pc__sb *sb, pw_bb b);
void pc__patchwork_put_shape(pc__sb *sb, const pw_orient *o);
void pc__patchwork_put_move(pc__sb *sb, int32_t rotations, const pw_move *m);

/* The bots on plain states (bot.c). */
pw_move pc__patchwork_baseline(const pw_state *s);
pw_move pc__patchwork_mcts(const pw_state *root, pc__meter *meter, int64_t *done, int32_t *status);

#endif
