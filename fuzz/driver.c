/* fuzz/driver.c — a main() for the harnesses when libFuzzer is not there
 * (gcc, or a build without --enable-fuzzing).  With file arguments it runs
 * LLVMFuzzerTestOneInput once on each.  Without arguments it is a TAP test
 * of `make check`: it replays its seed corpus ($top_srcdir/fuzz/corpus/NAME)
 * and the saved crash inputs ($top_srcdir/tests/fuzz/NAME), NAME being the
 * program's own name, so every property of the harness is checked on those
 * inputs with any compiler, under valgrind too. */
#include "fuzz.h"

#include <dirent.h>

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    size_t cap = 4096, n = 0, r;
    uint8_t *buf = malloc(cap);
    FZ_CHECK(buf);
    while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            FZ_CHECK(nb);
            buf = nb;
        }
    }
    fclose(f);
    /* an exact-size copy, so a read past the end is an error under ASan/valgrind */
    uint8_t *exact = malloc(n ? n : 1);
    FZ_CHECK(exact);
    if (n) memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* every regular file of dir, in name order, as a TAP line each */
static int run_dir(const char *dir, int *count)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char **nn = realloc(names, (n + 1) * sizeof *names);
        FZ_CHECK(nn);
        names = nn;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        FZ_CHECK(names[n]);
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp);
    for (size_t i = 0; i < n; i++) {
        int rc = run_file(names[i]);
        printf("%s %d - %s\n", rc == 0 ? "ok" : "not ok", ++*count, names[i]);
        fflush(stdout);
        free(names[i]);
    }
    free(names);
    return (int)n;
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            if (run_file(argv[i]) != 0) {
                fprintf(stderr, "%s: cannot open\n", argv[i]);
                return 2;
            }
        return 0;
    }
    const char *top = getenv("top_srcdir");
    const char *name = strrchr(argv[0], '/');
    name = name ? name + 1 : argv[0];
    if (strncmp(name, "lt-", 3) == 0) name += 3;
    if (!top) top = ".";
    char dir[4096];
    int count = 0;
    snprintf(dir, sizeof dir, "%s/fuzz/corpus/%s", top, name);
    run_dir(dir, &count);
    snprintf(dir, sizeof dir, "%s/tests/fuzz/%s", top, name);
    run_dir(dir, &count);
    if (count == 0) printf("1..0 # SKIP no inputs for %s under %s\n", name, top);
    else printf("1..%d\n", count);
    return 0;
}
