/* test_differential.c -- the generator (movegen.c) against the referee
 * (explain.c), two readings of RULES.md written apart, on many positions of
 * all three variants: the start position, positions of seeded random games
 * and seeded random placements of men and kings.
 *
 * (a) Each generated move, written with its whole path, is judged legal
 *     (ambiguous only if that path names another generated move too), and
 *     written from-to it names exactly the generated moves with that from
 *     and to.
 * (b) Each from-to (all 32 x 32, written with '-' and with 'x') that the
 *     referee accepts is the from-to of as many generated moves as it says.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "rules/board.h"
#include "rules/explain.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/square.h"
#include "rules/variant.h"

/* Positions per variant: half from random games, half random placements.
 * About 20 000 in all runs in a few seconds in a release build. */
#define DIFF_POSITIONS 7000

/* Longest random game, in plies. */
#define DIFF_GAME_PLIES 160

/* Disagreements printed before the rest are only counted. */
#define DIFF_REPORT_MAX 12

/* ---- A small deterministic generator (splitmix64) ---- */

typedef struct rng {
    uint64_t state;
} rng;

static uint64_t
rng_next(rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static unsigned
rng_below(rng *r, unsigned n)
{
    return (unsigned)(rng_next(r) % n);
}

/* ---- Comparing the two ---- */

typedef struct tally {
    const pdn_variant *v;
    long positions, captures, moves, judged, overflows, failures;
} tally;

static int
sq(const pdn_variant *v, int bit)
{
    return pdn_square_from_bit(v, bit);
}

/* Whether @w names generated move @m, by the rule of explain.h: the same
 * from and to, and the squares written between them landing squares of
 * @m, in order. */
static bool
names(const pdn_variant *v, const pdn_move *m, const pdn_written_move *w)
{
    int i, j = 0, last = w->count - 1;

    if (w->squares[0] != sq(v, m->from) || w->squares[last] != sq(v, m->to))
        return false;
    if (m->ncaptured == 0)
        return w->count == 2 && !w->capture;
    for (i = 1; i < last; i++) {
        while (j < m->ncaptured - 1 && sq(v, m->landing[j]) != w->squares[i])
            j++;
        if (j >= m->ncaptured - 1)
            return false;
        j++;
    }
    return true;
}

static int
count_named(const pdn_variant *v, const pdn_move *ml, int n,
            const pdn_written_move *w)
{
    int i, k = 0;

    for (i = 0; i < n; i++)
        k += names(v, &ml[i], w);
    return k;
}

static int
count_from_to(const pdn_variant *v, const pdn_move *ml, int n, int from, int to)
{
    int i, k = 0;

    for (i = 0; i < n; i++)
        k += sq(v, ml[i].from) == from && sq(v, ml[i].to) == to;
    return k;
}

static void
report(tally *t, const pdn_board *b, const pdn_written_move *w,
       const pdn_explanation *e, int want, const char *what)
{
    char fen[PDN_FEN_MAX], text[PDN_MOVE_TEXT_MAX * 2] = "";
    size_t len = 0;
    int i;

    if (t->failures++ >= DIFF_REPORT_MAX)
        return;
    pdn_fen_write(t->v, b, fen);
    for (i = 0; i < w->count && len + 4 < sizeof text; i++)
        len +=
            (size_t)snprintf(text + len, sizeof text - len, "%s%d",
                             i ? (w->capture ? "x" : "-") : "", w->squares[i]);
    print_error("%s %s: %s: referee says %s (%d matches: %s), generator "
                "has %d %s\n",
                t->v->name, fen, text, pdn_reason_name(e->reason), e->matches,
                e->message, want, what);
}

/* The referee must find @w legal, naming @want moves. */
static void
expect_named(tally *t, const pdn_board *b, const pdn_written_move *w, int want)
{
    pdn_explanation e;
    pdn_reason r = pdn_explain(t->v, b, w, &e);
    pdn_reason ok = want == 1 ? PDN_REASON_LEGAL : PDN_REASON_AMBIGUOUS;

    t->judged++;
    if (r != ok || e.matches != want)
        report(t, b, w, &e, want, "a generated move");
}

/* (a) every generated move, written whole and written from-to. */
static void
check_generated(tally *t, const pdn_board *b, const pdn_move *ml, int n)
{
    int i;

    for (i = 0; i < n; i++) {
        pdn_written_move w = pdn_notation_of_move(t->v, &ml[i]), ft;

        expect_named(t, b, &w, count_named(t->v, ml, n, &w));
        memset(&ft, 0, sizeof ft);
        ft.squares[0] = (uint8_t)sq(t->v, ml[i].from);
        ft.squares[1] = (uint8_t)sq(t->v, ml[i].to);
        ft.count = 2;
        ft.capture = ml[i].ncaptured > 0;
        expect_named(t, b, &ft,
                     count_from_to(t->v, ml, n, ft.squares[0], ft.squares[1]));
    }
}

/* (b) every from-to the referee accepts. */
static void
check_pairs(tally *t, const pdn_board *b, const pdn_move *ml, int n)
{
    pdn_written_move w;
    pdn_explanation e;
    int from, to, x, want;

    memset(&w, 0, sizeof w);
    w.count = 2;
    for (from = 1; from <= PDN_SQUARES; from++) {
        for (to = 1; to <= PDN_SQUARES; to++) {
            for (x = 0; x < 2; x++) {
                w.squares[0] = (uint8_t)from;
                w.squares[1] = (uint8_t)to;
                w.capture = x;
                pdn_explain(t->v, b, &w, &e);
                t->judged++;
                if (e.reason != PDN_REASON_LEGAL &&
                    e.reason != PDN_REASON_AMBIGUOUS) {
                    if (e.matches != 0 || e.message[0] == '\0' ||
                        e.reason >= PDN_REASON_COUNT)
                        report(t, b, &w, &e, 0, "a bad verdict");
                    continue;
                }
                want = count_from_to(t->v, ml, n, from, to);
                if (want == 0 || e.matches != want ||
                    e.reason !=
                        (want == 1 ? PDN_REASON_LEGAL : PDN_REASON_AMBIGUOUS))
                    report(t, b, &w, &e, want, "moves of that from-to");
            }
        }
    }
}

/* Compares the two on @b; returns the generator's move count (-1 when the
 * list would overflow, which is skipped). */
static int
check_position(tally *t, const pdn_board *b, pdn_move *ml)
{
    int n = pdn_movegen_legal(t->v, b, ml);

    t->positions++;
    if (n < 0) {
        t->overflows++;
        return n;
    }
    t->moves += n;
    t->captures += n > 0 && ml[0].ncaptured > 0;
    check_generated(t, b, ml, n);
    check_pairs(t, b, ml, n);
    return n;
}

/* ---- Positions ---- */

/* Random games from the start position; each position met is checked. */
static void
play_games(tally *t, rng *r, long count)
{
    pdn_move ml[PDN_MAX_MOVES];

    while (count > 0) {
        pdn_board b = pdn_board_start(t->v);
        int ply, n;

        for (ply = 0; ply < DIFF_GAME_PLIES && count > 0; ply++) {
            n = check_position(t, &b, ml);
            count--;
            if (n <= 0)
                break;
            pdn_board_play(&b, &ml[rng_below(r, (unsigned)n)]);
        }
    }
}

/* Whether a man of colour @c may stand on square @n: not on the row where
 * it would have been crowned. */
static bool
man_may_stand(const pdn_variant *v, pdn_color c, int n)
{
    int file, rank;

    pdn_square_coords(v, n, &file, &rank);
    return c == PDN_WHITE ? rank != 8 : rank != 1;
}

static void
place(const pdn_variant *v, rng *r, pdn_board *b, pdn_color c, bool king)
{
    for (;;) {
        int n = 1 + (int)rng_below(r, PDN_SQUARES);
        pdn_bb bit = (pdn_bb)1 << pdn_square_to_bit(v, n);

        if ((b->pieces[0] | b->pieces[1]) & bit)
            continue;
        if (!king && !man_may_stand(v, c, n))
            continue;
        b->pieces[c] |= bit;
        if (king)
            b->kings |= bit;
        return;
    }
}

/* Random placements: 1-12 pieces a side, a varying share of them kings. */
static void
place_pieces(tally *t, rng *r, long count)
{
    pdn_move ml[PDN_MAX_MOVES];

    for (; count > 0; count--) {
        pdn_board b = pdn_board_empty((pdn_color)rng_below(r, 2));
        unsigned king_in_8 = rng_below(r, 9);
        int c, i;

        for (c = 0; c < 2; c++) {
            int pieces = 1 + (int)rng_below(r, 12);
            for (i = 0; i < pieces; i++)
                place(t->v, r, &b, (pdn_color)c, rng_below(r, 8) < king_in_8);
        }
        check_position(t, &b, ml);
    }
}

static void
run_variant(pdn_variant_id id, uint64_t seed)
{
    tally t;
    rng r = {seed};

    memset(&t, 0, sizeof t);
    t.v = pdn_variant_get(id);
    play_games(&t, &r, DIFF_POSITIONS / 2);
    place_pieces(&t, &r, DIFF_POSITIONS - DIFF_POSITIONS / 2);
    print_message("%s: %ld positions (%ld with captures), %ld moves, "
                  "%ld verdicts, %ld overflows skipped, %ld disagreements\n",
                  t.v->name, t.positions, t.captures, t.moves, t.judged,
                  t.overflows, t.failures);
    assert_int_equal(t.failures, 0);
    assert_true(t.overflows * 100 < t.positions);
}

static void
test_italian(void **state)
{
    (void)state;
    run_variant(PDN_ITALIAN, 0x1DA11A5Eull);
}

static void
test_spanish(void **state)
{
    (void)state;
    run_variant(PDN_SPANISH, 0x5BA1157Eull);
}

static void
test_english(void **state)
{
    (void)state;
    run_variant(PDN_ENGLISH, 0xE1611511ull);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_italian),
        cmocka_unit_test(test_spanish),
        cmocka_unit_test(test_english),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
