/* test_utf8.c -- counting characters (the columns of pdn fmt's lines and
 * of carets): the eight-at-a-time count against a byte-by-byte one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "base/utf8.h"

/* One character per byte that does not continue a sequence. */
static size_t
naive_count(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

static void
test_count_examples(void **state)
{
    (void)state;
    assert_int_equal(pdn_utf8_count("", 0), 0);
    assert_int_equal(pdn_utf8_count("22-18", 5), 5);
    assert_int_equal(pdn_utf8_count("(+0.40 \xe2\x86\x92 \xe2\x88\x92" "1.10)",
                                    19), 15); /* → and − */
    assert_int_equal(pdn_utf8_count("Citt\xc3\xa0 di Castello, 40\xc2\xb0 "
                                    "Campionato", 35), 33);
}

/* Random text of one-, two-, three- and four-byte characters, counted
 * from every offset and to every length up to 40 bytes. */
static void
test_count_random(void **state)
{
    static const char *const pieces[] = {"a", " ", "\xc3\xa0",
                                         "\xe2\x88\x92", "\xf0\x9f\x98\x80",
                                         "\x80", "\xff"};
    char text[512];
    size_t len = 0;
    uint64_t seed = 12345;
    (void)state;
    while (len + 4 < sizeof text) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        const char *p = pieces[(seed >> 33) % 7];
        memcpy(text + len, p, strlen(p));
        len += strlen(p);
    }
    for (size_t from = 0; from < 16; from++)
        for (size_t n = 0; from + n <= len && n <= 40; n++)
            assert_int_equal(pdn_utf8_count(text + from, n),
                             naive_count(text + from, n));
    assert_int_equal(pdn_utf8_count(text, len), naive_count(text, len));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_examples),
        cmocka_unit_test(test_count_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
