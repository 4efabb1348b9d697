/*
 * bench/collections — reading multi-item texts is linear.
 *
 * Nonogram bundles of 10 000 random 15x15 puzzles in .non, TCGA and Tatham
 * form, and a Sokoban collection of 10 000 levels (Microban repeated under
 * new titles), are read through their collection objects: parse once, then
 * every item by index.  For contrast, pc_nonogram_import with index i
 * rescans the text each time (quadratic): timed on the first 1000 and 2000
 * puzzles.  With a path to a TCGA file (e.g. ../shared/data/nonogram/
 * tcga2016.txt) that file is read too.  CPU seconds.
 *
 * usage: bench/collections [--count N] [--tcga FILE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <puzzlecore/puzzlecore.h>

static double cpu(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

typedef struct {
    char *s;
    size_t len, cap;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = 2 * (b->len + n + 1);
        b->s = realloc(b->s, b->cap);
        if (!b->s) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        put(&b, chunk, n);
    fclose(f);
    *len = b.len;
    return b.s;
}

/* n random 15x15 puzzles in a format, joined as its bundles are. */
static char *nonogram_bundle(int32_t format, int32_t n, size_t *len)
{
    pc_rng *rng = NULL;
    pc_rng_new(12345, &rng);
    buf b = {0};
    char bits[226], text[8192];
    for (int32_t i = 0; i < n; i++) {
        for (int k = 0; k < 225; k++)
            bits[k] = (char)('0' + (pc_rng_next(rng) & 1));
        bits[225] = '\0';
        pc_nonogram *g = NULL;
        size_t tn = 0;
        if (pc_nonogram_new_from_solution(15, 15, bits, 225, NULL, 0, &g) != PC_OK)
            continue;
        char id[16];
        snprintf(id, sizeof id, "$%d", (int)i + 1);
        pc_nonogram_set_id(g, id, strlen(id));
        if (pc_nonogram_export(g, format, text, sizeof text, &tn) == PC_OK) {
            if (i && format == PC_NONOGRAM_FORMAT_NON)
                put(&b, "====\n", 5);
            put(&b, text, tn);
            if (format == PC_NONOGRAM_FORMAT_TATHAM)
                put(&b, "\n", 1);
        }
        pc_nonogram_free(g);
    }
    pc_rng_free(rng);
    *len = b.len;
    return b.s;
}

static void nonogram_row(const char *name, const char *text, size_t len, int32_t format)
{
    double t0 = cpu();
    pc_nonogram_collection *c = NULL;
    char err[256] = "";
    if (pc_nonogram_collection_parse(text, len, format, err, sizeof err, &c) != PC_OK) {
        printf("%-22s parse failed: %s\n", name, err);
        return;
    }
    double t1 = cpu();
    int32_t n = pc_nonogram_collection_count(c), got = 0;
    for (int32_t i = 0; i < n; i++) {
        pc_nonogram *g = NULL;
        if (pc_nonogram_collection_puzzle(c, i, &g) == PC_OK)
            got++;
        pc_nonogram_free(g);
    }
    double t2 = cpu();
    pc_nonogram_collection_free(c);
    /* the old way: import(index) for the first 1000 and 2000 */
    double q[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        int32_t m = (k + 1) * 1000;
        if (m > n)
            break;
        double s = cpu();
        for (int32_t i = 0; i < m; i++) {
            pc_nonogram *g = NULL;
            pc_nonogram_import(text, len, format, i, NULL, 0, &g);
            pc_nonogram_free(g);
        }
        q[k] = cpu() - s;
    }
    printf("%-22s %7d %9.2f %8.3f %8.3f %10.2f %12.3f %12.3f\n", name, (int)got, (double)len / 1e6, t1 - t0,
           t2 - t1, 1e6 * (t2 - t0) / (n ? n : 1), q[0], q[1]);
}

int main(int argc, char **argv)
{
    int32_t count = 10000;
    const char *tcga = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (strcmp(argv[i], "--tcga") == 0 && i + 1 < argc)
            tcga = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--count N] [--tcga FILE]\n", argv[0]);
            return 2;
        }
    }
    if (count < 1 || count > 1000000)
        count = 10000;
    printf("%-22s %7s %9s %8s %8s %10s %12s %12s\n", "collection", "items", "MB", "parse_s", "get_s", "us/item",
           "import1000_s", "import2000_s");
    const int32_t fmts[] = {PC_NONOGRAM_FORMAT_NON, PC_NONOGRAM_FORMAT_TCGA, PC_NONOGRAM_FORMAT_TATHAM};
    const char *names[] = {"nonogram .non 15x15", "nonogram TCGA 15x15", "nonogram Tatham 15x15"};
    for (int f = 0; f < 3; f++) {
        size_t len = 0;
        char *t = nonogram_bundle(fmts[f], count, &len);
        nonogram_row(names[f], t, len, fmts[f]);
        free(t);
    }
    if (!tcga)
        tcga = "../shared/data/nonogram/tcga2016.txt";
    size_t len = 0;
    char *t = read_file(tcga, &len);
    if (t) {
        nonogram_row("tcga2016 (25x25)", t, len, PC_NONOGRAM_FORMAT_TCGA);
        free(t);
    } else {
        printf("%-22s skipped: %s not found (--tcga FILE)\n", "tcga2016", tcga);
    }
    /* Sokoban: Microban repeated to `count` levels, each under a new title */
    char path[4096];
    const char *dir = getenv("PUZZLECORE_DATA");
    snprintf(path, sizeof path, "%s/sokoban/microban.txt", dir ? dir : "data");
    char *mb = read_file(path, &len);
    pc_sokoban_collection *mc = NULL;
    if (!mb || pc_sokoban_collection_parse(mb, len, NULL, 0, &mc) != PC_OK) {
        printf("%-22s skipped: %s not found (run from the source tree or set PUZZLECORE_DATA)\n", "sokoban", path);
        free(mb);
        return 0;
    }
    buf b = {0};
    int32_t mn = pc_sokoban_collection_count(mc);
    for (int32_t i = 0; i < count; i++) {
        pc_sokoban *lv = NULL;
        char line[64], board[65536];
        size_t bn = 0;
        if (pc_sokoban_collection_level(mc, i % mn, &lv) != PC_OK)
            continue;
        int n = snprintf(line, sizeof line, "; Level %d\n", (int)i + 1);
        put(&b, line, (size_t)n);
        if (pc_sokoban_write(lv, 1, board, sizeof board, &bn) == PC_OK)
            put(&b, board, bn);
        put(&b, "\n", 1);
        pc_sokoban_free(lv);
    }
    pc_sokoban_collection_free(mc);
    free(mb);
    double t0 = cpu();
    pc_sokoban_collection *c = NULL;
    char err[256] = "";
    if (pc_sokoban_collection_parse(b.s, b.len, err, sizeof err, &c) != PC_OK) {
        printf("%-22s parse failed: %s\n", "sokoban", err);
        free(b.s);
        return 1;
    }
    double t1 = cpu();
    int32_t n = pc_sokoban_collection_count(c), got = 0;
    for (int32_t i = 0; i < n; i++) {
        pc_sokoban *lv = NULL;
        if (pc_sokoban_collection_level(c, i, &lv) == PC_OK)
            got++;
        pc_sokoban_free(lv);
    }
    double t2 = cpu();
    pc_sokoban_collection_free(c);
    printf("%-22s %7d %9.2f %8.3f %8.3f %10.2f %12s %12s\n", "sokoban Microban x", (int)got, (double)b.len / 1e6,
           t1 - t0, t2 - t1, 1e6 * (t2 - t0) / (n ? n : 1), "-", "-");
    free(b.s);
    return 0;
}
