/* square.c -- PDN square numbers, board coordinates and bit positions.
 * Numbering by the closed forms of RULES.md section 1; the bit of a square
 * follows from its coordinates and the layout of bitboard.h.
 */
#include "square.h"

#include <stddef.h>

/* The lowest file (0: a) of the playing squares of rank @rank: those
 * whose file and rank add up to an odd number when a1 plays, an even one
 * when it does not. */
static int
first_file(const pdn_variant *v, int rank)
{
    return (rank + v->a1_playing) % 2;
}

int
pdn_square_coords(const pdn_variant *v, int n, int *file, int *rank)
{
    if (n < 1 || n > PDN_SQUARES)
        return -1;
    /* Row r of four squares from square 1's side, k-th along it. */
    int r = (n - 1) / 4, k = (n - 1) % 4;
    *rank = v->square1_far ? 8 - r : 1 + r;
    int f0 = first_file(v, *rank);
    *file = v->numbered_h_to_a ? f0 + 6 - 2 * k : f0 + 2 * k;
    return 0;
}

int
pdn_square_at(const pdn_variant *v, int file, int rank)
{
    if (file < 0 || file > 7 || rank < 1 || rank > 8)
        return 0;
    int f0 = first_file(v, rank);
    if ((file - f0) % 2 != 0)
        return 0; /* not a playing square */
    int r = v->square1_far ? 8 - rank : rank - 1;
    int k = v->numbered_h_to_a ? (f0 + 6 - file) / 2 : (file - f0) / 2;
    return 4 * r + k + 1;
}

/* Generated from the geometry of square_coords() and checked by
 * tests/unit/test_square.c: bit of each square, square of each bit, laid
 * out as generated. */
/* clang-format off */
static const signed char bit_of_square[PDN_VARIANT_COUNT][PDN_SQUARES + 1] = {
    {-1, 31, 32, 33, 34, 27, 28, 29, 30, 22, 23, 24,
     25, 18, 19, 20, 21, 13, 14, 15, 16, 9, 10, 11,
     12, 4, 5, 6, 7, 0, 1, 2, 3},
    {-1, 3, 2, 1, 0, 7, 6, 5, 4, 12, 11, 10,
     9, 16, 15, 14, 13, 21, 20, 19, 18, 25, 24, 23,
     22, 30, 29, 28, 27, 34, 33, 32, 31},
    {-1, 34, 33, 32, 31, 30, 29, 28, 27, 25, 24, 23,
     22, 21, 20, 19, 18, 16, 15, 14, 13, 12, 11, 10,
     9, 7, 6, 5, 4, 3, 2, 1, 0},
};
static const unsigned char square_of_bit[PDN_VARIANT_COUNT][64] = {
    {29, 30, 31, 32, 25, 26, 27, 28, 0, 21, 22, 23, 24, 17, 18, 19,
     20, 0, 13, 14, 15, 16, 9, 10, 11, 12, 0, 5, 6, 7, 8, 1,
     2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {4, 3, 2, 1, 8, 7, 6, 5, 0, 12, 11, 10, 9, 16, 15, 14,
     13, 0, 20, 19, 18, 17, 24, 23, 22, 21, 0, 28, 27, 26, 25, 32,
     31, 30, 29, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {32, 31, 30, 29, 28, 27, 26, 25, 0, 24, 23, 22, 21, 20, 19, 18,
     17, 0, 16, 15, 14, 13, 12, 11, 10, 9, 0, 8, 7, 6, 5, 4,
     3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
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
