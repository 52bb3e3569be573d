/* capture.h -- men's captures for the replay: whether the side to move
 * has one, the test made before every plain step, without a call into
 * the move generator; and the usual capture, a man's single jump, played
 * from its two squares when the generator says every capture is one.
 * Men capture forward only (RULES.md section 2), and Italian men never
 * take a king (section 3); with the bit layout of rules/bitboard.h a
 * jump is two steps the same way.  Internal to the replay;
 * tests/unit/test_replay.c holds both against the move generator.
 */
#ifndef PDN_REPLAY_CAPTURE_H
#define PDN_REPLAY_CAPTURE_H

#include <stdbool.h>

#include "rules/bitboard.h"
#include "rules/board.h"
#include "rules/movegen.h"
#include "rules/variant.h"

/** Where pieces of @from land jumping @prey one way (@d) into @empty: two
 * steps (pdn_bb_step()) with the board's mask left to @prey and @empty,
 * which lie on it. */
static inline pdn_bb
pdn_replay_jumps(pdn_bb from, pdn_bb prey, pdn_bb empty, int d)
{
    pdn_bb over = pdn_bb_rotate(from, d) & prey;
    return pdn_bb_rotate(over, d) & empty;
}

/** Whether a man of the side to move of @b can capture; for a position
 * where that side has no king (a king's captures are not looked at). */
static inline bool
pdn_replay_men_capture(const pdn_variant *v, const pdn_board *b)
{
    pdn_color us = b->side;
    pdn_bb enemy = b->pieces[pdn_color_other(us)];
    pdn_bb prey = v->men_capture_kings ? enemy : enemy & ~b->kings;
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK]);
    pdn_bb men = b->pieces[us] & ~b->kings;
    int a = us == PDN_WHITE ? BB_UP_A : BB_DOWN_A;
    int c = us == PDN_WHITE ? BB_UP_B : BB_DOWN_B;
    return (pdn_replay_jumps(men, prey, empty, a) |
            pdn_replay_jumps(men, prey, empty, c)) != 0;
}

/** The capture from bit @from to bit @to on @b, into *@m, when every
 * capture of the side to move is a man's single jump and this is one of
 * the legal ones (pdn_movegen_single_jumps()): its two squares name it.
 * Returns false otherwise, for the move generator to decide. */
static inline bool
pdn_replay_single_jump(const pdn_variant *v, const pdn_board *b, int from,
                       int to, pdn_move *m)
{
    pdn_color us = b->side;
    int a = us == PDN_WHITE ? BB_UP_A : BB_DOWN_A;
    int c = us == PDN_WHITE ? BB_UP_B : BB_DOWN_B;
    int d = to - from;
    pdn_bb land[2], at = (pdn_bb)1 << to;
    if ((d != 2 * a && d != 2 * c) || !pdn_movegen_single_jumps(v, b, land) ||
        !(land[d == 2 * a ? 0 : 1] & at))
        return false; /* the man on from has no such jump, or it is not
                         the whole story */
    int taken = from + d / 2;
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->ncaptured = 1;
    m->flags = (at & (us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1))
                   ? PDN_MOVE_PROMOTES
                   : 0;
    m->captured[0] = (uint8_t)taken;
    m->landing[0] = (uint8_t)to;
    m->captured_bb = (pdn_bb)1 << taken;
    return true;
}

#endif
