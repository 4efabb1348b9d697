/*
 * pc_game: any kind behind one handle (see puzzlecore/game.h).
 *
 * The history is a list of whole states, as Tatham's midend keeps it: undo
 * and redo swap the current state with a kept one, so an undone game is
 * byte for byte what it was, whatever the kind, and no kind needs an undo of
 * its own.  A state is small (a few KB at most), and clone is cheap.
 */

#include <stdlib.h>
#include <string.h>

#include "common/save.h"
#include "game/kind.h"
#include "common/alloc.h"

static const pc__kind *(*const game_kinds[])(void) = {pc__kind_nonogram, pc__kind_pickerel, pc__kind_snapper,
                                                     pc__kind_sokoban, pc__kind_patchwork};
enum { GAME_NKINDS = (int)(sizeof game_kinds / sizeof game_kinds[0]), GAME_MAX_PARAMS = 64 };

/* A stack of states. */
typedef struct game_stack {
    void **s;
    size_t n, cap;
} game_stack;

struct pc_game {
    const pc__kind *kind;
    void *state;
    game_stack undo, redo;
};

int32_t pc_game_kind_count(void)
{
    return GAME_NKINDS;
}

const char *pc_game_kind_name(int32_t i)
{
    return i >= 0 && i < GAME_NKINDS ? game_kinds[i]()->name : NULL;
}

static const pc__kind *game_find_kind(const char *name, size_t n)
{
    for (int i = 0; i < GAME_NKINDS; i++)
        if (strlen(game_kinds[i]()->name) == n && memcmp(game_kinds[i]()->name, name, n) == 0)
            return game_kinds[i]();
    return NULL;
}

static void game_stack_clear(const pc__kind *k, game_stack *st)
{
    for (size_t i = 0; i < st->n; i++)
        k->free(st->s[i]);
    st->n = 0;
}

static void game_stack_free(const pc__kind *k, game_stack *st)
{
    game_stack_clear(k, st);
    pc__free(st->s);
    st->s = NULL;
    st->cap = 0;
}

/* Room for one more; PC_ENOMEM leaves the game_stack as it was. */
static int32_t game_stack_reserve(game_stack *st)
{
    if (st->n < st->cap)
        return PC_OK;
    size_t nc = st->cap ? st->cap * 2 : 16;
    if (nc > SIZE_MAX / sizeof *st->s)
        return PC_ENOMEM;
    void **ns = pc__realloc(st->s, nc * sizeof *ns);
    if (!ns)
        return PC_ENOMEM;
    st->s = ns;
    st->cap = nc;
    return PC_OK;
}

/* Split "k=v k=v" (spaces, tabs or newlines between pairs). */
static int32_t game_split_params(const char *params, pc__param *p, int32_t *np, char *err, size_t errcap)
{
    size_t n = params ? strlen(params) : 0, i = 0;
    *np = 0;
    if (n > PC_GAME_MAX_PARAMS)
        return PC_ERANGE;
    while (i < n) {
        while (i < n && (params[i] == ' ' || params[i] == '\t' || params[i] == '\n' || params[i] == '\r'))
            i++;
        if (i == n)
            break;
        size_t j = i;
        while (j < n && params[j] != ' ' && params[j] != '\t' && params[j] != '\n' && params[j] != '\r')
            j++;
        const char *eq = memchr(params + i, '=', j - i);
        if (!eq || eq == params + i)
            return pc__parse_error(err, errcap, 0, 0, "'%.*s' is not key=value", (int)(j - i > 40 ? 40 : j - i),
                                   params + i);
        if (*np == GAME_MAX_PARAMS)
            return pc__parse_error(err, errcap, 0, 0, "more than %d parameters", GAME_MAX_PARAMS);
        for (int32_t k = 0; k < *np; k++)
            if ((size_t)(eq - (params + i)) == p[k].klen && memcmp(p[k].key, params + i, p[k].klen) == 0)
                return pc__parse_error(err, errcap, 0, 0, "%.*s: given twice", (int)p[k].klen, p[k].key);
        p[*np].key = params + i;
        p[*np].klen = (size_t)(eq - (params + i));
        p[*np].val = eq + 1;
        p[*np].vlen = (size_t)(params + j - (eq + 1));
        (*np)++;
        i = j;
    }
    return PC_OK;
}

/* A new handle around a kind's state; frees the state when out of memory. */
static int32_t game_wrap(const pc__kind *k, void *state, pc_game **out)
{
    pc_game *g = pc__calloc(1, sizeof *g);
    if (!g) {
        k->free(state);
        return PC_ENOMEM;
    }
    g->kind = k;
    g->state = state;
    *out = g;
    return PC_OK;
}

static int32_t game_create(const char *kind, const char *params, uint64_t seed, char *err, size_t errcap,
                      pc_game **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!kind)
        return PC_EINVAL;
    const pc__kind *k = game_find_kind(kind, strlen(kind));
    if (!k)
        return PC_ENOTFOUND;
    pc__param p[GAME_MAX_PARAMS];
    int32_t np = 0;
    int32_t rc = game_split_params(params, p, &np, err, errcap);
    if (rc != PC_OK)
        return rc;
    if (!out && k->check) /* validate only, where making the game costs */
        return k->check(p, np, err, errcap);
    void *state = NULL;
    rc = k->create(p, np, seed, err, errcap, &state);
    if (rc != PC_OK)
        return rc;
    if (!out) { /* validate only */
        k->free(state);
        return PC_OK;
    }
    return game_wrap(k, state, out);
}

int32_t pc_game_validate(const char *kind, const char *params, char *err, size_t errcap)
{
    return game_create(kind, params, 0, err, errcap, NULL);
}

int32_t pc_game_new(const char *kind, const char *params, uint64_t seed, pc_game **out)
{
    if (!out)
        return PC_EINVAL;
    return game_create(kind, params, seed, NULL, 0, out);
}

int32_t pc_game_load(const char *text, size_t len, char *err, size_t errcap, pc_game **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!text && len))
        return PC_EINVAL;
    /* "puzzlecore-<kind> <version>" names the kind (lib/common/save.h). */
    const char *name = NULL; /* set on success: initialised for gcc -O1's flow analysis */
    size_t nl = 0;
    int32_t rc = pc__save_kind(text, len, &name, &nl, err, errcap);
    if (rc != PC_OK)
        return rc;
    const pc__kind *k = game_find_kind(name, nl);
    if (!k) {
        pc__parse_error(err, errcap, 0, 0, "unknown kind '%.*s'", (int)(nl > 40 ? 40 : nl), name);
        return PC_ENOTFOUND;
    }
    void *state = NULL;
    rc = k->load(text, len, err, errcap, &state);
    if (rc != PC_OK)
        return rc;
    return game_wrap(k, state, out);
}

int32_t pc_game_save(const pc_game *g, char *buf, size_t cap, size_t *len)
{
    if (!g || !len || (!buf && cap))
        return PC_EINVAL;
    return g->kind->save(g->state, buf, cap, len);
}

static int32_t game_copy_stack(const pc__kind *k, const game_stack *from, game_stack *to)
{
    for (size_t i = 0; i < from->n; i++) {
        int32_t rc = game_stack_reserve(to);
        if (rc == PC_OK)
            rc = k->clone(from->s[i], &to->s[to->n]);
        if (rc != PC_OK)
            return rc;
        to->n++;
    }
    return PC_OK;
}

int32_t pc_game_clone(const pc_game *g, pc_game **out)
{
    if (!g || !out)
        return PC_EINVAL;
    pc_game *c = pc__calloc(1, sizeof *c);
    if (!c)
        return PC_ENOMEM;
    c->kind = g->kind;
    int32_t rc = g->kind->clone(g->state, &c->state);
    if (rc == PC_OK)
        rc = game_copy_stack(g->kind, &g->undo, &c->undo);
    if (rc == PC_OK)
        rc = game_copy_stack(g->kind, &g->redo, &c->redo);
    if (rc != PC_OK) {
        pc_game_free(c);
        return rc;
    }
    *out = c;
    return PC_OK;
}

void pc_game_free(pc_game *g)
{
    if (!g)
        return;
    if (g->state)
        g->kind->free(g->state);
    game_stack_free(g->kind, &g->undo);
    game_stack_free(g->kind, &g->redo);
    pc__free(g);
}

const char *pc_game_kind(const pc_game *g)
{
    return g ? g->kind->name : NULL;
}

int32_t pc_game_moves(const pc_game *g, char *buf, size_t cap, size_t *len)
{
    if (!g || !len || (!buf && cap))
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    int32_t rc = g->kind->over(g->state) ? PC_OK : g->kind->moves(g->state, &sb);
    if (rc != PC_OK) {
        pc__sb_free(&sb);
        return rc;
    }
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_game_play(pc_game *g, const char *move, size_t len)
{
    if (!g || (!move && len))
        return PC_EINVAL;
    if (len > PC_GAME_MAX_MOVE)
        return PC_ERANGE;
    const char *m = move ? move : "";
    size_t n = len;
    pc__trim(&m, &n);
    if (n == 0 || memchr(m, '\0', n) || memchr(m, '\n', n))
        return PC_EPARSE;
    if (g->kind->over(g->state))
        return PC_EOVER;
    /* Play on a copy: the current state goes to the undo list untouched, so
     * a refused move, or no memory for the list, changes nothing. */
    void *next = NULL;
    int32_t rc = game_stack_reserve(&g->undo);
    if (rc == PC_OK)
        rc = g->kind->clone(g->state, &next);
    if (rc != PC_OK)
        return rc;
    rc = g->kind->play(next, m, n);
    if (rc != PC_OK) {
        g->kind->free(next);
        return rc;
    }
    g->undo.s[g->undo.n++] = g->state;
    g->state = next;
    game_stack_clear(g->kind, &g->redo);
    return PC_OK;
}

/* Move the current state onto `to` and take the top of `from`. */
static int32_t game_swap_step(pc_game *g, game_stack *from, game_stack *to)
{
    if (!g)
        return PC_EINVAL;
    if (from->n == 0)
        return PC_ENOTFOUND;
    int32_t rc = game_stack_reserve(to);
    if (rc != PC_OK)
        return rc;
    to->s[to->n++] = g->state;
    g->state = from->s[--from->n];
    return PC_OK;
}

int32_t pc_game_undo(pc_game *g)
{
    return g ? game_swap_step(g, &g->undo, &g->redo) : PC_EINVAL;
}

int32_t pc_game_redo(pc_game *g)
{
    return g ? game_swap_step(g, &g->redo, &g->undo) : PC_EINVAL;
}

int32_t pc_game_undo_count(const pc_game *g)
{
    return g ? (int32_t)(g->undo.n > INT32_MAX ? INT32_MAX : g->undo.n) : PC_EINVAL;
}

int32_t pc_game_redo_count(const pc_game *g)
{
    return g ? (int32_t)(g->redo.n > INT32_MAX ? INT32_MAX : g->redo.n) : PC_EINVAL;
}

int32_t pc_game_over(const pc_game *g)
{
    return g ? (g->kind->over(g->state) ? 1 : 0) : PC_EINVAL;
}

int32_t pc_game_player_count(const pc_game *g)
{
    return g ? g->kind->players : PC_EINVAL;
}

int32_t pc_game_to_move(const pc_game *g, int32_t *player)
{
    if (!g || !player)
        return PC_EINVAL;
    *player = g->kind->over(g->state) ? PC_GAME_NOBODY : g->kind->to_move(g->state);
    return PC_OK;
}

int32_t pc_game_score(const pc_game *g, int32_t player, double *score)
{
    if (!g || !score || player < 0 || player >= g->kind->players)
        return PC_EINVAL;
    return g->kind->score(g->state, player, score);
}

int32_t pc_game_render(const pc_game *g, char *buf, size_t cap, size_t *len)
{
    if (!g || !len || (!buf && cap))
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    int32_t rc = g->kind->render(g->state, &sb);
    if (rc != PC_OK) {
        pc__sb_free(&sb);
        return rc;
    }
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_game_suggest(const pc_game *g, const pc_budget *budget, char *buf, size_t cap, size_t *len)
{
    if (!g || !len || (!buf && cap))
        return PC_EINVAL;
    if (g->kind->over(g->state))
        return PC_EOVER;
    pc__sb sb;
    pc__sb_init(&sb);
    int32_t rc = g->kind->suggest(g->state, budget, &sb);
    if (rc != PC_OK) {
        pc__sb_free(&sb);
        return rc;
    }
    return pc__sb_emit(&sb, buf, cap, len);
}

const void *pc_game_typed(const pc_game *g)
{
    return g ? g->state : NULL;
}
