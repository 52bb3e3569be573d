/* cmd_check.c -- pdn check: every game read (syntax/reader.h) and replayed
 * against the rules (replay/replay.h); each diagnostic reported, compiler
 * style or as JSON Lines, then a summary (archive/check_tally.h).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "archive/check_tally.h"
#include "base/clock.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "egdb/egdb.h"
#include "cli/commands.h"
#include "config/config.h"
#include "stream/reading.h"
#include "replay/draw.h"
#include "replay/replay.h"
#include "syntax/reader.h"
#include "write/json_out.h"

#define CMD "check"

enum {
    OPT_MIN_SEVERITY = PDN_OPT_OWN,
    OPT_SEVERITY,
    OPT_DISABLE,
};

typedef struct check_job {
    pdn_shared args; /* the shared options and the FILEs */
    const pdn_variant *variant;
    bool variant_set;      /* by --variant */
    int unplayed;          /* --variant N, a GameType not played */
    bool auto_variant;     /* --variant auto: each FILE's, from its games */
    const char *draw_rule; /* NULL: each variant's own */
    bool automatic_draws;
    pdn_replay_options replay; /* the three above, set once: read for
                                  every game */
    pdn_config cfg;            /* the file's settings under the options' */
    pdn_config opts;           /* --severity and --disable alone */
    bool json, quiet, colour;
    bool strict;               /* --strict: the standard's grammar only */
    bool all_notes;            /* --notes: every note in full */
    pdn_severity min_severity; /* --min-severity: less is not shown */
    const char **files;        /* args's operands */
    size_t nfiles;
    uint64_t shard, shards; /* --shard I/N: games I, I+N, ... (1-based) */
    uint64_t seen;          /* games read, all files together */
    pdn_check_tally tally;  /* the verdicts counted, the notes grouped */
    pdn_egdb *egdb[3];      /* endgame databases by variant id, or NULL */
    long jobs;              /* --jobs: threads in all */
    const pdn_cli *cli;
    pdn_strbuf buf;
} check_job;

static const pdn_option check_options[] = {
    PDN_OPTION_VARIANT("the variant of games without a GameType tag:\n"
                       "italian (the default), spanish, english, or a\n"
                       "GameType (22, 24, 21; one not played, such as\n"
                       "20: read, not replayed); auto: each FILE's,\n"
                       "the one its games replay under",
                       PDN_VARIANT_CHOICES " auto"),
    PDN_OPTION_INTO("format", 0, "FORMAT",
                    "text (compiler style, the default) or json\n"
                    "(JSON Lines: one object a diagnostic, then a\n"
                    "summary object)",
                    "text json", check_job, json),
    PDN_OPTION_QUIET("print only the summary"),
    PDN_OPTION_STRICT("read each game as the PDN 3.0 standard's\n"
                      "reading grammar defines it: what goes beyond\n"
                      "it is an error (E0112) at its place"),
    PDN_OPTION_SET("notes",
                   "print every note in full (text output groups\n"
                   "them: one line a code, its count and first)",
                   check_job, all_notes),
    PDN_OPTION("min-severity", 0, "LEVEL", OPT_MIN_SEVERITY,
               "print only diagnostics of LEVEL or worse:\n"
               "note (the default), warning or error",
               "note warning error"),
    PDN_OPTION_MAP_TAG("read tag name L as standard tag S"),
    PDN_OPTION_DRAW_RULE("the draw rule: standard, short, fid-2008,\n"
                         "spanish, english, luciano (default: the\n"
                         "variant's own)"),
    PDN_OPTION_SET("automatic-draws",
                   "draws are automatic, not claimed: report play\n"
                   "that goes on past one",
                   check_job, automatic_draws),
    PDN_OPTION("severity", 0, "CODE=LEVEL", OPT_SEVERITY,
               "report CODE (W0204 or 204) as LEVEL:\n"
               "error, warning, note or off (repeatable)",
               NULL),
    PDN_OPTION("disable", 0, "CODE", OPT_DISABLE,
               "the same as --severity=CODE=off", NULL),
    PDN_OPTION_CONFIG("read settings from FILE instead of\n"
                      "$XDG_CONFIG_HOME/pdn/config.yaml (see\n"
                      "pdn-config(5)); options override it"),
    PDN_OPTIONS_EGDB,
    PDN_OPTION_JOBS("check games in N threads (default: one a core);\n"
                    "the output is that of one, in input order"),
    PDN_OPTION_SHARD("check only games I, I+N, I+2N... (counted over\n"
                     "all the FILEs), to split an archive between\n"
                     "machines"),
    PDN_OPTION_HELP,
};

static const char check_about[] =
    "Read each FILE (standard input when none, or '-') game by game, replay\n"
    "every move of every line against the rules, and report each reading"
    " error,\n"
    "illegal or ambiguous move, with the rule that forbids it and the legal\n"
    "moves, then a summary.\n";

static const char check_more[] =
    "Results are checked against the end of the main line and the Result"
    " tag,\n"
    "and the tags of the Seven-Tag Roster, Date and PlyCount are checked.\n"
    "\n"
    "Exit status: 0 no error found, 1 errors found, 2 usage error or a FILE\n"
    "that cannot be opened or read.\n"
    "\n"
    "Examples:\n"
    "  pdn check games.pdn\n"
    "  pdn check --format json --variant english games.pdn\n";

/* Whether the game just read (job->seen) is one of this shard's
 * (--shard given). */
static bool
in_shard(const check_job *job)
{
    return (job->seen - 1) % job->shards == job->shard - 1;
}

/* Keeps in @d what this shard reports of the game just read: its own
 * diagnostics when @mine, and those of no game (a file's encoding note,
 * met while reading whichever game) in the first shard only, so that the
 * shards together report each once. */
static void
keep_shard_diags(const check_job *job, pdn_diags *d, bool mine)
{
    size_t keep = 0;
    for (size_t i = 0; i < d->count; i++) {
        pdn_diag tmp = d->items[i];
        if (tmp.game == 0 ? job->shard == 1 : mine) {
            d->items[i] = d->items[keep];
            d->items[keep++] = tmp;
        }
    }
    pdn_diags_truncate(d, keep);
}

/* "game N starts here: White - Black, Event" for the diagnostics of @g
 * from @first on.  The number is the diagnostic's game, written with the
 * note (note_game): the games of a part of a file read by a thread are
 * numbered after those before only once these are read (turns.c). */
static void
name_game(const pdn_game *g, pdn_diags *d, size_t first)
{
    const char *white = pdn_game_tag(g, "White");
    const char *black = pdn_game_tag(g, "Black");
    const char *event = pdn_game_tag(g, "Event");
    pdn_strbuf note = PDN_STRBUF_INIT;
    pdn_strbuf_puts(&note, "starts here");
    if (white || black)
        pdn_strbuf_printf(&note, ": %s - %s", white ? white : "?",
                          black ? black : "?");
    if (event && *event)
        pdn_strbuf_printf(&note, "%s%s", white || black ? ", " : ": ", event);
    for (size_t i = first; i < d->count; i++) {
        pdn_diag *x = &d->items[i];
        if (x->game != g->number || !g->start.line ||
            x->at.line == g->start.line)
            continue; /* on the game's first line: the note says nothing */
        free(x->note);
        x->note = pdn_xstrndup(note.ptr, note.len);
        x->note_at = g->start;
        x->note_game = true;
    }
    pdn_strbuf_free(&note);
}

/* Replays @g and adds its diagnostics to @d (which may already hold its
 * reading diagnostics), with the severities of the configuration.  Reads
 * @job and nothing else: the jobs of --jobs call it at once. */
static pdn_check_verdict
check_game(const check_job *job, const pdn_game *g, pdn_diags *d)
{
    size_t first = 0;
    while (first < d->count && d->items[first].game != g->number)
        first++;
    pdn_replay_result res = {0};
    pdn_check_verdict v = {.sound = true};
    if (!g->errors) {
        pdn_replay_game(g, &job->replay, d, &res);
        /* Sound means every move read and replayed, and the result
           checked against them. */
        v.not_replayed = !res.variant;
        v.no_moves = res.variant && res.unbacked;
        v.sound = !v.not_replayed && !v.no_moves;
        v.other = res.other;
    }
    if (!d->count_only)
        name_game(g, d, first);
    /* Sound: no error once the severities are overridden. */
    pdn_config_apply(&job->cfg, d);
    for (size_t i = first; i < d->count; i++)
        if (d->items[i].severity == PDN_SEV_ERROR)
            v.sound = false;
    v.notes = d->notes;
    return v;
}

/* pdn_read_work.pick: whether the game just read is this shard's (in file
 * order, as the games are read). */
static bool
pick_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    check_job *job = ctx;
    (void)cli;
    (void)g;
    job->seen++;
    bool mine = in_shard(job);
    keep_shard_diags(job, d, mine);
    if (!mine)
        return false;
    job->tally.checked++;
    return true;
}

/* pdn_read_work.work: the verdict on @g, packed
 * (pdn_check_verdict_pack()).  The jobs of --jobs call it at once. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    (void)cli, (void)out;
    pdn_check_verdict v = check_game(ctx, g, d);
    return pdn_check_verdict_pack(&v);
}

/* pdn_read_work.done: the verdict counted, in file order. */
static void
count_verdict(const pdn_cli *cli, long value, const char *file,
              const pdn_strbuf *out, void *ctx)
{
    check_job *job = ctx;
    (void)cli, (void)out;
    pdn_check_tally_add(&job->tally, file, value);
}

/* pdn_read_job.adjust: the overrides, for diagnostics outside games. */
static void
adjust(pdn_diags *d, void *ctx)
{
    check_job *job = ctx;
    pdn_config_apply(&job->cfg, d);
}

/* One diagnostic as a JSON object on a line. */
static void
json_diag(const pdn_cli *cli, const pdn_diag *d, void *ctx)
{
    check_job *job = ctx;
    if (d->severity < job->min_severity)
        return;
    pdn_strbuf *b = &job->buf;
    char code[8];
    pdn_code_format(d->code, code);
    pdn_strbuf_clear(b);
    pdn_strbuf_puts(b, "{\"file\":");
    pdn_json_string(d->file, strlen(d->file), b);
    pdn_strbuf_printf(b, ",\"line\":%u,\"column\":%u,\"game\":%" PRIu64,
                      d->at.line, d->at.col, d->game);
    if (d->ply)
        pdn_strbuf_printf(b, ",\"ply\":%u", d->ply);
    else
        pdn_strbuf_puts(b, ",\"ply\":null");
    pdn_strbuf_printf(b, ",\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
                      pdn_severity_name(d->severity), code);
    pdn_json_string(d->message, strlen(d->message), b);
    pdn_strbuf_puts(b, ",\"move\":");
    if (d->move)
        pdn_json_string(d->move, strlen(d->move), b);
    else
        pdn_strbuf_puts(b, "null");
    pdn_strbuf_puts(b, ",\"legal\":");
    if (d->legal) {
        /* "a, b" as ["a","b"] */
        pdn_strbuf_putc(b, '[');
        const char *p = d->legal;
        while (*p) {
            size_t n = strcspn(p, ",");
            pdn_json_string(p, n, b);
            p += n;
            if (*p == ',') {
                pdn_strbuf_putc(b, ',');
                p += 1 + strspn(p + 1, " ");
            }
        }
        pdn_strbuf_putc(b, ']');
    } else {
        pdn_strbuf_puts(b, "null");
    }
    pdn_strbuf_puts(b, "}\n");
    fwrite(b->ptr, 1, b->len, cli->out);
}

/* A diagnostic in compiler style, on standard output; a note is grouped
 * with those of its code unless --notes. */
static void
text_diag(const pdn_cli *cli, const pdn_diag *d, void *ctx)
{
    check_job *job = ctx;
    if (d->severity < job->min_severity)
        return;
    if (d->severity == PDN_SEV_NOTE && !job->all_notes &&
        d->code != PDN_N_AUTO_VARIANT) { /* that one is a file's, in full */
        pdn_check_tally_group_note(&job->tally, d);
        return;
    }
    pdn_strbuf_clear(&job->buf);
    pdn_diag_render(d, job->colour, &job->buf);
    fwrite(job->buf.ptr, 1, job->buf.len, cli->out);
}

/* --severity CODE=LEVEL, or with @level, --disable CODE.  Returns 0 or
 * the exit status of a usage error. */
static int
read_severity(const pdn_cli *cli, check_job *job, const char *value,
              const char *level)
{
    const char *eq = level ? NULL : strchr(value, '=');
    char code_text[16], suggest[8];
    pdn_severity s;
    int code;

    if (!level && !eq)
        return pdn_args_fail(cli, CMD, "--severity %s: expected CODE=LEVEL",
                             value);
    snprintf(code_text, sizeof code_text, "%.*s",
             (int)(eq ? (size_t)(eq - value) : strlen(value)), value);
    if (!level)
        level = eq + 1;
    if (pdn_config_parse_code(code_text, &code, suggest) != 0)
        return pdn_args_fail(cli, CMD, "unknown code '%s' (did you mean %s?)",
                             code_text, suggest);
    if (pdn_config_parse_level(level, &s) != 0)
        return pdn_args_fail(cli, CMD,
                             "unknown severity '%s' (error, warning, note "
                             "or off)",
                             level);
    pdn_config_set_severity(&job->opts, code, s);
    return 0;
}

/* pdn_own_option_fn: --min-severity, --severity and --disable. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    /* In the order of --min-severity's choices. */
    static const pdn_severity levels[] = {PDN_SEV_NOTE, PDN_SEV_WARNING,
                                          PDN_SEV_ERROR};
    check_job *job = ctx;

    if (g->id == OPT_MIN_SEVERITY) {
        job->min_severity = levels[g->n];
        return 0;
    }
    return read_severity(cli, job, g->value,
                         g->id == OPT_DISABLE ? "off" : NULL);
}

/* Reads the command line; -1 to go on, else the exit status. */
static int
read_args(const pdn_cli *cli, int argc, char **argv, check_job *job)
{
    pdn_shared *s = &job->args;
    int rc = pdn_command_args(cli, &pdn_check_command, argc, argv, s,
                              own_option, job);

    job->variant_set = s->variant_name != NULL;
    job->variant = s->variant ? s->variant : pdn_variant_default();
    job->unplayed = s->unplayed;
    job->auto_variant = s->variant_auto;
    job->draw_rule = s->draw_rule;
    job->quiet = s->quiet;
    job->strict = s->strict;
    job->files = s->operands;
    job->nfiles = s->noperands;
    job->shard = s->shard;
    job->shards = s->shards;
    job->jobs = s->jobs;
    if (rc >= 0)
        return rc;
    if (job->auto_variant && job->shards)
        return pdn_args_fail(cli, CMD,
                             "'--variant auto' and '--shard' cannot "
                             "be used together");
    bool stdin_read = job->nfiles == 0; /* no FILE: standard input */
    for (size_t i = 0; i < job->nfiles; i++)
        stdin_read |= strcmp(job->files[i], "-") == 0;
    if (job->auto_variant && stdin_read)
        return pdn_args_fail(cli, CMD,
                             "'--variant auto' needs FILEs: "
                             "standard input cannot be read twice");
    return -1;
}

/* pdn_replay_value_fn: the value of @b in the endgame database of @v,
 * if there is one (probing is safe from every job at once). */
static int
egdb_value(void *ctx, const pdn_variant *v, const pdn_board *b)
{
    const check_job *job = ctx;
    pdn_egdb *db = job->egdb[v->id];
    if (!db || !pdn_egdb_reaches(db, b))
        return 0;
    return (int)pdn_egdb_probe(db, b);
}

/* Reads --config FILE, else the default file if there is one, under the
 * options: -1 to go on, else the exit status. */
static int
read_config(const pdn_cli *cli, check_job *job)
{
    if (pdn_args_config(cli, CMD, job->args.config, &job->cfg) != 0)
        return PDN_EXIT_USAGE;
    pdn_config_merge(&job->cfg, &job->opts);
    if (!job->variant_set && job->cfg.variant)
        job->variant = pdn_args_config_variant(&job->cfg);
    if (!job->draw_rule)
        job->draw_rule = job->cfg.draw_rule;
    if (!job->automatic_draws)
        job->automatic_draws = job->cfg.automatic_draws;
    job->replay = (pdn_replay_options){.variant = job->variant,
                                       .unplayed = job->unplayed,
                                       .draw_rule = job->draw_rule,
                                       .automatic_draw = job->automatic_draws,
                                       .value = egdb_value,
                                       .value_ctx = job};
    return pdn_command_egdb_all(
        cli, CMD, job->args.no_egdb ? "none" : job->args.egdb, job->egdb);
}

/* Games of a file that --variant auto looks at to choose its variant. */
#define AUTO_SAMPLE 200

/* --variant auto: the variant under which most of the first AUTO_SAMPLE
 * games of FILE @path without a GameType tag replay legally (the default
 * when none does, or on a tie), said in a note at the file (N0221).
 * NULL when @path cannot be opened (said when it is checked). */
static const pdn_variant *
auto_variant(const pdn_cli *cli, check_job *job, pdn_read_job *rj,
             const char *path)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    pdn_reader_options ro = {.tagmap = job->args.tagmap};
    pdn_reader *r = pdn_reader_new(path, in, &ro);
    uint64_t clean[PDN_VARIANT_COUNT] = {0}, looked = 0;
    pdn_diags d = PDN_DIAGS_INIT, quiet = PDN_DIAGS_INIT;
    quiet.count_only = true;
    pdn_game *g;
    while (looked < AUTO_SAMPLE && pdn_reader_next(r, &g, &d) > 0) {
        pdn_diags_clear(&d);
        if (!g->errors && g->moves && !pdn_game_tag(g, "GameType")) {
            looked++;
            for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
                pdn_replay_options o = {.variant =
                                            pdn_variant_get((pdn_variant_id)id),
                                        .moves_only = true};
                pdn_replay_result res;
                clean[id] +=
                    pdn_replay_game(g, &o, &quiet, &res) == 0 && res.plies > 0;
                pdn_diags_clear(&quiet);
            }
        }
        pdn_reader_recycle(r, g);
    }
    pdn_reader_free(r);
    fclose(in);
    const pdn_variant *best = job->variant;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++)
        if (clean[id] > clean[best->id])
            best = pdn_variant_get((pdn_variant_id)id);
    pdn_loc at = {0, 0, 0};
    char counts[160] = "";
    for (int id = 0, n = 0; id < PDN_VARIANT_COUNT; id++)
        n += snprintf(counts + n, sizeof counts - (size_t)n,
                      "%s%" PRIu64 " %sas %s", id ? ", " : "", clean[id],
                      id ? "" : "replay ",
                      pdn_variant_get((pdn_variant_id)id)->adjective);
    pdn_diags_add(&d, PDN_SEV_NOTE, PDN_N_AUTO_VARIANT, path, at, 0,
                  "--variant auto: read as %s: of the first %" PRIu64
                  " game%s without a GameType tag, %s",
                  best->title, looked, pdn_args_plural(looked), counts);
    job->tally.notes += d.notes;
    pdn_read_report(cli, rj, &d, job->colour, &job->buf);
    pdn_diags_free(&d);
    pdn_diags_free(&quiet);
    return best;
}

/* Checks the FILEs one at a time, each under the variant --variant auto
 * chooses for it; returns the worst status. */
static int
check_auto(const pdn_cli *cli, check_job *job, pdn_read_job *rj)
{
    int rc = PDN_EXIT_OK;
    const char **files = job->files;
    for (size_t i = 0; i < job->nfiles; i++) {
        const pdn_variant *v = auto_variant(cli, job, rj, files[i]);
        job->replay.variant = v ? v : job->variant;
        rj->files = &files[i];
        rj->nfiles = 1;
        int got = pdn_read_files(cli, rj);
        rc = got > rc ? got : rc;
    }
    return rc;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    check_job job = {.buf = PDN_STRBUF_INIT};
    pdn_read_job rj = {.cmd = CMD};
    pdn_read_work work = {.work = work_game, .done = count_verdict};
    int rc;

    pdn_config_init(&job.cfg);
    pdn_config_init(&job.opts);
    rc = read_args(cli, argc, argv, &job);
    if (rc < 0)
        rc = read_config(cli, &job);

    if (rc < 0) {
        struct timespec t0;
        pdn_clock_start(&t0);
        job.colour = pdn_cli_colour(cli) && isatty(fileno(cli->out));
        rj.files = job.files;
        rj.nfiles = job.nfiles;
        rj.tagmap = job.args.tagmap;
        rj.quiet = job.quiet;
        rj.strict = job.strict;
        rj.count_only = job.quiet;
        /* The games' text serves the source lines of the diagnostics,
         * which --quiet does not show. */
        rj.keep_raw = !job.quiet;
        rj.work = &work;
        rj.on_diag = job.json ? json_diag : text_diag;
        rj.adjust = adjust;
        rj.ctx = &job;
        rj.progress = true; /* only on a terminal, for big files */
        job.cli = cli;
        if (!job.jobs) {
            long cores = sysconf(_SC_NPROCESSORS_ONLN);
            job.jobs = cores < 1 ? 1 : cores > 256 ? 256 : cores;
        }
        work.jobs = job.jobs;
        /* Every game is this run's unless it is a shard: with no pick,
           the threads work on each game as soon as they have read it. */
        if (job.shards)
            work.pick = pick_game;
        rc = job.auto_variant ? check_auto(cli, &job, &rj)
                              : pdn_read_files(cli, &rj);
        if (!job.shards)
            job.tally.checked = rj.games;
        pdn_strbuf_clear(&job.buf);
        if (!job.json)
            pdn_check_tally_write_notes(&job.tally, &job.buf);
        pdn_check_tally_write_summary(&job.tally, job.json, rj.errors,
                                      rj.warnings, pdn_clock_since(&t0),
                                      &job.buf);
        fwrite(job.buf.ptr, 1, job.buf.len, cli->out);
    }
    pdn_strbuf_free(&job.buf);
    pdn_check_tally_fini(&job.tally);
    for (int id = 0; id < 3; id++)
        pdn_egdb_close(job.egdb[id]);
    pdn_shared_free(&job.args);
    pdn_config_fini(&job.cfg);
    pdn_config_fini(&job.opts);
    return rc;
}

PDN_COMMAND(check,
            "replay every game against the rules, report each illegal move",
            "[OPTION]... [FILE]...", check_about, 25, check_more,
            PDN_COMMAND_GAMES | PDN_COMMAND_VARIANT_AUTO, "@file");
