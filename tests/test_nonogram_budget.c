/*
 * The nonogram solver under a pc_budget: a long search (the n x n puzzle with
 * clue 1 in every line has n! solutions; asked for all of them it never ends)
 * is cancelled from a second thread and returns PC_ECANCELLED promptly with
 * nothing written and the puzzle unchanged; the progress callback sees the
 * cells known as its bound and can stop the search; a pre-cancelled budget
 * stops before any work; hint and consistent take the same budget.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

enum { N = 24 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cancelled_at;

static void *cancel_later(void *arg)
{
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
    cancelled_at = now();
    pc_budget_cancel(arg);
    return NULL;
}

static int progress_calls;
static double progress_bound = -1;
static int64_t progress_nodes;

static int32_t on_progress(void *user, int64_t nodes, double seconds, double bound)
{
    (void)seconds;
    progress_calls++;
    progress_bound = bound;
    progress_nodes = nodes;
    return user != NULL && progress_calls >= 2;
}

static pc_nonogram *permutations(void)
{
    int32_t counts[N], clues[N];
    for (int i = 0; i < N; i++)
        counts[i] = clues[i] = 1;
    pc_nonogram *g = NULL;
    pc_nonogram_new_from_clues(N, N, counts, clues, counts, clues, NULL, 0, &g);
    return g;
}

static char *saved(const pc_nonogram *g)
{
    size_t n = 0;
    pc_nonogram_save(g, NULL, 0, &n);
    char *t = malloc(n + 1);
    pc_nonogram_save(g, t, n + 1, &n);
    return t;
}

int main(void)
{
    pc_nonogram *g = permutations();
    ok(g != NULL, "the %dx%d permutation puzzle", N, N);
    pc_nonogram_set_cell(g, 3, 4, PC_NONOGRAM_CROSSED);
    char *before = saved(g);
    static uint8_t sols[N * N * 2];
    int64_t st[PC_NONOGRAM_STAT_COUNT];

    /* cancel from a second thread */
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1; /* no time limit: only the cancel can stop it */
    memset(sols, 0xAB, sizeof sols);
    pthread_t th;
    pthread_create(&th, NULL, cancel_later, &b);
    int32_t rc = pc_nonogram_solve(g, INT32_MAX, &b, sols, sizeof sols, st, PC_NONOGRAM_STAT_COUNT);
    double stopped = now();
    pthread_join(th, NULL);
    is_int(rc, PC_ECANCELLED, "cancel from another thread: PC_ECANCELLED");
    ok(stopped - cancelled_at < 0.1, "stopped %.1f ms after the cancel (< 100 ms)", (stopped - cancelled_at) * 1e3);
    ok(st[PC_NONOGRAM_STAT_NODES] > 0, "it had been searching (%lld nodes)", (long long)st[PC_NONOGRAM_STAT_NODES]);
    ok(sols[0] == 0xAB && sols[sizeof sols - 1] == 0xAB, "no solution written");
    char *after = saved(g);
    is_str(after, before, "the puzzle is unchanged");
    free(after);

    /* the flag is still set: the next call stops at once */
    rc = pc_nonogram_solve(g, 2, &b, sols, sizeof sols, NULL, 0);
    is_int(rc, PC_ECANCELLED, "a cancelled budget stops the next call at once");
    is_int(pc_nonogram_consistent(g, &b), PC_ECANCELLED, "consistent takes the budget");
    is_int(pc_nonogram_grade(g, &b, NULL, 0), PC_ECANCELLED, "grade takes the budget");
    int32_t x = -7;
    is_int(pc_nonogram_hint(g, &b, &x, NULL, NULL, NULL, NULL), PC_ECANCELLED, "hint takes the budget");
    is_int(x, -7, "hint writes nothing when cancelled");
    pc_budget_reset(&b);

    /* progress: called with the cells known, and may stop the search */
    b.progress = on_progress;
    b.progress_every = 0.01;
    b.user = &b;
    rc = pc_nonogram_solve(g, INT32_MAX, &b, NULL, 0, NULL, 0);
    is_int(rc, PC_ECANCELLED, "the progress callback stops the search");
    ok(progress_calls >= 2, "progress called %d times", progress_calls);
    ok(progress_bound >= 0 && progress_bound <= N * N, "progress bound = cells known (%g)", progress_bound);
    ok(progress_nodes >= 0, "progress nodes (%lld)", (long long)progress_nodes);

    /* a node limit still gives PC_ELIMIT */
    b.progress = NULL;
    b.max_nodes = 50;
    is_int(pc_nonogram_solve(g, INT32_MAX, &b, NULL, 0, st, PC_NONOGRAM_STAT_COUNT), PC_ELIMIT, "node limit: PC_ELIMIT");
    ok(st[PC_NONOGRAM_STAT_NODES] <= 51, "stopped at the node limit (%lld)", (long long)st[PC_NONOGRAM_STAT_NODES]);
    /* a bad budget */
    b.max_nodes = -1;
    is_int(pc_nonogram_solve(g, 2, &b, NULL, 0, NULL, 0), PC_EINVAL, "negative max_nodes: PC_EINVAL");
    b.max_nodes = 0;
    b.max_seconds = NAN;
    is_int(pc_nonogram_solve(g, 2, &b, NULL, 0, NULL, 0), PC_EINVAL, "NaN max_seconds: PC_EINVAL");

    /* a tiny memory budget */
    pc_budget_init(&b, sizeof b);
    b.max_bytes = 1000;
    is_int(pc_nonogram_solve(g, 2, &b, NULL, 0, NULL, 0), PC_ELIMIT, "1000 bytes of memory: PC_ELIMIT");

    /* the default budget answers an easy question (a 4x4 permutation
     * puzzle: fast even under valgrind on a loaded machine) */
    {
        int32_t c4[4] = {1, 1, 1, 1};
        pc_nonogram *small = NULL;
        pc_nonogram_new_from_clues(4, 4, c4, c4, c4, c4, NULL, 0, &small);
        is_int(pc_nonogram_solve(small, 2, NULL, sols, sizeof sols, NULL, 0), 2, "NULL budget: several solutions");
        pc_nonogram_free(small);
    }
    after = saved(g);
    is_str(after, before, "the puzzle is still unchanged");
    free(after);
    free(before);
    pc_nonogram_free(g);
    return done_testing();
}
