/*
 * Pickerel: the three storyboards replayed from explicit deals, invariants
 * after every move, seeded deals, every illegal move (atomic), save/load,
 * clone and the advisor.
 */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "budget_util.h"
#include "tap.h"

/* The score and the loom colour can be negative, so they answer through a
 * pointer; these read one (INT64_MIN / INT32_MIN when the call fails). */
static int64_t pk_score(const pc_pickerel *g)
{
    int64_t v = INT64_MIN;
    return pc_pickerel_score(g, &v) == PC_OK ? v : INT64_MIN;
}
static int32_t pk_loom_colour(const pc_pickerel *g)
{
    int32_t v = INT32_MIN;
    return pc_pickerel_loom_colour(g, &v) == PC_OK ? v : INT32_MIN;
}

enum { R = 0, B = 1, G = 2, P = 3 };

/* ---- helpers ------------------------------------------------------------------ */

static pc_budget nb;          /* the advisor's budget in the tests */
static int64_t event_sum;  /* sum of every event's points since the start */
static int invariant_bad;  /* moves after which an invariant failed */
static int64_t dealt_total; /* inches of the whole deal */

/* A budget of n advisor nodes and no time limit (the answer then depends on
 * the position and n alone). */
#define nodes_budget pc_test_nodes_budget

static int64_t stat(const pc_pickerel *g, int32_t f)
{
    int64_t v = -1;
    pc_pickerel_stat(g, f, &v);
    return v;
}

static int64_t inches_remaining(const pc_pickerel *g)
{
    int64_t n = 0;
    for (int32_t c = 0; c < pc_pickerel_colours(g); c++)
        n += pc_pickerel_inches_left(g, c);
    return n;
}

/* After a successful move: add up its events and check the invariants. */
static void after_move(const pc_pickerel *g)
{
    int32_t n = pc_pickerel_event_count(g);
    for (int32_t i = 0; i < n; i++) {
        int32_t pts = 0;
        pc_pickerel_event(g, i, NULL, &pts, NULL, NULL, NULL);
        event_sum += pts;
    }
    int64_t in = stat(g, PC_PICKEREL_STAT_INCHES_IN);
    int64_t parts = stat(g, PC_PICKEREL_STAT_CLOTH) + stat(g, PC_PICKEREL_STAT_KNOTS) +
                    stat(g, PC_PICKEREL_STAT_WRAPS) + stat(g, PC_PICKEREL_STAT_DISCARDED) +
                    stat(g, PC_PICKEREL_STAT_WASTED) + stat(g, PC_PICKEREL_STAT_ON_LOOM);
    int32_t w = pc_pickerel_width(g);
    int bad = in != parts || pk_score(g) != event_sum || in + inches_remaining(g) != dealt_total ||
              pc_pickerel_loom_rows(g) < 0 || pc_pickerel_loom_rows(g) >= w || pc_pickerel_loom_fill(g) < 0 ||
              pc_pickerel_loom_fill(g) >= w || pc_pickerel_loom_run(g) > pc_pickerel_loom_rows(g) ||
              stat(g, PC_PICKEREL_STAT_ON_LOOM) != pc_pickerel_loom_fill(g) || pc_pickerel_bead_count(g) < 0 ||
              pc_pickerel_bead_count(g) > 3;
    if (bad)
        invariant_bad++;
}

static void reset_tracking(const int32_t *len, int32_t n)
{
    event_sum = 0;
    invariant_bad = 0;
    dealt_total = 0;
    for (int32_t i = 0; i < n; i++)
        dealt_total += len[i];
}

static pc_pickerel *deal(int32_t level, uint64_t seed, uint32_t opt, const int32_t *col, const int32_t *len,
                         int32_t n)
{
    pc_pickerel *g = NULL;
    int32_t rc = pc_pickerel_new_deal(level, seed, opt, col, len, n, &g);
    if (rc != PC_OK) {
        printf("# new_deal failed: %s\n", pc_strerror(rc));
        exit(1);
    }
    reset_tracking(len, n);
    return g;
}

/* Points of the first event of `kind` in the last move (0 when absent), and
 * its a argument through *a. */
static int find_event(const pc_pickerel *g, int32_t kind, int32_t *points, int32_t *a, int32_t *b)
{
    int32_t n = pc_pickerel_event_count(g);
    for (int32_t i = 0; i < n; i++) {
        int32_t k, p, x, y;
        pc_pickerel_event(g, i, &k, &p, &x, &y, NULL);
        if (k == kind) {
            if (points)
                *points = p;
            if (a)
                *a = x;
            if (b)
                *b = y;
            return 1;
        }
    }
    return 0;
}

static int has_event(const pc_pickerel *g, int32_t kind)
{
    return find_event(g, kind, NULL, NULL, NULL);
}

static int32_t weave(pc_pickerel *g, int32_t slot)
{
    int32_t rc = pc_pickerel_weave(g, slot);
    if (rc == PC_OK)
        after_move(g);
    else
        printf("# weave %d: %s\n", (int)slot, pc_strerror(rc));
    return rc;
}

/* The last move made a perfect-row event with this run and points. */
static void is_perfect(const pc_pickerel *g, int32_t run, int32_t points, const char *what)
{
    int32_t p = 0, a = 0;
    char name[32];
    size_t len;
    int found = find_event(g, PC_PICKEREL_EV_PERFECT, &p, &a, NULL);
    pc_pickerel_run_name(run, name, sizeof name, &len);
    ok(found && a == run && p == points, "%s: %s (run %d, %d points)", what, name, (int)run, (int)points);
    if (!(found && a == run && p == points))
        printf("#   got found=%d run=%d points=%d\n", found, (int)a, (int)p);
}

static int32_t tray_len(const pc_pickerel *g, int32_t slot, int32_t *colour)
{
    int32_t c = -1, l = 0;
    pc_pickerel_tray(g, slot, &c, &l);
    if (colour)
        *colour = c;
    return l;
}

/* Tray lengths of one colour, sorted, as text "3 7 11". */
static const char *tray_of(const pc_pickerel *g, int32_t colour)
{
    static char buf[128];
    int32_t v[16], n = 0;
    for (int32_t i = 0; i < pc_pickerel_tray_size(g); i++) {
        int32_t c, l = tray_len(g, i, &c);
        if (l > 0 && c == colour)
            v[n++] = l;
    }
    for (int32_t i = 1; i < n; i++)
        for (int32_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int32_t t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    buf[0] = '\0';
    for (int32_t i = 0; i < n; i++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%d", i ? " " : "", (int)v[i]);
    return buf;
}

static char *save(const pc_pickerel *g)
{
    size_t n = 0;
    pc_pickerel_save(g, NULL, 0, &n);
    char *s = malloc(n + 1);
    if (pc_pickerel_save(g, s, n + 1, &n) != PC_OK) {
        free(s);
        return NULL;
    }
    return s;
}

/* ---- storyboard: Cantra, level 1 ----------------------------------------------- */

static void story_cantra(void)
{
    /* Tray R4 R6 R11 R3 B4 B8 B5 B9, then the refills in the order the story
     * needs them; the rest of the 240 inches (120 a colour) follows. */
    static const int32_t col[] = {R, R, R, R, B, B, B, B, R, B, B, R, R, R, R, R, R, R,
                                  /* rest */ B, R, B, R, B, B, R, B, B, B, R, B, B, R, B, B, R, B};
    static const int32_t len[] = {4, 6, 11, 3, 4, 8, 5, 9, 7, 4, 2, 3, 12, 4, 8, 8, 5, 9,
                                  /* rest */ 8, 6, 4, 10, 12, 6, 4, 8, 4, 12, 6, 4, 8, 6, 12, 4, 8, 6};
    int32_t n = (int32_t)(sizeof len / sizeof len[0]);
    int32_t sum[2] = {0, 0};
    for (int32_t i = 0; i < n; i++)
        sum[col[i]] += len[i];
    ok(sum[R] == 120 && sum[B] == 120, "Cantra's deal: 120 inches of each colour (the Notes)");
    pc_pickerel *g = deal(1, 1, 0, col, len, n);
    is_int(pc_pickerel_width(g), 4, "level 1: loom width 4");
    is_int(pc_pickerel_overlap(g), 0, "level 1: no knots");
    is_int(pc_pickerel_tray_size(g), 8, "level 1: eight spools in the tray");
    is_int(pc_pickerel_colours(g), 2, "level 1: two colours");

    weave(g, 0); /* red 4 */
    is_perfect(g, 1, 4, "red 4 across the bottom");
    ok(!has_event(g, PC_PICKEREL_EV_KNOT), "level 1: no knot");
    is_str(tray_of(g, R), "3 6 7 11", "the red 4 was replaced (a red 7 arrives)");
    is_str(tray_of(g, B), "4 5 8 9", "there is a blue 4 in the tray");

    weave(g, 1); /* red 6 */
    ok(!has_event(g, PC_PICKEREL_EV_PERFECT), "red 6: no perfect row");
    ok(pc_pickerel_loom_rows(g) == 2 && pc_pickerel_loom_fill(g) == 2, "red 6: a second full row and 2 inches wrapped");
    is_str(tray_of(g, R), "3 7 11", "the only red spools left are 11, 3 and 7");

    int64_t before = pk_score(g);
    weave(g, 0); /* red 7 */
    int32_t p = 0;
    ok(find_event(g, PC_PICKEREL_EV_SQUARE, &p, NULL, NULL) && p == 16, "red 7: square bonus 16");
    ok(find_event(g, PC_PICKEREL_EV_RECTANGLE, &p, NULL, NULL) && p == 16, "red 7: rectangle bonus 4 x 4");
    is_int(pk_score(g) - before, 32, "red 7 scores the square: 16 + 16");
    ok(pc_pickerel_loom_rows(g) == 0 && pc_pickerel_loom_fill(g) == 1, "one inch of red left at the bottom");
    is_int(pk_loom_colour(g), R, "the leftover inch is red");
    is_str(tray_of(g, R), "3 11", "just two red spools: 11 and 3");

    weave(g, 2); /* red 11 */
    is_perfect(g, 3, 12, "red 11 on the one inch");
    is_str(tray_of(g, R), "3 3", "only red 3s left");

    before = pk_score(g);
    weave(g, 6); /* blue 5: switch colour */
    ok(has_event(g, PC_PICKEREL_EV_COLOUR), "switching to blue is a colour change");
    ok(find_event(g, PC_PICKEREL_EV_RECTANGLE, &p, NULL, NULL) && p == 12, "a small bonus for the 3-row rectangle: 12");
    ok(!has_event(g, PC_PICKEREL_EV_WASTE), "nothing wasted: no incomplete red row");
    is_int(pk_score(g) - before, 12, "colour change scores only the rectangle");

    weave(g, 7); /* blue 9 */
    weave(g, 0); /* blue 2 finishes the first blue square */
    ok(has_event(g, PC_PICKEREL_EV_SQUARE), "a blue square");
    weave(g, 5); /* blue 8 */
    is_perfect(g, 2, 8, "blue 8");
    weave(g, 4); /* blue 4 */
    is_perfect(g, 3, 12, "then a blue 4");
    weave(g, 1); /* blue 4 finishes a blue square */
    ok(has_event(g, PC_PICKEREL_EV_SQUARE), "she finishes a blue square");
    is_str(tray_of(g, B), "", "no blue left in the tray");

    weave(g, 6); /* red 12 */
    is_perfect(g, 3, 12, "red 12");
    before = pk_score(g);
    weave(g, 7); /* red 4 */
    is_perfect(g, 4, 16, "red 4 after it");
    ok(has_event(g, PC_PICKEREL_EV_SQUARE), "a square bonus besides");
    is_int(pk_score(g) - before, 16 + 32, "Donkey 16 + rectangle 16 + square 16");
    weave(g, 0); /* red 8 */
    is_perfect(g, 2, 8, "first red 8");
    weave(g, 5); /* red 8 */
    int32_t mine = 0;
    find_event(g, PC_PICKEREL_EV_PERFECT, NULL, NULL, &mine);
    is_int(mine, 2, "second red 8 completes two perfect rows itself");
    is_perfect(g, 4, 16, "second red 8 continues the run (the story's second Double)");
    ok(has_event(g, PC_PICKEREL_EV_SQUARE), "and another square");

    /* She finishes by just making squares: weave the colour with the most
     * inches in the tray, the current colour while it lasts. */
    int guard = 0;
    while (!pc_pickerel_over(g) && guard++ < 200) {
        int32_t slot = -1, cur = pk_loom_colour(g);
        for (int32_t i = 0; i < 8 && slot < 0; i++) {
            int32_t c, l = tray_len(g, i, &c);
            if (l > 0 && (cur < 0 || c == cur))
                slot = i;
        }
        for (int32_t i = 0; i < 8 && slot < 0; i++)
            if (tray_len(g, i, NULL) > 0)
                slot = i;
        weave(g, slot);
    }
    ok(pc_pickerel_over(g), "the game ends when the last spool is used");
    ok(has_event(g, PC_PICKEREL_EV_GAME_OVER), "game-over event");
    is_int(pc_pickerel_deal_left(g), 0, "every spool dealt");
    is_int(stat(g, PC_PICKEREL_STAT_INCHES_IN), 240, "all 240 inches woven");
    is_int(pc_pickerel_rating(g), PC_PICKEREL_GOOD, "she gets a Good on the duty report");
    printf("# Cantra's final score %lld\n", (long long)pk_score(g));
    is_int(invariant_bad, 0, "invariants hold after every move (inches, score = sum of events, loom bounds)");
    int32_t m[4] = {PC_PICKEREL_MOVE_WEAVE, 0, 0, 0};
    is_int(pc_pickerel_play(g, m), PC_EOVER, "no move after the end");
    pc_pickerel_free(g);
}

/* ---- storyboard: Rylla, level 3 (orange is colour 0) --------------------------- */

static void story_rylla3(void)
{
    enum { O = R };
    static const int32_t col[] = {O, B, B, B, B, O, O, G, B, G, G, G, G, G, O, B, G, G, O, O, G, B, B, O, O, O, O, G};
    static const int32_t len[] = {6, 4, 10, 10, 8, 4, 6, 7, 6, 4, 5, 9, 12, 8, 7, 5, 10, 5, 4, 7, 3, 4, 7, 6, 5, 9, 4, 12};
    int32_t n = (int32_t)(sizeof len / sizeof len[0]);
    pc_pickerel *g = deal(3, 1, 0, col, len, n);
    is_int(pc_pickerel_overlap(g), 1, "level 3: one inch per knot and wrap");
    is_int(pc_pickerel_tray_size(g), 8, "level 3: eight spools");

    weave(g, 2); /* blue 10 */
    is_perfect(g, 2, 16, "blue 10 on the empty loom");
    ok(has_event(g, PC_PICKEREL_EV_KNOT) && has_event(g, PC_PICKEREL_EV_WRAP), "a knot and a wrap");
    int32_t c, l = tray_len(g, 2, &c);
    ok(c == B && l == 6, "the blue 10 is replaced by a blue 6");

    weave(g, 3); /* blue 10 */
    is_perfect(g, 4, 32, "second blue 10");
    ok(has_event(g, PC_PICKEREL_EV_SQUARE), "with the square bonus");

    weave(g, 1); /* blue 4 */
    ok(!has_event(g, PC_PICKEREL_EV_PERFECT) && pc_pickerel_loom_rows(g) == 0 && pc_pickerel_loom_fill(g) == 3,
       "blue 4 doesn't finish a row (knot + 3 inches)");
    weave(g, 2); /* blue 6 */
    ok(!has_event(g, PC_PICKEREL_EV_PERFECT) && pc_pickerel_loom_rows(g) == 1 && pc_pickerel_loom_fill(g) == 3,
       "blue 6: knot and wrap leave it one inch short of a perfect row");
    is_str(tray_of(g, B), "8", "only one blue spool left, an 8");
    weave(g, 4); /* blue 8 */
    int32_t a = 0;
    ok(find_event(g, PC_PICKEREL_EV_DISCARD, NULL, &a, NULL) && a == 1, "blue 8: one inch left over is discarded");
    ok(!has_event(g, PC_PICKEREL_EV_WASTE) && !has_event(g, PC_PICKEREL_EV_PERFECT),
       "the discarded inch costs nothing and is no perfect row");
    ok(pc_pickerel_loom_rows(g) == 3 && pc_pickerel_loom_fill(g) == 0, "the third row is finished");

    int64_t before = pk_score(g);
    weave(g, 3); /* green 4: switch colour */
    int32_t p = 0;
    ok(find_event(g, PC_PICKEREL_EV_RECTANGLE, &p, NULL, NULL) && p == 12, "small rectangle bonus for three rows: 12");
    is_int(pk_score(g) - before, 12, "no waste on the switch");
    weave(g, 7); /* green 7 */
    is_perfect(g, 2, 16, "green 4 then green 7");
    weave(g, 1); /* green 5 */
    is_perfect(g, 3, 24, "green 5");
    is_str(tray_of(g, G), "8 9 12", "three green spools left: 9, 12 and 8");
    weave(g, 3); /* green 8 */
    ok(has_event(g, PC_PICKEREL_EV_SQUARE) && !has_event(g, PC_PICKEREL_EV_PERFECT), "green 8 finishes the square");
    ok(pc_pickerel_loom_fill(g) == 2, "the bottom row needs 2 more inches");
    weave(g, 2); /* green 9 */
    ok(find_event(g, PC_PICKEREL_EV_DISCARD, NULL, &a, NULL) && a == 1 && pc_pickerel_loom_rows(g) == 2,
       "green 9: two rows, one inch left over and discarded");
    weave(g, 4); /* green 12 */
    ok(has_event(g, PC_PICKEREL_EV_SQUARE) && pc_pickerel_loom_fill(g) == 1,
       "green 12 finishes the square and puts one inch on the next row");
    before = pk_score(g);
    weave(g, 5); /* orange 4: waste that inch */
    ok(find_event(g, PC_PICKEREL_EV_WASTE, &p, &a, NULL) && p == -1 && a == 1, "switching wastes the inch: -1");
    is_int(pk_score(g) - before, -1, "and nothing else");
    weave(g, 7); /* orange 7 */
    is_perfect(g, 2, 16, "orange 4 then orange 7");
    weave(g, 0); /* orange 6 */
    ok(has_event(g, PC_PICKEREL_EV_DISCARD) && !has_event(g, PC_PICKEREL_EV_WASTE), "orange 6 wastes an inch (discarded, free)");
    weave(g, 6); /* orange 6 */
    ok(has_event(g, PC_PICKEREL_EV_DISCARD) && has_event(g, PC_PICKEREL_EV_SQUARE), "second orange 6 finishes the square");

    /* Later: a Triple with a green 10 followed by a green 5 ... */
    int32_t s10 = -1, s5 = -1;
    for (int32_t i = 0; i < 8; i++) {
        l = tray_len(g, i, &c);
        if (c == G && l == 10)
            s10 = i;
        if (c == G && l == 5)
            s5 = i;
    }
    ok(s10 >= 0 && s5 >= 0, "a green 10 and a green 5 in the tray");
    weave(g, s10);
    is_perfect(g, 2, 16, "green 10");
    weave(g, s5);
    is_perfect(g, 3, 24, "green 10 followed by green 5");
    /* ... and a double with a blue 4 and a blue 7. */
    int32_t s4 = -1, s7 = -1;
    for (int32_t i = 0; i < 8; i++) {
        l = tray_len(g, i, &c);
        if (c == B && l == 4)
            s4 = i;
        if (c == B && l == 7)
            s7 = i;
    }
    ok(s4 >= 0 && s7 >= 0, "a blue 4 and a blue 7 in the tray");
    weave(g, s4);
    weave(g, s7);
    is_perfect(g, 2, 16, "blue 4 and blue 7");
    int32_t rc = pc_pickerel_done(g);
    after_move(g);
    ok(rc == PC_OK && pc_pickerel_over(g), "Done ends the game");
    is_int(invariant_bad, 0, "invariants hold after every move");
    pc_pickerel_free(g);
}

/* ---- storyboard: Rylla, level 6, with the storyboards' loom beads --------------- */

static void story_rylla6(void)
{
    /* purple = colour 0, blue 1, green 2.  Seed 3494 draws the story's beads. */
    enum { Pu = R };
    static const int32_t col[] = {Pu, Pu, Pu, Pu, Pu, B, B, B, B, B, G, Pu, G, B, B, Pu, G,
                                  Pu, B, G, Pu, B, G, Pu, B, G, Pu, B, G};
    static const int32_t len[] = {6, 9, 10, 3, 6, 7, 5, 10, 12, 8, 6, 11, 10, 3, 6, 11, 2,
                                  5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    int32_t n = (int32_t)(sizeof len / sizeof len[0]);
    pc_pickerel *g = deal(6, 3494, PC_PICKEREL_OPT_LOOM_BEADS, col, len, n);
    is_int(pc_pickerel_width(g), 7, "level 6: loom width 7");
    is_int(pc_pickerel_tray_size(g), 11, "level 6: 11 spools");
    int32_t t, c, p, a;

    weave(g, 5); /* blue 7 */
    weave(g, 7); /* blue 10 */
    is_perfect(g, 2, 28, "blue 7 then blue 10 (7 + 10 = 17)");
    ok(find_event(g, PC_PICKEREL_EV_BEAD_GAINED, NULL, &t, &c) && t == PC_PICKEREL_BEAD_SPECIFIC && c == G,
       "she got a bead: green");
    weave(g, 9); /* blue 8 */
    is_perfect(g, 3, 42, "blue 8");
    ok(find_event(g, PC_PICKEREL_EV_BEAD_GAINED, NULL, &t, &c) && t == PC_PICKEREL_BEAD_SPECIFIC && c == Pu,
       "and a purple bead");
    is_str(tray_of(g, B), "3 5 12", "blue spools: 5, 12, 3");
    weave(g, 6); /* blue 5 */
    weave(g, 8); /* blue 12 */
    is_perfect(g, 5, 70, "blue 5 + blue 12");
    ok(find_event(g, PC_PICKEREL_EV_BEAD_GAINED, NULL, &t, &c) && t == PC_PICKEREL_BEAD_SPECIFIC && c == G,
       "and another green bead");
    is_int(pc_pickerel_bead_count(g), 3, "three beads in the tray");

    /* The frame is 27 rows (3 x 9); the cloth's 5 rows are 26..22, the
     * lowest empty row 21: "save 5 empty rows" (21..17) puts the bead on 16. */
    is_int(pc_pickerel_loom_height(g), 27, "level 6: a frame of 27 rows (3 x the widest loom, 9)");
    ok(pc_pickerel_place_bead(g, 1, 16, 2) == PC_OK, "place the purple bead 5 empty rows up, 3 inches from the edge");
    after_move(g);
    int32_t v = 0, row = 0;
    ok(find_event(g, PC_PICKEREL_EV_LOOM_BEAD, NULL, &a, NULL) && a == 16, "the loom-bead event says row 16");
    pc_pickerel_loom_bead(g, 0, &t, &c, &row, NULL, &v);
    is_int(row, 16, "the bead reads back at row 16 (row 0 is the top of the frame)");
    is_int(v, 42, "behind the scenes the purple bead is worth 42 (7 x (1 + 5))");
    char *saved = save(g);
    ok(saved && strstr(saved, "\nloombeads 1:0:10:2:42\n") != NULL,
       "the save keeps its own rows: the bead is 10 rows up from the cloth's first row");
    free(saved);
    size_t rn = 0;
    char pic[1024];
    ok(pc_pickerel_render(g, pic, sizeof pic, &rn) == PC_OK && strstr(pic, " 16 |..o....|\n") != NULL &&
           strstr(pic, " 26 |BBBBBBB| *\n") != NULL,
       "the picture labels the bead's row 16 and the bottom row 26");

    weave(g, 6); /* blue 6 */
    weave(g, 9); /* blue 3 */
    is_perfect(g, 6, 84, "blue 6 + blue 3");
    ok(find_event(g, PC_PICKEREL_EV_BEAD_GAINED, NULL, &t, NULL) && t == PC_PICKEREL_BEAD_ANY,
       "and a bead to replace the one she used (an Any)");

    weave(g, 0); /* purple 6: switch */
    ok(find_event(g, PC_PICKEREL_EV_RECTANGLE, &p, &a, NULL) && a == 6 && p == 42,
       "switching colours one row shy of a square: rectangle 7 x 6");
    ok(!has_event(g, PC_PICKEREL_EV_SQUARE), "no square bonus");
    pc_pickerel_loom_bead(g, 0, NULL, NULL, &row, NULL, NULL);
    is_int(row, 22, "the bead slides down 6 rows (16 + 6)");

    int32_t g6 = -1, g2 = -1;
    for (int32_t i = 0; i < 11; i++) {
        int32_t l = tray_len(g, i, &c);
        if (c == G && l == 6)
            g6 = i;
        if (c == G && l == 2)
            g2 = i;
    }
    int32_t purple6 = -1;
    for (int32_t i = 0; i < 11; i++)
        if (tray_len(g, i, &c) == 6 && c == Pu)
            purple6 = i;
    char *before_splice = save(g);
    is_int(pc_pickerel_splice(g, 0, purple6, g6), PC_EILLEGAL, "a green bead cannot splice purple onto green");
    is_int(pc_pickerel_splice(g, 2, g6, purple6), PC_EILLEGAL, "an Any bead cannot splice two colours");
    char *after_splice = save(g);
    ok(before_splice && after_splice && strcmp(before_splice, after_splice) == 0, "refused splices change nothing");
    free(before_splice);
    free(after_splice);
    is_int(pc_pickerel_splice(g, 0, g6, g2), PC_OK, "a green bead splices green 6 and green 2");
    after_move(g);
    is_int(tray_len(g, g2, &c), 8, "an 8 in the tray");
    is_int(pc_pickerel_place_bead(g, 1, 14, 3), PC_OK, "the Any bead goes way up high, in the middle");
    after_move(g);

    weave(g, 5); /* purple 11 */
    is_perfect(g, 2, 28, "purple 6, 11");
    ok(!has_event(g, PC_PICKEREL_EV_BEAD_GAINED), "but no bead");
    weave(g, 4);  /* purple 6 */
    weave(g, 8);  /* purple 11 */
    is_perfect(g, 4, 56, "purple 6, 11 again");
    ok(find_event(g, PC_PICKEREL_EV_BEAD_GAINED, NULL, &t, NULL) && t == PC_PICKEREL_BEAD_ANY, "and another Any bead");
    int64_t before = pk_score(g);
    weave(g, 3); /* purple 3 */
    ok(find_event(g, PC_PICKEREL_EV_BEAD_BONUS, &p, NULL, NULL) && p == 42, "the 3 comes right up against the purple bead: +42");
    is_int(pk_score(g) - before, 42, "the bead bonus is the whole score of that move");
    is_int(pc_pickerel_loom_bead_count(g), 1, "the Any bead is still on the loom");
    is_int(invariant_bad, 0, "invariants hold after every move");
    pc_pickerel_free(g);
}

/* ---- levels, seeded deals ------------------------------------------------------ */

static void levels_and_deals(void)
{
    static const int32_t width[] = {4, 4, 4, 5, 6, 7, 8, 4, 5, 6, 7, 8};
    static const int32_t colours[] = {2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4};
    static const int32_t inches[] = {120, 120, 100, 100, 100, 100, 100, 75, 75, 75, 75, 75};
    int bad = 0;
    for (int32_t L = 1; L <= 12; L++) {
        int32_t w, o, c, in, tray, mw, d;
        pc_pickerel_level_info(L, PC_PICKEREL_LEVEL_WIDTH, &w);
        pc_pickerel_level_info(L, PC_PICKEREL_LEVEL_OVERLAP, &o);
        pc_pickerel_level_info(L, PC_PICKEREL_LEVEL_COLOURS, &c);
        pc_pickerel_level_info(L, PC_PICKEREL_LEVEL_INCHES, &in);
        pc_pickerel_level_info(L, PC_PICKEREL_LEVEL_TRAY, &tray);
        pc_pickerel_level_info(L, PC_PICKEREL_LEVEL_MAX_WIDTH, &mw);
        pc_pickerel_level_info(L, PC_PICKEREL_LEVEL_BEAD_FACTOR, &d);
        int32_t wantd = L < 4 ? 0 : L < 8 ? L - 3 : L - 7;
        if (w != width[L - 1] || o != (L == 1 ? 0 : 1) || c != colours[L - 1] || in != inches[L - 1] ||
            tray != w + 4 || mw != w + 2 || d != wantd)
            bad++;
        /* Seeded deals: every colour sums to the level's inches, spools 2..12. */
        for (uint64_t seed = 0; seed < 20; seed++) {
            pc_pickerel *g;
            if (pc_pickerel_new(L, seed, 0, &g) != PC_OK) {
                bad++;
                continue;
            }
            for (int32_t k = 0; k < c; k++)
                if (pc_pickerel_inches_left(g, k) != in)
                    bad++;
            for (int32_t i = 0; i < tray; i++) {
                int32_t cc, l = tray_len(g, i, &cc);
                if (l < 2 || l > 12 || cc < 0 || cc >= c)
                    bad++;
            }
            /* Play the deal out in slot order: every spool is 2..12. */
            while (!pc_pickerel_over(g)) {
                int32_t slot = 0;
                while (tray_len(g, slot, NULL) == 0)
                    slot++;
                int32_t l = tray_len(g, slot, NULL);
                if (l < 2 || l > 12)
                    bad++;
                pc_pickerel_weave(g, slot);
            }
            if (stat(g, PC_PICKEREL_STAT_INCHES_IN) != (int64_t)c * in)
                bad++;
            pc_pickerel_free(g);
        }
    }
    is_int(bad, 0, "level table (width, overlap, colours, inches, tray, widths, bead factor) and seeded deals");
    int32_t v;
    ok(pc_pickerel_level_info(6, PC_PICKEREL_LEVEL_ANY_PCT, &v) == 0 && v == 25, "level 6: Any 25%%");
    ok(pc_pickerel_level_info(6, PC_PICKEREL_LEVEL_SPECIFIC_PCT, &v) == 0 && v == 70, "level 6: Specific 70%%");
    ok(pc_pickerel_level_info(12, PC_PICKEREL_LEVEL_WILD_PCT, &v) == 0 && v == 100, "level 12: Wild 100%%");
    is_int(pc_pickerel_level_info(13, 0, &v), PC_ERANGE, "level 13 is out of range");
    is_int(pc_pickerel_level_info(1, 99, &v), PC_EINVAL, "unknown field");

    pc_pickerel *a, *b;
    pc_pickerel_new(5, 77, 0, &a);
    pc_pickerel_new(5, 77, 0, &b);
    char *sa = save(a), *sb = save(b);
    ok(sa && sb && strcmp(sa, sb) == 0, "same seed, same deal");
    free(sa);
    free(sb);
    pc_pickerel_free(b);
    pc_pickerel_new(5, 78, 0, &b);
    sa = save(a);
    sb = save(b);
    ok(sa && sb && strcmp(sa, sb) != 0, "another seed, another deal");
    free(sa);
    free(sb);
    pc_pickerel_free(a);
    pc_pickerel_free(b);

    int32_t col[2] = {0, 5}, len[2] = {4, 4};
    pc_pickerel *g = NULL;
    is_int(pc_pickerel_new_deal(1, 0, 0, col, len, 2, &g), PC_ERANGE, "explicit deal: colour outside the level");
    col[1] = 1;
    len[0] = 13;
    is_int(pc_pickerel_new_deal(1, 0, 0, col, len, 2, &g), PC_ERANGE, "explicit deal: spool longer than 12");
    len[0] = 1;
    is_int(pc_pickerel_new_deal(1, 0, 0, col, len, 2, &g), PC_ERANGE, "explicit deal: spool shorter than 2");
    is_int(pc_pickerel_new_deal(1, 0, 0, col, len, 0, &g), PC_ERANGE, "explicit deal: empty");
    is_int(pc_pickerel_new(0, 0, 0, &g), PC_ERANGE, "level 0 refused");
    is_int(pc_pickerel_new(1, 0, 8, &g), PC_EINVAL, "unknown option refused");
    ok(g == NULL, "nothing allocated on failure");
    is_int(pc_pickerel_new(1, 0, 0, NULL), PC_EINVAL, "NULL out refused");
}

/* ---- rules corner cases ---------------------------------------------------------- */

static void rules(void)
{
    char name[32];
    size_t n;
    static const char *want[] = {"Perfect row", "Double", "Triple", "Donkey", "Vegas", "Vegas^2", "Vegas^3"};
    int good = 1;
    for (int32_t r = 1; r <= 7; r++)
        if (pc_pickerel_run_name(r, name, sizeof name, &n) != PC_OK || strcmp(name, want[r - 1]) != 0)
            good = 0;
    ok(good, "run names: Perfect row, Double, Triple, Donkey, Vegas, Vegas^2, Vegas^3");
    is_int(pc_pickerel_run_name(0, name, sizeof name, &n), PC_ERANGE, "run 0 has no name");
    is_str(pc_pickerel_rating_name(PC_PICKEREL_INCREDIBLE), "Incredible", "rating name");
    ok(pc_pickerel_rating_name(6) == NULL && pc_pickerel_event_name(99) == NULL, "bad names give NULL");

    /* Level 2 (overlap): resize, scissors, waste, lost rows. */
    static const int32_t col[] = {R, R, R, B, B, G, G, R, R, R, B, B, G, G, R, R};
    static const int32_t len[] = {5, 10, 3, 4, 6, 7, 8, 5, 5, 5, 9, 9, 4, 4, 5, 5};
    pc_pickerel *g = deal(2, 9, 0, col, len, 16);
    weave(g, 0); /* R5: perfect row */
    is_perfect(g, 1, 8, "level 2: knot + 4 = one perfect row, 4 x 1 x 2");
    weave(g, 2); /* R3: knot + 2 */
    is_int(pc_pickerel_loom_fill(g), 2, "R3: two inches on row 2");
    is_int(pc_pickerel_loom_run(g), 1, "an incomplete row keeps the run below it");
    is_int(pc_pickerel_scissors(g), PC_OK, "scissors");
    after_move(g);
    int32_t p, a;
    ok(find_event(g, PC_PICKEREL_EV_RECTANGLE, &p, &a, NULL) && p == 4 && a == 1, "scissors score the rectangle");
    ok(pc_pickerel_loom_rows(g) == 0 && pc_pickerel_loom_fill(g) == 2, "the incomplete row stays at the bottom");
    is_int(pc_pickerel_scissors(g), PC_EILLEGAL, "scissors with no completed row is illegal");
    is_int(pc_pickerel_resize(g, 4), PC_EILLEGAL, "resize to the same width is illegal");
    is_int(pc_pickerel_resize(g, 3), PC_EILLEGAL, "narrower than the level's width is illegal");
    is_int(pc_pickerel_resize(g, 7), PC_EILLEGAL, "more than two wider is illegal");
    int64_t before = pk_score(g);
    is_int(pc_pickerel_resize(g, 6), PC_OK, "resize to 6");
    after_move(g);
    ok(find_event(g, PC_PICKEREL_EV_WASTE, &p, &a, NULL) && p == -2, "resizing wastes the incomplete row");
    is_int(pk_score(g) - before, -2, "resize costs the wasted inches");
    is_int(pc_pickerel_width(g), 6, "the loom is 6 wide");
    is_int(pc_pickerel_tray_size(g), 8, "the tray keeps its size");
    weave(g, 1); /* R10: knot + 6 + wrap + 2 */
    weave(g, 3); /* B4: colour change wastes 2 */
    ok(find_event(g, PC_PICKEREL_EV_RECTANGLE, &p, &a, NULL) && p == 6 && a == 1, "colour change: rectangle of one 6-wide row");
    ok(find_event(g, PC_PICKEREL_EV_WASTE, &p, &a, NULL) && p == -2, "and wastes the incomplete row");
    weave(g, 4); /* B6: knot 1 + 3 completes row 0 (B4 put 3), wrap 1, 1 on row 1 */
    before = pk_score(g);
    is_int(pc_pickerel_resize(g, 5), PC_OK, "resize with a completed row on the loom");
    after_move(g);
    ok(find_event(g, PC_PICKEREL_EV_LOST, NULL, &a, NULL) && a == 1, "the completed row is lost");
    is_int(pk_score(g) - before, -1, "lost rows score nothing; the incomplete row (1 inch) is waste");
    is_int(stat(g, PC_PICKEREL_STAT_LOST), 6, "6 inches of cloth lost");
    before = pk_score(g);
    weave(g, 5); /* G7: knot + 5 + wrap + 0 -> exactly one inch past the edge: discarded */
    ok(find_event(g, PC_PICKEREL_EV_DISCARD, NULL, &a, NULL) && a == 1, "G7 on width 5: one inch past the edge is discarded");
    is_int(pk_score(g) - before, 0, "no penalty for the discarded inch");
    is_int(pc_pickerel_done(g), PC_OK, "done");
    after_move(g);
    ok(find_event(g, PC_PICKEREL_EV_RECTANGLE, &p, &a, NULL) && a == 1 && p == 5, "done scores the completed row");
    ok(has_event(g, PC_PICKEREL_EV_GAME_OVER), "game over");
    is_int(pc_pickerel_done(g), PC_EOVER, "done twice: game over");
    is_int(invariant_bad, 0, "invariants hold");
    pc_pickerel_free(g);
}

/* ---- every illegal move changes nothing ------------------------------------------- */

static int unchanged_after(pc_pickerel *g, const int32_t *m, int32_t want)
{
    char *before = save(g);
    int32_t rc = pc_pickerel_play(g, m);
    char *after = save(g);
    int same = before && after && strcmp(before, after) == 0;
    free(before);
    free(after);
    if (rc != want)
        printf("#   move {%d,%d,%d,%d}: got %s\n", (int)m[0], (int)m[1], (int)m[2], (int)m[3], pc_strerror(rc));
    return rc == want && same;
}

static void atomic(void)
{
    /* Level 5 (beads) with a seed/deal that gives a bead early. */
    static const int32_t col[] = {R, R, B, B, G, G, R, B, G, R, B, G, R, B, G, R};
    static const int32_t len[] = {7, 7, 7, 7, 7, 7, 7, 5, 3, 3, 8, 9, 12, 2, 2, 2};
    pc_pickerel *g = deal(5, 1, 0, col, len, 16);
    /* Weave 7s (knot + 6 = a perfect row of 6) until a bead appears. */
    int32_t slots[] = {0, 1, 6};
    for (int i = 0; i < 3 && pc_pickerel_bead_count(g) == 0; i++)
        weave(g, slots[i]);
    ok(pc_pickerel_bead_count(g) > 0, "a bead was gained (level 5)");
    int32_t bt = -1, bc = -1;
    pc_pickerel_bead(g, 0, &bt, &bc);
    printf("# bead type %d colour %d\n", (int)bt, (int)bc);
    int32_t m[4];
    int all = 1;
#define ILLEGAL(k, a, b, c, want, what)                                                                       \
    do {                                                                                                      \
        m[0] = k; m[1] = a; m[2] = b; m[3] = c;                                                               \
        int u = unchanged_after(g, m, want);                                                                  \
        ok(u, "illegal %s: %s and nothing changes", what, pc_strerror(want));                                 \
        all &= u;                                                                                             \
    } while (0)
    ILLEGAL(PC_PICKEREL_MOVE_WEAVE, -1, 0, 0, PC_EILLEGAL, "weave slot -1");
    ILLEGAL(PC_PICKEREL_MOVE_WEAVE, 10, 0, 0, PC_EILLEGAL, "weave slot past the tray");
    ILLEGAL(PC_PICKEREL_MOVE_RESIZE, 9, 0, 0, PC_EILLEGAL, "resize too wide");
    ILLEGAL(PC_PICKEREL_MOVE_RESIZE, 6, 0, 0, PC_EILLEGAL, "resize to the current width");
    ILLEGAL(PC_PICKEREL_MOVE_SPLICE, 5, 2, 3, PC_EILLEGAL, "splice with a missing bead");
    ILLEGAL(PC_PICKEREL_MOVE_SPLICE, 0, 2, 2, PC_EILLEGAL, "splice a spool with itself");
    ILLEGAL(PC_PICKEREL_MOVE_SPLICE, 0, 2, 4, bt == PC_PICKEREL_BEAD_WILD ? PC_EILLEGAL : PC_EILLEGAL,
            "splice past 12 inches (7 + 7)");
    ILLEGAL(PC_PICKEREL_MOVE_PLACE_BEAD, 0, 3, 0, PC_EILLEGAL, "place a bead without the loom-bead option");
    ILLEGAL(99, 0, 0, 0, PC_EINVAL, "unknown move kind");
    /* Splice colour rules: the deal puts blue 5 in slot 7 and green 3 in
     * slot 8 (the 7s woven above are refilled into slots 0, 1 and 6), and a
     * level-5 bead is Any or Specific, never Wild: a two-colour splice is
     * illegal whichever it is. */
    int32_t c7 = -1, c8 = -1;
    is_int(tray_len(g, 7, &c7), 5, "slot 7 holds a 5");
    is_int(c7, B, "slot 7 is blue");
    is_int(tray_len(g, 8, &c8), 3, "slot 8 holds a 3");
    is_int(c8, G, "slot 8 is green");
    ok(bt != PC_PICKEREL_BEAD_WILD, "no Wild bead on level 5");
    ILLEGAL(PC_PICKEREL_MOVE_SPLICE, 0, 7, 8, PC_EILLEGAL, "splice two colours without a Wild bead");
    is_int(pc_pickerel_play(NULL, m), PC_EINVAL, "NULL game");
    is_int(pc_pickerel_play(g, NULL), PC_EINVAL, "NULL move");
    pc_pickerel_done(g);
    ILLEGAL(PC_PICKEREL_MOVE_WEAVE, 2, 0, 0, PC_EOVER, "weave after the end");
    ILLEGAL(PC_PICKEREL_MOVE_DONE, 0, 0, 0, PC_EOVER, "done after the end");
    ILLEGAL(PC_PICKEREL_MOVE_SCISSORS, 0, 0, 0, PC_EOVER, "scissors after the end");
    ILLEGAL(PC_PICKEREL_MOVE_RESIZE, 7, 0, 0, PC_EOVER, "resize after the end");
    ILLEGAL(PC_PICKEREL_MOVE_SPLICE, 0, 2, 3, PC_EOVER, "splice after the end");
    pc_pickerel_free(g);
    /* A scissors with no completed rows: the same deal, nothing woven yet. */
    g = deal(5, 1, 0, col, len, 16);
    is_int(pc_pickerel_loom_rows(g), 0, "fresh game: no rows on the loom");
    ILLEGAL(PC_PICKEREL_MOVE_SCISSORS, 0, 0, 0, PC_EILLEGAL, "scissors with nothing to cut");
    weave(g, 0); /* a 7 on width 6: knot + a perfect row */
    m[0] = PC_PICKEREL_MOVE_SCISSORS;
    is_int(pc_pickerel_check(g, m), PC_OK, "scissors legal with a completed row");
    pc_pickerel_free(g);
#undef ILLEGAL
    (void)all;
}

/* Splices: Any, Specific, Wild (level 12 gives only Wild beads). */
static void splices(void)
{
    static const int32_t col[] = {R, R, B, G, P, R, B, G, P, R, B, G, P, R, B, G, P, R, B, G};
    static const int32_t len[] = {5, 5, 3, 4, 5, 9, 2, 2, 2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    /* Level 12: width 8, knot + 8 = 9 inches per row: R5 + R5 = knot 4 + knot 4 = 8. */
    pc_pickerel *g = deal(12, 5, 0, col, len, 20);
    int guard = 0;
    while (pc_pickerel_bead_count(g) == 0 && guard++ < 20) {
        /* reseed until the perfect row from R5 + R5 gives a bead */
        pc_pickerel_free(g);
        g = deal(12, 5 + (uint64_t)guard, 0, col, len, 20);
        weave(g, 0);
        weave(g, 1);
    }
    int32_t t = -1;
    pc_pickerel_bead(g, 0, &t, NULL);
    is_int(t, PC_PICKEREL_BEAD_WILD, "level 12 gives a Wild bead");
    /* Wild: blue 3 (slot 2) onto green 4 (slot 3): green 7. */
    int32_t m[4] = {PC_PICKEREL_MOVE_SPLICE, 0, 2, 3};
    is_int(pc_pickerel_check(g, m), PC_OK, "Wild splices two colours");
    is_int(pc_pickerel_play(g, m), PC_OK, "splice");
    after_move(g);
    int32_t c, l = tray_len(g, 3, &c);
    ok(l == 7 && c == G, "the result is dyed to the second spool's colour (green 7)");
    is_int(pc_pickerel_bead_count(g), 0, "the bead is used up");
    ok(tray_len(g, 2, NULL) > 0, "the first slot is refilled from the deal");
    ok(has_event(g, PC_PICKEREL_EV_SPLICE) && has_event(g, PC_PICKEREL_EV_BEAD_USED), "splice events");
    is_int(invariant_bad, 0, "invariants hold across splices");
    pc_pickerel_free(g);
}

/* Loom beads (option): overrun, wrong colour, lost on resize. */
static void loom_beads(void)
{
    static const int32_t col[] = {R, R, R, R, B, B, B, B, B, R, R, R, R, R, R, R, R, R, R, R, R, R};
    static const int32_t len[] = {6, 6, 6, 12, 6, 6, 12, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6};
    /* Level 4, width 5: knot + 5 = 6 is a perfect row; find a seed whose
     * first perfect row gives an Any bead (level 4 only has Any beads). */
    pc_pickerel *g = NULL;
    for (uint64_t seed = 0; seed < 500; seed++) {
        g = deal(4, seed, PC_PICKEREL_OPT_LOOM_BEADS, col, len, 22);
        weave(g, 0);
        if (pc_pickerel_bead_count(g) > 0)
            break;
        pc_pickerel_free(g);
        g = NULL;
    }
    ok(g != NULL, "a level-4 seed whose first perfect row gives a bead");
    if (!g)
        return;
    /* Level 4: a frame of 21 rows (3 x 7).  The first row (20) is woven;
     * row 19 is next (right to left).  Put the bead 3 rows up, on row 17,
     * column 2. */
    is_int(pc_pickerel_loom_height(g), 21, "level 4: a frame of 21 rows");
    int32_t high[4] = {PC_PICKEREL_MOVE_PLACE_BEAD, 0, 9, 2}, low[4] = {PC_PICKEREL_MOVE_PLACE_BEAD, 0, 20, 2};
    is_int(pc_pickerel_check(g, high), PC_EILLEGAL, "row 9: more than 2 x width rows above the cloth (10..19 may hold it)");
    is_int(pc_pickerel_check(g, low), PC_EILLEGAL, "row 20: the woven row");
    int32_t off[4] = {PC_PICKEREL_MOVE_PLACE_BEAD, 0, 21, 2}, neg[4] = {PC_PICKEREL_MOVE_PLACE_BEAD, 0, -1, 2};
    is_int(pc_pickerel_check(g, off), PC_EILLEGAL, "row 21: below the frame");
    is_int(pc_pickerel_check(g, neg), PC_EILLEGAL, "row -1: above the frame");
    is_int(pc_pickerel_place_bead(g, 0, 17, 2), PC_OK, "place the bead at row 17, column 2");
    after_move(g);
    int32_t v = 0, brow = -1, bcol = -1;
    pc_pickerel_loom_bead(g, 0, NULL, NULL, &brow, &bcol, &v);
    ok(brow == 17 && bcol == 2, "it reads back at row 17, column 2 (%d, %d)", (int)brow, (int)bcol);
    is_int(v, 5 * 3, "value: width x (1 + 2 empty rows below)");
    int32_t m[4] = {PC_PICKEREL_MOVE_PLACE_BEAD, 0, 0, 0};
    is_int(pc_pickerel_check(g, m), PC_EILLEGAL, "no bead left to place");
    weave(g, 1); /* R6: row 19 */
    int32_t p = 0, a = 0, b = 0;
    ok(find_event(g, PC_PICKEREL_EV_WEAVE, NULL, &a, &b) && a == 19 && b == 0, "the weave event: row 19, from inch 0");
    weave(g, 2); /* R6: row 18 */
    /* R12 on row 17 (left to right): knot, 5 across row 17 -> overruns the bead at column 2 by 3 inches. */
    weave(g, 3);
    ok(find_event(g, PC_PICKEREL_EV_BEAD_PENALTY, &p, &a, &b) && a == 17 && b == 2,
       "R12 overruns the bead at row 17, column 2");
    is_int(p, -(4 + 3 - 1), "right colour overrun: -(level + inches - 1)");
    is_int(pc_pickerel_loom_bead_count(g), 0, "the overrun bead is gone");
    is_int(invariant_bad, 0, "invariants hold with loom beads");
    pc_pickerel_free(g);

    /* Placement limits (atomic). */
    g = deal(4, 0, PC_PICKEREL_OPT_LOOM_BEADS, col, len, 22);
    int32_t m2[4] = {PC_PICKEREL_MOVE_PLACE_BEAD, 0, 0, 0};
    is_int(pc_pickerel_check(g, m2), PC_EILLEGAL, "no bead in the tray: illegal");
    pc_pickerel_free(g);

    /* Random loom beads on a colour change: level 12, 12% x wasted inches. */
    static const int32_t col2[] = {R, B, R, B, R, B, R, B, R, B, R, B, R, B};
    static const int32_t len2[] = {8, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    int found = 0, good = 1;
    for (uint64_t seed = 0; seed < 200 && !found; seed++) {
        g = deal(12, seed, PC_PICKEREL_OPT_LOOM_BEADS, col2, len2, 14);
        weave(g, 0); /* R8: knot + 7 inches on the first row */
        weave(g, 1); /* B5: colour change wastes 7 inches */
        if (find_event(g, PC_PICKEREL_EV_LOOM_BEAD, NULL, &a, &b)) {
            int32_t row = -1, column = -1, value = 0;
            pc_pickerel_loom_bead(g, 0, NULL, NULL, &row, &column, &value);
            /* level 12: a frame of 30 rows; 1..7 rows above the bottom one */
            good = row >= 22 && row <= 28 && column >= 0 && column < 8 && value == 8 * (30 - row) && a == row;
            found = 1;
        }
        pc_pickerel_free(g);
    }
    ok(found && good, "a colour change can put a random bead on the loom (1..w-1 rows up, value w x (1 + rows up))");
}

/* Bead odds: (d - 3) x 10% x run, one draw per perfect event. */
static void bead_odds(void)
{
    /* Level 4 (width 5): a 6 is knot + 5, one perfect row: 10%. */
    static const int32_t col[] = {R, R, R, R, R, R, R, R, R, R};
    static const int32_t len[] = {6, 6, 6, 6, 6, 6, 6, 6, 6, 6};
    int hits = 0;
    for (uint64_t seed = 0; seed < 1000; seed++) {
        pc_pickerel *g;
        pc_pickerel_new_deal(4, seed, 0, col, len, 10, &g);
        pc_pickerel_weave(g, 0);
        hits += pc_pickerel_bead_count(g);
        pc_pickerel_free(g);
    }
    printf("# level 4, single perfect row: %d beads in 1000 games\n", hits);
    ok(hits > 70 && hits < 130, "level 4: a perfect row gives a bead about 10%% of the time");
    /* Level 9 (width 5, d - 3 = 2): a 12 is knot + 5 + wrap + 5, a Double: 2 x 2 x 10% = 40%. */
    static const int32_t len12[] = {12, 12, 12, 12, 12, 12, 12, 12, 12, 12};
    hits = 0;
    for (uint64_t seed = 0; seed < 1000; seed++) {
        pc_pickerel *g;
        pc_pickerel_new_deal(9, seed, 0, col, len12, 10, &g);
        pc_pickerel_weave(g, 0);
        hits += pc_pickerel_bead_count(g);
        pc_pickerel_free(g);
    }
    printf("# level 9, double: %d beads in 1000 games\n", hits);
    ok(hits > 340 && hits < 460, "level 9: a Double gives a bead about 40%% of the time");
}

/* ---- save / load / clone ---------------------------------------------------------- */

static void persistence(void)
{
    pc_pickerel *g;
    pc_pickerel_new(6, 12345, PC_PICKEREL_OPT_LOOM_BEADS, &g);
    int32_t m[4];
    for (int i = 0; i < 25 && !pc_pickerel_over(g); i++) {
        pc_pickerel_suggest(g, nodes_budget(&nb, 500), m);
        pc_pickerel_play(g, m);
    }
    char *s1 = save(g);
    ok(s1 && strncmp(s1, "puzzlecore-pickerel 1\n", 22) == 0, "save starts with the format line");
    pc_pickerel *h = NULL;
    char err[128] = "";
    is_int(pc_pickerel_load(s1, strlen(s1), err, sizeof err, &h), PC_OK, "load");
    char *s2 = h ? save(h) : NULL;
    ok(s2 && strcmp(s1, s2) == 0, "save -> load -> save is identical");
    pc_pickerel *c = NULL;
    is_int(pc_pickerel_clone(g, &c), PC_OK, "clone");
    /* Play all three to the end with the same moves: identical games. */
    int same = 1;
    while (!pc_pickerel_over(g)) {
        pc_pickerel_suggest(g, nodes_budget(&nb, 500), m);
        if (pc_pickerel_play(g, m) || pc_pickerel_play(h, m) || pc_pickerel_play(c, m)) {
            same = 0;
            break;
        }
        if (pk_score(g) != pk_score(h) || pk_score(g) != pk_score(c) ||
            pc_pickerel_event_count(g) != pc_pickerel_event_count(h))
            same = 0;
    }
    ok(same && pc_pickerel_over(h) && pc_pickerel_over(c), "loaded and cloned games play on identically (beads too)");
    uint64_t seed = 0;
    pc_pickerel_seed(h, &seed);
    is_int((int64_t)seed, 12345, "the seed survives a round trip");
    free(s2);

    size_t need = 0;
    is_int(pc_pickerel_save(g, NULL, 0, &need), PC_OK, "save size query (cap 0: PC_OK)");
    char small[8];
    size_t got = 0;
    ok(pc_pickerel_save(g, small, sizeof small, &got) == PC_ESPACE && got == need && small[7] == '\0',
       "short buffer: PC_ESPACE, full length, NUL-terminated");

    /* Bad input. */
    pc_pickerel *x = NULL;
    is_int(pc_pickerel_load("hello", 5, err, sizeof err, &x), PC_EPARSE, "not a save: PC_EPARSE");
    char *bad = malloc(strlen(s1) + 64);
    strcpy(bad, s1);
    char *lv = strstr(bad, "level 6");
    lv[6] = 'x';
    is_int(pc_pickerel_load(bad, strlen(bad), err, sizeof err, &x), PC_EPARSE, "bad number: PC_EPARSE");
    ok(strstr(err, "line 2") != NULL, "the message names the line");
    strcpy(bad, s1);
    lv = strstr(bad, "level 6");
    lv[6] = '9';
    is_int(pc_pickerel_load(bad, strlen(bad), err, sizeof err, &x), PC_EPARSE, "inconsistent tray for the level");
    ok(strstr(err, "line ") != NULL && strstr(err, "column ") != NULL && strstr(err, "tray") != NULL,
       "a whole-game fault names the key's line and column (%s)", err);
    strcpy(bad, s1);
    lv = strstr(bad, "\ntray");
    *lv = '\0';
    is_int(pc_pickerel_load(bad, strlen(bad), err, sizeof err, &x), PC_EPARSE, "truncated save: PC_EPARSE");
    ok(x == NULL, "nothing allocated on a failed load");
    free(bad);
    free(s1);
    pc_pickerel_free(g);
    pc_pickerel_free(h);
    pc_pickerel_free(c);
}

/* ---- random moves: invariants and atomicity on every level --------------------- */

static void fuzz(void)
{
    int bad_atomic = 0, moves = 0, illegal = 0;
    invariant_bad = 0;
    /* Under valgrind and qemu (PC_TEST_QUICK=1, set by check-valgrind and
     * check-cross) each level is played with one seed, alternating the loom
     * beads option from level to level, instead of both: those runs look for
     * memory errors, and these playouts were the program's longest part. */
    const char *quick_env = getenv("PC_TEST_QUICK");
    int quick = quick_env && *quick_env == '1';
    for (int32_t L = 1; L <= 12; L++)
        for (uint64_t seed = 0; seed < 2; seed++) {
            if (quick && seed != (uint64_t)(L & 1))
                continue;
            pc_pickerel *g;
            pc_pickerel_new(L, seed, seed == 1 ? PC_PICKEREL_OPT_LOOM_BEADS : 0, &g);
            event_sum = 0;
            dealt_total = inches_remaining(g);
            pc_rng *r;
            pc_rng_new(seed * 100 + (uint64_t)L, &r);
            for (int k = 0; k < 300 && !pc_pickerel_over(g); k++) {
                uint64_t u;
                pc_rng_uniform(r, 100, &u);
                int32_t m[4] = {PC_PICKEREL_MOVE_WEAVE, 0, 0, 0};
                int64_t a, b, c;
                pc_rng_range(r, -1, 12, &a);
                pc_rng_range(r, -1, 12, &b);
                pc_rng_range(r, -1, 12, &c);
                if (u < 55)
                    m[0] = PC_PICKEREL_MOVE_WEAVE;
                else if (u < 65)
                    m[0] = PC_PICKEREL_MOVE_SCISSORS;
                else if (u < 72)
                    m[0] = PC_PICKEREL_MOVE_RESIZE;
                else if (u < 92)
                    m[0] = PC_PICKEREL_MOVE_SPLICE;
                else if (u < 99)
                    m[0] = PC_PICKEREL_MOVE_PLACE_BEAD;
                else
                    m[0] = PC_PICKEREL_MOVE_DONE;
                m[1] = (int32_t)a;
                m[2] = (int32_t)b;
                m[3] = (int32_t)c;
                if (m[0] == PC_PICKEREL_MOVE_SPLICE)
                    m[1] = (int32_t)(a & 3);
                char *before = save(g);
                int32_t rc = pc_pickerel_play(g, m);
                if (rc == PC_OK) {
                    moves++;
                    after_move(g);
                } else {
                    illegal++;
                    char *after = save(g);
                    if (!before || !after || strcmp(before, after) != 0)
                        bad_atomic++;
                    free(after);
                }
                free(before);
            }
            pc_rng_free(r);
            pc_pickerel_free(g);
        }
    printf("# fuzz: %d moves played, %d refused\n", moves, illegal);
    is_int(invariant_bad, 0, "random moves on every level: invariants hold after every legal move");
    is_int(bad_atomic, 0, "random moves on every level: every refused move changes nothing");
}

/* ---- issue 15: every game played through the API saves a text that loads ------------- */

/* Level 5, seed 15, loom beads: one row cut by the scissors keeps a row woven
 * right to left (cols 5, 4, 3) with a loom bead at column 0 still unwoven. */
static const char cut_odd_rows[] =
    "puzzlecore-pickerel 1\nlevel 5\noptions 1\nseed 15\n"
    "rng 4854338310500832988 893274146083371531 7649767671494593762 15408783531768311777\n"
    "width 6\ncolour 2\nloom 1 3 0\nscore 64\nover 0\ndealt 28\n"
    "deal 1:4 0:8 1:4 0:9 1:8 0:7 0:10 0:7 1:6 2:3 2:11 2:12 2:12 1:5 2:8 2:6 0:4 1:6 1:5 1:8 0:2 0:11 "
    "2:6 2:8 0:10 1:6 1:10 1:6 2:3 0:9 1:5 2:4 1:5 2:11 0:7 0:10 0:6 1:11 1:5 2:4 1:6 2:9 2:3\n"
    "tray 2:6 1:10 1:8 2:8 2:12 2:12 0:10 1:6 1:5 1:6\nbeads\nloombeads 1:0:1:0:12\n"
    "stats 119 72 18 6 4 16 3 0 18 2 1 0 8 0 0 18\n"
    "events 0:0:2:11:7 11:0:0:2:0 7:6:1:0:0 17:0:1:0:12 1:0:7:1:6 2:0:1:0:0 3:0:0:0:6 4:0:1:0:0 3:0:1:0:3\n";

/* Save, load and save again: 1 when the game's own loader takes its save and
 * the second save is byte-identical. */
static int reloads(const pc_pickerel *g)
{
    char *a = save(g), err[160] = "";
    pc_pickerel *h = NULL;
    int good = a && pc_pickerel_load(a, strlen(a), err, sizeof err, &h) == PC_OK;
    char *b = good ? save(h) : NULL;
    good = good && b && strcmp(a, b) == 0;
    if (!good)
        printf("# reload failed (%s):\n%s", err, a ? a : "(no save)\n");
    free(a);
    free(b);
    pc_pickerel_free(h);
    return good;
}

static void loom_bead_saves(void)
{
    pc_pickerel *g = NULL;
    char err[160] = "";
    int32_t type, colour, row, col, value;
    ok(pc_pickerel_load(cut_odd_rows, sizeof cut_odd_rows - 1, err, sizeof err, &g) == PC_OK,
       "issue 15: the level-5 seed-15 position loads (%s)", err);
    if (!g)
        return;
    is_int(pc_pickerel_scissors(g), PC_OK, "scissors cut the one completed row");
    is_int(pc_pickerel_loom_bead_count(g), 1, "the loom bead stays on the loom");
    pc_pickerel_loom_bead(g, 0, &type, &colour, &row, &col, &value);
    ok(row == 23 && col == 5, "the loom turns over: the bead is on the bottom row (23), column 5 (%d, %d)", (int)row,
       (int)col);
    is_int(pc_pickerel_loom_fill(g), 3, "the kept row keeps its 3 woven inches");
    ok(reloads(g), "the game's save loads again after the cut");
    /* Three more inches of the kept row reach the bead's cell (the 4th inch
     * runs at column 3 in the new frame): weave a 12-inch spool and the bead
     * is overrun (a penalty event), not left behind the cloth. */
    int32_t slot = -1;
    for (int32_t i = 0; i < pc_pickerel_tray_size(g) && slot < 0; i++) {
        int32_t c, len;
        if (pc_pickerel_tray(g, i, &c, &len) == PC_OK && len == 12)
            slot = i;
    }
    ok(slot >= 0 && weave(g, slot) == PC_OK && has_event(g, PC_PICKEREL_EV_BEAD_PENALTY) &&
           pc_pickerel_loom_bead_count(g) == 0,
       "weaving through the bead's cell overruns it");
    ok(reloads(g), "and the game still saves and loads");
    pc_pickerel_free(g);

    /* Random legal games on every bead level with the option on, checked
     * after every move: the save loads and saves back identically. */
    int games = 0, bad = 0, moves = 0;
    for (int32_t L = 4; L <= 12; L++)
        for (uint64_t seed = 10; seed < 16; seed++) {
            pc_rng *r = NULL;
            if (pc_pickerel_new(L, seed, PC_PICKEREL_OPT_LOOM_BEADS, &g) != PC_OK ||
                pc_rng_new(seed * 31 + (uint64_t)L, &r) != PC_OK)
                break;
            games++;
            for (int step = 0; step < 400 && !pc_pickerel_over(g); step++) {
                /* weave 60 %, place a bead 20 %, scissors 10 %, splice 10 % */
                static const int32_t kinds[10] = {0, 0, 0, 0, 0, 0, 4, 4, 1, 3};
                uint64_t u;
                pc_rng_uniform(r, 10, &u);
                int32_t kind = kinds[u], cand[400][4], n = 0;
                for (int32_t a = 0; a < 12; a++)
                    for (int32_t b = 0; b < (kind >= 3 ? 30 : 1); b++)
                        for (int32_t c = 0; c < (kind >= 3 ? 12 : 1); c++) {
                            int32_t m[4] = {kind, a, b, c};
                            if (n < 400 && pc_pickerel_check(g, m) == PC_OK)
                                memcpy(cand[n++], m, sizeof m);
                        }
                if (n == 0) {
                    int32_t w[4] = {PC_PICKEREL_MOVE_WEAVE, 0, 0, 0};
                    for (w[1] = 0; w[1] < 12 && pc_pickerel_check(g, w) != PC_OK; w[1]++)
                        ;
                    if (w[1] == 12)
                        w[0] = PC_PICKEREL_MOVE_DONE;
                    memcpy(cand[n++], w, sizeof w);
                }
                pc_rng_uniform(r, (uint64_t)n, &u);
                if (pc_pickerel_play(g, cand[u]) != PC_OK || !reloads(g)) {
                    bad++;
                    break;
                }
                moves++;
            }
            pc_rng_free(r);
            pc_pickerel_free(g);
        }
    printf("# loom-bead games: %d games, %d moves\n", games, moves);
    ok(games == 54 && bad == 0, "54 random games on levels 4-12 with loom beads: every save reloads identically");
}

/* ---- advisor ----------------------------------------------------------------------- */

static void advisor(void)
{
    int all_legal = 1;
    int64_t total = 0;
    for (int32_t L = 1; L <= 12; L++) {
        pc_pickerel *g;
        pc_pickerel_new(L, 1000 + (uint64_t)L, 0, &g);
        char *before = save(g);
        int32_t m[4];
        pc_pickerel_suggest(g, nodes_budget(&nb, 1000), m);
        char *after = save(g);
        if (strcmp(before, after) != 0)
            all_legal = 0;
        free(before);
        free(after);
        int moves = 0;
        while (!pc_pickerel_over(g) && moves++ < 500) {
            if (pc_pickerel_suggest(g, nodes_budget(&nb, 1000), m) != PC_OK || pc_pickerel_play(g, m) != PC_OK)
                all_legal = 0;
        }
        if (!pc_pickerel_over(g))
            all_legal = 0;
        total += pk_score(g);
        printf("# advisor level %d: %lld\n", (int)L, (long long)pk_score(g));
        int32_t m2[4];
        if (pc_pickerel_suggest(g, nodes_budget(&nb, 100), m2) != PC_EOVER)
            all_legal = 0;
        pc_pickerel_free(g);
    }
    ok(all_legal, "advisor: only legal moves, never changes the game, finishes every level, PC_EOVER after");
    {
        pc_pickerel *g = NULL;
        int32_t m[4];
        pc_budget cb;
        pc_pickerel_new(3, 1, 0, &g);
        pc_budget_init(&cb, sizeof cb);
        pc_budget_cancel(&cb);
        is_int(pc_pickerel_suggest(g, &cb, m), PC_ECANCELLED, "advisor: a cancelled budget gives PC_ECANCELLED");
        pc_budget_reset(&cb);
        cb.max_seconds = 1e-9;
        is_int(pc_pickerel_suggest(g, &cb, m), PC_OK, "advisor: a spent time limit still answers (anytime)");
        is_int(pc_pickerel_check(g, m), PC_OK, "with a legal move");
        cb.size = 2;
        is_int(pc_pickerel_suggest(g, &cb, m), PC_EINVAL, "advisor: a budget of a bad size is refused");
        pc_pickerel_free(g);
    }
    ok(total / 12 > 400, "advisor (1000 nodes a move): mean over one game per level above 400 (%lld)", (long long)(total / 12));
}

int main(void)
{
    story_cantra();
    story_rylla3();
    story_rylla6();
    levels_and_deals();
    rules();
    atomic();
    splices();
    loom_beads();
    bead_odds();
    fuzz();
    loom_bead_saves();
    persistence();
    advisor();
    return done_testing();
}
