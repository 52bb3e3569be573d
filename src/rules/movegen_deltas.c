/* movegen_deltas.c -- the engine's side of move generation (RULES.md 2-6):
 * the legal moves written as the changes they make (pdn_delta_list), in
 * the order pdn_movegen_legal() lists them, by a search without recursion,
 * and the kind of moves of a position, each instantiated per variant, side
 * and what the caller knows and picked once from a table.
 */
#include "movegen.h"

#include "movegen_internal.h"

/* ---- Writing deltas ---- */

/* Writes capture @i of @l. */
static inline void
put_capture(pdn_delta_list *l, int i, pdn_bb mover, pdn_bb taken, pdn_bb kings)
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

/* One step against direction @d, for a set that stays on the board. */
INLINE pdn_bb
back(pdn_bb b, int d)
{
    return d > 0 ? b >> d : b << -d;
}

/* The single jumps of @j as deltas, as push_jumps() of movegen.c lists
 * them; at most 2 x 32, so no overflow. */
INLINE int
push_jump_deltas(pdn_delta_list *l, const jumps *j, pdn_bb kings, pdn_color us)
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
 * short_captures() in movegen.c, with the variant and the side as constants and
 * a stack of the sequences still to extend instead of calls: the same sequences
 * in the same order, filtered by the same law, written straight into the list.
 * A position's jumps are found all at once, and pushed last direction first, so
 * that the first direction's sequences are extended (and listed) first.  Flying
 * kings keep the recursion (they must merge repeated moves).
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
    uint32_t best;      /* law_key_of() of the moves in the list */
    pdn_bb enemy_kings; /* the other side's */
    pdn_bb promo;       /* the mover's crowning row */
    int top;
    jump_seq stack[4 * (PDN_MAX_CAPTURES + 1)];
} jump_list;

/* emit_capture() (movegen.c) of sequence @s of the piece from @from (a king if
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
 * into @out, as all_captures() (movegen.c) lists them; how many, or -1. */
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
                pdn_bb over_a = step(s.sq, a) & s.prey;
                pdn_bb land_a = step(over_a, a) & empty;
                pdn_bb over_b = step(s.sq, bb) & s.prey;
                pdn_bb land_b = step(over_b, bb) & empty;
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
                pdn_bb over = step(s.sq, d) & s.prey;
                pdn_bb land = step(over, d) & empty;
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

/* ---- Quiet moves as deltas ---- */

INLINE int
men_quiet_deltas(pdn_delta_list *l, int n, pdn_bb men, pdn_bb empty,
                 pdn_color us, int d)
{
    pdn_bb promo = us == PDN_WHITE ? BB_RANK_8 : BB_RANK_1;
    for (pdn_bb to = step(men, d) & empty; to; to &= to - 1) {
        pdn_bb t = to & -to;
        put_quiet(l, n++, t | back(t, d), t & promo);
    }
    return n;
}

INLINE int
kings_quiet_deltas(pdn_delta_list *l, int n, pdn_bb kings, pdn_bb empty,
                   int flying, int d)
{
    pdn_bb to = step(kings, d) & empty;
    for (int dist = 1; to; dist++) {
        for (pdn_bb t = to; t; t &= t - 1) {
            pdn_bb ft = (t & -t) | back(t & -t, d * dist);
            put_quiet(l, n++, ft, ft);
        }
        if (!flying)
            break;
        to = step(to, d) & empty;
    }
    return n;
}

/* ---- Entry points ---- */

/* Flying kings' captures, listed as moves to merge repeats, then turned
 * into deltas. */
static int
flying_capture_deltas(const pdn_board *b, pdn_bb movers, pdn_delta_list *out)
{
    pdn_move list[PDN_MAX_MOVES];
    int n = pdn_movegen_flying_captures(b, movers, list);
    pdn_bb kings = b->kings & b->pieces[!b->side];
    for (int i = 0; i < n; i++)
        delta_of(&list[i], kings, out, i);
    return n;
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

/* Instantiates M(name, id, side) for each variant and side. */
#define EACH_VARIANT_SIDE(M)                                                   \
    M(italian_white, PDN_ITALIAN, PDN_WHITE)                                   \
    M(italian_black, PDN_ITALIAN, PDN_BLACK)                                   \
    M(spanish_white, PDN_SPANISH, PDN_WHITE)                                   \
    M(spanish_black, PDN_SPANISH, PDN_BLACK)                                   \
    M(english_white, PDN_ENGLISH, PDN_WHITE)                                   \
    M(english_black, PDN_ENGLISH, PDN_BLACK)

/* The instances prefix_<variant>_<side>, by variant and side. */
#define BY_VARIANT_SIDE(prefix)                                                \
    {                                                                          \
        [PDN_ITALIAN] = {prefix##_italian_white, prefix##_italian_black},      \
        [PDN_SPANISH] = {prefix##_spanish_white, prefix##_spanish_black},      \
        [PDN_ENGLISH] = {prefix##_english_white, prefix##_english_black},      \
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
EACH_VARIANT_SIDE(DELTAS)

/* By what is known (pdn_moves_kind), variant and side. */
static const pdn_movegen_deltas_fn deltas_fns[3][PDN_VARIANT_COUNT][2] = {
    [PDN_MOVES_NONE] = BY_VARIANT_SIDE(deltas),
    [PDN_MOVES_QUIET] = BY_VARIANT_SIDE(quiets),
    [PDN_MOVES_CAPTURE] = BY_VARIANT_SIDE(captures),
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

/* ---- Kinds of moves ---- */

INLINE pdn_moves_kind
kind_impl(const pdn_board *b, pdn_variant_id id, pdn_color us)
{
    if (capturers(b, id, us))
        return PDN_MOVES_CAPTURE;
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[0] | b->pieces[1]);
    pdn_bb men = b->pieces[us] & ~b->kings, kings = b->pieces[us] & b->kings;
    /* A flying king's first step is a short king's step. */
    pdn_bb to = step(men, FWD_A(us)) | step(men, FWD_B(us));
    if (kings)
        to |= step(kings, BB_UP_A) | step(kings, BB_UP_B) |
              step(kings, BB_DOWN_A) | step(kings, BB_DOWN_B);
    return to & empty ? PDN_MOVES_QUIET : PDN_MOVES_NONE;
}

#define KIND(name, id, us)                                                     \
    static pdn_moves_kind kind_##name(const pdn_board *b)                      \
    {                                                                          \
        return kind_impl(b, id, us);                                           \
    }
EACH_VARIANT_SIDE(KIND)

static const pdn_movegen_kind_fn kind_fns[PDN_VARIANT_COUNT][2] =
    BY_VARIANT_SIDE(kind);

pdn_movegen_kind_fn
pdn_movegen_kind_for(const pdn_variant *v, pdn_color side)
{
    return kind_fns[v->id][side];
}
