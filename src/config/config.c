/* config.c -- the YAML configuration file, pdn-config(5), read with
 * libyaml's document API: a mapping of known keys at each level, each
 * value checked, the first error returned as a diagnostic with its mark.
 * The top level and `check` are read here, `annotate` in
 * annotate.c (the helpers they share: internal.h).
 */
#include "config/config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <yaml.h>

#include "base/xalloc.h"
#include "config/internal.h"
#include "replay/draw.h"
#include "rules/variant.h"

/* ---- The severity table ---- */

void
pdn_config_init(pdn_config *c)
{
    memset(c, 0, sizeof *c);
    pdn_annotate_defaults(&c->annotate);
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
    if (over->annotate_set) {
        into->annotate = over->annotate;
        into->annotate_set = true;
    }
    if (into->variant) /* annotate.variant follows the top-level key */
        snprintf(into->annotate.variant, sizeof into->annotate.variant, "%s",
                 into->variant);
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

static pdn_loc
mark_loc(yaml_mark_t m)
{
    pdn_loc at = {m.index, (uint32_t)m.line + 1, (uint32_t)m.column + 1};
    return at;
}

int
pdn_config_fail(pdn_config_yaml *x, const yaml_node_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pdn_diags_addv(x->d, PDN_SEV_ERROR, 0, x->path, mark_loc(n->start_mark), 0,
                   fmt, ap);
    va_end(ap);
    return -1;
}

bool
pdn_config_is_null(const yaml_node_t *n)
{
    const char *s;
    if (n->type != YAML_SCALAR_NODE ||
        n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    s = pdn_config_scalar(n);
    return !*s || strcmp(s, "~") == 0 || strcmp(s, "null") == 0;
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
        snprintf(buf, size, "'%.60s'", pdn_config_scalar(n));
}

int
pdn_config_want_mapping(pdn_config_yaml *x, const yaml_node_t *n,
                        const char *key)
{
    char found[80];
    if (n->type == YAML_MAPPING_NODE || pdn_config_is_null(n))
        return 0;
    describe(n, found, sizeof found);
    return pdn_config_fail(x, n, "%s: expected a mapping, found %s", key,
                           found);
}

int
pdn_config_want_scalar(pdn_config_yaml *x, const yaml_node_t *n,
                       const char *key, const char *what)
{
    char found[80];
    if (n->type == YAML_SCALAR_NODE)
        return 0;
    describe(n, found, sizeof found);
    return pdn_config_fail(x, n, "%s: expected %s, found %s", key, what, found);
}

int
pdn_config_find_key(pdn_config_yaml *x, const yaml_node_t *k,
                    const char *prefix, const char *const *known, size_t n,
                    int *which, char *path, size_t size)
{
    const char *sep = *prefix ? "." : "";
    size_t best = 0, dist = (size_t)-1, used = 0;
    char list[512];

    if (k->type != YAML_SCALAR_NODE)
        return pdn_config_fail(x, k, "%s: a key must be a word",
                               *prefix ? prefix : "top level");
    snprintf(path, size, "%s%s%s", prefix, sep, pdn_config_scalar(k));
    for (size_t i = 0; i < n; i++) {
        size_t di = pdn_config_distance(pdn_config_scalar(k), known[i]);
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
        return pdn_config_fail(x, k, "%s: unknown key (did you mean `%s`?)",
                               path, known[best]);
    list[0] = '\0';
    for (size_t i = 0; i < n && used < sizeof list; i++) {
        const char *sep_i = i == 0 ? "" : i + 1 == n ? " or " : ", ";
        int w = snprintf(list + used, sizeof list - used, "%s`%s`", sep_i,
                         known[i]);
        used += w > 0 ? (size_t)w : 0;
    }
    return pdn_config_fail(x, k, "%s: unknown key (expected %s)", path, list);
}

int
pdn_config_load_mapping(pdn_config_yaml *x, yaml_node_t *map,
                        const char *prefix, const char *const *known, size_t n,
                        pdn_config_key_fn load)
{
    char path[160];
    uint32_t seen = 0;
    int which = 0;

    for (pdn_config_pairs w = pdn_config_pairs_of(x, map);
         pdn_config_next_pair(&w);) {
        yaml_node_t *k = w.key, *v = w.value;
        if (pdn_config_find_key(x, k, prefix, known, n, &which, path,
                                sizeof path) != 0)
            return -1;
        if (seen & (UINT32_C(1) << which))
            return pdn_config_fail(x, k, "%s: given twice", path);
        seen |= UINT32_C(1) << which;
        if (load(x, k, v, which, path) != 0)
            return -1;
    }
    return 0;
}

pdn_config_pairs
pdn_config_pairs_of(pdn_config_yaml *x, yaml_node_t *map)
{
    pdn_config_pairs w = {.x = x};
    if (map->type == YAML_MAPPING_NODE) {
        w.end = map->data.mapping.pairs.top;
        w.at = map->data.mapping.pairs.start - 1;
    }
    return w;
}

bool
pdn_config_next_pair(pdn_config_pairs *w)
{
    if (!w->end || ++w->at >= w->end)
        return false;
    w->key = yaml_document_get_node(w->x->doc, w->at->key);
    w->value = yaml_document_get_node(w->x->doc, w->at->value);
    return true;
}

yaml_node_t *
pdn_config_value_of(pdn_config_yaml *x, yaml_node_t *map, const char *name)
{
    for (pdn_config_pairs w = pdn_config_pairs_of(x, map);
         pdn_config_next_pair(&w);) {
        yaml_node_t *k = w.key;
        if (k->type == YAML_SCALAR_NODE &&
            strcmp(pdn_config_scalar(k), name) == 0)
            return w.value;
    }
    return NULL;
}

/* check.severity: CODE: LEVEL... */
static int
load_severity(pdn_config_yaml *x, yaml_node_t *map)
{
    char path[160], suggest[8];
    int code;
    pdn_severity s;

    for (pdn_config_pairs w = pdn_config_pairs_of(x, map);
         pdn_config_next_pair(&w);) {
        yaml_node_t *k = w.key, *v = w.value;
        const char *ks, *vs;
        if (pdn_config_want_scalar(x, k, "check.severity", "a code") != 0)
            return -1;
        ks = pdn_config_scalar(k);
        snprintf(path, sizeof path, "check.severity.%s", ks);
        if (pdn_config_parse_code(ks, &code, suggest) != 0)
            return pdn_config_fail(x, k, "%s: unknown code (did you mean %s?)",
                                   path, suggest);
        if (pdn_config_want_scalar(x, v, path, "error, warning, note or off") !=
            0)
            return -1;
        vs = pdn_config_scalar(v);
        if (pdn_config_parse_level(vs, &s) != 0)
            return pdn_config_fail(x, v,
                                   "%s: expected error, warning, note or "
                                   "off, found '%s'",
                                   path, vs);
        for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < w.at;
             q++) {
            int other;
            yaml_node_t *before = yaml_document_get_node(x->doc, q->key);
            if (pdn_config_parse_code(pdn_config_scalar(before), &other,
                                      suggest) == 0 &&
                other == code)
                return pdn_config_fail(x, k,
                                       "%s: given twice (first at "
                                       "%u:%u)",
                                       path,
                                       (unsigned)before->start_mark.line + 1,
                                       (unsigned)before->start_mark.column + 1);
        }
        if (pdn_config_set_severity(x->c, code, s) != 0)
            return pdn_config_fail(x, k, "%s: too many codes", path);
    }
    return 0;
}

static const char *const check_keys[] = {"draw_rule", "automatic_draws",
                                         "severity"};

/* One key of check: @v the value, @which its index in check_keys. */
static int
load_check_key(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v, int which,
               const char *path)
{
    const char *s;
    (void)k;
    if (which == 2) {
        if (pdn_config_want_mapping(x, v, path) != 0)
            return -1;
        return load_severity(x, v);
    }
    if (pdn_config_want_scalar(x, v, path,
                               which ? "true or false" : "a draw rule") != 0)
        return -1;
    s = pdn_config_scalar(v);
    if (which == 0) {
        if (!pdn_draw_rule_by_name(s))
            return pdn_config_fail(x, v, "%s: unknown draw rule '%s' (%s)",
                                   path, s, pdn_draw_rule_names());
        replace_string(&x->c->draw_rule, s);
        return 0;
    }
    if (strcmp(s, "true") != 0 && strcmp(s, "false") != 0)
        return pdn_config_fail(x, v, "%s: expected true or false, found '%s'",
                               path, s);
    x->c->automatic_draws = strcmp(s, "true") == 0;
    x->c->automatic_draws_set = true;
    return 0;
}

static const char *const top_keys[] = {"variant", "check", "annotate"};

static int
load_top_key(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v, int which,
             const char *path)
{
    const char *s;
    if (which == 2)
        return pdn_config_load_annotate(x, k, v, path);
    if (which == 1) {
        if (pdn_config_want_mapping(x, v, path) != 0)
            return -1;
        return pdn_config_load_mapping(x, v, "check", check_keys, 3,
                                       load_check_key);
    }
    if (pdn_config_want_scalar(x, v, path, "a variant") != 0)
        return -1;
    s = pdn_config_scalar(v);
    if (strlen(s) >= sizeof x->c->annotate.variant) /* kept as written */
        return pdn_config_fail(x, v,
                               "%s: a variant of more than %zu "
                               "characters; %s",
                               path, sizeof x->c->annotate.variant - 1,
                               pdn_variant_supported());
    if (!pdn_variant_by_name(s) && !pdn_variant_by_gametype(s))
        return pdn_config_fail(x, v, "%s: unknown variant '%s'; %s", path, s,
                               pdn_variant_supported());
    replace_string(&x->c->variant, s);
    snprintf(x->c->annotate.variant, sizeof x->c->annotate.variant, "%s", s);
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

/* Reads the document @parser is set up on into @c; @name in messages. */
static int
load_document(pdn_config *c, yaml_parser_t *parser, const char *name,
              pdn_diags *d)
{
    yaml_document_t doc;
    yaml_node_t *root;
    pdn_config_yaml x = {&doc, name, d, c, false};
    int rc;

    if (!yaml_parser_load(parser, &doc)) { /* libyaml: 1 = success */
        yaml_failure(parser, name, d);
        return -1;
    }
    root = yaml_document_get_root_node(&doc);
    if (!root || pdn_config_is_null(root))
        rc = 0; /* an empty file sets nothing */
    else if (root->type != YAML_MAPPING_NODE)
        rc = pdn_config_want_mapping(&x, root, "top level");
    else
        rc = pdn_config_load_mapping(&x, root, "", top_keys, 3, load_top_key);
    yaml_document_delete(&doc);
    if (rc != 0 || !root)
        return rc;
    /* One document: a second one ("---" again) would be ignored. */
    if (!yaml_parser_load(parser, &doc)) {
        yaml_failure(parser, name, d);
        return -1;
    }
    root = yaml_document_get_root_node(&doc);
    if (root) {
        pdn_loc at = mark_loc(root->start_mark);
        pdn_diags_add(d, PDN_SEV_ERROR, 0, name, at, 0,
                      "a second YAML document: a configuration file holds "
                      "one");
        rc = -1;
    }
    yaml_document_delete(&doc);
    return rc;
}

/* Finds collections nested deeper than PDN_CONFIG_MAX_NESTING in flow
 * style ("[[[...", "{a: {b: ..."), which libyaml reads in time quadratic
 * in their depth, before it is given them.  Quoted text and comments are
 * passed over.  Returns false, with the place of the bracket that goes
 * too deep in *@at, or true. */
static bool
nesting_ok(const char *text, size_t len, pdn_loc *at)
{
    uint32_t line = 1, col = 1, depth = 0;
    char quote = 0;
    for (size_t i = 0; i < len; i++, col++) {
        char c = text[i];
        /* (a quote or escape below may step over one more byte) */
        char before = i ? text[i - 1] : '\n';
        bool token_start = strchr(" \t\r\n[{,:", before) != NULL;
        if (c == '\n') {
            line++;
            col = 0;
            if (quote == '#')
                quote = 0;
        } else if (quote == '"') {
            if (c == '\\' && i + 1 < len && text[i + 1] != '\n')
                i++, col++; /* an escape: the next byte is the string's */
            else if (c == '"')
                quote = 0;
        } else if (quote == '\'') {
            if (c == '\'' && i + 1 < len && text[i + 1] == '\'')
                i++, col++; /* '' is a quote in the string */
            else if (c == '\'')
                quote = 0;
        } else if (quote) { /* a comment */
        } else if (c == '#' && token_start) {
            quote = '#'; /* a comment, to the end of the line */
        } else if ((c == '"' || c == '\'') && token_start) {
            quote = c;
        } else if ((c == '[' || c == '{') && (depth > 0 || token_start)) {
            /* a flow collection: in one, or where a value starts (in a
               plain scalar of a block, "a{b" is text) */
            if (++depth > PDN_CONFIG_MAX_NESTING) {
                *at = (pdn_loc){i, line, col};
                return false;
            }
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
    }
    return true;
}

/* Reads @len bytes of YAML at @text into @c; @name in messages. */
static int
load_text(pdn_config *c, const char *text, size_t len, const char *name,
          pdn_diags *d)
{
    yaml_parser_t parser;
    pdn_loc none = {0, 0, 0}, at;

    if (!nesting_ok(text, len, &at)) {
        pdn_diags_add(d, PDN_SEV_ERROR, 0, name, at, 0,
                      "nested more than %d deep", PDN_CONFIG_MAX_NESTING);
        return -1;
    }
    if (!yaml_parser_initialize(&parser)) {
        pdn_diags_add(d, PDN_SEV_ERROR, 0, name, none, 0, "out of memory");
        return -1;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    int rc = load_document(c, &parser, name, d);
    yaml_parser_delete(&parser);
    return rc;
}

int
pdn_config_load(pdn_config *c, const char *path, pdn_diags *d)
{
    pdn_loc none = {0, 0, 0};
    struct stat st;
    FILE *f = fopen(path, "rb");

    if (!f) {
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, none, 0, "%s",
                      strerror(errno));
        return -1;
    }
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, none, 0,
                      "a directory, not a configuration file");
        fclose(f);
        return -1;
    }
    /* One byte more than the limit tells a file over it. */
    char *text = pdn_xmalloc(PDN_CONFIG_MAX_BYTES + 1);
    size_t len = fread(text, 1, PDN_CONFIG_MAX_BYTES + 1, f);
    int rc = -1;
    if (ferror(f))
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, none, 0, "cannot read: %s",
                      strerror(errno));
    else if (len > PDN_CONFIG_MAX_BYTES)
        pdn_diags_add(d, PDN_SEV_ERROR, 0, path, none, 0,
                      "larger than %d bytes: not a configuration file",
                      PDN_CONFIG_MAX_BYTES);
    else
        rc = load_text(c, text, len, path, d);
    free(text);
    fclose(f);
    return rc;
}

int
pdn_config_load_text(pdn_config *c, const char *text, size_t len,
                     const char *name, pdn_diags *d)
{
    pdn_loc none = {0, 0, 0};
    if (len > PDN_CONFIG_MAX_BYTES) {
        pdn_diags_add(d, PDN_SEV_ERROR, 0, name, none, 0,
                      "larger than %d bytes: not a configuration file",
                      PDN_CONFIG_MAX_BYTES);
        return -1;
    }
    return load_text(c, text, len, name, d);
}
