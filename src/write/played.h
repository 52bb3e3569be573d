/* played.h -- a game's main line as played: each move with the position
 * before it, in the notation the game's variant writes (numeric, or
 * alphanumeric), kept while the game is replayed, then written for
 * people (pdn convert --to text: a heading, boards every N plies, the
 * moves, the result) or a line per position (--to fen).
 */
#ifndef PDN_WRITE_PLAYED_H
#define PDN_WRITE_PLAYED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"
#include "model/game.h"
#include "replay/replay.h"
#include "rules/board.h"
#include "rules/notation.h"
#include "rules/variant.h"

/** A move replayed: its node, the position before it, its text. */
typedef struct pdn_played {
    const pdn_node *node;
    pdn_board before;
    char text[PDN_MOVE_TEXT_MAX];
} pdn_played;

/** The moves of one game.  Set @alpha and @variant (the game's, which
 * writes the moves), empty @count before each game; free with
 * pdn_played_free(). */
typedef struct pdn_played_line {
    bool alpha;                 /* alphanumeric notation */
    const pdn_variant *variant; /* the game's */
    pdn_played *moves;          /* every move replayed, variations too,
                                   until pdn_played_main_line() */
    size_t count, cap;
} pdn_played_line;

/** pdn_replay_move_fn, its context a pdn_played_line: keeps the move. */
void pdn_played_keep(void *ctx, const pdn_node *n, const pdn_board *before,
                     const pdn_move *m, const pdn_move *legal, int nlegal);

/** Keeps, of the moves replayed, those of @g's main line, in order. */
void pdn_played_main_line(pdn_played_line *l, const pdn_game *g);

/** Appends GAME PLY FEN MOVE, one line per position of the main line, the
 * last position's move "-"; GAME is @game. */
void pdn_played_fen(const pdn_played_line *l, const pdn_replay_result *r,
                    uint64_t game, pdn_strbuf *out);

/** Appends game number @game @g as text: a heading, the start position,
 * then the moves with a board after every @every plies and after the
 * last (Unicode pieces when @unicode), and the result. */
void pdn_played_text(const pdn_played_line *l, const pdn_game *g,
                     const pdn_replay_result *r, uint64_t game, uint64_t every,
                     bool unicode, pdn_strbuf *out);

void pdn_played_free(pdn_played_line *l);

#endif
