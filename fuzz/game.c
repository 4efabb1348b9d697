/* Harness: every game through pc_game (puzzlecore/game.h).  Byte 0 picks the
 * mode: even: pc_game_load of the rest (any kind's save); odd: pc_game_new of
 * kind byte1 % count, with the params text up to the first NUL (bounded) and
 * a seed from the next 8 bytes.  Then the remaining bytes are actions: play a
 * listed move, play an arbitrary text move, undo, redo, clone, save + load.
 * Conformance properties at every step: every listed move is accepted; a
 * refused move changes nothing (same save text); undo after a move restores
 * the save text exactly, redo replays it; a finished game lists no move and
 * refuses every move; clone and save -> load give the same save text;
 * to_move is a player in range (or NOBODY when over); render writes. */
#include "fuzz_game.h"

static void reload(pc_game **g, int viaclone)
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    pc_game *g = NULL, *k = NULL;
    char err[128];
    if (!(fz_u8(&in) & 1)) {
        if (pc_game_load((const char *)in.p, in.n, err, sizeof err, &g) != PC_OK) {
            FZ_CHECK(g == NULL);
            return 0;
        }
        in.n = 0;
    } else {
        int32_t kind = (int32_t)(fz_u8(&in) % (uint32_t)pc_game_kind_count());
        char params[128];
        size_t pn = 0;
        while (fz_more(&in) && pn < sizeof params - 1) {
            char c = (char)fz_u8(&in);
            if (!c) break;
            params[pn++] = c;
        }
        params[pn] = '\0';
        uint64_t seed = fz_u64(&in);
        const char *name = pc_game_kind_name(kind);
        int32_t v = pc_game_validate(name, params, err, sizeof err);
        int32_t rc = pc_game_new(name, params, seed, &g);
        if (v != PC_OK) FZ_CHECK(rc == v);
        if (rc != PC_OK) {
            FZ_CHECK(g == NULL);
            return 0;
        }
    }
    invariants(g);
    int steps = 0;
    while (fz_more(&in) && steps++ < 200) {
        uint32_t op = fz_u8(&in) % 8;
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
                int32_t pick = (int32_t)(fz_u16(&in) % (uint32_t)lines);
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
            size_t len = fz_u8(&in) % 24;
            if (len > in.n) len = in.n;
            FZ_CHECK(pc_game_clone(g, &k) == PC_OK);
            int32_t rc = pc_game_play(g, (const char *)in.p, len);
            in.p += len;
            in.n -= len;
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
            reload(&g, op == 6);
        }
        invariants(g);
    }
    reload(&g, 0);
    pc_game_free(g);
    return 0;
}
