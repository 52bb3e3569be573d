/* json_string.c -- strings as JSON text (json_string.h): a string that
 * stands for itself is copied in runs, 16 or 32 bytes at a time where
 * the machine has SSE2 or AVX2; one that does not is escaped byte by
 * byte.
 */
#include "base/json_string.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/utf8.h"

#if defined(__SSE2__) && defined(__GNUC__)
#define JSON_SSE2 1 /* plain runs are found 16 bytes at a time */
#include <emmintrin.h>
#endif
#if defined(__AVX2__) && defined(__GNUC__)
#define JSON_AVX2 1 /* and plain strings copied 32 at a time */
#include <immintrin.h>
#endif

/* Length of the UTF-8 sequence that byte @c starts, or 0 if none can. */
static size_t
sequence_length(unsigned char c)
{
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        return 2;
    if (c >= 0xE0 && c <= 0xEF)
        return 3;
    if (c >= 0xF0 && c <= 0xF4)
        return 4;
    return 0;
}

/* The escape of byte @c in a JSON string into @buf, or NULL if it stands
 * for itself. */
static const char *
escape_of(unsigned char c, char buf[8])
{
    switch (c) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    default:
        if (c >= 0x20 && c != 0x7F)
            return NULL;
        buf[0] = '\\';
        buf[1] = 'u';
        buf[2] = '0';
        buf[3] = '0';
        buf[4] = "0123456789abcdef"[c >> 4];
        buf[5] = "0123456789abcdef"[c & 0xF];
        buf[6] = '\0';
        return buf;
    }
}

/* Whether the 8 bytes of @x are all printable ASCII other than '"' and
 * '\\': bytes that stand for themselves (exact tests on the whole word,
 * as in "Bit Twiddling Hacks": has a byte less than n, more than n,
 * equal to zero). */
static inline bool
plain_word(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101ull;
    const uint64_t high = 0x8080808080808080ull;
    uint64_t q = x ^ (ones * '"'), b = x ^ (ones * '\\');
    uint64_t less = (x - ones * 0x20) & ~x & high;
    uint64_t more = ((x + ones * (127 - 0x7E)) | x) & high;
    uint64_t quote = (q - ones) & ~q & high;
    uint64_t slash = (b - ones) & ~b & high;
    return !(less | more | quote | slash);
}

#ifdef JSON_SSE2
/* Whether the 16 bytes of @x all stand for themselves (as plain_word()). */
static inline bool
plain_vector(__m128i x)
{
    /* Signed: printable ASCII and DEL are more than 0x1F, the rest not. */
    __m128i bad =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                  _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
                     _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)),
                                  _mm_cmplt_epi8(x, _mm_set1_epi8(0x20))));
    return !_mm_movemask_epi8(bad);
}

/* Whether the 16 bytes at @s all stand for themselves, then copied to
 * @p. */
static inline bool
plain_16(const char *s, char *p)
{
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)s);
    if (!plain_vector(x))
        return false;
    _mm_storeu_si128((__m128i *)(void *)p, x);
    return true;
}
#endif

#ifdef JSON_AVX2
/* Whether the 32 bytes at @s all stand for themselves (as plain_vector()),
 * then copied to @p. */
static inline bool
plain_32(const char *s, char *p)
{
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)s);
    __m256i bad = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('"')),
                        _mm256_cmpeq_epi8(x, _mm256_set1_epi8('\\'))),
        _mm256_or_si256(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(0x7F)),
                        _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), x)));
    if (_mm256_movemask_epi8(bad))
        return false;
    _mm256_storeu_si256((__m256i *)(void *)p, x);
    return true;
}
#endif

/* Whether the byte @c stands for itself. */
static inline bool
plain_byte(unsigned char c)
{
    return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}

/* Copies the @len bytes at @s to @p when all of them stand for
 * themselves, as most strings' do, and returns true; else returns false,
 * having written some of them or none.  No byte is read or written
 * outside the @len: a short string is taken as two words that overlap
 * (as memcpy() does), a long one 16 bytes at a time and its last 16. */
static inline bool
copy_plain(const char *s, size_t len, char *p)
{
    uint64_t a, b;
#ifdef JSON_AVX2
    if (len >= 32) {
        size_t i = 0;
        for (; i + 32 <= len; i += 32)
            if (!plain_32(s + i, p + i))
                return false;
        return i == len || plain_32(s + len - 32, p + len - 32);
    }
#endif
    if (len >= 16) {
#ifdef JSON_SSE2
        size_t i = 0;
        for (; i + 16 <= len; i += 16)
            if (!plain_16(s + i, p + i))
                return false;
        return i == len || plain_16(s + len - 16, p + len - 16);
#else
        size_t i = 0;
        for (; i + 8 <= len; i += 8) {
            memcpy(&a, s + i, 8);
            if (!plain_word(a))
                return false;
            memcpy(p + i, &a, 8);
        }
        memcpy(&a, s + len - 8, 8);
        if (!plain_word(a))
            return false;
        memcpy(p + len - 8, &a, 8);
        return true;
#endif
    }
    if (len >= 8) {
        memcpy(&a, s, 8);
        memcpy(&b, s + len - 8, 8);
#ifdef JSON_SSE2
        if (!plain_vector(_mm_set_epi64x((long long)b, (long long)a)))
            return false;
#else
        if (!plain_word(a) || !plain_word(b))
            return false;
#endif
        memcpy(p, &a, 8);
        memcpy(p + len - 8, &b, 8);
        return true;
    }
    if (len >= 4) {
        uint32_t lo, hi;
        memcpy(&lo, s, 4);
        memcpy(&hi, s + len - 4, 4);
        if (!plain_word(lo | (uint64_t)hi << 32))
            return false;
        memcpy(p, &lo, 4);
        memcpy(p + len - 4, &hi, 4);
        return true;
    }
    for (size_t i = 0; i < len; i++) {
        if (!plain_byte((unsigned char)s[i]))
            return false;
        p[i] = s[i];
    }
    return true;
}

/* Input bytes escaped per room made: each takes at most six bytes of
 * output (the escape of a control character, or of U+FFFD), and a long
 * text (a game as read) is not given six times its size at once. */
#define JSON_CHUNK 4096

static void json_string_escaped(const char *s, size_t len, pdn_strbuf *out);

char *
pdn_json_plain(char *p, const char *s, size_t len)
{
    if (!copy_plain(s, len, p + 1))
        return NULL;
    p[0] = '"';
    p[len + 1] = '"';
    return p + len + 2;
}

void
pdn_json_string(const char *s, size_t len, pdn_strbuf *out)
{
    /* The usual string, which stands for itself: room for it and its
     * quotes, then a copy. */
    if (len <= JSON_CHUNK) {
        char *p = pdn_strbuf_reserve(out, len + 2);
        if (copy_plain(s, len, p + 1)) {
            p[0] = '"';
            p[len + 1] = '"';
            pdn_strbuf_commit(out, p + len + 2);
            return;
        }
    }
    json_string_escaped(s, len, out);
}

/* The byte of @s at *@i (of @len) as a JSON string holds it, at @p: as
 * it is, escaped, or with the rest of its UTF-8 sequence; *@i goes past
 * what was taken.  Returns the byte after what was written. */
static inline char *
put_byte(const char *s, size_t len, size_t *i, char *p)
{
    unsigned char c = (unsigned char)s[*i];
    char buf[8];
    const char *esc;
    size_t n;
    if (plain_byte(c)) {
        *p++ = (char)c;
        ++*i;
        return p;
    }
    if (c < 0x80) {
        if (!(esc = escape_of(c, buf))) {
            *p++ = (char)c;
            ++*i;
            return p;
        }
    } else {
        n = sequence_length(c);
        /* Two bytes (most accented letters, the degree sign): valid
         * when the second continues the first; longer ones checked
         * whole. */
        if (n == 2 ? *i + 1 < len && ((unsigned char)s[*i + 1] & 0xC0) == 0x80
                   : n && *i + n <= len && pdn_utf8_valid(s + *i, n)) {
            memcpy(p, s + *i, n);
            *i += n;
            return p + n;
        }
        esc = "\\ufffd";
    }
    n = strlen(esc);
    memcpy(p, esc, n);
    ++*i;
    return p + n;
}

/* pdn_json_string() of a string with bytes to escape or check. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
json_string_escaped(const char *s, size_t len, pdn_strbuf *out)
{
    size_t i = 0;
    /* Room for a chunk, the quotes, and a UTF-8 sequence that starts in
     * the chunk and ends past it. */
    size_t chunk = len < JSON_CHUNK ? len : JSON_CHUNK;
    char *p = pdn_strbuf_reserve(out, 6 * chunk + 16);

    *p++ = '"';
    for (;;) {
        size_t stop = len - i > JSON_CHUNK ? i + JSON_CHUNK : len;
        while (i < stop) {
            /* 16 or eight plain bytes at a time; else the bytes of
             * the next eight one by one. */
            uint64_t x;
#ifdef JSON_SSE2
            if (i + 16 <= stop && plain_16(s + i, p)) {
                p += 16;
                i += 16;
                continue;
            }
#endif
            if (i + 8 <= stop) {
                memcpy(&x, s + i, 8);
                if (plain_word(x)) {
                    memcpy(p, &x, 8);
                    p += 8;
                    i += 8;
                    continue;
                }
            } else if (stop == len && len >= 8) {
                /* The last bytes: the last eight again if all are plain
                 * (those before i went out as they are). */
                memcpy(&x, s + len - 8, 8);
                if (plain_word(x)) {
                    memcpy(p - (i - (len - 8)), &x, 8);
                    p += len - i;
                    i = len;
                    break;
                }
            }
            /* A word with a byte to escape or check: its bytes one by
             * one, before words are tried again. */
            size_t until = i + 8 < stop ? i + 8 : stop;
            while (i < until)
                p = put_byte(s, len, &i, p);
        }
        if (i >= len)
            break;
        pdn_strbuf_commit(out, p);
        chunk = len - i < JSON_CHUNK ? len - i : JSON_CHUNK;
        p = pdn_strbuf_reserve(out, 6 * chunk + 16);
    }
    *p++ = '"';
    pdn_strbuf_commit(out, p);
}
