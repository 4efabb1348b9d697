/* Helpers the game kinds share: params words and move words (see kind.h). */

#include <stdlib.h>
#include <string.h>

#include "game/kind.h"
#include "common/alloc.h"

int pc__param_is(const pc__param *p, const char *key)
{
    return p->klen == strlen(key) && memcmp(p->key, key, p->klen) == 0;
}

int32_t pc__param_int(const pc__param *p, int64_t lo, int64_t hi, int64_t *out, char *err, size_t errcap)
{
    int64_t v;
    if (pc__parse_i64(p->val, p->vlen, &v) != 0 || v < lo || v > hi)
        return pc__parse_error(err, errcap, 0, 0, "%.*s: '%.*s' is not a whole number from %lld to %lld",
                               (int)p->klen, p->key, (int)(p->vlen > 40 ? 40 : p->vlen), p->val, (long long)lo,
                               (long long)hi);
    *out = v;
    return PC_OK;
}

int32_t pc__param_unknown(const pc__param *p, const char *known, char *err, size_t errcap)
{
    return pc__parse_error(err, errcap, 0, 0, "%.*s: unknown parameter (known: %s)",
                           (int)(p->klen > 40 ? 40 : p->klen), p->key, known);
}

int32_t pc__words(const char *m, size_t n, const char **w, size_t *wn, int32_t max)
{
    int32_t k = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && m[i] == ' ')
            i++;
        if (i == n)
            break;
        size_t j = i;
        while (j < n && m[j] != ' ')
            j++;
        if (k == max)
            return -1;
        w[k] = m + i;
        wn[k] = j - i;
        k++;
        i = j;
    }
    return k;
}

int pc__word_int(const char *w, size_t n, int64_t lo, int64_t hi, int32_t *out)
{
    int64_t v;
    /* One spelling per number (no '+', no leading zero, no "-0"), so that a
     * move has exactly one text. */
    if (n == 0 || n > 12 || w[0] == '+' || (w[0] == '-' && (lo >= 0 || n == 1 || w[1] == '0')) ||
        (w[0] == '0' && n > 1) || pc__parse_i64(w, n, &v) != 0 || v < lo || v > hi)
        return 0;
    *out = (int32_t)v;
    return 1;
}

int pc__word_is(const char *w, size_t n, const char *s)
{
    return n == strlen(s) && memcmp(w, s, n) == 0;
}

int32_t pc__sb_put_text(pc__sb *sb, int32_t (*fn)(const void *, char *, size_t, size_t *), const void *obj)
{
    size_t n = 0;
    int32_t rc = fn(obj, NULL, 0, &n);
    if (rc < 0 && rc != PC_ESPACE)
        return rc;
    char *tmp = pc__malloc(n + 1);
    if (!tmp)
        return PC_ENOMEM;
    rc = fn(obj, tmp, n + 1, &n);
    if (rc == PC_OK)
        pc__sb_putn(sb, tmp, n);
    pc__free(tmp);
    return rc == PC_OK && sb->failed ? PC_ENOMEM : rc;
}
