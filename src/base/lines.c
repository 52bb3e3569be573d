/* lines.c -- line ends counted in bulk (lines.h). */
#include "base/lines.h"

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
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

size_t
pdn_control_find_plain(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (pdn_is_stray_control((unsigned char)s[i]))
            return i;
    return n;
}

size_t
pdn_control_find(const char *s, size_t n)
{
    size_t i = 0;
#if defined(__AVX2__)
    const __m256i top32 = _mm256_set1_epi8(0x1F);
    const __m256i tab32 = _mm256_set1_epi8('\t'), lf32 = _mm256_set1_epi8('\n');
    const __m256i ff32 = _mm256_set1_epi8('\f'), cr32 = _mm256_set1_epi8('\r');
    for (; i + 32 <= n; i += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
        __m256i low = _mm256_cmpeq_epi8(_mm256_min_epu8(v, top32), v);
        __m256i text =
            _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, tab32),
                                            _mm256_cmpeq_epi8(v, lf32)),
                            _mm256_or_si256(_mm256_cmpeq_epi8(v, ff32),
                                            _mm256_cmpeq_epi8(v, cr32)));
        unsigned hits =
            (unsigned)_mm256_movemask_epi8(_mm256_andnot_si256(text, low));
        if (hits)
            return i + (size_t)__builtin_ctz(hits);
    }
#endif
#if defined(__SSE2__)
    const __m128i top = _mm_set1_epi8(0x1F), tab = _mm_set1_epi8('\t');
    const __m128i lf = _mm_set1_epi8('\n'), ff = _mm_set1_epi8('\f');
    const __m128i cr = _mm_set1_epi8('\r');
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        /* v <= 0x1F, unsigned: min(v, 0x1F) == v */
        __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(v, top), v);
        __m128i text = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, lf)),
            _mm_or_si128(_mm_cmpeq_epi8(v, ff), _mm_cmpeq_epi8(v, cr)));
        int hits = _mm_movemask_epi8(_mm_andnot_si128(text, low));
        if (hits)
            return i + (size_t)__builtin_ctz((unsigned)hits);
    }
#endif
    return i + pdn_control_find_plain(s + i, n - i);
}
