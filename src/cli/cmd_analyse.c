/* cmd_analyse.c -- pdn analyse: the engine (engine/search.h) on one
 * position: a line per depth completed (depth, score, nodes, nodes per
 * second, time, principal variation), or with --json the final result;
 * the best K moves with --multipv, one given move's score with --move.
 * With MOVEs after the FEN, the position after them, the ones before it
 * the game so far (its repetitions and reversible plies).
 */
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "egdb/egdb.h"
#include "cli/commands.h"
#include "engine/search.h"
#include "engine/solver.h"
#include "replay/draw.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "write/json_out.h"

#define CMD "analyse"

typedef struct analyse_job {
    const pdn_variant *v;
    pdn_board board; /* the position searched: after the MOVEs */
    pdn_board *game; /* the FEN's position and one after each MOVE */
    size_t ngame;    /* how many: the MOVEs and one */
    const char *fen;
    const char *move_text;
    pdn_move move; /* --move, resolved */
    pdn_search_limits limits;
    size_t hash_mb;
    int solver;       /* --solver: pieces, or 0 */
    const char *egdb; /* --egdb DIR, "none" (--no-egdb), or NULL */
    bool egdb_given;
    pdn_egdb *db; /* the endgame database used, or NULL */
    const pdn_draw_rule *rule;
    bool json;
    const pdn_cli *cli;
} analyse_job;

/* The ranges of --depth, --multipv and --solver are the engine's. */
_Static_assert(PDN_MAX_PLY - 2 == 126 && PDN_MAX_MULTIPV == 16 &&
                   PDN_SOLVER_MAX_PIECES == 4,
               "the ranges of analyse_options[] are the engine's limits");

static const pdn_option analyse_options[] = {
    PDN_OPTION_VARIANT("italian (default), spanish, english, or a GameType",
                       PDN_VARIANT_CHOICES),
    PDN_OPTION_INTO("depth", 'd', "D", "search to depth D (plies)", "1..126",
                    analyse_job, limits.depth),
    PDN_OPTION_INTO("time", 't', "MS",
                    "search for MS milliseconds (the default: 1000)",
                    "1..86400000", analyse_job, limits.time_ms),
    PDN_OPTION_INTO("nodes", 'n', "N", "search N nodes", "1..1125899906842624",
                    analyse_job, limits.nodes),
    PDN_OPTION_INTO("multipv", 'm', "K",
                    "the best K moves, each with its score and line", "1..16",
                    analyse_job, limits.multipv),
    PDN_OPTION_INTO("move", 0, "MOVE", "the score and line of MOVE alone", NULL,
                    analyse_job, move_text),
    PDN_OPTION_JSON("print the final result as one JSON object"),
    PDN_OPTION_HASH("transposition table size (default 16)"),
    PDN_OPTION_DRAW_RULE("standard, short, fid-2008, spanish, english,\n"
                         "luciano (default: the variant's own)"),
    PDN_OPTION_INTO("solver", 0, "N",
                    "first solve every position of up to N pieces (2-4),\n"
                    "then take their exact values in the search",
                    "2..4", analyse_job, solver),
    PDN_OPTIONS_EGDB,
    PDN_OPTION_HELP,
};

static const char analyse_about[] =
    "Search the position FEN with the engine and print, after each depth"
    " completed,\n"
    "a line: depth, score, nodes, nodes per second, time, principal"
    " variation.\n"
    "Scores are in hundredths of a man for the side to move; 'win in N' and\n"
    "'loss in N' count plies.  With MOVEs, the position searched is the one\n"
    "after them, played from FEN, and the positions before it are the game\n"
    "so far: the engine sees their repetitions and reversible plies.  When\n"
    "the limit stops a depth after a move proved better there, a last line\n"
    "'depth N (unfinished)' gives that move: it is the result.\n";

static const char analyse_more[] =
    "Exit status: 0 success, 2 usage error, bad FEN or a MOVE that is not"
    " legal.\n"
    "\n"
    "Examples:\n"
    "  pdn analyse --depth 12 W:W21-32:B1-12\n"
    "  pdn analyse --multipv 3 --json --depth 8 W:W21-32:B1-12\n"
    "  pdn analyse --move 21-17 --depth 8 W:W21-32:B1-12\n"
    "  pdn analyse --time 200 W:W21-32:B1-12 22-18 12-15\n";

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
        pdn_notation_format(job->v, &pv[i], legal, count < 0 ? 0 : count, text);
        if (json)
            pdn_strbuf_printf(out, "%s\"%s\"", i ? "," : "", text);
        else
            pdn_strbuf_printf(out, "%s%s", i ? " " : "", text);
        pdn_board_play(&b, &pv[i]);
    }
}

/* "+12", "-240", "win in 7", "loss in 4" (plies), "db win", "db loss"
 * (the endgame database's). */
static void
put_score(int score, pdn_strbuf *out)
{
    if (score > PDN_SCORE_WON)
        pdn_strbuf_printf(out, "win in %d", PDN_SCORE_WIN - score);
    else if (score < -PDN_SCORE_WON)
        pdn_strbuf_printf(out, "loss in %d", PDN_SCORE_WIN + score);
    else if (score > PDN_SCORE_EGDB_WON)
        pdn_strbuf_puts(out, "db win");
    else if (score < -PDN_SCORE_EGDB_WON)
        pdn_strbuf_puts(out, "db loss");
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
    /* After the depths completed, an unfinished one's better line alone. */
    int n = info->unfinished ? 1 : info->nlines;
    for (int i = 0; i < n; i++) {
        const pdn_search_line *l =
            info->unfinished ? &info->better : &info->lines[i];
        pdn_strbuf_clear(&s);
        pdn_strbuf_clear(&score);
        put_score(l->score, &score);
        pdn_strbuf_printf(&s, "depth %2d", info->depth + info->unfinished);
        if (info->unfinished)
            pdn_strbuf_puts(&s, " (unfinished)");
        if (info->nlines > 1)
            pdn_strbuf_printf(&s, "  line %d", i + 1);
        pdn_strbuf_printf(&s,
                          "  score %9s  nodes %11llu  nps %8.0f  "
                          "time %.3f s  pv ",
                          score.ptr, (unsigned long long)info->nodes, nps,
                          info->seconds);
        put_pv(job, l->pv, l->npv, false, &s);
        if (job->db)
            pdn_strbuf_printf(&s, "  egdb %llu",
                              (unsigned long long)info->egdb_probes);
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

    const pdn_search_line *best = info->nlines ? pdn_search_best(info) : NULL;
    pdn_strbuf_puts(&s, "{\"best\":");
    if (best)
        put_pv(job, best->pv, 1, true, &s);
    else
        pdn_strbuf_puts(&s, "null");
    pdn_strbuf_printf(&s,
                      ",\"score\":%d,\"depth\":%d,\"unfinished\":%s,"
                      "\"nodes\":%llu,\"seconds\":%.3f,\"pv\":[",
                      best ? best->score : -PDN_SCORE_WIN, info->depth,
                      info->unfinished ? "true" : "false",
                      (unsigned long long)info->nodes, info->seconds);
    if (best)
        put_pv(job, best->pv, best->npv, true, &s);
    pdn_strbuf_puts(&s, "],");
    if (job->db)
        pdn_strbuf_printf(&s, "\"egdb_probes\":%llu,",
                          (unsigned long long)info->egdb_probes);
    pdn_strbuf_puts(&s, "\"lines\":[");
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

/* The legal move of @b that @text names, exactly one, into @m; @what
 * says which move it is in a message ("--move", "move 3").  Returns 0,
 * or the exit status of the message printed. */
static int
resolve_move(const pdn_cli *cli, const pdn_variant *v, const pdn_board *b,
             const char *what, const char *text, pdn_move *m)
{
    pdn_written_move w;
    size_t at;
    char msg[128];
    if (pdn_notation_parse(v, text, strlen(text), &w, &at, msg, sizeof msg) < 0)
        return pdn_args_fail(cli, CMD, "bad %s '%s': %s", what, text, msg);
    pdn_move legal[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(v, b, legal), k = 0;
    for (int i = 0; i < n; i++)
        if (pdn_notation_matches(v, &legal[i], &w)) {
            *m = legal[i];
            k++;
        }
    if (k == 0)
        return pdn_args_fail(cli, CMD,
                             "%s %s is not a legal move here "
                             "(pdn moves FEN MOVE says why)",
                             what, text);
    if (k > 1)
        return pdn_args_fail(cli, CMD,
                             "%s %s names more than one legal "
                             "move: write its whole path",
                             what, text);
    return 0;
}

/* The MOVEs after the FEN (@moves, @n of them), played from job->board
 * into job->game, and job->board the position after them. */
static int
play_moves(const pdn_cli *cli, analyse_job *job, const char *const *moves,
           size_t n)
{
    job->ngame = n + 1;
    job->game = pdn_xcalloc(job->ngame, sizeof *job->game);
    job->game[0] = job->board;
    for (size_t i = 0; i < n; i++) {
        char what[32];
        pdn_move m;
        snprintf(what, sizeof what, "move %zu", i + 1);
        int rc = resolve_move(cli, job->v, &job->board, what, moves[i], &m);
        if (rc != 0)
            return rc;
        pdn_board_play(&job->board, &m);
        job->game[i + 1] = job->board;
    }
    return 0;
}

static int
read_args(const pdn_cli *cli, int argc, char **argv, analyse_job *job)
{
    pdn_shared s;
    int rc =
        pdn_command_args(cli, &pdn_analyse_command, argc, argv, &s, NULL, job);

    job->json = s.json;
    job->hash_mb = s.hash_mb;
    job->rule = s.draw_rule ? pdn_draw_rule_by_name(s.draw_rule) : NULL;
    job->fen = s.noperands ? s.operands[0] : NULL;
    job->egdb = s.no_egdb ? "none" : s.egdb;
    job->egdb_given = s.egdb != NULL;
    job->v = s.variant;
    job->board = s.board;
    if (rc < 0 && s.noperands > 1 &&
        play_moves(cli, job, s.operands + 1, s.noperands - 1) != 0)
        rc = PDN_EXIT_USAGE;
    pdn_shared_free(&s);
    if (rc < 0 && job->move_text &&
        resolve_move(cli, job->v, &job->board, "--move", job->move_text,
                     &job->move) != 0)
        rc = PDN_EXIT_USAGE;
    if (rc < 0 && job->move_text)
        job->limits.only = &job->move;
    if (!job->limits.depth && !job->limits.nodes && !job->limits.time_ms)
        job->limits.time_ms = 1000;
    return rc;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    analyse_job job = {.cli = cli};
    int rc = read_args(cli, argc, argv, &job);
    if (rc >= 0) {
        free(job.game);
        return rc;
    }
    if (!job.rule)
        job.rule = pdn_draw_rule_default(job.v);
    pdn_engine_options eo = {.variant = job.v,
                             .hash_mb = job.hash_mb,
                             .repetition = pdn_draw_repetition(job.rule),
                             .no_progress = job.rule->no_progress};
    pdn_engine *e = pdn_engine_new(&eo);
    if (!e) {
        return pdn_args_stop(cli, CMD, PDN_EXIT_USAGE,
                             "no memory for a hash table of %zu MB",
                             job.hash_mb);
    }
    rc = pdn_command_egdb(cli, CMD, job.egdb, job.v, job.egdb_given, &job.db);
    if (rc != 0) {
        free(job.game);
        pdn_engine_free(e);
        return rc;
    }
    pdn_engine_use_egdb(e, job.db);
    pdn_solver *solver = job.solver ? pdn_solver_new(job.v, job.solver) : NULL;
    pdn_engine_use_solver(e, solver, job.solver);
    pdn_search_info info;
    int n = pdn_engine_search(e, &job.board, job.game, job.ngame, &job.limits,
                              report, &job, &info);
    if (job.json) {
        print_json(&job, &info);
    } else if (n == 0) {
        fprintf(cli->out, "no legal move: %s has lost\n",
                job.board.side == PDN_WHITE ? "White" : "Black");
    }
    free(job.game);
    pdn_engine_free(e);
    pdn_solver_free(solver);
    pdn_egdb_close(job.db);
    return PDN_EXIT_OK;
}

PDN_COMMAND(analyse,
            "search a position with the engine: best moves, scores, lines",
            "[OPTION]... FEN [MOVE]...", analyse_about, 25, analyse_more,
            PDN_COMMAND_POSITION, NULL);
