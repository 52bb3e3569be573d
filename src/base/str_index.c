/* str_index.c -- strings numbered in the order met (str_index.h).
 */
#include "base/str_index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

struct pdn_str_index {
    char **keys;
    size_t *lens;
    size_t count, cap;
    size_t *slots; /* index + 1 of the string there; 0: empty */
    size_t nslots; /* a power of two, at least twice count */
};

pdn_str_index *
pdn_str_index_new(void)
{
    pdn_str_index *x = pdn_xcalloc(1, sizeof *x);
    x->nslots = 64;
    x->slots = pdn_xcalloc(x->nslots, sizeof *x->slots);
    return x;
}

void
pdn_str_index_free(pdn_str_index *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < x->count; i++)
        free(x->keys[i]);
    free(x->keys);
    free(x->lens);
    free(x->slots);
    free(x);
}

/* FNV-1a. */
static size_t
hash(const char *s, size_t len)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
    return (size_t)(h ^ h >> 32);
}

/* The slot of @s: where it is, or the empty one where it would go. */
static size_t
slot_of(const pdn_str_index *x, const char *s, size_t len)
{
    size_t mask = x->nslots - 1, i = hash(s, len) & mask;
    while (x->slots[i]) {
        size_t k = x->slots[i] - 1;
        if (x->lens[k] == len && memcmp(x->keys[k], s, len) == 0)
            break;
        i = (i + 1) & mask;
    }
    return i;
}

/* Doubles the table, its strings put back. */
static void
grow(pdn_str_index *x)
{
    free(x->slots);
    x->nslots *= 2;
    x->slots = pdn_xcalloc(x->nslots, sizeof *x->slots);
    for (size_t k = 0; k < x->count; k++)
        x->slots[slot_of(x, x->keys[k], x->lens[k])] = k + 1;
}

size_t
pdn_str_index_of(pdn_str_index *x, const char *s, size_t len, bool *added)
{
    size_t i = slot_of(x, s, len);
    if (added)
        *added = !x->slots[i];
    if (x->slots[i])
        return x->slots[i] - 1;
    if (x->count == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 32;
        x->keys = pdn_xrealloc(x->keys, x->cap * sizeof *x->keys);
        x->lens = pdn_xrealloc(x->lens, x->cap * sizeof *x->lens);
    }
    x->keys[x->count] = pdn_xstrndup(s, len);
    x->lens[x->count] = len;
    x->slots[i] = ++x->count;
    if (2 * x->count > x->nslots)
        grow(x);
    return x->count - 1;
}

size_t
pdn_str_index_count(const pdn_str_index *x)
{
    return x->count;
}

const char *
pdn_str_index_key(const pdn_str_index *x, size_t i)
{
    return i < x->count ? x->keys[i] : NULL;
}
