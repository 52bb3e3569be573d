/* main.c -- the pdn command: "pdn COMMAND [options]", --help, --version,
 * "pdn help COMMAND".  Exit status: 0 success, 1 the input has problems,
 * 2 usage or I/O error.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"

/* Passed by meson from project(version:); the fallback keeps a bare
 * compile working. */
#ifndef PDN_VERSION
#define PDN_VERSION "0.1.0"
#endif

typedef int (*command_fn)(const pdn_cli *cli, int argc, char **argv);

static const struct {
    const char *name;
    command_fn run;
} commands[] = {
    {"perft", pdn_cmd_perft},
    {"moves", pdn_cmd_moves},
    {"show", pdn_cmd_show},
    {"parse", pdn_cmd_parse},
    {"check", pdn_cmd_check},
    {"fmt", pdn_cmd_fmt},
    {"convert", pdn_cmd_convert},
    {"analyse", pdn_cmd_analyse},
    {"annotate", pdn_cmd_annotate},
    {"bench", pdn_cmd_bench},
    {"tags", pdn_cmd_tags},
};

enum { OPT_HELP = 1, OPT_VERSION };

static const pdn_option main_options[] = {
    {"help", 'h', false, OPT_HELP},
    {"version", 0, false, OPT_VERSION},
};

static command_fn
find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return commands[i].run;
    return NULL;
}

/* pdn help [COMMAND] */
static int
run_help(const pdn_cli *cli, int argc, char **argv)
{
    pdn_args a;
    const char *command = NULL, *text;
    int opt;

    pdn_args_init(&a, argc, argv, main_options, 1);
    while ((opt = pdn_args_next(&a)) != PDN_ARGS_END) {
        if (opt == PDN_ARGS_ERROR)
            return pdn_args_fail(cli, NULL, "%s", a.error);
        if (opt == OPT_HELP) {
            fputs(pdn_help_text("help"), cli->out);
            return PDN_EXIT_OK;
        }
        if (command) {
            return pdn_args_fail(cli, NULL, "unexpected argument '%s'",
                                 a.value);
        }
        command = a.value;
    }
    text = pdn_help_text(command);
    if (!text)
        return pdn_args_fail(cli, NULL, "unknown command '%s'", command);
    fputs(text, cli->out);
    return PDN_EXIT_OK;
}

/* Reads the options before COMMAND and runs it. */
static int
dispatch(const pdn_cli *cli, int argc, char **argv)
{
    pdn_args a;
    int opt;
    command_fn run;

    pdn_args_init(&a, argc, argv, main_options,
                  sizeof main_options / sizeof main_options[0]);
    while ((opt = pdn_args_next(&a)) != PDN_ARGS_END) {
        switch (opt) {
        case PDN_ARGS_ERROR:
            return pdn_args_fail(cli, NULL, "%s", a.error);
        case OPT_HELP:
            fputs(pdn_help_text(NULL), cli->out);
            return PDN_EXIT_OK;
        case OPT_VERSION:
            fputs("pdn " PDN_VERSION "\n", cli->out);
            return PDN_EXIT_OK;
        default: /* PDN_ARGS_OPERAND: the command */
            argc -= a.index - 1;
            argv += a.index - 1;
            if (strcmp(a.value, "help") == 0)
                return run_help(cli, argc, argv);
            if (!(run = find_command(a.value)))
                return pdn_args_fail(cli, NULL, "unknown command '%s'",
                                     a.value);
            pdn_cli c = *cli; /* its errors as JSON too, in a JSON mode */
            c.json = pdn_args_json_mode(argc, argv);
            return run(&c, argc, argv);
        }
    }
    fputs(pdn_help_usage(), cli->err);
    return PDN_EXIT_USAGE;
}

/* Opens /dev/null on each of the standard descriptors that the caller
 * left closed (as coreutils and SQLite do): else the first file this
 * program opens would take the number, and what is meant for standard
 * error (2>&-) would be written into it, a file replaced --in-place
 * among them. */
static void
open_standard_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int got = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (got >= 0 && got != fd) { /* cannot be: the lowest is free */
            close(got);
            _exit(PDN_EXIT_USAGE);
        }
        if (got < 0)
            _exit(PDN_EXIT_USAGE); /* nowhere safe to write: stop here */
    }
}

int
main(int argc, char **argv)
{
    open_standard_fds();
    /* A file size limit (ulimit -f) is a write error (EFBIG), reported
     * with the file left as it was, not a death that leaves a temporary
     * file behind. */
    signal(SIGXFSZ, SIG_IGN);
    pdn_cli cli = {
        .in = stdin,
        .out = stdout,
        .err = stderr,
        .lc_all = getenv("LC_ALL"),
        .lc_ctype = getenv("LC_CTYPE"),
        .lang = getenv("LANG"),
        .no_color = getenv("NO_COLOR"),
        .term = getenv("TERM"),
        .xdg_config_home = getenv("XDG_CONFIG_HOME"),
        .home = getenv("HOME"),
        .err_tty = isatty(fileno(stderr)) == 1,
    };
    int rc = dispatch(&cli, argc, argv);

    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("pdn: write error on standard output\n", stderr);
        return PDN_EXIT_USAGE;
    }
    return rc;
}
