/* explain.h -- why a written move is not legal, in the words of the rules.
 *
 * An independent referee: it judges the written move with its own plain
 * reading of RULES.md (a square-by-square walk of an 8x8 array), sharing
 * nothing with movegen.c but the board and the numbering, so that each of
 * the two checks the other (tests/unit/test_differential.c).
 */
#ifndef PDN_RULES_EXPLAIN_H
#define PDN_RULES_EXPLAIN_H

#include <stddef.h>

#include "board.h"
#include "notation.h"
#include "variant.h"

typedef enum pdn_reason {
    PDN_REASON_LEGAL = 0,          /* names exactly one legal move */
    PDN_REASON_AMBIGUOUS,          /* legal, but names several moves */
    PDN_REASON_NO_PIECE,           /* "square 17 is empty" */
    PDN_REASON_NOT_YOURS,          /* "square 17 holds a black piece" */
    PDN_REASON_OCCUPIED,           /* "square 17 is occupied" */
    PDN_REASON_NOT_DIAGONAL,       /* "17 and 19 are not on one diagonal" */
    PDN_REASON_TOO_FAR,            /* a man or short king moving 2+ squares */
    PDN_REASON_BACKWARDS,          /* "men do not move backwards" */
    PDN_REASON_CAPTURE_COMPULSORY, /* "capture is compulsory" */
    PDN_REASON_NOTHING_TAKEN,      /* written as a capture, takes nothing */
    PDN_REASON_OWN_PIECE,          /* jumps a piece of its own side */
    PDN_REASON_JUMPED_TWICE,       /* "a piece cannot be taken twice" */
    PDN_REASON_MAN_TAKES_KING,     /* "a man cannot capture a king" */
    PDN_REASON_MUST_CONTINUE,      /* "the capture must continue" */
    PDN_REASON_PROMOTION_ENDS,     /* crowned in mid-capture, went on */
    PDN_REASON_LAW_QUANTITY,       /* law 1 (Italian, Spanish) */
    PDN_REASON_LAW_KING,           /* law 2 (Italian) */
    PDN_REASON_LAW_QUALITY,        /* law 3 (Italian), law 2 (Spanish) */
    PDN_REASON_LAW_KING_FIRST,     /* law 4 (Italian) */
    PDN_REASON_COUNT
} pdn_reason;

/** The verdict on one written move. */
typedef struct pdn_explanation {
    pdn_reason reason;
    int matches;       /* legal moves the text names (0, 1 or more) */
    char message[256]; /* one sentence, no trailing period */
} pdn_explanation;

/** Judges @w in @b and fills @out.  Returns out->reason. */
pdn_reason pdn_explain(const pdn_variant *v, const pdn_board *b,
                       const pdn_written_move *w, pdn_explanation *out);

/** A stable short name for @r ("law-quantity"), for JSON and tests. */
const char *pdn_reason_name(pdn_reason r);

#endif
