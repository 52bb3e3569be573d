/* json_string.h -- a string as JSON text: quoted, '"' and '\\' escaped,
 * control characters as \n \r \t or \u00XX, and a byte that is not
 * UTF-8 as \ufffd, so that what is written is valid UTF-8.
 */
#ifndef PDN_BASE_JSON_STRING_H
#define PDN_BASE_JSON_STRING_H

#include <stddef.h>

#include "base/strbuf.h"

/** Appends the @len bytes at @s as a JSON string, quotes included, to
 * @out: '"' and '\\' escaped, \n \r \t as such, other control characters
 * as \u00XX, invalid UTF-8 bytes as \ufffd. */
void pdn_json_string(const char *s, size_t len, pdn_strbuf *out);

/** The JSON string of the @len bytes at @s, quotes included, written at
 * @p (room for @len + 2 bytes) when every byte stands for itself, as in
 * most strings: returns the byte after it.  Else returns NULL, having
 * written some bytes or none: the caller then takes pdn_json_string().
 * For writers that make room once for a string and what goes around. */
char *pdn_json_plain(char *p, const char *s, size_t len);

/** Copies to @p the first bytes of the string @s that a JSON string and
 * a PDN tag value both take as they are (printable ASCII but '"' and
 * '\\'), up to its end or @max bytes: how many.  When @s[that] is not
 * its end, the caller writes it the long way.  Inline: a game's result,
 * a few bytes, goes this way in every game. */
static inline size_t
pdn_plain_prefix(char *p, const char *s, size_t max)
{
    size_t i = 0;
    for (; i < max && s[i]; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch < 0x20 || ch >= 0x7F || ch == '"' || ch == '\\')
            break;
        p[i] = (char)ch;
    }
    return i;
}

#endif
