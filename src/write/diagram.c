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
 * squares, the square number when empty; a mark of @st before it, or
 * around it in colour. */
static void
square(const pdn_variant *v, const pdn_board *b, const char *const *glyphs,
       const pdn_diagram_style *st, int file, int rank, pdn_strbuf *out)
{
    int n = pdn_square_at(v, file, rank);
    if (n == 0) {
        pdn_strbuf_puts(out, "  .");
        return;
    }
    int bit = pdn_square_to_bit(v, n);
    int piece = pdn_board_piece(b, bit);
    bool last = st->last >> bit & 1;
    bool capturer = st->capturers >> bit & 1;
    char sign = capturer ? '*' : last ? '>' : ' ';
    if (st->colour && (last || capturer)) {
        pdn_strbuf_puts(out, capturer ? "\x1b[1;31m" : "\x1b[7m");
        sign = ' ';
    }
    if (piece == 0) {
        if (sign != ' ' && n < 10)
            pdn_strbuf_printf(out, "%c%2d", sign, n);
        else if (sign != ' ')
            pdn_strbuf_printf(out, "%c%d", sign, n);
        else
            pdn_strbuf_printf(out, "%3d", n);
    } else {
        pdn_strbuf_putc(out, ' ');
        pdn_strbuf_putc(out, sign);
        pdn_strbuf_puts(out, glyphs[((piece & PDN_PIECE_BLACK) ? 2 : 0) +
                                    ((piece & PDN_PIECE_KING) ? 1 : 0)]);
    }
    if (st->colour && (last || capturer))
        pdn_strbuf_puts(out, "\x1b[0m");
}

void
pdn_diagram_styled(const pdn_variant *v, const pdn_board *b,
                   const pdn_diagram_style *st, pdn_strbuf *out)
{
    const char *const *glyphs = st->unicode ? unicode_pieces : ascii_pieces;
    for (int row = 0; row < 8; row++) {
        int rank = st->flipped ? row + 1 : 8 - row;
        pdn_strbuf_putc(out, (char)('0' + rank));
        for (int col = 0; col < 8; col++)
            square(v, b, glyphs, st, st->flipped ? 7 - col : col, rank, out);
        pdn_strbuf_putc(out, '\n');
    }
    pdn_strbuf_puts(out, st->flipped ? "   h  g  f  e  d  c  b  a\n"
                                     : "   a  b  c  d  e  f  g  h\n");
}

void
pdn_diagram(const pdn_variant *v, const pdn_board *b, bool unicode,
            pdn_strbuf *out)
{
    pdn_diagram_style st = {.unicode = unicode};
    pdn_diagram_styled(v, b, &st, out);
}
