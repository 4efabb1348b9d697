/*
 * puzzlecore/patchwork.h -- Patchwork, the two-player quilting game, with the
 * exact rules of the CodinGame referee ("Git Patchwork", every league) and of
 * the official board game (Lookout Spiele).  doc/patchwork.md has the rules
 * as implemented and every interpretation.
 *
 * Quick tour:
 *   pc_patchwork *g;
 *   pc_budget budget;                                   // puzzlecore/budget.h
 *   pc_budget_init(&budget, sizeof budget);
 *   budget.max_nodes = 2000;                            // playouts per move
 *   pc_patchwork_new(PC_PATCHWORK_LEAGUE4, 42, &g);      // seeded deck
 *   while (pc_patchwork_to_move(g) >= 0) {
 *       int32_t mv;
 *       pc_patchwork_suggest(g, &budget, &mv);           // or your own choice
 *       pc_patchwork_apply(g, mv);
 *   }
 *   int32_t w;
 *   pc_patchwork_winner(g, &w);                         // 0, 1 or PC_PATCHWORK_DRAW
 *   pc_patchwork_free(g);
 *
 * Coordinates: x is the column, y the row, both 0..8, (0, 0) top left.  A
 * patch is placed by the top-left corner of its transformed bounding box.
 * Orientation: flip (each row reversed) is applied first, then rot clockwise
 * quarter turns (0..3), exactly as the referee does.
 *
 * Moves are passed around as one non-negative int32 "move code":
 *   bits 0-1 kind (PC_PATCHWORK_SKIP / _PLAY / _SPECIAL), bits 2-7 patch,
 *   bits 8-11 x, bits 12-15 y, bit 16 flip, bits 17-18 rot.
 * For PLAY, patch is the patch id 0..32.  For SPECIAL (placing a pending 1x1
 * special patch), patch is the special's timeline position (20, 26, ...; its
 * referee id is the negative of that), or 0 for "the one pending now".
 * Use pc_patchwork_move_encode/_decode rather than the bits.
 */
#ifndef PUZZLECORE_PATCHWORK_H
#define PUZZLECORE_PATCHWORK_H

#include "puzzlecore/budget.h"
#include "puzzlecore/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rulesets.  LEAGUE1..LEAGUE4 are the CodinGame referee's leagues (league 5
 * is identical to 4 and may be passed as 5); OFFICIAL is the board game. */
enum pc_patchwork_ruleset {
    PC_PATCHWORK_LEAGUE1 = 1,  /* 19-step track, no flip/rotation, score 200 - 2*empty */
    PC_PATCHWORK_LEAGUE2 = 2,  /* 53 steps, flip and rotation */
    PC_PATCHWORK_LEAGUE3 = 3,  /* + button income, paid SKIP, 5-button start, money scored */
    PC_PATCHWORK_LEAGUE4 = 4,  /* + 5 special 1x1 patches and the 7x7 bonus (levels 4 and 5) */
    PC_PATCHWORK_LEAGUE5 = 5,  /* alias of LEAGUE4 */
    PC_PATCHWORK_OFFICIAL = 10 /* board game: league-4 economy, no +200, no action cap */
};

/* Move kinds (bits 0-1 of a move code). */
enum pc_patchwork_move_kind {
    PC_PATCHWORK_SKIP = 0,
    PC_PATCHWORK_PLAY = 1,
    PC_PATCHWORK_SPECIAL = 2
};

/* Sizes and special results. */
enum pc_patchwork_consts {
    PC_PATCHWORK_PATCHES = 33,     /* patch ids 0..32 */
    PC_PATCHWORK_BOARD = 9,        /* the quilt is 9 x 9 */
    PC_PATCHWORK_MAX_MOVES = 2048, /* bound on pc_patchwork_legal_moves */
    PC_PATCHWORK_DRAW = 2,         /* pc_patchwork_winner: a draw */
    PC_PATCHWORK_NOT_OVER = -1,    /* pc_patchwork_winner: still playing */
    PC_PATCHWORK_NOBODY = -1       /* _to_move once over, _bonus_owner, _finished_first: none */
};

/* Why the referee changed a bot's command (pc_patchwork_referee_step), as
 * bit flags; the referee's TurnResult names. */
enum pc_patchwork_fix {
    PC_PATCHWORK_FIX_NONE = 0,
    PC_PATCHWORK_FIX_INVALID_ID = 1,        /* not one of the first 3 (or not the pending special) */
    PC_PATCHWORK_FIX_NO_MONEY = 2,          /* price > buttons */
    PC_PATCHWORK_FIX_INVALID_PLACEMENT = 4, /* off the board or overlapping */
    PC_PATCHWORK_FIX_CANT_SKIP = 8          /* SKIP with a pending special: auto-placed */
};

typedef struct pc_patchwork pc_patchwork;

/* ---- creating ------------------------------------------------------------ */

/* New game.  The deck is ids 0..31 shuffled with pc_rng seeded by `seed`
 * (pc_rng_shuffle_i32 order), then 32.  PC_EINVAL for an unknown ruleset. */
PUZZLECORE_API int32_t pc_patchwork_new(int32_t ruleset, uint64_t seed, pc_patchwork **out);

/* New game with an explicit circle of patches (for instance read from the
 * referee's first input): `order` must be a permutation of 0..32, first the
 * patch right after the marker.  PC_EINVAL otherwise. */
PUZZLECORE_API int32_t pc_patchwork_new_deck(int32_t ruleset, const int32_t *order, size_t n,
                                             pc_patchwork **out);

/* Free a game; NULL is accepted. */
PUZZLECORE_API void pc_patchwork_free(pc_patchwork *g);

/* Independent copy (history included). */
PUZZLECORE_API int32_t pc_patchwork_clone(const pc_patchwork *g, pc_patchwork **out);

/* Expert parameters, settable only before the first action (PC_EILLEGAL
 * after): the side of the bonus square (1..9, default 7) and the buttons each
 * player starts with (0..1000000, default the ruleset's 200 or 5). */
PUZZLECORE_API int32_t pc_patchwork_set_bonus_size(pc_patchwork *g, int32_t size);
PUZZLECORE_API int32_t pc_patchwork_set_initial_money(pc_patchwork *g, int32_t money);
/* The action cap (an expert parameter too, only before the first action): the
 * game ends after `cap` actions with both scores 0, a draw, as the CodinGame
 * referee's 80-action cap does (pc_patchwork_capped).  0..1000, 0 = no cap;
 * default 80 in the leagues, none for the board game.  A save records a cap
 * other than the ruleset's default ("action_cap N"). */
PUZZLECORE_API int32_t pc_patchwork_set_action_cap(pc_patchwork *g, int32_t cap);
PUZZLECORE_API int32_t pc_patchwork_action_cap(const pc_patchwork *g);

/* ---- reading the state ---------------------------------------------------- */
/* Accessors taking a player accept 0 or 1; a NULL handle or a bad player
 * gives PC_EINVAL (-1) unless stated otherwise. */

/* The ruleset given at creation (5 reads back as 4). */
PUZZLECORE_API int32_t pc_patchwork_ruleset(const pc_patchwork *g);
/* The last timeline position (19 in league 1, else 53). */
PUZZLECORE_API int32_t pc_patchwork_duration(const pc_patchwork *g);
/* Bonus square side and initial money in force. */
PUZZLECORE_API int32_t pc_patchwork_bonus_size(const pc_patchwork *g);
PUZZLECORE_API int32_t pc_patchwork_initial_money(const pc_patchwork *g);
/* The seed given to pc_patchwork_new (0 for an explicit deck) in *out.
 * PC_EINVAL for NULL. */
PUZZLECORE_API int32_t pc_patchwork_seed(const pc_patchwork *g, uint64_t *out);
/* The initial circle of 33 ids (snprintf-like count convention: writes at
 * most cap ids, *n = 33, PC_ESPACE when 0 < cap < 33; cap 0 asks: PC_OK). */
PUZZLECORE_API int32_t pc_patchwork_deck(const pc_patchwork *g, int32_t *ids, size_t cap, size_t *n);

/* *player = the player to move (0 or 1), or PC_PATCHWORK_NOBODY once over. */
PUZZLECORE_API int32_t pc_patchwork_to_move(const pc_patchwork *g, int32_t *player);
/* 1 when the game is over, 0 otherwise. */
PUZZLECORE_API int32_t pc_patchwork_is_over(const pc_patchwork *g);
/* Actions taken so far (the referee's turns; special placements count). */
PUZZLECORE_API int32_t pc_patchwork_actions(const pc_patchwork *g);
/* 1 when the game ended on the 80-action cap of the CodinGame referee. */
PUZZLECORE_API int32_t pc_patchwork_capped(const pc_patchwork *g);

/* Timeline position, buttons, income per income event (the sum of the
 * earnings of the patches on the quilt; 0 in leagues 1-2 as the referee
 * zeroes them), pending special patches, empty squares. */
PUZZLECORE_API int32_t pc_patchwork_position(const pc_patchwork *g, int32_t player);
PUZZLECORE_API int32_t pc_patchwork_buttons(const pc_patchwork *g, int32_t player);
PUZZLECORE_API int32_t pc_patchwork_income(const pc_patchwork *g, int32_t player);
PUZZLECORE_API int32_t pc_patchwork_pending(const pc_patchwork *g, int32_t player);
PUZZLECORE_API int32_t pc_patchwork_empty(const pc_patchwork *g, int32_t player);

/* 1 when square (x, y) of the player's quilt is covered, 0 when empty. */
PUZZLECORE_API int32_t pc_patchwork_cell(const pc_patchwork *g, int32_t player, int32_t x, int32_t y);
/* The quilt as 81 bits: bit y*9+x of (words[0] | words[1] << 64). */
PUZZLECORE_API int32_t pc_patchwork_board_bits(const pc_patchwork *g, int32_t player, uint64_t *words2);
/* The quilt as 9 lines of 'O' and '.', each ending in '\n'. */
PUZZLECORE_API int32_t pc_patchwork_board_text(const pc_patchwork *g, int32_t player, char *buf, size_t cap,
                                               size_t *len);

/* The remaining circle from the marker (the first 3 are buyable): writes at
 * most cap ids, sets *n to the count, PC_ESPACE when cap is too small (cap 0
 * asks the count: PC_OK). */
PUZZLECORE_API int32_t pc_patchwork_market(const pc_patchwork *g, int32_t *ids, size_t cap, size_t *n);

/* *id = the referee id of the special patch the player to move must place
 * now (-20, -26, -32, -44 or -50), or 0 when none is pending. */
PUZZLECORE_API int32_t pc_patchwork_special_id(const pc_patchwork *g, int32_t *id);
/* Special patches still unclaimed on the timeline, as a count. */
PUZZLECORE_API int32_t pc_patchwork_specials_left(const pc_patchwork *g);
/* *player = who holds the bonus tile (PC_PATCHWORK_NOBODY yet). */
PUZZLECORE_API int32_t pc_patchwork_bonus_owner(const pc_patchwork *g, int32_t *player);
/* *player = who reached the last position first (PC_PATCHWORK_NOBODY yet). */
PUZZLECORE_API int32_t pc_patchwork_finished_first(const pc_patchwork *g, int32_t *player);
/* Who moved last (the tie rule for the turn; 0 at the start). */
PUZZLECORE_API int32_t pc_patchwork_last_player(const pc_patchwork *g);

/* The score as the ruleset counts it, valid at any time:
 * CodinGame: 200 + money_mult*buttons + 7*[bonus, league 4] - 2*empty, +1 to
 * the player who finished first when both are equal; 0 for both after the
 * action cap.  Official: buttons + 7*[bonus] - 2*empty (can be negative:
 * hence *score, the return being a status). */
PUZZLECORE_API int32_t pc_patchwork_score(const pc_patchwork *g, int32_t player, int32_t *score);
/* *winner = 0 or 1, PC_PATCHWORK_DRAW, or PC_PATCHWORK_NOT_OVER while playing. */
PUZZLECORE_API int32_t pc_patchwork_winner(const pc_patchwork *g, int32_t *winner);

/* ---- the patches ------------------------------------------------------------ */

/* Facts of a patch: id 0..32, or a special id (-20, -26, -32, -44, -50).
 * Any out pointer may be NULL.  PC_EINVAL for other ids. */
PUZZLECORE_API int32_t pc_patchwork_patch_info(int32_t id, int32_t *earn, int32_t *price, int32_t *time,
                                               int32_t *cells);
/* The shape in orientation (flip, rot) as the referee prints shapes: rows
 * joined by '|', 'O' filled, '.' empty ("OO.|.OO"). */
PUZZLECORE_API int32_t pc_patchwork_patch_shape(int32_t id, int32_t flip, int32_t rot, char *buf, size_t cap,
                                                size_t *len);
/* The distinct orientations k = 4*flip + rot of a patch, ascending (each
 * shape once, by its smallest k); *n gets the count (1..8). */
PUZZLECORE_API int32_t pc_patchwork_patch_orientations(int32_t id, int32_t *ks, size_t cap, size_t *n);

/* ---- moves -------------------------------------------------------------------- */

/* Pack / unpack a move code (see the top of this header).  Encode checks
 * only the field ranges (kind 0..2, patch 0..63, x/y 0..8, flip 0..1, rot
 * 0..3): PC_EINVAL otherwise.  Decode's out pointers may be NULL. */
PUZZLECORE_API int32_t pc_patchwork_move_encode(int32_t kind, int32_t patch, int32_t x, int32_t y, int32_t flip,
                                                int32_t rot, int32_t *code);
PUZZLECORE_API int32_t pc_patchwork_move_decode(int32_t code, int32_t *kind, int32_t *patch, int32_t *x,
                                                int32_t *y, int32_t *flip, int32_t *rot);

/* A move as the referee logs it: "SKIP", "PLAY id x y" (league 1) or
 * "PLAY id x y flip rot"; a special prints its negative id (a SPECIAL code
 * with patch 0, "the pending one", has no id: PC_EINVAL). */
PUZZLECORE_API int32_t pc_patchwork_move_text(int32_t ruleset, int32_t code, char *buf, size_t cap, size_t *len);

/* Every legal move of the player to move, each distinct placement once (in
 * its smallest orientation k): SKIP first when allowed, then by window
 * index, orientation, then row-major origin.  Writes at most cap codes, sets
 * *n to the count (<= PC_PATCHWORK_MAX_MOVES); PC_ESPACE when 0 < cap < *n
 * (cap 0 asks the count: PC_OK).  A
 * finished game has no moves (*n = 0, PC_OK). */
PUZZLECORE_API int32_t pc_patchwork_legal_moves(const pc_patchwork *g, int32_t *codes, size_t cap, size_t *n);

/* PC_OK when the move is legal now; else what pc_patchwork_apply would say. */
PUZZLECORE_API int32_t pc_patchwork_check(const pc_patchwork *g, int32_t code);

/* Play a move for the player to move.  Atomic: on failure nothing changes.
 * PC_EOVER once finished, PC_EINVAL for a malformed code, PC_EILLEGAL when
 * the rules forbid it (patch outside the window, too dear, off the board or
 * overlapping, SKIP while a special is pending, flip/rot in league 1). */
PUZZLECORE_API int32_t pc_patchwork_apply(pc_patchwork *g, int32_t code);

/* Shorthands for pc_patchwork_apply.  play accepts a special id (negative)
 * as patch to place the pending special patch. */
PUZZLECORE_API int32_t pc_patchwork_play(pc_patchwork *g, int32_t patch, int32_t x, int32_t y, int32_t flip,
                                         int32_t rot);
PUZZLECORE_API int32_t pc_patchwork_skip(pc_patchwork *g);
PUZZLECORE_API int32_t pc_patchwork_place_special(pc_patchwork *g, int32_t x, int32_t y);

/* ---- what the last move did, and who covers each square ---------------------
 * For front ends that animate a turn and draw the quilt.  Events are in the
 * order they happened; values not listed are 0. */
enum pc_patchwork_event_kind {
    PC_PATCHWORK_EVENT_SKIP = 0,          /* v: squares moved, buttons received for them */
    PC_PATCHWORK_EVENT_BUY = 1,           /* v: patch id, x, y, orientation k (4*flip+rot), price */
    PC_PATCHWORK_EVENT_ADVANCE = 2,       /* v: squares moved for a bought patch, new position */
    PC_PATCHWORK_EVENT_PLACE_SPECIAL = 3, /* v: the special patch's referee id (-20 ...), x, y */
    PC_PATCHWORK_EVENT_INCOME = 4,        /* v: buttons paid by income events crossed, income per event */
    PC_PATCHWORK_EVENT_SPECIAL_WON = 5,   /* v: special patches won (to place next) */
    PC_PATCHWORK_EVENT_BONUS = 6,         /* the event's player takes the bonus tile; v: its side */
    PC_PATCHWORK_EVENT_FINISHED = 7,      /* the event's player reached the last position first */
    PC_PATCHWORK_EVENT_OVER = 8,          /* the game ended; player: winner (or DRAW); v: 1 on the action cap */
    PC_PATCHWORK_EVENT_VALUES = 5         /* length of the values array of pc_patchwork_event */
};

/* Number of events of the last move (0 before the first; a failed move
 * keeps the previous ones). */
PUZZLECORE_API int32_t pc_patchwork_event_count(const pc_patchwork *g);

/* Event i of the last move: its kind (enum pc_patchwork_event_kind), the
 * player it concerns and PC_PATCHWORK_EVENT_VALUES values (each pointer may
 * be NULL).  PC_EINVAL for a bad index. */
PUZZLECORE_API int32_t pc_patchwork_event(const pc_patchwork *g, int32_t i, int32_t *kind, int32_t *player,
                                          int32_t *values);

/* Who covers square (x, y) of the player's quilt: *patch = the patch id
 * (0..32), a special patch's referee id (-20, -26, ...), or
 * PC_PATCHWORK_NOBODY for an empty square; *orientation (may be NULL) = the
 * k = 4*flip + rot it was placed in (0 when empty).  Every square of one
 * placed patch has the same id, so a front end can draw each patch whole. */
PUZZLECORE_API int32_t pc_patchwork_cell_patch(const pc_patchwork *g, int32_t player, int32_t x, int32_t y,
                                               int32_t *patch, int32_t *orientation);

/* The moves played so far (codes and, if players is not NULL, who played
 * each); *n gets the count; PC_ESPACE when cap is too small (cap 0 asks:
 * PC_OK). */
PUZZLECORE_API int32_t pc_patchwork_history(const pc_patchwork *g, int32_t *codes, int32_t *players, size_t cap,
                                            size_t *n);

/* ---- save / load ------------------------------------------------------------ */

/* Text form: "puzzlecore-patchwork 1", then ruleset, seed, bonus_size,
 * initial_money, deck and one "move ..." line per action. */
PUZZLECORE_API int32_t pc_patchwork_save(const pc_patchwork *g, char *buf, size_t cap, size_t *len);
/* Rebuild a game from pc_patchwork_save text (moves are replayed and
 * checked).  PC_EPARSE with "line L, column C: ..." in err when malformed. */
PUZZLECORE_API int32_t pc_patchwork_load(const char *text, size_t len, char *err, size_t errcap,
                                         pc_patchwork **out);

/* ---- the CodinGame protocol ---------------------------------------------------- */

/* The initialization lines (income events, their times, special events,
 * their times; an empty line for an empty list), each ending in '\n'. */
PUZZLECORE_API int32_t pc_patchwork_init_input(const pc_patchwork *g, char *buf, size_t cap, size_t *len);
/* The turn lines for the player to move, byte for byte as the referee sends
 * them: buttons/position/earning, 9 rows, the same for the opponent, the
 * circle of patches, the pending special id, the opponent's moves since this
 * player's previous turn.  PC_EOVER when the game is over. */
PUZZLECORE_API int32_t pc_patchwork_turn_input(const pc_patchwork *g, char *buf, size_t cap, size_t *len);
/* What the referee sends now: init lines when this is the player's first
 * turn, then the turn lines. */
PUZZLECORE_API int32_t pc_patchwork_referee_input(const pc_patchwork *g, char *buf, size_t cap, size_t *len);

/* Parse one output line of a bot with the referee's rules (split on single
 * spaces; "SKIP" or "PLAY id x y [flip rot]"; flip only counts when == 1;
 * rot taken % 4; tokens after the last valid one are the message).
 * cmd6 gets {kind (0 SKIP, 1 PLAY), id, x, y, flip, rot}; rot may be
 * negative (Kotlin remainder), which the referee step treats as an invalid
 * placement.  msg_off and msg_len (may be NULL) locate the message in line.
 * PC_EPARSE for an unknown command (the bot loses).  One trailing "\n",
 * "\r\n" or "\r" is ignored. */
PUZZLECORE_API int32_t pc_patchwork_parse_command(int32_t ruleset, const char *line, size_t len, int32_t *cmd6,
                                                  size_t *msg_off, size_t *msg_len, char *err, size_t errcap);

/* Play one bot output line as the referee does: parse it, turn an invalid
 * PLAY into SKIP, auto-place a pending special on SKIP (first empty square,
 * row-major), apply.  *applied gets the move code played, *fixes the
 * PC_PATCHWORK_FIX_* flags (either may be NULL).  PC_EPARSE (nothing
 * changed) for an unknown command: on CodinGame that bot loses. */
PUZZLECORE_API int32_t pc_patchwork_referee_step(pc_patchwork *g, const char *line, size_t len,
                                                 int32_t *applied, int32_t *fixes, char *err, size_t errcap);

/* ---- the bot side of the protocol ---------------------------------------------- */

/* A reader rebuilds the game inside a CodinGame bot from the lines the
 * referee sends: feed it every input line; when a turn is complete it
 * rebuilds the deck (first turn: from the circle, undoing P0's first PLAY
 * when this bot is P1), replays the opponent's moves with the referee's
 * rules, and checks the whole turn text byte for byte against the rebuilt
 * game.  Then take the game (pc_patchwork_reader_game), choose a move, print
 * it and hand the printed line back (pc_patchwork_reader_sent).
 *
 *   pc_patchwork_reader *rd;  pc_patchwork_reader_new(0, &rd);
 *   while (fgets(line, sizeof line, stdin)) {
 *       int32_t ready;
 *       if (pc_patchwork_reader_line(rd, line, strlen(line), &ready, err, sizeof err)) ...desync...
 *       if (!ready) continue;
 *       pc_patchwork *g;  pc_patchwork_reader_game(rd, &g);
 *       ... choose, print `text` ...
 *       pc_patchwork_reader_sent(rd, text, strlen(text), NULL, 0);
 *       pc_patchwork_free(g);
 *   }
 */
typedef struct pc_patchwork_reader pc_patchwork_reader;

/* New reader.  ruleset 1..5 or 10 as for pc_patchwork_new, or 0 to read it
 * from the init lines (leagues 3 and 4 are told apart; with no events it
 * takes league 2, as league 1 sends the same lines: pass 1 for league 1).
 * PC_EINVAL for another value. */
PUZZLECORE_API int32_t pc_patchwork_reader_new(int32_t ruleset, pc_patchwork_reader **out);
/* Free a reader; NULL is accepted. */
PUZZLECORE_API void pc_patchwork_reader_free(pc_patchwork_reader *r);

/* Feed one input line (a trailing "\n", "\r\n" or "\r" is ignored).  *ready
 * (may be NULL) gets 1 when this line completed a turn that matches the
 * rules, else 0.  Errors:
 *   PC_EPARSE   the line is not what the protocol has there (a count, a
 *               patch line, ...): the line is not taken, nothing changes;
 *               also a line fed while a turn waits for pc_patchwork_reader_sent;
 *   PC_EILLEGAL a desync: the completed turn does not follow from the rules
 *               (an init line, the circle, a board, a count or an opponent's
 *               move differs from what the rebuilt game gives); err says
 *               "line L: desync: the referee sent '...', the rules give
 *               '...'".  The turn is dropped, the game stays as after the
 *               last turn that matched;
 *   PC_ENOMEM   an allocation failed: nothing changes (the line is not
 *               taken; feed it again).
 * Lines are counted from 1 over the reader's whole life. */
PUZZLECORE_API int32_t pc_patchwork_reader_line(pc_patchwork_reader *r, const char *line, size_t len,
                                                int32_t *ready, char *err, size_t errcap);
/* 1 when a turn is read and waits for this bot's move, 0 otherwise. */
PUZZLECORE_API int32_t pc_patchwork_reader_ready(const pc_patchwork_reader *r);
/* This bot's seat (0 or 1), known from its first turn; -1 before. */
PUZZLECORE_API int32_t pc_patchwork_reader_seat(const pc_patchwork_reader *r);
/* A copy of the rebuilt game (free it with pc_patchwork_free); the player to
 * move is this bot when a turn is ready.  PC_ENOTFOUND before the first turn. */
PUZZLECORE_API int32_t pc_patchwork_reader_game(const pc_patchwork_reader *r, pc_patchwork **out);
/* The line this bot printed for the ready turn: played as the referee plays
 * it (pc_patchwork_referee_step: an invalid PLAY becomes SKIP, ...).
 * PC_EILLEGAL when no turn is ready; PC_EPARSE for an unknown command (which
 * loses on CodinGame; the reader then waits for nothing more). */
PUZZLECORE_API int32_t pc_patchwork_reader_sent(pc_patchwork_reader *r, const char *line, size_t len, char *err,
                                                size_t errcap);

/* ---- bots ------------------------------------------------------------------- */

/* The CodinGame league-5 boss: the affordable window patches (or the pending
 * special) ranked by remaining income events + cells + price - time/2, each
 * placement scored by the number of connected empty regions left, the
 * fewest wins; SKIP when nothing fits.  Deterministic. */
PUZZLECORE_API int32_t pc_patchwork_baseline_move(const pc_patchwork *g, int32_t *code);

/* The strong bot: Monte-Carlo tree search over (SKIP, buy window patch j)
 * with a packing placement policy, under `budget` (puzzlecore/budget.h;
 * NULL = the defaults, 10 s).  A node of the budget is one playout: the
 * budget is checked after every playout, its max_nodes caps the playouts,
 * max_seconds the wall time, max_bytes the tree; the playouts draw from
 * budget->seed; the progress callback's bound is the most visited root
 * move's mean result in [0, 1] for the player to move (about its win rate).
 * An anytime search: stopping on a limit returns PC_OK with the best move
 * found so far.  Same seed and a max_nodes limit (no time limit reached)
 * give the same move.  PC_ECANCELLED (nothing written) when cancelled,
 * PC_EOVER when the game is over, PC_EINVAL for a malformed budget. */
PUZZLECORE_API int32_t pc_patchwork_suggest(const pc_patchwork *g, const pc_budget *budget, int32_t *code);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_PATCHWORK_H */
