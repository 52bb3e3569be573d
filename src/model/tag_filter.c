/* tag_filter.c -- games taken by their tags (tag_filter.h): each
 * condition a compiled PCRE2 pattern and the tags it looks at.
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include "model/tag_filter.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

typedef struct condition {
    char **tags;
    size_t ntags;
    pcre2_code *re;
} condition;

struct pdn_tag_filter {
    condition *conditions;
    size_t count, cap;
};

/* @pattern compiled, or NULL with PCRE2's message and offset in @err. */
static pcre2_code *
compile(const char *pattern, char *err, size_t errsize)
{
    int code;
    PCRE2_SIZE at;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                                   PCRE2_UTF, &code, &at, NULL);
    if (!re) {
        char msg[160];
        pcre2_get_error_message(code, (PCRE2_UCHAR *)msg, sizeof msg);
        snprintf(err, errsize, "%s at offset %zu", msg, (size_t)at);
    }
    return re;
}

pdn_tag_filter *
pdn_tag_filter_new(void)
{
    return pdn_xcalloc(1, sizeof(pdn_tag_filter));
}

void
pdn_tag_filter_free(pdn_tag_filter *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->count; i++) {
        for (size_t j = 0; j < f->conditions[i].ntags; j++)
            free(f->conditions[i].tags[j]);
        free(f->conditions[i].tags);
        pcre2_code_free(f->conditions[i].re);
    }
    free(f->conditions);
    free(f);
}

int
pdn_tag_filter_add(pdn_tag_filter *f, const char *const *tags, size_t ntags,
                   const char *pattern, char *err, size_t errsize)
{
    pcre2_code *re = compile(pattern, err, errsize);

    if (!re)
        return -1;
    if (f->count == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 4;
        f->conditions =
            pdn_xrealloc(f->conditions, f->cap * sizeof *f->conditions);
    }
    condition *c = &f->conditions[f->count++];
    c->re = re;
    c->ntags = ntags;
    c->tags = pdn_xcalloc(ntags ? ntags : 1, sizeof *c->tags);
    for (size_t i = 0; i < ntags; i++)
        c->tags[i] = pdn_xstrndup(tags[i], strlen(tags[i]));
    return 0;
}

size_t
pdn_tag_filter_count(const pdn_tag_filter *f)
{
    return f->count;
}

/* Whether the value of one of the tags of @c matches; @md: room for the
 * match. */
static bool
meets(const condition *c, const pdn_game *g, pcre2_match_data *md)
{
    for (size_t i = 0; i < c->ntags; i++) {
        const char *value = pdn_game_tag(g, c->tags[i]);
        if (value && pcre2_match(c->re, (PCRE2_SPTR)value, strlen(value), 0, 0,
                                 md, NULL) >= 0)
            return true;
    }
    return false;
}

bool
pdn_tag_filter_matches(const pdn_tag_filter *f, const pdn_game *g)
{
    if (f->count == 0)
        return true;
    /* The match data is the caller's own: threads may share the filter. */
    pcre2_match_data *md = pcre2_match_data_create(1, NULL);
    bool all = md != NULL;
    for (size_t i = 0; all && i < f->count; i++)
        all = meets(&f->conditions[i], g, md);
    pcre2_match_data_free(md);
    return all;
}

int
pdn_tag_filter_check(const char *pattern, char *err, size_t errsize)
{
    pcre2_code *re = compile(pattern, err, errsize);
    pcre2_code_free(re);
    return re ? 0 : -1;
}
