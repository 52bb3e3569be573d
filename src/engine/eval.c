/* eval.c -- the static evaluation (eval.h): its tables, and the plain
 * reading of its terms square by square.
 */
#include "engine/eval.h"

#include <string.h>

#include "rules/bitboard.h"
#include "rules/square.h"

#define TERM_NAME(name, text, what) text,
static const char *const term_names[] = {PDN_EVAL_TERMS(TERM_NAME)};
#undef TERM_NAME

const char *
pdn_eval_term_name(int i)
{
    return i >= 0 && i < PDN_EVAL_NTERMS ? term_names[i] : NULL;
}

/* The file (0..7, -1: not a square of the board) and the rank (1..8) of
 * each bit of @v's board. */
static void
coords(const pdn_variant *v, signed char file[64], signed char rank[64])
{
    for (int bit = 0; bit < 64; bit++) {
        file[bit] = -1;
        rank[bit] = 0;
        int n = pdn_square_from_bit(v, bit), f, r;
        if (n && pdn_square_coords(v, n, &f, &r) == 0) {
            file[bit] = (signed char)f;
            rank[bit] = (signed char)r;
        }
    }
}

static bool
in_centre(int f, int r)
{
    return f >= 2 && f <= 5 && r >= 3 && r <= 6;
}

/* The weight of a man of @c on @bit, by @w: its rank, the centre and its
 * square. */
static int
man_weight(const int *w, const signed char file[64], const signed char rank[64],
           int c, int bit)
{
    int f = file[bit], r = c == PDN_WHITE ? rank[bit] : 9 - rank[bit];
    /* No man of the colour stands on its crowning row (r 8). */
    if (r >= 8)
        return 0;
    return (r >= 2 ? w[EVAL_ADVANCE_2 + r - 2] : 0) +
           (in_centre(f, rank[bit]) ? w[EVAL_CENTRE] : 0) +
           w[pdn_eval_square_term(c, f, r)];
}

/* The digit of a square in a window (0 empty, 1 White's man, 2 Black's)
 * whose bit is @bit of a rank's White's men @x and Black's @y. */
static int
rank_digit(unsigned x, unsigned y, int bit)
{
    return x >> bit & 1 ? 1 : y >> bit & 1 ? 2 : 0;
}

/* @x's 4 bits reversed. */
static unsigned
reversed4(unsigned x)
{
    return (x & 1) << 3 | (x & 2) << 1 | (x & 4) >> 1 | (x & 8) >> 3;
}

static void
window_pairs(pdn_eval_tables *t)
{
    for (int c = 0; c < 3; c++)
        for (unsigned x = 0; x < 16; x++)
            for (unsigned y = 0; y < 16; y++) {
                t->pair[c][x][y] = (uint8_t)(rank_digit(x, y, c) +
                                             3 * rank_digit(x, y, c + 1));
                unsigned tx = reversed4(y), ty = reversed4(x);
                t->turned[c][x][y] = (uint8_t)(rank_digit(tx, ty, c) +
                                               3 * rank_digit(tx, ty, c + 1));
            }
}

void
pdn_eval_init(pdn_eval_tables *t, const pdn_variant *v, const int *w)
{
    signed char file[64], rank[64];
    memset(t, 0, sizeof *t);
    t->v = v;
    for (int ph = 0; ph < PDN_EVAL_PHASES; ph++) {
        /* A row without ending weights weighs the ending as the opening. */
        bool own = ph == EVAL_ENDING && v->eval_end_weights;
        const int *row = own ? v->eval_end_weights : v->eval_weights;
        int nrow = own ? v->neval_end_weights : v->neval_weights;
        for (int i = 0; i < PDN_EVAL_NTERMS; i++)
            t->w[ph][i] = w          ? w[ph * PDN_EVAL_NTERMS + i]
                          : i < nrow ? row[i]
                                     : 0;
    }
    if (!w && v->eval_windows &&
        v->neval_windows ==
            PDN_EVAL_PHASES * PDN_EVAL_WINDOWS * PDN_EVAL_WINDOW_CONFIGS)
        t->windows = v->eval_windows;
    t->phases = t->windows || memcmp(t->w[EVAL_OPENING], t->w[EVAL_ENDING],
                                     sizeof t->w[EVAL_OPENING])
                    ? PDN_EVAL_PHASES
                    : 1;
    window_pairs(t);
    coords(v, file, rank);
    int weight[PDN_EVAL_PHASES][2][64] = {{{0}}};
    for (int bit = 0; bit < 64; bit++) {
        if (file[bit] < 0)
            continue;
        pdn_bb sq = (pdn_bb)1 << bit;
        int f = file[bit];
        if (in_centre(f, rank[bit]))
            t->centre |= sq;
        if (f == 0 || f == 7 || rank[bit] == 1 || rank[bit] == 8)
            t->edge |= sq;
        if (f <= 3)
            t->left |= sq;
        for (int c = 0; c < 2; c++) {
            int r = c == PDN_WHITE ? rank[bit] : 9 - rank[bit];
            for (int ph = 0; ph < PDN_EVAL_PHASES; ph++)
                weight[ph][c][bit] = man_weight(t->w[ph], file, rank, c, bit);
            if (r == 1)
                t->back[c] |= sq;
            if (8 - r <= 4 && 8 - r >= 1) {
                t->runners[c] |= sq;
                for (int ph = 0; ph < PDN_EVAL_PHASES; ph++)
                    t->runaway[ph][c][bit] =
                        (int16_t)t->w[ph][EVAL_RUNAWAY_1 + (8 - r) - 1];
            }
            /* The squares one step ahead (either way), two steps, and so
             * on, four at most (a runner's way to its crowning row). */
            pdn_bb ahead = sq;
            for (int k = 0; k < 4; k++) {
                ahead = c == PDN_WHITE ? pdn_bb_step(ahead, BB_UP_A) |
                                             pdn_bb_step(ahead, BB_UP_B)
                                       : pdn_bb_step(ahead, BB_DOWN_A) |
                                             pdn_bb_step(ahead, BB_DOWN_B);
                t->cone[c][bit] |= ahead;
            }
        }
    }
    for (int ph = 0; ph < PDN_EVAL_PHASES; ph++)
        for (int c = 0; c < 2; c++)
            for (int k = 0; k < 4; k++)
                for (int byte = 0; byte < 256; byte++) {
                    int sum = 0;
                    for (int i = 0; i < 8; i++)
                        if (byte >> i & 1)
                            sum += weight[ph][c][EVAL_ROWS_BIT(k) + i];
                    t->men[ph][c][k][byte] = (int16_t)sum;
                }
}

/* The bit of the square @df files and @dr ranks from the square at bit
 * @from, or -1 when the board has none there. */
static int
step_from(const signed char file[64], const signed char rank[64], int from,
          int df, int dr)
{
    int f = file[from] + df, r = rank[from] + dr;
    if (f < 0 || f > 7 || r < 1 || r > 8)
        return -1;
    for (int bit = 0; bit < 64; bit++)
        if (file[bit] == f && rank[bit] == r)
            return bit;
    return -1;
}

/* Whether a man of @c at @bit is a free runner: no piece on the squares
 * one to four steps ahead of it, either way (its cone). */
static bool
free_runner(const signed char file[64], const signed char rank[64],
            const pdn_board *b, pdn_color c, int bit)
{
    pdn_bb all = b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK];
    int dr = c == PDN_WHITE ? 1 : -1;
    /* The squares k steps ahead are those of rank + k * dr whose file is
       at most k from the man's and of the same colour of square. */
    for (int k = 1; k <= 4; k++)
        for (int df = -k; df <= k; df += 2) {
            int sq = step_from(file, rank, bit, df, k * dr);
            if (sq >= 0 && (all >> sq & 1))
                return false;
        }
    return true;
}

bool
pdn_eval_terms(const pdn_eval_tables *t, const pdn_board *b, int *f)
{
    signed char file[64], rank[64];
    int men[2] = {0, 0}, kings[2] = {0, 0};
    pdn_bb all = b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK];

    memset(f, 0, PDN_EVAL_NTERMS * sizeof *f);
    coords(t->v, file, rank);
    for (int bit = 0; bit < 64; bit++)
        for (int c = 0; c < 2; c++)
            if (b->pieces[c] >> bit & 1)
                (b->kings >> bit & 1 ? kings : men)[c]++;
    if (pdn_eval_drawn_ending(t, men[0], kings[0], men[1], kings[1]))
        return false;
    for (int c = 0; c < 2; c++) {
        int sign = c == PDN_WHITE ? 1 : -1, half[2] = {0, 0};
        for (int bit = 0; bit < 64; bit++) {
            if (!(b->pieces[c] >> bit & 1))
                continue;
            int r = c == PDN_WHITE ? rank[bit] : 9 - rank[bit];
            bool centre = in_centre(file[bit], rank[bit]);
            if (b->kings >> bit & 1) {
                int empty = 0;
                f[EVAL_KING] += sign;
                if (file[bit] == 0 || file[bit] == 7 || rank[bit] == 1 ||
                    rank[bit] == 8)
                    f[EVAL_KING_EDGE] += sign;
                if (centre)
                    f[EVAL_KING_CENTRE] += sign;
                for (int df = -1; df <= 1; df += 2)
                    for (int dr = -1; dr <= 1; dr += 2) {
                        int sq = step_from(file, rank, bit, df, dr);
                        empty += sq >= 0 && !(all >> sq & 1);
                    }
                f[EVAL_KING_FREE] += sign * empty;
                if (!empty)
                    f[EVAL_KING_TRAPPED] += sign;
                continue;
            }
            half[file[bit] <= 3]++;
            f[pdn_eval_square_term(c, file[bit], r)] += sign;
            if (r >= 2 && r <= 7)
                f[EVAL_ADVANCE_2 + r - 2] += sign;
            if (centre)
                f[EVAL_CENTRE] += sign;
            if (r == 1 && men[1 - c])
                f[EVAL_BACK_RANK] += sign;
            if (8 - r >= 1 && 8 - r <= 4 &&
                free_runner(file, rank, b, (pdn_color)c, bit))
                f[EVAL_RUNAWAY_1 + (8 - r) - 1] += sign;
        }
        f[EVAL_BALANCE] +=
            sign * (half[0] > half[1] ? half[0] - half[1] : half[1] - half[0]);
    }
    int lead = (men[0] - men[1]) * EVAL_MAN +
               (kings[0] - kings[1]) * t->w[EVAL_ENDING][EVAL_KING];
    int pieces = men[0] + men[1] + kings[0] + kings[1];
    f[EVAL_TRADE_DOWN] = lead > 0 ? 24 - pieces : lead < 0 ? pieces - 24 : 0;
    if (!kings[0] && !kings[1])
        f[EVAL_TEMPO] = b->side == PDN_WHITE ? 1 : -1;
    return true;
}

int
pdn_eval_plain(const pdn_eval_tables *t, const pdn_board *b)
{
    int f[PDN_EVAL_NTERMS];
    if (!pdn_eval_terms(t, b, f))
        return 0;
    int lead = 0, men = 0;
    for (int bit = 0; bit < 64; bit++)
        if (!(b->kings >> bit & 1)) {
            lead += (b->pieces[PDN_WHITE] >> bit & 1) -
                    (b->pieces[PDN_BLACK] >> bit & 1);
            men += (b->pieces[PDN_WHITE] >> bit & 1) +
                   (b->pieces[PDN_BLACK] >> bit & 1);
        }
    int s[PDN_EVAL_PHASES] = {0, 0};
    for (int ph = 0; ph < PDN_EVAL_PHASES; ph++)
        for (int i = 0; i < PDN_EVAL_NTERMS; i++)
            s[ph] += t->w[ph][i] * f[i];
    if (t->windows) {
        uint16_t own[PDN_EVAL_WINDOWS], turned[PDN_EVAL_WINDOWS];
        pdn_eval_windows(b, own, turned);
        for (int ph = 0; ph < PDN_EVAL_PHASES; ph++)
            for (int w = 0; w < PDN_EVAL_WINDOWS; w++) {
                const int16_t *tab =
                    t->windows + ((size_t)ph * PDN_EVAL_WINDOWS + (size_t)w) *
                                     PDN_EVAL_WINDOW_CONFIGS;
                s[ph] += tab[own[w]] - tab[turned[w]];
            }
    }
    int score =
        lead * EVAL_MAN + pdn_eval_blend(s[EVAL_OPENING], s[EVAL_ENDING], men);
    return b->side == PDN_WHITE ? score : -score;
}

/* The digit of internal square @i in a window's configuration: 0 empty
 * or a king, 1 a man of @white's, 2 a man of @black's. */
static int
window_digit(pdn_bb white, pdn_bb black, int i)
{
    pdn_bb sq = PDN_BB_OF_INDEX(i);
    return white & sq ? 1 : black & sq ? 2 : 0;
}

/* The configurations of the windows of White's men @white and Black's
 * @black (kings left out), lowest square first. */
static void
window_configs(pdn_bb white, pdn_bb black, uint16_t cfg[PDN_EVAL_WINDOWS])
{
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 3; c++) {
            int v = 0, weight = 1;
            for (int k = 0; k < 4; k++)
                for (int j = 0; j < 2; j++) {
                    v += weight *
                         window_digit(white, black, 4 * (r + k) + c + j);
                    weight *= 3;
                }
            cfg[3 * r + c] = (uint16_t)v;
        }
}

/* @set turned half a turn: internal square i to 31 - i. */
static pdn_bb
turned_round(pdn_bb set)
{
    pdn_bb out = 0;
    for (int i = 0; i < PDN_SQUARES; i++)
        if (set & PDN_BB_OF_INDEX(i))
            out |= PDN_BB_OF_INDEX(PDN_SQUARES - 1 - i);
    return out;
}

void
pdn_eval_windows(const pdn_board *b, uint16_t own[PDN_EVAL_WINDOWS],
                 uint16_t turned[PDN_EVAL_WINDOWS])
{
    pdn_bb white = b->pieces[PDN_WHITE] & ~b->kings;
    pdn_bb black = b->pieces[PDN_BLACK] & ~b->kings;
    window_configs(white, black, own);
    window_configs(turned_round(black), turned_round(white), turned);
}
