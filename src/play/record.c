/* record.c -- the record of the games played (record.h).
 */
#include "play/record.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/json_string.h"
#include "base/xalloc.h"
#include "write/json_in.h"

/* The row of @variant and @level, made when new. */
static pdn_play_tally *
row_of(pdn_play_record *r, const char *variant, const char *level)
{
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->rows[i].variant, variant) &&
            !strcmp(r->rows[i].level, level))
            return &r->rows[i];
    r->rows = pdn_xrealloc(r->rows, (r->n + 1) * sizeof *r->rows);
    pdn_play_tally *t = &r->rows[r->n++];
    *t = (pdn_play_tally){.variant = pdn_xstrndup(variant, strlen(variant)),
                          .level = pdn_xstrndup(level, strlen(level))};
    return t;
}

/* The count @key of the object @o: a whole number of 0 or more. */
static int
count_of(const pdn_json *o, const char *key, unsigned long *out)
{
    const pdn_json *v = pdn_json_get(o, key);
    *out = 0;
    if (!v)
        return 0;
    if (v->kind != PDN_JSON_NUMBER || v->number < 0 || v->number > 1e15 ||
        v->number != (double)(unsigned long)v->number)
        return -1;
    *out = (unsigned long)v->number;
    return 0;
}

int
pdn_play_record_read(pdn_play_record *r, const char *text, size_t len,
                     char *err, size_t errcap)
{
    pdn_arena a;
    size_t at;
    int rc = 0;

    *r = (pdn_play_record){0};
    pdn_arena_init(&a);
    const pdn_json *root = pdn_json_parse(&a, text, len, err, errcap, &at);
    if (!root) {
        rc = -1;
    } else if (root->kind != PDN_JSON_OBJECT) {
        snprintf(err, errcap, "not a JSON object");
        rc = -1;
    }
    for (const pdn_json *v = rc ? NULL : root->child; v && !rc; v = v->next) {
        if (v->kind != PDN_JSON_OBJECT) {
            snprintf(err, errcap, "\"%s\" is not an object", v->key);
            rc = -1;
        }
        for (const pdn_json *l = rc ? NULL : v->child; l && !rc; l = l->next) {
            pdn_play_tally *t = row_of(r, v->key, l->key);
            if (l->kind != PDN_JSON_OBJECT || count_of(l, "wins", &t->wins) ||
                count_of(l, "draws", &t->draws) ||
                count_of(l, "losses", &t->losses)) {
                snprintf(err, errcap, "\"%s\", \"%s\": not counts of games",
                         v->key, l->key);
                rc = -1;
            }
        }
    }
    pdn_arena_fini(&a);
    if (rc)
        pdn_play_record_free(r);
    return rc;
}

void
pdn_play_record_add(pdn_play_record *r, const char *variant, const char *level,
                    int outcome)
{
    pdn_play_tally *t = row_of(r, variant, level);
    if (outcome > 0)
        t->wins++;
    else if (outcome == 0)
        t->draws++;
    else
        t->losses++;
}

void
pdn_play_record_json(const pdn_play_record *r, pdn_strbuf *out)
{
    pdn_strbuf_putc(out, '{');
    bool *done = pdn_xcalloc(r->n + 1, sizeof *done);
    bool first = true;
    for (size_t i = 0; i < r->n; i++) {
        if (done[i])
            continue;
        if (!first)
            pdn_strbuf_putc(out, ',');
        first = false;
        pdn_json_string(r->rows[i].variant, strlen(r->rows[i].variant), out);
        pdn_strbuf_puts(out, ":{");
        for (size_t j = i; j < r->n; j++) {
            const pdn_play_tally *t = &r->rows[j];
            if (strcmp(t->variant, r->rows[i].variant))
                continue;
            if (j != i)
                pdn_strbuf_putc(out, ',');
            done[j] = true;
            pdn_json_string(t->level, strlen(t->level), out);
            pdn_strbuf_printf(out,
                              ":{\"wins\":%lu,\"draws\":%lu,\"losses\":%lu}",
                              t->wins, t->draws, t->losses);
        }
        pdn_strbuf_putc(out, '}');
    }
    pdn_strbuf_puts(out, "}\n");
    free(done);
}

static const char *
plural(unsigned long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

void
pdn_play_record_text(const pdn_play_record *r, pdn_strbuf *out)
{
    if (!r->n)
        pdn_strbuf_puts(out, "Your record: no game yet.\n");
    for (size_t i = 0; i < r->n; i++) {
        const pdn_play_tally *t = &r->rows[i];
        pdn_strbuf_printf(out, "Your record, %s, %s: %lu %s, %lu %s, %lu %s.\n",
                          t->variant, t->level, t->wins,
                          plural(t->wins, "win", "wins"), t->draws,
                          plural(t->draws, "draw", "draws"), t->losses,
                          plural(t->losses, "loss", "losses"));
    }
}

void
pdn_play_record_free(pdn_play_record *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->rows[i].variant);
        free(r->rows[i].level);
    }
    free(r->rows);
    *r = (pdn_play_record){0};
}
