/* internal.h -- the reading of pdn-config(5) shared by config.c (the
 * top level and `check`) and annotate.c (`annotate`): a libyaml
 * document being loaded, mappings of known keys, and the first error as a
 * diagnostic at a node's mark.  Internal to config/.
 */
#ifndef PDN_CONFIG_INTERNAL_H
#define PDN_CONFIG_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <yaml.h>

#include "config/config.h"

/** A document being loaded into a configuration; all borrowed. */
typedef struct pdn_config_yaml {
    yaml_document_t *doc;
    const char *path;  /* the file, for the diagnostics */
    pdn_diags *d;      /* receives the one error */
    pdn_config *c;     /* receives the settings */
    bool limits_named; /* the engine mapping named a limit of the search:
                          those it names replace the defaults */
} pdn_config_yaml;

/** A walk over the pairs of a mapping, in order: none when the node is
 * not a mapping (an empty value).  After each step, @at is the pair and
 * @key and @value its nodes. */
typedef struct pdn_config_pairs {
    pdn_config_yaml *x;
    yaml_node_pair_t *at, *end;
    yaml_node_t *key, *value;
} pdn_config_pairs;

/** The walk over the pairs of @map. */
pdn_config_pairs pdn_config_pairs_of(pdn_config_yaml *x, yaml_node_t *map);

/** Steps @w to its next pair; false past the last. */
bool pdn_config_next_pair(pdn_config_pairs *w);

/** Reads the value @v of the key node @k, the @which-th known key of its
 * mapping, whose path is @path ("annotate.engine.depth").  Returns 0, or
 * -1 after pdn_config_fail. */
typedef int (*pdn_config_key_fn)(pdn_config_yaml *x, yaml_node_t *k,
                                 yaml_node_t *v, int which, const char *path);

/** The text of the scalar node @n. */
static inline const char *
pdn_config_scalar(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

/** Adds an error at the start of @n to x->d and returns -1. */
int pdn_config_fail(pdn_config_yaml *x, const yaml_node_t *n, const char *fmt,
                    ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/** Whether @n is an empty value ("key:" and nothing, "~", "null"): as good
 * as an empty mapping. */
bool pdn_config_is_null(const yaml_node_t *n);

/** Checks that @n, the value of @key, is a mapping (or empty).  Returns 0
 * or -1 ("@key: expected a mapping, found a list"). */
int pdn_config_want_mapping(pdn_config_yaml *x, const yaml_node_t *n,
                            const char *key);

/** Checks that @n, the value of @key, is a scalar; @what names what was
 * expected ("a number from 0 to 64").  Returns 0 or -1. */
int pdn_config_want_scalar(pdn_config_yaml *x, const yaml_node_t *n,
                           const char *key, const char *what);

/** Finds which of the @n @known keys the key node @k is, into *@which; an
 * unknown key is an error naming the closest known one, or all of them.
 * @prefix is the path of the mapping ("check"; "" at the top); @path
 * (@size bytes) receives the key's.  Returns 0 or -1. */
int pdn_config_find_key(pdn_config_yaml *x, const yaml_node_t *k,
                        const char *prefix, const char *const *known, size_t n,
                        int *which, char *path, size_t size);

/** Reads the mapping @map (or an empty value) of up to 32 @known keys,
 * each at most once, calling @load for each.  Returns 0 or -1. */
int pdn_config_load_mapping(pdn_config_yaml *x, yaml_node_t *map,
                            const char *prefix, const char *const *known,
                            size_t n, pdn_config_key_fn load);

/** The value of the key @name in the mapping @map, or NULL. */
yaml_node_t *pdn_config_value_of(pdn_config_yaml *x, yaml_node_t *map,
                                 const char *name);

/** Reads `annotate:` (the key node @k, its value @v) into x->c->annotate
 * and sets x->c->annotate_set; on an error x->c->annotate is left as it
 * was.  Returns 0 or -1.  In config_annotate.c. */
int pdn_config_load_annotate(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v,
                             const char *path);

#endif
