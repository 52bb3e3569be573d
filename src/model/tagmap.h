/* tagmap.h -- tag names in other languages ("Bianco", "Nero",
 * "Risultato", ...) mapped to the standard PDN names ("White", "Black",
 * "Result", ...).  A built-in table that users extend.
 */
#ifndef PDN_MODEL_TAGMAP_H
#define PDN_MODEL_TAGMAP_H

#include <stddef.h>

typedef struct pdn_tagmap pdn_tagmap;

/** The built-in table; free with pdn_tagmap_free(). */
pdn_tagmap *pdn_tagmap_new(void);

void pdn_tagmap_free(pdn_tagmap *m);

/** Maps @name to @standard (both copied); a later entry for the same name
 * replaces an earlier one.  Returns 0, or -1 if either is not a tag name
 * (a letter, then letters, digits or '_'). */
int pdn_tagmap_add(pdn_tagmap *m, const char *name, const char *standard);

/** The standard name for @name (@len bytes), or NULL when there is none
 * or @name is already standard.  Case is kept: "bianco" is not mapped. */
const char *pdn_tagmap_lookup(const pdn_tagmap *m, const char *name,
                              size_t len);

#endif
