/* Harness: the nonogram file formats (pc_nonogram_detect_format,
 * pc_nonogram_import_count, pc_nonogram_import, pc_nonogram_export): .non,
 * webpbn XML, Tatham ids, TCGA question and solution files.  Byte 0 picks the
 * format (AUTO included), the rest is the text.
 * Properties: import_count and import agree; a collection of the text holds
 * exactly the puzzles import gives (same count, same saves; it fails to parse
 * when any import fails); every imported puzzle exports in
 * every format it can, and an export re-imports to a puzzle whose export is
 * the same text; the imported game's save loads back to the same save. */
#include "fuzz.h"

static char *export_text(const pc_nonogram *g, int32_t fmt, size_t *len)
{
    size_t n = 0, m = 0;
    int32_t r = pc_nonogram_export(g, fmt, NULL, 0, &n);
    if (r != PC_OK) /* a size query answers PC_OK with the length */
        return NULL;
    char *b = malloc(n + 1);
    FZ_CHECK(b);
    FZ_CHECK(pc_nonogram_export(g, fmt, b, n + 1, &m) == PC_OK && m == n);
    *len = n;
    return b;
}

static void check_puzzle(const pc_nonogram *g)
{
    char err[128];
    for (int32_t fmt = PC_NONOGRAM_FORMAT_NON; fmt <= PC_NONOGRAM_FORMAT_TCGA_SOLUTION; fmt++) {
        size_t n1 = 0, n2 = 0;
        char *t1 = export_text(g, fmt, &n1);
        if (!t1) continue;
        pc_nonogram *h = NULL;
        int32_t rc = pc_nonogram_import(t1, n1, fmt, 0, err, sizeof err, &h);
        if (rc != PC_OK) fprintf(stderr, "format %d: re-import: %s\n%s\n", (int)fmt, err, t1);
        FZ_CHECK(rc == PC_OK);
        FZ_CHECK(pc_nonogram_import_count(t1, n1, fmt, err, sizeof err) == 1);
        char *t2 = export_text(h, fmt, &n2);
        if (!fz_same(t1, n1, t2, n2)) fprintf(stderr, "format %d:\n%s\n----\n%s\n", (int)fmt, t1, t2 ? t2 : "(null)");
        FZ_CHECK(fz_same(t1, n1, t2, n2));
        free(t1);
        free(t2);
        pc_nonogram_free(h);
    }
    char *s1, *s2;
    size_t n1, n2;
    pc_nonogram *h = NULL;
    FZ_TEXT(pc_nonogram_save, g, &s1, &n1);
    FZ_CHECK(s1);
    int32_t rc = pc_nonogram_load(s1, n1, err, sizeof err, &h);
    if (rc != PC_OK) fprintf(stderr, "save reload: %s\n%s\n", err, s1);
    FZ_CHECK(rc == PC_OK);
    FZ_TEXT(pc_nonogram_save, h, &s2, &n2);
    FZ_CHECK(fz_same(s1, n1, s2, n2));
    free(s1);
    free(s2);
    pc_nonogram_free(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int32_t fmt = data[0] % 6;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    char err[128];
    int32_t det = pc_nonogram_detect_format(text, len);
    FZ_CHECK(det == PC_EPARSE || (det >= PC_NONOGRAM_FORMAT_NON && det <= PC_NONOGRAM_FORMAT_TCGA_SOLUTION));
    int32_t count = pc_nonogram_import_count(text, len, fmt, err, sizeof err);
    FZ_CHECK(count != 0);
    if (count < 0) {
        pc_nonogram *g = NULL;
        FZ_CHECK(pc_nonogram_import(text, len, fmt, 0, err, sizeof err, &g) != PC_OK && g == NULL);
        return 0;
    }
    pc_nonogram_collection *coll = NULL;
    int32_t crc = pc_nonogram_collection_parse(text, len, fmt, err, sizeof err, &coll);
    FZ_CHECK(crc == PC_OK ? coll && pc_nonogram_collection_count(coll) == count : !coll);
    int all_ok = 1;
    for (int32_t i = 0; i < count && (i < 3 || coll); i++) {
        pc_nonogram *g = NULL;
        int32_t rc = pc_nonogram_import(text, len, fmt, i, err, sizeof err, &g);
        FZ_CHECK(rc != PC_ENOTFOUND);
        if (rc != PC_OK) {
            FZ_CHECK(g == NULL && !coll);
            all_ok = 0;
            continue;
        }
        if (coll) {
            pc_nonogram *c = NULL;
            char *s1, *s2;
            size_t n1, n2;
            FZ_CHECK(pc_nonogram_collection_puzzle(coll, i, &c) == PC_OK);
            FZ_TEXT(pc_nonogram_save, g, &s1, &n1);
            FZ_TEXT(pc_nonogram_save, c, &s2, &n2);
            FZ_CHECK(fz_same(s1, n1, s2, n2));
            free(s1);
            free(s2);
            pc_nonogram_free(c);
        }
        if (i < 3)
            check_puzzle(g);
        pc_nonogram_free(g);
    }
    /* a text whose every puzzle imports is a collection (checked while the
     * loop ran over all of them, i.e. only when one could be made) */
    FZ_CHECK(!all_ok || count > 3 || coll);
    pc_nonogram_collection_free(coll);
    pc_nonogram *g = NULL;
    FZ_CHECK(pc_nonogram_import(text, len, fmt, count, err, sizeof err, &g) == PC_ENOTFOUND && !g);
    return 0;
}
