/*
 * Nonogram solving: the line solver against brute force, the grid solver's
 * answers (none / unique / several, budgets), grades, hints, consistency,
 * mistakes and the generator.  Public API only.
 */
#include <puzzlecore/puzzlecore.h>

#include "tap.h"

/* ---- helpers ------------------------------------------------------------------ */

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

/* Clues of a 0/1 grid in the solver's layout (rows then columns). */
typedef struct {
    int32_t w, h;
    int32_t rc[300], rcl[300 * 151], cc[300], ccl[300 * 151];
} clues_t;

static void make_clues(const uint8_t *g, int32_t w, int32_t h, clues_t *c)
{
    size_t tot = 0;
    c->w = w;
    c->h = h;
    pc_nonogram_grid_clues(g, w, h, PC_NONOGRAM_ROWS, c->rc, c->rcl, sizeof c->rcl / sizeof c->rcl[0], &tot);
    pc_nonogram_grid_clues(g, w, h, PC_NONOGRAM_COLS, c->cc, c->ccl, sizeof c->ccl / sizeof c->ccl[0], &tot);
}

/* 1 when the 0/1 grid meets the clues. */
static int meets(const uint8_t *g, const clues_t *c)
{
    clues_t d;
    make_clues(g, c->w, c->h, &d);
    size_t nr = 0, nc = 0;
    for (int32_t i = 0; i < c->h; i++) {
        if (d.rc[i] != c->rc[i])
            return 0;
        nr += (size_t)c->rc[i];
    }
    for (int32_t i = 0; i < c->w; i++) {
        if (d.cc[i] != c->cc[i])
            return 0;
        nc += (size_t)c->cc[i];
    }
    return memcmp(d.rcl, c->rcl, nr * sizeof(int32_t)) == 0 && memcmp(d.ccl, c->ccl, nc * sizeof(int32_t)) == 0;
}

static int32_t solve(const clues_t *c, const uint8_t *givens, int32_t limit, uint8_t *sol, size_t cap,
                     int64_t *st)
{
    return pc_nonogram_solve_clues(c->w, c->h, c->rc, c->rcl, c->cc, c->ccl, givens, limit, NULL, sol, cap, st, PC_NONOGRAM_STAT_COUNT);
}

/* Brute force: which values can each cell take over all arrangements? */
static int brute_line(const int32_t *cl, int32_t k, const uint8_t *cells, int32_t n, uint8_t *out)
{
    int seen_f[32] = {0}, seen_e[32] = {0}, any = 0;
    for (uint32_t m = 0; m < (1u << n); m++) {
        int ok = 1;
        for (int32_t i = 0; i < n && ok; i++) {
            int f = (m >> i) & 1;
            if ((cells[i] == 1 && !f) || (cells[i] == 2 && f))
                ok = 0;
        }
        if (!ok)
            continue;
        int32_t got[32], gk = 0, run = 0;
        for (int32_t i = 0; i <= n; i++) {
            if (i < n && ((m >> i) & 1))
                run++;
            else if (run) {
                got[gk++] = run;
                run = 0;
            }
        }
        if (gk != k)
            continue;
        for (int32_t j = 0; j < k && ok; j++)
            ok = got[j] == cl[j];
        if (!ok)
            continue;
        any = 1;
        for (int32_t i = 0; i < n; i++) {
            if ((m >> i) & 1)
                seen_f[i] = 1;
            else
                seen_e[i] = 1;
        }
    }
    if (!any)
        return -1;
    for (int32_t i = 0; i < n; i++)
        out[i] = seen_f[i] && seen_e[i] ? 0 : seen_f[i] ? 1 : 2;
    return 0;
}

/* ---- line solver ---------------------------------------------------------------- */

static void test_line(void)
{
    int32_t c11[] = {1, 1}, c31[] = {3, 1};
    uint8_t in[8] = {1, 0, 0, 0}, out[8];
    is_int(pc_nonogram_solve_line(c11, 2, in, 4, out), 1, "1.1 on #...: one cell settled");
    ok(out[0] == 1 && out[1] == 2 && out[2] == 0 && out[3] == 0, "#x.. as expected");
    memset(in, 0, sizeof in);
    is_int(pc_nonogram_solve_line(c31, 2, in, 5, out), 5, "3.1 in 5 cells settles all");
    ok(out[0] == 1 && out[1] == 1 && out[2] == 1 && out[3] == 2 && out[4] == 1, "###x#");
    uint8_t bad[5] = {2, 0, 0, 0, 0};
    memset(out, 7, sizeof out);
    is_int(pc_nonogram_solve_line(c31, 2, bad, 5, out), PC_EILLEGAL, "3.1 cannot fit after a cross");
    ok(out[0] == 7 && out[4] == 7, "a contradiction writes nothing");
    int32_t zero[] = {0};
    uint8_t e3[3] = {0, 0, 0};
    is_int(pc_nonogram_solve_line(zero, 1, e3, 3, out), 3, "clue 0 crosses the line");
    ok(out[0] == 2 && out[1] == 2 && out[2] == 2, "all crossed");
    is_int(pc_nonogram_solve_line(NULL, 0, e3, 3, out), 3, "no clue at all: same");
    uint8_t f1[3] = {0, 1, 0};
    is_int(pc_nonogram_solve_line(zero, 1, f1, 3, out), PC_EILLEGAL, "clue 0 with a filled cell");
    is_int(pc_nonogram_solve_line(c11, 2, e3, 0, out), PC_EINVAL, "length 0 refused");
    is_int(pc_nonogram_solve_line(c11, 2, NULL, 3, out), PC_EINVAL, "NULL cells refused");
    int32_t neg[] = {-1};
    is_int(pc_nonogram_solve_line(neg, 1, e3, 3, out), PC_EINVAL, "negative clue refused");
    uint8_t v3[3] = {0, 3, 0};
    is_int(pc_nonogram_solve_line(c11, 2, v3, 3, out), PC_EINVAL, "cell value 3 refused");
    is_int(pc_nonogram_solve_line(c11, 2, e3, PC_NONOGRAM_MAX_SIDE + 1, out), PC_ERANGE, "too long a line");
    /* in place */
    uint8_t inpl[4] = {1, 0, 0, 0};
    pc_nonogram_solve_line(c11, 2, inpl, 4, inpl);
    ok(inpl[1] == 2, "out may be the input");

    /* against brute force: 3000 random lines of up to 14 cells */
    uint64_t seed = 12345;
    int agree = 1, cases = 0;
    for (int t = 0; t < 3000 && agree; t++) {
        int32_t n = 1 + (int32_t)(lcg(&seed) % 14);
        uint8_t pic[16], cells[16], o1[16], o2[16];
        for (int32_t i = 0; i < n; i++)
            pic[i] = lcg(&seed) % 2;
        int32_t cl[16], k = 0, cnt = 0;
        pc_nonogram_line_clues(pic, n, 1, cl, 16, &cnt);
        k = cnt;
        if (lcg(&seed) % 4 == 0 && k > 0) /* sometimes clues of another picture */
            cl[0] = 1 + (int32_t)(lcg(&seed) % (uint64_t)n);
        for (int32_t i = 0; i < n; i++) {
            uint64_t r = lcg(&seed) % 6;
            cells[i] = r == 0 ? 1 : r == 1 ? 2 : 0;
        }
        int32_t kk = (k == 1 && cl[0] == 0) ? 0 : k;
        int b = brute_line(cl, kk, cells, n, o1);
        int32_t r = pc_nonogram_solve_line(cl, k, cells, n, o2);
        if (b < 0)
            agree = r == PC_EILLEGAL;
        else
            agree = r >= 0 && memcmp(o1, o2, (size_t)n) == 0;
        cases++;
    }
    ok(agree, "line solver equals brute force on %d random lines", cases);

    /* a long line (> 255 cells, where byte positions would overflow) */
    enum { L = 1000 };
    static uint8_t lc[L], lo[L];
    int32_t big[] = {300, 200, 299};
    is_int(pc_nonogram_solve_line(big, 3, lc, L, lo), 202, "1000 cells: 202 settled by overlap");
    int overlap = 1;
    /* slack = 1000 - (300+200+299+2) = 199: block cores are [199,300), [500,501), [701,801) */
    for (int32_t i = 0; i < L; i++) {
        int want = (i >= 199 && i < 300) || (i >= 500 && i < 501) || (i >= 701 && i < 801);
        if ((lo[i] == 1) != want)
            overlap = 0;
    }
    ok(overlap, "long line: overlap cores right");
}

/* ---- grid solver ------------------------------------------------------------------ */

static void test_grid(void)
{
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    /* Tatham's example 4x4:2/1/2/1/1.1/2/1/1 (line logic alone is stuck) */
    int32_t rcn[] = {2, 1, 1, 1}, rcl[] = {1, 1, 2, 1, 1}, ccn[] = {1, 1, 1, 1}, ccl[] = {2, 1, 2, 1};
    uint8_t sol[64];
    is_int(pc_nonogram_solve_clues(4, 4, rcn, rcl, ccn, ccl, NULL, 2, NULL, sol, sizeof sol, st, PC_NONOGRAM_STAT_COUNT), 1,
           "Tatham 4x4: unique");
    is_int(st[PC_NONOGRAM_STAT_GRADE], PC_NONOGRAM_GRADE_PROBE, "Tatham 4x4 needs probing");
    ok(st[PC_NONOGRAM_STAT_LINE_CELLS] < 16, "line logic leaves cells open (%d settled)",
       (int)st[PC_NONOGRAM_STAT_LINE_CELLS]);
    is_int(st[PC_NONOGRAM_STAT_NODES], 0, "no search needed");
    static const uint8_t want[16] = {1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0};
    ok(memcmp(sol, want, 16) == 0, "Tatham 4x4 solution");
    ok(st[PC_NONOGRAM_STAT_MEMORY] > 0 && st[PC_NONOGRAM_STAT_MEMORY] < (1 << 24), "memory reported (%lld bytes)",
       (long long)st[PC_NONOGRAM_STAT_MEMORY]);

    /* no solution, though rows and columns have the same total */
    int32_t n_rc[] = {1, 1}, n_rcl[] = {2, 0}, n_cc[] = {1, 1}, n_ccl[] = {0, 2};
    is_int(pc_nonogram_solve_clues(2, 2, n_rc, n_rcl, n_cc, n_ccl, NULL, 2, NULL, NULL, 0, st, PC_NONOGRAM_STAT_COUNT), 0,
           "no solution");
    is_int(st[PC_NONOGRAM_STAT_GRADE], PC_NONOGRAM_GRADE_NONE, "grade NONE");
    /* clues that cannot fit their line: no solution, not an error */
    int32_t f_rc[] = {1, 1}, f_rcl[] = {3, 0}, f_cc[] = {1, 1}, f_ccl[] = {1, 1};
    is_int(pc_nonogram_solve_clues(2, 2, f_rc, f_rcl, f_cc, f_ccl, NULL, 2, NULL, NULL, 0, NULL, 0), 0,
           "a clue longer than its line: no solution");

    /* exactly two: the diagonals of a 2x2 */
    int32_t d_rc[] = {1, 1}, d_rcl[] = {1, 1}, d_cc[] = {1, 1}, d_ccl[] = {1, 1};
    uint8_t two[8];
    is_int(pc_nonogram_solve_clues(2, 2, d_rc, d_rcl, d_cc, d_ccl, NULL, 5, NULL, two, sizeof two, st, PC_NONOGRAM_STAT_COUNT), 2,
           "2x2 diagonals: exactly two (limit 5)");
    ok(memcmp(two, two + 4, 4) != 0 && two[0] + two[1] + two[2] + two[3] == 2 && two[0] != two[1] &&
           two[0] == two[3],
       "both diagonals written");
    is_int(st[PC_NONOGRAM_STAT_GRADE], PC_NONOGRAM_GRADE_SEARCH, "several solutions grade SEARCH");
    is_int(pc_nonogram_solve_clues(2, 2, d_rc, d_rcl, d_cc, d_ccl, NULL, 1, NULL, two, sizeof two, NULL, 0), 1,
           "limit 1 stops at the first");
    /* a given picks one */
    uint8_t giv[4] = {1, 0, 0, 0};
    is_int(pc_nonogram_solve_clues(2, 2, d_rc, d_rcl, d_cc, d_ccl, giv, 2, NULL, two, sizeof two, NULL, 0), 1,
           "a given makes it unique");
    ok(two[0] == 1 && two[3] == 1, "the given's diagonal");
    uint8_t badg[4] = {1, 1, 0, 0};
    is_int(pc_nonogram_solve_clues(2, 2, d_rc, d_rcl, d_cc, d_ccl, badg, 2, NULL, NULL, 0, NULL, 0), 0,
           "contradicting givens: none");
    uint8_t badv[4] = {9, 0, 0, 0};
    is_int(pc_nonogram_solve_clues(2, 2, d_rc, d_rcl, d_cc, d_ccl, badv, 2, NULL, NULL, 0, NULL, 0), PC_EINVAL,
           "a given of 9 refused");

    /* bad arguments */
    int32_t z_rcl[] = {0, 1};
    int32_t z_rc[] = {2, 0};
    is_int(pc_nonogram_solve_clues(2, 2, z_rc, z_rcl, d_cc, d_ccl, NULL, 2, NULL, NULL, 0, NULL, 0), PC_EINVAL,
           "a 0 among other clues refused");
    is_int(pc_nonogram_solve_clues(2, 2, d_rc, d_rcl, d_cc, d_ccl, NULL, 0, NULL, NULL, 0, NULL, 0), PC_EINVAL,
           "limit 0 refused");
    is_int(pc_nonogram_solve_clues(0, 2, d_rc, d_rcl, d_cc, d_ccl, NULL, 1, NULL, NULL, 0, NULL, 0), PC_EINVAL,
           "width 0 refused");
    is_int(pc_nonogram_solve_clues(2, 2, d_rc, d_rcl, d_cc, d_ccl, NULL, 1, NULL, NULL, 4, NULL, 0), PC_EINVAL,
           "NULL buffer with a capacity refused");

    /* random 20x20 puzzles (p = 1/2): every answer meets the clues; the
     * picture itself is among the solutions when unique */
    static clues_t c;
    static uint8_t pic[400], s2[800];
    uint64_t seed = 99;
    int good = 1, uniq = 0, mult = 0;
    for (int t = 0; t < 30 && good; t++) {
        for (int i = 0; i < 400; i++)
            pic[i] = lcg(&seed) & 1;
        make_clues(pic, 20, 20, &c);
        int32_t r = solve(&c, NULL, 2, s2, sizeof s2, st);
        good = r == 1 || r == 2;
        for (int32_t i = 0; i < r && good; i++)
            good = meets(s2 + 400 * i, &c);
        if (r == 1) {
            uniq++;
            good = good && memcmp(s2, pic, 400) == 0;
        }
        if (r == 2) {
            mult++;
            good = good && memcmp(s2, s2 + 400, 400) != 0;
        }
    }
    ok(good, "30 random 20x20: solutions meet the clues (%d unique, %d multiple)", uniq, mult);

    /* budgets: a node budget of 1 on a puzzle that needs search */
    seed = 7;
    int found_search = 0;
    for (int t = 0; t < 200 && !found_search; t++) {
        for (int i = 0; i < 400; i++)
            pic[i] = lcg(&seed) & 1;
        make_clues(pic, 20, 20, &c);
        if (solve(&c, NULL, 2, NULL, 0, st) >= 1 && st[PC_NONOGRAM_STAT_NODES] > 2)
            found_search = 1;
    }
    ok(found_search, "found a random puzzle that needs search");
    memset(s2, 0xAA, sizeof s2);
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 1;
    is_int(pc_nonogram_solve_clues(20, 20, c.rc, c.rcl, c.cc, c.ccl, NULL, 2, &b, s2, sizeof s2, st, PC_NONOGRAM_STAT_COUNT), PC_ELIMIT,
           "node budget 1: PC_ELIMIT");
    ok(s2[0] == 0xAA && s2[799] == 0xAA, "no solution written on PC_ELIMIT");
    ok(st[PC_NONOGRAM_STAT_NODES] >= 1, "stats still filled on PC_ELIMIT");
    b.max_nodes = 0;
    b.max_seconds = 1e-9;
    is_int(pc_nonogram_solve_clues(20, 20, c.rc, c.rcl, c.cc, c.ccl, NULL, 2, &b, s2, sizeof s2, st, PC_NONOGRAM_STAT_COUNT), PC_ELIMIT,
           "time budget of a nanosecond: PC_ELIMIT");
    b.max_seconds = 0;
    b.size = 4;
    is_int(pc_nonogram_solve_clues(20, 20, c.rc, c.rcl, c.cc, c.ccl, NULL, 2, &b, s2, sizeof s2, st, PC_NONOGRAM_STAT_COUNT), PC_EINVAL,
           "a budget whose size is too small: PC_EINVAL");

    /* working memory is bounded (256 MiB): a 4000 x 4000 grid is refused
     * before anything is allocated */
    {
        int32_t *ones = malloc(sizeof(int32_t) * 4000), *zeros = calloc(4000, sizeof(int32_t));
        for (int i = 0; i < 4000; i++)
            ones[i] = 1;
        is_int(pc_nonogram_solve_clues(4000, 4000, ones, zeros, ones, zeros, NULL, 1, NULL, NULL, 0, NULL, 0),
               PC_ERANGE, "4000 x 4000: PC_ERANGE (over the 256 MiB bound)");
        free(ones);
        free(zeros);
    }

    /* a wide puzzle: 300 x 4 (lines longer than 255 cells) */
    static uint8_t wide[1200], ws[2400];
    seed = 3;
    for (int i = 0; i < 1200; i++)
        wide[i] = (lcg(&seed) % 5) != 0;
    make_clues(wide, 300, 4, &c);
    int32_t r = solve(&c, NULL, 2, ws, sizeof ws, st);
    ok(r >= 1 && meets(ws, &c), "300x4 puzzle solved (%d solution(s), lines of 300 cells)", (int)r);
}

/* ---- the handle-level calls --------------------------------------------------------- */

static pc_nonogram *from_bits(int32_t w, int32_t h, const char *bits)
{
    pc_nonogram *g = NULL;
    pc_nonogram_new_from_solution(w, h, bits, strlen(bits), NULL, 0, &g);
    return g;
}

static char *saved(const pc_nonogram *g)
{
    size_t n = 0;
    pc_nonogram_save(g, NULL, 0, &n);
    char *s = malloc(n + 1);
    pc_nonogram_save(g, s, n + 1, &n);
    return s;
}

static void test_handle(void)
{
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    /* Tatham's 4x4 as a puzzle with its stored solution */
    pc_nonogram *g = from_bits(4, 4, "1001110000100010");
    ok(g != NULL, "Tatham 4x4 puzzle");
    uint8_t sol[32];
    is_int(pc_nonogram_solve(g, 2, NULL, sol, sizeof sol, st, PC_NONOGRAM_STAT_COUNT), 1, "pc_nonogram_solve: unique");
    is_int(pc_nonogram_grade(g, NULL, st, PC_NONOGRAM_STAT_COUNT), PC_NONOGRAM_GRADE_PROBE, "grade PROBE");
    ok(st[PC_NONOGRAM_STAT_PROBES] > 0, "probes counted (%lld)", (long long)st[PC_NONOGRAM_STAT_PROBES]);
    is_int(pc_nonogram_consistent(g, NULL), 1, "empty grid is consistent");

    /* hints replayed until solved: one step each, never a wrong cell */
    char *before = saved(g);
    int32_t x, y, v, axis, index, kinds[4] = {0, 0, 0, 0}, steps = 0, rc;
    while ((rc = pc_nonogram_hint(g, NULL, &x, &y, &v, &axis, &index)) > 0 && steps < 40) {
        kinds[rc]++;
        steps++;
        if (pc_nonogram_solution_cell(g, x, y) != (v == PC_NONOGRAM_FILLED))
            break;
        pc_nonogram_set_cell(g, x, y, v);
    }
    is_int(rc, PC_ENOTFOUND, "hints until no unknown cell is left");
    ok(pc_nonogram_is_solved(g) == 1, "the hints solved the puzzle in %d steps", (int)steps);
    ok(kinds[PC_NONOGRAM_HINT_LINE] > 0 && kinds[PC_NONOGRAM_HINT_PROBE] > 0,
       "line hints (%d) and at least one probe hint (%d)", kinds[1], kinds[2]);
    pc_nonogram_reset(g);
    char *after = saved(g);
    is_str(after, before, "reset grid saves as before");
    free(after);
    /* a hint does not change the puzzle */
    pc_nonogram_hint(g, NULL, &x, &y, &v, &axis, &index);
    after = saved(g);
    is_str(after, before, "pc_nonogram_hint changes nothing");
    free(after);
    free(before);
    ok(pc_nonogram_hint(g, NULL, NULL, NULL, NULL, NULL, NULL) > 0, "NULL out pointers accepted");

    /* on the empty grid no single line settles anything (the example's
     * point): the first hint is a probe, and names the line that breaks */
    rc = pc_nonogram_hint(g, NULL, &x, &y, &v, &axis, &index);
    is_int(rc, PC_NONOGRAM_HINT_PROBE, "first hint of Tatham's 4x4 is a probe");
    ok(axis == PC_NONOGRAM_ROWS || axis == PC_NONOGRAM_COLS, "names the line that refutes the other value");
    ok(pc_nonogram_solution_cell(g, x, y) == (v == PC_NONOGRAM_FILLED), "and the cell is right");

    /* a mistake: cell (1,0) should be empty */
    pc_nonogram_set_cell(g, 1, 0, PC_NONOGRAM_FILLED);
    is_int(pc_nonogram_consistent(g, NULL), 0, "a wrong filled cell: inconsistent");
    uint8_t marks[16];
    is_int(pc_nonogram_mistakes(g, marks, sizeof marks), 1, "one mistake");
    ok(marks[1] == 1 && marks[0] == 0, "at (1, 0)");
    is_int(pc_nonogram_mistakes(g, marks, 15), PC_ESPACE, "mistakes needs w*h bytes");
    rc = pc_nonogram_hint(g, NULL, &x, &y, &v, &axis, &index);
    ok(rc == PC_EILLEGAL || rc > 0, "hint on a wrong grid: %d", (int)rc);
    pc_nonogram_set_cell(g, 1, 0, PC_NONOGRAM_CROSSED);
    pc_nonogram_set_cell(g, 0, 0, PC_NONOGRAM_CROSSED);
    is_int(pc_nonogram_mistakes(g, marks, sizeof marks), 1, "a wrong cross is a mistake too");
    ok(marks[0] == 1, "at (0, 0)");
    /* a line that contradicts at once */
    pc_nonogram_reset(g);
    pc_nonogram_set_rect(g, 0, 1, 4, 1, PC_NONOGRAM_FILLED); /* row 1 is "2" */
    rc = pc_nonogram_hint(g, NULL, &x, &y, &v, &axis, &index);
    is_int(rc, PC_EILLEGAL, "hint: the grid contradicts a line");
    ok(axis == PC_NONOGRAM_ROWS && index == 1, "row 1 named");
    pc_nonogram_free(g);

    /* mistakes without a stored solution: from the clues */
    int32_t rcn[] = {2, 1, 1, 1}, rcl[] = {1, 1, 2, 1, 1}, ccn[] = {1, 1, 1, 1}, ccl[] = {2, 1, 2, 1};
    pc_nonogram_new_from_clues(4, 4, rcn, rcl, ccn, ccl, NULL, 0, &g);
    pc_nonogram_set_cell(g, 1, 0, PC_NONOGRAM_FILLED);
    uint8_t m2[16];
    is_int(pc_nonogram_mistakes(g, m2, sizeof m2), 1, "mistakes from the clues' unique solution");
    pc_nonogram_free(g);
    /* several solutions and no stored one: PC_ENOTFOUND */
    int32_t d_rc[] = {1, 1}, d_rcl[] = {1, 1};
    pc_nonogram_new_from_clues(2, 2, d_rc, d_rcl, d_rc, d_rcl, NULL, 0, &g);
    is_int(pc_nonogram_mistakes(g, m2, sizeof m2), PC_ENOTFOUND, "no unique solution: PC_ENOTFOUND");
    is_int(pc_nonogram_grade(g, NULL, st, PC_NONOGRAM_STAT_COUNT), PC_NONOGRAM_GRADE_SEARCH, "diagonals grade SEARCH");
    is_int(st[PC_NONOGRAM_STAT_SOLUTIONS], 2, "two solutions");
    rc = pc_nonogram_hint(g, NULL, &x, &y, &v, &axis, &index);
    is_int(rc, PC_NONOGRAM_HINT_SOLUTION, "no logic left: a cell from a solution");
    pc_nonogram_free(g);
    is_int(pc_nonogram_hint(NULL, NULL, &x, &y, &v, &axis, &index), PC_EINVAL, "NULL puzzle");
}

/* ---- generator ------------------------------------------------------------------------ */

static uint64_t fnv(const uint8_t *p, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211u;
    }
    return h;
}

static void test_generate(void)
{
    static uint8_t a[3600], b[3600], sols[7200];
    static clues_t c;
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    int good = 1, n = 0;
    for (int32_t grade = PC_NONOGRAM_GRADE_LINE; grade <= PC_NONOGRAM_GRADE_SEARCH; grade++) {
        for (uint64_t seed = 0; seed < 25; seed++) {
            int32_t w = 4 + (int32_t)(seed % 17), h = 3 + (int32_t)((seed * 7) % 19);
            int32_t r = pc_nonogram_generate_cells(w, h, seed, grade, NULL, a, sizeof a);
            if (r != PC_OK) {
                good = 0;
                diag("generator failed");
                break;
            }
            make_clues(a, w, h, &c);
            int32_t k = solve(&c, NULL, 2, sols, sizeof sols, st);
            if (k != 1 || st[PC_NONOGRAM_STAT_GRADE] > grade || memcmp(sols, a, (size_t)(w * h)) != 0) {
                good = 0;
                break;
            }
            n++;
        }
    }
    ok(good, "generator: %d puzzles, each unique and at or below its grade", n);
    pc_nonogram_generate_cells(30, 30, 42, PC_NONOGRAM_GRADE_LINE, NULL, a, sizeof a);
    pc_nonogram_generate_cells(30, 30, 42, PC_NONOGRAM_GRADE_LINE, NULL, b, sizeof b);
    ok(memcmp(a, b, 900) == 0, "same seed, same picture");
    /* the picture is a platform-independent contract */
    uint64_t h = fnv(a, 900);
    char hex[32];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
    is_str(hex, "0eb48a61356de28d", "30x30 seed 42 picture is pinned");
    int filled = 0;
    for (int i = 0; i < 900; i++)
        filled += a[i];
    ok(filled > 300 && filled < 600, "about half filled (%d of 900)", filled);
    /* structure, not noise: most cells agree with their right neighbour */
    int same = 0;
    for (int y = 0; y < 30; y++)
        for (int x = 0; x + 1 < 30; x++)
            same += a[y * 30 + x] == a[y * 30 + x + 1];
    ok(same > 870 * 2 / 3, "neighbours mostly agree (%d of 870; noise gives ~435)", same);
    /* 60x60 */
    int32_t r = pc_nonogram_generate_cells(60, 60, 1, PC_NONOGRAM_GRADE_PROBE, NULL, a, sizeof a);
    make_clues(a, 60, 60, &c);
    ok(r == PC_OK && solve(&c, NULL, 2, NULL, 0, st) == 1 && st[PC_NONOGRAM_STAT_GRADE] <= PC_NONOGRAM_GRADE_PROBE,
       "60x60 generated: unique, probe grade or easier");
    is_int(pc_nonogram_generate_cells(10, 10, 1, 0, NULL, a, sizeof a), PC_EINVAL, "grade 0 refused");
    is_int(pc_nonogram_generate_cells(10, 10, 1, 1, NULL, a, 99), PC_ESPACE, "small buffer");
    is_int(pc_nonogram_generate_cells(129, 10, 1, 1, NULL, a, sizeof a), PC_ERANGE, "129 wide refused");
    pc_nonogram *g = NULL;
    is_int(pc_nonogram_generate(15, 10, 5, PC_NONOGRAM_GRADE_LINE, NULL, &g), PC_OK, "generate a puzzle handle");
    ok(g && pc_nonogram_width(g) == 15 && pc_nonogram_height(g) == 10 && pc_nonogram_has_solution(g) == 1,
       "15x10 with its solution");
    char id[64];
    size_t len = 0;
    pc_nonogram_id(g, id, sizeof id, &len);
    is_str(id, "gen-15x10-5", "generated id");
    is_int(pc_nonogram_grade(g, NULL, NULL, 0), PC_NONOGRAM_GRADE_LINE, "line grade as asked");
    pc_nonogram_free(g);
}

int main(void)
{
    test_line();
    test_grid();
    test_handle();
    test_generate();
    return done_testing();
}
