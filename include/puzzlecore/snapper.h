/*
 * puzzlecore/snapper.h — Snapper, the furniture puzzle (an extension of
 * Mariggle): drop square pieces whose lines divide them into coloured
 * regions, so that the lines of several pieces close figures.
 *
 * Geometry (doc/snapper.md has the drawings):
 *   - the field is PC_SNAPPER_WIDTH (5) columns by PC_SNAPPER_HEIGHT (9)
 *     rows; row 0 is the top row (pieces fall towards row 8, the floor),
 *     column 0 the left one, as in every game of the library.  The
 *     current piece waits in the positioning row above the field.  (The
 *     save format numbers its row lines from the floor: doc/snapper.md.)
 *   - a piece is a square cut into four quarters around its centre,
 *     numbered clockwise PC_SNAPPER_NE (0), SE (1), SW (2), NW (3).  Up to
 *     four arms run from the centre to the middle of an edge: bit
 *     PC_SNAPPER_ARM_N (1), E (2), S (4), W (8) of the arms mask.  Arm N
 *     separates NW from NE, E separates NE from SE, S separates SE from SW,
 *     W separates SW from NW.  I = two opposite arms, L = two adjacent arms,
 *     T = three, + = four.
 *   - each quarter has a colour: 0 is white (already used), 1..8 are
 *     materials.  Quarters of one region (not separated by an arm) always
 *     share their colour.
 *   - quarters connect across piece borders (half edge to half edge) but
 *     never across an arm.  A closed figure is a connected set of quarters
 *     that touches neither the field's outline nor an empty cell and holds
 *     at least one coloured quarter.
 *
 * Moves: rotate the current piece, move it to a column, drop it, drain.
 * Every move is atomic: a call that fails changes nothing.  Scores are kept
 * exactly, in units of 1/PC_SNAPPER_SCORE_UNIT points.
 */
#ifndef PUZZLECORE_SNAPPER_H
#define PUZZLECORE_SNAPPER_H

#include "puzzlecore/budget.h"
#include "puzzlecore/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fixed sizes and limits. */
enum pc_snapper_limits {
    PC_SNAPPER_WIDTH = 5,
    PC_SNAPPER_HEIGHT = 9,
    PC_SNAPPER_MAX_COLOURS = 8,   /* colours 1..8; 0 is white */
    PC_SNAPPER_SCORE_UNIT = 5040, /* score units per point (exact arithmetic) */
    PC_SNAPPER_TARGET = 20,       /* closed figures that end a standard game */
    PC_SNAPPER_EVENT_VALUES = 6   /* int32 values per event, see pc_snapper_event */
};

/* Quarters of a piece (clockwise from the north-east one). */
enum pc_snapper_quarter {
    PC_SNAPPER_NE = 0,
    PC_SNAPPER_SE = 1,
    PC_SNAPPER_SW = 2,
    PC_SNAPPER_NW = 3
};

/* Bits of an arms mask. */
enum pc_snapper_arm {
    PC_SNAPPER_ARM_N = 1,
    PC_SNAPPER_ARM_E = 2,
    PC_SNAPPER_ARM_S = 4,
    PC_SNAPPER_ARM_W = 8
};

/* Piece types (pc_snapper_piece_type). */
enum pc_snapper_type {
    PC_SNAPPER_I = 0, /* two opposite arms: two regions of two quarters */
    PC_SNAPPER_L = 1, /* two adjacent arms: regions of one and three quarters */
    PC_SNAPPER_T = 2, /* three arms: regions of one, one and two quarters */
    PC_SNAPPER_X = 3  /* four arms ("+"): four regions of one quarter */
};

/* Generator presets (pc_snapper_new).  Weights are I:L:T:+. */
enum pc_snapper_preset {
    PC_SNAPPER_CLASSIC = 0, /* weights 1:1:1:1, 3 colours */
    PC_SNAPPER_EASY = 1,    /* weights 1:2:2:3, 2 colours */
    PC_SNAPPER_HARD = 2,    /* weights 3:3:2:1, 4 colours */
    PC_SNAPPER_PRESETS = 3
};

/* Why a game ended (pc_snapper_end_reason). */
enum pc_snapper_end {
    PC_SNAPPER_PLAYING = 0, /* not over */
    PC_SNAPPER_TARGET_MET = 1, /* the target number of figures was cleared */
    PC_SNAPPER_BLOCKED = 2,    /* every column is full: no drop is possible */
    PC_SNAPPER_NO_PIECES = 3   /* an explicit piece list ran out */
};

/* Event kinds of the last move's log (pc_snapper_event).  The values v[]:
 *   LANDED  v0 x, v1 y, v2 arms; points = the drop penalty (-1 point)
 *   FIGURE  v0 cascade level (0 = closed by the move itself), v1 figures
 *           closed at once, v2 quarters, v3 white quarters among them,
 *           v4 colours used (white included), v5 colour mask (bit c set when
 *           colour c occurs; bit 0 is white); points = the figure's score;
 *           its quarters through pc_snapper_event_quarters
 *   REMOVED v0 x, v1 y: a piece with no coloured quarter left vanished
 *   FELL    v0 x, v1 from y, v2 to y: a piece fell down its column
 *   DRAINED v0 quarters whitened, v1 colour mask; quarters as for FIGURE
 *   OVER    v0 end reason (enum pc_snapper_end) */
enum pc_snapper_event_kind {
    PC_SNAPPER_EV_LANDED = 1,
    PC_SNAPPER_EV_FIGURE = 2,
    PC_SNAPPER_EV_REMOVED = 3,
    PC_SNAPPER_EV_FELL = 4,
    PC_SNAPPER_EV_DRAINED = 5,
    PC_SNAPPER_EV_OVER = 6
};

/* Moves named by the advisor (pc_snapper_suggest). */
enum pc_snapper_move {
    PC_SNAPPER_MOVE_DROP = 0,
    PC_SNAPPER_MOVE_DRAIN = 1
};

typedef struct pc_snapper pc_snapper;

/* ---- construction ----------------------------------------------------------- */

/* New game with seeded random pieces from a preset (enum pc_snapper_preset).
 * PC_EINVAL for a bad preset or NULL out.  (Every constructor takes what
 * the game is first, then the seed, then the out-pointer.) */
PUZZLECORE_API int32_t pc_snapper_new(int32_t preset, uint64_t seed, pc_snapper **out);

/* New game with seeded random pieces drawn with the given weights of
 * I, L, T, + (four values 0..1000, not all 0), `colours` colours (1..8) and
 * the number of figures that ends the game (`target`, 1..1000). */
PUZZLECORE_API int32_t pc_snapper_new_custom(const int32_t *weights, int32_t colours, int32_t target,
                                             uint64_t seed, pc_snapper **out);

/* New game on an empty field whose pieces come, in order, from an explicit
 * list: white-space separated tokens, each a piece as in the save format
 * ("I:1122", "L:1222", "T:1233", "+:1234", or arms letters from NESW then
 * ':' and the colours of NE SE SW NW, e.g. "EW:1221").  Colours are 1..colours
 * (white is refused).  The game ends (PC_SNAPPER_NO_PIECES) when the list
 * runs out.  PC_EPARSE with a message in err for a bad list. */
PUZZLECORE_API int32_t pc_snapper_new_list(const char *pieces, size_t len, int32_t colours, char *err,
                                           size_t errcap, pc_snapper **out);

/* Independent copy (generator state, piece list and event log included). */
PUZZLECORE_API int32_t pc_snapper_clone(const pc_snapper *g, pc_snapper **out);

/* Free a game; NULL is accepted. */
PUZZLECORE_API void pc_snapper_free(pc_snapper *g);

/* ---- save / load ------------------------------------------------------------ */

/* The whole game as text (format "puzzlecore-snapper 1", doc/snapper.md).
 * snprintf convention. */
PUZZLECORE_API int32_t pc_snapper_save(const pc_snapper *g, char *buf, size_t cap, size_t *len);

/* A game from save text.  Also the way to set up a hand-built field: the
 * field must rest (no piece above an empty cell), hold no closed figure and
 * no piece without colour.  PC_EPARSE with "line L, column C: ..." in err. */
PUZZLECORE_API int32_t pc_snapper_load(const char *text, size_t len, char *err, size_t errcap,
                                       pc_snapper **out);

/* ---- moves ------------------------------------------------------------------ */

/* Rotate the current piece: turns > 0 clockwise ("right"), < 0
 * anticlockwise ("left"), by |turns| quarter turns.  PC_EOVER when over. */
PUZZLECORE_API int32_t pc_snapper_rotate(pc_snapper *g, int32_t turns);

/* Move the current piece to a column (0..4) of the positioning row.
 * PC_EINVAL for a column outside the field, PC_EOVER when over. */
PUZZLECORE_API int32_t pc_snapper_move_to(pc_snapper *g, int32_t column);

/* Drop the current piece down its column: it stops on the lowest empty cell.
 * Then closed figures clear, emptied pieces vanish, pieces above fall and
 * cascades resolve; the next piece comes up.  PC_EILLEGAL when the column
 * is full, PC_EOVER when the game is over, PC_ENOMEM. */
PUZZLECORE_API int32_t pc_snapper_drop(pc_snapper *g);

/* Rotate by `turns` clockwise quarter turns (0..3), move to `column` and
 * drop, as one atomic move (what the advisor suggests). */
PUZZLECORE_API int32_t pc_snapper_play(pc_snapper *g, int32_t column, int32_t turns);

/* Drain: every coloured quarter connected to the field's outline (left and
 * right sides, floor, and the top line under the positioning row) without
 * crossing an arm turns white; emptied pieces vanish and the rest fall
 * (figures closed by that fall score as cascades of level 1 and up).
 * Scores nothing.  PC_EILLEGAL when no coloured quarter is so connected. */
PUZZLECORE_API int32_t pc_snapper_drain(pc_snapper *g);

/* Would pc_snapper_play(g, column, turns) be accepted?  PC_OK, or the code
 * it would fail with (PC_EINVAL, PC_EOVER, PC_EILLEGAL; never PC_ENOMEM).
 * Changes nothing. */
PUZZLECORE_API int32_t pc_snapper_check(const pc_snapper *g, int32_t column, int32_t turns);

/* Would pc_snapper_drain(g) be accepted?  PC_OK, or PC_EINVAL, PC_EOVER,
 * PC_EILLEGAL as pc_snapper_drain would answer.  Changes nothing. */
PUZZLECORE_API int32_t pc_snapper_check_drain(const pc_snapper *g);

/* ---- state ------------------------------------------------------------------ *
 * The int32_t accessors below return PC_EINVAL for a NULL handle; the score
 * accessors return 0. */

/* 1 if (x, y) holds a piece, 0 if it is empty, PC_EINVAL outside the field.
 * arms (may be NULL) gets the arms mask, colours (may be NULL) four colours
 * in quarter order NE, SE, SW, NW. */
PUZZLECORE_API int32_t pc_snapper_cell(const pc_snapper *g, int32_t x, int32_t y, int32_t *arms,
                                       int32_t *colours);

/* Number of pieces in column x (0..9), PC_EINVAL for a bad column. */
PUZZLECORE_API int32_t pc_snapper_column_height(const pc_snapper *g, int32_t x);

/* The current piece (which 0, as rotated so far) or the next one (which 1):
 * 1 and arms/colours filled, 0 when there is none, PC_EINVAL. */
PUZZLECORE_API int32_t pc_snapper_piece(const pc_snapper *g, int32_t which, int32_t *arms, int32_t *colours);

/* Type (enum pc_snapper_type) of an arms mask, PC_EINVAL for a mask with
 * fewer than two arms or outside 0..15. */
PUZZLECORE_API int32_t pc_snapper_piece_type(int32_t arms);

/* Column of the current piece in the positioning row (0..4). */
PUZZLECORE_API int32_t pc_snapper_column(const pc_snapper *g);

/* *points = the score in points, *units = exactly, in units of
 * 1/PC_SNAPPER_SCORE_UNIT.  A score can be negative (penalties), so it travels
 * through the pointer; the return is a status (PC_EINVAL for NULL). */
PUZZLECORE_API int32_t pc_snapper_score(const pc_snapper *g, double *points);
PUZZLECORE_API int32_t pc_snapper_score_units(const pc_snapper *g, int64_t *units);

/* Closed figures cleared, drops made, drains made so far. */
PUZZLECORE_API int32_t pc_snapper_figures(const pc_snapper *g);
PUZZLECORE_API int32_t pc_snapper_drops(const pc_snapper *g);
PUZZLECORE_API int32_t pc_snapper_drains(const pc_snapper *g);

/* Colours of the level (1..8) and figures that end the game. */
PUZZLECORE_API int32_t pc_snapper_colours(const pc_snapper *g);
PUZZLECORE_API int32_t pc_snapper_target(const pc_snapper *g);

/* 1 when the game is over, else 0; the reason (enum pc_snapper_end). */
PUZZLECORE_API int32_t pc_snapper_is_over(const pc_snapper *g);
PUZZLECORE_API int32_t pc_snapper_end_reason(const pc_snapper *g);

/* The field as ASCII text: the positioning row (current piece), then the
 * framed field, top row first.  Each cell is 3x3 characters: quarter
 * colours at the corners ('w' = white), arms as '|' and '-', '+' at the
 * centre; an empty cell shows a '.'.  snprintf convention. */
PUZZLECORE_API int32_t pc_snapper_render(const pc_snapper *g, char *buf, size_t cap, size_t *len);

/* ---- event log of the last drop or drain (rotate and move_to keep it) ------- */

/* Number of events of the last drop or drain (0 before the first). */
PUZZLECORE_API int32_t pc_snapper_event_count(const pc_snapper *g);

/* Event i: kind (enum pc_snapper_event_kind), PC_SNAPPER_EVENT_VALUES values
 * in v (unused ones 0; each pointer may be NULL) and the points it scored in
 * score units.  PC_EINVAL for a bad index. */
PUZZLECORE_API int32_t pc_snapper_event(const pc_snapper *g, int32_t i, int32_t *kind, int32_t *v,
                                        int64_t *units);

/* The quarters of a FIGURE or DRAINED event as (x, y, quarter) triples:
 * writes at most cap triples into xyq (may be NULL when cap is 0), sets *n to
 * the number of quarters, PC_ESPACE when cap was too small (cap 0 asks:
 * PC_OK). */
PUZZLECORE_API int32_t pc_snapper_event_quarters(const pc_snapper *g, int32_t i, int32_t *xyq, size_t cap,
                                                 size_t *n);

/* ---- scoring formula (pure) ------------------------------------------------- */

/* Points of one closed figure in score units:
 *   base  = 2 * max(0, quarters - 0.5 * white^2) * available / used
 *   total = base * (1 + 0.5 * cascade) * (2 * simultaneous - 1)
 * quarters >= 1, 0 <= white <= quarters, available 1..8, used 1..9,
 * cascade 0..1000, simultaneous 1..1000; PC_EINVAL/PC_ERANGE otherwise. */
PUZZLECORE_API int32_t pc_snapper_figure_units(int32_t quarters, int32_t white, int32_t used, int32_t available,
                                               int32_t cascade, int32_t simultaneous, int64_t *units);

/* The same in points (NaN for bad arguments). */
PUZZLECORE_API double pc_snapper_figure_points(int32_t quarters, int32_t white, int32_t used, int32_t available,
                                               int32_t cascade, int32_t simultaneous);

/* ---- advisor ---------------------------------------------------------------- */

/* The best move found looking at the visible pieces only (current and next):
 * a drop (column, clockwise turns 0..3 to apply before dropping, as for
 * pc_snapper_play) or a drain.  Every first move (at most 21) is always
 * tried; budget->max_nodes bounds the positions evaluated (0: the default,
 * 2000, NULL budget: the defaults of budget.h), and a first move gets its
 * second ply (the next piece) only when that fits whole, so 2000 searches
 * both visible pieces fully.  A cancelled budget gives PC_ECANCELLED.  value (may be NULL) gets the search's
 * estimate of the gain.  PC_EOVER when the game is over, PC_EILLEGAL when
 * no move exists. */
PUZZLECORE_API int32_t pc_snapper_suggest(const pc_snapper *g, const pc_budget *budget, int32_t *move,
                                          int32_t *column, int32_t *turns, double *value);

/* The greedy one-ply baseline: a drain when a column holds 7 or more pieces
 * and a drain is legal, else the drop with the best immediate score change
 * (ties: the lowest landing row, then the fewest turns, then the leftmost
 * column). */
PUZZLECORE_API int32_t pc_snapper_greedy(const pc_snapper *g, int32_t *move, int32_t *column, int32_t *turns);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_SNAPPER_H */
