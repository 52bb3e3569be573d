/* json_out.h -- a game as one JSON object on one line (the format
 * `pdn parse --json` prints and man/pdn-parse.1 documents, section JSON
 * OUTPUT):
 *
 *   {"file":F,"game":N,"line":L,"column":C,"tags":[TAG...],
 *    "preamble":[NODE...],"moves":[NODE...],"result":"1-0"|null,
 *    "errors":E}
 *   TAG  = {"name":"Bianco","value":V,"standard":"White"?}
 *   NODE = {"type":"move"|"number"|"unknown"|"nag"|"comment"|"escape"
 *           |"setup"|"variation", ...its own keys..., "line":L,"column":C}
 *
 * Compact (no blanks), keys in a fixed order, strings UTF-8 with '"', '\\'
 * and control characters escaped; a byte that is not UTF-8 (only a file
 * name can hold one) becomes U+FFFD.
 */
#ifndef PDN_WRITE_JSON_OUT_H
#define PDN_WRITE_JSON_OUT_H

#include <stddef.h>

#include "base/strbuf.h"
#include "model/game.h"

/** Appends @g as one line of JSON (no newline) to @out. */
void pdn_json_game(const pdn_game *g, pdn_strbuf *out);

/** Appends the tags of @g as a JSON array of TAG objects (above) to
 * @out: what `pdn tags --json` prints. */
void pdn_json_tags(const pdn_game *g, pdn_strbuf *out);

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
