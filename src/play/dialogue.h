/* dialogue.h -- what pdn play says and does in a game against the engine,
 * a move or a command a line: on a terminal the board is drawn before
 * each of the player's moves, else plain lines are read and written, to
 * be scripted.  The engine answers at the level's depth (or in its time
 * a move); a line is a move in any notation pdn reads, or a command
 * (hint, undo, moves, draw, resign, new, flip, save, record, annotate,
 * help, quit).  After every move the game is saved, as a PDN game
 * (session.h), and a game that ends counts in the record (record.h).
 *
 * The dialogue reads the player's lines from cli->in and writes on
 * cli->out; what needs the program around it, writing a file whole or
 * not at all and running pdn annotate, it asks of the hooks it is given.
 */
#ifndef PDN_PLAY_DIALOGUE_H
#define PDN_PLAY_DIALOGUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/process.h"
#include "play/session.h"
#include "replay/draw.h"
#include "rules/variant.h"

/** The deepest level a depth may name. */
#define PDN_PLAY_LEVEL_MAX 30

/** How hard the engine plays: to a depth, or for a time a move. */
typedef struct pdn_play_level {
    int depth;        /* the level's */
    uint64_t time_ms; /* instead, when not 0 */
    char name[32];    /* "medium", "depth 6", "500 ms" */
} pdn_play_level;

/** Sets the level named @name, as --level gives it (easy, medium, hard, a
 * depth N) or as a saved game names it ("depth N", "N ms"): its depth or
 * time, and its name.  False when @name is none. */
bool pdn_play_level_set(pdn_play_level *l, const char *name);

/** What the dialogue asks of the program around it. */
typedef struct pdn_play_hooks {
    /* Writes the @len bytes at @text to @path (its folders made), whole
       or not at all; 0, or the exit status of the failure it said. */
    int (*write_file)(const pdn_cli *cli, const char *path, const char *text,
                      size_t len);
    /* Judges the game saved in @path with pdn annotate, on cli->out. */
    void (*annotate)(const pdn_cli *cli, const char *path);
} pdn_play_hooks;

/** The settings of a dialogue; the strings are the caller's, and must
 * outlive it. */
typedef struct pdn_play_settings {
    const pdn_cli *cli; /* the streams, and HOME */
    pdn_play_hooks hooks;
    const pdn_variant *v;
    const pdn_draw_rule *rule;
    pdn_play_level level;
    int color;          /* the player's: 0 white, 1 black, 2 random */
    const char *save;   /* the game's file */
    const char *record; /* the record's */
    bool tty;           /* standard input is a terminal */
    bool colour, unicode;
} pdn_play_settings;

typedef struct pdn_play_dialogue pdn_play_dialogue;

pdn_play_dialogue *pdn_play_dialogue_new(const pdn_play_settings *set);
void pdn_play_dialogue_free(pdn_play_dialogue *d);

/** @path as the player reads it: "~/..." below the home folder. */
const char *pdn_play_dialogue_shown_path(const pdn_play_dialogue *d,
                                         const char *path, char buf[512]);

/** Asks @question, yes or no (the answer @dflt on an empty line or at
 * the end of the input). */
bool pdn_play_dialogue_ask(pdn_play_dialogue *d, const char *question,
                           bool dflt);

/** The game saved, when it is unfinished: 1 taken up into @into, the
 * player's side in *@human and the engine's level's name in @level
 * (room for @cap bytes); 0 none to take up. */
int pdn_play_dialogue_saved(const pdn_play_dialogue *d, pdn_play_session *into,
                            pdn_color *human, char *level, size_t cap);

/** Writes the record, as saved. */
void pdn_play_dialogue_show_record(pdn_play_dialogue *d);

struct pdn_egdb;

/** Makes the engine take the values of the endgame database @db (egdb/
 * egdb.h; borrowed, it must outlive @d), which must be of the variant of
 * the game to be played; NULL: none.  Before pdn_play_dialogue_start(). */
void pdn_play_dialogue_use_egdb(pdn_play_dialogue *d, struct pdn_egdb *db);

/** Makes the engine, then takes up @saved (the player's side @human and
 * the level named @level; the session is the dialogue's now) and lets
 * the engine move if it is its turn, or without @saved starts a new game.
 * 0, or -1 when the engine's table cannot be allocated. */
int pdn_play_dialogue_start(pdn_play_dialogue *d, pdn_play_session *saved,
                            pdn_color human, const char *level);

/** Reads and does the player's lines, to quit or the end of the input,
 * then says where an unfinished game is saved. */
void pdn_play_dialogue_run(pdn_play_dialogue *d);

#endif
