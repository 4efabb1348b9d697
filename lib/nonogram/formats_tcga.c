/*
 * The black-and-white formats: TCGA/TAAI question and solution files and
 * Simon Tatham's game ids (doc/nonogram-solving.md, "Formats").  A puzzle
 * with a palette has no form in them (PC_EINVAL from the dispatcher).
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "nonogram/formats_util.h"

static void write_clue_line(pc__sb *sb, const int32_t *clues, int32_t k, char sep)
{
    for (int32_t j = 0; j < k; j++) {
        if (j)
            pc__sb_putc(sb, sep);
        pc__sb_i64(sb, clues[j]);
    }
}

/* ---- TCGA / TAAI ------------------------------------------------------------- */

static int blank(const char *s, size_t n)
{
    pc__trim(&s, &n);
    return n == 0;
}

/* The "$n" marker line (trimmed: the id) and the lines after it up to the
 * last non-blank one: *lines of them, from byte *body. */
static int32_t tcga_head(const char *text, size_t len, pc__nspec *sp, size_t *body, int32_t *lines)
{
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    if (!pc__lines_next(&it, &l, &n))
        return PC_ENOMEM;
    pc__trim(&l, &n);
    if (!(sp->id = pc__strndup(l, n)))
        return PC_ENOMEM;
    *body = it.pos;
    *lines = 0;
    while (pc__lines_next(&it, &l, &n))
        if (!blank(l, n))
            *lines = it.lineno - 1;
    return PC_OK;
}

int32_t pc__ntcga_parse(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err, size_t errcap)
{
    size_t body;
    int32_t lines;
    if (tcga_head(text, len, sp, &body, &lines) != PC_OK)
        return PC_ENOMEM;
    if (lines == 0 || lines % 2)
        return pc__parse_error(err, errcap, line0 + 1, 1,
                               "%s: %d clue lines; an even number (columns, then rows) is expected", sp->id,
                               (int)lines);
    int32_t side = lines / 2;
    pc__nclueset cs;
    memset(&cs, 0, sizeof cs);
    pc__lines it;
    pc__lines_init(&it, text + body, len - body);
    const char *l;
    size_t n;
    for (int32_t i = 0; i < lines; i++) {
        pc__lines_next(&it, &l, &n);
        int32_t k = pc__nf_parse_clues(l, n, "\t ,", NULL, &cs, i < side ? 1 : 0, line0 + 1 + it.lineno, 1, side,
                                       err, errcap);
        if (k < 0) {
            pc__nclueset_free(&cs);
            return k;
        }
    }
    sp->w = sp->h = side;
    return pc__nclueset_finish(&cs, sp);
}

/* Solution file: "$n", then N lines of N values 0/1 (tabs or spaces). */
int32_t pc__ntcga_parse_solution(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err,
                                   size_t errcap)
{
    size_t body;
    int32_t rows;
    if (tcga_head(text, len, sp, &body, &rows) != PC_OK)
        return PC_ENOMEM;
    if (rows == 0)
        return pc__parse_error(err, errcap, line0 + 1, 1, "%s: no solution rows", sp->id);
    pc__lines it;
    pc__lines_init(&it, text + body, len - body);
    const char *l;
    size_t n;
    int32_t w = -1;
    uint8_t *g = NULL;
    size_t got = 0, cap = 0;
    for (int32_t y = 0; y < rows; y++) {
        pc__lines_next(&it, &l, &n);
        int32_t x = 0;
        for (size_t i = 0; i < n; i++) {
            char c = l[i];
            if (pc__nf_space(c) || c == ',')
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
    int32_t r = pc__nf_check_size(w, rows, line0 + 1, 1, err, errcap);
    if (r != PC_OK) {
        pc__free(g);
        return r;
    }
    sp->w = w;
    sp->h = rows;
    sp->goal = g;
    return PC_OK;
}

int32_t pc__ntcga_write(const pc__nspec *sp, pc__sb *sb, int solution, int32_t number)
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
        write_clue_line(sb, sp->clues[1] + p, sp->counts[1][x], '\t');
        p += (size_t)sp->counts[1][x];
        pc__sb_putc(sb, '\n');
    }
    p = 0;
    for (int32_t y = 0; y < sp->h; y++) {
        write_clue_line(sb, sp->clues[0] + p, sp->counts[0][y], '\t');
        p += (size_t)sp->counts[0][y];
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
        while (*i < n && pc__nf_digit(s[*i]) && *dim[d] <= PC_NONOGRAM_MAX_SIDE)
            *dim[d] = *dim[d] * 10 + (s[(*i)++] - '0');
        if (*i == st || *i >= n || s[*i] != end[d])
            return pc__parse_error(err, errcap, line, (int32_t)*i + 1, "expected WxH:");
        (*i)++;
    }
    return pc__nf_check_size(*w, *h, line, 1, err, errcap);
}

/* The w + h clue fields separated by '/': columns first, then rows. */
static int32_t tatham_clues(const char *s, size_t n, size_t *i, int32_t line, int64_t w, int64_t h, pc__nspec *sp,
                            char *err, size_t errcap)
{
    pc__nclueset cs;
    memset(&cs, 0, sizeof cs);
    int32_t r = PC_OK;
    for (int64_t f = 0; f < w + h && r == PC_OK; f++) {
        size_t fs = *i;
        while (*i < n && s[*i] != '/' && s[*i] != ',')
            (*i)++;
        int col = f < w;
        int32_t k = pc__nf_parse_clues(s + fs, *i - fs, ".", NULL, &cs, col ? 1 : 0, line, (int32_t)fs + 1,
                                       (int32_t)(col ? h : w), err, errcap);
        if (k < 0) {
            r = k;
            break;
        }
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
        return pc__nclueset_finish(&cs, sp);
    }
    pc__nclueset_free(&cs);
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

int32_t pc__ntatham_parse(const char *s, size_t n, int32_t line, pc__nspec *sp, char *err, size_t errcap)
{
    size_t i = 0;
    while (i < n && pc__nf_space(s[i]))
        i++;
    while (n > i && pc__nf_space(s[n - 1]))
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

void pc__ntatham_write(const pc__nspec *sp, pc__sb *sb)
{
    pc__sb_printf(sb, "%dx%d:", (int)sp->w, (int)sp->h);
    size_t p = 0;
    for (int32_t x = 0; x < sp->w; x++) {
        if (x)
            pc__sb_putc(sb, '/');
        if (!(sp->counts[1][x] == 1 && sp->clues[1][p] == 0))
            write_clue_line(sb, sp->clues[1] + p, sp->counts[1][x], '.');
        p += (size_t)sp->counts[1][x];
    }
    p = 0;
    for (int32_t y = 0; y < sp->h; y++) {
        pc__sb_putc(sb, '/');
        if (!(sp->counts[0][y] == 1 && sp->clues[0][p] == 0))
            write_clue_line(sb, sp->clues[0] + p, sp->counts[0][y], '.');
        p += (size_t)sp->counts[0][y];
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

