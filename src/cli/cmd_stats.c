/* cmd_stats.c -- pdn stats: what an archive holds, counted: by player
 * (games, wins, draws, losses and score, as White and as Black), by event
 * (a crosstable), by opening (the first plies and how each side scored),
 * or by result; with the length of the games and how many have errors.
 *
 * One reading: each game adds to counts kept by player, event and
 * opening (strings numbered by base/str_index.h), and to a histogram of
 * lengths; an event keeps a record of a few words a game for its
 * crosstable.  The report is laid out as a table (header and rows of
 * cells), written as aligned text or as an HTML page; JSON Lines are
 * written from the counts, a row an object.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_string.h"
#include "base/str_index.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "replay/replay.h"
#include "report/report.h"
#include "rules/notation.h"

#define CMD "stats"

/* Lengths above this many plies are counted together. */
#define STATS_PLIES_MAX 1000

enum { BY_PLAYER, BY_EVENT, BY_OPENING, BY_RESULT };
enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_HTML };

/* Games, and how they ended for one side. */
typedef struct tally {
    uint64_t games, wins, draws, losses;
} tally;

typedef struct player_row {
    tally white, black;
} player_row;

/* A game of an event, for its crosstable. */
typedef struct event_game {
    uint32_t event, white, black; /* indices in the job's tables */
    uint8_t outcome;
} event_game;

typedef struct opening_row {
    uint64_t games, white_wins, draws, black_wins;
} opening_row;

typedef struct stats_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    int by, format;
    int plies; /* --opening-plies */
    const pdn_variant *variant;
    int unplayed;
    /* Every game. */
    uint64_t games, errors;
    uint64_t results[6]; /* by pdn_result */
    uint64_t lengths[STATS_PLIES_MAX + 1];
    /* By player and event. */
    pdn_str_index *players, *events, *openings;
    player_row *player_rows;
    size_t nplayer_rows;
    event_game *event_games;
    size_t nevent_games, capevent_games;
    opening_row *opening_rows;
    size_t nopening_rows;
    uint64_t shorter; /* games shorter than --opening-plies */
} stats_job;

static const pdn_option stats_options[] = {
    PDN_OPTION_INTO("by", 0, "WHAT",
                    "player (the default), event (a crosstable),\n"
                    "opening or result",
                    "player event opening result", stats_job, by),
    PDN_OPTION_INTO("opening-plies", 0, "N",
                    "--by opening: the first N plies (default 6)", "1..40",
                    stats_job, plies),
    PDN_OPTION_INTO("format", 0, "FORMAT",
                    "text (the default), json (JSON Lines: a row an\n"
                    "object) or html (one page)",
                    "text json html", stats_job, format),
    PDN_OPTION_GAMES_VARIANT,
    PDN_OPTIONS_ARCHIVE("read and replay on N threads (default 1)",
                        "count only games I, I+N, I+2N... of all read"),
};

static const char stats_about[] =
    "Count what the games of each FILE (standard input when none, or '-')\n"
    "hold: by player, the games, wins, draws, losses and score, as White\n"
    "and as Black; by event, a crosstable; by opening, the first plies and\n"
    "how each side scored; by result, the share of each.  Then the average\n"
    "and median length, and how many games have errors.\n";

static const char stats_more[] =
    "A result 1-0 is a win of the first mover (Black in English checkers);\n"
    "a game with no result, or *, counts among the games and not in the\n"
    "score, which is the wins and half the draws of the games decided or\n"
    "drawn.  A missing White, Black or Event tag counts as '?'.\n"
    "\n"
    "Exit status: 0 success, 1 a game with a reading error, 2 usage error\n"
    "or a FILE that cannot be read.\n"
    "\n"
    "Examples:\n"
    "  pdn stats archive.pdn\n"
    "  pdn stats --by event --format html club.pdn > club.html\n"
    "  pdn stats --by opening --opening-plies 4 --format json archive.pdn\n";

/* How a game ended, for White. */
typedef enum outcome {
    WHITE_WON,
    DRAWN,
    BLACK_WON,
    UNDECIDED /* "*", no result, both lost */
} outcome;

/* What work_game() makes of a game for count_game(), in its output: the
 * fixed part, then its White, Black, Event and opening, each ended by a
 * NUL. */
typedef struct game_facts {
    uint64_t plies;
    uint8_t errors; /* it has some */
    uint8_t result; /* pdn_result */
    uint8_t first;  /* the first mover: PDN_WHITE, PDN_BLACK, or 2 for a
                       GameType not played */
    uint8_t opened; /* it has --opening-plies plies */
} game_facts;

/* The opening of a game being replayed. */
typedef struct opening {
    const pdn_variant *v;
    int plies, want;
    pdn_strbuf *line;
} opening;

/* ---- Counting ---- */

/* How a game of result @r ended for White, the first mover being @v's
 * (White's when @v is NULL). */
static outcome
outcome_of(pdn_result r, const pdn_variant *v)
{
    bool white_first = !v || v->first == PDN_WHITE;
    switch (r) {
    case PDN_RESULT_FIRST:
        return white_first ? WHITE_WON : BLACK_WON;
    case PDN_RESULT_SECOND:
        return white_first ? BLACK_WON : WHITE_WON;
    case PDN_RESULT_DRAW:
        return DRAWN;
    default:
        return UNDECIDED;
    }
}

static void
add(tally *t, outcome o, bool white)
{
    t->games++;
    if (o == DRAWN)
        t->draws++;
    else if (o == (white ? WHITE_WON : BLACK_WON))
        t->wins++;
    else if (o != UNDECIDED)
        t->losses++;
}

/* pdn_replay_move_fn (main line only): the first --opening-plies moves,
 * in the short form pdn fmt writes, a blank apart. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *m, const pdn_move *legal, int nlegal)
{
    opening *o = ctx;
    char text[PDN_MOVE_TEXT_MAX];

    (void)n, (void)before;
    if (o->plies >= o->want)
        return;
    size_t len = pdn_notation_format(o->v, m, legal, nlegal, text);
    if (o->plies++)
        pdn_strbuf_putc(o->line, ' ');
    pdn_strbuf_put(o->line, text, len);
}

/* The variant @g is replayed in: its GameType's, else the run's; NULL
 * for a GameType not played. */
static const pdn_variant *
variant_of(const stats_job *job, const pdn_game *g)
{
    const char *type = pdn_game_tag(g, "GameType");
    if (!type || !*type)
        return job->unplayed ? NULL : job->variant;
    return pdn_variant_by_gametype(type);
}

static void
put_name(const pdn_game *g, const char *tag, pdn_strbuf *out)
{
    const char *v = pdn_game_tag(g, tag);
    pdn_strbuf_puts(out, v && *v ? v : "?");
    pdn_strbuf_putc(out, '\0');
}

/* pdn_read_work.work: @g replayed, for its errors and opening, and its
 * facts (game_facts, then its names) in @out.  Reads @job and nothing
 * else: threads call it at once. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    const stats_job *job = ctx;
    const pdn_variant *v = variant_of(job, g);
    pdn_strbuf line = PDN_STRBUF_INIT;
    opening op = {.v = v, .want = job->plies, .line = &line};

    (void)cli, (void)d;
    pdn_replay_options o = {.variant = job->variant,
                            .unplayed = job->unplayed,
                            .moves_only = true,
                            .main_line_only = true,
                            .on_move = job->by == BY_OPENING ? on_move : NULL,
                            .ctx = &op};
    pdn_replay_result res;
    pdn_diags rd = PDN_DIAGS_INIT;
    size_t errors = g->errors;
    rd.count_only = true;
    if (!g->errors)
        errors += pdn_replay_game(g, &o, &rd, &res);
    pdn_diags_free(&rd);
    const char *text = pdn_game_result_text(g);
    game_facts f = {.plies = pdn_game_plies(g),
                    .errors = errors > 0,
                    .result = (uint8_t)(text ? pdn_result_of(text, strlen(text))
                                             : PDN_RESULT_NONE),
                    .first = (uint8_t)(v ? v->first : 2),
                    .opened = op.plies == job->plies};
    pdn_strbuf_put(out, (const char *)&f, sizeof f);
    put_name(g, "White", out);
    put_name(g, "Black", out);
    put_name(g, "Event", out);
    pdn_strbuf_put(out, line.ptr ? line.ptr : "", line.len);
    pdn_strbuf_putc(out, '\0');
    pdn_strbuf_free(&line);
    return 0;
}

/* The index of the name at *@p in @x; *@p moves past it. */
static uint32_t
next_name(pdn_str_index *x, const char **p)
{
    size_t len = strlen(*p);
    uint32_t i = (uint32_t)pdn_str_index_of(x, *p, len, NULL);
    *p += len + 1;
    return i;
}

/* pdn_read_work.done: a game counted, in file order. */
static void
count_game(const pdn_cli *cli, long value, const char *file,
           const pdn_strbuf *out, void *ctx)
{
    stats_job *job = ctx;
    game_facts f;

    (void)cli, (void)value, (void)file;
    memcpy(&f, out->ptr, sizeof f);
    const char *p = out->ptr + sizeof f;
    job->games++;
    job->errors += f.errors;
    job->lengths[f.plies < STATS_PLIES_MAX ? f.plies : STATS_PLIES_MAX]++;
    job->results[f.result]++;
    const pdn_variant first = {.first = (pdn_color)f.first};
    outcome out_ =
        outcome_of((pdn_result)f.result, f.first < 2 ? &first : NULL);

    if (job->by == BY_PLAYER || job->by == BY_EVENT) {
        uint32_t w = next_name(job->players, &p);
        uint32_t b = next_name(job->players, &p);
        size_t n = pdn_str_index_count(job->players);
        if (n > job->nplayer_rows) {
            job->player_rows =
                pdn_xrealloc(job->player_rows, n * sizeof *job->player_rows);
            memset(job->player_rows + job->nplayer_rows, 0,
                   (n - job->nplayer_rows) * sizeof *job->player_rows);
            job->nplayer_rows = n;
        }
        add(&job->player_rows[w].white, out_, true);
        add(&job->player_rows[b].black, out_, false);
        if (job->by == BY_EVENT) {
            if (job->nevent_games == job->capevent_games) {
                job->capevent_games =
                    job->capevent_games ? 2 * job->capevent_games : 256;
                job->event_games = pdn_xrealloc(job->event_games,
                                                job->capevent_games *
                                                    sizeof *job->event_games);
            }
            job->event_games[job->nevent_games++] =
                (event_game){.event = next_name(job->events, &p),
                             .white = w,
                             .black = b,
                             .outcome = (uint8_t)out_};
        }
    } else if (job->by == BY_OPENING) {
        if (!f.opened) {
            job->shorter++;
            return;
        }
        p += strlen(p) + 1; /* White */
        p += strlen(p) + 1; /* Black */
        p += strlen(p) + 1; /* Event */
        size_t i = next_name(job->openings, &p);
        if (i >= job->nopening_rows) {
            job->opening_rows = pdn_xrealloc(
                job->opening_rows, (i + 1) * sizeof *job->opening_rows);
            memset(job->opening_rows + job->nopening_rows, 0,
                   (i + 1 - job->nopening_rows) * sizeof *job->opening_rows);
            job->nopening_rows = i + 1;
        }
        opening_row *row = &job->opening_rows[i];
        row->games++;
        row->white_wins += out_ == WHITE_WON;
        row->draws += out_ == DRAWN;
        row->black_wins += out_ == BLACK_WON;
    }
}

/* ---- Tables ---- */

/* A report laid out: a title, a header, and rows of cells (each a string
 * made with pdn_strbuf), the first column text and the others numbers
 * (aligned right in text). */
typedef struct table {
    char *title;
    size_t ncols;
    char **head;
    char **cells; /* rows * ncols */
    size_t nrows, caprows;
} table;

static void
table_init(table *t, const char *title, size_t ncols, const char *const *head)
{
    *t = (table){.title = pdn_xstrndup(title, strlen(title)), .ncols = ncols};
    t->head = pdn_xmalloc(ncols * sizeof *t->head);
    for (size_t i = 0; i < ncols; i++)
        t->head[i] = pdn_xstrndup(head[i], strlen(head[i]));
}

/* Adds a row of the table's columns, its cells for the caller to fill
 * (with cell()). */
static char **
table_row(table *t)
{
    if (t->nrows == t->caprows) {
        t->caprows = t->caprows ? 2 * t->caprows : 64;
        t->cells =
            pdn_xrealloc(t->cells, t->caprows * t->ncols * sizeof *t->cells);
    }
    char **row = t->cells + t->nrows++ * t->ncols;
    memset(row, 0, t->ncols * sizeof *row);
    return row;
}

static char *
cell(const char *fmt, ...)
{
    va_list ap;
    char buf[512];
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    return pdn_xstrndup(buf,
                        (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void
table_free(table *t)
{
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    for (size_t i = 0; i < t->ncols; i++)
        free(t->head[i]);
    free(t->cells);
    free(t->head);
    free(t->title);
}

/* The width of @s in columns: its characters (UTF-8). */
static size_t
width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void
pad(pdn_strbuf *out, size_t n)
{
    while (n--)
        pdn_strbuf_putc(out, ' ');
}

/* @t as text: the title, then the columns two blanks apart. */
static void
table_text(const table *t, pdn_strbuf *out)
{
    size_t *w = pdn_xcalloc(t->ncols, sizeof *w);
    for (size_t c = 0; c < t->ncols; c++) {
        w[c] = width(t->head[c]);
        for (size_t r = 0; r < t->nrows; r++) {
            size_t k = width(t->cells[r * t->ncols + c]);
            w[c] = k > w[c] ? k : w[c];
        }
    }
    pdn_strbuf_printf(out, "%s\n", t->title);
    for (size_t r = 0; r <= t->nrows; r++) {
        char *const *row = r ? t->cells + (r - 1) * t->ncols : t->head;
        for (size_t c = 0; c < t->ncols; c++) {
            size_t k = w[c] - width(row[c]);
            if (c)
                pdn_strbuf_puts(out, "  ");
            if (c)
                pad(out, k);
            pdn_strbuf_puts(out, row[c]);
            if (!c && t->ncols > 1)
                pad(out, k);
        }
        pdn_strbuf_putc(out, '\n');
    }
    free(w);
}

/* @t as an HTML section: its title a heading, then a table. */
static void
table_html(const table *t, pdn_strbuf *out)
{
    pdn_strbuf_puts(out, "<h2>");
    pdn_report_html_escape(t->title, out);
    pdn_strbuf_puts(out, "</h2>\n<table class=\"summary\">\n<thead><tr>");
    for (size_t c = 0; c < t->ncols; c++) {
        pdn_strbuf_puts(out, "<th>");
        pdn_report_html_escape(t->head[c], out);
        pdn_strbuf_puts(out, "</th>");
    }
    pdn_strbuf_puts(out, "</tr></thead>\n<tbody>\n");
    for (size_t r = 0; r < t->nrows; r++) {
        pdn_strbuf_puts(out, "<tr>");
        for (size_t c = 0; c < t->ncols; c++) {
            pdn_strbuf_puts(out, "<td>");
            pdn_report_html_escape(t->cells[r * t->ncols + c], out);
            pdn_strbuf_puts(out, "</td>");
        }
        pdn_strbuf_puts(out, "</tr>\n");
    }
    pdn_strbuf_puts(out, "</tbody>\n</table>\n");
}

/* ---- Reports ---- */

/* A score in per cent: wins and half the draws, of the games decided or
 * drawn; "-" with none. */
static char *
score_cell(uint64_t wins, uint64_t draws, uint64_t losses)
{
    uint64_t n = wins + draws + losses;
    if (!n)
        return cell("-");
    return cell("%.1f%%",
                100.0 * ((double)wins + (double)draws / 2) / (double)n);
}

static double
score_of(uint64_t wins, uint64_t draws, uint64_t losses)
{
    uint64_t n = wins + draws + losses;
    return n ? ((double)wins + (double)draws / 2) / (double)n : 0;
}

static tally
both(const player_row *p)
{
    return (tally){
        p->white.games + p->black.games, p->white.wins + p->black.wins,
        p->white.draws + p->black.draws, p->white.losses + p->black.losses};
}

/* Pairs {games, index}: most games first, then in the order met. */
static int
by_games(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] > y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* The indices 0..@n-1 by @games: most first, then in the order met (as
 * pairs {games, index}; free the result). */
static uint64_t *
ranked(size_t n, const uint64_t *games)
{
    uint64_t *pairs = pdn_xmalloc((n ? n : 1) * 2 * sizeof *pairs);
    for (size_t i = 0; i < n; i++) {
        pairs[2 * i] = games[i];
        pairs[2 * i + 1] = i;
    }
    qsort(pairs, n, 2 * sizeof *pairs, by_games);
    return pairs;
}

static void
put_json_tally(const char *name, const tally *t, pdn_strbuf *out)
{
    pdn_strbuf_printf(out,
                      "\"%s\":{\"games\":%llu,\"wins\":%llu,\"draws\":%llu,"
                      "\"losses\":%llu}",
                      name, (unsigned long long)t->games,
                      (unsigned long long)t->wins, (unsigned long long)t->draws,
                      (unsigned long long)t->losses);
}

static void
put_json_name(const char *key, const char *value, pdn_strbuf *out)
{
    pdn_strbuf_printf(out, "\"%s\":", key);
    pdn_json_string(value, strlen(value), out);
}

/* By player: a row each, most games first. */
static void
report_players(const stats_job *job, table *t, pdn_strbuf *json)
{
    static const char *const head[] = {"player", "games", "+", "=", "-",
                                       "score",  "white", "+", "=", "-",
                                       "black",  "+",     "=", "-"};
    size_t n = job->nplayer_rows;
    uint64_t *games = pdn_xmalloc((n ? n : 1) * sizeof *games);
    for (size_t i = 0; i < n; i++)
        games[i] = both(&job->player_rows[i]).games;
    uint64_t *order = ranked(n, games);
    table_init(t, "By player", 14, head);
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)order[2 * k + 1];
        const player_row *p = &job->player_rows[i];
        tally a = both(p);
        const char *name = pdn_str_index_key(job->players, i);
        if (json) {
            pdn_strbuf_putc(json, '{');
            put_json_name("player", name, json);
            pdn_strbuf_printf(
                json,
                ",\"games\":%llu,\"wins\":%llu,\"draws\":%llu,\"losses\":"
                "%llu,\"score\":%.4f,",
                (unsigned long long)a.games, (unsigned long long)a.wins,
                (unsigned long long)a.draws, (unsigned long long)a.losses,
                score_of(a.wins, a.draws, a.losses));
            put_json_tally("white", &p->white, json);
            pdn_strbuf_putc(json, ',');
            put_json_tally("black", &p->black, json);
            pdn_strbuf_puts(json, "}\n");
            continue;
        }
        char **row = table_row(t);
        row[0] = cell("%s", name);
        row[1] = cell("%llu", (unsigned long long)a.games);
        row[2] = cell("%llu", (unsigned long long)a.wins);
        row[3] = cell("%llu", (unsigned long long)a.draws);
        row[4] = cell("%llu", (unsigned long long)a.losses);
        row[5] = score_cell(a.wins, a.draws, a.losses);
        const tally *side[2] = {&p->white, &p->black};
        for (int c = 0; c < 2; c++) {
            row[6 + 4 * c] = cell("%llu", (unsigned long long)side[c]->games);
            row[7 + 4 * c] = cell("%llu", (unsigned long long)side[c]->wins);
            row[8 + 4 * c] = cell("%llu", (unsigned long long)side[c]->draws);
            row[9 + 4 * c] = cell("%llu", (unsigned long long)side[c]->losses);
        }
    }
    free(order);
    free(games);
}

/* Points in halves, so that they add up exactly. */
static unsigned
half_points(outcome o, bool white)
{
    if (o == DRAWN)
        return 1;
    return o == (white ? WHITE_WON : BLACK_WON) ? 2 : 0;
}

static char *
points_cell(uint64_t halves)
{
    return halves % 2 ? cell("%llu.5", (unsigned long long)(halves / 2))
                      : cell("%llu", (unsigned long long)(halves / 2));
}

/* By event: the crosstable of @event, whose @ngames games are at @games:
 * its players by points (then games, then as met), each with the points
 * it took from each other, by the other's rank. */
static void
report_event(const stats_job *job, uint32_t event, const event_game *games,
             size_t ngames, table *t, pdn_strbuf *json)
{
    /* The event's players, numbered as met. */
    pdn_str_index *local = pdn_str_index_new();
    for (size_t k = 0; k < ngames; k++) {
        const event_game *e = &games[k];
        const uint32_t ids[2] = {e->white, e->black};
        for (int c = 0; c < 2; c++) {
            const char *name = pdn_str_index_key(job->players, ids[c]);
            pdn_str_index_of(local, name, strlen(name), NULL);
        }
    }
    size_t n = pdn_str_index_count(local);
    uint64_t *pts = pdn_xcalloc(n * n + 1, sizeof *pts); /* halves */
    uint64_t *met = pdn_xcalloc(n * n + 1, sizeof *met);
    tally *all = pdn_xcalloc(n + 1, sizeof *all);
    uint64_t *halves = pdn_xcalloc(n + 1, sizeof *halves);
    for (size_t k = 0; k < ngames; k++) {
        const event_game *e = &games[k];
        const char *wn = pdn_str_index_key(job->players, e->white);
        const char *bn = pdn_str_index_key(job->players, e->black);
        size_t w = pdn_str_index_of(local, wn, strlen(wn), NULL);
        size_t b = pdn_str_index_of(local, bn, strlen(bn), NULL);
        outcome o = (outcome)e->outcome;
        pts[w * n + b] += half_points(o, true);
        pts[b * n + w] += half_points(o, false);
        met[w * n + b]++;
        met[b * n + w]++;
        add(&all[w], o, true);
        add(&all[b], o, false);
        halves[w] += half_points(o, true);
        halves[b] += half_points(o, false);
    }
    /* The ranking: by points (halves), then games, then as met. */
    uint64_t *key = pdn_xmalloc((n + 1) * sizeof *key);
    for (size_t i = 0; i < n; i++)
        key[i] = halves[i] << 20 | (all[i].games & 0xFFFFF);
    uint64_t *order = ranked(n, key);
    const char *name = pdn_str_index_key(job->events, event);
    if (json) {
        for (size_t k = 0; k < n; k++) {
            size_t i = (size_t)order[2 * k + 1];
            pdn_strbuf_putc(json, '{');
            put_json_name("event", name, json);
            pdn_strbuf_putc(json, ',');
            put_json_name("player", pdn_str_index_key(local, i), json);
            pdn_strbuf_printf(json,
                              ",\"rank\":%zu,\"points\":%.1f,\"games\":%llu,"
                              "\"wins\":%llu,\"draws\":%llu,\"losses\":%llu,"
                              "\"against\":[",
                              k + 1, (double)halves[i] / 2,
                              (unsigned long long)all[i].games,
                              (unsigned long long)all[i].wins,
                              (unsigned long long)all[i].draws,
                              (unsigned long long)all[i].losses);
            bool first = true;
            for (size_t q = 0; q < n; q++) {
                size_t j = (size_t)order[2 * q + 1];
                if (!met[i * n + j])
                    continue;
                if (!first)
                    pdn_strbuf_putc(json, ',');
                first = false;
                pdn_strbuf_putc(json, '{');
                put_json_name("player", pdn_str_index_key(local, j), json);
                pdn_strbuf_printf(json, ",\"points\":%.1f,\"games\":%llu}",
                                  (double)pts[i * n + j] / 2,
                                  (unsigned long long)met[i * n + j]);
            }
            pdn_strbuf_puts(json, "]}\n");
        }
    } else {
        size_t ncols = 4 + n;
        const char **head = pdn_xmalloc(ncols * sizeof *head);
        char **numbers = pdn_xmalloc((n + 1) * sizeof *numbers);
        head[0] = "player";
        head[1] = "#";
        head[2] = "points";
        head[3] = "games";
        for (size_t k = 0; k < n; k++) {
            numbers[k] = cell("%zu", k + 1);
            head[4 + k] = numbers[k];
        }
        pdn_strbuf title = PDN_STRBUF_INIT;
        pdn_strbuf_printf(&title, "%s", name);
        table_init(t, title.ptr, ncols, head);
        pdn_strbuf_free(&title);
        for (size_t k = 0; k < n; k++) {
            size_t i = (size_t)order[2 * k + 1];
            char **row = table_row(t);
            row[0] = cell("%s", pdn_str_index_key(local, i));
            row[1] = cell("%zu", k + 1);
            row[2] = points_cell(halves[i]);
            row[3] = cell("%llu", (unsigned long long)all[i].games);
            for (size_t q = 0; q < n; q++) {
                size_t j = (size_t)order[2 * q + 1];
                row[4 + q] = i == j            ? cell("x")
                             : !met[i * n + j] ? cell(".")
                                               : points_cell(pts[i * n + j]);
            }
        }
        for (size_t k = 0; k < n; k++)
            free(numbers[k]);
        free(numbers);
        free(head);
    }
    free(order);
    free(key);
    free(halves);
    free(all);
    free(met);
    free(pts);
    pdn_str_index_free(local);
}

/* By opening: a row each, most played first. */
static void
report_openings(const stats_job *job, table *t, pdn_strbuf *json)
{
    static const char *const head[] = {"opening", "games",      "white wins",
                                       "draws",   "black wins", "white score"};
    size_t n = job->nopening_rows;
    uint64_t *games = pdn_xmalloc((n ? n : 1) * sizeof *games);
    for (size_t i = 0; i < n; i++)
        games[i] = job->opening_rows[i].games;
    uint64_t *order = ranked(n, games);
    pdn_strbuf title = PDN_STRBUF_INIT;
    pdn_strbuf_printf(&title, "By opening: the first %d plies", job->plies);
    table_init(t, title.ptr, 6, head);
    pdn_strbuf_free(&title);
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)order[2 * k + 1];
        const opening_row *o = &job->opening_rows[i];
        const char *line = pdn_str_index_key(job->openings, i);
        if (json) {
            pdn_strbuf_putc(json, '{');
            put_json_name("opening", line, json);
            pdn_strbuf_printf(json,
                              ",\"games\":%llu,\"white_wins\":%llu,\"draws\":"
                              "%llu,\"black_wins\":%llu}\n",
                              (unsigned long long)o->games,
                              (unsigned long long)o->white_wins,
                              (unsigned long long)o->draws,
                              (unsigned long long)o->black_wins);
            continue;
        }
        char **row = table_row(t);
        row[0] = cell("%s", line);
        row[1] = cell("%llu", (unsigned long long)o->games);
        row[2] = cell("%llu", (unsigned long long)o->white_wins);
        row[3] = cell("%llu", (unsigned long long)o->draws);
        row[4] = cell("%llu", (unsigned long long)o->black_wins);
        row[5] = score_cell(o->white_wins, o->draws, o->black_wins);
    }
    free(order);
    free(games);
}

/* By result: each result as written, its games and share. */
static void
report_results(const stats_job *job, table *t, pdn_strbuf *json)
{
    static const char *const head[] = {"result", "games", "share"};
    static const struct {
        pdn_result r;
        const char *text;
    } rows[] = {{PDN_RESULT_FIRST, "1-0"},     {PDN_RESULT_SECOND, "0-1"},
                {PDN_RESULT_DRAW, "1/2-1/2"},  {PDN_RESULT_UNKNOWN, "*"},
                {PDN_RESULT_BOTH_LOST, "0-0"}, {PDN_RESULT_NONE, "none"}};
    table_init(t, "By result (1-0: the first mover won)", 3, head);
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        uint64_t n = job->results[rows[k].r];
        double share = job->games ? (double)n / (double)job->games : 0;
        if (json) {
            pdn_strbuf_printf(
                json, "{\"result\":\"%s\",\"games\":%llu,\"share\":%.4f}\n",
                rows[k].text, (unsigned long long)n, share);
            continue;
        }
        char **row = table_row(t);
        row[0] = cell("%s", rows[k].text);
        row[1] = cell("%llu", (unsigned long long)n);
        row[2] = cell("%.1f%%", 100 * share);
    }
}

/* The mean and median length, in plies. */
static void
lengths(const stats_job *job, double *mean, uint64_t *median)
{
    uint64_t sum = 0, seen = 0;
    *median = 0;
    for (size_t p = 0; p <= STATS_PLIES_MAX; p++)
        sum += p * job->lengths[p];
    *mean = job->games ? (double)sum / (double)job->games : 0;
    for (size_t p = 0; p <= STATS_PLIES_MAX; p++) {
        seen += job->lengths[p];
        if (2 * seen >= job->games && job->games) {
            *median = p;
            break;
        }
    }
}

/* The line under every report. */
static void
summary(const stats_job *job, bool html, pdn_strbuf *out)
{
    double mean;
    uint64_t median;
    lengths(job, &mean, &median);
    pdn_strbuf_printf(out,
                      "%s%llu game%s; length %.1f plies on average, %llu the "
                      "median; %llu with errors",
                      html ? "<p>" : "", (unsigned long long)job->games,
                      pdn_args_plural(job->games), mean,
                      (unsigned long long)median,
                      (unsigned long long)job->errors);
    if (job->by == BY_OPENING)
        pdn_strbuf_printf(out, "; %llu shorter than %d plies",
                          (unsigned long long)job->shorter, job->plies);
    pdn_strbuf_puts(out, html ? ".</p>\n" : ".\n");
}

/* The whole report, on cli->out. */
static void
report(const pdn_cli *cli, const stats_job *job)
{
    pdn_strbuf out = PDN_STRBUF_INIT;
    bool json = job->format == FORMAT_JSON, html = job->format == FORMAT_HTML;
    size_t ntables = job->by == BY_EVENT ? pdn_str_index_count(job->events) : 1;
    /* The events' games, each event's together (a counting sort). */
    size_t *from = pdn_xcalloc(ntables + 1, sizeof *from);
    event_game *grouped = NULL;
    if (job->by == BY_EVENT) {
        for (size_t k = 0; k < job->nevent_games; k++)
            from[job->event_games[k].event + 1]++;
        for (size_t e = 0; e < ntables; e++)
            from[e + 1] += from[e];
        grouped = pdn_xmalloc((job->nevent_games + 1) * sizeof *grouped);
        size_t *at = pdn_xmalloc((ntables + 1) * sizeof *at);
        memcpy(at, from, (ntables + 1) * sizeof *at);
        for (size_t k = 0; k < job->nevent_games; k++)
            grouped[at[job->event_games[k].event]++] = job->event_games[k];
        free(at);
    }
    if (html)
        pdn_report_html_begin("pdn stats", &out);
    for (size_t k = 0; k < ntables; k++) {
        table t = {0};
        pdn_strbuf *j = json ? &out : NULL;
        switch (job->by) {
        case BY_PLAYER:
            report_players(job, &t, j);
            break;
        case BY_EVENT:
            report_event(job, (uint32_t)k, grouped + from[k],
                         from[k + 1] - from[k], &t, j);
            break;
        case BY_OPENING:
            report_openings(job, &t, j);
            break;
        default:
            report_results(job, &t, j);
        }
        if (html)
            table_html(&t, &out);
        else if (!json) {
            if (k)
                pdn_strbuf_putc(&out, '\n');
            table_text(&t, &out);
        }
        if (t.head)
            table_free(&t);
    }
    if (json) {
        double mean;
        uint64_t median;
        lengths(job, &mean, &median);
        pdn_strbuf_printf(&out,
                          "{\"summary\":{\"games\":%llu,\"plies_mean\":%.2f,"
                          "\"plies_median\":%llu,\"errors\":%llu",
                          (unsigned long long)job->games, mean,
                          (unsigned long long)median,
                          (unsigned long long)job->errors);
        if (job->by == BY_OPENING)
            pdn_strbuf_printf(&out, ",\"shorter\":%llu",
                              (unsigned long long)job->shorter);
        pdn_strbuf_puts(&out, "}}\n");
    } else {
        if (!html)
            pdn_strbuf_putc(&out, '\n');
        summary(job, html, &out);
    }
    if (html)
        pdn_report_html_end(&out);
    fwrite(out.ptr, 1, out.len, cli->out);
    pdn_strbuf_free(&out);
    free(grouped);
    free(from);
}

/* ---- Arguments and the run ---- */

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    stats_job job = {.plies = 6,
                     .players = pdn_str_index_new(),
                     .events = pdn_str_index_new(),
                     .openings = pdn_str_index_new()};
    pdn_shared s;
    pdn_read_job rj;
    pdn_read_work work = {
        .pick = pdn_shard_pick, .work = work_game, .done = count_game};
    int rc =
        pdn_command_args(cli, &pdn_stats_command, argc, argv, &s, NULL, &job);

    job.variant = s.variant ? s.variant : pdn_variant_default();
    job.unplayed = s.unplayed;
    if (rc < 0) {
        job.shard.args = &s;
        rc = pdn_shared_read_work(cli, &s, CMD, false, &work, &job, &rj);
        if (rc != PDN_EXIT_USAGE)
            report(cli, &job);
    }
    pdn_str_index_free(job.players);
    pdn_str_index_free(job.events);
    pdn_str_index_free(job.openings);
    free(job.player_rows);
    free(job.event_games);
    free(job.opening_rows);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(stats, "count by player, event, opening or result",
            "[OPTION]... [FILE]...", stats_about, 0, stats_more,
            PDN_COMMAND_GAMES, "@file");
