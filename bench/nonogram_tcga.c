/*
 * bench/nonogram_tcga — the nonogram solver on tournament puzzles and on the
 * project's own hard sets (public API only).
 *
 *   bench/nonogram_tcga [--cap S] [--max N] [--skip N] [--mode one|unique|both]
 *                       [--sets tcga,gen] [--gen N] [--seed S] [--slow T] [--only I,J,...]
 *                       [TCGA-FILE]
 *
 * TCGA-FILE is a TCGA/TAAI question file ("$n", 25 lines of column clues, 25
 * lines of row clues, tab-separated), e.g. ../shared/data/nonogram/tcga2016.txt
 * (the default path; third-party data is read by path, never copied into the
 * repository).  When it is absent the TCGA set is skipped with a message.
 * --skip N / --max N solve only puzzles N .. N+max-1 (0-based); --slow T
 * names every puzzle whose solve took more than T CPU seconds; --only I,J,...
 * solves only the TCGA puzzles of those 0-based indices (the numbers --slow
 * prints), for short runs on the slow tail.
 *
 * Generated sets (--gen N puzzles each, default 20; seed 2026; pc_rng draws,
 * so the same on every platform):
 *   rand30-pP / rand40-pP   random 30x30 and 40x40 grids, each cell filled with
 *                           probability P = 0.35, 0.50, 0.65;
 *   noisy40                 40x40 generator pictures with 1 cell in 16 flipped
 *                           (structure plus noise: many solutions, few givens).
 *
 * Each puzzle is solved twice: for one solution (count 1) and for the
 * uniqueness verdict (count 2), each under a cap of --cap CPU seconds
 * (default 2; enforced through the budget's progress callback, which reads
 * this process's CPU clock every 20 ms of wall time; no wall-clock limit, so
 * a loaded machine does not turn slow answers into "unanswered").  A puzzle that hits the cap is "unanswered".  Every
 * solution returned is verified by recomputing its clues; the two solutions
 * of a MULTIPLE verdict must differ.  Printed per set and mode: answered,
 * unanswered, wrong (a solution that fails its clues: must be 0), verdicts
 * (none / unique / multiple), total CPU seconds, median, p99 and max CPU
 * seconds per puzzle, search nodes and nodes per CPU second, then the
 * puzzles slower than --slow T (2 s without it) and the whole set's probes
 * and line solves (the solver's own work counts: unlike CPU seconds they do
 * not depend on the machine's load, so two versions of the solver can be
 * compared by them run after run).  The first lines
 * say which backend the library was built with (pc_nonogram_sat_backend: the
 * search alone, or the search handing its hardest cases to CaDiCaL): build
 * twice (configure with and without --with-cadical) to compare.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"

#include "nonogram_clueset.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cap_seconds = 2.0;
static double slow_seconds = 0; /* --slow T: name every puzzle slower than T */
static const char *cur_set = "";
static int index_base = 0; /* the file's index of the set's first puzzle */
static int *only_idx = NULL; /* --only: the file's index of each puzzle solved, else NULL */
static int only_n = 0;

typedef struct {
    double cpu_start, cpu_cap;
} capctl;

static int32_t on_progress(void *user, int64_t nodes, double seconds, double bound)
{
    (void)nodes;
    (void)seconds;
    (void)bound;
    const capctl *c = user;
    return cpu_now() - c->cpu_start > c->cpu_cap;
}

/* One solve under the CPU cap: the solver's return value. */
static int32_t solve_capped(const pc_nonogram *g, int32_t count, uint8_t *sols, size_t cap, int64_t *st)
{
    capctl c = {cpu_now(), cap_seconds};
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = -1; /* the cap is CPU time, checked by on_progress */
    b.progress = on_progress;
    b.user = &c;
    b.progress_every = 0.02;
    return pc_nonogram_solve(g, count, &b, sols, cap, st, PC_NONOGRAM_STAT_COUNT);
}

/* The puzzle's own clues, in the same layout as clues_of (an empty line is
 * the single clue 0, as pc_nonogram_grid_clues writes it). */
static void clues_of_puzzle(const pc_nonogram *g, clueset *c)
{
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    size_t cap = clueset_alloc(c, w, h);
    for (int32_t axis = 0; axis < 2; axis++) {
        int32_t n = axis == PC_NONOGRAM_ROWS ? h : w;
        int32_t *counts = axis == PC_NONOGRAM_ROWS ? c->rc : c->cc;
        int32_t *cl = axis == PC_NONOGRAM_ROWS ? c->rcl : c->ccl;
        size_t *tot = axis == PC_NONOGRAM_ROWS ? &c->nr : &c->nc;
        for (int32_t i = 0; i < n; i++) {
            int32_t got = 0;
            pc_nonogram_clues(g, axis, i, cl + *tot, (int32_t)(cap - *tot), &got);
            counts[i] = got;
            *tot += (size_t)got;
        }
    }
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct {
    int count, answered, unanswered, wrong, none, unique, multiple;
    double cpu_total;
    int64_t nodes, probes, line_solves; /* whole-set work: the same on every run of the same library */
    double *times;
} tally;

static void tally_init(tally *t, int n)
{
    memset(t, 0, sizeof *t);
    t->times = calloc((size_t)(n > 0 ? n : 1), sizeof(double));
}

/* Solve g for `count` solutions and record the outcome. */
static void run_one(const pc_nonogram *g, int32_t count, tally *t)
{
    int index = only_idx && t->count < only_n ? only_idx[t->count] : index_base + t->count;
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    size_t cells = (size_t)w * (size_t)h;
    uint8_t *sols = malloc(2 * cells);
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    memset(st, 0, sizeof st);
    double t0 = cpu_now();
    int32_t k = solve_capped(g, count, sols, 2 * cells, st);
    double dt = cpu_now() - t0;
    t->times[t->count++] = dt;
    t->cpu_total += dt;
    t->nodes += st[PC_NONOGRAM_STAT_NODES];
    t->probes += st[PC_NONOGRAM_STAT_PROBES];
    t->line_solves += st[PC_NONOGRAM_STAT_LINE_SOLVES];
    if (slow_seconds > 0 && dt > slow_seconds)
        printf("# slow: set=%s puzzle=%d count=%d rc=%d cpu_s=%.3f nodes=%lld probes=%lld line_solves=%lld\n",
               cur_set, index, count, k, dt, (long long)st[PC_NONOGRAM_STAT_NODES],
               (long long)st[PC_NONOGRAM_STAT_PROBES], (long long)st[PC_NONOGRAM_STAT_LINE_SOLVES]);
    if (k < 0) {
        if (k != PC_ELIMIT && k != PC_ECANCELLED)
            fprintf(stderr, "solve error %d (%s)\n", k, pc_strerror(k));
        t->unanswered++;
    } else {
        clueset c;
        clues_of_puzzle(g, &c);
        int bad = 0;
        for (int32_t i = 0; i < k && i < 2; i++)
            bad |= !verify(sols + (size_t)i * cells, &c);
        if (k >= 2 && memcmp(sols, sols + cells, cells) == 0)
            bad = 1;
        clues_free(&c);
        t->wrong += bad;
        t->answered++;
        if (k == 0)
            t->none++;
        else if (k == 1)
            t->unique++;
        else
            t->multiple++;
    }
    free(sols);
}

static void tally_print(const char *set, const char *mode, tally *t)
{
    qsort(t->times, (size_t)t->count, sizeof(double), cmp_d);
    double med = t->count ? t->times[t->count / 2] : 0;
    int i99 = (int)((double)t->count * 0.99);
    if (i99 >= t->count)
        i99 = t->count - 1;
    double p99 = t->count ? t->times[i99 < 0 ? 0 : i99] : 0;
    double mx = t->count ? t->times[t->count - 1] : 0;
    /* a count-1 verdict of 1 means "solved", not "unique" */
    int over = 0; /* puzzles over --slow T (or over 2 s without it) */
    for (int i = 0; i < t->count; i++)
        over += t->times[i] > (slow_seconds > 0 ? slow_seconds : 2.0);
    printf("%-12s %-6s %5d %6d %6d %5d %4d/%4d/%4d %9.2f %8.4f %8.3f %8.3f %10lld %9.0f %5d %12lld %13lld\n", set,
           mode, t->count, t->answered, t->unanswered, t->wrong, t->none, t->unique, t->multiple, t->cpu_total, med,
           p99, mx, (long long)t->nodes, t->cpu_total > 0 ? (double)t->nodes / t->cpu_total : 0.0, over,
           (long long)t->probes, (long long)t->line_solves);
    fflush(stdout);
    free(t->times);
}

static void header(void)
{
    printf("%-12s %-6s %5s %6s %6s %5s %14s %9s %8s %8s %8s %10s %9s %5s %12s %13s\n", "set", "mode", "n", "answrd",
           "unansw", "wrong", "none/uniq/mult", "cpu_s", "median", "p99", "max", "nodes", "nodes/s", "slow", "probes",
           "line_solves");
}

static int mode_one = 1, mode_unique = 1;

/* Run both modes over a list of puzzles. */
static void run_set(const char *name, pc_nonogram **gs, int n)
{
    cur_set = name;
    if (mode_one) {
        tally t;
        tally_init(&t, n);
        for (int i = 0; i < n; i++)
            run_one(gs[i], 1, &t);
        tally_print(name, "one", &t);
    }
    if (mode_unique) {
        tally t;
        tally_init(&t, n);
        for (int i = 0; i < n; i++)
            run_one(gs[i], 2, &t);
        tally_print(name, "unique", &t);
    }
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 20, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        if (got == 0)
            break;
        n += got;
    }
    fclose(f);
    *len = n;
    return buf;
}

static int skip = 0;

static void tcga_set(const char *path, int max)
{
    size_t len = 0;
    char *text = read_file(path, &len);
    if (!text) {
        printf("# tcga: %s not found: set skipped\n", path);
        return;
    }
    char err[256];
    int32_t n = pc_nonogram_import_count(text, len, PC_NONOGRAM_FORMAT_TCGA, err, sizeof err);
    if (n < 1) {
        printf("# tcga: %s: %s\n", path, err);
        free(text);
        return;
    }
    int32_t first = skip < n ? skip : n;
    if (max > 0 && n - first > max)
        n = first + max;
    pc_nonogram **gs = calloc((size_t)(n > 0 ? n : 1) + (size_t)only_n, sizeof *gs);
    int got = 0;
    if (only_idx) { /* --only: those puzzles, in the order given */
        int kept = 0;
        for (int j = 0; j < only_n; j++) {
            if (only_idx[j] < 0 || only_idx[j] >= n) {
                printf("# tcga: puzzle %d: not in the file\n", only_idx[j]);
                continue;
            }
            if (pc_nonogram_import(text, len, PC_NONOGRAM_FORMAT_TCGA, only_idx[j], err, sizeof err, &gs[got]) ==
                PC_OK) {
                got++;
                only_idx[kept++] = only_idx[j];
            } else {
                printf("# tcga: puzzle %d: %s\n", only_idx[j], err);
            }
        }
        only_n = kept;
        first = n; /* the range below is empty */
    }
    for (int32_t i = first; i < n; i++) {
        if (pc_nonogram_import(text, len, PC_NONOGRAM_FORMAT_TCGA, i, err, sizeof err, &gs[got]) == PC_OK)
            got++;
        else
            printf("# tcga: puzzle %d: %s\n", i, err);
    }
    free(text);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(strcspn(base, ".") < 12 ? strcspn(base, ".") : 12), base);
    index_base = first;
    run_set(name, gs, got);
    index_base = 0;
    for (int i = 0; i < got; i++)
        pc_nonogram_free(gs[i]);
    free(gs);
}

static pc_nonogram *from_cells(const uint8_t *cells, int32_t w, int32_t h)
{
    size_t n = (size_t)w * (size_t)h;
    char *bits = malloc(n);
    for (size_t i = 0; i < n; i++)
        bits[i] = cells[i] ? '1' : '0';
    pc_nonogram *g = NULL;
    pc_nonogram_new_from_solution(w, h, bits, n, NULL, 0, &g);
    free(bits);
    return g;
}

static void random_set(int32_t side, int pct, int n, uint64_t seed)
{
    pc_rng *rng = NULL;
    pc_rng_new(seed ^ ((uint64_t)side << 32) ^ (uint64_t)pct, &rng);
    pc_nonogram **gs = calloc((size_t)n, sizeof *gs);
    size_t cells = (size_t)side * (size_t)side;
    uint8_t *pic = malloc(cells);
    /* P(filled) = pct / 100 from a 64-bit draw */
    uint64_t thresh = (uint64_t)((double)pct / 100.0 * 18446744073709551616.0);
    for (int i = 0; i < n; i++) {
        for (size_t c = 0; c < cells; c++)
            pic[c] = pc_rng_next(rng) < thresh;
        gs[i] = from_cells(pic, side, side);
    }
    char name[32];
    snprintf(name, sizeof name, "rand%d-p%02d", side, pct);
    run_set(name, gs, n);
    for (int i = 0; i < n; i++)
        pc_nonogram_free(gs[i]);
    free(gs);
    free(pic);
    pc_rng_free(rng);
}

static void noisy_set(int32_t side, int n, uint64_t seed)
{
    pc_rng *rng = NULL;
    pc_rng_new(seed ^ 0x6e6f697379u, &rng);
    pc_nonogram **gs = calloc((size_t)n, sizeof *gs);
    size_t cells = (size_t)side * (size_t)side;
    uint8_t *pic = malloc(cells);
    int got = 0;
    for (int i = 0; i < n; i++) {
        if (pc_nonogram_generate_cells(side, side, seed + (uint64_t)i, PC_NONOGRAM_GRADE_SEARCH, NULL, pic, cells) !=
            PC_OK)
            continue;
        for (size_t c = 0; c < cells; c++)
            if ((pc_rng_next(rng) >> 60) == 0)
                pic[c] ^= 1;
        gs[got++] = from_cells(pic, side, side);
    }
    char name[32];
    snprintf(name, sizeof name, "noisy%d", side);
    run_set(name, gs, got);
    for (int i = 0; i < got; i++)
        pc_nonogram_free(gs[i]);
    free(gs);
    free(pic);
    pc_rng_free(rng);
}

int main(int argc, char **argv)
{
    const char *path = "../shared/data/nonogram/tcga2016.txt";
    const char *sets = "tcga,gen";
    int max = 0, gen = 20;
    uint64_t seed = 2026;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cap") && i + 1 < argc)
            cap_seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--max") && i + 1 < argc)
            max = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--slow") && i + 1 < argc)
            slow_seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--skip") && i + 1 < argc)
            skip = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--gen") && i + 1 < argc)
            gen = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--sets") && i + 1 < argc)
            sets = argv[++i];
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            const char *l = argv[++i];
            only_n = 0;
            free(only_idx);
            only_idx = malloc(sizeof(int) * (strlen(l) / 2 + 1));
            for (char *end; *l;) {
                long v = strtol(l, &end, 10);
                if (end == l)
                    break;
                only_idx[only_n++] = (int)v;
                l = *end == ',' ? end + 1 : end;
            }
        }
        else if (!strcmp(argv[i], "--mode") && i + 1 < argc) {
            const char *m = argv[++i];
            mode_one = !strcmp(m, "one") || !strcmp(m, "both");
            mode_unique = !strcmp(m, "unique") || !strcmp(m, "both");
        } else if (argv[i][0] != '-')
            path = argv[i];
        else {
            fprintf(stderr,
                    "usage: %s [--cap S] [--max N] [--skip N] [--mode one|unique|both] [--sets tcga,gen] "
                    "[--gen N] [--seed S] [--slow T] [--only I,J,...] [TCGA-FILE]\n",
                    argv[0]);
            return 2;
        }
    }
    if (!(cap_seconds > 0)) {
        fprintf(stderr, "--cap must be > 0\n");
        return 2;
    }
    printf("# nonogram_tcga: cap %.2f CPU-s per puzzle and mode; mode one = first solution, unique = verdict\n",
           cap_seconds);
    printf("# backend: %s\n", pc_nonogram_sat_backend() ? "search + CaDiCaL SAT (built --with-cadical)"
                                                         : "search only (built without CaDiCaL)");
    header();
    if (strstr(sets, "tcga"))
        tcga_set(path, max);
    if (strstr(sets, "gen") && gen > 0) {
        static const int pcts[3] = {35, 50, 65};
        for (int s = 30; s <= 40; s += 10)
            for (int p = 0; p < 3; p++)
                random_set(s, pcts[p], gen, seed);
        noisy_set(40, gen, seed);
    }
    free(only_idx);
    return 0;
}
