/*
 * The record and save of a colour puzzle (doc/nonogram.md, "Colour"):
 * the black-and-white record's lines plus one "colour SYMBOL RRGGBB NAME"
 * line per palette entry (background first); the solution is written with
 * the palette's symbols, clues as "2r.1g/3b/0", and the player's grid with
 * '?' for an undecided cell and the symbols otherwise.  A puzzle whose
 * palette is the default black-and-white one is written in the plain
 * black-and-white form (record.c).
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/text.h"
#include "nonogram/colour.h"
#include "nonogram/puzzle.h"

int pc__ncol_is_colour_record(const pc_nonogram *g)
{
    return g->ncol > 1 || g->pal != NULL;
}

void pc__ncol_put_clues(pc__sb *sb, const pc_nonogram *g, const struct pc__ncpalette *p, int axis, char sep_clue,
                        char sep_line)
{
    int32_t lines = axis == PC_NONOGRAM_ROWS ? g->h : g->w;
    for (int32_t i = 0; i < lines; i++) {
        if (i)
            pc__sb_putc(sb, sep_line);
        for (int32_t k = g->off[axis][i]; k < g->off[axis][i + 1]; k++) {
            if (k > g->off[axis][i])
                pc__sb_putc(sb, sep_clue);
            pc__sb_i64(sb, g->clue[axis][k]);
            uint8_t c = pc__ncol_clue_colour(g, axis, k);
            if (c)
                pc__sb_putc(sb, p->sym[c]);
        }
    }
}

void pc__ncol_put_record(pc__sb *sb, const pc_nonogram *g, int with_grid)
{
    struct pc__ncpalette tmp;
    const struct pc__ncpalette *p = pc__ncol_palette(g, &tmp);
    size_t n = (size_t)g->w * (size_t)g->h;
    pc__sb_puts(sb, "puzzlecore-nonogram 1\nid ");
    if (g->id)
        pc__sb_putn(sb, g->id, g->id_len);
    pc__sb_printf(sb, "\nsize %dx%d\nxp %d\n", (int)g->w, (int)g->h, (int)g->xp);
    pc__ncpalette_write(sb, p, "colour ");
    if (g->solution) {
        pc__sb_puts(sb, "solution ");
        for (size_t i = 0; i < n; i++)
            pc__sb_putc(sb, p->sym[g->solution[i]]);
        pc__sb_putc(sb, '\n');
    } else {
        pc__sb_puts(sb, "rows ");
        pc__ncol_put_clues(sb, g, p, PC_NONOGRAM_ROWS, '.', '/');
        pc__sb_puts(sb, "\ncols ");
        pc__ncol_put_clues(sb, g, p, PC_NONOGRAM_COLS, '.', '/');
        pc__sb_putc(sb, '\n');
    }
    for (int32_t i = 0; i < g->ntitles; i++) {
        pc__sb_printf(sb, "title %s ", g->titles[i].lang);
        pc__sb_putn(sb, g->titles[i].text, g->titles[i].len);
        pc__sb_putc(sb, '\n');
    }
    if (with_grid) {
        pc__sb_puts(sb, "grid ");
        for (size_t i = 0; i < n; i++) {
            uint8_t v = pc__ncode_to_index(g->cells[i]);
            pc__sb_putc(sb, v == PC_NONOGRAM_COLOUR_UNKNOWN ? '?' : p->sym[v]);
        }
        pc__sb_putc(sb, '\n');
    }
}

/* ---- reading ----------------------------------------------------------------------- */

int pc__ncol_text_has_palette(const char *text, size_t len)
{
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *s;
    size_t n;
    while (pc__lines_next(&it, &s, &n)) {
        pc__trim(&s, &n);
        if (n > 7 && memcmp(s, "colour", 6) == 0 && (s[6] == ' ' || s[6] == '\t'))
            return 1;
    }
    return 0;
}

static int sym_index(const struct pc__ncpalette *p, char c)
{
    for (int32_t k = 0; k <= p->n; k++)
        if (p->sym[k] == c)
            return k;
    return -1;
}

/* "2r.1g/3b/0": counts[lines], clues and colours (malloc'd). */
int32_t pc__ncol_parse_clues(const char *s, size_t n, int32_t line_no, int32_t col0, const struct pc__ncpalette *p,
                             char sep_clue, char sep_line, int32_t lines, int32_t *counts, int32_t **clues_out,
                             uint8_t **colours_out, char *err, size_t errcap)
{
    size_t cap = 1;
    for (size_t i = 0; i < n; i++)
        cap += s[i] == sep_clue || s[i] == sep_line;
    int32_t *clues = pc__malloc(cap * sizeof *clues);
    uint8_t *colours = pc__malloc(cap);
    if (!clues || !colours) {
        pc__free(clues);
        pc__free(colours);
        return PC_ENOMEM;
    }
    int32_t line = 0;
    size_t k = 0, i = 0;
    int32_t rc = PC_OK;
    for (;;) {
        if (line >= lines) {
            rc = pc__parse_error(err, errcap, line_no, col0 + (int32_t)i, "more than %d lines of clues", (int)lines);
            break;
        }
        int32_t count = 0;
        size_t j = i;
        for (;;) {
            size_t e = j;
            while (e < n && s[e] != sep_clue && s[e] != sep_line)
                e++;
            size_t d = j;
            while (d < e && s[d] >= '0' && s[d] <= '9')
                d++;
            int64_t v = 0;
            int c = 0;
            if (e == j && count == 0 && (e == n || s[e] == sep_line)) {
                v = 0;
            } else if (d == j || d - j > 6 || pc__parse_i64(s + j, d - j, &v) != 0 || v > PC_NONOGRAM_MAX_SIDE ||
                       (v == 0 && e != d) || (v > 0 && (e - d != 1 || (c = sym_index(p, s[d])) < 1))) {
                if (v > 0 && e - d == 0 && p->n == 1)
                    c = 1; /* one colour: the symbol may be left out */
                else {
                    rc = pc__parse_error(err, errcap, line_no, col0 + (int32_t)j, "bad clue '%.*s'", (int)(e - j),
                                         s + j);
                    break;
                }
            }
            clues[k] = (int32_t)v;
            colours[k] = (uint8_t)(v ? c : 0);
            k++;
            count++;
            j = e;
            if (j < n && s[j] == sep_clue) {
                j++;
                continue;
            }
            break;
        }
        if (rc != PC_OK)
            break;
        counts[line++] = count;
        if (j >= n)
            break;
        i = j + 1;
    }
    if (rc == PC_OK && line != lines)
        rc = pc__parse_error(err, errcap, line_no, col0, "%d lines of clues, expected %d", (int)line, (int)lines);
    if (rc != PC_OK) {
        pc__free(clues);
        pc__free(colours);
        return rc;
    }
    *clues_out = clues;
    *colours_out = colours;
    return PC_OK;
}

struct cfield {
    const char *s;
    size_t n;
    int32_t line, col;
};

int32_t pc__ncol_load(const char *text, size_t len, char *err, size_t errcap, pc_nonogram **out)
{
    enum { F_ID, F_SIZE, F_XP, F_SOLUTION, F_ROWS, F_COLS, F_GRID, F_COUNT };
    static const char *const names[F_COUNT] = {"id", "size", "xp", "solution", "rows", "cols", "grid"};
    struct cfield f[F_COUNT], titles[64];
    int32_t ntitles = 0, ncolours = 0;
    struct pc__ncpalette pal;
    memset(f, 0, sizeof f);
    memset(&pal, 0, sizeof pal);
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *s;
    size_t n;
    int magic = 0;
    while (pc__lines_next(&it, &s, &n)) {
        const char *t = s;
        size_t m = n;
        pc__trim(&t, &m);
        if (m == 0 || t[0] == '#')
            continue;
        if (!magic) {
            if (m != 21 || memcmp(t, "puzzlecore-nonogram 1", 21) != 0)
                return pc__parse_error(err, errcap, it.lineno, 1, "expected \"puzzlecore-nonogram 1\"");
            magic = 1;
            continue;
        }
        size_t k = 0;
        while (k < m && t[k] != ' ' && t[k] != '\t')
            k++;
        size_t v = k;
        while (v < m && (t[v] == ' ' || t[v] == '\t'))
            v++;
        int32_t col = (int32_t)(t - s) + 1;
        struct cfield fl = {t + v, m - v, it.lineno, col + (int32_t)v};
        if (k == 6 && memcmp(t, "colour", 6) == 0) {
            /* SYMBOL RRGGBB NAME */
            const char *q = t + v;
            size_t qn = m - v;
            if (qn < 2 || (q[1] != ' ' && q[1] != '\t'))
                return pc__parse_error(err, errcap, it.lineno, fl.col, "expected \"colour SYMBOL RRGGBB NAME\"");
            size_t a = 1;
            while (a < qn && (q[a] == ' ' || q[a] == '\t'))
                a++;
            size_t b = a;
            while (b < qn && q[b] != ' ' && q[b] != '\t')
                b++;
            uint32_t rgb;
            if (pc__ncol_parse_rgb(q + a, b - a, &rgb) != 0)
                return pc__parse_error(err, errcap, it.lineno, fl.col + (int32_t)a, "expected RRGGBB");
            while (b < qn && (q[b] == ' ' || q[b] == '\t'))
                b++;
            int32_t rc = pc__ncpalette_add(&pal, ncolours, q[0], rgb, q + b, qn - b, err, errcap, it.lineno);
            if (rc != PC_OK)
                return rc;
            ncolours++;
            continue;
        }
        if (k == 5 && memcmp(t, "title", 5) == 0) {
            if (ntitles == 64)
                return pc__parse_error(err, errcap, it.lineno, col, "too many titles");
            titles[ntitles++] = fl;
            continue;
        }
        int idx = -1;
        for (int i = 0; i < F_COUNT; i++)
            if (strlen(names[i]) == k && memcmp(t, names[i], k) == 0)
                idx = i;
        if (idx < 0)
            return pc__parse_error(err, errcap, it.lineno, col, "unknown key '%.*s'", (int)k, t);
        if (f[idx].s)
            return pc__parse_error(err, errcap, it.lineno, col, "'%s' given twice", names[idx]);
        if (fl.n == 0)
            fl.s = t + m;
        f[idx] = fl;
    }
    if (!magic)
        return pc__parse_error(err, errcap, 1, 1, "empty input");
    if (ncolours < 2)
        return pc__parse_error(err, errcap, 0, 0, "a palette needs the background and at least one colour");
    pal.n = ncolours - 1;
    if (!f[F_SIZE].s)
        return pc__parse_error(err, errcap, 0, 0, "missing 'size'");
    const char *x = memchr(f[F_SIZE].s, 'x', f[F_SIZE].n);
    int64_t w, h, xp = 0;
    if (!x || pc__parse_i64(f[F_SIZE].s, (size_t)(x - f[F_SIZE].s), &w) != 0 ||
        pc__parse_i64(x + 1, f[F_SIZE].n - (size_t)(x - f[F_SIZE].s) - 1, &h) != 0)
        return pc__parse_error(err, errcap, f[F_SIZE].line, f[F_SIZE].col, "size must be WIDTHxHEIGHT");
    if (w < 1 || h < 1 || w > PC_NONOGRAM_MAX_SIDE || h > PC_NONOGRAM_MAX_SIDE || w * h > PC_NONOGRAM_MAX_CELLS) {
        pc__parse_error(err, errcap, f[F_SIZE].line, f[F_SIZE].col, "size out of range");
        return PC_ERANGE;
    }
    if (f[F_XP].s && (pc__parse_i64(f[F_XP].s, f[F_XP].n, &xp) != 0 || xp < 0 || xp > INT32_MAX))
        return pc__parse_error(err, errcap, f[F_XP].line, f[F_XP].col, "xp must be a whole number >= 0");
    size_t N = (size_t)w * (size_t)h;
    pc_nonogram *g = NULL;
    int32_t rc;
    if (f[F_SOLUTION].s) {
        if (f[F_ROWS].s || f[F_COLS].s)
            return pc__parse_error(err, errcap, f[F_SOLUTION].line, 1, "give either 'solution' or 'rows'/'cols'");
        uint8_t *cells = pc__malloc(N);
        if (!cells)
            return PC_ENOMEM;
        size_t k = 0;
        for (size_t i = 0; i < f[F_SOLUTION].n; i++) {
            char c = f[F_SOLUTION].s[i];
            if (c == ' ' || c == '\t')
                continue;
            int v = sym_index(&pal, c);
            if (v < 0 || k == N) {
                pc__free(cells);
                if (v < 0)
                    return pc__parse_error(err, errcap, f[F_SOLUTION].line, f[F_SOLUTION].col + (int32_t)i,
                                           "'%c' is not a palette symbol", c > ' ' && c < 127 ? c : '?');
                return pc__parse_error(err, errcap, f[F_SOLUTION].line, f[F_SOLUTION].col + (int32_t)i,
                                       "too many cells");
            }
            cells[k++] = (uint8_t)v;
        }
        if (k != N) {
            pc__free(cells);
            return pc__parse_error(err, errcap, f[F_SOLUTION].line, f[F_SOLUTION].col, "%zu cells, expected %zu", k,
                                   N);
        }
        rc = pc__ncol_new_from_cells((int32_t)w, (int32_t)h, &pal, cells, err, errcap, &g);
        pc__free(cells);
        if (rc != PC_OK)
            return rc;
    } else {
        if (!f[F_ROWS].s || !f[F_COLS].s)
            return pc__parse_error(err, errcap, 0, 0, "missing 'solution' (or both 'rows' and 'cols')");
        int32_t *counts[2] = {pc__malloc((size_t)h * sizeof(int32_t)), pc__malloc((size_t)w * sizeof(int32_t))};
        int32_t *clues[2] = {NULL, NULL};
        uint8_t *cols[2] = {NULL, NULL};
        rc = counts[0] && counts[1] ? PC_OK : PC_ENOMEM;
        for (int a = 0; a < 2 && rc == PC_OK; a++) {
            const struct cfield *fl = &f[a == 0 ? F_ROWS : F_COLS];
            rc = pc__ncol_parse_clues(fl->s, fl->n, fl->line, fl->col, &pal, '.', '/', a == 0 ? (int32_t)h : (int32_t)w,
                                      counts[a], &clues[a], &cols[a], err, errcap);
        }
        if (rc == PC_OK) {
            const int32_t *cc[2] = {counts[0], counts[1]}, *cl[2] = {clues[0], clues[1]};
            const uint8_t *co[2] = {cols[0], cols[1]};
            rc = pc__ncol_new_from_clues((int32_t)w, (int32_t)h, &pal, cc, cl, co, NULL, err, errcap, &g);
        }
        for (int a = 0; a < 2; a++) {
            pc__free(counts[a]);
            pc__free(clues[a]);
            pc__free(cols[a]);
        }
        if (rc != PC_OK)
            return rc;
    }
    if (f[F_ID].s && (rc = pc_nonogram_set_id(g, f[F_ID].s, f[F_ID].n)) != PC_OK) {
        pc_nonogram_free(g);
        return rc == PC_ENOMEM ? rc : pc__parse_error(err, errcap, f[F_ID].line, f[F_ID].col, "bad id");
    }
    g->xp = (int32_t)xp;
    for (int32_t i = 0; i < ntitles; i++) {
        const struct cfield *t = &titles[i];
        size_t k = 0;
        while (k < t->n && t->s[k] != ' ' && t->s[k] != '\t')
            k++;
        size_t v = k;
        while (v < t->n && (t->s[v] == ' ' || t->s[v] == '\t'))
            v++;
        char lang[36];
        if (k == 0 || k >= sizeof lang || v == t->n) {
            pc_nonogram_free(g);
            return pc__parse_error(err, errcap, t->line, t->col, "title needs a language tag and a text");
        }
        memcpy(lang, t->s, k);
        lang[k] = '\0';
        rc = pc_nonogram_set_title(g, lang, t->s + v, t->n - v);
        if (rc != PC_OK) {
            pc_nonogram_free(g);
            return rc == PC_ENOMEM ? rc : pc__parse_error(err, errcap, t->line, t->col, "bad title");
        }
    }
    if (f[F_GRID].s) {
        size_t k = 0;
        for (size_t i = 0; i < f[F_GRID].n; i++) {
            char c = f[F_GRID].s[i];
            if (c == ' ' || c == '\t')
                continue;
            int v = c == '?' ? PC_NONOGRAM_COLOUR_UNKNOWN : sym_index(&pal, c);
            if (v < 0 || k == N) {
                pc_nonogram_free(g);
                return pc__parse_error(err, errcap, f[F_GRID].line, f[F_GRID].col + (int32_t)i,
                                       v < 0 ? "grid cells are '?' or palette symbols" : "grid has too many cells");
            }
            g->cells[k++] = pc__ncode_from_index((uint32_t)v);
        }
        if (k != N) {
            pc_nonogram_free(g);
            return pc__parse_error(err, errcap, f[F_GRID].line, f[F_GRID].col, "grid has %zu cells, expected %zu", k,
                                   N);
        }
        pc__nonogram_refresh(g);
    }
    *out = g;
    return PC_OK;
}
