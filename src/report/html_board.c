/* html_board.c -- a judged move's position as an inline SVG board for the
 * HTML report (report.h): squares as the variant draws them (rank 8 at
 * the top), the pieces, the square numbers, and the move played and the
 * best move as arrows along each leg of their paths.
 */
#include "report/report.h"

#include <math.h>

#include "rules/square.h"

/* Side of a square and the margin holding the rank and file names. */
enum { SQ = 40, MARGIN = 16, SIZE = 8 * SQ + MARGIN };

static const char *const LIGHT = "#f0d9b5";
static const char *const DARK = "#b58863";

/* The centre of PDN square @n. */
static void
square_centre(const pdn_variant *v, int n, double *x, double *y)
{
    int file = 0, rank = 1;
    pdn_square_coords(v, n, &file, &rank);
    *x = MARGIN + file * SQ + SQ / 2.0;
    *y = (8 - rank) * SQ + SQ / 2.0;
}

static void
put_squares(const pdn_variant *v, pdn_strbuf *out)
{
    for (int rank = 8; rank >= 1; rank--)
        for (int file = 0; file < 8; file++) {
            int n = pdn_square_at(v, file, rank);
            int x = MARGIN + file * SQ, y = (8 - rank) * SQ;
            pdn_strbuf_printf(out,
                              "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
                              "height=\"%d\" fill=\"%s\"/>",
                              x, y, SQ, SQ, n ? DARK : LIGHT);
        }
    pdn_strbuf_puts(out, "\n");
    for (int i = 0; i < 8; i++)
        pdn_strbuf_printf(out,
                          "<text class=\"coord\" x=\"%d\" y=\"%d\">%c</text>"
                          "<text class=\"coord\" x=\"%d\" y=\"%d\">%d</text>",
                          MARGIN + i * SQ + SQ / 2, 8 * SQ + 12, 'a' + i,
                          MARGIN / 2, (7 - i) * SQ + SQ / 2 + 4, i + 1);
    pdn_strbuf_puts(out, "\n");
}

/* The numbers of the playing squares, in their top left corners, drawn
 * over the pieces. */
static void
put_numbers(const pdn_variant *v, pdn_strbuf *out)
{
    for (int rank = 8; rank >= 1; rank--)
        for (int file = 0; file < 8; file++) {
            int n = pdn_square_at(v, file, rank);
            if (n)
                pdn_strbuf_printf(out,
                                  "<text class=\"sq\" x=\"%d\" y=\"%d\">%d"
                                  "</text>",
                                  MARGIN + file * SQ + 2, (8 - rank) * SQ + 10,
                                  n);
        }
    pdn_strbuf_puts(out, "\n");
}

static void
put_pieces(const pdn_variant *v, const pdn_board *b, pdn_strbuf *out)
{
    for (int n = 1; n <= PDN_SQUARES; n++) {
        int piece = pdn_board_piece(b, pdn_square_to_bit(v, n));
        if (!piece)
            continue;
        bool white = piece & PDN_PIECE_WHITE;
        bool king = piece & PDN_PIECE_KING;
        double x, y;
        square_centre(v, n, &x, &y);
        pdn_strbuf_printf(out,
                          "<g class=\"piece %s%s\"><title>%s %s on %d"
                          "</title><circle cx=\"%.1f\" cy=\"%.1f\" r=\"15\" "
                          "fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>"
                          "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"10\" "
                          "fill=\"none\" stroke=\"%s\"/>",
                          white ? "white" : "black", king ? " king" : "",
                          white ? "White" : "Black", king ? "king" : "man", n,
                          x, y, white ? "#fbfbf6" : "#262626",
                          white ? "#333" : "#000", x, y,
                          white ? "#999" : "#555");
        if (king)
            pdn_strbuf_printf(out,
                              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" "
                              "fill=\"#d4a017\" stroke=\"#7a5c00\"/>",
                              x, y);
        pdn_strbuf_puts(out, "</g>\n");
    }
}

/* One leg of an arrow, from centre to centre, its head short of the
 * target's centre. */
static void
put_leg(double x1, double y1, double x2, double y2, const char *colour,
        pdn_strbuf *out)
{
    double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy);
    if (len < 1.0)
        return;
    double ux = dx / len, uy = dy / len;
    double tx = x2 - 4 * ux, ty = y2 - 4 * uy;   /* the tip */
    double bx = tx - 14 * ux, by = ty - 14 * uy; /* the head's base */
    pdn_strbuf_printf(out,
                      "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                      "stroke=\"%s\" stroke-width=\"6\" "
                      "stroke-linecap=\"round\"/>"
                      "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
                      "fill=\"%s\"/>",
                      x1, y1, bx, by, colour, tx, ty, bx - 9 * uy, by + 9 * ux,
                      bx + 9 * uy, by - 9 * ux, colour);
}

/* The arrows of @m, one per leg: from, landing[0], ..., to. */
static void
put_arrows(const pdn_variant *v, const pdn_move *m, const char *kind,
           const char *colour, pdn_strbuf *out)
{
    int path[PDN_MAX_CAPTURES + 1], n = 0;
    path[n++] = pdn_square_from_bit(v, m->from);
    if (m->ncaptured == 0)
        path[n++] = pdn_square_from_bit(v, m->to);
    for (int i = 0; i < m->ncaptured && i < PDN_MAX_CAPTURES; i++)
        path[n++] = pdn_square_from_bit(v, m->landing[i]);
    for (int i = 0; i + 1 < n; i++) {
        double x1, y1, x2, y2;
        square_centre(v, path[i], &x1, &y1);
        square_centre(v, path[i + 1], &x2, &y2);
        pdn_strbuf_printf(out, "<g class=\"arrow %s\" opacity=\"0.85\">", kind);
        put_leg(x1, y1, x2, y2, colour, out);
        pdn_strbuf_puts(out, "</g>\n");
    }
}

void
pdn_report_html_board(const pdn_variant *v, const pdn_judged_move *m,
                      pdn_strbuf *out)
{
    pdn_strbuf_printf(out,
                      "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/"
                      "svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                      "height=\"%d\" role=\"img\" aria-label=\"The position "
                      "before %u%s ",
                      SIZE, SIZE, SIZE, SIZE, (unsigned)m->number,
                      m->second ? "..." : ".");
    pdn_report_html_escape(m->played_text, out);
    pdn_strbuf_puts(out, "\">\n");
    put_squares(v, out);
    put_pieces(v, &m->before, out);
    put_numbers(v, out);
    put_arrows(v, &m->best, "best", "#1a9641", out);
    put_arrows(v, &m->played, "played", "#d7191c", out);
    pdn_strbuf_puts(out, "</svg>\n");
}
