/* solver_check.c -- the exhaustive solver and the search held to each
 * other, for each variant, on SAMPLES random positions of at most PIECES
 * pieces:
 *
 *   the solver is consistent: a position won in d has a move to one lost
 *   in d - 1, a position lost in d has only moves to wins, the longest in
 *   d - 1, a draw has no move to a loss and one to a draw (or a win for
 *   the other side is missing: a move to a draw);
 *   the search agrees: with no solver and no draw rule, searching every
 *   move to DEPTH (reductions off), it finds a win or a loss in
 *   d <= DEPTH plies with exactly that distance; and with its reductions
 *   on (as it plays), it may miss a result but never calls a draw a win
 *   or a loss, nor reports a win where the solver has a loss or the
 *   other way round.
 *
 *   solver_check PIECES SAMPLES DEPTH
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "engine/solver.h"
#include "rules/bitboard.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rng.h"

/* A random legal-looking position: 2..@pieces pieces, each side one at
 * least, men off the rank where they would be crowned. */
static pdn_board
random_board(uint64_t *seed, int pieces)
{
    pdn_board b = pdn_board_empty((pdn_color)(test_random(seed) & 1));
    int n = 2 + (int)(test_random(seed) % (uint64_t)(pieces - 1));
    for (int i = 0; i < n; i++) {
        pdn_color c = i == 0   ? PDN_WHITE
                      : i == 1 ? PDN_BLACK
                               : (pdn_color)(test_random(seed) & 1);
        for (;;) {
            int idx = (int)(test_random(seed) % 32);
            pdn_bb bit = PDN_BB_OF_INDEX(idx);
            if ((b.pieces[0] | b.pieces[1]) & bit)
                continue;
            bool king = test_random(seed) % 3 == 0;
            if (!king &&
                ((c == PDN_WHITE && idx >= 28) || (c == PDN_BLACK && idx < 4)))
                continue;
            b.pieces[c] |= bit;
            if (king)
                b.kings |= bit;
            break;
        }
    }
    return b;
}

static int failures;

static void
fail(const pdn_variant *v, const pdn_board *b, const char *what, int a, int c)
{
    char fen[PDN_FEN_MAX];
    pdn_fen_write(v, b, fen);
    printf("FAIL %s %s: %s (%d, %d)\n", v->name, fen, what, a, c);
    failures++;
}

/* The solver's value as a signed distance: d > 0 won in d, -(d + 1)
 * lost in d, 0 drawn. */
static int
value(const pdn_solver *s, const pdn_board *b)
{
    if (!b->pieces[b->side])
        return -1;
    int plies;
    pdn_solved r = pdn_solver_probe(s, b, &plies);
    return r == PDN_SOLVED_WIN ? plies : r == PDN_SOLVED_LOSS ? -plies - 1 : 0;
}

static void
check_consistent(const pdn_variant *v, const pdn_solver *s, const pdn_board *b)
{
    int here = value(s, b);
    pdn_move m[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(v, b, m);
    if (n <= 0) {
        if (here != -1)
            fail(v, b, "no move, not lost in 0", here, n);
        return;
    }
    int best_loss = -1, longest_win = 0, draws = 0, wins = 0;
    for (int i = 0; i < n; i++) {
        pdn_board c;
        pdn_board_after(b, &m[i], &c);
        int x = value(s, &c);
        if (x < 0 && (best_loss < 0 || -x - 1 < best_loss))
            best_loss = -x - 1;
        if (x > 0) {
            wins++;
            if (x > longest_win)
                longest_win = x;
        }
        if (x == 0)
            draws++;
    }
    if (here > 0 && best_loss != here - 1)
        fail(v, b, "won in d without a move to a loss in d - 1", here,
             best_loss);
    if (here < 0 && (wins != n || longest_win != -here - 2))
        fail(v, b, "lost in d without every move to a win, longest d - 1", here,
             longest_win);
    if (here == 0 && (best_loss >= 0 || draws == 0))
        fail(v, b, "a draw with a move to a loss or none to a draw", here,
             best_loss);
}

static void
check_search(const pdn_variant *v, const pdn_solver *s, pdn_engine *e,
             const pdn_board *b, int depth, bool exact)
{
    int here = value(s, b);
    pdn_search_limits l = {.depth = depth};
    pdn_search_info info;
    pdn_engine_clear(e);
    if (pdn_engine_search(e, b, NULL, 0, &l, NULL, NULL, &info) == 0) {
        if (here != -1)
            fail(v, b, "the search finds no move; the solver", here, 0);
        return;
    }
    int score = info.lines[0].score;
    bool won = score > PDN_SCORE_WON, lost = score < -PDN_SCORE_WON;
    int d = won ? PDN_SCORE_WIN - score : lost ? PDN_SCORE_WIN + score : 0;
    if (here == 0 && (won || lost))
        fail(v, b, "the solver has a draw; the search a result", here, score);
    if (here > 0 && lost)
        fail(v, b, "the solver has a win; the search a loss", here, score);
    if (here < 0 && won)
        fail(v, b, "the solver has a loss; the search a win", here, score);
    if (exact && here > 0 && here <= depth && (!won || d != here))
        fail(v, b, "a win within the depth, not found as such", here, score);
    if (exact && here < 0 && -here - 1 <= depth && (!lost || d != -here - 1))
        fail(v, b, "a loss within the depth, not found as such", here, score);
}

int
main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: solver_check PIECES SAMPLES DEPTH\n");
        return 2;
    }
    int pieces = atoi(argv[1]), samples = atoi(argv[2]);
    int depth = atoi(argv[3]);
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        pdn_solver *s = pdn_solver_new(v, pieces);
        if (!s) {
            printf("FAIL %s: no solver for %d pieces\n", v->name, pieces);
            return 1;
        }
        pdn_engine_options o = {
            .variant = v, .hash_mb = 4, .no_reductions = true};
        pdn_engine *e = pdn_engine_new(&o);
        o.no_reductions = false;
        pdn_engine *played = pdn_engine_new(&o);
        uint64_t seed = 0x9E3779B97F4A7C15u + (uint64_t)id;
        int wins = 0, draws = 0, losses = 0;
        for (int i = 0; i < samples; i++) {
            pdn_board b = random_board(&seed, pieces);
            int x = value(s, &b);
            wins += x > 0;
            draws += x == 0;
            losses += x < 0;
            check_consistent(v, s, &b);
            check_search(v, s, e, &b, depth, true);
            check_search(v, s, played, &b, depth, false);
        }
        printf("%s: %zu positions solved up to %d pieces; %d sampled "
               "(%d won, %d drawn, %d lost), search to depth %d agrees\n",
               v->name, pdn_solver_size(s), pieces, samples, wins, draws,
               losses, depth);
        pdn_engine_free(e);
        pdn_engine_free(played);
        pdn_solver_free(s);
    }
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
