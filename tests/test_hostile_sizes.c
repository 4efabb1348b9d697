/*
 * Hostile numbers and sizes: every size and count of every format and
 * constructor is bounded before anything is allocated.  Each bound is tried
 * at, just below and just above its value; a huge claim (a 10^9 x 10^9
 * nonogram, a 10^12-level header, a 20-digit count) must fail at once with
 * PC_ERANGE / PC_EPARSE / PC_EINVAL, and the test allocator (pc_set_allocator)
 * checks that no request larger than 4 MiB was ever made for it.  Where the
 * value at the bound itself would need a big block (2^28 nonogram cells) the
 * test allocator refuses blocks over 64 MiB, so "accepted" shows as
 * PC_ENOMEM, "refused" as PC_ERANGE with no request.
 */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

static size_t biggest, requests;
enum { CAP = 64u << 20, SMALL = 4u << 20 };
static void *t_malloc(size_t n)
{
    requests++;
    if (n > biggest) biggest = n;
    return n > CAP ? NULL : malloc(n);
}
static void *t_realloc(void *p, size_t n)
{
    requests++;
    if (n > biggest) biggest = n;
    return n > CAP ? NULL : realloc(p, n);
}
static void t_free(void *p) { free(p); }
static void reset(void) { biggest = requests = 0; }

/* a text of n copies of unit, then tail */
static char *repeat(const char *head, const char *unit, size_t n, const char *tail, size_t *len)
{
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    char *s = malloc(hl + ul * n + tl + 1), *p = s;
    memcpy(p, head, hl);
    p += hl;
    for (size_t i = 0; i < n; i++, p += ul) memcpy(p, unit, ul);
    memcpy(p, tail, tl + 1);
    *len = hl + ul * n + tl;
    return s;
}

/* a hostile text must fail (any of the listed codes) without a big request */
static void refuse(const char *what, int32_t rc, int32_t want1, int32_t want2)
{
    ok((rc == want1 || rc == want2) && biggest <= SMALL, "%s: %s, largest request %zu bytes", what, pc_strerror(rc),
       biggest);
    if (rc != want1 && rc != want2) fprintf(stderr, "# got %d\n", (int)rc);
}

static int32_t nono_load(const char *t, pc_nonogram **g)
{
    reset();
    return pc_nonogram_load(t, strlen(t), NULL, 0, g);
}
static int32_t nono_import(const char *t, int32_t fmt)
{
    pc_nonogram *g = NULL;
    reset();
    int32_t rc = pc_nonogram_import_count(t, strlen(t), fmt, NULL, 0);
    if (rc >= 0) rc = pc_nonogram_import(t, strlen(t), fmt, 0, NULL, 0, &g);
    pc_nonogram_free(g);
    return rc;
}

static void nonogram(void)
{
    pc_nonogram *g = NULL;
    char bits[65536];
    memset(bits, '0', sizeof bits);
    /* the side: 65535 accepted, 65536 refused */
    reset();
    is_int(pc_nonogram_new_from_solution(65535, 1, bits, 65535, NULL, 0, &g), PC_OK, "nonogram: side 65535 (at the bound)");
    pc_nonogram_free(g);
    g = NULL;
    is_int(pc_nonogram_new_from_solution(65534, 1, bits, 65534, NULL, 0, &g), PC_OK, "nonogram: side 65534 (below)");
    pc_nonogram_free(g);
    g = NULL;
    reset();
    refuse("nonogram: side 65536 (above)", pc_nonogram_new_from_solution(65536, 1, bits, 65536, NULL, 0, &g), PC_ERANGE, PC_ERANGE);
    reset();
    refuse("nonogram: 10^9 x 10^9 from a solution", pc_nonogram_new_from_solution(1000000000, 1000000000, bits, 10, NULL, 0, &g),
           PC_ERANGE, PC_ERANGE);
    /* cells: 2^28 accepted (ENOMEM under the 64 MiB cap), 2^28 + 16384 refused */
    int32_t *zeros = calloc(65536, sizeof(int32_t)), *ones = malloc(65536 * sizeof(int32_t));
    for (int i = 0; i < 65536; i++) ones[i] = 1;
    reset();
    int32_t rc = pc_nonogram_new_from_clues(16384, 16384, ones, zeros, ones, zeros, NULL, 0, &g);
    ok(rc == PC_ENOMEM || rc == PC_OK, "nonogram: 2^28 cells (at the bound) accepted: %s", pc_strerror(rc));
    pc_nonogram_free(g);
    g = NULL;
    reset();
    refuse("nonogram: 2^28 + 16384 cells (above)", pc_nonogram_new_from_clues(16384, 16385, ones, zeros, ones, zeros, NULL, 0, &g),
           PC_ERANGE, PC_ERANGE);
    reset();
    refuse("nonogram: solver on 65535 x 65535", pc_nonogram_solve_clues(65535, 65535, ones, zeros, ones, zeros, NULL, 1, NULL, NULL, 0, NULL, 0),
           PC_ERANGE, PC_ERANGE);
    free(zeros);
    free(ones);
    int32_t clues[4], count;
    uint8_t cells[1] = {1};
    refuse("nonogram: line_clues len 65536", pc_nonogram_line_clues(cells, 65536, 0, clues, 4, &count), PC_ERANGE, PC_EINVAL);
    /* record texts */
    refuse("nonogram load: size 1000000000x1000000000",
           nono_load("puzzlecore-nonogram 1\nsize 1000000000x1000000000\nrows 0\ncols 0\n", &g), PC_EPARSE, PC_ERANGE);
    refuse("nonogram load: size 65536x1", nono_load("puzzlecore-nonogram 1\nsize 65536x1\nrows 0\ncols 0\n", &g), PC_EPARSE, PC_ERANGE);
    refuse("nonogram load: size 99999999999999999999x1",
           nono_load("puzzlecore-nonogram 1\nsize 99999999999999999999x1\nrows 0\ncols 0\n", &g), PC_EPARSE, PC_ERANGE);
    refuse("nonogram load: xp 2^31", nono_load("puzzlecore-nonogram 1\nsize 1x1\nxp 2147483648\nsolution 1\n", &g), PC_EPARSE, PC_ERANGE);
    is_int(nono_load("puzzlecore-nonogram 1\nsize 1x1\nxp 2147483647\nsolution 1\n", &g), PC_OK, "nonogram load: xp 2^31 - 1");
    pc_nonogram_free(g);
    g = NULL;
    refuse("nonogram load: clue 10^12", nono_load("puzzlecore-nonogram 1\nsize 2x1\nrows 1000000000000\ncols 1/0\n", &g), PC_EPARSE, PC_EINVAL);
    /* the file formats */
    refuse("tatham: 1000000000x1000000000", nono_import("1000000000x1000000000:1/1", PC_NONOGRAM_FORMAT_TATHAM), PC_EPARSE, PC_ERANGE);
    refuse("tatham: 65536x1", nono_import("65536x1:1/1", PC_NONOGRAM_FORMAT_TATHAM), PC_EPARSE, PC_ERANGE);
    refuse(".non: width 10^12", nono_import("width 1000000000000\nheight 1\nrows\n1\ncolumns\n1\n", PC_NONOGRAM_FORMAT_NON), PC_EPARSE, PC_ERANGE);
    refuse(".non: width 65536 height 65536",
           nono_import("width 65536\nheight 65536\nrows\n1\ncolumns\n1\n", PC_NONOGRAM_FORMAT_NON), PC_EPARSE, PC_ERANGE);
    refuse("tcga: $99999999999", nono_import("$99999999999\n1\n", PC_NONOGRAM_FORMAT_TCGA), PC_EPARSE, PC_ERANGE);
    refuse("tcga: clue 10^12", nono_import("$1\n1000000000000\n", PC_NONOGRAM_FORMAT_TCGA), PC_EPARSE, PC_ERANGE);
    refuse("xml: clue 10^12",
           nono_import("<puzzleset><puzzle><clues type=\"rows\"><line><count>1000000000000</count></line></clues>"
                       "<clues type=\"columns\"><line><count>1</count></line></clues></puzzle></puzzleset>",
                       PC_NONOGRAM_FORMAT_XML), PC_EPARSE, PC_ERANGE);
}

static int32_t soko_new(const char *t, size_t n)
{
    pc_sokoban *g = NULL;
    reset();
    int32_t rc = pc_sokoban_new(t, n, NULL, 0, &g);
    pc_sokoban_free(g);
    return rc;
}

/* a level `w` wide and `h` high: walls around, player, box and goal inside */
static char *level(int w, int h, size_t *len)
{
    char *s = malloc((size_t)(w + 1) * (size_t)h + 1), *p = s;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            char c = (y == 0 || y == h - 1 || x == 0 || x == w - 1) ? '#' : ' ';
            if (y == 1 && x == 1) c = '@';
            if (y == 1 && x == 2) c = '$';
            if (y == 1 && x == 3) c = '.';
            *p++ = c;
        }
        *p++ = '\n';
    }
    *p = '\0';
    *len = (size_t)(p - s);
    return s;
}

static void sokoban(void)
{
    size_t n;
    char *t;
    for (int d = -1; d <= 1; d++) {
        int side = PC_SOKOBAN_MAX_SIDE + d;
        t = level(side, 4, &n);
        int32_t rc = soko_new(t, n);
        if (d <= 0) is_int(rc, PC_OK, "sokoban: width %d", side);
        else refuse("sokoban: width 129 (above)", rc, PC_EPARSE, PC_ERANGE);
        free(t);
        t = level(5, side, &n);
        rc = soko_new(t, n);
        if (d <= 0) is_int(rc, PC_OK, "sokoban: height %d", side);
        else refuse("sokoban: height 129 (above)", rc, PC_EPARSE, PC_ERANGE);
        free(t);
    }
    static const char rle_big[] = "99999999999999999999#|#@$.#|5#\n";
    refuse("sokoban: run length 10^20", soko_new(rle_big, sizeof rle_big - 1), PC_EPARSE, PC_ERANGE);
    static const char rle_wide[] = "1000000000#|#@$.#|5#\n";
    refuse("sokoban: run length 10^9", soko_new(rle_wide, sizeof rle_wide - 1), PC_EPARSE, PC_ERANGE);
    static const char rle_ok[] = "128#|#@$.123-#|128#\n";
    is_int(soko_new(rle_ok, sizeof rle_ok - 1), PC_OK, "sokoban: run length 128 (at the bound)");
    static const char rle_129[] = "129#|#@$.124-#|129#\n";
    refuse("sokoban: run length 129", soko_new(rle_129, sizeof rle_129 - 1), PC_EPARSE, PC_ERANGE);
    pc_sokoban *g = NULL;
    static const char save_cursor[] = "puzzlecore-sokoban 1\ntitle \nhistory \ncursor 99999999999999999999\nboard\n#####\n#@$.#\n#####\n";
    reset();
    refuse("sokoban load: cursor 10^20", pc_sokoban_load(save_cursor, sizeof save_cursor - 1, NULL, 0, &g), PC_EPARSE, PC_ERANGE);
    /* levels per collection: 100000 accepted, 100001 refused */
    for (int d = 0; d <= 1; d++) {
        size_t cnt = PC_SOKOBAN_MAX_LEVELS + (size_t)d;
        t = repeat("", "#####\n#@$.#\n#####\n\n", cnt, "", &n);
        pc_sokoban_collection *c = NULL;
        reset();
        int32_t rc = pc_sokoban_collection_parse(t, n, NULL, 0, &c);
        if (d == 0)
            ok(rc == PC_OK && pc_sokoban_collection_count(c) == PC_SOKOBAN_MAX_LEVELS, "collection: 100000 levels (at the bound)");
        else
            ok(rc == PC_EPARSE || rc == PC_ERANGE, "collection: 100001 levels refused: %s", pc_strerror(rc));
        pc_sokoban_collection_free(c);
        free(t);
    }
}

static void games(void)
{
    int32_t colours[1025], lengths[1025];
    for (int i = 0; i < 1025; i++) {
        colours[i] = i % 2;
        lengths[i] = 2 + i % 11;
    }
    pc_pickerel *p = NULL;
    reset();
    is_int(pc_pickerel_new_deal(1, 1, 0, colours, lengths, PC_PICKEREL_MAX_DEAL, &p), PC_OK, "pickerel: deal of 1024 (at the bound)");
    pc_pickerel_free(p);
    p = NULL;
    is_int(pc_pickerel_new_deal(1, 1, 0, colours, lengths, PC_PICKEREL_MAX_DEAL - 1, &p), PC_OK, "pickerel: deal of 1023 (below)");
    pc_pickerel_free(p);
    p = NULL;
    reset();
    refuse("pickerel: deal of 1025 (above)", pc_pickerel_new_deal(1, 1, 0, colours, lengths, PC_PICKEREL_MAX_DEAL + 1, &p), PC_ERANGE, PC_ERANGE);
    reset();
    refuse("pickerel: deal of 2^31 - 1", pc_pickerel_new_deal(1, 1, 0, colours, lengths, 2147483647, &p), PC_ERANGE, PC_ERANGE);
    /* a save claiming a huge deal */
    size_t n;
    char *t = repeat("puzzlecore-pickerel 1\nlevel 1\noptions 0\nseed 1\ndeal", " 0:5", 1025, "\n", &n);
    reset();
    int32_t rc = pc_pickerel_load(t, n, NULL, 0, &p);
    refuse("pickerel load: deal of 1025 spools", rc, PC_EPARSE, PC_ERANGE);
    free(t);
    static const char dealt[] = "puzzlecore-pickerel 1\nlevel 1\noptions 0\nseed 1\ndealt 99999999999999999999\n";
    reset();
    refuse("pickerel load: dealt 10^20", pc_pickerel_load(dealt, sizeof dealt - 1, NULL, 0, &p), PC_EPARSE, PC_ERANGE);

    pc_snapper *s = NULL;
    int32_t w[4] = {1000, 1000, 1000, 1000};
    is_int(pc_snapper_new_custom(w, 8, 1000, 1, &s), PC_OK, "snapper: weights 1000, 8 colours, target 1000 (at the bounds)");
    pc_snapper_free(s);
    s = NULL;
    int32_t w2[4] = {1001, 0, 0, 0};
    refuse("snapper: weight 1001", pc_snapper_new_custom(w2, 3, 10, 1, &s), PC_EINVAL, PC_ERANGE);
    refuse("snapper: 9 colours", pc_snapper_new_custom(w, 9, 10, 1, &s), PC_EINVAL, PC_ERANGE);
    refuse("snapper: target 1001", pc_snapper_new_custom(w, 3, 1001, 1, &s), PC_EINVAL, PC_ERANGE);
    t = repeat("", "NESW:1111 ", 200000, "", &n);
    reset();
    rc = pc_snapper_new_list(t, n, 1, NULL, 0, &s);
    ok(rc == PC_OK || rc == PC_EPARSE || rc == PC_ERANGE, "snapper: a list of 200000 pieces: %s", pc_strerror(rc));
    pc_snapper_free(s);
    s = NULL;
    free(t);

    pc_patchwork *g = NULL;
    is_int(pc_patchwork_new(4, 1, &g), PC_OK, "patchwork game");
    is_int(pc_patchwork_set_initial_money(g, 1000000), PC_OK, "patchwork: money 1000000 (at the bound)");
    is_int(pc_patchwork_set_initial_money(g, 1000001), PC_EINVAL, "patchwork: money 1000001 refused");
    is_int(pc_patchwork_set_bonus_size(g, 9), PC_OK, "patchwork: bonus 9 (at the bound)");
    is_int(pc_patchwork_set_bonus_size(g, 10), PC_EINVAL, "patchwork: bonus 10 refused");
    pc_patchwork_free(g);
    g = NULL;
    static const char pw[] = "puzzlecore-patchwork 1\nruleset 4\nseed 18446744073709551616\n";
    reset();
    refuse("patchwork load: seed 2^64", pc_patchwork_load(pw, sizeof pw - 1, NULL, 0, &g), PC_EPARSE, PC_ERANGE);
    static const char pw2[] = "puzzlecore-patchwork 1\nruleset 99999999999\n";
    reset();
    refuse("patchwork load: ruleset 10^11", pc_patchwork_load(pw2, sizeof pw2 - 1, NULL, 0, &g), PC_EPARSE, PC_ERANGE);
    int32_t cmd6[6];
    static const char line[] = "PLAY 99999999999999999999 0 0 0 0\n";
    rc = pc_patchwork_parse_command(4, line, sizeof line - 1, cmd6, NULL, NULL, NULL, 0);
    ok(rc == PC_OK || rc == PC_EPARSE, "patchwork: a 20-digit patch id parses as the referee does: %s", pc_strerror(rc));
}


/* pc_game's params text: its length bound, and the numbers in it */
static int32_t game_new(const char *kind, const char *params)
{
    pc_game *g = NULL;
    reset();
    int32_t rc = pc_game_new(kind, params, 1, &g);
    pc_game_free(g);
    return rc;
}
static void game_params(void)
{
    char *p = malloc(PC_GAME_MAX_PARAMS + 2);
    memset(p, ' ', PC_GAME_MAX_PARAMS + 1);
    p[PC_GAME_MAX_PARAMS + 1] = '\0';
    reset();
    refuse("game: params of 65537 bytes (above)", pc_game_validate("pickerel", p, NULL, 0), PC_ERANGE, PC_ERANGE);
    p[PC_GAME_MAX_PARAMS] = '\0';
    is_int(pc_game_validate("pickerel", p, NULL, 0), PC_OK, "game: params of 65536 blanks (at the bound) are the defaults");
    p[PC_GAME_MAX_PARAMS - 1] = '\0';
    is_int(pc_game_validate("pickerel", p, NULL, 0), PC_OK, "game: params of 65535 blanks (below)");
    free(p);
    is_int(game_new("nonogram", "size=128x128 grade=1"), PC_OK, "game: nonogram 128x128 (at the bound)");
    refuse("game: nonogram 129x2 (above)", game_new("nonogram", "size=129x2"), PC_EPARSE, PC_ERANGE);
    refuse("game: nonogram 1000000000x1000000000", game_new("nonogram", "size=1000000000x1000000000"), PC_EPARSE, PC_ERANGE);
    refuse("game: nonogram 99999999999999999999x2", game_new("nonogram", "size=99999999999999999999x2"), PC_EPARSE, PC_ERANGE);
    is_int(game_new("pickerel", "level=12"), PC_OK, "game: pickerel level 12 (at the bound)");
    refuse("game: pickerel level 13 (above)", game_new("pickerel", "level=13"), PC_EPARSE, PC_ERANGE);
    refuse("game: pickerel level 2^63", game_new("pickerel", "level=9223372036854775808"), PC_EPARSE, PC_ERANGE);
    is_int(game_new("snapper", "preset=2"), PC_OK, "game: snapper preset 2 (at the bound)");
    refuse("game: snapper preset 3 (above)", game_new("snapper", "preset=3"), PC_EPARSE, PC_ERANGE);
    is_int(game_new("patchwork", "league=4 money=1000000 bonus=9"), PC_OK, "game: patchwork money 1000000, bonus 9 (at the bounds)");
    refuse("game: patchwork money 1000001 (above)", game_new("patchwork", "money=1000001"), PC_EPARSE, PC_ERANGE);
    refuse("game: patchwork bonus 10 (above)", game_new("patchwork", "bonus=10"), PC_EPARSE, PC_ERANGE);
    /* a Sokoban level of 128 columns is the bound; 129 is refused */
    char lvl[3 * 130 + 16], *q = lvl;
    q += sprintf(q, "level=");
    for (int i = 0; i < 128; i++) *q++ = '#';
    q += sprintf(q, "|#@$.");
    for (int i = 0; i < 123; i++) *q++ = '-';
    q += sprintf(q, "#|");
    for (int i = 0; i < 128; i++) *q++ = '#';
    *q = '\0';
    is_int(game_new("sokoban", lvl), PC_OK, "game: sokoban rows of 128 (at the bound)");
    size_t n;
    char *wide = repeat("level=", "#", 129, "|#@$.#|#####", &n);
    refuse("game: sokoban row of 129 (above)", game_new("sokoban", wide), PC_EPARSE, PC_ERANGE);
    free(wide);
}

int main(void)
{
    is_int(pc_set_allocator(t_malloc, t_realloc, t_free), PC_OK, "the capped, recording allocator");
    nonogram();
    sokoban();
    games();
    game_params();
    return done_testing();
}
