/* cmd_dedup.c -- pdn dedup: the copies of the same game across FILE...,
 * reported, or left out of the games written.
 *
 * The files are read more than once (archive/dedup.h finds the copies
 * from what is kept of each game between readings):
 *
 *   1. hash: every game's record;
 *   2. with --contained, the starts of each game's main line;
 *   3. verify: the keys compared for the games that may be copies;
 *   4. with --drop, the games written, the copies left out.
 *
 * Standard input is read once, into a temporary file, and read from
 * there each time.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "archive/dedup.h"
#include "base/spill.h"
#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "write/canonical.h"
#include "write/games_out.h"

#define CMD "dedup"

typedef struct dedup_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    pdn_dedup_options o;
    bool contained, report, drop, json;
    bool spooled; /* standard input is a temporary file, read again */
    pdn_dedup *dedup;
    uint64_t at; /* the game being written (write_pass()) */
    pdn_canonical *canon;
    pdn_games_out sink;
    pdn_strbuf buf;
    uint64_t lost;
} dedup_job;

static const pdn_option dedup_options[] = {
    PDN_OPTION_INTO("by", 0, "KEY",
                    "moves (the default): the same start and main-line\n"
                    "moves; final: the same final position",
                    "moves final", dedup_job, o.by_final),
    PDN_OPTION_SET("contained",
                   "also a game whose main line is the start of a\n"
                   "longer one's (a copy cut short)",
                   dedup_job, contained),
    PDN_OPTION_SET("report", "list each group of copies, and which is kept",
                   dedup_job, report),
    PDN_OPTION_SET("drop", "write the games with the copies left out",
                   dedup_job, drop),
    PDN_OPTION_INTO("keep", 0, "WHICH",
                    "first (the default) or richest: the copy with the\n"
                    "most tags, comments, variations and NAGs",
                    "first richest", dedup_job, o.richest),
    PDN_OPTION_INTO(
        "format", 0, "FORMAT",
        "--report: text (the default) or json, a JSON\nobject a group",
        "text json", dedup_job, json),
    PDN_OPTION_GAMES_VARIANT,
    PDN_OPTIONS_ARCHIVE("read and replay on N threads (default 1)",
                        "only games I, I+N, I+2N... of all read"),
};

static const char dedup_about[] =
    "Find the copies of the same game across every FILE (standard input when\n"
    "none, or '-'): with --report list each group of copies and the copy\n"
    "kept, with --drop write the games (each as it was read, byte for byte)\n"
    "with the other copies left out.  Two games are copies when they have\n"
    "the same variant, start position and main-line moves, whatever their\n"
    "tags, comments, variations, move numbers and notation.\n";

static const char dedup_more[] =
    "The copy kept is the first one read, or with --keep richest the one\n"
    "with the most tags, comments, variations and NAGs; with --contained, a\n"
    "game cut short is a copy of the first longer game it starts (of 10\n"
    "plies or more), and the longer one is kept.  Matching is exact: a hash\n"
    "finds the candidates, and their moves are compared.  A game with a\n"
    "reading error, or whose main line cannot be replayed whole, is no copy\n"
    "of any: it is reported as pdn parse reports it, and written.\n"
    "\n"
    "Exit status: 0 success, 1 a game with a reading error, 2 usage error\n"
    "or a FILE that cannot be read.\n"
    "\n"
    "Examples:\n"
    "  pdn dedup --report bulletin1.pdn bulletin2.pdn\n"
    "  pdn dedup --drop --contained --keep richest *.pdn > archive.pdn\n";

/* ---- The passes ---- */

/* pdn_read_work.work: what the pass needs of @g, in @out.  Reads @job
 * and nothing else: threads call it at once. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    const dedup_job *job = ctx;

    (void)cli, (void)d;
    pdn_dedup_work(job->dedup, g, out);
    return 0;
}

/* pdn_read_work.done: what work_game() made of a game, in file order. */
static void
done_game(const pdn_cli *cli, long value, const char *file,
          const pdn_strbuf *out, void *ctx)
{
    dedup_job *job = ctx;

    (void)cli, (void)value;
    pdn_dedup_done(job->dedup, file, out);
}

/* pdn_game_fn of the last pass: @g written unless it is a copy (or, with
 * --shard, another shard's). */
static void
write_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    dedup_job *job = ctx;

    (void)d;
    if (!pdn_shard_next(&job->shard))
        return;
    if (pdn_dedup_is_copy(job->dedup, job->at++))
        return;
    if (!pdn_games_out_as_read(&job->sink, job->canon, g, &job->buf)) {
        job->lost++;
        pdn_command_lost_game(cli, CMD, g);
    }
}

/* ---- Arguments and the run ---- */

/* Starts a reading of every FILE from the start: false when standard
 * input cannot be read again. */
static bool
rewind_files(const pdn_cli *cli, dedup_job *job)
{
    job->at = 0;
    job->shard.seen = 0;
    return !job->spooled || fseek(cli->in, 0, SEEK_SET) == 0;
}

/* Reads the games of every FILE for pass @p on --jobs threads, reporting
 * what is wrong with them the first time only. */
static int
read_pass(const pdn_cli *cli, const pdn_shared *s, dedup_job *job,
          pdn_dedup_pass p)
{
    pdn_shared once = *s;
    pdn_read_job rj;
    pdn_read_work work = {
        .pick = pdn_shard_pick, .work = work_game, .done = done_game};

    once.quiet = s->quiet || p != PDN_DEDUP_HASH;
    if (!rewind_files(cli, job))
        return PDN_EXIT_USAGE;
    pdn_dedup_begin(job->dedup, p);
    return pdn_shared_read_work(cli, &once, CMD, false, &work, job, &rj);
}

/* The last pass, with --drop: the games of every FILE read again keeping
 * their text (one thread), and written but the copies. */
static int
write_pass(const pdn_cli *cli, const pdn_shared *s, dedup_job *job)
{
    pdn_shared once = *s;
    pdn_read_job rj;
    pdn_canonical_options co = {.variant = job->o.variant,
                                .unplayed = job->o.unplayed};

    once.quiet = true;
    job->canon = pdn_canonical_new(&co);
    job->sink.out = cli->out;
    if (!rewind_files(cli, job))
        return PDN_EXIT_USAGE;
    int rc = pdn_shared_read(cli, &once, CMD, true, write_game, job, &rj);
    pdn_games_out_flush(&job->sink);
    return rc;
}

/* Whether the operands read standard input. */
static bool
reads_stdin(const pdn_shared *s)
{
    if (!s->noperands)
        return true;
    for (size_t i = 0; i < s->noperands; i++)
        if (strcmp(s->operands[i], "-") == 0)
            return true;
    return false;
}

/* The passes, on @cli (whose standard input is a file read again). */
static int
dedup_files(const pdn_cli *cli, const pdn_shared *s, dedup_job *job)
{
    int rc = read_pass(cli, s, job, PDN_DEDUP_HASH);
    if (rc == PDN_EXIT_USAGE)
        return rc;
    if (job->contained && !job->o.by_final &&
        read_pass(cli, s, job, PDN_DEDUP_STARTS) == PDN_EXIT_USAGE)
        return PDN_EXIT_USAGE;
    if (read_pass(cli, s, job, PDN_DEDUP_VERIFY) == PDN_EXIT_USAGE)
        return PDN_EXIT_USAGE;
    pdn_dedup_find_groups(job->dedup);
    if (job->report) {
        pdn_strbuf out = PDN_STRBUF_INIT;
        pdn_dedup_report(job->dedup, job->json, &out);
        if (out.len)
            fwrite(out.ptr, 1, out.len, cli->out);
        pdn_strbuf_free(&out);
    } else if (write_pass(cli, s, job) == PDN_EXIT_USAGE || job->lost) {
        return PDN_EXIT_USAGE;
    }
    if (!s->quiet) {
        pdn_dedup_counts c = pdn_dedup_count(job->dedup);
        fprintf(cli->err, "pdn %s: %zu game%s", CMD, c.games,
                pdn_args_plural(c.games));
        if (c.apart)
            fprintf(cli->err,
                    " (%llu not compared: not read or replayed whole)",
                    (unsigned long long)c.apart);
        fprintf(cli->err,
                ", %llu group%s of copies: %llu cop%s%s (%llu cut short)\n",
                (unsigned long long)c.groups, pdn_args_plural(c.groups),
                (unsigned long long)c.copies, c.copies == 1 ? "y" : "ies",
                job->report ? "" : " left out", (unsigned long long)c.cut);
    }
    return rc;
}

static void
job_free(dedup_job *job)
{
    pdn_dedup_free(job->dedup);
    pdn_strbuf_free(&job->buf);
    pdn_canonical_free(job->canon);
    pdn_games_out_free(&job->sink);
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    dedup_job job = {.buf = PDN_STRBUF_INIT, .sink = PDN_GAMES_OUT_INIT};
    pdn_shared s;
    int rc =
        pdn_command_args(cli, &pdn_dedup_command, argc, argv, &s, NULL, &job);

    if (rc < 0 && job.report == job.drop)
        rc = pdn_args_fail(cli, CMD, "give one of '--report' and '--drop'");
    if (rc < 0 && job.json && job.drop)
        rc = pdn_args_fail(cli, CMD, "'--format json' goes with --report");
    if (rc < 0 && job.contained && job.o.by_final)
        rc = pdn_args_fail(cli, CMD, "'--contained' goes with --by moves");
    job.o.variant = s.variant ? s.variant : pdn_variant_default();
    job.o.unplayed = s.unplayed;
    job.shard.args = &s;
    job.dedup = pdn_dedup_new(&job.o);
    if (rc < 0 && reads_stdin(&s)) {
        /* Standard input, read once into a file to read again. */
        pdn_cli here = *cli;
        here.in = pdn_spill_new();
        char block[65536];
        size_t n;
        bool copied = here.in != NULL;
        while (copied && (n = fread(block, 1, sizeof block, cli->in)) > 0)
            copied = fwrite(block, 1, n, here.in) == n;
        if (!copied || ferror(cli->in) || fflush(here.in) != 0) {
            rc = pdn_args_fail(cli, CMD,
                               "cannot keep standard input in a temporary "
                               "file");
        } else {
            job.spooled = true;
            rc = dedup_files(&here, &s, &job);
        }
        if (here.in)
            fclose(here.in);
    } else if (rc < 0) {
        rc = dedup_files(cli, &s, &job);
    }
    job_free(&job);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(dedup, "find the copies of the same game across files",
            "(--report|--drop) [OPTION]... [FILE]...", dedup_about, 0,
            dedup_more, PDN_COMMAND_GAMES, "@file");
