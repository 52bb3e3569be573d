/* test_lines.c -- the control bytes that mean a damaged file: the
 * sixteen-at-a-time search held to the byte-at-a-time one, on every byte
 * value at every place of a block and on random text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "base/lines.h"

static void
test_control_bytes(void **state)
{
    (void)state;
    /* Which bytes: C0 but tab, LF, FF and CR (NUL and VT included). */
    for (int c = 0; c < 256; c++) {
        bool stray = c < 0x20 && c != 9 && c != 10 && c != 12 && c != 13;
        assert_int_equal(pdn_is_stray_control((unsigned char)c), stray);
    }
    /* Each byte value at each place of 40 bytes of text. */
    char text[40];
    for (int c = 0; c < 256; c++)
        for (size_t at = 0; at < sizeof text; at++) {
            memset(text, 'a', sizeof text);
            text[at] = (char)c;
            size_t want =
                pdn_is_stray_control((unsigned char)c) ? at : sizeof text;
            assert_int_equal(pdn_control_find_plain(text, sizeof text), want);
            assert_int_equal(pdn_control_find(text, sizeof text), want);
        }
}

static void
test_control_random(void **state)
{
    (void)state;
    static char text[300];
    uint32_t x = 7;
    for (int round = 0; round < 20000; round++) {
        size_t n = (size_t)(round % 300);
        for (size_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            unsigned b = (x >> 16) & 0xFF;
            /* text, line ends, and now and then any byte */
            text[i] = (char)(b < 200 ? 'a' + b % 26 : b < 240 ? '\n' : b);
        }
        assert_int_equal(pdn_control_find(text, n),
                         pdn_control_find_plain(text, n));
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_control_bytes),
        cmocka_unit_test(test_control_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
