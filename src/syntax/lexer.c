/* lexer.c -- the PDN lexer (grammar/tokens).  One pass over the bytes with
 * a class table; strings, comments and line ends are scanned eight bytes
 * at a time.  Every token is a span of the buffer; nothing is copied.
 */
#include "syntax/lexer.h"

#include <string.h>

#include "syntax/scan.h"

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
                    ((ch) == ' ' || ((ch) >= '\t' && (ch) <= '\r')             \
                         ? C_SPACE | C_STOP                                    \
                         : 0) |                                                \
                    ((ch) >= '0' && (ch) <= '9' ? C_DIGIT | C_IDENT : 0) |     \
                    ((ch) >= 'a' && (ch) <= 'h' ? C_FILE : 0) |                \
                    ((ch) >= 'A' && (ch) <= 'Z' ? C_UPPER | C_IDENT : 0) |     \
                    (((ch) >= 'a' && (ch) <= 'z') || (ch) == '_' ? C_IDENT     \
                                                                 : 0) |        \
                    ((ch) == '[' || (ch) == ']' || (ch) == '{' ||              \
                             (ch) == '}' || (ch) == '(' || (ch) == ')' ||      \
                             (ch) == '"' || (ch) == ';'                        \
                         ? C_STOP                                              \
                         : 0) |                                                \
                    ((ch) == '-' || (ch) == 'x' || (ch) == 'X' || (ch) == ':'  \
                         ? C_SEP                                               \
                         : 0) |                                                \
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

/* ---- Lines and columns ---- */

/* The token ends below are inlined at every call: each is a few stores,
 * and a call costs as much.  The readers of the longer token classes are
 * not inlined into pdn_lexer_next(), which jumps to them: that keeps it
 * small enough to save no registers for one-byte tokens. */
#if defined(__GNUC__)
#define TOKEN_END inline __attribute__((always_inline))
#define TOKEN_CLASS __attribute__((noinline))
#else
#define TOKEN_END inline
#define TOKEN_CLASS
#endif

/* Follows the lines and characters of the bytes from @from to @to: words
 * with no line end and no byte above 0x7F (or none that counts) are passed
 * whole. */
static void
pass_over(pdn_lexer *lx, size_t from, size_t to)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    uint64_t high = PDN_SCAN_HIGHS;
    size_t i = from;
    for (; i + 8 <= to; i += 8) {
        uint64_t x = pdn_scan_load8(lx->buf + i);
        if (!(pdn_scan_bytes_eq(x, '\n') | pdn_scan_bytes_eq(x, '\r') |
              (x & high)))
            continue;
        for (size_t k = i; k < i + 8; k++) {
            unsigned char c = b[k];
            if (c == '\n' || (c == '\r' && b[k + 1] != '\n'))
                pdn_scan_new_line(lx, k + 1);
            else if ((c & 0xC0) == 0x80)
                lx->cont++;
        }
    }
    for (; i < to; i++) {
        unsigned char c = b[i];
        if (c == '\n' || (c == '\r' && b[i + 1] != '\n'))
            pdn_scan_new_line(lx, i + 1);
        else if ((c & 0xC0) == 0x80)
            lx->cont++;
    }
}

/* ---- Token ends ---- */

/* Hands out the token from @start to @end, with its position. */
static TOKEN_END pdn_token_kind
emit(pdn_lexer *lx, pdn_token *tok, pdn_token_kind kind, size_t start,
     size_t end)
{
    tok->kind = kind;
    tok->off = lx->base + start;
    tok->text = lx->buf + start;
    tok->len = (uint32_t)(end - start);
    tok->line = lx->line;
    tok->col = pdn_scan_col(lx, start);
    lx->pos = end;
    if (kind == PDN_TOK_MOVE || kind == PDN_TOK_STRENGTH)
        lx->glue = end;
    return kind;
}

/* Ends the token that started at @start and runs to @end.  A token that
 * touches the end of a buffer that is not the last may go on in the next
 * one: then the answer is PDN_TOK_MORE and nothing is consumed. */
static TOKEN_END pdn_token_kind
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

/* Ends a token of text on one line (no line end inside): the UTF-8
 * characters it holds move the columns after it.  @high has a high bit
 * set if a byte of it may be above 0x7F. */
static inline pdn_token_kind
finish_text(pdn_lexer *lx, pdn_token *tok, pdn_token_kind kind, size_t start,
            size_t end, uint64_t high)
{
    kind = finish(lx, tok, kind, start, end);
    if (kind != PDN_TOK_MORE && (high & PDN_SCAN_HIGHS))
        lx->cont += pdn_scan_continuations(lx->buf, start, end);
    return kind;
}

/* Ends a token that may hold line ends. */
static pdn_token_kind
finish_lines(pdn_lexer *lx, pdn_token *tok, pdn_token_kind kind, size_t start,
             size_t end)
{
    kind = finish(lx, tok, kind, start, end);
    if (kind != PDN_TOK_MORE)
        pass_over(lx, start, end);
    return kind;
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
static TOKEN_CLASS pdn_token_kind
lex_comment(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    int found;
    size_t end = through(lx, start + 1, '}', &found);
    size_t tags = next_tags(lx, start + 1, end);
    if (tags < end) {
        emit(lx, tok, PDN_TOK_ERROR, start, tags);
        pass_over(lx, start, tags);
        return PDN_TOK_ERROR;
    }
    if (!found && !lx->final)
        return finish(lx, tok, PDN_TOK_COMMENT, start, lx->len);
    return finish_lines(lx, tok, found ? PDN_TOK_COMMENT : PDN_TOK_ERROR, start,
                        end);
}

/* To the end of the line: LF, CR or CRLF, which is not part of the token.
 * At the end of a buffer that is not the last, the line may go on. */
static TOKEN_CLASS pdn_token_kind
lex_line(pdn_lexer *lx, pdn_token *tok, size_t start, pdn_token_kind kind)
{
    const char *b = lx->buf;
    size_t end = start;
    uint64_t high = 0;
    for (; end + 8 <= lx->len; end += 8) {
        uint64_t x = pdn_scan_load8(b + end);
        uint64_t m = pdn_scan_bytes_eq(x, '\n') | pdn_scan_bytes_eq(x, '\r');
        high |= x;
        if (m) {
            end += pdn_scan_first_byte(m);
            return finish_text(lx, tok, kind, start, end, high);
        }
    }
    for (; end < lx->len && b[end] != '\n' && b[end] != '\r'; end++)
        high |= (unsigned char)b[end];
    if (end >= lx->len && !lx->final)
        return finish(lx, tok, kind, start, lx->len);
    emit(lx, tok, kind, start, end);
    if (high & PDN_SCAN_HIGHS)
        lx->cont += pdn_scan_continuations(b, start, end);
    return kind;
}

/* Whether a \" that ends at @i closes its string (grammar/tokens,
 * STRING): when blanks and then a line end or the end of the input
 * follow, or ']' that no later '"' and ']' on the line follow before a
 * tag's '[' ([Comment "C:\dir\"], but [Event "a\"]b"] holds a"]b).
 * 1 or 0; -1 when the line runs past a buffer that is not the last. */
static int
quote_closes(const pdn_lexer *lx, size_t i)
{
    const char *b = lx->buf;
    while (i < lx->len && (b[i] == ' ' || b[i] == '\t'))
        i++;
    if (i >= lx->len)
        return lx->final ? 1 : -1;
    if (b[i] == '\n' || b[i] == '\r')
        return 1;
    if (b[i] != ']')
        return 0;
    for (size_t k = i + 1; k < lx->len; k++) {
        char c = b[k];
        if (c == '\n' || c == '\r')
            return 1;
        if (c == '[' && ((b[k + 1] >= 'A' && b[k + 1] <= 'Z') ||
                         (b[k + 1] >= 'a' && b[k + 1] <= 'z')))
            return 1;
        if (c == '"') {
            size_t m = k + 1;
            while (m < lx->len && (b[m] == ' ' || b[m] == '\t'))
                m++;
            if (m < lx->len && b[m] == ']')
                return 0; /* a later quote closes it: this one is escaped */
            if (m >= lx->len && !lx->final)
                return -1;
        }
    }
    return lx->final ? 1 : -1;
}

/* "string": \" and \\ are escapes; a backslash before the closing quote
 * of a tag ("C:\dir\" ]) is taken as a plain backslash.  Words with no
 * quote, backslash or control byte below 14 (line ends, NUL) are passed
 * whole. */
static TOKEN_CLASS pdn_token_kind
lex_string(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    const char *b = lx->buf;
    size_t i = start + 1;
    uint64_t high = 0;
    bool backslash = false;
    for (;; i++) {
        i = pdn_scan_string_stop(b, i, lx->len, &high);
        char ch = b[i];
        if (ch != '"' && ch != '\\' && ch != '\n' && ch != '\r' && ch)
            continue;
        if (ch == '"') {
            pdn_token_kind k =
                finish_text(lx, tok, PDN_TOK_STRING, start, i + 1, high);
            tok->plain = !backslash && !(high & PDN_SCAN_HIGHS);
            return k;
        }
        backslash |= ch == '\\';
        if (ch == '\\' && (b[i + 1] == '\\' || b[i + 1] == '"')) {
            int closes = b[i + 1] == '"' ? quote_closes(lx, i + 2) : 0;
            if (closes < 0) /* the line goes on past the buffer */
                return finish(lx, tok, PDN_TOK_STRING, start, lx->len);
            if (closes) {
                tok->plain = false;
                return finish_text(lx, tok, PDN_TOK_STRING, start, i + 2, high);
            }
            i++;
            continue;
        }
        if (ch == '\n' || ch == '\r' || i >= lx->len)
            break; /* a quote left open ends with its line, not the file */
    }
    if (i >= lx->len && !lx->final)
        return finish(lx, tok, PDN_TOK_STRING, start, lx->len);
    emit(lx, tok, PDN_TOK_ERROR, start, i);
    if (high & PDN_SCAN_HIGHS)
        lx->cont += pdn_scan_continuations(b, start, i);
    return PDN_TOK_ERROR;
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
                return finish_text(lx, tok, PDN_TOK_SETUP, start, i + 1,
                                   PDN_SCAN_HIGHS);
        if (i >= lx->len && !lx->final)
            return finish(lx, tok, PDN_TOK_SETUP, start, lx->len);
    }
    return PDN_TOK_WORD; /* the caller reads it as a word */
}

/* A word: up to a blank or one of [ ] { } ( ) " ; */
static TOKEN_CLASS pdn_token_kind
lex_word(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    const char *b = lx->buf;
    unsigned char high = (unsigned char)b[start];
    size_t i = start + 1;
    while (!(class_of(b[i]) & C_STOP))
        high |= (unsigned char)b[i++];
    return finish_text(lx, tok, PDN_TOK_WORD, start, i, high);
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
    return (p[0] == '2' && p[2] != '0') || (p[0] == '1' && p[2] == '2') ? 0 : 3;
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

static inline int
is_digit(char c)
{
    return (unsigned)((unsigned char)c - '0') < 10;
}

/* The commonest tokens of a movetext, read the short way: a move of two
 * squares of one or two digits with one separator, followed by a blank
 * ("22-18 ", "9x13\n"), its squares kept in the token; and a move number
 * of one or two digits ("12.", "7..."), its value kept.  Anything else,
 * and anything that lex_number() might read otherwise (a result such as
 * "1-0", a square 0, a token that may go on in the next buffer), gives
 * PDN_TOK_EOF with nothing read: then lex_number() reads it.  Every byte
 * looked at lies at or before buf[len], the NUL. */
static TOKEN_END pdn_token_kind
lex_common(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    const char *u = lx->buf + start, *e;
    unsigned a, b;
    const char *q = pdn_scan_digits(u, &a);
    if (*q == '.') {
        if (!(e = pdn_scan_dots(u, q, lx->buf + lx->len)))
            return PDN_TOK_EOF;
        tok->number = a;
        return emit(lx, tok, PDN_TOK_MOVE_NUMBER, start,
                    start + (size_t)(e - u));
    }
    if (!(e = pdn_scan_move(u, q, a, &b)))
        return PDN_TOK_EOF;
    tok->from = (uint8_t)a;
    tok->to = (uint8_t)b;
    return emit(lx, tok, PDN_TOK_MOVE, start, start + (size_t)(e - u));
}

/* Starting with a digit: a move number, a result, a numeric move, or a
 * word. */
static TOKEN_CLASS pdn_token_kind
lex_number(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    const char *b = lx->buf;
    tok->from = tok->to = 0;
    if (b[start] <= '2' && (b[start + 1] == '-' || b[start + 1] == '/')) {
        size_t r = result_length(lx, start);
        if (r)
            return finish(lx, tok, PDN_TOK_RESULT, start, start + r);
    }
    size_t n = 1; /* digits, up to 9 */
    while (n < 9 && is_digit(b[start + n]))
        n++;
    size_t i = start + n;
    if (b[i] == '.') {
        uint32_t v = 0;
        for (size_t k = start; k < i; k++)
            v = v * 10 + (uint32_t)(b[k] - '0');
        tok->number = v;
        while (b[i] == '.')
            i++;
        return finish(lx, tok, PDN_TOK_MOVE_NUMBER, start, i);
    }
    if (n <= 3 && is(lx, i, C_SEP)) {
        /* squares of one to three digits (leading zeros allowed); blanks
         * may follow a separator in column-aligned files: "1- 6" */
        size_t squares = 1;
        while (is(lx, i, C_SEP)) {
            size_t j = i + 1;
            while (b[j] == ' ')
                j++;
            size_t m = 0;
            while (m < 4 && is_digit(b[j + m]))
                m++;
            if (m == 0 || m > 3)
                break;
            i = j + m;
            squares++;
        }
        if (squares >= 2)
            return finish(lx, tok, PDN_TOK_MOVE, start, i);
    }
    if (n == 4 && !is(lx, i, C_IDENT) && compact_squares(b + start))
        return finish(lx, tok, PDN_TOK_MOVE, start, i); /* "2218" */
    return lex_word(lx, tok, start);
}

/* Starting with a letter: an alphanumeric move ("c3-d4", "c3d4",
 * "a5xc7xe5"), a tag name, or a word. */
static TOKEN_CLASS pdn_token_kind
lex_letters(pdn_lexer *lx, pdn_token *tok, size_t start)
{
    size_t i = start, squares = 0;
    tok->from = tok->to = 0;
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
}

void
pdn_lexer_seek(pdn_lexer *lx, size_t pos, uint32_t line, uint32_t col)
{
    lx->pos = pos;
    lx->line = line;
    lx->col_base = col;
    lx->line_from = pos;
    lx->cont = 0;
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
    size_t i = pdn_scan_blanks(lx, lx->pos);
    lx->pos = i;
    if (i >= lx->len)
        return finish(lx, tok, lx->final ? PDN_TOK_EOF : PDN_TOK_MORE, i, i);
    unsigned char ch = (unsigned char)lx->buf[i];
    if (is_digit((char)ch)) { /* moves and move numbers: most tokens */
        pdn_token_kind k = lex_common(lx, tok, i);
        return k != PDN_TOK_EOF ? k : lex_number(lx, tok, i);
    }
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
        return finish(lx, tok,
                      i == lx->glue ? PDN_TOK_FORCED : PDN_TOK_ASTERISK, i,
                      i + 1);
    case '!':
    case '?': {
        size_t j = i + 1;
        while (is(lx, j, C_MARK))
            j++;
        return finish(lx, tok, PDN_TOK_STRENGTH, i, j);
    }
    case '-':
        if (i + 1 >= lx->len || (class_of(lx->buf[i + 1]) & C_STOP))
            return finish(lx, tok, PDN_TOK_DASH, i, i + 1);
        return lex_word(lx, tok, i);
    case '.':
        if (at(lx, i + 1, '.') && at(lx, i + 2, '.') &&
            (i + 3 >= lx->len || (class_of(lx->buf[i + 3]) & C_STOP)))
            return finish(lx, tok, PDN_TOK_ELLIPSIS, i, i + 3);
        return lex_word(lx, tok, i);
    default:
        break;
    }
    unsigned char cls = class_of((char)ch);
    if (cls & (C_IDENT))
        return lex_letters(lx, tok, i);
    return lex_word(lx, tok, i);
}

size_t
pdn_lexer_run(pdn_lexer *lx, pdn_token *toks, size_t max)
{
    const char *b = lx->buf;
    size_t i = lx->pos, n = 0;
    while (n < max) {
        i = pdn_scan_blanks(lx, i);
        if (!is_digit(b[i]) || lex_common(lx, &toks[n], i) == PDN_TOK_EOF)
            break;
        i = lx->pos;
        n++;
    }
    lx->pos = i; /* before the next token: the blanks are counted */
    return n;
}

size_t
pdn_lexer_tag(pdn_lexer *lx, pdn_token *toks)
{
    pdn_scan_tag_parts t;
    if (!pdn_scan_tag(lx, &t))
        return 0;
    emit(lx, &toks[0], PDN_TOK_IDENT, t.name, t.name_end);
    emit(lx, &toks[1], PDN_TOK_STRING, t.value, t.value_end);
    toks[1].plain = t.plain;
    lx->cont += t.cont;
    emit(lx, &toks[2], PDN_TOK_RBRACKET, t.close, t.close + 1);
    return 3;
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
