/* test_option_into.c -- the options a command's table stores itself
 * (PDN_OPTION_INTO()): each kind lands in its field as its value, number
 * or choice says, the last one given wins, a value out of its range or
 * choices is a usage error that stores nothing, and the rows its command
 * reads itself still reach its function, in order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "cli/command.h"

enum { OPT_SEEN = PDN_OPT_OWN };

typedef struct demo_job {
    const char *name; /* --name TEXT */
    int level;        /* --level 1..9 */
    int shape;        /* --shape round|square|flat: the index */
    uint64_t count;   /* --count N */
    bool flag;        /* --flag */
    bool json;        /* --format text|json */
    struct {
        bool deep; /* --deep, a field of a member */
    } inner;
    int own[4]; /* the ids handed to own_option(), in order */
    const char *own_value[4];
    size_t nown;
} demo_job;

static const pdn_option demo_options[] = {
    PDN_OPTION_INTO("name", 'n', "TEXT", "a name", NULL, demo_job, name),
    PDN_OPTION_INTO("level", 'l', "N", "a level", "1..9", demo_job, level),
    PDN_OPTION_INTO("shape", 0, "S", "a shape", "round square flat", demo_job,
                    shape),
    PDN_OPTION_INTO("count", 0, "N", "a count", "1..", demo_job, count),
    PDN_OPTION_SET("flag", "a flag", demo_job, flag),
    PDN_OPTION_INTO("format", 0, "F", "text or json", "text json", demo_job,
                    json),
    PDN_OPTION_SET("deep", "deep", demo_job, inner.deep),
    PDN_OPTION("seen", 0, "X", OPT_SEEN, "read by the command", NULL),
    PDN_OPTION_HELP,
};

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    (void)cli, (void)argc, (void)argv;
    return 0;
}

PDN_COMMAND(demo, "a demonstration", "[OPTION]... [FILE]...", "", 0, "", 0,
            "@file");

/* pdn_own_option_fn: records @g. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    demo_job *job = ctx;

    (void)cli;
    job->own_value[job->nown] = g->value;
    job->own[job->nown++] = g->id;
    return 0;
}

/* Reads @args (a NULL-ended list after the command's name) into @job;
 * returns pdn_command_args()'s status. */
static int
read_demo(demo_job *job, const char *const *args)
{
    char *argv[32] = {"demo"};
    int argc = 1;
    char err[512];
    FILE *errf = fmemopen(err, sizeof err, "w");
    FILE *out = fopen("/dev/null", "w");
    pdn_cli cli = {.in = stdin, .out = out, .err = errf};
    pdn_shared s;

    while (*args)
        argv[argc++] = (char *)*args++;
    memset(job, 0, sizeof *job);
    int rc = pdn_command_args(&cli, &pdn_demo_command, argc, argv, &s,
                              own_option, job);
    pdn_shared_free(&s);
    fclose(errf);
    fclose(out);
    return rc;
}

static void
test_each_kind(void **state)
{
    demo_job job;
    const char *args[] = {"--name",  "Rossi",       "-l5",      "--shape=flat",
                          "--count", "12345678901", "--flag",   "--format",
                          "json",    "--deep",      "file.pdn", NULL};

    (void)state;
    assert_int_equal(read_demo(&job, args), -1);
    assert_string_equal(job.name, "Rossi");
    assert_int_equal(job.level, 5);
    assert_int_equal(job.shape, 2);
    assert_true(job.count == 12345678901ull);
    assert_true(job.flag);
    assert_true(job.json);
    assert_true(job.inner.deep);
    assert_int_equal(job.nown, 0);
}

static void
test_first_choice_and_absent(void **state)
{
    demo_job job;
    const char *args[] = {"--format", "text", "--shape", "round", NULL};

    (void)state;
    assert_int_equal(read_demo(&job, args), -1);
    assert_false(job.json);
    assert_int_equal(job.shape, 0);
    assert_null(job.name);
    assert_false(job.flag);
    assert_true(job.count == 0);
}

static void
test_last_wins(void **state)
{
    demo_job job;
    const char *args[] = {"--level",   "2",  "--name", "a",
                          "--level=7", "-n", "b",      NULL};

    (void)state;
    assert_int_equal(read_demo(&job, args), -1);
    assert_int_equal(job.level, 7);
    assert_string_equal(job.name, "b");
}

static void
test_refused_stores_nothing(void **state)
{
    demo_job job;
    const char *range[] = {"--level", "10", NULL};
    const char *choice[] = {"--shape", "oval", NULL};
    const char *count[] = {"--count", "0", NULL};
    const char *value[] = {"--flag=yes", NULL};

    (void)state;
    assert_int_equal(read_demo(&job, range), PDN_EXIT_USAGE);
    assert_int_equal(job.level, 0);
    assert_int_equal(read_demo(&job, choice), PDN_EXIT_USAGE);
    assert_int_equal(job.shape, 0);
    assert_int_equal(read_demo(&job, count), PDN_EXIT_USAGE);
    assert_true(job.count == 0);
    assert_int_equal(read_demo(&job, value), PDN_EXIT_USAGE);
    assert_false(job.flag);
}

static void
test_own_rows_still_handed_over(void **state)
{
    demo_job job;
    const char *args[] = {"--seen", "x", "--flag", "--seen=y", NULL};

    (void)state;
    assert_int_equal(read_demo(&job, args), -1);
    assert_int_equal(job.nown, 2);
    assert_int_equal(job.own[0], OPT_SEEN);
    assert_string_equal(job.own_value[0], "x");
    assert_string_equal(job.own_value[1], "y");
    assert_true(job.flag);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_kind),
        cmocka_unit_test(test_first_choice_and_absent),
        cmocka_unit_test(test_last_wins),
        cmocka_unit_test(test_refused_stores_nothing),
        cmocka_unit_test(test_own_rows_still_handed_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
