/* eval.h -- the static evaluation of the engine: a score in hundredths of
 * a man from the side to move's point of view.  Every weight is a named
 * constant here, so that a change of weight is a change of this file.
 */
#ifndef PDN_ENGINE_EVAL_H
#define PDN_ENGINE_EVAL_H

#include "rules/board.h"
#include "rules/variant.h"

/* ---- Weights, in hundredths of a man ---- */

#define EVAL_MAN 100
/* A king's worth, by the rules of its variant's row: a king that flies
 * dominates (Spanish); one that steps and men cannot take (Italian) is
 * worth more than one that men may take (English). */
#define EVAL_KING_FLYING 400
#define EVAL_KING_SHORT 250
#define EVAL_KING_PREY 150

/* A man's advancement, by rank counted from its own side (1..7). */
#define EVAL_ADVANCE_2 2
#define EVAL_ADVANCE_3 5
#define EVAL_ADVANCE_4 9
#define EVAL_ADVANCE_5 14
#define EVAL_ADVANCE_6 22
#define EVAL_ADVANCE_7 34

/* A man still on its own back rank, guarding the promotion squares, while
 * the other side has men to promote. */
#define EVAL_BACK_RANK 8
/* A piece on one of the four central files (c-f) of ranks 3-6. */
#define EVAL_CENTRE 4
/* A king on the edge of the board. */
#define EVAL_KING_EDGE -8
/* A man whose way to promotion is free: no piece on the squares ahead
 * that could stop it.  By ranks left to go (1..4). */
#define EVAL_RUNAWAY_1 90
#define EVAL_RUNAWAY_2 60
#define EVAL_RUNAWAY_3 35
#define EVAL_RUNAWAY_4 15
/* Having the move (tempo) in a position with only men. */
#define EVAL_TEMPO 3
/* The side ahead in material trades down: a bonus per piece the weaker
 * side has lost, scaled by the lead. */
#define EVAL_TRADE_DOWN 3

/* ---- Endgame facts ---- */
/* Italian: a lone king against a lone king, and a king against a king and
 * nothing else of note, is a draw; Spanish: one flying king holds a draw
 * against two; English: a king against a king is a draw.  The engine
 * scores such positions 0 (pdn_eval_drawn_ending() below). */

/** Per-variant geometry the evaluation looks up, filled by
 * pdn_eval_init().  The square weights of a set of men (advancement and
 * centre) add up by pairs of ranks, a byte of the set each from bit
 * EVAL_ROWS_BIT(k) (the ghost bits skipped, bitboard.h): men[c][k][byte]
 * is the sum of the weights of the squares of pair k that byte holds. */
#define EVAL_ROWS_BIT(k) (9 * (k))

typedef struct pdn_eval_tables {
    const pdn_variant *v;
    int king;                   /* the king's worth */
    int16_t men[2][4][256];     /* by colour, pair of ranks, byte */
    pdn_bb back[2];             /* each colour's own back rank */
    pdn_bb centre;              /* the central files (c-f) of ranks 3-6 */
    pdn_bb edge;                /* the edge of the board */
    pdn_bb runners[2];          /* men of each colour 4 or fewer ranks from
                                   their crowning row */
    signed char runaway[2][64]; /* a free runner's bonus, by colour */
    pdn_bb cone[2][64];         /* by colour and square: the squares one
                                   to four steps ahead, either way, that
                                   must be empty for a runner there to be
                                   free */
} pdn_eval_tables;

void pdn_eval_init(pdn_eval_tables *t, const pdn_variant *v);

/* ---- The evaluation, inline: the search calls it at every leaf ---- */

/* The score of @c's pieces, without material. */
static inline int
pdn_eval_positional(const pdn_eval_tables *t, const pdn_board *b, pdn_color c,
                    bool other_has_men)
{
    pdn_bb own = b->pieces[c];
    pdn_bb men = own & ~b->kings, kings = own & b->kings;
    pdn_bb all = b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK];
    int s = 0;
    s += t->men[c][0][men & 0xFF] +
         t->men[c][1][men >> EVAL_ROWS_BIT(1) & 0xFF] +
         t->men[c][2][men >> EVAL_ROWS_BIT(2) & 0xFF] +
         t->men[c][3][men >> EVAL_ROWS_BIT(3) & 0xFF];
    if (other_has_men)
        s += EVAL_BACK_RANK * pdn_bb_count(men & t->back[c]);
    /* A runner is free when its cone holds no piece (no branch on it:
     * it goes either way). */
    for (pdn_bb r = men & t->runners[c]; r; r &= r - 1) {
        int sq = pdn_bb_lowest(r);
        s += t->runaway[c][sq] & -(int)((t->cone[c][sq] & all) == 0);
    }
    if (kings)
        s += EVAL_KING_EDGE * pdn_bb_count(kings & t->edge) +
             EVAL_CENTRE * pdn_bb_count(kings & t->centre);
    return s;
}

/* Whether the material is a known draw of the variant. */
static inline bool
pdn_eval_drawn_ending(const pdn_eval_tables *t, int wm, int wk, int bm, int bk)
{
    if (wm || bm)
        return false;
    if (wk == 1 && bk == 1)
        return true; /* a lone king against a lone king */
    if (t->v->flying_kings && ((wk == 1 && bk == 2) || (wk == 2 && bk == 1)))
        return true; /* one flying king holds two */
    return false;
}

/** The score of @b for the side to move. */
static inline int
pdn_eval(const pdn_eval_tables *t, const pdn_board *b)
{
    pdn_bb w = b->pieces[PDN_WHITE], k = b->kings;
    pdn_bb bl = b->pieces[PDN_BLACK];
    int wm = pdn_bb_count(w & ~k), wk = pdn_bb_count(w & k);
    int bm = pdn_bb_count(bl & ~k), bk = pdn_bb_count(bl & k);
    if (pdn_eval_drawn_ending(t, wm, wk, bm, bk))
        return 0;
    int white = wm * EVAL_MAN + wk * t->king;
    int black = bm * EVAL_MAN + bk * t->king;
    int s = white - black;
    /* Ahead, trade down: the fewer pieces left, the more the lead tells. */
    int pieces = wm + wk + bm + bk;
    if (s != 0)
        s += (s > 0 ? 1 : -1) * EVAL_TRADE_DOWN * (24 - pieces);
    s += pdn_eval_positional(t, b, PDN_WHITE, bm > 0) -
         pdn_eval_positional(t, b, PDN_BLACK, wm > 0);
    if (!wk && !bk)
        s += b->side == PDN_WHITE ? EVAL_TEMPO : -EVAL_TEMPO;
    return b->side == PDN_WHITE ? s : -s;
}

#endif
