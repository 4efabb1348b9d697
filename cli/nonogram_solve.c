/* `puzzlecore nonogram solve|generate`: see cli/nonogram_solve.h and
 * doc/nonogram-solving.md. */
#include "nonogram_solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "puzzlecore/puzzlecore.h"

static const char *const format_names[] = {"auto", "non", "xml", "tatham", "tcga", "tcga-solution"};

static int32_t parse_format(const char *s, int allow_auto)
{
    for (int32_t i = allow_auto ? 0 : 1; i < 6; i++)
        if (strcmp(s, format_names[i]) == 0)
            return i;
    fprintf(stderr, "puzzlecore: unknown format %s (auto non xml tatham tcga tcga-solution)\n", s);
    exit(2);
}

static const char *grade_name(int64_t g)
{
    switch (g) {
    case PC_NONOGRAM_GRADE_LINE: return "line";
    case PC_NONOGRAM_GRADE_PROBE: return "probe";
    case PC_NONOGRAM_GRADE_SEARCH: return "search";
    default: return "none";
    }
}

static void solve_usage(FILE *f)
{
    fprintf(f,
            "usage: puzzlecore nonogram solve [options] FILE...\n"
            "\n"
            "Solves every puzzle of every FILE ('-' reads stdin): .non (bundles with ====),\n"
            "webpbn XML, Tatham ids (one per line), TCGA/TAAI question or solution files, a\n"
            "puzzlecore record, or a picture (rows of 0/1 or ./#: the puzzle it makes);\n"
            "the format is detected unless --format is given.\n"
            "\n"
            "  --count N          stop after N solutions (default 2: the uniqueness check)\n"
            "  --limit-seconds S  give up on a puzzle after S seconds (status=limit;\n"
            "                     default 10, the library's default budget)\n"
            "  --limit-nodes N    give up after N search nodes (status=limit)\n"
            "  --format F         auto non xml tatham tcga tcga-solution\n"
            "  --quiet            print the result lines only, no solution rows\n"
            "  --progress         a progress line on stderr even when it is not a terminal\n"
            "\n"
            "For each puzzle one line\n"
            "  puzzle=<id, $n, or FILE#i> width=<w> height=<h> status=<unique|multiple|none|limit|solved>\n"
            "  grade=<line|probe|search|none|unknown> solutions=<k> nodes=<n> probes=<n>\n"
            "  memory=<bytes> seconds=<s>\n"
            "(one line; \"solved\" is the status when --count 1 leaves uniqueness unchecked),\n"
            "followed by the k solutions found, each as <h> rows of 0/1 (a puzzle whose file\n"
            "names its colours: of their characters, background included).\n"
            "Exit status: 0 when every puzzle was read and solved, 1 otherwise, 2 on usage errors,\n"
            "130 when Ctrl-C cancelled a search (the progress line shows on a terminal).\n");
}

static void print_grid(const uint8_t *g, int32_t w, int32_t h)
{
    char *row = malloc((size_t)w + 2);
    if (!row)
        return;
    for (int32_t y = 0; y < h; y++) {
        for (int32_t x = 0; x < w; x++)
            row[x] = (char)('0' + g[(size_t)y * (size_t)w + (size_t)x]);
        row[w] = '\n';
        row[w + 1] = '\0';
        fputs(row, stdout);
    }
    free(row);
}

/* 1 when the file named its palette: more than one colour, or one colour
 * with a palette other than the default black and white (a .non `color`
 * line, an XML colour other than white and black). */
static int own_palette(const pc_nonogram *pz)
{
    static const char bw[] = ". ffffff white\n# 000000 black\n";
    char buf[sizeof bw + 1];
    size_t len = 0;
    if (pc_nonogram_colour_count(pz) > 1)
        return 1;
    return pc_nonogram_palette(pz, buf, sizeof buf, &len) != PC_OK || strcmp(buf, bw) != 0;
}

/* A solution's rows: 0/1, or for a puzzle with its own palette the
 * palette's symbols (background included). */
static void print_solution(const pc_nonogram *pz, const uint8_t *g, int32_t w, int32_t h)
{
    int32_t ncol = pc_nonogram_colour_count(pz);
    if (!own_palette(pz)) {
        print_grid(g, w, h);
        return;
    }
    char sym[PC_NONOGRAM_MAX_COLOURS + 1];
    for (int32_t k = 0; k <= ncol; k++) {
        int32_t c = '?';
        pc_nonogram_colour_info(pz, k, NULL, &c, NULL, 0, NULL);
        sym[k] = (char)c;
    }
    for (int32_t y = 0; y < h; y++) {
        for (int32_t x = 0; x < w; x++)
            putchar(sym[g[(size_t)y * (size_t)w + (size_t)x] % (ncol + 1)]);
        putchar('\n');
    }
}

/* Solve one puzzle and print its result; returns 0, 1 (not solved) or -1
 * (cancelled by Ctrl-C: nothing printed). */
static int solve_one(const pc_nonogram *g, const char *name, int32_t count, int64_t nodes, double seconds,
                     int quiet)
{
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    size_t cells = (size_t)w * (size_t)h;
    uint8_t *sols = quiet ? NULL : malloc(cells * (size_t)count);
    int64_t st[PC_NONOGRAM_STAT_COUNT] = {0};
    double t0 = cli_now();
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = nodes;
    b.max_seconds = seconds; /* 0: the default */
    int32_t rc = cli_search_end(
        pc_nonogram_solve(g, count, cli_search_begin(&b, name), sols, sols ? cells * (size_t)count : 0, st,
                          PC_NONOGRAM_STAT_COUNT));
    double dt = cli_now() - t0;
    if (rc == PC_ECANCELLED) {
        free(sols);
        return -1;
    }
    const char *status;
    if (rc == PC_ELIMIT)
        status = "limit";
    else if (rc < 0)
        status = "error";
    else if (rc == 0)
        status = "none";
    else if (count < 2)
        status = "solved";
    else if (rc == 1)
        status = "unique";
    else
        status = "multiple";
    printf("puzzle=%s width=%d height=%d status=%s grade=%s solutions=%d nodes=%lld probes=%lld memory=%lld "
           "seconds=%.6f\n",
           name, (int)w, (int)h, status, rc < 0 ? "unknown" : grade_name(st[PC_NONOGRAM_STAT_GRADE]),
           rc > 0 ? (int)rc : 0, (long long)st[PC_NONOGRAM_STAT_NODES], (long long)st[PC_NONOGRAM_STAT_PROBES],
           (long long)st[PC_NONOGRAM_STAT_MEMORY], dt);
    for (int32_t i = 0; sols && i < rc; i++)
        print_solution(g, sols + cells * (size_t)i, w, h);
    free(sols);
    if (rc < 0 && rc != PC_ELIMIT)
        fprintf(stderr, "puzzlecore: %s: %s\n", name, pc_strerror(rc));
    return rc < 0;
}

/* A picture file (as `puzzlecore nonogram clues` reads): only rows of 0/1 or
 * ./# characters, blank lines, and comment lines starting with "# ". */
static int is_picture(const char *text, size_t len)
{
    int cells = 0;
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && text[e] != '\n')
            e++;
        if (!(e - i >= 2 && text[i] == '#' && text[i + 1] == ' ')) {
            for (size_t j = i; j < e; j++) {
                char c = text[j];
                if (c == '0' || c == '1' || c == '.' || c == '#')
                    cells = 1;
                else if (c != ' ' && c != '\t' && c != '\r')
                    return 0;
            }
        }
        i = e + 1;
    }
    return cells;
}

/* The puzzle whose solution is that picture. */
static int32_t load_picture(const char *text, size_t len, pc_nonogram **out)
{
    char *bits = malloc(len + 1);
    if (!bits)
        return PC_ENOMEM;
    size_t n = 0;
    int32_t w = 0, h = 0;
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && text[e] != '\n')
            e++;
        int32_t rw = 0;
        if (!(e - i >= 2 && text[i] == '#' && text[i + 1] == ' '))
            for (size_t j = i; j < e; j++) {
                char c = text[j];
                if (c == '0' || c == '1' || c == '.' || c == '#') {
                    bits[n++] = (c == '1' || c == '#') ? '1' : '0';
                    rw++;
                }
            }
        if (rw) {
            if (w && rw != w) {
                free(bits);
                return PC_EPARSE;
            }
            w = rw;
            h++;
        }
        i = e + 1;
    }
    int32_t rc = h ? pc_nonogram_new_from_solution(w, h, bits, n, NULL, 0, out) : PC_EPARSE;
    free(bits);
    return rc;
}

int pc_cli_nonogram_solve(int argc, char **argv)
{
    int32_t count = 2, format = PC_NONOGRAM_FORMAT_AUTO;
    int64_t nodes = 0;
    double seconds = 0;
    int quiet = 0, files = 0, status = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            solve_usage(stdout);
            return 0;
        }
        if (strcmp(a, "--count") == 0 && i + 1 < argc) {
            count = (int32_t)cli_int(a, argv[++i], 1, 1000000);
        } else if (strcmp(a, "--limit-nodes") == 0 && i + 1 < argc) {
            nodes = cli_int(a, argv[++i], 1, INT64_MAX);
        } else if (strcmp(a, "--limit-seconds") == 0 && i + 1 < argc) {
            char *end = NULL;
            seconds = strtod(argv[++i], &end);
            if (!end || *end || !(seconds > 0)) {
                fprintf(stderr, "puzzlecore: --limit-seconds needs a positive number\n");
                return 2;
            }
        } else if (strcmp(a, "--format") == 0 && i + 1 < argc) {
            format = parse_format(argv[++i], 1);
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = 1;
        } else if (cli_search_option(a)) {
            continue;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "puzzlecore: nonogram solve: unknown option %s\n", a);
            solve_usage(stderr);
            return 2;
        } else {
            files++;
        }
    }
    if (!files) {
        solve_usage(stderr);
        return 2;
    }
    cli_search_init(0);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1]) {
            if (strcmp(a, "--quiet") != 0 && strcmp(a, "--progress") != 0)
                i++;
            continue;
        }
        size_t len;
        char *text = cli_read_file(a, &len);
        if (!text) {
            status = 1;
            continue;
        }
        char err[256] = "";
        int r = 0;
        if (strncmp(text, "puzzlecore-nonogram", 19) == 0) {
            pc_nonogram *g = NULL;
            int32_t rc = pc_nonogram_load(text, len, err, sizeof err, &g);
            if (rc != PC_OK) {
                status = cli_fail(a, rc, err);
            } else {
                char id[256];
                size_t n = 0;
                pc_nonogram_id(g, id, sizeof id, &n);
                r = solve_one(g, n && n < sizeof id ? id : a, count, nodes, seconds, quiet);
            }
            pc_nonogram_free(g);
            free(text);
            if (r < 0)
                return cli_interrupted("nonogram solve");
            status |= r;
            continue;
        }
        if (format == PC_NONOGRAM_FORMAT_AUTO && is_picture(text, len)) {
            pc_nonogram *g = NULL;
            int32_t rc = load_picture(text, len, &g);
            if (rc != PC_OK)
                status = cli_fail(a, rc, "a picture needs rows of equal length");
            else
                r = solve_one(g, a, count, nodes, seconds, quiet);
            pc_nonogram_free(g);
            free(text);
            if (r < 0)
                return cli_interrupted("nonogram solve");
            status |= r;
            continue;
        }
        int32_t total = pc_nonogram_import_count(text, len, format, err, sizeof err);
        if (total < 0) {
            status = cli_fail(a, total, err);
            free(text);
            continue;
        }
        for (int32_t k = 0; k < total; k++) {
            pc_nonogram *g = NULL;
            int32_t rc = pc_nonogram_import(text, len, format, k, err, sizeof err, &g);
            char name[512];
            if (rc != PC_OK) {
                snprintf(name, sizeof name, "%s#%d", a, (int)k + 1);
                status = cli_fail(name, rc, err);
                continue;
            }
            char id[256];
            size_t n = 0;
            pc_nonogram_id(g, id, sizeof id, &n);
            if (n && n < sizeof id)
                snprintf(name, sizeof name, "%s", id);
            else if (total > 1)
                snprintf(name, sizeof name, "%s#%d", a, (int)k + 1);
            else
                snprintf(name, sizeof name, "%s", a);
            r = solve_one(g, name, count, nodes, seconds, quiet);
            pc_nonogram_free(g);
            if (r < 0) {
                free(text);
                return cli_interrupted("nonogram solve");
            }
            status |= r;
        }
        free(text);
    }
    return status;
}

static void generate_usage(FILE *f)
{
    fprintf(f,
            "usage: puzzlecore nonogram generate [options]\n"
            "\n"
            "Seeded puzzles with exactly one solution, settled by the solver at --grade or\n"
            "easier; the same seed gives the same puzzle everywhere.\n"
            "\n"
            "  --width W --height H   size, 2..128 each (default 15 x 15)\n"
            "  --seed S               first seed (default 1); puzzle i uses seed S+i\n"
            "  --count N              how many puzzles (default 1)\n"
            "  --grade G              line | probe | search (default line)\n"
            "  --format F             write puzzle files instead: non xml tatham tcga tcga-solution\n"
            "                         (several .non puzzles are joined with ====)\n"
            "  --limit-seconds S      give up on a puzzle after S seconds (default 10)\n"
            "  --progress             a progress line on stderr even when it is not a terminal\n"
            "\n"
            "Without --format, one line per puzzle\n"
            "  puzzle=<id> width=<w> height=<h> seed=<s> grade=<line|probe|search> seconds=<s>\n"
            "followed by the picture as <h> rows of 0/1.  Ctrl-C cancels: exit 130.\n");
}

int pc_cli_nonogram_generate(int argc, char **argv)
{
    int32_t w = 15, h = 15, grade = PC_NONOGRAM_GRADE_LINE, format = -1;
    double seconds = 0; /* 0: the library's default */
    long long count = 1;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            generate_usage(stdout);
            return 0;
        }
        if (cli_search_option(a))
            continue;
        if (i + 1 >= argc) {
            generate_usage(stderr);
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(a, "--width") == 0)
            w = (int32_t)cli_int(a, v, 2, 128);
        else if (strcmp(a, "--height") == 0)
            h = (int32_t)cli_int(a, v, 2, 128);
        else if (strcmp(a, "--seed") == 0)
            seed = (uint64_t)cli_int(a, v, 0, INT64_MAX);
        else if (strcmp(a, "--count") == 0)
            count = cli_int(a, v, 1, 1000000);
        else if (strcmp(a, "--format") == 0)
            format = parse_format(v, 0);
        else if (strcmp(a, "--limit-seconds") == 0) {
            char *end = NULL;
            seconds = strtod(v, &end);
            if (!end || *end || !(seconds > 0)) {
                fprintf(stderr, "puzzlecore: --limit-seconds needs a positive number\n");
                return 2;
            }
        }
        else if (strcmp(a, "--grade") == 0) {
            if (strcmp(v, "line") == 0)
                grade = PC_NONOGRAM_GRADE_LINE;
            else if (strcmp(v, "probe") == 0)
                grade = PC_NONOGRAM_GRADE_PROBE;
            else if (strcmp(v, "search") == 0)
                grade = PC_NONOGRAM_GRADE_SEARCH;
            else {
                fprintf(stderr, "puzzlecore: --grade is line, probe or search\n");
                return 2;
            }
        } else {
            fprintf(stderr, "puzzlecore: nonogram generate: unknown option %s\n", a);
            generate_usage(stderr);
            return 2;
        }
    }
    size_t cells = (size_t)w * (size_t)h;
    uint8_t *pic = malloc(cells);
    if (!pic)
        return cli_fail("generate", PC_ENOMEM, NULL);
    int status = 0;
    cli_search_init(0);
    for (long long i = 0; i < count; i++) {
        pc_nonogram *g = NULL;
        double t0 = cli_now();
        pc_budget b;
        char label[64];
        snprintf(label, sizeof label, "puzzle %lld", i + 1);
        cli_budget(&b, 0, seconds);
        int32_t rc = cli_search_end(pc_nonogram_generate(w, h, seed + (uint64_t)i, grade, cli_search_begin(&b, label), &g));
        double dt = cli_now() - t0;
        int32_t gr = rc == PC_OK ? cli_search_end(pc_nonogram_grade(g, cli_search_begin(&b, label), NULL, 0)) : rc;
        if (rc == PC_ECANCELLED || gr == PC_ECANCELLED) {
            pc_nonogram_free(g);
            free(pic);
            return cli_interrupted("nonogram generate");
        }
        if (rc != PC_OK) {
            status = cli_fail("generate", rc, NULL);
            continue;
        }
        if (format < 0) {
            char id[128];
            size_t n;
            pc_nonogram_id(g, id, sizeof id, &n);
            printf("puzzle=%s width=%d height=%d seed=%llu grade=%s seconds=%.6f\n", id, (int)w, (int)h,
                   (unsigned long long)(seed + (uint64_t)i), grade_name(gr), dt);
            for (int32_t y = 0; y < h; y++)
                for (int32_t x = 0; x < w; x++)
                    pic[(size_t)y * (size_t)w + (size_t)x] = (uint8_t)pc_nonogram_solution_cell(g, x, y);
            print_grid(pic, w, h);
        } else {
            size_t n = 0;
            pc_nonogram_export(g, format, NULL, 0, &n);
            char *t = malloc(n + 1);
            rc = t ? pc_nonogram_export(g, format, t, n + 1, &n) : PC_ENOMEM;
            if (rc != PC_OK) {
                status = cli_fail("export", rc, NULL);
            } else {
                if (i > 0 && format == PC_NONOGRAM_FORMAT_NON)
                    fputs("====\n", stdout);
                if (format == PC_NONOGRAM_FORMAT_TCGA || format == PC_NONOGRAM_FORMAT_TCGA_SOLUTION) {
                    /* number the puzzles $1, $2, ... as tournament files do */
                    const char *nl = strchr(t, '\n');
                    printf("$%lld\n%s", i + 1, nl ? nl + 1 : "");
                } else {
                    fputs(t, stdout);
                }
            }
            free(t);
        }
        pc_nonogram_free(g);
    }
    free(pic);
    return status;
}
