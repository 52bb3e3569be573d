/* test_json_out.c -- JSON strings (write/json_out.h): the copy of plain
 * strings by words and vectors, and the escapes, against a byte-by-byte
 * writer of what the header documents.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/utf8.h"
#include "write/json_out.h"

/* Length of the UTF-8 sequence that byte @c starts, or 0 if none can. */
static size_t
sequence_length(unsigned char c)
{
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        return 2;
    if (c >= 0xE0 && c <= 0xEF)
        return 3;
    if (c >= 0xF0 && c <= 0xF4)
        return 4;
    return 0;
}

/* The JSON string of @len bytes at @s, a byte at a time. */
static void
naive_string(const char *s, size_t len, pdn_strbuf *out)
{
    pdn_strbuf_putc(out, '"');
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            pdn_strbuf_putc(out, '\\');
            pdn_strbuf_putc(out, (char)c);
        } else if (c == '\n') {
            pdn_strbuf_puts(out, "\\n");
        } else if (c == '\r') {
            pdn_strbuf_puts(out, "\\r");
        } else if (c == '\t') {
            pdn_strbuf_puts(out, "\\t");
        } else if (c < 0x20 || c == 0x7F) {
            pdn_strbuf_printf(out, "\\u%04x", c);
        } else if (c < 0x80) {
            pdn_strbuf_putc(out, (char)c);
        } else {
            size_t n = sequence_length(c);
            if (n && i + n <= len && pdn_utf8_valid(s + i, n)) {
                pdn_strbuf_put(out, s + i, n);
                i += n;
                continue;
            }
            pdn_strbuf_puts(out, "\\ufffd");
        }
        i++;
    }
    pdn_strbuf_putc(out, '"');
}

/* pdn_json_string() of @len bytes at @s, which it gets at the end of a
 * block of exactly that size (so that a sanitizer sees any read past
 * them), after a prefix already in the buffer; against naive_string(). */
static void
check_string(const char *s, size_t len)
{
    char *exact = malloc(len ? len : 1);
    memcpy(exact, s, len);
    pdn_strbuf got = PDN_STRBUF_INIT, want = PDN_STRBUF_INIT;
    pdn_strbuf_puts(&got, "x");
    pdn_strbuf_puts(&want, "x");
    pdn_json_string(exact, len, &got);
    naive_string(exact, len, &want);
    assert_int_equal(got.len, want.len);
    assert_memory_equal(got.ptr, want.ptr, want.len);
    assert_int_equal(got.ptr[got.len], '\0');
    /* pdn_json_plain(): the same string, or NULL when one byte is not
     * plain (the naive string is then longer than the bytes and quotes) */
    char *plain = malloc(len + 2);
    char *end = pdn_json_plain(plain, exact, len);
    if (end) {
        assert_ptr_equal(end, plain + len + 2);
        assert_memory_equal(plain, want.ptr + 1, len + 2);
    }
    bool plain_bytes = want.len == 1 + len + 2;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)exact[i] >= 0x80)
            plain_bytes = false;
    assert_true(plain_bytes == (end != NULL));
    free(plain);
    pdn_strbuf_free(&got);
    pdn_strbuf_free(&want);
    free(exact);
}

static void
test_string_examples(void **state)
{
    (void)state;
    pdn_strbuf b = PDN_STRBUF_INIT;
    pdn_json_string("", 0, &b);
    pdn_json_string("1-0", 3, &b);
    pdn_json_string("a\"b\\c\n\x01\x7f", 8, &b);
    pdn_json_string("40\xc2\xb0 \xff", 6, &b);
    assert_string_equal(b.ptr, "\"\"\"1-0\"\"a\\\"b\\\\c\\n\\u0001\\u007f\""
                               "\"40\xc2\xb0 \\ufffd\"");
    pdn_strbuf_free(&b);
}

/* Every length to 80, plain, and with each kind of byte that is not
 * plain at each place: the copies by words of 4 and 8 and by vectors of
 * 16, and their overlapping last ones, each meet it. */
static void
test_string_every_place(void **state)
{
    (void)state;
    static const char *const odd[] = {
        "\"",       "\\",           "\n",          "\x01", "\x7f",
        "\xc3\xa9", "\xe2\x86\x92", "\xff",        "\xe2", "\xf0\x9f\x98\x80",
        "\xc3",     "\xc3\x28",     "\xed\xa0\x80"};
    char text[96] = {0};
    for (size_t len = 0; len <= 80; len++) {
        for (size_t i = 0; i < len; i++)
            text[i] = (char)('a' + i % 26);
        check_string(text, len);
        for (size_t at = 0; at < len; at++)
            for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
                size_t n = strlen(odd[k]);
                if (at + n > len)
                    continue;
                for (size_t i = 0; i < len; i++)
                    text[i] = (char)('A' + i % 26);
                memcpy(text + at, odd[k], n);
                check_string(text, len);
            }
    }
}

/* A text longer than the chunk the escaper makes room for at once. */
static void
test_string_long(void **state)
{
    (void)state;
    size_t len = 10000;
    char *text = malloc(len);
    for (size_t i = 0; i < len; i++)
        text[i] = (char)('a' + i % 26);
    check_string(text, len);
    text[4095] = '"';
    text[9000] = '\x02';
    check_string(text, len);
    free(text);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_string_examples),
        cmocka_unit_test(test_string_every_place),
        cmocka_unit_test(test_string_long),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
