/* variant_rows.h -- the table of the variants: every rule that differs
 * between them, and what else differs, one row each (RULES.md sections
 * 1 to 5 and 8).  variant.c hands its rows out (pdn_variant_get()); the
 * move generator reads them too, at compile time, since each of its
 * instances is made for one variant (movegen_internal.h).  Nothing else
 * includes this file.
 */
#ifndef PDN_RULES_VARIANT_ROWS_H
#define PDN_RULES_VARIANT_ROWS_H

#include "rules/variant.h"

/* The weights of a row's evaluation (variant.h), and of its ending when
 * they differ. */
#define PDN_EVAL_WEIGHTS(...)                                                  \
    .eval_weights = (const int[]){__VA_ARGS__},                                \
    .neval_weights = (int)(sizeof((const int[]){__VA_ARGS__}) / sizeof(int))
#define PDN_EVAL_END_WEIGHTS(...)                                              \
    .eval_end_weights = (const int[]){__VA_ARGS__},                            \
    .neval_end_weights =                                                       \
        (int)(sizeof((const int[]){__VA_ARGS__}) / sizeof(int))

/* A row a variant, a line a field: */
/* clang-format off */
static const pdn_variant pdn_variant_rows[PDN_VARIANT_COUNT] = {
    [PDN_ITALIAN] = {
        .id = PDN_ITALIAN,
        .name = "italian",
        .title = "Italian draughts",
        .adjective = "Italian",
        .gametype = 22,
        .gametype_full = "22,W,8,8,N2,1",
        .start_fen = "W:W21-32:B1-12",
        .first = PDN_WHITE,
        .men_capture_kings = false,
        .flying_kings = false,
        .law = PDN_LAW_ITALIAN,
        .draw_preset = "standard",
        .a1_playing = false,
        .square1_far = true,
        .numbered_h_to_a = false,
        .samples = (const char *const[]){
            "W:W17,19,21,22,23,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,"
            "12,15",
            "B:W18,20,22,24,25,27,29,30,31:B1,2,4,5,6,8,10,11,15",
            "W:WK5,22,26,30:B9,K19,27",
            NULL},
        /* Fitted by bench/tune -S SCORES to the scores a search 20 plies
           deep gives the positions of
           corpus/real/italian/gc_italian_40champ-1996.pdn, the ballots of
           corpus/real/italian/cb_11_man_italian_ballots.pdn and 8,500 of
           300 self-play games (bench/match -t 10 -g), and to the results
           of those games, all at once; the square terms (man1.1..man7.4)
           say what a square is worth beyond its rank and the centre.
           The ending weighs as the opening: a fit with ending weights of
           their own (to 28,828 positions of the 40champ games and 400
           self-play games scored 20 plies deep, and to the results of
           702 games) played stronger (bench/match -t 50, 200 games
           against these: Elo +53, 95 %: +19 to +87; -t 200 against
           764cc54: +111, +76 to +149, these +98) but its scores moved
           more with depth (bench/eval-stability: 0.130 and 0.121 men,
           these 0.103 and 0.097), which the annotator's marks pay for;
           ending weights fitted to those scores alone kept these
           figures (0.104 and 0.096) and played no stronger (-t 200
           against 764cc54: +80 =95 -25, Elo +98, +64 to +134); with
           the kings' terms kept (bench/tune -k king,king_edge,
           king_centre,king_free,king_trapped) and the 40champ games'
           results fitted too, they played stronger still (the move of
           an unfinished depth played, against 764cc54: +101 =76 -23,
           Elo +143, +106 to +184) and their scores moved no more (0.101
           and 0.097), but the annotator's marks were less right
           (bench/annotate-accuracy, first 48 games: precision 0.63,
           recall 0.43; these 0.69 and 0.44). */
        PDN_EVAL_WEIGHTS(
            /* king */ 178,
            /* advance2..7 */ 2, -7, -7, -8, 8, 2,
            /* centre, back_rank */ 7, 16,
            /* runaway1..4 */ 32, 8, 15, -6,
            /* king_edge, king_centre, king_free, king_trapped */ -15, 3, -5, 0,
            /* balance, tempo, trade_down */ -2, 1, -1,
            /* man1.1..4 */ -2, 6, 1, -22,
            /* man2.1..4 */ -1, 0, -2, -7,
            /* man3.1..4 */ 4, -3, -6, -2,
            /* man4.1..4 */ -3, -2, 2, -5,
            /* man5.1..4 */ -3, 1, -3, -2,
            /* man6.1..4 */ -8, 3, 4, -5,
            /* man7.1..4 */ 6, 9, 1, -17),
    },
    [PDN_SPANISH] = {
        .id = PDN_SPANISH,
        .name = "spanish",
        .title = "Spanish draughts",
        .adjective = "Spanish",
        .gametype = 24,
        .gametype_full = "24,W,8,8,N1,1",
        .start_fen = "W:W1-12:B21-32",
        .first = PDN_WHITE,
        .men_capture_kings = true,
        .flying_kings = true,
        .law = PDN_LAW_SPANISH,
        .draw_preset = "spanish",
        .a1_playing = false,
        .square1_far = false,
        .numbered_h_to_a = true,
        .samples = (const char *const[]){
            "W:W2,3,5,6,9,10,13,14:BK22,24,27,28,30",
            NULL},
        PDN_EVAL_WEIGHTS(
            /* king */ 400,
            /* advance2..7 */ 2, 5, 9, 14, 22, 34,
            /* centre, back_rank */ 4, 8,
            /* runaway1..4 */ 90, 60, 35, 15,
            /* king_edge, king_centre, king_free, king_trapped */ -8, 4, 0, 0,
            /* balance, tempo, trade_down */ 0, 3, 3,
            /* man1.1..4 */ 0, 0, 0, 0,
            /* man2.1..4 */ 0, 0, 0, 0,
            /* man3.1..4 */ 0, 0, 0, 0,
            /* man4.1..4 */ 0, 0, 0, 0,
            /* man5.1..4 */ 0, 0, 0, 0,
            /* man6.1..4 */ 0, 0, 0, 0,
            /* man7.1..4 */ 0, 0, 0, 0),
    },
    [PDN_ENGLISH] = {
        .id = PDN_ENGLISH,
        .name = "english",
        .title = "English checkers",
        .adjective = "English",
        .gametype = 21,
        .gametype_full = "21,B,8,8,N1,0",
        .start_fen = "B:W21-32:B1-12",
        .first = PDN_BLACK,
        .men_capture_kings = true,
        .flying_kings = false,
        .law = PDN_LAW_FREE,
        .draw_preset = "english",
        .a1_playing = true,
        .square1_far = true,
        .numbered_h_to_a = false,
        .samples = (const char *const[]){
            "B:W14,18,21,22,24,25,27,28,30,31:B1,2,4,5,6,8,9,11,12",
            NULL},
        /* Fitted by bench/tune -v english to the results of the 9,377
           games of corpus/real/english/acf_games.pdn. */
        PDN_EVAL_WEIGHTS(
            /* king */ 145,
            /* advance2..7 */ 24, 1, 2, -1, 0, 4,
            /* centre, back_rank */ 10, 51,
            /* runaway1..4 */ 83, 51, 32, 15,
            /* king_edge, king_centre, king_free, king_trapped */ -25, 25, 7, -1,
            /* balance, tempo, trade_down */ -5, -2, 7,
            /* man1.1..4 */ 0, 0, 0, 0,
            /* man2.1..4 */ 0, 0, 0, 0,
            /* man3.1..4 */ 0, 0, 0, 0,
            /* man4.1..4 */ 0, 0, 0, 0,
            /* man5.1..4 */ 0, 0, 0, 0,
            /* man6.1..4 */ 0, 0, 0, 0,
            /* man7.1..4 */ 0, 0, 0, 0),
    },
};
/* clang-format on */

#endif
