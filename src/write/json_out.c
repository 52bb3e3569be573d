/* json_out.c -- games as JSON (json_out.h; the keys are documented in
 * man/pdn-parse.1, section JSON OUTPUT).
 */
#include "write/json_out.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/json_string.h"

/* A NUL-terminated string, or null for NULL. */
static void
put_string(pdn_strbuf *out, const char *s)
{
    if (s)
        pdn_json_string(s, strlen(s), out);
    else
        pdn_strbuf_puts(out, "null");
}

/* ",\"key\":" */
static void
put_key(pdn_strbuf *out, const char *key)
{
    pdn_strbuf_printf(out, ",\"%s\":", key);
}

/* ---- Tags ---- */

void
pdn_json_tags(const pdn_game *g, pdn_strbuf *out)
{
    pdn_strbuf_putc(out, '[');
    for (size_t i = 0; i < g->ntags; i++) {
        const pdn_tag *t = &g->tags[i];
        pdn_strbuf_puts(out, i ? ",{\"name\":" : "{\"name\":");
        put_string(out, t->name);
        put_key(out, "value");
        put_string(out, t->value ? t->value : "");
        if (t->standard) {
            put_key(out, "standard");
            put_string(out, t->standard);
        }
        pdn_strbuf_putc(out, '}');
    }
    pdn_strbuf_putc(out, ']');
}

/* ---- Nodes ---- */

static const char *
comment_style(pdn_comment_style style)
{
    switch (style) {
    case PDN_COMMENT_LINE:
        return "line";
    case PDN_COMMENT_PROSE:
        return "prose";
    case PDN_COMMENT_TEXT:
        return "text";
    default:
        return "brace";
    }
}

/* "squares":[22,13] -- numbers, or "c3" for an alphanumeric square. */
static void
put_squares(pdn_strbuf *out, const pdn_node *n)
{
    const uint8_t *squares = pdn_node_squares(n);
    put_key(out, "squares");
    pdn_strbuf_putc(out, '[');
    for (int i = 0; i < n->u.move.count; i++) {
        unsigned sq = squares[i];
        if (i)
            pdn_strbuf_putc(out, ',');
        if (sq & PDN_SQUARE_ALPHA)
            pdn_strbuf_printf(out, "\"%c%c\"", 'a' + (int)(sq >> 3 & 7),
                              '1' + (int)(sq & 7));
        else
            pdn_strbuf_printf(out, "%u", sq);
    }
    pdn_strbuf_putc(out, ']');
}

static void
put_move(pdn_strbuf *out, const pdn_node *n)
{
    put_squares(out, n);
    put_key(out, "separator");
    if (n->u.move.separator)
        pdn_json_string(&n->u.move.separator, 1, out);
    else
        pdn_strbuf_puts(out, "null");
    const char *strength = pdn_node_strength(n);
    if (strength) {
        put_key(out, "strength");
        put_string(out, strength);
    }
    if (n->u.move.forced)
        pdn_strbuf_puts(out, ",\"forced\":true");
}

static void put_nodes(pdn_strbuf *out, const pdn_node *n);

/* One node: {"type":...,"text":...,<its keys>,"line":L,"column":C}. */
static void
put_node(pdn_strbuf *out, const pdn_node *n)
{
    static const char *const types[] = {
        [PDN_NODE_MOVE] = "move",       [PDN_NODE_NUMBER] = "number",
        [PDN_NODE_UNKNOWN] = "unknown", [PDN_NODE_NAG] = "nag",
        [PDN_NODE_COMMENT] = "comment", [PDN_NODE_ESCAPE] = "escape",
        [PDN_NODE_SETUP] = "setup",     [PDN_NODE_VARIATION] = "variation",
    };

    pdn_strbuf_printf(out, "{\"type\":\"%s\"", types[n->kind]);
    if (n->kind == PDN_NODE_COMMENT) {
        put_key(out, "style");
        pdn_strbuf_printf(out, "\"%s\"", comment_style(n->u.comment));
    }
    if (n->kind != PDN_NODE_VARIATION) {
        put_key(out, "text");
        pdn_json_string(n->text ? n->text : "", n->text ? n->len : 0, out);
    }
    switch (n->kind) {
    case PDN_NODE_MOVE:
        put_move(out, n);
        break;
    case PDN_NODE_NUMBER:
        pdn_strbuf_printf(out, ",\"value\":%" PRIu32 ",\"black\":%s",
                          n->u.number.value,
                          n->u.number.black ? "true" : "false");
        break;
    case PDN_NODE_NAG:
        pdn_strbuf_printf(out, ",\"nag\":%" PRIu32, n->u.nag);
        break;
    case PDN_NODE_VARIATION:
        put_key(out, "moves");
        put_nodes(out, n->children);
        break;
    default:
        break;
    }
    pdn_strbuf_printf(out, ",\"line\":%" PRIu32 ",\"column\":%" PRIu32 "}",
                      n->at.line, n->at.col);
}

/* A list of nodes as a JSON array. */
static void
put_nodes(pdn_strbuf *out, const pdn_node *n)
{
    pdn_strbuf_putc(out, '[');
    for (const pdn_node *first = n; n; n = n->next) {
        if (n != first)
            pdn_strbuf_putc(out, ',');
        put_node(out, n);
    }
    pdn_strbuf_putc(out, ']');
}

/* ---- Games ---- */

void
pdn_json_game(const pdn_game *g, pdn_strbuf *out)
{
    pdn_strbuf_puts(out, "{\"file\":");
    put_string(out, g->file);
    pdn_strbuf_printf(
        out, ",\"game\":%" PRIu64 ",\"line\":%" PRIu32 ",\"column\":%" PRIu32,
        g->number, g->start.line, g->start.col);
    put_key(out, "tags");
    pdn_json_tags(g, out);
    put_key(out, "preamble");
    put_nodes(out, g->preamble);
    put_key(out, "moves");
    put_nodes(out, g->moves);
    put_key(out, "result");
    put_string(out, g->result_text);
    pdn_strbuf_printf(out, ",\"errors\":%zu}", g->errors);
}
