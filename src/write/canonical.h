/* canonical.h -- a game written in the one canonical PDN form of `pdn fmt`
 * (man/pdn-fmt.1): the Seven-Tag Roster first, then GameType and FEN,
 * then the other tags in file order; standard names for localized ones;
 * dates as YYYY.MM.DD; moves in the short standard form found by replaying
 * the game, with the whole path only when the short form is ambiguous;
 * move numbers regenerated; comments, NAGs, variations and setups where
 * they stood; lines wrapped at a width; LF line ends.
 *
 * A game that cannot be written so without loss (a reading error, text
 * skipped between games, a control byte, an illegal or ambiguous move, a
 * bad FEN, a Result tag and terminator that disagree) is refused: the caller
 * writes its text as read (pdn_canonical_as_read()).
 */
#ifndef PDN_WRITE_CANONICAL_H
#define PDN_WRITE_CANONICAL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "model/game.h"
#include "rules/variant.h"

/** Default line width. */
#define PDN_CANONICAL_WIDTH 79

typedef struct pdn_canonical_options {
    const pdn_variant *variant; /* for games without a GameType tag */
    int unplayed;               /* above 0: such games are of this
                                   GameType, not played (their moves are
                                   written as read), instead of @variant */
    bool add_gametype;          /* give such games a GameType tag */
    unsigned width;             /* 0: PDN_CANONICAL_WIDTH */
    bool json;                  /* one line of JSON instead of PDN, the
                                   object man/pdn-convert.1 describes */
    bool positions;             /* JSON: the FEN after every move */
    bool alpha;                 /* moves as "c3-d4", not "22-18" */
    bool keep_illegal;          /* write a game with an illegal or
                                   ambiguous move all the same: the
                                   moves its replay did not reach as
                                   written (pdn annotate) */
} pdn_canonical_options;

typedef struct pdn_canonical pdn_canonical;

/** A writer with options @o (copied).  Free with pdn_canonical_free(). */
pdn_canonical *pdn_canonical_new(const pdn_canonical_options *o);

void pdn_canonical_free(pdn_canonical *c);

/** Writes @g canonically at the end of @out (PDN ending in a line end, or
 * one line of JSON) and returns true; or, for a game it must refuse,
 * writes nothing and returns false.  @d holds the
 * game's reading diagnostics on entry; on return it holds those that say
 * why a game was refused, and the writer's notes (N0301), the others
 * turned off (PDN_SEV_OFF).  @g must have been read with its raw text when
 * the caller wants to pass refused games through. */
bool pdn_canonical_game(pdn_canonical *c, const pdn_game *g, pdn_diags *d,
                        pdn_strbuf *out);

/** Writes the text of @g as read (@g->raw) at the end of @out, as little
 * changed as a later reading needs: in UTF-8 (its bytes that are not read
 * as Windows-1252, syntax/reader.h), and, when the options add GameType
 * tags and @g has none, with one before its first tag, so that the game
 * is read again under the variant it was written under. */
void pdn_canonical_as_read(const pdn_canonical *c, const pdn_game *g,
                           pdn_strbuf *out);

#endif
