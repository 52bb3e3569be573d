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
