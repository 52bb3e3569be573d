/* dialogue.c -- what pdn play says and does in a game against the engine
 * (dialogue.h).
 */
#include "play/dialogue.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "engine/search.h"
#include "play/record.h"
#include "rules/explain.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "syntax/reader.h"
#include "write/diagram.h"

/* The depths of the levels. */
#define LEVEL_EASY 4
#define LEVEL_MEDIUM 8
#define LEVEL_HARD 14
/* A hint searches this much deeper than the level. */
#define HINT_DEEPER 2

struct pdn_play_dialogue {
    pdn_play_settings set; /* its variant, rule and level those of the
                              saved game when it is taken up */
    bool flipped;
    pdn_color human;
    pdn_engine *engine;
    struct pdn_egdb *egdb; /* the engine's endgame database, or NULL */
    pdn_play_session game;
    bool counted; /* the game's end is in the record */
    char *line;   /* the line read */
    size_t cap;
};

bool
pdn_play_level_set(pdn_play_level *l, const char *name)
{
    static const struct {
        const char *name;
        int depth;
    } levels[] = {
        {"easy", LEVEL_EASY}, {"medium", LEVEL_MEDIUM}, {"hard", LEVEL_HARD}};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (!strcmp(name, levels[i].name)) {
            l->depth = levels[i].depth;
            snprintf(l->name, sizeof l->name, "%s", name);
            return true;
        }
    char *end;
    unsigned long long n =
        strtoull(name + (strncmp(name, "depth ", 6) ? 0 : 6), &end, 10);
    if (end != name && !strcmp(end, " ms") && n >= 1) {
        l->time_ms = n;
        snprintf(l->name, sizeof l->name, "%s", name);
        return true;
    }
    if (*end || end == name || n < 1 || n > PDN_PLAY_LEVEL_MAX)
        return false;
    l->depth = (int)n;
    l->time_ms = 0;
    snprintf(l->name, sizeof l->name, "depth %llu", n);
    return true;
}

pdn_play_dialogue *
pdn_play_dialogue_new(const pdn_play_settings *set)
{
    pdn_play_dialogue *d = pdn_xcalloc(1, sizeof *d);
    d->set = *set;
    return d;
}

void
pdn_play_dialogue_free(pdn_play_dialogue *d)
{
    if (!d)
        return;
    pdn_play_fini(&d->game);
    pdn_engine_free(d->engine);
    free(d->line);
    free(d);
}

/* ---- Files ---- */

/* The whole of @path, or NULL (*@len its size). */
static char *
read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    pdn_strbuf b = PDN_STRBUF_INIT;
    char block[4096];
    size_t n;
    while ((n = fread(block, 1, sizeof block, f)) > 0)
        pdn_strbuf_put(&b, block, n);
    fclose(f);
    *len = b.len;
    return b.ptr ? pdn_strbuf_detach(&b) : pdn_xstrndup("", 0);
}

/* Saves the game in @path, with its tags: the player, the engine at its
 * level, today. */
static void
save_game(const pdn_play_dialogue *d, const char *path)
{
    char date[16], engine[48];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    snprintf(engine, sizeof engine, "pdn (%s)", d->set.level.name);
    bool white = d->human == PDN_WHITE;
    const char *tags[] = {"Event",    "pdn play",
                          "Site",     "pdn",
                          "Date",     date,
                          "Round",    "-",
                          "White",    white ? "Player" : engine,
                          "Black",    white ? engine : "Player",
                          "DrawRule", d->set.rule->name,
                          NULL};
    pdn_strbuf text = PDN_STRBUF_INIT;
    pdn_play_pdn(&d->game, tags, &text);
    d->set.hooks.write_file(d->set.cli, path, text.ptr, text.len);
    pdn_strbuf_free(&text);
}

/* The record as saved (empty when there is none or it cannot be read,
 * which is said). */
static void
load_record(const pdn_play_dialogue *d, pdn_play_record *r)
{
    size_t len;
    char *text = read_file(d->set.record, &len);
    char err[160];
    *r = (pdn_play_record){0};
    if (text && pdn_play_record_read(r, text, len, err, sizeof err) != 0)
        fprintf(d->set.cli->err, "pdn play: %s: %s: the record starts again\n",
                d->set.record, err);
    free(text);
}

/* ---- Output ---- */

const char *
pdn_play_dialogue_shown_path(const pdn_play_dialogue *d, const char *path,
                             char buf[512])
{
    const char *home = d->set.cli->home;
    size_t n = home ? strlen(home) : 0;
    if (n > 1 && !strncmp(path, home, n) && path[n] == '/') {
        snprintf(buf, 512, "~%s", path + n);
        return buf;
    }
    return path;
}

static void
say(const pdn_play_dialogue *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(d->set.cli->out, fmt, ap);
    va_end(ap);
    fflush(d->set.cli->out);
}

static const char *
side_name(pdn_color c)
{
    return c == PDN_WHITE ? "White" : "Black";
}

/* The board, with the last move and the pieces that must capture marked. */
static void
draw(const pdn_play_dialogue *d)
{
    const pdn_board *b = pdn_play_board(&d->game);
    pdn_diagram_style st = {.unicode = d->set.unicode,
                            .colour = d->set.colour,
                            .flipped = d->flipped};
    if (d->game.plies) {
        const pdn_move *m = &d->game.moves[d->game.plies - 1];
        st.last = (pdn_bb)1 << m->from | (pdn_bb)1 << m->to;
    }
    pdn_move legal[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(d->set.v, b, legal);
    for (int i = 0; i < n; i++)
        if (legal[i].ncaptured)
            st.capturers |= (pdn_bb)1 << legal[i].from;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_strbuf_putc(&out, '\n');
    pdn_diagram_styled(d->set.v, b, &st, &out);
    fputs(out.ptr, d->set.cli->out);
    pdn_strbuf_free(&out);
    if (st.capturers)
        say(d, "%s must capture (marked %s).\n", side_name(b->side),
            d->set.colour ? "in red" : "*");
}

void
pdn_play_dialogue_show_record(pdn_play_dialogue *d)
{
    pdn_play_record r;
    pdn_strbuf text = PDN_STRBUF_INIT;
    load_record(d, &r);
    pdn_play_record_text(&r, &text);
    fputs(text.ptr, d->set.cli->out);
    pdn_strbuf_free(&text);
    pdn_play_record_free(&r);
}

/* ---- The engine ---- */

/* The engine's best move in the position now, deeper by @deeper plies
 * (or that many times longer); false when it has none. */
static bool
best_move(pdn_play_dialogue *d, int deeper, pdn_move *out, int *score)
{
    const pdn_play_level *lv = &d->set.level;
    pdn_search_limits l = {
        .depth = lv->time_ms ? 0 : lv->depth + deeper,
        .time_ms = lv->time_ms ? lv->time_ms * (deeper ? 2 : 1) : 0};
    pdn_search_info info;
    pdn_engine_clear(d->engine); /* the same move for the same game */
    int n =
        pdn_engine_search(d->engine, pdn_play_board(&d->game), d->game.boards,
                          d->game.plies + 1, &l, NULL, NULL, &info);
    if (n == 0 || info.nlines == 0)
        return false;
    const pdn_search_line *best = pdn_search_best(&info);
    *out = best->pv[0];
    *score = best->score;
    return true;
}

/* A score for the player to read: men, from the side to move. */
static void
score_text(int score, char buf[24])
{
    if (score >= PDN_SCORE_WON)
        snprintf(buf, 24, "a win in %d", (PDN_SCORE_WIN - score + 1) / 2);
    else if (score <= -PDN_SCORE_WON)
        snprintf(buf, 24, "a loss in %d", (PDN_SCORE_WIN + score + 1) / 2);
    else
        snprintf(buf, 24, "%+.2f", score / 100.0);
}

/* ---- The game ---- */

/* Counts the game that ended in the record, once, and says how. */
static void
game_over(pdn_play_dialogue *d)
{
    char reason[96];
    say(d, "Game over: %s, %s.\n", pdn_play_result(&d->game),
        pdn_play_reason(&d->game, reason));
    if (d->counted)
        return;
    d->counted = true;
    const pdn_play_session *g = &d->game;
    int outcome = g->end == PDN_PLAY_REPETITION ||
                          g->end == PDN_PLAY_NO_PROGRESS ||
                          g->end == PDN_PLAY_AGREED
                      ? 0
                  : g->loser == d->human ? -1
                                         : 1;
    pdn_play_record r;
    load_record(d, &r);
    pdn_play_record_add(&r, d->set.v->name, d->set.level.name, outcome);
    pdn_strbuf text = PDN_STRBUF_INIT;
    pdn_play_record_json(&r, &text);
    d->set.hooks.write_file(d->set.cli, d->set.record, text.ptr, text.len);
    pdn_strbuf_clear(&text);
    pdn_play_record_text(&r, &text);
    fputs(text.ptr, d->set.cli->out);
    pdn_strbuf_free(&text);
    pdn_play_record_free(&r);
    char shown[512];
    say(d, "The game is saved in %s%s.\n",
        pdn_play_dialogue_shown_path(d, d->set.save, shown),
        d->set.tty ? "; 'annotate' judges it, 'new' starts another" : "");
}

/* The engine plays, when it is its turn. */
static void
engine_plays(pdn_play_dialogue *d)
{
    if (d->game.end || pdn_play_board(&d->game)->side == d->human)
        return;
    pdn_move m;
    int score;
    if (!best_move(d, 0, &m, &score))
        return; /* it has no move: the game ended */
    pdn_play_move(&d->game, &m);
    say(d, "pdn plays %s\n", d->game.texts[d->game.plies - 1]);
    save_game(d, d->set.save);
    if (d->game.end)
        game_over(d);
}

/* Starts a new game: the player's side, then the engine's first move
 * when it has it. */
static void
new_game(pdn_play_dialogue *d)
{
    pdn_play_fini(&d->game);
    pdn_play_start(&d->game, d->set.v, d->set.rule);
    d->counted = false;
    bool black = d->set.color == 1;
    if (d->set.color == 2) /* random: by the clock and the process */
        black = ((unsigned)time(NULL) ^ (unsigned)getpid()) & 1;
    d->human = black ? PDN_BLACK : PDN_WHITE;
    say(d, "New game: you play %s against pdn (%s), %s.\n", side_name(d->human),
        d->set.level.name, d->set.v->title);
    save_game(d, d->set.save);
    engine_plays(d);
}

/* ---- The saved game ---- */

int
pdn_play_dialogue_saved(const pdn_play_dialogue *d, pdn_play_session *into,
                        pdn_color *human, char *level, size_t cap)
{
    FILE *f = fopen(d->set.save, "rb");
    if (!f)
        return 0;
    pdn_reader *r = pdn_reader_new(d->set.save, f, NULL);
    pdn_game *g = NULL;
    pdn_diags diags = PDN_DIAGS_INIT;
    int found = 0;
    diags.count_only = true;
    if (pdn_reader_next(r, &g, &diags) > 0 && g) {
        const char *result = pdn_game_result_text(g);
        const char *rule = pdn_game_tag(g, "DrawRule");
        const pdn_draw_rule *dr = rule ? pdn_draw_rule_by_name(rule) : NULL;
        if (result && !strcmp(result, "*") &&
            pdn_play_resume(into, g, d->set.v, dr ? dr : d->set.rule) == 0) {
            /* The engine's side and level: "pdn (medium)". */
            const char *w = pdn_game_tag(g, "White");
            bool engine_white = w && !strncmp(w, "pdn (", 5);
            const char *e = pdn_game_tag(g, engine_white ? "White" : "Black");
            if (e && !strncmp(e, "pdn (", 5) && strlen(e) > 6) {
                snprintf(level, cap, "%.*s", (int)(strlen(e) - 6), e + 5);
                *human = engine_white ? PDN_BLACK : PDN_WHITE;
                found = 1;
            } else {
                pdn_play_fini(into);
            }
        }
        pdn_game_free(g);
    }
    pdn_diags_free(&diags);
    pdn_reader_free(r);
    fclose(f);
    return found;
}

/* Takes up the saved game: its variant, rule and level. */
static void
resume(pdn_play_dialogue *d, pdn_play_session *saved, const char *level)
{
    pdn_play_fini(&d->game);
    d->game = *saved;
    d->set.v = saved->v;
    d->set.rule = saved->rule;
    d->set.level.time_ms = 0;
    if (!pdn_play_level_set(&d->set.level, level))
        snprintf(d->set.level.name, sizeof d->set.level.name, "%s", level);
    say(d, "Resumed: you play %s against pdn (%s), %s, move %zu.\n",
        side_name(d->human), d->set.level.name, d->set.v->title,
        d->game.plies / 2 + 1);
}

void
pdn_play_dialogue_use_egdb(pdn_play_dialogue *d, struct pdn_egdb *db)
{
    d->egdb = db;
}

int
pdn_play_dialogue_start(pdn_play_dialogue *d, pdn_play_session *saved,
                        pdn_color human, const char *level)
{
    const pdn_variant *v = saved ? saved->v : d->set.v;
    const pdn_draw_rule *rule = saved ? saved->rule : d->set.rule;
    pdn_engine_options eo = {.variant = v,
                             .repetition = pdn_draw_repetition(rule),
                             .no_progress = rule->no_progress};
    d->engine = pdn_engine_new(&eo);
    if (!d->engine) {
        if (saved)
            pdn_play_fini(saved);
        return -1;
    }
    pdn_engine_use_egdb(d->engine, d->egdb);
    pdn_play_start(&d->game, d->set.v, d->set.rule);
    if (saved) {
        d->human = human;
        resume(d, saved, level);
        engine_plays(d);
    } else {
        new_game(d);
    }
    return 0;
}

/* ---- The player's lines ---- */

/* Reads a line into d->line, its line end cut; false at the end of the
 * input. */
static bool
read_line(pdn_play_dialogue *d)
{
    ssize_t n = getline(&d->line, &d->cap, d->set.cli->in);
    if (n < 0)
        return false;
    while (n > 0 && (d->line[n - 1] == '\n' || d->line[n - 1] == '\r'))
        d->line[--n] = '\0';
    return true;
}

bool
pdn_play_dialogue_ask(pdn_play_dialogue *d, const char *question, bool dflt)
{
    say(d, "%s [%s] ", question, dflt ? "Y/n" : "y/N");
    if (!read_line(d))
        return dflt;
    const char *a = d->line + strspn(d->line, " \t");
    return *a ? *a == 'y' || *a == 'Y' : dflt;
}

/* The moves of @n in @legal, numbered from 1 when @numbered. */
static void
list_moves(const pdn_play_dialogue *d, const pdn_move *legal, int n,
           bool numbered)
{
    pdn_move all[PDN_MAX_MOVES];
    int nall = pdn_movegen_legal(d->set.v, pdn_play_board(&d->game), all);
    for (int i = 0; i < n; i++) {
        char text[PDN_MOVE_TEXT_MAX];
        pdn_notation_format_long(d->set.v, &legal[i], text);
        if (numbered)
            say(d, "  %d. %s\n", i + 1, text);
        else {
            char shown[PDN_MOVE_TEXT_MAX];
            pdn_notation_format(d->set.v, &legal[i], all, nall, shown);
            say(d, "%s%s", i ? " " : "", shown);
        }
    }
    if (!numbered)
        say(d, "\n");
}

/* The player's move @text: played, refused with its reason, or chosen
 * among the captures it may name. */
static void
player_moves(pdn_play_dialogue *d, const char *text)
{
    const pdn_variant *v = d->set.v;
    const pdn_board *b = pdn_play_board(&d->game);
    pdn_written_move w;
    size_t at;
    char msg[128];
    if (pdn_notation_parse(v, text, strlen(text), &w, &at, msg, sizeof msg) !=
        0) {
        say(d, "Not a move or a command: %s ('help' lists the commands).\n",
            text);
        return;
    }
    pdn_explanation ex;
    pdn_explain(v, b, &w, &ex);
    pdn_move legal[PDN_MAX_MOVES], match[PDN_MAX_MOVES];
    int n = pdn_moves_sorted(v, b, legal), k = 0;
    for (int i = 0; i < n; i++)
        if (pdn_notation_matches(v, &legal[i], &w))
            match[k++] = legal[i];
    if (ex.reason != PDN_REASON_LEGAL && ex.reason != PDN_REASON_AMBIGUOUS) {
        say(d, "Illegal move %s: %s.\n", text, ex.message);
        return;
    }
    int pick = 0;
    if (k > 1) {
        say(d, "%s can be played %d ways:\n", text, k);
        list_moves(d, match, k, true);
        say(d, "Which one (1-%d)? ", k);
        if (!read_line(d))
            return;
        pick = atoi(d->line) - 1;
        if (pick < 0 || pick >= k) {
            say(d, "No such choice: the move is not played.\n");
            return;
        }
    }
    if (k == 0)
        return;
    pdn_play_move(&d->game, &match[pick]);
    save_game(d, d->set.save);
    if (d->game.end)
        game_over(d);
    else
        engine_plays(d);
}

static void
help(const pdn_play_dialogue *d)
{
    say(d, "Type a move in any notation (22-18, 22x13, 22x13x6, c3-d4), or:\n"
           "  hint         the engine's best move for you\n"
           "  undo         take back your last move and the reply\n"
           "  moves        the legal moves\n"
           "  draw         offer a draw\n"
           "  resign       resign the game\n"
           "  new          start a new game\n"
           "  flip         turn the board\n"
           "  save FILE    write the game to FILE\n"
           "  record       your wins, draws and losses\n"
           "  annotate     judge the game with pdn annotate\n"
           "  help         this list\n"
           "  quit         leave (the game is saved)\n");
}

/* "save FILE": the game written to FILE ("~/" is the home folder, as a
 * shell reads it). */
static void
save_as(pdn_play_dialogue *d, const char *file)
{
    pdn_strbuf path = PDN_STRBUF_INIT;
    if (!strncmp(file, "~/", 2) && d->set.cli->home)
        pdn_strbuf_printf(&path, "%s%s", d->set.cli->home, file + 1);
    else
        pdn_strbuf_puts(&path, file);
    save_game(d, path.ptr);
    pdn_strbuf_free(&path);
    say(d, "Saved in %s.\n", file);
}

/* Your move: the engine takes a draw when your score is not below it (it
 * is no better itself). */
static void
draw_offered(pdn_play_dialogue *d)
{
    pdn_move m;
    int score;
    char buf[24];
    if (best_move(d, 0, &m, &score) && score >= 0) {
        pdn_play_finish(&d->game, PDN_PLAY_AGREED);
        save_game(d, d->set.save);
        say(d, "pdn accepts the draw.\n");
        game_over(d);
    } else {
        score_text(-score, buf);
        say(d, "pdn declines the draw (it sees %s for itself).\n", buf);
    }
}

/* Does the command or move of a line; false to stop. */
static bool
line_does(pdn_play_dialogue *d, const char *line)
{
    pdn_play_session *g = &d->game;
    pdn_move m;
    int score;
    char buf[24];

    if (!strcmp(line, "quit") || !strcmp(line, "exit"))
        return false;
    if (!strcmp(line, "help") || !strcmp(line, "?")) {
        help(d);
    } else if (!strcmp(line, "new")) {
        new_game(d);
    } else if (!strcmp(line, "flip")) {
        d->flipped = !d->flipped;
    } else if (!strcmp(line, "record")) {
        pdn_play_dialogue_show_record(d);
    } else if (!strncmp(line, "save ", 5) && line[5]) {
        save_as(d, line + 5);
    } else if (!strcmp(line, "annotate")) {
        d->set.hooks.annotate(d->set.cli, d->set.save);
    } else if (g->end) {
        say(d, "The game is over: 'new' starts another.\n");
    } else if (!strcmp(line, "hint")) {
        if (best_move(d, HINT_DEEPER, &m, &score)) {
            pdn_move all[PDN_MAX_MOVES];
            char text[PDN_MOVE_TEXT_MAX];
            int n = pdn_movegen_legal(d->set.v, pdn_play_board(g), all);
            pdn_notation_format(d->set.v, &m, all, n, text);
            score_text(score, buf);
            say(d, "Hint: %s (%s)\n", text, buf);
        }
    } else if (!strcmp(line, "undo")) {
        if (!g->plies || (g->plies == 1 && d->human != d->set.v->first)) {
            say(d, "Nothing to undo.\n");
        } else {
            do
                pdn_play_undo(g);
            while (g->plies && pdn_play_board(g)->side != d->human);
            save_game(d, d->set.save);
            say(d, "Taken back.\n");
        }
    } else if (!strcmp(line, "moves")) {
        pdn_move legal[PDN_MAX_MOVES];
        int n = pdn_moves_sorted(d->set.v, pdn_play_board(g), legal);
        list_moves(d, legal, n, false);
    } else if (!strcmp(line, "resign")) {
        pdn_play_finish(g, PDN_PLAY_RESIGNED);
        save_game(d, d->set.save);
        game_over(d);
    } else if (!strcmp(line, "draw")) {
        draw_offered(d);
    } else {
        player_moves(d, line);
    }
    return true;
}

void
pdn_play_dialogue_run(pdn_play_dialogue *d)
{
    if (d->set.tty)
        say(d, "Type a move, or 'help'.\n");
    for (;;) {
        if (d->set.tty && !d->game.end) {
            draw(d);
            say(d,
                "Your move (%s): ", side_name(pdn_play_board(&d->game)->side));
        } else if (d->set.tty) {
            say(d, "> ");
        }
        if (!read_line(d))
            break;
        const char *l = d->line + strspn(d->line, " \t");
        if (*l && !line_does(d, l))
            break;
    }
    char shown[512];
    if (!d->game.end)
        say(d, "The game is saved in %s: pdn play takes it up.\n",
            pdn_play_dialogue_shown_path(d, d->set.save, shown));
}
