/* cmd_moves.c -- pdn moves: the legal moves of a position in PDN notation
 * (RULES.md sections 2-6), or the verdict on one written move, plain or as
 * JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "rules/explain.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/notation.h"
#include "rules/square.h"

#define CMD "moves"

static const pdn_option moves_options[] = {
    PDN_OPTION_POSITION_VARIANT,
    PDN_OPTION_JSON_LINE,
    PDN_OPTION_HELP,
};

static const char moves_about[] =
    "List the legal moves of the position FEN in PDN notation, sorted;\n"
    "or, given MOVE, say whether it is legal there and why not.\n";

static const char moves_more[] =
    "A legal MOVE is printed in its normal form.  An illegal one prints\n"
    "'illegal move MOVE: REASON' and 'legal: MOVES'; an ambiguous one\n"
    "'ambiguous move MOVE: REASON' and 'could be: MOVES'.\n"
    "\n"
    "Exit status: 0 success (MOVE legal), 1 MOVE illegal or ambiguous,\n"
    "2 usage error, bad FEN or unreadable MOVE.\n"
    "\n"
    "Examples:\n"
    "  pdn moves W:WK22:B18,19,27\n"
    "  pdn moves W:WK30:BK26 30-27\n"
    "  pdn moves --json W:W30:B27\n";

/* What was asked. */
typedef struct moves_job {
    const pdn_variant *v;
    pdn_board board;
    const char *move; /* MOVE, or NULL to list */
    bool json;
} moves_job;

/* ---- Output ---- */

/* Writes @s as a JSON string, quotes included. */
static void
json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c < 0x20 || c == 0x7F)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* Writes the PDN numbers of the bits @bits[0..n-1] as a JSON array. */
static void
json_squares(FILE *f, const pdn_variant *v, int first, const uint8_t *bits,
             int n)
{
    fputc('[', f);
    if (first >= 0)
        fprintf(f, "%d", pdn_square_from_bit(v, first));
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%d", (i || first >= 0) ? "," : "",
                pdn_square_from_bit(v, bits[i]));
    fputc(']', f);
}

static void
list_plain(const pdn_cli *cli, const moves_job *job, const pdn_move *ml, int n)
{
    char text[PDN_MOVE_TEXT_MAX];

    for (int i = 0; i < n; i++) {
        pdn_notation_format(job->v, &ml[i], ml, n, text);
        fprintf(cli->out, "%s\n", text);
    }
}

static void
list_json(const pdn_cli *cli, const moves_job *job, const pdn_move *ml, int n)
{
    char fen[PDN_FEN_MAX], text[PDN_MOVE_TEXT_MAX];
    FILE *f = cli->out;

    pdn_fen_write(job->v, &job->board, fen);
    fprintf(f,
            "{\"fen\":\"%s\",\"variant\":\"%s\",\"side\":\"%s\","
            "\"moves\":[",
            fen, job->v->name,
            job->board.side == PDN_WHITE ? "white" : "black");
    for (int i = 0; i < n; i++) {
        const pdn_move *m = &ml[i];
        uint8_t to = m->to;
        pdn_notation_format(job->v, m, ml, n, text);
        fprintf(f, "%s{\"move\":\"%s\",\"path\":", i ? "," : "", text);
        if (m->ncaptured)
            json_squares(f, job->v, m->from, m->landing, m->ncaptured);
        else
            json_squares(f, job->v, m->from, &to, 1);
        fputs(",\"captured\":", f);
        json_squares(f, job->v, -1, m->captured, m->ncaptured);
        fputc('}', f);
    }
    fputs("]}\n", f);
}

/* Writes the moves @ml[@idx[0..k-1]] separated by ", " (plain) or as a
 * JSON array of strings. */
static void
move_list(FILE *f, const moves_job *job, const pdn_move *ml, int n,
          const int *idx, int k, bool json)
{
    char text[PDN_MOVE_TEXT_MAX];

    if (json)
        fputc('[', f);
    for (int i = 0; i < k; i++) {
        pdn_notation_format(job->v, &ml[idx[i]], ml, n, text);
        if (json)
            fprintf(f, "%s\"%s\"", i ? "," : "", text);
        else
            fprintf(f, "%s%s", i ? ", " : "", text);
    }
    if (json)
        fputc(']', f);
    else if (k == 0)
        fputs("none", f);
}

/* ---- Judging one move ---- */

/* The verdict and what it refers to. */
typedef struct verdict {
    pdn_explanation ex;
    int all[PDN_MAX_MOVES];     /* 0..n-1 */
    int matches[PDN_MAX_MOVES]; /* the legal moves the text names */
    int nmatches;
} verdict;

static void
judge_json(const pdn_cli *cli, const moves_job *job, const pdn_move *ml, int n,
           const verdict *vd)
{
    FILE *f = cli->out;

    fputs("{\"move\":", f);
    json_string(f, job->move);
    fprintf(f, ",\"legal\":%s,\"reason\":\"%s\",\"message\":",
            vd->ex.reason == PDN_REASON_LEGAL ? "true" : "false",
            pdn_reason_name(vd->ex.reason));
    json_string(f, vd->ex.message);
    fputs(",\"matches\":", f);
    move_list(f, job, ml, n, vd->matches, vd->nmatches, true);
    fputs(",\"moves\":", f);
    move_list(f, job, ml, n, vd->all, n, true);
    fputs(",\"after\":", f);
    if (vd->ex.reason == PDN_REASON_LEGAL) {
        char fen[PDN_FEN_MAX];
        pdn_board after = job->board;
        pdn_board_play(&after, &ml[vd->matches[0]]);
        pdn_fen_write(job->v, &after, fen);
        fprintf(f, "\"%s\"", fen);
    } else {
        fputs("null", f);
    }
    fputs("}\n", f);
}

static void
judge_plain(const pdn_cli *cli, const moves_job *job, const pdn_move *ml, int n,
            const verdict *vd)
{
    FILE *f = cli->out;

    if (vd->ex.reason == PDN_REASON_LEGAL) {
        move_list(f, job, ml, n, vd->matches, 1, false);
        fputc('\n', f);
    } else if (vd->ex.reason == PDN_REASON_AMBIGUOUS) {
        fprintf(f, "ambiguous move %s: %s\ncould be: ", job->move,
                vd->ex.message);
        move_list(f, job, ml, n, vd->matches, vd->nmatches, false);
        fputc('\n', f);
    } else {
        fprintf(f, "illegal move %s: %s\nlegal: ", job->move, vd->ex.message);
        move_list(f, job, ml, n, vd->all, n, false);
        fputc('\n', f);
    }
}

/* Reports a move text that cannot be read; returns PDN_EXIT_USAGE. */
static int
unreadable(const pdn_cli *cli, const char *text, size_t at, const char *msg)
{
    unsigned column = 1;

    for (size_t i = 0; i < at && text[i]; i++)
        if (((unsigned char)text[i] & 0xC0) != 0x80)
            column++;
    fprintf(cli->err, "pdn moves: bad move at column %u: %s\n", column, msg);
    pdn_args_caret(cli->err, text, column);
    char message[192];
    snprintf(message, sizeof message, "bad move: %s", msg);
    pdn_cli_json_error(cli, NULL, column, message);
    return PDN_EXIT_USAGE;
}

static int
judge(const pdn_cli *cli, const moves_job *job, const pdn_move *ml, int n)
{
    pdn_written_move w;
    verdict vd;
    char msg[128];
    size_t at = 0;

    if (pdn_notation_parse(job->v, job->move, strlen(job->move), &w, &at, msg,
                           sizeof msg) < 0)
        return unreadable(cli, job->move, at, msg);
    pdn_explain(job->v, &job->board, &w, &vd.ex);
    vd.nmatches = 0;
    for (int i = 0; i < n; i++) {
        vd.all[i] = i;
        if (pdn_notation_matches(job->v, &ml[i], &w))
            vd.matches[vd.nmatches++] = i;
    }
    if (vd.ex.reason == PDN_REASON_LEGAL && vd.nmatches != 1) {
        return pdn_args_stop(cli, CMD, PDN_EXIT_INPUT,
                             "internal error: the referee finds %s legal, "
                             "the move generator names %d moves",
                             job->move, vd.nmatches);
    }
    if (job->json)
        judge_json(cli, job, ml, n, &vd);
    else
        judge_plain(cli, job, ml, n, &vd);
    return vd.ex.reason == PDN_REASON_LEGAL ? PDN_EXIT_OK : PDN_EXIT_INPUT;
}

/* ---- Command ---- */

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    moves_job job = {0};
    pdn_move ml[PDN_MAX_MOVES];
    pdn_shared s;
    int n, rc = pdn_command_args(cli, &pdn_moves_command, argc, argv, &s, NULL,
                                 NULL);

    job.v = s.variant;
    job.board = s.board;
    job.move = s.noperands > 1 ? s.operands[1] : NULL;
    job.json = s.json;
    pdn_shared_free(&s);
    if (rc >= 0)
        return rc;
    n = pdn_moves_sorted(job.v, &job.board, ml);
    if (n < 0) {
        return pdn_args_stop(cli, CMD, PDN_EXIT_INPUT,
                             "the position has more than %d legal moves",
                             PDN_MAX_MOVES);
    }
    if (job.move)
        return judge(cli, &job, ml, n);
    if (job.json)
        list_json(cli, &job, ml, n);
    else
        list_plain(cli, &job, ml, n);
    return PDN_EXIT_OK;
}

PDN_COMMAND(moves, "list the legal moves of a position, or judge one move",
            "[OPTION]... FEN [MOVE]", moves_about, 0, moves_more,
            PDN_COMMAND_POSITION, NULL);
