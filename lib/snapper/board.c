/* The Snapper field: geometry, figures, clearing, falling, drain (board.h). */
#include "snapper/board.h"

#include <stdlib.h>
#include <string.h>

#include "puzzlecore/snapper.h"
#include "common/alloc.h"

/* ---- event log ------------------------------------------------------------------ */

void pc__snapper_log_init(struct sn_log *log)
{
    memset(log, 0, sizeof *log);
}

void pc__snapper_log_free(struct sn_log *log)
{
    pc__free(log->ev);
    pc__free(log->q);
    pc__snapper_log_init(log);
}

struct sn_event *pc__snapper_log_add(struct sn_log *log, int32_t kind)
{
    if (!log || log->failed)
        return NULL;
    if (log->n == log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 16;
        struct sn_event *p = pc__realloc(log->ev, cap * sizeof *p);
        if (!p) {
            log->failed = 1;
            return NULL;
        }
        log->ev = p;
        log->cap = cap;
    }
    struct sn_event *e = &log->ev[log->n++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->qstart = log->qn / 3;
    return e;
}

void pc__snapper_log_quarter(struct sn_log *log, struct sn_event *e, int x, int y, int q)
{
    if (!log || !e || log->failed)
        return;
    if (log->qn + 3 > log->qcap) {
        size_t cap = log->qcap ? log->qcap * 2 : 96;
        int32_t *p = pc__realloc(log->q, cap * sizeof *p);
        if (!p) {
            log->failed = 1;
            return;
        }
        log->q = p;
        log->qcap = cap;
    }
    log->q[log->qn++] = x;
    log->q[log->qn++] = y;
    log->q[log->qn++] = q;
    e->qcount++;
}

/* ---- pieces --------------------------------------------------------------------- */

sn_piece pc__snapper_rotate(sn_piece p, int turns)
{
    int t = ((turns % 4) + 4) % 4;
    if (!p || !t)
        return p;
    int arms = sn_arms(p), c[4], r[4];
    for (int q = 0; q < 4; q++)
        c[q] = sn_colour(p, q);
    /* clockwise: arm k moves to k + t, quarter q to q + t */
    int na = ((arms << t) | (arms >> (4 - t))) & 15;
    for (int q = 0; q < 4; q++)
        r[(q + t) % 4] = c[q];
    return sn_make(na, r);
}

static int popcount4(int m)
{
    return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
}

int pc__snapper_valid(sn_piece p, int allow_white)
{
    if (p >> 20)
        return 0;
    int arms = sn_arms(p);
    if (popcount4(arms) < 2)
        return 0;
    for (int q = 0; q < 4; q++) {
        int c = sn_colour(p, q), n = (q + 1) % 4;
        if (c > PC_SNAPPER_MAX_COLOURS || (!allow_white && c == 0))
            return 0;
        /* quarters q and q+1 are separated by arm q+1 */
        if (!(arms & (1 << n)) && sn_colour(p, n) != c)
            return 0;
    }
    return 1;
}

int pc__snapper_coloured(sn_piece p)
{
    return (p >> 4) != 0;
}

/* ---- columns -------------------------------------------------------------------- */

int pc__snapper_height(const struct sn_board *b, int x)
{
    int h = 0;
    for (int y = 0; y < SN_H; y++)
        if (b->cell[y][x])
            h = y + 1;
    return h;
}

int pc__snapper_can_drop(const struct sn_board *b)
{
    for (int x = 0; x < SN_W; x++)
        if (!b->cell[SN_H - 1][x])
            return 1;
    return 0;
}

int pc__snapper_rests(const struct sn_board *b)
{
    for (int x = 0; x < SN_W; x++)
        for (int y = 1; y < SN_H; y++)
            if (b->cell[y][x] && !b->cell[y - 1][x])
                return 0;
    return 1;
}

/* ---- scoring -------------------------------------------------------------------- */

int64_t pc__snapper_units(int32_t quarters, int32_t white, int32_t used, int32_t available, int32_t cascade,
                          int32_t simultaneous)
{
    if (quarters < 1 || quarters > 100000 || white < 0 || white > quarters || used < 1 ||
        used > PC_SNAPPER_MAX_COLOURS + 1 || available < 1 || available > PC_SNAPPER_MAX_COLOURS ||
        cascade < 0 || cascade > 1000 || simultaneous < 1 || simultaneous > 1000)
        return -1;
    /* 2 * effective size = 2 * quarters - white^2, at least 0 */
    int64_t twice = 2 * (int64_t)quarters - (int64_t)white * white;
    if (twice < 0)
        twice = 0;
    /* base = twice * available / used; * (2 + cascade) / 2; * (2n - 1).
     * SN_UNIT / (2 * used) is whole for every used in 1..9. */
    return twice * available * (2 + cascade) * (2 * (int64_t)simultaneous - 1) * (SN_UNIT / (2 * used));
}

/* ---- components ----------------------------------------------------------------- */

/* Across-the-border neighbour of each quarter's two half edges:
 * {dx, dy, quarter of the neighbour}. */
static const int8_t ext[4][2][3] = {
    {{0, 1, PC_SNAPPER_SE}, {1, 0, PC_SNAPPER_NW}},   /* NE: north half, east half */
    {{1, 0, PC_SNAPPER_SW}, {0, -1, PC_SNAPPER_NE}},  /* SE: east, south */
    {{0, -1, PC_SNAPPER_NW}, {-1, 0, PC_SNAPPER_SE}}, /* SW: south, west */
    {{-1, 0, PC_SNAPPER_NE}, {0, 1, PC_SNAPPER_SW}},  /* NW: west, north */
};

#define QID(x, y, q) ((((y) * SN_W) + (x)) * 4 + (q))

int pc__snapper_components(const struct sn_board *b, int16_t *label, struct sn_comp *comps)
{
    int16_t stack[SN_QUARTERS];
    int n = 0;
    for (int i = 0; i < SN_QUARTERS; i++)
        label[i] = -1;
    for (int y = 0; y < SN_H; y++)
        for (int x = 0; x < SN_W; x++) {
            sn_piece p = b->cell[y][x];
            if (!p)
                continue;
            for (int q = 0; q < 4; q++) {
                if (label[QID(x, y, q)] >= 0)
                    continue;
                struct sn_comp *c = &comps[n];
                memset(c, 0, sizeof *c);
                int sp = 0;
                stack[sp++] = (int16_t)QID(x, y, q);
                label[QID(x, y, q)] = (int16_t)n;
                while (sp) {
                    int id = stack[--sp];
                    int cq = id & 3, cx = (id >> 2) % SN_W, cy = (id >> 2) / SN_W;
                    sn_piece cp = b->cell[cy][cx];
                    int col = sn_colour(cp, cq), arms = sn_arms(cp);
                    c->size++;
                    c->mask |= 1u << col;
                    if (col)
                        c->coloured++;
                    else
                        c->white++;
                    /* inside the piece: q+1 unless arm q+1, q-1 unless arm q */
                    int nb[2] = {-1, -1};
                    if (!(arms & (1 << ((cq + 1) & 3))))
                        nb[0] = (id & ~3) | ((cq + 1) & 3);
                    if (!(arms & (1 << cq)))
                        nb[1] = (id & ~3) | ((cq + 3) & 3);
                    for (int k = 0; k < 2; k++)
                        if (nb[k] >= 0 && label[nb[k]] < 0) {
                            label[nb[k]] = (int16_t)n;
                            stack[sp++] = (int16_t)nb[k];
                        }
                    for (int k = 0; k < 2; k++) {
                        int nx = cx + ext[cq][k][0], ny = cy + ext[cq][k][1];
                        if (nx < 0 || nx >= SN_W || ny < 0 || ny >= SN_H) {
                            c->open_border++;
                            continue;
                        }
                        if (!b->cell[ny][nx]) {
                            c->open_empty++;
                            continue;
                        }
                        int nid = QID(nx, ny, ext[cq][k][2]);
                        if (label[nid] < 0) {
                            label[nid] = (int16_t)n;
                            stack[sp++] = (int16_t)nid;
                        }
                    }
                }
                n++;
            }
        }
    return n;
}

static int is_closed(const struct sn_comp *c)
{
    return c->open_border == 0 && c->open_empty == 0 && c->coloured > 0;
}

int pc__snapper_closed_figures(const struct sn_board *b)
{
    int16_t label[SN_QUARTERS];
    struct sn_comp comps[SN_QUARTERS];
    int n = pc__snapper_components(b, label, comps), k = 0;
    for (int i = 0; i < n; i++)
        k += is_closed(&comps[i]);
    return k;
}

/* ---- removal and fall ------------------------------------------------------------- */

static sn_piece set_colour(sn_piece p, int q, int c)
{
    return (p & ~((sn_piece)15 << (4 + 4 * q))) | (sn_piece)c << (4 + 4 * q);
}

/* Remove pieces without colour, then let every column settle.  Returns the
 * number of pieces removed. */
static int remove_and_fall(struct sn_board *b, struct sn_log *log)
{
    int removed = 0;
    for (int y = 0; y < SN_H; y++)
        for (int x = 0; x < SN_W; x++) {
            sn_piece p = b->cell[y][x];
            if (p && !pc__snapper_coloured(p)) {
                b->cell[y][x] = 0;
                removed++;
                struct sn_event *e = pc__snapper_log_add(log, PC_SNAPPER_EV_REMOVED);
                if (e) {
                    e->v[0] = x;
                    e->v[1] = y;
                }
            }
        }
    if (!removed)
        return 0;
    for (int x = 0; x < SN_W; x++) {
        int to = 0;
        for (int y = 0; y < SN_H; y++) {
            sn_piece p = b->cell[y][x];
            if (!p)
                continue;
            if (y != to) {
                b->cell[to][x] = p;
                b->cell[y][x] = 0;
                struct sn_event *e = pc__snapper_log_add(log, PC_SNAPPER_EV_FELL);
                if (e) {
                    e->v[0] = x;
                    e->v[1] = y;
                    e->v[2] = to;
                }
            }
            to++;
        }
    }
    return removed;
}

/* ---- moves ---------------------------------------------------------------------- */

int pc__snapper_land(struct sn_board *b, int x, sn_piece p, struct sn_log *log)
{
    int y = pc__snapper_height(b, x);
    b->cell[y][x] = p;
    b->score -= SN_UNIT;
    struct sn_event *e = pc__snapper_log_add(log, PC_SNAPPER_EV_LANDED);
    if (e) {
        e->v[0] = x;
        e->v[1] = y;
        e->v[2] = sn_arms(p);
        e->units = -SN_UNIT;
    }
    return y;
}

static int popcount32(uint32_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

int pc__snapper_resolve(struct sn_board *b, int colours, int level, struct sn_log *log)
{
    int16_t label[SN_QUARTERS];
    struct sn_comp comps[SN_QUARTERS];
    int total = 0;
    for (;; level++) {
        int n = pc__snapper_components(b, label, comps), closed = 0;
        for (int i = 0; i < n; i++)
            closed += is_closed(&comps[i]);
        if (!closed)
            break;
        /* figures in order of their first quarter (bottom row first, then
         * left to right, then NE SE SW NW), each with its quarters in that order */
        int16_t done[SN_QUARTERS];
        for (int i = 0; i < n; i++)
            done[i] = 0;
        for (int first = 0; first < SN_QUARTERS; first++) {
            int c = label[first];
            if (c < 0 || done[c] || !is_closed(&comps[c]))
                continue;
            done[c] = 1;
            const struct sn_comp *f = &comps[c];
            int used = popcount32(f->mask);
            int64_t u = pc__snapper_units(f->size, f->white, used, colours, level, closed);
            b->score += u;
            struct sn_event *e = pc__snapper_log_add(log, PC_SNAPPER_EV_FIGURE);
            if (e) {
                e->v[0] = level;
                e->v[1] = closed;
                e->v[2] = f->size;
                e->v[3] = f->white;
                e->v[4] = used;
                e->v[5] = (int32_t)f->mask;
                e->units = u;
            }
            for (int id = first; id < SN_QUARTERS; id++) {
                if (label[id] != c)
                    continue;
                int q = id & 3, x = (id >> 2) % SN_W, y = (id >> 2) / SN_W;
                pc__snapper_log_quarter(log, e, x, y, q);
                b->cell[y][x] = set_colour(b->cell[y][x], q, 0);
            }
        }
        b->figures += closed;
        total += closed;
        if (!remove_and_fall(b, log))
            break;
    }
    return total;
}

int pc__snapper_drainable(const struct sn_board *b)
{
    int16_t label[SN_QUARTERS];
    struct sn_comp comps[SN_QUARTERS];
    int n = pc__snapper_components(b, label, comps), k = 0;
    for (int i = 0; i < n; i++)
        if (comps[i].open_border)
            k += comps[i].coloured;
    return k;
}

int pc__snapper_drain(struct sn_board *b, int colours, struct sn_log *log)
{
    int16_t label[SN_QUARTERS];
    struct sn_comp comps[SN_QUARTERS];
    int n = pc__snapper_components(b, label, comps), k = 0;
    uint32_t mask = 0;
    for (int i = 0; i < n; i++)
        if (comps[i].open_border && comps[i].coloured) {
            k += comps[i].coloured;
            mask |= comps[i].mask & ~1u;
        }
    if (!k)
        return 0;
    struct sn_event *e = pc__snapper_log_add(log, PC_SNAPPER_EV_DRAINED);
    if (e) {
        e->v[0] = k;
        e->v[1] = (int32_t)mask;
    }
    for (int id = 0; id < SN_QUARTERS; id++) {
        int c = label[id];
        if (c < 0 || !comps[c].open_border)
            continue;
        int q = id & 3, x = (id >> 2) % SN_W, y = (id >> 2) / SN_W;
        if (!sn_colour(b->cell[y][x], q))
            continue;
        pc__snapper_log_quarter(log, e, x, y, q);
        b->cell[y][x] = set_colour(b->cell[y][x], q, 0);
    }
    if (remove_and_fall(b, log))
        pc__snapper_resolve(b, colours, 1, log);
    return k;
}
