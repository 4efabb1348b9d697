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
 * NULL with a message on stderr on failure.  A relative path that does not
 * exist is looked up in the package's data directory (README's
 * `data/nonogram/cup.txt` works from anywhere once installed): in
 * $PUZZLECORE_DATADIR when it is set (and only there), else in
 * <program's directory>/../share/libpuzzlecore (the installed layout, so a
 * moved prefix still works), else in the configured $(pkgdatadir); each time
 * as given, then without a leading "data/". */
char *cli_read_file(const char *path, size_t *len);

/* main's argv[0], for finding the data directory where /proc/self/exe is not. */
void cli_set_argv0(const char *argv0);

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

/*
 * Progress and Ctrl-C for every search a command runs (cli/search.c):
 *   cli_search_init(0);                 once per command (1: interactive,
 *                                       Ctrl-C cancels the search only)
 *   if (cli_search_option(argv[i])) ... while parsing: --progress
 *   rc = search(..., cli_search_begin(&budget, "label"), ...);
 *   rc = cli_search_end(rc);
 *   if (rc == PC_ECANCELLED) return cli_interrupted("command");
 * SIGINT cancels the running search (PC_ECANCELLED); a batch command then
 * exits with CLI_EXIT_INTERRUPTED after one line on stderr.  A progress line
 * (nodes, seconds, bound) is drawn on stderr when it is a terminal or with
 * --progress, a few times a second, and erased at the end.
 */
enum { CLI_EXIT_INTERRUPTED = 130 }; /* 128 + SIGINT, as shells report it */
void cli_search_init(int interactive);
int cli_search_option(const char *arg);
struct pc_budget *cli_search_begin(struct pc_budget *b, const char *label);
int32_t cli_search_end(int32_t rc);
int cli_interrupted(const char *what);

#endif
