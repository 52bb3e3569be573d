/* cmd_play.c -- pdn play: a game against the engine, a move or a command
 * a line: on a terminal with the board drawn before each of your moves,
 * else (standard input not a terminal) plain lines, to be scripted.
 *
 * What is said and done in the game is play/dialogue.h's; this file reads
 * the options, finds the files, asks whether to take up the unfinished
 * game saved, and gives the dialogue what it needs of the program: after
 * every move the game is saved, as a PDN game, atomically, to
 * $XDG_STATE_HOME/pdn/play.pdn (or --save), and a game that ends counts
 * in the record, $XDG_STATE_HOME/pdn/record.json (play/record.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "egdb/egdb.h"
#include "cli/atomic.h"
#include "cli/commands.h"
#include "play/dialogue.h"

#define CMD "play"

typedef struct play_job {
    const char *level_arg;
    uint64_t time_ms; /* --time */
    int color;        /* 0 white, 1 black, 2 random */
    bool force_new, force_resume;
    const char *save_arg;
    char *save;   /* the game's file */
    char *record; /* the record's */
    pdn_play_settings set;
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
    PDN_OPTIONS_EGDB,
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

/* "annotate": the game saved, judged by pdn annotate. */
static void
annotate(const pdn_cli *cli, const char *path)
{
    char *argv[] = {"annotate", (char *)path, NULL};
    pdn_command_named("annotate")->run(cli, 2, argv);
    fflush(cli->out);
}

/* ---- Arguments and the run ---- */

/* The level of --level (medium by default), or of --time; 0, or a usage
 * error's status. */
static int
read_level(const pdn_cli *cli, play_job *job)
{
    const char *l = job->level_arg ? job->level_arg : "medium";
    pdn_play_level *level = &job->set.level;
    if (strstr(l, " ms") || !pdn_play_level_set(level, l))
        return pdn_args_fail(cli, CMD,
                             "bad --level '%s': expected easy, medium, "
                             "hard or a depth from 1 to %d",
                             l, PDN_PLAY_LEVEL_MAX);
    level->time_ms = job->time_ms;
    if (level->time_ms)
        snprintf(level->name, sizeof level->name, "%llu ms",
                 (unsigned long long)level->time_ms);
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

/* Whether to take up the unfinished game saved (@found it, in @saved):
 * as --resume or --new says, or as the player answers on a terminal.
 * Sets *@rc to a usage error's status when it cannot be told. */
static bool
take_saved(const pdn_cli *cli, const play_job *job, pdn_play_dialogue *d,
           int found, pdn_play_session *saved, int *rc)
{
    char shown[512];
    if (found && job->force_resume)
        return true;
    if (found && !job->force_new) {
        if (job->set.tty) {
            char q[640];
            snprintf(q, sizeof q,
                     "An unfinished game is saved in %s (move "
                     "%zu). Resume it?",
                     pdn_play_dialogue_shown_path(d, job->save, shown),
                     saved->plies / 2 + 1);
            return pdn_play_dialogue_ask(d, q, true);
        }
        *rc = pdn_args_fail(cli, CMD,
                            "an unfinished game is saved in %s: give "
                            "--resume to take it up, or --new to start "
                            "another",
                            pdn_play_dialogue_shown_path(d, job->save, shown));
    } else if (!found && job->force_resume) {
        *rc = pdn_args_fail(cli, CMD, "no unfinished game is saved in %s",
                            pdn_play_dialogue_shown_path(d, job->save, shown));
    }
    return false;
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    play_job job = {0};
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
    if (rc >= 0) {
        pdn_shared_free(&s);
        return rc;
    }
    find_files(cli, &job);
    pdn_play_settings *set = &job.set;
    set->cli = cli;
    set->hooks =
        (pdn_play_hooks){.write_file = write_file, .annotate = annotate};
    set->v = s.variant ? s.variant : pdn_variant_default();
    set->rule = s.draw_rule ? pdn_draw_rule_by_name(s.draw_rule)
                            : pdn_draw_rule_default(set->v);
    set->color = job.color;
    set->save = job.save;
    set->record = job.record;
    set->tty = isatty(fileno(cli->in)) == 1;
    set->unicode = pdn_cli_utf8(cli);
    set->colour = isatty(fileno(cli->out)) == 1 &&
                  !(cli->no_color && *cli->no_color) &&
                  !(cli->term && !strcmp(cli->term, "dumb"));
    pdn_play_dialogue *d = pdn_play_dialogue_new(set);

    /* The unfinished game saved: taken up, or not, as said or asked. */
    pdn_play_session saved;
    char level[32];
    pdn_color human = PDN_WHITE;
    int found = pdn_play_dialogue_saved(d, &saved, &human, level, sizeof level);
    bool take = take_saved(cli, &job, d, found, &saved, &rc);
    if (found && !take)
        pdn_play_fini(&saved);
    pdn_egdb *db = NULL;
    if (rc < 0)
        rc = pdn_command_egdb(cli, CMD, s.no_egdb ? "none" : s.egdb,
                              take ? saved.v : set->v, s.egdb != NULL, &db);
    if (rc == 0)
        rc = -1;
    if (rc >= 0 && take)
        pdn_play_fini(&saved);
    pdn_play_dialogue_use_egdb(d, db);
    if (rc < 0) {
        pdn_play_dialogue_show_record(d);
        if (pdn_play_dialogue_start(d, take ? &saved : NULL, human, level) !=
            0) {
            rc = pdn_args_stop(cli, CMD, PDN_EXIT_USAGE,
                               "cannot allocate the engine's table");
        } else {
            pdn_play_dialogue_run(d);
            rc = PDN_EXIT_OK;
        }
    }
    pdn_play_dialogue_free(d);
    pdn_egdb_close(db);
    free(job.save);
    free(job.record);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(play, "play a game against the engine in the terminal",
            "[OPTION]...", play_about, 0, play_more, 0, NULL);
