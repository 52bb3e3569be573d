/* eval.c -- the static evaluation (eval.h).
 */
#include "engine/eval.h"

#include <string.h>

#include "rules/bitboard.h"
#include "rules/square.h"

static const int advance[8] = {0, 0, EVAL_ADVANCE_2, EVAL_ADVANCE_3,
                               EVAL_ADVANCE_4, EVAL_ADVANCE_5,
                               EVAL_ADVANCE_6, EVAL_ADVANCE_7};
static const int runaway[5] = {0, EVAL_RUNAWAY_1, EVAL_RUNAWAY_2,
                               EVAL_RUNAWAY_3, EVAL_RUNAWAY_4};

void
pdn_eval_init(pdn_eval_tables *t, const pdn_variant *v)
{
    signed char file[64], rank[64];
    memset(t, 0, sizeof *t);
    t->v = v;
    t->king = v->id == PDN_ITALIAN   ? EVAL_KING_ITALIAN
              : v->id == PDN_SPANISH ? EVAL_KING_SPANISH
                                     : EVAL_KING_ENGLISH;
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
        }
        /* The cone ahead of a man: squares on the ranks before it within
         * the diagonals that can reach it (|file difference| <= rank
         * distance). */
        for (int to = 0; to < 64; to++) {
            if (file[to] < 0)
                continue;
            int df = file[to] - f, dr = rank[to] - rank[bit];
            df = df < 0 ? -df : df;
            if (dr > 0 && df <= dr)
                t->ahead[PDN_WHITE][bit] |= (pdn_bb)1 << to;
            if (dr < 0 && df <= -dr)
                t->ahead[PDN_BLACK][bit] |= (pdn_bb)1 << to;
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

/* The score of @c's pieces, without material. */
static inline int
positional(const pdn_eval_tables *t, const pdn_board *b, pdn_color c,
           bool other_has_men)
{
    pdn_bb own = b->pieces[c];
    pdn_bb men = own & ~b->kings, kings = own & b->kings;
    pdn_bb all = b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK];
    int s = 0;
    s += t->men[c][0][men & 0xFF] +
         t->men[c][1][men >> EVAL_ROWS_BIT(1) & 0xFF] +
         t->men[c][2][men >> EVAL_ROWS_BIT(2) & 0xFF] +
         t->men[c][3][men >> EVAL_ROWS_BIT(3) & 0xFF];
    if (other_has_men)
        s += EVAL_BACK_RANK * pdn_bb_count(men & t->back[c]);
    for (pdn_bb m = men & t->runners[c]; m; m &= m - 1) {
        int bit = pdn_bb_lowest(m);
        if (!(t->ahead[c][bit] & all))
            s += t->runaway[c][bit];
    }
    if (kings)
        s += EVAL_KING_EDGE * pdn_bb_count(kings & t->edge) +
             EVAL_CENTRE * pdn_bb_count(kings & t->centre);
    return s;
}

/* Whether the material is a known draw of the variant. */
static bool
drawn_ending(const pdn_eval_tables *t, int wm, int wk, int bm, int bk)
{
    if (wm || bm)
        return false;
    if (wk == 1 && bk == 1)
        return true; /* a lone king against a lone king */
    if (t->v->flying_kings && ((wk == 1 && bk == 2) || (wk == 2 && bk == 1)))
        return true; /* one flying king holds two */
    return false;
}

int
pdn_eval(const pdn_eval_tables *t, const pdn_board *b)
{
    pdn_bb w = b->pieces[PDN_WHITE], k = b->kings;
    pdn_bb bl = b->pieces[PDN_BLACK];
    int wm = pdn_bb_count(w & ~k), wk = pdn_bb_count(w & k);
    int bm = pdn_bb_count(bl & ~k), bk = pdn_bb_count(bl & k);
    if (drawn_ending(t, wm, wk, bm, bk))
        return 0;
    int white = wm * EVAL_MAN + wk * t->king;
    int black = bm * EVAL_MAN + bk * t->king;
    int s = white - black;
    /* Ahead, trade down: the fewer pieces left, the more the lead tells. */
    int pieces = wm + wk + bm + bk;
    if (s != 0)
        s += (s > 0 ? 1 : -1) * EVAL_TRADE_DOWN * (24 - pieces);
    s += positional(t, b, PDN_WHITE, bm > 0) -
         positional(t, b, PDN_BLACK, wm > 0);
    if (!wk && !bk)
        s += b->side == PDN_WHITE ? EVAL_TEMPO : -EVAL_TEMPO;
    return b->side == PDN_WHITE ? s : -s;
}
