/* root.c -- the engine and its root: making, clearing and freeing the
 * engine (its table mapped once), and search.h's pdn_engine_search:
 * iterative deepening over the legal moves of the position, each depth
 * searched in an aspiration window around the last score (widened on a
 * fail), the best N lines kept for multi-PV, a given move searched alone,
 * a move that beat the last depth's best in a depth the limits stopped
 * kept apart, and the principal variation turned back from changes into
 * moves.  The tree below each root move is search.c's.
 */
#define _DEFAULT_SOURCE /* madvise() */

#include "engine/internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/clock.h"
#include "base/xalloc.h"
#include "egdb/egdb.h"
#include "engine/params.h"

/* ---- The engine ---- */

/* From how many reversible plies a child at depth 0 needs the checks of
 * search() rather than search.c's leaf_score(): a repetition needs two,
 * the no-progress count its own number, and the solver every leaf. */
static uint32_t
leaf_reversible(const pdn_engine *e)
{
    if (e->solver)
        return 0;
    return e->opt.no_progress == 1 ? 1 : 2;
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
    pdn_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->opt = *o;
    if (!e->opt.variant)
        e->opt.variant = pdn_variant_default();
    if (!e->opt.hash_mb)
        e->opt.hash_mb = PDN_ENGINE_HASH_MB;
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
        e->tt = calloc(n, sizeof(tt_bucket));
        if (!e->tt) {
            free(e);
            return NULL;
        }
    } else {
        uintptr_t at = ((uintptr_t)e->tt_map + align - 1) & ~(align - 1);
        e->tt = (tt_bucket *)at;
#ifdef MADV_HUGEPAGE
        madvise(e->tt, bytes, MADV_HUGEPAGE);
#endif
    }
    e->tt_mask = n - 1;
    pdn_eval_init(&e->eval, e->opt.variant, e->opt.eval_weights);
    e->kind[PDN_WHITE] = pdn_movegen_kind_for(e->opt.variant, PDN_WHITE);
    e->kind[PDN_BLACK] = pdn_movegen_kind_for(e->opt.variant, PDN_BLACK);
    e->deltas[PDN_WHITE] = pdn_movegen_deltas_for(e->opt.variant, PDN_WHITE);
    e->deltas[PDN_BLACK] = pdn_movegen_deltas_for(e->opt.variant, PDN_BLACK);
    for (int c = 0; c < 2; c++) {
        e->quiets[c] =
            pdn_movegen_deltas_known_for(e->opt.variant, c, PDN_MOVES_QUIET);
        e->captures[c] =
            pdn_movegen_deltas_known_for(e->opt.variant, c, PDN_MOVES_CAPTURE);
    }
    lmr_init(e);
    e->leaf_reversible = leaf_reversible(e);
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
    e->leaf_reversible = leaf_reversible(e);
}

void
pdn_engine_use_egdb(pdn_engine *e, pdn_egdb *db)
{
    e->egdb = db;
    e->egdb_pieces = db ? pdn_egdb_pieces(db) : 0;
    if (e->egdb_pieces < 2)
        e->egdb_pieces = 0;
}

/* ---- Limits (checked by search.c every 1024 nodes) ---- */

bool
pdn_engine_out_of_limits(pdn_engine *e)
{
    if (e->node_limit && e->nodes >= e->node_limit)
        return true;
    if (e->time_ms && pdn_clock_since(&e->start) * 1000.0 >= (double)e->time_ms)
        return true;
    return false;
}

/* ---- Moves as changes and as moves ---- */

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

static bool
same_move(const pdn_move *a, const pdn_move *b)
{
    return a->from == b->from && a->to == b->to &&
           a->captured_bb == b->captured_bb;
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
        if (men_a != men_b || pdn_bb_count(a->pieces[0] | a->pieces[1]) !=
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
    bool beat_first; /* at the depth being searched, better than the move
                        searched first: worth playing even if the depth
                        is not finished */
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
        pdn_engine_set_key(e, &child, 1);
        uint32_t rev = (r->move.flags & PDN_MOVE_KING) && !r->move.ncaptured
                           ? p->reversible + 1
                           : 0;
        int s;
        if (p->exact_all) {
            s = -pdn_engine_search_node(e, &child, p->next, -PDN_SCORE_INF,
                                        PDN_SCORE_INF, 1, rev, true);
        } else if (i == 0) {
            s = -pdn_engine_search_node(e, &child, p->next, -hi, -alpha, 1, rev,
                                        true);
        } else {
            s = -pdn_engine_search_node(e, &child, p->next, -alpha - 1, -alpha,
                                        1, rev, false);
            if (s > alpha && !e->aborted)
                s = -pdn_engine_search_node(e, &child, p->next, -hi, -alpha, 1,
                                            rev, true);
        }
        if (e->aborted)
            return alpha;
        if (i == 0 || p->exact_all || s > alpha) {
            r->score = s;
            /* (Kept when a move that failed high is searched again,
             * first, in a wider window.) */
            r->beat_first |= i > 0 && !p->exact_all;
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

/* At a root @b in the endgame database's reach: leaves of its @n moves
 * @roots those that keep its value (a won root's moves to positions lost
 * for the opponent, a drawn root's to drawn ones), in their order;
 * returns how many, and the root's value in @value (PDN_EGDB_UNKNOWN
 * when it is not won or drawn: a lost root keeps them all). */
static int
keep_egdb_value(pdn_engine *e, const pdn_board *b, root_move *roots, int n,
                pdn_egdb_value *value)
{
    *value = PDN_EGDB_UNKNOWN;
    if (!e->egdb_pieces || !pdn_egdb_reaches(e->egdb, b))
        return n;
    pdn_egdb_value v = pdn_egdb_probe(e->egdb, b);
    if (v != PDN_EGDB_WIN && v != PDN_EGDB_DRAW)
        return n;
    *value = v;
    e->egdb_probes++;
    pdn_egdb_value keep = v == PDN_EGDB_WIN ? PDN_EGDB_LOSS : PDN_EGDB_DRAW;
    int k = 0;
    for (int i = 0; i < n; i++) {
        pdn_board child;
        pdn_board_after(b, &roots[i].move, &child);
        e->egdb_probes++;
        if (pdn_egdb_probe(e->egdb, &child) == keep)
            roots[k++] = roots[i];
    }
    return k > 0 ? k : n; /* never 0: the root's value is a move's */
}

/* The score of a line from a root the database says is won or drawn
 * (@value): a won root's in the band of database wins (search.h), unless
 * the search found the win in plies; a drawn root's 0. */
static int
root_score(pdn_egdb_value value, int score)
{
    if (value == PDN_EGDB_DRAW)
        return 0;
    if (value != PDN_EGDB_WIN || score > PDN_SCORE_WON)
        return score;
    return pdn_score_egdb_win(score);
}

/* A depth stopped by the limits: when a move proved better there than
 * the move searched first (the last depth's best), its line is @out's
 * better one (search.h); returns whether.  One line only: with several
 * (exact_all), every move is searched in full, none is compared to the
 * first and none is marked beat_first. */
static bool
keep_unfinished(const root_move *roots, int nroots, pdn_egdb_value value,
                pdn_search_info *out)
{
    const root_move *best = NULL;
    for (int i = 0; i < nroots; i++)
        if (roots[i].beat_first && (!best || roots[i].score > best->score))
            best = &roots[i];
    if (!best)
        return false;
    out->unfinished = true;
    out->better.score = root_score(value, best->score);
    out->better.npv = best->npv;
    memcpy(out->better.pv, best->pv, (size_t)best->npv * sizeof(pdn_move));
    return true;
}

/* What the search has spent so far, into @out. */
static void
note_effort(const pdn_engine *e, pdn_search_info *out)
{
    out->nodes = e->nodes;
    out->egdb_probes = e->egdb_probes;
    out->seconds = pdn_clock_since(&e->start);
}

int
pdn_engine_search(pdn_engine *e, const pdn_board *b, const pdn_board *history,
                  size_t nhistory, const pdn_search_limits *l,
                  pdn_search_report_fn report, void *ctx, pdn_search_info *out)
{
    memset(out, 0, sizeof *out);
    e->nodes = 0;
    e->egdb_probes = 0;
    int root_pieces = pdn_bb_count(b->pieces[0] | b->pieces[1]);
    e->egdb_below =
        e->egdb_pieces < root_pieces - 1 ? e->egdb_pieces : root_pieces - 1;
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
    pdn_egdb_value root_value = PDN_EGDB_UNKNOWN;
    if (!l->only && l->multipv <= 1)
        nroots = keep_egdb_value(e, b, roots, nroots, &root_value);
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
        for (int i = 0; i < nroots; i++)
            roots[i].beat_first = false;
        root_pass p = {.b = b,
                       .roots = roots,
                       .nroots = nroots,
                       .next = n == 1 ? depth : depth - 1, /* as search() */
                       .reversible = reversible,
                       .exact_all = exact_all,
                       .lo = -PDN_SCORE_INF,
                       .hi = PDN_SCORE_INF};
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
                p.lo = s - widen <= -PDN_SCORE_WON ? -PDN_SCORE_INF : s - widen;
            } else if (s >= p.hi) {
                p.hi = s + widen >= PDN_SCORE_WON ? PDN_SCORE_INF : s + widen;
                /* The move that failed high first. */
                qsort(roots, (size_t)nroots, sizeof *roots, compare_root);
            } else {
                break;
            }
            widen *= 2;
        }
        if (e->aborted && depth > 1) {
            if (keep_unfinished(roots, nroots, root_value, out)) {
                note_effort(e, out);
                if (report)
                    report(ctx, out);
            }
            break;
        }
        /* Best first; the order of the next depth. */
        qsort(roots, (size_t)nroots, sizeof *roots, compare_root);
        last = roots[0].score;
        out->depth = depth;
        note_effort(e, out);
        out->nlines = want;
        for (int i = 0; i < want; i++) {
            out->lines[i].score = root_score(root_value, roots[i].score);
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
        if (pdn_engine_out_of_limits(e))
            break;
    }
    note_effort(e, out);
    free(roots);
    return out->nlines;
}
