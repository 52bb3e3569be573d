/* board.c -- positions: what stands where, and whether two are the same.
 */
#include "board.h"

int
pdn_board_piece(const pdn_board *b, int bit)
{
    pdn_bb m = (pdn_bb)1 << bit;
    int p = 0;
    if (b->pieces[PDN_WHITE] & m)
        p = PDN_PIECE_WHITE;
    else if (b->pieces[PDN_BLACK] & m)
        p = PDN_PIECE_BLACK;
    else
        return 0;
    return (b->kings & m) ? p | PDN_PIECE_KING : p;
}

bool
pdn_board_equal(const pdn_board *a, const pdn_board *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
           a->kings == b->kings && a->side == b->side;
}

/* @x's 35 bits in the reverse order: bit k becomes bit 34 - k.  Internal
 * square i is bit i + i / 8, square 31 - i bit 34 - (i + i / 8): the
 * reversal turns the board, and the ghost bits 8, 17 and 26 go to 26, 17
 * and 8. */
static pdn_bb
turned(pdn_bb x)
{
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    x = (x >> 4 & 0x0F0F0F0F0F0F0F0Full) | (x & 0x0F0F0F0F0F0F0F0Full) << 4;
    x = (x >> 8 & 0x00FF00FF00FF00FFull) | (x & 0x00FF00FF00FF00FFull) << 8;
    x = (x >> 16 & 0x0000FFFF0000FFFFull) | (x & 0x0000FFFF0000FFFFull) << 16;
    x = x >> 32 | x << 32;
    return x >> (64 - PDN_BB_BITS);
}

void
pdn_board_twin(const pdn_board *b, pdn_board *out)
{
    pdn_bb white = b->pieces[PDN_WHITE], black = b->pieces[PDN_BLACK];
    out->pieces[PDN_WHITE] = turned(black);
    out->pieces[PDN_BLACK] = turned(white);
    out->kings = turned(b->kings);
    out->side = pdn_color_other(b->side);
}
