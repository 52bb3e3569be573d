/* nodes.c -- the nodes the parser makes (nodes.h): text decoded and
 * copied into the game's arena, squares read from a written move, and a
 * run of moves and move numbers turned into nodes in one block.
 */
#include "syntax/nodes.h"

#include <string.h>

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

/* The nodes of @n moves and move numbers that pdn_lexer_run() read, in
 * one block: each node is followed by eight bytes for its text, copied as
 * one word when the buffer holds eight bytes from it. */
void
pdn_add_run(pdn_parse *p, pdn_node_list *l, const pdn_token *run, size_t n)
{
    enum { ALIGN = PDN_ARENA_ALIGN };
    enum { STRIDE = (sizeof(pdn_node) + 8 + ALIGN - 1) / ALIGN * ALIGN };
    unsigned char *block = pdn_arena_alloc(&p->game->arena, n * STRIDE);
    const char *end = p->lx.buf + p->lx.len + 1; /* past the NUL */
    pdn_node **tail = l->tail, *nd = l->last;    /* linked here, not in
                                                     l, on the way */
    for (size_t i = 0; i < n; i++) {
        const pdn_token *t = &run[i];
        if (t->len >= 8 || t->text + 8 > end) { /* "1........", or near the
                                                   end of the buffer */
            l->tail = tail;
            pdn_add_short(p, l, t);
            tail = l->tail;
            nd = l->last;
            continue;
        }
        nd = (pdn_node *)(void *)(block + i * STRIDE);
        char *copy = (char *)(nd + 1);
        pdn_node_init(nd, pdn_short_kind(t));
        nd->at = pdn_token_loc(t);
        nd->text = copy;
        nd->len = t->len;
        pdn_short_values(nd, t);
        *tail = nd;
        tail = &nd->next;
        memcpy(copy, t->text, 8); /* last: a byte store may alias any */
        copy[t->len] = '\0';
    }
    l->tail = tail;
    l->last = nd;
}
