/* process.h -- what a command may touch of the outside world (its
 * standard streams, the environment it reads), the exit statuses, and
 * what follows from them: whether text may be UTF-8 and coloured, and
 * the JSON line of an error in a JSON mode.
 */
#ifndef PDN_BASE_PROCESS_H
#define PDN_BASE_PROCESS_H

#include <stdbool.h>
#include <stdio.h>

/** Exit statuses of every command. */
enum {
    PDN_EXIT_OK = 0,    /* success */
    PDN_EXIT_INPUT = 1, /* the input has problems (an illegal move) */
    PDN_EXIT_USAGE = 2  /* usage or I/O error */
};

/** What a command may touch of the outside world: where it writes, the
 * environment variables it reads (NULL when unset), and whether @err is a
 * terminal. */
typedef struct pdn_cli {
    FILE *in; /* standard input, for the FILE operand "-" */
    FILE *out;
    FILE *err;
    const char *lc_all;
    const char *lc_ctype;
    const char *lang;
    const char *no_color;        /* NO_COLOR */
    const char *term;            /* TERM */
    const char *xdg_config_home; /* XDG_CONFIG_HOME, for the config file */
    const char *xdg_state_home;  /* XDG_STATE_HOME, for pdn play's game */
    const char *xdg_data_home;   /* XDG_DATA_HOME, for endgame databases */
    const char *home;            /* HOME, the same */
    bool err_tty;                /* @err is a terminal */
    bool json;                   /* the command writes JSON (--json, --format
                                    json, --to json): an error that stops it is
                                    also written on @out, pdn_cli_json_error() */
} pdn_cli;

/** Name in diagnostics and output of the standard input ("-"). */
#define PDN_STDIN_NAME "<stdin>"

/** Whether the locale variables of @cli ask for UTF-8: the first set and
 * non-empty of LC_ALL, LC_CTYPE, LANG contains "UTF-8" or "utf8" (case
 * ignored). */
bool pdn_cli_utf8(const pdn_cli *cli);

/** Whether diagnostics on cli->err may be coloured: it is a terminal,
 * TERM is set and not "dumb", and NO_COLOR is unset or empty
 * (no-color.org). */
bool pdn_cli_colour(const pdn_cli *cli);

/** With cli->json, writes on cli->out the error that stops the command,
 * as one line: {"error":MESSAGE} and, where there are some, "code" and
 * "column" (0: none; @code NULL: none).  Without, nothing. */
void pdn_cli_json_error(const pdn_cli *cli, const char *code, unsigned column,
                        const char *message);

#endif
