/*
 * examples/sokoban.c — play Sokoban in the terminal on libpuzzlecore.
 *
 *   sokoban [FILE [N]]      play level N (1-based, default 1) of an XSB file,
 *                           or Microban 1 without a file
 *   sokoban --solve [FILE [N]]  print the move-optimal solution and its index
 *   sokoban --demo          a short scripted game (no input)
 *
 * Keys (type them, then Enter): w a s d move, z undo, y redo, r restart,
 * ? show the optimal solution from here, q quit.
 *
 * Build: cc examples/sokoban.c $(pkg-config --cflags --libs libpuzzlecore)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlecore/puzzlecore.h>

static const char *MICROBAN_1 = "; Microban 1 (David W. Skinner)\n"
                                "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";

static void show(const pc_sokoban *g)
{
    char buf[8192];
    size_t len;
    if (pc_sokoban_write(g, 0, buf, sizeof buf, &len) == PC_OK)
        fputs(buf, stdout);
    printf("moves %lld  pushes %lld  boxes on goals %d/%d\n", (long long)pc_sokoban_moves(g),
           (long long)pc_sokoban_pushes(g), (int)pc_sokoban_boxes_on_goals(g), (int)pc_sokoban_box_count(g));
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    return buf;
}

/* Level n (1-based) of a file, or Microban 1. */
static pc_sokoban *load(const char *path, int n)
{
    char *text = path ? read_file(path) : NULL;
    if (path && !text) {
        fprintf(stderr, "cannot read %s\n", path);
        return NULL;
    }
    const char *src = text ? text : MICROBAN_1;
    char err[256];
    pc_sokoban_collection *c = NULL;
    pc_sokoban *g = NULL;
    int32_t rc = pc_sokoban_collection_parse(src, strlen(src), err, sizeof err, &c);
    if (rc != PC_OK)
        fprintf(stderr, "%s: %s\n", pc_strerror(rc), err);
    else if (pc_sokoban_collection_level(c, n - 1, &g) != PC_OK)
        fprintf(stderr, "no level %d (the file has %d)\n", n, (int)pc_sokoban_collection_count(c));
    pc_sokoban_collection_free(c);
    free(text);
    return g;
}

/* Solve from the current position and print the answer. */
static int solve(const pc_sokoban *g, char *out, size_t cap)
{
    pc_sokoban_result *r = NULL;
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = 30;
    b.max_bytes = (uint64_t)1 << 30;
    int32_t rc = pc_sokoban_solve(g, PC_SOKOBAN_MOVES, &b, &r);
    size_t len = 0;
    if (rc == PC_OK) {
        pc_sokoban_result_lurd(r, out, cap, &len);
        printf("optimal: %lld moves, %lld pushes (%llu states expanded): %s\n",
               (long long)pc_sokoban_result_moves(r), (long long)pc_sokoban_result_pushes(r),
               (unsigned long long)pc_sokoban_result_nodes(r), out);
    } else if (rc == PC_ENOTFOUND) {
        printf("no solution from here: undo some pushes\n");
    } else {
        printf("solver: %s\n", pc_strerror(rc));
    }
    pc_sokoban_result_free(r);
    return rc == PC_OK;
}

static int demo(void)
{
    pc_sokoban *g = load(NULL, 1);
    if (!g)
        return 1;
    char sol[4096], err[128];
    printf("Microban 1:\n");
    show(g);
    printf("\n> d l U   (walk down, left, push up)\n");
    pc_sokoban_step(g, PC_SOKOBAN_DOWN, NULL);
    pc_sokoban_step(g, PC_SOKOBAN_LEFT, NULL);
    int32_t pushed = 0;
    pc_sokoban_step(g, PC_SOKOBAN_UP, &pushed);
    show(g);
    printf("> z   (undo the push)\n");
    pc_sokoban_undo(g);
    show(g);
    printf("> ?   (ask the solver)\n");
    if (!solve(g, sol, sizeof sol)) {
        pc_sokoban_free(g);
        return 1;
    }
    if (pc_sokoban_apply_lurd(g, sol, strlen(sol), err, sizeof err) != PC_OK) {
        printf("replay failed: %s\n", err);
        pc_sokoban_free(g);
        return 1;
    }
    show(g);
    int done = pc_sokoban_is_solved(g) == 1;
    printf("%s\n", done ? "solved!" : "not solved?");
    pc_sokoban_restart(g);
    double ci;
    int64_t p, i;
    if (pc_sokoban_level_index(g, NULL, &ci, &p, &i) == PC_OK)
        printf("creativity index: p=%lld i=%lld u=%d c=%d Ci=%.4f\n", (long long)p, (long long)i,
               (int)pc_sokoban_box_count(g) + 1, (int)pc_sokoban_interior_count(g), ci);
    pc_sokoban_free(g);
    return done ? 0 : 1;
}

static int play(pc_sokoban *g)
{
    char line[256], sol[1 << 16];
    show(g);
    printf("w a s d move, z undo, y redo, r restart, ? solve, q quit\n");
    while (fgets(line, sizeof line, stdin)) {
        for (char *p = line; *p; p++) {
            int32_t rc = PC_OK;
            switch (*p) {
            case 'w': rc = pc_sokoban_step(g, PC_SOKOBAN_UP, NULL); break;
            case 'a': rc = pc_sokoban_step(g, PC_SOKOBAN_LEFT, NULL); break;
            case 's': rc = pc_sokoban_step(g, PC_SOKOBAN_DOWN, NULL); break;
            case 'd': rc = pc_sokoban_step(g, PC_SOKOBAN_RIGHT, NULL); break;
            case 'z': rc = pc_sokoban_undo(g); break;
            case 'y': rc = pc_sokoban_redo(g); break;
            case 'r': rc = pc_sokoban_restart(g); break;
            case '?': solve(g, sol, sizeof sol); break;
            case 'q': return 0;
            default: continue;
            }
            if (rc != PC_OK)
                printf("'%c': %s\n", *p, pc_strerror(rc));
        }
        show(g);
        if (pc_sokoban_is_solved(g) == 1) {
            printf("solved in %lld moves and %lld pushes\n", (long long)pc_sokoban_moves(g),
                   (long long)pc_sokoban_pushes(g));
            return 0;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--demo") == 0)
        return demo();
    int solve_only = argc > 1 && strcmp(argv[1], "--solve") == 0;
    int a = solve_only ? 2 : 1;
    const char *path = argc > a ? argv[a] : NULL;
    int n = argc > a + 1 ? atoi(argv[a + 1]) : 1;
    pc_sokoban *g = load(path, n);
    if (!g)
        return 1;
    int rc = 0;
    if (solve_only) {
        char sol[1 << 16];
        show(g);
        rc = solve(g, sol, sizeof sol) ? 0 : 1;
    } else {
        rc = play(g);
    }
    pc_sokoban_free(g);
    return rc;
}
