/*
 * Regressions for what the fuzz harnesses found (fuzz/README.md), one
 * minimal case each.  The crashing inputs themselves are kept under
 * tests/fuzz/<harness>/ and replayed by the harness (make check).
 */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* save text of a patchwork game (malloc'd) */
static char *pw_save(const pc_patchwork *g, size_t *n)
{
    *n = 0;
    pc_patchwork_save(g, NULL, 0, n);
    char *s = malloc(*n + 1);
    pc_patchwork_save(g, s, *n + 1, n);
    return s;
}

/* patchwork_referee: a game seeded with 2^64 - 1 saved a seed its loader
 * refused ("bad seed": the overflow test cut off the top 10 values). */
static void patchwork_max_seed(void)
{
    static const uint64_t seeds[] = {UINT64_MAX, UINT64_MAX - 5, 18446744073709551610ull, 9223372036854775808ull};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        pc_patchwork *g = NULL, *h = NULL;
        pc_patchwork_new(PC_PATCHWORK_LEAGUE2, seeds[i], &g);
        size_t n, m;
        char *s = pw_save(g, &n), err[128] = "";
        int32_t rc = pc_patchwork_load(s, n, err, sizeof err, &h);
        ok(rc == PC_OK && pc_patchwork_seed(h) == seeds[i], "patchwork: seed %llu saves and loads back %s",
           (unsigned long long)seeds[i], err);
        if (h) {
            char *t = pw_save(h, &m);
            ok(m == n && memcmp(s, t, n) == 0, "patchwork: same save text");
            free(t);
        }
        free(s);
        pc_patchwork_free(g);
        pc_patchwork_free(h);
    }
    static const char over[] = "puzzlecore-patchwork 1\nruleset 2\nseed 18446744073709551616\n";
    pc_patchwork *h = NULL;
    is_int(pc_patchwork_load(over, sizeof over - 1, NULL, 0, &h), PC_EPARSE, "patchwork: seed 2^64 still refused");
}

int main(void)
{
    patchwork_max_seed();
    return done_testing();
}
