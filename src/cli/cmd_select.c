/* cmd_select.c -- pdn select: the games of FILE... that meet every
 * criterion (archive/criteria.h), written as they were read (or, with
 * --fmt, in the canonical form of pdn fmt; with --format json, as pdn
 * parse --json writes them), counted, or listed.
 */
#include <string.h>

#include "archive/criteria.h"
#include "base/json_string.h"
#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "write/canonical.h"
#include "write/games_out.h"
#include "write/json_out.h"

#define CMD "select"

enum {
    OPT_TAG = PDN_OPT_OWN,
    OPT_PLAYER,
    OPT_WHITE,
    OPT_BLACK,
    OPT_RESULT,
    OPT_DATE_FROM,
    OPT_DATE_TO,
    OPT_PLIES,
    OPT_MATERIAL,
};

/* What was asked, and the output. */
typedef struct select_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    pdn_criteria crit;
    bool invert, count, list, fmt, json;
    pdn_canonical_options canon_options;
    const pdn_cli *cli;
    pdn_canonical *canon;
    pdn_games_out sink;
    pdn_strbuf buf;
    uint64_t taken; /* games that met the criteria */
    uint64_t lost;  /* games whose text could not be written */
} select_job;

static const pdn_option select_options[] = {
    PDN_OPTION(
        "tag", 0, "NAME=RE", OPT_TAG,
        "games whose tag NAME matches the PCRE2 pattern RE\n(repeatable)",
        NULL),
    PDN_OPTION("player", 0, "RE", OPT_PLAYER,
               "games whose White or Black matches RE", NULL),
    PDN_OPTION("white", 0, "RE", OPT_WHITE, "games whose White matches RE",
               NULL),
    PDN_OPTION("black", 0, "RE", OPT_BLACK, "games whose Black matches RE",
               NULL),
    PDN_OPTION("result", 0, "R", OPT_RESULT,
               "games of the result R: 1-0, 0-1, 1/2-1/2 or *",
               "1-0 0-1 1/2-1/2 *"),
    PDN_OPTION("date-from", 0, "D", OPT_DATE_FROM,
               "games that may be of the day D or later (D: a\n"
               "date, year, or year and month)",
               NULL),
    PDN_OPTION("date-to", 0, "D", OPT_DATE_TO,
               "games that may be of the day D or before", NULL),
    PDN_OPTION(
        "plies", 0, "N..M", OPT_PLIES,
        "games of N to M plies on the main line (N..: N\nor more; ..M: M or "
        "fewer)",
        NULL),
    PDN_OPTION_INTO(
        "position", 0, "FEN",
        "games whose main line passes through the position\nFEN, side to move "
        "included",
        NULL, select_job, crit.position_fen),
    PDN_OPTION_SET("in-variations", "--position: in a variation too",
                   select_job, crit.in_variations),
    PDN_OPTION("material", 0, "SPEC", OPT_MATERIAL,
               "games whose main line reaches the material SPEC:\n"
               "2K1M-1K (the side to move first) or W2K1M-B1K",
               NULL),
    PDN_OPTION_INTO(
        "moves", 0, "MOVES",
        "games whose main line starts with MOVES\n(\"23-19 12-15 19x12\")",
        NULL, select_job, crit.moves_text),
    PDN_OPTION_SET("moves-anywhere", "--moves: anywhere in the main line",
                   select_job, crit.moves_anywhere),
    PDN_OPTION_SET(
        "sound",
        "games read and replayed whole with no error, as\npdn check judges "
        "them",
        select_job, crit.sound),
    PDN_OPTION_SET("errors", "games with an error, of reading or of replaying",
                   select_job, crit.errors),
    PDN_OPTION_SET("invert", "the games that do not meet them instead",
                   select_job, invert),
    PDN_OPTION_INTO("count", 'c', NULL, "print only how many games there are",
                    NULL, select_job, count),
    PDN_OPTION_INTO("list", 'l', NULL,
                    "print FILE:LINE<TAB>game N for each game", NULL,
                    select_job, list),
    PDN_OPTION_SET("fmt", "write the games in the canonical form of pdn fmt",
                   select_job, fmt),
    PDN_OPTION_INTO("format", 0, "FORMAT",
                    "text (the default) or json: a JSON object a line,\n"
                    "each game as pdn parse --json writes it",
                    "text json", select_job, json),
    PDN_OPTION_JOBS("read and judge on N threads (default 1)"),
    PDN_OPTION_SHARD("only games I, I+N, I+2N... of all read"),
    PDN_OPTION_VARIANT("the variant of games without a GameType tag (--fmt)",
                       PDN_VARIANT_CHOICES),
    PDN_OPTION_MAP_TAG("read tag name L as standard tag S"),
    PDN_OPTION_QUIET("print no diagnostics"),
    PDN_OPTION_HELP,
};

static const char select_about[] =
    "Write the games of each FILE (standard input when none, or '-') that\n"
    "meet every criterion, each as it was read, byte for byte: tags matched\n"
    "by PCRE2 patterns, the players, the result, the date, the length, a\n"
    "position, a material or moves the main line passes through,\n"
    "soundness.\n";

static const char select_more[] =
    "A game without the tag a criterion looks at does not meet it.  A date\n"
    "stands for the days it may be: 2004.??.?? meets --date-from 2004.06.01\n"
    "and --date-to 2004.06.30; a game with no Date, or no year, meets no\n"
    "date.  --moves compares the moves played, not how they are written\n"
    "(22x13, 22:13 and 22x13x6 name the same capture).  Games that cannot\n"
    "be read are reported on standard error as by pdn parse, and judged by\n"
    "what could be read of them.\n"
    "\n"
    "Exit status: 0 success, 1 a game with a reading error, 2 usage error\n"
    "or a FILE that cannot be read.\n"
    "\n"
    "Examples:\n"
    "  pdn select --player '(?i)rossi' archive.pdn > rossi.pdn\n"
    "  pdn select --result 1-0 --date-from 2004 --count archive.pdn\n"
    "  pdn select --moves '22-18 10-14' --list club.pdn\n"
    "  pdn select --material 1K-2K --format json archive.pdn\n";

/* ---- Output ---- */

/* Writes @g as it was read, or with --fmt canonically (as read when it
 * cannot be). */
static void
write_game(select_job *job, const pdn_game *g, pdn_diags *d)
{
    pdn_strbuf_clear(&job->buf);
    if (job->fmt && !g->raw_file && !g->raw_lost &&
        pdn_canonical_game(job->canon, g, d, &job->buf)) {
        pdn_games_out_game(&job->sink, job->buf.ptr, job->buf.len);
        return;
    }
    if (!pdn_games_out_as_read(&job->sink, job->canon, g, &job->buf)) {
        job->lost++;
        pdn_command_lost_game(job->cli, CMD, g);
    }
}

/* The line of @g for --list (text, or with --format json an object),
 * or with --format json the game, at the end of @out. */
static void
put_line(const select_job *job, const pdn_game *g, pdn_strbuf *out)
{
    if (job->json && job->list) {
        pdn_strbuf_puts(out, "{\"file\":");
        pdn_json_string(g->file, strlen(g->file), out);
        pdn_strbuf_printf(out, ",\"line\":%u,\"game\":%llu}\n", g->start.line,
                          (unsigned long long)g->number);
    } else if (job->json) {
        pdn_json_game(g, out);
        pdn_strbuf_putc(out, '\n');
    } else {
        pdn_strbuf_printf(out, "%s:%u\tgame %llu\n", g->file, g->start.line,
                          (unsigned long long)g->number);
    }
}

/* pdn_game_fn: @g taken or left (one thread). */
static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    select_job *job = ctx;

    if (!pdn_shard_next(&job->shard))
        return;
    if (pdn_criteria_meets(&job->crit, g) == job->invert)
        return;
    job->taken++;
    if (job->count)
        return;
    if (job->json || job->list) {
        pdn_strbuf_clear(&job->buf);
        put_line(job, g, &job->buf);
        fwrite(job->buf.ptr, 1, job->buf.len, cli->out);
        return;
    }
    write_game(job, g, d);
}

/* What work_game() found of a game, for write_taken(). */
enum { LEFT, TAKEN, TAKEN_LOST };

/* pdn_read_work.work (--jobs): whether @g is taken, and what is to be
 * written of it in @out: its line, or its text (as read, or with --fmt
 * canonical); for a game whose text was lost, the message.  Reads @job
 * and nothing else: threads call it at once. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    const select_job *job = ctx;

    (void)cli;
    if (pdn_criteria_meets(&job->crit, g) == job->invert)
        return LEFT;
    if (job->count)
        return TAKEN;
    if (job->json || job->list) {
        put_line(job, g, out);
        return TAKEN;
    }
    if (job->fmt && !g->raw_file && !g->raw_lost) {
        pdn_canonical *c = pdn_canonical_new(&job->canon_options);
        bool done = pdn_canonical_game(c, g, d, out);
        pdn_canonical_free(c);
        if (done)
            return TAKEN;
        pdn_strbuf_clear(out);
    }
    if (pdn_games_out_text(job->canon, g, out))
        return TAKEN;
    pdn_command_lost_game_text(CMD, g, out);
    return TAKEN_LOST;
}

/* pdn_read_work.done (--jobs): a game taken written, in file order. */
static void
write_taken(const pdn_cli *cli, long value, const char *file,
            const pdn_strbuf *out, void *ctx)
{
    select_job *job = ctx;

    (void)file;
    if (value == LEFT)
        return;
    job->taken++;
    if (job->count)
        return;
    if (value == TAKEN_LOST) {
        job->lost++;
        fwrite(out->ptr, 1, out->len, cli->err);
    } else if (job->json || job->list) {
        fwrite(out->ptr, 1, out->len, cli->out);
    } else {
        pdn_games_out_game(&job->sink, out->ptr, out->len);
    }
}

/* ---- Arguments ---- */

/* --moves MOVES into @job; 0, or a usage error's status. */
static int
read_moves(const pdn_cli *cli, select_job *job, const char *text)
{
    pdn_moves_fault f;

    switch (pdn_criteria_read_moves(&job->crit, text, &f)) {
    case PDN_MOVES_OK:
        return 0;
    case PDN_MOVES_TOO_MANY:
        return pdn_args_fail(cli, CMD, "bad --moves: more than %d moves",
                             PDN_CRITERIA_MOVES_MAX);
    case PDN_MOVES_BAD_MOVE:
        return pdn_args_fail(cli, CMD, "bad --moves: '%.*s': %s", f.len, f.move,
                             f.why);
    default: /* PDN_MOVES_NO_MOVE */
        return pdn_args_fail(cli, CMD, "bad --moves '%s': no move", text);
    }
}

/* Adds the condition that one of @tags matches @pattern. */
static int
add_condition(const pdn_cli *cli, select_job *job, const char *const *tags,
              size_t ntags, const char *pattern, const char *option,
              const char *value)
{
    char err[200];
    if (pdn_tag_filter_add(job->crit.filter, tags, ntags, pattern, err,
                           sizeof err) != 0)
        return pdn_args_fail(cli, CMD, "bad --%s '%s': bad pattern: %s", option,
                             value, err);
    return 0;
}

/* pdn_own_option_fn: the options of select alone. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    static const char *const players[] = {"White", "Black"};
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    select_job *job = ctx;

    switch (g->id) {
    case OPT_TAG: {
        const char *eq = strchr(g->value, '=');
        if (!eq || eq == g->value)
            return pdn_args_fail(cli, CMD, "bad --tag '%s': expected NAME=RE",
                                 g->value);
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - g->value), g->value);
        const char *tag = name;
        return add_condition(cli, job, &tag, 1, eq + 1, "tag", g->value);
    }
    case OPT_PLAYER:
        return add_condition(cli, job, players, 2, g->value, "player",
                             g->value);
    case OPT_WHITE:
    case OPT_BLACK:
        return add_condition(cli, job, &players[g->id == OPT_BLACK], 1,
                             g->value, g->id == OPT_WHITE ? "white" : "black",
                             g->value);
    case OPT_RESULT:
        job->crit.result = results[g->n];
        return 0;
    case OPT_DATE_FROM:
    case OPT_DATE_TO: {
        bool from = g->id == OPT_DATE_FROM;
        if (pdn_criteria_read_date(&job->crit, !from, g->value) != 0)
            return pdn_args_fail(cli, CMD,
                                 "bad --%s '%s': expected a date, such as "
                                 "2004.05.01, 2004.05 or 2004",
                                 from ? "date-from" : "date-to", g->value);
        return 0;
    }
    case OPT_PLIES:
        if (pdn_criteria_read_plies(&job->crit, g->value) != 0)
            return pdn_args_fail(cli, CMD,
                                 "bad --plies '%s': expected N..M, N.., ..M "
                                 "or N, with N at most M",
                                 g->value);
        return 0;
    default: /* OPT_MATERIAL */
        if (pdn_criteria_read_material(&job->crit, g->value) != 0)
            return pdn_args_fail(cli, CMD,
                                 "bad --material '%s': expected the men (M) "
                                 "and kings (K) of each side, such as "
                                 "2K1M-1K or W1K-B2K1M",
                                 g->value);
        return 0;
    }
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    select_job job = {
        .cli = cli, .sink = PDN_GAMES_OUT_INIT, .buf = PDN_STRBUF_INIT};
    pdn_criteria *crit = &job.crit;
    pdn_shared s;
    pdn_read_job rj;

    pdn_criteria_init(crit);
    int rc = pdn_command_args(cli, &pdn_select_command, argc, argv, &s,
                              own_option, &job);

    if (rc < 0 && job.count + job.list + job.fmt > 1)
        rc = pdn_args_fail(cli, CMD,
                           "options '--count', '--list' and '--fmt' "
                           "cannot be used together");
    if (rc < 0 && crit->sound && crit->errors)
        rc = pdn_args_exclusive(cli, CMD, "sound", "errors");
    if (rc < 0 && crit->in_variations && !crit->position_fen)
        rc = pdn_args_fail(cli, CMD, "'--in-variations' needs --position");
    if (rc < 0 && crit->moves_anywhere && !crit->moves_text)
        rc = pdn_args_fail(cli, CMD, "'--moves-anywhere' needs --moves");
    if (rc < 0 && job.json && job.fmt)
        rc = pdn_args_fail(cli, CMD,
                           "options '--fmt' and '--format json' cannot be "
                           "used together");
    crit->variant = s.variant ? s.variant : pdn_variant_default();
    crit->unplayed = s.unplayed;
    job.shard.args = &s;
    if (rc < 0 && crit->moves_text &&
        read_moves(cli, &job, crit->moves_text) != 0)
        rc = PDN_EXIT_USAGE;
    if (rc < 0 && crit->position_fen &&
        pdn_args_board(cli, CMD, crit->variant, crit->position_fen,
                       &crit->position) != 0)
        rc = PDN_EXIT_USAGE;
    if (rc < 0) {
        job.canon_options = (pdn_canonical_options){
            .variant = s.variant ? s.variant : pdn_variant_default(),
            .unplayed = s.unplayed};
        job.canon = pdn_canonical_new(&job.canon_options);
        job.sink.out = cli->out;
        bool keep_raw = !job.count && !job.list;
        /* One job: a game at a time, written as read (a game too large
           to hold streamed); more: judged on threads, written in order. */
        pdn_read_work work = {
            .pick = pdn_shard_pick, .work = work_game, .done = write_taken};
        rc =
            s.jobs > 1
                ? pdn_shared_read_work(cli, &s, CMD, keep_raw, &work, &job, &rj)
                : pdn_shared_read(cli, &s, CMD, keep_raw, each_game, &job, &rj);
        pdn_games_out_flush(&job.sink);
        if (job.count)
            fprintf(cli->out, job.json ? "{\"count\":%llu}\n" : "%llu\n",
                    (unsigned long long)job.taken);
        if (job.lost && rc == PDN_EXIT_OK)
            rc = PDN_EXIT_USAGE;
    }
    pdn_canonical_free(job.canon);
    pdn_games_out_free(&job.sink);
    pdn_strbuf_free(&job.buf);
    pdn_criteria_fini(crit);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(select,
            "write the games that meet criteria: tags, date, position, moves",
            "[OPTION]... [FILE]...", select_about, 0, select_more,
            PDN_COMMAND_GAMES, "@file");
