/* config.h -- the YAML configuration file of pdn(1), pdn-config(5): the
 * default variant, the draw rule and automatic draws of pdn check, a
 * severity (or off) per diagnostic code, and the settings of pdn annotate.
 * Read with libyaml; errors come back as diagnostics with the file, line
 * and column.
 */
#ifndef PDN_CONFIG_CONFIG_H
#define PDN_CONFIG_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "annotate/annotate.h"
#include "base/diag.h"
#include "base/strbuf.h"

/** Room in the table of severity overrides: more than the codes. */
#define PDN_CONFIG_MAX_CODES 64
/** A configuration file larger than this is refused, unread. */
#define PDN_CONFIG_MAX_BYTES (1 << 20)
/** Lists and mappings nested deeper than this (in flow style) too. */
#define PDN_CONFIG_MAX_NESTING 32

/** One override: diagnostics of @code get @severity (PDN_SEV_OFF: they
 * are dropped). */
typedef struct pdn_config_severity {
    int code;
    pdn_severity severity;
} pdn_config_severity;

/** What a configuration sets.  Caller-owned: pdn_config_init, then
 * pdn_config_fini.  NULL strings and unset flags leave the defaults. */
typedef struct pdn_config {
    char *variant;   /* "italian", "22"; owned; NULL: unset */
    char *draw_rule; /* a preset of replay/draw.h; owned; NULL */
    bool automatic_draws;
    bool automatic_draws_set; /* automatic_draws was given */
    pdn_config_severity severities[PDN_CONFIG_MAX_CODES];
    size_t nseverities;
    pdn_annotate_options annotate; /* `annotate:` over the defaults; its
                                      variant is the top-level key's */
    bool annotate_set;             /* the file has an `annotate` section */
} pdn_config;

/** Makes @c empty: nothing set, annotate at pdn_annotate_defaults(). */
void pdn_config_init(pdn_config *c);

/** Frees what @c holds and makes it empty. */
void pdn_config_fini(pdn_config *c);

/** Reads the YAML file @path into @c (keys it sets replace those of @c).
 * Returns 0, or -1 after adding one error to @d: file @path (borrowed:
 * it must outlive @d), the 1-based line and column (0 when the file
 * cannot be read), and a message that starts with the key path
 * ("check.severity.W9999: unknown code (did you mean W0209?)"). */
int pdn_config_load(pdn_config *c, const char *path, pdn_diags *d);

/** The same from the @len bytes of @text, named @name in messages
 * (borrowed, like @path). */
int pdn_config_load_text(pdn_config *c, const char *text, size_t len,
                         const char *name, pdn_diags *d);

/** Reads a code as written in the file or on the command line: "W0204",
 * "w204" or "204"; a letter must be the code's own.  Returns 0 with
 * *@code set, or -1 with @suggest set to the closest known code. */
int pdn_config_parse_code(const char *s, int *code, char suggest[8]);

/** Reads "error", "warning", "note" or "off".  Returns 0 or -1. */
int pdn_config_parse_level(const char *s, pdn_severity *out);

/** Sets the override of @code (replacing any).  Returns 0, or -1 when
 * the table is full. */
int pdn_config_set_severity(pdn_config *c, int code, pdn_severity s);

/** The severity @c gives to @code, or @dflt when it overrides nothing. */
pdn_severity pdn_config_severity_of(const pdn_config *c, int code,
                                    pdn_severity dflt);

/** Copies into @into what @over sets (variant, draw rule, automatic draws,
 * each override, and the whole of annotate when over->annotate_set), so
 * that @over wins; into->annotate.variant then follows into->variant. */
void pdn_config_merge(pdn_config *into, const pdn_config *over);

/** Appends to @out the settings of pdn annotate in @c as a YAML file that
 * pdn_config_load reads back to the same settings: the top-level variant
 * (c->annotate.variant, else c->variant, else "italian") and the whole
 * `annotate:` section, every key with a short comment. */
void pdn_config_print_annotate(const pdn_config *c, pdn_strbuf *out);

/** Rewrites the severity of every diagnostic of @d by the overrides of
 * @c and recounts d->errors, warnings and notes; PDN_SEV_OFF counts
 * nowhere.  Applying it twice changes nothing more. */
void pdn_config_apply(const pdn_config *c, pdn_diags *d);

/** The default configuration file: "@xdg/pdn/config.yaml" when @xdg is
 * set and not empty, else "@home/.config/pdn/config.yaml", else NULL.
 * Free the result with free(). */
char *pdn_config_default_path(const char *xdg, const char *home);

/** The Levenshtein distance of @a and @b (strings of up to 64 bytes; a
 * longer one is far from everything: 1000). */
size_t pdn_config_distance(const char *a, const char *b);

#endif
