/* internal.h -- what replay.c and verdict.c share: the state of replaying
 * one game, and its reports.
 */
#ifndef PDN_REPLAY_INTERNAL_H
#define PDN_REPLAY_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"
#include "model/game.h"
#include "replay/draw.h"
#include "replay/replay.h"
#include "rules/variant.h"

/* The tags the replay reads, found in one pass over the game's tags (as
 * pdn_game_find_tag() finds them: the first whose name or standard name
 * it is). */
enum {
    TAG_EVENT,
    TAG_SITE,
    TAG_DATE,
    TAG_ROUND,
    TAG_WHITE,
    TAG_BLACK,
    TAG_RESULT,
    TAG_GAMETYPE,
    TAG_FEN,
    TAG_PLYCOUNT,
    TAG_COUNT
};

typedef struct pdn_replay_state {
    const pdn_game *game;
    const pdn_variant *v;
    const signed char *bits; /* of v: pdn_square_bits() */
    const pdn_tag *tags[TAG_COUNT];
    pdn_diags *diags;
    pdn_replay_result *out;
    size_t errors;
    const pdn_draw_rule *rule; /* the draw rule in force */
    bool automatic;            /* draws are automatic */
    bool moves_only;           /* only moves and E0212 are checked */
    pdn_replay_move_fn on_move;
    bool main_line_only; /* on_move for the main line's moves alone */
    bool in_main;        /* the move being played is the main line's */
    void *ctx;
    pdn_replay_value_fn value; /* of the main line's end, or NULL */
    void *value_ctx;
    bool want_end;            /* the game claims a draw: look at the
                                 draw rules at the main line's end */
    pdn_draw_kind end_draw;   /* the rule the main line's end meets */
    uint32_t end_occurrences; /* of its last position */
    uint32_t end_reversible;  /* plies in a row before it */
} pdn_replay_state;

/** Adds a diagnostic of the game at @at, with its source line and a
 * note where the game starts; counts the errors.  Returns it. */
pdn_diag *pdn_replay_report(pdn_replay_state *r, pdn_severity sev, int code,
                            pdn_loc at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/** The English ordinal suffix of @n: "st", "nd", "rd", "th". */
const char *pdn_replay_ordinal(uint32_t n);

/** The result claimed against the game's end (verdict.c): a false claim,
 * a missing result, a tag and a terminator that disagree, and, for a
 * draw, whether a rule draw was there. */
void pdn_replay_check_result(pdn_replay_state *r);

/** Tag sanity (verdict.c): the Seven-Tag Roster, the Date's form. */
void pdn_replay_check_tags(pdn_replay_state *r);

/** A PlyCount tag against the moves of the main line (verdict.c). */
void pdn_replay_check_ply_count(pdn_replay_state *r);

/** For a game with no GameType tag, read in the variant it was given,
 * that stops at a move no rule allows (replay.c says when to ask): if
 * every move of it is legal in another variant, a note says which (the
 * archive is likely of that variant).  The other variants replay the
 * moves alone, quietly. */
void pdn_replay_suggest_variant(pdn_replay_state *r);

#endif
