/*
 * tests/tap.h — a tiny TAP producer for the C tests (header only).
 * Each test file calls plan_lazy() first and done_testing() last; ok() and
 * is_int() print one TAP line each, so automake's tap-driver counts them.
 */
#ifndef PC_TESTS_TAP_H
#define PC_TESTS_TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_n, tap_failed;

/* MinGW: the C99 printf (__USE_MINGW_ANSI_STDIO, set by configure) checks as gnu_printf */
#if defined(__MINGW32__)
#define TAP_PRINTF gnu_printf
#else
#define TAP_PRINTF printf
#endif

#if defined(__GNUC__)
__attribute__((format(TAP_PRINTF, 2, 0)))
#endif
static inline void tap_vline(int pass, const char *fmt, va_list ap)
{
    tap_n++;
    if (!pass)
        tap_failed++;
    printf("%s %d - ", pass ? "ok" : "not ok", tap_n);
    vprintf(fmt, ap);
    printf("\n");
    fflush(stdout);
}

#if defined(__GNUC__)
__attribute__((format(TAP_PRINTF, 2, 3)))
#endif
static inline int ok(int pass, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tap_vline(pass, fmt, ap);
    va_end(ap);
    return pass;
}

#if defined(__GNUC__)
__attribute__((format(TAP_PRINTF, 3, 4)))
#endif
static inline int is_int(int64_t got, int64_t want, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tap_vline(got == want, fmt, ap);
    va_end(ap);
    if (got != want)
        printf("#   got %" PRId64 ", want %" PRId64 "\n", got, want);
    return got == want;
}

#if defined(__GNUC__)
__attribute__((format(TAP_PRINTF, 3, 4)))
#endif
static inline int is_str(const char *got, const char *want, const char *fmt, ...)
{
    int pass = got && want && strcmp(got, want) == 0;
    va_list ap;
    va_start(ap, fmt);
    tap_vline(pass, fmt, ap);
    va_end(ap);
    if (!pass)
        printf("#   got \"%s\"\n#  want \"%s\"\n", got ? got : "(null)", want ? want : "(null)");
    return pass;
}

static inline void diag(const char *msg)
{
    printf("# %s\n", msg);
}

static inline int done_testing(void)
{
    printf("1..%d\n", tap_n);
    return tap_failed ? 1 : 0;
}

/* Read a whole file from the data folder ($PUZZLECORE_DATA or ./data). */
static inline char *tap_read_data(const char *name, size_t *len)
{
    const char *dir = getenv("PUZZLECORE_DATA");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "data", name);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}

#endif
