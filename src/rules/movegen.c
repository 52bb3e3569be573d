/* movegen.c -- legal move generation for Italian, Spanish and English
 * draughts on the ghost-square bitboards of bitboard.h (RULES.md 2-6).
 *
 * Captures come first: if the side to move has any, only complete capture
 * sequences are legal, narrowed by the variant's laws.  The laws become one
 * number per sequence, compared as a whole (higher is better):
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
#include "movegen.h"

#include <string.h>

/* ---- Context of one generation ---- */

typedef struct gen {
    pdn_move *out;
    int n;
    int overflow;
    uint32_t best;      /* key of the moves in out[] */
    pdn_capture_law law;
    pdn_bb empty;       /* empty squares, the mover's own square included */
    pdn_bb kings;       /* enemy kings */
    pdn_bb promo;       /* the mover's crowning row */
    int fwd[2];         /* a man's two forward directions */
    pdn_move cur;       /* the sequence being built */
} gen;

static const int all_dirs[4] = {BB_UP_A, BB_UP_B, BB_DOWN_A, BB_DOWN_B};

static inline pdn_bb
bit(int b)
{
    return (pdn_bb)1 << b;
}

static inline int
bit_index(pdn_bb b)
{
    return pdn_bb_lowest(b);
}

/* ---- Recording moves ---- */

static inline void
push(gen *g, const pdn_move *m)
{
    if (g->n >= PDN_MAX_MOVES) {
        g->overflow = 1;
        return;
    }
    g->out[g->n++] = *m;
}

static inline void
push_quiet(gen *g, int from, int to, int flags)
{
    if (g->n >= PDN_MAX_MOVES) {
        g->overflow = 1;
        return;
    }
    pdn_move *m = &g->out[g->n++];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->ncaptured = 0;
    m->flags = (uint8_t)flags;
    m->captured_bb = 0;
}

/* Whether out[] already holds a move taking the same pieces in the same
 * order from and to the same squares (flying kings only). */
static int
is_duplicate(const gen *g, const pdn_move *m)
{
    for (int i = 0; i < g->n; i++) {
        const pdn_move *o = &g->out[i];
        if (o->from == m->from && o->to == m->to &&
            o->ncaptured == m->ncaptured &&
            memcmp(o->captured, m->captured, m->ncaptured) == 0)
            return 1;
    }
    return 0;
}

static uint32_t
law_key(const gen *g, int ncapt, int nkings, uint32_t order, int is_king)
{
    switch (g->law) {
    case PDN_LAW_ITALIAN:
        return (uint32_t)ncapt << 17 | (uint32_t)is_king << 16 |
               (uint32_t)nkings << 12 | order;
    case PDN_LAW_SPANISH:
        return (uint32_t)ncapt << 4 | (uint32_t)nkings;
    default:
        return 0;
    }
}

/* A complete capture sequence of @depth pieces ends on g->cur.landing. */
static void
emit_capture(gen *g, int depth, pdn_bb taken, int nkings, uint32_t order,
             int dedupe)
{
    int is_king = (g->cur.flags & PDN_MOVE_KING) != 0;
    uint32_t key = law_key(g, depth, nkings, order, is_king);
    if (g->n > 0 && key < g->best)
        return;
    if (g->n == 0 || key > g->best) {
        g->n = 0;
        g->best = key;
    }
    pdn_move *m = &g->cur;
    m->ncaptured = (uint8_t)depth;
    m->to = m->landing[depth - 1];
    m->captured_bb = taken;
    m->flags = (uint8_t)(is_king ? PDN_MOVE_KING
                                 : ((bit(m->to) & g->promo) ? PDN_MOVE_PROMOTES
                                                            : 0));
    if (dedupe && is_duplicate(g, m))
        return;
    push(g, m);
}

/* ---- Captures ---- */

/* A man on @sq has taken @depth pieces (@taken); jump on while it can.
 * @prey is what a man may take: enemy pieces, less kings in Italian. */
static void
man_captures(gen *g, pdn_bb sq, pdn_bb prey, int depth, pdn_bb taken,
             int nkings, uint32_t order)
{
    int found = 0;
    if (!(sq & g->promo) || depth == 0) {
        for (int i = 0; i < 2; i++) {
            pdn_bb over = pdn_bb_step(sq, g->fwd[i]) & prey & ~taken;
            pdn_bb land = pdn_bb_step(over, g->fwd[i]) & g->empty;
            if (!land)
                continue;
            found = 1;
            int k = (over & g->kings) != 0;
            g->cur.captured[depth] = (uint8_t)bit_index(over);
            g->cur.landing[depth] = (uint8_t)bit_index(land);
            man_captures(g, land, prey, depth + 1, taken | over,
                         nkings + k, order | (uint32_t)k << (11 - depth));
        }
    }
    if (!found && depth > 0)
        emit_capture(g, depth, taken, nkings, order, 0);
}

/* A king moving one square (Italian, English). */
static void
short_king_captures(gen *g, pdn_bb sq, pdn_bb prey, int depth, pdn_bb taken,
                    int nkings, uint32_t order)
{
    int found = 0;
    for (int i = 0; i < 4; i++) {
        pdn_bb over = pdn_bb_step(sq, all_dirs[i]) & prey & ~taken;
        pdn_bb land = pdn_bb_step(over, all_dirs[i]) & g->empty;
        if (!land)
            continue;
        found = 1;
        int k = (over & g->kings) != 0;
        g->cur.captured[depth] = (uint8_t)bit_index(over);
        g->cur.landing[depth] = (uint8_t)bit_index(land);
        short_king_captures(g, land, prey, depth + 1, taken | over,
                            nkings + k, order | (uint32_t)k << (11 - depth));
    }
    if (!found && depth > 0)
        emit_capture(g, depth, taken, nkings, order, 0);
}

/* A flying king (Spanish): any distance to the piece, any landing beyond. */
static void
flying_king_captures(gen *g, pdn_bb sq, pdn_bb prey, int depth,
                     pdn_bb taken, int nkings, uint32_t order)
{
    int found = 0;
    for (int i = 0; i < 4; i++) {
        int d = all_dirs[i];
        pdn_bb over = pdn_bb_step(sq, d);
        while (over & g->empty)
            over = pdn_bb_step(over, d);
        over &= prey & ~taken;
        pdn_bb land = pdn_bb_step(over, d) & g->empty;
        if (!land)
            continue;
        found = 1;
        int k = (over & g->kings) != 0;
        g->cur.captured[depth] = (uint8_t)bit_index(over);
        for (; land; land = pdn_bb_step(land, d) & g->empty) {
            g->cur.landing[depth] = (uint8_t)bit_index(land);
            flying_king_captures(g, land, prey, depth + 1, taken | over,
                                 nkings + k,
                                 order | (uint32_t)k << (11 - depth));
        }
    }
    if (!found && depth > 0)
        emit_capture(g, depth, taken, nkings, order, 1);
}

/* Whether any man of @men can take a piece of @prey. */
static inline pdn_bb
men_can_capture(const gen *g, pdn_bb men, pdn_bb prey)
{
    pdn_bb r = 0;
    for (int i = 0; i < 2; i++)
        r |= pdn_bb_step(pdn_bb_step(men, g->fwd[i]) & prey, g->fwd[i]);
    return r & g->empty;
}

static inline pdn_bb
short_kings_can_capture(const gen *g, pdn_bb kings, pdn_bb prey)
{
    pdn_bb r = 0;
    for (int i = 0; i < 4; i++)
        r |= pdn_bb_step(pdn_bb_step(kings, all_dirs[i]) & prey,
                         all_dirs[i]);
    return r & g->empty;
}

static inline pdn_bb
flying_kings_can_capture(const gen *g, pdn_bb kings, pdn_bb prey)
{
    pdn_bb r = 0;
    for (int i = 0; i < 4; i++) {
        int d = all_dirs[i];
        pdn_bb ray = kings, f = kings;
        while ((f = pdn_bb_step(f, d) & g->empty))
            ray |= f;
        r |= pdn_bb_step(pdn_bb_step(ray, d) & prey, d);
    }
    return r & g->empty;
}

/* ---- Quiet moves ---- */

static void
men_quiet(gen *g, pdn_bb men)
{
    for (int i = 0; i < 2; i++) {
        int d = g->fwd[i];
        for (pdn_bb to = pdn_bb_step(men, d) & g->empty; to; to &= to - 1) {
            int t = bit_index(to);
            push_quiet(g, t - d, t,
                       (bit(t) & g->promo) ? PDN_MOVE_PROMOTES : 0);
        }
    }
}

static void
kings_quiet(gen *g, pdn_bb kings, int flying)
{
    for (int i = 0; i < 4; i++) {
        int d = all_dirs[i];
        pdn_bb to = pdn_bb_step(kings, d) & g->empty;
        for (int dist = 1; to; dist++) {
            for (pdn_bb t = to; t; t &= t - 1) {
                int s = bit_index(t);
                push_quiet(g, s - d * dist, s, PDN_MOVE_KING);
            }
            if (!flying)
                break;
            to = pdn_bb_step(to, d) & g->empty;
        }
    }
}

/* ---- Entry points ---- */

static void
gen_init(gen *g, const pdn_variant *v, const pdn_board *b, pdn_move *out)
{
    pdn_color us = b->side, them = pdn_color_other(us);
    g->out = out;
    g->n = 0;
    g->overflow = 0;
    g->best = 0;
    g->law = v->law;
    g->empty = BB_PLAYABLE & ~(b->pieces[us] | b->pieces[them]);
    g->kings = b->kings & b->pieces[them];
    g->promo = us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1;
    g->fwd[0] = us == PDN_WHITE ? BB_UP_A : BB_DOWN_A;
    g->fwd[1] = us == PDN_WHITE ? BB_UP_B : BB_DOWN_B;
}

/* What the men of @v may take among @enemy. */
static inline pdn_bb
men_prey(const pdn_variant *v, const pdn_board *b, pdn_bb enemy)
{
    return v->men_capture_kings ? enemy : enemy & ~b->kings;
}

static int
any_capture(const gen *g, const pdn_variant *v, const pdn_board *b)
{
    pdn_color us = b->side;
    pdn_bb enemy = b->pieces[pdn_color_other(us)];
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    if (men_can_capture(g, men, men_prey(v, b, enemy)))
        return 1;
    if (!kings)
        return 0;
    return (v->flying_kings ? flying_kings_can_capture(g, kings, enemy)
                            : short_kings_can_capture(g, kings, enemy)) != 0;
}

static void
all_captures(gen *g, const pdn_variant *v, const pdn_board *b)
{
    pdn_color us = b->side;
    pdn_bb enemy = b->pieces[pdn_color_other(us)];
    pdn_bb prey = men_prey(v, b, enemy);
    for (pdn_bb p = b->pieces[us]; p; p &= p - 1) {
        pdn_bb sq = p & -p;
        g->cur.from = (uint8_t)bit_index(sq);
        g->empty |= sq; /* the mover's square is free while it travels */
        if (!(sq & b->kings)) {
            g->cur.flags = 0;
            man_captures(g, sq, prey, 0, 0, 0, 0);
        } else {
            g->cur.flags = PDN_MOVE_KING;
            if (v->flying_kings)
                flying_king_captures(g, sq, enemy, 0, 0, 0, 0);
            else
                short_king_captures(g, sq, enemy, 0, 0, 0, 0);
        }
        g->empty &= ~sq;
    }
}

int
pdn_movegen_legal(const pdn_variant *v, const pdn_board *b, pdn_move *out)
{
    gen g;
    gen_init(&g, v, b, out);
    if (any_capture(&g, v, b)) {
        all_captures(&g, v, b);
    } else {
        pdn_bb own = b->pieces[b->side];
        men_quiet(&g, own & ~b->kings);
        kings_quiet(&g, own & b->kings, v->flying_kings);
    }
    return g.overflow ? -1 : g.n;
}

/* Number of quiet moves of kings, counted along rays. */
static int
count_kings_quiet(const gen *g, pdn_bb kings, int flying)
{
    int n = 0;
    for (int i = 0; i < 4; i++) {
        pdn_bb to = pdn_bb_step(kings, all_dirs[i]) & g->empty;
        n += pdn_bb_count(to);
        if (flying)
            while ((to = pdn_bb_step(to, all_dirs[i]) & g->empty))
                n += pdn_bb_count(to);
    }
    return n;
}

int
pdn_movegen_count(const pdn_variant *v, const pdn_board *b)
{
    gen g;
    gen_init(&g, v, b, NULL);
    if (any_capture(&g, v, b)) {
        pdn_move list[PDN_MAX_MOVES];
        g.out = list;
        all_captures(&g, v, b);
        return g.overflow ? -1 : g.n;
    }
    pdn_bb own = b->pieces[b->side];
    pdn_bb men = own & ~b->kings;
    int n = pdn_bb_count(pdn_bb_step(men, g.fwd[0]) & g.empty) +
            pdn_bb_count(pdn_bb_step(men, g.fwd[1]) & g.empty);
    return n + count_kings_quiet(&g, own & b->kings, v->flying_kings);
}

bool
pdn_movegen_has_capture(const pdn_variant *v, const pdn_board *b)
{
    gen g;
    gen_init(&g, v, b, NULL);
    return any_capture(&g, v, b);
}
