/* diagram.c -- a position drawn as a board (diagram.h).
 */
#include "write/diagram.h"

#include "rules/square.h"

/* Glyphs by PDN_PIECE_* flags: white man, white king, black man, black
 * king.  Unicode U+26C0..U+26C3, the draughts pieces. */
static const char *const ascii_pieces[4] = {"w", "W", "b", "B"};
static const char *const unicode_pieces[4] = {"\xE2\x9B\x80", "\xE2\x9B\x81",
                                              "\xE2\x9B\x82", "\xE2\x9B\x83"};

/* What stands at @file, @rank, three columns wide: "." off the playing
 * squares, the square number when empty. */
static void
square(const pdn_variant *v, const pdn_board *b, const char *const *glyphs,
       int file, int rank, pdn_strbuf *out)
{
    int n = pdn_square_at(v, file, rank);
    if (n == 0) {
        pdn_strbuf_puts(out, "  .");
        return;
    }
    int piece = pdn_board_piece(b, pdn_square_to_bit(v, n));
    if (piece == 0) {
        pdn_strbuf_printf(out, "%3d", n);
        return;
    }
    pdn_strbuf_puts(out, "  ");
    pdn_strbuf_puts(out, glyphs[((piece & PDN_PIECE_BLACK) ? 2 : 0) +
                                ((piece & PDN_PIECE_KING) ? 1 : 0)]);
}

void
pdn_diagram(const pdn_variant *v, const pdn_board *b, bool unicode,
            pdn_strbuf *out)
{
    const char *const *glyphs = unicode ? unicode_pieces : ascii_pieces;
    for (int rank = 8; rank >= 1; rank--) {
        pdn_strbuf_putc(out, (char)('0' + rank));
        for (int file = 0; file < 8; file++)
            square(v, b, glyphs, file, rank, out);
        pdn_strbuf_putc(out, '\n');
    }
    pdn_strbuf_puts(out, "   a  b  c  d  e  f  g  h\n");
}
