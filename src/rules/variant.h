/* variant.h -- the rules that differ between Italian, Spanish and English
 * draughts, as one table keyed by the PDN GameType (RULES.md sections 1-5).
 */
#ifndef PDN_RULES_VARIANT_H
#define PDN_RULES_VARIANT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum pdn_variant_id {
    PDN_ITALIAN = 0,
    PDN_SPANISH = 1,
    PDN_ENGLISH = 2,
    PDN_VARIANT_COUNT
} pdn_variant_id;

/** Sides.  White always starts at ranks 1-3 and moves up the board. */
typedef enum pdn_color { PDN_WHITE = 0, PDN_BLACK = 1 } pdn_color;

/** How the choice among several captures is narrowed. */
typedef enum pdn_capture_law {
    PDN_LAW_FREE,    /* English: any capture, completed */
    PDN_LAW_SPANISH, /* quantity, then quality */
    PDN_LAW_ITALIAN  /* quantity, the king captures, quality, king first */
} pdn_capture_law;

typedef struct pdn_variant {
    pdn_variant_id id;
    const char *name;          /* "italian" */
    const char *title;         /* "Italian draughts" */
    const char *adjective;     /* "Italian", in prose */
    int gametype;              /* PDN GameType number: 22 */
    const char *gametype_full; /* "22,W,8,8,N2,1" */
    const char *start_fen;     /* "W:W21-32:B1-12" */
    pdn_color first;           /* side that moves first */
    bool men_capture_kings;
    bool flying_kings;
    pdn_capture_law law;
    const char *draw_preset; /* the draw rule's preset by default
                                (replay/draw.h): "standard" */
} pdn_variant;

/** The variant with this id; never NULL for a valid id. */
const pdn_variant *pdn_variant_get(pdn_variant_id id);

/** The variant of a game that names none, unless the user says another:
 * Italian draughts. */
const pdn_variant *pdn_variant_default(void);

/** The variant named @name ("italian", "spanish", "english", case
 * insensitive), or NULL. */
const pdn_variant *pdn_variant_by_name(const char *name);

/** The variant of a PDN GameType tag value, short ("22") or full
 * ("22,W,8,8,N2,1"), or NULL if it is not one this program plays.  The full
 * form must agree with the variant's own in every field. */
const pdn_variant *pdn_variant_by_gametype(const char *value);

/** A sentence naming the supported variants and GameTypes, for messages. */
const char *pdn_variant_supported(void);

/** Colour of the other side. */
static inline pdn_color
pdn_color_other(pdn_color c)
{
    return (pdn_color)(c ^ 1);
}

#endif
