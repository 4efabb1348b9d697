/* Harness: a few actions from any saved position — every move path at a
 * parser's speed.  The long harnesses (game, moves, patchwork_referee) reach
 * their positions by playing up to hundreds of checked steps from a new game,
 * which costs 5-50 ms an execution; here the position comes from the input, a
 * save text that the fuzzer mutates (into positions no play reaches, too), and
 * an execution is at most STEP_MAX actions, decoded and checked by the same
 * step functions (fuzz_game.h, fuzz_moves.h).
 *
 * Input: byte 0 picks the path; the save text runs from byte 1 to the first
 * NUL byte; the action bytes follow it.
 *   0, 1  pc_game_load (any kind), then game_steps (listed and text moves,
 *         undo, redo, clone, save + load);
 *   2     pc_nonogram_load, then nonogram_steps;
 *   3     pc_pickerel_load, then pickerel_steps;
 *   4     pc_snapper_load, then snapper_steps;
 *   5     pc_patchwork_load, then patchwork_steps;
 *   6     pc_patchwork_load, then referee_steps (bot output lines).
 * A save that does not load is simply refused (game_load and the *_load
 * harnesses check the loaders); the game is reloaded from its save at the end
 * (same text). */
#include "fuzz_game.h"
#include "fuzz_moves.h"

#define STEP_MAX 4

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    uint32_t path = fz_u8(&in) % 7;
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
    case 2: {
        pc_nonogram *g = NULL;
        if (pc_nonogram_load(save, slen, err, sizeof err, &g) != PC_OK) break;
        nonogram_steps(&g, &in, STEP_MAX);
        RELOAD(pc_nonogram, pc_nonogram_load, pc_nonogram_save, pc_nonogram_clone, pc_nonogram_free, g, 0);
        pc_nonogram_free(g);
    } break;
    case 3: {
        pc_pickerel *g = NULL;
        if (pc_pickerel_load(save, slen, err, sizeof err, &g) != PC_OK) break;
        pickerel_steps(&g, &in, STEP_MAX);
        RELOAD(pc_pickerel, pc_pickerel_load, pc_pickerel_save, pc_pickerel_clone, pc_pickerel_free, g, 0);
        pc_pickerel_free(g);
    } break;
    case 4: {
        pc_snapper *g = NULL;
        if (pc_snapper_load(save, slen, err, sizeof err, &g) != PC_OK) break;
        snapper_steps(&g, &in, STEP_MAX);
        RELOAD(pc_snapper, pc_snapper_load, pc_snapper_save, pc_snapper_clone, pc_snapper_free, g, 0);
        pc_snapper_free(g);
    } break;
    default: {
        pc_patchwork *g = NULL;
        if (pc_patchwork_load(save, slen, err, sizeof err, &g) != PC_OK) break;
        if (path == 5) patchwork_steps(&g, &in, STEP_MAX);
        else referee_steps(g, &in, STEP_MAX);
        RELOAD(pc_patchwork, pc_patchwork_load, pc_patchwork_save, pc_patchwork_clone, pc_patchwork_free, g, 0);
        pc_patchwork_free(g);
    } break;
    }
    return 0;
}
