/* solver.c -- exhaustive solving of positions with few pieces (solver.h).
 *
 * A material group is (white men, white kings, black men, black kings).
 * Its positions are indexed by the squares of each kind of piece, as a
 * combination (the combinatorial number system over the 32 squares), and
 * the side to move; indexes whose pieces overlap, or with a man on the
 * rank where it would have been crowned, are unused.  A value is an int16:
 * 0 undecided (a draw once solving ends), d > 0 won in d plies, -(d + 1)
 * lost in d.
 */
#include "engine/solver.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

#define KINDS 4 /* white men, white kings, black men, black kings */
#define GROUPS (5 * 5 * 5 * 5)

typedef struct table {
    int n[KINDS];        /* pieces of each kind */
    size_t count[KINDS]; /* combinations of each kind */
    size_t size;         /* indexes, both sides to move */
    int16_t *value;
} table;

struct pdn_solver {
    const pdn_variant *v;
    int pieces;
    size_t choose[33][PDN_SOLVER_MAX_PIECES + 1]; /* binomial(n, k) */
    table *tables[GROUPS];
    int longest; /* the longest win or loss solved so far */
};

static size_t
binomial(int n, int k)
{
    if (k < 0 || n < k)
        return 0;
    size_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (size_t)(n - k + i) / (size_t)i;
    return r;
}

static int
group_of(const int n[KINDS])
{
    return ((n[0] * 5 + n[1]) * 5 + n[2]) * 5 + n[3];
}

/* ---- Positions and indexes ---- */

/* The rank of the internal square indexes @sq (ascending) of one kind. */
static size_t
rank_of(const pdn_solver *s, const int *sq, int n)
{
    size_t r = 0;
    for (int i = 0; i < n; i++)
        r += s->choose[sq[i]][i + 1];
    return r;
}

/* The squares of rank @r for @n pieces, ascending. */
static void
unrank(const pdn_solver *s, size_t r, int n, int *sq)
{
    for (int i = n - 1; i >= 0; i--) {
        int q = i;
        while (s->choose[q + 1][i + 1] <= r)
            q++;
        sq[i] = q;
        r -= s->choose[q][i + 1];
    }
}

/* The index of @b in @t. */
static size_t
index_of(const pdn_solver *s, const table *t, const pdn_board *b)
{
    pdn_bb sets[KINDS] = {
        b->pieces[PDN_WHITE] & ~b->kings, b->pieces[PDN_WHITE] & b->kings,
        b->pieces[PDN_BLACK] & ~b->kings, b->pieces[PDN_BLACK] & b->kings};
    size_t index = 0;
    for (int k = 0; k < KINDS; k++) {
        int sq[PDN_SOLVER_MAX_PIECES], n = 0;
        for (pdn_bb q = sets[k]; q; q &= q - 1)
            sq[n++] = pdn_bb_index_of_bit(pdn_bb_lowest(q));
        index = index * t->count[k] + rank_of(s, sq, n);
    }
    return index * 2 + (size_t)b->side;
}

/* The position of index @i in @t, or false for an unused index. */
static bool
board_of(const pdn_solver *s, const table *t, size_t i, pdn_board *b)
{
    *b = pdn_board_empty((pdn_color)(i & 1));
    i >>= 1;
    size_t r[KINDS];
    for (int k = KINDS - 1; k >= 0; k--) {
        r[k] = i % t->count[k];
        i /= t->count[k];
    }
    pdn_bb all = 0;
    for (int k = 0; k < KINDS; k++) {
        int sq[PDN_SOLVER_MAX_PIECES];
        unrank(s, r[k], t->n[k], sq);
        for (int j = 0; j < t->n[k]; j++) {
            /* a man never stands where it would be crowned */
            if ((k == 0 && sq[j] >= 28) || (k == 2 && sq[j] < 4))
                return false;
            pdn_bb bit = (pdn_bb)1 << pdn_bb_bit_of_index(sq[j]);
            if (all & bit)
                return false;
            all |= bit;
            b->pieces[k < 2 ? PDN_WHITE : PDN_BLACK] |= bit;
            if (k == 1 || k == 3)
                b->kings |= bit;
        }
    }
    return true;
}

/* The table of @b's material, or NULL. */
static const table *
table_for(const pdn_solver *s, const pdn_board *b)
{
    int n[KINDS] = {pdn_bb_count(b->pieces[PDN_WHITE] & ~b->kings),
                    pdn_bb_count(b->pieces[PDN_WHITE] & b->kings),
                    pdn_bb_count(b->pieces[PDN_BLACK] & ~b->kings),
                    pdn_bb_count(b->pieces[PDN_BLACK] & b->kings)};
    if (n[0] + n[1] + n[2] + n[3] > s->pieces)
        return NULL;
    return s->tables[group_of(n)];
}

/* The value of @b: a side with nothing left, to move, has lost in 0. */
static int
value_of(const pdn_solver *s, const pdn_board *b)
{
    if (!b->pieces[b->side])
        return -1;
    const table *t = table_for(s, b);
    return t ? t->value[index_of(s, t, b)] : 0;
}

/* ---- Solving ---- */

/* Decides position @i (board @b) of @t at step @d if it can. */
static void
step_one(pdn_solver *s, table *t, int d, size_t i, const pdn_board *b,
         bool *changed)
{
    pdn_move moves[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(s->v, b, moves);
    if (d == 0) {
        if (n <= 0) {
            t->value[i] = -1;
            *changed = true;
        }
        return;
    }
    bool win = false, all_won = true;
    int longest = 0;
    for (int m = 0; m < n && !win; m++) {
        pdn_board c;
        pdn_board_after(b, &moves[m], &c);
        int v = value_of(s, &c);
        if (v == -d) /* lost in d - 1 for the other side */
            win = true;
        if (v <= 0)
            all_won = false;
        else if (v > longest)
            longest = v;
    }
    if (win) {
        t->value[i] = (int16_t)d;
        *changed = true;
    } else if (all_won && longest == d - 1) {
        t->value[i] = (int16_t) - (d + 1);
        *changed = true;
    }
}

/* Step @d of solving @t: decides what is won or lost in exactly @d
 * plies, among the @n undecided positions of @open (which keeps those
 * still undecided); whether anything was decided. */
static bool
step(pdn_solver *s, table *t, int d, size_t *open, size_t *n_open)
{
    bool changed = false;
    size_t keep = 0;
    for (size_t k = 0; k < *n_open; k++) {
        size_t i = open[k];
        pdn_board b;
        board_of(s, t, i, &b);
        step_one(s, t, d, i, &b, &changed);
        if (t->value[i] == 0)
            open[keep++] = i;
    }
    *n_open = keep;
    return changed;
}
static void
solve(pdn_solver *s, const int n[KINDS])
{
    table *t = pdn_xcalloc(1, sizeof *t);
    t->size = 2;
    for (int k = 0; k < KINDS; k++) {
        t->n[k] = n[k];
        t->count[k] = binomial(32, n[k]);
        t->size *= t->count[k];
    }
    t->value = pdn_xcalloc(t->size, sizeof *t->value);
    s->tables[group_of(n)] = t;
    size_t *open = pdn_xmalloc(t->size * sizeof *open), n_open = 0;
    for (size_t i = 0; i < t->size; i++) {
        pdn_board b;
        if (board_of(s, t, i, &b))
            open[n_open++] = i;
    }
    step(s, t, 0, open, &n_open);
    int d = 1, last = 0;
    for (; d < 30000 && n_open > 0; d++) {
        if (step(s, t, d, open, &n_open))
            last = d;
        else if (d > s->longest + 1)
            break;
    }
    if (last > s->longest)
        s->longest = last;
    free(open);
}

pdn_solver *
pdn_solver_new(const pdn_variant *v, int pieces)
{
    if (pieces < 2 || pieces > PDN_SOLVER_MAX_PIECES)
        return NULL;
    pdn_solver *s = pdn_xcalloc(1, sizeof *s);
    s->v = v;
    s->pieces = pieces;
    for (int n = 0; n <= 32; n++)
        for (int k = 0; k <= PDN_SOLVER_MAX_PIECES; k++)
            s->choose[n][k] = binomial(n, k);
    /* Fewest pieces first; then fewest men, as a promotion leads to one
     * man fewer. */
    for (int total = 2; total <= pieces; total++)
        for (int men = 0; men <= total; men++)
            for (int wm = 0; wm <= men; wm++)
                for (int wk = 0; wk <= total - men; wk++) {
                    int n[KINDS] = {wm, wk, men - wm, total - men - wk};
                    if (n[0] + n[1] > 0 && n[2] + n[3] > 0)
                        solve(s, n);
                }
    return s;
}

void
pdn_solver_free(pdn_solver *s)
{
    if (!s)
        return;
    for (int g = 0; g < GROUPS; g++)
        if (s->tables[g]) {
            free(s->tables[g]->value);
            free(s->tables[g]);
        }
    free(s);
}

pdn_solved
pdn_solver_probe(const pdn_solver *s, const pdn_board *b, int *plies)
{
    int n = pdn_bb_count(b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK]);
    if (n > s->pieces)
        return PDN_SOLVED_UNKNOWN;
    int v = value_of(s, b);
    if (plies)
        *plies = v > 0 ? v : v < 0 ? -v - 1 : 0;
    return v > 0 ? PDN_SOLVED_WIN : v < 0 ? PDN_SOLVED_LOSS : PDN_SOLVED_DRAW;
}

size_t
pdn_solver_size(const pdn_solver *s)
{
    size_t n = 0;
    for (int g = 0; g < GROUPS; g++)
        if (s->tables[g])
            n += s->tables[g]->size;
    return n;
}
