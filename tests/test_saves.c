/*
 * Issue 15's regressions across the loaders: a clue list that once wrote
 * past its buffer, and the one rule for text fields (common/text.h) — a
 * field is one line of printable text with no space at either end; setters
 * refuse anything else, importers clean it — so that save -> load -> save is
 * byte-identical for every title, id and comment.  (Pickerel's loom-bead
 * save is tested in test_pickerel.c.)
 */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

typedef int32_t (*save_fn)(const void *, char *, size_t, size_t *);

static char *text_of(int32_t (*fn)(const void *, char *, size_t, size_t *), const void *obj)
{
    size_t n = 0;
    if (fn(obj, NULL, 0, &n) < 0 && n == 0)
        return NULL;
    char *s = malloc(n + 1);
    if (s && fn(obj, s, n + 1, &n) != PC_OK) {
        free(s);
        s = NULL;
    }
    return s;
}

static int32_t nonogram_save(const void *g, char *b, size_t c, size_t *n) { return pc_nonogram_save(g, b, c, n); }
static int32_t sokoban_save(const void *g, char *b, size_t c, size_t *n) { return pc_sokoban_save(g, b, c, n); }
static int32_t collection_write(const void *g, char *b, size_t c, size_t *n)
{
    return pc_sokoban_collection_write(g, b, c, n);
}

/* save -> load -> save of a nonogram: 1 when identical. */
static int nonogram_stable(const pc_nonogram *g)
{
    char *a = text_of(nonogram_save, g), err[160] = "";
    pc_nonogram *h = NULL;
    int good = a && pc_nonogram_load(a, strlen(a), err, sizeof err, &h) == PC_OK;
    char *b = good ? text_of(nonogram_save, h) : NULL;
    good = good && b && strcmp(a, b) == 0;
    if (!good)
        printf("# not stable (%s):\n# %s\n# %s\n", err, a ? a : "-", b ? b : "-");
    free(a);
    free(b);
    pc_nonogram_free(h);
    return good;
}

static void nonogram_clue_overflow(void)
{
    /* 46 bytes, no final newline: a run of slashes gives one clue per empty
     * line; the buffer was sized from the text's length and written before
     * the line count was checked (heap overflow under ASan). */
    static const char t[] = "puzzlecore-nonogram 1\nsize 5x2\nrows /\ncols ///";
    char err[160] = "";
    pc_nonogram *g = NULL;
    is_int(pc_nonogram_load(t, sizeof t - 1, err, sizeof err, &g), PC_EPARSE,
           "issue 15: 'cols ///' for 5 columns is a parse error, not an overflow");
    ok(g == NULL && strstr(err, "lines of clues") != NULL, "with a message (%s)", err);
    /* Every count of slashes around the right one, on both axes. */
    int all = 1;
    for (int k = 0; k < 40; k++) {
        char buf[256];
        int n = snprintf(buf, sizeof buf, "puzzlecore-nonogram 1\nsize 5x3\nrows %.*s\ncols %.*s\n", k,
                         "////////////////////////////////////////", 4, "////");
        pc_nonogram *p = NULL;
        int32_t rc = pc_nonogram_load(buf, (size_t)n, err, sizeof err, &p);
        if ((k == 2) != (rc == PC_OK))
            all = 0;
        pc_nonogram_free(p);
    }
    ok(all, "rows of 0..39 slashes: only the 3 empty rows load");
}

static void nonogram_text_fields(void)
{
    pc_nonogram *g = NULL;
    pc_nonogram_new_from_solution(2, 2, "1001", 4, NULL, 0, &g);
    is_int(pc_nonogram_set_id(g, "abc\t", 4), PC_EINVAL, "an id with a trailing tab is refused");
    is_int(pc_nonogram_set_id(g, "abc ", 4), PC_EINVAL, "an id with a trailing space is refused");
    is_int(pc_nonogram_set_id(g, " abc", 4), PC_EINVAL, "an id with a leading space is refused");
    is_int(pc_nonogram_set_id(g, "a\x07" "c", 3), PC_EINVAL, "an id with a control character is refused");
    is_int(pc_nonogram_set_title(g, "en", "a\rb", 3), PC_EINVAL, "a title with a carriage return is refused");
    is_int(pc_nonogram_set_title(g, "en", "a\tb", 3), PC_EINVAL, "a title with a tab is refused");
    is_int(pc_nonogram_set_id(g, "#12 \xc3\xa9t\xc3\xa9", 9), PC_OK, "an id with inner spaces and UTF-8 is kept");
    is_int(pc_nonogram_set_title(g, "fr", "L'\xc3\xa9t\xc3\xa9  chaud", 14), PC_OK, "a title with two spaces inside");
    ok(nonogram_stable(g), "their save is stable");
    pc_nonogram_free(g);

    /* webpbn XML whose title holds a tab, a carriage return and a BEL. */
    static const char xml[] =
        "<?xml version=\"1.0\"?>\n<puzzleset><puzzle type=\"grid\" defaultcolor=\"black\">\n"
        "<id> x\ty </id><title>\tA\tb\r\x07" "c  </title>\n"
        "<color name=\"white\" char=\".\">fff</color><color name=\"black\" char=\"X\">000</color>\n"
        "<clues type=\"columns\"><line><count>1</count></line><line></line></clues>\n"
        "<clues type=\"rows\"><line><count>1</count></line><line></line></clues>\n"
        "</puzzle></puzzleset>\n";
    char err[160] = "", buf[64];
    size_t n = 0;
    is_int(pc_nonogram_import(xml, sizeof xml - 1, PC_NONOGRAM_FORMAT_XML, 0, err, sizeof err, &g), PC_OK,
           "XML with control characters in the title imports (%s)", err);
    if (!g)
        return;
    pc_nonogram_title(g, "en", buf, sizeof buf, &n);
    is_str(buf, "A b c", "the title is cleaned: each run of controls and spaces is one space, ends trimmed");
    pc_nonogram_id(g, buf, sizeof buf, &n);
    is_str(buf, "x y", "and so is the id");
    ok(nonogram_stable(g), "the imported puzzle's save is stable");
    pc_nonogram_free(g);
}

static void sokoban_text_fields(void)
{
    /* A title ending in \r (one \r was lost per load), then control
     * characters and a NUL in a collection's comment and title lines. */
    static const char level_cr[] = "Title: Tiny\r\r\n#####\n#@$.#\n#####\n";
    char err[160] = "", buf[256];
    size_t n = 0;
    pc_sokoban_collection *c = NULL;
    is_int(pc_sokoban_collection_parse(level_cr, sizeof level_cr - 1, err, sizeof err, &c), PC_OK,
           "a level titled 'Tiny\\r' parses (%s)", err);
    pc_sokoban *g = NULL;
    pc_sokoban_collection_level(c, 0, &g);
    pc_sokoban_title(g, buf, sizeof buf, &n);
    is_str(buf, "Tiny", "its title has no carriage return");
    char *a = text_of(sokoban_save, g);
    pc_sokoban *h = NULL;
    int good = a && pc_sokoban_load(a, strlen(a), err, sizeof err, &h) == PC_OK;
    char *b = good ? text_of(sokoban_save, h) : NULL;
    ok(good && b && strcmp(a, b) == 0, "save -> load -> save of that level is identical");
    free(a);
    free(b);
    pc_sokoban_free(h);
    pc_sokoban_free(g);
    pc_sokoban_collection_free(c);

    static const char coll[] = "; a comment\x01 with\ta control\r\n; x\0y\n; Title: T\x1bone\x7f\n"
                               "#####\n#@$.#\n#####\n\n"
                               "Title:  Second \x02\n#####\n#.$@#\n#####\n";
    is_int(pc_sokoban_collection_parse(coll, sizeof coll - 1, err, sizeof err, &c), PC_OK,
           "a collection with control characters and a NUL in its text parses (%s)", err);
    if (!c)
        return;
    pc_sokoban_collection_title(c, 0, buf, sizeof buf, &n);
    is_str(buf, "T one", "title 1 cleaned");
    pc_sokoban_collection_comments(c, 0, buf, sizeof buf, &n);
    ok(n == strlen(buf) && !strchr(buf, '\t') && !strchr(buf, '\r') && !strchr(buf, '\x01'),
       "comments hold no control character and no NUL");
    pc_sokoban_collection_title(c, 1, buf, sizeof buf, &n);
    is_str(buf, "Second", "title 2 cleaned");
    a = text_of(collection_write, c);
    pc_sokoban_collection *d = NULL;
    good = a && pc_sokoban_collection_parse(a, strlen(a), err, sizeof err, &d) == PC_OK;
    b = good ? text_of(collection_write, d) : NULL;
    ok(good && b && strcmp(a, b) == 0, "write -> parse -> write of the collection is identical");
    if (!(good && b && strcmp(a, b) == 0))
        printf("# %s\n# ---\n# %s\n", a ? a : "-", b ? b : "-");
    free(a);
    free(b);
    pc_sokoban_collection_free(d);
    pc_sokoban_collection_free(c);
}

/* Two round trips the fuzzers found after the text-field rule: a save whose
 * board row, split off by '|', had no wall (written back as a line of its
 * own it no longer parsed as a board line), and a comment line of nothing but
 * control characters (cleaned to an empty line, written back as a blank
 * line that ends the comment block). */
static void sokoban_fuzz_round_trips(void)
{
    static const char save[] = "puzzlecore-sokoban 1\ntitle x\nhistory \ncursor 0\nboard\n######\n#    #\n"
                               "# #@ #\n# $* #\n# .* #\n###12#|***\n";
    char err[160] = "";
    pc_sokoban *g = NULL;
    is_int(pc_sokoban_load(save, sizeof save - 1, err, sizeof err, &g), PC_EPARSE,
           "a board row after '|' with no wall is refused");
    ok(strstr(err, "no wall") != NULL, "with a message (%s)", err);
    pc_sokoban_free(g);
    static const char coll[] = "; first\n;\x11\x12\n; last\n#####\n#@$.#\n#####\n";
    pc_sokoban_collection *c = NULL, *d = NULL;
    is_int(pc_sokoban_collection_parse(coll, sizeof coll - 1, err, sizeof err, &c), PC_OK,
           "a comment line of control characters parses");
    char buf[256];
    size_t n = 0;
    pc_sokoban_collection_comments(c, 0, buf, sizeof buf, &n);
    is_str(buf, "first\nlast", "and is no comment line");
    char *a = text_of(collection_write, c);
    char *b = NULL;
    if (a && pc_sokoban_collection_parse(a, strlen(a), err, sizeof err, &d) == PC_OK)
        b = text_of(collection_write, d);
    ok(a && b && strcmp(a, b) == 0, "write -> parse -> write is identical");
    free(a);
    free(b);
    pc_sokoban_collection_free(c);
    pc_sokoban_collection_free(d);
}

int main(void)
{
    nonogram_clue_overflow();
    nonogram_text_fields();
    sokoban_text_fields();
    sokoban_fuzz_round_trips();
    return done_testing();
}
