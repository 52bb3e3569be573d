/* solver.h -- exhaustive solving of every position with few pieces: for
 * each one, won, drawn or lost for the side to move, and the plies to the
 * end with best play (the winner the fewest, the loser the most).
 *
 * Retrograde by layers: a side with no legal move has lost in 0; a
 * position is won in d when a move leads to a position lost in d - 1, and
 * lost in d when every move leads to a win for the other side and the
 * longest of them is d - 1; what is never decided is a draw (a repetition
 * or an endless shuffle).  Material groups are solved from the fewest
 * pieces and men up, so that a capture or a promotion leads into a group
 * already solved.  No draw rule is applied: the values are those of the
 * game without the no-progress count.
 */
#ifndef PDN_ENGINE_SOLVER_H
#define PDN_ENGINE_SOLVER_H

#include <stddef.h>

#include "rules/board.h"
#include "rules/variant.h"

/** Most pieces a solver can hold. */
#define PDN_SOLVER_MAX_PIECES 4

typedef enum pdn_solved {
    PDN_SOLVED_UNKNOWN = 0, /* outside the solver's range */
    PDN_SOLVED_WIN,
    PDN_SOLVED_DRAW,
    PDN_SOLVED_LOSS
} pdn_solved;

typedef struct pdn_solver pdn_solver;

/** Solves every position of @v with at most @pieces pieces (2 to
 * PDN_SOLVER_MAX_PIECES) and keeps the values in memory.  NULL if
 * @pieces is out of range. */
pdn_solver *pdn_solver_new(const pdn_variant *v, int pieces);

void pdn_solver_free(pdn_solver *s);

/** The value of @b for the side to move, and in *@plies (may be NULL)
 * the plies to the end for a win or a loss; PDN_SOLVED_UNKNOWN when @b
 * has more pieces than the solver holds. */
pdn_solved pdn_solver_probe(const pdn_solver *s, const pdn_board *b,
                            int *plies);

/** Positions held (both sides to move counted). */
size_t pdn_solver_size(const pdn_solver *s);

#endif
