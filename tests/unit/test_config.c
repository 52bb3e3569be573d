/* test_config.c -- the configuration file of pdn-config(5): inline YAML
 * written to a temporary file (libinput's quirks tests), each error with
 * its exact line, column and message; codes, levels and the overrides;
 * the annotate section, its example file, and its printing read back.
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

#include "config/config.h"

/* ---- Helpers ---- */

/* Writes @yaml to a new temporary file; its name in @path. */
static void
write_temp(const char *yaml, char path[64])
{
    strcpy(path, "/tmp/pdn-config-test.XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(yaml, f);
    fclose(f);
}

/* Loads @yaml into @c; returns what pdn_config_load did, with its one
 * error as "line:col message" in @msg (empty when none). */
static int
load(const char *yaml, pdn_config *c, char *msg, size_t size)
{
    char path[64];
    pdn_diags d = PDN_DIAGS_INIT;
    int rc;

    write_temp(yaml, path);
    rc = pdn_config_load(c, path, &d);
    msg[0] = '\0';
    if (rc != 0) {
        assert_int_equal(d.count, 1);
        assert_int_equal(d.items[0].severity, PDN_SEV_ERROR);
        assert_string_equal(d.items[0].file, path);
        snprintf(msg, size, "%u:%u %s", d.items[0].at.line, d.items[0].at.col,
                 d.items[0].message);
    } else {
        assert_int_equal(d.count, 0);
    }
    pdn_diags_free(&d);
    unlink(path);
    return rc;
}

/* Expects @yaml to be refused with @want ("line:col message"). */
static void
expect_error(const char *yaml, const char *want)
{
    pdn_config c;
    char msg[256];

    pdn_config_init(&c);
    assert_int_equal(load(yaml, &c, msg, sizeof msg), -1);
    assert_string_equal(msg, want);
    pdn_config_fini(&c);
}

/* ---- Good files ---- */

static void
test_good_file(void **state)
{
    pdn_config c;
    char msg[256];
    (void)state;

    pdn_config_init(&c);
    assert_int_equal(load("# pdn\n"
                          "variant: spanish\n"
                          "check:\n"
                          "  draw_rule: fid-2008\n"
                          "  automatic_draws: true\n"
                          "  severity:\n"
                          "    W0204: error\n"
                          "    \"214\": off\n"
                          "    w213: note\n",
                          &c, msg, sizeof msg),
                     0);
    assert_string_equal(c.variant, "spanish");
    assert_string_equal(c.draw_rule, "fid-2008");
    assert_true(c.automatic_draws_set);
    assert_true(c.automatic_draws);
    assert_int_equal(c.nseverities, 3);
    assert_int_equal(pdn_config_severity_of(&c, 204, PDN_SEV_WARNING),
                     PDN_SEV_ERROR);
    assert_int_equal(pdn_config_severity_of(&c, 214, PDN_SEV_NOTE),
                     PDN_SEV_OFF);
    assert_int_equal(pdn_config_severity_of(&c, 213, PDN_SEV_WARNING),
                     PDN_SEV_NOTE);
    assert_int_equal(pdn_config_severity_of(&c, 201, PDN_SEV_ERROR),
                     PDN_SEV_ERROR);
    pdn_config_fini(&c);
}

static void
test_empty_values(void **state)
{
    pdn_config c;
    char msg[256];
    (void)state;

    pdn_config_init(&c);
    assert_int_equal(load("", &c, msg, sizeof msg), 0);
    assert_int_equal(load("check:\n", &c, msg, sizeof msg), 0);
    assert_int_equal(load("check:\n  severity:\n", &c, msg, sizeof msg), 0);
    assert_int_equal(load("variant: \"22\"\ncheck: {}\n", &c, msg, sizeof msg),
                     0);
    assert_string_equal(c.variant, "22");
    assert_null(c.draw_rule);
    assert_false(c.automatic_draws_set);
    pdn_config_fini(&c);
}

/* ---- Errors ---- */

static void
test_unknown_key(void **state)
{
    (void)state;
    expect_error("variant: italian\n"
                 "check:\n"
                 "  draw_rul: standard\n",
                 "3:3 check.draw_rul: unknown key (did you mean "
                 "`draw_rule`?)");
    expect_error("varient: italian\n",
                 "1:1 varient: unknown key (did you mean `variant`?)");
    expect_error("check:\n  colour: red\n",
                 "2:3 check.colour: unknown key (expected `draw_rule`, "
                 "`automatic_draws` or `severity`)");
    expect_error("check:\n  severity: {}\n  severity: {}\n",
                 "3:3 check.severity: given twice");
}

static void
test_bad_values(void **state)
{
    (void)state;
    expect_error("check:\n"
                 "  severity:\n"
                 "    W0204: loud\n",
                 "3:12 check.severity.W0204: expected error, warning, "
                 "note or off, found 'loud'");
    expect_error("check:\n  automatic_draws: maybe\n",
                 "2:20 check.automatic_draws: expected true or false, "
                 "found 'maybe'");
    expect_error("check:\n  draw_rule: long\n",
                 "2:14 check.draw_rule: unknown draw rule 'long' "
                 "(standard, short, fid-2008, spanish, english, luciano)");
    expect_error("variant: klingon\n",
                 "1:10 variant: unknown variant 'klingon'; supported: "
                 "italian (GameType 22), spanish (24), english (21)");
}

static void
test_unknown_code(void **state)
{
    (void)state;
    expect_error("check:\n"
                 "  severity:\n"
                 "    W0214: off\n",
                 "3:5 check.severity.W0214: unknown code (did you mean "
                 "N0214?)");
    expect_error("check:\n  severity:\n    E9999: off\n",
                 "3:5 check.severity.E9999: unknown code (did you mean "
                 "E0109?)");
}

static void
test_not_a_mapping(void **state)
{
    (void)state;
    expect_error("check: [1, 2]\n",
                 "1:8 check: expected a mapping, found a list");
    expect_error("check:\n  severity: off\n",
                 "2:13 check.severity: expected a mapping, found 'off'");
    expect_error("- variant\n",
                 "1:1 top level: expected a mapping, found a list");
    expect_error("variant: {a: b}\n",
                 "1:10 variant: expected a variant, found a mapping");
}

static void
test_bad_yaml(void **state)
{
    (void)state;
    expect_error("check:\n  severity: W0204: off\n",
                 "2:18 invalid YAML: mapping values are not allowed in "
                 "this context");
    expect_error("variant: [italian\n",
                 "2:1 invalid YAML: did not find expected ',' or ']' "
                 "(while parsing a flow sequence at 1:10)");
}

static void
test_missing_file(void **state)
{
    pdn_config c;
    pdn_diags d = PDN_DIAGS_INIT;
    (void)state;

    pdn_config_init(&c);
    assert_int_equal(pdn_config_load(&c, "/nonexistent/pdn/config.yaml", &d),
                     -1);
    assert_int_equal(d.count, 1);
    assert_int_equal(d.items[0].at.line, 0);
    assert_string_equal(d.items[0].message, "No such file or directory");
    pdn_diags_free(&d);
    pdn_config_fini(&c);
}

/* ---- Codes, levels, overrides ---- */

static void
test_parse_code(void **state)
{
    char suggest[8];
    int code = 0;
    (void)state;

    assert_int_equal(pdn_config_parse_code("W0204", &code, suggest), 0);
    assert_int_equal(code, 204);
    assert_int_equal(pdn_config_parse_code("204", &code, suggest), 0);
    assert_int_equal(pdn_config_parse_code("e201", &code, suggest), 0);
    assert_int_equal(code, 201);
    assert_int_equal(pdn_config_parse_code("N0204", &code, suggest), -1);
    assert_string_equal(suggest, "W0204");
    assert_int_equal(pdn_config_parse_code("299", &code, suggest), -1);
    assert_string_equal(suggest, "W0209");
    assert_int_equal(pdn_config_parse_code("W02040", &code, suggest), -1);
    assert_int_equal(pdn_config_parse_code("", &code, suggest), -1);
}

static void
test_parse_level(void **state)
{
    pdn_severity s;
    (void)state;

    assert_int_equal(pdn_config_parse_level("off", &s), 0);
    assert_int_equal(s, PDN_SEV_OFF);
    assert_int_equal(pdn_config_parse_level("warning", &s), 0);
    assert_int_equal(s, PDN_SEV_WARNING);
    assert_int_equal(pdn_config_parse_level("Error", &s), -1);
}

static void
test_apply_and_merge(void **state)
{
    pdn_config file, opts;
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_loc at = {0, 1, 1};
    (void)state;

    pdn_config_init(&file);
    pdn_config_init(&opts);
    pdn_config_set_severity(&file, 204, PDN_SEV_OFF);
    pdn_config_set_severity(&file, 214, PDN_SEV_OFF);
    pdn_config_set_severity(&opts, 204, PDN_SEV_ERROR);
    pdn_config_merge(&file, &opts);
    assert_int_equal(file.nseverities, 2);

    pdn_diags_add(&d, PDN_SEV_WARNING, 204, "x", at, 1, "number");
    pdn_diags_add(&d, PDN_SEV_NOTE, 214, "x", at, 1, "tags");
    pdn_diags_add(&d, PDN_SEV_WARNING, 213, "x", at, 1, "result");
    pdn_config_apply(&file, &d);
    pdn_config_apply(&file, &d); /* twice: the same */
    assert_int_equal(d.items[0].severity, PDN_SEV_ERROR);
    assert_int_equal(d.items[1].severity, PDN_SEV_OFF);
    assert_int_equal(d.items[2].severity, PDN_SEV_WARNING);
    assert_int_equal(d.errors, 1);
    assert_int_equal(d.warnings, 1);
    assert_int_equal(d.notes, 0);
    pdn_diags_free(&d);
    pdn_config_fini(&file);
    pdn_config_fini(&opts);
}

static void
test_default_path(void **state)
{
    char *p;
    (void)state;

    p = pdn_config_default_path("/x", "/home/u");
    assert_string_equal(p, "/x/pdn/config.yaml");
    free(p);
    p = pdn_config_default_path("", "/home/u");
    assert_string_equal(p, "/home/u/.config/pdn/config.yaml");
    free(p);
    assert_null(pdn_config_default_path(NULL, NULL));
}

static void
test_distance(void **state)
{
    (void)state;
    assert_int_equal(pdn_config_distance("draw_rul", "draw_rule"), 1);
    assert_int_equal(pdn_config_distance("kitten", "sitting"), 3);
    assert_int_equal(pdn_config_distance("", "abc"), 3);
    assert_int_equal(pdn_config_distance("same", "same"), 0);
}

/* ---- annotate: ---- */

/* Every field of two sets of options, one by one (the struct has padding
 * that memcmp would read). */
static void
assert_same_options(const pdn_annotate_options *a,
                    const pdn_annotate_options *b)
{
    assert_int_equal(a->depth, b->depth);
    assert_int_equal(a->time_ms, b->time_ms);
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->hash_mb, b->hash_mb);
    assert_int_equal(a->threads, b->threads);
    assert_int_equal(a->game_time_ms, b->game_time_ms);
    assert_int_equal(a->game_nodes, b->game_nodes);
    assert_int_equal(a->scale, b->scale);
    assert_true(a->spread == b->spread && a->inaccuracy == b->inaccuracy &&
                a->mistake == b->mistake && a->blunder == b->blunder);
    assert_int_equal(a->sides, b->sides);
    assert_int_equal(a->first_move, b->first_move);
    assert_int_equal(a->last_move, b->last_move);
    assert_int_equal(a->skip_plies, b->skip_plies);
    assert_true(a->variations == b->variations && a->nags == b->nags &&
                a->comments == b->comments && a->lines == b->lines &&
                a->eval == b->eval && a->tags == b->tags);
    assert_int_equal(a->line_plies, b->line_plies);
    assert_string_equal(a->comment, b->comment);
    for (int i = 1; i < 4; i++)
        assert_string_equal(a->labels[i], b->labels[i]);
    assert_string_equal(a->annotator, b->annotator);
    assert_int_equal(a->nselect, b->nselect);
    for (size_t i = 0; i < a->nselect; i++) {
        assert_string_equal(a->select[i].tag, b->select[i].tag);
        assert_string_equal(a->select[i].pattern, b->select[i].pattern);
    }
    assert_string_equal(a->variant, b->variant);
    assert_string_equal(a->draw_rule, b->draw_rule);
    assert_int_equal(a->report, b->report);
    assert_int_equal(a->alpha, b->alpha);
}

/* pdn_config_print_annotate of @c, to be freed with free(). */
static char *
print_of(const pdn_config *c)
{
    pdn_strbuf b = PDN_STRBUF_INIT;
    pdn_config_print_annotate(c, &b);
    return pdn_strbuf_detach(&b);
}

static void
test_annotate_absent(void **state)
{
    pdn_config c;
    pdn_annotate_options dflt;
    char msg[256];
    (void)state;

    pdn_annotate_defaults(&dflt);
    pdn_config_init(&c);
    assert_false(c.annotate_set);
    assert_same_options(&c.annotate, &dflt);
    assert_int_equal(load("variant: \"22\"\ncheck:\n  draw_rule: short\n", &c,
                          msg, sizeof msg),
                     0);
    assert_false(c.annotate_set);
    assert_string_equal(c.annotate.variant, "22"); /* the top-level key */
    dflt.variant[0] = '\0';
    c.annotate.variant[0] = '\0';
    assert_same_options(&c.annotate, &dflt); /* check.draw_rule: not here */
    assert_int_equal(load("annotate:\n", &c, msg, sizeof msg), 0);
    assert_true(c.annotate_set);
    assert_same_options(&c.annotate, &dflt);
    pdn_config_fini(&c);
}

static void
test_annotate_example(void **state)
{
    pdn_config c;
    pdn_diags d = PDN_DIAGS_INIT;
    const pdn_annotate_options *o = &c.annotate;
    (void)state;

    pdn_config_init(&c);
    assert_int_equal(
        pdn_config_load(&c, PDN_SOURCE_ROOT "/corpus/annotate-config.yaml", &d),
        0);
    assert_int_equal(d.count, 0);
    assert_true(c.annotate_set);
    assert_string_equal(c.variant, "english");
    assert_string_equal(o->variant, "english");
    assert_string_equal(o->draw_rule, "fid-2008");
    assert_int_equal(o->depth, 16);
    assert_int_equal(o->time_ms, 2000);
    assert_int_equal(o->nodes, 5000000);
    assert_int_equal(o->hash_mb, 64);
    assert_int_equal(o->threads, 2);
    assert_int_equal(o->game_time_ms, 60000);
    assert_int_equal(o->game_nodes, 0); /* the limits it names replace it */
    assert_int_equal(o->scale, PDN_SCALE_MEN);
    assert_true(o->spread == 1.25);
    assert_true(o->inaccuracy == 0.25);
    assert_true(o->mistake == 0.6);
    assert_true(o->blunder == 2.0);
    assert_int_equal(o->sides, PDN_SIDE_SECOND);
    assert_int_equal(o->first_move, 5);
    assert_int_equal(o->last_move, 40);
    assert_int_equal(o->skip_plies, 6);
    assert_true(o->variations && o->nags && o->comments && o->tags);
    assert_false(o->lines || o->eval);
    assert_int_equal(o->line_plies, 12);
    assert_string_equal(o->comment,
                        "{label} ({loss} men): {best} was better than "
                        "{played}.");
    assert_string_equal(o->labels[PDN_MARK_INACCURACY], "Dubious");
    assert_string_equal(o->labels[PDN_MARK_MISTAKE], "Weak");
    assert_string_equal(o->labels[PDN_MARK_BLUNDER], "Losing");
    assert_string_equal(o->annotator, "pdn 0.1, depth 16");
    assert_int_equal(o->nselect, 2);
    assert_string_equal(o->select[0].tag, "Event");
    assert_string_equal(o->select[0].pattern, "(?i)championship");
    assert_string_equal(o->select[1].tag, "Black");
    assert_string_equal(o->select[1].pattern, "^Tinsley");
    assert_int_equal(o->report, PDN_REPORT_HTML);
    assert_true(o->alpha);
    assert_null(c.draw_rule); /* check.draw_rule is another key */
    pdn_config_fini(&c);
}

static void
test_annotate_values(void **state)
{
    pdn_config c;
    char msg[256];
    (void)state;

    pdn_config_init(&c);
    assert_int_equal(
        load("annotate:\n  draw_rule: \"\"\n"
             "  engine: {depth: 0, nodes: 1000000000000, hash: \"65536\"}\n"
             "  thresholds: {spread: 0.01, inaccuracy: 0.5, mistake: 0.50,"
             " blunder: 100}\n"
             "  sides: first\n  moves: {from: 3, to: 3}\n"
             "  templates: {comment: '{{{best}}} }} {{ {depth}'}\n"
             "  annotator:\n  select: {}\n  notation: numeric\n",
             &c, msg, sizeof msg),
        0);
    assert_string_equal(c.annotate.draw_rule, "");
    assert_int_equal(c.annotate.depth, 0);
    assert_int_equal(c.annotate.nodes, UINT64_C(1000000000000));
    assert_int_equal(c.annotate.hash_mb, 65536);
    assert_true(c.annotate.spread == 0.01);
    assert_true(c.annotate.mistake == 0.5);
    assert_true(c.annotate.blunder == 100.0);
    assert_int_equal(c.annotate.sides, PDN_SIDE_FIRST);
    assert_int_equal(c.annotate.first_move, 3);
    assert_int_equal(c.annotate.last_move, 3);
    assert_string_equal(c.annotate.comment, "{{{best}}} }} {{ {depth}");
    assert_string_equal(c.annotate.annotator, "");
    assert_false(c.annotate.alpha);
    pdn_config_fini(&c);
}

/* Bad values of annotate: the file, and the error as "line:col message". */
#define ENGINE "annotate:\n  engine:\n    "
#define THRESHOLDS "annotate:\n  thresholds:\n    "
#define MEN "expected a number from 0.01 to 100 (at most 2 decimals), found "
#define ORDER ": expected inaccuracy <= mistake <= blunder"
static const char *const annotate_errors[][2] = {
    /* keys */
    {ENGINE "dpth: 3\n",
     "3:5 annotate.engine.dpth: unknown key (did you mean `depth`?)"},
    {"annotat: {}\n", "1:1 annotat: unknown key (did you mean `annotate`?)"},
    {"colour: red\n", "1:1 colour: unknown key (expected `variant`, `check` "
                      "or `annotate`)"},
    {"annotate:\n  colour: red\n",
     "2:3 annotate.colour: unknown key (expected `draw_rule`, `engine`, "
     "`thresholds`, `sides`, `moves`, `skip_plies`, `variations`, `write`, "
     "`templates`, `annotator`, `select`, `report` or `notation`)"},
    {"annotate:\n  sides: both\n  sides: first\n",
     "3:3 annotate.sides: given twice"},
    {"annotate: 3\n", "1:11 annotate: expected a mapping, found '3'"},
    {"annotate:\n  write: [nags]\n",
     "2:10 annotate.write: expected a mapping, found a list"},
    {"annotate:\n  templates:\n    coment: x\n",
     "3:5 annotate.templates.coment: unknown key (did you mean `comment`?)"},
    /* whole numbers */
    {ENGINE "depth: 65\n", "3:12 annotate.engine.depth: expected a number "
                           "from 0 to 64, found '65'"},
    {ENGINE "time: 1e3\n", "3:11 annotate.engine.time: expected a number "
                           "from 0 to 86400000, found '1e3'"},
    {ENGINE "nodes: 0x10\n", "3:12 annotate.engine.nodes: expected a number "
                             "from 0 to 1000000000000, found '0x10'"},
    {ENGINE "nodes: 1000000000001\n",
     "3:12 annotate.engine.nodes: expected a number from 0 to 1000000000000, "
     "found '1000000000001'"},
    {ENGINE "hash: 0\n", "3:11 annotate.engine.hash: expected a number from "
                         "1 to 65536, found '0'"},
    {ENGINE "threads: -1\n", "3:14 annotate.engine.threads: expected a "
                             "number from 1 to 256, found '-1'"},
    {ENGINE "time_per_game: \"12 \"\n",
     "3:20 annotate.engine.time_per_game: expected a number from 0 to "
     "86400000, found '12 '"},
    {ENGINE "nodes_per_game: -5\n",
     "3:21 annotate.engine.nodes_per_game: expected a number from 0 to "
     "1000000000000, found '-5'"},
    {ENGINE "depth: [1]\n", "3:12 annotate.engine.depth: expected a number "
                            "from 0 to 64, found a list"},
    {"annotate:\n  skip_plies: 1001\n", "2:15 annotate.skip_plies: expected "
                                        "a number from 0 to 1000, found "
                                        "'1001'"},
    {"annotate:\n  write:\n    line_plies: 33\n",
     "3:17 annotate.write.line_plies: expected a number from 1 to 32, found "
     "'33'"},
    {"annotate:\n  moves:\n    from: 0\n", "3:11 annotate.moves.from: "
                                           "expected a number from 1 to "
                                           "10000, found '0'"},
    {"annotate:\n  moves:\n    from: 5\n    to: 3\n",
     "4:9 annotate.moves.to: expected 0 (to the end) or a number from 5 to "
     "10000, found '3'"},
    /* men */
    {THRESHOLDS "spread: 0\n", "3:13 annotate.thresholds.spread: " MEN "'0'"},
    {THRESHOLDS "spread: 0.125\n",
     "3:13 annotate.thresholds.spread: " MEN "'0.125'"},
    {THRESHOLDS "inaccuracy: -0.3\n",
     "3:17 annotate.thresholds.inaccuracy: " MEN "'-0.3'"},
    {THRESHOLDS "mistake: 1e1\n",
     "3:14 annotate.thresholds.mistake: " MEN "'1e1'"},
    {THRESHOLDS "blunder: 100.01\n",
     "3:14 annotate.thresholds.blunder: " MEN "'100.01'"},
    {THRESHOLDS "blunder: .5\n",
     "3:14 annotate.thresholds.blunder: " MEN "'.5'"},
    {THRESHOLDS "blunder: 2.\n",
     "3:14 annotate.thresholds.blunder: " MEN "'2.'"},
    {THRESHOLDS "blunder: 0.5\n", "3:14 annotate.thresholds.blunder: 0.5 is "
                                  "below mistake (0.7)" ORDER},
    {THRESHOLDS "inaccuracy: 1\n", "3:17 annotate.thresholds.inaccuracy: 1 "
                                   "is above mistake (0.7)" ORDER},
    {THRESHOLDS "mistake: 2\n", "3:14 annotate.thresholds.mistake: 2 is "
                                "above blunder (1.5)" ORDER},
    {THRESHOLDS "inaccuracy: 1\n    mistake: 0.5\n",
     "4:14 annotate.thresholds.mistake: 0.5 is below inaccuracy (1)" ORDER},
    /* choices */
    {THRESHOLDS "scale: chance\n", "3:12 annotate.thresholds.scale: "
                                   "expected win_chance or men, found "
                                   "'chance'"},
    {"annotate:\n  sides: white\n",
     "2:10 annotate.sides: expected first, second or both, found 'white' "
     "(the side that moves first is White in Italian and Spanish, Black in "
     "English)"},
    {"annotate:\n  variations: yes\n", "2:15 annotate.variations: expected "
                                       "true or false, found 'yes'"},
    {"annotate:\n  write:\n    eval: 1\n",
     "3:11 annotate.write.eval: expected true or false, found '1'"},
    {"annotate:\n  report: pdf\n", "2:11 annotate.report: expected none, "
                                   "text, json or html, found 'pdf'"},
    {"annotate:\n  notation: algebraic\n",
     "2:13 annotate.notation: expected numeric or alpha, found 'algebraic'"},
    {"annotate:\n  draw_rule: long\n",
     "2:14 annotate.draw_rule: unknown draw rule 'long' (standard, short, "
     "fid-2008, spanish, english, luciano)"},
};

static void
test_annotate_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof annotate_errors / sizeof *annotate_errors;
         i++)
        expect_error(annotate_errors[i][0], annotate_errors[i][1]);
}

static void
test_annotate_texts(void **state)
{
    char yaml[512], want[256];
    (void)state;

    expect_error("annotate:\n  templates:\n    comment: \"{lose} {best}\"\n",
                 "3:14 annotate.templates.comment: unknown field `{lose}` "
                 "(did you mean `{loss}`?)");
    expect_error("annotate:\n  templates:\n    comment: \"{bestmove}\"\n",
                 "3:14 annotate.templates.comment: unknown field "
                 "`{bestmove}` (expected {played}, {best}, {before}, "
                 "{after}, {loss}, {label} or {depth})");
    expect_error("annotate:\n  templates:\n    comment: \"ok {{ {played\"\n",
                 "3:14 annotate.templates.comment: unclosed `{` at offset 6 "
                 "(write `{{` for a brace)");
    expect_error("annotate:\n  templates:\n    comment: \"a } b\"\n",
                 "3:14 annotate.templates.comment: lone `}` at offset 2 "
                 "(write `}}` for a brace)");
    expect_error("annotate:\n  templates:\n    mistake: \"\"\n",
                 "3:14 annotate.templates.mistake: expected a text of 1 to "
                 "63 bytes, found 0 bytes");
    snprintf(yaml, sizeof yaml, "annotate:\n  templates:\n    blunder: %064d\n",
             0);
    expect_error(yaml, "3:14 annotate.templates.blunder: expected a text of "
                       "1 to 63 bytes, found 64 bytes");
    snprintf(yaml, sizeof yaml, "annotate:\n  annotator: x%0255d\n", 0);
    expect_error(yaml, "2:14 annotate.annotator: expected a text of at most "
                       "255 bytes, found 256 bytes");
    expect_error("annotate:\n  annotator: \"a\\tb\"\n",
                 "2:14 annotate.annotator: control character at offset 1");
    expect_error("annotate:\n  annotator: {a: b}\n",
                 "2:14 annotate.annotator: expected a text of at most 255 "
                 "bytes, found a mapping");

    /* select */
    expect_error("annotate:\n  select:\n    White: \"(?i)(ab\"\n",
                 "3:12 annotate.select.White: bad pattern: missing closing "
                 "parenthesis at offset 7");
    expect_error("annotate:\n  select:\n    \"Wh ite\": x\n",
                 "3:5 annotate.select.Wh ite: a tag name is 1 to 63 "
                 "letters, digits or `_`");
    expect_error("annotate:\n  select:\n    White: a\n    White: b\n",
                 "4:5 annotate.select.White: given twice");
    expect_error("annotate:\n  select: [White]\n",
                 "2:11 annotate.select: expected a mapping, found a list");
    strcpy(yaml, "annotate:\n  select:\n");
    for (int i = 0; i < 9; i++)
        snprintf(yaml + strlen(yaml), sizeof yaml - strlen(yaml),
                 "    T%d: x\n", i);
    snprintf(want, sizeof want,
             "11:5 annotate.select.T8: more than %d patterns",
             PDN_ANNOTATE_MAX_SELECT);
    expect_error(yaml, want);
}

/* A failed file leaves the options as they were; moves.from is checked
 * against a moves.to of an earlier file. */
static void
test_annotate_failure_keeps(void **state)
{
    pdn_config c;
    char msg[256];
    (void)state;

    pdn_config_init(&c);
    assert_int_equal(load("annotate:\n  engine: {depth: 20}\n"
                          "  moves: {to: 10}\n",
                          &c, msg, sizeof msg),
                     0);
    assert_int_equal(load("annotate:\n  report: json\n  engine:\n"
                          "    depth: 99\n",
                          &c, msg, sizeof msg),
                     -1);
    assert_int_equal(c.annotate.depth, 20);
    assert_int_equal(c.annotate.report, PDN_REPORT_NONE);
    assert_int_equal(
        load("annotate:\n  moves:\n    from: 20\n", &c, msg, sizeof msg), -1);
    assert_string_equal(msg, "3:11 annotate.moves.from: expected a number "
                             "from 1 to 10 (moves.to), found '20'");
    assert_int_equal(c.annotate.first_move, 1);
    pdn_config_fini(&c);
}

/* Loads the text @yaml into a new @c. */
static void
load_text_into(const char *yaml, pdn_config *c)
{
    char msg[256];
    pdn_config_init(c);
    assert_int_equal(load(yaml, c, msg, sizeof msg), 0);
}

static void
test_annotate_print(void **state)
{
    pdn_config a, b, c;
    pdn_diags d = PDN_DIAGS_INIT;
    char *once, *twice;
    (void)state;

    /* The defaults: every key, and the variant italian. */
    pdn_config_init(&a);
    once = print_of(&a);
    assert_non_null(strstr(once, "\nvariant: italian "));
    assert_non_null(strstr(once, "\n  draw_rule: \"\" "));
    assert_non_null(strstr(once, "\n    depth: 0 "));
    assert_non_null(strstr(once, "\n    nodes: 4000000 "));
    assert_non_null(strstr(once, "\n    inaccuracy: 0.3 "));
    assert_non_null(strstr(once, "\n  select: {} "));
    load_text_into(once, &b);
    assert_true(b.annotate_set);
    a.annotate.variant[0] = '\0';
    b.annotate.variant[0] = '\0'; /* "italian" now, "" before */
    assert_same_options(&a.annotate, &b.annotate);
    twice = print_of(&b);
    assert_string_equal(once, twice);
    free(once);
    free(twice);
    pdn_config_fini(&a);
    pdn_config_fini(&b);

    /* The example, and strings that need quoting. */
    pdn_config_init(&a);
    assert_int_equal(
        pdn_config_load(&a, PDN_SOURCE_ROOT "/corpus/annotate-config.yaml", &d),
        0);
    strcpy(a.annotate.comment, "\"{best}\" \\ {{x}} \xe2\x86\x92 {loss}");
    /* Brackets in a quoted string, after an escaped quote, are text:
       not the flow collections the nesting limit counts. */
    strcpy(a.annotate.labels[PDN_MARK_BLUNDER],
           ";\"{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{[[[[ it's");
    strcpy(a.annotate.annotator, "O'Neil: \"pdn\" #1");
    strcpy(a.annotate.select[1].pattern, "^(?:Tinsley|\"Chinook\")\\b");
    once = print_of(&a);
    assert_non_null(strstr(once, "\n  select:  "));
    assert_non_null(
        strstr(once, "\n    Black: \"^(?:Tinsley|\\\"Chinook\\\")\\\\b\""));
    load_text_into(once, &b);
    assert_same_options(&a.annotate, &b.annotate);
    twice = print_of(&b);
    assert_string_equal(once, twice);
    load_text_into(twice, &c);
    assert_same_options(&b.annotate, &c.annotate);
    free(once);
    free(twice);
    pdn_diags_free(&d);
    pdn_config_fini(&a);
    pdn_config_fini(&b);
    pdn_config_fini(&c);
}

/* The limits an engine mapping names replace the default ones; a mapping
 * that names none keeps them. */
static void
test_annotate_limits(void **state)
{
    pdn_config c;
    (void)state;

    pdn_config_init(&c);
    assert_int_equal(c.annotate.depth, 0);
    assert_int_equal(c.annotate.nodes, PDN_ANNOTATE_NODES);
    /* A game of few moves gets the nodes per move, a long one its share. */
    assert_int_equal(pdn_annotate_move_nodes(&c.annotate, 44),
                     PDN_ANNOTATE_NODES);
    assert_true(pdn_annotate_move_nodes(&c.annotate, 120) < PDN_ANNOTATE_NODES);
    assert_int_equal(pdn_annotate_move_nodes(&c.annotate, 120),
                     PDN_ANNOTATE_GAME_NODES / 120);
    pdn_config_fini(&c);

    load_text_into("annotate:\n  engine: {depth: 20}\n", &c);
    assert_int_equal(c.annotate.depth, 20);
    assert_int_equal(c.annotate.nodes, 0);
    assert_int_equal(c.annotate.game_nodes, 0);
    pdn_config_fini(&c);

    load_text_into("annotate:\n  engine: {time: 100, depth: 9}\n", &c);
    assert_int_equal(c.annotate.depth, 9);
    assert_int_equal(c.annotate.time_ms, 100);
    assert_int_equal(c.annotate.nodes, 0);
    pdn_config_fini(&c);

    load_text_into("annotate:\n  engine: {hash: 32, time_per_game: 5}\n", &c);
    assert_int_equal(c.annotate.game_time_ms, 5);
    assert_int_equal(c.annotate.nodes, 0);
    pdn_config_fini(&c);

    load_text_into("annotate:\n  engine: {hash: 32, threads: 2}\n", &c);
    assert_int_equal(c.annotate.nodes, PDN_ANNOTATE_NODES);
    assert_int_equal(c.annotate.game_nodes, PDN_ANNOTATE_GAME_NODES);
    assert_int_equal(c.annotate.depth, 0);
    pdn_config_fini(&c);

    load_text_into("annotate:\n  engine: {nodes_per_game: 700}\n", &c);
    assert_int_equal(c.annotate.game_nodes, 700);
    assert_int_equal(c.annotate.nodes, 0);
    assert_int_equal(pdn_annotate_move_nodes(&c.annotate, 7), 100);
    assert_int_equal(pdn_annotate_move_nodes(&c.annotate, 701), 1);
    c.annotate.nodes = 50; /* at most the nodes per move */
    assert_int_equal(pdn_annotate_move_nodes(&c.annotate, 7), 50);
    assert_int_equal(pdn_annotate_move_nodes(&c.annotate, 20), 35);
    assert_int_equal(pdn_annotate_move_nodes(&c.annotate, 0), 50);
    pdn_config_fini(&c);
}

static void
test_annotate_merge(void **state)
{
    pdn_config into, over;
    (void)state;

    load_text_into("variant: spanish\nannotate:\n  engine: {depth: 20}\n",
                   &into);
    pdn_config_init(&over); /* no annotate: nothing copied */
    pdn_config_set_severity(&over, 204, PDN_SEV_OFF);
    pdn_config_merge(&into, &over);
    assert_true(into.annotate_set);
    assert_int_equal(into.annotate.depth, 20);
    assert_string_equal(into.annotate.variant, "spanish");
    pdn_config_fini(&over);

    load_text_into("annotate:\n  engine: {depth: 5}\n", &over);
    pdn_config_merge(&into, &over);
    assert_int_equal(into.annotate.depth, 5);
    assert_string_equal(into.variant, "spanish");
    assert_string_equal(into.annotate.variant, "spanish"); /* kept */
    pdn_config_fini(&over);

    load_text_into("variant: english\n", &over);
    pdn_config_merge(&into, &over);
    assert_int_equal(into.annotate.depth, 5);
    assert_string_equal(into.annotate.variant, "english");
    pdn_config_fini(&over);
    pdn_config_fini(&into);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_file),
        cmocka_unit_test(test_empty_values),
        cmocka_unit_test(test_unknown_key),
        cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_unknown_code),
        cmocka_unit_test(test_not_a_mapping),
        cmocka_unit_test(test_bad_yaml),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_parse_code),
        cmocka_unit_test(test_parse_level),
        cmocka_unit_test(test_apply_and_merge),
        cmocka_unit_test(test_default_path),
        cmocka_unit_test(test_distance),
        cmocka_unit_test(test_annotate_absent),
        cmocka_unit_test(test_annotate_example),
        cmocka_unit_test(test_annotate_values),
        cmocka_unit_test(test_annotate_errors),
        cmocka_unit_test(test_annotate_texts),
        cmocka_unit_test(test_annotate_failure_keeps),
        cmocka_unit_test(test_annotate_print),
        cmocka_unit_test(test_annotate_limits),
        cmocka_unit_test(test_annotate_merge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
