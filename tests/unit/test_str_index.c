/* test_str_index.c -- strings numbered in the order met: each string its
 * first index, however often and however many strings come (the table
 * grows past its first size many times), strings that differ only past a
 * NUL or in length apart, and every key given back as it was.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/str_index.h"

static void
test_first_index_kept(void **state)
{
    (void)state;
    pdn_str_index *x = pdn_str_index_new();
    bool added;
    assert_int_equal(pdn_str_index_of(x, "Rossi", 5, &added), 0);
    assert_true(added);
    assert_int_equal(pdn_str_index_of(x, "Bianchi", 7, &added), 1);
    assert_true(added);
    assert_int_equal(pdn_str_index_of(x, "Rossi", 5, &added), 0);
    assert_false(added);
    /* A prefix, and the empty string, are strings of their own. */
    assert_int_equal(pdn_str_index_of(x, "Ross", 4, NULL), 2);
    assert_int_equal(pdn_str_index_of(x, "", 0, NULL), 3);
    assert_int_equal(pdn_str_index_of(x, "a\0b", 3, NULL), 4);
    assert_int_equal(pdn_str_index_of(x, "a\0c", 3, NULL), 5);
    assert_int_equal(pdn_str_index_count(x), 6);
    assert_string_equal(pdn_str_index_key(x, 1), "Bianchi");
    assert_null(pdn_str_index_key(x, 6));
    pdn_str_index_free(x);
}

static void
test_many(void **state)
{
    (void)state;
    pdn_str_index *x = pdn_str_index_new();
    char s[32];
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 50000; i++) {
            int n = snprintf(s, sizeof s, "player %d", i);
            bool added;
            assert_int_equal(pdn_str_index_of(x, s, (size_t)n, &added),
                             (size_t)i);
            assert_int_equal(added, round == 0);
        }
    assert_int_equal(pdn_str_index_count(x), 50000);
    assert_string_equal(pdn_str_index_key(x, 49999), "player 49999");
    pdn_str_index_free(x);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_index_kept),
        cmocka_unit_test(test_many),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
