/* cmd_show.c -- pdn show: a position drawn as a board from White's side,
 * empty playing squares showing their PDN number (RULES.md section 1).
 */

#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "rules/fen.h"
#include "write/diagram.h"

#define CMD "show"

enum { OPT_HELP = 1, OPT_VARIANT, OPT_ASCII, OPT_UNICODE };

static const pdn_option show_options[] = {
    {"help", 'h', false, OPT_HELP},
    {"variant", 'v', true, OPT_VARIANT},
    {"ascii", 0, false, OPT_ASCII},
    {"unicode", 0, false, OPT_UNICODE},
};

/* What to draw, and how. */
typedef struct show_job {
    const pdn_variant *v;
    pdn_board board;
    const char *fen; /* as given, or NULL for the start position */
    int charset;     /* 0 from the locale, else OPT_ASCII or OPT_UNICODE */
} show_job;

static void
draw(const pdn_cli *cli, const show_job *job, bool unicode)
{
    char fen[PDN_FEN_MAX];
    pdn_strbuf buf = PDN_STRBUF_INIT;

    pdn_diagram(job->v, &job->board, unicode, &buf);
    fputs(buf.ptr, cli->out);
    pdn_strbuf_free(&buf);
    pdn_fen_write(job->v, &job->board, fen);
    fprintf(cli->out, "%s, %s to move\nFEN: %s\n", job->v->title,
            job->board.side == PDN_WHITE ? "White" : "Black", fen);
}

/* Reads the command line into @job; returns -1 to go on, else the exit
 * status (--help, or a usage error). */
static int
read_args(const pdn_cli *cli, int argc, char **argv, show_job *job)
{
    pdn_args a;
    const char *variant = NULL;
    int opt, rc;

    pdn_args_init(&a, argc, argv, show_options,
                  sizeof show_options / sizeof show_options[0]);
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
        case OPT_ASCII:
        case OPT_UNICODE:
            job->charset = opt;
            break;
        }
    }
    if (variant && (rc = pdn_args_variant(cli, CMD, variant, &job->v)) != 0)
        return rc;
    if (pdn_args_board(cli, CMD, job->v, job->fen, &job->board) != 0)
        return PDN_EXIT_USAGE;
    return -1;
}

int
pdn_cmd_show(const pdn_cli *cli, int argc, char **argv)
{
    show_job job = {.v = pdn_variant_default()};
    int rc = read_args(cli, argc, argv, &job);
    bool unicode;

    if (rc >= 0)
        return rc;
    if (job.charset == 0)
        unicode = pdn_args_utf8(cli);
    else
        unicode = job.charset == OPT_UNICODE;
    draw(cli, &job, unicode);
    return PDN_EXIT_OK;
}
