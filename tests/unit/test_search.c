/* test_search.c -- the engine's search against what it must find: a lost
 * position (no move), a win in one, a repetition scored as a draw, the
 * same result for the same depth, only legal moves, and on random
 * positions the same score as a plain minimax written here (no table, no
 * pruning, the same rules for captures and forced moves), which alpha-beta
 * with a table must reproduce exactly.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "engine/eval.h"
#include "engine/search.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rng.h"

static pdn_board
board(pdn_variant_id id, const char *fen)
{
    pdn_board b;
    pdn_fen_error err;
    if (pdn_fen_parse(pdn_variant_get(id), fen, strlen(fen), &b, &err))
        fail_msg("bad FEN %s: %s", fen, err.message);
    return b;
}

static pdn_engine *
engine(pdn_variant_id id)
{
    pdn_engine_options o = {
        .variant = pdn_variant_get(id), .hash_mb = 4, .no_reductions = true};
    return pdn_engine_new(&o);
}

static void
test_no_move_is_lost(void **state)
{
    (void)state;
    pdn_engine *e = engine(PDN_ITALIAN);
    pdn_board b = board(PDN_ITALIAN, "W::B1,2"); /* White has nothing */
    pdn_search_limits l = {.depth = 3};
    pdn_search_info info;
    assert_int_equal(pdn_engine_search(e, &b, NULL, 0, &l, NULL, NULL, &info),
                     0);
    pdn_engine_free(e);
}

static void
test_win_in_one(void **state)
{
    (void)state;
    pdn_engine *e = engine(PDN_ITALIAN);
    /* 22x13 takes Black's last piece: Black, to move, has lost. */
    pdn_board b = board(PDN_ITALIAN, "W:W22:B18");
    pdn_search_limits l = {.depth = 4};
    pdn_search_info info;
    assert_int_equal(pdn_engine_search(e, &b, NULL, 0, &l, NULL, NULL, &info),
                     1);
    assert_int_equal(info.lines[0].score, PDN_SCORE_WIN - 1);
    assert_int_equal(info.lines[0].npv, 1);
    pdn_engine_free(e);
}

/* The king shuffle 30-26, 4-8 from H0 gives the root H2; there 26-30 and
 * 8-4 bring H0 back: with it in the history that line is a draw, and
 * Black, a man down, takes it. */
static void
test_repetition_is_a_draw(void **state)
{
    (void)state;
    pdn_engine *e = engine(PDN_ITALIAN);
    pdn_board h[3] = {board(PDN_ITALIAN, "W:WK30,21:BK4"),
                      board(PDN_ITALIAN, "B:WK26,21:BK4"),
                      board(PDN_ITALIAN, "W:WK26,21:BK8")};
    pdn_move legal[PDN_MAX_MOVES], back = {0};
    int n = pdn_movegen_legal(pdn_variant_get(PDN_ITALIAN), &h[2], legal);
    pdn_board want = board(PDN_ITALIAN, "B:WK30,21:BK8");
    bool found = false;
    for (int i = 0; i < n; i++) {
        pdn_board after;
        pdn_board_after(&h[2], &legal[i], &after);
        if (pdn_board_equal(&after, &want)) {
            back = legal[i];
            found = true;
        }
    }
    assert_true(found);
    pdn_search_limits l = {.depth = 2, .only = &back};
    pdn_search_info with, without;
    pdn_engine_search(e, &h[2], h, 3, &l, NULL, NULL, &with);
    assert_int_equal(with.lines[0].score, 0);
    pdn_engine_clear(e);
    pdn_engine_search(e, &h[2], NULL, 0, &l, NULL, NULL, &without);
    assert_true(without.lines[0].score > 0); /* a man up, no repetition */
    pdn_engine_free(e);
}

/* ---- Against a plain minimax ---- */

static int
minimax(const pdn_eval_tables *t, const pdn_variant *v, const pdn_board *b,
        int depth, int ply, uint64_t *nodes)
{
    pdn_move moves[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(v, b, moves);
    (*nodes)++;
    if (n <= 0)
        return -PDN_SCORE_WIN + ply;
    if (depth <= 0 && moves[0].ncaptured == 0)
        return pdn_eval(t, b);
    if (depth < 0)
        depth = 0;
    int next = n == 1 ? depth : depth - 1, best = -PDN_SCORE_INF;
    for (int i = 0; i < n; i++) {
        pdn_board c;
        pdn_board_after(b, &moves[i], &c);
        int s = -minimax(t, v, &c, next, ply + 1, nodes);
        if (s > best)
            best = s;
    }
    return best;
}

static void
check_variant(pdn_variant_id id, int positions, int depth)
{
    const pdn_variant *v = pdn_variant_get(id);
    pdn_eval_tables t;
    pdn_eval_init(&t, v, NULL);
    uint64_t seed = 0x2545F4914F6CDD1Du + (uint64_t)id;
    pdn_engine *e = engine(id);
    for (int p = 0; p < positions; p++) {
        /* A position: random legal moves from the start, men only so
         * that no position repeats. */
        pdn_board b = pdn_board_start(v);
        int plies = 4 + (int)(test_random(&seed) % 30);
        for (int i = 0; i < plies; i++) {
            pdn_move m[PDN_MAX_MOVES];
            int n = pdn_movegen_legal(v, &b, m);
            if (n <= 0)
                break;
            pdn_board_play(&b, &m[test_random(&seed) % (uint64_t)n]);
        }
        if (b.kings)
            continue;
        pdn_move legal[PDN_MAX_MOVES];
        int n = pdn_movegen_legal(v, &b, legal);
        /* The leaves' shortcut tells what the list holds. */
        pdn_moves_kind kind = pdn_movegen_kind_for(v, b.side)(&b);
        assert_int_equal(kind, n <= 0               ? PDN_MOVES_NONE
                               : legal[0].ncaptured ? PDN_MOVES_CAPTURE
                                                    : PDN_MOVES_QUIET);
        if (n <= 0)
            continue;
        uint64_t nodes = 0;
        int want = minimax(&t, v, &b, depth, 0, &nodes);
        pdn_search_limits l = {.depth = depth};
        pdn_search_info info;
        pdn_engine_clear(e);
        assert_int_equal(
            pdn_engine_search(e, &b, NULL, 0, &l, NULL, NULL, &info), 1);
        if (info.lines[0].score != want) {
            char fen[PDN_FEN_MAX];
            pdn_fen_write(v, &b, fen);
            fail_msg("%s %s depth %d: search %d, minimax %d", v->name, fen,
                     depth, info.lines[0].score, want);
        }
        /* The move is legal, and the same search gives the same. */
        bool legal_move = false;
        for (int i = 0; i < n; i++)
            legal_move |=
                legal[i].from == info.lines[0].pv[0].from &&
                legal[i].to == info.lines[0].pv[0].to &&
                legal[i].captured_bb == info.lines[0].pv[0].captured_bb;
        assert_true(legal_move);
        pdn_search_info again;
        pdn_engine_clear(e);
        pdn_engine_search(e, &b, NULL, 0, &l, NULL, NULL, &again);
        assert_int_equal(again.nodes, info.nodes);
        assert_int_equal(again.lines[0].score, info.lines[0].score);
    }
    pdn_engine_free(e);
}

/* The best move of a search of @b to @depth by a fresh engine (reductions
 * and all, as pdn analyse searches). */
static pdn_move
best_at(pdn_variant_id id, const pdn_board *b, int depth, int *score)
{
    pdn_engine_options o = {.variant = pdn_variant_get(id)};
    pdn_engine *e = pdn_engine_new(&o);
    pdn_search_limits l = {.depth = depth};
    pdn_search_info info;
    assert_int_equal(pdn_engine_search(e, b, NULL, 0, &l, NULL, NULL, &info),
                     1);
    assert_false(info.unfinished);
    pdn_engine_free(e);
    *score = info.lines[0].score;
    return info.lines[0].pv[0];
}

/* A depth stopped by the node limit after a move beat the last depth's
 * best there: the last depth completed stays as it was, and the better
 * move is given apart.  In this position of gc_italian_partite.pdn, depth
 * 11 prefers 27-22 (+3); at depth 12, 18-13 (-5) proves better than
 * 27-22 before the 50,000th node, and a full search to depth 12 plays it
 * too.  Over a range of limits, the lines of the depth completed are
 * always those of a search to that depth. */
static void
test_unfinished_depth(void **state)
{
    (void)state;
    pdn_board b = board(PDN_ITALIAN, "W:W18,19,23,24,25,26,27,29,30,31,32:"
                                     "B1,2,3,4,6,7,8,10,11,12,17");
    pdn_engine_options o = {.variant = pdn_variant_get(PDN_ITALIAN)};
    int unfinished = 0;
    for (uint64_t nodes = 20000; nodes <= 80000; nodes += 2000) {
        pdn_engine *e = pdn_engine_new(&o);
        pdn_search_limits l = {.nodes = nodes};
        pdn_search_info info;
        assert_int_equal(
            pdn_engine_search(e, &b, NULL, 0, &l, NULL, NULL, &info), 1);
        pdn_engine_free(e);
        int score;
        pdn_move best = best_at(PDN_ITALIAN, &b, info.depth, &score);
        assert_int_equal(info.lines[0].pv[0].from, best.from);
        assert_int_equal(info.lines[0].pv[0].to, best.to);
        assert_true(info.lines[0].pv[0].captured_bb == best.captured_bb);
        assert_int_equal(info.lines[0].score, score);
        if (!info.unfinished) {
            assert_ptr_equal(pdn_search_best(&info), &info.lines[0]);
            continue;
        }
        unfinished++;
        assert_ptr_equal(pdn_search_best(&info), &info.better);
        assert_true(info.better.npv >= 1);
        if (nodes == 50000) {
            char played[PDN_MOVE_TEXT_MAX], deeper[PDN_MOVE_TEXT_MAX];
            assert_int_equal(info.depth, 11);
            pdn_move at12 = best_at(PDN_ITALIAN, &b, 12, &score);
            pdn_notation_format_long(pdn_variant_get(PDN_ITALIAN),
                                     &info.better.pv[0], played);
            pdn_notation_format_long(pdn_variant_get(PDN_ITALIAN), &at12,
                                     deeper);
            assert_string_equal(played, "18-13");
            assert_string_equal(deeper, "18-13");
            assert_int_equal(info.better.score, score);
        }
    }
    assert_true(unfinished > 0);
}

static void
test_against_minimax(void **state)
{
    (void)state;
    check_variant(PDN_ITALIAN, 60, 4);
    check_variant(PDN_ITALIAN, 20, 6);
    check_variant(PDN_SPANISH, 40, 4);
    check_variant(PDN_ENGLISH, 40, 4);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_move_is_lost),
        cmocka_unit_test(test_win_in_one),
        cmocka_unit_test(test_repetition_is_a_draw),
        cmocka_unit_test(test_unfinished_depth),
        cmocka_unit_test(test_against_minimax),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
