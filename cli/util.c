/* Helpers shared by the CLI subcommands (see cli.h). */
#define _POSIX_C_SOURCE 200809L
#ifdef HAVE_CONFIG_H
#include "config.h" /* PC_DATADIR_FROM_BINDIR, PC_PKGDATADIR */
#endif
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "puzzlecore/budget.h"
#include "puzzlecore/common.h"

#ifndef PC_DATADIR_FROM_BINDIR
#define PC_DATADIR_FROM_BINDIR "../share/libpuzzlecore"
#endif
#ifndef PC_PKGDATADIR
#define PC_PKGDATADIR "/usr/local/share/libpuzzlecore"
#endif

static const char *cli_argv0;

void cli_set_argv0(const char *argv0)
{
    cli_argv0 = argv0;
}

/* `dir`/`rel` opened for reading, or NULL (rel tried as given, then without
 * a leading "data/"). */
static FILE *open_in(const char *dir, size_t dirlen, const char *rel)
{
    for (int pass = 0; pass < 2; pass++) {
        const char *r = rel;
        if (pass == 1) {
            if (strncmp(rel, "data/", 5) != 0)
                break;
            r = rel + 5;
        }
        size_t need = dirlen + 1 + strlen(r) + 1;
        char *p = malloc(need);
        if (!p)
            return NULL;
        snprintf(p, need, "%.*s/%s", (int)dirlen, dir, r);
        FILE *f = fopen(p, "rb");
        free(p);
        if (f)
            return f;
    }
    return NULL;
}

/* The data directories, in order (see cli.h): $PUZZLECORE_DATADIR, the
 * package's data directory relative to this program, the configured one. */
static FILE *open_data(const char *rel)
{
    const char *env = getenv("PUZZLECORE_DATADIR");
    if (env && *env)
        return open_in(env, strlen(env), rel);
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0)
        exe[n] = '\0';
    else if (cli_argv0 && strchr(cli_argv0, '/') && strlen(cli_argv0) < sizeof exe)
        snprintf(exe, sizeof exe, "%s", cli_argv0);
    else
        exe[0] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) {
        char dir[4096 + sizeof PC_DATADIR_FROM_BINDIR + 1];
        snprintf(dir, sizeof dir, "%.*s/%s", (int)(slash - exe), exe, PC_DATADIR_FROM_BINDIR);
        FILE *f = open_in(dir, strlen(dir), rel);
        if (f)
            return f;
    }
    return open_in(PC_PKGDATADIR, strlen(PC_PKGDATADIR), rel);
}

char *cli_read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f && errno == ENOENT && path[0] != '/' && path[0] != '\0') {
        f = open_data(path);
        if (!f)
            errno = ENOENT;
    }
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
