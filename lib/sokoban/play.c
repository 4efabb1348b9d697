/*
 * Sokoban play: accessors, steps, undo/redo, LURD in and out.
 */
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "sokoban/sokoban_int.h"
#include "common/alloc.h"

static const char lurd_lower[4] = {'u', 'r', 'd', 'l'};

/* The public grid hides the one-cell void frame of the internal grid. */
int32_t pc_sokoban_width(const pc_sokoban *g)
{
    return g ? g->w - 2 : PC_EINVAL;
}

int32_t pc_sokoban_height(const pc_sokoban *g)
{
    return g ? g->h - 2 : PC_EINVAL;
}

int32_t pc_sokoban_cell(const pc_sokoban *g, int32_t x, int32_t y)
{
    if (!g)
        return PC_EINVAL;
    if (x < 0 || y < 0 || x >= g->w - 2 || y >= g->h - 2)
        return PC_EINVAL; /* an index outside the object: doc/api.md */
    size_t i = (size_t)(y + 1) * (size_t)g->w + (size_t)(x + 1);
    int32_t bits = g->stat[i] & (SK_WALL | SK_GOAL | SK_INTERIOR | SK_DEAD);
    if (g->box[i])
        bits |= PC_SOKOBAN_BOX;
    if ((int32_t)i == g->player)
        bits |= PC_SOKOBAN_PLAYER;
    return bits;
}

int32_t pc_sokoban_cells(const pc_sokoban *g, uint8_t *cells, size_t cap, size_t *n)
{
    if (!g || !n || (!cells && cap))
        return PC_EINVAL;
    int32_t w = g->w - 2, h = g->h - 2;
    size_t need = (size_t)w * (size_t)h;
    *n = need;
    if (cap == 0)
        return PC_OK;
    if (cap < need)
        return PC_ESPACE;
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++)
            cells[(size_t)y * (size_t)w + (size_t)x] = (uint8_t)pc_sokoban_cell(g, x, y);
    return PC_OK;
}

int32_t pc_sokoban_player(const pc_sokoban *g, int32_t *x, int32_t *y)
{
    if (!g || !x || !y)
        return PC_EINVAL;
    *x = g->player % g->w - 1;
    *y = g->player / g->w - 1;
    return PC_OK;
}

int32_t pc_sokoban_box_count(const pc_sokoban *g)
{
    return g ? g->nboxes : PC_EINVAL;
}

int32_t pc_sokoban_boxes_on_goals(const pc_sokoban *g)
{
    if (!g)
        return PC_EINVAL;
    int32_t k = 0;
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++)
        if (g->box[i] && (g->stat[i] & SK_GOAL))
            k++;
    return k;
}

int32_t pc_sokoban_interior_count(const pc_sokoban *g)
{
    return g ? g->interior : PC_EINVAL;
}

int32_t pc_sokoban_dead_count(const pc_sokoban *g)
{
    return g ? g->ndead : PC_EINVAL;
}

int32_t pc_sokoban_is_solved(const pc_sokoban *g)
{
    if (!g)
        return PC_EINVAL;
    return pc_sokoban_boxes_on_goals(g) == g->nboxes;
}

int64_t pc_sokoban_moves(const pc_sokoban *g)
{
    return g ? g->moves : PC_EINVAL;
}

int64_t pc_sokoban_pushes(const pc_sokoban *g)
{
    return g ? g->pushes : PC_EINVAL;
}

/* Can the player step in direction d now?  Sets *push when it would push. */
static int can_step(const pc_sokoban *g, int d, int *push)
{
    int32_t dl = pc__sokoban_delta(g, d);
    int32_t n = g->player + dl;
    if (g->stat[n] & (SK_WALL | SK_VOID))
        return 0;
    *push = 0;
    if (g->box[n]) {
        int32_t m = n + dl;
        if ((g->stat[m] & (SK_WALL | SK_VOID)) || g->box[m])
            return 0;
        *push = 1;
    }
    return 1;
}

static void add_event(pc_sokoban *g, int32_t kind, int32_t from, int32_t to)
{
    sk_event *e = &g->ev[g->nev++]; /* at most 4 per step */
    e->kind = kind;
    e->v[0] = from % g->w - 1, e->v[1] = from / g->w - 1; /* the public grid has no void frame */
    e->v[2] = to % g->w - 1, e->v[3] = to / g->w - 1;
}

/* What one step did: the player walked from `from`; a box (when box_from
 * >= 0) went from box_from to box_to.  Undo records its own reverse step. */
static void note_step(pc_sokoban *g, int32_t from, int32_t box_from, int32_t box_to)
{
    g->nev = 0;
    add_event(g, PC_SOKOBAN_EVENT_WALK, from, g->player);
    if (box_from < 0)
        return;
    add_event(g, PC_SOKOBAN_EVENT_BOX, box_from, box_to);
    if (g->stat[box_from] & SK_GOAL)
        add_event(g, PC_SOKOBAN_EVENT_GOAL_LEFT, box_from, box_from);
    if (g->stat[box_to] & SK_GOAL) {
        add_event(g, PC_SOKOBAN_EVENT_GOAL_REACHED, box_to, box_to);
        if (pc_sokoban_is_solved(g) == 1 && g->nev < 4)
            add_event(g, PC_SOKOBAN_EVENT_SOLVED, box_to, box_to);
    }
}

static void do_step(pc_sokoban *g, int d, int push)
{
    int32_t dl = pc__sokoban_delta(g, d);
    int32_t n = g->player + dl;
    if (push) {
        g->box[n] = 0;
        g->box[n + dl] = 1;
        g->pushes++;
    }
    int32_t from = g->player;
    g->player = n;
    g->moves++;
    note_step(g, from, push ? n : -1, n + dl);
}

static int32_t hist_reserve(pc_sokoban *g, size_t extra)
{
    if (g->cursor + extra <= g->histcap)
        return PC_OK;
    size_t nc = g->histcap ? g->histcap : 64;
    while (nc < g->cursor + extra)
        nc *= 2;
    uint8_t *nh = pc__realloc(g->hist, nc);
    if (!nh)
        return PC_ENOMEM;
    g->hist = nh;
    g->histcap = nc;
    return PC_OK;
}

int32_t pc_sokoban_step(pc_sokoban *g, int32_t dir, int32_t *pushed)
{
    if (!g || dir < 0 || dir > 3)
        return PC_EINVAL;
    int push;
    if (!can_step(g, dir, &push))
        return PC_EILLEGAL;
    if (hist_reserve(g, 1) < 0)
        return PC_ENOMEM;
    do_step(g, dir, push);
    g->hist[g->cursor++] = (uint8_t)(dir | (push ? 4 : 0));
    g->nhist = g->cursor;
    if (pushed)
        *pushed = push;
    return PC_OK;
}

int32_t pc_sokoban_undo(pc_sokoban *g)
{
    if (!g)
        return PC_EINVAL;
    if (g->cursor == 0)
        return PC_EILLEGAL;
    uint8_t h = g->hist[--g->cursor];
    int32_t dl = pc__sokoban_delta(g, h & 3);
    int32_t from = g->player - dl, at = g->player;
    if (h & 4) {
        g->box[g->player + dl] = 0;
        g->box[g->player] = 1;
        g->pushes--;
    }
    g->player = from;
    g->moves--;
    note_step(g, at, (h & 4) ? at + dl : -1, at);
    return PC_OK;
}

int32_t pc_sokoban_redo(pc_sokoban *g)
{
    if (!g)
        return PC_EINVAL;
    if (g->cursor >= g->nhist)
        return PC_EILLEGAL;
    uint8_t h = g->hist[g->cursor++];
    do_step(g, h & 3, (h & 4) != 0);
    return PC_OK;
}

/* Did history step k push? */
static int pushed_at(const pc_sokoban *g, size_t k)
{
    return (g->hist[k] & 4) != 0;
}

int32_t pc_sokoban_undo_by(pc_sokoban *g, int32_t unit, int32_t *steps)
{
    if (!g || unit < PC_SOKOBAN_UNIT_STEP || unit > PC_SOKOBAN_UNIT_RUN)
        return PC_EINVAL;
    if (g->cursor == 0)
        return PC_EILLEGAL;
    int kind = pushed_at(g, g->cursor - 1);
    int32_t n = 0;
    do {
        pc_sokoban_undo(g);
        n++;
    } while (g->cursor > 0 && ((unit == PC_SOKOBAN_UNIT_PUSH && !pushed_at(g, g->cursor - 1)) ||
                               (unit == PC_SOKOBAN_UNIT_RUN && pushed_at(g, g->cursor - 1) == kind)));
    if (steps)
        *steps = n;
    return PC_OK;
}

int32_t pc_sokoban_redo_by(pc_sokoban *g, int32_t unit, int32_t *steps)
{
    if (!g || unit < PC_SOKOBAN_UNIT_STEP || unit > PC_SOKOBAN_UNIT_RUN)
        return PC_EINVAL;
    if (g->cursor >= g->nhist)
        return PC_EILLEGAL;
    int kind = pushed_at(g, g->cursor);
    int32_t n = 0;
    for (;;) {
        int was_push = pushed_at(g, g->cursor);
        pc_sokoban_redo(g);
        n++;
        if (unit == PC_SOKOBAN_UNIT_STEP || g->cursor >= g->nhist)
            break;
        if (unit == PC_SOKOBAN_UNIT_PUSH && was_push)
            break;
        if (unit == PC_SOKOBAN_UNIT_RUN && pushed_at(g, g->cursor) != kind)
            break;
    }
    if (steps)
        *steps = n;
    return PC_OK;
}

int32_t pc_sokoban_event_count(const pc_sokoban *g)
{
    return g ? g->nev : PC_EINVAL;
}

int32_t pc_sokoban_event(const pc_sokoban *g, int32_t i, int32_t *kind, int32_t *values)
{
    if (!g || i < 0 || i >= g->nev)
        return PC_EINVAL;
    if (kind)
        *kind = g->ev[i].kind;
    if (values)
        memcpy(values, g->ev[i].v, sizeof g->ev[i].v);
    return PC_OK;
}

int32_t pc_sokoban_redo_count(const pc_sokoban *g)
{
    return g ? (int32_t)(g->nhist - g->cursor) : PC_EINVAL;
}

int32_t pc_sokoban_restart(pc_sokoban *g)
{
    if (!g)
        return PC_EINVAL;
    while (g->cursor > 0)
        pc_sokoban_undo(g);
    return PC_OK;
}

static int lurd_dir(char c, int *upper)
{
    *upper = (c >= 'A' && c <= 'Z');
    switch (c) {
    case 'u': case 'U': return 0;
    case 'r': case 'R': return 1;
    case 'd': case 'D': return 2;
    case 'l': case 'L': return 3;
    default: return -1;
    }
}

int32_t pc_sokoban_apply_lurd(pc_sokoban *g, const char *text, size_t len, char *err, size_t errcap)
{
    if (err && errcap)
        err[0] = '\0';
    if (!g || (!text && len))
        return PC_EINVAL;
    /* Check the syntax first, then play on a copy of the position. */
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        int up;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        if (lurd_dir(c, &up) < 0)
            return pc__parse_error(err, errcap, 0, 0, "position %zu: '%c' is not a LURD letter", i + 1,
                                   (c >= 32 && c < 127) ? c : '?');
    }
    pc_sokoban *t = pc__sokoban_dup(g);
    if (!t)
        return PC_ENOMEM;
    int32_t rc = PC_OK;
    for (size_t i = 0; i < len && rc == PC_OK; i++) {
        int up, push;
        int d = lurd_dir(text[i], &up);
        if (d < 0)
            continue;
        if (!can_step(t, d, &push))
            rc = pc__parse_error(err, errcap, 0, 0, "position %zu: step '%c' is blocked", i + 1, text[i]);
        else if (push != up)
            rc = pc__parse_error(err, errcap, 0, 0, "position %zu: '%c' %s", i + 1, text[i],
                                 push ? "pushes a box: write it in upper case"
                                      : "pushes nothing: write it in lower case");
        else
            rc = pc_sokoban_step(t, d, NULL);
    }
    if (rc == PC_EPARSE)
        rc = PC_EILLEGAL;
    if (rc < 0) {
        pc_sokoban_free(t);
        return rc;
    }
    /* Swap the played copy in. */
    pc_sokoban tmp = *g;
    *g = *t;
    *t = tmp;
    pc_sokoban_free(t);
    return PC_OK;
}

int32_t pc_sokoban_lurd(const pc_sokoban *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    for (size_t i = 0; i < g->cursor; i++) {
        uint8_t h = g->hist[i];
        char c = lurd_lower[h & 3];
        pc__sb_putc(&sb, (h & 4) ? (char)(c - 'a' + 'A') : c);
    }
    return pc__sb_emit(&sb, buf, cap, len);
}
