/* criteria.h -- what pdn select picks games by, and whether a game meets
 * it.  The criteria on tags go through the tag filter of
 * model/tag_filter.h; dates compare as the ranges of days they stand
 * for; positions, material and moves as the game's replay meets them.
 * The readers of the criteria's texts return an error value and print
 * nothing.  Once read the criteria are read-only: threads may share them.
 */
#ifndef PDN_ARCHIVE_CRITERIA_H
#define PDN_ARCHIVE_CRITERIA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/game.h"
#include "model/tag_filter.h"
#include "rules/board.h"
#include "rules/notation.h"
#include "rules/variant.h"

/** The most moves --moves takes. */
#define PDN_CRITERIA_MOVES_MAX 64

/** The criteria a game is to meet; caller-owned storage, made by
 * pdn_criteria_init() and released by pdn_criteria_fini(). */
typedef struct pdn_criteria {
    pdn_tag_filter *filter; /* the conditions on tags, owned */
    const char *result;     /* --result, or NULL */
    char date_from[11];     /* --date-from's earliest day, or "" */
    char date_to[11];       /* --date-to's latest day, or "" */
    uint64_t plies_min, plies_max;
    const char *position_fen;   /* --position, or NULL */
    pdn_board position;         /* it, of @variant */
    bool in_variations;         /* --in-variations */
    bool sound, errors;         /* --sound, --errors */
    const pdn_variant *variant; /* of games without a GameType tag */
    int unplayed;               /* or their GameType, not played */
    /* --material: the men and kings of each side, [side][0] men and
       [side][1] kings; side 0 the side to move, or with @material_colour
       the colour material_colour[0] names */
    bool material_set;
    int material[2][2];
    bool material_colours;
    pdn_color material_colour[2];
    /* --moves: each move as written, read by each variant's numbering
       (moves_read[id] false: that variant cannot read them) */
    pdn_written_move moves[PDN_VARIANT_COUNT][PDN_CRITERIA_MOVES_MAX];
    bool moves_read[PDN_VARIANT_COUNT];
    size_t nmoves;
    const char *moves_text;
    bool moves_anywhere;
} pdn_criteria;

/** Makes @c the criteria every game meets, with an empty tag filter. */
void pdn_criteria_init(pdn_criteria *c);

/** Releases what @c holds (its tag filter). */
void pdn_criteria_fini(pdn_criteria *c);

/** --date-from D (@to false) or --date-to D into @c: the first or the
 * last day the date, year, or year and month @value may be.  0, or -1
 * when it is no date or its year is wholly unknown. */
int pdn_criteria_read_date(pdn_criteria *c, bool to, const char *value);

/** --plies N..M, N.., ..M or N into @c; 0, or -1. */
int pdn_criteria_read_plies(pdn_criteria *c, const char *value);

/** --material SPEC into @c ("2K1M-1K", the side to move first, or
 * "W2K1M-B1K"); 0, or -1. */
int pdn_criteria_read_material(pdn_criteria *c, const char *spec);

/** Why pdn_criteria_read_moves() could not read its text. */
typedef enum pdn_moves_fault_kind {
    PDN_MOVES_OK = 0,
    PDN_MOVES_TOO_MANY, /* more than PDN_CRITERIA_MOVES_MAX moves */
    PDN_MOVES_BAD_MOVE, /* a move @variant cannot read */
    PDN_MOVES_NO_MOVE,  /* no move at all */
} pdn_moves_fault_kind;

/** The fault of a --moves text: the move's text (@len bytes at @move)
 * and the reason, for PDN_MOVES_BAD_MOVE. */
typedef struct pdn_moves_fault {
    const char *move;
    int len;
    char why[120];
} pdn_moves_fault;

/** --moves MOVES into @c, each read by every variant's numbering; move
 * numbers ("1.", "12...") are skipped.  Reads @c->variant, which is to
 * be set first.  PDN_MOVES_OK, or the fault, described in @f. */
pdn_moves_fault_kind pdn_criteria_read_moves(pdn_criteria *c, const char *text,
                                             pdn_moves_fault *f);

/** Whether @g meets every criterion of @c. */
bool pdn_criteria_meets(const pdn_criteria *c, const pdn_game *g);

#endif
