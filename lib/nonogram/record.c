/*
 * The puzzle record (id, size, XP, solution or clues, titles in several
 * languages — the seed's data table row) and the save of a player's
 * progress, as text.  Format in doc/nonogram.md; first line
 * "puzzlecore-nonogram 1", read by the one save reader (common/save.h).
 *
 * Black and white is the one-colour case: a colour record is the same
 * record plus its palette, one "colour SYMBOL RRGGBB NAME" line per entry
 * (background first); its solution, clues and grid then use the palette's
 * symbols ('?' an undecided cell).  Without "colour" lines the solution is
 * 0/1, clues are bare numbers and the grid is '.' unknown, '#' filled,
 * 'x' crossed.  One writer and one reader serve both.
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/save.h"
#include "common/text.h"
#include "nonogram/colour.h"
#include "nonogram/puzzle.h"

/* ---- record fields ----------------------------------------------------------------- */

int32_t pc_nonogram_set_id(pc_nonogram *g, const char *id, size_t len)
{
    if (!g || (!id && len) || len > PC_NONOGRAM_MAX_TEXT || !pc__field_ok(id, len))
        return PC_EINVAL;
    char *p = pc__strndup(len ? id : "", len);
    if (!p)
        return PC_ENOMEM;
    pc__free(g->id);
    g->id = p;
    g->id_len = len;
    return PC_OK;
}

int32_t pc_nonogram_id(const pc_nonogram *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    return pc__emit_str(g->id ? g->id : "", buf, cap, len);
}

int32_t pc_nonogram_set_xp(pc_nonogram *g, int32_t xp)
{
    if (!g || xp < 0)
        return PC_EINVAL;
    g->xp = xp;
    return PC_OK;
}

int32_t pc_nonogram_xp(const pc_nonogram *g)
{
    return g ? g->xp : PC_EINVAL;
}

static int valid_lang(const char *lang)
{
    size_t n = lang ? strlen(lang) : 0;
    if (n == 0 || n > 35)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = lang[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            return 0;
    }
    return 1;
}

static int32_t find_title(const pc_nonogram *g, const char *lang)
{
    for (int32_t i = 0; i < g->ntitles; i++)
        if (strcmp(g->titles[i].lang, lang) == 0)
            return i;
    return -1;
}

int32_t pc_nonogram_set_title(pc_nonogram *g, const char *lang, const char *title, size_t len)
{
    if (!g || !valid_lang(lang) || (!title && len) || len > PC_NONOGRAM_MAX_TEXT ||
        !pc__field_ok(title, len))
        return PC_EINVAL;
    int32_t i = find_title(g, lang);
    if (len == 0) { /* remove */
        if (i >= 0) {
            pc__free(g->titles[i].lang);
            pc__free(g->titles[i].text);
            memmove(&g->titles[i], &g->titles[i + 1], (size_t)(g->ntitles - i - 1) * sizeof *g->titles);
            g->ntitles--;
        }
        return PC_OK;
    }
    char *text = pc__strndup(title, len);
    if (!text)
        return PC_ENOMEM;
    if (i >= 0) {
        pc__free(g->titles[i].text);
        g->titles[i].text = text;
        g->titles[i].len = len;
        return PC_OK;
    }
    char *l = pc__strndup(lang, strlen(lang));
    struct pc_nonogram_title *t = l ? pc__realloc(g->titles, ((size_t)g->ntitles + 1) * sizeof *t) : NULL;
    if (!t) {
        pc__free(l);
        pc__free(text);
        return PC_ENOMEM;
    }
    g->titles = t;
    t[g->ntitles].lang = l;
    t[g->ntitles].text = text;
    t[g->ntitles].len = len;
    g->ntitles++;
    return PC_OK;
}

int32_t pc_nonogram_title(const pc_nonogram *g, const char *lang, char *buf, size_t cap, size_t *len)
{
    if (!g || !lang)
        return PC_EINVAL;
    int32_t i = find_title(g, lang);
    if (i < 0)
        return PC_ENOTFOUND;
    return pc__emit_str(g->titles[i].text, buf, cap, len);
}

int32_t pc_nonogram_title_count(const pc_nonogram *g)
{
    return g ? g->ntitles : PC_EINVAL;
}

int32_t pc_nonogram_title_lang(const pc_nonogram *g, int32_t i, char *buf, size_t cap, size_t *len)
{
    if (!g || i < 0 || i >= g->ntitles)
        return PC_EINVAL;
    return pc__emit_str(g->titles[i].lang, buf, cap, len);
}

/* ---- writing ------------------------------------------------------------------------ */

/* p: the palette of a colour record, NULL for black and white. */
static void put_solution(pc__sb *sb, const pc_nonogram *g, const struct pc__ncpalette *p)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    pc__sb_puts(sb, "solution ");
    for (size_t i = 0; i < n; i++)
        pc__sb_putc(sb, p ? p->sym[g->solution[i]] : (char)('0' + g->solution[i]));
    pc__sb_putc(sb, '\n');
}

static void put_grid(pc__sb *sb, const pc_nonogram *g, const struct pc__ncpalette *p)
{
    static const char bw[3] = {'.', '#', 'x'};
    size_t n = (size_t)g->w * (size_t)g->h;
    pc__sb_puts(sb, "grid ");
    for (size_t i = 0; i < n; i++) {
        uint8_t v = pc__ncode_to_index(g->cells[i]);
        pc__sb_putc(sb, !p ? bw[g->cells[i]] : v == PC_NONOGRAM_COLOUR_UNKNOWN ? '?' : p->sym[v]);
    }
    pc__sb_putc(sb, '\n');
}

static void put_record(pc__sb *sb, const pc_nonogram *g, int with_grid)
{
    struct pc__ncpalette tmp;
    const struct pc__ncpalette *p = pc__ncol_is_colour_record(g) ? pc__ncol_palette(g, &tmp) : NULL;
    pc__save_header(sb, "nonogram");
    pc__sb_puts(sb, "id ");
    if (g->id)
        pc__sb_putn(sb, g->id, g->id_len);
    pc__sb_printf(sb, "\nsize %dx%d\nxp %d\n", (int)g->w, (int)g->h, (int)g->xp);
    if (p)
        pc__ncpalette_write(sb, p, "colour ");
    if (g->solution) {
        put_solution(sb, g, p);
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
    if (with_grid)
        put_grid(sb, g, p);
}

int32_t pc_nonogram_write_record(const pc_nonogram *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    put_record(&sb, g, 0);
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_nonogram_save(const pc_nonogram *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    put_record(&sb, g, 1);
    return pc__sb_emit(&sb, buf, cap, len);
}

/* ---- reading ------------------------------------------------------------------------ */

enum { K_ID, K_SIZE, K_XP, K_COLOUR, K_SOLUTION, K_ROWS, K_COLS, K_TITLE, K_GRID, K_COUNT };
static const pc__save_key record_keys[K_COUNT] = {
    {"id", 0},       {"size", PC__SAVE_REQUIRED}, {"xp", 0},    {"colour", PC__SAVE_REPEAT}, {"solution", 0},
    {"rows", 0},     {"cols", 0},                 {"title", PC__SAVE_REPEAT}, {"grid", 0},
};

enum { MAX_LOAD_TITLES = 64 };

/* What the key lines said.  The lines of the solution, the clues and the
 * grid are kept (the reader's state at them) and read once the size and the
 * palette are known, whatever the order of the lines. */
struct rec {
    int64_t w, h, xp;
    const char *id; /* NULL when no 'id' line */
    size_t id_len;
    int32_t ncolours; /* "colour" lines */
    struct pc__ncpalette pal;
    pc__save_in at[K_COUNT];
    struct {
        char lang[36];
        const char *s;
        size_t n;
    } titles[MAX_LOAD_TITLES];
    int32_t ntitles;
};

/* The characters of the solution and of the player's grid: palette index
 * and player's code per byte (-1 not allowed). */
struct alphabet {
    int16_t sol[256], grid[256];
    const char *sol_msg, *grid_msg;
};

static void alphabet_init(struct alphabet *a, const struct pc__ncpalette *p, int colour)
{
    for (int i = 0; i < 256; i++)
        a->sol[i] = a->grid[i] = -1;
    if (!colour) {
        a->sol['0'] = 0;
        a->sol['1'] = 1;
        a->grid['.'] = PC_NONOGRAM_UNKNOWN;
        a->grid['#'] = PC_NONOGRAM_FILLED;
        a->grid['x'] = PC_NONOGRAM_CROSSED;
        a->sol_msg = "solution cells are '0' or '1'";
        a->grid_msg = "grid cells are '.', '#' or 'x'";
        return;
    }
    for (int32_t k = 0; k <= p->n; k++) {
        a->sol[(unsigned char)p->sym[k]] = (int16_t)k;
        a->grid[(unsigned char)p->sym[k]] = pc__ncode_from_index((uint32_t)k);
    }
    a->grid['?'] = PC_NONOGRAM_UNKNOWN;
    a->sol_msg = "not a palette symbol";
    a->grid_msg = "grid cells are '?' or palette symbols";
}

/* "size WxH" */
static int32_t read_size(pc__save_in *in, struct rec *r)
{
    const char *s;
    size_t n;
    int32_t rc = pc__save_word(in, &s, &n);
    if (rc != PC_OK)
        return rc;
    const char *x = memchr(s, 'x', n);
    if (!x || pc__parse_i64(s, (size_t)(x - s), &r->w) != 0 || pc__parse_i64(x + 1, n - (size_t)(x - s) - 1, &r->h) != 0)
        return pc__save_fail(in, "size must be WIDTHxHEIGHT");
    if (pc__nonogram_check_size(r->w, r->h) != PC_OK) {
        pc__save_fail(in, "size %lldx%lld out of range", (long long)r->w, (long long)r->h);
        return PC_ERANGE;
    }
    return pc__save_end(in);
}

/* "colour SYMBOL RRGGBB NAME": palette entry r->ncolours (0 the background). */
static int32_t read_colour(pc__save_in *in, struct rec *r)
{
    const char *sym = "", *hex, *name = "";
    size_t ns, nh, nn = 0;
    uint32_t rgb = 0;
    int32_t rc = pc__save_word(in, &sym, &ns);
    if (rc == PC_OK && ns != 1)
        rc = pc__save_fail(in, "expected \"colour SYMBOL RRGGBB NAME\"");
    if (rc == PC_OK && (rc = pc__save_word(in, &hex, &nh)) == PC_OK && pc__ncol_parse_rgb(hex, nh, &rgb) != 0)
        rc = pc__save_fail(in, "expected RRGGBB");
    if (rc == PC_OK)
        rc = pc__save_word(in, &name, &nn);
    if (rc == PC_OK)
        rc = pc__save_end(in);
    if (rc == PC_OK)
        rc = pc__ncpalette_add(&r->pal, r->ncolours, sym[0], rgb, name, nn, in->err, in->errcap, in->line);
    if (rc == PC_OK)
        r->ncolours++;
    r->at[K_COLOUR] = *in; /* the last colour line, for the palette's faults */
    return rc;
}

/* "title LANG TEXT" */
static int32_t read_title(pc__save_in *in, struct rec *r)
{
    const char *lang, *s;
    size_t nl, n;
    if (r->ntitles == MAX_LOAD_TITLES)
        return pc__save_fail(in, "too many titles");
    int32_t rc = pc__save_word(in, &lang, &nl);
    if (rc == PC_OK && !pc__save_more(in))
        rc = pc__save_fail(in, "title needs a language tag and a text");
    if (rc != PC_OK)
        return rc;
    char *tag = r->titles[r->ntitles].lang;
    if (nl < sizeof r->titles[0].lang) {
        memcpy(tag, lang, nl);
        tag[nl] = '\0';
    }
    if (nl >= sizeof r->titles[0].lang || !valid_lang(tag))
        return pc__save_fail(in, "bad title language tag (1-35 letters, digits, - _)");
    if ((rc = pc__save_text(in, &s, &n)) == PC_OK && n > PC_NONOGRAM_MAX_TEXT)
        rc = pc__save_fail(in, "title longer than %d bytes", (int)PC_NONOGRAM_MAX_TEXT);
    if (rc != PC_OK)
        return rc;
    r->titles[r->ntitles].s = s;
    r->titles[r->ntitles].n = n;
    r->ntitles++;
    return PC_OK;
}

static int32_t read_key(pc__save_in *in, struct rec *r)
{
    int32_t rc;
    switch (in->key) {
    case K_ID:
        r->id = "";
        r->id_len = 0;
        if ((rc = pc__save_text(in, &r->id, &r->id_len)) == PC_OK && r->id_len > PC_NONOGRAM_MAX_TEXT)
            rc = pc__save_fail(in, "bad id (at most %d bytes)", (int)PC_NONOGRAM_MAX_TEXT);
        return rc;
    case K_SIZE:
        return read_size(in, r);
    case K_XP:
        return (rc = pc__save_int(in, 0, INT32_MAX, &r->xp)) == PC_OK ? pc__save_end(in) : rc;
    case K_COLOUR:
        return read_colour(in, r);
    case K_TITLE:
        return read_title(in, r);
    default: /* solution, rows, cols, grid: read once the size and the palette are known */
        r->at[in->key] = *in;
        return PC_OK;
    }
}

/* The cells of a solution or grid line: w*h characters of the alphabet
 * (spaces between them allowed) into out. */
static int32_t read_cells(pc__save_in *in, const int16_t lut[256], const char *bad, size_t ncells, uint8_t *out)
{
    size_t k = 0;
    const char *what = record_keys[in->key].name;
    while (pc__save_more(in)) {
        const char *w;
        size_t n;
        pc__save_word(in, &w, &n);
        for (size_t i = 0; i < n; i++) {
            int16_t v = lut[(unsigned char)w[i]];
            if (v < 0 || k == ncells) {
                in->word_at += i;
                if (v < 0)
                    return pc__save_fail(in, "%s ('%c')", bad, w[i] > ' ' && w[i] < 127 ? w[i] : '?');
                return pc__save_fail(in, "%s has too many cells (%zu)", what, ncells);
            }
            out[k++] = (uint8_t)v;
        }
    }
    if (k != ncells) {
        in->word_at = 0;
        return pc__save_fail(in, "%s has %zu cells, expected %zu", what, k, ncells);
    }
    return PC_OK;
}

/* The clue line of axis a ("1.2/3/0", colours by symbol) into counts and
 * malloc'd clue and colour arrays. */
static int32_t read_clues(pc__save_in *in, const struct pc__ncpalette *pal, int32_t lines, int32_t *counts,
                          int32_t **clues, uint8_t **colours)
{
    const char *s = "";
    size_t n = 0;
    int32_t rc = PC_OK, col = in->col;
    if (pc__save_more(in)) { /* nothing: a single empty line */
        if ((rc = pc__save_word(in, &s, &n)) == PC_OK)
            rc = pc__save_end(in);
        col += (int32_t)(s - in->v);
    }
    if (rc != PC_OK)
        return rc;
    return pc__ncol_parse_clues(s, n, in->line, col, pal, '.', '/', lines, counts, clues, colours, in->err,
                                in->errcap);
}

/* The puzzle from its solution line. */
static int32_t make_from_solution(struct rec *r, const struct alphabet *ab, pc_nonogram **g)
{
    size_t n = (size_t)r->w * (size_t)r->h;
    uint8_t *cells = pc__malloc(n);
    if (!cells)
        return PC_ENOMEM;
    pc__save_in *in = &r->at[K_SOLUTION];
    int32_t rc = read_cells(in, ab->sol, ab->sol_msg, n, cells);
    if (rc == PC_OK)
        rc = pc__ncol_new_from_cells((int32_t)r->w, (int32_t)r->h, &r->pal, cells, in->err, in->errcap, g);
    pc__free(cells);
    return rc;
}

/* The puzzle from its rows and cols lines. */
static int32_t make_from_clues(struct rec *r, pc_nonogram **g)
{
    int32_t lines[2] = {(int32_t)r->h, (int32_t)r->w};
    int32_t *counts[2] = {pc__malloc((size_t)r->h * sizeof(int32_t)), pc__malloc((size_t)r->w * sizeof(int32_t))};
    int32_t *clues[2] = {NULL, NULL};
    uint8_t *colours[2] = {NULL, NULL};
    int32_t rc = counts[0] && counts[1] ? PC_OK : PC_ENOMEM;
    for (int a = 0; a < 2 && rc == PC_OK; a++)
        rc = read_clues(&r->at[a == 0 ? K_ROWS : K_COLS], &r->pal, lines[a], counts[a], &clues[a], &colours[a]);
    if (rc == PC_OK) {
        const int32_t *cc[2] = {counts[0], counts[1]}, *cl[2] = {clues[0], clues[1]};
        const uint8_t *co[2] = {colours[0], colours[1]};
        pc__save_in *in = &r->at[K_ROWS];
        rc = pc__ncol_new_from_clues(lines[1], lines[0], &r->pal, cc, cl, co, NULL, in->err, in->errcap, g);
    }
    for (int a = 0; a < 2; a++) {
        pc__free(counts[a]);
        pc__free(clues[a]);
        pc__free(colours[a]);
    }
    return rc;
}

/* The record's fields on the new puzzle g: id, xp, titles, the grid. */
static int32_t fill_in(struct rec *r, const struct alphabet *ab, const uint8_t *seen, pc_nonogram *g)
{
    int32_t rc = PC_OK;
    if (r->id)
        rc = pc_nonogram_set_id(g, r->id, r->id_len);
    g->xp = (int32_t)r->xp;
    for (int32_t i = 0; i < r->ntitles && rc == PC_OK; i++)
        rc = pc_nonogram_set_title(g, r->titles[i].lang, r->titles[i].s, r->titles[i].n);
    if (rc == PC_OK && seen[K_GRID]) {
        rc = read_cells(&r->at[K_GRID], ab->grid, ab->grid_msg, (size_t)g->w * (size_t)g->h, g->cells);
        pc__nonogram_refresh(g);
    }
    return rc;
}

static int32_t build(pc__save_in *in, struct rec *r, pc_nonogram **out)
{
    if (r->ncolours == 1)
        return pc__parse_error(in->err, in->errcap, r->at[K_COLOUR].line, 1,
                               "a palette needs the background and at least one colour");
    if (r->ncolours)
        r->pal.n = r->ncolours - 1;
    else
        pc__ncpalette_default(&r->pal);
    struct alphabet ab;
    alphabet_init(&ab, &r->pal, r->ncolours != 0);
    pc_nonogram *g = NULL;
    int32_t rc;
    if (in->seen[K_SOLUTION]) {
        if (in->seen[K_ROWS] || in->seen[K_COLS])
            return pc__parse_error(in->err, in->errcap, r->at[in->seen[K_ROWS] ? K_ROWS : K_COLS].line, 1,
                                   "give either 'solution' or 'rows'/'cols', not both");
        rc = make_from_solution(r, &ab, &g);
    } else if (!in->seen[K_ROWS] || !in->seen[K_COLS]) {
        return pc__parse_error(in->err, in->errcap, 0, 0, "missing 'solution' (or both 'rows' and 'cols')");
    } else {
        rc = make_from_clues(r, &g);
    }
    if (rc == PC_OK && (rc = fill_in(r, &ab, in->seen, g)) != PC_OK) {
        pc_nonogram_free(g);
        g = NULL;
    }
    if (rc == PC_OK)
        *out = g;
    return rc;
}

int32_t pc_nonogram_load(const char *text, size_t len, char *err, size_t errcap, pc_nonogram **out)
{
    if (!out || (!text && len))
        return PC_EINVAL;
    struct rec *r = pc__calloc(1, sizeof *r);
    if (!r)
        return PC_ENOMEM;
    pc__save_in in;
    int32_t rc = pc__save_open(&in, text, len, "nonogram", record_keys, K_COUNT, err, errcap);
    if (rc == PC_OK) {
        while ((rc = pc__save_next(&in)) == 1)
            if ((rc = read_key(&in, r)) != PC_OK)
                break;
        if (rc == 0)
            rc = pc__save_done(&in);
    }
    if (rc == PC_OK)
        rc = build(&in, r, out);
    pc__free(r);
    return rc;
}
