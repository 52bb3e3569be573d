/* params.h -- every margin, depth limit and reduction of the search
 * (search.c), named, so that a change of search weight is a change of
 * this file.  Margins are in hundredths of a man, depths in plies.
 *
 * None of them applies with pdn_engine_options.no_reductions: the search
 * is then the fixed-depth minimax value.
 */
#ifndef PDN_ENGINE_PARAMS_H
#define PDN_ENGINE_PARAMS_H

/* ---- Root ---- */

/* From this depth the root is searched in a window around the last
 * depth's score, widened by this much, then doubled, on a fail. */
#define PARAM_ASPIRATION_DEPTH 5
#define PARAM_ASPIRATION_WINDOW 40

/* ---- Before the moves (non-PV nodes, no capture pending) ---- */

/* Reverse futility: at depth d <= PARAM_RFP_DEPTH, a static score at or
 * above beta + d * PARAM_RFP_MARGIN ends the node with that score. */
#define PARAM_RFP_DEPTH 3
#define PARAM_RFP_MARGIN 60

/* Internal iterative reduction: a node of this depth or more that the
 * table gives no move for is searched a ply shallower. */
#define PARAM_IIR_DEPTH 4

/* ---- Among the moves (quiet moves, no capture pending) ---- */

/* Late move pruning: at depth d <= PARAM_LMP_DEPTH, off the principal
 * variation, only the first PARAM_LMP_BASE + d * d moves are tried. */
#define PARAM_LMP_DEPTH 3
#define PARAM_LMP_BASE 3

/* Futility: at depth d <= PARAM_FUTILITY_DEPTH, off the principal
 * variation, once a move has been tried, moves are skipped when the
 * static score plus d * PARAM_FUTILITY_MARGIN does not reach alpha. */
#define PARAM_FUTILITY_DEPTH 3
#define PARAM_FUTILITY_MARGIN 70

/* Late move reductions: the i-th move (from 0) at depth d is first
 * searched (PARAM_LMR_BASE + 10000 ln(d) ln(i) / PARAM_LMR_DIVISOR) / 100
 * plies shallower, rounded down (here 1 + ln(d) ln(i) / 1.1), one less on
 * the principal variation and for a killer; from the PARAM_LMR_MOVE-th
 * move, at depth PARAM_LMR_DEPTH or more.  Milder settings gained
 * nothing measurable (bench/match -t 50 -n 100 -j 2, 200 games each
 * against these): from the third move with a divisor of 160, Elo +12
 * (95 %: -15 to +40); with 220, Elo -10 (-39 to +18). */
#define PARAM_LMR_DEPTH 2
#define PARAM_LMR_MOVE 1
#define PARAM_LMR_BASE 100
#define PARAM_LMR_DIVISOR 110

/* Futility needs the static score, which is made at depths up to
 * PARAM_RFP_DEPTH. */
#if PARAM_FUTILITY_DEPTH > PARAM_RFP_DEPTH
#error "PARAM_FUTILITY_DEPTH must not exceed PARAM_RFP_DEPTH"
#endif

/* A child at depth 0 is never reduced: search.c's move loop counts on
 * it. */
#if PARAM_LMR_DEPTH < 1
#error "PARAM_LMR_DEPTH must be 1 or more"
#endif

#endif
