/* Patchwork: scripted games pinning the referee's rules, the protocol text,
 * atomic failures, legal moves, save/load and the bots (public API only). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* The accessors whose value can be negative answer through a pointer; these
 * read one, giving INT32_MIN when the call fails. */
static int32_t pw_score(const pc_patchwork *g, int32_t p)
{
    int32_t v = INT32_MIN;
    return pc_patchwork_score(g, p, &v) == PC_OK ? v : INT32_MIN;
}
#define PW_READ(name)                                                              \
    static int32_t pw_##name(const pc_patchwork *g)                                \
    {                                                                              \
        int32_t v = INT32_MIN;                                                     \
        return pc_patchwork_##name(g, &v) == PC_OK ? v : INT32_MIN;                \
    }
PW_READ(to_move)
PW_READ(special_id)
PW_READ(bonus_owner)
PW_READ(finished_first)
PW_READ(winner)

static pc_patchwork *deck_game(int32_t rules, const int32_t *first, int nfirst)
{
    int32_t order[33], n = 0;
    for (int i = 0; i < nfirst; i++)
        order[n++] = first[i];
    for (int32_t id = 0; id < 33; id++) {
        int used = 0;
        for (int i = 0; i < nfirst; i++)
            used |= first[i] == id;
        if (!used)
            order[n++] = id;
    }
    pc_patchwork *g = NULL;
    if (pc_patchwork_new_deck(rules, order, 33, &g) != PC_OK)
        return NULL;
    return g;
}

static char *save(const pc_patchwork *g)
{
    size_t len = 0;
    pc_patchwork_save(g, NULL, 0, &len);
    char *buf = malloc(len + 1);
    pc_patchwork_save(g, buf, len + 1, &len);
    return buf;
}

static char *turn_text(const pc_patchwork *g)
{
    size_t len = 0;
    if (pc_patchwork_referee_input(g, NULL, 0, &len) != PC_OK)
        return NULL;
    char *buf = malloc(len + 1);
    pc_patchwork_referee_input(g, buf, len + 1, &len);
    return buf;
}

static int32_t step(pc_patchwork *g, const char *line, int32_t *fixes)
{
    int32_t applied = -1;
    return pc_patchwork_referee_step(g, line, strlen(line), &applied, fixes, NULL, 0);
}

static void market_is(const pc_patchwork *g, const int32_t *want, int n, const char *what)
{
    int32_t ids[33];
    size_t got = 0;
    pc_patchwork_market(g, ids, 33, &got);
    int same = (int)got >= n;
    for (int i = 0; same && i < n; i++)
        same = ids[i] == want[i];
    ok(same, "%s", what);
}

/* ---- the patch table ------------------------------------------------------------ */
static void test_patches(void)
{
    int32_t cells = 0, earn = 0, price = 0, time = 0;
    for (int32_t id = 0; id < 33; id++) {
        int32_t e, p, t, c;
        pc_patchwork_patch_info(id, &e, &p, &t, &c);
        cells += c, earn += e, price += p, time += t;
    }
    ok(cells == 166 && earn == 38 && price == 133 && time == 107, "33 patches: 166 cells, 38 earn, 133 price, 107 time");
    int32_t e, p, t, c;
    ok(pc_patchwork_patch_info(-20, &e, &p, &t, &c) == PC_OK && e == 0 && p == 0 && t == 0 && c == 1,
       "special -20 is a free 1x1");
    is_int(pc_patchwork_patch_info(33, NULL, NULL, NULL, NULL), PC_EINVAL, "id 33 refused");
    is_int(pc_patchwork_patch_info(-21, NULL, NULL, NULL, NULL), PC_EINVAL, "id -21 refused");
    char buf[64];
    size_t len;
    pc_patchwork_patch_shape(3, 0, 0, buf, sizeof buf, &len);
    is_str(buf, "OOOO|O...", "patch 3 as printed");
    pc_patchwork_patch_shape(3, 1, 0, buf, sizeof buf, &len);
    is_str(buf, "OOOO|...O", "flip reverses each row");
    pc_patchwork_patch_shape(3, 0, 1, buf, sizeof buf, &len);
    is_str(buf, "OO|.O|.O|.O", "one clockwise turn");
    pc_patchwork_patch_shape(3, 1, 1, buf, sizeof buf, &len);
    is_str(buf, ".O|.O|.O|OO", "flip first, then the turn");
    pc_patchwork_patch_shape(29, 0, 2, buf, sizeof buf, &len);
    is_str(buf, "OOO|O..", "half turn");
    /* distinct orientations */
    static const struct {
        int32_t id, n;
    } dist[] = {{26, 1}, {27, 1}, {9, 2}, {32, 2}, {20, 2}, {6, 2}, {24, 2}, {18, 2},
                {0, 4}, {1, 4}, {2, 4}, {12, 4}, {14, 4}, {17, 4}, {3, 8}, {15, 8}, {31, 4}, {-50, 1}};
    for (size_t i = 0; i < sizeof dist / sizeof dist[0]; i++) {
        int32_t ks[8];
        size_t n = 0;
        pc_patchwork_patch_orientations(dist[i].id, ks, 8, &n);
        is_int((int64_t)n, dist[i].n, "patch %d has %d distinct orientations", dist[i].id, dist[i].n);
    }
    int32_t ks[8];
    size_t n;
    pc_patchwork_patch_orientations(0, ks, 8, &n);
    ok(n == 4 && ks[0] == 0 && ks[1] == 1 && ks[2] == 4 && ks[3] == 5, "patch 0 keeps k = 0 1 4 5");
    is_int(pc_patchwork_patch_orientations(3, ks, 2, &n), PC_ESPACE, "short buffer: PC_ESPACE");
    is_int((int64_t)n, 8, "... and the count needed");
}

/* ---- decks -------------------------------------------------------------------------- */
static void test_decks(void)
{
    pc_patchwork *g, *h;
    int32_t a[33], b[33];
    size_t n;
    ok(pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 7, &g) == PC_OK, "seeded game");
    pc_patchwork_deck(g, a, 33, &n);
    int32_t want[32];
    for (int i = 0; i < 32; i++)
        want[i] = i;
    pc_rng *r;
    pc_rng_new(7, &r);
    pc_rng_shuffle_i32(r, want, 32);
    pc_rng_free(r);
    int same = 1;
    for (int i = 0; i < 32; i++)
        same &= a[i] == want[i];
    ok(same && a[32] == 32, "deck = pc_rng shuffle of 0..31 with the seed, then 32");
    pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 7, &h);
    pc_patchwork_market(h, b, 33, &n);
    ok(n == 33 && memcmp(a, b, sizeof a) == 0, "same seed, same circle");
    uint64_t seed = 0;
    ok(pc_patchwork_seed(g, &seed) == PC_OK && seed == 7, "seed recorded");
    is_int(pc_patchwork_seed(NULL, &seed), PC_EINVAL, "seed of NULL");
    is_int(pc_patchwork_seed(g, NULL), PC_EINVAL, "seed into NULL");
    pc_patchwork_free(h);
    pc_patchwork_free(g);
    int32_t bad[33];
    for (int i = 0; i < 33; i++)
        bad[i] = i;
    bad[5] = 4;
    is_int(pc_patchwork_new_deck(4, bad, 33, &g), PC_EINVAL, "duplicate id refused");
    ok(g == NULL, "... and *out is NULL");
    is_int(pc_patchwork_new_deck(4, bad, 32, &g), PC_EINVAL, "32 ids refused");
    is_int(pc_patchwork_new(6, 1, &g), PC_EINVAL, "unknown ruleset refused");
    is_int(pc_patchwork_new(PC_PATCHWORK_LEAGUE5, 1, &g), PC_OK, "league 5 accepted");
    is_int(pc_patchwork_ruleset(g), 4, "... as league 4");
    pc_patchwork_free(g);
}

/* ---- income, SKIP, market rotation (league 3) ------------------------------------------- */
static void test_income_skip_market(void)
{
    const int32_t first[] = {29};
    pc_patchwork *g = deck_game(PC_PATCHWORK_LEAGUE3, first, 1);
    is_int(pc_patchwork_buttons(g, 0), 5, "league 3 starts with 5 buttons");
    is_int(pw_to_move(g), 0, "P0 starts");
    is_int(pc_patchwork_play(g, 29, 0, 0, 0, 0), PC_OK, "P0 buys 29 (earn 2, price 4, time 6)");
    is_int(pc_patchwork_position(g, 0), 6, "P0 moved 6");
    is_int(pc_patchwork_buttons(g, 0), 3, "5 - 4 + income 2 at 5 (the bought patch counts)");
    is_int(pc_patchwork_income(g, 0), 2, "income 2");
    is_int(pw_to_move(g), 1, "the player behind moves");
    is_int(pc_patchwork_skip(g), PC_OK, "P1 SKIPs");
    is_int(pc_patchwork_position(g, 1), 7, "SKIP lands just past the opponent");
    is_int(pc_patchwork_buttons(g, 1), 12, "1 button per step, income event with 0 income");
    is_int(pc_patchwork_skip(g), PC_OK, "P0 SKIPs from 6");
    ok(pc_patchwork_position(g, 0) == 8 && pc_patchwork_buttons(g, 0) == 5, "P0 at 8 with 5");
    int32_t m1[] = {0, 1, 2};
    market_is(g, m1, 3, "window is 0 1 2 after buying the first patch");
    is_int(pc_patchwork_play(g, 1, 0, 0, 0, 0), PC_OK, "P1 buys window index 1");
    is_int(pc_patchwork_buttons(g, 1), 11, "12 - 3 + income 2 at 11");
    int32_t ids[33];
    size_t n;
    pc_patchwork_market(g, ids, 33, &n);
    ok(n == 31 && ids[0] == 2 && ids[1] == 3 && ids[29] == 32 && ids[30] == 0,
       "the skipped patch 0 goes to the end, after 32");
    is_int(pw_score(g, 0), 200 + 5 - 2 * 77, "league 3 score: 200 + buttons - 2 empty");
    pc_patchwork_free(g);
}

/* ---- turn order: tie goes to the player who moved last ------------------------------------- */
static void test_turn_order(void)
{
    const int32_t first[] = {31, 24, 23};
    pc_patchwork *g = deck_game(PC_PATCHWORK_LEAGUE2, first, 3);
    is_int(pc_patchwork_play(g, 31, 0, 0, 0, 0), PC_OK, "P0 buys 31 (time 1)");
    is_int(pw_to_move(g), 1, "P1 behind");
    is_int(pc_patchwork_play(g, 24, 0, 0, 0, 0), PC_OK, "P1 buys 24 (time 1)");
    ok(pc_patchwork_position(g, 0) == 1 && pc_patchwork_position(g, 1) == 1, "tied at 1");
    is_int(pw_to_move(g), 1, "tie: the player who moved last moves again");
    is_int(pc_patchwork_last_player(g), 1, "last player 1");
    is_int(pc_patchwork_skip(g), PC_OK, "P1 SKIPs");
    is_int(pc_patchwork_position(g, 1), 2, "tie SKIP moves 1");
    is_int(pc_patchwork_buttons(g, 1), 193, "league 2: SKIP pays nothing (200 - 7)");
    is_int(pc_patchwork_income(g, 1), 0, "league 2 stores bought patches with earn 0");
    pc_patchwork_free(g);
}

/* ---- league 1: 19 steps, no flips, time clamped, the tie-break --------------------------------- */
static void test_league1(void)
{
    pc_patchwork *g;
    pc_patchwork_new(PC_PATCHWORK_LEAGUE1, 3, &g);
    is_int(pc_patchwork_duration(g), 19, "league 1 track is 19");
    int32_t ids[3];
    size_t n;
    pc_patchwork_market(g, ids, 3, &n);
    is_int(pc_patchwork_play(g, ids[0], 0, 0, 1, 0), PC_EILLEGAL, "no flip in league 1");
    is_int(pc_patchwork_play(g, ids[0], 0, 0, 0, 1), PC_EILLEGAL, "no rotation in league 1");
    int32_t k = 0;
    while (!pc_patchwork_is_over(g)) {
        pc_patchwork_skip(g);
        k++;
    }
    is_int(k, 20, "19 leapfrogging SKIPs then the last one");
    ok(pc_patchwork_position(g, 0) == 19 && pc_patchwork_position(g, 1) == 19, "both at 19");
    is_int(pw_finished_first(g), 0, "P0 reached 19 first");
    is_int(pw_score(g, 0), 200 - 162 + 1, "equal scores: +1 to who finished first");
    is_int(pw_score(g, 1), 200 - 162, "league 1: 200 - 2 empty, buttons not counted");
    is_int(pw_winner(g), 0, "tie-break winner");
    is_int(pc_patchwork_skip(g), PC_EOVER, "no move after the end");
    pc_patchwork_free(g);

    /* a patch's time is clamped to the track */
    const int32_t first[] = {1};
    g = deck_game(PC_PATCHWORK_LEAGUE1, first, 1);
    for (int i = 0; i < 16; i++)
        pc_patchwork_skip(g); /* P0 at 15, P1 at 16 */
    ok(pc_patchwork_position(g, 0) == 15 && pw_to_move(g) == 0, "P0 at 15 to move");
    is_int(pc_patchwork_play(g, 1, 0, 0, 0, 0), PC_OK, "P0 buys 1 (time 6)");
    is_int(pc_patchwork_position(g, 0), 19, "stops on the last space");
    is_int(pw_finished_first(g), 0, "finished first");
    pc_patchwork_free(g);
}

/* ---- specials, auto-placement, the claim (league 4) ------------------------------------------- */
static void test_specials(void)
{
    pc_patchwork *g;
    int32_t fixes;
    pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 11, &g);
    for (int i = 0; i < 19; i++)
        step(g, "SKIP", &fixes);
    ok(pc_patchwork_position(g, 0) == 19 && pc_patchwork_position(g, 1) == 18, "P0 19, P1 18");
    is_int(step(g, "SKIP", &fixes), PC_OK, "P1 SKIPs over 20");
    is_int(pc_patchwork_pending(g, 1), 1, "P1 gains the special at 20");
    is_int(pw_to_move(g), 1, "a pending special moves first");
    is_int(pw_special_id(g), -20, "its id is -20");
    char *t = turn_text(g);
    ok(t && strstr(t, "\n-20\n0\n") != NULL, "turn input: special id line; no opponent move since P1's SKIP");
    free(t);
    char *before = save(g);
    is_int(pc_patchwork_skip(g), PC_EILLEGAL, "engine: SKIP with a pending special is illegal");
    int32_t ids[3];
    size_t n;
    pc_patchwork_market(g, ids, 3, &n);
    is_int(pc_patchwork_play(g, ids[0], 0, 0, 0, 0), PC_EILLEGAL, "engine: no purchase while pending");
    char *after = save(g);
    is_str(after, before, "failed moves change nothing");
    free(before);
    free(after);
    int32_t code, kind, patch, x, y;
    is_int(pc_patchwork_referee_step(g, "SKIP", 4, &code, &fixes, NULL, 0), PC_OK, "referee: SKIP accepted");
    is_int(fixes, PC_PATCHWORK_FIX_CANT_SKIP, "... as CantSkip");
    pc_patchwork_move_decode(code, &kind, &patch, &x, &y, NULL, NULL);
    ok(kind == PC_PATCHWORK_SPECIAL && patch == 20 && x == 0 && y == 0, "auto-placed at the first empty square");
    is_int(pc_patchwork_cell(g, 1, 0, 0), 1, "(0,0) covered");
    is_int(pc_patchwork_specials_left(g), 4, "4 specials left");
    is_int(pc_patchwork_position(g, 1), 20, "a special costs no time");
    is_int(pw_to_move(g), 0, "P0 at 19 moves");
    is_int(step(g, "SKIP", &fixes), PC_OK, "P0 SKIPs over 20");
    is_int(pc_patchwork_pending(g, 0), 0, "a claimed special is not gained again");
    /* P1 now at 20 behind P0 at 21: P1 SKIPs to 22; keep going to 26 */
    while (pc_patchwork_position(g, 0) < 26 && pc_patchwork_position(g, 1) < 26)
        step(g, "SKIP", &fixes);
    int32_t who = pc_patchwork_position(g, 0) >= 26 ? 0 : 1;
    is_int(pc_patchwork_pending(g, who), 1, "the first over 26 gains -26");
    is_int(pw_special_id(g), -26, "now -26");
    is_int(who, 1, "P1 (at 20) reaches 26 first");
    before = save(g);
    is_int(pc_patchwork_place_special(g, 0, 0), PC_EILLEGAL, "special on a covered square refused");
    is_int(pc_patchwork_play(g, -20, 5, 5, 0, 0), PC_EILLEGAL, "the placed -20 cannot come back");
    is_int(pc_patchwork_place_special(g, 9, 0), PC_EINVAL, "x = 9 is not on the quilt");
    after = save(g);
    is_str(after, before, "failed special placements change nothing");
    free(before);
    free(after);
    is_int(step(g, "PLAY -20 4 4 0 0", &fixes), PC_OK, "a wrong special id ...");
    is_int(fixes, PC_PATCHWORK_FIX_INVALID_ID | PC_PATCHWORK_FIX_CANT_SKIP, "... is InvalidId then CantSkip");
    pc_patchwork_free(g);

    pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 11, &g);
    for (int i = 0; i < 20; i++)
        step(g, "SKIP", &fixes);
    is_int(step(g, "PLAY -20 3 4 1 2 hello", &fixes), PC_OK, "explicit special placement");
    ok(fixes == 0 && pc_patchwork_cell(g, 1, 3, 4) == 1, "placed where asked");
    t = turn_text(g);
    ok(t && strstr(t, "\n1\nPLAY -20 3 4 1 2\n") == NULL, "P0's turn input lists P1's two moves");
    ok(t && strstr(t, "\n0\n2\nSKIP\nPLAY -20 3 4 1 2\n") != NULL, "... SKIP then PLAY -20 3 4 1 2");
    free(t);
    pc_patchwork_free(g);
}

/* ---- the bonus square, first come (expert size 2) ------------------------------------------ */
static void test_bonus(void)
{
    const int32_t first[] = {9, 26, 18, 32};
    pc_patchwork *g = deck_game(PC_PATCHWORK_LEAGUE4, first, 4);
    is_int(pc_patchwork_set_bonus_size(g, 2), PC_OK, "expert: bonus size 2");
    is_int(pc_patchwork_set_initial_money(g, 50), PC_OK, "expert: 50 buttons");
    is_int(pc_patchwork_buttons(g, 1), 50, "both start with 50");
    is_int(pc_patchwork_play(g, 9, 0, 0, 0, 0), PC_OK, "P0 buys the 1x4");
    is_int(pw_bonus_owner(g), -1, "a 1x4 covers no 2x2");
    is_int(pc_patchwork_play(g, 26, 4, 4, 0, 0), PC_OK, "P1 buys the 2x2");
    is_int(pw_bonus_owner(g), 1, "P1 takes the bonus");
    is_int(pc_patchwork_set_bonus_size(g, 3), PC_EILLEGAL, "expert settings are fixed once playing");
    is_int(pw_to_move(g), 0, "P0 (3) behind P1 (5)");
    is_int(pc_patchwork_play(g, 18, 0, 1, 0, 0), PC_OK, "P0 completes a 2x2 too");
    is_int(pw_bonus_owner(g), 1, "first come keeps it");
    is_int(pw_score(g, 1), 200 + (50 - 6 + 2) + 7 - 2 * 77, "league 4 score counts the 7 (and income 2 at 5)");
    pc_patchwork_free(g);
}

/* ---- the action cap as an expert setting (the referee's --action-cap) ------------------------ */
static void test_action_cap(void)
{
    pc_patchwork *g = NULL, *h = NULL;
    pc_patchwork_new(PC_PATCHWORK_LEAGUE2, 3, &g);
    is_int(pc_patchwork_action_cap(g), 80, "leagues: the CodinGame cap, 80 actions");
    char *plain = save(g);
    ok(plain && !strstr(plain, "action_cap"), "the default cap is not written in the save");
    free(plain);
    is_int(pc_patchwork_set_action_cap(g, -1), PC_EINVAL, "a negative cap: PC_EINVAL");
    is_int(pc_patchwork_set_action_cap(g, 1001), PC_EINVAL, "a cap over 1000: PC_EINVAL");
    is_int(pc_patchwork_set_action_cap(NULL, 5), PC_EINVAL, "NULL: PC_EINVAL");
    is_int(pc_patchwork_set_action_cap(g, 4), PC_OK, "cap 4");
    char *s = save(g);
    ok(s && strstr(s, "\naction_cap 4\n") != NULL, "a cap of its own is in the save");
    int over_at = -1;
    for (int i = 0; i < 10 && !pc_patchwork_is_over(g); i++) {
        pc_patchwork_skip(g);
        if (pc_patchwork_is_over(g))
            over_at = i + 1;
    }
    is_int(over_at, 4, "the game ends after the 4th action");
    ok(pc_patchwork_capped(g) == 1 && pw_score(g, 0) == 0 && pw_score(g, 1) == 0 &&
           pw_winner(g) == PC_PATCHWORK_DRAW,
       "capped: both scores 0, a draw");
    is_int(pc_patchwork_set_action_cap(g, 9), PC_EILLEGAL, "fixed once playing");
    char *s2 = save(g);
    is_int(s2 ? pc_patchwork_load(s2, strlen(s2), NULL, 0, &h) : PC_EINVAL, PC_OK, "the capped game's save loads");
    char *s3 = h ? save(h) : NULL;
    ok(h && pc_patchwork_action_cap(h) == 4 && pc_patchwork_capped(h) == 1 && s3 && strcmp(s2, s3) == 0,
       "... with its cap, capped, and saves the same text");
    free(s);
    free(s2);
    free(s3);
    pc_patchwork_free(h);
    pc_patchwork_free(g);
    g = NULL;
    pc_patchwork_new(PC_PATCHWORK_OFFICIAL, 3, &g);
    is_int(pc_patchwork_action_cap(g), 0, "the board game: no cap");
    pc_patchwork_free(g);
}

/* ---- atomic failures for every move kind --------------------------------------------------- */
static void test_atomic(void)
{
    const int32_t first[] = {0, 15, 3};
    pc_patchwork *g = deck_game(PC_PATCHWORK_LEAGUE3, first, 3);
    pc_patchwork_skip(g); /* P0 to 1 with 6 buttons; P1 (5 buttons) to move */
    char *s0 = save(g);
    int32_t code;
    struct {
        int32_t rc;
        const char *what;
    } cases[6];
    int nc = 0;
    int32_t me = pw_to_move(g);
    (void)me;
    cases[nc].rc = pc_patchwork_play(g, 15, 0, 0, 0, 0);
    cases[nc++].what = "too dear";
    cases[nc].rc = pc_patchwork_play(g, 5, 0, 0, 0, 0);
    cases[nc++].what = "outside the window";
    cases[nc].rc = pc_patchwork_play(g, 0, 7, 0, 0, 0);
    cases[nc++].what = "off the board (x + w > 9)";
    cases[nc].rc = pc_patchwork_place_special(g, 0, 0);
    cases[nc++].what = "special without one pending";
    pc_patchwork_move_encode(PC_PATCHWORK_PLAY, 0, 0, 8, 0, 0, &code);
    cases[nc].rc = pc_patchwork_apply(g, code);
    cases[nc++].what = "off the board (y + h > 9)";
    cases[nc].rc = pc_patchwork_apply(g, 1 << 30);
    cases[nc++].what = "malformed code";
    for (int i = 0; i < nc; i++)
        ok(cases[i].rc == (i == 5 ? PC_EINVAL : PC_EILLEGAL), "refused: %s", cases[i].what);
    char *s1 = save(g);
    is_str(s1, s0, "nothing changed");
    free(s1);
    is_int(pc_patchwork_skip(g), PC_OK, "P1 SKIPs to 2 (7 buttons)");
    is_int(pc_patchwork_play(g, 0, 0, 0, 0, 0), PC_EILLEGAL, "P0 (6 buttons) cannot buy 0 (7)");
    is_int(pc_patchwork_skip(g), PC_OK, "P0 SKIPs to 3 (8 buttons)");
    is_int(pc_patchwork_play(g, 0, 0, 0, 0, 0), PC_OK, "P1 buys 0");
    is_int(pw_to_move(g), 0, "P0 (3) behind P1 (8)");
    free(s0);
    s0 = save(g);
    is_int(pc_patchwork_play(g, 3, 0, 0, 0, 0), PC_EILLEGAL, "too dear again");
    is_int(pc_patchwork_play(g, 15, 0, 0, 0, 0), PC_EILLEGAL, "too dear");
    is_int(pc_patchwork_play(g, 0, 0, 0, 0, 0), PC_EILLEGAL, "bought patch left the window");
    is_int(pc_patchwork_play(g, 40, 0, 0, 0, 0), PC_EINVAL, "no patch 40");
    is_int(pc_patchwork_play(g, 15, -1, 0, 0, 0), PC_EINVAL, "negative x");
    is_int(pc_patchwork_play(g, 15, 0, 0, 2, 0), PC_EINVAL, "flip 2");
    s1 = save(g);
    is_str(s1, s0, "nothing changed");
    free(s1);
    free(s0);
    /* overlap: P0 buys something cheap, then tries to cover it */
    pc_patchwork_free(g);
    const int32_t f2[] = {8, 6, 10, 14, 25};
    g = deck_game(PC_PATCHWORK_LEAGUE3, f2, 5);
    is_int(pc_patchwork_play(g, 8, 0, 0, 0, 0), PC_OK, "P0 buys 8 (free)");
    is_int(pc_patchwork_skip(g), PC_OK, "P1 SKIPs past");
    s0 = save(g);
    is_int(pc_patchwork_play(g, 6, 0, 0, 0, 0), PC_EILLEGAL, "overlap refused");
    is_int(pc_patchwork_check(g, 0), PC_OK, "SKIP is fine");
    s1 = save(g);
    is_str(s1, s0, "nothing changed");
    free(s0);
    free(s1);
    pc_patchwork_free(g);
}

/* ---- legal moves ------------------------------------------------------------------------- */
static void test_legal(void)
{
    pc_patchwork *g = deck_game(PC_PATCHWORK_LEAGUE2, NULL, 0);
    int32_t codes[PC_PATCHWORK_MAX_MOVES];
    size_t n = 0;
    is_int(pc_patchwork_legal_moves(g, NULL, 0, &n), PC_OK, "count query (cap 0: PC_OK)");
    is_int((int64_t)n, 1 + 2 * 7 * 8 * 2 + 4 * 49 + 4 * 49, "617 = SKIP + 224 + 196 + 196 distinct placements");
    pc_patchwork_legal_moves(g, codes, PC_PATCHWORK_MAX_MOVES, &n);
    is_int(codes[0], 0, "SKIP first (code 0)");
    int allok = 1;
    for (size_t i = 0; i < n; i++)
        allok &= pc_patchwork_check(g, codes[i]) == PC_OK;
    ok(allok, "every listed move is legal");
    /* every (k, x, y) that fits yields a listed shape at that place */
    int32_t total = 0, dup = 0;
    for (int32_t j = 0; j < 3; j++) {
        for (int32_t k = 0; k < 8; k++)
            for (int32_t y = 0; y < 9; y++)
                for (int32_t x = 0; x < 9; x++) {
                    int32_t c;
                    pc_patchwork_move_encode(1, j, x, y, k >> 2, k & 3, &c);
                    if (pc_patchwork_check(g, c) == PC_OK)
                        total++;
                }
    }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            /* same patch, same cells? compare by applying on clones */
            int32_t pi, pj;
            pc_patchwork_move_decode(codes[i], NULL, &pi, NULL, NULL, NULL, NULL);
            pc_patchwork_move_decode(codes[j], NULL, &pj, NULL, NULL, NULL, NULL);
            if (pi != pj)
                continue;
            pc_patchwork *a, *b;
            pc_patchwork_clone(g, &a);
            pc_patchwork_clone(g, &b);
            pc_patchwork_apply(a, codes[i]);
            pc_patchwork_apply(b, codes[j]);
            uint64_t wa[2], wb[2];
            pc_patchwork_board_bits(a, 0, wa);
            pc_patchwork_board_bits(b, 0, wb);
            dup += wa[0] == wb[0] && wa[1] == wb[1];
            pc_patchwork_free(a);
            pc_patchwork_free(b);
            if (j > i + 60)
                break;
        }
    is_int(total, 2 * 224 + 8 * 49 + 8 * 49, "all 8 orientations accepted, duplicates included");
    is_int(dup, 0, "no placement listed twice");
    pc_patchwork_free(g);
}

/* ---- protocol text, byte for byte -------------------------------------------------------- */
static const char *patch_lines[33] = {
    "0 3 7 6 OO.|.OO", "1 2 3 6 OO.|.OO|OO.", "2 3 10 4 OO.|.OO|..O", "3 2 10 3 OOOO|O...",
    "4 2 7 2 O...|OOOO|O...", "5 3 8 6 OO.|.OO|.OO", "6 1 1 4 ..O..|OOOOO|..O..", "7 1 3 2 OO.|.OO",
    "8 1 0 3 .O..|OOOO|.O..", "9 1 3 3 OOOO", "10 0 1 2 O...|OOOO|...O", "11 0 2 2 OOO|OO.",
    "12 2 5 5 OOO|.O.|.O.", "13 1 3 4 OOOO|.O..", "14 0 1 2 OOO|O.O", "15 3 10 5 OOOO|OO..",
    "16 1 2 3 OOO.|..OO", "17 0 2 2 OOO|.O.", "18 0 2 2 OOO", "19 1 4 2 OOO|O..",
    "20 0 2 3 O.O|OOO|O.O", "21 1 5 3 .OO.|OOOO|.OO.", "22 0 4 2 OOO.|.OOO", "23 0 2 1 .O..|OOOO|..O.",
    "24 1 7 1 OOOOO", "25 1 1 5 OOOO|O..O", "26 2 6 5 OO|OO", "27 2 5 4 .O.|OOO|.O.",
    "28 2 7 4 .OO.|OOOO", "29 2 4 6 ..O|OOO", "30 0 1 3 OO|.O", "31 0 3 1 O.|OO", "32 0 2 1 OO"};

/* The referee's turn text; the circle is patches from..32 (0 or 1 here). */
static char *expect_turn(const char *init, const char *me, const char *myrows, const char *opp,
                         const char *opprows, int from, const char *tail)
{
    static char buf[8192];
    char *p = buf;
    p += sprintf(p, "%s%s\n%s%s\n%s%d\n", init, me, myrows, opp, opprows, 33 - from);
    for (int i = from; i < 33; i++)
        p += sprintf(p, "%s\n", patch_lines[i]);
    sprintf(p, "%s", tail);
    return buf;
}

#define EMPTY9 ".........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n"

static void test_protocol_text(void)
{
    static const char *inits[4] = {"0\n\n0\n\n", "0\n\n0\n\n", "9\n5 11 17 23 29 35 41 47 53\n0\n\n",
                                   "9\n5 11 17 23 29 35 41 47 53\n5\n20 26 32 44 50\n"};
    static const char *money[4] = {"200", "200", "5", "5"};
    for (int lg = 1; lg <= 4; lg++) {
        pc_patchwork *g = deck_game(lg, NULL, 0);
        char me[32], t1rows[128];
        sprintf(me, "%s 0 0", money[lg - 1]);
        char *got = turn_text(g);
        is_str(got, expect_turn(inits[lg - 1], me, EMPTY9, me, EMPTY9, 0, "0\n0\n"), "league %d: turn 1 (P0)", lg);
        free(got);
        /* P0 buys patch 0 at (1, 2) turned once: 2x3 ".O|OO|O." */
        const char *line = lg == 1 ? "PLAY 0 1 2 hi there" : "PLAY 0 1 2 0 1 hi there";
        int32_t fixes;
        is_int(step(g, line, &fixes), PC_OK, "league %d: P0's PLAY", lg);
        int32_t want_x = 1, want_y = 2;
        if (lg < 3)
            ok(pc_patchwork_cell(g, 0, want_x + (lg == 1 ? 0 : 1), want_y) == 1, "league %d: placed", lg);
        if (lg == 1)
            strcpy(t1rows, ".........\n.........\n.OO......\n..OO.....\n.........\n.........\n.........\n.........\n.........\n");
        else
            strcpy(t1rows, ".........\n.........\n..O......\n.OO......\n.O.......\n.........\n.........\n.........\n.........\n");
        char opp[32], tail[64];
        int m0 = lg >= 3 ? 5 - 7 : 193;
        (void)m0;
        /* league 3+: P0 cannot afford 7 with 5 buttons: the PLAY became SKIP */
        if (lg >= 3) {
            is_int(fixes, PC_PATCHWORK_FIX_NO_MONEY, "league %d: NoMoney turns PLAY into SKIP", lg);
            sprintf(opp, "6 1 0");
            sprintf(tail, "0\n1\nSKIP\n");
            got = turn_text(g);
            is_str(got, expect_turn(inits[lg - 1], me, EMPTY9, opp, EMPTY9, 0, tail), "league %d: turn 2 (P1)", lg);
            free(got);
            continue_free:
            pc_patchwork_free(g);
            continue;
        }
        sprintf(opp, "193 6 0");
        sprintf(tail, "0\n1\n%s\n", lg == 1 ? "PLAY 0 1 2" : "PLAY 0 1 2 0 1");
        got = turn_text(g);
        is_str(got, expect_turn(inits[lg - 1], me, EMPTY9, opp, t1rows, 1, tail), "league %d: turn 2 (P1)", lg);
        free(got);
        /* P1 SKIPs to 7; P0's turn 3 has no init lines */
        step(g, "SKIP", &fixes);
        char me0[32];
        sprintf(me0, "193 6 0");
        got = turn_text(g);
        is_str(got, expect_turn("", me0, t1rows, "200 7 0", EMPTY9, 1, "0\n1\nSKIP\n"), "league %d: turn 3 (P0)", lg);
        free(got);
        goto continue_free;
    }
}

/* League 3: a real earning in the turn text, the bought patch gone from the circle. */
static void test_protocol_earning(void)
{
    const int32_t first[] = {29};
    pc_patchwork *g = deck_game(PC_PATCHWORK_LEAGUE3, first, 1);
    int32_t fixes;
    is_int(step(g, "PLAY 29 0 0 0 0", &fixes), PC_OK, "league 3: P0 buys 29");
    char want[8192], *p = want;
    p += sprintf(p, "9\n5 11 17 23 29 35 41 47 53\n0\n\n5 0 0\n" EMPTY9 "3 6 2\n..O......\nOOO......\n");
    for (int i = 0; i < 7; i++)
        p += sprintf(p, ".........\n");
    p += sprintf(p, "32\n");
    for (int i = 0; i < 33; i++)
        if (i != 29)
            p += sprintf(p, "%s\n", patch_lines[i]);
    sprintf(p, "0\n1\nPLAY 29 0 0 0 0\n");
    char *got = turn_text(g);
    is_str(got, want, "league 3: P1's first turn, byte for byte (earning 2 after income at 5)");
    free(got);
    size_t len;
    char init[128];
    pc_patchwork_init_input(g, init, sizeof init, &len);
    is_str(init, "9\n5 11 17 23 29 35 41 47 53\n0\n\n", "init lines alone");
    pc_patchwork_free(g);

    /* league 4: twenty SKIPs bring P1 over 20; its turn text, whole */
    g = deck_game(PC_PATCHWORK_LEAGUE4, NULL, 0);
    for (int i = 0; i < 20; i++)
        step(g, "SKIP", &fixes);
    got = turn_text(g);
    is_str(got, expect_turn("", "25 20 0", EMPTY9, "24 19 0", EMPTY9, 0, "-20\n0\n"),
           "league 4: P1 must place -20; buttons 2+2+..., no init lines, no moves since its SKIP");
    free(got);
    pc_patchwork_free(g);
}

static void test_parse(void)
{
    int32_t c[6];
    size_t off, len;
    const char *l = "PLAY 3 1 2 1 5 hello  world";
    is_int(pc_patchwork_parse_command(4, l, strlen(l), c, &off, &len, NULL, 0), PC_OK, "PLAY with message");
    ok(c[0] == 1 && c[1] == 3 && c[2] == 1 && c[3] == 2 && c[4] == 1 && c[5] == 1, "rot 5 %% 4 = 1");
    ok(len == 12 && memcmp(l + off, "hello  world", 12) == 0, "message kept as sent");
    l = "PLAY 3 1 2 2 x y";
    pc_patchwork_parse_command(4, l, strlen(l), c, &off, &len, NULL, 0);
    ok(c[4] == 0 && c[5] == 0 && strcmp(l + off, "x y") == 0, "flip 2 counts as no flip; bad rot starts the message");
    l = "PLAY 3 1 2 a 3";
    pc_patchwork_parse_command(4, l, strlen(l), c, &off, &len, NULL, 0);
    ok(c[4] == 0 && c[5] == 3 && strcmp(l + off, "a 3") == 0, "rot read even when flip is not a number");
    l = "PLAY 3 1 2 1 1";
    pc_patchwork_parse_command(1, l, strlen(l), c, &off, &len, NULL, 0);
    ok(c[4] == 0 && c[5] == 0 && strcmp(l + off, "1 1") == 0, "league 1: flip/rot are message");
    l = "PLAY +3 -0 2 1 -6\n";
    pc_patchwork_parse_command(4, l, strlen(l), c, &off, &len, NULL, 0);
    ok(c[1] == 3 && c[2] == 0 && c[5] == -2 && len == 0, "Kotlin integers: '+', '-0', remainder keeps the sign");
    is_int(pc_patchwork_parse_command(4, "SKIP\r", 5, c, NULL, NULL, NULL, 0), PC_OK, "a CR line end is ignored");
    l = "SKIP  x";
    is_int(pc_patchwork_parse_command(4, l, strlen(l), c, &off, &len, NULL, 0), PC_OK, "SKIP with message");
    ok(c[0] == 0 && strcmp(l + off, " x") == 0, "double space: empty token joins the message");
    static const char *bad[] = {"", "skip", "PLAY", "PLAY 1 2", "PLAY  1 2 3", "PLAY 1 2 3x", "SKIP\tx",
                                "PLAY 99999999999 1 1", " SKIP", "PLAY 1 2 -"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[128] = "";
        is_int(pc_patchwork_parse_command(4, bad[i], strlen(bad[i]), c, NULL, NULL, err, sizeof err), PC_EPARSE,
               "unknown command: \"%s\"", bad[i]);
    }
    /* referee step: invalid PLAYs become SKIP; a bad token loses (nothing changes) */
    pc_patchwork *g = deck_game(4, NULL, 0);
    int32_t fixes, code;
    is_int(pc_patchwork_referee_step(g, "PLAY 1 2", 8, &code, &fixes, NULL, 0), PC_EPARSE, "unknown command");
    is_int(pc_patchwork_actions(g), 0, "... nothing applied");
    is_int(step(g, "PLAY 5 0 0 0 0", &fixes), PC_OK, "patch outside the window");
    is_int(fixes, PC_PATCHWORK_FIX_INVALID_ID, "... InvalidId -> SKIP");
    is_int(pc_patchwork_position(g, 0), 1, "P0 skipped");
    is_int(step(g, "PLAY 8 0 -1 0 0", &fixes), PC_OK, "negative y (the referee crashes)");
    is_int(fixes, PC_PATCHWORK_FIX_INVALID_ID, "8 is not in the window: InvalidId");
    pc_patchwork_free(g);
    const int32_t f[] = {8};
    g = deck_game(4, f, 1);
    is_int(step(g, "PLAY 8 0 -1 0 0", &fixes), PC_OK, "negative y");
    is_int(fixes, PC_PATCHWORK_FIX_INVALID_PLACEMENT, "... InvalidPlacement -> SKIP");
    is_int(step(g, "PLAY 8 2 7 0 -1", &fixes), PC_OK, "negative rot");
    is_int(fixes, PC_PATCHWORK_FIX_INVALID_PLACEMENT, "... InvalidPlacement");
    is_int(step(g, "PLAY 8 5 5 1 7", &fixes), PC_OK, "flip 1 rot 7 -> k 7: .O.|OOO|.O.|.O.");
    ok(fixes == 0 && pc_patchwork_cell(g, 0, 6, 5) == 1 && pc_patchwork_cell(g, 0, 5, 6) == 1 &&
           pc_patchwork_cell(g, 0, 5, 5) == 0 && pc_patchwork_cell(g, 0, 6, 8) == 1,
       "placed in that orientation");
    pc_patchwork_free(g);
}

/* ---- whole random games: invariants, save/load, clone ------------------------------------------- */
static void test_random_games(void)
{
    pc_rng *r;
    pc_rng_new(99, &r);
    int bad = 0, rounds = 0, ends = 0;
    for (int gi = 0; gi < 40; gi++) {
        int32_t rules[] = {1, 2, 3, 4, 10};
        pc_patchwork *g;
        pc_patchwork_new(rules[gi % 5], (uint64_t)gi, &g);
        int32_t codes[PC_PATCHWORK_MAX_MOVES];
        size_t n;
        while (!pc_patchwork_is_over(g)) {
            pc_patchwork_legal_moves(g, codes, PC_PATCHWORK_MAX_MOVES, &n);
            if (n == 0) {
                bad++;
                break;
            }
            uint64_t i;
            pc_rng_uniform(r, n, &i);
            if (pc_patchwork_apply(g, codes[i]) != PC_OK)
                bad++;
            for (int p = 0; p < 2; p++)
                if (pc_patchwork_position(g, p) > pc_patchwork_duration(g) || pc_patchwork_buttons(g, p) < 0)
                    bad++;
        }
        ends += pw_winner(g) >= 0;
        char *s = save(g);
        pc_patchwork *h = NULL;
        char err[128];
        if (pc_patchwork_load(s, strlen(s), err, sizeof err, &h) == PC_OK) {
            char *s2 = save(h);
            rounds += strcmp(s, s2) == 0 && pw_score(h, 0) == pw_score(g, 0) &&
                      pw_winner(h) == pw_winner(g);
            free(s2);
        }
        pc_patchwork_free(h);
        free(s);
        pc_patchwork_free(g);
    }
    pc_rng_free(r);
    is_int(bad, 0, "40 random games: every listed move applies, positions and buttons in range");
    is_int(ends, 40, "every game ends with a result");
    is_int(rounds, 40, "save/load round trip replays to the same game");

    pc_patchwork *g, *c;
    pc_patchwork_new(4, 5, &g);
    pc_patchwork_skip(g);
    pc_patchwork_clone(g, &c);
    pc_patchwork_skip(c);
    ok(pc_patchwork_actions(g) == 1 && pc_patchwork_actions(c) == 2, "clones are independent");
    pc_patchwork_free(c);
    char err[128] = "";
    is_int(pc_patchwork_load("puzzlecore-patchwork 1\nruleset 4\n", 33, err, sizeof err, &c), PC_EPARSE, "deck missing");
    const char *t = "puzzlecore-patchwork 1\nruleset 4\ndeck 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 "
                    "23 24 25 26 27 28 29 30 31 32\nmove PLAY 5 0 0 0 0\n";
    is_int(pc_patchwork_load(t, strlen(t), err, sizeof err, &c), PC_EPARSE, "illegal move in a save");
    ok(strstr(err, "line 4") != NULL, "error names the line: %s", err);
    /* League 1's short form, as move_text prints it, is a move line there
     * (flip and rot 0), and only there. */
    {
        pc_patchwork *l1 = NULL, *r1 = NULL;
        int32_t codes[PC_PATCHWORK_MAX_MOVES], play = -1, kind, fl = 1, ro = 1;
        size_t nm = 0, tlen = 0, slen = 0;
        char text1[64] = "", save1[4096] = "", save2[4096] = "";
        pc_patchwork_new(1, 9, &l1);
        pc_patchwork_legal_moves(l1, codes, PC_PATCHWORK_MAX_MOVES, &nm);
        for (size_t i = 0; i < nm && play < 0; i++)
            if (pc_patchwork_move_decode(codes[i], &kind, NULL, NULL, NULL, NULL, NULL) == PC_OK &&
                kind == PC_PATCHWORK_PLAY)
                play = codes[i];
        pc_patchwork_move_text(1, play, text1, sizeof text1, &tlen);
        pc_patchwork_save(l1, save1, sizeof save1, &slen);
        snprintf(save1 + slen, sizeof save1 - slen, "move %s\n", text1);
        ok(pc_patchwork_load(save1, strlen(save1), err, sizeof err, &r1) == PC_OK && pc_patchwork_actions(r1) == 1,
           "league 1 save: \"move %s\" (move_text's short form) loads", text1);
        pc_patchwork_save(r1, save2, sizeof save2, &slen);
        pc_patchwork_move_decode(play, NULL, NULL, NULL, NULL, &fl, &ro);
        char full[80];
        snprintf(full, sizeof full, "move %s %d %d\n", text1, (int)fl, (int)ro);
        ok(strstr(save2, full) != NULL, "... and saves back in the full form (%s)", text1);
        pc_patchwork_free(r1);
        pc_patchwork_free(l1);
    }
    const char *t4 = "puzzlecore-patchwork 1\nruleset 4\ndeck 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 "
                     "22 23 24 25 26 27 28 29 30 31 32\nmove PLAY 0 0 0\n";
    is_int(pc_patchwork_load(t4, strlen(t4), err, sizeof err, &c), PC_EPARSE, "the short form is league 1's only");
    pc_patchwork_free(g);
}

/* ---- bots ------------------------------------------------------------------------------- */
static int prog_calls;
static double prog_last;
static int64_t prog_nodes;
static int32_t progress_cb(void *user, int64_t nodes, double seconds, double bound)
{
    (void)user;
    (void)seconds;
    prog_calls++;
    prog_last = bound;
    prog_nodes = nodes;
    return 0;
}
static int32_t progress_stop(void *user, int64_t nodes, double seconds, double bound)
{
    (void)user;
    (void)nodes;
    (void)seconds;
    (void)bound;
    return 1;
}
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}
static pc_budget *cancel_target;
static void *canceller(void *arg)
{
    (void)arg;
    struct timespec d = {0, 50 * 1000 * 1000};
    nanosleep(&d, NULL);
    pc_budget_cancel(cancel_target);
    return NULL;
}
static void test_bots(void)
{
    pc_patchwork *g;
    int32_t code, a, b;
    pc_patchwork_new(4, 1, &g);
    is_int(pc_patchwork_baseline_move(g, &code), PC_OK, "baseline move");
    is_int(pc_patchwork_check(g, code), PC_OK, "... legal");
    pc_budget bud;
    pc_budget_init(&bud, sizeof bud);
    bud.size = 4;
    is_int(pc_patchwork_suggest(g, &bud, &code), PC_EINVAL, "suggest: a budget too small to be one");
    is_int(pc_patchwork_suggest(g, NULL, NULL), PC_EINVAL, "suggest: NULL out");
    pc_budget_init(&bud, sizeof bud);
    bud.max_nodes = 300;
    bud.max_seconds = -1;
    bud.seed = 5;
    pc_patchwork_suggest(g, &bud, &a);
    pc_patchwork_suggest(g, &bud, &b);
    ok(a == b && pc_patchwork_check(g, a) == PC_OK, "suggest: legal and reproducible with a playout budget");
    prog_calls = 0;
    prog_last = -1;
    bud.progress = progress_cb;
    bud.progress_every = 1e-9;
    bud.max_nodes = 50;
    is_int(pc_patchwork_suggest(g, &bud, &a), PC_OK, "suggest with a progress callback");
    ok(prog_calls > 0 && prog_last >= 0.0 && prog_last <= 1.0 && prog_nodes <= 50,
       "progress: called, bound is a result in [0, 1], nodes within the limit");
    bud.progress = progress_stop;
    is_int(pc_patchwork_suggest(g, &bud, &a), PC_ECANCELLED, "a progress callback returning 1 cancels");
    bud.progress = NULL;
    bud.cancel = 1;
    code = 77;
    is_int(pc_patchwork_suggest(g, &bud, &code), PC_ECANCELLED, "a budget cancelled before the call");
    is_int(code, 77, "... writes nothing");
    bud.cancel = 0;
    bud.max_nodes = 0;
    bud.max_seconds = 0.02;
    double t0 = now_s();
    is_int(pc_patchwork_suggest(g, &bud, &a), PC_OK, "a time budget alone: the best move so far");
    ok(now_s() - t0 < 2.0, "... within the time budget (loose bound)");
    /* cancel a long search from a second thread */
    {
        pthread_t th;
        pc_budget lb;
        pc_budget_init(&lb, sizeof lb);
        lb.max_seconds = 60;
        lb.seed = 2;
        cancel_target = &lb;
        pthread_create(&th, NULL, canceller, NULL);
        code = 77;
        t0 = now_s();
        int32_t rc = pc_patchwork_suggest(g, &lb, &code);
        double took = now_s() - t0;
        pthread_join(th, NULL);
        is_int(rc, PC_ECANCELLED, "suggest cancelled from a second thread");
        ok(took < 10.0, "... promptly (%.3f s of a 60 s budget; loose bound for valgrind)", took);
        is_int(code, 77, "... writes no move");
    }
    /* one full game strong (P0) against the baseline */
    bud.max_seconds = -1;
    bud.max_nodes = 200;
    bud.seed = 3;
    while (!pc_patchwork_is_over(g)) {
        if (pw_to_move(g) == 0)
            pc_patchwork_suggest(g, &bud, &code);
        else
            pc_patchwork_baseline_move(g, &code);
        if (pc_patchwork_apply(g, code) != PC_OK)
            break;
    }
    ok(pc_patchwork_is_over(g), "a bot game reaches the end");
    is_int(pc_patchwork_suggest(g, &bud, &code), PC_EOVER, "no suggestion after the end");
    pc_patchwork_free(g);
}

/* ---- events of a move and who covers each square ------------------------------------------ */
static int32_t owner_of(const pc_patchwork *g, int32_t p, int32_t x, int32_t y, int32_t *k)
{
    int32_t id = INT32_MIN;
    return pc_patchwork_cell_patch(g, p, x, y, &id, k) == PC_OK ? id : INT32_MIN;
}

static void test_events(void)
{
    const int32_t first[] = {9, 26, 18, 32};
    pc_patchwork *g = deck_game(PC_PATCHWORK_LEAGUE4, first, 4);
    pc_patchwork_set_bonus_size(g, 2);
    pc_patchwork_set_initial_money(g, 50);
    is_int(pc_patchwork_event_count(g), 0, "no events before the first move");
    int32_t price = 0, time = 0, kind = -1, who = -1, v[PC_PATCHWORK_EVENT_VALUES];
    pc_patchwork_patch_info(26, NULL, &price, &time, NULL);
    pc_patchwork_play(g, 9, 0, 0, 0, 0);
    pc_patchwork_play(g, 26, 4, 4, 0, 0);
    is_int(pc_patchwork_event_count(g), 4, "P1's purchase: buy, advance, income, bonus");
    pc_patchwork_event(g, 0, &kind, &who, v);
    ok(kind == PC_PATCHWORK_EVENT_BUY && who == 1 && v[0] == 26 && v[1] == 4 && v[2] == 4 && v[3] == 0 &&
           v[4] == price, "buy: patch 26 at (4, 4), orientation 0, price %d", price);
    pc_patchwork_event(g, 1, &kind, &who, v);
    ok(kind == PC_PATCHWORK_EVENT_ADVANCE && v[0] == time && v[1] == pc_patchwork_position(g, 1),
       "advance: %d squares to %d", v[0], v[1]);
    pc_patchwork_event(g, 2, &kind, &who, v);
    ok(kind == PC_PATCHWORK_EVENT_INCOME && who == 1 && v[0] == 2 && v[1] == 2,
       "income: the earn event at 5 pays the 2 buttons patch 26 earns");
    pc_patchwork_event(g, 3, &kind, &who, v);
    ok(kind == PC_PATCHWORK_EVENT_BONUS && who == 1 && v[0] == 2, "bonus: P1 takes the 2x2 tile");
    is_int(pc_patchwork_event(g, 4, &kind, &who, v), PC_EINVAL, "event past the end: PC_EINVAL");
    int32_t k = -1;
    ok(owner_of(g, 1, 4, 4, &k) == 26 && owner_of(g, 1, 5, 5, NULL) == 26 && k == 0, "P1's quilt: the 2x2 is patch 26");
    ok(owner_of(g, 1, 6, 4, NULL) == PC_PATCHWORK_NOBODY, "a square beside it is nobody's");
    ok(owner_of(g, 0, 3, 0, NULL) == 9 && owner_of(g, 0, 4, 0, NULL) == PC_PATCHWORK_NOBODY, "P0's 1x4 on row 0");
    is_int(owner_of(g, 0, 9, 0, NULL), INT32_MIN, "off the quilt: an error");
    pc_patchwork_free(g);

    /* random games: the events account for every button, the owners for every covered square */
    pc_rng *r;
    pc_rng_new(5, &r);
    int bad_buttons = 0, bad_cover = 0, bad_over = 0, bad_copy = 0, specials = 0, incomes = 0;
    for (int gi = 0; gi < 20; gi++) {
        int32_t rules[] = {2, 3, 4, 10};
        pc_patchwork_new(rules[gi % 4], (uint64_t)gi + 100, &g);
        int32_t codes[PC_PATCHWORK_MAX_MOVES];
        size_t n;
        while (!pc_patchwork_is_over(g)) {
            int32_t me = pw_to_move(g), before = pc_patchwork_buttons(g, me);
            pc_patchwork_legal_moves(g, codes, PC_PATCHWORK_MAX_MOVES, &n);
            uint64_t i;
            pc_rng_uniform(r, n, &i);
            pc_patchwork_apply(g, codes[i]);
            int32_t delta = 0, over = 0;
            for (int32_t e = 0; e < pc_patchwork_event_count(g); e++) {
                pc_patchwork_event(g, e, &kind, &who, v);
                delta += kind == PC_PATCHWORK_EVENT_SKIP ? v[1] : kind == PC_PATCHWORK_EVENT_INCOME ? v[0]
                         : kind == PC_PATCHWORK_EVENT_BUY ? -v[4] : 0;
                specials += kind == PC_PATCHWORK_EVENT_PLACE_SPECIAL;
                incomes += kind == PC_PATCHWORK_EVENT_INCOME;
                over |= kind == PC_PATCHWORK_EVENT_OVER;
            }
            bad_buttons += delta != pc_patchwork_buttons(g, me) - before;
            bad_over += over != pc_patchwork_is_over(g);
        }
        for (int32_t p = 0; p < 2; p++)
            for (int32_t y = 0; y < 9; y++)
                for (int32_t x = 0; x < 9; x++)
                    bad_cover += (owner_of(g, p, x, y, NULL) != PC_PATCHWORK_NOBODY) != pc_patchwork_cell(g, p, x, y);
        char *s = save(g);
        pc_patchwork *h = NULL;
        pc_patchwork_load(s, strlen(s), NULL, 0, &h);
        for (int32_t p = 0; h && p < 2; p++)
            for (int32_t sq = 0; sq < 81; sq++)
                bad_copy += owner_of(g, p, sq % 9, sq / 9, NULL) != owner_of(h, p, sq % 9, sq / 9, NULL);
        bad_copy += !h;
        pc_patchwork_free(h);
        free(s);
        pc_patchwork_free(g);
    }
    pc_rng_free(r);
    is_int(bad_buttons, 0, "20 random games: SKIP + INCOME - BUY prices = every button change");
    is_int(bad_over, 0, "an OVER event exactly on the last move");
    is_int(bad_cover, 0, "a square has an owner exactly when it is covered");
    is_int(bad_copy, 0, "a loaded save has the same owners");
    ok(specials > 0 && incomes > 0, "specials placed (%d) and income paid (%d) were seen", specials, incomes);
}

int main(void)
{
    test_patches();
    test_decks();
    test_income_skip_market();
    test_turn_order();
    test_league1();
    test_specials();
    test_bonus();
    test_events();
    test_action_cap();
    test_atomic();
    test_legal();
    test_protocol_text();
    test_protocol_earning();
    test_parse();
    test_random_games();
    test_bots();
    return done_testing();
}
