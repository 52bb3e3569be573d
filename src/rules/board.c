/* board.c -- positions: the start position, an empty board, what stands
 * where.
 */
#include "board.h"

pdn_board
pdn_board_empty(pdn_color side)
{
    pdn_board b = {.pieces = {0, 0}, .kings = 0, .side = side};
    return b;
}

pdn_board
pdn_board_start(const pdn_variant *v)
{
    /* Every variant starts with twelve men a side on the three rows
     * nearest each player; White always sits at ranks 1-3. */
    pdn_board b = pdn_board_empty(v->first);
    for (int i = 0; i < 12; i++) {
        b.pieces[PDN_WHITE] |= PDN_BB_OF_INDEX(i);
        b.pieces[PDN_BLACK] |= PDN_BB_OF_INDEX(PDN_SQUARES - 1 - i);
    }
    return b;
}

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
