/* internal.h -- what search.c and root.c share: moves as the changes
 * they make, the transposition table's entries and the engine's state.
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

/* ---- Keys ----
 *
 * A position's key is the xor of its three sets, each mixed apart, and
 * of a constant for Black to move (search.c).  The three mixed sets are
 * kept along the path, so that a child's key mixes only the sets the move
 * changes. */

typedef struct key_parts {
    uint64_t white, black, kings;
} key_parts;

/* ---- The transposition table ---- */

/* A bucket: four entries in one cache line, found by the key's low
 * bits, each field a column of four so that the four checks (and the
 * four depths and ages) are compared at once (table.h).  An entry is
 * found by the key's high half, and is empty while its bound is 0. */
#define TT_WAYS 4

typedef struct tt_bucket {
    uint32_t check[TT_WAYS]; /* the key's high half */
    uint32_t move[TT_WAYS];  /* the best move's delta_id() */
    int16_t score[TT_WAYS];
    int8_t depth[TT_WAYS];
    uint8_t bound[TT_WAYS];
    uint8_t age[TT_WAYS];
    uint8_t index[TT_WAYS]; /* the best move's index in the list (255:
                               past 254), where it is looked for first */
    uint8_t unused[8];
} tt_bucket;

_Static_assert(sizeof(tt_bucket) == 64, "a bucket is one cache line");

/* An entry found in the table, copied out of its bucket. */
typedef struct tt_entry {
    uint32_t move;
    int score;
    int depth;
    int bound;
    int index;
} tt_entry;

struct pdn_engine {
    pdn_engine_options opt;
    const pdn_solver *solver; /* exact values at the leaves, or NULL */
    int solver_pieces;
    struct pdn_egdb *egdb;    /* values where a capture leads into its
                                 reach, or NULL */
    int egdb_pieces;          /* its reach: the most pieces it holds whole;
                                 0 without one */
    int egdb_below;           /* in the search under way, the positions of
                                 at most this many pieces are probed: fewer
                                 than the root's (search.c); 0: none */
    uint64_t egdb_probes;     /* in the search under way */
    uint32_t leaf_reversible; /* reversible plies from which a leaf needs
                                 search()'s checks (draw rules, solver):
                                 leaf_reversible() of root.c */
    pdn_eval_tables eval;
    pdn_movegen_kind_fn kind[2]; /* by side to move */
    pdn_movegen_deltas_fn deltas[2];
    pdn_movegen_deltas_fn quiets[2];   /* for positions without a capture */
    pdn_movegen_deltas_fn captures[2]; /* for positions with one */
    tt_bucket *tt;
    size_t tt_mask; /* buckets - 1 */
    void *tt_map;   /* the mapping holding tt, or NULL (allocated) */
    size_t tt_map_bytes;
    uint8_t age;
    /* the search under way */
    uint64_t nodes, node_limit;
    struct timespec start;
    uint64_t time_ms;
    bool aborted;
    uint64_t keys[1024 + PDN_MAX_PLY + 1]; /* the game's positions before
                                              the root, then the path */
    size_t nkeys_game; /* of them before the root: the root's index */
    key_parts parts[PDN_MAX_PLY + 1]; /* of the path's keys, by ply, where
                                         search.c made them from parts */
    const key_parts *parts_at[PDN_MAX_PLY + 1]; /* where those of each
                                                   ply are: parts[], or
                                                   the parent's list */
    delta pv[PDN_MAX_PLY][PDN_MAX_PLY];
    int pv_len[PDN_MAX_PLY];
    pdn_bb killers[PDN_MAX_PLY][2]; /* quiet moves' changes of the mover */
    int32_t history[2][PDN_BB_BITS][PDN_BB_BITS]; /* by side, from, to:
                                                     within +-HISTORY_MAX
                                                     (search.c) */
    int8_t lmr[64][64]; /* reduction by depth and move number */
};

/** search() of search.c: the score of @b, @depth plies deep, within
 * (@alpha, @beta), at @ply from the root after @reversible reversible
 * plies; @pv_node: on the principal variation. */
int pdn_engine_search_node(pdn_engine *e, const pdn_board *b, int depth,
                           int alpha, int beta, int ply, uint32_t reversible,
                           bool pv_node);

/** Sets the key of the position @b at @ply of the path (and its parts,
 * for its children's keys). */
void pdn_engine_set_key(pdn_engine *e, const pdn_board *b, int ply);

/** Whether a limit (stop, nodes, time) has been reached. */
bool pdn_engine_out_of_limits(pdn_engine *e);

#endif
