/* json_out.h -- a game as one JSON object on one line (the format
 * `pdn parse --json` prints and man/pdn-parse.1 documents, section JSON
 * OUTPUT):
 *
 *   {"file":F,"game":N,"line":L,"column":C,"tags":[TAG...],
 *    "preamble":[NODE...],"moves":[NODE...],"result":"1-0"|null,
 *    "errors":E}
 *   TAG  = {"name":"Bianco","value":V,"standard":"White"?}
 *   NODE = {"type":"move"|"number"|"unknown"|"nag"|"comment"|"escape"
 *           |"setup"|"variation", ...its own keys..., "line":L,"column":C}
 *
 * Compact (no blanks), keys in a fixed order, strings UTF-8 with '"', '\\'
 * and control characters escaped; a byte that is not UTF-8 (only a file
 * name can hold one) becomes U+FFFD.
 */
#ifndef PDN_WRITE_JSON_OUT_H
#define PDN_WRITE_JSON_OUT_H

#include <stddef.h>

#include "base/json_string.h"
#include "base/strbuf.h"
#include "model/game.h"

/** Appends @g as one line of JSON (no newline) to @out. */
void pdn_json_game(const pdn_game *g, pdn_strbuf *out);

/** Appends the tags of @g as a JSON array of TAG objects (above) to
 * @out: what `pdn tags --json` prints. */
void pdn_json_tags(const pdn_game *g, pdn_strbuf *out);

#endif
