/* cmd_parse.c -- pdn parse: reads PDN files game by game (syntax/reader.h)
 * and reports their diagnostics, with a summary line; optionally prints
 * each game as reading events (write/trace.h) or as JSON Lines
 * (write/json_out.h).
 */
#include <inttypes.h>
#include <stdlib.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/reading.h"
#include "write/json_out.h"
#include "write/trace.h"

#define CMD "parse"

enum {
    OPT_HELP = 1,
    OPT_TRACE,
    OPT_JSON,
    OPT_QUIET,
    OPT_MAP_TAG,
    OPT_STRICT
};

static const pdn_option parse_options[] = {
    {"help", 'h', false, OPT_HELP},
    {"trace", 0, false, OPT_TRACE},
    {"json", 0, false, OPT_JSON},
    {"quiet", 'q', false, OPT_QUIET},
    {"map-tag", 0, true, OPT_MAP_TAG},
    {"strict", 0, false, OPT_STRICT},
};

/* What was asked. */
typedef struct parse_job {
    bool trace, json, quiet, strict;
    pdn_tagmap *tagmap;
    const char **files; /* room for argc operands */
    size_t nfiles;
    pdn_strbuf buf;     /* one game's output */
} parse_job;

/* Prints @g as events or JSON, as asked. */
static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d,
           void *ctx)
{
    (void)d; /* reading diagnostics are reported by the caller */
    parse_job *job = ctx;

    if (!job->trace && !job->json)
        return;
    pdn_strbuf_clear(&job->buf);
    if (job->trace) {
        pdn_trace_game(g, &job->buf);
    } else {
        pdn_json_game(g, &job->buf);
        pdn_strbuf_putc(&job->buf, '\n');
    }
    fwrite(job->buf.ptr, 1, job->buf.len, cli->out);
}

/* Reads the command line into @job; returns -1 to go on, else the exit
 * status (--help, or a usage error). */
static int
read_args(const pdn_cli *cli, int argc, char **argv, parse_job *job)
{
    pdn_args a;
    int opt;

    pdn_args_init(&a, argc, argv, parse_options,
                  sizeof parse_options / sizeof parse_options[0]);
    while ((opt = pdn_args_next(&a)) != PDN_ARGS_END) {
        switch (opt) {
        case PDN_ARGS_ERROR:
            return pdn_args_fail(cli, CMD, "%s", a.error);
        case PDN_ARGS_OPERAND:
            job->files[job->nfiles++] = a.value;
            break;
        case OPT_HELP:
            fputs(pdn_help_text(CMD), cli->out);
            return PDN_EXIT_OK;
        case OPT_TRACE:
            job->trace = true;
            break;
        case OPT_JSON:
            job->json = true;
            break;
        case OPT_QUIET:
            job->quiet = true;
            break;
        case OPT_STRICT:
            job->strict = true;
            break;
        case OPT_MAP_TAG:
            if (pdn_args_map_tag(cli, CMD, job->tagmap, a.value) != 0)
                return PDN_EXIT_USAGE;
            break;
        }
    }
    if (job->trace && job->json)
        return pdn_args_fail(cli, CMD, "options '--trace' and '--json' "
                                       "cannot be used together");
    return -1;
}

int
pdn_cmd_parse(const pdn_cli *cli, int argc, char **argv)
{
    parse_job job = {.tagmap = pdn_tagmap_new(),
                     .files = pdn_xcalloc((size_t)argc, sizeof(char *)),
                     .buf = PDN_STRBUF_INIT};
    pdn_read_job rj = {.cmd = CMD};
    int rc = read_args(cli, argc, argv, &job);

    if (rc < 0) {
        rj.files = job.files;
        rj.nfiles = job.nfiles;
        rj.tagmap = job.tagmap;
        rj.quiet = job.quiet;
        rj.strict = job.strict;
        rj.each = each_game;
        rj.ctx = &job;
        rc = pdn_read_files(cli, &rj);
        if (!job.quiet)
            fprintf(cli->err,
                    "%" PRIu64 " game%s, %zu error%s, %zu warning%s\n",
                    rj.games, pdn_args_plural(rj.games), rj.errors,
                    pdn_args_plural(rj.errors), rj.warnings,
                    pdn_args_plural(rj.warnings));
    }
    pdn_strbuf_free(&job.buf);
    free(job.files);
    pdn_tagmap_free(job.tagmap);
    return rc;
}
