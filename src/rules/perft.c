/* perft.c -- leaf counts of the legal-move tree (RULES.md section 7). */
#include "perft.h"

#include "movegen.h"

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
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pdn_board child;
        pdn_board_after(b, &list[i], &child);
        if (depth == 1) {
            /* A leaf: count the position reached, as long as it is one
             * (no square of both colours). */
            total += (child.pieces[PDN_WHITE] & child.pieces[PDN_BLACK]) == 0;
            continue;
        }
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
