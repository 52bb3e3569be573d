/* annotate.c -- the `annotate:` section of pdn-config(5), the
 * settings of pdn annotate (annotate/annotate.h): each key read and
 * checked into a pdn_annotate_options, and the same written back as YAML
 * (pdn annotate --print-config).
 */
#include "config/internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/tag_filter.h"
#include "replay/draw.h"
#include "rules/variant.h"

/* ---- Values ---- */

/* Bounds of the whole numbers. */
#define MAX_DEPTH 64
#define MAX_TIME_MS UINT64_C(86400000) /* a day */
#define MAX_NODES UINT64_C(1000000000000)
#define MAX_HASH_MB 65536
#define MAX_THREADS 256
#define MAX_MOVE_NUMBER 10000
#define MAX_SKIP_PLIES 1000
/* Men (thresholds, spread) are read in hundredths: 0.01 to 100. */
#define MAX_HUNDREDTHS 10000

/* Whole number from @lo to @hi in plain decimal ("12"; not "+1", "1e3",
 * "0x10", "-1", "12 ") into *@out. */
static int
load_uint(pdn_config_yaml *x, const yaml_node_t *v, const char *path,
          uint64_t lo, uint64_t hi, uint64_t *out)
{
    char what[80];
    const char *s;
    uint64_t n = 0;
    size_t i = 0;

    snprintf(what, sizeof what, "a number from %" PRIu64 " to %" PRIu64, lo,
             hi);
    if (pdn_config_want_scalar(x, v, path, what) != 0)
        return -1;
    s = pdn_config_scalar(v);
    for (; s[i] >= '0' && s[i] <= '9' && n <= hi; i++)
        n = n * 10 + (uint64_t)(s[i] - '0');
    if (i == 0 || s[i] || n < lo || n > hi)
        return pdn_config_fail(x, v, "%s: expected %s, found '%.60s'", path,
                               what, s);
    *out = n;
    return 0;
}

/* Men from 0.01 to 100 with at most two decimals ("0.3", "1", "1.25")
 * into *@out, as hundredths / 100 so that writing and reading again
 * gives the same double. */
static int
load_men(pdn_config_yaml *x, const yaml_node_t *v, const char *path,
         double *out)
{
    const char *what = "a number from 0.01 to 100 (at most 2 decimals)";
    const char *s;
    uint64_t whole = 0, frac = 0;
    size_t i = 0, decimals = 0;
    bool ok;

    if (pdn_config_want_scalar(x, v, path, what) != 0)
        return -1;
    s = pdn_config_scalar(v);
    for (; s[i] >= '0' && s[i] <= '9' && whole <= MAX_HUNDREDTHS; i++)
        whole = whole * 10 + (uint64_t)(s[i] - '0');
    ok = i > 0;
    if (ok && s[i] == '.') {
        for (i++; s[i] >= '0' && s[i] <= '9' && decimals < 3; i++) {
            frac = frac * 10 + (uint64_t)(s[i] - '0');
            decimals++;
        }
        ok = decimals == 1 || decimals == 2; /* not "1." nor "0.125" */
        frac *= decimals == 1 ? 10 : 1;
    }
    whole = whole * 100 + frac;
    if (!ok || s[i] || whole < 1 || whole > MAX_HUNDREDTHS)
        return pdn_config_fail(x, v, "%s: expected %s, found '%.60s'", path,
                               what, s);
    *out = (double)whole / 100.0;
    return 0;
}

static int
load_bool(pdn_config_yaml *x, const yaml_node_t *v, const char *path, bool *out)
{
    const char *s;
    if (pdn_config_want_scalar(x, v, path, "true or false") != 0)
        return -1;
    s = pdn_config_scalar(v);
    if (strcmp(s, "true") != 0 && strcmp(s, "false") != 0)
        return pdn_config_fail(x, v,
                               "%s: expected true or false, found "
                               "'%.60s'",
                               path, s);
    *out = strcmp(s, "true") == 0;
    return 0;
}

/* One of the @n @names ("a, b or c"), its index into *@out. */
static int
load_choice(pdn_config_yaml *x, const yaml_node_t *v, const char *path,
            const char *const *names, size_t n, int *out, const char *hint)
{
    char what[120];
    size_t used = 0;

    for (size_t i = 0; i < n && used < sizeof what; i++) {
        int w = snprintf(what + used, sizeof what - used, "%s%s",
                         i == 0       ? ""
                         : i + 1 == n ? " or "
                                      : ", ",
                         names[i]);
        used += w > 0 ? (size_t)w : 0;
    }
    if (pdn_config_want_scalar(x, v, path, what) != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(pdn_config_scalar(v), names[i]) == 0) {
            *out = (int)i;
            return 0;
        }
    }
    return pdn_config_fail(x, v, "%s: expected %s, found '%.60s'%s", path, what,
                           pdn_config_scalar(v), hint);
}

/* A text of @min to @room - 1 bytes without control characters into
 * @dst; an empty value is "". */
static int
load_text(pdn_config_yaml *x, const yaml_node_t *v, const char *path, char *dst,
          size_t room, size_t min)
{
    char what[64];
    const char *s;
    size_t len;

    if (min)
        snprintf(what, sizeof what, "a text of %zu to %zu bytes", min,
                 room - 1);
    else
        snprintf(what, sizeof what, "a text of at most %zu bytes", room - 1);
    if (pdn_config_want_scalar(x, v, path, what) != 0)
        return -1;
    s = pdn_config_is_null(v) ? "" : pdn_config_scalar(v);
    len = strlen(s);
    if (len < min || len >= room)
        return pdn_config_fail(x, v, "%s: expected %s, found %zu bytes", path,
                               what, len);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return pdn_config_fail(x, v, "%s: control character at offset %zu",
                                   path, i);
    memcpy(dst, s, len + 1);
    return 0;
}

/* ---- Templates ---- */

static const char *const template_fields[] = {
    "played", "best", "before", "after", "loss", "label", "depth"};
#define NFIELDS (sizeof template_fields / sizeof template_fields[0])

/* Checks the comment template @s: "{field}" of template_fields, "{{" and
 * "}}" for braces. */
static int
check_template(pdn_config_yaml *x, const yaml_node_t *v, const char *path,
               const char *s)
{
    size_t i = 0;
    while (s[i]) {
        const char *end;
        char name[65];
        size_t len, best = 0, dist = (size_t)-1;

        if ((s[i] == '{' || s[i] == '}') && s[i + 1] == s[i]) {
            i += 2; /* "{{" or "}}": a brace */
            continue;
        }
        if (s[i] == '}')
            return pdn_config_fail(x, v,
                                   "%s: lone `}` at offset %zu (write `}}` "
                                   "for a brace)",
                                   path, i);
        if (s[i] != '{') {
            i++;
            continue;
        }
        end = strchr(s + i + 1, '}');
        if (!end)
            return pdn_config_fail(x, v,
                                   "%s: unclosed `{` at offset %zu (write "
                                   "`{{` for a brace)",
                                   path, i);
        len = (size_t)(end - (s + i + 1));
        snprintf(name, sizeof name, "%.*s", (int)(len < 64 ? len : 64),
                 s + i + 1);
        for (size_t f = 0; f < NFIELDS; f++) {
            size_t d =
                len < 64 ? pdn_config_distance(name, template_fields[f]) : 1000;
            if (d < dist) {
                dist = d;
                best = f;
            }
        }
        if (dist != 0 && 2 * dist <= strlen(template_fields[best]))
            return pdn_config_fail(x, v,
                                   "%s: unknown field `{%.40s}` (did you "
                                   "mean `{%s}`?)",
                                   path, name, template_fields[best]);
        if (dist != 0)
            return pdn_config_fail(x, v,
                                   "%s: unknown field `{%.40s}` (expected "
                                   "{played}, {best}, {before}, {after}, "
                                   "{loss}, {label} or {depth})",
                                   path, name);
        i += len + 2;
    }
    return 0;
}

/* ---- The sub-mappings ---- */

/* The keys of the engine mapping, by their index in engine_keys. */
enum {
    ENGINE_DEPTH,
    ENGINE_TIME,
    ENGINE_NODES,
    ENGINE_HASH,
    ENGINE_THREADS,
    ENGINE_TIME_PER_GAME,
    ENGINE_NODES_PER_GAME,
    ENGINE_EGDB,
    NENGINE
};

static const char *const engine_keys[NENGINE] = {
    [ENGINE_DEPTH] = "depth",
    [ENGINE_TIME] = "time",
    [ENGINE_NODES] = "nodes",
    [ENGINE_HASH] = "hash",
    [ENGINE_THREADS] = "threads",
    [ENGINE_TIME_PER_GAME] = "time_per_game",
    [ENGINE_NODES_PER_GAME] = "nodes_per_game",
    [ENGINE_EGDB] = "egdb"};

/* The bounds of the numbers (0 where not given). */
static const uint64_t engine_min[NENGINE] = {
    [ENGINE_HASH] = 1, [ENGINE_THREADS] = 1};
static const uint64_t engine_max[NENGINE] = {
    [ENGINE_DEPTH] = MAX_DEPTH,         [ENGINE_TIME] = MAX_TIME_MS,
    [ENGINE_NODES] = MAX_NODES,         [ENGINE_HASH] = MAX_HASH_MB,
    [ENGINE_THREADS] = MAX_THREADS,     [ENGINE_TIME_PER_GAME] = MAX_TIME_MS,
    [ENGINE_NODES_PER_GAME] = MAX_NODES};

static int
load_engine_key(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v, int which,
                const char *path)
{
    pdn_annotate_options *o = &x->c->annotate;
    uint64_t n;
    (void)k;
    /* a folder, "none", or null (the default) */
    if (which == ENGINE_EGDB) {
        if (pdn_config_want_scalar(x, v, path, "a folder") != 0)
            return -1;
        const char *s = pdn_config_is_null(v) ? "" : pdn_config_scalar(v);
        if (strlen(s) >= sizeof o->egdb)
            return pdn_config_fail(x, v,
                                   "%s: a folder name of at most %zu"
                                   " bytes",
                                   path, sizeof o->egdb - 1);
        snprintf(o->egdb, sizeof o->egdb, "%s", s);
        return 0;
    }
    if (load_uint(x, v, path, engine_min[which], engine_max[which], &n) != 0)
        return -1;
    bool limit = which != ENGINE_HASH && which != ENGINE_THREADS;
    if (limit && !x->limits_named) {
        pdn_annotate_clear_limits(o);
        x->limits_named = true;
    }
    switch (which) {
    case ENGINE_DEPTH:
        o->depth = (int)n;
        break;
    case ENGINE_TIME:
        o->time_ms = n;
        break;
    case ENGINE_NODES:
        o->nodes = n;
        break;
    case ENGINE_HASH:
        o->hash_mb = (size_t)n;
        break;
    case ENGINE_THREADS:
        o->threads = (long)n;
        break;
    case ENGINE_TIME_PER_GAME:
        o->game_time_ms = n;
        break;
    case ENGINE_NODES_PER_GAME:
        o->game_nodes = n;
        break;
    }
    return 0;
}

static const char *const threshold_keys[] = {"scale", "spread", "inaccuracy",
                                             "mistake", "blunder"};
static const char *const scale_names[] = {"win_chance", "men"};

static int
load_threshold_key(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v,
                   int which, const char *path)
{
    pdn_annotate_options *o = &x->c->annotate;
    int scale = 0;
    (void)k;
    switch (which) {
    case 0:
        if (load_choice(x, v, path, scale_names, 2, &scale, "") != 0)
            return -1;
        o->scale = (pdn_loss_scale)scale;
        return 0;
    case 1:
        return load_men(x, v, path, &o->spread);
    case 2:
        return load_men(x, v, path, &o->inaccuracy);
    case 3:
        return load_men(x, v, path, &o->mistake);
    default:
        return load_men(x, v, path, &o->blunder);
    }
}

/* Men as written back: "0.3", "1.5", "2". */
static void
format_men(double men, char buf[32])
{
    long long h = llround(men * 100.0);
    if (h % 100 == 0)
        snprintf(buf, 32, "%lld", h / 100);
    else if (h % 10 == 0)
        snprintf(buf, 32, "%lld.%lld", h / 100, h % 100 / 10);
    else
        snprintf(buf, 32, "%lld.%02lld", h / 100, h % 100);
}

/* inaccuracy <= mistake <= blunder: the second key of a pair out of
 * order is blamed when it was given here, else the first. */
static int
check_thresholds(pdn_config_yaml *x, yaml_node_t *map)
{
    const pdn_annotate_options *o = &x->c->annotate;
    const double value[3] = {o->inaccuracy, o->mistake, o->blunder};
    const char *const *name = threshold_keys + 2;

    for (int i = 0; i < 2; i++) {
        yaml_node_t *hi = pdn_config_value_of(x, map, name[i + 1]);
        yaml_node_t *lo = pdn_config_value_of(x, map, name[i]);
        char a[32], b[32];
        if (value[i] <= value[i + 1])
            continue;
        format_men(value[i], a);
        format_men(value[i + 1], b);
        if (hi)
            return pdn_config_fail(x, hi,
                                   "annotate.thresholds.%s: %s is below %s "
                                   "(%s): expected inaccuracy <= mistake "
                                   "<= blunder",
                                   name[i + 1], b, name[i], a);
        return pdn_config_fail(x, lo,
                               "annotate.thresholds.%s: %s is above %s (%s): "
                               "expected inaccuracy <= mistake <= blunder",
                               name[i], a, name[i + 1], b);
    }
    return 0;
}

static const char *const moves_keys[] = {"from", "to"};

static int
load_moves_key(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v, int which,
               const char *path)
{
    pdn_annotate_options *o = &x->c->annotate;
    uint64_t n;
    (void)k;
    if (load_uint(x, v, path, which == 0, MAX_MOVE_NUMBER, &n) != 0)
        return -1;
    if (which == 0)
        o->first_move = (uint32_t)n;
    else
        o->last_move = (uint32_t)n;
    return 0;
}

/* to is 0 or from `from` on: `to` is blamed when given here. */
static int
check_moves(pdn_config_yaml *x, yaml_node_t *map)
{
    const pdn_annotate_options *o = &x->c->annotate;
    yaml_node_t *to = pdn_config_value_of(x, map, "to");

    if (o->last_move == 0 || o->last_move >= o->first_move)
        return 0;
    if (to)
        return pdn_config_fail(x, to,
                               "annotate.moves.to: expected 0 (to the end) "
                               "or a number from %" PRIu32 " to %d, found "
                               "'%s'",
                               o->first_move, MAX_MOVE_NUMBER,
                               pdn_config_scalar(to));
    return pdn_config_fail(x, pdn_config_value_of(x, map, "from"),
                           "annotate.moves.from: expected a number from 1 to "
                           "%" PRIu32 " (moves.to), found '%" PRIu32 "'",
                           o->last_move, o->first_move);
}

static const char *const write_keys[] = {"nags", "comments", "variations",
                                         "eval", "tags",     "line_plies"};

static int
load_write_key(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v, int which,
               const char *path)
{
    pdn_annotate_options *o = &x->c->annotate;
    bool *flags[5] = {&o->nags, &o->comments, &o->lines, &o->eval, &o->tags};
    uint64_t n;
    (void)k;
    if (which < 5)
        return load_bool(x, v, path, flags[which]);
    if (load_uint(x, v, path, 1, PDN_ANNOTATE_MAX_LINE, &n) != 0)
        return -1;
    o->line_plies = (int)n;
    return 0;
}

static const char *const template_keys[] = {"comment", "inaccuracy", "mistake",
                                            "blunder"};

static int
load_template_key(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v, int which,
                  const char *path)
{
    pdn_annotate_options *o = &x->c->annotate;
    char text[PDN_ANNOTATE_TEXT];
    (void)k;
    if (which > 0) /* labels[PDN_MARK_INACCURACY + which - 1] */
        return load_text(x, v, path, o->labels[which], sizeof o->labels[0], 1);
    if (load_text(x, v, path, text, sizeof text, 0) != 0 ||
        check_template(x, v, path, text) != 0)
        return -1;
    memcpy(o->comment, text, sizeof text);
    return 0;
}

/* select: TAG: PATTERN..., each compiled to be checked. */
static int
load_select(pdn_config_yaml *x, yaml_node_t *map)
{
    pdn_annotate_options *o = &x->c->annotate;
    char path[160];

    o->nselect = 0;
    for (pdn_config_pairs w = pdn_config_pairs_of(x, map);
         pdn_config_next_pair(&w);) {
        yaml_node_t *k = w.key, *v = w.value;
        pdn_annotate_select *sel = &o->select[o->nselect];
        const char *tag;
        char why[200];
        size_t len;

        if (pdn_config_want_scalar(x, k, "annotate.select", "a tag name") != 0)
            return -1;
        tag = pdn_config_scalar(k);
        snprintf(path, sizeof path, "annotate.select.%s", tag);
        len = strspn(tag, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuv"
                          "wxyz0123456789_");
        if (len == 0 || tag[len] || len >= sizeof sel->tag)
            return pdn_config_fail(x, k,
                                   "%s: a tag name is 1 to %zu letters, "
                                   "digits or `_`",
                                   path, sizeof sel->tag - 1);
        for (size_t i = 0; i < o->nselect; i++)
            if (strcmp(o->select[i].tag, tag) == 0)
                return pdn_config_fail(x, k, "%s: given twice", path);
        if (o->nselect == PDN_ANNOTATE_MAX_SELECT)
            return pdn_config_fail(x, k, "%s: more than %d patterns", path,
                                   PDN_ANNOTATE_MAX_SELECT);
        if (load_text(x, v, path, sel->pattern, sizeof sel->pattern, 0) != 0)
            return -1;
        if (pdn_tag_filter_check(sel->pattern, why, sizeof why) != 0)
            return pdn_config_fail(x, v, "%s: bad pattern: %s", path, why);
        memcpy(sel->tag, tag, len + 1);
        o->nselect++;
    }
    return 0;
}

/* ---- annotate: ---- */

static const char *const annotate_keys[] = {
    "draw_rule",  "engine",     "thresholds", "sides",     "moves",
    "skip_plies", "variations", "write",      "templates", "annotator",
    "select",     "report",     "notation"};
#define NANNOTATE (sizeof annotate_keys / sizeof annotate_keys[0])

static const char *const side_names[] = {"first", "second", "both"};
static const char *const report_names[] = {"none", "text", "json", "html"};
static const char *const notation_names[] = {"numeric", "alpha"};

/* engine: its limits (that one is left, pdn annotate checks once the
 * command line is applied). */
static int
load_engine(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v,
            const char *path)
{
    (void)k;
    if (pdn_config_want_mapping(x, v, path) != 0 ||
        pdn_config_load_mapping(x, v, path, engine_keys, NENGINE,
                                load_engine_key) != 0)
        return -1;
    return 0;
}

/* A mapping of @n @keys read by @load, then checked by @check. */
static int
load_section(pdn_config_yaml *x, yaml_node_t *v, const char *path,
             const char *const *keys, size_t n, pdn_config_key_fn load,
             int (*check)(pdn_config_yaml *, yaml_node_t *))
{
    if (pdn_config_want_mapping(x, v, path) != 0 ||
        pdn_config_load_mapping(x, v, path, keys, n, load) != 0)
        return -1;
    return check ? check(x, v) : 0;
}

static int
load_annotate_key(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v, int which,
                  const char *path)
{
    pdn_annotate_options *o = &x->c->annotate;
    const char *s;
    uint64_t n;
    int choice = 0;

    switch (which) {
    case 0:
        if (pdn_config_want_scalar(x, v, path, "a draw rule") != 0)
            return -1;
        s = pdn_config_is_null(v) ? "" : pdn_config_scalar(v);
        if (*s && !pdn_draw_rule_by_name(s))
            return pdn_config_fail(x, v, "%s: unknown draw rule '%.60s' (%s)",
                                   path, s, pdn_draw_rule_names());
        snprintf(o->draw_rule, sizeof o->draw_rule, "%s", s);
        return 0;
    case 1:
        return load_engine(x, k, v, path);
    case 2:
        return load_section(x, v, path, threshold_keys, 5, load_threshold_key,
                            check_thresholds);
    case 3:
        if (load_choice(x, v, path, side_names, 3, &choice,
                        " (the side that moves first is White in Italian "
                        "and Spanish, Black in English)") != 0)
            return -1;
        o->sides = choice + 1; /* PDN_SIDE_FIRST, _SECOND, _BOTH */
        return 0;
    case 4:
        return load_section(x, v, path, moves_keys, 2, load_moves_key,
                            check_moves);
    case 5:
        if (load_uint(x, v, path, 0, MAX_SKIP_PLIES, &n) != 0)
            return -1;
        o->skip_plies = (uint32_t)n;
        return 0;
    case 6:
        return load_bool(x, v, path, &o->variations);
    case 7:
        return load_section(x, v, path, write_keys, 6, load_write_key, NULL);
    case 8:
        return load_section(x, v, path, template_keys, 4, load_template_key,
                            NULL);
    case 9:
        return load_text(x, v, path, o->annotator, sizeof o->annotator, 0);
    case 10:
        if (pdn_config_want_mapping(x, v, path) != 0)
            return -1;
        return load_select(x, v);
    case 11:
        if (load_choice(x, v, path, report_names, 4, &choice, "") != 0)
            return -1;
        o->report = (pdn_report_format)choice;
        return 0;
    default:
        if (load_choice(x, v, path, notation_names, 2, &choice, "") != 0)
            return -1;
        o->alpha = choice == 1;
        return 0;
    }
}

int
pdn_config_load_annotate(pdn_config_yaml *x, yaml_node_t *k, yaml_node_t *v,
                         const char *path)
{
    pdn_annotate_options saved = x->c->annotate;
    (void)k;
    if (pdn_config_want_mapping(x, v, path) != 0 ||
        pdn_config_load_mapping(x, v, path, annotate_keys, NANNOTATE,
                                load_annotate_key) != 0) {
        x->c->annotate = saved;
        return -1;
    }
    x->c->annotate_set = true;
    return 0;
}

/* ---- Writing ---- */

#define COMMENT_COLUMN 32

/* Appends @s as a YAML double-quoted scalar. */
static void
put_quoted(pdn_strbuf *out, const char *s)
{
    pdn_strbuf_putc(out, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        /* YAML reads U+0085, U+2028 and U+2029 as line breaks even in
         * quotes: they go as the escapes \N, \L and \P. */
        if (c == 0xC2 && (unsigned char)s[1] == 0x85) {
            pdn_strbuf_puts(out, "\\N");
            s++;
            continue;
        }
        if (c == 0xE2 && (unsigned char)s[1] == 0x80 &&
            ((unsigned char)s[2] == 0xA8 || (unsigned char)s[2] == 0xA9)) {
            pdn_strbuf_puts(out, (unsigned char)s[2] == 0xA8 ? "\\L" : "\\P");
            s += 2;
            continue;
        }
        if (c == '"' || c == '\\') {
            pdn_strbuf_putc(out, '\\');
            pdn_strbuf_putc(out, (char)c);
        } else if (c < 0x20 || c == 0x7f) {
            pdn_strbuf_printf(out, "\\x%02X", c);
        } else {
            pdn_strbuf_putc(out, (char)c);
        }
    }
    pdn_strbuf_putc(out, '"');
}

/* One line: @indent spaces, "key: value" (@quote: the value in double
 * quotes), then "# @comment" at COMMENT_COLUMN, or on a line of its own
 * above when the line would be longer than 80 columns. */
static void
put_line(pdn_strbuf *out, int indent, const char *key, const char *value,
         bool quote, const char *comment)
{
    pdn_strbuf line = PDN_STRBUF_INIT;
    size_t col;

    pdn_strbuf_printf(&line, "%*s%s:", indent, "", key);
    if (value) {
        pdn_strbuf_putc(&line, ' ');
        if (quote)
            put_quoted(&line, value);
        else
            pdn_strbuf_puts(&line, value);
    }
    col = line.len < COMMENT_COLUMN ? COMMENT_COLUMN : line.len + 1;
    if (col + 2 + strlen(comment) <= 80) {
        pdn_strbuf_printf(out, "%s%*s# %s\n", line.ptr, (int)(col - line.len),
                          "", comment);
    } else {
        pdn_strbuf_printf(out, "%*s# %s\n", indent, "", comment);
        pdn_strbuf_printf(out, "%s\n", line.ptr);
    }
    pdn_strbuf_free(&line);
}

static void
put_number(pdn_strbuf *out, int indent, const char *key, uint64_t n,
           const char *comment)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, n);
    put_line(out, indent, key, buf, false, comment);
}

static void
put_men(pdn_strbuf *out, const char *key, double men, const char *comment)
{
    char buf[32];
    format_men(men, buf);
    put_line(out, 4, key, buf, false, comment);
}

static void
put_bool(pdn_strbuf *out, int indent, const char *key, bool b,
         const char *comment)
{
    put_line(out, indent, key, b ? "true" : "false", false, comment);
}

static void
print_engine(const pdn_annotate_options *o, pdn_strbuf *out)
{
    put_line(out, 2, "engine", NULL, false, "the search of each move");
    put_number(out, 4, "depth", (uint64_t)o->depth,
               "plies, 0 to 64; 0: no limit");
    put_number(out, 4, "time", o->time_ms, "milliseconds; 0: no limit");
    put_number(out, 4, "nodes", o->nodes, "0: no limit");
    put_number(out, 4, "hash", o->hash_mb, "MB of hash table per game");
    put_number(out, 4, "threads", (uint64_t)o->threads,
               "games annotated at once");
    put_number(out, 4, "time_per_game", o->game_time_ms,
               "milliseconds for all of a game; 0: none");
    put_number(out, 4, "nodes_per_game", o->game_nodes,
               "shared by a game's moves; 0: none");
    put_line(out, 4, "egdb", o->egdb, !o->egdb[0],
             "endgame database folder; \"\": the default; none");
}

static void
print_marks(const pdn_annotate_options *o, pdn_strbuf *out)
{
    put_line(out, 2, "thresholds", NULL, false,
             "the least loss of each mark, in men");
    put_line(out, 4, "scale", scale_names[o->scale == PDN_SCALE_MEN], false,
             "win_chance or men: how a loss is measured");
    put_men(out, "spread", o->spread, "men of advantage for a 73% chance");
    put_men(out, "inaccuracy", o->inaccuracy, "marked ?! ($6)");
    put_men(out, "mistake", o->mistake, "marked ? ($2)");
    put_men(out, "blunder", o->blunder, "marked ?? ($4)");
    put_line(out, 2, "sides",
             side_names[o->sides == PDN_SIDE_FIRST    ? 0
                        : o->sides == PDN_SIDE_SECOND ? 1
                                                      : 2],
             false, "first, second or both: whose moves are judged");
    put_line(out, 2, "moves", NULL, false, "the moves judged");
    put_number(out, 4, "from", o->first_move, "the first move number");
    put_number(out, 4, "to", o->last_move, "the last; 0: to the end");
    put_number(out, 2, "skip_plies", o->skip_plies,
               "plies of the opening not judged");
    put_bool(out, 2, "variations", o->variations,
             "judge the moves of variations too");
}

static void
print_output(const pdn_annotate_options *o, pdn_strbuf *out)
{
    put_line(out, 2, "write", NULL, false, "what goes into the games");
    put_bool(out, 4, "nags", o->nags, "$6, $2, $4 after marked moves");
    put_bool(out, 4, "comments", o->comments,
             "the comment template after marked moves");
    put_bool(out, 4, "variations", o->lines, "the best line, a variation");
    put_bool(out, 4, "eval", o->eval, "[%eval] of each judged move");
    put_bool(out, 4, "tags", o->tags, "the Annotator tag and the counts");
    put_number(out, 4, "line_plies", (uint64_t)o->line_plies,
               "plies of the best line, 1 to 32");
    put_line(out, 2, "templates", NULL, false, "the texts written");
    put_line(out, 4, "comment", o->comment, true,
             "fields: {played} {best} {before} {after} {loss} {label} "
             "{depth}");
    put_line(out, 4, "inaccuracy", o->labels[PDN_MARK_INACCURACY], true,
             "the label of ?!");
    put_line(out, 4, "mistake", o->labels[PDN_MARK_MISTAKE], true,
             "the label of ?");
    put_line(out, 4, "blunder", o->labels[PDN_MARK_BLUNDER], true,
             "the label of ??");
    put_line(out, 2, "annotator", o->annotator, true, "the Annotator tag");
    put_line(out, 2, "select", o->nselect ? NULL : "{}", false,
             "tag: PCRE2 pattern; a game must match all");
    for (size_t i = 0; i < o->nselect; i++)
        put_line(out, 4, o->select[i].tag, o->select[i].pattern, true,
                 "a pattern of this tag's value");
    put_line(out, 2, "report",
             report_names[o->report <= PDN_REPORT_HTML ? o->report : 0], false,
             "none, text, json or html");
    put_line(out, 2, "notation", notation_names[o->alpha], false,
             "numeric (22-18) or alpha (c3-d4)");
}

void
pdn_config_print_annotate(const pdn_config *c, pdn_strbuf *out)
{
    const pdn_annotate_options *o = &c->annotate;
    const char *variant = o->variant[0] ? o->variant
                          : c->variant  ? c->variant
                                        : pdn_variant_default()->name;
    /* A name goes as it is; a GameType, or anything with a blank in it,
     * in quotes, so that it reads back the same. */
    bool name =
        strspn(variant, "abcdefghijklmnopqrstuvwxyz"
                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == strlen(variant);

    pdn_strbuf_puts(out, "# The settings of pdn annotate: pdn-config(5).\n");
    put_line(out, 0, "variant", variant, !name,
             "of games without a GameType tag");
    put_line(out, 0, "annotate", NULL, false, "the settings of pdn annotate");
    put_line(out, 2, "draw_rule", o->draw_rule, !o->draw_rule[0],
             "a preset; \"\": the variant's own");
    print_engine(o, out);
    print_marks(o, out);
    print_output(o, out);
}
