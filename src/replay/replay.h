/* replay.h -- game records replayed against the rules: every move of the
 * main line and of every variation must name exactly one legal move of
 * the position it is played in (RULES.md; a variation starts from the
 * position before the move it replaces).
 */
#ifndef PDN_REPLAY_REPLAY_H
#define PDN_REPLAY_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "model/game.h"
#include "rules/board.h"
#include "rules/variant.h"

/** Called for each move replayed, in the order of the text (a variation
 * where it stands): the node, the position before it, the legal move it
 * names, and the legal moves of that position.  For a plain step, and
 * for a man's single jump where every capture is one, the move shares
 * its two squares with no other and the legal moves are not generated:
 * then @legal is NULL and @nlegal 0. */
typedef void (*pdn_replay_move_fn)(void *ctx, const pdn_node *n,
                                   const pdn_board *before,
                                   const pdn_move *played,
                                   const pdn_move *legal, int nlegal);

/** The value of position @b of @v for its side to move by a source of
 * exact values, such as an endgame database: 1 won, 2 drawn, 3 lost, 0
 * not known (egdb/egdb.h's pdn_egdb_value). */
typedef int (*pdn_replay_value_fn)(void *ctx, const pdn_variant *v,
                                   const pdn_board *b);

typedef struct pdn_replay_options {
    const pdn_variant *variant; /* when the game has no GameType tag */
    int unplayed;               /* else, when above 0: such a game is of
                                   this GameType, which is read and not
                                   played (--variant 20): not replayed */
    const char *draw_rule;      /* a preset of draw.h; NULL (or a name
                                   that is none): the variant's own */
    bool automatic_draw;        /* draws happen, not claimed: play past
                                   one is reported */
    bool moves_only;            /* check the moves, and the terminator
                                   against the Result tag (E0212), and
                                   nothing else: no tag, result or draw
                                   findings */
    pdn_replay_move_fn on_move; /* NULL: none */
    bool main_line_only;        /* call on_move for the moves of the main
                                   line alone, not of variations */
    void *ctx;                  /* for on_move */
    pdn_replay_value_fn value;  /* the value of the main line's end, to
                                   hold the result to (N0222); NULL: none */
    void *value_ctx;            /* for value */
} pdn_replay_options;

typedef struct pdn_replay_result {
    const pdn_variant *variant; /* NULL: the game was not replayed */
    size_t plies;               /* moves of the main line replayed */
    size_t moves;               /* moves replayed, variations included */
    size_t resolved;            /* short captures resolved by lookahead */
    bool complete;              /* every line replayed to its end */
    bool unbacked;              /* a decisive result, and not one move
                                   in the main line (N0218) */
    const pdn_variant *other;   /* the variant every move of the game is
                                   legal in, when the one it was read as
                                   fails at its first move (N0217) */
    pdn_board start;            /* the position the game starts from */
    pdn_board final;            /* after the last main-line move replayed */
} pdn_replay_result;

/** Replays @g, appending to @d a diagnostic for every illegal or
 * ambiguous move (codes E02xx), and fills @out.  Also checks the draw
 * rules along every line (W0209, N0210), the result against the end of
 * the main line and the Result tag (E0211, E0212, W0213), against the
 * value of that end when o->value gives one (N0222), and the tags
 * (N0214, W0215, W0216).  Returns the number of errors found.
 * Diagnostics show the source line when @g kept its raw text
 * (pdn_reader_options.keep_raw). */
size_t pdn_replay_game(const pdn_game *g, const pdn_replay_options *o,
                       pdn_diags *d, pdn_replay_result *out);

#endif
