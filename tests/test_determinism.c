/*
 * Determinism across targets: seeded games of every kind, played through the
 * typed API by a seeded policy (the library's pc_rng choosing among legal
 * moves, or the games' deterministic baseline bots), give the same save texts
 * and scores on every platform.  The transcript is compared line by line with
 * the golden file tests/determinism.golden, committed in the tree and the
 * same for every target (Linux 64/32-bit, Windows under wine, the
 * amalgamation, CMake).
 *
 *   tests/test_determinism [GOLDEN]      compare (TAP); GOLDEN defaults to
 *                                        $top_srcdir/tests/determinism.golden
 *   tests/test_determinism --print       write the transcript to stdout
 *
 * A rules change that alters a game on purpose regenerates the file with
 * --print (and says so in NEWS.md); a difference between targets is a bug.
 * Each transcript line is "<game> <what> <value>"; a save text is given by
 * its length and FNV-1a 64-bit hash, and one save per game in full
 * (lines prefixed "| "), so a failure shows what moved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* ---- the transcript: a growing text ----------------------------------------- */

static char *tr;
static size_t tr_len, tr_cap;

static void put(const char *s)
{
    size_t n = strlen(s);
    if (tr_len + n + 1 > tr_cap) {
        size_t cap = tr_cap ? tr_cap * 2 : 4096;
        while (cap < tr_len + n + 1)
            cap *= 2;
        char *p = realloc(tr, cap);
        if (!p) {
            fprintf(stderr, "out of memory\n");
            exit(99);
        }
        tr = p;
        tr_cap = cap;
    }
    memcpy(tr + tr_len, s, n + 1);
    tr_len += n;
}

static void line_i64(const char *game, const char *what, long long v)
{
    char b[256];
    snprintf(b, sizeof b, "%s %s %lld\n", game, what, v);
    put(b);
}

static unsigned long long fnv1a(const char *s, size_t n)
{
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static void save_line(const char *game, const char *what, const char *text, size_t n, int full)
{
    char b[256];
    snprintf(b, sizeof b, "%s %s save-len %lu save-fnv %016llx\n", game, what, (unsigned long)n, fnv1a(text, n));
    put(b);
    if (!full)
        return;
    const char *p = text, *end = text + n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
        put("| ");
        char *l = malloc(k + 1);
        if (!l)
            exit(99);
        memcpy(l, p, k);
        l[k] = 0;
        put(l);
        free(l);
        put("\n");
        p += k + (nl ? 1 : 0);
    }
}

#define SAVE(game, what, fn, g, full)                                                                      \
    do {                                                                                                   \
        size_t n_ = 0;                                                                                     \
        int32_t rc_ = fn((g), NULL, 0, &n_);                                                               \
        char *s_ = malloc(n_ + 1);                                                                         \
        if (!s_ || (rc_ != PC_OK && rc_ != PC_ESPACE) || fn((g), s_, n_ + 1, &n_) != PC_OK) {              \
            line_i64(game, what, rc_);                                                       \
        } else {                                                                                           \
            save_line(game, what, s_, n_, full);                                                           \
        }                                                                                                  \
        free(s_);                                                                                          \
    } while (0)

/* ---- the games ------------------------------------------------------------------ */

static void nonogram(void)
{
    static const int32_t sizes[][3] = {{5, 5, 1}, {10, 10, 2}, {15, 12, 3}, {20, 20, 4}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char what[64];
        pc_nonogram *g = NULL;
        int32_t rc = pc_nonogram_generate(sizes[i][0], sizes[i][1], (uint64_t)sizes[i][2] * 1000003u,
                                          PC_NONOGRAM_GRADE_SEARCH, NULL, &g);
        snprintf(what, sizeof what, "%dx%d-seed%d", sizes[i][0], sizes[i][1], sizes[i][2]);
        if (rc != PC_OK) {
            line_i64("nonogram", what, rc);
            continue;
        }
        /* a player who fills random cells: the progress and the save move */
        pc_rng *r = NULL;
        pc_rng_new((uint64_t)i + 11u, &r);
        for (int k = 0; k < 3 * sizes[i][0]; k++) {
            uint64_t x = 0, y = 0, v = 0;
            pc_rng_uniform(r, (uint64_t)sizes[i][0], &x);
            pc_rng_uniform(r, (uint64_t)sizes[i][1], &y);
            pc_rng_uniform(r, 3, &v);
            pc_nonogram_set_cell(g, (int32_t)x, (int32_t)y, (int32_t)v);
        }
        pc_rng_free(r);
        char w2[96];
        snprintf(w2, sizeof w2, "%s satisfied-rows", what);
        line_i64("nonogram", w2, pc_nonogram_satisfied_count(g, 0));
        snprintf(w2, sizeof w2, "%s satisfied-cols", what);
        line_i64("nonogram", w2, pc_nonogram_satisfied_count(g, 1));
        SAVE("nonogram", what, pc_nonogram_save, g, i == 0);
        pc_nonogram_free(g);
    }
}

static void pickerel(void)
{
    for (int level = 1; level <= 3; level++) {
        for (uint64_t seed = 1; seed <= 2; seed++) {
            pc_pickerel *g = NULL;
            char what[64];
            snprintf(what, sizeof what, "level%d-seed%d", level, (int)seed);
            int32_t rc = pc_pickerel_new(level, seed * 7919u, 0, &g);
            if (rc != PC_OK) {
                line_i64("pickerel", what, rc);
                continue;
            }
            pc_rng *r = NULL;
            pc_rng_new(seed + (uint64_t)level * 100u, &r);
            int moves = 0;
            while (!pc_pickerel_over(g) && moves < 400) {
                /* a random legal weave; scissors when none is legal */
                int32_t tray = pc_pickerel_tray_size(g), legal[64], nl = 0;
                for (int32_t s = 0; s < tray && nl < 64; s++) {
                    int32_t m[4] = {PC_PICKEREL_MOVE_WEAVE, s, 0, 0};
                    if (pc_pickerel_check(g, m) == PC_OK)
                        legal[nl++] = s;
                }
                int32_t m[4] = {PC_PICKEREL_MOVE_SCISSORS, 0, 0, 0};
                if (nl > 0) {
                    uint64_t k = 0;
                    pc_rng_uniform(r, (uint64_t)nl, &k);
                    m[0] = PC_PICKEREL_MOVE_WEAVE;
                    m[1] = legal[k];
                }
                if (pc_pickerel_check(g, m) != PC_OK)
                    m[0] = PC_PICKEREL_MOVE_DONE;
                if (pc_pickerel_play(g, m) != PC_OK)
                    break;
                moves++;
            }
            pc_rng_free(r);
            char w2[96];
            snprintf(w2, sizeof w2, "%s moves", what);
            line_i64("pickerel", w2, moves);
            snprintf(w2, sizeof w2, "%s score", what);
            int64_t psc = 0;
            pc_pickerel_score(g, &psc);
            line_i64("pickerel", w2, psc);
            SAVE("pickerel", what, pc_pickerel_save, g, level == 1 && seed == 1);
            pc_pickerel_free(g);
        }
    }
}

static void snapper(void)
{
    for (int32_t preset = 0; preset < PC_SNAPPER_PRESETS; preset++) {
        pc_snapper *g = NULL;
        char what[64], w2[96];
        snprintf(what, sizeof what, "preset%d-seed%d", (int)preset, (int)(preset + 5));
        if (pc_snapper_new(preset, (uint64_t)preset + 5u, &g) != PC_OK) {
            line_i64("snapper", what, -1);
            continue;
        }
        int moves = 0;
        while (!pc_snapper_is_over(g) && moves < 120) {
            int32_t move = 0, col = 0, turns = 0;
            if (pc_snapper_greedy(g, &move, &col, &turns) != PC_OK)
                break;
            int32_t rc = move == PC_SNAPPER_MOVE_DRAIN ? pc_snapper_drain(g) : pc_snapper_play(g, col, turns);
            if (rc != PC_OK)
                break;
            moves++;
        }
        snprintf(w2, sizeof w2, "%s moves", what);
        line_i64("snapper", w2, moves);
        snprintf(w2, sizeof w2, "%s score-units", what);
        int64_t units = 0;
        pc_snapper_score_units(g, &units);
        line_i64("snapper", w2, units);
        snprintf(w2, sizeof w2, "%s figures", what);
        line_i64("snapper", w2, pc_snapper_figures(g));
        SAVE("snapper", what, pc_snapper_save, g, preset == 0);
        pc_snapper_free(g);
    }
}

static void sokoban(void)
{
    static const char level[] = "  #####\n"
                                "###   #\n"
                                "#.@$  #\n"
                                "### $.#\n"
                                "#.##$ #\n"
                                "# # . ##\n"
                                "#$ *$$.#\n"
                                "#   .  #\n"
                                "########\n";
    pc_sokoban *g = NULL;
    char err[128];
    if (pc_sokoban_new(level, sizeof level - 1, err, sizeof err, &g) != PC_OK) {
        line_i64("sokoban", "new", -1);
        return;
    }
    pc_rng *r = NULL;
    pc_rng_new(2024, &r);
    int steps = 0;
    for (int k = 0; k < 300; k++) {
        uint64_t d = 0, u = 0;
        pc_rng_uniform(r, 4, &d);
        pc_rng_uniform(r, 10, &u);
        if (u == 0)
            pc_sokoban_undo(g);
        else if (pc_sokoban_step(g, (int32_t)d, NULL) == PC_OK)
            steps++;
    }
    pc_rng_free(r);
    line_i64("sokoban", "steps", steps);
    line_i64("sokoban", "moves", pc_sokoban_moves(g));
    line_i64("sokoban", "pushes", pc_sokoban_pushes(g));
    line_i64("sokoban", "boxes-on-goals", pc_sokoban_boxes_on_goals(g));
    SAVE("sokoban", "level1", pc_sokoban_save, g, 1);
    pc_sokoban_free(g);
}

static void patchwork(void)
{
    static const int32_t rulesets[] = {PC_PATCHWORK_LEAGUE1, PC_PATCHWORK_LEAGUE3, PC_PATCHWORK_LEAGUE4,
                                       PC_PATCHWORK_OFFICIAL};
    for (size_t i = 0; i < sizeof rulesets / sizeof rulesets[0]; i++) {
        pc_patchwork *g = NULL;
        char what[64], w2[96];
        snprintf(what, sizeof what, "ruleset%d-seed%d", (int)rulesets[i], (int)(i + 3));
        if (pc_patchwork_new(rulesets[i], (uint64_t)i + 3u, &g) != PC_OK) {
            line_i64("patchwork", what, -1);
            continue;
        }
        /* player 0 the baseline bot, player 1 random legal moves */
        pc_rng *r = NULL;
        pc_rng_new((uint64_t)i + 77u, &r);
        int32_t *codes = malloc(sizeof(int32_t) * 4096);
        int moves = 0;
        while (codes && !pc_patchwork_is_over(g) && moves < 500) {
            int32_t code = 0, who = PC_PATCHWORK_NOBODY;
            pc_patchwork_to_move(g, &who);
            if (who == 0) {
                if (pc_patchwork_baseline_move(g, &code) != PC_OK)
                    break;
            } else {
                size_t n = 0;
                if (pc_patchwork_legal_moves(g, codes, 4096, &n) != PC_OK || n == 0)
                    break;
                uint64_t k = 0;
                pc_rng_uniform(r, (uint64_t)n, &k);
                code = codes[k];
            }
            if (pc_patchwork_apply(g, code) != PC_OK)
                break;
            moves++;
        }
        free(codes);
        pc_rng_free(r);
        snprintf(w2, sizeof w2, "%s moves", what);
        line_i64("patchwork", w2, moves);
        snprintf(w2, sizeof w2, "%s score0", what);
        int32_t sc0 = 0, sc1 = 0;
        pc_patchwork_score(g, 0, &sc0);
        pc_patchwork_score(g, 1, &sc1);
        line_i64("patchwork", w2, sc0);
        snprintf(w2, sizeof w2, "%s score1", what);
        line_i64("patchwork", w2, sc1);
        SAVE("patchwork", what, pc_patchwork_save, g, i == 0);
        pc_patchwork_free(g);
    }
}

static void rng(void)
{
    pc_rng *r = NULL;
    pc_rng_new(0, &r);
    char b[64];
    for (int i = 0; i < 3; i++) {
        snprintf(b, sizeof b, "rng seed0 next %016llx\n", (unsigned long long)pc_rng_next(r));
        put(b);
    }
    double d = 0;
    pc_rng_double(r, &d);
    snprintf(b, sizeof b, "rng seed0 double %.17g\n", d);
    put(b);
    pc_rng_free(r);
}

/* ---- compare ----------------------------------------------------------------------- */

static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf)
            break;
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1)
            break;
        char *p = realloc(buf, cap * 2);
        if (!p) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = p;
        cap *= 2;
    }
    fclose(f);
    if (!buf)
        return NULL;
    /* a checkout with CRLF line ends (git on Windows) compares the same */
    size_t w = 0;
    for (size_t i = 0; i < len; i++)
        if (buf[i] != '\r')
            buf[w++] = buf[i];
    buf[w] = 0;
    *n = w;
    return buf;
}

/* Next line of s (NUL-terminated) from *pos, into a fresh string; NULL at the end. */
static char *next_line(const char *s, size_t *pos)
{
    if (!s[*pos])
        return NULL;
    const char *b = s + *pos, *nl = strchr(b, '\n');
    size_t k = nl ? (size_t)(nl - b) : strlen(b);
    char *l = malloc(k + 1);
    if (!l)
        exit(99);
    memcpy(l, b, k);
    l[k] = 0;
    *pos += k + (nl ? 1 : 0);
    return l;
}

int main(int argc, char **argv)
{
    rng();
    nonogram();
    pickerel();
    snapper();
    sokoban();
    patchwork();

    if (argc > 1 && strcmp(argv[1], "--print") == 0) {
        fwrite(tr, 1, tr_len, stdout);
        free(tr);
        return 0;
    }
    char path[4096];
    const char *top = getenv("top_srcdir");
    if (argc > 1)
        snprintf(path, sizeof path, "%s", argv[1]);
    else
        snprintf(path, sizeof path, "%s/tests/determinism.golden", top ? top : ".");
    size_t gn = 0;
    char *golden = read_file(path, &gn);
    if (!golden) {
        printf("Bail out! cannot read the golden transcript %s\n", path);
        free(tr);
        return 1;
    }
    /* one TAP result per game section ("<game> ..." lines plus their "| " lines) */
    size_t gp = 0, tp = 0;
    int shown = 0;
    char *gl, *tl;
    const char *games[] = {"rng", "nonogram", "pickerel", "snapper", "sokoban", "patchwork"};
    int bad[6] = {0}, lines[6] = {0};
    int cur = 0;
    for (;;) {
        gl = next_line(golden, &gp);
        tl = next_line(tr, &tp);
        if (!gl && !tl)
            break;
        const char *key = tl ? tl : gl;
        if (strncmp(key, "| ", 2) != 0) {
            for (int k = 0; k < 6; k++)
                if (strncmp(key, games[k], strlen(games[k])) == 0 && key[strlen(games[k])] == ' ')
                    cur = k;
        }
        lines[cur]++;
        if (!gl || !tl || strcmp(gl, tl) != 0) {
            bad[cur]++;
            if (shown++ < 12)
                printf("# golden: %s\n#    got: %s\n", gl ? gl : "(end)", tl ? tl : "(end)");
        }
        free(gl);
        free(tl);
    }
    for (int k = 0; k < 6; k++) {
        char name[96];
        snprintf(name, sizeof name, "%s: %d transcript lines as golden", games[k], lines[k]);
        ok(bad[k] == 0 && lines[k] > 0, "%s", name);
    }
    free(golden);
    free(tr);
    return done_testing();
}
