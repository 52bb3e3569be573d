/* test_date.c -- Date tag values: which are dates (pdn check's W0215) and
 * their canonical form (pdn fmt), on the forms of the shared corpora.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "model/date.h"

static void
canonical(const char *in, const char *want)
{
    char out[11];
    if (!pdn_date_canonical(in, out))
        fail_msg("\"%s\" refused, expected \"%s\"", in, want);
    assert_string_equal(out, want);
}

static void
kept(const char *in)
{
    char out[11];
    if (pdn_date_canonical(in, out))
        fail_msg("\"%s\" read as \"%s\", expected it left as written", in, out);
}

static void
test_year_first(void **state)
{
    (void)state;
    canonical("2007.11.24", "2007.11.24");
    canonical("1969.5.29", "1969.05.29");
    canonical("2004-05-01", "2004.05.01");
    canonical("2003.03.??", "2003.03.??");
    canonical("1847-?\?-?\?", "1847.??.??"); /* "?\?" : no trigraph */
    canonical("????.??.??", "????.??.??");
    canonical("1996", "1996.??.??");
    canonical("1950.", "1950.??.??");
    canonical("1945.10", "1945.10.??");
    canonical("", "????.??.??");
}

static void
test_day_first(void **state)
{
    (void)state;
    canonical("25.11.2000", "2000.11.25");
    canonical("14-01-1996", "1996.01.14");
    canonical("11.05.2002", "2002.05.11"); /* European: day first */
    canonical("12/25/2002", "2002.12.25"); /* 25 cannot be a month */
    canonical("25/12/2002", "2002.12.25");
    canonical("05/05/2002", "2002.05.05");
    canonical("17 april 2009", "2009.04.17");
    canonical("June 5, 2002", "2002.06.05");
    canonical("June 2002", "2002.06.??");
    canonical("3 Settembre 1998", "1998.09.03");
}

static void
test_left_as_written(void **state)
{
    (void)state;
    kept("1-2 June 2002"); /* two days */
    kept("2007/2008");     /* two years */
    kept("03.07.20");      /* a two-digit year */
    kept("03/04/2002");    /* March 4 or 3 April */
    kept("2002.13.01");    /* no month 13 */
    kept("2002.12.32");
    kept("1?96");
    kept("yesterday");
    kept("19961");
}

static void
test_known_forms(void **state)
{
    (void)state;
    assert_true(pdn_date_known("1-2 June 2002"));
    assert_true(pdn_date_known("03.07.20"));
    assert_true(pdn_date_known("2007/2008"));
    assert_true(pdn_date_known(""));
    assert_false(pdn_date_known("yesterday"));
    assert_false(pdn_date_known("2002.13.40"));
    assert_int_equal(pdn_date_month("Dicembre", 8), 12);
    assert_int_equal(pdn_date_month("sep", 3), 9);
    assert_int_equal(pdn_date_month("se", 2), 0);
}

/* "YYYY.MM.DD" and "YYYY" are told at once, without the general reading:
 * on every such date made of the digits 0, 1, 2, 3, 9 and '?', the answer
 * is the one the general reading gives the same date with a blank after
 * it (which the short way does not take). */
static void
test_usual_shape_agrees(void **state)
{
    (void)state;
    static const char set[] = "01239?";
    enum { K = sizeof set - 1 };
    char s[12] = "0000.00.00 ", plain[11];
    static const int at[8] = {0, 1, 2, 3, 5, 6, 8, 9};
    size_t known = 0, total = 0;
    for (long code = 0; code < (long)K * K * K * K * K * K * K * K; code++) {
        long c = code;
        for (int i = 0; i < 8; i++, c /= K)
            s[at[i]] = set[c % K];
        memcpy(plain, s, 10);
        plain[10] = '\0';
        bool usual = pdn_date_known(plain), general = pdn_date_known(s);
        if (usual != general)
            fail_msg("\"%s\": %d the short way, %d read in full", plain, usual,
                     general);
        known += usual;
        total++;
    }
    for (long code = 0; code < (long)K * K * K * K; code++) {
        char year[6] = "0000 ";
        long c = code;
        for (int i = 0; i < 4; i++, c /= K)
            year[i] = set[c % K];
        bool general = pdn_date_known(year);
        year[4] = '\0';
        if (pdn_date_known(year) != general)
            fail_msg("\"%s\": the short way and the full reading differ", year);
    }
    /* Both answers occur: the comparison could fail. */
    assert_true(known > 0 && known < total);
    assert_true(pdn_date_known("1996.??.??"));
    assert_false(pdn_date_known("1996.13.32"));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_year_first),
        cmocka_unit_test(test_day_first),
        cmocka_unit_test(test_left_as_written),
        cmocka_unit_test(test_known_forms),
        cmocka_unit_test(test_usual_shape_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
