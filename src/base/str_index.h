/* str_index.h -- strings numbered in the order they are first met: the
 * players, events or openings of an archive, each given a dense index
 * (0, 1, 2...) to count under.  A hash table of the indices, the strings
 * copied.
 */
#ifndef PDN_BASE_STR_INDEX_H
#define PDN_BASE_STR_INDEX_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pdn_str_index pdn_str_index;

/** A new empty index; free it with pdn_str_index_free(). */
pdn_str_index *pdn_str_index_new(void);

void pdn_str_index_free(pdn_str_index *x);

/** The index of the @len bytes at @s: the one they were given, or the
 * next one when they are new (then *@added is true, when @added is not
 * NULL). */
size_t pdn_str_index_of(pdn_str_index *x, const char *s, size_t len,
                        bool *added);

/** How many strings @x holds, and the one of index @i (NUL-ended). */
size_t pdn_str_index_count(const pdn_str_index *x);
const char *pdn_str_index_key(const pdn_str_index *x, size_t i);

#endif
