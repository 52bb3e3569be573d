/* test_lexer.c -- token classes of the hand-written lexer on inputs that
 * pin each decision, and PDN_TOK_MORE at a buffer's end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syntax/lexer.h"

/* Lexes @input (final) and compares "KIND:text KIND:text ..." */
static void
expect_tokens(const char *input, const char *expected)
{
    size_t len = strlen(input);
    char *buf = malloc(len + 1);
    memcpy(buf, input, len + 1);
    pdn_lexer lx;
    pdn_lexer_init(&lx, buf, len, 0, true, true);
    char got[2048] = "";
    size_t n = 0;
    pdn_token t;
    while (pdn_lexer_next(&lx, &t) != PDN_TOK_EOF) {
        n +=
            (size_t)snprintf(got + n, sizeof got - n, "%s%s:%.*s", n ? " " : "",
                             pdn_token_kind_name(t.kind), (int)t.len, t.text);
        assert_true(t.off + t.len <= len);
    }
    free(buf);
    if (strcmp(got, expected) != 0)
        fail_msg("input '%s'\n  expected %s\n  got      %s", input, expected,
                 got);
}

static void
test_moves_and_results(void **state)
{
    (void)state;
    expect_tokens("22-18 22x13 22x13x6 22:13 2218",
                  "MOVE:22-18 MOVE:22x13 MOVE:22x13x6 MOVE:22:13 MOVE:2218");
    /* a whole move is one token: 1-18 is a move, 1-1 a result */
    expect_tokens("1-18 1-1 1-0 0-1 2-0 0-2 0-0 1/2-1/2",
                  "MOVE:1-18 RESULT:1-1 RESULT:1-0 RESULT:0-1 RESULT:2-0 "
                  "RESULT:0-2 RESULT:0-0 RESULT:1/2-1/2");
    expect_tokens("1-2 2-1 05-09 1-05", "MOVE:1-2 MOVE:2-1 MOVE:05-09 "
                                        "MOVE:1-05");
    /* blanks after a separator, in column-aligned files */
    expect_tokens("16x 7 1- 6", "MOVE:16x 7 MOVE:1- 6");
    /* alphanumeric, with or without separator */
    expect_tokens("c3-d4 c3d4 a5xc7xe5", "MOVE:c3-d4 MOVE:c3d4 "
                                         "MOVE:a5xc7xe5");
    /* four digits are a move only if both halves are squares */
    expect_tokens("1996 0914", "WORD:1996 MOVE:0914");
    /* a result glued to a tag */
    expect_tokens("0-1[Event", "RESULT:0-1 LBRACKET:[ IDENT:Event");
    /* a comment glued to a move */
    expect_tokens("22-18{good}", "MOVE:22-18 COMMENT:{good}");
}

static void
test_numbers_and_marks(void **state)
{
    (void)state;
    expect_tokens("12. 22-18 12... 11-15 1. ... 7-12 41. - -",
                  "MOVE_NUMBER:12. MOVE:22-18 MOVE_NUMBER:12... MOVE:11-15 "
                  "MOVE_NUMBER:1. ELLIPSIS:... MOVE:7-12 MOVE_NUMBER:41. "
                  "DASH:- DASH:-");
    expect_tokens("12.22-18", "MOVE_NUMBER:12. MOVE:22-18");
    expect_tokens("19-23(!?!!!) 22-18?! 4-8* 4-8 *",
                  "MOVE:19-23 STRENGTH:(!?!!!) MOVE:22-18 STRENGTH:?! "
                  "MOVE:4-8 FORCED:* MOVE:4-8 ASTERISK:*");
    expect_tokens("22-18!* $7 $12", "MOVE:22-18 STRENGTH:! FORCED:* NAG:$7 "
                                    "NAG:$12");
}

static void
test_text_classes(void **state)
{
    (void)state;
    expect_tokens("[Event \"a \\\"b\\\" c\"]",
                  "LBRACKET:[ IDENT:Event STRING:\"a \\\"b\\\" c\" "
                  "RBRACKET:]");
    /* a raw backslash before the closing quote of a tag */
    expect_tokens("[Comment \"C:\\dir\\\"]",
                  "LBRACKET:[ IDENT:Comment STRING:\"C:\\dir\\\" "
                  "RBRACKET:]");
    expect_tokens("x23 Event event", "WORD:x23 IDENT:Event WORD:event");
    expect_tokens("{a { b} ; to the end\n%escape\n 50% off",
                  "COMMENT:{a { b} LINE_COMMENT:; to the end "
                  "ESCAPE:%escape WORD:50% WORD:off");
    expect_tokens("/FEN \"W:W1:B2\"/ a/b", "SETUP:/FEN \"W:W1:B2\"/ "
                                           "WORD:a/b");
    expect_tokens("( ) (Prose, here.)",
                  "LPAREN:( RPAREN:) LPAREN:( WORD:Prose, WORD:here. "
                  "RPAREN:)");
    expect_tokens("{open", "ERROR:{open");
    expect_tokens("[A \"open\n]", "LBRACKET:[ IDENT:A ERROR:\"open "
                                  "RBRACKET:]");
}

/* At the end of a buffer that is not the last, any token touching it may
 * go on: the lexer asks for more and consumes nothing. */
static void
test_more(void **state)
{
    (void)state;
    static const char *cuts[] = {"22-1", "{comm", "[Ev",    "\"str",
                                 "12",   "1-",    "; line", "  "};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        size_t len = strlen(cuts[i]);
        char *buf = malloc(len + 1);
        memcpy(buf, cuts[i], len + 1);
        pdn_lexer lx;
        pdn_lexer_init(&lx, buf, len, 100, false, true);
        pdn_token t;
        pdn_token_kind k;
        while ((k = pdn_lexer_next(&lx, &t)) != PDN_TOK_MORE &&
               k != PDN_TOK_EOF)
            ;
        if (k != PDN_TOK_MORE)
            fail_msg("'%s': expected MORE", cuts[i]);
        free(buf);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_and_results),
        cmocka_unit_test(test_numbers_and_marks),
        cmocka_unit_test(test_text_classes),
        cmocka_unit_test(test_more),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
