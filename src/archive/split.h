/* split.h -- the games of an archive shared out into parts, N a part or
 * one part per value of a tag or per variant, and the path of each part:
 * a name made from a template ({n} the part's number, {variant}, {TAG}
 * the value of a tag), what a file name cannot hold made '_', and two
 * names alike told apart by -2, -3... before their extension.
 */
#ifndef PDN_ARCHIVE_SPLIT_H
#define PDN_ARCHIVE_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"
#include "model/game.h"
#include "rules/variant.h"

/* How the games are shared out: give one of every, by and by_variant. */
typedef struct pdn_split_options {
    uint64_t every;             /* N games a part, or 0 */
    const char *by;             /* a part for each value of this tag */
    bool by_variant;            /* a part for each variant */
    const char *name;           /* the names' template; NULL: {n}.pdn,
                                   {TAG}.pdn with by, {variant}.pdn */
    const char *dir;            /* the folder the paths are in */
    const pdn_variant *variant; /* of the games without a GameType tag */
} pdn_split_options;

/* A part: where it goes, and its games so far. */
typedef struct pdn_split_part {
    char *path;
    uint64_t games;
} pdn_split_part;

typedef struct pdn_split pdn_split;

/** A new split with no part, by @o (copied; its strings are borrowed
 * and must outlive the split); free it with pdn_split_free(). */
pdn_split *pdn_split_new(const pdn_split_options *o);

/** Frees @s and its parts' paths (NULL: nothing). */
void pdn_split_free(pdn_split *s);

/** Where @g goes: appends to @key the value its part gathers (by,
 * by_variant; nothing with every), and to @name the name of a part it
 * would begin, by the template ({n} left as a mark that
 * pdn_split_part_of() numbers).  Reads the options of @s and nothing
 * else: threads may call it at once. */
void pdn_split_place(const pdn_split *s, const pdn_game *g, pdn_strbuf *key,
                     pdn_strbuf *name);

/** The part a game placed at @key and @name (pdn_split_place()) goes to:
 * the one that gathers @key (with every: the last, while it has fewer
 * than every games), or a new one, with no game yet, whose path is dir
 * and @name numbered, unlike any other part's. */
uint32_t pdn_split_part_of(pdn_split *s, const char *key, const char *name);

/** Counts one more game in part @part. */
void pdn_split_keep(pdn_split *s, uint32_t part);

/** How many parts @s has, and part @i of them (valid until the next
 * pdn_split_part_of()). */
size_t pdn_split_count(const pdn_split *s);
const pdn_split_part *pdn_split_part_at(const pdn_split *s, uint32_t i);

/** Appends to @out the line that lists @p: its path and its games, as
 * text ("PATH<TAB>N games") or as a line of JSON when @json. */
void pdn_split_list(const pdn_split_part *p, bool json, pdn_strbuf *out);

#endif
