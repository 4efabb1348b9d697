/*
 * lib/patchwork/pw.h — internal view of the Patchwork engine: bitboards, the
 * patch table, the plain-value game state that clones by memcpy, and the
 * pc__patchwork_* helpers the protocol, the bots and the tests share.
 *
 * Board cell (x, y) (x = column, y = row, both 0..8) is bit y*9 + x of an
 * 81-bit board held in two 64-bit words.  A patch orientation is a 64-bit
 * mask at the origin (its bounding box spans at most 5 rows, i.e. bits
 * 0..40), so a placement test at (x, y) is one 128-bit shift and one AND.
 */
#ifndef PC_PATCHWORK_PW_H
#define PC_PATCHWORK_PW_H

#include <stdint.h>
#include <string.h>

#include "common/bits.h"
#include "common/rng.h"

enum {
    PW_NPATCH = 33,      /* real patches, ids 0..32 */
    PW_SPECIAL_PATCH = 33,    /* index of the 1x1 special patch in the table */
    PW_NPATCH_ALL = 34,
    PW_MAXHIST = 160,    /* more than any game can last (<= 2*53 + 5 actions) */
    PW_MAXMOVES = 2048   /* > 3 patches * 8 orientations * 81 origins + SKIP */
};

typedef struct pw_bb {
    uint64_t lo, hi; /* bits 0..63 and 64..80 */
} pw_bb;

typedef struct pw_orient {
    uint64_t mask;     /* cells with the bounding box at the origin */
    uint64_t origins[2]; /* origins (x, y) where the bounding box fits */
    uint8_t w, h;
    uint8_t canon;     /* smallest k with the same shape */
    uint8_t ncells;
    uint8_t off[8];    /* bit offsets of the cells from the origin */
} pw_orient;

typedef struct pw_patch {
    int8_t earn, price, time, cells;
    uint8_t ndistinct;
    const char *shape;
    uint8_t distinct[8]; /* the k of each distinct orientation, ascending */
    pw_orient orient[8]; /* indexed by k = 4*flip + rot (duplicates kept) */
} pw_patch;

extern const pw_patch pc__patchwork_patches[PW_NPATCH_ALL];

/* ---- bitboards ----------------------------------------------------------- */

#define PW_FULL_HI 0x1FFFFu /* bits 64..80 */

static inline pw_bb pw_shr(pw_bb b, unsigned n)
{
    pw_bb r;
    if (n == 0)
        return b;
    if (n >= 64) {
        r.lo = b.hi >> (n - 64);
        r.hi = 0;
    } else {
        r.lo = (b.lo >> n) | (b.hi << (64 - n));
        r.hi = b.hi >> n;
    }
    return r;
}

static inline pw_bb pw_shl64(uint64_t m, unsigned n)
{
    pw_bb r;
    if (n == 0) {
        r.lo = m;
        r.hi = 0;
    } else if (n >= 64) {
        r.lo = 0;
        r.hi = m << (n - 64);
    } else {
        r.lo = m << n;
        r.hi = m >> (64 - n);
    }
    return r;
}

static inline int pw_popcount(pw_bb b)
{
    return pc__popcount64(b.lo) + pc__popcount64(b.hi);
}

static inline int pw_fits(pw_bb board, const pw_orient *o, int x, int y)
{
    if (x < 0 || y < 0 || x + o->w > 9 || y + o->h > 9)
        return 0;
    return (pw_shr(board, (unsigned)(y * 9 + x)).lo & o->mask) == 0;
}

/* Every origin where orientation o fits on board, as a bitboard: the AND
 * over the patch's cells of the free squares shifted back by the cell's
 * offset, restricted to origins where the bounding box is on the board. */
static inline pw_bb pw_fit_origins(pw_bb board, const pw_orient *o)
{
    pw_bb fr = {~board.lo, ~board.hi & PW_FULL_HI};
    pw_bb r = {o->origins[0], o->origins[1]};
    for (int i = 0; i < o->ncells && (r.lo | r.hi); i++) {
        pw_bb s = pw_shr(fr, o->off[i]);
        r.lo &= s.lo;
        r.hi &= s.hi;
    }
    return r;
}

/* ---- rules and state ------------------------------------------------------ */

typedef struct pw_rules {
    int32_t ruleset;       /* PC_PATCHWORK_RULES_* */
    int32_t duration;      /* last timeline index */
    int32_t initial_money;
    int32_t skip_mult, money_mult, bonus_mult, offset;
    int32_t rotations;     /* flip/rotation allowed */
    int32_t bonus_size;
    int32_t cap;           /* action cap (0 = none) */
    int32_t official;      /* official end/tie rules */
    uint64_t earn_mask;    /* bit t: an income event at position t */
    uint64_t patch_mask;   /* bit t: a special patch at position t */
} pw_rules;

typedef struct pw_player {
    pw_bb board;
    int32_t pos, buttons, income, pending;
} pw_player;

typedef struct pw_state {
    pw_rules r;
    pw_player p[2];
    uint64_t unclaimed;      /* special patch positions still in the queue */
    int32_t last_play;       /* who moved last (0 at the start) */
    int32_t finished_first;  /* -1 or the player */
    int32_t bonus_owner;     /* -1 or the player */
    int32_t actions;         /* actions taken (referee turns) */
    int32_t over;            /* 0 playing, 1 normal end, 2 action cap */
    int32_t nmarket;
    uint8_t market[PW_NPATCH]; /* circle from the marker; [0..2] buyable */
} pw_state;

/* A move: kind 0 SKIP, 1 PLAY (patch 0..32), 2 SPECIAL (the pending 1x1).
 * flip/rot are kept as given so logs print what the player sent. */
typedef struct pw_move {
    uint8_t kind, patch, x, y, flip, rot;
} pw_move;

enum { PW_SKIP = 0, PW_PLAY = 1, PW_SPECIAL = 2 };

int32_t pc__patchwork_rules(pw_rules *r, int32_t ruleset);
void pc__patchwork_init(pw_state *s, const pw_rules *r, const uint8_t *deck, int32_t n);
int32_t pc__patchwork_to_move(const pw_state *s);
/* Checks a move for the player to move: PC_OK or the PC_E* it would fail with
 * (PC_EOVER, PC_EINVAL for out-of-range fields, PC_EILLEGAL). */
int32_t pc__patchwork_check(const pw_state *s, const pw_move *m);
/* Applies a move that pc__patchwork_check accepted. */
void pc__patchwork_do(pw_state *s, const pw_move *m);
/* All legal moves, each distinct placement once (canonical orientation).
 * Returns the count (at most PW_MAXMOVES). */
int32_t pc__patchwork_legal(const pw_state *s, pw_move *out);
int32_t pc__patchwork_score(const pw_state *s, int32_t player);
int32_t pc__patchwork_winner(const pw_state *s);
int32_t pc__patchwork_special_id(const pw_state *s);
/* One random legal move (the benchmark's playout policy). */
pw_move pc__patchwork_random_move(const pw_state *s, struct pc_rng *rng);
/* Connected empty regions (4-neighbour) of a board. */
int32_t pc__patchwork_regions(pw_bb board);

int32_t pc__patchwork_move_code(const pw_move *m);
int32_t pc__patchwork_move_from_code(int32_t code, pw_move *m);

#endif
