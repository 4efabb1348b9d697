/*
 * Internal: the optional CDCL SAT backend of the black-and-white grid solver
 * (CaDiCaL through its C API; built only with `./configure --with-cadical`
 * or CMake's PUZZLECORE_WITH_CADICAL, which define PC_HAVE_CADICAL; without
 * it every call below answers "not available" and the search never hands
 * over).  doc/nonogram-solving.md describes the encoding and the hand-over.
 *
 * The search (solve.c) builds the encoding of the clues (pc__nsat_new) at
 * its first restart past a node threshold, adds the cells its root settled
 * as unit clauses, then gives the backend a turn of conflicts at each
 * restart (pc__nsat_slice); a solution already found is forbidden by one
 * clause (pc__nsat_block).
 */
#ifndef PC_NONOGRAM_SOLVE_SAT_H
#define PC_NONOGRAM_SOLVE_SAT_H

#include <stddef.h>
#include <stdint.h>

struct pc__nsolver;
typedef struct pc__nsat pc__nsat;

/* Results of pc__nsat_slice. */
enum { PC__NSAT_UNSAT = 0, PC__NSAT_SAT = 1, PC__NSAT_UNKNOWN = 2, PC__NSAT_ABORT = -1, PC__NSAT_FAIL = -2 };

/* 1 when the library was built with the backend. */
int32_t pc__nsat_available(void);

/* Encode the solver's clues.  PC_OK, PC_ERANGE (no backend, or the encoding
 * would pass the caller's max_bytes or the solver's own memory bound: the
 * estimate is made before anything is built) or PC_ENOMEM. */
int32_t pc__nsat_new(const struct pc__nsolver *s, pc__nsat **out);
void pc__nsat_free(pc__nsat *t);
/* The memory the encoding was estimated to take (0 for NULL). */
size_t pc__nsat_bytes(const pc__nsat *t);

/* The solver's known cells as unit clauses (call once, with the grid at
 * the search's root: they hold in every solution). */
void pc__nsat_units(pc__nsat *t, const struct pc__nsolver *s);

/* Forbid one solution (0/1 cells): one clause, some cell the grid has not
 * settled differs. */
void pc__nsat_block(pc__nsat *t, const struct pc__nsolver *s, const uint8_t *sol);

/*
 * One turn of the backend, at most `conflicts` conflicts: PC__NSAT_SAT (a
 * solution of the clauses given so far in sol, ncells bytes 0/1, checked
 * against the clues and the known cells), PC__NSAT_UNSAT (none left),
 * PC__NSAT_UNKNOWN (the conflicts ran out; call again to go on, the learned
 * clauses are kept), PC__NSAT_ABORT (budget or cancel; s->budget.abort_status
 * says which) or PC__NSAT_FAIL (a solution failed its check: never expected;
 * the caller drops the backend).  Each learned clause counts as a search
 * node in s->stats.nodes and under the budget (never past max_nodes).
 */
int pc__nsat_slice(pc__nsat *t, struct pc__nsolver *s, int64_t conflicts, uint8_t *sol);

#endif
