/* perft.c -- leaf counts of the legal-move tree (RULES.md section 7). */
#include "perft.h"

#include "movegen.h"

/* The last ply played out: each move makes its position, which is counted
 * as long as it is one (no square of both colours).  The positions never
 * leave this loop, so they stay in registers. */
static uint64_t
leaves(const pdn_board *b, const pdn_move *list, int n)
{
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pdn_board child;
        pdn_board_after(b, &list[i], &child);
        total += (child.pieces[PDN_WHITE] & child.pieces[PDN_BLACK]) == 0;
    }
    return total;
}

static uint64_t
perft_rec(const pdn_variant *v, const pdn_board *b, int depth, bool bulk)
{
    if (bulk && depth == 1) {
        int n = pdn_movegen_count(v, b);
        return n < 0 ? UINT64_MAX : (uint64_t)n;
    }
    pdn_move list[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(v, b, list);
    if (n < 0)
        return UINT64_MAX;
    if (depth == 1)
        return leaves(b, list, n);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pdn_board child;
        pdn_board_after(b, &list[i], &child);
        uint64_t sub = perft_rec(v, &child, depth - 1, bulk);
        if (sub == UINT64_MAX)
            return UINT64_MAX;
        total += sub;
    }
    return total;
}

uint64_t
pdn_perft(const pdn_variant *v, const pdn_board *b, int depth, bool bulk)
{
    return depth <= 0 ? 1 : perft_rec(v, b, depth, bulk);
}
