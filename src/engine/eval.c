/* eval.c -- the static evaluation (eval.h).
 */
#include "engine/eval.h"

#include <string.h>

#include "rules/bitboard.h"
#include "rules/square.h"

static const int advance[8] = {0,
                               0,
                               EVAL_ADVANCE_2,
                               EVAL_ADVANCE_3,
                               EVAL_ADVANCE_4,
                               EVAL_ADVANCE_5,
                               EVAL_ADVANCE_6,
                               EVAL_ADVANCE_7};
static const int runaway[5] = {0, EVAL_RUNAWAY_1, EVAL_RUNAWAY_2,
                               EVAL_RUNAWAY_3, EVAL_RUNAWAY_4};

void
pdn_eval_init(pdn_eval_tables *t, const pdn_variant *v)
{
    signed char file[64], rank[64];
    memset(t, 0, sizeof *t);
    t->v = v;
    /* A king's worth follows from the rules: most when it flies, least
       when men may take it. */
    t->king = v->flying_kings        ? EVAL_KING_FLYING
              : v->men_capture_kings ? EVAL_KING_PREY
                                     : EVAL_KING_SHORT;
    for (int bit = 0; bit < 64; bit++) {
        file[bit] = -1;
        rank[bit] = 0;
        int n = pdn_square_from_bit(v, bit), f, r;
        if (n && pdn_square_coords(v, n, &f, &r) == 0) {
            file[bit] = (signed char)f;
            rank[bit] = (signed char)r;
        }
    }
    int weight[2][64] = {{0}};
    for (int bit = 0; bit < 64; bit++) {
        if (file[bit] < 0)
            continue;
        pdn_bb sq = (pdn_bb)1 << bit;
        int f = file[bit];
        bool centre = f >= 2 && f <= 5 && rank[bit] >= 3 && rank[bit] <= 6;
        if (centre)
            t->centre |= sq;
        if (f == 0 || f == 7 || rank[bit] == 1 || rank[bit] == 8)
            t->edge |= sq;
        for (int c = 0; c < 2; c++) {
            int r = c == PDN_WHITE ? rank[bit] : 9 - rank[bit];
            /* No man of the colour stands on its crowning row (r 8). */
            weight[c][bit] =
                r < 8 ? advance[r] + (centre ? EVAL_CENTRE : 0) : 0;
            if (r == 1)
                t->back[c] |= sq;
            if (8 - r <= 4 && 8 - r >= 1) {
                t->runners[c] |= sq;
                t->runaway[c][bit] = (signed char)runaway[8 - r];
            }
            /* The squares one step ahead (either way), two steps, and so
             * on, four at most (a runner's way to its crowning row). */
            pdn_bb ahead = sq;
            for (int k = 0; k < 4; k++) {
                ahead = c == PDN_WHITE ? pdn_bb_step(ahead, BB_UP_A) |
                                             pdn_bb_step(ahead, BB_UP_B)
                                       : pdn_bb_step(ahead, BB_DOWN_A) |
                                             pdn_bb_step(ahead, BB_DOWN_B);
                t->cone[c][bit] |= ahead;
            }
        }
    }
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 4; k++)
            for (int byte = 0; byte < 256; byte++) {
                int w = 0;
                for (int i = 0; i < 8; i++)
                    if (byte >> i & 1)
                        w += weight[c][EVAL_ROWS_BIT(k) + i];
                t->men[c][k][byte] = (int16_t)w;
            }
}
