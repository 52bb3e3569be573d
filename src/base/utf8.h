/* utf8.h -- UTF-8 checks, character counts, and Windows-1252 (a superset
 * of Latin-1 in its printable range) decoded to UTF-8: the whole of a
 * text, or only the bytes of a text that are not valid UTF-8.
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

/** Writes code point @c (at most U+10FFFF) as UTF-8 at @out, which has
 * room for 4 bytes; returns the bytes written. */
size_t pdn_utf8_put(unsigned long c, char *out);

/** Offset of the first byte of @s that is not part of valid, complete
 * UTF-8 (a sequence cut off by the end of @s is not), or @len. */
size_t pdn_utf8_first_invalid(const char *s, size_t len);

/** Length of @s without the start of a sequence that the end of @s cuts
 * off (valid so far, at most 3 bytes): where a text read in blocks may be
 * decoded up to, the rest waiting for the next block. */
size_t pdn_utf8_complete(const char *s, size_t len);

/** Decodes the @len bytes of @in as text that is UTF-8 where it is valid
 * into UTF-8 at @out, which has room for 3 * @len bytes; returns the
 * length written.  Valid UTF-8 is copied; every other byte is read as
 * Windows-1252, so that a file mixing the two, or an archive of games
 * from both, reads as its writers meant.  Valid UTF-8 in gives the same
 * bytes out. */
size_t pdn_text_to_utf8(const char *in, size_t len, char *out);

#endif
