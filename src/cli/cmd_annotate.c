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
#include "egdb/egdb.h"
#include "cli/commands.h"
#include "config/config.h"
#include "model/tag_filter.h"
#include "replay/draw.h"

#define CMD "annotate"

enum {
    OPT_DEPTH = PDN_OPT_OWN,
    OPT_TIME,
    OPT_NODES,
    OPT_TIME_PER_GAME,
    OPT_NODES_PER_GAME,
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
};

/* The command line and the settings. */
typedef struct annotate_job {
    pdn_shared args;      /* the shared options and the FILEs */
    pdn_annotate_job run; /* the settings the run is given */
    bool print_config;
    pdn_given *given; /* the settings among the options, in order */
    size_t ngiven;
    pdn_config cfg;
} annotate_job;

static const pdn_option annotate_options[] = {
    PDN_OPTION_CONFIG("read the settings from FILE"),
    PDN_OPTION_SET("print-config",
                   "print the settings in effect as YAML and exit",
                   annotate_job, print_config),
    PDN_OPTION_VARIANT("italian (default), spanish, english, or a GameType",
                       PDN_VARIANT_CHOICES),
    PDN_OPTION_DRAW_RULE("standard, short, fid-2008, spanish, english,\n"
                         "luciano"),
    PDN_OPTION("depth", 'd', "D", OPT_DEPTH,
               "search every move to depth D (0: no depth limit)", "0..64"),
    PDN_OPTION("time", 't', "MS", OPT_TIME,
               "search every move for MS milliseconds", "1..86400000"),
    PDN_OPTION("nodes", 'n', "N", OPT_NODES,
               "search every move for at most N nodes (default\n"
               "4000000; --depth, --time, --nodes, --time-per-game\n"
               "and --nodes-per-game replace it and the\n"
               "configuration's limits)",
               "1..1000000000000"),
    PDN_OPTION("time-per-game", 0, "MS", OPT_TIME_PER_GAME,
               "spend MS milliseconds per game: a shallow pass,\n"
               "then the rest shared by the moves after the book,\n"
               "three shares to a move it marked",
               "1..86400000"),
    PDN_OPTION("nodes-per-game", 0, "N", OPT_NODES_PER_GAME,
               "share N nodes among the judged moves of a game\n"
               "(default 200000000), at most --nodes a move",
               "1..1000000000000"),
    PDN_OPTION_HASH("transposition table size per job (default 16)"),
    PDN_OPTION_JOBS("annotate N games at once (output in input order)"),
    PDN_OPTION("sides", 0, "S", OPT_SIDES, "first, second or both (default)",
               "first second both"),
    PDN_OPTION("from", 0, "N", OPT_FROM, "judge from move N on", "1..100000"),
    PDN_OPTION("to", 0, "N", OPT_TO, "judge up to move N", "1..100000"),
    PDN_OPTION("skip-plies", 0, "N", OPT_SKIP_PLIES,
               "leave the first N plies (the book) unjudged", "0..1000"),
    PDN_OPTION_FLAG("variations", OPT_VARIATIONS,
                    "judge the moves of variations too"),
    PDN_OPTION("line-plies", 0, "N", OPT_LINE_PLIES,
               "plies of the best line written (default 8)", NULL),
    PDN_OPTION_FLAG("no-nags", OPT_NO_NAGS, "write no $6, $2, $4"),
    PDN_OPTION_FLAG("no-comments", OPT_NO_COMMENTS,
                    "write no comment on marked moves"),
    PDN_OPTION_FLAG("no-variations", OPT_NO_VARIATIONS, "write no best line"),
    PDN_OPTION_FLAG("no-eval", OPT_NO_EVAL, "write no [%eval] command"),
    PDN_OPTION_FLAG("no-tags", OPT_NO_TAGS,
                    "write no Annotator tag and no counts"),
    PDN_OPTION("annotator", 0, "NAME", OPT_ANNOTATOR,
               "the Annotator tag's value (default pdn; '' for none)", NULL),
    PDN_OPTION("select", 0, "TAG=RE", OPT_SELECT,
               "annotate only games whose TAG matches the PCRE2\n"
               "pattern RE (repeatable: every one must match)",
               NULL),
    PDN_OPTION("notation", 0, "N", OPT_NOTATION,
               "numeric (default) or alpha moves", "numeric alpha"),
    PDN_OPTION("report", 'r', "FORMAT", OPT_REPORT,
               "text, json or html: print a report instead of the\n"
               "games (they go to --output FILE only)",
               "text json html none"),
    PDN_OPTION_INTO("report-file", 0, "FILE", "write the report to FILE", NULL,
                    annotate_job, run.report_file),
    PDN_OPTION_INTO("output", 'o', "FILE", "write the annotated games to FILE",
                    NULL, annotate_job, run.output),
    PDN_OPTION_INTO("in-place", 'i', NULL,
                    "replace each FILE by its annotated games (atomic)", NULL,
                    annotate_job, run.in_place),
    PDN_OPTIONS_EGDB,
    PDN_OPTION_MAP_TAG("read tag L as the standard tag S"),
    PDN_OPTION_QUIET("print no diagnostics, progress or summary"),
    PDN_OPTION_HELP,
};

static const char annotate_about[] =
    "Judge every move of each game with the engine and write the games back"
    " with\n"
    "the judgement in them: $6, $2, $4 for an inaccuracy, a mistake, a"
    " blunder,\n"
    "a comment with the scores and the better move, the best line as a"
    " variation,\n"
    "a [%eval] command after every judged move, and tags with each side's"
    " counts.\n"
    "Settings come from pdn-config(5) (annotate:), then these options.\n";

static const char annotate_more[] =
    "Exit status: 0 success, 1 a game could not be read or has an illegal"
    " move,\n"
    "2 usage error, a bad configuration, or a FILE that cannot be read or"
    " written.\n"
    "\n"
    "Examples:\n"
    "  pdn annotate games.pdn > annotated.pdn\n"
    "  pdn annotate --depth 14 --jobs 2 -o annotated.pdn games.pdn\n"
    "  pdn annotate --report html --report-file report.html games.pdn\n"
    "  pdn annotate --select 'White=(?i)rossi' --report text games.pdn\n";

/* ---- Arguments ---- */

/* --select TAG=PATTERN, added to the settings @o.  Returns 0, or prints
 * a usage error and returns PDN_EXIT_USAGE. */
static int
add_select(const pdn_cli *cli, pdn_annotate_options *o, const char *value)
{
    const char *eq = strchr(value, '=');
    pdn_annotate_select *sel;
    char err[256];

    if (!eq || eq == value)
        return pdn_args_fail(cli, CMD,
                             "bad --select '%s': expected "
                             "TAG=PATTERN",
                             value);
    if (o->nselect == PDN_ANNOTATE_MAX_SELECT)
        return pdn_args_fail(cli, CMD, "too many --select: at most %d",
                             PDN_ANNOTATE_MAX_SELECT);
    if ((size_t)(eq - value) >= sizeof sel->tag ||
        strlen(eq + 1) >= sizeof sel->pattern)
        return pdn_args_fail(cli, CMD, "bad --select '%s': too long", value);
    sel = &o->select[o->nselect++];
    snprintf(sel->tag, sizeof sel->tag, "%.*s", (int)(eq - value), value);
    snprintf(sel->pattern, sizeof sel->pattern, "%s", eq + 1);
    /* The pattern is checked now, before any work. */
    if (pdn_tag_filter_check(sel->pattern, err, sizeof err) != 0)
        return pdn_args_fail(cli, CMD, "bad --select '%s': bad pattern: %s",
                             value, err);
    return 0;
}

/* Applies the option @g over the settings (the file's, or the
 * defaults).  Returns 0, or prints a usage error and returns
 * PDN_EXIT_USAGE. */
static int
apply(const pdn_cli *cli, annotate_job *job, const pdn_given *g)
{
    /* In the order of the options' choices. */
    static const int sides[] = {PDN_SIDE_FIRST, PDN_SIDE_SECOND, PDN_SIDE_BOTH};
    static const pdn_report_format reports[] = {
        PDN_REPORT_TEXT, PDN_REPORT_JSON, PDN_REPORT_HTML, PDN_REPORT_NONE};
    pdn_annotate_options *o = &job->run.o;
    unsigned long long v = 0;

    switch (g->id) {
    case OPT_DEPTH:
        o->depth = (int)g->n;
        break;
    case OPT_TIME:
        o->time_ms = g->n;
        break;
    case OPT_NODES:
        o->nodes = g->n;
        break;
    case OPT_TIME_PER_GAME:
        o->game_time_ms = g->n;
        break;
    case OPT_NODES_PER_GAME:
        o->game_nodes = g->n;
        break;
    case OPT_SIDES:
        o->sides = sides[g->n];
        break;
    case OPT_FROM:
        o->first_move = (uint32_t)g->n;
        break;
    case OPT_TO:
        o->last_move = (uint32_t)g->n;
        break;
    case OPT_SKIP_PLIES:
        o->skip_plies = (uint32_t)g->n;
        break;
    case OPT_LINE_PLIES:
        if (pdn_args_number(cli, CMD, "line-plies", g->value, 1,
                            PDN_ANNOTATE_MAX_LINE, NULL, &v) != 0)
            return PDN_EXIT_USAGE;
        o->line_plies = (int)v;
        break;
    case OPT_NOTATION:
        o->alpha = g->n == 1;
        break;
    case OPT_REPORT:
        o->report = reports[g->n];
        break;
    case OPT_ANNOTATOR:
        if (strlen(g->value) >= sizeof o->annotator)
            return pdn_args_fail(cli, CMD,
                                 "bad --annotator: longer than %zu "
                                 "bytes",
                                 sizeof o->annotator - 1);
        snprintf(o->annotator, sizeof o->annotator, "%s", g->value);
        break;
    case OPT_SELECT:
        return add_select(cli, o, g->value);
    default: /* the switches */
        o->variations |= g->id == OPT_VARIATIONS;
        o->nags &= g->id != OPT_NO_NAGS;
        o->comments &= g->id != OPT_NO_COMMENTS;
        o->lines &= g->id != OPT_NO_VARIATIONS;
        o->eval &= g->id != OPT_NO_EVAL;
        o->tags &= g->id != OPT_NO_TAGS;
    }
    return 0;
}

/* pdn_own_option_fn: the settings, into job->given, to be applied over
 * the file's (apply()). */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    annotate_job *job = ctx;

    (void)cli;
    job->given[job->ngiven++] = *g;
    return 0;
}

/* The shared options that are settings, over the file's: --variant,
 * --draw-rule, --hash. */
static void
apply_shared(annotate_job *job)
{
    const pdn_shared *s = &job->args;
    pdn_annotate_options *o = &job->run.o;

    if (s->variant_name) {
        if (s->unplayed) /* a GameType not played: its games are not judged */
            snprintf(o->variant, sizeof o->variant, "%d", s->unplayed);
        else
            snprintf(o->variant, sizeof o->variant, "%s", s->variant->name);
        job->run.add_gametype = true; /* as pdn fmt --variant */
    }
    if (s->draw_rule)
        snprintf(o->draw_rule, sizeof o->draw_rule, "%s", s->draw_rule);
    if (s->hash_mb)
        o->hash_mb = s->hash_mb;
    if (s->egdb)
        snprintf(o->egdb, sizeof o->egdb, "%s", s->egdb);
    if (s->no_egdb)
        snprintf(o->egdb, sizeof o->egdb, "none");
}

/* The settings: the file's (or the defaults) under the options; then the
 * checks that need them all.  Returns -1 to go on, else the status. */
static int
settle(const pdn_cli *cli, annotate_job *job)
{
    pdn_annotate_options *o = &job->run.o;
    if (pdn_args_config(cli, CMD, job->args.config, &job->cfg) != 0)
        return PDN_EXIT_USAGE;
    *o = job->cfg.annotate;
    if (job->cfg.variant) {
        snprintf(o->variant, sizeof o->variant, "%s", job->cfg.variant);
        job->run.add_gametype = true;
    }
    apply_shared(job);
    /* The limits named on the command line replace those of the
     * configuration and the defaults; named together, they all hold. */
    for (size_t i = 0; i < job->ngiven; i++) {
        int id = job->given[i].id;
        if (id == OPT_DEPTH || id == OPT_TIME || id == OPT_NODES ||
            id == OPT_TIME_PER_GAME || id == OPT_NODES_PER_GAME) {
            pdn_annotate_clear_limits(o);
            break;
        }
    }
    for (size_t i = 0; i < job->ngiven; i++)
        if (apply(cli, job, &job->given[i]) != 0)
            return PDN_EXIT_USAGE;
    if (!o->depth && !o->time_ms && !o->nodes && !o->game_time_ms &&
        !o->game_nodes)
        return pdn_args_fail(cli, CMD,
                             "no limit to the search: depth 0, "
                             "and no time, nodes, time or nodes per game "
                             "(give --depth, --time, --nodes, "
                             "--time-per-game or --nodes-per-game)");
    job->run.jobs = job->args.jobs ? job->args.jobs : o->threads;
    if (o->last_move && o->last_move < o->first_move)
        return pdn_args_fail(cli, CMD, "--to %u comes before --from %u",
                             (unsigned)o->last_move, (unsigned)o->first_move);
    if (job->run.in_place && job->run.output)
        return pdn_args_exclusive(cli, CMD, "in-place", "output");
    int rc = job->run.in_place
                 ? pdn_args_in_place(cli, CMD, job->run.files, job->run.nfiles)
                 : -1;
    if (rc >= 0)
        return rc;
    if (job->run.report_file && o->report == PDN_REPORT_NONE)
        return pdn_args_fail(cli, CMD,
                             "'--report-file' needs --report "
                             "FORMAT");
    struct stat out, in;
    if (job->run.output && stat(job->run.output, &out) == 0) {
        for (size_t i = 0; i < job->run.nfiles; i++)
            if (stat(job->run.files[i], &in) == 0 && in.st_dev == out.st_dev &&
                in.st_ino == out.st_ino)
                return pdn_args_fail(cli, CMD,
                                     "'--output %s' is an input: "
                                     "use --in-place to rewrite it",
                                     job->run.output);
    }
    return -1;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    annotate_job job = {.given =
                            pdn_xcalloc((size_t)argc + 1, sizeof(pdn_given))};
    pdn_config_init(&job.cfg);
    int rc = pdn_command_args(cli, &pdn_annotate_command, argc, argv, &job.args,
                              own_option, &job);
    job.run.tagmap = job.args.tagmap;
    job.run.files = job.args.operands; /* room for one more */
    job.run.nfiles = job.args.noperands;
    job.run.quiet = job.args.quiet;
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
        rc = pdn_command_egdb_all(
            cli, CMD, job.run.o.egdb[0] ? job.run.o.egdb : NULL, job.run.egdb);
        if (rc < 0)
            rc = pdn_annotate_run(cli, &job.run);
        for (int id = 0; id < 3; id++)
            pdn_egdb_close(job.run.egdb[id]);
    }
    pdn_config_fini(&job.cfg);
    pdn_shared_free(&job.args);
    free(job.given);
    return rc;
}

PDN_COMMAND(
    annotate,
    "judge every move of games with the engine: marks, better moves,\nreports",
    "[OPTION]... [FILE]...", annotate_about, 25, annotate_more,
    PDN_COMMAND_GAMES, "@file");
