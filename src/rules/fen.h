/* fen.h -- PDN FEN: "W:W21-32:B1-12".  Side to move, then each colour's
 * squares; "K" marks a king; ranges "1-12"; any order; leading zeros, a
 * trailing ".", spaces; either colour may be empty or missing.
 */
#ifndef PDN_RULES_FEN_H
#define PDN_RULES_FEN_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "variant.h"

/** Why a FEN was refused: where (byte offset and 1-based column, counted
 * in characters) and what was expected there. */
typedef struct pdn_fen_error {
    size_t offset;
    unsigned column;
    char message[128];
} pdn_fen_error;

/** Reads @len bytes of @text into @out.  Returns 0, or -1 with @err filled
 * in.  A square given twice, or to both colours, is an error. */
int pdn_fen_parse(const pdn_variant *v, const char *text, size_t len,
                  pdn_board *out, pdn_fen_error *err);

/** The same, always by the careful reader that explains errors (which
 * pdn_fen_parse() uses only when its one-pass reader meets something
 * unusual); for the tests that hold the two together. */
int pdn_fen_parse_careful(const pdn_variant *v, const char *text, size_t len,
                          pdn_board *out, pdn_fen_error *err);

/** Whether the FEN in @text (a FEN tag's value, or a setup's text:
 * FEN "W:...") has the side that does not move first in @v (White when
 * @v is NULL) to move: by its first letter, 'W' or 'B', after an opening
 * quote if there is one and spaces.  No more of it is read. */
bool pdn_fen_second_to_move(const pdn_variant *v, const char *text);

/** Longest FEN pdn_fen_write() writes, with its terminating NUL. */
#define PDN_FEN_MAX 160

/** Writes @b as canonical FEN ("W:W21,22,K30:B1,2") into @buf (room for
 * PDN_FEN_MAX) and returns its length. */
size_t pdn_fen_write(const pdn_variant *v, const pdn_board *b,
                     char buf[PDN_FEN_MAX]);

#endif
