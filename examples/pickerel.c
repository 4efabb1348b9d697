/*
 * examples/pickerel.c — play Pickerel in the terminal.
 *
 *   pickerel [--level L] [--seed S]     interactive (commands: type "help")
 *   pickerel --auto [--level L] [--seed S]   the advisor plays a whole game
 *   pickerel --demo                     a short scripted game, then exits
 *
 * Build: cc examples/pickerel.c $(pkg-config --cflags --libs libpuzzlecore)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlecore/puzzlecore.h>

/* The score (it can be negative: a status, the value through a pointer). */
static int64_t score_of(const pc_pickerel *g)
{
    int64_t s = 0;
    pc_pickerel_score(g, &s);
    return s;
}

static void show(const pc_pickerel *g)
{
    char buf[2048];
    size_t len;
    if (pc_pickerel_render(g, buf, sizeof buf, &len) == PC_OK)
        fputs(buf, stdout);
}

/* Print the scoring events of the last move ("Double! +16"). */
static void events(const pc_pickerel *g)
{
    for (int32_t i = 0; i < pc_pickerel_event_count(g); i++) {
        int32_t kind, points, a, b, c;
        pc_pickerel_event(g, i, &kind, &points, &a, &b, &c);
        if (kind == PC_PICKEREL_EV_PERFECT) {
            char name[32];
            size_t len;
            pc_pickerel_run_name(a, name, sizeof name, &len);
            printf("  %s! %+d\n", name, (int)points);
        } else if (kind == PC_PICKEREL_EV_GAME_OVER) {
            printf("  game over: %s\n", pc_pickerel_rating_name(a));
        } else if (points != 0 || kind == PC_PICKEREL_EV_BEAD_GAINED || kind == PC_PICKEREL_EV_DISCARD) {
            printf("  %s %+d\n", pc_pickerel_event_name(kind), (int)points);
        }
    }
}

static void describe(const int32_t *m, char *out, size_t cap)
{
    switch (m[0]) {
    case PC_PICKEREL_MOVE_WEAVE: snprintf(out, cap, "weave slot %d", (int)m[1]); break;
    case PC_PICKEREL_MOVE_SCISSORS: snprintf(out, cap, "scissors"); break;
    case PC_PICKEREL_MOVE_RESIZE: snprintf(out, cap, "resize to %d", (int)m[1]); break;
    case PC_PICKEREL_MOVE_SPLICE: snprintf(out, cap, "splice bead %d: slot %d onto slot %d", (int)m[1], (int)m[2], (int)m[3]); break;
    case PC_PICKEREL_MOVE_PLACE_BEAD: snprintf(out, cap, "bead %d to row %d column %d", (int)m[1], (int)m[2], (int)m[3]); break;
    default: snprintf(out, cap, "done"); break;
    }
}

/* The advisor plays; verbose prints every move. */
static int autoplay(pc_pickerel *g, int max_moves, int verbose)
{
    int32_t m[4];
    char what[80];
    for (int n = 0; n < max_moves && !pc_pickerel_over(g); n++) {
        if (pc_pickerel_suggest(g, NULL, m) != PC_OK || pc_pickerel_play(g, m) != PC_OK)
            return 1;
        if (verbose) {
            describe(m, what, sizeof what);
            printf("%s\n", what);
            events(g);
        }
    }
    return 0;
}

static void help(void)
{
    puts("commands: w SLOT (weave)  s (scissors)  r WIDTH (resize)  j BEAD FIRST SECOND (splice)\n"
         "          d (done)  h (hint)  p (print)  q (quit)");
}

static int interactive(pc_pickerel *g)
{
    char line[256];
    help();
    show(g);
    while (!pc_pickerel_over(g)) {
        printf("> ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            break;
        int32_t m[4] = {-1, 0, 0, 0};
        int a = 0, b = 0, c = 0;
        switch (line[0]) {
        case 'w': if (sscanf(line + 1, "%d", &a) == 1) { m[0] = PC_PICKEREL_MOVE_WEAVE; m[1] = a; } break;
        case 's': m[0] = PC_PICKEREL_MOVE_SCISSORS; break;
        case 'r': if (sscanf(line + 1, "%d", &a) == 1) { m[0] = PC_PICKEREL_MOVE_RESIZE; m[1] = a; } break;
        case 'j':
            if (sscanf(line + 1, "%d %d %d", &a, &b, &c) == 3) {
                m[0] = PC_PICKEREL_MOVE_SPLICE;
                m[1] = a;
                m[2] = b;
                m[3] = c;
            }
            break;
        case 'd': m[0] = PC_PICKEREL_MOVE_DONE; break;
        case 'h': {
            char what[80];
            if (pc_pickerel_suggest(g, NULL, m) == PC_OK) {
                describe(m, what, sizeof what);
                printf("hint: %s\n", what);
            }
            continue;
        }
        case 'p': show(g); continue;
        case 'q': return 0;
        default: help(); continue;
        }
        if (m[0] < 0) {
            help();
            continue;
        }
        int32_t rc = pc_pickerel_play(g, m);
        if (rc != PC_OK) {
            printf("can't: %s\n", pc_strerror(rc));
            continue;
        }
        events(g);
        show(g);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int level = 1, demo = 0, autoplay_flag = 0;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--demo") == 0)
            demo = 1;
        else if (strcmp(argv[i], "--auto") == 0)
            autoplay_flag = 1;
        else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc)
            level = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: %s [--demo | --auto] [--level 1-12] [--seed N]\n", argv[0]);
            return 2;
        }
    }
    if (demo)
        level = 3;
    pc_pickerel *g;
    int32_t rc = pc_pickerel_new(level, seed, 0, &g);
    if (rc != PC_OK) {
        fprintf(stderr, "pickerel: %s\n", pc_strerror(rc));
        return 1;
    }
    int status;
    if (demo) {
        /* Twelve advisor moves, then Done. */
        show(g);
        status = autoplay(g, 12, 1);
        if (status == 0 && !pc_pickerel_over(g) && pc_pickerel_done(g) == PC_OK)
            events(g);
        show(g);
    } else if (autoplay_flag) {
        status = autoplay(g, 100000, 1);
        show(g);
    } else {
        status = interactive(g);
    }
    printf("final score %lld: %s\n", (long long)score_of(g), pc_pickerel_rating_name(pc_pickerel_rating(g)));
    pc_pickerel_free(g);
    return status;
}
