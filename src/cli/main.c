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

enum { OPT_VERSION = PDN_OPT_OWN };

static const pdn_option main_options[] = {
    PDN_OPTION_HELP,
    PDN_OPTION("version", 0, NULL, OPT_VERSION, "print the version and exit",
               NULL),
};

/* Writes @text on @f and frees it. */
static void
put_text(FILE *f, pdn_strbuf *text)
{
    fwrite(text->ptr, 1, text->len, f);
    pdn_strbuf_free(text);
}

/* Reads the options before COMMAND and runs it. */
static int
dispatch(const pdn_cli *cli, int argc, char **argv)
{
    pdn_args a;
    pdn_strbuf text = PDN_STRBUF_INIT;
    const pdn_command *c;
    int opt;

    pdn_args_init(&a, argc, argv, main_options,
                  sizeof main_options / sizeof main_options[0]);
    while ((opt = pdn_args_next(&a)) != PDN_ARGS_END) {
        switch (opt) {
        case PDN_ARGS_ERROR:
            return pdn_args_fail(cli, NULL, "%s", a.error);
        case PDN_OPT_HELP:
            pdn_help_main(&text);
            put_text(cli->out, &text);
            return PDN_EXIT_OK;
        case OPT_VERSION:
            fputs("pdn " PDN_VERSION "\n", cli->out);
            return PDN_EXIT_OK;
        default: /* PDN_ARGS_OPERAND: the command */
            argc -= a.index - 1;
            argv += a.index - 1;
            if (!(c = pdn_command_named(a.value)))
                return pdn_args_fail(cli, NULL, "unknown command '%s'",
                                     a.value);
            pdn_cli here = *cli; /* its errors as JSON too, in a JSON mode */
            here.json = pdn_args_json_mode(argc, argv);
            return c->run(&here, argc, argv);
        }
    }
    pdn_help_usage(&text);
    put_text(cli->err, &text);
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
        .xdg_state_home = getenv("XDG_STATE_HOME"),
        .xdg_data_home = getenv("XDG_DATA_HOME"),
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
