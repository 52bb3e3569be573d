/* test_movegen.c -- legal moves of hand-checked positions: every position
 * of RULES.md section 3 with its published list, and positions that pin
 * each rule of sections 2, 4 and 5 (expected lists worked out by hand from
 * the rules, not taken from the generator); and the engine's generators
 * held to the reference one on random games.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/square.h"
#include "rng.h"

static int
compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Checks that @fen's legal moves, written as PDN, are exactly @expected
 * (a space-separated list, any order). */
static void
expect_moves(pdn_variant_id id, const char *fen, const char *expected)
{
    const pdn_variant *v = pdn_variant_get(id);
    pdn_board b;
    pdn_fen_error err;
    if (pdn_fen_parse(v, fen, strlen(fen), &b, &err) < 0)
        fail_msg("bad FEN %s: %s", fen, err.message);
    static pdn_move list[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(v, &b, list);
    assert_true(n >= 0);
    assert_int_equal(pdn_movegen_count(v, &b), n);
    assert_int_equal(pdn_movegen_has_capture(v, &b),
                     n > 0 && list[0].ncaptured > 0);

    static char got[PDN_MAX_MOVES][PDN_MOVE_TEXT_MAX];
    for (int i = 0; i < n; i++)
        pdn_notation_format(v, &list[i], list, n, got[i]);
    qsort(got, (size_t)n, sizeof got[0], compare_text);

    static char want[PDN_MAX_MOVES][PDN_MOVE_TEXT_MAX];
    int m = 0;
    char copy[512];
    snprintf(copy, sizeof copy, "%s", expected);
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " "))
        snprintf(want[m++], PDN_MOVE_TEXT_MAX, "%s", tok);
    qsort(want, (size_t)m, sizeof want[0], compare_text);

    char got_text[2048] = "", *p = got_text;
    for (int i = 0; i < n; i++)
        p += snprintf(p, sizeof got_text - (size_t)(p - got_text), " %s",
                      got[i]);
    if (n != m)
        fail_msg("%s %s: expected %s, got%s", v->name, fen, expected, got_text);
    for (int i = 0; i < n; i++)
        if (strcmp(got[i], want[i]) != 0)
            fail_msg("%s %s: expected %s, got%s", v->name, fen, expected,
                     got_text);
}

/* RULES.md section 3, the published table (White to move). */
static void
test_italian_published_positions(void **state)
{
    (void)state;
    expect_moves(PDN_ITALIAN, "W:W30:B27", "30x23");
    expect_moves(PDN_ITALIAN, "W:W31:B12,20,28", "31x8");
    expect_moves(PDN_ITALIAN, "W:WK22:B18,19,27", "22x13 22x15 22x31");
    expect_moves(PDN_ITALIAN, "W:WK27:B5,6,13,15,21,23", "27x25");
    expect_moves(PDN_ITALIAN, "W:WK21,31:B10,18,27", "31x6");
    expect_moves(PDN_ITALIAN, "W:WK23,31:B19,26,27", "23x21");
    expect_moves(PDN_ITALIAN, "W:WK23:B19,K28", "23x32");
    expect_moves(PDN_ITALIAN, "W:WK30:B10,12,18,K20,K26,27", "30x5");
    expect_moves(PDN_ITALIAN, "W:WK31:B18,20,K27,K28", "31x13 31x15");
    expect_moves(PDN_ITALIAN, "W:W30:BK26", "30-27");
    expect_moves(PDN_ITALIAN, "W:WK30:BK26", "30x21");
    /* Law 4's lexicographic tie-break (RULES.md section 3 example). */
    expect_moves(PDN_ITALIAN, "W:WK30:B10,K12,K18,20,K26,K27", "30x5");
}

static void
test_italian_rules(void **state)
{
    (void)state;
    /* Start position. */
    expect_moves(PDN_ITALIAN, "W:W21-32:B1-12",
                 "21-17 21-18 22-18 22-19 23-19 23-20 24-20");
    /* Promotion ends the move: 11x2 crowns on c8 and may not go on to
     * take 5 backwards as a king. */
    expect_moves(PDN_ITALIAN, "W:W11:B5,6", "11x2");
    /* Men move forward only; a king steps one square in any direction. */
    expect_moves(PDN_ITALIAN, "W:W22,K14:B1",
                 "22-18 22-19 14-10 14-11 "
                 "14-18 14-19");
    /* Two ways round the same four men, back to the start square: the
     * same from and to, so both are written in full. */
    expect_moves(PDN_ITALIAN, "W:WK21:B18,19,26,27",
                 "21x14x23x30x21 21x30x23x14x21");
    /* Black moves down the board. */
    expect_moves(PDN_ITALIAN, "B:W32:B5", "5-9 5-10");
    /* No move at all. */
    expect_moves(PDN_ITALIAN, "W:W5:B1,2", "");
}

static void
test_spanish_rules(void **state)
{
    (void)state;
    /* Start position: White on 1-12 moves first. */
    expect_moves(PDN_SPANISH, "W:W1-12:B21-32",
                 "9-13 10-13 10-14 11-14 11-15 12-15 12-16");
    /* A flying king on h1 (1) runs the long diagonal to b7 (28). */
    expect_moves(PDN_SPANISH, "W:WK1:B32", "1-5 1-10 1-14 1-19 1-23 1-28");
    /* It takes at a distance and lands where it likes beyond. */
    expect_moves(PDN_SPANISH, "W:WK1:B14", "1x19 1x23 1x28 1x32");
    /* Taking 10 and then 23 on the same line: the touch-down between them
     * (14 or 19) does not make two moves; stopping early is not allowed. */
    expect_moves(PDN_SPANISH, "W:WK1:B10,23", "1x28 1x32");
    /* Men may take kings, and quality prefers the king. */
    expect_moves(PDN_SPANISH, "W:W10:BK14,13", "10x19");
    expect_moves(PDN_SPANISH, "W:W10:B14,13", "10x17 10x19");
    /* Quantity: the man's two pieces (14, 22) beat the king's one (22,
     * landing anywhere from 19 to 8). */
    expect_moves(PDN_SPANISH, "W:W10,K29:B14,22,25", "10x26");
}

static void
test_english_rules(void **state)
{
    (void)state;
    /* Start position: Black on 1-12 moves first, down the board. */
    expect_moves(PDN_ENGLISH, "B:W21-32:B1-12",
                 "9-13 9-14 10-14 10-15 11-15 11-16 12-16");
    /* Free choice: the single capture is as legal as the double. */
    expect_moves(PDN_ENGLISH, "B:W14,15,22:B10", "10x19 10x26");
    /* A man may take a king. */
    expect_moves(PDN_ENGLISH, "B:WK14:B10", "10x17");
    /* A king steps one square in each direction. */
    expect_moves(PDN_ENGLISH, "B:W32:BK14", "14-9 14-10 14-17 14-18");
    /* Crowning ends the move: 9 (b6) takes 6 (c7) and is crowned on 2
     * (d8); as a king it could take 7 (e7), but the move is over. */
    expect_moves(PDN_ENGLISH, "W:W9:B6,7", "9x2");
}

static void
test_move_details(void **state)
{
    (void)state;
    const pdn_variant *v = pdn_variant_get(PDN_ITALIAN);
    const char *fen = "W:WK30:B10,K12,K18,20,K26,K27";
    pdn_board b;
    pdn_fen_error err;
    assert_int_equal(pdn_fen_parse(v, fen, strlen(fen), &b, &err), 0);
    pdn_move list[PDN_MAX_MOVES];
    assert_int_equal(pdn_movegen_legal(v, &b, list), 1);
    const pdn_move *m = &list[0];
    static const int path[] = {21, 14, 5}, taken[] = {26, 18, 10};
    assert_int_equal(pdn_square_from_bit(v, m->from), 30);
    assert_int_equal(m->ncaptured, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pdn_square_from_bit(v, m->landing[i]), path[i]);
        assert_int_equal(pdn_square_from_bit(v, m->captured[i]), taken[i]);
    }
    assert_true(m->flags & PDN_MOVE_KING);
    pdn_board after = b;
    pdn_board_play(&after, m);
    char buf[PDN_FEN_MAX];
    pdn_fen_write(v, &after, buf);
    assert_string_equal(buf, "B:WK5:BK12,20,K27");
}

/* The engine's generators (movegen_deltas.c) held to pdn_movegen_legal()
 * on the positions of random games of each variant: the same moves in
 * the same order, each leading to the same position; the same count and
 * kind; and the generators picked for a known kind agree with them. */
static void
test_deltas_random(void **state)
{
    (void)state;
    uint64_t seed = 0x9E3779B97F4A7C15u;
    static pdn_move list[PDN_MAX_MOVES];
    static pdn_delta_list dl, dl_for, dl_known;
    long positions = 0, kings = 0, captures = 0;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        for (int game = 0; game < 1000; game++) {
            pdn_board b = pdn_board_start(v);
            for (int ply = 0; ply < 200; ply++) {
                int n = pdn_movegen_legal(v, &b, list);
                assert_true(n >= 0);
                positions++;
                kings += b.kings != 0;
                captures += n > 0 && list[0].ncaptured > 0;
                assert_int_equal(pdn_movegen_deltas(v, &b, &dl), n);
                assert_int_equal(pdn_movegen_deltas_for(v, b.side)(&b, &dl_for),
                                 n);
                pdn_moves_kind kind = pdn_movegen_kind_for(v, b.side)(&b);
                pdn_moves_kind want = n == 0 ? PDN_MOVES_NONE
                                      : list[0].ncaptured > 0
                                          ? PDN_MOVES_CAPTURE
                                          : PDN_MOVES_QUIET;
                assert_int_equal(kind, want);
                assert_int_equal(pdn_movegen_deltas_known_for(v, b.side, kind)(
                                     &b, &dl_known),
                                 n);
                assert_int_equal(pdn_movegen_count(v, &b), n);
                assert_int_equal(pdn_movegen_has_capture(v, &b),
                                 want == PDN_MOVES_CAPTURE);
                for (int i = 0; i < n; i++) {
                    pdn_board want_after, a1, a2, a3;
                    pdn_board_after(&b, &list[i], &want_after);
                    pdn_delta_list_play(&b, &dl, i, &a1);
                    pdn_delta_list_play(&b, &dl_for, i, &a2);
                    pdn_delta_list_play(&b, &dl_known, i, &a3);
                    if (!pdn_board_equal(&a1, &want_after) ||
                        !pdn_board_equal(&a2, &want_after) ||
                        !pdn_board_equal(&a3, &want_after))
                        fail_msg("%s, game %d, ply %d: move %d of %d "
                                 "leads elsewhere",
                                 v->name, game, ply, i, n);
                }
                if (n == 0)
                    break;
                test_random(&seed);
                pdn_board_play(&b, &list[seed % (uint64_t)n]);
            }
        }
    }
    /* The games reach kings and captures, or the test tests little. */
    assert_true(positions > 100000);
    assert_true(kings > positions / 10);
    assert_true(captures > positions / 20);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_italian_published_positions),
        cmocka_unit_test(test_italian_rules),
        cmocka_unit_test(test_spanish_rules),
        cmocka_unit_test(test_english_rules),
        cmocka_unit_test(test_move_details),
        cmocka_unit_test(test_deltas_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
