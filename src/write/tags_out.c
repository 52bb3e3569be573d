/* tags_out.c -- a game's tags in the canonical order (tags_out.h), as
 * PDN tag lines or as the pairs of a JSON array.
 */
#include "write/tags_out.h"

#include <string.h>

#include "model/date.h"
#include "write/json_out.h"

/* The tags written first, in their order: the Seven-Tag Roster (0-6),
 * then GameType (7) and FEN (8). */
static const char *const leading[9] = {"Event",  "Site",     "Date",
                                       "Round",  "White",    "Black",
                                       "Result", "GameType", "FEN"};

static const char *
tag_name(const pdn_tag *t)
{
    return t->standard ? t->standard : t->name;
}

/* A tag; @name is a tag's own (which JSON must escape), or with
 * @plain_name one of the standard names, plain ASCII. */
static void
write_any_tag(pdn_tags_out *o, const char *name, bool plain_name,
              const char *value)
{
    pdn_strbuf *out = o->out;
    if (o->json) {
        pdn_strbuf_puts(out, o->comma ? ",[" : "[");
        o->comma = true;
        if (plain_name) {
            pdn_strbuf_putc(out, '"');
            pdn_strbuf_puts(out, name);
            pdn_strbuf_putc(out, '"');
        } else {
            pdn_json_string(name, strlen(name), out);
        }
        pdn_strbuf_putc(out, ',');
        pdn_json_string(value, strlen(value), out);
        pdn_strbuf_putc(out, ']');
        return;
    }
    /* [Name "value"], with '"' and '\\' in the value escaped: room for
     * the worst case, made once. */
    size_t nlen = strlen(name), vlen = strlen(value);
    char *p = pdn_strbuf_reserve(out, nlen + 2 * vlen + 6);
    *p++ = '[';
    memcpy(p, name, nlen);
    p += nlen;
    *p++ = ' ';
    *p++ = '"';
    for (const char *v = value, *end = value + vlen;;) {
        size_t plain = strcspn(v, "\"\\");
        memcpy(p, v, plain);
        p += plain;
        v += plain;
        if (v == end)
            break;
        *p++ = '\\';
        *p++ = *v++;
    }
    memcpy(p, "\"]\n", 3);
    p += 3;
    pdn_strbuf_commit(out, p);
}

/* A tag of a standard name. */
static void
write_tag(pdn_tags_out *o, const char *name, const char *value)
{
    write_any_tag(o, name, true, value);
}

/* The Date tag @t in its canonical form, or as written with a note. */
static void
write_date(const pdn_game *g, const pdn_tag *t, pdn_diags *d, pdn_tags_out *out)
{
    char date[11];
    if (pdn_date_canonical(t->value, date)) {
        write_tag(out, "Date", date);
        return;
    }
    pdn_diags_add(d, PDN_SEV_NOTE, PDN_N_DATE_KEPT, g->file, t->at, g->number,
                  "Date \"%s\" is left as written: it is no single day in "
                  "a known form (YYYY.MM.DD)",
                  t->value);
    write_tag(out, "Date", t->value);
}

/* Where a tag named @name stands in leading[], or -1.  One strcmp: this
 * runs for every tag of every game. */
static int
leading_index(const char *name)
{
    int i;
    switch (name[0]) {
    case 'E':
        i = 0;
        break;
    case 'S':
        i = 1;
        break;
    case 'D':
        i = 2;
        break;
    case 'R':
        i = name[1] == 'o' ? 3 : 6;
        break;
    case 'W':
        i = 4;
        break;
    case 'B':
        i = 5;
        break;
    case 'G':
        i = 7;
        break;
    case 'F':
        i = 8;
        break;
    default:
        return -1;
    }
    return strcmp(name, leading[i]) == 0 ? i : -1;
}

void
pdn_tags_write(const pdn_game *g, const char *result, const char *gametype,
               pdn_diags *d, pdn_tags_out *out)
{
    const pdn_tag *first[9] = {NULL};
    signed char where[64]; /* leading_index() of the first 64 tags */
    for (size_t i = 0; i < g->ntags; i++) {
        int k = leading_index(tag_name(&g->tags[i]));
        if (i < sizeof where)
            where[i] = (signed char)k;
        if (k >= 0 && !first[k])
            first[k] = &g->tags[i];
    }
    for (size_t i = 0; i < 7; i++) {
        if (i == 2 && first[i])
            write_date(g, first[i], d, out);
        else if (i == 6)
            write_tag(out, "Result", result);
        else if (first[i])
            write_tag(out, leading[i], first[i]->value);
    }
    if (first[7])
        write_tag(out, "GameType", first[7]->value);
    else if (gametype)
        write_tag(out, "GameType", gametype);
    if (first[8])
        write_tag(out, "FEN", first[8]->value);
    for (size_t i = 0; i < g->ntags; i++) {
        const pdn_tag *t = &g->tags[i];
        int k = i < sizeof where ? where[i] : leading_index(tag_name(t));
        /* A leading tag given twice: the second goes with the others. */
        if (k < 0 || first[k] != t)
            write_any_tag(out, tag_name(t), false, t->value);
    }
}
