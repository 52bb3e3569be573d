/* test_play_session.c -- a game against the engine, as a session holds
 * it: moves played and taken back give the positions back; the result is
 * written by the first mover (1-0: the first mover won, Black in English
 * checkers); the game written as PDN reads back, through pdn's reader,
 * into the same moves; the end by the rules: no piece left, and the
 * luciano draw after 80 plies of kings, with no repetition clause.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "play/session.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "syntax/reader.h"

/* Plays the first legal move @n times. */
static void
play_first(pdn_play_session *s, int n)
{
    for (int i = 0; i < n && !s->end; i++) {
        pdn_move legal[PDN_MAX_MOVES];
        assert_true(pdn_movegen_legal(s->v, pdn_play_board(s), legal) > 0);
        pdn_play_move(s, &legal[0]);
    }
}

static void
test_undo_gives_back(void **state)
{
    (void)state;
    const pdn_variant *v = pdn_variant_default();
    pdn_play_session s;
    pdn_play_start(&s, v, pdn_draw_rule_default(v));
    pdn_board start = *pdn_play_board(&s);
    play_first(&s, 6);
    assert_int_equal(s.plies, 6);
    pdn_board after2 = s.boards[2];
    for (int i = 0; i < 4; i++)
        assert_true(pdn_play_undo(&s));
    assert_true(pdn_board_equal(pdn_play_board(&s), &after2));
    assert_true(pdn_play_undo(&s) && pdn_play_undo(&s));
    assert_true(pdn_board_equal(pdn_play_board(&s), &start));
    assert_false(pdn_play_undo(&s));
    assert_string_equal(pdn_play_result(&s), "*");
    pdn_play_fini(&s);
}

static void
test_result_by_first_mover(void **state)
{
    (void)state;
    const pdn_variant *it = pdn_variant_get(PDN_ITALIAN);
    const pdn_variant *en = pdn_variant_get(PDN_ENGLISH);
    pdn_play_session s;
    char buf[96];
    pdn_play_start(&s, it, pdn_draw_rule_default(it));
    pdn_play_finish(&s, PDN_PLAY_RESIGNED); /* White, to move, resigns */
    assert_string_equal(pdn_play_result(&s), "0-1");
    assert_string_equal(pdn_play_reason(&s, buf), "White resigned");
    pdn_play_fini(&s);
    pdn_play_start(&s, en, pdn_draw_rule_default(en));
    pdn_play_finish(&s, PDN_PLAY_RESIGNED); /* Black, the first mover */
    assert_string_equal(pdn_play_result(&s), "0-1");
    assert_string_equal(pdn_play_reason(&s, buf), "Black resigned");
    pdn_play_fini(&s);
    pdn_play_start(&s, en, pdn_draw_rule_default(en));
    play_first(&s, 1);
    pdn_play_finish(&s, PDN_PLAY_RESIGNED); /* White, the second mover */
    assert_string_equal(pdn_play_result(&s), "1-0");
    pdn_play_fini(&s);
}

static void
test_pdn_reads_back(void **state)
{
    (void)state;
    const pdn_variant *v = pdn_variant_get(PDN_ENGLISH);
    pdn_play_session s, back;
    pdn_play_start(&s, v, pdn_draw_rule_default(v));
    play_first(&s, 41);
    const char *tags[] = {"Event", "test", NULL};
    pdn_strbuf text = PDN_STRBUF_INIT;
    pdn_play_pdn(&s, tags, &text);
    assert_non_null(strstr(text.ptr, "[GameType \"21\"]"));
    assert_non_null(strstr(text.ptr, "[Result \"*\"]"));
    pdn_reader *r = pdn_reader_new_mem("t", text.ptr, text.len, NULL);
    pdn_game *g = NULL;
    pdn_diags d = PDN_DIAGS_INIT;
    assert_int_equal(pdn_reader_next(r, &g, &d), 1);
    assert_int_equal(pdn_play_resume(&back, g, v, s.rule), 0);
    assert_int_equal(back.plies, s.plies);
    for (size_t i = 0; i <= s.plies; i++)
        assert_true(pdn_board_equal(&back.boards[i], &s.boards[i]));
    pdn_play_fini(&back);
    pdn_game_free(g);
    pdn_diags_free(&d);
    pdn_reader_free(r);
    pdn_strbuf_free(&text);
    pdn_play_fini(&s);
}

static void
test_luciano(void **state)
{
    (void)state;
    const pdn_variant *v = pdn_variant_default();
    const pdn_draw_rule *rule = pdn_draw_rule_by_name("luciano");
    assert_non_null(rule);
    assert_int_equal(rule->repetition, 0);
    assert_int_equal(rule->no_progress, 80);
    pdn_play_session s;
    pdn_play_start(&s, v, rule);
    /* Two kings each, far apart, going back and forth: positions repeat
       many times (no draw by it), and the 80th ply with no capture and no
       man move draws. */
    pdn_fen_error err;
    const char *fen = "W:WK29,K30:BK1,K2";
    assert_int_equal(pdn_fen_parse(v, fen, strlen(fen), &s.boards[0], &err), 0);
    int plies = 0;
    while (!s.end && plies < 200) {
        pdn_move legal[PDN_MAX_MOVES];
        int n = pdn_movegen_legal(v, pdn_play_board(&s), legal);
        assert_true(n > 0);
        /* forth and back: the first move, then the one that returns */
        pdn_play_move(&s, &legal[plies % 4 < 2 ? 0 : n - 1]);
        plies++;
    }
    assert_int_equal(s.end, PDN_PLAY_NO_PROGRESS);
    assert_int_equal(plies, 80);
    assert_string_equal(pdn_play_result(&s), "1/2-1/2");
    pdn_play_fini(&s);
}

static void
test_no_move_loses(void **state)
{
    (void)state;
    const pdn_variant *v = pdn_variant_default();
    pdn_play_session s;
    pdn_play_start(&s, v, pdn_draw_rule_default(v));
    /* White, to move, must jump Black's last piece. */
    pdn_fen_error err;
    const char *fen = "W:W22:B18";
    assert_int_equal(pdn_fen_parse(v, fen, strlen(fen), &s.boards[0], &err), 0);
    play_first(&s, 1);
    char buf[96];
    assert_int_equal(s.end, PDN_PLAY_NO_PIECE);
    assert_string_equal(pdn_play_result(&s), "1-0");
    assert_string_equal(pdn_play_reason(&s, buf), "Black has no piece left");
    pdn_play_fini(&s);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_gives_back),
        cmocka_unit_test(test_result_by_first_mover),
        cmocka_unit_test(test_pdn_reads_back),
        cmocka_unit_test(test_luciano),
        cmocka_unit_test(test_no_move_loses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
