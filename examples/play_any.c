/*
 * play_any — play any game of libpuzzlecore through pc_game, knowing nothing
 * of its rules: list the moves, take the library's suggestion, play it.
 *
 *   cc play_any.c $(pkg-config --cflags --libs libpuzzlecore) -o play_any
 *   ./play_any sokoban                 # one game, the kind's default params
 *   ./play_any pickerel "level=3" 42   # params and a seed
 *   ./play_any --demo                  # every kind, 30 moves each
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlecore/puzzlecore.h>

static int play(const char *kind, const char *params, uint64_t seed, int max_moves)
{
    pc_game *g = NULL;
    char err[256] = "";
    if (pc_game_validate(kind, params, err, sizeof err) != PC_OK || pc_game_new(kind, params, seed, &g) != PC_OK) {
        fprintf(stderr, "play_any: %s: %s\n", kind, err[0] ? err : "cannot make this game");
        return 1;
    }
    /* A fixed node budget: the same moves on every machine. */
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 500;
    b.max_seconds = 5;
    int moves = 0;
    while (pc_game_over(g) == 0 && moves < max_moves) {
        char move[PC_GAME_MAX_MOVE + 1];
        size_t n = 0;
        int32_t rc = pc_game_suggest(g, &b, move, sizeof move, &n);
        if (rc != PC_OK) {
            printf("%s: no suggestion (%s)\n", kind, pc_strerror(rc));
            break;
        }
        if (pc_game_play(g, move, n) != PC_OK)
            break;
        moves++;
    }
    printf("==== %s after %d moves (%s)\n", kind, moves, pc_game_over(g) == 1 ? "over" : "going on");
    size_t n = 0;
    pc_game_render(g, NULL, 0, &n);
    char *text = malloc(n + 1);
    if (text && pc_game_render(g, text, n + 1, &n) == PC_OK)
        fputs(text, stdout);
    free(text);
    for (int32_t p = 0; p < pc_game_player_count(g); p++) {
        double score = 0;
        pc_game_score(g, p, &score);
        printf("score of player %d: %g\n", (int)p, score);
    }
    pc_game_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--demo") != 0)
        return play(argv[1], argc > 2 ? argv[2] : NULL, argc > 3 ? strtoull(argv[3], NULL, 10) : 1, 10000);
    int bad = 0;
    for (int32_t k = 0; k < pc_game_kind_count(); k++)
        bad |= play(pc_game_kind_name(k), NULL, 1, 30);
    return bad;
}
