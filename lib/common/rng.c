/* The library's seeded generator: xoshiro256** seeded through splitmix64.
 * The exact algorithm is a contract (see include/puzzlecore/common.h). */
#include "common/rng.h"

#include <stdlib.h>

#include "puzzlecore/common.h"
#include "common/alloc.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void pc__rng_seed(struct pc_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

uint64_t pc__rng_next(struct pc_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t pc__rng_uniform(struct pc_rng *r, uint64_t bound)
{
    /* Reject the lowest (2^64 mod bound) values so every residue is equally
     * likely; the modulus is computed in 64-bit unsigned arithmetic. */
    uint64_t threshold = (0 - bound) % bound;
    uint64_t x;
    do
        x = pc__rng_next(r);
    while (x < threshold);
    return x % bound;
}

int32_t pc__rng_below(struct pc_rng *r, int32_t bound)
{
    return (int32_t)pc__rng_uniform(r, (uint64_t)bound);
}

double pc__rng_double(struct pc_rng *r)
{
    return (double)(pc__rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

void pc__rng_shuffle_i32(struct pc_rng *r, int32_t *items, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)pc__rng_uniform(r, (uint64_t)i);
        int32_t t = items[i - 1];
        items[i - 1] = items[j];
        items[j] = t;
    }
}

/* ---- public wrappers ---------------------------------------------------- */

int32_t pc_rng_new(uint64_t seed, pc_rng **out)
{
    if (!out)
        return PC_EINVAL;
    pc_rng *r = pc__malloc(sizeof *r);
    if (!r)
        return PC_ENOMEM;
    pc__rng_seed(r, seed);
    *out = r;
    return PC_OK;
}

void pc_rng_free(pc_rng *rng)
{
    pc__free(rng);
}

int32_t pc_rng_clone(const pc_rng *rng, pc_rng **out)
{
    if (!rng || !out)
        return PC_EINVAL;
    pc_rng *r = pc__malloc(sizeof *r);
    if (!r)
        return PC_ENOMEM;
    *r = *rng;
    *out = r;
    return PC_OK;
}

int32_t pc_rng_seed(pc_rng *rng, uint64_t seed)
{
    if (!rng)
        return PC_EINVAL;
    pc__rng_seed(rng, seed);
    return PC_OK;
}

uint64_t pc_rng_next(pc_rng *rng)
{
    return rng ? pc__rng_next(rng) : 0;
}

int32_t pc_rng_uniform(pc_rng *rng, uint64_t bound, uint64_t *out)
{
    if (!rng || !out || bound == 0)
        return PC_EINVAL;
    *out = pc__rng_uniform(rng, bound);
    return PC_OK;
}

int32_t pc_rng_range(pc_rng *rng, int64_t lo, int64_t hi, int64_t *out)
{
    if (!rng || !out || lo > hi)
        return PC_EINVAL;
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    uint64_t x = span == UINT64_MAX ? pc__rng_next(rng) : pc__rng_uniform(rng, span + 1);
    *out = (int64_t)((uint64_t)lo + x);
    return PC_OK;
}

int32_t pc_rng_double(pc_rng *rng, double *out)
{
    if (!rng || !out)
        return PC_EINVAL;
    *out = pc__rng_double(rng);
    return PC_OK;
}

int32_t pc_rng_shuffle_i32(pc_rng *rng, int32_t *items, size_t n)
{
    if (!rng || (!items && n))
        return PC_EINVAL;
    pc__rng_shuffle_i32(rng, items, n);
    return PC_OK;
}

int32_t pc_rng_get_state(const pc_rng *rng, uint64_t *state4)
{
    if (!rng || !state4)
        return PC_EINVAL;
    for (int i = 0; i < 4; i++)
        state4[i] = rng->s[i];
    return PC_OK;
}

int32_t pc_rng_set_state(pc_rng *rng, const uint64_t *state4)
{
    if (!rng || !state4 || (state4[0] | state4[1] | state4[2] | state4[3]) == 0)
        return PC_EINVAL;
    for (int i = 0; i < 4; i++)
        rng->s[i] = state4[i];
    return PC_OK;
}
