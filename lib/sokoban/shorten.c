/*
 * The fast mode's second pass: shorten a found solution by solving short
 * windows of it again, optimally (issue 19's "local optimisation on windows
 * of the solution").
 *
 * Why windows: the fast search (fast.c) finds a solution by a feature
 * search that wanders; its solutions push a box, leave it for another and
 * come back, or take a box round a loop another order would avoid.  Such
 * waste is local: a few boxes over a few dozen pushes.  A window is a run
 * of consecutive pushes that moves at most SH_BOXES distinct boxes; the
 * boxes it does not move stay where they stand for the whole window, so
 * they are walls to it, and the window's own problem is small: from the
 * position before it, bring its boxes to the squares they hold after it.
 *
 * The search is a Dijkstra over push positions: a state is the window's
 * boxes' squares (as a set: boxes are alike) and the player's square after
 * the last push; an edge is the shortest walk to a box's side and the push.
 * A state with the boxes on the window's final squares ends the window; its
 * cost is then the moves so far plus the walk to the solution's next push
 * (the player may end the window elsewhere than the solution did).  Costs
 * are moves first, pushes second.  A window whose optimum is cheaper than
 * what the solution spent on it is replaced (the pushes after it are played
 * from the same boxes, so they stay legal), and the sweep tries the same
 * window start again.  When a window's search passes SH_WINDOW_STATES the
 * window is halved and tried again: a long window with a large cost lets
 * the search roam.
 *
 * Sweeps repeat until one changes nothing or the meter (the caller's
 * budget: nodes, time, cancel) says stop; the solution as shortened so far
 * is returned in every case, and it is checked by a full replay as it is
 * spliced.
 */
#include <string.h>

#include "common/alloc.h"
#include "sokoban/shorten.h"

/* Distinct boxes a window may move, pushes it may span, states its search
 * may hold.  Measured on Microban and XSokoban 1-45 (doc/sokoban.md, "The
 * second pass"). */
#define SH_BOXES 6
#define SH_PUSHES 64
#define SH_WINDOW_STATES 16384

/* Moves weigh this much more than pushes in a cost. */
#define SH_MOVE ((int64_t)1 << 20)

typedef struct {
    int32_t from; /* the box's square before the push */
    int32_t dir;  /* PC_SOKOBAN_UP .. LEFT */
} sh_push;

typedef struct {
    uint16_t cell[SH_BOXES]; /* the window's boxes, ascending */
    uint16_t player;         /* the player's square after the last push */
    uint16_t pfrom;          /* the push that made this state: its box's square */
    uint8_t pdir;            /* and direction */
    int32_t parent;          /* -1: the window's start */
    int64_t cost;
} sh_rec;

typedef struct {
    int64_t cost;
    int32_t rec;
} sh_item;

typedef struct {
    const pc_sokoban *g;
    pc__meter *m;
    int32_t ncell, dl[4];
    uint8_t *occ;      /* 1 where a box stands (the window's boxes placed per state) */
    int32_t *dist;     /* walk distances of the last flood (valid where seen == now) */
    uint8_t *step;     /* the direction of the last step into each cell on the flood */
    uint32_t *seen, now;
    int32_t *queue;
    int32_t *cellid;   /* the box id on each cell of the current position, -1 none */
    int32_t *idcell;   /* each box id's cell */
    int32_t player;    /* the current position's player */
    sh_push *pu;       /* the solution's pushes */
    int32_t np, pcap;
    int32_t *walk;     /* np + 1: moves walked before push k (walk[np] = 0) */
    int32_t *who;      /* np: the box id push k moves */
    uint8_t *done;     /* np: 1 when the window from push k gained nothing and
                        * nothing it reads has changed since (no search again) */
    sh_rec *rec;       /* the window search */
    int32_t nrec;
    int32_t *slot;     /* hash slots: record indices, valid where sstamp == hnow */
    uint32_t *sstamp, hnow;
    sh_item *heap;
    int32_t nheap, hcap;
    uint64_t expansions;
    int stop;          /* the meter ended the pass */
} sh_ctx;

enum { SH_SLOTS = 2 * SH_WINDOW_STATES }; /* a power of two */

/* search_window's answers besides a record index (apart from PC_E* codes) */
enum { SH_NO_GAIN = -1000, SH_FULL = -1001 };

static int passable(const sh_ctx *c, int32_t cell)
{
    return cell >= 0 && cell < c->ncell && (c->g->stat[cell] & SK_INTERIOR) && !c->occ[cell];
}

/* Walk distances from `from` on the current occupancy. */
static void flood(sh_ctx *c, int32_t from)
{
    if (++c->now == 0) {
        memset(c->seen, 0, (size_t)c->ncell * sizeof *c->seen);
        c->now = 1;
    }
    int32_t head = 0, tail = 0;
    c->seen[from] = c->now;
    c->dist[from] = 0;
    c->queue[tail++] = from;
    while (head < tail) {
        int32_t x = c->queue[head++];
        for (int d = 0; d < 4; d++) {
            int32_t y = x + c->dl[d];
            if (passable(c, y) && c->seen[y] != c->now) {
                c->seen[y] = c->now;
                c->dist[y] = c->dist[x] + 1;
                c->step[y] = (uint8_t)d;
                c->queue[tail++] = y;
            }
        }
    }
}

static int32_t reached(const sh_ctx *c, int32_t cell)
{
    return cell >= 0 && cell < c->ncell && c->seen[cell] == c->now ? c->dist[cell] : -1;
}

/* The start position (g's current one) on occ, cellid, idcell, player. */
static void position_start(sh_ctx *c)
{
    int32_t id = 0;
    for (int32_t i = 0; i < c->ncell; i++) {
        c->occ[i] = c->g->box[i] ? 1 : 0;
        c->cellid[i] = c->g->box[i] ? id : -1;
        if (c->g->box[i])
            c->idcell[id++] = i;
    }
    c->player = c->g->player;
}

/* Play push k on the current position (known legal). */
static void play_push(sh_ctx *c, int32_t k)
{
    int32_t from = c->pu[k].from, to = from + c->dl[c->pu[k].dir], id = c->cellid[from];
    c->occ[from] = 0;
    c->cellid[from] = -1;
    c->occ[to] = 1;
    c->cellid[to] = id;
    c->idcell[id] = to;
    c->player = from;
}

/* The pushes' walks and boxes from the start, checking every push is legal
 * and the end solved: PC_OK or PC_EINVAL. */
static int32_t replay(sh_ctx *c)
{
    position_start(c);
    for (int32_t k = 0; k < c->np; k++) {
        int32_t from = c->pu[k].from, d = c->pu[k].dir;
        int32_t side = from - c->dl[d], to = from + c->dl[d];
        if (from < 0 || from >= c->ncell || !c->occ[from] || !passable(c, to))
            return PC_EINVAL;
        flood(c, c->player);
        int32_t w = reached(c, side);
        if (w < 0)
            return PC_EINVAL;
        c->walk[k] = w;
        c->who[k] = c->cellid[from];
        play_push(c, k);
    }
    c->walk[c->np] = 0;
    for (int32_t i = 0; i < c->ncell; i++)
        if (c->occ[i] && !(c->g->stat[i] & SK_GOAL))
            return PC_EINVAL;
    return PC_OK;
}

/* ---- the window search ---- */

static uint32_t rec_hash(const uint16_t *cell, int32_t nb, uint16_t player)
{
    uint32_t h = 2166136261u ^ player;
    for (int32_t i = 0; i < nb; i++)
        h = (h ^ cell[i]) * 16777619u;
    return (h ^ (h >> 15)) * 2246822519u;
}

static int heap_push(sh_ctx *c, int64_t cost, int32_t rec)
{
    if (c->nheap == c->hcap) {
        int32_t ncap = c->hcap ? c->hcap * 2 : 1024;
        sh_item *nh = pc__realloc(c->heap, (size_t)ncap * sizeof *nh);
        if (!nh)
            return PC_ENOMEM;
        c->heap = nh;
        c->hcap = ncap;
    }
    int32_t i = c->nheap++;
    while (i > 0) {
        int32_t p = (i - 1) / 2;
        if (c->heap[p].cost <= cost)
            break;
        c->heap[i] = c->heap[p];
        i = p;
    }
    c->heap[i].cost = cost;
    c->heap[i].rec = rec;
    return PC_OK;
}

static sh_item heap_pop(sh_ctx *c)
{
    sh_item top = c->heap[0], last = c->heap[--c->nheap];
    int32_t i = 0;
    for (;;) {
        int32_t k = 2 * i + 1;
        if (k >= c->nheap)
            break;
        if (k + 1 < c->nheap && c->heap[k + 1].cost < c->heap[k].cost)
            k++;
        if (c->heap[k].cost >= last.cost)
            break;
        c->heap[i] = c->heap[k];
        i = k;
    }
    if (c->nheap > 0)
        c->heap[i] = last;
    return top;
}

/* Find or add the state (cells ascending, player) at `cost`: 1 when added
 * or made cheaper (and queued), 0 when known as cheap, -1 when the window's
 * states are spent, PC_ENOMEM. */
static int32_t offer(sh_ctx *c, int32_t nb, const uint16_t *cell, uint16_t player, int64_t cost, int32_t parent,
                     int32_t pfrom, int32_t pdir)
{
    uint32_t h = rec_hash(cell, nb, player) & (SH_SLOTS - 1);
    for (;; h = (h + 1) & (SH_SLOTS - 1)) {
        if (c->sstamp[h] != c->hnow)
            break;
        sh_rec *r = &c->rec[c->slot[h]];
        if (r->player == player && memcmp(r->cell, cell, (size_t)nb * sizeof *cell) == 0) {
            if (r->cost <= cost)
                return 0;
            r->cost = cost;
            r->parent = parent;
            r->pfrom = (uint16_t)pfrom;
            r->pdir = (uint8_t)pdir;
            return heap_push(c, cost, (int32_t)(r - c->rec)) == PC_OK ? 1 : PC_ENOMEM;
        }
    }
    if (c->nrec == SH_WINDOW_STATES)
        return -1;
    int32_t i = c->nrec++;
    sh_rec *r = &c->rec[i];
    memcpy(r->cell, cell, (size_t)nb * sizeof *cell);
    r->player = player;
    r->cost = cost;
    r->parent = parent;
    r->pfrom = (uint16_t)pfrom;
    r->pdir = (uint8_t)pdir;
    c->sstamp[h] = c->hnow;
    c->slot[h] = i;
    return heap_push(c, cost, i) == PC_OK ? 1 : PC_ENOMEM;
}

static void sort_cells(uint16_t *cell, int32_t nb)
{
    for (int32_t i = 1; i < nb; i++)
        for (int32_t j = i; j > 0 && cell[j - 1] > cell[j]; j--) {
            uint16_t t = cell[j];
            cell[j] = cell[j - 1];
            cell[j - 1] = t;
        }
}

/* Search the window of pushes [i, j) from the current position (which is
 * the solution's position before push i) whose moved boxes are ids[0..nb).
 * Returns the index of the best end record when one beats the solution's
 * own cost (the cheapest unless the window's states ran out first),
 * SH_NO_GAIN when none does, SH_FULL when the states ran out before one
 * was found, PC_ENOMEM.  The window's boxes are lifted off occ during the search and
 * put back before returning. */
static int32_t search_window(sh_ctx *c, int32_t i, int32_t j, const int32_t *ids, int32_t nb)
{
    uint16_t start[SH_BOXES], goal[SH_BOXES];
    int32_t at[SH_BOXES];
    for (int32_t b = 0; b < nb; b++)
        at[b] = c->idcell[ids[b]];
    for (int32_t b = 0; b < nb; b++)
        start[b] = (uint16_t)at[b];
    for (int32_t k = i; k < j; k++)
        for (int32_t b = 0; b < nb; b++)
            if (ids[b] == c->who[k])
                at[b] += c->dl[c->pu[k].dir];
    for (int32_t b = 0; b < nb; b++)
        goal[b] = (uint16_t)at[b];
    sort_cells(start, nb);
    sort_cells(goal, nb);
    /* What the solution spends: the window's walks and pushes, then the walk
     * to the push after it. */
    int64_t limit = c->walk[j] * SH_MOVE;
    for (int32_t k = i; k < j; k++)
        limit += (c->walk[k] + 1) * SH_MOVE + 1;
    int32_t next_side = j < c->np ? c->pu[j].from - c->dl[c->pu[j].dir] : -1;

    for (int32_t b = 0; b < nb; b++)
        c->occ[start[b]] = 0;
    if (++c->hnow == 0) {
        memset(c->sstamp, 0, SH_SLOTS * sizeof *c->sstamp);
        c->hnow = 1;
    }
    c->nrec = 0;
    c->nheap = 0;
    int32_t best = -1, rc = 0;
    int64_t best_cost = limit;
    rc = offer(c, nb, start, (uint16_t)c->player, 0, -1, 0, 0);
    while (rc >= 0 && c->nheap > 0) {
        sh_item it = heap_pop(c);
        if (it.cost >= best_cost)
            break;
        sh_rec r = c->rec[it.rec];
        if (r.cost != it.cost)
            continue; /* made cheaper since it was queued */
        c->expansions++;
        if (pc__meter_step(c->m, 1) != PC_OK) {
            c->stop = 1;
            break;
        }
        for (int32_t b = 0; b < nb; b++)
            c->occ[r.cell[b]] = 1;
        flood(c, r.player);
        if (memcmp(r.cell, goal, (size_t)nb * sizeof *goal) == 0) {
            int32_t w = next_side < 0 ? 0 : reached(c, next_side);
            if (w >= 0 && r.cost + w * SH_MOVE < best_cost) {
                best_cost = r.cost + w * SH_MOVE;
                best = it.rec;
            }
        }
        for (int32_t b = 0; b < nb && rc >= 0; b++)
            for (int d = 0; d < 4 && rc >= 0; d++) {
                int32_t box = r.cell[b], side = box - c->dl[d], to = box + c->dl[d];
                int32_t w = reached(c, side);
                if (w < 0 || !passable(c, to) || (c->g->stat[to] & SK_DEAD))
                    continue;
                int64_t cost = r.cost + (w + 1) * SH_MOVE + 1;
                if (cost >= best_cost)
                    continue;
                uint16_t cell[SH_BOXES];
                memcpy(cell, r.cell, sizeof cell);
                cell[b] = (uint16_t)to;
                sort_cells(cell, nb);
                rc = offer(c, nb, cell, (uint16_t)box, cost, it.rec, box, d);
            }
        for (int32_t b = 0; b < nb; b++)
            c->occ[r.cell[b]] = 0;
    }
    for (int32_t b = 0; b < nb; b++)
        c->occ[start[b]] = 1;
    if (rc == PC_ENOMEM)
        return PC_ENOMEM;
    if (best >= 0)
        return best; /* cheaper, if not the cheapest when the states ran out */
    return rc < 0 ? SH_FULL : SH_NO_GAIN;
}

/* Replace pushes [i, j) by the path to record `end`; replays the result
 * (PC_OK, PC_ENOMEM; PC_EINVAL would be a bug: the old pushes are kept). */
static int32_t splice(sh_ctx *c, int32_t i, int32_t j, int32_t end)
{
    int32_t len = 0;
    for (int32_t r = end; c->rec[r].parent >= 0; r = c->rec[r].parent)
        len++;
    int32_t np = c->np - (j - i) + len;
    sh_push *pu = pc__malloc((size_t)(np > 0 ? np : 1) * sizeof *pu);
    if (!pu)
        return PC_ENOMEM;
    memcpy(pu, c->pu, (size_t)i * sizeof *pu);
    int32_t k = i + len;
    for (int32_t r = end; c->rec[r].parent >= 0; r = c->rec[r].parent) {
        k--;
        pu[k].from = c->rec[r].pfrom;
        pu[k].dir = c->rec[r].pdir;
    }
    memcpy(pu + i + len, c->pu + j, (size_t)(c->np - j) * sizeof *pu);
    sh_push *old = c->pu;
    int32_t oldn = c->np;
    if (np > c->pcap) { /* walk and who grow with the pushes */
        int32_t *nw = pc__realloc(c->walk, (size_t)(np + 1) * sizeof *nw);
        if (!nw) {
            pc__free(pu);
            return PC_ENOMEM;
        }
        c->walk = nw;
        int32_t *no = pc__realloc(c->who, (size_t)np * sizeof *no);
        if (!no) {
            pc__free(pu);
            return PC_ENOMEM;
        }
        c->who = no;
        uint8_t *nd = pc__realloc(c->done, (size_t)np);
        if (!nd) {
            pc__free(pu);
            return PC_ENOMEM;
        }
        c->done = nd;
        c->pcap = np;
    }
    c->pu = pu;
    c->np = np;
    if (replay(c) != PC_OK) {
        c->pu = old;
        c->np = oldn;
        pc__free(pu);
        (void)replay(c);
        return PC_EINVAL;
    }
    pc__free(old);
    /* The windows after the change read the same pushes from the same
     * position, but the first of them (its player may stand elsewhere); the
     * windows before it that reach into it read other pushes now. */
    memmove(c->done + i + len, c->done + j, (size_t)(oldn - j));
    memset(c->done + i, 0, (size_t)len);
    if (i + len < np)
        c->done[i + len] = 0;
    for (int32_t b = i > SH_PUSHES ? i - SH_PUSHES : 0; b < i; b++)
        c->done[b] = 0;
    return PC_OK;
}

/* One sweep over every window start; *changed when a window was replaced. */
static int32_t sweep(sh_ctx *c, int *changed)
{
    position_start(c);
    for (int32_t i = 0; i + 1 < c->np && !c->stop; i++) {
        /* Windows start where the solution turns to another box: one that
         * starts inside a run of pushes of one box is mostly the window
         * before it, searched again. */
        if (c->done[i] || (i > 0 && c->who[i] == c->who[i - 1])) {
            play_push(c, i);
            continue;
        }
        int32_t ids[SH_BOXES], nb = 0, j = i;
        while (j < c->np && j - i < SH_PUSHES) {
            int32_t b = 0;
            while (b < nb && ids[b] != c->who[j])
                b++;
            if (b == nb) {
                if (nb == SH_BOXES)
                    break;
                ids[nb++] = c->who[j];
            }
            j++;
        }
        int32_t end = SH_FULL;
        /* Halve a window whose search runs out of states. */
        while (end == SH_FULL && j - i >= 2 && !c->stop) {
            int32_t use = 0; /* the boxes the shorter window moves */
            int32_t uid[SH_BOXES];
            for (int32_t k = i; k < j; k++) {
                int32_t b = 0;
                while (b < use && uid[b] != c->who[k])
                    b++;
                if (b == use)
                    uid[use++] = c->who[k];
            }
            end = search_window(c, i, j, uid, use);
            if (end == PC_ENOMEM)
                return PC_ENOMEM;
            if (end == SH_FULL)
                j = i + (j - i) / 2;
        }
        if (end >= 0) {
            int32_t rc = splice(c, i, j, end);
            if (rc == PC_ENOMEM)
                return rc;
            /* the position before push i again (splice replayed to the end) */
            position_start(c);
            for (int32_t k = 0; k < i; k++)
                play_push(c, k);
            if (rc == PC_OK) {
                *changed = 1;
                i--; /* the same start again: the window after the change may gain more */
                continue;
            }
        } else if (!c->stop) {
            c->done[i] = 1;
        }
        play_push(c, i);
    }
    return PC_OK;
}

/* The LURD of the pushes with shortest walks. */
static int32_t write_lurd(sh_ctx *c, char **out, int64_t *moves)
{
    static const char letter[4] = {'u', 'r', 'd', 'l'};
    int64_t total = c->np;
    for (int32_t k = 0; k < c->np; k++)
        total += c->walk[k];
    char *s = pc__malloc((size_t)total + 1);
    if (!s)
        return PC_ENOMEM;
    position_start(c);
    size_t at = 0;
    for (int32_t k = 0; k < c->np; k++) {
        int32_t side = c->pu[k].from - c->dl[c->pu[k].dir];
        flood(c, c->player);
        size_t w = (size_t)c->dist[side];
        for (int32_t x = side, n = 0; x != c->player; n++) {
            int d = c->step[x];
            s[at + w - 1 - (size_t)n] = letter[d];
            x -= c->dl[d];
        }
        at += w;
        s[at++] = (char)(letter[c->pu[k].dir] - 'a' + 'A');
        play_push(c, k);
    }
    s[at] = '\0';
    *out = s;
    *moves = (int64_t)at;
    return PC_OK;
}

/* Parse the LURD into pushes (the walks are recomputed by replay). */
static int32_t read_pushes(sh_ctx *c, const char *lurd)
{
    size_t len = strlen(lurd), n = 0;
    for (size_t i = 0; i < len; i++)
        if (lurd[i] >= 'A' && lurd[i] <= 'Z')
            n++;
    if (n > (size_t)INT32_MAX - 1)
        return PC_EINVAL;
    c->pcap = (int32_t)n;
    c->pu = pc__malloc((n ? n : 1) * sizeof *c->pu);
    c->walk = pc__malloc((n + 1) * sizeof *c->walk);
    c->who = pc__malloc((n ? n : 1) * sizeof *c->who);
    c->done = pc__calloc(n ? n : 1, 1);
    if (!c->pu || !c->walk || !c->who || !c->done)
        return PC_ENOMEM;
    position_start(c);
    for (size_t i = 0; i < len; i++) {
        int d;
        switch (lurd[i] | 0x20) {
        case 'u': d = 0; break;
        case 'r': d = 1; break;
        case 'd': d = 2; break;
        case 'l': d = 3; break;
        default: return PC_EINVAL;
        }
        int32_t x = c->player + c->dl[d];
        if (x < 0 || x >= c->ncell || !(c->g->stat[x] & SK_INTERIOR))
            return PC_EINVAL;
        if (c->occ[x]) {
            if (!(lurd[i] >= 'A' && lurd[i] <= 'Z') || !passable(c, x + c->dl[d]))
                return PC_EINVAL;
            c->pu[c->np].from = x;
            c->pu[c->np].dir = d;
            play_push(c, c->np++);
        } else {
            if (lurd[i] >= 'A' && lurd[i] <= 'Z')
                return PC_EINVAL;
            c->player = x;
        }
    }
    return replay(c);
}

static void ctx_free(sh_ctx *c)
{
    pc__free(c->occ);
    pc__free(c->dist);
    pc__free(c->step);
    pc__free(c->seen);
    pc__free(c->queue);
    pc__free(c->cellid);
    pc__free(c->idcell);
    pc__free(c->pu);
    pc__free(c->walk);
    pc__free(c->who);
    pc__free(c->done);
    pc__free(c->rec);
    pc__free(c->slot);
    pc__free(c->sstamp);
    pc__free(c->heap);
}

int32_t pc__sokoban_shorten(const pc_sokoban *g, const char *lurd, pc__meter *m, char **out, int64_t *moves,
                            int64_t *pushes, uint64_t *expanded)
{
    if (!g || !lurd || !m || !out || !moves || !pushes || !expanded)
        return PC_EINVAL;
    *expanded = 0;
    sh_ctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.m = m;
    c.ncell = g->w * g->h;
    for (int d = 0; d < 4; d++)
        c.dl[d] = pc__sokoban_delta(g, d);
    size_t n = (size_t)c.ncell;
    c.occ = pc__calloc(n, 1);
    c.dist = pc__calloc(n, sizeof *c.dist);
    c.step = pc__calloc(n, 1);
    c.seen = pc__calloc(n, sizeof *c.seen);
    c.queue = pc__calloc(n, sizeof *c.queue);
    c.cellid = pc__calloc(n, sizeof *c.cellid);
    c.idcell = pc__calloc((size_t)(g->nboxes > 0 ? g->nboxes : 1), sizeof *c.idcell);
    c.rec = pc__calloc(SH_WINDOW_STATES, sizeof *c.rec);
    c.slot = pc__calloc(SH_SLOTS, sizeof *c.slot);
    c.sstamp = pc__calloc(SH_SLOTS, sizeof *c.sstamp);
    int32_t rc = PC_ENOMEM;
    if (c.occ && c.dist && c.step && c.seen && c.queue && c.cellid && c.idcell && c.rec && c.slot && c.sstamp)
        rc = read_pushes(&c, lurd);
    /* Sweep while sweeps gain; the meter's stop is not a failure. */
    int changed = 1;
    int32_t status0 = m->status;
    while (rc == PC_OK && changed && !c.stop && status0 == PC_OK) {
        changed = 0;
        rc = sweep(&c, &changed);
    }
    m->status = status0; /* a limit met here leaves the solve's result alone */
    *expanded = c.expansions;
    if (rc == PC_OK)
        rc = write_lurd(&c, out, moves);
    if (rc == PC_OK)
        *pushes = c.np;
    ctx_free(&c);
    return rc;
}
