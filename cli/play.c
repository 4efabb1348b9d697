/*
 * `puzzlecore play KIND [key=value...] [--seed N] [--load FILE]`: play any
 * game in a terminal through pc_game.  Commands, one per line on stdin:
 *   MOVE          a move in the kind's notation (see `moves`)
 *   moves         every legal move, one per line
 *   undo | redo   take back / play again a move
 *   hint          the kind's suggestion (progress on a terminal; Ctrl-C
 *                 cancels the search, not the game)
 *   show          the position as text
 *   save FILE     write the game; load FILE: play a saved game instead
 *   quit
 * After every command one line: status=WORD over=0|1 to_move=P score=S[,S]
 * (and move= for hint), as the other commands print key=value fields.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "puzzlecore/puzzlecore.h"

static void status_line(const pc_game *g, int32_t rc, const char *extra)
{
    int32_t p = PC_GAME_NOBODY;
    pc_game_to_move(g, &p);
    printf("status=%s over=%d to_move=%d score=", cli_status_word(rc), (int)pc_game_over(g), (int)p);
    for (int32_t i = 0; i < pc_game_player_count(g); i++) {
        double s = 0;
        pc_game_score(g, i, &s);
        printf("%s%g", i ? "," : "", s);
    }
    printf("%s\n", extra ? extra : "");
    fflush(stdout);
}

static int32_t print_text(const pc_game *g, int32_t (*fn)(const pc_game *, char *, size_t, size_t *), FILE *to)
{
    size_t n = 0;
    int32_t rc = fn(g, NULL, 0, &n);
    if (rc != PC_OK && rc != PC_ESPACE)
        return rc;
    char *s = malloc(n + 1);
    if (!s)
        return PC_ENOMEM;
    rc = fn(g, s, n + 1, &n);
    if (rc == PC_OK)
        fwrite(s, 1, n, to);
    free(s);
    return rc;
}

static int32_t load_file(const char *path, pc_game **g)
{
    size_t len = 0;
    char *text = cli_read_file(path, &len), err[256] = "";
    if (!text)
        return PC_EIO;
    pc_game *ng = NULL;
    int32_t rc = pc_game_load(text, len, err, sizeof err, &ng);
    free(text);
    if (rc != PC_OK) {
        cli_fail("load", rc, err);
        return rc;
    }
    pc_game_free(*g);
    *g = ng;
    return PC_OK;
}

static int32_t hint(const pc_game *g, int32_t *rc_out)
{
    /* progress on a terminal (or --progress); Ctrl-C cancels the search,
     * not the game (cli/search.c) */
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    char m[PC_GAME_MAX_MOVE + 1] = "";
    size_t n = 0;
    int32_t rc = cli_search_end(pc_game_suggest(g, cli_search_begin(&b, "hint"), m, sizeof m, &n));
    char extra[PC_GAME_MAX_MOVE + 16] = "";
    if (rc == PC_OK)
        snprintf(extra, sizeof extra, " move=%s", m);
    status_line(g, rc, extra);
    *rc_out = rc;
    return rc;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: puzzlecore play KIND [key=value...] [--seed N] [--load FILE] [--progress]\n"
               "Kinds: nonogram pickerel snapper sokoban patchwork (parameters: doc/game.md).\n"
               "Commands on stdin: MOVE | moves | undo | redo | hint | show | save FILE | load FILE | quit\n"
               "After each: status= over= to_move= score= (hint adds move=).\n");
}

int pc_cli_play(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *kind = argv[1], *load = NULL;
    unsigned long long seed = 0;
    size_t cap = 1;
    for (int i = 2; i < argc; i++)
        cap += strlen(argv[i]) + 1;
    char *params = calloc(cap, 1);
    if (!params)
        return cli_fail("play", PC_ENOMEM, NULL);
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            seed = (unsigned long long)cli_int("--seed", argv[++i], 0, 9223372036854775807LL);
        } else if (strcmp(argv[i], "--load") == 0 && i + 1 < argc) {
            load = argv[++i];
        } else if (cli_search_option(argv[i])) {
            continue;
        } else if (argv[i][0] == '-') {
            free(params);
            usage(stderr);
            return 2;
        } else {
            strcat(params, argv[i]);
            strcat(params, " ");
        }
    }
    pc_game *g = NULL;
    char err[256] = "";
    int32_t rc = PC_OK;
    if (load) {
        rc = load_file(load, &g);
    } else {
        rc = pc_game_validate(kind, params, err, sizeof err);
        if (rc == PC_OK)
            rc = pc_game_new(kind, params, seed, &g);
        if (rc != PC_OK)
            cli_fail(kind, rc, rc == PC_ENOTFOUND ? "unknown kind (nonogram pickerel snapper sokoban patchwork)" : err);
    }
    free(params);
    if (rc != PC_OK)
        return 1;
    cli_search_init(1);
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strcspn(line, "\r\n");
        line[n] = '\0';
        char *arg = strchr(line, ' ');
        if (n == 0)
            continue;
        if (strcmp(line, "quit") == 0)
            break;
        if (strcmp(line, "moves") == 0) {
            rc = print_text(g, pc_game_moves, stdout);
        } else if (strcmp(line, "show") == 0) {
            rc = print_text(g, pc_game_render, stdout);
        } else if (strcmp(line, "undo") == 0) {
            rc = pc_game_undo(g);
        } else if (strcmp(line, "redo") == 0) {
            rc = pc_game_redo(g);
        } else if (strcmp(line, "hint") == 0) {
            hint(g, &rc);
            continue;
        } else if (arg && strncmp(line, "save ", 5) == 0) {
            FILE *f = fopen(arg + 1, "wb");
            rc = f ? print_text(g, pc_game_save, f) : PC_EIO;
            if (f && fclose(f) != 0)
                rc = PC_EIO;
        } else if (arg && strncmp(line, "load ", 5) == 0) {
            rc = load_file(arg + 1, &g);
        } else {
            rc = pc_game_play(g, line, n);
        }
        status_line(g, rc, NULL);
    }
    pc_game_free(g);
    return 0;
}
