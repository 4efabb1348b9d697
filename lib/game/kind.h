/*
 * Internal: what a game kind gives pc_game (lib/game/game.c), one table per
 * kind (kind_<name>.c), as a Tatham `game` struct does.  The generic layer
 * owns the history (undo/redo as a list of states), the text conventions and
 * the argument checks; a kind only speaks its own rules through its typed API.
 */
#ifndef PC_GAME_KIND_H
#define PC_GAME_KIND_H

#include "common/text.h"
#include "puzzlecore/game.h"

/* One key=value pair of a params text (not NUL-terminated). */
typedef struct pc__param {
    const char *key, *val;
    size_t klen, vlen;
} pc__param;

typedef struct pc__kind {
    const char *name;
    int32_t players;
    /* Make a game from the params (already split, keys unchecked) and a seed.
     * Unknown keys and bad values: PC_EPARSE with "key: message" in err. */
    int32_t (*create)(const pc__param *p, int32_t np, uint64_t seed, char *err, size_t errcap, void **out);
    int32_t (*load)(const char *text, size_t len, char *err, size_t errcap, void **out);
    int32_t (*save)(const void *s, char *buf, size_t cap, size_t *len);
    int32_t (*clone)(const void *s, void **out);
    void (*free)(void *s);
    /* Every legal move, each followed by '\n', nothing when over. */
    int32_t (*moves)(const void *s, pc__sb *out);
    /* Play a move text (trimmed, 1..PC_GAME_MAX_MOVE bytes).  Atomic. */
    int32_t (*play)(void *s, const char *m, size_t n);
    int32_t (*over)(const void *s);
    int32_t (*to_move)(const void *s); /* 0-based, only asked while not over */
    int32_t (*score)(const void *s, int32_t player, double *out);
    int32_t (*render)(const void *s, pc__sb *out);
    /* One move text (no '\n') into out. */
    int32_t (*suggest)(const void *s, const pc_budget *b, pc__sb *out);
    /* pc_game_validate: check the params as create would, without making the
     * game when that is costly (a nonogram's generator); NULL: create and
     * free. */
    int32_t (*check)(const pc__param *p, int32_t np, char *err, size_t errcap);
} pc__kind;

/* Each kind's table (functions rather than extern data, so that the
 * amalgamation can make them static like every pc__ name). */
const pc__kind *pc__kind_nonogram(void);
const pc__kind *pc__kind_pickerel(void);
const pc__kind *pc__kind_snapper(void);
const pc__kind *pc__kind_sokoban(void);
const pc__kind *pc__kind_patchwork(void);

/* ---- helpers the kinds share (params.c) ------------------------------------ */

/* 1 when param p's key is `key`. */
int pc__param_is(const pc__param *p, const char *key);

/* An integer value in [lo, hi]; PC_EPARSE with "key: ..." in err otherwise. */
int32_t pc__param_int(const pc__param *p, int64_t lo, int64_t hi, int64_t *out, char *err, size_t errcap);

/* PC_EPARSE "key: unknown parameter (known: list)". */
int32_t pc__param_unknown(const pc__param *p, const char *known, char *err, size_t errcap);

/* Split a move text into at most `max` space-separated words; returns the
 * count, or -1 when there are more. */
int32_t pc__words(const char *m, size_t n, const char **w, size_t *wn, int32_t max);

/* A word that is a decimal integer in [lo, hi] (no sign unless lo < 0). */
int pc__word_int(const char *w, size_t n, int64_t lo, int64_t hi, int32_t *out);

/* 1 when (w, n) is exactly the NUL-terminated `s`. */
int pc__word_is(const char *w, size_t n, const char *s);

/* Append a typed (buf, cap, len) text function's output to sb. */
int32_t pc__sb_put_text(pc__sb *sb, int32_t (*fn)(const void *, char *, size_t, size_t *), const void *obj);

#endif
