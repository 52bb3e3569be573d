/* test_parts.c -- the cuts of a file into parts (stream/slice_file.h) and the
 * reading of a part as if the whole file had been read up to it
 * (pdn_reader_range): the lines counted in bulk against a count byte by
 * byte, the places taken for cuts, and the games and positions of every
 * part against those of one reading of the whole.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/lines.h"
#include "stream/slice_file.h"
#include "syntax/reader.h"

/* Line ends in @n bytes, as the reader counts them: LF, CRLF, lone CR;
 * a CR at the end counts only if the byte after it (s[n]) is no LF. */
static uint32_t
naive_lines(const char *s, size_t n)
{
    uint32_t lines = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\n' || (s[i] == '\r' && s[i + 1] != '\n'))
            lines++;
    return lines;
}

/* The first cut at or past @min, byte by byte: a '[' after a line end
 * whose text before ends, blanks aside, with a result. */
static bool
naive_cut(const char *s, size_t len, size_t min, size_t *at)
{
    static const char *const results[] = {"*",   "1-0", "0-1", "1/2-1/2",
                                          "2-0", "0-2", "1-1", "0-0"};
    for (size_t i = min > 0 ? min : 1; i < len; i++) {
        if (s[i] != '[' || (s[i - 1] != '\n' && s[i - 1] != '\r'))
            continue;
        size_t e = i;
        while (e > 0 && strchr(" \t\r\n", s[e - 1]))
            e--;
        size_t b = e;
        while (b > 0 && !strchr(" \t\r\n", s[b - 1]))
            b--;
        for (size_t k = 0; k < 8; k++)
            if (strlen(results[k]) == e - b &&
                memcmp(s + b, results[k], e - b) == 0) {
                *at = i;
                return true;
            }
    }
    return false;
}

/* The first cut at or past @min, or false. */
static bool
find_from(const char *text, size_t len, size_t min, size_t *at)
{
    *at = min;
    return pdn_boundary_find(text, len, at);
}

static void
test_cut_examples(void **state)
{
    (void)state;
    const char *text = "[Event \"a\"]\n1. 22-18 *\n\n[Event \"b\"]\n"
                       "1. 21-17 {x 1-0\n[x]} 0-1\r\n[Event \"c\"]\r"
                       "1-0\r[d]";
    size_t len = strlen(text), at;
    assert_true(find_from(text, len, 1, &at));
    assert_int_equal(at, 24); /* after "*", a blank line between */
    assert_int_equal(pdn_lines_count(text, at), 3);
    assert_true(find_from(text, len, 25, &at));
    assert_int_equal(at, 52); /* "{x 1-0\n[x]}": a guess, proved wrong
                                 later by the reading */
    assert_int_equal(pdn_lines_count(text, at), 5);
    assert_true(find_from(text, len, 53, &at));
    assert_int_equal(at, 62); /* after CRLF */
    assert_int_equal(pdn_lines_count(text, at), 6);
    assert_true(find_from(text, len, 63, &at));
    assert_int_equal(at, 78); /* after a lone CR */
    assert_int_equal(pdn_lines_count(text, at), 8);
    assert_false(find_from(text, len, 79, &at));
    /* No result before: no cut. */
    assert_false(find_from("22-18\n[a]\n21-17 10\n[b]", 23, 1, &at));
    /* "{1-0" is no result. */
    assert_false(find_from("{1-0\n[a]", 8, 1, &at));
    /* A line end as the last byte: the cut may follow. */
    assert_false(find_from("1. 22-18 *\r", 11, 1, &at));
    assert_int_equal(at, 11);
    assert_true(pdn_boundary_find("1. 22-18 *\r\n[a]", 15, &at));
    assert_int_equal(at, 12);
}

/* Random text of line ends, results, brackets and words, searched from
 * every minimum in pieces that grow, against the byte-by-byte search;
 * lines counted from every offset against a count byte by byte. */
static void
test_cut_random(void **state)
{
    static const char *const pieces[] = {"\n",      "\r",    "\r\n", "[",
                                         "*",       "1-0",   " ",    "ab",
                                         "1/2-1/2", "22-18", "\t",   "0-1x"};
    static char text[20000];
    uint64_t seed = 99;
    (void)state;
    for (int round = 0; round < 20; round++) {
        size_t len = 0;
        while (len + 8 < sizeof text) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            const char *p = pieces[(seed >> 33) % 12];
            memcpy(text + len, p, strlen(p));
            len += strlen(p);
        }
        text[len] = '\0';
        for (size_t min = 1; min < len; min += 1 + min / 3) {
            size_t want = 0;
            bool found = naive_cut(text, len, min, &want);
            size_t at = min, have = min + 1;
            bool got = false;
            for (;;) {
                if (have > len)
                    have = len;
                if ((got = pdn_boundary_find(text, have, &at)) || have == len)
                    break;
                have += 1 + have / 2;
            }
            assert_int_equal(got, found);
            if (found)
                assert_int_equal(at, want);
            size_t from = min % 7, n = len - 1 - from - min % 5;
            assert_int_equal(pdn_lines_count(text + from, n),
                             naive_lines(text + from, n));
            assert_int_equal(pdn_lines_count(text + from, min - from),
                             naive_lines(text + from, min - from));
        }
    }
}

/* ---- Reading in parts ---- */

typedef struct seen {
    uint64_t number, span, end;
    pdn_loc start;
    size_t diags;
} seen;

/* The games of @r, up to 4096. */
static size_t
read_all(pdn_reader *r, seen *out, size_t *ndiags)
{
    size_t n = 0;
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    while (pdn_reader_next(r, &g, &d) > 0 && n < 4096) {
        out[n++] = (seen){g->number, g->span, g->end, g->start, d.count};
        pdn_reader_recycle(r, g);
    }
    *ndiags = d.count;
    pdn_diags_free(&d);
    return n;
}

/* A file read whole, and read as a range from its start stopped after k
 * games, then on from where pdn_reader_resume() says, and again from the
 * start of game k's line with the bytes given: the same games at the same
 * places, with the same numbers. */
static void
test_ranges(void **state)
{
    (void)state;
    const char *text = "\xEF\xBB\xBF[Event \"a\"]\n1. 22-18 *\r\n"
                       "[Event \"b\"] 1. 21-17 0-1 [Event \"c\"]\n"
                       "1. 22-19 {x\ny} 1-0\n\n[Event \"d\"]\n1. 23-19 *\n";
    char path[] = "/tmp/pdn-test-parts.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    size_t len = strlen(text);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    unlink(path);

    static seen whole[4096], first[4096], second[4096], third[4096];
    size_t nd;
    pdn_reader *r = pdn_reader_new_mem("f", text, len, NULL);
    size_t n = read_all(r, whole, &nd);
    pdn_reader_free(r);
    assert_int_equal(n, 4);
    assert_int_equal(whole[0].start.off, 3); /* past the byte order mark */

    assert_int_equal(pdn_reader_bom(text, len), 3);
    for (size_t k = 1; k < n; k++) {
        pdn_reader_range a = {.from = 0, .at = {3, 1, 1}, .end = UINT64_MAX};
        r = pdn_reader_new_range("f", fd, &a, NULL);
        pdn_diags d = PDN_DIAGS_INIT;
        pdn_game *g;
        size_t n1 = 0;
        while (n1 < k && pdn_reader_next(r, &g, &d) > 0) {
            first[n1++] = (seen){g->number, g->span, g->end, g->start, 0};
            pdn_reader_recycle(r, g);
        }
        pdn_diags_free(&d);
        assert_int_equal(pdn_reader_offset(r), whole[k].span);
        pdn_reader_range b;
        pdn_reader_resume(r, &b);
        assert_int_equal(b.at.off, whole[k].span);
        assert_int_equal(b.at.line, whole[k].start.line);
        assert_int_equal(b.games, k);
        pdn_reader_restart(r, "f", fd, &b, NULL, 0);
        size_t n2 = read_all(r, second, &nd);
        /* The same from the start of the line, the bytes given. */
        pdn_reader_restart(r, "f", fd, &b, text + b.from, len - b.from);
        size_t n3 = read_all(r, third, &nd);
        pdn_reader_free(r);
        assert_int_equal(n1, k);
        assert_int_equal(n1 + n2, n);
        assert_int_equal(n3, n2);
        for (size_t i = 0; i < n; i++) {
            const seen *x = i < n1 ? &first[i] : &second[i - n1];
            assert_int_equal(x->number, whole[i].number);
            assert_int_equal(x->start.off, whole[i].start.off);
            assert_int_equal(x->start.line, whole[i].start.line);
            assert_int_equal(x->start.col, whole[i].start.col);
            assert_int_equal(x->end, whole[i].end);
            if (i >= n1) {
                assert_int_equal(third[i - n1].start.off, x->start.off);
                assert_int_equal(third[i - n1].start.col, x->start.col);
            }
        }
    }
    close(fd);
}

/* The encoding, decided per byte: a UTF-8 game and a Latin-1 game in one
 * file both read as UTF-8, with one note, at the first byte that is not
 * UTF-8. */
static void
test_encoding(void **state)
{
    (void)state;
    const char *text = "[Event \"Citt\xc3\xa0\"]\n*\n\n"
                       "[Event \"x\"]\n[Site \"Citt\xe0 40\xb0\"]\n*\n\n"
                       "[Site \"Citt\xe0\"]\n*\n";
    pdn_reader *r = pdn_reader_new_mem("f", text, strlen(text), NULL);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    const char *want[] = {"Citt\xc3\xa0", "Citt\xc3\xa0 40\xc2\xb0",
                          "Citt\xc3\xa0"};
    const char *tag[] = {"Event", "Site", "Site"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pdn_reader_next(r, &g, &d), 1);
        assert_string_equal(pdn_game_tag(g, tag[i]), want[i]);
        pdn_reader_recycle(r, g);
    }
    assert_int_equal(pdn_reader_next(r, &g, &d), 0);
    pdn_reader_free(r);
    size_t notes = 0;
    for (size_t i = 0; i < d.count; i++) {
        if (d.items[i].code != PDN_N_ENCODING)
            continue;
        notes++;
        assert_int_equal(d.items[i].at.line, 5);
        assert_int_equal(d.items[i].at.col, 12);
        assert_int_equal(d.items[i].at.off, 43);
    }
    assert_int_equal(notes, 1);
    pdn_diags_free(&d);
    assert_int_equal(pdn_reader_bom("[a]\n", 4), 0);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cut_examples),
        cmocka_unit_test(test_cut_random),
        cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_encoding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
