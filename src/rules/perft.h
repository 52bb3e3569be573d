/* perft.h -- counting the leaves of the legal-move tree, the standard proof
 * of a move generator against published figures (RULES.md section 7).
 */
#ifndef PDN_RULES_PERFT_H
#define PDN_RULES_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "variant.h"

/** Leaves of the tree of legal moves @depth plies deep from @b.  With
 * @bulk, the last ply is counted without playing its moves.  Depth 0 is 1.
 * A position whose move list would overflow counts as UINT64_MAX. */
uint64_t pdn_perft(const pdn_variant *v, const pdn_board *b, int depth,
                   bool bulk);

#endif
