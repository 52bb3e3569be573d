/* lines.c -- a movetext filled into lines (lines.h). */
#include "write/lines.h"

#include <stdbool.h>
#include <string.h>

#include "base/utf8.h"

void
pdn_line_break(pdn_line *l)
{
    if (l->col > 0) {
        pdn_strbuf_putc(l->out, '\n');
        l->col = 0;
    }
    l->glue = false;
}

void
pdn_line_unit(pdn_line *l, const char *s, size_t len)
{
    const char *nl = memchr(s, '\n', len);
    size_t first = pdn_utf8_count(s, nl ? (size_t)(nl - s) : len);
    if (l->col > 0 && !l->glue) {
        if (l->col + 1 + first > l->width) {
            pdn_strbuf_putc(l->out, '\n');
            l->col = 0;
        } else {
            pdn_strbuf_putc(l->out, ' ');
            l->col++;
        }
    }
    pdn_strbuf_put(l->out, s, len);
    if (!nl) {
        l->col += (unsigned)first; /* the usual unit: one line */
    } else {
        const char *last = nl + 1, *end = s + len, *p;
        while ((p = memchr(last, '\n', (size_t)(end - last))))
            last = p + 1;
        l->col = (unsigned)pdn_utf8_count(last, (size_t)(end - last));
    }
    l->glue = false;
}

void
pdn_line_close(pdn_line *l)
{
    if (l->col + 1 > l->width)
        pdn_line_break(l);
    pdn_strbuf_putc(l->out, ')');
    l->col++;
    l->glue = false;
}

void
pdn_line_last(pdn_line *l, const char *s)
{
    /* Its bytes gathered as its length is found, then stored as one
     * word: no call to strlen() or memcpy() for a few bytes. */
    char word[8] = {0};
    size_t len = 0;
    for (; s[len]; len++) {
        unsigned char c = (unsigned char)s[len];
        if (len == sizeof word || c >= 0x80 || c == '\n')
            break;
        word[len] = (char)c;
    }
    if (len == 0 || s[len]) { /* empty, long, or not plain ASCII */
        pdn_line_unit(l, s, strlen(s));
        pdn_line_break(l);
        return;
    }
    char *p = pdn_line_room(l, len);
    memcpy(p, word, sizeof word);
    p[len] = '\n';
    l->col = 0;
    pdn_strbuf_commit(l->out, p + len + 1);
}

void
pdn_line_lf(pdn_strbuf *s, const char *text, size_t len)
{
    const char *end = text + len;
    while (text < end) { /* the runs between CRs as they are */
        const char *cr = memchr(text, '\r', (size_t)(end - text));
        if (!cr) {
            pdn_strbuf_put(s, text, (size_t)(end - text));
            return;
        }
        pdn_strbuf_put(s, text, (size_t)(cr - text));
        pdn_strbuf_putc(s, '\n');
        text = cr + 1;
        if (text < end && *text == '\n')
            text++;
    }
}

void
pdn_line_comment(pdn_line *l, pdn_strbuf *s, const pdn_node *n)
{
    bool brace = !memchr(n->text, '}', n->len);
    bool line_comment = !brace && !memchr(n->text, '\n', n->len) &&
                        !memchr(n->text, '\r', n->len);
    pdn_strbuf_clear(s);
    if (brace)
        pdn_strbuf_putc(s, '{');
    else if (line_comment)
        pdn_strbuf_putc(s, ';');
    else
        pdn_strbuf_putc(s, n->u.comment == PDN_COMMENT_LINE ? ';' : '(');
    pdn_line_lf(s, n->text, n->len);
    if (brace)
        pdn_strbuf_putc(s, '}');
    else if (!line_comment && n->u.comment != PDN_COMMENT_LINE)
        pdn_strbuf_putc(s, ')');
    pdn_line_unit(l, s->ptr, s->len);
    if (s->ptr[0] == ';')
        pdn_line_break(l);
}

void
pdn_line_unresolved(pdn_strbuf *s, const pdn_node *n)
{
    const uint8_t *squares = pdn_node_squares(n);
    char separator = n->u.move.separator;
    bool numeric = separator != 0;
    for (size_t i = 0; i < n->u.move.count; i++)
        if (squares[i] & PDN_SQUARE_ALPHA)
            numeric = false;
    if (!numeric) {
        for (size_t i = 0; i < n->len; i++)
            if (n->text[i] != ' ' && n->text[i] != '\t')
                pdn_strbuf_putc(s, n->text[i]);
        return;
    }
    for (size_t i = 0; i < n->u.move.count; i++) {
        if (i)
            pdn_strbuf_putc(s, separator == '-' ? '-' : 'x');
        pdn_strbuf_printf(s, "%u", (unsigned)squares[i]);
    }
}
