/*
 * The puzzle record (id, size, XP, solution or clues, titles in several
 * languages — the seed's data table row) and the save of a player's
 * progress, as text.  Format in doc/nonogram.md; first line
 * "puzzlecore-nonogram 1".
 */
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "nonogram/puzzle.h"
#include "nonogram/colour.h"
#include "common/alloc.h"

static const char MAGIC[] = "puzzlecore-nonogram 1";

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

static void put_clues(pc__sb *sb, const pc_nonogram *g, int axis)
{
    int32_t lines = axis == PC_NONOGRAM_ROWS ? g->h : g->w;
    for (int32_t i = 0; i < lines; i++) {
        if (i)
            pc__sb_putc(sb, '/');
        for (int32_t k = g->off[axis][i]; k < g->off[axis][i + 1]; k++) {
            if (k > g->off[axis][i])
                pc__sb_putc(sb, '.');
            pc__sb_i64(sb, g->clue[axis][k]);
        }
    }
}

static void put_record(pc__sb *sb, const pc_nonogram *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    pc__sb_puts(sb, MAGIC);
    pc__sb_puts(sb, "\nid ");
    if (g->id)
        pc__sb_putn(sb, g->id, g->id_len);
    pc__sb_printf(sb, "\nsize %dx%d\nxp %d\n", (int)g->w, (int)g->h, (int)g->xp);
    if (g->solution) {
        pc__sb_puts(sb, "solution ");
        for (size_t i = 0; i < n; i++)
            pc__sb_putc(sb, (char)('0' + g->solution[i]));
        pc__sb_putc(sb, '\n');
    } else {
        pc__sb_puts(sb, "rows ");
        put_clues(sb, g, PC_NONOGRAM_ROWS);
        pc__sb_puts(sb, "\ncols ");
        put_clues(sb, g, PC_NONOGRAM_COLS);
        pc__sb_putc(sb, '\n');
    }
    for (int32_t i = 0; i < g->ntitles; i++) {
        pc__sb_printf(sb, "title %s ", g->titles[i].lang);
        pc__sb_putn(sb, g->titles[i].text, g->titles[i].len);
        pc__sb_putc(sb, '\n');
    }
}

int32_t pc_nonogram_write_record(const pc_nonogram *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    if (pc__ncol_is_colour_record(g))
        pc__ncol_put_record(&sb, g, 0);
    else
        put_record(&sb, g);
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_nonogram_save(const pc_nonogram *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    static const char sym[3] = {'.', '#', 'x'};
    pc__sb sb;
    pc__sb_init(&sb);
    if (pc__ncol_is_colour_record(g)) {
        pc__ncol_put_record(&sb, g, 1);
        return pc__sb_emit(&sb, buf, cap, len);
    }
    put_record(&sb, g);
    pc__sb_puts(&sb, "grid ");
    size_t n = (size_t)g->w * (size_t)g->h;
    for (size_t i = 0; i < n; i++)
        pc__sb_putc(&sb, sym[g->cells[i]]);
    pc__sb_putc(&sb, '\n');
    return pc__sb_emit(&sb, buf, cap, len);
}

/* ---- reading ------------------------------------------------------------------------ */

struct field {
    const char *s;
    size_t n;
    int32_t line, col; /* where the value starts */
};

enum { F_ID, F_SIZE, F_XP, F_SOLUTION, F_ROWS, F_COLS, F_GRID, F_COUNT };
static const char *const field_names[F_COUNT] = {"id", "size", "xp", "solution", "rows", "cols", "grid"};

/* Parse "1.2/3/0" into counts[lines] and a malloc'd clue array. */
static int32_t parse_clue_lines(const struct field *f, int32_t lines, int32_t *counts, int32_t **clues_out,
                                char *err, size_t errcap)
{
    /* Every clue, empty lines included, ends at a '.', a '/' or the end of
     * the field, so the separators bound the number of entries exactly (an
     * estimate from the text's length once let a run of slashes write past
     * the buffer). */
    size_t cap = 1;
    for (size_t s = 0; s < f->n; s++)
        cap += f->s[s] == '.' || f->s[s] == '/';
    if (cap > SIZE_MAX / sizeof(int32_t))
        return PC_ERANGE;
    int32_t *clues = pc__malloc(cap * sizeof *clues);
    if (!clues)
        return PC_ENOMEM;
    int32_t line = 0;
    size_t k = 0, i = 0;
    while (1) {
        size_t j = i;
        int32_t count = 0;
        if (line >= lines) {
            pc__free(clues);
            return pc__parse_error(err, errcap, f->line, f->col + (int32_t)i, "more than %d lines of clues",
                                   (int)lines);
        }
        while (j <= f->n) {
            size_t e = j;
            while (e < f->n && f->s[e] != '.' && f->s[e] != '/')
                e++;
            int64_t v = 0;
            if (e == j && (e == f->n || f->s[e] == '/') && count == 0) {
                v = 0; /* an empty line */
            } else if (pc__parse_i64(f->s + j, e - j, &v) != 0 || v < 0 || v > PC_NONOGRAM_MAX_SIDE) {
                pc__free(clues);
                return pc__parse_error(err, errcap, f->line, f->col + (int32_t)j, "bad clue '%.*s'",
                                       (int)(e - j), f->s + j);
            }
            clues[k++] = (int32_t)v;
            count++;
            j = e;
            if (j < f->n && f->s[j] == '.') {
                j++;
                continue;
            }
            break;
        }
        counts[line++] = count;
        if (j >= f->n)
            break;
        i = j + 1; /* past '/' */
    }
    if (line != lines) {
        pc__free(clues);
        return pc__parse_error(err, errcap, f->line, f->col, "%d lines of clues, expected %d", (int)line,
                               (int)lines);
    }
    *clues_out = clues;
    return PC_OK;
}

int32_t pc_nonogram_load(const char *text, size_t len, char *err, size_t errcap, pc_nonogram **out)
{
    if (!out || (!text && len))
        return PC_EINVAL;
    if (err && errcap)
        err[0] = '\0';
    if (pc__ncol_text_has_palette(text, len))
        return pc__ncol_load(text, len, err, errcap, out);
    struct field fields[F_COUNT];
    memset(fields, 0, sizeof fields);
    struct field titles[64];
    int32_t ntitles = 0;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *s;
    size_t n;
    int seen_magic = 0;
    while (pc__lines_next(&it, &s, &n)) {
        const char *t = s;
        size_t m = n;
        pc__trim(&t, &m);
        if (m == 0 || t[0] == '#')
            continue;
        if (!seen_magic) {
            if (m != sizeof MAGIC - 1 || memcmp(t, MAGIC, m) != 0)
                return pc__parse_error(err, errcap, it.lineno, 1, "expected \"%s\"", MAGIC);
            seen_magic = 1;
            continue;
        }
        size_t k = 0;
        while (k < m && t[k] != ' ' && t[k] != '\t')
            k++;
        size_t v = k;
        while (v < m && (t[v] == ' ' || t[v] == '\t'))
            v++;
        int32_t col = (int32_t)(t - s) + 1;
        struct field f = {t + v, m - v, it.lineno, col + (int32_t)v};
        if (k == 5 && memcmp(t, "title", 5) == 0) {
            if (ntitles == (int32_t)(sizeof titles / sizeof titles[0]))
                return pc__parse_error(err, errcap, it.lineno, col, "too many titles");
            titles[ntitles++] = f;
            continue;
        }
        int idx = -1;
        for (int i = 0; i < F_COUNT; i++)
            if (strlen(field_names[i]) == k && memcmp(t, field_names[i], k) == 0)
                idx = i;
        if (idx < 0)
            return pc__parse_error(err, errcap, it.lineno, col, "unknown key '%.*s'", (int)k, t);
        if (fields[idx].s)
            return pc__parse_error(err, errcap, it.lineno, col, "'%s' given twice", field_names[idx]);
        if (f.n == 0 && idx != F_ID)
            f.s = t + m; /* present but empty */
        fields[idx] = f;
    }
    if (!seen_magic)
        return pc__parse_error(err, errcap, 1, 1, "empty input (expected \"%s\")", MAGIC);
    if (!fields[F_SIZE].s)
        return pc__parse_error(err, errcap, 0, 0, "missing 'size'");

    /* size WxH */
    const struct field *fs = &fields[F_SIZE];
    const char *x = memchr(fs->s, 'x', fs->n);
    int64_t w, h;
    if (!x || pc__parse_i64(fs->s, (size_t)(x - fs->s), &w) != 0 ||
        pc__parse_i64(x + 1, fs->n - (size_t)(x - fs->s) - 1, &h) != 0)
        return pc__parse_error(err, errcap, fs->line, fs->col, "size must be WIDTHxHEIGHT");
    if (w < 1 || h < 1 || w > PC_NONOGRAM_MAX_SIDE || h > PC_NONOGRAM_MAX_SIDE ||
        w * h > PC_NONOGRAM_MAX_CELLS) {
        pc__parse_error(err, errcap, fs->line, fs->col, "size %lldx%lld out of range", (long long)w, (long long)h);
        return PC_ERANGE;
    }
    int64_t xp = 0;
    if (fields[F_XP].s && (pc__parse_i64(fields[F_XP].s, fields[F_XP].n, &xp) != 0 || xp < 0 || xp > INT32_MAX))
        return pc__parse_error(err, errcap, fields[F_XP].line, fields[F_XP].col, "xp must be a whole number >= 0");

    pc_nonogram *g = NULL;
    int32_t rc;
    if (fields[F_SOLUTION].s) {
        if (fields[F_ROWS].s || fields[F_COLS].s)
            return pc__parse_error(err, errcap, fields[F_ROWS].s ? fields[F_ROWS].line : fields[F_COLS].line, 1,
                                   "give either 'solution' or 'rows'/'cols', not both");
        const struct field *f = &fields[F_SOLUTION];
        for (size_t i = 0; i < f->n; i++)
            if (f->s[i] != '0' && f->s[i] != '1' && f->s[i] != ' ' && f->s[i] != '\t')
                return pc__parse_error(err, errcap, f->line, f->col + (int32_t)i, "solution cells are '0' or '1'");
        char sub[256] = "";
        rc = pc_nonogram_new_from_solution((int32_t)w, (int32_t)h, f->s, f->n, sub, sizeof sub, &g);
        if (rc == PC_EPARSE)
            return pc__parse_error(err, errcap, f->line, 0, "solution: %s", sub);
        if (rc != PC_OK)
            return rc;
    } else {
        if (!fields[F_ROWS].s || !fields[F_COLS].s)
            return pc__parse_error(err, errcap, 0, 0, "missing 'solution' (or both 'rows' and 'cols')");
        int32_t *counts[2] = {pc__malloc((size_t)h * sizeof(int32_t)), pc__malloc((size_t)w * sizeof(int32_t))};
        int32_t *clues[2] = {NULL, NULL};
        rc = counts[0] && counts[1] ? PC_OK : PC_ENOMEM;
        if (rc == PC_OK)
            rc = parse_clue_lines(&fields[F_ROWS], (int32_t)h, counts[0], &clues[0], err, errcap);
        if (rc == PC_OK)
            rc = parse_clue_lines(&fields[F_COLS], (int32_t)w, counts[1], &clues[1], err, errcap);
        if (rc == PC_OK)
            rc = pc_nonogram_new_from_clues((int32_t)w, (int32_t)h, counts[0], clues[0], counts[1], clues[1], err,
                                            errcap, &g);
        for (int a = 0; a < 2; a++) {
            pc__free(counts[a]);
            pc__free(clues[a]);
        }
        if (rc != PC_OK)
            return rc;
    }
    if (fields[F_ID].s && (rc = pc_nonogram_set_id(g, fields[F_ID].s, fields[F_ID].n)) != PC_OK) {
        pc_nonogram_free(g);
        return rc == PC_ENOMEM ? rc : pc__parse_error(err, errcap, fields[F_ID].line, fields[F_ID].col, "bad id");
    }
    g->xp = (int32_t)xp;
    for (int32_t i = 0; i < ntitles; i++) {
        const struct field *f = &titles[i];
        size_t k = 0;
        while (k < f->n && f->s[k] != ' ' && f->s[k] != '\t')
            k++;
        char lang[36];
        size_t v = k;
        while (v < f->n && (f->s[v] == ' ' || f->s[v] == '\t'))
            v++;
        if (k == 0 || k >= sizeof lang || v == f->n) {
            pc_nonogram_free(g);
            return pc__parse_error(err, errcap, f->line, f->col, "title needs a language tag and a text");
        }
        memcpy(lang, f->s, k);
        lang[k] = '\0';
        rc = pc_nonogram_set_title(g, lang, f->s + v, f->n - v);
        if (rc != PC_OK) {
            pc_nonogram_free(g);
            if (rc == PC_ENOMEM)
                return rc;
            return pc__parse_error(err, errcap, f->line, f->col, "bad title (language tag: letters, digits, - _)");
        }
    }
    if (fields[F_GRID].s) {
        const struct field *f = &fields[F_GRID];
        size_t cells = (size_t)w * (size_t)h, k = 0;
        for (size_t i = 0; i < f->n; i++) {
            char c = f->s[i];
            if (c == ' ' || c == '\t')
                continue;
            int v = c == '.' ? 0 : c == '#' ? 1 : c == 'x' ? 2 : -1;
            if (v < 0 || k == cells) {
                pc_nonogram_free(g);
                return pc__parse_error(err, errcap, f->line, f->col + (int32_t)i,
                                       v < 0 ? "grid cells are '.', '#' or 'x'" : "grid has too many cells");
            }
            g->cells[k++] = (uint8_t)v;
        }
        if (k != cells) {
            pc_nonogram_free(g);
            return pc__parse_error(err, errcap, f->line, f->col, "grid has %zu cells, expected %zu", k, cells);
        }
        pc__nonogram_refresh(g);
    }
    *out = g;
    return PC_OK;
}
