/* search.c -- the engine's search (search.h).
 *
 * search() is a negamax principal variation search.  It counts the node,
 * answers a repetition or the no-progress count with a draw, generates
 * the legal moves (none: lost), and at depth 0 stops with the evaluation
 * only when no capture is pending; otherwise it searches on, so captures
 * always run to their end.  A position with one legal move is searched
 * one ply deeper.  The table gives a move to try first and, off the
 * principal variation, a bound that may end the node.
 */
#define _DEFAULT_SOURCE /* madvise() */

#include "engine/search.h"

#include <stdatomic.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "base/xalloc.h"
#include "engine/eval.h"
#include "engine/solver.h"
#include "rules/bitboard.h"

/* ---- Zobrist keys ---- */

/* splitmix64: a fixed, well-mixed key for every (colour, kind, square),
 * computed, not stored. */
static inline uint64_t
mix(uint64_t z)
{
    z += 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static inline uint64_t
piece_key(int colour, int king, int bit)
{
    return mix((uint64_t)((colour * 2 + king) * 64 + bit));
}

#define SIDE_KEY 0x6A09E667F3BCC908u

uint64_t
pdn_engine_key(const pdn_board *b)
{
    uint64_t k = b->side == PDN_BLACK ? SIDE_KEY : 0;
    for (int c = 0; c < 2; c++)
        for (pdn_bb p = b->pieces[c]; p; p &= p - 1) {
            int bit = pdn_bb_lowest(p);
            k ^= piece_key(c, (int)((b->kings >> bit) & 1), bit);
        }
    return k;
}

/* The keys of every (colour, kind, bit), looked up in the search. */
typedef struct zobrist {
    uint64_t piece[2][2][64];
} zobrist;

static void
zobrist_init(zobrist *z)
{
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 2; k++)
            for (int bit = 0; bit < 64; bit++)
                z->piece[c][k][bit] = piece_key(c, k, bit);
}

/* The key after @m, legal on @b whose key is @k. */
static inline uint64_t
key_after(const zobrist *z, uint64_t k, const pdn_board *b,
          const pdn_move *m)
{
    int c = b->side;
    int king = (m->flags & PDN_MOVE_KING) != 0;
    int crowned = king || (m->flags & PDN_MOVE_PROMOTES) != 0;
    k ^= z->piece[c][king][m->from] ^ z->piece[c][crowned][m->to];
    for (pdn_bb t = m->captured_bb; t; t &= t - 1) {
        int bit = pdn_bb_lowest(t);
        k ^= z->piece[c ^ 1][(b->kings >> bit) & 1][bit];
    }
    return k ^ SIDE_KEY;
}

/* ---- The transposition table ---- */

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

typedef struct tt_entry {
    uint64_t key;
    uint64_t captured; /* the best move: its captured set, from and to */
    uint8_t from, to;
    int16_t score;
    int8_t depth;
    uint8_t bound;
    uint8_t age;
} tt_entry;

struct pdn_engine {
    pdn_engine_options opt;
    zobrist z;
    const pdn_solver *solver; /* exact values at the leaves, or NULL */
    int solver_pieces;
    pdn_eval_tables eval;
    pdn_movegen_kind_fn kind[2]; /* by side to move */
    tt_entry *tt;
    size_t tt_mask;
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
    pdn_move pv[PDN_MAX_PLY][PDN_MAX_PLY];
    int pv_len[PDN_MAX_PLY];
    pdn_move killers[PDN_MAX_PLY][2];
    int32_t history[2][64][64];
};

static bool
same_move(const pdn_move *a, const pdn_move *b)
{
    return a->from == b->from && a->to == b->to &&
           a->captured_bb == b->captured_bb;
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
    while (n * 2 * sizeof(tt_entry) <= e->opt.hash_mb << 20)
        n *= 2;
    /* Aligned to 2 MB and marked for huge pages where the system has
     * them: a table probed at random costs a TLB miss a probe in 4 KB
     * pages. */
    size_t bytes = n * sizeof(tt_entry), align = (size_t)2 << 20;
    if (posix_memalign((void **)&e->tt, align,
                       (bytes + align - 1) / align * align) != 0)
        e->tt = pdn_xcalloc(n, sizeof(tt_entry));
#ifdef MADV_HUGEPAGE
    madvise(e->tt, bytes, MADV_HUGEPAGE);
#endif
    memset(e->tt, 0, bytes);
    e->tt_mask = n - 1;
    pdn_eval_init(&e->eval, e->opt.variant);
    e->kind[PDN_WHITE] = pdn_movegen_kind_for(e->opt.variant, PDN_WHITE);
    e->kind[PDN_BLACK] = pdn_movegen_kind_for(e->opt.variant, PDN_BLACK);
    zobrist_init(&e->z);
    atomic_init(&e->stop, false);
    return e;
}

void
pdn_engine_free(pdn_engine *e)
{
    if (!e)
        return;
    free(e->tt);
    free(e);
}

void
pdn_engine_clear(pdn_engine *e)
{
    memset(e->tt, 0, (e->tt_mask + 1) * sizeof(tt_entry));
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

static void
tt_store(pdn_engine *e, uint64_t key, int depth, int score, int bound,
         const pdn_move *best, int ply)
{
    tt_entry *t = &e->tt[key & e->tt_mask];
    if (t->key != key && t->age == e->age && t->depth > depth)
        return; /* keep the deeper entry of this search */
    t->key = key;
    t->depth = (int8_t)(depth > 127 ? 127 : depth);
    t->score = (int16_t)to_tt(score, ply);
    t->bound = (uint8_t)bound;
    t->age = e->age;
    if (best) {
        t->from = best->from;
        t->to = best->to;
        t->captured = best->captured_bb;
    } else {
        t->from = t->to = 0xFF;
    }
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
 * as most nodes end at the first or second move. */
typedef struct picker {
    int n, tried;
    int tt_move;  /* index of the table's move, or -1 */
    bool scored;
    int score[PDN_MAX_MOVES]; /* -1: tried */
} picker;

static void
picker_init(picker *p, const pdn_move *moves, int n, const tt_entry *t)
{
    p->n = n;
    p->tried = 0;
    p->scored = false;
    p->tt_move = -1;
    if (t)
        for (int i = 0; i < n; i++)
            if (t->from == moves[i].from && t->to == moves[i].to &&
                t->captured == moves[i].captured_bb) {
                p->tt_move = i;
                break;
            }
}

static void
picker_score(picker *p, const pdn_engine *e, const pdn_move *moves,
             int ply, pdn_color side)
{
    for (int i = 0; i < p->n; i++) {
        const pdn_move *m = &moves[i];
        int s = e->history[side][m->from][m->to];
        if (i == p->tt_move)
            s = -1; /* tried first */
        else if (same_move(m, &e->killers[ply][0]))
            s = 1 << 29;
        else if (same_move(m, &e->killers[ply][1]))
            s = 1 << 28;
        else if (m->ncaptured)
            s += m->ncaptured << 20;
        p->score[i] = s;
    }
    p->scored = true;
}

/* The index of the next move to try. */
static int
picker_next(picker *p, const pdn_engine *e, const pdn_move *moves, int ply,
            pdn_color side)
{
    if (p->tried++ == 0 && p->tt_move >= 0)
        return p->tt_move;
    if (!p->scored)
        picker_score(p, e, moves, ply, side);
    int best = 0;
    for (int i = 1; i < p->n; i++)
        if (p->score[i] > p->score[best])
            best = i;
    p->score[best] = -1;
    return best;
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
    size_t at = e->nkeys_game + (size_t)ply; /* this position's key */
    if (ply > 0 && repeated(e, at, reversible))
        return 0;
    if (e->opt.no_progress && reversible >= e->opt.no_progress)
        return 0;
    if (ply >= PDN_MAX_PLY - 1)
        return pdn_eval(&e->eval, b);
    if (e->solver && ply > 0 &&
        pdn_bb_count(b->pieces[0] | b->pieces[1]) <= e->solver_pieces) {
        int plies;
        switch (pdn_solver_probe(e->solver, b, &plies)) {
        case PDN_SOLVED_WIN:
            return PDN_SCORE_WIN - ply - plies;
        case PDN_SOLVED_LOSS:
            return -PDN_SCORE_WIN + ply + plies;
        case PDN_SOLVED_DRAW:
            return 0;
        default:
            break;
        }
    }

    /* A leaf stops unless a capture is pending: its moves are not
     * listed. */
    if (depth <= 0) {
        switch (e->kind[b->side](b)) {
        case PDN_MOVES_NONE:
            return -PDN_SCORE_WIN + ply;
        case PDN_MOVES_QUIET:
            return pdn_eval(&e->eval, b);
        default:
            break;
        }
        depth = 0;
    }

    uint64_t key = e->keys[at];
    tt_entry *t = &e->tt[key & e->tt_mask];
    if (t->key != key)
        t = NULL;
    if (t && !pv_node && t->depth >= depth) {
        int s = from_tt(t->score, ply);
        if ((t->bound == BOUND_EXACT) ||
            (t->bound == BOUND_LOWER && s >= beta) ||
            (t->bound == BOUND_UPPER && s <= alpha))
            return s;
    }
    pdn_move moves[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(e->opt.variant, b, moves);
    if (n <= 0)
        return -PDN_SCORE_WIN + ply;
    bool capture = moves[0].ncaptured > 0;
    picker pick;
    picker_init(&pick, moves, n, t);
    picker_score(&pick, e, moves, ply, b->side);

    /* One move: no choice, so it costs no depth. */
    int next = n == 1 ? depth : depth - 1;
    int best = -PDN_SCORE_INF, best_i = -1, alpha0 = alpha;
    for (int i = 0; i < n; i++) {
        int mi = picker_next(&pick, e, moves, ply, b->side);
        const pdn_move *m = &moves[mi];
        pdn_board child;
        pdn_board_after(b, m, &child);
        e->keys[at + 1] = key_after(&e->z, key, b, m);
        /* The child probes its entry after generating its moves: fetch
         * it now, so that the two overlap. */
        __builtin_prefetch(&e->tt[e->keys[at + 1] & e->tt_mask]);
        uint32_t rev = (m->flags & PDN_MOVE_KING) && !m->ncaptured
                           ? reversible + 1
                           : 0;
        int s;
        if (i == 0) {
            s = -search(e, &child, next, -beta, -alpha, ply + 1, rev,
                        pv_node);
        } else {
            /* Late quiet moves are searched a ply shallower first; one
             * that then beats alpha is searched again in full. */
            int reduce = 0;
            if (!e->opt.no_reductions && !capture && next >= 2 &&
                i >= (pv_node ? 4 : 2) &&
                !same_move(m, &e->killers[ply][0]) &&
                !same_move(m, &e->killers[ply][1]))
                reduce = 1 + (i >= 6 && next >= 6) + (i >= 12 && next >= 8);
            if (reduce > 0 && reduce >= next)
                reduce = next - 1;
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
            best_i = mi;
            if (s > alpha) {
                alpha = s;
                if (pv_node) {
                    e->pv[ply][0] = *m;
                    memcpy(&e->pv[ply][1], e->pv[ply + 1],
                           (size_t)e->pv_len[ply + 1] * sizeof(pdn_move));
                    e->pv_len[ply] = e->pv_len[ply + 1] + 1;
                }
                if (alpha >= beta) {
                    if (!m->ncaptured) {
                        if (!same_move(m, &e->killers[ply][0])) {
                            e->killers[ply][1] = e->killers[ply][0];
                            e->killers[ply][0] = *m;
                        }
                        int32_t *h = &e->history[b->side][m->from][m->to];
                        *h += depth * depth;
                        if (*h > (1 << 26))
                            memset(e->history, 0, sizeof e->history);
                    }
                    break;
                }
            }
        }
    }
    int bound = best >= beta       ? BOUND_LOWER
                : best > alpha0    ? BOUND_EXACT
                                   : BOUND_UPPER;
    tt_store(e, key, depth, best, bound, &moves[best_i], ply);
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
    uint64_t key = e->keys[e->nkeys_game - 1];
    e->nkeys_game--; /* the root is path position 0 */

    for (int depth = 1; depth <= max_depth; depth++) {
        int alpha = -PDN_SCORE_INF;
        int next = n == 1 ? depth : depth - 1; /* as in search() */
        for (int i = 0; i < nroots; i++) {
            root_move *r = &roots[i];
            pdn_board child;
            pdn_board_after(b, &r->move, &child);
            e->keys[e->nkeys_game + 1] = key_after(&e->z, key, b, &r->move);
            uint32_t rev = (r->move.flags & PDN_MOVE_KING) &&
                                   !r->move.ncaptured
                               ? reversible + 1
                               : 0;
            int lo = exact_all ? -PDN_SCORE_INF : alpha;
            int s;
            if (i == 0 || exact_all) {
                s = -search(e, &child, next, -PDN_SCORE_INF, -lo, 1, rev,
                            true);
            } else {
                s = -search(e, &child, next, -alpha - 1, -alpha, 1, rev,
                            false);
                if (s > alpha && !e->aborted)
                    s = -search(e, &child, next, -PDN_SCORE_INF, -alpha, 1,
                                rev, true);
            }
            if (e->aborted)
                break;
            if (i == 0 || exact_all || s > alpha) {
                r->score = s;
                r->pv[0] = r->move;
                memcpy(&r->pv[1], e->pv[1],
                       (size_t)e->pv_len[1] * sizeof(pdn_move));
                r->npv = e->pv_len[1] + 1;
            } else {
                r->score = -PDN_SCORE_INF + 1; /* no better than the best */
            }
            if (s > alpha)
                alpha = s;
        }
        if (e->aborted && depth > 1)
            break;
        /* Best first; the order of the next depth. */
        qsort(roots, (size_t)nroots, sizeof *roots, compare_root);
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
