/*
 * cli/nonogram_colour.h — `puzzlecore nonogram from-image`: cli/nonogram.c
 * dispatches to it; argv[0] is the subcommand name.  Returns the exit code.
 */
#ifndef PC_CLI_NONOGRAM_COLOUR_H
#define PC_CLI_NONOGRAM_COLOUR_H
int pc_cli_nonogram_from_image(int argc, char **argv);
#endif
