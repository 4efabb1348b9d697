/*
 * lib/sokoban/save.c — a game in progress as text (pc_sokoban_save / _load):
 * the start board, the history and the undo cursor.  Loading builds the
 * level (level.c) and replays the history (play.c), so the rules of a step
 * live in play.c alone.
 */
#include <string.h>

#include "common/alloc.h"
#include "common/save.h"
#include "common/text.h"
#include "sokoban/sokoban_int.h"

int32_t pc_sokoban_save(const pc_sokoban *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    static const char letters[4] = {'u', 'r', 'd', 'l'};
    pc__sb sb;
    pc__sb_init(&sb);
    pc__save_header(&sb, "sokoban");
    pc__sb_printf(&sb, "title %s\n", g->title);
    pc__sb_puts(&sb, "history ");
    for (size_t i = 0; i < g->nhist; i++) {
        char c = letters[g->hist[i] & 3];
        pc__sb_putc(&sb, (g->hist[i] & 4) ? (char)(c - 'a' + 'A') : c);
    }
    pc__sb_printf(&sb, "\ncursor %zu\nboard\n", g->cursor);
    pc__sokoban_write_board(g, 1, &sb);
    return pc__sb_emit(&sb, buf, cap, len);
}

/* The save's keys (common/save.h): the board line ends them, the board
 * itself follows in the level notation. */
enum { K_TITLE, K_HISTORY, K_CURSOR, K_BOARD, K_COUNT };
static const pc__save_key keys[K_COUNT] = {
    {"title", 0}, {"history", 0}, {"cursor", PC__SAVE_REQUIRED}, {"board", PC__SAVE_REQUIRED | PC__SAVE_BLOCK}};

/* What the key lines hold: the title and the history (pointing into the
 * text), the cursor. */
typedef struct {
    const char *title, *hist;
    size_t titlen, histn;
    int64_t cursor;
} sk_save;

/* Read the value of the key line pc__save_next has just returned. */
static int32_t read_key(pc__save_in *in, sk_save *sv)
{
    int32_t rc = PC_OK;
    switch (in->key) {
    case K_TITLE:
        return pc__save_text(in, &sv->title, &sv->titlen);
    case K_HISTORY:
        /* the history may be empty: "history" with no word */
        if (pc__save_more(in))
            rc = pc__save_word(in, &sv->hist, &sv->histn);
        break;
    case K_CURSOR:
        rc = pc__save_int(in, 0, INT64_MAX, &sv->cursor);
        break;
    default:
        break;
    }
    return rc == PC_OK ? pc__save_end(in) : rc;
}

/* The game the save describes: its board (the block after the key lines,
 * whose errors count the save's lines), title, history replayed and undone
 * back to the cursor. */
static int32_t build_game(const pc__save_in *in, const sk_save *sv, char *err, size_t errcap, pc_sokoban **out)
{
    const char *board;
    size_t blen;
    int32_t lineno;
    pc__save_block(in, &board, &blen, &lineno);
    pc_sokoban *g = NULL;
    int32_t rc = pc__sokoban_new_at(board, blen, lineno, err, errcap, &g);
    if (rc < 0)
        return rc;
    char *t = pc__field_clean(sv->title, sv->titlen, NULL);
    if (!t) {
        pc_sokoban_free(g);
        return PC_ENOMEM;
    }
    pc__free(g->title);
    g->title = t;
    char e2[128];
    rc = pc_sokoban_apply_lurd(g, sv->hist, sv->histn, e2, sizeof e2);
    if (rc < 0) {
        pc_sokoban_free(g);
        if (rc == PC_ENOMEM)
            return rc;
        return pc__parse_error(err, errcap, 0, 0, "history: %s", e2);
    }
    for (size_t k = (size_t)sv->cursor; k < sv->histn; k++)
        pc_sokoban_undo(g);
    *out = g;
    return PC_OK;
}

int32_t pc_sokoban_load(const char *text, size_t len, char *err, size_t errcap, pc_sokoban **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!text && len))
        return PC_EINVAL;
    pc__save_in in;
    int32_t rc = pc__save_open(&in, text, len, "sokoban", keys, K_COUNT, err, errcap);
    if (rc != PC_OK)
        return rc;
    sk_save sv = {"", "", 0, 0, -1};
    while ((rc = pc__save_next(&in)) == 1)
        if ((rc = read_key(&in, &sv)) != PC_OK)
            return rc;
    if (rc == PC_OK)
        rc = pc__save_done(&in);
    if (rc != PC_OK)
        return rc;
    if ((size_t)sv.cursor > sv.histn)
        return pc__parse_error(err, errcap, 0, 0, "cursor past the end of the history");
    return build_game(&in, &sv, err, errcap, out);
}
