/* nodes.c -- the nodes the parser makes (nodes.h): text decoded and
 * copied into the game's arena, squares read from a written move, and the
 * moves and move numbers of a movetext read straight into nodes.
 */
#include "syntax/nodes.h"

#include <string.h>

#include "syntax/scan.h"

/* Rewrites CRLF and lone CR in @t as LF, so that a comment reads the same
 * whatever the file's line ends; returns the new length. */
static size_t
one_line_end(char *t)
{
    size_t n = 0;
    for (size_t i = 0; t[i]; i++) {
        if (t[i] == '\r') {
            t[n++] = '\n';
            if (t[i + 1] == '\n')
                i++;
        } else {
            t[n++] = t[i];
        }
    }
    t[n] = '\0';
    return n;
}

/* A node of @kind whose text, of any encoding, is decoded to UTF-8 with
 * one line end (LF). */
pdn_node *
pdn_add_text(pdn_parse *p, pdn_node_list *l, pdn_node_kind kind,
             const char *text, size_t len, pdn_loc at)
{
    pdn_node *n = pdn_game_node(p->game, kind);
    char *t = pdn_parse_text(p, text, len);
    n->len = memchr(text, '\r', len) ? one_line_end(t) : strlen(t);
    n->text = t;
    return pdn_link_node(l, n, at);
}

/* ---- Moves ---- */

/* The usual move, two squares of one or two digits (1 to 99) and one
 * separator between ("9-13", "22x17"): read into @w (zeroed), and 1;
 * else 0, and pdn_read_squares reads it the long way. */
static inline int
simple_move(const unsigned char *u, size_t len, pdn_move_text *w)
{
    unsigned a = (unsigned)(u[0] - '0'), b, d;
    size_t i = 1;
    if (a > 9)
        return 0;
    if ((d = (unsigned)(u[1] - '0')) < 10) {
        a = a * 10 + d;
        i = 2;
    }
    unsigned char sep = u[i];
    if (i + 2 > len || !(sep == '-' || sep == 'x' || sep == 'X' || sep == ':'))
        return 0;
    if ((b = (unsigned)(u[i + 1] - '0')) > 9)
        return 0;
    i += 2;
    if (i < len) {
        if ((d = (unsigned)(u[i] - '0')) > 9)
            return 0;
        b = b * 10 + d;
        i++;
    }
    if (i != len || a - 1 > 98 || b - 1 > 98)
        return 0;
    w->squares[0] = (uint8_t)a;
    w->squares[1] = (uint8_t)b;
    w->count = 2;
    w->separator = sep == 'X' ? 'x' : (char)sep;
    return 1;
}

/* Squares of a move token: numbers (blanks may follow a separator),
 * four digits, or file and rank.  Returns 0, or -1 for square 0 or a move
 * of too many squares. */
int
pdn_read_squares(const char *s, size_t len, pdn_move_text *w)
{
    const unsigned char *u = (const unsigned char *)s, *e = u + len;
    memset(w, 0, sizeof *w);
    if (len == 4 && (unsigned)(u[0] - '0') < 10 &&
        (unsigned)(u[1] - '0') < 10 && (unsigned)(u[2] - '0') < 10 &&
        (unsigned)(u[3] - '0') < 10) {
        w->squares[0] = (uint8_t)((u[0] - '0') * 10 + (u[1] - '0'));
        w->squares[1] = (uint8_t)((u[2] - '0') * 10 + (u[3] - '0'));
        w->count = 2;
        return 0;
    }
    if (len <= 5 && simple_move(u, len, w))
        return 0;
    unsigned count = 0;
    while (u < e) {
        if (count >= PDN_MOVE_MAX_SQUARES)
            return -1;
        if ((unsigned)(*u - 'a') < 8) {
            w->squares[count++] =
                (uint8_t)(PDN_SQUARE_ALPHA | (*u - 'a') << 3 | (u[1] - '1'));
            u += 2;
        } else {
            /* one or two digits, mostly: those unrolled */
            unsigned v = (unsigned)(*u - '0'), d;
            if (v > 9)
                return -1; /* no digit: square 0 */
            u++;
            if (u < e && (d = (unsigned)(*u - '0')) < 10) {
                v = v * 10 + d;
                u++;
                while (u < e && (d = (unsigned)(*u - '0')) < 10) {
                    v = v * 10 + d;
                    u++;
                }
            }
            if (v - 1 > 98) /* 0, or more than 99 */
                return -1;
            w->squares[count++] = (uint8_t)v;
        }
        if (u < e && *u != ' ' && (unsigned)(*u - 'a') >= 8) {
            char sep = *u == 'X' ? 'x' : (char)*u;
            if (!w->separator || w->separator == '-')
                w->separator = sep;
            u++;
        }
        while (u < e && *u == ' ')
            u++;
    }
    w->count = (uint8_t)count;
    return 0;
}

/* Past blanks that hold a line end: out of the loop below, which meets
 * one every few tokens. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t
line_blanks(pdn_lexer *lx, size_t i)
{
    return pdn_scan_blanks(lx, i);
}

size_t
pdn_add_moves(pdn_parse *p, pdn_node_list *l)
{
    enum { ROOM = sizeof(pdn_node) + 8 };
    pdn_lexer *lx = &p->lx;
    const char *b = lx->buf;
    const char *end = b + lx->len + 1; /* past the NUL */
    pdn_arena *arena = &p->game->arena;
    pdn_node **tail = l->tail, *nd = l->last; /* linked here, not in l, on
                                                 the way */
    size_t i = lx->pos, n = 0, glue = lx->glue;
    /* The lexer's line, and the column of byte 0 on it, as locals: the
     * stores into the nodes would have them read again. */
    uint32_t line = lx->line;
    uint32_t origin = pdn_scan_col(lx, 0);
    uint64_t base = lx->base;
    for (;; n++) {
        while (b[i] == ' ')
            i++;
        if ((unsigned char)b[i] < ' ') { /* a line end, say */
            i = line_blanks(lx, i);
            line = lx->line;
            origin = pdn_scan_col(lx, 0);
        }
        uint32_t v;
        unsigned got;
        if ((unsigned)((unsigned char)b[i] - '0') > 9 ||
            !(got = pdn_scan_short(lx, i, &v)))
            break;
        size_t len = PDN_SHORT_LEN(got);
        if (len < 8 && b + i + 8 <= end) {
            /* The text after the node, as one word: the token's bytes,
             * then NULs. */
            uint64_t word;
            memcpy(&word, b + i, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            word &= ~(UINT64_MAX >> (8 * len)); /* the first bytes: high */
#else
            word &= ((uint64_t)1 << (8 * len)) - 1;
#endif
            nd = pdn_arena_alloc(arena, ROOM);
            uint64_t *text = (uint64_t *)(void *)(nd + 1);
            *text = word;
            nd->text = (const char *)text;
        } else { /* "1.......", or near the end of the buffer */
            nd = pdn_arena_alloc(arena, sizeof *nd + len + 1);
            char *copy = (char *)(nd + 1);
            memcpy(copy, b + i, len);
            copy[len] = '\0';
            nd->text = copy;
        }
        nd->len = len;
        nd->at = (pdn_loc){base + i, line, origin + (uint32_t)i};
        nd->next = NULL;
        nd->children = NULL;
        memset(&nd->u, 0, sizeof nd->u);
        if (got & PDN_SHORT_MOVE) {
            pdn_move_text *w = &nd->u.move.written;
            nd->kind = PDN_NODE_MOVE;
            w->squares[0] = PDN_SHORT_FROM(v);
            w->squares[1] = PDN_SHORT_TO(v);
            w->count = 2;
            w->separator = PDN_SHORT_SEP(v);
            glue = i + len; /* for a '*' right after (lexer.h) */
        } else {
            nd->kind = PDN_NODE_NUMBER;
            nd->u.number.value = v;
            /* digits, then dots: two dots or more end "12..." */
            nd->u.number.black = b[i + len - 2] == '.';
        }
        *tail = nd;
        tail = &nd->next;
        i += len;
    }
    if (n) {
        l->tail = tail;
        l->last = nd;
        lx->glue = glue;
        p->last_end = nd->at.off + nd->len;
    }
    lx->pos = i; /* before the next token: the blanks are counted */
    return n;
}
