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

/* Each command, defined in its cmd_NAME.c (help.c: pdn help). */
extern const pdn_command pdn_check_command;
extern const pdn_command pdn_fmt_command;
extern const pdn_command pdn_convert_command;
extern const pdn_command pdn_analyse_command;
extern const pdn_command pdn_annotate_command;
extern const pdn_command pdn_bench_command;
extern const pdn_command pdn_perft_command;
extern const pdn_command pdn_moves_command;
extern const pdn_command pdn_show_command;
extern const pdn_command pdn_parse_command;
extern const pdn_command pdn_tags_command;
extern const pdn_command pdn_completion_command;
extern const pdn_command pdn_help_command;

/** The legal moves of @b in @out (room for PDN_MAX_MOVES), sorted by PDN
 * from square, then to square, then path, then captured squares.  Returns
 * how many, or -1 if the list overflowed. */
int pdn_moves_sorted(const pdn_variant *v, const pdn_board *b, pdn_move *out);

/** The text of pdn --help (and pdn help), and the short usage that bare
 * "pdn" prints to stderr, appended to @out. */
void pdn_help_main(pdn_strbuf *out);
void pdn_help_usage(pdn_strbuf *out);

#endif
