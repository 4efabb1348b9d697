/*
 * examples/patchwork.c -- play Patchwork in the terminal on libpuzzlecore.
 *
 *   patchwork [--league L] [--seed S] [--bot none|0|1]   interactive
 *   patchwork --demo                                      scripted, exits 0
 *
 * Moves are typed as on CodinGame: "SKIP" or "PLAY id x y flip rot" (league
 * 1: "PLAY id x y").  With --bot 1 (the default) the library's bot plays
 * seat 1; --bot none is two players at one keyboard.
 *
 * Build: cc patchwork.c $(pkg-config --cflags --libs libpuzzlecore)
 */
#include <puzzlecore/puzzlecore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(const pc_patchwork *g)
{
    char a[128], b[128];
    size_t n;
    pc_patchwork_board_text(g, 0, a, sizeof a, &n);
    pc_patchwork_board_text(g, 1, b, sizeof b, &n);
    printf("\n   P0: %3d buttons, time %2d/%d     P1: %3d buttons, time %2d/%d\n", pc_patchwork_buttons(g, 0),
           pc_patchwork_position(g, 0), pc_patchwork_duration(g), pc_patchwork_buttons(g, 1),
           pc_patchwork_position(g, 1), pc_patchwork_duration(g));
    printf("   012345678                 012345678\n");
    for (int y = 0; y < 9; y++)
        printf("%d  %.9s                 %.9s\n", y, a + y * 10, b + y * 10);
    int32_t ids[33];
    pc_patchwork_market(g, ids, 33, &n);
    printf("window (id earn price time shape):\n");
    for (size_t i = 0; i < n && i < 3; i++) {
        int32_t earn, price, time;
        char shape[64];
        size_t len;
        pc_patchwork_patch_info(ids[i], &earn, &price, &time, NULL);
        pc_patchwork_patch_shape(ids[i], 0, 0, shape, sizeof shape, &len);
        printf("  %2d  %d %2d %d  %s\n", ids[i], earn, price, time, shape);
    }
    int32_t special = 0, who = 0;
    pc_patchwork_special_id(g, &special);
    pc_patchwork_to_move(g, &who);
    if (special)
        printf("P%d must place special patch %d (PLAY %d x y 0 0)\n", who, special, special);
}

static int32_t bot_move(const pc_patchwork *g, double seconds, int64_t playouts)
{
    int32_t code = 0;
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = playouts;
    b.max_seconds = seconds > 0 ? seconds : playouts > 0 ? -1.0 : 0.0; /* -1: none; 0: the default */
    b.seed = 1;
    if (pc_patchwork_suggest(g, &b, &code) != PC_OK)
        pc_patchwork_baseline_move(g, &code);
    return code;
}

/* Read a move from stdin; 0 on end of input. */
static int human_move(pc_patchwork *g)
{
    char line[256];
    for (;;) {
        int32_t who = 0;
        pc_patchwork_to_move(g, &who);
        printf("P%d> ", who);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            return 0;
        line[strcspn(line, "\r\n")] = '\0';
        int32_t cmd[6], rc;
        char err[128] = "";
        rc = pc_patchwork_parse_command(pc_patchwork_ruleset(g), line, strlen(line), cmd, NULL, NULL, err,
                                        sizeof err);
        if (rc == PC_OK)
            rc = cmd[0] == 0 ? pc_patchwork_skip(g) : cmd[5] < 0 ? PC_EILLEGAL
                                                               : pc_patchwork_play(g, cmd[1], cmd[2], cmd[3],
                                                                                   cmd[4], cmd[5]);
        if (rc == PC_OK)
            return 1;
        printf("  %s%s%s -- type SKIP or PLAY id x y flip rot\n", pc_strerror(rc), *err ? ": " : "", err);
    }
}

static void result(const pc_patchwork *g)
{
    int32_t w = PC_PATCHWORK_NOT_OVER, s0 = 0, s1 = 0;
    pc_patchwork_winner(g, &w);
    pc_patchwork_score(g, 0, &s0); /* scores can be negative: read through a pointer */
    pc_patchwork_score(g, 1, &s1);
    printf("\nfinal score: P0 %d, P1 %d -- %s\n", s0, s1,
           w == PC_PATCHWORK_DRAW ? "draw" : w == 0 ? "P0 wins" : "P1 wins");
}

static int demo(void)
{
    /* The bot (P0, 150 playouts a move) against the league-5 boss (P1). */
    pc_patchwork *g;
    if (pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 2024, &g) != PC_OK)
        return 1;
    int turn = 0;
    while (!pc_patchwork_is_over(g)) {
        int32_t code;
        char text[64];
        size_t n;
        int32_t who = 0;
        pc_patchwork_to_move(g, &who);
        if (who == 0)
            code = bot_move(g, 0.0, 150);
        else
            pc_patchwork_baseline_move(g, &code);
        pc_patchwork_move_text(PC_PATCHWORK_LEAGUE4, code, text, sizeof text, &n);
        if (pc_patchwork_apply(g, code) != PC_OK) {
            pc_patchwork_free(g);
            return 1;
        }
        if (++turn <= 6 || pc_patchwork_is_over(g))
            printf("action %2d: P%d %s\n", turn, who, text);
        else if (turn == 7)
            printf("...\n");
    }
    show(g);
    result(g);
    pc_patchwork_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    int league = 4, bot = 1;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--demo") == 0)
            return demo();
        else if (strcmp(argv[i], "--league") == 0 && i + 1 < argc)
            league = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--bot") == 0 && i + 1 < argc) {
            i++;
            bot = strcmp(argv[i], "none") == 0 ? -1 : atoi(argv[i]);
        } else {
            fprintf(stderr, "usage: %s [--league 1-5] [--seed N] [--bot none|0|1] | --demo\n", argv[0]);
            return 2;
        }
    }
    pc_patchwork *g;
    if (pc_patchwork_new(league, seed, &g) != PC_OK) {
        fprintf(stderr, "bad league %d\n", league);
        return 2;
    }
    while (!pc_patchwork_is_over(g)) {
        show(g);
        int32_t who = PC_PATCHWORK_NOBODY;
        pc_patchwork_to_move(g, &who);
        if (who == bot) {
            char text[64];
            size_t n;
            int32_t code = bot_move(g, 0.5, 0);
            pc_patchwork_move_text(league, code, text, sizeof text, &n);
            printf("bot: %s\n", text);
            pc_patchwork_apply(g, code);
        } else if (!human_move(g)) {
            break;
        }
    }
    if (pc_patchwork_is_over(g))
        result(g);
    pc_patchwork_free(g);
    return 0;
}
