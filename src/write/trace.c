/* trace.c -- games as reading events (trace.h). */
#include "write/trace.h"

#include <string.h>

/* Text with \\ \n \r \t escaped. */
static void
put_text(pdn_strbuf *out, const char *s, size_t len)
{
    size_t from = 0;
    for (size_t i = 0; i < len; i++) {
        const char *esc = NULL;
        switch (s[i]) {
        case '\\':
            esc = "\\\\";
            break;
        case '\n':
            esc = "\\n";
            break;
        case '\r':
            esc = "\\r";
            break;
        case '\t':
            esc = "\\t";
            break;
        default:
            continue;
        }
        pdn_strbuf_put(out, s + from, i - from);
        pdn_strbuf_puts(out, esc);
        from = i + 1;
    }
    pdn_strbuf_put(out, s + from, len - from);
}

/* "value" with \" and \\ escaped, as PDN quotes a tag value. */
static void
put_quoted(pdn_strbuf *out, const char *s)
{
    pdn_strbuf_putc(out, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            pdn_strbuf_putc(out, '\\');
        if (*s == '\n')
            pdn_strbuf_puts(out, "\\n");
        else
            pdn_strbuf_putc(out, *s);
    }
    pdn_strbuf_putc(out, '"');
}

static void
event(pdn_strbuf *out, const char *name, const char *text, size_t len)
{
    pdn_strbuf_puts(out, name);
    if (text) {
        pdn_strbuf_putc(out, ' ');
        put_text(out, text, len);
    }
    pdn_strbuf_putc(out, '\n');
}

static const char *
comment_event(pdn_comment_style style)
{
    switch (style) {
    case PDN_COMMENT_LINE:
        return "=LINECOMMENT";
    case PDN_COMMENT_PROSE:
        return "=PROSE";
    case PDN_COMMENT_TEXT:
        return "=TEXT";
    default:
        return "=COMMENT";
    }
}

/* The event of each node that is its text alone. */
static const char *const plain_events[] = {
    [PDN_NODE_NUMBER] = "=NUMBER", [PDN_NODE_UNKNOWN] = "=UNKNOWN",
    [PDN_NODE_NAG] = "=NAG",       [PDN_NODE_ESCAPE] = "=ESCAPE",
    [PDN_NODE_SETUP] = "=SETUP",
};

static void
trace_nodes(const pdn_node *n, pdn_strbuf *out)
{
    for (; n; n = n->next) {
        switch (n->kind) {
        case PDN_NODE_MOVE: {
            const char *mark = pdn_node_strength(n);
            event(out, "=MOVE", n->text, n->len);
            if (mark)
                event(out, "=MARK", mark, strlen(mark));
            if (n->u.move.forced)
                event(out, "=FORCED", NULL, 0);
            break;
        }
        case PDN_NODE_COMMENT:
            event(out, comment_event(n->u.comment), n->text, n->len);
            break;
        case PDN_NODE_NUMBER:
        case PDN_NODE_UNKNOWN:
        case PDN_NODE_NAG:
        case PDN_NODE_ESCAPE:
        case PDN_NODE_SETUP:
            event(out, plain_events[n->kind], n->text, n->len);
            break;
        case PDN_NODE_VARIATION:
            event(out, "+VAR", NULL, 0);
            trace_nodes(n->children, out);
            event(out, "-VAR", NULL, 0);
            break;
        }
    }
}

void
pdn_trace_game(const pdn_game *g, pdn_strbuf *out)
{
    event(out, "+GAME", NULL, 0);
    trace_nodes(g->preamble, out);
    for (size_t i = 0; i < g->ntags; i++) {
        const pdn_tag *t = &g->tags[i];
        pdn_strbuf_printf(out, "=TAG %s ", t->name);
        put_quoted(out, t->value);
        if (t->standard)
            pdn_strbuf_printf(out, " -> %s", t->standard);
        pdn_strbuf_putc(out, '\n');
    }
    trace_nodes(g->moves, out);
    if (g->result_text)
        event(out, "=RESULT", g->result_text, strlen(g->result_text));
    event(out, "-GAME", NULL, 0);
}
