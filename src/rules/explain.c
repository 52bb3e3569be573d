/* explain.c -- the referee of explain.h: judges a written move by a plain
 * reading of RULES.md sections 2-6 on an 8x8 array, sharing nothing with
 * movegen.c, and says in the words of the rules why a move is not legal.
 */
#include "explain.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "square.h"

/* Room for the jumps from one square: 4 directions, at most 6 landings. */
#define MAX_JUMPS 24

/* Most best captures (or quiet moves) kept; beyond it `matches` may be
 * low, which no position of 24 pieces comes near. */
#define MAX_LEGAL 640

/* The four diagonal directions, as (file, rank) steps. */
static const int DIAG[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

/* ---- The board as an 8x8 array ---- */

/* Squares are [file][rank - 1]: file 0..7 is a..h, rank 1..8.  White moves
 * towards rank 8 in every variant, Black towards rank 1. */
typedef struct grid {
    const pdn_variant *v;
    int ours, theirs; /* PDN_PIECE_WHITE / PDN_PIECE_BLACK */
    int forward;      /* +1 for White, -1 for Black */
    int crown;        /* rank index where our men are crowned */
    int num[8][8];    /* PDN number, 0 on a square not played on */
    int cell[8][8];   /* PDN_PIECE_* flags, 0 when empty */
} grid;

static bool
on_board(int f, int r)
{
    return f >= 0 && f < 8 && r >= 0 && r < 8;
}

static int
sign(int x)
{
    return (x > 0) - (x < 0);
}

/* Where PDN square @n stands, or false if it is not a square. */
static bool
locate(const pdn_variant *v, int n, int *f, int *r)
{
    int rank;

    if (n < 1 || n > PDN_SQUARES || pdn_square_coords(v, n, f, &rank) != 0)
        return false;
    *r = rank - 1;
    return on_board(*f, *r);
}

static int
color_flag(pdn_color c)
{
    return c == PDN_WHITE ? PDN_PIECE_WHITE : PDN_PIECE_BLACK;
}

static void
grid_init(grid *g, const pdn_variant *v, const pdn_board *b)
{
    int n, f, r;

    memset(g, 0, sizeof *g);
    g->v = v;
    g->ours = color_flag(b->side);
    g->theirs = color_flag(pdn_color_other(b->side));
    g->forward = b->side == PDN_WHITE ? 1 : -1;
    g->crown = b->side == PDN_WHITE ? 7 : 0;
    for (n = 1; n <= PDN_SQUARES; n++) {
        if (!locate(v, n, &f, &r))
            continue;
        g->num[f][r] = n;
        g->cell[f][r] = pdn_board_piece(b, pdn_square_to_bit(v, n));
    }
}

/* ---- Capture sequences, by a recursive walk ---- */

/* One capture sequence, in PDN numbers.  Relaxed sequences may break two
 * rules, so that a written move breaking them can be named: an Italian man
 * taking a king, and a man going on after being crowned. */
typedef struct seq {
    int from;
    int n;                       /* pieces taken */
    int taken[PDN_MAX_CAPTURES]; /* in the order jumped */
    int land[PDN_MAX_CAPTURES];  /* where the piece comes down after each */
    unsigned kings;              /* bit i: the i-th piece taken is a king */
    bool king;                   /* the mover is a king */
    bool man_took_king;          /* a man took a king (Italian) */
    int crowned;                 /* landing index of a crowning, or -1 */
    bool completed;              /* nothing more to take, by the rules */
} seq;

typedef struct jump {
    int mf, mr, lf, lr; /* the piece jumped, the landing square */
    bool real;          /* allowed by the real rules, not only relaxed */
} jump;

typedef struct search search;
typedef void (*visit_fn)(search *s);

struct search {
    grid *g;
    bool relaxed;
    int f, r;          /* where the mover stands */
    bool as_king;      /* moves as a king (relaxed: also once crowned) */
    bool jumped[8][8]; /* taken so far: still on the board, still block */
    seq q;
    visit_fn visit; /* called on every sequence of one jump or more */
    void *ctx;
};

/* The jumps open to the mover where it stands.  A man jumps forward only,
 * an adjacent piece; a short king in any direction; a flying king over
 * empty squares, one piece, then onto any empty square beyond it. */
static int
list_jumps(const search *s, jump *out)
{
    const grid *g = s->g;
    bool flying = s->as_king && g->v->flying_kings;
    int d, n = 0;

    for (d = 0; d < 4; d++) {
        int df = DIAG[d][0], dr = DIAG[d][1];
        int f = s->f + df, r = s->r + dr, lf, lr;
        bool real;

        if (!s->as_king && dr != g->forward)
            continue;
        while (flying && on_board(f, r) && g->cell[f][r] == 0) {
            f += df;
            r += dr;
        }
        if (!on_board(f, r) || !(g->cell[f][r] & g->theirs) || s->jumped[f][r])
            continue;
        real = s->as_king || g->v->men_capture_kings ||
               !(g->cell[f][r] & PDN_PIECE_KING);
        if (!real && !s->relaxed)
            continue;
        for (lf = f + df, lr = r + dr; on_board(lf, lr) && g->cell[lf][lr] == 0;
             lf += df, lr += dr) {
            out[n++] = (jump){f, r, lf, lr, real};
            if (!flying)
                break;
        }
    }
    return n;
}

static void extend(search *s);

/* Makes jump @j, searches on from its landing, and takes it back. */
static void
take(search *s, const jump *j)
{
    const grid *g = s->g;
    search saved = *s;
    int i = s->q.n;

    s->jumped[j->mf][j->mr] = true;
    s->q.taken[i] = g->num[j->mf][j->mr];
    s->q.land[i] = g->num[j->lf][j->lr];
    if (g->cell[j->mf][j->mr] & PDN_PIECE_KING) {
        s->q.kings |= 1u << i;
        if (!s->as_king && !g->v->men_capture_kings)
            s->q.man_took_king = true;
    }
    s->q.n = i + 1;
    s->f = j->lf;
    s->r = j->lr;
    if (!s->as_king && s->r == g->crown) {
        s->q.crowned = i;
        s->as_king = true; /* goes on only in a relaxed search */
    }
    extend(s);
    *s = saved;
}

/* Reports the sequence so far, then tries every jump that can follow.  A
 * sequence is completed when the real rules allow no further jump: none is
 * left, or the man has just been crowned. */
static void
extend(search *s)
{
    jump js[MAX_JUMPS];
    bool crowned = s->q.crowned >= 0, more = false;
    int i, nj = 0;

    if (s->q.n < PDN_MAX_CAPTURES && (s->relaxed || !crowned))
        nj = list_jumps(s, js);
    if (s->q.n > 0) {
        for (i = 0; i < nj; i++)
            more = more || js[i].real;
        s->q.completed = crowned || !more;
        s->visit(s);
    }
    for (i = 0; i < nj; i++)
        take(s, &js[i]);
}

/* Every capture sequence of the piece on (@f, @r), which leaves its square
 * as it starts: a king may pass over it or come back to it. */
static void
search_from(grid *g, int f, int r, bool relaxed, visit_fn visit, void *ctx)
{
    int piece = g->cell[f][r];
    search s = {.g = g,
                .relaxed = relaxed,
                .f = f,
                .r = r,
                .as_king = (piece & PDN_PIECE_KING) != 0,
                .visit = visit,
                .ctx = ctx};

    s.q.from = g->num[f][r];
    s.q.king = s.as_king;
    s.q.crowned = -1;
    g->cell[f][r] = 0;
    extend(&s);
    g->cell[f][r] = piece;
}

/* ---- The legal moves and the capture laws ---- */

/* A move (RULES.md section 6: from, to and the pieces taken in order),
 * with every square where a flying king may touch down after each jump. */
typedef struct lmove {
    int from, to, n;
    bool king;
    unsigned kings; /* as in seq */
    int taken[PDN_MAX_CAPTURES];
    int land[PDN_MAX_CAPTURES];       /* the first path found */
    uint32_t lands[PDN_MAX_CAPTURES]; /* bit s - 1 for each square s */
} lmove;

typedef struct legal {
    const pdn_variant *v;
    int count;
    lmove m[MAX_LEGAL];
} legal;

static uint32_t
square_bit(int n)
{
    return n >= 1 && n <= PDN_SQUARES ? (uint32_t)1 << (n - 1) : 0;
}

static void
lmove_of(const seq *q, lmove *m)
{
    int i;

    m->from = q->from;
    m->n = q->n;
    m->to = q->land[q->n - 1];
    m->king = q->king;
    m->kings = q->kings;
    for (i = 0; i < q->n; i++) {
        m->taken[i] = q->taken[i];
        m->land[i] = q->land[i];
        m->lands[i] = square_bit(q->land[i]);
    }
}

/* Compares two captures by the variant's laws, in order: > 0 when @a is to
 * be preferred, < 0 when @b is, 0 when the choice is free.  *why names the
 * law that decided. */
static int
law_compare(const pdn_variant *v, const lmove *a, const lmove *b,
            pdn_reason *why)
{
    int i, ka = __builtin_popcount(a->kings);
    int kb = __builtin_popcount(b->kings);

    *why = PDN_REASON_LEGAL;
    if (v->law == PDN_LAW_FREE)
        return 0;
    *why = PDN_REASON_LAW_QUANTITY; /* take the most pieces */
    if (a->n != b->n)
        return a->n - b->n;
    *why = PDN_REASON_LAW_KING; /* Italian: the king must take */
    if (v->law == PDN_LAW_ITALIAN && a->king != b->king)
        return a->king ? 1 : -1;
    *why = PDN_REASON_LAW_QUALITY; /* take the most kings */
    if (ka != kb)
        return ka - kb;
    /* Italian king first: at the first capture where one sequence takes a
     * king and the other does not, the one taking it meets its next king
     * earlier: the lexicographic order of the kings' positions. */
    *why = PDN_REASON_LAW_KING_FIRST;
    for (i = 0; v->law == PDN_LAW_ITALIAN && i < a->n; i++) {
        bool ia = (a->kings >> i) & 1, ib = (b->kings >> i) & 1;
        if (ia != ib)
            return ia ? 1 : -1;
    }
    *why = PDN_REASON_LEGAL;
    return 0;
}

static bool
same_move(const lmove *a, const lmove *b)
{
    int i;

    if (a->from != b->from || a->to != b->to || a->n != b->n)
        return false;
    for (i = 0; i < a->n; i++)
        if (a->taken[i] != b->taken[i])
            return false;
    return true;
}

/* Keeps @m if no capture found so far beats it, dropping those it beats;
 * a second path of a move kept adds its touch-down squares. */
static void
legal_add(legal *L, const lmove *m)
{
    pdn_reason why;
    int i, c;

    if (L->count > 0) {
        c = law_compare(L->v, m, &L->m[0], &why);
        if (c < 0)
            return;
        if (c > 0)
            L->count = 0;
    }
    for (i = 0; i < L->count; i++) {
        if (same_move(&L->m[i], m)) {
            for (c = 0; c < m->n; c++)
                L->m[i].lands[c] |= m->lands[c];
            return;
        }
    }
    if (L->count < MAX_LEGAL)
        L->m[L->count++] = *m;
}

static void
collect(search *s)
{
    lmove m;

    if (!s->q.completed)
        return;
    lmove_of(&s->q, &m);
    legal_add(s->ctx, &m);
}

/* Quiet moves: a man one square forward, a short king one square, a flying
 * king any distance along a free diagonal. */
static void
add_quiet(const grid *g, int f, int r, legal *L)
{
    bool king = (g->cell[f][r] & PDN_PIECE_KING) != 0;
    int d, tf, tr;

    for (d = 0; d < 4; d++) {
        if (!king && DIAG[d][1] != g->forward)
            continue;
        tf = f + DIAG[d][0];
        tr = r + DIAG[d][1];
        while (on_board(tf, tr) && g->cell[tf][tr] == 0 &&
               L->count < MAX_LEGAL) {
            lmove *m = &L->m[L->count++];
            memset(m, 0, sizeof *m);
            m->from = g->num[f][r];
            m->to = g->num[tf][tr];
            m->king = king;
            if (!king || !g->v->flying_kings)
                break;
            tf += DIAG[d][0];
            tr += DIAG[d][1];
        }
    }
}

/* The legal moves: the best captures by the laws, else the quiet moves. */
static void
legal_build(grid *g, legal *L)
{
    int f, r;

    L->v = g->v;
    L->count = 0;
    for (f = 0; f < 8; f++)
        for (r = 0; r < 8; r++)
            if (g->cell[f][r] & g->ours)
                search_from(g, f, r, false, collect, L);
    if (L->count > 0)
        return;
    for (f = 0; f < 8; f++)
        for (r = 0; r < 8; r++)
            if (g->cell[f][r] & g->ours)
                add_quiet(g, f, r, L);
}

/* ---- Written moves ---- */

/* Whether @w names @m: the same from and to, and each square written
 * between them a touch-down square of @m, in order.  A quiet move is named
 * by its from and to alone, whatever the separator ('x' for a plain move is
 * common in real files); a capture either way. */
static bool
names(const lmove *m, const pdn_written_move *w)
{
    int i, j = 0, last = w->count - 1;

    if (w->squares[0] != m->from || w->squares[last] != m->to)
        return false;
    if (m->n == 0)
        return w->count == 2;
    for (i = 1; i < last; i++) {
        while (j < m->n - 1 && !(m->lands[j] & square_bit(w->squares[i])))
            j++;
        if (j >= m->n - 1)
            return false;
        j++;
    }
    return true;
}

/* Appends @sep and the number @n (0..999) to @buf, within @cap bytes. */
static void
append(char *buf, size_t cap, size_t *len, const char *sep, int n)
{
    char digits[4];
    int k = 0;

    n = n < 0 ? 0 : n % 1000;
    do {
        digits[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n > 0);
    while (*sep && *len + 1 < cap)
        buf[(*len)++] = *sep++;
    while (k > 0 && *len + 1 < cap)
        buf[(*len)++] = digits[--k];
    buf[*len] = '\0';
}

static void
written_text(const pdn_written_move *w, char buf[PDN_MOVE_TEXT_MAX])
{
    size_t len = 0;
    int i;

    for (i = 0; i < w->count; i++)
        append(buf, PDN_MOVE_TEXT_MAX, &len, i ? (w->capture ? "x" : "-") : "",
               w->squares[i]);
}

/* A legal move as PDN writes it: from-to, with its landing squares when
 * another legal move shares its from and to. */
static void
move_text(const legal *L, const lmove *m, char buf[PDN_MOVE_TEXT_MAX])
{
    size_t len = 0;
    int i, shared = 0;

    for (i = 0; i < L->count; i++)
        shared += L->m[i].from == m->from && L->m[i].to == m->to;
    append(buf, PDN_MOVE_TEXT_MAX, &len, "", m->from);
    if (m->n == 0) {
        append(buf, PDN_MOVE_TEXT_MAX, &len, "-", m->to);
        return;
    }
    for (i = shared > 1 ? 0 : m->n - 1; i < m->n; i++)
        append(buf, PDN_MOVE_TEXT_MAX, &len, "x", m->land[i]);
}

/* A legal move to quote: one by the same piece if there is one. */
static const lmove *
witness(const legal *L, int from)
{
    int i;

    for (i = 0; i < L->count; i++)
        if (L->m[i].from == from)
            return &L->m[i];
    return &L->m[0];
}

__attribute__((format(printf, 3, 4))) static pdn_reason
say(pdn_explanation *out, pdn_reason reason, const char *fmt, ...)
{
    va_list ap;

    out->reason = reason;
    va_start(ap, fmt);
    vsnprintf(out->message, sizeof out->message, fmt, ap);
    va_end(ap);
    return reason;
}

/* ---- Judging a capture the rules forbid ---- */

/* The best reading found of a written capture among the relaxed sequences
 * of its piece: rank orders how near it comes to a legal move. */
typedef struct reading {
    const pdn_written_move *w;
    const legal *L;
    int rank; /* 0: no sequence named */
    pdn_reason reason;
    int stop; /* where an unfinished capture stopped */
} reading;

static void
read_sequence(search *s)
{
    reading *d = s->ctx;
    const seq *q = &s->q;
    pdn_reason why = PDN_REASON_LEGAL;
    lmove m;
    int rank;

    lmove_of(q, &m);
    if (!names(&m, d->w))
        return;
    if (q->man_took_king) {
        why = PDN_REASON_MAN_TAKES_KING;
        rank = 1;
    } else if (q->crowned >= 0 && q->crowned < q->n - 1) {
        why = PDN_REASON_PROMOTION_ENDS;
        rank = 2;
    } else if (!q->completed) {
        why = PDN_REASON_MUST_CONTINUE;
        rank = 3;
    } else if (d->L->count > 0 && d->L->m[0].n > 0 &&
               law_compare(s->g->v, &m, &d->L->m[0], &why) < 0) {
        rank = 4 + (int)(why - PDN_REASON_LAW_QUANTITY);
    } else {
        return; /* not reached: a legal move would have been named */
    }
    if (rank > d->rank) {
        d->rank = rank;
        d->reason = why;
        d->stop = m.to;
    }
}

/* The message for the best reading of a capture the rules forbid. */
static pdn_reason
explain_reading(const grid *g, const legal *L, const reading *d,
                pdn_explanation *out)
{
    char text[PDN_MOVE_TEXT_MAX], best[PDN_MOVE_TEXT_MAX];
    pdn_reason why = d->reason;

    written_text(d->w, text);
    if (why >= PDN_REASON_LAW_QUANTITY)
        move_text(L, witness(L, d->w->squares[0]), best);
    switch (why) {
    case PDN_REASON_MAN_TAKES_KING:
        return say(out, why, "a man cannot capture a king");
    case PDN_REASON_PROMOTION_ENDS:
        return say(out, why, "a crowned man ends its move");
    case PDN_REASON_MUST_CONTINUE:
        return say(out, why, "the capture must continue (from %d)", d->stop);
    case PDN_REASON_LAW_QUANTITY:
        return say(out, why, "law 1: %s takes fewer pieces than %s", text,
                   best);
    case PDN_REASON_LAW_KING:
        return say(out, why, "law 2: with equal captures the king must take");
    case PDN_REASON_LAW_QUALITY: /* law 2 in Spanish numbering */
        return say(out, why, "law %d: %s takes fewer kings than %s",
                   g->v->law == PDN_LAW_ITALIAN ? 3 : 2, text, best);
    default:
        return say(out, why, "law 4: %s meets a king later than %s", text,
                   best);
    }
}

/* ---- Judging the path square by square ---- */

/* A walk along the written squares, as if each were one leap. */
typedef struct walker {
    grid g; /* the mover lifted off its square */
    int f, r, taken;
    bool king;
    bool jumped[8][8];
} walker;

/* What stands between the walker and (@tf, @tr), the first piece found in
 * *pf, *pr; counts the pieces, own or jumped ones in *own, *twice. */
static int
walk_between(const walker *k, int tf, int tr, int *pf, int *pr, int *own,
             int *twice)
{
    int sf = sign(tf - k->f), sr = sign(tr - k->r), f, r, n = 0;

    *own = *twice = 0;
    for (f = k->f + sf, r = k->r + sr; f != tf; f += sf, r += sr) {
        if (k->g.cell[f][r] == 0)
            continue;
        if (n++ == 0) {
            *pf = f;
            *pr = r;
        }
        if (k->g.cell[f][r] & k->g.ours)
            *own = k->g.num[f][r];
        else if (k->jumped[f][r] && !*twice)
            *twice = k->g.num[f][r];
    }
    return n;
}

/* One leap to square @to; PDN_REASON_LEGAL when nothing is wrong with it. */
static pdn_reason
walk_step(walker *k, const pdn_written_move *w, int to, bool last,
          pdn_explanation *out)
{
    const pdn_variant *v = k->g.v;
    int tf, tr, dist, n, pf = 0, pr = 0, own, twice;
    int at = k->g.num[k->f][k->r];

    if (!locate(v, to, &tf, &tr))
        return say(out, PDN_REASON_NOT_DIAGONAL, "there is no square %d", to);
    dist = abs(tr - k->r);
    if (dist == 0 || abs(tf - k->f) != dist)
        return say(out, PDN_REASON_NOT_DIAGONAL,
                   "%d and %d are not on one diagonal", at, to);
    if (!k->king && sign(tr - k->r) != k->g.forward)
        return say(out, PDN_REASON_BACKWARDS, "men do not move backwards");
    if (k->g.cell[tf][tr] != 0)
        return say(out, PDN_REASON_OCCUPIED, "square %d is occupied", to);
    n = walk_between(k, tf, tr, &pf, &pr, &own, &twice);
    if (n == 0 && (w->count > 2 || w->capture))
        return say(out, PDN_REASON_NOTHING_TAKEN,
                   "nothing is taken between %d and %d", at, to);
    if (!(k->king && v->flying_kings) && (n == 0 ? dist > 1 : dist != 2))
        return say(out, PDN_REASON_TOO_FAR,
                   k->king
                       ? "a king moves one square, or jumps one adjacent piece"
                       : "a man moves one square, or jumps one adjacent piece");
    if (own)
        return say(out, PDN_REASON_OWN_PIECE,
                   "a piece of one's own side cannot be taken (%d)", own);
    if (twice)
        return say(out, PDN_REASON_JUMPED_TWICE,
                   "a piece cannot be taken twice (%d)", twice);
    if (n > 1)
        return say(out, PDN_REASON_TOO_FAR, "a king jumps one piece at a time");
    if (n == 1 && !k->king && !v->men_capture_kings &&
        (k->g.cell[pf][pr] & PDN_PIECE_KING))
        return say(out, PDN_REASON_MAN_TAKES_KING,
                   "a man cannot capture a king");
    if (n == 1) {
        k->jumped[pf][pr] = true;
        k->taken++;
    }
    k->f = tf;
    k->r = tr;
    if (!k->king && tr == k->g.crown) {
        if (!last)
            return say(out, PDN_REASON_PROMOTION_ENDS,
                       "a crowned man ends its move");
        k->king = true;
    }
    return PDN_REASON_LEGAL;
}

/* Walks the written path from its first square (which holds a piece of
 * the side to move) and names the first fault. */
static pdn_reason
walk(const grid *g, const legal *L, const pdn_written_move *w, int f, int r,
     pdn_explanation *out)
{
    char text[PDN_MOVE_TEXT_MAX], best[PDN_MOVE_TEXT_MAX];
    walker k;
    const lmove *m;
    int i;

    memset(&k, 0, sizeof k);
    k.g = *g;
    k.f = f;
    k.r = r;
    k.king = (g->cell[f][r] & PDN_PIECE_KING) != 0;
    k.g.cell[f][r] = 0;
    for (i = 1; i < w->count; i++)
        if (walk_step(&k, w, w->squares[i], i == w->count - 1, out) !=
            PDN_REASON_LEGAL)
            return out->reason;
    written_text(w, text);
    if (k.taken > 0 || L->count == 0 || L->m[0].n == 0) /* not reached */
        return say(out, PDN_REASON_TOO_FAR, "%s is not a legal move", text);
    m = witness(L, w->squares[0]);
    move_text(L, m, best);
    if (m->n == 1)
        return say(out, PDN_REASON_CAPTURE_COMPULSORY,
                   "capture is compulsory (%s takes a piece)", best);
    return say(out, PDN_REASON_CAPTURE_COMPULSORY,
               "capture is compulsory (%s takes %d pieces)", best, m->n);
}

/* ---- The referee ---- */

/* Whether the first written square holds a piece of the side to move
 * (PDN_REASON_LEGAL), or why not.  Cheap: no 8x8 array is needed yet. */
static pdn_reason
check_origin(const pdn_variant *v, const pdn_board *b, int n,
             pdn_explanation *out)
{
    int bit = pdn_square_to_bit(v, n), piece;

    if (n < 1 || n > PDN_SQUARES || bit < 0)
        return say(out, PDN_REASON_NO_PIECE, "there is no square %d", n);
    piece = pdn_board_piece(b, bit);
    if (piece == 0)
        return say(out, PDN_REASON_NO_PIECE, "square %d is empty", n);
    if (!(piece & color_flag(b->side)))
        return say(out, PDN_REASON_NOT_YOURS, "square %d holds a %s piece", n,
                   b->side == PDN_WHITE ? "black" : "white");
    return PDN_REASON_LEGAL;
}

static pdn_reason
judge(grid *g, legal *L, const pdn_written_move *w, pdn_explanation *out)
{
    char text[PDN_MOVE_TEXT_MAX];
    reading d;
    int i, f = 0, r = 0;

    legal_build(g, L);
    for (i = 0; i < L->count; i++)
        out->matches += names(&L->m[i], w);
    if (out->matches > 0)
        written_text(w, text);
    if (out->matches == 1)
        return say(out, PDN_REASON_LEGAL, "%s is legal", text);
    if (out->matches > 1)
        return say(out, PDN_REASON_AMBIGUOUS,
                   "%s names %d legal moves: write its landing squares", text,
                   out->matches);
    memset(&d, 0, sizeof d);
    d.w = w;
    d.L = L;
    locate(g->v, w->squares[0], &f, &r);
    search_from(g, f, r, true, read_sequence, &d);
    if (d.rank > 0)
        return explain_reading(g, L, &d, out);
    return walk(g, L, w, f, r, out);
}

pdn_reason
pdn_explain(const pdn_variant *v, const pdn_board *b, const pdn_written_move *w,
            pdn_explanation *out)
{
    grid g;
    legal L;

    out->reason = PDN_REASON_LEGAL;
    out->matches = 0;
    out->message[0] = '\0';
    if (w->count < 2 || w->count > PDN_MAX_CAPTURES + 1)
        return say(out, PDN_REASON_NOT_DIAGONAL,
                   "a move names from two to %d squares", PDN_MAX_CAPTURES + 1);
    if (check_origin(v, b, w->squares[0], out) != PDN_REASON_LEGAL)
        return out->reason;
    grid_init(&g, v, b);
    return judge(&g, &L, w, out);
}

const char *
pdn_reason_name(pdn_reason r)
{
    static const char *const names_of[PDN_REASON_COUNT] = {
        [PDN_REASON_LEGAL] = "legal",
        [PDN_REASON_AMBIGUOUS] = "ambiguous",
        [PDN_REASON_NO_PIECE] = "no-piece",
        [PDN_REASON_NOT_YOURS] = "not-yours",
        [PDN_REASON_OCCUPIED] = "occupied",
        [PDN_REASON_NOT_DIAGONAL] = "not-diagonal",
        [PDN_REASON_TOO_FAR] = "too-far",
        [PDN_REASON_BACKWARDS] = "backwards",
        [PDN_REASON_CAPTURE_COMPULSORY] = "capture-compulsory",
        [PDN_REASON_NOTHING_TAKEN] = "nothing-taken",
        [PDN_REASON_OWN_PIECE] = "own-piece",
        [PDN_REASON_JUMPED_TWICE] = "jumped-twice",
        [PDN_REASON_MAN_TAKES_KING] = "man-takes-king",
        [PDN_REASON_MUST_CONTINUE] = "must-continue",
        [PDN_REASON_PROMOTION_ENDS] = "promotion-ends",
        [PDN_REASON_LAW_QUANTITY] = "law-quantity",
        [PDN_REASON_LAW_KING] = "law-king",
        [PDN_REASON_LAW_QUALITY] = "law-quality",
        [PDN_REASON_LAW_KING_FIRST] = "law-king-first",
    };

    if ((unsigned)r >= PDN_REASON_COUNT)
        return "unknown";
    return names_of[r];
}
