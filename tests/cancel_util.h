/*
 * tests/cancel_util.h — cancel a search from a second thread (pthread).
 *
 *     pc_test_cancel c;
 *     pc_test_cancel_start(&c, &budget, 0.05);   // the flag is set 50 ms later
 *     rc = some_search(..., &budget, ...);
 *     pc_test_cancel_join(&c);                  // c.latency: seconds from the flag to the return
 *
 * c.fired tells whether the flag was set before the search returned (when
 * not, the search ended on its own and latency is 0).  The bounds the tests
 * put on c.latency are loose (5 s) because valgrind runs one thread at a
 * time and CI machines are loaded; the measured latency shows in the TAP
 * message of a plain run.
 */
#ifndef PC_TESTS_CANCEL_UTIL_H
#define PC_TESTS_CANCEL_UTIL_H

#include <pthread.h>
#include <time.h>

#include "puzzlecore/budget.h"

typedef struct pc_test_cancel {
    pthread_t thread;
    pc_budget *budget;
    double delay, fired_at, returned_at, latency;
    volatile int fired;
} pc_test_cancel;

static inline double pc_test_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline void *pc_test_cancel_run(void *arg)
{
    pc_test_cancel *c = arg;
    struct timespec ts = {(time_t)c->delay, (long)((c->delay - (double)(time_t)c->delay) * 1e9)};
    nanosleep(&ts, NULL);
    c->fired_at = pc_test_now();
    c->fired = 1;
    pc_budget_cancel(c->budget);
    return NULL;
}

static inline void pc_test_cancel_start(pc_test_cancel *c, pc_budget *b, double delay)
{
    c->budget = b;
    c->delay = delay;
    c->fired = 0;
    c->fired_at = c->returned_at = c->latency = 0;
    pthread_create(&c->thread, NULL, pc_test_cancel_run, c);
}

/* Call right after the search returns. */
static inline void pc_test_cancel_join(pc_test_cancel *c)
{
    c->returned_at = pc_test_now();
    pthread_join(c->thread, NULL);
    c->latency = c->returned_at > c->fired_at && c->fired ? c->returned_at - c->fired_at : 0;
}

/* A progress callback that takes 20 ms and never asks to stop, so a cancel
 * from another thread lands while a fast search is still running; it counts
 * its calls in pc_test_slow_calls (one counter per test program). */
static int pc_test_slow_calls;
static inline int32_t pc_test_slow_progress(void *user, int64_t nodes, double seconds, double bound)
{
    (void)user;
    (void)nodes;
    (void)seconds;
    (void)bound;
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    pc_test_slow_calls++;
    return 0;
}

#endif
