/*
 * bench/sokoban_fast — the fast solver (PC_SOKOBAN_ANY) over collections.
 *
 *   bench/sokoban_fast [--seconds S] [--wall W] [--mem MiB] [--optimum FILE] [--quiet] [--short] [--levels LIST] FILE...
 *
 * Each FILE is an XSB collection read by path (a missing file is skipped
 * with a message).  Every level gets S seconds of CPU time (default 10; the
 * machine may be shared, so the cap is on this process's CPU clock, read by
 * the budget's progress callback, with a wall-clock backstop of W seconds,
 * default 20 S, for a loaded machine) and
 * --mem MiB of search memory (default 2048).  One line per level (unless
 * --quiet), then per collection: levels solved, total and largest CPU
 * seconds, the solutions' moves and pushes, the solver's peak memory and the
 * process's peak resident size.
 *
 * --optimum FILE reads `level=<title> status=solved moves=<m> pushes=<p>`
 * lines (data/sokoban/microban-bench.txt, bench/sokoban's output) and
 * compares the fast solutions with those optima: levels compared, summed
 * moves of both, the mean ratio fast / optimal, and the levels solved at the
 * optimum (and below it, which would be a bug: each is named).
 *
 * --levels LIST runs only the levels of each file whose numbers (1-based,
 * in file order) are listed: numbers and ranges, comma-separated
 * ("14-16,18,40"), so a variant can be screened on the levels it concerns.
 *
 * --short solves in PC_SOKOBAN_SHORT mode instead: the same search, then the
 * second pass shortens the solution with the rest of each level's seconds.
 *
 * Every solution the library returns has been replayed by it; this program
 * replays it once more on a fresh copy of the level and counts a failure as
 * unsolved (and says so).  Exit 0 when every level of every file was solved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

#include <puzzlecore/puzzlecore.h>

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
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

static double cpu_now(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

typedef struct {
    double start, limit;
    long long nodes; /* the last count the progress callback saw */
} cpu_cap;

/* Progress callback: cancel when the level's CPU seconds are spent. */
static int32_t on_progress(void *user, int64_t nodes, double seconds, double bound)
{
    (void)seconds;
    (void)bound;
    cpu_cap *c = user;
    c->nodes = nodes;
    return cpu_now() - c->start > c->limit;
}

/* Optimal moves by title, from bench/sokoban's output. */
typedef struct {
    char title[64];
    long long moves;
} optimum;

static optimum *read_optima(const char *path, int *n)
{
    size_t len;
    char *text = slurp(path, &len);
    *n = 0;
    if (!text) {
        fprintf(stderr, "bench/sokoban_fast: cannot read %s: no comparison\n", path);
        return NULL;
    }
    optimum *v = NULL;
    int cap = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char title[64];
        long long m;
        if (sscanf(line, "level=%63s status=solved moves=%lld", title, &m) != 2)
            continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 256;
            optimum *nv = realloc(v, (size_t)cap * sizeof *v);
            if (!nv)
                break;
            v = nv;
        }
        snprintf(v[*n].title, sizeof v[*n].title, "%s", title);
        v[*n].moves = m;
        (*n)++;
    }
    free(text);
    return v;
}

/* Is level number k (1-based) in the --levels list (NULL: all)? */
static int level_listed(const char *list, int k)
{
    if (!list)
        return 1;
    const char *p = list;
    while (*p) {
        char *e;
        long lo = strtol(p, &e, 10), hi = lo;
        if (e == p)
            return 0; /* malformed: main checked it, so never here */
        if (*e == '-') {
            p = e + 1;
            hi = strtol(p, &e, 10);
        }
        if (k >= lo && k <= hi)
            return 1;
        p = *e == ',' ? e + 1 : e;
        if (*e && *e != ',')
            return 0;
    }
    return 0;
}

int main(int argc, char **argv)
{
    double seconds = 10, wallcap = 0;
    unsigned long long mem = 2048;
    const char *optfile = NULL, *levels = NULL;
    int quiet = 0, nfiles = 0, all_solved = 1;
    int32_t mode = PC_SOKOBAN_ANY;
    const char *files[64];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--seconds") && v) {
            seconds = strtod(v, NULL);
            i++;
        } else if (!strcmp(a, "--wall") && v) {
            wallcap = strtod(v, NULL);
            i++;
        } else if (!strcmp(a, "--mem") && v) {
            mem = strtoull(v, NULL, 10);
            i++;
        } else if (!strcmp(a, "--optimum") && v) {
            optfile = v;
            i++;
        } else if (!strcmp(a, "--levels") && v && v[0] >= '0' && v[0] <= '9') {
            levels = v;
            i++;
        } else if (!strcmp(a, "--quiet")) {
            quiet = 1;
        } else if (!strcmp(a, "--short")) {
            mode = PC_SOKOBAN_SHORT;
        } else if (a[0] != '-' && nfiles < 64) {
            files[nfiles++] = a;
        } else {
            fprintf(stderr, "usage: %s [--seconds S] [--wall W] [--mem MiB] [--optimum FILE] [--quiet] [--short] [--levels LIST] FILE...\n", argv[0]);
            return 2;
        }
    }
    if (nfiles == 0 || !(seconds > 0)) {
        fprintf(stderr, "usage: %s [--seconds S] [--wall W] [--mem MiB] [--optimum FILE] [--quiet] [--short] [--levels LIST] FILE...\n", argv[0]);
        return 2;
    }
    int nopt = 0;
    optimum *opt = optfile ? read_optima(optfile, &nopt) : NULL;
    printf("# fast mode (%s): %.1f s CPU (wall backstop %.0f s) and %llu MiB per level\n",
           mode == PC_SOKOBAN_SHORT ? "PC_SOKOBAN_SHORT" : "PC_SOKOBAN_ANY", seconds, wallcap > 0 ? wallcap : 20 * seconds,
           mem);
    for (int f = 0; f < nfiles; f++) {
        size_t len;
        char *text = slurp(files[f], &len);
        if (!text) {
            printf("# %s: cannot read, skipped\n", files[f]);
            continue;
        }
        char err[256];
        pc_sokoban_collection *c = NULL;
        int32_t rc = pc_sokoban_collection_parse(text, len, err, sizeof err, &c);
        free(text);
        if (rc < 0) {
            printf("# %s: %s: %s, skipped\n", files[f], pc_strerror(rc), err);
            all_solved = 0;
            continue;
        }
        int32_t n = pc_sokoban_collection_count(c);
        int solved = 0, compared = 0, at_optimum = 0, below_optimum = 0;
        double total = 0, worst = 0, worst_solved = 0, ratio_sum = 0;
        long long tmoves = 0, tpushes = 0, omoves = 0, fmoves = 0;
        unsigned long long peak = 0;
        for (int32_t i = 0; i < n; i++) {
            if (!level_listed(levels, (int)i + 1))
                continue;
            pc_sokoban *g = NULL;
            pc_sokoban_result *r = NULL;
            char title[128];
            size_t tl;
            if (pc_sokoban_collection_title(c, i, title, sizeof title, &tl) != PC_OK || !title[0])
                snprintf(title, sizeof title, "%d", (int)i + 1);
            for (char *p = title; *p; p++)
                if (*p == ' ' || *p == '\t')
                    *p = '_';
            if (pc_sokoban_collection_level(c, i, &g) < 0)
                return 1;
            cpu_cap cap = {cpu_now(), seconds, 0};
            pc_budget b;
            pc_budget_init(&b, sizeof b);
            b.max_seconds = wallcap > 0 ? wallcap : 20 * seconds;
            b.max_bytes = mem ? mem << 20 : UINT64_MAX;
            b.progress = on_progress;
            b.user = &cap;
            b.progress_every = 0.05;
            rc = pc_sokoban_solve(g, mode, &b, &r);
            double cpu = cpu_now() - cap.start;
            if (rc == PC_OK) {
                /* Replay once more, on a fresh copy. */
                size_t sl;
                pc_sokoban_result_lurd(r, NULL, 0, &sl);
                char *sol = malloc(sl + 1);
                pc_sokoban *t = NULL;
                if (!sol || pc_sokoban_result_lurd(r, sol, sl + 1, &sl) != PC_OK ||
                    pc_sokoban_collection_level(c, i, &t) != PC_OK ||
                    pc_sokoban_apply_lurd(t, sol, sl, NULL, 0) != PC_OK || pc_sokoban_is_solved(t) != 1) {
                    printf("# level %s: the solution does not replay!\n", title);
                    rc = PC_EINVAL;
                }
                pc_sokoban_free(t);
                free(sol);
            }
            total += cpu;
            if (cpu > worst)
                worst = cpu;
            if (r && pc_sokoban_result_bytes(r) > peak)
                peak = pc_sokoban_result_bytes(r);
            long long mv = rc == PC_OK ? (long long)pc_sokoban_result_moves(r) : -1;
            long long pu = rc == PC_OK ? (long long)pc_sokoban_result_pushes(r) : -1;
            if (rc == PC_OK) {
                solved++;
                if (cpu > worst_solved)
                    worst_solved = cpu;
                tmoves += mv;
                tpushes += pu;
                for (int k = 0; k < nopt; k++)
                    if (!strcmp(opt[k].title, title) && opt[k].moves > 0) {
                        compared++;
                        omoves += opt[k].moves;
                        fmoves += mv;
                        ratio_sum += (double)mv / (double)opt[k].moves;
                        at_optimum += mv == opt[k].moves;
                        if (mv < opt[k].moves) { /* a wrong optimum or a wrong replay: say so */
                            below_optimum++;
                            printf("# level %s: %lld moves, below the optimum %lld!\n", title, mv,
                                   (long long)opt[k].moves);
                        }
                        break;
                    }
            } else {
                all_solved = 0;
            }
            /* A search this program cancelled at its CPU cap returns no
             * result: its nodes are the progress callback's last count, and
             * its states and memory are not known ("-"), not 0. */
            char states[32] = "-", mib[32] = "-";
            if (r) {
                snprintf(states, sizeof states, "%llu", (unsigned long long)pc_sokoban_result_states(r));
                snprintf(mib, sizeof mib, "%.1f", (double)pc_sokoban_result_bytes(r) / 1048576.0);
            }
            if (!quiet || rc != PC_OK)
                printf("level=%s status=%s moves=%lld pushes=%lld boxes=%d c=%d nodes=%llu states=%s "
                       "mib=%s cpu=%.3f\n",
                       title, rc == PC_OK ? "solved" : rc == PC_ECANCELLED ? "limit" : pc_strerror(rc), mv, pu,
                       (int)pc_sokoban_box_count(g), (int)pc_sokoban_interior_count(g),
                       r ? (unsigned long long)pc_sokoban_result_nodes(r) : (unsigned long long)cap.nodes, states,
                       mib, cpu);
            fflush(stdout);
            pc_sokoban_result_free(r);
            pc_sokoban_free(g);
        }
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("collection=%s levels=%d solved=%d cpu_total=%.2f cpu_max=%.2f cpu_max_solved=%.2f moves=%lld "
               "pushes=%lld peak_mib=%.1f maxrss_mib=%.1f\n",
               files[f], (int)n, solved, total, worst, worst_solved, tmoves, tpushes, (double)peak / 1048576.0,
               (double)ru.ru_maxrss / 1024.0);
        if (compared)
            printf("optimum levels=%d fast_moves=%lld optimal_moves=%lld ratio_of_sums=%.3f mean_ratio=%.3f "
                   "at_optimum=%d below_optimum=%d\n",
                   compared, fmoves, omoves, (double)fmoves / (double)omoves, ratio_sum / compared, at_optimum,
                   below_optimum);
        fflush(stdout);
        pc_sokoban_collection_free(c);
    }
    free(opt);
    return all_solved ? 0 : 1;
}
