/* strbuf.h -- a growable byte buffer, always NUL-terminated (cmark's
 * strbuf).
 */
#ifndef PDN_BASE_STRBUF_H
#define PDN_BASE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct pdn_strbuf {
    char *ptr;   /* NUL-terminated; NULL until something is added */
    size_t len;
    size_t cap;
} pdn_strbuf;

#define PDN_STRBUF_INIT {NULL, 0, 0}

void pdn_strbuf_put(pdn_strbuf *b, const char *s, size_t len);
void pdn_strbuf_puts(pdn_strbuf *b, const char *s);
void pdn_strbuf_putc(pdn_strbuf *b, char c);
void pdn_strbuf_printf(pdn_strbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Empties @b, keeping its memory. */
void pdn_strbuf_clear(pdn_strbuf *b);
/** Hands the text to the caller, who frees it with free(); @b is empty. */
char *pdn_strbuf_detach(pdn_strbuf *b);
void pdn_strbuf_free(pdn_strbuf *b);

#endif
