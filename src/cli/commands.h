/* commands.h -- the commands of pdn (command.h says what each one is),
 * the help of pdn itself, and the sorted move list commands share.
 */
#ifndef PDN_CLI_COMMANDS_H
#define PDN_CLI_COMMANDS_H

#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/command.h"
#include "rules/board.h"
#include "rules/movegen.h"
#include "rules/variant.h"

/* The commands, a line each, in the order of pdn --help: each defined in
 * its cmd_NAME.c (completion.c: pdn completion; help.c: pdn help) with
 * PDN_COMMAND(), declared here, listed in command.c. */
#define PDN_COMMAND_LIST(X)                                                    \
    X(check)                                                                   \
    X(fmt)                                                                     \
    X(convert)                                                                 \
    X(analyse)                                                                 \
    X(annotate)                                                                \
    X(bench)                                                                   \
    X(perft)                                                                   \
    X(moves)                                                                   \
    X(show)                                                                    \
    X(parse)                                                                   \
    X(tags)                                                                    \
    X(select)                                                                  \
    X(dedup)                                                                   \
    X(split)                                                                   \
    X(stats)                                                                   \
    X(tree)                                                                    \
    X(egdb)                                                                    \
    X(play)                                                                    \
    X(completion)                                                              \
    X(help)

#define PDN_COMMAND_EXTERN(name) extern const pdn_command pdn_##name##_command;
PDN_COMMAND_LIST(PDN_COMMAND_EXTERN)
#undef PDN_COMMAND_EXTERN

/** The text of pdn --help (and pdn help), and the short usage that bare
 * "pdn" prints to stderr, appended to @out. */
void pdn_help_main(pdn_strbuf *out);
void pdn_help_usage(pdn_strbuf *out);

#endif
