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

#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "puzzlecore/nonogram.h"
#include "common/alloc.h"

static void *nalloc(pc__nsolver *s, size_t n, int *bad)
{
    if (n == 0)
        n = 1;
    void *p = pc__calloc(1, n);
    if (!p)
        *bad = 1;
    s->bytes += n;
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

int32_t pc__nsolver_new(int32_t w, int32_t h, const int32_t *row_counts, const int32_t *row_clues,
                        const int32_t *col_counts, const int32_t *col_clues, pc__nsolver **out)
{
    if (!out || !row_counts || !col_counts || w < 1 || h < 1)
        return PC_EINVAL;
    if (w > PC_NONOGRAM_MAX_SIDE || h > PC_NONOGRAM_MAX_SIDE || (int64_t)w * h > PC_NONOGRAM_MAX_CELLS)
        return PC_ERANGE;
    int64_t nr = 0, nc = 0;
    int32_t maxk = 0;
    /* clue arrays may be NULL only when every count is 0 */
    for (int32_t i = 0; i < h; i++)
        nr += row_counts[i] > 0 ? row_counts[i] : 0;
    for (int32_t i = 0; i < w; i++)
        nc += col_counts[i] > 0 ? col_counts[i] : 0;
    if ((nr && !row_clues) || (nc && !col_clues))
        return PC_EINVAL;
    int32_t rc = check_lines(h, w, row_counts, row_clues, &nr, &maxk);
    if (rc == PC_OK)
        rc = check_lines(w, h, col_counts, col_clues, &nc, &maxk);
    if (rc != PC_OK)
        return rc;
    /* a clue longer than its line: no solution, but keep tables small */
    int32_t maxlen = w > h ? w : h;
    if (maxk > (maxlen + 1) / 2 + 1)
        maxk = (maxlen + 1) / 2 + 1;

    /* the per-cell arrays (cells, trail, probe stamps and values, agreed
     * list, two scores, the search stack): refuse before allocating when
     * they alone would pass the bound */
    if ((size_t)w * (size_t)h * 44u > PC__NS_MAX_BYTES)
        return PC_ERANGE;

    pc__nsolver *s = pc__calloc(1, sizeof *s);
    if (!s)
        return PC_ENOMEM;
    s->bytes = sizeof *s;
    int bad = 0;
    s->w = w;
    s->h = h;
    s->nlines = w + h;
    s->ncells = w * h;
    size_t nl = (size_t)s->nlines, ncl = (size_t)s->ncells;
    s->kcount = nalloc(s, nl * sizeof(int32_t), &bad);
    s->kstart = nalloc(s, nl * sizeof(int32_t), &bad);
    s->clue = nalloc(s, (size_t)(nr + nc) * sizeof(int32_t), &bad);
    s->cells = nalloc(s, ncl, &bad);
    s->trail = nalloc(s, ncl * sizeof(int32_t), &bad);
    s->queue = nalloc(s, nl * sizeof(int32_t), &bad);
    s->queued = nalloc(s, nl, &bad);
    s->lbuf = nalloc(s, (size_t)maxlen, &bad);
    s->lout = nalloc(s, (size_t)maxlen, &bad);
    s->stamp = nalloc(s, ncl * sizeof(uint32_t), &bad);
    s->pval = nalloc(s, ncl, &bad);
    s->agreed = nalloc(s, ncl * sizeof(int32_t), &bad);
    s->score1 = nalloc(s, ncl * sizeof(int32_t), &bad);
    s->score2 = nalloc(s, ncl * sizeof(int32_t), &bad);
    s->fcell = nalloc(s, ncl * sizeof(int32_t), &bad);
    s->fmark = nalloc(s, ncl * sizeof(int32_t), &bad);
    s->fval = nalloc(s, ncl, &bad);
    s->fdone = nalloc(s, ncl, &bad);
    s->sol0 = nalloc(s, ncl, &bad);
    s->psol = nalloc(s, ncl, &bad);
    s->lstamp = nalloc(s, nl * sizeof(uint64_t), &bad);
    s->ptime = nalloc(s, ncl * sizeof(uint64_t), &bad);
    s->twords = (s->nlines + 63) / 64;
    if ((size_t)s->twords * ncl * sizeof(uint64_t) <= PC__NS_PROBE_REUSE_BYTES)
        s->ptouch = nalloc(s, (size_t)s->twords * ncl * sizeof(uint64_t), &bad);
    if (maxlen <= PC__LINE_BITS_MAX) {
        uint32_t entries = PC__NS_BCACHE_ENTRIES;
        while (entries > 1024 && entries / 128 > (uint32_t)s->nlines * (uint32_t)maxlen)
            entries /= 2;
        s->bits = 1;
        s->lf = nalloc(s, nl * sizeof(uint64_t), &bad);
        s->le = nalloc(s, nl * sizeof(uint64_t), &bad);
        s->lclass = nalloc(s, nl * sizeof(int32_t), &bad);
        s->bc_mask = entries - 1;
        s->bc = nalloc(s, (size_t)entries * 4 * sizeof(uint64_t), &bad);
        s->bc_cls = nalloc(s, (size_t)entries * sizeof(int32_t), &bad);
        s->bc_res = nalloc(s, (size_t)entries * sizeof(int32_t), &bad);
        if (!bad)
            for (uint32_t i = 0; i < entries; i++)
                s->bc_cls[i] = -1;
    } else if (maxlen <= PC__NS_CACHE_MAXLEN) {
        /* small puzzles need no big cache */
        uint32_t entries = PC__NS_CACHE_ENTRIES;
        while (entries > 1024 && entries / 128 > (uint32_t)s->nlines * (uint32_t)maxlen)
            entries /= 2;
        s->cache_words = (maxlen + 31) / 32;
        s->cache_mask = entries - 1;
        s->cache_key = nalloc(s, (size_t)entries * (size_t)s->cache_words * sizeof(uint64_t), &bad);
        s->cache_out = nalloc(s, (size_t)entries * (size_t)s->cache_words * sizeof(uint64_t), &bad);
        s->cache_line = nalloc(s, (size_t)entries * sizeof(int32_t), &bad);
        s->cache_res = nalloc(s, (size_t)entries * sizeof(int32_t), &bad);
        if (!bad)
            for (uint32_t i = 0; i < entries; i++)
                s->cache_line[i] = -1;
    }
    if (bad || s->bytes > PC__NS_MAX_BYTES) {
        int32_t e = bad ? PC_ENOMEM : PC_ERANGE;
        pc__nsolver_free(s);
        return e;
    }
    if (pc__line_ws_init(&s->ws, maxlen, maxk, PC__NS_MAX_BYTES - s->bytes)) {
        pc__nsolver_free(s);
        return PC_ENOMEM;
    }
    s->bytes += s->ws.bytes;
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
        s->kstart[i] = pos;
        s->kcount[i] = k;
        for (int32_t j = 0; j < k; j++)
            s->clue[pos++] = clues[src + j];
        src += c;
    }
    if (s->bits) {
        /* lines of the same length with the same clues share a class */
        for (int32_t i = 0; i < s->nlines; i++) {
            int32_t ni = i < h ? w : h;
            s->lclass[i] = i;
            for (int32_t j = 0; j < i; j++) {
                int32_t nj = j < h ? w : h;
                if (nj == ni && s->kcount[j] == s->kcount[i] &&
                    memcmp(s->clue + s->kstart[j], s->clue + s->kstart[i],
                           sizeof(int32_t) * (size_t)s->kcount[i]) == 0) {
                    s->lclass[i] = s->lclass[j];
                    break;
                }
            }
        }
    }
    s->use_probing = 1;
    *out = s;
    return PC_OK;
}

void pc__nsolver_free(pc__nsolver *s)
{
    if (!s)
        return;
    pc__free(s->kcount);
    pc__free(s->kstart);
    pc__free(s->clue);
    pc__free(s->cells);
    pc__free(s->trail);
    pc__free(s->queue);
    pc__free(s->queued);
    pc__free(s->lbuf);
    pc__free(s->lout);
    pc__free(s->stamp);
    pc__free(s->pval);
    pc__free(s->agreed);
    pc__free(s->score1);
    pc__free(s->score2);
    pc__free(s->fcell);
    pc__free(s->fmark);
    pc__free(s->fval);
    pc__free(s->fdone);
    pc__free(s->sol0);
    pc__free(s->psol);
    pc__free(s->lstamp);
    pc__free(s->ptime);
    pc__free(s->ptouch);
    pc__free(s->lf);
    pc__free(s->le);
    pc__free(s->lclass);
    pc__free(s->bc);
    pc__free(s->bc_cls);
    pc__free(s->bc_res);
    pc__free(s->cache_key);
    pc__free(s->cache_out);
    pc__free(s->cache_line);
    pc__free(s->cache_res);
    pc__line_ws_free(&s->ws);
    pc__free(s);
}

static void enqueue(pc__nsolver *s, int32_t line)
{
    if (s->queued[line])
        return;
    s->queued[line] = 1;
    int32_t at = s->qhead + s->qlen;
    if (at >= s->nlines)
        at -= s->nlines;
    s->queue[at] = line;
    s->qlen++;
}

static void clear_queue(pc__nsolver *s)
{
    while (s->qlen) {
        s->queued[s->queue[s->qhead]] = 0;
        s->qhead = s->qhead + 1 == s->nlines ? 0 : s->qhead + 1;
        s->qlen--;
    }
    s->qhead = 0;
}

/* Cell idx becomes v (1 or 2) in the line words of its row and column. */
static inline void bits_set(pc__nsolver *s, int32_t idx, uint8_t v)
{
    int32_t y = idx / s->w, x = idx - y * s->w;
    uint64_t *t = v == PC__NF ? s->lf : s->le;
    t[y] |= (uint64_t)1 << x;
    t[s->h + x] |= (uint64_t)1 << y;
}

static inline void bits_clear(pc__nsolver *s, int32_t idx)
{
    int32_t y = idx / s->w, x = idx - y * s->w;
    uint64_t rm = ~((uint64_t)1 << x), cm = ~((uint64_t)1 << y);
    s->lf[y] &= rm;
    s->le[y] &= rm;
    s->lf[s->h + x] &= cm;
    s->le[s->h + x] &= cm;
}

int32_t pc__nsolver_reset(pc__nsolver *s, const uint8_t *givens)
{
    if (givens)
        for (int32_t i = 0; i < s->ncells; i++)
            if (givens[i] > PC__NE)
                return PC_EINVAL;
    clear_queue(s);
    s->trail_len = 0;
    s->unknown = s->ncells;
    if (givens) {
        memcpy(s->cells, givens, (size_t)s->ncells);
        for (int32_t i = 0; i < s->ncells; i++)
            s->unknown -= givens[i] != PC__NU;
    } else {
        memset(s->cells, 0, (size_t)s->ncells);
    }
    if (s->bits) {
        memset(s->lf, 0, sizeof(uint64_t) * (size_t)s->nlines);
        memset(s->le, 0, sizeof(uint64_t) * (size_t)s->nlines);
        for (int32_t i = 0; i < s->ncells; i++)
            if (s->cells[i] != PC__NU)
                bits_set(s, i, s->cells[i]);
    }
    /* columns with the most clue cells first is not needed: a plain order */
    for (int32_t i = 0; i < s->nlines; i++)
        enqueue(s, i);
    s->nodes = s->line_solves = s->probes = s->max_depth = s->probes_reused = 0;
    s->bad_line = -1;
    s->hot_n = s->hot_pos = 0;
    /* every probe result is stale */
    s->clock++;
    for (int32_t i = 0; i < s->nlines; i++)
        s->lstamp[i] = s->clock;
    memset(s->ptime, 0, sizeof(uint64_t) * (size_t)s->ncells);
    s->in_probe = 0;
    return PC_OK;
}

void pc__nsolver_set(pc__nsolver *s, int32_t idx, uint8_t v)
{
    s->cells[idx] = v;
    if (s->bits)
        bits_set(s, idx, v);
    s->trail[s->trail_len++] = idx;
    s->unknown--;
    enqueue(s, idx / s->w);
    enqueue(s, s->h + idx % s->w);
    if (!s->in_probe) {
        s->clock++;
        s->lstamp[idx / s->w] = s->clock;
        s->lstamp[s->h + idx % s->w] = s->clock;
    }
}

void pc__nsolver_undo(pc__nsolver *s, int32_t mark)
{
    while (s->trail_len > mark) {
        int32_t idx = s->trail[--s->trail_len];
        s->cells[idx] = PC__NU;
        if (s->bits)
            bits_clear(s, idx);
        s->unknown++;
        if (!s->in_probe) {
            s->clock++;
            s->lstamp[idx / s->w] = s->clock;
            s->lstamp[s->h + idx % s->w] = s->clock;
        }
    }
}

/* Node cap, then the caller's budget: its clock, cancel flag and progress
 * are read every 256 line solves in bit-parallel mode (well under a
 * millisecond), every 16 on grids wider than a word, whose line solves cost
 * up to a fraction of a millisecond each (a 128 x 128 grid's first pass took
 * 150 ms between reads at 256), so a cancel is seen quickly even while one
 * node's probing runs long. */
static int over_budget(pc__nsolver *s)
{
    if (s->max_nodes > 0 && s->nodes > s->max_nodes) {
        s->abort_status = PC_ELIMIT;
        return 1;
    }
    pc__meter *m = s->meter;
    if (m && (m->status != PC_OK || (m->max_nodes > 0 && s->nodes > m->max_nodes) ||
              (s->line_solves & (s->bits ? 255 : 15)) == 0)) {
        /* the meter stops at nodes >= max; this search allows max nodes */
        m->nodes = (m->max_nodes > 0 && s->nodes >= m->max_nodes) ? m->max_nodes - 1 : s->nodes;
        m->bound = (double)(s->ncells - s->unknown);
        int32_t st = m->status != PC_OK ? m->status
                     : (m->max_nodes > 0 && s->nodes > m->max_nodes) ? PC_ELIMIT
                                                                      : pc__meter_check(m);
        if (st != PC_OK) {
            m->status = st;
            s->abort_status = st;
            return 1;
        }
    }
    return 0;
}

/* Count the node about to be expanded, unless the budget forbids it: a node
 * refused is not counted, so a search stopped by max_nodes reports exactly
 * max_nodes nodes (the fuzzers check nodes <= max_nodes). */
static int take_node(pc__nsolver *s)
{
    s->nodes++;
    if (over_budget(s)) {
        s->nodes--;
        return 0;
    }
    return 1;
}

/* One line in bit-parallel mode: solve it (or find it in the cache), set
 * what it settles, queue the crossing lines.  PC__NS_OK or PC__NS_CONTRA. */
static int propagate_bits(pc__nsolver *s, int32_t line, int32_t base, int32_t stride, int32_t n)
{
    const uint64_t F = s->lf[line], E = s->le[line];
    const int32_t cls = s->lclass[line];
    uint64_t hsh = ((uint64_t)(uint32_t)cls * 0x9E3779B97F4A7C15u) ^ F;
    hsh *= 0xBF58476D1CE4E5B9u;
    hsh ^= (hsh >> 31) ^ E;
    hsh *= 0x94D049BB133111EBu;
    uint32_t slot = (uint32_t)(hsh >> 40) & s->bc_mask;
    uint64_t *e = s->bc + (size_t)slot * 4;
    uint64_t oF, oE;
    int32_t r;
    if (PC__NS_BCACHE_ENTRIES > 1 && s->bc_cls[slot] == cls && e[0] == F && e[1] == E) {
        s->cache_hits++;
        r = s->bc_res[slot];
        oF = e[2];
        oE = e[3];
    } else {
        r = pc__line_solve_bits(s->clue + s->kstart[line], s->kcount[line], n, F, E, &oF, &oE);
        s->bc_cls[slot] = cls;
        s->bc_res[slot] = r;
        e[0] = F;
        e[1] = E;
        e[2] = r < 0 ? 0 : oF;
        e[3] = r < 0 ? 0 : oE;
    }
    if (r < 0)
        return PC__NS_CONTRA;
    uint64_t nf = oF & ~F, ne = oE & ~E;
    if (!(nf | ne))
        return PC__NS_OK;
    const int32_t w = s->w, h = s->h;
    for (uint64_t m = nf | ne; m; m &= m - 1) {
        int32_t i = pc__ctz64(m);
        int32_t p = base + i * stride;
        uint8_t v = (nf >> i) & 1 ? PC__NF : PC__NE;
        s->cells[p] = v;
        bits_set(s, p, v);
        s->trail[s->trail_len++] = p;
        s->unknown--;
        int32_t other = line < h ? h + (p - line * w) : p / w;
        enqueue(s, other);
        if (!s->in_probe) {
            s->clock++;
            s->lstamp[line] = s->clock;
            s->lstamp[other] = s->clock;
        }
    }
    return PC__NS_OK;
}

int pc__nsolver_propagate(pc__nsolver *s)
{
    const int32_t w = s->w, h = s->h;
    while (s->qlen) {
        int32_t line = s->queue[s->qhead];
        s->qhead = s->qhead + 1 == s->nlines ? 0 : s->qhead + 1;
        s->qlen--;
        s->queued[line] = 0;
        s->line_solves++;
        if (over_budget(s)) {
            clear_queue(s);
            return PC__NS_ABORT;
        }
        int32_t base, stride, n;
        if (line < h) {
            base = line * w;
            stride = 1;
            n = w;
        } else {
            base = line - h;
            stride = w;
            n = h;
        }
        if (s->bits) {
            if (propagate_bits(s, line, base, stride, n) != PC__NS_OK) {
                s->bad_line = line;
                clear_queue(s);
                return PC__NS_CONTRA;
            }
            continue;
        }
        uint8_t *lb = s->lbuf;
        const uint8_t *cells = s->cells;
        int32_t r;
        if (s->cache_words) {
            uint64_t key[PC__NS_CACHE_MAXLEN / 32] = {0};
            for (int32_t i = 0, p = base; i < n; i++, p += stride) {
                lb[i] = cells[p];
                key[i >> 5] |= (uint64_t)lb[i] << (2 * (i & 31));
            }
            uint64_t hsh = (uint64_t)line * 0x9E3779B97F4A7C15u;
            for (int32_t wi = 0; wi < s->cache_words; wi++) {
                hsh ^= key[wi];
                hsh *= 0xBF58476D1CE4E5B9u;
                hsh ^= hsh >> 29;
            }
            uint32_t slot = (uint32_t)(hsh >> 17) & s->cache_mask;
            uint64_t *ck = s->cache_key + (size_t)slot * (size_t)s->cache_words;
            uint64_t *co = s->cache_out + (size_t)slot * (size_t)s->cache_words;
            if (s->cache_line[slot] == line && memcmp(ck, key, sizeof(uint64_t) * (size_t)s->cache_words) == 0) {
                s->cache_hits++;
                r = s->cache_res[slot];
                if (r > 0)
                    for (int32_t i = 0; i < n; i++)
                        s->lout[i] = (uint8_t)((co[i >> 5] >> (2 * (i & 31))) & 3u);
            } else {
                r = pc__line_solve(&s->ws, s->clue + s->kstart[line], s->kcount[line], lb, n, s->lout);
                s->cache_line[slot] = line;
                s->cache_res[slot] = r;
                memcpy(ck, key, sizeof(uint64_t) * (size_t)s->cache_words);
                if (r > 0) {
                    memset(co, 0, sizeof(uint64_t) * (size_t)s->cache_words);
                    for (int32_t i = 0; i < n; i++)
                        co[i >> 5] |= (uint64_t)s->lout[i] << (2 * (i & 31));
                }
            }
        } else {
            for (int32_t i = 0, p = base; i < n; i++, p += stride)
                lb[i] = cells[p];
            r = pc__line_solve(&s->ws, s->clue + s->kstart[line], s->kcount[line], lb, n, s->lout);
        }
        if (r < 0) {
            s->bad_line = line;
            clear_queue(s);
            return PC__NS_CONTRA;
        }
        if (r == 0)
            continue;
        for (int32_t i = 0, p = base; i < n; i++, p += stride) {
            if (lb[i] == PC__NU && s->lout[i] != PC__NU) {
                s->cells[p] = s->lout[i];
                s->trail[s->trail_len++] = p;
                s->unknown--;
                /* only the crossing line needs another look */
                enqueue(s, line < h ? h + p % w : p / w);
                if (!s->in_probe) {
                    s->clock++;
                    s->lstamp[p / w] = s->clock;
                    s->lstamp[h + p % w] = s->clock;
                }
            }
        }
    }
    return PC__NS_OK;
}


/* Add the lines of the cells set since trail position `mark` to a bit set. */
static void mark_touched(const pc__nsolver *s, uint64_t *touch, int32_t mark)
{
    for (int32_t t = mark; t < s->trail_len; t++) {
        int32_t c = s->trail[t];
        int32_t r = c / s->w, col = s->h + c % s->w;
        touch[r >> 6] |= (uint64_t)1 << (r & 63);
        touch[col >> 6] |= (uint64_t)1 << (col & 63);
    }
}

/* The grid is complete (a solution): copy it to psol; 0 when it is sol0. */
static int probe_found(pc__nsolver *s)
{
    int same = s->have_sol0;
    for (int32_t i = 0; i < s->ncells; i++) {
        uint8_t v = s->cells[i] == PC__NF;
        s->psol[i] = v;
        same &= s->sol0[i] == v;
    }
    return !same;
}

/* Outcomes of one probe pair besides the PC__NS_ results. */
enum { PP_NOTHING = 0, PP_SETTLED = 2 };

/* Remember a cell whose probe met a contradiction (probed first next time). */
static void hot_push(pc__nsolver *s, int32_t idx)
{
    for (int32_t i = 0; i < s->hot_n; i++)
        if (s->hot[i] == idx)
            return;
    if (s->hot_n < PC__NS_HOT)
        s->hot_n++;
    s->hot[s->hot_pos] = idx;
    s->hot_pos = s->hot_pos + 1 == PC__NS_HOT ? 0 : s->hot_pos + 1;
}

/* Probe both values of unknown cell idx: PP_NOTHING (nothing proved, or the
 * pair's last result still holds), PP_SETTLED (cells settled and propagated),
 * PC__NS_CONTRA, PC__NS_ABORT or PC__NS_FOUND. */
static int probe_pair(pc__nsolver *s, int32_t idx)
{
    uint64_t *touch = s->ptouch ? s->ptouch + (size_t)idx * (size_t)s->twords : NULL;
    if (touch && s->ptime[idx]) {
        /* the last pair still holds when none of its lines changed */
        uint64_t pt = s->ptime[idx];
        int clean = 1;
        for (int32_t wi = 0; wi < s->twords && clean; wi++)
            for (uint64_t bits = touch[wi]; bits && clean; bits &= bits - 1)
                clean = s->lstamp[wi * 64 + pc__ctz64(bits)] <= pt;
        if (clean) {
            s->probes_reused++;
            return PP_NOTHING;
        }
    }
    int32_t mark = s->trail_len;
    /* filled */
    s->probes++;
    s->in_probe = 1;
    pc__nsolver_set(s, idx, PC__NF);
    int r1 = pc__nsolver_propagate(s);
    if (r1 == PC__NS_ABORT) {
        pc__nsolver_undo(s, mark);
        s->in_probe = 0;
        return r1;
    }
    if (touch) {
        memset(touch, 0, sizeof(uint64_t) * (size_t)s->twords);
        mark_touched(s, touch, mark);
    }
    int32_t n1 = s->trail_len - mark;
    if (r1 == PC__NS_OK && s->unknown == 0 && s->probe_solutions && probe_found(s)) {
        pc__nsolver_undo(s, mark);
        s->in_probe = 0;
        return PC__NS_FOUND;
    }
    if (r1 == PC__NS_CONTRA) {
        /* the cell must be empty: no need to probe that, just set it */
        pc__nsolver_undo(s, mark);
        s->in_probe = 0;
        s->score1[idx] = -1;
        hot_push(s, idx);
        pc__nsolver_set(s, idx, PC__NE);
        int r = pc__nsolver_propagate(s);
        return r == PC__NS_OK ? PP_SETTLED : r;
    }
    if (r1 == PC__NS_OK) {
        uint32_t st = ++s->cur_stamp;
        if (st == 0) { /* wrapped: clear and restart the stamps */
            memset(s->stamp, 0, sizeof(uint32_t) * (size_t)s->ncells);
            st = s->cur_stamp = 1;
        }
        for (int32_t t = mark; t < s->trail_len; t++) {
            int32_t c = s->trail[t];
            s->stamp[c] = st;
            s->pval[c] = s->cells[c];
        }
    }
    pc__nsolver_undo(s, mark);
    /* empty */
    s->probes++;
    pc__nsolver_set(s, idx, PC__NE);
    int r2 = pc__nsolver_propagate(s);
    if (r2 == PC__NS_ABORT) {
        pc__nsolver_undo(s, mark);
        s->in_probe = 0;
        return r2;
    }
    if (touch)
        mark_touched(s, touch, mark);
    if (r2 == PC__NS_OK && s->unknown == 0 && s->probe_solutions && probe_found(s)) {
        pc__nsolver_undo(s, mark);
        s->in_probe = 0;
        return PC__NS_FOUND;
    }
    int32_t n2 = s->trail_len - mark, na = 0;
    if (r1 == PC__NS_OK && r2 == PC__NS_OK) {
        uint32_t st = s->cur_stamp;
        for (int32_t t = mark + 1; t < s->trail_len; t++) {
            int32_t c = s->trail[t];
            if (s->stamp[c] == st && s->pval[c] == s->cells[c])
                s->agreed[na++] = c;
        }
    }
    pc__nsolver_undo(s, mark);
    s->in_probe = 0;
    s->ptime[idx] = s->clock;
    s->score1[idx] = r1 == PC__NS_OK ? n1 : -1;
    s->score2[idx] = r2 == PC__NS_OK ? n2 : -1;
    if (r1 != PC__NS_OK || r2 != PC__NS_OK)
        hot_push(s, idx);
    if (r1 != PC__NS_OK && r2 != PC__NS_OK)
        return PC__NS_CONTRA;
    if (r1 != PC__NS_OK || r2 != PC__NS_OK) {
        pc__nsolver_set(s, idx, r1 != PC__NS_OK ? PC__NE : PC__NF);
    } else if (na) {
        for (int32_t a = 0; a < na; a++) {
            int32_t c = s->agreed[a];
            if (s->cells[c] == PC__NU)
                pc__nsolver_set(s, c, s->pval[c]);
        }
    } else {
        return PP_NOTHING;
    }
    int r = pc__nsolver_propagate(s);
    return r == PC__NS_OK ? PP_SETTLED : r;
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
    int r = pc__nsolver_propagate(s);
    if (r != PC__NS_OK)
        return r;
    for (int32_t i = 0; i < s->hot_n && s->unknown; i++) {
        int32_t h = s->hot_pos - 1 - i;
        if (h < 0)
            h += PC__NS_HOT;
        int32_t idx = s->hot[h];
        if (s->cells[idx] != PC__NU)
            continue;
        r = probe_pair(s, idx);
        if (r != PP_NOTHING && r != PP_SETTLED)
            return r;
    }
    int32_t since = 0, idx = -1;
    for (;;) {
        if (since >= s->ncells || !s->unknown)
            return PC__NS_OK;
        idx = idx + 1 == s->ncells ? 0 : idx + 1;
        since++;
        if (s->cells[idx] != PC__NU) {
            s->score1[idx] = s->score2[idx] = 0;
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
    uint64_t z = (s->rng += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The unknown cell whose two probes together settle the most; after a
 * restart the scores are multiplied by a factor drawn in [1, 2). */
static int32_t pick_branch(pc__nsolver *s, uint8_t *first)
{
    int32_t best = -1;
    int64_t best_score = -1;
    for (int32_t idx = 0; idx < s->ncells; idx++) {
        if (s->cells[idx] != PC__NU)
            continue;
        int64_t a = s->score1[idx], b = s->score2[idx];
        if (a < 1)
            a = 1;
        if (b < 1)
            b = 1;
#ifndef PC__NS_BRANCH
#define PC__NS_BRANCH 0
#endif
#if PC__NS_BRANCH == 1
        int64_t sc = (a < b ? a : b) * 4096 + (a < b ? b : a);
#elif PC__NS_BRANCH == 2
        int64_t sc = (a < b ? a : b);
#else
        int64_t sc = a * b;
#endif
        if (s->randomize)
            sc = sc * (256 + (int64_t)(next_rng(s) >> 56));
        if (sc > best_score) {
            best_score = sc;
            best = idx;
            /* the value whose probe settled fewer cells first: it constrains
             * the rest least, so it is the likelier to lead to a solution */
#ifdef PC__NS_FIRST_MORE
            *first = s->score1[idx] < s->score2[idx] ? PC__NE : PC__NF;
#else
            *first = s->score1[idx] < s->score2[idx] ? PC__NF : PC__NE;
#endif
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

static int reduce(pc__nsolver *s)
{
    if (s->use_probing)
        return pc__nsolver_probe(s);
    int r = pc__nsolver_propagate(s);
    if (r == PC__NS_OK)
        for (int32_t i = 0; i < s->ncells; i++)
            s->score1[i] = s->score2[i] = 0;
    return r;
}

int pc__nsolver_solve(pc__nsolver *s, int32_t limit, uint8_t *store, int32_t nstore, int32_t *found,
                      int64_t *stats)
{
    int32_t nfound = 0, depth = 0;
    int32_t start_unknown = s->unknown;
    int64_t line_cells = 0, probe_cells = 0;
    int32_t grade;
    /* the root's probing grades the puzzle: no early solutions there */
    s->have_sol0 = 0;
    s->probe_solutions = 0;
    int r = pc__nsolver_propagate(s);
    line_cells = start_unknown - s->unknown;
    if (r == PC__NS_CONTRA) {
        grade = PC_NONOGRAM_GRADE_NONE;
    } else if (r == PC__NS_OK && s->unknown == 0) {
        grade = PC_NONOGRAM_GRADE_LINE;
    } else {
        int32_t before = s->unknown;
        if (r == PC__NS_OK)
            r = reduce(s);
        probe_cells = before - s->unknown;
        if (r == PC__NS_CONTRA)
            grade = PC_NONOGRAM_GRADE_NONE;
        else if (r == PC__NS_OK && s->unknown == 0 && s->use_probing)
            grade = PC_NONOGRAM_GRADE_PROBE;
        else
            grade = PC_NONOGRAM_GRADE_SEARCH;
    }
    /* restarts (Luby sequence of node budgets): the same root, a perturbed
     * branching order; the last restart's depth-first search runs to its
     * end, so the answer stays complete */
    int32_t root_mark = s->trail_len;
    int64_t restart_base = s->nodes, restart_budget = PC__NS_RESTART_UNIT;
    s->restarts = 0;
    s->randomize = 0;
    s->rng = 0x243F6A8885A308D3u;
    for (int32_t i = 0; i < s->nlines; i++) {
        s->rng = (s->rng ^ (uint64_t)s->kcount[i]) * 0x100000001B3u;
        for (int32_t j = 0; j < s->kcount[i]; j++)
            s->rng = (s->rng ^ (uint64_t)s->clue[s->kstart[i] + j]) * 0x100000001B3u;
    }
    /* Below the root a probe that completes the grid has found a solution:
     * taken at once while at most two are asked for.  The search may meet it
     * again later, so from then on every solution is compared with sol0, as
     * after a restart (at most one solution is remembered, hence limit <= 2). */
    s->probe_solutions = limit <= 2 && s->use_probing;
    for (;;) {
        if (r == PC__NS_ABORT)
            break;
        if (r == PC__NS_FOUND) {
            /* psol differs from sol0 (pc__nsolver_probe checked) */
            if (nfound == 0) {
                memcpy(s->sol0, s->psol, (size_t)s->ncells);
                s->have_sol0 = 1;
            }
            if (nfound < nstore)
                memcpy(store + (size_t)nfound * (size_t)s->ncells, s->psol, (size_t)s->ncells);
            nfound++;
            if (nfound >= limit)
                break;
            r = reduce(s); /* go on probing this node */
            continue;
        }
        if (r == PC__NS_OK && s->unknown == 0) {
            int dup = nfound > 0 && (s->restarts > 0 || s->probe_solutions);
            if (dup)
                for (int32_t i = 0; i < s->ncells && dup; i++)
                    dup = s->sol0[i] == (s->cells[i] == PC__NF);
            if (!dup) {
                if (nfound == 0) {
                    for (int32_t i = 0; i < s->ncells; i++)
                        s->sol0[i] = s->cells[i] == PC__NF;
                    s->have_sol0 = 1;
                }
                if (nfound < nstore) {
                    uint8_t *dst = store + (size_t)nfound * (size_t)s->ncells;
                    for (int32_t i = 0; i < s->ncells; i++)
                        dst[i] = s->cells[i] == PC__NF;
                }
                nfound++;
                if (nfound >= limit)
                    break;
            }
            r = PC__NS_CONTRA; /* look for the next one */
        }
        if (r == PC__NS_OK && nfound <= 1 && s->nodes - restart_base > restart_budget) {
            /* restart: only while every solution found is remembered in sol0 */
            pc__nsolver_undo(s, root_mark);
            depth = 0;
            s->restarts++;
            s->randomize = 1;
            restart_base = s->nodes;
            restart_budget = PC__NS_RESTART_UNIT * luby(s->restarts + 1);
            r = reduce(s);
            continue;
        }
        if (r == PC__NS_OK) {
            uint8_t first = PC__NF;
            int32_t c = pick_branch(s, &first);
            s->fcell[depth] = c;
            s->fval[depth] = first == PC__NF ? PC__NE : PC__NF;
            s->fmark[depth] = s->trail_len;
            s->fdone[depth] = 0;
            depth++;
            if (depth > s->max_depth)
                s->max_depth = depth;
            if (!take_node(s)) {
                r = PC__NS_ABORT;
                continue;
            }
            pc__nsolver_set(s, c, first);
            r = reduce(s);
            continue;
        }
        /* contradiction: flip the deepest branch not yet flipped */
        while (depth > 0 && s->fdone[depth - 1])
            depth--;
        if (depth == 0)
            break;
        pc__nsolver_undo(s, s->fmark[depth - 1]);
        s->fdone[depth - 1] = 1;
        if (!take_node(s)) {
            r = PC__NS_ABORT;
            continue;
        }
        pc__nsolver_set(s, s->fcell[depth - 1], s->fval[depth - 1]);
        r = reduce(s);
    }
    s->probe_solutions = 0;
    if (nfound == 0 && r != PC__NS_ABORT)
        grade = PC_NONOGRAM_GRADE_NONE;
    else if (nfound > 1)
        grade = PC_NONOGRAM_GRADE_SEARCH;
    if (stats) {
        stats[PC_NONOGRAM_STAT_NODES] = s->nodes;
        stats[PC_NONOGRAM_STAT_LINE_SOLVES] = s->line_solves;
        stats[PC_NONOGRAM_STAT_PROBES] = s->probes;
        stats[PC_NONOGRAM_STAT_LINE_CELLS] = line_cells;
        stats[PC_NONOGRAM_STAT_PROBE_CELLS] = probe_cells;
        stats[PC_NONOGRAM_STAT_GRADE] = grade;
        stats[PC_NONOGRAM_STAT_MAX_DEPTH] = s->max_depth;
        stats[PC_NONOGRAM_STAT_MEMORY] = (int64_t)s->bytes;
        stats[PC_NONOGRAM_STAT_SOLUTIONS] = nfound;
    }
    *found = nfound;
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
    if (meter && pc__meter_over_bytes(meter, s->bytes, (uint64_t)nstore * per)) {
        pc__nsolver_free(s);
        return PC_ELIMIT;
    }
    if (meter && meter->status != PC_OK) {
        pc__nsolver_free(s);
        return meter->status;
    }
    s->meter = meter;
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
        rc = s->abort_status ? s->abort_status : PC_ELIMIT;
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
