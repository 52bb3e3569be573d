/* cmd_show.c -- pdn show: a position drawn as a board from White's side,
 * empty playing squares showing their PDN number (RULES.md section 1).
 */

#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "rules/fen.h"
#include "write/diagram.h"

#define CMD "show"

enum { OPT_ASCII = PDN_OPT_OWN, OPT_UNICODE };

/* What to draw, and how. */
typedef struct show_job {
    const pdn_variant *v;
    pdn_board board;
    int charset; /* 0 from the locale, else OPT_ASCII or OPT_UNICODE */
} show_job;

static const pdn_option show_options[] = {
    PDN_OPTION_POSITION_VARIANT,
    PDN_OPTION_FLAG("ascii", OPT_ASCII, "draw pieces as w W b B (man, king)"),
    PDN_OPTION_FLAG("unicode", OPT_UNICODE,
                    "draw pieces as the Unicode draughts pieces"),
    PDN_OPTION_HELP,
};

static const char show_about[] =
    "Draw the position FEN (default: the start position) as a board seen\n"
    "from White's side, each empty playing square showing its number.\n";

static const char show_more[] =
    "Without --ascii or --unicode, Unicode is used when the first set of\n"
    "LC_ALL, LC_CTYPE and LANG names UTF-8.\n"
    "\n"
    "Exit status: 0 success, 2 usage error or bad FEN.\n"
    "\n"
    "Examples:\n"
    "  pdn show\n"
    "  pdn show --variant english\n"
    "  pdn show --ascii W:WK30,31:B10,K26\n";

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

/* pdn_own_option_fn: --ascii or --unicode. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    (void)cli;
    ((show_job *)ctx)->charset = g->id;
    return 0;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    show_job job = {0};
    pdn_shared s;
    int rc = pdn_command_args(cli, &pdn_show_command, argc, argv, &s,
                              own_option, &job);
    bool unicode;

    job.v = s.variant;
    job.board = s.board;
    pdn_shared_free(&s);
    if (rc >= 0)
        return rc;
    if (job.charset == 0)
        unicode = pdn_cli_utf8(cli);
    else
        unicode = job.charset == OPT_UNICODE;
    draw(cli, &job, unicode);
    return PDN_EXIT_OK;
}

PDN_COMMAND(show, "draw a position as a board with its square numbers",
            "[OPTION]... [FEN]", show_about, 0, show_more, PDN_COMMAND_POSITION,
            NULL);
