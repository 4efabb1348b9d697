/*
 * Internal monotonic clock, for the time budgets of solvers and advisors.
 * Never used for randomness: results depend on the clock only when a caller
 * asks for a time budget, and then only through where the search stops.
 */
#ifndef PC_COMMON_CLOCK_H
#define PC_COMMON_CLOCK_H

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC). */
double pc__now_seconds(void);

#endif
