/*
 * puzzlecore sokoban — solve levels optimally and compute their creativity
 * index.  One line per level, key=value fields:
 *   level=<title> moves=<m> pushes=<p> u=<u> c=<c> ci=<x> nodes=<n>
 *   seconds=<s> solution=<LURD> status=<solved|unsolvable|limit>
 * plus bound=<b> on a limit line (the proven lower bound on the optimum's
 * moves, pushes in pushes mode), and, for `index`, d= D= m= r= v= V= (the formula's parts).
 * Titles have blanks replaced by '_' so every field stays one word.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "puzzlecore/puzzlecore.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: puzzlecore sokoban solve FILE [--level N] [--mode moves|pushes|any|short] [--nodes N]\n"
               "                                    [--seconds S] [--mem MiB]\n"
               "       puzzlecore sokoban index FILE [--level N] [--mode moves] [--nodes N] [--seconds S] [--mem MiB]\n"
               "       puzzlecore sokoban check FILE\n"
               "\n"
               "solve  optimal solution of every level (or level N, 1-based) of an XSB file;\n"
               "       --mode moves (default): fewest moves, then pushes; pushes: the reverse;\n"
               "       any: some solution, found fast (not optimal; any level size);\n"
               "       short: any's solution, then shortened with the rest of the time.\n"
               "index  the Whirly map creativity index from the move-optimal solution; the\n"
               "       same line plus the formula's parts (d D m r v V).  The index is defined\n"
               "       on the move-optimal solution only: --mode pushes is refused (exit 2).\n"
               "check  parse and validate only: one line per level with its static facts.\n"
               "FILE may be '-' for standard input.  Budgets per level: --nodes (default\n"
               "none), --seconds (default: none for moves and pushes, 60 for any and short)\n"
               "and --mem in MiB (default 2048); a level over budget prints status=limit and\n"
               "bound=<b>, the proven lower bound on the optimum (moves or pushes).\n"
               "Output: one line per level, key=value fields: level moves pushes u c ci nodes\n"
               "seconds solution status ('-' where there is no value).\n"
               "A search shows its progress on stderr when it is a terminal (or with\n"
               "--progress); Ctrl-C cancels it: status=cancelled, exit 130.\n");
}

static void put_title(const pc_sokoban_collection *c, int32_t i)
{
    char t[256];
    size_t len;
    if (pc_sokoban_collection_title(c, i, t, sizeof t, &len) != PC_OK && len >= sizeof t)
        t[sizeof t - 1] = '\0';
    printf("level=");
    if (!t[0])
        printf("%d", (int)i + 1);
    for (char *p = t; *p; p++)
        putchar(*p == ' ' || *p == '\t' ? '_' : *p);
}

int pc_cli_sokoban(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1];
    int is_solve = !strcmp(cmd, "solve"), is_index = !strcmp(cmd, "index"), is_check = !strcmp(cmd, "check");
    if (!is_solve && !is_index && !is_check) {
        fprintf(stderr, "puzzlecore sokoban: unknown command '%s'\n", cmd);
        usage(stderr);
        return 2;
    }
    cli_search_init(0);
    const char *file = NULL;
    long long level = 0, nodes = 0, mem = 2048;
    double seconds = 0; /* 0: the mode's default */
    int32_t mode = PC_SOKOBAN_MOVES;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (cli_search_option(a))
            continue;
        if (a[0] == '-' && a[1] == '-') {
            if (i + 1 >= argc) {
                fprintf(stderr, "puzzlecore sokoban: %s needs a value\n", a);
                return 2;
            }
            const char *v = argv[++i];
            if (!strcmp(a, "--level"))
                level = cli_int(a, v, 1, 1000000);
            else if (!strcmp(a, "--nodes"))
                nodes = cli_int(a, v, 0, (long long)1 << 50);
            else if (!strcmp(a, "--seconds")) {
                char *end;
                seconds = strtod(v, &end);
                if (end == v || *end || !(seconds > 0) || seconds > 1e9) {
                    fprintf(stderr, "puzzlecore sokoban: bad value for --seconds: %s\n", v);
                    return 2;
                }
            } else if (!strcmp(a, "--mem"))
                mem = cli_int(a, v, 0, (long long)1 << 30);
            else if (!strcmp(a, "--mode") && is_index && !strcmp(v, "pushes")) {
                fprintf(stderr, "puzzlecore sokoban: index is defined on the move-optimal solution only "
                                "(use `solve --mode pushes` for push-optimal figures)\n");
                return 2;
            } else if (!strcmp(a, "--mode") && is_index && (!strcmp(v, "any") || !strcmp(v, "short"))) {
                fprintf(stderr, "puzzlecore sokoban: index is defined on the move-optimal solution only\n");
                return 2;
            } else if (!strcmp(a, "--mode") &&
                       (!strcmp(v, "moves") || !strcmp(v, "pushes") || !strcmp(v, "any") || !strcmp(v, "short")))
                mode = !strcmp(v, "moves")    ? PC_SOKOBAN_MOVES
                       : !strcmp(v, "pushes") ? PC_SOKOBAN_PUSHES
                       : !strcmp(v, "any")    ? PC_SOKOBAN_ANY
                                              : PC_SOKOBAN_SHORT;
            else {
                fprintf(stderr, "puzzlecore sokoban: bad option %s %s\n", a, v);
                return 2;
            }
        } else if (!file) {
            file = a;
        } else {
            fprintf(stderr, "puzzlecore sokoban: unexpected argument '%s'\n", a);
            return 2;
        }
    }
    if (!file) {
        usage(stderr);
        return 2;
    }
    size_t len;
    char *text = cli_read_file(file, &len);
    if (!text)
        return 1;
    char err[256];
    pc_sokoban_collection *c = NULL;
    int32_t rc = pc_sokoban_collection_parse(text, len, err, sizeof err, &c);
    free(text);
    if (rc != PC_OK)
        return cli_fail(file, rc, err);
    int32_t n = pc_sokoban_collection_count(c);
    if (level > n) {
        fprintf(stderr, "puzzlecore sokoban: %s has %d levels\n", file, (int)n);
        pc_sokoban_collection_free(c);
        return 2;
    }
    int exit_code = 0;
    for (int32_t i = 0; i < n; i++) {
        if (level && i != level - 1)
            continue;
        pc_sokoban *g = NULL;
        if ((rc = pc_sokoban_collection_level(c, i, &g)) != PC_OK) {
            exit_code = cli_fail("level", rc, NULL);
            break;
        }
        int32_t u = pc_sokoban_box_count(g) + 1, cells = pc_sokoban_interior_count(g);
        put_title(c, i);
        if (is_check) {
            printf(" width=%d height=%d boxes=%d u=%d c=%d dead=%d\n", (int)pc_sokoban_width(g),
                   (int)pc_sokoban_height(g), (int)pc_sokoban_box_count(g), (int)u, (int)cells,
                   (int)pc_sokoban_dead_count(g));
            pc_sokoban_free(g);
            continue;
        }
        pc_sokoban_result *r = NULL;
        double t0 = cli_now();
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.max_nodes = (int64_t)nodes;
        b.max_seconds = seconds > 0 ? seconds : mode == PC_SOKOBAN_ANY || mode == PC_SOKOBAN_SHORT ? 60.0 : -1.0;
        b.max_bytes = mem ? (uint64_t)mem << 20 : UINT64_MAX;
        char label[64];
        snprintf(label, sizeof label, "level %d", (int)i + 1);
        rc = cli_search_end(pc_sokoban_solve(g, mode, cli_search_begin(&b, label), &r));
        double dt = cli_now() - t0;
        if (rc == PC_ECANCELLED) {
            printf(" status=cancelled\n");
            pc_sokoban_result_free(r);
            pc_sokoban_free(g);
            pc_sokoban_collection_free(c);
            return cli_interrupted(is_index ? "sokoban index" : "sokoban solve");
        }
        if (!r) {
            printf("\n");
            exit_code = cli_fail("solve", rc, NULL);
            pc_sokoban_free(g);
            break;
        }
        const char *status = rc == PC_OK ? "solved" : rc == PC_ENOTFOUND ? "unsolvable" : "limit";
        /* The fields first, in its order; then status and, for
         * `index`, the formula's parts. */
        if (rc == PC_OK)
            printf(" moves=%lld pushes=%lld", (long long)pc_sokoban_result_moves(r),
                   (long long)pc_sokoban_result_pushes(r));
        else
            printf(" moves=- pushes=-");
        printf(" u=%d c=%d", (int)u, (int)cells);
        double ci;
        if (rc == PC_OK && mode == PC_SOKOBAN_MOVES && pc_sokoban_index(g, r, &ci) == PC_OK)
            printf(" ci=%.4f", ci);
        else
            printf(" ci=-");
        printf(" nodes=%llu seconds=%.3f", (unsigned long long)pc_sokoban_result_nodes(r), dt);
        size_t sl;
        pc_sokoban_result_lurd(r, NULL, 0, &sl);
        char *sol = malloc(sl + 1);
        if (sol && pc_sokoban_result_lurd(r, sol, sl + 1, &sl) == PC_OK)
            printf(" solution=%s", rc == PC_OK ? sol : "-");
        free(sol);
        printf(" status=%s", status);
        if (rc == PC_ELIMIT)
            printf(" bound=%lld", (long long)pc_sokoban_result_bound(r));
        if (is_index && rc == PC_OK) {
            double i_ = (double)pc_sokoban_result_pushes(r), p = (double)pc_sokoban_result_moves(r);
            double d, D, m, rr, v, V;
            pc_sokoban_index_raw_difficulty(i_, p, &d);
            pc_sokoban_index_difficulty(i_, p, &D);
            pc_sokoban_index_mechanical(u, cells, &m);
            pc_sokoban_index_rules(3, 1, &rr);
            pc_sokoban_index_raw_volumability(u, cells, 3, 1, &v);
            pc_sokoban_index_volumability(u, cells, 3, 1, &V);
            printf(" d=%.4f D=%.4f m=%.4f r=%.4f v=%.4f V=%.4f", d, D, m, rr, v, V);
        }
        printf("\n");
        fflush(stdout);
        if (rc != PC_OK)
            exit_code = 1;
        pc_sokoban_result_free(r);
        pc_sokoban_free(g);
    }
    pc_sokoban_collection_free(c);
    return exit_code;
}
