/* internal.h -- what search.c and root.c share: positions' keys, moves
 * as the changes they make, the transposition table's entries and the
 * engine's state.
 */
#ifndef PDN_ENGINE_INTERNAL_H
#define PDN_ENGINE_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "engine/eval.h"
#include "engine/search.h"
#include "engine/solver.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

/* ---- Keys ---- */

/* splitmix64's finalizer: a bijection that mixes every bit into all. */
static inline uint64_t
mix(uint64_t z)
{
    z += 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

#define SIDE_KEY 0x6A09E667F3BCC908u
/* Offsets with bits above the board's 35, so that no two positions can
 * swap their sets and keep the key. */
#define BLACK_KEY 0xBB67AE8584CAA73Bu
#define KINGS_KEY 0x3C6EF372FE94F82Bu

/* A position's key: its three sets mixed apart and combined, computed
 * afresh for each position (as cheap as updating Zobrist keys). */
static inline uint64_t
board_key(const pdn_board *b)
{
    return mix(b->pieces[PDN_WHITE]) ^ mix(b->pieces[PDN_BLACK] ^ BLACK_KEY) ^
           mix(b->kings ^ KINGS_KEY) ^ (b->side == PDN_BLACK ? SIDE_KEY : 0);
}

/* ---- Moves as changes ----
 *
 * The search plays the moves as the changes they make (movegen.h's
 * pdn_delta_list): cheaper to list and to play than pdn_move records.
 * The table knows a move by a 32-bit number made from its changes, the
 * killers (quiet moves) by the mover's change alone, from and to; the
 * principal variation keeps the changes, turned back into moves at the
 * root. */

typedef struct delta {
    pdn_bb mover, taken, kings;
} delta;

static inline delta
delta_at(const pdn_delta_list *l, int i)
{
    delta d = {l->mover[i], l->captures ? l->taken[i] : 0, l->kings[i]};
    return d;
}

/* The number a move is known by (never 0). */
static inline uint32_t
delta_id(pdn_bb mover, pdn_bb taken)
{
    uint64_t h = mover * 0x9E3779B97F4A7C15u ^ taken * 0xC2B2AE3D27D4EB4Fu;
    return (uint32_t)(h >> 32) | 1;
}

/* The changes pdn_move @m makes on @b. */
static inline delta
delta_of_move(const pdn_board *b, const pdn_move *m)
{
    pdn_bb from = (pdn_bb)1 << m->from, to = (pdn_bb)1 << m->to;
    delta d = {from ^ to, m->captured_bb,
               (m->captured_bb & b->kings) |
                   ((m->flags & PDN_MOVE_KING)       ? from ^ to
                    : (m->flags & PDN_MOVE_PROMOTES) ? to
                                                     : 0)};
    return d;
}

static inline void
play_delta(const pdn_board *b, delta d, pdn_board *after)
{
    pdn_bb white = b->pieces[PDN_WHITE], black = b->pieces[PDN_BLACK];
    if (b->side == PDN_WHITE) {
        white ^= d.mover;
        black ^= d.taken;
    } else {
        white ^= d.taken;
        black ^= d.mover;
    }
    after->pieces[PDN_WHITE] = white;
    after->pieces[PDN_BLACK] = black;
    after->kings = b->kings ^ d.kings;
    after->side = pdn_color_other(b->side);
}

static inline bool
same_move(const pdn_move *a, const pdn_move *b)
{
    return a->from == b->from && a->to == b->to &&
           a->captured_bb == b->captured_bb;
}

/* ---- The transposition table ---- */

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* An entry: 16 bytes, four to a bucket of one cache line.  The bucket
 * is found by the key's low bits and the entry by its high half. */
typedef struct tt_entry {
    uint32_t check; /* the key's high half */
    uint32_t move;  /* the best move's delta_id() */
    int16_t score;
    int8_t depth;
    uint8_t bound;
    uint8_t age;
    uint8_t unused[3];
} tt_entry;

#define TT_WAYS 4

typedef struct tt_bucket {
    tt_entry e[TT_WAYS];
} tt_bucket;

struct pdn_engine {
    pdn_engine_options opt;
    const pdn_solver *solver; /* exact values at the leaves, or NULL */
    int solver_pieces;
    pdn_eval_tables eval;
    pdn_movegen_kind_fn kind[2]; /* by side to move */
    pdn_movegen_deltas_fn deltas[2];
    tt_bucket *tt;
    size_t tt_mask; /* buckets - 1 */
    void *tt_map;   /* the mapping holding tt, or NULL (allocated) */
    size_t tt_map_bytes;
    uint8_t age;
    atomic_bool stop;
    /* the search under way */
    uint64_t nodes, node_limit;
    struct timespec start;
    uint64_t time_ms;
    bool aborted;
    uint64_t keys[1024 + PDN_MAX_PLY + 1]; /* the game's positions before
                                              the root, then the path */
    size_t nkeys_game; /* of them before the root: the root's index */
    delta pv[PDN_MAX_PLY][PDN_MAX_PLY];
    int pv_len[PDN_MAX_PLY];
    pdn_bb killers[PDN_MAX_PLY][2]; /* quiet moves' changes of the mover */
    int32_t history[2][64][64];     /* within +-HISTORY_MAX */
    int8_t lmr[64][64];             /* reduction by depth and move number */
};

#define HISTORY_MAX (1 << 14)

/** search() of search.c: the score of @b, @depth plies deep, within
 * (@alpha, @beta), at @ply from the root after @reversible reversible
 * plies; @pv_node: on the principal variation. */
int pdn_engine_search_node(pdn_engine *e, const pdn_board *b, int depth,
                           int alpha, int beta, int ply, uint32_t reversible,
                           bool pv_node);

/** Whether a limit (stop, nodes, time) has been reached. */
bool pdn_engine_out_of_limits(pdn_engine *e);

#endif
