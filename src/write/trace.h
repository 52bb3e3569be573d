/* trace.h -- a game as a list of reading events, one a line, independent
 * of any PDN writer: what `pdn parse --trace` prints and the spec tests
 * pin.
 *
 *   +GAME  =TAG Name "value"  =TAG Bianco "value" -> White  =NUMBER 1.
 *   =MOVE 22-18  =MARK !?  =FORCED  =NAG $7  =UNKNOWN -  =SETUP text
 *   =COMMENT text  =LINECOMMENT text  =PROSE text  =TEXT text
 *   =ESCAPE text  +VAR  -VAR  =RESULT 1-0  -GAME
 *
 * Text is written with \\, \n, \r and \t escaped so that each event is one
 * line; tag values are quoted as PDN quotes them.
 */
#ifndef PDN_WRITE_TRACE_H
#define PDN_WRITE_TRACE_H

#include "base/strbuf.h"
#include "model/game.h"

/** Appends the events of @g to @out. */
void pdn_trace_game(const pdn_game *g, pdn_strbuf *out);

#endif
