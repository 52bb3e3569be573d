/* scan.h -- the byte scans the lexer shares with the parser's node
 * builder: the blanks between tokens, their lines counted, and the
 * commonest tokens of a movetext read the short way (grammar/tokens:
 * MOVE of two squares, MOVE_NUMBER).  Inline: they run once per token.
 */
#ifndef PDN_SYNTAX_SCAN_H
#define PDN_SYNTAX_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "syntax/lexer.h"

#if defined(__SSE2__) && defined(__GNUC__)
#define PDN_SCAN_SSE2 1 /* strings are scanned 16 bytes at a time */
#include <emmintrin.h>
#endif
#if defined(__AVX2__) && defined(__GNUC__)
#define PDN_SCAN_AVX2 1 /* and 32 at a time where the machine can */
#include <immintrin.h>
#endif

/* ---- Eight bytes at a time ---- */

/* The scans below read a word of eight bytes and ask which of them are of
 * interest; only such bytes are looked at one by one.  A word is read only
 * when all of it lies before buf[len]. */

#define PDN_SCAN_ONES 0x0101010101010101u
#define PDN_SCAN_HIGHS 0x8080808080808080u

/** The eight bytes at @p, the first in the low bits. */
static inline uint64_t
pdn_scan_load8(const char *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v); /* the first byte in the low bits */
#endif
    return v;
}

/** The high bit of each byte of @x equal to @c.  Only the lowest marked
 * byte is sure (a borrow may mark bytes after it): callers take the first
 * one and look again from there. */
static inline uint64_t
pdn_scan_bytes_eq(uint64_t x, unsigned char c)
{
    uint64_t y = x ^ (PDN_SCAN_ONES * c);
    return (y - PDN_SCAN_ONES) & ~y & PDN_SCAN_HIGHS;
}

/** The same for bytes below @n (at most 128). */
static inline uint64_t
pdn_scan_bytes_below(uint64_t x, unsigned char n)
{
    return (x - PDN_SCAN_ONES * n) & ~x & PDN_SCAN_HIGHS;
}

/** The index of the first byte marked in @m (not 0). */
static inline size_t
pdn_scan_first_byte(uint64_t m)
{
#if defined(__GNUC__)
    return (size_t)__builtin_ctzll(m) >> 3;
#else
    size_t n = 0;
    while (!(m & 0x80)) {
        m >>= 8;
        n++;
    }
    return n;
#endif
}

/** UTF-8 continuation bytes (10xxxxxx) in [from, to). */
static inline size_t
pdn_scan_continuations(const char *b, size_t from, size_t to)
{
    size_t n = 0, i = from;
    for (; i + 8 <= to; i += 8) {
        uint64_t x = pdn_scan_load8(b + i);
        uint64_t m = x & ~(x << 1) & PDN_SCAN_HIGHS;
#if defined(__GNUC__)
        n += (size_t)__builtin_popcountll(m);
#else
        for (; m; m &= m - 1)
            n++;
#endif
    }
    for (; i < to; i++)
        n += ((unsigned char)b[i] & 0xC0) == 0x80;
    return n;
}

/** The first byte from @i on that a string must look at: a quote, a
 * backslash or a control byte below 14 (line ends; the NUL at the end of
 * the buffer, b[len], is one).  *@high gets a high bit (PDN_SCAN_HIGHS)
 * if a byte passed is 0x80 or above, and may get one for a byte after
 * the stop in the same block: it says that the columns need counting,
 * and never misses it. */
static inline size_t
pdn_scan_string_stop(const char *b, size_t i, size_t len, uint64_t *high)
{
#if defined(PDN_SCAN_AVX2)
    /* thirty-two bytes at a time (most tag values take two or three) */
    const __m256i quote32 = _mm256_set1_epi8('"'),
                  bsl32 = _mm256_set1_epi8('\\'), ctl32 = _mm256_set1_epi8(13);
    while (i + 32 <= len) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));
        __m256i m = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi8(x, quote32),
                            _mm256_cmpeq_epi8(x, bsl32)),
            _mm256_cmpeq_epi8(_mm256_min_epu8(x, ctl32), x)); /* below 14 */
        unsigned hits = (unsigned)_mm256_movemask_epi8(m);
        if (_mm256_movemask_epi8(x))
            *high = PDN_SCAN_HIGHS;
        if (hits)
            return i + (size_t)__builtin_ctz(hits);
        i += 32;
    }
#endif
#if defined(PDN_SCAN_SSE2)
    /* sixteen bytes at a time, then eight */
    const __m128i quote = _mm_set1_epi8('"'), bsl = _mm_set1_epi8('\\'),
                  ctl = _mm_set1_epi8(13);
    while (i + 16 <= len) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(b + i));
        __m128i m = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, bsl)),
            _mm_cmpeq_epi8(_mm_min_epu8(x, ctl), x)); /* below 14 */
        unsigned hits = (unsigned)_mm_movemask_epi8(m);
        if (_mm_movemask_epi8(x))
            *high = PDN_SCAN_HIGHS;
        if (hits)
            return i + (size_t)__builtin_ctz(hits);
        i += 16;
    }
#endif
    while (i + 8 <= len) {
        uint64_t x = pdn_scan_load8(b + i);
        uint64_t m = pdn_scan_bytes_below(x, 14) | pdn_scan_bytes_eq(x, '"') |
                     pdn_scan_bytes_eq(x, '\\');
        *high |= x;
        if (m)
            return i + pdn_scan_first_byte(m);
        i += 8;
    }
    for (;; i++) {
        unsigned char c = (unsigned char)b[i];
        if (c == '"' || c == '\\' || c < 14)
            return i;
        *high |= c;
    }
}

/* ---- Plain versions ---- */

/* The scans above, a byte at a time: what they must agree with
 * (tests/unit/test_scan.c holds them together). */

/** pdn_scan_continuations(), plainly. */
static inline size_t
pdn_scan_continuations_plain(const char *b, size_t from, size_t to)
{
    size_t n = 0;
    for (size_t i = from; i < to; i++)
        n += ((unsigned char)b[i] & 0xC0) == 0x80;
    return n;
}

/** pdn_scan_string_stop(), plainly; *@high gets PDN_SCAN_HIGHS exactly
 * when a byte passed is 0x80 or above. */
static inline size_t
pdn_scan_string_stop_plain(const char *b, size_t i, uint64_t *high)
{
    for (;; i++) {
        unsigned char c = (unsigned char)b[i];
        if (c == '"' || c == '\\' || c < 14)
            return i;
        if (c & 0x80)
            *high = PDN_SCAN_HIGHS;
    }
}

/** A line starts at byte @next. */
static inline void
pdn_scan_new_line(pdn_lexer *lx, size_t next)
{
    lx->line++;
    lx->line_from = next;
    lx->col_base = 1;
    lx->cont = 0;
}

/** Past the blanks from @i on, their lines counted: up to the next byte
 * that is no blank, or the NUL at the end.  Blanks are ' ', '\t' to '\r'
 * and a NUL before the end. */
static inline size_t
pdn_scan_blanks(pdn_lexer *lx, size_t i)
{
    const char *b = lx->buf;
    for (;; i++) {
        unsigned c = (unsigned char)b[i];
        if (c == ' ')
            continue;
        if (c - '\t' > '\r' - '\t') {
            if (c != 0 || i >= lx->len)
                return i;
            continue;
        }
        if (c == '\n' || (c == '\r' && b[i + 1] != '\n'))
            pdn_scan_new_line(lx, i + 1);
    }
}

/** The column of byte @i, on the lexer's line. */
static inline uint32_t
pdn_scan_col(const pdn_lexer *lx, size_t i)
{
    return lx->col_base + (uint32_t)(i - lx->line_from - lx->cont);
}

/* ---- Moves and move numbers the short way ---- */

/* Of a move of two squares of one or two digits followed by a blank
 * ("22-18 ", "9x13\n"), or a move number of one or two digits ("12.",
 * "7..."): what the lexer's longer way would read the same.  The parts
 * below take and give pointers and values, not the lexer, so that their
 * callers keep them in registers while they store nodes and tokens; every
 * byte they look at lies at or before the NUL at the end of the buffer. */

/** The square or number of one or two digits at @u (a digit): its value
 * into *@value, and the address past it. */
static inline const char *
pdn_scan_digits(const char *u, unsigned *value)
{
    unsigned a = (unsigned)((unsigned char)u[0] - '0');
    unsigned d = (unsigned)((unsigned char)u[1] - '0');
    if (d < 10) {
        *value = a * 10 + d;
        return u + 2;
    }
    *value = a;
    return u + 1;
}

/** After the digits of a move number, at @q (a '.'): the address past its
 * dots, or NULL if they touch @end (the NUL: more may follow) or make the
 * token longer than 255 bytes (from @u). */
static inline const char *
pdn_scan_dots(const char *u, const char *q, const char *end)
{
    do
        q++;
    while (*q == '.');
    return q >= end || q - u > 0xFF ? NULL : q;
}

/** Whether @c may separate the squares of a move: - x X : */
static inline bool
pdn_scan_is_separator(unsigned c)
{
    return c == '-' || (c | 0x20) == 'x' || c == ':';
}

/** Whether @c may follow a move read the short way: ' ' '\t' '\n' '\r'.
 * One test of a mask of those bytes' bits. */
static inline bool
pdn_scan_is_move_end(unsigned c)
{
    const uint64_t ends =
        1ull << ' ' | 1ull << '\t' | 1ull << '\n' | 1ull << '\r';
    return c <= ' ' && (ends >> c & 1);
}

/** After the first square (@a) of the move at @u, at @q: the separator,
 * the second square (into *@b) and a blank.  Returns the address past the
 * second square, or NULL for anything else, for a square 0, and for what
 * may be a result ("1-0", which the lexer's longer way reads). */
static inline const char *
pdn_scan_move(const char *u, const char *q, unsigned a, unsigned *b)
{
    unsigned c = (unsigned char)*q, v, d;
    if (!pdn_scan_is_separator(c) ||
        (v = (unsigned)((unsigned char)q[1] - '0')) > 9)
        return NULL;
    const char *e = q + 2;
    if ((d = (unsigned)((unsigned char)*e - '0')) < 10) {
        v = v * 10 + d;
        e++;
    }
    /* Not followed by a blank (mostly ' '), or a square 0 (squares stay
     * below 100: the product does not overflow) */
    if ((*e != ' ' && !pdn_scan_is_move_end((unsigned char)*e)) || a * v == 0)
        return NULL;
    /* Perhaps a result: digits from 0 to 2 either side of '-' */
    if (a <= 2 && v <= 2 && e - u == 3 && c == '-')
        return NULL;
    *b = v;
    return e;
}

/** The separator at @q of a move read by pdn_scan_move(): 'X' as 'x'. */
static inline char
pdn_scan_separator(const char *q)
{
    return (char)(*q | 0x20);
}

/* ---- Tags the short way ---- */

#define PDN_SCAN_NAME(c)                                                       \
    (((c) >= '0' && (c) <= '9') || ((c) >= 'A' && (c) <= 'Z') || (c) == '_' || \
     ((c) >= 'a' && (c) <= 'z'))
#define PDN_SCAN_NAME_ROW(r)                                                   \
    PDN_SCAN_NAME(r + 0), PDN_SCAN_NAME(r + 1), PDN_SCAN_NAME(r + 2),          \
        PDN_SCAN_NAME(r + 3), PDN_SCAN_NAME(r + 4), PDN_SCAN_NAME(r + 5),      \
        PDN_SCAN_NAME(r + 6), PDN_SCAN_NAME(r + 7), PDN_SCAN_NAME(r + 8),      \
        PDN_SCAN_NAME(r + 9), PDN_SCAN_NAME(r + 10), PDN_SCAN_NAME(r + 11),    \
        PDN_SCAN_NAME(r + 12), PDN_SCAN_NAME(r + 13), PDN_SCAN_NAME(r + 14),   \
        PDN_SCAN_NAME(r + 15)

/** Whether @c may stand in a tag name: a letter, a digit or '_'. */
static inline bool
pdn_scan_is_name(unsigned char c)
{
    static const bool name_bytes[256] = {
        PDN_SCAN_NAME_ROW(0x00), PDN_SCAN_NAME_ROW(0x10),
        PDN_SCAN_NAME_ROW(0x20), PDN_SCAN_NAME_ROW(0x30),
        PDN_SCAN_NAME_ROW(0x40), PDN_SCAN_NAME_ROW(0x50),
        PDN_SCAN_NAME_ROW(0x60), PDN_SCAN_NAME_ROW(0x70),
        PDN_SCAN_NAME_ROW(0x80), PDN_SCAN_NAME_ROW(0x90),
        PDN_SCAN_NAME_ROW(0xA0), PDN_SCAN_NAME_ROW(0xB0),
        PDN_SCAN_NAME_ROW(0xC0), PDN_SCAN_NAME_ROW(0xD0),
        PDN_SCAN_NAME_ROW(0xE0), PDN_SCAN_NAME_ROW(0xF0),
    };
    return name_bytes[c];
}

/** The parts of a tag written the usual way, as offsets in the buffer. */
typedef struct pdn_scan_tag_parts {
    size_t name, name_end;   /* its name */
    size_t value, value_end; /* its value, quotes included */
    size_t close;            /* its ']' */
    bool plain;              /* no byte of the value is above 0x7F */
    size_t cont;             /* UTF-8 continuation bytes in the value, as
                                the lexer counts them for columns */
} pdn_scan_tag_parts;

/** After a '[' (the lexer past it): the rest of a tag written the usual
 * way on one line -- a name starting with a capital, its value with no
 * escape or control byte and at most PDN_LEXER_TAG_VALUE_MAX bytes long,
 * ']' not at the end of the buffer -- its parts into @t.  Returns false
 * for anything else.  The lexer does not move. */
static inline bool
pdn_scan_tag(const pdn_lexer *lx, pdn_scan_tag_parts *t)
{
    const char *b = lx->buf;
    size_t len = lx->len, i = lx->pos;
    uint64_t high = 0;
    while (b[i] == ' ' || b[i] == '\t')
        i++;
    if ((unsigned)((unsigned char)b[i] - 'A') >= 26)
        return false;
    t->name = i++;
    while (pdn_scan_is_name((unsigned char)b[i]))
        i++;
    t->name_end = i;
    while (b[i] == ' ' || b[i] == '\t')
        i++;
    if (b[i] != '"')
        return false;
    t->value = i;
    i = pdn_scan_string_stop(b, i + 1, len, &high);
    if (b[i] != '"' || i - t->value > PDN_LEXER_TAG_VALUE_MAX)
        return false; /* an escape, a control byte, a line end, the end */
    t->value_end = ++i;
    while (b[i] == ' ' || b[i] == '\t')
        i++;
    if (b[i] != ']' || i + 1 >= len)
        return false;
    t->close = i;
    t->plain = !(high & PDN_SCAN_HIGHS);
    t->cont = t->plain ? 0 : pdn_scan_continuations(b, t->value, t->value_end);
    return true;
}

#endif
