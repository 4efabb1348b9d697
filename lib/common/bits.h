/*
 * Internal bit helpers shared by the games' bitboards and bitsets: count
 * trailing zeros and population count of 64-bit words, portable, and as fast
 * as the baseline target allows (a hardware popcnt only where the build
 * enables it; the generic x86-64 fallback of the builtin is a library call,
 * slower than the SWAR count below).
 */
#ifndef PC_COMMON_BITS_H
#define PC_COMMON_BITS_H

#include <stdint.h>

/* Index of the lowest set bit; x must not be 0. */
static inline int pc__ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* Index of the highest set bit; x must not be 0. */
static inline int pc__msb64(uint64_t x)
{
#if defined(__GNUC__)
    return 63 - __builtin_clzll(x);
#else
    int n = 0;
    while (x >>= 1)
        n++;
    return n;
#endif
}

/* Number of set bits. */
static inline int pc__popcount64(uint64_t x)
{
#if defined(__GNUC__) && (defined(__POPCNT__) || !defined(__x86_64__))
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

#endif
