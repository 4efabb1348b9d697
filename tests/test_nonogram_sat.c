/*
 * The optional SAT backend of the grid solver (lib/nonogram/solve_sat.c).
 * This program compiles the solver's sources itself, with a restart every 2
 * nodes (PC__NS_RESTART_UNIT=2), so it can give the backend its turns from
 * the first restart on (sat.after = 1: turns of 2, 2, 4, 2, ... conflicts,
 * alternating with the search) and compare with the plain search
 * (sat.after = 0) on the same puzzle:
 *  - small random grids: verdicts equal with and without the backend, every
 *    solution meets the clues, the two solutions of a MULTIPLE differ, and
 *    6x6 counts (limits 1, 2 and 40: above 2 the search never hands over)
 *    equal a brute-force count;
 *  - the budget: a node cap and a cancel stop the backend with PC_ELIMIT /
 *    PC_ECANCELLED and at most max_nodes nodes, never a wrong verdict;
 *  - hostile sizes: an encoding over max_bytes or over the solver's bound is
 *    refused before it is built.
 * In a build without the backend the backend's checks are TAP skips and the
 * rest still runs (the search then never hands over).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/budget.h"
#include "nonogram/solve.h"
#include "nonogram/solve_sat.h"
#include "tap.h"

/* n TAP skips (the part that needs the backend) */
static void skip(int n, const char *why)
{
    for (int i = 0; i < n; i++)
        ok(1, "# SKIP %s", why);
}

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

enum { MAXW = 12, MAXC = MAXW * MAXW, MAXK = MAXW / 2 + 1 };

typedef struct {
    int32_t w, h;
    int32_t rc[MAXW], rcl[MAXW * MAXK], cc[MAXW], ccl[MAXW * MAXK];
} puz;

static int32_t runs(const uint8_t *g, int32_t start, int32_t stride, int32_t n, int32_t *out)
{
    int32_t k = 0, len = 0;
    for (int32_t i = 0; i <= n; i++) {
        if (i < n && g[start + i * stride]) {
            len++;
        } else if (len) {
            out[k++] = len;
            len = 0;
        }
    }
    return k;
}

static void clues_of(const uint8_t *g, int32_t w, int32_t h, puz *p)
{
    memset(p, 0, sizeof *p);
    p->w = w;
    p->h = h;
    int32_t q = 0;
    for (int32_t y = 0; y < h; y++) {
        p->rc[y] = runs(g, y * w, 1, w, p->rcl + q);
        q += p->rc[y];
    }
    q = 0;
    for (int32_t x = 0; x < w; x++) {
        p->cc[x] = runs(g, x, w, h, p->ccl + q);
        q += p->cc[x];
    }
}

static int meets(const uint8_t *g, const puz *p)
{
    puz d;
    clues_of(g, p->w, p->h, &d);
    return memcmp(&d, p, sizeof d) == 0;
}

/* Line k of p (rows first) against n cells of g from start. */
static int line_meets(const puz *p, int32_t k, const uint8_t *g, int32_t start, int32_t stride, int32_t n)
{
    int32_t r[MAXK + MAXW], q = 0, cnt;
    const int32_t *want;
    if (k < p->h) {
        for (int32_t y = 0; y < k; y++)
            q += p->rc[y];
        cnt = p->rc[k];
        want = p->rcl + q;
    } else {
        for (int32_t x = 0; x < k - p->h; x++)
            q += p->cc[x];
        cnt = p->cc[k - p->h];
        want = p->ccl + q;
    }
    return runs(g, start, stride, n, r) == cnt && memcmp(r, want, sizeof(int32_t) * (size_t)cnt) == 0;
}

/* Brute force: every row takes each pattern that meets its clue, complete
 * grids are checked column by column (w <= 8); capped at 64. */
static int32_t brute(const puz *p, uint8_t *g, int32_t y)
{
    if (y == p->h) {
        for (int32_t x = 0; x < p->w; x++)
            if (!line_meets(p, p->h + x, g, x, p->w, p->h))
                return 0;
        return 1;
    }
    int32_t total = 0;
    for (int32_t m = 0; m < (1 << p->w) && total < 64; m++) {
        for (int32_t x = 0; x < p->w; x++)
            g[y * p->w + x] = (uint8_t)((m >> x) & 1);
        if (line_meets(p, y, g, y * p->w, 1, p->w))
            total += brute(p, g, y + 1);
    }
    return total;
}

/* One solve: the count (or -1 ELIMIT, -2 ECANCELLED, -100 setup), whether
 * the backend took over, the nodes.  `after` 0: never hand over. */
static int32_t solve(const puz *p, int64_t after, int32_t limit, pc__meter *m, uint8_t *sols, int *handed,
                     int64_t *nodes)
{
    pc__nsolver *s = NULL;
    if (pc__nsolver_new(p->w, p->h, p->rc, p->rcl, p->cc, p->ccl, &s) != PC_OK)
        return -100;
    pc__nsolver_reset(s, NULL);
    s->budget.meter = m;
    s->sat.after = pc__nsat_available() ? after : 0;
    int32_t found = 0;
    int r = pc__nsolver_solve(s, limit, sols, limit, &found, NULL);
    *handed = s->sat.tried;
    *nodes = s->stats.nodes;
    if (r == PC__NS_ABORT)
        found = s->budget.abort_status == PC_ECANCELLED ? -2 : -1;
    pc__nsolver_free(s);
    return found;
}

static void random_puzzle(uint64_t *seed, int32_t w, int32_t h, int32_t fill_per_16, puz *p)
{
    uint8_t g[MAXC];
    for (int32_t i = 0; i < w * h; i++)
        g[i] = (uint8_t)((int32_t)(lcg(seed) & 15) < fill_per_16);
    clues_of(g, w, h, p);
}

/* Valid and distinct solutions. */
static int sound(const puz *p, const uint8_t *sols, int32_t n)
{
    size_t c = (size_t)(p->w * p->h);
    for (int32_t i = 0; i < n; i++) {
        if (!meets(sols + i * c, p))
            return 0;
        for (int32_t j = 0; j < i; j++)
            if (!memcmp(sols + i * c, sols + j * c, c))
                return 0;
    }
    return 1;
}

static void agreement(void)
{
    static uint8_t a[40 * MAXC], b[40 * MAXC];
    uint64_t seed = 18;
    int agree = 1, valid = 1, handed = 0, bf = 1, multi = 0, h1, h2;
    int64_t nodes;
    for (int t = 0; t < 150; t++) {
        int32_t w = 8 + (int32_t)(lcg(&seed) % 5), h = 8 + (int32_t)(lcg(&seed) % 5);
        puz p;
        random_puzzle(&seed, w, h, 4 + (int32_t)(lcg(&seed) % 8), &p);
        for (int32_t limit = 1; limit <= 2; limit++) {
            int32_t n0 = solve(&p, 0, limit, NULL, a, &h1, &nodes);
            int32_t n1 = solve(&p, 1, limit, NULL, b, &h2, &nodes);
            agree &= n0 == n1 && n0 >= 0;
            valid &= n0 >= 0 && n1 >= 0 && sound(&p, a, n0) && sound(&p, b, n1);
            handed += h2;
            multi += limit == 2 && n1 == 2;
        }
    }
    for (int t = 0; t < 60; t++) {
        puz p;
        int32_t w = 5 + t % 2, h = 5;
        uint8_t g[MAXC];
        random_puzzle(&seed, w, h, 3 + t % 10, &p);
        int32_t want = brute(&p, g, 0);
        static const int32_t limits[] = {1, 2, 40};
        for (int li = 0; li < 3; li++) {
            int32_t n1 = solve(&p, 1, limits[li], NULL, b, &h2, &nodes);
            bf &= n1 == (want < limits[li] ? want : limits[li]) && sound(&p, b, n1);
            handed += h2 && limits[li] > 2; /* must stay 0 below */
        }
    }
    ok(agree, "150 random 8..12 x 8..12 puzzles, limits 1 and 2: the same verdict with and without the backend");
    ok(valid, "every solution meets the clues, a MULTIPLE's two differ (%d multiple)", multi);
    ok(bf, "60 tiny puzzles, limits 1, 2, 40: counts equal brute force");
    if (pc__nsat_available())
        ok(handed > 25, "the backend took turns in %d of the searches", handed);
    else
        skip(1, "built without the SAT backend");
}

/* A puzzle the backend needs some conflicts for (found by trying seeds). */
static int hard_puzzle(puz *p, int64_t *nodes_needed, int32_t *verdict)
{
    static uint8_t sols[2 * MAXC];
    uint64_t seed = 77;
    int handed;
    for (int t = 0; t < 400; t++) {
        random_puzzle(&seed, MAXW, MAXW, 6 + t % 4, p);
        int32_t n = solve(p, 1, 2, NULL, sols, &handed, nodes_needed);
        if (handed && *nodes_needed >= 8) {
            *verdict = n;
            return 1;
        }
    }
    return 0;
}

static int32_t cancel_at(void *user, int64_t nodes, double seconds, double bound)
{
    (void)seconds;
    (void)bound;
    return nodes >= *(const int64_t *)user;
}

static void budgets(void)
{
    if (!pc__nsat_available()) {
        skip(3, "built without the SAT backend");
        return;
    }
    puz p;
    int64_t need = 0, nodes = 0;
    int32_t verdict = 0;
    if (!hard_puzzle(&p, &need, &verdict)) {
        skip(3, "no puzzle needing 8 backend nodes among the seeds");
        return;
    }
    static uint8_t sols[2 * MAXC];
    int handed, honest = 1, stopped = 0;
    for (int64_t cap = 2; cap < need; cap += 1 + cap / 4) {
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.max_nodes = cap;
        pc__meter m;
        pc__meter_start(&m, &b);
        int32_t n = solve(&p, 1, 2, &m, sols, &handed, &nodes);
        honest &= (n == -1 || n == verdict) && nodes <= cap;
        stopped += n == -1;
    }
    ok(honest && stopped > 0, "max_nodes below the %lld nodes needed: PC_ELIMIT (%d times) and nodes <= max, or "
       "the right verdict", (long long)need, stopped);
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    int64_t at = 2;
    b.progress = cancel_at;
    b.user = &at;
    b.progress_every = 1e-9;
    pc__meter m;
    pc__meter_start(&m, &b);
    int32_t n = solve(&p, 1, 2, &m, sols, &handed, &nodes);
    ok(n == -2 || n == verdict, "a progress callback cancelling inside the backend: PC_ECANCELLED (%d)", (int)n);
    pc_budget_init(&b, sizeof b);
    pc__meter_start(&m, &b);
    b.cancel = 1;
    n = solve(&p, 1, 2, &m, sols, &handed, &nodes);
    ok(n == -2, "the cancel flag set: PC_ECANCELLED");
}

static void sizes(void)
{
    if (!pc__nsat_available()) {
        pc__nsat *t = NULL;
        ok(pc__nsat_new(NULL, &t) == PC_ERANGE && !t, "without the backend pc__nsat_new answers PC_ERANGE");
        skip(2, "built without the SAT backend");
        return;
    }
    puz p;
    uint64_t seed = 5;
    random_puzzle(&seed, 10, 10, 8, &p);
    pc__nsolver *s = NULL;
    pc__nsat *t = NULL;
    int32_t rc = pc__nsolver_new(10, 10, p.rc, p.rcl, p.cc, p.ccl, &s);
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_bytes = 1000;
    pc__meter m;
    pc__meter_start(&m, &b);
    s->budget.meter = &m;
    ok(rc == PC_OK && pc__nsat_new(s, &t) == PC_ERANGE && !t, "an encoding over max_bytes is refused");
    s->budget.meter = NULL;
    rc = pc__nsat_new(s, &t);
    ok(rc == PC_OK && t && pc__nsat_bytes(t) > 0, "without max_bytes it is built (%zu bytes estimated)",
       pc__nsat_bytes(t));
    pc__nsat_free(t);
    pc__nsolver_free(s);
    /* 600 x 600, one clue of 300 per line: ~600 x 300 states per line */
    enum { N = 600 };
    static int32_t cnt[N], cl[N];
    for (int i = 0; i < N; i++) {
        cnt[i] = 1;
        cl[i] = N / 2;
    }
    s = NULL;
    t = NULL;
    rc = pc__nsolver_new(N, N, cnt, cl, cnt, cl, &s);
    ok(rc != PC_OK || (pc__nsat_new(s, &t) == PC_ERANGE && !t), "a 600 x 600 encoding of 2 x 10^8 states is "
       "refused before it is built");
    pc__nsolver_free(s);
}

int main(void)
{
    agreement();
    budgets();
    sizes();
    return done_testing();
}
