/* command.c -- the list of pdn's commands, and what comes from each one's
 * table of options: the reading of its arguments, the options several
 * commands share among them, and its --help.
 */
#include "cli/command.h"
#include "egdb/egdb.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "cli/commands.h"
#include "replay/draw.h"

/* ---- The list ---- */

/* The commands of commands.h's list, in its order. */
static const pdn_command *const all_commands[] = {
#define PDN_COMMAND_ENTRY(name) &pdn_##name##_command,
    PDN_COMMAND_LIST(PDN_COMMAND_ENTRY)
#undef PDN_COMMAND_ENTRY
};

const pdn_command *const *
pdn_commands(size_t *n)
{
    *n = sizeof all_commands / sizeof all_commands[0];
    return all_commands;
}

const pdn_command *
pdn_command_named(const char *name)
{
    for (size_t i = 0; i < sizeof all_commands / sizeof all_commands[0]; i++)
        if (strcmp(all_commands[i]->name, name) == 0)
            return all_commands[i];
    return NULL;
}

/* ---- --help ---- */

/* Appends the label of option @i of @c to @out: "  -v, --variant=V", and
 * ", --unicode" when the option after it shares its line. */
static void
put_label(const pdn_command *c, size_t i, pdn_strbuf *out)
{
    const pdn_option *o = &c->options[i];

    if (o->short_name)
        pdn_strbuf_printf(out, "  -%c, --%s", o->short_name, o->name);
    else
        pdn_strbuf_printf(out, "      --%s", o->name);
    if (o->arg)
        pdn_strbuf_printf(out, "=%s", o->arg);
    for (size_t j = i + 1; j < c->noptions && !c->options[j].help; j++) {
        pdn_strbuf_printf(out, ", --%s", c->options[j].name);
        if (c->options[j].arg)
            pdn_strbuf_printf(out, "=%s", c->options[j].arg);
    }
}

/* The column the options' help starts at: c->column, else two after the
 * longest label. */
static size_t
help_column(const pdn_command *c)
{
    pdn_strbuf label = PDN_STRBUF_INIT;
    size_t widest = 0;

    if (c->column)
        return c->column;
    for (size_t i = 0; i < c->noptions; i++) {
        if (!c->options[i].help)
            continue;
        pdn_strbuf_clear(&label);
        put_label(c, i, &label);
        if (label.len > widest)
            widest = label.len;
    }
    pdn_strbuf_free(&label);
    return widest + 2;
}

void
pdn_command_help(const pdn_command *c, pdn_strbuf *out)
{
    size_t column = help_column(c);

    pdn_strbuf_printf(out, "Usage: pdn %s %s\n", c->name, c->usage);
    pdn_strbuf_puts(out, c->about);
    pdn_strbuf_puts(out, "\nOptions:\n");
    for (size_t i = 0; i < c->noptions; i++) {
        const char *line = c->options[i].help;
        if (!line)
            continue;
        size_t start = out->len;
        put_label(c, i, out);
        size_t width = out->len - start;
        /* The help at the column, or two spaces after a longer label. */
        for (size_t pad = width < column ? column - width : 2; pad; pad--)
            pdn_strbuf_putc(out, ' ');
        for (;;) {
            const char *end = strchr(line, '\n');
            size_t len = end ? (size_t)(end - line) : strlen(line);
            pdn_strbuf_put(out, line, len);
            pdn_strbuf_putc(out, '\n');
            if (!end)
                break;
            line = end + 1;
            for (size_t pad = column; pad; pad--)
                pdn_strbuf_putc(out, ' ');
        }
    }
    if (c->more[0]) {
        pdn_strbuf_putc(out, '\n');
        pdn_strbuf_puts(out, c->more);
    }
}

/* ---- Arguments ---- */

/* The words of @choices, "a, b or c", appended to @out. */
static void
put_expected(const char *choices, pdn_strbuf *out)
{
    for (const char *p = choices; *p;) {
        size_t n = strcspn(p, " ");
        bool last = !p[n];
        pdn_strbuf_puts(out, p == choices ? "" : last ? " or " : ", ");
        pdn_strbuf_put(out, p, n);
        p += n + !last;
    }
}

/* Reads @value of option @o by its choices into g->n: the index of the
 * word among them it is, or the number in their range "MIN..MAX" or
 * "MIN..MAX NOUN" (no MAX: no bound but LONG_MAX); 0 when it has no
 * choices, or names those of a table ("@variant").  Returns 0, or the
 * exit status of a usage error it printed. */
static int
read_value(const pdn_cli *cli, const pdn_command *c, const pdn_option *o,
           pdn_given *g)
{
    const char *ch = o->choices;
    char *end;

    g->n = 0;
    if (!ch || ch[0] == '@')
        return 0;
    if (!pdn_choices_range(ch)) {
        size_t len = strlen(g->value);
        unsigned long long index = 0;
        for (const char *p = ch; *p; index++) {
            size_t n = strcspn(p, " ");
            if (n == len && strncmp(p, g->value, n) == 0) {
                g->n = index;
                return 0;
            }
            p += n + (p[n] == ' ');
        }
        pdn_strbuf expected = PDN_STRBUF_INIT;
        put_expected(ch, &expected);
        pdn_args_fail(cli, c->name, "bad --%s '%s': expected %s", o->name,
                      g->value, expected.ptr);
        pdn_strbuf_free(&expected);
        return PDN_EXIT_USAGE;
    }
    unsigned long long min = strtoull(ch, &end, 10);
    end += 2; /* ".." */
    bool bounded = *end >= '0' && *end <= '9';
    unsigned long long max = bounded ? strtoull(end, &end, 10) : LONG_MAX;
    const char *noun = *end == ' ' ? end + 1 : NULL;
    char what[96];
    if (noun && bounded)
        snprintf(what, sizeof what, "a number of %s from %llu to %llu", noun,
                 min, max);
    else
        snprintf(what, sizeof what, "a number of %s, %llu or more",
                 noun ? noun : "", min);
    return pdn_args_number(cli, c->name, o->name, g->value, min, max,
                           noun || !bounded ? what : NULL, &g->n)
               ? PDN_EXIT_USAGE
               : 0;
}

/* Reads --shard I/N into @s; returns 0, or -1 if it is not 1 <= I <= N. */
static int
read_shard(pdn_shared *s, const char *value)
{
    char *end;
    unsigned long long i = strtoull(value, &end, 10);
    if (end == value || *end != '/' || *value < '0' || *value > '9')
        return -1;
    const char *rest = end + 1;
    unsigned long long n = strtoull(rest, &end, 10);
    if (end == rest || *end || *rest < '0' || *rest > '9' || i < 1 || n < 1 ||
        i > n)
        return -1;
    s->shard = i;
    s->shards = n;
    return 0;
}

/* Reads the shared option @g into @s; returns 0 or the exit status of a
 * usage error. */
static int
shared_option(const pdn_cli *cli, const pdn_command *c, const pdn_given *g,
              pdn_shared *s)
{
    switch (g->id) {
    case PDN_OPT_VARIANT:
        s->variant_name = g->value;
        s->variant = NULL;
        s->unplayed = 0;
        s->variant_auto = (c->flags & PDN_COMMAND_VARIANT_AUTO) &&
                          strcmp(g->value, "auto") == 0;
        if (s->variant_auto)
            return 0;
        if (c->flags & PDN_COMMAND_GAMES)
            return pdn_args_game_variant(cli, c->name, g->value, &s->variant,
                                         &s->unplayed);
        return pdn_args_variant(cli, c->name, g->value, &s->variant);
    case PDN_OPT_FEN:
        s->fen = g->value;
        return 0;
    case PDN_OPT_MAP_TAG:
        return pdn_args_map_tag(cli, c->name, s->tagmap, g->value);
    case PDN_OPT_CONFIG:
        s->config = g->value;
        return 0;
    case PDN_OPT_JOBS:
        s->jobs = (long)g->n;
        return 0;
    case PDN_OPT_HASH:
        s->hash_mb = (size_t)g->n;
        return 0;
    case PDN_OPT_SHARD:
        if (read_shard(s, g->value) != 0)
            return pdn_args_fail(cli, c->name,
                                 "--shard takes I/N with 1 <= I <= N, "
                                 "not '%s'",
                                 g->value);
        return 0;
    case PDN_OPT_DRAW_RULE:
        if (!pdn_draw_rule_by_name(g->value))
            return pdn_args_fail(cli, c->name,
                                 "bad --draw-rule '%s': expected one of %s",
                                 g->value, pdn_draw_rule_names());
        s->draw_rule = g->value;
        return 0;
    case PDN_OPT_EGDB:
        s->egdb = g->value;
        s->no_egdb = false;
        return 0;
    case PDN_OPT_NO_EGDB:
        s->egdb = NULL;
        s->no_egdb = true;
        return 0;
    default: /* PDN_OPT_JSON, PDN_OPT_QUIET, PDN_OPT_STRICT */
        s->json |= g->id == PDN_OPT_JSON;
        s->quiet |= g->id == PDN_OPT_QUIET;
        s->strict |= g->id == PDN_OPT_STRICT;
        return 0;
    }
}

/* Checks the count of @s's operands against what the usage of @c names
 * after "[OPTION]...": "X" one that must be there, "[X]" one that may,
 * "[X]..." any number.  Returns -1, or prints "missing X" or "unexpected
 * argument 'Y'" and returns the exit status of a usage error. */
static int
count_operands(const pdn_cli *cli, const pdn_command *c, const pdn_shared *s)
{
    const char *p = strstr(c->usage, "[OPTION]...");
    size_t must = 0, most = 0;
    bool any = false;

    for (p = p ? p + 11 : c->usage; *p;) {
        size_t n = strcspn(p, " ");
        if (n == 0) {
            p++;
            continue;
        }
        if (p[0] != '[' && s->noperands == must)
            return pdn_args_fail(cli, c->name, "missing %.*s", (int)n, p);
        must += p[0] != '[';
        most++;
        any |= n > 3 && strncmp(p + n - 3, "...", 3) == 0;
        p += n;
    }
    if (!any && s->noperands > most)
        return pdn_args_fail(cli, c->name, "unexpected argument '%s'",
                             s->operands[most]);
    return -1;
}

/* PDN_COMMAND_POSITION: the position of @s's --fen when @c takes --fen,
 * else of its first operand, else the start.  Returns -1, or the exit
 * status of a bad FEN it printed. */
static int
read_position(const pdn_cli *cli, const pdn_command *c, pdn_shared *s)
{
    bool takes_fen = false;

    for (size_t i = 0; i < c->noptions; i++)
        takes_fen |= c->options[i].id == PDN_OPT_FEN;
    const char *fen = takes_fen ? s->fen : s->noperands ? s->operands[0] : NULL;
    if (!s->variant)
        s->variant = pdn_variant_default();
    return pdn_args_board(cli, c->name, s->variant, fen, &s->board)
               ? PDN_EXIT_USAGE
               : -1;
}

/* Stores option @o, given as @g, at its place in @ctx (PDN_OPTION_INTO()). */
static void
store_option(const pdn_option *o, const pdn_given *g, void *ctx)
{
    char *field = (char *)ctx + o->at;

    switch (o->into) {
    case PDN_INTO_TEXT:
        *(const char **)field = g->value;
        break;
    case PDN_INTO_INT:
        *(int *)field = (int)g->n;
        break;
    case PDN_INTO_COUNT:
        *(uint64_t *)field = g->n;
        break;
    default: /* PDN_INTO_BOOL */
        *(bool *)field = !o->choices || g->n != 0;
    }
}

int
pdn_command_args(const pdn_cli *cli, const pdn_command *c, int argc,
                 char **argv, pdn_shared *s, pdn_own_option_fn own, void *ctx)
{
    pdn_args a;
    pdn_given g;
    int rc;

    memset(s, 0, sizeof *s);
    s->operands = pdn_xcalloc(argc > 0 ? (size_t)argc : 1, sizeof(char *));
    s->tagmap = pdn_tagmap_new();
    pdn_args_init(&a, argc, argv, c->options, c->noptions);
    while ((g.id = pdn_args_next(&a)) != PDN_ARGS_END) {
        g.value = a.value;
        if (g.id == PDN_ARGS_ERROR)
            return pdn_args_fail(cli, c->name, "%s", a.error);
        if (g.id == PDN_ARGS_OPERAND) {
            s->operands[s->noperands++] = a.value;
            continue;
        }
        if (g.id == PDN_OPT_HELP) {
            pdn_strbuf text = PDN_STRBUF_INIT;
            pdn_command_help(c, &text);
            fwrite(text.ptr, 1, text.len, cli->out);
            pdn_strbuf_free(&text);
            return PDN_EXIT_OK;
        }
        const pdn_option *o = &c->options[a.option];
        if (g.value && (rc = read_value(cli, c, o, &g)))
            return rc;
        if (o->into) {
            store_option(o, &g, ctx);
            continue;
        }
        rc = g.id < PDN_OPT_OWN ? shared_option(cli, c, &g, s)
             : own              ? own(cli, &g, ctx)
                                : 0;
        if (rc > 0)
            return rc;
    }
    if ((rc = count_operands(cli, c, s)) >= 0 ||
        !(c->flags & PDN_COMMAND_POSITION))
        return rc;
    return read_position(cli, c, s);
}

/* The reading of @s's FILEs for @cmd, what is done with the games
 * left to the caller. */
static pdn_read_job
reading_of(const pdn_shared *s, const char *cmd, bool keep_raw, void *ctx)
{
    return (pdn_read_job){.cmd = cmd,
                          .files = s->operands,
                          .nfiles = s->noperands,
                          .tagmap = s->tagmap,
                          .quiet = s->quiet,
                          .strict = s->strict,
                          .keep_raw = keep_raw,
                          .ctx = ctx};
}

int
pdn_shared_read(const pdn_cli *cli, const pdn_shared *s, const char *cmd,
                bool keep_raw, pdn_game_fn each, void *ctx, pdn_read_job *rj)
{
    *rj = reading_of(s, cmd, keep_raw, ctx);
    rj->each = each;
    return pdn_read_files(cli, rj);
}

int
pdn_shared_read_work(const pdn_cli *cli, const pdn_shared *s, const char *cmd,
                     bool keep_raw, pdn_read_work *w, void *ctx,
                     pdn_read_job *rj)
{
    *rj = reading_of(s, cmd, keep_raw, ctx);
    rj->work = w;
    w->jobs = s->jobs > 0 ? s->jobs : 1;
    return pdn_read_files(cli, rj);
}

bool
pdn_shard_next(pdn_shard_picker *p)
{
    const pdn_shared *s = p->args;
    uint64_t n = ++p->seen;
    return !s->shards || (n - 1) % s->shards == s->shard - 1;
}

bool
pdn_shard_pick(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    (void)cli, (void)g, (void)d;
    return pdn_shard_next(ctx);
}

void
pdn_shared_free(pdn_shared *s)
{
    free(s->operands);
    pdn_tagmap_free(s->tagmap);
    s->operands = NULL;
    s->tagmap = NULL;
}

void
pdn_command_lost_game_text(const char *cmd, const pdn_game *g, pdn_strbuf *out)
{
    pdn_strbuf_printf(out,
                      "pdn %s: %s:%u: cannot write game %llu as read: its text "
                      "could not be kept\n",
                      cmd, g->file, g->start.line,
                      (unsigned long long)g->number);
}

void
pdn_command_lost_game(const pdn_cli *cli, const char *cmd, const pdn_game *g)
{
    pdn_strbuf text = PDN_STRBUF_INIT;
    pdn_command_lost_game_text(cmd, g, &text);
    fputs(text.ptr, cli->err);
    pdn_strbuf_free(&text);
}

int
pdn_command_egdb(const pdn_cli *cli, const char *cmd, const char *dir,
                 const pdn_variant *v, bool required, pdn_egdb **out)
{
    char path[4096];
    pdn_egdb_error err;

    *out = NULL;
    if (dir && strcmp(dir, "none") == 0)
        return 0;
    if (!dir) {
        if (!pdn_egdb_default_dir(v, cli->xdg_data_home, cli->home, path,
                                  sizeof path))
            return 0;
        dir = path;
    }
    *out = pdn_egdb_open(v, dir, &err);
    if (!*out && required)
        return pdn_args_stop(cli, cmd, PDN_EXIT_USAGE, "--egdb: %s",
                             err.message);
    return 0;
}

int
pdn_command_egdb_all(const pdn_cli *cli, const char *cmd, const char *dir,
                     pdn_egdb *out[3])
{
    bool any = false;
    for (int id = 0; id < 3; id++) {
        pdn_command_egdb(cli, cmd, dir, pdn_variant_get((pdn_variant_id)id),
                         false, &out[id]);
        any |= out[id] != NULL;
    }
    if (dir && strcmp(dir, "none") != 0 && !any)
        return pdn_args_stop(cli, cmd, PDN_EXIT_USAGE,
                             "--egdb: %s holds no endgame database (pdn egdb"
                             " build makes one)",
                             dir);
    return -1;
}
