/* args.c -- GNU-style options over argv without global state ("--opt=V",
 * "--opt V", "-oV", "-o V", clusters "-ab", "--" ending options), and
 * the readers of the arguments every command shares.  The reading of
 * FILE... operands is in reading.c.
 */
#include "cli/args.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "rules/fen.h"
#include "write/json_out.h"

/* ---- Options ---- */

void
pdn_args_init(pdn_args *a, int argc, char **argv, const pdn_option *options,
              size_t n)
{
    memset(a, 0, sizeof *a);
    a->argc = argc;
    a->argv = argv;
    a->index = 1;
    a->options = options;
    a->noptions = n;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int
set_error(pdn_args *a, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(a->error, sizeof a->error, fmt, ap);
    va_end(ap);
    return PDN_ARGS_ERROR;
}

/* "--name" or "--name=value", @word without its two dashes. */
static int
next_long(pdn_args *a, const char *word)
{
    const char *eq = strchr(word, '=');
    size_t len = eq ? (size_t)(eq - word) : strlen(word);
    char shown[64];

    snprintf(shown, sizeof shown, "--%.*s", (int)len, word);
    for (size_t i = 0; i < a->noptions; i++) {
        const pdn_option *o = &a->options[i];
        if (strlen(o->name) != len || strncmp(o->name, word, len) != 0)
            continue;
        if (!o->arg) {
            if (eq)
                return set_error(a, "option '%s' doesn't allow an argument",
                                 shown);
            a->value = NULL;
        } else if (eq) {
            a->value = eq + 1;
        } else if (a->index < a->argc) {
            a->value = a->argv[a->index++];
        } else {
            return set_error(a, "option '%s' requires an argument", shown);
        }
        a->option = i;
        return o->id;
    }
    return set_error(a, "unknown option '%s'", shown);
}

/* The next option of the cluster in a->bundle ("-hv" gives 'h', then 'v'). */
static int
next_short(pdn_args *a)
{
    char c = *a->bundle++;
    char shown[3] = {'-', c, '\0'};

    for (size_t i = 0; i < a->noptions; i++) {
        const pdn_option *o = &a->options[i];
        if (o->short_name == 0 || o->short_name != c)
            continue;
        a->value = NULL;
        if (o->arg) {
            if (*a->bundle) {
                a->value = a->bundle;
            } else if (a->index < a->argc) {
                a->value = a->argv[a->index++];
            } else {
                a->bundle = NULL;
                return set_error(a, "option '%s' requires an argument", shown);
            }
            a->bundle = NULL;
        }
        if (a->bundle && *a->bundle == '\0')
            a->bundle = NULL;
        a->option = i;
        return o->id;
    }
    a->bundle = NULL;
    return set_error(a, "unknown option '%s'", shown);
}

int
pdn_args_next(pdn_args *a)
{
    if (a->bundle)
        return next_short(a);
    if (a->index >= a->argc)
        return PDN_ARGS_END;

    const char *word = a->argv[a->index++];
    if (a->operands_only || word[0] != '-' || word[1] == '\0' ||
        isdigit((unsigned char)word[1])) {
        a->value = word;
        return PDN_ARGS_OPERAND;
    }
    if (word[1] == '-') {
        if (word[2] == '\0') {
            a->operands_only = true;
            return pdn_args_next(a);
        }
        return next_long(a, word + 2);
    }
    a->bundle = word + 1;
    return next_short(a);
}

bool
pdn_args_json_mode(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0 || strcmp(a, "--format=json") == 0 ||
            strcmp(a, "--to=json") == 0)
            return true;
        if ((strcmp(a, "--format") == 0 || strcmp(a, "--to") == 0) &&
            i + 1 < argc && strcmp(argv[i + 1], "json") == 0)
            return true;
    }
    return false;
}

int
pdn_args_fail(const pdn_cli *cli, const char *cmd, const char *fmt, ...)
{
    va_list ap;
    char message[1024];

    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (cmd)
        fprintf(cli->err, "pdn %s: ", cmd);
    else
        fputs("pdn: ", cli->err);
    fputs(message, cli->err);
    pdn_cli_json_error(cli, NULL, 0, message);
    if (cmd)
        fprintf(cli->err, "\nTry 'pdn %s --help'.\n", cmd);
    else
        fputs("\nTry 'pdn --help'.\n", cli->err);
    return PDN_EXIT_USAGE;
}

int
pdn_args_exclusive(const pdn_cli *cli, const char *cmd, const char *a,
                   const char *b)
{
    return pdn_args_fail(
        cli, cmd, "options '--%s' and '--%s' cannot be used together", a, b);
}

int
pdn_args_in_place(const pdn_cli *cli, const char *cmd, const char *const *files,
                  size_t n)
{
    bool stdin_read = n == 0;
    for (size_t i = 0; i < n; i++)
        stdin_read |= strcmp(files[i], "-") == 0;
    return stdin_read ? pdn_args_fail(cli, cmd,
                                      "'--in-place' needs FILEs: it cannot "
                                      "rewrite standard input")
                      : -1;
}

int
pdn_args_stop(const pdn_cli *cli, const char *cmd, int status, const char *fmt,
              ...)
{
    va_list ap;
    char message[1024];

    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    fprintf(cli->err, "pdn %s: %s\n", cmd, message);
    pdn_cli_json_error(cli, NULL, 0, message);
    return status;
}

void
pdn_args_caret(FILE *f, const char *text, unsigned column)
{
    fprintf(f, "  %s\n  ", text);
    for (unsigned i = 1; i < column; i++)
        fputc(' ', f);
    fputs("^\n", f);
}

int
pdn_args_variant(const pdn_cli *cli, const char *cmd, const char *value,
                 const pdn_variant **out)
{
    const pdn_variant *v = pdn_variant_by_name(value);

    if (!v)
        v = pdn_variant_by_gametype(value);
    if (!v)
        return pdn_args_fail(cli, cmd, "unknown variant '%s'; %s", value,
                             pdn_variant_supported());
    *out = v;
    return 0;
}

int
pdn_args_game_variant(const pdn_cli *cli, const char *cmd, const char *value,
                      const pdn_variant **out, int *unplayed)
{
    char *end;
    long number = strtol(value, &end, 10);
    *unplayed = 0;
    if (!pdn_variant_by_name(value) && !pdn_variant_by_gametype(value) &&
        end != value && !*end && number >= 1 && number <= 99) {
        *unplayed = (int)number;
        return 0;
    }
    return pdn_args_variant(cli, cmd, value, out);
}

int
pdn_args_board(const pdn_cli *cli, const char *cmd, const pdn_variant *v,
               const char *fen, pdn_board *out)
{
    pdn_fen_error e;

    if (!fen) {
        *out = pdn_board_start(v);
        return 0;
    }
    if (pdn_fen_parse(v, fen, strlen(fen), out, &e) == 0)
        return 0;
    fprintf(cli->err, "pdn %s: bad FEN at column %u: %s\n", cmd, e.column,
            e.message);
    pdn_args_caret(cli->err, fen, e.column);
    char message[256];
    snprintf(message, sizeof message, "bad FEN: %s", e.message);
    pdn_cli_json_error(cli, NULL, e.column, message);
    return PDN_EXIT_USAGE;
}

int
pdn_args_map_tag(const pdn_cli *cli, const char *cmd, pdn_tagmap *map,
                 const char *value)
{
    const char *eq = strchr(value, '=');
    char *local;
    int rc;

    if (!eq)
        return pdn_args_fail(
            cli, cmd, "bad --map-tag '%s': expected LOCAL=STANDARD", value);
    local = pdn_xstrndup(value, (size_t)(eq - value));
    rc = pdn_tagmap_add(map, local, eq + 1);
    free(local);
    if (rc < 0)
        return pdn_args_fail(cli, cmd,
                             "bad --map-tag '%s': LOCAL and STANDARD must "
                             "be tag names (a letter, then letters, digits "
                             "or '_')",
                             value);
    return 0;
}

int
pdn_args_number(const pdn_cli *cli, const char *cmd, const char *name,
                const char *value, unsigned long long min,
                unsigned long long max, const char *what,
                unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(value, &end, 10);
    if (*value < '0' || *value > '9' || *end || errno || v < min || v > max) {
        if (what)
            return pdn_args_fail(cli, cmd, "bad --%s '%s': expected %s", name,
                                 value, what);
        return pdn_args_fail(cli, cmd,
                             "bad --%s '%s': expected a number "
                             "from %llu to %llu",
                             name, value, min, max);
    }
    *out = v;
    return 0;
}

/* ---- The configuration file ---- */

int
pdn_args_config(const pdn_cli *cli, const char *cmd, const char *path,
                pdn_config *cfg)
{
    char *fallback = NULL;
    pdn_diags d = PDN_DIAGS_INIT;
    int rc = 0;

    if (!path) {
        fallback = pdn_config_default_path(cli->xdg_config_home, cli->home);
        if (fallback && access(fallback, F_OK) == 0)
            path = fallback;
    }
    if (path && pdn_config_load(cfg, path, &d) != 0) {
        const pdn_diag *x = &d.items[0];
        if (x->at.line)
            fprintf(cli->err, "pdn %s: %s:%u:%u: error: %s\n", cmd, x->file,
                    x->at.line, x->at.col, x->message);
        else
            fprintf(cli->err, "pdn %s: %s: %s\n", cmd, x->file, x->message);
        rc = PDN_EXIT_USAGE;
    }
    pdn_diags_free(&d);
    free(fallback);
    return rc;
}

const pdn_variant *
pdn_args_config_variant(const pdn_config *cfg)
{
    const pdn_variant *v;
    if (!cfg->variant)
        return NULL;
    v = pdn_variant_by_name(cfg->variant);
    return v ? v : pdn_variant_by_gametype(cfg->variant);
}
