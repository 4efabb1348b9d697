/* The one reader of save texts (save.h): header, key lines, words. */
#if defined(__MINGW32__) && !defined(__USE_MINGW_ANSI_STDIO)
#define __USE_MINGW_ANSI_STDIO 1 /* the C99 vsnprintf (%lld), as text.c */
#endif
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/save.h"
#include "puzzlecore/common.h"

static int is_space(char c)
{
    return c == ' ' || c == '\t';
}

/* The next line that is neither blank nor a comment, trimmed, with the
 * 1-based column of its first character; 0 at the end of the text. */
static int next_content_line(pc__lines *it, const char **s, size_t *n, int32_t *col)
{
    const char *line;
    size_t m;
    while (pc__lines_next(it, &line, &m)) {
        const char *t = line;
        size_t k = m;
        pc__trim(&t, &k);
        if (k == 0 || t[0] == '#')
            continue;
        *s = t;
        *n = k;
        *col = (int32_t)(t - line) + 1;
        return 1;
    }
    return 0;
}

int32_t pc__save_open(pc__save_in *in, const char *text, size_t len, const char *kind, const pc__save_key *keys,
                      int32_t nkeys, char *err, size_t errcap)
{
    memset(in, 0, sizeof *in);
    in->keys = keys;
    in->nkeys = nkeys < PC__SAVE_MAX_KEYS ? nkeys : PC__SAVE_MAX_KEYS;
    in->err = err;
    in->errcap = errcap;
    in->key = -1;
    if (err && errcap)
        err[0] = '\0';
    pc__lines_init(&in->it, text ? text : "", text ? len : 0);
    const char *s;
    size_t n;
    int32_t col;
    if (!next_content_line(&in->it, &s, &n, &col))
        return pc__parse_error(err, errcap, 0, 0, "empty text: expected \"puzzlecore-%s %d\"", kind,
                               (int)PC__SAVE_VERSION);
    size_t kl = strlen(kind);
    size_t w = 0;
    while (w < n && !is_space(s[w]))
        w++;
    if (w != 11 + kl || memcmp(s, "puzzlecore-", 11) != 0 || memcmp(s + 11, kind, kl) != 0)
        return pc__parse_error(err, errcap, in->it.lineno, col, "expected the header \"puzzlecore-%s %d\"", kind,
                               (int)PC__SAVE_VERSION);
    const char *v = s + w;
    size_t vn = n - w;
    pc__trim(&v, &vn);
    int64_t version;
    if (pc__parse_i64(v, vn, &version) != 0 || version < 1)
        return pc__parse_error(err, errcap, in->it.lineno, col, "expected the header \"puzzlecore-%s %d\"", kind,
                               (int)PC__SAVE_VERSION);
    if (version > PC__SAVE_VERSION)
        return pc__parse_error(err, errcap, in->it.lineno, col + (int32_t)(v - s),
                               "save version %lld is newer than this library reads (%d)", (long long)version,
                               (int)PC__SAVE_VERSION);
    return PC_OK;
}

int32_t pc__save_kind(const char *text, size_t len, const char **kind, size_t *n, char *err, size_t errcap)
{
    pc__lines it;
    const char *s;
    size_t m;
    int32_t col;
    pc__lines_init(&it, text ? text : "", text ? len : 0);
    if (!next_content_line(&it, &s, &m, &col) || m < 12 || memcmp(s, "puzzlecore-", 11) != 0)
        return pc__parse_error(err, errcap, it.lineno, it.lineno ? 1 : 0,
                               "not a puzzlecore save (the first line is puzzlecore-<kind> 1)");
    size_t e = 11;
    while (e < m && !is_space(s[e]))
        e++;
    *kind = s + 11;
    *n = e - 11;
    return PC_OK;
}

int32_t pc__save_next(pc__save_in *in)
{
    const char *s;
    size_t n;
    int32_t col;
    if (in->in_block || !next_content_line(&in->it, &s, &n, &col))
        return 0;
    size_t kl = 0;
    while (kl < n && !is_space(s[kl]))
        kl++;
    int32_t k = 0;
    while (k < in->nkeys && !(strlen(in->keys[k].name) == kl && memcmp(in->keys[k].name, s, kl) == 0))
        k++;
    in->line = in->it.lineno;
    if (k == in->nkeys)
        return pc__parse_error(in->err, in->errcap, in->line, col, "unknown key '%.*s'", (int)(kl < 40 ? kl : 40),
                               s);
    if (in->seen[k] && !(in->keys[k].flags & PC__SAVE_REPEAT))
        return pc__parse_error(in->err, in->errcap, in->line, col, "key '%s' given twice", in->keys[k].name);
    in->seen[k] = 1;
    in->key = k;
    const char *v = s + kl;
    size_t vn = n - kl;
    pc__trim(&v, &vn);
    in->v = v;
    in->vn = vn;
    in->col = col + (int32_t)(v - s);
    in->pos = 0;
    in->word_at = 0;
    if (in->keys[k].flags & PC__SAVE_BLOCK)
        in->in_block = 1;
    return 1;
}

int32_t pc__save_done(pc__save_in *in)
{
    for (int32_t k = 0; k < in->nkeys; k++)
        if ((in->keys[k].flags & PC__SAVE_REQUIRED) && !in->seen[k])
            return pc__parse_error(in->err, in->errcap, 0, 0, "missing key '%s'", in->keys[k].name);
    return PC_OK;
}

void pc__save_block(const pc__save_in *in, const char **text, size_t *len, int32_t *lineno)
{
    *text = in->it.text + in->it.pos;
    *len = in->it.len - in->it.pos;
    *lineno = in->it.lineno;
}

int pc__save_more(const pc__save_in *in)
{
    size_t i = in->pos;
    while (i < in->vn && is_space(in->v[i]))
        i++;
    return i < in->vn;
}

int32_t pc__save_word(pc__save_in *in, const char **w, size_t *n)
{
    size_t i = in->pos;
    while (i < in->vn && is_space(in->v[i]))
        i++;
    if (i == in->vn) {
        in->word_at = in->vn;
        return pc__save_fail(in, "'%s' needs more values", in->keys[in->key].name);
    }
    size_t j = i;
    while (j < in->vn && !is_space(in->v[j]))
        j++;
    in->word_at = i;
    in->pos = j;
    *w = in->v + i;
    *n = j - i;
    return PC_OK;
}

int32_t pc__save_int(pc__save_in *in, int64_t lo, int64_t hi, int64_t *v)
{
    const char *w;
    size_t n;
    int32_t rc = pc__save_word(in, &w, &n);
    if (rc != PC_OK)
        return rc;
    int64_t x;
    if (pc__parse_i64(w, n, &x) != 0 || x < lo || x > hi)
        return pc__save_fail(in, "'%s' wants a whole number from %lld to %lld", in->keys[in->key].name,
                             (long long)lo, (long long)hi);
    *v = x;
    return PC_OK;
}

int32_t pc__save_u64(pc__save_in *in, uint64_t *v)
{
    const char *w;
    size_t n;
    int32_t rc = pc__save_word(in, &w, &n);
    if (rc != PC_OK)
        return rc;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t d = (uint64_t)(w[i] - '0');
        if (w[i] < '0' || w[i] > '9' || x > (UINT64_MAX - d) / 10)
            return pc__save_fail(in, "'%s' wants an unsigned 64-bit number", in->keys[in->key].name);
        x = x * 10 + d;
    }
    if (n == 0)
        return pc__save_fail(in, "'%s' wants an unsigned 64-bit number", in->keys[in->key].name);
    *v = x;
    return PC_OK;
}

int32_t pc__save_group(pc__save_in *in, int32_t n, const int64_t *lo, const int64_t *hi, int64_t *v)
{
    const char *w;
    size_t wn;
    int32_t rc = pc__save_word(in, &w, &wn);
    if (rc != PC_OK)
        return rc;
    size_t i = 0, parts = 1;
    for (size_t k = 0; k < wn; k++)
        parts += w[k] == ':';
    if (parts != (size_t)n)
        return pc__save_fail(in, "'%s' wants groups of %d numbers joined by ':'", in->keys[in->key].name, (int)n);
    for (int32_t m = 0; m < n; m++) {
        size_t j = i;
        while (j < wn && w[j] != ':')
            j++;
        int64_t x;
        if (pc__parse_i64(w + i, j - i, &x) != 0 || x < lo[m] || x > hi[m]) {
            in->word_at += i;
            return pc__save_fail(in, "'%s': number %d of a group must be from %lld to %lld", in->keys[in->key].name,
                                 (int)m + 1, (long long)lo[m], (long long)hi[m]);
        }
        v[m] = x;
        i = j + 1;
    }
    return PC_OK;
}

int32_t pc__save_end(pc__save_in *in)
{
    if (!pc__save_more(in))
        return PC_OK;
    size_t i = in->pos;
    while (i < in->vn && is_space(in->v[i]))
        i++;
    in->word_at = i;
    return pc__save_fail(in, "too many values for '%s'", in->keys[in->key].name);
}

int32_t pc__save_text(pc__save_in *in, const char **s, size_t *n)
{
    const char *t = in->v + in->pos;
    size_t m = in->vn - in->pos;
    pc__trim(&t, &m);
    in->word_at = (size_t)(t - in->v);
    in->pos = in->vn;
    if (!pc__field_ok(t, m))
        return pc__save_fail(in, "'%s' must be one line of text without control characters",
                             in->keys[in->key].name);
    *s = t;
    *n = m;
    return PC_OK;
}

int32_t pc__save_fail(pc__save_in *in, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return pc__parse_error(in->err, in->errcap, in->line, in->col + (int32_t)in->word_at, "%s", msg);
}

void pc__save_header(pc__sb *sb, const char *kind)
{
    pc__sb_printf(sb, "puzzlecore-%s %d\n", kind, (int)PC__SAVE_VERSION);
}
