/* strict.h -- a game's text held to the PDN reading grammar of the
 * standard (wiegerw/pdn, doc/grammar.rst, "PDN Reading Grammar") and
 * nothing more: the reading of pdn parse, check and fmt --strict.  The
 * tolerant reader decides where each game starts and ends; this says
 * whether that text is one game of the grammar, and where it is not.
 * grammar/README.md lists what each tolerance of the reader becomes here.
 */
#ifndef PDN_SYNTAX_STRICT_H
#define PDN_SYNTAX_STRICT_H

#include <stdbool.h>
#include <stddef.h>

/** Where a text leaves the grammar, and how. */
typedef struct pdn_strict_fault {
    size_t at;         /* byte offset in the text */
    size_t len;        /* bytes of what is there (0: the end) */
    char message[200]; /* "expected a square after '-', found ';'", UTF-8 */
} pdn_strict_fault;

/** Holds the @len bytes at @text, one game and the blanks after it, to
 * the grammar's productions Game GameSeparator?.  Text before @text is
 * taken to be blanks.  @last: nothing but blanks follows in the file, so
 * the game may go without its separator (PdnFile's last GameSeparator?);
 * otherwise it needs one.  Returns true if the text is a game of the
 * grammar; else false with the first place it is not in *@fault. */
bool pdn_strict_game(const char *text, size_t len, bool last,
                     pdn_strict_fault *fault);

#endif
