/* arena.h -- a bump allocator: one per game.  Nodes, strings and
 * diagnostic text go in it; pdn_arena_reset() or pdn_arena_fini() releases
 * all of it at once (yyjson's document owns its values the same way).
 */
#ifndef PDN_BASE_ARENA_H
#define PDN_BASE_ARENA_H

#include <stddef.h>

typedef struct pdn_arena_block pdn_arena_block;

/** Caller-owned: zero it, or pdn_arena_init() it, then allocate. */
typedef struct pdn_arena {
    pdn_arena_block *head; /* the block being filled; older ones follow */
    size_t used;           /* bytes taken from head */
} pdn_arena;

void pdn_arena_init(pdn_arena *a);

/** @size bytes aligned for any type, valid until the next reset or fini.
 * Never NULL (aborts when memory runs out). */
void *pdn_arena_alloc(pdn_arena *a, size_t size);

/** A NUL-terminated copy of @len bytes of @s, in the arena. */
char *pdn_arena_strndup(pdn_arena *a, const char *s, size_t len);

/** Forgets everything allocated, keeping the first block for reuse. */
void pdn_arena_reset(pdn_arena *a);

/** Frees every block. */
void pdn_arena_fini(pdn_arena *a);

#endif
