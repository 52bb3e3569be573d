/* report.h -- the judgement of games (annotate/annotate.h) written for
 * people and programs: plain text, JSON Lines, or one self-contained HTML
 * page with an evaluation graph per game and a board at every mistake
 * (man/pdn-annotate.1 describes each).
 */
#ifndef PDN_REPORT_REPORT_H
#define PDN_REPORT_REPORT_H

#include "annotate/annotate.h"
#include "base/strbuf.h"
#include "model/game.h"

/** Appends to @out the text report of @g: per side, the accuracy, the
 * average loss, the counts of marks, and each marked move with its
 * number, the move played, the loss and the better move and line. */
void pdn_report_text(const pdn_game *g, const pdn_annotation *a,
                     const pdn_annotate_options *o, pdn_strbuf *out);

/** Appends the same as one line of JSON (and a line end). */
void pdn_report_json(const pdn_game *g, const pdn_annotation *a,
                     const pdn_annotate_options *o, pdn_strbuf *out);

/** The HTML page: its head (with @title, escaped) and opening, one
 * section per game, then its end. */
void pdn_report_html_begin(const char *title, pdn_strbuf *out);
void pdn_report_html_game(const pdn_game *g, const pdn_annotation *a,
                          const pdn_annotate_options *o, pdn_strbuf *out);
void pdn_report_html_end(pdn_strbuf *out);

/* ---- Pieces the reports share ---- */

/** Appends the best line of @m (pdn_annotate_line()) with its move
 * numbers to @out: "14. 22-18 9-13
 * 15. 18x9", or "14... 9-13 15. 18x9" when the second mover starts it. */
void pdn_report_line_text(const pdn_variant *v, const pdn_judged_move *m,
                          bool alpha, int max, pdn_strbuf *out);

/** The label of @mark: the configured one, else its English name. */
const char *pdn_report_mark_label(const pdn_annotate_options *o, pdn_mark mark);

/** Appends @s (NULL: nothing) to @out with '&', '<', '>', '"' and '\''
 * as character references: safe as HTML text and attribute values. */
void pdn_report_html_escape(const char *s, pdn_strbuf *out);

/** Appends to @out an inline SVG diagram of m->before in @v, rank 8 at
 * the top: the pieces (a king with a gold centre), the number of each
 * playing square in its corner, the move played as a red arrow and the
 * best move as a green one (one arrow per leg of a capture). */
void pdn_report_html_board(const pdn_variant *v, const pdn_judged_move *m,
                           pdn_strbuf *out);

#endif
