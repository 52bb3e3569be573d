/* test_scan.c -- the lexer's wide scans (syntax/scan.h: SSE2 and AVX2
 * where the build has them, eight bytes at a time otherwise) held to
 * their plain versions, a byte at a time: every byte value at every place
 * of a string of up to 80 bytes, and random text.  The plain stop also
 * says exactly whether a byte passed is high, where the wide one may see
 * one past the stop: the test requires that it never misses one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "syntax/scan.h"
#include "rng.h"

/* Both scans of the @len bytes at @text (a NUL after them), from @from. */
static void
agree(const char *text, size_t len, size_t from)
{
    uint64_t fast = 0, plain = 0;
    size_t a = pdn_scan_string_stop(text, from, len, &fast);
    size_t b = pdn_scan_string_stop_plain(text, from, &plain);
    /* The same stop; a high byte passed is never missed (one after the
       stop, in the same block, may be seen too). */
    if (a != b || (plain && !(fast & PDN_SCAN_HIGHS)))
        fail_msg("string stop of %zu bytes from %zu: %zu (high %d), "
                 "plainly %zu (high %d)",
                 len, from, a, (fast & PDN_SCAN_HIGHS) != 0, b, plain != 0);
    for (size_t to = from; to <= len; to += 7)
        assert_int_equal(pdn_scan_continuations(text, from, to),
                         pdn_scan_continuations_plain(text, from, to));
}

static void
test_every_byte_everywhere(void **state)
{
    (void)state;
    char text[81];
    for (size_t len = 1; len <= 80; len += 13)
        for (int c = 0; c < 256; c++)
            for (size_t at = 0; at < len; at++) {
                memset(text, 'a', len);
                text[len] = '\0';
                text[at] = (char)c;
                for (size_t from = 0; from <= at; from += 5)
                    agree(text, len, from);
            }
}

static void
test_random_text(void **state)
{
    (void)state;
    uint64_t seed = 0x2545F4914F6CDD1Du;
    char text[200];
    for (int round = 0; round < 20000; round++) {
        test_random(&seed);
        size_t len = 1 + seed % 190;
        for (size_t i = 0; i < len; i++) {
            test_random(&seed);
            /* mostly letters, now and then a high byte or a stop */
            unsigned r = (unsigned)(seed >> 32) % 64;
            text[i] = r < 50   ? (char)('a' + r % 26)
                      : r < 58 ? (char)(0x80 + (seed >> 8) % 128)
                      : r < 61 ? '"'
                      : r < 63 ? '\\'
                               : '\n';
        }
        text[len] = '\0';
        agree(text, len, (size_t)(seed >> 40) % len);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_byte_everywhere),
        cmocka_unit_test(test_random_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
