/* lines.c -- a movetext filled into lines (lines.h). */
#include "write/lines.h"

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
