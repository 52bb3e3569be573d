/* tags.h -- what the parser makes of a tag (tags.c): its value unescaped
 * and decoded, the standard name of its name, and the usual tag read at
 * once.
 */
#ifndef PDN_SYNTAX_TAGS_H
#define PDN_SYNTAX_TAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/arena.h"
#include "model/game.h"
#include "syntax/internal.h"
#include "syntax/reader.h"
#include "syntax/scan.h"

/** The value of a STRING token in the game's arena: \" and \\ unescaped,
 * other backslashes kept as written, decoded to UTF-8 (tags.c). */
char *pdn_tag_value(pdn_parse *p, const pdn_token *t);

/** The standard name of the tag named @name (p->tagmap), or NULL; it is
 * the game's tag number @place.  Looked up in the cache, then the map
 * (tags.c): pdn_standard_name_at() below tries the place first. */
const char *pdn_standard_name(pdn_parse *p, const char *name, size_t len,
                              size_t place);

/** Whether the @len bytes (1 to 16) at @a and @b are the same: two words
 * that overlap cover them, which costs less than a call of memcmp(). */
static inline bool
pdn_same_bytes(const char *a, const char *b, size_t len)
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

/** The same, the usual way inline: the answer for the tag at the same
 * place in the game before, when it had the same name. */
static inline const char *
pdn_standard_name_at(pdn_parse *p, const char *name, size_t len, size_t place)
{
    const pdn_tag_cache *c = p->tag_cache;
    if (p->tagmap && c && place < sizeof c->by_place &&
        len <= sizeof c->items[0].name) {
        size_t last = c->by_place[place];
        if (last && c->items[last - 1].len == len &&
            pdn_same_bytes(c->items[last - 1].name, name, len))
            return c->items[last - 1].standard;
    }
    return pdn_standard_name(p, name, len, place);
}

/** A copy of the tag name of @len bytes at @s in the game's arena: a short
 * one, as most are, as sixteen bytes at once when the buffer holds them
 * (@wide) and the arena has room. */
static inline char *
pdn_tag_name_copy(pdn_arena *a, const char *s, size_t len, bool wide)
{
    if (!wide || len >= 16 || a->end - a->next <= 16)
        return pdn_arena_strndup(a, s, len);
    char *d = (char *)a->next;
    memcpy(d, s, 16);
    d[len] = '\0';
    a->next += len + 1;
    return d;
}

/** The tag at the current token, a '[', when it is written the usual way
 * (scan.h, pdn_scan_tag()): read into @tag, the lexer past its ']' and
 * p->last_end there; returns true.  Else false, with nothing read.
 * Inline: most tags are read this way. */
static inline bool
pdn_usual_tag(pdn_parse *p, pdn_tag *tag)
{
    pdn_lexer *lx = &p->lx;
    pdn_scan_tag_parts t;
    if (!pdn_scan_tag(lx, &t))
        return false;
    pdn_arena *arena = &p->game->arena;
    const char *name = lx->buf + t.name, *value = lx->buf + t.value + 1;
    size_t len = t.name_end - t.name, vlen = t.value_end - t.value - 2;
    if (len > PDN_MAX_TOKEN || vlen > PDN_MAX_TOKEN)
        return false; /* the token limit, said by the general way */
    tag->name = pdn_tag_name_copy(arena, name, len, t.name + 16 <= lx->len + 1);
    tag->at = (pdn_loc){p->tok.off, p->tok.line, p->tok.col};
    tag->standard = pdn_standard_name_at(p, name, len, p->game->ntags);
    /* no escape: the value is its bytes, decoded if need be */
    tag->value = t.plain ? pdn_arena_strndup(arena, value, vlen)
                         : pdn_parse_text(p, value, vlen);
    lx->cont += t.cont;
    lx->pos = t.close + 1;
    p->last_end = lx->base + t.close + 1;
    return true;
}

#endif
