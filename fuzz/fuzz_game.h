/*
 * fuzz/fuzz_game.h — the pc_game checks the harnesses share (game: the move
 * paths from a new or loaded game; step: a few moves from any save; game_load:
 * the save and params parsers).
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

/* Replace *g by its clone or by its save loaded back; same save text. */
static inline void game_reload(pc_game **g, int viaclone)
{
    pc_game *h = NULL;
    if (viaclone) {
        FZ_CHECK(pc_game_clone(*g, &h) == PC_OK);
    } else {
        size_t n;
        char *s = save_of(*g, &n), err[128];
        int32_t rc = pc_game_load(s, n, err, sizeof err, &h);
        if (rc != PC_OK) fprintf(stderr, "reload: %s\n%s\n", err, FZ_STR(s));
        FZ_CHECK(rc == PC_OK);
        free(s);
    }
    same_save(*g, h);
    pc_game_free(*g);
    *g = h;
}

/* Up to max actions decoded from in, checked at every step: play a listed
 * move (every one is accepted; undo restores the save text, redo replays),
 * an arbitrary text move (refused: nothing changes; accepted: undo restores),
 * undo, redo, clone, save + load.  *gp may be replaced by its clone or its
 * reloaded save. */
static inline void game_steps(pc_game **gp, struct fz_in *in, int max)
{
    pc_game *g = *gp, *k = NULL;
    int steps = 0;
    while (fz_more(in) && steps++ < max) {
        uint32_t op = fz_u8(in) % 8;
        if (op <= 2) {
            /* a listed move */
            char *m;
            size_t mn;
            FZ_TEXT(pc_game_moves, g, &m, &mn);
            FZ_CHECK(m);
            int32_t lines = 0;
            for (size_t i = 0; i < mn; i++) lines += m[i] == '\n';
            FZ_CHECK(mn == 0 || m[mn - 1] == '\n');
            FZ_CHECK((lines == 0) == (pc_game_over(g) == 1));
            if (lines > 0) {
                int32_t pick = (int32_t)(fz_u16(in) % (uint32_t)lines);
                char *p = m;
                for (int32_t i = 0; i < pick; i++) p = strchr(p, '\n') + 1;
                size_t len = (size_t)(strchr(p, '\n') - p);
                FZ_CHECK(pc_game_clone(g, &k) == PC_OK);
                int32_t rc = pc_game_play(g, p, len);
                if (rc != PC_OK) fprintf(stderr, "listed move '%.*s' refused: %d\n", (int)len, p, (int)rc);
                FZ_CHECK(rc == PC_OK);
                FZ_CHECK(pc_game_redo_count(g) == 0);
                FZ_CHECK(pc_game_undo(g) == PC_OK);
                same_save(g, k);
                FZ_CHECK(pc_game_redo(g) == PC_OK);
                pc_game_free(k);
                k = NULL;
            }
            free(m);
        } else if (op == 3) {
            /* an arbitrary text move */
            size_t len = fz_u8(in) % 24;
            if (len > in->n) len = in->n;
            FZ_CHECK(pc_game_clone(g, &k) == PC_OK);
            int32_t rc = pc_game_play(g, (const char *)in->p, len);
            in->p += len;
            in->n -= len;
            if (rc != PC_OK) {
                FZ_CHECK(rc == PC_EPARSE || rc == PC_EILLEGAL || rc == PC_EOVER || rc == PC_ERANGE);
                same_save(g, k);
            } else {
                FZ_CHECK(pc_game_undo(g) == PC_OK);
                same_save(g, k);
                FZ_CHECK(pc_game_redo(g) == PC_OK);
            }
            pc_game_free(k);
            k = NULL;
        } else if (op == 4) {
            int32_t u = pc_game_undo_count(g), rc = pc_game_undo(g);
            FZ_CHECK(u >= 0 && (rc == PC_OK) == (u > 0));
        } else if (op == 5) {
            int32_t r = pc_game_redo_count(g), rc = pc_game_redo(g);
            FZ_CHECK(r >= 0 && (rc == PC_OK) == (r > 0));
        } else {
            game_reload(&g, op == 6);
        }
        invariants(g);
    }
    *gp = g;
}

#endif
