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
#include "write/games_out.h"
#include "stream/reading.h"
#include "write/canonical.h"

#define CMD "fmt"

typedef struct fmt_job {
    pdn_shared args; /* the shared options and the FILEs */
    bool check, in_place, no_gametype, variant_set;
    const pdn_variant *variant;
    int width;
    pdn_config cfg;
    const char **files; /* args's operands (room for one more) */
    size_t nfiles;
    pdn_canonical *canon;
    pdn_games_out sink; /* where the games of one file go */
    pdn_strbuf buf;
    uint64_t refused; /* games written as they were read */
    uint64_t lost;    /* games whose text could not be written (of the
                         file being written) */
    bool bom;         /* the file starts with a byte order mark */
} fmt_job;

static const pdn_option fmt_options[] = {
    PDN_OPTION_INTO("check", 'c', NULL,
                    "write nothing; list the FILEs that are not in\n"
                    "canonical form (exit status 1 if any)",
                    NULL, fmt_job, check),
    PDN_OPTION_INTO("in-place", 'i', NULL,
                    "rewrite each FILE: through a temporary file beside\n"
                    "it, renamed over it once complete",
                    NULL, fmt_job, in_place),
    PDN_OPTION_INTO("width", 'w', "N",
                    "wrap movetext at N columns (default 79)",
                    "20..100000 columns", fmt_job, width),
    PDN_OPTION_VARIANT("the variant of games without a GameType tag:\n"
                       "italian (the default), spanish, english, or a\n"
                       "GameType (22, 24, 21); such games get a GameType\n"
                       "tag",
                       PDN_VARIANT_CHOICES),
    PDN_OPTION_SET("no-gametype",
                   "add no GameType tag for --variant or the config", fmt_job,
                   no_gametype),
    PDN_OPTION_CONFIG("read the default variant from FILE instead of\n"
                      "$XDG_CONFIG_HOME/pdn/config.yaml (pdn-config(5))"),
    PDN_OPTION_MAP_TAG("read tag name L as standard tag S"),
    PDN_OPTION_STRICT("a game beyond the PDN 3.0 standard's reading\n"
                      "grammar is an error (E0112), written as read"),
    PDN_OPTION_QUIET("print no diagnostics"),
    PDN_OPTION_HELP,
};

static const char fmt_about[] =
    "Write each game of each FILE (standard input when none, or '-') in the"
    " one\n"
    "canonical PDN form: the Seven-Tag Roster first, then GameType, FEN and"
    " the\n"
    "other tags; standard tag names and YYYY.MM.DD dates; moves in the short\n"
    "standard form, numbered anew; comments, NAGs, variations and setups"
    " kept\n"
    "where they stood; lines wrapped; LF line ends; UTF-8.  A game that"
    " cannot\n"
    "be read or has an illegal move is written as it was, byte for byte, and\n"
    "reported.\n";

static const char fmt_more[] =
    "Exit status: 0 success, 1 a game was written as read because of an"
    " error\n"
    "(or, with --check, a FILE is not in canonical form), 2 usage error or a\n"
    "FILE that cannot be read or rewritten.\n"
    "\n"
    "Examples:\n"
    "  pdn fmt games.pdn > clean.pdn\n"
    "  pdn fmt --check archive/*.pdn\n"
    "  pdn fmt --in-place --variant english games.pdn\n";

/* ---- Output ---- */

/* The game @g: in canonical form, or as it was read. */
static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    fmt_job *job = ctx;
    pdn_games_out *s = &job->sink;
    bool ok;

    if (g->number == 1 && g->span > 0)
        job->bom = true;              /* the reader skipped a byte order mark */
    if (g->raw_file || g->raw_lost) { /* too large to read: copied */
        job->refused++;
        if (g->raw_lost || !pdn_games_out_copy(s, g->raw_file, g->raw_len)) {
            job->lost++;
            pdn_command_lost_game(cli, CMD, g);
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
                       .tagmap = job->args.tagmap,
                       .quiet = job->args.quiet,
                       .keep_raw = true,
                       .strict = job->args.strict,
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
    pdn_shared *s = &job->args;
    int rc = pdn_command_args(cli, &pdn_fmt_command, argc, argv, s, NULL, job);

    job->files = s->operands;
    job->nfiles = s->noperands;
    job->variant_set = s->variant_name != NULL;
    job->variant = s->variant ? s->variant : pdn_variant_default();
    if (rc >= 0)
        return rc;
    if (job->check && job->in_place)
        return pdn_args_exclusive(cli, CMD, "check", "in-place");
    return job->in_place ? pdn_args_in_place(cli, CMD, job->files, job->nfiles)
                         : -1;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    fmt_job job = {.buf = PDN_STRBUF_INIT, .sink = PDN_GAMES_OUT_INIT};
    pdn_config_init(&job.cfg);
    int rc = read_args(cli, argc, argv, &job);
    if (rc < 0 && pdn_args_config(cli, CMD, job.args.config, &job.cfg) != 0)
        rc = PDN_EXIT_USAGE;
    if (rc < 0) {
        bool from_config = !job.variant_set && job.cfg.variant;
        if (from_config)
            job.variant = pdn_args_config_variant(&job.cfg);
        pdn_canonical_options co = {.variant = job.variant,
                                    .unplayed = job.args.unplayed,
                                    .add_gametype =
                                        (job.variant_set || from_config) &&
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
        if (job.refused && !job.args.quiet)
            fprintf(cli->err,
                    "pdn %s: %llu game%s written as read, "
                    "not in canonical form\n",
                    CMD, (unsigned long long)job.refused,
                    pdn_args_plural(job.refused));
    }
    pdn_canonical_free(job.canon);
    pdn_config_fini(&job.cfg);
    pdn_strbuf_free(&job.buf);
    pdn_games_out_free(&job.sink);
    pdn_shared_free(&job.args);
    return rc;
}

PDN_COMMAND(fmt, "write PDN files in one canonical form, losing nothing",
            "[OPTION]... [FILE]...", fmt_about, 25, fmt_more, PDN_COMMAND_GAMES,
            "@file");
