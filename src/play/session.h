/* session.h -- a game played against the engine, move by move: the
 * positions and moves so far, with the text each move is written in, the
 * draw rule that ends it, and how it ended; taken back a move at a time;
 * written as a PDN game; and read back from one, to resume it.
 *
 * The session knows nothing of terminals or of the engine: the dialogue
 * of pdn play (dialogue.h) asks the engine for its moves and shows the
 * board.
 */
#ifndef PDN_PLAY_SESSION_H
#define PDN_PLAY_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "base/strbuf.h"
#include "model/game.h"
#include "replay/draw.h"
#include "rules/board.h"
#include "rules/notation.h"
#include "rules/variant.h"

/** How a game stands. */
typedef enum pdn_play_end {
    PDN_PLAY_ON = 0,      /* it goes on */
    PDN_PLAY_NO_PIECE,    /* the side to move has no piece: it lost */
    PDN_PLAY_NO_MOVE,     /* the side to move cannot move: it lost */
    PDN_PLAY_REPETITION,  /* a draw by the draw rule's repetition */
    PDN_PLAY_NO_PROGRESS, /* a draw by its no-progress count */
    PDN_PLAY_RESIGNED,    /* the side to move resigned */
    PDN_PLAY_AGREED       /* a draw agreed */
} pdn_play_end;

typedef struct pdn_play_session {
    const pdn_variant *v;
    const pdn_draw_rule *rule;
    pdn_board *boards; /* boards[0] the start, boards[i] after i plies */
    pdn_move *moves;   /* moves[i], played from boards[i] */
    char (*texts)[PDN_MOVE_TEXT_MAX]; /* each as PDN writes it */
    size_t plies, cap;
    pdn_play_end end;
    pdn_color loser; /* with PDN_PLAY_NO_PIECE, NO_MOVE, RESIGNED */
} pdn_play_session;

/** Starts @s: a game of @v from its start, drawn by @rule. */
void pdn_play_start(pdn_play_session *s, const pdn_variant *v,
                    const pdn_draw_rule *rule);

void pdn_play_fini(pdn_play_session *s);

/** The position now. */
const pdn_board *pdn_play_board(const pdn_play_session *s);

/** Plays @m, legal in the position now, and looks whether the game has
 * ended: no piece or no move for the side to move next, or a draw by
 * the rule. */
void pdn_play_move(pdn_play_session *s, const pdn_move *m);

/** Takes back the last move (the end with it); false when there is
 * none. */
bool pdn_play_undo(pdn_play_session *s);

/** Ends the game by @end (resigned by the side to move, or agreed). */
void pdn_play_finish(pdn_play_session *s, pdn_play_end end);

/** The result as PDN writes it ("1-0": the first mover won; "*": it goes
 * on), and the reason in words ("White has no move"), or "" when it goes
 * on. */
const char *pdn_play_result(const pdn_play_session *s);
const char *pdn_play_reason(const pdn_play_session *s, char buf[96]);

/** The game as PDN: the tags of @tags (pairs: name, value, ...,
 * NULL-ended; Result and GameType are added), then the moves, numbered,
 * and the result. */
void pdn_play_pdn(const pdn_play_session *s, const char *const *tags,
                  pdn_strbuf *out);

/** Starts @s from the main line of @g, replayed in @v (or its GameType's
 * variant) by @rule: 0, or -1 when it cannot be replayed whole. */
int pdn_play_resume(pdn_play_session *s, const pdn_game *g,
                    const pdn_variant *v, const pdn_draw_rule *rule);

#endif
