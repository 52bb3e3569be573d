/* test_egdb.c -- the endgame databases against what others say of them:
 *   - the dense numbering is one to one: every index of a slice is a
 *     position of its material (no two pieces on a square, no man on its
 *     crowning rank), numbered back to itself, and a slice has as many
 *     indices as such positions, counted here square by square for small
 *     slices;
 *   - a database of up to 4 pieces, built by pdn_egdb_build(), gives every
 *     position the value of engine/solver.h, an exhaustive solver that
 *     works forwards (not by taking moves back), in each variant;
 *   - each position's value is what its children's say (retrograde
 *     consistency), on random positions of the most pieces built: won
 *     when a move leads to a loss of the other side, lost when every
 *     move leads to a win of the other side or there is none, drawn
 *     otherwise; the children from the move generator, their values
 *     probed;
 *   - a file cut short, or with one byte changed, is refused on loading,
 *     and a build that finds its slices there builds nothing again.
 * Its argument is the most pieces (3 by default, 2 to 4): the suite
 * "egdb" runs it with 4 and the 5-piece consistency apart
 * (test_egdb 5).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egdb/egdb.h"
#include "egdb/index.h"
#include "engine/solver.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

#include "rng.h"

/* A temporary folder, removed with its files by rm_dir(). */
static void
make_temp(char dir[64])
{
    snprintf(dir, 64, "/tmp/pdn-egdb-test.XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void
rm_dir(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* Positions of material @m counted square by square: men and kings
 * placed on free squares, a man never on its crowning rank. */
static uint64_t
count_positions(int wm, int wk, int bm, int bk, int from, uint32_t used,
                int placing)
{
    int left[4] = {wm, wk, bm, bk};
    while (placing < 4 && left[placing] == 0) {
        placing++;
        from = 0;
    }
    if (placing == 4)
        return 2;
    uint64_t n = 0;
    for (int sq = from; sq < 32; sq++) {
        if (used & (1u << sq))
            continue;
        if ((placing == 0 && sq >= 28) || (placing == 2 && sq < 4))
            continue;
        left[placing]--;
        n += count_positions(left[0], left[1], left[2], left[3], sq + 1,
                             used | 1u << sq, placing);
        left[placing]++;
    }
    return n;
}

static void
test_index_one_to_one(void **state)
{
    static const pdn_egdb_material slices[] = {
        {0, 1, 0, 1}, {1, 0, 0, 1}, {1, 0, 1, 0}, {2, 1, 1, 0},
        {1, 1, 1, 1}, {0, 2, 2, 0}, {3, 0, 0, 2}, {2, 0, 2, 1}};

    (void)state;
    for (size_t k = 0; k < sizeof slices / sizeof slices[0]; k++) {
        pdn_egdb_material m = slices[k];
        pdn_egdb_index x;
        pdn_egdb_index_init(&x, m);
        assert_true(x.size == count_positions(m.wm, m.wk, m.bm, m.bk, 0, 0, 0));
        uint64_t step = x.size / 200000 + 1;
        for (uint64_t i = 0; i < x.size; i += step) {
            pdn_board b;
            pdn_egdb_board_of(&x, i, &b);
            pdn_egdb_material got = pdn_egdb_material_of(&b);
            assert_memory_equal(&got, &m, sizeof m);
            assert_true((b.pieces[0] & b.pieces[1]) == 0);
            assert_true((b.pieces[PDN_WHITE] & ~b.kings & BB_RANK_8) == 0);
            assert_true((b.pieces[PDN_BLACK] & ~b.kings & BB_RANK_1) == 0);
            assert_true((b.kings & ~(b.pieces[0] | b.pieces[1])) == 0);
            assert_true(pdn_egdb_index_of(&x, &b) == i);
        }
        pdn_egdb_index_fini(&x);
    }
}

/* A position's twin (rules/board.h) has as many moves, and the twin of
 * its twin is itself; a slice is stored or its twin is, never both
 * unless they are one. */
static void
test_twin(void **state)
{
    static const pdn_egdb_material slices[] = {
        {2, 1, 1, 0}, {1, 1, 1, 1}, {0, 2, 2, 0}, {3, 0, 0, 2}, {2, 0, 2, 1}};
    const pdn_variant *vs[] = {pdn_variant_by_name("italian"),
                               pdn_variant_by_name("spanish"),
                               pdn_variant_by_name("english")};
    uint64_t rng = 0x7417;
    uint64_t differ = 0;

    (void)state;
    for (size_t k = 0; k < sizeof slices / sizeof slices[0]; k++) {
        pdn_egdb_index x;
        pdn_egdb_index_init(&x, slices[k]);
        pdn_egdb_material t = pdn_egdb_material_twin(slices[k]);
        assert_true(pdn_egdb_stored(slices[k]) != pdn_egdb_stored(t) ||
                    memcmp(&t, &slices[k], sizeof t) == 0);
        for (int n = 0; n < 20000; n++) {
            pdn_board b, tw, back;
            pdn_egdb_board_of(&x, test_random(&rng) % x.size, &b);
            pdn_board_twin(&b, &tw);
            pdn_board_twin(&tw, &back);
            assert_true(pdn_board_equal(&b, &back));
            pdn_egdb_material got = pdn_egdb_material_of(&tw);
            assert_memory_equal(&got, &t, sizeof t);
            differ += !pdn_board_equal(&b, &tw);
            for (size_t v = 0; v < 3; v++)
                assert_int_equal(pdn_movegen_count(vs[v], &b),
                                 pdn_movegen_count(vs[v], &tw));
        }
        pdn_egdb_index_fini(&x);
    }
    assert_true(differ > 0);
}

/* Every material of @from to @to pieces, each side with one at least,
 * into @out (room for all); how many.  The slices stored are some of
 * them; the others are probed through their twins. */
static size_t
all_materials(int from, int to, pdn_egdb_material *out)
{
    size_t n = 0;
    for (int wm = 0; wm <= to; wm++)
        for (int wk = 0; wm + wk <= to; wk++)
            for (int bm = 0; wm + wk + bm <= to; bm++)
                for (int bk = 0; wm + wk + bm + bk <= to; bk++)
                    if (wm + wk > 0 && bm + bk > 0 && wm + wk + bm + bk >= from)
                        out[n++] = (pdn_egdb_material){
                            (uint8_t)wm, (uint8_t)wk, (uint8_t)bm, (uint8_t)bk};
    return n;
}

/* Random positions of @pieces pieces of @db: each one's value is what
 * its children's make it. */
static void
consistent(const pdn_variant *v, pdn_egdb *db, int pieces, int count)
{
    pdn_egdb_material top[4 * PDN_EGDB_SLICES_MAX];
    size_t ntop = all_materials(pieces, pieces, top);
    uint64_t seen[4] = {0};
    uint64_t rng = 0x5eed + (uint64_t)pieces;
    for (int t = 0; t < count; t++) {
        pdn_egdb_index x;
        pdn_egdb_index_init(&x, top[test_random(&rng) % ntop]);
        pdn_board b, c;
        pdn_egdb_board_of(&x, test_random(&rng) % x.size, &b);
        pdn_egdb_index_fini(&x);
        pdn_move ml[PDN_MAX_MOVES];
        int nm = pdn_movegen_legal(v, &b, ml);
        bool win = false, all_won = true;
        for (int k = 0; k < nm; k++) {
            pdn_board_after(&b, &ml[k], &c);
            pdn_egdb_value cv = pdn_egdb_probe(db, &c);
            assert_int_not_equal(cv, PDN_EGDB_UNKNOWN);
            win |= cv == PDN_EGDB_LOSS;
            all_won &= cv == PDN_EGDB_WIN;
        }
        pdn_egdb_value want = win       ? PDN_EGDB_WIN
                              : all_won ? PDN_EGDB_LOSS
                                        : PDN_EGDB_DRAW;
        assert_int_equal(pdn_egdb_probe(db, &b), want);
        seen[want]++;
    }
    assert_true(seen[PDN_EGDB_WIN] && seen[PDN_EGDB_LOSS] &&
                seen[PDN_EGDB_DRAW]);
    printf("%s: %d random positions of %d pieces consistent (%llu won, "
           "%llu drawn, %llu lost)\n",
           v->name, count, pieces, (unsigned long long)seen[1],
           (unsigned long long)seen[2], (unsigned long long)seen[3]);
}

/* Every position of up to @pieces pieces of @v, of every slice and of
 * its twin: the database's value is the solver's. */
static void
agree_with_solver(const pdn_variant *v, int pieces)
{
    char dir[64];
    make_temp(dir);
    pdn_egdb_build_options o = {
        .variant = v, .pieces = pieces, .dir = dir, .jobs = 2};
    pdn_egdb_build_stats st;
    pdn_egdb_error err;
    assert_int_equal(pdn_egdb_build(&o, &st, &err), 0);
    assert_true(st.built == st.slices && st.skipped == 0);

    pdn_solver *solver = pdn_solver_new(v, pieces);
    pdn_egdb *db = pdn_egdb_open(v, dir, &err);
    assert_non_null(db);
    assert_int_equal(pdn_egdb_pieces(db), pieces);
    pdn_egdb_material order[4 * PDN_EGDB_SLICES_MAX];
    size_t n = all_materials(2, pieces, order);
    uint64_t compared = 0, counts[4] = {0};
    for (size_t k = 0; k < n; k++) {
        pdn_egdb_index x;
        pdn_egdb_index_init(&x, order[k]);
        for (uint64_t i = 0; i < x.size; i++) {
            pdn_board b;
            pdn_egdb_board_of(&x, i, &b);
            pdn_egdb_value got = pdn_egdb_probe(db, &b);
            pdn_solved want = pdn_solver_probe(solver, &b, NULL);
            if ((int)got != (int)want) {
                char name[24];
                fprintf(stderr, "%s slice %s index %llu: %d, solver %d\n",
                        v->name, pdn_egdb_material_name(order[k], name),
                        (unsigned long long)i, got, want);
            }
            assert_int_equal((int)got, (int)want);
            counts[got]++;
            compared++;
        }
        pdn_egdb_index_fini(&x);
    }
    /* Every value occurs: the comparison is not of two empty tables. */
    assert_true(counts[PDN_EGDB_WIN] > 0 && counts[PDN_EGDB_DRAW] > 0 &&
                counts[PDN_EGDB_LOSS] > 0);
    printf("%s: %llu positions agree (%llu won, %llu drawn, %llu lost)\n",
           v->name, (unsigned long long)compared, (unsigned long long)counts[1],
           (unsigned long long)counts[2], (unsigned long long)counts[3]);
    consistent(v, db, pieces, 20000);
    pdn_egdb_close(db);
    pdn_solver_free(solver);

    /* Built again: nothing to do. */
    assert_int_equal(pdn_egdb_build(&o, &st, &err), 0);
    assert_true(st.built == 0 && st.skipped == st.slices);
    rm_dir(dir);
}

static void
test_italian_solver(void **state)
{
    agree_with_solver(pdn_variant_by_name("italian"), *(int *)*state);
}

static void
test_spanish_solver(void **state)
{
    agree_with_solver(pdn_variant_by_name("spanish"), *(int *)*state);
}

static void
test_english_solver(void **state)
{
    agree_with_solver(pdn_variant_by_name("english"), *(int *)*state);
}

/* A slice file damaged: refused, its positions unknown. */
static void
test_damaged_file_refused(void **state)
{
    const pdn_variant *v = pdn_variant_by_name("italian");
    char dir[64], path[128];
    pdn_egdb_build_stats st;
    pdn_egdb_error err;
    pdn_board b = pdn_board_empty(PDN_WHITE);

    (void)state;
    make_temp(dir);
    pdn_egdb_build_options o = {.variant = v, .pieces = 3, .dir = dir};
    assert_int_equal(pdn_egdb_build(&o, &st, &err), 0);
    b.pieces[PDN_WHITE] = PDN_BB_OF_INDEX(10) | PDN_BB_OF_INDEX(20);
    b.pieces[PDN_BLACK] = PDN_BB_OF_INDEX(30);
    b.kings = PDN_BB_OF_INDEX(20) | PDN_BB_OF_INDEX(30);
    snprintf(path, sizeof path, "%s/1K1M-1K.egdb", dir);

    pdn_egdb *db = pdn_egdb_open(v, dir, &err);
    assert_int_not_equal(pdn_egdb_probe(db, &b), PDN_EGDB_UNKNOWN);
    pdn_egdb_close(db);

    /* One byte of the values changed. */
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 70, SEEK_SET);
    int c = fgetc(f);
    fseek(f, 70, SEEK_SET);
    fputc(c ^ 0x55, f);
    fclose(f);
    db = pdn_egdb_open(v, dir, &err);
    assert_int_equal(pdn_egdb_probe(db, &b), PDN_EGDB_UNKNOWN);
    assert_non_null(pdn_egdb_fault(db));
    pdn_egdb_close(db);

    /* Cut short. */
    assert_int_equal(truncate(path, 40), 0);
    db = pdn_egdb_open(v, dir, &err);
    assert_int_equal(pdn_egdb_probe(db, &b), PDN_EGDB_UNKNOWN);
    assert_non_null(strstr(pdn_egdb_fault(db), "1K1M-1K.egdb"));
    pdn_egdb_close(db);
    rm_dir(dir);
}

/* With 5 pieces or more: the build of that many and its consistency,
 * in Italian draughts (the solver goes no further than 4). */
static void
test_italian_consistent(void **state)
{
    const pdn_variant *v = pdn_variant_by_name("italian");
    int pieces = *(int *)*state;
    char dir[64];
    pdn_egdb_build_stats st;
    pdn_egdb_error err;

    make_temp(dir);
    pdn_egdb_build_options o = {
        .variant = v, .pieces = pieces, .dir = dir, .jobs = 2};
    assert_int_equal(pdn_egdb_build(&o, &st, &err), 0);
    pdn_egdb *db = pdn_egdb_open(v, dir, &err);
    assert_non_null(db);
    consistent(v, db, pieces, 200000);
    pdn_egdb_close(db);
    rm_dir(dir);
}

int
main(int argc, char **argv)
{
    int pieces = argc > 1 ? atoi(argv[1]) : 3;
    const struct CMUnitTest solver[] = {
        cmocka_unit_test(test_index_one_to_one),
        cmocka_unit_test(test_twin),
        cmocka_unit_test_prestate(test_italian_solver, &pieces),
        cmocka_unit_test_prestate(test_spanish_solver, &pieces),
        cmocka_unit_test_prestate(test_english_solver, &pieces),
        cmocka_unit_test(test_damaged_file_refused),
    };
    const struct CMUnitTest deep[] = {
        cmocka_unit_test_prestate(test_italian_consistent, &pieces),
    };
    if (pieces > PDN_SOLVER_MAX_PIECES)
        return cmocka_run_group_tests(deep, NULL, NULL);
    return cmocka_run_group_tests(solver, NULL, NULL);
}
