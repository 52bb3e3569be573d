/* lines.c -- line ends counted in bulk (lines.h). */
#include "base/lines.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Sixteen bytes at a time where SSE2 is (every x86-64), each lane
 * counting up to 255 line ends before the lanes are summed. */
uint32_t
pdn_lines_count(const char *s, size_t n)
{
    uint64_t total = 0;
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    const __m128i zero = _mm_setzero_si128();
    while (i + 16 <= n) {
        __m128i acc = zero;
        size_t stop = n - i > 16 * 255 ? i + 16 * 255 : n;
        for (; i + 16 <= stop; i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
            __m128i w =
                _mm_loadu_si128((const __m128i *)(const void *)(s + i + 1));
            __m128i lone_cr =
                _mm_andnot_si128(_mm_cmpeq_epi8(w, lf), _mm_cmpeq_epi8(v, cr));
            acc =
                _mm_sub_epi8(acc, _mm_or_si128(_mm_cmpeq_epi8(v, lf), lone_cr));
        }
        __m128i sums = _mm_sad_epu8(acc, zero);
        total += (uint64_t)_mm_cvtsi128_si32(sums) +
                 (uint64_t)_mm_extract_epi16(sums, 4);
    }
#endif
    for (; i < n; i++)
        if (s[i] == '\n' || (s[i] == '\r' && s[i + 1] != '\n'))
            total++;
    return (uint32_t)total;
}
