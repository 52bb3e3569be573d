/* tags_out.c -- a game's tags in the canonical order (tags_out.h), as
 * PDN tag lines or as the pairs of a JSON array.
 */
#include "write/tags_out.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "model/date.h"
#include "write/json_out.h"

#if defined(__SSE2__) && defined(__GNUC__)
#define TAGS_SSE2 1 /* values are copied 16 bytes at a time */
#include <emmintrin.h>
#endif
#if defined(__AVX2__) && defined(__GNUC__)
#define TAGS_AVX2 1 /* and 32 at a time where the machine can */
#include <immintrin.h>
#endif

/* A string literal copied to @p; the byte after it. */
#define PUT_TEXT(p, lit)                                                       \
    (memcpy((p), (lit), sizeof(lit) - 1), (p) + sizeof(lit) - 1)

/* The tags written first, in their order: the Seven-Tag Roster (0-6),
 * then GameType (7) and FEN (8); each name padded to 16 bytes, to be
 * copied as a whole. */
enum { TAG_DATE = 2, TAG_RESULT = 6, TAG_GAMETYPE = 7, TAG_FEN = 8 };
static const char leading[9][16] = {"Event",  "Site",     "Date",
                                    "Round",  "White",    "Black",
                                    "Result", "GameType", "FEN"};
static const unsigned char leading_len[9] = {5, 4, 4, 5, 5, 5, 6, 8, 3};

static const char *
tag_name(const pdn_tag *t)
{
    return t->standard ? t->standard : t->name;
}

/* ---- Values ---- */

/* Whether one of the 8 bytes of @x is '"' or '\\' (exact: "Bit
 * Twiddling Hacks", a byte equal to zero). */
static inline bool
has_quote(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101ull;
    const uint64_t high = 0x8080808080808080ull;
    uint64_t q = x ^ (ones * '"'), b = x ^ (ones * '\\');
    return (((q - ones) & ~q) | ((b - ones) & ~b)) & high;
}

#ifdef TAGS_AVX2
/* Whether none of the 32 bytes at @v is '"' or '\\', then copied to @p. */
static inline bool
unquoted_32(const char *v, char *p)
{
    __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)v);
    __m256i q = _mm256_or_si256(_mm256_cmpeq_epi8(y, _mm256_set1_epi8('"')),
                                _mm256_cmpeq_epi8(y, _mm256_set1_epi8('\\')));
    if (_mm256_movemask_epi8(q))
        return false;
    _mm256_storeu_si256((__m256i *)(void *)p, y);
    return true;
}

/* Copies the @len bytes (32 or more) of @v to @p when none needs
 * escaping, as in most values (a FEN), and returns true: 32 at a time,
 * then the last 32 again.  Else false, having copied some or none. */
static inline bool
copy_unquoted(char *p, const char *v, size_t len)
{
    size_t i = 0;
    for (; i + 32 <= len; i += 32)
        if (!unquoted_32(v + i, p + i))
            return false;
    return i == len || unquoted_32(v + len - 32, p + len - 32);
}
#endif

/* The @len bytes of @v at @p with '"' and '\\' escaped by a '\\' (room
 * for twice @len); the byte after them.  16 or 8 bytes at a time while
 * there is nothing to escape; a value of 16 (or 8) bytes or more ends
 * with its last 16 (or 8) again, in part: the same bytes; one of 4 to 7
 * bytes is taken as two words of four that overlap. */
#if defined(__GNUC__)
__attribute__((noinline)) /* its callers, inline, keep few registers */
#endif
static char *
put_escaped(char *p, const char *v, size_t len)
{
    size_t i = 0;
    uint64_t x;
#ifdef TAGS_AVX2
    if (len >= 32 && copy_unquoted(p, v, len))
        return p + len;
#endif
    if (len >= 4 && len < 8) {
        uint32_t lo, hi;
        memcpy(&lo, v, 4);
        memcpy(&hi, v + len - 4, 4);
        if (!has_quote(lo | (uint64_t)hi << 32)) {
            memcpy(p, &lo, 4);
            memcpy(p + len - 4, &hi, 4);
            return p + len;
        }
    }
    while (i < len) {
#ifdef TAGS_SSE2
        if (len >= 16) { /* the next 16 bytes, or the last 16 again */
            size_t at = i + 16 <= len ? i : len - 16;
            __m128i y =
                _mm_loadu_si128((const __m128i *)(const void *)(v + at));
            __m128i q = _mm_or_si128(_mm_cmpeq_epi8(y, _mm_set1_epi8('"')),
                                     _mm_cmpeq_epi8(y, _mm_set1_epi8('\\')));
            if (!_mm_movemask_epi8(q)) { /* v[at, i) went out as it is */
                _mm_storeu_si128((__m128i *)(void *)(p - (i - at)), y);
                p += at + 16 - i;
                i = at + 16;
                continue;
            }
        }
#endif
        if (i + 8 <= len) {
            memcpy(&x, v + i, 8);
            if (!has_quote(x)) {
                memcpy(p, &x, 8);
                p += 8;
                i += 8;
                continue;
            }
        } else if (len >= 8) {
            memcpy(&x, v + len - 8, 8);
            if (!has_quote(x)) { /* v[len - 8, i) went out as it is */
                memcpy(p - (i - (len - 8)), &x, 8);
                return p + (len - i);
            }
        }
        if (v[i] == '"' || v[i] == '\\')
            *p++ = '\\';
        *p++ = v[i++];
    }
    return p;
}

/* ---- Tags ---- */

/* The @nlen bytes of a tag's name at @p, copied as 16 bytes when
 * @padded (one of leading[]); the byte after them. */
static inline char *
put_name(char *p, const char *name, size_t nlen, bool padded)
{
    if (padded)
        memcpy(p, name, 16);
    else
        memcpy(p, name, nlen);
    return p + nlen;
}

/* A tag; @name (of @nlen bytes) is a tag's own (which JSON must
 * escape), or with @padded one of leading[], plain ASCII. */
static inline void
write_any_tag(pdn_tags_out *o, const char *name, size_t nlen, bool padded,
              const char *value)
{
    pdn_strbuf *out = o->out;
    size_t vlen = strlen(value);
    if (o->json) {
        /* Room made once for ,["Name","value"] when the value stands
         * for itself, as most do. */
        char *p = pdn_strbuf_reserve(out, nlen + 16 + vlen + 8);
        if (o->comma)
            *p++ = ',';
        o->comma = true;
        *p++ = '[';
        if (padded) {
            *p++ = '"';
            p = put_name(p, name, nlen, true);
            *p++ = '"';
        } else {
            pdn_strbuf_commit(out, p);
            pdn_json_string(name, nlen, out);
            p = pdn_strbuf_reserve(out, vlen + 4);
        }
        *p++ = ',';
        char *end = pdn_json_plain(p, value, vlen);
        if (end) {
            *end++ = ']';
            pdn_strbuf_commit(out, end);
            return;
        }
        pdn_strbuf_commit(out, p);
        pdn_json_string(value, vlen, out);
        pdn_strbuf_putc(out, ']');
        return;
    }
    /* [Name "value"], with '"' and '\\' in the value escaped: room for
     * the worst case, made once. */
    char *p = pdn_strbuf_reserve(out, nlen + 16 + 2 * vlen + 6);
    *p++ = '[';
    p = put_name(p, name, nlen, padded);
    *p++ = ' ';
    *p++ = '"';
    p = put_escaped(p, value, vlen);
    memcpy(p, "\"]\n", 3);
    p += 3;
    pdn_strbuf_commit(out, p);
}

/* The Result tag with the value @result: when that is a few plain bytes
 * (any result), copied as its end is found, with no call; else as any
 * tag. */
static void
write_result_tag(pdn_tags_out *o, const char *result)
{
    char *p = pdn_strbuf_reserve(o->out, 32);
    if (o->json) {
        if (o->comma)
            *p++ = ',';
        p = PUT_TEXT(p, "[\"Result\",\"");
    } else {
        p = PUT_TEXT(p, "[Result \"");
    }
    size_t i = pdn_plain_prefix(p, result, 8);
    if (result[i]) { /* nothing of it is committed */
        write_any_tag(o, leading[TAG_RESULT], leading_len[TAG_RESULT], true,
                      result);
        return;
    }
    p += i;
    p = o->json ? PUT_TEXT(p, "\"]") : PUT_TEXT(p, "\"]\n");
    o->comma = true;
    pdn_strbuf_commit(o->out, p);
}

/* The tag leading[@i]. */
static void
write_tag(pdn_tags_out *o, int i, const char *value)
{
    write_any_tag(o, leading[i], leading_len[i], true, value);
}

/* ---- Dates ---- */

/* Whether the two characters at @s are "??" or a number from 1 to @max
 * in two digits. */
static bool
two_of(const char *s, int max)
{
    if (s[0] == '?' && s[1] == '?')
        return true;
    if ((unsigned)(s[0] - '0') > 9 || (unsigned)(s[1] - '0') > 9)
        return false;
    int n = (s[0] - '0') * 10 + (s[1] - '0');
    return n >= 1 && n <= max;
}

/* Whether the four characters at @s are all digits, or all '?'. */
static bool
year_of(const char *s)
{
    bool digits = true, unknown = true;
    for (int i = 0; i < 4; i++) {
        digits = digits && (unsigned)(s[i] - '0') <= 9;
        unknown = unknown && s[i] == '?';
    }
    return digits || unknown;
}

/* pdn_date_canonical() of the two usual forms, without its parse:
 * "1996" gives "1996.??.??", and "1996.06.01" (or with "??") itself.
 * False for any other value, which the full reading then takes. */
static bool
usual_date(const char *s, char out[11])
{
    size_t len = strlen(s);
    if (len == 4 && year_of(s)) {
        memcpy(out, s, 4);
        memcpy(out + 4, ".??.??", 7);
        return true;
    }
    if (len == 10 && year_of(s) && s[4] == '.' && s[7] == '.' &&
        two_of(s + 5, 12) && two_of(s + 8, 31)) {
        memcpy(out, s, 11);
        return true;
    }
    return false;
}

/* The Date tag @t in its canonical form, or as written with a note. */
static void
write_date(const pdn_game *g, const pdn_tag *t, pdn_diags *d, pdn_tags_out *out)
{
    char date[11];
    if (usual_date(t->value, date) || pdn_date_canonical(t->value, date)) {
        write_tag(out, TAG_DATE, date);
        return;
    }
    pdn_diags_add(d, PDN_SEV_NOTE, PDN_N_DATE_KEPT, g->file, t->at, g->number,
                  "Date \"%s\" is left as written: it is no single day in "
                  "a known form (YYYY.MM.DD)",
                  t->value);
    write_tag(out, TAG_DATE, t->value);
}

/* ---- Names ---- */

/* Whether @name, whose first byte is that of leading[@i], is that name.
 * Byte by byte, and no further than either's end: no call to strcmp(),
 * as this runs for every tag of every game. */
static inline bool
is_leading(const char *name, int i)
{
    const char *want = leading[i];
    for (size_t j = 1;; j++) {
        if (name[j] != want[j])
            return false;
        if (!want[j])
            return true;
    }
}

/* Where a tag named @name stands in leading[], or -1. */
static inline int
leading_index(const char *name)
{
    /* Each name compared in its own case, so that the compiler unrolls
     * the comparison with the name's letters as constants. */
#define LEADING(i) return is_leading(name, i) ? i : -1
    switch (name[0]) {
    case 'E':
        LEADING(0);
    case 'S':
        LEADING(1);
    case 'D':
        LEADING(2);
    case 'R':
        if (name[1] == 'o')
            LEADING(3);
        LEADING(6);
    case 'W':
        LEADING(4);
    case 'B':
        LEADING(5);
    case 'G':
        LEADING(7);
    case 'F':
        LEADING(8);
    default:
        return -1;
    }
#undef LEADING
}

/* The leading[] index of each pdn_tags_find() value. */
static const int found_leading[PDN_TAGS_FOUND] = {
    [PDN_TAGS_GAMETYPE] = TAG_GAMETYPE,
    [PDN_TAGS_FEN] = TAG_FEN,
    [PDN_TAGS_RESULT] = TAG_RESULT,
};

/* The pdn_tags_find() values when a tag has a standard name other than
 * its own (a localized name, or --map-tag): the first tag with that name
 * or standard name, as pdn_game_tag() finds it. */
static void
find_mapped(const pdn_game *g, pdn_tags_found *out)
{
    for (int f = 0; f < PDN_TAGS_FOUND; f++) {
        out->value[f] = NULL;
        for (size_t i = 0; i < g->ntags; i++) {
            const pdn_tag *t = &g->tags[i];
            if (leading_index(t->name) == found_leading[f] ||
                (t->standard &&
                 leading_index(t->standard) == found_leading[f])) {
                out->value[f] = t->value;
                break;
            }
        }
    }
}

void
pdn_tags_find(const pdn_game *g, pdn_tags_found *out)
{
    bool mapped = false;
    memset(out->leading, 0, sizeof out->leading);
    out->present = 0;
    out->others = 0;
    out->rest = g->ntags > 64;
    for (size_t i = 0; i < g->ntags; i++) {
        const pdn_tag *t = &g->tags[i];
        int k = leading_index(tag_name(t));
        if (k >= 0 && !out->leading[k]) {
            out->leading[k] = t;
            out->present |= 1u << k;
        } else if (i < 64)
            out->others |= (uint64_t)1 << i;
        mapped |= t->standard != NULL;
    }
    if (mapped) {
        find_mapped(g, out);
        return;
    }
    /* Each name is its own: the first tag of each is the one. */
    for (int f = 0; f < PDN_TAGS_FOUND; f++) {
        const pdn_tag *t = out->leading[found_leading[f]];
        out->value[f] = t ? t->value : NULL;
    }
}

/* ---- A game's tags ---- */

bool
pdn_tags_result(const pdn_game *g, const char *tag, const char **tag_out,
                const char **term_out)
{
    const char *term = g->result_text ? g->result_text : "*";
    pdn_result by_tag = tag ? pdn_result_of(tag, strlen(tag)) : PDN_RESULT_NONE;
    bool real_tag = by_tag > PDN_RESULT_UNKNOWN;
    bool real_term = g->result > PDN_RESULT_UNKNOWN;

    if (real_tag && real_term && by_tag != g->result)
        return false;
    if (real_tag)
        term = tag;
    *term_out = term;
    *tag_out = tag && by_tag == PDN_RESULT_NONE ? tag : term;
    return true;
}

void
pdn_tags_write(const pdn_game *g, const pdn_tags_found *found,
               const char *result, const char *gametype, pdn_diags *d,
               pdn_tags_out *out)
{
    const pdn_tag *const *first = found->leading;
    /* The roster's tags before Result that the game has. */
    for (unsigned m = found->present & ((1u << TAG_RESULT) - 1); m;
         m &= m - 1) {
        int i = __builtin_ctz(m);
        if (i == TAG_DATE)
            write_date(g, first[i], d, out);
        else
            write_tag(out, i, first[i]->value);
    }
    write_result_tag(out, result);
    if (first[TAG_GAMETYPE])
        write_tag(out, TAG_GAMETYPE, first[TAG_GAMETYPE]->value);
    else if (gametype)
        write_tag(out, TAG_GAMETYPE, gametype);
    if (first[TAG_FEN])
        write_tag(out, TAG_FEN, first[TAG_FEN]->value);
    /* The others, in file order; a leading tag given twice is one. */
    for (uint64_t m = found->others; m; m &= m - 1) {
        const pdn_tag *t = &g->tags[__builtin_ctzll(m)];
        write_any_tag(out, tag_name(t), strlen(tag_name(t)), false, t->value);
    }
    for (size_t i = 64; found->rest && i < g->ntags; i++) {
        const pdn_tag *t = &g->tags[i];
        int k = leading_index(tag_name(t));
        if (k < 0 || first[k] != t)
            write_any_tag(out, tag_name(t), strlen(tag_name(t)), false,
                          t->value);
    }
}
