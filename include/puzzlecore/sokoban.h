/*
 * puzzlecore/sokoban.h — Sokoban: XSB levels and collections, play with
 * undo/redo and LURD, a provably optimal solver (move- or push-optimal), and
 * the Whirly "map creativity index".
 *
 * Coordinates: x is the column (0 = leftmost), y the row (0 = top line of the
 * board).  Directions: PC_SOKOBAN_UP/RIGHT/DOWN/LEFT.  LURD text: l u r d for
 * a step, L U R D for a step that pushes a box.  doc/sokoban.md has the rules
 * as implemented, every interpretation, and the solver's algorithm.
 */
#ifndef PUZZLECORE_SOKOBAN_H
#define PUZZLECORE_SOKOBAN_H

#include "puzzlecore/common.h"
#include "puzzlecore/budget.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A level being played: the static map, the position, the move history. */
typedef struct pc_sokoban pc_sokoban;
/* A parsed XSB file: levels in file order, each with its title. */
typedef struct pc_sokoban_collection pc_sokoban_collection;
/* The outcome of one solver run. */
typedef struct pc_sokoban_result pc_sokoban_result;

/* Directions, as taken by pc_sokoban_step (and their LURD letters). */
enum pc_sokoban_dir {
    PC_SOKOBAN_UP = 0,    /* 'u' */
    PC_SOKOBAN_RIGHT = 1, /* 'r' */
    PC_SOKOBAN_DOWN = 2,  /* 'd' */
    PC_SOKOBAN_LEFT = 3   /* 'l' */
};

/* Bits returned by pc_sokoban_cell. */
enum pc_sokoban_cell_bits {
    PC_SOKOBAN_WALL = 1,     /* '#' */
    PC_SOKOBAN_GOAL = 2,     /* '.', '*', '+' */
    PC_SOKOBAN_BOX = 4,      /* a box now stands here */
    PC_SOKOBAN_PLAYER = 8,   /* the player now stands here */
    PC_SOKOBAN_INTERIOR = 16,/* floor the player could reach if no box were there */
    PC_SOKOBAN_DEAD = 32     /* interior floor from which no push sequence can bring
                                a box to any goal (a "simple dead square") */
};

/* Solver modes. */
enum pc_sokoban_mode {
    PC_SOKOBAN_MOVES = 0, /* fewest moves, ties broken by fewest pushes */
    PC_SOKOBAN_PUSHES = 1, /* fewest pushes, ties broken by fewest moves */
    PC_SOKOBAN_ANY = 2,    /* any solution, found fast (greedy + feature search; no size limit) */
    PC_SOKOBAN_SHORT = 3   /* PC_SOKOBAN_ANY's solution, then shortened with the rest of the budget */
};

/* Limits of the parser. */
enum pc_sokoban_limits {
    PC_SOKOBAN_MAX_SIDE = 128,    /* rows and columns per level */
    PC_SOKOBAN_MAX_LEVELS = 100000 /* levels per collection */
};

/* Rule families of the creativity index (seed: "Sokoban variants"). */
enum pc_sokoban_variant {
    PC_SOKOBAN_CLASSIC = 0,   /* a = 3, t = 1 */
    PC_SOKOBAN_COLORBAN = 1,  /* a = 3 x colours, t = 1 */
    PC_SOKOBAN_PULLPUSH = 2,  /* a = 3 x colours, t = 2 */
    PC_SOKOBAN_MONKEYBAN = 3, /* a = 3, t = 2 */
    PC_SOKOBAN_FLOCKS = 4,    /* a = 3 x colours, t = 2 */
    PC_SOKOBAN_PUSHMAN = 5    /* a = 3, t = 1 */
};

/* ---- collections ------------------------------------------------------------ */

/* Parse an XSB file: one or more levels separated by blank or text lines.
 * Accepts '#', ' ' '-' '_' (floor), '$', '.', '*', '@', '+', also 'p' 'P'
 * (player, on goal) and 'b' 'B' (box, on goal); run-length counts ("3#") and
 * '|' as a row separator.  Lines starting with ';' are comments; the first
 * comment or text line before a board, or a "Title:" line, names the level.
 * Every level is validated (one player, as many boxes as goals, at least one
 * box, closed by walls, size <= PC_SOKOBAN_MAX_SIDE).  Errors: PC_EPARSE with
 * "line L, column C: ..." in err; PC_ENOMEM. */
PUZZLECORE_API int32_t pc_sokoban_collection_parse(const char *text, size_t len, char *err,
                                                   size_t errcap, pc_sokoban_collection **out);

/* Free a collection; NULL is accepted. */
PUZZLECORE_API void pc_sokoban_collection_free(pc_sokoban_collection *c);

/* Number of levels (>= 1), PC_EINVAL for NULL. */
PUZZLECORE_API int32_t pc_sokoban_collection_count(const pc_sokoban_collection *c);

/* A new game on level `index` (0-based).  PC_EINVAL for a bad index. */
PUZZLECORE_API int32_t pc_sokoban_collection_level(const pc_sokoban_collection *c, int32_t index,
                                                   pc_sokoban **out);

/* Title of level `index` ("" when it has none), snprintf convention. */
PUZZLECORE_API int32_t pc_sokoban_collection_title(const pc_sokoban_collection *c, int32_t index,
                                                   char *buf, size_t cap, size_t *len);

/* Comment and text lines read before level `index` (a leading ';' and the
 * surrounding blanks removed), joined by '\n'; "" when none.  The title line,
 * when it came from these lines, is among them. */
PUZZLECORE_API int32_t pc_sokoban_collection_comments(const pc_sokoban_collection *c, int32_t index,
                                                      char *buf, size_t cap, size_t *len);

/* Index of the level titled exactly `title` (NUL-terminated), or PC_ENOTFOUND. */
PUZZLECORE_API int32_t pc_sokoban_collection_find(const pc_sokoban_collection *c, const char *title);

/* The whole collection back as XSB: for each level a "; title" line (when it
 * has a title), its comment lines, the board, and a blank line. */
PUZZLECORE_API int32_t pc_sokoban_collection_write(const pc_sokoban_collection *c, char *buf,
                                                   size_t cap, size_t *len);

/* ---- a level ------------------------------------------------------------------ */

/* Parse exactly one level (same syntax as collections; a file with several
 * levels gives PC_EPARSE). */
PUZZLECORE_API int32_t pc_sokoban_new(const char *text, size_t len, char *err, size_t errcap,
                                      pc_sokoban **out);

/* Free a game; NULL is accepted. */
PUZZLECORE_API void pc_sokoban_free(pc_sokoban *g);

/* Independent copy (map, position, history). */
PUZZLECORE_API int32_t pc_sokoban_clone(const pc_sokoban *g, pc_sokoban **out);

/* Board size (>= 1), PC_EINVAL for NULL. */
PUZZLECORE_API int32_t pc_sokoban_width(const pc_sokoban *g);
PUZZLECORE_API int32_t pc_sokoban_height(const pc_sokoban *g);

/* PC_SOKOBAN_* bits of cell (x, y) in the current position; PC_EINVAL off
 * the board or for NULL. */
PUZZLECORE_API int32_t pc_sokoban_cell(const pc_sokoban *g, int32_t x, int32_t y);

/* The whole board in one call: cells[y * width + x] = the PC_SOKOBAN_* bits
 * of (x, y), as pc_sokoban_cell gives them; *n = width x height.  Writes at
 * most cap bytes; cap 0 (cells may then be NULL) asks the size (PC_OK), a
 * shorter non-zero cap is PC_ESPACE.  PC_EINVAL for NULL g or n, or NULL
 * cells with a non-zero cap. */
PUZZLECORE_API int32_t pc_sokoban_cells(const pc_sokoban *g, uint8_t *cells, size_t cap, size_t *n);

/* Player position now. */
PUZZLECORE_API int32_t pc_sokoban_player(const pc_sokoban *g, int32_t *x, int32_t *y);

/* Number of boxes (= number of goals). */
PUZZLECORE_API int32_t pc_sokoban_box_count(const pc_sokoban *g);

/* Number of boxes on goals now. */
PUZZLECORE_API int32_t pc_sokoban_boxes_on_goals(const pc_sokoban *g);

/* Number of interior cells c: cells the player could reach from its start if
 * there were no boxes (the player's and the boxes' own cells included). */
PUZZLECORE_API int32_t pc_sokoban_interior_count(const pc_sokoban *g);

/* Number of dead interior cells (see PC_SOKOBAN_DEAD). */
PUZZLECORE_API int32_t pc_sokoban_dead_count(const pc_sokoban *g);

/* 1 when every box stands on a goal, else 0 (PC_EINVAL for NULL). */
PUZZLECORE_API int32_t pc_sokoban_is_solved(const pc_sokoban *g);

/* Moves and pushes made so far (up to the undo cursor). */
PUZZLECORE_API int64_t pc_sokoban_moves(const pc_sokoban *g);
PUZZLECORE_API int64_t pc_sokoban_pushes(const pc_sokoban *g);

/* One step in direction dir, pushing the box ahead if the cell behind it is
 * free floor.  *pushed (may be NULL) receives 1 when a box moved.  Clears the
 * redo list.  PC_EILLEGAL (nothing changes) when a wall, or a box that cannot
 * move, blocks the way; PC_EINVAL for a bad direction. */
PUZZLECORE_API int32_t pc_sokoban_step(pc_sokoban *g, int32_t dir, int32_t *pushed);

/* Take back the last step / redo the last undone one.  PC_EILLEGAL when
 * there is none. */
PUZZLECORE_API int32_t pc_sokoban_undo(pc_sokoban *g);
PUZZLECORE_API int32_t pc_sokoban_redo(pc_sokoban *g);

/* How much pc_sokoban_undo_by / pc_sokoban_redo_by take back or replay. */
enum pc_sokoban_unit {
    PC_SOKOBAN_UNIT_STEP = 0, /* one step: pc_sokoban_undo / pc_sokoban_redo */
    PC_SOKOBAN_UNIT_PUSH = 1, /* to the position just after the push before (or the start / end) */
    PC_SOKOBAN_UNIT_RUN = 2   /* a whole walk or a whole run of pushes: steps of one kind */
};

/*
 * Undo / redo by a unit a player thinks in (enum pc_sokoban_unit).  By
 * PUSH: undo takes back the walk made since the last push, or, when the
 * last step pushed, that push and the walk that led to it (so the position
 * is the one just after the push before, or the start); redo replays up to
 * and including the next push (or to the end of the history).  By RUN:
 * the steps before (undo) or after (redo) the cursor that are all walks or
 * all pushes, as one.  From the end of a unit (where playing, or undo and
 * redo by that unit, leave the position), undo then redo by the same unit
 * comes back to the same position; from inside one (after undo by single
 * steps, or a save whose cursor is there) redo goes on to the unit's end.
 * *steps (may be NULL) receives the number of steps taken
 * back or replayed; the events are those of the last of them.  PC_EILLEGAL
 * (nothing changes) when there is nothing to undo / redo, PC_EINVAL for
 * NULL or a bad unit.
 */
PUZZLECORE_API int32_t pc_sokoban_undo_by(pc_sokoban *g, int32_t unit, int32_t *steps);
PUZZLECORE_API int32_t pc_sokoban_redo_by(pc_sokoban *g, int32_t unit, int32_t *steps);

/* What the last step taken, undone or redone did (apply_lurd and restart: their
 * last step), for front ends that animate it.  Values are (x, y) of where
 * and to where, in board coordinates; the kinds come in this order. */
enum pc_sokoban_event_kind {
    PC_SOKOBAN_EVENT_WALK = 0,         /* the player went from (v0, v1) to (v2, v3) */
    PC_SOKOBAN_EVENT_BOX = 1,          /* a box went from (v0, v1) to (v2, v3) (undo: pulled back) */
    PC_SOKOBAN_EVENT_GOAL_LEFT = 2,    /* the box left the goal at (v0, v1) */
    PC_SOKOBAN_EVENT_GOAL_REACHED = 3, /* the box reached the goal at (v0, v1) */
    PC_SOKOBAN_EVENT_SOLVED = 4,       /* every box is on a goal now (v0, v1: the last box) */
    PC_SOKOBAN_EVENT_VALUES = 4        /* length of the values array of pc_sokoban_event */
};

/* Number of events of the last step (0 before the first). */
PUZZLECORE_API int32_t pc_sokoban_event_count(const pc_sokoban *g);

/* Event i of the last step: its kind (enum pc_sokoban_event_kind) and
 * PC_SOKOBAN_EVENT_VALUES values (each pointer may be NULL).  PC_EINVAL for
 * a bad index. */
PUZZLECORE_API int32_t pc_sokoban_event(const pc_sokoban *g, int32_t i, int32_t *kind, int32_t *values);

/* Number of steps that can be redone. */
PUZZLECORE_API int32_t pc_sokoban_redo_count(const pc_sokoban *g);

/* Back to the start position (the history is kept for redo). */
PUZZLECORE_API int32_t pc_sokoban_restart(pc_sokoban *g);

/* Apply a LURD string (white space ignored).  The letter's case must match
 * what happens: an upper-case letter must push, a lower-case one must not.
 * Atomic: on any error nothing changes.  PC_EPARSE for a character that is
 * not a LURD letter, PC_EILLEGAL for a blocked step or a wrong case; err
 * names the 1-based position. */
PUZZLECORE_API int32_t pc_sokoban_apply_lurd(pc_sokoban *g, const char *text, size_t len,
                                             char *err, size_t errcap);

/* The steps made from the start (up to the undo cursor) as LURD. */
PUZZLECORE_API int32_t pc_sokoban_lurd(const pc_sokoban *g, char *buf, size_t cap, size_t *len);

/* The board as XSB: which = 0 the current position, 1 the start position.
 * Rows end with '\n'; trailing blanks are dropped; no title line. */
PUZZLECORE_API int32_t pc_sokoban_write(const pc_sokoban *g, int32_t which, char *buf, size_t cap,
                                        size_t *len);

/* Save the game: the start board, the whole history (including steps that
 * can be redone) and the undo cursor, as text:
 *   puzzlecore-sokoban 1
 *   title <title>
 *   history <LURD>
 *   cursor <steps done>
 *   board
 *   <XSB rows of the start position> */
PUZZLECORE_API int32_t pc_sokoban_save(const pc_sokoban *g, char *buf, size_t cap, size_t *len);

/* Load a save made by pc_sokoban_save (PC_EPARSE with the line in err). */
PUZZLECORE_API int32_t pc_sokoban_load(const char *text, size_t len, char *err, size_t errcap,
                                       pc_sokoban **out);

/* The level's title ("" when none). */
PUZZLECORE_API int32_t pc_sokoban_title(const pc_sokoban *g, char *buf, size_t cap, size_t *len);

/* ---- helpers for front ends ------------------------------------------------------ */

/* The squares the player can walk to now without pushing: cells[y * width
 * + x] = 1 for each (its own square included), 0 elsewhere; *count (may be
 * NULL) receives how many.  cap must be at least width x height (PC_ESPACE
 * otherwise, *count still set); cells NULL with cap 0 asks the count only
 * (PC_OK). */
PUZZLECORE_API int32_t pc_sokoban_reachable(const pc_sokoban *g, uint8_t *cells, size_t cap,
                                            int32_t *count);

/* A shortest walk (lower-case LURD, no push) from the player to (x, y);
 * apply it with pc_sokoban_apply_lurd to walk there (undo then takes one
 * step back).  "" when the player is there.  PC_ENOTFOUND when (x, y) is
 * not reachable without pushing, PC_EINVAL off the board.  snprintf
 * convention. */
PUZZLECORE_API int32_t pc_sokoban_walk_path(const pc_sokoban *g, int32_t x, int32_t y, char *buf,
                                            size_t cap, size_t *len);

/* Bring the box on (bx, by) to (tx, ty) by the fewest pushes, then the
 * fewest moves, the other boxes staying where they are: the steps as LURD
 * (walks and pushes), to apply with pc_sokoban_apply_lurd.  "" when the box
 * is there already.  PC_ENOTFOUND when there is no box on (bx, by), (tx, ty)
 * is a wall, another box or outside, or the box cannot get there alone;
 * PC_EINVAL off the board.  snprintf convention. */
PUZZLECORE_API int32_t pc_sokoban_push_path(const pc_sokoban *g, int32_t bx, int32_t by, int32_t tx,
                                            int32_t ty, char *buf, size_t cap, size_t *len);

/* Why pc_sokoban_deadlock found the position lost. */
enum pc_sokoban_deadlock_kind {
    PC_SOKOBAN_DEADLOCK_NONE = 0,        /* no deadlock found */
    PC_SOKOBAN_DEADLOCK_DEAD_SQUARE = 1, /* a box off goal on a dead square (PC_SOKOBAN_DEAD) */
    PC_SOKOBAN_DEADLOCK_FROZEN = 2,      /* boxes that can never move again, one off its goal */
    PC_SOKOBAN_DEADLOCK_CORRAL = 3,      /* an area the player cannot enter, with a box off goal
                                            or an empty goal, whose boxes cannot be pushed in */
    PC_SOKOBAN_DEADLOCK_MATCHING = 4,    /* some boxes can reach, between them, fewer goals
                                            than they are */
    PC_SOKOBAN_DEADLOCK_SEALED = 5       /* boxes frozen on goals (they never move again)
                                            leave a box no free goal it can reach, or a free
                                            goal no box can reach */
};

/* Is the current position lost, by a test that needs no search?  Returns 1
 * (lost: *kind the reason, cells[y * width + x] = 1 on each box forming the
 * deadlock, 0 elsewhere), 0 (no deadlock found: the position may still be
 * lost; pc_sokoban_solve with PC_SOKOBAN_ANY from it decides, under a
 * budget: PC_ENOTFOUND proves it lost, PC_OK gives a way out) or a negative
 * status.  The tests, in this order (the first that fires is reported):
 * boxes off goal on dead squares (all of them marked); a group of frozen
 * boxes with one off goal (the group); a PI-corral that no push can enter
 * (its barrier boxes); boxes that cannot all reach distinct goals (a set of
 * boxes reaching fewer goals than they are); boxes frozen on goals sealing
 * free goals off (those boxes, and the boxes that reach no free goal).  A
 * kind added in a later version of this ABI major comes after these, so a
 * caller should take an unknown kind as "lost, for a reason not listed".
 * cap must be at least width x
 * height (PC_ESPACE otherwise); cells NULL with cap 0 asks the answer only.
 * kind may be NULL. */
PUZZLECORE_API int32_t pc_sokoban_deadlock(const pc_sokoban *g, uint8_t *cells, size_t cap, int32_t *kind);

/* ---- solver ------------------------------------------------------------------- */

/* Search a solution from the current position, under `budget` (NULL: the
 * defaults of puzzlecore/budget.h, 10 s and 256 MiB; a node is one state
 * expanded; progress reports the best proven lower bound).
 *
 * mode PC_SOKOBAN_MOVES or PC_SOKOBAN_PUSHES: an optimal solution.  A* over
 * push states (boxes, player square) with a consistent lower bound
 * (minimum-cost matching of boxes to goals on push distances), so the first
 * solution found is optimal; doc/sokoban.md has the proof sketch.  In moves
 * mode a short push-optimal pre-search (at most 250000 nodes, counted in the
 * node budget and the result's figures) supplies an upper bound.  These
 * modes refuse levels of more than 255 interior cells or 64 boxes
 * (PC_ERANGE).
 *
 * mode PC_SOKOBAN_ANY: some solution, found fast, on any level the parser
 * takes (up to 128 x 128, any number of boxes): on levels the optimal modes
 * take, a push-optimal search of at most 50000 nodes first; then a greedy
 * best-first search over push states (boxes, player's reachable area) on
 * the matching bound, with dead squares and freeze deadlocks pruned.  The
 * solution need not be optimal; it is replayed and checked before it is
 * returned.  The result's bound is a lower bound on pushes.
 *
 * mode PC_SOKOBAN_SHORT: PC_SOKOBAN_ANY's solution, then a second pass
 * that shortens it: windows of the solution that move few boxes (at most 6
 * boxes over at most 64 pushes) are solved again optimally, the other
 * boxes standing still, and every cheaper one (fewer moves, then fewer
 * pushes) is spliced in, sweep after sweep until one gains nothing or the
 * budget ends.  The pass's states count as nodes in the budget and the
 * result; a limit or cancel met during the pass ends it and returns
 * PC_OK with the solution as shortened so far (never a longer one than
 * PC_SOKOBAN_ANY's).  Deterministic under a node budget; under a time
 * budget how far the pass gets depends on the machine.  doc/sokoban.md,
 * "The second pass", has the figures.
 *
 * Returns PC_OK (solved), PC_ENOTFOUND (proved unsolvable) or PC_ELIMIT (a
 * budget ran out); in these three cases *out receives a result the caller
 * frees with pc_sokoban_result_free.  Other errors (PC_EINVAL for a bad
 * argument or budget, PC_ENOMEM, PC_ECANCELLED when the budget's cancel flag
 * or progress callback stopped the search, PC_ERANGE) leave *out NULL. */
PUZZLECORE_API int32_t pc_sokoban_solve(const pc_sokoban *g, int32_t mode, const pc_budget *budget,
                                        pc_sokoban_result **out);

/* Free a result; NULL is accepted. */
PUZZLECORE_API void pc_sokoban_result_free(pc_sokoban_result *r);

/* PC_OK, PC_ENOTFOUND or PC_ELIMIT, as pc_sokoban_solve returned. */
PUZZLECORE_API int32_t pc_sokoban_result_status(const pc_sokoban_result *r);

/* The mode searched (PC_SOKOBAN_MOVES, PC_SOKOBAN_PUSHES, PC_SOKOBAN_ANY or
 * PC_SOKOBAN_SHORT). */
PUZZLECORE_API int32_t pc_sokoban_result_mode(const pc_sokoban_result *r);

/* Moves and pushes of the solution (-1 when there is none). */
PUZZLECORE_API int64_t pc_sokoban_result_moves(const pc_sokoban_result *r);
PUZZLECORE_API int64_t pc_sokoban_result_pushes(const pc_sokoban_result *r);

/* A proven lower bound on the optimum's first criterion (moves in
 * PC_SOKOBAN_MOVES mode, pushes in PC_SOKOBAN_PUSHES mode; in
 * PC_SOKOBAN_ANY and PC_SOKOBAN_SHORT modes a bound on pushes, also when
 * solved, since that solution need not be optimal: doc/sokoban.md, "Fast
 * mode"): every solution
 * from the position searched costs at least this much.  Solved: the
 * solution's count (the bound is reached).  Budget ran out (PC_ELIMIT): the
 * largest f = g + h the search took off its queue (A* with an admissible
 * bound never takes a state with f above the optimum off it first), so a
 * stopped search still says how far the answer is at least.  Proved
 * unsolvable: -1.  PC_EINVAL for a NULL result. */
PUZZLECORE_API int64_t pc_sokoban_result_bound(const pc_sokoban_result *r);

/* States expanded, states stored, and peak bytes the search held. */
PUZZLECORE_API uint64_t pc_sokoban_result_nodes(const pc_sokoban_result *r);
PUZZLECORE_API uint64_t pc_sokoban_result_states(const pc_sokoban_result *r);
PUZZLECORE_API uint64_t pc_sokoban_result_bytes(const pc_sokoban_result *r);

/* The solution as LURD ("" when there is none). */
PUZZLECORE_API int32_t pc_sokoban_result_lurd(const pc_sokoban_result *r, char *buf, size_t cap,
                                              size_t *len);

/* ---- creativity index (pure functions) ------------------------------------------ */
/*
 * Seed 003 ("Map Creativity Index", Whirly):  i = interactions (pushes) and
 * p = moves of the minimal solution; u = dynamic units (boxes + player);
 * c = interior cells; a = colonies; t = interaction types.
 *   d = i + (p - i)/5            D = 0.8 I + 0.2 P,  I = i - 8,  P = p - 33
 *   m = u + (c - u)/5            r = (a - 2) + 3 (t - 1)
 *   v = m + 3 r                  V = v / 6.22        Ci = D / V
 * A map with i < 8 or p < 33 scores D = 0 and Ci = 0 (doc/sokoban.md).
 * Arguments must be finite, >= 0 (a >= 1, t >= 1); PC_EINVAL otherwise.
 */
enum pc_sokoban_index_consts {
    PC_SOKOBAN_I0 = 8, /* trivial interactions (Microban 1's pushes) */
    PC_SOKOBAN_P0 = 33 /* trivial path length (Microban 1's moves) */
};

/* d = i + (p - i) / 5. */
PUZZLECORE_API int32_t pc_sokoban_index_raw_difficulty(double i, double p, double *out);
/* D = 0.8 (i - I0) + 0.2 (p - P0), or 0 when i < I0 or p < P0. */
PUZZLECORE_API int32_t pc_sokoban_index_difficulty(double i, double p, double *out);
/* m = u + (c - u) / 5. */
PUZZLECORE_API int32_t pc_sokoban_index_mechanical(double u, double c, double *out);
/* r = (a - 2) + 3 (t - 1). */
PUZZLECORE_API int32_t pc_sokoban_index_rules(double a, double t, double *out);
/* v = m + 3 r. */
PUZZLECORE_API int32_t pc_sokoban_index_raw_volumability(double u, double c, double a, double t,
                                                         double *out);
/* V = v / V0 with V0 = 6.22 (pc_sokoban_index_v0). */
PUZZLECORE_API int32_t pc_sokoban_index_volumability(double u, double c, double a, double t,
                                                     double *out);
/* The constant V0 = 6.22 as the seed states it. */
PUZZLECORE_API double pc_sokoban_index_v0(void);
/* Ci = D / V.  PC_ERANGE when V <= 0. */
PUZZLECORE_API int32_t pc_sokoban_index_ci(double i, double p, double u, double c, double a,
                                           double t, double *out);

/* a and t of a rule family: colours >= 1 is the number of box colours of
 * Colorban, PullPush and Flocks (a = 3 x colours); the other families need
 * colours = 1.  PC_EINVAL otherwise. */
PUZZLECORE_API int32_t pc_sokoban_variant_rules(int32_t variant, int32_t colours, int32_t *a,
                                                int32_t *t);

/* The index of a classic level from a move-optimal result of this level's
 * start position: u = boxes + 1, c = pc_sokoban_interior_count, a = 3,
 * t = 1, i = result pushes, p = result moves.  PC_EINVAL when the result is
 * not a solved PC_SOKOBAN_MOVES result. */
PUZZLECORE_API int32_t pc_sokoban_index(const pc_sokoban *g, const pc_sokoban_result *r,
                                        double *ci);

/* Solve the start position move-optimally (budget as pc_sokoban_solve) and
 * return Ci, and (each may be NULL) the moves p and pushes i used.  Returns
 * what the solver returned (PC_ENOTFOUND: unsolvable, PC_ELIMIT: budget,
 * PC_ECANCELLED: cancelled). */
PUZZLECORE_API int32_t pc_sokoban_level_index(const pc_sokoban *g, const pc_budget *budget, double *ci,
                                              int64_t *moves, int64_t *pushes);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_SOKOBAN_H */
