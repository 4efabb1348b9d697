/* Patchwork, white box: rules on hand-built states that are hard to reach by
 * play (two specials in one move, the end with a pending special, the
 * 80-action cap, the 7x7 windows), linked against the engine's objects. */
#include "patchwork/pw.h"
#include "puzzlecore/patchwork.h"
#include "tap.h"

static pw_state fresh(int32_t ruleset)
{
    pw_rules r;
    pw_state s;
    uint8_t deck[33];
    for (int i = 0; i < 33; i++)
        deck[i] = (uint8_t)i;
    pc__patchwork_rules(&r, ruleset);
    pc__patchwork_init(&s, &r, deck, 33);
    return s;
}

static void set_cell(pw_bb *b, int x, int y)
{
    pw_bb c = pw_shl64(1, (unsigned)(y * 9 + x));
    b->lo |= c.lo;
    b->hi |= c.hi;
}

int main(void)
{
    pw_move skip = {PW_SKIP, 0, 0, 0, 0, 0};

    /* two unclaimed specials crossed by one SKIP */
    pw_state s = fresh(PC_PATCHWORK_LEAGUE4);
    s.p[0].pos = 19;
    s.p[1].pos = 30;
    is_int(pc__patchwork_check(&s, &skip), PC_OK, "P0 may SKIP");
    pc__patchwork_do(&s, &skip);
    is_int(s.p[0].pos, 31, "SKIP to 31");
    is_int(s.p[0].pending, 2, "crossing 20 and 26 gains two specials");
    is_int(s.p[0].buttons, 5 + 12, "12 steps paid (income 0 at 23 and 29)");
    is_int(pc__patchwork_special_id(&s), -20, "placed in time order: -20 first");
    pw_move sp = {PW_SPECIAL, 0, 4, 4, 0, 0};
    is_int(pc__patchwork_check(&s, &sp), PC_OK, "special placement");
    pc__patchwork_do(&s, &sp);
    is_int(pc__patchwork_to_move(&s), 0, "still pending: P0 again");
    is_int(pc__patchwork_special_id(&s), -26, "then -26");
    sp.patch = 20;
    is_int(pc__patchwork_check(&s, &sp), PC_EILLEGAL, "the placed -20 cannot be placed again");
    sp.patch = 26;
    sp.x = 4;
    is_int(pc__patchwork_check(&s, &sp), PC_EILLEGAL, "not on a covered square");
    sp.x = 5;
    pc__patchwork_do(&s, &sp);
    ok(s.p[0].pending == 0 && pc__patchwork_to_move(&s) == 1, "done; P1 behind moves");
    is_int(__builtin_popcountll(s.unclaimed), 3, "3 specials left");

    /* income counts events passed or landed on, times the income */
    s = fresh(PC_PATCHWORK_LEAGUE3);
    s.p[0].pos = 4;
    s.p[0].income = 3;
    s.p[1].pos = 16;
    pc__patchwork_do(&s, &skip);
    is_int(s.p[0].buttons, 5 + 13 + 3 * 3, "SKIP 4 -> 17 passes 5 and 11 and lands on 17: 3 events x 3");

    /* the end ignores a pending special (CodinGame), not in the board game */
    for (int official = 0; official < 2; official++) {
        s = fresh(official ? PC_PATCHWORK_OFFICIAL : PC_PATCHWORK_LEAGUE4);
        s.unclaimed = 1ull << 50;
        s.p[1].pos = 53;
        s.p[0].pos = 48;
        s.finished_first = 1;
        pc__patchwork_do(&s, &skip);
        is_int(s.p[0].pos, 53, "SKIP clamps to 53");
        is_int(s.p[0].pending, 1, "crossing 50 gains the special");
        if (!official) {
            is_int(s.over, 1, "league 4: both at 53, the game ends at once");
            is_int(pc__patchwork_to_move(&s), -1, "nobody moves");
        } else {
            is_int(s.over, 0, "official: the special is placed first");
            is_int(pc__patchwork_to_move(&s), 0, "P0 places it");
            pw_move m = {PW_SPECIAL, 0, 0, 0, 0, 0};
            pc__patchwork_do(&s, &m);
            is_int(s.over, 1, "then the game ends");
            is_int(pc__patchwork_score(&s, 0), 5 + 5 - 2 * 80, "official score: buttons - 2 empty, no 200");
            is_int(pc__patchwork_score(&s, 1), 5 - 2 * 81, "P1");
        }
    }
    /* official tie: who finished first wins, no +1 */
    s = fresh(PC_PATCHWORK_OFFICIAL);
    s.p[0].pos = s.p[1].pos = 53;
    s.finished_first = 1;
    s.over = 1;
    ok(pc__patchwork_score(&s, 0) == pc__patchwork_score(&s, 1), "official: equal scores stay equal");
    is_int(pc__patchwork_winner(&s), 1, "... the first to finish wins");

    /* the 80-action cap */
    s = fresh(PC_PATCHWORK_LEAGUE2);
    s.actions = 79;
    pc__patchwork_do(&s, &skip);
    is_int(s.over, 2, "the 80th action ends a league game");
    ok(pc__patchwork_score(&s, 0) == 0 && pc__patchwork_score(&s, 1) == 0, "capped: both scores 0");
    is_int(pc__patchwork_winner(&s), PC_PATCHWORK_DRAW, "capped: a draw");
    s = fresh(PC_PATCHWORK_OFFICIAL);
    s.actions = 79;
    pc__patchwork_do(&s, &skip);
    is_int(s.over, 0, "no cap in the board game");

    /* 7x7 bonus: every window 0..2 x 0..2, only after a PLAY, first come */
    for (int wy = 0; wy <= 2; wy++)
        for (int wx = 0; wx <= 2; wx++) {
            s = fresh(PC_PATCHWORK_LEAGUE4);
            for (int y = 0; y < 7; y++)
                for (int x = 0; x < 7; x++)
                    if (x || y)
                        set_cell(&s.p[0].board, wx + x, wy + y);
            s.p[0].pending = 1;
            pw_move m = {PW_SPECIAL, 0, (uint8_t)wx, (uint8_t)wy, 0, 0};
            pc__patchwork_do(&s, &m);
            if (!(s.bonus_owner == 0))
                break;
            if (wx == 2 && wy == 2)
                ok(1, "each of the nine 7x7 windows gives the bonus");
        }
    ok(s.bonus_owner == 0, "last window checked");
    s = fresh(PC_PATCHWORK_LEAGUE4);
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 7; x++)
            set_cell(&s.p[0].board, x + 1, y + 1);
    pc__patchwork_do(&s, &skip);
    is_int(s.bonus_owner, -1, "no check after a SKIP");
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 7; x++)
            if (x != 6 || y != 6)
                set_cell(&s.p[1].board, x, y);
    s.p[1].pending = 1;
    pw_move m = {PW_SPECIAL, 0, 6, 6, 0, 0};
    pc__patchwork_do(&s, &m);
    is_int(s.bonus_owner, 1, "the first PLAY that shows a full 7x7 takes it");
    pw_move m2 = {PW_SPECIAL, 0, 0, 0, 0, 0};
    s.p[0].pending = 1;
    s.p[1].pending = 0;
    pc__patchwork_do(&s, &m2);
    is_int(s.bonus_owner, 1, "and keeps it");
    s = fresh(PC_PATCHWORK_LEAGUE4);
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 6; x++)
            set_cell(&s.p[0].board, x, y);
    s.p[0].pending = 1;
    m.x = 8;
    m.y = 8;
    pc__patchwork_do(&s, &m);
    is_int(s.bonus_owner, -1, "7x6 is not enough");

    /* full quilt: a special that cannot fit is not granted (the referee crashes) */
    s = fresh(PC_PATCHWORK_LEAGUE4);
    s.p[0].board.lo = ~0ull;
    s.p[0].board.hi = PW_FULL_HI;
    s.p[0].pos = 19;
    s.p[1].pos = 22;
    pc__patchwork_do(&s, &skip);
    ok(s.p[0].pending == 0 && s.unclaimed == ((1ull << 20) | (1ull << 26) | (1ull << 32) | (1ull << 44) | (1ull << 50)),
       "full quilt: -20 stays on the track");

    /* connected empty regions */
    pw_bb b = {0, 0};
    is_int(pc__patchwork_regions(b), 1, "empty quilt: one region");
    for (int y = 0; y < 9; y++)
        set_cell(&b, 4, y);
    is_int(pc__patchwork_regions(b), 2, "a wall down column 4: two");
    set_cell(&b, 7, 0);
    set_cell(&b, 8, 1);
    is_int(pc__patchwork_regions(b), 3, "a cut-off corner: three");
    b.lo = ~0ull;
    b.hi = PW_FULL_HI;
    is_int(pc__patchwork_regions(b), 0, "full: none");
    pw_bb c = {0, 0};
    set_cell(&c, 8, 3);
    set_cell(&c, 0, 4);
    b.lo = ~c.lo;
    b.hi = ~c.hi & PW_FULL_HI;
    is_int(pc__patchwork_regions(b), 2, "row wrap (8,3)-(0,4) is not adjacent");
    return done_testing();
}
