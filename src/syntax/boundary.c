/* boundary.c -- where a game surely ends (boundary.h). */
#include "syntax/boundary.h"

#include <stdint.h>
#include <string.h>

static bool
is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Whether the text before the line end that precedes @at (the '[' of a
 * line) ends with a result, blanks aside. */
static bool
after_result(const char *buf, size_t at)
{
    size_t e = at;
    while (e > 0 && is_blank(buf[e - 1]))
        e--;
    size_t s = e;
    while (s > 0 && !is_blank(buf[s - 1]) && e - s <= 7)
        s--;
    if (s > 0 && !is_blank(buf[s - 1]))
        return false;
    static const char *const results[] = {"*",   "1-0", "0-1", "1/2-1/2",
                                          "2-0", "0-2", "1-1", "0-0"};
    for (size_t i = 0; i < sizeof results / sizeof *results; i++)
        if (strlen(results[i]) == e - s &&
            memcmp(buf + s, results[i], e - s) == 0)
            return true;
    return false;
}

/* Whether a byte of the word @w is below 14: '\n' (10), '\r' (13), and
 * the few other control bytes. */
static bool
has_low_byte(uint64_t w)
{
    return ((w - 0x0E0E0E0E0E0E0E0Eull) & ~w & 0x8080808080808080ull) != 0;
}

bool
pdn_boundary_find(const char *buf, size_t len, size_t *at)
{
    size_t j = *at - 1; /* the byte before a cut: a line end */
    while (j + 1 < len) {
        if (j + 8 < len) {
            uint64_t w;
            memcpy(&w, buf + j, sizeof w);
            if (!has_low_byte(w)) {
                j += 8;
                continue;
            }
        }
        char c = buf[j++];
        if ((c == '\n' || c == '\r') && buf[j] == '[' && after_result(buf, j)) {
            *at = j;
            return true;
        }
    }
    *at = j + 1;
    return false;
}
