/*
 * examples/nonogram.c — play a nonogram in the terminal with libpuzzlecore.
 *
 *   cc nonogram.c $(pkg-config --cflags --libs libpuzzlecore) -o nonogram
 *   ./nonogram [RECORD-FILE]     play (commands on stdin, "help" lists them)
 *   ./nonogram --demo            a scripted game: a mistake, greying, the fix
 *
 * Clues the player's grid meets are shown in brackets: the "greyed out"
 * clues of the seed's game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlecore/puzzlecore.h>

/* The 5x5 cup of the seed's worked example. */
static const char CUP[] = "00100"
                          "01110"
                          "10101"
                          "10001"
                          "01110";

static void clue_text(const pc_nonogram *g, int32_t axis, int32_t i, char *out, size_t cap)
{
    int32_t c[64], n = 0;
    pc_nonogram_clues(g, axis, i, c, 64, &n);
    size_t k = 0;
    int sat = pc_nonogram_line_satisfied(g, axis, i) == 1;
    if (sat)
        k += (size_t)snprintf(out + k, cap - k, "[");
    for (int32_t j = 0; j < n && j < 64 && k < cap; j++)
        k += (size_t)snprintf(out + k, cap - k, j ? " %d" : "%d", (int)c[j]);
    if (sat && k < cap)
        snprintf(out + k, cap - k, "]");
}

static void show(const pc_nonogram *g)
{
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    char buf[256];
    printf("columns:");
    for (int32_t x = 0; x < w; x++) {
        clue_text(g, PC_NONOGRAM_COLS, x, buf, sizeof buf);
        printf(" %d:%s", (int)x + 1, buf);
    }
    printf("\n    ");
    for (int32_t x = 0; x < w; x++)
        printf("%d", (int)(x + 1) % 10);
    printf("\n");
    for (int32_t y = 0; y < h; y++) {
        printf("%3d ", (int)y + 1);
        for (int32_t x = 0; x < w; x++) {
            int32_t v = pc_nonogram_cell(g, x, y);
            putchar(v == PC_NONOGRAM_FILLED ? '#' : v == PC_NONOGRAM_CROSSED ? 'x' : '.');
        }
        clue_text(g, PC_NONOGRAM_ROWS, y, buf, sizeof buf);
        printf("  %s\n", buf);
    }
    printf("rows met %d/%d, columns met %d/%d%s\n", (int)pc_nonogram_satisfied_count(g, PC_NONOGRAM_ROWS), (int)h,
           (int)pc_nonogram_satisfied_count(g, PC_NONOGRAM_COLS), (int)w,
           pc_nonogram_is_solved(g) == 1 ? " -- SOLVED!" : "");
}

/* One command; returns 0 to quit. */
static int command(pc_nonogram *g, const char *line, int echo)
{
    char op[16] = "";
    int x = 0, y = 0, rw = 1, rh = 1;
    int n = sscanf(line, "%15s %d %d %d %d", op, &x, &y, &rw, &rh);
    if (n < 1)
        return 1;
    if (echo)
        printf("> %s", line);
    if (strcmp(op, "quit") == 0 || strcmp(op, "q") == 0)
        return 0;
    if (strcmp(op, "help") == 0) {
        printf("fill X Y [W H] | cross X Y [W H] | clear X Y [W H] | show | reset | quit\n"
               "(X = column, Y = row, from 1; W x H fills a rectangle like a drag)\n");
        return 1;
    }
    if (strcmp(op, "show") == 0) {
        show(g);
        return 1;
    }
    if (strcmp(op, "reset") == 0) {
        pc_nonogram_reset(g);
        show(g);
        return 1;
    }
    int32_t value = strcmp(op, "fill") == 0 ? PC_NONOGRAM_FILLED
                    : strcmp(op, "cross") == 0 ? PC_NONOGRAM_CROSSED
                    : strcmp(op, "clear") == 0 ? PC_NONOGRAM_UNKNOWN
                                               : -1;
    if (value < 0 || n < 3) {
        printf("? unknown command (try help)\n");
        return 1;
    }
    int32_t rc = pc_nonogram_set_rect(g, x - 1, y - 1, n >= 5 ? rw : 1, n >= 5 ? rh : 1, value);
    if (rc != PC_OK)
        printf("? %s\n", pc_strerror(rc));
    else
        show(g);
    return 1;
}

static const char *const DEMO[] = {
    "fill 2 5 3 1\n",  /* row 5: 0 1 1 1 0 -> its clue 3 greys */
    "fill 1 2 3 1\n",  /* row 2 as 1 1 1 0 0: meets "3" but is wrong */
    "fill 3 1\n",      "fill 1 3\n", "fill 3 3\n", "fill 5 3\n", "fill 1 4\n", "fill 5 4\n",
    "cross 1 2\n",     /* every row was grey but columns 1 and 4 were not: fix row 2 */
    "fill 4 2\n",      /* solved */
    NULL,
};

int main(int argc, char **argv)
{
    pc_nonogram *g = NULL;
    char err[256] = "";
    int demo = argc > 1 && strcmp(argv[1], "--demo") == 0;
    int32_t rc;
    if (argc > 1 && !demo) {
        FILE *f = fopen(argv[1], "rb");
        static char text[1 << 20];
        size_t len = f ? fread(text, 1, sizeof text, f) : 0;
        if (f)
            fclose(f);
        rc = f ? pc_nonogram_load(text, len, err, sizeof err, &g) : PC_EINVAL;
    } else {
        rc = pc_nonogram_new_from_solution(5, 5, CUP, sizeof CUP - 1, err, sizeof err, &g);
        if (rc == PC_OK)
            pc_nonogram_set_title(g, "en", "Cup", 3);
    }
    if (rc != PC_OK) {
        fprintf(stderr, "nonogram: %s %s\n", pc_strerror(rc), err);
        return 1;
    }
    printf("libpuzzlecore %s nonogram\n", pc_version_string());
    show(g);
    if (demo) {
        for (int i = 0; DEMO[i]; i++)
            command(g, DEMO[i], 1);
        int solved = pc_nonogram_is_solved(g) == 1;
        pc_nonogram_free(g);
        return solved ? 0 : 1;
    }
    char line[256];
    printf("> ");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin) && command(g, line, 0)) {
        printf("> ");
        fflush(stdout);
    }
    pc_nonogram_free(g);
    return 0;
}
