/* notation.h -- moves as PDN writes them: "22-18", "22x13", "22x13x6",
 * "22:13", compact "2218", alphanumeric "c3-d4" or "c3d4", leading zeros.
 * A capture is written from-to unless another legal move shares its from
 * and to squares; then it is written with every landing square.
 */
#ifndef PDN_RULES_NOTATION_H
#define PDN_RULES_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "variant.h"

/** A move as written: the squares named, in order, as PDN numbers. */
typedef struct pdn_written_move {
    uint8_t squares[PDN_MAX_CAPTURES + 1];
    uint8_t count; /* 2 or more */
    bool capture;  /* written with 'x' or ':' */
} pdn_written_move;

/** Reads one move of @len bytes.  Returns 0, or -1 with a message in @err
 * (room for @errcap bytes) and the byte offset of the fault in @at. */
int pdn_notation_parse(const pdn_variant *v, const char *text, size_t len,
                       pdn_written_move *out, size_t *at, char *err,
                       size_t errcap);

/** Whether @w names the legal move @m: the same from and to squares, and
 * every square written between them on @m's path, in order (for a flying
 * king, anywhere along the lines it travels). */
bool pdn_notation_matches(const pdn_variant *v, const pdn_move *m,
                          const pdn_written_move *w);

/** Room for the longest move text, with its NUL. */
#define PDN_MOVE_TEXT_MAX 48

/** Writes @m as PDN ("22-18", "22x13", or "22x13x6" when another of the
 * @n moves in @legal shares its from and to) and returns the length. */
size_t pdn_notation_format(const pdn_variant *v, const pdn_move *m,
                           const pdn_move *legal, int n,
                           char buf[PDN_MOVE_TEXT_MAX]);

/** The same in alphanumeric notation, squares named by file and rank as
 * the variant's board is drawn: "c3-d4", "c3xe5", or the whole path
 * "c3xe5xg7" when the numeric form needs it. */
size_t pdn_notation_format_alpha(const pdn_variant *v, const pdn_move *m,
                                 const pdn_move *legal, int n,
                                 char buf[PDN_MOVE_TEXT_MAX]);

/** Writes @m with its whole path ("22x13x6"; "22-18" for a plain move). */
size_t pdn_notation_format_long(const pdn_variant *v, const pdn_move *m,
                                char buf[PDN_MOVE_TEXT_MAX]);

/** The written form of @m's whole path. */
pdn_written_move pdn_notation_of_move(const pdn_variant *v, const pdn_move *m);

/** The legal moves of @b in @out (room for PDN_MAX_MOVES), sorted by PDN
 * from square, then to square, then path, then captured squares.  Returns
 * how many, or -1 if the list overflowed. */
int pdn_moves_sorted(const pdn_variant *v, const pdn_board *b, pdn_move *out);

#endif
