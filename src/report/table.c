/* table.c -- a report laid out as a table: its cells kept as strings,
 * written as aligned text or as an HTML section.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "report/report.h"
#include "report/table.h"

void
pdn_table_init(pdn_table *t, const char *title, size_t ncols,
               const char *const *head)
{
    *t = (pdn_table){.title = pdn_xstrndup(title, strlen(title)),
                     .ncols = ncols};
    t->head = pdn_xmalloc(ncols * sizeof *t->head);
    for (size_t i = 0; i < ncols; i++)
        t->head[i] = pdn_xstrndup(head[i], strlen(head[i]));
}

char **
pdn_table_row(pdn_table *t)
{
    if (t->nrows == t->caprows) {
        t->caprows = t->caprows ? 2 * t->caprows : 64;
        t->cells =
            pdn_xrealloc(t->cells, t->caprows * t->ncols * sizeof *t->cells);
    }
    char **row = t->cells + t->nrows++ * t->ncols;
    memset(row, 0, t->ncols * sizeof *row);
    return row;
}

char *
pdn_table_cell(const char *fmt, ...)
{
    va_list ap;
    char buf[512];
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    return pdn_xstrndup(buf,
                        (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

void
pdn_table_free(pdn_table *t)
{
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    for (size_t i = 0; i < t->ncols; i++)
        free(t->head[i]);
    free(t->cells);
    free(t->head);
    free(t->title);
}

/* The width of @s in columns: its characters (UTF-8). */
static size_t
width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void
pad(pdn_strbuf *out, size_t n)
{
    while (n--)
        pdn_strbuf_putc(out, ' ');
}

void
pdn_table_text(const pdn_table *t, pdn_strbuf *out)
{
    size_t *w = pdn_xcalloc(t->ncols, sizeof *w);
    for (size_t c = 0; c < t->ncols; c++) {
        w[c] = width(t->head[c]);
        for (size_t r = 0; r < t->nrows; r++) {
            size_t k = width(t->cells[r * t->ncols + c]);
            w[c] = k > w[c] ? k : w[c];
        }
    }
    pdn_strbuf_printf(out, "%s\n", t->title);
    for (size_t r = 0; r <= t->nrows; r++) {
        char *const *row = r ? t->cells + (r - 1) * t->ncols : t->head;
        for (size_t c = 0; c < t->ncols; c++) {
            size_t k = w[c] - width(row[c]);
            if (c)
                pdn_strbuf_puts(out, "  ");
            if (c)
                pad(out, k);
            pdn_strbuf_puts(out, row[c]);
            if (!c && t->ncols > 1)
                pad(out, k);
        }
        pdn_strbuf_putc(out, '\n');
    }
    free(w);
}

void
pdn_table_html(const pdn_table *t, pdn_strbuf *out)
{
    pdn_strbuf_puts(out, "<h2>");
    pdn_report_html_escape(t->title, out);
    pdn_strbuf_puts(out, "</h2>\n<table class=\"summary\">\n<thead><tr>");
    for (size_t c = 0; c < t->ncols; c++) {
        pdn_strbuf_puts(out, "<th>");
        pdn_report_html_escape(t->head[c], out);
        pdn_strbuf_puts(out, "</th>");
    }
    pdn_strbuf_puts(out, "</tr></thead>\n<tbody>\n");
    for (size_t r = 0; r < t->nrows; r++) {
        pdn_strbuf_puts(out, "<tr>");
        for (size_t c = 0; c < t->ncols; c++) {
            pdn_strbuf_puts(out, "<td>");
            pdn_report_html_escape(t->cells[r * t->ncols + c], out);
            pdn_strbuf_puts(out, "</td>");
        }
        pdn_strbuf_puts(out, "</tr>\n");
    }
    pdn_strbuf_puts(out, "</tbody>\n</table>\n");
}
