/*
 * Nonogram file formats as plain data: where the puzzles of a text lie, the
 * guess of a text's format, and the dispatch to each format's reader and
 * writer (formats_non.c, formats_xml.c, formats_tcga.c).  doc/nonogram.md
 * ("Formats") and doc/nonogram-solving.md list what each reader accepts.
 * Every parse error names the line and the column (1-based; columns count
 * bytes).
 */
#include "nonogram/formats.h"

#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "nonogram/formats_util.h"
#include "puzzlecore/nonogram.h"

/* ---- sections: where puzzle `index` starts and ends ------------------------- */

/* The sections of a text are found in one pass; `want` >= 0 keeps only
 * section number `want` in `one`, SECT_ALL appends every section to `all`
 * (a collection reads them all, so finding each costs O(total size)),
 * SECT_COUNT only counts. */
enum { SECT_COUNT = -1, SECT_ALL = -2 };
typedef struct {
    int32_t count, want;
    pc__nsection one;
    pc__nsection *all;
    size_t cap;
    int oom;
} section_sink;

/* One more section [start, end) found. */
static void close_section(section_sink *k, size_t start, size_t end, int32_t line0)
{
    pc__nsection sec = {start, end, line0};
    if (k->want >= 0) {
        if (k->count == k->want)
            k->one = sec;
    } else if (k->want == SECT_ALL && !k->oom) {
        if ((size_t)k->count == k->cap) {
            size_t cap = k->cap ? 2 * k->cap : 16;
            pc__nsection *a = pc__realloc(k->all, cap * sizeof *a);
            if (!a) {
                k->oom = 1;
                return;
            }
            k->all = a;
            k->cap = cap;
        }
        k->all[k->count] = sec;
    }
    k->count++;
}

/* Sections of a line-based format.  kind: 'N' .non (split at "===="),
 * 'T' TCGA (a section starts at each "$" line), 'I' Tatham (one per
 * non-blank, non-comment line).  Sets k->count to the number of sections. */
static void sections(const char *text, size_t len, int kind, section_sink *k)
{
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    size_t cur_start = 0;
    int32_t cur_line0 = 0;
    int open = 0, content = 0;
    size_t pos = 0;
    while (pc__lines_next(&it, &l, &n)) {
        size_t lstart = (size_t)(l - text);
        const char *t = l;
        size_t tn = n;
        pc__trim(&t, &tn);
        if (kind == 'N') {
            int sep = tn >= 4;
            for (size_t i = 0; i < tn && sep; i++)
                sep = t[i] == '=';
            if (!open) {
                open = 1;
                content = 0;
                cur_start = lstart;
                cur_line0 = it.lineno - 1;
            }
            if (sep) {
                if (content)
                    close_section(k, cur_start, lstart, cur_line0);
                open = 0;
            } else if (tn && t[0] != '#') {
                content = 1;
            }
        } else if (kind == 'T') {
            if (tn && t[0] == '$') {
                if (open)
                    close_section(k, cur_start, lstart, cur_line0);
                open = 1;
                cur_start = lstart;
                cur_line0 = it.lineno - 1;
            }
        } else { /* 'I' */
            if (tn && t[0] != '#')
                close_section(k, lstart, lstart + n, it.lineno - 1);
        }
        pos = it.pos;
    }
    if (open && (kind == 'T' || content))
        close_section(k, cur_start, pos > len ? len : pos, cur_line0);
}

/* ---- dispatch -------------------------------------------------------------------- */

int32_t pc__nformat_detect(const char *text, size_t len)
{
    if (!text)
        return PC_EPARSE;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *l;
    size_t n;
    while (pc__lines_next(&it, &l, &n)) {
        pc__trim(&l, &n);
        if (n == 0 || l[0] == '#')
            continue;
        if (l[0] == '<')
            return PC_NONOGRAM_FORMAT_XML;
        if (l[0] == '$') {
            /* a solution file has only 0/1 values, as many per line as lines */
            int32_t rows = 0, sol = 1;
            while (pc__lines_next(&it, &l, &n)) {
                pc__trim(&l, &n);
                if (n && l[0] == '$')
                    break;
                if (!n)
                    continue;
                rows++;
                for (size_t i = 0; i < n && sol; i++)
                    if (!pc__nf_space(l[i]) && l[i] != '0' && l[i] != '1' && l[i] != ',')
                        sol = 0;
                /* a clue file line "1 0" is impossible (0 with others), but
                 * "1\t1\t1" could be either: count the values per line */
                int32_t vals = 0;
                for (size_t i = 0; i < n; i++)
                    if (!pc__nf_space(l[i]) && l[i] != ',' && (i == 0 || pc__nf_space(l[i - 1]) || l[i - 1] == ','))
                        vals++;
                if (sol && rows == 1 && vals < 2)
                    sol = 0;
            }
            return sol && rows > 0 ? PC_NONOGRAM_FORMAT_TCGA_SOLUTION : PC_NONOGRAM_FORMAT_TCGA;
        }
        size_t i = 0;
        while (i < n && pc__nf_digit(l[i]))
            i++;
        if (i > 0 && i < n && l[i] == 'x') {
            i++;
            while (i < n && pc__nf_digit(l[i]))
                i++;
            if (i < n && l[i] == ':')
                return PC_NONOGRAM_FORMAT_TATHAM;
        }
        return PC_NONOGRAM_FORMAT_NON;
    }
    return PC_EPARSE;
}

/* The section kind of a line-based format ('N', 'T', 'I'), 'X' for XML, 0
 * for anything else. */
static int section_kind(int32_t format)
{
    switch (format) {
    case PC_NONOGRAM_FORMAT_NON: return 'N';
    case PC_NONOGRAM_FORMAT_TCGA:
    case PC_NONOGRAM_FORMAT_TCGA_SOLUTION: return 'T';
    case PC_NONOGRAM_FORMAT_TATHAM: return 'I';
    case PC_NONOGRAM_FORMAT_XML: return 'X';
    default: return 0;
    }
}

static void find_sections(const char *text, size_t len, int kind, section_sink *k)
{
    if (kind == 'X') {
        /* every <puzzle> tag: a section that runs to the text's end */
        for (size_t at = 0; (at = pc__nxml_next_puzzle(text, len, at)) != (size_t)-1; at++)
            close_section(k, at, len, 0);
    } else {
        sections(text, len, kind, k);
    }
}

int32_t pc__nformat_count(const char *text, size_t len, int32_t format, char *err, size_t errcap)
{
    if (!text && len)
        return PC_EINVAL;
    if (format == PC_NONOGRAM_FORMAT_AUTO) {
        format = pc__nformat_detect(text, len);
        if (format < 0)
            return pc__parse_error(err, errcap, 1, 1, "not a nonogram format that this library reads");
    }
    int kind = section_kind(format);
    if (!kind)
        return PC_EINVAL;
    section_sink k = {0, SECT_COUNT, {0, 0, 0}, NULL, 0, 0};
    find_sections(text, len, kind, &k);
    if (k.count == 0)
        return pc__parse_error(err, errcap, 1, 1, "no puzzle found");
    return k.count;
}

int32_t pc__nformat_sections(const char *text, size_t len, int32_t format, pc__nsection **out, int32_t *count,
                             char *err, size_t errcap)
{
    int kind = section_kind(format);
    if ((!text && len) || !kind)
        return PC_EINVAL;
    section_sink k = {0, SECT_ALL, {0, 0, 0}, NULL, 0, 0};
    find_sections(text ? text : "", len, kind, &k);
    if (k.oom) {
        pc__free(k.all);
        return PC_ENOMEM;
    }
    if (k.count == 0) {
        pc__free(k.all);
        return pc__parse_error(err, errcap, 1, 1, "no puzzle found");
    }
    *out = k.all;
    *count = k.count;
    return PC_OK;
}

int32_t pc__nformat_parse_section(const char *text, size_t len, int32_t format, const pc__nsection *sec,
                                  pc__nspec *out, char *err, size_t errcap)
{
    pc__nspec sp;
    pc__nspec_init(&sp);
    const char *s = text + sec->start;
    size_t n = sec->end - sec->start;
    int32_t r;
    switch (format) {
    case PC_NONOGRAM_FORMAT_XML: r = pc__nxml_parse(text, len, sec->start, &sp, err, errcap); break;
    case PC_NONOGRAM_FORMAT_NON: r = pc__nnon_parse(s, n, sec->line0, &sp, err, errcap); break;
    case PC_NONOGRAM_FORMAT_TATHAM: r = pc__ntatham_parse(s, n, sec->line0 + 1, &sp, err, errcap); break;
    case PC_NONOGRAM_FORMAT_TCGA: r = pc__ntcga_parse(s, n, sec->line0, &sp, err, errcap); break;
    case PC_NONOGRAM_FORMAT_TCGA_SOLUTION:
        r = pc__ntcga_parse_solution(s, n, sec->line0, &sp, err, errcap);
        break;
    default: return PC_EINVAL;
    }
    if (r != PC_OK) {
        pc__nspec_free(&sp);
        return r;
    }
    *out = sp;
    return PC_OK;
}

int32_t pc__nformat_find(const char *text, size_t len, int32_t format, int32_t index, pc__nsection *out, char *err,
                         size_t errcap)
{
    int kind = section_kind(format);
    if (!kind || index < 0)
        return PC_EINVAL;
    section_sink k = {0, index, {0, 0, 0}, NULL, 0, 0};
    find_sections(text, len, kind, &k);
    if (k.count == 0)
        return kind == 'X' ? pc__parse_error(err, errcap, 1, 1, "no <puzzle> element")
                           : pc__parse_error(err, errcap, 1, 1, "no puzzle found");
    if (index >= k.count)
        return PC_ENOTFOUND;
    *out = k.one;
    return PC_OK;
}

int32_t pc__nformat_write(const pc__nspec *sp, int32_t format, pc__sb *sb)
{
    if (sp->pal && format != PC_NONOGRAM_FORMAT_NON && format != PC_NONOGRAM_FORMAT_XML)
        return PC_EINVAL; /* TCGA and Tatham ids are black and white */
    switch (format) {
    case PC_NONOGRAM_FORMAT_NON: pc__nnon_write(sp, sb); return PC_OK;
    case PC_NONOGRAM_FORMAT_XML: pc__nxml_write(sp, sb); return PC_OK;
    case PC_NONOGRAM_FORMAT_TATHAM: pc__ntatham_write(sp, sb); return PC_OK;
    case PC_NONOGRAM_FORMAT_TCGA: return pc__ntcga_write(sp, sb, 0, 1);
    case PC_NONOGRAM_FORMAT_TCGA_SOLUTION: return pc__ntcga_write(sp, sb, 1, 1);
    default: return PC_EINVAL;
    }
}
