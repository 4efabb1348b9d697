/*
 * Import and export of pc_nonogram handles through the plain-data specs of
 * formats.h (black and white and colour alike: a spec without a palette is
 * the one-colour case), and the handle form of the generator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "nonogram/colour.h"
#include "nonogram/formats.h"
#include "nonogram/puzzle.h"
#include "nonogram/solve.h"
#include "puzzlecore/nonogram.h"

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

/* 1 when the puzzle's clues (and their colours) are those of the spec. */
static int same_clues(const pc_nonogram *g, const pc__nspec *sp)
{
    for (int a = 0; a < 2; a++) {
        int32_t lines = a == PC_NONOGRAM_ROWS ? sp->h : sp->w;
        for (int32_t i = 0; i < lines; i++)
            if (g->off[a][i + 1] - g->off[a][i] != sp->counts[a][i])
                return 0;
        for (int32_t k = 0; k < g->off[a][lines]; k++) {
            int32_t v = sp->clues[a][k];
            uint8_t c = sp->colours[a] ? sp->colours[a][k] : v ? 1 : 0;
            if (g->clue[a][k] != v || pc__ncol_clue_colour(g, a, k) != c)
                return 0;
        }
    }
    return 1;
}

/* Set the id (lang NULL) or a title from an importer's text, cleaned; a
 * text longer than the limit once cleaned is left out. */
static int32_t set_clean(pc_nonogram *g, const char *lang, const char *text)
{
    if (!text || !*text)
        return PC_OK;
    size_t n = 0;
    char *c = pc__field_clean(text, strlen(text), &n);
    if (!c)
        return PC_ENOMEM;
    int32_t rc = n > PC_NONOGRAM_MAX_TEXT ? PC_OK
                 : lang                   ? pc_nonogram_set_title(g, lang, c, n)
                                          : pc_nonogram_set_id(g, c, n);
    pc__free(c);
    return rc;
}

/* The puzzle of a spec: from its goal (which must give its clues) or from
 * its clues, in its palette (none: black and white). */
static int32_t puzzle_of_spec(const pc__nspec *sp, char *err, size_t errcap, pc_nonogram **out)
{
    struct pc__ncpalette bw;
    const struct pc__ncpalette *pal = sp->pal;
    if (!pal) {
        pc__ncpalette_default(&bw);
        pal = &bw;
    }
    if (!sp->goal) {
        const int32_t *counts[2] = {sp->counts[0], sp->counts[1]}, *clues[2] = {sp->clues[0], sp->clues[1]};
        const uint8_t *colours[2] = {sp->colours[0], sp->colours[1]};
        return pc__ncol_new_from_clues(sp->w, sp->h, pal, counts, clues, colours, NULL, err, errcap, out);
    }
    pc_nonogram *g = NULL;
    int32_t rc = pc__ncol_new_from_cells(sp->w, sp->h, pal, sp->goal, err, errcap, &g);
    if (rc == PC_OK && sp->counts[0] && !same_clues(g, sp)) {
        pc_nonogram_free(g);
        return pc__parse_error(err, errcap, 0, 0, "the goal does not match the clues");
    }
    if (rc == PC_OK)
        *out = g;
    return rc;
}

static int32_t from_spec(const pc__nspec *sp, char *err, size_t errcap, pc_nonogram **out)
{
    pc_nonogram *g = NULL;
    int32_t rc = puzzle_of_spec(sp, err, errcap, &g);
    if (rc != PC_OK)
        return rc;
    /* Ids and titles from other formats are made to obey the save's text
     * rule (common/text.h): control characters become spaces, ends trimmed. */
    rc = set_clean(g, NULL, sp->id);
    if (rc == PC_OK)
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

/* A malloc'd NUL-terminated copy of n bytes (NULL: none, or *oom). */
static char *copy_text(const char *s, size_t n, int *oom)
{
    if (!s || !n)
        return NULL;
    char *c = pc__strndup(s, n);
    *oom |= !c;
    return c;
}

/* The title a format writes: English, else the first one. */
static const struct pc_nonogram_title *first_title(const pc_nonogram *g)
{
    for (int32_t i = 0; i < g->ntitles; i++)
        if (strcmp(g->titles[i].lang, "en") == 0)
            return &g->titles[i];
    return g->ntitles ? &g->titles[0] : NULL;
}

/* Clues (with their colours when `colours`), goal, id and title of a puzzle. */
static int32_t spec_fill(const pc_nonogram *g, int colours, pc__nspec *sp)
{
    int oom = 0;
    size_t cells = (size_t)g->w * (size_t)g->h;
    sp->w = g->w;
    sp->h = g->h;
    for (int a = 0; a < 2; a++) {
        int32_t lines = a == PC_NONOGRAM_ROWS ? g->h : g->w, total = g->off[a][lines];
        sp->counts[a] = pc__malloc((size_t)lines * sizeof(int32_t));
        sp->clues[a] = pc__malloc((size_t)(total ? total : 1) * sizeof(int32_t));
        sp->colours[a] = colours ? pc__malloc((size_t)(total ? total : 1)) : NULL;
        if (!sp->counts[a] || !sp->clues[a] || (colours && !sp->colours[a]))
            return PC_ENOMEM;
        for (int32_t i = 0; i < lines; i++)
            sp->counts[a][i] = g->off[a][i + 1] - g->off[a][i];
        memcpy(sp->clues[a], g->clue[a], (size_t)total * sizeof(int32_t));
        for (int32_t k = 0; colours && k < total; k++)
            sp->colours[a][k] = pc__ncol_clue_colour(g, a, k);
    }
    if (g->solution && !(sp->goal = pc__malloc(cells)))
        return PC_ENOMEM;
    if (g->solution)
        memcpy(sp->goal, g->solution, cells);
    const struct pc_nonogram_title *t = first_title(g);
    sp->id = copy_text(g->id, g->id_len, &oom);
    sp->title = t ? copy_text(t->text, t->len, &oom) : NULL;
    return oom ? PC_ENOMEM : PC_OK;
}

/* The spec a puzzle is written from in a format: with its palette in .non
 * and XML when it has one (pc__ncol_is_colour_record); TCGA and Tatham ids
 * have none (a one-colour puzzle is written as black and white there, one
 * of more colours is refused by pc__nformat_write). */
static int32_t spec_of_puzzle(const pc_nonogram *g, int32_t format, pc__nspec *sp)
{
    pc__nspec_init(sp);
    int colour = pc__ncol_is_colour_record(g) &&
                 (format == PC_NONOGRAM_FORMAT_NON || format == PC_NONOGRAM_FORMAT_XML || g->ncol > 1);
    int32_t rc = spec_fill(g, colour, sp);
    if (rc == PC_OK && colour) {
        struct pc__ncpalette tmp;
        sp->pal = pc__malloc(sizeof *sp->pal);
        if (sp->pal)
            *sp->pal = *pc__ncol_palette(g, &tmp);
        else
            rc = PC_ENOMEM;
    }
    if (rc != PC_OK)
        pc__nspec_free(sp);
    return rc;
}

int32_t pc_nonogram_export(const pc_nonogram *g, int32_t format, char *buf, size_t cap, size_t *len)
{
    if (!g || !len || (!buf && cap) || format < PC_NONOGRAM_FORMAT_NON || format > PC_NONOGRAM_FORMAT_TCGA_SOLUTION)
        return PC_EINVAL;
    pc__nspec sp;
    int32_t rc = spec_of_puzzle(g, format, &sp);
    if (rc != PC_OK)
        return rc;
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
