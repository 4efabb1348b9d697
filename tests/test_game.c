/*
 * pc_game conformance, written once and run for every kind (OpenSpiel's
 * generic tests): seeded random playouts checking at every step that
 *   - a finished game lists no moves and refuses every move (PC_EOVER);
 *   - every listed move is accepted (all of them on copies, in the first
 *     playouts of each kind; the chosen one and a random other after that);
 *   - unlisted and malformed moves are refused and leave the save text
 *     byte-identical;
 *   - undo restores the previous save text exactly, redo the next one;
 *   - a clone evolves independently of its original;
 *   - save -> load -> save is identical, through pc_game_load and through
 *     the kind's own loader (the save is the typed save);
 *   - scores agree with the typed API.
 * Then a golden playthrough per kind (tests/golden/game-<kind>.txt): a seeded
 * transcript compared byte for byte, so a rule, a generator or a text that
 * changes anywhere, on any platform, shows here.  Bad arguments last.
 *
 * PC_CONFORMANCE_PLAYOUTS (default 1000) sets the playouts per kind; the
 * valgrind run uses fewer.  PC_GOLDEN_WRITE=DIR writes the golden files.
 */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* Small games for the playouts: each ends (or hits the step cap) quickly.
 * One variant per kind (in the kinds' order), then variants of a kind that
 * change its rules: the colour nonogram. */
static const struct variant {
    const char *kind, *params, *golden;
} variants[] = {
    {"nonogram", "size=4x4", "game-nonogram"},
    {"pickerel", "level=4 loom_beads=1", "game-pickerel"},
    {"snapper", "preset=1", "game-snapper"},
    {"sokoban", "level=#######|#.--$-#|#-##--#|#--@$.#|#######", "game-sokoban"},
    {"patchwork", "league=4", "game-patchwork"},
    {"nonogram", "size=4x4 colours=3", "game-nonogram-colour"},
};
enum { NVARIANTS = sizeof variants / sizeof variants[0] };
static const char *const params[] = {
    "size=4x4", "level=4 loom_beads=1", "preset=1", "level=#######|#.--$-#|#-##--#|#--@$.#|#######", "league=4",
};
/* Random play rarely solves a puzzle: nonogram and Sokoban playouts stop
 * after 40 moves; the games end by themselves well before 400. */
enum { STEP_CAP = 400, PUZZLE_CAP = 40, MAXLINES = 4096 };

static char *text_of(const pc_game *g, int32_t (*fn)(const pc_game *, char *, size_t, size_t *))
{
    size_t n = 0;
    int32_t rc = fn(g, NULL, 0, &n);
    if (rc != PC_OK && rc != PC_ESPACE)
        return NULL;
    char *s = malloc(n + 1);
    if (s && fn(g, s, n + 1, &n) != PC_OK) {
        free(s);
        s = NULL;
    }
    return s;
}

static char *save_of(const pc_game *g)
{
    return text_of(g, pc_game_save);
}

/* Split the move list into lines (in place). */
static int32_t lines_of(char *list, char **line, int32_t max)
{
    int32_t n = 0;
    for (char *p = list; *p && n < max;) {
        char *e = strchr(p, '\n');
        if (!e)
            return -1; /* every move ends in '\n' */
        *e = '\0';
        line[n++] = p;
        p = e + 1;
    }
    return n;
}

static int listed(char **line, int32_t n, const char *m)
{
    for (int32_t i = 0; i < n; i++)
        if (strcmp(line[i], m) == 0)
            return 1;
    return 0;
}

/* The score through the typed API. */
static double typed_score(const pc_game *g, int32_t player)
{
    const void *t = pc_game_typed(g);
    const char *k = pc_game_kind(g);
    if (strcmp(k, "nonogram") == 0)
        return pc_nonogram_satisfied_count(t, PC_NONOGRAM_ROWS) + pc_nonogram_satisfied_count(t, PC_NONOGRAM_COLS);
    if (strcmp(k, "pickerel") == 0) {
        int64_t v = 0;
        pc_pickerel_score(t, &v);
        return (double)v;
    }
    if (strcmp(k, "snapper") == 0) {
        double v = 0.0;
        pc_snapper_score(t, &v);
        return v;
    }
    if (strcmp(k, "sokoban") == 0)
        return pc_sokoban_boxes_on_goals(t);
    int32_t v = 0;
    pc_patchwork_score(t, player, &v);
    return v;
}

/* Texts of the kind's notation that a step may or may not list: every one
 * not listed must be refused (the notation has one spelling per move, so
 * for every kind but Patchwork, where another orientation of a listed
 * placement is the same move, "not listed" means "illegal"). */
static int32_t candidates(const char *kind, char out[][48], int32_t max)
{
    int32_t n = 0;
#define ADD(...) (n < max ? (snprintf(out[n], 48, __VA_ARGS__), n++) : n)
    if (strcmp(kind, "nonogram") == 0) {
        /* the colour variant's paints, refused by a black-and-white puzzle;
         * fill, refused by a colour puzzle */
        static const char *v[6] = {"fill", "cross", "clear", "paint black", "paint red", "paint green"};
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 5; x++)
                for (int k = 0; k < 6; k++)
                    ADD("%s %d %d", v[k], x, y);
    } else if (strcmp(kind, "pickerel") == 0) {
        for (int i = 0; i < 13; i++)
            ADD("weave %d", i);
        ADD("scissors");
        for (int w = 3; w < 11; w++)
            ADD("resize %d", w);
        for (int b = 0; b < 3; b++)
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    ADD("splice %d %d %d", b, i, j);
        for (int r = 0; r < 12; r++)
            ADD("place 0 %d 1", r);
    } else if (strcmp(kind, "snapper") == 0) {
        for (int c = 0; c < 6; c++)
            for (int t = 0; t < 4; t++)
                ADD("%d:%d", c, t);
        ADD("drain");
    } else if (strcmp(kind, "sokoban") == 0) {
        ADD("l");
        ADD("u");
        ADD("r");
        ADD("d");
    }
#undef ADD
    return n;
}

static const char *const malformed[] = {"", " ", "xyzzy", "weave", "fill 1", "PLAY", "9:9:9", "L", "fill -0 1",
                                        "paint 1 0 0", "paint Red 0 0", "paint blue 0 0", "paint red 0",
                                        "weave 01", "fill 1 2 3", "SKIP SKIP", "drain 1", "u d"};

struct tally {
    int listed_bad, refused_bad, unchanged_bad, undo_bad, redo_bad, clone_bad, reload_bad, typed_bad, score_bad,
        over_bad, list_bad;
    long steps, tried;
};

static void check_step(pc_game *g, pc_rng *r, int thorough, struct tally *t, int *ended)
{
    char *list = text_of(g, pc_game_moves);
    char **line = malloc(sizeof *line * MAXLINES);
    int32_t n = list && line ? lines_of(list, line, MAXLINES) : -1;
    char *s0 = save_of(g);
    if (n < 0 || !s0) {
        t->list_bad++;
        *ended = 1;
        goto out;
    }
    if (pc_game_over(g) == 1) {
        int32_t p = 0;
        if (n != 0 || pc_game_play(g, "done", 4) != PC_EOVER || pc_game_to_move(g, &p) != PC_OK ||
            p != PC_GAME_NOBODY)
            t->over_bad++;
        *ended = 1;
        goto out;
    }
    if (n == 0) { /* not over, yet nothing to play: a rule hole */
        t->list_bad++;
        *ended = 1;
        goto out;
    }
    /* scores agree with the typed API */
    for (int32_t p = 0; p < pc_game_player_count(g); p++) {
        double sc;
        /* compared through memory: x87 keeps a returned double in 80 bits */
        volatile double want = typed_score(g, p);
        if (pc_game_score(g, p, &sc) != PC_OK || sc != want)
            t->score_bad++;
    }
    /* every listed move is accepted (on copies) */
    for (int32_t i = 0; i < n; i++) {
        uint64_t u = 0;
        if (!thorough) {
            pc_rng_uniform(r, (uint64_t)n, &u);
            if (i > 0)
                break;
        }
        const char *m = thorough ? line[i] : line[u];
        pc_game *c = NULL;
        if (pc_game_clone(g, &c) != PC_OK || pc_game_play(c, m, strlen(m)) != PC_OK)
            t->listed_bad++;
        t->tried++;
        pc_game_free(c);
    }
    /* unlisted and malformed moves are refused; nothing changes */
    if (thorough || t->steps % 7 == 0) {
        char cand[200][48];
        int32_t nc = candidates(pc_game_kind(g), cand, 200);
        for (int32_t i = 0; i < nc; i++) {
            if (listed(line, n, cand[i]))
                continue;
            if (pc_game_play(g, cand[i], strlen(cand[i])) >= 0)
                t->refused_bad++;
        }
        for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++)
            if (!listed(line, n, malformed[i]) && pc_game_play(g, malformed[i], strlen(malformed[i])) >= 0)
                t->refused_bad++;
        char *s = save_of(g);
        if (!s || strcmp(s, s0) != 0)
            t->unchanged_bad++;
        free(s);
    }
    /* play one listed move; clone, undo, redo, reload */
    uint64_t u;
    pc_rng_uniform(r, (uint64_t)n, &u);
    pc_game *before = NULL;
    pc_game_clone(g, &before);
    if (pc_game_play(g, line[u], strlen(line[u])) != PC_OK) {
        t->listed_bad++;
        *ended = 1;
        pc_game_free(before);
        goto out;
    }
    char *s1 = save_of(g), *sb = before ? save_of(before) : NULL;
    if (!sb || strcmp(sb, s0) != 0)
        t->clone_bad++;
    char *s;
    if (pc_game_undo(g) != PC_OK || !(s = save_of(g)) || strcmp(s, s0) != 0)
        t->undo_bad++;
    else
        free(s);
    if (pc_game_redo(g) != PC_OK || !(s = save_of(g)) || !s1 || strcmp(s, s1) != 0)
        t->redo_bad++;
    else
        free(s);
    if (pc_game_redo(g) != PC_ENOTFOUND)
        t->redo_bad++;
    pc_game *h = NULL;
    char err[200] = "";
    if (!s1 || pc_game_load(s1, strlen(s1), err, sizeof err, &h) != PC_OK || !(s = save_of(h)) || strcmp(s, s1) != 0 ||
        strcmp(pc_game_kind(h), pc_game_kind(g)) != 0) {
        t->reload_bad++;
        if (t->reload_bad == 1)
            printf("# reload failed (%s): %s\n", err, s1 ? s1 : "-");
    } else {
        free(s);
    }
    pc_game_free(h);
    free(s1);
    free(sb);
    pc_game_free(before);
    t->steps++;
out:
    free(s0);
    free(line);
    free(list);
}

static void conformance(int32_t v, int playouts)
{
    const char *kind = variants[v].kind;
    const char *label = variants[v].golden + 5; /* "nonogram", "nonogram-colour", ... */
    struct tally t;
    memset(&t, 0, sizeof t);
    int finished = 0, games = 0;
    pc_rng *r = NULL;
    pc_rng_new(1000 + (uint64_t)v, &r);
    for (int i = 0; i < playouts; i++) {
        pc_game *g = NULL;
        if (pc_game_new(kind, variants[v].params, (uint64_t)i, &g) != PC_OK) {
            t.list_bad++;
            continue;
        }
        games++;
        int ended = 0;
        int cap = strcmp(kind, "nonogram") == 0 || strcmp(kind, "sokoban") == 0 ? PUZZLE_CAP : STEP_CAP;
        for (int step = 0; step < cap && !ended; step++)
            check_step(g, r, i < 3, &t, &ended);
        finished += pc_game_over(g) == 1;
        /* undo all the way back to the start */
        int32_t undos = pc_game_undo_count(g), back = 0;
        while (pc_game_undo(g) == PC_OK)
            back++;
        if (back != undos || pc_game_undo(g) != PC_ENOTFOUND)
            t.undo_bad++;
        pc_game_free(g);
    }
    pc_rng_free(r);
    printf("# %s: %d playouts, %ld steps, %d finished, %ld listed moves tried\n", label, games, t.steps, finished,
           t.tried);
    ok(games == playouts && t.list_bad == 0, "%s: %d seeded playouts, every position lists its moves", label, games);
    is_int(t.listed_bad, 0, "%s: every listed move is accepted", label);
    is_int(t.refused_bad, 0, "%s: unlisted and malformed moves are refused", label);
    is_int(t.unchanged_bad, 0, "%s: a refused move leaves the save text byte-identical", label);
    is_int(t.undo_bad, 0, "%s: undo restores the previous save text exactly, back to the start", label);
    is_int(t.redo_bad, 0, "%s: redo plays the undone move again, then has none", label);
    is_int(t.clone_bad, 0, "%s: a clone evolves independently", label);
    is_int(t.reload_bad, 0, "%s: save -> load -> save is identical", label);
    is_int(t.score_bad, 0, "%s: scores agree with the typed API", label);
    is_int(t.over_bad, 0, "%s: a finished game lists no moves, refuses moves, has nobody to move", label);
    if (strcmp(kind, "nonogram") != 0 && strcmp(kind, "sokoban") != 0)
        ok(finished > playouts / 2, "%s: most random playouts reach the end (%d)", label, finished);
}

/* ---- golden playthroughs ------------------------------------------------------ */

/* A seeded game played by suggestions (the kind's own search, under a node
 * budget so the moves are the same everywhere) for at most 60 moves, written
 * as a transcript: every move, then the scores and the final save. */
static char *playthrough(int32_t v)
{
    const char *kind = variants[v].kind;
    pc_game *g = NULL;
    if (pc_game_new(kind, variants[v].params, 7, &g) != PC_OK)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    len += (size_t)snprintf(out, cap, "kind %s\nparams %s\nseed 7\n", kind, variants[v].params);
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 300;
    b.max_seconds = -1;
    b.seed = 7;
    for (int i = 0; i < 60 && pc_game_over(g) == 0; i++) {
        char m[PC_GAME_MAX_MOVE + 1];
        size_t n = 0;
        if (pc_game_suggest(g, &b, m, sizeof m, &n) != PC_OK || pc_game_play(g, m, n) != PC_OK)
            break;
        if (len + n + 16 < cap)
            len += (size_t)snprintf(out + len, cap - len, "move %s\n", m);
    }
    for (int32_t p = 0; p < pc_game_player_count(g); p++) {
        double sc = 0;
        pc_game_score(g, p, &sc);
        len += (size_t)snprintf(out + len, cap - len, "score %d %.4f\n", (int)p, sc);
    }
    char *s = save_of(g);
    if (s && len + strlen(s) + 8 < cap)
        len += (size_t)snprintf(out + len, cap - len, "save\n%s", s);
    free(s);
    pc_game_free(g);
    return out;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap + 1);
    if (s)
        n = fread(s, 1, cap, f);
    fclose(f);
    if (s)
        s[n] = '\0';
    return s;
}

static void golden(void)
{
    const char *dir = getenv("top_srcdir");
    const char *write = getenv("PC_GOLDEN_WRITE");
    char path[1024];
    for (int32_t v = 0; v < NVARIANTS; v++) {
        const char *kind = variants[v].golden + 5;
        char *got = playthrough(v);
        if (write) {
            snprintf(path, sizeof path, "%s/%s.txt", write, variants[v].golden);
            FILE *f = fopen(path, "wb");
            if (f && got) {
                fputs(got, f);
                fclose(f);
            }
        }
        snprintf(path, sizeof path, "%s/tests/golden/%s.txt", dir ? dir : ".", variants[v].golden);
        char *want = read_all(path);
        ok(got && want && strcmp(got, want) == 0, "%s: the golden playthrough replays byte for byte", kind);
        if (got && want && strcmp(got, want) != 0)
            printf("# got:\n%s", got);
        free(got);
        free(want);
    }
}

/* ---- arguments ----------------------------------------------------------------- */

static void arguments(void)
{
    pc_game *g = NULL;
    char err[200] = "", buf[64];
    size_t n = 0;
    double sc;
    int32_t p;
    is_int(pc_game_kind_count(), 5, "five kinds");
    ok(pc_game_kind_name(-1) == NULL && pc_game_kind_name(5) == NULL, "kind names out of range are NULL");
    is_str(pc_game_kind_name(3), "sokoban", "kind 3 is sokoban");
    is_int(pc_game_new("chess", NULL, 0, &g), PC_ENOTFOUND, "an unknown kind");
    is_int(pc_game_new(NULL, NULL, 0, &g), PC_EINVAL, "a NULL kind");
    is_int(pc_game_new("sokoban", NULL, 0, NULL), PC_EINVAL, "a NULL out");
    is_int(pc_game_validate("pickerel", "level=13", err, sizeof err), PC_EPARSE, "a value out of range");
    ok(strstr(err, "level") != NULL, "the message names the key (%s)", err);
    is_int(pc_game_validate("pickerel", "colour=2", err, sizeof err), PC_EPARSE, "an unknown key");
    ok(strstr(err, "colour: unknown parameter") != NULL, "the message says so (%s)", err);
    is_int(pc_game_validate("pickerel", "level", err, sizeof err), PC_EPARSE, "a word that is not key=value");
    is_int(pc_game_validate("pickerel", "level=2 level=3", err, sizeof err), PC_EPARSE, "a key given twice");
    is_int(pc_game_validate("sokoban", "level=#####|#@$-#|#####", err, sizeof err), PC_EPARSE,
           "a Sokoban level with no goal");
    ok(strncmp(err, "level: ", 7) == 0, "the level's own message, under its key (%s)", err);
    is_int(pc_game_validate("nonogram", "size=1x4", err, sizeof err), PC_EPARSE, "a nonogram side below 2");
    is_int(pc_game_validate("nonogram", "size=3x3 solution=10101", err, sizeof err), PC_EPARSE,
           "a solution of the wrong length");
    is_int(pc_game_validate("nonogram", "colours=3 palette=.:ffffff:white,k:000000:ink,r:ff0000:red", err,
                            sizeof err),
           PC_EPARSE, "colours= and a palette of another size");
    ok(strstr(err, "colours: 3") != NULL, "the message says so (%s)", err);
    is_int(pc_game_validate("nonogram", "palette=.:ffffff:white,k:000000:ink", err, sizeof err), PC_EPARSE,
           "a palette of one colour");
    is_int(pc_game_validate("nonogram", "palette=.:ffffff:white,k:000000:ink,r:ff0000:red,", err, sizeof err),
           PC_EPARSE, "a palette with a trailing ','");
    is_int(pc_game_validate("nonogram", "palette=.:ffffff:white,k:000000:ink,k:ff0000:red", err, sizeof err),
           PC_EPARSE, "a palette with a symbol twice");
    ok(strncmp(err, "palette: ", 9) == 0, "the palette's own message, under its key (%s)", err);
    is_int(pc_game_validate("nonogram", "palette=.:ffffff:white,k:00000g:ink,r:ff0000:red", err, sizeof err),
           PC_EPARSE, "a palette with a bad RGB");
    is_int(pc_game_validate("nonogram", "colours=9", err, sizeof err), PC_EPARSE, "nine colours");
    is_int(pc_game_validate("nonogram", "size=3x2 colours=2 solution=120013", err, sizeof err), PC_EPARSE,
           "a colour solution with a cell outside the palette");
    {
        pc_game *cg = NULL;
        char mv[4096];
        size_t ml = 0;
        is_int(pc_game_new("nonogram", "size=3x2 palette=.:ffffff:white,k:000000:Ink,r:ff0000:red solution=120012",
                           0, &cg),
               PC_OK, "a colour game with a palette of one's own");
        is_int(pc_game_moves(cg, mv, sizeof mv, &ml), PC_OK, "its moves");
        ok(strncmp(mv, "cross 0 0\npaint Ink 0 0\npaint red 0 0\ncross 1 0\n", 48) == 0, "paint moves name the colours");
        is_int(pc_game_play(cg, "paint ink 0 0", 13), PC_EPARSE, "a name spelled otherwise is no move");
        is_int(pc_game_play(cg, "paint Ink 0 0", 13), PC_OK, "paint Ink 0 0");
        is_int(pc_nonogram_colour_cell(pc_game_typed(cg), 0, 0), 1, "the cell holds colour 1");
        is_int(pc_game_play(cg, "paint Ink 0 0", 13), PC_EILLEGAL, "painting it again changes nothing");
        const char *rest[] = {"paint red 1 0", "cross 2 0", "cross 0 1", "paint Ink 1 1"};
        for (int i = 0; i < 4; i++)
            pc_game_play(cg, rest[i], strlen(rest[i]));
        is_int(pc_game_over(cg), 0, "not over with a cell open");
        is_int(pc_game_suggest(cg, NULL, mv, sizeof mv, &ml), PC_OK, "a suggestion");
        is_str(mv, "paint red 2 1", "the last cell is red");
        is_int(pc_game_play(cg, mv, ml), PC_OK, "played");
        is_int(pc_game_over(cg), 1, "solved: over");
        double csc = 0;
        is_int(pc_game_score(cg, 0, &csc), PC_OK, "score");
        ok(csc == 5.0, "every line satisfied (%g)", csc);
        pc_game_free(cg);
    }
    is_int(pc_game_validate("patchwork", "league=4 bonus=5 money=10", err, sizeof err), PC_OK,
           "patchwork's expert parameters");
    char *big = malloc(PC_GAME_MAX_PARAMS + 2);
    memset(big, ' ', PC_GAME_MAX_PARAMS + 1);
    big[PC_GAME_MAX_PARAMS + 1] = '\0';
    is_int(pc_game_validate("snapper", big, err, sizeof err), PC_ERANGE, "params longer than the limit");
    free(big);

    is_int(pc_game_new("sokoban", params[3], 0, &g), PC_OK, "a Sokoban game");
    is_str(pc_game_kind(g), "sokoban", "its kind");
    is_int(pc_game_player_count(g), 1, "one player");
    is_int(pc_game_to_move(g, &p), PC_OK, "to move");
    is_int(p, 0, "player 0 to move");
    is_int(pc_game_score(g, 1, &sc), PC_EINVAL, "score of a player out of range");
    is_int(pc_game_score(g, 0, NULL), PC_EINVAL, "score into NULL");
    is_int(pc_game_moves(g, NULL, 0, &n), PC_OK, "moves: a size query (PC_OK)");
    is_int((int64_t)n, 4, "l and r, 4 bytes");
    is_int(pc_game_moves(g, buf, 3, &n), PC_ESPACE, "moves into a short buffer");
    is_int(pc_game_play(g, NULL, 1), PC_EINVAL, "a NULL move with a length");
    is_int(pc_game_play(g, "r\0", 2), PC_EPARSE, "a move with a NUL inside");
    is_int(pc_game_play(g, "r\nl", 3), PC_EPARSE, "two moves in one text");
    char longm[PC_GAME_MAX_MOVE + 2];
    memset(longm, 'r', sizeof longm);
    is_int(pc_game_play(g, longm, sizeof longm), PC_ERANGE, "a move longer than the limit");
    is_int(pc_game_play(g, "  r ", 4), PC_OK, "spaces at the ends are ignored");
    is_int(pc_game_undo(g), PC_OK, "undo");
    is_int(pc_game_undo(g), PC_ENOTFOUND, "nothing more to undo");
    is_int(pc_game_undo_count(g), 0, "undo count 0");
    is_int(pc_game_redo_count(g), 1, "redo count 1");
    is_int(pc_game_suggest(g, NULL, buf, sizeof buf, &n), PC_OK, "suggest with the default budget");
    is_str(buf, "r", "the first step of a solution is r");
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    pc_budget_cancel(&b);
    is_int(pc_game_suggest(g, &b, buf, sizeof buf, &n), PC_ECANCELLED, "a cancelled budget");
    b.size = 3;
    is_int(pc_game_suggest(g, &b, buf, sizeof buf, &n), PC_EINVAL, "a budget of a bad size");
    ok(pc_game_typed(g) != NULL && pc_game_typed(NULL) == NULL, "the typed handle");
    is_int(pc_game_load("puzzlecore-chess 1\n", 19, err, sizeof err, &g), PC_ENOTFOUND, "load: an unknown kind");
    is_int(pc_game_load("hello", 5, err, sizeof err, &g), PC_EPARSE, "load: not a save");
    is_int(pc_game_load(NULL, 3, err, sizeof err, &g), PC_EINVAL, "load: NULL text with a length");
    pc_game_free(g);
    pc_game_free(NULL);
    ok(pc_game_kind(NULL) == NULL, "NULL game: no kind");
    is_int(pc_game_over(NULL), PC_EINVAL, "NULL game: over");
    is_int(pc_game_undo(NULL), PC_EINVAL, "NULL game: undo");
    is_int(pc_game_save(NULL, buf, sizeof buf, &n), PC_EINVAL, "NULL game: save");
}

int main(void)
{
    const char *env = getenv("PC_CONFORMANCE_PLAYOUTS");
    int playouts = env ? atoi(env) : 1000;
    if (playouts < 1)
        playouts = 1;
    arguments();
    for (int32_t v = 0; v < NVARIANTS; v++)
        conformance(v, playouts);
    golden();
    return done_testing();
}
