/* test_tags_out.c -- a game's tags in the canonical order
 * (write/tags_out.h): what one pass finds, the order written, a leading
 * tag given twice, names mapped, games of more than 64 tags, and the
 * escapes of values copied by words, against examples and a
 * byte-by-byte escaper.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "model/game.h"
#include "write/tags_out.h"

/* A game holding the @n tags of @tags (borrowed). */
static pdn_game *
game_of(pdn_tag *tags, size_t n)
{
    pdn_game *g = pdn_game_new();
    g->file = "test.pdn";
    g->number = 1;
    g->tags = tags;
    g->ntags = n;
    return g;
}

/* pdn_tags_find() then pdn_tags_write() of @g, as PDN or @json. */
static void
write_tags(const pdn_game *g, const char *result, const char *gametype,
           bool json, pdn_strbuf *out)
{
    pdn_tags_found found;
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_tags_out to = {.out = out, .json = json};
    pdn_tags_find(g, &found);
    pdn_tags_write(g, &found, result, gametype, &d, &to);
    pdn_diags_free(&d);
}

/* The PDN tags of @g, with result "*", are @want; frees @g. */
static void
expect_tags(pdn_game *g, const char *want)
{
    pdn_strbuf b = PDN_STRBUF_INIT;
    write_tags(g, "*", NULL, false, &b);
    assert_string_equal(b.ptr, want);
    pdn_strbuf_free(&b);
    pdn_game_free(g);
}

static void
test_order(void **state)
{
    (void)state;
    pdn_tag tags[] = {
        {.name = "Foo", .value = "1"},
        {.name = "Bianco", .value = "W", .standard = "White"},
        {.name = "Event", .value = "E"},
        {.name = "FEN", .value = "W:W21:B1"},
        {.name = "Event", .value = "E2"},
        {.name = "Result", .value = "1-0"},
        {.name = "GameType", .value = "22"},
        {.name = "Date", .value = "1996"},
        {.name = "Round", .value = "1"},
        {.name = "Site", .value = "S"},
        {.name = "Black", .value = "B"},
        {.name = "Events", .value = "not Event"},
        {.name = "Eve", .value = "nor this"},
    };
    pdn_game *g = game_of(tags, sizeof tags / sizeof tags[0]);
    pdn_tags_found found;
    pdn_tags_find(g, &found);
    assert_string_equal(found.value[PDN_TAGS_GAMETYPE], "22");
    assert_string_equal(found.value[PDN_TAGS_FEN], "W:W21:B1");
    assert_string_equal(found.value[PDN_TAGS_RESULT], "1-0");

    pdn_strbuf b = PDN_STRBUF_INIT;
    write_tags(g, "1-0", NULL, false, &b);
    assert_string_equal(b.ptr, "[Event \"E\"]\n"
                               "[Site \"S\"]\n"
                               "[Date \"1996.??.??\"]\n"
                               "[Round \"1\"]\n"
                               "[White \"W\"]\n"
                               "[Black \"B\"]\n"
                               "[Result \"1-0\"]\n"
                               "[GameType \"22\"]\n"
                               "[FEN \"W:W21:B1\"]\n"
                               "[Foo \"1\"]\n"
                               "[Event \"E2\"]\n"
                               "[Events \"not Event\"]\n"
                               "[Eve \"nor this\"]\n");
    pdn_strbuf_clear(&b);
    write_tags(g, "1-0", NULL, true, &b);
    assert_string_equal(b.ptr, "[\"Event\",\"E\"],[\"Site\",\"S\"],"
                               "[\"Date\",\"1996.??.??\"],[\"Round\",\"1\"],"
                               "[\"White\",\"W\"],[\"Black\",\"B\"],"
                               "[\"Result\",\"1-0\"],[\"GameType\",\"22\"],"
                               "[\"FEN\",\"W:W21:B1\"],[\"Foo\",\"1\"],"
                               "[\"Event\",\"E2\"],"
                               "[\"Events\",\"not Event\"],"
                               "[\"Eve\",\"nor this\"]");
    pdn_strbuf_free(&b);
    pdn_game_free(g);
}

/* A game with only a FEN: the Result given, the GameType added. */
static void
test_added(void **state)
{
    (void)state;
    pdn_tag tags[] = {{.name = "FEN", .value = "B:W1:B2"}};
    pdn_game *g = game_of(tags, 1);
    pdn_tags_found found;
    pdn_tags_find(g, &found);
    assert_null(found.value[PDN_TAGS_GAMETYPE]);
    assert_null(found.value[PDN_TAGS_RESULT]);
    pdn_strbuf b = PDN_STRBUF_INIT;
    write_tags(g, "*", "21", false, &b);
    assert_string_equal(b.ptr, "[Result \"*\"]\n[GameType \"21\"]\n"
                               "[FEN \"B:W1:B2\"]\n");
    pdn_strbuf_free(&b);
    pdn_game_free(g);
}

/* The Result tag's value: a result, or a tag's text that holds none,
 * which may be long or need escaping. */
static void
test_result_values(void **state)
{
    (void)state;
    static const struct {
        const char *value, *pdn, *json;
    } cases[] = {
        {"*", "[Result \"*\"]\n", "[\"Result\",\"*\"]"},
        {"1/2-1/2", "[Result \"1/2-1/2\"]\n", "[\"Result\",\"1/2-1/2\"]"},
        {"12345678", "[Result \"12345678\"]\n", "[\"Result\",\"12345678\"]"},
        {"123456789", "[Result \"123456789\"]\n", "[\"Result\",\"123456789\"]"},
        {"a \"b\"", "[Result \"a \\\"b\\\"\"]\n",
         "[\"Result\",\"a \\\"b\\\"\"]"},
        {"\xc2\xbd", "[Result \"\xc2\xbd\"]\n", "[\"Result\",\"\xc2\xbd\"]"},
        {"", "[Result \"\"]\n", "[\"Result\",\"\"]"},
    };
    pdn_tag tags[] = {{.name = "Event", .value = "E"}};
    pdn_game *g = game_of(tags, 1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_strbuf b = PDN_STRBUF_INIT, want = PDN_STRBUF_INIT;
        write_tags(g, cases[i].value, NULL, false, &b);
        pdn_strbuf_printf(&want, "[Event \"E\"]\n%s", cases[i].pdn);
        assert_string_equal(b.ptr, want.ptr);
        pdn_strbuf_clear(&b);
        pdn_strbuf_clear(&want);
        write_tags(g, cases[i].value, NULL, true, &b);
        pdn_strbuf_printf(&want, "[\"Event\",\"E\"],%s", cases[i].json);
        assert_string_equal(b.ptr, want.ptr);
        pdn_strbuf_free(&b);
        pdn_strbuf_free(&want);
    }
    pdn_game_free(g);
}

/* A tag written "FEN" that a --map-tag reads as Event: written as an
 * Event, and still the FEN pdn_game_tag() finds. */
static void
test_mapped(void **state)
{
    (void)state;
    pdn_tag tags[] = {
        {.name = "FEN", .value = "x", .standard = "Event"},
        {.name = "Partita", .value = "22", .standard = "GameType"}};
    pdn_game *g = game_of(tags, 2);
    pdn_tags_found found;
    pdn_tags_find(g, &found);
    assert_string_equal(found.value[PDN_TAGS_FEN], "x");
    assert_string_equal(found.value[PDN_TAGS_GAMETYPE], "22");
    expect_tags(g, "[Event \"x\"]\n[Result \"*\"]\n[GameType \"22\"]\n");
}

/* More than 64 tags: the leading ones and the others past the 64th. */
static void
test_many(void **state)
{
    (void)state;
    enum { N = 70 };
    pdn_tag tags[N];
    char names[N][8];
    pdn_strbuf want = PDN_STRBUF_INIT;
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "T%d", i);
        tags[i] = (pdn_tag){.name = names[i], .value = "v"};
    }
    tags[66].name = "Event"; /* leading, past the 64th */
    tags[68].name = "Event"; /* given twice: one of the others */
    tags[3].name = "Site";
    pdn_strbuf_puts(&want, "[Event \"v\"]\n[Site \"v\"]\n[Result \"*\"]\n");
    for (int i = 0; i < N; i++)
        if (i != 66 && i != 3)
            pdn_strbuf_printf(&want, "[%s \"v\"]\n", tags[i].name);
    expect_tags(game_of(tags, N), want.ptr);
    pdn_strbuf_free(&want);
}

/* Values of every length to 80, with a '"' or '\\' at each place, at the
 * end of a block of their size (a sanitizer sees any read past them):
 * escaped as a byte-by-byte escaper does. */
static void
test_escapes(void **state)
{
    (void)state;
    char text[88] = {0};
    for (size_t len = 0; len <= 80; len++)
        for (size_t at = 0; at <= len; at++)
            for (int k = 0; k < 2; k++) {
                for (size_t i = 0; i < len; i++)
                    text[i] = (char)('a' + i % 26);
                if (at < len)
                    text[at] = k ? '\\' : '"';
                char *value = malloc(len + 1);
                memcpy(value, text, len);
                value[len] = '\0';
                pdn_strbuf want = PDN_STRBUF_INIT;
                pdn_strbuf_puts(&want, "[Result \"*\"]\n[Note \"");
                for (size_t i = 0; i < len; i++) {
                    if (value[i] == '"' || value[i] == '\\')
                        pdn_strbuf_putc(&want, '\\');
                    pdn_strbuf_putc(&want, value[i]);
                }
                pdn_strbuf_puts(&want, "\"]\n");
                pdn_tag tag = {.name = "Note", .value = value};
                expect_tags(game_of(&tag, 1), want.ptr);
                pdn_strbuf_free(&want);
                free(value);
            }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),         cmocka_unit_test(test_added),
        cmocka_unit_test(test_result_values), cmocka_unit_test(test_mapped),
        cmocka_unit_test(test_many),          cmocka_unit_test(test_escapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
