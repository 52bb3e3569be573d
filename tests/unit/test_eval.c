/* test_eval.c -- the evaluation the search calls (pdn_eval(), by tables
 * and sets) against its plain reading square by square (pdn_eval_plain(),
 * from pdn_eval_terms()), on random placements of men and kings of all
 * three variants, with each variant's weights and with random ones; and
 * the counts of the terms in positions worked out by hand.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/eval.h"
#include "rng.h"
#include "rules/fen.h"
#include "rules/square.h"
#include "rules/variant.h"

/* Placements per variant and set of weights. */
#define EVAL_POSITIONS 20000

/* A random placement: each square empty, or a man or a king of either
 * side, about @fill in 8 of them taken; no man on its crowning row. */
static pdn_board
random_board(const pdn_variant *v, uint64_t *seed, int fill)
{
    pdn_board b =
        pdn_board_empty(test_random(seed) & 1 ? PDN_BLACK : PDN_WHITE);
    for (int n = 1; n <= PDN_SQUARES; n++) {
        uint64_t r = test_random(seed);
        if ((int)(r & 7) >= fill)
            continue;
        int bit = pdn_square_to_bit(v, n), f, rank;
        pdn_color c = r >> 3 & 1 ? PDN_BLACK : PDN_WHITE;
        bool king = (r >> 4 & 3) == 0;
        pdn_square_coords(v, n, &f, &rank);
        if (rank == (c == PDN_WHITE ? 8 : 1))
            king = true;
        b.pieces[c] |= (pdn_bb)1 << bit;
        if (king)
            b.kings |= (pdn_bb)1 << bit;
    }
    return b;
}

/* pdn_eval() against pdn_eval_plain() with @v's weights, or @w, and
 * with the window weights @windows when not NULL. */
static void
compare(const pdn_variant *v, const int *w, const int16_t *windows,
        uint64_t seed)
{
    pdn_eval_tables t;
    pdn_eval_init(&t, v, w);
    if (windows) {
        t.windows = windows;
        t.phases = PDN_EVAL_PHASES;
    }
    int bad = 0;
    for (int i = 0; i < EVAL_POSITIONS; i++) {
        pdn_board b = random_board(v, &seed, 1 + i % 6);
        int fast = pdn_eval(&t, &b), plain = pdn_eval_plain(&t, &b);
        if (fast != plain && bad++ < 8) {
            char fen[PDN_FEN_MAX];
            pdn_fen_write(v, &b, fen);
            fprintf(stderr, "%s %s: pdn_eval %d, plain %d\n", v->name, fen,
                    fast, plain);
        }
    }
    assert_int_equal(bad, 0);
}

static void
test_rows_have_every_weight(void **state)
{
    (void)state;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        assert_int_equal(v->neval_weights, PDN_EVAL_NTERMS);
        if (v->eval_end_weights)
            assert_int_equal(v->neval_end_weights, PDN_EVAL_NTERMS);
        if (v->eval_windows)
            assert_int_equal(v->neval_windows, PDN_EVAL_PHASES *
                                                   PDN_EVAL_WINDOWS *
                                                   PDN_EVAL_WINDOW_CONFIGS);
    }
    for (int i = 0; i < PDN_EVAL_NTERMS; i++)
        assert_non_null(pdn_eval_term_name(i));
    assert_null(pdn_eval_term_name(PDN_EVAL_NTERMS));
}

static void
test_fast_is_plain(void **state)
{
    (void)state;
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        compare(v, NULL, NULL, seed + (uint64_t)id);
        /* Weights of either sign for every term, so that none of them is
           left out by a weight of 0. */
        for (int k = 0; k < 4; k++) {
            int w[PDN_EVAL_PHASES * PDN_EVAL_NTERMS];
            for (int i = 0; i < PDN_EVAL_PHASES * PDN_EVAL_NTERMS; i++)
                w[i] = (int)(test_random(&seed) % 121) - 60;
            for (int ph = 0; ph < PDN_EVAL_PHASES; ph++)
                w[ph * PDN_EVAL_NTERMS + EVAL_KING] =
                    150 + (int)(test_random(&seed) % 300);
            compare(v, w, NULL, seed);
        }
    }
    /* Window weights of either sign for every configuration, with each
       variant's row and with random weights. */
    size_t n =
        (size_t)PDN_EVAL_PHASES * PDN_EVAL_WINDOWS * PDN_EVAL_WINDOW_CONFIGS;
    int16_t *windows = malloc(n * sizeof *windows);
    assert_non_null(windows);
    for (size_t i = 0; i < n; i++)
        windows[i] = (int16_t)((int)(test_random(&seed) % 201) - 100);
    for (int id = 0; id < PDN_VARIANT_COUNT; id++)
        compare(pdn_variant_get((pdn_variant_id)id), NULL, windows, seed);
    free(windows);
}

/* @fen, an Italian position, in @b, and @t made with the weights @w
 * (NULL: the row's). */
static void
read_position(const char *fen, const int *w, pdn_board *b, pdn_eval_tables *t)
{
    const pdn_variant *v = pdn_variant_default();
    pdn_fen_error err;
    assert_int_equal(pdn_fen_parse(v, fen, strlen(fen), b, &err), 0);
    pdn_eval_init(t, v, w);
}

/* The counts of @fen's terms, White's minus Black's. */
static void
terms_of(const char *fen, int *f)
{
    pdn_board b;
    pdn_eval_tables t;
    read_position(fen, NULL, &b, &t);
    assert_true(pdn_eval_terms(&t, &b, f));
}

static void
test_terms_by_hand(void **state)
{
    int f[PDN_EVAL_NTERMS];
    (void)state;
    /* Italian (square 1 is a8, 32 is h1).  White: a man on b7 (5), free
       a rank from crowning, and one on f1 (31), on its back rank; Black:
       a man on h3 (24), on its sixth rank, whose way runs through f1. */
    terms_of("W:W5,31:B24", f);
    assert_int_equal(f[EVAL_ADVANCE_7], 1);
    assert_int_equal(f[EVAL_ADVANCE_6], -1);
    assert_int_equal(f[EVAL_RUNAWAY_1], 1);
    assert_int_equal(f[EVAL_RUNAWAY_2], 0);
    assert_int_equal(f[EVAL_BACK_RANK], 1);
    assert_int_equal(f[EVAL_BALANCE], 0 - 1);
    assert_int_equal(f[EVAL_CENTRE], 0);
    assert_int_equal(f[EVAL_TEMPO], 1);
    assert_int_equal(f[EVAL_TRADE_DOWN], 24 - 3);
    /* The squares as each side sees them: b7 is the first square from
       White's left of its rank 7, f1 the third of its rank 1; h3 is
       Black's rank 6, and h is Black's left. */
    assert_int_equal(f[EVAL_MAN_7_1], 1);
    assert_int_equal(f[EVAL_MAN_1_3], 1);
    assert_int_equal(f[EVAL_MAN_6_1], -1);
    int squares = 0;
    for (int i = EVAL_MAN_1_1; i <= EVAL_MAN_7_4; i++)
        squares += f[i] != 0;
    assert_int_equal(squares, 3);
    /* A white king on b1 (29) hemmed in by black men on a2 and c2 (25,
       26), which it blocks; a white man on b3 (21), a black one on a8
       (1), on Black's back rank. */
    terms_of("B:WK29,21:B25,26,1", f);
    assert_int_equal(f[EVAL_KING], 1);
    assert_int_equal(f[EVAL_KING_TRAPPED], 1);
    assert_int_equal(f[EVAL_KING_FREE], 0);
    assert_int_equal(f[EVAL_KING_EDGE], 1);
    assert_int_equal(f[EVAL_ADVANCE_3], 1);
    assert_int_equal(f[EVAL_ADVANCE_7], -2);
    assert_int_equal(f[EVAL_RUNAWAY_1], 0);
    assert_int_equal(f[EVAL_BACK_RANK], -1);
    assert_int_equal(f[EVAL_BALANCE], 1 - 3);
    assert_int_equal(f[EVAL_TEMPO], 0);
    /* a2 and c2 are the fourth and third squares from Black's left of
       its rank 7, a8 the fourth of its rank 1; the king has none. */
    assert_int_equal(f[EVAL_MAN_3_1], 1);
    assert_int_equal(f[EVAL_MAN_7_4], -1);
    assert_int_equal(f[EVAL_MAN_7_3], -1);
    assert_int_equal(f[EVAL_MAN_1_4], -1);
    /* A king and a man against three men: White leads if a king is worth
       more than two men by the row's weight, else Black; 5 pieces, by
       the lead's sign. */
    int king = pdn_variant_default()->eval_weights[EVAL_KING];
    assert_int_equal(f[EVAL_TRADE_DOWN], king > 200 ? 24 - 5 : 5 - 24);
    /* The king freed: two empty squares next to it. */
    terms_of("B:WK29,21:B1", f);
    assert_int_equal(f[EVAL_KING_TRAPPED], 0);
    assert_int_equal(f[EVAL_KING_FREE], 2);
}

/* The score of @fen for the side to move with the weights @w. */
static int
score_of(const char *fen, const int *w)
{
    pdn_board b;
    pdn_eval_tables t;
    read_position(fen, w, &b, &t);
    assert_int_equal(pdn_eval(&t, &b), pdn_eval_plain(&t, &b));
    return pdn_eval(&t, &b);
}

static void
test_phases_blend_by_men(void **state)
{
    (void)state;
    /* A king is worth 240 in the opening, 120 in the ending; nothing else
       weighs. */
    int w[PDN_EVAL_PHASES * PDN_EVAL_NTERMS] = {0};
    w[EVAL_KING] = 240;
    w[PDN_EVAL_NTERMS + EVAL_KING] = 120;
    /* No man on the board: the ending's weight. */
    assert_int_equal(score_of("W:WK29,K30:BK1", w), 120);
    /* 12 men of 24: half way, 180 for the king; and 2 men up for
       Black, the side to move. */
    assert_int_equal(score_of("B:WK32,21,22,23,24,25:B1,2,3,4,5,6,7", w),
                     200 - 180);
    /* All 24 men and two kings more (a board that cannot arise, but the
       phase counts only men): the opening's. */
    assert_int_equal(score_of("W:WK31,K32,13-24:B1-12", w), 2 * 240);
}

/* @b turned round: rotated half a turn (internal square i to 31 - i),
 * the colours swapped, the other side to move. */
static pdn_board
turned_round(const pdn_board *b)
{
    pdn_board out =
        pdn_board_empty(b->side == PDN_WHITE ? PDN_BLACK : PDN_WHITE);
    for (int i = 0; i < PDN_SQUARES; i++) {
        pdn_bb from = PDN_BB_OF_INDEX(i);
        pdn_bb to = PDN_BB_OF_INDEX(PDN_SQUARES - 1 - i);
        for (int c = 0; c < 2; c++)
            if (b->pieces[c] & from)
                out.pieces[1 - c] |= to;
        if (b->kings & from)
            out.kings |= to;
    }
    return out;
}

static void
test_windows(void **state)
{
    (void)state;
    pdn_board b;
    pdn_eval_tables t;
    uint16_t own[PDN_EVAL_WINDOWS], turned[PDN_EVAL_WINDOWS];
    /* The start: White's men fill ranks 1-3 (digit 1), Black's 6-8 (digit
       2); the windows from rank 1 read 1 on their first 3 ranks' 6
       squares, those from rank 5 read 2 on their last 3 ranks', the
       others in between; turned round, the board is itself. */
    read_position("W:W21-32:B1-12", NULL, &b, &t);
    pdn_eval_windows(&b, own, turned);
    for (int c = 0; c < 3; c++) {
        assert_int_equal(own[c], 1 + 3 + 9 + 27 + 81 + 243);
        assert_int_equal(own[3 + c], 1 + 3 + 9 + 27);
        assert_int_equal(own[6 + c], 1 + 3 + 2 * (729 + 2187));
        assert_int_equal(own[9 + c], 2 * (81 + 243 + 729 + 2187));
        assert_int_equal(own[12 + c], 2 * (9 + 27 + 81 + 243 + 729 + 2187));
    }
    for (int w = 0; w < PDN_EVAL_WINDOWS; w++)
        assert_int_equal(own[w], turned[w]);
    /* Kings are not in the windows. */
    read_position("W:WK21,K22:BK1", NULL, &b, &t);
    pdn_eval_windows(&b, own, turned);
    for (int w = 0; w < PDN_EVAL_WINDOWS; w++) {
        assert_int_equal(own[w], 0);
        assert_int_equal(turned[w], 0);
    }
    /* A board turned round has its windows and the turned ones swapped. */
    uint64_t seed = 7;
    const pdn_variant *v = pdn_variant_default();
    for (int i = 0; i < 1000; i++) {
        uint16_t own2[PDN_EVAL_WINDOWS], turned2[PDN_EVAL_WINDOWS];
        b = random_board(v, &seed, 1 + i % 7);
        pdn_board r = turned_round(&b);
        pdn_eval_windows(&b, own, turned);
        pdn_eval_windows(&r, own2, turned2);
        assert_memory_equal(own, turned2, sizeof own);
        assert_memory_equal(turned, own2, sizeof own);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_have_every_weight),
        cmocka_unit_test(test_fast_is_plain),
        cmocka_unit_test(test_terms_by_hand),
        cmocka_unit_test(test_phases_blend_by_men),
        cmocka_unit_test(test_windows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
