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
 *
 * Most of a node's time went to waiting on memory, so the work is
 * ordered for it: a node makes its static score and lists its moves
 * before it reads its own table entry (fetched by its parent), and
 * fetches its children's entries as soon as the moves are listed.  A
 * child at depth 0 with a capture pending, found so by the parent's leaf
 * checks, goes to capture_search(), which only plays its captures.
 *
 * search() is one body, search_node(), compiled apart for the nodes met
 * most (off the principal variation at depth 1 and 2): with their depth
 * and window known, most of its branches fall away.
 */
#include "engine/search.h"
#include "engine/internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/eval.h"
#include "engine/order.h"
#include "engine/params.h"
#include "egdb/egdb.h"
#include "engine/solver.h"
#include "engine/table.h"
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

static inline key_parts
board_parts(const pdn_board *b)
{
    key_parts p = {mix(b->pieces[PDN_WHITE]),
                   mix(b->pieces[PDN_BLACK] ^ BLACK_KEY),
                   mix(b->kings ^ KINGS_KEY)};
    return p;
}

static inline uint64_t
parts_key(key_parts p, pdn_color side)
{
    return p.white ^ p.black ^ p.kings ^ (side == PDN_BLACK ? SIDE_KEY : 0);
}

/* A position's key: its three sets mixed apart and combined. */
static inline uint64_t
board_key(const pdn_board *b)
{
    return parts_key(board_parts(b), b->side);
}

void
pdn_engine_set_key(pdn_engine *e, const pdn_board *b, int ply)
{
    e->parts[ply] = board_parts(b);
    e->parts_at[ply] = &e->parts[ply];
    e->keys[e->nkeys_game + (size_t)ply] = parts_key(e->parts[ply], b->side);
}

uint64_t
pdn_engine_key(const pdn_board *b)
{
    return board_key(b);
}

/* ---- Moves as changes ---- */

static inline delta
delta_at(const pdn_delta_list *l, int i)
{
    delta d = {l->mover[i], l->captures ? l->taken[i] : 0, l->kings[i]};
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

/* The key of @child, which move @d leads to from a position of parts
 * @p, and its parts in @out: only the sets the move changes are mixed
 * again. */
static inline uint64_t
child_key(key_parts p, const pdn_board *child, delta d, key_parts *out)
{
    bool white_moved = child->side == PDN_BLACK;
    if (white_moved || d.taken)
        p.white = mix(child->pieces[PDN_WHITE]);
    if (!white_moved || d.taken)
        p.black = mix(child->pieces[PDN_BLACK] ^ BLACK_KEY);
    if (d.kings)
        p.kings = mix(child->kings ^ KINGS_KEY);
    *out = p;
    return parts_key(p, child->side);
}

/* fetch_children() for a side to move and a kind of list, as constants:
 * a move of White's changes White's set, and Black's too if it takes,
 * and the kings' if it moves or crowns a king. */
static inline __attribute__((always_inline)) void
fetch_children_as(pdn_engine *e, const pdn_board *b, const pdn_delta_list *l,
                  int m, key_parts p, uint64_t *keys, key_parts *parts,
                  bool white, bool captures)
{
    /* the children have the other side to move */
    uint64_t side = white ? SIDE_KEY : 0;
    pdn_bb own = b->pieces[white ? PDN_WHITE : PDN_BLACK];
    pdn_bb other = b->pieces[white ? PDN_BLACK : PDN_WHITE];
    for (int i = 0; i < m; i++) {
        key_parts c = p;
        uint64_t mixed_own = mix(own ^ l->mover[i] ^ (white ? 0 : BLACK_KEY));
        uint64_t mixed_other = 0;
        if (captures)
            mixed_other = mix(other ^ l->taken[i] ^ (white ? BLACK_KEY : 0));
        if (white) {
            c.white = mixed_own;
            if (captures)
                c.black = mixed_other;
        } else {
            c.black = mixed_own;
            if (captures)
                c.white = mixed_other;
        }
        if (l->kings[i])
            c.kings = mix(b->kings ^ l->kings[i] ^ KINGS_KEY);
        parts[i] = c;
        keys[i] = c.white ^ c.black ^ c.kings ^ side;
        __builtin_prefetch(&e->tt[keys[i] & e->tt_mask]);
    }
}

/* The keys of the children the first @m moves of @l lead to from @b,
 * of parts @p, into @keys, their parts into @parts (child_key()), and
 * their table entries fetched. */
static inline void
fetch_children(pdn_engine *e, const pdn_board *b, const pdn_delta_list *l,
               int m, key_parts p, uint64_t *keys, key_parts *parts)
{
    if (b->side == PDN_WHITE) {
        if (l->captures)
            fetch_children_as(e, b, l, m, p, keys, parts, true, true);
        else
            fetch_children_as(e, b, l, m, p, keys, parts, true, false);
    } else {
        if (l->captures)
            fetch_children_as(e, b, l, m, p, keys, parts, false, true);
        else
            fetch_children_as(e, b, l, m, p, keys, parts, false, false);
    }
}

/* ---- The table's work ahead ---- */

/* The children whose entries are fetched ahead, at most. */
#define PREFETCH_MOVES 32

/* The key of @child, which move @d leads to from the position at @ply,
 * for a move past the first PREFETCH_MOVES (rare: out of the way of the
 * move loop's registers); its parts set, its entry fetched. */
static __attribute__((noinline)) uint64_t
key_late_child(pdn_engine *e, int ply, const pdn_board *child, delta d)
{
    uint64_t key = child_key(*e->parts_at[ply], child, d, &e->parts[ply + 1]);
    e->parts_at[ply + 1] = &e->parts[ply + 1];
    __builtin_prefetch(&e->tt[key & e->tt_mask]);
    return key;
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

/* Whether the endgame database is asked about @b: a capture brought it
 * into the database's reach (it has fewer pieces than the root, and no
 * more than the database holds).  Below such a node the search does not
 * go on, unless the database does not know it. */
static inline bool
egdb_reach(const pdn_engine *e, const pdn_board *b)
{
    return e->egdb_below &&
           pdn_bb_count(b->pieces[0] | b->pieces[1]) <= e->egdb_below;
}

/* The database's score of @b at @ply (search.h, PDN_SCORE_EGDB_WIN) into
 * @score; false when it does not hold @b. */
static __attribute__((noinline)) bool
egdb_score(pdn_engine *e, const pdn_board *b, int ply, int *score)
{
    pdn_egdb_value v = pdn_egdb_probe(e->egdb, b);
    if (v == PDN_EGDB_UNKNOWN)
        return false;
    e->egdb_probes++;
    if (v == PDN_EGDB_DRAW) {
        *score = 0;
        return true;
    }
    int w = pdn_eval(&e->eval, b); /* the side to move's */
    if (v == PDN_EGDB_LOSS)
        w = -w; /* the winner's */
    int band = pdn_score_egdb_win(w) - ply;
    *score = v == PDN_EGDB_WIN ? band : -band;
    return true;
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
    /* Below leaf_reversible plies, no draw rule applies and there is no
     * solver (root.c). */
    if (reversible >= e->leaf_reversible) {
        if (ply > 0 && reversible >= 2) {
            if (!e->keys[at])
                e->keys[at] = board_key(b);
            if (repeated(e, at, reversible))
                return true;
        }
        if (e->opt.no_progress && reversible >= e->opt.no_progress)
            return true;
        /* The ply limit (below) comes before the solver. */
        if (e->solver && ply > 0 && ply < PDN_MAX_PLY - 1 &&
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
    }
    if (egdb_reach(e, b) && ply > 0 && ply < PDN_MAX_PLY - 1 &&
        egdb_score(e, b, ply, score))
        return true;
    if (ply >= PDN_MAX_PLY - 1) {
        *score = pdn_eval(&e->eval, b);
        return true;
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

/* What leaf_score() made of a child at depth 0. */
typedef enum leaf {
    LEAF_SCORED,   /* a leaf, counted and scored */
    LEAF_CAPTURES, /* a capture is pending: capture_search() */
    LEAF_SEARCH,   /* search() it */
} leaf;

/* A child at depth 0 with no capture pending is a leaf: counted and
 * scored here, without a call, after the checks search() and node_ends()
 * would make.  A child that passes those checks with a capture pending
 * needs none of them again: capture_search() goes on from there. */
static inline leaf
leaf_score(pdn_engine *e, const pdn_board *b, int ply, uint32_t reversible,
           int *score)
{
    if (reversible >= e->leaf_reversible || ply >= PDN_MAX_PLY - 1 ||
        egdb_reach(e, b))
        return LEAF_SEARCH;
    pdn_moves_kind k = e->kind[b->side](b);
    if (k == PDN_MOVES_CAPTURE)
        return LEAF_CAPTURES;
    e->pv_len[ply] = 0;
    if ((++e->nodes & 1023) == 0 && pdn_engine_out_of_limits(e))
        e->aborted = true;
    *score = e->aborted            ? 0
             : k == PDN_MOVES_NONE ? -PDN_SCORE_WIN + ply
                                   : pdn_eval(&e->eval, b);
    return LEAF_SCORED;
}

static inline int search(pdn_engine *e, const pdn_board *b, int depth,
                         int alpha, int beta, int ply, uint32_t reversible,
                         bool pv_node);

/* Records move @d, which raised alpha at @ply, as the head of the
 * principal variation. */
static inline void
pv_update(pdn_engine *e, int ply, delta d)
{
    e->pv[ply][0] = d;
    memcpy(&e->pv[ply][1], e->pv[ply + 1],
           (size_t)e->pv_len[ply + 1] * sizeof(delta));
    e->pv_len[ply] = e->pv_len[ply + 1] + 1;
}

/* search() of a node at depth 0 that leaf_score() found with a capture
 * pending, and so past every check but the moves: no table, no pruning,
 * no killers; the captures in the order of the pieces they take, and
 * their children at depth 0 again. */
static int
capture_search(pdn_engine *e, const pdn_board *b, int alpha, int beta, int ply,
               bool pv_node)
{
    e->pv_len[ply] = 0;
    if ((++e->nodes & 1023) == 0 && pdn_engine_out_of_limits(e))
        e->aborted = true;
    if (e->aborted)
        return 0;
    size_t at = e->nkeys_game + (size_t)ply;
    pdn_delta_list l;
    int n = e->captures[b->side](b, &l); /* one is pending */
    if (n <= 0)
        return -PDN_SCORE_WIN + ply;
    if (n == 1) { /* most often: one capture, no order, no window */
        delta d = delta_at(&l, 0);
        pdn_board child;
        play_delta(b, d, &child);
        e->keys[at + 1] = 0;
        int s;
        leaf lf = leaf_score(e, &child, ply + 1, 0, &s);
        s = lf == LEAF_SCORED ? -s
            : lf == LEAF_CAPTURES
                ? -capture_search(e, &child, -beta, -alpha, ply + 1, pv_node)
                : -search(e, &child, 0, -beta, -alpha, ply + 1, 0, pv_node);
        if (e->aborted)
            return 0;
        if (s > alpha && pv_node)
            pv_update(e, ply, d);
        return s;
    }
    picker pick;
    picker_init(&pick, e, b, &l, n, -1, ply);
    int next = -1;
    int best = -PDN_SCORE_INF;
    for (int i = 0; i < n; i++) {
        int mi = picker_next(&pick, e, b, &l);
        delta d = delta_at(&l, mi);
        pdn_board child;
        play_delta(b, d, &child);
        e->keys[at + 1] = 0;
        int s;
        leaf lf = leaf_score(e, &child, ply + 1, 0, &s);
        if (lf == LEAF_SCORED) {
            s = -s;
        } else if (i == 0) {
            s = lf == LEAF_CAPTURES ? -capture_search(e, &child, -beta, -alpha,
                                                      ply + 1, pv_node)
                                    : -search(e, &child, next, -beta, -alpha,
                                              ply + 1, 0, pv_node);
        } else {
            s = lf == LEAF_CAPTURES ? -capture_search(e, &child, -alpha - 1,
                                                      -alpha, ply + 1, false)
                                    : -search(e, &child, next, -alpha - 1,
                                              -alpha, ply + 1, 0, false);
            if (s > alpha && s < beta && !e->aborted)
                s = lf == LEAF_CAPTURES ? -capture_search(e, &child, -beta,
                                                          -alpha, ply + 1, true)
                                        : -search(e, &child, next, -beta,
                                                  -alpha, ply + 1, 0, true);
        }
        if (e->aborted)
            return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (pv_node)
                    pv_update(e, ply, d);
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

/* A child: search(), or capture_search() when leaf_score() found it
 * with a capture pending (@captures; then @depth is 0 or less). */
static inline int
child_search(pdn_engine *e, const pdn_board *c, bool captures, int depth,
             int alpha, int beta, int ply, uint32_t reversible, bool pv_node)
{
    return captures
               ? capture_search(e, c, alpha, beta, ply, pv_node)
               : search(e, c, depth, alpha, beta, ply, reversible, pv_node);
}

static inline __attribute__((always_inline)) int
search_node(pdn_engine *e, const pdn_board *b, int depth, int alpha, int beta,
            int ply, uint32_t reversible, bool pv_node)
{
    e->pv_len[ply] = 0;
    if ((++e->nodes & 1023) == 0 && pdn_engine_out_of_limits(e))
        e->aborted = true;
    if (e->aborted)
        return 0;
    int score;
    if (node_ends(e, b, depth, ply, reversible, &score))
        return score;
    if (depth < 0)
        depth = 0;

    /* Pruning, off the principal variation, in quiet positions, and not
     * when a result is at stake.  The static score is made before the
     * table's entry is looked at: the entry, fetched by the parent, has
     * that long to arrive. */
    bool prune = !e->opt.no_reductions && !pv_node && depth > 0 &&
                 alpha > -PDN_SCORE_WON && beta < PDN_SCORE_WON;
    int static_eval = 0;
    pdn_moves_kind kind = PDN_MOVES_CAPTURE;
    if (prune && depth <= PARAM_RFP_DEPTH) {
        kind = e->kind[b->side](b);
        if (kind == PDN_MOVES_QUIET)
            static_eval = pdn_eval(&e->eval, b);
    }

    /* The table serves only nodes with depth left: captures at the
     * leaves are searched without it (they are short, and would crowd
     * it).  The key is made by the parent for a child with depth left;
     * a child at depth 0 needs it only for a repetition (node_ends()),
     * or for the captures' children, which no repetition can reach
     * past the capture. */
    size_t at = e->nkeys_game + (size_t)ply;
    uint64_t key = e->keys[at];
    if (depth > 0 && !key) { /* never: the parent made it */
        pdn_engine_set_key(e, b, ply);
        key = e->keys[at];
    }

    /* Unless the static score ends the node, the moves are listed and
     * the children's entries fetched (below) before this node's entry
     * is read, for the same reason. */
    bool rfp_ends = prune && depth <= PARAM_RFP_DEPTH &&
                    (kind == PDN_MOVES_NONE ||
                     (kind == PDN_MOVES_QUIET &&
                      static_eval - PARAM_RFP_MARGIN * depth >= beta));
    pdn_delta_list l;
    int n = 0;
    /* Children with depth left probe the table: their keys are made and
     * their entries fetched now, all at once, so that each arrives while
     * the moves before it are searched.  (One move costs no depth; the
     * internal iterative reduction below, from depth PARAM_IIR_DEPTH,
     * never takes a child's depth to 0.) */
    uint64_t child_keys[PREFETCH_MOVES];
    key_parts child_parts[PREFETCH_MOVES];
    int nkeys = 0;
    if (!rfp_ends) {
        /* The kind of moves, when known, spares the generator the
         * question. */
        pdn_movegen_deltas_fn gen = e->deltas[b->side];
        if (prune && depth <= PARAM_RFP_DEPTH)
            gen = kind == PDN_MOVES_QUIET ? e->quiets[b->side]
                                          : e->captures[b->side];
        n = gen(b, &l);
        if (n > 0 && (n == 1 ? depth : depth - 1) > 0) {
            nkeys = n < PREFETCH_MOVES ? n : PREFETCH_MOVES;
            fetch_children(e, b, &l, nkeys, *e->parts_at[ply], child_keys,
                           child_parts);
        }
    }

    tt_entry entry;
    const tt_entry *t = depth > 0 && tt_probe(e, key, &entry) ? &entry : NULL;
    /* An entry of a deeper search ends the node too (it knows more),
     * but not with no_reductions, whose result is the fixed-depth
     * minimax value: a position met again by another order of moves
     * may have more depth left there (a forced move costs none). */
    if (t && !pv_node &&
        (t->depth == depth || (t->depth > depth && !e->opt.no_reductions))) {
        int s = from_tt(t->score, ply);
        if ((t->bound == BOUND_EXACT) ||
            (t->bound == BOUND_LOWER && s >= beta) ||
            (t->bound == BOUND_UPPER && s <= alpha))
            return s;
    }
    if (prune && depth <= PARAM_RFP_DEPTH) {
        switch (kind) {
        case PDN_MOVES_NONE:
            return -PDN_SCORE_WIN + ply;
        case PDN_MOVES_QUIET:
            if (static_eval - PARAM_RFP_MARGIN * depth >= beta)
                return static_eval;
            break;
        default:
            prune = false; /* a capture is pending */
            break;
        }
    }
    if (n <= 0)
        return -PDN_SCORE_WIN + ply;
    bool capture = l.captures;
    prune &= !capture;
    int tt = table_move(&l, n, t);
    if (!e->opt.no_reductions && !capture && tt < 0 && depth >= PARAM_IIR_DEPTH)
        depth--;

    /* One move: no choice, so it costs no depth. */
    int next = n == 1 ? depth : depth - 1;
    picker pick;
    picker_init(&pick, e, b, &l, n, tt, ply);
    int best = -PDN_SCORE_INF, alpha0 = alpha;
    int best_index = 0;             /* the first move is always searched */
    uint16_t quiets[PDN_MAX_MOVES]; /* the quiet moves searched, by index */
    int nquiets = 0;
    for (int i = 0; i < n; i++) {
        int mi = picker_next(&pick, e, b, &l);
        delta d = delta_at(&l, mi);
        /* A king move that takes nothing can be undone; a man's
         * crowning cannot. */
        bool king_move = (d.mover & b->kings) != 0;
        bool crowns = !king_move && d.kings;
        if (prune && i > 0 && best > -PDN_SCORE_WON && !crowns) {
            if (depth <= PARAM_LMP_DEPTH && i >= PARAM_LMP_BASE + depth * depth)
                break;
            if (depth <= PARAM_FUTILITY_DEPTH &&
                static_eval + PARAM_FUTILITY_MARGIN * depth <= alpha) {
                /* alpha and best only grow: every move after this one
                 * is skipped too, unless it crowns; with no man a step
                 * from its crowning row, none does, and the loop ends
                 * here, unscored. */
                if (!(b->pieces[b->side] & ~b->kings &
                      (b->side == PDN_WHITE ? BB_RANK_7 : BB_RANK_2)))
                    break;
                continue;
            }
        }
        pdn_board child;
        play_delta(b, d, &child);
        uint32_t rev = king_move && !capture ? reversible + 1 : 0;
        int s;
        if (next <= 0) {
            /* A child at depth 0: scored here, unless a capture is
             * pending (or a rule may end it: search()). */
            e->keys[at + 1] = 0; /* node_ends() keys it if it needs */
            leaf lf = leaf_score(e, &child, ply + 1, rev, &s);
            bool captures = lf == LEAF_CAPTURES;
            if (lf == LEAF_SCORED) {
                s = -s; /* exact: no window to search it again in */
            } else if (i == 0) {
                s = -child_search(e, &child, captures, next, -beta, -alpha,
                                  ply + 1, rev, pv_node);
            } else {
                s = -child_search(e, &child, captures, next, -alpha - 1, -alpha,
                                  ply + 1, rev, false);
                if (s > alpha && s < beta && !e->aborted)
                    s = -child_search(e, &child, captures, next, -beta, -alpha,
                                      ply + 1, rev, true);
            }
        } else {
            e->keys[at + 1] =
                mi < nkeys ? child_keys[mi] : key_late_child(e, ply, &child, d);
            if (mi < nkeys)
                e->parts_at[ply + 1] = &child_parts[mi];
            if (i == 0) {
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
        }
        if (e->aborted)
            return 0;
        if (s > best) {
            best = s;
            best_index = mi;
            if (s > alpha) {
                alpha = s;
                if (pv_node)
                    pv_update(e, ply, d);
                if (alpha >= beta) {
                    if (!capture)
                        record_cutoff(e, b, d.mover, ply, depth, &l, quiets,
                                      nquiets);
                    break;
                }
            }
        }
        if (!capture)
            quiets[nquiets++] = (uint16_t)mi;
    }
    int bound = best >= beta    ? BOUND_LOWER
                : best > alpha0 ? BOUND_EXACT
                                : BOUND_UPPER;
    if (depth > 0)
        tt_store(
            e, key, depth, best, bound,
            delta_id(l.mover[best_index], capture ? l.taken[best_index] : 0),
            best_index, ply);
    return best;
}

/* search_node() compiled apart for the kinds of node met most, so that
 * what is known of them is a constant and the code they never run falls
 * away: off the principal variation at depth 1 (most nodes with depth
 * left: every child a leaf, no keys, no reductions) and 2, off it deeper,
 * and on it.  A depth 3 apart saved fewer instructions than it cost in
 * misses of the instruction cache. */
static __attribute__((noinline)) int
search_depth1(pdn_engine *e, const pdn_board *b, int alpha, int beta, int ply,
              uint32_t reversible)
{
    return search_node(e, b, 1, alpha, beta, ply, reversible, false);
}

static __attribute__((noinline)) int
search_depth2(pdn_engine *e, const pdn_board *b, int alpha, int beta, int ply,
              uint32_t reversible)
{
    return search_node(e, b, 2, alpha, beta, ply, reversible, false);
}

static __attribute__((noinline)) int
search_zero_window(pdn_engine *e, const pdn_board *b, int depth, int alpha,
                   int beta, int ply, uint32_t reversible)
{
    return search_node(e, b, depth, alpha, beta, ply, reversible, false);
}

static __attribute__((noinline)) int
search_pv(pdn_engine *e, const pdn_board *b, int depth, int alpha, int beta,
          int ply, uint32_t reversible)
{
    return search_node(e, b, depth, alpha, beta, ply, reversible, true);
}

static inline int
search(pdn_engine *e, const pdn_board *b, int depth, int alpha, int beta,
       int ply, uint32_t reversible, bool pv_node)
{
    if (pv_node)
        return search_pv(e, b, depth, alpha, beta, ply, reversible);
    if (depth == 1)
        return search_depth1(e, b, alpha, beta, ply, reversible);
    if (depth == 2)
        return search_depth2(e, b, alpha, beta, ply, reversible);
    return search_zero_window(e, b, depth, alpha, beta, ply, reversible);
}

/* ---- For the root (root.c) ---- */

int
pdn_engine_search_node(pdn_engine *e, const pdn_board *b, int depth, int alpha,
                       int beta, int ply, uint32_t reversible, bool pv_node)
{
    return search(e, b, depth, alpha, beta, ply, reversible, pv_node);
}
