/*
 * fuzz/fuzz_moves.h — the typed move paths of nonogram, Pickerel, Snapper,
 * Patchwork (and Patchwork's referee protocol) and Sokoban's front-end moves
 * as step functions the harnesses share: `moves` and `patchwork_referee` run
 * them for hundreds of steps from a new game, `step` for a few from any
 * loaded save.
 *
 * Each X_steps(&g, in, max) decodes up to max actions from in and checks at
 * every one: a refused move changes nothing (same save text); the game's
 * check() agrees with its play(); a clone and a save -> load give a game with
 * the same save text, which then plays on (g is replaced by it).
 */
#ifndef PC_FUZZ_MOVES_H
#define PC_FUZZ_MOVES_H

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

/* Nonogram: set a cell or a rectangle (any coordinates, any value, colours
 * included), reset, reload.  is_solved agrees with the satisfied counts. */
static inline void nonogram_steps(pc_nonogram **gp, struct fz_in *in, int max)
{
    pc_nonogram *g = *gp, *k = NULL;
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    int steps = 0;
    while (fz_more(in) && steps++ < max) {
        uint32_t op = fz_u8(in) % 8;
        int32_t x = (int32_t)fz_u8(in) - 2, y = (int32_t)fz_u8(in) - 2, v = (int32_t)(fz_u8(in) % 11) - 1;
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
    *gp = g;
}

/* Pickerel: moves with arbitrary kinds and arguments; every loom bead lies on
 * the cloth. */
static inline void pickerel_steps(pc_pickerel **gp, struct fz_in *in, int max)
{
    pc_pickerel *g = *gp, *k = NULL;
    int steps = 0;
    while (fz_more(in) && steps++ < max) {
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
    *gp = g;
}

/* Snapper: rotate, move, drop, play and drain with arbitrary arguments; the
 * column heights stay on the board. */
static inline void snapper_steps(pc_snapper **gp, struct fz_in *in, int max)
{
    pc_snapper *g = *gp, *k = NULL;
    int steps = 0;
    while (fz_more(in) && steps++ < max) {
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
    *gp = g;
}

/* Patchwork: a listed move or any code; the legal list is empty exactly when
 * the game is over. */
static inline void patchwork_steps(pc_patchwork **gp, struct fz_in *in, int max)
{
    pc_patchwork *g = *gp, *k = NULL;
    static int32_t codes[PC_PATCHWORK_MAX_MOVES];
    int steps = 0;
    while (fz_more(in) && steps++ < max) {
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
    *gp = g;
}

/* Patchwork's referee protocol: the rest of in is bot output, one line per
 * '\n', each parsed by pc_patchwork_parse_command and played by
 * pc_patchwork_referee_step.  A refused line changes nothing; a played line
 * is a legal move (the same move applied to a clone gives the same save);
 * the message lies in the line. */
static inline void referee_steps(pc_patchwork *g, struct fz_in *in, int max)
{
    int32_t rs = pc_patchwork_ruleset(g);
    pc_patchwork *h = NULL;
    char err[128];
    const char *p = (const char *)in->p, *end = p + in->n;
    int steps = 0;
    while (p < end && steps < max) {
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
            SAME_SAVE(pc_patchwork_save, g, h);
        }
        free(s1);
        pc_patchwork_free(h);
        h = NULL;
        p += len;
        steps++;
    }
    in->n -= (size_t)(p - (const char *)in->p);
    in->p = (const uint8_t *)p;
}

/* The text of fn(g, <args>, buf, cap, &len) (size query, then write), or
 * NULL with the status in *rc. */
#define SK_PATH(rcp, outp, lenp, CALL_WITH_BUF)                                         \
    do {                                                                                 \
        char *buf = NULL;                                                                \
        size_t cap = 0, len = 0;                                                         \
        *(rcp) = CALL_WITH_BUF;                                                          \
        *(outp) = NULL;                                                                  \
        if (*(rcp) == PC_OK) {                                                           \
            size_t want = len;                                                           \
            cap = want + 1;                                                              \
            buf = malloc(cap);                                                           \
            FZ_CHECK(buf);                                                               \
            FZ_CHECK(CALL_WITH_BUF == PC_OK && len == want && buf[want] == '\0');        \
            *(outp) = buf;                                                               \
            *(lenp) = want;                                                              \
        }                                                                                \
    } while (0)

/* Sokoban through its typed API and its helpers for front ends: steps in any
 * direction (bad ones too), undo and redo by any unit (from the end of a
 * unit, undo then redo by it comes back to the same position), restart (the start board), a
 * walk to (x, y) (the path walks there without a push), a box pushed from
 * (bx, by) to (tx, ty) (the path brings it there with as many pushes as
 * upper-case letters), the reachable squares (the player's own among them,
 * the count agrees), the deadlock test (the marked cells are boxes) and any
 * LURD text (atomic).  A refused action changes nothing. */
static inline void sokoban_steps(pc_sokoban **gp, struct fz_in *in, int max)
{
    static uint8_t cells[PC_SOKOBAN_MAX_SIDE * PC_SOKOBAN_MAX_SIDE];
    pc_sokoban *g = *gp, *k = NULL, *k2 = NULL;
    int32_t w = pc_sokoban_width(g), h = pc_sokoban_height(g);
    size_t wh = (size_t)w * (size_t)h;
    char err[128];
    int steps = 0;
    while (fz_more(in) && steps++ < max) {
        uint32_t op = fz_u8(in) % 10;
        int32_t a = (int32_t)(fz_u8(in) % (uint32_t)(w + 2)) - 1, b = (int32_t)(fz_u8(in) % (uint32_t)(h + 2)) - 1;
        int32_t rc = PC_OK, n = -1;
        FZ_CHECK(pc_sokoban_clone(g, &k) == PC_OK);
        if (op <= 1) {
            int32_t pushed = -1;
            rc = pc_sokoban_step(g, a % 6 - 1, &pushed);
            FZ_CHECK(rc == PC_OK ? (pushed == 0 || pushed == 1) : (rc == PC_EILLEGAL || rc == PC_EINVAL));
        } else if (op <= 3) {
            int32_t unit = a % 4 - 1;
            rc = op == 2 ? pc_sokoban_undo_by(g, unit, &n) : pc_sokoban_redo_by(g, unit, &n);
            FZ_CHECK(rc == PC_OK ? n > 0 : (rc == PC_EILLEGAL || rc == PC_EINVAL));
            if (rc == PC_OK && op == 2) {
                /* redo by the same unit goes on to the unit's end (past where it
                 * started when that was inside one); from there undo then redo by
                 * the unit comes back exactly, with as many steps each way */
                int32_t n1 = -1, n2 = -1;
                FZ_CHECK(pc_sokoban_redo_by(g, unit, &n) == PC_OK);
                FZ_CHECK(pc_sokoban_clone(g, &k2) == PC_OK);
                FZ_CHECK(pc_sokoban_undo_by(g, unit, &n1) == PC_OK);
                FZ_CHECK(pc_sokoban_redo_by(g, unit, &n2) == PC_OK && n1 == n2);
                SAME_SAVE(pc_sokoban_save, g, k2);
                pc_sokoban_free(k2);
                k2 = NULL;
            }
        } else if (op == 4) {
            FZ_CHECK(pc_sokoban_restart(g) == PC_OK);
            char *s0, *s1;
            size_t n0, n1;
            SK_PATH(&rc, &s0, &n0, pc_sokoban_write(g, 0, buf, cap, &len));
            FZ_CHECK(rc == PC_OK);
            SK_PATH(&rc, &s1, &n1, pc_sokoban_write(g, 1, buf, cap, &len));
            FZ_CHECK(rc == PC_OK && fz_same(s0, n0, s1, n1));
            free(s0);
            free(s1);
        } else if (op == 5) {
            char *path;
            size_t pn = 0;
            int64_t pushes = pc_sokoban_pushes(g);
            SK_PATH(&rc, &path, &pn, pc_sokoban_walk_path(g, a, b, buf, cap, &len));
            if (rc == PC_OK) {
                FZ_CHECK(pc_sokoban_apply_lurd(g, path, pn, err, sizeof err) == PC_OK);
                int32_t px = -1, py = -1;
                FZ_CHECK(pc_sokoban_player(g, &px, &py) == PC_OK && px == a && py == b);
                FZ_CHECK(pc_sokoban_pushes(g) == pushes);
                free(path);
            } else {
                FZ_CHECK(rc == PC_ENOTFOUND || rc == PC_EINVAL);
            }
        } else if (op == 6) {
            int32_t tx = (int32_t)(fz_u8(in) % (uint32_t)(w + 2)) - 1, ty = (int32_t)(fz_u8(in) % (uint32_t)(h + 2)) - 1;
            char *path;
            size_t pn = 0;
            int64_t pushes = pc_sokoban_pushes(g);
            SK_PATH(&rc, &path, &pn, pc_sokoban_push_path(g, a, b, tx, ty, buf, cap, &len));
            if (rc == PC_OK) {
                int64_t upper = 0;
                for (size_t i = 0; i < pn; i++) upper += path[i] >= 'A' && path[i] <= 'Z';
                FZ_CHECK(pc_sokoban_apply_lurd(g, path, pn, err, sizeof err) == PC_OK);
                FZ_CHECK(pc_sokoban_cell(g, tx, ty) & PC_SOKOBAN_BOX);
                FZ_CHECK(pc_sokoban_pushes(g) == pushes + upper);
                free(path);
            } else {
                FZ_CHECK(rc == PC_ENOTFOUND || rc == PC_EINVAL);
            }
        } else if (op == 7) {
            int32_t count = -1, px = -1, py = -1, ones = 0;
            FZ_CHECK(pc_sokoban_reachable(g, cells, sizeof cells, &count) == PC_OK);
            FZ_CHECK(pc_sokoban_player(g, &px, &py) == PC_OK && cells[(size_t)py * (size_t)w + (size_t)px] == 1);
            for (size_t i = 0; i < wh; i++) ones += cells[i];
            FZ_CHECK(ones == count);
        } else if (op == 8) {
            int32_t kind = -1, dl = pc_sokoban_deadlock(g, cells, sizeof cells, &kind);
            FZ_CHECK(dl == 0 || dl == 1 || dl == PC_ENOMEM);
            if (dl == 1) {
                FZ_CHECK(kind >= PC_SOKOBAN_DEADLOCK_DEAD_SQUARE && kind <= PC_SOKOBAN_DEADLOCK_SEALED);
                for (int32_t y = 0; y < h; y++)
                    for (int32_t x = 0; x < w; x++)
                        if (cells[(size_t)y * (size_t)w + (size_t)x]) FZ_CHECK(pc_sokoban_cell(g, x, y) & PC_SOKOBAN_BOX);
            } else if (dl == 0) {
                FZ_CHECK(kind == PC_SOKOBAN_DEADLOCK_NONE);
            }
        } else {
            size_t len = (size_t)a & 15;
            if (len > in->n) len = in->n;
            rc = pc_sokoban_apply_lurd(g, (const char *)in->p, len, err, sizeof err);
            in->p += len;
            in->n -= len;
            FZ_CHECK(rc == PC_OK || rc == PC_EPARSE || rc == PC_EILLEGAL);
        }
        if (rc != PC_OK) SAME_SAVE(pc_sokoban_save, g, k);
        pc_sokoban_free(k);
        k = NULL;
        FZ_CHECK(pc_sokoban_boxes_on_goals(g) <= pc_sokoban_box_count(g));
        FZ_CHECK(pc_sokoban_is_solved(g) == (pc_sokoban_boxes_on_goals(g) == pc_sokoban_box_count(g)));
    }
    *gp = g;
}

#endif
