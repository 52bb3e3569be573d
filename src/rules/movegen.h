/* movegen.h -- the legal moves of a position, every rule of RULES.md:
 * compulsory and continued captures, pieces removed at the end of the move,
 * promotion ending the move, and each variant's capture laws.
 */
#ifndef PDN_RULES_MOVEGEN_H
#define PDN_RULES_MOVEGEN_H

#include "board.h"
#include "variant.h"

/** Room a move list needs.  No position of 24 pieces comes near it; the
 * generator stops at this many and reports it (see below). */
#define PDN_MAX_MOVES 512

/** Writes the legal moves of @b into @out (room for PDN_MAX_MOVES) and
 * returns how many there are, or -1 if there would be more than
 * PDN_MAX_MOVES.  Captures (when any) are the only legal moves.  Moves that
 * take the same pieces in the same order from and to the same squares are
 * one move (RULES.md section 6), listed once with the first path found. */
int pdn_movegen_legal(const pdn_variant *v, const pdn_board *b, pdn_move *out);

/** Moves as the changes they make, one column per set: move i changes
 * the pieces of the side to move on the squares mover[i], removes the
 * other side's pieces taken[i] and changes the kings on kings[i] (each an
 * xor; see pdn_delta_list_play()).  Faster to make and to play than
 * pdn_move records, and laid out so that a loop over the moves reads each
 * set in a row; perft plays these. */
typedef struct pdn_delta_list {
    pdn_bb mover[PDN_MAX_MOVES];
    pdn_bb taken[PDN_MAX_MOVES]; /* written only if captures */
    pdn_bb kings[PDN_MAX_MOVES];
    bool captures; /* else no move takes a piece */
} pdn_delta_list;

/** Writes into @after the position move @i of @l (a list for @b) leads
 * to.  In a loop over @l the two branches are the same for every move. */
static inline void
pdn_delta_list_play(const pdn_board *b, const pdn_delta_list *l, int i,
                    pdn_board *after)
{
    pdn_bb taken = l->captures ? l->taken[i] : 0;
    pdn_bb white = b->pieces[PDN_WHITE], black = b->pieces[PDN_BLACK];
    if (b->side == PDN_WHITE) {
        white ^= l->mover[i];
        black ^= taken;
    } else {
        white ^= taken;
        black ^= l->mover[i];
    }
    after->pieces[PDN_WHITE] = white;
    after->pieces[PDN_BLACK] = black;
    after->kings = b->kings ^ l->kings[i];
    after->side = pdn_color_other(b->side);
}

/** The moves pdn_movegen_legal() lists, in the same order, written into
 * @out as the changes they make; returns how many, or -1 as above. */
int pdn_movegen_deltas(const pdn_variant *v, const pdn_board *b,
                       pdn_delta_list *out);

/** pdn_movegen_deltas() for one variant and side to move. */
typedef int (*pdn_movegen_deltas_fn)(const pdn_board *b, pdn_delta_list *out);

/** The generator pdn_movegen_deltas() calls for @v with @side to move, for
 * a caller that generates millions of times to pick once. */
pdn_movegen_deltas_fn pdn_movegen_deltas_for(const pdn_variant *v,
                                             pdn_color side);

/** The number of legal moves of @b, faster than listing them (-1 as
 * above). */
int pdn_movegen_count(const pdn_variant *v, const pdn_board *b);

/** Whether the side to move has a capture. */
bool pdn_movegen_has_capture(const pdn_variant *v, const pdn_board *b);

/** Whether every capture of the side to move of @b, if it has any, is a
 * man's single jump (no king of the side can capture, and no jump can go
 * on): then each legal capture is named by its two squares, and
 * @land[0] and @land[1] get their landing squares, men jumping one
 * forward direction (BB_UP_A or BB_DOWN_A) and the other (BB_UP_B or
 * BB_DOWN_B); only those of the jumps the rules allow (Spanish men must
 * take a king when one can). */
bool pdn_movegen_single_jumps(const pdn_variant *v, const pdn_board *b,
                              pdn_bb land[2]);

/** What the side to move of @b can do, without listing it. */
typedef enum pdn_moves_kind {
    PDN_MOVES_NONE,    /* no legal move: the side to move has lost */
    PDN_MOVES_QUIET,   /* moves, none of them a capture */
    PDN_MOVES_CAPTURE, /* captures (the only legal moves) */
} pdn_moves_kind;

/** The generator pdn_movegen_deltas_for() gives, for a caller that knows
 * what kind of moves the positions it lists have (pdn_movegen_kind_for()):
 * with @known PDN_MOVES_QUIET, of positions without a capture; with
 * PDN_MOVES_CAPTURE, of positions with one; with PDN_MOVES_NONE, of any
 * position (the generator of pdn_movegen_deltas_for()).  Given a position
 * of another kind, its list is wrong. */
pdn_movegen_deltas_fn pdn_movegen_deltas_known_for(const pdn_variant *v,
                                                   pdn_color side,
                                                   pdn_moves_kind known);

/** pdn_moves_kind() for one variant and side to move. */
typedef pdn_moves_kind (*pdn_movegen_kind_fn)(const pdn_board *b);

/** The function that tells the kind of moves of a position of @v with
 * @side to move: a handful of set operations, for a caller (the engine's
 * leaves) that needs no list. */
pdn_movegen_kind_fn pdn_movegen_kind_for(const pdn_variant *v, pdn_color side);

#endif
