/* cmd_fmt.c -- pdn fmt: every game read (syntax/reader.h) and written in
 * the canonical form (write/canonical.h); a game that cannot be is written
 * as it was read, byte for byte, with its diagnostics.  Output goes to
 * standard output, or with --in-place to a temporary file renamed over
 * the original once it is complete; --check writes nothing and lists the
 * files that are not in canonical form.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/atomic.h"
#include "cli/commands.h"
#include "config/config.h"
#include "cli/games_out.h"
#include "cli/reading.h"
#include "write/canonical.h"

#define CMD "fmt"

enum {
    OPT_HELP = 1,
    OPT_CHECK,
    OPT_IN_PLACE,
    OPT_WIDTH,
    OPT_VARIANT,
    OPT_NO_GAMETYPE,
    OPT_CONFIG,
    OPT_MAP_TAG,
    OPT_QUIET,
    OPT_STRICT
};

static const pdn_option fmt_options[] = {
    {"help", 'h', false, OPT_HELP},
    {"check", 'c', false, OPT_CHECK},
    {"in-place", 'i', false, OPT_IN_PLACE},
    {"width", 'w', true, OPT_WIDTH},
    {"variant", 'v', true, OPT_VARIANT},
    {"no-gametype", 0, false, OPT_NO_GAMETYPE},
    {"config", 0, true, OPT_CONFIG},
    {"map-tag", 0, true, OPT_MAP_TAG},
    {"quiet", 'q', false, OPT_QUIET},
    {"strict", 0, false, OPT_STRICT},
};

typedef struct fmt_job {
    bool check, in_place, quiet, no_gametype, variant_set;
    bool strict; /* --strict: the standard's grammar only */
    int unplayed; /* --variant N, a GameType not played */
    const pdn_variant *variant;
    unsigned width;
    const char *config;
    pdn_config cfg;
    pdn_tagmap *tagmap;
    const char **files;
    size_t nfiles;
    pdn_canonical *canon;
    pdn_games_out sink; /* where the games of one file go */
    pdn_strbuf buf;
    uint64_t refused; /* games written as they were read */
    uint64_t lost;    /* games whose text could not be written (of the
                         file being written) */
    bool bom;         /* the file starts with a byte order mark */
} fmt_job;

/* ---- Output ---- */

/* The game @g: in canonical form, or as it was read. */
static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    fmt_job *job = ctx;
    pdn_games_out *s = &job->sink;
    bool ok;

    if (g->number == 1 && g->span > 0)
        job->bom = true; /* the reader skipped a byte order mark */
    if (g->raw_file || g->raw_lost) { /* too large to read: copied */
        job->refused++;
        if (g->raw_lost || !pdn_games_out_copy(s, g->raw_file, g->raw_len)) {
            job->lost++;
            fprintf(cli->err, "pdn %s: %s:%u: cannot write game %llu as "
                              "read: its text could not be kept\n",
                    CMD, g->file, g->start.line,
                    (unsigned long long)g->number);
        }
        return;
    }
    size_t mark;
    pdn_strbuf *direct = pdn_games_out_begin(s, &mark);
    if (direct) { /* no copy through job->buf */
        if (!pdn_canonical_game(job->canon, g, d, direct)) {
            job->refused++;
            pdn_canonical_as_read(job->canon, g, direct);
        }
        pdn_games_out_end(s, mark);
        return;
    }
    pdn_strbuf_clear(&job->buf);
    ok = pdn_canonical_game(job->canon, g, d, &job->buf);
    if (ok) {
        pdn_games_out_game(s, job->buf.ptr, job->buf.len);
    } else {
        job->refused++;
        pdn_canonical_as_read(job->canon, g, &job->buf);
        pdn_games_out_game(s, job->buf.ptr, job->buf.len);
    }
    pdn_games_out_input(s, g->raw, g->raw_len);
}

/* ---- Files ---- */

/* Formats one FILE (or standard input, "-") into the sink already set
 * up, as a new output when @fresh (else after the games before it);
 * returns pdn_read_files()'s status. */
static int
format_file(const pdn_cli *cli, fmt_job *job, const char *path, bool fresh)
{
    pdn_read_job rj = {.cmd = CMD,
                       .files = &path,
                       .nfiles = 1,
                       .tagmap = job->tagmap,
                       .quiet = job->quiet,
                       .keep_raw = true,
                       .strict = job->strict,
                       .each = each_game,
                       .ctx = job};
    pdn_games_out *s = &job->sink;
    if (fresh)
        pdn_games_out_reset(s);
    job->bom = false;
    job->lost = 0;
    int rc = pdn_read_files(cli, &rj);
    pdn_games_out_flush(s);
    if (job->lost)
        rc = PDN_EXIT_USAGE; /* a file written without them is not */
    if (s->compare && (pdn_games_out_differs(s) || job->bom))
        s->differs = true;
    return rc;
}

/* The larger of two exit statuses. */
static int
worse(int a, int b)
{
    return a > b ? a : b;
}

/* --check: lists FILE when it is not in canonical form. */
static int
check_file(const pdn_cli *cli, fmt_job *job, const char *path)
{
    job->sink.out = NULL;
    job->sink.compare = true;
    job->sink.batch = false;
    int rc = format_file(cli, job, path, true);
    if (rc != PDN_EXIT_USAGE && job->sink.differs) {
        fprintf(cli->out, "%s\n",
                strcmp(path, "-") == 0 ? PDN_STDIN_NAME : path);
        rc = worse(rc, PDN_EXIT_INPUT);
    }
    return rc;
}

/* --in-place: FILE rewritten through a temporary file beside it
 * (cli/atomic.h); the original is left alone on any failure, and when
 * nothing changed. */
static int
rewrite_file(const pdn_cli *cli, fmt_job *job, const char *path)
{
    pdn_atomic t;
    if (pdn_atomic_open(cli, CMD, path, false, &t) != 0)
        return PDN_EXIT_USAGE;
    job->sink.out = t.out;
    job->sink.compare = true;
    job->sink.batch = true;
    int rc = format_file(cli, job, path, true);
    job->sink.out = NULL;
    return pdn_atomic_close(cli, CMD, &t, job->sink.differs, rc);
}

/* ---- Arguments ---- */

/* Reads the command line into @job; returns -1 to go on, else the exit
 * status (--help, or a usage error). */
static int
read_args(const pdn_cli *cli, int argc, char **argv, fmt_job *job)
{
    pdn_args a;
    int opt;
    unsigned long long width;

    pdn_args_init(&a, argc, argv, fmt_options,
                  sizeof fmt_options / sizeof fmt_options[0]);
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
        case OPT_CHECK:
            job->check = true;
            break;
        case OPT_IN_PLACE:
            job->in_place = true;
            break;
        case OPT_WIDTH:
            if (pdn_args_number(cli, CMD, "width", a.value, 20, 100000,
                                "a number of columns from 20 to 100000",
                                &width) != 0)
                return PDN_EXIT_USAGE;
            job->width = (unsigned)width;
            break;
        case OPT_VARIANT:
            if (pdn_args_game_variant(cli, CMD, a.value, &job->variant,
                                      &job->unplayed) != 0)
                return PDN_EXIT_USAGE;
            job->variant_set = true;
            break;
        case OPT_NO_GAMETYPE:
            job->no_gametype = true;
            break;
        case OPT_CONFIG:
            job->config = a.value;
            break;
        case OPT_MAP_TAG:
            if (pdn_args_map_tag(cli, CMD, job->tagmap, a.value) != 0)
                return PDN_EXIT_USAGE;
            break;
        case OPT_QUIET:
            job->quiet = true;
            break;
        case OPT_STRICT:
            job->strict = true;
            break;
        }
    }
    if (job->check && job->in_place)
        return pdn_args_fail(cli, CMD, "options '--check' and '--in-place' "
                                       "cannot be used together");
    for (size_t i = 0; job->in_place && i < job->nfiles; i++)
        if (strcmp(job->files[i], "-") == 0)
            return pdn_args_fail(cli, CMD, "'--in-place' needs FILEs: it "
                                           "cannot rewrite standard input");
    if (job->in_place && job->nfiles == 0)
        return pdn_args_fail(cli, CMD, "'--in-place' needs FILEs: it "
                                       "cannot rewrite standard input");
    return -1;
}

int
pdn_cmd_fmt(const pdn_cli *cli, int argc, char **argv)
{
    fmt_job job = {.variant = pdn_variant_default(),
                   .tagmap = pdn_tagmap_new(),
                   .files = pdn_xcalloc((size_t)argc + 1, sizeof(char *)),
                   .buf = PDN_STRBUF_INIT,
                   .sink = PDN_GAMES_OUT_INIT};
    pdn_config_init(&job.cfg);
    int rc = read_args(cli, argc, argv, &job);
    if (rc < 0 && pdn_args_config(cli, CMD, job.config, &job.cfg) != 0)
        rc = PDN_EXIT_USAGE;
    if (rc < 0) {
        bool from_config = !job.variant_set && job.cfg.variant;
        if (from_config)
            job.variant = pdn_args_config_variant(&job.cfg);
        pdn_canonical_options co = {
            .variant = job.variant,
            .unplayed = job.unplayed,
            .add_gametype = (job.variant_set || from_config) &&
                            !job.no_gametype,
            .width = job.width};
        job.canon = pdn_canonical_new(&co);
        if (job.nfiles == 0)
            job.files[job.nfiles++] = "-";
        rc = PDN_EXIT_OK;
        for (size_t i = 0; i < job.nfiles; i++) {
            if (job.check) {
                rc = worse(rc, check_file(cli, &job, job.files[i]));
            } else if (job.in_place) {
                rc = worse(rc, rewrite_file(cli, &job, job.files[i]));
            } else {
                /* FILEs follow each other as games do. */
                job.sink.out = cli->out;
                /* On a terminal each game shows as soon as it is
                 * written. */
                job.sink.batch = !isatty(fileno(cli->out));
                rc = worse(rc, format_file(cli, &job, job.files[i], false));
            }
        }
        if (job.refused && !job.quiet)
            fprintf(cli->err, "pdn %s: %llu game%s written as read, "
                              "not in canonical form\n",
                    CMD, (unsigned long long)job.refused,
                    pdn_args_plural(job.refused));
    }
    pdn_canonical_free(job.canon);
    pdn_config_fini(&job.cfg);
    pdn_strbuf_free(&job.buf);
    pdn_games_out_free(&job.sink);
    free(job.files);
    pdn_tagmap_free(job.tagmap);
    return rc;
}
