/*
 * Internal view of pc_rng.  Games embed `struct pc_rng` by value in their own
 * state (so a clone or a save copies the generator with the game) and draw
 * through these pc__rng_* helpers; the public pc_rng_* calls wrap the same
 * functions, so there is exactly one implementation of the algorithm.
 */
#ifndef PC_COMMON_RNG_H
#define PC_COMMON_RNG_H

#include <stddef.h>
#include <stdint.h>

struct pc_rng {
    uint64_t s[4];
};

void pc__rng_seed(struct pc_rng *r, uint64_t seed);
uint64_t pc__rng_next(struct pc_rng *r);
/* Unbiased in [0, bound); bound must be >= 1. */
uint64_t pc__rng_uniform(struct pc_rng *r, uint64_t bound);
/* Unbiased in [0, bound) for small int bounds; bound must be >= 1. */
int32_t pc__rng_below(struct pc_rng *r, int32_t bound);
double pc__rng_double(struct pc_rng *r);
void pc__rng_shuffle_i32(struct pc_rng *r, int32_t *items, size_t n);

#endif
