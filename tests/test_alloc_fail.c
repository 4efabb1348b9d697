/*
 * Allocation failure: every public call that allocates, in every game, is run
 * once with allocation k failing, for k = 1, 2, ... up to the call's total.
 * Each time the call must return PC_ENOMEM, leave the object it was given
 * exactly as it was (same save text), hand back no object, and leak nothing
 * (the test's allocator counts live blocks; ASan/LSan and valgrind check the
 * same in CI).  A call may also absorb a failure (an optional cache it can do
 * without): then it must give exactly the result of a run without failures.
 * pc_set_allocator itself: refused while blocks are live, half-NULL refused,
 * all-NULL restores the C library's allocator.
 */
#include <stdlib.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"
#include "tap.h"

/* ---- the test allocator: counts calls and live blocks, fails call number fail_at */
static long calls, fail_at, live;
static void *t_malloc(size_t n)
{
    if (fail_at && ++calls == fail_at) return NULL;
    void *p = malloc(n);
    if (p) live++;
    return p;
}
static void *t_realloc(void *p, size_t n)
{
    if (fail_at && ++calls == fail_at) return NULL;
    return realloc(p, n);
}
static void t_free(void *p)
{
    live--;
    free(p);
}
static void arm(long k) { calls = 0; fail_at = k; }
static long disarm(void) { fail_at = 0; return calls; }

/* ---- type-erased games ------------------------------------------------------- */
typedef int32_t (*save_fn)(const void *, char *, size_t, size_t *);
typedef int32_t (*clone_fn)(const void *, void **);
typedef void (*free_fn)(void *);
struct ops {
    save_fn save;
    clone_fn clone;
    free_fn free;
};
#define OPS(g) {(save_fn)pc_##g##_save, (clone_fn)pc_##g##_clone, (free_fn)pc_##g##_free}
static const struct ops NONO = OPS(nonogram), SOKO = OPS(sokoban), PICK = OPS(pickerel), SNAP = OPS(snapper),
                        PATCH = OPS(patchwork);
static int32_t coll_write(const void *c, char *b, size_t cap, size_t *n) { return pc_sokoban_collection_write(c, b, cap, n); }
static int32_t coll_clone(const void *c, void **out) { (void)c; *out = NULL; return PC_EINVAL; }
static void coll_free(void *c) { pc_sokoban_collection_free(c); }
static const struct ops COLL = {coll_write, coll_clone, coll_free};
/* a nonogram collection's text: every puzzle's save, one after the other */
static int32_t ncoll_text(const void *c, char *b, size_t cap, size_t *n)
{
    size_t len = 0;
    int32_t count = pc_nonogram_collection_count(c);
    if (count < 0) return count;
    for (int32_t i = 0; i < count; i++) {
        pc_nonogram *g = NULL;
        size_t k = 0;
        int32_t rc = pc_nonogram_collection_puzzle(c, i, &g);
        if (rc == PC_OK) rc = pc_nonogram_save(g, len < cap ? b + len : NULL, len < cap ? cap - len : 0, &k);
        pc_nonogram_free(g);
        if (rc != PC_OK && rc != PC_ESPACE) return rc;
        len += k;
    }
    *n = len;
    return len < cap ? PC_OK : PC_ESPACE;
}
static void ncoll_free(void *c) { pc_nonogram_collection_free(c); }
static const struct ops NCOLL = {ncoll_text, coll_clone, ncoll_free};
static int32_t rng_text(const void *r, char *b, size_t cap, size_t *n)
{
    uint64_t s[4];
    pc_rng_get_state(r, s);
    int m = snprintf(b, cap, "%llx %llx %llx %llx", (unsigned long long)s[0], (unsigned long long)s[1],
                     (unsigned long long)s[2], (unsigned long long)s[3]);
    *n = (size_t)m;
    return (size_t)m < cap ? PC_OK : PC_ESPACE;
}
static const struct ops RNG = {rng_text, (clone_fn)pc_rng_clone, (free_fn)pc_rng_free};

/* save text with the plain allocator (fail_at is 0 whenever this runs) */
static char *text_of(const struct ops *o, const void *g)
{
    size_t n = 0;
    if (!g) return NULL;
    int32_t rc = o->save(g, NULL, 0, &n);
    if (rc != PC_ESPACE && rc != PC_OK) return NULL;
    char *b = malloc(n + 1);
    if (o->save(g, b, n + 1, &n) != PC_OK) {
        free(b);
        return NULL;
    }
    return b;
}
static int same(const char *a, const char *b) { return (!a && !b) || (a && b && strcmp(a, b) == 0); }

/* One case: `make` builds the object the call is given (NULL for a
 * constructor), `call` is the public call; `in` is the object's kind, `out`
 * the kind of the object the call creates (or NULL). */
struct tcase {
    const char *name;
    const struct ops *in, *out;
    void *(*make)(void);
    int32_t (*call)(void *g, void **out);
};

static void run_case(const struct tcase *tc)
{
    void *base = tc->make ? tc->make() : NULL;
    if (tc->make && !base) {
        ok(0, "%s: fixture", tc->name);
        return;
    }
    char *s0 = tc->in ? text_of(tc->in, base) : NULL;
    /* the reference run */
    void *g = NULL, *out = NULL;
    int shared = tc->in == &COLL || tc->in == &NCOLL; /* no clone: the calls on it are const */
    if (base && shared) g = base;
    else if (base) tc->in->clone(base, &g);
    int32_t ref = tc->call(g, &out);
    char *ref_g = tc->in ? text_of(tc->in, g) : NULL, *ref_out = tc->out ? text_of(tc->out, out) : NULL;
    if (g && !shared) tc->in->free(g);
    if (out) tc->out->free(out);
    long k, total = 0, absorbed = 0;
    int bad = 0;
    for (k = 1; k < 200000 && !bad; k++) {
        g = NULL;
        out = NULL;
        if (base && shared) g = base;
        else if (base && tc->in->clone(base, &g) != PC_OK) {
            bad = 1;
            diag("clone failed");
            break;
        }
        long live0 = live;
        arm(k);
        int32_t rc = tc->call(g, &out);
        long used = disarm();
        if (used < k) {
            /* no k-th allocation: the call ran through */
            total = k - 1;
            if (rc != ref) {
                bad = 1;
                fprintf(stderr, "# %s: k=%ld: unarmed run gave %d, reference %d\n", tc->name, k, (int)rc, (int)ref);
            }
            if (out) tc->out->free(out);
            if (g && !shared) tc->in->free(g);
            break;
        }
        char *sg = tc->in ? text_of(tc->in, g) : NULL;
        if (rc == PC_ENOMEM) {
            if (!same(sg, s0)) {
                bad = 1;
                fprintf(stderr, "# %s: k=%ld: PC_ENOMEM but the object changed\n", tc->name, k);
            }
            if (out) {
                bad = 1;
                fprintf(stderr, "# %s: k=%ld: PC_ENOMEM but an object came out\n", tc->name, k);
                tc->out->free(out);
                out = NULL;
            }
        } else {
            char *so = tc->out ? text_of(tc->out, out) : NULL;
            if (rc != ref || !same(sg, ref_g) || !same(so, ref_out)) {
                bad = 1;
                fprintf(stderr, "# %s: k=%ld of %ld: allocation failed, call gave %d (%s), reference %d\n",
                        tc->name, k, used, (int)rc, pc_strerror(rc), (int)ref);
            }
            absorbed++;
            free(so);
            if (out) tc->out->free(out);
        }
        free(sg);
        if (g && !shared) tc->in->free(g);
        (void)live0;
    }
    free(s0);
    free(ref_g);
    free(ref_out);
    if (base) tc->in->free(base);
    ok(!bad && live == 0 && ref >= 0, "%s: %ld allocations, each failed in turn: PC_ENOMEM, unchanged%s, no leak (%ld absorbed)",
       tc->name, total, tc->in ? "" : " (constructor)", absorbed);
    if (ref < 0) fprintf(stderr, "# %s: the reference run gave %d\n", tc->name, (int)ref);
    if (live != 0) {
        fprintf(stderr, "# %s: %ld blocks live after the case\n", tc->name, live);
        live = 0; /* report once */
    }
}

/* ---- fixtures --------------------------------------------------------------------- */
static const char NONO_TXT[] = "puzzlecore-nonogram 1\nid heart\nsize 5x5\nxp 3\nsolution 0101011111111110111000100\n"
                               "title en Heart\ngrid #x.......................\n";
static const char SOKO_LEVEL[] = "; 2\n######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n";
static const char SOKO_COLL[] = "; one\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n"
                                "; two\n######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n";
static void *mk_nono(void)
{
    pc_nonogram *g = NULL;
    pc_nonogram_load(NONO_TXT, sizeof NONO_TXT - 1, NULL, 0, &g);
    return g;
}
static void *mk_soko(void)
{
    pc_sokoban *g = NULL;
    pc_sokoban_new(SOKO_LEVEL, sizeof SOKO_LEVEL - 1, NULL, 0, &g);
    if (g) pc_sokoban_apply_lurd(g, "ul", 2, NULL, 0); /* the player ends at (2, 1) */
    return g;
}
static const char NONO_BUNDLE[] = "title \"Bw\"\ncatalogue \"c-1\"\nwidth 2\nheight 1\nrows\n1\ncolumns\n1\n0\n====\n"
                                  "title \"Two colours\"\nwidth 3\nheight 2\ncolor a #ff0000\ncolor b #0000ff blue\n"
                                  "rows\n1a,2b\n1b\ncolumns\n1a\n2b\n1b\ngoal \"abb0b0\"\n";
static void *mk_ncoll(void)
{
    pc_nonogram_collection *c = NULL;
    pc_nonogram_collection_parse(NONO_BUNDLE, sizeof NONO_BUNDLE - 1, PC_NONOGRAM_FORMAT_AUTO, NULL, 0, &c);
    return c;
}
static void *mk_coll(void)
{
    pc_sokoban_collection *c = NULL;
    pc_sokoban_collection_parse(SOKO_COLL, sizeof SOKO_COLL - 1, NULL, 0, &c);
    return c;
}
static void *mk_pick(void)
{
    pc_pickerel *g = NULL;
    pc_pickerel_new(4, 11, PC_PICKEREL_OPT_LOOM_BEADS, &g);
    int32_t mv[4] = {PC_PICKEREL_MOVE_WEAVE, 0, 0, 0};
    if (g) pc_pickerel_play(g, mv);
    return g;
}
static void *mk_snap(void)
{
    pc_snapper *g = NULL;
    pc_snapper_new(0, 5, &g);
    if (g) pc_snapper_play(g, 2, 1);
    return g;
}
static void *mk_patch(void)
{
    pc_patchwork *g = NULL;
    pc_patchwork_new(4, 9, &g);
    int32_t code;
    for (int i = 0; g && i < 6 && pc_patchwork_baseline_move(g, &code) == PC_OK; i++) pc_patchwork_apply(g, code);
    return g;
}
static void *mk_rng(void)
{
    pc_rng *r = NULL;
    pc_rng_new(3, &r);
    return r;
}
/* texts of the fixtures, made in main() */
static char *pick_txt, *snap_txt, *patch_txt, *soko_txt, *tatham_txt, *xml_txt;
static int32_t export_tatham(const void *g, char *b, size_t c, size_t *n) { return pc_nonogram_export(g, PC_NONOGRAM_FORMAT_TATHAM, b, c, n); }
static int32_t export_xml_v(const void *g, char *b, size_t c, size_t *n) { return pc_nonogram_export(g, PC_NONOGRAM_FORMAT_XML, b, c, n); }
static const struct ops TATHAM = {export_tatham, NULL, NULL}, XMLX = {export_xml_v, NULL, NULL};

/* ---- the calls -------------------------------------------------------------------- */
/* a text-out call: succeeds into a fresh buffer (the library may build the text
 * in a block of its own) */
#define TEXT_CALL(fn, T)                                                                   \
    static int32_t c_##fn(void *g, void **out)                                             \
    {                                                                                      \
        (void)out;                                                                         \
        size_t n = 0;                                                                      \
        int32_t rc = fn((const T *)g, NULL, 0, &n);                                        \
        if (rc != PC_OK) return rc;                                                        \
        char *b = malloc(n + 1);                                                           \
        rc = fn((const T *)g, b, n + 1, &n);                                               \
        free(b);                                                                           \
        return rc;                                                                         \
    }
TEXT_CALL(pc_nonogram_save, pc_nonogram)
TEXT_CALL(pc_nonogram_write_record, pc_nonogram)
TEXT_CALL(pc_sokoban_save, pc_sokoban)
TEXT_CALL(pc_sokoban_lurd, pc_sokoban)
TEXT_CALL(pc_sokoban_collection_write, pc_sokoban_collection)
TEXT_CALL(pc_pickerel_save, pc_pickerel)
TEXT_CALL(pc_pickerel_render, pc_pickerel)
TEXT_CALL(pc_snapper_save, pc_snapper)
TEXT_CALL(pc_snapper_render, pc_snapper)
TEXT_CALL(pc_patchwork_save, pc_patchwork)
TEXT_CALL(pc_patchwork_turn_input, pc_patchwork)
TEXT_CALL(pc_patchwork_referee_input, pc_patchwork)
static int32_t export_non(const pc_nonogram *g, char *b, size_t c, size_t *n) { return pc_nonogram_export(g, PC_NONOGRAM_FORMAT_NON, b, c, n); }
static int32_t export_xml(const pc_nonogram *g, char *b, size_t c, size_t *n) { return pc_nonogram_export(g, PC_NONOGRAM_FORMAT_XML, b, c, n); }
TEXT_CALL(export_non, pc_nonogram)
TEXT_CALL(export_xml, pc_nonogram)

/* nonogram */
static int32_t c_nono_load(void *g, void **out) { (void)g; return pc_nonogram_load(NONO_TXT, sizeof NONO_TXT - 1, NULL, 0, (pc_nonogram **)out); }
static int32_t c_nono_from_solution(void *g, void **out)
{
    (void)g;
    return pc_nonogram_new_from_solution(5, 5, "0101011111111110111000100", 25, NULL, 0, (pc_nonogram **)out);
}
static int32_t c_nono_from_clues(void *g, void **out)
{
    (void)g;
    const int32_t rc[] = {1, 1, 1, 1, 1}, rcl[] = {1, 1, 1, 1, 1}, cc[] = {1, 1, 1, 1, 1}, ccl[] = {1, 1, 1, 1, 1};
    return pc_nonogram_new_from_clues(5, 5, rc, rcl, cc, ccl, NULL, 0, (pc_nonogram **)out);
}
static int32_t c_nono_clone(void *g, void **out) { return pc_nonogram_clone(g, (pc_nonogram **)out); }
static int32_t c_nono_set_title(void *g, void **out) { (void)out; return pc_nonogram_set_title(g, "pt-BR", "Coração", 8); }
static int32_t c_nono_set_id(void *g, void **out) { (void)out; return pc_nonogram_set_id(g, "another-id", 10); }
static int32_t c_nono_set_cell(void *g, void **out) { (void)out; return pc_nonogram_set_cell(g, 2, 2, 1); }
static int32_t c_nono_set_rect(void *g, void **out) { (void)out; return pc_nonogram_set_rect(g, 1, 1, 3, 2, 2); }
static int32_t c_nono_solve(void *g, void **out)
{
    (void)out;
    uint8_t sol[50];
    return pc_nonogram_solve(g, 2, NULL, sol, sizeof sol, NULL, 0);
}
static int32_t c_nono_grade(void *g, void **out) { (void)out; return pc_nonogram_grade(g, NULL, NULL, 0); }
static int32_t c_nono_hint(void *g, void **out) { (void)out; int32_t x, y, v; return pc_nonogram_hint(g, NULL, &x, &y, &v, NULL, NULL); }
/* the colour hint on a black-and-white puzzle: it builds the clue colours itself */
static int32_t c_nono_hint_colour(void *g, void **out) { (void)out; int32_t x, y, v; return pc_nonogram_hint_colour(g, NULL, &x, &y, &v, NULL, NULL); }
static int32_t c_nono_consistent(void *g, void **out) { (void)out; return pc_nonogram_consistent(g, NULL); }
static int32_t c_nono_mistakes(void *g, void **out) { (void)out; uint8_t m[25]; return pc_nonogram_mistakes(g, m, 25); }
static int32_t c_nono_generate(void *g, void **out) { (void)g; return pc_nonogram_generate(6, 5, 7, PC_NONOGRAM_GRADE_LINE, NULL, (pc_nonogram **)out); }
static int32_t c_nono_import(void *g, void **out)
{
    (void)g;
    return pc_nonogram_import(tatham_txt, strlen(tatham_txt), PC_NONOGRAM_FORMAT_TATHAM, 0, NULL, 0,
                              (pc_nonogram **)out);
}
static int32_t c_nono_import_xml(void *g, void **out)
{
    (void)g;
    return pc_nonogram_import(xml_txt, strlen(xml_txt), PC_NONOGRAM_FORMAT_XML, 0, NULL, 0, (pc_nonogram **)out);
}
/* sokoban */
static int32_t c_soko_new(void *g, void **out) { (void)g; return pc_sokoban_new(SOKO_LEVEL, sizeof SOKO_LEVEL - 1, NULL, 0, (pc_sokoban **)out); }
static int32_t c_soko_clone(void *g, void **out) { return pc_sokoban_clone(g, (pc_sokoban **)out); }
static int32_t c_soko_step(void *g, void **out) { (void)out; return pc_sokoban_step(g, PC_SOKOBAN_RIGHT, NULL); }
static int32_t c_soko_lurd(void *g, void **out) { (void)out; return pc_sokoban_apply_lurd(g, "rrdlr", 5, NULL, 0); }
static int32_t c_soko_load(void *g, void **out)
{
    (void)g;
    return pc_sokoban_load(soko_txt, strlen(soko_txt), NULL, 0, (pc_sokoban **)out);
}
static int32_t soko_solve(void *g, int32_t mode)
{
    pc_sokoban_result *r = NULL;
    int32_t rc = pc_sokoban_solve(g, mode, NULL, &r);
    pc_sokoban_result_free(r);
    return rc;
}
static int32_t c_soko_solve(void *g, void **out)
{
    (void)out;
    return soko_solve(g, PC_SOKOBAN_PUSHES);
}
/* The fast mode (learned patterns, packing macros, PI-corrals ...): a room of
 * 18 x 15 = 270 floor squares, beyond the optimal solver's 255, so
 * PC_SOKOBAN_ANY runs the fast search alone. */
static void *mk_soko_big(void)
{
    char t[21 * 17 + 1];
    size_t n = 0;
    for (int y = 0; y < 17; y++) {
        for (int x = 0; x < 20; x++)
            t[n++] = (y == 0 || y == 16 || x == 0 || x == 19) ? '#'
                     : (x == 2 && y == 2) ? '@' : (x == 5 && y == 5) ? '$' : (x == 9 && y == 7) ? '.' : ' ';
        t[n++] = '\n';
    }
    pc_sokoban *g = NULL;
    pc_sokoban_new(t, n, NULL, 0, &g);
    return g;
}
static int32_t c_soko_solve_any(void *g, void **out)
{
    (void)out;
    return soko_solve(g, PC_SOKOBAN_ANY);
}
/* The same, then the second pass (lib/sokoban/shorten.c): a failure in the
 * pass keeps the fast solution (PC_OK, absorbed), one in the search fails
 * the call cleanly. */
static int32_t c_soko_solve_short(void *g, void **out)
{
    (void)out;
    return soko_solve(g, PC_SOKOBAN_SHORT);
}
/* A 16 x 16 puzzle whose search (two solutions asked) learns 11 nogoods from
 * failed probes in 18 nodes: the learning's store and watch lists allocate. */
static void *mk_nono_learn(void)
{
    static const char pic[] = "010011110101011100100101011001111000100100100110100000001100001000100100011000101101000000000011"
                              "111000111000101000011000111101100000000100001010001000001100000100110110001000000110011011001001"
                              "0110000011000000111001111101111011100110000001111001010110100000";
    pc_nonogram *g = NULL;
    pc_nonogram_new_from_solution(16, 16, pic, 256, NULL, 0, &g);
    return g;
}
static int32_t c_nono_solve_learn(void *g, void **out)
{
    (void)out;
    static uint8_t sols[2 * 256];
    return pc_nonogram_solve(g, 2, NULL, sols, sizeof sols, NULL, 0);
}
static int32_t c_ncoll_parse(void *g, void **out)
{
    (void)g;
    return pc_nonogram_collection_parse(NONO_BUNDLE, sizeof NONO_BUNDLE - 1, PC_NONOGRAM_FORMAT_AUTO, NULL, 0,
                                        (pc_nonogram_collection **)out);
}
static int32_t c_ncoll_puzzle(void *g, void **out) { return pc_nonogram_collection_puzzle(g, 1, (pc_nonogram **)out); }
static int32_t c_ncoll_puzzle0(void *g, void **out) { return pc_nonogram_collection_puzzle(g, 0, (pc_nonogram **)out); }
static int32_t c_coll_parse(void *g, void **out) { (void)g; return pc_sokoban_collection_parse(SOKO_COLL, sizeof SOKO_COLL - 1, NULL, 0, (pc_sokoban_collection **)out); }
static int32_t c_coll_level(void *c, void **out)
{
    pc_sokoban *g = NULL;
    int32_t rc = pc_sokoban_collection_level(c, 1, &g);
    pc_sokoban_free(g);
    (void)out;
    return rc;
}
/* pickerel */
static int32_t c_pick_new(void *g, void **out) { (void)g; return pc_pickerel_new(9, 4, PC_PICKEREL_OPT_LOOM_BEADS, (pc_pickerel **)out); }
static int32_t c_pick_deal(void *g, void **out)
{
    (void)g;
    const int32_t col[] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1}, len[] = {5, 6, 7, 8, 9, 2, 3, 4, 5, 6};
    return pc_pickerel_new_deal(1, 3, 0, col, len, 10, (pc_pickerel **)out);
}
static int32_t c_pick_clone(void *g, void **out) { return pc_pickerel_clone(g, (pc_pickerel **)out); }
static int32_t c_pick_play(void *g, void **out)
{
    (void)out;
    int32_t mv[4] = {PC_PICKEREL_MOVE_WEAVE, 1, 0, 0};
    return pc_pickerel_play(g, mv);
}
static int32_t c_pick_load(void *g, void **out)
{
    (void)g;
    const char *t = pick_txt;
    int32_t rc = pc_pickerel_load(t, strlen(t), NULL, 0, (pc_pickerel **)out);
    return rc;
}
static int32_t c_pick_suggest(void *g, void **out)
{
    (void)out;
    int32_t mv[4];
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 20;
    return pc_pickerel_suggest(g, &b, mv);
}
/* snapper */
static int32_t c_snap_new(void *g, void **out) { (void)g; return pc_snapper_new(1, 8, (pc_snapper **)out); }
static int32_t c_snap_list(void *g, void **out)
{
    (void)g;
    static const char t[] = "NESW:2131 NESW:2122 NESW:1111";
    return pc_snapper_new_list(t, sizeof t - 1, 3, NULL, 0, (pc_snapper **)out);
}
static int32_t c_snap_clone(void *g, void **out) { return pc_snapper_clone(g, (pc_snapper **)out); }
static int32_t c_snap_play(void *g, void **out) { (void)out; return pc_snapper_play(g, 0, 1); }
static int32_t c_snap_drop(void *g, void **out) { (void)out; return pc_snapper_drop(g); }
static int32_t c_snap_load(void *g, void **out)
{
    (void)g;
    const char *t = snap_txt;
    int32_t rc = pc_snapper_load(t, strlen(t), NULL, 0, (pc_snapper **)out);
    return rc;
}
static int32_t c_snap_suggest(void *g, void **out)
{
    (void)out;
    int32_t m, c, t;
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 60;
    return pc_snapper_suggest(g, &b, &m, &c, &t, NULL);
}
/* patchwork */
static int32_t c_patch_new(void *g, void **out) { (void)g; return pc_patchwork_new(10, 2, (pc_patchwork **)out); }
static int32_t c_patch_clone(void *g, void **out) { return pc_patchwork_clone(g, (pc_patchwork **)out); }
static int32_t c_patch_apply(void *g, void **out)
{
    (void)out;
    int32_t code;
    if (pc_patchwork_baseline_move(g, &code) != PC_OK) return PC_EINVAL;
    return pc_patchwork_apply(g, code);
}
static int32_t c_patch_step(void *g, void **out) { (void)out; return pc_patchwork_referee_step(g, "SKIP\n", 5, NULL, NULL, NULL, 0); }
static int32_t c_patch_load(void *g, void **out)
{
    (void)g;
    const char *t = patch_txt;
    int32_t rc = pc_patchwork_load(t, strlen(t), NULL, 0, (pc_patchwork **)out);
    return rc;
}
static int32_t c_patch_suggest(void *g, void **out)
{
    (void)out;
    int32_t code;
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 6;
    b.seed = 1;
    return pc_patchwork_suggest(g, &b, &code);
}
static int32_t c_patch_legal(void *g, void **out)
{
    (void)out;
    static int32_t codes[PC_PATCHWORK_MAX_MOVES];
    size_t n;
    return pc_patchwork_legal_moves(g, codes, PC_PATCHWORK_MAX_MOVES, &n);
}
/* rng */
static int32_t c_rng_new(void *g, void **out) { (void)g; return pc_rng_new(5, (pc_rng **)out); }
static int32_t c_rng_clone(void *g, void **out) { return pc_rng_clone(g, (pc_rng **)out); }


/* ---- pc_game, every kind ------------------------------------------------------- */
static int32_t game_save(const void *g, char *b, size_t c, size_t *n) { return pc_game_save(g, b, c, n); }
static int32_t game_clone(const void *g, void **out) { return pc_game_clone(g, (pc_game **)out); }
static void game_free(void *g) { pc_game_free(g); }
static const struct ops GAME = {game_save, game_clone, game_free};
enum { KINDS = 5 };
static const char *const game_params[KINDS] = {
    "size=4x4", "level=4 loom_beads=1", "preset=1", "level=#######|#.--$-#|#-##--#|#--@$.#|#######", "league=4"};
static int32_t kind; /* the kind the game cases run on */
static char *game_txt[KINDS], *game_move[KINDS];
static void *mk_game(void)
{
    pc_game *g = NULL;
    pc_game_new(pc_game_kind_name(kind), game_params[kind], 3, &g);
    return g;
}
static void *mk_game_played(void)
{
    pc_game *g = mk_game();
    if (g && pc_game_play(g, game_move[kind], strlen(game_move[kind])) != PC_OK) {
        pc_game_free(g);
        g = NULL;
    }
    return g;
}
static void *mk_game_undone(void)
{
    pc_game *g = mk_game_played();
    if (g) pc_game_undo(g);
    return g;
}
static int32_t c_game_new(void *g, void **out) { (void)g; return pc_game_new(pc_game_kind_name(kind), game_params[kind], 3, (pc_game **)out); }
static int32_t c_game_validate(void *g, void **out)
{
    (void)g;
    (void)out;
    char err[128];
    return pc_game_validate(pc_game_kind_name(kind), game_params[kind], err, sizeof err);
}
static int32_t c_game_load(void *g, void **out) { (void)g; return pc_game_load(game_txt[kind], strlen(game_txt[kind]), NULL, 0, (pc_game **)out); }
static int32_t c_game_clone(void *g, void **out) { return pc_game_clone(g, (pc_game **)out); }
static int32_t c_game_play(void *g, void **out) { (void)out; return pc_game_play(g, game_move[kind], strlen(game_move[kind])); }
static int32_t c_game_undo(void *g, void **out) { (void)out; return pc_game_undo(g); }
static int32_t c_game_redo(void *g, void **out) { (void)out; return pc_game_redo(g); }
static int32_t game_suggest(const pc_game *g, char *b, size_t c, size_t *n)
{
    pc_budget bu;
    pc_budget_init(&bu, sizeof bu);
    bu.max_nodes = 40;
    bu.seed = 5;
    return pc_game_suggest(g, &bu, b, c, n);
}
TEXT_CALL(pc_game_save, pc_game)
TEXT_CALL(pc_game_moves, pc_game)
TEXT_CALL(pc_game_render, pc_game)
TEXT_CALL(game_suggest, pc_game)
static const struct tcase game_cases[] = {
    {"pc_game_validate", NULL, NULL, NULL, c_game_validate},
    {"pc_game_new", NULL, &GAME, NULL, c_game_new},
    {"pc_game_load", NULL, &GAME, NULL, c_game_load},
    {"pc_game_clone", &GAME, &GAME, mk_game, c_game_clone},
    {"pc_game_play", &GAME, NULL, mk_game, c_game_play},
    {"pc_game_undo", &GAME, NULL, mk_game_played, c_game_undo},
    {"pc_game_redo", &GAME, NULL, mk_game_undone, c_game_redo},
    {"pc_game_save", &GAME, NULL, mk_game, c_pc_game_save},
    {"pc_game_moves", &GAME, NULL, mk_game, c_pc_game_moves},
    {"pc_game_render", &GAME, NULL, mk_game, c_pc_game_render},
    {"pc_game_suggest", &GAME, NULL, mk_game, c_game_suggest},
};

/* ---- the Patchwork reader: fed a turn but its last line; the call feeds that
 * line (the turn completes: the game is rebuilt).  No clone: a copy is the
 * same prefix fed to a new reader. */
static char *turn_txt;
static size_t turn_cut; /* the start of the turn's last line */
static int32_t reader_text(const void *r, char *b, size_t cap, size_t *n)
{
    pc_patchwork *g = NULL;
    char save[4096] = "";
    size_t sn = 0;
    if (pc_patchwork_reader_game(r, &g) == PC_OK) pc_patchwork_save(g, save, sizeof save, &sn);
    pc_patchwork_free(g);
    int m = snprintf(b, cap, "ready %d seat %d\n%s", (int)pc_patchwork_reader_ready(r), (int)pc_patchwork_reader_seat(r),
                     save);
    *n = (size_t)m;
    return (size_t)m < cap ? PC_OK : PC_ESPACE;
}
static int32_t reader_copy(const void *r, void **out)
{
    (void)r;
    pc_patchwork_reader *x = NULL;
    int32_t rc = pc_patchwork_reader_new(4, &x);
    for (size_t a = 0; rc == PC_OK && a < turn_cut;) {
        const char *nl = memchr(turn_txt + a, '\n', turn_cut - a);
        size_t e = nl ? (size_t)(nl - turn_txt) + 1 : turn_cut;
        rc = pc_patchwork_reader_line(x, turn_txt + a, e - a, NULL, NULL, 0);
        a = e;
    }
    if (rc == PC_OK && r && pc_patchwork_reader_ready(r) == 1) /* the turn's last line too */
        rc = pc_patchwork_reader_line(x, turn_txt + turn_cut, strlen(turn_txt + turn_cut), NULL, NULL, 0);
    if (rc != PC_OK) {
        pc_patchwork_reader_free(x);
        return rc;
    }
    *out = x;
    return PC_OK;
}
static void reader_free(void *r) { pc_patchwork_reader_free(r); }
static const struct ops READER = {reader_text, reader_copy, reader_free};
static void *mk_reader(void)
{
    void *r = NULL;
    reader_copy(NULL, &r);
    return r;
}
static int32_t c_reader_new(void *g, void **out) { (void)g; return pc_patchwork_reader_new(4, (pc_patchwork_reader **)out); }
static int32_t c_reader_line(void *r, void **out)
{
    (void)out;
    int32_t ready = 0;
    int32_t rc = pc_patchwork_reader_line(r, turn_txt + turn_cut, strlen(turn_txt + turn_cut), &ready, NULL, 0);
    return rc == PC_OK && !ready ? PC_EILLEGAL : rc; /* the line completes the turn */
}
static int32_t c_reader_game(void *r, void **out)
{
    (void)out;
    pc_patchwork *g = NULL;
    int32_t rc = pc_patchwork_reader_game(r, &g);
    pc_patchwork_free(g);
    return rc;
}
static void *mk_reader_ready(void)
{
    pc_patchwork_reader *r = mk_reader();
    if (r && c_reader_line(r, NULL) != PC_OK) {
        pc_patchwork_reader_free(r);
        r = NULL;
    }
    return r;
}

/* ---- more calls that allocate -------------------------------------------------- */
static int32_t c_nono_solve_clues(void *g, void **out)
{
    (void)g;
    (void)out;
    static const int32_t counts[5] = {1, 1, 1, 1, 1}, clues[5] = {1, 1, 1, 1, 1};
    uint8_t sols[2 * 25];
    int64_t stats[PC_NONOGRAM_STAT_COUNT];
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_nodes = 50;
    return pc_nonogram_solve_clues(5, 5, counts, clues, counts, clues, NULL, 2, &b, sols, sizeof sols, stats, PC_NONOGRAM_STAT_COUNT);
}
static int32_t c_nono_import_count(void *g, void **out)
{
    (void)g;
    (void)out;
    return pc_nonogram_import_count(xml_txt, strlen(xml_txt), PC_NONOGRAM_FORMAT_AUTO, NULL, 0);
}
static int32_t c_soko_level_index(void *g, void **out)
{
    (void)out;
    double ci = 0;
    int64_t p = 0, i = 0;
    return pc_sokoban_level_index(g, NULL, &ci, &p, &i);
}
static int32_t c_soko_write(void *g, void **out)
{
    (void)out;
    char b[512];
    size_t n;
    return pc_sokoban_write(g, 0, b, sizeof b, &n);
}

static const struct tcase cases[] = {
    {"pc_rng_new", NULL, &RNG, NULL, c_rng_new},
    {"pc_rng_clone", &RNG, &RNG, mk_rng, c_rng_clone},
    {"pc_nonogram_load", NULL, &NONO, NULL, c_nono_load},
    {"pc_nonogram_new_from_solution", NULL, &NONO, NULL, c_nono_from_solution},
    {"pc_nonogram_new_from_clues", NULL, &NONO, NULL, c_nono_from_clues},
    {"pc_nonogram_clone", &NONO, &NONO, mk_nono, c_nono_clone},
    {"pc_nonogram_set_title", &NONO, NULL, mk_nono, c_nono_set_title},
    {"pc_nonogram_set_id", &NONO, NULL, mk_nono, c_nono_set_id},
    {"pc_nonogram_set_cell", &NONO, NULL, mk_nono, c_nono_set_cell},
    {"pc_nonogram_set_rect", &NONO, NULL, mk_nono, c_nono_set_rect},
    {"pc_nonogram_save", &NONO, NULL, mk_nono, c_pc_nonogram_save},
    {"pc_nonogram_write_record", &NONO, NULL, mk_nono, c_pc_nonogram_write_record},
    {"pc_nonogram_export (non)", &NONO, NULL, mk_nono, c_export_non},
    {"pc_nonogram_export (xml)", &NONO, NULL, mk_nono, c_export_xml},
    {"pc_nonogram_import (tatham)", NULL, &NONO, NULL, c_nono_import},
    {"pc_nonogram_import (xml)", NULL, &NONO, NULL, c_nono_import_xml},
    {"pc_nonogram_solve", &NONO, NULL, mk_nono, c_nono_solve},
    {"pc_nonogram_solve (search learning nogoods)", &NONO, NULL, mk_nono_learn, c_nono_solve_learn},
    {"pc_nonogram_grade", &NONO, NULL, mk_nono, c_nono_grade},
    {"pc_nonogram_hint", &NONO, NULL, mk_nono, c_nono_hint},
    {"pc_nonogram_hint_colour (black and white)", &NONO, NULL, mk_nono, c_nono_hint_colour},
    {"pc_nonogram_consistent", &NONO, NULL, mk_nono, c_nono_consistent},
    {"pc_nonogram_mistakes", &NONO, NULL, mk_nono, c_nono_mistakes},
    {"pc_nonogram_generate", NULL, &NONO, NULL, c_nono_generate},
    {"pc_sokoban_new", NULL, &SOKO, NULL, c_soko_new},
    {"pc_sokoban_load", NULL, &SOKO, NULL, c_soko_load},
    {"pc_sokoban_clone", &SOKO, &SOKO, mk_soko, c_soko_clone},
    {"pc_sokoban_step", &SOKO, NULL, mk_soko, c_soko_step},
    {"pc_sokoban_apply_lurd", &SOKO, NULL, mk_soko, c_soko_lurd},
    {"pc_sokoban_save", &SOKO, NULL, mk_soko, c_pc_sokoban_save},
    {"pc_sokoban_lurd", &SOKO, NULL, mk_soko, c_pc_sokoban_lurd},
    {"pc_sokoban_solve", &SOKO, NULL, mk_soko, c_soko_solve},
    {"pc_sokoban_solve (PC_SOKOBAN_ANY: the fast mode alone)", &SOKO, NULL, mk_soko_big, c_soko_solve_any},
    {"pc_sokoban_solve (PC_SOKOBAN_SHORT: the fast mode, then the second pass)", &SOKO, NULL, mk_soko_big,
     c_soko_solve_short},
    {"pc_sokoban_collection_parse", NULL, &COLL, NULL, c_coll_parse},
    {"pc_nonogram_collection_parse", NULL, &NCOLL, NULL, c_ncoll_parse},
    {"pc_nonogram_collection_puzzle (colour)", &NCOLL, &NONO, mk_ncoll, c_ncoll_puzzle},
    {"pc_nonogram_collection_puzzle (black and white)", &NCOLL, &NONO, mk_ncoll, c_ncoll_puzzle0},
    {"pc_sokoban_collection_level", &COLL, NULL, mk_coll, c_coll_level},
    {"pc_sokoban_collection_write", &COLL, NULL, mk_coll, c_pc_sokoban_collection_write},
    {"pc_pickerel_new", NULL, &PICK, NULL, c_pick_new},
    {"pc_pickerel_new_deal", NULL, &PICK, NULL, c_pick_deal},
    {"pc_pickerel_clone", &PICK, &PICK, mk_pick, c_pick_clone},
    {"pc_pickerel_load", &PICK, &PICK, mk_pick, c_pick_load},
    {"pc_pickerel_play", &PICK, NULL, mk_pick, c_pick_play},
    {"pc_pickerel_save", &PICK, NULL, mk_pick, c_pc_pickerel_save},
    {"pc_pickerel_render", &PICK, NULL, mk_pick, c_pc_pickerel_render},
    {"pc_pickerel_suggest", &PICK, NULL, mk_pick, c_pick_suggest},
    {"pc_snapper_new", NULL, &SNAP, NULL, c_snap_new},
    {"pc_snapper_new_list", NULL, &SNAP, NULL, c_snap_list},
    {"pc_snapper_clone", &SNAP, &SNAP, mk_snap, c_snap_clone},
    {"pc_snapper_load", &SNAP, &SNAP, mk_snap, c_snap_load},
    {"pc_snapper_play", &SNAP, NULL, mk_snap, c_snap_play},
    {"pc_snapper_drop", &SNAP, NULL, mk_snap, c_snap_drop},
    {"pc_snapper_save", &SNAP, NULL, mk_snap, c_pc_snapper_save},
    {"pc_snapper_render", &SNAP, NULL, mk_snap, c_pc_snapper_render},
    {"pc_snapper_suggest", &SNAP, NULL, mk_snap, c_snap_suggest},
    {"pc_patchwork_new", NULL, &PATCH, NULL, c_patch_new},
    {"pc_patchwork_clone", &PATCH, &PATCH, mk_patch, c_patch_clone},
    {"pc_patchwork_load", &PATCH, &PATCH, mk_patch, c_patch_load},
    {"pc_patchwork_apply", &PATCH, NULL, mk_patch, c_patch_apply},
    {"pc_patchwork_referee_step", &PATCH, NULL, mk_patch, c_patch_step},
    {"pc_patchwork_legal_moves", &PATCH, NULL, mk_patch, c_patch_legal},
    {"pc_patchwork_save", &PATCH, NULL, mk_patch, c_pc_patchwork_save},
    {"pc_patchwork_turn_input", &PATCH, NULL, mk_patch, c_pc_patchwork_turn_input},
    {"pc_patchwork_referee_input", &PATCH, NULL, mk_patch, c_pc_patchwork_referee_input},
    {"pc_patchwork_suggest", &PATCH, NULL, mk_patch, c_patch_suggest},
    {"pc_patchwork_reader_new", NULL, &READER, NULL, c_reader_new},
    {"pc_patchwork_reader_line", &READER, NULL, mk_reader, c_reader_line},
    {"pc_patchwork_reader_game", &READER, NULL, mk_reader_ready, c_reader_game},
    {"pc_nonogram_solve_clues", NULL, NULL, NULL, c_nono_solve_clues},
    {"pc_nonogram_import_count", NULL, NULL, NULL, c_nono_import_count},
    {"pc_sokoban_level_index", &SOKO, NULL, mk_soko, c_soko_level_index},
    {"pc_sokoban_write", &SOKO, NULL, mk_soko, c_soko_write},
};

int main(void)
{
    /* pc_set_allocator's own rules */
    is_int(pc_set_allocator(t_malloc, NULL, t_free), PC_EINVAL, "half-NULL allocator refused");
    is_int(pc_set_allocator(t_malloc, t_realloc, t_free), PC_OK, "allocator set before any block");
    pc_rng *r = NULL;
    is_int(pc_rng_new(1, &r), PC_OK, "a block through the test allocator");
    is_int(live, 1, "the test allocator saw it");
    is_int(pc_set_allocator(NULL, NULL, NULL), PC_EILLEGAL, "refused while a block is live");
    pc_rng_free(r);
    is_int(live, 0, "and freed through it");
    is_int(pc_set_allocator(NULL, NULL, NULL), PC_OK, "defaults back once nothing is live");
    is_int(pc_rng_new(1, &r), PC_OK, "a block through the C library");
    is_int(live, 0, "the test allocator did not see it");
    pc_rng_free(r);
    is_int(pc_set_allocator(t_malloc, t_realloc, t_free), PC_OK, "the test allocator again");

    void *f;
    pick_txt = text_of(&PICK, f = mk_pick());
    PICK.free(f);
    snap_txt = text_of(&SNAP, f = mk_snap());
    SNAP.free(f);
    patch_txt = text_of(&PATCH, f = mk_patch());
    PATCH.free(f);
    soko_txt = text_of(&SOKO, f = mk_soko());
    SOKO.free(f);
    tatham_txt = text_of(&TATHAM, f = mk_nono());
    xml_txt = text_of(&XMLX, f);
    NONO.free(f);
    /* the reader's turn: the referee input of a new league-4 game */
    {
        pc_patchwork *pw = NULL;
        size_t n = 0;
        pc_patchwork_new(4, 11, &pw);
        pc_patchwork_referee_input(pw, NULL, 0, &n);
        turn_txt = malloc(n + 1);
        pc_patchwork_referee_input(pw, turn_txt, n + 1, &n);
        pc_patchwork_free(pw);
        turn_cut = n;
        while (turn_cut > 0 && turn_txt[turn_cut - 1] == '\n') turn_cut--;
        while (turn_cut > 0 && turn_txt[turn_cut - 1] != '\n') turn_cut--;
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i]);
    /* the reader after a failed allocation: the same line fed again completes the turn */
    {
        int bad = 0, tried = 0;
        for (long k = 1; k < 100; k++) {
            pc_patchwork_reader *rd = mk_reader();
            arm(k);
            int32_t rc = c_reader_line(rd, NULL);
            long used = disarm();
            if (used < k) {
                pc_patchwork_reader_free(rd);
                break;
            }
            tried++;
            if (rc == PC_ENOMEM && c_reader_line(rd, NULL) != PC_OK) bad++;
            pc_patchwork_reader_free(rd);
        }
        ok(tried > 0 && bad == 0 && live == 0, "pc_patchwork_reader_line: after PC_ENOMEM the line fed again completes the turn (%d failures)", tried);
    }
    for (kind = 0; kind < KINDS; kind++) {
        pc_game *g = mk_game();
        size_t n = 0;
        game_txt[kind] = text_of(&GAME, g);
        pc_game_moves(g, NULL, 0, &n);
        game_move[kind] = malloc(n + 1);
        pc_game_moves(g, game_move[kind], n + 1, &n);
        char *nl = strchr(game_move[kind], '\n');
        if (nl) *nl = '\0';
        pc_game_free(g);
        for (size_t i = 0; i < sizeof game_cases / sizeof game_cases[0]; i++) {
            struct tcase tc = game_cases[i];
            char name[96];
            snprintf(name, sizeof name, "%s (%s)", tc.name, pc_game_kind_name(kind));
            tc.name = name;
            run_case(&tc);
        }
        free(game_txt[kind]);
        free(game_move[kind]);
    }
    free(turn_txt);
    free(pick_txt);
    free(snap_txt);
    free(patch_txt);
    free(soko_txt);
    free(tatham_txt);
    free(xml_txt);
    return done_testing();
}
