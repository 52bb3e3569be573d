/* search.h -- the engine's search: iterative deepening principal
 * variation search with aspiration windows and a transposition table
 * (buckets of four, replacement by age and depth), move ordering by the
 * table's move, killers and history, late move reductions, and near the
 * horizon reverse futility, futility and late move pruning (engine/
 * params.h); a capture pending is always searched on (captures are
 * compulsory, so an exchange is never cut in the middle); draws by
 * repetition and by the no-progress count of the draw rule; a side with
 * no legal move has lost, and faster wins score higher.
 *
 * Scores are in hundredths of a man from the side to move's point of view;
 * a won position scores PDN_SCORE_WIN minus the plies to the win.
 */
#ifndef PDN_ENGINE_SEARCH_H
#define PDN_ENGINE_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/board.h"
#include "rules/movegen.h"
#include "rules/variant.h"

#define PDN_SCORE_WIN 30000
#define PDN_SCORE_INF 32000
/** Scores beyond this are wins or losses in plies. */
#define PDN_SCORE_WON (PDN_SCORE_WIN - 1000)
/** A position the endgame database (egdb/egdb.h) says is won scores in
 * a band of its own, above every evaluation and below the wins in
 * plies: PDN_SCORE_EGDB_WIN plus its evaluation, held within
 * +-PDN_SCORE_EGDB_SPAN (its material and progress), less its ply, so
 * that the engine keeps to the win and converts it.  A lost one scores
 * the opposite, a drawn one 0. */
#define PDN_SCORE_EGDB_WIN 20000
#define PDN_SCORE_EGDB_SPAN 2000
/** The score of a database win whose evaluation, for the winner, is
 * @eval (before the plies to it are taken off). */
static inline int
pdn_score_egdb_win(int eval)
{
    return PDN_SCORE_EGDB_WIN +
           (eval > PDN_SCORE_EGDB_SPAN    ? PDN_SCORE_EGDB_SPAN
            : eval < -PDN_SCORE_EGDB_SPAN ? -PDN_SCORE_EGDB_SPAN
                                          : eval);
}

/** Scores beyond this are database wins, or wins in plies. */
#define PDN_SCORE_EGDB_WON (PDN_SCORE_EGDB_WIN - PDN_SCORE_EGDB_SPAN - 200)
#define PDN_MAX_PLY 128
#define PDN_MAX_MULTIPV 16

typedef struct pdn_engine pdn_engine;

/** The transposition table's megabytes, unless the options say. */
#define PDN_ENGINE_HASH_MB 16

typedef struct pdn_engine_options {
    const pdn_variant *variant;
    size_t hash_mb;          /* transposition table; 0: PDN_ENGINE_HASH_MB */
    uint32_t repetition;     /* the occurrence of a position that draws;
                                0: 3 */
    uint32_t no_progress;    /* reversible plies (king moves that take
                                nothing) that draw; 0: none */
    bool no_reductions;      /* search every move to the full depth (no
                                reduction and no pruning, params.h): the
                                result is then the fixed-depth minimax
                                value */
    const int *eval_weights; /* the evaluation's weights (eval.h, one per
                                term and phase, the opening's first); NULL:
                                the variant's */
} pdn_engine_options;

typedef struct pdn_search_limits {
    int depth;            /* 0: no limit (then time or nodes must be set) */
    uint64_t nodes;       /* 0: no limit; checked every 1024 nodes */
    uint64_t time_ms;     /* 0: no limit */
    int multipv;          /* best lines wanted; 0 or 1: one */
    const pdn_move *only; /* score this root move alone, or NULL */
} pdn_search_limits;

/** One line of the result: a root move, its score and its principal
 * variation (the move first). */
typedef struct pdn_search_line {
    int score;
    int npv;
    pdn_move pv[PDN_MAX_PLY];
} pdn_search_line;

/** Where a search stands, after each depth completed.  When the limits
 * stop a depth after a move proved better there than the best of the
 * last depth completed (lines[0]: that depth's best, searched first),
 * that move's line is @better and @unfinished is set; its score may be a
 * lower bound.  Only with one line wanted and no move alone. */
typedef struct pdn_search_info {
    int depth; /* the last depth completed */
    uint64_t nodes;
    uint64_t egdb_probes; /* positions whose value the database gave */
    double seconds;
    int nlines;
    pdn_search_line lines[PDN_MAX_MULTIPV]; /* best first */
    bool unfinished;                        /* @better holds a line */
    pdn_search_line better;                 /* from depth + 1, unfinished */
} pdn_search_info;

/** The line to play: the unfinished depth's better one, or the best of
 * the last depth completed (@i has a line). */
static inline const pdn_search_line *
pdn_search_best(const pdn_search_info *i)
{
    return i->unfinished ? &i->better : &i->lines[0];
}

typedef void (*pdn_search_report_fn)(void *ctx, const pdn_search_info *i);

/** A new engine, or NULL when its transposition table (o->hash_mb) cannot
 * be had: an error for the caller to report, never an abort. */
pdn_engine *pdn_engine_new(const pdn_engine_options *o);
void pdn_engine_free(pdn_engine *e);

/** Forgets the table and the history: the next search starts afresh
 * (and, for a fixed depth or node count, gives the same result). */
void pdn_engine_clear(pdn_engine *e);

/** Searches @b, the last of the @nhistory positions of the game so far
 * (oldest first, @b included; NULL and 0 for none but @b), within @l.
 * Calls @report (may be NULL) after each depth completed, and once more
 * when @out is then @unfinished.  Returns the number of lines in @out, 0
 * when the side to move has no legal move (it has lost).  @out holds the
 * last depth completed, and the better line of the one after it. */
int pdn_engine_search(pdn_engine *e, const pdn_board *b,
                      const pdn_board *history, size_t nhistory,
                      const pdn_search_limits *l, pdn_search_report_fn report,
                      void *ctx, pdn_search_info *out);

struct pdn_solver;

/** Makes the search take the exact value of every position with at most
 * @pieces pieces from the solver @s (engine/solver.h; borrowed, it must
 * outlive the searches) instead of searching it; NULL: no solver. */
void pdn_engine_use_solver(pdn_engine *e, const struct pdn_solver *s,
                           int pieces);

struct pdn_egdb;

/** Makes the search take the value of the positions @db holds (egdb/
 * egdb.h; borrowed, it must outlive the searches) where a capture leads
 * into its reach (a position with fewer pieces than the root, and no more
 * than @db holds whole), scored as PDN_SCORE_EGDB_WIN says;
 * and, at a root in its reach, search only the moves that keep the
 * root's value (unless the limits ask for several lines or one move).
 * The draw rules come first.  NULL: no database. */
void pdn_engine_use_egdb(pdn_engine *e, struct pdn_egdb *db);

/** The Zobrist key of @b. */
uint64_t pdn_engine_key(const pdn_board *b);

#endif
