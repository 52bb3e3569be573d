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
#include "stream/reading.h"
#include "write/json_out.h"
#include "write/trace.h"

#define CMD "parse"

/* What was asked. */
typedef struct parse_job {
    bool trace, json;
    pdn_strbuf buf; /* one game's output */
} parse_job;

static const pdn_option parse_options[] = {
    PDN_OPTION_SET("trace",
                   "print each game as reading events, one a "
                   "line",
                   parse_job, trace),
    PDN_OPTION_JSON("print each game as one line of JSON"),
    PDN_OPTION_QUIET("print no diagnostics and no summary line"),
    PDN_OPTION_MAP_TAG("read the tag name L as the standard name S\n"
                       "(repeatable; Bianco=White and others are built in)"),
    PDN_OPTION_STRICT("read each game as the PDN 3.0 standard's reading\n"
                      "grammar defines it: what goes beyond it is an\n"
                      "error (E0112) at its place"),
    PDN_OPTION_HELP,
};

static const char parse_about[] =
    "Read the PDN game records of each FILE game by game (standard input\n"
    "when there is no FILE, or for '-') and report what cannot be read.\n";

static const char parse_more[] =
    "Diagnostics go to standard error as 'FILE:LINE:COLUMN: error[CODE]:"
    " ...'\n"
    "with the source line and a caret, then one summary line\n"
    "'N games, E errors, W warnings'.  A FILE that cannot be opened is\n"
    "reported and skipped.\n"
    "\n"
    "Exit status: 0 no reading errors (warnings allowed), 1 reading errors,\n"
    "2 usage error or a FILE that cannot be opened or read.\n"
    "\n"
    "Examples:\n"
    "  pdn parse club.pdn\n"
    "  pdn parse --trace short.pdn\n"
    "  pdn parse --json short.pdn\n";

/* Prints @g as events or JSON, as asked. */
static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
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

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    parse_job job = {.buf = PDN_STRBUF_INIT};
    pdn_shared s;
    pdn_read_job rj;
    int rc =
        pdn_command_args(cli, &pdn_parse_command, argc, argv, &s, NULL, &job);

    job.json = s.json;
    if (rc < 0 && job.trace && job.json)
        rc = pdn_args_exclusive(cli, CMD, "trace", "json");
    if (rc < 0) {
        rc = pdn_shared_read(cli, &s, CMD, false, each_game, &job, &rj);
        if (!s.quiet)
            fprintf(cli->err,
                    "%" PRIu64 " game%s, %zu error%s, %zu warning%s\n",
                    rj.games, pdn_args_plural(rj.games), rj.errors,
                    pdn_args_plural(rj.errors), rj.warnings,
                    pdn_args_plural(rj.warnings));
    }
    pdn_strbuf_free(&job.buf);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(parse, "read PDN files, report their errors, print events or JSON",
            "[OPTION]... [FILE]...", parse_about, 0, parse_more, 0, "@file");
