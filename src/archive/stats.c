/* stats.c -- what an archive holds, counted: by player (games, wins,
 * draws, losses and score, as White and as Black), by event (a
 * crosstable), by opening (the first plies and how each side scored), or
 * by result; with the length of the games and how many have errors.
 *
 * Each game adds to counts kept by player, event and opening (strings
 * numbered by base/str_index.h), and to a histogram of lengths; an event
 * keeps a record of a few words a game for its crosstable.  The report is
 * laid out as tables (report/table.h), written as aligned text or as an
 * HTML page; JSON Lines are written from the counts, a row an object.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/stats.h"
#include "base/json_string.h"
#include "base/str_index.h"
#include "base/xalloc.h"
#include "replay/replay.h"
#include "report/report.h"
#include "report/table.h"
#include "rules/notation.h"

/* Lengths above this many plies are counted together. */
#define STATS_PLIES_MAX 1000

/* Games, and how they ended for one side. */
typedef struct tally {
    uint64_t games, wins, draws, losses;
} tally;

typedef struct player_row {
    tally white, black;
} player_row;

/* A game of an event, for its crosstable. */
typedef struct event_game {
    uint32_t event, white, black; /* indices in the st's tables */
    uint8_t outcome;
} event_game;

typedef struct opening_row {
    uint64_t games, white_wins, draws, black_wins;
} opening_row;

/* How a game ended, for White. */
typedef enum outcome {
    WHITE_WON,
    DRAWN,
    BLACK_WON,
    UNDECIDED /* "*", no result, both lost */
} outcome;

/* What pdn_stats_facts() makes of a game for pdn_stats_add(): the
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

struct pdn_stats {
    pdn_stats_by by;
    int plies; /* the opening's */
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
};

/* ---- Counting ---- */

pdn_stats *
pdn_stats_new(pdn_stats_by by, int opening_plies)
{
    pdn_stats *st = pdn_xcalloc(1, sizeof *st);
    st->by = by;
    st->plies = opening_plies;
    st->players = pdn_str_index_new();
    st->events = pdn_str_index_new();
    st->openings = pdn_str_index_new();
    return st;
}

void
pdn_stats_free(pdn_stats *st)
{
    if (st) {
        pdn_str_index *names[] = {st->players, st->events, st->openings};
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            pdn_str_index_free(names[i]);
        free(st->player_rows);
        free(st->event_games);
        free(st->opening_rows);
    }
    free(st);
}

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

/* The variant @g is replayed in: its GameType's, else @o's; NULL for a
 * GameType not played. */
static const pdn_variant *
variant_of(const pdn_replay_options *o, const pdn_game *g)
{
    const char *type = pdn_game_tag(g, "GameType");
    if (!type || !*type)
        return o->unplayed ? NULL : o->variant;
    return pdn_variant_by_gametype(type);
}

static void
put_name(const pdn_game *g, const char *tag, pdn_strbuf *out)
{
    const char *v = pdn_game_tag(g, tag);
    pdn_strbuf_puts(out, v && *v ? v : "?");
    pdn_strbuf_putc(out, '\0');
}

void
pdn_stats_facts(const pdn_stats *st, const pdn_game *g,
                const pdn_variant *variant, int unplayed, pdn_strbuf *out)
{
    pdn_strbuf line = PDN_STRBUF_INIT;
    pdn_replay_options o = {.variant = variant,
                            .unplayed = unplayed,
                            .moves_only = true,
                            .main_line_only = true,
                            .on_move =
                                st->by == PDN_STATS_BY_OPENING ? on_move : NULL,
                            .ctx = NULL};
    const pdn_variant *v = variant_of(&o, g);
    opening op = {.v = v, .want = st->plies, .line = &line};
    o.ctx = &op;
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
                    .opened = op.plies == st->plies};
    pdn_strbuf_put(out, (const char *)&f, sizeof f);
    put_name(g, "White", out);
    put_name(g, "Black", out);
    put_name(g, "Event", out);
    pdn_strbuf_put(out, line.ptr ? line.ptr : "", line.len);
    pdn_strbuf_putc(out, '\0');
    pdn_strbuf_free(&line);
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

void
pdn_stats_add(pdn_stats *st, const char *facts)
{
    game_facts f;

    memcpy(&f, facts, sizeof f);
    const char *p = facts + sizeof f;
    st->games++;
    st->errors += f.errors;
    st->lengths[f.plies < STATS_PLIES_MAX ? f.plies : STATS_PLIES_MAX]++;
    st->results[f.result]++;
    const pdn_variant first = {.first = (pdn_color)f.first};
    outcome out_ =
        outcome_of((pdn_result)f.result, f.first < 2 ? &first : NULL);

    if (st->by == PDN_STATS_BY_PLAYER || st->by == PDN_STATS_BY_EVENT) {
        uint32_t w = next_name(st->players, &p);
        uint32_t b = next_name(st->players, &p);
        size_t n = pdn_str_index_count(st->players);
        if (n > st->nplayer_rows) {
            st->player_rows =
                pdn_xrealloc(st->player_rows, n * sizeof *st->player_rows);
            memset(st->player_rows + st->nplayer_rows, 0,
                   (n - st->nplayer_rows) * sizeof *st->player_rows);
            st->nplayer_rows = n;
        }
        add(&st->player_rows[w].white, out_, true);
        add(&st->player_rows[b].black, out_, false);
        if (st->by == PDN_STATS_BY_EVENT) {
            if (st->nevent_games == st->capevent_games) {
                st->capevent_games =
                    st->capevent_games ? 2 * st->capevent_games : 256;
                st->event_games =
                    pdn_xrealloc(st->event_games,
                                 st->capevent_games * sizeof *st->event_games);
            }
            st->event_games[st->nevent_games++] =
                (event_game){.event = next_name(st->events, &p),
                             .white = w,
                             .black = b,
                             .outcome = (uint8_t)out_};
        }
    } else if (st->by == PDN_STATS_BY_OPENING) {
        if (!f.opened) {
            st->shorter++;
            return;
        }
        p += strlen(p) + 1; /* White */
        p += strlen(p) + 1; /* Black */
        p += strlen(p) + 1; /* Event */
        size_t i = next_name(st->openings, &p);
        if (i >= st->nopening_rows) {
            st->opening_rows = pdn_xrealloc(st->opening_rows,
                                            (i + 1) * sizeof *st->opening_rows);
            memset(st->opening_rows + st->nopening_rows, 0,
                   (i + 1 - st->nopening_rows) * sizeof *st->opening_rows);
            st->nopening_rows = i + 1;
        }
        opening_row *row = &st->opening_rows[i];
        row->games++;
        row->white_wins += out_ == WHITE_WON;
        row->draws += out_ == DRAWN;
        row->black_wins += out_ == BLACK_WON;
    }
}

/* ---- Reports ---- */

/* A score in per cent: wins and half the draws, of the games decided or
 * drawn; "-" with none. */
static char *
score_cell(uint64_t wins, uint64_t draws, uint64_t losses)
{
    uint64_t n = wins + draws + losses;
    if (!n)
        return pdn_table_cell("-");
    return pdn_table_cell("%.1f%%", 100.0 * ((double)wins + (double)draws / 2) /
                                        (double)n);
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
report_players(const pdn_stats *st, pdn_table *t, pdn_strbuf *json)
{
    static const char *const head[] = {"player", "games", "+", "=", "-",
                                       "score",  "white", "+", "=", "-",
                                       "black",  "+",     "=", "-"};
    size_t n = st->nplayer_rows;
    uint64_t *games = pdn_xmalloc((n ? n : 1) * sizeof *games);
    for (size_t i = 0; i < n; i++)
        games[i] = both(&st->player_rows[i]).games;
    uint64_t *order = ranked(n, games);
    pdn_table_init(t, "By player", 14, head);
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)order[2 * k + 1];
        const player_row *p = &st->player_rows[i];
        tally a = both(p);
        const char *name = pdn_str_index_key(st->players, i);
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
        char **row = pdn_table_row(t);
        row[0] = pdn_table_cell("%s", name);
        row[1] = pdn_table_cell("%llu", (unsigned long long)a.games);
        row[2] = pdn_table_cell("%llu", (unsigned long long)a.wins);
        row[3] = pdn_table_cell("%llu", (unsigned long long)a.draws);
        row[4] = pdn_table_cell("%llu", (unsigned long long)a.losses);
        row[5] = score_cell(a.wins, a.draws, a.losses);
        const tally *side[2] = {&p->white, &p->black};
        for (int c = 0; c < 2; c++) {
            row[6 + 4 * c] =
                pdn_table_cell("%llu", (unsigned long long)side[c]->games);
            row[7 + 4 * c] =
                pdn_table_cell("%llu", (unsigned long long)side[c]->wins);
            row[8 + 4 * c] =
                pdn_table_cell("%llu", (unsigned long long)side[c]->draws);
            row[9 + 4 * c] =
                pdn_table_cell("%llu", (unsigned long long)side[c]->losses);
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
    return halves % 2
               ? pdn_table_cell("%llu.5", (unsigned long long)(halves / 2))
               : pdn_table_cell("%llu", (unsigned long long)(halves / 2));
}

/* By event: the crosstable of @event, whose @ngames games are at @games:
 * its players by points (then games, then as met), each with the points
 * it took from each other, by the other's rank. */
static void
report_event(const pdn_stats *st, uint32_t event, const event_game *games,
             size_t ngames, pdn_table *t, pdn_strbuf *json)
{
    /* The event's players, numbered as met. */
    pdn_str_index *local = pdn_str_index_new();
    for (size_t k = 0; k < ngames; k++) {
        const event_game *e = &games[k];
        const uint32_t ids[2] = {e->white, e->black};
        for (int c = 0; c < 2; c++) {
            const char *name = pdn_str_index_key(st->players, ids[c]);
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
        const char *wn = pdn_str_index_key(st->players, e->white);
        const char *bn = pdn_str_index_key(st->players, e->black);
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
    const char *name = pdn_str_index_key(st->events, event);
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
            numbers[k] = pdn_table_cell("%zu", k + 1);
            head[4 + k] = numbers[k];
        }
        pdn_strbuf title = PDN_STRBUF_INIT;
        pdn_strbuf_printf(&title, "%s", name);
        pdn_table_init(t, title.ptr, ncols, head);
        pdn_strbuf_free(&title);
        for (size_t k = 0; k < n; k++) {
            size_t i = (size_t)order[2 * k + 1];
            char **row = pdn_table_row(t);
            row[0] = pdn_table_cell("%s", pdn_str_index_key(local, i));
            row[1] = pdn_table_cell("%zu", k + 1);
            row[2] = points_cell(halves[i]);
            row[3] = pdn_table_cell("%llu", (unsigned long long)all[i].games);
            for (size_t q = 0; q < n; q++) {
                size_t j = (size_t)order[2 * q + 1];
                row[4 + q] = i == j            ? pdn_table_cell("x")
                             : !met[i * n + j] ? pdn_table_cell(".")
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
report_openings(const pdn_stats *st, pdn_table *t, pdn_strbuf *json)
{
    static const char *const head[] = {"opening", "games",      "white wins",
                                       "draws",   "black wins", "white score"};
    size_t n = st->nopening_rows;
    uint64_t *games = pdn_xmalloc((n ? n : 1) * sizeof *games);
    for (size_t i = 0; i < n; i++)
        games[i] = st->opening_rows[i].games;
    uint64_t *order = ranked(n, games);
    pdn_strbuf title = PDN_STRBUF_INIT;
    pdn_strbuf_printf(&title, "By opening: the first %d plies", st->plies);
    pdn_table_init(t, title.ptr, 6, head);
    pdn_strbuf_free(&title);
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)order[2 * k + 1];
        const opening_row *o = &st->opening_rows[i];
        const char *line = pdn_str_index_key(st->openings, i);
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
        char **row = pdn_table_row(t);
        row[0] = pdn_table_cell("%s", line);
        row[1] = pdn_table_cell("%llu", (unsigned long long)o->games);
        row[2] = pdn_table_cell("%llu", (unsigned long long)o->white_wins);
        row[3] = pdn_table_cell("%llu", (unsigned long long)o->draws);
        row[4] = pdn_table_cell("%llu", (unsigned long long)o->black_wins);
        row[5] = score_cell(o->white_wins, o->draws, o->black_wins);
    }
    free(order);
    free(games);
}

/* By result: each result as written, its games and share. */
static void
report_results(const pdn_stats *st, pdn_table *t, pdn_strbuf *json)
{
    static const char *const head[] = {"result", "games", "share"};
    static const struct {
        pdn_result r;
        const char *text;
    } rows[] = {{PDN_RESULT_FIRST, "1-0"},     {PDN_RESULT_SECOND, "0-1"},
                {PDN_RESULT_DRAW, "1/2-1/2"},  {PDN_RESULT_UNKNOWN, "*"},
                {PDN_RESULT_BOTH_LOST, "0-0"}, {PDN_RESULT_NONE, "none"}};
    pdn_table_init(t, "By result (1-0: the first mover won)", 3, head);
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        uint64_t n = st->results[rows[k].r];
        double share = st->games ? (double)n / (double)st->games : 0;
        if (json) {
            pdn_strbuf_printf(
                json, "{\"result\":\"%s\",\"games\":%llu,\"share\":%.4f}\n",
                rows[k].text, (unsigned long long)n, share);
            continue;
        }
        char **row = pdn_table_row(t);
        row[0] = pdn_table_cell("%s", rows[k].text);
        row[1] = pdn_table_cell("%llu", (unsigned long long)n);
        row[2] = pdn_table_cell("%.1f%%", 100 * share);
    }
}

/* The mean and median length, in plies. */
static void
lengths(const pdn_stats *st, double *mean, uint64_t *median)
{
    uint64_t sum = 0, seen = 0;
    *median = 0;
    for (size_t p = 0; p <= STATS_PLIES_MAX; p++)
        sum += p * st->lengths[p];
    *mean = st->games ? (double)sum / (double)st->games : 0;
    for (size_t p = 0; p <= STATS_PLIES_MAX; p++) {
        seen += st->lengths[p];
        if (2 * seen >= st->games && st->games) {
            *median = p;
            break;
        }
    }
}

/* The line under every report. */
static void
summary(const pdn_stats *st, bool html, pdn_strbuf *out)
{
    double mean;
    uint64_t median;
    lengths(st, &mean, &median);
    pdn_strbuf_printf(out,
                      "%s%llu game%s; length %.1f plies on average, %llu the "
                      "median; %llu with errors",
                      html ? "<p>" : "", (unsigned long long)st->games,
                      st->games == 1 ? "" : "s", mean,
                      (unsigned long long)median,
                      (unsigned long long)st->errors);
    if (st->by == PDN_STATS_BY_OPENING)
        pdn_strbuf_printf(out, "; %llu shorter than %d plies",
                          (unsigned long long)st->shorter, st->plies);
    pdn_strbuf_puts(out, html ? ".</p>\n" : ".\n");
}

void
pdn_stats_write(const pdn_stats *st, pdn_stats_format format, pdn_strbuf *out_)
{
    pdn_strbuf out = PDN_STRBUF_INIT;
    bool json = format == PDN_STATS_JSON, html = format == PDN_STATS_HTML;
    size_t ntables =
        st->by == PDN_STATS_BY_EVENT ? pdn_str_index_count(st->events) : 1;
    /* The events' games, each event's together (a counting sort). */
    size_t *from = pdn_xcalloc(ntables + 1, sizeof *from);
    event_game *grouped = NULL;
    if (st->by == PDN_STATS_BY_EVENT) {
        for (size_t k = 0; k < st->nevent_games; k++)
            from[st->event_games[k].event + 1]++;
        for (size_t e = 0; e < ntables; e++)
            from[e + 1] += from[e];
        grouped = pdn_xmalloc((st->nevent_games + 1) * sizeof *grouped);
        size_t *at = pdn_xmalloc((ntables + 1) * sizeof *at);
        memcpy(at, from, (ntables + 1) * sizeof *at);
        for (size_t k = 0; k < st->nevent_games; k++)
            grouped[at[st->event_games[k].event]++] = st->event_games[k];
        free(at);
    }
    if (html)
        pdn_report_html_begin("pdn stats", &out);
    for (size_t k = 0; k < ntables; k++) {
        pdn_table t = {0};
        pdn_strbuf *j = json ? &out : NULL;
        switch (st->by) {
        case PDN_STATS_BY_PLAYER:
            report_players(st, &t, j);
            break;
        case PDN_STATS_BY_EVENT:
            report_event(st, (uint32_t)k, grouped + from[k],
                         from[k + 1] - from[k], &t, j);
            break;
        case PDN_STATS_BY_OPENING:
            report_openings(st, &t, j);
            break;
        default:
            report_results(st, &t, j);
        }
        if (html)
            pdn_table_html(&t, &out);
        else if (!json) {
            if (k)
                pdn_strbuf_putc(&out, '\n');
            pdn_table_text(&t, &out);
        }
        if (t.head)
            pdn_table_free(&t);
    }
    if (json) {
        double mean;
        uint64_t median;
        lengths(st, &mean, &median);
        pdn_strbuf_printf(&out,
                          "{\"summary\":{\"games\":%llu,\"plies_mean\":%.2f,"
                          "\"plies_median\":%llu,\"errors\":%llu",
                          (unsigned long long)st->games, mean,
                          (unsigned long long)median,
                          (unsigned long long)st->errors);
        if (st->by == PDN_STATS_BY_OPENING)
            pdn_strbuf_printf(&out, ",\"shorter\":%llu",
                              (unsigned long long)st->shorter);
        pdn_strbuf_puts(&out, "}}\n");
    } else {
        if (!html)
            pdn_strbuf_putc(&out, '\n');
        summary(st, html, &out);
    }
    if (html)
        pdn_report_html_end(&out);
    pdn_strbuf_put(out_, out.ptr, out.len);
    pdn_strbuf_free(&out);
    free(grouped);
    free(from);
}
