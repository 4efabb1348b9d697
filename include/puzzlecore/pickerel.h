/*
 * puzzlecore/pickerel.h — Pickerel, the weaving puzzle (levels 1–12).
 *
 * Threads from a tray of spools are woven onto a loom W inches wide.  A
 * thread starts with a knot (the level's overlap, 0 or 1 inch), fills the
 * current row and wraps to the next (one overlap inch per wrap); exactly one
 * inch past the edge (on levels with overlap) is discarded without penalty.
 * A thread that ends exactly on a row's end makes every row it completed
 * perfect; runs of perfect rows score width × run × (overlap + 1).  W
 * completed rows form a square (rectangle + square bonus, removed).  Colour
 * changes, scissors, resizes and the end of the game score or waste what is
 * on the loom.  doc/pickerel.md has the full rules and every interpretation.
 *
 * A game is an opaque pc_pickerel handle.  Moves fail atomically: an illegal
 * move returns PC_EILLEGAL (PC_EOVER once the game is over) and changes
 * nothing.  Each successful move replaces the event log, an ordered list of
 * what happened (for animation); the score is always the sum of every
 * logged event's points since the start.
 *
 * Rows: the loom is a frame of pc_pickerel_loom_height rows (three times the
 * level's widest width), row 0 at the top as in every game of the library;
 * the cloth is woven from the bottom row (height - 1) upwards, so its
 * incomplete row is row height - 1 - pc_pickerel_loom_rows.  When rows are
 * removed (a square, the scissors, a colour change) what is above them
 * slides down: a loom bead's row grows by the rows removed.  Columns count
 * from the left (0).  doc/pickerel.md, "The loom's rows".
 */
#ifndef PUZZLECORE_PICKEREL_H
#define PUZZLECORE_PICKEREL_H

#include "puzzlecore/budget.h"
#include "puzzlecore/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pc_pickerel pc_pickerel;

/* Fixed limits of the module. */
enum pc_pickerel_limits {
    PC_PICKEREL_MIN_LEVEL = 1,
    PC_PICKEREL_MAX_LEVEL = 12,
    PC_PICKEREL_MIN_SPOOL = 2,     /* shortest spool dealt or accepted */
    PC_PICKEREL_MAX_SPOOL = 12,    /* longest spool (also the splice limit) */
    PC_PICKEREL_MAX_BEADS = 3,     /* bead tray capacity */
    PC_PICKEREL_MAX_COLOURS = 4,
    PC_PICKEREL_MAX_TRAY = 12,     /* largest tray (base width 8 + 4) */
    PC_PICKEREL_MAX_WIDTH = 10,    /* widest loom (base width 8 + 2) */
    PC_PICKEREL_MAX_LOOM_BEADS = 8,/* beads on the loom (option only) */
    PC_PICKEREL_MAX_DEAL = 1024    /* longest explicit deal */
};

/* Options (bit flags) for pc_pickerel_new / pc_pickerel_new_deal. */
enum pc_pickerel_options {
    PC_PICKEREL_OPT_LOOM_BEADS = 1 /* the storyboards' beads on the loom */
};

/* Colours (the storyboards' names; level 1 uses the first two, levels 2–7
 * three, levels 8–12 four). */
enum pc_pickerel_colour {
    PC_PICKEREL_NO_COLOUR = -1,
    PC_PICKEREL_RED = 0,
    PC_PICKEREL_BLUE = 1,
    PC_PICKEREL_GREEN = 2,
    PC_PICKEREL_PURPLE = 3
};

/* Bead types. */
enum pc_pickerel_bead_type {
    PC_PICKEREL_BEAD_ANY = 0,      /* splices two spools of one colour */
    PC_PICKEREL_BEAD_SPECIFIC = 1, /* splices two spools of the bead's colour */
    PC_PICKEREL_BEAD_WILD = 2      /* splices any two spools, dyed to the second */
};

/* Fields of the level table (pc_pickerel_level_info). */
enum pc_pickerel_level_field {
    PC_PICKEREL_LEVEL_WIDTH = 0,       /* starting (smallest) loom width */
    PC_PICKEREL_LEVEL_MAX_WIDTH = 1,   /* widest loom (width + 2) */
    PC_PICKEREL_LEVEL_OVERLAP = 2,     /* inches per knot and per wrap */
    PC_PICKEREL_LEVEL_COLOURS = 3,
    PC_PICKEREL_LEVEL_INCHES = 4,      /* inches dealt per colour */
    PC_PICKEREL_LEVEL_TRAY = 5,        /* spools shown (width + 4) */
    PC_PICKEREL_LEVEL_BEAD_FACTOR = 6, /* d: bead odds d × 10% × run; 0 = no beads */
    PC_PICKEREL_LEVEL_ANY_PCT = 7,     /* bead type odds, percent */
    PC_PICKEREL_LEVEL_SPECIFIC_PCT = 8,
    PC_PICKEREL_LEVEL_WILD_PCT = 9,
    PC_PICKEREL_LEVEL_LOOM_BEAD_PCT = 10 /* base odds of a random loom bead (option) */
};

/* Move kinds, for pc_pickerel_play and pc_pickerel_suggest.  A move is four
 * int32: { kind, a, b, c }. */
enum pc_pickerel_move_kind {
    PC_PICKEREL_MOVE_WEAVE = 0,      /* a = tray slot */
    PC_PICKEREL_MOVE_SCISSORS = 1,
    PC_PICKEREL_MOVE_RESIZE = 2,     /* a = new width */
    PC_PICKEREL_MOVE_SPLICE = 3,     /* a = bead, b = first slot, c = second slot */
    PC_PICKEREL_MOVE_PLACE_BEAD = 4, /* a = bead, b = row, c = column (option) */
    PC_PICKEREL_MOVE_DONE = 5
};

/* Event kinds of the log.  Each event has points and three arguments a, b, c
 * (meaning below; unused ones are 0). */
enum pc_pickerel_event_kind {
    PC_PICKEREL_EV_THREAD = 0,       /* a spool goes to the loom: a colour, b length, c slot */
    PC_PICKEREL_EV_REFILL = 1,       /* a slot, b colour, c length (a new spool from the deal) */
    PC_PICKEREL_EV_KNOT = 2,         /* a inches (the overlap) */
    PC_PICKEREL_EV_WEAVE = 3,        /* a row (from the top), b first inch in the row, c inches woven */
    PC_PICKEREL_EV_WRAP = 4,         /* a inches (the overlap) */
    PC_PICKEREL_EV_DISCARD = 5,      /* a inches discarded past the edge (free) */
    PC_PICKEREL_EV_PERFECT = 6,      /* points; a run length, b rows this thread completed */
    PC_PICKEREL_EV_RECTANGLE = 7,    /* points = width × rows; a rows */
    PC_PICKEREL_EV_SQUARE = 8,       /* points = width²; a width */
    PC_PICKEREL_EV_WASTE = 9,        /* points = -inches; a inches */
    PC_PICKEREL_EV_LOST = 10,        /* completed rows lost by a resize: a rows */
    PC_PICKEREL_EV_COLOUR = 11,      /* colour change: a old colour, b new colour */
    PC_PICKEREL_EV_SCISSORS = 12,    /* a rows cut */
    PC_PICKEREL_EV_RESIZE = 13,      /* a old width, b new width */
    PC_PICKEREL_EV_BEAD_GAINED = 14, /* a type, b colour (-1), c bead tray index */
    PC_PICKEREL_EV_BEAD_USED = 15,   /* a type, b colour, c bead tray index */
    PC_PICKEREL_EV_SPLICE = 16,      /* a first slot, b second slot, c new length */
    PC_PICKEREL_EV_LOOM_BEAD = 17,   /* a bead appears on the loom: a row (from the top), b column, points 0; c value */
    PC_PICKEREL_EV_BEAD_BONUS = 18,  /* points; a row, b column (thread kissed the right bead) */
    PC_PICKEREL_EV_BEAD_PENALTY = 19,/* points < 0; a row, b column, c overrun inches (0 = wrong colour) */
    PC_PICKEREL_EV_BEAD_LOST = 20,   /* a row, b column; points (penalty on resize, else 0) */
    PC_PICKEREL_EV_GAME_OVER = 21    /* a rating (pc_pickerel_rating), points 0 */
};

/* Duty-report rating words. */
enum pc_pickerel_rating {
    PC_PICKEREL_BOOCHED = 0,
    PC_PICKEREL_POOR = 1,
    PC_PICKEREL_FINE = 2,
    PC_PICKEREL_GOOD = 3,
    PC_PICKEREL_EXCELLENT = 4,
    PC_PICKEREL_INCREDIBLE = 5
};

/* Counters since the start (pc_pickerel_stat).  Invariant, always true:
 * INCHES_IN = CLOTH + KNOTS + WRAPS + DISCARDED + WASTED + ON_LOOM. */
enum pc_pickerel_stat_field {
    PC_PICKEREL_STAT_INCHES_IN = 0, /* inches of every spool woven */
    PC_PICKEREL_STAT_CLOTH = 1,     /* inches in completed rows (LOST included) */
    PC_PICKEREL_STAT_KNOTS = 2,
    PC_PICKEREL_STAT_WRAPS = 3,
    PC_PICKEREL_STAT_DISCARDED = 4,
    PC_PICKEREL_STAT_WASTED = 5,    /* inches of incomplete rows thrown away (penalised) */
    PC_PICKEREL_STAT_ON_LOOM = 6,   /* inches in the incomplete row now */
    PC_PICKEREL_STAT_LOST = 7,      /* inches of completed rows lost by resizing */
    PC_PICKEREL_STAT_SPOOLS = 8,    /* spools woven */
    PC_PICKEREL_STAT_PERFECT = 9,   /* perfect-row events */
    PC_PICKEREL_STAT_BEST_RUN = 10,
    PC_PICKEREL_STAT_SQUARES = 11,
    PC_PICKEREL_STAT_RECTANGLES = 12, /* rectangles scored without a square */
    PC_PICKEREL_STAT_BEADS_GAINED = 13,
    PC_PICKEREL_STAT_SPLICES = 14,
    PC_PICKEREL_STAT_MOVES = 15,
    PC_PICKEREL_STAT_COUNT = 16
};

/* ---- levels -------------------------------------------------------------- */

/* One field of the level table (enum pc_pickerel_level_field) into *out.
 * PC_ERANGE for a level outside 1..12, PC_EINVAL for an unknown field. */
PUZZLECORE_API int32_t pc_pickerel_level_info(int32_t level, int32_t field, int32_t *out);

/* Lowest final score that earns `rating` on `level` (0 for BOOCHED). */
PUZZLECORE_API int32_t pc_pickerel_rating_threshold(int32_t level, int32_t rating, int32_t *out);

/* ---- life cycle ---------------------------------------------------------- */

/* New game on `level` with a deal drawn from `seed`: each colour gets spools
 * of 2..12 inches summing exactly to the level's inches, all colours are
 * shuffled into one deal order, and the first (width + 4) fill the tray.
 * `options` is a set of pc_pickerel_options.  The same seed also drives the
 * beads. */
PUZZLECORE_API int32_t pc_pickerel_new(int32_t level, uint64_t seed, uint32_t options, pc_pickerel **out);

/* New game from an explicit deal: n spools in deal order, spool i of colour
 * colours[i] (0..colours-1 of the level) and lengths[i] inches (2..12); the
 * first (width + 4) go to the tray.  `seed` drives the beads only.
 * PC_ERANGE for a bad level, colour, length or n (1..1024). */
PUZZLECORE_API int32_t pc_pickerel_new_deal(int32_t level, uint64_t seed, uint32_t options,
                                            const int32_t *colours, const int32_t *lengths,
                                            int32_t n, pc_pickerel **out);

/* Free a game; NULL is accepted. */
PUZZLECORE_API void pc_pickerel_free(pc_pickerel *g);

/* Independent deep copy (same deal, same generator state, same log). */
PUZZLECORE_API int32_t pc_pickerel_clone(const pc_pickerel *g, pc_pickerel **out);

/* Save the whole game as text ("puzzlecore-pickerel 1" then key/value lines),
 * snprintf convention. */
PUZZLECORE_API int32_t pc_pickerel_save(const pc_pickerel *g, char *buf, size_t cap, size_t *len);

/* Load a saved game.  PC_EPARSE with "line L, column C: ..." in err on bad
 * text. */
PUZZLECORE_API int32_t pc_pickerel_load(const char *text, size_t len, char *err, size_t errcap,
                                        pc_pickerel **out);

/* ---- moves --------------------------------------------------------------- */

/* Weave the spool in tray `slot`.  A different colour from the cloth on the
 * loom first scores its completed rows as a rectangle and wastes its
 * incomplete row.  The slot is refilled from the deal. */
PUZZLECORE_API int32_t pc_pickerel_weave(pc_pickerel *g, int32_t slot);

/* Cut the completed rows off the loom, scoring them as a rectangle; the
 * incomplete row (if any) stays as the bottom row of a new cloth.
 * PC_EILLEGAL when there is no completed row. */
PUZZLECORE_API int32_t pc_pickerel_scissors(pc_pickerel *g);

/* Change the loom width to `width` (the level's width up to two wider, not
 * the current one).  Everything on the loom is lost: completed rows without a
 * bonus, the incomplete row's inches as waste. */
PUZZLECORE_API int32_t pc_pickerel_resize(pc_pickerel *g, int32_t width);

/* Splice tray spools `first` and `second` with bead `bead` (bead tray index).
 * Any: same colour; Specific: both of the bead's colour; Wild: any two, the
 * result takes the second's colour.  The sum must be at most 12 inches.  The
 * second slot holds the sum, the first is refilled from the deal. */
PUZZLECORE_API int32_t pc_pickerel_splice(pc_pickerel *g, int32_t bead, int32_t first, int32_t second);

/* Place bead `bead` on the loom at (row, column): row 0 is the top of the
 * loom's frame, pc_pickerel_loom_height - 1 its bottom, where the cloth
 * starts; columns 0..width-1 from the left.  Only with
 * PC_PICKEREL_OPT_LOOM_BEADS; the row must be completely empty (above the
 * cloth) and at most 2 × width rows above the lowest empty row.  A bead
 * already there is lost.  PC_EILLEGAL for a row or column off the loom. */
PUZZLECORE_API int32_t pc_pickerel_place_bead(pc_pickerel *g, int32_t bead, int32_t row, int32_t column);

/* End the game now: completed rows score as a rectangle, the incomplete row
 * is waste. */
PUZZLECORE_API int32_t pc_pickerel_done(pc_pickerel *g);

/* Apply a move given as { kind, a, b, c } (enum pc_pickerel_move_kind). */
PUZZLECORE_API int32_t pc_pickerel_play(pc_pickerel *g, const int32_t *move);

/* Is the move legal now?  PC_OK, or the code the move would fail with. */
PUZZLECORE_API int32_t pc_pickerel_check(const pc_pickerel *g, const int32_t *move);

/* ---- state --------------------------------------------------------------- */

/* Accessors below return PC_EINVAL (or 0 / -1 where said) for a NULL game. */

/* The game's level (1..12). */
PUZZLECORE_API int32_t pc_pickerel_level(const pc_pickerel *g);
/* The options the game was created with (a set of pc_pickerel_options) in
 * *out.  PC_EINVAL for NULL. */
PUZZLECORE_API int32_t pc_pickerel_options(const pc_pickerel *g, uint32_t *out);
/* The seed the game was created with. */
PUZZLECORE_API int32_t pc_pickerel_seed(const pc_pickerel *g, uint64_t *out);
/* Current loom width. */
PUZZLECORE_API int32_t pc_pickerel_width(const pc_pickerel *g);
/* Inches per knot and per wrap on this level. */
PUZZLECORE_API int32_t pc_pickerel_overlap(const pc_pickerel *g);
/* Number of colours on this level (2, 3 or 4). */
PUZZLECORE_API int32_t pc_pickerel_colours(const pc_pickerel *g);
/* Number of tray slots (width + 4 of the level; empty slots included). */
PUZZLECORE_API int32_t pc_pickerel_tray_size(const pc_pickerel *g);
/* *score = the score so far: the sum of every event's points.  (Every game
 * reads its score the same way: a status, the value through a pointer.) */
PUZZLECORE_API int32_t pc_pickerel_score(const pc_pickerel *g, int64_t *score);
/* 1 when the game is over, else 0. */
PUZZLECORE_API int32_t pc_pickerel_over(const pc_pickerel *g);

/* Tray slot contents: colour and length; an empty slot gives colour -1 and
 * length 0.  PC_EINVAL for a slot outside 0..tray_size-1. */
PUZZLECORE_API int32_t pc_pickerel_tray(const pc_pickerel *g, int32_t slot, int32_t *colour, int32_t *length);
/* Spools not yet dealt to the tray. */
PUZZLECORE_API int32_t pc_pickerel_deal_left(const pc_pickerel *g);
/* Spools left (tray + undealt) of one colour; PC_EINVAL for a bad colour. */
PUZZLECORE_API int32_t pc_pickerel_spools_left(const pc_pickerel *g, int32_t colour);
/* Inches left (tray + undealt) of one colour; PC_EINVAL for a bad colour. */
PUZZLECORE_API int32_t pc_pickerel_inches_left(const pc_pickerel *g, int32_t colour);

/* *colour = the colour of the cloth on the loom, or PC_PICKEREL_NO_COLOUR
 * when the loom is empty. */
PUZZLECORE_API int32_t pc_pickerel_loom_colour(const pc_pickerel *g, int32_t *colour);
/* Completed rows in the current cloth (0..width-1): a count; they are the
 * frame's rows height - rows .. height - 1. */
PUZZLECORE_API int32_t pc_pickerel_loom_rows(const pc_pickerel *g);
/* Rows of the loom's frame: 3 × (the level's width + 2), fixed for the game
 * (row 0 at the top, the cloth's first row at the bottom, height - 1). */
PUZZLECORE_API int32_t pc_pickerel_loom_height(const pc_pickerel *g);
/* Inches woven in the incomplete row (0..width-1). */
PUZZLECORE_API int32_t pc_pickerel_loom_fill(const pc_pickerel *g);
/* Perfect rows in a run at the top of the completed rows (a new perfect row
 * continues it). */
PUZZLECORE_API int32_t pc_pickerel_loom_run(const pc_pickerel *g);

/* Number of beads in the bead tray (0..3). */
PUZZLECORE_API int32_t pc_pickerel_bead_count(const pc_pickerel *g);
/* Bead `index` of the bead tray: type and colour (-1 unless Specific).
 * PC_EINVAL for a bad index. */
PUZZLECORE_API int32_t pc_pickerel_bead(const pc_pickerel *g, int32_t index, int32_t *type, int32_t *colour);
/* Number of beads on the loom (option PC_PICKEREL_OPT_LOOM_BEADS). */
PUZZLECORE_API int32_t pc_pickerel_loom_bead_count(const pc_pickerel *g);
/* Loom bead `index`: type, colour, row (0 = the top of the frame, as
 * pc_pickerel_place_bead), column (0 = left) and the bonus it pays when
 * kissed.  Any pointer may be NULL. */
PUZZLECORE_API int32_t pc_pickerel_loom_bead(const pc_pickerel *g, int32_t index, int32_t *type, int32_t *colour,
                                             int32_t *row, int32_t *column, int32_t *value);

/* Number of events of the last move (0 before the first move). */
PUZZLECORE_API int32_t pc_pickerel_event_count(const pc_pickerel *g);
/* Event `index` of the last move, in order: kind (enum
 * pc_pickerel_event_kind), points and its arguments.  Any out pointer may
 * be NULL; PC_EINVAL for a bad index. */
PUZZLECORE_API int32_t pc_pickerel_event(const pc_pickerel *g, int32_t index, int32_t *kind, int32_t *points,
                                         int32_t *a, int32_t *b, int32_t *c);

/* A counter (enum pc_pickerel_stat_field) into *out. */
PUZZLECORE_API int32_t pc_pickerel_stat(const pc_pickerel *g, int32_t field, int64_t *out);

/* Duty-report rating of the current score (final once the game is over). */
PUZZLECORE_API int32_t pc_pickerel_rating(const pc_pickerel *g);

/* ---- names and pictures -------------------------------------------------- */

/* "Booched", "Poor", "Fine", "Good", "Excellent", "Incredible"; NULL if bad. */
PUZZLECORE_API const char *pc_pickerel_rating_name(int32_t rating);
/* "red", "blue", "green", "purple"; NULL if bad. */
PUZZLECORE_API const char *pc_pickerel_colour_name(int32_t colour);
/* Short name of an event kind ("thread", "perfect", ...); NULL if bad. */
PUZZLECORE_API const char *pc_pickerel_event_name(int32_t kind);
/* Name of a perfect run: "Perfect row", "Double", "Triple", "Donkey",
 * "Vegas", then "Vegas^2", "Vegas^3", ...  PC_ERANGE for run < 1. */
PUZZLECORE_API int32_t pc_pickerel_run_name(int32_t run, char *buf, size_t cap, size_t *len);
/* A plain-text picture of the loom, tray and beads (for terminals): the
 * frame's rows from the highest in use down to the bottom, each labelled
 * with its row number. */
PUZZLECORE_API int32_t pc_pickerel_render(const pc_pickerel *g, char *buf, size_t cap, size_t *len);

/* ---- advisor ------------------------------------------------------------- */

/* The best move the advisor finds within `budget` (NULL: the defaults of
 * budget.h).  budget->max_nodes is its effort in search nodes (0 = the
 * default, 100000 beam nodes: 0.4-1.2 s for a whole game on a 2026 x86-64
 * core); the time limit ends the search early with the best move so far
 * (it is an anytime search), and a cancel returns PC_ECANCELLED.  Into move[4] ({kind, a, b, c}, ready for
 * pc_pickerel_play).  It sees what a player sees: the tray, the beads, the
 * loom, the number of undealt spools and the inches left per colour; never
 * the undealt spools themselves, and it never draws from the game's
 * generator, so the game is unchanged and the answer is a pure function of
 * the position and the budget.  The search: sampled short futures of the
 * hidden spools, each move valued by a beam search ranked with an exact
 * per-colour relaxation (flat Monte Carlo with the loom-beads option, where
 * the budget counts simulated moves, default 40000); see doc/pickerel.md.
 * PC_EOVER when the game is over, PC_EINVAL for NULLs or a bad budget,
 * PC_ENOMEM, PC_ECANCELLED. */
PUZZLECORE_API int32_t pc_pickerel_suggest(const pc_pickerel *g, const pc_budget *budget, int32_t *move);

#ifdef __cplusplus
}
#endif

#endif /* PUZZLECORE_PICKEREL_H */
