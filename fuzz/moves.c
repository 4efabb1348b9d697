/* Harness: the move paths of every game through their own APIs.  Byte 0
 * picks the game, the next bytes its parameters, the rest a sequence of
 * actions (moves with arbitrary arguments, undo/redo where the game has
 * them, clone, save + load), decoded and checked by the step functions of
 * fuzz_moves.h: a refused move changes nothing (same save text); the game's
 * check() agrees with its play(); a clone and a save -> load give a game with
 * the same save text, which then plays on identically.  (`step` runs the same
 * functions for a few actions from any loaded save.) */
#include "fuzz_moves.h"

static void run_nonogram(struct fz_in *in)
{
    int32_t w = 1 + (int32_t)(fz_u8(in) % 12), h = 1 + (int32_t)(fz_u8(in) % 12);
    char bits[144];
    for (int32_t i = 0; i < w * h; i++) bits[i] = (fz_u8(in) & 1) ? '1' : '0';
    pc_nonogram *g = NULL;
    char err[64];
    FZ_CHECK(pc_nonogram_new_from_solution(w, h, bits, (size_t)(w * h), err, sizeof err, &g) == PC_OK);
    nonogram_steps(&g, in, 1 << 30);
    RELOAD(pc_nonogram, pc_nonogram_load, pc_nonogram_save, pc_nonogram_clone, pc_nonogram_free, g, 0);
    pc_nonogram_free(g);
}

static void run_pickerel(struct fz_in *in)
{
    int32_t level = 1 + (int32_t)(fz_u8(in) % 12);
    uint32_t opts = fz_u8(in) & 1;
    uint64_t seed = fz_u64(in);
    pc_pickerel *g = NULL;
    FZ_CHECK(pc_pickerel_new(level, seed, opts, &g) == PC_OK);
    pickerel_steps(&g, in, 400);
    RELOAD(pc_pickerel, pc_pickerel_load, pc_pickerel_save, pc_pickerel_clone, pc_pickerel_free, g, 0);
    pc_pickerel_free(g);
}

static void run_snapper(struct fz_in *in)
{
    uint64_t seed = fz_u64(in);
    int32_t preset = (int32_t)(fz_u8(in) % PC_SNAPPER_PRESETS);
    pc_snapper *g = NULL;
    FZ_CHECK(pc_snapper_new(preset, seed, &g) == PC_OK);
    snapper_steps(&g, in, 400);
    RELOAD(pc_snapper, pc_snapper_load, pc_snapper_save, pc_snapper_clone, pc_snapper_free, g, 0);
    pc_snapper_free(g);
}

static void run_patchwork(struct fz_in *in)
{
    static const int32_t rulesets[] = {1, 2, 3, 4, 5, 10};
    int32_t rs = rulesets[fz_u8(in) % 6];
    uint64_t seed = fz_u64(in);
    pc_patchwork *g = NULL;
    FZ_CHECK(pc_patchwork_new(rs, seed, &g) == PC_OK);
    patchwork_steps(&g, in, 300);
    RELOAD(pc_patchwork, pc_patchwork_load, pc_patchwork_save, pc_patchwork_clone, pc_patchwork_free, g, 0);
    pc_patchwork_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    switch (fz_u8(&in) % 4) {
    case 0: run_nonogram(&in); break;
    case 1: run_pickerel(&in); break;
    case 2: run_snapper(&in); break;
    default: run_patchwork(&in); break;
    }
    return 0;
}
