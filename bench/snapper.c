/* bench/snapper — the Snapper advisor against the greedy one-ply baseline.
 *
 *   bench/snapper [GAMES [BUDGET [PRESET]]]
 *
 * Plays GAMES seeded games (default 1000, seeds 1..GAMES) per preset with
 * each player and prints one line per (preset, player): mean score, mean
 * figures, drops per figure, games per second.  A game that reaches
 * MAX_DROPS drops without ending is stopped there and counted as "capped".
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <puzzlecore/puzzlecore.h>

#include "../tests/budget_util.h"

/* The score (it can be negative: a status, the value through a pointer). */
static double points(const pc_snapper *g)
{
    double p = 0.0;
    pc_snapper_score(g, &p);
    return p;
}

#define MAX_DROPS 1000

/* A budget of n positions and no time limit. */
#define nodes_budget pc_test_nodes_budget

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *const preset_names[] = {"classic", "easy", "hard"};

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 1000;
    int budget = argc > 2 ? atoi(argv[2]) : 2000;
    int only = argc > 3 ? atoi(argv[3]) : -1;
    if (games < 1 || budget < 1) {
        fprintf(stderr, "usage: bench/snapper [GAMES [BUDGET [PRESET]]]\n");
        return 2;
    }
    for (int preset = 0; preset < PC_SNAPPER_PRESETS; preset++) {
        if (only >= 0 && preset != only)
            continue;
        double mean[2] = {0, 0};
        for (int player = 0; player < 2; player++) {
            double score = 0, t0 = now();
            long figures = 0, drops = 0, drains = 0, capped = 0, blocked = 0;
            for (int i = 1; i <= games; i++) {
                pc_snapper *g = NULL;
                if (pc_snapper_new(preset, (uint64_t)i, &g) != PC_OK)
                    return 1;
                while (!pc_snapper_is_over(g) && pc_snapper_drops(g) < MAX_DROPS) {
                    int32_t mv, col, turns, rc;
                    pc_budget nb;
                    rc = player ? pc_snapper_suggest(g, nodes_budget(&nb, budget), &mv, &col, &turns, NULL)
                                : pc_snapper_greedy(g, &mv, &col, &turns);
                    if (rc != PC_OK)
                        break;
                    rc = mv == PC_SNAPPER_MOVE_DRAIN ? pc_snapper_drain(g) : pc_snapper_play(g, col, turns);
                    if (rc != PC_OK) {
                        fprintf(stderr, "bench: illegal advice (%s)\n", pc_strerror(rc));
                        return 1;
                    }
                }
                capped += !pc_snapper_is_over(g);
                blocked += pc_snapper_end_reason(g) == PC_SNAPPER_BLOCKED;
                score += points(g);
                figures += pc_snapper_figures(g);
                drops += pc_snapper_drops(g);
                drains += pc_snapper_drains(g);
                pc_snapper_free(g);
            }
            double secs = now() - t0;
            mean[player] = score / games;
            printf("preset=%s player=%s games=%d budget=%d mean=%.2f figures=%.2f drops=%.1f "
                   "drops_per_figure=%.2f drains=%.1f blocked=%ld capped=%ld games_per_s=%.2f\n",
                   preset_names[preset], player ? "advisor" : "greedy", games, player ? budget : 0,
                   mean[player], (double)figures / games, (double)drops / games,
                   figures ? (double)drops / figures : 0.0, (double)drains / games, blocked, capped,
                   games / secs);
            fflush(stdout);
        }
        /* a ratio only means something over a positive baseline */
        if (mean[0] > 0)
            printf("preset=%s ratio=%.2f difference=%.2f\n", preset_names[preset], mean[1] / mean[0],
                   mean[1] - mean[0]);
        else
            printf("preset=%s ratio=n/a difference=%.2f\n", preset_names[preset], mean[1] - mean[0]);
    }
    return 0;
}
