/* test_criteria.c -- the criteria of pdn select (archive/criteria.h):
 * their texts read or refused, and games that meet them or not by their
 * result, date, length, moves and material.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "archive/criteria.h"
#include "model/tagmap.h"
#include "syntax/reader.h"

/* The games of this test, read as pdn reads them. */
static const char games[] =
    "[Result \"1-0\"]\n[Date \"2004.??.??\"]\n1. 22-18 10-14 2. 24-20 1-0\n\n"
    "[Result \"*\"]\n1. 21-17 *\n";

/* Which of the two games @c takes, as a string of 0s and 1s. */
static void
takes(const pdn_criteria *c, const char *want)
{
    pdn_tagmap *map = pdn_tagmap_new();
    pdn_reader_options ro = {.tagmap = map};
    pdn_reader *r = pdn_reader_new_mem("games", games, strlen(games), &ro);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    char got[8] = "";
    size_t n = 0;

    while (n + 1 < sizeof got && pdn_reader_next(r, &g, &d) > 0) {
        got[n++] = pdn_criteria_meets(c, g) ? '1' : '0';
        pdn_reader_recycle(r, g);
    }
    got[n] = '\0';
    pdn_diags_free(&d);
    pdn_reader_free(r);
    pdn_tagmap_free(map);
    assert_string_equal(got, want);
}

/* Criteria of the default variant, none set. */
static void
start(pdn_criteria *c)
{
    pdn_criteria_init(c);
    c->variant = pdn_variant_default();
}

static void
test_plies(void **state)
{
    pdn_criteria c;
    (void)state;
    start(&c);
    assert_int_equal(pdn_criteria_read_plies(&c, "2..5"), 0);
    assert_true(c.plies_min == 2 && c.plies_max == 5);
    assert_int_equal(pdn_criteria_read_plies(&c, "3.."), 0);
    assert_true(c.plies_min == 3 && c.plies_max == UINT64_MAX);
    assert_int_equal(pdn_criteria_read_plies(&c, "..4"), 0);
    assert_true(c.plies_min == 0 && c.plies_max == 4);
    assert_int_equal(pdn_criteria_read_plies(&c, "7"), 0);
    assert_true(c.plies_min == 7 && c.plies_max == 7);
    assert_int_equal(pdn_criteria_read_plies(&c, ".."), -1);
    assert_int_equal(pdn_criteria_read_plies(&c, "5..2"), -1);
    assert_int_equal(pdn_criteria_read_plies(&c, "x"), -1);
    assert_int_equal(pdn_criteria_read_plies(&c, "1..2"), 0);
    takes(&c, "01");
    pdn_criteria_fini(&c);
}

static void
test_material(void **state)
{
    pdn_criteria c;
    (void)state;
    start(&c);
    assert_int_equal(pdn_criteria_read_material(&c, "W2K1M-B1K"), 0);
    assert_true(c.material_colours && c.material_colour[0] == PDN_WHITE);
    assert_int_equal(c.material[0][1], 2);
    assert_int_equal(c.material[0][0], 1);
    assert_int_equal(c.material[1][1], 1);
    assert_int_equal(pdn_criteria_read_material(&c, "W1K-1K"), -1);
    assert_int_equal(pdn_criteria_read_material(&c, "W1K-W1K"), -1);
    assert_int_equal(pdn_criteria_read_material(&c, "1K1K-0"), -1);
    assert_int_equal(pdn_criteria_read_material(&c, "1K"), -1);
    assert_int_equal(pdn_criteria_read_material(&c, "12M-12M"), 0);
    takes(&c, "11");
    pdn_criteria_fini(&c);
}

static void
test_date_result(void **state)
{
    pdn_criteria c;
    (void)state;
    start(&c);
    assert_int_equal(pdn_criteria_read_date(&c, false, "2004.??"), 0);
    assert_int_equal(pdn_criteria_read_date(&c, true, "????"), -1);
    assert_int_equal(pdn_criteria_read_date(&c, true, "2004.01.01"), 0);
    takes(&c, "10"); /* 2004.??.?? may be of that day; no Date: no day */
    assert_int_equal(pdn_criteria_read_date(&c, false, "2005"), 0);
    takes(&c, "00");
    pdn_criteria_fini(&c);
    start(&c);
    c.result = "*";
    takes(&c, "01");
    pdn_criteria_fini(&c);
}

static void
test_moves(void **state)
{
    pdn_criteria c;
    pdn_moves_fault f;
    (void)state;
    start(&c);
    assert_int_equal(pdn_criteria_read_moves(&c, "1.", &f), PDN_MOVES_NO_MOVE);
    assert_int_equal(pdn_criteria_read_moves(&c, "1. 22-18 2", &f),
                     PDN_MOVES_BAD_MOVE);
    assert_int_equal(f.len, 1);
    assert_memory_equal(f.move, "2", 1);
    assert_int_equal(pdn_criteria_read_moves(&c, "1. 22-18", &f), PDN_MOVES_OK);
    assert_int_equal(c.nmoves, 1);
    takes(&c, "10");
    assert_int_equal(pdn_criteria_read_moves(&c, "10-14", &f), PDN_MOVES_OK);
    takes(&c, "00");
    c.moves_anywhere = true;
    takes(&c, "10");
    pdn_criteria_fini(&c);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plies),
        cmocka_unit_test(test_material),
        cmocka_unit_test(test_date_result),
        cmocka_unit_test(test_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
