/* fen.c -- reading and writing PDN FEN (PDN 3.0 standard, "FEN" tag):
 *
 *   fen     -> blank* side blank* ( ':' blank* section )* '.'? blank*
 *   side    -> 'W' | 'B'
 *   section -> colour blank* ( item ( blank* ',' blank* item )* )? blank*
 *   colour  -> 'W' | 'B'
 *   item    -> 'K'? number ( '-' 'K'? number )?      number -> [0-9]+
 *
 * Letters may be lower case; a trailing '.' may also end the last section.
 */
#include "fen.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "square.h"

#if defined(__AVX2__) && defined(__GNUC__)
#define FEN_AVX2 1
#include <immintrin.h>
#endif

typedef struct fen_reader {
    const pdn_variant *v;
    const char *text;
    size_t len, pos;
    pdn_board *board;
    pdn_bb seen;
    pdn_fen_error *err;
} fen_reader;

/* Records an error at the current position; always returns -1. */
static int
fail(fen_reader *r, const char *what)
{
    unsigned column = 1;
    for (size_t i = 0; i < r->pos && i < r->len; i++)
        if (((unsigned char)r->text[i] & 0xC0) != 0x80)
            column++;
    r->err->offset = r->pos;
    r->err->column = column;
    if (r->pos >= r->len)
        snprintf(r->err->message, sizeof r->err->message, "%s, found the end",
                 what);
    else if (isgraph((unsigned char)r->text[r->pos]))
        snprintf(r->err->message, sizeof r->err->message, "%s, found '%c'",
                 what, r->text[r->pos]);
    else
        snprintf(r->err->message, sizeof r->err->message,
                 "%s, found byte 0x%02X", what, (unsigned char)r->text[r->pos]);
    return -1;
}

/* ASCII alone, without the locale's tables: a FEN is read for every game
 * that has one. */
static bool
is_digit(char c)
{
    return (unsigned char)(c - '0') < 10;
}

/* \t \n \v \f \r and the space, by byte. */
static const bool blank[256] = {
    ['\t'] = true, ['\n'] = true, ['\v'] = true,
    ['\f'] = true, ['\r'] = true, [' '] = true,
};

static bool
is_blank(char c)
{
    return blank[(unsigned char)c];
}

static int
peek(const fen_reader *r)
{
    if (r->pos >= r->len)
        return -1;
    unsigned char c = (unsigned char)r->text[r->pos];
    return c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c;
}

static void
skip_blanks(fen_reader *r)
{
    while (r->pos < r->len && is_blank(r->text[r->pos]))
        r->pos++;
}

static int
read_colour(fen_reader *r, pdn_color *c)
{
    int ch = peek(r);
    if (ch != 'W' && ch != 'B')
        return -1;
    *c = ch == 'W' ? PDN_WHITE : PDN_BLACK;
    r->pos++;
    return 0;
}

/* number -> [0-9]+, a square of the board. */
static int
read_square(fen_reader *r, int *n)
{
    size_t start = r->pos;
    long value = 0;
    while (r->pos < r->len && is_digit(r->text[r->pos])) {
        if (value < 1000)
            value = value * 10 + (r->text[r->pos] - '0');
        r->pos++;
    }
    if (r->pos == start)
        return fail(r, "expected a square number");
    if (value < 1 || value > PDN_SQUARES) {
        r->pos = start;
        return fail(r, "expected a square number from 1 to 32");
    }
    *n = (int)value;
    return 0;
}

static int
place(fen_reader *r, pdn_color c, int n, int king, size_t at)
{
    pdn_bb m = (pdn_bb)1 << pdn_square_to_bit(r->v, n);
    if (r->seen & m) {
        r->pos = at;
        return fail(r, "expected each square once");
    }
    r->seen |= m;
    r->board->pieces[c] |= m;
    if (king)
        r->board->kings |= m;
    return 0;
}

/* item -> 'K'? number ( '-' 'K'? number )? */
static int
read_item(fen_reader *r, pdn_color c)
{
    size_t at = r->pos;
    int king = 0, first = 0, last;
    if (peek(r) == 'K') {
        king = 1;
        r->pos++;
    }
    if (read_square(r, &first) < 0)
        return -1;
    last = first;
    if (peek(r) == '-') {
        r->pos++;
        if (peek(r) == 'K') {
            king = 1;
            r->pos++;
        }
        size_t at_last = r->pos;
        if (read_square(r, &last) < 0)
            return -1;
        if (last < first) {
            r->pos = at_last;
            return fail(r, "expected a range from low to high");
        }
    }
    for (int n = first; n <= last; n++)
        if (place(r, c, n, king, at) < 0)
            return -1;
    return 0;
}

/* section -> colour blank* ( item ( blank* ',' blank* item )* )? blank* */
static int
read_section(fen_reader *r)
{
    pdn_color c;
    if (read_colour(r, &c) < 0)
        return fail(r, "expected 'W' or 'B' to start a list of pieces");
    skip_blanks(r);
    int ch = peek(r);
    if (ch == ':' || ch == '.' || ch == -1)
        return 0; /* no pieces of this colour */
    for (;;) {
        if (read_item(r, c) < 0)
            return -1;
        skip_blanks(r);
        if (peek(r) != ',')
            return 0;
        r->pos++;
        skip_blanks(r);
    }
}

/* Longest FEN the one-pass reader below takes: it reads a copy ending
 * in a NUL, so that no byte needs a check for the end. */
#define FAST_MAX 255

/* Skips blanks at @p. */
static const unsigned char *
fast_blanks(const unsigned char *p)
{
    while (blank[*p])
        p++;
    return p;
}

/* A square number at @p into *@n; the byte after it, or NULL when there
 * is no digit or the number is not a square 1-32 (for the careful reader
 * to explain).  One or two digits without a branch; more (leading zeros)
 * in a loop.  Reads the byte after the first digit, which the copy
 * always has (it ends in NULs). */
static inline const unsigned char *
fast_number(const unsigned char *p, unsigned *n)
{
    unsigned a = (unsigned)(p[0] - '0'), b = (unsigned)(p[1] - '0');
    if (a > 9)
        return NULL;
    unsigned two = b <= 9;
    unsigned value = two ? a * 10 + b : a;
    p += 1 + two;
    if ((unsigned)(*p - '0') <= 9) /* "005": rare */
        for (unsigned d; (d = (unsigned)(*p - '0')) <= 9; p++)
            if ((value = value * 10 + d) > PDN_SQUARES)
                return NULL;
    if (value - 1 >= PDN_SQUARES)
        return NULL;
    *n = value;
    return p;
}

/* Eight bytes at @p as a little-endian word (as the reads of four
 * below take them). */
static inline uint64_t
word_at(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

/* Whether the bytes of @x under @digits (0x0F in each) are digits and
 * those under @fixed (0xFF in each) are what @want holds there: digits
 * by their high half, 3, and their low half less than 10. */
static inline bool
shaped(uint64_t x, uint64_t digits, uint64_t fixed, uint64_t want)
{
    uint64_t high = (digits << 4) | fixed;
    return (x & high) == ((0x30 * (digits & 0x0101010101010101ull)) | want) &&
           !(((x & digits) + 6 * (digits & 0x0101010101010101ull)) &
             (digits << 1) & 0x1010101010101010ull);
}

/* The pieces of one section from @p ("21,K30,1-12"), into *@set and
 * *@kings, with the number of squares named added to *@placed; the byte
 * after them, or NULL at anything unusual.  Kept in registers: this runs
 * for every square of every FEN. */
static const unsigned char *
fast_items(const unsigned char *p, const signed char *bits, pdn_bb *set,
           pdn_bb *kings, unsigned *placed)
{
    pdn_bb all = 0, crowned = 0;
    unsigned count = 0;
    for (;;) {
        unsigned first, last;
        pdn_bb one;
        /* The usual items, men on squares of one or two digits each with a
         * comma after it: two of two digits ("24,23,"), or four of one
         * ("4,3,2,1,"), from eight bytes in a register; else one, from
         * four. */
        for (;;) {
            uint64_t x = word_at(p);
            if (shaped(x, 0x0F0F000F0Full, 0xFF0000FF0000ull,
                       0x2C00002C0000ull)) {
                unsigned a = (unsigned)(x & 0xF) * 10 + ((x >> 8) & 0xF);
                unsigned b =
                    (unsigned)((x >> 24) & 0xF) * 10 + ((x >> 32) & 0xF);
                if (((a - 1) | (b - 1)) < PDN_SQUARES) {
                    all |= ((pdn_bb)1 << bits[a]) | ((pdn_bb)1 << bits[b]);
                    count += 2;
                    p += 6;
                    continue;
                }
            } else if (shaped(x, 0x000F000F000F000Full, 0xFF00FF00FF00FF00ull,
                              0x2C002C002C002C00ull)) {
                unsigned a = x & 0xF, b = (x >> 16) & 0xF;
                unsigned c = (x >> 32) & 0xF, d = (x >> 48) & 0xF;
                if (a && b && c && d) { /* no square 0 */
                    all |= ((pdn_bb)1 << bits[a]) | ((pdn_bb)1 << bits[b]) |
                           ((pdn_bb)1 << bits[c]) | ((pdn_bb)1 << bits[d]);
                    count += 4;
                    p += 8;
                    continue;
                }
            }
            uint32_t w;
            memcpy(&w, p, 4);
            unsigned d0 = (w & 0xFF) - '0', d1 = ((w >> 8) & 0xFF) - '0';
            unsigned two = d1 <= 9;
            unsigned value = two ? d0 * 10 + d1 : d0;
            unsigned sep = (two ? w >> 16 : w >> 8) & 0xFF;
            if (d0 > 9 || value - 1 >= PDN_SQUARES || sep != ',')
                break;
            all |= (pdn_bb)1 << bits[value];
            count++;
            p += 2 + two;
        }
        bool king = (*p | 0x20) == 'k';
        if (!(p = fast_number(p + king, &first)))
            return NULL;
        one = (pdn_bb)1 << bits[first];
        count++;
        if (*p == '-') { /* a range */
            p++;
            if ((*p | 0x20) == 'k') {
                king = true;
                p++;
            }
            if (!(p = fast_number(p, &last)) || last < first)
                return NULL;
            for (unsigned n = first + 1; n <= last; n++)
                one |= (pdn_bb)1 << bits[n];
            count += last - first;
        }
        all |= one;
        crowned |= king ? one : 0;
        if (*p != ',') {
            p = fast_blanks(p);
            if (*p != ',')
                break;
        }
        p = fast_blanks(p + 1);
    }
    *set = all;
    *kings = crowned;
    *placed += count;
    return p;
}

#if FEN_AVX2
/* The 64 bytes of @lo and @hi that equal @c, as bits. */
static inline uint64_t
bytes_of(__m256i lo, __m256i hi, char c)
{
    __m256i want = _mm256_set1_epi8(c);
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, want)) |
           (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, want))
               << 32;
}

/* @x moved one byte up, the byte of @before coming in at the bottom:
 * each byte gets the one before it. */
static inline __m256i
byte_before(__m256i x, __m256i before)
{
    return _mm256_alignr_epi8(x, _mm256_permute2x128_si256(before, x, 0x21),
                              15);
}

/* The pieces of one section from @p, the usual way and 64 bytes at once:
 * items of one or two digits, each after a K or not, a comma between
 * ("21,K30,22"), up to a ':', a '.' or the end.  Into *@set and *@kings,
 * with the squares named added to *@placed; the byte after them, or NULL
 * for fast_items() to read anything else.  Reads 64 bytes at @p, which
 * the copy has (it ends in 64 NULs). */
static const unsigned char *
fast_section(const unsigned char *p, const signed char *bits, pdn_bb *set,
             pdn_bb *kings, unsigned *placed)
{
    __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
    __m256i zero = _mm256_set1_epi8('0'), nine = _mm256_set1_epi8(9);
    __m256i dlo = _mm256_sub_epi8(lo, zero), dhi = _mm256_sub_epi8(hi, zero);
    __m256i is_lo = _mm256_cmpeq_epi8(_mm256_min_epu8(dlo, nine), dlo);
    __m256i is_hi = _mm256_cmpeq_epi8(_mm256_min_epu8(dhi, nine), dhi);
    uint64_t digits = (uint32_t)_mm256_movemask_epi8(is_lo) |
                      (uint64_t)(uint32_t)_mm256_movemask_epi8(is_hi) << 32;
    uint64_t commas = bytes_of(lo, hi, ',');
    __m256i lower = _mm256_set1_epi8(0x20);
    uint64_t ks =
        bytes_of(_mm256_or_si256(lo, lower), _mm256_or_si256(hi, lower), 'k');
    uint64_t items = digits | commas | ks;
    if (!~items)
        return NULL; /* longer than 63 bytes */
    unsigned n = (unsigned)__builtin_ctzll(~items);
    unsigned end = p[n];
    if (n == 0 || (end != ':' && end != '.' && end != '\0') ||
        !((digits >> (n - 1)) & 1))
        return NULL; /* blanks, a range, or no number last */
    uint64_t within = ((uint64_t)1 << n) - 1;
    digits &= within;
    commas &= within;
    ks &= within;
    uint64_t first = digits & ~(digits << 1), last = digits & ~(digits >> 1);
    uint64_t starts = ((commas << 1) | 1) & within; /* where items start */
    if ((starts & ~(ks | first)) | (ks & ~(first >> 1)) |
        (first & ~(starts | (ks << 1))) |
        (last & ~((commas >> 1) | ((uint64_t)1 << (n - 1)))) |
        (digits & (digits << 1) & (digits << 2)))
        return NULL; /* not the usual items: ",,", "K,", "005" */
    /* Each number where its last digit is: units there, tens a byte
     * before (zero where that byte is no digit).  Bytes of at most 9
     * shift within their lane. */
    __m256i units_lo = _mm256_and_si256(dlo, is_lo);
    __m256i units_hi = _mm256_and_si256(dhi, is_hi);
    __m256i tens_lo = byte_before(units_lo, _mm256_setzero_si256());
    __m256i tens_hi = byte_before(units_hi, units_lo);
    __m256i val_lo = _mm256_add_epi8(
        units_lo, _mm256_add_epi8(_mm256_slli_epi16(tens_lo, 3),
                                  _mm256_slli_epi16(tens_lo, 1)));
    __m256i val_hi = _mm256_add_epi8(
        units_hi, _mm256_add_epi8(_mm256_slli_epi16(tens_hi, 3),
                                  _mm256_slli_epi16(tens_hi, 1)));
    __m256i one = _mm256_set1_epi8(1), top = _mm256_set1_epi8(PDN_SQUARES - 1);
    __m256i less_lo = _mm256_sub_epi8(val_lo, one);
    __m256i less_hi = _mm256_sub_epi8(val_hi, one);
    uint64_t squares =
        (uint32_t)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(_mm256_min_epu8(less_lo, top), less_lo)) |
        (uint64_t)(uint32_t)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(_mm256_min_epu8(less_hi, top), less_hi))
            << 32;
    if (last & ~squares)
        return NULL; /* a square 0, or past 32 */
    unsigned char at[64];
    _mm256_storeu_si256((__m256i *)(void *)at, val_lo);
    _mm256_storeu_si256((__m256i *)(void *)(at + 32), val_hi);
    pdn_bb all = 0, crowned = 0;
    for (uint64_t m = last; m; m &= m - 1)
        all |= (pdn_bb)1 << bits[at[__builtin_ctzll(m)]];
    /* A king's K is one byte before its number, or two. */
    uint64_t royal =
        ((last & first) & (ks << 1)) | ((last & ~first) & (ks << 2));
    for (uint64_t m = royal; m; m &= m - 1)
        crowned |= (pdn_bb)1 << bits[at[__builtin_ctzll(m)]];
    *set = all;
    *kings = crowned;
    *placed += (unsigned)__builtin_popcountll(last);
    return p + n;
}
#endif

/* The usual FEN, read in one pass of local variables from a copy that
 * ends in a NUL: returns 0 with *@out set, or -1 at anything unusual (an
 * error or not), for the reader above to read again and explain.  It
 * accepts no FEN that the reader above refuses, and gives the same
 * board. */
static int
read_fast(const pdn_variant *v, const char *text, size_t len, pdn_board *out)
{
    unsigned char copy[FAST_MAX + 64];
    pdn_bb pieces[2] = {0, 0}, kings = 0;
    unsigned placed = 0; /* squares named: more than the board holds if
                            one was named twice */
    pdn_color side;
    const signed char *bits = pdn_square_bits(v);

    if (len > FAST_MAX)
        return -1;
    memcpy(copy, text, len);
    memset(copy + len, 0, 64); /* for the reads of up to 64 bytes ahead */
    const unsigned char *p = fast_blanks(copy);
    if ((*p | 0x20) != 'w' && (*p | 0x20) != 'b')
        return -1;
    side = (*p++ | 0x20) == 'w' ? PDN_WHITE : PDN_BLACK;
    for (;;) {
        p = fast_blanks(p);
        if (*p == '.' && *(p = fast_blanks(p + 1)) != '\0')
            return -1; /* only blanks after a final '.' */
        if (*p == '\0') {
            if (p != copy + len)
                return -1; /* a NUL in the text */
            break;
        }
        if (*p != ':')
            return -1;
        p = fast_blanks(p + 1);
        if (*p == '\0' || *p == ':' || *p == '.')
            continue; /* an empty section */
        if ((*p | 0x20) != 'w' && (*p | 0x20) != 'b')
            return -1;
        pdn_color c = (*p++ | 0x20) == 'w' ? PDN_WHITE : PDN_BLACK;
        p = fast_blanks(p);
        if (*p == '\0' || *p == ':' || *p == '.')
            continue; /* no pieces of this colour */
        pdn_bb set, crowned;
        const unsigned char *q = NULL;
#if FEN_AVX2
        q = fast_section(p, bits, &set, &crowned, &placed);
#endif
        if (!q && !(q = fast_items(p, bits, &set, &crowned, &placed)))
            return -1;
        p = q;
        pieces[c] |= set;
        kings |= crowned;
    }
    /* A square named twice, in one colour or both: the careful reader
     * says so. */
    if (placed !=
            (unsigned)pdn_bb_count(pieces[PDN_WHITE] | pieces[PDN_BLACK]) ||
        (pieces[PDN_WHITE] & pieces[PDN_BLACK]))
        return -1;
    out->pieces[PDN_WHITE] = pieces[PDN_WHITE];
    out->pieces[PDN_BLACK] = pieces[PDN_BLACK];
    out->kings = kings;
    out->side = side;
    return 0;
}

int
pdn_fen_parse(const pdn_variant *v, const char *text, size_t len,
              pdn_board *out, pdn_fen_error *err)
{
    if (read_fast(v, text, len, out) == 0)
        return 0;
    return pdn_fen_parse_careful(v, text, len, out, err);
}

int
pdn_fen_parse_careful(const pdn_variant *v, const char *text, size_t len,
                      pdn_board *out, pdn_fen_error *err)
{
    pdn_board board = pdn_board_empty(PDN_WHITE);
    fen_reader r = {
        .v = v, .text = text, .len = len, .board = &board, .err = err};
    skip_blanks(&r);
    if (read_colour(&r, &board.side) < 0)
        return fail(&r, "expected 'W' or 'B' for the side to move");
    skip_blanks(&r);
    while (peek(&r) == ':') {
        r.pos++;
        skip_blanks(&r);
        if (peek(&r) == ':' || peek(&r) == '.' || peek(&r) == -1)
            continue; /* an empty section */
        if (read_section(&r) < 0)
            return -1;
    }
    if (peek(&r) == '.')
        r.pos++;
    skip_blanks(&r);
    if (r.pos < r.len)
        return fail(&r, "expected ':', ',' or the end of the FEN");
    *out = board;
    return 0;
}

/* The squares of @set in PDN order, bit n - 1 for square n.  The bit
 * layout (rules/bitboard.h) holds the 32 squares as four bytes of eight
 * with a ghost bit after each; within it the PDN numbers run, by the
 * tables of rules/square.c, in rows of four from the last row to the
 * first where square 1 is on rank 8 (Italian, English), and within each
 * row from its end where the numbers run from h to a (Spanish) or where
 * a1 plays (English, whose playing squares are the others): a few shifts
 * then put them in order.  The tests hold this to the square tables for
 * every square. */
static inline uint32_t
pdn_order(const pdn_variant *v, pdn_bb set)
{
    uint32_t x =
        (uint32_t)((set & 0xFF) | ((set >> 1) & 0xFF00) |
                   ((set >> 2) & 0xFF0000) | ((set >> 3) & 0xFF000000));
    if (v->square1_far) { /* rows */
        x = __builtin_bswap32(x);
        x = ((x >> 4) & 0x0F0F0F0F) | ((x & 0x0F0F0F0F) << 4);
    }
    if (v->numbered_h_to_a != v->a1_playing) { /* within rows */
        x = ((x >> 1) & 0x55555555) | ((x & 0x55555555) << 1);
        x = ((x >> 2) & 0x33333333) | ((x & 0x33333333) << 2);
    }
    return x;
}

/* Each square as FEN writes it, a man's and a king's, with the comma
 * after it: four bytes stored at once, of which two to four are kept. */
static const char square_text[2][PDN_SQUARES][4] = {
    {
        {'1', ',', 0, 0},   {'2', ',', 0, 0},   {'3', ',', 0, 0},
        {'4', ',', 0, 0},   {'5', ',', 0, 0},   {'6', ',', 0, 0},
        {'7', ',', 0, 0},   {'8', ',', 0, 0},   {'9', ',', 0, 0},
        {'1', '0', ',', 0}, {'1', '1', ',', 0}, {'1', '2', ',', 0},
        {'1', '3', ',', 0}, {'1', '4', ',', 0}, {'1', '5', ',', 0},
        {'1', '6', ',', 0}, {'1', '7', ',', 0}, {'1', '8', ',', 0},
        {'1', '9', ',', 0}, {'2', '0', ',', 0}, {'2', '1', ',', 0},
        {'2', '2', ',', 0}, {'2', '3', ',', 0}, {'2', '4', ',', 0},
        {'2', '5', ',', 0}, {'2', '6', ',', 0}, {'2', '7', ',', 0},
        {'2', '8', ',', 0}, {'2', '9', ',', 0}, {'3', '0', ',', 0},
        {'3', '1', ',', 0}, {'3', '2', ',', 0},
    },
    {
        {'K', '1', ',', 0},   {'K', '2', ',', 0},   {'K', '3', ',', 0},
        {'K', '4', ',', 0},   {'K', '5', ',', 0},   {'K', '6', ',', 0},
        {'K', '7', ',', 0},   {'K', '8', ',', 0},   {'K', '9', ',', 0},
        {'K', '1', '0', ','}, {'K', '1', '1', ','}, {'K', '1', '2', ','},
        {'K', '1', '3', ','}, {'K', '1', '4', ','}, {'K', '1', '5', ','},
        {'K', '1', '6', ','}, {'K', '1', '7', ','}, {'K', '1', '8', ','},
        {'K', '1', '9', ','}, {'K', '2', '0', ','}, {'K', '2', '1', ','},
        {'K', '2', '2', ','}, {'K', '2', '3', ','}, {'K', '2', '4', ','},
        {'K', '2', '5', ','}, {'K', '2', '6', ','}, {'K', '2', '7', ','},
        {'K', '2', '8', ','}, {'K', '2', '9', ','}, {'K', '3', '0', ','},
        {'K', '3', '1', ','}, {'K', '3', '2', ','},
    },
};

/* Each row of four squares (bits 4r to 4r + 3 of a set in PDN order) by
 * the men on it: their text, commas after, as one store of 16 bytes. */
typedef struct row_text {
    char text[15];
    uint8_t len;
} row_text;

_Static_assert(sizeof(row_text) == 16, "a row's text is one store");

/* clang-format off */
static const row_text rows[8][16] = {
    {
        {"", 0}, {"1,", 2}, {"2,", 2}, {"1,2,", 4}, {"3,", 2}, {"1,3,", 4},
        {"2,3,", 4}, {"1,2,3,", 6}, {"4,", 2}, {"1,4,", 4}, {"2,4,", 4},
        {"1,2,4,", 6}, {"3,4,", 4}, {"1,3,4,", 6}, {"2,3,4,", 6},
        {"1,2,3,4,", 8},
    },
    {
        {"", 0}, {"5,", 2}, {"6,", 2}, {"5,6,", 4}, {"7,", 2}, {"5,7,", 4},
        {"6,7,", 4}, {"5,6,7,", 6}, {"8,", 2}, {"5,8,", 4}, {"6,8,", 4},
        {"5,6,8,", 6}, {"7,8,", 4}, {"5,7,8,", 6}, {"6,7,8,", 6},
        {"5,6,7,8,", 8},
    },
    {
        {"", 0}, {"9,", 2}, {"10,", 3}, {"9,10,", 5}, {"11,", 3}, {"9,11,", 5},
        {"10,11,", 6}, {"9,10,11,", 8}, {"12,", 3}, {"9,12,", 5},
        {"10,12,", 6}, {"9,10,12,", 8}, {"11,12,", 6}, {"9,11,12,", 8},
        {"10,11,12,", 9}, {"9,10,11,12,", 11},
    },
    {
        {"", 0}, {"13,", 3}, {"14,", 3}, {"13,14,", 6}, {"15,", 3},
        {"13,15,", 6}, {"14,15,", 6}, {"13,14,15,", 9}, {"16,", 3},
        {"13,16,", 6}, {"14,16,", 6}, {"13,14,16,", 9}, {"15,16,", 6},
        {"13,15,16,", 9}, {"14,15,16,", 9}, {"13,14,15,16,", 12},
    },
    {
        {"", 0}, {"17,", 3}, {"18,", 3}, {"17,18,", 6}, {"19,", 3},
        {"17,19,", 6}, {"18,19,", 6}, {"17,18,19,", 9}, {"20,", 3},
        {"17,20,", 6}, {"18,20,", 6}, {"17,18,20,", 9}, {"19,20,", 6},
        {"17,19,20,", 9}, {"18,19,20,", 9}, {"17,18,19,20,", 12},
    },
    {
        {"", 0}, {"21,", 3}, {"22,", 3}, {"21,22,", 6}, {"23,", 3},
        {"21,23,", 6}, {"22,23,", 6}, {"21,22,23,", 9}, {"24,", 3},
        {"21,24,", 6}, {"22,24,", 6}, {"21,22,24,", 9}, {"23,24,", 6},
        {"21,23,24,", 9}, {"22,23,24,", 9}, {"21,22,23,24,", 12},
    },
    {
        {"", 0}, {"25,", 3}, {"26,", 3}, {"25,26,", 6}, {"27,", 3},
        {"25,27,", 6}, {"26,27,", 6}, {"25,26,27,", 9}, {"28,", 3},
        {"25,28,", 6}, {"26,28,", 6}, {"25,26,28,", 9}, {"27,28,", 6},
        {"25,27,28,", 9}, {"26,27,28,", 9}, {"25,26,27,28,", 12},
    },
    {
        {"", 0}, {"29,", 3}, {"30,", 3}, {"29,30,", 6}, {"31,", 3},
        {"29,31,", 6}, {"30,31,", 6}, {"29,30,31,", 9}, {"32,", 3},
        {"29,32,", 6}, {"30,32,", 6}, {"29,30,32,", 9}, {"31,32,", 6},
        {"29,31,32,", 9}, {"30,31,32,", 9}, {"29,30,31,32,", 12},
    },
};
/* clang-format on */

/* Appends the pieces of colour @c to @buf at @n; returns the new length.
 * By hand, a row of four squares at a time from a table, or a piece at
 * a time where there are kings: snprintf, or a test of all 32 squares,
 * costs more than the rest of the FEN.  Writes up to 16 bytes past what
 * it keeps (within PDN_FEN_MAX: the longest FEN, 32 squares as "K32,",
 * takes 133). */
static size_t
write_colour(const pdn_variant *v, const pdn_board *b, pdn_color c, char *buf,
             size_t n)
{
    uint32_t men = pdn_order(v, b->pieces[c]);
    pdn_bb crowned = b->pieces[c] & b->kings;
    buf[n++] = c == PDN_WHITE ? 'W' : 'B';
    if (!crowned) {
        /* Each row's four bits times 16, its entry's offset in rows[r]:
         * one shift and one mask a row. */
        uint64_t offsets = (uint64_t)men << 4;
        for (unsigned r = 0; r < 8; r++) {
            const row_text *t =
                (const row_text *)((const char *)rows[r] +
                                   ((offsets >> (4 * r)) & 0xF0));
            memcpy(buf + n, t, sizeof *t); /* the text and more */
            n += t->len;
        }
        return men ? n - 1 : n; /* no comma after the last */
    }
    uint32_t kings = pdn_order(v, crowned);
    for (uint32_t m = men; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctz(m), king = (kings >> i) & 1;
        memcpy(buf + n, square_text[king][i], 4);
        n += 2 + king + (i >= 9);
    }
    return men ? n - 1 : n;
}

size_t
pdn_fen_write(const pdn_variant *v, const pdn_board *b, char buf[PDN_FEN_MAX])
{
    size_t n = 0;
    buf[n++] = b->side == PDN_WHITE ? 'W' : 'B';
    buf[n++] = ':';
    n = write_colour(v, b, PDN_WHITE, buf, n);
    buf[n++] = ':';
    n = write_colour(v, b, PDN_BLACK, buf, n);
    buf[n] = '\0';
    return n;
}

bool
pdn_fen_second_to_move(const pdn_variant *v, const char *text)
{
    const char *q = strchr(text, '"');
    const char *p = q ? q + 1 : text;
    while (*p == ' ')
        p++;
    pdn_color first = v ? v->first : PDN_WHITE;
    if (*p == 'W' || *p == 'w')
        return first != PDN_WHITE;
    if (*p == 'B' || *p == 'b')
        return first != PDN_BLACK;
    return false;
}
