/*
 * Sokoban: what a mouse-driven front end needs — the squares the player
 * reaches now, the shortest walk to a square, and the pushes that bring one
 * box to a square (fewest pushes, then fewest moves), the other boxes
 * staying where they are, and whether the position is lost by a test that
 * needs no search (with the boxes forming the deadlock).  Pure functions of
 * the current position.
 */
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "sokoban/sokoban_int.h"
#include "sokoban/fast_int.h"
#include "common/alloc.h"

static const char as_letters[] = "urdl";

/* The grid is framed by one void cell on every side: public (x, y) is
 * internal (x + 1, y + 1). */
static int on_board(const pc_sokoban *g, int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x < g->w - 2 && y < g->h - 2;
}

static int32_t cell_of(const pc_sokoban *g, int32_t x, int32_t y)
{
    return (y + 1) * g->w + (x + 1);
}

static int free_cell(const pc_sokoban *g, int32_t i)
{
    return !(g->stat[i] & (SK_WALL | SK_VOID)) && (g->stat[i] & SK_INTERIOR) && !g->box[i];
}

int32_t pc_sokoban_reachable(const pc_sokoban *g, uint8_t *cells, size_t cap, int32_t *count)
{
    if (!g || (!cells && cap))
        return PC_EINVAL;
    size_t n = (size_t)g->w * (size_t)g->h;
    int32_t *queue = pc__malloc(n * sizeof *queue);
    uint8_t *seen = pc__calloc(n, 1);
    if (!queue || !seen) {
        pc__free(queue);
        pc__free(seen);
        return PC_ENOMEM;
    }
    size_t qh = 0, qt = 0;
    seen[g->player] = 1;
    queue[qt++] = g->player;
    while (qh < qt) {
        int32_t x = queue[qh++];
        for (int d = 0; d < 4; d++) {
            int32_t y = x + pc__sokoban_delta(g, d);
            if (!seen[y] && free_cell(g, y)) {
                seen[y] = 1;
                queue[qt++] = y;
            }
        }
    }
    if (count)
        *count = (int32_t)qt;
    int32_t rc = PC_OK, pw = g->w - 2, ph = g->h - 2;
    if (cap == 0)
        rc = PC_OK; /* asking the count only */
    else if (cap < (size_t)pw * (size_t)ph)
        rc = PC_ESPACE;
    else
        for (int32_t y = 0; y < ph; y++)
            for (int32_t x = 0; x < pw; x++)
                cells[(size_t)y * (size_t)pw + (size_t)x] = seen[cell_of(g, x, y)];
    pc__free(queue);
    pc__free(seen);
    return rc;
}

int32_t pc_sokoban_walk_path(const pc_sokoban *g, int32_t x, int32_t y, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    if (!on_board(g, x, y))
        return PC_EINVAL;
    int32_t to = cell_of(g, x, y);
    if (to != g->player && !free_cell(g, to))
        return PC_ENOTFOUND;
    size_t n = (size_t)g->w * (size_t)g->h;
    int32_t *queue = pc__malloc(n * sizeof *queue);
    int8_t *how = pc__malloc(n); /* direction of the step from the cell towards `to`, -1 unseen */
    if (!queue || !how) {
        pc__free(queue);
        pc__free(how);
        return PC_ENOMEM;
    }
    memset(how, -1, n);
    size_t qh = 0, qt = 0;
    how[to] = 4;
    queue[qt++] = to;
    while (qh < qt && how[g->player] < 0) {
        int32_t c = queue[qh++];
        for (int d = 0; d < 4; d++) {
            int32_t b = c + pc__sokoban_delta(g, d);
            if (how[b] < 0 && (free_cell(g, b) || b == g->player)) {
                how[b] = (int8_t)((d + 2) & 3);
                queue[qt++] = b;
            }
        }
    }
    int32_t rc = PC_ENOTFOUND;
    if (how[g->player] >= 0) {
        pc__sb sb;
        pc__sb_init(&sb);
        pc__sb_puts(&sb, "");
        for (int32_t c = g->player; c != to; c += pc__sokoban_delta(g, how[c]))
            pc__sb_putc(&sb, as_letters[(int)how[c]]);
        rc = pc__sb_emit(&sb, buf, cap, len);
    }
    pc__free(queue);
    pc__free(how);
    return rc;
}

/* Binary heap of (cost, state). */
typedef struct {
    uint64_t *key;
    int32_t *st;
    size_t n, cap;
} as_heap;

static int heap_push(as_heap *h, uint64_t key, int32_t st)
{
    if (h->n == h->cap) {
        size_t nc = h->cap ? h->cap * 2 : 256;
        uint64_t *k = pc__realloc(h->key, nc * sizeof *k);
        if (!k)
            return 0;
        h->key = k;
        int32_t *s = pc__realloc(h->st, nc * sizeof *s);
        if (!s)
            return 0;
        h->st = s;
        h->cap = nc;
    }
    size_t i = h->n++;
    while (i > 0 && h->key[(i - 1) / 2] > key) {
        h->key[i] = h->key[(i - 1) / 2];
        h->st[i] = h->st[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->key[i] = key;
    h->st[i] = st;
    return 1;
}

static void heap_pop(as_heap *h, uint64_t *key, int32_t *st)
{
    *key = h->key[0];
    *st = h->st[0];
    uint64_t k = h->key[--h->n];
    int32_t s = h->st[h->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && h->key[c + 1] < h->key[c])
            c++;
        if (h->key[c] >= k)
            break;
        h->key[i] = h->key[c];
        h->st[i] = h->st[c];
        i = c;
    }
    if (h->n) {
        h->key[i] = k;
        h->st[i] = s;
    }
}

/* Walking distances from `from` with the box on `box` (and the other boxes,
 * except the one that started on `skip`) as obstacles; dist -1: unreachable. */
static void walk_dist(const pc_sokoban *g, int32_t from, int32_t box, int32_t skip, int32_t *dist, int32_t *queue)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++)
        dist[i] = -1;
    size_t qh = 0, qt = 0;
    dist[from] = 0;
    queue[qt++] = from;
    while (qh < qt) {
        int32_t x = queue[qh++];
        for (int d = 0; d < 4; d++) {
            int32_t y = x + pc__sokoban_delta(g, d);
            if (dist[y] >= 0 || y == box || !(g->stat[y] & SK_INTERIOR) || (g->box[y] && y != skip))
                continue;
            dist[y] = dist[x] + 1;
            queue[qt++] = y;
        }
    }
}

#define AS_PUSH ((uint64_t)1 << 32)

/* pc_sokoban_push_path's working arrays: per state (cell * 5 + side) the
 * best key and the previous state, per square a walking distance and the
 * walk's queue, and the heap. */
typedef struct {
    uint64_t *best;
    int32_t *prev, *dist, *queue;
    as_heap h;
} as_work;

/* Dijkstra over (box cell, player side) states from the box on b0 (the
 * player where it is) until the box reaches t: *goal that state, -1 when
 * it never does.  PC_OK or PC_ENOMEM. */
static int32_t push_search(const pc_sokoban *g, int32_t b0, int32_t t, as_work *wk, int32_t *goal)
{
    size_t ns = (size_t)g->w * (size_t)g->h * 5;
    for (size_t i = 0; i < ns; i++)
        wk->best[i] = UINT64_MAX;
    int32_t s0 = b0 * 5 + 4;
    wk->best[s0] = 0;
    wk->prev[s0] = -1;
    *goal = -1;
    if (!heap_push(&wk->h, 0, s0))
        return PC_ENOMEM;
    while (wk->h.n) {
        uint64_t key;
        int32_t s;
        heap_pop(&wk->h, &key, &s);
        if (key != wk->best[s])
            continue;
        int32_t box = s / 5, k = s % 5;
        if (box == t) {
            *goal = s;
            return PC_OK;
        }
        int32_t pl = k == 4 ? g->player : box - pc__sokoban_delta(g, k);
        walk_dist(g, pl, box, b0, wk->dist, wk->queue);
        for (int d = 0; d < 4; d++) {
            int32_t dl = pc__sokoban_delta(g, d), stand = box - dl, to = box + dl;
            if (wk->dist[stand] < 0 || !(g->stat[to] & SK_INTERIOR) || (g->box[to] && to != b0))
                continue;
            int32_t c = to * 5 + d;
            uint64_t nk = key + AS_PUSH + (uint64_t)wk->dist[stand] + 1;
            if (nk < wk->best[c]) {
                wk->best[c] = nk;
                wk->prev[c] = s;
                if (!heap_push(&wk->h, nk, c))
                    return PC_ENOMEM;
            }
        }
    }
    return PC_OK;
}

/* Append the shortest walk from pl to stand (the box on `box`, the one
 * that started on b0 gone) in lower-case letters: distances from stand,
 * then descend. */
static void append_walk(const pc_sokoban *g, int32_t pl, int32_t stand, int32_t box, int32_t b0, as_work *wk,
                        pc__sb *sb)
{
    int32_t *dist = wk->dist;
    walk_dist(g, stand, box, b0, dist, wk->queue);
    for (int32_t c = pl; c != stand && dist[c] > 0;) {
        int32_t c0 = c;
        for (int e = 0; e < 4 && c == c0; e++) {
            int32_t y = c + pc__sokoban_delta(g, e);
            if (dist[y] >= 0 && dist[y] == dist[c] - 1) {
                pc__sb_putc(sb, as_letters[e]);
                c = y;
            }
        }
        if (c == c0)
            break; /* cannot happen: dist[c] > 0 has a neighbour one closer */
    }
}

/* The path's text from the start to state goal: each push's walk and its
 * letter, in the snprintf convention. */
static int32_t path_text(const pc_sokoban *g, int32_t b0, int32_t goal, as_work *wk, char *buf, size_t cap,
                         size_t *len)
{
    size_t cnt = 0;
    for (int32_t s = goal; s >= 0; s = wk->prev[s])
        cnt++;
    int32_t *path = pc__malloc(cnt * sizeof *path);
    if (!path)
        return PC_ENOMEM;
    size_t i = cnt;
    for (int32_t s = goal; s >= 0; s = wk->prev[s])
        path[--i] = s;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__sb_puts(&sb, "");
    for (i = 1; i < cnt; i++) {
        int32_t box = path[i - 1] / 5, k = path[i - 1] % 5, d = path[i] % 5;
        int32_t pl = k == 4 ? g->player : box - pc__sokoban_delta(g, k);
        append_walk(g, pl, box - pc__sokoban_delta(g, d), box, b0, wk, &sb);
        pc__sb_putc(&sb, (char)(as_letters[d] - 'a' + 'A'));
    }
    pc__free(path);
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_sokoban_push_path(const pc_sokoban *g, int32_t bx, int32_t by, int32_t tx, int32_t ty, char *buf,
                             size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    if (!on_board(g, bx, by) || !on_board(g, tx, ty))
        return PC_EINVAL;
    int32_t b0 = cell_of(g, bx, by), t = cell_of(g, tx, ty);
    if (!g->box[b0] || !(g->stat[t] & SK_INTERIOR) || (g->box[t] && t != b0))
        return PC_ENOTFOUND;
    size_t n = (size_t)g->w * (size_t)g->h;
    /* State s = cell * 5 + k: the box on cell, the player beside it on side k
     * (k = 4: the start, the player where it is now). */
    size_t ns = n * 5;
    as_work wk = {0};
    wk.best = pc__malloc(ns * sizeof *wk.best);
    wk.prev = pc__malloc(ns * sizeof *wk.prev);
    wk.dist = pc__malloc(n * sizeof *wk.dist);
    wk.queue = pc__malloc(n * sizeof *wk.queue);
    int32_t rc = PC_ENOMEM, goal = -1;
    if (wk.best && wk.prev && wk.dist && wk.queue)
        rc = push_search(g, b0, t, &wk, &goal);
    if (rc == PC_OK)
        rc = goal >= 0 ? path_text(g, b0, goal, &wk, buf, cap, len) : PC_ENOTFOUND;
    pc__free(wk.best);
    pc__free(wk.prev);
    pc__free(wk.dist);
    pc__free(wk.queue);
    pc__free(wk.h.key);
    pc__free(wk.h.st);
    return rc;
}

int32_t pc_sokoban_deadlock(const pc_sokoban *g, uint8_t *cells, size_t cap, int32_t *kind)
{
    if (!g || (!cells && cap))
        return PC_EINVAL;
    int32_t pw = g->w - 2, ph = g->h - 2, k = PC_SOKOBAN_DEADLOCK_NONE;
    if (cap > 0 && cap < (size_t)pw * (size_t)ph)
        return PC_ESPACE;
    size_t n = (size_t)g->w * (size_t)g->h;
    uint8_t *grid = pc__calloc(n, 1);
    if (!grid)
        return PC_ENOMEM;
    int32_t rc = pc__sokoban_deadlock(g, grid, &k);
    if (rc >= 0) {
        if (kind)
            *kind = k;
        if (cap > 0)
            for (int32_t y = 0; y < ph; y++)
                for (int32_t x = 0; x < pw; x++)
                    cells[(size_t)y * (size_t)pw + (size_t)x] = grid[cell_of(g, x, y)];
    }
    pc__free(grid);
    return rc;
}
