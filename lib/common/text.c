/* Internal text helpers: see text.h. */
#if defined(__MINGW32__) && !defined(__USE_MINGW_ANSI_STDIO)
#define __USE_MINGW_ANSI_STDIO 1 /* the C99 vsnprintf (%zu, %lld), not MSVCRT's */
#endif
#include "common/text.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/common.h"
#include "common/alloc.h"

void pc__sb_init(pc__sb *sb)
{
    sb->data = NULL;
    sb->len = sb->cap = 0;
    sb->failed = 0;
}

void pc__sb_free(pc__sb *sb)
{
    pc__free(sb->data);
    pc__sb_init(sb);
}

static int sb_reserve(pc__sb *sb, size_t extra)
{
    if (sb->failed)
        return 0;
    if (sb->len + extra + 1 <= sb->cap)
        return 1;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < sb->len + extra + 1) {
        if (cap > SIZE_MAX / 2) {
            sb->failed = 1;
            return 0;
        }
        cap *= 2;
    }
    char *p = pc__realloc(sb->data, cap);
    if (!p) {
        sb->failed = 1;
        return 0;
    }
    sb->data = p;
    sb->cap = cap;
    return 1;
}

void pc__sb_putn(pc__sb *sb, const char *s, size_t n)
{
    if (!sb_reserve(sb, n))
        return;
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void pc__sb_putc(pc__sb *sb, char c)
{
    pc__sb_putn(sb, &c, 1);
}

void pc__sb_puts(pc__sb *sb, const char *s)
{
    pc__sb_putn(sb, s, strlen(s));
}

void pc__sb_u64(pc__sb *sb, uint64_t v)
{
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    pc__sb_putn(sb, tmp + i, sizeof tmp - i);
}

void pc__sb_i64(pc__sb *sb, int64_t v)
{
    if (v < 0) {
        pc__sb_putc(sb, '-');
        pc__sb_u64(sb, (uint64_t)0 - (uint64_t)v);
    } else {
        pc__sb_u64(sb, (uint64_t)v);
    }
}

void pc__sb_printf(pc__sb *sb, const char *fmt, ...)
{
    if (sb->failed)
        return;
    /* Format straight into the free space; only a text that does not fit
     * (rare once the buffer has grown) is measured and formatted again.
     * Saves and move lists are built from many short pieces: formatting
     * each one twice was the larger part of writing them. */
    size_t room = sb->data ? sb->cap - sb->len : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(room ? sb->data + sb->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n < 0) {
        if (room)
            sb->data[sb->len] = '\0';
        sb->failed = 1;
        return;
    }
    if ((size_t)n < room) {
        sb->len += (size_t)n;
        return;
    }
    if (room)
        sb->data[sb->len] = '\0'; /* the truncated attempt leaves the text as it was */
    if (!sb_reserve(sb, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

int32_t pc__emit_str(const char *s, char *buf, size_t cap, size_t *len)
{
    if (!len || (!buf && cap))
        return PC_EINVAL;
    size_t n = strlen(s);
    *len = n;
    if (cap == 0)
        return PC_OK; /* a size query (doc/api.md, "Sizes") */
    if (n + 1 > cap) {
        memcpy(buf, s, cap - 1);
        buf[cap - 1] = '\0';
        return PC_ESPACE;
    }
    memcpy(buf, s, n + 1);
    return PC_OK;
}

int32_t pc__sb_emit(pc__sb *sb, char *buf, size_t cap, size_t *len)
{
    int32_t rc;
    if (sb->failed)
        rc = PC_ENOMEM;
    else
        rc = pc__emit_str(sb->data ? sb->data : "", buf, cap, len);
    pc__sb_free(sb);
    return rc;
}

int32_t pc__parse_error(char *err, size_t errcap, int32_t line, int32_t col, const char *fmt, ...)
{
    if (!err || errcap == 0)
        return PC_EPARSE;
    int n = 0;
    if (line > 0 && col > 0)
        n = snprintf(err, errcap, "line %d, column %d: ", (int)line, (int)col);
    else if (line > 0)
        n = snprintf(err, errcap, "line %d: ", (int)line);
    if (n < 0)
        n = 0;
    if ((size_t)n < errcap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, errcap - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return PC_EPARSE;
}

void pc__lines_init(pc__lines *it, const char *text, size_t len)
{
    it->text = text;
    it->len = text ? len : 0;
    it->pos = 0;
    it->lineno = 0;
}

int pc__lines_next(pc__lines *it, const char **line, size_t *n)
{
    if (it->pos >= it->len)
        return 0;
    const char *start = it->text + it->pos;
    const char *nl = memchr(start, '\n', it->len - it->pos);
    size_t m = nl ? (size_t)(nl - start) : it->len - it->pos;
    it->pos += m + (nl ? 1 : 0);
    if (m && start[m - 1] == '\r')
        m--;
    it->lineno++;
    *line = start;
    *n = m;
    return 1;
}

int pc__parse_i64(const char *s, size_t n, int64_t *out)
{
    size_t i = 0;
    int neg = 0;
    if (n && s[0] == '-') {
        neg = 1;
        i = 1;
    }
    if (i == n)
        return -1;
    uint64_t v = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > ((uint64_t)INT64_MAX + (uint64_t)neg - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

char *pc__strndup(const char *s, size_t n)
{
    char *p = pc__malloc(n + 1);
    if (p) {
        if (n)
            memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

static int field_space(unsigned char c)
{
    return c <= 0x20 || c == 0x7f;
}

int pc__field_ok(const char *s, size_t n)
{
    if (n == 0)
        return 1;
    if (!s || s[0] == ' ' || s[n - 1] == ' ')
        return 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] == 0x7f)
            return 0;
    return 1;
}

void pc__sb_put_field(pc__sb *sb, const char *s, size_t n)
{
    size_t i = 0;
    int wrote = 0;
    while (i < n) {
        if (field_space((unsigned char)s[i])) {
            while (i < n && field_space((unsigned char)s[i]))
                i++;
            if (wrote && i < n)
                pc__sb_putc(sb, ' ');
            continue;
        }
        size_t j = i;
        while (j < n && !field_space((unsigned char)s[j]))
            j++;
        pc__sb_putn(sb, s + i, j - i);
        wrote = 1;
        i = j;
    }
}

char *pc__field_clean(const char *s, size_t n, size_t *outn)
{
    pc__sb sb;
    pc__sb_init(&sb);
    pc__sb_put_field(&sb, s, n);
    char *p = sb.failed ? NULL : pc__strndup(sb.data ? sb.data : "", sb.len);
    if (p && outn)
        *outn = sb.len;
    pc__sb_free(&sb);
    return p;
}

void pc__trim(const char **s, size_t *n)
{
    const char *p = *s;
    size_t m = *n;
    while (m && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) {
        p++;
        m--;
    }
    while (m && (p[m - 1] == ' ' || p[m - 1] == '\t' || p[m - 1] == '\r' || p[m - 1] == '\n'))
        m--;
    *s = p;
    *n = m;
}
