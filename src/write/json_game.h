/* json_game.h -- a game of pdn convert --to json (man/pdn-convert.1)
 * turned back into PDN text, which the reader then reads as any PDN.
 */
#ifndef PDN_WRITE_JSON_GAME_H
#define PDN_WRITE_JSON_GAME_H

#include <stddef.h>

#include "base/strbuf.h"
#include "write/json_in.h"

/** Appends to @pdn the PDN text of the game object @root.  Returns 0;
 * 1 when the object holds a game kept as read ("raw"), whose text is
 * appended as it is; or -1 with a message in @err (room for @errcap
 * bytes) and the node at fault in *@at. */
int pdn_json_game_pdn(const pdn_json *root, pdn_strbuf *pdn, char *err,
                      size_t errcap, const pdn_json **at);

#endif
