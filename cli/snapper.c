/* puzzlecore snapper — play scripted games, let a player play seeded games,
 * show a saved game.  One line per result, key=value fields. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "puzzlecore/puzzlecore.h"

/* The score (it can be negative: a status, the value through a pointer). */
static double points(const pc_snapper *g)
{
    double p = 0.0;
    pc_snapper_score(g, &p);
    return p;
}

/* The score exactly, in 1/PC_SNAPPER_SCORE_UNIT points (it can be negative:
 * a status, the value through a pointer). */
static int64_t score_units(const pc_snapper *g)
{
    int64_t u = 0;
    pc_snapper_score_units(g, &u);
    return u;
}

static const char *const preset_names[] = {"classic", "easy", "hard"};
static const char *const end_names[] = {"playing", "target", "blocked", "no-pieces"};

static void usage(FILE *f)
{
    fprintf(f, "usage: puzzlecore snapper COMMAND [OPTIONS]\n\n"
               "commands:\n"
               "  play  --seed S [--preset P] [--games N] [--moves TEXT | --file F]\n"
               "        play a scripted game: moves are 'C' or 'C:T' (drop in column C after T\n"
               "        right turns) or 'x' (drain); prints one line per move, then a summary\n"
               "  auto  --seed S [--games N] [--preset P] [--player advisor|greedy] [--budget B]\n"
               "        [--max-drops D] [--each]: a player plays N games, seeds S..S+N-1;\n"
               "        prints games= mean= figures= drops= ...\n"
               "  show  FILE: render a saved game and print its state\n"
               "presets: classic, easy, hard.  `puzzlecore snapper COMMAND --help` for one command.\n");
}

static int32_t preset_of(const char *s)
{
    for (int i = 0; i < PC_SNAPPER_PRESETS; i++)
        if (strcmp(s, preset_names[i]) == 0)
            return i;
    fprintf(stderr, "puzzlecore: unknown preset '%s' (classic, easy, hard)\n", s);
    exit(2);
}

static void state_line(const pc_snapper *g, const char *prefix)
{
    printf("%sscore=%.4f figures=%d drops=%d drains=%d over=%d end=%s\n", prefix, points(g),
           (int)pc_snapper_figures(g), (int)pc_snapper_drops(g), (int)pc_snapper_drains(g),
           (int)pc_snapper_is_over(g), end_names[pc_snapper_end_reason(g)]);
}

/* ---- play -------------------------------------------------------------------------- */

static int cmd_play(int argc, char **argv)
{
    uint64_t seed = 1;
    int32_t preset = PC_SNAPPER_CLASSIC;
    long long games = 1;
    char *script = NULL;
    int owned = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0) {
            printf("usage: puzzlecore snapper play --seed S [--preset P] [--games N] [--moves TEXT | --file F]\n"
                   "Moves (white-space separated): C or C:T drops in column C (0-4) after T right\n"
                   "turns (0-3); x drains.  Without --moves/--file they are read from stdin.\n"
                   "Each of the N games (seeds S..S+N-1) plays the same script.\n"
                   "Output: game= move= kind=drop|drain column= turns= status= points= figures=\n"
                   "        score= (status: ok, einval, eillegal, eover, ...), then one line per\n"
                   "        game: game= seed= score= figures= drops= drains= over= end=\n");
            return 0;
        } else if (strcmp(a, "--seed") == 0) {
            seed = (uint64_t)cli_int(a, v, 0, 9007199254740991LL);
            i++;
        } else if (strcmp(a, "--preset") == 0 && v) {
            preset = preset_of(v);
            i++;
        } else if (strcmp(a, "--games") == 0) {
            games = cli_int(a, v, 1, 1000000);
            i++;
        } else if (strcmp(a, "--moves") == 0 && v) {
            script = argv[++i];
        } else if (strcmp(a, "--file") == 0 && v) {
            size_t n;
            script = cli_read_file(v, &n);
            if (!script)
                return 1;
            owned = 1;
            i++;
        } else {
            fprintf(stderr, "puzzlecore: snapper play: bad argument '%s'\n", a);
            return 2;
        }
    }
    if (!script) {
        size_t n;
        script = cli_read_file("-", &n);
        if (!script)
            return 1;
        owned = 1;
    }
    int rc = 0;
    for (long long k = 0; k < games && rc == 0; k++) {
        pc_snapper *g = NULL;
        int32_t st = pc_snapper_new(preset, seed + (uint64_t)k, &g);
        if (st != PC_OK) {
            rc = cli_fail("snapper play", st, NULL);
            break;
        }
        int move = 0;
        const char *p = script;
        while (*p) {
            while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',')
                p++;
            if (!*p)
                break;
            const char *start = p;
            while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r' && *p != ',')
                p++;
            int len = (int)(p - start);
            int64_t before = score_units(g);
            move++;
            if (len == 1 && start[0] == 'x') {
                st = pc_snapper_drain(g);
                printf("game=%lld move=%d kind=drain status=%s", k + 1, move, cli_status_word(st));
            } else {
                int col = -1, turns = 0;
                if (len == 1 && start[0] >= '0' && start[0] <= '9')
                    col = start[0] - '0';
                else if (len == 3 && start[1] == ':' && start[0] >= '0' && start[0] <= '9' && start[2] >= '0' &&
                         start[2] <= '9') {
                    col = start[0] - '0';
                    turns = start[2] - '0';
                } else {
                    fprintf(stderr, "puzzlecore: snapper play: bad move '%.*s' (want C, C:T or x)\n", len, start);
                    rc = 2;
                    break;
                }
                st = pc_snapper_play(g, col, turns);
                printf("game=%lld move=%d kind=drop column=%d turns=%d status=%s", k + 1, move, col, turns,
                       cli_status_word(st));
            }
            printf(" points=%.4f figures=%d score=%.4f\n",
                   (double)(score_units(g) - before) / PC_SNAPPER_SCORE_UNIT, (int)pc_snapper_figures(g),
                   points(g));
            if (pc_snapper_is_over(g))
                break;
        }
        char prefix[64];
        snprintf(prefix, sizeof prefix, "game=%lld seed=%llu ", k + 1, (unsigned long long)(seed + (uint64_t)k));
        if (rc == 0)
            state_line(g, prefix);
        pc_snapper_free(g);
    }
    if (owned)
        free(script);
    return rc;
}

/* ---- auto -------------------------------------------------------------------------- */

static int cmd_auto(int argc, char **argv)
{
    uint64_t seed = 1;
    int32_t preset = PC_SNAPPER_CLASSIC, budget = 2000;
    long long games = 1, max_drops = 1000;
    int greedy = 0, each = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0) {
            printf("usage: puzzlecore snapper auto --seed S [--games N] [--preset P]\n"
                   "       [--player advisor|greedy] [--budget B] [--max-drops D] [--each]\n"
                   "The player plays N games (seeds S..S+N-1).  A game still running after D drops\n"
                   "(default 1000) is stopped and counted in capped=.\n"
                   "Output: with --each one line per game (seed= score= figures= drops= drains= end=),\n"
                   "then games= mean= figures= drops= drains= capped= player= preset= seconds=\n"
                   "(figures, drops and drains are means per game).  Progress on stderr when it is\n"
                   "a terminal (or with --progress); Ctrl-C stops: exit 130.\n");
            return 0;
        } else if (strcmp(a, "--seed") == 0) {
            seed = (uint64_t)cli_int(a, v, 0, 9007199254740991LL);
            i++;
        } else if (strcmp(a, "--games") == 0) {
            games = cli_int(a, v, 1, 1000000);
            i++;
        } else if (strcmp(a, "--preset") == 0 && v) {
            preset = preset_of(v);
            i++;
        } else if (strcmp(a, "--player") == 0 && v) {
            if (strcmp(v, "greedy") == 0)
                greedy = 1;
            else if (strcmp(v, "advisor") != 0) {
                fprintf(stderr, "puzzlecore: snapper auto: --player advisor or greedy\n");
                return 2;
            }
            i++;
        } else if (strcmp(a, "--budget") == 0) {
            budget = (int32_t)cli_int(a, v, 1, 100000000);
            i++;
        } else if (strcmp(a, "--max-drops") == 0) {
            max_drops = cli_int(a, v, 1, 1000000);
            i++;
        } else if (strcmp(a, "--each") == 0) {
            each = 1;
        } else if (cli_search_option(a)) {
            continue;
        } else {
            fprintf(stderr, "puzzlecore: snapper auto: bad argument '%s'\n", a);
            return 2;
        }
    }
    double t0 = cli_now(), score = 0;
    long long figures = 0, drops = 0, drains = 0, capped = 0;
    cli_search_init(0);
    for (long long k = 0; k < games; k++) {
        pc_snapper *g = NULL;
        int32_t st = pc_snapper_new(preset, seed + (uint64_t)k, &g);
        if (st != PC_OK)
            return cli_fail("snapper auto", st, NULL);
        while (!pc_snapper_is_over(g) && pc_snapper_drops(g) < max_drops) {
            int32_t mv, col, turns;
            pc_budget nb;
            cli_budget(&nb, budget, -1);
            st = greedy ? pc_snapper_greedy(g, &mv, &col, &turns)
                        : cli_search_end(pc_snapper_suggest(g, cli_search_begin(&nb, "snapper auto"), &mv, &col,
                                                            &turns, NULL));
            if (st == PC_ECANCELLED) {
                pc_snapper_free(g);
                return cli_interrupted("snapper auto");
            }
            if (st == PC_OK)
                st = mv == PC_SNAPPER_MOVE_DRAIN ? pc_snapper_drain(g) : pc_snapper_play(g, col, turns);
            if (st != PC_OK) {
                pc_snapper_free(g);
                return cli_fail("snapper auto", st, "the player's move was refused");
            }
        }
        capped += !pc_snapper_is_over(g);
        if (each)
            printf("seed=%llu score=%.4f figures=%d drops=%d drains=%d end=%s\n",
                   (unsigned long long)(seed + (uint64_t)k), points(g), (int)pc_snapper_figures(g),
                   (int)pc_snapper_drops(g), (int)pc_snapper_drains(g),
                   pc_snapper_is_over(g) ? end_names[pc_snapper_end_reason(g)] : "capped");
        score += points(g);
        figures += pc_snapper_figures(g);
        drops += pc_snapper_drops(g);
        drains += pc_snapper_drains(g);
        pc_snapper_free(g);
    }
    printf("games=%lld mean=%.4f figures=%.2f drops=%.2f drains=%.2f capped=%lld player=%s preset=%s "
           "seconds=%.3f\n",
           games, score / (double)games, (double)figures / (double)games, (double)drops / (double)games,
           (double)drains / (double)games, capped, greedy ? "greedy" : "advisor", preset_names[preset],
           cli_now() - t0);
    return 0;
}

/* ---- show -------------------------------------------------------------------------- */

static int cmd_show(int argc, char **argv)
{
    if (argc != 2 || strcmp(argv[1], "--help") == 0) {
        /* Asked for: stdout, exit 0; a wrong call: stderr, exit 2. */
        fprintf(argc == 2 ? stdout : stderr,
                "usage: puzzlecore snapper show FILE   (FILE '-' is stdin)\n"
                "Prints the field (ASCII: colours 1-8, w white, | - arms), then\n"
                "score= figures= drops= drains= over= end=\n");
        return argc == 2 ? 0 : 2;
    }
    size_t n;
    char *text = cli_read_file(argv[1], &n);
    if (!text)
        return 1;
    char err[256] = "";
    pc_snapper *g = NULL;
    int32_t st = pc_snapper_load(text, n, err, sizeof err, &g);
    free(text);
    if (st != PC_OK)
        return cli_fail(argv[1], st, err);
    size_t len;
    pc_snapper_render(g, NULL, 0, &len);
    char *buf = malloc(len + 1);
    if (buf && pc_snapper_render(g, buf, len + 1, &len) == PC_OK)
        fputs(buf, stdout);
    free(buf);
    state_line(g, "");
    pc_snapper_free(g);
    return 0;
}

int pc_cli_snapper(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "play") == 0)
        return cmd_play(argc - 1, argv + 1);
    if (strcmp(argv[1], "auto") == 0)
        return cmd_auto(argc - 1, argv + 1);
    if (strcmp(argv[1], "show") == 0)
        return cmd_show(argc - 1, argv + 1);
    fprintf(stderr, "puzzlecore: snapper: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
