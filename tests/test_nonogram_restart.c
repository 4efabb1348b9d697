/*
 * The grid solver's search with restarts after every 2 nodes
 * (PC__NS_RESTART_UNIT=2 for this program only, which compiles the solver's
 * sources itself): on small random grids the number of solutions it reports,
 * up to limits 2 and 40, must equal a brute-force count, every solution must
 * meet the clues and the solutions must differ.  Also the same answer twice
 * (the restarts are seeded from the clues only).  The same comparison with
 * probing off, where the search runs deep and restarts often, exercises the
 * nogoods learned at restarts (which must never lose a solution).  Last,
 * the nogoods learned from failed probes (s->ng.learn, as the public calls
 * set it): the same counts as brute force on the small grids and as the
 * search without learning on larger ones (12 x 12 and 16 x 16, where the
 * search runs deep enough for probes below the root to fail), every
 * solution meeting the clues, and learning having fired.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nonogram/solve.h"
#include "tap.h"

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

/* Runs of a line into out (0 runs: count 0); returns the count. */
static int32_t runs(const uint8_t *g, int32_t start, int32_t stride, int32_t n, int32_t *out)
{
    int32_t k = 0, len = 0;
    for (int32_t i = 0; i < n; i++) {
        if (g[start + i * stride]) {
            len++;
        } else if (len) {
            out[k++] = len;
            len = 0;
        }
    }
    if (len)
        out[k++] = len;
    return k;
}

enum { W = 6, H = 6, MAXK = 4 };

typedef struct {
    int32_t rc[H], rcl[H * MAXK], cc[W], ccl[W * MAXK];
    int32_t rk[H][MAXK], ck[W][MAXK];
} clues_t;

static void clues_of(const uint8_t *g, clues_t *c)
{
    memset(c, 0, sizeof *c); /* meets() compares whole arrays */
    int32_t p = 0;
    for (int32_t y = 0; y < H; y++) {
        c->rc[y] = runs(g, y * W, 1, W, c->rk[y]);
        for (int32_t j = 0; j < c->rc[y]; j++)
            c->rcl[p++] = c->rk[y][j];
    }
    p = 0;
    for (int32_t x = 0; x < W; x++) {
        c->cc[x] = runs(g, x, W, H, c->ck[x]);
        for (int32_t j = 0; j < c->cc[x]; j++)
            c->ccl[p++] = c->ck[x][j];
    }
}

static int meets(const uint8_t *g, const clues_t *c)
{
    clues_t d;
    clues_of(g, &d);
    return memcmp(d.rc, c->rc, sizeof d.rc) == 0 && memcmp(d.cc, c->cc, sizeof d.cc) == 0 &&
           memcmp(d.rk, c->rk, sizeof d.rk) == 0 && memcmp(d.ck, c->ck, sizeof d.ck) == 0;
}

/* Brute force: every row takes each of the 2^W patterns that meet its clue;
 * complete grids are checked column by column. */
static int32_t brute_count(const clues_t *c, uint8_t *g, int32_t y)
{
    if (y == H) {
        int32_t k[MAXK + 2];
        for (int32_t x = 0; x < W; x++) {
            int32_t n = runs(g, x, W, H, k);
            if (n != c->cc[x] || memcmp(k, c->ck[x], sizeof(int32_t) * (size_t)n) != 0)
                return 0;
        }
        return 1;
    }
    int32_t total = 0, k[MAXK + 2];
    for (int32_t m = 0; m < (1 << W); m++) {
        for (int32_t x = 0; x < W; x++)
            g[y * W + x] = (uint8_t)((m >> x) & 1);
        int32_t n = runs(g, y * W, 1, W, k);
        if (n == c->rc[y] && memcmp(k, c->rk[y], sizeof(int32_t) * (size_t)n) == 0)
            total += brute_count(c, g, y + 1);
    }
    return total;
}

static int64_t nogoods_learned = 0, probe_nogoods = 0;
static int learn_on = 0;

static int32_t run_solver_probe(const clues_t *c, int32_t limit, uint8_t *sols, int64_t *restarts, int probe)
{
    pc__nsolver *s = NULL;
    if (pc__nsolver_new(W, H, c->rc, c->rcl, c->cc, c->ccl, &s) != PC_OK)
        return -100;
    pc__nsolver_reset(s, NULL);
    s->probe.enabled = probe;
    s->ng.learn = learn_on;
    int32_t found = -1;
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    if (pc__nsolver_solve(s, limit, sols, limit, &found, st) != PC__NS_OK)
        found = -200;
    *restarts = s->restart.count;
    nogoods_learned += s->ng.n;
    probe_nogoods += s->ng.learned;
    pc__nsolver_free(s);
    return found;
}

/* Larger grids (no brute force): the count and the solutions of a solve
 * with learning from failed probes on or off. */
static int32_t run_big(int32_t w, int32_t h, const uint8_t *pic, int learn, int32_t limit, uint8_t *sols,
                       int *valid)
{
    int32_t rc[16], cc[16], rcl[16 * 8], ccl[16 * 8], k[16];
    int32_t p = 0;
    for (int32_t y = 0; y < h; y++) {
        rc[y] = runs(pic, y * w, 1, w, k);
        for (int32_t j = 0; j < rc[y]; j++)
            rcl[p++] = k[j];
    }
    p = 0;
    for (int32_t x = 0; x < w; x++) {
        cc[x] = runs(pic, x, w, h, k);
        for (int32_t j = 0; j < cc[x]; j++)
            ccl[p++] = k[j];
    }
    pc__nsolver *s = NULL;
    if (pc__nsolver_new(w, h, rc, rcl, cc, ccl, &s) != PC_OK)
        return -100;
    pc__nsolver_reset(s, NULL);
    s->ng.learn = learn;
    int32_t found = -1;
    if (pc__nsolver_solve(s, limit, sols, limit, &found, NULL) != PC__NS_OK)
        found = -200;
    probe_nogoods += s->ng.learned;
    pc__nsolver_free(s);
    for (int32_t i = 0; i < found; i++) {
        const uint8_t *g = sols + (size_t)i * (size_t)(w * h);
        for (int32_t y = 0; y < h && *valid; y++) {
            int32_t n = runs(g, y * w, 1, w, k), q = 0;
            for (int32_t j = 0; j < y; j++)
                q += rc[j];
            *valid &= n == rc[y] && memcmp(k, rcl + q, sizeof(int32_t) * (size_t)n) == 0;
        }
        for (int32_t x = 0; x < w && *valid; x++) {
            int32_t n = runs(g, x, w, h, k), q = 0;
            for (int32_t j = 0; j < x; j++)
                q += cc[j];
            *valid &= n == cc[x] && memcmp(k, ccl + q, sizeof(int32_t) * (size_t)n) == 0;
        }
    }
    return found;
}

static int32_t run_solver(const clues_t *c, int32_t limit, uint8_t *sols, int64_t *restarts)
{
    return run_solver_probe(c, limit, sols, restarts, 1);
}

int main(void)
{
    static uint8_t pic[W * H], g[W * H], sols[40 * W * H], again[40 * W * H];
    clues_t c;
    uint64_t seed = 2026;
    int agree = 1, valid = 1, distinct = 1, same = 1, tried = 0;
    int64_t restarts = 0, rs = 0;
    int multi = 0;
    /* Under valgrind and qemu (PC_TEST_QUICK=1, set by check-valgrind and
     * check-cross) one small grid in three and one large grid in six: those
     * runs look for memory errors.  The grids skipped are still drawn, so
     * the ones kept are those of the full run. */
    const char *quick_env = getenv("PC_TEST_QUICK");
    const int every = quick_env && *quick_env == '1' ? 3 : 1;
    for (int t = 0; t < 150; t++) {
        for (int i = 0; i < W * H; i++)
            pic[i] = (uint8_t)(lcg(&seed) & 1);
        if (t % every)
            continue;
        clues_of(pic, &c);
        int32_t want = brute_count(&c, g, 0);
        multi += want > 1;
        static const int32_t limits[] = {2, 40};
        for (int li = 0; li < 2; li++) {
            int32_t limit = limits[li];
            tried++;
            int32_t n = run_solver(&c, limit, sols, &rs);
            restarts += rs;
            int32_t expect = want < limit ? want : limit;
            if (n != expect) {
                agree = 0;
                char msg[96];
                snprintf(msg, sizeof msg, "grid %d limit %d: solver %d, brute force %d", t, (int)limit, (int)n,
                         (int)want);
                diag(msg);
                continue;
            }
            for (int32_t i = 0; i < n; i++) {
                valid &= meets(sols + i * W * H, &c);
                for (int32_t j = 0; j < i; j++)
                    distinct &= memcmp(sols + i * W * H, sols + j * W * H, W * H) != 0;
            }
            int32_t n2 = run_solver(&c, limit, again, &rs);
            same &= n2 == n && memcmp(sols, again, (size_t)n * W * H) == 0;
        }
    }
    ok(agree, "%d solves with restarts every 2 nodes: counts equal brute force (%d grids with several)", tried,
       multi);
    ok(restarts > 0, "restarts happened (%lld)", (long long)restarts);
    ok(valid, "every solution meets the clues");
    ok(distinct, "the solutions of one answer are distinct");
    ok(same, "the same answer twice");

    /* probing off: deep searches, many restarts, nogoods learned at each */
    int agree_np = 1, valid_np = 1;
    int64_t restarts_np = 0;
    nogoods_learned = 0;
    seed = 7;
    int tried_np = 0;
    for (int t = 0; t < 200; t++) {
        for (int i = 0; i < W * H; i++)
            pic[i] = (uint8_t)(lcg(&seed) % 5 < 2);
        if (t % every)
            continue;
        tried_np++;
        clues_of(pic, &c);
        int32_t want = brute_count(&c, g, 0);
        static const int32_t limits[] = {1, 2, 40};
        for (int li = 0; li < 3; li++) {
            int32_t limit = limits[li];
            int32_t n = run_solver_probe(&c, limit, sols, &rs, 0);
            restarts_np += rs;
            int32_t expect = want < limit ? want : limit;
            if (n != expect) {
                agree_np = 0;
                char msg[96];
                snprintf(msg, sizeof msg, "no probing, grid %d limit %d: solver %d, brute force %d", t, (int)limit,
                         (int)n, (int)want);
                diag(msg);
                continue;
            }
            for (int32_t i = 0; i < n; i++)
                valid_np &= meets(sols + i * W * H, &c);
        }
    }
    ok(agree_np, "no probing, restarts every 2 nodes: counts equal brute force on %d grids (%lld restarts)",
       tried_np, (long long)restarts_np);
    ok(nogoods_learned > 0, "nogoods were learned at restarts (%lld)", (long long)nogoods_learned);
    ok(valid_np, "no probing: every solution meets the clues");

    /* learning from failed probes: brute force on the small grids ... */
    learn_on = 1;
    probe_nogoods = 0;
    int agree_l = 1, valid_l = 1;
    seed = 99;
    int tried_l = 0;
    for (int t = 0; t < 150; t++) {
        for (int i = 0; i < W * H; i++)
            pic[i] = (uint8_t)(lcg(&seed) & 1);
        if (t % every)
            continue;
        tried_l++;
        clues_of(pic, &c);
        int32_t want = brute_count(&c, g, 0);
        static const int32_t limits[] = {1, 2, 40};
        for (int li = 0; li < 3; li++) {
            int32_t n = run_solver(&c, limits[li], sols, &rs);
            int32_t expect = want < limits[li] ? want : limits[li];
            agree_l &= n == expect;
            for (int32_t i = 0; i < n; i++)
                valid_l &= meets(sols + i * W * H, &c);
        }
    }
    learn_on = 0;
    ok(agree_l, "learning from failed probes: counts equal brute force on %d 6x6 grids", tried_l);
    /* ... and the search without learning on larger ones */
    static uint8_t bpic[16 * 16], bs1[40 * 16 * 16], bs2[40 * 16 * 16];
    int agree_b = 1;
    int32_t several = 0;
    int compared = 0;
    seed = 4242;
    for (int t = 0; t < 60; t++) {
        int32_t side = t < 40 ? 12 : 16;
        for (int i = 0; i < side * side; i++)
            bpic[i] = (uint8_t)(lcg(&seed) % 100 < 45);
        if (t % (every * 2))
            continue;
        compared++;
        static const int32_t limits[] = {1, 2, 40};
        for (int li = 0; li < 3; li++) {
            int32_t n1 = run_big(side, side, bpic, 1, limits[li], bs1, &valid_l);
            int32_t n2 = run_big(side, side, bpic, 0, limits[li], bs2, &valid_l);
            several += li == 2 && n2 > 1;
            if (n1 != n2 || n1 < 1) {
                agree_b = 0;
                char msg[96];
                snprintf(msg, sizeof msg, "grid %d (%dx%d) limit %d: learning %d, without %d", t, (int)side,
                         (int)side, (int)limits[li], (int)n1, (int)n2);
                diag(msg);
            }
        }
    }
    ok(agree_b, "learning from failed probes: the same counts as without on %d grids of 12x12 and 16x16 (%d "
       "with several)", compared, (int)several);
    ok(valid_l, "learning from failed probes: every solution meets the clues");
    ok(probe_nogoods > 0, "nogoods were learned from failed probes (%lld)", (long long)probe_nogoods);
    return done_testing();
}
