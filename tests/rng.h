/* rng.h -- the tests' one random generator: xorshift64 (Marsaglia 2003,
 * shifts 13, 7, 17), small, fast and the same on every machine, so that
 * a failing case can be seen again from its seed.  A header of the tests
 * alone; the seed must not be 0.
 */
#ifndef PDN_TESTS_RNG_H
#define PDN_TESTS_RNG_H

#include <stdint.h>

/** Steps *@s and returns its new value. */
static inline uint64_t
test_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

#endif
