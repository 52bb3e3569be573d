/* json_out.h -- a game as one JSON object (the format `pdn parse --json`
 * prints and man/pdn-parse.1 documents).  Being written.
 */
#ifndef PDN_WRITE_JSON_OUT_H
#define PDN_WRITE_JSON_OUT_H

#include "base/strbuf.h"
#include "model/game.h"

/** Appends @g as one line of JSON (no newline) to @out. */
void pdn_json_game(const pdn_game *g, pdn_strbuf *out);

#endif
