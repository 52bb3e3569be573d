/* args.h -- a small GNU-style option parser over argv (no global state),
 * and the argument readers the commands share: the variant, the FEN, the
 * usage-error message.  Part of cli/, so these may print.
 */
#ifndef PDN_CLI_ARGS_H
#define PDN_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules/board.h"
#include "rules/variant.h"

/** Exit statuses of every command. */
enum {
    PDN_EXIT_OK = 0,    /* success */
    PDN_EXIT_INPUT = 1, /* the input has problems (an illegal move) */
    PDN_EXIT_USAGE = 2  /* usage or I/O error */
};

/** What a command may touch of the outside world: where it writes, and
 * the locale variables it reads (NULL when unset). */
typedef struct pdn_cli {
    FILE *out;
    FILE *err;
    const char *lc_all;
    const char *lc_ctype;
    const char *lang;
} pdn_cli;

/** One option a command accepts. */
typedef struct pdn_option {
    const char *name; /* long name without "--": "variant" */
    char short_name;  /* 'v', or 0 for none */
    bool takes_value; /* "--variant V", "--variant=V", "-vV", "-v V" */
    int id;           /* what pdn_args_next() returns for it; > 0 */
} pdn_option;

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

/** Prints "pdn @cmd: <message>" and "Try 'pdn @cmd --help'." to cli->err
 * (@cmd NULL for the bare "pdn") and returns PDN_EXIT_USAGE. */
int pdn_args_fail(const pdn_cli *cli, const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/** Prints @text on one line and a caret under its column @column (1-based,
 * in characters) on the next, both indented by two spaces. */
void pdn_args_caret(FILE *f, const char *text, unsigned column);

/** Reads a --variant value: a name ("italian") or a PDN GameType ("22",
 * "22,W,8,8,N2,1").  Returns 0 with *@out set, or prints a usage error
 * naming the supported variants and returns PDN_EXIT_USAGE. */
int pdn_args_variant(const pdn_cli *cli, const char *cmd, const char *value,
                     const pdn_variant **out);

/** Reads the FEN @fen (NULL: the variant's start position) into @out.
 * Returns 0, or prints "pdn @cmd: bad FEN at column N: ..." with the FEN
 * and a caret and returns PDN_EXIT_USAGE. */
int pdn_args_board(const pdn_cli *cli, const char *cmd, const pdn_variant *v,
                   const char *fen, pdn_board *out);

/** Whether the locale variables of @cli ask for UTF-8: the first set and
 * non-empty of LC_ALL, LC_CTYPE, LANG contains "UTF-8" or "utf8" (case
 * ignored). */
bool pdn_args_utf8(const pdn_cli *cli);

#endif
