/* reading.c -- FILE... operands read game by game, each game's
 * diagnostics reported as it is done; with work that threads may share,
 * in batches (batches.c).
 */
#include "stream/reading.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "stream/internal.h"
#include "stream/progress.h"
#include "stream/slice_file.h"
#include "syntax/reader.h"

void
pdn_read_report(const pdn_cli *cli, pdn_read_job *job, pdn_diags *d,
                bool colour, pdn_strbuf *buf)
{
    if (job->adjust)
        job->adjust(d, job->ctx);
    job->errors += d->errors;
    job->warnings += d->warnings;
    for (size_t i = 0; i < d->count && !job->quiet; i++) {
        if (d->items[i].severity == PDN_SEV_OFF)
            continue;
        if (job->on_diag) {
            job->on_diag(cli, &d->items[i], job->ctx);
            continue;
        }
        pdn_strbuf_clear(buf);
        pdn_diag_render(&d->items[i], colour, buf);
        fwrite(buf->ptr, 1, buf->len, cli->err);
    }
    pdn_diags_clear(d);
}

FILE *
pdn_read_open(const pdn_cli *cli, const char *cmd, const char *path,
              pdn_strbuf *why)
{
    struct stat st;
    FILE *f;
    int err = 0;

    if (strcmp(path, "-") == 0)
        return cli->in;
    f = fopen(path, "rb");
    if (!f) {
        err = errno;
    } else if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        err = EISDIR;
        fclose(f);
        f = NULL;
    }
    if (f)
        return f;
    pdn_strbuf said = PDN_STRBUF_INIT;
    pdn_strbuf_printf(why ? why : &said, "pdn %s: %s: %s\n", cmd, path,
                      strerror(err));
    if (!why)
        pdn_read_tell(cli, said.ptr, said.len);
    pdn_strbuf_free(&said);
    return NULL;
}

void
pdn_read_tell(const pdn_cli *cli, const char *text, size_t len)
{
    fwrite(text, 1, len, cli->err);
    for (const char *p = text, *end = text + len; p < end;) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        /* the message without "pdn CMD: " */
        const char *colon = memchr(p, ':', (size_t)(eol - p));
        const char *m = colon && colon + 2 <= eol ? colon + 2 : p;
        char *line = pdn_xstrndup(m, (size_t)(eol - m));
        pdn_cli_json_error(cli, NULL, 0, line);
        free(line);
        p = eol + 1;
    }
}

/* ---- One game after another ---- */

/* job->each, or job->work's functions in turn, on @g (@out for what
 * work() makes of it). */
static void
each_game(const pdn_cli *cli, pdn_read_job *job, pdn_game *g, pdn_diags *d,
          bool colour, pdn_strbuf *buf, pdn_strbuf *out)
{
    const pdn_read_work *w = job->work;
    bool picked = false;
    long value = 0;
    if (!w) {
        job->each(cli, g, d, job->ctx);
    } else if ((picked = !w->pick || w->pick(cli, g, d, job->ctx))) {
        pdn_strbuf_clear(out);
        value = w->work(cli, g, d, out, job->ctx);
    }
    if (pdn_diags_any(d))
        pdn_read_report(cli, job, d, colour, buf);
    if (picked && w->done)
        w->done(cli, value, g->file, out, job->ctx);
}

/* Reads the open stream @in, named @name, to its end. */
static void
read_stream(const pdn_cli *cli, pdn_read_job *job, FILE *in, const char *name,
            bool colour)
{
    pdn_reader_options opt = {.tagmap = job->tagmap,
                              .keep_raw = job->keep_raw,
                              .strict = job->strict,
                              .no_map = pdn_no_map()};
    pdn_reader *r = pdn_reader_new(name, in, &opt);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_strbuf buf = PDN_STRBUF_INIT, out = PDN_STRBUF_INIT;
    pdn_game *g;
    pdn_progress pr;
    int got;

    d.count_only = job->count_only && job->quiet;
    job->reader = r;
    pdn_progress_start(cli, job->progress, fileno(in), &pr);
    while ((got = pdn_reader_next(r, &g, &d)) > 0) {
        job->games++;
        if (pr.on)
            pdn_progress_game(cli, &pr, pdn_reader_bytes(r));
        each_game(cli, job, g, &d, colour, &buf, &out);
        if (!job->own_games || job->work)
            pdn_reader_recycle(r, g);
        if (ferror(cli->out)) { /* EPIPE with SIGPIPE ignored, a full disk */
            job->out_failed = true;
            break;
        }
    }
    if (got < 0)
        job->io_failed = true;
    pdn_progress_end(cli, &pr);
    if (job->flush && !job->work)
        job->flush(cli, job->ctx);
    pdn_read_report(cli, job, &d, colour, &buf);
    pdn_strbuf_free(&buf);
    pdn_strbuf_free(&out);
    pdn_diags_free(&d);
    job->reader = NULL;
    pdn_reader_free(r);
}

void
pdn_read_give_back(pdn_read_job *job, pdn_game *g)
{
    pdn_reader_recycle(job->reader, g);
}

const char *
pdn_read_operand(const pdn_read_job *job, size_t i)
{
    return job->nfiles ? job->files[i] : "-";
}

size_t
pdn_read_operands(const pdn_read_job *job)
{
    return job->nfiles ? job->nfiles : 1;
}

int
pdn_read_files(const pdn_cli *cli, pdn_read_job *job)
{
    bool colour = pdn_cli_colour(cli);
    if (job->work && job->work->jobs > 1) {
        pdn_read_in_batches(cli, job, colour);
    } else {
        for (size_t i = 0; i < pdn_read_operands(job); i++) {
            const char *path = pdn_read_operand(job, i);
            bool is_stdin = strcmp(path, "-") == 0;
            FILE *in = pdn_read_open(cli, job->cmd, path, NULL);
            if (!in) {
                job->io_failed = true;
                continue;
            }
            read_stream(cli, job, in, is_stdin ? PDN_STDIN_NAME : path, colour);
            if (!is_stdin)
                fclose(in);
            if (job->out_failed)
                break; /* main() says so: a write error on standard output */
        }
    }
    if (job->io_failed || job->out_failed)
        return PDN_EXIT_USAGE;
    return job->errors ? PDN_EXIT_INPUT : PDN_EXIT_OK;
}
