/*
 * examples/snapper.c — play Snapper in a terminal (public API only).
 *
 *   cc examples/snapper.c $(pkg-config --cflags --libs libpuzzlecore)
 *   ./a.out [--seed N] [--preset classic|easy|hard]   interactive, on stdin
 *   ./a.out --auto [--seed N] [--preset P]             the advisor plays a game
 *   ./a.out --demo                                     a short scripted show
 *
 * Keys (type them, then Enter; several per line are fine):
 *   a / s  rotate left / right      h / l or arrows  move left / right
 *   0..4   move to that column      space or d  drop
 *   x      drain                    ?  ask the advisor      q  quit
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlecore/puzzlecore.h>

/* The score (it can be negative: a status, the value through a pointer). */
static double points(const pc_snapper *g)
{
    double p = 0.0;
    pc_snapper_score(g, &p);
    return p;
}

/* The junction at a piece's centre for each arms mask (N=1 E=2 S=4 W=8). */
static const char *const junction[16] = {" ", "╵", "╶", "└", "╷", "│", "┌", "├",
                                         "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"};

static const char *colour(int32_t c)
{
    static const char *const names[] = {"·", "1", "2", "3", "4", "5", "6", "7", "8"};
    return names[c];
}

/* Row r (0..2) of a piece drawn 5 wide: quarters as colour digits, arms as
 * box-drawing lines. */
static void piece_row(int32_t arms, const int32_t *c, int r)
{
    enum { NE, SE, SW, NW };
    if (r == 0)
        printf("%s%s%s%s%s", colour(c[NW]), colour(c[NW]), arms & 1 ? "│" : colour(c[NE]), colour(c[NE]),
               colour(c[NE]));
    else if (r == 1)
        printf("%s%s%s%s%s", arms & 8 ? "─" : colour(c[NW]), arms & 8 ? "─" : colour(c[NW]), junction[arms],
               arms & 2 ? "─" : colour(c[NE]), arms & 2 ? "─" : colour(c[NE]));
    else
        printf("%s%s%s%s%s", colour(c[SW]), colour(c[SW]), arms & 4 ? "│" : colour(c[SE]), colour(c[SE]),
               colour(c[SE]));
}

static void draw(const pc_snapper *g)
{
    int32_t arms, c[4];
    int has = pc_snapper_piece(g, 0, &arms, c) == 1 && !pc_snapper_is_over(g);
    for (int r = 0; r < 3; r++) {
        printf(" ");
        for (int x = 0; x < PC_SNAPPER_WIDTH; x++) {
            if (has && x == pc_snapper_column(g))
                piece_row(arms, c, r);
            else
                printf("     ");
        }
        printf("\n");
    }
    printf("╔═════════════════════════╗\n");
    for (int y = 0; y < PC_SNAPPER_HEIGHT; y++) /* row 0 is the top */
        for (int r = 0; r < 3; r++) {
            printf("║");
            for (int x = 0; x < PC_SNAPPER_WIDTH; x++) {
                if (pc_snapper_cell(g, x, y, &arms, c) == 1)
                    piece_row(arms, c, r);
                else
                    printf(r == 1 ? "  .  " : "     ");
            }
            printf("║\n");
        }
    printf("╚═════════════════════════╝\n");
    printf("score %.2f  figures %d/%d  drops %d\n", points(g), (int)pc_snapper_figures(g),
           (int)pc_snapper_target(g), (int)pc_snapper_drops(g));
    if (pc_snapper_piece(g, 1, &arms, c) == 1)
        for (int r = 0; r < 3; r++) {
            printf(r == 1 ? "next  " : "      ");
            piece_row(arms, c, r);
            printf("\n");
        }
}

/* What the last drop or drain did, one line per event. */
static void report(const pc_snapper *g)
{
    for (int32_t i = 0; i < pc_snapper_event_count(g); i++) {
        int32_t kind, v[PC_SNAPPER_EVENT_VALUES];
        int64_t units;
        pc_snapper_event(g, i, &kind, v, &units);
        double pts = (double)units / PC_SNAPPER_SCORE_UNIT;
        switch (kind) {
        case PC_SNAPPER_EV_LANDED:
            printf("  landed at column %d, row %d (%+.0f)\n", (int)v[0], (int)v[1], pts);
            break;
        case PC_SNAPPER_EV_FIGURE:
            printf("  FIGURE of %d quarters (%d white, %d colours), cascade %d, %d at once: %+.2f\n", (int)v[2],
                   (int)v[3], (int)v[4], (int)v[0], (int)v[1], pts);
            break;
        case PC_SNAPPER_EV_REMOVED:
            printf("  piece at column %d, row %d vanished\n", (int)v[0], (int)v[1]);
            break;
        case PC_SNAPPER_EV_FELL:
            printf("  piece in column %d fell from row %d to %d\n", (int)v[0], (int)v[1], (int)v[2]);
            break;
        case PC_SNAPPER_EV_DRAINED:
            printf("  drained %d quarters\n", (int)v[0]);
            break;
        default:
            printf("  game over (%s)\n", v[0] == PC_SNAPPER_TARGET_MET ? "figures done"
                                         : v[0] == PC_SNAPPER_BLOCKED  ? "no column free"
                                                                       : "no pieces left");
        }
    }
}

static int advised_move(pc_snapper *g, int verbose)
{
    int32_t mv, col, turns;
    double value;
    if (pc_snapper_suggest(g, NULL, &mv, &col, &turns, &value) != PC_OK)
        return -1;
    if (verbose)
        printf("advisor: %s", mv == PC_SNAPPER_MOVE_DRAIN ? "drain\n" : "");
    if (mv == PC_SNAPPER_MOVE_DRAIN)
        return pc_snapper_drain(g);
    if (verbose)
        printf("drop in column %d after %d right turn(s) (estimate %+.1f)\n", (int)col, (int)turns, value);
    return pc_snapper_play(g, col, turns);
}

/* A two-step cascade built by hand, then a few advised moves. */
static int demo(void)
{
    static const char field[] = "puzzlecore-snapper 1\ncolours 3\nsource list\nlist ES:2122 +:1231\n"
                                "row 4 . . ES:2122 . .\n"
                                "row 3 . ES:2122 NE:1222 SW:2212 .\n"
                                "row 2 . NE:1222 SW:2212 NW:2221 .\n"
                                "row 1 . SW:2212 NW:0001 NS:3333 .\n"
                                "row 0 NE:1222 NW:0001 NS:3333 NS:3333 .\n";
    char err[128];
    pc_snapper *g = NULL;
    if (pc_snapper_load(field, sizeof field - 1, err, sizeof err, &g) != PC_OK) {
        fprintf(stderr, "demo field: %s\n", err);
        return 1;
    }
    printf("A hand-built field: dropping the L in column 0 closes a loop of four L pieces,\n"
           "which sets off two cascades.\n");
    draw(g);
    pc_snapper_move_to(g, 0);
    if (pc_snapper_drop(g) != PC_OK)
        return 1;
    report(g);
    draw(g);
    pc_snapper_free(g);

    printf("\nA seeded game, the advisor playing five moves:\n");
    if (pc_snapper_new(PC_SNAPPER_CLASSIC, 7, &g) != PC_OK)
        return 1;
    for (int i = 0; i < 5 && !pc_snapper_is_over(g); i++) {
        if (advised_move(g, 1) != PC_OK)
            return 1;
        report(g);
    }
    draw(g);
    pc_snapper_free(g);
    return 0;
}

static int autoplay(uint64_t seed, int32_t preset)
{
    pc_snapper *g = NULL;
    if (pc_snapper_new(preset, seed, &g) != PC_OK)
        return 1;
    while (!pc_snapper_is_over(g) && pc_snapper_drops(g) < 1000)
        if (advised_move(g, 0) != PC_OK)
            return 1;
    draw(g);
    printf("seed %llu: score %.2f, %d figures, %d drops, %d drains\n", (unsigned long long)seed,
           points(g), (int)pc_snapper_figures(g), (int)pc_snapper_drops(g), (int)pc_snapper_drains(g));
    pc_snapper_free(g);
    return 0;
}

static int interactive(uint64_t seed, int32_t preset)
{
    pc_snapper *g = NULL;
    if (pc_snapper_new(preset, seed, &g) != PC_OK)
        return 1;
    char line[256];
    draw(g);
    printf("keys: a/s rotate, h/l or arrows move, 0-4 column, d or space drop, x drain, ? advice, q quit\n> ");
    fflush(stdout);
    while (!pc_snapper_is_over(g) && fgets(line, sizeof line, stdin)) {
        int redraw = 0;
        for (char *p = line; *p && *p != '\n'; p++) {
            int32_t rc = PC_OK;
            /* arrow keys arrive as ESC [ C (right) and ESC [ D (left) */
            if (p[0] == '\033' && p[1] == '[' && (p[2] == 'C' || p[2] == 'D')) {
                p += 2;
                *p = *p == 'C' ? 'l' : 'h';
            }
            switch (*p) {
            case 'a': rc = pc_snapper_rotate(g, -1); break;
            case 's': rc = pc_snapper_rotate(g, 1); break;
            case 'h': rc = pc_snapper_move_to(g, pc_snapper_column(g) - 1); break;
            case 'l': rc = pc_snapper_move_to(g, pc_snapper_column(g) + 1); break;
            case 'd':
            case ' ': rc = pc_snapper_drop(g); if (rc == PC_OK) report(g); break;
            case 'x': rc = pc_snapper_drain(g); if (rc == PC_OK) report(g); break;
            case '?': rc = advised_move(g, 1); if (rc == PC_OK) report(g); break;
            case 'q': pc_snapper_free(g); return 0;
            default:
                if (*p >= '0' && *p <= '4')
                    rc = pc_snapper_move_to(g, *p - '0');
                else
                    continue;
            }
            if (rc != PC_OK)
                printf("'%c': %s\n", *p, pc_strerror(rc));
            redraw = 1;
        }
        if (redraw)
            draw(g);
        if (!pc_snapper_is_over(g)) {
            printf("> ");
            fflush(stdout);
        }
    }
    printf("final score %.2f after %d figures\n", points(g), (int)pc_snapper_figures(g));
    pc_snapper_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1;
    int32_t preset = PC_SNAPPER_CLASSIC;
    int mode = 0; /* 0 play, 1 auto, 2 demo */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--demo") == 0)
            mode = 2;
        else if (strcmp(argv[i], "--auto") == 0)
            mode = 1;
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--preset") == 0 && i + 1 < argc) {
            const char *p = argv[++i];
            preset = strcmp(p, "easy") == 0 ? PC_SNAPPER_EASY : strcmp(p, "hard") == 0 ? PC_SNAPPER_HARD
                                                                                        : PC_SNAPPER_CLASSIC;
        } else {
            fprintf(stderr, "usage: %s [--demo | --auto] [--seed N] [--preset classic|easy|hard]\n", argv[0]);
            return 2;
        }
    }
    if (mode == 2)
        return demo();
    if (mode == 1)
        return autoplay(seed, preset);
    return interactive(seed, preset);
}
