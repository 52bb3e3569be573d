/* commands.h -- the subcommands of pdn, their help texts, and the sorted
 * move list they share.  Each command reads argv[1..argc-1] (argv[0] is its
 * name), writes through @cli and returns the exit status (args.h).
 */
#ifndef PDN_CLI_COMMANDS_H
#define PDN_CLI_COMMANDS_H

#include "cli/args.h"
#include "rules/board.h"
#include "rules/movegen.h"
#include "rules/variant.h"

/** pdn perft [--variant V] [--fen FEN] [--divide] [--bulk|--no-bulk]
 * [--json] DEPTH: counts the leaves of the move tree. */
int pdn_cmd_perft(const pdn_cli *cli, int argc, char **argv);

/** pdn moves [--variant V] [--json] FEN [MOVE]: lists the legal moves, or
 * judges MOVE. */
int pdn_cmd_moves(const pdn_cli *cli, int argc, char **argv);

/** pdn show [--variant V] [--ascii|--unicode] [FEN]: draws the board. */
int pdn_cmd_show(const pdn_cli *cli, int argc, char **argv);

/** pdn check [--variant V] [--format text|json] [--quiet] [FILE...]:
 * replays every game and reports each illegal move. */
int pdn_cmd_check(const pdn_cli *cli, int argc, char **argv);

/** pdn fmt [--check|--in-place] [--width N] [--variant V] [FILE...]:
 * writes every game in the canonical PDN form. */
int pdn_cmd_fmt(const pdn_cli *cli, int argc, char **argv);

/** pdn convert --to fen|text [--notation numeric|alpha] [FILE...]: the
 * main line of every game as FEN lines or as text with diagrams. */
int pdn_cmd_convert(const pdn_cli *cli, int argc, char **argv);

/** pdn analyse [--depth D|--time MS|--nodes N] [--multipv K] [--move M]
 * [--json] FEN: the engine's best moves and scores. */
int pdn_cmd_analyse(const pdn_cli *cli, int argc, char **argv);

/** pdn annotate [--config FILE] [--depth D] [--report FORMAT] [FILE...]:
 * judges every move with the engine and writes the judgement into the
 * games, or a report. */
int pdn_cmd_annotate(const pdn_cli *cli, int argc, char **argv);

/** pdn bench [--depth D]: a fixed search; its node count and speed. */
int pdn_cmd_bench(const pdn_cli *cli, int argc, char **argv);

/** pdn parse [--trace|--json] [--quiet] [--map-tag LOCAL=STANDARD]...
 * [FILE...]: reads games, reports their diagnostics, prints their events
 * or JSON. */
int pdn_cmd_parse(const pdn_cli *cli, int argc, char **argv);

/** pdn tags [--json] [--map-tag LOCAL=STANDARD]... [FILE...]: the tags of
 * every game, a row per game. */
int pdn_cmd_tags(const pdn_cli *cli, int argc, char **argv);

/** The legal moves of @b in @out (room for PDN_MAX_MOVES), sorted by PDN
 * from square, then to square, then path, then captured squares.  Returns
 * how many, or -1 if the list overflowed. */
int pdn_moves_sorted(const pdn_variant *v, const pdn_board *b, pdn_move *out);

/** The --help text of @command ("perft"; NULL for pdn itself),
 * a static string, or NULL if there is no such command. */
const char *pdn_help_text(const char *command);

/** The short usage that bare "pdn" prints to stderr, a static string. */
const char *pdn_help_usage(void);

#endif
