/*
 * Nonogram file formats: .non (bundles, goal, blank or 0 empty lines), webpbn
 * XML, Tatham game ids, TCGA/TAAI question and solution files.  Every format
 * round-trips; parse errors name the line and column; black and white is the
 * one-colour case of the .non and XML readers.  Public API only.
 */
#include <puzzlecore/puzzlecore.h>

#include "tap.h"

static char *export_text(const pc_nonogram *g, int32_t fmt)
{
    size_t n = 0;
    int32_t rc = pc_nonogram_export(g, fmt, NULL, 0, &n);
    if (rc != PC_ESPACE && rc != PC_OK)
        return NULL;
    char *s = malloc(n + 1);
    if (pc_nonogram_export(g, fmt, s, n + 1, &n) != PC_OK) {
        free(s);
        return NULL;
    }
    return s;
}

/* 1 when two puzzles have the same size and clues. */
static int same_clues(const pc_nonogram *a, const pc_nonogram *b)
{
    if (pc_nonogram_width(a) != pc_nonogram_width(b) || pc_nonogram_height(a) != pc_nonogram_height(b))
        return 0;
    for (int32_t axis = 0; axis < 2; axis++) {
        int32_t n = axis ? pc_nonogram_width(a) : pc_nonogram_height(a);
        for (int32_t i = 0; i < n; i++) {
            int32_t ca[64], cb[64], ka = 0, kb = 0;
            pc_nonogram_clues(a, axis, i, ca, 64, &ka);
            pc_nonogram_clues(b, axis, i, cb, 64, &kb);
            if (ka != kb || memcmp(ca, cb, sizeof(int32_t) * (size_t)ka) != 0)
                return 0;
        }
    }
    return 1;
}

static pc_nonogram *import(const char *text, int32_t fmt, int32_t index, char *err)
{
    pc_nonogram *g = NULL;
    if (pc_nonogram_import(text, strlen(text), fmt, index, err, 256, &g) != PC_OK)
        return NULL;
    return g;
}

/* Export in every format that applies and import back: same clues. */
static int round_trips(const pc_nonogram *g)
{
    int32_t fmts[] = {PC_NONOGRAM_FORMAT_NON, PC_NONOGRAM_FORMAT_XML, PC_NONOGRAM_FORMAT_TATHAM,
                      PC_NONOGRAM_FORMAT_TCGA};
    int good = 1;
    for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
        if (fmts[f] == PC_NONOGRAM_FORMAT_TCGA && pc_nonogram_width(g) != pc_nonogram_height(g))
            continue;
        char *t = export_text(g, fmts[f]), err[256] = "";
        pc_nonogram *h = t ? import(t, PC_NONOGRAM_FORMAT_AUTO, 0, err) : NULL;
        int same = h && same_clues(g, h) && pc_nonogram_detect_format(t, strlen(t)) == fmts[f];
        if (same && fmts[f] != PC_NONOGRAM_FORMAT_TATHAM && fmts[f] != PC_NONOGRAM_FORMAT_TCGA)
            same = pc_nonogram_has_solution(h) == pc_nonogram_has_solution(g);
        if (!same) {
            printf("# format %d failed: %s\n%s\n", (int)fmts[f], err, t ? t : "(no text)");
            good = 0;
        }
        pc_nonogram_free(h);
        free(t);
    }
    return good;
}

static void expect_error(const char *text, int32_t fmt, const char *where, const char *name)
{
    char err[256] = "";
    static char sentinel;
    pc_nonogram *const mark = (pc_nonogram *)(void *)&sentinel, *g = mark;
    int32_t rc = pc_nonogram_import(text, strlen(text), fmt, 0, err, sizeof err, &g);
    /* a failed import leaves *out as it was */
    ok(rc == PC_EPARSE && strncmp(err, where, strlen(where)) == 0 && g == mark, "%s (%s)", name, err);
    if (g != mark)
        pc_nonogram_free(g);
}

static void test_non(void)
{
    size_t len = 0;
    char *text = tap_read_data("nonogram/sample.non", &len);
    ok(text != NULL, "data/nonogram/sample.non");
    if (!text)
        return;
    char err[256] = "";
    is_int(pc_nonogram_detect_format(text, len), PC_NONOGRAM_FORMAT_NON, "detected as .non");
    is_int(pc_nonogram_import_count(text, len, PC_NONOGRAM_FORMAT_AUTO, err, sizeof err), 2, "a bundle of two");
    pc_nonogram *g = import(text, PC_NONOGRAM_FORMAT_AUTO, 0, err);
    ok(g != NULL, "first puzzle (%s)", err);
    is_int(pc_nonogram_width(g), 5, "width 5");
    is_int(pc_nonogram_clue_count(g, PC_NONOGRAM_ROWS, 3), 1, "blank row is the empty line");
    int32_t c[4], k = 0;
    pc_nonogram_clues(g, PC_NONOGRAM_ROWS, 3, c, 4, &k);
    is_int(c[0], 0, "... with clue 0");
    is_int(pc_nonogram_has_solution(g), 1, "goal stored as the solution");
    is_int(pc_nonogram_solution_cell(g, 2, 4), 1, "goal cell (2, 4)");
    char buf[64];
    size_t n = 0;
    pc_nonogram_title(g, "en", buf, sizeof buf, &n);
    is_str(buf, "Cup", "title");
    pc_nonogram_id(g, buf, sizeof buf, &n);
    is_str(buf, "sample-1", "catalogue becomes the id");
    ok(round_trips(g), "Cup round-trips through every format");
    pc_nonogram_free(g);
    g = import(text, PC_NONOGRAM_FORMAT_NON, 1, err);
    ok(g && pc_nonogram_width(g) == 3 && pc_nonogram_has_solution(g) == 0, "second puzzle of the bundle");
    ok(pc_nonogram_solve(g, 2, NULL, NULL, 0, NULL, 0) == 1, "Plus is unique");
    pc_nonogram_free(g);
    pc_nonogram *none = NULL;
    is_int(pc_nonogram_import(text, len, PC_NONOGRAM_FORMAT_NON, 2, err, sizeof err, &none), PC_ENOTFOUND,
           "no third puzzle");
    free(text);

    /* 0 as the empty line, spaces inside a goal, unknown keys ignored */
    const char *z = "width 2\nheight 2\nauthor \"me\"\nrows\n0\n2\ncolumns\n1\n1\ngoal 00 11\n";
    g = import(z, PC_NONOGRAM_FORMAT_NON, 0, err);
    ok(g && pc_nonogram_solution_cell(g, 0, 1) == 1, "0 line, goal with a space (%s)", err);
    pc_nonogram_free(g);
    /* errors */
    expect_error("width 3\nheight 2\nrows\n1\n1,x\ncolumns\n1\n1\n0\n", PC_NONOGRAM_FORMAT_NON, "line 5, column 3",
                 ".non: a bad clue names its line and column");
    expect_error("rows\n1\n", PC_NONOGRAM_FORMAT_NON, "line 1, column 1", ".non: rows before the size");
    expect_error("width 2\nheight 2\nrows\n1\n", PC_NONOGRAM_FORMAT_NON, "line 4", ".non: rows cut short");
    expect_error("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"01\"\n", PC_NONOGRAM_FORMAT_NON, "",
                 ".non: a goal that does not match its clues");
    expect_error("width 2\nheight 1\nrows\n3\ncolumns\n1\n0\n", PC_NONOGRAM_FORMAT_NON, "line 4, column 1",
                 ".non: a clue longer than its line");
    expect_error("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"0a\"\n", PC_NONOGRAM_FORMAT_NON,
                 "line 8, column 8", ".non: bad goal character");
}

static void test_xml(void)
{
    size_t len = 0;
    char *text = tap_read_data("nonogram/sample.xml", &len), err[256] = "";
    ok(text != NULL, "data/nonogram/sample.xml");
    if (!text)
        return;
    is_int(pc_nonogram_detect_format(text, len), PC_NONOGRAM_FORMAT_XML, "detected as XML");
    pc_nonogram *g = import(text, PC_NONOGRAM_FORMAT_AUTO, 0, err);
    ok(g && pc_nonogram_width(g) == 4 && pc_nonogram_height(g) == 3, "4x3 puzzle (%s)", err);
    char buf[64];
    size_t n = 0;
    pc_nonogram_title(g, "en", buf, sizeof buf, &n);
    is_str(buf, "Arrow & bar", "title with an entity");
    is_int(pc_nonogram_solution_cell(g, 1, 0), 1, "image goal read");
    is_int(pc_nonogram_clue_count(g, PC_NONOGRAM_COLS, 3), 1, "an empty <line/>: clue 0");
    ok(round_trips(g), "XML puzzle round-trips");
    char *x = export_text(g, PC_NONOGRAM_FORMAT_XML);
    ok(x && strstr(x, "Arrow &amp; bar") != NULL, "title escaped on export");
    free(x);
    pc_nonogram_free(g);
    free(text);
    expect_error("<puzzleset><puzzle type=\"grid\">\n<color name=\"red\" char=\"r\">f00</color>\n</puzzle></puzzleset>",
                 PC_NONOGRAM_FORMAT_XML, "line 1, column 12", "XML: a colour puzzle without clues refused");
    expect_error("<puzzleset><puzzle>\n<clues type=\"rows\"><line><count>x</count></line></clues>\n"
                 "<clues type=\"columns\"><line></line></clues></puzzle></puzzleset>",
                 PC_NONOGRAM_FORMAT_XML, "line 2, column 33", "XML: a bad count");
    expect_error("<puzzleset><puzzle>\n<clues type=\"rows\">", PC_NONOGRAM_FORMAT_XML, "line 1, column 12",
                 "XML: unclosed element");
}

static void test_tatham(void)
{
    char err[256] = "";
    const char *id = "4x4:2/1/2/1/1.1/2/1/1";
    is_int(pc_nonogram_detect_format(id, strlen(id)), PC_NONOGRAM_FORMAT_TATHAM, "detected as a Tatham id");
    pc_nonogram *g = import(id, PC_NONOGRAM_FORMAT_AUTO, 0, err);
    ok(g != NULL, "Tatham's 4x4 (%s)", err);
    char *t = export_text(g, PC_NONOGRAM_FORMAT_TATHAM);
    is_str(t, "4x4:2/1/2/1/1.1/2/1/1\n", "written back identically");
    free(t);
    ok(round_trips(g), "round-trips through every format");
    int64_t st[PC_NONOGRAM_STAT_COUNT];
    is_int(pc_nonogram_solve(g, 2, NULL, NULL, 0, st, PC_NONOGRAM_STAT_COUNT), 1, "unique");
    is_int(st[PC_NONOGRAM_STAT_GRADE], PC_NONOGRAM_GRADE_PROBE, "line logic cannot solve it alone");
    pc_nonogram_free(g);
    /* empty fields and givens: "A" = skip 0 then filled, "c" = skip 2 then crossed */
    g = import("3x2:1//1/1/1,Ac", PC_NONOGRAM_FORMAT_TATHAM, 0, err);
    ok(g && pc_nonogram_clue_count(g, PC_NONOGRAM_COLS, 1) == 1, "empty field (%s)", err);
    ok(g && pc_nonogram_cell(g, 0, 0) == PC_NONOGRAM_FILLED && pc_nonogram_cell(g, 0, 1) == PC_NONOGRAM_CROSSED,
       "givens become the player's grid");
    pc_nonogram_free(g);
    /* several ids, one per line */
    const char *two = "# two ids\n2x1:1/0/1\n\n1x2:2/1/1\n";
    is_int(pc_nonogram_import_count(two, strlen(two), PC_NONOGRAM_FORMAT_AUTO, err, sizeof err), 2, "two ids");
    g = import(two, PC_NONOGRAM_FORMAT_TATHAM, 1, err);
    ok(g && pc_nonogram_width(g) == 1 && pc_nonogram_height(g) == 2, "the second one");
    pc_nonogram_free(g);
    expect_error("4x4:2/1/2/1/1.1/2/1", PC_NONOGRAM_FORMAT_TATHAM, "line 1, column 20", "Tatham: a field short");
    expect_error("4x4:2/1/2/1/1.q/2/1/1", PC_NONOGRAM_FORMAT_TATHAM, "line 1, column 15", "Tatham: bad clue");
    expect_error("4y4:1", PC_NONOGRAM_FORMAT_TATHAM, "line 1, column 2", "Tatham: bad size");
    expect_error("2x1:1/0/1,?", PC_NONOGRAM_FORMAT_TATHAM, "line 1, column 11", "Tatham: bad given");
}

static void test_tcga(void)
{
    size_t len = 0, slen = 0;
    char *q = tap_read_data("nonogram/tcga-sample.txt", &len), err[256] = "";
    char *s = tap_read_data("nonogram/tcga-sample-solutions.txt", &slen);
    ok(q && s, "TCGA sample question and solution files");
    if (!q || !s)
        return;
    is_int(pc_nonogram_detect_format(q, len), PC_NONOGRAM_FORMAT_TCGA, "questions detected");
    is_int(pc_nonogram_detect_format(s, slen), PC_NONOGRAM_FORMAT_TCGA_SOLUTION, "solutions detected");
    is_int(pc_nonogram_import_count(q, len, PC_NONOGRAM_FORMAT_AUTO, err, sizeof err), 3, "three questions");
    is_int(pc_nonogram_import_count(s, slen, PC_NONOGRAM_FORMAT_AUTO, err, sizeof err), 3, "three solutions");
    int good = 1;
    for (int32_t i = 0; i < 3; i++) {
        pc_nonogram *a = import(q, PC_NONOGRAM_FORMAT_TCGA, i, err);
        pc_nonogram *b = import(s, PC_NONOGRAM_FORMAT_TCGA_SOLUTION, i, err);
        char ida[16] = "", idb[16] = "", want[16];
        size_t n;
        snprintf(want, sizeof want, "$%d", (int)i + 1);
        if (a)
            pc_nonogram_id(a, ida, sizeof ida, &n);
        if (b)
            pc_nonogram_id(b, idb, sizeof idb, &n);
        good = good && a && b && pc_nonogram_width(a) == 25 && same_clues(a, b) && strcmp(ida, want) == 0 &&
               strcmp(idb, want) == 0;
        /* the question's solutions include the published one */
        uint8_t sol[2 * 625];
        int32_t k = a ? pc_nonogram_solve(a, 2, NULL, sol, sizeof sol, NULL, 0) : -1;
        int has = 0;
        for (int32_t j = 0; j < k && b; j++) {
            int same = 1;
            for (int32_t c = 0; c < 625 && same; c++)
                same = sol[j * 625 + c] == pc_nonogram_solution_cell(b, c % 25, c / 25);
            has |= same;
        }
        good = good && (k == 1 ? has : k == 2);
        if (i == 0 && a && b) {
            char *t = export_text(a, PC_NONOGRAM_FORMAT_TCGA);
            size_t qlen = (size_t)(strstr(q + 1, "$2") - q);
            good = good && t && strlen(t) == qlen && memcmp(t, q, qlen) == 0;
            free(t);
            t = export_text(b, PC_NONOGRAM_FORMAT_TCGA_SOLUTION);
            size_t sl = (size_t)(strstr(s + 1, "$2") - s);
            good = good && t && strlen(t) == sl && memcmp(t, s, sl) == 0;
            free(t);
            ok(round_trips(b), "solution puzzle round-trips through every format");
        }
        pc_nonogram_free(a);
        pc_nonogram_free(b);
    }
    ok(good, "questions and solutions agree; question and solution files written back byte for byte");
    free(q);
    free(s);
    /* non-square puzzles cannot be written as TCGA */
    pc_nonogram *g = import("2x1:1/0/1", PC_NONOGRAM_FORMAT_TATHAM, 0, err);
    size_t n = 0;
    is_int(pc_nonogram_export(g, PC_NONOGRAM_FORMAT_TCGA, NULL, 0, &n), PC_ERANGE, "TCGA needs a square");
    pc_nonogram_free(g);
    g = import("2x2:1/1/1/1", PC_NONOGRAM_FORMAT_TATHAM, 0, err);
    is_int(pc_nonogram_export(g, PC_NONOGRAM_FORMAT_TCGA_SOLUTION, NULL, 0, &n), PC_ENOTFOUND,
           "TCGA solution needs a stored solution");
    is_int(pc_nonogram_export(g, PC_NONOGRAM_FORMAT_AUTO, NULL, 0, &n), PC_EINVAL, "no AUTO export");
    pc_nonogram_free(g);
    expect_error("$1\n1\n1\n1\n", PC_NONOGRAM_FORMAT_TCGA, "line 1", "TCGA: an odd number of clue lines");
    expect_error("$1\n1\n0\n1\n1 x\n", PC_NONOGRAM_FORMAT_TCGA, "line 5, column 3", "TCGA: bad clue");
    expect_error("$1\n1\t0\n1\n", PC_NONOGRAM_FORMAT_TCGA_SOLUTION, "line 3, column 1", "TCGA solution: short row");
    expect_error("hello world\n", PC_NONOGRAM_FORMAT_AUTO, "line", "unknown text: parse error");
    pc_nonogram *x = NULL;
    is_int(pc_nonogram_import("", 0, PC_NONOGRAM_FORMAT_AUTO, 0, err, sizeof err, &x), PC_EPARSE, "empty text");
    is_int(pc_nonogram_import(NULL, 5, PC_NONOGRAM_FORMAT_AUTO, 0, err, sizeof err, &x), PC_EINVAL, "NULL text");
    is_int(pc_nonogram_import("2x1:1/0/1", 9, 77, 0, err, sizeof err, &x), PC_EINVAL, "bad format number");
}

/* 1 when exporting g in fmt gives exactly `want`. */
static int exports_as(const pc_nonogram *g, int32_t fmt, const char *want)
{
    char *t = export_text(g, fmt);
    int same = t && strcmp(t, want) == 0;
    if (!same)
        printf("# got:\n%s# want:\n%s", t ? t : "(none)\n", want);
    free(t);
    return same;
}

/* Export in fmt, import, export again: the same text (and the same clues). */
static int stable(const pc_nonogram *g, int32_t fmt)
{
    char *t = export_text(g, fmt), err[256] = "";
    pc_nonogram *h = t ? import(t, fmt, 0, err) : NULL;
    int same = h && same_clues(g, h) && exports_as(h, fmt, t);
    if (!h)
        printf("# %s\n", err);
    pc_nonogram_free(h);
    free(t);
    return same;
}

/* The black-and-white puzzle of the XML sample, as the black-and-white
 * writer gives it. */
static const char BW_XML[] =
    "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n"
    "<puzzle type=\"grid\" defaultcolor=\"black\">\n"
    "<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n"
    "<clues type=\"columns\">\n<line><count>1</count></line>\n<line></line>\n</clues>\n"
    "<clues type=\"rows\">\n<line><count>1</count></line>\n</clues>\n"
    "<solution type=\"goal\">\n<image>\n|X.|\n</image>\n</solution>\n</puzzle>\n</puzzleset>\n";

/* One reader per format: black and white is the palette-less case of the
 * colour reader. */
static void test_one_reader(void)
{
    char err[256] = "";
    /* XML with an explicit black-and-white palette in its own chars */
    const char *own = "<puzzleset><puzzle defaultcolor=\"black\"><color name=\"black\" char=\"#\">000</color>"
                      "<color name=\"white\" char=\"-\">fff</color><clues type=\"rows\"><line><count "
                      "color=\"black\">1</count></line></clues><clues type=\"columns\"><line><count>1</count>"
                      "</line><line/></clues><solution><image>|#-|</image></solution></puzzle></puzzleset>";
    pc_nonogram *g = import(own, PC_NONOGRAM_FORMAT_XML, 0, err);
    ok(g && pc_nonogram_colour_count(g) == 1 && pc_nonogram_solution_cell(g, 0, 0) == 1,
       "XML: <color name=\"black\" char=\"#\"> is black and white, the image read in its chars (%s)", err);
    ok(g && exports_as(g, PC_NONOGRAM_FORMAT_XML, BW_XML), "... written back as black and white (white ., black X)");
    pc_nonogram_free(g);
    /* black and white may leave out char and value */
    const char *bare = "<puzzleset><puzzle><color name=\"white\"/><color name=\"black\"></color><clues type=\"rows\">"
                       "<line><count>1</count></line></clues><clues type=\"columns\"><line><count>1</count></line>"
                       "<line/></clues><solution><image>|X.|</image></solution></puzzle></puzzleset>";
    g = import(bare, PC_NONOGRAM_FORMAT_XML, 0, err);
    ok(g && exports_as(g, PC_NONOGRAM_FORMAT_XML, BW_XML), "XML: bare black and white <color> elements (%s)", err);
    pc_nonogram_free(g);
    /* the background as a clue colour, a <color> without a name */
    expect_error("<puzzleset><puzzle><clues type=\"rows\"><line><count color=\"white\">1</count></line></clues>"
                 "<clues type=\"columns\"><line><count>1</count></line><line/></clues></puzzle></puzzleset>",
                 PC_NONOGRAM_FORMAT_XML, "line 1, column 45", "XML: a count of the background colour");
    expect_error("<puzzleset><puzzle><color char=\"r\">f00</color></puzzle></puzzleset>", PC_NONOGRAM_FORMAT_XML,
                 "line 1, column 20", "XML: a <color> without a name");
    expect_error("<puzzleset><puzzle><color name=\"red\" char=\"r\">f00</color><clues type=\"rows\"><line><count "
                 "color=\"red\">3</count></line></clues><clues type=\"columns\"><line><count color=\"red\">1</count>"
                 "</line><line/></clues></puzzle></puzzleset>",
                 PC_NONOGRAM_FORMAT_XML, "line 1, column 77", "XML: a colour clue longer than its line");

    /* .non with one colour: the black-and-white puzzle in another palette */
    const char *one = "width 2\nheight 2\ncolor r #ff0000 red\nrows\n1r\n2\ncolumns\n2r\n1\ngoal \"r0rr\"\n";
    const char *plain = "width 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\ngoal \"1011\"\n";
    g = import(one, PC_NONOGRAM_FORMAT_NON, 0, err);
    pc_nonogram *b = import(plain, PC_NONOGRAM_FORMAT_NON, 0, err);
    ok(g && b && pc_nonogram_colour_count(g) == 1 && same_clues(g, b), ".non with one colour: the same clues (%s)",
       err);
    if (g && b) {
        uint8_t sg[4], sb[4];
        ok(pc_nonogram_solve(g, 2, NULL, sg, 4, NULL, 0) == 1 && pc_nonogram_solve(b, 2, NULL, sb, 4, NULL, 0) == 1 &&
               memcmp(sg, sb, 4) == 0,
           "... the same unique solution");
        char *tb = export_text(b, PC_NONOGRAM_FORMAT_TCGA);
        ok(tb && exports_as(g, PC_NONOGRAM_FORMAT_TCGA, tb), "... the same TCGA file (one colour is black and white)");
        free(tb);
        ok(exports_as(g, PC_NONOGRAM_FORMAT_NON,
                      "width 2\nheight 2\nbackground . #ffffff white\ncolor r #ff0000 red\n\nrows\n1r\n2r\n\n"
                      "columns\n2r\n1r\n\ngoal \"r0rr\"\n"),
           "... written back with its palette");
        ok(stable(g, PC_NONOGRAM_FORMAT_NON) && stable(g, PC_NONOGRAM_FORMAT_XML), "... round trips stable");
        ok(exports_as(b, PC_NONOGRAM_FORMAT_NON, "width 2\nheight 2\n\nrows\n1\n2\n\ncolumns\n2\n1\n\ngoal \"1011\"\n"),
           "the black-and-white one written without");
    }
    pc_nonogram_free(g);
    pc_nonogram_free(b);
    expect_error("width 2\nheight 1\ncolor r #ff0000 red\nrows\n1q\ncolumns\n1r\n0\n", PC_NONOGRAM_FORMAT_NON,
                 "line 5, column 2", ".non: a clue of an unknown colour names its line and column");
    expect_error("width 2\nheight 1\nrows\n1r\ncolumns\n1\n0\n", PC_NONOGRAM_FORMAT_NON, "line 4, column 2",
                 ".non: a colour symbol without color lines");
    expect_error("width 2\nheight 1\ncolor r #ff0000 red\nrows\n1r\ncolumns\n1r\n0\ngoal \"rx\"\n",
                 PC_NONOGRAM_FORMAT_NON, "line 9, column 8", ".non: a goal character of no colour");

    /* a bundle and a puzzle set of a black-and-white and a colour puzzle */
    const char *mixed = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n====\ntitle \"Say \"hi\"\"\nwidth 2\nheight 1\n"
                        "color r #ff0000 red\ncolor g #00ff00 green\nrows\n1r,1g\ncolumns\n1r\n1g\n";
    g = import(mixed, PC_NONOGRAM_FORMAT_NON, 0, err);
    b = import(mixed, PC_NONOGRAM_FORMAT_NON, 1, err);
    ok(g && b && pc_nonogram_colour_count(g) == 1 && pc_nonogram_colour_count(b) == 2,
       ".non bundle: a black-and-white and a colour puzzle (%s)", err);
    if (b) {
        char t[64];
        size_t n = 0;
        pc_nonogram_title(b, "en", t, sizeof t, &n);
        is_str(t, "Say \"hi\"", "a colour puzzle's title keeps its quotes");
        ok(stable(b, PC_NONOGRAM_FORMAT_NON) && stable(b, PC_NONOGRAM_FORMAT_XML), "... and round-trips with them");
        char *x = export_text(b, PC_NONOGRAM_FORMAT_XML);
        pc_nonogram *c = x ? import(x, PC_NONOGRAM_FORMAT_XML, 0, err) : NULL;
        char *n1 = export_text(b, PC_NONOGRAM_FORMAT_NON);
        ok(c && n1 && exports_as(c, PC_NONOGRAM_FORMAT_NON, n1), "colour .non -> XML -> .non: the same text");
        free(x);
        free(n1);
        pc_nonogram_free(c);
    }
    pc_nonogram_free(g);
    pc_nonogram_free(b);
    const char *set = "<puzzleset><puzzle><clues type=\"rows\"><line><count>1</count></line></clues><clues "
                      "type=\"columns\"><line><count>1</count></line><line/></clues></puzzle>\n<puzzle><color "
                      "name=\"red\" char=\"r\">f00</color><clues type=\"rows\"><line><count color=\"red\">1"
                      "</count></line></clues><clues type=\"columns\"><line/><line><count color=\"red\">1</count>"
                      "</line></clues></puzzle></puzzleset>";
    g = import(set, PC_NONOGRAM_FORMAT_XML, 0, err);
    b = import(set, PC_NONOGRAM_FORMAT_XML, 1, err);
    ok(g && b && pc_nonogram_colour_count(g) == 1 && pc_nonogram_colour_count(b) == 2,
       "XML puzzle set: black and white, then red and black (%s)", err);
    pc_nonogram_free(g);
    pc_nonogram_free(b);
    /* white and black in other chars: a colour puzzle that stays one through XML */
    g = import("width 2\nheight 1\ncolor a #000000 black\nrows\n1\ncolumns\n1\n0\ngoal \"a.\"\n",
               PC_NONOGRAM_FORMAT_NON, 0, err);
    ok(g && stable(g, PC_NONOGRAM_FORMAT_XML) && stable(g, PC_NONOGRAM_FORMAT_NON),
       "black as 'a': .non and XML round trips stable (%s)", err);
    char *x = g ? export_text(g, PC_NONOGRAM_FORMAT_XML) : NULL;
    b = x ? import(x, PC_NONOGRAM_FORMAT_XML, 0, err) : NULL;
    char *n1 = g ? export_text(g, PC_NONOGRAM_FORMAT_NON) : NULL;
    ok(b && n1 && exports_as(b, PC_NONOGRAM_FORMAT_NON, n1), "... and through XML back to the same .non");
    free(x);
    free(n1);
    pc_nonogram_free(g);
    pc_nonogram_free(b);
    /* generated colour puzzles of 1 to 8 colours: stable through .non and XML */
    int good = 1;
    for (int32_t ncol = 1; ncol <= 8 && good; ncol++) {
        g = NULL;
        good = pc_nonogram_generate_colour(5 + ncol, 4 + ncol, ncol, (uint64_t)ncol, PC_NONOGRAM_GRADE_LINE, &g) ==
                   PC_OK &&
               stable(g, PC_NONOGRAM_FORMAT_NON) && stable(g, PC_NONOGRAM_FORMAT_XML);
        pc_nonogram_free(g);
    }
    ok(good, "generated puzzles of 1 to 8 colours: .non and XML round trips stable");
}

/* generated puzzles of many sizes round-trip through every format */
static void test_generated(void)
{
    int good = 1;
    for (uint64_t seed = 0; seed < 12 && good; seed++) {
        pc_nonogram *g = NULL;
        int32_t w = 3 + (int32_t)(seed * 5 % 23), h = seed % 3 == 0 ? w : 2 + (int32_t)(seed * 3 % 17);
        good = pc_nonogram_generate(w, h, seed, PC_NONOGRAM_GRADE_SEARCH, NULL, &g) == PC_OK && round_trips(g);
        pc_nonogram_free(g);
    }
    ok(good, "12 generated puzzles round-trip through every format");
}

int main(void)
{
    test_non();
    test_xml();
    test_tatham();
    test_tcga();
    test_generated();
    test_one_reader();
    return done_testing();
}
