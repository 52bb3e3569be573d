/* capture.h -- whether the side to move has a capture, for a position
 * where it has men only: the test the replay makes before every plain
 * step, without a call into the move generator.  Men capture forward
 * only (RULES.md section 2), and Italian men never take a king
 * (section 3); with the bit layout of rules/bitboard.h a jump is two
 * steps the same way.  Internal to the replay; tests/unit/test_replay.c
 * holds it against pdn_movegen_has_capture().
 */
#ifndef PDN_REPLAY_CAPTURE_H
#define PDN_REPLAY_CAPTURE_H

#include <stdbool.h>

#include "rules/bitboard.h"
#include "rules/board.h"
#include "rules/variant.h"

/** Whether a man of the side to move of @b can capture; for a position
 * where that side has no king (a king's captures are not looked at). */
static inline bool
pdn_replay_men_capture(const pdn_variant *v, const pdn_board *b)
{
    pdn_color us = b->side;
    pdn_bb enemy = b->pieces[pdn_color_other(us)];
    pdn_bb prey = v->men_capture_kings ? enemy : enemy & ~b->kings;
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[PDN_WHITE] |
                                   b->pieces[PDN_BLACK]);
    pdn_bb men = b->pieces[us] & ~b->kings;
    int a = us == PDN_WHITE ? BB_UP_A : BB_DOWN_A;
    int c = us == PDN_WHITE ? BB_UP_B : BB_DOWN_B;
    pdn_bb land = pdn_bb_step(pdn_bb_step(men, a) & prey, a) |
                  pdn_bb_step(pdn_bb_step(men, c) & prey, c);
    return (land & empty) != 0;
}

#endif
