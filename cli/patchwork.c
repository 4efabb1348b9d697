/*
 * cli/patchwork.c -- `puzzlecore patchwork <command>`:
 *   arena   run two CodinGame-protocol bot programs against each other
 *   bot     the library's bot as a CodinGame-protocol program (stdin/stdout)
 *   moves   list the legal moves of a saved game
 * Every result is one line of key=value fields.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "patchwork_match.h"
#include "puzzlecore/puzzlecore.h"

static int usage_main(FILE *f)
{
    fprintf(f, "usage: puzzlecore patchwork COMMAND [OPTIONS]\n\n"
               "commands:\n"
               "  arena   play bot programs (CodinGame protocol) against each other, on threads,\n"
               "          with confidence intervals, Elo and an optional SPRT\n"
               "  referee one game as a cg-brutaltester referee (-p1/-p2, or ###Start on stdin)\n"
               "  bot     the library's bot as a CodinGame-protocol program\n"
               "  moves   print the legal moves of a saved game (puzzlecore-patchwork 1)\n\n"
               "`puzzlecore patchwork COMMAND --help` describes each one.\n");
    return f == stdout ? 0 : 2;
}

/* ---- arena ---------------------------------------------------------------------- */

/* ---- bot -------------------------------------------------------------------------- */

static int usage_bot(FILE *f)
{
    fprintf(f, "usage: puzzlecore patchwork bot [--league L] [--ms MS] [--playouts N] [--baseline] [--seed S]\n\n"
               "Reads the CodinGame referee's input on stdin and answers one move a turn on\n"
               "stdout, tracking the whole game (deck order from the first input).\n"
               "  --league L     the league being played (1-5; default: 3 or 4 from the\n"
               "                 init lines, 2 when they list no events -- say 1 for league 1)\n"
               "  --ms MS        thinking time per turn (default 80; first turn 5x)\n"
               "  --playouts N   a playout budget instead of a time budget\n"
               "  --baseline     play the league-5 boss instead of the search\n"
               "Desynchronisation with the referee's input is reported on stderr.\n");
    return f == stdout ? 0 : 2;
}

static int bot(int argc, char **argv)
{
    int league = 0, ms = 80, baseline = 0;
    long long playouts = 0;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage_bot(stdout);
        else if (!strcmp(a, "--league") && i + 1 < argc)
            league = (int)cli_int(a, argv[++i], 1, 10);
        else if (!strcmp(a, "--ms") && i + 1 < argc)
            ms = (int)cli_int(a, argv[++i], 1, 3600000);
        else if (!strcmp(a, "--playouts") && i + 1 < argc)
            playouts = cli_int(a, argv[++i], 1, 1000000000);
        else if (!strcmp(a, "--seed") && i + 1 < argc)
            seed = (unsigned long long)cli_int(a, argv[++i], 0, 0x7fffffffffffffffll);
        else if (!strcmp(a, "--baseline"))
            baseline = 1;
        else
            return usage_bot(stderr);
    }
    pc_patchwork_reader *rd;
    if (pc_patchwork_reader_new(league, &rd) != PC_OK)
        return 2;
    char l[512], err[256];
    int first = 1, warned = 0;
    while (fgets(l, sizeof l, stdin)) {
        int32_t ready = 0, rc = pc_patchwork_reader_line(rd, l, strlen(l), &ready, err, sizeof err);
        if (rc != PC_OK) {
            if (!warned)
                fprintf(stderr, "patchwork bot: %s\n", err);
            warned = 1; /* once: later turns would only repeat it */
            if (rc == PC_EILLEGAL) {
                /* desynchronised: answer anyway so the game goes on */
                printf("SKIP\n");
                fflush(stdout);
            }
            continue;
        }
        if (!ready)
            continue;
        pc_patchwork *g;
        pc_patchwork_reader_game(rd, &g);
        int32_t code = 0;
        pc_budget budget;
        pc_budget_init(&budget, sizeof budget);
        budget.max_nodes = playouts;
        budget.max_seconds = playouts ? -1.0 : ms * (first ? 5 : 1) / 1000.0;
        budget.seed = seed;
        rc = baseline ? pc_patchwork_baseline_move(g, &code) : pc_patchwork_suggest(g, &budget, &code);
        if (rc != PC_OK)
            code = 0;
        char text[64];
        size_t n2;
        pc_patchwork_move_text(pc_patchwork_ruleset(g), code, text, sizeof text, &n2);
        printf("%s\n", text);
        fflush(stdout);
        pc_patchwork_reader_sent(rd, text, n2, NULL, 0);
        pc_patchwork_free(g);
        first = 0;
    }
    pc_patchwork_reader_free(rd);
    return 0;
}

/* ---- moves ---------------------------------------------------------------------------- */

static int moves_cmd(int argc, char **argv)
{
    if (argc != 2 || !strcmp(argv[1], "--help")) {
        FILE *f = argc == 2 ? stdout : stderr;
        fprintf(f, "usage: puzzlecore patchwork moves FILE|-\n\n"
                   "Loads a saved game (puzzlecore-patchwork 1) and prints one line per legal move:\n"
                   "  move= code=    then  `summary player= moves= over=`\n");
        return argc == 2 ? 0 : 2;
    }
    size_t len;
    char *text = cli_read_file(argv[1], &len);
    if (!text)
        return 1;
    char err[256] = "";
    pc_patchwork *g;
    int32_t rc = pc_patchwork_load(text, len, err, sizeof err, &g);
    free(text);
    if (rc != PC_OK)
        return cli_fail(argv[1], rc, err);
    static int32_t codes[PC_PATCHWORK_MAX_MOVES];
    size_t n;
    pc_patchwork_legal_moves(g, codes, PC_PATCHWORK_MAX_MOVES, &n);
    for (size_t i = 0; i < n; i++) {
        char t[64];
        size_t tn;
        pc_patchwork_move_text(pc_patchwork_ruleset(g), codes[i], t, sizeof t, &tn);
        printf("move=\"%s\" code=%d\n", t, (int)codes[i]);
    }
    int32_t player = PC_PATCHWORK_NOBODY;
    pc_patchwork_to_move(g, &player);
    printf("summary player=%d moves=%zu over=%d\n", player, n, pc_patchwork_is_over(g));
    pc_patchwork_free(g);
    return 0;
}

int pc_cli_patchwork(int argc, char **argv)
{
    if (argc < 2)
        return usage_main(stderr);
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
        return usage_main(stdout);
    if (!strcmp(argv[1], "arena"))
        return pwm_cli_arena(argc - 1, argv + 1);
    if (!strcmp(argv[1], "referee"))
        return pwm_cli_referee(argc - 1, argv + 1);
    if (!strcmp(argv[1], "bot"))
        return bot(argc - 1, argv + 1);
    if (!strcmp(argv[1], "moves"))
        return moves_cmd(argc - 1, argv + 1);
    fprintf(stderr, "puzzlecore: patchwork: unknown command '%s'\n", argv[1]);
    return usage_main(stderr);
}
