/* Internal layout of a Snapper game (the public handle). */
#ifndef PC_SNAPPER_GAME_H
#define PC_SNAPPER_GAME_H

#include "common/rng.h"
#include "snapper/board.h"

struct pc_snapper {
    struct sn_board b;
    sn_piece cur, nxt;   /* 0 = none */
    int32_t column;      /* of the current piece */
    int32_t colours;     /* 1..8 */
    int32_t target;      /* figures that end the game */
    int32_t weights[4];  /* I L T + (random source) */
    int32_t drops, drains;
    int32_t reason;      /* enum pc_snapper_end */
    int32_t listed;      /* 1: pieces come from list[] */
    uint64_t seed;
    struct pc_rng rng;
    sn_piece *list;      /* pieces after nxt (listed games) */
    size_t list_len, list_pos;
    struct sn_log log;   /* events of the last drop or drain */
};

/* A random piece of the game's distribution. */
sn_piece pc__snapper_draw(struct pc_rng *rng, const int32_t *weights, int32_t colours);
/* Parse one piece token ("L:1222", "NE:1222"); 0 when malformed. */
sn_piece pc__snapper_parse_piece(const char *s, size_t n);
/* The end reason a state implies (PC_SNAPPER_PLAYING if none). */
int32_t pc__snapper_reason(const struct pc_snapper *g);
/* Allocate a zeroed game. */
struct pc_snapper *pc__snapper_alloc(void);

#endif
