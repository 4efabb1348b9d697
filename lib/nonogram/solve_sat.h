/*
 * Internal: the optional CDCL SAT backend of the black-and-white grid solver
 * (CaDiCaL through its C API; built only with `./configure --with-cadical`
 * or CMake's PUZZLECORE_WITH_CADICAL, which define PC_HAVE_CADICAL; without
 * it every call below answers "not available" and the search never hands
 * over).  doc/nonogram-solving.md describes the encoding and the hand-over.
 *
 * The search (solve.c) builds the encoding of the clues (pc__nsat_new), goes
 * back to its root, then asks pc__nsat_answer for the solutions it still
 * lacks: the cells the root settled enter as unit clauses, a solution already
 * found is forbidden by one clause.
 */
#ifndef PC_NONOGRAM_SOLVE_SAT_H
#define PC_NONOGRAM_SOLVE_SAT_H

#include <stddef.h>
#include <stdint.h>

struct pc__nsolver;
typedef struct pc__nsat pc__nsat;

/* Results of pc__nsat_answer. */
enum { PC__NSAT_DONE = 0, PC__NSAT_ABORT = -1, PC__NSAT_FAIL = -2 };

/* 1 when the library was built with the backend. */
int32_t pc__nsat_available(void);

/* Encode the solver's clues.  PC_OK, PC_ERANGE (no backend, or the encoding
 * would pass the caller's max_bytes or the solver's own memory bound: the
 * estimate is made before anything is built) or PC_ENOMEM. */
int32_t pc__nsat_new(const struct pc__nsolver *s, pc__nsat **out);
void pc__nsat_free(pc__nsat *t);
/* The memory the encoding was estimated to take (0 for NULL). */
size_t pc__nsat_bytes(const pc__nsat *t);

/*
 * Solutions of the solver's current grid (its known cells become unit
 * clauses), at most `want` (1 or 2) of them, each differing from `avoid`
 * (ncells bytes 0/1; NULL: none) and from each other.  They go to sols
 * (want * ncells bytes, 0/1 cells), their count to *nsol; every one has been
 * checked against the clues.  Conflicts count as search nodes in s->stats
 * and under the budget.  PC__NSAT_DONE (the count is exact: fewer than
 * `want` means there are no more), PC__NSAT_ABORT (budget or cancel;
 * s->budget.abort_status says which) or PC__NSAT_FAIL (a solution failed
 * its check: never expected; the caller goes on without the backend).
 */
int pc__nsat_answer(pc__nsat *t, struct pc__nsolver *s, const uint8_t *avoid, int32_t want, uint8_t *sols,
                    int32_t *nsol);

#endif
