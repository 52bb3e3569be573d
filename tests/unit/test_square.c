/* test_square.c -- PDN numbering of every square of every variant, checked
 * against the boards drawn in RULES.md section 1, and the bit layout
 * checked against board geometry.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "rules/bitboard.h"
#include "rules/square.h"
#include "rules/variant.h"

/* RULES.md section 1, rank 8 first, files a..h; 0 = not played on. */
static const int english_board[8][8] = {
    {0, 1, 0, 2, 0, 3, 0, 4},     {5, 0, 6, 0, 7, 0, 8, 0},
    {0, 9, 0, 10, 0, 11, 0, 12},  {13, 0, 14, 0, 15, 0, 16, 0},
    {0, 17, 0, 18, 0, 19, 0, 20}, {21, 0, 22, 0, 23, 0, 24, 0},
    {0, 25, 0, 26, 0, 27, 0, 28}, {29, 0, 30, 0, 31, 0, 32, 0},
};
static const int italian_board[8][8] = {
    {1, 0, 2, 0, 3, 0, 4, 0},     {0, 5, 0, 6, 0, 7, 0, 8},
    {9, 0, 10, 0, 11, 0, 12, 0},  {0, 13, 0, 14, 0, 15, 0, 16},
    {17, 0, 18, 0, 19, 0, 20, 0}, {0, 21, 0, 22, 0, 23, 0, 24},
    {25, 0, 26, 0, 27, 0, 28, 0}, {0, 29, 0, 30, 0, 31, 0, 32},
};
static const int spanish_board[8][8] = {
    {32, 0, 31, 0, 30, 0, 29, 0}, {0, 28, 0, 27, 0, 26, 0, 25},
    {24, 0, 23, 0, 22, 0, 21, 0}, {0, 20, 0, 19, 0, 18, 0, 17},
    {16, 0, 15, 0, 14, 0, 13, 0}, {0, 12, 0, 11, 0, 10, 0, 9},
    {8, 0, 7, 0, 6, 0, 5, 0},     {0, 4, 0, 3, 0, 2, 0, 1},
};

static const int (*board_of(pdn_variant_id id))[8]
{
    switch (id) {
    case PDN_ENGLISH:
        return english_board;
    case PDN_ITALIAN:
        return italian_board;
    default:
        return spanish_board;
    }
}

static void
test_numbering_matches_drawn_boards(void **state)
{
    (void)state;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        const int(*drawn)[8] = board_of((pdn_variant_id)id);
        for (int row = 0; row < 8; row++) {
            for (int file = 0; file < 8; file++) {
                int rank = 8 - row, n = drawn[row][file];
                assert_int_equal(pdn_square_at(v, file, rank), n);
                if (n == 0)
                    continue;
                int f, r;
                assert_int_equal(pdn_square_coords(v, n, &f, &r), 0);
                assert_int_equal(f, file);
                assert_int_equal(r, rank);
            }
        }
    }
}

static void
test_bits_round_trip(void **state)
{
    (void)state;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        pdn_bb seen = 0;
        for (int n = 1; n <= 32; n++) {
            int bit = pdn_square_to_bit(v, n);
            assert_in_range(bit, 0, PDN_BB_BITS - 1);
            assert_true((BB_PLAYABLE >> bit) & 1);
            assert_false((seen >> bit) & 1);
            seen |= (pdn_bb)1 << bit;
            assert_int_equal(pdn_square_from_bit(v, bit), n);
        }
        assert_true(seen == BB_PLAYABLE);
        assert_int_equal(pdn_square_to_bit(v, 0), -1);
        assert_int_equal(pdn_square_to_bit(v, 33), -1);
        assert_int_equal(pdn_square_from_bit(v, 8), 0); /* a ghost */
    }
}

/* The bit layout's steps are exactly the board's diagonal neighbours, and
 * +4/+5 go up the board (towards rank 8) in every variant. */
static void
test_steps_are_diagonal_neighbours(void **state)
{
    (void)state;
    static const int dirs[4] = {BB_UP_A, BB_UP_B, BB_DOWN_A, BB_DOWN_B};
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        for (int n = 1; n <= 32; n++) {
            int file, rank;
            pdn_square_coords(v, n, &file, &rank);
            pdn_bb by_steps = 0, by_coords = 0, up = 0, up_coords = 0;
            pdn_bb sq = (pdn_bb)1 << pdn_square_to_bit(v, n);
            for (int i = 0; i < 4; i++) {
                by_steps |= pdn_bb_step(sq, dirs[i]);
                if (dirs[i] > 0)
                    up |= pdn_bb_step(sq, dirs[i]);
            }
            for (int df = -1; df <= 1; df += 2)
                for (int dr = -1; dr <= 1; dr += 2) {
                    int m = pdn_square_at(v, file + df, rank + dr);
                    if (m == 0)
                        continue;
                    pdn_bb b = (pdn_bb)1 << pdn_square_to_bit(v, m);
                    by_coords |= b;
                    if (dr > 0)
                        up_coords |= b;
                }
            assert_true(by_steps == by_coords);
            assert_true(up == up_coords);
        }
    }
}

static void
test_examples_from_rules(void **state)
{
    (void)state;
    const pdn_variant *it = pdn_variant_get(PDN_ITALIAN);
    /* "Italian 21 (b3) steps to 17 (a4) and 18 (c4); Italian 1 touches
     * only 5." */
    char name[3];
    pdn_square_name(it, 21, name);
    assert_string_equal(name, "b3");
    pdn_square_name(it, 17, name);
    assert_string_equal(name, "a4");
    pdn_square_name(it, 18, name);
    assert_string_equal(name, "c4");
    /* "Spanish square n is Italian square 33-n" (same board, turned). */
    const pdn_variant *sp = pdn_variant_get(PDN_SPANISH);
    for (int n = 1; n <= 32; n++) {
        int f1, r1, f2, r2;
        pdn_square_coords(sp, n, &f1, &r1);
        pdn_square_coords(it, 33 - n, &f2, &r2);
        assert_int_equal(f1, f2);
        assert_int_equal(r1, r2);
    }
    /* English: a1 is played on (29); Italian: h1 is (32); Spanish h1 = 1. */
    assert_int_equal(pdn_square_at(pdn_variant_get(PDN_ENGLISH), 0, 1), 29);
    assert_int_equal(pdn_square_at(it, 7, 1), 32);
    assert_int_equal(pdn_square_at(sp, 7, 1), 1);
}

static void
test_variant_lookup(void **state)
{
    (void)state;
    assert_ptr_equal(pdn_variant_by_name("Italian"),
                     pdn_variant_get(PDN_ITALIAN));
    assert_ptr_equal(pdn_variant_by_name("english"),
                     pdn_variant_get(PDN_ENGLISH));
    assert_null(pdn_variant_by_name("international"));
    assert_ptr_equal(pdn_variant_by_gametype("22"),
                     pdn_variant_get(PDN_ITALIAN));
    assert_ptr_equal(pdn_variant_by_gametype(" 24 "),
                     pdn_variant_get(PDN_SPANISH));
    assert_ptr_equal(pdn_variant_by_gametype("21,B,8,8,N1,0"),
                     pdn_variant_get(PDN_ENGLISH));
    assert_ptr_equal(pdn_variant_by_gametype("22,W,8,8,N2,1"),
                     pdn_variant_get(PDN_ITALIAN));
    assert_null(pdn_variant_by_gametype("22,B,8,8,N2,1"));
    assert_null(pdn_variant_by_gametype("20"));
    assert_null(pdn_variant_by_gametype("20,W,10,10,N2,0"));
    assert_null(pdn_variant_by_gametype("italian"));
    assert_null(pdn_variant_by_gametype(""));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbering_matches_drawn_boards),
        cmocka_unit_test(test_bits_round_trip),
        cmocka_unit_test(test_steps_are_diagonal_neighbours),
        cmocka_unit_test(test_examples_from_rules),
        cmocka_unit_test(test_variant_lookup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
