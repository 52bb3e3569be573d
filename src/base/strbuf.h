/* strbuf.h -- a growable byte buffer, always NUL-terminated (cmark's
 * strbuf).
 */
#ifndef PDN_BASE_STRBUF_H
#define PDN_BASE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

typedef struct pdn_strbuf {
    char *ptr; /* NUL-terminated; NULL until something is added */
    size_t len;
    size_t cap;
} pdn_strbuf;

#define PDN_STRBUF_INIT                                                        \
    {                                                                          \
        NULL, 0, 0                                                             \
    }

/** Makes room in @b for @more bytes and the NUL after them. */
void pdn_strbuf_grow(pdn_strbuf *b, size_t more);

/* Inline: the writers append a few bytes at a time, millions of times. */

static inline void
pdn_strbuf_put(pdn_strbuf *b, const char *s, size_t len)
{
    if (len == 0)
        return; /* s may be NULL then */
    if (b->len + len + 1 > b->cap)
        pdn_strbuf_grow(b, len);
    memcpy(b->ptr + b->len, s, len);
    b->len += len;
    b->ptr[b->len] = '\0';
}

/** Room for @n more bytes at the end of @b, to be written with plain
 * stores: where they go.  pdn_strbuf_commit() ends them. */
static inline char *
pdn_strbuf_reserve(pdn_strbuf *b, size_t n)
{
    if (b->len + n + 1 > b->cap)
        pdn_strbuf_grow(b, n);
    return b->ptr + b->len;
}

/** Ends what was written from pdn_strbuf_reserve() at @end. */
static inline void
pdn_strbuf_commit(pdn_strbuf *b, char *end)
{
    b->len = (size_t)(end - b->ptr);
    b->ptr[b->len] = '\0';
}

static inline void
pdn_strbuf_puts(pdn_strbuf *b, const char *s)
{
    pdn_strbuf_put(b, s, strlen(s));
}

static inline void
pdn_strbuf_putc(pdn_strbuf *b, char c)
{
    if (b->len + 2 > b->cap)
        pdn_strbuf_grow(b, 1);
    b->ptr[b->len++] = c;
    b->ptr[b->len] = '\0';
}

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
