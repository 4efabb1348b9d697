/* Harness: the move paths of every game through their own APIs.  Byte 0
 * picks the game, the next bytes its parameters, the rest a sequence of
 * actions (moves with arbitrary arguments, undo/redo where the game has
 * them, clone, save + load).
 * Properties at every step: a refused move changes nothing (same save text);
 * the game's check() agrees with its play(); a clone and a save -> load give
 * a game with the same save text, which then plays on identically. */
#include "fuzz.h"

#define SAME_SAVE(SAVE, a, b)                                                            \
    do {                                                                                 \
        char *s1_, *s2_;                                                                 \
        size_t n1_, n2_;                                                                 \
        FZ_TEXT(SAVE, a, &s1_, &n1_);                                                    \
        FZ_TEXT(SAVE, b, &s2_, &n2_);                                                    \
        if (!fz_same(s1_, n1_, s2_, n2_)) fprintf(stderr, "%s\n----\n%s\n", FZ_STR(s1_), FZ_STR(s2_)); \
        FZ_CHECK(fz_same(s1_, n1_, s2_, n2_));                                           \
        free(s1_);                                                                       \
        free(s2_);                                                                       \
    } while (0)

/* Replace *g by its save loaded back (checking the text), or by its clone. */
#define RELOAD(T, LOAD, SAVE, CLONE, FREE, g, viaclone)                                  \
    do {                                                                                 \
        T *h_ = NULL;                                                                    \
        if (viaclone) {                                                                  \
            FZ_CHECK(CLONE(g, &h_) == PC_OK);                                            \
        } else {                                                                         \
            char *s_, e_[128];                                                           \
            size_t n_;                                                                   \
            FZ_TEXT(SAVE, g, &s_, &n_);                                                  \
            int32_t r_ = LOAD(s_, n_, e_, sizeof e_, &h_);                               \
            if (r_ != PC_OK) fprintf(stderr, "reload: %s\n%s\n", e_, FZ_STR(s_));        \
            FZ_CHECK(r_ == PC_OK);                                                       \
            free(s_);                                                                    \
        }                                                                                \
        SAME_SAVE(SAVE, g, h_);                                                          \
        FREE(g);                                                                         \
        g = h_;                                                                          \
    } while (0)

static void run_nonogram(struct fz_in *in)
{
    int32_t w = 1 + (int32_t)(fz_u8(in) % 12), h = 1 + (int32_t)(fz_u8(in) % 12);
    char bits[144];
    for (int32_t i = 0; i < w * h; i++) bits[i] = (fz_u8(in) & 1) ? '1' : '0';
    pc_nonogram *g = NULL, *k = NULL;
    char err[64];
    FZ_CHECK(pc_nonogram_new_from_solution(w, h, bits, (size_t)(w * h), err, sizeof err, &g) == PC_OK);
    while (fz_more(in)) {
        uint32_t op = fz_u8(in) % 8;
        int32_t x = (int32_t)fz_u8(in) - 2, y = (int32_t)fz_u8(in) - 2, v = (int32_t)(fz_u8(in) % 4);
        int32_t rc;
        FZ_CHECK(pc_nonogram_clone(g, &k) == PC_OK);
        if (op < 4) rc = pc_nonogram_set_cell(g, x, y, v);
        else if (op < 6) rc = pc_nonogram_set_rect(g, x, y, (int32_t)fz_u8(in) % 14 - 1, (int32_t)fz_u8(in) % 14 - 1, v);
        else if (op == 6) rc = pc_nonogram_reset(g);
        else {
            RELOAD(pc_nonogram, pc_nonogram_load, pc_nonogram_save, pc_nonogram_clone, pc_nonogram_free, g, v & 1);
            rc = PC_OK;
        }
        if (rc != PC_OK) {
            FZ_CHECK(rc == PC_EINVAL);
            SAME_SAVE(pc_nonogram_save, g, k);
        }
        pc_nonogram_free(k);
        k = NULL;
        int32_t solved = pc_nonogram_is_solved(g);
        FZ_CHECK(solved == (pc_nonogram_satisfied_count(g, 0) == h && pc_nonogram_satisfied_count(g, 1) == w));
    }
    RELOAD(pc_nonogram, pc_nonogram_load, pc_nonogram_save, pc_nonogram_clone, pc_nonogram_free, g, 0);
    pc_nonogram_free(g);
}

static void run_pickerel(struct fz_in *in)
{
    int32_t level = 1 + (int32_t)(fz_u8(in) % 12);
    uint32_t opts = fz_u8(in) & 1;
    uint64_t seed = fz_u64(in);
    pc_pickerel *g = NULL, *k = NULL;
    FZ_CHECK(pc_pickerel_new(level, seed, opts, &g) == PC_OK);
    int steps = 0;
    while (fz_more(in) && steps++ < 400) {
        uint32_t op = fz_u8(in);
        if (op >= 250) {
            RELOAD(pc_pickerel, pc_pickerel_load, pc_pickerel_save, pc_pickerel_clone, pc_pickerel_free, g, op & 1);
            continue;
        }
        int32_t mv[4] = {(int32_t)(op % 7) - (op % 29 == 0), (int32_t)fz_u8(in) % 16 - 2,
                         (int32_t)fz_u8(in) % 16 - 2, (int32_t)fz_u8(in) % 16 - 2};
        FZ_CHECK(pc_pickerel_clone(g, &k) == PC_OK);
        int32_t c = pc_pickerel_check(g, mv);
        int32_t rc = pc_pickerel_play(g, mv);
        FZ_CHECK(c == rc);
        if (rc != PC_OK) SAME_SAVE(pc_pickerel_save, g, k);
        pc_pickerel_free(k);
        k = NULL;
        int32_t nb = pc_pickerel_loom_bead_count(g), w = pc_pickerel_width(g);
        for (int32_t i = 0; i < nb; i++) {
            int32_t row = -1, col = -1;
            FZ_CHECK(pc_pickerel_loom_bead(g, i, NULL, NULL, &row, &col, NULL) == PC_OK);
            FZ_CHECK(row >= 0 && col >= 0 && col < w);
        }
    }
    RELOAD(pc_pickerel, pc_pickerel_load, pc_pickerel_save, pc_pickerel_clone, pc_pickerel_free, g, 0);
    pc_pickerel_free(g);
}

static void run_snapper(struct fz_in *in)
{
    uint64_t seed = fz_u64(in);
    int32_t preset = (int32_t)(fz_u8(in) % PC_SNAPPER_PRESETS);
    pc_snapper *g = NULL, *k = NULL;
    FZ_CHECK(pc_snapper_new(preset, seed, &g) == PC_OK);
    int steps = 0;
    while (fz_more(in) && steps++ < 400) {
        uint32_t op = fz_u8(in) % 8;
        int32_t a = (int32_t)fz_u8(in) % 11 - 3, b = (int32_t)fz_u8(in) % 11 - 3, rc = PC_OK;
        FZ_CHECK(pc_snapper_clone(g, &k) == PC_OK);
        switch (op) {
        case 0: rc = pc_snapper_rotate(g, a); break;
        case 1: rc = pc_snapper_move_to(g, a); break;
        case 2: rc = pc_snapper_drop(g); break;
        case 3: case 4: {
            int32_t ck = pc_snapper_check(g, a, b);
            rc = pc_snapper_play(g, a, b);
            FZ_CHECK(rc == ck);
        } break;
        case 5: {
            int32_t ck = pc_snapper_check_drain(g);
            rc = pc_snapper_drain(g);
            FZ_CHECK(rc == ck);
        } break;
        default: RELOAD(pc_snapper, pc_snapper_load, pc_snapper_save, pc_snapper_clone, pc_snapper_free, g, op & 1);
        }
        if (rc != PC_OK) SAME_SAVE(pc_snapper_save, g, k);
        pc_snapper_free(k);
        k = NULL;
        for (int32_t x = 0; x < PC_SNAPPER_WIDTH; x++) {
            int32_t ht = pc_snapper_column_height(g, x);
            FZ_CHECK(ht >= 0 && ht <= PC_SNAPPER_HEIGHT);
        }
    }
    RELOAD(pc_snapper, pc_snapper_load, pc_snapper_save, pc_snapper_clone, pc_snapper_free, g, 0);
    pc_snapper_free(g);
}

static void run_patchwork(struct fz_in *in)
{
    static const int32_t rulesets[] = {1, 2, 3, 4, 5, 10};
    int32_t rs = rulesets[fz_u8(in) % 6];
    uint64_t seed = fz_u64(in);
    pc_patchwork *g = NULL, *k = NULL;
    FZ_CHECK(pc_patchwork_new(rs, seed, &g) == PC_OK);
    static int32_t codes[PC_PATCHWORK_MAX_MOVES];
    int steps = 0;
    while (fz_more(in) && steps++ < 300) {
        uint32_t op = fz_u8(in);
        size_t n = 0;
        int32_t lm = pc_patchwork_legal_moves(g, codes, PC_PATCHWORK_MAX_MOVES, &n);
        FZ_CHECK(lm == PC_OK);
        FZ_CHECK(pc_patchwork_is_over(g) == (n == 0));
        if (op >= 240) {
            RELOAD(pc_patchwork, pc_patchwork_load, pc_patchwork_save, pc_patchwork_clone, pc_patchwork_free, g, op & 1);
            continue;
        }
        int32_t code;
        if (op < 160 && n > 0) code = codes[fz_u16(in) % n];
        else code = (int32_t)(fz_u16(in) | (fz_u8(in) << 16)) - 1000;
        FZ_CHECK(pc_patchwork_clone(g, &k) == PC_OK);
        int32_t c = pc_patchwork_check(g, code);
        int32_t rc = pc_patchwork_apply(g, code);
        FZ_CHECK(c == rc);
        if (rc != PC_OK) SAME_SAVE(pc_patchwork_save, g, k);
        pc_patchwork_free(k);
        k = NULL;
    }
    RELOAD(pc_patchwork, pc_patchwork_load, pc_patchwork_save, pc_patchwork_clone, pc_patchwork_free, g, 0);
    pc_patchwork_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    switch (fz_u8(&in) % 4) {
    case 0: run_nonogram(&in); break;
    case 1: run_pickerel(&in); break;
    case 2: run_snapper(&in); break;
    default: run_patchwork(&in); break;
    }
    return 0;
}
