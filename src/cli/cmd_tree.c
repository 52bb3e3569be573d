/* cmd_tree.c -- pdn tree: the opening tree of the games, from a position
 * (the start by default) some plies deep: for each position, each move
 * played from it, by how many games, and how they ended; a position
 * reached by two move orders is one node (transpositions merged).
 *
 * One reading: each game's path on the tree (archive/tree.h) is found on
 * the reading threads, and added to the tree in file order.
 */
#include <stdint.h>
#include <stdio.h>

#include "archive/tree.h"
#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/commands.h"

#define CMD "tree"

typedef struct tree_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    int depth, format;      /* format: a pdn_tree_format */
    uint64_t min_games;
    const char *from; /* --from */
    pdn_tree *tree;
} tree_job;

_Static_assert(PDN_TREE_DEPTH_MAX == 40, "--depth is 1..40");

static const pdn_option tree_options[] = {
    PDN_OPTION_INTO("from", 0, "FEN",
                    "the position the tree starts from (default: the\n"
                    "variant's start)",
                    NULL, tree_job, from),
    PDN_OPTION_INTO("depth", 'd', "N",
                    "the plies the tree goes down (default 8)", "1..40",
                    tree_job, depth),
    PDN_OPTION_INTO("min-games", 0, "K",
                    "leave out moves played by fewer than K games\n(default 1)",
                    "1..4294967295", tree_job, min_games),
    PDN_OPTION_INTO("format", 0, "FORMAT",
                    "text (the default), json (a position a line) or\n"
                    "html (one page, opened position by position)",
                    "text json html", tree_job, format),
    PDN_OPTION_VARIANT("the variant of the tree and of games without a\n"
                       "GameType tag",
                       PDN_VARIANT_CHOICES),
    PDN_OPTIONS_ARCHIVE("read and replay on N threads (default 1)",
                        "only games I, I+N, I+2N... of all read"),
};

static const char tree_about[] =
    "The opening tree of the games of each FILE (standard input when none,\n"
    "or '-'), from a position (the start by default) N plies deep: for each\n"
    "position, each move played from it, by how many games, and how many\n"
    "White won, drew and Black won; a position reached by two move orders\n"
    "is one (transpositions merged).\n";

static const char tree_more[] =
    "A game counts from the first position of its main line that is the\n"
    "tree's, as far as its moves are legal; a game of another variant, with\n"
    "a reading error, or that never stands on it, counts in none.  The\n"
    "score after the counts is White's: wins and half the draws of the\n"
    "games decided or drawn.\n"
    "\n"
    "Exit status: 0 success, 1 a game with a reading error, 2 usage error\n"
    "or a FILE that cannot be read.\n"
    "\n"
    "Examples:\n"
    "  pdn tree --depth 6 --min-games 5 archive.pdn\n"
    "  pdn tree --format html archive.pdn > tree.html\n";

/* ---- Reading ---- */

/* pdn_read_work.work: @g replayed, its path on the tree in @out.  Reads
 * what pdn_tree_new() was given and nothing else: threads call it at
 * once. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    const tree_job *job = ctx;

    (void)cli, (void)d;
    pdn_tree_path(job->tree, g, out);
    return 0;
}

/* pdn_read_work.done: a game's path added to the tree, in file order. */
static void
add_game(const pdn_cli *cli, long value, const char *file,
         const pdn_strbuf *out, void *ctx)
{
    tree_job *job = ctx;

    (void)cli, (void)value, (void)file;
    pdn_tree_add(job->tree, out->ptr);
}

/* ---- Arguments and the run ---- */

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    tree_job job = {.depth = 8, .min_games = 1};
    pdn_shared s;
    pdn_read_job rj;
    pdn_read_work work = {
        .pick = pdn_shard_pick, .work = work_game, .done = add_game};
    int rc =
        pdn_command_args(cli, &pdn_tree_command, argc, argv, &s, NULL, &job);

    const pdn_variant *variant = s.variant ? s.variant : pdn_variant_default();
    pdn_board root = {0};
    if (rc < 0 && s.unplayed)
        rc = pdn_args_fail(cli, CMD, "the tree needs a variant pdn plays");
    if (rc < 0) {
        root = pdn_board_start(variant);
        if (job.from && pdn_args_board(cli, CMD, variant, job.from, &root) != 0)
            rc = PDN_EXIT_USAGE;
    }
    if (rc < 0) {
        job.tree = pdn_tree_new(variant, &root, job.depth);
        job.shard.args = &s;
        rc = pdn_shared_read_work(cli, &s, CMD, false, &work, &job, &rj);
        if (rc != PDN_EXIT_USAGE) {
            pdn_strbuf out = PDN_STRBUF_INIT;
            pdn_tree_write(job.tree, (pdn_tree_format)job.format, job.min_games,
                           &out);
            fwrite(out.ptr, 1, out.len, cli->out);
            pdn_strbuf_free(&out);
            pdn_tree_counts c = pdn_tree_count(job.tree);
            if (!s.quiet)
                fprintf(cli->err,
                        "pdn %s: %llu game%s, %llu from the position (%llu "
                        "never on it, %llu of another variant or not read)\n",
                        CMD, (unsigned long long)c.games,
                        pdn_args_plural(c.games),
                        (unsigned long long)c.from_root,
                        (unsigned long long)c.not_reached,
                        (unsigned long long)(c.games - c.not_reached -
                                             c.from_root));
        }
    }
    pdn_tree_free(job.tree);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(tree, "the opening tree of the games, transpositions merged",
            "[OPTION]... [FILE]...", tree_about, 0, tree_more,
            PDN_COMMAND_GAMES, "@file");
