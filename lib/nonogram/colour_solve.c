/*
 * Colour nonogram solving: the line solver (dynamic programming over
 * clue x position on value sets) and the grid solver (propagation over a
 * queue of changed lines, probing at the root, depth-first search with a
 * copy of the grid per level), under the common pc_budget.
 *
 * A cell is a set of values: bit 0 background, bit c colour c.  The line
 * solver computes, for the first j clues, F[j][i] = "clues 0..j-1 fit in
 * cells [0, i) (any background after the last)", and the same from the right
 * end on the reversed line (G); clue j of length L and colour c can start at
 * s when cells s..s+L-1 may all be c, the clues before fit in front of it
 * (with one background cell between when clue j-1 has the same colour) and
 * the clues after fit behind it (likewise).  A cell may be background when
 * some j has F[j][i] and G[k-j][n-i-1].  O(k x n) per line.
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/bits.h"
#include "common/budget.h"
#include "nonogram/colour.h"
#include "nonogram/puzzle.h"
#include "nonogram/solve.h"

void pc__ncline_ws_free(pc__ncline_ws *ws)
{
    pc__free(ws->F);
    pc__free(ws->G);
    pc__free(ws->bad);
    pc__free(ws->diff);
    pc__free(ws->rev);
    memset(ws, 0, sizeof *ws);
}

static int32_t ws_reserve(pc__ncline_ws *ws, int32_t n, int32_t k)
{
    if (n <= ws->n && k <= ws->k && ws->F)
        return PC_OK;
    int32_t nn = n > ws->n ? n : ws->n, kk = k > ws->k ? k : ws->k;
    pc__ncline_ws_free(ws);
    size_t fsz = ((size_t)kk + 1) * ((size_t)nn + 1);
    ws->F = pc__malloc(fsz);
    ws->G = pc__malloc(fsz);
    ws->bad = pc__malloc(2 * (PC_NONOGRAM_MAX_COLOURS + 1) * ((size_t)nn + 1) * sizeof(int32_t));
    ws->diff = pc__malloc((PC_NONOGRAM_MAX_COLOURS + 1) * ((size_t)nn + 1) * sizeof(int32_t));
    ws->rev = pc__malloc((size_t)nn * sizeof(uint32_t));
    if (!ws->F || !ws->G || !ws->bad || !ws->diff || !ws->rev) {
        pc__ncline_ws_free(ws);
        return PC_ENOMEM;
    }
    ws->n = nn;
    ws->k = kk;
    return PC_OK;
}

/* bad[c*(n+1) + i] = cells among 0..i-1 that cannot take value c (for the
 * background and the colours in `used` only) */
static void prefix_bad(int32_t *bad, int32_t ncol, const uint32_t *cells, int32_t n, uint32_t used)
{
    for (int32_t c = 0; c <= ncol; c++) {
        if (!(used & (1u << c)))
            continue;
        int32_t *b = bad + (size_t)c * ((size_t)n + 1);
        uint32_t bit = 1u << c;
        b[0] = 0;
        for (int32_t i = 0; i < n; i++)
            b[i + 1] = b[i] + !(cells[i] & bit);
    }
}

/* Forward table: F[j*(n+1)+i].  `rev` reads the clues from the end. */
static void fill(uint8_t *F, const int32_t *bad, const uint32_t *cells, int32_t n, const int32_t *clues,
                 const uint8_t *colours, int32_t k, int rev)
{
    size_t W = (size_t)n + 1;
    const int32_t *bg = bad; /* colour 0 row */
    F[0] = 1;
    for (int32_t i = 1; i <= n; i++)
        F[i] = (uint8_t)(F[i - 1] && (cells[i - 1] & 1u));
    for (int32_t j = 0; j < k; j++) {
        int32_t jj = rev ? k - 1 - j : j;
        int32_t L = clues[jj];
        uint8_t c = colours[jj];
        int same = j > 0 && colours[rev ? jj + 1 : jj - 1] == c;
        const int32_t *bc = bad + (size_t)c * W;
        const uint8_t *Fp = F + (size_t)j * W;
        uint8_t *Fn = F + (size_t)(j + 1) * W;
        memset(Fn, 0, W);
        for (int32_t s = 0; s + L <= n; s++) {
            if (bc[s + L] - bc[s])
                continue;
            int ok = same ? (s >= 1 && (cells[s - 1] & 1u) && Fp[s - 1]) : Fp[s];
            if (ok)
                Fn[s + L] = 1;
        }
        for (int32_t i = 1; i <= n; i++)
            if (!Fn[i] && Fn[i - 1] && (cells[i - 1] & 1u))
                Fn[i] = 1;
    }
    (void)bg;
}

/* Value sets -> per-value bit masks (bit i of A[c]: cell i may take c). */
static void to_masks(const uint32_t *cells, int32_t n, size_t stride, int32_t ncol, uint64_t *A)
{
    memset(A, 0, (size_t)(ncol + 1) * sizeof *A);
    for (int32_t i = 0; i < n; i++)
        for (uint32_t v = cells[(size_t)i * stride]; v; v &= v - 1)
            A[pc__ctz64(v)] |= (uint64_t)1 << i;
}

static uint32_t value_at(const uint64_t *O, int32_t ncol, int32_t i)
{
    uint32_t v = 0;
    for (int32_t c = 0; c <= ncol; c++)
        v |= (uint32_t)((O[c] >> i) & 1u) << c;
    return v;
}

static int32_t ncline_solve_bytes(pc__ncline_ws *ws, int32_t ncol, const int32_t *clues, const uint8_t *colours,
                                  int32_t k, const uint32_t *cells, int32_t n, uint32_t *out);

int32_t pc__ncline_solve(pc__ncline_ws *ws, int32_t ncol, const int32_t *clues, const uint8_t *colours, int32_t k,
                         const uint32_t *cells, int32_t n, uint32_t *out)
{
    if (n > PC__NCLINE_BITS_MAX)
        return ncline_solve_bytes(ws, ncol, clues, colours, k, cells, n, out);
    uint64_t A[PC_NONOGRAM_MAX_COLOURS + 1], O[PC_NONOGRAM_MAX_COLOURS + 1];
    to_masks(cells, n, 1, ncol, A);
    if (pc__ncline_solve_bits(ncol, clues, colours, k, n, A, O) < 0)
        return -1;
    int32_t changed = 0;
    for (int32_t i = 0; i < n; i++) {
        uint32_t v = value_at(O, ncol, i);
        changed += v != cells[i];
        out[i] = v;
    }
    return changed;
}

/* The byte-wise solver, for lines longer than a word. */
static int32_t ncline_solve_bytes(pc__ncline_ws *ws, int32_t ncol, const int32_t *clues, const uint8_t *colours,
                                  int32_t k, const uint32_t *cells, int32_t n, uint32_t *out)
{
    if (k == 1 && clues[0] == 0)
        k = 0;
    if (ws_reserve(ws, n, k) != PC_OK)
        return PC_ENOMEM;
    size_t W = (size_t)n + 1;
    int32_t *bad = ws->bad, *rbad = ws->bad + (size_t)(ncol + 1) * W;
    uint32_t *rc = ws->rev;
    for (int32_t i = 0; i < n; i++)
        rc[i] = cells[n - 1 - i];
    uint32_t used = 1;
    for (int32_t j = 0; j < k; j++)
        used |= 1u << colours[j];
    prefix_bad(bad, ncol, cells, n, used);
    prefix_bad(rbad, ncol, rc, n, used);
    fill(ws->F, bad, cells, n, clues, colours, k, 0);
    if (!ws->F[(size_t)k * W + (size_t)n])
        return -1;
    fill(ws->G, rbad, rc, n, clues, colours, k, 1);
    const uint8_t *F = ws->F, *G = ws->G;
    int32_t *diff = ws->diff;
    memset(diff, 0, (size_t)(ncol + 1) * W * sizeof(int32_t));
    for (int32_t j = 0; j < k; j++) {
        int32_t L = clues[j];
        uint8_t c = colours[j];
        const int32_t *bc = bad + (size_t)c * W;
        int same_before = j > 0 && colours[j - 1] == c;
        int same_after = j + 1 < k && colours[j + 1] == c;
        const uint8_t *Fj = F + (size_t)j * W, *Gr = G + (size_t)(k - j - 1) * W;
        int32_t *d = diff + (size_t)c * W;
        for (int32_t s = 0; s + L <= n; s++) {
            int32_t e = s + L;
            if (bc[e] - bc[s])
                continue;
            if (!(same_before ? (s >= 1 && (cells[s - 1] & 1u) && Fj[s - 1]) : Fj[s]))
                continue;
            if (!(same_after ? (e < n && (cells[e] & 1u) && Gr[n - e - 1]) : Gr[n - e]))
                continue;
            d[s]++;
            d[e]--;
        }
    }
    int32_t changed = 0;
    int32_t run[PC_NONOGRAM_MAX_COLOURS + 1];
    memset(run, 0, sizeof run);
    for (int32_t i = 0; i < n; i++) {
        uint32_t v = 0;
        if (cells[i] & 1u)
            for (int32_t j = 0; j <= k; j++)
                if (F[(size_t)j * W + (size_t)i] && G[(size_t)(k - j) * W + (size_t)(n - i - 1)]) {
                    v = 1;
                    break;
                }
        for (int32_t c = 1; c <= ncol; c++) {
            if (!(used & (1u << c)))
                continue;
            run[c] += diff[(size_t)c * W + (size_t)i];
            if (run[c] > 0)
                v |= 1u << c;
        }
        if (!v)
            return -1;
        changed += v != cells[i];
        out[i] = v;
    }
    return changed;
}

int32_t pc_nonogram_solve_line_colour(int32_t ncolours, const int32_t *clues, const uint8_t *colours, int32_t count,
                                      const uint32_t *cells, int32_t len, uint32_t *out)
{
    if (!cells || !out || len < 1 || count < 0 || ncolours < 1 || ncolours > PC_NONOGRAM_MAX_COLOURS ||
        (count && (!clues || !colours)))
        return PC_EINVAL;
    if (len > PC_NONOGRAM_MAX_SIDE)
        return PC_ERANGE;
    uint32_t full = (1u << (ncolours + 1)) - 1;
    for (int32_t i = 0; i < len; i++)
        if (!cells[i] || (cells[i] & ~full))
            return PC_EINVAL;
    for (int32_t j = 0; j < count; j++) {
        if (clues[j] == 0 && count == 1)
            break;
        if (clues[j] < 1 || clues[j] > len || colours[j] < 1 || colours[j] > ncolours)
            return PC_EINVAL;
    }
    pc__ncline_ws ws;
    memset(&ws, 0, sizeof ws);
    uint32_t *tmp = pc__malloc((size_t)len * sizeof(uint32_t));
    if (!tmp)
        return PC_ENOMEM;
    int32_t r = pc__ncline_solve(&ws, ncolours, clues, colours, count, cells, len, tmp);
    pc__ncline_ws_free(&ws);
    if (r >= 0)
        memcpy(out, tmp, (size_t)len * sizeof(uint32_t));
    pc__free(tmp);
    return r == -1 ? PC_EILLEGAL : r;
}

/* ---- the grid solver ---------------------------------------------------------------- */

/* The line cache (lines of at most PC__NCLINE_BITS_MAX cells): entry e
 * holds a line's number, its input masks and the solver's answer.  Sized by
 * ncs_init (line NULL: no cache), written by solve_masks. */
typedef struct ncs_cache {
    uint32_t mask;
    int32_t *line;
    int8_t *res;
    uint64_t *in, *out; /* (ncol + 1) words per entry; in: the block holding all four */
} ncs_cache;

/* The colour grid solver.  The shape and the clues are written by ncs_init
 * only; the state, the queue and the counters by propagation, probing and
 * the search. */
typedef struct ncs {
    int32_t w, h, ncol, nlines, ncells;
    int32_t *kstart, *kcount, *clue; /* per line: offset and count of its clues in clue[] */
    uint8_t *ccol;                   /* each clue's colour */
    uint32_t *lused;                 /* per line: the background and its clues' colours */
    /* The state (one block, so that one memcpy saves and restores it):
     * cells[c], the values cell c may still take, then — for puzzles whose
     * lines all fit a word — lm[line * (ncol + 1) + v], bit i set when cell
     * i of the line may take value v, kept equal to cells by set_cell. */
    uint32_t *cells;
    uint64_t *lm;
    size_t state_bytes;
    uint32_t *lin, *lout; /* one long line in and the line solver's answer */
    int32_t *queue;       /* ring of lines to solve, each at most once (inq) */
    uint8_t *inq;
    int32_t qhead, qlen;
    pc__ncline_ws ws;
    pc__meter *m; /* the caller's budget */
    int64_t nodes, line_solves, probes, cache_hits;
    int32_t bad_line; /* the line of the last contradiction (for hints) */
    uint64_t bytes; /* memory held */
    ncs_cache cache;
} ncs;

enum { NC_OK = 0, NC_CONTRA = 1 };

static inline int popc(uint32_t v)
{
    return pc__popcount64(v);
}

static void enqueue(ncs *s, int32_t line)
{
    if (s->inq[line])
        return;
    s->inq[line] = 1;
    s->queue[(s->qhead + s->qlen) % s->nlines] = line;
    s->qlen++;
}

static void enqueue_cell(ncs *s, int32_t c)
{
    enqueue(s, c / s->w);
    enqueue(s, s->h + c % s->w);
}

/* Cell c takes the value set v (the line masks follow). */
static inline void set_cell(ncs *s, int32_t c, uint32_t v)
{
    uint32_t flip = s->cells[c] ^ v;
    s->cells[c] = v;
    if (!s->lm || !flip)
        return;
    const size_t W = (size_t)s->ncol + 1;
    int32_t y = c / s->w, x = c % s->w;
    uint64_t *row = s->lm + (size_t)y * W, *col = s->lm + (size_t)(s->h + x) * W;
    for (; flip; flip &= flip - 1) {
        int b = pc__ctz64(flip);
        row[b] ^= (uint64_t)1 << x;
        col[b] ^= (uint64_t)1 << y;
    }
}

/* The line masks of the start (ncs_start): an open cell takes every value
 * both its lines use, so row y's mask of value v is the columns using v
 * (when row y uses it), and likewise for columns; then each given cell
 * (NULL: none) trades those values for its own. */
static void lm_build(ncs *s, const uint8_t *givens)
{
    if (!s->lm)
        return;
    const size_t W = (size_t)s->ncol + 1;
    uint64_t has[2][PC_NONOGRAM_MAX_COLOURS + 1]; /* [0][v]: the columns using v; [1][v]: the rows */
    memset(has, 0, sizeof has);
    for (int32_t l = 0; l < s->nlines; l++)
        for (uint32_t u = s->lused[l]; u; u &= u - 1)
            has[l < s->h][pc__ctz64(u)] |= (uint64_t)1 << (l < s->h ? l : l - s->h);
    for (int32_t l = 0; l < s->nlines; l++) {
        uint64_t *m = s->lm + (size_t)l * W;
        memset(m, 0, W * sizeof *m);
        for (uint32_t u = s->lused[l]; u; u &= u - 1) {
            int b = pc__ctz64(u);
            m[b] = has[l >= s->h][b];
        }
    }
    for (int32_t c = 0; givens && c < s->ncells; c++) {
        if (givens[c] == PC_NONOGRAM_COLOUR_UNKNOWN)
            continue;
        int32_t y = c / s->w, x = c % s->w;
        uint64_t *row = s->lm + (size_t)y * W, *col = s->lm + (size_t)(s->h + x) * W;
        for (uint32_t u = s->lused[y] & s->lused[s->h + x]; u; u &= u - 1) {
            int b = pc__ctz64(u);
            row[b] &= ~((uint64_t)1 << x);
            col[b] &= ~((uint64_t)1 << y);
        }
        row[givens[c]] |= (uint64_t)1 << x;
        col[givens[c]] |= (uint64_t)1 << y;
    }
}

/* Take the next line off the queue (not empty). */
static inline int32_t dequeue(ncs *s)
{
    int32_t line = s->queue[s->qhead];
    s->qhead = (s->qhead + 1) % s->nlines;
    s->qlen--;
    s->inq[line] = 0;
    return line;
}

static void clear_queue(ncs *s)
{
    while (s->qlen)
        dequeue(s);
}

/* The cells down to one value (a value set is never empty). */
static int32_t known(const ncs *s)
{
    int32_t k = 0;
    for (int32_t c = 0; c < s->ncells; c++)
        k += (s->cells[c] & (s->cells[c] - 1)) == 0;
    return k;
}

static int32_t over_budget(ncs *s)
{
    pc__meter *m = s->m;
    if (m->max_nodes > 0 && s->nodes > m->max_nodes) {
        m->status = PC_ELIMIT;
        return PC_ELIMIT;
    }
    if (m->status != PC_OK)
        return m->status;
    if ((s->line_solves & 255) == 0) {
        m->nodes = (m->max_nodes > 0 && s->nodes >= m->max_nodes) ? m->max_nodes - 1 : s->nodes;
        m->bound = (double)known(s);
        return pc__meter_check(m);
    }
    return PC_OK;
}

/* A line's masks -> the solver's answer, through the cache: 0 or -1. */
static int32_t solve_masks(ncs *s, int32_t line, int32_t n, const uint64_t *A, uint64_t *O)
{
    const int32_t W = s->ncol + 1;
    const int32_t *clue = s->clue + s->kstart[line];
    const uint8_t *ccol = s->ccol + s->kstart[line];
    if (!s->cache.line)
        return pc__ncline_solve_bits(s->ncol, clue, ccol, s->kcount[line], n, A, O);
    uint64_t hsh = (uint64_t)(line + 1) * 0x9E3779B97F4A7C15ull;
    for (int32_t c = 0; c < W; c++)
        hsh = (hsh ^ A[c]) * 0xff51afd7ed558ccdull;
    hsh ^= hsh >> 29;
    uint32_t e = (uint32_t)hsh & s->cache.mask;
    uint64_t *in = s->cache.in + (size_t)e * (size_t)W, *out = s->cache.out + (size_t)e * (size_t)W;
    if (s->cache.line[e] == line && memcmp(in, A, (size_t)W * sizeof *A) == 0) {
        s->cache_hits++;
        memcpy(O, out, (size_t)W * sizeof *O);
        return s->cache.res[e];
    }
    int32_t r = pc__ncline_solve_bits(s->ncol, clue, ccol, s->kcount[line], n, A, O);
    s->cache.line[e] = line;
    s->cache.res[e] = (int8_t)r;
    memcpy(in, A, (size_t)W * sizeof *A);
    memcpy(out, O, (size_t)W * sizeof *O);
    return r;
}

/* Word-sized lines with line masks kept: the line's masks become the
 * answer O; each cell that lost values (bits the masks A had and O has not)
 * takes its new value set, clears its bit in the crossing line's masks of
 * the values it lost, and queues the crossing line (once per cell). */
static inline void narrow_lm(ncs *s, int32_t line, int32_t base, int32_t stride, const uint64_t *A, const uint64_t *O)
{
    const size_t W = (size_t)s->ncol + 1;
    const int32_t me = line < s->h ? line : line - s->h, cross0 = line < s->h ? s->h : 0;
    const uint64_t mine = ~((uint64_t)1 << me);
    const uint32_t used = s->lused[line];
    uint64_t *Lm = s->lm + (size_t)line * W, gone = 0;
    for (uint32_t u = used; u; u &= u - 1) {
        int b = pc__ctz64(u);
        gone |= A[b] & ~O[b];
        Lm[b] = O[b]; /* O is within A: unchanged where nothing went */
    }
    for (; gone; gone &= gone - 1) {
        int32_t i = pc__ctz64(gone);
        uint32_t *cell = s->cells + base + i * stride, v = 0;
        for (uint32_t u = used; u; u &= u - 1) {
            int b = pc__ctz64(u);
            v |= (uint32_t)((O[b] >> i) & 1u) << b;
        }
        uint64_t *cross = s->lm + (size_t)(cross0 + i) * W;
        for (uint32_t lost = *cell & ~v; lost; lost &= lost - 1)
            cross[pc__ctz64(lost)] &= mine;
        *cell = v;
        enqueue(s, cross0 + i);
    }
}

/* One line that fits a word: its masks (kept in lm, or built from the
 * cells), the answer through the cache, the cells narrowed and the crossing
 * lines queued.  NC_OK, NC_CONTRA or a negative status. */
static inline int32_t propagate_masks(ncs *s, int32_t line, int32_t base, int32_t stride, int32_t n)
{
    uint64_t A[PC_NONOGRAM_MAX_COLOURS + 1], O[PC_NONOGRAM_MAX_COLOURS + 1];
    if (s->lm)
        memcpy(A, s->lm + (size_t)line * ((size_t)s->ncol + 1), ((size_t)s->ncol + 1) * sizeof *A);
    else
        to_masks(s->cells + base, n, (size_t)stride, s->ncol, A);
    int32_t r = solve_masks(s, line, n, A, O);
    s->line_solves++;
    int32_t st = over_budget(s);
    if (st != PC_OK)
        return st;
    if (r < 0)
        return NC_CONTRA;
    if (s->lm) {
        narrow_lm(s, line, base, stride, A, O);
        return NC_OK;
    }
    uint64_t gone = 0;
    for (int32_t c = 0; c <= s->ncol; c++)
        gone |= A[c] & ~O[c];
    for (; gone; gone &= gone - 1) {
        int32_t i = pc__ctz64(gone), c = base + i * stride;
        set_cell(s, c, value_at(O, s->ncol, i));
        enqueue(s, line < s->h ? s->h + c % s->w : c / s->w);
    }
    return NC_OK;
}

/* One line longer than a word, through the value-set line solver: the
 * cells narrowed and the crossing lines queued.  NC_OK, NC_CONTRA or a
 * negative status. */
static int32_t propagate_long(ncs *s, int32_t line, int32_t base, int32_t stride, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
        s->lin[i] = s->cells[base + i * stride];
    int32_t r = pc__ncline_solve(&s->ws, s->ncol, s->clue + s->kstart[line], s->ccol + s->kstart[line],
                                 s->kcount[line], s->lin, n, s->lout);
    s->line_solves++;
    int32_t st = over_budget(s);
    if (st != PC_OK)
        return st;
    if (r == PC_ENOMEM)
        return r;
    if (r < 0)
        return NC_CONTRA;
    if (r > 0)
        for (int32_t i = 0; i < n; i++)
            if (s->lout[i] != s->lin[i]) {
                int32_t c = base + i * stride;
                set_cell(s, c, s->lout[i]);
                enqueue(s, line < s->h ? s->h + c % s->w : c / s->w);
            }
    return NC_OK;
}

/* NC_OK, NC_CONTRA, or a negative status */
static int32_t propagate(ncs *s)
{
    while (s->qlen) {
        int32_t line = dequeue(s);
        int32_t base = line < s->h ? line * s->w : line - s->h, stride = line < s->h ? 1 : s->w;
        int32_t n = line < s->h ? s->w : s->h;
        int32_t r = n <= PC__NCLINE_BITS_MAX ? propagate_masks(s, line, base, stride, n)
                                             : propagate_long(s, line, base, stride, n);
        if (r == NC_CONTRA) {
            clear_queue(s);
            s->bad_line = line;
            return NC_CONTRA;
        }
        if (r != NC_OK)
            return r;
    }
    return NC_OK;
}

static void ncs_free(ncs *s)
{
    pc__free(s->kstart);
    pc__free(s->kcount);
    pc__free(s->clue);
    pc__free(s->ccol);
    pc__free(s->lused);
    pc__free(s->cells);
    pc__free(s->lin);
    pc__free(s->lout);
    pc__free(s->queue);
    pc__free(s->inq);
    pc__free(s->cache.in); /* the cache's one block */
    pc__ncline_ws_free(&s->ws);
}

/* The solver's arrays for `total` clues: PC_OK or PC_ENOMEM. */
static int32_t ncs_alloc(ncs *s, int64_t total)
{
    int32_t w = s->w, h = s->h;
    size_t side = (size_t)(w > h ? w : h), npad = ((size_t)s->ncells + 1) & ~(size_t)1;
    s->kstart = pc__malloc((size_t)s->nlines * sizeof(int32_t));
    s->kcount = pc__malloc((size_t)s->nlines * sizeof(int32_t));
    s->clue = pc__malloc((size_t)(total + s->nlines) * sizeof(int32_t));
    s->ccol = pc__malloc((size_t)(total + s->nlines));
    s->lused = pc__malloc((size_t)s->nlines * sizeof(uint32_t));
    s->state_bytes = (size_t)s->ncells * sizeof(uint32_t);
    if (side <= PC__NCLINE_BITS_MAX)
        s->state_bytes = npad * sizeof(uint32_t) + (size_t)s->nlines * ((size_t)s->ncol + 1) * sizeof(uint64_t);
    s->cells = pc__malloc(s->state_bytes);
    if (s->cells && side <= PC__NCLINE_BITS_MAX)
        s->lm = (uint64_t *)(void *)(s->cells + npad);
    s->lin = pc__malloc(side * sizeof(uint32_t));
    s->lout = pc__malloc(side * sizeof(uint32_t));
    s->queue = pc__malloc((size_t)s->nlines * sizeof(int32_t));
    s->inq = pc__calloc((size_t)s->nlines, 1);
    if (!s->kstart || !s->kcount || !s->clue || !s->ccol || !s->lused || !s->cells || !s->lin || !s->lout ||
        !s->queue || !s->inq)
        return PC_ENOMEM;
    s->bytes = (uint64_t)s->state_bytes + (uint64_t)(total + 1) * 5 + (uint64_t)s->nlines * 13 + side * 8;
    return PC_OK;
}

/* The line cache, for puzzles whose lines all fit a word: one block of at
 * most 64 KiB (16 entries a line, from 64 to 1024 entries), so that it is
 * reused from the heap without new pages: a fresh page costs a fault, and a
 * larger table made every easy puzzle pay hundreds of them. */
static int32_t ncs_cache_init(ncs *s)
{
    size_t W = (size_t)s->ncol + 1, per = 16 * W + sizeof(int32_t) + 1;
    uint32_t entries = 64;
    while (entries < 1024 && entries < (uint32_t)s->nlines * 16 && 2 * entries * per <= 65536)
        entries *= 2;
    uint8_t *blk = pc__malloc(entries * per);
    if (!blk)
        return PC_ENOMEM;
    s->cache.in = (uint64_t *)(void *)blk;
    s->cache.out = s->cache.in + (size_t)entries * W;
    s->cache.line = (int32_t *)(void *)(s->cache.out + (size_t)entries * W);
    s->cache.res = (int8_t *)(s->cache.line + entries);
    for (uint32_t e = 0; e < entries; e++)
        s->cache.line[e] = -1;
    s->cache.mask = entries - 1;
    s->bytes += (uint64_t)entries * per;
    return PC_OK;
}

/* Validate and copy the clues of one family (a = 0 rows, 1 columns) from
 * clue slot *k on; an empty line gets the clue 0. */
static int32_t ncs_copy_clues(ncs *s, int a, const int32_t *counts, const int32_t *clues, const uint8_t *colours,
                              int32_t *k)
{
    int32_t lines = a == 0 ? s->h : s->w, len = a == 0 ? s->w : s->h, first = a == 0 ? 0 : s->h;
    int32_t p = 0;
    for (int32_t i = 0; i < lines; i++) {
        int32_t line = first + i, cnt = counts[i];
        int64_t need = 0;
        s->kstart[line] = *k;
        s->kcount[line] = cnt;
        s->lused[line] = 1;
        for (int32_t j = 0; j < cnt; j++, p++, ++*k) {
            int32_t v = clues[p], c = colours[p];
            if (v == 0 && cnt == 1)
                c = 0;
            else if (v < 1 || c < 1 || c > s->ncol)
                return PC_EINVAL;
            need += v + (j > 0 && s->ccol[*k - 1] == c ? 1 : 0);
            s->clue[*k] = v;
            s->ccol[*k] = (uint8_t)c;
            s->lused[line] |= 1u << c;
        }
        if (need > len)
            return PC_EINVAL;
        if (cnt == 0) { /* an empty line: the clue 0 */
            s->clue[*k] = 0;
            s->ccol[*k] = 0;
            s->kcount[line] = 1;
            ++*k;
        }
    }
    return PC_OK;
}

/* Validate and copy the clues (rows, then columns). */
static int32_t ncs_init(ncs *s, int32_t w, int32_t h, int32_t ncol, const int32_t *counts[2],
                        const int32_t *clues[2], const uint8_t *colours[2])
{
    memset(s, 0, sizeof *s);
    s->w = w;
    s->h = h;
    s->ncol = ncol;
    s->nlines = w + h;
    s->ncells = w * h;
    int64_t total = 0;
    for (int a = 0; a < 2; a++) {
        int32_t lines = a == 0 ? h : w, len = a == 0 ? w : h;
        for (int32_t i = 0; i < lines; i++) {
            if (counts[a][i] < 0 || counts[a][i] > len)
                return PC_EINVAL;
            total += counts[a][i];
        }
    }
    int32_t rc = ncs_alloc(s, total);
    if (rc == PC_OK && (w > h ? w : h) <= PC__NCLINE_BITS_MAX)
        rc = ncs_cache_init(s);
    int32_t k = 0;
    for (int a = 0; a < 2 && rc == PC_OK; a++)
        rc = ncs_copy_clues(s, a, counts[a], clues[a], colours[a], &k);
    return rc;
}

static void put_stats(int64_t *stats, size_t nstats, const int64_t *st)
{
    if (!stats)
        return;
    size_t n = nstats < PC_NONOGRAM_STAT_COUNT ? nstats : PC_NONOGRAM_STAT_COUNT;
    memcpy(stats, st, n * sizeof(int64_t));
}

static int32_t pick_cell(const ncs *s, uint32_t *bit)
{
    int32_t best = -1, bp = 99;
    for (int32_t c = 0; c < s->ncells; c++) {
        uint32_t v = s->cells[c];
        if (!(v & (v - 1)))
            continue; /* settled */
        int p = popc(v);
        if (p < bp) {
            bp = p;
            best = c;
            if (p == 2)
                break;
        }
    }
    if (best >= 0) {
        uint32_t v = s->cells[best];
        uint32_t col = v & ~1u;
        *bit = col ? (col & (~col + 1)) : (v & (~v + 1));
    }
    return best;
}

/* The probe of value `bit` in cell c: assumed and propagated, then the
 * state restored from a copy in save.  NC_OK, NC_CONTRA (s->bad_line: where
 * line logic broke down) or a negative status. */
static int32_t probe_value(ncs *s, uint32_t *save, int32_t c, uint32_t bit)
{
    memcpy(save, s->cells, s->state_bytes);
    set_cell(s, c, bit);
    enqueue_cell(s, c);
    int32_t r = propagate(s);
    s->probes++;
    memcpy(s->cells, save, s->state_bytes);
    return r;
}

/* Probing at the root until nothing changes: NC_OK, NC_CONTRA or a status. */
static int32_t probe_all(ncs *s, uint32_t *save)
{
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int32_t c = 0; c < s->ncells; c++) {
            uint32_t v = s->cells[c];
            if (popc(v) < 2)
                continue;
            for (uint32_t rest = v; rest; rest &= rest - 1) {
                uint32_t b = rest & (~rest + 1);
                if (!(s->cells[c] & b) || popc(s->cells[c]) < 2)
                    continue;
                int32_t r = probe_value(s, save, c, b);
                if (r < 0)
                    return r;
                if (r == NC_CONTRA) {
                    set_cell(s, c, s->cells[c] & ~b);
                    enqueue_cell(s, c);
                    r = propagate(s);
                    if (r != NC_OK)
                        return r;
                    changed = 1;
                }
            }
        }
    }
    return NC_OK;
}

struct frame {
    int32_t cell;
    uint32_t bit;
    int32_t second;
};

/* The start of a solve: every cell open but the givens (NULL: none), the
 * line masks built, every line queued. */
static void ncs_start(ncs *s, const uint8_t *givens)
{
    for (int32_t y = 0, c = 0; y < s->h; y++)
        for (int32_t x = 0; x < s->w; x++, c++)
            s->cells[c] = !givens || givens[c] == PC_NONOGRAM_COLOUR_UNKNOWN ? s->lused[y] & s->lused[s->h + x]
                                                                             : 1u << givens[c];
    lm_build(s, givens);
    for (int32_t l = 0; l < s->nlines; l++)
        enqueue(s, l);
}

/* The root: propagation, then probing; the grade it shows and the cells
 * each settled into st.  NC_OK, NC_CONTRA or a negative status. */
static int32_t ncs_root(ncs *s, uint32_t *probe_save, int32_t *grade, int64_t *st)
{
    int32_t r = propagate(s);
    st[PC_NONOGRAM_STAT_LINE_CELLS] = r == NC_OK ? known(s) : 0;
    if (r != NC_OK)
        return r;
    if (st[PC_NONOGRAM_STAT_LINE_CELLS] == s->ncells) {
        *grade = PC_NONOGRAM_GRADE_LINE;
        return r;
    }
    r = probe_all(s, probe_save);
    if (r == NC_OK) {
        int32_t kn = known(s);
        st[PC_NONOGRAM_STAT_PROBE_CELLS] = kn - st[PC_NONOGRAM_STAT_LINE_CELLS];
        *grade = kn == s->ncells ? PC_NONOGRAM_GRADE_PROBE : PC_NONOGRAM_GRADE_SEARCH;
    }
    return r;
}

/* The search stack: a frame and a saved state per level. */
typedef struct ncs_stack {
    struct frame *fr;
    uint8_t *saves;
    int32_t depth, maxdepth, cap;
} ncs_stack;

/* Room for one more level: the stack doubled when full (the memory
 * counted against the budget).  PC_OK, PC_ELIMIT or PC_ENOMEM. */
static int32_t stack_reserve(ncs *s, ncs_stack *k)
{
    if (k->depth < k->cap)
        return PC_OK;
    const size_t SB = s->state_bytes;
    int32_t nc = k->cap ? 2 * k->cap : 16;
    uint64_t more = (uint64_t)(nc - k->cap) * (SB + sizeof(struct frame));
    if (pc__meter_over_bytes(s->m, s->bytes, more))
        return PC_ELIMIT;
    struct frame *f2 = pc__realloc(k->fr, (size_t)nc * sizeof *k->fr);
    if (!f2)
        return PC_ENOMEM;
    k->fr = f2;
    uint8_t *s2 = pc__realloc(k->saves, (size_t)nc * SB);
    if (!s2)
        return PC_ENOMEM;
    k->saves = s2;
    s->bytes += more;
    k->cap = nc;
    return PC_OK;
}

/* The solved grid (every cell one value) as palette indices into sol. */
static void write_solution(const ncs *s, uint8_t *sol)
{
    for (int32_t i = 0; i < s->ncells; i++) {
        sol[i] = (uint8_t)pc__ctz64(s->cells[i]);
    }
}

/* Branch on cell c: save the state, push a level, take value `bit`.
 * NC_OK/NC_CONTRA (the propagation's result) or a negative status. */
static int32_t branch(ncs *s, ncs_stack *k, int32_t c, uint32_t bit)
{
    int32_t rc = stack_reserve(s, k);
    if (rc != PC_OK)
        return rc;
    s->nodes++;
    if ((rc = over_budget(s)) != PC_OK)
        return rc;
    k->fr[k->depth].cell = c;
    k->fr[k->depth].bit = bit;
    k->fr[k->depth].second = 0;
    memcpy(k->saves + (size_t)k->depth * s->state_bytes, s->cells, s->state_bytes);
    k->depth++;
    if (k->depth > k->maxdepth)
        k->maxdepth = k->depth;
    set_cell(s, c, bit);
    enqueue_cell(s, c);
    return propagate(s);
}

/* After a contradiction: restore the deepest level that has not had its
 * second branch (the cell without the value tried) and take it.  The
 * propagation's result, a negative status, or 2 when no level is left. */
static int32_t backtrack(ncs *s, ncs_stack *k)
{
    while (k->depth > 0 && k->fr[k->depth - 1].second)
        k->depth--;
    if (k->depth == 0)
        return 2;
    struct frame *f = &k->fr[k->depth - 1];
    memcpy(s->cells, k->saves + (size_t)(k->depth - 1) * s->state_bytes, s->state_bytes);
    f->second = 1;
    s->nodes++;
    int32_t rc = over_budget(s);
    if (rc != PC_OK)
        return rc;
    set_cell(s, f->cell, s->cells[f->cell] & ~f->bit);
    enqueue_cell(s, f->cell);
    return propagate(s);
}

static int32_t run_solver(ncs *s, const uint8_t *givens, int32_t max_solutions, uint8_t *solutions, size_t cap,
                          int64_t *st)
{
    size_t N = (size_t)s->ncells;
    ncs_start(s, givens);
    size_t room = N ? cap / N : 0;
    int32_t found = 0;
    ncs_stack k = {NULL, NULL, 0, 0, 0};
    uint32_t *probe_save = pc__malloc(s->state_bytes);
    int32_t rc = probe_save ? PC_OK : PC_ENOMEM;
    int32_t grade = PC_NONOGRAM_GRADE_NONE;
    int32_t r = rc == PC_OK ? ncs_root(s, probe_save, &grade, st) : rc;
    s->bytes += s->state_bytes;
    for (;;) {
        if (r < 0) {
            rc = r;
            break;
        }
        if (r == NC_OK) {
            uint32_t bit = 0;
            int32_t c = pick_cell(s, &bit);
            if (c >= 0) {
                r = branch(s, &k, c, bit);
                continue;
            }
            if ((size_t)found < room)
                write_solution(s, solutions + (size_t)found * N);
            if (++found >= max_solutions)
                break;
        }
        r = backtrack(s, &k);
        if (r == 2)
            break;
    }
    pc__free(k.fr);
    pc__free(k.saves);
    pc__free(probe_save);
    if (found == 0)
        grade = PC_NONOGRAM_GRADE_NONE;
    else if (found > 1 || grade == PC_NONOGRAM_GRADE_NONE)
        grade = PC_NONOGRAM_GRADE_SEARCH;
    st[PC_NONOGRAM_STAT_NODES] = s->nodes;
    st[PC_NONOGRAM_STAT_LINE_SOLVES] = s->line_solves;
    st[PC_NONOGRAM_STAT_PROBES] = s->probes;
    st[PC_NONOGRAM_STAT_GRADE] = grade;
    st[PC_NONOGRAM_STAT_MAX_DEPTH] = k.maxdepth;
    st[PC_NONOGRAM_STAT_MEMORY] = (int64_t)s->bytes;
    st[PC_NONOGRAM_STAT_SOLUTIONS] = found;
    return rc == PC_OK ? found : rc;
}

int32_t pc__ncol_solve_metered(int32_t w, int32_t h, int32_t ncol, const int32_t *counts[2], const int32_t *clues[2],
                               const uint8_t *colours[2], const uint8_t *givens, int32_t max_solutions,
                               pc__meter *m, uint8_t *solutions, size_t cap, int64_t *stats, size_t nstats)
{
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    memset(st, 0, sizeof st);
    if (pc__nonogram_check_size(w, h) != PC_OK)
        return PC_ERANGE;
    if (ncol < 1 || ncol > PC_NONOGRAM_MAX_COLOURS || max_solutions < 1 || (!solutions && cap) ||
        (!stats && nstats))
        return PC_EINVAL;
    size_t N = (size_t)w * (size_t)h;
    if (givens)
        for (size_t i = 0; i < N; i++)
            if (givens[i] != PC_NONOGRAM_COLOUR_UNKNOWN && givens[i] > ncol)
                return PC_EINVAL;
    if ((uint64_t)N * 4 > 256u * 1024 * 1024 / 8) {
        put_stats(stats, nstats, st);
        return PC_ERANGE;
    }
    ncs s;
    int32_t rc = ncs_init(&s, w, h, ncol, counts, clues, colours);
    if (rc == PC_EINVAL) {
        ncs_free(&s);
        return rc;
    }
    if (rc == PC_OK) {
        s.m = m;
        rc = m->status;
        if (rc == PC_OK)
            rc = run_solver(&s, givens, max_solutions, solutions, cap, st);
    }
    ncs_free(&s);
    put_stats(stats, nstats, st);
    return rc;
}

int32_t pc_nonogram_solve_colour_clues(int32_t w, int32_t h, int32_t ncolours, const int32_t *row_counts,
                                       const int32_t *row_clues, const uint8_t *row_colours,
                                       const int32_t *col_counts, const int32_t *col_clues,
                                       const uint8_t *col_colours, const uint8_t *givens, int32_t max_solutions,
                                       const pc_budget *budget, uint8_t *solutions, size_t cap, int64_t *stats,
                                       size_t nstats)
{
    if (!row_counts || !row_clues || !row_colours || !col_counts || !col_clues || !col_colours)
        return PC_EINVAL;
    pc__meter m;
    int32_t rc = pc__meter_start(&m, budget);
    if (rc != PC_OK)
        return rc;
    const int32_t *counts[2] = {row_counts, col_counts}, *clues[2] = {row_clues, col_clues};
    const uint8_t *colours[2] = {row_colours, col_colours};
    return pc__ncol_solve_metered(w, h, ncolours, counts, clues, colours, givens, max_solutions, &m, solutions, cap,
                                  stats, nstats);
}

/* The puzzle's clue arrays in the solver's shape (colours filled in for a
 * black-and-white puzzle).  Free with pc__free(*colours_buf). */
static int32_t puzzle_colours(const pc_nonogram *g, uint8_t *colours[2])
{
    colours[0] = colours[1] = NULL;
    for (int a = 0; a < 2; a++) {
        size_t n = (size_t)g->off[a][a == 0 ? g->h : g->w];
        if (g->ccol[a]) {
            colours[a] = g->ccol[a];
            continue;
        }
        colours[a] = pc__malloc(n ? n : 1);
        if (!colours[a]) {
            if (a == 1 && !g->ccol[0]) {
                pc__free(colours[0]);
                colours[0] = NULL; /* the caller frees what is left */
            }
            return PC_ENOMEM;
        }
        for (size_t k = 0; k < n; k++)
            colours[a][k] = pc__ncol_clue_colour(g, a, (int32_t)k);
    }
    return PC_OK;
}

/* The puzzle's clue counts per line (rows, then columns).  Free both with
 * pc__free, also after PC_ENOMEM (a failed one is NULL). */
static int32_t puzzle_counts(const pc_nonogram *g, int32_t *counts[2])
{
    int32_t rc = PC_OK;
    counts[0] = counts[1] = NULL;
    for (int a = 0; a < 2 && rc == PC_OK; a++) {
        int32_t lines = a == 0 ? g->h : g->w;
        counts[a] = pc__malloc((size_t)lines * sizeof(int32_t));
        if (!counts[a])
            rc = PC_ENOMEM;
        else
            for (int32_t i = 0; i < lines; i++)
                counts[a][i] = g->off[a][i + 1] - g->off[a][i];
    }
    return rc;
}

int32_t pc__ncol_solve_puzzle(const pc_nonogram *g, const uint8_t *givens, int32_t max_solutions, pc__meter *m,
                              uint8_t *solutions, size_t cap, int64_t *stats, size_t nstats)
{
    uint8_t *colours[2];
    int32_t rc = puzzle_colours(g, colours);
    if (rc != PC_OK)
        return rc;
    int32_t *counts[2];
    rc = puzzle_counts(g, counts);
    if (rc == PC_OK) {
        const int32_t *cc[2] = {counts[0], counts[1]}, *cl[2] = {g->clue[0], g->clue[1]};
        const uint8_t *co[2] = {colours[0], colours[1]};
        rc = pc__ncol_solve_metered(g->w, g->h, g->ncol, cc, cl, co, givens, max_solutions, m, solutions, cap,
                                    stats, nstats);
    }
    for (int a = 0; a < 2; a++) {
        pc__free(counts[a]);
        if (!g->ccol[a])
            pc__free(colours[a]);
    }
    return rc;
}

int32_t pc_nonogram_solve_colour(const pc_nonogram *g, int32_t use_grid, int32_t max_solutions,
                                 const pc_budget *budget, uint8_t *solutions, size_t cap, int64_t *stats,
                                 size_t nstats)
{
    if (!g || (use_grid != 0 && use_grid != 1))
        return PC_EINVAL;
    pc__meter m;
    int32_t rc = pc__meter_start(&m, budget);
    if (rc != PC_OK)
        return rc;
    uint8_t *givens = NULL;
    size_t N = (size_t)g->w * (size_t)g->h;
    if (use_grid) {
        givens = pc__malloc(N);
        if (!givens)
            return PC_ENOMEM;
        for (size_t i = 0; i < N; i++)
            givens[i] = pc__ncode_to_index(g->cells[i]);
    }
    rc = pc__ncol_solve_puzzle(g, givens, max_solutions, &m, solutions, cap, stats, nstats);
    pc__free(givens);
    return rc;
}

/* Propagation (level LINE) or propagation and probing (PROBE) from the
 * givens; the value sets into masks (w*h).  0: done, 1: contradiction, or a
 * negative status. */
int32_t pc__ncol_settle(int32_t w, int32_t h, int32_t ncol, const int32_t *counts[2], const int32_t *clues[2],
                        const uint8_t *colours[2], const uint8_t *givens, int32_t level, pc__meter *m,
                        uint32_t *masks)
{
    ncs s;
    int32_t rc = ncs_init(&s, w, h, ncol, counts, clues, colours);
    uint32_t *save = NULL;
    if (rc == PC_OK) {
        s.m = m;
        ncs_start(&s, givens);
        rc = propagate(&s);
        if (rc == NC_OK && level >= PC_NONOGRAM_GRADE_PROBE) {
            save = pc__malloc(s.state_bytes);
            rc = save ? probe_all(&s, save) : PC_ENOMEM;
        }
        if (rc == NC_OK)
            memcpy(masks, s.cells, (size_t)s.ncells * sizeof(uint32_t));
    }
    pc__free(save);
    ncs_free(&s);
    return rc;
}

/* The working set of a colour hint. */
typedef struct chint {
    const pc_nonogram *g;
    uint32_t full;        /* every value */
    uint32_t *lin, *lout; /* one line in, the line solver's answer */
    uint8_t *colours[2];  /* the clues' colours (puzzle_colours) */
    uint8_t *givens;      /* the player's grid as palette indices */
    uint8_t *sol;
    pc__ncline_ws ws;
} chint;

static int32_t chint_init(chint *c, const pc_nonogram *g)
{
    int32_t side = g->w > g->h ? g->w : g->h;
    size_t N = (size_t)g->w * (size_t)g->h;
    memset(c, 0, sizeof *c);
    c->g = g;
    c->full = (1u << (g->ncol + 1)) - 1;
    c->lin = pc__malloc((size_t)side * sizeof(uint32_t));
    c->lout = pc__malloc((size_t)side * sizeof(uint32_t));
    c->sol = pc__malloc(2 * N);
    c->givens = pc__malloc(N);
    int32_t rc = c->lin && c->lout && c->sol && c->givens ? puzzle_colours(g, c->colours) : PC_ENOMEM;
    for (size_t i = 0; rc == PC_OK && i < N; i++)
        c->givens[i] = pc__ncode_to_index(g->cells[i]);
    return rc;
}

static void chint_free(chint *c)
{
    pc__ncline_ws_free(&c->ws);
    for (int a = 0; a < 2; a++)
        if (!c->g->ccol[a])
            pc__free(c->colours[a]);
    pc__free(c->lin);
    pc__free(c->lout);
    pc__free(c->sol);
    pc__free(c->givens);
}

/* Line i of family a (0 rows, 1 columns) under line logic: the hint when it
 * settles more undecided cells than *best (its first such cell).  PC_OK,
 * PC_EILLEGAL (the line breaks: hint->line) or PC_ENOMEM. */
static int32_t hint_colour_line(chint *c, int a, int32_t i, int32_t *best, pc__nhint *hint)
{
    const pc_nonogram *g = c->g;
    int32_t w = g->w, n = a == 0 ? g->w : g->h, line = a == 0 ? i : g->h + i;
    size_t base = a == 0 ? (size_t)i * (size_t)w : (size_t)i, stride = a == 0 ? 1 : (size_t)w;
    for (int32_t j = 0; j < n; j++) {
        uint8_t v = c->givens[base + (size_t)j * stride];
        c->lin[j] = v == PC_NONOGRAM_COLOUR_UNKNOWN ? c->full : 1u << v;
    }
    int32_t s = g->off[a][i];
    int32_t r = pc__ncline_solve(&c->ws, g->ncol, g->clue[a] + s, c->colours[a] + s, g->off[a][i + 1] - s, c->lin,
                                 n, c->lout);
    if (r == PC_ENOMEM)
        return r;
    if (r < 0) {
        hint->line = line;
        return PC_EILLEGAL;
    }
    int32_t settled = 0, first = -1;
    for (int32_t j = 0; j < n; j++)
        if (c->lin[j] == c->full && popc(c->lout[j]) == 1) {
            settled++;
            if (first < 0)
                first = j;
        }
    if (settled > *best) {
        *best = settled;
        pc__nhint_cell(hint, w, base + (size_t)first * stride, pc__ctz64(c->lout[first]), line,
                       PC_NONOGRAM_HINT_LINE);
    }
    return PC_OK;
}

/* The solver on the player's grid, propagated.  NC_OK, NC_CONTRA or a
 * negative status; *s to be freed with ncs_free in every case. */
static int32_t hint_solver(chint *c, pc__meter *m, ncs *s)
{
    const pc_nonogram *g = c->g;
    int32_t *counts[2];
    int32_t rc = puzzle_counts(g, counts);
    if (rc == PC_OK) {
        const int32_t *cc[2] = {counts[0], counts[1]}, *cl[2] = {g->clue[0], g->clue[1]};
        const uint8_t *co[2] = {c->colours[0], c->colours[1]};
        rc = ncs_init(s, g->w, g->h, g->ncol, cc, cl, co);
    } else {
        memset(s, 0, sizeof *s);
    }
    pc__free(counts[0]);
    pc__free(counts[1]);
    if (rc != PC_OK)
        return rc;
    s->m = m;
    ncs_start(s, c->givens);
    return propagate(s);
}

/* Cell `cell` of the player's grid, settled to `value` by propagation
 * alone: *line, the line where line logic breaks down when the cell is
 * assumed not to be `value` (from the player's grid, every line queued).
 * NC_OK or a negative status. */
static int32_t hint_forced_line(chint *c, ncs *s, int32_t cell, int32_t value, int32_t *line)
{
    ncs_start(s, c->givens);
    set_cell(s, cell, s->cells[cell] & ~(1u << value));
    int32_t r = propagate(s);
    *line = r == NC_CONTRA ? s->bad_line : -1; /* always NC_CONTRA: propagation is monotone */
    return r < 0 ? r : NC_OK;
}

/* Probe every value of open cell `cell` (state s: the player's grid
 * propagated): the values left into *left, the line where the probe of the
 * lowest failing value broke down into *line.  NC_OK or a negative status. */
static int32_t hint_probe_cell(ncs *s, uint32_t *save, int32_t cell, uint32_t *left, int32_t *line)
{
    uint32_t v = s->cells[cell];
    *left = v;
    *line = -1;
    for (uint32_t rest = v; rest && popc(v) > 1; rest &= rest - 1) {
        uint32_t b = rest & (~rest + 1);
        int32_t r = probe_value(s, save, cell, b);
        if (r < 0)
            return r;
        if (r == NC_CONTRA) {
            *left &= ~b;
            if (*line < 0)
                *line = s->bad_line;
        }
    }
    return NC_OK;
}

/* Hint step 2, probing: the first undecided cell of the player's grid (row
 * by row) that propagation and the probes of its values leave one value
 * (the solver's probe_value on the propagated grid); the line where the
 * lowest failing value broke down (for a cell propagation settles alone:
 * where assuming any other value does).  PC_OK (hint->kind 0: none),
 * PC_EILLEGAL (no value is left, or the grid contradicts: hint->line -1) or
 * a status. */
static int32_t hint_colour_probe(chint *c, pc__meter *m, pc__nhint *hint)
{
    ncs s;
    uint32_t *save = NULL;
    int32_t r = hint_solver(c, m, &s);
    if (r == NC_OK) {
        save = pc__malloc(s.state_bytes);
        r = save ? NC_OK : PC_ENOMEM;
    }
    for (int32_t cell = 0; r == NC_OK && cell < s.ncells; cell++) {
        if (c->givens[cell] != PC_NONOGRAM_COLOUR_UNKNOWN)
            continue;
        uint32_t left;
        int32_t line;
        r = hint_probe_cell(&s, save, cell, &left, &line);
        if (r != NC_OK || popc(left) > 1)
            continue;
        if (left == 0) {
            r = NC_CONTRA;
            break;
        }
        if (popc(s.cells[cell]) == 1)
            r = hint_forced_line(c, &s, cell, pc__ctz64(left), &line);
        if (r == NC_OK)
            pc__nhint_cell(hint, s.w, (size_t)cell, pc__ctz64(left), line, PC_NONOGRAM_HINT_PROBE);
        break;
    }
    pc__free(save);
    ncs_free(&s);
    if (r == NC_CONTRA) {
        hint->line = -1;
        return PC_EILLEGAL;
    }
    return r == NC_OK ? PC_OK : r;
}

/* With no line step: the first undecided cell of the player's grid, from a
 * solution that agrees with it.  PC_OK, PC_ENOTFOUND (no undecided cell),
 * PC_EILLEGAL (no solution agrees) or a status. */
static int32_t hint_colour_solution(chint *c, pc__meter *m, pc__nhint *hint)
{
    const pc_nonogram *g = c->g;
    size_t N = (size_t)g->w * (size_t)g->h, cell = 0;
    while (cell < N && c->givens[cell] != PC_NONOGRAM_COLOUR_UNKNOWN)
        cell++;
    if (cell == N)
        return PC_ENOTFOUND;
    int32_t r = pc__ncol_solve_puzzle(g, c->givens, 1, m, c->sol, N, NULL, 0);
    if (r < 0)
        return r;
    if (r == 0) {
        hint->line = -1;
        return PC_EILLEGAL;
    }
    pc__nhint_cell(hint, g->w, cell, c->sol[cell], -1, PC_NONOGRAM_HINT_SOLUTION);
    return PC_OK;
}

/*
 * A hint on the player's grid: the line whose line logic settles most
 * undecided cells (rows before columns, then the lowest index) gives its
 * first such cell; with no such line, the first cell that probing settles;
 * with none, a cell of a solution that agrees with the grid.  Returns a
 * pc_nonogram_hint_kind.
 */
int32_t pc_nonogram_hint_colour(const pc_nonogram *g, const pc_budget *budget, int32_t *x, int32_t *y,
                                int32_t *value, int32_t *axis, int32_t *index)
{
    if (!g)
        return PC_EINVAL;
    pc__meter m;
    int32_t rc = pc__meter_start(&m, budget);
    if (rc != PC_OK)
        return rc;
    if (m.status != PC_OK)
        return m.status;
    chint c;
    pc__nhint hint = {-1, -1, 0, -1, 0};
    int32_t best = 0;
    rc = chint_init(&c, g);
    for (int a = 0; rc == PC_OK && a < 2; a++)
        for (int32_t i = 0; i < (a == 0 ? g->h : g->w) && rc == PC_OK; i++)
            rc = hint_colour_line(&c, a, i, &best, &hint);
    if (rc == PC_OK && !hint.kind)
        rc = hint_colour_probe(&c, &m, &hint);
    if (rc == PC_OK && !hint.kind)
        rc = hint_colour_solution(&c, &m, &hint);
    rc = pc__nhint_report(&hint, g->h, rc, x, y, value, axis, index);
    chint_free(&c);
    return rc;
}
