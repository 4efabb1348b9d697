/*
 * pc_game kind "sokoban": moves are the letters l u r d (one step each, a
 * push when a box is ahead); the game is over when every box is on a goal;
 * the score is the number of boxes on goals; the suggestion is the first
 * step of a move-optimal solution from the current position.
 * Params: level=ROWS, the XSB rows joined by '|' (floor as '-' or '_', since
 * spaces separate params).  Default: a small two-box level.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/budget.h"
#include "game/kind.h"
#include "puzzlecore/sokoban.h"
#include "common/alloc.h"

static const char default_level[] = "#######|#.--$-#|#-##--#|#--@$.#|#######";

static const char letters[4] = {'u', 'r', 'd', 'l'}; /* by PC_SOKOBAN_UP.. */
static const int32_t dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};

static int32_t create(const pc__param *p, int32_t np, uint64_t seed, char *err, size_t errcap, void **out)
{
    (void)seed; /* a level is given, nothing is dealt */
    const char *lv = default_level;
    size_t n = sizeof default_level - 1;
    for (int32_t i = 0; i < np; i++) {
        if (!pc__param_is(&p[i], "level"))
            return pc__param_unknown(&p[i], "level", err, errcap);
        lv = p[i].val;
        n = p[i].vlen;
    }
    char *text = pc__strndup(lv, n);
    if (!text)
        return PC_ENOMEM;
    for (size_t i = 0; i < n; i++)
        if (text[i] == '|')
            text[i] = '\n';
    pc_sokoban *g = NULL;
    int32_t rc = pc_sokoban_new(text, n, err, errcap, &g);
    pc__free(text);
    if (rc == PC_EPARSE && err && errcap) {
        /* the level's own message, named after its parameter */
        char msg[200];
        snprintf(msg, sizeof msg, "level: %s", err);
        snprintf(err, errcap, "%s", msg);
    }
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t load(const char *text, size_t len, char *err, size_t errcap, void **out)
{
    pc_sokoban *g = NULL;
    int32_t rc = pc_sokoban_load(text, len, err, errcap, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t save(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_sokoban_save(s, buf, cap, len);
}

static int32_t clone(const void *s, void **out)
{
    pc_sokoban *c = NULL;
    int32_t rc = pc_sokoban_clone(s, &c);
    if (rc == PC_OK)
        *out = c;
    return rc;
}

static void release(void *s)
{
    pc_sokoban_free(s);
}

static int blocked(const pc_sokoban *g, int32_t x, int32_t y)
{
    int32_t c = pc_sokoban_cell(g, x, y);
    return c < 0 || (c & (PC_SOKOBAN_WALL | PC_SOKOBAN_BOX));
}

/* Can the player step in direction d now? */
static int can_step(const pc_sokoban *g, int32_t d)
{
    int32_t x, y;
    if (pc_sokoban_player(g, &x, &y) != PC_OK)
        return 0;
    int32_t c = pc_sokoban_cell(g, x + dx[d], y + dy[d]);
    if (c < 0 || (c & PC_SOKOBAN_WALL))
        return 0;
    return !(c & PC_SOKOBAN_BOX) || !blocked(g, x + 2 * dx[d], y + 2 * dy[d]);
}

static int32_t moves(const void *s, pc__sb *out)
{
    static const int32_t order[4] = {PC_SOKOBAN_LEFT, PC_SOKOBAN_UP, PC_SOKOBAN_RIGHT, PC_SOKOBAN_DOWN};
    for (int i = 0; i < 4; i++)
        if (can_step(s, order[i])) {
            pc__sb_putc(out, letters[order[i]]);
            pc__sb_putc(out, '\n');
        }
    return out->failed ? PC_ENOMEM : PC_OK;
}

static int32_t play(void *s, const char *m, size_t n)
{
    const char *hit = n == 1 ? memchr(letters, m[0], sizeof letters) : NULL;
    if (!hit)
        return PC_EPARSE;
    return pc_sokoban_step(s, (int32_t)(hit - letters), NULL);
}

static int32_t over(const void *s)
{
    return pc_sokoban_is_solved(s) == 1;
}

static int32_t to_move(const void *s)
{
    (void)s;
    return 0;
}

static int32_t score(const void *s, int32_t player, double *out)
{
    (void)player;
    int32_t n = pc_sokoban_boxes_on_goals(s);
    if (n < 0)
        return n;
    *out = n;
    return PC_OK;
}

static int32_t write_now(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_sokoban_write(s, 0, buf, cap, len);
}

static int32_t render(const void *s, pc__sb *out)
{
    return pc__sb_put_text(out, write_now, s);
}

static int32_t suggest(const void *s, const pc_budget *b, pc__sb *out)
{
    pc__meter m;
    int32_t rc = pc__meter_start(&m, b);
    if (rc != PC_OK)
        return rc;
    if (m.status != PC_OK)
        return m.status;
    pc_sokoban_result *r = NULL;
    rc = pc_sokoban_solve(s, PC_SOKOBAN_MOVES, (uint64_t)m.max_nodes,
                          m.max_bytes == UINT64_MAX ? 0 : m.max_bytes, &r);
    if (rc == PC_OK) {
        char first[2] = "";
        size_t n = 0;
        int32_t lr = pc_sokoban_result_lurd(r, first, sizeof first, &n);
        if ((lr == PC_OK || lr == PC_ESPACE) && n > 0) {
            char c = first[0] >= 'A' && first[0] <= 'Z' ? (char)(first[0] - 'A' + 'a') : first[0];
            pc__sb_putc(out, c);
        } else {
            rc = lr < 0 ? lr : PC_ENOTFOUND;
        }
    }
    pc_sokoban_result_free(r);
    return rc == PC_OK && out->failed ? PC_ENOMEM : rc;
}

const pc__kind pc__kind_sokoban = {"sokoban", 1,     create, load,    save,   clone, release,
                                   moves,     play, over,   to_move, score,  render, suggest};
