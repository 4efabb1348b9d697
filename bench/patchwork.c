/*
 * bench/patchwork.c -- Patchwork figures:
 *   1. random legal playouts per second on one core (the engine's playout
 *      policy, then the public API: legal_moves + uniform pick + apply);
 *   2. the strong bot (pc_patchwork_suggest) against the baseline (the
 *      league-5 boss), seats alternating, league 4.
 *
 *   bench/patchwork [--seconds S] [--games N] [--playouts P | --ms MS] [--league L]
 * Defaults: 2 s of playouts, 100 games at 1000 playouts a move.
 * Linked with the engine's objects to reach its internal playout policy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "patchwork/game.h"

int main(int argc, char **argv)
{
    double seconds = 2.0, ms = 0;
    int games = 100, league = 4;
    long long playouts = 1000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--playouts") && i + 1 < argc)
            playouts = atoll(argv[++i]), ms = 0;
        else if (!strcmp(argv[i], "--ms") && i + 1 < argc)
            ms = atof(argv[++i]), playouts = 0;
        else if (!strcmp(argv[i], "--league") && i + 1 < argc)
            league = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--seconds S] [--games N] [--playouts P | --ms MS] [--league L]\n", argv[0]);
            return 2;
        }
    }

    /* 1a. engine playouts from fresh seeded deals */
    struct pc_rng rng;
    pc__rng_seed(&rng, 1);
    pw_rules r;
    pc__patchwork_rules(&r, league);
    long long n = 0, actions = 0;
    double t0 = pc__now_seconds(), t1;
    do {
        for (int k = 0; k < 1000; k++) {
            pc_patchwork *g;
            pc_patchwork_new(league, (uint64_t)n, &g);
            pw_state s = g->s;
            pc_patchwork_free(g);
            while (!s.over) {
                pw_move m = pc__patchwork_random_move(&s, &rng);
                pc__patchwork_do(&s, &m);
                actions++;
            }
            n++;
        }
        t1 = pc__now_seconds();
    } while (t1 - t0 < seconds);
    printf("bench=playouts api=engine league=%d games=%lld seconds=%.3f games_per_s=%.0f actions_per_game=%.1f\n",
           league, n, t1 - t0, n / (t1 - t0), (double)actions / n);

    /* 1b. the same through the public API, uniform over the listed moves */
    static int32_t codes[PC_PATCHWORK_MAX_MOVES];
    n = 0;
    t0 = pc__now_seconds();
    do {
        pc_patchwork *g;
        pc_patchwork_new(league, (uint64_t)n, &g);
        while (!pc_patchwork_is_over(g)) {
            size_t c;
            pc_patchwork_legal_moves(g, codes, PC_PATCHWORK_MAX_MOVES, &c);
            pc_patchwork_apply(g, codes[pc__rng_below(&rng, (int32_t)c)]);
        }
        pc_patchwork_free(g);
        n++;
        t1 = pc__now_seconds();
    } while (t1 - t0 < seconds);
    printf("bench=playouts api=public_uniform league=%d games=%lld seconds=%.3f games_per_s=%.0f\n", league, n,
           t1 - t0, n / (t1 - t0));

    /* 1c. search speed: playouts the strong bot runs in 100 ms from the start */
    {
        pc_patchwork *g;
        pc_patchwork_new(league, 7, &g);
        int64_t done = 0;
        int32_t st;
        pc_budget b;
        pc__meter m;
        pc_budget_init(&b, sizeof b);
        b.max_seconds = 0.1;
        b.seed = 1;
        pc__meter_start(&m, &b);
        pc__patchwork_mcts(&g->s, &m, &done, &st);
        printf("bench=search league=%d budget=ms:100 playouts=%lld\n", league, (long long)done);
        pc_patchwork_free(g);
    }

    /* 2. strong vs baseline */
    int wins = 0, losses = 0, draws = 0;
    long long margin = 0;
    t0 = pc__now_seconds();
    for (int gi = 0; gi < games; gi++) {
        pc_patchwork *g;
        pc_patchwork_new(league, 1000 + (uint64_t)gi, &g);
        int strong = gi % 2;
        while (!pc_patchwork_is_over(g)) {
            int32_t code, who = PC_PATCHWORK_NOBODY;
            pc_patchwork_to_move(g, &who);
            if (who == strong)
            {
                pc_budget b;
                pc_budget_init(&b, sizeof b);
                b.max_nodes = playouts;
                b.max_seconds = playouts ? -1.0 : ms / 1000.0;
                b.seed = (uint64_t)gi;
                pc_patchwork_suggest(g, &b, &code);
            }
            else
                pc_patchwork_baseline_move(g, &code);
            if (pc_patchwork_apply(g, code) != PC_OK) {
                fprintf(stderr, "illegal bot move\n");
                return 1;
            }
        }
        int32_t w = PC_PATCHWORK_NOT_OVER, ss = 0, sw = 0;
        pc_patchwork_winner(g, &w);
        pc_patchwork_score(g, strong, &ss);
        pc_patchwork_score(g, 1 - strong, &sw);
        wins += w == strong;
        losses += w == 1 - strong;
        draws += w == PC_PATCHWORK_DRAW;
        margin += ss - sw;
        pc_patchwork_free(g);
    }
    t1 = pc__now_seconds();
    printf("bench=strong_vs_baseline league=%d games=%d budget=%s%g wins=%d losses=%d draws=%d win_rate=%.3f "
           "avg_margin=%.1f seconds=%.1f\n",
           league, games, playouts ? "playouts:" : "ms:", playouts ? (double)playouts : ms, wins, losses, draws,
           games ? (double)wins / games : 0.0, games ? (double)margin / games : 0.0, t1 - t0);
    return 0;
}
