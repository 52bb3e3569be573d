/* parser.c -- the PDN reading grammar (grammar/pdn.ebnf), recursive
 * descent, one function per rule:
 *
 *   game         -> { junk } ( tag_section [ movetext ] [ terminator ]
 *                             | movetext [ terminator ] | terminator )
 *   tag_section  -> tag { tag }
 *   tag          -> "[" IDENT STRING "]"
 *   movetext     -> element { element }
 *   element      -> move_number | move | unknown_move | nag | comment
 *                 | setup | escape | variation | stray_text
 *   move         -> MOVE [ STRENGTH ] [ FORCED ] [ STRENGTH ]
 *   variation    -> "(" { element } ")" | prose
 *   terminator   -> RESULT | "*"
 *
 * Comments and escapes before a game's tags are its preamble.  A "[" among
 * the moves starts the next game (files that leave out the terminator).
 * Reading errors are reported once; the rest of the game is skipped up to
 * its terminator or the next "[".
 */
#include "syntax/internal.h"
#include "syntax/nodes.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/typed_move.h"
#include "base/utf8.h"
#include "syntax/reader.h"
#include "syntax/scan.h"
#include "syntax/tags.h"

/* ---- Positions ---- */

/* The position of the current token. */
static pdn_loc
tok_loc(const pdn_parse *p)
{
    pdn_loc at = {p->tok.off, p->tok.line, p->tok.col};
    return at;
}

/* ---- Tokens ---- */

/* What the token of @k is called in the message of the token limit. */
static const char *
long_token_name(pdn_token_kind k)
{
    switch (k) {
    case PDN_TOK_IDENT:
        return "a tag name";
    case PDN_TOK_STRING:
        return "a string";
    case PDN_TOK_COMMENT:
        return "a comment";
    case PDN_TOK_LINE_COMMENT:
        return "a line comment";
    default:
        return "a token";
    }
}

/* Inlined at each call: it runs once per token. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline pdn_token_kind
lex(pdn_parse *p)
{
    pdn_token_kind k = pdn_lexer_next(&p->lx, &p->tok);
    if (k == PDN_TOK_MORE)
        p->more = true;
    else if (p->tok.len > PDN_MAX_TOKEN && !p->failed) {
        pdn_parse_report(p, PDN_SEV_ERROR, PDN_E_TOO_LONG, tok_loc(p),
                         "%s longer than %zu bytes", long_token_name(k),
                         PDN_MAX_TOKEN);
        p->game->errors++;
        p->failed = true;
    }
    return k;
}

/* Takes the current token and reads the next. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline pdn_token_kind
next(pdn_parse *p)
{
    if (p->tok.kind != PDN_TOK_EOF && p->tok.kind != PDN_TOK_MORE)
        p->last_end = p->tok.off + p->tok.len;
    return lex(p);
}

/* Reads the next token, the one taken being passed: a '[' or a '*' after
 * blanks (the next tag or game, a terminator) the short way, as
 * pdn_lexer_next() reads them. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline pdn_token_kind
lex_delimiter(pdn_parse *p)
{
    pdn_lexer *lx = &p->lx;
    size_t i = pdn_scan_blanks(lx, lx->pos);
    char c = lx->buf[i];
    lx->pos = i;
    if ((c != '[' && c != '*') || i + 1 >= lx->len)
        return lex(p);
    p->tok.kind = c == '['        ? PDN_TOK_LBRACKET
                  : i == lx->glue ? PDN_TOK_FORCED
                                  : PDN_TOK_ASTERISK;
    p->tok.off = lx->base + i;
    p->tok.text = lx->buf + i;
    p->tok.len = 1;
    p->tok.line = lx->line;
    p->tok.col = pdn_scan_col(lx, i);
    lx->pos = i + 1;
    return p->tok.kind;
}

static pdn_token_kind
peek(const pdn_parse *p)
{
    return p->tok.kind;
}

/* Whether reading must stop: the end, more input needed, or an error. */
static bool
stopped(const pdn_parse *p)
{
    return p->more || p->failed || p->tok.kind == PDN_TOK_EOF;
}

static const char *
describe(const pdn_token *t)
{
    switch (t->kind) {
    case PDN_TOK_EOF:
        return "the end of the input";
    case PDN_TOK_RBRACKET:
        return "']'";
    case PDN_TOK_LBRACKET:
        return "'['";
    case PDN_TOK_RPAREN:
        return "')'";
    case PDN_TOK_STRING:
        return "a string";
    case PDN_TOK_ERROR:
        return "text that starts no token";
    default:
        break;
    }
    /* Anything else by its text: "'12.'", "'22-18'", "'Wyllie'". */
    static const char *const quoted[] = {
        [PDN_TOK_MOVE] = "a move",     [PDN_TOK_MOVE_NUMBER] = "a move number",
        [PDN_TOK_RESULT] = "a result", [PDN_TOK_COMMENT] = "a comment",
        [PDN_TOK_NAG] = "a NAG",       [PDN_TOK_IDENT] = "a word",
        [PDN_TOK_WORD] = "a word",     [PDN_TOK_LPAREN] = "'('",
        [PDN_TOK_ASTERISK] = "'*'",
    };
    const char *name = (unsigned)t->kind < sizeof quoted / sizeof *quoted
                           ? quoted[t->kind]
                           : NULL;
    return name ? name : pdn_token_kind_name(t->kind);
}

/* Reports an error at the current token and stops reading the game. */
static void
fail(pdn_parse *p, int code, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    pdn_parse_report(p, PDN_SEV_ERROR, code, tok_loc(p), "%s", msg);
    p->game->errors++;
    p->failed = true;
}

/* The strength and forced marks after move @n. */
static void
take_marks(pdn_parse *p, pdn_node *n)
{
    for (int i = 0; i < 2; i++) {
        if (peek(p) == PDN_TOK_STRENGTH && !pdn_node_strength(n)) {
            pdn_game_move_strength(
                p->game, n,
                pdn_arena_strndup(&p->game->arena, p->tok.text, p->tok.len));
            next(p);
        }
        if (peek(p) == PDN_TOK_FORCED) {
            n->u.move.forced = true;
            next(p);
        }
    }
}

/* Past a move or a move number: the moves and move numbers that follow
 * as the lexer reads them the short way (most of a movetext), then the
 * next token; marks after a move go with it. */
static void
advance(pdn_parse *p, pdn_node_list *l)
{
    p->last_end = p->tok.off + p->tok.len; /* the move or number taken */
    pdn_add_moves(p, l);
    lex(p);
    if ((peek(p) == PDN_TOK_STRENGTH || peek(p) == PDN_TOK_FORCED) &&
        l->last->kind == PDN_NODE_MOVE)
        take_marks(p, l->last);
}

/* move -> MOVE [ STRENGTH ] [ FORCED ] [ STRENGTH ] */
static void
parse_move(pdn_parse *p, pdn_node_list *l)
{
    if (p->tok.from) {
        pdn_add_short(p, l, &p->tok);
    } else {
        pdn_move_text w;
        if (pdn_read_squares(p->tok.text, p->tok.len, &w) < 0) {
            fail(p, PDN_E_BAD_SQUARE, "expected squares from 1 to 99 in '%.*s'",
                 (int)p->tok.len, p->tok.text);
            return;
        }
        pdn_node *n = pdn_add_ascii(p, l, PDN_NODE_MOVE, p->tok.text,
                                    p->tok.len, tok_loc(p));
        pdn_game_move_squares(p->game, n, &w);
    }
    advance(p, l);
}

/* move_number -> MOVE_NUMBER  ("12." or "12...") */
static void
parse_move_number(pdn_parse *p, pdn_node_list *l)
{
    pdn_add_short(p, l, &p->tok);
    advance(p, l);
}

/* unknown_move -> DASH | ELLIPSIS */
static void
parse_unknown_move(pdn_parse *p, pdn_node_list *l)
{
    pdn_add_ascii(p, l, PDN_NODE_UNKNOWN, p->tok.text, p->tok.len, tok_loc(p));
    next(p);
}

/* nag -> NAG */
static void
parse_nag(pdn_parse *p, pdn_node_list *l)
{
    pdn_node *n =
        pdn_add_ascii(p, l, PDN_NODE_NAG, p->tok.text, p->tok.len, tok_loc(p));
    uint32_t v = 0;
    for (size_t i = 1; i < p->tok.len; i++)
        if (v < 100000000)
            v = v * 10 + (uint32_t)(p->tok.text[i] - '0');
    n->u.nag = v;
    next(p);
}

/* comment -> COMMENT | LINE_COMMENT */
static void
parse_comment(pdn_parse *p, pdn_node_list *l)
{
    const pdn_token *t = &p->tok;
    if (t->kind == PDN_TOK_COMMENT) {
        pdn_node *n = pdn_add_text(p, l, PDN_NODE_COMMENT, t->text + 1,
                                   t->len - 2, tok_loc(p));
        n->u.comment = PDN_COMMENT_BRACE;
    } else {
        pdn_node *n = pdn_add_text(p, l, PDN_NODE_COMMENT, t->text + 1,
                                   t->len - 1, tok_loc(p));
        n->u.comment = PDN_COMMENT_LINE;
    }
    next(p);
}

/* escape -> ESCAPE */
static void
parse_escape(pdn_parse *p, pdn_node_list *l)
{
    pdn_add_text(p, l, PDN_NODE_ESCAPE, p->tok.text + 1, p->tok.len - 1,
                 tok_loc(p));
    next(p);
}

/* setup -> SETUP */
static void
parse_setup(pdn_parse *p, pdn_node_list *l)
{
    pdn_add_text(p, l, PDN_NODE_SETUP, p->tok.text + 1, p->tok.len - 2,
                 tok_loc(p));
    next(p);
}

/* What a WORD or IDENT token among the moves is (base/typed_move.h). */
typedef enum word_kind {
    WORD_TEXT,     /* text */
    WORD_MOVE,     /* a move typed with another dash, or with capitals */
    WORD_NOT_MOVE, /* shaped like a move, and none */
} word_kind;

/* The current token, of at most PDN_TYPED_MAX / 3 bytes, in UTF-8 at
 * @out (NUL-terminated); its length. */
static size_t
token_utf8(const pdn_parse *p, char out[PDN_TYPED_MAX + 1])
{
    size_t n = pdn_text_to_utf8(p->tok.text, p->tok.len, out);
    out[n] = '\0';
    return n;
}

/* Whether the current token holds a digit. */
static bool
has_digit(const pdn_parse *p)
{
    for (uint32_t i = 0; i < p->tok.len; i++)
        if (p->tok.text[i] >= '0' && p->tok.text[i] <= '9')
            return true;
    return false;
}

/* Reads the current token as a move typed outside draughts programs:
 * the move's standard text into @buf (NUL-terminated, *@len bytes), and
 * how it was typed into *@how. */
static word_kind
typed_word(const pdn_parse *p, char buf[PDN_TYPED_MAX + 1], size_t *len,
           unsigned *how)
{
    const pdn_token *t = &p->tok;
    if ((t->kind != PDN_TOK_WORD && t->kind != PDN_TOK_IDENT) ||
        t->len > PDN_TYPED_MAX / 3 || !has_digit(p))
        return WORD_TEXT;
    char utf8[PDN_TYPED_MAX + 1];
    size_t n = token_utf8(p, utf8);
    n = pdn_typed_move(utf8, n, buf, how);
    buf[n] = '\0';
    *len = n;
    if (!pdn_typed_move_shaped(buf, n))
        return WORD_TEXT;
    pdn_lexer lx;
    pdn_token k;
    pdn_lexer_init(&lx, buf, n, 0, true, false);
    bool move = *how && pdn_lexer_next(&lx, &k) == PDN_TOK_MOVE && k.len == n;
    return move ? WORD_MOVE : WORD_NOT_MOVE;
}

/* typed_move -> WORD | IDENT  -- read as the move @text of @len bytes,
 * typed as @how says: one note a game. */
static void
parse_typed_move(pdn_parse *p, pdn_node_list *l, const char *text, size_t len,
                 unsigned how)
{
    pdn_move_text w;
    if (pdn_read_squares(text, len, &w) < 0) {
        fail(p, PDN_E_BAD_SQUARE, "expected squares from 1 to 99 in '%.*s'",
             (int)p->tok.len, p->tok.text);
        return;
    }
    if (!p->typed_noted) {
        char words[96], as[PDN_TYPED_MAX + 1];
        token_utf8(p, as);
        p->typed_noted = true;
        pdn_parse_report(p, PDN_SEV_NOTE, PDN_N_TYPED_MOVE, tok_loc(p),
                         "'%s' read as the move %.*s: written with %s (said "
                         "once a game)",
                         as, (int)len, text,
                         pdn_typed_how(how, words, sizeof words));
    }
    pdn_node *n = pdn_add_text(p, l, PDN_NODE_MOVE, text, len, tok_loc(p));
    pdn_game_move_squares(p->game, n, &w);
    advance(p, l);
}

/* Text shaped like a move that is no move ("22--18"): an error at its
 * place; the text is kept as a comment. */
static void
parse_not_a_move(pdn_parse *p, pdn_node_list *l)
{
    char as[PDN_TYPED_MAX + 1];
    token_utf8(p, as);
    pdn_parse_report(p, PDN_SEV_ERROR, PDN_E_NOT_A_MOVE, tok_loc(p),
                     "expected a move, found '%s': squares and separators "
                     "that make no move",
                     as);
    p->game->errors++;
    pdn_node *n = pdn_add_text(p, l, PDN_NODE_COMMENT, p->tok.text, p->tok.len,
                               tok_loc(p));
    n->u.comment = PDN_COMMENT_TEXT;
    next(p);
}

/* stray_text -> ( WORD | IDENT | STRING ) { WORD | IDENT | STRING }
 * Words among the moves: kept, as a comment, with a warning.  A word that
 * is a move typed another way is read as that move; one shaped like a
 * move that is none is an error. */
static void
parse_stray_text(pdn_parse *p, pdn_node_list *l)
{
    char typed[PDN_TYPED_MAX + 1];
    size_t tlen;
    unsigned how;
    switch (typed_word(p, typed, &tlen, &how)) {
    case WORD_MOVE:
        parse_typed_move(p, l, typed, tlen, how);
        return;
    case WORD_NOT_MOVE:
        parse_not_a_move(p, l);
        return;
    case WORD_TEXT:
        break;
    }
    const char *start = p->tok.text;
    pdn_loc at = tok_loc(p);
    const char *end = start;
    while (!stopped(p) &&
           (peek(p) == PDN_TOK_WORD || peek(p) == PDN_TOK_IDENT ||
            peek(p) == PDN_TOK_STRING) &&
           (end == start || typed_word(p, typed, &tlen, &how) == WORD_TEXT)) {
        end = p->tok.text + p->tok.len;
        next(p);
    }
    if (p->more)
        return;
    pdn_node *n =
        pdn_add_text(p, l, PDN_NODE_COMMENT, start, (size_t)(end - start), at);
    n->u.comment = PDN_COMMENT_TEXT;
    /* The message quotes the start of it, on one line, whole characters. */
    size_t cut = strcspn(n->text, "\n\r");
    if (cut > 40)
        for (cut = 40; cut > 0 && ((unsigned char)n->text[cut] & 0xC0) == 0x80;
             cut--)
            ;
    pdn_parse_report(p, PDN_SEV_WARNING, PDN_W_STRAY_TEXT, at,
                     "text among the moves is kept as a comment: '%.*s%s'",
                     (int)cut, n->text, cut < n->len ? "..." : "");
}

/* strength -> STRENGTH  -- a mark set apart from its move ("22-18 !"):
 * it goes with the move before it, or is kept as text. */
static void
parse_strength(pdn_parse *p, pdn_node_list *l)
{
    pdn_node *prev = l->last;
    if (prev && prev->kind == PDN_NODE_MOVE && !pdn_node_strength(prev)) {
        pdn_game_move_strength(
            p->game, prev,
            pdn_arena_strndup(&p->game->arena, p->tok.text, p->tok.len));
    } else {
        pdn_node *n = pdn_add_text(p, l, PDN_NODE_COMMENT, p->tok.text,
                                   p->tok.len, tok_loc(p));
        n->u.comment = PDN_COMMENT_TEXT;
    }
    next(p);
}

/* ---- Variations ---- */

static void parse_element(pdn_parse *p, pdn_node_list *l);

/* Whether the parenthesis at the current token holds moves rather than
 * prose: every token up to the matching ')' belongs to the movetext.  A
 * '[' that starts a line is the next game: the parenthesis is left open,
 * which reading it as a variation reports. */
static bool
holds_moves(pdn_parse *p)
{
    pdn_lexer save = p->lx;
    pdn_token tok;
    int depth = 1;
    bool moves = true;
    while (depth > 0) {
        pdn_token_kind k = pdn_lexer_next(&p->lx, &tok);
        if (k == PDN_TOK_MORE) {
            p->more = true;
            break;
        }
        if (k == PDN_TOK_EOF || k == PDN_TOK_ERROR ||
            (k == PDN_TOK_LBRACKET && tok.col == 1))
            break;
        if (k == PDN_TOK_LPAREN)
            depth++;
        else if (k == PDN_TOK_RPAREN)
            depth--;
        else if (k == PDN_TOK_WORD || k == PDN_TOK_IDENT ||
                 k == PDN_TOK_STRING || k == PDN_TOK_LBRACKET ||
                 k == PDN_TOK_RBRACKET || k == PDN_TOK_RESULT ||
                 k == PDN_TOK_ASTERISK) {
            moves = false;
            break;
        }
    }
    p->lx = save;
    return moves;
}

/* Where the prose opened at @open ends: its ')' (stepping over {comments}
 * and nested parentheses), or NULL if a line that starts with '[' (the
 * next game) or the end of the input comes first.  *@more is set when the
 * buffer ends before either is known. */
static const char *
prose_end(const char *open, const char *limit, bool final, bool *more)
{
    int depth = 1;
    *more = false;
    for (const char *q = open + 1; q < limit; q++) {
        switch (*q) {
        case '(':
            depth++;
            break;
        case ')':
            if (--depth == 0)
                return q;
            break;
        case '{': {
            const char *close = memchr(q, '}', (size_t)(limit - q));
            if (close)
                q = close;
            else if (!final) {
                *more = true;
                return NULL;
            }
            break;
        }
        case '\n':
        case '\r':
            if (q + 1 < limit && q[1] == '[')
                return NULL;
            break;
        default:
            break;
        }
    }
    *more = !final;
    return NULL;
}

/* prose -> "(" text ")"  -- parentheses of prose, kept as a comment. */
static void
parse_prose(pdn_parse *p, pdn_node_list *l)
{
    const char *open = p->tok.text;
    const char *limit = p->lx.buf + p->lx.len;
    bool more;
    const char *q = prose_end(open, limit, p->lx.final, &more);
    if (!q) {
        if (more)
            p->more = true;
        else
            fail(p, PDN_E_UNCLOSED_VARIATION, "expected ')' to close this '('");
        return;
    }
    pdn_node *n = pdn_add_text(p, l, PDN_NODE_COMMENT, open + 1,
                               (size_t)(q - open - 1), tok_loc(p));
    n->u.comment = PDN_COMMENT_PROSE;
    pdn_parse_report(p, PDN_SEV_WARNING, PDN_W_PROSE, tok_loc(p),
                     "parentheses hold text, not moves: kept as a comment");
    pdn_lexer_skip(&p->lx, (size_t)(q + 1 - p->lx.buf));
    p->tok.len = (uint32_t)(q + 1 - open); /* the whole of it was read */
    next(p);
}

/* variation -> "(" { element } ")" | prose */
static void
parse_variation(pdn_parse *p, pdn_node_list *l)
{
    if (!holds_moves(p)) {
        if (!p->more)
            parse_prose(p, l);
        return;
    }
    if (l->depth >= p->max_depth) {
        fail(p, PDN_E_TOO_DEEP, "variations nested more than %d deep",
             p->max_depth);
        return;
    }
    pdn_loc open = tok_loc(p);
    pdn_node *v = pdn_add_ascii(p, l, PDN_NODE_VARIATION, p->tok.text, 1, open);
    pdn_node_list inner = {&v->children, NULL, l->depth + 1};
    next(p);
    while (!stopped(p) && peek(p) != PDN_TOK_RPAREN &&
           peek(p) != PDN_TOK_LBRACKET)
        parse_element(p, &inner);
    if (p->more || p->failed)
        return;
    if (peek(p) != PDN_TOK_RPAREN) {
        pdn_parse_report(p, PDN_SEV_ERROR, PDN_E_UNCLOSED_VARIATION, open,
                         "expected ')' to close this variation, found %s",
                         describe(&p->tok));
        p->game->errors++;
        p->failed = true;
        return;
    }
    next(p);
}

/* element -> move_number | move | unknown_move | nag | comment | setup
 *          | escape | variation | stray_text */
static void
parse_element(pdn_parse *p, pdn_node_list *l)
{
    switch (peek(p)) {
    case PDN_TOK_MOVE:
        parse_move(p, l);
        break;
    case PDN_TOK_MOVE_NUMBER:
        parse_move_number(p, l);
        break;
    case PDN_TOK_DASH:
    case PDN_TOK_ELLIPSIS:
        parse_unknown_move(p, l);
        break;
    case PDN_TOK_NAG:
        parse_nag(p, l);
        break;
    case PDN_TOK_COMMENT:
    case PDN_TOK_LINE_COMMENT:
        parse_comment(p, l);
        break;
    case PDN_TOK_SETUP:
        parse_setup(p, l);
        break;
    case PDN_TOK_ESCAPE:
        parse_escape(p, l);
        break;
    case PDN_TOK_LPAREN:
        parse_variation(p, l);
        break;
    case PDN_TOK_WORD:
    case PDN_TOK_IDENT:
    case PDN_TOK_STRING:
        parse_stray_text(p, l);
        break;
    case PDN_TOK_STRENGTH:
        parse_strength(p, l);
        break;
    case PDN_TOK_RPAREN:
        fail(p, PDN_E_STRAY_RPAREN,
             "expected a move, found ')' with no "
             "'(' open");
        break;
    case PDN_TOK_ERROR:
        if (p->tok.text[0] == '{')
            fail(p, PDN_E_UNCLOSED_COMMENT,
                 "expected '}' to close this "
                 "comment");
        else if (p->tok.text[0] == '"')
            fail(p, PDN_E_UNCLOSED_STRING,
                 "expected '\"' to close this "
                 "string");
        else
            fail(p, PDN_E_UNEXPECTED, "expected a move, found %s",
                 describe(&p->tok));
        break;
    default:
        fail(p, PDN_E_UNEXPECTED, "expected a move, found %s",
             describe(&p->tok));
        break;
    }
}

/* Whether the current token may stand in a movetext. */
static bool
starts_element(pdn_token_kind k)
{
    switch (k) {
    case PDN_TOK_MOVE:
    case PDN_TOK_MOVE_NUMBER:
    case PDN_TOK_DASH:
    case PDN_TOK_ELLIPSIS:
    case PDN_TOK_NAG:
    case PDN_TOK_COMMENT:
    case PDN_TOK_LINE_COMMENT:
    case PDN_TOK_SETUP:
    case PDN_TOK_ESCAPE:
    case PDN_TOK_LPAREN:
    case PDN_TOK_STRENGTH:
    case PDN_TOK_ERROR:
        return true;
    default:
        return false;
    }
}

/* movetext -> element { element }
 * Moves and move numbers, most of any movetext, are read here rather
 * than through a call to parse_element each. */
static void
parse_movetext(pdn_parse *p, pdn_node_list *l)
{
    while (!stopped(p)) {
        switch (peek(p)) {
        case PDN_TOK_MOVE:
            parse_move(p, l);
            break;
        case PDN_TOK_MOVE_NUMBER:
            parse_move_number(p, l);
            break;
        case PDN_TOK_RESULT:
        case PDN_TOK_ASTERISK:
        case PDN_TOK_LBRACKET:
            return;
        default:
            parse_element(p, l);
            break;
        }
    }
}

/* The text of the terminator @t: one of the few the lexer reads as
 * results, shared, or a copy. */
static const char *
result_text(pdn_parse *p, const pdn_token *t)
{
    static const char *const scores[3][3] = {
        {"0-0", "0-1", "0-2"}, {"1-0", "1-1", "1-2"}, {"2-0", "2-1", "2-2"}};
    const char *s = t->text;
    if (t->len == 1 && s[0] == '*')
        return "*";
    if (t->len == 7 && memcmp(s, "1/2-1/2", 7) == 0)
        return "1/2-1/2";
    if (t->len == 3 && s[1] == '-' && (unsigned)(s[0] - '0') < 3 &&
        (unsigned)(s[2] - '0') < 3)
        return scores[s[0] - '0'][s[2] - '0'];
    return pdn_arena_strndup(&p->game->arena, s, t->len);
}

/* terminator -> RESULT | "*"  (inline: it ends most games) */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
parse_terminator(pdn_parse *p)
{
    pdn_game *g = p->game;
    if (p->tok.kind == PDN_TOK_ASTERISK) { /* always "*" */
        g->result = PDN_RESULT_UNKNOWN;
        g->result_text = "*";
    } else {
        g->result = pdn_result_of(p->tok.text, p->tok.len);
        g->result_text = result_text(p, &p->tok);
    }
    g->result_at = tok_loc(p);
    p->last_end = p->tok.off + p->tok.len;
    lex_delimiter(p); /* most often the next game's */
}

/* ---- Tags ---- */

/* tag -> "[" IDENT STRING "]" */
static void
parse_tag(pdn_parse *p, pdn_tag *tag)
{
    pdn_loc open = tok_loc(p);
    next(p);
    if (peek(p) != PDN_TOK_IDENT && peek(p) != PDN_TOK_WORD) {
        if (!p->more)
            fail(p, PDN_E_BAD_TAG, "expected a tag name after '[', found %s",
                 describe(&p->tok));
        return;
    }
    if (peek(p) == PDN_TOK_WORD)
        pdn_parse_report(p, PDN_SEV_WARNING, PDN_W_TAG_NAME, tok_loc(p),
                         "tag name '%.*s' is not a PDN name (a capital "
                         "letter, then letters, digits or '_'): kept as "
                         "written",
                         (int)(p->tok.len > 64 ? 64 : p->tok.len), p->tok.text);
    tag->name =
        peek(p) == PDN_TOK_IDENT /* ASCII */
            ? pdn_arena_strndup(&p->game->arena, p->tok.text, p->tok.len)
            : pdn_parse_text(p, p->tok.text, p->tok.len);
    tag->at = open;
    tag->standard =
        pdn_standard_name_at(p, p->tok.text, p->tok.len, p->game->ntags);
    next(p);
    if (peek(p) != PDN_TOK_STRING) {
        if (p->more)
            return;
        if (peek(p) == PDN_TOK_ERROR && p->tok.text[0] == '"')
            fail(p, PDN_E_UNCLOSED_STRING,
                 "expected '\"' to close the value of tag %s", tag->name);
        else
            fail(p, PDN_E_BAD_TAG,
                 "expected a quoted value for tag %s, "
                 "found %s",
                 tag->name, describe(&p->tok));
        return;
    }
    tag->value = pdn_tag_value(p, &p->tok);
    next(p);
    if (peek(p) != PDN_TOK_RBRACKET) {
        if (!p->more)
            fail(p, PDN_E_BAD_TAG, "expected ']' to close tag %s, found %s",
                 tag->name, describe(&p->tok));
        return;
    }
    next(p);
}

/* After the tag limit: the tags that follow, read over to the first
 * token that is not one of them, so that recovery goes on in this game's
 * movetext rather than start a game at each tag. */
static void
skip_tags(pdn_parse *p)
{
    while (!p->more && peek(p) == PDN_TOK_LBRACKET) {
        next(p);
        while (!p->more && peek(p) != PDN_TOK_RBRACKET &&
               peek(p) != PDN_TOK_LBRACKET && peek(p) != PDN_TOK_EOF)
            next(p);
        if (!p->more && peek(p) == PDN_TOK_RBRACKET)
            next(p);
    }
}

/* tag_section -> tag { tag } */
static void
parse_tag_section(pdn_parse *p)
{
    pdn_game *g = p->game;
    size_t cap = 16;
    g->tags = pdn_arena_alloc(&g->arena, cap * sizeof *g->tags);
    while (!stopped(p) && peek(p) == PDN_TOK_LBRACKET) {
        if (g->ntags == PDN_MAX_TAGS) {
            fail(p, PDN_E_TOO_BIG, "more than %d tags in one game",
                 PDN_MAX_TAGS);
            skip_tags(p); /* the rest are this game's, not the next's */
            return;
        }
        if (g->ntags == cap) {
            pdn_tag *bigger =
                pdn_arena_alloc(&g->arena, 2 * cap * sizeof *g->tags);
            memcpy(bigger, g->tags, cap * sizeof *g->tags);
            g->tags = bigger;
            cap *= 2;
        }
        pdn_tag *t = &g->tags[g->ntags];
        if (pdn_usual_tag(p, t)) { /* the usual tag, read at once */
            lex_delimiter(p);
        } else {
            memset(t, 0, sizeof *t);
            parse_tag(p, t);
        }
        if (p->failed || p->more)
            return;
        g->ntags++;
    }
}

/* ---- Games ---- */

/* Whether the current token is a move in the four-digit form ("2218"),
 * which in text between games is more likely a year. */
static bool
is_compact(const pdn_parse *p)
{
    return peek(p) == PDN_TOK_MOVE && p->tok.len == 4 &&
           p->tok.text[1] >= '0' && p->tok.text[1] <= '9' &&
           p->tok.text[2] >= '0' && p->tok.text[2] <= '9';
}

/* junk -> anything that cannot start a game, up to one that can (a year
 * among the junk is junk, though it reads as a four-digit move). */
static void
parse_junk(pdn_parse *p)
{
    pdn_loc from = tok_loc(p);
    uint64_t to = from.off;
    while (!p->more && peek(p) != PDN_TOK_EOF && peek(p) != PDN_TOK_LBRACKET &&
           peek(p) != PDN_TOK_RESULT && peek(p) != PDN_TOK_ASTERISK &&
           (!starts_element(peek(p)) || (to > from.off && is_compact(p)))) {
        to = p->tok.off + p->tok.len;
        next(p);
    }
    if (p->more || to == from.off)
        return;
    pdn_parse_report(p, PDN_SEV_WARNING, PDN_W_JUNK, from,
                     "skipped %llu bytes of text that belong to no game",
                     (unsigned long long)(to - from.off));
}

/* After an error: on to the terminator (which ends this game) or to the
 * next '[' (which starts the next). */
static void
recover(pdn_parse *p)
{
    for (;;) {
        pdn_token_kind k = peek(p);
        if (p->more || k == PDN_TOK_EOF || k == PDN_TOK_LBRACKET)
            return;
        if (k == PDN_TOK_RESULT || k == PDN_TOK_ASTERISK) {
            parse_terminator(p);
            return;
        }
        next(p);
    }
}

/* game -> { junk } ( tag_section [ movetext ] [ terminator ]
 *                   | movetext [ terminator ] | terminator ) */
int
pdn_parse_game(pdn_parse *p)
{
    pdn_game *g = p->game;
    p->typed_noted = false;
    if (p->ahead) {
        g->span = p->tok.off;
        p->last_end = g->span;
        p->ahead = false;
    } else {
        g->span = p->lx.base + p->lx.pos;
        p->tok.kind = PDN_TOK_EOF; /* nothing read yet */
        p->last_end = g->span;
        next(p);
    }
    parse_junk(p);
    if (p->more || peek(p) == PDN_TOK_EOF)
        return 0;
    g->start = tok_loc(p);
    /* Comments and escapes first: the preamble if tags follow. */
    pdn_node_list lead = {&g->moves, NULL, 0};
    while (!stopped(p) &&
           (peek(p) == PDN_TOK_COMMENT || peek(p) == PDN_TOK_LINE_COMMENT ||
            peek(p) == PDN_TOK_ESCAPE))
        parse_element(p, &lead);
    if (!stopped(p) && peek(p) == PDN_TOK_LBRACKET) {
        g->preamble = g->moves;
        g->moves = NULL;
        lead.tail = &g->moves;
        lead.last = NULL;
        parse_tag_section(p);
    }
    if (!stopped(p))
        parse_movetext(p, &lead);
    if (p->failed)
        recover(p);
    else if (!p->more &&
             (peek(p) == PDN_TOK_RESULT || peek(p) == PDN_TOK_ASTERISK))
        parse_terminator(p);
    g->end = p->last_end;
    return 1;
}
