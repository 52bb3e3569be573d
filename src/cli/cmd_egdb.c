/* cmd_egdb.c -- pdn egdb: endgame databases (egdb/egdb.h) built, probed
 * and listed: "build" makes every slice of up to N pieces in a folder,
 * with a progress line on a terminal; "probe" gives the value of each FEN
 * for its side to move; "info" lists the slices present.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/json_string.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "egdb/egdb.h"
#include "rules/fen.h"

#define CMD "egdb"

/* The actions, in the order of egdb_actions. */
enum { ACTION_BUILD, ACTION_PROBE, ACTION_INFO };
static const char egdb_actions[] = "build probe info";

typedef struct egdb_job {
    const pdn_cli *cli;
    const pdn_variant *v;
    int action;
    int pieces; /* --pieces, build */
    const char *dir_given;
    char dir[4096]; /* --dir, or the default folder */
    long jobs;
    bool json, quiet;
    const char **fens; /* probe's operands (in argv), to free */
    size_t nfens;
} egdb_job;

_Static_assert(PDN_EGDB_MAX_PIECES == 8,
               "the range of --pieces is the database's limit");

static const pdn_option egdb_options[] = {
    PDN_OPTION_VARIANT("italian (default), spanish, english, or a GameType",
                       PDN_VARIANT_CHOICES),
    PDN_OPTION_INTO("pieces", 'p', "N",
                    "build: every position of up to N pieces (2-8)", "2..8",
                    egdb_job, pieces),
    PDN_OPTION_INTO("dir", 'd', "DIR",
                    "the database's folder (default:\n"
                    "$XDG_DATA_HOME/pdn/egdb/VARIANT)",
                    NULL, egdb_job, dir_given),
    PDN_OPTION_JOBS("build: threads (default: the processors online)"),
    PDN_OPTION_JSON("probe, info: JSON Lines instead of text"),
    PDN_OPTION_QUIET("build: no progress line and no summary"),
    PDN_OPTION_HELP,
};

static const char egdb_about[] =
    "Endgame databases: the value (win, draw or loss for the side to move,\n"
    "with perfect play and no draw rule) of every position with few"
    " pieces.\n"
    "\n"
    "  build   builds every slice of up to --pieces N pieces that is not"
    " there\n"
    "          yet (an interrupted build goes on where it stopped)\n"
    "  probe   the value of each FEN, or of each line of standard input\n"
    "  info    the slices present: positions, wins, draws, losses, bytes\n";

static const char egdb_more[] =
    "Output of probe: 'FEN<TAB>win|draw|loss' a line; with --json\n"
    "{\"fen\":FEN,\"result\":\"win\"|\"draw\"|\"loss\"} a line, or"
    " {\"fen\":FEN,\"error\":TEXT}\n"
    "for a line that cannot be probed (the others go on).\n"
    "\n"
    "Exit status: 0 success, 1 a FEN that could not be probed, 2 usage"
    " error,\n"
    "no database, or a file that cannot be written or read.\n"
    "\n"
    "Examples:\n"
    "  pdn egdb build --pieces 5\n"
    "  pdn egdb probe W:WK30:BK1\n"
    "  pdn egdb info --variant english\n";

/* ---- Arguments ---- */

static int
read_args(const pdn_cli *cli, int argc, char **argv, egdb_job *job)
{
    pdn_shared s;
    int rc =
        pdn_command_args(cli, &pdn_egdb_command, argc, argv, &s, NULL, job);

    if (rc < 0) {
        const char *a = s.operands[0];
        if (strcmp(a, "build") == 0)
            job->action = ACTION_BUILD;
        else if (strcmp(a, "probe") == 0)
            job->action = ACTION_PROBE;
        else if (strcmp(a, "info") == 0)
            job->action = ACTION_INFO;
        else
            rc = pdn_args_fail(cli, CMD,
                               "unknown action '%s': expected build, probe or"
                               " info",
                               a);
    }
    if (rc < 0 && job->action != ACTION_PROBE && s.noperands > 1)
        rc = pdn_args_fail(cli, CMD, "unexpected argument '%s'", s.operands[1]);
    if (rc < 0 && job->action == ACTION_BUILD && !job->pieces)
        rc = pdn_args_fail(cli, CMD, "build needs --pieces N");
    if (rc < 0 && job->action != ACTION_BUILD && job->pieces)
        rc = pdn_args_fail(cli, CMD, "--pieces is for build");
    job->v = s.variant ? s.variant : pdn_variant_default();
    job->jobs = s.jobs;
    job->json = s.json;
    job->quiet = s.quiet;
    if (rc < 0 && job->json && job->action == ACTION_BUILD)
        rc = pdn_args_fail(cli, CMD, "--json is for probe and info");
    if (rc < 0 && job->dir_given) {
        snprintf(job->dir, sizeof job->dir, "%s", job->dir_given);
    } else if (rc < 0 &&
               !pdn_egdb_default_dir(job->v, cli->xdg_data_home, cli->home,
                                     job->dir, sizeof job->dir)) {
        rc = pdn_args_fail(cli, CMD,
                           "no folder for the database: set --dir, or"
                           " XDG_DATA_HOME or HOME");
    }
    /* probe's FENs: the operands after the action, kept until run()
     * frees them. */
    if (rc < 0 && s.noperands > 1) {
        job->nfens = s.noperands - 1;
        job->fens = pdn_xcalloc(job->nfens, sizeof *job->fens);
        memcpy(job->fens, s.operands + 1, job->nfens * sizeof *job->fens);
    }
    pdn_shared_free(&s);
    return rc;
}

/* ---- build ---- */

/* The progress of a build, for its line. */
typedef struct build_view {
    const pdn_cli *cli;
    struct timespec start;
    uint64_t skipped_positions; /* of the slices found built */
    uint64_t last_done;         /* positions done at the last call */
    bool shown;
} build_view;

static void
put_duration(double s, pdn_strbuf *out)
{
    uint64_t t = (uint64_t)(s + 0.5);
    if (t >= 3600)
        pdn_strbuf_printf(out, "%" PRIu64 " h %02" PRIu64 " min", t / 3600,
                          t / 60 % 60);
    else if (t >= 60)
        pdn_strbuf_printf(out, "%" PRIu64 " min %02" PRIu64 " s", t / 60,
                          t % 60);
    else
        pdn_strbuf_printf(out, "%" PRIu64 " s", t);
}

/* pdn_egdb_progress_fn: the line "12/40 slices (the last 2K1M-1K), 35 %
 * of the positions, 4 min 10 s left", the time left from the pace of
 * the slices built so far. */
static bool
show_progress(void *ctx, pdn_egdb_material m, bool built, size_t slices_done,
              size_t slices, uint64_t positions_done, uint64_t positions)
{
    build_view *bv = ctx;
    char name[24];
    pdn_strbuf line = PDN_STRBUF_INIT;
    if (!built) /* found built: no part of the pace */
        bv->skipped_positions += positions_done - bv->last_done;
    bv->last_done = positions_done;
    double spent = pdn_clock_since(&bv->start);
    uint64_t made = positions_done - bv->skipped_positions;
    pdn_strbuf_printf(
        &line, "\r\033[K%zu/%zu slices (the last %s), %.0f %% of the positions",
        slices_done, slices, pdn_egdb_material_name(m, name),
        positions ? 100.0 * (double)positions_done / (double)positions : 100.0);
    if (made > 0 && spent > 0.5 && positions_done < positions) {
        pdn_strbuf_puts(&line, ", ");
        put_duration(
            spent * (double)(positions - positions_done) / (double)made, &line);
        pdn_strbuf_puts(&line, " left");
    }
    fputs(line.ptr, bv->cli->err);
    fflush(bv->cli->err);
    bv->shown = true;
    pdn_strbuf_free(&line);
    return true;
}

static int
build(const egdb_job *job)
{
    const pdn_cli *cli = job->cli;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    build_view bv = {.cli = cli};
    pdn_egdb_build_options o = {
        .variant = job->v,
        .pieces = job->pieces,
        .dir = job->dir,
        .jobs = (int)(job->jobs    ? job->jobs
                      : online > 0 ? online
                                   : 1),
        .progress = !job->quiet && cli->err_tty ? show_progress : NULL,
        .ctx = &bv};
    pdn_egdb_build_stats st;
    pdn_egdb_error err = {{0}};
    pdn_clock_start(&bv.start);
    int rc = pdn_egdb_build(&o, &st, &err);
    if (bv.shown)
        fputs("\r\033[K", cli->err);
    if (rc != 0)
        return pdn_args_stop(cli, CMD, PDN_EXIT_USAGE, "%s", err.message);
    if (!job->quiet) {
        pdn_strbuf line = PDN_STRBUF_INIT;
        pdn_strbuf_printf(&line,
                          "%s, up to %d pieces: %zu slices, %zu built"
                          " (%" PRIu64 " positions, %" PRIu64
                          " bytes), %zu there already, in ",
                          job->v->name, job->pieces, st.slices, st.built,
                          st.positions, st.bytes, st.skipped);
        put_duration(pdn_clock_since(&bv.start), &line);
        pdn_strbuf_putc(&line, '\n');
        fputs(line.ptr, cli->err);
        pdn_strbuf_free(&line);
    }
    return PDN_EXIT_OK;
}

/* ---- probe ---- */

/* Probes the FEN @text (@len bytes, from line @line of standard input,
 * or 0 for an operand) and writes its line; returns whether it could be
 * probed. */
static bool
probe_one(const egdb_job *job, pdn_egdb *db, const char *text, size_t len,
          size_t line, pdn_strbuf *out)
{
    pdn_board b;
    pdn_fen_error fe;
    char fen[PDN_FEN_MAX], why[256];
    pdn_egdb_value value = PDN_EGDB_UNKNOWN;

    if (pdn_fen_parse(job->v, text, len, &b, &fe) != 0) {
        snprintf(why, sizeof why, "bad FEN at column %u: %s", fe.column,
                 fe.message);
    } else {
        pdn_egdb_material m = pdn_egdb_material_of(&b);
        int pieces = m.wm + m.wk + m.bm + m.bk;
        value = pdn_egdb_probe(db, &b);
        if (value == PDN_EGDB_UNKNOWN && pdn_egdb_fault(db))
            snprintf(why, sizeof why, "%s", pdn_egdb_fault(db));
        else if (value == PDN_EGDB_UNKNOWN)
            snprintf(why, sizeof why,
                     "%d pieces: more than the database holds (%d)", pieces,
                     pdn_egdb_pieces(db));
    }
    pdn_strbuf_clear(out);
    if (value != PDN_EGDB_UNKNOWN) {
        pdn_fen_write(job->v, &b, fen);
        if (job->json)
            pdn_strbuf_printf(out, "{\"fen\":\"%s\",\"result\":\"%s\"}\n", fen,
                              pdn_egdb_value_name(value));
        else
            pdn_strbuf_printf(out, "%s\t%s\n", fen, pdn_egdb_value_name(value));
        fputs(out->ptr, job->cli->out);
        return true;
    }
    if (job->json) {
        pdn_strbuf_puts(out, "{\"fen\":");
        pdn_json_string(text, len, out);
        pdn_strbuf_puts(out, ",\"error\":");
        pdn_json_string(why, strlen(why), out);
        pdn_strbuf_puts(out, "}\n");
        fputs(out->ptr, job->cli->out);
    }
    if (line)
        fprintf(job->cli->err, "pdn egdb: <stdin>:%zu: %.*s: %s\n", line,
                (int)len, text, why);
    else
        fprintf(job->cli->err, "pdn egdb: %.*s: %s\n", (int)len, text, why);
    return false;
}

/* The database of the job, or NULL after saying why. */
static pdn_egdb *
open_db(const egdb_job *job)
{
    pdn_egdb_error err;
    pdn_egdb *db = pdn_egdb_open(job->v, job->dir, &err);
    if (!db)
        pdn_args_stop(job->cli, CMD, PDN_EXIT_USAGE, "%s", err.message);
    return db;
}

static int
probe(const egdb_job *job)
{
    pdn_egdb *db = open_db(job);
    if (!db)
        return PDN_EXIT_USAGE;
    pdn_strbuf out = PDN_STRBUF_INIT;
    size_t failed = 0;
    if (job->nfens) {
        for (size_t i = 0; i < job->nfens; i++)
            failed += !probe_one(job, db, job->fens[i], strlen(job->fens[i]), 0,
                                 &out);
    } else {
        char *line = NULL;
        size_t cap = 0, number = 0;
        ssize_t n;
        while ((n = getline(&line, &cap, job->cli->in)) >= 0) {
            number++;
            while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
                n--;
            if (strspn(line, " \t") >= (size_t)n)
                continue; /* a blank line */
            failed += !probe_one(job, db, line, (size_t)n, number, &out);
        }
        free(line);
    }
    pdn_strbuf_free(&out);
    pdn_egdb_close(db);
    if (fflush(job->cli->out) != 0 || ferror(job->cli->out))
        return pdn_args_stop(job->cli, CMD, PDN_EXIT_USAGE,
                             "cannot write the output");
    return failed ? PDN_EXIT_INPUT : PDN_EXIT_OK;
}

/* ---- info ---- */

static int
info(const egdb_job *job)
{
    pdn_egdb_slice_info *si;
    size_t n = pdn_egdb_list(job->v, job->dir, &si);
    pdn_strbuf out = PDN_STRBUF_INIT;
    uint64_t positions = 0, bytes = 0;
    size_t unsound = 0;
    pdn_egdb *db = pdn_egdb_open_dir(job->v, job->dir);
    int whole = pdn_egdb_pieces(db);
    pdn_egdb_close(db);

    if (n == 0) {
        free(si);
        return pdn_args_stop(job->cli, CMD, PDN_EXIT_USAGE,
                             "%s holds no %s endgame database (pdn egdb build"
                             " makes one)",
                             job->dir, job->v->adjective);
    }
    if (!job->json)
        pdn_strbuf_printf(&out, "%-12s %14s %14s %14s %14s %12s %6s\n", "slice",
                          "positions", "wins", "draws", "losses", "bytes",
                          "bits");
    for (size_t i = 0; i < n; i++) {
        char name[24];
        const pdn_egdb_slice_info *s = &si[i];
        pdn_egdb_material_name(s->material, name);
        double bits =
            s->positions ? 8.0 * (double)s->bytes / (double)s->positions : 0;
        if (job->json && s->sound)
            pdn_strbuf_printf(
                &out,
                "{\"slice\":\"%s\",\"positions\":%" PRIu64 ",\"wins\":%" PRIu64
                ",\"draws\":%" PRIu64 ",\"losses\":%" PRIu64
                ",\"bytes\":%" PRIu64 ",\"sound\":true}\n",
                name, s->positions, s->wins, s->draws, s->losses, s->bytes);
        else if (job->json)
            pdn_strbuf_printf(&out,
                              "{\"slice\":\"%s\",\"bytes\":%" PRIu64
                              ",\"sound\":false}\n",
                              name, s->bytes);
        else if (s->sound)
            pdn_strbuf_printf(&out,
                              "%-12s %14" PRIu64 " %14" PRIu64 " %14" PRIu64
                              " %14" PRIu64 " %12" PRIu64 " %6.3f\n",
                              name, s->positions, s->wins, s->draws, s->losses,
                              s->bytes, bits);
        else
            pdn_strbuf_printf(&out, "%-12s damaged: not a sound slice file\n",
                              name);
        positions += s->positions;
        bytes += s->bytes;
        unsound += !s->sound;
    }
    if (job->json) {
        pdn_strbuf_printf(&out,
                          "{\"variant\":\"%s\",\"slices\":%zu,\"damaged\":%zu,"
                          "\"whole_to\":%d,"
                          "\"positions\":%" PRIu64 ",\"bytes\":%" PRIu64 "}\n",
                          job->v->name, n, unsound, whole < 2 ? 0 : whole,
                          positions, bytes);
    } else {
        pdn_strbuf_printf(&out,
                          "%zu slices, %" PRIu64 " positions, %" PRIu64
                          " bytes (%.3f bits a position)",
                          n, positions, bytes,
                          positions ? 8.0 * (double)bytes / (double)positions
                                    : 0.0);
        if (whole >= 2)
            pdn_strbuf_printf(&out, "; every position of up to %d pieces",
                              whole);
        if (unsound)
            pdn_strbuf_printf(&out, "; %zu damaged", unsound);
        pdn_strbuf_putc(&out, '\n');
    }
    fputs(out.ptr, job->cli->out);
    pdn_strbuf_free(&out);
    free(si);
    return unsound ? PDN_EXIT_INPUT : PDN_EXIT_OK;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    egdb_job job = {.cli = cli};
    int rc = read_args(cli, argc, argv, &job);
    if (rc >= 0) {
        free(job.fens);
        return rc;
    }
    rc = job.action == ACTION_BUILD   ? build(&job)
         : job.action == ACTION_PROBE ? probe(&job)
                                      : info(&job);
    free(job.fens);
    return rc;
}

PDN_COMMAND(egdb, "endgame databases: build them, probe positions, list slices",
            "[OPTION]... ACTION [FEN]...", egdb_about, 0, egdb_more, 0,
            egdb_actions);
