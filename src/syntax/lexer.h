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
 * pdn_lexer_init(); the fields are the lexer's own, and those of the scans
 * it shares with the parser's node builder (syntax/scan.h).  Copying it
 * saves the position (the parser backtracks this way). */
typedef struct pdn_lexer {
    const char *buf;
    size_t len;
    size_t pos;
    uint64_t base;   /* offset in the input of buf[0] */
    bool final;      /* buf ends where the input ends */
    bool line_start; /* buf[0] starts a line */
    size_t glue;     /* end of the last move or strength mark, for '*' */
    /* Where the lexer stands: line, and the column of byte i on it is
     * col_base + (i - line_from) - cont, cont counting the UTF-8
     * continuation bytes passed since line_from. */
    uint32_t line;
    uint32_t col_base;
    size_t line_from;
    size_t cont;
} pdn_lexer;

/** Starts reading @len bytes at @buf, which stand at offset @base of the
 * input; buf[len] must be a NUL byte (the lexer reads it as a blank, which
 * spares it a bounds check per byte).  @final: nothing follows them.
 * @line_start: buf[0] begins a line (needed for '%' escapes). */
void pdn_lexer_init(pdn_lexer *lx, const char *buf, size_t len, uint64_t base,
                    bool final, bool line_start);

/** Moves the lexer to @pos, where the input is at @line and @col.
 * pdn_lexer_init() starts at 0, line 1, column 1.  Columns count UTF-8
 * characters: every byte but the continuation bytes (10xxxxxx). */
void pdn_lexer_seek(pdn_lexer *lx, size_t pos, uint32_t line, uint32_t col);

/** Skips to @pos (at or after the current position) as if the bytes
 * between had been read: lines and columns follow. */
void pdn_lexer_skip(pdn_lexer *lx, size_t pos);

/** Reads the next token into @tok and returns its kind.  PDN_TOK_MORE
 * means the buffer ends before the token is known to end: give the lexer
 * more input (with the same bytes from tok->off on) and read again. */
pdn_token_kind pdn_lexer_next(pdn_lexer *lx, pdn_token *tok);

/** Reads up to @max tokens of the commonest kinds into @toks, as
 * pdn_lexer_next() would read them but the short way: moves of two
 * squares of one or two digits followed by a blank ("22-18", with from
 * and to set) and move numbers of one or two digits ("12.", with number
 * set).  Stops before any other token, which pdn_lexer_next() then reads.
 * Returns how many were read.  The parser reads the same tokens straight
 * into nodes (syntax/scan.h, pdn_add_moves()); the tests hold this form
 * against the reference lexer. */
size_t pdn_lexer_run(pdn_lexer *lx, pdn_token *toks, size_t max);

/** Longest tag value pdn_lexer_tag() reads, quotes included. */
#define PDN_LEXER_TAG_VALUE_MAX 4096

/** After a '[': reads the rest of a tag written the usual way on one line
 * -- a name starting with a capital, its value with no escape or control
 * byte, ']' -- into toks[0] (IDENT), toks[1] (STRING) and
 * toks[2] (RBRACKET), as pdn_lexer_next() would.  Returns 3; or 0, with
 * nothing read, for anything else (which pdn_lexer_next() then reads).
 * The parser reads the same tags straight into the game's tags
 * (syntax/scan.h, pdn_usual_tag()); the tests hold this form against the
 * reference lexer. */
size_t pdn_lexer_tag(pdn_lexer *lx, pdn_token *toks);

#endif
