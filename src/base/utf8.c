/* utf8.c -- UTF-8 validation (RFC 3629: no overlongs, no surrogates,
 * nothing past U+10FFFF), Windows-1252 decoding, and text of the two
 * mixed decoded to UTF-8.
 */
#include "base/utf8.h"

#include <string.h>

/* Length of the valid sequence at @s (1-4), 0 if invalid, or -1 if @s
 * ends inside a sequence that is valid so far. */
static int
sequence(const unsigned char *s, size_t left)
{
    unsigned char c = s[0];
    int n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    for (int i = 1; i < n; i++) {
        if ((size_t)i >= left)
            return -1;
        unsigned char b = s[i];
        if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF))
            return 0;
    }
    return n;
}

/* Length of the valid UTF-8 at the start of @s; *@cut tells whether it
 * stops at a sequence the end of @s cuts off (valid so far). */
static size_t
scan(const char *s, size_t len, bool *cut)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    *cut = false;
    while (i < len) {
        if (p[i] < 0x80) {
            i++;
            /* ASCII, most text: eight bytes at a time */
            uint64_t w;
            while (i + 8 <= len &&
                   (memcpy(&w, p + i, 8), !(w & 0x8080808080808080ull)))
                i += 8;
            continue;
        }
        int n = sequence(p + i, len - i);
        if (n <= 0) {
            *cut = n < 0;
            return i;
        }
        i += (size_t)n;
    }
    return len;
}

size_t
pdn_utf8_valid_prefix(const char *s, size_t len)
{
    bool cut;
    size_t n = scan(s, len, &cut);
    return cut ? len : n;
}

bool
pdn_utf8_valid(const char *s, size_t len)
{
    bool cut;
    return scan(s, len, &cut) == len;
}

size_t
pdn_utf8_count(const char *s, size_t len)
{
    /* Every byte but the continuation bytes (10xxxxxx), eight at a time:
     * bit 7 set and bit 6 (shifted up to 7) clear. */
    const uint64_t high = 0x8080808080808080ull;
    size_t cont = 0, i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        cont += (size_t)__builtin_popcountll(w & ~(w << 1) & high);
    }
    for (; i < len; i++)
        cont += ((unsigned char)s[i] & 0xC0) == 0x80;
    return len - cont;
}

/* Windows-1252 bytes 0x80-0x9F; 0 where the code page has no character
 * (those bytes are taken as the C1 control of the same number). */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,
    0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

size_t
pdn_utf8_put(unsigned long c, char *out)
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* Writes the Windows-1252 character of byte @c at @out; returns its
 * length. */
static size_t
put_cp1252(unsigned c, char *out)
{
    if (c >= 0x80 && c <= 0x9F && cp1252_high[c - 0x80])
        c = cp1252_high[c - 0x80];
    return pdn_utf8_put(c, out);
}

size_t
pdn_utf8_first_invalid(const char *s, size_t len)
{
    bool cut;
    return scan(s, len, &cut);
}

size_t
pdn_utf8_complete(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    /* A sequence is at most 4 bytes: its lead is among the last 3. */
    for (size_t back = 1; back <= 3 && back <= len; back++) {
        unsigned char c = p[len - back];
        if ((c & 0xC0) == 0x80)
            continue; /* a continuation byte: the lead is before it */
        return c >= 0xC0 && sequence(p + len - back, back) < 0 ? len - back
                                                               : len;
    }
    return len;
}

size_t
pdn_text_to_utf8(const char *in, size_t len, char *out)
{
    const unsigned char *p = (const unsigned char *)in;
    size_t i = 0, n = 0;
    while (i < len) {
        bool cut;
        size_t valid = scan(in + i, len - i, &cut);
        memcpy(out + n, in + i, valid);
        n += valid;
        i += valid;
        if (i < len) /* a byte that starts no valid sequence */
            n += put_cp1252(p[i++], out + n);
    }
    return n;
}
