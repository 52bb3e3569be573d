/* json_in.c -- a small JSON reader (json_in.h): recursive descent over the
 * RFC 8259 grammar, one function per value kind.
 */
#include "write/json_in.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"

typedef struct reader {
    pdn_arena *arena;
    const char *s;
    size_t len, pos;
    int depth;
    char *err;
    size_t errcap;
    size_t *at;
    bool failed;
} reader;

static void
fail(reader *r, const char *what)
{
    if (r->failed)
        return;
    r->failed = true;
    snprintf(r->err, r->errcap, "%s", what);
    *r->at = r->pos;
}

static void
blanks(reader *r)
{
    while (r->pos < r->len && strchr(" \t\r\n", r->s[r->pos]) && r->s[r->pos])
        r->pos++;
}

static pdn_json *
node(reader *r, pdn_json_kind kind)
{
    pdn_json *n = pdn_arena_alloc(r->arena, sizeof *n);
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->at = r->pos;
    return n;
}

static pdn_json *parse_value(reader *r);

/* Four hex digits at pos; -1 if there are not. */
static long
hex4(reader *r)
{
    long v = 0;
    if (r->len - r->pos < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        char c = r->s[r->pos + (size_t)i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    r->pos += 4;
    return v;
}

/* string = '"' { char | escape } '"'; the text unescaped into the arena
 * (never longer than the source). */
static pdn_json *
parse_string(reader *r)
{
    pdn_json *n = node(r, PDN_JSON_STRING);
    size_t start = ++r->pos, end = start;
    while (end < r->len && r->s[end] != '"') {
        if (r->s[end] == '\\')
            end++;
        end++;
    }
    if (end >= r->len) {
        fail(r, "a string that is not closed");
        return NULL;
    }
    char *out = pdn_arena_alloc(r->arena, end - start + 1);
    size_t k = 0;
    while (r->pos < end) {
        unsigned char c = (unsigned char)r->s[r->pos];
        if (c < 0x20) {
            fail(r, "a control character in a string");
            return NULL;
        }
        if (c != '\\') {
            out[k++] = (char)c;
            r->pos++;
            continue;
        }
        char e = r->s[++r->pos];
        r->pos++;
        const char *plain = strchr("\"\\/bfnrt", e);
        if (e && plain) {
            out[k++] = "\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"];
            continue;
        }
        if (e != 'u') {
            r->pos--;
            fail(r, "an unknown escape in a string");
            return NULL;
        }
        long u = hex4(r);
        if (u < 0) {
            fail(r, "expected four hex digits after \\u");
            return NULL;
        }
        if (u >= 0xD800 && u <= 0xDBFF && r->pos + 1 < end &&
            r->s[r->pos] == '\\' && r->s[r->pos + 1] == 'u') {
            r->pos += 2;
            long low = hex4(r);
            if (low < 0xDC00 || low > 0xDFFF) {
                fail(r, "a lone surrogate in a string");
                return NULL;
            }
            u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
        } else if (u >= 0xD800 && u <= 0xDFFF) {
            fail(r, "a lone surrogate in a string");
            return NULL;
        }
        k += pdn_utf8_put((unsigned long)u, out + k);
    }
    out[k] = '\0';
    r->pos = end + 1;
    n->str = out;
    n->len = k;
    return n;
}

/* number = [ '-' ] int [ frac ] [ exp ] */
static pdn_json *
parse_number(reader *r)
{
    pdn_json *n = node(r, PDN_JSON_NUMBER);
    size_t p = r->pos;
    if (r->s[p] == '-')
        p++;
    if (p >= r->len || r->s[p] < '0' || r->s[p] > '9') {
        fail(r, "expected a value");
        return NULL;
    }
    char *end;
    n->number = strtod(r->s + r->pos, &end);
    r->pos = (size_t)(end - r->s);
    return n;
}

/* The literal @word, giving a node of @kind. */
static pdn_json *
parse_literal(reader *r, const char *word, pdn_json_kind kind)
{
    size_t len = strlen(word);
    if (r->len - r->pos < len || memcmp(r->s + r->pos, word, len) != 0) {
        fail(r, "expected a value");
        return NULL;
    }
    pdn_json *n = node(r, kind);
    r->pos += len;
    return n;
}

/* array = '[' [ value { ',' value } ] ']'
 * object = '{' [ string ':' value { ',' string ':' value } ] '}' */
static pdn_json *
parse_container(reader *r, bool object)
{
    pdn_json *n = node(r, object ? PDN_JSON_OBJECT : PDN_JSON_ARRAY);
    pdn_json **tail = &n->child;
    char close = object ? '}' : ']';
    size_t members = 0;
    if (++r->depth > PDN_JSON_MAX_DEPTH) {
        fail(r, "nested too deep");
        return NULL;
    }
    r->pos++;
    blanks(r);
    if (r->pos < r->len && r->s[r->pos] == close) {
        r->pos++;
        r->depth--;
        return n;
    }
    for (;;) {
        const char *key = NULL;
        if (object) {
            blanks(r);
            if (r->pos >= r->len || r->s[r->pos] != '"') {
                fail(r, "expected a member name in double quotes");
                return NULL;
            }
            pdn_json *k = parse_string(r);
            if (!k)
                return NULL;
            key = k->str;
            if (++members > PDN_JSON_MAX_MEMBERS) {
                r->pos = k->at;
                fail(r, "an object of more than " PDN_JSON_MAX_MEMBERS_TEXT
                        " members");
                return NULL;
            }
            for (const pdn_json *m = n->child; m; m = m->next)
                if (strcmp(m->key, key) == 0) {
                    char what[80];
                    snprintf(what, sizeof what,
                             "member \"%.40s\" given "
                             "twice",
                             key);
                    r->pos = k->at;
                    fail(r, what);
                    return NULL;
                }
            blanks(r);
            if (r->pos >= r->len || r->s[r->pos] != ':') {
                fail(r, "expected ':' after a member name");
                return NULL;
            }
            r->pos++;
        }
        pdn_json *v = parse_value(r);
        if (!v)
            return NULL;
        v->key = key;
        *tail = v;
        tail = &v->next;
        blanks(r);
        if (r->pos < r->len && r->s[r->pos] == ',') {
            r->pos++;
            continue;
        }
        if (r->pos < r->len && r->s[r->pos] == close) {
            r->pos++;
            r->depth--;
            return n;
        }
        fail(r, object ? "expected ',' or '}'" : "expected ',' or ']'");
        return NULL;
    }
}

static pdn_json *
parse_value(reader *r)
{
    blanks(r);
    if (r->pos >= r->len) {
        fail(r, "expected a value, found the end");
        return NULL;
    }
    switch (r->s[r->pos]) {
    case '{':
        return parse_container(r, true);
    case '[':
        return parse_container(r, false);
    case '"':
        return parse_string(r);
    case 't':
        return parse_literal(r, "true", PDN_JSON_TRUE);
    case 'f':
        return parse_literal(r, "false", PDN_JSON_FALSE);
    case 'n':
        return parse_literal(r, "null", PDN_JSON_NULL);
    default:
        return parse_number(r);
    }
}

pdn_json *
pdn_json_parse(pdn_arena *a, const char *s, size_t len, char *err,
               size_t errcap, size_t *at)
{
    reader r = {
        .arena = a, .s = s, .len = len, .err = err, .errcap = errcap, .at = at};
    pdn_json *root = parse_value(&r);
    if (!root)
        return NULL;
    blanks(&r);
    if (r.pos < len) {
        fail(&r, "text after the value");
        return NULL;
    }
    return root;
}

const pdn_json *
pdn_json_get(const pdn_json *o, const char *key)
{
    if (!o || o->kind != PDN_JSON_OBJECT)
        return NULL;
    for (const pdn_json *m = o->child; m; m = m->next)
        if (strcmp(m->key, key) == 0)
            return m;
    return NULL;
}
