/* strbuf.c -- a growable byte buffer. */
#include "base/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

void
pdn_strbuf_grow(pdn_strbuf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + more + 1)
        cap *= 2;
    b->ptr = pdn_xrealloc(b->ptr, cap);
    b->cap = cap;
}

void
pdn_strbuf_printf(pdn_strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    pdn_strbuf_grow(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void
pdn_strbuf_clear(pdn_strbuf *b)
{
    b->len = 0;
    if (b->ptr)
        b->ptr[0] = '\0';
}

char *
pdn_strbuf_detach(pdn_strbuf *b)
{
    char *p = b->ptr ? b->ptr : pdn_xstrndup("", 0);
    b->ptr = NULL;
    b->len = b->cap = 0;
    return p;
}

void
pdn_strbuf_free(pdn_strbuf *b)
{
    free(b->ptr);
    b->ptr = NULL;
    b->len = b->cap = 0;
}
