/* Snapper: save, load and the ASCII rendering (puzzlecore/snapper.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "puzzlecore/snapper.h"
#include "snapper/game.h"
#include "common/alloc.h"

#define MAGIC "puzzlecore-snapper 1"

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
    pc__sb_printf(&sb, MAGIC "\ncolours %d\ntarget %d\nsource %s\nweights %d %d %d %d\nseed %" PRIu64 "\n",
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

struct words {
    const char *w[16];
    size_t n[16];
    size_t col[16]; /* 1-based columns */
    int count;      /* -1 when there were more than 16 */
};

static void split(const char *s, size_t n, struct words *out)
{
    out->count = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i >= n)
            break;
        size_t j = i;
        while (j < n && s[j] != ' ' && s[j] != '\t')
            j++;
        if (out->count == 16) {
            out->count = -1;
            return;
        }
        out->w[out->count] = s + i;
        out->n[out->count] = j - i;
        out->col[out->count] = i + 1;
        out->count++;
        i = j;
    }
}

static int word_is(const struct words *w, int i, const char *s)
{
    return w->n[i] == strlen(s) && memcmp(w->w[i], s, w->n[i]) == 0;
}

static int word_int(const struct words *w, int i, int64_t lo, int64_t hi, int64_t *v)
{
    return pc__parse_i64(w->w[i], w->n[i], v) == 0 && *v >= lo && *v <= hi;
}

static int word_u64(const struct words *w, int i, uint64_t *v)
{
    uint64_t x = 0;
    if (!w->n[i] || w->n[i] > 20)
        return 0;
    for (size_t k = 0; k < w->n[i]; k++) {
        char c = w->w[i][k];
        if (c < '0' || c > '9')
            return 0;
        uint64_t d = (uint64_t)(c - '0');
        if (x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *v = x;
    return 1;
}

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
static const char *const keys[K_COUNT] = {"colours", "target", "source", "weights", "seed",
                                          "rng",     "score",  "figures", "drops",  "drains",
                                          "column",  "current", "next",  "list",   "row"};

int32_t pc_snapper_load(const char *text, size_t len, char *err, size_t errcap, pc_snapper **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!text && len))
        return PC_EINVAL;
    struct pc_snapper *g = pc__snapper_alloc();
    if (!g)
        return PC_ENOMEM;
    int seen[K_COUNT] = {0}, rows_seen[SN_H] = {0};
    int has_cur = 0, has_nxt = 0;
    size_t list_cap = 0;
    int32_t rc = PC_OK;
    g->target = PC_SNAPPER_TARGET;
    g->column = SN_W / 2;
    for (int i = 0; i < 4; i++)
        g->weights[i] = 1;

    pc__lines it;
    const char *line;
    size_t n;
    pc__lines_init(&it, text ? text : "", len);
#define FAIL(col, ...)                                                                                      \
    do {                                                                                                    \
        rc = pc__parse_error(err, errcap, it.lineno, (int32_t)(col), __VA_ARGS__);                         \
        goto done;                                                                                          \
    } while (0)
    if (!pc__lines_next(&it, &line, &n))
        FAIL(0, "empty text: want '" MAGIC "'");
    pc__trim(&line, &n);
    if (n != strlen(MAGIC) || memcmp(line, MAGIC, n) != 0)
        FAIL(1, "the first line must be '" MAGIC "'");
    while (pc__lines_next(&it, &line, &n)) {
        struct words w;
        split(line, n, &w);
        if (w.count == 0 || (w.n[0] && w.w[0][0] == '#'))
            continue;
        int k = 0;
        if (w.count < 0) {
            /* only "list" may be long: handled below with its own scan */
            k = -1;
        } else {
            while (k < K_COUNT && !word_is(&w, 0, keys[k]))
                k++;
            if (k == K_COUNT)
                FAIL(w.col[0], "unknown key '%.*s'", (int)w.n[0], w.w[0]);
        }
        if (k == -1 || k == K_LIST) {
            /* list tok tok ...: scan the line directly (any length) */
            const char *s = line;
            size_t m = n, i = 0;
            while (i < m && (s[i] == ' ' || s[i] == '\t'))
                i++;
            if (m - i < 4 || memcmp(s + i, "list", 4) != 0 || (m - i > 4 && s[i + 4] != ' ' && s[i + 4] != '\t'))
                FAIL(i + 1, "too many fields");
            if (seen[K_LIST])
                FAIL(i + 1, "key 'list' given twice");
            seen[K_LIST] = 1;
            i += 4;
            while (i < m) {
                while (i < m && (s[i] == ' ' || s[i] == '\t'))
                    i++;
                if (i >= m)
                    break;
                size_t j = i;
                while (j < m && s[j] != ' ' && s[j] != '\t')
                    j++;
                sn_piece p = pc__snapper_parse_piece(s + i, j - i);
                if (!p || !piece_fits(p, PC_SNAPPER_MAX_COLOURS, 0))
                    FAIL(i + 1, "bad piece '%.*s'", (int)(j - i), s + i);
                if (g->list_len == list_cap) {
                    size_t nc = list_cap ? list_cap * 2 : 16;
                    sn_piece *nl = pc__realloc(g->list, nc * sizeof *nl);
                    if (!nl) {
                        rc = PC_ENOMEM;
                        goto done;
                    }
                    g->list = nl;
                    list_cap = nc;
                }
                g->list[g->list_len++] = p;
                i = j;
            }
            continue;
        }
        if (k != K_ROW && seen[k])
            FAIL(w.col[0], "key '%s' given twice", keys[k]);
        seen[k] = 1;
        int want = k == K_WEIGHTS ? 5 : k == K_RNG ? 5 : k == K_ROW ? 2 + SN_W : 2;
        if (w.count != want)
            FAIL(w.col[0], "'%s' wants %d value(s)", keys[k], want - 1);
        int64_t v = 0;
        switch (k) {
        case K_COLOURS:
            if (!word_int(&w, 1, 1, PC_SNAPPER_MAX_COLOURS, &v))
                FAIL(w.col[1], "colours must be 1..8");
            g->colours = (int32_t)v;
            break;
        case K_TARGET:
            if (!word_int(&w, 1, 1, 1000, &v))
                FAIL(w.col[1], "target must be 1..1000");
            g->target = (int32_t)v;
            break;
        case K_SOURCE:
            if (word_is(&w, 1, "list"))
                g->listed = 1;
            else if (word_is(&w, 1, "random"))
                g->listed = 0;
            else
                FAIL(w.col[1], "source must be 'random' or 'list'");
            break;
        case K_WEIGHTS:
            for (int i = 0; i < 4; i++) {
                if (!word_int(&w, 1 + i, 0, 1000, &v))
                    FAIL(w.col[1 + i], "weights must be 0..1000");
                g->weights[i] = (int32_t)v;
            }
            if (g->weights[0] + g->weights[1] + g->weights[2] + g->weights[3] == 0)
                FAIL(w.col[1], "the weights must not all be 0");
            break;
        case K_SEED:
            if (!word_u64(&w, 1, &g->seed))
                FAIL(w.col[1], "seed must be an unsigned 64-bit number");
            break;
        case K_RNG:
            for (int i = 0; i < 4; i++)
                if (!word_u64(&w, 1 + i, &g->rng.s[i]))
                    FAIL(w.col[1 + i], "rng wants four unsigned 64-bit numbers");
            if (!(g->rng.s[0] | g->rng.s[1] | g->rng.s[2] | g->rng.s[3]))
                FAIL(w.col[1], "an all-zero rng state is invalid");
            break;
        case K_SCORE:
            if (!word_int(&w, 1, INT64_MIN / 2, INT64_MAX / 2, &v))
                FAIL(w.col[1], "score must be a whole number of score units");
            g->b.score = v;
            break;
        case K_FIGURES:
        case K_DROPS:
        case K_DRAINS:
            if (!word_int(&w, 1, 0, INT32_MAX, &v))
                FAIL(w.col[1], "'%s' must be a count", keys[k]);
            if (k == K_FIGURES)
                g->b.figures = (int32_t)v;
            else if (k == K_DROPS)
                g->drops = (int32_t)v;
            else
                g->drains = (int32_t)v;
            break;
        case K_COLUMN:
            if (!word_int(&w, 1, 0, SN_W - 1, &v))
                FAIL(w.col[1], "column must be 0..4");
            g->column = (int32_t)v;
            break;
        case K_CURRENT:
        case K_NEXT: {
            sn_piece p = 0;
            if (!word_is(&w, 1, "-")) {
                p = pc__snapper_parse_piece(w.w[1], w.n[1]);
                if (!p || !piece_fits(p, PC_SNAPPER_MAX_COLOURS, 0))
                    FAIL(w.col[1], "bad piece '%.*s'", (int)w.n[1], w.w[1]);
            }
            if (k == K_CURRENT) {
                g->cur = p;
                has_cur = 1;
            } else {
                g->nxt = p;
                has_nxt = 1;
            }
            break;
        }
        case K_ROW:
            if (!word_int(&w, 1, 0, SN_H - 1, &v))
                FAIL(w.col[1], "row must be 0..8");
            if (rows_seen[v])
                FAIL(w.col[1], "row %d given twice", (int)v);
            rows_seen[v] = 1;
            for (int x = 0; x < SN_W; x++) {
                sn_piece p = 0;
                if (!word_is(&w, 2 + x, ".")) {
                    p = pc__snapper_parse_piece(w.w[2 + x], w.n[2 + x]);
                    if (!p)
                        FAIL(w.col[2 + x], "bad cell '%.*s' (want '.' or e.g. NE:1222)", (int)w.n[2 + x],
                             w.w[2 + x]);
                    if (!pc__snapper_coloured(p))
                        FAIL(w.col[2 + x], "a piece without colour would have vanished");
                }
                g->b.cell[v][x] = p;
            }
            break;
        default:
            break;
        }
    }
    it.lineno = 0;
    if (!seen[K_COLOURS])
        FAIL(0, "missing key 'colours'");
    if (seen[K_LIST] && !g->listed)
        FAIL(0, "'list' needs 'source list'");
    for (size_t i = 0; i < g->list_len; i++)
        if (!piece_fits(g->list[i], g->colours, 0))
            FAIL(0, "a listed piece uses a colour above %d", (int)g->colours);
    if ((g->cur && !piece_fits(g->cur, g->colours, 0)) || (g->nxt && !piece_fits(g->nxt, g->colours, 0)))
        FAIL(0, "the current or next piece uses a colour above %d", (int)g->colours);
    for (int y = 0; y < SN_H; y++)
        for (int x = 0; x < SN_W; x++)
            if (g->b.cell[y][x] && !piece_fits(g->b.cell[y][x], g->colours, 1))
                FAIL(0, "the piece at column %d, row %d uses a colour above %d", x, y, (int)g->colours);
    if (!pc__snapper_rests(&g->b))
        FAIL(0, "a piece floats above an empty cell");
    if (pc__snapper_closed_figures(&g->b))
        FAIL(0, "the field holds a closed figure (it would have been cleared)");
    if (!seen[K_RNG])
        pc__rng_seed(&g->rng, g->seed);
    /* pieces not given come from the source, in order */
    if (!has_cur) {
        if (g->listed) {
            g->cur = g->list_pos < g->list_len ? g->list[g->list_pos++] : 0;
        } else {
            g->cur = pc__snapper_draw(&g->rng, g->weights, g->colours);
        }
    }
    if (!has_nxt) {
        if (g->listed)
            g->nxt = g->list_pos < g->list_len ? g->list[g->list_pos++] : 0;
        else
            g->nxt = pc__snapper_draw(&g->rng, g->weights, g->colours);
    }
    if (!g->listed && (!g->cur || !g->nxt))
        FAIL(0, "a random game always has a current and a next piece");
    if (g->listed && !g->cur && g->nxt)
        FAIL(0, "a next piece without a current one");
    if (g->listed && !g->nxt && g->list_pos < g->list_len)
        FAIL(0, "listed pieces after an empty next");
    g->reason = pc__snapper_reason(g);
#undef FAIL
done:
    if (rc != PC_OK) {
        pc_snapper_free(g);
        return rc;
    }
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
