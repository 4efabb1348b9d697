/* Internal monotonic clock, the platform layer: see clock.h. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#include "common/clock.h"

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

double pc__now_seconds(void)
{
    LARGE_INTEGER now, freq;
    /* Never fail on Windows XP and later; the frequency is fixed at boot. */
    if (!QueryPerformanceFrequency(&freq) || freq.QuadPart <= 0 || !QueryPerformanceCounter(&now))
        return 0.0;
    return (double)(now.QuadPart / freq.QuadPart) + (double)(now.QuadPart % freq.QuadPart) / (double)freq.QuadPart;
}

#else
#include <time.h>

double pc__now_seconds(void)
{
#if defined(CLOCK_MONOTONIC)
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0)
        return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
#if defined(TIME_UTC)
    {
        struct timespec tu;
        if (timespec_get(&tu, TIME_UTC) == TIME_UTC)
            return (double)tu.tv_sec + (double)tu.tv_nsec * 1e-9;
    }
#endif
    return (double)clock() / (double)CLOCKS_PER_SEC;
}
#endif
