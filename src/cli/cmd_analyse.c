/* cmd_analyse.c -- pdn analyse: the engine (engine/search.h) on one
 * position: a line per depth completed (depth, score, nodes, nodes per
 * second, time, principal variation), or with --json the final result;
 * the best K moves with --multipv, one given move's score with --move.
 */
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "engine/search.h"
#include "engine/solver.h"
#include "replay/draw.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "write/json_out.h"

#define CMD "analyse"

enum {
    OPT_HELP = 1,
    OPT_VARIANT,
    OPT_DEPTH,
    OPT_TIME,
    OPT_NODES,
    OPT_MULTIPV,
    OPT_MOVE,
    OPT_JSON,
    OPT_HASH,
    OPT_DRAW_RULE,
    OPT_SOLVER
};

static const pdn_option analyse_options[] = {
    {"help", 'h', false, OPT_HELP},
    {"variant", 'v', true, OPT_VARIANT},
    {"depth", 'd', true, OPT_DEPTH},
    {"time", 't', true, OPT_TIME},
    {"nodes", 'n', true, OPT_NODES},
    {"multipv", 'm', true, OPT_MULTIPV},
    {"move", 0, true, OPT_MOVE},
    {"json", 0, false, OPT_JSON},
    {"hash", 0, true, OPT_HASH},
    {"draw-rule", 0, true, OPT_DRAW_RULE},
    {"solver", 0, true, OPT_SOLVER},
};

typedef struct analyse_job {
    const pdn_variant *v;
    pdn_board board;
    const char *fen;
    const char *move_text;
    pdn_move move;       /* --move, resolved */
    pdn_search_limits limits;
    size_t hash_mb;
    int solver;          /* --solver: pieces, or 0 */
    const pdn_draw_rule *rule;
    bool json;
    const pdn_cli *cli;
} analyse_job;

/* ---- Writing ---- */

/* The moves of @pv from @b, in PDN, each on the position it is played
 * in (the full path only when another move shares from and to). */
static void
put_pv(const analyse_job *job, const pdn_move *pv, int n, bool json,
       pdn_strbuf *out)
{
    pdn_board b = job->board;
    for (int i = 0; i < n; i++) {
        pdn_move legal[PDN_MAX_MOVES];
        char text[PDN_MOVE_TEXT_MAX];
        int count = pdn_movegen_legal(job->v, &b, legal);
        pdn_notation_format(job->v, &pv[i], legal, count < 0 ? 0 : count,
                            text);
        if (json)
            pdn_strbuf_printf(out, "%s\"%s\"", i ? "," : "", text);
        else
            pdn_strbuf_printf(out, "%s%s", i ? " " : "", text);
        pdn_board_play(&b, &pv[i]);
    }
}

/* "+12", "-240", "win in 7", "loss in 4" (plies). */
static void
put_score(int score, pdn_strbuf *out)
{
    if (score > PDN_SCORE_WON)
        pdn_strbuf_printf(out, "win in %d", PDN_SCORE_WIN - score);
    else if (score < -PDN_SCORE_WON)
        pdn_strbuf_printf(out, "loss in %d", PDN_SCORE_WIN + score);
    else
        pdn_strbuf_printf(out, "%+d", score);
}

static void
report(void *ctx, const pdn_search_info *info)
{
    analyse_job *job = ctx;
    pdn_strbuf s = PDN_STRBUF_INIT, score = PDN_STRBUF_INIT;
    double nps = info->seconds > 0 ? (double)info->nodes / info->seconds : 0;
    if (job->json)
        return;
    for (int i = 0; i < info->nlines; i++) {
        const pdn_search_line *l = &info->lines[i];
        pdn_strbuf_clear(&s);
        pdn_strbuf_clear(&score);
        put_score(l->score, &score);
        pdn_strbuf_printf(&s, "depth %2d", info->depth);
        if (info->nlines > 1)
            pdn_strbuf_printf(&s, "  line %d", i + 1);
        pdn_strbuf_printf(&s, "  score %9s  nodes %11llu  nps %8.0f  "
                              "time %.3f s  pv ",
                          score.ptr, (unsigned long long)info->nodes, nps,
                          info->seconds);
        put_pv(job, l->pv, l->npv, false, &s);
        pdn_strbuf_putc(&s, '\n');
        fputs(s.ptr, job->cli->out);
    }
    fflush(job->cli->out);
    pdn_strbuf_free(&s);
    pdn_strbuf_free(&score);
}

static void
print_json(const analyse_job *job, const pdn_search_info *info)
{
    pdn_strbuf s = PDN_STRBUF_INIT;

    pdn_strbuf_puts(&s, "{\"best\":");
    if (info->nlines)
        put_pv(job, info->lines[0].pv, 1, true, &s);
    else
        pdn_strbuf_puts(&s, "null");
    pdn_strbuf_printf(&s, ",\"score\":%d,\"depth\":%d,\"nodes\":%llu,"
                          "\"seconds\":%.3f,\"pv\":[",
                      info->nlines ? info->lines[0].score
                                   : -PDN_SCORE_WIN,
                      info->depth, (unsigned long long)info->nodes,
                      info->seconds);
    if (info->nlines)
        put_pv(job, info->lines[0].pv, info->lines[0].npv, true, &s);
    pdn_strbuf_puts(&s, "],\"lines\":[");
    for (int i = 0; i < info->nlines; i++) {
        const pdn_search_line *l = &info->lines[i];
        pdn_strbuf_puts(&s, i ? ",{\"move\":" : "{\"move\":");
        put_pv(job, l->pv, 1, true, &s);
        pdn_strbuf_printf(&s, ",\"score\":%d,\"pv\":[", l->score);
        put_pv(job, l->pv, l->npv, true, &s);
        pdn_strbuf_puts(&s, "]}");
    }
    pdn_strbuf_puts(&s, "]}\n");
    fputs(s.ptr, job->cli->out);
    pdn_strbuf_free(&s);
}

/* ---- Arguments ---- */

/* --move: the legal move the text names, exactly one. */
static int
read_move(const pdn_cli *cli, analyse_job *job)
{
    pdn_written_move w;
    size_t at;
    char msg[128];
    if (pdn_notation_parse(job->v, job->move_text, strlen(job->move_text),
                           &w, &at, msg, sizeof msg) < 0)
        return pdn_args_fail(cli, CMD, "bad --move '%s': %s",
                             job->move_text, msg);
    pdn_move legal[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(job->v, &job->board, legal), k = 0;
    for (int i = 0; i < n; i++)
        if (pdn_notation_matches(job->v, &legal[i], &w)) {
            job->move = legal[i];
            k++;
        }
    if (k == 0)
        return pdn_args_fail(cli, CMD, "--move %s is not a legal move here "
                             "(pdn moves FEN MOVE says why)",
                             job->move_text);
    if (k > 1)
        return pdn_args_fail(cli, CMD, "--move %s names more than one legal "
                             "move: write its whole path", job->move_text);
    job->limits.only = &job->move;
    return 0;
}

static int
read_args(const pdn_cli *cli, int argc, char **argv, analyse_job *job)
{
    pdn_args a;
    const char *variant = NULL;
    int opt, rc;
    unsigned long long v = 0;

    pdn_args_init(&a, argc, argv, analyse_options,
                  sizeof analyse_options / sizeof analyse_options[0]);
    while ((opt = pdn_args_next(&a)) != PDN_ARGS_END) {
        switch (opt) {
        case PDN_ARGS_ERROR:
            return pdn_args_fail(cli, CMD, "%s", a.error);
        case PDN_ARGS_OPERAND:
            if (job->fen)
                return pdn_args_fail(cli, CMD, "unexpected argument '%s'",
                                     a.value);
            job->fen = a.value;
            break;
        case OPT_HELP:
            fputs(pdn_help_text(CMD), cli->out);
            return PDN_EXIT_OK;
        case OPT_VARIANT:
            variant = a.value;
            break;
        case OPT_DEPTH:
            if (pdn_args_number(cli, CMD, "depth", a.value, 1,
                                PDN_MAX_PLY - 2, NULL, &v))
                return PDN_EXIT_USAGE;
            job->limits.depth = (int)v;
            break;
        case OPT_TIME:
            if (pdn_args_number(cli, CMD, "time", a.value, 1, 86400000ull, NULL,
                                &v))
                return PDN_EXIT_USAGE;
            job->limits.time_ms = v;
            break;
        case OPT_NODES:
            if (pdn_args_number(cli, CMD, "nodes", a.value, 1, 1ull << 50, NULL,
                                &v))
                return PDN_EXIT_USAGE;
            job->limits.nodes = v;
            break;
        case OPT_MULTIPV:
            if (pdn_args_number(cli, CMD, "multipv", a.value, 1,
                                PDN_MAX_MULTIPV, NULL, &v))
                return PDN_EXIT_USAGE;
            job->limits.multipv = (int)v;
            break;
        case OPT_HASH:
            if (pdn_args_number(cli, CMD, "hash", a.value, 1, 65536, NULL,
                                &v))
                return PDN_EXIT_USAGE;
            job->hash_mb = (size_t)v;
            break;
        case OPT_SOLVER:
            if (pdn_args_number(cli, CMD, "solver", a.value, 2,
                                PDN_SOLVER_MAX_PIECES, NULL, &v))
                return PDN_EXIT_USAGE;
            job->solver = (int)v;
            break;
        case OPT_MOVE:
            job->move_text = a.value;
            break;
        case OPT_JSON:
            job->json = true;
            break;
        case OPT_DRAW_RULE:
            job->rule = pdn_draw_rule_by_name(a.value);
            if (!job->rule)
                return pdn_args_fail(cli, CMD, "bad --draw-rule '%s': "
                                     "expected one of %s", a.value,
                                     pdn_draw_rule_names());
            break;
        }
    }
    if (!job->fen)
        return pdn_args_fail(cli, CMD, "missing FEN");
    if (variant && (rc = pdn_args_variant(cli, CMD, variant, &job->v)) != 0)
        return rc;
    if (pdn_args_board(cli, CMD, job->v, job->fen, &job->board) != 0)
        return PDN_EXIT_USAGE;
    if (job->move_text && read_move(cli, job) != 0)
        return PDN_EXIT_USAGE;
    if (!job->limits.depth && !job->limits.nodes && !job->limits.time_ms)
        job->limits.time_ms = 1000;
    return -1;
}

int
pdn_cmd_analyse(const pdn_cli *cli, int argc, char **argv)
{
    analyse_job job = {.v = pdn_variant_default(), .cli = cli};
    int rc = read_args(cli, argc, argv, &job);
    if (rc >= 0)
        return rc;
    if (!job.rule)
        job.rule = pdn_draw_rule_default(job.v);
    pdn_engine_options eo = {.variant = job.v,
                             .hash_mb = job.hash_mb,
                             .repetition = job.rule->repetition,
                             .no_progress = job.rule->no_progress};
    pdn_engine *e = pdn_engine_new(&eo);
    if (!e) {
        char message[80];
        snprintf(message, sizeof message,
                 "no memory for a hash table of %zu MB", job.hash_mb);
        fprintf(cli->err, "pdn analyse: %s\n", message);
        pdn_args_json_error(cli, NULL, 0, message);
        return PDN_EXIT_USAGE;
    }
    pdn_solver *solver = job.solver ? pdn_solver_new(job.v, job.solver)
                                    : NULL;
    pdn_engine_use_solver(e, solver, job.solver);
    pdn_search_info info;
    int n = pdn_engine_search(e, &job.board, NULL, 0, &job.limits, report,
                              &job, &info);
    if (job.json) {
        print_json(&job, &info);
    } else if (n == 0) {
        fprintf(cli->out, "no legal move: %s has lost\n",
                job.board.side == PDN_WHITE ? "White" : "Black");
    }
    pdn_engine_free(e);
    pdn_solver_free(solver);
    return PDN_EXIT_OK;
}
