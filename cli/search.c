/*
 * Progress and Ctrl-C for every CLI search (see cli.h): written once, used by
 * every command that runs a search.
 *
 * SIGINT sets the running search's cancel flag (pc_budget_cancel: an atomic
 * store, safe in a handler); the library returns PC_ECANCELLED within 100 ms
 * and the command ends with CLI_EXIT_INTERRUPTED and one line on stderr.  A
 * Ctrl-C between two searches of a batch command makes the next one return at
 * once.  A second Ctrl-C, or one while an interactive command waits for
 * input, exits at once.  The progress line goes to stderr only when stderr is
 * a terminal or --progress was given, and is erased when the search ends.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "puzzlecore/budget.h"
#include "puzzlecore/common.h"

static pc_budget *volatile running;     /* the search under way, NULL between searches */
static volatile sig_atomic_t interrupted; /* Ctrl-C seen (batch mode: sticky) */
static int interactive;                  /* Ctrl-C cancels the search only */
static int progress_forced;               /* --progress */
static int progress_shown;                /* a progress line is on the screen */
static const char *search_label = "searching";

static void on_sigint(int sig)
{
    (void)sig;
    pc_budget *b = running;
    if (interrupted || !b) {
        /* a second Ctrl-C, or one while an interactive command waits */
        if (interrupted || interactive)
            _exit(CLI_EXIT_INTERRUPTED);
    }
    interrupted = 1;
    if (b)
        pc_budget_cancel(b);
}

void cli_search_init(int interactive_mode)
{
    interactive = interactive_mode;
    interrupted = 0;
    signal(SIGINT, on_sigint);
}

int cli_search_option(const char *arg)
{
    if (strcmp(arg, "--progress") == 0) {
        progress_forced = 1;
        return 1;
    }
    return 0;
}

static int32_t show_progress(void *user, int64_t nodes, double seconds, double bound)
{
    (void)user;
    if (bound == bound) /* not NaN */
        fprintf(stderr, "\r%s: %lld nodes, %.1f s, bound %g (Ctrl-C stops)\033[K", search_label, (long long)nodes,
                seconds, bound);
    else
        fprintf(stderr, "\r%s: %lld nodes, %.1f s (Ctrl-C stops)\033[K", search_label, (long long)nodes, seconds);
    fflush(stderr);
    progress_shown = 1;
    return 0;
}

pc_budget *cli_search_begin(pc_budget *b, const char *label)
{
    search_label = label ? label : "searching";
    if (!b->progress && (progress_forced || isatty(2))) {
        b->progress = show_progress;
        b->user = NULL;
    }
    running = b;
    if (interrupted && !interactive)
        pc_budget_cancel(b); /* Ctrl-C came between two searches: stop now */
    return b;
}

int32_t cli_search_end(int32_t rc)
{
    running = NULL;
    if (progress_shown) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
        progress_shown = 0;
    }
    if (interactive)
        interrupted = 0; /* the search is cancelled, the session goes on */
    return rc;
}

int cli_interrupted(const char *what)
{
    fprintf(stderr, "puzzlecore: %s: interrupted (Ctrl-C): search cancelled\n", what);
    fflush(stdout);
    return CLI_EXIT_INTERRUPTED;
}
