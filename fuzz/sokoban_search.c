/* Harness: Sokoban's three answers about a position checked against each
 * other.  The fast search (PC_SOKOBAN_ANY) and the deadlock test claim
 * proofs ("unsolvable", "lost") that a wrong pruning would make false
 * without any crash, so each claim is set against the push-optimal search,
 * an independent solver with its own deadlock tests:
 *
 *   - a fast solution replays, solves the level, with the moves and pushes
 *     reported, and has no fewer pushes than the optimum; the fast search's
 *     lower bound is at most the optimum;
 *   - the fast search proves "unsolvable" (PC_ENOTFOUND) only where the
 *     optimal search finds no solution, and pc_sokoban_deadlock says "lost"
 *     only there too; a deadlock names the boxes forming it (a box on each
 *     marked square, at least one), and a solved position is never lost;
 *   - PC_SOKOBAN_SHORT under the same budget runs the same search (the
 *     same status and bound) and its second pass never returns a costlier
 *     solution (moves, then pushes); it replays, with no fewer pushes than
 *     the optimum.  (Each search also has a 2 s cap for a slow machine:
 *     when one of the two came near it, a node budget no longer decides
 *     where they stop, and only the comparison of their statuses and
 *     bounds is skipped: a loaded machine under ASan met the cap.)
 *
 * Input: byte 0 sets the fast search's node budget (64 + 16 x byte: its
 * first, push-optimal pass gets a quarter, so both passes run); the level
 * text follows, up to a NUL byte; the bytes after it are steps played
 * before the searches (l u r d in either case; a refused step is skipped),
 * so the searches start from positions inside a game, deadlocks included.
 * Levels over the optimal solver's limits (255 interior squares, 64 boxes)
 * still run the fast search and the deadlock test, unchecked against it. */
#include "fuzz.h"

#include <time.h>

enum { ORACLE_NODES = 4000 };

/* Wall-clock seconds (the searches' 2 s cap is on the wall clock too):
 * C11 timespec_get; on Windows, whose C runtime may lack it, clock(),
 * which counts wall time there. */
static double wall_seconds(void)
{
#ifdef _WIN32
    return (double)clock() / CLOCKS_PER_SEC;
#else
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
}

static void budget(pc_budget *b, uint64_t nodes)
{
    pc_budget_init(b, sizeof *b);
    b->max_nodes = nodes;
    b->max_bytes = 64u << 20;
    b->max_seconds = 2.0; /* a cap for a slow machine: see `timed` below */
}

static void play_steps(pc_sokoban *g, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n && i < 256; i++) {
        int32_t dir;
        switch (p[i] | 0x20) {
        case 'u': dir = PC_SOKOBAN_UP; break;
        case 'r': dir = PC_SOKOBAN_RIGHT; break;
        case 'd': dir = PC_SOKOBAN_DOWN; break;
        case 'l': dir = PC_SOKOBAN_LEFT; break;
        default: continue;
        }
        int32_t rc = pc_sokoban_step(g, dir, NULL);
        FZ_CHECK(rc == PC_OK || rc == PC_EILLEGAL);
    }
}

/* pc_sokoban_deadlock's answer (1 lost, 0 none found); its marks checked */
static int32_t deadlock(const pc_sokoban *g)
{
    int32_t w = pc_sokoban_width(g), h = pc_sokoban_height(g), kind = -1;
    size_t n = (size_t)w * (size_t)h;
    uint8_t *cells = malloc(n);
    FZ_CHECK(cells != NULL);
    memset(cells, 0xAA, n);
    int32_t dl = pc_sokoban_deadlock(g, cells, n, &kind);
    FZ_CHECK(dl == 0 || dl == 1 || dl == PC_ENOMEM);
    if (dl == 1) {
        FZ_CHECK(kind >= PC_SOKOBAN_DEADLOCK_DEAD_SQUARE && kind <= PC_SOKOBAN_DEADLOCK_SEALED);
        FZ_CHECK(pc_sokoban_is_solved(g) == 0);
        size_t marked = 0;
        for (size_t i = 0; i < n; i++) {
            FZ_CHECK(cells[i] <= 1);
            if (!cells[i]) continue;
            int32_t c = pc_sokoban_cell(g, (int32_t)(i % (size_t)w), (int32_t)(i / (size_t)w));
            FZ_CHECK(c >= 0 && (c & PC_SOKOBAN_BOX));
            marked++;
        }
        FZ_CHECK(marked >= 1);
    } else if (dl == 0) {
        FZ_CHECK(kind == PC_SOKOBAN_DEADLOCK_NONE);
    }
    free(cells);
    return dl;
}

/* One search: its status, with the result's conventions checked. */
static int32_t solve(const pc_sokoban *g, int32_t mode, uint64_t nodes, pc_sokoban_result **r,
                     double *seconds)
{
    pc_budget b;
    budget(&b, nodes);
    double t0 = wall_seconds();
    *r = NULL;
    int32_t rc = pc_sokoban_solve(g, mode, &b, r);
    *seconds = wall_seconds() - t0;
    if (rc == PC_OK || rc == PC_ENOTFOUND || rc == PC_ELIMIT) {
        FZ_CHECK(*r && pc_sokoban_result_status(*r) == rc && pc_sokoban_result_mode(*r) == mode);
        if (rc == PC_OK) {
            fz_sokoban_replays(g, *r);
            FZ_CHECK(pc_sokoban_result_bound(*r) <= pc_sokoban_result_pushes(*r));
        }
        if (rc == PC_ENOTFOUND) FZ_CHECK(pc_sokoban_is_solved(g) == 0);
    } else {
        /* the optimal modes refuse big levels; memory may run out */
        FZ_CHECK(*r == NULL && (rc == PC_ENOMEM || (rc == PC_ERANGE && mode != PC_SOKOBAN_ANY &&
                                                    mode != PC_SOKOBAN_SHORT)));
    }
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const char *text = (const char *)data + 1;
    size_t n = size - 1;
    const uint8_t *nul = memchr(text, '\0', n);
    size_t tn = nul ? (size_t)(nul - (const uint8_t *)text) : n;
    char err[128];
    pc_sokoban *g = NULL;
    if (pc_sokoban_new(text, tn, err, sizeof err, &g) != PC_OK) return 0;
    if (nul) play_steps(g, nul + 1, n - tn - 1);

    int32_t dl = deadlock(g);
    pc_sokoban_result *fast = NULL, *opt = NULL, *shorter = NULL;
    uint64_t fast_nodes = 64 + 16 * (uint64_t)data[0];
    double tf, to, ts;
    int32_t rf = solve(g, PC_SOKOBAN_ANY, fast_nodes, &fast, &tf);
    int32_t ro = solve(g, PC_SOKOBAN_PUSHES, ORACLE_NODES, &opt, &to);
    /* The second pass under the same budget: the same search, then the
     * pass on what is left of the nodes; never a costlier solution, never
     * a failure the fast mode did not have. */
    int32_t rs = solve(g, PC_SOKOBAN_SHORT, fast_nodes, &shorter, &ts);
    int timed = tf > 1.0 || ts > 1.0; /* one of them came near the 2 s cap */
    (void)to; /* the oracle is read only where it finished */
    if (rf != PC_ENOMEM && rs != PC_ENOMEM && !timed) FZ_CHECK(rs == rf);
    if (rs == PC_OK && rf == PC_OK) {
        int64_t fm = pc_sokoban_result_moves(fast), sm = pc_sokoban_result_moves(shorter);
        FZ_CHECK(sm < fm || (sm == fm && pc_sokoban_result_pushes(shorter) <= pc_sokoban_result_pushes(fast)));
        if (!timed)
            FZ_CHECK(pc_sokoban_result_bound(shorter) == pc_sokoban_result_bound(fast));
    }
    if (ro == PC_OK && rs == PC_OK) FZ_CHECK(pc_sokoban_result_pushes(shorter) >= pc_sokoban_result_pushes(opt));
    pc_sokoban_result_free(shorter);
    if (ro == PC_OK) {
        int64_t best = pc_sokoban_result_pushes(opt);
        FZ_CHECK(dl != 1);
        FZ_CHECK(rf != PC_ENOTFOUND);
        if (rf == PC_OK) FZ_CHECK(pc_sokoban_result_pushes(fast) >= best);
        if (rf == PC_OK || rf == PC_ELIMIT) FZ_CHECK(pc_sokoban_result_bound(fast) <= best);
    }
    if (ro == PC_ENOTFOUND) FZ_CHECK(rf != PC_OK);
    if (rf == PC_OK) FZ_CHECK(dl != 1);
    pc_sokoban_result_free(fast);
    pc_sokoban_result_free(opt);
    pc_sokoban_free(g);
    return 0;
}
