/* lines.h -- a movetext filled into lines of at most a given width, unit
 * by unit (a numbered move, a NAG, a comment, a variation's brackets), as
 * pdn fmt writes it.
 */
#ifndef PDN_WRITE_LINES_H
#define PDN_WRITE_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "base/strbuf.h"
#include "model/game.h"

/* The movetext being filled into lines of at most width characters.  A
 * unit longer than the width (a long comment) stands on a line alone. */
typedef struct pdn_line {
    pdn_strbuf *out;
    unsigned col; /* characters on the current line */
    unsigned width;
    bool glue; /* the next unit follows without a blank: after "(" */
} pdn_line;

/** Ends the current line, if anything stands on it. */
void pdn_line_break(pdn_line *l);

/** Writes the unit @s of @len bytes, after a blank or at the start of a
 * new line.  A unit may hold line ends (a comment): the column is then
 * what follows the last. */
void pdn_line_unit(pdn_line *l, const char *s, size_t len);

/** A ')' glued to the unit before it, or at the start of a line when the
 * line is full. */
void pdn_line_close(pdn_line *l);

/** pdn_line_unit() of the NUL-terminated @s, then pdn_line_break(): a
 * game's result ends its movetext.  Without the unit's scans when @s is
 * ASCII on one line, of up to eight bytes (any result). */
void pdn_line_last(pdn_line *l, const char *s);

/** Appends @len bytes of @text to @s with CR LF and CR made LF. */
void pdn_line_lf(pdn_strbuf *s, const char *text, size_t len);

/** The comment @n as a unit: "{text}", else ";text" (then a line end)
 * when the text holds '}', else as it was written; line ends in the text
 * become LF.  @scratch is emptied and used. */
void pdn_line_comment(pdn_line *l, pdn_strbuf *scratch, const pdn_node *n);

/** Appends to @s the text of the move @n when the replay did not resolve
 * it (a variant this program does not play, a line after an unknown
 * move): its squares without leading zeros or blanks, 'x' for a capture;
 * alphanumeric and compact moves as written, blanks taken out. */
void pdn_line_unresolved(pdn_strbuf *s, const pdn_node *n);

/* Room at the end of the line for a unit of @len bytes of printable
 * ASCII on one line (a move, a NAG), after a blank or a line end as
 * pdn_line_unit() puts them; where the unit goes, with 16 bytes to spare
 * after it.  The caller writes the unit and pdn_strbuf_commit()s its end. */
static inline char *
pdn_line_room(pdn_line *l, size_t len)
{
    char *p = pdn_strbuf_reserve(l->out, len + 1 + 16);
    if (l->col > 0 && !l->glue) {
        if (l->col + 1 + len > l->width) {
            *p++ = '\n';
            l->col = 0;
        } else {
            *p++ = ' ';
            l->col++;
        }
    }
    l->col += (unsigned)len;
    l->glue = false;
    return p;
}

/* pdn_line_unit() for a unit of printable ASCII on one line, which needs no
 * scan for line ends or characters. */
static inline void
pdn_line_ascii(pdn_line *l, const char *s, size_t len)
{
    char *p = pdn_line_room(l, len);
    memcpy(p, s, len);
    pdn_strbuf_commit(l->out, p + len);
}

#endif
