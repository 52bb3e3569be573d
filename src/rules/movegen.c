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
    pdn_move *out; /* moves, or NULL: counts (deltas: see
                      short_capture_deltas()) */
    int n;
    int overflow;
    uint32_t best;      /* key of the moves in out[] */
    pdn_capture_law law;
    pdn_bb empty;       /* empty squares, the mover's own square included */
    pdn_bb kings;       /* enemy kings */
    pdn_bb promo;       /* the mover's crowning row */
    pdn_color us;       /* side to move */
    pdn_move cur;       /* the sequence being built */
} gen;

#define INLINE static inline __attribute__((always_inline))

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

/* A sequence's worth under @law (the table at the top of this file). */
INLINE uint32_t
law_key_of(pdn_capture_law law, int ncapt, int nkings, uint32_t order,
           int is_king)
{
    switch (law) {
    case PDN_LAW_ITALIAN:
        return (uint32_t)ncapt << 17 | (uint32_t)is_king << 16 |
               (uint32_t)nkings << 12 | order;
    case PDN_LAW_SPANISH:
        return (uint32_t)ncapt << 4 | (uint32_t)nkings;
    default:
        return 0;
    }
}

static uint32_t
law_key(const gen *g, int ncapt, int nkings, uint32_t order, int is_king)
{
    return law_key_of(g->law, ncapt, nkings, order, is_king);
}

/* Writes capture @i of @l. */
static inline void
put_capture(pdn_delta_list *l, int i, pdn_bb mover, pdn_bb taken,
            pdn_bb kings)
{
    l->mover[i] = mover;
    l->taken[i] = taken;
    l->kings[i] = kings;
}

/* Writes quiet move @i of @l. */
static inline void
put_quiet(pdn_delta_list *l, int i, pdn_bb mover, pdn_bb kings)
{
    l->mover[i] = mover;
    l->kings[i] = kings;
}

/* Writes capture @m (@kings the enemy kings) as move @i of @l. */
static inline void
delta_of(const pdn_move *m, pdn_bb kings, pdn_delta_list *l, int i)
{
    pdn_bb from = bit(m->from), to = bit(m->to);
    put_capture(l, i, from ^ to, /* empty for a circle */
                m->captured_bb,
                (m->captured_bb & kings) |
                    ((m->flags & PDN_MOVE_KING)       ? from ^ to
                     : (m->flags & PDN_MOVE_PROMOTES) ? to
                                                      : 0));
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

static void short_captures(gen *g, pdn_bb sq, pdn_bb prey, int kind,
                           int depth, pdn_bb taken, int nkings,
                           uint32_t order);

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
        found |= short_jump(g, sq, prey, kind, BB_UP_A, depth, taken, nkings,
                            order);
        found |= short_jump(g, sq, prey, kind, BB_UP_B, depth, taken, nkings,
                            order);
    }
    if (kind != JUMP_UP) {
        found |= short_jump(g, sq, prey, kind, BB_DOWN_A, depth, taken,
                            nkings, order);
        found |= short_jump(g, sq, prey, kind, BB_DOWN_B, depth, taken,
                            nkings, order);
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

/* ---- Specialised entry points ----
 *
 * The functions below are instantiated for each variant and side, so that
 * every direction is a constant shift and every rule a constant branch.
 */

#define FWD_A(us) ((us) == PDN_WHITE ? BB_UP_A : BB_DOWN_A)
#define FWD_B(us) ((us) == PDN_WHITE ? BB_UP_B : BB_DOWN_B)
#define FLYING(id) ((id) == PDN_SPANISH)
#define MEN_TAKE_KINGS(id) ((id) != PDN_ITALIAN)
#define LAW(id)                                                                \
    ((id) == PDN_ITALIAN   ? PDN_LAW_ITALIAN                                   \
     : (id) == PDN_SPANISH ? PDN_LAW_SPANISH                                   \
                           : PDN_LAW_FREE)

/* Squares from which a piece can jump @prey in direction @d. */
INLINE pdn_bb
jumpers(pdn_bb empty, pdn_bb prey, int d)
{
    return pdn_bb_step(pdn_bb_step(empty, -d) & prey, -d);
}

INLINE pdn_bb
men_capturers(pdn_bb men, pdn_bb prey, pdn_bb empty, pdn_color us)
{
    return men & (jumpers(empty, prey, FWD_A(us)) |
                  jumpers(empty, prey, FWD_B(us)));
}

INLINE pdn_bb
short_king_capturers(pdn_bb kings, pdn_bb prey, pdn_bb empty)
{
    return kings & (jumpers(empty, prey, BB_UP_A) |
                    jumpers(empty, prey, BB_UP_B) |
                    jumpers(empty, prey, BB_DOWN_A) |
                    jumpers(empty, prey, BB_DOWN_B));
}

/* Squares reached by sliding from @from through @empty in direction @d. */
INLINE pdn_bb
slide(pdn_bb from, pdn_bb empty, int d)
{
    pdn_bb ray = 0;
    for (pdn_bb f = pdn_bb_step(from, d) & empty; f;
         f = pdn_bb_step(f, d) & empty)
        ray |= f;
    return ray;
}

INLINE int
flying_kings_can_capture(pdn_bb kings, pdn_bb prey, pdn_bb empty)
{
    for (int i = 0; i < 4; i++) {
        int d = all_dirs[i];
        pdn_bb reach = kings | slide(kings, empty, d);
        if (pdn_bb_step(pdn_bb_step(reach, d) & prey, d) & empty)
            return 1;
    }
    return 0;
}

/* The pieces of the side to move that have a capture. */
INLINE pdn_bb
capturers(const pdn_board *b, pdn_variant_id id, pdn_color us)
{
    pdn_bb enemy = b->pieces[!us];
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    pdn_bb prey = MEN_TAKE_KINGS(id) ? enemy : enemy & ~b->kings;
    pdn_bb r = men_capturers(men, prey, empty, us);
    if (!kings)
        return r;
    if (FLYING(id))
        return r | (flying_kings_can_capture(kings, enemy, empty) ? kings : 0);
    return r | short_king_capturers(kings, enemy, empty);
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

/* ---- The common case: single jumps by men ----
 *
 * When no king can capture and no man's jump can go on, every capture is
 * one man jumping one piece, and each landing square names one move: the
 * moves are counted and listed from two sets, without a search.  A man's
 * further jumps go forward only, so neither the piece it has just taken nor
 * the square it has left can matter to them.
 */

typedef struct jumps {
    pdn_bb land[2]; /* landing squares, by forward direction */
} jumps;

/* Where men of @men land jumping @prey in direction @d. */
INLINE pdn_bb
landings(pdn_bb men, pdn_bb prey, pdn_bb empty, int d)
{
    return pdn_bb_step(pdn_bb_step(men, d) & prey, d) & empty;
}

/* Fills @j and returns 1 when every capture is a man's single jump. */
INLINE int
simple_jumps(const pdn_board *b, pdn_variant_id id, pdn_color us, jumps *j)
{
    pdn_bb enemy = b->pieces[!us];
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    pdn_bb prey = MEN_TAKE_KINGS(id) ? enemy : enemy & ~b->kings;
    if (kings && (FLYING(id) ? flying_kings_can_capture(kings, enemy, empty)
                             : short_king_capturers(kings, enemy, empty) != 0))
        return 0;
    j->land[0] = landings(men, prey, empty, FWD_A(us));
    j->land[1] = landings(men, prey, empty, FWD_B(us));
    if ((j->land[0] | j->land[1]) & (jumpers(empty, prey, FWD_A(us)) |
                                     jumpers(empty, prey, FWD_B(us))))
        return 0;
    if (id == PDN_SPANISH) { /* quality: taking a king beats a man */
        pdn_bb royal = prey & b->kings;
        pdn_bb k0 = landings(men, royal, empty, FWD_A(us));
        pdn_bb k1 = landings(men, royal, empty, FWD_B(us));
        if (k0 | k1) {
            j->land[0] = k0;
            j->land[1] = k1;
        }
    }
    return 1;
}

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

/* One step against direction @d, for a set that stays on the board. */
INLINE pdn_bb
back(pdn_bb b, int d)
{
    return d > 0 ? b >> d : b << -d;
}

/* The same moves as deltas; at most 2 x 32, so no overflow. */
INLINE int
push_jump_deltas(pdn_delta_list *l, const jumps *j, pdn_bb kings,
                 pdn_color us)
{
    pdn_bb promo = us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1;
    int n = 0;
    for (int i = 0; i < 2; i++) {
        int d = i == 0 ? FWD_A(us) : FWD_B(us);
        for (pdn_bb to = j->land[i]; to; to &= to - 1) {
            pdn_bb t = to & -to, over = back(t, d);
            put_capture(l, n++, t | back(over, d), over,
                        (t & promo) | (over & kings));
        }
    }
    return n;
}

/* ---- Captures as deltas, without a recursion ----
 *
 * The search lists captures as deltas (deltas_impl()) by the walk of
 * short_captures(), with the variant and the side as constants and a
 * stack of the sequences still to extend instead of calls: the same
 * sequences in the same order, filtered by the same law, written straight
 * into the list.  A position's jumps are found all at once, and pushed
 * last direction first, so that the first direction's sequences are
 * extended (and listed) first.  Flying kings keep the recursion (they
 * must merge repeated moves).
 */

/* A sequence still to extend, or to list (@done: a man crowned). */
typedef struct jump_seq {
    pdn_bb sq, prey, taken; /* where it stands, what it may take, took */
    uint32_t order;
    uint8_t depth, nkings, done;
} jump_seq;

/* What a list of capture deltas is being built with. */
typedef struct jump_list {
    pdn_delta_list *out;
    int n, overflow;
    uint32_t best;      /* law_key() of the moves in the list */
    pdn_bb enemy_kings; /* the other side's */
    pdn_bb promo;       /* the mover's crowning row */
    int top;
    jump_seq stack[4 * (PDN_MAX_CAPTURES + 1)];
} jump_list;

/* emit_capture() of sequence @s of the piece from @from (a king if
 * @is_king). */
INLINE void
emit_jump_delta(jump_list *j, pdn_capture_law law, const jump_seq *s,
                pdn_bb from, int is_king)
{
    uint32_t key = law_key_of(law, s->depth, s->nkings, s->order, is_king);
    if (j->n > 0 && key < j->best)
        return;
    if (j->n == 0 || key > j->best) {
        j->n = 0;
        j->best = key;
    }
    if (j->n >= PDN_MAX_MOVES) {
        j->overflow = 1;
        return;
    }
    pdn_bb to = s->sq, fromto = from ^ to; /* empty for a circle */
    put_capture(j->out, j->n++, fromto, s->taken,
                (s->taken & j->enemy_kings) | (is_king           ? fromto
                                               : (to & j->promo) ? to
                                                                 : 0));
}

/* Pushes sequence @s extended by the jump over @over to @land. */
INLINE void
push_jump(jump_list *j, const jump_seq *s, pdn_bb over, pdn_bb land,
          int is_king)
{
    int k = (over & j->enemy_kings) != 0;
    jump_seq *t = &j->stack[j->top++];
    t->sq = land;
    t->prey = s->prey & ~over;
    t->taken = s->taken | over;
    t->order = s->order | (uint32_t)k << (11 - s->depth);
    t->depth = (uint8_t)(s->depth + 1);
    t->nkings = (uint8_t)(s->nkings + k);
    t->done = !is_king && (land & j->promo); /* crowned: the move ends */
}

/* The captures of @movers (men and short kings of @b's side to move @us)
 * into @out, as all_captures() lists them; how many, or -1. */
INLINE int
short_capture_deltas(const pdn_board *b, pdn_bb movers, pdn_delta_list *out,
                     pdn_variant_id id, pdn_color us)
{
    /* short_captures()'s directions: a man's forward two, a king's four,
     * pushed in reverse */
    const int a = FWD_A(us), bb = FWD_B(us);
    pdn_bb enemy = b->pieces[!us];
    pdn_bb men_prey = MEN_TAKE_KINGS(id) ? enemy : enemy & ~b->kings;
    pdn_bb empty0 = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_capture_law law = LAW(id);
    jump_list j;
    j.out = out;
    j.n = 0;
    j.overflow = 0;
    j.best = 0;
    j.enemy_kings = enemy & b->kings;
    j.promo = us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1;
    for (pdn_bb p = movers; p; p &= p - 1) {
        pdn_bb from = p & -p;
        pdn_bb empty = empty0 | from; /* free while the piece travels */
        int is_king = (from & b->kings) != 0;
        j.stack[0] =
            (jump_seq){from, is_king ? enemy : men_prey, 0, 0, 0, 0, 0};
        j.top = 1;
        while (j.top > 0) {
            jump_seq s = j.stack[--j.top];
            if (s.done) {
                emit_jump_delta(&j, law, &s, from, is_king);
                continue;
            }
            if (!is_king) {
                pdn_bb over_a = pdn_bb_step(s.sq, a) & s.prey;
                pdn_bb land_a = pdn_bb_step(over_a, a) & empty;
                pdn_bb over_b = pdn_bb_step(s.sq, bb) & s.prey;
                pdn_bb land_b = pdn_bb_step(over_b, bb) & empty;
                if (!(land_a | land_b)) {
                    if (s.depth > 0)
                        emit_jump_delta(&j, law, &s, from, 0);
                    continue;
                }
                if (land_b)
                    push_jump(&j, &s, over_b, land_b, 0);
                if (land_a)
                    push_jump(&j, &s, over_a, land_a, 0);
                continue;
            }
            int found = 0;
            for (int i = 3; i >= 0; i--) {
                int d = all_dirs[i];
                pdn_bb over = pdn_bb_step(s.sq, d) & s.prey;
                pdn_bb land = pdn_bb_step(over, d) & empty;
                if (land) {
                    push_jump(&j, &s, over, land, 1);
                    found = 1;
                }
            }
            if (!found && s.depth > 0)
                emit_jump_delta(&j, law, &s, from, 1);
        }
    }
    return j.overflow ? -1 : j.n;
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
men_quiet_deltas(pdn_delta_list *l, int n, pdn_bb men, pdn_bb empty,
                 pdn_color us, int d)
{
    pdn_bb promo = us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1;
    for (pdn_bb to = pdn_bb_step(men, d) & empty; to; to &= to - 1) {
        pdn_bb t = to & -to;
        put_quiet(l, n++, t | back(t, d), t & promo);
    }
    return n;
}

INLINE int
kings_quiet_deltas(pdn_delta_list *l, int n, pdn_bb kings, pdn_bb empty,
                   int flying, int d)
{
    pdn_bb to = pdn_bb_step(kings, d) & empty;
    for (int dist = 1; to; dist++) {
        for (pdn_bb t = to; t; t &= t - 1) {
            pdn_bb ft = (t & -t) | back(t & -t, d * dist);
            put_quiet(l, n++, ft, ft);
        }
        if (!flying)
            break;
        to = pdn_bb_step(to, d) & empty;
    }
    return n;
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
legal_impl(const pdn_board *b, pdn_move *out, pdn_variant_id id,
           pdn_color us)
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

/* Flying kings' captures, listed as moves to merge repeats, then turned
 * into deltas. */
static int
flying_capture_deltas(const pdn_board *b, pdn_bb movers, pdn_delta_list *out)
{
    gen g;
    pdn_move list[PDN_MAX_MOVES];
    gen_init(&g, b, PDN_SPANISH, list);
    all_captures(&g, b, PDN_SPANISH, movers);
    if (g.overflow)
        return -1;
    for (int i = 0; i < g.n; i++)
        delta_of(&list[i], g.kings, out, i);
    return g.n;
}

/* The deltas of @b, given what the caller knows of its moves (@known):
 * PDN_MOVES_CAPTURE, it has a capture, and the common case (single jumps)
 * is tried without asking which pieces capture; PDN_MOVES_QUIET, it has
 * none, and the capturers are not looked for; PDN_MOVES_NONE, nothing. */
INLINE int
deltas_impl(const pdn_board *b, pdn_delta_list *out, pdn_variant_id id,
            pdn_color us, pdn_moves_kind known)
{
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    jumps j;
    if (known == PDN_MOVES_CAPTURE && simple_jumps(b, id, us, &j)) {
        out->captures = true;
        return push_jump_deltas(out, &j, b->kings, us);
    }
    pdn_bb movers = known == PDN_MOVES_QUIET ? 0 : capturers(b, id, us);
    out->captures = movers != 0;
    if (movers) {
        if (known != PDN_MOVES_CAPTURE && simple_jumps(b, id, us, &j))
            return push_jump_deltas(out, &j, b->kings, us);
        if (FLYING(id))
            return flying_capture_deltas(b, movers, out);
        return short_capture_deltas(b, movers, out, id, us);
    }
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    int n = men_quiet_deltas(out, 0, men, empty, us, FWD_A(us));
    n = men_quiet_deltas(out, n, men, empty, us, FWD_B(us));
    if (kings)
        for (int i = 0; i < 4; i++)
            n = kings_quiet_deltas(out, n, kings, empty, FLYING(id),
                                   all_dirs[i]);
    return n;
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

/* One generator of deltas per variant, side and what is known of the
 * moves, each compiled apart so that it holds only the registers it
 * needs. */
#define DELTAS(name, id, us)                                                   \
    static int deltas_##name(const pdn_board *b, pdn_delta_list *out)          \
    {                                                                          \
        return deltas_impl(b, out, id, us, PDN_MOVES_NONE);                    \
    }                                                                          \
    static int quiets_##name(const pdn_board *b, pdn_delta_list *out)          \
    {                                                                          \
        return deltas_impl(b, out, id, us, PDN_MOVES_QUIET);                   \
    }                                                                          \
    static int captures_##name(const pdn_board *b, pdn_delta_list *out)        \
    {                                                                          \
        return deltas_impl(b, out, id, us, PDN_MOVES_CAPTURE);                 \
    }
DELTAS(italian_white, PDN_ITALIAN, PDN_WHITE)
DELTAS(italian_black, PDN_ITALIAN, PDN_BLACK)
DELTAS(spanish_white, PDN_SPANISH, PDN_WHITE)
DELTAS(spanish_black, PDN_SPANISH, PDN_BLACK)
DELTAS(english_white, PDN_ENGLISH, PDN_WHITE)
DELTAS(english_black, PDN_ENGLISH, PDN_BLACK)

/* By what is known (pdn_moves_kind), variant and side. */
#define DELTAS_FNS(prefix)                                                     \
    {                                                                          \
        [PDN_ITALIAN] = {prefix##_italian_white, prefix##_italian_black},      \
        [PDN_SPANISH] = {prefix##_spanish_white, prefix##_spanish_black},      \
        [PDN_ENGLISH] = {prefix##_english_white, prefix##_english_black},      \
    }
static const pdn_movegen_deltas_fn deltas_fns[3][PDN_VARIANT_COUNT][2] = {
    [PDN_MOVES_NONE] = DELTAS_FNS(deltas),
    [PDN_MOVES_QUIET] = DELTAS_FNS(quiets),
    [PDN_MOVES_CAPTURE] = DELTAS_FNS(captures),
};

pdn_movegen_deltas_fn
pdn_movegen_deltas_for(const pdn_variant *v, pdn_color side)
{
    return deltas_fns[PDN_MOVES_NONE][v->id][side];
}

pdn_movegen_deltas_fn
pdn_movegen_deltas_known_for(const pdn_variant *v, pdn_color side,
                             pdn_moves_kind known)
{
    return deltas_fns[known][v->id][side];
}

int
pdn_movegen_deltas(const pdn_variant *v, const pdn_board *b,
                   pdn_delta_list *out)
{
    return deltas_fns[PDN_MOVES_NONE][v->id][b->side](b, out);
}

int
pdn_movegen_count(const pdn_variant *v, const pdn_board *b)
{
    DISPATCH(count_impl, v, b, )
}

INLINE pdn_moves_kind
kind_impl(const pdn_board *b, pdn_variant_id id, pdn_color us)
{
    if (capturers(b, id, us))
        return PDN_MOVES_CAPTURE;
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    /* A flying king's first step is a short king's step. */
    pdn_bb to = pdn_bb_step(men, FWD_A(us)) | pdn_bb_step(men, FWD_B(us));
    if (kings)
        to |= pdn_bb_step(kings, BB_UP_A) | pdn_bb_step(kings, BB_UP_B) |
              pdn_bb_step(kings, BB_DOWN_A) | pdn_bb_step(kings, BB_DOWN_B);
    return to & empty ? PDN_MOVES_QUIET : PDN_MOVES_NONE;
}

#define KIND(name, id, us)                                                     \
    static pdn_moves_kind kind_##name(const pdn_board *b)                      \
    {                                                                          \
        return kind_impl(b, id, us);                                           \
    }
KIND(italian_white, PDN_ITALIAN, PDN_WHITE)
KIND(italian_black, PDN_ITALIAN, PDN_BLACK)
KIND(spanish_white, PDN_SPANISH, PDN_WHITE)
KIND(spanish_black, PDN_SPANISH, PDN_BLACK)
KIND(english_white, PDN_ENGLISH, PDN_WHITE)
KIND(english_black, PDN_ENGLISH, PDN_BLACK)

static const pdn_movegen_kind_fn kind_fns[PDN_VARIANT_COUNT][2] = {
    [PDN_ITALIAN] = {kind_italian_white, kind_italian_black},
    [PDN_SPANISH] = {kind_spanish_white, kind_spanish_black},
    [PDN_ENGLISH] = {kind_english_white, kind_english_black},
};

pdn_movegen_kind_fn
pdn_movegen_kind_for(const pdn_variant *v, pdn_color side)
{
    return kind_fns[v->id][side];
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
