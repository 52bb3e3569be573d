/* cmd_split.c -- pdn split: the games of FILE... written into files, N a
 * file or one file per value of a tag or per variant, each game as it was
 * read.
 *
 * Where each game goes, and the paths of the files, are archive/split.h's.
 * The games go first, as they are read, into one temporary file (removed
 * from its folder at once, so that nothing of it outlives the run), and
 * a record of a few words a game says where each one stands and which
 * file it goes to.  Once every game is read and every name is known (and
 * none names a file that exists, unless --force), the files are written
 * one after another, each atomically (cli/atomic.h): a run that fails
 * leaves no file half written, and one that is stopped leaves none of
 * its temporary files.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "archive/split.h"
#include "base/spill.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/atomic.h"
#include "cli/commands.h"
#include "write/canonical.h"
#include "write/games_out.h"

#define CMD "split"

enum { OPT_NAME = PDN_OPT_OWN };

/* A game, in the temporary file. */
typedef struct split_game {
    uint64_t offset, len; /* its text there */
    uint32_t part;        /* the file it goes to */
} split_game;

typedef struct split_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    pdn_split_options o;    /* --every, --by, --by-variant, -o, --name */
    bool force, json;
    int unplayed;
    const pdn_cli *cli;
    FILE *spill;         /* the games' text */
    pdn_games_out alone; /* a game at a time into spill */
    pdn_canonical *canon;
    pdn_strbuf buf;
    split_game *games;
    size_t ngames, capgames;
    pdn_split *split; /* the files and their games */
    int rc;           /* a failure met while reading, or -1 */
} split_job;

static const pdn_option split_options[] = {
    PDN_OPTION_INTO("every", 0, "N", "N games a file", "1..4294967295",
                    split_job, o.every),
    PDN_OPTION_INTO("by", 0, "TAG", "a file for each value of the tag TAG",
                    NULL, split_job, o.by),
    PDN_OPTION_SET("by-variant", "a file for each variant", split_job,
                   o.by_variant),
    PDN_OPTION_INTO("output", 'o', "DIR",
                    "write the files into DIR (made if missing;\ndefault: .)",
                    NULL, split_job, o.dir),
    PDN_OPTION("name", 0, "TEMPLATE", OPT_NAME,
               "the files' names: {n} their number, {variant},\n"
               "{TAG} the value of a tag (default {n}.pdn,\n"
               "{TAG}.pdn with --by, {variant}.pdn)",
               NULL),
    PDN_OPTION_SET("force", "replace files that exist", split_job, force),
    PDN_OPTION_INTO("format", 0, "FORMAT",
                    "the list of files written: text (the default) or\njson",
                    "text json", split_job, json),
    PDN_OPTION_GAMES_VARIANT,
    PDN_OPTIONS_ARCHIVE("read on N threads (default 1)",
                        "only games I, I+N, I+2N... of all read"),
};

static const char split_about[] =
    "Write the games of each FILE (standard input when none, or '-') into\n"
    "files: N games a file, a file for each value of a tag, or for each\n"
    "variant.  Each game is written as it was read, byte for byte, the\n"
    "games of a file in the order read and one blank line apart; then the\n"
    "files written are listed, with their games.\n";

static const char split_more[] =
    "A file that exists is not replaced without --force: then nothing is\n"
    "written.  Each file is written whole or not at all (atomically).  In\n"
    "a name, what a file name cannot hold ('/', '\\', control characters\n"
    "and :*?\"<>|) becomes '_', an empty value 'none', and two names alike\n"
    "get -2, -3... before their extension.\n"
    "\n"
    "Exit status: 0 success, 1 a game with a reading error, 2 usage error,\n"
    "a FILE that cannot be read, or a file that cannot be written.\n"
    "\n"
    "Examples:\n"
    "  pdn split --every 100 -o parts archive.pdn\n"
    "  pdn split --by Event --name '{Date}-{Event}.pdn' -o events *.pdn\n"
    "  pdn split --by-variant mixed.pdn\n";

/* ---- Reading ---- */

/* The part of a game placed at @key and @name, checked: none that is
 * new names a file that exists (unless --force).  -1 when one does. */
static long
checked_part(const pdn_cli *cli, split_job *job, const char *key,
             const char *name)
{
    uint32_t part = pdn_split_part_of(job->split, key, name);
    const pdn_split_part *p = pdn_split_part_at(job->split, part);
    struct stat st;
    if (p->games == 0 && !job->force && lstat(p->path, &st) == 0) {
        fprintf(cli->err,
                "pdn %s: %s exists: nothing was written (--force replaces "
                "it)\n",
                CMD, p->path);
        job->rc = PDN_EXIT_USAGE;
        return -1;
    }
    return part;
}

/* The record of a game of part @part whose text went into the temporary
 * file from @at on. */
static void
record(split_job *job, uint32_t part, off_t at)
{
    if (job->ngames == job->capgames) {
        job->capgames = job->capgames ? 2 * job->capgames : 1024;
        job->games =
            pdn_xrealloc(job->games, job->capgames * sizeof *job->games);
    }
    job->games[job->ngames++] =
        (split_game){.offset = (uint64_t)at,
                     .len = (uint64_t)(ftello(job->spill) - at),
                     .part = part};
    pdn_split_keep(job->split, part);
}

/* pdn_game_fn (one job): @g's text into the temporary file, and its
 * record. */
static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    split_job *job = ctx;
    pdn_strbuf key = PDN_STRBUF_INIT, name = PDN_STRBUF_INIT;

    (void)d;
    if (job->rc >= 0 || !pdn_shard_next(&job->shard))
        return;
    pdn_split_place(job->split, g, &key, &name);
    long part = checked_part(cli, job, key.ptr ? key.ptr : "",
                             name.ptr ? name.ptr : "");
    pdn_strbuf_free(&key);
    pdn_strbuf_free(&name);
    if (part < 0)
        return;
    off_t at = ftello(job->spill);
    pdn_games_out_reset(&job->alone);
    if (!pdn_games_out_as_read(&job->alone, job->canon, g, &job->buf)) {
        pdn_command_lost_game(cli, CMD, g);
        job->rc = PDN_EXIT_USAGE;
        return;
    }
    pdn_games_out_flush(&job->alone);
    record(job, (uint32_t)part, at);
}

/* pdn_read_work.work (--jobs): where @g goes and its text, in @out: its
 * key and name (each ended by a NUL), then its text; 0 when its text was
 * lost (then @out holds the message).  Reads @job and nothing else. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    const split_job *job = ctx;
    pdn_strbuf key = PDN_STRBUF_INIT, name = PDN_STRBUF_INIT;

    (void)cli, (void)d;
    pdn_split_place(job->split, g, &key, &name);
    pdn_strbuf_put(out, key.ptr ? key.ptr : "", key.len);
    pdn_strbuf_putc(out, '\0');
    pdn_strbuf_put(out, name.ptr ? name.ptr : "", name.len);
    pdn_strbuf_putc(out, '\0');
    pdn_strbuf_free(&key);
    pdn_strbuf_free(&name);
    if (pdn_games_out_text(job->canon, g, out))
        return 1;
    pdn_strbuf_clear(out);
    pdn_command_lost_game_text(CMD, g, out);
    return 0;
}

/* pdn_read_work.done (--jobs): a game's text into the temporary file,
 * and its record, in file order. */
static void
keep_game(const pdn_cli *cli, long value, const char *file,
          const pdn_strbuf *out, void *ctx)
{
    split_job *job = ctx;

    (void)file;
    if (job->rc >= 0)
        return;
    if (!value) {
        fwrite(out->ptr, 1, out->len, cli->err);
        job->rc = PDN_EXIT_USAGE;
        return;
    }
    const char *key = out->ptr, *name = key + strlen(key) + 1;
    const char *text = name + strlen(name) + 1;
    long part = checked_part(cli, job, key, name);
    if (part < 0)
        return;
    off_t at = ftello(job->spill);
    pdn_games_out_reset(&job->alone);
    pdn_games_out_game(&job->alone, text, out->len - (size_t)(text - out->ptr));
    pdn_games_out_flush(&job->alone);
    record(job, (uint32_t)part, at);
}

/* ---- Writing ---- */

/* Writes part @p: its games, in the order read, one blank line apart. */
static int
write_part(const pdn_cli *cli, split_job *job, uint32_t p)
{
    pdn_atomic t;
    int rc = pdn_atomic_open(cli, CMD, pdn_split_part_at(job->split, p)->path,
                             true, &t);
    if (rc != 0)
        return rc;
    pdn_games_out sink = PDN_GAMES_OUT_INIT;
    sink.out = t.out;
    bool ok = true;
    for (size_t i = 0; ok && i < job->ngames; i++) {
        const split_game *x = &job->games[i];
        if (x->part != p)
            continue;
        ok = fseeko(job->spill, (off_t)x->offset, SEEK_SET) == 0 &&
             pdn_games_out_copy(&sink, job->spill, x->len);
    }
    pdn_games_out_flush(&sink);
    pdn_games_out_free(&sink);
    if (!ok)
        fprintf(cli->err, "pdn %s: cannot read the games back: %s\n", CMD,
                strerror(errno));
    return pdn_atomic_close(cli, CMD, &t, ok, ok ? 0 : PDN_EXIT_USAGE);
}

/* The list of the files written, on standard output. */
static void
list_part(const pdn_cli *cli, const split_job *job, uint32_t p)
{
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_split_list(pdn_split_part_at(job->split, p), job->json, &out);
    fwrite(out.ptr, 1, out.len, cli->out);
    pdn_strbuf_free(&out);
}

/* Makes the folder -o names, when it is missing. */
static int
make_dir(const pdn_cli *cli, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return 0;
        return pdn_args_fail(cli, CMD, "%s: not a directory", dir);
    }
    if (errno == ENOENT && mkdir(dir, 0777) == 0)
        return 0;
    fprintf(cli->err, "pdn %s: %s: %s\n", CMD, dir, strerror(errno));
    return PDN_EXIT_USAGE;
}

/* ---- Arguments and the run ---- */

/* pdn_own_option_fn: --name, a file's name. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    if (!*g->value || strchr(g->value, '/'))
        return pdn_args_fail(cli, CMD,
                             "bad --name '%s': expected a file name "
                             "(-o names the folder)",
                             g->value);
    ((split_job *)ctx)->o.name = g->value;
    return 0;
}

static void
job_free(split_job *job)
{
    pdn_split_free(job->split);
    free(job->games);
    pdn_strbuf_free(&job->buf);
    pdn_games_out_free(&job->alone);
    pdn_canonical_free(job->canon);
    if (job->spill)
        fclose(job->spill);
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    split_job job = {.o.dir = ".",
                     .cli = cli,
                     .buf = PDN_STRBUF_INIT,
                     .alone = PDN_GAMES_OUT_INIT,
                     .rc = -1};
    pdn_shared s;
    pdn_read_job rj;
    int rc = pdn_command_args(cli, &pdn_split_command, argc, argv, &s,
                              own_option, &job);

    if (rc < 0 &&
        (job.o.every != 0) + (job.o.by != NULL) + job.o.by_variant != 1)
        rc = pdn_args_fail(cli, CMD,
                           "give one of '--every', '--by' and '--by-variant'");
    job.o.variant = s.variant ? s.variant : pdn_variant_default();
    job.unplayed = s.unplayed;
    if (rc < 0)
        rc = make_dir(cli, job.o.dir) ? PDN_EXIT_USAGE : -1;
    if (rc < 0 && !(job.spill = pdn_spill_new())) {
        fprintf(cli->err, "pdn %s: cannot make a temporary file: %s\n", CMD,
                strerror(errno));
        rc = PDN_EXIT_USAGE;
    }
    if (rc < 0) {
        pdn_canonical_options co = {.variant = job.o.variant,
                                    .unplayed = job.unplayed};
        job.canon = pdn_canonical_new(&co);
        job.split = pdn_split_new(&job.o);
        job.alone.out = job.spill;
        job.shard.args = &s;
        pdn_read_work work = {
            .pick = pdn_shard_pick, .work = work_game, .done = keep_game};
        rc = s.jobs > 1
                 ? pdn_shared_read_work(cli, &s, CMD, true, &work, &job, &rj)
                 : pdn_shared_read(cli, &s, CMD, true, each_game, &job, &rj);
        if (job.rc >= 0)
            rc = job.rc;
        if (rc != PDN_EXIT_USAGE && fflush(job.spill) != 0) {
            fprintf(cli->err, "pdn %s: cannot keep the games: %s\n", CMD,
                    strerror(errno));
            rc = PDN_EXIT_USAGE;
        }
        for (size_t p = 0;
             rc != PDN_EXIT_USAGE && p < pdn_split_count(job.split); p++) {
            int wrc = write_part(cli, &job, (uint32_t)p);
            if (wrc != 0) {
                rc = wrc;
                break;
            }
            if (!s.quiet || job.json)
                list_part(cli, &job, (uint32_t)p);
        }
    }
    job_free(&job);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(split, "write the games into files: N a file, by a tag, by variant",
            "(--every N|--by TAG|--by-variant) [OPTION]... [FILE]...",
            split_about, 0, split_more, PDN_COMMAND_GAMES, "@file");
