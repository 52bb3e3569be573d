/* cmd_annotate.c -- pdn annotate: its settings, from pdn-config(5) and
 * then the options, which win; the run itself is annotate_run.c.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "annotate/annotate.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/annotate_run.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "config/config.h"
#include "replay/draw.h"

#define CMD "annotate"

enum {
    OPT_HELP = 1,
    OPT_CONFIG,
    OPT_PRINT_CONFIG,
    OPT_VARIANT,
    OPT_DRAW_RULE,
    OPT_DEPTH,
    OPT_TIME,
    OPT_NODES,
    OPT_HASH,
    OPT_TIME_PER_GAME,
    OPT_JOBS,
    OPT_SIDES,
    OPT_FROM,
    OPT_TO,
    OPT_SKIP_PLIES,
    OPT_VARIATIONS,
    OPT_LINE_PLIES,
    OPT_NO_NAGS,
    OPT_NO_COMMENTS,
    OPT_NO_VARIATIONS,
    OPT_NO_EVAL,
    OPT_NO_TAGS,
    OPT_ANNOTATOR,
    OPT_SELECT,
    OPT_NOTATION,
    OPT_REPORT,
    OPT_REPORT_FILE,
    OPT_OUTPUT,
    OPT_IN_PLACE,
    OPT_MAP_TAG,
    OPT_QUIET
};

static const pdn_option annotate_options[] = {
    {"help", 'h', false, OPT_HELP},
    {"config", 0, true, OPT_CONFIG},
    {"print-config", 0, false, OPT_PRINT_CONFIG},
    {"variant", 'v', true, OPT_VARIANT},
    {"draw-rule", 0, true, OPT_DRAW_RULE},
    {"depth", 'd', true, OPT_DEPTH},
    {"time", 't', true, OPT_TIME},
    {"nodes", 'n', true, OPT_NODES},
    {"hash", 0, true, OPT_HASH},
    {"time-per-game", 0, true, OPT_TIME_PER_GAME},
    {"jobs", 'j', true, OPT_JOBS},
    {"sides", 0, true, OPT_SIDES},
    {"from", 0, true, OPT_FROM},
    {"to", 0, true, OPT_TO},
    {"skip-plies", 0, true, OPT_SKIP_PLIES},
    {"variations", 0, false, OPT_VARIATIONS},
    {"line-plies", 0, true, OPT_LINE_PLIES},
    {"no-nags", 0, false, OPT_NO_NAGS},
    {"no-comments", 0, false, OPT_NO_COMMENTS},
    {"no-variations", 0, false, OPT_NO_VARIATIONS},
    {"no-eval", 0, false, OPT_NO_EVAL},
    {"no-tags", 0, false, OPT_NO_TAGS},
    {"annotator", 0, true, OPT_ANNOTATOR},
    {"select", 0, true, OPT_SELECT},
    {"notation", 0, true, OPT_NOTATION},
    {"report", 'r', true, OPT_REPORT},
    {"report-file", 0, true, OPT_REPORT_FILE},
    {"output", 'o', true, OPT_OUTPUT},
    {"in-place", 'i', false, OPT_IN_PLACE},
    {"map-tag", 0, true, OPT_MAP_TAG},
    {"quiet", 'q', false, OPT_QUIET},
};

#define NOPTIONS (sizeof annotate_options / sizeof annotate_options[0])

/* An option as given, applied over the configuration file. */
typedef struct given {
    int id;
    const char *value;
} given;

/* The command line and the settings. */
typedef struct annotate_job {
    pdn_annotate_job run;  /* the settings the run is given */
    const char *config;    /* --config FILE */
    bool print_config;
    bool jobs_set;
    given *given;          /* the settings among the options, in order */
    size_t ngiven;
    pdn_config cfg;
    pdn_tagmap *tagmap;    /* --map-tag; the run reads it */
} annotate_job;

/* ---- Arguments ---- */

/* Reads a number option into *@out. */
static int
number(const pdn_cli *cli, const char *name, const char *value,
       unsigned long long min, unsigned long long max,
       unsigned long long *out)
{
    return pdn_args_number(cli, CMD, name, value, min, max, NULL, out);
}

/* Applies the option @g over the settings (the file's, or the
 * defaults).  Returns 0, or prints a usage error and returns
 * PDN_EXIT_USAGE. */
static int
apply(const pdn_cli *cli, annotate_job *job, const given *g)
{
    pdn_annotate_options *o = &job->run.o;
    unsigned long long v = 0;
    const pdn_variant *variant;
    char err[256];

    switch (g->id) {
    case OPT_VARIANT: {
        int unplayed;
        if (pdn_args_game_variant(cli, CMD, g->value, &variant, &unplayed) !=
            0)
            return PDN_EXIT_USAGE;
        if (unplayed) /* a GameType not played: its games are not judged */
            snprintf(o->variant, sizeof o->variant, "%d", unplayed);
        else
            snprintf(o->variant, sizeof o->variant, "%s", variant->name);
        job->run.add_gametype = true; /* as pdn fmt --variant */
        return 0;
    }
    case OPT_DRAW_RULE:
        if (!pdn_draw_rule_by_name(g->value))
            return pdn_args_fail(cli, CMD, "bad --draw-rule '%s': expected "
                                 "one of %s", g->value,
                                 pdn_draw_rule_names());
        snprintf(o->draw_rule, sizeof o->draw_rule, "%s", g->value);
        return 0;
    case OPT_DEPTH:
        if (number(cli, "depth", g->value, 0, 64, &v) != 0)
            return PDN_EXIT_USAGE;
        o->depth = (int)v;
        return 0;
    case OPT_TIME:
        if (number(cli, "time", g->value, 1, 86400000, &v) != 0)
            return PDN_EXIT_USAGE;
        o->time_ms = v;
        return 0;
    case OPT_NODES:
        if (number(cli, "nodes", g->value, 1, 1000000000000ull, &v) != 0)
            return PDN_EXIT_USAGE;
        o->nodes = v;
        return 0;
    case OPT_HASH:
        if (number(cli, "hash", g->value, 1, 65536, &v) != 0)
            return PDN_EXIT_USAGE;
        o->hash_mb = (size_t)v;
        return 0;
    case OPT_TIME_PER_GAME:
        if (number(cli, "time-per-game", g->value, 1, 86400000, &v) != 0)
            return PDN_EXIT_USAGE;
        o->game_time_ms = v;
        return 0;
    case OPT_SIDES:
        if (strcmp(g->value, "first") == 0)
            o->sides = PDN_SIDE_FIRST;
        else if (strcmp(g->value, "second") == 0)
            o->sides = PDN_SIDE_SECOND;
        else if (strcmp(g->value, "both") == 0)
            o->sides = PDN_SIDE_BOTH;
        else
            return pdn_args_fail(cli, CMD, "bad --sides '%s': expected "
                                 "first, second or both", g->value);
        return 0;
    case OPT_FROM:
        if (number(cli, "from", g->value, 1, 100000, &v) != 0)
            return PDN_EXIT_USAGE;
        o->first_move = (uint32_t)v;
        return 0;
    case OPT_TO:
        if (number(cli, "to", g->value, 1, 100000, &v) != 0)
            return PDN_EXIT_USAGE;
        o->last_move = (uint32_t)v;
        return 0;
    case OPT_SKIP_PLIES:
        if (number(cli, "skip-plies", g->value, 0, 1000, &v) != 0)
            return PDN_EXIT_USAGE;
        o->skip_plies = (uint32_t)v;
        return 0;
    case OPT_LINE_PLIES:
        if (number(cli, "line-plies", g->value, 1, PDN_ANNOTATE_MAX_LINE,
                   &v) != 0)
            return PDN_EXIT_USAGE;
        o->line_plies = (int)v;
        return 0;
    case OPT_VARIATIONS:
        o->variations = true;
        return 0;
    case OPT_NO_NAGS:
        o->nags = false;
        return 0;
    case OPT_NO_COMMENTS:
        o->comments = false;
        return 0;
    case OPT_NO_VARIATIONS:
        o->lines = false;
        return 0;
    case OPT_NO_EVAL:
        o->eval = false;
        return 0;
    case OPT_NO_TAGS:
        o->tags = false;
        return 0;
    case OPT_ANNOTATOR:
        if (strlen(g->value) >= sizeof o->annotator)
            return pdn_args_fail(cli, CMD, "bad --annotator: longer than "
                                 "%zu bytes", sizeof o->annotator - 1);
        snprintf(o->annotator, sizeof o->annotator, "%s", g->value);
        return 0;
    case OPT_NOTATION:
        if (strcmp(g->value, "numeric") != 0 && strcmp(g->value, "alpha"))
            return pdn_args_fail(cli, CMD, "bad --notation '%s': expected "
                                 "numeric or alpha", g->value);
        o->alpha = strcmp(g->value, "alpha") == 0;
        return 0;
    case OPT_REPORT:
        if (strcmp(g->value, "text") == 0)
            o->report = PDN_REPORT_TEXT;
        else if (strcmp(g->value, "json") == 0)
            o->report = PDN_REPORT_JSON;
        else if (strcmp(g->value, "html") == 0)
            o->report = PDN_REPORT_HTML;
        else if (strcmp(g->value, "none") == 0)
            o->report = PDN_REPORT_NONE;
        else
            return pdn_args_fail(cli, CMD, "bad --report '%s': expected "
                                 "text, json, html or none", g->value);
        return 0;
    case OPT_SELECT: {
        const char *eq = strchr(g->value, '=');
        pdn_annotate_select *sel;
        if (!eq || eq == g->value)
            return pdn_args_fail(cli, CMD, "bad --select '%s': expected "
                                 "TAG=PATTERN", g->value);
        if (o->nselect == PDN_ANNOTATE_MAX_SELECT)
            return pdn_args_fail(cli, CMD, "too many --select: at most %d",
                                 PDN_ANNOTATE_MAX_SELECT);
        if ((size_t)(eq - g->value) >= sizeof sel->tag ||
            strlen(eq + 1) >= sizeof sel->pattern)
            return pdn_args_fail(cli, CMD, "bad --select '%s': too long",
                                 g->value);
        sel = &o->select[o->nselect++];
        snprintf(sel->tag, sizeof sel->tag, "%.*s", (int)(eq - g->value),
                 g->value);
        snprintf(sel->pattern, sizeof sel->pattern, "%s", eq + 1);
        /* The pattern is checked now, before any work. */
        if (pdn_annotate_pattern_check(sel->pattern, err, sizeof err) != 0)
            return pdn_args_fail(cli, CMD, "bad --select '%s': bad "
                                 "pattern: %s", g->value, err);
        return 0;
    }
    }
    return 0;
}

/* Reads the command line into @job: the options that are not settings
 * at once, the settings into job->given.  Returns -1 to go on, else the
 * exit status (--help, or a usage error). */
static int
read_args(const pdn_cli *cli, int argc, char **argv, annotate_job *job)
{
    pdn_args a;
    int opt;
    unsigned long long v;

    pdn_args_init(&a, argc, argv, annotate_options, NOPTIONS);
    while ((opt = pdn_args_next(&a)) != PDN_ARGS_END) {
        switch (opt) {
        case PDN_ARGS_ERROR:
            return pdn_args_fail(cli, CMD, "%s", a.error);
        case PDN_ARGS_OPERAND:
            job->run.files[job->run.nfiles++] = a.value;
            break;
        case OPT_HELP:
            fputs(pdn_help_text(CMD), cli->out);
            return PDN_EXIT_OK;
        case OPT_CONFIG:
            job->config = a.value;
            break;
        case OPT_PRINT_CONFIG:
            job->print_config = true;
            break;
        case OPT_JOBS:
            if (number(cli, "jobs", a.value, 1, 256, &v) != 0)
                return PDN_EXIT_USAGE;
            job->run.jobs = (long)v;
            job->jobs_set = true;
            break;
        case OPT_REPORT_FILE:
            job->run.report_file = a.value;
            break;
        case OPT_OUTPUT:
            job->run.output = a.value;
            break;
        case OPT_IN_PLACE:
            job->run.in_place = true;
            break;
        case OPT_MAP_TAG:
            if (pdn_args_map_tag(cli, CMD, job->tagmap, a.value) != 0)
                return PDN_EXIT_USAGE;
            break;
        case OPT_QUIET:
            job->run.quiet = true;
            break;
        default:
            job->given[job->ngiven].id = opt;
            job->given[job->ngiven++].value = a.value;
            break;
        }
    }
    return -1;
}

/* The settings: the file's (or the defaults) under the options; then the
 * checks that need them all.  Returns -1 to go on, else the status. */
static int
settle(const pdn_cli *cli, annotate_job *job)
{
    pdn_annotate_options *o = &job->run.o;
    if (pdn_args_config(cli, CMD, job->config, &job->cfg) != 0)
        return PDN_EXIT_USAGE;
    *o = job->cfg.annotate;
    if (job->cfg.variant) {
        snprintf(o->variant, sizeof o->variant, "%s", job->cfg.variant);
        job->run.add_gametype = true;
    }
    bool depth_given = false, limit_given = false;
    for (size_t i = 0; i < job->ngiven; i++) {
        int id = job->given[i].id;
        depth_given |= id == OPT_DEPTH;
        limit_given |= id == OPT_TIME || id == OPT_NODES ||
                       id == OPT_TIME_PER_GAME;
        if (apply(cli, job, &job->given[i]) != 0)
            return PDN_EXIT_USAGE;
    }
    /* --time, --nodes and --time-per-game replace the depth limit. */
    if (limit_given && !depth_given)
        o->depth = 0;
    if (!o->depth && !o->time_ms && !o->nodes && !o->game_time_ms)
        return pdn_args_fail(cli, CMD, "no limit to the search: depth 0, "
                             "and no time, nodes or time per game (give "
                             "--depth, --time, --nodes or --time-per-game)");
    if (!job->jobs_set)
        job->run.jobs = o->threads;
    if (o->last_move && o->last_move < o->first_move)
        return pdn_args_fail(cli, CMD, "--to %u comes before --from %u",
                             (unsigned)o->last_move,
                             (unsigned)o->first_move);
    if (job->run.in_place && (job->run.output || job->run.nfiles == 0))
        return pdn_args_fail(cli, CMD, job->run.output
                                 ? "options '--in-place' and '--output' "
                                   "cannot be used together"
                                 : "'--in-place' needs FILEs: it cannot "
                                   "rewrite standard input");
    for (size_t i = 0; job->run.in_place && i < job->run.nfiles; i++)
        if (strcmp(job->run.files[i], "-") == 0)
            return pdn_args_fail(cli, CMD, "'--in-place' needs FILEs: it "
                                           "cannot rewrite standard input");
    if (job->run.report_file && o->report == PDN_REPORT_NONE)
        return pdn_args_fail(cli, CMD, "'--report-file' needs --report "
                                       "FORMAT");
    struct stat out, in;
    if (job->run.output && stat(job->run.output, &out) == 0) {
        for (size_t i = 0; i < job->run.nfiles; i++)
            if (stat(job->run.files[i], &in) == 0 && in.st_dev == out.st_dev &&
                in.st_ino == out.st_ino)
                return pdn_args_fail(cli, CMD, "'--output %s' is an input: "
                                     "use --in-place to rewrite it",
                                     job->run.output);
    }
    return -1;
}

int
pdn_cmd_annotate(const pdn_cli *cli, int argc, char **argv)
{
    pdn_tagmap *tagmap = pdn_tagmap_new();
    annotate_job job = {
        .run = {.tagmap = tagmap,
                .files = pdn_xcalloc((size_t)argc + 1, sizeof(char *))},
        .given = pdn_xcalloc((size_t)argc + 1, sizeof(given)),
        .tagmap = tagmap};
    pdn_config_init(&job.cfg);
    int rc = read_args(cli, argc, argv, &job);
    if (rc < 0)
        rc = settle(cli, &job);
    if (rc < 0 && job.print_config) {
        pdn_strbuf buf = PDN_STRBUF_INIT;
        job.cfg.annotate = job.run.o;
        pdn_config_print_annotate(&job.cfg, &buf);
        fwrite(buf.ptr, 1, buf.len, cli->out);
        pdn_strbuf_free(&buf);
        rc = PDN_EXIT_OK;
    }
    if (rc < 0) {
        if (job.run.nfiles == 0)
            job.run.files[job.run.nfiles++] = "-";
        rc = pdn_annotate_run(cli, &job.run);
    }
    pdn_config_fini(&job.cfg);
    pdn_tagmap_free(tagmap);
    free((void *)job.run.files);
    free(job.given);
    return rc;
}
