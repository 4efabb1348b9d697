/* Test driver for cli/nonogram_solve.c until (and besides) the dispatch in
 * cli/nonogram.c: `nonogram_solve_cli solve|generate ARGS...`. */
#include <stdio.h>
#include <string.h>

#include "../cli/nonogram_solve.h"

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "solve") == 0)
        return pc_cli_nonogram_solve(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "generate") == 0)
        return pc_cli_nonogram_generate(argc - 1, argv + 1);
    fprintf(stderr, "usage: nonogram_solve_cli solve|generate ...\n");
    return 2;
}
