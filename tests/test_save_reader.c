/*
 * The one save reader every game's loader uses (lib/common/save.c), built
 * into this program from its source: the header rule, key lines (unknown,
 * twice, repeatable, required), words, numbers and groups with the column of
 * the word at fault, text fields, and a block handed on whole.
 */
#include <string.h>

#include "common/save.h"
#include "puzzlecore/common.h"
#include "tap.h"

enum { K_SIZE, K_SEED, K_BEADS, K_NOTE, K_MOVE, K_BOARD, K_COUNT };
static const pc__save_key keys[K_COUNT] = {{"size", PC__SAVE_REQUIRED}, {"seed", 0},         {"beads", 0},
                                           {"note", 0},                 {"move", PC__SAVE_REPEAT}, {"board", PC__SAVE_BLOCK}};

/* Read every key line of text, each value with `read`; the status of the
 * first fault (or of pc__save_done), err holding its message. */
static int32_t read_all(const char *text, char *err, size_t errcap, pc__save_in *in)
{
    int32_t rc = pc__save_open(in, text, strlen(text), "test", keys, K_COUNT, err, errcap);
    if (rc != PC_OK)
        return rc;
    while ((rc = pc__save_next(in)) == 1) {
        int32_t r = PC_OK;
        int64_t v, g[3];
        uint64_t u;
        const char *s;
        size_t n;
        static const int64_t lo[3] = {0, -1, 0}, hi[3] = {2, 9, 100};
        switch (in->key) {
        case K_SIZE:
            if ((r = pc__save_int(in, 1, 30, &v)) == PC_OK && (r = pc__save_int(in, 1, 30, &v)) == PC_OK)
                r = pc__save_end(in);
            break;
        case K_SEED:
            if ((r = pc__save_u64(in, &u)) == PC_OK)
                r = pc__save_end(in);
            break;
        case K_BEADS:
            while (r == PC_OK && pc__save_more(in))
                r = pc__save_group(in, 3, lo, hi, g);
            break;
        case K_NOTE:
            r = pc__save_text(in, &s, &n);
            break;
        case K_MOVE:
            r = pc__save_word(in, &s, &n);
            break;
        default:
            break;
        }
        if (r != PC_OK)
            return r;
    }
    return rc < 0 ? rc : pc__save_done(in);
}

static void expect_error(const char *text, const char *message, const char *what)
{
    char err[200] = "";
    pc__save_in in;
    int32_t rc = read_all(text, err, sizeof err, &in);
    is_int(rc, PC_EPARSE, "%s: PC_EPARSE", what);
    ok(strcmp(err, message) == 0, "%s: \"%s\"", what, err);
}

int main(void)
{
    char err[200] = "";
    pc__save_in in;

    const char *good = "# a comment before the header\n"
                       "  puzzlecore-test 1  \n"
                       "\n"
                       "size 3 4\n"
                       "# a comment line\n"
                       "seed 18446744073709551615\n"
                       "beads 0:-1:5 2:9:100\n"
                       "note \t  a title with  two spaces  \n"
                       "move a\n"
                       "move b\r\n"
                       "board\n"
                       "#..#\n"
                       "size is not a key in a block\n";
    is_int(read_all(good, err, sizeof err, &in), PC_OK, "a good save reads (comments, blank lines, CRLF)");
    ok(err[0] == '\0', "err cleared on success");
    const char *block;
    size_t blen;
    int32_t bline;
    pc__save_block(&in, &block, &blen, &bline);
    is_int(bline, 11, "the block starts after line 11");
    ok(blen == strlen("#..#\nsize is not a key in a block\n") && memcmp(block, "#..#\n", 5) == 0,
       "the block is handed on whole");

    /* the note's text field, trimmed, inner spaces kept */
    is_int(pc__save_open(&in, "puzzlecore-test 1\nnote   two  words \n", 37, "test", keys, K_COUNT, err, sizeof err),
           PC_OK, "open");
    is_int(pc__save_next(&in), 1, "next: a key line");
    is_int(in.key, K_NOTE, "key index");
    const char *s;
    size_t n;
    is_int(pc__save_text(&in, &s, &n), PC_OK, "text field");
    ok(n == 10 && memcmp(s, "two  words", 10) == 0,
       "text field trimmed, inner spaces kept");
    is_int(pc__save_next(&in), 0, "then the end");
    is_int(pc__save_done(&in), PC_EPARSE, "size is required");
    ok(strcmp(err, "missing key 'size'") == 0, "missing key named: %s", err);

    /* the header */
    expect_error("", "empty text: expected \"puzzlecore-test 1\"", "empty text");
    expect_error("puzzlecore-other 1\n", "line 1, column 1: expected the header \"puzzlecore-test 1\"",
                 "another kind");
    expect_error("\n  puzzlecore-test x\n", "line 2, column 3: expected the header \"puzzlecore-test 1\"",
                 "a bad version");
    expect_error("puzzlecore-test 2\n", "line 1, column 17: save version 2 is newer than this library reads (1)",
                 "a newer version");
    expect_error("puzzlecore-testing 1\n", "line 1, column 1: expected the header \"puzzlecore-test 1\"",
                 "a kind that only starts alike");

    /* key lines */
    expect_error("puzzlecore-test 1\n  sise 3 3\n", "line 2, column 3: unknown key 'sise'", "unknown key");
    expect_error("puzzlecore-test 1\nsize 3 3\nsize 3 3\n", "line 3, column 1: key 'size' given twice",
                 "a key twice");
    expect_error("puzzlecore-test 1\nseed 1\n", "missing key 'size'", "a required key missing");

    /* words and numbers, each error at the word's column */
    expect_error("puzzlecore-test 1\nsize 3  31\n", "line 2, column 9: 'size' wants a whole number from 1 to 30",
                 "a number out of range");
    expect_error("puzzlecore-test 1\nsize 3\n", "line 2, column 7: 'size' needs more values", "a value missing");
    expect_error("puzzlecore-test 1\nsize 3 3 3\n", "line 2, column 10: too many values for 'size'",
                 "a value too many");
    expect_error("puzzlecore-test 1\nsize 3 3\nseed 18446744073709551616\n",
                 "line 3, column 6: 'seed' wants an unsigned 64-bit number", "u64 overflow");
    expect_error("puzzlecore-test 1\nsize 3 3\nseed -1\n", "line 3, column 6: 'seed' wants an unsigned 64-bit number",
                 "u64 negative");
    expect_error("puzzlecore-test 1\nsize 3 3\nbeads 0:0:0 1:10:0\n",
                 "line 3, column 15: 'beads': number 2 of a group must be from -1 to 9",
                 "a group member out of range, at its column");
    expect_error("puzzlecore-test 1\nsize 3 3\nbeads 0:0\n",
                 "line 3, column 7: 'beads' wants groups of 3 numbers joined by ':'", "a group too short");
    expect_error("puzzlecore-test 1\nsize 3 3\nbeads 0:0:0:0\n",
                 "line 3, column 7: 'beads' wants groups of 3 numbers joined by ':'", "a group too long");
    expect_error("puzzlecore-test 1\nsize 3 3\nnote a\x01z\n",
                 "line 3, column 6: 'note' must be one line of text without control characters",
                 "a control character in a text field");

    /* the kind named by the header, found by the same rule */
    const char *kind;
    size_t kn;
    const char *commented = "# saved by a test\n\n puzzlecore-snapper 1\n";
    is_int(pc__save_kind(commented, strlen(commented), &kind, &kn, err, sizeof err), PC_OK,
           "the kind after comments and blank lines");
    ok(kn == 7 && memcmp(kind, "snapper", 7) == 0, "kind is 'snapper'");
    is_int(pc__save_kind("hello\n", 6, &kind, &kn, err, sizeof err), PC_EPARSE, "no header: PC_EPARSE");
    ok(strcmp(err, "line 1, column 1: not a puzzlecore save (the first line is puzzlecore-<kind> 1)") == 0, "%s", err);
    is_int(pc__save_kind("", 0, &kind, &kn, err, sizeof err), PC_EPARSE, "empty: PC_EPARSE");

    /* a failing reader leaves no message behind a null buffer */
    is_int(pc__save_open(&in, "x", 1, "test", keys, K_COUNT, NULL, 0), PC_EPARSE, "no err buffer: still PC_EPARSE");
    return done_testing();
}
