/*
 * The .non format (Steve Simpson's), black and white and colour alike
 * (doc/nonogram.md, "Formats"; doc/nonogram-solving.md): keys one per line,
 * "rows"/"columns" followed by their clue lines, "goal", and for colour
 * puzzles "color c #rrggbb [name]" lines (clues "3b,1d", a goal of colour
 * characters with 0 for the background) and the library's own
 * "background c #rrggbb name".  Without a color line the puzzle is black
 * and white: no palette.
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "nonogram/colour.h"
#include "nonogram/formats_util.h"

/* A value after a key: a "quoted string" or the rest of the line. */
static char *non_value(const char *s, size_t n)
{
    pc__trim(&s, &n);
    if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
        s++;
        n -= 2;
    }
    return pc__strndup(s, n);
}

static int key_is(const char *t, size_t tn, const char *key, size_t *after)
{
    size_t k = strlen(key);
    if (tn < k || memcmp(t, key, k) != 0)
        return 0;
    if (tn > k && !pc__nf_space(t[k]))
        return 0;
    *after = k;
    return 1;
}

/* ---- the palette (first pass) ------------------------------------------------ */

/* "c #rrggbb [name]" (after "color" or "background") into entry `slot`. */
static int32_t non_colour(const char *v, size_t vn, int32_t line, struct pc__ncpalette *p, int32_t slot, char *err,
                          size_t errcap)
{
    pc__trim(&v, &vn);
    if (vn < 3 || !pc__nf_space(v[1]))
        return pc__parse_error(err, errcap, line, 0, "expected \"color CHAR #RRGGBB [NAME]\"");
    size_t a = 1;
    while (a < vn && pc__nf_space(v[a]))
        a++;
    size_t b = a;
    while (b < vn && !pc__nf_space(v[b]))
        b++;
    uint32_t rgb;
    if (pc__ncol_parse_rgb(v + a, b - a, &rgb) != 0)
        return pc__parse_error(err, errcap, line, 0, "expected a colour #RRGGBB");
    while (b < vn && pc__nf_space(v[b]))
        b++;
    const char *name = b < vn ? v + b : v; /* the name defaults to the character */
    size_t nn = b < vn ? vn - b : 1;
    return pc__ncpalette_add(p, slot, v[0], rgb, name, nn, err, errcap, line);
}

/* The "color" and "background" lines (they may follow the clues): *out
 * stays NULL without a color line (black and white). */
static int32_t non_palette(const char *text, size_t len, int32_t line0, struct pc__ncpalette **out, char *err,
                           size_t errcap)
{
    struct pc__ncpalette p, bg;
    pc__ncpalette_default(&p);
    p.n = 0;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n, after;
    while (pc__lines_next(&it, &l, &n)) {
        pc__trim(&l, &n);
        int32_t line = line0 + it.lineno, rc = PC_OK;
        if (key_is(l, n, "color", &after)) {
            if ((rc = non_colour(l + after, n - after, line, &p, p.n + 1, err, errcap)) == PC_OK)
                p.n++;
        } else if (key_is(l, n, "background", &after)) {
            bg = p;
            if ((rc = non_colour(l + after, n - after, line, &bg, 0, err, errcap)) == PC_OK) {
                p.sym[0] = bg.sym[0];
                p.rgb[0] = bg.rgb[0];
                memcpy(p.name[0], bg.name[0], sizeof p.name[0]);
            }
        }
        if (rc != PC_OK)
            return rc;
    }
    if (p.n == 0)
        return PC_OK;
    for (int32_t i = 1; i <= p.n; i++)
        if (p.sym[i] == p.sym[0] || pc__ncol_same_name(p.name[i], p.name[0]))
            return pc__parse_error(err, errcap, line0 + 1, 1, "a colour repeats the background");
    *out = pc__malloc(sizeof p);
    if (!*out)
        return PC_ENOMEM;
    **out = p;
    return PC_OK;
}

/* ---- the keys (second pass) --------------------------------------------------- */

/* What a .non text said so far. */
typedef struct {
    int64_t w, h;
    pc__nclueset cs;
    int have[2];
    const struct pc__ncpalette *pal;
    const char *goal;
    size_t goal_n;
    int32_t goal_line, goal_col;
    char *err;
    size_t errcap;
} non_state;

/* "width N" / "height N" (t[0] tells which). */
static int32_t non_dim(non_state *st, const char *t, size_t tn, size_t after, int32_t lineno, int32_t col)
{
    const char *v = t + after;
    size_t vn = tn - after;
    pc__trim(&v, &vn);
    int64_t x;
    if (pc__parse_i64(v, vn, &x) || x < 1 || x > PC_NONOGRAM_MAX_SIDE)
        return pc__parse_error(st->err, st->errcap, lineno, col + (int32_t)(v - t), "bad %s",
                               t[0] == 'w' ? "width" : "height");
    /* once only: the clue blocks were read against the first value (a later
     * "width 4" after 3 column lines left the 4th line's count unread) */
    if ((t[0] == 'w' ? st->w : st->h) != -1)
        return pc__parse_error(st->err, st->errcap, lineno, col, "%s given twice", t[0] == 'w' ? "width" : "height");
    if (t[0] == 'w')
        st->w = x;
    else
        st->h = x;
    return PC_OK;
}

/* "rows" / "columns" and the clue lines after it (one per line). */
static int32_t non_clue_block(non_state *st, pc__lines *it, int rows, int32_t line0, int32_t lineno, int32_t col)
{
    const char *what = rows ? "rows" : "columns";
    int a = rows ? 0 : 1;
    int64_t count = rows ? st->h : st->w, linelen = rows ? st->w : st->h;
    if (st->w < 1 || st->h < 1)
        return pc__parse_error(st->err, st->errcap, lineno, col, "\"%s\" before width and height", what);
    if (st->have[a])
        return pc__parse_error(st->err, st->errcap, lineno, col, "\"%s\" given twice", what);
    for (int64_t i = 0; i < count; i++) {
        const char *l;
        size_t n;
        if (!pc__lines_next(it, &l, &n))
            return pc__parse_error(st->err, st->errcap, line0 + it->lineno, 0,
                                   "%s: %lld lines expected, the text ends after %lld", what, (long long)count,
                                   (long long)i);
        int32_t k = pc__nf_parse_clues(l, n, ",", st->pal, &st->cs, a, line0 + it->lineno, 1, (int32_t)linelen,
                                       st->err, st->errcap);
        if (k < 0)
            return k;
    }
    st->have[a] = 1;
    return PC_OK;
}

/* "goal ..." (read once the size is known). */
static void non_goal_line(non_state *st, const char *t, size_t tn, size_t after, int32_t lineno, int32_t col)
{
    st->goal = t + after;
    st->goal_n = tn - after;
    pc__trim(&st->goal, &st->goal_n);
    st->goal_line = lineno;
    st->goal_col = col + (int32_t)(st->goal - t);
    if (st->goal_n >= 2 && st->goal[0] == '"' && st->goal[st->goal_n - 1] == '"') {
        st->goal++;
        st->goal_n -= 2;
        st->goal_col++;
    }
}

/* One line of the text outside the clue blocks. */
static int32_t non_line(non_state *st, pc__lines *it, const char *l, size_t n, int32_t line0, pc__nspec *sp)
{
    int32_t lineno = line0 + it->lineno;
    const char *t = l;
    size_t tn = n, after;
    pc__trim(&t, &tn);
    int32_t col = (int32_t)(t - l) + 1;
    if (tn == 0 || t[0] == '#')
        return PC_OK;
    if (key_is(t, tn, "width", &after) || key_is(t, tn, "height", &after))
        return non_dim(st, t, tn, after, lineno, col);
    if (key_is(t, tn, "rows", &after) || key_is(t, tn, "columns", &after))
        return non_clue_block(st, it, t[0] == 'r', line0, lineno, col);
    if (key_is(t, tn, "goal", &after)) {
        non_goal_line(st, t, tn, after, lineno, col);
    } else if (key_is(t, tn, "title", &after) || key_is(t, tn, "catalogue", &after)) {
        char **field = t[0] == 't' ? &sp->title : &sp->id;
        pc__free(*field);
        *field = non_value(t + after, tn - after);
        if (!*field) /* lost to a failed allocation: PC_ENOMEM, not "no title" */
            return PC_ENOMEM;
    }
    /* color and background lines were read by the first pass; every other
     * key (by, copyright, license, ...) is ignored, as the format says */
    return PC_OK;
}

/* The palette index of a goal character: 0/1 in black and white; a
 * colour's character or '0' (the background) with a palette; -1 if none. */
static int goal_index(const struct pc__ncpalette *pal, char c)
{
    if (!pal)
        return c == '0' ? 0 : c == '1' ? 1 : -1;
    return c == '0' ? 0 : pc__nf_palette_sym(pal, 0, c);
}

/* The goal picture into sp->goal. */
static int32_t non_goal(non_state *st, pc__nspec *sp)
{
    size_t cells = (size_t)(st->w * st->h), got = 0;
    sp->goal = pc__malloc(cells);
    if (!sp->goal)
        return PC_ENOMEM;
    for (size_t i = 0; i < st->goal_n; i++) {
        char c = st->goal[i];
        if (pc__nf_space(c))
            continue;
        int k = goal_index(st->pal, c);
        if (k < 0)
            return pc__parse_error(st->err, st->errcap, st->goal_line, st->goal_col + (int32_t)i,
                                   st->pal ? "goal: '%c' is no colour's character" : "goal: '%c' is not 0 or 1", c);
        if (got == cells)
            return pc__parse_error(st->err, st->errcap, st->goal_line, st->goal_col + (int32_t)i,
                                   "goal: more than %zu cells", cells);
        sp->goal[got++] = (uint8_t)k;
    }
    if (got != cells)
        return pc__parse_error(st->err, st->errcap, st->goal_line, st->goal_col, "goal: %zu cells, %zu expected",
                               got, cells);
    return PC_OK;
}

/* The size and the clues are all there. */
static int32_t non_complete(const non_state *st, int32_t line, int32_t line0)
{
    if (st->w < 1 || st->h < 1)
        return pc__parse_error(st->err, st->errcap, line, 0, "width and height are required");
    if (!st->have[0] || !st->have[1])
        return pc__parse_error(st->err, st->errcap, line, 0, "\"%s\" is missing", st->have[0] ? "columns" : "rows");
    return pc__nf_check_size(st->w, st->h, line0 + 1, 0, st->err, st->errcap);
}

int32_t pc__nnon_parse(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err, size_t errcap)
{
    int32_t rc = non_palette(text, len, line0, &sp->pal, err, errcap);
    if (rc != PC_OK)
        return rc;
    non_state st;
    memset(&st, 0, sizeof st);
    st.w = st.h = -1;
    st.pal = sp->pal;
    st.cs.coloured = sp->pal != NULL;
    st.err = err;
    st.errcap = errcap;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    while (rc == PC_OK && pc__lines_next(&it, &l, &n))
        rc = non_line(&st, &it, l, n, line0, sp);
    if (rc == PC_OK)
        rc = non_complete(&st, line0 + it.lineno, line0);
    if (rc == PC_OK) {
        sp->w = (int32_t)st.w;
        sp->h = (int32_t)st.h;
        if (st.goal)
            rc = non_goal(&st, sp);
    }
    if (rc == PC_OK)
        return pc__nclueset_finish(&st.cs, sp);
    pc__nclueset_free(&st.cs);
    return rc;
}

/* ---- writing ------------------------------------------------------------------ */

/* The value between quotes, as it is: non_value drops only the first and the
 * last quote of the line, so a '"' inside (the format has no escapes) reads
 * back unchanged.  Ids and titles hold no line break (their text rule). */
static void write_quoted(pc__sb *sb, const char *key, const char *s)
{
    pc__sb_printf(sb, "%s \"", key);
    for (; *s; s++)
        if (*s != '\n' && *s != '\r')
            pc__sb_putc(sb, *s);
    pc__sb_puts(sb, "\"\n");
}

/* The clue lines of one axis, "1,2" (black and white) or "1a,2b". */
static void write_clue_lines(pc__sb *sb, const pc__nspec *sp, int a)
{
    const struct pc__ncpalette *p = sp->pal;
    size_t k = 0;
    for (int32_t i = 0; i < (a == 0 ? sp->h : sp->w); i++) {
        for (int32_t j = 0; j < sp->counts[a][i]; j++, k++) {
            if (j)
                pc__sb_putc(sb, ',');
            pc__sb_i64(sb, sp->clues[a][k]);
            uint8_t c = !p || !sp->clues[a][k] ? 0 : sp->colours[a] ? sp->colours[a][k] : 1;
            if (c)
                pc__sb_putc(sb, p->sym[c]);
        }
        pc__sb_putc(sb, '\n');
    }
}

void pc__nnon_write(const pc__nspec *sp, pc__sb *sb)
{
    const struct pc__ncpalette *p = sp->pal;
    if (sp->id && *sp->id)
        write_quoted(sb, "catalogue", sp->id);
    if (sp->title && *sp->title)
        write_quoted(sb, "title", sp->title);
    pc__sb_printf(sb, "width %d\nheight %d\n", (int)sp->w, (int)sp->h);
    if (p) {
        pc__sb_printf(sb, "background %c #%06x %s\n", p->sym[0], (unsigned)p->rgb[0], p->name[0]);
        for (int32_t k = 1; k <= p->n; k++)
            pc__sb_printf(sb, "color %c #%06x %s\n", p->sym[k], (unsigned)p->rgb[k], p->name[k]);
    }
    pc__sb_puts(sb, "\nrows\n");
    write_clue_lines(sb, sp, 0);
    pc__sb_puts(sb, "\ncolumns\n");
    write_clue_lines(sb, sp, 1);
    if (sp->goal) {
        pc__sb_puts(sb, "\ngoal \"");
        for (size_t i = 0; i < (size_t)sp->w * (size_t)sp->h; i++) {
            uint8_t v = sp->goal[i];
            pc__sb_putc(sb, !p ? (char)('0' + v) : v ? p->sym[v] : '0');
        }
        pc__sb_puts(sb, "\"\n");
    }
}
