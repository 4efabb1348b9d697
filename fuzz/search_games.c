/* Harness: the other searches under a tiny budget.  Byte 0 picks one:
 * Sokoban's solver on the level text that follows (its solution is replayed
 * and must solve the level with the reported moves and pushes; the node count
 * stays within the budget), or an advisor (Pickerel, Snapper, Patchwork MCTS
 * and baseline) on a game loaded from the save text that follows (the move
 * named must be legal). */
#include "fuzz.h"

static void sokoban(const char *t, size_t n, int32_t mode)
{
    char err[128];
    pc_sokoban *g = NULL;
    if (pc_sokoban_new(t, n, err, sizeof err, &g) != PC_OK) return;
    pc_sokoban_result *r = NULL;
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 3000;
    b.max_bytes = 32u << 20;
    b.max_seconds = 1.0;
    int32_t rc = pc_sokoban_solve(g, mode, &b, &r);
    if (rc == PC_OK || rc == PC_ENOTFOUND || rc == PC_ELIMIT) {
        FZ_CHECK(r && pc_sokoban_result_status(r) == rc);
        FZ_CHECK(pc_sokoban_result_nodes(r) <= 3000 + 1);
    } else {
        FZ_CHECK(r == NULL && (rc == PC_ERANGE || rc == PC_ENOMEM));
    }
    if (rc == PC_OK) fz_sokoban_replays(g, r);
    pc_sokoban_result_free(r);
    pc_sokoban_free(g);
}

static void pickerel(const char *t, size_t n)
{
    char err[128];
    pc_pickerel *g = NULL;
    if (pc_pickerel_load(t, n, err, sizeof err, &g) != PC_OK) return;
    int32_t mv[4];
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 60;
    int32_t rc = pc_pickerel_suggest(g, &b, mv);
    if (rc == PC_OK) FZ_CHECK(pc_pickerel_check(g, mv) == PC_OK);
    else FZ_CHECK(rc == PC_EOVER || rc == PC_ENOMEM);
    pc_pickerel_free(g);
}

static void snapper(const char *t, size_t n)
{
    char err[128];
    pc_snapper *g = NULL, *h = NULL;
    if (pc_snapper_load(t, n, err, sizeof err, &g) != PC_OK) return;
    for (int pass = 0; pass < 2; pass++) {
        int32_t mv = -1, col = -1, turns = -1, rc;
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.max_nodes = 40;
        if (pass == 0) rc = pc_snapper_suggest(g, &b, &mv, &col, &turns, NULL);
        else rc = pc_snapper_greedy(g, &mv, &col, &turns);
        if (rc != PC_OK) {
            FZ_CHECK(rc == PC_EOVER || rc == PC_EILLEGAL || rc == PC_ENOMEM);
            continue;
        }
        FZ_CHECK(pc_snapper_clone(g, &h) == PC_OK);
        if (mv == PC_SNAPPER_MOVE_DRAIN) FZ_CHECK(pc_snapper_drain(h) == PC_OK);
        else FZ_CHECK(mv == PC_SNAPPER_MOVE_DROP && pc_snapper_play(h, col, turns) == PC_OK);
        pc_snapper_free(h);
    }
    pc_snapper_free(g);
}

static void patchwork(const char *t, size_t n, uint64_t seed)
{
    char err[128];
    pc_patchwork *g = NULL;
    if (pc_patchwork_load(t, n, err, sizeof err, &g) != PC_OK) return;
    int32_t code = -1;
    int32_t rc = pc_patchwork_baseline_move(g, &code);
    if (rc == PC_OK) FZ_CHECK(pc_patchwork_check(g, code) == PC_OK);
    else FZ_CHECK(rc == PC_EOVER);
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 8;
    b.seed = seed;
    rc = pc_patchwork_suggest(g, &b, &code);
    if (rc == PC_OK) FZ_CHECK(pc_patchwork_check(g, code) == PC_OK);
    else FZ_CHECK(rc == PC_EOVER || rc == PC_ENOMEM);
    pc_patchwork_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const char *t = (const char *)data + 1;
    size_t n = size - 1;
    switch (data[0] % 5) {
    case 0: sokoban(t, n, data[0] / 5 % 2); break;
    case 1: pickerel(t, n); break;
    case 2: snapper(t, n); break;
    default: patchwork(t, n, data[0]); break;
    }
    return 0;
}
