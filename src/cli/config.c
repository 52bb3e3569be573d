/* config.c -- the YAML configuration file, pdn-config(5), read with
 * libyaml's document API: a mapping of known keys at each level, each
 * value checked, the first error returned as a diagnostic with its mark.
 */
#include "cli/config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "base/xalloc.h"
#include "replay/draw.h"
#include "rules/variant.h"

/* ---- The severity table ---- */

void
pdn_config_init(pdn_config *c)
{
    memset(c, 0, sizeof *c);
}

void
pdn_config_fini(pdn_config *c)
{
    free(c->variant);
    free(c->draw_rule);
    pdn_config_init(c);
}

int
pdn_config_set_severity(pdn_config *c, int code, pdn_severity s)
{
    for (size_t i = 0; i < c->nseverities; i++) {
        if (c->severities[i].code == code) {
            c->severities[i].severity = s;
            return 0;
        }
    }
    if (c->nseverities == PDN_CONFIG_MAX_CODES)
        return -1;
    c->severities[c->nseverities].code = code;
    c->severities[c->nseverities].severity = s;
    c->nseverities++;
    return 0;
}

pdn_severity
pdn_config_severity_of(const pdn_config *c, int code, pdn_severity dflt)
{
    for (size_t i = 0; i < c->nseverities; i++)
        if (c->severities[i].code == code)
            return c->severities[i].severity;
    return dflt;
}

static void
replace_string(char **to, const char *from)
{
    free(*to);
    *to = pdn_xstrndup(from, strlen(from));
}

void
pdn_config_merge(pdn_config *into, const pdn_config *over)
{
    if (over->variant)
        replace_string(&into->variant, over->variant);
    if (over->draw_rule)
        replace_string(&into->draw_rule, over->draw_rule);
    if (over->automatic_draws_set) {
        into->automatic_draws = over->automatic_draws;
        into->automatic_draws_set = true;
    }
    for (size_t i = 0; i < over->nseverities; i++)
        (void)pdn_config_set_severity(into, over->severities[i].code,
                                      over->severities[i].severity);
}

void
pdn_config_apply(const pdn_config *c, pdn_diags *d)
{
    d->errors = d->warnings = d->notes = 0;
    for (size_t i = 0; i < d->count; i++) {
        pdn_diag *x = &d->items[i];
        x->severity = pdn_config_severity_of(c, x->code, x->severity);
        if (x->severity == PDN_SEV_ERROR)
            d->errors++;
        else if (x->severity == PDN_SEV_WARNING)
            d->warnings++;
        else if (x->severity == PDN_SEV_NOTE)
            d->notes++;
    }
}

char *
pdn_config_default_path(const char *xdg, const char *home)
{
    const char *dir = xdg, *rest = "/pdn/config.yaml";
    char *path;
    size_t n;

    if (!dir || !*dir) {
        dir = home;
        rest = "/.config/pdn/config.yaml";
    }
    if (!dir || !*dir)
        return NULL;
    n = strlen(dir) + strlen(rest) + 1;
    path = pdn_xmalloc(n);
    snprintf(path, n, "%s%s", dir, rest);
    return path;
}

/* ---- Codes, levels, suggestions ---- */

#define MAX_DISTANCE_LEN 64

size_t
pdn_config_distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    size_t row[MAX_DISTANCE_LEN + 1];

    if (na > MAX_DISTANCE_LEN || nb > MAX_DISTANCE_LEN)
        return 1000;
    for (size_t j = 0; j <= nb; j++)
        row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0]; /* row[i-1][j-1] */
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[nb];
}

/* The known code closest to @s (as written: with a letter or not). */
static void
closest_code(const char *s, char out[8])
{
    char want[MAX_DISTANCE_LEN + 1];
    size_t n = 0, best = (size_t)-1;
    bool digits = isdigit((unsigned char)s[0]) != 0;

    for (; s[n] && n < MAX_DISTANCE_LEN; n++)
        want[n] = (char)toupper((unsigned char)s[n]);
    want[n] = '\0';
    if (digits && n < 4) { /* "999": compare with "0999" */
        memmove(want + 4 - n, want, n + 1);
        memset(want, '0', 4 - n);
    }
    strcpy(out, "?");
    for (int code = 1; code < 10000; code++) {
        char name[8];
        size_t dist;
        if (!pdn_code_lookup(code))
            continue;
        pdn_code_format(code, name);
        dist = pdn_config_distance(want, digits ? name + 1 : name);
        if (dist < best) {
            best = dist;
            memcpy(out, name, sizeof name);
        }
    }
}

int
pdn_config_parse_code(const char *s, int *code, char suggest[8])
{
    const char *p = s;
    char letter = 0, name[8];
    int value = 0;
    size_t n = 0;

    if (isalpha((unsigned char)*p))
        letter = (char)toupper((unsigned char)*p++);
    for (; isdigit((unsigned char)p[n]) && n < 5; n++)
        value = value * 10 + (p[n] - '0');
    if (n == 0 || n > 4 || p[n] || !pdn_code_lookup(value))
        goto unknown;
    pdn_code_format(value, name);
    if (letter && letter != name[0]) { /* "W0214": the letter is N */
        memcpy(suggest, name, sizeof name);
        return -1;
    }
    *code = value;
    return 0;
unknown:
    closest_code(s, suggest);
    return -1;
}

static const char *const level_names[] = {"off", "note", "warning", "error"};

int
pdn_config_parse_level(const char *s, pdn_severity *out)
{
    for (int i = 0; i < 4; i++) {
        if (strcmp(s, level_names[i]) == 0) {
            *out = (pdn_severity)i;
            return 0;
        }
    }
    return -1;
}

/* ---- Loading ---- */

typedef struct load_ctx {
    yaml_document_t *doc;
    const char *path;
    pdn_diags *d;
    pdn_config *c;
} load_ctx;

static pdn_loc
mark_loc(yaml_mark_t m)
{
    pdn_loc at = {m.index, (uint32_t)m.line + 1, (uint32_t)m.column + 1};
    return at;
}

/* Adds an error at @n and returns -1. */
static int
fail(load_ctx *x, const yaml_node_t *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int
fail(load_ctx *x, const yaml_node_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pdn_diags_addv(x->d, PDN_SEV_ERROR, 0, x->path, mark_loc(n->start_mark),
                   0, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *
scalar(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

/* An empty value ("check:" and nothing): as good as an empty mapping. */
static bool
is_null(const yaml_node_t *n)
{
    if (n->type != YAML_SCALAR_NODE ||
        n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    return !*scalar(n) || strcmp(scalar(n), "~") == 0 ||
           strcmp(scalar(n), "null") == 0;
}

/* "a mapping", "a sequence", "'text'", for messages. */
static void
describe(const yaml_node_t *n, char *buf, size_t size)
{
    if (n->type == YAML_MAPPING_NODE)
        snprintf(buf, size, "a mapping");
    else if (n->type == YAML_SEQUENCE_NODE)
        snprintf(buf, size, "a list");
    else
        snprintf(buf, size, "'%.60s'", scalar(n));
}

/* Checks that @n, the value of @key, is a mapping (or empty). */
static int
want_mapping(load_ctx *x, const yaml_node_t *n, const char *key)
{
    char found[80];
    if (n->type == YAML_MAPPING_NODE || is_null(n))
        return 0;
    describe(n, found, sizeof found);
    return fail(x, n, "%s: expected a mapping, found %s", key, found);
}

/* Checks that @n, the value of @key, is a scalar. */
static int
want_scalar(load_ctx *x, const yaml_node_t *n, const char *key,
            const char *what)
{
    char found[80];
    if (n->type == YAML_SCALAR_NODE)
        return 0;
    describe(n, found, sizeof found);
    return fail(x, n, "%s: expected %s, found %s", key, what, found);
}

/* Which of the @n @known keys the key node @k is, in *@which; an unknown
 * key is an error naming the closest known one.  @prefix is the path of
 * the mapping ("check"; "" at the top); @path receives the key's. */
static int
find_key(load_ctx *x, const yaml_node_t *k, const char *prefix,
         const char *const *known, size_t n, int *which, char *path,
         size_t size)
{
    const char *sep = *prefix ? "." : "";
    size_t best = 0, dist = (size_t)-1;

    if (k->type != YAML_SCALAR_NODE)
        return fail(x, k, "%s: a key must be a word",
                    *prefix ? prefix : "top level");
    snprintf(path, size, "%s%s%s", prefix, sep, scalar(k));
    for (size_t i = 0; i < n; i++) {
        size_t di = pdn_config_distance(scalar(k), known[i]);
        if (di == 0) {
            *which = (int)i;
            return 0;
        }
        if (di < dist) {
            dist = di;
            best = i;
        }
    }
    if (2 * dist <= strlen(known[best]))
        return fail(x, k, "%s: unknown key (did you mean `%s`?)", path,
                    known[best]);
    if (n == 2)
        return fail(x, k, "%s: unknown key (expected `%s` or `%s`)", path,
                    known[0], known[1]);
    return fail(x, k, "%s: unknown key (expected `%s`, `%s` or `%s`)", path,
                known[0], known[1], known[2]);
}

/* check.severity: CODE: LEVEL... */
static int
load_severity(load_ctx *x, yaml_node_t *map)
{
    char path[160], suggest[8];
    int code;
    pdn_severity s;

    if (map->type != YAML_MAPPING_NODE)
        return 0; /* empty */
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
         p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(x->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(x->doc, p->value);
        if (want_scalar(x, k, "check.severity", "a code") != 0)
            return -1;
        snprintf(path, sizeof path, "check.severity.%s", scalar(k));
        if (pdn_config_parse_code(scalar(k), &code, suggest) != 0)
            return fail(x, k, "%s: unknown code (did you mean %s?)", path,
                        suggest);
        if (want_scalar(x, v, path, "error, warning, note or off") != 0)
            return -1;
        if (pdn_config_parse_level(scalar(v), &s) != 0)
            return fail(x, v,
                        "%s: expected error, warning, note or off, "
                        "found '%s'",
                        path, scalar(v));
        if (pdn_config_set_severity(x->c, code, s) != 0)
            return fail(x, k, "%s: too many codes", path);
    }
    return 0;
}

static const char *const check_keys[] = {"draw_rule", "automatic_draws",
                                         "severity"};

/* One key of check: @v the value, @which its index in check_keys. */
static int
load_check_key(load_ctx *x, yaml_node_t *v, int which, const char *path)
{
    switch (which) {
    case 0:
        if (want_scalar(x, v, path, "a draw rule") != 0)
            return -1;
        if (!pdn_draw_rule_by_name(scalar(v)))
            return fail(x, v, "%s: unknown draw rule '%s' (%s)", path,
                        scalar(v), pdn_draw_rule_names());
        replace_string(&x->c->draw_rule, scalar(v));
        return 0;
    case 1:
        if (want_scalar(x, v, path, "true or false") != 0)
            return -1;
        if (strcmp(scalar(v), "true") != 0 && strcmp(scalar(v), "false"))
            return fail(x, v, "%s: expected true or false, found '%s'", path,
                        scalar(v));
        x->c->automatic_draws = strcmp(scalar(v), "true") == 0;
        x->c->automatic_draws_set = true;
        return 0;
    default:
        if (want_mapping(x, v, path) != 0)
            return -1;
        return load_severity(x, v);
    }
}

/* A mapping of @n known keys, each key once; @load reads each value. */
static int
load_mapping(load_ctx *x, yaml_node_t *map, const char *prefix,
             const char *const *known, size_t n,
             int (*load)(load_ctx *, yaml_node_t *, int, const char *))
{
    char path[160];
    unsigned seen = 0;
    int which = 0;

    if (map->type != YAML_MAPPING_NODE)
        return 0; /* empty */
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
         p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(x->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(x->doc, p->value);
        if (find_key(x, k, prefix, known, n, &which, path, sizeof path) != 0)
            return -1;
        if (seen & (1u << which))
            return fail(x, k, "%s: given twice", path);
        seen |= 1u << which;
        if (load(x, v, which, path) != 0)
            return -1;
    }
    return 0;
}

static const char *const top_keys[] = {"variant", "check"};

static int
load_top_key(load_ctx *x, yaml_node_t *v, int which, const char *path)
{
    if (which == 1) {
        if (want_mapping(x, v, path) != 0)
            return -1;
        return load_mapping(x, v, "check", check_keys, 3, load_check_key);
    }
    if (want_scalar(x, v, path, "a variant") != 0)
        return -1;
    if (!pdn_variant_by_name(scalar(v)) && !pdn_variant_by_gametype(scalar(v)))
        return fail(x, v, "%s: unknown variant '%s'; %s", path, scalar(v),
                    pdn_variant_supported());
    replace_string(&x->c->variant, scalar(v));
    return 0;
}

/* libyaml's error, with its position when it has one. */
static void
yaml_failure(const yaml_parser_t *p, const char *path, pdn_diags *d)
{
    pdn_loc at = {0, 0, 0};
    const char *problem = p->problem ? p->problem : "out of memory";

    if (p->error != YAML_READER_ERROR && p->error != YAML_MEMORY_ERROR)
        at = mark_loc(p->problem_mark);
    if (p->error == YAML_READER_ERROR)
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, at, 0,
                      "invalid YAML: %s at byte %zu", problem,
                      p->problem_offset);
    else if (p->context)
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, at, 0,
                      "invalid YAML: %s (%s at %u:%u)", problem, p->context,
                      (unsigned)p->context_mark.line + 1,
                      (unsigned)p->context_mark.column + 1);
    else
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, at, 0, "invalid YAML: %s",
                      problem);
}

int
pdn_config_load(pdn_config *c, const char *path, pdn_diags *d)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_node_t *root;
    load_ctx x = {&doc, path, d, c};
    pdn_loc none = {0, 0, 0};
    int rc = -1;
    FILE *f = fopen(path, "rb");

    if (!f) {
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, none, 0, "%s",
                      strerror(errno));
        return -1;
    }
    if (!yaml_parser_initialize(&parser)) {
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, none, 0, "out of memory");
        fclose(f);
        return -1;
    }
    yaml_parser_set_input_file(&parser, f);
    if (!yaml_parser_load(&parser, &doc)) { /* libyaml: 1 = success */
        yaml_failure(&parser, path, d);
        goto out;
    }
    root = yaml_document_get_root_node(&doc);
    if (!root || is_null(root))
        rc = 0; /* an empty file sets nothing */
    else if (root->type != YAML_MAPPING_NODE)
        rc = want_mapping(&x, root, "top level");
    else
        rc = load_mapping(&x, root, "", top_keys, 2, load_top_key);
    yaml_document_delete(&doc);
out:
    yaml_parser_delete(&parser);
    fclose(f);
    return rc;
}
