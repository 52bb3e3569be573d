/* square.c -- PDN square numbers, board coordinates and bit positions.
 * Numbering by the closed forms of RULES.md section 1; the bit of a square
 * follows from its coordinates and the layout of bitboard.h.
 */
#include "square.h"

#include <stddef.h>

/* Whether the variant's board has a1 as a playing square. */
static int
a1_is_dark(const pdn_variant *v)
{
    return v->id == PDN_ENGLISH;
}

int
pdn_square_coords(const pdn_variant *v, int n, int *file, int *rank)
{
    if (n < 1 || n > PDN_SQUARES)
        return -1;
    int r = (n - 1) / 4, k = (n - 1) % 4;
    switch (v->id) {
    case PDN_ENGLISH:
        *rank = 8 - r;
        *file = 2 * k + 1 - (r % 2);
        break;
    case PDN_ITALIAN:
        *rank = 8 - r;
        *file = 2 * k + (r % 2);
        break;
    default: /* PDN_SPANISH */
        *rank = 1 + r;
        *file = 7 - 2 * k - (r % 2);
        break;
    }
    return 0;
}

int
pdn_square_at(const pdn_variant *v, int file, int rank)
{
    if (file < 0 || file > 7 || rank < 1 || rank > 8)
        return 0;
    /* Playing squares: a1 and its diagonal colour, or the other colour. */
    int dark = (file + rank) % 2 == 1; /* a1: file 0, rank 1 -> dark */
    if (dark != a1_is_dark(v))
        return 0;
    int r, k;
    switch (v->id) {
    case PDN_ENGLISH:
    case PDN_ITALIAN:
        r = 8 - rank;
        k = file / 2;
        break;
    default: /* PDN_SPANISH */
        r = rank - 1;
        k = (7 - file) / 2;
        break;
    }
    return 4 * r + k + 1;
}

/* Generated from the geometry of square_coords() and checked by
 * tests/unit/test_square.c: bit of each square, square of each bit. */
/* clang-format off: laid out as generated */
static const signed char bit_of_square[PDN_VARIANT_COUNT][PDN_SQUARES + 1] = {
    {-1, 31, 32, 33, 34, 27, 28, 29, 30, 22, 23, 24, 25, 18, 19, 20, 21,
     13, 14, 15, 16, 9,  10, 11, 12, 4,  5,  6,  7,  0,  1,  2,  3},
    {-1, 3,  2,  1,  0,  7,  6,  5,  4,  12, 11, 10, 9,  16, 15, 14, 13,
     21, 20, 19, 18, 25, 24, 23, 22, 30, 29, 28, 27, 34, 33, 32, 31},
    {-1, 34, 33, 32, 31, 30, 29, 28, 27, 25, 24, 23, 22, 21, 20, 19, 18,
     16, 15, 14, 13, 12, 11, 10, 9,  7,  6,  5,  4,  3,  2,  1,  0},
};
static const unsigned char square_of_bit[PDN_VARIANT_COUNT][64] = {
    {29, 30, 31, 32, 25, 26, 27, 28, 0,  21, 22, 23, 24, 17, 18, 19,
     20, 0,  13, 14, 15, 16, 9,  10, 11, 12, 0,  5,  6,  7,  8,  1,
     2,  3,  4,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0},
    {4,  3,  2,  1,  8,  7,  6,  5,  0,  12, 11, 10, 9,  16, 15, 14,
     13, 0,  20, 19, 18, 17, 24, 23, 22, 21, 0,  28, 27, 26, 25, 32,
     31, 30, 29, 0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0},
    {32, 31, 30, 29, 28, 27, 26, 25, 0,  24, 23, 22, 21, 20, 19, 18,
     17, 0,  16, 15, 14, 13, 12, 11, 10, 9,  0,  8,  7,  6,  5,  4,
     3,  2,  1,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0},
};
/* clang-format on */

int
pdn_square_to_bit(const pdn_variant *v, int n)
{
    return n >= 1 && n <= PDN_SQUARES ? bit_of_square[v->id][n] : -1;
}

const signed char *
pdn_square_bits(const pdn_variant *v)
{
    return bit_of_square[v->id];
}

int
pdn_square_from_bit(const pdn_variant *v, int bit)
{
    return bit >= 0 && bit < 64 ? square_of_bit[v->id][bit] : 0;
}

void
pdn_square_name(const pdn_variant *v, int n, char buf[3])
{
    int file = 0, rank = 0;
    if (pdn_square_coords(v, n, &file, &rank) < 0) {
        buf[0] = '?';
        buf[1] = '?';
    } else {
        buf[0] = (char)('a' + file);
        buf[1] = (char)('0' + rank);
    }
    buf[2] = '\0';
}
