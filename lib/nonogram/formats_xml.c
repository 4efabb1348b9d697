/*
 * webpbn XML (https://webpbn.com/pbn_fmt.html), black and white and colour
 * alike (doc/nonogram.md, "Formats"): <color name=".." char="c">rgb</color>
 * elements (the puzzle's backgroundcolor, default "white", is the
 * background; the others are the colours, in file order), <count
 * color="name">n</count> (no color attribute: the puzzle's defaultcolor,
 * default "black"), a goal <image> written with the colours' chars.  A
 * puzzle whose palette is white and black alone is black and white.
 */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "nonogram/colour.h"
#include "nonogram/formats_util.h"

/* ---- lexing ---------------------------------------------------------------------- */

typedef struct {
    const char *text;
    size_t len;
    char *err;
    size_t errcap;
} xml;

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
            if (c == '>' || c == '/' || pc__nf_space(c))
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
        if (pc__nf_space(x->text[i]) && memcmp(x->text + i + 1, attr, k) == 0) {
            size_t j = i + 1 + k;
            while (j < end && pc__nf_space(x->text[j]))
                j++;
            if (j >= end || x->text[j] != '=')
                continue;
            j++;
            while (j < end && pc__nf_space(x->text[j]))
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

/* The next <name> element of [*from, to): *tag its start tag, [*c0, *c1)
 * its content; *from moves past it.  1 found, 0 none, or an error. */
static int32_t next_element(const xml *x, size_t *from, size_t to, const char *name, size_t *tag, size_t *c0,
                            size_t *c1)
{
    size_t at = find_tag(x, *from, to, name), after;
    if (at == (size_t)-1)
        return 0;
    int32_t r = element(x, at, to, name, c0, c1, &after);
    if (r != PC_OK)
        return r;
    *tag = at;
    *from = after;
    return 1;
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
            if (!done && i + 3 < n && s[i + 1] == '#' && pc__nf_digit(s[i + 2])) {
                size_t j = i + 2;
                int v = 0;
                while (j < n && pc__nf_digit(s[j]) && v < 1000)
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

size_t pc__nxml_next_puzzle(const char *text, size_t len, size_t from)
{
    xml x = {text, len, NULL, 0};
    return find_tag(&x, from, len, "puzzle");
}

/* ---- the palette ------------------------------------------------------------------ */

/* The index of the entry named n (any case) among the first k, or -1. */
static int32_t palette_by_name(const struct pc__ncpalette *p, int32_t k, const char *name, size_t n)
{
    char buf[PC_NONOGRAM_MAX_NAME + 1];
    if (n > PC_NONOGRAM_MAX_NAME || memchr(name, 0, n))
        return -1;
    memcpy(buf, name, n);
    buf[n] = '\0';
    for (int32_t i = 0; i < k; i++)
        if (pc__ncol_same_name(p->name[i], buf))
            return i;
    return -1;
}

/* One <color> element at ct (contents c0 .. c1) into palette slot `slot`.
 * Black and white may leave out their char (X, .) and value (000, fff). */
static int32_t xml_colour(const xml *x, size_t ct, size_t c0, size_t c1, const char *name, size_t cn,
                          struct pc__ncpalette *p, int32_t slot)
{
    size_t chn;
    const char *ch = attribute(x, ct, "char", &chn);
    int black = attr_is(name, cn, "black"), white = attr_is(name, cn, "white");
    const char *hx = x->text + c0;
    size_t hn = c1 - c0;
    pc__trim(&hx, &hn);
    uint32_t rgb;
    if (pc__ncol_parse_rgb(hx, hn, &rgb) != 0) {
        if (!black && !white)
            return xml_error(x, c0, "a <color> value is RGB or RRGGBB in hexadecimal", NULL);
        rgb = black ? 0 : 0xffffff;
    }
    char sym = ch && chn == 1 ? ch[0] : black ? 'X' : white ? '.' : 0;
    if (!sym)
        return xml_error(x, ct, "<color> needs a one-character char attribute", NULL);
    int32_t line, col;
    where(x->text, ct, &line, &col);
    /* entries before `slot` are checked for duplicates; the background is slot 0 */
    return pc__ncpalette_add(p, slot, sym, rgb, name, cn, x->err, x->errcap, line);
}

/* The <color> elements of the puzzle (p0 .. p1): the background (named
 * bg) in pass 0, the colours in file order in pass 1. */
static int32_t xml_colour_pass(const xml *x, size_t p0, size_t p1, const char *bg, size_t bn, int pass,
                               struct pc__ncpalette *p)
{
    size_t from = p0, ct = 0, c0 = 0, c1 = 0, cn;
    int32_t r;
    while ((r = next_element(x, &from, p1, "color", &ct, &c0, &c1)) == 1) {
        const char *name = attribute(x, ct, "name", &cn);
        if (!name)
            return xml_error(x, ct, "<color> without a name", NULL);
        int is_bg = cn == bn && memcmp(name, bg, bn) == 0;
        if (is_bg != (pass == 0))
            continue;
        if ((r = xml_colour(x, ct, c0, c1, name, cn, p, is_bg ? 0 : p->n + 1)) != PC_OK)
            return r;
        p->n += !is_bg;
    }
    return r;
}

/* The palette of the puzzle at `at`: the background (its backgroundcolor;
 * white '.' when not declared), the colours in file order, then the
 * default colour `def` when no element declares it (black 'X'). */
static int32_t xml_palette(const xml *x, size_t at, size_t p0, size_t p1, const char *bg, size_t bn,
                           const char *def, size_t dn, struct pc__ncpalette *p)
{
    pc__ncpalette_default(p);
    p->n = 0;
    int32_t rc = xml_colour_pass(x, p0, p1, bg, bn, 0, p);
    if (rc == PC_OK)
        rc = xml_colour_pass(x, p0, p1, bg, bn, 1, p);
    if (rc == PC_OK && palette_by_name(p, p->n + 1, def, dn) < 0) {
        int32_t line, col;
        where(x->text, at, &line, &col);
        rc = pc__ncpalette_add(p, p->n + 1, 'X', 0, def, dn, x->err, x->errcap, line);
        p->n += rc == PC_OK;
    }
    return rc;
}

/* A puzzle without a backgroundcolor attribute whose palette is white (the
 * background) and black alone is black and white.  The colour writer
 * always names the background, so a colour puzzle of white and black in
 * other chars or values reads back as itself. */
static int is_black_and_white(const xml *x, size_t at, const struct pc__ncpalette *p)
{
    size_t n;
    return !attribute(x, at, "backgroundcolor", &n) && p->n == 1 && strcmp(p->name[0], "white") == 0 &&
           strcmp(p->name[1], "black") == 0;
}

/* ---- clues, metadata, goal ---------------------------------------------------------- */

/* <clues type="..."> ... <line><count>n</count>...</line> ... </clues> into
 * axis a; a count without a color attribute has colour defcol. */
static int32_t xml_clues(const xml *x, size_t from, size_t to, const struct pc__ncpalette *p, int32_t defcol,
                         pc__nclueset *cs, int a)
{
    size_t lt = 0, c0 = 0, c1 = 0, ct = 0, v0 = 0, v1 = 0, cn;
    int32_t r;
    while ((r = next_element(x, &from, to, "line", &lt, &c0, &c1)) == 1) {
        int32_t k = 0;
        while ((r = next_element(x, &c0, c1, "count", &ct, &v0, &v1)) == 1) {
            const char *cname = attribute(x, ct, "color", &cn);
            int32_t col = cname ? palette_by_name(p, p->n + 1, cname, cn) : defcol;
            if (col < 1)
                return xml_error(x, ct, "a <count> of an unknown colour (or of the background)", NULL);
            const char *v = x->text + v0;
            size_t vn = v1 - v0;
            pc__trim(&v, &vn);
            int64_t num;
            if (pc__parse_i64(v, vn, &num) || num < 0 || num > PC_NONOGRAM_MAX_SIDE)
                return xml_error(x, v0, "bad clue in <count>", NULL);
            if (num > 0)
                pc__nclueset_clue(cs, a, (int32_t)num, col);
            k += num > 0;
        }
        if (r < 0)
            return r;
        if (k == 0)
            pc__nclueset_clue(cs, a, 0, 0);
        pc__nclueset_line(cs, a, k ? k : 1);
    }
    return r;
}

/* Where the <clues type="rows"> and type="columns" contents are: at[a] ..
 * end[a] (a 0 rows, 1 columns). */
static int32_t xml_clue_spans(const xml *x, size_t at, size_t p0, size_t p1, size_t span_at[2], size_t span_end[2])
{
    int have[2] = {0, 0};
    size_t from = p0, cl = 0, c0 = 0, c1 = 0, vn;
    int32_t r;
    while ((r = next_element(x, &from, p1, "clues", &cl, &c0, &c1)) == 1) {
        const char *v = attribute(x, cl, "type", &vn);
        int a = attr_is(v, vn, "rows") ? 0 : attr_is(v, vn, "columns") ? 1 : -1;
        if (a < 0)
            return xml_error(x, cl, "<clues> type must be rows or columns", NULL);
        span_at[a] = c0;
        span_end[a] = c1;
        have[a] = 1;
    }
    if (r < 0)
        return r;
    if (!have[0] || !have[1])
        return xml_error(x, at, have[0] ? "no column clues" : "no row clues", NULL);
    return PC_OK;
}

/* The clues of both families: the size is their numbers of lines; no clue
 * is longer than its line. */
static int32_t xml_all_clues(const xml *x, size_t at, size_t p0, size_t p1, const struct pc__ncpalette *p,
                             int32_t defcol, pc__nspec *sp)
{
    size_t span_at[2] = {0, 0}, span_end[2] = {0, 0};
    int32_t r = xml_clue_spans(x, at, p0, p1, span_at, span_end);
    pc__nclueset cs;
    memset(&cs, 0, sizeof cs);
    cs.coloured = sp->pal != NULL;
    for (int a = 0; a < 2 && r == PC_OK; a++)
        r = xml_clues(x, span_at[a], span_end[a], p, defcol, &cs, a);
    if (r == PC_OK && (cs.clues[0].bad || cs.clues[1].bad || cs.counts[0].bad || cs.counts[1].bad))
        r = PC_ENOMEM;
    if (r == PC_OK)
        r = pc__nf_check_size((int64_t)cs.counts[1].n, (int64_t)cs.counts[0].n, 0, 0, x->err, x->errcap);
    if (r == PC_OK) {
        sp->w = (int32_t)cs.counts[1].n;
        sp->h = (int32_t)cs.counts[0].n;
        for (int a = 0; a < 2 && r == PC_OK; a++)
            for (size_t i = 0; i < cs.clues[a].n && r == PC_OK; i++)
                if (cs.clues[a].a[i] > (a == 0 ? sp->w : sp->h))
                    r = xml_error(x, span_at[a],
                                  a == 0 ? "a row clue is longer than the width"
                                         : "a column clue is longer than the height",
                                  NULL);
    }
    if (r == PC_OK)
        return pc__nclueset_finish(&cs, sp);
    pc__nclueset_free(&cs);
    return r;
}

/* <title> and <id> of the puzzle. */
static int32_t xml_meta(const xml *x, size_t p0, size_t p1, pc__nspec *sp)
{
    static const char *const meta[] = {"title", "id"};
    for (int m = 0; m < 2; m++) {
        size_t from = p0, t = 0, t0 = 0, t1 = 0;
        int32_t r = next_element(x, &from, p1, meta[m], &t, &t0, &t1);
        if (r < 0)
            return r;
        char *s = r ? xml_text(x, t0, t1) : NULL;
        if (r && !s)
            return PC_ENOMEM;
        *(m == 0 ? &sp->title : &sp->id) = s;
    }
    return PC_OK;
}

/* The <image> at im (contents i0 .. i1) in the palette's chars. */
static int32_t xml_image(const xml *x, size_t im, size_t i0, size_t i1, const struct pc__ncpalette *p,
                         pc__nspec *sp)
{
    size_t cells = (size_t)sp->w * (size_t)sp->h, got = 0;
    sp->goal = pc__malloc(cells);
    if (!sp->goal)
        return PC_ENOMEM;
    for (size_t i = i0; i < i1; i++) {
        char c = x->text[i];
        if (pc__nf_space(c) || c == '|')
            continue;
        int k = pc__nf_palette_sym(p, 0, c);
        if (k < 0)
            return xml_error(x, i, "unknown image character ", (char[]){c, 0});
        if (got == cells)
            return xml_error(x, i, "image larger than the grid", NULL);
        sp->goal[got++] = (uint8_t)k;
    }
    if (got != cells)
        return xml_error(x, im, "image smaller than the grid", NULL);
    return PC_OK;
}

/* The goal (or a solution of type "solution"); "saved" images are not
 * solutions. */
static int32_t xml_goal(const xml *x, size_t p0, size_t p1, const struct pc__ncpalette *p, pc__nspec *sp)
{
    size_t from = p0, so = 0, s0 = 0, s1 = 0, vn, im = 0, i0 = 0, i1 = 0;
    int32_t r;
    while ((r = next_element(x, &from, p1, "solution", &so, &s0, &s1)) == 1) {
        const char *v = attribute(x, so, "type", &vn);
        if (v && !attr_is(v, vn, "goal") && !attr_is(v, vn, "solution"))
            continue;
        r = next_element(x, &s0, s1, "image", &im, &i0, &i1);
        if (r == 0)
            return xml_error(x, so, "<solution> without <image>", NULL);
        return r < 0 ? r : xml_image(x, im, i0, i1, p, sp);
    }
    return r;
}

/* An attribute of the <puzzle> tag, or its default. */
static const char *puzzle_attribute(const xml *x, size_t at, const char *attr, const char *def, size_t *n)
{
    const char *v = attribute(x, at, attr, n);
    if (!v) {
        v = def;
        *n = strlen(def);
    }
    return v;
}

int32_t pc__nxml_parse(const char *text, size_t len, size_t at, pc__nspec *sp, char *err, size_t errcap)
{
    xml x = {text, len, err, errcap};
    size_t p0, p1, pafter, tn, dn, bn;
    int32_t r = element(&x, at, len, "puzzle", &p0, &p1, &pafter);
    if (r != PC_OK)
        return r;
    const char *type = attribute(&x, at, "type", &tn);
    if (type && !attr_is(type, tn, "grid"))
        return xml_error(&x, at, "only grid puzzles are supported", NULL);
    const char *def = puzzle_attribute(&x, at, "defaultcolor", "black", &dn);
    const char *bg = puzzle_attribute(&x, at, "backgroundcolor", "white", &bn);
    struct pc__ncpalette p;
    if ((r = xml_palette(&x, at, p0, p1, bg, bn, def, dn, &p)) != PC_OK)
        return r;
    if (!is_black_and_white(&x, at, &p)) {
        if (!(sp->pal = pc__malloc(sizeof p)))
            return PC_ENOMEM;
        *sp->pal = p;
    }
    if ((r = xml_all_clues(&x, at, p0, p1, &p, palette_by_name(&p, p.n + 1, def, dn), sp)) != PC_OK)
        return r;
    if ((r = xml_meta(&x, p0, p1, sp)) != PC_OK)
        return r;
    return xml_goal(&x, p0, p1, &p, sp);
}

/* ---- writing ---------------------------------------------------------------------- */

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

/* <tag>text</tag> when the text is not empty. */
static void write_element(pc__sb *sb, const char *tag, const char *s)
{
    if (!s || !*s)
        return;
    pc__sb_printf(sb, "<%s>", tag);
    xml_escape(sb, s, strlen(s));
    pc__sb_printf(sb, "</%s>\n", tag);
}

/* The <clues> of one axis, each count with its colour's name (colour 1's without). */
static void write_xml_clues(pc__sb *sb, const pc__nspec *sp, int a)
{
    pc__sb_printf(sb, "<clues type=\"%s\">\n", a == 0 ? "rows" : "columns");
    size_t k = 0;
    for (int32_t i = 0; i < (a == 0 ? sp->h : sp->w); i++) {
        pc__sb_puts(sb, "<line>");
        for (int32_t j = 0; j < sp->counts[a][i]; j++, k++) {
            int32_t v = sp->clues[a][k];
            uint8_t c = !v ? 0 : sp->colours[a] ? sp->colours[a][k] : 1;
            if (c == 1)
                pc__sb_printf(sb, "<count>%d</count>", (int)v);
            else if (c > 1)
                pc__sb_printf(sb, "<count color=\"%s\">%d</count>", sp->pal->name[c], (int)v);
        }
        pc__sb_puts(sb, "</line>\n");
    }
    pc__sb_puts(sb, "</clues>\n");
}

/* The <color> elements: white . and black X, or every palette entry. */
static void write_xml_colours(pc__sb *sb, const struct pc__ncpalette *p)
{
    if (!p) {
        pc__sb_puts(sb, "<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n");
        return;
    }
    for (int32_t k = 0; k <= p->n; k++) {
        pc__sb_puts(sb, "<color name=\"");
        xml_escape(sb, p->name[k], strlen(p->name[k]));
        pc__sb_puts(sb, "\" char=\"");
        xml_escape(sb, &p->sym[k], 1);
        pc__sb_printf(sb, "\">%06x</color>\n", (unsigned)p->rgb[k]);
    }
}

void pc__nxml_write(const pc__nspec *sp, pc__sb *sb)
{
    const struct pc__ncpalette *p = sp->pal;
    pc__sb_puts(sb, "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n"
                    "<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"");
    if (p)
        pc__sb_printf(sb, "%s\" backgroundcolor=\"%s", p->name[1], p->name[0]);
    else
        pc__sb_puts(sb, "black");
    pc__sb_puts(sb, "\">\n");
    write_element(sb, "id", sp->id);
    write_element(sb, "title", sp->title);
    write_xml_colours(sb, p);
    write_xml_clues(sb, sp, 1);
    write_xml_clues(sb, sp, 0);
    if (sp->goal) {
        const char *chars = p ? p->sym : ".X";
        pc__sb_puts(sb, "<solution type=\"goal\">\n<image>\n");
        for (int32_t y = 0; y < sp->h; y++) {
            pc__sb_putc(sb, '|');
            for (int32_t x = 0; x < sp->w; x++)
                xml_escape(sb, &chars[sp->goal[(size_t)y * (size_t)sp->w + (size_t)x]], 1);
            pc__sb_puts(sb, "|\n");
        }
        pc__sb_puts(sb, "</image>\n</solution>\n");
    }
    pc__sb_puts(sb, "</puzzle>\n</puzzleset>\n");
}
