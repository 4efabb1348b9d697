/*
 * Internal state of a Pickerel game, shared by the rules (pickerel.c), the
 * save format (save.c) and the advisor (advisor.c).
 */
#ifndef PC_PICKEREL_STATE_H
#define PC_PICKEREL_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "common/rng.h"
#include "puzzlecore/pickerel.h"

#define PK_MAX_EVENTS 160

struct pk_spool {
    int8_t colour; /* -1 for an empty slot */
    int8_t len;    /* 0 for an empty slot */
};

struct pk_bead {
    int8_t type, colour;
};

struct pk_loom_bead {
    int8_t type, colour;
    int16_t row, col;
    int32_t value;
};

struct pk_event {
    int32_t kind, points, a, b, c;
};

struct pc_pickerel {
    int32_t level;
    uint32_t options;
    uint64_t seed;
    struct pc_rng rng;

    int32_t base_w, w, overlap, ncol, tray_n;
    struct pk_spool tray[PC_PICKEREL_MAX_TRAY];
    struct pk_spool *deal; /* whole deal; deal[deal_pos..deal_n) not dealt yet */
    int32_t deal_n, deal_pos;

    int32_t colour;       /* cloth colour, -1 when the loom is empty */
    int32_t rows, fill;   /* completed rows in the cloth; inches in the incomplete row */
    int32_t run;          /* perfect run at the top of the completed rows */

    int32_t nbeads;
    struct pk_bead beads[PC_PICKEREL_MAX_BEADS];
    int32_t nloom;
    struct pk_loom_bead loom[PC_PICKEREL_MAX_LOOM_BEADS];

    int64_t score;
    int32_t over;
    int64_t stat[PC_PICKEREL_STAT_COUNT];

    int32_t nev;
    struct pk_event ev[PK_MAX_EVENTS];
};

/* Bytes of the state before the event log: all a simulation copies (a
 * simulated move writes its own log; the advisor never reads it). */
#define PK_SIM_BYTES offsetof(struct pc_pickerel, nev)

/* Rows of the loom's frame on a level of starting width base_w: three times
 * its widest loom (the w - 1 completed rows, the incomplete row and the 2w
 * rows above it where a bead may be placed all fit).  The engine, the
 * advisor and the save count cloth rows from the bottom (0 = the cloth's
 * first row); the API counts the frame's rows from the top (pc__pickerel_flip_row). */
#define PK_LOOM_HEIGHT(base_w) (3 * ((base_w) + 2))

/* A row of the frame in the other count (engine <-> API: the same formula
 * both ways), or -1 for a row outside the frame. */
int32_t pc__pickerel_flip_row(const struct pc_pickerel *g, int32_t row);

/* Level table row. */
struct pk_level {
    int32_t width, overlap, colours, inches, bead_d, any, specific, wild;
};
const struct pk_level *pc__pickerel_level(int32_t level);

/* Rules core, used by the public calls and the advisor: validate, apply.
 * check returns PC_OK or the error; apply assumes check passed.  Moves here
 * carry engine rows (from the bottom); the public calls convert. */
int32_t pc__pickerel_check(const struct pc_pickerel *g, const int32_t *move);
void pc__pickerel_apply(struct pc_pickerel *g, const int32_t *move);

/* What only the advisor's simulation of a game has, held by the advisor
 * beside its copy of the rules state.  A simulated move draws nothing from
 * the game's generator (no beads are gained, no loom bead appears) and, on a
 * copy without a deal (deal NULL: the advisor does not see it), a refill
 * leaves the slot empty and counts it in `hidden` (the game is not over
 * while hidden spools are out). */
struct pk_sim {
    int32_t hidden;
};
void pc__pickerel_simulate(struct pc_pickerel *g, struct pk_sim *sim, const int32_t *move);

/* Allocate and initialise a game with an empty deal of n spools (caller
 * fills g->deal then calls pc__pickerel_start). */
int32_t pc__pickerel_alloc(int32_t level, uint64_t seed, uint32_t options, int32_t n, struct pc_pickerel **out);
void pc__pickerel_start(struct pc_pickerel *g);

/* The advisor with the next `horizon` undealt spools known and a `beam`-line
 * beam (0, 0: the advisor's own 6 and 4), for bench/pickerel's oracle only:
 * not exported. */
int32_t pc__pickerel_suggest_oracle(const struct pc_pickerel *g, int64_t budget, int32_t horizon, int32_t beam,
                                    int32_t *move);

/* The weave rule of one cloth (cloth.c), written once for the engine and the
 * planners.  pc__pickerel_cloth_steps weaves `rem` inches (the knot already
 * taken off) into a cloth of width w, overlap o: it updates the completed
 * rows, the incomplete row's inches and the perfect run, returns the points
 * of perfect rows and squares (no loom beads), sets *exact when the thread
 * ended exactly on a row, and (when `on` is not NULL) reports each step
 * before the cloth changes for it, except ROW and PERFECT, reported after
 * the row is counted and the run set:
 *   SEGMENT a = inches woven into the current row from *fill;
 *   ROW     a = rows now complete;      PERFECT a = run, b = rows of this thread;
 *   SQUARE  a = w (rows and run reset to 0 after it);
 *   DISCARD a = inches too short to wrap; WRAP a = o inches wrapped. */
enum { PC__PK_STEP_SEGMENT = 1, PC__PK_STEP_ROW, PC__PK_STEP_PERFECT, PC__PK_STEP_SQUARE, PC__PK_STEP_DISCARD,
       PC__PK_STEP_WRAP };
typedef void (*pc__pk_cloth_fn)(void *ctx, int step, int32_t a, int32_t b);
int32_t pc__pickerel_cloth_steps(int32_t w, int32_t o, int32_t *rows, int32_t *fill, int32_t *run, int32_t rem,
                                 pc__pk_cloth_fn on, void *ctx, int *exact);

/* The same for a whole thread of len inches (knot included), points only;
 * *event (when not NULL) is *exact. */
int pc__pickerel_cloth_weave(int w, int o, int *rows, int *fill, int *run, int len, int *event);

/* One colour's inches cut into 2..12-inch spools (never leaving a single
 * inch), appended to out, at most cap; returns how many. */
int32_t pc__pickerel_cut_spools(struct pc_rng *r, int32_t colour, int32_t inches, struct pk_spool *out, int32_t cap);

/* What a player cannot see, per colour (PC_PICKEREL_MAX_COLOURS values,
 * 0 for colours the level lacks): the inches left minus the tray's. */
void pc__pickerel_hidden_inches(const struct pc_pickerel *g, int32_t *hidden);

/* The tray slot of each distinct spool (colour and length), the first in
 * tray order, into slots (room for the tray); returns how many. */
int32_t pc__pickerel_distinct_slots(const struct pc_pickerel *g, int32_t *slots);

/* The distinct splices with bead b (one per result colour and length, the
 * first in tray order), at most cap of them, into out; returns how many. */
int32_t pc__pickerel_distinct_splices(const struct pc_pickerel *g, int32_t b, int32_t (*out)[4], int32_t cap);

/* The default search (plan.c): determinised beam search over sampled
 * horizons; know_deal: the real undealt spools instead of samples; horizon
 * (spools after the tray, at most 64) and beam (lines per depth): 0 for the
 * defaults PK_HORIZON and PK_BEAM.  PC_ERANGE: a relaxation table would be
 * too large (the caller falls back to advisor.c's search). */
struct pc__meter;
int32_t pc__pickerel_plan_suggest(const struct pc_pickerel *g, int64_t budget, struct pc__meter *m, int32_t *move,
                                  int know_deal,
                                  int32_t horizon, int32_t beam);

#endif
