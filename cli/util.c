/* Helpers shared by the CLI subcommands (see cli.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlecore/budget.h"
#include "puzzlecore/common.h"

char *cli_read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "puzzlecore: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
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
    int bad = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || bad) {
        free(buf);
        fprintf(stderr, "puzzlecore: %s: read failed\n", path);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

int cli_fail(const char *what, int32_t status, const char *detail)
{
    if (detail && *detail)
        fprintf(stderr, "puzzlecore: %s: %s: %s\n", what, pc_strerror(status), detail);
    else
        fprintf(stderr, "puzzlecore: %s: %s\n", what, pc_strerror(status));
    return 1;
}

long long cli_int(const char *opt, const char *value, long long lo, long long hi)
{
    char *end = NULL;
    errno = 0;
    long long v = value ? strtoll(value, &end, 10) : 0;
    if (!value || !*value || *end || errno || v < lo || v > hi) {
        fprintf(stderr, "puzzlecore: %s needs a whole number from %lld to %lld\n", opt, lo, hi);
        exit(2);
    }
    return v;
}

const char *cli_status_word(int32_t status)
{
    static const char *const words[] = {"ok",     "einval", "enomem", "erange",    "eillegal", "eover",
                                        "eparse", "espace", "elimit", "enotfound", "eio", "ecancelled"};
    return status <= 0 && status >= -11 ? words[-status] : "unknown";
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const struct pc_budget *cli_budget(struct pc_budget *b, int64_t nodes, double seconds)
{
    pc_budget_init(b, sizeof *b);
    b->max_nodes = nodes;
    b->max_seconds = seconds;
    return b;
}
