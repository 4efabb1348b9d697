/*
 * fuzz/fuzz_game.h — the pc_game checks two harnesses share (game: the move
 * paths; game_load: the save and params parsers).
 */
#ifndef PC_FUZZ_GAME_H
#define PC_FUZZ_GAME_H

#include "fuzz.h"

/* The game's save text (malloc'ed), checked to exist. */
static inline char *save_of(const pc_game *g, size_t *n)
{
    char *s;
    FZ_TEXT(pc_game_save, g, &s, n);
    FZ_CHECK(s);
    return s;
}

/* Two games with the same save text. */
static inline void same_save(const pc_game *a, const pc_game *b)
{
    size_t n1, n2;
    char *s1 = save_of(a, &n1), *s2 = save_of(b, &n2);
    if (!fz_same(s1, n1, s2, n2)) fprintf(stderr, "%s\n----\n%s\n", FZ_STR(s1), FZ_STR(s2));
    FZ_CHECK(fz_same(s1, n1, s2, n2));
    free(s1);
    free(s2);
}

/* What holds of every game: over is 0/1, 1 or 2 players, to_move in range
 * (NOBODY when over), render writes, every score reads. */
static inline void invariants(const pc_game *g)
{
    int32_t over = pc_game_over(g), np = pc_game_player_count(g), p = -2;
    FZ_CHECK(over == 0 || over == 1);
    FZ_CHECK(np == 1 || np == 2);
    FZ_CHECK(pc_game_to_move(g, &p) == PC_OK);
    FZ_CHECK(over ? p == PC_GAME_NOBODY : (p >= 0 && p < np));
    char *r;
    size_t rn;
    FZ_TEXT(pc_game_render, g, &r, &rn);
    FZ_CHECK(r);
    free(r);
    for (int32_t i = 0; i < np; i++) {
        double sc;
        FZ_CHECK(pc_game_score(g, i, &sc) == PC_OK);
    }
}

#endif
