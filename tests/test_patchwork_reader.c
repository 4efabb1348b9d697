/* Patchwork: the bot-side reader (pc_patchwork_reader) followed through whole
 * games the referee functions drive, desyncs and malformed lines. */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* Feed every line of text; returns the status of the first failing line (or
 * PC_OK) and the last *ready. */
static int32_t feed(pc_patchwork_reader *r, const char *text, size_t n, int32_t *ready, char *err, size_t errcap)
{
    size_t a = 0;
    *ready = 0;
    while (a < n) {
        const char *nl = memchr(text + a, '\n', n - a);
        size_t e = nl ? (size_t)(nl - text) + 1 : n;
        int32_t rc = pc_patchwork_reader_line(r, text + a, e - a, ready, err, errcap);
        if (rc != PC_OK)
            return rc;
        a = e;
    }
    return PC_OK;
}

/* One game: the referee (a pc_patchwork) sends its input to two readers; each
 * side answers with the baseline bot from its own rebuilt game. */
static int play_through(int32_t league, uint64_t seed, int32_t reader_league, int *turns)
{
    pc_patchwork *ref, *mine;
    pc_patchwork_reader *rd[2];
    char buf[8192], err[256];
    size_t n;
    int okay = 1;
    pc_patchwork_new(league, seed, &ref);
    pc_patchwork_reader_new(reader_league, &rd[0]);
    pc_patchwork_reader_new(reader_league, &rd[1]);
    *turns = 0;
    while (!pc_patchwork_is_over(ref) && okay) {
        int32_t p = PC_PATCHWORK_NOBODY, mp = PC_PATCHWORK_NOBODY, ready, code;
        pc_patchwork_to_move(ref, &p);
        pc_patchwork_referee_input(ref, buf, sizeof buf, &n);
        if (feed(rd[p], buf, n, &ready, err, sizeof err) != PC_OK || !ready) {
            diag(err);
            okay = 0;
            break;
        }
        pc_patchwork_reader_game(rd[p], &mine);
        pc_patchwork_to_move(mine, &mp);
        okay = pc_patchwork_reader_seat(rd[p]) == p && mp == p &&
               pc_patchwork_actions(mine) == pc_patchwork_actions(ref);
        pc_patchwork_baseline_move(mine, &code);
        pc_patchwork_move_text(league, code, buf, sizeof buf, &n);
        pc_patchwork_free(mine);
        if (pc_patchwork_reader_sent(rd[p], buf, n, NULL, 0) != PC_OK ||
            pc_patchwork_referee_step(ref, buf, n, NULL, NULL, NULL, 0) != PC_OK)
            okay = 0;
        (*turns)++;
    }
    pc_patchwork_reader_free(rd[0]);
    pc_patchwork_reader_free(rd[1]);
    pc_patchwork_free(ref);
    return okay;
}

int main(void)
{
    int turns;
    for (int32_t league = 1; league <= 4; league++) {
        int followed = play_through(league, 100 + (uint64_t)league, league, &turns);
        ok(followed && turns > 10, "league %d: both readers follow a whole game (%d turns)", (int)league, turns);
    }
    ok(play_through(3, 7, 0, &turns), "league 3 read from the init lines");
    ok(play_through(4, 8, 0, &turns), "league 4 read from the init lines");

    pc_patchwork_reader *r;
    pc_patchwork *g, *c;
    char buf[8192], err[256] = "";
    size_t n;
    int32_t ready;
    is_int(pc_patchwork_reader_new(7, &r), PC_EINVAL, "unknown ruleset refused");
    is_int(pc_patchwork_reader_new(4, &r), PC_OK, "new reader");
    is_int(pc_patchwork_reader_seat(r), -1, "no seat before the first turn");
    is_int(pc_patchwork_reader_game(r, &c), PC_ENOTFOUND, "no game before the first turn");
    is_int(pc_patchwork_reader_sent(r, "SKIP", 4, NULL, 0), PC_EILLEGAL, "nothing to answer yet");
    is_int(pc_patchwork_reader_line(r, "x9\n", 3, &ready, err, sizeof err), PC_EPARSE, "a count that is not one");
    ok(strstr(err, "line 1") != NULL, "... names line 1: %s", err);

    /* a tampered board line: desync, named */
    pc_patchwork_new(4, 5, &g);
    pc_patchwork_referee_input(g, buf, sizeof buf, &n);
    char *row = strstr(buf, ".........\n");
    row[3] = 'O';
    is_int(feed(r, buf, n, &ready, err, sizeof err), PC_EILLEGAL, "a board the rules do not give: desync");
    ok(strstr(err, "desync") && strstr(err, "line 6"), "... the message names the line: %s", err);
    is_int(pc_patchwork_reader_game(r, &c), PC_ENOTFOUND, "... the turn is dropped");
    row[3] = '.';
    is_int(feed(r, buf, n, &ready, err, sizeof err), PC_OK, "the true turn reads");
    is_int(ready, 1, "... and is ready");
    is_int(pc_patchwork_reader_ready(r), 1, "reader_ready");
    is_int(pc_patchwork_reader_line(r, "5\n", 2, &ready, err, sizeof err), PC_EPARSE,
           "a line while a turn waits for the move");
    is_int(pc_patchwork_reader_sent(r, "PLAY 99 0 0 0 0", 15, NULL, 0), PC_OK, "an invalid PLAY is played as SKIP");
    pc_patchwork_referee_step(g, "PLAY 99 0 0 0 0", 15, NULL, NULL, NULL, 0);
    /* the opponent plays; then a turn whose move list lies */
    pc_patchwork_referee_input(g, buf, sizeof buf, &n); /* P1's turn: not ours */
    pc_patchwork_skip(g);
    pc_patchwork_referee_input(g, buf, sizeof buf, &n);
    char *sk = strstr(buf, "\nSKIP\n");
    ok(sk != NULL, "P0's turn lists the opponent's SKIP");
    memcpy(sk + 1, "PLAY 0 0 0 0 0\n", 15);
    memmove(sk + 16, sk + 6, n - (size_t)(sk + 6 - buf));
    n += 10;
    is_int(feed(r, buf, n, &ready, err, sizeof err), PC_EILLEGAL, "an opponent move that does not give this turn");
    ok(strstr(err, "desync") != NULL, "... %s", err);
    pc_patchwork_referee_input(g, buf, sizeof buf, &n);
    is_int(feed(r, buf, n, &ready, err, sizeof err), PC_OK, "the true turn still reads after a desync");
    is_int(pc_patchwork_reader_game(r, &c), PC_OK, "game copy");
    is_int(pc_patchwork_actions(c), 2, "... two actions played");
    pc_patchwork_free(c);
    pc_patchwork_free(g);
    pc_patchwork_reader_free(r);

    /* init lines of another league */
    pc_patchwork_reader_new(3, &r);
    pc_patchwork_new(4, 5, &g);
    pc_patchwork_referee_input(g, buf, sizeof buf, &n);
    is_int(feed(r, buf, n, &ready, err, sizeof err), PC_EILLEGAL, "league 4 input to a league 3 reader: desync");
    ok(strstr(err, "league 3") != NULL, "... %s", err);
    pc_patchwork_free(g);
    pc_patchwork_reader_free(r);
    pc_patchwork_reader_free(NULL);
    return done_testing();
}
