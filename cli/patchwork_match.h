/*
 * cli/patchwork_match.h — one Patchwork game between two bot programs
 * speaking the CodinGame protocol, under CodinGame's time limits; shared by
 * `puzzlecore patchwork referee` and `puzzlecore patchwork arena`.
 * Thread-safe: no global state (the caller ignores SIGPIPE once).
 */
#ifndef PC_CLI_PATCHWORK_MATCH_H
#define PC_CLI_PATCHWORK_MATCH_H

#include <stdint.h>

#include "puzzlecore/patchwork.h"

/* A child process whose stdin/stdout we hold (or our own stdin: pid -1). */
typedef struct pwm_proc {
    int pid;
    int in, out;      /* we write to in, read from out */
    char buf[8192];
    size_t len;
    int turns;
} pwm_proc;

/* Start `sh -c cmd` in its own process group with pipes on stdin/stdout;
 * stderr to /dev/null when quiet.  0, or -1 (errno set). */
int pwm_spawn(const char *cmd, int quiet, pwm_proc *p);
/* Close the pipes, kill the process group, reap. */
void pwm_reap(pwm_proc *p);
/* Wrap an already open pair of descriptors (no process). */
void pwm_wrap(int in, int out, pwm_proc *p);
/* Write all of text before the deadline (cli_now() seconds): 0, -1 timeout,
 * -2 closed. */
int pwm_send(pwm_proc *p, const char *text, size_t n, double deadline);
/* One line (without its newline) before the deadline: its length, or -1
 * timeout, -2 end of output, -3 line too long. */
long pwm_read_line(pwm_proc *p, char *line, size_t cap, double deadline);

/* Called after every action with the bot's line and the move applied. */
typedef void (*pwm_move_fn)(void *user, int action, int seat, const char *output, const char *applied,
                            int32_t fixes);

typedef struct pwm_result {
    int32_t score[2];  /* per seat, as reported: -1 for a forfeit */
    int32_t winner;    /* seat, or PC_PATCHWORK_DRAW */
    int32_t loser;     /* the seat that forfeited, or -1 */
    int32_t actions;
    const char *end;   /* normal, cap, timeout, crash, unknown */
} pwm_result;

/* The score the referee reports for a seat of a finished game: the
 * ruleset's score (CodinGame leagues: 200 + ..., always > 0; 0 for both
 * after the 80-action cap); the official ruleset gets the CodinGame referee's
 * +200 offset and its +1 tie-break so that it is positive too. */
int32_t pwm_report_score(const pc_patchwork *g, int32_t seat);

/* Play game g to the end: cmd[seat] are the two bots' shell commands.
 * Returns 0, or -1 when a bot cannot be started or the library fails (a
 * message in err). */
int pwm_play(pc_patchwork *g, const char *const cmd[2], int first_ms, int turn_ms, int quiet, pwm_move_fn on_move,
             void *user, pwm_result *res, char *err, size_t errcap);

/* Finish the result of a game stopped by a forfeit of `loser` (or -1). */
void pwm_finish(const pc_patchwork *g, int32_t loser, const char *end, pwm_result *res);

/* The subcommands living in their own files (argv[0] is the command name). */
int pwm_cli_arena(int argc, char **argv);
int pwm_cli_referee(int argc, char **argv);

#endif
