/* mark.h -- a game's judgement (annotate.h) written into the game: after
 * each judged move a NAG for its mark ($6, $2, $4), a comment with the
 * [%eval] command and the template's words, the best line as a
 * variation; the Annotator tag and each side's counts as tags.
 *
 * pdn's nodes go after the move's own NAGs, comments and variations.
 * They are recognised by pdn's comment, which starts with an embedded
 * command: "[%eval " or, when no score is written, "[%pdn]".  On a move
 * that carries such a comment, the NAGs $2, $4 and $6 are pdn's, and so
 * is the variation right after the comment.
 */
#ifndef PDN_ANNOTATE_MARK_H
#define PDN_ANNOTATE_MARK_H

#include <stddef.h>

#include "annotate/annotate.h"
#include "base/strbuf.h"
#include "model/game.h"

/** Takes out of @g what an earlier run of pdn annotate wrote into its
 * movetext (see above; tags are replaced by pdn_annotate_mark).  Returns
 * the number of comments taken out. */
size_t pdn_annotate_unmark(pdn_game *g);

/** Writes @a (judged on @g, after pdn_annotate_unmark) into @g as @o
 * asks.  New nodes and strings live in @g's arena. */
void pdn_annotate_mark(pdn_game *g, const pdn_annotation *a,
                       const pdn_annotate_options *o);

/** Expands the comment template @tmpl for @m (fields in braces: played,
 * best, before, after, loss, label, depth; "{{" and "}}" are braces) at
 * the end of @out, with @label the mark's label.  A field it does not
 * know is copied as written (pdn-config(5) refuses such templates). */
void pdn_annotate_expand(const char *tmpl, const pdn_judged_move *m,
                         const char *label, pdn_strbuf *out);

#endif
