/* Harness: pc_sokoban_new (XSB and RLE levels), play (steps, undo, redo,
 * restart, LURD) and the save.  The input is the level text, then (after the
 * first NUL byte, when there is one) the moves: tried once as a LURD string,
 * then byte by byte as actions.
 * Properties: the start board written as XSB parses to the same board; a
 * failed LURD changes nothing; the LURD of the history replays to the same
 * position; save -> load -> save gives the same text and the same position;
 * boxes equal goals; undo after a step restores the board. */
#include "fuzz.h"

static int32_t write_start(const pc_sokoban *g, char *b, size_t c, size_t *n) { return pc_sokoban_write(g, 1, b, c, n); }

/* The current boards of a and b are the same, with the same counts.  This
 * runs after every step of the input, so it writes into two fixed buffers
 * (a board is at most MAX_SIDE rows of MAX_SIDE cells and a newline) and
 * allocates nothing: the FZ_TEXT size-query-then-write version made the
 * harness four times slower.  The size rule is checked on the other texts. */
enum { BOARD_CAP = (PC_SOKOBAN_MAX_SIDE + 1) * PC_SOKOBAN_MAX_SIDE + 1 };
static char board_a[BOARD_CAP], board_b[BOARD_CAP];

static void check_same_position(const pc_sokoban *a, const pc_sokoban *b)
{
    size_t n1 = 0, n2 = 0;
    FZ_CHECK(pc_sokoban_write(a, 0, board_a, sizeof board_a, &n1) == PC_OK);
    FZ_CHECK(pc_sokoban_write(b, 0, board_b, sizeof board_b, &n2) == PC_OK);
    FZ_CHECK(fz_same(board_a, n1, board_b, n2));
    FZ_CHECK(pc_sokoban_moves(a) == pc_sokoban_moves(b) && pc_sokoban_pushes(a) == pc_sokoban_pushes(b));
}

static void check_invariants(const pc_sokoban *g)
{
    int32_t w = pc_sokoban_width(g), h = pc_sokoban_height(g), boxes = 0, goals = 0, players = 0, on = 0;
    FZ_CHECK(w >= 1 && h >= 1 && w <= PC_SOKOBAN_MAX_SIDE && h <= PC_SOKOBAN_MAX_SIDE);
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            int32_t c = pc_sokoban_cell(g, x, y);
            FZ_CHECK(c >= 0);
            boxes += (c & PC_SOKOBAN_BOX) != 0;
            goals += (c & PC_SOKOBAN_GOAL) != 0;
            players += (c & PC_SOKOBAN_PLAYER) != 0;
            on += (c & PC_SOKOBAN_BOX) && (c & PC_SOKOBAN_GOAL);
            FZ_CHECK(!((c & PC_SOKOBAN_WALL) && (c & (PC_SOKOBAN_BOX | PC_SOKOBAN_PLAYER))));
        }
    FZ_CHECK(boxes == goals && boxes == pc_sokoban_box_count(g) && players == 1);
    FZ_CHECK(on == pc_sokoban_boxes_on_goals(g));
    FZ_CHECK(pc_sokoban_is_solved(g) == (on == boxes));
    FZ_CHECK(pc_sokoban_cell(g, w, 0) == PC_EINVAL && pc_sokoban_cell(g, 0, -1) == PC_EINVAL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t tlen = nul ? (size_t)(nul - data) : size;
    const char *moves = nul ? (const char *)nul + 1 : "";
    size_t mlen = nul ? size - tlen - 1 : 0;
    char err[128];
    pc_sokoban *g = NULL, *h = NULL;
    if (pc_sokoban_new((const char *)data, tlen, err, sizeof err, &g) != PC_OK) {
        FZ_CHECK(g == NULL);
        return 0;
    }
    check_invariants(g);
    (void)pc_sokoban_dead_count(g);
    (void)pc_sokoban_interior_count(g);

    /* the start board written back parses to the same board */
    char *x1, *x2;
    size_t xn1, xn2;
    FZ_TEXT(write_start, g, &x1, &xn1);
    FZ_CHECK(x1);
    int32_t rc = pc_sokoban_new(x1, xn1, err, sizeof err, &h);
    if (rc != PC_OK) fprintf(stderr, "re-parse: %s\n%s\n", err, x1);
    FZ_CHECK(rc == PC_OK);
    FZ_TEXT(write_start, h, &x2, &xn2);
    FZ_CHECK(fz_same(x1, xn1, x2, xn2));
    FZ_CHECK(pc_sokoban_dead_count(g) == pc_sokoban_dead_count(h));
    free(x1);
    free(x2);
    pc_sokoban_free(h);
    h = NULL;

    /* the moves as one LURD string: atomic */
    FZ_CHECK(pc_sokoban_clone(g, &h) == PC_OK);
    if (pc_sokoban_apply_lurd(g, moves, mlen, err, sizeof err) != PC_OK) check_same_position(g, h);
    pc_sokoban_free(h);
    h = NULL;

    /* then byte by byte */
    for (size_t i = 0; i < mlen; i++) {
        int32_t a = (uint8_t)moves[i] % 8;
        if (a < 4) {
            int32_t pushed = -1;
            FZ_CHECK(pc_sokoban_clone(g, &h) == PC_OK);
            rc = pc_sokoban_step(g, a, &pushed);
            if (rc != PC_OK) {
                FZ_CHECK(rc == PC_EILLEGAL);
                check_same_position(g, h);
            } else {
                FZ_CHECK(pushed == 0 || pushed == 1);
                FZ_CHECK(pc_sokoban_redo_count(g) == 0);
                FZ_CHECK(pc_sokoban_undo(g) == PC_OK);
                check_same_position(g, h);
                FZ_CHECK(pc_sokoban_redo(g) == PC_OK);
            }
            pc_sokoban_free(h);
            h = NULL;
        } else if (a == 4 || a == 7) {
            (void)pc_sokoban_undo(g);
        } else if (a == 5) {
            (void)pc_sokoban_redo(g);
        } else {
            (void)pc_sokoban_restart(g);
        }
    }
    check_invariants(g);

    /* the history's LURD replays to the same position */
    char *l;
    size_t ln;
    FZ_TEXT(pc_sokoban_lurd, g, &l, &ln);
    FZ_CHECK(l);
    FZ_CHECK(pc_sokoban_clone(g, &h) == PC_OK);
    FZ_CHECK(pc_sokoban_restart(h) == PC_OK);
    FZ_CHECK(pc_sokoban_apply_lurd(h, l, ln, err, sizeof err) == PC_OK);
    check_same_position(g, h);
    free(l);
    pc_sokoban_free(h);
    h = NULL;

    /* save -> load -> save */
    char *s1, *s2;
    size_t n1, n2;
    FZ_TEXT(pc_sokoban_save, g, &s1, &n1);
    FZ_CHECK(s1);
    rc = pc_sokoban_load(s1, n1, err, sizeof err, &h);
    if (rc != PC_OK) fprintf(stderr, "reload: %s\n%s\n", err, s1);
    FZ_CHECK(rc == PC_OK);
    FZ_TEXT(pc_sokoban_save, h, &s2, &n2);
    FZ_CHECK(fz_same(s1, n1, s2, n2));
    check_same_position(g, h);
    FZ_CHECK(pc_sokoban_redo_count(g) == pc_sokoban_redo_count(h));
    free(s1);
    free(s2);
    pc_sokoban_free(h);
    pc_sokoban_free(g);
    return 0;
}
