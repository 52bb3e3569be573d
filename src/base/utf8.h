/* utf8.h -- UTF-8 checks, character counts, and Windows-1252 (a superset
 * of Latin-1 in its printable range) decoded to UTF-8.
 */
#ifndef PDN_BASE_UTF8_H
#define PDN_BASE_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Length of the longest prefix of @s that is valid UTF-8 (a sequence cut
 * off by the end of @s counts as valid: more input may complete it). */
size_t pdn_utf8_valid_prefix(const char *s, size_t len);

/** Whether all of @s is valid, complete UTF-8. */
bool pdn_utf8_valid(const char *s, size_t len);

/** Characters in @s when it is UTF-8 (bytes that do not start a sequence
 * are not counted). */
size_t pdn_utf8_count(const char *s, size_t len);

/** Decodes @len bytes of Windows-1252 @in into UTF-8 at @out, which has
 * room for 3 * @len bytes; returns the length written. */
size_t pdn_cp1252_to_utf8(const char *in, size_t len, char *out);

#endif
