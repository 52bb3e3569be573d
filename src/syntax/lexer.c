/* lexer.c -- the PDN lexer (grammar/tokens).  One pass over the bytes with
 * a class table; memchr for comments and line ends.  Every token is a span
 * of the buffer; nothing is copied.
 */
#include "syntax/lexer.h"

#include <string.h>

/* ---- Character classes ---- */

enum {
    C_SPACE = 1,  /* blank or line end */
    C_DIGIT = 2,  /* 0-9 */
    C_FILE = 4,   /* a-h: the file of an alphanumeric square */
    C_UPPER = 8,  /* A-Z: starts a tag name */
    C_IDENT = 16, /* letters, digits, _ : go on in a tag name */
    C_STOP = 32,  /* ends a word: blanks and [ ] { } ( ) " ; */
    C_SEP = 64,   /* - x X : between squares */
    C_MARK = 128, /* ! ? */
};

#define CL(ch)                                                                 \
    (unsigned char)(((ch) == 0 ? C_SPACE | C_STOP : 0) |                       \
        ((ch) == ' ' || ((ch) >= '\t' && (ch) <= '\r') ? C_SPACE | C_STOP     \
                                                       : 0) |                  \
        ((ch) >= '0' && (ch) <= '9' ? C_DIGIT | C_IDENT : 0) |                 \
        ((ch) >= 'a' && (ch) <= 'h' ? C_FILE : 0) |                            \
        ((ch) >= 'A' && (ch) <= 'Z' ? C_UPPER | C_IDENT : 0) |                 \
        (((ch) >= 'a' && (ch) <= 'z') || (ch) == '_' ? C_IDENT : 0) |          \
        ((ch) == '[' || (ch) == ']' || (ch) == '{' || (ch) == '}' ||           \
                 (ch) == '(' || (ch) == ')' || (ch) == '"' || (ch) == ';'      \
             ? C_STOP                                                          \
             : 0) |                                                            \
        ((ch) == '-' || (ch) == 'x' || (ch) == 'X' || (ch) == ':' ? C_SEP      \
                                                                  : 0) |       \
        ((ch) == '!' || (ch) == '?' ? C_MARK : 0))
#define ROW(b)                                                                 \
    CL(b + 0), CL(b + 1), CL(b + 2), CL(b + 3), CL(b + 4), CL(b + 5),          \
        CL(b + 6), CL(b + 7), CL(b + 8), CL(b + 9), CL(b + 10), CL(b + 11),    \
        CL(b + 12), CL(b + 13), CL(b + 14), CL(b + 15)

static const unsigned char class_table[256] = {
    ROW(0x00), ROW(0x10), ROW(0x20), ROW(0x30), ROW(0x40), ROW(0x50),
    ROW(0x60), ROW(0x70), ROW(0x80), ROW(0x90), ROW(0xA0), ROW(0xB0),
    ROW(0xC0), ROW(0xD0), ROW(0xE0), ROW(0xF0),
};

/* The class of a byte.  NUL is a blank (and so a stop): the NUL after
 * every buffer (lexer.h) ends any scan, and the blank-skipping loop checks
 * the end when it meets one. */
static inline unsigned char
class_of(char ch)
{
    return class_table[(unsigned char)ch];
}

/* Class and byte tests at @i.  No bounds check: buf[len] is a NUL, whose
 * class is a blank and a stop, and every scan stops there before it looks
 * further. */
static inline int
is(const pdn_lexer *lx, size_t i, int cls)
{
    return class_of(lx->buf[i]) & cls;
}

static inline int
at(const pdn_lexer *lx, size_t i, char ch)
{
    return lx->buf[i] == ch;
}

/* ---- Token ends ---- */

/* ---- Lines and columns ---- */

static inline void
new_line(pdn_lexer *lx, size_t next)
{
    lx->line++;
    lx->line_from = next;
    lx->col_base = 1;
    lx->cont = 0;
}

/* Follows the lines and characters of the bytes from @from to @to. */
static void
pass_over(pdn_lexer *lx, size_t from, size_t to)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    for (size_t i = from; i < to; i++) {
        unsigned char c = b[i];
        if (c < 0x80) {
            if (c == '\n' || (c == '\r' && b[i + 1] != '\n'))
                new_line(lx, i + 1);
        } else if ((c & 0xC0) == 0x80 && !lx->bytes_are_chars) {
            lx->cont++;
        }
    }
}

/* ---- Token ends ---- */

/* Hands out the token from @start to @end: its position, then the lines
 * and characters it covers when it may hold line ends or non-ASCII. */
static inline pdn_token_kind
emit(pdn_lexer *lx, pdn_token *tok, pdn_token_kind kind, size_t start,
     size_t end)
{
    tok->kind = kind;
    tok->off = lx->base + start;
    tok->text = lx->buf + start;
    tok->len = (uint32_t)(end - start);
    tok->line = lx->line;
    tok->col = lx->col_base + (uint32_t)(start - lx->line_from - lx->cont);
    lx->pos = end;
    switch (kind) {
    case PDN_TOK_MOVE:
    case PDN_TOK_STRENGTH:
        lx->glue = end;
        break;
    case PDN_TOK_COMMENT:
    case PDN_TOK_STRING:
    case PDN_TOK_WORD:
    case PDN_TOK_ERROR:
    case PDN_TOK_SETUP:
    case PDN_TOK_LINE_COMMENT:
    case PDN_TOK_ESCAPE:
        pass_over(lx, start, end);
        break;
    default:
        break;
    }
    return kind;
}

/* Ends the token that started at @start and runs to @end.  A token that
 * touches the end of a buffer that is not the last may go on in the next
 * one: then the answer is PDN_TOK_MORE and nothing is consumed. */
static inline pdn_token_kind
finish(pdn_lexer *lx, pdn_token *tok, pdn_token_kind kind, size_t start,
       size_t end)
{
    if (end >= lx->len && !lx->final && kind != PDN_TOK_EOF) {
        emit(lx, tok, PDN_TOK_MORE, start, start);
        lx->pos = start;
        return PDN_TOK_MORE;
    }
    return emit(lx, tok, kind, start, end);
}

/* Up to and including the byte @ch; to the end if there is none. */
static size_t
through(const pdn_lexer *lx, size_t from, char ch, int *found)
{
    const char *p = memchr(lx->buf + from, ch, lx->len - from);
    *found = p != NULL;
    return p ? (size_t)(p - lx->buf) + 1 : lx->len;
}

/* ---- Token classes ---- */

/* The first line end in [from, to) that is followed by '[' and a letter
 * (the tags of the next game), or @to. */
static size_t
next_tags(const pdn_lexer *lx, size_t from, size_t to)
{
    for (size_t i = from; i < to;) {
        const char *b = memchr(lx->buf + i, '[', to - i);
        if (!b)
            break;
        size_t at = (size_t)(b - lx->buf);
        if (at > from && (b[-1] == '\n' || b[-1] == '\r') &&
            ((b[1] >= 'A' && b[1] <= 'Z') || (b[1] >= 'a' && b[1] <= 'z')))
            return at - 1 - (at >= 2 && b[-1] == '\n' && b[-2] == '\r');
        i = at + 1;
    }
    return to;
}

/* { comment } -- not nested.  A comment left open ends, as an error, at
 * the line end before the next game's tags ('[' and a letter first on a
 * line), so that one open brace does not take the games after it. */
static pdn_token_kind
lex_comment(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    int found;
    size_t end = through(lx, start + 1, '}', &found);
    size_t tags = next_tags(lx, start + 1, end);
    if (tags < end)
        return emit(lx, tok, PDN_TOK_ERROR, start, tags);
    if (!found && !lx->final)
        return finish(lx, tok, PDN_TOK_COMMENT, start, lx->len);
    return finish(lx, tok, found ? PDN_TOK_COMMENT : PDN_TOK_ERROR, start,
                  end);
}

/* To the end of the line: LF, CR or CRLF, which is not part of the token.
 * At the end of a buffer that is not the last, the line may go on. */
static pdn_token_kind
lex_line(pdn_lexer *lx, pdn_token *tok, size_t start, pdn_token_kind kind)
{
    size_t end = start;
    while (end < lx->len && lx->buf[end] != '\n' && lx->buf[end] != '\r')
        end++;
    if (end >= lx->len && !lx->final)
        return finish(lx, tok, kind, start, lx->len);
    return emit(lx, tok, kind, start, end);
}

/* "string": \" and \\ are escapes; a backslash before the closing quote
 * of a tag ("C:\dir\" ]) is taken as a plain backslash. */
static pdn_token_kind
lex_string(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    size_t i = start + 1;
    for (;; i++) {
        char ch = lx->buf[i];
        if (ch != '"' && ch != '\\' && ch != '\n' && ch != '\r' && ch)
            continue;
        if (ch == '"')
            return finish(lx, tok, PDN_TOK_STRING, start, i + 1);
        if (ch == '\\' && (lx->buf[i + 1] == '\\' || lx->buf[i + 1] == '"')) {
            size_t j = i + 2;
            while (lx->buf[j] == ' ' || lx->buf[j] == '\t')
                j++;
            if (lx->buf[i + 1] == '"' &&
                (at(lx, j, ']') || at(lx, j, '\n') || at(lx, j, '\r') ||
                 j >= lx->len))
                return finish(lx, tok, PDN_TOK_STRING, start, i + 2);
            i++;
            continue;
        }
        if (ch == '\n' || ch == '\r' || i >= lx->len)
            break; /* a quote left open ends with its line, not the file */
    }
    if (i >= lx->len && !lx->final)
        return finish(lx, tok, PDN_TOK_STRING, start, lx->len);
    return emit(lx, tok, PDN_TOK_ERROR, start, i);
}

/* /FEN "..."/ on one line (LF or CR ends it), the command starting with
 * a capital. */
static pdn_token_kind
lex_setup(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    size_t i = start + 1;
    while (at(lx, i, ' '))
        i++;
    if (is(lx, i, C_UPPER)) {
        for (; i < lx->len && lx->buf[i] != '\n' && lx->buf[i] != '\r'; i++)
            if (lx->buf[i] == '/')
                return finish(lx, tok, PDN_TOK_SETUP, start, i + 1);
        if (i >= lx->len && !lx->final)
            return finish(lx, tok, PDN_TOK_SETUP, start, lx->len);
    }
    return PDN_TOK_WORD; /* the caller reads it as a word */
}

/* A word: up to a blank or one of [ ] { } ( ) " ; */
static pdn_token_kind
lex_word(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    size_t i = start + 1;
    while (!(class_of(lx->buf[i]) & C_STOP))
        i++;
    return finish(lx, tok, PDN_TOK_WORD, start, i);
}

/* Digits from @i (at most @max); returns how many. */
static size_t
digits(const pdn_lexer *lx, size_t i, size_t max)
{
    size_t n = 0;
    while (n < max + 1 && is(lx, i + n, C_DIGIT))
        n++;
    return n;
}

/* 1-0 0-1 2-0 0-2 1-1 0-0 1/2-1/2 at @i, not followed by more of a move:
 * its length, or 0. */
static size_t
result_length(const pdn_lexer *lx, size_t i)
{
    const char *p = lx->buf + i;
    size_t left = lx->len - i;
    if (left < 3 || p[0] < '0' || p[0] > '2')
        return 0;
    if (p[1] == '/')
        return left >= 7 && memcmp(p, "1/2-1/2", 7) == 0 &&
                       !is(lx, i + 7, C_DIGIT)
                   ? 7
                   : 0;
    if (p[1] != '-' || p[2] < '0' || p[2] > '2' ||
        is(lx, i + 3, C_DIGIT | C_SEP))
        return 0;
    /* two digits from 0 to 2: all but 1-2, 2-1, 2-2 are results */
    return (p[0] == '2' && p[2] != '0') || (p[0] == '1' && p[2] == '2') ? 0
                                                                        : 3;
}

/* Whether four digits read as two squares of a board (1 to 50): "2218"
 * is a move, "1996" is not. */
static int
compact_squares(const char *p)
{
    int a = (p[0] - '0') * 10 + (p[1] - '0');
    int b = (p[2] - '0') * 10 + (p[3] - '0');
    return a >= 1 && a <= 50 && b >= 1 && b <= 50;
}

/* Starting with a digit: a move number, a result, a numeric move, or a
 * word. */
static pdn_token_kind
lex_number(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    size_t r = result_length(lx, start);
    if (r)
        return finish(lx, tok, PDN_TOK_RESULT, start, start + r);
    size_t n = digits(lx, start, 8);
    size_t i = start + n;
    if (at(lx, i, '.')) {
        while (at(lx, i, '.'))
            i++;
        return finish(lx, tok, PDN_TOK_MOVE_NUMBER, start, i);
    }
    if (n <= 3 && is(lx, i, C_SEP)) {
        /* squares of one to three digits (leading zeros allowed); blanks
         * may follow a separator in column-aligned files: "1- 6" */
        size_t squares = 1;
        while (is(lx, i, C_SEP)) {
            size_t j = i + 1;
            while (at(lx, j, ' '))
                j++;
            size_t m = digits(lx, j, 3);
            if (m == 0 || m > 3)
                break;
            i = j + m;
            squares++;
        }
        if (squares >= 2)
            return finish(lx, tok, PDN_TOK_MOVE, start, i);
    }
    if (n == 4 && !is(lx, i, C_IDENT) && compact_squares(lx->buf + start))
        return finish(lx, tok, PDN_TOK_MOVE, start, i); /* "2218" */
    return lex_word(lx, tok, start);
}

/* Starting with a letter: an alphanumeric move ("c3-d4", "c3d4",
 * "a5xc7xe5"), a tag name, or a word. */
static pdn_token_kind
lex_letters(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    size_t i = start, squares = 0;
    for (;;) {
        if (!(is(lx, i, C_FILE) && is(lx, i + 1, C_DIGIT) &&
              lx->buf[i + 1] >= '1' && lx->buf[i + 1] <= '8'))
            break;
        i += 2;
        squares++;
        if (is(lx, i, C_SEP) && is(lx, i + 1, C_FILE))
            i++;
        else if (!is(lx, i, C_FILE))
            break;
    }
    if (squares >= 2 && !is(lx, i, C_IDENT) && lx->buf[i - 1] != '-' &&
        lx->buf[i - 1] != 'x' && lx->buf[i - 1] != ':')
        return finish(lx, tok, PDN_TOK_MOVE, start, i);
    if (is(lx, start, C_UPPER)) {
        i = start + 1;
        while (is(lx, i, C_IDENT))
            i++;
        if (i >= lx->len || (class_of(lx->buf[i]) & C_STOP))
            return finish(lx, tok, PDN_TOK_IDENT, start, i);
    }
    return lex_word(lx, tok, start);
}

/* ---- The lexer ---- */

void
pdn_lexer_init(pdn_lexer *lx, const char *buf, size_t len, uint64_t base,
               bool final, bool line_start)
{
    lx->buf = buf;
    lx->len = len;
    lx->pos = 0;
    lx->base = base;
    lx->final = final;
    lx->line_start = line_start;
    lx->glue = (size_t)-1;
    lx->line = 1;
    lx->col_base = 1;
    lx->line_from = 0;
    lx->cont = 0;
    lx->bytes_are_chars = false;
}

void
pdn_lexer_seek(pdn_lexer *lx, size_t pos, uint32_t line, uint32_t col,
               bool bytes_are_chars)
{
    lx->pos = pos;
    lx->line = line;
    lx->col_base = col;
    lx->line_from = pos;
    lx->cont = 0;
    lx->bytes_are_chars = bytes_are_chars;
}

void
pdn_lexer_skip(pdn_lexer *lx, size_t pos)
{
    pass_over(lx, lx->pos, pos);
    lx->pos = pos;
}

pdn_token_kind
pdn_lexer_next(pdn_lexer *lx, pdn_token *tok)
{
    size_t i = lx->pos;
    for (;; i++) {
        char c = lx->buf[i];
        if (!(class_of(c) & C_SPACE) || (c == '\0' && i >= lx->len))
            break;
        if (c == '\n' || (c == '\r' && lx->buf[i + 1] != '\n'))
            new_line(lx, i + 1);
    }
    lx->pos = i;
    if (i >= lx->len)
        return finish(lx, tok, lx->final ? PDN_TOK_EOF : PDN_TOK_MORE, i, i);
    unsigned char ch = (unsigned char)lx->buf[i];
    switch (ch) {
    case '[':
        return finish(lx, tok, PDN_TOK_LBRACKET, i, i + 1);
    case ']':
        return finish(lx, tok, PDN_TOK_RBRACKET, i, i + 1);
    case ')':
        return finish(lx, tok, PDN_TOK_RPAREN, i, i + 1);
    case '(': {
        size_t j = i + 1;
        while (is(lx, j, C_MARK))
            j++;
        if (j > i + 1 && at(lx, j, ')'))
            return finish(lx, tok, PDN_TOK_STRENGTH, i, j + 1);
        if (j >= lx->len && !lx->final)
            return finish(lx, tok, PDN_TOK_MORE, i, lx->len);
        return finish(lx, tok, PDN_TOK_LPAREN, i, i + 1);
    }
    case '{':
        return lex_comment(lx, tok, i);
    case ';':
        return lex_line(lx, tok, i, PDN_TOK_LINE_COMMENT);
    case '"':
        return lex_string(lx, tok, i);
    case '%':
        if (i == 0 ? lx->line_start
                   : lx->buf[i - 1] == '\n' || lx->buf[i - 1] == '\r')
            return lex_line(lx, tok, i, PDN_TOK_ESCAPE);
        return lex_word(lx, tok, i);
    case '/':
        if (lex_setup(lx, tok, i) != PDN_TOK_WORD)
            return tok->kind;
        return lex_word(lx, tok, i);
    case '$':
        if (is(lx, i + 1, C_DIGIT)) {
            size_t j = i + 1;
            while (is(lx, j, C_DIGIT))
                j++;
            return finish(lx, tok, PDN_TOK_NAG, i, j);
        }
        return lex_word(lx, tok, i);
    case '*':
        return finish(lx, tok, i == lx->glue ? PDN_TOK_FORCED
                                             : PDN_TOK_ASTERISK,
                      i, i + 1);
    case '!':
    case '?': {
        size_t j = i + 1;
        while (is(lx, j, C_MARK))
            j++;
        return finish(lx, tok, PDN_TOK_STRENGTH, i, j);
    }
    case '-':
        if (i + 1 >= lx->len || (class_of(lx->buf[i + 1]) &
                                 C_STOP))
            return finish(lx, tok, PDN_TOK_DASH, i, i + 1);
        return lex_word(lx, tok, i);
    case '.':
        if (at(lx, i + 1, '.') && at(lx, i + 2, '.') &&
            (i + 3 >= lx->len ||
             (class_of(lx->buf[i + 3]) & C_STOP)))
            return finish(lx, tok, PDN_TOK_ELLIPSIS, i, i + 3);
        return lex_word(lx, tok, i);
    default:
        break;
    }
    unsigned char cls = class_of((char)ch);
    if (cls & C_DIGIT)
        return lex_number(lx, tok, i);
    if (cls & (C_IDENT))
        return lex_letters(lx, tok, i);
    return lex_word(lx, tok, i);
}

const char *
pdn_token_kind_name(pdn_token_kind kind)
{
    static const char *const names[PDN_TOK_KIND_COUNT] = {
        [PDN_TOK_EOF] = "EOF",
        [PDN_TOK_MORE] = "MORE",
        [PDN_TOK_LBRACKET] = "LBRACKET",
        [PDN_TOK_RBRACKET] = "RBRACKET",
        [PDN_TOK_STRING] = "STRING",
        [PDN_TOK_LPAREN] = "LPAREN",
        [PDN_TOK_RPAREN] = "RPAREN",
        [PDN_TOK_MOVE_NUMBER] = "MOVE_NUMBER",
        [PDN_TOK_ELLIPSIS] = "ELLIPSIS",
        [PDN_TOK_DASH] = "DASH",
        [PDN_TOK_MOVE] = "MOVE",
        [PDN_TOK_STRENGTH] = "STRENGTH",
        [PDN_TOK_FORCED] = "FORCED",
        [PDN_TOK_NAG] = "NAG",
        [PDN_TOK_RESULT] = "RESULT",
        [PDN_TOK_ASTERISK] = "ASTERISK",
        [PDN_TOK_COMMENT] = "COMMENT",
        [PDN_TOK_LINE_COMMENT] = "LINE_COMMENT",
        [PDN_TOK_ESCAPE] = "ESCAPE",
        [PDN_TOK_SETUP] = "SETUP",
        [PDN_TOK_IDENT] = "IDENT",
        [PDN_TOK_WORD] = "WORD",
        [PDN_TOK_ERROR] = "ERROR",
    };
    return (unsigned)kind < PDN_TOK_KIND_COUNT ? names[kind] : "?";
}
