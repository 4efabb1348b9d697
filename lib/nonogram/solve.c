/*
 * The grid solver: see solve.h and doc/nonogram-solving.md.
 *
 * State is one byte per cell plus a trail of the cells set, so a probe or a
 * search branch is undone by walking the trail back.  Every line whose cells
 * changed is queued once; a line taken off the queue goes through the
 * complete line solver, which also checks a finished line against its clues,
 * so a grid with no unknown cell and an empty queue is a solution.
 */
#include "nonogram/solve.h"
#include "nonogram/solve_sat.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "nonogram/linebits.h"
#include "puzzlecore/nonogram.h"
#include "common/alloc.h"

static void ng_free(pc__nsolver *s);

static void *nalloc(pc__nsolver *s, size_t n, int *bad)
{
    if (n == 0)
        n = 1;
    void *p = pc__calloc(1, n);
    if (!p)
        *bad = 1;
    s->stats.bytes += n;
    return p;
}

/* Validate one family of lines; add its clue total to *total. */
static int32_t check_lines(int32_t nlines, int32_t len, const int32_t *counts, const int32_t *clues,
                           int64_t *total, int32_t *maxk)
{
    int64_t pos = 0;
    for (int32_t i = 0; i < nlines; i++) {
        int32_t c = counts[i];
        if (c < 0 || c > len + 1)
            return PC_EINVAL;
        for (int32_t j = 0; j < c; j++) {
            int32_t v = clues[pos + j];
            if (v < 0 || (v == 0 && c != 1))
                return PC_EINVAL;
        }
        int32_t k = (c == 1 && clues[pos] == 0) ? 0 : c;
        if (k > *maxk)
            *maxk = k;
        pos += c;
    }
    *total = pos;
    return PC_OK;
}

/* Validate the two families of clue arrays: PC_OK with *maxk the most
 * clues on one line (capped: a clue list too long for its line only means
 * no solution, so it must not size the tables) and *nclues the clue total. */
static int32_t check_clues(int32_t w, int32_t h, const int32_t *row_counts, const int32_t *row_clues,
                           const int32_t *col_counts, const int32_t *col_clues, int64_t *nclues, int32_t *maxk)
{
    int64_t nr = 0, nc = 0;
    *maxk = 0;
    /* clue arrays may be NULL only when every count is 0 */
    for (int32_t i = 0; i < h; i++)
        nr += row_counts[i] > 0 ? row_counts[i] : 0;
    for (int32_t i = 0; i < w; i++)
        nc += col_counts[i] > 0 ? col_counts[i] : 0;
    if ((nr && !row_clues) || (nc && !col_clues))
        return PC_EINVAL;
    int32_t rc = check_lines(h, w, row_counts, row_clues, &nr, maxk);
    if (rc == PC_OK)
        rc = check_lines(w, h, col_counts, col_clues, &nc, maxk);
    if (rc != PC_OK)
        return rc;
    int32_t maxlen = w > h ? w : h;
    if (*maxk > (maxlen + 1) / 2 + 1)
        *maxk = (maxlen + 1) / 2 + 1;
    *nclues = nr + nc;
    return PC_OK;
}

/* The arrays every solver has: clues, grid, queue, line buffers, probing,
 * probe reuse and the search stack (a failed allocation sets *bad). */
static void alloc_core(pc__nsolver *s, int64_t nclues, int32_t maxlen, int *bad)
{
    size_t nl = (size_t)s->nlines, ncl = (size_t)s->ncells;
    s->clues.count = nalloc(s, nl * sizeof(int32_t), bad);
    s->clues.start = nalloc(s, nl * sizeof(int32_t), bad);
    s->clues.all = nalloc(s, (size_t)nclues * sizeof(int32_t), bad);
    s->grid.cells = nalloc(s, ncl, bad);
    s->grid.trail = nalloc(s, ncl * sizeof(int32_t), bad);
    s->q.ring = nalloc(s, nl * sizeof(int32_t), bad);
    s->q.queued = nalloc(s, nl, bad);
    s->lsolve.lbuf = nalloc(s, (size_t)maxlen, bad);
    s->lsolve.lout = nalloc(s, (size_t)maxlen, bad);
    s->probe.stamp = nalloc(s, ncl * sizeof(uint32_t), bad);
    s->probe.pval = nalloc(s, ncl, bad);
    s->probe.agreed = nalloc(s, ncl * sizeof(int32_t), bad);
    s->probe.score1 = nalloc(s, ncl * sizeof(int32_t), bad);
    s->probe.score2 = nalloc(s, ncl * sizeof(int32_t), bad);
    s->probe.act = nalloc(s, ncl * sizeof(uint64_t), bad);
    s->search.cell = nalloc(s, ncl * sizeof(int32_t), bad);
    s->search.mark = nalloc(s, ncl * sizeof(int32_t), bad);
    s->search.val = nalloc(s, ncl, bad);
    s->search.done = nalloc(s, ncl, bad);
    s->search.sol0 = nalloc(s, ncl, bad);
    s->probe.sol = nalloc(s, ncl, bad);
    s->reuse.lstamp = nalloc(s, nl * sizeof(uint64_t), bad);
    s->reuse.ptime = nalloc(s, ncl * sizeof(uint64_t), bad);
    s->reuse.twords = (s->nlines + 63) / 64;
    if ((size_t)s->reuse.twords * ncl * sizeof(uint64_t) <= PC__NS_PROBE_REUSE_BYTES)
        s->reuse.ptouch = nalloc(s, (size_t)s->reuse.twords * ncl * sizeof(uint64_t), bad);
}

/* Entries of a line cache: `max`, halved (down to 1024) while the puzzle is
 * small beside it (small puzzles need no big cache): while it has more than
 * `per_cell` entries per cell of all lines together. */
static uint32_t cache_entries(const pc__nsolver *s, uint32_t max, int32_t maxlen, uint32_t per_cell)
{
    uint32_t entries = max;
    while (entries > 1024 && entries / per_cell > (uint32_t)s->nlines * (uint32_t)maxlen)
        entries /= 2;
    return entries;
}

/* The mode by the longest line: bit-parallel (line words and their cache),
 * bytes with the packed line cache, or bytes with no cache (longer lines). */
static void alloc_line_mode(pc__nsolver *s, int32_t maxlen, int *bad)
{
    size_t nl = (size_t)s->nlines;
    if (maxlen <= PC__LINE_BITS_MAX) {
        uint32_t entries = cache_entries(s, PC__NS_BCACHE_ENTRIES, maxlen, PC__NS_BCACHE_PER_CELL);
        s->grid.bits = 1;
        s->grid.lf = nalloc(s, nl * sizeof(uint64_t), bad);
        s->grid.le = nalloc(s, nl * sizeof(uint64_t), bad);
        s->clues.cls = nalloc(s, nl * sizeof(int32_t), bad);
        s->lsolve.bc_mask = entries - 1;
        int32_t clsbits = 1; /* for class + 1 <= nlines */
        while (clsbits < 32 && ((int64_t)1 << clsbits) <= s->nlines)
            clsbits++;
        if (2 * maxlen + clsbits <= 64) {
            s->lsolve.bk_shift = maxlen;
            s->lsolve.bk = nalloc(s, (size_t)entries * 2 * sizeof(uint64_t), bad);
        } else {
            s->lsolve.bc = nalloc(s, (size_t)entries * 4 * sizeof(uint64_t), bad);
            s->lsolve.bc_cls = nalloc(s, (size_t)entries * sizeof(int32_t), bad);
            s->lsolve.bc_res = nalloc(s, (size_t)entries * sizeof(int32_t), bad);
            if (!*bad)
                for (uint32_t i = 0; i < entries; i++)
                    s->lsolve.bc_cls[i] = -1;
        }
        /* learning from failed probes (bit-parallel mode only: small grids) */
        size_t ncl = (size_t)s->ncells;
        s->ng.tpos = nalloc(s, ncl * sizeof(int32_t), bad);
        s->ng.why = nalloc(s, ncl * sizeof(int32_t), bad);
        s->ng.rpos = nalloc(s, ncl * sizeof(int32_t), bad);
        s->ng.seen = nalloc(s, ncl * sizeof(uint32_t), bad);
        s->ng.stack = nalloc(s, ncl * sizeof(int32_t), bad);
    } else if (maxlen <= PC__NS_CACHE_MAXLEN) {
        uint32_t entries = cache_entries(s, PC__NS_CACHE_ENTRIES, maxlen, 128);
        size_t words = (size_t)(maxlen + 31) / 32;
        s->lsolve.cache_words = (int32_t)words;
        s->lsolve.cache_mask = entries - 1;
        s->lsolve.cache_key = nalloc(s, (size_t)entries * words * sizeof(uint64_t), bad);
        s->lsolve.cache_out = nalloc(s, (size_t)entries * words * sizeof(uint64_t), bad);
        s->lsolve.cache_line = nalloc(s, (size_t)entries * sizeof(int32_t), bad);
        s->lsolve.cache_res = nalloc(s, (size_t)entries * sizeof(int32_t), bad);
        if (!*bad)
            for (uint32_t i = 0; i < entries; i++)
                s->lsolve.cache_line[i] = -1;
    }
}

/* The clues in the solver's layout (rows, then columns; an empty line's
 * single 0 dropped), and in bit-parallel mode the line classes: lines of the
 * same length with the same clues share one. */
static void copy_clues(pc__nsolver *s, const int32_t *row_counts, const int32_t *row_clues,
                       const int32_t *col_counts, const int32_t *col_clues)
{
    const int32_t w = s->w, h = s->h;
    int32_t pos = 0;
    int64_t src = 0;
    for (int32_t i = 0; i < s->nlines; i++) {
        const int32_t *counts = i < h ? row_counts : col_counts;
        const int32_t *clues = i < h ? row_clues : col_clues;
        int32_t li = i < h ? i : i - h;
        if (i == h)
            src = 0;
        int32_t c = counts[li];
        int32_t k = (c == 1 && clues[src] == 0) ? 0 : c;
        s->clues.start[i] = pos;
        s->clues.count[i] = k;
        for (int32_t j = 0; j < k; j++)
            s->clues.all[pos++] = clues[src + j];
        src += c;
    }
    s->clues.all_fit = 1;
    for (int32_t i = 0; i < s->nlines; i++)
        if (pc__line_clues_need(s->clues.all + s->clues.start[i], s->clues.count[i]) > (i < h ? w : h))
            s->clues.all_fit = 0;
    if (!s->grid.bits)
        return;
    for (int32_t i = 0; i < s->nlines; i++) {
        int32_t ni = i < h ? w : h;
        s->clues.cls[i] = i;
        for (int32_t j = 0; j < i; j++) {
            int32_t nj = j < h ? w : h;
            if (nj == ni && s->clues.count[j] == s->clues.count[i] &&
                memcmp(s->clues.all + s->clues.start[j], s->clues.all + s->clues.start[i],
                       sizeof(int32_t) * (size_t)s->clues.count[i]) == 0) {
                s->clues.cls[i] = s->clues.cls[j];
                break;
            }
        }
    }
}

int32_t pc__nsolver_new(int32_t w, int32_t h, const int32_t *row_counts, const int32_t *row_clues,
                        const int32_t *col_counts, const int32_t *col_clues, pc__nsolver **out)
{
    if (!out || !row_counts || !col_counts || w < 1 || h < 1)
        return PC_EINVAL;
    if (w > PC_NONOGRAM_MAX_SIDE || h > PC_NONOGRAM_MAX_SIDE || (int64_t)w * h > PC_NONOGRAM_MAX_CELLS)
        return PC_ERANGE;
    int64_t nclues = 0;
    int32_t maxk = 0;
    int32_t rc = check_clues(w, h, row_counts, row_clues, col_counts, col_clues, &nclues, &maxk);
    if (rc != PC_OK)
        return rc;
    int32_t maxlen = w > h ? w : h;

    /* the per-cell arrays (cells, trail, probe stamps and values, agreed
     * list, two scores, the search stack): refuse before allocating when
     * they alone would pass the bound */
    if ((size_t)w * (size_t)h * 44u > PC__NS_MAX_BYTES)
        return PC_ERANGE;

    pc__nsolver *s = pc__calloc(1, sizeof *s);
    if (!s)
        return PC_ENOMEM;
    s->stats.bytes = sizeof *s;
    int bad = 0;
    s->w = w;
    s->h = h;
    s->nlines = w + h;
    s->ncells = w * h;
    alloc_core(s, nclues, maxlen, &bad);
    alloc_line_mode(s, maxlen, &bad);
    if (bad || s->stats.bytes > PC__NS_MAX_BYTES) {
        int32_t e = bad ? PC_ENOMEM : PC_ERANGE;
        pc__nsolver_free(s);
        return e;
    }
    if (pc__line_ws_init(&s->lsolve.ws, maxlen, maxk, PC__NS_MAX_BYTES - s->stats.bytes)) {
        pc__nsolver_free(s);
        return PC_ENOMEM;
    }
    s->stats.bytes += s->lsolve.ws.bytes;
    copy_clues(s, row_counts, row_clues, col_counts, col_clues);
    s->probe.enabled = 1;
    *out = s;
    return PC_OK;
}

void pc__nsolver_free(pc__nsolver *s)
{
    if (!s)
        return;
    pc__free(s->clues.count);
    pc__free(s->clues.start);
    pc__free(s->clues.all);
    pc__free(s->grid.cells);
    pc__free(s->grid.trail);
    pc__free(s->q.ring);
    pc__free(s->q.queued);
    pc__free(s->lsolve.lbuf);
    pc__free(s->lsolve.lout);
    pc__free(s->probe.stamp);
    pc__free(s->probe.pval);
    pc__free(s->probe.agreed);
    pc__free(s->probe.score1);
    pc__free(s->probe.score2);
    pc__free(s->probe.act);
    pc__free(s->search.cell);
    pc__free(s->search.mark);
    pc__free(s->search.val);
    pc__free(s->search.done);
    pc__free(s->search.sol0);
    pc__free(s->probe.sol);
    pc__free(s->reuse.lstamp);
    pc__free(s->reuse.ptime);
    pc__free(s->reuse.ptouch);
    pc__free(s->grid.lf);
    pc__free(s->grid.le);
    pc__free(s->clues.cls);
    pc__free(s->lsolve.bc);
    pc__free(s->lsolve.bc_cls);
    pc__free(s->lsolve.bc_res);
    pc__free(s->lsolve.bk);
    pc__free(s->lsolve.cache_key);
    pc__free(s->lsolve.cache_out);
    pc__free(s->lsolve.cache_line);
    pc__free(s->lsolve.cache_res);
    pc__line_ws_free(&s->lsolve.ws);
    pc__free(s->ng.tpos);
    pc__free(s->ng.why);
    pc__free(s->ng.rpos);
    pc__free(s->ng.seen);
    pc__free(s->ng.stack);
    ng_free(s);
    pc__free(s);
}

/* ---- Nogoods (see pc__ns_nogood in solve_state.h and "Nogoods" in
 * doc/nonogram-solving.md) ----
 * A literal is 2 * cell + (value - 1): "the cell holds value".  A nogood
 * is a set of literals that no state may hold all together; two of its
 * literals are watched, and a nogood is looked at only when a watched
 * literal becomes true.  They only prune: a look that is missed (no memory
 * for a watch) loses a deduction, never an answer. */

static void ng_free(pc__nsolver *s)
{
    pc__ns_nogood *g = &s->ng;
    if (g->watch)
        for (int32_t i = 0; i < 2 * s->ncells; i++)
            pc__free(g->watch[i]);
    pc__free(g->watch);
    pc__free(g->wlen);
    pc__free(g->wcap);
    pc__free(g->lits);
    pc__free(g->buf);
    pc__free(g->start);
    pc__free(g->len);
    pc__free(g->act);
    pc__free(g->remap);
    pc__free(g->learnt);
    g->act = NULL;
    g->remap = NULL;
    g->learnt = NULL;
    /* the store only: the learning's per-cell arrays belong to the solver */
    g->lits = g->buf = g->start = g->len = g->wlen = g->wcap = NULL;
    g->watch = NULL;
    g->n = g->nlits = g->nlearnt = g->cap_n = g->head = 0;
}

/* Forget every nogood (a new solve, or a new puzzle state). */
static void ng_clear(pc__nsolver *s)
{
    pc__ns_nogood *g = &s->ng;
    g->n = g->nlits = g->nlearnt = 0;
    g->head = 0;
    g->failed = 0;
    if (g->wlen)
        memset(g->wlen, 0, sizeof(int32_t) * 2 * (size_t)s->ncells);
}

/* The store, at the first nogood of the solver's life: 0, or -1 (no memory:
 * nothing is kept). */
static int ng_alloc(pc__nsolver *s)
{
    pc__ns_nogood *g = &s->ng;
    size_t nl = 2 * (size_t)s->ncells;
    g->lits = pc__malloc(sizeof(int32_t) * PC__NS_NG_MAX_LITS);
    g->buf = pc__malloc(sizeof(int32_t) * ((size_t)s->ncells + 1));
    g->watch = pc__calloc(nl, sizeof(int32_t *));
    g->wlen = pc__calloc(nl, sizeof(int32_t));
    g->wcap = pc__calloc(nl, sizeof(int32_t));
    if (!g->lits || !g->buf || !g->watch || !g->wlen || !g->wcap) {
        ng_free(s);
        return -1;
    }
    s->stats.bytes += sizeof(int32_t) * (PC__NS_NG_MAX_LITS + (size_t)s->ncells + 1) +
                      nl * (sizeof(int32_t *) + 2 * sizeof(int32_t));
    return 0;
}

/* Nogood `id` watches `lit`, with `blocker` (another of its literals: while
 * it is false the nogood is satisfied and its literals need not be read):
 * 0, or -1 (no memory; nothing changed).  A watch list holds pairs. */
static int ng_watch(pc__nsolver *s, int32_t lit, int32_t id, int32_t blocker)
{
    pc__ns_nogood *g = &s->ng;
    if (g->wlen[lit] == g->wcap[lit]) {
        int32_t cap = g->wcap[lit] ? 2 * g->wcap[lit] : 4;
        int32_t *p = pc__realloc(g->watch[lit], 2 * sizeof(int32_t) * (size_t)cap);
        if (!p)
            return -1;
        s->stats.bytes += 2 * sizeof(int32_t) * (size_t)(cap - g->wcap[lit]);
        g->watch[lit] = p;
        g->wcap[lit] = cap;
    }
    int32_t *e = g->watch[lit] + 2 * g->wlen[lit]++;
    e[0] = id;
    e[1] = blocker;
    return 0;
}

/* 0 unknown, 1 true, 2 false. */
static inline int lit_state(const uint8_t *cells, int32_t lit)
{
    uint8_t v = cells[lit >> 1];
    return v == PC__NU ? 0 : (v == (uint8_t)((lit & 1) + 1) ? 1 : 2);
}

/* Room for one more nogood in start / len / learnt / act: 0, or -1. */
static int ng_room(pc__nsolver *s)
{
    pc__ns_nogood *g = &s->ng;
    if (g->n < g->cap_n)
        return 0;
    int32_t cap = g->cap_n ? 2 * g->cap_n : 256;
    int32_t *st = pc__realloc(g->start, sizeof(int32_t) * (size_t)cap);
    if (!st)
        return -1;
    g->start = st;
    int32_t *ln = pc__realloc(g->len, sizeof(int32_t) * (size_t)cap);
    if (!ln)
        return -1;
    g->len = ln;
    int32_t *ac = pc__realloc(g->act, sizeof(int32_t) * (size_t)cap);
    if (!ac)
        return -1;
    g->act = ac;
    int32_t *rm = pc__realloc(g->remap, sizeof(int32_t) * (size_t)cap);
    if (!rm)
        return -1;
    g->remap = rm;
    s->stats.bytes += sizeof(int32_t) * (size_t)(cap - g->cap_n);
    uint8_t *lr = pc__realloc(g->learnt, (size_t)cap);
    if (!lr)
        return -1;
    g->learnt = lr;
    s->stats.bytes += (3 * sizeof(int32_t) + 1) * (size_t)(cap - g->cap_n);
    g->cap_n = cap;
    return 0;
}

/* Kinds of nogoods (ng.learnt): a restart's, learned from a failed probe,
 * from a failing node, and a failed probe's kept only as the reason of the
 * cell it settled (too long to be watched: PC__NS_NODE_REASON_MAX). */
enum { NG_RESTART = 0, NG_PROBE = 1, NG_NODE = 2, NG_REASON = 3 };

/* Store the nogood lits[0..k) (k >= 2), watching lits[0] and lits[1]
 * (neither true, or true ones that are undone before the others);
 * `learnt`: its kind (NG_PROBE and NG_NODE may be forgotten; NG_REASON is
 * not watched).  Nothing is stored when the store is full. */
static void ng_add(pc__nsolver *s, const int32_t *lits, int32_t k, int learnt)
{
    pc__ns_nogood *g = &s->ng;
    if (g->nlits + k > PC__NS_NG_MAX_LITS || ng_room(s) != 0)
        return;
    int32_t id = g->n;
    if (learnt != NG_REASON && ng_watch(s, lits[0], id, lits[1]) != 0)
        return;
    if (learnt != NG_REASON && ng_watch(s, lits[1], id, lits[0]) != 0) {
        g->wlen[lits[0]]--; /* id was the last one pushed */
        return;
    }
    memcpy(g->lits + g->nlits, lits, sizeof(int32_t) * (size_t)k);
    g->start[id] = g->nlits;
    g->len[id] = k;
    g->act[id] = 0;
    g->learnt[id] = (uint8_t)learnt;
    g->nlits += k;
    g->n++;
    g->nlearnt += learnt == NG_PROBE || learnt == NG_NODE;
}

/* Rank of a literal as a watch: false best, then unknown, then true ones
 * by how late they were set (undone first). */
static inline int32_t ng_watch_rank(const pc__nsolver *s, int32_t lit)
{
    int st = lit_state(s->grid.cells, lit);
    return st == 2 ? INT32_MAX : st == 0 ? INT32_MAX - 1 : s->ng.tpos[lit >> 1];
}

/* Forget the learned nogoods that are old and have not fired since the
 * last reduction (the newest PC__NS_LEARN_KEEP / 2 stay); the nogoods of
 * restarts all stay.  The store is compacted and every watch rebuilt from
 * the current state.  Called between probes only: the ids in ng.why of
 * the cells now set are stale afterwards, and are read only for cells
 * that a later probe sets. */
static void ng_reduce(pc__nsolver *s)
{
    pc__ns_nogood *g = &s->ng;
    int32_t keep_from = g->n, seen = 0;
    for (int32_t id = g->n - 1; id >= 0 && seen < PC__NS_LEARN_KEEP / 2; id--)
        if (g->learnt[id] == NG_PROBE || g->learnt[id] == NG_NODE) {
            seen++;
            keep_from = id;
        }
    /* a reason-only nogood stays while it is the reason of a cell set */
    for (int32_t t = g->root; t < s->grid.trail_len; t++) {
        int32_t y = g->why[s->grid.trail[t]];
        if (y <= -2 && g->learnt[-2 - y] == NG_REASON)
            g->act[-2 - y] = 1;
    }
    int32_t n = 0, nl = 0, nlearnt = 0, old_kept = 0;
    for (int32_t id = 0; id < g->n; id++) {
        g->remap[id] = -1;
        if (g->learnt[id] == NG_REASON && g->act[id] == 0)
            continue;
        if ((g->learnt[id] == NG_PROBE || g->learnt[id] == NG_NODE) && id < keep_from) {
            /* an old one stays if it fired, up to a quarter of the room */
            if (g->act[id] == 0 || old_kept >= PC__NS_LEARN_KEEP / 4)
                continue;
            old_kept++;
        }
        g->remap[id] = n;
        int32_t k = g->len[id];
        memmove(g->lits + nl, g->lits + g->start[id], sizeof(int32_t) * (size_t)k);
        g->start[n] = nl;
        g->len[n] = k;
        g->act[n] = 0;
        g->learnt[n] = g->learnt[id];
        nlearnt += g->learnt[id] == NG_PROBE || g->learnt[id] == NG_NODE;
        nl += k;
        n++;
    }
    /* the cells now set keep their nogood reasons under the new ids (a
     * failing node's analysis reads them; a forgotten one: no reason) */
    for (int32_t t = g->root; t < s->grid.trail_len; t++) {
        int32_t c = s->grid.trail[t], y = g->why[c];
        if (y <= -2)
            g->why[c] = g->remap[-2 - y] >= 0 ? -2 - g->remap[-2 - y] : -1;
    }
    g->n = n;
    g->nlits = nl;
    g->nlearnt = nlearnt;
    memset(g->wlen, 0, sizeof(int32_t) * 2 * (size_t)s->ncells);
    for (int32_t id = 0; id < n; id++) {
        int32_t *lt = g->lits + g->start[id], k = g->len[id];
        if (g->learnt[id] == NG_REASON) {
            g->act[id] = 0;
            continue;
        }
        for (int32_t w = 0; w < 2; w++) { /* the best two to the front */
            int32_t best = w;
            for (int32_t i = w + 1; i < k; i++)
                if (ng_watch_rank(s, lt[i]) > ng_watch_rank(s, lt[best]))
                    best = i;
            int32_t tmp = lt[w];
            lt[w] = lt[best];
            lt[best] = tmp;
        }
        /* a watch that cannot be made loses that nogood's looks, nothing else */
        (void)ng_watch(s, lt[0], id, lt[1]);
        (void)ng_watch(s, lt[1], id, lt[0]);
    }
}

/* Cell c was set: every nogood watching its literal finds another watch,
 * or is satisfied, or sets its last open cell to the other value, or (all
 * its literals true) is a contradiction.  PC__NS_OK or PC__NS_CONTRA. */
static int ng_check_cell(pc__nsolver *s, int32_t c)
{
    pc__ns_nogood *g = &s->ng;
    const uint8_t *cells = s->grid.cells;
    const int32_t L = 2 * c + (cells[c] - 1);
    int32_t *wl = g->watch[L];
    const int32_t n = g->wlen[L];
    int32_t j = 0;
    int r = PC__NS_OK;
    for (int32_t i = 0; i < n; i++) {
        int32_t id = wl[2 * i], bl = wl[2 * i + 1];
        if (r != PC__NS_OK || lit_state(cells, bl) == 2) { /* after a contradiction, or satisfied */
            wl[2 * j] = id;
            wl[2 * j + 1] = bl;
            j++;
            continue;
        }
        int32_t *lt = g->lits + g->start[id];
        if (lt[0] == L) {
            lt[0] = lt[1];
            lt[1] = L;
        }
        int o = lit_state(cells, lt[0]);
        if (o != 2) {
            int32_t k = g->len[id], m = 2;
            while (m < k && lit_state(cells, lt[m]) == 1)
                m++;
            if (m < k && ng_watch(s, lt[m], id, lt[0]) == 0) { /* moves to lt[m] */
                lt[1] = lt[m];
                lt[m] = L;
                continue;
            }
            if (m == k) {
                g->act[id]++;
                if (o == 0) {
                    pc__nsolver_set(s, lt[0] >> 1, (uint8_t)(2 - (lt[0] & 1)));
                    if (g->why)
                        g->why[lt[0] >> 1] = -2 - id;
                } else {
                    r = PC__NS_CONTRA;
                    g->conflict = id;
                }
            }
            /* else no memory to move the watch: this look is lost */
        }
        wl[2 * j] = id;
        wl[2 * j + 1] = lt[0];
        j++;
    }
    g->wlen[L] = j;
    return r;
}

static inline void enqueue(pc__nsolver *s, int32_t line)
{
    if (s->q.queued[line])
        return;
    s->q.queued[line] = 1;
    if (s->probe.touch) /* inside a probe: see probe_value */
        s->probe.touch[line >> 6] |= (uint64_t)1 << (line & 63);
    int32_t at = s->q.head + s->q.len;
    if (at >= s->nlines)
        at -= s->nlines;
    s->q.ring[at] = line;
    s->q.len++;
}

/* Take the next line off the queue (the queue is not empty). */
static inline int32_t dequeue(pc__nsolver *s)
{
    int32_t line = s->q.ring[s->q.head];
    s->q.head = s->q.head + 1 == s->nlines ? 0 : s->q.head + 1;
    s->q.len--;
    s->q.queued[line] = 0;
    return line;
}

static void clear_queue(pc__nsolver *s)
{
    while (s->q.len)
        dequeue(s);
    s->q.head = 0;
}

/* Cell (x, y) becomes v (1 or 2) in the line words of its row and column
 * (the callers know x and y: no division on this path). */
static inline void bits_set(pc__nsolver *s, int32_t x, int32_t y, uint8_t v)
{
    uint64_t *t = v == PC__NF ? s->grid.lf : s->grid.le;
    t[y] |= (uint64_t)1 << x;
    t[s->h + x] |= (uint64_t)1 << y;
}

/* Lines a and b (a cell's row and column) changed: outside a probe that
 * advances the probe-reuse clock and stamps both (a probe's own changes are
 * undone before anything reads the stamps). */
static inline void stamp_lines(pc__nsolver *s, int32_t a, int32_t b)
{
    if (!s->probe.active) {
        s->reuse.clock++;
        s->reuse.lstamp[a] = s->reuse.clock;
        s->reuse.lstamp[b] = s->reuse.clock;
    }
}

/* Unknown cell p takes v: the grid byte and the trail (the callers keep
 * the line words, the queue and the stamps, which differ between them). */
static inline void put_cell(pc__nsolver *s, int32_t p, uint8_t v)
{
    s->grid.cells[p] = v;
    if (s->grid.bits) { /* the learning's reasons (bit-parallel mode only) */
        s->ng.tpos[p] = s->grid.trail_len;
        s->ng.why[p] = -1; /* a line or a nogood that settled it says so after */
    }
    s->grid.trail[s->grid.trail_len++] = p;
    s->grid.unknown--;
}

int32_t pc__nsolver_reset(pc__nsolver *s, const uint8_t *givens)
{
    if (givens)
        for (int32_t i = 0; i < s->ncells; i++)
            if (givens[i] > PC__NE)
                return PC_EINVAL;
    clear_queue(s);
    s->grid.trail_len = 0;
    s->grid.unknown = s->ncells;
    if (givens) {
        memcpy(s->grid.cells, givens, (size_t)s->ncells);
        for (int32_t i = 0; i < s->ncells; i++)
            s->grid.unknown -= givens[i] != PC__NU;
    } else {
        memset(s->grid.cells, 0, (size_t)s->ncells);
    }
    if (s->grid.bits) {
        memset(s->grid.lf, 0, sizeof(uint64_t) * (size_t)s->nlines);
        memset(s->grid.le, 0, sizeof(uint64_t) * (size_t)s->nlines);
        for (int32_t i = 0; i < s->ncells; i++)
            if (s->grid.cells[i] != PC__NU)
                bits_set(s, i % s->w, i / s->w, s->grid.cells[i]);
    }
    /* columns with the most clue cells first is not needed: a plain order */
    for (int32_t i = 0; i < s->nlines; i++)
        enqueue(s, i);
    s->stats.nodes = s->stats.line_solves = s->stats.probes = s->stats.max_depth = s->stats.probes_reused = 0;
    s->q.bad_line = -1;
    s->probe.hot_n = s->probe.hot_pos = 0;
    s->probe.start = 0;
    memset(s->probe.act, 0, sizeof(uint64_t) * (size_t)s->ncells);
    s->probe.act_inc = PC__NS_ACT_INC0;
    /* every probe result is stale */
    s->reuse.clock++;
    for (int32_t i = 0; i < s->nlines; i++)
        s->reuse.lstamp[i] = s->reuse.clock;
    memset(s->reuse.ptime, 0, sizeof(uint64_t) * (size_t)s->ncells);
    s->probe.active = 0;
    ng_clear(s);
    /* the givens are not on the trail: they hold at every node */
    if (s->ng.tpos)
        memset(s->ng.tpos, 0xff, sizeof(int32_t) * (size_t)s->ncells);
    s->ng.active = 0;
    return PC_OK;
}

void pc__nsolver_set(pc__nsolver *s, int32_t idx, uint8_t v)
{
    const int32_t y = idx / s->w, x = idx - y * s->w;
    put_cell(s, idx, v);
    if (s->grid.bits)
        bits_set(s, x, y, v);
    enqueue(s, y);
    enqueue(s, s->h + x);
    stamp_lines(s, y, s->h + x);
}

void pc__nsolver_undo(pc__nsolver *s, int32_t mark)
{
    /* The loop's fields in locals: its byte stores to the grid may alias
     * any of s's fields as far as the compiler knows, which made it reload
     * them all for every cell (undo ran ~6 % of a solve's instructions). */
    int32_t len = s->grid.trail_len;
    if (len > mark) {
        const int32_t *trail = s->grid.trail;
        uint8_t *cells = s->grid.cells;
        const int32_t w = s->w, h = s->h;
        uint64_t *lf = s->grid.bits ? s->grid.lf : NULL, *le = s->grid.le;
        uint64_t *lstamp = s->probe.active ? NULL : s->reuse.lstamp; /* see stamp_lines */
        uint64_t clock = s->reuse.clock;
        s->grid.unknown += len - mark;
        while (len > mark) {
            const int32_t idx = trail[--len];
            const int32_t y = idx / w, x = idx - y * w;
            cells[idx] = PC__NU;
            if (lf) {
                const uint64_t rm = ~((uint64_t)1 << x), cm = ~((uint64_t)1 << y);
                lf[y] &= rm;
                le[y] &= rm;
                lf[h + x] &= cm;
                le[h + x] &= cm;
            }
            if (lstamp) {
                clock++;
                lstamp[y] = clock;
                lstamp[h + x] = clock;
            }
        }
        s->grid.trail_len = len;
        s->reuse.clock = clock;
    }
    if (s->ng.head > s->grid.trail_len)
        s->ng.head = s->grid.trail_len;
}

/* Node cap, then the caller's budget: its clock, cancel flag and progress
 * are read every 256 line solves in bit-parallel mode (well under a
 * millisecond), every 16 on grids wider than a word, whose line solves cost
 * up to a fraction of a millisecond each (a 128 x 128 grid's first pass took
 * 150 ms between reads at 256), so a cancel is seen quickly even while one
 * node's probing runs long. */
static int over_budget_meter(pc__nsolver *s, pc__meter *m)
{
    /* the meter stops at nodes >= max; this search allows max nodes */
    m->nodes = (m->max_nodes > 0 && s->stats.nodes >= m->max_nodes) ? m->max_nodes - 1 : s->stats.nodes;
    m->bound = (double)(s->ncells - s->grid.unknown);
    int32_t st = m->status != PC_OK                                       ? m->status
                 : (m->max_nodes > 0 && s->stats.nodes > m->max_nodes) ? PC_ELIMIT
                                                                       : pc__meter_check(m);
    if (st != PC_OK) {
        m->status = st;
        s->budget.abort_status = st;
        return 1;
    }
    return 0;
}

/* inline: it runs before every line solve, and the meter's own work (above)
 * only every 256th time */
static inline int over_budget(pc__nsolver *s)
{
    if (s->budget.max_nodes > 0 && s->stats.nodes > s->budget.max_nodes) {
        s->budget.abort_status = PC_ELIMIT;
        return 1;
    }
    pc__meter *m = s->budget.meter;
    if (m && (m->status != PC_OK || (m->max_nodes > 0 && s->stats.nodes > m->max_nodes) ||
              (s->stats.line_solves & (s->grid.bits ? 255 : 15)) == 0))
        return over_budget_meter(s, m);
    return 0;
}

/* Count the node about to be expanded, unless the budget forbids it: a node
 * refused is not counted, so a search stopped by max_nodes reports exactly
 * max_nodes nodes (the fuzzers check nodes <= max_nodes). */
static int take_node(pc__nsolver *s)
{
    s->stats.nodes++;
    if (over_budget(s)) {
        s->stats.nodes--;
        return 0;
    }
    return 1;
}

/* One line in bit-parallel mode: solve it (or find it in the cache), set
 * what it settles, queue the crossing lines.  PC__NS_OK or PC__NS_CONTRA. */
/* The line's answer through the one-word cache (lsolve.bk): 0, or -1 on a
 * contradiction. */
static inline int32_t solve_bits_compact(pc__nsolver *s, int32_t line, int32_t n, uint64_t F, uint64_t E,
                                         uint64_t *oF, uint64_t *oE)
{
    const int32_t S = s->lsolve.bk_shift;
    const uint64_t key = F | E << S | (uint64_t)(s->clues.cls[line] + 1) << 2 * S;
    uint64_t hsh = key * 0xBF58476D1CE4E5B9u;
    hsh ^= hsh >> 31;
    hsh *= 0x94D049BB133111EBu;
#if PC__NS_BCACHE_WAYS == 2 && PC__NS_BCACHE_ENTRIES > 1
    /* two ways a set (32 bytes, the same 16,384 entries): the way used
     * last first, the other evicted on a miss.  A direct-mapped cache of
     * this size lost hits to collisions (the same memory, two ways: #381
     * 2.6 % fewer instructions, the same answers, so the same search) */
    uint64_t *e = s->lsolve.bk + (size_t)((uint32_t)(hsh >> 40) & (s->lsolve.bc_mask >> 1)) * 4;
    uint64_t ans = 0;
    int hit = 1;
    if (e[0] == key) {
        ans = e[1];
    } else if (e[2] == key) {
        ans = e[3];
        e[2] = e[0];
        e[3] = e[1];
        e[0] = key;
        e[1] = ans;
    } else {
        e[2] = e[0];
        e[3] = e[1];
        hit = 0;
    }
#else
    uint64_t *e = s->lsolve.bk + (size_t)((uint32_t)(hsh >> 40) & s->lsolve.bc_mask) * 2;
    uint64_t ans = 0;
    const int hit = PC__NS_BCACHE_ENTRIES > 1 && e[0] == key;
    if (hit)
        ans = e[1];
#endif
    if (hit) {
        s->stats.cache_hits++;
    } else {
        uint64_t f, m;
        const int32_t *cl = pc__ns_line_clues(s, line), k = s->clues.count[line];
        int32_t r = s->clues.all_fit ? pc__line_solve_bits_fitting(cl, k, n, F, E, &f, &m)
                                     : pc__line_solve_bits(cl, k, n, F, E, &f, &m);
        ans = r < 0 ? ~(uint64_t)0 : f | m << S;
        e[0] = key;
        e[1] = ans;
    }
    if (ans == ~(uint64_t)0) /* never an answer: its halves overlap */
        return -1;
    *oF = ans & (((uint64_t)1 << S) - 1);
    *oE = ans >> S;
    return 0;
}

static inline int propagate_bits(pc__nsolver *s, int32_t line, int32_t base, int32_t stride, int32_t n)
{
    const uint64_t F = s->grid.lf[line], E = s->grid.le[line];
    uint64_t oF, oE;
    int32_t r;
    if (s->lsolve.bk) {
        r = solve_bits_compact(s, line, n, F, E, &oF, &oE);
    } else {
        const int32_t cls = s->clues.cls[line];
        uint64_t hsh = ((uint64_t)(uint32_t)cls * 0x9E3779B97F4A7C15u) ^ F;
        hsh *= 0xBF58476D1CE4E5B9u;
        hsh ^= (hsh >> 31) ^ E;
        hsh *= 0x94D049BB133111EBu;
        uint32_t slot = (uint32_t)(hsh >> 40) & s->lsolve.bc_mask;
        uint64_t *e = s->lsolve.bc + (size_t)slot * 4;
        if (PC__NS_BCACHE_ENTRIES > 1 && s->lsolve.bc_cls[slot] == cls && e[0] == F && e[1] == E) {
            s->stats.cache_hits++;
            r = s->lsolve.bc_res[slot];
            oF = e[2];
            oE = e[3];
        } else {
            const int32_t *cl = pc__ns_line_clues(s, line), k = s->clues.count[line];
            r = s->clues.all_fit ? pc__line_solve_bits_fitting(cl, k, n, F, E, &oF, &oE)
                                 : pc__line_solve_bits(cl, k, n, F, E, &oF, &oE);
            s->lsolve.bc_cls[slot] = cls;
            s->lsolve.bc_res[slot] = r;
            e[0] = F;
            e[1] = E;
            e[2] = r < 0 ? 0 : oF;
            e[3] = r < 0 ? 0 : oE;
        }
    }
    if (r < 0)
        return PC__NS_CONTRA;
    uint64_t nf = oF & ~F, ne = oE & ~E;
    if (!(nf | ne))
        return PC__NS_OK;
    /* What put_cell, bits_set, enqueue and stamp_lines do for each cell
     * settled, with the fields in locals: the grid's byte stores may alias
     * any of s's fields as far as the compiler knows, which made it reload
     * them all for every cell. */
    const int32_t h = s->h, is_row = line < h, rp = s->grid.trail_len, nl = s->nlines;
    uint8_t *cells = s->grid.cells, *queued = s->q.queued;
    int32_t *trail = s->grid.trail, *tpos = s->ng.tpos, *why = s->ng.why, *rpos = s->ng.rpos, *ring = s->q.ring;
    uint64_t *lf = s->grid.lf, *le = s->grid.le, *touch = s->probe.touch;
    uint64_t *lstamp = s->probe.active ? NULL : s->reuse.lstamp;
    uint64_t clock = s->reuse.clock;
    int32_t tl = rp, qhead = s->q.head, qlen = s->q.len;
    /* the crossing line's bit of this line: cell i of a row is column i,
     * of a column row i */
    const uint64_t cross_bit = (uint64_t)1 << (is_row ? line : line - h);
    lf[line] |= nf;
    le[line] |= ne;
    for (uint64_t m = nf | ne; m; m &= m - 1) {
        int32_t i = pc__ctz64(m);
        int32_t p = base + i * stride;
        const int filled = (nf >> i) & 1;
        cells[p] = filled ? PC__NF : PC__NE;
        tpos[p] = tl;
        trail[tl++] = p;
        why[p] = line; /* its reason: the line's cells set before rp */
        rpos[p] = rp;
        int32_t other = is_row ? h + i : i;
        (filled ? lf : le)[other] |= cross_bit;
        if (!queued[other]) {
            queued[other] = 1;
            if (touch) /* inside a probe: see probe_value */
                touch[other >> 6] |= (uint64_t)1 << (other & 63);
            int32_t at = qhead + qlen;
            if (at >= nl)
                at -= nl;
            ring[at] = other;
            qlen++;
        }
        if (lstamp) {
            clock++;
            lstamp[line] = clock;
            lstamp[other] = clock;
        }
    }
    s->grid.unknown -= tl - rp;
    s->grid.trail_len = tl;
    s->q.len = qlen;
    s->reuse.clock = clock;
    return PC__NS_OK;
}

/* Byte mode, a line short enough for the packed cache: the line's cells
 * packed 2 bits each, with the line number, are the key; on a miss the line
 * solver runs and its answer is stored.  lbuf holds the cells, lout the
 * answer when the result is > 0.  The settled count, or -1. */
static inline int32_t solve_line_cached(pc__nsolver *s, int32_t line, int32_t base, int32_t stride, int32_t n)
{
    uint8_t *lb = s->lsolve.lbuf, *lout = s->lsolve.lout;
    const uint8_t *cells = s->grid.cells;
    const int32_t words = s->lsolve.cache_words;
    uint64_t key[PC__NS_CACHE_MAXLEN / 32] = {0};
    for (int32_t i = 0, p = base; i < n; i++, p += stride) {
        lb[i] = cells[p];
        key[i >> 5] |= (uint64_t)lb[i] << (2 * (i & 31));
    }
    uint64_t hsh = (uint64_t)line * 0x9E3779B97F4A7C15u;
    for (int32_t wi = 0; wi < words; wi++) {
        hsh ^= key[wi];
        hsh *= 0xBF58476D1CE4E5B9u;
        hsh ^= hsh >> 29;
    }
    uint32_t slot = (uint32_t)(hsh >> 17) & s->lsolve.cache_mask;
    uint64_t *ck = s->lsolve.cache_key + (size_t)slot * (size_t)words;
    uint64_t *co = s->lsolve.cache_out + (size_t)slot * (size_t)words;
    int32_t r;
    if (s->lsolve.cache_line[slot] == line && memcmp(ck, key, sizeof(uint64_t) * (size_t)words) == 0) {
        s->stats.cache_hits++;
        r = s->lsolve.cache_res[slot];
        if (r > 0)
            for (int32_t i = 0; i < n; i++)
                lout[i] = (uint8_t)((co[i >> 5] >> (2 * (i & 31))) & 3u);
        return r;
    }
    r = pc__line_solve(&s->lsolve.ws, pc__ns_line_clues(s, line), s->clues.count[line], lb, n, lout);
    s->lsolve.cache_line[slot] = line;
    s->lsolve.cache_res[slot] = r;
    memcpy(ck, key, sizeof(uint64_t) * (size_t)words);
    if (r > 0) {
        memset(co, 0, sizeof(uint64_t) * (size_t)words);
        for (int32_t i = 0; i < n; i++)
            co[i >> 5] |= (uint64_t)lout[i] << (2 * (i & 31));
    }
    return r;
}

/* One line in byte mode: solve it (through the cache when it fits), set
 * what it settles, queue the crossing lines.  PC__NS_OK or PC__NS_CONTRA. */
static inline int propagate_bytes(pc__nsolver *s, int32_t line, int32_t base, int32_t stride, int32_t n)
{
    uint8_t *lb = s->lsolve.lbuf;
    const uint8_t *lout = s->lsolve.lout;
    int32_t r;
    if (s->lsolve.cache_words) {
        r = solve_line_cached(s, line, base, stride, n);
    } else {
        for (int32_t i = 0, p = base; i < n; i++, p += stride)
            lb[i] = s->grid.cells[p];
        r = pc__line_solve(&s->lsolve.ws, pc__ns_line_clues(s, line), s->clues.count[line], lb, n,
                           s->lsolve.lout);
    }
    if (r < 0)
        return PC__NS_CONTRA;
    if (r == 0)
        return PC__NS_OK;
    const int32_t w = s->w, h = s->h;
    for (int32_t i = 0, p = base; i < n; i++, p += stride) {
        if (lb[i] == PC__NU && lout[i] != PC__NU) {
            put_cell(s, p, lout[i]);
            /* only the crossing line needs another look */
            enqueue(s, line < h ? h + p % w : p / w);
            stamp_lines(s, p / w, h + p % w);
        }
    }
    return PC__NS_OK;
}

int pc__nsolver_propagate(pc__nsolver *s)
{
    /* over_budget's tests that cannot change during one propagation (the
     * node count, the meter's status, which only over_budget_meter sets,
     * and it stops this loop) once here; the clock's, every 256th (16th)
     * line solve, below: the same answers as over_budget before every line
     * solve, in fewer instructions. */
    pc__meter *const meter = s->budget.meter;
    const int32_t meter_mask = s->grid.bits ? 255 : 15;
    const int always =
        (s->budget.max_nodes > 0 && s->stats.nodes > s->budget.max_nodes) ||
        (meter && (meter->status != PC_OK || (meter->max_nodes > 0 && s->stats.nodes > meter->max_nodes)));
    for (;;) {
        if (s->ng.n && s->ng.head < s->grid.trail_len) {
            /* the cells set since the last look, against the nogoods first
             * (cheap, and a nogood's conflict spares the line solves).
             * Most have no watch on the value they took: a tight loop with
             * the fields in locals passes them, up to the next cell some
             * nogood watches (or the last), which is checked as before —
             * the same checks in the same order. */
            const int32_t *trail = s->grid.trail, *wlen = s->ng.wlen;
            const uint8_t *cells = s->grid.cells;
            const int32_t tl = s->grid.trail_len;
            int32_t head = s->ng.head, c, w;
            do {
                c = trail[head++];
                w = wlen[2 * c + cells[c] - 1];
            } while (!w && head < tl);
            s->ng.head = head;
            if (w && ng_check_cell(s, c) != PC__NS_OK) {
                s->q.bad_line = -1; /* ng.conflict says which nogood */
                clear_queue(s);
                return PC__NS_CONTRA;
            }
            continue;
        }
        if (!s->q.len)
            break;
        int32_t line = dequeue(s);
        s->stats.line_solves++;
        if ((always || (meter && (s->stats.line_solves & meter_mask) == 0)) && over_budget(s)) {
            clear_queue(s);
            return PC__NS_ABORT;
        }
        int32_t base, stride, n;
        pc__ns_line_span(s, line, &base, &stride, &n);
        int r = s->grid.bits ? propagate_bits(s, line, base, stride, n) : propagate_bytes(s, line, base, stride, n);
        if (r != PC__NS_OK) {
            s->q.bad_line = line;
            clear_queue(s);
            return PC__NS_CONTRA;
        }
    }
    return PC__NS_OK;
}

/* The grid is complete (a solution): copy it, 0/1, to probe.sol; 0 when it
 * is sol0. */
static int new_solution(pc__nsolver *s)
{
    int same = s->search.have_sol0;
    for (int32_t i = 0; i < s->ncells; i++) {
        uint8_t v = s->grid.cells[i] == PC__NF;
        s->probe.sol[i] = v;
        same &= s->search.sol0[i] == v;
    }
    return !same;
}

/* Outcomes of one probe pair besides the PC__NS_ results. */
enum { PP_NOTHING = 0, PP_SETTLED = 2 };

/* Remember a cell whose probe met a contradiction (probed first next time). */
static void hot_push(pc__nsolver *s, int32_t idx)
{
    for (int32_t i = 0; i < s->probe.hot_n; i++)
        if (s->probe.hot[i] == idx)
            return;
    if (s->probe.hot_n < PC__NS_HOT)
        s->probe.hot_n++;
    s->probe.hot[s->probe.hot_pos] = idx;
    s->probe.hot_pos = s->probe.hot_pos + 1 == PC__NS_HOT ? 0 : s->probe.hot_pos + 1;
}

/* The cell's last probe pair still holds: none of the lines it touched has
 * changed since it was made (so probing it again would give nothing). */
static inline int pair_still_holds(const pc__nsolver *s, int32_t idx, const uint64_t *touch)
{
    uint64_t pt = s->reuse.ptime[idx];
    if (!touch || !pt)
        return 0;
    for (int32_t wi = 0; wi < s->reuse.twords; wi++)
        for (uint64_t bits = touch[wi]; bits; bits &= bits - 1)
            if (s->reuse.lstamp[wi * 64 + pc__ctz64(bits)] > pt)
                return 0;
    return 1;
}

/* One probe of a pair: idx takes v and the grid is propagated; the lines
 * it touched join the pair's bit set (cleared first for the pair's first
 * probe).  The propagation's result, or PC__NS_FOUND when it completed the
 * grid into a new solution (copied to probe.sol).  On PC__NS_ABORT and
 * PC__NS_FOUND the probe is undone and probing left; otherwise the caller
 * reads the trail from `mark` and undoes it. */
static inline int probe_value(pc__nsolver *s, int32_t idx, uint8_t v, int32_t mark, uint64_t *touch, int first)
{
    s->stats.probes++;
    /* the lines the probe touches are those of the cells it sets, which
     * are exactly the lines it queues (a line is queued when one of its
     * cells is set, and the queue is empty when a probe starts): enqueue
     * records them, with no pass over the trail */
    if (touch && first)
        memset(touch, 0, sizeof(uint64_t) * (size_t)s->reuse.twords);
    s->probe.touch = touch;
    pc__nsolver_set(s, idx, v);
    int r = pc__nsolver_propagate(s);
    s->probe.touch = NULL;
    if (r == PC__NS_ABORT) {
        pc__nsolver_undo(s, mark);
        s->probe.active = 0;
        return r;
    }
    if (r == PC__NS_OK && s->grid.unknown == 0 && s->probe.solutions && new_solution(s)) {
        pc__nsolver_undo(s, mark);
        s->probe.active = 0;
        return PC__NS_FOUND;
    }
    return r;
}

/* Remember what the filled probe set (cells on the trail from `mark`): a
 * fresh stamp on each, and its value. */
static inline void note_filled_probe(pc__nsolver *s, int32_t mark)
{
    uint32_t st = ++s->probe.cur_stamp;
    if (st == 0) { /* wrapped: clear and restart the stamps */
        memset(s->probe.stamp, 0, sizeof(uint32_t) * (size_t)s->ncells);
        st = s->probe.cur_stamp = 1;
    }
    for (int32_t t = mark; t < s->grid.trail_len; t++) {
        int32_t c = s->grid.trail[t];
        s->probe.stamp[c] = st;
        s->probe.pval[c] = s->grid.cells[c];
    }
}

/* The cells the empty probe set (after the probed cell itself) to the same
 * value as the filled probe: into probe.agreed; their number. */
static inline int32_t collect_agreed(pc__nsolver *s, int32_t mark)
{
    uint32_t st = s->probe.cur_stamp;
    int32_t na = 0;
    for (int32_t t = mark + 1; t < s->grid.trail_len; t++) {
        int32_t c = s->grid.trail[t];
        if (s->probe.stamp[c] == st && s->probe.pval[c] == s->grid.cells[c])
            s->probe.agreed[na++] = c;
    }
    return na;
}

/* ---- Learning from failed probes (issue #18, fifth round) ----
 * A probe idx = v that meets a contradiction proves more than "idx is not
 * v here": tracing the contradiction back through the reasons of the cells
 * the probe set (a line's reason is its cells set before it settled the
 * cell, a nogood's its other literals) down to cells set before the probe
 * gives a set of literals that, with idx = v, no solution holds.  Kept as
 * a nogood, it fires wherever those cells meet again — in other subtrees
 * and inside other probes, where probing alone would need a second-order
 * probe to see it.  Cells of the root are left out (they hold at every
 * node searched); a nogood of more than PC__NS_LEARN_MAX literals is not
 * kept (long ones rarely fire and cost watch-list scans). */

static inline void an_push(pc__nsolver *s, int32_t c, int32_t *sp)
{
    if (s->ng.seen[c] == s->ng.seen_stamp)
        return;
    s->ng.seen[c] = s->ng.seen_stamp;
    s->ng.stack[(*sp)++] = c;
    /* a cell set before the probe (and after the root) will be a literal:
     * counted now, so that an analysis whose nogood is already too long
     * stops before it minimizes more reasons */
    int32_t tp = s->ng.tpos[c];
    s->ng.an_pending += tp >= s->ng.root && tp < s->ng.an_mark;
}

/* The line (clues cl[0..k), n cells) with known cells F, E still deduces
 * its contradiction (want == 0) or the cell of bit `want` holding filled
 * (want_f) or empty: a full solve would say r < 0 or the cell settled (a
 * contradiction deduces anything), which is exactly "no arrangement fits
 * with that cell the other value" — the line solver is complete for one
 * line — so the forward pass alone answers it (pc__line_fits_bits). */
static inline int an_still_deduces(const int32_t *cl, int32_t k, int32_t n, uint64_t F, uint64_t E, uint64_t want,
                                   int want_f, int fit)
{
    F = want_f ? F : F | want;
    E = want_f ? E | want : E;
    return !(fit ? pc__line_fits_bits_fitting(cl, k, n, F, E) : pc__line_fits_bits(cl, k, n, F, E));
}

/* Drop known cells (F, E) of `line` (n cells) while the line solver still
 * deduces its contradiction (cell < 0) or cell `cell` (its index in the
 * line) holding its value from the rest (a contradiction of the rest
 * deduces anything): the shorter the reason, the shorter and the more
 * often useful the nogood.  First the narrowest window around the cell,
 * then one by one, farthest from the cell first. */
static inline void an_minimize(const pc__nsolver *s, int32_t line, int32_t cell, int32_t n, uint64_t *pF,
                               uint64_t *pE)
{
    uint64_t F = *pF, E = *pE;
    const int32_t *cl = pc__ns_line_clues(s, line), k = s->clues.count[line];
    const uint64_t want = cell >= 0 ? (uint64_t)1 << cell : 0;
    const int want_f = cell >= 0 && ((s->grid.lf[line] >> cell) & 1);
    const int fit = s->clues.all_fit;
    const int32_t c0 = cell >= 0 ? cell : n / 2;
    if (cell >= 0) {
        /* widths 2^j: a few solves drop most */
        for (int32_t d = 1; d < n; d *= 2) {
            /* cells [max(cell - d, 0), min(cell + d, n - 1)] (n <= 62) */
            const int32_t wlo = cell - d < 0 ? 0 : cell - d, whi = cell + d < n ? cell + d : n - 1;
            const uint64_t win = (((uint64_t)2 << whi) - 1) & ~(((uint64_t)1 << wlo) - 1);
            if (((F | E) & ~win) == 0)
                break;
            if (an_still_deduces(cl, k, n, F & win, E & win, want, want_f, fit)) {
                F &= win;
                E &= win;
                break;
            }
        }
    }
    /* from both ends towards the cell: the known cells (but the cell) by
     * distance from c0, the farthest first, the lower end first on a tie —
     * the order the two ends meet in, taken over the known cells alone
     * (dropping a cell changes none not yet visited) */
    for (uint64_t todo = (F | E) & ~want; todo;) {
        const int32_t lo = pc__ctz64(todo), hi = pc__msb64(todo);
        const int32_t i = (c0 - lo >= hi - c0) ? lo : hi;
        const uint64_t b = (uint64_t)1 << i;
        todo &= ~b;
        uint64_t F2 = F & ~b, E2 = E & ~b;
        if (an_still_deduces(cl, k, n, F2, E2, want, want_f, fit)) {
            F = F2;
            E = E2;
        }
    }
    *pF = F;
    *pE = E;
}

/* The known cells of `line` set before trail position `before` that its
 * deduction needs (see an_minimize): the line's contradiction (cell < 0)
 * or cell `cell` (its index in the line) holding its value. */
static inline void an_push_line(pc__nsolver *s, int32_t line, int32_t before, int32_t cell, int32_t *sp)
{
    int32_t base, stride, n;
    pc__ns_line_span(s, line, &base, &stride, &n);
    uint64_t F = 0, E = 0;
    for (uint64_t m = s->grid.lf[line] | s->grid.le[line]; m; m &= m - 1) {
        int32_t i = pc__ctz64(m);
        if (s->ng.tpos[base + i * stride] < before)
            *((s->grid.lf[line] >> i) & 1 ? &F : &E) |= (uint64_t)1 << i;
    }
    an_minimize(s, line, cell, n, &F, &E);
    for (uint64_t m = F | E; m; m &= m - 1)
        an_push(s, base + pc__ctz64(m) * stride, sp);
}

/* The cells of nogood id but `except`. */
static inline void an_push_nogood(pc__nsolver *s, int32_t id, int32_t except, int32_t *sp)
{
    const int32_t *lt = s->ng.lits + s->ng.start[id];
    for (int32_t i = 0; i < s->ng.len[id]; i++)
        if ((lt[i] >> 1) != except)
            an_push(s, lt[i] >> 1, sp);
}

static void an_new_marks(pc__ns_nogood *g, int32_t ncells)
{
    if (++g->seen_stamp == 0) {
        memset(g->seen, 0, sizeof(uint32_t) * (size_t)ncells);
        g->seen_stamp = 1;
    }
}

/* The cells of a learned nogood gain activity (PC__NS_ACT in
 * solve_state.h); the bump grows by 1/19 (x 20/19 = 1/0.95) instead of
 * every activity decaying, and all are scaled down together before they
 * overflow.  Integers, not floating point, so that the branching, and so
 * the solution found first, is the same on every platform (x87's extended
 * precision would round some scores otherwise). */
static void act_bump(pc__nsolver *s, const int32_t *lits, int32_t k)
{
    uint64_t *a = s->probe.act;
    for (int32_t i = 0; i < k; i++)
        a[lits[i] >> 1] += s->probe.act_inc;
    s->probe.act_inc += s->probe.act_inc / PC__NS_ACT_GROW;
    if (s->probe.act_inc > PC__NS_ACT_INC0 << 16) {
        /* every activity is below 20 x the bump (a sum of bumps growing
         * by 20/19), so below 2^41 here; the shift keeps the order */
        for (int32_t c = 0; c < s->ncells; c++)
            a[c] >>= 16;
        s->probe.act_inc >>= 16;
    }
}

/* The probe of idx (its value still on the grid, its cells on the trail
 * from `mark`) has just met a contradiction: learn its nogood (`kind`
 * NG_PROBE; NG_NODE for a failing node, idx then its branch cell and mark
 * the node's).  The id of the nogood kept, whose first literal is idx's
 * value (the reason of idx's other value once the probe is undone), or -1. */
static int32_t learn_failed_probe(pc__nsolver *s, int32_t idx, int32_t mark, int kind)
{
    pc__ns_nogood *g = &s->ng;
    if (!g->active || g->failed || s->stats.nodes < g->learn_after)
        return -1;
    if (!g->lits && ng_alloc(s) != 0) {
        g->failed = 1;
        return -1;
    }
    const int32_t lmax = kind == NG_NODE ? PC__NS_NODE_LEARN_MAX : PC__NS_NODE_REASON_MAX;
    if (g->nlits + lmax + 1 > PC__NS_NG_MAX_LITS) {
        ng_reduce(s);
        if (g->nlits + lmax + 1 > PC__NS_NG_MAX_LITS)
            return -1; /* full of restart nogoods */
    }
    g->an_mark = mark;
    an_new_marks(g, s->ncells);
    const uint8_t *cells = s->grid.cells;
    int32_t sp = 0;
    g->an_pending = 0;
    if (s->q.bad_line >= 0)
        an_push_line(s, s->q.bad_line, INT32_MAX, -1, &sp);
    else
        an_push_nogood(s, g->conflict, -1, &sp);
    int32_t *out = g->buf, k = 1, top = -1;
    out[0] = 2 * idx + cells[idx] - 1;
    while (sp) {
        int32_t c = g->stack[--sp], tp = g->tpos[c];
        if (tp < g->root)
            continue;
        if (tp < mark) {
            g->an_pending--;
            if (k > lmax)
                return -1;
            if (top < 0 || tp > g->tpos[out[top] >> 1])
                top = k;
            out[k++] = 2 * c + cells[c] - 1;
            continue;
        }
        if (c == idx)
            continue;
        /* every cell counted pending becomes a literal: too many already */
        if (k + g->an_pending > lmax + 1)
            return -1;
        int32_t y = g->why[c];
        if (y >= 0)
            an_push_line(s, y, g->rpos[c], y < s->h ? c - y * s->w : c / s->w, &sp);
        else if (y <= -2)
            an_push_nogood(s, -2 - y, c, &sp);
        else {
            return -1; /* a cell without a reason: nothing learned */
        }
    }
    if (k < 2)
        return -1; /* the probe fails from the root alone: probing finds it */
    /* watched: the probed literal (false once the probe is undone and the
     * cell set to its other value) and the latest of the others */
    int32_t tmp = out[1];
    out[1] = out[top];
    out[top] = tmp;
    int32_t before = g->n;
    if (kind == NG_PROBE && k > PC__NS_LEARN_MAX + 1) {
        /* too long to be watched: kept as the settled cell's reason only */
        ng_add(s, out, k, NG_REASON);
        return g->n > before ? g->n - 1 : -1;
    }
    ng_add(s, out, k, kind);
    if (g->n == before)
        return -1;
    g->learned++;
    g->learned_lits += k;
    if (kind == NG_PROBE) /* a failing node's cells gain none (round twelve) */
        act_bump(s, out, k);
    /* the newest learned nogoods stay at a reduction, in order: this one
     * is the last */
    if (g->nlearnt > PC__NS_LEARN_KEEP)
        ng_reduce(s);
    return g->n - 1;
}

/* Probe both values of unknown cell idx: PP_NOTHING (nothing proved, or the
 * pair's last result still holds), PP_SETTLED (cells settled and propagated),
 * PC__NS_CONTRA, PC__NS_ABORT or PC__NS_FOUND. */
static int probe_pair(pc__nsolver *s, int32_t idx)
{
    uint64_t *touch = s->reuse.ptouch ? s->reuse.ptouch + (size_t)idx * (size_t)s->reuse.twords : NULL;
    if (pair_still_holds(s, idx, touch)) {
        s->stats.probes_reused++;
        return PP_NOTHING;
    }
    int32_t mark = s->grid.trail_len;
    s->probe.active = 1;
    int r1 = probe_value(s, idx, PC__NF, mark, touch, 1);
    if (r1 == PC__NS_ABORT || r1 == PC__NS_FOUND)
        return r1;
    int32_t n1 = s->grid.trail_len - mark;
    if (r1 == PC__NS_CONTRA) {
        /* the cell must be empty: no need to probe that, just set it */
        int32_t id = learn_failed_probe(s, idx, mark, NG_PROBE);
        pc__nsolver_undo(s, mark);
        s->probe.active = 0;
        s->probe.score1[idx] = -1;
        hot_push(s, idx);
        pc__nsolver_set(s, idx, PC__NE);
        if (id >= 0) /* the reason a failing node's analysis reads */
            s->ng.why[idx] = -2 - id;
        int r = pc__nsolver_propagate(s);
        return r == PC__NS_OK ? PP_SETTLED : r;
    }
    note_filled_probe(s, mark);
    pc__nsolver_undo(s, mark);
    int r2 = probe_value(s, idx, PC__NE, mark, touch, 0);
    if (r2 == PC__NS_ABORT || r2 == PC__NS_FOUND)
        return r2;
    int32_t n2 = s->grid.trail_len - mark;
    int32_t na = r2 == PC__NS_OK ? collect_agreed(s, mark) : 0;
    int32_t id = r2 == PC__NS_CONTRA ? learn_failed_probe(s, idx, mark, NG_PROBE) : -1;
    pc__nsolver_undo(s, mark);
    s->probe.active = 0;
    s->reuse.ptime[idx] = s->reuse.clock;
    s->probe.score1[idx] = n1;
    s->probe.score2[idx] = r2 == PC__NS_OK ? n2 : -1;
    if (r2 != PC__NS_OK) {
        /* the empty probe failed: the cell is filled */
        hot_push(s, idx);
        pc__nsolver_set(s, idx, PC__NF);
        if (id >= 0)
            s->ng.why[idx] = -2 - id;
    } else if (na) {
        for (int32_t a = 0; a < na; a++) {
            int32_t c = s->probe.agreed[a];
            if (s->grid.cells[c] == PC__NU)
                pc__nsolver_set(s, c, s->probe.pval[c]);
        }
    } else {
        return PP_NOTHING;
    }
    int r = pc__nsolver_propagate(s);
    return r == PC__NS_OK ? PP_SETTLED : r;
}

/* Propagation, then the probe pairs of the hot cells, those whose probes
 * last met a contradiction (a failing node is usually proved so by one of
 * them): PC__NS_OK, or the first other outcome.  A full probing goes on
 * with its sweep; a light node (PC__NS_PROBE_EVERY) stops here, its other
 * cells' branching scores staying those of the last full probing above. */
static int probe_hot(pc__nsolver *s)
{
    int r = pc__nsolver_propagate(s);
    for (int32_t i = 0; i < s->probe.hot_n && r == PC__NS_OK && s->grid.unknown; i++) {
        int32_t h = s->probe.hot_pos - 1 - i;
        if (h < 0)
            h += PC__NS_HOT;
        int32_t idx = s->probe.hot[h];
        if (s->grid.cells[idx] != PC__NU)
            continue;
        r = probe_pair(s, idx);
        if (r == PP_NOTHING || r == PP_SETTLED)
            r = PC__NS_OK;
    }
    return r;
}

/* Try both values of every unknown cell; settle what a contradiction or an
 * agreement proves.  The cells whose probes last met a contradiction go
 * first (a failing node is usually proved so by one of them); then the
 * cells are visited cyclically, and probing stops once a whole cycle has
 * gone by since the last cell was settled: every probe result then belongs
 * to the final state (the branching scores rely on it), and no cell is
 * probed twice in an unchanged state. */
int pc__nsolver_probe(pc__nsolver *s)
{
    int r = probe_hot(s);
    if (r != PC__NS_OK)
        return r;
    /* the sweep starts at the node's branch cell: the cells around the
     * change are the likeliest to settle something, and a cell settled
     * early spares the redoing of the pairs made before it (on 33 slow
     * tcga2016 puzzles about 2-3 % fewer probes than starting at cell 0;
     * the fixpoint and so the scores are the same) */
    int32_t since = 0, idx = s->probe.start > 0 && s->probe.start < s->ncells ? s->probe.start - 1 : -1;
    for (;;) {
        if (since >= s->ncells || !s->grid.unknown)
            return PC__NS_OK;
        idx = idx + 1 == s->ncells ? 0 : idx + 1;
        since++;
        if (s->grid.cells[idx] != PC__NU) {
            s->probe.score1[idx] = s->probe.score2[idx] = 0;
            continue;
        }
        r = probe_pair(s, idx);
        if (r == PP_SETTLED)
            since = 0;
        else if (r != PP_NOTHING)
            return r;
    }
}

static uint64_t next_rng(pc__nsolver *s)
{
    uint64_t z = (s->restart.rng += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The unknown cell whose two probes together settle the most, weighted by
 * its nogood activity (PC__NS_ACT); after a restart the scores are also
 * multiplied by a factor drawn in [1, 2). */
static int32_t pick_branch(pc__nsolver *s, uint8_t *first)
{
    int32_t best = -1;
    int64_t best_score = -1;
    uint64_t amax = 0; /* the largest activity of an unknown cell: 0, no weight */
    for (int32_t idx = 0; idx < s->ncells; idx++)
        if (s->grid.cells[idx] == PC__NU && s->probe.act[idx] > amax)
            amax = s->probe.act[idx];
    for (int32_t idx = 0; idx < s->ncells; idx++) {
        if (s->grid.cells[idx] != PC__NU)
            continue;
        int64_t a = s->probe.score1[idx], b = s->probe.score2[idx];
        if (a < 1)
            a = 1;
        if (b < 1)
            b = 1;
        int64_t sc = a * b;
        if (amax > 0) /* act < 2^41, so act x 1024 x PC__NS_ACT fits 64 bits for a weight up
                       * to 2^13; act is bumped only where learning runs, grids of at most
                       * 65,536 cells, so a score stays below 2^32 x 5 x 1024 x 512 < 2^55 */
            sc = sc * (1024 + (int64_t)(s->probe.act[idx] * (1024u * PC__NS_ACT) / amax));
        if (s->restart.randomize)
            sc = sc * (256 + (int64_t)(next_rng(s) >> PC__NS_RESTART_SHIFT));
        if (sc > best_score) {
            best_score = sc;
            best = idx;
            /* the value whose probe settled fewer cells first: it constrains
             * the rest least, so it is the likelier to lead to a solution */
            *first = s->probe.score1[idx] < s->probe.score2[idx] ? PC__NF : PC__NE;
        }
    }
    return best;
}

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (i >= 1). */
static int64_t luby(int64_t i)
{
    for (;;) {
        int64_t k = 1;
        while (((int64_t)1 << k) - 1 < i)
            k++;
        if (((int64_t)1 << k) - 1 == i)
            return (int64_t)1 << (k - 1);
        i -= ((int64_t)1 << (k - 1)) - 1;
    }
}

/* A node's reduction: probing to a fixpoint (the hot cells only at a light
 * node), or propagation alone (the branching scores then all 0). */
static int reduce(pc__nsolver *s)
{
    if (s->probe.enabled && s->probe.light)
        return probe_hot(s);
    if (s->probe.enabled)
        return pc__nsolver_probe(s);
    int r = pc__nsolver_propagate(s);
    if (r == PC__NS_OK)
        for (int32_t i = 0; i < s->ncells; i++)
            s->probe.score1[i] = s->probe.score2[i] = 0;
    return r;
}

/* The root's reduction, which grades the puzzle: *grade, and the cells
 * propagation alone and then probing settled.  The last step's result. */
static int reduce_root(pc__nsolver *s, int32_t *grade, int64_t *line_cells, int64_t *probe_cells)
{
    int32_t start_unknown = s->grid.unknown;
    int r = pc__nsolver_propagate(s);
    *line_cells = start_unknown - s->grid.unknown;
    if (r == PC__NS_CONTRA) {
        *grade = PC_NONOGRAM_GRADE_NONE;
        return r;
    }
    if (r == PC__NS_OK && s->grid.unknown == 0) {
        *grade = PC_NONOGRAM_GRADE_LINE;
        return r;
    }
    int32_t before = s->grid.unknown;
    if (r == PC__NS_OK)
        r = reduce(s);
    *probe_cells = before - s->grid.unknown;
    if (r == PC__NS_CONTRA)
        *grade = PC_NONOGRAM_GRADE_NONE;
    else if (r == PC__NS_OK && s->grid.unknown == 0 && s->probe.enabled)
        *grade = PC_NONOGRAM_GRADE_PROBE;
    else
        *grade = PC_NONOGRAM_GRADE_SEARCH;
    return r;
}

/* The restart generator's seed: a hash of the clues, so that the perturbed
 * branching depends on the puzzle only. */
static void seed_restarts(pc__nsolver *s)
{
    s->restart.count = 0;
    s->restart.randomize = 0;
#ifndef PC__NS_SEED
#define PC__NS_SEED 0 /* another restart seed for the same clues (measurements: a second sample of the paths) */
#endif
    s->restart.rng = 0x243F6A8885A308D3u ^ (uint64_t)PC__NS_SEED;
    for (int32_t i = 0; i < s->nlines; i++) {
        s->restart.rng = (s->restart.rng ^ (uint64_t)s->clues.count[i]) * 0x100000001B3u;
        for (int32_t j = 0; j < s->clues.count[i]; j++)
            s->restart.rng = (s->restart.rng ^ (uint64_t)s->clues.all[s->clues.start[i] + j]) * 0x100000001B3u;
    }
}

/* The bookkeeping of one pc__nsolver_solve run. */
typedef struct ns_run {
    int32_t limit;  /* stop after this many solutions */
    uint8_t *store; /* the first nstore solutions go here */
    int32_t nstore;
    int32_t nfound;
    int32_t depth;     /* levels on the search stack */
    int32_t root_mark; /* the trail at the root: a restart undoes to it */
    int64_t restart_base, restart_budget; /* nodes at the last restart, and the nodes allowed from it */
    pc__nsat *sat;       /* the SAT backend once started (solve_sat.h), else NULL */
    uint8_t *sat_sol;    /* its solution */
    int32_t sat_blocked; /* solutions it has been told to avoid */
} ns_run;

/* A solution (0/1 cells) counts: the first is remembered in sol0, each is
 * stored while there is room.  1 when the limit is reached. */
static int record_solution(pc__nsolver *s, ns_run *run, const uint8_t *sol)
{
    size_t n = (size_t)s->ncells;
    if (run->nfound == 0) {
        memcpy(s->search.sol0, sol, n);
        s->search.have_sol0 = 1;
    }
    if (run->nfound < run->nstore)
        memcpy(run->store + (size_t)run->nfound * n, sol, n);
    run->nfound++;
    return run->nfound >= run->limit;
}

/* The search completed the grid.  Once a restart or a probe may have found
 * this solution before, one equal to sol0 is a repeat (only sol0 can be one:
 * restarts stop after a second solution, probe solutions are taken only
 * while at most two are asked for).  1 when the limit is reached. */
static int grid_solution(pc__nsolver *s, ns_run *run)
{
    int may_repeat = run->nfound > 0 && (s->restart.count > 0 || s->probe.solutions);
    int fresh = new_solution(s); /* the grid into probe.sol */
    if (may_repeat && !fresh)
        return 0;
    return record_solution(s, run, s->probe.sol);
}

/* Back to the root with the next node budget of the Luby sequence and the
 * branching perturbed from now on. */
/* At a restart (the grid back at the root): learn the path's nogoods.  A
 * level whose first value has been refuted (done) proves that no solution
 * other than sol0 holds the first values of the levels above it that are
 * still on their first value together with its own first value: the
 * second values above it were forced the same way (by induction), and the
 * subtree was searched to its end with every solution recorded (a restart
 * comes only while at most sol0 has been found).  A nogood of one literal
 * holds at the root for the rest of the solve: its cell is set there and
 * the root grows past it.  Probe results made without the new nogoods are
 * stale. */
static void ng_learn_path(pc__nsolver *s, ns_run *run, int32_t depth)
{
    if (s->ng.failed || s->ncells > PC__NS_NG_MAX_CELLS || depth == 0)
        return;
    if (!s->ng.lits && ng_alloc(s) != 0) {
        s->ng.failed = 1;
        return;
    }
    int32_t *lits = s->probe.agreed; /* scratch: free outside a probe pair */
    int32_t npos = 0, learned = 0;
    for (int32_t d = 0; d < depth; d++) {
        int32_t c = s->search.cell[d];
        int32_t lit = 2 * c + (2 - s->search.val[d]); /* its first value */
        if (!s->search.done[d]) {
            lits[npos++] = lit;
            continue;
        }
        learned = 1;
        if (npos == 0) {
            if (s->grid.cells[c] == PC__NU)
                pc__nsolver_set(s, c, s->search.val[d]);
            continue;
        }
        /* watched: this level's literal and the deepest one above it */
        int32_t *ng = s->ng.buf;
        ng[0] = lit;
        ng[1] = lits[npos - 1];
        memcpy(ng + 2, lits, sizeof(int32_t) * (size_t)(npos - 1));
        ng_add(s, ng, npos + 1, NG_RESTART);
    }
    run->root_mark = s->grid.trail_len;
    s->ng.root = run->root_mark;
    if (learned) {
        s->reuse.clock++;
        for (int32_t i = 0; i < s->nlines; i++)
            s->reuse.lstamp[i] = s->reuse.clock;
    }
}

static void restart(pc__nsolver *s, ns_run *run)
{
    int32_t depth = run->depth;
    pc__nsolver_undo(s, run->root_mark);
    ng_learn_path(s, run, depth);
    run->depth = 0;
    s->probe.start = 0;
    s->restart.count++;
    s->restart.randomize = 1;
    run->restart_base = s->stats.nodes;
    run->restart_budget = PC__NS_RESTART_UNIT * luby(s->restart.count + 1);
}

/* Push a level on the best cell (its second value kept for backtracking)
 * and take the first value.  0 when the budget refuses the node. */
static int branch(pc__nsolver *s, ns_run *run)
{
    uint8_t first = PC__NF;
    int32_t c = pick_branch(s, &first);
    int32_t d = run->depth++;
    s->search.cell[d] = c;
    s->search.val[d] = first == PC__NF ? PC__NE : PC__NF;
    s->search.mark[d] = s->grid.trail_len;
    s->search.done[d] = 0;
    s->probe.start = c;
    if (run->depth > s->stats.max_depth)
        s->stats.max_depth = run->depth;
    if (!take_node(s))
        return 0;
    pc__nsolver_set(s, c, first);
    return 1;
}

/* After a contradiction: take the second value of the deepest level that
 * has not had it.  1 done, 0 the budget refused the node, -1 no level is
 * left (the search is over). */
static int backtrack(pc__nsolver *s, ns_run *run)
{
    while (run->depth > 0 && s->search.done[run->depth - 1])
        run->depth--;
    if (run->depth == 0)
        return -1;
    int32_t d = run->depth - 1;
    pc__nsolver_undo(s, s->search.mark[d]);
    s->search.done[d] = 1;
    s->probe.start = s->search.cell[d];
    if (!take_node(s))
        return 0;
    pc__nsolver_set(s, s->search.cell[d], s->search.val[d]);
    return 1;
}

/* The SAT backend (solve_sat.h), made at the first restart past sat.after
 * nodes with the grid at the root: 0 ready, -1 not available (the search
 * goes on alone). */
static int sat_start(pc__nsolver *s, ns_run *run)
{
    s->sat.tried = 1;
    size_t n = (size_t)s->ncells;
    if (pc__nsat_new(s, &run->sat) != PC_OK)
        return -1;
    run->sat_sol = pc__malloc(n);
    if (!run->sat_sol) {
        pc__nsat_free(run->sat);
        run->sat = NULL;
        return -1;
    }
    s->stats.bytes += pc__nsat_bytes(run->sat) + n;
    pc__nsat_units(run->sat, s);
    return 0;
}

/* The backend's turn at a restart (the grid at the root): PC__NS_SAT_SHARE
 * conflicts per node of the search's next node budget, the solutions found
 * so far forbidden.  1 the answer is complete, -1 the budget stopped it, 0 the
 * search goes on (its node budget counted from after the turn). */
static int sat_turn(pc__nsolver *s, ns_run *run)
{
    if (s->sat.after <= 0 || run->limit > 2 || s->stats.nodes <= s->sat.after || (s->sat.tried && !run->sat))
        return 0;
    if (!run->sat && sat_start(s, run) < 0)
        return 0;
    if (run->nfound > run->sat_blocked) { /* sol0, found by the search */
        pc__nsat_block(run->sat, s, s->search.sol0);
        run->sat_blocked = run->nfound;
    }
    int64_t left = run->restart_budget * PC__NS_SAT_SHARE;
    for (;;) {
        int64_t before = s->stats.nodes;
        int r = pc__nsat_slice(run->sat, s, left, run->sat_sol);
        left -= s->stats.nodes - before;
        run->restart_base = s->stats.nodes;
        if (r == PC__NSAT_UNSAT || r == PC__NSAT_ABORT)
            return r == PC__NSAT_UNSAT ? 1 : -1;
        if (r != PC__NSAT_SAT) {
            if (r == PC__NSAT_FAIL) { /* never expected: the search goes on alone */
                pc__nsat_free(run->sat);
                run->sat = NULL;
            }
            return 0;
        }
        pc__nsat_block(run->sat, s, run->sat_sol);
        run->sat_blocked = run->nfound + 1;
        if (record_solution(s, run, run->sat_sol))
            return 1;
        if (left <= 0)
            return 0;
    }
}

/* A node's reduction (r its result) met a contradiction: learn it as a
 * failed probe of the node's branch literal at its parent. */
static inline void learn_failed_node(pc__nsolver *s, const ns_run *run, int r)
{
    if (r == PC__NS_CONTRA && run->depth > 0 && s->ng.active)
        (void)learn_failed_probe(s, s->search.cell[run->depth - 1], s->search.mark[run->depth - 1], NG_NODE);
}

static void write_stats(const pc__nsolver *s, int64_t *stats, int32_t grade, int64_t line_cells,
                        int64_t probe_cells, int32_t nfound)
{
    stats[PC_NONOGRAM_STAT_NODES] = s->stats.nodes;
    stats[PC_NONOGRAM_STAT_LINE_SOLVES] = s->stats.line_solves;
    stats[PC_NONOGRAM_STAT_PROBES] = s->stats.probes;
    stats[PC_NONOGRAM_STAT_LINE_CELLS] = line_cells;
    stats[PC_NONOGRAM_STAT_PROBE_CELLS] = probe_cells;
    stats[PC_NONOGRAM_STAT_GRADE] = grade;
    stats[PC_NONOGRAM_STAT_MAX_DEPTH] = s->stats.max_depth;
    stats[PC_NONOGRAM_STAT_MEMORY] = (int64_t)s->stats.bytes;
    stats[PC_NONOGRAM_STAT_SOLUTIONS] = nfound;
}

int pc__nsolver_solve(pc__nsolver *s, int32_t limit, uint8_t *store, int32_t nstore, int32_t *found,
                      int64_t *stats)
{
    int64_t line_cells = 0, probe_cells = 0;
    int32_t grade;
    /* the root's probing grades the puzzle: no early solutions there */
    s->search.have_sol0 = 0;
    s->probe.solutions = 0;
    s->sat.tried = 0;
    int r = reduce_root(s, &grade, &line_cells, &probe_cells);
    /* restarts (Luby sequence of node budgets): the same root, a perturbed
     * branching order; the last restart's depth-first search runs to its
     * end, so the answer stays complete */
    ns_run run = {limit, store, nstore, 0, 0, s->grid.trail_len, s->stats.nodes, PC__NS_RESTART_UNIT, NULL, NULL, 0};
    seed_restarts(s);
    /* Below the root a probe that completes the grid has found a solution:
     * taken at once while at most two are asked for.  The search may meet it
     * again later, so from then on every solution is compared with sol0, as
     * after a restart (at most one solution is remembered, hence limit <= 2). */
    s->probe.solutions = limit <= 2 && s->probe.enabled;
    /* learning from failed probes below the root only (the root's probing
     * grades the puzzle), on grids the nogood store takes */
    s->ng.root = run.root_mark;
    s->ng.active = s->ng.learn && s->grid.bits && s->ncells <= PC__NS_NG_MAX_CELLS;
    /* light nodes only on the grids where they were measured to pay */
    const int light_ok = s->ncells <= PC__NS_PROBE_LIGHT_CELLS;
    for (;;) {
        if (r == PC__NS_ABORT)
            break;
        if (r == PC__NS_FOUND) {
            /* probe.sol differs from sol0 (pc__nsolver_probe checked) */
            if (record_solution(s, &run, s->probe.sol))
                break;
            r = reduce(s); /* go on probing this node */
            continue;
        }
        if (r == PC__NS_OK && s->grid.unknown == 0) {
            if (grid_solution(s, &run))
                break;
            r = PC__NS_CONTRA; /* look for the next one */
        }
        if (r == PC__NS_OK && run.nfound <= 1 && s->stats.nodes - run.restart_base > run.restart_budget) {
            /* restart: only while every solution found is remembered in sol0 */
            restart(s, &run);
            int h = sat_turn(s, &run);
            if (h > 0)
                break;
            r = h < 0 ? PC__NS_ABORT : reduce(s);
            continue;
        }
        if (r == PC__NS_OK) {
            int ok = branch(s, &run);
            s->probe.light = light_ok && run.depth % PC__NS_PROBE_EVERY != 0;
            r = ok ? reduce(s) : PC__NS_ABORT;
            learn_failed_node(s, &run, r);
            s->probe.light = 0;
            continue;
        }
        int b = backtrack(s, &run);
        if (b < 0)
            break;
        s->probe.light = light_ok && run.depth % PC__NS_PROBE_EVERY != 0;
        r = b ? reduce(s) : PC__NS_ABORT;
        learn_failed_node(s, &run, r);
        s->probe.light = 0;
    }
    s->probe.solutions = 0;
    s->ng.active = 0;
    pc__nsat_free(run.sat);
    pc__free(run.sat_sol);
    if (run.nfound == 0 && r != PC__NS_ABORT)
        grade = PC_NONOGRAM_GRADE_NONE;
    else if (run.nfound > 1)
        grade = PC_NONOGRAM_GRADE_SEARCH;
    if (stats)
        write_stats(s, stats, grade, line_cells, probe_cells, run.nfound);
    *found = run.nfound;
    return r == PC__NS_ABORT ? PC__NS_ABORT : PC__NS_OK;
}

int32_t pc__nonogram_solve_metered(int32_t w, int32_t h, const int32_t *row_counts, const int32_t *row_clues,
                                   const int32_t *col_counts, const int32_t *col_clues, const uint8_t *givens,
                                   int32_t max_solutions, pc__meter *meter, uint8_t *solutions, size_t cap,
                                   int64_t *stats)
{
    if (max_solutions < 1 || (!solutions && cap))
        return PC_EINVAL;
    pc__nsolver *s = NULL;
    int32_t rc = pc__nsolver_new(w, h, row_counts, row_clues, col_counts, col_clues, &s);
    if (rc != PC_OK)
        return rc;
    rc = pc__nsolver_reset(s, givens);
    if (rc != PC_OK) {
        pc__nsolver_free(s);
        return rc;
    }
    size_t per = (size_t)s->ncells;
    size_t fit = cap / per;
    int32_t nstore = fit < (size_t)max_solutions ? (int32_t)fit : max_solutions;
    if (meter && pc__meter_over_bytes(meter, s->stats.bytes, (uint64_t)nstore * per)) {
        pc__nsolver_free(s);
        return PC_ELIMIT;
    }
    if (meter && meter->status != PC_OK) {
        pc__nsolver_free(s);
        return meter->status;
    }
    s->budget.meter = meter;
    s->sat.after = pc__nsat_available() ? PC__NS_SAT_AFTER : 0;
    s->ng.learn = 1;
    s->ng.learn_after = PC__NS_LEARN_AFTER;
    uint8_t *store = NULL;
    if (nstore > 0) {
        store = pc__malloc((size_t)nstore * per);
        if (!store) {
            pc__nsolver_free(s);
            return PC_ENOMEM;
        }
    }
    int32_t found = 0;
    int r = pc__nsolver_solve(s, max_solutions, store, nstore, &found, stats);
    if (stats)
        stats[PC_NONOGRAM_STAT_MEMORY] += (int64_t)((size_t)nstore * per);
    if (r == PC__NS_ABORT) {
        rc = s->budget.abort_status ? s->budget.abort_status : PC_ELIMIT;
    } else {
        int32_t n = found < nstore ? found : nstore;
        if (n > 0)
            memcpy(solutions, store, (size_t)n * per);
        rc = found;
    }
    pc__free(store);
    pc__nsolver_free(s);
    return rc;
}

int32_t pc_nonogram_solve_clues(int32_t w, int32_t h, const int32_t *row_counts, const int32_t *row_clues,
                                const int32_t *col_counts, const int32_t *col_clues, const uint8_t *givens,
                                int32_t max_solutions, const pc_budget *budget, uint8_t *solutions, size_t cap,
                                int64_t *stats, size_t nstats)
{
    pc__meter m;
    if (max_solutions < 1 || (!solutions && cap) || (!stats && nstats))
        return PC_EINVAL;
    int32_t rc = pc__meter_start(&m, budget);
    if (rc != PC_OK)
        return rc;
    /* the library's whole array here; the caller's only as far as it said
     * (an older caller's shorter array is never written past) */
    int64_t st[PC_NONOGRAM_STAT_COUNT] = {0};
    rc = pc__nonogram_solve_metered(w, h, row_counts, row_clues, col_counts, col_clues, givens, max_solutions, &m,
                                    solutions, cap, st);
    if (rc != PC_EINVAL)
        pc__nonogram_copy_stats(st, stats, nstats);
    return rc;
}

void pc__nonogram_copy_stats(const int64_t *st, int64_t *stats, size_t nstats)
{
    for (size_t i = 0; i < nstats && i < PC_NONOGRAM_STAT_COUNT; i++)
        stats[i] = st[i];
}
