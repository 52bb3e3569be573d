/* tags_out.h -- a game's tags in the canonical order: the Seven-Tag
 * Roster, GameType and FEN first, then the rest as they came; localized
 * names written as their standard ones; dates as YYYY.MM.DD when they can
 * be read as one.  For pdn fmt's PDN and pdn convert's JSON alike.
 */
#ifndef PDN_WRITE_TAGS_OUT_H
#define PDN_WRITE_TAGS_OUT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "model/game.h"

/** Where tags go: PDN lines, or (json) the pairs of a JSON array. */
typedef struct pdn_tags_out {
    pdn_strbuf *out;
    bool json;
    bool comma; /* json: a pair is written already */
} pdn_tags_out;

/** Indexes of pdn_tags_find()'s values. */
enum { PDN_TAGS_GAMETYPE, PDN_TAGS_FEN, PDN_TAGS_RESULT, PDN_TAGS_FOUND };

/** The tags written first: the Seven-Tag Roster, GameType and FEN. */
#define PDN_TAGS_LEADING 9

/** What one pass over a game's tags finds, for the writer and for
 * pdn_tags_write(); all borrowed from the game. */
typedef struct pdn_tags_found {
    /* The values of the GameType, FEN and Result tags, or NULL, as
     * pdn_game_tag() finds them (the first tag with that name or
     * standard name). */
    const char *value[PDN_TAGS_FOUND];
    /* The first tag of each leading name (by its standard name), in the
     * order they are written, or NULL. */
    const pdn_tag *leading[PDN_TAGS_LEADING];
    unsigned present; /* bit i when leading[i] is a tag */
    /* The tags written after the leading ones: bit i for tag i of the
     * first 64; @rest when a tag past those could be one. */
    uint64_t others;
    bool rest;
} pdn_tags_found;

/** Sorts out the tags of @g into @out, in one pass over them. */
void pdn_tags_find(const pdn_game *g, pdn_tags_found *out);

/** The Result tag (*@tag_out) and the terminator (*@term_out) to write
 * for @g, whose Result tag holds @tag (NULL: none): equal, unless the tag
 * holds no result at all (it is then kept, and the terminator is the
 * game's or "*").  A tag of "*" takes the terminator's result; a missing
 * terminator the tag's.  Returns false when the two state different
 * results.  Both are borrowed from @g, @tag or a literal. */
bool pdn_tags_result(const pdn_game *g, const char *tag, const char **tag_out,
                     const char **term_out);

/** Writes the tags of @g, which pdn_tags_find() sorted out into @found,
 * to @out, with @result as the Result tag's value and @gametype as a
 * GameType tag when @g has none (NULL: none added).  A Date left as
 * written is noted in @d. */
void pdn_tags_write(const pdn_game *g, const pdn_tags_found *found,
                    const char *result, const char *gametype, pdn_diags *d,
                    pdn_tags_out *out);

#endif
