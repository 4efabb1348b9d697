/* Snapper rules engine: hand-built fields for every rule, storyboards,
 * atomic failures, save/load/clone, random-play invariants, advisor. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "budget_util.h"
#include "tap.h"

/* The API counts rows from the top (doc/api.md); the test fields below are
 * written, as the save format writes them, from the floor: row r of a save
 * is API row FLOOR(r). */
#define FLOOR(r) (PC_SNAPPER_HEIGHT - 1 - (r))

/* The score can be negative, so it answers through a pointer; these read it
 * (INT64_MIN / -1e300 when the call fails). */
static int64_t sn_units(const pc_snapper *g)
{
    int64_t v = INT64_MIN;
    return pc_snapper_score_units(g, &v) == PC_OK ? v : INT64_MIN;
}
static double sn_points(const pc_snapper *g)
{
    double v = -1e300;
    return pc_snapper_score(g, &v) == PC_OK ? v : -1e300;
}

#define W PC_SNAPPER_WIDTH
#define H PC_SNAPPER_HEIGHT
#define U PC_SNAPPER_SCORE_UNIT

/* A budget of n positions and no time limit. */
static const pc_budget *nodes(int64_t n)
{
    static pc_budget b;
    return pc_test_nodes_budget(&b, n);
}

static pc_snapper *load(const char *text)
{
    char err[200];
    pc_snapper *g = NULL;
    int32_t rc = pc_snapper_load(text, strlen(text), err, sizeof err, &g);
    if (rc != PC_OK) {
        printf("# load failed: %s: %s\n", pc_strerror(rc), err);
        return NULL;
    }
    return g;
}

static char *save(const pc_snapper *g)
{
    size_t n = 0;
    pc_snapper_save(g, NULL, 0, &n);
    char *s = malloc(n + 1);
    if (s && pc_snapper_save(g, s, n + 1, &n) != PC_OK) {
        free(s);
        return NULL;
    }
    return s;
}

/* Count events of a kind in the last move's log. */
static int count_kind(const pc_snapper *g, int32_t kind)
{
    int n = 0;
    for (int32_t i = 0; i < pc_snapper_event_count(g); i++) {
        int32_t k;
        pc_snapper_event(g, i, &k, NULL, NULL);
        n += k == kind;
    }
    return n;
}

/* Index of the k-th event of a kind, -1 if none. */
static int find_kind(const pc_snapper *g, int32_t kind, int k)
{
    for (int32_t i = 0; i < pc_snapper_event_count(g); i++) {
        int32_t kk;
        pc_snapper_event(g, i, &kk, NULL, NULL);
        if (kk == kind && k-- == 0)
            return i;
    }
    return -1;
}

static int64_t event_sum(const pc_snapper *g)
{
    int64_t s = 0;
    for (int32_t i = 0; i < pc_snapper_event_count(g); i++) {
        int64_t u;
        pc_snapper_event(g, i, NULL, NULL, &u);
        s += u;
    }
    return s;
}

/* ---- pieces and rotations ------------------------------------------------------------ */

static int regions_of(int32_t arms, const int32_t *c, int32_t *sizes)
{
    /* quarters q and q+1 share a region unless arm q+1 separates them */
    int start = 0;
    while (start < 4 && !(arms & (1 << start)))
        start++;
    if (start == 4)
        return 1;
    int n = 0, size = 0;
    for (int k = 0; k < 4; k++) {
        int q = (start + k) % 4;
        size++;
        int nq = (q + 1) % 4;
        if (arms & (1 << nq)) {
            sizes[n++] = size;
            size = 0;
        } else if (c[q] != c[nq]) {
            return -1;
        }
    }
    return n;
}

static void test_pieces(void)
{
    static const struct {
        const char *tok;
        int32_t type, arms, regions;
        int32_t sizes_sorted[4];
    } kinds[] = {
        {"I:1122", PC_SNAPPER_I, PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_S, 2, {2, 2}},
        {"L:1222", PC_SNAPPER_L, PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_E, 2, {1, 3}},
        {"T:1233", PC_SNAPPER_T, PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_E | PC_SNAPPER_ARM_S, 3, {1, 1, 2}},
        {"+:1234", PC_SNAPPER_X, 15, 4, {1, 1, 1, 1}},
    };
    for (int k = 0; k < 4; k++) {
        pc_snapper *g = NULL;
        char err[100];
        is_int(pc_snapper_new_list(kinds[k].tok, strlen(kinds[k].tok), 4, err, sizeof err, &g), PC_OK,
               "list of %s", kinds[k].tok);
        int32_t arms, c[4], c0[4];
        pc_snapper_piece(g, 0, &arms, c0);
        is_int(arms, kinds[k].arms, "%s canonical arms", kinds[k].tok);
        is_int(pc_snapper_piece_type(arms), kinds[k].type, "%s type", kinds[k].tok);
        int good = 1;
        for (int t = 0; t < 4; t++) {
            pc_snapper_piece(g, 0, &arms, c);
            int32_t sizes[4] = {0};
            int n = regions_of(arms, c, sizes);
            /* sort sizes */
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++)
                    if (sizes[j] < sizes[i]) {
                        int32_t s = sizes[i];
                        sizes[i] = sizes[j];
                        sizes[j] = s;
                    }
            good &= n == kinds[k].regions && pc_snapper_piece_type(arms) == kinds[k].type;
            for (int i = 0; i < n && n > 0; i++)
                good &= sizes[i] == kinds[k].sizes_sorted[i];
            /* after t clockwise turns, quarter q holds the colour of q - t */
            for (int q = 0; q < 4; q++)
                good &= c[q] == c0[(q - t + 4) % 4];
            int32_t want_arms = ((kinds[k].arms << t) | (kinds[k].arms >> (4 - t))) & 15;
            good &= arms == want_arms;
            pc_snapper_rotate(g, 1);
        }
        ok(good, "%s: every rotation keeps %d regions of the right sizes and turns arms and colours clockwise",
           kinds[k].tok, (int)kinds[k].regions);
        pc_snapper_piece(g, 0, &arms, c);
        ok(arms == kinds[k].arms && memcmp(c, c0, sizeof c) == 0, "%s: four turns give the piece back",
           kinds[k].tok);
        pc_snapper_rotate(g, -1);
        pc_snapper_piece(g, 0, &arms, NULL);
        is_int(arms, ((kinds[k].arms >> 1) | (kinds[k].arms << 3)) & 15, "%s: one left turn", kinds[k].tok);
        pc_snapper_free(g);
    }
    is_int(pc_snapper_piece_type(PC_SNAPPER_ARM_E | PC_SNAPPER_ARM_W), PC_SNAPPER_I, "E+W is an I");
    is_int(pc_snapper_piece_type(PC_SNAPPER_ARM_S | PC_SNAPPER_ARM_W), PC_SNAPPER_L, "S+W is an L");
    is_int(pc_snapper_piece_type(PC_SNAPPER_ARM_N), PC_EINVAL, "one arm is no piece");
    is_int(pc_snapper_piece_type(16), PC_EINVAL, "mask 16 refused");

    pc_snapper *g = NULL;
    char err[120];
    is_int(pc_snapper_new_list("L:1122", 6, 3, err, sizeof err, &g), PC_EPARSE, "a region of two colours is refused");
    ok(strstr(err, "line 1, column 1") != NULL, "the error says where (%s)", err);
    is_int(pc_snapper_new_list("I:1122 N:1111", 13, 3, err, sizeof err, &g), PC_EPARSE, "a one-arm piece is refused");
    ok(strstr(err, "column 8") != NULL, "the error points at the second token (%s)", err);
    is_int(pc_snapper_new_list("I:1100", 6, 3, err, sizeof err, &g), PC_EPARSE, "a white piece is refused in a list");
    is_int(pc_snapper_new_list("I:1144", 6, 3, err, sizeof err, &g), PC_EPARSE, "a colour above the level's is refused");
    is_int(pc_snapper_new_list("", 0, 3, err, sizeof err, &g), PC_EPARSE, "an empty list is refused");
    is_int(pc_snapper_new_list("I:1122", 6, 9, err, sizeof err, &g), PC_ERANGE, "9 colours refused");
}

/* ---- closed figures -------------------------------------------------------------------- */

/* Four L pieces around the centre of the block of columns 0-1, rows 0-1;
 * the last one (top right, arms S+W) is dropped. */
static const char *LOOP = "puzzlecore-snapper 1\n"
                          "colours 3\n"
                          "source list\n"
                          "list SW:2212 I:3333\n"
                          "row 1 ES:2122 . . . .\n"
                          "row 0 NE:1222 NW:2221 . . .\n";

static void test_loop(void)
{
    pc_snapper *g = load(LOOP);
    ok(g != NULL, "2x2 loop field loads");
    if (!g)
        return;
    is_int(pc_snapper_column_height(g, 1), 1, "column 1 holds one piece");
    is_int(pc_snapper_move_to(g, 1), PC_OK, "move to column 1");
    is_int(pc_snapper_drop(g), PC_OK, "drop the fourth L");
    is_int(pc_snapper_figures(g), 1, "one closed figure");
    int32_t kind, v[PC_SNAPPER_EVENT_VALUES];
    int64_t u;
    is_int(pc_snapper_event_count(g), 2, "events: landed, figure");
    pc_snapper_event(g, 0, &kind, v, &u);
    ok(kind == PC_SNAPPER_EV_LANDED && v[0] == 1 && v[1] == FLOOR(1) &&
           v[2] == (PC_SNAPPER_ARM_S | PC_SNAPPER_ARM_W) && u == -U,
       "landed at column 1, second row from the floor (API row 7), with arms S+W, -1 point");
    pc_snapper_event(g, 1, &kind, v, &u);
    ok(kind == PC_SNAPPER_EV_FIGURE && v[0] == 0 && v[1] == 1 && v[2] == 4 && v[3] == 0 && v[4] == 1 &&
           v[5] == 2,
       "figure: level 0, alone, 4 quarters, no white, one colour (1)");
    is_int(u, 24 * U, "figure worth 2 * 4 * 3 / 1 = 24 points");
    int32_t q[12];
    size_t n = 0;
    is_int(pc_snapper_event_quarters(g, 1, q, 1, &n), PC_ESPACE, "quarters: small buffer gives PC_ESPACE");
    is_int((int64_t)n, 4, "quarters: the count is still given");
    is_int(pc_snapper_event_quarters(g, 1, q, 4, &n), PC_OK, "quarters read");
    static const int32_t want[12] = {0, FLOOR(0), PC_SNAPPER_NE, 1, FLOOR(0), PC_SNAPPER_NW,
                                     0, FLOOR(1), PC_SNAPPER_SE, 1, FLOOR(1), PC_SNAPPER_SW};
    ok(memcmp(q, want, sizeof want) == 0, "the four quarters around the block's centre");
    is_int(sn_units(g), 23 * U, "score 24 - 1 = 23");
    ok(sn_points(g) == 23.0, "score as points");
    int32_t c[4];
    pc_snapper_cell(g, 0, FLOOR(0), NULL, c);
    ok(c[0] == 0 && c[1] == 2 && c[2] == 2 && c[3] == 2, "the enclosed quarter turned white, the rest kept colour");
    is_int(pc_snapper_cell(g, 1, FLOOR(1), NULL, NULL), 1, "no piece vanished (each kept a coloured region)");
    is_int(pc_snapper_cell(g, 0, 0, NULL, NULL), 0, "API row 0 is the top row: empty");
    is_int(count_kind(g, PC_SNAPPER_EV_REMOVED), 0, "no removal event");
    pc_snapper_free(g);

    /* the same three pieces, fourth dropped elsewhere: the enclosed quarters
     * reach the empty cell (1, 1), so nothing closes */
    g = load(LOOP);
    pc_snapper_move_to(g, 3);
    is_int(pc_snapper_drop(g), PC_OK, "drop elsewhere");
    is_int(pc_snapper_figures(g), 0, "a figure touching an empty cell is not closed");
    is_int(sn_units(g), -U, "only the drop penalty");
    /* the right piece in the wrong orientation closes nothing either */
    pc_snapper_free(g);
    g = load(LOOP);
    is_int(pc_snapper_play(g, 1, 1), PC_OK, "play the L turned once (arms W+N)");
    is_int(pc_snapper_figures(g), 0, "the lines do not meet: no figure");
    pc_snapper_free(g);
}

/* The white penalty and the colour multiplier on a worked example:
 * enclosed quarters 1, white, 2, 1: size 4, white 1, colours {1, 2, white}:
 * effective 4 - 0.5 * 1^2 = 3.5; base 2 * 3.5 * 3 / 3 = 7. */
static void test_white_and_colours(void)
{
    pc_snapper *g = load("puzzlecore-snapper 1\ncolours 3\nsource list\nlist SW:3313\n"
                         "row 1 ES:3233 . . . .\nrow 0 NE:1333 NW:3330 . . .\n");
    ok(g != NULL, "worked example loads");
    if (!g)
        return;
    pc_snapper_play(g, 1, 0);
    int i = find_kind(g, PC_SNAPPER_EV_FIGURE, 0);
    int32_t v[6];
    int64_t u = 0;
    pc_snapper_event(g, i, NULL, v, &u);
    ok(v[2] == 4 && v[3] == 1 && v[4] == 3 && v[5] == (1 | 2 | 4), "4 quarters, 1 white, 3 colours used");
    is_int(u, 7 * U, "2 * (4 - 0.5) * 3 / 3 = 7 points");
    is_int(sn_units(g), 6 * U, "score 7 - 1");
    pc_snapper_free(g);

    /* two white quarters and one colour: effective 4 - 2 = 2, used 2 (colour + white) */
    g = load("puzzlecore-snapper 1\ncolours 4\nsource list\nlist SW:3313\n"
             "row 1 ES:3033 . . . .\nrow 0 NE:1333 NW:3330 . . .\n");
    pc_snapper_play(g, 1, 0);
    pc_snapper_event(g, find_kind(g, PC_SNAPPER_EV_FIGURE, 0), NULL, v, &u);
    ok(v[3] == 2 && v[4] == 2, "2 white quarters, colours used 2");
    is_int(u, 8 * U, "2 * (4 - 2) * 4 / 2 = 8 points");
    pc_snapper_free(g);

    /* the pure formula */
    int64_t x;
    is_int(pc_snapper_figure_units(4, 0, 1, 3, 0, 1, &x), PC_OK, "formula call");
    is_int(x, 24 * U, "4 quarters, 1 colour of 3: 24");
    ok(pc_snapper_figure_points(4, 1, 3, 3, 0, 1) == 7.0, "white penalty: 7");
    ok(pc_snapper_figure_points(4, 3, 2, 3, 0, 1) == 0.0, "effective size never below 0");
    ok(pc_snapper_figure_points(4, 0, 1, 3, 1, 1) == 36.0, "cascade level 1: x1.5");
    ok(pc_snapper_figure_points(4, 0, 1, 3, 2, 1) == 48.0, "cascade level 2: x2");
    ok(pc_snapper_figure_points(4, 0, 1, 3, 0, 2) == 72.0, "two at once: x3");
    ok(pc_snapper_figure_points(4, 0, 1, 3, 0, 3) == 120.0, "three at once: x5");
    ok(fabs(pc_snapper_figure_points(4, 0, 3, 4, 0, 1) - 32.0 / 3) < 1e-12, "2 * 4 * 4 / 3 = 10.67");
    pc_snapper_figure_units(4, 0, 3, 4, 0, 1, &x);
    is_int(x, 32 * U / 3, "exact in units");
    is_int(pc_snapper_figure_units(0, 0, 1, 3, 0, 1, &x), PC_ERANGE, "0 quarters refused");
    is_int(pc_snapper_figure_units(4, 5, 1, 3, 0, 1, &x), PC_ERANGE, "more white than quarters refused");
    is_int(pc_snapper_figure_units(4, 0, 10, 3, 0, 1, &x), PC_ERANGE, "10 colours used refused");
    is_int(pc_snapper_figure_units(4, 0, 1, 3, 0, 1, NULL), PC_EINVAL, "NULL out refused");
    ok(isnan(pc_snapper_figure_points(4, 0, 0, 3, 0, 1)), "points of a bad figure is NaN");
}

/* Cascades: loop A closes, its bottom-right piece (only coloured inside the
 * loop) vanishes, column 1 falls and closes loop B one column to the right;
 * with the level-2 field loop B's piece vanishes too and loop C follows. */
static const char *CASCADE2 = "puzzlecore-snapper 1\ncolours 3\nsource list\nlist ES:2122\n"
                              "row 4 . . ES:2122 . .\n"
                              "row 3 . ES:2122 NE:1222 SW:2212 .\n"
                              "row 2 . NE:1222 SW:2212 NW:2221 .\n"
                              "row 1 . SW:2212 NW:0001 NS:3333 .\n"
                              "row 0 NE:1222 NW:0001 NS:3333 NS:3333 .\n";

static void test_cascades(void)
{
    pc_snapper *g = load("puzzlecore-snapper 1\ncolours 3\nsource list\nlist ES:2122\n"
                         "row 3 . ES:2122 . . .\n"
                         "row 2 . NE:1222 SW:2212 . .\n"
                         "row 1 . SW:2212 NW:2221 . .\n"
                         "row 0 NE:1222 NW:0001 NS:3333 . .\n");
    ok(g != NULL, "cascade level 1 field loads");
    if (!g)
        return;
    is_int(pc_snapper_play(g, 0, 0), PC_OK, "drop closes loop A");
    is_int(pc_snapper_figures(g), 2, "two figures: loop A, then loop B");
    int i0 = find_kind(g, PC_SNAPPER_EV_FIGURE, 0), i1 = find_kind(g, PC_SNAPPER_EV_FIGURE, 1);
    int32_t v[6];
    int64_t u0 = 0, u1 = 0;
    pc_snapper_event(g, i0, NULL, v, &u0);
    ok(v[0] == 0 && u0 == 24 * U, "loop A: level 0, 24 points");
    pc_snapper_event(g, i1, NULL, v, &u1);
    ok(v[0] == 1 && u1 == 36 * U, "loop B: cascade level 1, 24 * 1.5 = 36 points");
    int r = find_kind(g, PC_SNAPPER_EV_REMOVED, 0);
    pc_snapper_event(g, r, NULL, v, NULL);
    ok(r > i0 && r < i1 && v[0] == 1 && v[1] == FLOOR(0), "between them, the piece at (1, floor) vanished");
    is_int(count_kind(g, PC_SNAPPER_EV_FELL), 3, "three pieces fell");
    int f = find_kind(g, PC_SNAPPER_EV_FELL, 2);
    pc_snapper_event(g, f, NULL, v, NULL);
    ok(v[0] == 1 && v[1] == FLOOR(3) && v[2] == FLOOR(2),
       "the top piece of column 1 fell from the fourth row to the third from the floor");
    is_int(pc_snapper_column_height(g, 1), 3, "column 1 now holds three pieces");
    is_int(sn_units(g), 59 * U, "score 24 + 36 - 1 = 59");
    is_int(event_sum(g), sn_units(g), "the events add up to the score");
    pc_snapper_free(g);

    g = load(CASCADE2);
    ok(g != NULL, "cascade level 2 field loads");
    if (!g)
        return;
    pc_snapper_play(g, 0, 0);
    is_int(pc_snapper_figures(g), 3, "three figures in a row");
    int64_t u2 = 0;
    pc_snapper_event(g, find_kind(g, PC_SNAPPER_EV_FIGURE, 2), NULL, v, &u2);
    ok(v[0] == 2 && u2 == 48 * U, "third figure: cascade level 2, 24 * 2 = 48 points");
    is_int(count_kind(g, PC_SNAPPER_EV_REMOVED), 2, "two pieces vanished");
    is_int(sn_units(g), (24 + 36 + 48 - 1) * U, "score 107");
    pc_snapper_free(g);
}

/* Two loops side by side share their middle column: one T dropped on top
 * closes both at once, each worth x3. */
static void test_two_at_once(void)
{
    pc_snapper *g = load("puzzlecore-snapper 1\ncolours 3\nsource list\nlist ESW:2112\n"
                         "row 1 ES:2122 . SW:2212 . .\n"
                         "row 0 NE:1222 NEW:1221 NW:2221 . .\n");
    ok(g != NULL, "two-loop field loads");
    if (!g)
        return;
    is_int(pc_snapper_play(g, 1, 0), PC_OK, "drop the T");
    is_int(count_kind(g, PC_SNAPPER_EV_FIGURE), 2, "two figures");
    int32_t v[6];
    int64_t u;
    int good = 1;
    for (int k = 0; k < 2; k++) {
        pc_snapper_event(g, find_kind(g, PC_SNAPPER_EV_FIGURE, k), NULL, v, &u);
        good &= v[0] == 0 && v[1] == 2 && v[2] == 4 && u == 72 * U;
    }
    ok(good, "each: level 0, 2 at once, 24 * 3 = 72 points");
    int32_t q[12];
    size_t n;
    pc_snapper_event_quarters(g, find_kind(g, PC_SNAPPER_EV_FIGURE, 1), q, 4, &n);
    ok(n == 4 && q[0] == 1 && q[1] == FLOOR(0) && q[2] == PC_SNAPPER_NE,
       "the second figure starts at (1, floor row) NE");
    is_int(sn_units(g), 143 * U, "score 72 + 72 - 1 = 143");
    int32_t c[4];
    pc_snapper_cell(g, 1, FLOOR(0), NULL, c);
    ok(c[0] == 0 && c[3] == 0 && c[1] == 2, "the middle piece lost both enclosed quarters");
    pc_snapper_free(g);
}

/* Drain: quarters connected to the outline turn white, cupped ones stay. */
static const char *DRAIN = "puzzlecore-snapper 1\ncolours 3\nsource list\nlist I:1122 I:1122\n"
                           "row 1 . ESW:2112 . NEW:1221 .\n"
                           "row 0 . NEW:1331 . NS:3333 .\n";

static void test_drain(void)
{
    pc_snapper *g = load(DRAIN);
    ok(g != NULL, "drain field loads");
    if (!g)
        return;
    is_int(pc_snapper_check_drain(g), PC_OK, "check_drain: the field can drain");
    is_int(pc_snapper_drain(g), PC_OK, "drain");
    size_t nq = 0;
    int32_t xyq[3 * 8];
    is_int(pc_snapper_event_quarters(g, 0, xyq, 8, &nq), PC_OK, "drained quarters");
    ok(nq == 8 && xyq[0] == 1 && xyq[1] == FLOOR(0) && xyq[2] == PC_SNAPPER_SE && xyq[3] == 1 &&
           xyq[5] == PC_SNAPPER_SW && xyq[6] == 3 && xyq[7] == FLOOR(0),
       "in order: (1, 0) SE, SW, then the I at (3, 0)");
    is_int(pc_snapper_event_quarters(g, 0, NULL, 1, &nq), PC_EINVAL, "NULL buffer with a capacity refused");
    is_int(pc_snapper_event_quarters(g, 99, xyq, 8, &nq), PC_EINVAL, "bad event index refused");
    is_int(pc_snapper_event_quarters(g, 1, NULL, 0, &nq), PC_OK, "an event without quarters");
    is_int((int64_t)nq, 0, "has none");
    int32_t kind, v[6];
    int64_t u;
    pc_snapper_event(g, 0, &kind, v, &u);
    ok(kind == PC_SNAPPER_EV_DRAINED && v[0] == 8 && v[1] == (4 | 8) && u == 0,
       "8 quarters of colours 2 and 3 drained, no points");
    int32_t c[4];
    pc_snapper_cell(g, 1, FLOOR(0), NULL, c);
    ok(c[0] == 1 && c[1] == 0 && c[2] == 0 && c[3] == 1, "(1, 0): the floor region drained, the cups kept");
    pc_snapper_cell(g, 1, FLOOR(1), NULL, c);
    ok(c[0] == 2 && c[1] == 1 && c[2] == 1 && c[3] == 2, "(1, 1): nothing touches the outline");
    int r = find_kind(g, PC_SNAPPER_EV_REMOVED, 0);
    pc_snapper_event(g, r, NULL, v, NULL);
    ok(r > 0 && v[0] == 3 && v[1] == FLOOR(0), "the I at (3, 0) lost all colour and vanished");
    int f = find_kind(g, PC_SNAPPER_EV_FELL, 0);
    pc_snapper_event(g, f, NULL, v, NULL);
    ok(f > r && v[0] == 3 && v[1] == FLOOR(1) && v[2] == FLOOR(0),
       "the piece above fell from the second row to the floor (API rows 7 to 8)");
    pc_snapper_cell(g, 3, FLOOR(0), NULL, c);
    ok(c[0] == 1 && c[1] == 0 && c[2] == 0 && c[3] == 1, "and kept its cupped colours");
    is_int(sn_units(g), 0, "drain scores nothing");
    is_int(pc_snapper_drains(g), 1, "one drain counted");
    is_int(pc_snapper_drops(g), 0, "no drop counted");
    char *before = save(g);
    is_int(pc_snapper_check_drain(g), PC_EILLEGAL, "check_drain: nothing left to drain");
    is_int(pc_snapper_check(g, 0, 0), PC_OK, "check: a drop is still possible");
    is_int(pc_snapper_drain(g), PC_EILLEGAL, "nothing left to drain: PC_EILLEGAL");
    char *after = save(g);
    is_str(after, before, "the refused drain changed nothing");
    free(before);
    free(after);
    pc_snapper_free(g);
}

/* ---- end conditions, atomic failures --------------------------------------------------- */

static void test_end_and_atomic(void)
{
    /* a full column refuses the drop; the whole field full ends the game */
    char text[2048];
    size_t k = (size_t)snprintf(text, sizeof text, "puzzlecore-snapper 1\ncolours 2\nsource list\nlist I:1122 I:1122\n");
    for (int y = H - 1; y >= 0; y--)
        k += (size_t)snprintf(text + k, sizeof text - k, "row %d NS:1122 NS:1122 NS:1122 NS:1122 %s\n", y,
                              y == H - 1 ? "." : "NS:1122");
    pc_snapper *g = load(text);
    ok(g != NULL, "nearly full field loads");
    if (!g)
        return;
    char *before = save(g);
    is_int(pc_snapper_move_to(g, 0), PC_OK, "move to the full column");
    free(before);
    before = save(g);
    is_int(pc_snapper_check(g, 0, 2), PC_EILLEGAL, "check: the full column refuses every turn");
    is_int(pc_snapper_check(g, 5, 0), PC_EINVAL, "check: a column outside the field");
    is_int(pc_snapper_check(g, 1, 4), PC_EINVAL, "check: turns outside 0..3");
    is_int(pc_snapper_drop(g), PC_EILLEGAL, "a full column refuses the drop");
    char *after = save(g);
    is_str(after, before, "refused drop changed nothing");
    free(after);
    is_int(pc_snapper_move_to(g, 5), PC_EINVAL, "column 5 is outside the field");
    is_int(pc_snapper_move_to(g, -1), PC_EINVAL, "column -1 is outside the field");
    is_int(pc_snapper_play(g, 4, 4), PC_EINVAL, "4 turns refused by play");
    is_int(pc_snapper_play(g, 7, 0), PC_EINVAL, "play to column 7 refused");
    after = save(g);
    is_str(after, before, "refused moves changed nothing");
    free(after);
    free(before);
    is_int(pc_snapper_play(g, 4, 0), PC_OK, "the last free cell takes the piece");
    is_int(pc_snapper_is_over(g), 1, "no column can take a piece: over");
    is_int(pc_snapper_end_reason(g), PC_SNAPPER_BLOCKED, "reason: blocked");
    int32_t v[6], kind;
    pc_snapper_event(g, pc_snapper_event_count(g) - 1, &kind, v, NULL);
    ok(kind == PC_SNAPPER_EV_OVER && v[0] == PC_SNAPPER_BLOCKED, "the log ends with game over");
    before = save(g);
    is_int(pc_snapper_drop(g), PC_EOVER, "drop after the end: PC_EOVER");
    is_int(pc_snapper_drain(g), PC_EOVER, "drain after the end: PC_EOVER");
    is_int(pc_snapper_check(g, 1, 0), PC_EOVER, "check after the end: PC_EOVER");
    is_int(pc_snapper_check_drain(g), PC_EOVER, "check_drain after the end: PC_EOVER");
    is_int(pc_snapper_check(NULL, 0, 0), PC_EINVAL, "check: NULL");
    is_int(pc_snapper_check_drain(NULL), PC_EINVAL, "check_drain: NULL");
    is_int(pc_snapper_rotate(g, 1), PC_EOVER, "rotate after the end: PC_EOVER");
    is_int(pc_snapper_move_to(g, 1), PC_EOVER, "move after the end: PC_EOVER");
    is_int(pc_snapper_play(g, 1, 0), PC_EOVER, "play after the end: PC_EOVER");
    after = save(g);
    is_str(after, before, "moves after the end changed nothing");
    free(after);
    free(before);
    pc_snapper_free(g);

    /* the target number of figures ends the game */
    g = load("puzzlecore-snapper 1\ncolours 3\ntarget 1\nsource list\nlist SW:2212 I:3333\n"
             "row 1 ES:2122 . . . .\nrow 0 NE:1222 NW:2221 . . .\n");
    pc_snapper_play(g, 1, 0);
    ok(pc_snapper_is_over(g) && pc_snapper_end_reason(g) == PC_SNAPPER_TARGET_MET, "target of 1 figure met: over");
    pc_snapper_free(g);

    /* a standard game ends after 20 */
    g = load("puzzlecore-snapper 1\ncolours 3\nfigures 19\nsource list\nlist SW:2212 I:3333\n"
             "row 1 ES:2122 . . . .\nrow 0 NE:1222 NW:2221 . . .\n");
    is_int(pc_snapper_target(g), 20, "the default target is 20 figures");
    pc_snapper_play(g, 1, 0);
    ok(pc_snapper_end_reason(g) == PC_SNAPPER_TARGET_MET && pc_snapper_figures(g) == 20, "20th figure ends it");
    pc_snapper_free(g);

    /* an explicit list that runs out ends the game */
    char err[100];
    is_int(pc_snapper_new_list("I:1122 L:1222", 13, 2, err, sizeof err, &g), PC_OK, "list game");
    int32_t arms;
    is_int(pc_snapper_piece(g, 1, &arms, NULL), 1, "the next piece is visible");
    is_int(arms, PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_E, "next is the L");
    pc_snapper_play(g, 0, 0);
    is_int(pc_snapper_piece(g, 1, NULL, NULL), 0, "no piece after the last");
    is_int(pc_snapper_is_over(g), 0, "still playing the last piece");
    pc_snapper_play(g, 4, 0);
    is_int(pc_snapper_end_reason(g), PC_SNAPPER_NO_PIECES, "list exhausted: over");
    pc_snapper_free(g);

    /* bad arguments */
    is_int(pc_snapper_new(7, 1, &g), PC_EINVAL, "bad preset refused");
    int32_t w0[4] = {0, 0, 0, 0}, w1[4] = {1, 1, 1, 1};
    is_int(pc_snapper_new_custom(w0, 3, 20, 1, &g), PC_ERANGE, "all-zero weights refused");
    is_int(pc_snapper_new_custom(w1, 0, 20, 1, &g), PC_ERANGE, "0 colours refused");
    is_int(pc_snapper_new_custom(w1, 3, 0, 1, &g), PC_ERANGE, "target 0 refused");
    is_int(pc_snapper_cell(NULL, 0, 0, NULL, NULL), PC_EINVAL, "NULL handle refused");
    pc_snapper_new(PC_SNAPPER_CLASSIC, 1, &g);
    is_int(pc_snapper_cell(g, 5, 0, NULL, NULL), PC_EINVAL, "cell outside refused");
    is_int(pc_snapper_event(g, 0, NULL, NULL, NULL), PC_EINVAL, "no event before the first move");
    is_int(pc_snapper_drain(g), PC_EILLEGAL, "nothing to drain on an empty field");
    int32_t mv, col, tu;
    is_int(pc_snapper_suggest(g, NULL, &mv, &col, &tu, NULL), PC_OK, "a NULL budget: the defaults");
    {
        pc_budget cb;
        pc_budget_init(&cb, sizeof cb);
        pc_budget_cancel(&cb);
        is_int(pc_snapper_suggest(g, &cb, &mv, &col, &tu, NULL), PC_ECANCELLED, "a cancelled budget: PC_ECANCELLED");
        cb.size = 4;
        is_int(pc_snapper_suggest(g, &cb, &mv, &col, &tu, NULL), PC_EINVAL, "a budget with a bad size refused");
    }
    pc_snapper_free(g);
    pc_snapper_free(NULL);
}

/* ---- save, load, clone ----------------------------------------------------------------- */

static void test_save_load(void)
{
    pc_snapper *g = NULL, *h = NULL, *c = NULL;
    pc_snapper_new(PC_SNAPPER_CLASSIC, 42, &g);
    for (int i = 0; i < 6; i++)
        pc_snapper_play(g, i % W, i % 4);
    char *s = save(g);
    ok(s && strncmp(s, "puzzlecore-snapper 1\n", 21) == 0, "save starts with the format line");
    h = load(s);
    ok(h != NULL, "saved game loads");
    char *s2 = h ? save(h) : NULL;
    is_str(s2, s, "save/load round trip");
    is_int(pc_snapper_clone(g, &c), PC_OK, "clone");
    /* all three continue identically */
    for (int i = 0; i < 5; i++) {
        pc_snapper_play(g, (i * 3) % W, 1);
        pc_snapper_play(h, (i * 3) % W, 1);
        pc_snapper_play(c, (i * 3) % W, 1);
    }
    char *a = save(g), *b = save(h), *d = save(c);
    is_str(b, a, "the loaded game continues like the original");
    is_str(d, a, "the clone continues like the original");
    is_int(pc_snapper_event_count(c), pc_snapper_event_count(g), "the clone's event log follows");
    pc_snapper_rotate(c, 1);
    char *e = save(c), *f = save(g);
    ok(strcmp(e, a) != 0 && strcmp(f, a) == 0, "changing the clone leaves the original alone");
    free(f);
    free(s);
    free(s2);
    free(a);
    free(b);
    free(d);
    free(e);
    pc_snapper_free(h);
    pc_snapper_free(c);

    size_t n = 0;
    is_int(pc_snapper_save(g, NULL, 0, &n), PC_OK, "size query (cap 0: PC_OK)");
    char small[8];
    size_t n2 = 0;
    is_int(pc_snapper_save(g, small, sizeof small, &n2), PC_ESPACE, "small buffer: PC_ESPACE");
    ok(n2 == n && small[7] == '\0', "length given, text cut and terminated");
    pc_snapper_free(g);

    /* the seed decides the pieces */
    pc_snapper *x, *y;
    pc_snapper_new(PC_SNAPPER_HARD, 7, &x);
    pc_snapper_new(PC_SNAPPER_HARD, 7, &y);
    int same = 1;
    for (int i = 0; i < 30; i++) {
        int32_t a1, a2, c1[4], c2[4];
        pc_snapper_piece(x, 0, &a1, c1);
        pc_snapper_piece(y, 0, &a2, c2);
        same &= a1 == a2 && memcmp(c1, c2, sizeof c1) == 0;
        if (pc_snapper_play(x, i % W, 0) || pc_snapper_play(y, i % W, 0)) {
            if (pc_snapper_drain(x) == PC_OK)
                pc_snapper_drain(y);
        }
    }
    ok(same, "the same seed deals the same pieces");
    pc_snapper_free(x);
    pc_snapper_free(y);

    /* weights and colours drive the generator */
    int32_t only_plus[4] = {0, 0, 0, 1}, only_i[4] = {1, 0, 0, 0};
    pc_snapper_new_custom(only_plus, 1, 20, 3, &x);
    pc_snapper_new_custom(only_i, 8, 20, 3, &y);
    int plus = 1, ii = 1, colours_ok = 1, seen8 = 0;
    for (int i = 0; i < 40; i++) {
        int32_t arms, cc[4];
        pc_snapper_piece(x, 0, &arms, cc);
        plus &= arms == 15 && cc[0] == 1 && cc[1] == 1 && cc[2] == 1 && cc[3] == 1;
        pc_snapper_piece(y, 0, &arms, cc);
        ii &= pc_snapper_piece_type(arms) == PC_SNAPPER_I;
        for (int q = 0; q < 4; q++) {
            colours_ok &= cc[q] >= 1 && cc[q] <= 8;
            seen8 |= cc[q] == 8;
        }
        /* keep the field low: drain when a move is refused */
        if (pc_snapper_play(x, i % W, 0) != PC_OK)
            pc_snapper_drain(x);
        if (pc_snapper_play(y, i % W, 0) != PC_OK)
            pc_snapper_drain(y);
    }
    ok(plus, "weights 0:0:0:1 with 1 colour deal only one-colour + pieces");
    ok(ii && colours_ok && seen8, "weights 1:0:0:0 deal only I pieces, colours 1..8");
    pc_snapper_free(x);
    pc_snapper_free(y);

    /* a list game saves the pieces still to come, and the next piece becomes
     * the current one */
    char err[100];
    static const char list[] = "I:1122 L:1222 T:1233 +:1234 EW:1221";
    is_int(pc_snapper_new_list(list, strlen(list), 4, err, sizeof err, &x), PC_OK, "list game");
    pc_snapper_play(x, 0, 0);
    int32_t arms;
    pc_snapper_piece(x, 0, &arms, NULL);
    is_int(arms, PC_SNAPPER_ARM_N | PC_SNAPPER_ARM_E, "after a drop the next piece (the L) is current");
    char *ls = save(x);
    ok(ls && strstr(ls, "\nsource list\n") && strstr(ls, "\nnext NES:1233\n") && strstr(ls, "\nlist NESW:1234 EW:1221\n"),
       "the save holds the rest of the list");
    y = load(ls);
    char *ls2 = y ? save(y) : NULL;
    is_str(ls2, ls, "list game round trip");
    pc_snapper *z = NULL;
    pc_snapper_clone(x, &z);
    for (int i = 0; i < 4; i++) {
        pc_snapper_play(x, i, 1);
        pc_snapper_play(z, i, 1);
    }
    ok(pc_snapper_end_reason(x) == PC_SNAPPER_NO_PIECES && pc_snapper_end_reason(z) == PC_SNAPPER_NO_PIECES &&
           pc_snapper_drops(z) == 5,
       "the clone of a list game plays out the same list");
    free(ls);
    free(ls2);
    pc_snapper_free(x);
    pc_snapper_free(y);
    pc_snapper_free(z);

    /* load errors */
    static const struct {
        const char *text, *want;
    } bad[] = {
        {"puzzlecore-snapper 2\n", "line 1"},
        {"puzzlecore-snapper 1\n", "missing key 'colours'"},
        {"puzzlecore-snapper 1\ncolours 3\nfoo 1\n", "line 3, column 1: unknown key"},
        {"puzzlecore-snapper 1\ncolours 3\nrow 1 I:1122 . . . .\n", "floats"},
        {"puzzlecore-snapper 1\ncolours 3\nrow 0 I:1122 . . . Q:1\n", "line 3, column 20"},
        {"puzzlecore-snapper 1\ncolours 3\nsource list\nlist SW:2212\nrow 1 ES:2122 SW:2212 . . .\n"
         "row 0 NE:1222 NW:2221 . . .\n",
         "closed figure"},
        {"puzzlecore-snapper 1\ncolours 2\nrow 0 I:1133 . . . .\n", "colour above 2"},
        {"puzzlecore-snapper 1\ncolours 2\nrow 0 I:0000 . . . .\n", "without colour"},
        {"puzzlecore-snapper 1\ncolours 2\ncolours 2\n", "given twice"},
        {"puzzlecore-snapper 1\ncolours 2\nlist I:1122\n", "needs 'source list'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char msg[200] = "";
        pc_snapper *none = NULL;
        int32_t rc = pc_snapper_load(bad[i].text, strlen(bad[i].text), msg, sizeof msg, &none);
        ok(rc == PC_EPARSE && none == NULL && strstr(msg, bad[i].want), "bad save %d refused: %s", (int)i, msg);
    }
}

/* ---- random play invariants ------------------------------------------------------------- */

static int coloured_quarters(const pc_snapper *g, int *pieces)
{
    int n = 0;
    *pieces = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int32_t c[4];
            if (pc_snapper_cell(g, x, y, NULL, c) == 1) {
                (*pieces)++;
                for (int q = 0; q < 4; q++)
                    n += c[q] != 0;
            }
        }
    return n;
}

static int rests(const pc_snapper *g)
{
    for (int x = 0; x < W; x++) {
        int h = pc_snapper_column_height(g, x);
        for (int y = 0; y < H; y++)
            if ((pc_snapper_cell(g, x, FLOOR(y), NULL, NULL) == 1) != (y < h))
                return 0;
    }
    return 1;
}

static void test_random_play(void)
{
    int sum_ok = 1, rest_ok = 1, conserve_ok = 1, pieces_ok = 1, figures_ok = 1, moves = 0, games = 0;
    int figures_seen = 0, cascades = 0, multi = 0, closed_at_rest = 0;
    pc_rng *rng = NULL;
    pc_rng_new(2024, &rng);
    for (int preset = 0; preset < PC_SNAPPER_PRESETS; preset++)
        for (uint64_t seed = 1; seed <= 8; seed++) {
            pc_snapper *g = NULL;
            pc_snapper_new(preset, seed, &g);
            games++;
            for (int step = 0; step < 150 && !pc_snapper_is_over(g); step++) {
                int pieces0, col0 = coloured_quarters(g, &pieces0);
                int64_t score0 = sn_units(g);
                int32_t figs0 = pc_snapper_figures(g);
                int32_t arms, c[4];
                pc_snapper_piece(g, 0, &arms, c);
                uint64_t r = 0;
                pc_rng_uniform(rng, 12, &r);
                int32_t rc;
                int dropped = 0;
                if (r == 0 && pc_snapper_drain(g) == PC_OK) {
                    rc = PC_OK;
                } else {
                    uint64_t col = 0, t = 0;
                    pc_rng_uniform(rng, W, &col);
                    pc_rng_uniform(rng, 4, &t);
                    rc = pc_snapper_play(g, (int32_t)col, (int32_t)t);
                    if (rc == PC_EILLEGAL)
                        rc = pc_snapper_drain(g);
                    else
                        dropped = rc == PC_OK;
                }
                if (rc != PC_OK)
                    break;
                moves++;
                sum_ok &= event_sum(g) == sn_units(g) - score0;
                rest_ok &= rests(g);
                /* coloured quarters: + 4 for the piece, - those whitened */
                int whitened = 0, removed = 0, figs = 0;
                for (int32_t i = 0; i < pc_snapper_event_count(g); i++) {
                    int32_t kind, v[6];
                    pc_snapper_event(g, i, &kind, v, NULL);
                    if (kind == PC_SNAPPER_EV_FIGURE) {
                        whitened += v[2] - v[3];
                        figs++;
                        cascades += v[0] > 0;
                        multi += v[1] > 1;
                    } else if (kind == PC_SNAPPER_EV_DRAINED) {
                        whitened += v[0];
                    } else if (kind == PC_SNAPPER_EV_REMOVED) {
                        removed++;
                    }
                }
                figures_seen += figs;
                int pieces1, col1 = coloured_quarters(g, &pieces1);
                conserve_ok &= col1 == col0 + 4 * dropped - whitened;
                pieces_ok &= pieces1 == pieces0 + dropped - removed;
                figures_ok &= pc_snapper_figures(g) == figs0 + figs;
                /* the field at rest holds no closed figure: a reload (which
                 * refuses one) succeeds */
                char *t = save(g);
                pc_snapper *back = NULL;
                closed_at_rest += pc_snapper_load(t, strlen(t), NULL, 0, &back) != PC_OK;
                pc_snapper_free(back);
                free(t);
            }
            pc_snapper_free(g);
        }
    pc_rng_free(rng);
    printf("# %d games, %d moves, %d figures (%d cascades, %d simultaneous)\n", games, moves, figures_seen,
           cascades, multi);
    ok(moves > 500, "random play made %d moves", moves);
    ok(sum_ok, "the score always changes by the sum of the events");
    ok(rest_ok, "no piece ever floats");
    ok(conserve_ok, "coloured quarters are conserved until cleared or drained");
    ok(pieces_ok, "pieces: one more per drop, one less per removal");
    ok(figures_ok, "the figure count follows the FIGURE events");
    ok(closed_at_rest == 0, "after every move the field rests with no closed figure (reload accepts it)");
}

/* ---- storyboard: a seeded game under a seeded move policy (integers only,
 * so the outcome is the same on every platform) --------------------------------- */

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 14695981039346656037ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static void storyboard(uint64_t seed, int32_t preset, int moves, int64_t *units, int32_t *figures, int32_t *drains,
                       uint64_t *hash)
{
    pc_snapper *g = NULL;
    pc_rng *rng = NULL;
    pc_snapper_new(preset, seed, &g);
    pc_rng_new(seed ^ 0x5eed, &rng);
    for (int i = 0; i < moves && !pc_snapper_is_over(g); i++) {
        uint64_t r = 0, col = 0, t = 0;
        pc_rng_uniform(rng, 10, &r);
        pc_rng_uniform(rng, W, &col);
        pc_rng_uniform(rng, 4, &t);
        if (r == 0 && pc_snapper_drain(g) == PC_OK)
            continue;
        if (pc_snapper_play(g, (int32_t)col, (int32_t)t) == PC_EILLEGAL)
            pc_snapper_drain(g);
    }
    *units = sn_units(g);
    *figures = pc_snapper_figures(g);
    *drains = pc_snapper_drains(g);
    char *s = save(g);
    *hash = s ? fnv1a(s) : 0;
    free(s);
    pc_rng_free(rng);
    pc_snapper_free(g);
}

static void test_storyboard(void)
{
    int64_t u;
    int32_t f, d;
    uint64_t h;
    storyboard(42, PC_SNAPPER_CLASSIC, 200, &u, &f, &d, &h);
    ok(u == -51 * U && f == 8 && d == 22, "storyboard classic/42: -51 points, 8 figures, 22 drains");
    is_int((int64_t)(h == 0xac5494c93517739eULL), 1, "storyboard classic/42: the final save is the recorded one");
    storyboard(7, PC_SNAPPER_HARD, 200, &u, &f, &d, &h);
    ok(u == -724080 && f == 3 && d == 19, "storyboard hard/7: -143.67 points, 3 figures, 19 drains");
    is_int((int64_t)(h == 0x2f190a2fe3da9298ULL), 1, "storyboard hard/7: the final save is the recorded one");
}

/* ---- advisor ----------------------------------------------------------------------------- */

static void test_advisor(void)
{
    /* the closing L comes turned: the advisor must find column 1 and the turn */
    pc_snapper *g = load("puzzlecore-snapper 1\ncolours 3\nsource list\nlist NE:1222 I:3333\n"
                         "row 1 ES:2122 . . . .\nrow 0 NE:1222 NW:2221 . . .\n");
    int32_t mv = -1, col = -1, tu = -1;
    double val = 0;
    is_int(pc_snapper_suggest(g, nodes(5000), &mv, &col, &tu, &val), PC_OK, "suggest");
    ok(mv == PC_SNAPPER_MOVE_DROP && col == 1 && tu == 2, "it closes the loop: column 1, two turns (%d %d %d)",
       (int)mv, (int)col, (int)tu);
    ok(val > 20, "its estimate counts the figure (%.1f)", val);
    is_int(pc_snapper_greedy(g, &mv, &col, &tu), PC_OK, "greedy");
    ok(mv == PC_SNAPPER_MOVE_DROP && col == 1 && tu == 2, "greedy sees the immediate figure too");
    is_int(pc_snapper_suggest(g, nodes(1), &mv, &col, &tu, NULL), PC_OK, "a tiny budget still answers");
    char *before = save(g);
    char *after = save(g);
    is_str(after, before, "suggest does not change the game");
    free(before);
    free(after);
    pc_snapper_free(g);

    /* a short advised game stays legal throughout */
    pc_snapper_new(PC_SNAPPER_EASY, 5, &g);
    int legal = 1;
    for (int i = 0; i < 25 && !pc_snapper_is_over(g); i++) {
        if (pc_snapper_suggest(g, nodes(400), &mv, &col, &tu, NULL) != PC_OK) {
            legal = 0;
            break;
        }
        int32_t rc = mv == PC_SNAPPER_MOVE_DRAIN ? pc_snapper_drain(g) : pc_snapper_play(g, col, tu);
        legal &= rc == PC_OK;
    }
    ok(legal, "25 advised moves are all legal");
    pc_snapper_free(g);
}

static void test_render(void)
{
    pc_snapper *g = load(LOOP);
    size_t n = 0;
    pc_snapper_render(g, NULL, 0, &n);
    char *s = malloc(n + 1);
    pc_snapper_render(g, s, n + 1, &n);
    ok(strstr(s, "\n|2|1            |\n") != NULL, "render shows the upper-left L");
    ok(strstr(s, "+---------------+") != NULL, "render frames the field");
    free(s);
    pc_snapper_free(g);
}

int main(void)
{
    test_pieces();
    test_loop();
    test_white_and_colours();
    test_cascades();
    test_two_at_once();
    test_drain();
    test_end_and_atomic();
    test_save_load();
    test_random_play();
    test_storyboard();
    test_advisor();
    test_render();
    return done_testing();
}
