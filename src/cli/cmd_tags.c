/* cmd_tags.c -- pdn tags: the tag pairs of every game, a row per game, as
 * tab-separated text or as JSON Lines (write/json_out.h).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "stream/reading.h"
#include "write/json_out.h"

#define CMD "tags"

static const pdn_option tags_options[] = {
    PDN_OPTION_JSON("print each row as one line of JSON"),
    PDN_OPTION_MAP_TAG("read the tag name L as the standard name S\n"
                       "(repeatable; Bianco=White and others are built in)"),
    PDN_OPTION_HELP,
};

static const char tags_about[] =
    "Print the tags of every game of each FILE (standard input when there\n"
    "is no FILE, or for '-'), a row per game, in file order.\n";

static const char tags_more[] =
    "A row is 'FILE:LINE', then a tab and 'Name=value' for each tag, names\n"
    "as written; tab, newline, carriage return and backslash in a value are\n"
    "written \\t \\n \\r \\\\.  --json prints {\"file\", \"game\", \"line\",\n"
    "\"tags\": [{\"name\", \"value\", \"standard\"}]}, \"standard\" for"
    " mapped names.\n"
    "Diagnostics go to standard error, as with pdn parse.\n"
    "\n"
    "Exit status: 0 no reading errors, 1 reading errors, 2 usage error or a\n"
    "FILE that cannot be opened or read.\n"
    "\n"
    "Examples:\n"
    "  pdn tags club.pdn\n"
    "  pdn tags --json short.pdn\n";

/* What was asked. */
typedef struct tags_job {
    bool json;
    pdn_strbuf buf; /* one game's row */
} tags_job;

/* @s with backslash, tab, newline and carriage return written as \\ \t
 * \n \r, so that a row stays one line of tab-separated fields. */
static void
put_field(pdn_strbuf *out, const char *s)
{
    for (; *s; s++) {
        const char *escaped = *s == '\\'   ? "\\\\"
                              : *s == '\t' ? "\\t"
                              : *s == '\n' ? "\\n"
                              : *s == '\r' ? "\\r"
                                           : NULL;
        if (escaped)
            pdn_strbuf_puts(out, escaped);
        else
            pdn_strbuf_putc(out, *s);
    }
}

/* FILE:LINE<TAB>Name=value<TAB>... */
static void
row_text(const pdn_game *g, pdn_strbuf *out)
{
    put_field(out, g->file);
    pdn_strbuf_printf(out, ":%" PRIu32, g->start.line);
    for (size_t i = 0; i < g->ntags; i++) {
        pdn_strbuf_putc(out, '\t');
        put_field(out, g->tags[i].name);
        pdn_strbuf_putc(out, '=');
        put_field(out, g->tags[i].value ? g->tags[i].value : "");
    }
    pdn_strbuf_putc(out, '\n');
}

/* {"file":F,"game":N,"line":L,"tags":[...]} */
static void
row_json(const pdn_game *g, pdn_strbuf *out)
{
    pdn_strbuf_puts(out, "{\"file\":");
    pdn_json_string(g->file, strlen(g->file), out);
    pdn_strbuf_printf(
        out, ",\"game\":%" PRIu64 ",\"line\":%" PRIu32 ",\"tags\":", g->number,
        g->start.line);
    pdn_json_tags(g, out);
    pdn_strbuf_puts(out, "}\n");
}

static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    (void)d; /* reading diagnostics are reported by the caller */
    tags_job *job = ctx;

    pdn_strbuf_clear(&job->buf);
    if (job->json)
        row_json(g, &job->buf);
    else
        row_text(g, &job->buf);
    fwrite(job->buf.ptr, 1, job->buf.len, cli->out);
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    tags_job job = {.buf = PDN_STRBUF_INIT};
    pdn_shared s;
    pdn_read_job rj;
    int rc =
        pdn_command_args(cli, &pdn_tags_command, argc, argv, &s, NULL, NULL);

    if (rc < 0) {
        job.json = s.json;
        rc = pdn_shared_read(cli, &s, CMD, false, each_game, &job, &rj);
    }
    pdn_strbuf_free(&job.buf);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(tags, "print the tags of every game, a row per game",
            "[OPTION]... [FILE]...", tags_about, 0, tags_more, 0, "@file");
