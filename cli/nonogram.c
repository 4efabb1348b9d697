/* puzzlecore nonogram — placeholder until the module lands. */
#include <stdio.h>

#include "cli.h"

int pc_cli_nonogram(int argc, char **argv)
{
    (void)argc;
    fprintf(stderr, "puzzlecore: %s: not available in this build\n", argv[0]);
    return 2;
}
