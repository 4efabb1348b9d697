/* `puzzlecore` — the command-line face of libpuzzlecore.
 * Usage: puzzlecore GAME COMMAND [ARGS]; `puzzlecore GAME --help` per game. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "puzzlecore/puzzlecore.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} games[] = {
    {"nonogram", pc_cli_nonogram, "nonogram clues, solving, generating, file formats"},
    {"pickerel", pc_cli_pickerel, "the Pickerel weaving game and its advisor"},
    {"snapper", pc_cli_snapper, "the Snapper furniture puzzle and its advisor"},
    {"sokoban", pc_cli_sokoban, "Sokoban maps, optimal solver, map creativity index"},
    {"patchwork", pc_cli_patchwork, "Patchwork (CodinGame rules), arena and bot"},
    {"play", pc_cli_play, "play any game through pc_game: puzzlecore play KIND [key=value...]"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: puzzlecore GAME COMMAND [ARGS...]\n"
               "       puzzlecore GAME --help\n"
               "       puzzlecore --version\n\ngames:\n");
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        fprintf(f, "  %-10s %s\n", games[i].name, games[i].summary);
    fprintf(f, "\nOutput is one line per result, as key=value fields.\n");
}

int main(int argc, char **argv)
{
    cli_set_argv0(argv[0]);
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("puzzlecore %s\n", pc_version_string());
        return 0;
    }
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        if (strcmp(argv[1], games[i].name) == 0)
            return games[i].run(argc - 1, argv + 1);
    fprintf(stderr, "puzzlecore: unknown game '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
