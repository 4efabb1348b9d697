/*
 * The complete line solver.  fwd[j][i] says the first j blocks can be laid in
 * cells [0, i) (cells there not covered by a block may be empty); bwd[j][i]
 * says blocks j..k-1 can be laid in [i, n).  A cell may be empty when some j
 * has fwd[j][c] and bwd[j][c+1]; it may be filled when some valid placement
 * of some block covers it.  Both tables and the placement scan are O(k*n);
 * the "no empty cell inside a block" test is O(1) through prefix counts.
 */
#include "nonogram/line.h"

#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "nonogram/linebits.h"
#include "puzzlecore/nonogram.h"
#include "common/alloc.h"

int pc__line_ws_init(pc__line_ws *ws, int32_t maxlen, int32_t maxk, size_t max_bytes)
{
    memset(ws, 0, sizeof *ws);
    if (maxlen < 1)
        maxlen = 1;
    if (maxk < 0)
        maxk = 0;
    size_t table = (size_t)(maxk + 1) * (size_t)(maxlen + 2);
    size_t bytes = 2 * table + 2 * sizeof(int32_t) * (size_t)(maxlen + 1) + (size_t)maxlen;
    if (max_bytes && bytes > max_bytes)
        return -1;
    ws->fwd = pc__malloc(table);
    ws->bwd = pc__malloc(table);
    ws->emp = pc__malloc(sizeof(int32_t) * (size_t)(maxlen + 1));
    ws->cover = pc__malloc(sizeof(int32_t) * (size_t)(maxlen + 1));
    ws->can_empty = pc__malloc((size_t)maxlen);
    if (!ws->fwd || !ws->bwd || !ws->emp || !ws->cover || !ws->can_empty) {
        pc__line_ws_free(ws);
        return -1;
    }
    ws->maxlen = maxlen;
    ws->maxk = maxk;
    ws->bytes = bytes;
    return 0;
}

void pc__line_ws_free(pc__line_ws *ws)
{
    pc__free(ws->fwd);
    pc__free(ws->bwd);
    pc__free(ws->emp);
    pc__free(ws->cover);
    pc__free(ws->can_empty);
    memset(ws, 0, sizeof *ws);
}

/* The forward table: row j of fwd (positions 0..n) says the first j blocks
 * fit in cells [0, i).  0, or -1 when they cannot all fit. */
static inline int line_forward(uint8_t *fwd, size_t stride, const int32_t *clues, int32_t k, const uint8_t *cells,
                               int32_t n, const int32_t *emp)
{
    uint8_t *f0 = fwd;
    f0[0] = 1;
    for (int32_t i = 1; i <= n; i++)
        f0[i] = (uint8_t)(f0[i - 1] && cells[i - 1] != PC__NF);
    int32_t lo = 0; /* earliest end of block j-1 */
    for (int32_t j = 1; j <= k; j++) {
        uint8_t *fj = fwd + (size_t)j * stride, *fp = fwd + (size_t)(j - 1) * stride;
        int32_t len = clues[j - 1];
        lo += len + (j > 1 ? 1 : 0);
        int any = 0;
        for (int32_t i = 0; i < lo && i <= n; i++)
            fj[i] = 0;
        for (int32_t i = lo; i <= n; i++) {
            uint8_t v = (uint8_t)(fj[i - 1] && cells[i - 1] != PC__NF);
            if (!v) {
                int32_t s = i - len;
                if (emp[i] == emp[s]) {
                    if (j == 1)
                        v = fp[s];
                    else
                        v = (uint8_t)(s >= 1 && cells[s - 1] != PC__NF && fp[s - 1]);
                }
            }
            fj[i] = v;
            any |= v;
        }
        if (!any)
            return -1;
    }
    return fwd[(size_t)k * stride + (size_t)n] ? 0 : -1;
}

/* The backward table: row j of bwd (positions 0..n) says blocks j..k-1
 * fit in cells [i, n). */
static inline void line_backward(uint8_t *bwd, size_t stride, const int32_t *clues, int32_t k, const uint8_t *cells,
                                 int32_t n, const int32_t *emp)
{
    uint8_t *bk = bwd + (size_t)k * stride;
    bk[n] = 1;
    for (int32_t i = n - 1; i >= 0; i--)
        bk[i] = (uint8_t)(bk[i + 1] && cells[i] != PC__NF);
    int32_t hi = n; /* latest start of block j + 1 ... */
    for (int32_t j = k - 1; j >= 0; j--) {
        uint8_t *bj = bwd + (size_t)j * stride, *bn = bwd + (size_t)(j + 1) * stride;
        int32_t len = clues[j];
        hi -= len + (j < k - 1 ? 1 : 0); /* latest start of block j */
        for (int32_t i = n; i > hi; i--)
            bj[i] = 0;
        for (int32_t i = hi; i >= 0; i--) {
            uint8_t v = (uint8_t)(bj[i + 1] && cells[i] != PC__NF);
            if (!v) {
                int32_t e = i + len;
                if (emp[e] == emp[i]) {
                    if (j == k - 1)
                        v = bn[e];
                    else
                        v = (uint8_t)(e < n && cells[e] != PC__NF && bn[e + 1]);
                }
            }
            bj[i] = v;
        }
    }
}

/* The difference array of "some valid placement of some block covers the
 * cell": every placement of block j whose cells hold no empty one and whose
 * neighbours the tables allow. */
static inline void line_cover(pc__line_ws *ws, size_t stride, const int32_t *clues, int32_t k, const uint8_t *cells,
                              int32_t n)
{
    const uint8_t *fwd = ws->fwd, *bwd = ws->bwd;
    const int32_t *emp = ws->emp;
    int32_t *cover = ws->cover;
    memset(cover, 0, sizeof(int32_t) * (size_t)(n + 1));
    int32_t smin = 0;
    for (int32_t j = 0; j < k; j++) {
        int32_t len = clues[j];
        const uint8_t *fp = fwd + (size_t)j * stride; /* blocks 0..j-1 before s */
        const uint8_t *bn = bwd + (size_t)(j + 1) * stride;
        int32_t smax = n - len;
        for (int32_t t = j + 1; t < k; t++)
            smax -= clues[t] + 1;
        for (int32_t s = smin; s <= smax; s++) {
            int32_t e = s + len;
            if (emp[e] != emp[s])
                continue;
            int left = j == 0 ? fp[s] : (s >= 1 && cells[s - 1] != PC__NF && fp[s - 1]);
            if (!left)
                continue;
            int right = j == k - 1 ? bn[e] : (e < n && cells[e] != PC__NF && bn[e + 1]);
            if (!right)
                continue;
            cover[s]++;
            cover[e]--;
        }
        smin += len + 1;
    }
}

int32_t pc__line_solve(pc__line_ws *ws, const int32_t *clues, int32_t k, const uint8_t *cells, int32_t n,
                       uint8_t *out)
{
    const size_t stride = (size_t)n + 2;
    uint8_t *fwd = ws->fwd, *bwd = ws->bwd;
    int32_t *emp = ws->emp, *cover = ws->cover;
    uint8_t *can_empty = ws->can_empty;

    /* quick reject: the blocks must fit */
    int64_t need = 0;
    for (int32_t j = 0; j < k; j++)
        need += clues[j] + (j ? 1 : 0);
    if (need > n)
        return -1;

    emp[0] = 0;
    for (int32_t i = 0; i < n; i++)
        emp[i + 1] = emp[i] + (cells[i] == PC__NE);
    if (line_forward(fwd, stride, clues, k, cells, n, emp))
        return -1;
    line_backward(bwd, stride, clues, k, cells, n, emp);

    /* may a cell be empty? */
    memset(can_empty, 0, (size_t)n);
    for (int32_t j = 0; j <= k; j++) {
        const uint8_t *fj = fwd + (size_t)j * stride, *bj = bwd + (size_t)j * stride;
        for (int32_t c = 0; c < n; c++)
            if (fj[c] && bj[c + 1] && cells[c] != PC__NF)
                can_empty[c] = 1;
    }
    /* may a cell be filled?  every valid placement of every block */
    line_cover(ws, stride, clues, k, cells, n);

    /* write: out[c] may alias cells[c], which is read just before */
    int32_t settled = 0, run = 0;
    for (int32_t c = 0; c < n; c++) {
        run += cover[c];
        uint8_t known = cells[c];
        if (known != PC__NU) {
            out[c] = known;
            continue;
        }
        uint8_t v = run > 0 ? (can_empty[c] ? PC__NU : PC__NF) : PC__NE;
        settled += v != PC__NU;
        out[c] = v;
    }
    return settled;
}

int32_t pc_nonogram_solve_line(const int32_t *clues, int32_t count, const uint8_t *cells, int32_t len,
                               uint8_t *out)
{
    if (!cells || !out || len < 1 || count < 0 || (count > 0 && !clues))
        return PC_EINVAL;
    if (len > PC_NONOGRAM_MAX_SIDE)
        return PC_ERANGE;
    int32_t k = count;
    if (k == 1 && clues[0] == 0)
        k = 0;
    for (int32_t j = 0; j < k; j++)
        if (clues[j] < 1 || clues[j] > len)
            return PC_EINVAL;
    for (int32_t i = 0; i < len; i++)
        if (cells[i] > PC__NE)
            return PC_EINVAL;
    if (k > (len + 1) / 2)
        return PC_EILLEGAL;
    pc__line_ws ws;
    if (pc__line_ws_init(&ws, len, k, 0))
        return PC_ENOMEM;
    int32_t rc = pc__line_solve(&ws, clues, k, cells, len, out);
    pc__line_ws_free(&ws);
    return rc < 0 ? PC_EILLEGAL : rc;
}

/* ---- the bit-parallel line solver (lines of at most PC__LINE_BITS_MAX cells) ----
 *
 * The same DP as pc__line_solve, with one machine word per table row: bit p
 * of f[j] says blocks 0..j-1 fit in cells [0, p) (positions 0..n, so n + 1
 * bits), bit p of b[j] says blocks j..k-1 fit in [p, n).  A block of length L
 * may sit at s when cells [s, s + L) hold no empty cell (the "fit" mask, an
 * AND of L shifted copies built by doubling); stretching a row over cells
 * that may be empty is a Kogge-Stone fill (six shift/and steps).  The cost
 * is O(k log n) word operations instead of O(k n) byte steps. */

/* The solve itself; the clues must fit the line (their sum plus the gaps
 * at most n), which also keeps every block length L <= n (the fit mask's
 * shift n - L + 1 stays positive). */
static inline int32_t line_solve_bits_fitting(const int32_t *clues, int32_t k, int32_t n, uint64_t F, uint64_t E,
                                              uint64_t *outF, uint64_t *outE)
{
    uint64_t f[PC__LINE_BITS_MAX + 2], fit[PC__LINE_BITS_MAX + 2], ls[PC__LINE_BITS_MAX + 2];
    const uint64_t cells = ((uint64_t)1 << n) - 1, pos = ((uint64_t)2 << n) - 1;
    const uint64_t notF = ~F & cells, notE = ~E & cells;
    /* f[0]: p <= the first filled cell */
    f[0] = F ? ((uint64_t)2 << pc__ctz64(F)) - 1 : pos;
    const uint64_t mup = (notF << 1) & pos; /* position p may follow p-1: cell p-1 not filled */
    for (int32_t j = 0; j < k; j++) {
        int32_t L = clues[j];
        fit[j] = runs_of(notE, L) & (((uint64_t)1 << (n - L + 1)) - 1);
        uint64_t start = j == 0 ? f[0] : (f[j] & notF) << 1;
        ls[j] = start & fit[j]; /* the starts the blocks before allow */
        f[j + 1] = fill_up(ls[j] << L, mup) & pos;
        if (!f[j + 1])
            return -1;
    }
    if (!((f[k] >> n) & 1))
        return -1;
    /* b (b[k] first, then b[j] as j goes down; one word is enough): p > the
     * last filled cell.  The same pass gathers the cells that may be empty
     * (between blocks j-1 and j: f[j] and b[j] at the next position) and
     * those a block may cover (its starts that both sides allow, smeared
     * over its length), where separate passes used to recompute both sides
     * (about 10 % of a solve) */
    uint64_t b = F ? pos & ~(((uint64_t)2 << pc__msb64(F)) - 1) : pos;
    uint64_t can_empty = f[k] & (b >> 1), cover = 0;
    const uint64_t mdown = notF; /* position p may precede p+1: cell p not filled */
    for (int32_t j = k - 1; j >= 0; j--) {
        int32_t L = clues[j];
        uint64_t right = j == k - 1 ? b >> L : ((b >> 1) & notF) >> L;
        cover |= smear_up(right & ls[j], L);
        b = fill_down(right & fit[j], mdown, n >= 32) & pos;
        can_empty |= f[j] & (b >> 1);
    }
    can_empty &= notF;
    cover &= cells;
    uint64_t nf = ~can_empty & cells, ne = ~cover & cells;
    if (nf & ne)
        return -1;
    *outF = nf | F;
    *outE = ne | E;
    return pc__popcount64((nf & ~F) | (ne & ~E));
}

int32_t pc__line_solve_bits(const int32_t *clues, int32_t k, int32_t n, uint64_t F, uint64_t E, uint64_t *outF,
                            uint64_t *outE)
{
    if (pc__line_clues_need(clues, k) > n)
        return -1;
    return line_solve_bits_fitting(clues, k, n, F, E, outF, outE);
}

int32_t pc__line_solve_bits_fitting(const int32_t *clues, int32_t k, int32_t n, uint64_t F, uint64_t E,
                                    uint64_t *outF, uint64_t *outE)
{
    return line_solve_bits_fitting(clues, k, n, F, E, outF, outE);
}
