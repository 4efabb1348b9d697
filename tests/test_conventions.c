/*
 * The API conventions of doc/api.md ("Conventions"), checked in every game:
 *   - a size query (cap 0) answers PC_OK with the length needed; a buffer
 *     given but too small answers PC_ESPACE and is never written past;
 *   - a value that can be negative (a score, "nobody", a special patch's id)
 *     comes through an out-pointer, the return being only a status;
 *   - an index or coordinate outside the object is PC_EINVAL in every game;
 *   - an array the library fills takes its length from the caller: one
 *     element short is never written past (run under ASan in CI: the arrays
 *     below are malloc'd to the exact length the call is told).
 */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

static const char *const kinds[] = {"nonogram", "pickerel", "snapper", "sokoban", "patchwork"};
enum { NKINDS = sizeof kinds / sizeof kinds[0] };

/* Size query, then exact buffer, then one byte short, for one text call. */
static void text_rule(const char *what, int32_t (*fn)(const pc_game *, char *, size_t, size_t *), const pc_game *g)
{
    size_t n = 0, m = 0;
    is_int(fn(g, NULL, 0, &n), PC_OK, "%s: cap 0 is a size query (PC_OK)", what);
    ok(n > 0, "%s: ... and tells the length (%zu)", what, n);
    char *buf = malloc(n + 1);
    is_int(fn(g, buf, n + 1, &m), PC_OK, "%s: the length + 1 is enough", what);
    ok(m == n && buf[n] == '\0' && strlen(buf) == n, "%s: the whole text, NUL-terminated", what);
    char *short_buf = malloc(n); /* one byte short: ASan sees any write past it */
    m = 0;
    is_int(fn(g, short_buf, n, &m), PC_ESPACE, "%s: one byte short is PC_ESPACE", what);
    ok(m == n && short_buf[n - 1] == '\0' && memcmp(short_buf, buf, n - 1) == 0,
       "%s: truncated, NUL-terminated, *len still the full length", what);
    free(short_buf);
    free(buf);
}

static void size_queries(void)
{
    for (int k = 0; k < NKINDS; k++) {
        pc_game *g = NULL;
        if (pc_game_new(kinds[k], NULL, 7, &g) != PC_OK) {
            ok(0, "%s: created", kinds[k]);
            continue;
        }
        char what[64];
        snprintf(what, sizeof what, "%s save", kinds[k]);
        text_rule(what, pc_game_save, g);
        snprintf(what, sizeof what, "%s moves", kinds[k]);
        text_rule(what, pc_game_moves, g);
        snprintf(what, sizeof what, "%s render", kinds[k]);
        text_rule(what, pc_game_render, g);
        pc_game_free(g);
    }
    /* arrays with a count follow the same rule */
    pc_patchwork *pw = NULL;
    pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 3, &pw);
    size_t n = 0;
    is_int(pc_patchwork_legal_moves(pw, NULL, 0, &n), PC_OK, "patchwork legal moves: cap 0 asks (PC_OK)");
    ok(n > 0, "... %zu moves", n);
    is_int(pc_patchwork_market(pw, NULL, 0, &n), PC_OK, "patchwork market: cap 0 asks (PC_OK)");
    pc_patchwork_free(pw);
    pc_nonogram *ng = NULL;
    pc_nonogram_new_from_solution(3, 2, "101111", 6, NULL, 0, &ng);
    int32_t count = -1;
    is_int(pc_nonogram_clues(ng, PC_NONOGRAM_ROWS, 0, NULL, 0, &count), PC_OK, "nonogram clues: cap 0 asks (PC_OK)");
    is_int(count, 2, "... row 0 has two clues");
    int32_t one = -1;
    is_int(pc_nonogram_clues(ng, PC_NONOGRAM_ROWS, 0, &one, 1, &count), PC_ESPACE, "one clue short: PC_ESPACE");
    ok(one == 1 && count == 2, "... the first clue written, the count whole");
    pc_nonogram_free(ng);
}

static void negative_values(void)
{
    /* Official rules: buttons + 7 * bonus - 2 * empty = 5 - 162 at the start. */
    pc_patchwork *pw = NULL;
    pc_patchwork_new(PC_PATCHWORK_OFFICIAL, 1, &pw);
    int32_t s = 0, who = 0, id = 99;
    is_int(pc_patchwork_score(pw, 0, &s), PC_OK, "patchwork score: a status");
    is_int(s, 5 - 2 * 81, "... and a negative score through the pointer");
    is_int(pc_patchwork_bonus_owner(pw, &who), PC_OK, "bonus owner: a status");
    is_int(who, PC_PATCHWORK_NOBODY, "... nobody yet (a value, not an error)");
    is_int(pc_patchwork_special_id(pw, &id), PC_OK, "special id: a status");
    is_int(id, 0, "... none pending");
    s = 12345;
    is_int(pc_patchwork_score(pw, 2, &s), PC_EINVAL, "a bad player: PC_EINVAL");
    is_int(s, 12345, "... and nothing written");
    is_int(pc_patchwork_score(pw, 0, NULL), PC_EINVAL, "a NULL out-pointer: PC_EINVAL");
    pc_patchwork_free(pw);

    pc_snapper *sn = NULL;
    pc_snapper_new(PC_SNAPPER_EASY, 5, &sn);
    pc_snapper_play(sn, 0, 0);
    int64_t units = 0;
    double points = 0.0;
    is_int(pc_snapper_score_units(sn, &units), PC_OK, "snapper score: a status");
    ok(units < 0, "... a drop's penalty makes it negative (%lld units)", (long long)units);
    is_int(pc_snapper_score(sn, &points), PC_OK, "snapper points: a status");
    ok(points * PC_SNAPPER_SCORE_UNIT == (double)units, "... the same score in points (%g)", points);
    pc_snapper_free(sn);

    pc_pickerel *pk = NULL;
    pc_pickerel_new(1, 1, 0, &pk);
    int32_t colour = 99;
    int64_t score = 99;
    is_int(pc_pickerel_loom_colour(pk, &colour), PC_OK, "pickerel loom colour: a status");
    is_int(colour, PC_PICKEREL_NO_COLOUR, "... no colour on an empty loom (a value, not an error)");
    is_int(pc_pickerel_score(pk, &score), PC_OK, "pickerel score: a status");
    is_int(score, 0, "... 0 at the start");
    pc_pickerel_free(pk);

    /* the generic interface reads every game's score the same way */
    for (int k = 0; k < NKINDS; k++) {
        pc_game *g = NULL;
        pc_game_new(kinds[k], NULL, 7, &g);
        double v = -1.0;
        is_int(pc_game_score(g, 0, &v), PC_OK, "%s: pc_game_score answers a status", kinds[k]);
        v = 42.0;
        is_int(pc_game_score(g, 7, &v), PC_EINVAL, "%s: a bad player is PC_EINVAL", kinds[k]);
        ok(v == 42.0, "%s: ... and writes nothing", kinds[k]);
        pc_game_free(g);
    }
}

static void out_of_range(void)
{
    pc_nonogram *ng = NULL;
    pc_nonogram_new_from_solution(3, 2, "101111", 6, NULL, 0, &ng);
    is_int(pc_nonogram_cell(ng, 3, 0), PC_EINVAL, "nonogram: a cell off the grid");
    is_int(pc_nonogram_clue_count(ng, PC_NONOGRAM_ROWS, 2), PC_EINVAL, "nonogram: a row past the end");
    pc_nonogram_free(ng);
    pc_pickerel *pk = NULL;
    pc_pickerel_new(1, 1, 0, &pk);
    int32_t c, l;
    is_int(pc_pickerel_tray(pk, 99, &c, &l), PC_EINVAL, "pickerel: a tray slot past the end");
    is_int(pc_pickerel_spools_left(pk, 99), PC_EINVAL, "pickerel: a colour past the palette");
    pc_pickerel_free(pk);
    pc_snapper *sn = NULL;
    pc_snapper_new(PC_SNAPPER_EASY, 5, &sn);
    is_int(pc_snapper_cell(sn, 99, 0, NULL, NULL), PC_EINVAL, "snapper: a cell off the field");
    is_int(pc_snapper_event(sn, 5, NULL, NULL, NULL), PC_EINVAL, "snapper: an event past the log");
    pc_snapper_free(sn);
    static const char level[] = "#####\n#@$.#\n#####\n";
    pc_sokoban *sk = NULL;
    pc_sokoban_new(level, sizeof level - 1, NULL, 0, &sk);
    is_int(pc_sokoban_cell(sk, 99, 0), PC_EINVAL, "sokoban: a cell off the board");
    is_int(pc_sokoban_cell(sk, -1, 0), PC_EINVAL, "sokoban: a negative coordinate");
    char path[16];
    size_t n;
    is_int(pc_sokoban_walk_path(sk, 99, 0, path, sizeof path, &n), PC_EINVAL, "sokoban: a walk off the board");
    pc_sokoban_free(sk);
    pc_patchwork *pw = NULL;
    pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 3, &pw);
    is_int(pc_patchwork_cell(pw, 0, 9, 0), PC_EINVAL, "patchwork: a square off the quilt");
    is_int(pc_patchwork_buttons(pw, 2), PC_EINVAL, "patchwork: a player past the second");
    pc_patchwork_free(pw);
}

static void caller_lengths(void)
{
    /* Every row and column "1" of 4x4: 24 solutions, so the search branches. */
    int32_t counts[4] = {1, 1, 1, 1}, clues[4] = {1, 1, 1, 1};
    int64_t *stats = malloc(3 * sizeof *stats); /* an older caller knowing 3 statistics */
    stats[0] = stats[1] = stats[2] = -1;
    int32_t r = pc_nonogram_solve_clues(4, 4, counts, clues, counts, clues, NULL, 2, NULL, NULL, 0, stats, 3);
    is_int(r, 2, "two of the 24 solutions found");
    ok(stats[PC_NONOGRAM_STAT_NODES] >= 1 && stats[PC_NONOGRAM_STAT_LINE_SOLVES] >= 1,
       "the 3 statistics asked for are written (nothing past them: ASan)");
    free(stats);
    is_int(pc_nonogram_solve_clues(4, 4, counts, clues, counts, clues, NULL, 2, NULL, NULL, 0, NULL, 3), PC_EINVAL,
           "a NULL array with a length: PC_EINVAL");

    pc_patchwork *pw = NULL;
    pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 3, &pw);
    size_t n = 0, m = 0;
    pc_patchwork_legal_moves(pw, NULL, 0, &n);
    int32_t *all = malloc(n * sizeof *all), *short_of_one = malloc((n - 1) * sizeof *short_of_one);
    is_int(pc_patchwork_legal_moves(pw, all, n, &m), PC_OK, "patchwork: all %zu moves", n);
    is_int(pc_patchwork_legal_moves(pw, short_of_one, n - 1, &m), PC_ESPACE, "one element short: PC_ESPACE");
    ok(m == n && memcmp(all, short_of_one, (n - 1) * sizeof *all) == 0, "... the first n - 1 written, *n whole");
    free(all);
    free(short_of_one);
    pc_patchwork_free(pw);
}

/* One NULL rule: a NULL handle is PC_EINVAL in every accessor that answers a
 * number (sizes, counts, seeds and options included). */
static void null_handles(void)
{
    uint64_t seed = 1;
    uint32_t options = 1;
    is_int(pc_sokoban_width(NULL), PC_EINVAL, "sokoban width of NULL");
    is_int(pc_sokoban_height(NULL), PC_EINVAL, "sokoban height of NULL");
    is_int(pc_sokoban_collection_count(NULL), PC_EINVAL, "sokoban collection count of NULL");
    is_int(pc_nonogram_collection_count(NULL), PC_EINVAL, "nonogram collection count of NULL");
    is_int(pc_nonogram_width(NULL), PC_EINVAL, "nonogram width of NULL");
    is_int(pc_pickerel_options(NULL, &options), PC_EINVAL, "pickerel options of NULL");
    is_int(pc_pickerel_seed(NULL, &seed), PC_EINVAL, "pickerel seed of NULL");
    is_int(pc_patchwork_seed(NULL, &seed), PC_EINVAL, "patchwork seed of NULL");
    ok(seed == 1 && options == 1, "a refused call writes no out-pointer");
    pc_pickerel *pk = NULL;
    pc_pickerel_new(3, 9, PC_PICKEREL_OPT_LOOM_BEADS, &pk);
    ok(pc_pickerel_options(pk, &options) == PC_OK && options == PC_PICKEREL_OPT_LOOM_BEADS, "pickerel options read back");
    is_int(pc_pickerel_options(pk, NULL), PC_EINVAL, "pickerel options into NULL");
    pc_pickerel_free(pk);
}

int main(void)
{
    null_handles();
    size_queries();
    negative_values();
    out_of_range();
    caller_lengths();
    return done_testing();
}
