/* test_tag_filter.c -- games taken by their tags (model/tag_filter.h):
 * every condition must hold, a condition on several tags holds when one
 * of them matches, a game without the tag is not taken, names are the
 * standard ones, patterns are PCRE2 in UTF mode, and one that does not
 * compile is refused with PCRE2's message.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "model/tag_filter.h"
#include "model/tagmap.h"
#include "syntax/reader.h"

/* The games of this test, read as pdn reads them. */
static const char games[] =
    "[White \"Rossi, Mario\"]\n[Black \"Bianchi\"]\n[Event \"Coppa\"]\n"
    "1. 22-18 *\n\n"
    "[Bianco \"Verdi\"]\n[Nero \"Rossi, Luca\"]\n"
    "1. 22-18 *\n\n"
    "[White \"Léon Müller\"]\n"
    "1. 22-18 *\n";

/* Which of the three games @f takes, as a string of 0s and 1s. */
static void
takes(const pdn_tag_filter *f, const char *want)
{
    pdn_tagmap *map = pdn_tagmap_new();
    pdn_reader_options ro = {.tagmap = map};
    pdn_reader *r = pdn_reader_new_mem("games", games, strlen(games), &ro);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    char got[8] = "";
    size_t n = 0;

    while (n + 1 < sizeof got && pdn_reader_next(r, &g, &d) > 0) {
        got[n++] = pdn_tag_filter_matches(f, g) ? '1' : '0';
        pdn_reader_recycle(r, g);
    }
    got[n] = '\0';
    pdn_diags_free(&d);
    pdn_reader_free(r);
    pdn_tagmap_free(map);
    assert_string_equal(got, want);
}

static void
add(pdn_tag_filter *f, const char *tag, const char *pattern)
{
    char err[200];
    if (pdn_tag_filter_add(f, &tag, 1, pattern, err, sizeof err) != 0)
        fail_msg("%s=%s refused: %s", tag, pattern, err);
}

static void
test_no_condition_takes_all(void **state)
{
    (void)state;
    pdn_tag_filter *f = pdn_tag_filter_new();
    assert_int_equal(pdn_tag_filter_count(f), 0);
    takes(f, "111");
    pdn_tag_filter_free(f);
}

static void
test_one_tag(void **state)
{
    (void)state;
    pdn_tag_filter *f = pdn_tag_filter_new();
    add(f, "White", "^Rossi");
    takes(f, "100");
    pdn_tag_filter_free(f);

    /* Bianco is read as White: the second game's White is Verdi. */
    f = pdn_tag_filter_new();
    add(f, "White", "(?i)VERDI");
    takes(f, "010");
    pdn_tag_filter_free(f);
}

static void
test_missing_tag_is_not_taken(void **state)
{
    (void)state;
    pdn_tag_filter *f = pdn_tag_filter_new();
    add(f, "Black", ".*"); /* matches anything, even "" */
    takes(f, "110");
    pdn_tag_filter_free(f);
}

static void
test_every_condition(void **state)
{
    (void)state;
    pdn_tag_filter *f = pdn_tag_filter_new();
    add(f, "White", "Rossi");
    add(f, "Event", "Coppa");
    assert_int_equal(pdn_tag_filter_count(f), 2);
    takes(f, "100");
    add(f, "Black", "^Nobody$");
    takes(f, "000");
    pdn_tag_filter_free(f);
}

static void
test_any_of_several_tags(void **state)
{
    (void)state;
    static const char *const players[] = {"White", "Black"};
    char err[200];
    pdn_tag_filter *f = pdn_tag_filter_new();
    assert_int_equal(
        pdn_tag_filter_add(f, players, 2, "Rossi", err, sizeof err), 0);
    takes(f, "110");
    pdn_tag_filter_free(f);
}

static void
test_utf8(void **state)
{
    (void)state;
    pdn_tag_filter *f = pdn_tag_filter_new();
    /* In UTF mode "." is one character, "é" among them. */
    add(f, "White", "^L.on M.ller$");
    takes(f, "001");
    pdn_tag_filter_free(f);
}

static void
test_bad_pattern(void **state)
{
    (void)state;
    const char *tag = "White";
    char err[200] = "";
    pdn_tag_filter *f = pdn_tag_filter_new();
    assert_int_equal(pdn_tag_filter_add(f, &tag, 1, "(Rossi", err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "offset 6"));
    assert_int_equal(pdn_tag_filter_count(f), 0);
    assert_int_equal(pdn_tag_filter_check("(Rossi", err, sizeof err), -1);
    assert_int_equal(pdn_tag_filter_check("Rossi|Bianchi", err, sizeof err), 0);
    pdn_tag_filter_free(f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_condition_takes_all),
        cmocka_unit_test(test_one_tag),
        cmocka_unit_test(test_missing_tag_is_not_taken),
        cmocka_unit_test(test_every_condition),
        cmocka_unit_test(test_any_of_several_tags),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_bad_pattern),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
