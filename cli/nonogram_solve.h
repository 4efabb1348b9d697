/*
 * cli/nonogram_solve.h — `puzzlecore nonogram solve` and `puzzlecore nonogram
 * generate`.  cli/nonogram.c dispatches to these; argv[0] is the subcommand
 * name.  Each returns the process exit code.
 */
#ifndef PC_CLI_NONOGRAM_SOLVE_H
#define PC_CLI_NONOGRAM_SOLVE_H

int pc_cli_nonogram_solve(int argc, char **argv);
int pc_cli_nonogram_generate(int argc, char **argv);

#endif
