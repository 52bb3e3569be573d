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

/* Internal index (bitboard.h) of the square at @file, @rank. */
static int
index_at(const pdn_variant *v, int file, int rank)
{
    int row = rank - 1, k;
    if (a1_is_dark(v))
        k = (row % 2 == 0) ? (6 - file) / 2 : (7 - file) / 2;
    else
        k = (row % 2 == 0) ? (file - 1) / 2 : file / 2;
    return 4 * row + k;
}

int
pdn_square_to_bit(const pdn_variant *v, int n)
{
    int file, rank;
    if (pdn_square_coords(v, n, &file, &rank) < 0)
        return -1;
    return pdn_bb_bit_of_index(index_at(v, file, rank));
}

int
pdn_square_from_bit(const pdn_variant *v, int bit)
{
    if (bit < 0 || bit >= PDN_BB_BITS || !((BB_PLAYABLE >> bit) & 1))
        return 0;
    int i = pdn_bb_index_of_bit(bit);
    int row = i / 4, k = i % 4, file;
    if (a1_is_dark(v))
        file = (row % 2 == 0) ? 6 - 2 * k : 7 - 2 * k;
    else
        file = (row % 2 == 0) ? 2 * k + 1 : 2 * k;
    return pdn_square_at(v, file, row + 1);
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
