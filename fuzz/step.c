/* Harness: a few actions from any saved position — every move path at a
 * parser's speed.  The long harnesses (game, moves, patchwork_referee) reach
 * their positions by playing up to hundreds of checked steps from a new game,
 * which costs 5-50 ms an execution; here the position comes from the input, a
 * save text that the fuzzer mutates (into positions no play reaches, too), and
 * an execution is at most STEP_MAX actions, decoded and checked by the same
 * step functions (fuzz_game.h, fuzz_moves.h).
 *
 * Input: byte 0 picks the path (mod 8); the save text runs from byte 1 to the first
 * NUL byte; the action bytes follow it.
 *   0, 1  pc_game_load (any kind), then game_steps (listed and text moves,
 *         undo, redo, clone, save + load);
 *   2     pc_nonogram_load, then nonogram_steps;
 *   3     pc_pickerel_load, then pickerel_steps;
 *   4     pc_snapper_load, then snapper_steps;
 *   5     pc_patchwork_load, then patchwork_steps;
 *   6     pc_patchwork_load, then referee_steps (bot output lines);
 *   7     pc_sokoban_load, then sokoban_steps (steps, undo/redo by unit,
 *         restart, walk and push paths, reachable squares, deadlock, LURD).
 * A save that does not load is simply refused (game_load and the *_load
 * harnesses check the loaders); the game is reloaded from its save at the end
 * (same text). */
#include "fuzz_game.h"
#include "fuzz_moves.h"

#define STEP_MAX 4

/* referee_steps with the other step functions' signature */
static void referee_steps_of(pc_patchwork **g, struct fz_in *in, int max) { referee_steps(*g, in, max); }

/* One typed path: T##_load the save, the steps, then the reload check. */
#define TYPED_PATH(T, STEPS)                                                             \
    do {                                                                                 \
        T *g = NULL;                                                                     \
        if (T##_load(save, slen, err, sizeof err, &g) != PC_OK) break;                   \
        STEPS(&g, &in, STEP_MAX);                                                        \
        RELOAD(T, T##_load, T##_save, T##_clone, T##_free, g, 0);                        \
        T##_free(g);                                                                     \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    uint32_t path = fz_u8(&in) % 8;
    const uint8_t *nul = memchr(in.p, 0, in.n);
    size_t slen = nul ? (size_t)(nul - in.p) : in.n;
    const char *save = (const char *)in.p;
    in.p += slen;
    in.n -= slen;
    (void)fz_u8(&in); /* the NUL */
    char err[128];
    switch (path) {
    case 0: case 1: {
        pc_game *g = NULL;
        if (pc_game_load(save, slen, err, sizeof err, &g) != PC_OK) break;
        invariants(g);
        game_steps(&g, &in, STEP_MAX);
        game_reload(&g, 0);
        pc_game_free(g);
    } break;
    case 2: TYPED_PATH(pc_nonogram, nonogram_steps); break;
    case 3: TYPED_PATH(pc_pickerel, pickerel_steps); break;
    case 4: TYPED_PATH(pc_snapper, snapper_steps); break;
    case 5: TYPED_PATH(pc_patchwork, patchwork_steps); break;
    case 6: TYPED_PATH(pc_patchwork, referee_steps_of); break;
    default: TYPED_PATH(pc_sokoban, sokoban_steps); break;
    }
    return 0;
}
