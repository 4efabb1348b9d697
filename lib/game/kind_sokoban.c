/*
 * pc_game kind "sokoban": moves are the letters l u r d (one step each, a
 * push when a box is ahead); the game is over when every box is on a goal
 * (or when the player cannot step at all);
 * the score is the number of boxes on goals; the suggestion is the first
 * step of a solution from the current position found by the fast mode
 * (PC_SOKOBAN_ANY: push-optimal on small levels).
 * Params: level=ROWS, the XSB rows joined by '|' (floor as '-' or '_', since
 * spaces separate params).  Default: a small two-box level.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/kind.h"
#include "puzzlecore/sokoban.h"
#include "common/alloc.h"

static const char sk_default_level[] = "#######|#.--$-#|#-##--#|#--@$.#|#######";

static const char sk_letters[4] = {'u', 'r', 'd', 'l'}; /* by PC_SOKOBAN_UP.. */
static const int32_t sk_dx[4] = {0, 1, 0, -1}, sk_dy[4] = {-1, 0, 1, 0};

static int32_t sk_create(const pc__param *p, int32_t np, uint64_t seed, char *err, size_t errcap, void **out)
{
    (void)seed; /* a level is given, nothing is dealt */
    const char *lv = sk_default_level;
    size_t n = sizeof sk_default_level - 1;
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

static int32_t sk_load(const char *text, size_t len, char *err, size_t errcap, void **out)
{
    pc_sokoban *g = NULL;
    int32_t rc = pc_sokoban_load(text, len, err, errcap, &g);
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t sk_save(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_sokoban_save(s, buf, cap, len);
}

static int32_t sk_clone(const void *s, void **out)
{
    pc_sokoban *c = NULL;
    int32_t rc = pc_sokoban_clone(s, &c);
    if (rc == PC_OK)
        *out = c;
    return rc;
}

static void sk_release(void *s)
{
    pc_sokoban_free(s);
}

static int sk_blocked(const pc_sokoban *g, int32_t x, int32_t y)
{
    int32_t c = pc_sokoban_cell(g, x, y);
    return c < 0 || (c & (PC_SOKOBAN_WALL | PC_SOKOBAN_BOX));
}

/* Can the player step in direction d now? */
static int sk_can_step(const pc_sokoban *g, int32_t d)
{
    int32_t x, y;
    if (pc_sokoban_player(g, &x, &y) != PC_OK)
        return 0;
    int32_t c = pc_sokoban_cell(g, x + sk_dx[d], y + sk_dy[d]);
    if (c < 0 || (c & PC_SOKOBAN_WALL))
        return 0;
    return !(c & PC_SOKOBAN_BOX) || !sk_blocked(g, x + 2 * sk_dx[d], y + 2 * sk_dy[d]);
}

static int32_t sk_moves(const void *s, pc__sb *out)
{
    static const int32_t order[4] = {PC_SOKOBAN_LEFT, PC_SOKOBAN_UP, PC_SOKOBAN_RIGHT, PC_SOKOBAN_DOWN};
    for (int i = 0; i < 4; i++)
        if (sk_can_step(s, order[i])) {
            pc__sb_putc(out, sk_letters[order[i]]);
            pc__sb_putc(out, '\n');
        }
    return out->failed ? PC_ENOMEM : PC_OK;
}

static int32_t sk_play(void *s, const char *m, size_t n)
{
    const char *hit = n == 1 ? memchr(sk_letters, m[0], sizeof sk_letters) : NULL;
    if (!hit)
        return PC_EPARSE;
    return pc_sokoban_step(s, (int32_t)(hit - sk_letters), NULL);
}

/* Over when solved, and also when the player cannot step at all: then the
 * move list is empty, and "no legal move" must mean "over" for every kind
 * (a front end loops on the list while the game goes on).  Play never leads
 * there (the square the player came from stays free), so only a start
 * position can: a player walled in by walls and boxes it cannot push. */
static int32_t sk_over(const void *s)
{
    if (pc_sokoban_is_solved(s) == 1)
        return 1;
    for (int32_t d = 0; d < 4; d++)
        if (sk_can_step(s, d))
            return 0;
    return 1;
}

static int32_t sk_to_move(const void *s)
{
    (void)s;
    return 0;
}

static int32_t sk_score(const void *s, int32_t player, double *out)
{
    (void)player;
    int32_t n = pc_sokoban_boxes_on_goals(s);
    if (n < 0)
        return n;
    *out = n;
    return PC_OK;
}

static int32_t sk_write_now(const void *s, char *buf, size_t cap, size_t *len)
{
    return pc_sokoban_write(s, 0, buf, cap, len);
}

static int32_t sk_render(const void *s, pc__sb *out)
{
    return pc__sb_put_text(out, sk_write_now, s);
}

static int32_t sk_suggest(const void *s, const pc_budget *b, pc__sb *out)
{
    /* The fast mode: a short push-optimal search when the level is small,
     * else greedy best-first, on any level; every answer is replayed. */
    pc_sokoban_result *r = NULL;
    int32_t rc = pc_sokoban_solve(s, PC_SOKOBAN_ANY, b, &r);
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

static const pc__kind sk_kind = {
    "sokoban", 1,
    sk_create, sk_load, sk_save, sk_clone, sk_release,
    sk_moves, sk_play, sk_over, sk_to_move, sk_score, sk_render, sk_suggest,
    NULL, /* check: creating is cheap */
};

const pc__kind *pc__kind_sokoban(void)
{
    return &sk_kind;
}
