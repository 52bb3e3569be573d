/* arena.c -- blocks of growing size; reset keeps the first block, so a
 * reader that resets its arena per game allocates nothing in the steady
 * state.
 */
#include "base/arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

#define ARENA_FIRST_BLOCK 16384

struct pdn_arena_block {
    pdn_arena_block *next;
    size_t size;
    alignas(max_align_t) unsigned char data[];
};

void
pdn_arena_init(pdn_arena *a)
{
    a->head = NULL;
    a->used = 0;
}

static void
grow(pdn_arena *a, size_t need)
{
    size_t size = a->head ? a->head->size * 2 : ARENA_FIRST_BLOCK;
    while (size < need)
        size *= 2;
    pdn_arena_block *b = pdn_xmalloc(sizeof *b + size);
    b->size = size;
    b->next = a->head;
    a->head = b;
    a->used = 0;
}

void *
pdn_arena_alloc(pdn_arena *a, size_t size)
{
    size_t align = alignof(max_align_t);
    size = (size + align - 1) & ~(align - 1);
    if (!a->head || a->head->size - a->used < size)
        grow(a, size);
    void *p = a->head->data + a->used;
    a->used += size;
    return p;
}

char *
pdn_arena_strndup(pdn_arena *a, const char *s, size_t len)
{
    char *d = pdn_arena_alloc(a, len + 1);
    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

void
pdn_arena_reset(pdn_arena *a)
{
    if (!a->head)
        return;
    /* Keep the largest block (the head), free the rest. */
    pdn_arena_block *b = a->head->next;
    while (b) {
        pdn_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head->next = NULL;
    a->used = 0;
}

void
pdn_arena_fini(pdn_arena *a)
{
    pdn_arena_block *b = a->head;
    while (b) {
        pdn_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
    a->used = 0;
}
