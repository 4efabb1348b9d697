/*
 * bench/sokoban — solves a collection (default: data/sokoban/microban.txt)
 * optimally and prints one line per level and a total.
 *
 *   bench/sokoban [--mode moves|pushes] [--file F] [--from N] [--to N]
 *                 [--nodes N] [--mem MiB]
 *
 * Defaults: move-optimal, every level, 2048 MiB memory budget, 15 000 000
 * expansions per level (--nodes 0: no node budget), so `make bench`
 * reproduces the figures in doc/sokoban.md.  bound= is the proven lower
 * bound on the optimum (moves, or pushes in pushes mode): the optimum itself
 * when solved, how far the search got when a budget stopped it.  Exit 0 when
 * every level was solved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <puzzlecore/puzzlecore.h>

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

int main(int argc, char **argv)
{
    const char *file = NULL;
    int32_t mode = PC_SOKOBAN_MOVES;
    long from = 1, to = 1000000;
    unsigned long long nodes = 15000000, mem = 2048;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--mode") && v) {
            mode = !strcmp(v, "pushes") ? PC_SOKOBAN_PUSHES : PC_SOKOBAN_MOVES;
            i++;
        } else if (!strcmp(a, "--file") && v) {
            file = v;
            i++;
        } else if (!strcmp(a, "--from") && v) {
            from = strtol(v, NULL, 10);
            i++;
        } else if (!strcmp(a, "--to") && v) {
            to = strtol(v, NULL, 10);
            i++;
        } else if (!strcmp(a, "--nodes") && v) {
            nodes = strtoull(v, NULL, 10);
            i++;
        } else if (!strcmp(a, "--mem") && v) {
            mem = strtoull(v, NULL, 10);
            i++;
        } else {
            fprintf(stderr, "usage: %s [--mode moves|pushes] [--file F] [--from N] [--to N] "
                            "[--nodes N] [--mem MiB]\n", argv[0]);
            return 2;
        }
    }
    char path[4096];
    if (!file) {
        const char *dir = getenv("PUZZLECORE_DATA");
        snprintf(path, sizeof path, "%s/sokoban/microban.txt", dir ? dir : "data");
        file = path;
    }
    size_t len = 0;
    char *text = slurp(file, &len);
    if (!text) {
        fprintf(stderr, "bench/sokoban: cannot read %s (run from the source tree or set PUZZLECORE_DATA)\n",
                file);
        return 1;
    }
    char err[256];
    pc_sokoban_collection *c = NULL;
    int32_t rc = pc_sokoban_collection_parse(text, len, err, sizeof err, &c);
    free(text);
    if (rc < 0) {
        fprintf(stderr, "bench/sokoban: %s: %s\n", pc_strerror(rc), err);
        return 1;
    }
    int32_t n = pc_sokoban_collection_count(c);
    int solved = 0, tried = 0;
    double total = 0, worst = 0, tcpu = 0;
    unsigned long long tnodes = 0, peak = 0;
    printf("# mode=%s file=%s memory budget %llu MiB, node budget %llu%s\n",
           mode == PC_SOKOBAN_MOVES ? "moves" : "pushes", file, mem, nodes, nodes ? "" : " (none)");
    for (int32_t i = 0; i < n; i++) {
        if (i + 1 < from || i + 1 > to)
            continue;
        pc_sokoban *g = NULL;
        pc_sokoban_result *r = NULL;
        char title[128];
        size_t tl;
        pc_sokoban_collection_title(c, i, title, sizeof title, &tl);
        if (pc_sokoban_collection_level(c, i, &g) < 0)
            return 1;
        double t0 = now();
        clock_t c0 = clock();
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.max_nodes = (int64_t)nodes;
        b.max_seconds = -1; /* the node budget bounds the work: runs are reproducible */
        b.max_bytes = mem ? mem << 20 : UINT64_MAX;
        rc = pc_sokoban_solve(g, mode, &b, &r);
        double dt = now() - t0, cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
        tcpu += cpu;
        tried++;
        total += dt;
        if (dt > worst)
            worst = dt;
        if (r) {
            tnodes += pc_sokoban_result_nodes(r);
            if (pc_sokoban_result_bytes(r) > peak)
                peak = pc_sokoban_result_bytes(r);
        }
        if (rc == PC_OK)
            solved++;
        double ci = -1;
        if (rc == PC_OK && mode == PC_SOKOBAN_MOVES)
            pc_sokoban_index(g, r, &ci);
        printf("level=%s status=%s moves=%lld pushes=%lld boxes=%d c=%d ci=%.4f nodes=%llu states=%llu "
               "mib=%.1f seconds=%.3f cpu=%.3f bound=%lld\n",
               title, rc == PC_OK ? "solved" : pc_strerror(rc),
               r ? (long long)pc_sokoban_result_moves(r) : -1LL,
               r ? (long long)pc_sokoban_result_pushes(r) : -1LL, (int)pc_sokoban_box_count(g),
               (int)pc_sokoban_interior_count(g), ci,
               r ? (unsigned long long)pc_sokoban_result_nodes(r) : 0ULL,
               r ? (unsigned long long)pc_sokoban_result_states(r) : 0ULL,
               r ? (double)pc_sokoban_result_bytes(r) / 1048576.0 : 0.0, dt, cpu,
               r ? (long long)pc_sokoban_result_bound(r) : -1LL);
        fflush(stdout);
        pc_sokoban_result_free(r);
        pc_sokoban_free(g);
    }
    printf("total levels=%d solved=%d seconds=%.2f cpu=%.2f worst_seconds=%.2f nodes=%llu peak_mib=%.1f\n",
           tried, solved, total, tcpu, worst, tnodes, (double)peak / 1048576.0);
    pc_sokoban_collection_free(c);
    return solved == tried ? 0 : 1;
}
