/*
 * Internal monotonic clock, for the time budgets of solvers and advisors.
 * Never used for randomness: results depend on the clock only when a caller
 * asks for a time budget, and then only through where the search stops.
 *
 * This is the library's whole platform layer (it starts no threads and does
 * no I/O): clock.c has one implementation per platform family,
 *   - Windows (_WIN32, MinGW-w64 or MSVC): QueryPerformanceCounter;
 *   - POSIX (Linux, the BSDs, macOS, Android, emscripten): clock_gettime
 *     (CLOCK_MONOTONIC);
 *   - any other C11 hosted system: timespec_get (TIME_UTC; not monotonic, so
 *     a clock step can stop a search early or late, nothing worse);
 *   - and, without even that, clock() (processor time).
 */
#ifndef PC_COMMON_CLOCK_H
#define PC_COMMON_CLOCK_H

/* Seconds since an arbitrary fixed point, never decreasing on the
 * Windows and POSIX branches. */
double pc__now_seconds(void);

#endif
