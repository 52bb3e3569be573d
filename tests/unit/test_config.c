/* test_config.c -- the configuration file of pdn-config(5): inline YAML
 * written to a temporary file (libinput's quirks tests), each error with
 * its exact line, column and message; codes, levels and the overrides.
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

#include "cli/config.h"

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
        snprintf(msg, size, "%u:%u %s", d.items[0].at.line,
                 d.items[0].at.col, d.items[0].message);
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
    assert_int_equal(load("variant: \"22\"\ncheck: {}\n", &c, msg,
                          sizeof msg),
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
                 "(standard, short, fid-2008, spanish, english)");
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
    assert_int_equal(
        pdn_config_load(&c, "/nonexistent/pdn/config.yaml", &d), -1);
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
