/*
 * pc_nonogram_collection: a multi-puzzle text read once.  For every format
 * (a .non bundle with a colour puzzle among black-and-white ones, TCGA
 * questions and solutions, webpbn XML with two and with colour puzzles,
 * Tatham ids) the collection holds the same puzzles, in the same order, as
 * pc_nonogram_import with each index; a bad puzzle anywhere fails the parse
 * with the line in the whole text; the text is the collection's own copy.
 * Public API only.
 */
#include <puzzlecore/puzzlecore.h>

#include "tap.h"

static char *export_text(const pc_nonogram *g, int32_t fmt)
{
    size_t n = 0;
    if (pc_nonogram_export(g, fmt, NULL, 0, &n) != PC_OK)
        return NULL;
    char *s = malloc(n + 1);
    if (s && pc_nonogram_export(g, fmt, s, n + 1, &n) != PC_OK) {
        free(s);
        return NULL;
    }
    return s;
}

/* The puzzles of the collection are those of import(index), byte for byte
 * in the library's own save text (clues, solution, record, grid). */
static void same_as_import(const char *text, int32_t format, int32_t want, const char *name)
{
    char err[256] = "";
    pc_nonogram_collection *c = NULL;
    char *copy = malloc(strlen(text) + 1);
    strcpy(copy, text);
    int32_t rc = pc_nonogram_collection_parse(copy, strlen(copy), format, err, sizeof err, &c);
    /* the collection keeps its own copy: the caller's buffer may go */
    memset(copy, 'x', strlen(copy));
    free(copy);
    if (!ok(rc == PC_OK, "%s: parsed (%s)", name, err))
        return;
    is_int(pc_nonogram_collection_count(c), want, "%s: %d puzzles", name, (int)want);
    is_int(pc_nonogram_collection_count(c), pc_nonogram_import_count(text, strlen(text), format, err, sizeof err),
           "%s: the count pc_nonogram_import_count gives", name);
    if (format != PC_NONOGRAM_FORMAT_AUTO)
        is_int(pc_nonogram_collection_format(c), format, "%s: its format", name);
    else
        is_int(pc_nonogram_collection_format(c), pc_nonogram_detect_format(text, strlen(text)),
               "%s: the detected format", name);
    int good = 1;
    for (int32_t i = 0; i < want; i++) {
        pc_nonogram *a = NULL, *b = NULL;
        good = good && pc_nonogram_collection_puzzle(c, i, &a) == PC_OK &&
               pc_nonogram_import(text, strlen(text), format, i, err, sizeof err, &b) == PC_OK;
        char *sa = good ? export_text(a, PC_NONOGRAM_FORMAT_NON) : NULL;
        char *sb = good ? export_text(b, PC_NONOGRAM_FORMAT_NON) : NULL;
        size_t la = 0, lb = 0;
        char ra[4096] = "", rb[4096] = "";
        good = good && sa && sb && strcmp(sa, sb) == 0 && pc_nonogram_save(a, ra, sizeof ra, &la) == PC_OK &&
               pc_nonogram_save(b, rb, sizeof rb, &lb) == PC_OK && strcmp(ra, rb) == 0;
        if (!good)
            printf("# puzzle %d differs\n%s\n---\n%s\n", (int)i, sa ? sa : "(none)", sb ? sb : "(none)");
        free(sa);
        free(sb);
        pc_nonogram_free(a);
        pc_nonogram_free(b);
    }
    ok(good, "%s: every puzzle as pc_nonogram_import gives it", name);
    pc_nonogram *mark = (pc_nonogram *)(void *)&good, *g = mark;
    is_int(pc_nonogram_collection_puzzle(c, want, &g), PC_EINVAL, "%s: index count is outside", name);
    is_int(pc_nonogram_collection_puzzle(c, -1, &g), PC_EINVAL, "%s: index -1 is outside", name);
    ok(g == mark, "%s: a refused index leaves *out alone", name);
    is_int(pc_nonogram_collection_puzzle(c, 0, NULL), PC_EINVAL, "%s: NULL out", name);
    pc_nonogram_collection_free(c);
}

/* n generated puzzles in a format, joined as that format's bundles are. */
static char *bundle(int32_t format, int32_t n)
{
    size_t cap = 1 << 16, len = 0;
    char *all = malloc(cap);
    all[0] = '\0';
    for (int32_t i = 0; i < n; i++) {
        pc_nonogram *g = NULL;
        int32_t side = 4 + i % 5;
        if (pc_nonogram_generate(side, side, (uint64_t)i + 1, PC_NONOGRAM_GRADE_SEARCH, NULL, &g) != PC_OK)
            return all;
        char id[16];
        snprintf(id, sizeof id, "$%d", (int)i + 1);
        pc_nonogram_set_id(g, id, strlen(id));
        char *t = export_text(g, format);
        pc_nonogram_free(g);
        if (!t)
            continue;
        size_t need = len + strlen(t) + 16;
        if (need > cap)
            all = realloc(all, cap = 2 * need);
        if (i && format == PC_NONOGRAM_FORMAT_NON)
            len += (size_t)sprintf(all + len, "====\n");
        len += (size_t)sprintf(all + len, "%s", t);
        if (format == PC_NONOGRAM_FORMAT_TATHAM && (len == 0 || all[len - 1] != '\n'))
            len += (size_t)sprintf(all + len, "\n");
        free(t);
    }
    return all;
}

static void test_formats(void)
{
    static const char NONC[] = "title \"Two colours\"\nwidth 3\nheight 2\ncolor a #ff0000\ncolor b #0000ff blue\n"
                               "rows\n1a,2b\n1b\ncolumns\n1a\n2b\n1b\ngoal \"abb0b0\"\n";
    const int32_t fmts[] = {PC_NONOGRAM_FORMAT_NON, PC_NONOGRAM_FORMAT_TCGA, PC_NONOGRAM_FORMAT_TCGA_SOLUTION,
                            PC_NONOGRAM_FORMAT_TATHAM, PC_NONOGRAM_FORMAT_XML};
    const char *names[] = {".non bundle", "TCGA questions", "TCGA solutions", "Tatham ids", "XML documents"};
    for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
        char *t = bundle(fmts[f], 12);
        same_as_import(t, fmts[f], 12, names[f]);
        same_as_import(t, PC_NONOGRAM_FORMAT_AUTO, 12, names[f]);
        free(t);
    }
    /* a colour puzzle in the middle of a black-and-white .non bundle */
    char *t = bundle(PC_NONOGRAM_FORMAT_NON, 4);
    size_t n = strlen(t);
    char *mixed = malloc(2 * n + sizeof NONC + 64); /* the bundle, the colour puzzle, the bundle again */
    sprintf(mixed, "%s====\n%s====\n%s", t, NONC, t);
    same_as_import(mixed, PC_NONOGRAM_FORMAT_NON, 9, ".non with a colour puzzle");
    free(mixed);
    free(t);
    static const char *const shipped[] = {"nonogram/sample.non", "nonogram/sample.xml", "nonogram/colour-sample.xml",
                                          "nonogram/tcga-sample.txt", "nonogram/tcga-sample-solutions.txt"};
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        size_t len = 0;
        char *d = tap_read_data(shipped[i], &len);
        if (!ok(d != NULL, "data/%s", shipped[i]))
            continue;
        char err[256];
        int32_t want = pc_nonogram_import_count(d, len, PC_NONOGRAM_FORMAT_AUTO, err, sizeof err);
        same_as_import(d, PC_NONOGRAM_FORMAT_AUTO, want, shipped[i]);
        free(d);
    }
}

static void test_errors(void)
{
    char err[256] = "";
    pc_nonogram_collection *mark = (pc_nonogram_collection *)(void *)err, *c = mark;
    /* puzzle 3 of 4 has a bad clue on line 3 of its own section */
    char *t = bundle(PC_NONOGRAM_FORMAT_TATHAM, 4);
    char *bad = malloc(strlen(t) + 64);
    char *third = strchr(strchr(t, '\n') + 1, '\n') + 1;
    sprintf(bad, "%.*s4x4:1/1/1/1/1/1/1/1/1/9\n%s", (int)(third - t), t, strchr(third, '\n') + 1);
    int32_t rc = pc_nonogram_collection_parse(bad, strlen(bad), PC_NONOGRAM_FORMAT_TATHAM, err, sizeof err, &c);
    ok(rc == PC_EPARSE && strncmp(err, "line 3", 6) == 0 && c == mark, "a bad third Tatham id: line 3 (%s)", err);
    free(bad);
    free(t);
    /* a .non whose goal disagrees with its clues names the puzzle's first line */
    static const char goal_wrong[] = "width 1\nheight 1\nrows\n1\ncolumns\n1\n====\nwidth 1\nheight 1\nrows\n1\n"
                                     "columns\n1\ngoal 0\n";
    rc = pc_nonogram_collection_parse(goal_wrong, strlen(goal_wrong), PC_NONOGRAM_FORMAT_NON, err, sizeof err, &c);
    ok(rc == PC_EPARSE && strstr(err, "puzzle 2") && c == mark, "a wrong goal in puzzle 2 (%s)", err);
    rc = pc_nonogram_collection_parse("", 0, PC_NONOGRAM_FORMAT_AUTO, err, sizeof err, &c);
    ok(rc == PC_EPARSE && c == mark, "an empty text (%s)", err);
    rc = pc_nonogram_collection_parse("$1\n", 3, PC_NONOGRAM_FORMAT_NON, err, sizeof err, &c);
    ok(rc == PC_EPARSE && c == mark, "a text in another format (%s)", err);
    is_int(pc_nonogram_collection_parse("1x1:1/1", 7, 99, err, sizeof err, &c), PC_EINVAL, "a bad format value");
    is_int(pc_nonogram_collection_parse("1x1:1/1", 7, -1, err, sizeof err, &c), PC_EINVAL, "format -1");
    is_int(pc_nonogram_collection_parse(NULL, 7, PC_NONOGRAM_FORMAT_AUTO, err, sizeof err, &c), PC_EINVAL,
           "NULL text with a length");
    is_int(pc_nonogram_collection_parse("1x1:1/1", 7, PC_NONOGRAM_FORMAT_AUTO, err, sizeof err, NULL), PC_EINVAL,
           "NULL out");
    ok(c == mark, "no failed parse wrote *out");
    is_int(pc_nonogram_collection_parse("1x1:1/1", 7, PC_NONOGRAM_FORMAT_AUTO, NULL, 0, &c), PC_OK,
           "no error buffer needed");
    is_int(pc_nonogram_collection_count(c), 1, "one Tatham id");
    pc_nonogram_collection_free(c);
    is_int(pc_nonogram_collection_count(NULL), PC_EINVAL, "count of NULL");
    is_int(pc_nonogram_collection_format(NULL), PC_EINVAL, "format of NULL");
    pc_nonogram *g = NULL;
    is_int(pc_nonogram_collection_puzzle(NULL, 0, &g), PC_EINVAL, "puzzle of NULL");
    pc_nonogram_collection_free(NULL);
    ok(1, "free(NULL) is a no-op");
}

int main(void)
{
    test_formats();
    test_errors();
    return done_testing();
}
