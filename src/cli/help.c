/* help.c -- the --help texts of pdn and its commands ("pdn help COMMAND"
 * prints the same).  The man pages in man/ say the same at more length;
 * keep them in step.
 */
#include <stddef.h>
#include <string.h>

#include "cli/commands.h"

static const char pdn_text[] =
    "Usage: pdn COMMAND [OPTION]... [ARGUMENT]...\n"
    "Read PDN game records; check and explore positions of Italian, "
    "Spanish\n"
    "and English draughts.\n"
    "\n"
    "Commands:\n"
    "  check   replay every game against the rules, report each illegal "
    "move\n"
    "  fmt     write PDN files in one canonical form, losing nothing\n"
    "  perft   count the leaves of the legal-move tree from a position\n"
    "  moves   list the legal moves of a position, or judge one move\n"
    "  show    draw a position as a board with its square numbers\n"
    "  parse   read PDN files, report their errors, print events or JSON\n"
    "  tags    print the tags of every game, a row per game\n"
    "  help    print the help of a command: pdn help COMMAND\n"
    "\n"
    "Options:\n"
    "  -h, --help     print this help and exit\n"
    "      --version  print the version and exit\n"
    "\n"
    "check, fmt, perft, moves and show take -v, --variant=V: italian (the\n"
    "default), spanish, english, or a PDN GameType (22, 24, 21, or a full "
    "form\n"
    "such as 22,W,8,8,N2,1).  Run 'pdn COMMAND --help' for a command's "
    "options.\n"
    "\n"
    "Exit status: 0 success, 1 the input has problems, 2 usage or I/O "
    "error.\n";

static const char perft_text[] =
    "Usage: pdn perft [OPTION]... DEPTH\n"
    "Count the leaves of the tree of legal moves DEPTH plies deep (0 to "
    "30).\n"
    "\n"
    "Options:\n"
    "  -v, --variant=V  italian (default), spanish, english, or a PDN "
    "GameType\n"
    "      --fen=FEN    count from FEN instead of the start position\n"
    "      --divide     first print each legal move with its own count\n"
    "      --bulk       count the last ply without playing it (default)\n"
    "      --no-bulk    play every move, the last ply too\n"
    "      --json       print one line of JSON instead of text\n"
    "  -h, --help       print this help and exit\n"
    "\n"
    "Output: one line 'perft DEPTH: NODES nodes in SECONDS s (SPEED "
    "Mnodes/s)',\n"
    "after one line 'MOVE: NODES' per legal move with --divide.  --json "
    "prints\n"
    "one object with the keys variant, fen, depth, nodes, seconds and\n"
    "nodes_per_second, and with --divide, divide: [{move, nodes}, ...].\n"
    "\n"
    "Exit status: 0 success, 1 a move list overflowed, 2 usage error or "
    "bad FEN.\n"
    "\n"
    "Examples:\n"
    "  pdn perft 6\n"
    "  pdn perft --divide 2\n"
    "  pdn perft --variant spanish --json 5\n";

static const char moves_text[] =
    "Usage: pdn moves [OPTION]... FEN [MOVE]\n"
    "List the legal moves of the position FEN in PDN notation, sorted;\n"
    "or, given MOVE, say whether it is legal there and why not.\n"
    "\n"
    "Options:\n"
    "  -v, --variant=V  italian (default), spanish, english, or a PDN "
    "GameType\n"
    "      --json       print one line of JSON instead of text\n"
    "  -h, --help       print this help and exit\n"
    "\n"
    "A legal MOVE is printed in its normal form.  An illegal one prints\n"
    "'illegal move MOVE: REASON' and 'legal: MOVES'; an ambiguous one\n"
    "'ambiguous move MOVE: REASON' and 'could be: MOVES'.\n"
    "\n"
    "Exit status: 0 success (MOVE legal), 1 MOVE illegal or ambiguous,\n"
    "2 usage error, bad FEN or unreadable MOVE.\n"
    "\n"
    "Examples:\n"
    "  pdn moves W:WK22:B18,19,27\n"
    "  pdn moves W:WK30:BK26 30-27\n"
    "  pdn moves --json W:W30:B27\n";

static const char show_text[] =
    "Usage: pdn show [OPTION]... [FEN]\n"
    "Draw the position FEN (default: the start position) as a board seen\n"
    "from White's side, each empty playing square showing its number.\n"
    "\n"
    "Options:\n"
    "  -v, --variant=V  italian (default), spanish, english, or a PDN "
    "GameType\n"
    "      --ascii      draw pieces as w W b B (man, king)\n"
    "      --unicode    draw pieces as the Unicode draughts pieces\n"
    "  -h, --help       print this help and exit\n"
    "\n"
    "Without --ascii or --unicode, Unicode is used when the first set of\n"
    "LC_ALL, LC_CTYPE and LANG names UTF-8.\n"
    "\n"
    "Exit status: 0 success, 2 usage error or bad FEN.\n"
    "\n"
    "Examples:\n"
    "  pdn show\n"
    "  pdn show --variant english\n"
    "  pdn show --ascii W:WK30,31:B10,K26\n";

static const char parse_text[] =
    "Usage: pdn parse [OPTION]... [FILE]...\n"
    "Read the PDN game records of each FILE game by game (standard input\n"
    "when there is no FILE, or for '-') and report what cannot be read.\n"
    "\n"
    "Options:\n"
    "      --trace        print each game as reading events, one a line\n"
    "      --json         print each game as one line of JSON\n"
    "  -q, --quiet        print no diagnostics and no summary line\n"
    "      --map-tag=L=S  read the tag name L as the standard name S\n"
    "                     (repeatable; Bianco=White and others are "
    "built in)\n"
    "  -h, --help         print this help and exit\n"
    "\n"
    "Diagnostics go to standard error as 'FILE:LINE:COLUMN: "
    "error[CODE]: ...'\n"
    "with the source line and a caret, then one summary line\n"
    "'N games, E errors, W warnings'.  A FILE that cannot be opened is\n"
    "reported and skipped.\n"
    "\n"
    "Exit status: 0 no reading errors (warnings allowed), 1 reading "
    "errors,\n"
    "2 usage error or a FILE that cannot be opened or read.\n"
    "\n"
    "Examples:\n"
    "  pdn parse club.pdn\n"
    "  pdn parse --trace short.pdn\n"
    "  pdn parse --json short.pdn\n";

static const char tags_text[] =
    "Usage: pdn tags [OPTION]... [FILE]...\n"
    "Print the tags of every game of each FILE (standard input when there\n"
    "is no FILE, or for '-'), a row per game, in file order.\n"
    "\n"
    "Options:\n"
    "      --json         print each row as one line of JSON\n"
    "      --map-tag=L=S  read the tag name L as the standard name S\n"
    "                     (repeatable; Bianco=White and others are "
    "built in)\n"
    "  -h, --help         print this help and exit\n"
    "\n"
    "A row is 'FILE:LINE', then a tab and 'Name=value' for each tag, names\n"
    "as written; tab, newline, carriage return and backslash in a value "
    "are\n"
    "written \\t \\n \\r \\\\.  --json prints {\"file\", \"game\", "
    "\"line\",\n"
    "\"tags\": [{\"name\", \"value\", \"standard\"}]}, \"standard\" for "
    "mapped names.\n"
    "Diagnostics go to standard error, as with pdn parse.\n"
    "\n"
    "Exit status: 0 no reading errors, 1 reading errors, 2 usage error or "
    "a\n"
    "FILE that cannot be opened or read.\n"
    "\n"
    "Examples:\n"
    "  pdn tags club.pdn\n"
    "  pdn tags --json short.pdn\n";

static const char check_text[] =
    "Usage: pdn check [OPTION]... [FILE]...\n"
    "Read each FILE (standard input when none, or '-') game by game, "
    "replay\n"
    "every move of every line against the rules, and report each reading "
    "error,\n"
    "illegal or ambiguous move, with the rule that forbids it and the "
    "legal\n"
    "moves, then a summary.\n"
    "\n"
    "Options:\n"
    "  -v, --variant=V        the variant of games without a GameType tag:\n"
    "                         italian (the default), spanish, english, or a\n"
    "                         GameType (22, 24, 21)\n"
    "      --format=FORMAT    text (compiler style, the default) or json\n"
    "                         (JSON Lines: one object a diagnostic, then "
    "a\n"
    "                         summary object)\n"
    "  -q, --quiet            print only the summary\n"
    "      --map-tag=L=S      read tag name L as standard tag S\n"
    "      --draw-rule=PRESET the draw rule: standard, short, fid-2008,\n"
    "                         spanish, english (default: the variant's own)\n"
    "      --automatic-draws  draws are automatic, not claimed: report play\n"
    "                         that goes on past one\n"
    "      --severity=CODE=LEVEL  report CODE (W0204 or 204) as LEVEL:\n"
    "                         error, warning, note or off (repeatable)\n"
    "      --disable=CODE     the same as --severity=CODE=off\n"
    "      --config=FILE      read settings from FILE instead of\n"
    "                         $XDG_CONFIG_HOME/pdn/config.yaml (see\n"
    "                         pdn-config(5)); options override it\n"
    "  -j, --jobs=N           check games in N threads (default: one a "
    "core);\n"
    "                         the output is that of one, in input order\n"
    "      --shard=I/N        check only games I, I+N, I+2N... (counted over\n"
    "                         all the FILEs), to split an archive between\n"
    "                         machines\n"
    "  -h, --help             print this help and exit\n"
    "\n"
    "Results are checked against the end of the main line and the Result "
    "tag,\n"
    "and the tags of the Seven-Tag Roster, Date and PlyCount are "
    "checked.\n"
    "\n"
    "Exit status: 0 no error found, 1 errors found, 2 usage error or a "
    "FILE\n"
    "that cannot be opened or read.\n"
    "\n"
    "Examples:\n"
    "  pdn check games.pdn\n"
    "  pdn check --format json --variant english games.pdn\n";

static const char fmt_text[] =
    "Usage: pdn fmt [OPTION]... [FILE]...\n"
    "Write each game of each FILE (standard input when none, or '-') in "
    "the one\n"
    "canonical PDN form: the Seven-Tag Roster first, then GameType, FEN "
    "and the\n"
    "other tags; standard tag names and YYYY.MM.DD dates; moves in the "
    "short\n"
    "standard form, numbered anew; comments, NAGs, variations and "
    "setups kept\n"
    "where they stood; lines wrapped; LF line ends; UTF-8.  A game that "
    "cannot\n"
    "be read or has an illegal move is written as it was, byte for byte, "
    "and\n"
    "reported.\n"
    "\n"
    "Options:\n"
    "  -c, --check            write nothing; list the FILEs that are not "
    "in\n"
    "                         canonical form (exit status 1 if any)\n"
    "  -i, --in-place         rewrite each FILE: through a temporary file "
    "beside\n"
    "                         it, renamed over it once complete\n"
    "  -w, --width=N          wrap movetext at N columns (default 79)\n"
    "  -v, --variant=V        the variant of games without a GameType "
    "tag:\n"
    "                         italian (the default), spanish, english, or "
    "a\n"
    "                         GameType (22, 24, 21); such games get a "
    "GameType\n"
    "                         tag\n"
    "      --no-gametype      add no GameType tag for --variant or the "
    "config\n"
    "      --config=FILE      read the default variant from FILE "
    "instead of\n"
    "                         $XDG_CONFIG_HOME/pdn/config.yaml "
    "(pdn-config(5))\n"
    "      --map-tag=L=S      read tag name L as standard tag S\n"
    "  -q, --quiet            print no diagnostics\n"
    "  -h, --help             print this help and exit\n"
    "\n"
    "Exit status: 0 success, 1 a game was written as read because of an "
    "error\n"
    "(or, with --check, a FILE is not in canonical form), 2 usage error "
    "or a\n"
    "FILE that cannot be read or rewritten.\n"
    "\n"
    "Examples:\n"
    "  pdn fmt games.pdn > clean.pdn\n"
    "  pdn fmt --check archive/*.pdn\n"
    "  pdn fmt --in-place --variant english games.pdn\n";

static const char usage_text[] =
    "Usage: pdn COMMAND [OPTION]... [ARGUMENT]...\n"
    "Commands: check, fmt, perft, moves, show, parse, tags, help\n"
    "Try 'pdn --help' for more information.\n";

static const struct {
    const char *command;
    const char *text;
} texts[] = {
    {"check", check_text},
    {"fmt", fmt_text},
    {"perft", perft_text},
    {"moves", moves_text},
    {"show", show_text},
    {"parse", parse_text},
    {"tags", tags_text},
    {"help", pdn_text},
};

const char *
pdn_help_text(const char *command)
{
    if (!command)
        return pdn_text;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (strcmp(texts[i].command, command) == 0)
            return texts[i].text;
    return NULL;
}

const char *
pdn_help_usage(void)
{
    return usage_text;
}
