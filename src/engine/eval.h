/* eval.h -- the static evaluation of the engine: a score in hundredths of
 * a man from the side to move's point of view.  Every weight is a named
 * constant here, so that a change of weight is a change of this file.
 */
#ifndef PDN_ENGINE_EVAL_H
#define PDN_ENGINE_EVAL_H

#include "rules/bitboard.h"
#include "rules/board.h"
#include "rules/variant.h"

/* ---- Weights, in hundredths of a man ---- */

/* A man is the unit. */
#define EVAL_MAN 100

/* The terms of the evaluation, each a weight (per variant, in its row's
 * eval_weights, rules/variant_rows.h, which bench/tune fits) times a count
 * of White's minus Black's: X(NAME, name, what it counts).  Each term has
 * two weights, its opening and its ending one (below, "Phases"). */
#define PDN_EVAL_TERMS(X)                                                      \
    X(KING, "king", "a king")                                                  \
    X(ADVANCE_2, "advance2", "a man on its second rank")                       \
    X(ADVANCE_3, "advance3", "a man on its third rank")                        \
    X(ADVANCE_4, "advance4", "a man on its fourth rank")                       \
    X(ADVANCE_5, "advance5", "a man on its fifth rank")                        \
    X(ADVANCE_6, "advance6", "a man on its sixth rank")                        \
    X(ADVANCE_7, "advance7", "a man on its seventh rank")                      \
    X(CENTRE, "centre", "a man on the files c-f of ranks 3-6")                 \
    X(BACK_RANK, "back_rank",                                                  \
      "a man on its own back rank while the other side has men")               \
    X(RUNAWAY_1, "runaway1", "a free runner a rank from crowning")             \
    X(RUNAWAY_2, "runaway2", "a free runner two ranks from crowning")          \
    X(RUNAWAY_3, "runaway3", "a free runner three ranks from crowning")        \
    X(RUNAWAY_4, "runaway4", "a free runner four ranks from crowning")         \
    X(KING_EDGE, "king_edge", "a king on the edge of the board")               \
    X(KING_CENTRE, "king_centre", "a king on the files c-f of ranks 3-6")      \
    X(KING_FREE, "king_free", "an empty square a step from a king")            \
    X(KING_TRAPPED, "king_trapped", "a king with no empty square next to it")  \
    X(BALANCE, "balance",                                                      \
      "a man more on one half of the board (files a-d, e-h) than the other")   \
    X(TEMPO, "tempo", "having the move, with men only on the board")           \
    X(TRADE_DOWN, "trade_down",                                                \
      "a piece off the board while ahead in material (the lead's sign)")       \
    PDN_EVAL_SQUARE_TERMS(X)

/* Each square a man may stand on, as its side sees the board: its rank
 * (1..7, from its own back rank) and its place on the rank (1..4, from
 * its left), beyond what advancement and the centre say of it. */
#define PDN_EVAL_SQUARE_TERMS(X)                                               \
    X(MAN_1_1, "man1.1",                                                       \
      "a man on the first square from its left of its rank 1")                 \
    X(MAN_1_2, "man1.2",                                                       \
      "a man on the second square from its left of its rank 1")                \
    X(MAN_1_3, "man1.3",                                                       \
      "a man on the third square from its left of its rank 1")                 \
    X(MAN_1_4, "man1.4",                                                       \
      "a man on the fourth square from its left of its rank 1")                \
    X(MAN_2_1, "man2.1",                                                       \
      "a man on the first square from its left of its rank 2")                 \
    X(MAN_2_2, "man2.2",                                                       \
      "a man on the second square from its left of its rank 2")                \
    X(MAN_2_3, "man2.3",                                                       \
      "a man on the third square from its left of its rank 2")                 \
    X(MAN_2_4, "man2.4",                                                       \
      "a man on the fourth square from its left of its rank 2")                \
    X(MAN_3_1, "man3.1",                                                       \
      "a man on the first square from its left of its rank 3")                 \
    X(MAN_3_2, "man3.2",                                                       \
      "a man on the second square from its left of its rank 3")                \
    X(MAN_3_3, "man3.3",                                                       \
      "a man on the third square from its left of its rank 3")                 \
    X(MAN_3_4, "man3.4",                                                       \
      "a man on the fourth square from its left of its rank 3")                \
    X(MAN_4_1, "man4.1",                                                       \
      "a man on the first square from its left of its rank 4")                 \
    X(MAN_4_2, "man4.2",                                                       \
      "a man on the second square from its left of its rank 4")                \
    X(MAN_4_3, "man4.3",                                                       \
      "a man on the third square from its left of its rank 4")                 \
    X(MAN_4_4, "man4.4",                                                       \
      "a man on the fourth square from its left of its rank 4")                \
    X(MAN_5_1, "man5.1",                                                       \
      "a man on the first square from its left of its rank 5")                 \
    X(MAN_5_2, "man5.2",                                                       \
      "a man on the second square from its left of its rank 5")                \
    X(MAN_5_3, "man5.3",                                                       \
      "a man on the third square from its left of its rank 5")                 \
    X(MAN_5_4, "man5.4",                                                       \
      "a man on the fourth square from its left of its rank 5")                \
    X(MAN_6_1, "man6.1",                                                       \
      "a man on the first square from its left of its rank 6")                 \
    X(MAN_6_2, "man6.2",                                                       \
      "a man on the second square from its left of its rank 6")                \
    X(MAN_6_3, "man6.3",                                                       \
      "a man on the third square from its left of its rank 6")                 \
    X(MAN_6_4, "man6.4",                                                       \
      "a man on the fourth square from its left of its rank 6")                \
    X(MAN_7_1, "man7.1",                                                       \
      "a man on the first square from its left of its rank 7")                 \
    X(MAN_7_2, "man7.2",                                                       \
      "a man on the second square from its left of its rank 7")                \
    X(MAN_7_3, "man7.3",                                                       \
      "a man on the third square from its left of its rank 7")                 \
    X(MAN_7_4, "man7.4",                                                       \
      "a man on the fourth square from its left of its rank 7")

#define PDN_EVAL_TERM_ENUM(name, text, what) EVAL_##name,
enum { PDN_EVAL_TERMS(PDN_EVAL_TERM_ENUM) PDN_EVAL_NTERMS };
#undef PDN_EVAL_TERM_ENUM

/* The square term of a man of colour @c on @file (0..7) of its rank @r
 * (1..7, counted from its own side): what PDN_EVAL_SQUARE_TERMS names. */
static inline int
pdn_eval_square_term(int c, int file, int r)
{
    int from_left = c == PDN_WHITE ? file : 7 - file;
    return EVAL_MAN_1_1 + (r - 1) * 4 + from_left / 2;
}

/* ---- Phases ---- */
/* A term weighs what it weighs in the opening, with all 24 men on the
 * board, and what it weighs in the ending, with none, and in between in
 * proportion to the men on the board: a king, the centre or a man's
 * advance do not weigh the same when the board has emptied. */
enum { EVAL_OPENING, EVAL_ENDING, PDN_EVAL_PHASES };
#define EVAL_PHASE_MEN 24

/* The score of a position with @men men on the board (both sides'),
 * from its opening and its ending scores. */
static inline int
pdn_eval_blend(int opening, int ending, int men)
{
    int p = men < EVAL_PHASE_MEN ? men : EVAL_PHASE_MEN;
    return (opening * p + ending * (EVAL_PHASE_MEN - p)) / EVAL_PHASE_MEN;
}

/** The name of term @i ("king"), for the tuner. */
const char *pdn_eval_term_name(int i);

/* ---- Board windows ----
 * A window is 8 squares: 2 neighbouring squares of each of 4 ranks in a
 * row, those of the same places on each rank (internal squares 4r + c
 * and 4r + c + 1, bitboard.h), which lie on two neighbouring diagonals.
 * There are 15: from rank 1 to 5 (r = 0..4, from White's side), at place
 * 0, 1 or 2 (c).  A window's configuration is the base-3 number of its
 * squares, a digit each, the lowest square first: 0 empty or a king, 1 a
 * man of White's, 2 a man of Black's.  A table of weights by window and
 * configuration scores White's men as they stand together, not one by
 * one; Black's are scored by the same table on the board turned round
 * (rotated half a turn, colours swapped), so that a table is fair to
 * both sides. */
#define PDN_EVAL_WINDOWS 15
#define PDN_EVAL_WINDOW_CONFIGS 6561

/** The configuration of each window of @b (@own) and of @b turned round
 * (@turned): a table W scores White's men sum W[w][own[w]] minus sum
 * W[w][turned[w]]. */
void pdn_eval_windows(const pdn_board *b, uint16_t own[PDN_EVAL_WINDOWS],
                      uint16_t turned[PDN_EVAL_WINDOWS]);

/* ---- Endgame facts ---- */
/* Italian: a lone king against a lone king, and a king against a king and
 * nothing else of note, is a draw; Spanish: one flying king holds a draw
 * against two; English: a king against a king is a draw.  The engine
 * scores such positions 0 (pdn_eval_drawn_ending() below). */

/** Per-variant geometry the evaluation looks up, filled by
 * pdn_eval_init().  The square weights of a set of men (advancement and
 * centre) add up by pairs of ranks, a byte of the set each from bit
 * EVAL_ROWS_BIT(k) (the ghost bits skipped, bitboard.h): men[c][k][byte]
 * is the sum of the weights of the squares of pair k that byte holds. */
#define EVAL_ROWS_BIT(k) (9 * (k))

typedef struct pdn_eval_tables {
    const pdn_variant *v;
    int w[PDN_EVAL_PHASES][PDN_EVAL_NTERMS]; /* the weights, by phase
                                                and term */
    int phases; /* 1 when the ending weighs as the opening (its tables
                   are then not read), else PDN_EVAL_PHASES */
    int16_t men[PDN_EVAL_PHASES][2][4][256]; /* by phase, colour, pair of
                                                ranks, byte */
    pdn_bb back[2];                          /* each colour's own back rank */
    pdn_bb centre;     /* the central files (c-f) of ranks 3-6 */
    pdn_bb edge;       /* the edge of the board */
    pdn_bb left;       /* files a-d (the other half: e-h) */
    pdn_bb runners[2]; /* men of each colour 4 or fewer ranks from
                          their crowning row */
    int16_t runaway[PDN_EVAL_PHASES][2][64]; /* a free runner's bonus, by
                                                phase and colour */
    pdn_bb cone[2][64];     /* by colour and square: the squares one
                               to four steps ahead, either way, that
                               must be empty for a runner there to be
                               free */
    const int16_t *windows; /* the row's window weights, by phase,
                               window and configuration, or NULL */
    /* The base-3 value (0..8) of squares c and c + 1 of a rank whose
       White's men are @x and Black's @y (4 bits each, the rank's squares
       from the lowest): pair[c][x][y]; turned[c][x][y] the same of the
       rank turned round (its men's colours swapped, its squares
       reversed). */
    uint8_t pair[3][16][16];
    uint8_t turned[3][16][16];
} pdn_eval_tables;

/** Fills @t for @v with its row's weights and windows, or with @w when
 * not NULL (PDN_EVAL_PHASES * PDN_EVAL_NTERMS of them, the opening's then
 * the ending's: the tuner's, which weighs the windows apart) and no
 * windows. */
void pdn_eval_init(pdn_eval_tables *t, const pdn_variant *v, const int *w);

/** The counts of each term in @b, White's minus Black's, square by
 * square (@f: PDN_EVAL_NTERMS of them); returns false for a known draw
 * (pdn_eval_drawn_ending()), which scores 0.  TRADE_DOWN takes the
 * lead's sign by @t's ending weight of a king.  The plain reading of the terms
 * that pdn_eval() below adds up by tables and sets. */
bool pdn_eval_terms(const pdn_eval_tables *t, const pdn_board *b, int *f);

/** The score of @b for the side to move, from pdn_eval_terms(): what
 * pdn_eval() must give (test_eval.c holds them together). */
int pdn_eval_plain(const pdn_eval_tables *t, const pdn_board *b);

/* ---- The evaluation, inline: the search calls it at every leaf ---- */

/* The empty squares a step from each of @kings, counted once for each
 * king next to them. */
static inline int
pdn_eval_king_free(pdn_bb kings, pdn_bb empty)
{
    return pdn_bb_count(pdn_bb_step(kings, BB_UP_A) & empty) +
           pdn_bb_count(pdn_bb_step(kings, BB_UP_B) & empty) +
           pdn_bb_count(pdn_bb_step(kings, BB_DOWN_A) & empty) +
           pdn_bb_count(pdn_bb_step(kings, BB_DOWN_B) & empty);
}

/* Those of @kings that have no empty square a step away. */
static inline pdn_bb
pdn_eval_kings_trapped(pdn_bb kings, pdn_bb empty)
{
    pdn_bb near = pdn_bb_step(empty, BB_UP_A) | pdn_bb_step(empty, BB_UP_B) |
                  pdn_bb_step(empty, BB_DOWN_A) | pdn_bb_step(empty, BB_DOWN_B);
    return kings & ~near;
}

/* Adds to @s, by phase, the score of @c's pieces without material. */
static inline void
pdn_eval_positional(const pdn_eval_tables *t, const pdn_board *b, pdn_color c,
                    bool other_has_men, int s[PDN_EVAL_PHASES])
{
    pdn_bb own = b->pieces[c];
    pdn_bb men = own & ~b->kings, kings = own & b->kings;
    pdn_bb all = b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK];
    unsigned rows[4] = {(unsigned)(men & 0xFF),
                        (unsigned)(men >> EVAL_ROWS_BIT(1) & 0xFF),
                        (unsigned)(men >> EVAL_ROWS_BIT(2) & 0xFF),
                        (unsigned)(men >> EVAL_ROWS_BIT(3) & 0xFF)};
    int back = other_has_men ? pdn_bb_count(men & t->back[c]) : 0;
    /* A runner is free when its cone holds no piece (no branch on it:
     * it goes either way). */
    int runaway[PDN_EVAL_PHASES] = {0, 0};
    for (pdn_bb r = men & t->runners[c]; r; r &= r - 1) {
        int sq = pdn_bb_lowest(r);
        int clear = -(int)((t->cone[c][sq] & all) == 0);
        for (int ph = 0; ph < t->phases; ph++)
            runaway[ph] += t->runaway[ph][c][sq] & clear;
    }
    int left = pdn_bb_count(men & t->left), right = pdn_bb_count(men) - left;
    int balance = left > right ? left - right : right - left;
    int edge = 0, centre = 0, free = 0, trapped = 0;
    if (kings) {
        pdn_bb empty = BB_PLAYABLE & ~all;
        edge = pdn_bb_count(kings & t->edge);
        centre = pdn_bb_count(kings & t->centre);
        free = pdn_eval_king_free(kings, empty);
        trapped = pdn_bb_count(pdn_eval_kings_trapped(kings, empty));
    }
    for (int ph = 0; ph < t->phases; ph++) {
        const int *w = t->w[ph];
        s[ph] += t->men[ph][c][0][rows[0]] + t->men[ph][c][1][rows[1]] +
                 t->men[ph][c][2][rows[2]] + t->men[ph][c][3][rows[3]] +
                 runaway[ph] + w[EVAL_BACK_RANK] * back +
                 w[EVAL_BALANCE] * balance + w[EVAL_KING_EDGE] * edge +
                 w[EVAL_KING_CENTRE] * centre + w[EVAL_KING_FREE] * free +
                 w[EVAL_KING_TRAPPED] * trapped;
    }
}

/* Whether the material is a known draw of the variant. */
static inline bool
pdn_eval_drawn_ending(const pdn_eval_tables *t, int wm, int wk, int bm, int bk)
{
    if (wm || bm)
        return false;
    if (wk == 1 && bk == 1)
        return true; /* a lone king against a lone king */
    if (t->v->flying_kings && ((wk == 1 && bk == 2) || (wk == 2 && bk == 1)))
        return true; /* one flying king holds two */
    return false;
}

/* The men of @set on each rank (4 bits, its squares from the lowest),
 * from rank 1. */
static inline void
pdn_eval_ranks(pdn_bb set, unsigned rank[8])
{
    for (int r = 0; r < 8; r++)
        rank[r] = (unsigned)(set >> (4 * r + r / 2)) & 0xF;
}

/* Adds to @s, by phase, the windows' score of White's men @white and
 * Black's @black (engine/eval.h, "Board windows"): pdn_eval_windows() by
 * ranks and tables. */
static inline void
pdn_eval_add_windows(const pdn_eval_tables *t, pdn_bb white, pdn_bb black,
                     int s[PDN_EVAL_PHASES])
{
    unsigned w[8], bl[8];
    pdn_eval_ranks(white, w);
    pdn_eval_ranks(black, bl);
    for (int c = 0; c < 3; c++) {
        int own[8], turned[8];
        for (int r = 0; r < 8; r++) {
            own[r] = t->pair[c][w[r]][bl[r]];
            turned[r] = t->turned[c][w[7 - r]][bl[7 - r]];
        }
        for (int r = 0; r < 5; r++) {
            int cfg =
                own[r] + 9 * own[r + 1] + 81 * own[r + 2] + 729 * own[r + 3];
            int tcfg = turned[r] + 9 * turned[r + 1] + 81 * turned[r + 2] +
                       729 * turned[r + 3];
            const int16_t *row =
                t->windows + (size_t)(3 * r + c) * PDN_EVAL_WINDOW_CONFIGS;
            for (int ph = 0; ph < t->phases; ph++) {
                const int16_t *tab = row + (size_t)ph * PDN_EVAL_WINDOWS *
                                               PDN_EVAL_WINDOW_CONFIGS;
                s[ph] += tab[cfg] - tab[tcfg];
            }
        }
    }
}

/** The score of @b for the side to move. */
static inline int
pdn_eval(const pdn_eval_tables *t, const pdn_board *b)
{
    pdn_bb w = b->pieces[PDN_WHITE], k = b->kings;
    pdn_bb bl = b->pieces[PDN_BLACK];
    int wm = pdn_bb_count(w & ~k), wk = pdn_bb_count(w & k);
    int bm = pdn_bb_count(bl & ~k), bk = pdn_bb_count(bl & k);
    if (pdn_eval_drawn_ending(t, wm, wk, bm, bk))
        return 0;
    /* Ahead, trade down: the fewer pieces left, the more the lead tells
     * (the lead by the ending's weight of a king). */
    int pieces = wm + wk + bm + bk;
    int lead = (wm - bm) * EVAL_MAN + (wk - bk) * t->w[EVAL_ENDING][EVAL_KING];
    int down = lead > 0 ? 24 - pieces : lead < 0 ? pieces - 24 : 0;
    int tempo = wk || bk ? 0 : b->side == PDN_WHITE ? 1 : -1;
    int white[PDN_EVAL_PHASES] = {0, 0}, black[PDN_EVAL_PHASES] = {0, 0};
    pdn_eval_positional(t, b, PDN_WHITE, bm > 0, white);
    pdn_eval_positional(t, b, PDN_BLACK, wm > 0, black);
    int s[PDN_EVAL_PHASES] = {0, 0};
    if (t->windows)
        pdn_eval_add_windows(t, w & ~k, bl & ~k, s);
    for (int ph = 0; ph < t->phases; ph++) {
        const int *wt = t->w[ph];
        s[ph] += (wk - bk) * wt[EVAL_KING] + down * wt[EVAL_TRADE_DOWN] +
                 tempo * wt[EVAL_TEMPO] + white[ph] - black[ph];
    }
    int score = (wm - bm) * EVAL_MAN +
                (t->phases == 1 ? s[EVAL_OPENING]
                                : pdn_eval_blend(s[EVAL_OPENING],
                                                 s[EVAL_ENDING], wm + bm));
    return b->side == PDN_WHITE ? score : -score;
}

#endif
