/* cmd_stats.c -- pdn stats: what an archive holds, counted by player,
 * event, opening or result (archive/stats.h): the options, and the
 * reading of the FILEs on threads, each game's facts made by any thread
 * and counted in file order.
 */
#include <stdio.h>
#include <stdlib.h>

#include "archive/stats.h"
#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/commands.h"

#define CMD "stats"

typedef struct stats_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    int by, format;         /* pdn_stats_by, pdn_stats_format */
    int plies;              /* --opening-plies */
    const pdn_variant *variant;
    int unplayed;
    pdn_stats *stats;
} stats_job;

static const pdn_option stats_options[] = {
    PDN_OPTION_INTO("by", 0, "WHAT",
                    "player (the default), event (a crosstable),\n"
                    "opening or result",
                    "player event opening result", stats_job, by),
    PDN_OPTION_INTO("opening-plies", 0, "N",
                    "--by opening: the first N plies (default 6)", "1..40",
                    stats_job, plies),
    PDN_OPTION_INTO("format", 0, "FORMAT",
                    "text (the default), json (JSON Lines: a row an\n"
                    "object) or html (one page)",
                    "text json html", stats_job, format),
    PDN_OPTION_GAMES_VARIANT,
    PDN_OPTIONS_ARCHIVE("read and replay on N threads (default 1)",
                        "count only games I, I+N, I+2N... of all read"),
};

static const char stats_about[] =
    "Count what the games of each FILE (standard input when none, or '-')\n"
    "hold: by player, the games, wins, draws, losses and score, as White\n"
    "and as Black; by event, a crosstable; by opening, the first plies and\n"
    "how each side scored; by result, the share of each.  Then the average\n"
    "and median length, and how many games have errors.\n";

static const char stats_more[] =
    "A result 1-0 is a win of the first mover (Black in English checkers);\n"
    "a game with no result, or *, counts among the games and not in the\n"
    "score, which is the wins and half the draws of the games decided or\n"
    "drawn.  A missing White, Black or Event tag counts as '?'.\n"
    "\n"
    "Exit status: 0 success, 1 a game with a reading error, 2 usage error\n"
    "or a FILE that cannot be read.\n"
    "\n"
    "Examples:\n"
    "  pdn stats archive.pdn\n"
    "  pdn stats --by event --format html club.pdn > club.html\n"
    "  pdn stats --by opening --opening-plies 4 --format json archive.pdn\n";

/* pdn_read_work.work: @g's facts in @out.  Reads @job and nothing
 * else: threads call it at once. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    const stats_job *job = ctx;

    (void)cli, (void)d;
    pdn_stats_facts(job->stats, g, job->variant, job->unplayed, out);
    return 0;
}

/* pdn_read_work.done: a game counted, in file order. */
static void
count_game(const pdn_cli *cli, long value, const char *file,
           const pdn_strbuf *out, void *ctx)
{
    (void)cli, (void)value, (void)file;
    pdn_stats_add(((stats_job *)ctx)->stats, out->ptr);
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    stats_job job = {.plies = 6};
    pdn_shared s;
    pdn_read_job rj;
    pdn_read_work work = {
        .pick = pdn_shard_pick, .work = work_game, .done = count_game};
    int rc =
        pdn_command_args(cli, &pdn_stats_command, argc, argv, &s, NULL, &job);

    job.variant = s.variant ? s.variant : pdn_variant_default();
    job.unplayed = s.unplayed;
    if (rc < 0) {
        job.shard.args = &s;
        job.stats = pdn_stats_new((pdn_stats_by)job.by, job.plies);
        rc = pdn_shared_read_work(cli, &s, CMD, false, &work, &job, &rj);
        if (rc != PDN_EXIT_USAGE) {
            pdn_strbuf out = PDN_STRBUF_INIT;
            pdn_stats_write(job.stats, (pdn_stats_format)job.format, &out);
            fwrite(out.ptr, 1, out.len, cli->out);
            pdn_strbuf_free(&out);
        }
        pdn_stats_free(job.stats);
    }
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(stats, "count by player, event, opening or result",
            "[OPTION]... [FILE]...", stats_about, 0, stats_more,
            PDN_COMMAND_GAMES, "@file");
