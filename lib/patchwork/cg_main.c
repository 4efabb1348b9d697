/*
 * lib/patchwork/cg_main.c — the main() of the CodinGame single-file bot
 * (`make cg-patchwork` writes patchwork_cg.c: the Patchwork engine, the
 * reader and this file, in one source).  Not part of the library.
 *
 * It reads the referee's lines with pc_patchwork_reader (the league from the
 * init lines; leagues 1 and 2 send the same ones, so build with
 * -DPW_LEAGUE=1 for league 1, or pass it as the first argument locally), and
 * answers each turn with pc_patchwork_suggest under CodinGame's clock: most
 * of the 1000 ms first turn, then PW_TURN_MS (60) of the 100 ms turns.  A desync
 * is reported on stderr and answered with the baseline bot on the reader's
 * last good game (or SKIP).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/patchwork.h"

#ifndef PW_LEAGUE
#define PW_LEAGUE 0
#endif
#ifndef PW_FIRST_MS
#define PW_FIRST_MS 600
#endif
#ifndef PW_TURN_MS
#define PW_TURN_MS 60
#endif

int main(int argc, char **argv)
{
    pc_patchwork_reader *rd;
    char line[1024], err[256];
    int first = 1;
    if (pc_patchwork_reader_new(argc > 1 ? atoi(argv[1]) : PW_LEAGUE, &rd) != PC_OK)
        return 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        int32_t ready = 0, code = 0;
        int32_t rc = pc_patchwork_reader_line(rd, line, strlen(line), &ready, err, sizeof err);
        if (rc == PC_EILLEGAL) {
            fprintf(stderr, "%s\n", err);
            puts("SKIP desync");
            continue;
        }
        if (rc != PC_OK || !ready)
            continue;
        pc_patchwork *g;
        if (pc_patchwork_reader_game(rd, &g) != PC_OK)
            return 1;
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.max_seconds = (first ? PW_FIRST_MS : PW_TURN_MS) / 1000.0;
        b.seed = 1;
        if (pc_patchwork_suggest(g, &b, &code) != PC_OK)
            pc_patchwork_baseline_move(g, &code);
        char text[64];
        size_t n;
        pc_patchwork_move_text(pc_patchwork_ruleset(g), code, text, sizeof text, &n);
        puts(text);
        pc_patchwork_reader_sent(rd, text, n, NULL, 0);
        pc_patchwork_free(g);
        first = 0;
    }
    pc_patchwork_reader_free(rd);
    return 0;
}
