/* square.h -- PDN square numbers (1-32) and board coordinates, per variant.
 * The only place where PDN numbering meets the internal bit layout of
 * bitboard.h.  Numbering as drawn in RULES.md section 1.
 */
#ifndef PDN_RULES_SQUARE_H
#define PDN_RULES_SQUARE_H

#include "bitboard.h"
#include "variant.h"

/** Bit position (as in bitboard.h) of PDN square @n (1..32), or -1. */
int pdn_square_to_bit(const pdn_variant *v, int n);

/** The bit position of every PDN square of @v: [n] for square n (1..32),
 * [0] is -1.  For readers that look up many squares in a row. */
const signed char *pdn_square_bits(const pdn_variant *v);

/** PDN square number (1..32) at bit position @bit, or 0 for a non-square. */
int pdn_square_from_bit(const pdn_variant *v, int bit);

/** Coordinates of PDN square @n: file 0..7 (a..h), rank 1..8.
 * Returns 0, or -1 if @n is not a square. */
int pdn_square_coords(const pdn_variant *v, int n, int *file, int *rank);

/** PDN square number at @file (0..7) and @rank (1..8), or 0 when that
 * square is not played on (or off the board). */
int pdn_square_at(const pdn_variant *v, int file, int rank);

/** Writes the alphanumeric name ("c3") of square @n into @buf (3 bytes). */
void pdn_square_name(const pdn_variant *v, int n, char buf[3]);

#endif
