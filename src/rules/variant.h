/* variant.h -- the rules that differ between Italian, Spanish and English
 * draughts, as one table keyed by the PDN GameType (RULES.md sections 1-5):
 * a row per variant (variant_rows.h), from which every rule difference is
 * read, here and in the layers above.
 *
 * Adding a variant takes: its id in pdn_variant_id (before
 * PDN_VARIANT_COUNT); its row in variant_rows.h (names, GameType, start
 * position, first mover, flying kings, men taking kings, capture law,
 * draw preset, square numbering, sample positions); if its capture law is
 * a new one, the law in movegen_internal.h and explain.c; the instances
 * of the move generator for it, a line each in the lists of movegen.c and
 * movegen_deltas.c; its rows of the square tables of square.c, which
 * tests/unit/test_square.c prints from the geometry; and its published
 * perft in tests/perft/, with RULES.md saying where the figures come
 * from.  Nothing outside rules/ names a variant but the default.
 */
#ifndef PDN_RULES_VARIANT_H
#define PDN_RULES_VARIANT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/** A variant's row of the table (variant_rows.h). */
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
    /* The numbering of the squares (RULES.md section 1), from White's
       side of the board: */
    bool a1_playing;            /* a1 is a playing square (English) */
    bool square1_far;           /* square 1 is on rank 8, White's far side */
    bool numbered_h_to_a;       /* along a rank the numbers run from h to a */
    const char *const *samples; /* middle games and endings, FENs,
                                   NULL-ended: the positions of pdn
                                   bench after the start */
    /* The weights of the engine's evaluation for this variant, in the
       order of the terms of engine/eval.h (PDN_EVAL_TERMS), set by hand
       or fitted to the variant's games by bench/tune; test_eval.c holds
       the count. */
    const int *eval_weights;
    int neval_weights;
    /* Those of the ending (engine/eval.h, "Phases"), or NULL: the same. */
    const int *eval_end_weights;
    int neval_end_weights;
    /* The weights of the configurations of men of the board windows
       (engine/eval.h, "Board windows"), by phase, window and
       configuration, fitted by bench/tune -w; or NULL: none. */
    const int16_t *eval_windows;
    int neval_windows;
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
