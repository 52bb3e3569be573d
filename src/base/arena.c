/* arena.c -- blocks of growing size, up to a largest one; reset keeps the
 * first block, so a reader that resets its arena per game allocates
 * nothing in the steady state.  The bump and the reset are inline, in
 * arena.h.
 */
#include "base/arena.h"

#include <stdlib.h>

#include "base/xalloc.h"

#define ARENA_FIRST_BLOCK 16384
/* Blocks double up to this size, then stay at it: the room left unused in
 * the last block of a large arena is at most this, not half of it all. */
#define ARENA_LARGEST_BLOCK ((size_t)1 << 20)

void
pdn_arena_init(pdn_arena *a)
{
    a->head = NULL;
    a->next = a->end = NULL;
}

void *
pdn_arena_grow(pdn_arena *a, size_t size)
{
    size_t block = a->head ? a->head->size * 2 : ARENA_FIRST_BLOCK;
    if (block > ARENA_LARGEST_BLOCK)
        block = ARENA_LARGEST_BLOCK;
    while (block <= size)
        block *= 2;
    pdn_arena_block *b = pdn_xmalloc(sizeof *b + block);
    b->size = block;
    b->next = a->head;
    a->head = b;
    a->next = b->data + size;
    a->end = b->data + block;
    return b->data;
}

void
pdn_arena_free_older(pdn_arena *a)
{
    pdn_arena_block *b = a->head->next;
    while (b) {
        pdn_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head->next = NULL;
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
    a->next = a->end = NULL;
}
