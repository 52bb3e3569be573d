/* spill.h -- bytes too many to hold in memory, kept in a temporary file
 * instead: the text of a game too large to read, which pdn fmt and pdn
 * annotate still write out as it was (syntax/reader.h).  The file is
 * removed from its folder at once; it goes when it is closed.
 */
#ifndef PDN_BASE_SPILL_H
#define PDN_BASE_SPILL_H

#include <stdio.h>

/** A new empty temporary file, open for writing and reading, in
 * $TMPDIR or else /tmp.  NULL, with errno set, when none can be made. */
FILE *pdn_spill_new(void);

#endif
