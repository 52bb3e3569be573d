/* movegen_internal.h -- what movegen.c (moves as records) and
 * movegen_deltas.c (moves as deltas) share: who can capture, as sets; the
 * common case of single jumps by men; and the key that ranks capture
 * sequences under each variant's law (RULES.md 3).  Not a contract:
 * nothing outside these two files includes it.
 */
#ifndef PDN_RULES_MOVEGEN_INTERNAL_H
#define PDN_RULES_MOVEGEN_INTERNAL_H

#include "movegen.h"
#include "rules/variant_rows.h"

#define INLINE static inline __attribute__((always_inline))

static const int all_dirs[4] = {BB_UP_A, BB_UP_B, BB_DOWN_A, BB_DOWN_B};

static inline pdn_bb
bit(int b)
{
    return (pdn_bb)1 << b;
}

/* pdn_bb_step() of a set of squares, for a result cut at once to a set
 * of squares (an "& empty", "& prey"): the cut clears what the rotation
 * brings past the board and onto the ghosts, so the step's own mask is
 * left out. */
INLINE pdn_bb
step(pdn_bb b, int d)
{
    return pdn_bb_rotate(b, d);
}

/* The variant and the side: each generator is instantiated for every pair,
 * so that every direction is a constant shift and every rule a constant
 * branch. */
#define FWD_A(us) ((us) == PDN_WHITE ? BB_UP_A : BB_DOWN_A)
#define FWD_B(us) ((us) == PDN_WHITE ? BB_UP_B : BB_DOWN_B)
/* The variant's rules, read from its row (variant_rows.h): constants in
 * each instance. */
#define FLYING(id) (pdn_variant_rows[id].flying_kings)
#define MEN_TAKE_KINGS(id) (pdn_variant_rows[id].men_capture_kings)
#define LAW(id) (pdn_variant_rows[id].law)

/* ---- Capture laws ----
 *
 * When the side to move has a capture, only complete capture sequences are
 * legal, narrowed by the variant's laws.  The laws become one number per
 * sequence, compared as a whole (higher is better):
 *
 *   Italian  pieces taken | mover is a king | kings taken | king order
 *   Spanish  pieces taken | kings taken
 *   English  0 (free choice)
 *
 * "King order" has bit 11 - p set when the p-th piece taken (from 0) is a
 * king, so with equal numbers of kings the sequence meeting a king first
 * compares higher, exactly the lexicographic rule of RULES.md section 3.
 * Sequences are filtered while they are found: a better one empties the
 * list, a worse one is dropped.
 */

/* A sequence's worth under @law (the table above). */
INLINE uint32_t
law_key_of(pdn_capture_law law, int ncapt, int nkings, uint32_t order,
           int is_king)
{
    switch (law) {
    case PDN_LAW_ITALIAN:
        return (uint32_t)ncapt << 17 | (uint32_t)is_king << 16 |
               (uint32_t)nkings << 12 | order;
    case PDN_LAW_SPANISH:
        return (uint32_t)ncapt << 4 | (uint32_t)nkings;
    default:
        return 0;
    }
}

/* ---- Who can capture ---- */

/* Squares from which a piece can jump @prey in direction @d. */
INLINE pdn_bb
jumpers(pdn_bb empty, pdn_bb prey, int d)
{
    return step(step(empty, -d) & prey, -d);
}

INLINE pdn_bb
men_capturers(pdn_bb men, pdn_bb prey, pdn_bb empty, pdn_color us)
{
    return men &
           (jumpers(empty, prey, FWD_A(us)) | jumpers(empty, prey, FWD_B(us)));
}

INLINE pdn_bb
short_king_capturers(pdn_bb kings, pdn_bb prey, pdn_bb empty)
{
    return kings &
           (jumpers(empty, prey, BB_UP_A) | jumpers(empty, prey, BB_UP_B) |
            jumpers(empty, prey, BB_DOWN_A) | jumpers(empty, prey, BB_DOWN_B));
}

/* Squares reached by sliding from @from through @empty in direction @d. */
INLINE pdn_bb
slide(pdn_bb from, pdn_bb empty, int d)
{
    pdn_bb ray = 0;
    for (pdn_bb f = step(from, d) & empty; f; f = step(f, d) & empty)
        ray |= f;
    return ray;
}

INLINE int
flying_kings_can_capture(pdn_bb kings, pdn_bb prey, pdn_bb empty)
{
    for (int i = 0; i < 4; i++) {
        int d = all_dirs[i];
        pdn_bb reach = kings | slide(kings, empty, d);
        if (step(step(reach, d) & prey, d) & empty)
            return 1;
    }
    return 0;
}

/* The pieces of the side to move that have a capture. */
INLINE pdn_bb
capturers(const pdn_board *b, pdn_variant_id id, pdn_color us)
{
    pdn_bb enemy = b->pieces[!us];
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    pdn_bb prey = MEN_TAKE_KINGS(id) ? enemy : enemy & ~b->kings;
    pdn_bb r = men_capturers(men, prey, empty, us);
    if (!kings)
        return r;
    if (FLYING(id))
        return r | (flying_kings_can_capture(kings, enemy, empty) ? kings : 0);
    return r | short_king_capturers(kings, enemy, empty);
}

/* ---- The common case: single jumps by men ----
 *
 * When no king can capture and no man's jump can go on, every capture is
 * one man jumping one piece, and each landing square names one move: the
 * moves are counted and listed from two sets, without a search.  A man's
 * further jumps go forward only, so neither the piece it has just taken nor
 * the square it has left can matter to them.
 */

typedef struct jumps {
    pdn_bb land[2]; /* landing squares, by forward direction */
} jumps;

/* Where men of @men land jumping @prey in direction @d. */
INLINE pdn_bb
landings(pdn_bb men, pdn_bb prey, pdn_bb empty, int d)
{
    return step(step(men, d) & prey, d) & empty;
}

/* Fills @j and returns 1 when every capture is a man's single jump. */
INLINE int
simple_jumps(const pdn_board *b, pdn_variant_id id, pdn_color us, jumps *j)
{
    pdn_bb enemy = b->pieces[!us];
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    pdn_bb prey = MEN_TAKE_KINGS(id) ? enemy : enemy & ~b->kings;
    if (kings && (FLYING(id) ? flying_kings_can_capture(kings, enemy, empty)
                             : short_king_capturers(kings, enemy, empty) != 0))
        return 0;
    j->land[0] = landings(men, prey, empty, FWD_A(us));
    j->land[1] = landings(men, prey, empty, FWD_B(us));
    if ((j->land[0] | j->land[1]) &
        (jumpers(empty, prey, FWD_A(us)) | jumpers(empty, prey, FWD_B(us))))
        return 0;
    if (LAW(id) == PDN_LAW_SPANISH) { /* quality: taking a king beats a man */
        pdn_bb royal = prey & b->kings;
        pdn_bb k0 = landings(men, royal, empty, FWD_A(us));
        pdn_bb k1 = landings(men, royal, empty, FWD_B(us));
        if (k0 | k1) {
            j->land[0] = k0;
            j->land[1] = k1;
        }
    }
    return 1;
}

/* ---- Flying kings' captures ---- */

/** Writes into @out (room for PDN_MAX_MOVES) the legal captures of @movers,
 * the Spanish pieces of the side to move of @b that have one, as
 * pdn_movegen_legal() lists them, repeats merged; returns how many, or -1
 * if there would be more than PDN_MAX_MOVES.  The recursive search of
 * movegen.c, which the deltas of flying kings go through. */
int pdn_movegen_flying_captures(const pdn_board *b, pdn_bb movers,
                                pdn_move *out);

#endif
