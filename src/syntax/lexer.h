/* lexer.h -- the hand-written PDN lexer: bytes to tokens, pull-based,
 * allocation-free, knowing nothing of games (grammar/tokens is its
 * specification).
 */
#ifndef PDN_SYNTAX_LEXER_H
#define PDN_SYNTAX_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syntax/token.h"

/** Lexer state over one buffer.  Caller-owned: set it up with
 * pdn_lexer_init(); the fields are the lexer's own.  Copying it saves the
 * position (the parser backtracks this way). */
typedef struct pdn_lexer {
    const char *buf;
    size_t len;
    size_t pos;
    uint64_t base;    /* offset in the input of buf[0] */
    bool final;       /* buf ends where the input ends */
    bool line_start;  /* buf[0] starts a line */
    size_t glue;      /* end of the last move or strength mark, for '*' */
} pdn_lexer;

/** Starts reading @len bytes at @buf, which stand at offset @base of the
 * input; buf[len] must be a NUL byte (the lexer reads it as a stop, which
 * spares it a bounds check per byte).  @final: nothing follows them.  @line_start: buf[0] begins a
 * line (needed for '%' escapes). */
void pdn_lexer_init(pdn_lexer *lx, const char *buf, size_t len,
                    uint64_t base, bool final, bool line_start);

/** Reads the next token into @tok and returns its kind.  PDN_TOK_MORE
 * means the buffer ends before the token is known to end: give the lexer
 * more input (with the same bytes from tok->off on) and read again. */
pdn_token_kind pdn_lexer_next(pdn_lexer *lx, pdn_token *tok);

#endif
