/*
 * The nonogram solver under a pc_budget: a long search (the n x n puzzle with
 * clue 1 in every line has n! solutions; asked for all of them it never ends)
 * is cancelled from a second thread and returns PC_ECANCELLED promptly with
 * nothing written and the puzzle unchanged; the progress callback sees the
 * cells known as its bound and can stop the search; a pre-cancelled budget
 * stops before any work; hint and consistent take the same budget.  Grade,
 * hint and consistent are cancelled from a second thread too (consistent and
 * hint on a pigeonhole grid: 13 rows whose one cell must go into 12 columns,
 * which line logic and probing cannot refute; grade, which reads the clues
 * only and grades the permutation puzzle in a few ms, is slowed by a progress
 * callback that sleeps, so the flag arrives mid-search), and so is the
 * generator, whose budget (nodes, time, memory, progress, cancel) only ever
 * stops it.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"
#include "cancel_util.h"
#include "tap.h"

enum { N = 24 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cancelled_at;
static atomic_int searching; /* set by the progress callback once nodes > 0 */

static int32_t note_searching(void *user, int64_t nodes, double seconds, double bound)
{
    (void)user, (void)seconds, (void)bound;
    if (nodes > 0) atomic_store(&searching, 1);
    return 0;
}

/* Cancel once the search is under way (its root propagation and probing take
 * long under valgrind on a loaded machine: a fixed 200 ms once came before the
 * first node), then 50 ms more; at most 60 s of waiting. */
static void *cancel_later(void *arg)
{
    struct timespec ts = {0, 5 * 1000 * 1000};
    for (int i = 0; i < 12000 && !atomic_load(&searching); i++) nanosleep(&ts, NULL);
    ts.tv_nsec = 50 * 1000 * 1000;
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


/* ---- grade, hint, consistent and generate under a budget ------------------------- */


static int gen_rounds_seen;
static double gen_bound = -1;
static int32_t gen_progress(void *user, int64_t nodes, double seconds, double bound)
{
    (void)nodes;
    (void)seconds;
    gen_rounds_seen++;
    gen_bound = bound;
    return user != NULL;
}

static void other_searches(void)
{
    pc_budget b;
    pc_test_cancel c;
    int32_t rc;

    /* grade, slowed by its progress callback */
    pc_nonogram *ph = permutations();
    char *before = saved(ph);
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;
    b.progress = pc_test_slow_progress;
    b.progress_every = 1e-9;
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    pc_test_cancel_start(&c, &b, 0.05);
    rc = pc_nonogram_grade(ph, &b, st, PC_NONOGRAM_STAT_COUNT);
    pc_test_cancel_join(&c);
    is_int(rc, PC_ECANCELLED, "grade: cancelled from a second thread (%d slow progress calls)", pc_test_slow_calls);
    ok(c.latency < 5.0, "... returned %.1f ms after the flag (loose bound: 5 s)", c.latency * 1e3);
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;

    /* consistent and hint on the 24x24 permutation puzzle whose player
     * crossed the right half of the top 13 rows: 13 rows into 12 columns */
    pc_nonogram *g = permutations();
    for (int y = 0; y < 13; y++)
        for (int x = 12; x < N; x++)
            pc_nonogram_set_cell(g, x, y, PC_NONOGRAM_CROSSED);
    char *gbefore = saved(g);
    pc_budget_reset(&b);
    pc_test_cancel_start(&c, &b, 0.05);
    rc = pc_nonogram_consistent(g, &b);
    pc_test_cancel_join(&c);
    is_int(rc, PC_ECANCELLED, "consistent: cancelled from a second thread");
    ok(c.latency < 5.0, "... returned %.1f ms after the flag", c.latency * 1e3);
    pc_budget_reset(&b);
    int32_t x = -7, y = -7;
    pc_test_cancel_start(&c, &b, 0.05);
    rc = pc_nonogram_hint(g, &b, &x, &y, NULL, NULL, NULL);
    pc_test_cancel_join(&c);
    is_int(rc, PC_ECANCELLED, "hint: cancelled from a second thread");
    ok(c.latency < 5.0 && x == -7 && y == -7, "... returned %.1f ms after the flag, nothing written",
       c.latency * 1e3);
    char *after = saved(g);
    is_str(after, gbefore, "the puzzle and the player's grid are unchanged");
    free(after);
    after = saved(ph);
    is_str(after, before, "the graded puzzle is unchanged");
    free(after);
    free(before);
    free(gbefore);
    pc_nonogram_free(g);
    pc_nonogram_free(ph);

    /* the generator */
    static uint8_t cells[128 * 128], ref[60 * 60];
    is_int(pc_nonogram_generate_cells(60, 60, 9, PC_NONOGRAM_GRADE_SEARCH, NULL, ref, sizeof ref), PC_OK,
           "generate 60x60 under the default budget");
    pc_budget_init(&b, sizeof b);
    pc_budget_cancel(&b);
    memset(cells, 0xAB, sizeof cells);
    pc_nonogram *out = (pc_nonogram *)&b; /* a sentinel that must stay */
    is_int(pc_nonogram_generate_cells(60, 60, 9, PC_NONOGRAM_GRADE_SEARCH, &b, cells, sizeof cells),
           PC_ECANCELLED, "generate: a cancelled budget stops it before any work");
    is_int(pc_nonogram_generate(10, 10, 9, PC_NONOGRAM_GRADE_LINE, &b, &out), PC_ECANCELLED,
           "generate (a puzzle): the same");
    ok(cells[0] == 0xAB && cells[60 * 60 - 1] == 0xAB && out == (pc_nonogram *)&b, "... nothing written");
    /* node limit: every grade counts one node per uniqueness check (plus
     * its search nodes); 30x30 seed 5 needs a few checks at every grade.
     * Below the nodes it needs: PC_ELIMIT and nothing written; from there on
     * the same picture as without a budget. */
    for (int32_t grade = PC_NONOGRAM_GRADE_LINE; grade <= PC_NONOGRAM_GRADE_SEARCH; grade++) {
        static uint8_t want[30 * 30];
        pc_nonogram_generate_cells(30, 30, 5, grade, NULL, want, sizeof want);
        int64_t n = 1;
        int limited = 0, clean = 1;
        for (; n < 100000; n++) {
            pc_budget_init(&b, sizeof b);
            b.max_nodes = n;
            b.max_seconds = -1;
            memset(cells, 0xAB, sizeof cells);
            rc = pc_nonogram_generate_cells(30, 30, 5, grade, &b, cells, sizeof cells);
            if (rc != PC_ELIMIT)
                break;
            limited++;
            clean &= cells[0] == 0xAB && cells[30 * 30 - 1] == 0xAB;
        }
        ok(rc == PC_OK && limited > 0 && clean && memcmp(cells, want, sizeof want) == 0,
           "generate, grade %d: PC_ELIMIT below %lld nodes (nothing written), the same picture from there",
           (int)grade, (long long)n);
    }
    /* a budget that lets it finish gives the same picture as none */
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 1000000;
    b.max_seconds = -1;
    rc = pc_nonogram_generate_cells(60, 60, 9, PC_NONOGRAM_GRADE_SEARCH, &b, cells, sizeof cells);
    ok(rc == PC_OK && memcmp(cells, ref, sizeof ref) == 0, "a generous node limit: the same picture");
    /* time and memory limits */
    pc_budget_init(&b, sizeof b);
    b.max_seconds = 1e-9;
    is_int(pc_nonogram_generate_cells(128, 128, 3, PC_NONOGRAM_GRADE_PROBE, &b, cells, sizeof cells), PC_ELIMIT,
           "a time limit stops it: PC_ELIMIT");
    pc_budget_init(&b, sizeof b);
    b.max_bytes = 4096;
    is_int(pc_nonogram_generate_cells(60, 60, 9, PC_NONOGRAM_GRADE_LINE, &b, cells, sizeof cells), PC_ELIMIT,
           "4 KiB of memory: PC_ELIMIT");
    pc_budget_init(&b, sizeof b);
    b.max_nodes = -3;
    is_int(pc_nonogram_generate_cells(60, 60, 9, PC_NONOGRAM_GRADE_LINE, &b, cells, sizeof cells), PC_EINVAL,
           "a bad budget: PC_EINVAL");
    /* progress: the repair rounds as the bound; non-zero stops it */
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;
    b.progress = gen_progress;
    b.progress_every = 1e-9;
    rc = pc_nonogram_generate_cells(60, 60, 9, PC_NONOGRAM_GRADE_SEARCH, &b, cells, sizeof cells);
    ok(rc == PC_OK && gen_rounds_seen > 0 && gen_bound >= 0 && memcmp(cells, ref, sizeof ref) == 0,
       "progress called %d times (last bound: %g cells settled), the same picture", gen_rounds_seen, gen_bound);
    b.user = &b;
    gen_rounds_seen = 0;
    is_int(pc_nonogram_generate_cells(60, 60, 9, PC_NONOGRAM_GRADE_SEARCH, &b, cells, sizeof cells),
           PC_ECANCELLED, "progress returning non-zero cancels");
    is_int(gen_rounds_seen, 1, "... after its first call");
    /* cancel from a second thread: large puzzles, one after another, until
     * the flag stops one */
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1;
    pc_test_cancel_start(&c, &b, 0.05);
    rc = PC_OK;
    int made = 0;
    for (uint64_t seed = 1; seed < 1000 && rc == PC_OK; seed++) {
        rc = pc_nonogram_generate_cells(128, 128, seed, PC_NONOGRAM_GRADE_PROBE, &b, cells, sizeof cells);
        made += rc == PC_OK;
    }
    pc_test_cancel_join(&c);
    is_int(rc, PC_ECANCELLED, "generate: cancelled from a second thread (after %d whole puzzles)", made);
    ok(c.latency < 5.0, "... returned %.1f ms after the flag (loose bound: 5 s)", c.latency * 1e3);
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
    b.progress = note_searching;
    b.progress_every = 0.005;
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
    other_searches();
    return done_testing();
}
