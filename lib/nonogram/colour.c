/*
 * Colour nonograms on the pc_nonogram handle: the palette, coloured clue
 * computation (the seed's "isolate a line, then count", where a run ends
 * where the colour changes), validation of coloured clue sets, the
 * constructors, and the player's grid as palette indices.  The
 * black-and-white puzzle is the one-colour case of the same struct
 * (ncol = 1, no clue colours stored, the default palette).
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/text.h"
#include "nonogram/clues.h"
#include "nonogram/colour.h"
#include "nonogram/puzzle.h"

/* ---- palette ------------------------------------------------------------------------ */

void pc__ncpalette_default(struct pc__ncpalette *p)
{
    memset(p, 0, sizeof *p);
    p->n = 1;
    p->sym[0] = '.';
    p->rgb[0] = 0xffffff;
    strcpy(p->name[0], "white");
    p->sym[1] = '#';
    p->rgb[1] = 0x000000;
    strcpy(p->name[1], "black");
}

const struct pc__ncpalette *pc__ncol_palette(const pc_nonogram *g, struct pc__ncpalette *tmp)
{
    if (g->pal)
        return g->pal;
    pc__ncpalette_default(tmp);
    return tmp;
}

int pc__ncol_sym_ok(char c, int background)
{
    if (c <= ' ' || c > '~' || c == '?')
        return 0;
    if (!background && ((c >= '0' && c <= '9') || c == '.' || c == ',' || c == '/' || c == '-'))
        return 0;
    return 1;
}

int pc__ncol_name_ok(const char *s, size_t n)
{
    if (n < 1 || n > PC_NONOGRAM_MAX_NAME)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int pc__ncol_same_name(const char *a, const char *b)
{
    while (*a && *b && lower((unsigned char)*a) == lower((unsigned char)*b)) {
        a++;
        b++;
    }
    return *a == *b;
}

int32_t pc__ncpalette_add(struct pc__ncpalette *p, int32_t k, char sym, uint32_t rgb, const char *name, size_t n,
                          char *err, size_t errcap, int32_t line)
{
    if (k > PC_NONOGRAM_MAX_COLOURS)
        return pc__parse_error(err, errcap, line, 1, "more than %d colours besides the background",
                               (int)PC_NONOGRAM_MAX_COLOURS);
    if (!pc__ncol_sym_ok(sym, k == 0))
        return pc__parse_error(err, errcap, line, 1, "'%c' cannot be a colour's symbol", sym > ' ' ? sym : '?');
    if (!pc__ncol_name_ok(name, n))
        return pc__parse_error(err, errcap, line, 1, "bad colour name (1-%d letters, digits, _ or -)",
                               (int)PC_NONOGRAM_MAX_NAME);
    if (rgb > 0xffffff)
        return pc__parse_error(err, errcap, line, 1, "RGB value out of range");
    memcpy(p->name[k], name, n);
    p->name[k][n] = '\0';
    for (int32_t i = 0; i < k; i++) {
        if (p->sym[i] == sym)
            return pc__parse_error(err, errcap, line, 1, "symbol '%c' used twice", sym);
        if (pc__ncol_same_name(p->name[i], p->name[k]))
            return pc__parse_error(err, errcap, line, 1, "colour name '%s' used twice", p->name[k]);
    }
    p->sym[k] = sym;
    p->rgb[k] = rgb;
    return PC_OK;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int pc__ncol_parse_rgb(const char *s, size_t n, uint32_t *out)
{
    if (n == 7 && s[0] == '#') {
        s++;
        n--;
    }
    if (n != 6 && n != 3)
        return -1;
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int d = hexval(s[i]);
        if (d < 0)
            return -1;
        v = v * 16 + (uint32_t)d;
        if (n == 3)
            v = v * 16 + (uint32_t)d;
    }
    *out = v;
    return 0;
}

int32_t pc__ncpalette_parse(const char *text, size_t len, struct pc__ncpalette *p, char *err, size_t errcap)
{
    memset(p, 0, sizeof *p);
    if (!text && len)
        return PC_EINVAL;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *s;
    size_t n;
    int32_t k = 0;
    while (pc__lines_next(&it, &s, &n)) {
        pc__trim(&s, &n);
        if (n == 0)
            continue;
        /* SYMBOL RRGGBB NAME */
        size_t a = 1, b;
        if (n < 2 || (s[1] != ' ' && s[1] != '\t'))
            return pc__parse_error(err, errcap, it.lineno, 1, "expected \"SYMBOL RRGGBB NAME\"");
        while (a < n && (s[a] == ' ' || s[a] == '\t'))
            a++;
        b = a;
        while (b < n && s[b] != ' ' && s[b] != '\t')
            b++;
        uint32_t rgb;
        if (pc__ncol_parse_rgb(s + a, b - a, &rgb) != 0)
            return pc__parse_error(err, errcap, it.lineno, (int32_t)a + 1, "expected an RGB value RRGGBB");
        while (b < n && (s[b] == ' ' || s[b] == '\t'))
            b++;
        int32_t rc = pc__ncpalette_add(p, k, s[0], rgb, s + b, n - b, err, errcap, it.lineno);
        if (rc != PC_OK)
            return rc;
        k++;
    }
    if (k < 2)
        return pc__parse_error(err, errcap, 0, 0, "a palette needs the background and at least one colour");
    p->n = k - 1;
    return PC_OK;
}

void pc__ncpalette_write(pc__sb *sb, const struct pc__ncpalette *p, const char *prefix)
{
    for (int32_t k = 0; k <= p->n; k++) {
        pc__sb_puts(sb, prefix);
        pc__sb_printf(sb, "%c %06x %s\n", p->sym[k], (unsigned)p->rgb[k], p->name[k]);
    }
}

int pc__ncpalette_is_default(const struct pc__ncpalette *p)
{
    struct pc__ncpalette d;
    pc__ncpalette_default(&d);
    return p->n == 1 && memcmp(p->sym, d.sym, 2) == 0 && p->rgb[0] == d.rgb[0] && p->rgb[1] == d.rgb[1] &&
           strcmp(p->name[0], d.name[0]) == 0 && strcmp(p->name[1], d.name[1]) == 0;
}

/* ---- clue computation ------------------------------------------------------------- */

int32_t pc_nonogram_line_clues_colour(const uint8_t *cells, int32_t len, int32_t stride, int32_t *clues,
                                      uint8_t *colours, int32_t cap, int32_t *count)
{
    if (!cells || !count || len < 1 || stride < 1 || cap < 0 || (cap && (!clues || !colours)))
        return PC_EINVAL;
    if (len > PC_NONOGRAM_MAX_SIDE)
        return PC_ERANGE;
    const uint8_t *lut = pc__nonogram_lut(PC__NLUT_INDEX);
    size_t n = pc__nonogram_scan_line(cells, (size_t)len, (size_t)stride, lut, clues, colours, (size_t)cap);
    *count = (int32_t)n;
    return cap && n > (size_t)cap ? PC_ESPACE : PC_OK;
}

/* ---- clue text ("2r.1g/3b/0") --------------------------------------------------- */

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
            uint8_t c = p ? pc__ncol_clue_colour(g, axis, k) : 0;
            if (c)
                pc__sb_putc(sb, p->sym[c]);
        }
    }
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
    if (cap > SIZE_MAX / sizeof(int32_t))
        return PC_ERANGE;
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

/* ---- clue sets ----------------------------------------------------------------------- */

/* Take over the arrays (on success) and make the puzzle. */
/* The puzzle's own copy of a palette: NULL for the default one. */
static int32_t palette_copy(const struct pc__ncpalette *pal, struct pc__ncpalette **p)
{
    *p = NULL;
    if (pc__ncpalette_is_default(pal))
        return PC_OK;
    *p = pc__malloc(sizeof **p);
    if (!*p)
        return PC_ENOMEM;
    **p = *pal;
    return PC_OK;
}

static int32_t make_colour(int32_t w, int32_t h, const struct pc__ncpalette *pal, int32_t *off[2], int32_t *clue[2],
                           uint8_t *ccol[2], uint8_t *solution, pc_nonogram **out)
{
    struct pc__ncpalette *p = NULL;
    if (palette_copy(pal, &p) != PC_OK)
        return PC_ENOMEM;
    pc_nonogram *g = NULL;
    int32_t rc = pc__nonogram_make(w, h, off, clue, solution, &g);
    if (rc != PC_OK) {
        pc__free(p);
        return rc;
    }
    g->ncol = pal->n;
    g->pal = p;
    if (pal->n > 1) {
        g->ccol[0] = ccol[0];
        g->ccol[1] = ccol[1];
        pc__nonogram_refresh(g);
    } else {
        pc__free(ccol[0]);
        pc__free(ccol[1]);
    }
    *out = g;
    return PC_OK;
}

int32_t pc__ncol_new_from_clues(int32_t w, int32_t h, const struct pc__ncpalette *pal, const int32_t *counts[2],
                                const int32_t *clues[2], const uint8_t *colours[2], uint8_t *solution, char *err,
                                size_t errcap, pc_nonogram **out)
{
    int32_t *off[2], *clue[2];
    uint8_t *ccol[2];
    if (pc__nonogram_size_error(w, h, 0, 0, err, errcap) != PC_OK)
        return PC_ERANGE;
    int32_t rc =
        pc__nonogram_check_clues_colour(w, h, pal->n, counts, clues, colours, off, clue, ccol, err, errcap);
    if (rc != PC_OK)
        return rc;
    rc = make_colour(w, h, pal, off, clue, ccol, solution, out);
    if (rc != PC_OK)
        for (int a = 0; a < 2; a++) {
            pc__free(off[a]);
            pc__free(clue[a]);
            pc__free(ccol[a]);
        }
    return rc;
}

/* One colour: the black-and-white puzzle of the picture (puzzle.c) with the
 * palette's names; a picture's own clues need no check. */
static int32_t one_colour_from_cells(int32_t w, int32_t h, const struct pc__ncpalette *pal, const uint8_t *cells,
                                     pc_nonogram **out)
{
    size_t n = (size_t)w * (size_t)h;
    struct pc__ncpalette *p = NULL;
    uint8_t *sol = pc__malloc(n);
    if (!sol || palette_copy(pal, &p) != PC_OK) {
        pc__free(sol);
        return PC_ENOMEM;
    }
    memcpy(sol, cells, n);
    pc_nonogram *g = NULL;
    int32_t rc = pc__nonogram_from_grid(w, h, sol, &g); /* sol is taken over, even on failure */
    if (rc != PC_OK) {
        pc__free(p);
        return rc;
    }
    g->pal = p;
    *out = g;
    return PC_OK;
}

int32_t pc__ncol_new_from_cells(int32_t w, int32_t h, const struct pc__ncpalette *pal, const uint8_t *cells,
                                char *err, size_t errcap, pc_nonogram **out)
{
    if (pc__nonogram_size_error(w, h, 0, 0, err, errcap) != PC_OK)
        return PC_ERANGE;
    size_t n = (size_t)w * (size_t)h;
    for (size_t i = 0; i < n; i++)
        if (cells[i] > pal->n) {
            pc__parse_error(err, errcap, 0, 0, "cell %zu has colour %u, the palette has %d", i, (unsigned)cells[i],
                            (int)pal->n);
            return PC_EINVAL;
        }
    if (pal->n == 1)
        return one_colour_from_cells(w, h, pal, cells, out);
    const uint8_t *lut = pc__nonogram_lut(PC__NLUT_INDEX);
    int32_t *counts[2] = {pc__malloc((size_t)h * sizeof(int32_t)), pc__malloc((size_t)w * sizeof(int32_t))};
    int32_t *clues[2] = {pc__malloc(n * sizeof(int32_t)), pc__malloc(n * sizeof(int32_t))};
    uint8_t *colours[2] = {pc__malloc(n), pc__malloc(n)};
    uint8_t *sol = pc__malloc(n);
    int32_t rc = PC_ENOMEM;
    if (counts[0] && counts[1] && clues[0] && clues[1] && colours[0] && colours[1] && sol) {
        memcpy(sol, cells, n);
        pc__nonogram_grid_scan(cells, w, h, lut, counts, clues, colours);
        const int32_t *cc[2] = {counts[0], counts[1]}, *cl[2] = {clues[0], clues[1]};
        const uint8_t *co[2] = {colours[0], colours[1]};
        rc = pc__ncol_new_from_clues(w, h, pal, cc, cl, co, sol, err, errcap, out);
        if (rc == PC_OK)
            sol = NULL;
    }
    for (int a = 0; a < 2; a++) {
        pc__free(counts[a]);
        pc__free(clues[a]);
        pc__free(colours[a]);
    }
    pc__free(sol);
    return rc;
}

int32_t pc_nonogram_new_colour_from_solution(int32_t w, int32_t h, const char *palette, size_t palette_len,
                                             const uint8_t *cells, size_t n, char *err, size_t errcap,
                                             pc_nonogram **out)
{
    if (!out || !cells || !palette)
        return PC_EINVAL;
    if (pc__nonogram_size_error(w, h, 0, 0, err, errcap) != PC_OK)
        return PC_ERANGE;
    if (n != (size_t)w * (size_t)h)
        return PC_EINVAL;
    struct pc__ncpalette pal;
    int32_t rc = pc__ncpalette_parse(palette, palette_len, &pal, err, errcap);
    if (rc != PC_OK)
        return rc;
    return pc__ncol_new_from_cells(w, h, &pal, cells, err, errcap, out);
}

int32_t pc_nonogram_new_colour_from_clues(int32_t w, int32_t h, const char *palette, size_t palette_len,
                                          const int32_t *row_counts, const int32_t *row_clues,
                                          const uint8_t *row_colours, const int32_t *col_counts,
                                          const int32_t *col_clues, const uint8_t *col_colours, char *err,
                                          size_t errcap, pc_nonogram **out)
{
    if (!out || !palette || !row_counts || !row_clues || !row_colours || !col_counts || !col_clues ||
        !col_colours)
        return PC_EINVAL;
    if (pc__nonogram_size_error(w, h, 0, 0, err, errcap) != PC_OK)
        return PC_ERANGE;
    struct pc__ncpalette pal;
    int32_t rc = pc__ncpalette_parse(palette, palette_len, &pal, err, errcap);
    if (rc != PC_OK)
        return rc;
    const int32_t *counts[2] = {row_counts, col_counts}, *clues[2] = {row_clues, col_clues};
    const uint8_t *colours[2] = {row_colours, col_colours};
    return pc__ncol_new_from_clues(w, h, &pal, counts, clues, colours, NULL, err, errcap, out);
}

/* ---- accessors --------------------------------------------------------------------- */

int32_t pc_nonogram_colour_count(const pc_nonogram *g)
{
    return g ? g->ncol : PC_EINVAL;
}

int32_t pc_nonogram_palette(const pc_nonogram *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    struct pc__ncpalette tmp;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__ncpalette_write(&sb, pc__ncol_palette(g, &tmp), "");
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_nonogram_colour_info(const pc_nonogram *g, int32_t index, uint32_t *rgb, int32_t *symbol, char *name,
                                size_t cap, size_t *len)
{
    if (!g || index < 0 || index > g->ncol)
        return PC_EINVAL;
    struct pc__ncpalette tmp;
    const struct pc__ncpalette *p = pc__ncol_palette(g, &tmp);
    if (rgb)
        *rgb = p->rgb[index];
    if (symbol)
        *symbol = (unsigned char)p->sym[index];
    return pc__emit_str(p->name[index], name, cap, len);
}

static int line_ok(const pc_nonogram *g, int32_t axis, int32_t index)
{
    return g && (axis == PC_NONOGRAM_ROWS || axis == PC_NONOGRAM_COLS) && index >= 0 &&
           index < (axis == PC_NONOGRAM_ROWS ? g->h : g->w);
}

uint8_t pc__ncol_clue_colour(const pc_nonogram *g, int axis, int32_t k)
{
    if (g->ccol[axis])
        return g->ccol[axis][k];
    return g->clue[axis][k] ? 1 : 0;
}

int32_t pc_nonogram_clue_colours(const pc_nonogram *g, int32_t axis, int32_t index, uint8_t *colours, int32_t cap,
                                 int32_t *count)
{
    if (!line_ok(g, axis, index) || !count || cap < 0 || (!colours && cap))
        return PC_EINVAL;
    int32_t s = g->off[axis][index], n = g->off[axis][index + 1] - s;
    for (int32_t i = 0; i < n && i < cap; i++)
        colours[i] = pc__ncol_clue_colour(g, axis, s + i);
    *count = n;
    return cap && n > cap ? PC_ESPACE : PC_OK;
}

int32_t pc_nonogram_colour_cell(const pc_nonogram *g, int32_t x, int32_t y)
{
    if (!g || x < 0 || y < 0 || x >= g->w || y >= g->h)
        return PC_EINVAL;
    return pc__ncode_to_index(g->cells[(size_t)y * (size_t)g->w + (size_t)x]);
}

int32_t pc_nonogram_set_colour_rect(pc_nonogram *g, int32_t x, int32_t y, int32_t rw, int32_t rh, int32_t value)
{
    if (!g || !pc__ncol_value_ok(g, value))
        return PC_EINVAL;
    return pc_nonogram_set_rect(g, x, y, rw, rh, pc__ncode_from_index((uint32_t)value));
}

int32_t pc_nonogram_set_colour_cell(pc_nonogram *g, int32_t x, int32_t y, int32_t value)
{
    return pc_nonogram_set_colour_rect(g, x, y, 1, 1, value);
}

int32_t pc_nonogram_get_colour_cells(const pc_nonogram *g, uint8_t *cells, size_t cap)
{
    return pc__nonogram_read_cells(g, cells, cap, 1);
}

int32_t pc_nonogram_set_colour_cells(pc_nonogram *g, const uint8_t *cells, size_t n)
{
    return pc__nonogram_write_cells(g, cells, n, 1);
}

int32_t pc_nonogram_player_clues_colour(const pc_nonogram *g, int32_t axis, int32_t index, int32_t *clues,
                                        uint8_t *colours, int32_t cap, int32_t *count)
{
    if (cap && !colours)
        return PC_EINVAL;
    return pc__nonogram_player_line(g, axis, index, clues, colours, cap, count);
}
