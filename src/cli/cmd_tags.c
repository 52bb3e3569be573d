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
#include "cli/reading.h"
#include "write/json_out.h"

#define CMD "tags"

enum { OPT_HELP = 1, OPT_JSON, OPT_MAP_TAG };

static const pdn_option tags_options[] = {
    {"help", 'h', false, OPT_HELP},
    {"json", 0, false, OPT_JSON},
    {"map-tag", 0, true, OPT_MAP_TAG},
};

/* What was asked. */
typedef struct tags_job {
    bool json;
    pdn_tagmap *tagmap;
    const char **files; /* room for argc operands */
    size_t nfiles;
    pdn_strbuf buf;     /* one game's row */
} tags_job;

/* @s with backslash, tab, newline and carriage return written as \\ \t
 * \n \r, so that a row stays one line of tab-separated fields. */
static void
put_field(pdn_strbuf *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '\\':
            pdn_strbuf_puts(out, "\\\\");
            break;
        case '\t':
            pdn_strbuf_puts(out, "\\t");
            break;
        case '\n':
            pdn_strbuf_puts(out, "\\n");
            break;
        case '\r':
            pdn_strbuf_puts(out, "\\r");
            break;
        default:
            pdn_strbuf_putc(out, *s);
        }
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
    pdn_strbuf_printf(out, ",\"game\":%" PRIu64 ",\"line\":%" PRIu32
                           ",\"tags\":",
                      g->number, g->start.line);
    pdn_json_tags(g, out);
    pdn_strbuf_puts(out, "}\n");
}

static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d,
           void *ctx)
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

/* Reads the command line into @job; returns -1 to go on, else the exit
 * status (--help, or a usage error). */
static int
read_args(const pdn_cli *cli, int argc, char **argv, tags_job *job)
{
    pdn_args a;
    int opt;

    pdn_args_init(&a, argc, argv, tags_options,
                  sizeof tags_options / sizeof tags_options[0]);
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
        case OPT_JSON:
            job->json = true;
            break;
        case OPT_MAP_TAG:
            if (pdn_args_map_tag(cli, CMD, job->tagmap, a.value) != 0)
                return PDN_EXIT_USAGE;
            break;
        }
    }
    return -1;
}

int
pdn_cmd_tags(const pdn_cli *cli, int argc, char **argv)
{
    tags_job job = {.tagmap = pdn_tagmap_new(),
                    .files = pdn_xcalloc((size_t)argc, sizeof(char *)),
                    .buf = PDN_STRBUF_INIT};
    pdn_read_job rj = {.cmd = CMD};
    int rc = read_args(cli, argc, argv, &job);

    if (rc < 0) {
        rj.files = job.files;
        rj.nfiles = job.nfiles;
        rj.tagmap = job.tagmap;
        rj.each = each_game;
        rj.ctx = &job;
        rc = pdn_read_files(cli, &rj);
    }
    pdn_strbuf_free(&job.buf);
    free(job.files);
    pdn_tagmap_free(job.tagmap);
    return rc;
}
