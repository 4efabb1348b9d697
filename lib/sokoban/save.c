/*
 * lib/sokoban/save.c — a game in progress as text (pc_sokoban_save / _load):
 * the start board, the history and the undo cursor.  Loading builds the
 * level (level.c) and replays the history (play.c), so the rules of a step
 * live in play.c alone.
 */
#include <string.h>

#include "common/alloc.h"
#include "common/text.h"
#include "sokoban/sokoban_int.h"

int32_t pc_sokoban_save(const pc_sokoban *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    static const char letters[4] = {'u', 'r', 'd', 'l'};
    pc__sb sb;
    pc__sb_init(&sb);
    pc__sb_puts(&sb, "puzzlecore-sokoban 1\n");
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

int32_t pc_sokoban_load(const char *text, size_t len, char *err, size_t errcap, pc_sokoban **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!text && len))
        return PC_EINVAL;
    pc__lines it;
    pc__lines_init(&it, text, len);
    const char *s, *hist = "", *title = "";
    size_t n, histn = 0, titlen = 0;
    int64_t cursor = -1;
    int seen_board = 0;
    if (!pc__lines_next(&it, &s, &n) || n != 20 || memcmp(s, "puzzlecore-sokoban 1", 20) != 0)
        return pc__parse_error(err, errcap, 1, 0, "not a puzzlecore-sokoban 1 save");
    while (pc__lines_next(&it, &s, &n)) {
        if (n == 5 && memcmp(s, "board", 5) == 0) {
            seen_board = 1;
            break;
        }
        const char *sp = memchr(s, ' ', n);
        size_t kn = sp ? (size_t)(sp - s) : n;
        const char *v = sp ? sp + 1 : s + n;
        size_t vn = sp ? n - kn - 1 : 0;
        if (kn == 5 && memcmp(s, "title", 5) == 0) {
            title = v;
            titlen = vn;
        } else if (kn == 7 && memcmp(s, "history", 7) == 0) {
            hist = v;
            histn = vn;
        } else if (kn == 6 && memcmp(s, "cursor", 6) == 0) {
            if (pc__parse_i64(v, vn, &cursor) < 0 || cursor < 0)
                return pc__parse_error(err, errcap, it.lineno, 8, "bad cursor");
        } else {
            return pc__parse_error(err, errcap, it.lineno, 1, "unknown key '%.*s'", (int)kn, s);
        }
    }
    if (!seen_board)
        return pc__parse_error(err, errcap, it.lineno, 0, "no 'board' line");
    if (cursor < 0 || (size_t)cursor > histn)
        return pc__parse_error(err, errcap, 0, 0, "cursor missing or past the end of the history");
    pc_sokoban *g = NULL;
    int32_t rc = pc__sokoban_new_at(text + it.pos, len - it.pos, it.lineno, err, errcap, &g);
    if (rc < 0)
        return rc;
    char *t = pc__field_clean(title, titlen, NULL);
    if (!t) {
        pc_sokoban_free(g);
        return PC_ENOMEM;
    }
    pc__free(g->title);
    g->title = t;
    char e2[128];
    rc = pc_sokoban_apply_lurd(g, hist, histn, e2, sizeof e2);
    if (rc < 0) {
        pc_sokoban_free(g);
        if (rc == PC_ENOMEM)
            return rc;
        return pc__parse_error(err, errcap, 0, 0, "history: %s", e2);
    }
    for (size_t k = (size_t)cursor; k < histn; k++)
        pc_sokoban_undo(g);
    *out = g;
    return PC_OK;
}
