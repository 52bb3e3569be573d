/* search.c -- the engine's search (search.h).
 *
 * search() is a negamax principal variation search.  It counts the node,
 * answers a repetition or the no-progress count with a draw, and at depth
 * 0 stops with the evaluation unless a capture is pending (it asks the
 * move generator only what kind of moves there are); otherwise it
 * searches on, so captures always run to their end.  Nodes with depth
 * left probe the table, which gives a move to try first and, off the
 * principal variation, a bound that may end the node.  The moves are
 * listed and played as the changes they make (pdn_delta_list), and a
 * position with one legal move is searched one ply deeper.  Off the
 * principal variation, near the horizon, a static score far above beta
 * ends a quiet node, and late or hopeless quiet moves are skipped; late
 * quiet moves are searched shallower first (params.h).
 */
#define _DEFAULT_SOURCE /* madvise() */

#include "engine/search.h"

#include <stdatomic.h>
#include <sys/mman.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "base/xalloc.h"
#include "engine/eval.h"
#include "engine/params.h"
#include "engine/solver.h"
#include "rules/bitboard.h"

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

uint64_t
pdn_engine_key(const pdn_board *b)
{
    return board_key(b);
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
static delta
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

/* ---- The transposition table ---- */

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* An entry: 16 bytes, four to a bucket of one cache line.  The bucket
 * is found by the key's low bits and the entry by its high half. */
typedef struct tt_entry {
    uint32_t check;    /* the key's high half */
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
    size_t tt_mask;     /* buckets - 1 */
    void *tt_map;       /* the mapping holding tt, or NULL (allocated) */
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
    int32_t history[2][64][64]; /* within +-HISTORY_MAX */
    int8_t lmr[64][64]; /* reduction by depth and move number */
};

#define HISTORY_MAX (1 << 14)

static bool
same_move(const pdn_move *a, const pdn_move *b)
{
    return a->from == b->from && a->to == b->to &&
           a->captured_bb == b->captured_bb;
}

/* ln(x) for x >= 1, without the mathematics library: 2 atanh(z) with
 * z = (x - 1) / (x + 1), as a series. */
static double
ln(double x)
{
    double z = (x - 1) / (x + 1), z2 = z * z, term = z, sum = 0;
    for (int k = 0; k < 2000 && term > 1e-12; k++) {
        sum += term / (2 * k + 1);
        term *= z2;
    }
    return 2 * sum;
}

static void
lmr_init(pdn_engine *e)
{
    double l[64];
    for (int x = 1; x < 64; x++)
        l[x] = ln(x);
    for (int d = 0; d < 64; d++)
        for (int i = 0; i < 64; i++) {
            int r = 0;
            if (d >= 1 && i >= 1)
                r = (int)(PARAM_LMR_BASE +
                          100 * l[d] * l[i] * 100 / PARAM_LMR_DIVISOR) /
                    100;
            e->lmr[d][i] = (int8_t)(r > 60 ? 60 : r);
        }
}

pdn_engine *
pdn_engine_new(const pdn_engine_options *o)
{
    pdn_engine *e = pdn_xcalloc(1, sizeof *e);
    e->opt = *o;
    if (!e->opt.variant)
        e->opt.variant = pdn_variant_get(PDN_ITALIAN);
    if (!e->opt.hash_mb)
        e->opt.hash_mb = 16;
    if (!e->opt.repetition)
        e->opt.repetition = 3;
    size_t n = 1;
    while (n * 2 * sizeof(tt_bucket) <= e->opt.hash_mb << 20)
        n *= 2;
    /* Mapped afresh, so already zero: pages are touched only as the
     * search reaches them (no memset of the whole table per engine).
     * Aligned to 2 MB and marked for huge pages where the system has
     * them: a table probed at random costs a TLB miss a probe in 4 KB
     * pages. */
    size_t bytes = n * sizeof(tt_bucket), align = (size_t)2 << 20;
    e->tt_map_bytes = bytes + align;
    e->tt_map = mmap(NULL, e->tt_map_bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (e->tt_map == MAP_FAILED) {
        e->tt_map = NULL;
        e->tt = pdn_xcalloc(n, sizeof(tt_bucket));
    } else {
        uintptr_t at = ((uintptr_t)e->tt_map + align - 1) & ~(align - 1);
        e->tt = (tt_bucket *)at;
#ifdef MADV_HUGEPAGE
        madvise(e->tt, bytes, MADV_HUGEPAGE);
#endif
    }
    e->tt_mask = n - 1;
    pdn_eval_init(&e->eval, e->opt.variant);
    e->kind[PDN_WHITE] = pdn_movegen_kind_for(e->opt.variant, PDN_WHITE);
    e->kind[PDN_BLACK] = pdn_movegen_kind_for(e->opt.variant, PDN_BLACK);
    e->deltas[PDN_WHITE] = pdn_movegen_deltas_for(e->opt.variant, PDN_WHITE);
    e->deltas[PDN_BLACK] = pdn_movegen_deltas_for(e->opt.variant, PDN_BLACK);
    lmr_init(e);
    atomic_init(&e->stop, false);
    return e;
}

void
pdn_engine_free(pdn_engine *e)
{
    if (!e)
        return;
    if (e->tt_map)
        munmap(e->tt_map, e->tt_map_bytes);
    else
        free(e->tt);
    free(e);
}

void
pdn_engine_clear(pdn_engine *e)
{
    memset(e->tt, 0, (e->tt_mask + 1) * sizeof(tt_bucket));
    memset(e->history, 0, sizeof e->history);
    memset(e->killers, 0, sizeof e->killers);
    e->age = 0;
}

void
pdn_engine_use_solver(pdn_engine *e, const pdn_solver *s, int pieces)
{
    e->solver = s;
    e->solver_pieces = s ? pieces : 0;
}

void
pdn_engine_stop(pdn_engine *e)
{
    atomic_store(&e->stop, true);
}

/* Win scores are stored as distances from the node, not the root. */
static int
to_tt(int score, int ply)
{
    return score > PDN_SCORE_WON ? score + ply
           : score < -PDN_SCORE_WON ? score - ply
                                    : score;
}

static int
from_tt(int score, int ply)
{
    return score > PDN_SCORE_WON ? score - ply
           : score < -PDN_SCORE_WON ? score + ply
                                    : score;
}

/* The entry of @key, or NULL. */
static inline tt_entry *
tt_probe(pdn_engine *e, uint64_t key)
{
    tt_bucket *bk = &e->tt[key & e->tt_mask];
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < TT_WAYS; i++)
        if (bk->e[i].check == check && bk->e[i].bound)
            return &bk->e[i];
    return NULL;
}

/* Stores over the entry of the same key, or else over the least worth
 * keeping: an entry of an earlier search first, then the shallowest. */
static void
tt_store(pdn_engine *e, uint64_t key, int depth, int score, int bound,
         uint32_t best, int ply)
{
    tt_bucket *bk = &e->tt[key & e->tt_mask];
    uint32_t check = (uint32_t)(key >> 32);
    tt_entry *t = &bk->e[0];
    int worth = INT_MAX;
    for (int i = 0; i < TT_WAYS; i++) {
        tt_entry *x = &bk->e[i];
        if (x->check == check) {
            t = x;
            break;
        }
        int w = x->depth + (x->age == e->age ? 256 : 0);
        if (w < worth) {
            worth = w;
            t = x;
        }
    }
    t->check = check;
    t->depth = (int8_t)(depth > 127 ? 127 : depth);
    t->score = (int16_t)to_tt(score, ply);
    t->bound = (uint8_t)bound;
    t->age = e->age;
    t->move = best;
}

/* ---- Limits ---- */

static bool
out_of_limits(pdn_engine *e)
{
    if (atomic_load_explicit(&e->stop, memory_order_relaxed))
        return true;
    if (e->node_limit && e->nodes >= e->node_limit)
        return true;
    if (e->time_ms &&
        pdn_clock_since(&e->start) * 1000.0 >= (double)e->time_ms)
        return true;
    return false;
}

/* ---- Search ---- */

/* Whether the position of key @k at path length @n repeats one of the
 * game or path since the last of @reversible reversible plies. */
static bool
repeated(const pdn_engine *e, size_t n, uint32_t reversible)
{
    uint64_t k = e->keys[n];
    for (size_t back = 2; back <= reversible && back <= n; back += 2)
        if (e->keys[n - back] == k)
            return true;
    return false;
}

/* The moves are tried in the order of their scores: the table's move,
 * then killers, then captures by the pieces they take, then history; on
 * equal scores, in the order generated.  They are picked one at a time,
 * as most nodes end at the first or second move, and scored only once
 * the table's move has been tried. */
typedef struct picker {
    int n, tried;
    int first[3]; /* the table's move and the killers, by index, -1 for
                     none: tried in this order before any is scored */
    int nfirst;
    bool scored;
    /* the score above 16 bits, and below them what puts the first
     * generated first on equal scores: picked by the greatest, without
     * a branch a move */
    int64_t key[PDN_MAX_MOVES]; /* TRIED: tried */
} picker;

#define TRIED INT64_MIN

/* The table's move (@t, or NULL) and, among quiet moves, the killers of
 * @ply are tried first, in that order, as they would be by score. */
static inline void
picker_init(picker *p, const pdn_engine *e, const pdn_delta_list *l, int n,
            const tt_entry *t, int ply)
{
    p->n = n;
    p->tried = 0;
    p->scored = false;
    p->nfirst = 0;
    int tt = -1;
    if (t)
        for (int i = 0; i < n; i++)
            if (delta_id(l->mover[i], l->captures ? l->taken[i] : 0) ==
                t->move) {
                tt = i;
                break;
            }
    p->first[p->nfirst++] = tt;
    if (!l->captures)
        for (int k = 0; k < 2; k++) {
            pdn_bb killer = e->killers[ply][k];
            int found = -1;
            for (int i = 0; killer && i < n; i++)
                if (l->mover[i] == killer) {
                    found = i;
                    break;
                }
            p->first[p->nfirst++] = found == tt ? -1 : found;
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

static void
picker_score(picker *p, pdn_engine *e, const pdn_board *b,
             const pdn_delta_list *l)
{
    for (int i = 0; i < p->n; i++) {
        int s = l->captures ? pdn_bb_count(l->taken[i])
                            : *history_of(e, b, l->mover[i]);
        p->key[i] = (int64_t)s * 65536 + (0xFFFF - i);
    }
    for (int k = 0; k < p->nfirst; k++)
        if (p->first[k] >= 0)
            p->key[p->first[k]] = TRIED;
    p->scored = true;
}

/* The index of the next move to try. */
static inline int
picker_next(picker *p, pdn_engine *e, const pdn_board *b,
            const pdn_delta_list *l)
{
    while (p->tried < p->nfirst) {
        int i = p->first[p->tried++];
        if (i >= 0)
            return i;
    }
    if (!p->scored)
        picker_score(p, e, b, l);
    int64_t best = p->key[0];
    for (int i = 1; i < p->n; i++)
        best = p->key[i] > best ? p->key[i] : best;
    int i = 0xFFFF - (int)(best & 0xFFFF);
    p->key[i] = TRIED;
    return i;
}

static void
update_history(int32_t *h, int bonus)
{
    /* Kept within +-HISTORY_MAX: the bonus shrinks as the value grows. */
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

/* A cut-off by quiet move @mover at @ply: a killer, and history credit
 * for it and debit for the @ntried quiet moves @tried tried before it. */
static void
record_cutoff(pdn_engine *e, const pdn_board *b, pdn_bb mover, int ply,
              int depth, const pdn_bb *tried, int ntried)
{
    if (mover != e->killers[ply][0]) {
        e->killers[ply][1] = e->killers[ply][0];
        e->killers[ply][0] = mover;
    }
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    update_history(history_of(e, b, mover), bonus);
    for (int i = 0; i < ntried; i++)
        update_history(history_of(e, b, tried[i]), -bonus);
}

/* The end of a node: the draw rules, the solver, a leaf (no move: lost;
 * no capture pending at depth 0: the evaluation).  Returns true with the
 * node's score in @score when the node ends there. */
static inline bool
node_ends(pdn_engine *e, const pdn_board *b, int depth, int ply,
          uint32_t reversible, int *score)
{
    size_t at = e->nkeys_game + (size_t)ply; /* this position's key */
    *score = 0;
    if (ply > 0 && reversible >= 2) {
        if (!e->keys[at])
            e->keys[at] = board_key(b);
        if (repeated(e, at, reversible))
            return true;
    }
    if (e->opt.no_progress && reversible >= e->opt.no_progress)
        return true;
    if (ply >= PDN_MAX_PLY - 1) {
        *score = pdn_eval(&e->eval, b);
        return true;
    }
    if (e->solver && ply > 0 &&
        pdn_bb_count(b->pieces[0] | b->pieces[1]) <= e->solver_pieces) {
        int plies;
        switch (pdn_solver_probe(e->solver, b, &plies)) {
        case PDN_SOLVED_WIN:
            *score = PDN_SCORE_WIN - ply - plies;
            return true;
        case PDN_SOLVED_LOSS:
            *score = -PDN_SCORE_WIN + ply + plies;
            return true;
        case PDN_SOLVED_DRAW:
            return true;
        default:
            break;
        }
    }
    /* A leaf stops unless a capture is pending: its moves are not
     * listed. */
    if (depth <= 0) {
        switch (e->kind[b->side](b)) {
        case PDN_MOVES_NONE:
            *score = -PDN_SCORE_WIN + ply;
            return true;
        case PDN_MOVES_QUIET:
            *score = pdn_eval(&e->eval, b);
            return true;
        default:
            break;
        }
    }
    return false;
}

/* A child at depth 0 with no capture pending is a leaf: counted and
 * scored here, without a call, after the checks search() and node_ends()
 * would make.  Returns false when the child needs search(). */
static inline bool
leaf_score(pdn_engine *e, const pdn_board *b, int ply, uint32_t reversible,
           int *score)
{
    if (reversible >= 2 || e->solver || ply >= PDN_MAX_PLY - 1 ||
        (e->opt.no_progress && reversible >= e->opt.no_progress))
        return false;
    pdn_moves_kind k = e->kind[b->side](b);
    if (k == PDN_MOVES_CAPTURE)
        return false;
    e->pv_len[ply] = 0;
    if ((++e->nodes & 1023) == 0 && out_of_limits(e))
        e->aborted = true;
    *score = e->aborted              ? 0
             : k == PDN_MOVES_NONE ? -PDN_SCORE_WIN + ply
                                   : pdn_eval(&e->eval, b);
    return true;
}

static int
search(pdn_engine *e, const pdn_board *b, int depth, int alpha, int beta,
       int ply, uint32_t reversible, bool pv_node)
{
    e->pv_len[ply] = 0;
    if ((++e->nodes & 1023) == 0 && out_of_limits(e))
        e->aborted = true;
    if (e->aborted)
        return 0;
    int score;
    if (node_ends(e, b, depth, ply, reversible, &score))
        return score;
    if (depth < 0)
        depth = 0;

    /* The table serves only nodes with depth left: captures at the
     * leaves are searched without it (they are short, and would crowd
     * it).  The key is made by the parent for a child with depth left;
     * a child at depth 0 needs it only for a repetition (node_ends()),
     * or for the captures' children, which no repetition can reach
     * past the capture. */
    size_t at = e->nkeys_game + (size_t)ply;
    uint64_t key = e->keys[at];
    tt_entry *t = NULL;
    if (depth > 0) {
        if (!key)
            key = e->keys[at] = board_key(b);
        t = tt_probe(e, key);
    }
    if (t && !pv_node && t->depth >= depth) {
        int s = from_tt(t->score, ply);
        if ((t->bound == BOUND_EXACT) ||
            (t->bound == BOUND_LOWER && s >= beta) ||
            (t->bound == BOUND_UPPER && s <= alpha))
            return s;
    }
    /* Pruning, off the principal variation, in quiet positions, and not
     * when a result is at stake. */
    bool prune = !e->opt.no_reductions && !pv_node && depth > 0 &&
                 alpha > -PDN_SCORE_WON && beta < PDN_SCORE_WON;
    int static_eval = 0;
    if (prune && depth <= PARAM_RFP_DEPTH) {
        switch (e->kind[b->side](b)) {
        case PDN_MOVES_NONE:
            return -PDN_SCORE_WIN + ply;
        case PDN_MOVES_QUIET:
            static_eval = pdn_eval(&e->eval, b);
            if (static_eval - PARAM_RFP_MARGIN * depth >= beta)
                return static_eval;
            break;
        default:
            prune = false; /* a capture is pending */
            break;
        }
    }
    pdn_delta_list l;
    int n = e->deltas[b->side](b, &l);
    if (n <= 0)
        return -PDN_SCORE_WIN + ply;
    bool capture = l.captures;
    prune &= !capture;
    picker pick;
    picker_init(&pick, e, &l, n, t, ply);
    if (!e->opt.no_reductions && !capture && pick.first[0] < 0 &&
        depth >= PARAM_IIR_DEPTH)
        depth--;

    /* One move: no choice, so it costs no depth. */
    int next = n == 1 ? depth : depth - 1;
    int best = -PDN_SCORE_INF, alpha0 = alpha;
    uint32_t best_id = 0;
    pdn_bb quiets[PDN_MAX_MOVES];
    int nquiets = 0;
    for (int i = 0; i < n; i++) {
        int mi = picker_next(&pick, e, b, &l);
        delta d = delta_at(&l, mi);
        /* A king move that takes nothing can be undone; a man's
         * crowning cannot. */
        bool king_move = (d.mover & b->kings) != 0;
        bool crowns = !king_move && d.kings;
        if (prune && i > 0 && best > -PDN_SCORE_WON && !crowns) {
            if (depth <= PARAM_LMP_DEPTH &&
                i >= PARAM_LMP_BASE + depth * depth)
                break;
            if (depth <= PARAM_FUTILITY_DEPTH &&
                static_eval + PARAM_FUTILITY_MARGIN * depth <= alpha)
                continue;
        }
        pdn_board child;
        play_delta(b, d, &child);
        /* The child probes its entry after its first checks: fetch it
         * now, so that the two overlap. */
        e->keys[at + 1] = 0;
        if (next > 0) {
            e->keys[at + 1] = board_key(&child);
            __builtin_prefetch(&e->tt[e->keys[at + 1] & e->tt_mask]);
        }
        uint32_t rev = king_move && !capture ? reversible + 1 : 0;
        int s;
        if (next <= 0 && leaf_score(e, &child, ply + 1, rev, &s)) {
            s = -s; /* exact: no window to search it again in */
        } else if (i == 0) {
            s = -search(e, &child, next, -beta, -alpha, ply + 1, rev,
                        pv_node);
        } else {
            /* Late quiet moves are searched shallower first; one that
             * then beats alpha is searched again in full. */
            int reduce = 0;
            if (!e->opt.no_reductions && !capture && !crowns &&
                next >= PARAM_LMR_DEPTH && i >= PARAM_LMR_MOVE) {
                reduce = e->lmr[next < 63 ? next : 63][i < 63 ? i : 63] -
                         pv_node -
                         (d.mover == e->killers[ply][0] ||
                          d.mover == e->killers[ply][1]);
                if (reduce >= next)
                    reduce = next - 1;
                if (reduce < 0)
                    reduce = 0;
            }
            s = -search(e, &child, next - reduce, -alpha - 1, -alpha,
                        ply + 1, rev, false);
            if (reduce && s > alpha && !e->aborted)
                s = -search(e, &child, next, -alpha - 1, -alpha, ply + 1,
                            rev, false);
            if (s > alpha && s < beta && !e->aborted)
                s = -search(e, &child, next, -beta, -alpha, ply + 1, rev,
                            true);
        }
        if (e->aborted)
            return 0;
        if (s > best) {
            best = s;
            best_id = delta_id(d.mover, d.taken);
            if (s > alpha) {
                alpha = s;
                if (pv_node) {
                    e->pv[ply][0] = d;
                    memcpy(&e->pv[ply][1], e->pv[ply + 1],
                           (size_t)e->pv_len[ply + 1] * sizeof(delta));
                    e->pv_len[ply] = e->pv_len[ply + 1] + 1;
                }
                if (alpha >= beta) {
                    if (!capture)
                        record_cutoff(e, b, d.mover, ply, depth, quiets,
                                      nquiets);
                    break;
                }
            }
        }
        if (!capture)
            quiets[nquiets++] = d.mover;
    }
    int bound = best >= beta       ? BOUND_LOWER
                : best > alpha0    ? BOUND_EXACT
                                   : BOUND_UPPER;
    if (depth > 0)
        tt_store(e, key, depth, best, bound, best_id, ply);
    return best;
}

/* ---- The root ---- */

/* The reversible plies at the end of the game's positions @h: a ply is
 * reversible when no man moved and nothing was taken. */
static uint32_t
trailing_reversible(const pdn_board *h, size_t n)
{
    uint32_t r = 0;
    for (size_t i = n; i >= 2; i--) {
        const pdn_board *a = &h[i - 2], *b = &h[i - 1];
        pdn_bb men_a = (a->pieces[0] | a->pieces[1]) & ~a->kings;
        pdn_bb men_b = (b->pieces[0] | b->pieces[1]) & ~b->kings;
        if (men_a != men_b ||
            pdn_bb_count(a->pieces[0] | a->pieces[1]) !=
                pdn_bb_count(b->pieces[0] | b->pieces[1]))
            break;
        r++;
    }
    return r;
}

typedef struct root_move {
    pdn_move move;
    int score;
    int npv;
    pdn_move pv[PDN_MAX_PLY];
} root_move;

static int
compare_root(const void *a, const void *b)
{
    const root_move *x = a, *y = b;
    return (x->score < y->score) - (x->score > y->score);
}

/* Writes the line of @n moves @pv (as changes) from @b as moves into
 * @out; returns how many. */
static int
line_moves(const pdn_variant *v, const pdn_board *b, const delta *pv, int n,
           pdn_move *out)
{
    pdn_board at = *b;
    for (int i = 0; i < n; i++) {
        pdn_move moves[PDN_MAX_MOVES];
        int k = pdn_movegen_legal(v, &at, moves), j = 0;
        for (; j < k; j++) {
            delta d = delta_of_move(&at, &moves[j]);
            if (d.mover == pv[i].mover && d.taken == pv[i].taken &&
                d.kings == pv[i].kings)
                break;
        }
        if (j >= k)
            return i; /* never: the line was played from @b */
        out[i] = moves[j];
        pdn_board_play(&at, &moves[j]);
    }
    return n;
}

/* One pass over the root moves at one depth, in the window (lo, hi)
 * (exact_all: every move in a full window). */
typedef struct root_pass {
    const pdn_board *b;
    root_move *roots;
    int nroots, next;
    uint32_t reversible;
    bool exact_all;
    int lo, hi;
} root_pass;

/* Searches the root moves of @p, setting their scores and lines; returns
 * the best score: at most p->lo when every move failed low (the first
 * keeps its bound), at least p->hi when one failed high (it stops there,
 * with its bound). */
static int
root_search(pdn_engine *e, const root_pass *p)
{
    const pdn_board *b = p->b;
    int alpha = p->lo, hi = p->hi;
    for (int i = 0; i < p->nroots; i++) {
        root_move *r = &p->roots[i];
        pdn_board child;
        pdn_board_after(b, &r->move, &child);
        e->keys[e->nkeys_game + 1] = board_key(&child);
        uint32_t rev = (r->move.flags & PDN_MOVE_KING) && !r->move.ncaptured
                           ? p->reversible + 1
                           : 0;
        int s;
        if (p->exact_all) {
            s = -search(e, &child, p->next, -PDN_SCORE_INF, PDN_SCORE_INF, 1,
                        rev, true);
        } else if (i == 0) {
            s = -search(e, &child, p->next, -hi, -alpha, 1, rev, true);
        } else {
            s = -search(e, &child, p->next, -alpha - 1, -alpha, 1, rev,
                        false);
            if (s > alpha && !e->aborted)
                s = -search(e, &child, p->next, -hi, -alpha, 1, rev, true);
        }
        if (e->aborted)
            return alpha;
        if (i == 0 || p->exact_all || s > alpha) {
            r->score = s;
            r->pv[0] = r->move;
            r->npv = 1 + line_moves(e->opt.variant, &child, e->pv[1],
                                    e->pv_len[1], &r->pv[1]);
        } else {
            r->score = -PDN_SCORE_INF + 1; /* no better than the best */
        }
        if (i == 0 && !p->exact_all && s <= alpha)
            return s; /* failed low: so do all, searched again */
        if (s > alpha)
            alpha = s;
        if (!p->exact_all && s >= hi)
            return s;
    }
    return alpha;
}

int
pdn_engine_search(pdn_engine *e, const pdn_board *b,
                  const pdn_board *history, size_t nhistory,
                  const pdn_search_limits *l, pdn_search_report_fn report,
                  void *ctx, pdn_search_info *out)
{
    memset(out, 0, sizeof *out);
    atomic_store(&e->stop, false);
    e->nodes = 0;
    e->node_limit = l->nodes;
    e->time_ms = l->time_ms;
    e->aborted = false;
    e->age++;
    pdn_clock_start(&e->start);

    /* The game's keys, then the root's. */
    size_t keep = nhistory > 1024 ? 1024 : nhistory;
    const pdn_board *h = history ? history + (nhistory - keep) : NULL;
    e->nkeys_game = 0;
    for (size_t i = 0; h && i + 1 < keep; i++)
        e->keys[e->nkeys_game++] = pdn_engine_key(&h[i]);
    e->keys[e->nkeys_game++] = pdn_engine_key(b);
    uint32_t reversible = h ? trailing_reversible(h, keep) : 0;

    pdn_move moves[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(e->opt.variant, b, moves);
    if (n <= 0)
        return 0;
    root_move *roots = pdn_xcalloc((size_t)n, sizeof *roots);
    int nroots = 0;
    for (int i = 0; i < n; i++)
        if (!l->only || same_move(&moves[i], l->only))
            roots[nroots++].move = moves[i];
    if (nroots == 0) {
        free(roots);
        return 0;
    }
    int want = l->multipv > 1 ? l->multipv : 1;
    if (want > nroots)
        want = nroots;
    if (want > PDN_MAX_MULTIPV)
        want = PDN_MAX_MULTIPV;
    bool exact_all = want > 1 || l->only;
    int max_depth = l->depth > 0 ? l->depth : PDN_MAX_PLY - 2;
    e->nkeys_game--; /* the root is path position 0 */

    int last = 0; /* the score of the last depth completed */
    for (int depth = 1; depth <= max_depth; depth++) {
        root_pass p = {.b = b, .roots = roots, .nroots = nroots,
                       .next = n == 1 ? depth : depth - 1, /* as search() */
                       .reversible = reversible,
                       .exact_all = exact_all,
                       .lo = -PDN_SCORE_INF, .hi = PDN_SCORE_INF};
        /* A window around the last score, widened on a fail until the
         * score falls inside it. */
        int widen = PARAM_ASPIRATION_WINDOW;
        if (!exact_all && depth >= PARAM_ASPIRATION_DEPTH &&
            last > -PDN_SCORE_WON && last < PDN_SCORE_WON) {
            p.lo = last - widen;
            p.hi = last + widen;
        }
        for (;;) {
            int s = root_search(e, &p);
            if (e->aborted)
                break;
            if (s <= p.lo) {
                p.lo = s - widen <= -PDN_SCORE_WON ? -PDN_SCORE_INF
                                                   : s - widen;
            } else if (s >= p.hi) {
                p.hi = s + widen >= PDN_SCORE_WON ? PDN_SCORE_INF
                                                  : s + widen;
                /* The move that failed high first. */
                qsort(roots, (size_t)nroots, sizeof *roots, compare_root);
            } else {
                break;
            }
            widen *= 2;
        }
        if (e->aborted && depth > 1)
            break;
        /* Best first; the order of the next depth. */
        qsort(roots, (size_t)nroots, sizeof *roots, compare_root);
        last = roots[0].score;
        out->depth = depth;
        out->nodes = e->nodes;
        out->seconds = pdn_clock_since(&e->start);
        out->nlines = want;
        for (int i = 0; i < want; i++) {
            out->lines[i].score = roots[i].score;
            out->lines[i].npv = roots[i].npv;
            memcpy(out->lines[i].pv, roots[i].pv,
                   (size_t)roots[i].npv * sizeof(pdn_move));
        }
        if (report)
            report(ctx, out);
        if (e->aborted)
            break;
        /* A forced win or loss found at full width needs no more depth. */
        if (!exact_all && nroots == 1 && l->depth <= 0)
            break;
        if (!l->depth && !l->nodes && !l->time_ms)
            break;
        if (out_of_limits(e))
            break;
    }
    out->nodes = e->nodes;
    out->seconds = pdn_clock_since(&e->start);
    free(roots);
    return out->nlines;
}
