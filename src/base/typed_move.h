/* typed_move.h -- moves as people type them outside draughts programs: a
 * word processor or a web page makes the separator of "23-19" an en dash,
 * an em dash or a minus sign ("23–19", "23—19", "23−19"), and some write
 * the squares of "d3-c4" in capitals ("D3-C4").  The reader and pdn moves
 * both read such a move through pdn_typed_move(), so that they agree.
 */
#ifndef PDN_BASE_TYPED_MOVE_H
#define PDN_BASE_TYPED_MOVE_H

#include <stdbool.h>
#include <stddef.h>

/** How a move was typed: what pdn_typed_move() changed. */
enum {
    PDN_TYPED_EN_DASH = 1,  /* U+2013 for '-' (Windows-1252 0x96) */
    PDN_TYPED_EM_DASH = 2,  /* U+2014 for '-' (Windows-1252 0x97) */
    PDN_TYPED_MINUS = 4,    /* U+2212 for '-' */
    PDN_TYPED_CAPITALS = 8, /* capital files: "D3" for "d3" */
};

/** The longest text pdn_typed_move() looks at. */
#define PDN_TYPED_MAX 64

/** Writes the @len bytes of UTF-8 at @s to @out (room for @len bytes; the
 * text never grows) with each en dash, em dash and minus sign made '-'
 * and each capital A to H before a digit made small; returns the length
 * written and sets *@how to what was changed (0: nothing).  Whether the
 * result is a move is for the caller's reader to say. */
size_t pdn_typed_move(const char *s, size_t len, char *out, unsigned *how);

/** Whether the @len bytes at @s (as pdn_typed_move() writes them) are
 * shaped like a move: squares (one or two digits, or a small letter a to
 * h and a digit) joined by runs of separators ('-', 'x', 'X' or ':'), two
 * squares at least, nothing else ("1996-97" is not).  Text so shaped that is no
 * move ("23-1x9" is, "22--18" and "10-0" are not) is an error where a move can
 * stand. */
bool pdn_typed_move_shaped(const char *s, size_t len);

/** Writes into @buf (room for @cap bytes) how a move was typed, from
 * @how: "an en dash for '-'", "capital letters for squares", or both
 * joined by " and "; returns @buf. */
const char *pdn_typed_how(unsigned how, char *buf, size_t cap);

#endif
