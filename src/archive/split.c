/* split.c -- the games of an archive shared out into parts, and the
 * parts' paths (archive/split.h).
 */
#include "archive/split.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_string.h"
#include "base/str_index.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

/* The longest a tag's value goes into a file name, in bytes. */
#define SPLIT_VALUE_MAX 100

/* Stands for {n} in a name made before its part's number is known. */
#define NUMBER_MARK '\x01'

struct pdn_split {
    pdn_split_options o;
    pdn_split_part *parts;
    size_t nparts;
    pdn_str_index *keys;  /* the value each part gathers (by, by_variant),
                             by its index */
    pdn_str_index *paths; /* the paths of the parts */
};

void
pdn_split_free(pdn_split *s)
{
    if (s) {
        for (size_t i = 0; i < s->nparts; i++)
            free(s->parts[i].path);
        free(s->parts);
        pdn_str_index_free(s->keys);
        pdn_str_index_free(s->paths);
    }
    free(s);
}

pdn_split *
pdn_split_new(const pdn_split_options *o)
{
    pdn_split *s = pdn_xcalloc(1, sizeof *s);
    s->o = *o;
    s->keys = pdn_str_index_new();
    s->paths = pdn_str_index_new();
    return s;
}

size_t
pdn_split_count(const pdn_split *s)
{
    return s->nparts;
}

const pdn_split_part *
pdn_split_part_at(const pdn_split *s, uint32_t i)
{
    return &s->parts[i];
}

void
pdn_split_keep(pdn_split *s, uint32_t part)
{
    s->parts[part].games++;
}

/* ---- Names ---- */

/* The name of @g's variant: its GameType's, or the split's when it has
 * none; "gametype-N" for a GameType not played. */
static void
variant_name(const pdn_split *s, const pdn_game *g, pdn_strbuf *out)
{
    const char *type = pdn_game_tag(g, "GameType");
    if (!type || !*type) {
        pdn_strbuf_puts(out, s->o.variant->name);
        return;
    }
    const pdn_variant *v = pdn_variant_by_gametype(type);
    if (v) {
        pdn_strbuf_puts(out, v->name);
        return;
    }
    pdn_strbuf_puts(out, "gametype-");
    pdn_strbuf_put(out, type, strspn(type, "0123456789"));
}

/* Appends @value to a file name: at most SPLIT_VALUE_MAX bytes (cut
 * where a character starts), what a file name cannot hold or should not
 * ('/', '\\', control characters and :*?"<>|) made '_', and "none" for
 * an empty value. */
static void
put_value(const char *value, pdn_strbuf *out)
{
    size_t len = value ? strlen(value) : 0;
    if (!len) {
        pdn_strbuf_puts(out, "none");
        return;
    }
    if (len > SPLIT_VALUE_MAX) {
        len = SPLIT_VALUE_MAX;
        while (len && ((unsigned char)value[len] & 0xC0) == 0x80)
            len--;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)value[i];
        bool bad = c < 0x20 || c == 0x7F || strchr("/\\:*?\"<>|", c);
        pdn_strbuf_putc(out, bad ? '_' : (char)c);
    }
}

/* The name of a part whose first game is @g, by the template, {n} left
 * as NUMBER_MARK. */
static void
part_name(const pdn_split *s, const pdn_game *g, pdn_strbuf *out)
{
    const char *t = s->o.name;
    if (!t)
        t = s->o.every ? "{n}.pdn" : s->o.by_variant ? "{variant}.pdn" : NULL;
    if (!t) { /* by TAG: {TAG}.pdn */
        put_value(pdn_game_tag(g, s->o.by), out);
        pdn_strbuf_puts(out, ".pdn");
        return;
    }
    while (*t) {
        const char *close = *t == '{' ? strchr(t, '}') : NULL;
        if (!close) {
            pdn_strbuf_putc(out, *t++);
            continue;
        }
        size_t len = (size_t)(close - t - 1);
        if (len == 1 && t[1] == 'n') {
            pdn_strbuf_putc(out, NUMBER_MARK);
        } else if (len == 7 && !strncmp(t + 1, "variant", 7)) {
            pdn_strbuf tmp = PDN_STRBUF_INIT;
            variant_name(s, g, &tmp);
            put_value(tmp.ptr, out);
            pdn_strbuf_free(&tmp);
        } else {
            char *tag = pdn_xstrndup(t + 1, len);
            put_value(pdn_game_tag(g, tag), out);
            free(tag);
        }
        t = close + 1;
    }
    if (out->len && out->ptr[0] == '.')
        out->ptr[0] = '_'; /* no hidden file, no "." or ".." */
}

/* ---- Parts ---- */

void
pdn_split_place(const pdn_split *s, const pdn_game *g, pdn_strbuf *key,
                pdn_strbuf *name)
{
    if (s->o.by_variant) {
        variant_name(s, g, key);
    } else if (s->o.by) {
        const char *v = pdn_game_tag(g, s->o.by);
        pdn_strbuf_puts(key, v ? v : "");
    }
    part_name(s, g, name);
}

uint32_t
pdn_split_part_of(pdn_split *s, const char *key, const char *name)
{
    if (s->o.every) {
        if (s->nparts && s->parts[s->nparts - 1].games < s->o.every)
            return (uint32_t)(s->nparts - 1);
    } else {
        bool added;
        size_t i = pdn_str_index_of(s->keys, key, strlen(key), &added);
        if (!added)
            return (uint32_t)i;
    }
    pdn_strbuf numbered = PDN_STRBUF_INIT;
    for (const char *p = name; *p; p++)
        if (*p == NUMBER_MARK)
            pdn_strbuf_printf(&numbered, "%zu", s->nparts + 1);
        else
            pdn_strbuf_putc(&numbered, *p);
    /* Two names alike (two values made the same by what a name cannot
       hold, or a template without {n}): "-2", "-3"... before the
       extension. */
    const char *n = numbered.ptr ? numbered.ptr : "";
    pdn_strbuf path = PDN_STRBUF_INIT;
    for (unsigned k = 1;; k++) {
        pdn_strbuf_clear(&path);
        pdn_strbuf_printf(&path, "%s/", s->o.dir);
        const char *dot = strrchr(n, '.');
        size_t stem = dot && dot != n ? (size_t)(dot - n) : strlen(n);
        pdn_strbuf_put(&path, n, stem);
        if (k > 1)
            pdn_strbuf_printf(&path, "-%u", k);
        pdn_strbuf_puts(&path, n + stem);
        bool added;
        pdn_str_index_of(s->paths, path.ptr, path.len, &added);
        if (added)
            break;
    }
    pdn_strbuf_free(&numbered);
    s->parts = pdn_xrealloc(s->parts, (s->nparts + 1) * sizeof *s->parts);
    pdn_split_part *p = &s->parts[s->nparts];
    *p = (pdn_split_part){.path = pdn_strbuf_detach(&path)};
    return (uint32_t)s->nparts++;
}

void
pdn_split_list(const pdn_split_part *p, bool json, pdn_strbuf *out)
{
    if (json) {
        pdn_strbuf_puts(out, "{\"file\":");
        pdn_json_string(p->path, strlen(p->path), out);
        pdn_strbuf_printf(out, ",\"games\":%llu}\n",
                          (unsigned long long)p->games);
    } else {
        pdn_strbuf_printf(out, "%s\t%llu game%s\n", p->path,
                          (unsigned long long)p->games,
                          p->games == 1 ? "" : "s");
    }
}
