/* movegen.c -- legal moves as pdn_move records for Italian, Spanish and
 * English draughts on the ghost-square bitboards of bitboard.h (RULES.md
 * 2-6): the recursive search of capture sequences with their paths, the
 * lists and counts built on it, and the single-jump queries.  Captures come
 * first, ranked by the law keys of movegen_internal.h; the engine's moves
 * as deltas are in movegen_deltas.c.
 */
#include "movegen.h"

#include <string.h>

#include "movegen_internal.h"

/* ---- Context of one generation ---- */

typedef struct gen {
    pdn_move *out; /* moves, or NULL: counts (deltas: see
                      movegen_deltas.c) */
    int n;
    int overflow;
    uint32_t best; /* key of the moves in out[] */
    pdn_capture_law law;
    pdn_bb empty; /* empty squares, the mover's own square included */
    pdn_bb kings; /* enemy kings */
    pdn_bb promo; /* the mover's crowning row */
    pdn_color us; /* side to move */
    pdn_move cur; /* the sequence being built */
} gen;

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

/* No overflow check: even 32 flying kings have fewer than PDN_MAX_MOVES
 * quiet moves (at most 13 each). */
static inline void
push_quiet(gen *g, int from, int to, int flags)
{
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
    return law_key_of(g->law, ncapt, nkings, order, is_king);
}

/* A complete capture sequence of @depth pieces ends on g->cur.landing. */
static inline void
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
    if (!g->out) { /* counting: short paths never repeat */
        g->n++;
        return;
    }
    pdn_move *m = &g->cur;
    m->ncaptured = (uint8_t)depth;
    m->to = m->landing[depth - 1];
    m->captured_bb = taken;
    m->flags =
        (uint8_t)(is_king ? PDN_MOVE_KING
                          : ((bit(m->to) & g->promo) ? PDN_MOVE_PROMOTES : 0));
    if (dedupe && is_duplicate(g, m))
        return;
    push(g, m);
}

/* ---- Captures ---- */

/* What jumps a short piece makes: a man's two forward directions, or a
 * king's four. */
enum { JUMP_UP, JUMP_DOWN, JUMP_KING };

static void short_captures(gen *g, pdn_bb sq, pdn_bb prey, int kind, int depth,
                           pdn_bb taken, int nkings, uint32_t order);

/* One jump from @sq in direction @d, and on from where it lands; whether
 * there was one. */
INLINE int
short_jump(gen *g, pdn_bb sq, pdn_bb prey, int kind, int d, int depth,
           pdn_bb taken, int nkings, uint32_t order)
{
    pdn_bb over = pdn_bb_step(sq, d) & prey;
    pdn_bb land = pdn_bb_step(over, d) & g->empty;
    if (!land)
        return 0;
    int k = (over & g->kings) != 0;
    order |= (uint32_t)k << (11 - depth);
    g->cur.captured[depth] = (uint8_t)bit_index(over);
    g->cur.landing[depth] = (uint8_t)bit_index(land);
    if (kind != JUMP_KING && (land & g->promo))
        emit_capture(g, depth + 1, taken | over, nkings + k, order, 0);
    else
        short_captures(g, land, prey & ~over, kind, depth + 1, taken | over,
                       nkings + k, order);
    return 1;
}

/* A man (@kind JUMP_UP or JUMP_DOWN) or a short king (JUMP_KING) on @sq
 * has taken @depth pieces (@taken); it jumps on while it can, and a man
 * that reaches its crowning row stops there.  @prey is what it may still
 * take. */
static void
short_captures(gen *g, pdn_bb sq, pdn_bb prey, int kind, int depth,
               pdn_bb taken, int nkings, uint32_t order)
{
    /* One statement per jump: the order of the list is the order here. */
    int found = 0;
    if (kind != JUMP_DOWN) {
        found |=
            short_jump(g, sq, prey, kind, BB_UP_A, depth, taken, nkings, order);
        found |=
            short_jump(g, sq, prey, kind, BB_UP_B, depth, taken, nkings, order);
    }
    if (kind != JUMP_UP) {
        found |= short_jump(g, sq, prey, kind, BB_DOWN_A, depth, taken, nkings,
                            order);
        found |= short_jump(g, sq, prey, kind, BB_DOWN_B, depth, taken, nkings,
                            order);
    }
    if (!found && depth > 0)
        emit_capture(g, depth, taken, nkings, order, 0);
}

/* A flying king (Spanish): any distance to the piece, any landing beyond. */
static void
flying_king_captures(gen *g, pdn_bb sq, pdn_bb prey, int depth, pdn_bb taken,
                     int nkings, uint32_t order)
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

static void
all_captures(gen *g, const pdn_board *b, pdn_variant_id id, pdn_bb movers)
{
    pdn_color us = b->side;
    pdn_bb enemy = b->pieces[pdn_color_other(us)];
    pdn_bb prey = MEN_TAKE_KINGS(id) ? enemy : enemy & ~b->kings;
    for (pdn_bb p = movers; p; p &= p - 1) {
        pdn_bb sq = p & -p;
        g->cur.from = (uint8_t)bit_index(sq);
        g->empty |= sq; /* the mover's square is free while it travels */
        if (!(sq & b->kings)) {
            g->cur.flags = 0;
            short_captures(g, sq, prey, us == PDN_WHITE ? JUMP_UP : JUMP_DOWN,
                           0, 0, 0, 0);
        } else {
            g->cur.flags = PDN_MOVE_KING;
            if (FLYING(id))
                flying_king_captures(g, sq, enemy, 0, 0, 0, 0);
            else
                short_captures(g, sq, enemy, JUMP_KING, 0, 0, 0, 0);
        }
        g->empty &= ~sq;
    }
}

/* ---- The common case: single jumps by men (movegen_internal.h) ---- */

INLINE void
push_jumps(gen *g, const jumps *j, pdn_color us)
{
    pdn_bb promo = us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1;
    for (int i = 0; i < 2; i++) {
        int d = i == 0 ? FWD_A(us) : FWD_B(us);
        for (pdn_bb to = j->land[i]; to; to &= to - 1) {
            if (g->n >= PDN_MAX_MOVES) {
                g->overflow = 1;
                return;
            }
            int t = bit_index(to);
            pdn_move *m = &g->out[g->n++];
            m->from = (uint8_t)(t - 2 * d);
            m->to = (uint8_t)t;
            m->ncaptured = 1;
            m->flags = (bit(t) & promo) ? PDN_MOVE_PROMOTES : 0;
            m->captured[0] = (uint8_t)(t - d);
            m->landing[0] = (uint8_t)t;
            m->captured_bb = bit(t - d);
        }
    }
}

/* ---- Quiet moves ---- */

INLINE void
men_quiet(gen *g, pdn_bb men, pdn_color us, int d)
{
    pdn_bb promo = us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1;
    for (pdn_bb to = pdn_bb_step(men, d) & g->empty; to; to &= to - 1) {
        int t = bit_index(to);
        push_quiet(g, t - d, t, (bit(t) & promo) ? PDN_MOVE_PROMOTES : 0);
    }
}

INLINE void
kings_quiet(gen *g, pdn_bb kings, int flying, int d)
{
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

INLINE int
count_kings_quiet(pdn_bb kings, pdn_bb empty, int flying)
{
    int n = 0;
    for (int i = 0; i < 4; i++) {
        int d = all_dirs[i];
        n += pdn_bb_count(flying ? slide(kings, empty, d)
                                 : pdn_bb_step(kings, d) & empty);
    }
    return n;
}

/* ---- Entry points ---- */

INLINE void
gen_init(gen *g, const pdn_board *b, pdn_variant_id id, pdn_move *out)
{
    pdn_color us = b->side;
    g->out = out;
    g->n = 0;
    g->overflow = 0;
    g->best = 0;
    g->law = LAW(id);
    g->empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    g->kings = b->kings & b->pieces[!us];
    g->promo = us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1;
    g->us = us;
}

INLINE int
legal_impl(const pdn_board *b, pdn_move *out, pdn_variant_id id, pdn_color us)
{
    gen g;
    pdn_bb movers = capturers(b, id, us);
    if (movers) {
        jumps j;
        gen_init(&g, b, id, out);
        if (simple_jumps(b, id, us, &j))
            push_jumps(&g, &j, us);
        else
            all_captures(&g, b, id, movers);
        return g.overflow ? -1 : g.n;
    }
    g.out = out;
    g.n = 0;
    g.empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    men_quiet(&g, men, us, FWD_A(us));
    men_quiet(&g, men, us, FWD_B(us));
    if (kings)
        for (int i = 0; i < 4; i++)
            kings_quiet(&g, kings, FLYING(id), all_dirs[i]);
    return g.n;
}

/* The captures of flying kings' side, for movegen_deltas.c. */
int
pdn_movegen_flying_captures(const pdn_board *b, pdn_bb movers, pdn_move *out)
{
    gen g;
    gen_init(&g, b, PDN_SPANISH, out);
    all_captures(&g, b, PDN_SPANISH, movers);
    return g.overflow ? -1 : g.n;
}

INLINE int
count_impl(const pdn_board *b, pdn_variant_id id, pdn_color us)
{
    pdn_bb movers = capturers(b, id, us);
    if (movers) {
        jumps j;
        if (simple_jumps(b, id, us, &j))
            return pdn_bb_count(j.land[0]) + pdn_bb_count(j.land[1]);
        gen g;
        pdn_move list[PDN_MAX_MOVES];
        /* Short paths never repeat a move, so they are only counted;
         * flying kings' moves are listed to merge repeats. */
        gen_init(&g, b, id, FLYING(id) ? list : NULL);
        all_captures(&g, b, id, movers);
        return g.overflow ? -1 : g.n;
    }
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    int n = pdn_bb_count(pdn_bb_step(men, FWD_A(us)) & empty) +
            pdn_bb_count(pdn_bb_step(men, FWD_B(us)) & empty);
    return kings ? n + count_kings_quiet(kings, empty, FLYING(id)) : n;
}

/* Calls F(b, ..., id, side) with id and side as constants. */
#define DISPATCH(F, v, b, ...)                                                 \
    switch ((v)->id * 2 + (int)(b)->side) {                                    \
    case PDN_ITALIAN * 2 + PDN_WHITE:                                          \
        return F(b, __VA_ARGS__ PDN_ITALIAN, PDN_WHITE);                       \
    case PDN_ITALIAN * 2 + PDN_BLACK:                                          \
        return F(b, __VA_ARGS__ PDN_ITALIAN, PDN_BLACK);                       \
    case PDN_SPANISH * 2 + PDN_WHITE:                                          \
        return F(b, __VA_ARGS__ PDN_SPANISH, PDN_WHITE);                       \
    case PDN_SPANISH * 2 + PDN_BLACK:                                          \
        return F(b, __VA_ARGS__ PDN_SPANISH, PDN_BLACK);                       \
    case PDN_ENGLISH * 2 + PDN_WHITE:                                          \
        return F(b, __VA_ARGS__ PDN_ENGLISH, PDN_WHITE);                       \
    default:                                                                   \
        return F(b, __VA_ARGS__ PDN_ENGLISH, PDN_BLACK);                       \
    }

int
pdn_movegen_legal(const pdn_variant *v, const pdn_board *b, pdn_move *out)
{
    DISPATCH(legal_impl, v, b, out, )
}

int
pdn_movegen_count(const pdn_variant *v, const pdn_board *b)
{
    DISPATCH(count_impl, v, b, )
}

bool
pdn_movegen_has_capture(const pdn_variant *v, const pdn_board *b)
{
    return capturers(b, v->id, b->side) != 0;
}

INLINE bool
single_jumps_impl(const pdn_board *b, pdn_bb *land, pdn_variant_id id,
                  pdn_color us)
{
    jumps j;
    if (!simple_jumps(b, id, us, &j))
        return false;
    land[0] = j.land[0];
    land[1] = j.land[1];
    return true;
}

bool
pdn_movegen_single_jumps(const pdn_variant *v, const pdn_board *b,
                         pdn_bb land[2])
{
    DISPATCH(single_jumps_impl, v, b, land, )
}
