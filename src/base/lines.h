/* lines.h -- the line ends in a run of bytes, counted as the lexer counts
 * them, for the readers that skip text they do not lex; and the control
 * bytes that no text holds, which mean a damaged file.
 */
#ifndef PDN_BASE_LINES_H
#define PDN_BASE_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** The lines ended among the @n bytes at @s: LF, CRLF and lone CR.  s[n]
 * is read too (it must be there), to tell a CR that ends a line from one
 * before a LF. */
uint32_t pdn_lines_count(const char *s, size_t n);

/** Whether byte @c is a C0 control byte that no text holds: any of 0x00
 * to 0x1F but tab, LF, FF and CR. */
static inline bool
pdn_is_stray_control(unsigned char c)
{
    return c < 0x20 && c != '\t' && c != '\n' && c != '\f' && c != '\r';
}

/** The offset of the first stray control byte among the @n at @s
 * (pdn_is_stray_control()), or @n: 32 bytes at a time where AVX2 is, 16
 * where SSE2 is. */
size_t pdn_control_find(const char *s, size_t n);

/** The same, a byte at a time: the reference the fast one is held to. */
size_t pdn_control_find_plain(const char *s, size_t n);

#endif
