/* spill.h -- bytes too many to hold in memory, kept in a temporary file
 * instead: the text of a game too large to read, which pdn fmt and pdn
 * annotate still write out as it was (syntax/reader.h).  The file is
 * removed from its folder at once; it goes when it is closed.
 */
#ifndef PDN_BASE_SPILL_H
#define PDN_BASE_SPILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** A new empty temporary file, open for writing and reading, in
 * $TMPDIR or else /tmp.  NULL, with errno set, when none can be made. */
FILE *pdn_spill_new(void);

/** A block of text read by pdn_spill_read_text(): the @len bytes read
 * at @raw, and the same in UTF-8, @n bytes at @text. */
typedef void pdn_spill_block(const char *raw, size_t len, const char *text,
                             size_t n, void *ctx);

/** Reads @len bytes of text from @from, a block at a time, and hands
 * each block to @each as read and in UTF-8 (base/utf8.h,
 * pdn_text_to_utf8(): valid UTF-8 as it is, other bytes as
 * Windows-1252), no character cut between two blocks.  Returns false when
 * @from gives fewer bytes (what it gave is handed over). */
bool pdn_spill_read_text(FILE *from, size_t len, pdn_spill_block *each,
                         void *ctx);

#endif
