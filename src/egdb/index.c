/* index.c -- the dense numbering of a slice's positions (index.h).
 *
 * Sets of squares are 32-bit masks of the internal squares here, made
 * from and back into the board's ghost layout; a square's coordinate
 * among the free squares of a mask is how many free squares lie below
 * it.
 */
#include "egdb/index.h"

#include <stdlib.h>

#include "base/xalloc.h"
#include "rules/bitboard.h"

/* The squares a White man may stand on (not rank 8), a Black man's
 * (not rank 1), and those both may. */
#define WHITE_MEN 0x0FFFFFFFu
#define BLACK_MEN 0xFFFFFFF0u
#define BOTH_MEN 0x0FFFFFF0u

/* @b's squares as a mask of internal squares, and back. */
static uint32_t
mask_of(pdn_bb b)
{
    return (uint32_t)((b & 0xFF) | ((b >> 1) & 0xFF00) | ((b >> 2) & 0xFF0000) |
                      ((b >> 3) & 0xFF000000));
}

static pdn_bb
bb_of(uint32_t m)
{
    pdn_bb x = m;
    return (x & 0xFF) | ((x & 0xFF00) << 1) | ((x & 0xFF0000) << 2) |
           ((x & 0xFF000000) << 3);
}

static int
count(uint32_t m)
{
    return __builtin_popcount(m);
}

/* The rank of @set among the squares of @free (@set within them). */
static uint64_t
rank_in(const pdn_egdb_index *x, uint32_t set, uint32_t free)
{
    uint64_t r = 0;
    for (int i = 0; set; i++) {
        uint32_t low = set & -set;
        r += x->choose[count(free & (low - 1))][i + 1];
        set &= set - 1;
    }
    return r;
}

/* The set of @k squares of @free of rank @r. */
static uint32_t
unrank_in(const pdn_egdb_index *x, uint64_t r, int k, uint32_t free)
{
    uint32_t set = 0;
    int c = count(free);
    for (int i = k - 1; i >= 0; i--) {
        while (x->choose[c][i + 1] > r)
            c--;
        r -= x->choose[c][i + 1];
        /* the c-th free square */
        uint32_t f = free;
        for (int j = 0; j < c; j++)
            f &= f - 1;
        set |= f & -f;
    }
    return set;
}

void
pdn_egdb_index_init(pdn_egdb_index *x, pdn_egdb_material m)
{
    x->m = m;
    for (int n = 0; n <= 32; n++)
        for (int k = 0; k <= PDN_EGDB_MAX_PIECES + 1; k++)
            x->choose[n][k] =
                k == 0   ? 1
                : n == 0 ? 0
                         : x->choose[n - 1][k - 1] + x->choose[n - 1][k];
    uint64_t whites = x->choose[28][m.wm];
    x->offset = pdn_xmalloc((whites + 1) * sizeof *x->offset);
    x->offset[0] = 0;
    for (uint64_t r = 0; r < whites; r++) {
        uint32_t w = unrank_in(x, r, m.wm, WHITE_MEN);
        x->offset[r + 1] =
            x->offset[r] + x->choose[28 - count(w & BOTH_MEN)][m.bm];
    }
    x->men = x->offset[whites];
    x->kw = x->choose[32 - m.wm - m.bm][m.wk];
    x->kb = x->choose[32 - m.wm - m.bm - m.wk][m.bk];
    x->size = x->men * x->kw * x->kb * 2;
}

void
pdn_egdb_index_fini(pdn_egdb_index *x)
{
    free(x->offset);
    x->offset = NULL;
}

uint64_t
pdn_egdb_index_of(const pdn_egdb_index *x, const pdn_board *b)
{
    uint32_t kings = mask_of(b->kings);
    uint32_t wm = mask_of(b->pieces[PDN_WHITE]) & ~kings;
    uint32_t wk = mask_of(b->pieces[PDN_WHITE]) & kings;
    uint32_t bm = mask_of(b->pieces[PDN_BLACK]) & ~kings;
    uint32_t bk = mask_of(b->pieces[PDN_BLACK]) & kings;
    uint64_t men =
        x->offset[rank_in(x, wm, WHITE_MEN)] + rank_in(x, bm, BLACK_MEN & ~wm);
    uint64_t i = men * x->kw + rank_in(x, wk, ~(wm | bm));
    i = i * x->kb + rank_in(x, bk, ~(wm | bm | wk));
    return i * 2 + (uint64_t)b->side;
}

void
pdn_egdb_board_of(const pdn_egdb_index *x, uint64_t i, pdn_board *b)
{
    *b = pdn_board_empty((pdn_color)(i & 1));
    i >>= 1;
    uint64_t rkb = i % x->kb;
    i /= x->kb;
    uint64_t rkw = i % x->kw;
    uint64_t men = i / x->kw;
    /* The block of White's men the men's number falls in: the last
       offset at or below it. */
    uint64_t lo = 0, hi = x->choose[28][x->m.wm];
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (x->offset[mid] <= men)
            lo = mid;
        else
            hi = mid;
    }
    uint32_t wm = unrank_in(x, lo, x->m.wm, WHITE_MEN);
    uint32_t bm = unrank_in(x, men - x->offset[lo], x->m.bm, BLACK_MEN & ~wm);
    uint32_t wk = unrank_in(x, rkw, x->m.wk, ~(wm | bm));
    uint32_t bk = unrank_in(x, rkb, x->m.bk, ~(wm | bm | wk));
    b->pieces[PDN_WHITE] = bb_of(wm | wk);
    b->pieces[PDN_BLACK] = bb_of(bm | bk);
    b->kings = bb_of(wk | bk);
}
