/*
 * puzzlecore/common.h — what every game module shares: version, status
 * codes, the allocator boundary and the seeded random generator.
 *
 * Conventions (doc/api.md has the long form):
 *   - every fallible call returns int32_t: PC_OK (0) or a negative PC_E* code;
 *   - a call that fails leaves every object it was given exactly as it was;
 *   - handles are opaque; pc_<x>_free() accepts NULL;
 *   - text out follows snprintf: (char *buf, size_t cap, size_t *len) writes at
 *     most cap bytes including the NUL, always sets *len to the full length
 *     (without the NUL) and returns PC_ESPACE when cap was too small; cap 0
 *     (buf may then be NULL) is a size query and returns PC_OK.  Arrays out
 *     with a count (int32_t *ids, size_t cap, size_t *n) follow the same rule;
 *   - no global mutable state: every call is thread-safe on distinct handles
 *     (the one process-wide setting is the allocator, pc_set_allocator).
 */
#ifndef PUZZLECORE_COMMON_H
#define PUZZLECORE_COMMON_H

#ifndef PUZZLECORE_CDEF
#include <stddef.h>
#include <stdint.h>
#endif

/* PUZZLECORE_API marks every exported declaration.  The library is built with
 * -fvisibility=hidden and a version script, so only these symbols exist. */
#ifndef PUZZLECORE_API
#  if defined(PUZZLECORE_CDEF)
#    define PUZZLECORE_API
#  elif defined(_WIN32) && defined(PUZZLECORE_BUILDING)
#    define PUZZLECORE_API __declspec(dllexport)
#  elif defined(PUZZLECORE_BUILDING) && defined(__GNUC__)
#    define PUZZLECORE_API __attribute__((visibility("default")))
#  else
#    define PUZZLECORE_API
#  endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Compile-time version of the headers.  pc_version() gives the run-time one. */
enum pc_version_parts {
    PUZZLECORE_VERSION_MAJOR = 0,
    PUZZLECORE_VERSION_MINOR = 1,
    PUZZLECORE_VERSION_PATCH = 0
};

/* Status codes.  Every value is stable across the ABI major. */
enum pc_status {
    PC_OK = 0,         /* success */
    PC_EINVAL = -1,    /* bad argument (NULL handle, out-of-range index, bad flag) */
    PC_ENOMEM = -2,    /* allocation failed */
    PC_ERANGE = -3,    /* a size or value outside what the call supports */
    PC_EILLEGAL = -4,  /* the rules forbid this move now */
    PC_EOVER = -5,     /* the game is finished */
    PC_EPARSE = -6,    /* text input is malformed (see the err buffer) */
    PC_ESPACE = -7,    /* caller buffer too small; *len tells the size needed */
    PC_ELIMIT = -8,    /* a search hit its node, time or memory budget */
    PC_ENOTFOUND = -9, /* the thing asked for does not exist */
    PC_EIO = -10,      /* an operating-system call failed (tools only) */
    PC_ECANCELLED = -11 /* a search was cancelled (pc_budget_cancel or its progress callback) */
};

/* Run-time version: (major << 16) | (minor << 8) | patch. */
PUZZLECORE_API uint32_t pc_version(void);

/* Run-time version as "MAJOR.MINOR.PATCH" (static storage, never freed). */
PUZZLECORE_API const char *pc_version_string(void);

/* A short English name for a status code ("ok", "invalid argument", ...).
 * Unknown codes give "unknown error".  Static storage. */
PUZZLECORE_API const char *pc_strerror(int32_t status);

/* Release memory that the library handed out (documented per call).
 * NULL is accepted. */
PUZZLECORE_API void pc_free(void *ptr);

/*
 * The allocator: every block the library allocates, in every call, comes
 * from malloc_fn / realloc_fn and goes back through free_fn (defaults: the C
 * library's malloc, realloc, free).  The functions follow the C library's
 * contract (malloc_fn is never asked for 0 bytes; realloc_fn is only called
 * on a live block, with a size >= 1, and must leave it untouched when it
 * returns NULL; free_fn is never given NULL).  Any of them may fail: the call
 * that needed the block returns PC_ENOMEM and changes nothing.
 *
 * This is the library's one process-wide setting (as libuv's
 * uv_replace_allocator and SQLite's sqlite3_config(SQLITE_CONFIG_MALLOC)):
 * set it once, before any other call.  It is refused with PC_EILLEGAL while
 * any block the library allocated is still live (a game, a collection, a
 * result, a string from pc_free's family), since that block would then go to
 * the wrong free_fn; with every object freed it may be set again.  All three
 * NULL restore the defaults; some but not all NULL is PC_EINVAL.  Not to be
 * called while another thread is inside the library.
 */
typedef void *(*pc_malloc_fn)(size_t size);
typedef void *(*pc_realloc_fn)(void *ptr, size_t size);
typedef void (*pc_free_fn)(void *ptr);
PUZZLECORE_API int32_t pc_set_allocator(pc_malloc_fn malloc_fn, pc_realloc_fn realloc_fn, pc_free_fn free_fn);

/*
 * pc_rng — the library's only source of randomness.
 *
 * Algorithm (a contract for the whole ABI major, so bindings can re-implement
 * and verify it):
 *   - state: four 64-bit words s[0..3] of xoshiro256** (Blackman & Vigna);
 *   - seeding: x = seed; for i in 0..3: s[i] = splitmix64(&x), where
 *     splitmix64 adds 0x9E3779B97F4A7C15 to x, then z = x;
 *     z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) *
 *     0x94D049BB133111EB; returns z ^ (z >> 31);
 *   - next: result = rotl(s[1] * 5, 7) * 9, then the xoshiro256 state update;
 *   - uniform(bound), bound >= 1: t = (2^64 - bound) mod bound; draw x = next()
 *     until x >= t; return x mod bound (unbiased, one draw almost always);
 *   - shuffle(a, n): for i = n-1 down to 1: j = uniform(i + 1); swap a[i], a[j];
 *   - unit double: (next() >> 11) * 2^-53.
 * Test vectors (seed 0): next() = 0x99EC5F36CB75F2B4, 0xBF6E1F784956452A,
 * 0x1A5F849D4933E6E0; seed 42, uniform(6) x 8 = 0 0 5 5 4 0 4 3;
 * seed 7, shuffle of 0..9 = 8 3 9 0 7 2 1 6 5 4.
 */
typedef struct pc_rng pc_rng;

/* New generator seeded with `seed` (see above). */
PUZZLECORE_API int32_t pc_rng_new(uint64_t seed, pc_rng **out);

/* Free a generator; NULL is accepted. */
PUZZLECORE_API void pc_rng_free(pc_rng *rng);

/* Independent copy with the same state. */
PUZZLECORE_API int32_t pc_rng_clone(const pc_rng *rng, pc_rng **out);

/* Re-seed in place, exactly as pc_rng_new would. */
PUZZLECORE_API int32_t pc_rng_seed(pc_rng *rng, uint64_t seed);

/* Next raw 64-bit output (0 when rng is NULL). */
PUZZLECORE_API uint64_t pc_rng_next(pc_rng *rng);

/* Unbiased integer in [0, bound).  bound 0 gives PC_EINVAL. */
PUZZLECORE_API int32_t pc_rng_uniform(pc_rng *rng, uint64_t bound, uint64_t *out);

/* Unbiased integer in [lo, hi] (inclusive).  lo > hi gives PC_EINVAL. */
PUZZLECORE_API int32_t pc_rng_range(pc_rng *rng, int64_t lo, int64_t hi, int64_t *out);

/* Double in [0, 1) with 53 random bits. */
PUZZLECORE_API int32_t pc_rng_double(pc_rng *rng, double *out);

/* Fisher–Yates shuffle of n int32 values (order defined above). */
PUZZLECORE_API int32_t pc_rng_shuffle_i32(pc_rng *rng, int32_t *items, size_t n);

/* Copy the four state words out / in (for save files).  An all-zero state is
 * invalid for xoshiro and is refused with PC_EINVAL. */
PUZZLECORE_API int32_t pc_rng_get_state(const pc_rng *rng, uint64_t *state4);
PUZZLECORE_API int32_t pc_rng_set_state(pc_rng *rng, const uint64_t *state4);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_COMMON_H */
