/*
 * The nonogram format spec and what the format readers share
 * (formats_util.h): clue vectors, the clue-line parser of .non, TCGA and
 * Tatham ids, the size check and palette look-ups.
 */
#include "nonogram/formats_util.h"

#include <string.h>

#include "common/alloc.h"
#include "nonogram/puzzle.h"

void pc__nspec_init(pc__nspec *sp)
{
    memset(sp, 0, sizeof *sp);
}

void pc__nspec_free(pc__nspec *sp)
{
    for (int a = 0; a < 2; a++) {
        pc__free(sp->counts[a]);
        pc__free(sp->clues[a]);
        pc__free(sp->colours[a]);
    }
    pc__free(sp->pal);
    pc__free(sp->goal);
    pc__free(sp->givens);
    pc__free(sp->id);
    pc__free(sp->title);
    pc__nspec_init(sp);
}

void pc__niv_push(pc__nivec *v, int32_t x)
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

void pc__nclueset_clue(pc__nclueset *cs, int axis, int32_t v, int32_t colour)
{
    pc__niv_push(&cs->clues[axis], v);
    if (cs->coloured)
        pc__niv_push(&cs->colours[axis], colour);
}

void pc__nclueset_line(pc__nclueset *cs, int axis, int32_t k)
{
    pc__niv_push(&cs->counts[axis], k);
}

void pc__nclueset_free(pc__nclueset *cs)
{
    for (int a = 0; a < 2; a++) {
        pc__free(cs->counts[a].a);
        pc__free(cs->clues[a].a);
        pc__free(cs->colours[a].a);
    }
    memset(cs, 0, sizeof *cs);
}

/* The colours of one axis as bytes (NULL when out of memory). */
static uint8_t *colour_bytes(const pc__nivec *v)
{
    uint8_t *b = pc__malloc(v->n ? v->n : 1);
    for (size_t i = 0; b && i < v->n; i++)
        b[i] = (uint8_t)v->a[i];
    return b;
}

int32_t pc__nclueset_finish(pc__nclueset *cs, pc__nspec *sp)
{
    int32_t rc = PC_OK;
    for (int a = 0; a < 2; a++)
        if (cs->counts[a].bad || cs->clues[a].bad || cs->colours[a].bad)
            rc = PC_ENOMEM;
    for (int a = 0; a < 2 && rc == PC_OK; a++) {
        sp->counts[a] = cs->counts[a].a;
        sp->clues[a] = cs->clues[a].a ? cs->clues[a].a : pc__calloc(1, sizeof(int32_t));
        cs->counts[a].a = cs->clues[a].a = NULL;
        if (cs->coloured)
            sp->colours[a] = colour_bytes(&cs->colours[a]);
        if (!sp->clues[a] || (cs->coloured && !sp->colours[a]))
            rc = PC_ENOMEM;
    }
    pc__nclueset_free(cs);
    return rc;
}

/* After the digits of a clue: its colour (a palette symbol; none, colour 1),
 * or PC_EPARSE. */
static int32_t clue_colour(const char *s, size_t n, size_t *i, const char *seps, const struct pc__ncpalette *pal,
                           int32_t line, int32_t col, int32_t *colour, char *err, size_t errcap)
{
    *colour = 1;
    if (*i >= n || pc__nf_space(s[*i]) || strchr(seps, s[*i]))
        return PC_OK;
    if (pal) {
        int k = s[*i] ? pc__nf_palette_sym(pal, 1, s[*i]) : -1;
        if (k < 1)
            return pc__parse_error(err, errcap, line, col + (int32_t)*i, "'%c' is no colour's character", s[*i]);
        *colour = k;
        (*i)++;
        if (*i >= n || pc__nf_space(s[*i]) || strchr(seps, s[*i]))
            return PC_OK;
    }
    return pc__parse_error(err, errcap, line, col + (int32_t)*i, "unexpected '%c' after a clue", s[*i]);
}

int32_t pc__nf_parse_clues(const char *s, size_t n, const char *seps, const struct pc__ncpalette *pal,
                           pc__nclueset *cs, int axis, int32_t line, int32_t col, int32_t maxlen, char *err,
                           size_t errcap)
{
    size_t i = 0;
    int32_t k = 0, colour;
    int zero = 0;
    for (;;) {
        while (i < n && (pc__nf_space(s[i]) || (s[i] && strchr(seps, s[i]))))
            i++;
        if (i >= n)
            break;
        if (!pc__nf_digit(s[i]))
            return pc__parse_error(err, errcap, line, col + (int32_t)i, "expected a clue number, found '%c'", s[i]);
        int64_t v = 0;
        size_t st = i;
        while (i < n && pc__nf_digit(s[i])) {
            v = v * 10 + (s[i] - '0');
            if (v > PC_NONOGRAM_MAX_SIDE)
                return pc__parse_error(err, errcap, line, col + (int32_t)st, "clue too large");
            i++;
        }
        int32_t rc = clue_colour(s, n, &i, seps, pal, line, col, &colour, err, errcap);
        if (rc != PC_OK)
            return rc;
        if (maxlen > 0 && v > maxlen)
            return pc__parse_error(err, errcap, line, col + (int32_t)st, "clue %d longer than the line (%d)",
                                   (int)v, (int)maxlen);
        if (v == 0)
            zero = 1;
        else
            pc__nclueset_clue(cs, axis, (int32_t)v, colour);
        k += v != 0;
    }
    if (zero && k)
        return pc__parse_error(err, errcap, line, col, "a 0 among other clues");
    if (k == 0) {
        pc__nclueset_clue(cs, axis, 0, 0);
        k = 1;
    }
    pc__nclueset_line(cs, axis, k);
    return k;
}

int32_t pc__nf_check_size(int64_t w, int64_t h, int32_t line, int32_t col, char *err, size_t errcap)
{
    return pc__nonogram_size_error(w, h, line, col, err, errcap) == PC_OK ? PC_OK : PC_EPARSE;
}

int pc__nf_palette_sym(const struct pc__ncpalette *p, int32_t from, char c)
{
    for (int32_t i = from; i <= p->n; i++)
        if (p->sym[i] == c)
            return i;
    return -1;
}
