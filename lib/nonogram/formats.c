/*
 * Nonogram file formats as plain data: .non, webpbn XML, Tatham game ids and
 * the TCGA/TAAI question and solution files.  doc/nonogram-solving.md lists
 * what each reader accepts.  Every parse error names the line and column
 * (1-based; columns count bytes).
 */
#include "nonogram/formats.h"

#include <stdlib.h>
#include <string.h>

#include "puzzlecore/nonogram.h"
#include "common/alloc.h"

void pc__nspec_init(pc__nspec *sp)
{
    memset(sp, 0, sizeof *sp);
}

void pc__nspec_free(pc__nspec *sp)
{
    pc__free(sp->row_counts);
    pc__free(sp->row_clues);
    pc__free(sp->col_counts);
    pc__free(sp->col_clues);
    pc__free(sp->goal);
    pc__free(sp->givens);
    pc__free(sp->id);
    pc__free(sp->title);
    pc__nspec_init(sp);
}

/* ---- small helpers ---------------------------------------------------------- */

typedef struct {
    int32_t *a;
    size_t n, cap;
    int bad;
} ivec;

static void iv_push(ivec *v, int32_t x)
{
    if (v->bad)
        return;
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 64;
        int32_t *p = pc__realloc(v->a, cap * sizeof *p);
        if (!p) {
            v->bad = 1;
            return;
        }
        v->a = p;
        v->cap = cap;
    }
    v->a[v->n++] = x;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Line and column (1-based) of byte offset `off` in text. */
static void where(const char *text, size_t off, int32_t *line, int32_t *col)
{
    int32_t l = 1, c = 1;
    for (size_t i = 0; i < off; i++) {
        if (text[i] == '\n') {
            l++;
            c = 1;
        } else {
            c++;
        }
    }
    *line = l;
    *col = c;
}

/*
 * Parse one line of clues: numbers separated by any of `seps` (and spaces);
 * an empty line or a single 0 is the empty line.  Appends the clues to
 * `clues` and returns their count, or PC_EPARSE with (line, col of s[0]).
 */
static int32_t parse_clues(const char *s, size_t n, const char *seps, ivec *clues, int32_t line, int32_t col,
                           int32_t maxlen, char *err, size_t errcap)
{
    size_t i = 0;
    int32_t k = 0;
    int zero = 0;
    for (;;) {
        while (i < n && (is_space(s[i]) || (s[i] && strchr(seps, s[i]))))
            i++;
        if (i >= n)
            break;
        if (!is_digit(s[i]))
            return pc__parse_error(err, errcap, line, col + (int32_t)i, "expected a clue number, found '%c'",
                                   s[i]);
        int64_t v = 0;
        size_t st = i;
        while (i < n && is_digit(s[i])) {
            v = v * 10 + (s[i] - '0');
            if (v > PC_NONOGRAM_MAX_SIDE)
                return pc__parse_error(err, errcap, line, col + (int32_t)st, "clue too large");
            i++;
        }
        if (i < n && !is_space(s[i]) && !strchr(seps, s[i]))
            return pc__parse_error(err, errcap, line, col + (int32_t)i, "unexpected '%c' after a clue", s[i]);
        if (maxlen > 0 && v > maxlen)
            return pc__parse_error(err, errcap, line, col + (int32_t)st, "clue %d longer than the line (%d)",
                                   (int)v, (int)maxlen);
        if (v == 0)
            zero = 1;
        else
            iv_push(clues, (int32_t)v);
        k += v != 0;
    }
    if (zero && k)
        return pc__parse_error(err, errcap, line, col, "a 0 among other clues");
    if (k == 0) {
        iv_push(clues, 0);
        k = 1;
    }
    return k;
}

/* Move the clue vectors into the spec. */
static int32_t finish_spec(pc__nspec *sp, ivec *rc, ivec *rcl, ivec *cc, ivec *ccl)
{
    if (rc->bad || rcl->bad || cc->bad || ccl->bad)
        return PC_ENOMEM;
    sp->row_counts = rc->a;
    sp->row_clues = rcl->a;
    sp->col_counts = cc->a;
    sp->col_clues = ccl->a;
    memset(rc, 0, sizeof *rc);
    memset(rcl, 0, sizeof *rcl);
    memset(cc, 0, sizeof *cc);
    memset(ccl, 0, sizeof *ccl);
    if (!sp->row_clues)
        sp->row_clues = pc__calloc(1, sizeof(int32_t));
    if (!sp->col_clues)
        sp->col_clues = pc__calloc(1, sizeof(int32_t));
    return sp->row_clues && sp->col_clues ? PC_OK : PC_ENOMEM;
}

static void free_vecs(ivec *a, ivec *b, ivec *c, ivec *d)
{
    pc__free(a->a);
    pc__free(b->a);
    pc__free(c->a);
    pc__free(d->a);
}

static int32_t check_size(int64_t w, int64_t h, int32_t line, int32_t col, char *err, size_t errcap)
{
    if (w < 1 || h < 1 || w > PC_NONOGRAM_MAX_SIDE || h > PC_NONOGRAM_MAX_SIDE || w * h > PC_NONOGRAM_MAX_CELLS)
        return pc__parse_error(err, errcap, line, col, "size %lldx%lld out of range", (long long)w, (long long)h);
    return PC_OK;
}

/* ---- sections: where puzzle `index` starts and ends ------------------------- */

/* The sections of a text are found in one pass; `want` >= 0 keeps only
 * section number `want` in `one`, SECT_ALL appends every section to `all`
 * (a collection reads them all, so finding each costs O(total size)),
 * SECT_COUNT only counts. */
enum { SECT_COUNT = -1, SECT_ALL = -2 };
typedef struct {
    int32_t count, want;
    pc__nsection one;
    pc__nsection *all;
    size_t cap;
    int oom;
} section_sink;

/* One more section [start, end) found. */
static void close_section(section_sink *k, size_t start, size_t end, int32_t line0)
{
    pc__nsection sec = {start, end, line0};
    if (k->want >= 0) {
        if (k->count == k->want)
            k->one = sec;
    } else if (k->want == SECT_ALL && !k->oom) {
        if ((size_t)k->count == k->cap) {
            size_t cap = k->cap ? 2 * k->cap : 16;
            pc__nsection *a = pc__realloc(k->all, cap * sizeof *a);
            if (!a) {
                k->oom = 1;
                return;
            }
            k->all = a;
            k->cap = cap;
        }
        k->all[k->count] = sec;
    }
    k->count++;
}

/* Sections of a line-based format.  kind: 'N' .non (split at "===="),
 * 'T' TCGA (a section starts at each "$" line), 'I' Tatham (one per
 * non-blank, non-comment line).  Sets k->count to the number of sections. */
static void sections(const char *text, size_t len, int kind, section_sink *k)
{
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    size_t cur_start = 0;
    int32_t cur_line0 = 0;
    int open = 0, content = 0;
    size_t pos = 0;
    while (pc__lines_next(&it, &l, &n)) {
        size_t lstart = (size_t)(l - text);
        const char *t = l;
        size_t tn = n;
        pc__trim(&t, &tn);
        if (kind == 'N') {
            int sep = tn >= 4;
            for (size_t i = 0; i < tn && sep; i++)
                sep = t[i] == '=';
            if (!open) {
                open = 1;
                content = 0;
                cur_start = lstart;
                cur_line0 = it.lineno - 1;
            }
            if (sep) {
                if (content)
                    close_section(k, cur_start, lstart, cur_line0);
                open = 0;
            } else if (tn && t[0] != '#') {
                content = 1;
            }
        } else if (kind == 'T') {
            if (tn && t[0] == '$') {
                if (open)
                    close_section(k, cur_start, lstart, cur_line0);
                open = 1;
                cur_start = lstart;
                cur_line0 = it.lineno - 1;
            }
        } else { /* 'I' */
            if (tn && t[0] != '#')
                close_section(k, lstart, lstart + n, it.lineno - 1);
        }
        pos = it.pos;
    }
    if (open && (kind == 'T' || content))
        close_section(k, cur_start, pos > len ? len : pos, cur_line0);
}

int32_t pc__nformat_section(const char *text, size_t len, int kind, int32_t index, size_t *start, size_t *end,
                            int32_t *line0)
{
    section_sink k = {0, index, {0, 0, 0}, NULL, 0, 0};
    sections(text, len, kind, &k);
    if (k.count == 0)
        return PC_EPARSE;
    if (index >= k.count)
        return PC_ENOTFOUND;
    *start = k.one.start;
    *end = k.one.end;
    *line0 = k.one.line0;
    return PC_OK;
}

/* ---- .non -------------------------------------------------------------------- */

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
    if (tn > k && !is_space(t[k]))
        return 0;
    *after = k;
    return 1;
}

/* What a .non text said so far. */
typedef struct {
    int64_t w, h;
    ivec counts[2], clues[2]; /* rows, columns */
    int have[2];
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
        int32_t k = parse_clues(l, n, ",", &st->clues[a], line0 + it->lineno, 1, (int32_t)linelen, st->err,
                                st->errcap);
        if (k < 0)
            return k;
        iv_push(&st->counts[a], k);
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
    /* colour definitions are harmless (colour clues are refused by parse_clues);
     * every other key (by, copyright, license, ...) is ignored, as the format says */
    return PC_OK;
}

/* The goal picture of '0' and '1' into sp->goal. */
static int32_t non_goal(non_state *st, pc__nspec *sp)
{
    size_t cells = (size_t)(st->w * st->h), got = 0;
    sp->goal = pc__malloc(cells);
    if (!sp->goal)
        return PC_ENOMEM;
    for (size_t i = 0; i < st->goal_n; i++) {
        char c = st->goal[i];
        if (is_space(c))
            continue;
        if (c != '0' && c != '1')
            return pc__parse_error(st->err, st->errcap, st->goal_line, st->goal_col + (int32_t)i,
                                   "goal: '%c' is not 0 or 1", c);
        if (got == cells)
            return pc__parse_error(st->err, st->errcap, st->goal_line, st->goal_col + (int32_t)i,
                                   "goal: more than %zu cells", cells);
        sp->goal[got++] = (uint8_t)(c - '0');
    }
    if (got != cells)
        return pc__parse_error(st->err, st->errcap, st->goal_line, st->goal_col, "goal: %zu cells, %zu expected",
                               got, cells);
    return PC_OK;
}

static int32_t parse_non(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err, size_t errcap)
{
    non_state st;
    memset(&st, 0, sizeof st);
    st.w = st.h = -1;
    st.err = err;
    st.errcap = errcap;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    int32_t rc = PC_OK;
    while (rc == PC_OK && pc__lines_next(&it, &l, &n))
        rc = non_line(&st, &it, l, n, line0, sp);
    if (rc == PC_OK && (st.w < 1 || st.h < 1))
        rc = pc__parse_error(err, errcap, line0 + it.lineno, 0, "width and height are required");
    if (rc == PC_OK && (!st.have[0] || !st.have[1]))
        rc = pc__parse_error(err, errcap, line0 + it.lineno, 0, "\"%s\" is missing", st.have[0] ? "columns" : "rows");
    if (rc == PC_OK)
        rc = check_size(st.w, st.h, line0 + 1, 0, err, errcap);
    if (rc == PC_OK) {
        sp->w = (int32_t)st.w;
        sp->h = (int32_t)st.h;
        if (st.goal)
            rc = non_goal(&st, sp);
    }
    if (rc == PC_OK && (rc = finish_spec(sp, &st.counts[0], &st.clues[0], &st.counts[1], &st.clues[1])) == PC_OK)
        return PC_OK;
    free_vecs(&st.counts[0], &st.clues[0], &st.counts[1], &st.clues[1]);
    return rc;
}

static void write_clue_line(pc__sb *sb, const int32_t *clues, int32_t k, char sep)
{
    for (int32_t j = 0; j < k; j++) {
        if (j)
            pc__sb_putc(sb, sep);
        pc__sb_i64(sb, clues[j]);
    }
}

/* The value between quotes, as it is: non_value drops only the first and the
 * last quote of the line, so a '"' inside (the format has no escapes) reads
 * back unchanged.  Ids and titles hold no line break (their text rule). */
static void write_quoted(pc__sb *sb, const char *s)
{
    pc__sb_putc(sb, '"');
    for (; *s; s++)
        if (*s != '\n' && *s != '\r')
            pc__sb_putc(sb, *s);
    pc__sb_putc(sb, '"');
}

static void write_non(const pc__nspec *sp, pc__sb *sb)
{
    if (sp->id && *sp->id) {
        pc__sb_puts(sb, "catalogue ");
        write_quoted(sb, sp->id);
        pc__sb_putc(sb, '\n');
    }
    if (sp->title && *sp->title) {
        pc__sb_puts(sb, "title ");
        write_quoted(sb, sp->title);
        pc__sb_putc(sb, '\n');
    }
    pc__sb_printf(sb, "width %d\nheight %d\n\nrows\n", (int)sp->w, (int)sp->h);
    size_t p = 0;
    for (int32_t y = 0; y < sp->h; y++) {
        write_clue_line(sb, sp->row_clues + p, sp->row_counts[y], ',');
        p += (size_t)sp->row_counts[y];
        pc__sb_putc(sb, '\n');
    }
    pc__sb_puts(sb, "\ncolumns\n");
    p = 0;
    for (int32_t x = 0; x < sp->w; x++) {
        write_clue_line(sb, sp->col_clues + p, sp->col_counts[x], ',');
        p += (size_t)sp->col_counts[x];
        pc__sb_putc(sb, '\n');
    }
    if (sp->goal) {
        pc__sb_puts(sb, "\ngoal \"");
        for (int32_t i = 0; i < sp->w * sp->h; i++)
            pc__sb_putc(sb, (char)('0' + sp->goal[i]));
        pc__sb_puts(sb, "\"\n");
    }
}

/* ---- TCGA / TAAI ------------------------------------------------------------- */

static int blank(const char *s, size_t n)
{
    pc__trim(&s, &n);
    return n == 0;
}

/* Copy the "$n" marker (trimmed) as the id. */
static int32_t tcga_id(const char *l, size_t n, pc__nspec *sp)
{
    pc__trim(&l, &n);
    sp->id = pc__strndup(l, n);
    return sp->id ? PC_OK : PC_ENOMEM;
}

static int32_t parse_tcga(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err, size_t errcap)
{
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    if (!pc__lines_next(&it, &l, &n) || tcga_id(l, n, sp) != PC_OK)
        return PC_ENOMEM;
    /* the clue lines: everything up to the end, without trailing blank lines */
    size_t body = it.pos;
    int32_t seen = 0, lines = 0; /* lines: up to the last non-blank one */
    while (pc__lines_next(&it, &l, &n)) {
        seen++;
        if (!blank(l, n))
            lines = seen;
    }
    if (lines == 0 || lines % 2)
        return pc__parse_error(err, errcap, line0 + 1, 1,
                               "%s: %d clue lines; an even number (columns, then rows) is expected", sp->id,
                               (int)lines);
    int32_t side = lines / 2;
    ivec rc = {0}, rcl = {0}, cc = {0}, ccl = {0};
    pc__lines_init(&it, text + body, len - body);
    for (int32_t i = 0; i < lines; i++) {
        pc__lines_next(&it, &l, &n);
        int cols = i < side;
        int32_t k = parse_clues(l, n, "\t ,", cols ? &ccl : &rcl, line0 + 1 + it.lineno, 1, side, err, errcap);
        if (k < 0) {
            free_vecs(&rc, &rcl, &cc, &ccl);
            return k;
        }
        iv_push(cols ? &cc : &rc, k);
    }
    sp->w = sp->h = side;
    int32_t r = finish_spec(sp, &rc, &rcl, &cc, &ccl);
    free_vecs(&rc, &rcl, &cc, &ccl);
    return r;
}

/* Solution file: "$n", then N lines of N values 0/1 (tabs or spaces). */
static int32_t parse_tcga_solution(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err,
                                   size_t errcap)
{
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    if (!pc__lines_next(&it, &l, &n) || tcga_id(l, n, sp) != PC_OK)
        return PC_ENOMEM;
    size_t body = it.pos;
    int32_t rows = 0;
    while (pc__lines_next(&it, &l, &n))
        if (!blank(l, n))
            rows = it.lineno - 1;
    if (rows == 0)
        return pc__parse_error(err, errcap, line0 + 1, 1, "%s: no solution rows", sp->id);
    pc__lines_init(&it, text + body, len - body);
    int32_t w = -1;
    uint8_t *g = NULL;
    size_t got = 0, cap = 0;
    for (int32_t y = 0; y < rows; y++) {
        pc__lines_next(&it, &l, &n);
        int32_t x = 0;
        for (size_t i = 0; i < n; i++) {
            char c = l[i];
            if (is_space(c) || c == ',')
                continue;
            if (c != '0' && c != '1') {
                pc__free(g);
                return pc__parse_error(err, errcap, line0 + 1 + it.lineno, (int32_t)i + 1, "'%c' is not 0 or 1", c);
            }
            if (got == cap) {
                cap = cap ? cap * 2 : 1024;
                uint8_t *ng = pc__realloc(g, cap);
                if (!ng) {
                    pc__free(g);
                    return PC_ENOMEM;
                }
                g = ng;
            }
            g[got++] = (uint8_t)(c - '0');
            x++;
        }
        if (w < 0)
            w = x;
        if (x != w || x == 0) {
            pc__free(g);
            return pc__parse_error(err, errcap, line0 + 1 + it.lineno, 1, "row of %d values, %d expected", (int)x,
                                   (int)(w > 0 ? w : 1));
        }
    }
    int32_t r = check_size(w, rows, line0 + 1, 1, err, errcap);
    if (r != PC_OK) {
        pc__free(g);
        return r;
    }
    sp->w = w;
    sp->h = rows;
    sp->goal = g;
    return PC_OK;
}

static int32_t write_tcga(const pc__nspec *sp, pc__sb *sb, int solution, int32_t number)
{
    if (sp->w != sp->h)
        return PC_ERANGE;
    if (solution && !sp->goal)
        return PC_ENOTFOUND;
    if (sp->id && sp->id[0] == '$')
        pc__sb_printf(sb, "%s\n", sp->id);
    else
        pc__sb_printf(sb, "$%d\n", (int)number);
    if (solution) {
        for (int32_t y = 0; y < sp->h; y++)
            for (int32_t x = 0; x < sp->w; x++) {
                pc__sb_putc(sb, (char)('0' + sp->goal[y * sp->w + x]));
                pc__sb_putc(sb, x + 1 < sp->w ? '\t' : '\n');
            }
        return PC_OK;
    }
    size_t p = 0;
    for (int32_t x = 0; x < sp->w; x++) {
        write_clue_line(sb, sp->col_clues + p, sp->col_counts[x], '\t');
        p += (size_t)sp->col_counts[x];
        pc__sb_putc(sb, '\n');
    }
    p = 0;
    for (int32_t y = 0; y < sp->h; y++) {
        write_clue_line(sb, sp->row_clues + p, sp->row_counts[y], '\t');
        p += (size_t)sp->row_counts[y];
        pc__sb_putc(sb, '\n');
    }
    return PC_OK;
}

/* ---- Tatham game ids ----------------------------------------------------------- */

/* "WxH:" from s[*i]: the size, checked; *i moves past the ':'. */
static int32_t tatham_size(const char *s, size_t n, size_t *i, int32_t line, int64_t *w, int64_t *h, char *err,
                           size_t errcap)
{
    int64_t *dim[2] = {w, h};
    const char end[2] = {'x', ':'};
    for (int d = 0; d < 2; d++) {
        size_t st = *i;
        *dim[d] = 0;
        while (*i < n && is_digit(s[*i]) && *dim[d] <= PC_NONOGRAM_MAX_SIDE)
            *dim[d] = *dim[d] * 10 + (s[(*i)++] - '0');
        if (*i == st || *i >= n || s[*i] != end[d])
            return pc__parse_error(err, errcap, line, (int32_t)*i + 1, "expected WxH:");
        (*i)++;
    }
    return check_size(*w, *h, line, 1, err, errcap);
}

/* The w + h clue fields separated by '/': columns first, then rows. */
static int32_t tatham_clues(const char *s, size_t n, size_t *i, int32_t line, int64_t w, int64_t h, pc__nspec *sp,
                            char *err, size_t errcap)
{
    ivec rc = {0}, rcl = {0}, cc = {0}, ccl = {0};
    int32_t r = PC_OK;
    for (int64_t f = 0; f < w + h && r == PC_OK; f++) {
        size_t fs = *i;
        while (*i < n && s[*i] != '/' && s[*i] != ',')
            (*i)++;
        int col = f < w;
        int32_t k = parse_clues(s + fs, *i - fs, ".", col ? &ccl : &rcl, line, (int32_t)fs + 1,
                                (int32_t)(col ? h : w), err, errcap);
        if (k < 0) {
            r = k;
            break;
        }
        iv_push(col ? &cc : &rc, k);
        if (f + 1 < w + h && (*i >= n || s[*i] != '/'))
            r = pc__parse_error(err, errcap, line, (int32_t)*i + 1, "%lld clue fields expected, found %lld",
                                (long long)(w + h), (long long)(f + 1));
        else if (f + 1 < w + h)
            (*i)++;
    }
    if (r == PC_OK && *i < n && s[*i] == '/')
        r = pc__parse_error(err, errcap, line, (int32_t)*i + 1, "more than %lld clue fields", (long long)(w + h));
    if (r == PC_OK) {
        sp->w = (int32_t)w;
        sp->h = (int32_t)h;
        r = finish_spec(sp, &rc, &rcl, &cc, &ccl);
    }
    free_vecs(&rc, &rcl, &cc, &ccl);
    return r;
}

/* The givens after ',': runs of skipped cells ('a'..'y' cross, 'A'..'Y'
 * fill after that many unknown cells; 'z'/'Z' skip 25). */
static int32_t tatham_givens(const char *s, size_t n, size_t i, int32_t line, pc__nspec *sp, char *err, size_t errcap)
{
    size_t cells = (size_t)sp->w * (size_t)sp->h, pos = 0;
    sp->givens = pc__calloc(cells, 1);
    if (!sp->givens)
        return PC_ENOMEM;
    for (; i < n; i++) {
        char c = s[i];
        size_t skip;
        int given;
        if (c == 'z' || c == 'Z') {
            skip = 25;
            given = 0;
        } else if (c >= 'a' && c <= 'y') {
            skip = (size_t)(c - 'a');
            given = PC_NONOGRAM_CROSSED;
        } else if (c >= 'A' && c <= 'Y') {
            skip = (size_t)(c - 'A');
            given = PC_NONOGRAM_FILLED;
        } else {
            return pc__parse_error(err, errcap, line, (int32_t)i + 1, "bad character '%c' in the givens", c);
        }
        pos += skip;
        if (given) {
            if (pos >= cells)
                return pc__parse_error(err, errcap, line, (int32_t)i + 1, "givens run past the grid");
            sp->givens[pos++] = (uint8_t)given;
        } else if (pos > cells) {
            return pc__parse_error(err, errcap, line, (int32_t)i + 1, "givens run past the grid");
        }
    }
    return PC_OK;
}

static int32_t parse_tatham(const char *s, size_t n, int32_t line, pc__nspec *sp, char *err, size_t errcap)
{
    size_t i = 0;
    while (i < n && is_space(s[i]))
        i++;
    while (n > i && is_space(s[n - 1]))
        n--;
    int64_t w = 0, h = 0;
    int32_t r = tatham_size(s, n, &i, line, &w, &h, err, errcap);
    if (r == PC_OK)
        r = tatham_clues(s, n, &i, line, w, h, sp, err, errcap);
    if (r != PC_OK)
        return r;
    if (i < n && s[i] == ',')
        return tatham_givens(s, n, i + 1, line, sp, err, errcap);
    if (i < n)
        return pc__parse_error(err, errcap, line, (int32_t)i + 1, "unexpected '%c'", s[i]);
    return PC_OK;
}

static void write_tatham(const pc__nspec *sp, pc__sb *sb)
{
    pc__sb_printf(sb, "%dx%d:", (int)sp->w, (int)sp->h);
    size_t p = 0;
    for (int32_t x = 0; x < sp->w; x++) {
        if (x)
            pc__sb_putc(sb, '/');
        if (!(sp->col_counts[x] == 1 && sp->col_clues[p] == 0))
            write_clue_line(sb, sp->col_clues + p, sp->col_counts[x], '.');
        p += (size_t)sp->col_counts[x];
    }
    p = 0;
    for (int32_t y = 0; y < sp->h; y++) {
        pc__sb_putc(sb, '/');
        if (!(sp->row_counts[y] == 1 && sp->row_clues[p] == 0))
            write_clue_line(sb, sp->row_clues + p, sp->row_counts[y], '.');
        p += (size_t)sp->row_counts[y];
    }
    if (sp->givens) {
        int any = 0;
        size_t cells = (size_t)sp->w * (size_t)sp->h, run = 0;
        for (size_t i = 0; i < cells; i++) {
            if (sp->givens[i] == PC_NONOGRAM_UNKNOWN) {
                run++;
                continue;
            }
            if (!any)
                pc__sb_putc(sb, ',');
            any = 1;
            while (run >= 25) {
                pc__sb_putc(sb, 'z');
                run -= 25;
            }
            pc__sb_putc(sb, (char)((sp->givens[i] == PC_NONOGRAM_FILLED ? 'A' : 'a') + run));
            run = 0;
        }
    }
    pc__sb_putc(sb, '\n');
}

/* ---- webpbn XML ---------------------------------------------------------------- */

typedef struct {
    const char *text;
    size_t len;
    char *err;
    size_t errcap;
} xml;

static int32_t xml_error(const xml *x, size_t off, const char *msg, const char *arg)
{
    int32_t line, col;
    where(x->text, off, &line, &col);
    return pc__parse_error(x->err, x->errcap, line, col, "%s%s", msg, arg ? arg : "");
}

/* Find the next "<name" start tag (name followed by space, '>' or '/')
 * in [from, to); returns its offset or (size_t)-1. */
static size_t find_tag(const xml *x, size_t from, size_t to, const char *name)
{
    size_t k = strlen(name);
    for (size_t i = from; i + k + 1 < to; i++) {
        if (x->text[i] != '<')
            continue;
        if (memcmp(x->text + i + 1, name, k) == 0) {
            char c = x->text[i + 1 + k];
            if (c == '>' || c == '/' || is_space(c))
                return i;
        }
    }
    return (size_t)-1;
}

/* For a start tag at `at`: the end of the start tag (after '>'), the start
 * of the content, the offset of the matching "</name>" (content end) and the
 * offset after it.  Nested elements of the same name are not expected in
 * webpbn files except none; a self-closing tag has empty content. */
static int32_t element(const xml *x, size_t at, size_t to, const char *name, size_t *content, size_t *content_end,
                       size_t *after)
{
    const char *gt = memchr(x->text + at, '>', to - at);
    if (!gt)
        return xml_error(x, at, "unterminated tag <", name);
    size_t tag_end = (size_t)(gt - x->text) + 1;
    if (gt[-1] == '/') {
        *content = *content_end = *after = tag_end;
        return PC_OK;
    }
    size_t k = strlen(name);
    for (size_t i = tag_end; i + k + 3 <= to; i++) {
        if (x->text[i] == '<' && x->text[i + 1] == '/' && memcmp(x->text + i + 2, name, k) == 0 &&
            x->text[i + 2 + k] == '>') {
            *content = tag_end;
            *content_end = i;
            *after = i + k + 3;
            return PC_OK;
        }
    }
    return xml_error(x, at, "no closing tag for <", name);
}

/* Value of attribute `attr` in the start tag at `at` (NULL/0 if absent). */
static const char *attribute(const xml *x, size_t at, const char *attr, size_t *n)
{
    const char *gt = memchr(x->text + at, '>', x->len - at);
    size_t end = gt ? (size_t)(gt - x->text) : x->len;
    size_t k = strlen(attr);
    for (size_t i = at; i + k + 2 < end; i++) {
        if (is_space(x->text[i]) && memcmp(x->text + i + 1, attr, k) == 0) {
            size_t j = i + 1 + k;
            while (j < end && is_space(x->text[j]))
                j++;
            if (j >= end || x->text[j] != '=')
                continue;
            j++;
            while (j < end && is_space(x->text[j]))
                j++;
            if (j >= end || (x->text[j] != '"' && x->text[j] != '\''))
                continue;
            char q = x->text[j++];
            const char *v = x->text + j;
            const char *e = memchr(v, q, end - j);
            if (!e)
                return NULL;
            *n = (size_t)(e - v);
            return v;
        }
    }
    *n = 0;
    return NULL;
}

static int attr_is(const char *v, size_t n, const char *want)
{
    return v && n == strlen(want) && memcmp(v, want, n) == 0;
}

/* Text content with the five predefined entities and numeric ASCII
 * references decoded, trimmed. */
static char *xml_text(const xml *x, size_t from, size_t to)
{
    const char *s = x->text + from;
    size_t n = to - from;
    pc__trim(&s, &n);
    char *out = pc__malloc(n + 1);
    if (!out)
        return NULL;
    size_t o = 0;
    static const struct {
        const char *ent;
        char c;
    } ents[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '&') {
            int done = 0;
            for (size_t e = 0; e < sizeof ents / sizeof ents[0] && !done; e++) {
                size_t k = strlen(ents[e].ent);
                if (i + k <= n && memcmp(s + i, ents[e].ent, k) == 0) {
                    out[o++] = ents[e].c;
                    i += k - 1;
                    done = 1;
                }
            }
            if (!done && i + 3 < n && s[i + 1] == '#' && is_digit(s[i + 2])) {
                size_t j = i + 2;
                int v = 0;
                while (j < n && is_digit(s[j]) && v < 1000)
                    v = v * 10 + (s[j++] - '0');
                if (j < n && s[j] == ';' && v > 0 && v < 128) {
                    out[o++] = (char)v;
                    i = j;
                    done = 1;
                }
            }
            if (done)
                continue;
        }
        out[o++] = (s[i] == '\n' || s[i] == '\r') ? ' ' : s[i];
    }
    out[o] = '\0';
    return out;
}

/* Every <puzzle> tag's offset (SECT_ALL) or just the count. */
static void xml_sections(const xml *x, section_sink *k)
{
    for (size_t at = 0; (at = find_tag(x, at, x->len, "puzzle")) != (size_t)-1; at++)
        close_section(k, at, x->len, 0);
}

/* <clues type="..."> ... <line><count>n</count>...</line> ... </clues> */
static int32_t xml_clues(const xml *x, size_t from, size_t to, ivec *counts, ivec *clues, int32_t linelen)
{
    size_t at = from;
    while ((at = find_tag(x, at, to, "line")) != (size_t)-1) {
        size_t c0, c1, after;
        int32_t r = element(x, at, to, "line", &c0, &c1, &after);
        if (r != PC_OK)
            return r;
        int32_t k = 0;
        size_t ct = c0;
        while ((ct = find_tag(x, ct, c1, "count")) != (size_t)-1) {
            size_t v0, v1, va;
            r = element(x, ct, c1, "count", &v0, &v1, &va);
            if (r != PC_OK)
                return r;
            size_t cn;
            const char *color = attribute(x, ct, "color", &cn);
            if (color && !attr_is(color, cn, "black"))
                return xml_error(x, ct, "multicolour clues are not supported", NULL);
            const char *v = x->text + v0;
            size_t vn = v1 - v0;
            pc__trim(&v, &vn);
            int64_t num;
            if (pc__parse_i64(v, vn, &num) || num < 0 || num > linelen)
                return xml_error(x, v0, "bad clue in <count>", NULL);
            if (num > 0) {
                iv_push(clues, (int32_t)num);
                k++;
            }
            ct = va;
        }
        if (k == 0) {
            iv_push(clues, 0);
            k = 1;
        }
        iv_push(counts, k);
        at = after;
    }
    return counts->bad || clues->bad ? PC_ENOMEM : PC_OK;
}

/* The characters of black and white in the <color> elements of a puzzle
 * (p0 .. p1); another colour is refused (colour_formats.c reads those). */
static int32_t xml_bw_chars(xml *x, size_t p0, size_t p1, char *black, char *white)
{
    size_t ct = p0;
    while ((ct = find_tag(x, ct, p1, "color")) != (size_t)-1) {
        size_t cn, chn, c0, c1, ca;
        const char *name = attribute(x, ct, "name", &cn);
        const char *ch = attribute(x, ct, "char", &chn);
        int32_t r = element(x, ct, p1, "color", &c0, &c1, &ca);
        if (r != PC_OK)
            return r;
        if (attr_is(name, cn, "black")) {
            if (ch && chn == 1)
                *black = ch[0];
        } else if (attr_is(name, cn, "white")) {
            if (ch && chn == 1)
                *white = ch[0];
        } else {
            return xml_error(x, ct, "multicolour puzzles are not supported", NULL);
        }
        ct = ca;
    }
    return PC_OK;
}

/* Where the <clues type="rows"> and type="columns" contents are: at[a] ..
 * end[a] (a 0 rows, 1 columns). */
static int32_t xml_clue_spans(xml *x, size_t at, size_t p0, size_t p1, size_t span_at[2], size_t span_end[2])
{
    int have[2] = {0, 0};
    size_t cl = p0;
    while ((cl = find_tag(x, cl, p1, "clues")) != (size_t)-1) {
        size_t c0, c1, ca, vn;
        int32_t r = element(x, cl, p1, "clues", &c0, &c1, &ca);
        if (r != PC_OK)
            return r;
        const char *v = attribute(x, cl, "type", &vn);
        int a = attr_is(v, vn, "rows") ? 0 : attr_is(v, vn, "columns") ? 1 : -1;
        if (a < 0)
            return xml_error(x, cl, "<clues> type must be rows or columns", NULL);
        span_at[a] = c0;
        span_end[a] = c1;
        have[a] = 1;
        cl = ca;
    }
    if (!have[0] || !have[1])
        return xml_error(x, at, have[0] ? "no column clues" : "no row clues", NULL);
    return PC_OK;
}

/* The clues of both families: the size is their numbers of lines. */
static int32_t xml_bw_clues(xml *x, size_t at, size_t p0, size_t p1, pc__nspec *sp)
{
    size_t span_at[2] = {0, 0}, span_end[2] = {0, 0};
    int32_t r = xml_clue_spans(x, at, p0, p1, span_at, span_end);
    if (r != PC_OK)
        return r;
    ivec rc = {0}, rcl = {0}, cc = {0}, ccl = {0};
    r = xml_clues(x, span_at[0], span_end[0], &rc, &rcl, PC_NONOGRAM_MAX_SIDE);
    if (r == PC_OK)
        r = xml_clues(x, span_at[1], span_end[1], &cc, &ccl, PC_NONOGRAM_MAX_SIDE);
    if (r == PC_OK)
        r = check_size((int64_t)cc.n, (int64_t)rc.n, 0, 0, x->err, x->errcap);
    if (r == PC_OK) {
        int32_t w = (int32_t)cc.n, h = (int32_t)rc.n;
        for (size_t i = 0; i < rcl.n && r == PC_OK; i++)
            if (rcl.a[i] > w)
                r = xml_error(x, span_at[0], "a row clue is longer than the width", NULL);
        for (size_t i = 0; i < ccl.n && r == PC_OK; i++)
            if (ccl.a[i] > h)
                r = xml_error(x, span_at[1], "a column clue is longer than the height", NULL);
        sp->w = w;
        sp->h = h;
    }
    if (r == PC_OK)
        r = finish_spec(sp, &rc, &rcl, &cc, &ccl);
    free_vecs(&rc, &rcl, &cc, &ccl);
    return r;
}

/* <title> and <id> of the puzzle. */
static int32_t xml_meta(xml *x, size_t p0, size_t p1, pc__nspec *sp)
{
    static const char *const meta[] = {"title", "id"};
    for (int m = 0; m < 2; m++) {
        size_t t = find_tag(x, p0, p1, meta[m]);
        if (t == (size_t)-1)
            continue;
        size_t t0, t1, ta;
        int32_t r = element(x, t, p1, meta[m], &t0, &t1, &ta);
        if (r != PC_OK)
            return r;
        char *s = xml_text(x, t0, t1);
        if (!s)
            return PC_ENOMEM;
        if (m == 0)
            sp->title = s;
        else
            sp->id = s;
    }
    return PC_OK;
}

/* The goal (or a solution of type "solution"); "saved" images are not
 * solutions.  The <image> is read with the black and white characters. */
static int32_t xml_bw_goal(xml *x, size_t p0, size_t p1, char black, char white, pc__nspec *sp)
{
    size_t so = p0;
    while ((so = find_tag(x, so, p1, "solution")) != (size_t)-1) {
        size_t s0, s1, sa, vn;
        int32_t r = element(x, so, p1, "solution", &s0, &s1, &sa);
        if (r != PC_OK)
            return r;
        const char *v = attribute(x, so, "type", &vn);
        if (v && !attr_is(v, vn, "goal") && !attr_is(v, vn, "solution")) {
            so = sa;
            continue;
        }
        size_t im = find_tag(x, s0, s1, "image");
        if (im == (size_t)-1)
            return xml_error(x, so, "<solution> without <image>", NULL);
        size_t i0, i1, ia;
        r = element(x, im, s1, "image", &i0, &i1, &ia);
        if (r != PC_OK)
            return r;
        size_t cells = (size_t)sp->w * (size_t)sp->h, got = 0;
        sp->goal = pc__malloc(cells);
        if (!sp->goal)
            return PC_ENOMEM;
        for (size_t i = i0; i < i1; i++) {
            char c = x->text[i];
            if (is_space(c) || c == '|')
                continue;
            if (c != black && c != white)
                return xml_error(x, i, "unknown image character ", (char[]){c, 0});
            if (got == cells)
                return xml_error(x, i, "image larger than the grid", NULL);
            sp->goal[got++] = c == black;
        }
        if (got != cells)
            return xml_error(x, im, "image smaller than the grid", NULL);
        break;
    }
    return PC_OK;
}

/* The <puzzle> element that starts at byte `at` of the text. */
static int32_t parse_xml_at(const char *text, size_t len, size_t at, pc__nspec *sp, char *err, size_t errcap)
{
    xml x = {text, len, err, errcap};
    size_t p0, p1, pafter;
    int32_t r = element(&x, at, len, "puzzle", &p0, &p1, &pafter);
    if (r != PC_OK)
        return r;
    size_t tn;
    const char *type = attribute(&x, at, "type", &tn);
    if (type && !attr_is(type, tn, "grid"))
        return xml_error(&x, at, "only grid puzzles are supported", NULL);
    char black = 'X', white = '.';
    if ((r = xml_bw_chars(&x, p0, p1, &black, &white)) != PC_OK)
        return r;
    if ((r = xml_bw_clues(&x, at, p0, p1, sp)) != PC_OK)
        return r;
    if ((r = xml_meta(&x, p0, p1, sp)) != PC_OK)
        return r;
    return xml_bw_goal(&x, p0, p1, black, white, sp);
}

static void xml_escape(pc__sb *sb, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': pc__sb_puts(sb, "&amp;"); break;
        case '<': pc__sb_puts(sb, "&lt;"); break;
        case '>': pc__sb_puts(sb, "&gt;"); break;
        case '"': pc__sb_puts(sb, "&quot;"); break;
        default: pc__sb_putc(sb, *s);
        }
    }
}

static void write_xml_clues(pc__sb *sb, const char *type, const int32_t *counts, const int32_t *clues, int32_t n)
{
    pc__sb_printf(sb, "<clues type=\"%s\">\n", type);
    size_t p = 0;
    for (int32_t i = 0; i < n; i++) {
        pc__sb_puts(sb, "<line>");
        if (!(counts[i] == 1 && clues[p] == 0))
            for (int32_t j = 0; j < counts[i]; j++)
                pc__sb_printf(sb, "<count>%d</count>", (int)clues[p + (size_t)j]);
        p += (size_t)counts[i];
        pc__sb_puts(sb, "</line>\n");
    }
    pc__sb_puts(sb, "</clues>\n");
}

static void write_xml(const pc__nspec *sp, pc__sb *sb)
{
    pc__sb_puts(sb, "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n"
                    "<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n");
    if (sp->id && *sp->id) {
        pc__sb_puts(sb, "<id>");
        xml_escape(sb, sp->id);
        pc__sb_puts(sb, "</id>\n");
    }
    if (sp->title && *sp->title) {
        pc__sb_puts(sb, "<title>");
        xml_escape(sb, sp->title);
        pc__sb_puts(sb, "</title>\n");
    }
    pc__sb_puts(sb, "<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n");
    write_xml_clues(sb, "columns", sp->col_counts, sp->col_clues, sp->w);
    write_xml_clues(sb, "rows", sp->row_counts, sp->row_clues, sp->h);
    if (sp->goal) {
        pc__sb_puts(sb, "<solution type=\"goal\">\n<image>\n");
        for (int32_t y = 0; y < sp->h; y++) {
            pc__sb_putc(sb, '|');
            for (int32_t x = 0; x < sp->w; x++)
                pc__sb_putc(sb, sp->goal[y * sp->w + x] ? 'X' : '.');
            pc__sb_puts(sb, "|\n");
        }
        pc__sb_puts(sb, "</image>\n</solution>\n");
    }
    pc__sb_puts(sb, "</puzzle>\n</puzzleset>\n");
}

/* ---- dispatch -------------------------------------------------------------------- */

int32_t pc__nformat_detect(const char *text, size_t len)
{
    if (!text)
        return PC_EPARSE;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    while (pc__lines_next(&it, &l, &n)) {
        pc__trim(&l, &n);
        if (n == 0 || l[0] == '#')
            continue;
        if (l[0] == '<')
            return PC_NONOGRAM_FORMAT_XML;
        if (l[0] == '$') {
            /* a solution file has only 0/1 values, as many per line as lines */
            int32_t rows = 0, sol = 1;
            while (pc__lines_next(&it, &l, &n)) {
                pc__trim(&l, &n);
                if (n && l[0] == '$')
                    break;
                if (!n)
                    continue;
                rows++;
                for (size_t i = 0; i < n && sol; i++)
                    if (!is_space(l[i]) && l[i] != '0' && l[i] != '1' && l[i] != ',')
                        sol = 0;
                /* a clue file line "1 0" is impossible (0 with others), but
                 * "1\t1\t1" could be either: count the values per line */
                int32_t vals = 0;
                for (size_t i = 0; i < n; i++)
                    if (!is_space(l[i]) && l[i] != ',' && (i == 0 || is_space(l[i - 1]) || l[i - 1] == ','))
                        vals++;
                if (sol && rows == 1 && vals < 2)
                    sol = 0;
            }
            return sol && rows > 0 ? PC_NONOGRAM_FORMAT_TCGA_SOLUTION : PC_NONOGRAM_FORMAT_TCGA;
        }
        size_t i = 0;
        while (i < n && is_digit(l[i]))
            i++;
        if (i > 0 && i < n && l[i] == 'x') {
            i++;
            while (i < n && is_digit(l[i]))
                i++;
            if (i < n && l[i] == ':')
                return PC_NONOGRAM_FORMAT_TATHAM;
        }
        return PC_NONOGRAM_FORMAT_NON;
    }
    return PC_EPARSE;
}

/* The section kind of a line-based format ('N', 'T', 'I'), 'X' for XML, 0
 * for anything else. */
static int section_kind(int32_t format)
{
    switch (format) {
    case PC_NONOGRAM_FORMAT_NON: return 'N';
    case PC_NONOGRAM_FORMAT_TCGA:
    case PC_NONOGRAM_FORMAT_TCGA_SOLUTION: return 'T';
    case PC_NONOGRAM_FORMAT_TATHAM: return 'I';
    case PC_NONOGRAM_FORMAT_XML: return 'X';
    default: return 0;
    }
}

static void find_sections(const char *text, size_t len, int kind, section_sink *k)
{
    if (kind == 'X') {
        xml x = {text, len, NULL, 0};
        xml_sections(&x, k);
    } else {
        sections(text, len, kind, k);
    }
}

int32_t pc__nformat_count(const char *text, size_t len, int32_t format, char *err, size_t errcap)
{
    if (!text && len)
        return PC_EINVAL;
    if (format == PC_NONOGRAM_FORMAT_AUTO) {
        format = pc__nformat_detect(text, len);
        if (format < 0)
            return pc__parse_error(err, errcap, 1, 1, "not a nonogram format that this library reads");
    }
    int kind = section_kind(format);
    if (!kind)
        return PC_EINVAL;
    section_sink k = {0, SECT_COUNT, {0, 0, 0}, NULL, 0, 0};
    find_sections(text, len, kind, &k);
    if (k.count == 0)
        return pc__parse_error(err, errcap, 1, 1, "no puzzle found");
    return k.count;
}

int32_t pc__nformat_sections(const char *text, size_t len, int32_t format, pc__nsection **out, int32_t *count,
                             char *err, size_t errcap)
{
    int kind = section_kind(format);
    if ((!text && len) || !kind)
        return PC_EINVAL;
    section_sink k = {0, SECT_ALL, {0, 0, 0}, NULL, 0, 0};
    find_sections(text ? text : "", len, kind, &k);
    if (k.oom) {
        pc__free(k.all);
        return PC_ENOMEM;
    }
    if (k.count == 0) {
        pc__free(k.all);
        return pc__parse_error(err, errcap, 1, 1, "no puzzle found");
    }
    *out = k.all;
    *count = k.count;
    return PC_OK;
}

int32_t pc__nformat_parse_section(const char *text, size_t len, int32_t format, const pc__nsection *sec,
                                  pc__nspec *out, char *err, size_t errcap)
{
    pc__nspec sp;
    pc__nspec_init(&sp);
    const char *s = text + sec->start;
    size_t n = sec->end - sec->start;
    int32_t r;
    switch (format) {
    case PC_NONOGRAM_FORMAT_XML: r = parse_xml_at(text, len, sec->start, &sp, err, errcap); break;
    case PC_NONOGRAM_FORMAT_NON: r = parse_non(s, n, sec->line0, &sp, err, errcap); break;
    case PC_NONOGRAM_FORMAT_TATHAM: r = parse_tatham(s, n, sec->line0 + 1, &sp, err, errcap); break;
    case PC_NONOGRAM_FORMAT_TCGA: r = parse_tcga(s, n, sec->line0, &sp, err, errcap); break;
    case PC_NONOGRAM_FORMAT_TCGA_SOLUTION: r = parse_tcga_solution(s, n, sec->line0, &sp, err, errcap); break;
    default: return PC_EINVAL;
    }
    if (r != PC_OK) {
        pc__nspec_free(&sp);
        return r;
    }
    *out = sp;
    return PC_OK;
}

int32_t pc__nformat_find(const char *text, size_t len, int32_t format, int32_t index, pc__nsection *out, char *err,
                         size_t errcap)
{
    int kind = section_kind(format);
    if (!kind || index < 0)
        return PC_EINVAL;
    section_sink k = {0, index, {0, 0, 0}, NULL, 0, 0};
    find_sections(text, len, kind, &k);
    if (k.count == 0)
        return kind == 'X' ? pc__parse_error(err, errcap, 1, 1, "no <puzzle> element")
                           : pc__parse_error(err, errcap, 1, 1, "no puzzle found");
    if (index >= k.count)
        return PC_ENOTFOUND;
    *out = k.one;
    return PC_OK;
}

int32_t pc__nformat_write(const pc__nspec *sp, int32_t format, pc__sb *sb)
{
    switch (format) {
    case PC_NONOGRAM_FORMAT_NON: write_non(sp, sb); return PC_OK;
    case PC_NONOGRAM_FORMAT_XML: write_xml(sp, sb); return PC_OK;
    case PC_NONOGRAM_FORMAT_TATHAM: write_tatham(sp, sb); return PC_OK;
    case PC_NONOGRAM_FORMAT_TCGA: return write_tcga(sp, sb, 0, 1);
    case PC_NONOGRAM_FORMAT_TCGA_SOLUTION: return write_tcga(sp, sb, 1, 1);
    default: return PC_EINVAL;
    }
}
