/* cmd_show.c -- pdn show: a position drawn as a board from White's side,
 * empty playing squares showing their PDN number (RULES.md section 1).
 */

#include "cli/args.h"
#include "cli/commands.h"
#include "rules/fen.h"
#include "rules/square.h"

#define CMD "show"

enum { OPT_HELP = 1, OPT_VARIANT, OPT_ASCII, OPT_UNICODE };

static const pdn_option show_options[] = {
    {"help", 'h', false, OPT_HELP},
    {"variant", 'v', true, OPT_VARIANT},
    {"ascii", 0, false, OPT_ASCII},
    {"unicode", 0, false, OPT_UNICODE},
};

/* Glyphs by PDN_PIECE_* flags: white man, white king, black man, black
 * king.  Unicode U+26C0..U+26C3, the draughts pieces. */
static const char *const ascii_pieces[4] = {"w", "W", "b", "B"};
static const char *const unicode_pieces[4] = {"\xE2\x9B\x80", "\xE2\x9B\x81",
                                              "\xE2\x9B\x82", "\xE2\x9B\x83"};

/* What to draw, and how. */
typedef struct show_job {
    const pdn_variant *v;
    pdn_board board;
    const char *fen; /* as given, or NULL for the start position */
    int charset;     /* 0 from the locale, else OPT_ASCII or OPT_UNICODE */
} show_job;

/* The glyph of what stands at @file, @rank: "." off the playing squares,
 * the square number when empty. */
static void
draw_square(FILE *f, const show_job *job, const char *const *glyphs, int file,
            int rank)
{
    int n = pdn_square_at(job->v, file, rank), piece;

    if (n == 0) {
        fputs("  .", f);
        return;
    }
    piece = pdn_board_piece(&job->board, pdn_square_to_bit(job->v, n));
    if (piece == 0) {
        fprintf(f, "%3d", n);
        return;
    }
    fprintf(f, "  %s",
            glyphs[((piece & PDN_PIECE_BLACK) ? 2 : 0) +
                   ((piece & PDN_PIECE_KING) ? 1 : 0)]);
}

static void
draw(const pdn_cli *cli, const show_job *job, bool unicode)
{
    const char *const *glyphs = unicode ? unicode_pieces : ascii_pieces;
    char fen[PDN_FEN_MAX];
    FILE *f = cli->out;

    for (int rank = 8; rank >= 1; rank--) {
        fprintf(f, "%d", rank);
        for (int file = 0; file < 8; file++)
            draw_square(f, job, glyphs, file, rank);
        fputc('\n', f);
    }
    fputs("   a  b  c  d  e  f  g  h\n", f);
    pdn_fen_write(job->v, &job->board, fen);
    fprintf(f, "%s, %s to move\nFEN: %s\n", job->v->title,
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
    show_job job = {.v = pdn_variant_get(PDN_ITALIAN)};
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
