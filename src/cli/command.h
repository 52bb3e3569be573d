/* command.h -- the commands of pdn, each declared once: its name, its
 * options in one table (args.h's pdn_option), and the text of its --help
 * around them.  From the table come the parsing of its arguments
 * (pdn_command_args(), which also reads the options several commands
 * share), its --help (pdn_command_help()) and its shell completions
 * (pdn completion).  Adding a command is one file, cmd_NAME.c, that
 * defines its pdn_command, and one line in the list of commands.h.
 */
#ifndef PDN_CLI_COMMAND_H
#define PDN_CLI_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"
#include "cli/args.h"
#include "stream/reading.h"
#include "model/game.h"
#include "model/tagmap.h"
#include "rules/board.h"
#include "rules/variant.h"

/** The rows of the options pdn_command_args() reads for every command
 * (pdn_shared), each with the help text its command gives it: the name,
 * the value and the range are the same everywhere. */
/* clang-format off */
#define PDN_OPTION_VARIANT(help, choices) \
    PDN_OPTION("variant", 'v', "V", PDN_OPT_VARIANT, help, choices)
#define PDN_OPTION_FEN(help) \
    PDN_OPTION("fen", 0, "FEN", PDN_OPT_FEN, help, NULL)
#define PDN_OPTION_MAP_TAG(help) \
    PDN_OPTION("map-tag", 0, "L=S", PDN_OPT_MAP_TAG, help, NULL)
#define PDN_OPTION_CONFIG(help) \
    PDN_OPTION("config", 0, "FILE", PDN_OPT_CONFIG, help, NULL)
#define PDN_OPTION_DRAW_RULE(help) \
    PDN_OPTION("draw-rule", 0, "PRESET", PDN_OPT_DRAW_RULE, help, \
               PDN_DRAW_RULE_CHOICES)
#define PDN_OPTION_JOBS(help) \
    PDN_OPTION("jobs", 'j', "N", PDN_OPT_JOBS, help, "1..256")
#define PDN_OPTION_SHARD(help) \
    PDN_OPTION("shard", 0, "I/N", PDN_OPT_SHARD, help, NULL)
#define PDN_OPTION_HASH(help) \
    PDN_OPTION("hash", 0, "MB", PDN_OPT_HASH, help, "1..65536")
#define PDN_OPTION_JSON(help) \
    PDN_OPTION("json", 0, NULL, PDN_OPT_JSON, help, NULL)
#define PDN_OPTION_QUIET(help) \
    PDN_OPTION("quiet", 'q', NULL, PDN_OPT_QUIET, help, NULL)
#define PDN_OPTION_STRICT(help) \
    PDN_OPTION("strict", 0, NULL, PDN_OPT_STRICT, help, NULL)
#define PDN_OPTIONS_EGDB                                                  \
    PDN_OPTION("egdb", 0, "DIR", PDN_OPT_EGDB,                            \
               "the endgame database in DIR (default: the one in\n"       \
               "$XDG_DATA_HOME/pdn/egdb/VARIANT, if there is one)", NULL), \
    PDN_OPTION("no-egdb", 0, NULL, PDN_OPT_NO_EGDB,                       \
               "use no endgame database", NULL)

/** The row of a command's own option that takes no value and has no
 * short name. */
#define PDN_OPTION_FLAG(name, id, help) \
    PDN_OPTION(name, 0, NULL, id, help, NULL)

/** Rows that several commands describe alike. */
#define PDN_OPTION_HELP \
    PDN_OPTION("help", 'h', NULL, PDN_OPT_HELP, "print this help and exit", \
               NULL)
#define PDN_OPTION_POSITION_VARIANT                                  \
    PDN_OPTION_VARIANT("italian (default), spanish, english, or a PDN " \
                       "GameType", PDN_VARIANT_CHOICES)
#define PDN_OPTION_JSON_LINE \
    PDN_OPTION_JSON("print one line of JSON instead of text")
#define PDN_OPTION_GAMES_VARIANT \
    PDN_OPTION_VARIANT("the variant of games without a GameType tag", \
                       PDN_VARIANT_CHOICES)
/* The last rows of a command that reads archives on threads: @jobs and
   @shard the help of --jobs and --shard. */
#define PDN_OPTIONS_ARCHIVE(jobs, shard)                         \
    PDN_OPTION_MAP_TAG("read tag name L as standard tag S"),     \
    PDN_OPTION_JOBS(jobs), PDN_OPTION_SHARD(shard),              \
    PDN_OPTION_QUIET("print no diagnostics"), PDN_OPTION_HELP
/* clang-format on */

/** pdn_command.flags */
enum {
    /* It reads games: --variant may name a PDN GameType it does not play
       (1 to 99), whose games are read and not replayed. */
    PDN_COMMAND_GAMES = 1u << 0,
    /* --variant auto: each file's own (pdn check). */
    PDN_COMMAND_VARIANT_AUTO = 1u << 1,
    /* It reads one position: --fen FEN when it takes --fen, else its
       first operand, else the start position (pdn_shared.board). */
    PDN_COMMAND_POSITION = 1u << 2
};

typedef struct pdn_command {
    const char *name;    /* "check" */
    const char *summary; /* its line in pdn --help; '\n' goes on below */
    const char *usage;   /* after "Usage: pdn NAME ": "[OPTION]... DEPTH" */
    const char *about;   /* the lines under Usage, each ending in '\n' */
    const pdn_option *options;
    size_t noptions;
    unsigned column;      /* where the options' help starts in --help; 0:
                             two columns after the longest option */
    const char *more;     /* the lines after the options (may be "") */
    const char *operands; /* what its operands are, for completions: the
                            values they take, split by spaces; "@file":
                            file names, "@command": the commands; NULL:
                            nothing to complete */
    unsigned flags;       /* PDN_COMMAND_* */
    /* Runs it on argv[1..argc-1] (argv[0] is its name); returns the exit
       status. */
    int (*run)(const pdn_cli *cli, int argc, char **argv);
} pdn_command;

/** Defines pdn_NAME_command, the command NAME of a cmd_NAME.c whose
 * options are NAME_options[] and whose function is run(): its --help
 * line, usage, text before the options, their help column (0: after the
 * longest), text after them, PDN_COMMAND_* flags and operands. */
#define PDN_COMMAND(cname, summary_, usage_, about_, column_, more_, flags_,   \
                    operands_)                                                 \
    const pdn_command pdn_##cname##_command = {                                \
        .name = #cname,                                                        \
        .summary = summary_,                                                   \
        .usage = usage_,                                                       \
        .about = about_,                                                       \
        .options = cname##_options,                                            \
        .noptions = sizeof cname##_options / sizeof cname##_options[0],        \
        .column = column_,                                                     \
        .more = more_,                                                         \
        .flags = flags_,                                                       \
        .operands = operands_,                                                 \
        .run = run}

/** Says on cli->err that @cmd cannot write game @g as it was read: the
 * text of a game too large to hold was not kept whole. */
void pdn_command_lost_game(const pdn_cli *cli, const char *cmd,
                           const pdn_game *g);

/** The same message, at the end of @out (for a thread that makes what is
 * written later). */
void pdn_command_lost_game_text(const char *cmd, const pdn_game *g,
                                pdn_strbuf *out);

/** The commands, in the order of pdn --help; *@n gets how many. */
const pdn_command *const *pdn_commands(size_t *n);

/** The command named @name, or NULL. */
const pdn_command *pdn_command_named(const char *name);

/** Appends the --help text of @c to @out. */
void pdn_command_help(const pdn_command *c, pdn_strbuf *out);

/** What the options several commands share were given as, read by
 * pdn_command_args(), and the operands.  Free with pdn_shared_free(). */
typedef struct pdn_shared {
    const char **operands; /* the arguments that are not options */
    size_t noperands;
    const char *variant_name;   /* --variant as given, or NULL */
    const pdn_variant *variant; /* what it names; NULL when not given,
                                   auto, or a GameType not played */
    int unplayed;               /* that GameType (PDN_COMMAND_GAMES) */
    bool variant_auto;          /* --variant auto */
    const char *fen;            /* --fen, or NULL */
    const char *config;         /* --config, or NULL */
    const char *draw_rule;      /* --draw-rule, a preset's name, or NULL */
    pdn_tagmap *tagmap;         /* --map-tag's pairs (never NULL) */
    long jobs;                  /* --jobs, 0: not given */
    size_t hash_mb;             /* --hash, 0: not given */
    uint64_t shard, shards;     /* --shard I/N: games I, I+N, I+2N...
                                   (1-based); 0: not given */
    bool json;                  /* --json */
    bool quiet;                 /* --quiet */
    bool strict;                /* --strict */
    const char *egdb;           /* --egdb DIR, or NULL */
    bool no_egdb;               /* --no-egdb (the last of the two wins) */
    pdn_board board;            /* PDN_COMMAND_POSITION: the position, of
                                   @variant (the default when none is
                                   given) */
} pdn_shared;

/** An option as given: its id, its value (NULL when it takes none), and
 * what its choices make of the value (pdn_option.choices): the index of
 * the word it is among them, or the number in their range. */
typedef struct pdn_given {
    int id;
    const char *value;
    unsigned long long n;
} pdn_given;

/** A command's own option @g: returns 0, or the exit status of a usage
 * error it printed. */
typedef int (*pdn_own_option_fn)(const pdn_cli *cli, const pdn_given *g,
                                 void *ctx);

/** Reads argv[1..@argc-1] by the options of @c: --help printed on
 * cli->out, the shared options and the operands into @s, the options
 * of PDN_OPTION_INTO() rows stored into @ctx, every other option handed
 * to @own with @ctx (NULL: the command has none); then the
 * operands counted by c->usage ("DEPTH": one that must be there,
 * "[FEN]": one that may, "[FILE]...": any number).  A usage error is
 * printed as pdn_args_fail() does.  Returns -1 to go on, else
 * the exit status (0 after --help).  @s is to be freed either way. */
int pdn_command_args(const pdn_cli *cli, const pdn_command *c, int argc,
                     char **argv, pdn_shared *s, pdn_own_option_fn own,
                     void *ctx);

/** Reads @s's operands as FILEs (reading.h) for command @cmd, with their
 * tag map, --quiet and --strict, calling @each with @ctx for each game,
 * which keeps its text as read when @keep_raw; @rj gets the reading's
 * counts.  Returns pdn_read_files()'s status. */
int pdn_shared_read(const pdn_cli *cli, const pdn_shared *s, const char *cmd,
                    bool keep_raw, pdn_game_fn each, void *ctx,
                    pdn_read_job *rj);

/** pdn_shared_read() with @w's functions instead of one for each game,
 * on s->jobs threads (1 when not given): work() on the games in any
 * thread, done() in file order (stream/reading.h). */
int pdn_shared_read_work(const pdn_cli *cli, const pdn_shared *s,
                         const char *cmd, bool keep_raw, pdn_read_work *w,
                         void *ctx, pdn_read_job *rj);

/** The games --shard takes, picked as they are read, counted across
 * every FILE: a command's context starts with one, for pdn_shard_pick(). */
typedef struct pdn_shard_picker {
    const pdn_shared *args; /* its --shard */
    uint64_t seen;          /* games read */
} pdn_shard_picker;

/** Counts one more game read: whether it is one of --shard's (every game
 * when it is not given). */
bool pdn_shard_next(pdn_shard_picker *p);

/** pdn_read_work.pick for a @ctx that starts with a pdn_shard_picker. */
bool pdn_shard_pick(const pdn_cli *cli, const pdn_game *g, pdn_diags *d,
                    void *ctx);

struct pdn_egdb;

/** The endgame database of @v that command @cmd uses: that of @dir (the
 * folder of --egdb or of a setting; NULL: the default folder, pdn-egdb(1),
 * when it holds one), or none for @dir "none".  Returns 0 with *@out set
 * (NULL: none), or the exit status of the error printed when @dir holds
 * no database of @v and @required. */
int pdn_command_egdb(const pdn_cli *cli, const char *cmd, const char *dir,
                     const pdn_variant *v, bool required,
                     struct pdn_egdb **out);

/** The endgame databases of each variant, by variant id, into @out
 * (pdn_command_egdb() for each, none required): for a command that reads
 * games of any variant.  Returns -1 to go on, or the exit status of the
 * error printed when @dir (not NULL, not "none") holds none. */
int pdn_command_egdb_all(const pdn_cli *cli, const char *cmd, const char *dir,
                         struct pdn_egdb *out[3]);

/** Frees what pdn_command_args() made in @s. */
void pdn_shared_free(pdn_shared *s);

#endif
