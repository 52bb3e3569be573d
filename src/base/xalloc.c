/* xalloc.c -- allocation that aborts when memory runs out. */
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *
check(void *p, size_t size)
{
    if (!p && size) {
        fputs("pdn: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *
pdn_xmalloc(size_t size)
{
    return check(malloc(size ? size : 1), size);
}

void *
pdn_xcalloc(size_t count, size_t size)
{
    return check(calloc(count ? count : 1, size ? size : 1), count * size);
}

void *
pdn_xrealloc(void *p, size_t size)
{
    return check(realloc(p, size ? size : 1), size);
}

char *
pdn_xstrndup(const char *s, size_t len)
{
    char *d = pdn_xmalloc(len + 1);
    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}
