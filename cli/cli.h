/*
 * cli/cli.h — the `puzzlecore` command-line tool: one entry point per game,
 * plus the few helpers they share.  Output is machine-readable: one line
 * per result, `key=value` fields separated by single spaces.
 */
#ifndef PC_CLI_H
#define PC_CLI_H

#include <stddef.h>
#include <stdint.h>

/* Each game's subcommand: argv[0] is the game's name. Returns the exit code. */
int pc_cli_nonogram(int argc, char **argv);
int pc_cli_pickerel(int argc, char **argv);
int pc_cli_snapper(int argc, char **argv);
int pc_cli_sokoban(int argc, char **argv);
int pc_cli_patchwork(int argc, char **argv);
int pc_cli_play(int argc, char **argv); /* any kind, through pc_game */

/* Whole file (or stdin for "-") into a malloc'd NUL-terminated buffer;
 * NULL with a message on stderr on failure. */
char *cli_read_file(const char *path, size_t *len);

/* Report a library error "puzzlecore: <what>: <strerror>[: detail]" on stderr;
 * returns exit code 1. */
int cli_fail(const char *what, int32_t status, const char *detail);

/* Parse a decimal integer option value; exits with a usage error if bad. */
long long cli_int(const char *opt, const char *value, long long lo, long long hi);

/* A status as one word for `status=` fields, the same in every game: "ok",
 * or the PC_E* name in lower case ("einval", "eillegal", ...); "unknown"
 * for a value outside the enum. */
const char *cli_status_word(int32_t status);

/* A search budget of `nodes` nodes (0: the search's default) and `seconds`
 * (0: the library default, < 0: none), filled into *b; returns b. */
struct pc_budget;
const struct pc_budget *cli_budget(struct pc_budget *b, int64_t nodes, double seconds);

/* Seconds from a monotonic clock (for the `seconds=` fields). */
double cli_now(void);

#endif
