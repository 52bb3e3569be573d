/* completion.c -- pdn completion bash|zsh|fish: the shell's completion
 * script of pdn, made from the list of commands and their tables of
 * options (command.h): the commands after "pdn", each command's options
 * after a dash, the values of an option that takes one of a few (its
 * pdn_option.choices), file names for an option that takes a FILE and
 * for the operands of a command that reads FILEs.  meson install puts
 * the three scripts where each shell looks for them.
 */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "replay/draw.h"

#define CMD "completion"

static const pdn_option completion_options[] = {
    PDN_OPTION_HELP,
};

/* ---- What the scripts say ---- */

/* Appends @words to @out, split by spaces: "@variant" and "@draw-rule"
 * made into the names of the tables of rules/ and replay/, "@command"
 * into the names of the @n commands @all. */
static void
put_words(const char *words, const pdn_command *const *all, size_t n,
          pdn_strbuf *out)
{
    const char *p = words;
    const char *sep = "";

    while (*p) {
        size_t len = strcspn(p, " ");
        if (len == 8 && strncmp(p, "@variant", 8) == 0) {
            for (int id = 0; id < PDN_VARIANT_COUNT; id++, sep = " ")
                pdn_strbuf_printf(out, "%s%s", sep,
                                  pdn_variant_get((pdn_variant_id)id)->name);
        } else if (len == 10 && strncmp(p, "@draw-rule", 10) == 0) {
            pdn_strbuf_puts(out, sep);
            for (const char *q = pdn_draw_rule_names(); *q; q++)
                if (*q != ',')
                    pdn_strbuf_putc(out, *q);
        } else if (len == 8 && strncmp(p, "@command", 8) == 0) {
            for (size_t i = 0; i < n; i++, sep = " ")
                pdn_strbuf_printf(out, "%s%s", sep, all[i]->name);
        } else {
            pdn_strbuf_printf(out, "%s%.*s", sep, (int)len, p);
        }
        sep = " ";
        p += len + (p[len] == ' ');
    }
}

/* Whether option @o takes one of a few words (not a number in a
 * range). */
static bool
takes_word(const pdn_option *o)
{
    return o->choices && !pdn_choices_range(o->choices);
}

/* Whether option @o takes a file name. */
static bool
takes_file(const pdn_option *o)
{
    return o->arg && strcmp(o->arg, "FILE") == 0;
}

/* Whether the operands of @c are file names; whether they are words to
 * choose from. */
static bool
file_operands(const pdn_command *c)
{
    return c->operands && strcmp(c->operands, "@file") == 0;
}

static bool
word_operands(const pdn_command *c)
{
    return c->operands && !file_operands(c);
}

/* Appends @text to @out on one line, its lines joined by spaces, each '
 * written as @quote. */
static void
put_line(const char *text, const char *quote, pdn_strbuf *out)
{
    for (; *text; text++) {
        if (*text == '\'')
            pdn_strbuf_puts(out, quote);
        else
            pdn_strbuf_putc(out, *text == '\n' ? ' ' : *text);
    }
}

/* The help of option @i of @c: its own, or that of the option whose line
 * it shares. */
static const char *
option_help(const pdn_command *c, size_t i)
{
    while (i > 0 && !c->options[i].help)
        i--;
    return c->options[i].help ? c->options[i].help : "";
}

/* ---- bash and zsh ---- */

/* How bash or zsh is told what to offer. */
typedef struct shell_words {
    const char *words;  /* the words given after it */
    const char *files;  /* the file names */
    const char *values; /* "values=" and the words given after it */
    const char *end;    /* what closes the words */
} shell_words;

static const shell_words bash = {"COMPREPLY=($(compgen -W '",
                                 "COMPREPLY=($(compgen -f -- \"$cur\"))",
                                 "values='", "'"};
static const shell_words zsh = {"compadd -- ", "_files", "values=(", ")"};

/* The case after an option of @c that takes a value: what to offer for
 * it (its words, file names, or nothing). */
static void
put_cases(pdn_strbuf *out, const pdn_command *c, const pdn_command *const *all,
          size_t n, const shell_words *sh)
{
    pdn_strbuf_printf(out, "    %s)\n        case $prev in\n", c->name);
    for (size_t j = 0; j < c->noptions; j++) {
        const pdn_option *o = &c->options[j];
        if (!o->arg)
            continue;
        pdn_strbuf_printf(out, "        --%s", o->name);
        if (o->short_name)
            pdn_strbuf_printf(out, "|-%c", o->short_name);
        pdn_strbuf_puts(out, ")\n");
        if (takes_word(o)) {
            pdn_strbuf_printf(out, "            %s", sh->words);
            put_words(o->choices, all, n, out);
            pdn_strbuf_puts(out, sh == &bash ? "' -- \"$cur\"))\n" : "\n");
        } else if (takes_file(o)) {
            pdn_strbuf_printf(out, "            %s\n", sh->files);
        }
        pdn_strbuf_puts(out, "            return ;;\n");
    }
    pdn_strbuf_puts(out, "        esac\n");
}

/* What the operands of @c are: files=1 for file names, values=... for
 * words to choose from. */
static void
put_operands(pdn_strbuf *out, const pdn_command *c,
             const pdn_command *const *all, size_t n, const shell_words *sh)
{
    pdn_strbuf_printf(out, "        files=%d", file_operands(c));
    if (word_operands(c)) {
        pdn_strbuf_printf(out, " %s", sh->values);
        put_words(c->operands, all, n, out);
        pdn_strbuf_puts(out, sh->end);
    }
    pdn_strbuf_puts(out, " ;;\n");
}

static void
bash_script(pdn_strbuf *out, const pdn_command *const *all, size_t n)
{
    pdn_strbuf_puts(out,
                    "# bash completion of pdn, made by pdn completion bash\n"
                    "_pdn() {\n"
                    "    local cur=${COMP_WORDS[COMP_CWORD]}\n"
                    "    local prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                    "    local opts='' files=0 values=''\n"
                    "    COMPREPLY=()\n"
                    "    # --option=value: '=' is a word of its own\n"
                    "    if [[ $cur == = ]]; then\n"
                    "        cur=''\n"
                    "    elif [[ $prev == = && $COMP_CWORD -gt 2 ]]; then\n"
                    "        prev=${COMP_WORDS[COMP_CWORD-2]}\n"
                    "    fi\n"
                    "    if [[ $COMP_CWORD -eq 1 ]]; then\n"
                    "        COMPREPLY=($(compgen -W '");
    for (size_t i = 0; i < n; i++)
        pdn_strbuf_printf(out, "%s ", all[i]->name);
    pdn_strbuf_puts(out, "--help --version' -- \"$cur\"))\n"
                         "        return\n"
                         "    fi\n"
                         "    case ${COMP_WORDS[1]} in\n");
    for (size_t i = 0; i < n; i++) {
        const pdn_command *c = all[i];
        put_cases(out, c, all, n, &bash);
        pdn_strbuf_puts(out, "        opts='");
        for (size_t j = 0; j < c->noptions; j++)
            pdn_strbuf_printf(out, "%s--%s", j ? " " : "", c->options[j].name);
        pdn_strbuf_puts(out, "'\n");
        put_operands(out, c, all, n, &bash);
    }
    pdn_strbuf_puts(
        out, "    esac\n"
             "    if [[ $cur == -* ]]; then\n"
             "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
             "    elif [[ $files == 1 ]]; then\n"
             "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
             "    elif [[ -n $values ]]; then\n"
             "        COMPREPLY=($(compgen -W \"$values\" -- \"$cur\"))\n"
             "    fi\n"
             "}\n"
             "complete -o filenames -F _pdn pdn\n");
}

static void
zsh_script(pdn_strbuf *out, const pdn_command *const *all, size_t n)
{
    pdn_strbuf_puts(out, "#compdef pdn\n"
                         "# zsh completion of pdn, made by pdn completion zsh\n"
                         "_pdn() {\n"
                         "    local -a items values\n"
                         "    local prev=${words[CURRENT-1]} files=0\n"
                         "    if (( CURRENT == 2 )); then\n"
                         "        items=(\n");
    for (size_t i = 0; i < n; i++) {
        pdn_strbuf_printf(out, "            '%s:", all[i]->name);
        put_line(all[i]->summary, "'\\''", out);
        pdn_strbuf_puts(out, "'\n");
    }
    pdn_strbuf_puts(out, "        )\n"
                         "        _describe -t commands 'pdn command' items\n"
                         "        return\n"
                         "    fi\n"
                         "    case ${words[2]} in\n");
    for (size_t i = 0; i < n; i++) {
        const pdn_command *c = all[i];
        put_cases(out, c, all, n, &zsh);
        pdn_strbuf_puts(out, "        items=(\n");
        for (size_t j = 0; j < c->noptions; j++) {
            pdn_strbuf_printf(out, "            '--%s:", c->options[j].name);
            put_line(option_help(c, j), "'\\''", out);
            pdn_strbuf_puts(out, "'\n");
        }
        pdn_strbuf_puts(out, "        )\n");
        put_operands(out, c, all, n, &zsh);
    }
    pdn_strbuf_puts(out,
                    "    esac\n"
                    "    if [[ $PREFIX == -* ]]; then\n"
                    "        _describe -t options 'option' items\n"
                    "    elif (( files )); then\n"
                    "        _files\n"
                    "    elif (( ${#values} )); then\n"
                    "        compadd -- $values\n"
                    "    fi\n"
                    "}\n"
                    "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then\n"
                    "    _pdn \"$@\"\n"
                    "elif (( $+functions[compdef] )); then\n"
                    "    compdef _pdn pdn\n"
                    "fi\n");
}

/* ---- fish ---- */

static void
fish_script(pdn_strbuf *out, const pdn_command *const *all, size_t n)
{
    pdn_strbuf_puts(out,
                    "# fish completion of pdn, made by pdn completion fish\n"
                    "complete -c pdn -f\n"
                    "complete -c pdn -n __fish_use_subcommand -s h -l help "
                    "-d 'print the help and exit'\n"
                    "complete -c pdn -n __fish_use_subcommand -l version "
                    "-d 'print the version and exit'\n");
    for (size_t i = 0; i < n; i++) {
        pdn_strbuf_printf(out,
                          "complete -c pdn -n __fish_use_subcommand -a %s "
                          "-d '",
                          all[i]->name);
        put_line(all[i]->summary, "\\'", out);
        pdn_strbuf_puts(out, "'\n");
    }
    for (size_t i = 0; i < n; i++) {
        const pdn_command *c = all[i];
        for (size_t j = 0; j < c->noptions; j++) {
            const pdn_option *o = &c->options[j];
            pdn_strbuf_printf(out,
                              "complete -c pdn -n '__fish_seen_subcommand_"
                              "from %s' -l %s",
                              c->name, o->name);
            if (o->short_name)
                pdn_strbuf_printf(out, " -s %c", o->short_name);
            if (takes_word(o)) {
                pdn_strbuf_puts(out, " -x -a '");
                put_words(o->choices, all, n, out);
                pdn_strbuf_puts(out, "'");
            } else if (takes_file(o)) {
                pdn_strbuf_puts(out, " -r -F");
            } else if (o->arg) {
                pdn_strbuf_puts(out, " -x");
            }
            pdn_strbuf_puts(out, " -d '");
            put_line(option_help(c, j), "\\'", out);
            pdn_strbuf_puts(out, "'\n");
        }
        if (file_operands(c))
            pdn_strbuf_printf(out,
                              "complete -c pdn -n '__fish_seen_subcommand_"
                              "from %s' -F\n",
                              c->name);
        if (word_operands(c)) {
            pdn_strbuf_printf(out,
                              "complete -c pdn -n '__fish_seen_subcommand_"
                              "from %s' -a '",
                              c->name);
            put_words(c->operands, all, n, out);
            pdn_strbuf_puts(out, "'\n");
        }
    }
}

/* ---- The command ---- */

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    static const char *const shells[] = {"bash", "zsh", "fish"};
    pdn_shared s;
    size_t n, shell;
    const pdn_command *const *all = pdn_commands(&n);
    int rc = pdn_command_args(cli, &pdn_completion_command, argc, argv, &s,
                              NULL, NULL);

    for (shell = 0; rc < 0 && shell < 3; shell++)
        if (strcmp(s.operands[0], shells[shell]) == 0)
            break;
    if (rc < 0 && shell == 3)
        rc = pdn_args_fail(cli, CMD, "unknown shell '%s' (bash, zsh or fish)",
                           s.operands[0]);
    if (rc < 0) {
        pdn_strbuf text = PDN_STRBUF_INIT;
        if (shell == 0)
            bash_script(&text, all, n);
        else if (shell == 1)
            zsh_script(&text, all, n);
        else
            fish_script(&text, all, n);
        fwrite(text.ptr, 1, text.len, cli->out);
        pdn_strbuf_free(&text);
        rc = PDN_EXIT_OK;
    }
    pdn_shared_free(&s);
    return rc;
}

static const char completion_about[] =
    "Print the script that completes pdn's commands, options and their values"
    " in\n"
    "SHELL: bash, zsh or fish.  meson install puts the three where the"
    " shells\n"
    "look for them; the examples load one by hand.\n";

static const char completion_more[] =
    "Exit status: 0 success, 2 usage error.\n"
    "\n"
    "Examples:\n"
    "  source <(pdn completion bash)\n"
    "  pdn completion zsh > ~/.zfunc/_pdn\n"
    "  pdn completion fish > ~/.config/fish/completions/pdn.fish\n";

PDN_COMMAND(completion,
            "print the completion script of a shell: bash, zsh or fish",
            "[OPTION]... SHELL", completion_about, 0, completion_more, 0,
            "bash zsh fish");
