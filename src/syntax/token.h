/* token.h -- the token classes of PDN text (grammar/tokens gives each one
 * as a PCRE2 pattern; the lexer in lexer.c is the fast equivalent).
 *
 * A token is a kind and a span of the source buffer: the lexer copies
 * nothing.  A whole move is one token ("22x13x6", "c3-d4", "2218"); "1-18"
 * is a move and "1-1" a result.
 */
#ifndef PDN_SYNTAX_TOKEN_H
#define PDN_SYNTAX_TOKEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum pdn_token_kind {
    PDN_TOK_EOF = 0,      /* end of the input */
    PDN_TOK_MORE,         /* the buffer ends inside a token: read more */
    PDN_TOK_LBRACKET,     /* [ */
    PDN_TOK_RBRACKET,     /* ] */
    PDN_TOK_STRING,       /* "value", with \" and \\ escapes */
    PDN_TOK_LPAREN,       /* ( */
    PDN_TOK_RPAREN,       /* ) */
    PDN_TOK_MOVE_NUMBER,  /* 12.  12...  */
    PDN_TOK_ELLIPSIS,     /* ... standing alone: a move left out */
    PDN_TOK_DASH,         /* - standing alone: an unknown move */
    PDN_TOK_MOVE,         /* 22-18  22x13x6  22:13  2218  c3-d4  c3d4 */
    PDN_TOK_STRENGTH,     /* ! ? !! ?? !? ?! and any run, or in (): (?) */
    PDN_TOK_FORCED,       /* * glued to a move: the forced-move mark */
    PDN_TOK_NAG,          /* $7 */
    PDN_TOK_RESULT,       /* 1-0 0-1 1/2-1/2 2-0 0-2 1-1 0-0 */
    PDN_TOK_ASTERISK,     /* * : game terminator, result unknown */
    PDN_TOK_COMMENT,      /* { ... } (not nested) */
    PDN_TOK_LINE_COMMENT, /* ; to the end of the line */
    PDN_TOK_ESCAPE,       /* % at the start of a line, to its end */
    PDN_TOK_SETUP,        /* /FEN "..."/ */
    PDN_TOK_IDENT,        /* a tag name: a letter, then letters, digits, _ */
    PDN_TOK_WORD,         /* any other run of text (prose, junk) */
    PDN_TOK_ERROR,        /* a byte that starts no token, or an unclosed
                             comment or string at the end of the input */
    PDN_TOK_KIND_COUNT
} pdn_token_kind;

typedef struct pdn_token {
    pdn_token_kind kind;
    uint32_t len;     /* bytes */
    uint64_t off;     /* byte offset in the input */
    const char *text; /* the bytes, in the reader's buffer */
    uint32_t line;    /* 1-based line of its first byte */
    uint32_t col;     /* 1-based column, in characters */
    bool plain;       /* STRING (else unset): no backslash and no byte
                         above 0x7F, so the value is the bytes between the
                         quotes as they are */
    uint8_t from, to; /* MOVE: two squares of one or two digits, 1 to 99,
                         and one separator ("22-18", "9x13"), as the lexer
                         read them; else 0 (read the text) */
    uint32_t number;  /* MOVE_NUMBER: its value ("12..." is 12) */
} pdn_token;

/** A stable upper-case name for @kind ("MOVE"), for traces and tests. */
const char *pdn_token_kind_name(pdn_token_kind kind);

#endif
