/*
 * Import and export of pc_nonogram handles through the plain-data formats of
 * formats.c, and the handle form of the generator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nonogram/formats.h"
#include "nonogram/solve.h"
#include "puzzlecore/nonogram.h"
#include "common/alloc.h"
#include "nonogram/colour.h"

int32_t pc_nonogram_detect_format(const char *text, size_t len)
{
    if (!text && len)
        return PC_EINVAL;
    return pc__nformat_detect(text ? text : "", len);
}

int32_t pc_nonogram_import_count(const char *text, size_t len, int32_t format, char *err, size_t errcap)
{
    if (!text && len)
        return PC_EINVAL;
    if (format < PC_NONOGRAM_FORMAT_AUTO || format > PC_NONOGRAM_FORMAT_TCGA_SOLUTION)
        return PC_EINVAL;
    if (err && errcap)
        err[0] = '\0';
    return pc__nformat_count(text ? text : "", len, format, err, errcap);
}

/* 1 when the puzzle's clues are those of the spec, 0 when not, -1 out of memory. */
static int same_clues(const pc_nonogram *g, const pc__nspec *sp)
{
    for (int32_t axis = 0; axis < 2; axis++) {
        int32_t n = axis == PC_NONOGRAM_ROWS ? sp->h : sp->w;
        const int32_t *counts = axis == PC_NONOGRAM_ROWS ? sp->row_counts : sp->col_counts;
        const int32_t *clues = axis == PC_NONOGRAM_ROWS ? sp->row_clues : sp->col_clues;
        size_t p = 0;
        for (int32_t i = 0; i < n; i++) {
            int32_t k = pc_nonogram_clue_count(g, axis, i);
            if (k != counts[i])
                return 0;
            int32_t *tmp = pc__malloc(sizeof(int32_t) * (size_t)k);
            if (!tmp)
                return -1;
            int32_t got = 0;
            int ok = pc_nonogram_clues(g, axis, i, tmp, k, &got) == PC_OK &&
                     memcmp(tmp, clues + p, sizeof(int32_t) * (size_t)k) == 0;
            pc__free(tmp);
            if (!ok)
                return 0;
            p += (size_t)k;
        }
    }
    return 1;
}

/* Set the id (lang NULL) or a title from an importer's text, cleaned. */
static int32_t set_clean(pc_nonogram *g, const char *lang, const char *text)
{
    size_t n = 0;
    char *c = pc__field_clean(text, strlen(text), &n);
    if (!c)
        return PC_ENOMEM;
    int32_t rc = lang ? pc_nonogram_set_title(g, lang, c, n) : pc_nonogram_set_id(g, c, n);
    pc__free(c);
    return rc;
}

static int32_t from_spec(const pc__nspec *sp, char *err, size_t errcap, pc_nonogram **out)
{
    pc_nonogram *g = NULL;
    int32_t rc;
    if (sp->goal) {
        size_t n = (size_t)sp->w * (size_t)sp->h;
        char *bits = pc__malloc(n + 1);
        if (!bits)
            return PC_ENOMEM;
        for (size_t i = 0; i < n; i++)
            bits[i] = (char)('0' + sp->goal[i]);
        bits[n] = '\0';
        rc = pc_nonogram_new_from_solution(sp->w, sp->h, bits, n, err, errcap, &g);
        pc__free(bits);
        int same = rc == PC_OK && sp->row_counts ? same_clues(g, sp) : 1;
        if (same <= 0) {
            pc_nonogram_free(g);
            return same < 0 ? PC_ENOMEM : pc__parse_error(err, errcap, 0, 0, "the goal does not match the clues");
        }
    } else {
        rc = pc_nonogram_new_from_clues(sp->w, sp->h, sp->row_counts, sp->row_clues, sp->col_counts, sp->col_clues,
                                        err, errcap, &g);
    }
    if (rc != PC_OK)
        return rc;
    /* Ids and titles from other formats are made to obey the save's text
     * rule (common/text.h): control characters become spaces, ends trimmed. */
    if (sp->id && *sp->id && strlen(sp->id) <= PC_NONOGRAM_MAX_TEXT)
        rc = set_clean(g, NULL, sp->id);
    if (rc == PC_OK && sp->title && *sp->title && strlen(sp->title) <= PC_NONOGRAM_MAX_TEXT)
        rc = set_clean(g, "en", sp->title);
    if (rc == PC_OK && sp->givens)
        rc = pc_nonogram_set_cells(g, sp->givens, (size_t)sp->w * (size_t)sp->h);
    if (rc != PC_OK) {
        pc_nonogram_free(g);
        return rc;
    }
    *out = g;
    return PC_OK;
}

int32_t pc__nonogram_import_section(const char *text, size_t len, int32_t format, const pc__nsection *sec,
                                    char *err, size_t errcap, pc_nonogram **out)
{
    /* a puzzle with colours goes to colour_formats.c */
    if (pc__ncol_section_is_colour(text, len, format, sec))
        return pc__ncol_import_section(text, len, format, sec, err, errcap, out);
    pc__nspec sp;
    int32_t rc = pc__nformat_parse_section(text, len, format, sec, &sp, err, errcap);
    if (rc != PC_OK)
        return rc;
    rc = from_spec(&sp, err, errcap, out);
    pc__nspec_free(&sp);
    return rc;
}

int32_t pc_nonogram_import(const char *text, size_t len, int32_t format, int32_t index, char *err, size_t errcap,
                           pc_nonogram **out)
{
    if ((!text && len) || !out || index < 0)
        return PC_EINVAL;
    if (format < PC_NONOGRAM_FORMAT_AUTO || format > PC_NONOGRAM_FORMAT_TCGA_SOLUTION)
        return PC_EINVAL;
    if (!text)
        text = "";
    if (err && errcap)
        err[0] = '\0';
    if (format == PC_NONOGRAM_FORMAT_AUTO) {
        format = pc__nformat_detect(text, len);
        if (format < 0)
            return pc__parse_error(err, errcap, 1, 1, "not a nonogram format that this library reads");
    }
    pc__nsection sec;
    int32_t rc = pc__nformat_find(text, len, format, index, &sec, err, errcap);
    if (rc != PC_OK)
        return rc;
    return pc__nonogram_import_section(text, len, format, &sec, err, errcap, out);
}

/* Text of a pc_nonogram_id-like getter into a malloc'd string (NULL if none;
 * NULL and *oom set when out of memory). */
static char *get_text(const pc_nonogram *g, const char *lang, int *oom)
{
    size_t n = 0;
    int32_t rc = lang ? pc_nonogram_title(g, lang, NULL, 0, &n) : pc_nonogram_id(g, NULL, 0, &n);
    if ((rc != PC_OK && rc != PC_ESPACE) || n == 0)
        return NULL;
    char *s = pc__malloc(n + 1);
    if (!s) {
        *oom = 1;
        return NULL;
    }
    rc = lang ? pc_nonogram_title(g, lang, s, n + 1, &n) : pc_nonogram_id(g, s, n + 1, &n);
    if (rc != PC_OK) {
        pc__free(s);
        return NULL;
    }
    return s;
}

int32_t pc_nonogram_export(const pc_nonogram *g, int32_t format, char *buf, size_t cap, size_t *len)
{
    if (!g || !len || (!buf && cap) || format < PC_NONOGRAM_FORMAT_NON || format > PC_NONOGRAM_FORMAT_TCGA_SOLUTION)
        return PC_EINVAL;
    if (pc__ncol_is_colour_record(g) &&
        (format == PC_NONOGRAM_FORMAT_NON || format == PC_NONOGRAM_FORMAT_XML || pc_nonogram_colour_count(g) > 1)) {
        pc__sb sb;
        pc__sb_init(&sb);
        int32_t r = pc__ncol_export(g, format, &sb);
        if (r != PC_OK) {
            pc__sb_free(&sb);
            return r;
        }
        return pc__sb_emit(&sb, buf, cap, len);
    }
    pc__nspec sp;
    pc__nspec_init(&sp);
    int32_t rc = pc__nonogram_get_clues(g, &sp.w, &sp.h, &sp.row_counts, &sp.row_clues, &sp.col_counts,
                                        &sp.col_clues);
    if (rc != PC_OK)
        return rc;
    size_t n = (size_t)sp.w * (size_t)sp.h;
    if (pc_nonogram_has_solution(g) == 1) {
        sp.goal = pc__malloc(n);
        if (!sp.goal) {
            pc__nspec_free(&sp);
            return PC_ENOMEM;
        }
        for (int32_t y = 0; y < sp.h; y++)
            for (int32_t x = 0; x < sp.w; x++)
                sp.goal[(size_t)y * (size_t)sp.w + (size_t)x] = (uint8_t)(pc_nonogram_solution_cell(g, x, y) == 1);
    }
    int oom = 0;
    sp.id = get_text(g, NULL, &oom);
    sp.title = get_text(g, "en", &oom);
    if (!sp.title && pc_nonogram_title_count(g) > 0) {
        char lang[64];
        size_t ln = 0;
        if (pc_nonogram_title_lang(g, 0, lang, sizeof lang, &ln) == PC_OK)
            sp.title = get_text(g, lang, &oom);
    }
    if (oom) {
        pc__nspec_free(&sp);
        return PC_ENOMEM;
    }
    pc__sb sb;
    pc__sb_init(&sb);
    rc = pc__nformat_write(&sp, format, &sb);
    pc__nspec_free(&sp);
    if (rc != PC_OK) {
        pc__sb_free(&sb);
        return rc;
    }
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_nonogram_generate(int32_t w, int32_t h, uint64_t seed, int32_t max_grade, const pc_budget *budget,
                             pc_nonogram **out)
{
    if (!out || w < 1 || h < 1)
        return PC_EINVAL;
    if (w > 128 || h > 128)
        return PC_ERANGE;
    size_t n = (size_t)w * (size_t)h;
    uint8_t *cells = pc__malloc(n);
    char *bits = pc__malloc(n + 1);
    int32_t rc = cells && bits ? pc_nonogram_generate_cells(w, h, seed, max_grade, budget, cells, n) : PC_ENOMEM;
    pc_nonogram *g = NULL;
    if (rc == PC_OK) {
        for (size_t i = 0; i < n; i++)
            bits[i] = (char)('0' + cells[i]);
        bits[n] = '\0';
        rc = pc_nonogram_new_from_solution(w, h, bits, n, NULL, 0, &g);
    }
    if (rc == PC_OK) {
        char id[64];
        int k = snprintf(id, sizeof id, "gen-%dx%d-%llu", (int)w, (int)h, (unsigned long long)seed);
        rc = pc_nonogram_set_id(g, id, (size_t)k);
    }
    pc__free(cells);
    pc__free(bits);
    if (rc != PC_OK) {
        pc_nonogram_free(g);
        return rc;
    }
    *out = g;
    return PC_OK;
}
