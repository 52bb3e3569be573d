/* cmd_bench.c -- pdn bench: the engine searches a fixed set of positions
 * to a fixed depth, each from an empty table; the total node count is a
 * signature of the search (it changes only when the search or the
 * evaluation does), printed with the speed.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "engine/search.h"
#include "replay/draw.h"
#include "rules/fen.h"

#define CMD "bench"

enum { OPT_DEPTH = PDN_OPT_OWN };

static const pdn_option bench_options[] = {
    PDN_OPTION("depth", 'd', "D", OPT_DEPTH,
               "the depth of every search (default 12)", "1..60"),
    PDN_OPTION_HASH("transposition table size (default 16)"),
    PDN_OPTION_HELP,
};

static const char bench_about[] =
    "Search a fixed set of positions (the start of each variant, middle"
    " games\n"
    "and endings) to a fixed depth, each from an empty table, and print the\n"
    "nodes of each and the total with the speed.  The total is a signature"
    " of\n"
    "the search: it changes only when the search or the evaluation does.\n";

/* pdn_own_option_fn: --depth D. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    (void)cli;
    *(int *)ctx = (int)g->n;
    return 0;
}

/* The FEN of position @i of bench: each variant's start, then its
 * samples (variant_rows.h), in the order of the variants; NULL past the
 * last.  *@var gets its variant. */
static const char *
position(size_t i, const pdn_variant **var)
{
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        size_t n = 1;
        while (v->samples[n - 1])
            n++;
        if (i < n) {
            *var = v;
            return i == 0 ? v->start_fen : v->samples[i - 1];
        }
        i -= n;
    }
    return NULL;
}

/* Searches position @i of @n to @depth from an empty table of @hash_mb,
 * prints its line, and adds its nodes and time to @sum.  Returns 0, or
 * the exit status of a failure it printed. */
static int
search_one(const pdn_cli *cli, size_t i, size_t n, int depth, size_t hash_mb,
           pdn_search_info *sum)
{
    const pdn_variant *var = NULL;
    const char *fen = position(i, &var);
    const pdn_draw_rule *rule = pdn_draw_rule_default(var);
    pdn_board b;
    pdn_fen_error err;

    if (pdn_fen_parse(var, fen, strlen(fen), &b, &err) != 0) {
        fprintf(cli->err, "pdn %s: position %zu: %s\n", CMD, i + 1,
                err.message);
        return PDN_EXIT_USAGE;
    }
    pdn_engine_options eo = {.variant = var,
                             .hash_mb = hash_mb,
                             .repetition = pdn_draw_repetition(rule),
                             .no_progress = rule->no_progress};
    pdn_engine *e = pdn_engine_new(&eo);
    if (!e)
        return pdn_args_stop(cli, CMD, PDN_EXIT_USAGE,
                             "no memory for a hash table of %zu MB", hash_mb);
    pdn_search_limits l = {.depth = depth};
    pdn_search_info info;
    pdn_engine_search(e, &b, NULL, 0, &l, NULL, NULL, &info);
    fprintf(cli->out, "%zu/%zu %-8s %-60s %12llu nodes %7.3f s\n", i + 1, n,
            var->name, fen, (unsigned long long)info.nodes, info.seconds);
    sum->nodes += info.nodes;
    sum->seconds += info.seconds;
    pdn_engine_free(e);
    return 0;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    pdn_shared s;
    int depth = 12;
    int rc = pdn_command_args(cli, &pdn_bench_command, argc, argv, &s,
                              own_option, &depth);
    size_t hash_mb = s.hash_mb ? s.hash_mb : PDN_ENGINE_HASH_MB;
    const pdn_variant *var = NULL;
    pdn_search_info sum = {0};
    size_t n = 0;

    pdn_shared_free(&s);
    if (rc >= 0)
        return rc;
    while (position(n, &var))
        n++;
    for (size_t i = 0; i < n; i++)
        if ((rc = search_one(cli, i, n, depth, hash_mb, &sum)) != 0)
            return rc;
    fprintf(cli->out, "depth %d: %llu nodes in %.3f s, %.0f nodes/s\n", depth,
            (unsigned long long)sum.nodes, sum.seconds,
            sum.seconds > 0 ? (double)sum.nodes / sum.seconds : 0);
    return PDN_EXIT_OK;
}

static const char bench_more[] = "Example:\n"
                                 "  pdn bench\n";

PDN_COMMAND(bench, "search fixed positions: the engine's node count and speed",
            "[OPTION]...", bench_about, 18, bench_more, 0, NULL);
