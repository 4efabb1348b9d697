/* `puzzlecore nonogram ...`: clues of puzzle files here; solving and
 * generating live in nonogram_solve.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nonogram_solve.h"
#include "nonogram_colour.h"
#include "puzzlecore/puzzlecore.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: puzzlecore nonogram clues [--axis rows|cols|both] FILE...\n"
               "       puzzlecore nonogram solve [OPTIONS] FILE...     (solve --help)\n"
               "       puzzlecore nonogram generate [OPTIONS]          (generate --help)\n"
               "       puzzlecore nonogram from-image [OPTIONS] FILE... (from-image --help)\n"
               "\n"
               "FILE is a puzzle record (\"puzzlecore-nonogram 1\", see doc/nonogram.md) or a\n"
               "picture: one row per line of '0'/'1' (or '.'/'#') characters, or a puzzle file\n"
               "(.non, webpbn XML, ...; the first puzzle).  '-' reads stdin.  A colour\n"
               "puzzle's clues carry their colour's character: clues=2r.1g\n"
               "For each file: one line\n"
               "  puzzle=<id or file name> width=<w> height=<h> solved=<0|1>\n"
               "then one line per row and per column\n"
               "  axis=<row|col> index=<0-based> clues=<n.n.n> satisfied=<0|1>\n"
               "where satisfied tells whether the saved player's grid meets that clue.\n");
}

/* A picture file: rows of 0/1 (or ./#) characters, blank lines and lines
 * starting with '#' followed by a space ignored. */
static int32_t load_picture(const char *text, size_t len, pc_nonogram **out, char *err, size_t errcap)
{
    char *bits = malloc(len + 1);
    if (!bits)
        return PC_ENOMEM;
    size_t n = 0;
    int32_t w = 0, h = 0, line = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        line++;
        int32_t rw = 0;
        if (!(e - p >= 2 && p[0] == '#' && p[1] == ' ')) {
            for (const char *q = p; q < e; q++) {
                if (*q == '\r' || *q == ' ' || *q == '\t')
                    continue;
                if (*q == '1' || *q == '#')
                    bits[n++] = '1';
                else if (*q == '0' || *q == '.')
                    bits[n++] = '0';
                else {
                    snprintf(err, errcap, "line %d, column %d: expected 0/1 or ./#", (int)line,
                             (int)(q - p) + 1);
                    free(bits);
                    return PC_EPARSE;
                }
                rw++;
            }
        }
        if (rw) {
            if (w && rw != w) {
                snprintf(err, errcap, "line %d: %d cells, earlier rows have %d", (int)line, (int)rw, (int)w);
                free(bits);
                return PC_EPARSE;
            }
            w = rw;
            h++;
        }
        p = nl ? nl + 1 : end;
    }
    int32_t rc = h ? pc_nonogram_new_from_solution(w, h, bits, n, err, errcap, out) : PC_EPARSE;
    if (!h)
        snprintf(err, errcap, "no rows");
    free(bits);
    return rc;
}

static void print_lines(const pc_nonogram *g, int32_t axis)
{
    int32_t lines = axis == PC_NONOGRAM_ROWS ? pc_nonogram_height(g) : pc_nonogram_width(g);
    int32_t len = axis == PC_NONOGRAM_ROWS ? pc_nonogram_width(g) : pc_nonogram_height(g);
    int32_t *c = malloc(sizeof *c * (size_t)len);
    for (int32_t i = 0; c && i < lines; i++) {
        int32_t n = 0;
        pc_nonogram_clues(g, axis, i, c, len, &n);
        printf("axis=%s index=%d clues=", axis == PC_NONOGRAM_ROWS ? "row" : "col", (int)i);
        for (int32_t k = 0; k < n; k++) {
            printf(k ? ".%d" : "%d", (int)c[k]);
            if (pc_nonogram_colour_count(g) > 1 && c[k]) { /* a colour clue: 2r.1g */
                uint8_t col[1] = {0};
                int32_t m = 0, sym = '?';
                pc_nonogram_clue_colours(g, axis, i, NULL, 0, &m);
                uint8_t *cols = malloc((size_t)m);
                if (cols && pc_nonogram_clue_colours(g, axis, i, cols, m, &m) == PC_OK)
                    col[0] = cols[k];
                free(cols);
                pc_nonogram_colour_info(g, col[0], NULL, &sym, NULL, 0, NULL);
                putchar((char)sym);
            }
        }
        printf(" satisfied=%d\n", (int)pc_nonogram_line_satisfied(g, axis, i));
    }
    free(c);
}

static int cmd_clues(int argc, char **argv)
{
    int rows = 1, cols = 1, files = 0, status = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--axis") == 0 && i + 1 < argc) {
            const char *a = argv[++i];
            rows = strcmp(a, "rows") == 0 || strcmp(a, "both") == 0;
            cols = strcmp(a, "cols") == 0 || strcmp(a, "both") == 0;
            if (!rows && !cols) {
                usage(stderr);
                return 2;
            }
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "puzzlecore: nonogram clues: unknown option %s\n", argv[i]);
            return 2;
        }
        files++;
        size_t len;
        char *text = cli_read_file(argv[i], &len);
        if (!text) {
            status = 1;
            continue;
        }
        pc_nonogram *g = NULL;
        char err[256] = "";
        int32_t rc = strncmp(text, "puzzlecore-nonogram", 19) == 0 ? pc_nonogram_load(text, len, err, sizeof err, &g)
                                                                   : load_picture(text, len, &g, err, sizeof err);
        if (rc == PC_EPARSE && strncmp(text, "puzzlecore-nonogram", 19) != 0 &&
            (pc_nonogram_detect_format(text, len) == PC_NONOGRAM_FORMAT_XML || strstr(text, "width")))
            rc = pc_nonogram_import(text, len, PC_NONOGRAM_FORMAT_AUTO, 0, err, sizeof err, &g); /* .non, XML */
        free(text);
        if (rc != PC_OK) {
            status = cli_fail(argv[i], rc, err);
            continue;
        }
        char id[256];
        size_t n;
        pc_nonogram_id(g, id, sizeof id, &n);
        printf("puzzle=%s width=%d height=%d solved=%d\n", n ? id : argv[i], (int)pc_nonogram_width(g),
               (int)pc_nonogram_height(g), (int)pc_nonogram_is_solved(g));
        if (rows)
            print_lines(g, PC_NONOGRAM_ROWS);
        if (cols)
            print_lines(g, PC_NONOGRAM_COLS);
        pc_nonogram_free(g);
    }
    if (!files) {
        usage(stderr);
        return 2;
    }
    return status;
}

int pc_cli_nonogram(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "clues") == 0)
        return cmd_clues(argc - 1, argv + 1);
    if (strcmp(argv[1], "solve") == 0)
        return pc_cli_nonogram_solve(argc - 1, argv + 1);
    if (strcmp(argv[1], "generate") == 0)
        return pc_cli_nonogram_generate(argc - 1, argv + 1);
    if (strcmp(argv[1], "from-image") == 0)
        return pc_cli_nonogram_from_image(argc - 1, argv + 1);
    fprintf(stderr, "puzzlecore: nonogram: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
