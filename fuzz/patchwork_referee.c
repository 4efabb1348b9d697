/* Harness: Patchwork's referee protocol.  Byte 0 picks the ruleset, bytes
 * 1..8 the seed; the rest is bot output, one line per '\n', each parsed by
 * pc_patchwork_parse_command and played by pc_patchwork_referee_step.
 * Properties: a refused line changes nothing (same save text); a played line
 * is the move listed in the history and it was legal; the message lies in
 * the line; the game's save reloads to the same text at the end. */
#include "fuzz.h"

static const int32_t rulesets[] = {1, 2, 3, 4, 5, 10};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    int32_t rs = rulesets[fz_u8(&in) % 6];
    uint64_t seed = fz_u64(&in);
    pc_patchwork *g = NULL, *h = NULL;
    char err[128];
    FZ_CHECK(pc_patchwork_new(rs, seed, &g) == PC_OK);
    const char *p = (const char *)in.p, *end = p + in.n;
    int steps = 0;
    while (p < end && steps < 200) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        int32_t cmd6[6];
        size_t mo = 0, ml = 0;
        int32_t pc = pc_patchwork_parse_command(rs, p, len, cmd6, &mo, &ml, err, sizeof err);
        if (pc == PC_OK) FZ_CHECK(mo <= len && ml <= len - mo);
        char *s1, *s2;
        size_t n1, n2;
        FZ_TEXT(pc_patchwork_save, g, &s1, &n1);
        FZ_CHECK(pc_patchwork_clone(g, &h) == PC_OK);
        int32_t applied = -1, fixes = -1;
        int32_t rc = pc_patchwork_referee_step(g, p, len, &applied, &fixes, err, sizeof err);
        if (rc != PC_OK) {
            FZ_CHECK(rc == PC_EPARSE || rc == PC_EOVER);
            FZ_CHECK(rc != PC_EPARSE || pc != PC_OK);
            FZ_TEXT(pc_patchwork_save, g, &s2, &n2);
            FZ_CHECK(fz_same(s1, n1, s2, n2));
            free(s2);
        } else {
            FZ_CHECK(pc == PC_OK);
            FZ_CHECK(pc_patchwork_check(h, applied) == PC_OK);
            FZ_CHECK(pc_patchwork_apply(h, applied) == PC_OK);
            FZ_TEXT(pc_patchwork_save, g, &s2, &n2);
            char *s3;
            size_t n3;
            FZ_TEXT(pc_patchwork_save, h, &s3, &n3);
            FZ_CHECK(fz_same(s2, n2, s3, n3));
            free(s2);
            free(s3);
        }
        free(s1);
        pc_patchwork_free(h);
        h = NULL;
        p += len;
        steps++;
    }
    char *s1, *s2;
    size_t n1, n2;
    FZ_TEXT(pc_patchwork_save, g, &s1, &n1);
    FZ_CHECK(pc_patchwork_load(s1, n1, err, sizeof err, &h) == PC_OK);
    FZ_TEXT(pc_patchwork_save, h, &s2, &n2);
    FZ_CHECK(fz_same(s1, n1, s2, n2));
    free(s1);
    free(s2);
    pc_patchwork_free(g);
    pc_patchwork_free(h);
    return 0;
}
