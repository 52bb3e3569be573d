/* board.h -- a position: where the pieces stand and who is to move, and the
 * move as the rules core represents it.
 */
#ifndef PDN_RULES_BOARD_H
#define PDN_RULES_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "bitboard.h"
#include "variant.h"

/** Most pieces one capture can take: every enemy piece. */
#define PDN_MAX_CAPTURES 12

/** A position.  A value type: copy it freely. */
typedef struct pdn_board {
    pdn_bb pieces[2]; /* by colour, men and kings */
    pdn_bb kings;     /* kings of both colours */
    pdn_color side;   /* side to move */
} pdn_board;

/** A legal move.  Squares are bit positions (bitboard.h); square.h turns
 * them into PDN numbers.  For a capture, captured[] lists the taken pieces
 * in the order they are jumped and landing[] the square where the piece
 * comes down after each jump, so the path is from, landing[0], ...,
 * landing[ncaptured - 1] == to. */
typedef struct pdn_move {
    uint8_t from;
    uint8_t to;
    uint8_t ncaptured;
    uint8_t flags; /* PDN_MOVE_ */
    uint8_t captured[PDN_MAX_CAPTURES];
    uint8_t landing[PDN_MAX_CAPTURES];
    pdn_bb captured_bb; /* the set of captured[] */
} pdn_move;

enum {
    PDN_MOVE_KING = 1,     /* the moving piece is a king */
    PDN_MOVE_PROMOTES = 2, /* a man is crowned on arrival */
};

/** An empty board with @side to move. */
static inline pdn_board
pdn_board_empty(pdn_color side)
{
    pdn_board b = {.pieces = {0, 0}, .kings = 0, .side = side};
    return b;
}

/** The variant's start position: twelve men a side on the three rows
 * nearest each player, White always at ranks 1-3.  Inline, as a value
 * built in place: the replay of every game starts here. */
static inline pdn_board
pdn_board_start(const pdn_variant *v)
{
    pdn_board b = pdn_board_empty(v->first);
    for (int i = 0; i < 12; i++) {
        b.pieces[PDN_WHITE] |= PDN_BB_OF_INDEX(i);
        b.pieces[PDN_BLACK] |= PDN_BB_OF_INDEX(PDN_SQUARES - 1 - i);
    }
    return b;
}

/** Copies @src into @dst a field at a time.  Right after @src was written
 * field by field (pdn_fen_parse(), pdn_board_start()), a copy in one wide
 * load would wait for those writes to reach the cache: the compiler is
 * kept from merging the fields. */
static inline void
pdn_board_copy(pdn_board *dst, const pdn_board *src)
{
    dst->pieces[0] = src->pieces[0];
#if defined(__GNUC__)
    __asm__ volatile("" ::: "memory");
#endif
    dst->pieces[1] = src->pieces[1];
#if defined(__GNUC__)
    __asm__ volatile("" ::: "memory");
#endif
    dst->kings = src->kings;
    dst->side = src->side;
}

/** Writes into @after the position @m (legal in @b) leads to; @after may
 * be @b.  Reads @b's fields before writing any of @after's, and never
 * indexes by colour, so that it compiles to register work; the branch on
 * the side to move is the same for every move of a list. */
static inline void
pdn_board_after(const pdn_board *b, const pdn_move *m, pdn_board *after)
{
    pdn_bb to = (pdn_bb)1 << m->to;
    pdn_bb fromto = ((pdn_bb)1 << m->from) ^ to; /* empty for a circle */
    pdn_bb taken = m->captured_bb;
    pdn_bb white = b->pieces[PDN_WHITE], black = b->pieces[PDN_BLACK];
    pdn_bb kings = b->kings & ~taken;
    pdn_color side = b->side;

    if (m->flags & PDN_MOVE_KING)
        kings ^= fromto;
    else if (m->flags & PDN_MOVE_PROMOTES)
        kings |= to;
    if (side == PDN_WHITE) {
        after->pieces[PDN_WHITE] = white ^ fromto;
        after->pieces[PDN_BLACK] = black & ~taken;
    } else {
        after->pieces[PDN_WHITE] = white & ~taken;
        after->pieces[PDN_BLACK] = black ^ fromto;
    }
    after->kings = kings;
    after->side = pdn_color_other(side);
}

/** Plays @m on @b (which must be legal there). */
static inline void
pdn_board_play(pdn_board *b, const pdn_move *m)
{
    pdn_board_after(b, m, b);
}

/** What stands on bit @bit: 0 empty, else PDN_PIECE_* flags. */
int pdn_board_piece(const pdn_board *b, int bit);

enum {
    PDN_PIECE_WHITE = 1,
    PDN_PIECE_BLACK = 2,
    PDN_PIECE_KING = 4,
};

/** Whether two positions are the same (pieces and side to move). */
bool pdn_board_equal(const pdn_board *a, const pdn_board *b);

/** @b turned half a turn with the colours exchanged, the other side to
 * move: White's pieces become Black's on the squares opposite (internal
 * square i becomes 31 - i), and the other way round.  The rules of every
 * variant treat both sides alike, so the twin has the same moves, turned,
 * and the same value for its side to move. */
void pdn_board_twin(const pdn_board *b, pdn_board *out);

#endif
