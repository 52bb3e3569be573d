/* xalloc.h -- allocation that never returns NULL: out of memory prints a
 * line and aborts (cmark's xcalloc).  Failure is not threaded through
 * every return.
 */
#ifndef PDN_BASE_XALLOC_H
#define PDN_BASE_XALLOC_H

#include <stddef.h>

/** malloc(), calloc(), realloc() and strndup() that abort when memory runs
 * out.  Free the results with free(). */
void *pdn_xmalloc(size_t size);
void *pdn_xcalloc(size_t count, size_t size);
void *pdn_xrealloc(void *p, size_t size);
char *pdn_xstrndup(const char *s, size_t len);

#endif
