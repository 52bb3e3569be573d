/* test_fen.c -- PDN FEN reading (every tolerance, every refusal with its
 * column) and writing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "rules/fen.h"
#include "rules/square.h"

static pdn_bb
squares(const pdn_variant *v, const int *list)
{
    pdn_bb b = 0;
    for (; *list; list++)
        b |= (pdn_bb)1 << pdn_square_to_bit(v, *list);
    return b;
}

static pdn_board
parse_ok(const pdn_variant *v, const char *fen)
{
    pdn_board b;
    pdn_fen_error err;
    int rc = pdn_fen_parse(v, fen, strlen(fen), &b, &err);
    if (rc != 0)
        fail_msg("'%s' refused at column %u: %s", fen, err.column, err.message);
    return b;
}

static void
parse_bad(const char *fen, unsigned column, const char *message)
{
    pdn_board b;
    pdn_fen_error err;
    const pdn_variant *v = pdn_variant_get(PDN_ITALIAN);
    assert_int_equal(pdn_fen_parse(v, fen, strlen(fen), &b, &err), -1);
    assert_int_equal(err.column, column);
    assert_string_equal(err.message, message);
}

static void
test_start_positions(void **state)
{
    (void)state;
    static const int low[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0};
    static const int high[] = {21, 22, 23, 24, 25, 26, 27,
                               28, 29, 30, 31, 32, 0};
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        pdn_board b = parse_ok(v, v->start_fen);
        pdn_board s = pdn_board_start(v);
        assert_true(pdn_board_equal(&b, &s));
        assert_int_equal(b.side, v->first);
        /* RULES.md: White on 21-32 (Italian, English), 1-12 (Spanish). */
        const int *white = id == PDN_SPANISH ? low : high;
        const int *black = id == PDN_SPANISH ? high : low;
        assert_true(b.pieces[PDN_WHITE] == squares(v, white));
        assert_true(b.pieces[PDN_BLACK] == squares(v, black));
        assert_true(b.kings == 0);
    }
}

static void
test_tolerances(void **state)
{
    (void)state;
    const pdn_variant *v = pdn_variant_get(PDN_ITALIAN);
    pdn_board a = parse_ok(v, "W:W21,22,K30:B1,K2,3");
    static const char *same[] = {
        "W:WK30,22,21:B3,K2,1",            /* any order */
        "W:W021,22,K030:B01,K02,03",       /* leading zeros */
        "W:W21,22,K30:B1,K2,3.",           /* trailing dot */
        "  W : W21, 22 ,K30 : B1,K2,3 . ", /* spaces */
        "W:B1,K2,3:W21,22,K30",            /* colours in either order */
        "w:w21,22,k30:b1,k2,3",            /* lower case */
        "W:W21-22,K30:B1,K2,3",            /* a range */
    };
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        pdn_board b = parse_ok(v, same[i]);
        if (!pdn_board_equal(&a, &b))
            fail_msg("'%s' read differently", same[i]);
    }
    /* The corpus form: leading zeros and a trailing ". ". */
    pdn_board c = parse_ok(v, "B:W18,19,20,21:B03,04,05,15. ");
    assert_int_equal(c.side, PDN_BLACK);
    assert_int_equal(pdn_bb_count(c.pieces[PDN_BLACK]), 4);
    /* A range of kings. */
    pdn_board k = parse_ok(v, "W:WK1-4:B29");
    assert_true(k.kings == squares(v, (const int[]){1, 2, 3, 4, 0}));
    /* One side empty, or missing. */
    pdn_board e = parse_ok(v, "W:W21-32:B");
    assert_true(e.pieces[PDN_BLACK] == 0);
    e = parse_ok(v, "B:B5");
    assert_true(e.pieces[PDN_WHITE] == 0);
    e = parse_ok(v, "W::.");
    assert_true(e.pieces[PDN_WHITE] == 0 && e.pieces[PDN_BLACK] == 0);
}

static void
test_refusals(void **state)
{
    (void)state;
    parse_bad("", 1, "expected 'W' or 'B' for the side to move, found the end");
    parse_bad("X:W21:B1", 1,
              "expected 'W' or 'B' for the side to move, found 'X'");
    parse_bad("W:W21:X1", 7,
              "expected 'W' or 'B' to start a list of pieces, found 'X'");
    parse_bad("W:W33:B1", 4,
              "expected a square number from 1 to 32, "
              "found '3'");
    parse_bad("W:W0:B1", 4,
              "expected a square number from 1 to 32, "
              "found '0'");
    parse_bad("W:W21,:B1", 7, "expected a square number, found ':'");
    parse_bad("W:W21,21:B1", 7, "expected each square once, found '2'");
    parse_bad("W:W21:B21", 8, "expected each square once, found '2'");
    parse_bad("W:W12-5:B1", 7,
              "expected a range from low to high, "
              "found '5'");
    parse_bad("W:W21;B1", 6,
              "expected ':', ',' or the end of the FEN, found ';'");
    parse_bad("W:W21:B1 x", 10,
              "expected ':', ',' or the end of the FEN, found 'x'");
    /* Columns count characters, not bytes. */
    parse_bad("W:W21:B1\xc3\xa9", 9,
              "expected ':', ',' or the end of the FEN, found byte 0xC3");
}

/* The one-pass reader of pdn_fen_parse() against the careful one, on
 * FENs made by mutating valid ones at random (a fixed seed): the same
 * verdict, and the same board when both read it. */
static void
test_fast_equals_careful(void **state)
{
    static const char *const seeds[] = {
        "W:W21-32:B1-12",
        ("B:W18,19,22,23,24,26,27,29,30,31,32:B01,02,03,04,06,07,08,09,11,"
         "12,13. "),
        " w : wK30 , 21 - 24 : bK1-K4,9 .",
        "W:WK1-K3:B",
        "B:W:B5,6",
        "W::B12",
        /* Runs of items read eight bytes at a time. */
        "W:W24,23,22,21,27,26,25,32,31,30,29:B4,3,2,1,7,6,5,11,10,9,15",
        "B:W05,07,10,32,31,9,8,7,6:B1,2,3,4,20,19,18,17,16",
        /* Long runs of two-digit squares, a final dot. */
        "B:W32,31,30,29,28,27,26,25,24,23,22,21:B1,2,3,4,5,6,7,8,9,10,11,12.",
        "W:B10,11,12,13,14,15,16,17,18,19,20:W21,22,23,24,25,26,27,28,29",
    };
    static const char alphabet[] = "WBwbKk0123456789-,:. \tx\0";
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    long agreed = 0, read = 0;
    (void)state;
    for (int v = 0; v < 3; v++) {
        const pdn_variant *var = pdn_variant_get((pdn_variant_id)v);
        for (int round = 0; round < 20000; round++) {
            char fen[96];
            const char *base = seeds[round % (sizeof seeds / sizeof *seeds)];
            size_t len = strlen(base);
            memcpy(fen, base, len);
            int edits = round % 4;
            for (int e = 0; e < edits; e++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                size_t at = (size_t)(seed >> 33) % (len + 1);
                char c = alphabet[(seed >> 13) % (sizeof alphabet - 1)];
                switch ((seed >> 7) % 3) {
                case 0: /* replace */
                    if (at < len)
                        fen[at] = c;
                    break;
                case 1: /* insert */
                    if (len + 1 < sizeof fen) {
                        memmove(fen + at + 1, fen + at, len - at);
                        fen[at] = c;
                        len++;
                    }
                    break;
                default: /* delete */
                    if (at < len) {
                        memmove(fen + at, fen + at + 1, len - at - 1);
                        len--;
                    }
                    break;
                }
            }
            pdn_board fast, careful;
            pdn_fen_error e1, e2;
            int a = pdn_fen_parse(var, fen, len, &fast, &e1);
            int b = pdn_fen_parse_careful(var, fen, len, &careful, &e2);
            if (a != b)
                fail_msg("'%.*s': %d by pdn_fen_parse, %d by the careful "
                         "reader",
                         (int)len, fen, a, b);
            if (a == 0) {
                assert_true(pdn_board_equal(&fast, &careful));
                read++;
            }
            agreed++;
        }
    }
    /* Both kinds were met: many read, many refused. */
    assert_true(read > 10000);
    assert_true(agreed - read > 10000);
}

/* A NUL inside the text is no end: both readers refuse it. */
static void
test_inner_nul(void **state)
{
    static const char fen[] = "W:W21-32\0:B1-12";
    const pdn_variant *v = pdn_variant_get(PDN_ITALIAN);
    pdn_board b;
    pdn_fen_error err;
    (void)state;
    assert_int_equal(pdn_fen_parse(v, fen, sizeof fen - 1, &b, &err), -1);
    assert_int_equal(pdn_fen_parse(v, fen, 8, &b, &err), 0);
    assert_int_equal(pdn_fen_parse(v, "W:W21-32.\0", 10, &b, &err), -1);
}

static void
test_write(void **state)
{
    (void)state;
    char buf[PDN_FEN_MAX];
    const pdn_variant *v = pdn_variant_get(PDN_ITALIAN);
    pdn_board b = parse_ok(v, "B:WK30,22,21:B3,K2,1");
    pdn_fen_write(v, &b, buf);
    assert_string_equal(buf, "B:W21,22,K30:B1,K2,3");
    b = pdn_board_start(pdn_variant_get(PDN_SPANISH));
    pdn_fen_write(pdn_variant_get(PDN_SPANISH), &b, buf);
    assert_string_equal(buf, "W:W1,2,3,4,5,6,7,8,9,10,11,12:"
                             "B21,22,23,24,25,26,27,28,29,30,31,32");
    b = parse_ok(v, "W:W21-32:B");
    pdn_fen_write(v, &b, buf);
    assert_string_equal(buf, "W:W21,22,23,24,25,26,27,28,29,30,31,32:B");
    /* The longest: every square a king. */
    b = parse_ok(v, "W:WK1-16:BK17-32");
    size_t n = pdn_fen_write(v, &b, buf);
    assert_true(n < PDN_FEN_MAX);
    pdn_board again = parse_ok(v, buf);
    assert_true(pdn_board_equal(&b, &again));
}

/* The writer against the plainest one: every square of every variant
 * by itself, then boards of pieces here and there. */
static void
test_write_every_square(void **state)
{
    (void)state;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        uint64_t seed = 12345;
        for (int round = 0; round < 2000; round++) {
            pdn_board b = pdn_board_empty(round & 1 ? PDN_BLACK : PDN_WHITE);
            char want[PDN_FEN_MAX * 2], got[PDN_FEN_MAX];
            int n = 0;
            for (int sq = 1; sq <= PDN_SQUARES; sq++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                unsigned r = (unsigned)(seed >> 33) % 6;
                if (round < PDN_SQUARES)
                    r = sq == round + 1 ? 1 + (unsigned)(round & 3) : 0;
                pdn_bb m = (pdn_bb)1 << pdn_square_to_bit(v, sq);
                if (r == 1 || r == 2)
                    b.pieces[PDN_WHITE] |= m;
                if (r == 3 || r == 4)
                    b.pieces[PDN_BLACK] |= m;
                if ((r == 2 || r == 4) && round % 3) /* some without */
                    b.kings |= m;
            }
            n = snprintf(want, sizeof want,
                         "%c:", b.side == PDN_WHITE ? 'W' : 'B');
            for (int c = 0; c < 2; c++) {
                n += snprintf(want + n, sizeof want - (size_t)n, "%s%c",
                              c ? ":" : "", c == PDN_WHITE ? 'W' : 'B');
                const char *sep = "";
                for (int sq = 1; sq <= PDN_SQUARES; sq++) {
                    pdn_bb m = (pdn_bb)1 << pdn_square_to_bit(v, sq);
                    if (!(b.pieces[c] & m))
                        continue;
                    n += snprintf(want + n, sizeof want - (size_t)n, "%s%s%d",
                                  sep, b.kings & m ? "K" : "", sq);
                    sep = ",";
                }
            }
            size_t len = pdn_fen_write(v, &b, got);
            assert_string_equal(got, want);
            assert_int_equal(len, strlen(want));
        }
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_positions),
        cmocka_unit_test(test_tolerances),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_fast_equals_careful),
        cmocka_unit_test(test_inner_nul),
        cmocka_unit_test(test_write),
        cmocka_unit_test(test_write_every_square),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
