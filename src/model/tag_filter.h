/* tag_filter.h -- which games to take by their tags: conditions that a
 * tag's value matches a PCRE2 pattern (UTF), every one of which a game
 * must meet.  A condition may name several tags, any of which may match
 * (a player: White or Black).  A game without the tag does not match.
 * The filter is read-only once made: threads may share it.
 */
#ifndef PDN_MODEL_TAG_FILTER_H
#define PDN_MODEL_TAG_FILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "model/game.h"

typedef struct pdn_tag_filter pdn_tag_filter;

/** A filter with no condition: every game matches. */
pdn_tag_filter *pdn_tag_filter_new(void);

void pdn_tag_filter_free(pdn_tag_filter *f);

/** Adds the condition that the value of one of the @ntags tags @tags
 * matches @pattern (both copied).  Returns 0, or -1 with PCRE2's message
 * and the offset of the fault in @err when the pattern does not
 * compile. */
int pdn_tag_filter_add(pdn_tag_filter *f, const char *const *tags, size_t ntags,
                       const char *pattern, char *err, size_t errsize);

/** How many conditions @f has. */
size_t pdn_tag_filter_count(const pdn_tag_filter *f);

/** Whether @g meets every condition of @f, by its tags' standard names
 * (pdn_game_tag()). */
bool pdn_tag_filter_matches(const pdn_tag_filter *f, const pdn_game *g);

/** Whether @pattern compiles as the patterns of a filter do: 0, or -1
 * with the message in @err. */
int pdn_tag_filter_check(const char *pattern, char *err, size_t errsize);

#endif
