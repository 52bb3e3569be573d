/* test_notation.c -- reading, matching and writing moves in PDN notation.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"

static pdn_written_move
read_ok(pdn_variant_id id, const char *text)
{
    pdn_written_move w;
    size_t at;
    char err[128];
    if (pdn_notation_parse(pdn_variant_get(id), text, strlen(text), &w, &at,
                           err, sizeof err) < 0)
        fail_msg("'%s' refused at %zu: %s", text, at, err);
    return w;
}

static void
read_bad(pdn_variant_id id, const char *text, size_t at_want,
         const char *message)
{
    pdn_written_move w;
    size_t at;
    char err[128];
    assert_int_equal(pdn_notation_parse(pdn_variant_get(id), text, strlen(text),
                                        &w, &at, err, sizeof err),
                     -1);
    assert_int_equal(at, at_want);
    assert_string_equal(err, message);
}

static void
expect_squares(pdn_written_move w, int capture, const int *squares, int n)
{
    assert_int_equal(w.count, n);
    assert_int_equal(w.capture, capture);
    for (int i = 0; i < n; i++)
        assert_int_equal(w.squares[i], squares[i]);
}

static void
test_read_forms(void **state)
{
    (void)state;
    expect_squares(read_ok(PDN_ITALIAN, "22-18"), 0, (int[]){22, 18}, 2);
    expect_squares(read_ok(PDN_ITALIAN, "22x13"), 1, (int[]){22, 13}, 2);
    expect_squares(read_ok(PDN_ITALIAN, "22:13"), 1, (int[]){22, 13}, 2);
    expect_squares(read_ok(PDN_ITALIAN, "22X13x6"), 1, (int[]){22, 13, 6}, 3);
    expect_squares(read_ok(PDN_ITALIAN, "2218"), 0, (int[]){22, 18}, 2);
    expect_squares(read_ok(PDN_ITALIAN, "05-09"), 0, (int[]){5, 9}, 2);
    expect_squares(read_ok(PDN_ITALIAN, "1-5"), 0, (int[]){1, 5}, 2);
    /* x written for a plain move is read as written. */
    expect_squares(read_ok(PDN_ITALIAN, "10x14"), 1, (int[]){10, 14}, 2);
    /* Alphanumeric, with or without a separator: Italian d3 is 22, c4 18;
     * English c3 is 22, d4 18. */
    expect_squares(read_ok(PDN_ITALIAN, "d3-c4"), 0, (int[]){22, 18}, 2);
    expect_squares(read_ok(PDN_ITALIAN, "d3c4"), 0, (int[]){22, 18}, 2);
    expect_squares(read_ok(PDN_ENGLISH, "c3-d4"), 0, (int[]){22, 18}, 2);
    expect_squares(read_ok(PDN_ENGLISH, "c3xe5xg7"), 1, (int[]){22, 15, 8}, 3);
}

static void
test_read_errors(void **state)
{
    (void)state;
    read_bad(PDN_ITALIAN, "22-", 3, "expected a square");
    read_bad(PDN_ITALIAN, "x13", 0, "expected a square");
    read_bad(PDN_ITALIAN, "33-18", 0, "expected a square number from 1 to 32");
    read_bad(PDN_ITALIAN, "22-0", 3, "expected a square number from 1 to 32");
    read_bad(PDN_ITALIAN, "122-18", 0, "expected a square number from 1 to 32");
    read_bad(PDN_ITALIAN, "22-18-14", 5,
             "expected 'x' between capture squares");
    read_bad(PDN_ITALIAN, "22x13-6", 5, "expected 'x' between capture squares");
    read_bad(PDN_ITALIAN, "22/18", 2,
             "expected '-', 'x' or ':' between squares");
    read_bad(PDN_ITALIAN, "c3-d4", 0, "expected a playing square");
    read_bad(PDN_ITALIAN, "c9-d4", 1, "expected a rank from 1 to 8");
    read_bad(PDN_ITALIAN, "22", 2, "expected a second square");
    read_bad(PDN_ITALIAN, "1x2x3x4x5x6x7x8x9x10x11x12x13x14", 30,
             "expected at most 13 squares");
}

static int
legal_moves(pdn_variant_id id, const char *fen, pdn_move *list)
{
    pdn_board b;
    pdn_fen_error err;
    assert_int_equal(
        pdn_fen_parse(pdn_variant_get(id), fen, strlen(fen), &b, &err), 0);
    return pdn_movegen_legal(pdn_variant_get(id), &b, list);
}

static int
count_matches(pdn_variant_id id, const pdn_move *list, int n, const char *text)
{
    pdn_written_move w = read_ok(id, text);
    int k = 0;
    for (int i = 0; i < n; i++)
        k += pdn_notation_matches(pdn_variant_get(id), &list[i], &w);
    return k;
}

static void
test_matching(void **state)
{
    (void)state;
    pdn_move list[PDN_MAX_MOVES];
    /* The two ways round four men from 21 back to 21 (Italian). */
    int n = legal_moves(PDN_ITALIAN, "W:WK21:B18,19,26,27", list);
    assert_int_equal(n, 2);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "21x21"), 2);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "21x14x23x30x21"), 1);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "21x30x23x14x21"), 1);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "21x14x23x21"), 1);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "21x23x14x21"), 1);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "21x18x21"), 0);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "21x22x21"), 0);
    /* A flying king may be written touching down anywhere between the
     * pieces it takes on one line (Spanish). */
    n = legal_moves(PDN_SPANISH, "W:WK1:B10,23", list);
    assert_int_equal(n, 2);
    assert_int_equal(count_matches(PDN_SPANISH, list, n, "1x28"), 1);
    assert_int_equal(count_matches(PDN_SPANISH, list, n, "1x14x28"), 1);
    assert_int_equal(count_matches(PDN_SPANISH, list, n, "1x19x28"), 1);
    assert_int_equal(count_matches(PDN_SPANISH, list, n, "1x19x32"), 1);
    assert_int_equal(count_matches(PDN_SPANISH, list, n, "1x28x19"), 0);
    /* 5 is passed over before the first piece: no place to touch down. */
    assert_int_equal(count_matches(PDN_SPANISH, list, n, "1x5x28"), 0);
    /* A plain move is matched by its two squares. */
    n = legal_moves(PDN_ITALIAN, "W:W21-32:B1-12", list);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "22-18"), 1);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "d3-c4"), 1);
    assert_int_equal(count_matches(PDN_ITALIAN, list, n, "22-17"), 0);
}

static void
test_writing(void **state)
{
    (void)state;
    pdn_move list[PDN_MAX_MOVES];
    char buf[PDN_MOVE_TEXT_MAX];
    const pdn_variant *it = pdn_variant_get(PDN_ITALIAN);
    int n = legal_moves(PDN_ITALIAN, "W:WK30:B10,K12,K18,20,K26,K27", list);
    assert_int_equal(n, 1);
    pdn_notation_format(it, &list[0], list, n, buf);
    assert_string_equal(buf, "30x5");
    pdn_notation_format_long(it, &list[0], buf);
    assert_string_equal(buf, "30x21x14x5");
    pdn_written_move w = pdn_notation_of_move(it, &list[0]);
    expect_squares(w, 1, (int[]){30, 21, 14, 5}, 4);

    n = legal_moves(PDN_ITALIAN, "W:W21-32:B1-12", list);
    pdn_notation_format(it, &list[0], list, n, buf);
    assert_non_null(strchr(buf, '-'));
    pdn_notation_format_long(it, &list[0], buf);
    assert_non_null(strchr(buf, '-'));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_forms),
        cmocka_unit_test(test_read_errors),
        cmocka_unit_test(test_matching),
        cmocka_unit_test(test_writing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
