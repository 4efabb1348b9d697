/* Harness: the parser of Patchwork's bot output lines alone
 * (pc_patchwork_parse_command), at a parser's speed; fuzz/patchwork_referee.c
 * plays the lines too.  Byte 0 picks the ruleset (one value out of range);
 * the rest is lines, one per '\n'.  Properties: the status is PC_OK or
 * PC_EPARSE (PC_EINVAL only for the bad ruleset, for every line); on PC_OK
 * the command is SKIP or PLAY, and the message lies in the line; the same
 * line parses the same twice; a parsed PLAY written back as
 * "PLAY id x y flip rot" parses to the same command (rot is taken % 4, so
 * only a rot in 0..3 is written back as it is). */
#include "fuzz.h"

static const int32_t rulesets[] = {1, 2, 3, 4, 5, 10, 0};

static void line_one(int32_t rs, const char *p, size_t len)
{
    int32_t c1[6] = {-9, -9, -9, -9, -9, -9}, c2[6];
    size_t mo = 99, ml = 99, mo2, ml2;
    char err[128] = "";
    int32_t rc = pc_patchwork_parse_command(rs, p, len, c1, &mo, &ml, err, sizeof err);
    if (rs == 0) {
        FZ_CHECK(rc == PC_EINVAL);
        return;
    }
    FZ_CHECK(rc == PC_OK || rc == PC_EPARSE);
    FZ_CHECK(memchr(err, '\0', sizeof err) != NULL);
    int32_t rc2 = pc_patchwork_parse_command(rs, p, len, c2, &mo2, &ml2, err, sizeof err);
    FZ_CHECK(rc2 == rc);
    if (rc != PC_OK) return;
    FZ_CHECK(memcmp(c1, c2, sizeof c1) == 0 && mo == mo2 && ml == ml2);
    FZ_CHECK(c1[0] == 0 || c1[0] == 1);
    FZ_CHECK(mo <= len && ml <= len - mo);
    if (c1[0] == 1 && c1[5] >= 0) {
        char buf[96];
        int n = snprintf(buf, sizeof buf, "PLAY %d %d %d %d %d", (int)c1[1], (int)c1[2], (int)c1[3], (int)c1[4],
                         (int)c1[5]);
        FZ_CHECK(n > 0 && (size_t)n < sizeof buf);
        FZ_CHECK(pc_patchwork_parse_command(rs, buf, (size_t)n, c2, NULL, NULL, err, sizeof err) == PC_OK);
        FZ_CHECK(c2[0] == 1 && c2[1] == c1[1] && c2[2] == c1[2] && c2[3] == c1[3] && c2[5] == c1[5]);
        FZ_CHECK((c2[4] == 1) == (c1[4] == 1));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    int32_t rs = rulesets[fz_u8(&in) % 7];
    const char *p = (const char *)in.p, *end = p + in.n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        line_one(rs, p, len);
        p += len;
    }
    return 0;
}
