/*
 * bench/web_speed.c — the native half of the WebAssembly speed comparison
 * (bench/web_speed.mjs runs the same work in the wasm module; doc/web.md).
 * Fixed work through pc_game, no clock limit:
 *   nonogram: 12 games size=30x30 grade=3 generated (the generator's line
 *             solving and probing prove each unique), then one hint each;
 *   sokoban:  the fast mode's suggestion on an 8-box level, stopped at
 *             100000 nodes (PC_ELIMIT: the same node count on both sides).
 * Prints each part's milliseconds and a check value (the nonogram part twice:
 * in WebAssembly the first pass includes the engine's JIT tiers).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static const char LEVEL[] = "level=##############|#----#---#---#|#-$$---$---$-#|#-#--##-#-##-#|#-$-$--$-$---#|"
                            "#--#-##--#-#-#|#-........-@-#|##############";

int main(void)
{
    char m[PC_GAME_MAX_MOVE + 1];
    size_t n;
    pc_budget b;
    double t = 0;
    for (int pass = 0; pass < 2; pass++) {
        t = now_ms();
        unsigned long check = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            pc_game *g = NULL;
            if (pc_game_new("nonogram", "size=30x30 grade=3", seed, &g) != PC_OK)
                return 1;
            pc_budget_init(&b, sizeof b);
            b.max_seconds = -1;
            if (pc_game_suggest(g, &b, m, sizeof m, &n) == PC_OK)
                check = check * 31 + (unsigned long)strlen(m) + (unsigned long)m[n - 1];
            pc_game_free(g);
        }
        printf("nonogram (%s pass): %.0f ms (check %lu)\n", pass ? "second" : "first", now_ms() - t, check);
    }
    t = now_ms();
    pc_game *g = NULL;
    if (pc_game_new("sokoban", LEVEL, 0, &g) != PC_OK)
        return 1;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 100000;
    b.max_seconds = -1;
    int32_t rc = pc_game_suggest(g, &b, m, sizeof m, &n);
    pc_game_free(g);
    printf("sokoban: %.0f ms (status %d)\n", now_ms() - t, (int)rc);
    return 0;
}
