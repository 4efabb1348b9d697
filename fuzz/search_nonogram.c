/* Harness: the nonogram searches under a tiny budget (pc_nonogram_solve_clues,
 * pc_nonogram_grade, pc_nonogram_hint, pc_nonogram_consistent,
 * pc_nonogram_mistakes) on arbitrary clues and player grids.
 * Properties: never a crash; every solution returned has exactly the given
 * clues; the node count stays within the budget; grade NONE exactly when the
 * solver finds none; a hint names an unknown cell and a value of 1 or 2. */
#include "fuzz.h"

enum { MAXS = 10, NODES = 300 };

/* The tiny budget every search here runs under. */
static const pc_budget *tiny(void)
{
    static pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = NODES;
    b.max_seconds = 1.0;
    return &b;
}

static void clues_of(const uint8_t *cells, int32_t len, int32_t stride, int32_t *out, int32_t *n)
{
    FZ_CHECK(pc_nonogram_line_clues(cells, len, stride, out, MAXS, n) == PC_OK);
}

/* same line clues; a count of 0 and the single clue 0 both mean empty */
static int same_line(const int32_t *a, int32_t an, const int32_t *b, int32_t bn)
{
    if (an == 1 && a[0] == 0) an = 0;
    if (bn == 1 && b[0] == 0) bn = 0;
    return an == bn && (an == 0 || memcmp(a, b, sizeof *a * (size_t)an) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    int32_t w = 1 + (int32_t)(fz_u8(&in) % MAXS), h = 1 + (int32_t)(fz_u8(&in) % MAXS);
    int32_t counts[2][MAXS], clues[2][MAXS * MAXS], off[2][MAXS + 1];
    for (int32_t axis = 0; axis < 2; axis++) {
        int32_t lines = axis ? w : h, len = axis ? h : w, k = 0;
        for (int32_t i = 0; i < lines; i++) {
            off[axis][i] = k;
            counts[axis][i] = (int32_t)(fz_u8(&in) % 4);
            for (int32_t j = 0; j < counts[axis][i]; j++) clues[axis][k++] = (int32_t)(fz_u8(&in) % (uint32_t)(len + 1));
        }
        off[axis][lines] = k;
    }
    uint8_t givens[MAXS * MAXS];
    int use_givens = fz_u8(&in) & 1;
    for (int32_t i = 0; i < w * h; i++) givens[i] = use_givens ? (uint8_t)(fz_u8(&in) % 3) : 0;
    uint8_t sols[3 * MAXS * MAXS];
    int64_t stats[PC_NONOGRAM_STAT_COUNT];
    int32_t found = pc_nonogram_solve_clues(w, h, counts[0], clues[0], counts[1], clues[1],
                                            use_givens ? givens : NULL, 3, tiny(), sols, sizeof sols, stats, PC_NONOGRAM_STAT_COUNT);
    FZ_CHECK(found == PC_EINVAL || found == PC_ELIMIT || (found >= 0 && found <= 3));
    if (found != PC_EINVAL) FZ_CHECK(stats[PC_NONOGRAM_STAT_NODES] >= 0 && stats[PC_NONOGRAM_STAT_NODES] <= NODES);
    for (int32_t s = 0; s < found; s++) {
        const uint8_t *g = sols + (size_t)s * (size_t)(w * h);
        for (int32_t i = 0; i < w * h; i++) {
            FZ_CHECK(g[i] <= 1);
            if (use_givens && givens[i]) FZ_CHECK(g[i] == (givens[i] == 1));
        }
        int32_t got[MAXS], n;
        for (int32_t y = 0; y < h; y++) {
            clues_of(g + y * w, w, 1, got, &n);
            FZ_CHECK(same_line(clues[0] + off[0][y], counts[0][y], got, n));
        }
        for (int32_t x = 0; x < w; x++) {
            clues_of(g + x, h, w, got, &n);
            FZ_CHECK(same_line(clues[1] + off[1][x], counts[1][x], got, n));
        }
    }
    /* the same clues as a puzzle object */
    char err[128];
    pc_nonogram *p = NULL;
    if (pc_nonogram_new_from_clues(w, h, counts[0], clues[0], counts[1], clues[1], err, sizeof err, &p) != PC_OK)
        return 0;
    if (use_givens) FZ_CHECK(pc_nonogram_set_cells(p, givens, (size_t)(w * h)) == PC_OK);
    int32_t grade = pc_nonogram_grade(p, tiny(), stats, PC_NONOGRAM_STAT_COUNT);
    int32_t plain = pc_nonogram_solve(p, 2, tiny(), NULL, 0, NULL, 0);
    if (grade >= 0 && plain >= 0) FZ_CHECK((grade == PC_NONOGRAM_GRADE_NONE) == (plain == 0));
    int32_t x = -1, y = -1, v = -1, ax = -1, ix = -1;
    int32_t hk = pc_nonogram_hint(p, tiny(), &x, &y, &v, &ax, &ix);
    if (hk > 0) {
        FZ_CHECK(x >= 0 && x < w && y >= 0 && y < h && (v == 1 || v == 2));
        FZ_CHECK(pc_nonogram_cell(p, x, y) == 0);
    } else {
        FZ_CHECK(hk == PC_EILLEGAL || hk == PC_ENOTFOUND || hk == PC_ELIMIT || hk == PC_ENOMEM);
    }
    int32_t cons = pc_nonogram_consistent(p, tiny());
    FZ_CHECK(cons == 0 || cons == 1 || cons == PC_ELIMIT);
    uint8_t marks[MAXS * MAXS];
    int32_t mk = pc_nonogram_mistakes(p, marks, sizeof marks);
    FZ_CHECK(mk == PC_ENOTFOUND || (mk >= 0 && mk <= w * h));
    pc_nonogram_free(p);
    return 0;
}
