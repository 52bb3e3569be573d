/* bitboard.h -- the 32 playable squares of an 8x8 board as a 64-bit set.
 *
 * Layout ("ghost squares"): the playable squares are numbered internally
 * i = 0..31 in rows of four from White's side (row i/4 is rank 1 + i/4),
 * and square i lives at bit i + i/8.  Bits 8, 17, 26 and 35 are ghosts that
 * never hold a piece.  With this layout every diagonal step is a constant
 * shift: +4 and +5 go one rank up (towards rank 8), -4 and -5 one rank down,
 * and a step off the board's side lands on a ghost or outside the mask.
 * Which of +4/+5 is "left" depends on the variant's board (see square.h);
 * move generation never needs to know.  PDN square numbers are converted to
 * bits only in square.c.
 */
#ifndef PDN_RULES_BITBOARD_H
#define PDN_RULES_BITBOARD_H

#include <stdint.h>

typedef uint64_t pdn_bb;

/** Number of playable squares, and of bits a board set may use. */
#define PDN_SQUARES 32
#define PDN_BB_BITS 35

/** Bit of internal square i (0..31). */
#define PDN_BB_OF_INDEX(i) ((pdn_bb)1 << ((i) + (i) / 8))

/** All 32 playable squares: bits 0..34 less the ghosts 8, 17, 26. */
#define BB_PLAYABLE                                                            \
    (((((pdn_bb)1) << PDN_BB_BITS) - 1) &                                      \
     ~(((pdn_bb)1 << 8) | ((pdn_bb)1 << 17) | ((pdn_bb)1 << 26)))

/** Rank 1 (internal squares 0..3) and rank 8 (28..31). */
#define BB_RANK_1 ((pdn_bb)0xF)
#define BB_RANK_8 ((pdn_bb)0xF << 31)

/** Rank 2 (internal squares 4..7) and rank 7 (24..27): a man of Black's
 * on the first, of White's on the second, is a step from crowning. */
#define BB_RANK_2 ((pdn_bb)0xF << 4)
#define BB_RANK_7 ((pdn_bb)0xF << 27)

/** Directions, as shifts of the ghost layout. */
enum { BB_UP_A = 4, BB_UP_B = 5, BB_DOWN_A = -4, BB_DOWN_B = -5 };

/** A set rotated by @d bits (one of the BB_ directions): a shift of
 * either sign without a branch, bits pushed past either end coming back
 * in at bits 35..63.  Unmasked: for a result cut at once to a set of
 * squares. */
static inline pdn_bb
pdn_bb_rotate(pdn_bb b, int d)
{
    unsigned r = (unsigned)d & 63;
    return (b << r) | (b >> ((64 - r) & 63));
}

/** Shift a set one step in direction d (one of the BB_ directions): the
 * rotation, with what it brings onto the ghost squares cleared. */
static inline pdn_bb
pdn_bb_step(pdn_bb b, int d)
{
    return pdn_bb_rotate(b, d) & BB_PLAYABLE;
}

/** Number of squares in a set. */
static inline int
pdn_bb_count(pdn_bb b)
{
    return __builtin_popcountll(b);
}

/** Bit position of the lowest square in a non-empty set. */
static inline int
pdn_bb_lowest(pdn_bb b)
{
    return __builtin_ctzll(b);
}

/** Bit position (0..34) of internal square i, and back. */
static inline int
pdn_bb_bit_of_index(int i)
{
    return i + i / 8;
}

static inline int
pdn_bb_index_of_bit(int bit)
{
    return bit - bit / 9;
}

#endif
