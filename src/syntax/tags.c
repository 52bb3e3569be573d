/* tags.c -- what the parser makes of a tag: its value unescaped and
 * decoded, and the standard name of its name through the reader's tag map
 * and the cache in front of it.
 */
#include "syntax/internal.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "model/tagmap.h"

/* The value of a STRING token: \" and \\ unescaped, other backslashes
 * kept as written. */
char *
pdn_tag_value(pdn_parse *p, const pdn_token *t)
{
    if (t->plain)
        return pdn_arena_strndup(&p->game->arena, t->text + 1, t->len - 2);
    if (!memchr(t->text + 1, '\\', t->len - 2)) /* the usual case */
        return pdn_parse_text(p, t->text + 1, t->len - 2);
    size_t n = 0;
    char *tmp = pdn_arena_alloc(&p->game->arena, t->len);
    for (size_t i = 1; i + 1 < t->len; i++) {
        if (t->text[i] == '\\' && i + 2 < t->len &&
            (t->text[i + 1] == '"' || t->text[i + 1] == '\\'))
            i++;
        tmp[n++] = t->text[i];
    }
    return pdn_parse_text(p, tmp, n);
}

/* Whether the @len bytes (1 to 16) at @a and @b are the same: two words
 * that overlap cover them, which costs less than a call of memcmp(). */
static inline bool
same_bytes(const char *a, const char *b, size_t len)
{
    if (len >= 8) {
        uint64_t a0, a1, b0, b1;
        memcpy(&a0, a, 8);
        memcpy(&b0, b, 8);
        memcpy(&a1, a + len - 8, 8);
        memcpy(&b1, b + len - 8, 8);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    if (len >= 4) {
        uint32_t a0, a1, b0, b1;
        memcpy(&a0, a, 4);
        memcpy(&b0, b, 4);
        memcpy(&a1, a + len - 4, 4);
        memcpy(&b1, b + len - 4, 4);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    return a[0] == b[0] && a[len / 2] == b[len / 2] && a[len - 1] == b[len - 1];
}

/* The standard name of the tag named @name (p->tagmap), or NULL; it is
 * the game's tag number @place.  The names of a file repeat from game to
 * game: the answers are kept in a small cache, two places for each name
 * (hashed from its length and first, middle and last bytes), and the one
 * that answered for each tag number is tried first. */
const char *
pdn_standard_name(pdn_parse *p, const char *name, size_t len, size_t place)
{
    if (!p->tagmap)
        return NULL;
    pdn_tag_cache *c = p->tag_cache;
    if (!c || len > sizeof c->items[0].name)
        return pdn_tagmap_lookup(p->tagmap, name, len);
    size_t last = place < sizeof c->by_place ? c->by_place[place] : 0;
    if (last && c->items[last - 1].len == len &&
        same_bytes(c->items[last - 1].name, name, len))
        return c->items[last - 1].standard;
    size_t h = len * 5 + (unsigned char)name[0] * 9 +
               (unsigned char)name[len - 1] * 3 + (unsigned char)name[len / 2];
    size_t ie = h & (PDN_TAG_CACHE_SIZE - 1),
           jf = (h + 1) & (PDN_TAG_CACHE_SIZE - 1), at;
    struct pdn_tag_cache_item *e = &c->items[ie], *f = &c->items[jf];
    if (e->len == len && same_bytes(e->name, name, len)) {
        at = ie;
    } else if (f->len == len && same_bytes(f->name, name, len)) {
        at = jf;
    } else {
        at = e->len && !f->len ? jf : ie;
        e = &c->items[at];
        e->standard = pdn_tagmap_lookup(p->tagmap, name, len);
        memcpy(e->name, name, len);
        e->len = (uint8_t)len;
    }
    if (place < sizeof c->by_place)
        c->by_place[place] = (uint8_t)(at + 1);
    return c->items[at].standard;
}
