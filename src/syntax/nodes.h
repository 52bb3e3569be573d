/* nodes.h -- the nodes the parser makes: their text copied into the
 * game's arena, the squares of a written move, and the moves and move
 * numbers the lexer reads in a run (parser.c is the grammar; this is what
 * it builds with).
 */
#ifndef PDN_SYNTAX_NODES_H
#define PDN_SYNTAX_NODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "model/game.h"
#include "syntax/internal.h"

/* Where the nodes of a line go: after l->last, at l->tail. */
typedef struct pdn_node_list {
    pdn_node **tail;
    pdn_node *last; /* the node tail follows, or NULL */
    int depth;
} pdn_node_list;

/* Links @n, read at @at, at the end of @l. */
static inline pdn_node *
pdn_link_node(pdn_node_list *l, pdn_node *n, pdn_loc at)
{
    n->at = at;
    *l->tail = n;
    l->tail = &n->next;
    l->last = n;
    return n;
}

/* A node of @kind whose text is the @len bytes at @text, ASCII by their
 * token class (moves, numbers, NAGs), copied as they are: a short one into
 * the node's word, as one word of eight bytes when the buffer holds eight
 * from @text; a longer one into the room after the node. */
static inline pdn_node *
pdn_add_ascii(pdn_parse *p, pdn_node_list *l, pdn_node_kind kind,
              const char *text, size_t len, pdn_loc at)
{
    bool short_text = len < PDN_NODE_WORD;
    pdn_node *n = pdn_game_node_room(p->game, kind, short_text ? 0 : len + 1);
    char *copy = short_text ? n->word : (char *)(n + 1);
    if (short_text && text + PDN_NODE_WORD <= p->lx.buf + p->lx.len + 1)
        memcpy(copy, text, PDN_NODE_WORD);
    else
        memcpy(copy, text, len);
    copy[len] = '\0';
    n->text = copy;
    n->len = (uint32_t)len;
    return pdn_link_node(l, n, at);
}

/** A node of @kind whose text, of any encoding, is decoded to UTF-8 with
 * one line end (LF): comments, escapes, setups. */
pdn_node *pdn_add_text(pdn_parse *p, pdn_node_list *l, pdn_node_kind kind,
                       const char *text, size_t len, pdn_loc at);

/** Squares of a move token into @w: numbers (blanks may follow a
 * separator), four digits, or file and rank.  Returns 0, or -1 for square
 * 0 or a move of too many squares. */
int pdn_read_squares(const char *s, size_t len, pdn_move_text *w);

/* The position of token @t. */
static inline pdn_loc
pdn_token_loc(const pdn_token *t)
{
    pdn_loc at = {t->off, t->line, t->col};
    return at;
}

/* The node kind of a move or move number the lexer read the short way
 * (with its squares or number set in the token). */
static inline pdn_node_kind
pdn_short_kind(const pdn_token *t)
{
    return t->kind == PDN_TOK_MOVE ? PDN_NODE_MOVE : PDN_NODE_NUMBER;
}

/* What such a token gives its node @n (zeroed): a move's squares and
 * separator, a number's value and side. */
static inline void
pdn_short_values(pdn_node *n, const pdn_token *t)
{
    if (t->kind == PDN_TOK_MOVE) {
        char sep =
            t->text[1] >= '0' && t->text[1] <= '9' ? t->text[2] : t->text[1];
        n->u.move.squares[0] = t->from;
        n->u.move.squares[1] = t->to;
        n->u.move.count = 2;
        n->u.move.separator = sep == 'X' ? 'x' : sep;
    } else {
        n->u.number.value = t->number;
        /* digits, then dots: two dots or more end "12..." */
        n->u.number.black = t->text[t->len - 2] == '.';
    }
}

/* The node of a move or a move number the lexer read the short way. */
static inline void
pdn_add_short(pdn_parse *p, pdn_node_list *l, const pdn_token *t)
{
    pdn_node *n = pdn_add_ascii(p, l, pdn_short_kind(t), t->text, t->len,
                                pdn_token_loc(t));
    pdn_short_values(n, t);
}

/** Reads the moves and move numbers that follow the short way (scan.h,
 * as pdn_lexer_run() reads them into tokens) straight into nodes at the
 * end of @l; the lexer stands before the next token.  Most of a movetext
 * goes this way. */
void pdn_add_moves(pdn_parse *p, pdn_node_list *l);

#endif
