/* help.c -- the help of pdn itself (pdn --help, pdn help), its commands
 * listed from the list of commands.c, and the command pdn help COMMAND,
 * which prints a command's --help.  Each command's own text is beside
 * its code, in its pdn_command; the man pages in man/ say the same at
 * more length: keep them in step.
 */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"

#define CMD "help"

void
pdn_help_main(pdn_strbuf *out)
{
    size_t n;
    const pdn_command *const *all = pdn_commands(&n);

    pdn_strbuf_puts(out,
                    "Usage: pdn COMMAND [OPTION]... [ARGUMENT]...\n"
                    "Read PDN game records; check and explore positions of "
                    "Italian, Spanish\n"
                    "and English draughts.\n"
                    "\n"
                    "Commands:\n");
    for (size_t i = 0; i < n; i++) {
        /* The name in 8 columns; the summary's lines below at the same
           place. */
        pdn_strbuf_printf(out, "  %-7s ", all[i]->name);
        for (const char *p = all[i]->summary; *p; p++) {
            pdn_strbuf_putc(out, *p);
            if (*p == '\n')
                pdn_strbuf_puts(out, "          ");
        }
        pdn_strbuf_putc(out, '\n');
    }
    pdn_strbuf_puts(
        out,
        "\n"
        "Options:\n"
        "  -h, --help     print this help and exit\n"
        "      --version  print the version and exit\n"
        "\n"
        "check, fmt, convert, analyse, annotate, perft, moves and show take "
        "-v,\n"
        "--variant=V: italian (the default), spanish, english, or a PDN "
        "GameType (22,\n"
        "24, 21, or a full form such as 22,W,8,8,N2,1).  Run 'pdn COMMAND "
        "--help' for\n"
        "a command's options.\n"
        "\n"
        "Exit status: 0 success, 1 the input has problems, 2 usage or I/O "
        "error.\n");
}

void
pdn_help_usage(pdn_strbuf *out)
{
    size_t n;
    const pdn_command *const *all = pdn_commands(&n);

    pdn_strbuf_puts(out, "Usage: pdn COMMAND [OPTION]... [ARGUMENT]...\n"
                         "Commands: ");
    for (size_t i = 0; i < n; i++)
        pdn_strbuf_printf(out, "%s%s", i ? ", " : "", all[i]->name);
    pdn_strbuf_puts(out, "\nTry 'pdn --help' for more information.\n");
}

static const pdn_option help_options[] = {
    PDN_OPTION_HELP,
};

/* pdn help [COMMAND]: pdn's help, or COMMAND's. */
static int
run(const pdn_cli *cli, int argc, char **argv)
{
    pdn_args a;
    const char *name = NULL;
    const pdn_command *c = NULL;
    pdn_strbuf text = PDN_STRBUF_INIT;
    int opt;

    pdn_args_init(&a, argc, argv, help_options, 1);
    while ((opt = pdn_args_next(&a)) != PDN_ARGS_END) {
        if (opt == PDN_ARGS_ERROR)
            return pdn_args_fail(cli, NULL, "%s", a.error);
        if (opt == PDN_OPT_HELP) {
            name = NULL;
            break;
        }
        if (name)
            return pdn_args_fail(cli, NULL, "unexpected argument '%s'",
                                 a.value);
        name = a.value;
    }
    if (name && !(c = pdn_command_named(name)))
        return pdn_args_fail(cli, NULL, "unknown command '%s'", name);
    if (c && c->run != run)
        pdn_command_help(c, &text);
    else
        pdn_help_main(&text);
    fwrite(text.ptr, 1, text.len, cli->out);
    pdn_strbuf_free(&text);
    return PDN_EXIT_OK;
}

static const char help_about[] = "Print the help of COMMAND, or of pdn.\n";

static const char help_more[] = "";

PDN_COMMAND(help, "print the help of a command: pdn help COMMAND", "[COMMAND]",
            help_about, 0, help_more, 0, "@command");
