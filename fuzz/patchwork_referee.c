/* Harness: Patchwork's referee protocol.  Byte 0 picks the ruleset, bytes
 * 1..8 the seed; the rest is bot output, one line per '\n', each parsed by
 * pc_patchwork_parse_command and played by pc_patchwork_referee_step
 * (referee_steps, fuzz_moves.h).  Properties: a refused line changes nothing
 * (same save text); a played line is a legal move; the message lies in the
 * line; the game's save reloads to the same text at the end. */
#include "fuzz_moves.h"

static const int32_t rulesets[] = {1, 2, 3, 4, 5, 10};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    int32_t rs = rulesets[fz_u8(&in) % 6];
    uint64_t seed = fz_u64(&in);
    pc_patchwork *g = NULL;
    FZ_CHECK(pc_patchwork_new(rs, seed, &g) == PC_OK);
    referee_steps(g, &in, 200);
    RELOAD(pc_patchwork, pc_patchwork_load, pc_patchwork_save, pc_patchwork_clone, pc_patchwork_free, g, 0);
    pc_patchwork_free(g);
    return 0;
}
