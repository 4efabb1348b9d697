/*
 * bench/nonogram_solve — speed of the nonogram solver (public API only).
 *
 *   bench/nonogram_solve [--n25 N] [--n30 N] [--large N] [--seed S] [--limit-seconds T] [--only I]
 *
 * --only I solves puzzle I of each random set alone (the puzzles before it
 * are still drawn, so it is the same puzzle as in the full run).
 *
 * Sets (defaults: 1000 / 100 / 12; seed 2026):
 *   1. N random 25x25 puzzles, each cell filled with probability 1/2 (drawn
 *      from pc_rng, one 64-bit draw per cell, top bit): the way tournament
 *      sets are made, so most have several solutions;
 *   2. N random 30x30 puzzles, the same way;
 *   3. large picture puzzles from the generator at SEARCH grade: 60x60,
 *      80x80, 100x100 and 120x90, several seeds (unique by construction);
 *   4. the same pictures with 1 cell in 64 flipped at random ("noisy"
 *      pictures: structure plus noise, often several solutions, needs search;
 *      20 s per puzzle unless --limit-seconds says otherwise: the hardest of
 *      these are beyond the solver, and the set reports how many).
 * Every puzzle is solved to two solutions (first solution + uniqueness
 * answer); every solution found is verified by recomputing its clues.
 * Printed per set: counts by answer, total / mean / median / p99 / slowest
 * wall-clock seconds, total and slowest CPU seconds, search nodes, the solver's largest working memory, and at the
 * end the process's peak resident memory.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"

#include "nonogram_clueset.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of this process: on a shared machine the wall clock also counts
 * other people's work, so both are printed. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct {
    const char *name;
    int count, none, unique, multiple, limit, bad;
    int grades[4];
    double *times;
    double cpu_total, cpu_max;
    int64_t nodes, max_nodes, max_mem;
    int slowest;
    int verbose; /* print each puzzle's statistics (with --only) */
} result;

static void solve_one(result *r, int i, const uint8_t *pic, int32_t w, int32_t h, double limit)
{
    clueset c;
    clues_of(pic, w, h, &c);
    size_t cells = (size_t)w * (size_t)h;
    uint8_t *sols = malloc(2 * cells);
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    double t0 = now(), c0 = cpu_now();
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = limit > 0 ? limit : -1;
    int32_t k = pc_nonogram_solve_clues(w, h, c.rc, c.rcl, c.cc, c.ccl, NULL, 2, &b, sols, 2 * cells, st, PC_NONOGRAM_STAT_COUNT);
    double dt = now() - t0, dc = cpu_now() - c0;
    r->cpu_total += dc;
    if (dc > r->cpu_max)
        r->cpu_max = dc;
    r->times[i] = dt;
    if (dt >= r->times[r->slowest])
        r->slowest = i;
    if (k == PC_ELIMIT) {
        r->limit++;
    } else if (k < 0) {
        r->bad++;
    } else {
        if (k == 0)
            r->none++; /* impossible: the picture is a solution */
        else if (k == 1)
            r->unique++;
        else
            r->multiple++;
        for (int32_t s = 0; s < k; s++)
            if (!verify(sols + cells * (size_t)s, &c))
                r->bad++;
        if (k == 2 && memcmp(sols, sols + cells, cells) == 0)
            r->bad++;
        if (k == 0)
            r->bad++;
        r->grades[st[PC_NONOGRAM_STAT_GRADE] & 3]++;
    }
    if (r->verbose || k == PC_ELIMIT)
        printf("set=%s puzzle=%d answer=%d nodes=%lld line_solves=%lld probes=%lld line_cells=%lld probe_cells=%lld "
               "max_depth=%lld\n",
               r->name, i, k, (long long)st[PC_NONOGRAM_STAT_NODES], (long long)st[PC_NONOGRAM_STAT_LINE_SOLVES],
               (long long)st[PC_NONOGRAM_STAT_PROBES], (long long)st[PC_NONOGRAM_STAT_LINE_CELLS],
               (long long)st[PC_NONOGRAM_STAT_PROBE_CELLS], (long long)st[PC_NONOGRAM_STAT_MAX_DEPTH]);
    r->nodes += st[PC_NONOGRAM_STAT_NODES];
    if (st[PC_NONOGRAM_STAT_NODES] > r->max_nodes)
        r->max_nodes = st[PC_NONOGRAM_STAT_NODES];
    if (st[PC_NONOGRAM_STAT_MEMORY] > r->max_mem)
        r->max_mem = st[PC_NONOGRAM_STAT_MEMORY];
    free(sols);
    clues_free(&c);
}

static void report(result *r)
{
    int n = r->count;
    if (n == 0)
        return;
    double total = 0;
    for (int i = 0; i < n; i++)
        total += r->times[i];
    double *s = malloc(sizeof(double) * (size_t)n);
    memcpy(s, r->times, sizeof(double) * (size_t)n);
    qsort(s, (size_t)n, sizeof(double), cmp_d);
    printf("set=%s puzzles=%d unique=%d multiple=%d none=%d limit=%d wrong=%d grade_line=%d grade_probe=%d "
           "grade_search=%d\n",
           r->name, n, r->unique, r->multiple, r->none, r->limit, r->bad, r->grades[1], r->grades[2], r->grades[3]);
    printf("set=%s total_s=%.3f mean_s=%.5f median_s=%.5f p99_s=%.4f slowest_s=%.4f slowest_index=%d cpu_total_s=%.3f "
           "cpu_slowest_s=%.4f nodes=%lld max_nodes=%lld max_solver_memory_bytes=%lld\n",
           r->name, total, total / n, s[n / 2], s[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1], s[n - 1], r->slowest,
           r->cpu_total, r->cpu_max, (long long)r->nodes, (long long)r->max_nodes, (long long)r->max_mem);
    /* the slowest puzzle that was answered (limits excluded) */
    int answered = n - r->limit;
    printf("set=%s answered=%d slowest_answered_s=%.4f\n", r->name, answered,
           answered > 0 ? s[answered - 1] : 0.0);
    fflush(stdout);
    free(s);
}

static void random_set(const char *name, int32_t side, int count, uint64_t seed, double limit, int only)
{
    result r = {0};
    r.name = name;
    r.count = count;
    r.times = calloc((size_t)(count ? count : 1), sizeof(double));
    r.verbose = only >= 0;
    pc_rng *rng = NULL;
    pc_rng_new(seed, &rng);
    size_t cells = (size_t)side * (size_t)side;
    uint8_t *pic = malloc(cells);
    for (int i = 0; i < count; i++) {
        for (size_t c = 0; c < cells; c++)
            pic[c] = (uint8_t)(pc_rng_next(rng) >> 63);
        if (only >= 0 && i != only)
            continue;
        solve_one(&r, i, pic, side, side, limit);
        if (only >= 0)
            printf("set=%s puzzle=%d seconds=%.4f\n", name, i, r.times[i]);
    }
    report(&r);
    free(pic);
    free(r.times);
    pc_rng_free(rng);
}

static void large_set(int per_size, uint64_t seed, double limit, int noisy)
{
    static const int32_t sizes[][2] = {{60, 60}, {80, 80}, {100, 100}, {120, 90}};
    int n = per_size * 4;
    result r = {0};
    pc_rng *rng = NULL;
    pc_rng_new(seed, &rng);
    r.name = noisy ? "noisy-pictures-60-to-120" : "pictures-60-to-120";
    r.count = n;
    r.times = calloc((size_t)(n ? n : 1), sizeof(double));
    double gen = 0;
    for (int i = 0; i < n; i++) {
        int32_t w = sizes[i / per_size][0], h = sizes[i / per_size][1];
        uint8_t *pic = malloc((size_t)w * (size_t)h);
        double t0 = now();
        if (pc_nonogram_generate_cells(w, h, seed + (uint64_t)i, PC_NONOGRAM_GRADE_SEARCH, NULL, pic,
                                       (size_t)w * (size_t)h) != PC_OK) {
            r.bad++;
            free(pic);
            continue;
        }
        gen += now() - t0;
        if (noisy)
            for (int32_t c = 0; c < w * h; c++)
                if ((pc_rng_next(rng) >> 58) == 0)
                    pic[c] ^= 1;
        solve_one(&r, i, pic, w, h, noisy && limit <= 0 ? 20.0 : limit);
        free(pic);
    }
    report(&r);
    if (n)
        printf("set=%s generate_total_s=%.3f\n", r.name, gen);
    free(r.times);
    pc_rng_free(rng);
}

int main(int argc, char **argv)
{
    int n25 = 1000, n30 = 100, large = 3, only = -1;
    uint64_t seed = 2026;
    double limit = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--n25") == 0)
            n25 = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--n30") == 0)
            n30 = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--large") == 0)
            large = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--only") == 0)
            only = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--limit-seconds") == 0)
            limit = atof(argv[i + 1]);
        else {
            fprintf(stderr, "usage: %s [--n25 N] [--n30 N] [--large N] [--seed S] [--limit-seconds T] [--only I]\n", argv[0]);
            return 2;
        }
    }
    printf("bench=nonogram_solve seed=%llu limit_seconds=%g (0: none) answer=first solution + uniqueness\n",
           (unsigned long long)seed, limit);
    random_set("random-25x25", 25, n25, seed, limit, only);
    random_set("random-30x30", 30, n30, seed + 1, limit, only);
    large_set(large, seed, limit, 0);
    large_set(large, seed, limit, 1);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("peak_rss_kib=%ld\n", (long)ru.ru_maxrss);
    return 0;
}
