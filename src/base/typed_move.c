/* typed_move.c -- moves as people type them (typed_move.h).
 */
#include "base/typed_move.h"

#include <stdio.h>
#include <string.h>

size_t
pdn_typed_move(const char *s, size_t len, char *out, unsigned *how)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = 0;
    *how = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned c = u[i];
        if (c == 0xE2 && i + 2 < len && u[i + 1] == 0x80 &&
            (u[i + 2] == 0x93 || u[i + 2] == 0x94)) {
            *how |= u[i + 2] == 0x93 ? PDN_TYPED_EN_DASH : PDN_TYPED_EM_DASH;
            out[n++] = '-';
            i += 2;
        } else if (c == 0xE2 && i + 2 < len && u[i + 1] == 0x88 &&
                   u[i + 2] == 0x92) {
            *how |= PDN_TYPED_MINUS;
            out[n++] = '-';
            i += 2;
        } else if (c >= 'A' && c <= 'H' && i + 1 < len && u[i + 1] >= '0' &&
                   u[i + 1] <= '9') {
            *how |= PDN_TYPED_CAPITALS;
            out[n++] = (char)(c - 'A' + 'a');
        } else {
            out[n++] = (char)c;
        }
    }
    return n;
}

/* Whether @c separates the squares of a move. */
static bool
is_separator(char c)
{
    return c == '-' || c == 'x' || c == 'X' || c == ':';
}

bool
pdn_typed_move_shaped(const char *s, size_t len)
{
    size_t i = 0, squares = 0;
    while (i < len) {
        if (squares > 0) { /* separators between squares, or none before
                              a file ("d3c4") */
            if (!is_separator(s[i]) && !(s[i] >= 'a' && s[i] <= 'h'))
                return false;
            while (i < len && is_separator(s[i]))
                i++;
        }
        bool alpha = i < len && s[i] >= 'a' && s[i] <= 'h';
        i += alpha;
        size_t digits = i;
        while (i < len && s[i] >= '0' && s[i] <= '9')
            i++;
        /* a square: one or two digits, or a file and one digit */
        if (i == digits || i - digits > (alpha ? 1u : 2u))
            return false;
        squares++;
    }
    return squares >= 2;
}

const char *
pdn_typed_how(unsigned how, char *buf, size_t cap)
{
    static const struct {
        unsigned bit;
        const char *words;
    } ways[] = {
        {PDN_TYPED_EN_DASH, "an en dash"},
        {PDN_TYPED_EM_DASH, "an em dash"},
        {PDN_TYPED_MINUS, "a minus sign"},
    };
    size_t n = 0;
    buf[0] = '\0';
    const char *join = "";
    for (size_t i = 0; i < sizeof ways / sizeof *ways; i++) {
        if (!(how & ways[i].bit))
            continue;
        n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s%s", join,
                              ways[i].words);
        join = ", ";
    }
    if (how & (PDN_TYPED_EN_DASH | PDN_TYPED_EM_DASH | PDN_TYPED_MINUS))
        n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, " for '-'");
    if (how & PDN_TYPED_CAPITALS)
        snprintf(buf + n, n < cap ? cap - n : 0,
                 "%scapital letters for "
                 "squares",
                 n ? " and " : "");
    return buf;
}
