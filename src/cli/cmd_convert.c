/* cmd_convert.c -- pdn convert: the games of PDN files, replayed
 * (replay/replay.h), written in another form: the positions of the main
 * line as FEN lines, or the main line as text with board diagrams
 * (write/diagram.h).  Moves in numeric or alphanumeric notation.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/spill.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "stream/slice_file.h"
#include "cli/commands.h"
#include "stream/reading.h"
#include "config/config.h"
#include "replay/replay.h"
#include "rules/fen.h"
#include "rules/notation.h"
#include "rules/square.h"
#include "write/canonical.h"
#include "write/diagram.h"
#include "write/json_out.h"
#include "write/played.h"
#include "write/to_pdn.h"

#define CMD "convert"

enum {
    OPT_TO = PDN_OPT_OWN,
    OPT_FROM,
    OPT_ASCII,
    OPT_UNICODE,
};

/* --from: how --to pdn reads its input. */
typedef enum input_form {
    FROM_AUTO, /* JSON when the input starts with '{' */
    FROM_JSON,
    FROM_PDN
} input_form;

typedef enum format { FORMAT_FEN, FORMAT_TEXT, FORMAT_JSON, FORMAT_PDN } format;

typedef struct convert_job {
    pdn_shared args; /* the shared options and the FILEs */
    format to;
    bool to_given;
    uint64_t every; /* --to text: a diagram every N plies */
    int charset;    /* 0: from the locale; OPT_ASCII, OPT_UNICODE */
    bool unicode;
    bool variant_set, positions, no_gametype;
    input_form from;      /* --to pdn */
    pdn_canonical *canon; /* --to json */
    const pdn_variant *variant;
    pdn_config cfg;
    const char **files; /* args's operands */
    size_t nfiles;
    uint64_t games;       /* over all FILEs: the number in --to fen lines */
    pdn_played_line line; /* the game's moves (--to fen, --to text) */
    pdn_strbuf buf;       /* output not yet written */
    pdn_strbuf text;      /* a game's text as read (put_raw()) */
    bool batch;           /* output written in blocks, not game by game */
    uint64_t lost;        /* games whose text could not be written */
} convert_job;

static const pdn_option convert_options[] = {
    PDN_OPTION("to", 't', "FORMAT", OPT_TO, "json, pdn, fen or text (required)",
               "json pdn fen text"),
    PDN_OPTION_INTO("notation", 'n', "N",
                    "numeric (22-18, the default) or alpha (c3-d4)",
                    "numeric alpha", convert_job, line.alpha),
    PDN_OPTION_INTO("positions", 'p', NULL,
                    "--to json: the FEN after every move", NULL, convert_job,
                    positions),
    PDN_OPTION("from", 'f', "FORM", OPT_FROM,
               "--to pdn: read json or pdn (default: json when the\n"
               "input starts with '{')",
               "json pdn"),
    PDN_OPTION_INTO("every", 'e', "N",
                    "--to text: a board every N plies (default 1)", "1.. plies",
                    convert_job, every),
    PDN_OPTION_FLAG("ascii", OPT_ASCII,
                    "--to text: pieces as w W b B, or as draughts glyphs\n"
                    "(default: glyphs when the locale is UTF-8)"),
    PDN_OPTION("unicode", 0, NULL, OPT_UNICODE, NULL, NULL),
    PDN_OPTION_VARIANT("the variant of games without a GameType tag:\n"
                       "italian (the default), spanish, english, or a\n"
                       "GameType (22, 24, 21)",
                       PDN_VARIANT_CHOICES),
    PDN_OPTION_SET("no-gametype",
                   "--to json, pdn: add no GameType tag for --variant",
                   convert_job, no_gametype),
    PDN_OPTION_CONFIG("read the default variant from FILE (pdn-config(5))"),
    PDN_OPTION_MAP_TAG("read tag name L as standard tag S"),
    PDN_OPTION_QUIET("print no diagnostics"),
    PDN_OPTION_HELP,
};

static const char convert_about[] =
    "Replay each game of each FILE (standard input when none, or '-') and"
    " write\n"
    "it in FORMAT:\n"
    "  json   one JSON object per game and line: the game in pdn fmt's"
    " canonical\n"
    "         form, with paths and captured squares (man pdn-convert: JSON"
    " OUTPUT)\n"
    "  pdn    canonical PDN, from JSON Lines (as --to json writes them) or"
    " PDN;\n"
    "         PDN -> json -> pdn gives what pdn fmt gives\n"
    "  fen    one line per position of the main line: game number (counted"
    " over\n"
    "         all FILEs), ply, FEN, the move played there ('-' after the"
    " last)\n"
    "  text   the main line: a heading, the board before the first move,"
    " after\n"
    "         every N plies (--every) and after the last, the moves, the"
    " result\n";

static const char convert_more[] =
    "Exit status: 0 success, 1 a game with an error (or a JSON line that"
    " cannot\n"
    "be read), 2 usage error or a FILE that cannot be read.\n"
    "\n"
    "Examples:\n"
    "  pdn convert --to json games.pdn > games.jsonl\n"
    "  pdn convert --to pdn games.jsonl\n"
    "  pdn convert --to fen games.pdn\n"
    "  pdn convert --to text --every 10 --notation alpha games.pdn\n";

/* Output is written when this much has gathered (with batch). */
#define OUTPUT_BLOCK 65536

/* Writes out what job->buf holds: at once unless batching, else when a
 * block has gathered, or with @all, everything. */
static void
write_out(const pdn_cli *cli, convert_job *job, bool all)
{
    if (job->batch && !all && job->buf.len < OUTPUT_BLOCK)
        return;
    if (job->buf.len)
        fwrite(job->buf.ptr, 1, job->buf.len, cli->out);
    pdn_strbuf_clear(&job->buf);
}

/* ---- Games ---- */

/* The text of a game kept as read, as "raw": in UTF-8 (with a GameType
 * tag when the run adds them), pdn_canonical_as_read(). */
static void
put_raw(convert_job *job, const pdn_game *g)
{
    pdn_strbuf_clear(&job->text);
    pdn_canonical_as_read(job->canon, g, &job->text);
    pdn_strbuf_puts(&job->buf, "\"raw\":");
    pdn_json_string(job->text.ptr, job->text.len, &job->buf);
}

/* Where put_raw_file() writes. */
typedef struct raw_out {
    const pdn_cli *cli;
    convert_job *job;
} raw_out;

/* A block of the text of a game too large to hold: in the JSON string,
 * written out. */
static void
raw_block(const char *raw, size_t len, const char *text, size_t n, void *ctx)
{
    (void)raw;
    (void)len;
    raw_out *o = ctx;
    pdn_strbuf *out = &o->job->buf;
    size_t at = out->len;
    pdn_json_string(text, n, out);
    /* without its quotes: the string goes on in the next block */
    memmove(out->ptr + at, out->ptr + at + 1, out->len - at - 2);
    out->len -= 2;
    out->ptr[out->len] = '\0';
    write_out(o->cli, o->job, false);
}

/* The text of a game too large to hold, from its temporary file
 * (syntax/reader.h), a block at a time: "raw", in UTF-8.  Returns false
 * when the file gives fewer bytes. */
static bool
put_raw_file(const pdn_cli *cli, convert_job *job, FILE *from, size_t len)
{
    raw_out o = {cli, job};
    pdn_strbuf_puts(&job->buf, "\"raw\":\"");
    bool whole = pdn_spill_read_text(from, len, raw_block, &o);
    pdn_strbuf_putc(&job->buf, '"');
    return whole;
}

static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    convert_job *job = ctx;
    pdn_replay_options o = {.variant = job->variant,
                            .unplayed = job->args.unplayed,
                            .moves_only = true,
                            .on_move = pdn_played_keep,
                            .ctx = &job->line};
    pdn_replay_result r;

    job->games++;
    job->line.count = 0;
    if (job->to == FORMAT_JSON) {
        if (!pdn_canonical_game(job->canon, g, d, &job->buf)) {
            /* As read, to be written back as read. */
            pdn_strbuf_puts(&job->buf, "{\"file\":");
            pdn_json_string(g->file, strlen(g->file), &job->buf);
            pdn_strbuf_printf(&job->buf, ",\"game\":%llu,",
                              (unsigned long long)g->number);
            if (!g->raw_file && !g->raw_lost)
                put_raw(job, g);
            else if (g->raw_lost ||
                     !put_raw_file(cli, job, g->raw_file, g->raw_len))
                job->lost++;
            pdn_strbuf_puts(&job->buf, "}\n");
        }
        write_out(cli, job, false);
        return;
    }
    const char *type = pdn_game_tag(g, "GameType");
    job->line.variant = type                 ? pdn_variant_by_gametype(type)
                        : job->args.unplayed ? NULL
                                             : job->variant;
    if (g->errors)
        return; /* its reading errors are reported */
    pdn_replay_game(g, &o, d, &r);
    if (!r.variant)
        return; /* a variant not played: the replay's note says so */
    pdn_played_main_line(&job->line, g);
    if (job->to == FORMAT_FEN)
        pdn_played_fen(&job->line, &r, job->games, &job->buf);
    else
        pdn_played_text(&job->line, g, &r, job->games, job->every, job->unicode,
                        &job->buf);
    write_out(cli, job, false);
}

/* Errors, the note that a game was not replayed and the note of a byte
 * that is not UTF-8 are reported; the replay's other findings are pdn
 * check's. */
static void
adjust(pdn_diags *d, void *ctx)
{
    (void)ctx;
    for (size_t i = 0; i < d->count; i++) {
        pdn_diag *x = &d->items[i];
        if (x->severity == PDN_SEV_ERROR || x->code == PDN_N_NOT_REPLAYED ||
            x->code == PDN_N_ENCODING || x->code == PDN_W_BAD_GAMETYPE ||
            x->severity == PDN_SEV_OFF)
            continue;
        pdn_diags_turn_off(d, i);
    }
}

/* ---- Arguments ---- */

/* --to pdn: each FILE (JSON Lines, or PDN) written as canonical PDN.
 * Returns the exit status: 0, 1 when a line or game had an error, 2 when
 * a file could not be read. */
static int
to_pdn(const pdn_cli *cli, const convert_job *job,
       const pdn_canonical_options *co)
{
    pdn_to_pdn_options o = {.tagmap = job->args.tagmap,
                            .canonical = *co,
                            .out = cli->out,
                            .err = cli->err,
                            .colour = pdn_cli_colour(cli),
                            .quiet = job->args.quiet,
                            .no_map = pdn_no_map()};
    pdn_to_pdn *c = pdn_to_pdn_new(&o);
    size_t n = job->nfiles ? job->nfiles : 1;
    bool io_failed = false;

    for (size_t i = 0; i < n; i++) {
        const char *path = job->nfiles ? job->files[i] : "-";
        bool is_stdin = strcmp(path, "-") == 0;
        const char *name = is_stdin ? PDN_STDIN_NAME : path;
        FILE *in = is_stdin ? cli->in : fopen(path, "rb");
        if (!in) {
            fprintf(cli->err, "pdn %s: %s: %s\n", CMD, path, strerror(errno));
            io_failed = true;
            continue;
        }
        bool json = job->from == FROM_AUTO ? pdn_to_pdn_starts_json(in)
                                           : job->from == FROM_JSON;
        if (!pdn_to_pdn_stream(c, in, name, json))
            io_failed = true;
        if (ferror(in)) {
            fprintf(cli->err, "pdn %s: %s: read error\n", CMD, name);
            io_failed = true;
        }
        if (!is_stdin)
            fclose(in);
    }
    size_t errors = pdn_to_pdn_errors(c);
    pdn_to_pdn_free(c);
    if (io_failed)
        return PDN_EXIT_USAGE;
    return errors ? PDN_EXIT_INPUT : PDN_EXIT_OK;
}

/* pdn_own_option_fn: the options of convert alone. */
static int
own_option(const pdn_cli *cli, const pdn_given *g, void *ctx)
{
    /* In the order of the options' choices. */
    static const format formats[] = {FORMAT_JSON, FORMAT_PDN, FORMAT_FEN,
                                     FORMAT_TEXT};
    static const input_form forms[] = {FROM_JSON, FROM_PDN};
    convert_job *job = ctx;

    (void)cli;
    switch (g->id) {
    case OPT_TO:
        job->to = formats[g->n];
        job->to_given = true;
        break;
    case OPT_FROM:
        job->from = forms[g->n];
        break;
    default: /* OPT_ASCII, OPT_UNICODE */
        job->charset = g->id;
    }
    return 0;
}

static int
read_args(const pdn_cli *cli, int argc, char **argv, convert_job *job)
{
    pdn_shared *s = &job->args;
    int rc = pdn_command_args(cli, &pdn_convert_command, argc, argv, s,
                              own_option, job);

    job->files = s->operands;
    job->nfiles = s->noperands;
    job->variant_set = s->variant_name != NULL;
    job->variant = s->variant ? s->variant : pdn_variant_default();
    if (rc < 0 && !job->to_given)
        return pdn_args_fail(cli, CMD,
                             "missing --to FORMAT (json, pdn, "
                             "fen or text)");
    return rc;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    convert_job job = {
        .every = 1, .buf = PDN_STRBUF_INIT, .text = PDN_STRBUF_INIT};
    pdn_config_init(&job.cfg);
    int rc = read_args(cli, argc, argv, &job);
    if (rc < 0 && pdn_args_config(cli, CMD, job.args.config, &job.cfg) != 0)
        rc = PDN_EXIT_USAGE;
    if (rc < 0) {
        if (!job.variant_set && job.cfg.variant)
            job.variant = pdn_args_config_variant(&job.cfg);
        job.unicode =
            job.charset ? job.charset == OPT_UNICODE : pdn_cli_utf8(cli);
        pdn_canonical_options co = {.variant = job.variant,
                                    .unplayed = job.args.unplayed,
                                    .add_gametype =
                                        (job.variant_set || job.cfg.variant) &&
                                        !job.no_gametype,
                                    .json = job.to == FORMAT_JSON,
                                    .positions = job.positions,
                                    .alpha = job.line.alpha};
        if (job.to == FORMAT_PDN) {
            rc = to_pdn(cli, &job, &co);
            goto out;
        }
        job.canon = pdn_canonical_new(&co);
        pdn_read_job rj = {.cmd = CMD,
                           .files = job.files,
                           .nfiles = job.nfiles,
                           .tagmap = job.args.tagmap,
                           .quiet = job.args.quiet,
                           .keep_raw = true,
                           .each = each_game,
                           .adjust = adjust,
                           .ctx = &job};
        /* On a terminal each game shows as soon as it is converted. */
        job.batch = !isatty(fileno(cli->out));
        rc = pdn_read_files(cli, &rj);
        write_out(cli, &job, true);
        if (job.lost) {
            fprintf(cli->err,
                    "pdn %s: %llu game%s too large to hold could "
                    "not be written: their text could not be "
                    "kept\n",
                    CMD, (unsigned long long)job.lost,
                    pdn_args_plural(job.lost));
            rc = PDN_EXIT_USAGE;
        }
    }
out:
    pdn_played_free(&job.line);
    pdn_canonical_free(job.canon);
    pdn_config_fini(&job.cfg);
    pdn_strbuf_free(&job.buf);
    pdn_strbuf_free(&job.text);
    pdn_shared_free(&job.args);
    return rc;
}

PDN_COMMAND(
    convert,
    "convert games to JSON and back, to FEN lines, or to text with boards",
    "--to FORMAT [OPTION]... [FILE]...", convert_about, 25, convert_more,
    PDN_COMMAND_GAMES, "@file");
