/* perft.c -- leaf counts of the legal-move tree (RULES.md section 7). */
#include "perft.h"

#include "movegen.h"

/* One count: the variant, and its generators by side to move. */
typedef struct perft_ctx {
    const pdn_variant *v;
    pdn_movegen_deltas_fn gen[2];
    bool bulk;
} perft_ctx;

/* Whether @b is a position: no square of both colours, no king off a
 * piece.  Checking every field makes each leaf be played in full. */
static inline bool
is_position(const pdn_board *b)
{
    pdn_bb w = b->pieces[PDN_WHITE], bk = b->pieces[PDN_BLACK];
    return ((w & bk) | (b->kings & ~(w | bk))) == 0;
}

/* The last ply played out: each move makes its position, which is counted
 * as long as it is one.  The positions never leave this loop, so they stay
 * in registers. */
static uint64_t
leaves(const pdn_board *b, const pdn_delta_list *list, int n)
{
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pdn_board child;
        pdn_delta_list_play(b, list, i, &child);
        total += is_position(&child);
    }
    return total;
}

/* The leaves two plies below @b (@list its moves), all in this frame:
 * each move's position is generated in turn into one list, whose moves
 * are played out. */
static uint64_t
perft_2(const perft_ctx *c, const pdn_board *b, const pdn_delta_list *list,
        int n)
{
    pdn_delta_list sub;
    pdn_movegen_deltas_fn gen = c->gen[pdn_color_other(b->side)];
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pdn_board child;
        pdn_delta_list_play(b, list, i, &child);
        int m = gen(&child, &sub);
        if (m < 0)
            return UINT64_MAX;
        total += leaves(&child, &sub, m);
    }
    return total;
}

/* The same with bulk counting: each move's position's moves are
 * counted. */
static uint64_t
perft_2_bulk(const perft_ctx *c, const pdn_board *b, const pdn_delta_list *list,
             int n)
{
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pdn_board child;
        pdn_delta_list_play(b, list, i, &child);
        int m = pdn_movegen_count(c->v, &child);
        if (m < 0)
            return UINT64_MAX;
        total += (uint64_t)m;
    }
    return total;
}

static uint64_t
perft_rec(const perft_ctx *c, const pdn_board *b, int depth)
{
    if (c->bulk && depth == 1) {
        int n = pdn_movegen_count(c->v, b);
        return n < 0 ? UINT64_MAX : (uint64_t)n;
    }
    pdn_delta_list list;
    int n = c->gen[b->side](b, &list);
    if (n < 0)
        return UINT64_MAX;
    if (depth == 1)
        return leaves(b, &list, n);
    if (depth == 2)
        return c->bulk ? perft_2_bulk(c, b, &list, n) : perft_2(c, b, &list, n);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pdn_board child;
        pdn_delta_list_play(b, &list, i, &child);
        uint64_t sub = perft_rec(c, &child, depth - 1);
        if (sub == UINT64_MAX)
            return UINT64_MAX;
        total += sub;
    }
    return total;
}

uint64_t
pdn_perft(const pdn_variant *v, const pdn_board *b, int depth, bool bulk)
{
    perft_ctx c = {.v = v,
                   .gen = {pdn_movegen_deltas_for(v, PDN_WHITE),
                           pdn_movegen_deltas_for(v, PDN_BLACK)},
                   .bulk = bulk};
    return depth <= 0 ? 1 : perft_rec(&c, b, depth);
}
