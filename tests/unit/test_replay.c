/* test_replay.c -- replaying games: the real archives replay with no error
 * (RULES.md numbering and rules), and each replay diagnostic on a game
 * made to show it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/capture.h"
#include "replay/draw.h"
#include "replay/replay.h"
#include "rules/movegen.h"
#include "syntax/reader.h"
#include "rng.h"

typedef struct tally {
    size_t games, errors, plies, not_replayed;
    pdn_strbuf text; /* "line:col code message" per diagnostic */
} tally;

static void
replay_stream(pdn_reader *r, const pdn_replay_options *o, tally *t)
{
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    while (pdn_reader_next(r, &g, &d) > 0) {
        pdn_replay_result res;
        pdn_replay_game(g, o, &d, &res);
        t->games++;
        t->plies += res.plies;
        t->not_replayed += res.variant == NULL;
        pdn_reader_recycle(r, g);
    }
    for (size_t i = 0; i < d.count; i++) {
        pdn_strbuf_printf(&t->text, "%u:%u %d %s\n", d.items[i].at.line,
                          d.items[i].at.col, d.items[i].code,
                          d.items[i].message);
        if (d.items[i].severity == PDN_SEV_ERROR) {
            t->errors++;
            print_message("%s:%u:%u: %s\n", d.items[i].file, d.items[i].at.line,
                          d.items[i].at.col, d.items[i].message);
        }
    }
    pdn_diags_free(&d);
}

/* Replays @text with @o (NULL: Italian, the default draw rule). */
static tally
replay_text_with(const char *text, const pdn_replay_options *o)
{
    tally t;
    memset(&t, 0, sizeof t);
    pdn_tagmap *map = pdn_tagmap_new();
    pdn_reader_options opt = {.keep_raw = true, .tagmap = map};
    pdn_replay_options italian = {.variant = pdn_variant_get(PDN_ITALIAN)};
    pdn_reader *r = pdn_reader_new_mem("t.pdn", text, strlen(text), &opt);
    replay_stream(r, o ? o : &italian, &t);
    pdn_reader_free(r);
    pdn_tagmap_free(map);
    return t;
}

static tally
replay_text(const char *text, pdn_variant_id id)
{
    pdn_replay_options o = {.variant = pdn_variant_get(id)};
    return replay_text_with(text, &o);
}

/* Every game of every .pdn file in @dir replays with no error. */
static int
replay_dir(const char *dir, pdn_variant_id id, tally *t)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".pdn") != 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        pdn_tagmap *map = pdn_tagmap_new();
        pdn_reader_options opt = {.tagmap = map};
        pdn_reader *r = pdn_reader_new(path, f, &opt);
        pdn_replay_options o = {.variant = pdn_variant_get(id)};
        replay_stream(r, &o, t);
        pdn_reader_free(r);
        pdn_tagmap_free(map);
        fclose(f);
    }
    closedir(d);
    return 0;
}

static void
test_archives(void **state)
{
    (void)state;
    static const struct {
        const char *dir;
        pdn_variant_id id;
        size_t games; /* at the least: the archives' games and ballots */
    } sets[] = {
        {PDN_SOURCE_ROOT "/corpus/real/italian", PDN_ITALIAN, 521 + 2400},
        {PDN_SOURCE_ROOT "/corpus/real/english", PDN_ENGLISH, 9396 + 2400},
    };
    for (size_t i = 0; i < 2; i++) {
        tally t;
        memset(&t, 0, sizeof t);
        assert_int_equal(replay_dir(sets[i].dir, sets[i].id, &t), 0);
        print_message("%s: %zu games, %zu plies, %zu errors\n", sets[i].dir,
                      t.games, t.plies, t.errors);
        assert_int_equal(t.errors, 0);
        assert_int_equal(t.not_replayed, 0);
        assert_true(t.games >= sets[i].games);
        assert_true(t.plies > 500);
        pdn_strbuf_free(&t.text);
    }
}

static void
expect(const char *game, pdn_variant_id id, size_t errors, const char *fragment)
{
    tally t = replay_text(game, id);
    if (t.errors != errors)
        fail_msg("%s: %zu errors, expected %zu:\n%s", game, t.errors, errors,
                 t.text.ptr ? t.text.ptr : "(nothing)");
    if (fragment && (!t.text.ptr || !strstr(t.text.ptr, fragment)))
        fail_msg("expected '%s' among:\n%s", fragment,
                 t.text.ptr ? t.text.ptr : "(nothing)");
    pdn_strbuf_free(&t.text);
}

static void
test_diagnostics(void **state)
{
    (void)state;
    /* A quiet move when a capture is compulsory. */
    expect("[FEN \"W:W22,30:B18\"] 1. 30-26 *", PDN_ITALIAN, 1,
           "1:25 201 illegal move 30-26: capture is compulsory");
    /* Law 4 (RULES.md section 3). */
    expect("[FEN \"W:WK30:B10,K12,K18,20,K26,K27\"] 1. 30x7 *", PDN_ITALIAN, 1,
           "201 illegal move 30x7: law 4");
    /* A man cannot take a king (Italian); an English man can. */
    expect("[FEN \"W:W30:BK26\"] 1. 30x21 *", PDN_ITALIAN, 1,
           "a man cannot capture a king");
    expect("[FEN \"W:W30:BK26\"] 1. 30x21 *", PDN_ENGLISH, 1, NULL);
    /* A square the board does not have. */
    expect("1. 22-55 *", PDN_ITALIAN, 1, "has no square 55");
    /* Squares up to 50 and no GameType: a game of the 10x10 board. */
    expect("1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *", PDN_ITALIAN, 0,
           "looks like International draughts (GameType 20)");
    expect("[FEN \"W:W31,35:B1\"] 1. 31-27 *", PDN_ITALIAN, 0,
           "names square 35");
    /* c3 is a light square of the Italian board: named as written */
    expect("1. c3-d4 *", PDN_ITALIAN, 1, "has no square c3");
    /* Two ways round from 21 to 21: the next move decides... */
    expect("[FEN \"W:WK21,5:B18,19,26,27,3\"] 1. 21x21 3-7 2. 5-1 *",
           PDN_ITALIAN, 1, NULL);
    /* ...and a variation is replayed from the position before its move;
     * a bad move in a variation is an error too. */
    expect("1. 22-18 (1. 21-17 9-13) (1. 24-21) 11-15 *", PDN_ITALIAN, 1,
           "1:30 201 illegal move 24-21");
    /* Move numbers that disagree with the side to move. */
    expect("1. 22-18 1. 11-15 *", PDN_ITALIAN, 0,
           "1:10 204 the move number says White is to move");
    expect("1. 22-18 1... 11-15 2. 23-19 *", PDN_ITALIAN, 0, NULL);
    /* A bad FEN tag, an unknown GameType, an unknown move. */
    expect("[FEN \"W:W51:B1\"] 1. 22-18 *", PDN_ITALIAN, 1, "205 bad FEN");
    expect("[GameType \"20\"] 1. 32-28 *", PDN_ITALIAN, 0,
           "206 GameType 20 is not a variant");
    expect("1. 22-18 - 2. 23-19 *", PDN_ITALIAN, 0, "207 an unknown move");
    /* A setup inside the moves. */
    expect("1. 22-18 /FEN \"W:W30:B27\"/ 30x23 *", PDN_ITALIAN, 0, NULL);
}

/* The capture 21x21 names two moves (RULES.md 6); only one of them lets
 * the game go on as written. */
static void
test_lookahead(void **state)
{
    (void)state;
    /* Round one way 21x14x23x30x21 takes 18,19,27,26 in that order; the
     * other way the reverse: the same pieces, the same end.  Both leave
     * the same board, so nothing after can decide: an error. */
    expect("[FEN \"W:WK21:B18,19,26,27,1\"] 1. 21x21 1-5 *", PDN_ITALIAN, 1,
           "202 ambiguous move 21x21");
    /* Two men's captures from 30 to 14 take different pieces (18 and
     * 26, or 19 and 27); only the first leaves 19 for Black's 19-23. */
    expect("[FEN \"W:W30:B18,19,26,27\"] 1. 30x14 19-23 *", PDN_ITALIAN, 0,
           "203 ambiguous move 30x14: the moves that follow show it is "
           "30x21x14");
    /* Written in full it is one move ("21x14x21" is not enough: both ways
     * pass 14). */
    expect("[FEN \"W:WK21:B18,19,26,27,1\"] 1. 21x14x23x30x21 1-5 *",
           PDN_ITALIAN, 0, NULL);
}

/* As expect(), with options, and @absent (a code such as " 209 ") not
 * among the diagnostics. */
static void
expect_with(const char *game, const pdn_replay_options *o, size_t errors,
            const char *fragment, const char *absent)
{
    tally t = replay_text_with(game, o);
    const char *text = t.text.ptr ? t.text.ptr : "(nothing)";
    if (t.errors != errors)
        fail_msg("%s: %zu errors, expected %zu:\n%s", game, t.errors, errors,
                 text);
    if (fragment && !strstr(text, fragment))
        fail_msg("expected '%s' among:\n%s", fragment, text);
    if (absent && strstr(text, absent))
        fail_msg("did not expect '%s' among:\n%s", absent, text);
    pdn_strbuf_free(&t.text);
}

/* No GameType, a first move illegal from the start, every move legal in
 * another variant: a note names it.  Not from a position of its own (a
 * problem whose first move breaks a law), nor for a game that goes wrong
 * later, nor when the game says its variant. */
static void
test_other_variant(void **state)
{
    (void)state;
    expect("1. 11-15 23-19 2. 8-11 22-17 *", PDN_ITALIAN, 1,
           "217 the game has no GameType tag and was read as Italian "
           "draughts; every move of it is legal in English checkers "
           "(GameType 21)");
    expect("1. 22-18 11-15 *", PDN_ENGLISH, 1,
           "legal in Italian draughts (GameType 22)");
    expect_with("[FEN \"W:WK30:B10,K12,K18,20,K26,K27\"] 1. 30x7 *", NULL, 1,
                NULL, " 217 ");
    expect_with("1. 22-18 11-15 2. 22-17 *", NULL, 1, NULL, " 217 ");
    expect_with("[GameType \"22\"] 1. 11-15 23-19 *", NULL, 1, NULL, " 217 ");
}

/* The roster, so that the games below are asked nothing else. */
#define ROSTER                                                                 \
    "[Event \"e\"] [Site \"s\"] [Date \"2002.06.01\"] [Round \"1\"] "          \
    "[White \"w\"] [Black \"b\"] "

/* Two Italian kings, White's on 29 (b1), Black's on 4 (g8): 29-25 4-8
 * 25-29 8-4 brings the start back, with White to move (RULES.md 1). */
#define SHUFFLE "1. 29-25 4-8 2. 25-29 8-4 3. 29-25 4-8 4. 25-29 8-4 "

/* RULES.md 8: a position's 3rd occurrence draws under "standard", its
 * 4th under "fid-2008". */
static void
test_repetition(void **state)
{
    (void)state;
    const char *game =
        ROSTER "[Result \"1/2-1/2\"] [FEN \"W:WK29:BK4\"] " SHUFFLE "1/2-1/2";
    pdn_replay_options o = {.variant = pdn_variant_get(PDN_ITALIAN)};
    /* After ply 4 the start stands a 2nd time, after ply 8 a 3rd. */
    expect_with(game, &o, 0,
                "210 a draw by repetition was available at the end: the "
                "position occurred for the 3rd time (rule 'standard')",
                NULL);
    o.draw_rule = "fid-2008";
    expect_with(game, &o, 0,
                "210 no rule draw was available at the end of the main line "
                "(rule 'fid-2008': 4th occurrence, 80 reversible plies): the "
                "draw must have been agreed",
                NULL);
    /* Automatic: the 9th ply is played after the draw. */
    o.draw_rule = NULL;
    o.automatic_draw = true;
    expect_with(ROSTER "[Result \"1/2-1/2\"] [FEN \"W:WK29:BK4\"] " SHUFFLE
                       "5. 29-25 1/2-1/2",
                &o, 0,
                "1:173 209 move 29-25 is played after an automatic draw: "
                "the position occurred for the 3rd time (repetition, rule "
                "'standard')",
                NULL);
    /* Claimable (the default): nothing to report. */
    o.automatic_draw = false;
    expect_with(ROSTER "[Result \"1/2-1/2\"] [FEN \"W:WK29:BK4\"] " SHUFFLE
                       "5. 29-25 1/2-1/2",
                &o, 0, NULL, " 209 ");
    /* A variation starts from the counts before the move it replaces:
     * 4... 8-12 leaves the start's 2nd occurrence behind, the variation
     * 4... 8-4 reaches its 3rd, and its next move is past the draw. */
    o.automatic_draw = true;
    expect_with(ROSTER "[Result \"*\"] [FEN \"W:WK29:BK4\"] "
                       "1. 29-25 4-8 2. 25-29 8-4 3. 29-25 4-8 4. 25-29 8-12 "
                       "(4... 8-4 5. 29-25) 5. 29-25 *",
                &o, 0, "1:178 209 move 29-25", NULL);
    expect_with(ROSTER "[Result \"*\"] [FEN \"W:WK29:BK4\"] "
                       "1. 29-25 4-8 2. 25-29 8-4 3. 29-25 4-8 4. 25-29 8-12 "
                       "5. 29-25 *",
                &o, 0, NULL, " 209 ");
}

/* White's king walks b1 a2 b3 a4 b5 c4 d3 c2 d1 e2 f1 g2 h3 g4 f3 e4 f5
 * e6 d5 c6 b7 (RULES.md 1, Italian numbering) while Black's shuttles
 * between g8 and h7: 40 reversible plies, no position twice. */
#define WALK                                                                   \
    "1. 29-25 4-8 2. 25-21 8-4 3. 21-17 4-8 4. 17-13 8-4 5. 13-18 4-8 "        \
    "6. 18-22 8-4 7. 22-26 4-8 8. 26-30 8-4 9. 30-27 4-8 10. 27-31 8-4 "       \
    "11. 31-28 4-8 12. 28-24 8-4 13. 24-20 4-8 14. 20-23 8-4 "                 \
    "15. 23-19 4-8 16. 19-15 8-4 17. 15-11 4-8 18. 11-14 8-4 "                 \
    "19. 14-10 4-8 20. 10-5 8-4 "

/* RULES.md 8: 40 reversible plies draw under "spanish", not under
 * "standard" (100) or "short" (80). */
static void
test_no_progress(void **state)
{
    (void)state;
    const char *game =
        ROSTER "[Result \"1/2-1/2\"] [FEN \"W:WK29:BK4\"] " WALK "1/2-1/2";
    pdn_replay_options o = {.variant = pdn_variant_get(PDN_ITALIAN),
                            .draw_rule = "spanish"};
    expect_with(game, &o, 0,
                "210 a draw by the no-progress rule was available at the "
                "end: 40 reversible plies in a row (rule 'spanish')",
                NULL);
    o.draw_rule = NULL; /* Italian: standard */
    expect_with(game, &o, 0,
                "(rule 'standard': 3rd occurrence, 100 reversible plies): "
                "the draw must have been agreed",
                NULL);
    o.draw_rule = "short";
    expect_with(game, &o, 0, "(rule 'short': 3rd occurrence, 80", NULL);
    /* The Spanish variant plays by "spanish" by default. */
    pdn_replay_options es = {.variant = pdn_variant_get(PDN_SPANISH)};
    expect_with(ROSTER "[Result \"1/2-1/2\"] [FEN \"W:WK1:BK32\"] "
                       "1/2-1/2",
                &es, 0, "rule 'spanish': 3rd occurrence, 40", NULL);
    /* Automatic, "spanish": the 41st ply is past the draw; under "short"
     * (80) it is not. */
    o.draw_rule = "spanish";
    o.automatic_draw = true;
    expect_with(ROSTER "[Result \"*\"] [FEN \"W:WK29:BK4\"] " WALK "21. 5-1 *",
                &o, 0,
                "209 move 5-1 is played after an automatic draw: 40 "
                "reversible plies in a row (no-progress, rule 'spanish')",
                NULL);
    o.draw_rule = "short";
    expect_with(ROSTER "[Result \"*\"] [FEN \"W:WK29:BK4\"] " WALK "21. 5-1 *",
                &o, 0, NULL, " 209 ");
}

/* RULES.md 1 and 2: who has lost at the end of the main line, and what
 * 1-0 means in each variant. */
static void
test_results(void **state)
{
    (void)state;
    /* Italian: 22x13 takes Black's last piece; White, the first mover,
     * won: 1-0. */
    expect(ROSTER "[Result \"0-1\"] [FEN \"W:W22:B18\"] 1. 22x13 0-1",
           PDN_ITALIAN, 1,
           "211 the result 0-1 is false: at the end of the main line Black, "
           "to move, has no piece and has lost (the result is 1-0)");
    expect(ROSTER "[Result \"1-0\"] [FEN \"W:W22:B18\"] 1. 22x13 1-0",
           PDN_ITALIAN, 0, NULL);
    expect(ROSTER "[Result \"1/2-1/2\"] [FEN \"W:W22:B18\"] 1. 22x13 "
                  "1/2-1/2",
           PDN_ITALIAN, 1, "211 the result 1/2-1/2 is false");
    /* English: Black moves first, so Black's win is 1-0; 14x23 takes
     * White's last man (14 c5 over 18 d4 to 23 e3). */
    expect(ROSTER "[Result \"0-1\"] [FEN \"B:W18:B14\"] 1. 14x23 0-1",
           PDN_ENGLISH, 1,
           "211 the result 0-1 is false: at the end of the main line White, "
           "to move, has no piece and has lost (the result is 1-0)");
    expect(ROSTER "[Result \"1-0\"] [FEN \"B:W18:B14\"] 1. 14x23 1-0",
           PDN_ENGLISH, 0, NULL);
    /* Italian: Black's man on 25 (a2) is blocked by 29 (b1): no move. */
    expect(ROSTER "[Result \"0-1\"] [FEN \"B:W29:B25\"] 0-1", PDN_ITALIAN, 1,
           "has no legal move and has lost (the result is 1-0)");
    /* After an illegal move nothing is known: no claim is judged. */
    expect(ROSTER "[Result \"0-1\"] [FEN \"W:W22:B18\"] 1. 22x13 9-13 0-1",
           PDN_ITALIAN, 1, NULL);
    /* The tag against the terminator: 1-1 and 1/2-1/2 agree, '*' states
     * nothing. */
    expect(ROSTER "[Result \"1-0\"] 1. 22-18 0-1", PDN_ITALIAN, 1,
           "212 the result 0-1 disagrees with the Result tag \"1-0\"");
    expect(ROSTER "[Result \"1-1\"] 1. 22-18 1/2-1/2", PDN_ITALIAN, 0, NULL);
    expect(ROSTER "[Result \"1-0\"] 1. 22-18 *", PDN_ITALIAN, 0, NULL);
    /* No result at all, or only '*'. */
    expect(ROSTER "1. 22-18 11-15", PDN_ITALIAN, 0,
           "213 the game has no result: no Result tag and no terminator");
    expect(ROSTER "1. 22-18 11-15 *", PDN_ITALIAN, 0,
           "213 the game has no result: '*' and no Result tag");
    expect_with(ROSTER "[Result \"*\"] 1. 22-18 11-15 *", NULL, 0, NULL,
                " 213 ");
    /* A position alone (a ballot) is asked for nothing. */
    expect_with("[FEN \"W:W21-32:B1-12\"] *", NULL, 0, NULL, " 21");
}

/* The Seven-Tag Roster, Date and PlyCount. */
static void
test_tags(void **state)
{
    (void)state;
    expect("[Event \"e\"] [White \"w\"] 1. 22-18 *", PDN_ITALIAN, 0,
           "1:1 214 tags of the Seven-Tag Roster missing: Site, Date, "
           "Round, Black, Result");
    /* Mapped names count. */
    expect_with("[Evento \"e\"] [Luogo \"s\"] [Data \"1996\"] [Turno \"1\"] "
                "[Bianco \"w\"] [Nero \"b\"] [Risultato \"*\"] 1. 22-18 *",
                NULL, 0, NULL, " 214 ");
    static const char *const good[] = {
        "2002.06.01",    "2002.??.??",    "????.??.??",
        "2002-06-01",    "1841-?\?-?\?",  "1996",
        "1996.",         "01.06.2002",    "01-06-2002",
        "1-2 June 2002", "12 april 1999", "June 2002",
        "96.06.01",      "1995/1996",     "",
        "2002.6.1",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char game[256];
        snprintf(game, sizeof game,
                 "[Event \"e\"] [Site \"s\"] [Date \"%s\"] [Round \"1\"] "
                 "[White \"w\"] [Black \"b\"] [Result \"*\"] 1. 22-18 *",
                 good[i]);
        expect_with(game, NULL, 0, NULL, " 215 ");
    }
    static const char *const bad[] = {"next tuesday", "2002.13.01",
                                      "32.01.2002",   "20021",
                                      "2002.06.01x",  "1-2 Jully 2002"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char game[256];
        snprintf(game, sizeof game,
                 "[Event \"e\"] [Site \"s\"] [Date \"%s\"] [Round \"1\"] "
                 "[White \"w\"] [Black \"b\"] [Result \"*\"] 1. 22-18 *",
                 bad[i]);
        expect_with(game, NULL, 0, " 215 Date \"", NULL);
    }
    expect(ROSTER "[Result \"*\"] [PlyCount \"3\"] 1. 22-18 11-15 *",
           PDN_ITALIAN, 0,
           "216 PlyCount says 3 plies, but the main line has 2");
    expect_with(ROSTER "[Result \"*\"] [PlyCount \"2\"] 1. 22-18 11-15 *", NULL,
                0, NULL, " 216 ");
    expect(ROSTER "[Result \"*\"] [PlyCount \"two\"] 1. 22-18 *", PDN_ITALIAN,
           0, "216 PlyCount \"two\" is not a number");
}

/* The replay's own test for a man's capture against the move generator,
 * on the positions of random games of each variant where the side to
 * move has no king, with some of the other side's men crowned (Italian
 * men never take a king): the same answer every time. */
static void
test_men_capture(void **state)
{
    uint64_t seed = 0x2545F4914F6CDD1Dull;
    long tested = 0, captures = 0;
    (void)state;
    for (int vi = 0; vi < PDN_VARIANT_COUNT; vi++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)vi);
        for (int game = 0; game < 300; game++) {
            pdn_board b = pdn_board_start(v);
            pdn_move ml[PDN_MAX_MOVES];
            for (int ply = 0; ply < 120; ply++) {
                pdn_board t = b;
                test_random(&seed);
                /* Crown some of the other side's men now and then. */
                if (seed % 3 == 0)
                    t.kings |= t.pieces[pdn_color_other(t.side)] &
                               (pdn_bb)(seed >> 16);
                if (!(t.pieces[t.side] & t.kings)) {
                    bool want = pdn_movegen_has_capture(v, &t);
                    assert_int_equal(pdn_replay_men_capture(v, &t), want);
                    tested++;
                    captures += want;
                }
                int n = pdn_movegen_legal(v, &b, ml);
                if (n <= 0)
                    break;
                pdn_board_play(&b, &ml[seed % (uint64_t)n]);
            }
        }
    }
    /* Both answers were met often. */
    assert_true(captures > 1000);
    assert_true(tested - captures > 1000);
}

/* Whether @m and @n are the same move, path and all. */
static bool
same_move(const pdn_move *m, const pdn_move *n)
{
    if (m->from != n->from || m->to != n->to || m->ncaptured != n->ncaptured ||
        m->flags != n->flags || m->captured_bb != n->captured_bb)
        return false;
    for (int i = 0; i < m->ncaptured; i++)
        if (m->captured[i] != n->captured[i] || m->landing[i] != n->landing[i])
            return false;
    return true;
}

/* The replay's single jump against the move generator, on the positions
 * of random games of each variant, with some of either side's men
 * crowned now and then: every jump of two steps from every piece of the
 * side to move is tried.  It may decline (the generator decides then),
 * but a move it takes is the one legal move with those two squares; and
 * where every legal move is a man's single jump of a man, with no king
 * on the board, it takes each of them. */
static void
test_single_jump(void **state)
{
    static const int steps[4] = {BB_UP_A, BB_UP_B, BB_DOWN_A, BB_DOWN_B};
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    long taken = 0, declined = 0;
    (void)state;
    for (int vi = 0; vi < PDN_VARIANT_COUNT; vi++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)vi);
        for (int game = 0; game < 300; game++) {
            pdn_board b = pdn_board_start(v);
            pdn_move ml[PDN_MAX_MOVES], legal[PDN_MAX_MOVES];
            for (int ply = 0; ply < 120; ply++) {
                pdn_board t = b;
                test_random(&seed);
                if (seed % 3 == 0) /* crown some men, either side's */
                    t.kings |= (t.pieces[PDN_WHITE] | t.pieces[PDN_BLACK]) &
                               (pdn_bb)(seed >> 16);
                int nlegal = pdn_movegen_legal(v, &t, legal);
                bool plain = nlegal > 0 && !t.kings && legal[0].ncaptured;
                for (int i = 0; plain && i < nlegal; i++)
                    plain = legal[i].ncaptured == 1;
                int found = 0;
                for (pdn_bb own = t.pieces[t.side]; own; own &= own - 1) {
                    int from = __builtin_ctzll(own);
                    for (int k = 0; k < 4; k++) {
                        int to = from + 2 * steps[k];
                        pdn_move m;
                        if (to < 0 || to >= PDN_BB_BITS ||
                            !pdn_replay_single_jump(v, &t, from, to, &m)) {
                            declined++;
                            continue;
                        }
                        int same = 0;
                        for (int i = 0; i < nlegal; i++)
                            if (legal[i].from == from && legal[i].to == to) {
                                assert_true(same_move(&m, &legal[i]));
                                same++;
                            }
                        assert_int_equal(same, 1);
                        found++;
                        taken++;
                    }
                }
                if (plain)
                    assert_int_equal(found, nlegal);
                int n = pdn_movegen_legal(v, &b, ml);
                if (n <= 0)
                    break;
                pdn_board_play(&b, &ml[seed % (uint64_t)n]);
            }
        }
    }
    /* Both answers were met often. */
    assert_true(taken > 1000);
    assert_true(declined > 1000);
}

/* Each variant's row names its draw preset, and that is the default: the
 * RULES.md section 8 figures of each (3 and 100, 3 and 40, 3 and 80). */
static void
test_draw_presets(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        int repetition, plies;
    } want[] = {{"italian", 3, 100}, {"spanish", 3, 40}, {"english", 3, 80}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const pdn_variant *v = pdn_variant_by_name(want[i].variant);
        assert_non_null(v);
        const pdn_draw_rule *r = pdn_draw_rule_default(v);
        assert_ptr_equal(r, pdn_draw_rule_by_name(v->draw_preset));
        assert_int_equal(r->repetition, want[i].repetition);
        assert_int_equal(r->no_progress, want[i].plies);
    }
    assert_ptr_equal(pdn_draw_rule_default(NULL),
                     pdn_draw_rule_default(pdn_variant_default()));
}

int
main(void)
{
    /* clang-format off */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_archives),
        cmocka_unit_test(test_diagnostics),
        cmocka_unit_test(test_other_variant),
        cmocka_unit_test(test_lookahead),
        cmocka_unit_test(test_repetition),
        cmocka_unit_test(test_no_progress),
        cmocka_unit_test(test_results),
        cmocka_unit_test(test_tags),
        cmocka_unit_test(test_men_capture),
        cmocka_unit_test(test_single_jump),
        cmocka_unit_test(test_draw_presets),
    };
    /* clang-format on */
    return cmocka_run_group_tests(tests, NULL, NULL);
}
