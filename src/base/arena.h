/* arena.h -- a bump allocator: one per game.  Nodes, strings and
 * diagnostic text go in it; pdn_arena_reset() or pdn_arena_fini() releases
 * all of it at once (yyjson's document owns its values the same way).
 */
#ifndef PDN_BASE_ARENA_H
#define PDN_BASE_ARENA_H

#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A block of the arena: in the header so that a reset is inline. */
typedef struct pdn_arena_block pdn_arena_block;
struct pdn_arena_block {
    pdn_arena_block *next; /* the block filled before */
    size_t size;           /* of data */
    alignas(max_align_t) unsigned char data[];
};

/** Caller-owned: zero it, or pdn_arena_init() it, then allocate. */
typedef struct pdn_arena {
    pdn_arena_block *head; /* the block being filled; older ones follow */
    unsigned char *next;   /* its first free byte */
    unsigned char *end;    /* its end */
} pdn_arena;

/** What pdn_arena_alloc() aligns to: enough for any type. */
#define PDN_ARENA_ALIGN ((uintptr_t) _Alignof(max_align_t))

void pdn_arena_init(pdn_arena *a);

/** @size bytes from a new block, aligned for any type: the slow path of
 * the allocations below. */
void *pdn_arena_grow(pdn_arena *a, size_t size);

/** The address of the next allocation, if it fits in the block: the
 * block's free room from its first aligned byte. */
static inline uintptr_t
pdn_arena_room(const pdn_arena *a)
{
    return ((uintptr_t)a->next + PDN_ARENA_ALIGN - 1) & ~(PDN_ARENA_ALIGN - 1);
}

/** @size bytes aligned for any type, valid until the next reset or fini.
 * Never NULL (aborts when memory runs out). */
static inline void *
pdn_arena_alloc(pdn_arena *a, size_t size)
{
    uintptr_t p = pdn_arena_room(a);
    if (p + size >= (uintptr_t)a->end)
        return pdn_arena_grow(a, size);
    a->next = (unsigned char *)p + size;
    return (void *)p;
}

/** A NUL-terminated copy of @len bytes of @s, in the arena (unaligned). */
static inline char *
pdn_arena_strndup(pdn_arena *a, const char *s, size_t len)
{
    char *d;
    if (len >= (size_t)(a->end - a->next))
        d = pdn_arena_grow(a, len + 1);
    else {
        d = (char *)a->next;
        a->next += len + 1;
    }
    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

/** Frees the blocks older than the head: the slow path of
 * pdn_arena_reset(). */
void pdn_arena_free_older(pdn_arena *a);

/** Forgets everything allocated, keeping the largest block (the last
 * made) for reuse.  Inline: a reader resets an arena per game, and one
 * block is the rule. */
static inline void
pdn_arena_reset(pdn_arena *a)
{
    pdn_arena_block *b = a->head;
    if (!b)
        return;
    if (b->next)
        pdn_arena_free_older(a);
    a->next = b->data;
    a->end = b->data + b->size;
}

/** Frees every block. */
void pdn_arena_fini(pdn_arena *a);

#endif
