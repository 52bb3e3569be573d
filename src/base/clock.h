/* clock.h -- time measured on the monotonic clock: a start taken with
 * pdn_clock_start(), the seconds since with pdn_clock_since().
 */
#ifndef PDN_BASE_CLOCK_H
#define PDN_BASE_CLOCK_H

#include <time.h>

/** Takes the time now into @t. */
static inline void
pdn_clock_start(struct timespec *t)
{
    clock_gettime(CLOCK_MONOTONIC, t);
}

/** The seconds since @t0 (taken with pdn_clock_start()). */
static inline double
pdn_clock_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) +
           (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

#endif
