/* scan.h -- the byte scans the lexer shares with the parser's node
 * builder: the blanks between tokens, their lines counted, and the
 * commonest tokens of a movetext read the short way (grammar/tokens:
 * MOVE of two squares, MOVE_NUMBER).  Inline: they run once per token.
 */
#ifndef PDN_SYNTAX_SCAN_H
#define PDN_SYNTAX_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syntax/lexer.h"

/** A line starts at byte @next. */
static inline void
pdn_scan_new_line(pdn_lexer *lx, size_t next)
{
    lx->line++;
    lx->line_from = next;
    lx->col_base = 1;
    lx->cont = 0;
}

/** Past the blanks from @i on, their lines counted: up to the next byte
 * that is no blank, or the NUL at the end.  Blanks are ' ', '\t' to '\r'
 * and a NUL before the end. */
static inline size_t
pdn_scan_blanks(pdn_lexer *lx, size_t i)
{
    const char *b = lx->buf;
    for (;; i++) {
        unsigned c = (unsigned char)b[i];
        if (c == ' ')
            continue;
        if (c - '\t' > '\r' - '\t') {
            if (c != 0 || i >= lx->len)
                return i;
            continue;
        }
        if (c == '\n' || (c == '\r' && b[i + 1] != '\n'))
            pdn_scan_new_line(lx, i + 1);
    }
}

/** The column of byte @i, on the lexer's line. */
static inline uint32_t
pdn_scan_col(const pdn_lexer *lx, size_t i)
{
    return lx->col_base + (uint32_t)(i - lx->line_from - lx->cont);
}

/** What pdn_scan_short() read: its length, and whether it is a move (else
 * a move number). */
#define PDN_SHORT_MOVE 0x100u
#define PDN_SHORT_LEN(x) ((x)&0xFFu)

/** The squares and separator of a move, as pdn_scan_short() packs them. */
#define PDN_SHORT_FROM(v) ((uint8_t)((v)&0xFF))
#define PDN_SHORT_TO(v) ((uint8_t)(((v) >> 8) & 0xFF))
#define PDN_SHORT_SEP(v) ((char)(((v) >> 16) & 0xFF))

/** At @start, a digit: a move of two squares of one or two digits followed
 * by a blank ("22-18 ", "9x13\n"), or a move number of one or two digits
 * ("12.", "7...").  Returns its length, or'ed with PDN_SHORT_MOVE for a
 * move, and sets *@value to the number's value or to the move's squares
 * and separator ('X' as 'x'; PDN_SHORT_FROM() and the others read them).
 * Returns 0 for anything else, and for anything that the lexer's longer
 * way might read otherwise (a result such as "1-0", a square 0, a token
 * that may go on in the next buffer).  Every byte looked at lies at or
 * before buf[len], the NUL.  One word in, one out: the callers keep them
 * in registers. */
static inline unsigned
pdn_scan_short(const pdn_lexer *lx, size_t start, uint32_t *value)
{
    const unsigned char *u = (const unsigned char *)lx->buf + start;
    unsigned a = (unsigned)(u[0] - '0'), b, d;
    size_t k = 1;
    if ((d = (unsigned)(u[1] - '0')) < 10) {
        a = a * 10 + d;
        k = 2;
    }
    unsigned c = u[k];
    if (c == '.') {
        size_t e = k + 1;
        while (u[e] == '.')
            e++;
        if (start + e >= lx->len || e > 0xFF)
            return 0; /* more dots may follow */
        *value = a;
        return (unsigned)e;
    }
    if (!(c == '-' || c == 'x' || c == 'X' || c == ':') ||
        (b = (unsigned)(u[k + 1] - '0')) > 9)
        return 0;
    size_t e = k + 2;
    if ((d = (unsigned)(u[e] - '0')) < 10) {
        b = b * 10 + d;
        e++;
    }
    unsigned f = u[e];
    if (!(f == ' ' || f == '\n' || f == '\r' || f == '\t') || a == 0 ||
        b == 0 || (e == 3 && a <= 2 && b <= 2 && u[1] == '-'))
        return 0; /* not followed by a blank, square 0, or perhaps a
                     result ("1-0") */
    *value = a | b << 8 | (c == 'X' ? 'x' : c) << 16;
    return (unsigned)e | PDN_SHORT_MOVE;
}

#endif
