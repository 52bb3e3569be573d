/* test_utf8.c -- counting characters (the columns of pdn fmt's lines and
 * of carets): the eight-at-a-time count against a byte-by-byte one; and
 * text that mixes UTF-8 and Windows-1252 decoded to UTF-8, against the
 * code page's table (the Unicode mapping file CP1252.TXT) and the rules
 * of RFC 3629.
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
    assert_int_equal(pdn_utf8_count("(+0.40 \xe2\x86\x92 \xe2\x88\x92"
                                    "1.10)",
                                    19),
                     15); /* → and − */
    assert_int_equal(pdn_utf8_count("Citt\xc3\xa0 di Castello, 40\xc2\xb0 "
                                    "Campionato",
                                    35),
                     33);
}

/* Random text of one-, two-, three- and four-byte characters, counted
 * from every offset and to every length up to 40 bytes. */
static void
test_count_random(void **state)
{
    static const char *const pieces[] = {
        "a",    " ",   "\xc3\xa0", "\xe2\x88\x92", "\xf0\x9f\x98\x80",
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

/* pdn_text_to_utf8() of @in gives @want. */
static void
decodes_to(const char *in, size_t len, const char *want)
{
    char out[64];
    assert_true(len <= sizeof out / 3);
    size_t n = pdn_text_to_utf8(in, len, out);
    out[n] = '\0';
    assert_string_equal(out, want);
}

static void
test_mixed_examples(void **state)
{
    (void)state;
    decodes_to("Citt\xe0", 5, "Citt\xc3\xa0");     /* Latin-1 */
    decodes_to("Citt\xc3\xa0", 6, "Citt\xc3\xa0"); /* UTF-8 kept */
    decodes_to("\xc3\xa0\xe0 40\xb0", 7,           /* the two mixed */
               "\xc3\xa0\xc3\xa0 40\xc2\xb0");
    /* The code page's own characters at 0x80-0x9F: euro sign, en dash,
       right double quotation mark; 0x81 has none (the C1 control). */
    decodes_to("\x80\x96\x94\x81", 4,
               "\xe2\x82\xac\xe2\x80\x93\xe2\x80\x9d\xc2\x81");
    decodes_to("ab\xc3", 3, "ab\xc3\x83");         /* a cut sequence */
    decodes_to("\xc0\xaf", 2, "\xc3\x80\xc2\xaf"); /* an overlong form */
    decodes_to("\xed\xa0\x80", 3,                  /* a surrogate */
               "\xc3\xad\xc2\xa0\xe2\x82\xac");
    decodes_to("\xf4\x90\x80\x80", 4, /* past U+10FFFF */
               "\xc3\xb4\xc2\x90\xe2\x82\xac\xe2\x82\xac");
    assert_int_equal(pdn_utf8_first_invalid("ab\xc3\xa0\xe0", 5), 4);
    assert_int_equal(pdn_utf8_first_invalid("ab\xc3", 3), 2);
    assert_int_equal(pdn_utf8_first_invalid("ab", 2), 2);
    /* Where a block may be decoded up to. */
    assert_int_equal(pdn_utf8_complete("ab\xc3", 3), 2);
    assert_int_equal(pdn_utf8_complete("ab\xe2\x82", 4), 2);
    assert_int_equal(pdn_utf8_complete("ab\xe2\x82\xac", 5), 5);
    assert_int_equal(pdn_utf8_complete("ab\xf0\x9f\x98", 5), 2);
    assert_int_equal(pdn_utf8_complete("ab\xe0", 3), 2);
    assert_int_equal(pdn_utf8_complete("ab\xff", 3), 3); /* never valid */
    assert_int_equal(pdn_utf8_complete("\x80\x80\x80\x80", 4), 4);
    assert_int_equal(pdn_utf8_complete("a\xc3\x28", 3), 3);
}

/* Random texts: the output is valid UTF-8, valid UTF-8 comes out the
 * same, a second decoding changes nothing, and a text decoded in blocks
 * cut where pdn_utf8_complete() says gives the same as decoded whole. */
static void
test_mixed_random(void **state)
{
    (void)state;
    static char in[512], out[3 * 512], again[9 * 512], parts[3 * 512];
    uint32_t x = 12345;
    for (int round = 0; round < 4000; round++) {
        size_t len = (size_t)(round % 64) * 8 + 1;
        for (size_t i = 0; i < len; i++) {
            x = x * 1103515245u + 12345u;
            unsigned b = (x >> 16) & 0xFF;
            /* mostly ASCII and the bytes of sequences */
            in[i] = (char)(round % 3 ? (b < 0x60 ? 'a' + b % 26 : b) : b);
        }
        size_t n = pdn_text_to_utf8(in, len, out);
        assert_true(pdn_utf8_valid(out, n));
        if (pdn_utf8_valid(in, len)) {
            assert_int_equal(n, len);
            assert_memory_equal(out, in, len);
        }
        size_t m = pdn_text_to_utf8(out, n, again);
        assert_int_equal(m, n);
        assert_memory_equal(again, out, n);
        /* in blocks of 7 bytes, the cut sequence carried over */
        size_t done = 0, k = 0, held = 0;
        char block[16];
        while (done < len || held) {
            size_t take = len - done < 7 ? len - done : 7;
            memcpy(block + held, in + done, take);
            done += take;
            size_t have = held + take;
            size_t cut = done < len ? pdn_utf8_complete(block, have) : have;
            k += pdn_text_to_utf8(block, cut, parts + k);
            held = have - cut;
            memmove(block, block + cut, held);
            if (done == len && held == 0)
                break;
        }
        assert_int_equal(k, n);
        assert_memory_equal(parts, out, n);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_examples),
        cmocka_unit_test(test_count_random),
        cmocka_unit_test(test_mixed_examples),
        cmocka_unit_test(test_mixed_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
