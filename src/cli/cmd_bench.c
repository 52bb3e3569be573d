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
    {"depth", 'd', "D", OPT_DEPTH, "the depth of every search (default 12)",
     "1..60"},
    {"hash", 0, "MB", PDN_OPT_HASH, "transposition table size (default 16)",
     "1..65536"},
    PDN_OPTION_HELP,
};

/* The positions: each variant's start, and middle games and endings. */
static const struct {
    pdn_variant_id variant;
    const char *fen;
} positions[] = {
    {PDN_ITALIAN, "W:W21-32:B1-12"},
    {PDN_ITALIAN, "W:W17,19,21,22,23,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,"
                  "8,9,10,12,15"},
    {PDN_ITALIAN, "B:W18,20,22,24,25,27,29,30,31:B1,2,4,5,6,8,10,11,15"},
    {PDN_ITALIAN, "W:WK5,22,26,30:B9,K19,27"},
    {PDN_SPANISH, "W:W1-12:B21-32"},
    {PDN_SPANISH, "W:W2,3,5,6,9,10,13,14:BK22,24,27,28,30"},
    {PDN_ENGLISH, "B:W21-32:B1-12"},
    {PDN_ENGLISH, "B:W14,18,21,22,24,25,27,28,30,31:B1,2,4,5,6,8,9,11,12"},
};

/* pdn_own_option_fn: --depth D. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    (void)cli;
    *(int *)ctx = (int)g->n;
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

    pdn_shared_free(&s);
    if (rc >= 0)
        return rc;
    uint64_t total = 0;
    double seconds = 0;
    size_t n = sizeof positions / sizeof positions[0];
    for (size_t i = 0; i < n; i++) {
        const pdn_variant *var = pdn_variant_get(positions[i].variant);
        const pdn_draw_rule *rule = pdn_draw_rule_default(var);
        pdn_board b;
        pdn_fen_error err;
        if (pdn_fen_parse(var, positions[i].fen, strlen(positions[i].fen), &b,
                          &err) != 0) {
            fprintf(cli->err, "pdn %s: position %zu: %s\n", CMD, i + 1,
                    err.message);
            return PDN_EXIT_USAGE;
        }
        pdn_engine_options eo = {.variant = var,
                                 .hash_mb = hash_mb,
                                 .repetition = rule->repetition,
                                 .no_progress = rule->no_progress};
        pdn_engine *e = pdn_engine_new(&eo);
        if (!e) {
            fprintf(cli->err,
                    "pdn bench: no memory for a hash table of "
                    "%zu MB\n",
                    hash_mb);
            return PDN_EXIT_USAGE;
        }
        pdn_search_limits l = {.depth = depth};
        pdn_search_info info;
        pdn_engine_search(e, &b, NULL, 0, &l, NULL, NULL, &info);
        fprintf(cli->out, "%zu/%zu %-8s %-60s %12llu nodes %7.3f s\n", i + 1, n,
                var->name, positions[i].fen, (unsigned long long)info.nodes,
                info.seconds);
        total += info.nodes;
        seconds += info.seconds;
        pdn_engine_free(e);
    }
    fprintf(cli->out, "depth %d: %llu nodes in %.3f s, %.0f nodes/s\n", depth,
            (unsigned long long)total, seconds,
            seconds > 0 ? (double)total / seconds : 0);
    return PDN_EXIT_OK;
}

static const char bench_about[] =
    "Search a fixed set of positions (the start of each variant, middle"
    " games\n"
    "and endings) to a fixed depth, each from an empty table, and print the\n"
    "nodes of each and the total with the speed.  The total is a signature"
    " of\n"
    "the search: it changes only when the search or the evaluation does.\n";

static const char bench_more[] = "Example:\n"
                                 "  pdn bench\n";

PDN_COMMAND(bench, "search fixed positions: the engine's node count and speed",
            "[OPTION]...", bench_about, 18, bench_more, 0, NULL);
