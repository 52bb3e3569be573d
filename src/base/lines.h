/* lines.h -- the line ends in a run of bytes, counted as the lexer counts
 * them, for the readers that skip text they do not lex.
 */
#ifndef PDN_BASE_LINES_H
#define PDN_BASE_LINES_H

#include <stddef.h>
#include <stdint.h>

/** The lines ended among the @n bytes at @s: LF, CRLF and lone CR.  s[n]
 * is read too (it must be there), to tell a CR that ends a line from one
 * before a LF. */
uint32_t pdn_lines_count(const char *s, size_t n);

#endif
