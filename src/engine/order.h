/* order.h -- the order in which search.c tries a node's moves: the
 * table's move, the killers, then captures by the pieces they take and
 * quiet moves by their history; and what a cut-off teaches the killers
 * and the history.  For search.c alone, which calls it at every node:
 * its functions are static, and inline where it pays.
 */
#ifndef PDN_ENGINE_ORDER_H
#define PDN_ENGINE_ORDER_H

#include <stdbool.h>
#include <stdint.h>
#ifdef __SSE4_1__
#include <smmintrin.h>
#endif

#include "engine/internal.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

/* History scores stay within +-HISTORY_MAX. */
#define HISTORY_MAX (1 << 14)

/* The number a move is known by (never 0). */
static inline uint32_t
delta_id(pdn_bb mover, pdn_bb taken)
{
    uint64_t h = mover * 0x9E3779B97F4A7C15u ^ taken * 0xC2B2AE3D27D4EB4Fu;
    return (uint32_t)(h >> 32) | 1;
}

/* The moves are tried in the order of their scores: the table's move,
 * then killers, then captures by the pieces they take, then history; on
 * equal scores, in the order generated.  They are picked one at a time,
 * as most nodes end at the first or second move, and scored only once
 * the table's move has been tried. */
#define KEY_SPAN PDN_MAX_MOVES
#define KEY_NONE INT32_MIN
#define PICK_LANES 8

typedef struct picker {
    int n, tried;
    int first[3]; /* the table's move and the killers, by index: tried
                     in this order before any is scored */
    int nfirst;
    bool scored;
    /* the moves' keys, by index, once scored: the score times KEY_SPAN
     * plus KEY_SPAN - 1 - the index, so that the greatest is the best
     * and, on equal scores, the first generated; KEY_NONE for a move
     * tried, and past the last move up to a multiple of PICK_LANES, so
     * that the greatest is found a vector of PICK_LANES at a time */
    int32_t key[PDN_MAX_MOVES + PICK_LANES];
} picker;

/* The index of the move the table gives (@t, or NULL) in @l, or -1: the
 * index the table keeps, when it holds that move, else the first move
 * known by its number. */
static inline int
table_move(const pdn_delta_list *l, int n, const tt_entry *t)
{
    if (!t)
        return -1;
    int i = t->index;
    if (i < n &&
        delta_id(l->mover[i], l->captures ? l->taken[i] : 0) == t->move)
        return i;
    for (i = 0; i < n; i++)
        if (delta_id(l->mover[i], l->captures ? l->taken[i] : 0) == t->move)
            return i;
    return -1;
}

/* The index of quiet move @killer in @l, or -1.  A quiet move changes one
 * square of the mover's and one empty square: a killer that does not
 * cannot be in the list, and the list is not searched for it. */
static inline int
killer_index(const pdn_delta_list *l, int n, pdn_bb killer, pdn_bb own,
             pdn_bb empty)
{
    if (!(killer & own) || !(killer & empty))
        return -1;
    for (int i = 0; i < n; i++)
        if (l->mover[i] == killer)
            return i;
    return -1;
}

/* The table's move (@tt, or -1) and, among quiet moves, the killers of
 * @ply are tried first, in that order, as they would be by score. */
static inline void
picker_init(picker *p, const pdn_engine *e, const pdn_board *b,
            const pdn_delta_list *l, int n, int tt, int ply)
{
    p->n = n;
    p->tried = 0;
    p->scored = false;
    p->nfirst = 0;
    if (n == 1) { /* no choice: no order */
        p->first[p->nfirst++] = 0;
        return;
    }
    if (tt >= 0)
        p->first[p->nfirst++] = tt;
    if (!l->captures) {
        pdn_bb own = b->pieces[b->side];
        pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
        for (int k = 0; k < 2; k++) {
            int found = killer_index(l, n, e->killers[ply][k], own, empty);
            if (found >= 0 && found != tt)
                p->first[p->nfirst++] = found;
        }
    }
}

/* The history slot of quiet move @mover of @b's side to move. */
static inline int32_t *
history_of(pdn_engine *e, const pdn_board *b, pdn_bb mover)
{
    pdn_bb own = b->pieces[b->side];
    return &e->history[b->side][pdn_bb_lowest(mover & own)]
                      [pdn_bb_lowest(mover & ~own)];
}

/* Scores the moves, in the order generated; those tried first are left
 * out. */
static void
picker_score(picker *p, pdn_engine *e, const pdn_board *b,
             const pdn_delta_list *l)
{
    int n = p->n;
    if (l->captures) {
        for (int i = 0; i < n; i++)
            p->key[i] =
                pdn_bb_count(l->taken[i]) * KEY_SPAN + (KEY_SPAN - 1 - i);
    } else {
        int32_t(*h)[PDN_BB_BITS] = e->history[b->side];
        pdn_bb own = b->pieces[b->side];
        for (int i = 0; i < n; i++) {
            pdn_bb mv = l->mover[i];
            p->key[i] = h[pdn_bb_lowest(mv & own)][pdn_bb_lowest(mv & ~own)] *
                            KEY_SPAN +
                        (KEY_SPAN - 1 - i);
        }
    }
    for (int k = 0; k < PICK_LANES; k++)
        p->key[n + k] = KEY_NONE;
    for (int k = 0; k < p->nfirst; k++)
        p->key[p->first[k]] = KEY_NONE;
    p->scored = true;
}

/* The greatest of @key[0 .. @n - 1], read PICK_LANES at a time (past
 * @n, up to a multiple of PICK_LANES, KEY_NONE), without a branch. */
static inline int32_t
greatest_key(const int32_t *key, int n)
{
#ifdef __SSE4_1__
    __m128i a = _mm_loadu_si128((const __m128i *)key);
    __m128i b = _mm_loadu_si128((const __m128i *)(key + 4));
    for (int j = PICK_LANES; j < n; j += PICK_LANES) {
        a = _mm_max_epi32(a, _mm_loadu_si128((const __m128i *)(key + j)));
        b = _mm_max_epi32(b, _mm_loadu_si128((const __m128i *)(key + j + 4)));
    }
    a = _mm_max_epi32(a, b);
    a = _mm_max_epi32(a, _mm_shuffle_epi32(a, _MM_SHUFFLE(1, 0, 3, 2)));
    a = _mm_max_epi32(a, _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(a);
#else
    int32_t lane[PICK_LANES];
    for (int k = 0; k < PICK_LANES; k++)
        lane[k] = key[k];
    for (int j = PICK_LANES; j < n; j += PICK_LANES)
        for (int k = 0; k < PICK_LANES; k++)
            lane[k] = key[j + k] > lane[k] ? key[j + k] : lane[k];
    int32_t best = lane[0];
    for (int k = 1; k < PICK_LANES; k++)
        best = lane[k] > best ? lane[k] : best;
    return best;
#endif
}

/* The index of the next move to try. */
static inline int
picker_next(picker *p, pdn_engine *e, const pdn_board *b,
            const pdn_delta_list *l)
{
    if (p->tried < p->nfirst)
        return p->first[p->tried++];
    if (!p->scored)
        picker_score(p, e, b, l);
    int32_t best = greatest_key(p->key, p->n);
    int mi = KEY_SPAN - 1 - (int)(best & (KEY_SPAN - 1));
    p->key[mi] = KEY_NONE;
    return mi;
}

static void
update_history(int32_t *h, int bonus)
{
    /* Kept within +-HISTORY_MAX: the bonus shrinks as the value grows. */
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

/* A cut-off by quiet move @mover at @ply: a killer, and history credit
 * for it and debit for the @ntried quiet moves of @l at the indices
 * @tried tried before it. */
static void
record_cutoff(pdn_engine *e, const pdn_board *b, pdn_bb mover, int ply,
              int depth, const pdn_delta_list *l, const uint16_t *tried,
              int ntried)
{
    if (mover != e->killers[ply][0]) {
        e->killers[ply][1] = e->killers[ply][0];
        e->killers[ply][0] = mover;
    }
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    update_history(history_of(e, b, mover), bonus);
    for (int i = 0; i < ntried; i++)
        update_history(history_of(e, b, l->mover[tried[i]]), -bonus);
}

#endif
