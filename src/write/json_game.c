/* json_game.c -- a game object of pdn convert --to json written back as
 * PDN text (json_game.h).  The object is checked as it is walked: every
 * key must be one the format has, with a value of its kind.
 */
#include "write/json_game.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "rules/variant.h"
#include "syntax/lexer.h"
#include "syntax/reader.h"

typedef struct walk {
    pdn_strbuf *out;
    char *err;
    size_t errcap;
    const pdn_json **at;
    bool black_first; /* the variant's first mover is Black */
} walk;

static int
bad(walk *w, const pdn_json *n, const char *what)
{
    snprintf(w->err, w->errcap, "%s", what);
    *w->at = n;
    return -1;
}

static const pdn_json *
string_member(const pdn_json *o, const char *key)
{
    const pdn_json *v = pdn_json_get(o, key);
    return v && v->kind == PDN_JSON_STRING ? v : NULL;
}

/* Whether @s (NUL-terminated, @len bytes) is a tag name the PDN reader
 * reads back: one IDENT or WORD token (syntax/token.h). */
static bool
tag_name(const char *s, size_t len)
{
    pdn_lexer lx;
    pdn_token tok;
    if (len == 0 || len > PDN_MAX_TOKEN || strlen(s) != len)
        return false;
    pdn_lexer_init(&lx, s, len, 0, true, false);
    pdn_token_kind kind = pdn_lexer_next(&lx, &tok);
    return (kind == PDN_TOK_IDENT || kind == PDN_TOK_WORD) && tok.off == 0 &&
           tok.len == len;
}

static int
write_tags(walk *w, const pdn_json *tags)
{
    if (!tags || tags->kind != PDN_JSON_ARRAY)
        return bad(w, tags, "expected \"tags\": an array of [name, value]");
    for (const pdn_json *t = tags->child; t; t = t->next) {
        const pdn_json *name = t->kind == PDN_JSON_ARRAY ? t->child : NULL;
        const pdn_json *value = name ? name->next : NULL;
        if (!name || !value || value->next || name->kind != PDN_JSON_STRING ||
            value->kind != PDN_JSON_STRING)
            return bad(w, t, "expected a tag as [name, value], two strings");
        if (!tag_name(name->str, name->len))
            return bad(w, name,
                       "a tag name must be one word: no blank, "
                       "bracket, brace, parenthesis, quote or ';'");
        if (memchr(value->str, '\n', value->len) ||
            memchr(value->str, '\r', value->len) ||
            strlen(value->str) != value->len)
            return bad(w, value,
                       "a tag value cannot hold a line end or "
                       "NUL");
        pdn_strbuf_printf(w->out, "[%s \"", name->str);
        for (const char *p = value->str; *p; p++) {
            if (*p == '"' || *p == '\\')
                pdn_strbuf_putc(w->out, '\\');
            pdn_strbuf_putc(w->out, *p);
        }
        pdn_strbuf_puts(w->out, "\"]\n");
    }
    return 0;
}

static int write_nodes(walk *w, const pdn_json *list);

/* A text member as PDN: a comment, an escape line, a setup. */
static int
write_text(walk *w, const pdn_json *n, const pdn_json *text, char kind)
{
    const char *s = text->str;
    if (strlen(s) != text->len)
        return bad(w, text, "a text cannot hold NUL");
    switch (kind) {
    case 'c':
        if (!strchr(s, '}'))
            pdn_strbuf_printf(w->out, "{%s} ", s);
        else if (!strchr(s, '\n') && !strchr(s, '\r'))
            pdn_strbuf_printf(w->out, ";%s\n", s);
        else
            return bad(w, n,
                       "a comment cannot hold both '}' and a line "
                       "end");
        return 0;
    case 'e':
        if (strchr(s, '\n') || strchr(s, '\r'))
            return bad(w, n, "an escape line cannot hold a line end");
        pdn_strbuf_printf(w->out, "\n%%%s\n", s);
        return 0;
    default:
        if (strchr(s, '/') || strchr(s, '\n') || strchr(s, '\r'))
            return bad(w, n, "a setup cannot hold '/' or a line end");
        pdn_strbuf_printf(w->out, "/%s/ ", s);
        return 0;
    }
}

/* A move or a move left out, with its number. */
static int
write_move(walk *w, const pdn_json *n, const pdn_json *text)
{
    const pdn_json *number = pdn_json_get(n, "number");
    const pdn_json *side = string_member(n, "side");
    const pdn_json *strength = string_member(n, "strength");
    if (text->len == 0)
        return bad(w, text, "a move cannot be empty");
    if (strlen(text->str) != text->len || strchr(text->str, ' '))
        return bad(w, text, "a move cannot hold a blank or NUL");
    if (number && number->kind == PDN_JSON_NUMBER && side &&
        number->number >= 1 && number->number < 1e9) {
        bool black = strcmp(side->str, "black") == 0;
        pdn_strbuf_printf(w->out, "%u%s ", (unsigned)number->number,
                          black != w->black_first ? "..." : ".");
    }
    pdn_strbuf_puts(w->out, text->str);
    if (strength)
        pdn_strbuf_puts(w->out, strength->str);
    pdn_strbuf_putc(w->out, ' ');
    return 0;
}

static int
write_node(walk *w, const pdn_json *n)
{
    const pdn_json *v;
    if (n->kind != PDN_JSON_OBJECT)
        return bad(w, n, "expected a node: an object");
    if ((v = string_member(n, "move")) || (v = string_member(n, "unknown")))
        return write_move(w, n, v);
    if ((v = string_member(n, "comment")))
        return write_text(w, n, v, 'c');
    if ((v = string_member(n, "escape")))
        return write_text(w, n, v, 'e');
    if ((v = string_member(n, "setup")))
        return write_text(w, n, v, 's');
    if ((v = pdn_json_get(n, "nag")) && v->kind == PDN_JSON_NUMBER &&
        v->number >= 0 && v->number < 1e9) {
        pdn_strbuf_printf(w->out, "$%u ", (unsigned)v->number);
        return 0;
    }
    if ((v = pdn_json_get(n, "variation")) && v->kind == PDN_JSON_ARRAY) {
        pdn_strbuf_putc(w->out, '(');
        if (write_nodes(w, v) < 0)
            return -1;
        pdn_strbuf_puts(w->out, ") ");
        return 0;
    }
    return bad(w, n,
               "expected a node with \"move\", \"unknown\", \"nag\", "
               "\"comment\", \"escape\", \"setup\" or "
               "\"variation\"");
}

static int
write_nodes(walk *w, const pdn_json *list)
{
    if (!list || list->kind != PDN_JSON_ARRAY)
        return bad(w, list, "expected an array of nodes");
    for (const pdn_json *n = list->child; n; n = n->next)
        if (write_node(w, n) < 0)
            return -1;
    return 0;
}

int
pdn_json_game_pdn(const pdn_json *root, pdn_strbuf *pdn, char *err,
                  size_t errcap, const pdn_json **at)
{
    walk w = {.out = pdn, .err = err, .errcap = errcap, .at = at};
    if (root->kind != PDN_JSON_OBJECT)
        return bad(&w, root, "expected a game: an object");
    const pdn_json *raw = string_member(root, "raw");
    if (raw) {
        pdn_strbuf_put(pdn, raw->str, raw->len);
        return 1;
    }
    if ((raw = string_member(root, "raw_bytes"))) {
        /* Each code point U+0000..U+00FF is one byte. */
        const unsigned char *p = (const unsigned char *)raw->str;
        for (size_t i = 0; i < raw->len; i++) {
            if (p[i] < 0x80) {
                pdn_strbuf_putc(pdn, (char)p[i]);
            } else if ((p[i] == 0xC2 || p[i] == 0xC3) && i + 1 < raw->len) {
                pdn_strbuf_putc(pdn,
                                (char)(((p[i] & 3) << 6) | (p[i + 1] & 0x3F)));
                i++;
            } else {
                return bad(&w, raw,
                           "\"raw_bytes\" holds a character "
                           "past U+00FF");
            }
        }
        return 1;
    }
    const pdn_json *variant = string_member(root, "variant");
    const pdn_variant *v = variant ? pdn_variant_by_name(variant->str) : NULL;
    w.black_first = v && v->first == PDN_BLACK;
    const pdn_json *preamble = pdn_json_get(root, "preamble");
    if (preamble && write_nodes(&w, preamble) < 0)
        return -1;
    if (preamble && preamble->child)
        pdn_strbuf_putc(pdn, '\n');
    if (write_tags(&w, pdn_json_get(root, "tags")) < 0)
        return -1;
    pdn_strbuf_putc(pdn, '\n');
    if (write_nodes(&w, pdn_json_get(root, "moves")) < 0)
        return -1;
    const pdn_json *result = string_member(root, "result");
    if (!result)
        return bad(&w, root, "expected \"result\": a string");
    if (strlen(result->str) != result->len || strchr(result->str, ' '))
        return bad(&w, result, "a result cannot hold a blank or NUL");
    pdn_strbuf_printf(pdn, "%s\n", result->str);
    return 0;
}
