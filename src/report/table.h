/* table.h -- a report laid out as a table: a title, a header, and rows
 * of cells, each a string; the first column text and the others numbers,
 * aligned right in text.  Written as aligned text or as an HTML section.
 */
#ifndef PDN_REPORT_TABLE_H
#define PDN_REPORT_TABLE_H

#include <stddef.h>

#include "base/strbuf.h"

typedef struct pdn_table {
    char *title;
    size_t ncols;
    char **head;
    char **cells; /* rows * ncols */
    size_t nrows, caprows;
} pdn_table;

/** Starts @t: its @title and the @ncols headings @head (copied). */
void pdn_table_init(pdn_table *t, const char *title, size_t ncols,
                    const char *const *head);

/** Adds a row of the table's columns: its cells, for the caller to fill
 * with strings of pdn_table_cell(), which @t then owns. */
char **pdn_table_row(pdn_table *t);

/** A cell: the text printf makes of @fmt (at most 511 bytes). */
char *pdn_table_cell(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/** Frees what @t holds. */
void pdn_table_free(pdn_table *t);

/** Appends @t as text: the title, then the columns two blanks apart. */
void pdn_table_text(const pdn_table *t, pdn_strbuf *out);

/** Appends @t as an HTML section: its title a heading, then a table. */
void pdn_table_html(const pdn_table *t, pdn_strbuf *out);

#endif
