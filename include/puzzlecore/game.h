/*
 * puzzlecore/game.h — one front door for every game.
 *
 * A pc_game is any of the library's games behind one handle, in the manner of
 * Simon Tatham's midend and OpenSpiel's State: parameters as text, moves as
 * text, a list of the legal moves, play, undo and redo, clone, save and load
 * of any game from one text, scores per player, a rendering and a suggested
 * move under a pc_budget.  A front end, a binding, a fuzzer or a test can
 * drive every game through it without knowing which game it is:
 *
 *     pc_game *g;
 *     pc_game_new("sokoban", "level=#####|#@$.#|#####", 0, &g);
 *     pc_game_moves(g, buf, sizeof buf, &len);   // "r\n"
 *     pc_game_play(g, "r", 1);
 *     pc_game_over(g);                            // 1
 *     pc_game_free(g);
 *
 * The typed per-game API (puzzlecore/<game>.h) stays for what only one game
 * has; pc_game_typed() gives read access to the typed handle inside, so the
 * two views never disagree.  Every kind's parameters, move notation, score
 * and suggestion are documented in doc/game.md.
 *
 * Conventions as everywhere (doc/api.md): int32_t status, text out by the
 * snprintf rule (cap 0 asks the length), a failing call changes nothing.
 */
#ifndef PUZZLECORE_GAME_H
#define PUZZLECORE_GAME_H

#include "puzzlecore/budget.h"
#include "puzzlecore/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pc_game pc_game;

enum pc_game_consts {
    PC_GAME_NOBODY = -1,         /* pc_game_to_move of a finished game */
    PC_GAME_MAX_PARAMS = 65536,  /* longest params text, bytes */
    PC_GAME_MAX_MOVE = 256       /* longest move text, bytes */
};

/* Number of kinds (5). */
PUZZLECORE_API int32_t pc_game_kind_count(void);

/* Name of kind i: "nonogram", "pickerel", "snapper", "sokoban", "patchwork";
 * NULL out of range.  Static storage. */
PUZZLECORE_API const char *pc_game_kind_name(int32_t i);

/* Check a kind's parameters without making a game: PC_OK, PC_ENOTFOUND for an
 * unknown kind, PC_EPARSE (err: "key: message") for an unknown key or a bad
 * value, PC_ERANGE for params longer than PC_GAME_MAX_PARAMS, PC_ENOMEM.
 * `params` is key=value pairs separated by spaces or newlines; NULL or "" =
 * defaults.  A given solution, level or palette is checked in full; a
 * nonogram's generator is not run, so valid params may still make
 * pc_game_new answer PC_ELIMIT (e.g. size=3x25: no unique puzzle found). */
PUZZLECORE_API int32_t pc_game_validate(const char *kind, const char *params, char *err, size_t errcap);

/* A new game of `kind` with `params` (as pc_game_validate) and `seed` (what a
 * kind deals or generates from it: same kind, params and seed, same game on
 * every platform).  Errors as pc_game_validate, PC_EINVAL for NULLs,
 * PC_ENOMEM, and the typed constructor's errors (e.g. PC_ELIMIT when no
 * nonogram of that size and grade could be generated). */
PUZZLECORE_API int32_t pc_game_new(const char *kind, const char *params, uint64_t seed, pc_game **out);

/* Any game's save text (from pc_game_save or the typed save of any kind: the
 * first line, "puzzlecore-<kind> <version>", names the kind).  PC_EPARSE with
 * "line L, column C: ..." in err (may be NULL), PC_ENOTFOUND for an unknown
 * kind.  The loaded game has no undo history. */
PUZZLECORE_API int32_t pc_game_load(const char *text, size_t len, char *err, size_t errcap, pc_game **out);

/* The game as text: exactly the typed save of its kind, so pc_game_load and
 * the kind's own loader both take it.  Undo history is not saved. */
PUZZLECORE_API int32_t pc_game_save(const pc_game *g, char *buf, size_t cap, size_t *len);

/* An independent copy, undo and redo history included. */
PUZZLECORE_API int32_t pc_game_clone(const pc_game *g, pc_game **out);

/* Free a game; NULL is accepted. */
PUZZLECORE_API void pc_game_free(pc_game *g);

/* The kind's name ("sokoban", ...); NULL for a NULL game.  Static storage. */
PUZZLECORE_API const char *pc_game_kind(const pc_game *g);

/* Every legal move now, one per line, each ending in '\n', in the kind's
 * notation (doc/game.md); "" when the game is over. */
PUZZLECORE_API int32_t pc_game_moves(const pc_game *g, char *buf, size_t cap, size_t *len);

/* Play one move given as text (len bytes, no NUL needed; spaces at the ends
 * are ignored).  PC_EPARSE for text that is not a move of the kind's
 * notation, PC_EILLEGAL for a move the rules forbid now, PC_EOVER once the
 * game is over, PC_ERANGE for a text longer than PC_GAME_MAX_MOVE.  Every
 * listed move is accepted; on failure nothing changes.  Playing clears the
 * redo list. */
PUZZLECORE_API int32_t pc_game_play(pc_game *g, const char *move, size_t len);

/* Take back the last move (any number of times, back to the start of the game
 * or of the load): the game is again exactly as it was (same save text).
 * PC_ENOTFOUND when there is nothing to undo. */
PUZZLECORE_API int32_t pc_game_undo(pc_game *g);

/* Play again the last move undone.  PC_ENOTFOUND when there is none. */
PUZZLECORE_API int32_t pc_game_redo(pc_game *g);

/* Moves that can be undone / redone now (a negative status for NULL). */
PUZZLECORE_API int32_t pc_game_undo_count(const pc_game *g);
PUZZLECORE_API int32_t pc_game_redo_count(const pc_game *g);

/* 1 when the game is over (solved, finished or lost), 0 while it goes on, a
 * negative status for NULL. */
PUZZLECORE_API int32_t pc_game_over(const pc_game *g);

/* Number of players: 2 for Patchwork, 1 for the others. */
PUZZLECORE_API int32_t pc_game_player_count(const pc_game *g);

/* The player to move (0-based), or PC_GAME_NOBODY when the game is over. */
PUZZLECORE_API int32_t pc_game_to_move(const pc_game *g, int32_t *player);

/* The score of `player` now, as the kind defines it (doc/game.md): the same
 * number as the typed API's score.  PC_EINVAL for a player out of range. */
PUZZLECORE_API int32_t pc_game_score(const pc_game *g, int32_t player, double *score);

/* The position as plain text for a terminal (the kind's rendering). */
PUZZLECORE_API int32_t pc_game_render(const pc_game *g, char *buf, size_t cap, size_t *len);

/* A good move for the player to move, as text (one of pc_game_moves' lines,
 * without the '\n'), found by the kind's advisor, solver or bot under
 * `budget` (NULL: the safe defaults of budget.h).  PC_EOVER when over,
 * PC_ENOTFOUND when the kind's search finds no move (an unsolvable Sokoban
 * position, a nonogram grid that contradicts its clues), PC_ELIMIT or
 * PC_ECANCELLED when the budget stopped it.  The game is not changed. */
PUZZLECORE_API int32_t pc_game_suggest(const pc_game *g, const pc_budget *budget, char *buf, size_t cap,
                                       size_t *len);

/* Read access to the typed handle inside: cast it to the kind's type
 * (const pc_sokoban *, ...).  NULL for a NULL game.  Changing the game goes
 * through pc_game_play, so the two views never disagree. */
PUZZLECORE_API const void *pc_game_typed(const pc_game *g);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_GAME_H */
