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

/** Indexes of pdn_tags_find()'s answers. */
enum { PDN_TAGS_GAMETYPE, PDN_TAGS_FEN, PDN_TAGS_RESULT, PDN_TAGS_FOUND };

/** The values of the GameType, FEN and Result tags of @g (borrowed from
 * it), or NULL, into @out, as pdn_game_tag() finds them (the first tag
 * with that name or standard name), in one pass over the tags. */
void pdn_tags_find(const pdn_game *g, const char *out[PDN_TAGS_FOUND]);

/** The Result tag (*@tag_out) and the terminator (*@term_out) to write
 * for @g, whose Result tag holds @tag (NULL: none): equal, unless the tag
 * holds no result at all (it is then kept, and the terminator is the
 * game's or "*").  A tag of "*" takes the terminator's result; a missing
 * terminator the tag's.  Returns false when the two state different
 * results.  Both are borrowed from @g, @tag or a literal. */
bool pdn_tags_result(const pdn_game *g, const char *tag, const char **tag_out,
                     const char **term_out);

/** Writes the tags of @g to @out, with @result as the Result tag's value
 * and @gametype as a GameType tag when @g has none (NULL: none added).
 * A Date left as written is noted in @d. */
void pdn_tags_write(const pdn_game *g, const char *result, const char *gametype,
                    pdn_diags *d, pdn_tags_out *out);

#endif
