/* cmd_perft.c -- pdn perft: the leaves of the legal-move tree from a
 * position, plain or as JSON, optionally divided by root move (RULES.md
 * section 7 gives the published counts).
 */
#include <inttypes.h>
#include <stdint.h>
#include <time.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/notation.h"
#include "rules/perft.h"

#define CMD "perft"

/* Deepest DEPTH accepted: far beyond what finishes, but it keeps the
 * recursion bounded. */
#define PERFT_MAX_DEPTH 30

enum { OPT_BULK = PDN_OPT_OWN, OPT_NO_BULK };

/* What to count, and how to report it. */
typedef struct perft_job {
    const pdn_variant *v;
    pdn_board board;
    int depth;
    bool divide, bulk, json;
    const char *fen_text; /* as given, or NULL */
} perft_job;

static const pdn_option perft_options[] = {
    PDN_OPTION_POSITION_VARIANT,
    PDN_OPTION_FEN("count from FEN instead of the start position"),
    PDN_OPTION_SET("divide", "first print each legal move with its own count",
                   perft_job, divide),
    PDN_OPTION_FLAG("bulk", OPT_BULK,
                    "count the last ply without playing it (default)"),
    PDN_OPTION_FLAG("no-bulk", OPT_NO_BULK,
                    "play every move, the last ply too"),
    PDN_OPTION_JSON_LINE,
    PDN_OPTION_HELP,
};

static const char perft_about[] =
    "Count the leaves of the tree of legal moves DEPTH plies deep (0 to 30).\n";

static const char perft_more[] =
    "Output: one line 'perft DEPTH: NODES nodes in SECONDS s (SPEED"
    " Mnodes/s)',\n"
    "after one line 'MOVE: NODES' per legal move with --divide.  --json"
    " prints\n"
    "one object with the keys variant, fen, depth, nodes, seconds and\n"
    "nodes_per_second, and with --divide, divide: [{move, nodes}, ...].\n"
    "\n"
    "Exit status: 0 success, 1 a move list overflowed, 2 usage error or bad"
    " FEN.\n"
    "\n"
    "Examples:\n"
    "  pdn perft 6\n"
    "  pdn perft --divide 2\n"
    "  pdn perft --variant spanish --json 5\n";

/* The result: the total, and the root moves with their counts. */
typedef struct perft_result {
    uint64_t nodes;
    double seconds;
    int nmoves;
    pdn_move moves[PDN_MAX_MOVES];
    uint64_t counts[PDN_MAX_MOVES];
} perft_result;

static double
now_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads DEPTH: a decimal number 0..PERFT_MAX_DEPTH. */
static int
read_depth(const pdn_cli *cli, const char *text, int *depth)
{
    const char *p = text;
    long value = 0;

    if (!*p)
        return pdn_args_fail(cli, CMD,
                             "DEPTH must be a non-negative integer, not ''");
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return pdn_args_fail(cli, CMD,
                                 "DEPTH must be a non-negative integer, "
                                 "not '%s'",
                                 text);
        if (value <= PERFT_MAX_DEPTH)
            value = value * 10 + (*p - '0');
    }
    if (value > PERFT_MAX_DEPTH)
        return pdn_args_fail(cli, CMD, "DEPTH %s is too deep (at most %d)",
                             text, PERFT_MAX_DEPTH);
    *depth = (int)value;
    return 0;
}

/* pdn_own_option_fn: --bulk or --no-bulk, the last one given. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    (void)cli;
    ((perft_job *)ctx)->bulk = g->id == OPT_BULK;
    return 0;
}

/* Reads the command line into @job; returns -1 to go on, else the exit
 * status (--help, or a usage error). */
static int
read_args(const pdn_cli *cli, int argc, char **argv, perft_job *job)
{
    pdn_shared s;
    int rc = pdn_command_args(cli, &pdn_perft_command, argc, argv, &s,
                              own_option, job);

    if (rc < 0 && (rc = read_depth(cli, s.operands[0], &job->depth)) == 0)
        rc = -1;
    job->v = s.variant;
    job->board = s.board;
    job->json = s.json;
    job->fen_text = s.fen;
    pdn_shared_free(&s);
    return rc;
}

/* Counts; returns 0, or -1 if a move list overflowed. */
static int
count(const perft_job *job, perft_result *r)
{
    double start = now_seconds();

    r->nmoves = 0;
    if (!job->divide || job->depth == 0) {
        r->nodes = pdn_perft(job->v, &job->board, job->depth, job->bulk);
    } else {
        r->nmoves = pdn_moves_sorted(job->v, &job->board, r->moves);
        if (r->nmoves < 0)
            return -1;
        r->nodes = 0;
        for (int i = 0; i < r->nmoves; i++) {
            pdn_board child = job->board;
            pdn_board_play(&child, &r->moves[i]);
            r->counts[i] = pdn_perft(job->v, &child, job->depth - 1, job->bulk);
            if (r->counts[i] == UINT64_MAX)
                return -1;
            r->nodes += r->counts[i];
        }
    }
    r->seconds = now_seconds() - start;
    return r->nodes == UINT64_MAX ? -1 : 0;
}

static double
speed(const perft_result *r)
{
    return r->seconds > 0 ? (double)r->nodes / r->seconds : 0.0;
}

static void
print_plain(const pdn_cli *cli, const perft_job *job, const perft_result *r)
{
    char text[PDN_MOVE_TEXT_MAX];

    for (int i = 0; i < r->nmoves; i++) {
        pdn_notation_format(job->v, &r->moves[i], r->moves, r->nmoves, text);
        fprintf(cli->out, "%s: %" PRIu64 "\n", text, r->counts[i]);
    }
    fprintf(cli->out, "perft %d: %" PRIu64 " nodes in %.3f s (%.1f Mnodes/s)\n",
            job->depth, r->nodes, r->seconds, speed(r) / 1e6);
}

static void
print_json(const pdn_cli *cli, const perft_job *job, const perft_result *r)
{
    char fen[PDN_FEN_MAX], text[PDN_MOVE_TEXT_MAX];

    pdn_fen_write(job->v, &job->board, fen);
    fprintf(cli->out,
            "{\"variant\":\"%s\",\"fen\":\"%s\",\"depth\":%d,"
            "\"nodes\":%" PRIu64 ",\"seconds\":%.6f,"
            "\"nodes_per_second\":%.0f",
            job->v->name, fen, job->depth, r->nodes, r->seconds, speed(r));
    if (job->divide) {
        fputs(",\"divide\":[", cli->out);
        for (int i = 0; i < r->nmoves; i++) {
            pdn_notation_format(job->v, &r->moves[i], r->moves, r->nmoves,
                                text);
            fprintf(cli->out, "%s{\"move\":\"%s\",\"nodes\":%" PRIu64 "}",
                    i ? "," : "", text, r->counts[i]);
        }
        fputc(']', cli->out);
    }
    fputs("}\n", cli->out);
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    perft_job job = {.v = pdn_variant_default(), .bulk = true};
    perft_result r;
    int rc = read_args(cli, argc, argv, &job);

    if (rc >= 0)
        return rc;
    if (count(&job, &r) < 0) {
        return pdn_args_stop(cli, CMD, PDN_EXIT_INPUT,
                             "a position has more than %d legal moves",
                             PDN_MAX_MOVES);
    }
    if (job.json)
        print_json(cli, &job, &r);
    else
        print_plain(cli, &job, &r);
    return PDN_EXIT_OK;
}

PDN_COMMAND(perft, "count the leaves of the legal-move tree from a position",
            "[OPTION]... DEPTH", perft_about, 0, perft_more,
            PDN_COMMAND_POSITION, NULL);
