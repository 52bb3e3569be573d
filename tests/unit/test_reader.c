/* test_reader.c -- the streaming reader: the same games whatever the
 * chunk size (games cut anywhere), raw text kept byte for byte, limits,
 * encodings, positions, recovery after an error.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/filemap.h"
#include "base/strbuf.h"
#include "syntax/reader.h"
#include "write/trace.h"

typedef struct outcome {
    pdn_strbuf trace;
    pdn_strbuf raw; /* every game's raw text, concatenated */
    size_t games, errors, warnings, notes;
    pdn_strbuf messages;
} outcome;

static void
outcome_free(outcome *o)
{
    pdn_strbuf_free(&o->trace);
    pdn_strbuf_free(&o->raw);
    pdn_strbuf_free(&o->messages);
}

/* Reads @len bytes of @data, from memory if @chunk is 0, else through a
 * temporary file in chunks of @chunk bytes: read, or mapped when @opt
 * lets the reader map it. */
static outcome
read_all(const char *data, size_t len, size_t chunk, pdn_reader_options opt)
{
    outcome o;
    memset(&o, 0, sizeof o);
    pdn_tagmap *map = pdn_tagmap_new();
    opt.tagmap = map;
    opt.keep_raw = true;
    opt.chunk = chunk;
    FILE *f = NULL;
    pdn_reader *r;
    if (chunk) {
        f = tmpfile();
        assert_non_null(f);
        assert_int_equal(fwrite(data, 1, len, f), len);
        rewind(f);
        r = pdn_reader_new("t.pdn", f, &opt);
    } else {
        r = pdn_reader_new_mem("t.pdn", data, len, &opt);
    }
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    int rc;
    while ((rc = pdn_reader_next(r, &g, &d)) > 0) {
        assert_int_equal(pdn_game_check(g), 0);
        pdn_trace_game(g, &o.trace);
        if (g->raw_file) { /* a game too large: its text in a file */
            char *text = pdn_strbuf_reserve(&o.raw, g->raw_len);
            assert_int_equal(fread(text, 1, g->raw_len, g->raw_file),
                             g->raw_len);
            pdn_strbuf_commit(&o.raw, text + g->raw_len);
        } else {
            pdn_strbuf_put(&o.raw, g->raw, g->raw_len);
        }
        o.games++;
        pdn_reader_recycle(r, g);
    }
    assert_int_equal(rc, 0);
    for (size_t i = 0; i < d.count; i++)
        pdn_strbuf_printf(&o.messages, "%u:%u %d %s\n", d.items[i].at.line,
                          d.items[i].at.col, d.items[i].code,
                          d.items[i].message);
    o.errors = d.errors;
    o.warnings = d.warnings;
    o.notes = d.notes;
    pdn_diags_free(&d);
    pdn_reader_free(r);
    pdn_tagmap_free(map);
    if (f)
        fclose(f);
    return o;
}

/* Reads @len bytes of @data through a temporary file mapped with
 * pdn_file_view() and read in place (pdn_reader_restart_view()), as the
 * threads of pdn check --jobs read their parts; the outcome as
 * read_all()'s. */
static outcome
read_view(const char *data, size_t len, pdn_reader_options opt)
{
    outcome o;
    memset(&o, 0, sizeof o);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fflush(f), 0);
    size_t span;
    const char *view = pdn_file_view(fileno(f), len, &span);
    assert_non_null(view);
    pdn_reader_range range = {.end = UINT64_MAX, .at = {0, 1, 1}};
    pdn_reader *r = pdn_reader_new_range("t.pdn", fileno(f), &range, &opt);
    pdn_reader_restart_view(r, "t.pdn", fileno(f), &range, view, len);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    int rc;
    while ((rc = pdn_reader_next(r, &g, &d)) > 0) {
        pdn_trace_game(g, &o.trace);
        o.games++;
        pdn_reader_recycle(r, g);
    }
    assert_int_equal(rc, 0);
    for (size_t i = 0; i < d.count; i++)
        pdn_strbuf_printf(&o.messages, "%u:%u %d %s\n", d.items[i].at.line,
                          d.items[i].at.col, d.items[i].code,
                          d.items[i].message);
    o.errors = d.errors;
    pdn_diags_free(&d);
    pdn_reader_free(r);
    pdn_file_unmap(view, span);
    fclose(f);
    return o;
}

/* The same games from memory and in chunks of every size given; the raw
 * text of the games, put together, is the input up to its trailing
 * blanks. */
static void
expect_same_in_chunks(const char *data, size_t len, const size_t *chunks,
                      size_t nchunks)
{
    pdn_reader_options opt = {0};
    outcome whole = read_all(data, len, 0, opt);
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
        data += 3; /* a byte order mark belongs to no game */
        len -= 3;
    }
    assert_true(whole.raw.len <= len);
    assert_memory_equal(whole.raw.ptr ? whole.raw.ptr : "", data,
                        whole.raw.len);
    for (size_t i = whole.raw.len; i < len; i++)
        assert_true(data[i] == ' ' || data[i] == '\n' || data[i] == '\r' ||
                    data[i] == '\t');
    for (size_t c = 0; c < 2 * nchunks; c++) {
        opt.no_map = c % 2; /* mapped, then read */
        outcome part = read_all(data, len, chunks[c / 2], opt);
        assert_int_equal(part.games, whole.games);
        assert_int_equal(part.errors, whole.errors);
        assert_int_equal(part.warnings, whole.warnings);
        if (part.trace.len != whole.trace.len ||
            (whole.trace.len &&
             memcmp(part.trace.ptr, whole.trace.ptr, whole.trace.len) != 0))
            fail_msg("chunk %zu, %s: traces differ", chunks[c / 2],
                     opt.no_map ? "read" : "mapped");
        assert_int_equal(part.raw.len, whole.raw.len);
        outcome_free(&part);
    }
    outcome_free(&whole);
}

static const char sample[] =
    "% a file\n"
    "[Event \"One\"]\n[Bianco \"A\"]\n\n"
    "1. 22-18 {a comment\nover lines} 11-15 2. 18x11 (2. 23-19 $1) 8x15!? "
    "3. 4-8* ; line\n1-0\n\n"
    "1. 21-17 9-13 *\n"
    "junk here\n"
    "[Event \"Three\"]\n1. 22-19 )\n2. 1-5 *\n"
    "[Event \"Four\"] (prose, kept) 1. 22-18 1/2-1/2[Event \"Five\"]\n";

static void
test_chunks(void **state)
{
    (void)state;
    static const size_t chunks[] = {1, 2, 3, 7, 64, 4096};
    expect_same_in_chunks(sample, sizeof sample - 1, chunks, 6);
    pdn_reader_options opt = {0};
    outcome o = read_all(sample, sizeof sample - 1, 0, opt);
    assert_int_equal(o.games, 5);
    assert_int_equal(o.errors, 1);   /* the stray ')' of game three */
    assert_int_equal(o.warnings, 2); /* the junk and the prose */
    outcome_free(&o);
}

/* Every .pdn file under @dir, in chunks that cut its games anywhere. */
static int
chunk_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        char path[4096];
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (chunk_dir(path) >= 0) {
            files++;
            continue;
        }
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".pdn") != 0)
            continue;
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        rewind(f);
        char *data = malloc((size_t)size + 1);
        assert_int_equal(fread(data, 1, (size_t)size, f), (size_t)size);
        fclose(f);
        static const size_t chunks[] = {4093};
        expect_same_in_chunks(data, (size_t)size, chunks, 1);
        free(data);
        files++;
    }
    closedir(d);
    return files;
}

static void
test_corpora_in_chunks(void **state)
{
    (void)state;
    assert_true(chunk_dir(PDN_SOURCE_ROOT "/corpus") >= 0);
    if (chunk_dir(PDN_SOURCE_ROOT "/../shared/corpora") < 0)
        print_message("note: ../shared/corpora is missing: its files were "
                      "not read in chunks\n");
}

static void
test_limits(void **state)
{
    (void)state;
    pdn_reader_options opt = {.max_depth = 2};
    const char *deep = "1. 22-18 (1. 21-17 (1. 23-19 (1. 24-20))) *\n"
                       "1. 22-18 *\n";
    outcome o = read_all(deep, strlen(deep), 0, opt);
    assert_int_equal(o.games, 2);
    assert_int_equal(o.errors, 1);
    assert_non_null(strstr(o.messages.ptr, "1:30 108 variations nested "
                                           "more than 2 deep"));
    outcome_free(&o);

    /* A game over the limit is one game, skipped whole (its own second
     * tag starts no game), its text kept (in a file) to the byte; and so
     * is one that runs to the end of the input. */
    pdn_reader_options small = {.max_game_bytes = 40};
    const char *big = "[Event \"a long game that will not fit\"]\n"
                      "[Site \"a place with a long name\"]\n1. 22-18 *\n"
                      "[Event \"b\"]\n1. 21-17 *\n";
    const char *last = "[Event \"b\"]\n1. 21-17 *\n"
                       "[Event \"a long game that will not fit\"]\n"
                       "[Site \"a place with a long name\"]\n1. 22-18";
    for (int way = 0; way < 6; way++) { /* mapped, read, a view; twice */
        const char *text = way < 3 ? big : last;
        small.no_map = way % 3 == 1;
        o = way % 3 < 2 ? read_all(text, strlen(text), 16, small)
                        : read_view(text, strlen(text), small);
        assert_int_equal(o.games, 2);
        assert_int_equal(o.errors, 1);
        assert_non_null(strstr(o.messages.ptr,
                               way < 3 ? "1:1 110 a game longer than 40 bytes"
                                       : "3:1 110 a game longer than 40 "
                                         "bytes"));
        assert_non_null(strstr(o.trace.ptr, "=TAG Event \"b\""));
        assert_null(strstr(o.trace.ptr, "=TAG Site"));
        if (way % 3 < 2) { /* read_all() keeps the text */
            assert_int_equal(o.raw.len, strlen(text));
            assert_memory_equal(o.raw.ptr, text, o.raw.len);
        }
        outcome_free(&o);
    }
}

static void
test_token_limit(void **state)
{
    (void)state;
    static const char head[] = "[Event \"x\"] {";
    static const char tail[] = "} 1. 22-18 *\n1. 21-17 *\n";
    size_t n = PDN_MAX_TOKEN + 10, h = sizeof head - 1, t = sizeof tail - 1;
    char *data = calloc(h + n + t + 1, 1);
    assert_non_null(data);
    memcpy(data, head, h);
    for (size_t i = 0; i < n; i++)
        data[h + i] = 'a';
    memcpy(data + h + n, tail, t);
    pdn_reader_options opt = {0};
    outcome o = read_all(data, strlen(data), 0, opt);
    assert_int_equal(o.games, 2);
    assert_int_equal(o.errors, 1);
    assert_non_null(strstr(o.messages.ptr, "1:13 109 a comment longer than"));
    outcome_free(&o);
    free(data);

    /* A tag name, and a tag value, over the limit: read the usual way
     * they would be read in one step, past the limit's check. */
    for (int value = 0; value < 2; value++) {
        data = calloc(n + 64, 1);
        assert_non_null(data);
        size_t at = 0;
        data[at++] = '[';
        if (value)
            at += (size_t)sprintf(data + at, "Event \"");
        for (size_t i = 0; i < n; i++)
            data[at++] = 'A';
        strcpy(data + at, value ? "\"] 1. 22-18 *\n1. 21-17 *\n"
                                : " \"x\"] 1. 22-18 *\n1. 21-17 *\n");
        o = read_all(data, strlen(data), 0, opt);
        assert_int_equal(o.games, 2);
        assert_int_equal(o.errors, 1);
        assert_non_null(
            strstr(o.messages.ptr, value ? "1:8 109 a string longer than"
                                         : "1:2 109 a tag name longer than"));
        outcome_free(&o);
        free(data);
    }
}

static void
test_encodings_and_positions(void **state)
{
    (void)state;
    pdn_reader_options opt = {0};
    /* A BOM is skipped and not counted in columns. */
    const char *bom = "\xEF\xBB\xBF[Event \"x\"] 1. 22-18 )";
    outcome o = read_all(bom, strlen(bom), 0, opt);
    assert_non_null(strstr(o.messages.ptr, "1:22 105"));
    outcome_free(&o);
    /* Latin-1: decoded to UTF-8, with a note. */
    const char *latin = "[Event \"40\xB0 Champ.\"] {perch\xE9} *";
    o = read_all(latin, strlen(latin), 0, opt);
    assert_non_null(strstr(o.trace.ptr, "=TAG Event \"40\xC2\xB0 Champ.\""));
    assert_non_null(strstr(o.trace.ptr, "=COMMENT perch\xC3\xA9"));
    assert_int_equal(o.notes, 1);
    outcome_free(&o);
    /* Columns count characters of UTF-8; CR, LF and CRLF each end a
     * line. */
    const char *lines = "{\xC3\xA9\xC3\xA9}\r[A \"b\"]\r\n{c}\n 22-18 )";
    o = read_all(lines, strlen(lines), 0, opt);
    assert_non_null(strstr(o.messages.ptr, "4:8 105"));
    outcome_free(&o);
}

/* A mapped file cut short while it is read: a read error, not a crash
 * (the byte past the new end would be one). */
static void
test_file_cut_short(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    for (int i = 0; i < 2000; i++)
        fprintf(f, "[Event \"%d\"]\n1. 22-18 *\n", i);
    assert_int_equal(fflush(f), 0);
    rewind(f);
    pdn_reader_options opt = {.chunk = 64};
    pdn_reader *r = pdn_reader_new("t.pdn", f, &opt);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    assert_int_equal(pdn_reader_next(r, &g, &d), 1);
    pdn_reader_recycle(r, g);
    assert_int_equal(ftruncate(fileno(f), 100), 0);
    int rc;
    size_t games = 1;
    while ((rc = pdn_reader_next(r, &g, &d)) > 0) {
        games++;
        pdn_reader_recycle(r, g);
    }
    assert_int_equal(rc, -1);
    assert_true(games < 2000);
    assert_true(d.count > 0);
    assert_non_null(strstr(d.items[d.count - 1].message,
                           "the file shrank while it was read"));
    pdn_diags_free(&d);
    pdn_reader_free(r);
    fclose(f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chunks),
        cmocka_unit_test(test_corpora_in_chunks),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_token_limit),
        cmocka_unit_test(test_encodings_and_positions),
        cmocka_unit_test(test_file_cut_short),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
