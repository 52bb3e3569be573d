/* boundary.h -- where a game surely ends, found without reading it: before
 * a line that starts with '[' when the text before that line end, blanks
 * aside, is a game's result ("1-0", "*", ...).  A boundary is only a
 * guess (the "result" may be inside a comment), which the reading of the
 * games before it confirms.  The threads of pdn check --jobs cut a file
 * into parts there (cli/chunks.h); the reader skips a game too large to
 * read up to the first one (reader.h).
 */
#ifndef PDN_SYNTAX_BOUNDARY_H
#define PDN_SYNTAX_BOUNDARY_H

#include <stdbool.h>
#include <stddef.h>

/** Looks in the @len bytes at @buf for the first boundary at index *@at or
 * past it (at least 1: the byte before a boundary is looked at; text
 * before @buf counts as blanks).  Returns true with *@at set to the
 * boundary's index (the '[' that starts the next game); else false, with
 * *@at set to go on from when more bytes follow (a boundary needs the
 * byte after a line end). */
bool pdn_boundary_find(const char *buf, size_t len, size_t *at);

#endif
