/* Common module: version, status names, pc_free, and the rng's published
 * test vectors (the same ones doc/api.md and the bindings' tests use). */
#include <stdint.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

int main(void)
{
    uint32_t v = pc_version();
    is_int(v >> 16, PUZZLECORE_VERSION_MAJOR, "run-time major matches the header");
    is_int((v >> 8) & 0xff, PUZZLECORE_VERSION_MINOR, "run-time minor matches the header");
    is_int(v & 0xff, PUZZLECORE_VERSION_PATCH, "run-time patch matches the header");
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", PUZZLECORE_VERSION_MAJOR, PUZZLECORE_VERSION_MINOR,
             PUZZLECORE_VERSION_PATCH);
    is_str(pc_version_string(), want, "version string agrees with the enum (and configure)");

    is_str(pc_strerror(PC_OK), "ok", "strerror ok");
    is_str(pc_strerror(PC_EILLEGAL), "illegal move", "strerror illegal");
    is_str(pc_strerror(PC_ESPACE), "buffer too small", "strerror space");
    is_str(pc_strerror(-999), "unknown error", "strerror unknown");
    int named = 1;
    for (int32_t c = PC_EIO; c <= PC_OK; c++)
        named &= strcmp(pc_strerror(c), "unknown error") != 0;
    ok(named, "every status code has a name");
    pc_free(NULL);
    ok(1, "pc_free(NULL) is a no-op");

    pc_rng *r = NULL;
    is_int(pc_rng_new(0, NULL), PC_EINVAL, "rng_new with NULL out");
    is_int(pc_rng_new(0, &r), PC_OK, "rng_new");
    const uint64_t seed0[3] = {UINT64_C(0x99EC5F36CB75F2B4), UINT64_C(0xBF6E1F784956452A),
                               UINT64_C(0x1A5F849D4933E6E0)};
    for (int i = 0; i < 3; i++)
        ok(pc_rng_next(r) == seed0[i], "seed 0 vector %d", i);

    pc_rng_seed(r, 42);
    const int want42[8] = {0, 0, 5, 5, 4, 0, 4, 3};
    int same = 1;
    for (int i = 0; i < 8; i++) {
        uint64_t x;
        pc_rng_uniform(r, 6, &x);
        same &= (int)x == want42[i];
    }
    ok(same, "seed 42 uniform(6) vector");

    pc_rng_seed(r, 7);
    int32_t a[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    const int32_t want7[10] = {8, 3, 9, 0, 7, 2, 1, 6, 5, 4};
    is_int(pc_rng_shuffle_i32(r, a, 10), PC_OK, "shuffle");
    ok(memcmp(a, want7, sizeof a) == 0, "seed 7 shuffle vector");

    uint64_t x;
    is_int(pc_rng_uniform(r, 0, &x), PC_EINVAL, "uniform(0) refused");
    int64_t y;
    is_int(pc_rng_range(r, 5, 4, &y), PC_EINVAL, "empty range refused");
    int inrange = 1, seen_lo = 0, seen_hi = 0;
    for (int i = 0; i < 10000; i++) {
        pc_rng_range(r, -3, 3, &y);
        inrange &= y >= -3 && y <= 3;
        seen_lo |= y == -3;
        seen_hi |= y == 3;
    }
    ok(inrange && seen_lo && seen_hi, "range(-3, 3) covers both ends and nothing else");
    is_int(pc_rng_range(r, INT64_MIN, INT64_MAX, &y), PC_OK, "full 64-bit range");

    /* uniformity: 60000 draws of uniform(6), each face within 5% of 10000 */
    int counts[6] = {0};
    for (int i = 0; i < 60000; i++) {
        pc_rng_uniform(r, 6, &x);
        counts[x]++;
    }
    int fair = 1;
    for (int i = 0; i < 6; i++)
        fair &= counts[i] > 9500 && counts[i] < 10500;
    ok(fair, "uniform(6) is fair over 60000 draws");

    double d;
    int unit = 1;
    for (int i = 0; i < 1000; i++) {
        pc_rng_double(r, &d);
        unit &= d >= 0.0 && d < 1.0;
    }
    ok(unit, "double in [0, 1)");

    /* state round trip and clone */
    uint64_t st[4];
    is_int(pc_rng_get_state(r, st), PC_OK, "get_state");
    pc_rng *c = NULL;
    is_int(pc_rng_clone(r, &c), PC_OK, "clone");
    uint64_t a1 = pc_rng_next(r), b1 = pc_rng_next(c);
    ok(a1 == b1, "clone continues identically");
    pc_rng_set_state(c, st);
    ok(pc_rng_next(c) == a1, "set_state rewinds");
    const uint64_t zero[4] = {0, 0, 0, 0};
    pc_rng_get_state(c, st);
    is_int(pc_rng_set_state(c, zero), PC_EINVAL, "all-zero state refused");
    uint64_t st2[4];
    pc_rng_get_state(c, st2);
    ok(memcmp(st, st2, sizeof st) == 0, "refused set_state leaves the state unchanged");
    ok(pc_rng_next(NULL) == 0, "next(NULL) gives 0");
    pc_rng_free(c);
    pc_rng_free(r);
    pc_rng_free(NULL);
    return done_testing();
}
