/* test_strict.c -- pdn parse --strict: what the standard's reading
 * grammar (wiegerw/pdn doc/grammar.rst) takes, and where each tolerance
 * of grammar/README.md leaves it, to the byte.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syntax/strict.h"

/* A game the grammar takes, with its separator or without it as the
 * last of its file. */
static const char *const accepted[] = {
    "[Event \"a\"]\n[Result \"*\"]\n1. 32-28 19-23 2. 28x19 14x23 *",
    "1. 32-28 19-23 *",      /* no tags */
    "[FEN \"B:W18:B14\"] *", /* tags, no moves */
    "[FEN \"B:W18:B14\"]",   /* the last game: no separator */
    "1. 32-28 1-0",
    "1. 32-28 0-1",
    "1. 32-28 1/2-1/2",
    "1. 32-28 2-0",
    "1. 32-28 0-2",
    "1. 32-28 1-1",
    "1. 32-28 0-0",
    "1. 1-10 *",       /* a move, not the result 1-1 */
    "1.32-28 19-23 *", /* a move number glued to its move */
    "23... 20-25 *",
    "1. ... 7-12 *", /* ELLIPSES for a move left out */
    "1. 10x19x28 *",
    "1. 10:19 *",                        /* CAPTURESEPARATOR x and : */
    "1. 1- 6 2. 27x 7 *",                /* blanks between a move's tokens */
    "1. 05-09 *",                        /* NUMSQUARE 0[1-9] */
    "1. c3-d4 f6-e5 2. c3d4 a3xc5xe7 *", /* alphanumeric, ALPHAMOVE */
    "1. 32-28! 19-23? 2. 28x19!? 14x23(!?!!!) *", /* MOVESTRENGTH */
    "1. 32-28 ! *",             /* the reading grammar has blanks */
    "1. 32-28 $1 $902 19-23 *", /* NAG */
    "1. 32-28 {a comment}19-23{glued} *",
    "1. 32-28 {one\nof two lines} *",
    "1. 32-28 (1. 33-29 (1. 34-30 {deep}) 19-23) 19-23 *",
    "1. 32-28 /FEN \"W:W31:B1\"/ 2. 31-27 *", /* SETUP */
    "% an escape line\n[Event \"x\"] % after a tag\n1. 32-28 *",
    "[Event \"a \\\"quoted\\\" word\"] *", /* \" in a string */
    "[Comment \"C:\\nemesis\\games\"] *",  /* raw backslashes */
    "[Event \"40\xb0 Champ.\"] *",         /* a Windows-1252 byte in a string */
    "[Event \"a\"]\r\n1. 32-28\r\n*\r\n",  /* CRLF */
    "[Event \"a\"]\r1. 32-28\r*\r",        /* CR */
    "[Game_Type2 \"20\"] *",               /* IDENTIFIER [A-Z][a-zA-Z0-9_]* */
    "1. 32-28 1-0\n\n",                    /* blanks after the separator */
};

/* A tolerance of the reader, and where the grammar stops it. */
typedef struct refused {
    const char *text;
    size_t at;        /* the byte of the fault */
    const char *what; /* in its message */
} refused;

static const refused refusals[] = {
    /* compact moves */
    {"1. 2218 *", 5, "between its squares"},
    /* X as separator */
    {"1. 22X13 *", 5, "'x' or ':'"},
    /* '-' for a move left out */
    {"41. - - *", 4, "written '...'"},
    /* '*' glued to a move: PDN 3.0 reads a game's end */
    {"1. 3-8* 24-20 *", 6, "$7"},
    /* prose in parentheses */
    {"1. 22-18 (a good move) 11-15 *", 10, "found 'a'"},
    /* words among the moves */
    {"1. 22-18 hello 10-14 *", 9, "found 'hello'"},
    /* text between games: before a game's tags */
    {"Game two follows:\n[Event \"a\"] *", 0, "found 'Game'"},
    /* comments before the tags */
    {"{a preamble}\n[Event \"a\"] *", 13, "the tags come first"},
    /* ';' line comments */
    {"1. 27x20 ; a note\n*", 9, "{...}"},
    /* a game without its separator, not the last */
    {"[Event \"a\"]\n1. 32-28 ", 21, "to end the game"},
    /* a game of a separator alone */
    {"*", 0, "tags or moves"},
    /* a move number with no move: "1. 2-0" */
    {"1. 2-0", 3, "a move number and a result"},
    /* a move number, then the next game */
    {"1. 32-28 6. ", 12, "a move after the move number"},
    /* \" before the line end closes the string only for the reader */
    {"[Comment \"C:\\dir\\\"]\n[Event \"x\"] *", 9, "runs on past its line"},
    /* a tag name that is no IDENTIFIER */
    {"[event \"x\"] *", 1, "tag name"},
    {"[1Event \"x\"] *", 1, "tag name"},
    /* a NUL byte, a control byte */
    {"1. 12-16 \x01 *", 9, "0x01"},
    /* nested comments */
    {"1. 33-29 { nested { comment } } *", 30, "do not nest"},
    /* a separator inside a variation */
    {"1. 22-18 (10-14 *) *", 16, "in the variation"},
    /* an empty variation */
    {"1. 22-18 () *", 10, "in the variation"},
    /* a ')' with none open */
    {"1. 22-18 ) *", 9, "no '(' is open"},
    /* a variation not closed */
    {"1. 22-18 (10-14 *", 16, "in the variation"},
    /* a comment not closed */
    {"1. 22-18 {open", 9, "not closed"},
    /* squares the grammar has not: three digits, upper-case letters */
    {"1. 100-10 *", 5, "after the square '10'"},
    {"1. C3-D4 *", 3, "found 'C3'"},
    /* a square missing after a separator */
    {"1. 22- *", 7, "a square after '-'"},
    {"1. 22x *", 7, "a square after 'x'"},
    /* a tag missing its value or its bracket */
    {"[Event] *", 6, "in quotes"},
    {"[Event \"a\" *", 11, "']'"},
    /* a NAG alone after its move number */
    {"1. $1 *", 3, "a move after the move number"},
};

static void
test_accepted(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
        pdn_strict_fault f;
        bool ok = pdn_strict_game(accepted[i], strlen(accepted[i]), false, &f);
        if (!ok &&
            strchr("*0120", accepted[i][strlen(accepted[i]) - 1]) == NULL)
            ok = pdn_strict_game(accepted[i], strlen(accepted[i]), true,
                                 &f); /* the last game of its file */
        if (!ok)
            fail_msg("refused \"%s\": at %zu: %s", accepted[i], f.at,
                     f.message);
    }
}

static void
test_refused(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        const refused *c = &refusals[i];
        pdn_strict_fault f;
        /* Not the last game: "1. 2-0" would otherwise pass as ... no
         * game at all, and a game without a separator may end a file. */
        if (pdn_strict_game(c->text, strlen(c->text), false, &f))
            fail_msg("took \"%s\"", c->text);
        if (f.at != c->at || !strstr(f.message, c->what))
            fail_msg("\"%s\": at %zu, \"%s\"; expected at %zu, \"%s\"", c->text,
                     f.at, f.message, c->at, c->what);
    }
}

/* The last game of a file needs no separator; any other does. */
static void
test_last_game(void **state)
{
    (void)state;
    const char *g = "[Event \"a\"]\n1. 32-28 19-23\n";
    pdn_strict_fault f;
    assert_true(pdn_strict_game(g, strlen(g), true, &f));
    assert_false(pdn_strict_game(g, strlen(g), false, &f));
    assert_int_equal(f.at, strlen(g));
}

/* Variations nest to any depth without recursion; the text is read
 * within its length (no NUL after it). */
static void
test_deep_and_bounded(void **state)
{
    (void)state;
    size_t depth = 100000, n = 0;
    char *text = malloc(depth * 12 + 16);
    n += (size_t)sprintf(text, "1. 32-28 ");
    for (size_t i = 0; i < depth; i++)
        n += (size_t)sprintf(text + n, "(19-23 ");
    for (size_t i = 0; i < depth; i++)
        text[n++] = ')';
    text[n++] = ' ';
    text[n++] = '*';
    pdn_strict_fault f;
    assert_true(pdn_strict_game(text, n, false, &f));
    /* Cut anywhere, with the bytes after the cut not NUL: a fault,
     * never a read past the end. */
    for (size_t cut = 1; cut < 40; cut++) {
        char *part = malloc(cut);
        memcpy(part, text, cut);
        (void)pdn_strict_game(part, cut, false, &f);
        assert_true(f.at <= cut);
        free(part);
    }
    free(text);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepted),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_last_game),
        cmocka_unit_test(test_deep_and_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
