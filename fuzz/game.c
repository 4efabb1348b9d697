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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    pc_game *g = NULL;
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
    game_steps(&g, &in, 200);
    game_reload(&g, 0);
    pc_game_free(g);
    return 0;
}
