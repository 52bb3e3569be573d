/* test_report.c -- the reports of pdn annotate on a game judged by hand
 * (fixture.c): the text report line by line, the JSON line read back with
 * the project's JSON reader, the HTML page's boards, arrows and escapes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "report/report.h"
#include "rules/fen.h"
#include "write/json_in.h"

static int
setup(void **state)
{
    report_fixture *f = malloc(sizeof *f);
    if (!f || report_fixture_init(f) < 0)
        return -1;
    *state = f;
    return 0;
}

static int
teardown(void **state)
{
    report_fixture_fini(*state);
    free(*state);
    return 0;
}

/* How many times @needle occurs in @s. */
static size_t
count(const char *s, const char *needle)
{
    size_t n = 0, len = strlen(needle);
    for (const char *p = strstr(s, needle); p; p = strstr(p + len, needle))
        n++;
    return n;
}

/* ---- Text ---- */

static const char TEXT[] =
    "Game 1: Chinook - <b>&\"\n"
    "  Event: Test & <Cup>; Date: 2024.05.01; Result: 1-0; "
    "File: games/test.pdn\n"
    "  English checkers; depth 12-12, 1234567 nodes, 2.5 s\n"
    "  Black (Chinook): 4 moves judged, accuracy 71.2%, average loss 0.70 "
    "men\n"
    "    1 inaccuracy, 0 mistakes, 1 blunder\n"
    "    2. 9-14  Inaccuracy  -0.10 -> +0.30  lost 0.40 men  better: 8-11  "
    "line: 2. 8-11\n"
    "    3. 10-15  Blunder  +0.25 -> +2.60  lost 2.35 men  better: 16-20  "
    "line: 3. 16-20 19-15 4. 10x28 27-24\n"
    "  White (<b>&\"): 3 moves judged, accuracy 88.9%, average loss 0.38 "
    "men\n"
    "    0 inaccuracies, 1 mistake, 0 blunders\n"
    "    4... 24-19  Mistake  +2.60 -> +1.50  lost 1.10 men  better: 32-28  "
    "line: 4... 32-28 5. 16-20\n"
    "\n";

static void
test_text(void **state)
{
    report_fixture *f = *state;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_text(f->game, &f->annotation, &f->options, &out);
    assert_string_equal(out.ptr, TEXT);
    pdn_strbuf_free(&out);
}

static void
test_text_line_plies(void **state)
{
    report_fixture *f = *state;
    pdn_annotate_options o = f->options;
    o.line_plies = 2;
    snprintf(o.labels[PDN_MARK_BLUNDER], sizeof o.labels[0], "Howler");
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_text(f->game, &f->annotation, &o, &out);
    assert_non_null(strstr(out.ptr,
                           "\n    3. 10-15  Howler  +0.25 -> +2.60  lost "
                           "2.35 men  better: 16-20  line: 3. 16-20 "
                           "19-15\n"));
    o.line_plies = 0;
    pdn_strbuf_clear(&out);
    pdn_report_text(f->game, &f->annotation, &o, &out);
    assert_null(strstr(out.ptr, "line:"));
    pdn_strbuf_free(&out);
}

static void
test_text_not_annotated(void **state)
{
    report_fixture *f = *state;
    pdn_annotation a = f->annotation;
    pdn_strbuf out = PDN_STRBUF_INIT;
    a.selected = false;
    pdn_report_text(f->game, &a, &f->options, &out);
    assert_string_equal(out.ptr, "Game 1: Chinook - <b>&\": not selected\n");
    a.selected = true;
    a.variant = NULL;
    pdn_strbuf_clear(&out);
    pdn_report_text(f->game, &a, &f->options, &out);
    assert_string_equal(out.ptr, "Game 1: <b>&\" - Chinook: not replayed, "
                                 "nothing judged\n");
    pdn_strbuf_free(&out);
}

static void
test_line_alpha(void **state)
{
    report_fixture *f = *state;
    const pdn_judged_move *m = &f->annotation.moves[4];
    char moves[PDN_ANNOTATE_MAX_LINE][PDN_MOVE_TEXT_MAX];
    int n = pdn_annotate_line(f->annotation.variant, m, true, 8, moves);
    assert_int_equal(n, 4);
    assert_string_equal(moves[0], "g5-h4");
    assert_string_equal(moves[2], "d6xh2");
    assert_int_equal(
        pdn_annotate_line(f->annotation.variant, m, false, 3, moves), 3);
}

/* ---- JSON ---- */

static const pdn_json *
at(const pdn_json *o, const char *path)
{
    char key[64];
    while (o && *path) {
        size_t len = strcspn(path, ".");
        snprintf(key, sizeof key, "%.*s", (int)len, path);
        if (o->kind == PDN_JSON_ARRAY) {
            int i = atoi(key);
            o = o->child;
            while (o && i-- > 0)
                o = o->next;
        } else {
            o = pdn_json_get(o, key);
        }
        path += len + (path[len] == '.');
    }
    assert_non_null(o);
    return o;
}

static double
number(const pdn_json *o, const char *path)
{
    const pdn_json *n = at(o, path);
    assert_int_equal(n->kind, PDN_JSON_NUMBER);
    return n->number;
}

static const char *
string(const pdn_json *o, const char *path)
{
    const pdn_json *s = at(o, path);
    assert_int_equal(s->kind, PDN_JSON_STRING);
    return s->str;
}

static size_t
length(const pdn_json *o, const char *path)
{
    size_t n = 0;
    for (const pdn_json *e = at(o, path)->child; e; e = e->next)
        n++;
    return n;
}

static void
test_json(void **state)
{
    report_fixture *f = *state;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_json(f->game, &f->annotation, &f->options, &out);
    assert_true(out.len > 0 && out.ptr[out.len - 1] == '\n');
    assert_int_equal(count(out.ptr, "\n"), 1);
    pdn_arena arena;
    pdn_arena_init(&arena);
    char err[128];
    size_t where = 0;
    pdn_json *j =
        pdn_json_parse(&arena, out.ptr, out.len, err, sizeof err, &where);
    if (!j)
        fail_msg("%s at %zu: %s", err, where, out.ptr);
    assert_string_equal(string(j, "file"), "games/test.pdn");
    assert_int_equal(number(j, "game"), 1);
    assert_string_equal(string(j, "white"), "<b>&\"");
    assert_string_equal(string(j, "black"), "Chinook");
    assert_string_equal(string(j, "event"), "Test & <Cup>");
    assert_string_equal(string(j, "date"), "2024.05.01");
    assert_string_equal(string(j, "result"), "1-0");
    assert_string_equal(string(j, "variant"), "english");
    assert_int_equal(at(j, "selected")->kind, PDN_JSON_TRUE);
    assert_int_equal(at(j, "stopped")->kind, PDN_JSON_FALSE);
    assert_int_equal(number(j, "nodes"), 1234567);
    assert_true(fabs(number(j, "seconds") - 2.5) < 1e-9);
    assert_int_equal(number(j, "depth.0"), 12);
    assert_int_equal(number(j, "depth.1"), 12);
    /* By colour: Black moves first in English draughts. */
    assert_int_equal(number(j, "sides.black.judged"), 4);
    assert_int_equal(number(j, "sides.black.blunders"), 1);
    assert_int_equal(number(j, "sides.black.inaccuracies"), 1);
    assert_true(fabs(number(j, "sides.black.average_loss") - 0.70) < 1e-9);
    assert_true(fabs(number(j, "sides.black.accuracy") - 71.2) < 0.051);
    assert_int_equal(number(j, "sides.white.judged"), 3);
    assert_int_equal(number(j, "sides.white.mistakes"), 1);
    assert_int_equal(number(j, "sides.white.blunders"), 0);
    assert_int_equal(length(j, "moves"), 11);
    /* The blunder: scores from White's side. */
    const pdn_json *m = at(j, "moves.4");
    assert_int_equal(number(m, "ply"), 4);
    assert_int_equal(number(m, "number"), 3);
    assert_string_equal(string(m, "side"), "black");
    assert_int_equal(at(m, "main_line")->kind, PDN_JSON_TRUE);
    assert_string_equal(string(m, "move"), "10-15");
    assert_string_equal(string(m, "best"), "16-20");
    assert_int_equal(at(m, "judged")->kind, PDN_JSON_TRUE);
    assert_int_equal(at(m, "forced")->kind, PDN_JSON_FALSE);
    assert_int_equal(number(m, "depth"), 12);
    assert_int_equal(number(m, "before"), 25);
    assert_int_equal(number(m, "after"), 260);
    assert_true(fabs(number(m, "loss") - 2.35) < 1e-9);
    assert_string_equal(string(m, "mark"), "blunder");
    assert_int_equal(length(m, "line"), 4);
    assert_string_equal(string(m, "line.2"), "10x28");
    /* The mistake, White's. */
    m = at(j, "moves.7");
    assert_string_equal(string(m, "side"), "white");
    assert_int_equal(number(m, "before"), 260);
    assert_int_equal(number(m, "after"), 150);
    assert_string_equal(string(m, "mark"), "mistake");
    /* A forced move: no scores. */
    m = at(j, "moves.9");
    assert_string_equal(string(m, "move"), "27x11");
    assert_int_equal(at(m, "forced")->kind, PDN_JSON_TRUE);
    assert_int_equal(at(m, "judged")->kind, PDN_JSON_FALSE);
    assert_int_equal(at(m, "before")->kind, PDN_JSON_NULL);
    assert_int_equal(at(m, "mark")->kind, PDN_JSON_NULL);
    assert_int_equal(length(m, "line"), 0);
    /* A win for White, in 12 plies. */
    m = at(j, "moves.10");
    assert_int_equal(number(m, "before"), 29988);
    assert_int_equal(at(m, "mark")->kind, PDN_JSON_NULL);
    pdn_arena_fini(&arena);
    pdn_strbuf_free(&out);
}

static void
test_json_not_replayed(void **state)
{
    report_fixture *f = *state;
    pdn_annotation a = f->annotation;
    a.variant = NULL;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_json(f->game, &a, &f->options, &out);
    pdn_arena arena;
    pdn_arena_init(&arena);
    char err[128];
    size_t where = 0;
    pdn_json *j =
        pdn_json_parse(&arena, out.ptr, out.len, err, sizeof err, &where);
    assert_non_null(j);
    assert_int_equal(at(j, "variant")->kind, PDN_JSON_NULL);
    assert_int_equal(length(j, "moves"), 0);
    pdn_arena_fini(&arena);
    pdn_strbuf_free(&out);
}

/* ---- HTML ---- */

static void
test_html(void **state)
{
    report_fixture *f = *state;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_html_begin("Report <1> & 'all'", &out);
    pdn_report_html_game(f->game, &f->annotation, &f->options, &out);
    pdn_report_html_end(&out);
    const char *s = out.ptr;
    assert_true(strncmp(s, "<!DOCTYPE html>\n<html lang=\"en\">", 32) == 0);
    assert_non_null(strstr(s, "<meta charset=\"utf-8\">"));
    assert_non_null(strstr(s, "<title>Report &lt;1&gt; &amp; &#39;all&#39;"
                              "</title>"));
    assert_non_null(strstr(s, "</body>\n</html>\n"));
    /* A board at the mistake and the blunder, none at the inaccuracy. */
    assert_int_equal(count(s, "<figure class=\"board"), 2);
    assert_int_equal(count(s, "<svg class=\"board\""), 2);
    assert_int_equal(count(s, "<figure class=\"board blunder\">"), 1);
    assert_int_equal(count(s, "<figure class=\"board mistake\">"), 1);
    assert_int_equal(count(s, "class=\"arrow played\""), 2);
    assert_int_equal(count(s, "class=\"arrow best\""), 2);
    /* The graph: a point per judged move of the main line. */
    assert_int_equal(count(s, "<circle class=\"point"), 7);
    assert_int_equal(count(s, "<circle class=\"point blunder\""), 1);
    assert_int_equal(count(s, "<circle class=\"point inaccuracy\""), 1);
    /* Text from the file is escaped wherever it goes. */
    assert_null(strstr(s, "<b>"));
    assert_null(strstr(s, "<Cup>"));
    assert_true(count(s, "&lt;b&gt;&amp;&quot;") >= 2);
    assert_non_null(strstr(s, "Test &amp; &lt;Cup&gt;"));
    assert_non_null(strstr(s, "line: 3. 16-20 19-15 4. 10x28 27-24"));
    /* No script, no outside resource. */
    assert_null(strstr(s, "<script"));
    assert_null(strstr(s, "href="));
    assert_null(strstr(s, "src="));
    pdn_strbuf_free(&out);
}

static void
test_html_not_selected(void **state)
{
    report_fixture *f = *state;
    pdn_annotation a = f->annotation;
    a.selected = false;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_html_game(f->game, &a, &f->options, &out);
    assert_non_null(strstr(out.ptr, "Not annotated: the game was not "
                                    "selected."));
    assert_null(strstr(out.ptr, "<svg"));
    pdn_strbuf_free(&out);
}

/* A double capture gets an arrow per leg, from the centre of each square
 * (27 is f2 on the English board: x 16 + 5 * 40 + 20, y (8 - 2) * 40 +
 * 20) to the next. */
static void
test_board_capture(void **state)
{
    report_fixture *f = *state;
    pdn_judged_move m = f->annotation.moves[9]; /* 27x11 */
    m.best = m.played;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_html_board(f->annotation.variant, &m, &out);
    const char *s = out.ptr;
    assert_int_equal(count(s, "class=\"arrow played\""), 2);
    assert_int_equal(count(s, "class=\"arrow best\""), 2);
    assert_non_null(strstr(s, "<line x1=\"236.0\" y1=\"260.0\" "));
    assert_int_equal(count(s, "<text class=\"sq\""), 32);
    /* 12 - 1 black men, 12 - 2 white men before the capture. */
    assert_int_equal(count(s, "<g class=\"piece black\">"), 11);
    assert_int_equal(count(s, "<g class=\"piece white\">"), 10);
    assert_int_equal(count(s, "king"), 0);
    pdn_strbuf_free(&out);
}

static void
test_board_kings(void **state)
{
    (void)state;
    const pdn_variant *v = pdn_variant_get(PDN_ITALIAN);
    const char fen[] = "W:WK29,32:BK1,4";
    pdn_judged_move m;
    memset(&m, 0, sizeof m);
    pdn_fen_error e;
    assert_int_equal(pdn_fen_parse(v, fen, strlen(fen), &m.before, &e), 0);
    assert_int_equal(report_fixture_move(v, &m.before, "32-28", &m.played), 0);
    m.best = m.played;
    m.played_text = "32-28";
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_html_board(v, &m, &out);
    assert_int_equal(count(out.ptr, "<g class=\"piece white king\">"), 1);
    assert_int_equal(count(out.ptr, "<g class=\"piece black king\">"), 1);
    assert_int_equal(count(out.ptr, "<g class=\"piece white\">"), 1);
    assert_int_equal(count(out.ptr, "<g class=\"piece black\">"), 1);
    assert_int_equal(count(out.ptr, "fill=\"#d4a017\""), 2);
    pdn_strbuf_free(&out);
}

static void
test_escape(void **state)
{
    (void)state;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_html_escape("a&b<c>d\"e'f\xc3\xa9", &out);
    pdn_report_html_escape(NULL, &out);
    assert_string_equal(out.ptr, "a&amp;b&lt;c&gt;d&quot;e&#39;f\xc3\xa9");
    pdn_strbuf_free(&out);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_text_line_plies),
        cmocka_unit_test(test_text_not_annotated),
        cmocka_unit_test(test_line_alpha),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_json_not_replayed),
        cmocka_unit_test(test_html),
        cmocka_unit_test(test_html_not_selected),
        cmocka_unit_test(test_board_capture),
        cmocka_unit_test(test_board_kings),
        cmocka_unit_test(test_escape),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
