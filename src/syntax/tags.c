/* tags.c -- what the parser makes of a tag: its value unescaped and
 * decoded, and the standard name of its name through the reader's tag map
 * and the cache in front of it.
 */
#include "syntax/tags.h"

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

/* The standard name of the tag named @name (p->tagmap), or NULL; it is
 * the game's tag number @place.  The names of a file repeat from game to
 * game: the answers are kept in a small cache, two places for each name
 * (hashed from its length and first, middle and last bytes); the one that
 * answered for each tag number is noted, for pdn_standard_name_at() to
 * try first. */
const char *
pdn_standard_name(pdn_parse *p, const char *name, size_t len, size_t place)
{
    if (!p->tagmap)
        return NULL;
    pdn_tag_cache *c = p->tag_cache;
    if (!c || len > sizeof c->items[0].name)
        return pdn_tagmap_lookup(p->tagmap, name, len);
    size_t h = len * 5 + (unsigned char)name[0] * 9 +
               (unsigned char)name[len - 1] * 3 + (unsigned char)name[len / 2];
    size_t ie = h & (PDN_TAG_CACHE_SIZE - 1),
           jf = (h + 1) & (PDN_TAG_CACHE_SIZE - 1), at;
    struct pdn_tag_cache_item *e = &c->items[ie], *f = &c->items[jf];
    if (e->len == len && pdn_same_bytes(e->name, name, len)) {
        at = ie;
    } else if (f->len == len && pdn_same_bytes(f->name, name, len)) {
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
