/* args.h -- a small GNU-style option parser over argv (no global state),
 * and the argument readers the commands share: the variant, the FEN, the
 * usage-error message, --map-tag, and the reading of FILE... operands
 * game by game with their diagnostics.  Part of cli/, so these may print.
 */
#ifndef PDN_CLI_ARGS_H
#define PDN_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/process.h"
#include "config/config.h"
#include "model/game.h"
#include "model/tagmap.h"
#include "rules/board.h"
#include "rules/variant.h"

/** One option a command accepts: a row of its table (command.h), from
 * which come its parsing, its line in --help and its shell completion. */
typedef struct pdn_option {
    const char *name;    /* long name without "--": "variant" */
    char short_name;     /* 'v', or 0 for none */
    const char *arg;     /* the name of its value in --help ("V"): it takes
                            one, "--variant V", "--variant=V", "-vV",
                            "-v V"; NULL: it takes none */
    int id;              /* what pdn_args_next() returns for it; > 0 */
    const char *help;    /* its --help text, lines split by '\n'; NULL: it
                            shares the line of the option before it */
    const char *choices; /* the values it takes, split by spaces, or a
                            range of numbers "MIN..MAX" ("1..60"), with
                            what they count ("20..100000 columns"; no
                            MAX: no bound); values out of them are
                            refused, and completions offer the words;
                            NULL: any */
    int into;            /* PDN_INTO_*: how it is stored at @at of its
                            command's context; PDN_INTO_NONE: its command
                            reads it (pdn_own_option_fn) */
    size_t at;           /* the offset of that field */
} pdn_option;

/** pdn_option.into: what an option of a command's own is stored as, by
 * the type of the field it names (PDN_OPTION_INTO()). */
enum {
    PDN_INTO_NONE = 0,
    PDN_INTO_TEXT,  /* const char *: its value as given */
    PDN_INTO_INT,   /* int: its number, or the index of its choice */
    PDN_INTO_COUNT, /* uint64_t: its number */
    PDN_INTO_BOOL   /* bool: true; for one with choices, whether its
                       value is not the first of them */
};

/** The row of an option its command reads itself: its long name, short
 * name (0: none), value's name (NULL: none), id, help and choices. */
#define PDN_OPTION(name_, short_, arg_, id_, help_, choices_)                  \
    {                                                                          \
        name_, short_, arg_, id_, help_, choices_, PDN_INTO_NONE, 0            \
    }

/** The PDN_INTO_* of a field of the type of @x. */
/* clang-format off */
#define PDN_INTO_KIND(x)                                           \
    _Generic((x), const char *: PDN_INTO_TEXT, int: PDN_INTO_INT, \
             uint64_t: PDN_INTO_COUNT, bool: PDN_INTO_BOOL)
/* clang-format on */

/** The row of an option stored into @field of the command's context, a
 * @type: its kind comes from the field's type, so that the two cannot
 * disagree, and a field of another type does not build. */
#define PDN_OPTION_INTO(name_, short_, arg_, help_, choices_, type, field)     \
    {                                                                          \
        name_, short_, arg_, PDN_OPT_INTO, help_, choices_,                    \
            PDN_INTO_KIND(((type *)0)->field), offsetof(type, field)           \
    }

/** The row of an option without a value that sets the bool @field. */
#define PDN_OPTION_SET(name_, help_, type, field)                              \
    PDN_OPTION_INTO(name_, 0, NULL, help_, NULL, type, field)

/** The ids of the options several commands take, parsed in one place
 * (pdn_command_args()); a command's own ids count from PDN_OPT_OWN. */
enum {
    PDN_OPT_HELP = 1,
    PDN_OPT_VARIANT,   /* -v, --variant V */
    PDN_OPT_FEN,       /* --fen FEN */
    PDN_OPT_MAP_TAG,   /* --map-tag LOCAL=STANDARD, repeatable */
    PDN_OPT_CONFIG,    /* --config FILE */
    PDN_OPT_JOBS,      /* -j, --jobs N */
    PDN_OPT_JSON,      /* --json */
    PDN_OPT_QUIET,     /* -q, --quiet */
    PDN_OPT_STRICT,    /* --strict */
    PDN_OPT_DRAW_RULE, /* --draw-rule PRESET */
    PDN_OPT_HASH,      /* --hash MB */
    PDN_OPT_SHARD,     /* --shard I/N */
    PDN_OPT_EGDB,      /* --egdb DIR */
    PDN_OPT_NO_EGDB,   /* --no-egdb */
    PDN_OPT_INTO,      /* a command's own, stored (PDN_OPTION_INTO()) */
    PDN_OPT_OWN = 32
};

/** Whether @choices (pdn_option.choices) is a range of numbers, "MIN..":
 * digits, then "..". */
static inline bool
pdn_choices_range(const char *choices)
{
    size_t digits = strspn(choices, "0123456789");
    return digits > 0 && choices[digits] == '.' && choices[digits + 1] == '.';
}

/** The values of --variant, for completions: the variant table's names
 * (completion.c; "@draw-rule": the draw presets'). */
#define PDN_VARIANT_CHOICES "@variant"
#define PDN_DRAW_RULE_CHOICES "@draw-rule"

/** What pdn_args_next() returns besides an option id. */
enum {
    PDN_ARGS_END = 0,      /* no arguments left */
    PDN_ARGS_OPERAND = -1, /* a non-option argument, in a->value */
    PDN_ARGS_ERROR = -2    /* a usage error, described in a->error */
};

/** The state of one pass over argv.  Caller-owned; see pdn_args_init(). */
typedef struct pdn_args {
    int argc;
    char **argv;
    int index;          /* next element of argv to read */
    const char *bundle; /* rest of a cluster of short options, or NULL */
    bool operands_only; /* seen "--" */
    const pdn_option *options;
    size_t noptions;
    const char *value; /* the option's value, or the operand */
    size_t option;     /* the index in @options of the option read */
    char error[160];   /* "unknown option '--foo'" */
} pdn_args;

/** Prepares to read @argv[1..@argc-1] (argv[0] is the command name) with
 * the @n @options.  Nothing is copied: @argv and @options must outlive
 * @a. */
void pdn_args_init(pdn_args *a, int argc, char **argv,
                   const pdn_option *options, size_t n);

/** Reads the next argument.  Returns an option's id (with a->value set
 * when it takes one), PDN_ARGS_OPERAND, PDN_ARGS_END or PDN_ARGS_ERROR.
 * Options and operands may be mixed; "--" makes every later argument an
 * operand; "-" alone and words starting with '-' and a digit ("-1") are
 * operands. */
int pdn_args_next(pdn_args *a);

/** Whether the arguments of a command ask for JSON output: "--json",
 * "--format json" or "--to json" (either spelling), before any "--". */
bool pdn_args_json_mode(int argc, char **argv);

/** Prints "pdn @cmd: <message>" and "Try 'pdn @cmd --help'." to cli->err
 * (@cmd NULL for the bare "pdn"), and the message as JSON on cli->out in
 * a JSON mode (pdn_cli_json_error()); returns PDN_EXIT_USAGE. */
int pdn_args_fail(const pdn_cli *cli, const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/** Prints that options --@a and --@b cannot be used together, as
 * pdn_args_fail() does; returns PDN_EXIT_USAGE. */
int pdn_args_exclusive(const pdn_cli *cli, const char *cmd, const char *a,
                       const char *b);

/** Whether --in-place can rewrite the @n FILEs @files: -1, or the exit
 * status of the usage error printed when there are none or one is "-"
 * (standard input). */
int pdn_args_in_place(const pdn_cli *cli, const char *cmd,
                      const char *const *files, size_t n);

/** Prints "pdn @cmd: <message>" to cli->err, and the message as JSON on
 * cli->out in a JSON mode: what stops a command that is not a usage
 * error.  Returns @status. */
int pdn_args_stop(const pdn_cli *cli, const char *cmd, int status,
                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/** Reads the value @value of option --@name, a whole number from @min to
 * @max, into *@out and returns 0; or prints "pdn @cmd: bad --@name
 * 'VALUE': expected @what" (@what NULL: "a number from MIN to MAX") and
 * returns PDN_EXIT_USAGE. */
int pdn_args_number(const pdn_cli *cli, const char *cmd, const char *name,
                    const char *value, unsigned long long min,
                    unsigned long long max, const char *what,
                    unsigned long long *out);

/** Prints @text on one line and a caret under its column @column (1-based,
 * in characters) on the next, both indented by two spaces. */
void pdn_args_caret(FILE *f, const char *text, unsigned column);

/** Reads a --variant value: a name ("italian") or a PDN GameType ("22",
 * "22,W,8,8,N2,1").  Returns 0 with *@out set, or prints a usage error
 * naming the supported variants and returns PDN_EXIT_USAGE. */
/** The same for a command that reads games: a PDN GameType this program
 * does not play (1 to 99: "20", International draughts) is taken too,
 * with *@unplayed set to it (games without a GameType tag are then read
 * and not replayed) and *@out left as it was; else *@unplayed is 0. */
int pdn_args_game_variant(const pdn_cli *cli, const char *cmd,
                          const char *value, const pdn_variant **out,
                          int *unplayed);

int pdn_args_variant(const pdn_cli *cli, const char *cmd, const char *value,
                     const pdn_variant **out);

/** Reads the FEN @fen (NULL: the variant's start position) into @out.
 * Returns 0, or prints "pdn @cmd: bad FEN at column N: ..." with the FEN
 * and a caret and returns PDN_EXIT_USAGE. */
int pdn_args_board(const pdn_cli *cli, const char *cmd, const pdn_variant *v,
                   const char *fen, pdn_board *out);

/** Reads a --map-tag value "LOCAL=STANDARD" into @map.  Returns 0, or
 * prints a usage error and returns PDN_EXIT_USAGE. */
int pdn_args_map_tag(const pdn_cli *cli, const char *cmd, pdn_tagmap *map,
                     const char *value);

/** Reads the configuration file @path (--config), else the default file
 * (pdn_config_default_path()) if there is one, into @cfg.  Returns 0, or
 * prints "pdn @cmd: FILE:LINE:COL: error: ..." and returns
 * PDN_EXIT_USAGE. */
int pdn_args_config(const pdn_cli *cli, const char *cmd, const char *path,
                    pdn_config *cfg);

/** The variant @cfg names (a name or a GameType), or NULL. */
const pdn_variant *pdn_args_config_variant(const pdn_config *cfg);

/** "s" unless @n is 1: "3 games", "1 game". */
static inline const char *
pdn_args_plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

#endif
