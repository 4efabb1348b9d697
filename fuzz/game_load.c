/* Harness: the two text parsers of pc_game (puzzlecore/game.h), without the
 * move paths (those are fuzz/game.c's), so that they reach a long run at a
 * parser's speed.  Byte 0 even: pc_game_load of the rest (any kind's save);
 * when it loads: save -> load -> save identical, a clone saves the same text,
 * the kind is one of the kinds, the invariants of every game hold.  Byte 0
 * odd: pc_game_validate of kind byte1 % (count + 1) (the last is an unknown
 * kind) on the rest as params text (up to its first NUL); the status is one
 * the header names, the message is a terminated string (non-empty on
 * PC_EPARSE), and pc_game_new refuses exactly as validate did (it is called
 * only on refused params: making a game is the move harness's business). */
#include "fuzz_game.h"

static void load_one(const char *text, size_t len)
{
    char err[128];
    pc_game *g = NULL, *h = NULL, *k = NULL;
    int32_t rc = pc_game_load(text, len, err, sizeof err, &g);
    FZ_CHECK(memchr(err, '\0', sizeof err) != NULL);
    if (rc != PC_OK) {
        FZ_CHECK(g == NULL && rc < 0);
        return;
    }
    const char *kind = pc_game_kind(g);
    int known = 0;
    for (int32_t i = 0; i < pc_game_kind_count(); i++) known |= strcmp(kind, pc_game_kind_name(i)) == 0;
    FZ_CHECK(known);
    invariants(g);
    size_t n;
    char *s = save_of(g, &n);
    rc = pc_game_load(s, n, err, sizeof err, &h);
    if (rc != PC_OK) fprintf(stderr, "reload: %s\n%s\n", err, s);
    FZ_CHECK(rc == PC_OK);
    same_save(g, h);
    FZ_CHECK(pc_game_clone(g, &k) == PC_OK);
    same_save(g, k);
    free(s);
    pc_game_free(g);
    pc_game_free(h);
    pc_game_free(k);
}

static void params_one(int32_t kind, const uint8_t *p, size_t n)
{
    char *params = malloc(n + 1), err[128];
    FZ_CHECK(params != NULL);
    memcpy(params, p, n);
    params[n] = '\0';
    const char *name = kind < pc_game_kind_count() ? pc_game_kind_name(kind) : "no-such-kind";
    memset(err, 'x', sizeof err);
    int32_t v = pc_game_validate(name, params, err, sizeof err);
    FZ_CHECK(v == PC_OK || v == PC_ENOTFOUND || v == PC_EPARSE || v == PC_ERANGE || v == PC_ENOMEM);
    FZ_CHECK(memchr(err, '\0', sizeof err) != NULL);
    FZ_CHECK(v != PC_EPARSE || err[0] != '\0');
    FZ_CHECK((v == PC_ENOTFOUND) == (kind >= pc_game_kind_count()));
    if (v != PC_OK) {
        pc_game *g = NULL;
        FZ_CHECK(pc_game_new(name, params, 1, &g) == v && g == NULL);
    }
    free(params);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_in in = {data, size};
    if (!(fz_u8(&in) & 1)) {
        load_one((const char *)in.p, in.n);
    } else {
        int32_t kind = (int32_t)(fz_u8(&in) % (uint32_t)(pc_game_kind_count() + 1));
        params_one(kind, in.p, in.n);
    }
    return 0;
}
