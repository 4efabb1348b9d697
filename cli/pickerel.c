/*
 * puzzlecore pickerel — the Pickerel weaving game from the command line.
 *
 *   puzzlecore pickerel levels
 *   puzzlecore pickerel play [--level L] [--seed S] [--games N] [--loom-beads]
 *   puzzlecore pickerel auto [--level L] [--seed S] [--games N] [--budget B] [--each]
 *
 * Output is one line per result, key=value fields separated by spaces.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "puzzlecore/puzzlecore.h"

/* The score (it can be negative: a status, the value through a pointer). */
static int64_t score_of(const pc_pickerel *g)
{
    int64_t s = 0;
    pc_pickerel_score(g, &s);
    return s;
}

/* The loom's colour, PC_PICKEREL_NO_COLOUR when empty. */
static int32_t loom_colour(const pc_pickerel *g)
{
    int32_t c = PC_PICKEREL_NO_COLOUR;
    pc_pickerel_loom_colour(g, &c);
    return c;
}

struct opts {
    long long level, seed, games, budget;
    int each, loom_beads;
};

static const char *usage_top = "usage: puzzlecore pickerel COMMAND [OPTIONS]\n"
                               "commands:\n"
                               "  levels   the level table, one line per level\n"
                               "  play     play games from moves read on stdin (see play --help)\n"
                               "  auto     the advisor plays N seeded games; prints level= games= mean= p5=\n";

static const char *usage_play =
    "usage: puzzlecore pickerel play [--level L] [--seed S] [--games N] [--loom-beads]\n"
    "Reads one move per line on stdin and answers one line per move:\n"
    "  weave SLOT | scissors | resize WIDTH | splice BEAD FIRST SECOND |\n"
    "  place BEAD ROW COLUMN | done | suggest | state | save\n"
    "  (ROW 0 is the top of the loom's frame, 3 x (level width + 2) rows; the cloth starts\n"
    "  on its bottom row)\n"
    "Each answer: move=... status=ok|eillegal|einval|eover|unknown-command score=S over=0|1\n"
    "  events=kind:points,... (the status words are the same in every game's CLI)\n"
    "Games are numbered from 1 (game=); game k uses seed S+k-1; the next game starts when\n"
    "one ends.  suggest shows its progress on a terminal (or with --progress); Ctrl-C\n"
    "cancels it (suggest=ecancelled) and the game goes on.\n";

static const char *usage_auto =
    "usage: puzzlecore pickerel auto [--level L] [--seed S] [--games N] [--budget NODES] [--each]\n"
    "The advisor plays games with seeds S..S+N-1 on level L (1-12, default 1) and prints\n"
    "  level=L games=N mean=M p5=P min= max= seconds=\n"
    "--each also prints one line per game: game= seed= score= rating=.\n"
    "Progress on stderr when it is a terminal (or with --progress); Ctrl-C stops: exit 130.\n";

static int parse(int argc, char **argv, struct opts *o, const char *usage)
{
    o->level = 1;
    o->seed = 1;
    o->games = 1;
    o->budget = 0;
    o->each = o->loom_beads = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            exit(0);
        }
        if (strcmp(a, "--each") == 0) {
            o->each = 1;
            continue;
        }
        if (strcmp(a, "--loom-beads") == 0) {
            o->loom_beads = 1;
            continue;
        }
        if (cli_search_option(a))
            continue;
        if (i + 1 >= argc) {
            fprintf(stderr, "puzzlecore pickerel: unknown or incomplete option '%s'\n", a);
            fputs(usage, stderr);
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(a, "--level") == 0)
            o->level = cli_int(a, v, 1, 12);
        else if (strcmp(a, "--seed") == 0)
            o->seed = cli_int(a, v, 0, 0x7fffffffffffffffLL);
        else if (strcmp(a, "--games") == 0)
            o->games = cli_int(a, v, 1, 100000000);
        else if (strcmp(a, "--budget") == 0)
            o->budget = cli_int(a, v, 0, 1000000000);
        else {
            fprintf(stderr, "puzzlecore pickerel: unknown option '%s'\n", a);
            fputs(usage, stderr);
            return 2;
        }
    }
    return 0;
}

static void print_events(const pc_pickerel *g)
{
    printf(" events=");
    for (int32_t i = 0; i < pc_pickerel_event_count(g); i++) {
        int32_t k, p;
        pc_pickerel_event(g, i, &k, &p, NULL, NULL, NULL);
        printf("%s%s:%d", i ? "," : "", pc_pickerel_event_name(k), (int)p);
    }
}

static int cmd_levels(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        puts("usage: puzzlecore pickerel levels\nOne line per level: level= width= max_width= overlap= colours= "
             "inches= tray= bead_factor= any= specific= wild= incredible=");
        return 0;
    }
    for (int32_t L = 1; L <= 12; L++) {
        int32_t v[11], inc = 0;
        for (int32_t f = 0; f < 11; f++)
            pc_pickerel_level_info(L, f, &v[f]);
        pc_pickerel_rating_threshold(L, PC_PICKEREL_INCREDIBLE, &inc);
        printf("level=%d width=%d max_width=%d overlap=%d colours=%d inches=%d tray=%d bead_factor=%d any=%d "
               "specific=%d wild=%d incredible=%d\n",
               (int)L, (int)v[0], (int)v[1], (int)v[2], (int)v[3], (int)v[4], (int)v[5], (int)v[6], (int)v[7],
               (int)v[8], (int)v[9], (int)inc);
    }
    return 0;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int cmd_auto(int argc, char **argv)
{
    struct opts o;
    int rc = parse(argc, argv, &o, usage_auto);
    if (rc)
        return rc;
    int64_t *sc = malloc(sizeof *sc * (size_t)o.games);
    if (!sc)
        return cli_fail("auto", PC_ENOMEM, NULL);
    cli_search_init(0);
    double t0 = cli_now(), sum = 0;
    for (long long k = 0; k < o.games; k++) {
        pc_pickerel *g;
        int32_t st = pc_pickerel_new((int32_t)o.level, (uint64_t)(o.seed + k), 0, &g);
        if (st) {
            free(sc);
            return cli_fail("new", st, NULL);
        }
        int32_t m[4];
        pc_budget nb;
        char label[64];
        snprintf(label, sizeof label, "game %lld", k + 1);
        while (!pc_pickerel_over(g)) {
            cli_budget(&nb, o.budget, -1);
            st = cli_search_end(pc_pickerel_suggest(g, cli_search_begin(&nb, label), m));
            if (st == PC_ECANCELLED) {
                pc_pickerel_free(g);
                free(sc);
                return cli_interrupted("pickerel auto");
            }
            if (!st)
                st = pc_pickerel_play(g, m);
            if (st) {
                pc_pickerel_free(g);
                free(sc);
                return cli_fail("advisor", st, NULL);
            }
        }
        sc[k] = score_of(g);
        sum += (double)sc[k];
        if (o.each)
            printf("game=%lld seed=%lld score=%lld rating=%s\n", k + 1, o.seed + k, (long long)sc[k],
                   pc_pickerel_rating_name(pc_pickerel_rating(g)));
        pc_pickerel_free(g);
    }
    qsort(sc, (size_t)o.games, sizeof *sc, cmp64);
    printf("level=%lld games=%lld mean=%.1f p5=%lld min=%lld max=%lld seconds=%.3f\n", o.level, o.games,
           sum / (double)o.games, (long long)sc[o.games / 20], (long long)sc[0], (long long)sc[o.games - 1],
           cli_now() - t0);
    free(sc);
    return 0;
}

/* One stdin command applied to g; prints its answer line. */
static void play_line(pc_pickerel *g, const char *line)
{
    char word[32] = "";
    int a = 0, b = 0, c = 0;
    int n = sscanf(line, "%31s %d %d %d", word, &a, &b, &c);
    if (n < 1)
        return;
    int32_t m[4] = {-1, a, b, c};
    if (strcmp(word, "weave") == 0 && n == 2)
        m[0] = PC_PICKEREL_MOVE_WEAVE;
    else if (strcmp(word, "scissors") == 0)
        m[0] = PC_PICKEREL_MOVE_SCISSORS;
    else if (strcmp(word, "resize") == 0 && n == 2)
        m[0] = PC_PICKEREL_MOVE_RESIZE;
    else if (strcmp(word, "splice") == 0 && n == 4)
        m[0] = PC_PICKEREL_MOVE_SPLICE;
    else if (strcmp(word, "place") == 0 && n == 4)
        m[0] = PC_PICKEREL_MOVE_PLACE_BEAD;
    else if (strcmp(word, "done") == 0)
        m[0] = PC_PICKEREL_MOVE_DONE;
    else if (strcmp(word, "suggest") == 0) {
        pc_budget sb;
        pc_budget_init(&sb, sizeof sb);
        int32_t s = cli_search_end(pc_pickerel_suggest(g, cli_search_begin(&sb, "suggest"), m));
        printf("suggest=%s kind=%d a=%d b=%d c=%d\n", cli_status_word(s), (int)m[0], (int)m[1], (int)m[2], (int)m[3]);
        return;
    } else if (strcmp(word, "state") == 0) {
        printf("score=%lld width=%d colour=%d rows=%d fill=%d run=%d deal_left=%d beads=%d over=%d tray=",
               (long long)score_of(g), (int)pc_pickerel_width(g), (int)loom_colour(g),
               (int)pc_pickerel_loom_rows(g), (int)pc_pickerel_loom_fill(g), (int)pc_pickerel_loom_run(g),
               (int)pc_pickerel_deal_left(g), (int)pc_pickerel_bead_count(g), (int)pc_pickerel_over(g));
        for (int32_t i = 0; i < pc_pickerel_tray_size(g); i++) {
            int32_t col, len;
            pc_pickerel_tray(g, i, &col, &len);
            printf("%s%d:%d", i ? "," : "", (int)col, (int)len);
        }
        printf("\n");
        return;
    } else if (strcmp(word, "save") == 0) {
        size_t len = 0;
        pc_pickerel_save(g, NULL, 0, &len);
        char *buf = malloc(len + 1);
        if (buf && pc_pickerel_save(g, buf, len + 1, &len) == PC_OK) {
            for (char *p = buf; *p; p++)
                if (*p == '\n')
                    *p = ';';
            printf("save=%s\n", buf);
        }
        free(buf);
        return;
    }
    if (m[0] < 0) {
        /* The same fields as every answer, so a front end parses one shape. */
        printf("move=%s status=unknown-command score=%lld over=%d\n", word, (long long)score_of(g),
               (int)pc_pickerel_over(g));
        return;
    }
    int32_t st = pc_pickerel_play(g, m);
    printf("move=%s status=%s score=%lld over=%d", word, cli_status_word(st), (long long)score_of(g),
           (int)pc_pickerel_over(g));
    if (!st)
        print_events(g);
    printf("\n");
}

static int cmd_play(int argc, char **argv)
{
    struct opts o;
    int rc = parse(argc, argv, &o, usage_play);
    if (rc)
        return rc;
    cli_search_init(1);
    char line[512];
    for (long long k = 0; k < o.games; k++) {
        pc_pickerel *g;
        int32_t st = pc_pickerel_new((int32_t)o.level, (uint64_t)(o.seed + k), o.loom_beads ? 1u : 0u, &g);
        if (st)
            return cli_fail("new", st, NULL);
        printf("game=%lld level=%lld seed=%lld\n", k + 1, o.level, o.seed + k);
        play_line(g, "state");
        int eof = 0;
        while (!pc_pickerel_over(g)) {
            if (!fgets(line, sizeof line, stdin)) {
                eof = 1;
                break;
            }
            play_line(g, line);
        }
        printf("game=%lld score=%lld rating=%s over=%d\n", k + 1, (long long)score_of(g),
               pc_pickerel_rating_name(pc_pickerel_rating(g)), (int)pc_pickerel_over(g));
        pc_pickerel_free(g);
        if (eof)
            break;
    }
    return 0;
}

int pc_cli_pickerel(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage_top, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "levels") == 0)
        return cmd_levels(argc - 1, argv + 1);
    if (strcmp(argv[1], "play") == 0)
        return cmd_play(argc - 1, argv + 1);
    if (strcmp(argv[1], "auto") == 0)
        return cmd_auto(argc - 1, argv + 1);
    fprintf(stderr, "puzzlecore pickerel: unknown command '%s'\n", argv[1]);
    fputs(usage_top, stderr);
    return 2;
}
