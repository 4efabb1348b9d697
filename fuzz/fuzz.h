/*
 * fuzz/fuzz.h — shared helpers of the libFuzzer harnesses (fuzz/README.md).
 *
 * A harness aborts (through FZ_CHECK) when a property fails, so libFuzzer
 * records the input like any crash.  Text out goes through FZ_TEXT, which
 * asks the size first (cap 0) and then writes: the library's snprintf rule is
 * itself checked on every call.
 */
#ifndef PC_FUZZ_H
#define PC_FUZZ_H

#include <puzzlecore/puzzlecore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_CHECK(cond)                                                                    \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond);   \
            abort();                                                                      \
        }                                                                                 \
    } while (0)

/* a text for %s that may be NULL (gcc's -Wformat-overflow sees the NULL path) */
#define FZ_STR(s) ((s) ? (s) : "(null)")

/* *outp = malloc'ed NUL-terminated text of fn(g, buf, cap, &len), *lenp its
 * length; *outp = NULL when the size query (cap 0, which answers PC_OK)
 * fails. */
#define FZ_TEXT(fn, g, outp, lenp)                                                        \
    do {                                                                                  \
        size_t fz_n_ = 0, fz_m_ = 0;                                                      \
        int32_t fz_r_ = fn((g), NULL, 0, &fz_n_);                                         \
        *(outp) = NULL;                                                                   \
        *(lenp) = 0;                                                                      \
        if (fz_r_ == PC_OK) {                                                             \
            char *fz_b_ = malloc(fz_n_ + 1);                                              \
            FZ_CHECK(fz_b_ != NULL);                                                      \
            fz_r_ = fn((g), fz_b_, fz_n_ + 1, &fz_m_);                                    \
            FZ_CHECK(fz_r_ == PC_OK && fz_m_ == fz_n_ && fz_b_[fz_n_] == '\0');          \
            *(outp) = fz_b_;                                                              \
            *(lenp) = fz_n_;                                                              \
        }                                                                                 \
    } while (0)

/* Same text, same length. */
static inline int fz_same(const char *a, size_t an, const char *b, size_t bn)
{
    return a && b && an == bn && memcmp(a, b, an) == 0;
}

/* A little cursor over the input bytes for the harnesses that decode moves. */
struct fz_in {
    const uint8_t *p;
    size_t n;
};
static inline int fz_more(const struct fz_in *in) { return in->n > 0; }
static inline uint32_t fz_u8(struct fz_in *in)
{
    if (!in->n) return 0;
    in->n--;
    return *in->p++;
}
static inline uint32_t fz_u16(struct fz_in *in) { uint32_t a = fz_u8(in); return a | (fz_u8(in) << 8); }
static inline uint64_t fz_u64(struct fz_in *in)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)fz_u8(in) << (8 * i);
    return v;
}

/* A Sokoban search's solution in r replays from g and solves it, with the
 * moves and pushes the result reports (the solvers verify it themselves;
 * this checks that check). */
static inline void fz_sokoban_replays(const pc_sokoban *g, const pc_sokoban_result *r)
{
    char err[128], *l;
    size_t ln;
    pc_sokoban *h = NULL;
    FZ_TEXT(pc_sokoban_result_lurd, r, &l, &ln);
    FZ_CHECK(l && pc_sokoban_clone(g, &h) == PC_OK);
    int32_t ar = pc_sokoban_apply_lurd(h, l, ln, err, sizeof err);
    if (ar != PC_OK) fprintf(stderr, "solution refused: %s\n%s\n", err, l);
    FZ_CHECK(ar == PC_OK);
    FZ_CHECK(pc_sokoban_is_solved(h) == 1);
    FZ_CHECK(pc_sokoban_moves(h) - pc_sokoban_moves(g) == pc_sokoban_result_moves(r));
    FZ_CHECK(pc_sokoban_pushes(h) - pc_sokoban_pushes(g) == pc_sokoban_result_pushes(r));
    free(l);
    pc_sokoban_free(h);
}

/* The save harness of one game: load the input; when it loads, save, load
 * the save, save again: same text; a clone saves the same text too; a failed
 * load sets nothing.  EXTRA(g) runs more checks on the loaded game. */
#define FZ_SAVE_HARNESS(T, LOAD, SAVE, CLONE, FREE, EXTRA)                               \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                          \
    {                                                                                     \
        char err[128];                                                                    \
        T *g = NULL, *h = NULL, *k = NULL;                                                \
        if (LOAD((const char *)data, size, err, sizeof err, &g) != PC_OK) {               \
            FZ_CHECK(g == NULL);                                                          \
            return 0;                                                                     \
        }                                                                                 \
        char *s1, *s2, *s3;                                                               \
        size_t n1, n2, n3;                                                                \
        FZ_TEXT(SAVE, g, &s1, &n1);                                                       \
        FZ_CHECK(s1);                                                                     \
        int32_t rc = LOAD(s1, n1, err, sizeof err, &h);                                   \
        if (rc != PC_OK) fprintf(stderr, "reload: %s\n%s\n", err, s1);                  \
        FZ_CHECK(rc == PC_OK);                                                            \
        FZ_TEXT(SAVE, h, &s2, &n2);                                                       \
        if (!fz_same(s1, n1, s2, n2)) fprintf(stderr, "%s\n----\n%s\n", s1, s2 ? s2 : ""); \
        FZ_CHECK(fz_same(s1, n1, s2, n2));                                                \
        FZ_CHECK(CLONE(g, &k) == PC_OK);                                                  \
        FZ_TEXT(SAVE, k, &s3, &n3);                                                       \
        FZ_CHECK(fz_same(s1, n1, s3, n3));                                                \
        EXTRA(g);                                                                         \
        free(s1);                                                                         \
        free(s2);                                                                         \
        free(s3);                                                                         \
        FREE(g);                                                                          \
        FREE(h);                                                                          \
        FREE(k);                                                                          \
        return 0;                                                                         \
    }

#endif
