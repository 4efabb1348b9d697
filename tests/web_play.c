/*
 * tests/web_play.c — the native half of the WebAssembly determinism test
 * (tests/web_determinism.sh; tests/web_determinism.mjs is the other half).
 * For every kind and seeds 1 and 2: a new game, then STEPS moves, each the
 * listed move number (step * 7) % count; after every step the move, the save
 * text and each player's score as the bits of the double.  At step 0 also
 * the suggestion under a node-only budget (deterministic on any machine).
 * The two programs must print the same bytes.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"

enum { STEPS = 40 };

static char *text(const pc_game *g, int32_t (*fn)(const pc_game *, char *, size_t, size_t *))
{
    size_t n = 0;
    if (fn(g, NULL, 0, &n) != PC_OK)
        return NULL;
    char *s = malloc(n + 1);
    if (s && fn(g, s, n + 1, &n) != PC_OK) {
        free(s);
        return NULL;
    }
    return s;
}

static void scores(const pc_game *g)
{
    printf("scores");
    for (int32_t p = 0; p < pc_game_player_count(g); p++) {
        double d = 0;
        uint64_t u;
        pc_game_score(g, p, &d);
        memcpy(&u, &d, sizeof u);
        printf(" %016" PRIx64, u);
    }
    printf(" over=%d\n", (int)pc_game_over(g));
}

int main(void)
{
    for (int32_t k = 0; k < pc_game_kind_count(); k++) {
        const char *kind = pc_game_kind_name(k);
        for (uint64_t seed = 1; seed <= 2; seed++) {
            pc_game *g = NULL;
            int32_t rc = pc_game_new(kind, strcmp(kind, "nonogram") == 0 ? "size=8x6" : "", seed, &g);
            printf("== %s seed %" PRIu64 " rc=%d\n", kind, seed, (int)rc);
            if (rc != PC_OK)
                return 1;
            pc_budget b;
            pc_budget_init(&b, sizeof b);
            b.max_nodes = 300;
            b.max_seconds = -1;
            char m[PC_GAME_MAX_MOVE + 1] = "";
            size_t mlen = 0;
            rc = pc_game_suggest(g, &b, m, sizeof m, &mlen);
            printf("suggest rc=%d move=%s\n", (int)rc, rc == PC_OK ? m : "");
            for (int step = 0; step < STEPS && !pc_game_over(g); step++) {
                char *moves = text(g, pc_game_moves);
                if (!moves)
                    return 1;
                int count = 0;
                for (char *p = moves; *p; p++)
                    count += *p == '\n';
                char *line = moves;
                for (int i = 0; i < (step * 7) % count; i++)
                    line = strchr(line, '\n') + 1;
                size_t len = strcspn(line, "\n");
                rc = pc_game_play(g, line, len);
                printf("step %d move %.*s rc=%d\n", step, (int)len, line, (int)rc);
                free(moves);
                char *save = text(g, pc_game_save);
                if (!save)
                    return 1;
                fputs(save, stdout);
                free(save);
                scores(g);
            }
            pc_game_free(g);
        }
    }
    return 0;
}
