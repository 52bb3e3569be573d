/* index.h -- the dense numbering of a slice's positions (egdb.h).
 *
 * The squares are the 32 internal ones of rules/bitboard.h (0..31 from
 * White's side).  A position of material (wm, wk, bm, bk) is numbered
 * from, in this order:
 *   - White's men, a set of the 28 squares a White man may stand on
 *     (0..27: not its crowning rank), ranked in the combinatorial number
 *     system: the set {c0 < c1 < ...} is sum C(ci, i + 1);
 *   - Black's men, a set of the squares 4..31 that White's men leave
 *     free, ranked among them (their count depends on how many of White's
 *     men stand on 4..27, so each set of White's men starts a block of
 *     its own size, at an offset kept in a table);
 *   - White's kings, ranked among the 32 - wm - bm squares left;
 *   - Black's kings, ranked among the squares left after them;
 *   - the side to move, the lowest bit (0 White, 1 Black).
 * index = ((men * KW + kw) * KB + kb) * 2 + side.  Every index in
 * 0..size-1 is a position, and every position of the material one index.
 */
#ifndef PDN_EGDB_INDEX_H
#define PDN_EGDB_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "egdb/egdb.h"
#include "rules/board.h"

/** A slice's numbering.  Free with pdn_egdb_index_fini(). */
typedef struct pdn_egdb_index {
    pdn_egdb_material m;
    uint64_t men;     /* sets of men, both sides */
    uint64_t kw, kb;  /* sets of White's kings, of Black's */
    uint64_t size;    /* positions, both sides to move */
    uint64_t *offset; /* by rank of White's men: where its block of
                         Black's men starts, C(28, wm) + 1 of them */
    uint64_t choose[33][PDN_EGDB_MAX_PIECES + 2]; /* C(n, k) */
} pdn_egdb_index;

/** Sets up the numbering of @m. */
void pdn_egdb_index_init(pdn_egdb_index *x, pdn_egdb_material m);

void pdn_egdb_index_fini(pdn_egdb_index *x);

/** The index of @b, whose material is x->m. */
uint64_t pdn_egdb_index_of(const pdn_egdb_index *x, const pdn_board *b);

/** The position of index @i (below x->size). */
void pdn_egdb_board_of(const pdn_egdb_index *x, uint64_t i, pdn_board *b);

#endif
