/*
 * Colour puzzles in the file formats (doc/nonogram.md, "Colour"):
 *
 *   webpbn XML: <color name=".." char="c">rgb</color> elements (the
 *   puzzle's backgroundcolor, default "white", is the background; the others
 *   are the colours, in file order), <count color="name">n</count> (no
 *   color attribute: the puzzle's defaultcolor, default "black"), and a goal
 *   <image> written with the colours' chars.
 *
 *   .non: "color c #rrggbb [name]" lines (c one character; name optional,
 *   default the character), clues "3b,1d" (a clue without a character takes
 *   the first colour), a goal of colour characters with '0' for background.
 *   The library also writes "background c #rrggbb name" (a property other
 *   readers ignore) so that the background's symbol survives a round trip.
 *
 * pc_nonogram_import routes a text here when the puzzle has colours; the
 * black-and-white parser (formats.c) keeps every other case.
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/text.h"
#include "nonogram/colour.h"
#include "nonogram/formats.h"
#include "nonogram/puzzle.h"

typedef struct {
    int32_t w, h;
    struct pc__ncpalette pal;
    int32_t *counts[2], *clues[2];
    uint8_t *cols[2];
    size_t n[2], cap[2];
    int32_t lines[2];
    int32_t lcap[2];
    uint8_t *goal;
    char *id, *title;
    int oom;
} cspec;

static void cs_free(cspec *c)
{
    for (int a = 0; a < 2; a++) {
        pc__free(c->counts[a]);
        pc__free(c->clues[a]);
        pc__free(c->cols[a]);
    }
    pc__free(c->goal);
    pc__free(c->id);
    pc__free(c->title);
}

static void cs_push(cspec *c, int a, int32_t v, uint8_t col)
{
    if (c->oom)
        return;
    if (c->n[a] == c->cap[a]) {
        size_t nc = c->cap[a] ? 2 * c->cap[a] : 64;
        int32_t *p = pc__realloc(c->clues[a], nc * sizeof(int32_t));
        if (p)
            c->clues[a] = p;
        uint8_t *q = pc__realloc(c->cols[a], nc);
        if (q)
            c->cols[a] = q;
        if (!p || !q) {
            c->oom = 1;
            return;
        }
        c->cap[a] = nc;
    }
    c->clues[a][c->n[a]] = v;
    c->cols[a][c->n[a]] = col;
    c->n[a]++;
}

static void cs_line(cspec *c, int a, int32_t count)
{
    if (c->oom)
        return;
    if (c->lines[a] == c->lcap[a]) {
        int32_t nc = c->lcap[a] ? 2 * c->lcap[a] : 64;
        int32_t *p = pc__realloc(c->counts[a], (size_t)nc * sizeof(int32_t));
        if (!p) {
            c->oom = 1;
            return;
        }
        c->counts[a] = p;
        c->lcap[a] = nc;
    }
    c->counts[a][c->lines[a]++] = count;
}

static int is_sp(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v';
}

static void where(const char *text, size_t off, int32_t *line, int32_t *col)
{
    int32_t l = 1, c = 1;
    for (size_t i = 0; i < off; i++) {
        if (text[i] == '\n') {
            l++;
            c = 1;
        } else
            c++;
    }
    *line = l;
    *col = c;
}

static int32_t at_error(const char *text, size_t off, char *err, size_t errcap, const char *msg)
{
    int32_t l, c;
    where(text, off, &l, &c);
    return pc__parse_error(err, errcap, l, c, "%s", msg);
}

static int sym_of(const struct pc__ncpalette *p, int32_t k, char ch)
{
    for (int32_t i = 0; i < k; i++)
        if (p->sym[i] == ch)
            return i;
    return -1;
}

static int32_t palette_index_by_name(const struct pc__ncpalette *p, int32_t k, const char *name, size_t n)
{
    for (int32_t i = 0; i < k; i++) {
        size_t m = strlen(p->name[i]);
        if (m != n)
            continue;
        size_t j = 0;
        while (j < n && (p->name[i][j] | 32) == (name[j] | 32))
            j++;
        if (j == n)
            return i;
    }
    return -1;
}

/* ---- XML ------------------------------------------------------------------------- */

static size_t find_tag(const char *t, size_t from, size_t to, const char *name)
{
    size_t k = strlen(name);
    for (size_t i = from; i + k + 1 < to; i++)
        if (t[i] == '<' && memcmp(t + i + 1, name, k) == 0 &&
            (t[i + 1 + k] == '>' || t[i + 1 + k] == '/' || is_sp(t[i + 1 + k])))
            return i;
    return (size_t)-1;
}

/* content [c0, c1) and the offset after the element; -1 when malformed */
static int element(const char *t, size_t at, size_t to, const char *name, size_t *c0, size_t *c1, size_t *after)
{
    const char *gt = memchr(t + at, '>', to - at);
    if (!gt)
        return -1;
    size_t e = (size_t)(gt - t) + 1;
    if (gt[-1] == '/') {
        *c0 = *c1 = *after = e;
        return 0;
    }
    size_t k = strlen(name);
    for (size_t i = e; i + k + 3 <= to; i++)
        if (t[i] == '<' && t[i + 1] == '/' && memcmp(t + i + 2, name, k) == 0 && t[i + 2 + k] == '>') {
            *c0 = e;
            *c1 = i;
            *after = i + k + 3;
            return 0;
        }
    return -1;
}

static const char *attribute(const char *t, size_t len, size_t at, const char *attr, size_t *n)
{
    const char *gt = memchr(t + at, '>', len - at);
    size_t end = gt ? (size_t)(gt - t) : len, k = strlen(attr);
    for (size_t i = at; i + k + 2 < end; i++) {
        if (!is_sp(t[i]) || memcmp(t + i + 1, attr, k) != 0)
            continue;
        size_t j = i + 1 + k;
        while (j < end && is_sp(t[j]))
            j++;
        if (j >= end || t[j] != '=')
            continue;
        j++;
        while (j < end && is_sp(t[j]))
            j++;
        if (j >= end || (t[j] != '"' && t[j] != '\''))
            continue;
        char q = t[j++];
        const char *v = t + j, *e = memchr(v, q, end - j);
        if (!e)
            return NULL;
        *n = (size_t)(e - v);
        return v;
    }
    *n = 0;
    return NULL;
}

static char *xml_text(const char *t, size_t from, size_t to)
{
    const char *s = t + from;
    size_t n = to - from;
    pc__trim(&s, &n);
    static const char *const ents[5] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
    static const char chars[5] = {'&', '<', '>', '"', '\''};
    char *out = pc__malloc(n + 1);
    if (!out)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        int done = 0;
        for (int e = 0; e < 5 && !done && s[i] == '&'; e++) {
            size_t k = strlen(ents[e]);
            if (i + k <= n && memcmp(s + i, ents[e], k) == 0) {
                out[o++] = chars[e];
                i += k - 1;
                done = 1;
            }
        }
        if (!done)
            out[o++] = s[i] == '\n' || s[i] == '\r' ? ' ' : s[i];
    }
    out[o] = '\0';
    return out;
}

static int is_bw_name(const char *v, size_t n)
{
    return (n == 5 && memcmp(v, "black", 5) == 0) || (n == 5 && memcmp(v, "white", 5) == 0);
}

/* 1 when an XML text has colours other than black and white. */
int pc__ncol_xml_is_colour(const char *t, size_t len)
{
    for (size_t at = 0; (at = find_tag(t, at, len, "color")) != (size_t)-1; at++) {
        size_t n;
        const char *v = attribute(t, len, at, "name", &n);
        if (v && !is_bw_name(v, n))
            return 1;
    }
    for (size_t at = 0; (at = find_tag(t, at, len, "count")) != (size_t)-1; at++) {
        size_t n;
        const char *v = attribute(t, len, at, "color", &n);
        if (v && !is_bw_name(v, n))
            return 1;
    }
    return 0;
}

static int32_t xml_clues(const char *t, size_t len, size_t from, size_t to, cspec *c, int a, int32_t defcol,
                         char *err, size_t errcap)
{
    size_t at = from;
    while ((at = find_tag(t, at, to, "line")) != (size_t)-1) {
        size_t c0, c1, after;
        if (element(t, at, to, "line", &c0, &c1, &after) != 0)
            return at_error(t, at, err, errcap, "no closing tag for <line");
        int32_t k = 0;
        size_t ct = c0;
        while ((ct = find_tag(t, ct, c1, "count")) != (size_t)-1) {
            size_t v0, v1, va, cn;
            if (element(t, ct, c1, "count", &v0, &v1, &va) != 0)
                return at_error(t, ct, err, errcap, "no closing tag for <count");
            const char *cname = attribute(t, len, ct, "color", &cn);
            int32_t col = cname ? palette_index_by_name(&c->pal, c->pal.n + 1, cname, cn) : defcol;
            if (col < 1)
                return at_error(t, ct, err, errcap, "a <count> of an unknown colour (or of the background)");
            const char *v = t + v0;
            size_t vn = v1 - v0;
            pc__trim(&v, &vn);
            int64_t num;
            if (pc__parse_i64(v, vn, &num) || num < 0 || num > PC_NONOGRAM_MAX_SIDE)
                return at_error(t, v0, err, errcap, "bad clue in <count>");
            if (num > 0) {
                cs_push(c, a, (int32_t)num, (uint8_t)col);
                k++;
            }
            ct = va;
        }
        if (k == 0) {
            cs_push(c, a, 0, 0);
            k = 1;
        }
        cs_line(c, a, k);
        at = after;
    }
    return c->oom ? PC_ENOMEM : PC_OK;
}

/* One <color> element at ct (contents c0 .. c1) into palette slot `slot`. */
static int32_t xml_colour(const char *t, size_t len, size_t ct, size_t c0, size_t c1, struct pc__ncpalette *p,
                          int32_t slot, char *err, size_t errcap)
{
    size_t cn, chn;
    const char *name = attribute(t, len, ct, "name", &cn);
    const char *ch = attribute(t, len, ct, "char", &chn);
    const char *hx = t + c0;
    size_t hn = c1 - c0;
    pc__trim(&hx, &hn);
    uint32_t rgb;
    if (pc__ncol_parse_rgb(hx, hn, &rgb) != 0)
        return at_error(t, c0, err, errcap, "a <color> value is RGB or RRGGBB in hexadecimal");
    if (!ch || chn != 1)
        return at_error(t, ct, err, errcap, "<color> needs a one-character char attribute");
    int32_t line, col;
    where(t, ct, &line, &col);
    /* entries before `slot` are checked for duplicates; the background is slot 0 */
    return pc__ncpalette_add(p, slot, ch[0], rgb, name, cn, err, errcap, line);
}

/* The palette of the <color> elements: the background (named bg; default
 * white '.') first, then the colours in file order, then the default colour
 * `def` when no element declares it (black 'X').  *k: entries. */
static int32_t xml_palette(const char *t, size_t len, size_t at, size_t p0, size_t p1, const char *bg, size_t bn,
                           const char *def, size_t dn, struct pc__ncpalette *p, int32_t *k, char *err, size_t errcap)
{
    memset(p, 0, sizeof *p);
    int have_bg = 0;
    *k = 1;
    for (int pass = 0; pass < 2; pass++) {
        size_t ct = p0;
        while ((ct = find_tag(t, ct, p1, "color")) != (size_t)-1) {
            size_t c0, c1, ca, cn;
            if (element(t, ct, p1, "color", &c0, &c1, &ca) != 0)
                return at_error(t, ct, err, errcap, "no closing tag for <color");
            const char *name = attribute(t, len, ct, "name", &cn);
            if (!name)
                return at_error(t, ct, err, errcap, "<color> without a name");
            int is_bg = cn == bn && memcmp(name, bg, bn) == 0;
            if (is_bg == (pass == 0)) {
                int32_t rc = xml_colour(t, len, ct, c0, c1, p, is_bg ? 0 : *k, err, errcap);
                if (rc != PC_OK)
                    return rc;
                if (is_bg)
                    have_bg = 1;
                else
                    (*k)++;
            }
            ct = ca;
        }
        if (pass == 0 && !have_bg) {
            p->sym[0] = '.';
            p->rgb[0] = 0xffffff;
            strcpy(p->name[0], "white");
        }
    }
    if (palette_index_by_name(p, *k, def, dn) < 0) { /* the default colour, undeclared: black 'X' */
        int32_t line, col;
        where(t, at, &line, &col);
        int32_t rc = pc__ncpalette_add(p, *k, 'X', 0, def, dn, err, errcap, line);
        if (rc != PC_OK)
            return rc;
        (*k)++;
    }
    p->n = *k - 1;
    return PC_OK;
}

/* The <clues> of both families (a clue without a color attribute has the
 * colour defcol); the size is their numbers of lines. */
static int32_t xml_colour_clues(const char *t, size_t len, size_t at, size_t p0, size_t p1, int32_t defcol, cspec *c,
                                char *err, size_t errcap)
{
    size_t span_at[2] = {0, 0}, span_end[2] = {0, 0}, cl = p0, n;
    int have = 0;
    while ((cl = find_tag(t, cl, p1, "clues")) != (size_t)-1) {
        size_t c0, c1, ca;
        if (element(t, cl, p1, "clues", &c0, &c1, &ca) != 0)
            return at_error(t, cl, err, errcap, "no closing tag for <clues");
        const char *v = attribute(t, len, cl, "type", &n);
        int a = v && n == 4 && memcmp(v, "rows", 4) == 0 ? 0 : v && n == 7 && memcmp(v, "columns", 7) == 0 ? 1 : -1;
        if (a < 0)
            return at_error(t, cl, err, errcap, "<clues> type must be rows or columns");
        span_at[a] = c0;
        span_end[a] = c1;
        have |= 1 << a;
        cl = ca;
    }
    if (have != 3)
        return at_error(t, at, err, errcap, have & 1 ? "no column clues" : "no row clues");
    int32_t r = xml_clues(t, len, span_at[0], span_end[0], c, 0, defcol, err, errcap);
    if (r == PC_OK)
        r = xml_clues(t, len, span_at[1], span_end[1], c, 1, defcol, err, errcap);
    if (r != PC_OK)
        return r;
    c->h = c->lines[0];
    c->w = c->lines[1];
    if (pc__nonogram_check_size(c->w, c->h) != PC_OK)
        return pc__parse_error(err, errcap, 0, 0, "size %dx%d out of range", (int)c->w, (int)c->h);
    return PC_OK;
}

/* <title> and <id>. */
static int32_t xml_colour_meta(const char *t, size_t p0, size_t p1, cspec *c, char *err, size_t errcap)
{
    static const char *const meta[2] = {"title", "id"};
    for (int m = 0; m < 2; m++) {
        size_t tt = find_tag(t, p0, p1, meta[m]), t0, t1, ta;
        if (tt == (size_t)-1)
            continue;
        if (element(t, tt, p1, meta[m], &t0, &t1, &ta) != 0)
            return at_error(t, tt, err, errcap, "unclosed metadata element");
        char *s = xml_text(t, t0, t1);
        if (!s)
            return PC_ENOMEM;
        if (m == 0)
            c->title = s;
        else
            c->id = s;
    }
    return PC_OK;
}

/* The goal <image> (of a <solution> of type goal or solution) in the
 * palette's characters (the first k entries). */
static int32_t xml_colour_goal(const char *t, size_t len, size_t p0, size_t p1, int32_t k, cspec *c, char *err,
                               size_t errcap)
{
    size_t so = p0, n;
    while ((so = find_tag(t, so, p1, "solution")) != (size_t)-1) {
        size_t s0, s1, sa;
        if (element(t, so, p1, "solution", &s0, &s1, &sa) != 0)
            return at_error(t, so, err, errcap, "no closing tag for <solution");
        const char *v = attribute(t, len, so, "type", &n);
        if (v && !(n == 4 && memcmp(v, "goal", 4) == 0) && !(n == 8 && memcmp(v, "solution", 8) == 0)) {
            so = sa;
            continue;
        }
        size_t im = find_tag(t, s0, s1, "image"), i0, i1, ia;
        if (im == (size_t)-1 || element(t, im, s1, "image", &i0, &i1, &ia) != 0)
            return at_error(t, so, err, errcap, "<solution> without <image>");
        size_t cells = (size_t)c->w * (size_t)c->h, got = 0;
        c->goal = pc__malloc(cells);
        if (!c->goal)
            return PC_ENOMEM;
        for (size_t i = i0; i < i1; i++) {
            if (is_sp(t[i]) || t[i] == '|')
                continue;
            int idx = sym_of(&c->pal, k, t[i]);
            if (idx < 0)
                return at_error(t, i, err, errcap, "an image character that is no colour's char");
            if (got == cells)
                return at_error(t, i, err, errcap, "image larger than the grid");
            c->goal[got++] = (uint8_t)idx;
        }
        if (got != cells)
            return at_error(t, im, err, errcap, "image smaller than the grid");
        break;
    }
    return PC_OK;
}

/* The <puzzle> element that starts at byte `at` of the text. */
static int32_t parse_xml_at(const char *t, size_t len, size_t at, cspec *c, char *err, size_t errcap)
{
    size_t p0, p1, pa, n;
    if (element(t, at, len, "puzzle", &p0, &p1, &pa) != 0)
        return at_error(t, at, err, errcap, "no closing tag for <puzzle");
    const char *v = attribute(t, len, at, "type", &n);
    if (v && !(n == 4 && memcmp(v, "grid", 4) == 0))
        return at_error(t, at, err, errcap, "only grid puzzles are supported");
    size_t dn, bn;
    const char *def = attribute(t, len, at, "defaultcolor", &dn);
    const char *bg = attribute(t, len, at, "backgroundcolor", &bn);
    if (!def) {
        def = "black";
        dn = 5;
    }
    if (!bg) {
        bg = "white";
        bn = 5;
    }
    int32_t k, r = xml_palette(t, len, at, p0, p1, bg, bn, def, dn, &c->pal, &k, err, errcap);
    if (r == PC_OK)
        r = xml_colour_clues(t, len, at, p0, p1, palette_index_by_name(&c->pal, k, def, dn), c, err, errcap);
    if (r == PC_OK)
        r = xml_colour_meta(t, p0, p1, c, err, errcap);
    if (r == PC_OK)
        r = xml_colour_goal(t, len, p0, p1, k, c, err, errcap);
    return r;
}

/* ---- .non ---------------------------------------------------------------------------- */

static int key_is(const char *t, size_t tn, const char *key, size_t *after)
{
    size_t k = strlen(key);
    if (tn < k || memcmp(t, key, k) != 0 || (tn > k && !is_sp(t[k])))
        return 0;
    *after = k;
    return 1;
}

int pc__ncol_non_is_colour(const char *text, size_t len)
{
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n, after;
    while (pc__lines_next(&it, &l, &n)) {
        pc__trim(&l, &n);
        if (key_is(l, n, "color", &after))
            return 1;
    }
    return 0;
}

static char *non_value(const char *s, size_t n)
{
    pc__trim(&s, &n);
    if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
        s++;
        n -= 2;
    }
    return pc__strndup(s, n);
}

/* "color c #rrggbb [name]" / "background c #rrggbb [name]" */
static int32_t non_colour(const char *v, size_t vn, int32_t line, struct pc__ncpalette *p, int32_t slot, char *err,
                          size_t errcap)
{
    pc__trim(&v, &vn);
    if (vn < 3 || !is_sp(v[1]))
        return pc__parse_error(err, errcap, line, 0, "expected \"color CHAR #RRGGBB [NAME]\"");
    size_t a = 1;
    while (a < vn && is_sp(v[a]))
        a++;
    size_t b = a;
    while (b < vn && !is_sp(v[b]))
        b++;
    uint32_t rgb;
    if (pc__ncol_parse_rgb(v + a, b - a, &rgb) != 0)
        return pc__parse_error(err, errcap, line, 0, "expected a colour #RRGGBB");
    while (b < vn && is_sp(v[b]))
        b++;
    const char *name = b < vn ? v + b : v;
    size_t nn = b < vn ? vn - b : 1;
    return pc__ncpalette_add(p, slot, v[0], rgb, name, nn, err, errcap, line);
}

static int32_t non_clue_line(const char *s, size_t n, int32_t line, cspec *c, int a, int32_t linelen, char *err,
                             size_t errcap)
{
    size_t i = 0;
    int32_t k = 0;
    int zero = 0;
    for (;;) {
        while (i < n && (is_sp(s[i]) || s[i] == ','))
            i++;
        if (i >= n)
            break;
        if (s[i] < '0' || s[i] > '9')
            return pc__parse_error(err, errcap, line, (int32_t)i + 1, "expected a clue number, found '%c'", s[i]);
        int64_t v = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            v = v * 10 + (s[i] - '0');
            if (v > linelen)
                return pc__parse_error(err, errcap, line, (int32_t)i + 1, "clue longer than the line (%d)",
                                       (int)linelen);
            i++;
        }
        int32_t col = 1;
        if (i < n && !is_sp(s[i]) && s[i] != ',') {
            col = sym_of(&c->pal, c->pal.n + 1, s[i]);
            if (col < 1)
                return pc__parse_error(err, errcap, line, (int32_t)i + 1, "'%c' is no colour's character", s[i]);
            i++;
        }
        if (v == 0)
            zero = 1;
        else {
            cs_push(c, a, (int32_t)v, (uint8_t)col);
            k++;
        }
    }
    if (zero && k)
        return pc__parse_error(err, errcap, line, 1, "a 0 among other clues");
    if (k == 0) {
        cs_push(c, a, 0, 0);
        k = 1;
    }
    cs_line(c, a, k);
    return c->oom ? PC_ENOMEM : PC_OK;
}

/* First pass: the "color" and "background" lines (they may follow the
 * clues) into the palette; *k: entries. */
static int32_t non_palette(const char *text, size_t len, int32_t line0, struct pc__ncpalette *p, int32_t *k,
                           char *err, size_t errcap)
{
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n, after;
    memset(p, 0, sizeof *p);
    p->sym[0] = '.';
    p->rgb[0] = 0xffffff;
    strcpy(p->name[0], "white");
    *k = 1;
    while (pc__lines_next(&it, &l, &n)) {
        pc__trim(&l, &n);
        int32_t line = line0 + it.lineno, rc = PC_OK;
        if (key_is(l, n, "color", &after)) {
            if ((rc = non_colour(l + after, n - after, line, p, *k, err, errcap)) == PC_OK)
                (*k)++;
        } else if (key_is(l, n, "background", &after)) {
            struct pc__ncpalette tmp = *p;
            if ((rc = non_colour(l + after, n - after, line, &tmp, 0, err, errcap)) == PC_OK) {
                p->sym[0] = tmp.sym[0];
                p->rgb[0] = tmp.rgb[0];
                memcpy(p->name[0], tmp.name[0], sizeof p->name[0]);
            }
        }
        if (rc != PC_OK)
            return rc;
    }
    if (*k < 2)
        return pc__parse_error(err, errcap, line0 + 1, 1, "no color lines");
    p->n = *k - 1;
    for (int32_t i = 1; i < *k; i++)
        if (p->sym[i] == p->sym[0] || palette_index_by_name(p, 1, p->name[i], strlen(p->name[i])) == 0)
            return pc__parse_error(err, errcap, line0 + 1, 1, "a colour repeats the background");
    return PC_OK;
}

/* What the second pass has read. */
typedef struct {
    int64_t w, h;
    int have[2];
    const char *goal;
    size_t goal_n;
    int32_t goal_line;
} cnon_state;

/* One line of the second pass (a "rows"/"columns" key reads its clue lines). */
static int32_t non_colour_line(cnon_state *st, pc__lines *it, const char *l, size_t n, int32_t line0, cspec *c,
                               char *err, size_t errcap)
{
    const char *t = l;
    size_t tn = n, after;
    pc__trim(&t, &tn);
    int32_t line = line0 + it->lineno;
    if (tn == 0 || t[0] == '#')
        return PC_OK;
    if (key_is(t, tn, "width", &after) || key_is(t, tn, "height", &after)) {
        const char *v = t + after;
        size_t vn = tn - after;
        pc__trim(&v, &vn);
        int64_t x;
        if (pc__parse_i64(v, vn, &x) || x < 1 || x > PC_NONOGRAM_MAX_SIDE)
            return pc__parse_error(err, errcap, line, 1, "bad %s", t[0] == 'w' ? "width" : "height");
        *(t[0] == 'w' ? &st->w : &st->h) = x;
    } else if (key_is(t, tn, "rows", &after) || key_is(t, tn, "columns", &after)) {
        int a = t[0] == 'r' ? 0 : 1;
        if (st->w < 1 || st->h < 1)
            return pc__parse_error(err, errcap, line, 1, "clues before width and height");
        if (st->have[a])
            return pc__parse_error(err, errcap, line, 1, "\"%s\" given twice", a == 0 ? "rows" : "columns");
        st->have[a] = 1;
        for (int64_t i = 0, count = a == 0 ? st->h : st->w; i < count; i++) {
            if (!pc__lines_next(it, &l, &n))
                return pc__parse_error(err, errcap, line0 + it->lineno, 0, "the text ends inside the clues");
            int32_t rc = non_clue_line(l, n, line0 + it->lineno, c, a, (int32_t)(a == 0 ? st->w : st->h), err, errcap);
            if (rc != PC_OK)
                return rc;
        }
    } else if (key_is(t, tn, "goal", &after)) {
        st->goal = t + after;
        st->goal_n = tn - after;
        pc__trim(&st->goal, &st->goal_n);
        st->goal_line = line;
        if (st->goal_n >= 2 && st->goal[0] == '"' && st->goal[st->goal_n - 1] == '"') {
            st->goal++;
            st->goal_n -= 2;
        }
    } else if (key_is(t, tn, "title", &after) || key_is(t, tn, "catalogue", &after)) {
        char **field = t[0] == 't' ? &c->title : &c->id;
        pc__free(*field);
        *field = non_value(t + after, tn - after);
        c->oom |= !*field; /* a title lost to a failed allocation is PC_ENOMEM, not no title */
    }
    return PC_OK;
}

/* The goal: colour characters, '0' the background (the first k entries). */
static int32_t non_colour_goal(const cnon_state *st, int32_t k, cspec *c, char *err, size_t errcap)
{
    size_t cells = (size_t)(st->w * st->h), got = 0;
    c->goal = pc__malloc(cells);
    if (!c->goal)
        return PC_ENOMEM;
    for (size_t i = 0; i < st->goal_n; i++) {
        char ch = st->goal[i];
        if (is_sp(ch))
            continue;
        int idx = ch == '0' ? 0 : sym_of(&c->pal, k, ch);
        if (idx < 0)
            return pc__parse_error(err, errcap, st->goal_line, 0, "goal: '%c' is no colour's character", ch);
        if (got == cells)
            return pc__parse_error(err, errcap, st->goal_line, 0, "goal: more than %zu cells", cells);
        c->goal[got++] = (uint8_t)idx;
    }
    if (got != cells)
        return pc__parse_error(err, errcap, st->goal_line, 0, "goal: %zu cells, %zu expected", got, cells);
    return PC_OK;
}

static int32_t parse_non(const char *text, size_t len, int32_t line0, cspec *c, char *err, size_t errcap)
{
    int32_t k, rc = non_palette(text, len, line0, &c->pal, &k, err, errcap);
    if (rc != PC_OK)
        return rc;
    cnon_state st;
    memset(&st, 0, sizeof st);
    st.w = st.h = -1;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    while (pc__lines_next(&it, &l, &n))
        if ((rc = non_colour_line(&st, &it, l, n, line0, c, err, errcap)) != PC_OK)
            return rc;
    if (st.w < 1 || st.h < 1)
        return pc__parse_error(err, errcap, line0 + 1, 0, "width and height are required");
    if (!st.have[0] || !st.have[1])
        return pc__parse_error(err, errcap, line0 + 1, 0, "\"%s\" is missing", st.have[0] ? "columns" : "rows");
    if (pc__nonogram_check_size((int32_t)st.w, (int32_t)st.h) != PC_OK)
        return pc__parse_error(err, errcap, line0 + 1, 0, "size out of range");
    c->w = (int32_t)st.w;
    c->h = (int32_t)st.h;
    return st.goal ? non_colour_goal(&st, k, c, err, errcap) : PC_OK;
}

/* ---- spec -> puzzle ---------------------------------------------------------------- */

static int32_t set_clean(pc_nonogram *g, const char *lang, const char *text)
{
    size_t n = 0;
    char *s = pc__field_clean(text, strlen(text), &n);
    if (!s)
        return PC_ENOMEM;
    int32_t rc = n > PC_NONOGRAM_MAX_TEXT ? PC_OK
                 : lang                   ? pc_nonogram_set_title(g, lang, s, n)
                                          : pc_nonogram_set_id(g, s, n);
    pc__free(s);
    return rc;
}

static int32_t from_cspec(cspec *c, char *err, size_t errcap, pc_nonogram **out)
{
    pc_nonogram *g = NULL;
    const int32_t *cc[2] = {c->counts[0], c->counts[1]}, *cl[2] = {c->clues[0], c->clues[1]};
    const uint8_t *co[2] = {c->cols[0], c->cols[1]};
    int32_t rc = pc__ncol_new_from_clues(c->w, c->h, &c->pal, cc, cl, co, NULL, err, errcap, &g);
    if (rc != PC_OK)
        return rc;
    if (c->goal) {
        pc_nonogram *s = NULL;
        rc = pc__ncol_new_from_cells(c->w, c->h, &c->pal, c->goal, err, errcap, &s);
        if (rc == PC_OK) {
            int same = 1;
            for (int a = 0; a < 2 && same; a++) {
                size_t tot = (size_t)g->off[a][a == 0 ? g->h : g->w];
                same = memcmp(g->off[a], s->off[a], sizeof(int32_t) * (size_t)((a == 0 ? g->h : g->w) + 1)) == 0 &&
                       memcmp(g->clue[a], s->clue[a], tot * sizeof(int32_t)) == 0;
                for (size_t k = 0; same && k < tot; k++)
                    same = pc__ncol_clue_colour(g, a, (int32_t)k) == pc__ncol_clue_colour(s, a, (int32_t)k);
            }
            pc_nonogram_free(g);
            g = s;
            if (!same)
                rc = pc__parse_error(err, errcap, 0, 0, "the goal does not match the clues");
        }
        if (rc != PC_OK) {
            pc_nonogram_free(g);
            return rc;
        }
    }
    if (c->id && *c->id)
        rc = set_clean(g, NULL, c->id);
    if (rc == PC_OK && c->title && *c->title)
        rc = set_clean(g, "en", c->title);
    if (rc != PC_OK) {
        pc_nonogram_free(g);
        return rc;
    }
    *out = g;
    return PC_OK;
}

int pc__ncol_section_is_colour(const char *text, size_t len, int32_t format, const pc__nsection *sec)
{
    if (format == PC_NONOGRAM_FORMAT_XML) {
        size_t p0, p1, pa;
        if (element(text, sec->start, len, "puzzle", &p0, &p1, &pa) != 0)
            return 0;
        return pc__ncol_xml_is_colour(text + sec->start, p1 - sec->start);
    }
    if (format == PC_NONOGRAM_FORMAT_NON)
        return pc__ncol_non_is_colour(text + sec->start, sec->end - sec->start);
    return 0;
}

int32_t pc__ncol_import_section(const char *text, size_t len, int32_t format, const pc__nsection *sec, char *err,
                                size_t errcap, pc_nonogram **out)
{
    cspec c;
    memset(&c, 0, sizeof c);
    int32_t rc;
    if (format == PC_NONOGRAM_FORMAT_XML)
        rc = parse_xml_at(text, len, sec->start, &c, err, errcap);
    else
        rc = parse_non(text + sec->start, sec->end - sec->start, sec->line0, &c, err, errcap);
    if (rc == PC_OK && c.oom)
        rc = PC_ENOMEM;
    if (rc == PC_OK)
        rc = from_cspec(&c, err, errcap, out);
    cs_free(&c);
    return rc;
}

/* ---- writing ---------------------------------------------------------------------------- */

static void xml_escape(pc__sb *sb, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '&': pc__sb_puts(sb, "&amp;"); break;
        case '<': pc__sb_puts(sb, "&lt;"); break;
        case '>': pc__sb_puts(sb, "&gt;"); break;
        case '"': pc__sb_puts(sb, "&quot;"); break;
        default: pc__sb_putc(sb, s[i]);
        }
    }
}

static const char *first_title(const pc_nonogram *g, size_t *n)
{
    for (int32_t i = 0; i < g->ntitles; i++)
        if (strcmp(g->titles[i].lang, "en") == 0) {
            *n = g->titles[i].len;
            return g->titles[i].text;
        }
    if (g->ntitles) {
        *n = g->titles[0].len;
        return g->titles[0].text;
    }
    return NULL;
}

/* webpbn XML's <clues> of one axis, each count with its colour's name
 * (the default colour's without). */
static void write_xml_colour_clues(pc__sb *sb, const pc_nonogram *g, const struct pc__ncpalette *p, int a)
{
    int32_t lines = a == 0 ? g->h : g->w;
    pc__sb_printf(sb, "<clues type=\"%s\">\n", a == 0 ? "rows" : "columns");
    for (int32_t i = 0; i < lines; i++) {
        pc__sb_puts(sb, "<line>");
        for (int32_t k = g->off[a][i]; k < g->off[a][i + 1]; k++) {
            uint8_t col = pc__ncol_clue_colour(g, a, k);
            if (!col)
                continue;
            if (col == 1)
                pc__sb_printf(sb, "<count>%d</count>", (int)g->clue[a][k]);
            else
                pc__sb_printf(sb, "<count color=\"%s\">%d</count>", p->name[col], (int)g->clue[a][k]);
        }
        pc__sb_puts(sb, "</line>\n");
    }
    pc__sb_puts(sb, "</clues>\n");
}

static void write_xml_colour(pc__sb *sb, const pc_nonogram *g, const struct pc__ncpalette *p, const char *title,
                             size_t tn)
{
    pc__sb_printf(sb, "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n"
                      "<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"%s\" backgroundcolor=\"%s\">\n",
                  p->name[1], p->name[0]);
    if (g->id && g->id_len) {
        pc__sb_puts(sb, "<id>");
        xml_escape(sb, g->id, g->id_len);
        pc__sb_puts(sb, "</id>\n");
    }
    if (title) {
        pc__sb_puts(sb, "<title>");
        xml_escape(sb, title, tn);
        pc__sb_puts(sb, "</title>\n");
    }
    for (int32_t k = 0; k <= p->n; k++) {
        pc__sb_puts(sb, "<color name=\"");
        xml_escape(sb, p->name[k], strlen(p->name[k]));
        pc__sb_puts(sb, "\" char=\"");
        xml_escape(sb, &p->sym[k], 1);
        pc__sb_printf(sb, "\">%06x</color>\n", (unsigned)p->rgb[k]);
    }
    for (int a = 1; a >= 0; a--)
        write_xml_colour_clues(sb, g, p, a);
    if (g->solution) {
        pc__sb_puts(sb, "<solution type=\"goal\">\n<image>\n");
        for (int32_t y = 0; y < g->h; y++) {
            pc__sb_putc(sb, '|');
            for (int32_t x = 0; x < g->w; x++) {
                char ch = p->sym[g->solution[(size_t)y * (size_t)g->w + (size_t)x]];
                xml_escape(sb, &ch, 1);
            }
            pc__sb_puts(sb, "|\n");
        }
        pc__sb_puts(sb, "</image>\n</solution>\n");
    }
    pc__sb_puts(sb, "</puzzle>\n</puzzleset>\n");
}

/* A .non quoted value: the text without its double quotes. */
static void write_non_quoted(pc__sb *sb, const char *key, const char *s, size_t n)
{
    pc__sb_printf(sb, "%s \"", key);
    for (size_t i = 0; i < n; i++)
        if (s[i] != '"')
            pc__sb_putc(sb, s[i]);
    pc__sb_puts(sb, "\"\n");
}

static void write_non_colour(pc__sb *sb, const pc_nonogram *g, const struct pc__ncpalette *p, const char *title,
                             size_t tn)
{
    if (g->id && g->id_len)
        write_non_quoted(sb, "catalogue", g->id, g->id_len);
    if (title)
        write_non_quoted(sb, "title", title, tn);
    pc__sb_printf(sb, "width %d\nheight %d\n", (int)g->w, (int)g->h);
    pc__sb_printf(sb, "background %c #%06x %s\n", p->sym[0], (unsigned)p->rgb[0], p->name[0]);
    for (int32_t k = 1; k <= p->n; k++)
        pc__sb_printf(sb, "color %c #%06x %s\n", p->sym[k], (unsigned)p->rgb[k], p->name[k]);
    pc__sb_puts(sb, "\nrows\n");
    pc__ncol_put_clues(sb, g, p, PC_NONOGRAM_ROWS, ',', '\n');
    pc__sb_puts(sb, "\n\ncolumns\n");
    pc__ncol_put_clues(sb, g, p, PC_NONOGRAM_COLS, ',', '\n');
    pc__sb_putc(sb, '\n');
    if (g->solution) {
        pc__sb_puts(sb, "\ngoal \"");
        for (size_t i = 0; i < (size_t)g->w * (size_t)g->h; i++)
            pc__sb_putc(sb, g->solution[i] ? p->sym[g->solution[i]] : '0');
        pc__sb_puts(sb, "\"\n");
    }
}

int32_t pc__ncol_export(const pc_nonogram *g, int32_t format, pc__sb *sb)
{
    if (format != PC_NONOGRAM_FORMAT_XML && format != PC_NONOGRAM_FORMAT_NON)
        return PC_EINVAL;
    struct pc__ncpalette tmp;
    const struct pc__ncpalette *p = pc__ncol_palette(g, &tmp);
    size_t tn = 0;
    const char *title = first_title(g, &tn);
    if (format == PC_NONOGRAM_FORMAT_XML)
        write_xml_colour(sb, g, p, title, tn);
    else
        write_non_colour(sb, g, p, title, tn);
    return PC_OK;
}
