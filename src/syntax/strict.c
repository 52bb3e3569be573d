/* strict.c -- the PDN reading grammar of the standard, as it is written:
 *
 *   Game          : (GameHeader GameBody?) | GameBody
 *   GameSeparator : ASTERISK | Result
 *   GameHeader    : PdnTag+
 *   GameBody      : (GameMove | Variation | COMMENT | SETUP | NAG)+
 *   PdnTag        : LBRACKET IDENTIFIER STRING RBRACKET
 *   GameMove      : MOVENUMBER? Move MOVESTRENGTH?
 *   Variation     : LPAREN GameBody RPAREN
 *   Move          : NormalMove | CaptureMove | ALPHAMOVE | ELLIPSES
 *   NormalMove    : Square MOVESEPARATOR Square
 *   CaptureMove   : Square (CAPTURESEPARATOR Square)+
 *
 * Its tokens are its regular expressions, the longest match winning,
 * between blanks ([ \t\n\r]) and '%' line comments.  Two readings are
 * this reader's, where the grammar leaves a choice: a result is not
 * followed by a digit ("1-10" is a move; the standard's ANTLR grammar
 * says so of "1-1"), and STRING is its expression's longest match (a
 * '"' after a backslash may end the string or go on in it).  Variations
 * nest to any depth: the recognizer counts them, it does not recurse.
 */
#include "syntax/strict.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"

typedef enum tok_kind {
    T_END,        /* the end of the text */
    T_RESULT,     /* 1-0 0-1 1/2-1/2 2-0 0-2 1-1 0-0 */
    T_ELLIPSES,   /* ... */
    T_MOVENUMBER, /* 12.  12... */
    T_SEP,        /* - */
    T_CAP,        /* x : */
    T_ALPHAMOVE,  /* c3d4 */
    T_SQUARE,     /* c3  22  05 */
    T_STRENGTH,   /* !?  (!!) */
    T_NAG,        /* $12 */
    T_LPAREN,
    T_RPAREN,
    T_LBRACKET,
    T_RBRACKET,
    T_ASTERISK,
    T_SETUP, /* /FEN "..."/ */
    T_STRING,
    T_COMMENT,
    T_IDENT, /* [A-Z][a-zA-Z0-9_]* */
    T_OPEN,  /* a comment, string or setup not closed in the text */
    T_BAD    /* a character no token starts with */
} tok_kind;

typedef struct tok {
    tok_kind kind;
    size_t at, len;
} tok;

typedef struct scan {
    const char *s;
    size_t len;
    size_t pos;      /* after the current token */
    size_t prev_end; /* where the token before the current one ended */
    tok t;           /* the current token */
    bool moves;      /* a move was read */
    bool last;       /* nothing follows the text */
    pdn_strict_fault *fault;
} scan;

/* ---- Tokens ---- */

static bool
is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* The byte at @i, or NUL past the end. */
static unsigned char
at(const scan *sc, size_t i)
{
    return i < sc->len ? (unsigned char)sc->s[i] : '\0';
}

/* Bytes of the longest STRING at @i (a '"'): the expression
 * "([^"]|\\")*" ends at the first '"' that no backslash comes before, or
 * failing one, at the last that one does.  0: none closes it. */
static size_t
string_len(const scan *sc, size_t i)
{
    size_t last = 0;
    for (size_t j = i + 1; j < sc->len; j++) {
        if (sc->s[j] != '"')
            continue;
        if (sc->s[j - 1] != '\\')
            return j + 1 - i;
        last = j + 1 - i;
    }
    return last;
}

/* Bytes from @i (an opening byte) to @close, it included; 0: not found. */
static size_t
closed_len(const scan *sc, size_t i, char close)
{
    const char *e = memchr(sc->s + i + 1, close, sc->len - i - 1);
    return e ? (size_t)(e - (sc->s + i)) + 1 : 0;
}

/* The longest of the tokens that match at @i: @kind and its length. */
static void
longest(const scan *sc, size_t i, tok *t)
{
    unsigned char c = at(sc, i), c1 = at(sc, i + 1), c2 = at(sc, i + 2);
    size_t best = 0;
    tok_kind kind = T_BAD;
#define TAKE(k, n)                                                             \
    do {                                                                       \
        size_t n_ = (n);                                                       \
        if (n_ > best) {                                                       \
            best = n_;                                                         \
            kind = (k);                                                        \
        }                                                                      \
    } while (0)
    if (i + 7 <= sc->len && memcmp(sc->s + i, "1/2-1/2", 7) == 0)
        TAKE(T_RESULT, 7);
    if (c1 == '-' && !is_digit(at(sc, i + 3)) &&
        ((c == '1' && (c2 == '0' || c2 == '1')) ||
         (c == '0' && (c2 == '1' || c2 == '2' || c2 == '0')) ||
         (c == '2' && c2 == '0')))
        TAKE(T_RESULT, 3);
    if (c == '.' && c1 == '.' && c2 == '.')
        TAKE(T_ELLIPSES, 3);
    if (is_digit(c)) {
        size_t j = i;
        while (is_digit(at(sc, j)))
            j++;
        if (at(sc, j) == '.')
            TAKE(T_MOVENUMBER,
                 j + 1 - i +
                     (at(sc, j + 1) == '.' && at(sc, j + 2) == '.' ? 2 : 0));
        if (c != '0')
            TAKE(T_SQUARE, is_digit(c1) ? 2 : 1);
        else if (c1 >= '1' && c1 <= '9')
            TAKE(T_SQUARE, 2);
    }
    if (c == '-')
        TAKE(T_SEP, 1);
    if (c == 'x' || c == ':')
        TAKE(T_CAP, 1);
    if (c >= 'a' && c <= 'h' && c1 >= '1' && c1 <= '8') {
        unsigned char c3 = at(sc, i + 3);
        if (c2 >= 'a' && c2 <= 'h' && c3 >= '1' && c3 <= '8')
            TAKE(T_ALPHAMOVE, 4);
        TAKE(T_SQUARE, 2);
    }
    if (c == '!' || c == '?') {
        size_t j = i;
        while (at(sc, j) == '!' || at(sc, j) == '?')
            j++;
        TAKE(T_STRENGTH, j - i);
    }
    if (c == '(' && (c1 == '!' || c1 == '?')) {
        size_t j = i + 1;
        while (at(sc, j) == '!' || at(sc, j) == '?')
            j++;
        if (at(sc, j) == ')')
            TAKE(T_STRENGTH, j + 1 - i);
    }
    if (c == '$' && is_digit(c1)) {
        size_t j = i + 1;
        while (is_digit(at(sc, j)))
            j++;
        TAKE(T_NAG, j - i);
    }
    if (c >= 'A' && c <= 'Z') {
        size_t j = i + 1;
        for (unsigned char d;
             (d = at(sc, j)) != '\0' &&
             ((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') || is_digit(d) ||
              d == '_');
             j++)
            ;
        TAKE(T_IDENT, j - i);
    }
    switch (c) {
    case '(':
        TAKE(T_LPAREN, 1);
        break;
    case ')':
        TAKE(T_RPAREN, 1);
        break;
    case '[':
        TAKE(T_LBRACKET, 1);
        break;
    case ']':
        TAKE(T_RBRACKET, 1);
        break;
    case '*':
        TAKE(T_ASTERISK, 1);
        break;
    case '/':
        TAKE(T_SETUP, closed_len(sc, i, '/'));
        break;
    case '{':
        TAKE(T_COMMENT, closed_len(sc, i, '}'));
        break;
    case '"':
        TAKE(T_STRING, string_len(sc, i));
        break;
    default:
        break;
    }
#undef TAKE
    if (best == 0 && (c == '/' || c == '{' || c == '"')) {
        kind = T_OPEN;
        best = sc->len - i;
    }
    if (best == 0) { /* one character, however many bytes */
        best = 1;
        while (c >= 0xC0 && best < 4 && i + best < sc->len &&
               ((unsigned char)sc->s[i + best] & 0xC0) == 0x80)
            best++;
    }
    t->kind = kind;
    t->len = best;
}

/* Reads the next token, past blanks and '%' line comments. */
static void
advance(scan *sc)
{
    size_t i = sc->pos;
    sc->prev_end = sc->pos;
    for (;;) {
        while (i < sc->len && (sc->s[i] == ' ' || sc->s[i] == '\t' ||
                               sc->s[i] == '\n' || sc->s[i] == '\r'))
            i++;
        if (i < sc->len && sc->s[i] == '%') {
            while (i < sc->len && sc->s[i] != '\n' && sc->s[i] != '\r')
                i++;
            continue;
        }
        break;
    }
    sc->t.at = i;
    if (i >= sc->len) {
        sc->t.kind = T_END;
        sc->t.len = 0;
    } else {
        longest(sc, i, &sc->t);
    }
    sc->pos = i + sc->t.len;
}

/* ---- Faults ---- */

/* Bytes of the @len at @i before a line end. */
static size_t
line_part(const scan *sc, size_t i, size_t len)
{
    size_t n = 0;
    while (n < len && sc->s[i + n] != '\n' && sc->s[i + n] != '\r')
        n++;
    return n;
}

/* "'22-18'", "the end of the game", "the byte 0x07": what @t is, for a
 * message. */
static void
describe(const scan *sc, const tok *t, char *out, size_t cap)
{
    if (t->kind == T_END) {
        snprintf(out, cap, sc->last ? "the end of the input" : "the next game");
        return;
    }
    unsigned char c = (unsigned char)sc->s[t->at];
    if (c < 0x20 || c == 0x7F) {
        snprintf(out, cap, "the byte 0x%02X", c);
        return;
    }
    size_t n = line_part(sc, t->at, t->len);
    if (t->kind == T_BAD) /* the word it starts, for the reader to see */
        while (t->at + n < sc->len &&
               !strchr(" \t\r\n[](){}\";", sc->s[t->at + n]) &&
               (unsigned char)sc->s[t->at + n] >= 0x20)
            n++;
    const char *cut = n < t->len && t->kind != T_BAD ? "\xe2\x80\xa6" : "";
    if (n > 24) {
        n = 24;
        while (n > 1 && ((unsigned char)sc->s[t->at + n] & 0xC0) == 0x80)
            n--;
        cut = "\xe2\x80\xa6";
    }
    char text[24 * 3 + 1];
    size_t m = pdn_text_to_utf8(sc->s + t->at, n, text);
    text[m] = '\0';
    snprintf(out, cap, "'%s%s'", text, cut);
}

/* Sets the fault at @t: the message of @fmt, then (if @found) ", found"
 * and what @t is, then @hint (NULL: none).  Returns false, for the caller
 * to return. */
static bool
vfail(scan *sc, const tok *t, bool found, const char *hint, const char *fmt,
      va_list ap)
{
    pdn_strict_fault *f = sc->fault;
    char what[96] = "";
    if (found) {
        memcpy(what, ", found ", 8);
        describe(sc, t, what + 8, sizeof what - 8);
    }
    int n = vsnprintf(f->message, sizeof f->message, fmt, ap);
    if (n >= 0 && (size_t)n < sizeof f->message)
        snprintf(f->message + n, sizeof f->message - (size_t)n, "%s%s%s", what,
                 hint ? ": " : "", hint ? hint : "");
    f->at = t->at;
    f->len = t->kind == T_OPEN ? 1 : t->len;
    return false;
}

#if defined(__GNUC__)
#define PRINTF_LIKE __attribute__((format(printf, 4, 5)))
#else
#define PRINTF_LIKE
#endif

/* The fault at @t, saying what @t is. */
static bool PRINTF_LIKE
fail(scan *sc, const tok *t, const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(sc, t, true, hint, fmt, ap);
    va_end(ap);
    return false;
}

/* The fault at @t, the message saying all. */
static bool PRINTF_LIKE
fail_at(scan *sc, const tok *t, const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(sc, t, false, hint, fmt, ap);
    va_end(ap);
    return false;
}

/* What the standard writes instead of what the tolerant reader reads at
 * @t, if it is one of those; else NULL. */
static const char *
hint(const scan *sc, const tok *t)
{
    if (t->kind == T_SEP)
        return "a move left out is written '...'";
    if (t->kind == T_OPEN)
        return "it is not closed";
    if (t->kind == T_BAD && sc->s[t->at] == ';')
        return "comments are written {...}";
    if (t->kind == T_BAD && sc->s[t->at] == '}')
        return "no '{' is open (comments do not nest)";
    return NULL;
}

/* ---- Productions ---- */

static bool
starts_move(tok_kind k)
{
    return k == T_SQUARE || k == T_ALPHAMOVE || k == T_ELLIPSES;
}

static bool
starts_body(tok_kind k)
{
    return starts_move(k) || k == T_MOVENUMBER || k == T_LPAREN ||
           k == T_COMMENT || k == T_SETUP || k == T_NAG;
}

/* Square MOVESEPARATOR Square | Square (CAPTURESEPARATOR Square)+ |
 * ALPHAMOVE | ELLIPSES, then MOVESTRENGTH? */
static bool
game_move(scan *sc)
{
    sc->moves = true;
    if (sc->t.kind == T_SQUARE) {
        tok from = sc->t;
        advance(sc);
        tok *t = &sc->t;
        bool glued = t->at == sc->prev_end;
        if (t->kind == T_SEP) {
            advance(sc);
            if (sc->t.kind != T_SQUARE)
                return fail(sc, &sc->t, hint(sc, &sc->t),
                            "expected a square after '-'");
            advance(sc);
        } else if (t->kind == T_CAP) {
            while (sc->t.kind == T_CAP) {
                advance(sc);
                if (sc->t.kind != T_SQUARE)
                    return fail(sc, &sc->t, hint(sc, &sc->t),
                                "expected a square after '%c'",
                                sc->s[sc->prev_end - 1]);
                advance(sc);
            }
        } else if (glued && t->kind == T_SQUARE) {
            return fail(sc, t,
                        "a move is written with '-' or 'x' "
                        "between its squares",
                        "expected '-' or 'x' after the square '%.*s'",
                        (int)from.len, sc->s + from.at);
        } else if (glued && t->kind == T_IDENT && sc->s[t->at] == 'X') {
            return fail(sc, t, "the capture separator is 'x' or ':'",
                        "expected '-' or 'x' after the square '%.*s'",
                        (int)from.len, sc->s + from.at);
        } else {
            return fail(sc, t, hint(sc, t),
                        "expected '-' or 'x' after the square '%.*s'",
                        (int)from.len, sc->s + from.at);
        }
    } else {
        advance(sc); /* ALPHAMOVE or ELLIPSES */
    }
    if (sc->t.kind == T_STRENGTH)
        advance(sc);
    return true;
}

/* GameBody, its variations counted rather than recursed into.  Stops at
 * the first token that does not go on with it (at depth 0). */
static bool
game_body(scan *sc)
{
    int depth = 0;
    for (;;) {
        tok_kind k = sc->t.kind;
        if (k == T_MOVENUMBER) {
            advance(sc);
            if (!starts_move(sc->t.kind))
                return fail(sc, &sc->t,
                            sc->t.kind == T_RESULT
                                ? "a game is not a move number and a "
                                  "result"
                                : hint(sc, &sc->t),
                            "expected a move after the move number");
            if (!game_move(sc))
                return false;
        } else if (starts_move(k)) {
            if (!game_move(sc))
                return false;
        } else if (k == T_COMMENT || k == T_SETUP || k == T_NAG) {
            advance(sc);
        } else if (k == T_LPAREN) {
            advance(sc);
            if (!starts_body(sc->t.kind))
                return fail(sc, &sc->t, hint(sc, &sc->t),
                            "expected a move or a comment in the "
                            "variation");
            depth++;
        } else if (k == T_RPAREN && depth > 0) {
            advance(sc);
            depth--;
        } else if (depth > 0) {
            return fail(sc, &sc->t, hint(sc, &sc->t),
                        "expected a move, a comment or ')' in the "
                        "variation");
        } else {
            return true;
        }
    }
}

/* LBRACKET IDENTIFIER STRING RBRACKET */
static bool
pdn_tag(scan *sc)
{
    advance(sc);
    if (sc->t.kind != T_IDENT)
        return fail(sc, &sc->t, NULL,
                    "expected a tag name (a capital letter, then "
                    "letters, digits, '_')");
    size_t name_at = sc->t.at, name_len = sc->t.len;
    advance(sc);
    if (sc->t.kind != T_STRING)
        return fail(sc, &sc->t, hint(sc, &sc->t),
                    "expected the value of the tag '%.*s' in quotes",
                    (int)(name_len > 40 ? 40 : name_len), sc->s + name_at);
    tok value = sc->t;
    advance(sc);
    if (sc->t.kind != T_RBRACKET &&
        line_part(sc, value.at, value.len) < value.len)
        return fail_at(sc, &value,
                       "a '\"' after a backslash does not end a string",
                       "the value of the tag '%.*s' runs on past its line",
                       (int)(name_len > 40 ? 40 : name_len), sc->s + name_at);
    if (sc->t.kind != T_RBRACKET)
        return fail(sc, &sc->t, NULL,
                    "expected ']' after the value of the tag '%.*s'",
                    (int)(name_len > 40 ? 40 : name_len), sc->s + name_at);
    advance(sc);
    return true;
}

bool
pdn_strict_game(const char *text, size_t len, bool last,
                pdn_strict_fault *fault)
{
    scan sc = {.s = text, .len = len, .fault = fault, .last = last};
    advance(&sc);
    bool tags = false, body = false;
    while (sc.t.kind == T_LBRACKET) {
        if (!pdn_tag(&sc))
            return false;
        tags = true;
    }
    if (starts_body(sc.t.kind)) {
        if (!game_body(&sc))
            return false;
        body = true;
    } else if (!tags) {
        return fail(&sc, &sc.t, hint(&sc, &sc.t),
                    "expected a game: tags or moves");
    }
    tok_kind k = sc.t.kind;
    if (k == T_ASTERISK || k == T_RESULT) {
        tok sep = sc.t;
        bool glued = k == T_ASTERISK && sep.at == sc.prev_end && body;
        advance(&sc);
        if (sc.t.kind == T_END)
            return true;
        if (glued)
            return fail_at(&sc, &sep, "a forced move is marked $7",
                           "a '*' after a move ends the game");
        return fail(&sc, &sc.t, hint(&sc, &sc.t),
                    "expected the next game after the game's end");
    }
    if (k == T_LBRACKET && !sc.moves)
        return fail(&sc, &sc.t, "the tags come first",
                    "expected a move, '*' or a result after a comment");
    if (k == T_LBRACKET)
        return fail(&sc, &sc.t, NULL,
                    "expected '*' or a result to end the game before "
                    "the next tags");
    if (k == T_RPAREN)
        return fail(&sc, &sc.t, "no '(' is open",
                    "expected a move, a comment, '*' or a result");
    if (k != T_END)
        return fail(&sc, &sc.t, hint(&sc, &sc.t),
                    body ? "expected a move, a comment, '*' or a result"
                         : "expected a tag, a move, '*' or a result");
    if (!last)
        return fail(&sc, &sc.t, NULL,
                    "expected '*' or a result to end the game");
    return true;
}
