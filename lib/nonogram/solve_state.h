/*
 * Internal: the grid solver's state (pc__nsolver), its limits and the line
 * helpers over it: types only, no functions of solve.c.  The search
 * (solve.c, through solve.h) and its optional SAT backend (solve_sat.c)
 * both read this state, so it has a header of its own and neither of the
 * two includes the other's.  Lines are numbered 0..h-1 for rows, h..h+w-1
 * for columns.
 */
#ifndef PC_NONOGRAM_SOLVE_STATE_H
#define PC_NONOGRAM_SOLVE_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "common/budget.h"
#include "nonogram/line.h"
#include "puzzlecore/nonogram.h"

/* Results of the steps. */
enum { PC__NS_OK = 0, PC__NS_CONTRA = -1, PC__NS_ABORT = -2, PC__NS_FOUND = 1 };

#ifndef PC__NS_RESTART_UNIT
#define PC__NS_RESTART_UNIT 2048 /* search nodes per unit of the Luby restart sequence */
#endif
/* the probe-reuse bit sets are kept while they take at most this */
#define PC__NS_PROBE_REUSE_BYTES ((size_t)32 << 20)
#define PC__NS_CACHE_MAXLEN 128
#ifndef PC__NS_CACHE_ENTRIES
#define PC__NS_CACHE_ENTRIES (1u << 17)
#endif

/* entries of the bit-parallel line cache (fewer on small puzzles): 16,384
 * (640 KiB with the class and result arrays; 256 KiB in the one-word
 * layout, lsolve.bk) stays in the CPU's L2 cache; 4,096 was measured first
 * on another machine state, and 16,384 was about 13 % faster on tcga2016
 * #381 in this round with the same search (see doc/nonogram-solving.md);
 * in the one-word layout 4,096, 8,192, 32,768 and 65,536 were all slower
 * than 16,384 on #381 + #563 (issue #18, round seven) */
#ifndef PC__NS_BCACHE_ENTRIES
#define PC__NS_BCACHE_ENTRIES (1u << 14)
#endif

/* ways of a set of the one-word line cache (lsolve.bk): 2 (round
 * seventeen), or 1 (direct-mapped, as before; 4 with the last used first
 * cost more instructions than it saved on #381) */
#ifndef PC__NS_BCACHE_WAYS
#define PC__NS_BCACHE_WAYS 2
#endif

/* the bit-parallel line cache is halved while it has more than this many
 * entries per cell of all lines together (a measurement knob, round
 * seventeen) */
#ifndef PC__NS_BCACHE_PER_CELL
#define PC__NS_BCACHE_PER_CELL 16
#endif

/* cells remembered for probing first (at least 1) */
#ifndef PC__NS_HOT
#define PC__NS_HOT 16
#endif
/* Branching by nogood activity (issue #18, round nine): every cell of a
 * nogood learned from a failed probe gains activity (VSIDS-like: the bump
 * grows by 1 / PC__NS_ACT_GROW a nogood, so older bumps fade), and the
 * probe score of an unknown cell is multiplied by 1 + PC__NS_ACT * act /
 * (the largest act of an unknown cell): the search turns to the cells its
 * recent contradictions were about, where the learned nogoods prune.  On
 * tcga2016 under three restart seeds 16-21 % fewer line solves in total;
 * weights 1, 2, 8, 16, 64 and a decay of 0.90 were not better than the
 * luck of the path; weighing the activity only from the first restart on
 * left #671 unanswered at 10 s (doc/nonogram-solving.md, round nine). */
#ifndef PC__NS_ACT
#define PC__NS_ACT 4
#endif
/* Probing at every other depth (issue #18, round ten): a node at a depth
 * not divisible by PC__NS_PROBE_EVERY is light: propagation and the probe
 * pairs of the hot cells (those whose probes last met a contradiction),
 * no sweep over every unknown cell, and its branch cell chosen by the
 * scores of the last full probing above it.  The search is as complete as
 * before (a node is only reduced less), so the answers and verdicts are the
 * same.  On tcga2016 (one solution, restart seeds 0/1/2) 2: 11, 5 and 26 %
 * fewer line solves than 1 (probing at every node), about 35 % more nodes
 * at a third fewer line solves each (and about 7 % more instructions a
 * line solve); 3: 10 % more than 1 at seed 0; 2 with full probing down to
 * depth 8, or with a light node also probing the branch cell's row and
 * column, or the 8 or 32 cells of the best last scores: more than 2 alone
 * (doc/nonogram-solving.md, round ten).  1: full probing at every node. */
#ifndef PC__NS_PROBE_EVERY
#define PC__NS_PROBE_EVERY 2
#endif
/* Light nodes only on grids of at most this many cells: on the generated
 * random 40 x 40 grids (20 a set, restart seeds 0/1/2) they cost 31 %
 * (p = 0.35) and 60 % (p = 0.5) more line solves, while on 25 x 25
 * (tcga2016) and random 30 x 30 (p = 0.35: -19 %) they gain; so 900, a
 * 30 x 30 grid (doc/nonogram-solving.md, round ten). */
#ifndef PC__NS_PROBE_LIGHT_CELLS
#define PC__NS_PROBE_LIGHT_CELLS 900
#endif
/* After a restart the branching scores are multiplied by 1 + r / 256 with
 * r the top 64 - PC__NS_RESTART_SHIFT bits of a random draw: 56, a factor
 * in [1, 2). */
#ifndef PC__NS_RESTART_SHIFT
#define PC__NS_RESTART_SHIFT 56
#endif
/* The bump grows by 1/PC__NS_ACT_GROW a nogood: 19, a decay of 0.95. */
#ifndef PC__NS_ACT_GROW
#define PC__NS_ACT_GROW 19
#endif
#define PC__NS_ACT_INC0 ((uint64_t)1 << 20) /* the first bump: fine enough for the growth */

/* Working memory is refused beyond this (the bound per puzzle). */
#define PC__NS_MAX_BYTES ((size_t)256 << 20)

/*
 * The solver's state, in groups by role.  Each group says what it holds and
 * who writes it; "new" is pc__nsolver_new, "reset" pc__nsolver_reset.
 */

/* The puzzle's lines: written by new, read-only after. */
typedef struct pc__ns_clues {
    int32_t *count; /* clues per line (0 for an empty line) */
    int32_t *start; /* offset of the line's clues in all[] */
    int32_t *all;   /* every line's clues, rows first */
    int32_t *cls;   /* bit-parallel mode: lines of the same length and clues
                     * share a class (the line cache's key); else NULL */
    int32_t all_fit; /* every line's clues fit its length (pc__line_clues_need
                      * <= n): the line solves skip that check (a puzzle
                      * with a line that cannot fit keeps it) */
} pc__ns_clues;

/* The grid and the trail of the cells set: written by reset, set, undo and
 * propagation. */
typedef struct pc__ns_grid {
    uint8_t *cells;    /* current state, 0/1/2 */
    int32_t unknown;   /* cells still 0 */
    int32_t *trail;    /* cells set since the last reset, in order */
    int32_t trail_len;
    /* bit-parallel mode (both sides <= PC__LINE_BITS_MAX, chosen by new):
     * every line's filled and empty cells as two words (bit i = cell i of
     * the line), kept in step with cells[] */
    int32_t bits;
    uint64_t *lf, *le;
} pc__ns_grid;

/* The ring of lines to solve: written by set and propagation (each line at
 * most once, flagged in queued). */
typedef struct pc__ns_queue {
    int32_t *ring;
    int32_t head, len;
    uint8_t *queued;
    int32_t bad_line; /* the line of the last contradiction (for hints) */
} pc__ns_queue;

/* Line-solver scratch and caches: sized by new, written by propagation. */
typedef struct pc__ns_lsolve {
    pc__line_ws ws;
    uint8_t *lbuf, *lout; /* one line in, the line solver's answer out */
    /* byte mode, lines <= PC__NS_CACHE_MAXLEN: direct-mapped, keyed by the
     * line number and its cells packed 2 bits each */
    uint64_t *cache_key; /* entries x cache_words */
    uint64_t *cache_out; /* entries x cache_words */
    int32_t *cache_line; /* -1: empty */
    int32_t *cache_res;  /* settled count or -1 */
    int32_t cache_words; /* 0: no byte cache */
    uint32_t cache_mask;
    /* bit-parallel mode: keyed by (class, filled, empty) */
    uint64_t *bc;    /* entries x 4 words: filled, empty in; filled, empty out */
    int32_t *bc_cls; /* -1: empty slot */
    int32_t *bc_res;
    uint32_t bc_mask;
    /* bit-parallel mode on grids whose key fits one word (2 * longest line
     * + the class's bits <= 64: 25 x 25 and up to about 28 x 28), instead of
     * bc / bc_cls / bc_res: entries x 2 words, the key (filled | empty <<
     * bk_shift | (class + 1) << 2 * bk_shift; 0: empty slot) and the answer
     * (filled | empty << bk_shift; all ones: a contradiction), so a lookup
     * reads one 16-byte entry, one cache line, instead of three arrays */
    uint64_t *bk;
    int32_t bk_shift;
} pc__ns_lsolve;

/* Probing: scratch and results written by pc__nsolver_probe (and the probe
 * of one cell pair); the branching reads the scores. */
typedef struct pc__ns_probe {
    int32_t enabled; /* probe at every node (set by new; the generator may clear it) */
    int32_t active;  /* inside a probe: changes do not advance the reuse clock */
    uint32_t *stamp; /* cells set by the filled probe carry cur_stamp ... */
    uint8_t *pval;   /* ... and the value it gave them */
    uint32_t cur_stamp;
    int32_t *agreed; /* cells both probes of a pair set alike */
    int32_t *score1, *score2; /* cells settled by each probe of the last pass */
    /* a probe whose propagation completes the grid has found a solution:
     * with `solutions` set (by the search), the probe copies it (0/1) into
     * sol and returns PC__NS_FOUND (unless it equals search.sol0) */
    int32_t solutions;
    uint8_t *sol;
    /* the last cells whose probes met a contradiction, probed first */
    int32_t hot[PC__NS_HOT];
    int32_t hot_n, hot_pos;
    int32_t start; /* the sweep's first cell */
    int32_t light; /* set by the search around a node's reduction: the node
                    * is light (PC__NS_PROBE_EVERY), its hot cells probed only */
    uint64_t *act;    /* per cell, bumped when a learned nogood holds it (PC__NS_ACT) */
    uint64_t act_inc; /* the next bump */
    uint64_t *touch; /* inside probe_value: the probe pair's bit set of
                      * touched lines (pc__ns_reuse.ptouch), which enqueue
                      * adds each line it queues to; else NULL */
} pc__ns_probe;

/* Probe reuse: a line's stamp is the clock at its last change outside a
 * probe (written by set, undo and propagation); a cell's probe pair, made at
 * clock ptime[c] (0: never), touched the lines in its bit set ptouch
 * (twords words per cell; NULL when too big: every probe is then redone).
 * The pair's result still holds, and gives nothing new, while none of those
 * lines has changed since. */
typedef struct pc__ns_reuse {
    uint64_t clock;
    uint64_t *lstamp;
    uint64_t *ptime;
    uint64_t *ptouch;
    int32_t twords;
} pc__ns_reuse;

/* The depth-first search's stack and first solution: written by
 * pc__nsolver_solve. */
typedef struct pc__ns_search {
    int32_t *cell, *mark; /* per level: the branch cell, the trail before it */
    uint8_t *val, *done;  /* per level: the second value, whether taken */
    uint8_t *sol0;        /* the first solution found (duplicates after a restart are skipped) */
    int32_t have_sol0;
} pc__ns_search;

/* Restarts: after a restart, branching is perturbed by this generator,
 * seeded from the clues (so the answer depends on the input only); written
 * by pc__nsolver_solve. */
typedef struct pc__ns_restart {
    uint64_t rng;
    int32_t randomize;
    int64_t count; /* restarts made */
} pc__ns_restart;

/* Statistics, counted by every step: reset clears all but cache_hits (the
 * run's total) and bytes (counted by new). */
typedef struct pc__ns_stats {
    int64_t nodes, line_solves, probes, max_depth;
    int64_t probes_reused, cache_hits;
    size_t bytes; /* memory held */
} pc__ns_stats;

/* Limits: set by the caller after new. */
typedef struct pc__ns_budget {
    int64_t max_nodes;    /* internal node cap (the generator's), 0: none */
    pc__meter *meter;     /* the caller's budget, NULL: none */
    int32_t abort_status; /* PC_ELIMIT or PC_ECANCELLED after PC__NS_ABORT */
} pc__ns_budget;

/* The optional SAT backend (solve_sat.h): from the first restart past
 * `after` search nodes (0: never; set by pc__nonogram_solve_metered when the
 * backend is built) a search asked for at most two solutions gives the
 * backend a turn at every restart, PC__NS_SAT_SHARE conflicts per node of
 * the search's next restart budget.  `tried`: the backend was started (or
 * could not be) in this solve. */
#ifndef PC__NS_SAT_AFTER
#define PC__NS_SAT_AFTER 8000
#endif
#ifndef PC__NS_SAT_SHARE
#define PC__NS_SAT_SHARE 2
#endif
typedef struct pc__ns_sat {
    int64_t after;
    int32_t tried;
} pc__ns_sat;

/* Nogoods learned at restarts (solve.c, "Nogoods"): each is a set of
 * decisions (literals 2 * cell + value - 1) under which the search has
 * proved that no solution other than the first one found exists, so no
 * state may hold all of them.  Two literals of each are watched (watch[lit]
 * lists the nogoods watching lit); `head` is the trail position up to which
 * the cells set have been checked against them.  Allocated at the first
 * restart of a solve, emptied by reset; without them (n == 0) the search is
 * exactly as before. */
#ifndef PC__NS_NG_MAX_LITS
#define PC__NS_NG_MAX_LITS (1 << 18) /* literals kept, all nogoods together */
#endif
#define PC__NS_NG_MAX_CELLS (1 << 16) /* no learning on larger grids */
#ifndef PC__NS_LEARN_MAX
#define PC__NS_LEARN_MAX 16 /* literals of a nogood learned from a probe, at most */
#endif
#ifndef PC__NS_LEARN_KEEP
#define PC__NS_LEARN_KEEP 300 /* learned nogoods stored before a reduction */
#endif
#ifndef PC__NS_LEARN_AFTER
#define PC__NS_LEARN_AFTER 0 /* search nodes before learning starts (ng.learn_after) */
#endif
/* Every failed probe is analysed, its lines' reasons minimized: a cheap
 * prefilter on the unminimized nogood's size took 3-9 % less CPU on
 * tcga2016 but left #854 unanswered at 10 s; a lost answer outweighs a few
 * per cent (doc/nonogram-solving.md, round six). */
/* Learning from failing nodes (issue #18, round twelve): a node whose
 * reduction meets a contradiction is analysed like a failed probe of its
 * branch literal at its parent, through the reasons of the cells its
 * reduction set (a cell that a failed probe settled has that probe's
 * learned nogood as its reason), and the nogood, of at most
 * PC__NS_NODE_LEARN_MAX literals, is learned.  Such nogoods fire about
 * twice as often as a failed probe's, but only 4-14 % of the failing nodes
 * give one (most analyses reach a cell that a failed probe with a nogood
 * too long to keep settled, or one that both probes of a cell agreed on).
 * On tcga2016 (one solution) over restart seeds 0-4: -10.3 % work at 64
 * literals (-12.9, -6.7, +9.4, -15.5, -23.1 %; one answer lost at the cap
 * under seed 1, against two under seed 4 without it); 32 literals: +0.2 %
 * over seeds 0-2 (doc/nonogram-solving.md, round twelve).  Its cells
 * gain no activity (+12.8 % at seed 0 with 16 literals when they did);
 * PC__NS_NODE_REASON_MAX > PC__NS_LEARN_MAX: failed probes' nogoods up to
 * that long are kept, unwatched, as the reasons of the cells they settle
 * (32: +27 % at seed 0). */
#ifndef PC__NS_NODE_LEARN_MAX
#define PC__NS_NODE_LEARN_MAX 64
#endif
#ifndef PC__NS_NODE_REASON_MAX
#define PC__NS_NODE_REASON_MAX PC__NS_LEARN_MAX
#endif
typedef struct pc__ns_nogood {
    int32_t n, nlits;        /* nogoods and literals stored */
    int32_t cap_n;           /* room in start / len */
    int32_t *lits;           /* PC__NS_NG_MAX_LITS literals */
    int32_t *start, *len;    /* per nogood: its literals in lits */
    int32_t *act;            /* per nogood: times it fired since the last reduction */
    int32_t *remap;          /* per nogood: its id after a reduction, -1 forgotten */
    uint8_t *learnt;         /* per nogood: its kind (NG_* in solve.c) */
    int32_t nlearnt;         /* learned ones stored */
    int32_t *buf;            /* one nogood being made (ncells + 1) */
    int32_t **watch;         /* per literal (2 * ncells): (nogood, blocker) pairs watching it */
    int32_t *wlen, *wcap;
    int32_t head;            /* trail position checked up to */
    int32_t failed;          /* allocation failed: learning is off for the solve */
    /* Nogoods learned from failed probes (issue #18, fifth round; solve.c,
     * "Learning from failed probes").  Per cell: the trail position it was
     * set at (-1: a given), why (a line >= 0 that settled it, a nogood as
     * -2 - id, -1 no reason: a decision, a given, a probe's deduction) and,
     * for a line, the trail position before that line's deductions (its
     * reason is its cells set before).  Written by every set; allocated
     * with the solver. */
    int32_t learn;    /* the caller allows learning (pc__nonogram_solve_metered) ... */
    int64_t learn_after; /* ... from this many search nodes on (PC__NS_LEARN_AFTER) */
    int32_t active;   /* learning now: below the root of such a solve */
    int32_t root;     /* trail position of the root: cells before it hold in every solution searched */
    int32_t conflict; /* the nogood of the last contradiction, -1: a line's */
    int32_t *tpos, *why, *rpos;
    uint32_t *seen;   /* analysis marks: seen[c] == seen_stamp */
    uint32_t seen_stamp;
    int32_t *stack;   /* analysis work list (ncells) */
    int32_t an_mark, an_pending; /* analysis: the probe's trail position; cells
                                  * on the work list set before it (literals to be) */
    int64_t learned, learned_lits; /* nogoods learned from probes, their literals */
} pc__ns_nogood;

typedef struct pc__nsolver {
    int32_t w, h, nlines, ncells; /* the shape: set by new */
    pc__ns_clues clues;
    pc__ns_grid grid;
    pc__ns_queue q;
    pc__ns_lsolve lsolve;
    pc__ns_probe probe;
    pc__ns_reuse reuse;
    pc__ns_search search;
    pc__ns_restart restart;
    pc__ns_stats stats;
    pc__ns_budget budget;
    pc__ns_sat sat;
    pc__ns_nogood ng;
} pc__nsolver;

/* Line `line`'s cells: base + i * stride for i < n (rows, then columns). */
static inline void pc__ns_line_span(const pc__nsolver *s, int32_t line, int32_t *base, int32_t *stride,
                                    int32_t *n)
{
    if (line < s->h) {
        *base = line * s->w;
        *stride = 1;
        *n = s->w;
    } else {
        *base = line - s->h;
        *stride = s->w;
        *n = s->h;
    }
}

/* Line `line`'s clues (s->clues.count[line] of them). */
static inline const int32_t *pc__ns_line_clues(const pc__nsolver *s, int32_t line)
{
    return s->clues.all + s->clues.start[line];
}

#endif
