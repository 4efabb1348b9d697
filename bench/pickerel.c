/*
 * bench/pickerel — the advisor over many seeded games per level.
 *
 *   bench/pickerel [--games N] [--levels A-B] [--budget NODES] [--seed S] [--oracle-games K]
 *                  [--oracle-horizon H] [--oracle-beam W] [--stats]
 *
 * For each level it prints one line:
 *   level=L games=N budget=B mean= p5= min= max= games_per_s=
 *   oracle_games=K oracle_mean= ceiling=
 * where mean and p5 are the advisor's final scores over seeds S..S+N-1 (it
 * sees only what a player sees), oracle_mean is the same search given the
 * real next spools instead of samples (one sample: the real next H spools,
 * default 6, searched with a W-line beam, default 4; on the first K games;
 * --games 0 runs the oracle only), and ceiling is a true upper bound on any play of the level
 * (every row a perfect row of its own with the longest runs, every possible
 * square, the best width for each colour; see doc/pickerel.md).
 * The last line says whether mean >= 900 held on every level run.
 *
 * Built by `make bench` (or `make bench/pickerel`); `make bench` runs it with
 * the defaults (1000 games per level): run it with nice, it takes a while.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pickerel/state.h"
#include "puzzlecore/puzzlecore.h"
#include "../tests/budget_util.h"

/* The score (it can be negative: a status, the value through a pointer). */
static int64_t score_of(const pc_pickerel *g)
{
    int64_t s = 0;
    pc_pickerel_score(g, &s);
    return s;
}

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* A budget of n advisor nodes and no time limit. */
#define nodes_budget pc_test_nodes_budget

/* --stats: totals over the advisor's games of a level (weaves per width,
 * perfect events, squares, wasted inches), printed after the level's line. */
static int stats, oracle_horizon, oracle_beam; /* 0, 0: the advisor's own */
static int64_t width_weaves[PC_PICKEREL_MAX_WIDTH + 1], tot_stat[PC_PICKEREL_STAT_COUNT];

/* One game played by the advisor (oracle: with the deal known). */
static int64_t play(int32_t level, uint64_t seed, int64_t budget, int oracle)
{
    pc_pickerel *g;
    if (pc_pickerel_new(level, seed, 0, &g) != PC_OK)
        exit(1);
    int32_t m[4];
    pc_budget nb;
    while (!pc_pickerel_over(g)) {
        int32_t rc = oracle ? pc__pickerel_suggest_oracle(g, budget, oracle_horizon, oracle_beam, m) : pc_pickerel_suggest(g, nodes_budget(&nb, budget), m);
        if (rc != PC_OK || pc_pickerel_play(g, m) != PC_OK) {
            fprintf(stderr, "bench: advisor failed on level %d seed %llu\n", (int)level, (unsigned long long)seed);
            exit(1);
        }
        if (stats && !oracle && m[0] == PC_PICKEREL_MOVE_WEAVE)
            width_weaves[pc_pickerel_width(g)]++;
    }
    if (stats && !oracle)
        for (int32_t f = 0; f < PC_PICKEREL_STAT_COUNT; f++) {
            int64_t v;
            pc_pickerel_stat(g, f, &v);
            tot_stat[f] += v;
        }
    int64_t s = score_of(g);
    pc_pickerel_free(g);
    return s;
}

/* A true upper bound on any play of the level.  Every row costs at least
 * w + o inches (a knot or a wrap each) and scores at most w(o+1) x its place
 * in the square's run (every row its own perfect event); a square adds 2 w^2.
 * Partial cloths earn less per inch than squares, so the best per-inch value
 * of a square over the level's widths, times all the inches, bounds the score
 * (colours and Wild splices do not matter to this bound). */
static int64_t level_ceiling(int32_t level)
{
    int32_t w0, o, col, in;
    pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_WIDTH, &w0);
    pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_OVERLAP, &o);
    pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_COLOURS, &col);
    pc_pickerel_level_info(level, PC_PICKEREL_LEVEL_INCHES, &in);
    double best = 0;
    for (int32_t w = w0; w <= w0 + 2; w++) {
        double per_square = (double)w * (o + 1) * w * (w + 1) / 2 + 2.0 * w * w;
        double per_inch = per_square / ((double)w * (w + o));
        if (per_inch > best)
            best = per_inch;
    }
    return (int64_t)(best * col * in);
}

int main(int argc, char **argv)
{
    int games = 1000, lo = 1, hi = 12, oracle_games = -1;
    int64_t budget = 0;
    uint64_t seed0 = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (strcmp(argv[i], "--levels") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%d-%d", &lo, &hi) == 1)
                hi = lo;
        } else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            budget = atoll(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed0 = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--oracle-games") == 0 && i + 1 < argc)
            oracle_games = atoi(argv[++i]);
        else if (strcmp(argv[i], "--oracle-horizon") == 0 && i + 1 < argc)
            oracle_horizon = atoi(argv[++i]);
        else if (strcmp(argv[i], "--oracle-beam") == 0 && i + 1 < argc)
            oracle_beam = atoi(argv[++i]);
        else if (strcmp(argv[i], "--stats") == 0)
            stats = 1;
        else {
            fprintf(stderr,
                    "usage: %s [--games N] [--levels A-B] [--budget NODES] [--seed S] [--oracle-games K]\n"
                    "          [--oracle-horizon H] [--oracle-beam W] [--stats]\n",
                    argv[0]);
            return 2;
        }
    }
    if (games < 0 || lo < 1 || hi > 12 || lo > hi || oracle_horizon < 0 || oracle_horizon > 64 || oracle_beam < 0)
        return 2;
    if (oracle_games < 0)
        oracle_games = games < 50 ? games : 50;
    int64_t *sc = malloc(sizeof *sc * (size_t)(games + 1));
    if (!sc)
        return 1;
    int met = 1;
    for (int level = lo; level <= hi; level++) {
        double t0 = now(), sum = 0;
        for (int k = 0; k < games; k++) {
            sc[k] = play(level, seed0 + (uint64_t)k, budget, 0);
            sum += (double)sc[k];
        }
        double dt = now() - t0;
        qsort(sc, (size_t)games, sizeof *sc, cmp64);
        double osum = 0;
        for (int k = 0; k < oracle_games; k++)
            osum += (double)play(level, seed0 + (uint64_t)k, budget, 1);
        if (games == 0) {
            printf("level=%d oracle_games=%d oracle_mean=%.1f\n", level, oracle_games,
                   oracle_games ? osum / oracle_games : 0.0);
            continue;
        }
        double mean = sum / games;
        if (mean < 900)
            met = 0;
        printf("level=%d games=%d budget=%lld mean=%.1f p5=%lld min=%lld max=%lld games_per_s=%.2f "
               "oracle_games=%d oracle_mean=%.1f ceiling=%lld\n",
               level, games, (long long)(budget ? budget : 100000 /* advisor.c PK_PLAN_BUDGET */), mean, (long long)sc[games / 20], (long long)sc[0],
               (long long)sc[games - 1], games / (dt > 0 ? dt : 1e-9), oracle_games,
               oracle_games ? osum / oracle_games : 0.0, (long long)level_ceiling(level));
        if (stats) {
            printf("  per game: spools=%.1f perfect=%.1f squares=%.1f rectangles=%.1f wasted=%.1f splices=%.1f;",
                   (double)tot_stat[PC_PICKEREL_STAT_SPOOLS] / games, (double)tot_stat[PC_PICKEREL_STAT_PERFECT] / games,
                   (double)tot_stat[PC_PICKEREL_STAT_SQUARES] / games,
                   (double)tot_stat[PC_PICKEREL_STAT_RECTANGLES] / games,
                   (double)tot_stat[PC_PICKEREL_STAT_WASTED] / games, (double)tot_stat[PC_PICKEREL_STAT_SPLICES] / games);
            for (int w = 0; w <= PC_PICKEREL_MAX_WIDTH; w++)
                if (width_weaves[w])
                    printf(" weaves at width %d: %.1f", w, (double)width_weaves[w] / games);
            printf("\n");
            memset(width_weaves, 0, sizeof width_weaves);
            memset(tot_stat, 0, sizeof tot_stat);
        }
        fflush(stdout);
    }
    if (games > 0)
        printf("target_mean_900_every_level=%s\n", met ? "met" : "not-met");
    free(sc);
    return 0;
}
