/* Harness: pc_sokoban_collection_parse and the collection accessors.
 * Properties: the collection written back parses to a collection that writes
 * the same text, with the same count and titles; every level opens as a game;
 * find() gives the first level of a title. */
#include "fuzz.h"

static int32_t cur_i;
static int32_t title_of(const pc_sokoban_collection *c, char *b, size_t cap, size_t *n)
{
    return pc_sokoban_collection_title(c, cur_i, b, cap, n);
}
static int32_t comments_of(const pc_sokoban_collection *c, char *b, size_t cap, size_t *n)
{
    return pc_sokoban_collection_comments(c, cur_i, b, cap, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[128];
    pc_sokoban_collection *c = NULL, *d = NULL;
    if (pc_sokoban_collection_parse((const char *)data, size, err, sizeof err, &c) != PC_OK) {
        FZ_CHECK(c == NULL);
        return 0;
    }
    int32_t count = pc_sokoban_collection_count(c);
    FZ_CHECK(count >= 1 && count <= PC_SOKOBAN_MAX_LEVELS);
    char *w1, *w2;
    size_t n1, n2;
    FZ_TEXT(pc_sokoban_collection_write, c, &w1, &n1);
    FZ_CHECK(w1);
    int32_t rc = pc_sokoban_collection_parse(w1, n1, err, sizeof err, &d);
    if (rc != PC_OK) fprintf(stderr, "re-parse: %s\n%s\n", err, w1);
    FZ_CHECK(rc == PC_OK);
    FZ_TEXT(pc_sokoban_collection_write, d, &w2, &n2);
    if (!fz_same(w1, n1, w2, n2)) fprintf(stderr, "%s\n----\n%s\n", w1, w2 ? w2 : "");
    FZ_CHECK(fz_same(w1, n1, w2, n2));
    FZ_CHECK(pc_sokoban_collection_count(d) == count);
    for (cur_i = 0; cur_i < count && cur_i < 8; cur_i++) {
        char *t1, *t2, *m;
        size_t tn1, tn2, mn;
        FZ_TEXT(title_of, c, &t1, &tn1);
        FZ_TEXT(title_of, d, &t2, &tn2);
        FZ_CHECK(t1 && fz_same(t1, tn1, t2, tn2));
        FZ_TEXT(comments_of, c, &m, &mn);
        FZ_CHECK(m);
        if (strlen(t1) == tn1) {
            int32_t f = pc_sokoban_collection_find(c, t1);
            FZ_CHECK(f >= 0 && f <= cur_i);
        }
        pc_sokoban *g = NULL;
        FZ_CHECK(pc_sokoban_collection_level(c, cur_i, &g) == PC_OK);
        char *s;
        size_t sn;
        FZ_TEXT(pc_sokoban_title, g, &s, &sn);
        FZ_CHECK(fz_same(s, sn, t1, tn1));
        free(s);
        pc_sokoban_free(g);
        free(t1);
        free(t2);
        free(m);
    }
    pc_sokoban *g = NULL;
    FZ_CHECK(pc_sokoban_collection_level(c, count, &g) == PC_EINVAL && !g);
    free(w1);
    free(w2);
    pc_sokoban_collection_free(c);
    pc_sokoban_collection_free(d);
    return 0;
}
