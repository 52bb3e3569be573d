/* cmd_select.c -- pdn select: the games of FILE... that meet every
 * criterion, written as they were read (or, with --fmt, in the canonical
 * form of pdn fmt; with --format json, as pdn parse --json writes them),
 * counted, or listed.  The criteria on tags go through the tag filter of
 * model/tag_filter.h; dates compare as the ranges of days they stand
 * for; positions, material and moves as the game's replay meets them.
 */
#include <stdlib.h>
#include <string.h>

#include "base/json_string.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "model/date.h"
#include "model/tag_filter.h"
#include "replay/replay.h"
#include "rules/fen.h"
#include "rules/notation.h"
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

/* The most moves --moves takes. */
#define SELECT_MOVES_MAX 64

/* What was asked, and the output. */
typedef struct select_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    pdn_tag_filter *filter;
    const char *result; /* --result, or NULL */
    char date_from[11]; /* --date-from's earliest day, or "" */
    char date_to[11];   /* --date-to's latest day, or "" */
    uint64_t plies_min, plies_max;
    const char *position_fen;   /* --position, or NULL */
    pdn_board position;         /* it, of @variant */
    bool in_variations;         /* --in-variations */
    bool sound, errors;         /* --sound, --errors */
    const pdn_variant *variant; /* of games without a GameType tag */
    int unplayed;               /* or their GameType, not played */
    /* --material: the men and kings of each side, [side][0] men and
       [side][1] kings; side 0 the side to move, or with @material_colour
       the colour material_colour[0] names */
    bool material_set;
    int material[2][2];
    bool material_colours;
    pdn_color material_colour[2];
    /* --moves: each move as written, read by each variant's numbering
       (moves_read[id] false: that variant cannot read them) */
    pdn_written_move moves[PDN_VARIANT_COUNT][SELECT_MOVES_MAX];
    bool moves_read[PDN_VARIANT_COUNT];
    size_t nmoves;
    const char *moves_text;
    bool moves_anywhere;
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
        NULL, select_job, position_fen),
    PDN_OPTION_SET("in-variations", "--position: in a variation too",
                   select_job, in_variations),
    PDN_OPTION("material", 0, "SPEC", OPT_MATERIAL,
               "games whose main line reaches the material SPEC:\n"
               "2K1M-1K (the side to move first) or W2K1M-B1K",
               NULL),
    PDN_OPTION_INTO(
        "moves", 0, "MOVES",
        "games whose main line starts with MOVES\n(\"23-19 12-15 19x12\")",
        NULL, select_job, moves_text),
    PDN_OPTION_SET("moves-anywhere", "--moves: anywhere in the main line",
                   select_job, moves_anywhere),
    PDN_OPTION_SET(
        "sound",
        "games read and replayed whole with no error, as\npdn check judges "
        "them",
        select_job, sound),
    PDN_OPTION_SET("errors", "games with an error, of reading or of replaying",
                   select_job, errors),
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

/* ---- Criteria ---- */

/* The canonical date of @s ("YYYY.MM.DD", '?' for what is not known)
 * with every '?' made @fill: the first day it may be ('0') or the last
 * ('9').  False when @s is no date or its year is wholly unknown. */
static bool
date_bound(const char *s, char fill, char out[11])
{
    if (!s || !pdn_date_canonical(s, out) || memcmp(out, "????", 4) == 0)
        return false;
    for (char *p = out; *p; p++)
        if (*p == '?')
            *p = fill;
    return true;
}

/* What the replay of a game found for --position, --sound, --errors. */
typedef struct replayed {
    const select_job *job;
    const pdn_node *main; /* the next move of the main line to be replayed:
                             the moves come in the order of the text */
    bool passes;          /* the game passes through the position */
    bool material;        /* it reaches the material of --material */
    pdn_move *line;       /* --moves: the moves of the main line */
    size_t nline, capline;
} replayed;

/* The first move of the list @n, or NULL. */
static const pdn_node *
first_move(const pdn_node *n)
{
    while (n && n->kind != PDN_NODE_MOVE)
        n = n->next;
    return n;
}

/* Whether @b holds the material of --material. */
static bool
material_is(const select_job *job, const pdn_board *b)
{
    for (int i = 0; i < 2; i++) {
        pdn_color c = job->material_colours ? job->material_colour[i]
                      : i == 0              ? b->side
                                            : pdn_color_other(b->side);
        pdn_bb own = b->pieces[c];
        if (pdn_bb_count(own & ~b->kings) != job->material[i][0] ||
            pdn_bb_count(own & b->kings) != job->material[i][1])
            return false;
    }
    return true;
}

/* pdn_replay_move_fn: whether the position before a move is --position's
 * or has --material's material, and the moves of the main line. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *played, const pdn_move *legal, int nlegal)
{
    replayed *r = ctx;
    const select_job *job = r->job;

    (void)legal, (void)nlegal;
    bool main = n == r->main;
    if (main)
        r->main = first_move(n->next);
    if (job->position_fen && !r->passes && (main || job->in_variations) &&
        pdn_board_equal(before, &job->position))
        r->passes = true;
    if (!main)
        return;
    if (job->material_set && !r->material && material_is(job, before))
        r->material = true;
    if (job->nmoves) {
        if (r->nline == r->capline) {
            r->capline = r->capline ? 2 * r->capline : 64;
            r->line = pdn_xrealloc(r->line, r->capline * sizeof *r->line);
        }
        r->line[r->nline++] = *played;
    }
}

/* Whether the main line @line (@n moves) of a game of @v starts with
 * --moves, or with --moves-anywhere holds them one after another. */
static bool
moves_met(const select_job *job, const pdn_variant *v, const pdn_move *line,
          size_t n)
{
    if (!v || !job->moves_read[v->id] || n < job->nmoves)
        return false;
    size_t last = job->moves_anywhere ? n - job->nmoves : 0;
    for (size_t from = 0; from <= last; from++) {
        size_t j = 0;
        while (j < job->nmoves &&
               pdn_notation_matches(v, &line[from + j], &job->moves[v->id][j]))
            j++;
        if (j == job->nmoves)
            return true;
    }
    return false;
}

/* Whether a criterion needs the game replayed move by move. */
static bool
needs_moves(const select_job *job)
{
    return job->position_fen || job->material_set || job->nmoves;
}

/* Whether the replay of @g meets --position, --sound and --errors. */
static bool
meets_replay(const select_job *job, const pdn_game *g)
{
    replayed r = {.job = job, .main = first_move(g->moves)};
    pdn_replay_options o = {.variant = job->variant,
                            .unplayed = job->unplayed,
                            .on_move = needs_moves(job) ? on_move : NULL,
                            .ctx = &r};
    pdn_replay_result res = {0};
    pdn_diags d = PDN_DIAGS_INIT;
    size_t errors = g->errors;

    d.count_only = true;
    if (!g->errors || needs_moves(job))
        errors += pdn_replay_game(g, &o, &d, &res);
    pdn_diags_free(&d);
    /* Sound, as pdn check judges: read and replayed whole, no error, and
       a decisive result backed by moves. */
    bool sound = !errors && res.variant && !res.unbacked;
    bool met = !((job->sound && !sound) || (job->errors && !errors));
    /* The position after the last move of the main line counts too. */
    if (met && job->position_fen)
        met = res.variant == job->variant &&
              (r.passes || pdn_board_equal(&res.final, &job->position));
    if (met && job->material_set)
        met = res.variant && (r.material || material_is(job, &res.final));
    if (met && job->nmoves)
        met = moves_met(job, res.variant, r.line, r.nline);
    free(r.line);
    return met;
}

/* Whether @g meets every criterion of @job. */
static bool
meets(const select_job *job, const pdn_game *g)
{
    if (!pdn_tag_filter_matches(job->filter, g))
        return false;
    if (job->result) {
        const char *r = pdn_game_result_text(g);
        if (!r || strcmp(r, job->result) != 0)
            return false;
    }
    if (job->date_from[0] || job->date_to[0]) {
        char first[11], last[11];
        const char *date = pdn_game_tag(g, "Date");
        if (!date_bound(date, '0', first) || !date_bound(date, '9', last))
            return false;
        if (job->date_from[0] && strcmp(last, job->date_from) < 0)
            return false;
        if (job->date_to[0] && strcmp(first, job->date_to) > 0)
            return false;
    }
    uint64_t n = pdn_game_plies(g);
    if (n < job->plies_min || n > job->plies_max)
        return false;
    return !(needs_moves(job) || job->sound || job->errors) ||
           meets_replay(job, g);
}

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
    if (meets(job, g) == job->invert)
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
    if (meets(job, g) == job->invert)
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

/* --plies N..M, N.., ..M or N into @job; 0 or -1. */
static int
read_plies(select_job *job, const char *value)
{
    const char *dots = strstr(value, "..");
    char *end;

    job->plies_min = 0;
    job->plies_max = UINT64_MAX;
    if (value[0] >= '0' && value[0] <= '9') {
        job->plies_min = strtoull(value, &end, 10);
        if (end != (dots ? dots : value + strlen(value)))
            return -1;
    } else if (value != dots) {
        return -1;
    }
    if (!dots) {
        job->plies_max = job->plies_min;
        return 0;
    }
    if (!dots[2])
        return dots == value ? -1 : 0; /* "..": no bound at all */
    if (dots[2] < '0' || dots[2] > '9')
        return -1;
    job->plies_max = strtoull(dots + 2, &end, 10);
    return *end || job->plies_max < job->plies_min ? -1 : 0;
}

/* One side of --material, @len bytes at @s: an optional colour (W or B,
 * into *@colour, else -1), then "0" or counts of kings and men such as
 * "2K1M", "K" or "3M" (a letter alone counts one), into @counts (men,
 * kings).  0, or -1. */
static int
read_material_side(const char *s, size_t len, int *colour, int counts[2])
{
    const char *end = s + len;
    bool seen[2] = {false, false};

    *colour = -1;
    counts[0] = counts[1] = 0;
    if (s < end && (*s == 'W' || *s == 'B'))
        *colour = *s++ == 'W' ? PDN_WHITE : PDN_BLACK;
    if (end - s == 1 && *s == '0')
        return 0;
    if (s == end)
        return -1;
    while (s < end) {
        int n = 0;
        bool digits = false;
        while (s < end && *s >= '0' && *s <= '9' && n < 100) {
            n = n * 10 + (*s++ - '0');
            digits = true;
        }
        if (s == end || (*s != 'K' && *s != 'M'))
            return -1;
        int kind = *s++ == 'K';
        if (seen[kind] || n > 32)
            return -1;
        seen[kind] = true;
        counts[kind] = digits ? n : 1;
    }
    return 0;
}

/* --material SPEC into @job; 0 or -1. */
static int
read_material(select_job *job, const char *spec)
{
    const char *dash = strchr(spec, '-');
    int colour[2];

    if (!dash || strchr(dash + 1, '-') ||
        read_material_side(spec, (size_t)(dash - spec), &colour[0],
                           job->material[0]) != 0 ||
        read_material_side(dash + 1, strlen(dash + 1), &colour[1],
                           job->material[1]) != 0)
        return -1;
    /* Colours on both sides, the two of them, or on neither. */
    if ((colour[0] < 0) != (colour[1] < 0) ||
        (colour[0] >= 0 && colour[0] == colour[1]))
        return -1;
    job->material_colours = colour[0] >= 0;
    if (job->material_colours) {
        job->material_colour[0] = (pdn_color)colour[0];
        job->material_colour[1] = (pdn_color)colour[1];
    }
    job->material_set = true;
    return 0;
}

/* --moves MOVES into @job, each read by every variant's numbering; move
 * numbers ("1.", "12...") are skipped.  0, or a usage error's status. */
static int
read_moves(const pdn_cli *cli, select_job *job, const char *text)
{
    job->moves_text = text;
    job->nmoves = 0;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++)
        job->moves_read[id] = true;
    for (const char *p = text;;) {
        p += strspn(p, " \t\n");
        if (!*p)
            break;
        size_t len = strcspn(p, " \t\n");
        size_t digits = strspn(p, "0123456789");
        if (digits && digits < len && strspn(p + digits, ".") == len - digits) {
            p += len; /* a move number */
            continue;
        }
        if (job->nmoves == SELECT_MOVES_MAX)
            return pdn_args_fail(cli, CMD, "bad --moves: more than %d moves",
                                 SELECT_MOVES_MAX);
        for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
            const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
            size_t at;
            char err[120];
            if (pdn_notation_parse(v, p, len, &job->moves[id][job->nmoves], &at,
                                   err, sizeof err) == 0)
                continue;
            job->moves_read[id] = false;
            if (v == job->variant)
                return pdn_args_fail(cli, CMD, "bad --moves: '%.*s': %s",
                                     (int)len, p, err);
        }
        job->nmoves++;
        p += len;
    }
    if (!job->nmoves)
        return pdn_args_fail(cli, CMD, "bad --moves '%s': no move", text);
    return 0;
}

/* Adds the condition that one of @tags matches @pattern. */
static int
add_condition(const pdn_cli *cli, select_job *job, const char *const *tags,
              size_t ntags, const char *pattern, const char *option,
              const char *value)
{
    char err[200];
    if (pdn_tag_filter_add(job->filter, tags, ntags, pattern, err,
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
        job->result = results[g->n];
        return 0;
    case OPT_DATE_FROM:
    case OPT_DATE_TO: {
        bool from = g->id == OPT_DATE_FROM;
        if (!date_bound(g->value, from ? '0' : '9',
                        from ? job->date_from : job->date_to))
            return pdn_args_fail(cli, CMD,
                                 "bad --%s '%s': expected a date, such as "
                                 "2004.05.01, 2004.05 or 2004",
                                 from ? "date-from" : "date-to", g->value);
        return 0;
    }
    case OPT_PLIES:
        if (read_plies(job, g->value) != 0)
            return pdn_args_fail(cli, CMD,
                                 "bad --plies '%s': expected N..M, N.., ..M "
                                 "or N, with N at most M",
                                 g->value);
        return 0;
    default: /* OPT_MATERIAL */
        if (read_material(job, g->value) != 0)
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
    select_job job = {.filter = pdn_tag_filter_new(),
                      .plies_max = UINT64_MAX,
                      .cli = cli,
                      .sink = PDN_GAMES_OUT_INIT,
                      .buf = PDN_STRBUF_INIT};
    pdn_shared s;
    pdn_read_job rj;
    int rc = pdn_command_args(cli, &pdn_select_command, argc, argv, &s,
                              own_option, &job);

    if (rc < 0 && job.count + job.list + job.fmt > 1)
        rc = pdn_args_fail(cli, CMD,
                           "options '--count', '--list' and '--fmt' "
                           "cannot be used together");
    if (rc < 0 && job.sound && job.errors)
        rc = pdn_args_exclusive(cli, CMD, "sound", "errors");
    if (rc < 0 && job.in_variations && !job.position_fen)
        rc = pdn_args_fail(cli, CMD, "'--in-variations' needs --position");
    if (rc < 0 && job.moves_anywhere && !job.moves_text)
        rc = pdn_args_fail(cli, CMD, "'--moves-anywhere' needs --moves");
    if (rc < 0 && job.json && job.fmt)
        rc = pdn_args_fail(cli, CMD,
                           "options '--fmt' and '--format json' cannot be "
                           "used together");
    job.variant = s.variant ? s.variant : pdn_variant_default();
    job.unplayed = s.unplayed;
    job.shard.args = &s;
    if (rc < 0 && job.moves_text && read_moves(cli, &job, job.moves_text) != 0)
        rc = PDN_EXIT_USAGE;
    if (rc < 0 && job.position_fen &&
        pdn_args_board(cli, CMD, job.variant, job.position_fen,
                       &job.position) != 0)
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
    pdn_tag_filter_free(job.filter);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(select,
            "write the games that meet criteria: tags, date, position, moves",
            "[OPTION]... [FILE]...", select_about, 0, select_more,
            PDN_COMMAND_GAMES, "@file");
