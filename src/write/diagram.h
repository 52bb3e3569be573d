/* diagram.h -- a position drawn as a board for a terminal: eight ranks of
 * glyphs, the empty playing squares showing their PDN numbers, and the
 * files a-h below (pdn show, pdn convert --to text).
 */
#ifndef PDN_WRITE_DIAGRAM_H
#define PDN_WRITE_DIAGRAM_H

#include <stdbool.h>

#include "base/strbuf.h"
#include "rules/board.h"
#include "rules/variant.h"

/** Appends the board @b of variant @v to @out, nine lines: "w W b B" for
 * the pieces, or with @unicode the draughts glyphs U+26C0..U+26C3. */
void pdn_diagram(const pdn_variant *v, const pdn_board *b, bool unicode,
                 pdn_strbuf *out);

#endif
