/* diagram.h -- a position drawn as a board for a terminal: eight ranks of
 * glyphs, the empty playing squares showing their PDN numbers, and the
 * files a-h below (pdn show, pdn convert --to text).
 */
#ifndef PDN_WRITE_DIAGRAM_H
#define PDN_WRITE_DIAGRAM_H

#include <stdbool.h>

#include "base/strbuf.h"
#include "rules/bitboard.h"
#include "rules/board.h"
#include "rules/variant.h"

/** Appends the board @b of variant @v to @out, nine lines: "w W b B" for
 * the pieces, or with @unicode the draughts glyphs U+26C0..U+26C3. */
void pdn_diagram(const pdn_variant *v, const pdn_board *b, bool unicode,
                 pdn_strbuf *out);

/** How pdn_diagram_styled() draws a board. */
typedef struct pdn_diagram_style {
    bool unicode;     /* the draughts glyphs, else w W b B */
    bool colour;      /* marks in ANSI colour, else by a sign before */
    bool flipped;     /* rank 1 at the top, the files from h to a */
    pdn_bb last;      /* the squares of the last move: '>' or reversed */
    pdn_bb capturers; /* the pieces that must capture: '*' or red */
} pdn_diagram_style;

/** pdn_diagram(), drawn as @st says (pdn play). */
void pdn_diagram_styled(const pdn_variant *v, const pdn_board *b,
                        const pdn_diagram_style *st, pdn_strbuf *out);

#endif
