/* cmd_play.c -- pdn play: a game against the engine, a move or a command
 * a line: on a terminal with the board drawn before each of your moves,
 * else (standard input not a terminal) plain lines, to be scripted.
 *
 * The game itself is a play/session.h session; the engine answers at the
 * level's depth (or in --time); after every move the game is saved, as a
 * PDN game, atomically, to $XDG_STATE_HOME/pdn/play.pdn (or --save), and
 * a game that ends counts in the record, $XDG_STATE_HOME/pdn/record.json
 * (play/record.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/atomic.h"
#include "cli/commands.h"
#include "engine/search.h"
#include "play/record.h"
#include "play/session.h"
#include "rules/explain.h"
#include "rules/movegen.h"
#include "syntax/reader.h"
#include "write/diagram.h"

#define CMD "play"

/* The depths of the levels. */
#define LEVEL_EASY 4
#define LEVEL_MEDIUM 8
#define LEVEL_HARD 14
#define LEVEL_MAX 30
/* A hint searches this much deeper than the level. */
#define HINT_DEEPER 2

typedef struct play_job {
    const pdn_cli *cli;
    const pdn_variant *v;
    const pdn_draw_rule *rule;
    int depth;        /* the level's */
    uint64_t time_ms; /* --time, instead */
    char level[32];   /* its name: "medium", "depth 6", "500 ms" */
    const char *level_arg, *rule_arg;
    int color; /* 0 white, 1 black, 2 random */
    bool force_new, force_resume;
    const char *save_arg;
    char *save;   /* the game's file */
    char *record; /* the record's */
    bool tty;     /* standard input is a terminal */
    bool colour, unicode, flipped;
    pdn_color human;
    pdn_engine *engine;
    pdn_play_session game;
    bool counted; /* the game's end is in the record */
    char *line;   /* the line read */
    size_t cap;
} play_job;

static const pdn_option play_options[] = {
    PDN_OPTION_VARIANT("italian (the default), spanish, english, or a\n"
                       "GameType",
                       PDN_VARIANT_CHOICES),
    PDN_OPTION_INTO("level", 'l', "LEVEL",
                    "easy (depth 4), medium (depth 8, the default),\n"
                    "hard (depth 14), or a depth N from 1 to 30",
                    NULL, play_job, level_arg),
    PDN_OPTION_INTO(
        "time", 't', "MS",
        "the engine thinks MS milliseconds a move instead\nof to a depth",
        "1..600000", play_job, time_ms),
    PDN_OPTION_INTO("color", 'c', "SIDE",
                    "the side you play: white (the default), black or\nrandom",
                    "white black random", play_job, color),
    PDN_OPTION_DRAW_RULE("the draw rule: standard, short, fid-2008,\n"
                         "spanish, english, luciano (default: the\n"
                         "variant's own)"),
    PDN_OPTION_SET("new", "start a new game, whatever is saved", play_job,
                   force_new),
    PDN_OPTION_SET("resume", "take up the unfinished game saved", play_job,
                   force_resume),
    PDN_OPTION_INTO(
        "save", 's', "FILE",
        "keep the game in FILE (default:\n$XDG_STATE_HOME/pdn/play.pdn)", NULL,
        play_job, save_arg),
    PDN_OPTION_HELP,
};

static const char play_about[] =
    "Play a game against the engine: type your moves in any notation pdn\n"
    "reads, and commands (help lists them).  On a terminal the board is\n"
    "drawn before each of your moves; else a move or command a line is\n"
    "read and the engine's replies are written as plain lines.  The game\n"
    "is saved after every move, and a game that ends counts in your\n"
    "record.\n";

static const char play_more[] =
    "Files: the game in $XDG_STATE_HOME/pdn/play.pdn (default\n"
    "~/.local/state/pdn/play.pdn), the record in record.json beside it.\n"
    "An unfinished game saved is offered to resume on a terminal; without\n"
    "one, --resume or --new must say what to do with it.\n"
    "\n"
    "Exit status: 0 success, 2 usage error.\n"
    "\n"
    "Examples:\n"
    "  pdn play --level hard --color black\n"
    "  pdn play --variant english --draw-rule english\n"
    "  printf '22-18\\nquit\\n' | pdn play --level easy --new\n";

/* ---- Files ---- */

/* Makes the folders of @path that are missing (mkdir -p of its folder). */
static void
make_parents(const char *path)
{
    char *p = pdn_xstrndup(path, strlen(path));
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        mkdir(p, 0777);
        *s = '/';
    }
    free(p);
}

/* Writes the @len bytes at @text to @path, atomically; 0 or the exit
 * status of the failure it reported. */
static int
write_file(const pdn_cli *cli, const char *path, const char *text, size_t len)
{
    pdn_atomic t;
    make_parents(path);
    int rc = pdn_atomic_open(cli, CMD, path, true, &t);
    if (rc != 0)
        return rc;
    bool ok = fwrite(text, 1, len, t.out) == len;
    return pdn_atomic_close(cli, CMD, &t, ok, ok ? 0 : PDN_EXIT_USAGE);
}

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

/* The tags of the game: the player, the engine at its level, today. */
static void
save_game(play_job *job)
{
    char date[16], engine[48];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    snprintf(engine, sizeof engine, "pdn (%s)", job->level);
    bool white = job->human == PDN_WHITE;
    const char *tags[] = {"Event",    "pdn play",
                          "Site",     "pdn",
                          "Date",     date,
                          "Round",    "-",
                          "White",    white ? "Player" : engine,
                          "Black",    white ? engine : "Player",
                          "DrawRule", job->rule->name,
                          NULL};
    pdn_strbuf text = PDN_STRBUF_INIT;
    pdn_play_pdn(&job->game, tags, &text);
    write_file(job->cli, job->save, text.ptr, text.len);
    pdn_strbuf_free(&text);
}

/* The record as saved (empty when there is none or it cannot be read,
 * which is said). */
static void
load_record(const play_job *job, pdn_play_record *r)
{
    size_t len;
    char *text = read_file(job->record, &len);
    char err[160];
    *r = (pdn_play_record){0};
    if (text && pdn_play_record_read(r, text, len, err, sizeof err) != 0)
        fprintf(job->cli->err, "pdn %s: %s: %s: the record starts again\n", CMD,
                job->record, err);
    free(text);
}

/* ---- Output ---- */

/* @path as the player reads it: "~/..." below the home folder. */
static const char *
shown_path(const play_job *job, const char *path, char buf[512])
{
    const char *home = job->cli->home;
    size_t n = home ? strlen(home) : 0;
    if (n > 1 && !strncmp(path, home, n) && path[n] == '/') {
        snprintf(buf, 512, "~%s", path + n);
        return buf;
    }
    return path;
}

static void
say(const play_job *job, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(job->cli->out, fmt, ap);
    va_end(ap);
    fflush(job->cli->out);
}

static const char *
side_name(pdn_color c)
{
    return c == PDN_WHITE ? "White" : "Black";
}

/* The board, with the last move and the pieces that must capture marked. */
static void
draw(const play_job *job)
{
    const pdn_board *b = pdn_play_board(&job->game);
    pdn_diagram_style st = {.unicode = job->unicode,
                            .colour = job->colour,
                            .flipped = job->flipped};
    if (job->game.plies) {
        const pdn_move *m = &job->game.moves[job->game.plies - 1];
        st.last = (pdn_bb)1 << m->from | (pdn_bb)1 << m->to;
    }
    pdn_move legal[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(job->v, b, legal);
    for (int i = 0; i < n; i++)
        if (legal[i].ncaptured)
            st.capturers |= (pdn_bb)1 << legal[i].from;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_strbuf_putc(&out, '\n');
    pdn_diagram_styled(job->v, b, &st, &out);
    fputs(out.ptr, job->cli->out);
    pdn_strbuf_free(&out);
    if (st.capturers)
        say(job, "%s must capture (marked %s).\n", side_name(b->side),
            job->colour ? "in red" : "*");
}

/* ---- The engine ---- */

/* The engine's best move in the position now, deeper by @deeper plies
 * (or that many times longer); false when it has none. */
static bool
best_move(play_job *job, int deeper, pdn_move *out, int *score)
{
    pdn_search_limits l = {
        .depth = job->time_ms ? 0 : job->depth + deeper,
        .time_ms = job->time_ms ? job->time_ms * (deeper ? 2 : 1) : 0};
    pdn_search_info info;
    pdn_engine_clear(job->engine); /* the same move for the same game */
    int n = pdn_engine_search(job->engine, pdn_play_board(&job->game),
                              job->game.boards, job->game.plies + 1, &l, NULL,
                              NULL, &info);
    if (n == 0 || info.nlines == 0)
        return false;
    *out = info.lines[0].pv[0];
    *score = info.lines[0].score;
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
game_over(play_job *job)
{
    char reason[96];
    say(job, "Game over: %s, %s.\n", pdn_play_result(&job->game),
        pdn_play_reason(&job->game, reason));
    if (job->counted)
        return;
    job->counted = true;
    const pdn_play_session *g = &job->game;
    int outcome = g->end == PDN_PLAY_REPETITION ||
                          g->end == PDN_PLAY_NO_PROGRESS ||
                          g->end == PDN_PLAY_AGREED
                      ? 0
                  : g->loser == job->human ? -1
                                           : 1;
    pdn_play_record r;
    load_record(job, &r);
    pdn_play_record_add(&r, job->v->name, job->level, outcome);
    pdn_strbuf text = PDN_STRBUF_INIT;
    pdn_play_record_json(&r, &text);
    write_file(job->cli, job->record, text.ptr, text.len);
    pdn_strbuf_clear(&text);
    pdn_play_record_text(&r, &text);
    fputs(text.ptr, job->cli->out);
    pdn_strbuf_free(&text);
    pdn_play_record_free(&r);
    char shown[512];
    say(job, "The game is saved in %s%s.\n", shown_path(job, job->save, shown),
        job->tty ? "; 'annotate' judges it, 'new' starts another" : "");
}

/* The engine plays, when it is its turn. */
static void
engine_plays(play_job *job)
{
    if (job->game.end || pdn_play_board(&job->game)->side == job->human)
        return;
    pdn_move m;
    int score;
    if (!best_move(job, 0, &m, &score))
        return; /* it has no move: the game ended */
    pdn_play_move(&job->game, &m);
    say(job, "pdn plays %s\n", job->game.texts[job->game.plies - 1]);
    save_game(job);
    if (job->game.end)
        game_over(job);
}

/* Starts a new game: the player's side, then the engine's first move
 * when it has it. */
static void
new_game(play_job *job)
{
    pdn_play_fini(&job->game);
    pdn_play_start(&job->game, job->v, job->rule);
    job->counted = false;
    bool black = job->color == 1;
    if (job->color == 2) /* random: by the clock and the process */
        black = ((unsigned)time(NULL) ^ (unsigned)getpid()) & 1;
    job->human = black ? PDN_BLACK : PDN_WHITE;
    say(job, "New game: you play %s against pdn (%s), %s.\n",
        side_name(job->human), job->level, job->v->title);
    save_game(job);
    engine_plays(job);
}

/* Reads a line into job->line, its line end cut; false at the end of the
 * input. */
static bool
read_line(play_job *job)
{
    ssize_t n = getline(&job->line, &job->cap, job->cli->in);
    if (n < 0)
        return false;
    while (n > 0 && (job->line[n - 1] == '\n' || job->line[n - 1] == '\r'))
        job->line[--n] = '\0';
    return true;
}

/* Asks @question, yes or no (the answer @dflt on an empty line or at
 * the end of the input). */
static bool
ask(play_job *job, const char *question, bool dflt)
{
    say(job, "%s [%s] ", question, dflt ? "Y/n" : "y/N");
    if (!read_line(job))
        return dflt;
    const char *a = job->line + strspn(job->line, " \t");
    return *a ? *a == 'y' || *a == 'Y' : dflt;
}

/* The moves of @n in @legal, numbered from 1 when @numbered. */
static void
list_moves(const play_job *job, const pdn_move *legal, int n, bool numbered)
{
    pdn_move all[PDN_MAX_MOVES];
    int nall = pdn_movegen_legal(job->v, pdn_play_board(&job->game), all);
    for (int i = 0; i < n; i++) {
        char text[PDN_MOVE_TEXT_MAX];
        pdn_notation_format_long(job->v, &legal[i], text);
        if (numbered)
            say(job, "  %d. %s\n", i + 1, text);
        else {
            char shown[PDN_MOVE_TEXT_MAX];
            pdn_notation_format(job->v, &legal[i], all, nall, shown);
            say(job, "%s%s", i ? " " : "", shown);
        }
    }
    if (!numbered)
        say(job, "\n");
}

/* The player's move @text: played, refused with its reason, or chosen
 * among the captures it may name. */
static void
player_moves(play_job *job, const char *text)
{
    const pdn_board *b = pdn_play_board(&job->game);
    pdn_written_move w;
    size_t at;
    char msg[128];
    if (pdn_notation_parse(job->v, text, strlen(text), &w, &at, msg,
                           sizeof msg) != 0) {
        say(job, "Not a move or a command: %s ('help' lists the commands).\n",
            text);
        return;
    }
    pdn_explanation ex;
    pdn_explain(job->v, b, &w, &ex);
    pdn_move legal[PDN_MAX_MOVES], match[PDN_MAX_MOVES];
    int n = pdn_moves_sorted(job->v, b, legal), k = 0;
    for (int i = 0; i < n; i++)
        if (pdn_notation_matches(job->v, &legal[i], &w))
            match[k++] = legal[i];
    if (ex.reason != PDN_REASON_LEGAL && ex.reason != PDN_REASON_AMBIGUOUS) {
        say(job, "Illegal move %s: %s.\n", text, ex.message);
        return;
    }
    int pick = 0;
    if (k > 1) {
        say(job, "%s can be played %d ways:\n", text, k);
        list_moves(job, match, k, true);
        say(job, "Which one (1-%d)? ", k);
        if (!read_line(job))
            return;
        pick = atoi(job->line) - 1;
        if (pick < 0 || pick >= k) {
            say(job, "No such choice: the move is not played.\n");
            return;
        }
    }
    if (k == 0)
        return;
    pdn_play_move(&job->game, &match[pick]);
    save_game(job);
    if (job->game.end)
        game_over(job);
    else
        engine_plays(job);
}

static void
help(const play_job *job)
{
    say(job, "Type a move in any notation (22-18, 22x13, 22x13x6, c3-d4), or:\n"
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

/* Does the command or move of a line; false to stop. */
static bool
line_does(play_job *job, const char *line)
{
    pdn_play_session *g = &job->game;
    pdn_move m;
    int score;
    char buf[24];

    if (!strcmp(line, "quit") || !strcmp(line, "exit"))
        return false;
    if (!strcmp(line, "help") || !strcmp(line, "?")) {
        help(job);
    } else if (!strcmp(line, "new")) {
        new_game(job);
    } else if (!strcmp(line, "flip")) {
        job->flipped = !job->flipped;
    } else if (!strcmp(line, "record")) {
        pdn_play_record r;
        pdn_strbuf text = PDN_STRBUF_INIT;
        load_record(job, &r);
        pdn_play_record_text(&r, &text);
        fputs(text.ptr, job->cli->out);
        pdn_strbuf_free(&text);
        pdn_play_record_free(&r);
    } else if (!strncmp(line, "save ", 5) && line[5]) {
        /* "~/" is the home folder, as a shell reads it. */
        pdn_strbuf path = PDN_STRBUF_INIT;
        if (!strncmp(line + 5, "~/", 2) && job->cli->home)
            pdn_strbuf_printf(&path, "%s%s", job->cli->home, line + 6);
        else
            pdn_strbuf_puts(&path, line + 5);
        char *saved = job->save;
        job->save = path.ptr;
        save_game(job);
        job->save = saved;
        pdn_strbuf_free(&path);
        say(job, "Saved in %s.\n", line + 5);
    } else if (!strcmp(line, "annotate")) {
        char *argv[] = {"annotate", job->save, NULL};
        pdn_command_named("annotate")->run(job->cli, 2, argv);
        fflush(job->cli->out);
    } else if (g->end) {
        say(job, "The game is over: 'new' starts another.\n");
    } else if (!strcmp(line, "hint")) {
        if (best_move(job, HINT_DEEPER, &m, &score)) {
            pdn_move all[PDN_MAX_MOVES];
            char text[PDN_MOVE_TEXT_MAX];
            int n = pdn_movegen_legal(job->v, pdn_play_board(g), all);
            pdn_notation_format(job->v, &m, all, n, text);
            score_text(score, buf);
            say(job, "Hint: %s (%s)\n", text, buf);
        }
    } else if (!strcmp(line, "undo")) {
        if (!g->plies || (g->plies == 1 && job->human != job->v->first)) {
            say(job, "Nothing to undo.\n");
        } else {
            do
                pdn_play_undo(g);
            while (g->plies && pdn_play_board(g)->side != job->human);
            save_game(job);
            say(job, "Taken back.\n");
        }
    } else if (!strcmp(line, "moves")) {
        pdn_move legal[PDN_MAX_MOVES];
        int n = pdn_moves_sorted(job->v, pdn_play_board(g), legal);
        list_moves(job, legal, n, false);
    } else if (!strcmp(line, "resign")) {
        pdn_play_finish(g, PDN_PLAY_RESIGNED);
        save_game(job);
        game_over(job);
    } else if (!strcmp(line, "draw")) {
        /* Your move: the engine takes a draw when your score is not
           below it (it is no better itself). */
        if (best_move(job, 0, &m, &score) && score >= 0) {
            pdn_play_finish(g, PDN_PLAY_AGREED);
            save_game(job);
            say(job, "pdn accepts the draw.\n");
            game_over(job);
        } else {
            score_text(-score, buf);
            say(job, "pdn declines the draw (it sees %s for itself).\n", buf);
        }
    } else {
        player_moves(job, line);
    }
    return true;
}

/* ---- Arguments and the run ---- */

/* Sets the level named @l, as --level gives it (easy, medium, hard, a
 * depth N) or as a saved game names it ("depth N", "N ms"): its depth or
 * time, and its name.  False when @l is none. */
static bool
set_level(play_job *job, const char *l)
{
    static const struct {
        const char *name;
        int depth;
    } levels[] = {
        {"easy", LEVEL_EASY}, {"medium", LEVEL_MEDIUM}, {"hard", LEVEL_HARD}};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (!strcmp(l, levels[i].name)) {
            job->depth = levels[i].depth;
            snprintf(job->level, sizeof job->level, "%s", l);
            return true;
        }
    char *end;
    unsigned long long n =
        strtoull(l + (strncmp(l, "depth ", 6) ? 0 : 6), &end, 10);
    if (end != l && !strcmp(end, " ms") && n >= 1) {
        job->time_ms = n;
        snprintf(job->level, sizeof job->level, "%s", l);
        return true;
    }
    if (*end || end == l || n < 1 || n > LEVEL_MAX)
        return false;
    job->depth = (int)n;
    job->time_ms = 0;
    snprintf(job->level, sizeof job->level, "depth %llu", n);
    return true;
}

/* The level of --level (medium by default), or of --time; 0, or a usage
 * error's status. */
static int
read_level(const pdn_cli *cli, play_job *job)
{
    const char *l = job->level_arg ? job->level_arg : "medium";
    uint64_t time_ms = job->time_ms;
    if (strstr(l, " ms") || !set_level(job, l))
        return pdn_args_fail(cli, CMD,
                             "bad --level '%s': expected easy, medium, "
                             "hard or a depth from 1 to %d",
                             l, LEVEL_MAX);
    job->time_ms = time_ms;
    if (job->time_ms)
        snprintf(job->level, sizeof job->level, "%llu ms",
                 (unsigned long long)job->time_ms);
    return 0;
}

/* The files: --save, or play.pdn, and record.json, in the state folder. */
static void
find_files(const pdn_cli *cli, play_job *job)
{
    pdn_strbuf dir = PDN_STRBUF_INIT;
    if (cli->xdg_state_home && cli->xdg_state_home[0] == '/')
        pdn_strbuf_printf(&dir, "%s/pdn", cli->xdg_state_home);
    else
        pdn_strbuf_printf(&dir, "%s/.local/state/pdn",
                          cli->home && *cli->home ? cli->home : ".");
    pdn_strbuf path = PDN_STRBUF_INIT;
    if (job->save_arg)
        pdn_strbuf_puts(&path, job->save_arg);
    else
        pdn_strbuf_printf(&path, "%s/play.pdn", dir.ptr);
    job->save = pdn_strbuf_detach(&path);
    pdn_strbuf_printf(&path, "%s/record.json", dir.ptr);
    job->record = pdn_strbuf_detach(&path);
    pdn_strbuf_free(&dir);
}

/* The saved game, when it is unfinished: 1 taken up into job->game, 0
 * none to take up. */
static int
saved_game(play_job *job, pdn_play_session *into, char *level, size_t cap)
{
    FILE *f = fopen(job->save, "rb");
    if (!f)
        return 0;
    pdn_reader *r = pdn_reader_new(job->save, f, NULL);
    pdn_game *g = NULL;
    pdn_diags d = PDN_DIAGS_INIT;
    int found = 0;
    d.count_only = true;
    if (pdn_reader_next(r, &g, &d) > 0 && g) {
        const char *result = pdn_game_result_text(g);
        const char *rule = pdn_game_tag(g, "DrawRule");
        const pdn_draw_rule *dr = rule ? pdn_draw_rule_by_name(rule) : NULL;
        if (result && !strcmp(result, "*") &&
            pdn_play_resume(into, g, job->v, dr ? dr : job->rule) == 0) {
            /* The engine's side and level: "pdn (medium)". */
            const char *w = pdn_game_tag(g, "White");
            bool engine_white = w && !strncmp(w, "pdn (", 5);
            const char *e = pdn_game_tag(g, engine_white ? "White" : "Black");
            if (e && !strncmp(e, "pdn (", 5) && strlen(e) > 6) {
                snprintf(level, cap, "%.*s", (int)(strlen(e) - 6), e + 5);
                job->human = engine_white ? PDN_BLACK : PDN_WHITE;
                found = 1;
            } else {
                pdn_play_fini(into);
            }
        }
        pdn_game_free(g);
    }
    pdn_diags_free(&d);
    pdn_reader_free(r);
    fclose(f);
    return found;
}

/* Takes up the saved game: its variant, rule and level. */
static void
resume(play_job *job, pdn_play_session *saved, const char *level)
{
    pdn_play_fini(&job->game);
    job->game = *saved;
    job->v = saved->v;
    job->rule = saved->rule;
    job->time_ms = 0;
    if (!set_level(job, level))
        snprintf(job->level, sizeof job->level, "%s", level);
    say(job, "Resumed: you play %s against pdn (%s), %s, move %zu.\n",
        side_name(job->human), job->level, job->v->title,
        job->game.plies / 2 + 1);
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    play_job job = {.cli = cli};
    pdn_shared s;
    int rc =
        pdn_command_args(cli, &pdn_play_command, argc, argv, &s, NULL, &job);

    if (rc < 0 && s.unplayed)
        rc = pdn_args_fail(cli, CMD, "pdn plays Italian, Spanish and English");
    if (rc < 0 && job.force_new && job.force_resume)
        rc = pdn_args_fail(cli, CMD,
                           "options '--new' and '--resume' cannot be used "
                           "together");
    if (rc < 0)
        rc = read_level(cli, &job) ? PDN_EXIT_USAGE : -1;
    job.v = s.variant ? s.variant : pdn_variant_default();
    job.rule = s.draw_rule ? pdn_draw_rule_by_name(s.draw_rule)
                           : pdn_draw_rule_default(job.v);
    if (rc >= 0) {
        pdn_shared_free(&s);
        return rc;
    }
    find_files(cli, &job);
    job.tty = isatty(fileno(cli->in)) == 1;
    job.unicode = pdn_cli_utf8(cli);
    job.colour = isatty(fileno(cli->out)) == 1 &&
                 !(cli->no_color && *cli->no_color) &&
                 !(cli->term && !strcmp(cli->term, "dumb"));

    /* The unfinished game saved: taken up, or not, as said or asked. */
    pdn_play_session saved;
    char level[32];
    pdn_color human_saved = PDN_WHITE;
    int found = saved_game(&job, &saved, level, sizeof level);
    human_saved = job.human;
    bool take = false;
    if (found && job.force_resume) {
        take = true;
    } else if (found && !job.force_new) {
        if (job.tty) {
            char q[640], shown[512];
            snprintf(q, sizeof q,
                     "An unfinished game is saved in %s (move "
                     "%zu). Resume it?",
                     shown_path(&job, job.save, shown), saved.plies / 2 + 1);
            take = ask(&job, q, true);
        } else {
            char shown[512];
            pdn_play_fini(&saved);
            rc = pdn_args_fail(cli, CMD,
                               "an unfinished game is saved in %s: give "
                               "--resume to take it up, or --new to start "
                               "another",
                               shown_path(&job, job.save, shown));
        }
    } else if (!found && job.force_resume) {
        char shown[512];
        rc = pdn_args_fail(cli, CMD, "no unfinished game is saved in %s",
                           shown_path(&job, job.save, shown));
    }
    if (rc < 0) {
        pdn_engine_options eo = {.variant = job.v,
                                 .repetition = pdn_draw_repetition(job.rule),
                                 .no_progress = job.rule->no_progress};
        pdn_play_record r;
        pdn_strbuf text = PDN_STRBUF_INIT;
        load_record(&job, &r);
        pdn_play_record_text(&r, &text);
        fputs(text.ptr, cli->out);
        pdn_strbuf_free(&text);
        pdn_play_record_free(&r);
        if (take) {
            eo.variant = saved.v;
            eo.repetition = pdn_draw_repetition(saved.rule);
            eo.no_progress = saved.rule->no_progress;
        }
        job.engine = pdn_engine_new(&eo);
        if (!job.engine) {
            rc = pdn_args_stop(cli, CMD, PDN_EXIT_USAGE,
                               "cannot allocate the engine's table");
        } else {
            pdn_play_start(&job.game, job.v, job.rule);
            if (take) {
                job.human = human_saved;
                resume(&job, &saved, level);
                engine_plays(&job);
            } else {
                if (found)
                    pdn_play_fini(&saved);
                new_game(&job);
            }
            if (job.tty)
                say(&job, "Type a move, or 'help'.\n");
            for (;;) {
                if (job.tty && !job.game.end) {
                    draw(&job);
                    say(&job, "Your move (%s): ",
                        side_name(pdn_play_board(&job.game)->side));
                } else if (job.tty) {
                    say(&job, "> ");
                }
                if (!read_line(&job))
                    break;
                const char *l = job.line + strspn(job.line, " \t");
                if (*l && !line_does(&job, l))
                    break;
            }
            char shown[512];
            if (!job.game.end)
                say(&job, "The game is saved in %s: pdn play takes it up.\n",
                    shown_path(&job, job.save, shown));
            rc = PDN_EXIT_OK;
        }
    }
    pdn_play_fini(&job.game);
    pdn_engine_free(job.engine);
    free(job.save);
    free(job.record);
    free(job.line);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(play, "play a game against the engine in the terminal",
            "[OPTION]...", play_about, 0, play_more, 0, NULL);
