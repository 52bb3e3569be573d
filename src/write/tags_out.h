/* tags_out.h -- a game's tags in the canonical order: the Seven-Tag
 * Roster, GameType and FEN first, then the rest as they came; localized
 * names written as their standard ones; dates as YYYY.MM.DD when they can
 * be read as one.  For pdn fmt's PDN and pdn convert's JSON alike.
 */
#ifndef PDN_WRITE_TAGS_OUT_H
#define PDN_WRITE_TAGS_OUT_H

#include <stdbool.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "model/game.h"

/** Where tags go: PDN lines, or (json) the pairs of a JSON array. */
typedef struct pdn_tags_out {
    pdn_strbuf *out;
    bool json;
    bool comma; /* json: a pair is written already */
} pdn_tags_out;

/** Writes the tags of @g to @out, with @result as the Result tag's value
 * and @gametype as a GameType tag when @g has none (NULL: none added).
 * A Date left as written is noted in @d. */
void pdn_tags_write(const pdn_game *g, const char *result, const char *gametype,
                    pdn_diags *d, pdn_tags_out *out);

#endif
