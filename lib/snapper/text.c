/* Snapper: save, load and the ASCII rendering (puzzlecore/snapper.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/save.h"
#include "common/text.h"
#include "puzzlecore/snapper.h"
#include "snapper/game.h"
#include "common/alloc.h"


static void put_piece(pc__sb *sb, sn_piece p)
{
    if (!p) {
        pc__sb_putc(sb, '-');
        return;
    }
    for (int k = 0; k < 4; k++)
        if (sn_arms(p) & (1 << k))
            pc__sb_putc(sb, "NESW"[k]);
    pc__sb_putc(sb, ':');
    for (int q = 0; q < 4; q++)
        pc__sb_putc(sb, (char)('0' + sn_colour(p, q)));
}

int32_t pc_snapper_save(const pc_snapper *g, char *buf, size_t cap, size_t *len)
{
    if (!g || !len)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__save_header(&sb, "snapper");
    pc__sb_printf(&sb, "colours %d\ntarget %d\nsource %s\nweights %d %d %d %d\nseed %" PRIu64 "\n",
                  (int)g->colours, (int)g->target, g->listed ? "list" : "random", (int)g->weights[0],
                  (int)g->weights[1], (int)g->weights[2], (int)g->weights[3], g->seed);
    pc__sb_printf(&sb, "rng %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", g->rng.s[0], g->rng.s[1],
                  g->rng.s[2], g->rng.s[3]);
    pc__sb_printf(&sb, "score %" PRId64 "\nfigures %d\ndrops %d\ndrains %d\ncolumn %d\ncurrent ", g->b.score,
                  (int)g->b.figures, (int)g->drops, (int)g->drains, (int)g->column);
    put_piece(&sb, g->cur);
    pc__sb_puts(&sb, "\nnext ");
    put_piece(&sb, g->nxt);
    pc__sb_putc(&sb, '\n');
    if (g->listed) {
        pc__sb_puts(&sb, "list");
        for (size_t i = g->list_pos; i < g->list_len; i++) {
            pc__sb_putc(&sb, ' ');
            put_piece(&sb, g->list[i]);
        }
        pc__sb_putc(&sb, '\n');
    }
    for (int y = SN_H - 1; y >= 0; y--) {
        pc__sb_printf(&sb, "row %d", y);
        for (int x = 0; x < SN_W; x++) {
            pc__sb_putc(&sb, ' ');
            if (g->b.cell[y][x])
                put_piece(&sb, g->b.cell[y][x]);
            else
                pc__sb_putc(&sb, '.');
        }
        pc__sb_putc(&sb, '\n');
    }
    return pc__sb_emit(&sb, buf, cap, len);
}

/* ---- load --------------------------------------------------------------------------- */

static int piece_fits(sn_piece p, int colours, int allow_white)
{
    for (int q = 0; q < 4; q++) {
        int c = sn_colour(p, q);
        if (c > colours || (!allow_white && c == 0))
            return 0;
    }
    return 1;
}

enum { K_COLOURS, K_TARGET, K_SOURCE, K_WEIGHTS, K_SEED, K_RNG, K_SCORE, K_FIGURES, K_DROPS, K_DRAINS,
       K_COLUMN, K_CURRENT, K_NEXT, K_LIST, K_ROW, K_COUNT };
static const pc__save_key keys[K_COUNT] = {
    {"colours", PC__SAVE_REQUIRED}, {"target", 0}, {"source", 0}, {"weights", 0}, {"seed", 0},
    {"rng", 0}, {"score", 0}, {"figures", 0}, {"drops", 0}, {"drains", 0},
    {"column", 0}, {"current", 0}, {"next", 0}, {"list", 0}, {"row", PC__SAVE_REPEAT}};

/* A piece word: "-" (none, when allowed) or arms and colours, e.g. NE:1222. */
static int32_t read_piece(pc__save_in *in, const char *none, sn_piece *out)
{
    const char *w;
    size_t n;
    int32_t rc = pc__save_word(in, &w, &n);
    if (rc != PC_OK)
        return rc;
    if (none && n == 1 && w[0] == none[0]) {
        *out = 0;
        return PC_OK;
    }
    sn_piece p = pc__snapper_parse_piece(w, n);
    if (!p)
        return pc__save_fail(in, "bad piece '%.*s' (want e.g. NE:1222)", (int)(n < 40 ? n : 40), w);
    *out = p;
    return PC_OK;
}

/* The rules of the game: colours, target, source, weights, seed, rng. */
static int32_t read_rules(pc__save_in *in, struct pc_snapper *g)
{
    int64_t v = 0;
    int32_t rc = PC_OK;
    switch (in->key) {
    case K_COLOURS:
        if ((rc = pc__save_int(in, 1, PC_SNAPPER_MAX_COLOURS, &v)) == PC_OK)
            g->colours = (int32_t)v;
        break;
    case K_TARGET:
        if ((rc = pc__save_int(in, 1, 1000, &v)) == PC_OK)
            g->target = (int32_t)v;
        break;
    case K_SOURCE: {
        const char *w;
        size_t n;
        if ((rc = pc__save_word(in, &w, &n)) != PC_OK)
            break;
        if (n == 4 && memcmp(w, "list", 4) == 0)
            g->listed = 1;
        else if (n == 6 && memcmp(w, "random", 6) == 0)
            g->listed = 0;
        else
            rc = pc__save_fail(in, "source must be 'random' or 'list'");
        break;
    }
    case K_WEIGHTS:
        for (int i = 0; i < 4 && rc == PC_OK; i++)
            if ((rc = pc__save_int(in, 0, 1000, &v)) == PC_OK)
                g->weights[i] = (int32_t)v;
        if (rc == PC_OK && g->weights[0] + g->weights[1] + g->weights[2] + g->weights[3] == 0)
            rc = pc__save_fail(in, "the weights must not all be 0");
        break;
    case K_SEED:
        rc = pc__save_u64(in, &g->seed);
        break;
    default: /* K_RNG */
        for (int i = 0; i < 4 && rc == PC_OK; i++)
            rc = pc__save_u64(in, &g->rng.s[i]);
        if (rc == PC_OK && !(g->rng.s[0] | g->rng.s[1] | g->rng.s[2] | g->rng.s[3]))
            rc = pc__save_fail(in, "an all-zero rng state is invalid");
        break;
    }
    return rc;
}

/* Where the game stands: score, the counters, the column, the pieces. */
static int32_t read_progress(pc__save_in *in, struct pc_snapper *g)
{
    int64_t v = 0;
    int32_t rc = PC_OK;
    sn_piece p = 0;
    switch (in->key) {
    case K_SCORE:
        if ((rc = pc__save_int(in, INT64_MIN / 2, INT64_MAX / 2, &v)) == PC_OK)
            g->b.score = v;
        break;
    case K_FIGURES:
    case K_DROPS:
    case K_DRAINS:
        if ((rc = pc__save_int(in, 0, INT32_MAX, &v)) != PC_OK)
            break;
        *(in->key == K_FIGURES ? &g->b.figures : in->key == K_DROPS ? &g->drops : &g->drains) = (int32_t)v;
        break;
    case K_COLUMN:
        if ((rc = pc__save_int(in, 0, SN_W - 1, &v)) == PC_OK)
            g->column = (int32_t)v;
        break;
    default: /* K_CURRENT, K_NEXT */
        if ((rc = read_piece(in, "-", &p)) == PC_OK && p && !piece_fits(p, PC_SNAPPER_MAX_COLOURS, 0))
            rc = pc__save_fail(in, "a piece to place has no white quarter");
        if (rc == PC_OK)
            *(in->key == K_CURRENT ? &g->cur : &g->nxt) = p;
        break;
    }
    return rc;
}

/* The pieces still to come in a listed game. */
static int32_t read_list(pc__save_in *in, struct pc_snapper *g, size_t *list_cap)
{
    int32_t rc = PC_OK;
    while (rc == PC_OK && pc__save_more(in)) {
        sn_piece p = 0;
        if ((rc = read_piece(in, NULL, &p)) != PC_OK)
            break;
        if (!piece_fits(p, PC_SNAPPER_MAX_COLOURS, 0))
            return pc__save_fail(in, "a piece to place has no white quarter");
        if (g->list_len == *list_cap) {
            size_t nc = *list_cap ? *list_cap * 2 : 16;
            sn_piece *nl = pc__realloc(g->list, nc * sizeof *nl);
            if (!nl)
                return PC_ENOMEM;
            g->list = nl;
            *list_cap = nc;
        }
        g->list[g->list_len++] = p;
    }
    return rc;
}

/* One row of the field: its number (from the floor), then its five cells. */
static int32_t read_row(pc__save_in *in, struct pc_snapper *g, int *rows_seen)
{
    int64_t v = 0;
    int32_t rc = pc__save_int(in, 0, SN_H - 1, &v);
    if (rc != PC_OK)
        return rc;
    if (rows_seen[v])
        return pc__save_fail(in, "row %d given twice", (int)v);
    rows_seen[v] = 1;
    for (int x = 0; x < SN_W && rc == PC_OK; x++) {
        sn_piece p = 0;
        if ((rc = read_piece(in, ".", &p)) == PC_OK && p && !pc__snapper_coloured(p))
            rc = pc__save_fail(in, "a piece without colour would have vanished");
        g->b.cell[v][x] = p;
    }
    return rc;
}

/* One key line's values into g. */
static int32_t read_key(pc__save_in *in, struct pc_snapper *g, size_t *list_cap, int *rows_seen)
{
    int32_t rc;
    if (in->key <= K_RNG)
        rc = read_rules(in, g);
    else if (in->key <= K_NEXT)
        rc = read_progress(in, g);
    else if (in->key == K_LIST)
        rc = read_list(in, g, list_cap);
    else
        rc = read_row(in, g, rows_seen);
    return rc == PC_OK ? pc__save_end(in) : rc;
}

/* The checks only the whole game can make, once every line is read. */
static int32_t check_whole(pc__save_in *in, struct pc_snapper *g)
{
    char *err = in->err;
    size_t errcap = in->errcap;
    if (in->seen[K_LIST] && !g->listed)
        return pc__parse_error(err, errcap, 0, 0, "'list' needs 'source list'");
    for (size_t i = 0; i < g->list_len; i++)
        if (!piece_fits(g->list[i], g->colours, 0))
            return pc__parse_error(err, errcap, 0, 0, "a listed piece uses a colour above %d", (int)g->colours);
    if ((g->cur && !piece_fits(g->cur, g->colours, 0)) || (g->nxt && !piece_fits(g->nxt, g->colours, 0)))
        return pc__parse_error(err, errcap, 0, 0, "the current or next piece uses a colour above %d",
                               (int)g->colours);
    for (int y = 0; y < SN_H; y++)
        for (int x = 0; x < SN_W; x++)
            if (g->b.cell[y][x] && !piece_fits(g->b.cell[y][x], g->colours, 1))
                return pc__parse_error(err, errcap, 0, 0, "the piece at column %d, row %d uses a colour above %d",
                                       x, y, (int)g->colours);
    if (!pc__snapper_rests(&g->b))
        return pc__parse_error(err, errcap, 0, 0, "a piece floats above an empty cell");
    if (pc__snapper_closed_figures(&g->b))
        return pc__parse_error(err, errcap, 0, 0, "the field holds a closed figure (it would have been cleared)");
    return PC_OK;
}

/* Pieces the save did not give come from the source, in order. */
static sn_piece draw_missing(struct pc_snapper *g)
{
    if (g->listed)
        return g->list_pos < g->list_len ? g->list[g->list_pos++] : 0;
    return pc__snapper_draw(&g->rng, g->weights, g->colours);
}

int32_t pc_snapper_load(const char *text, size_t len, char *err, size_t errcap, pc_snapper **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!text && len))
        return PC_EINVAL;
    pc__save_in in;
    int32_t rc = pc__save_open(&in, text, len, "snapper", keys, K_COUNT, err, errcap);
    if (rc != PC_OK)
        return rc;
    struct pc_snapper *g = pc__snapper_alloc();
    if (!g)
        return PC_ENOMEM;
    int rows_seen[SN_H] = {0};
    size_t list_cap = 0;
    g->target = PC_SNAPPER_TARGET;
    g->column = SN_W / 2;
    for (int i = 0; i < 4; i++)
        g->weights[i] = 1;
    while ((rc = pc__save_next(&in)) == 1)
        if ((rc = read_key(&in, g, &list_cap, rows_seen)) != PC_OK)
            break;
    if (rc == PC_OK)
        rc = pc__save_done(&in);
    if (rc == PC_OK)
        rc = check_whole(&in, g);
    if (rc == PC_OK) {
        if (!in.seen[K_RNG])
            pc__rng_seed(&g->rng, g->seed);
        if (!in.seen[K_CURRENT])
            g->cur = draw_missing(g);
        if (!in.seen[K_NEXT])
            g->nxt = draw_missing(g);
        if (!g->listed && (!g->cur || !g->nxt))
            rc = pc__parse_error(err, errcap, 0, 0, "a random game always has a current and a next piece");
        else if (g->listed && !g->cur && g->nxt)
            rc = pc__parse_error(err, errcap, 0, 0, "a next piece without a current one");
        else if (g->listed && !g->nxt && g->list_pos < g->list_len)
            rc = pc__parse_error(err, errcap, 0, 0, "listed pieces after an empty next");
    }
    if (rc != PC_OK) {
        pc_snapper_free(g);
        return rc;
    }
    g->reason = pc__snapper_reason(g);
    *out = g;
    return PC_OK;
}

/* ---- render ------------------------------------------------------------------------- */

static char colour_char(int c)
{
    return c ? (char)('0' + c) : 'w';
}

/* Row r (0 top, 1 middle, 2 bottom) of a cell's 3x3 drawing. */
static void cell_row(pc__sb *sb, sn_piece p, int r)
{
    if (!p) {
        pc__sb_puts(sb, r == 1 ? " . " : "   ");
        return;
    }
    int a = sn_arms(p);
    char s[4] = {0};
    if (r == 0) {
        s[0] = colour_char(sn_colour(p, PC_SNAPPER_NW));
        s[1] = (a & PC_SNAPPER_ARM_N) ? '|' : ' ';
        s[2] = colour_char(sn_colour(p, PC_SNAPPER_NE));
    } else if (r == 1) {
        s[0] = (a & PC_SNAPPER_ARM_W) ? '-' : ' ';
        s[1] = '+';
        s[2] = (a & PC_SNAPPER_ARM_E) ? '-' : ' ';
    } else {
        s[0] = colour_char(sn_colour(p, PC_SNAPPER_SW));
        s[1] = (a & PC_SNAPPER_ARM_S) ? '|' : ' ';
        s[2] = colour_char(sn_colour(p, PC_SNAPPER_SE));
    }
    pc__sb_puts(sb, s);
}

int32_t pc_snapper_render(const pc_snapper *g, char *buf, size_t cap, size_t *len)
{
    if (!g || !len)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    for (int r = 0; r < 3; r++) {
        pc__sb_putc(&sb, ' ');
        for (int x = 0; x < SN_W; x++) {
            if (x == g->column && g->cur && !g->reason)
                cell_row(&sb, g->cur, r);
            else
                pc__sb_puts(&sb, "   ");
        }
        pc__sb_puts(&sb, " \n");
    }
    pc__sb_puts(&sb, "+---------------+\n");
    for (int y = SN_H - 1; y >= 0; y--)
        for (int r = 0; r < 3; r++) {
            pc__sb_putc(&sb, '|');
            for (int x = 0; x < SN_W; x++)
                cell_row(&sb, g->b.cell[y][x], r);
            pc__sb_puts(&sb, "|\n");
        }
    pc__sb_puts(&sb, "+---------------+\n");
    return pc__sb_emit(&sb, buf, cap, len);
}
