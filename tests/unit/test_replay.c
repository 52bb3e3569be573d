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

#include "replay/replay.h"
#include "syntax/reader.h"

typedef struct tally {
    size_t games, errors, plies, not_replayed;
    pdn_strbuf text; /* "line:col code message" per diagnostic */
} tally;

static void
replay_stream(pdn_reader *r, const pdn_variant *v, tally *t)
{
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    pdn_replay_options o = {.variant = v};
    while (pdn_reader_next(r, &g, &d) > 0) {
        pdn_replay_result res;
        pdn_replay_game(g, &o, &d, &res);
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
            print_message("%s:%u:%u: %s\n", d.items[i].file,
                          d.items[i].at.line, d.items[i].at.col,
                          d.items[i].message);
        }
    }
    pdn_diags_free(&d);
}

static tally
replay_text(const char *text, pdn_variant_id id)
{
    tally t;
    memset(&t, 0, sizeof t);
    pdn_reader_options opt = {.keep_raw = true};
    pdn_reader *r = pdn_reader_new_mem("t.pdn", text, strlen(text), &opt);
    replay_stream(r, pdn_variant_get(id), &t);
    pdn_reader_free(r);
    return t;
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
        replay_stream(r, pdn_variant_get(id), t);
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
    } sets[] = {
        {PDN_SOURCE_ROOT "/../shared/corpora/italian", PDN_ITALIAN},
        {PDN_SOURCE_ROOT "/../shared/corpora/english", PDN_ENGLISH},
    };
    for (size_t i = 0; i < 2; i++) {
        tally t;
        memset(&t, 0, sizeof t);
        if (replay_dir(sets[i].dir, sets[i].id, &t) < 0) {
            print_message("note: %s is missing: its games were not "
                          "replayed\n", sets[i].dir);
            continue;
        }
        print_message("%s: %zu games, %zu plies, %zu errors\n", sets[i].dir,
                      t.games, t.plies, t.errors);
        assert_int_equal(t.errors, 0);
        assert_int_equal(t.not_replayed, 0);
        assert_true(t.plies > 500);
        pdn_strbuf_free(&t.text);
    }
}

static void
expect(const char *game, pdn_variant_id id, size_t errors,
       const char *fragment)
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
    expect("[FEN \"W:WK30:B10,K12,K18,20,K26,K27\"] 1. 30x7 *", PDN_ITALIAN,
           1, "201 illegal move 30x7: law 4");
    /* A man cannot take a king (Italian); an English man can. */
    expect("[FEN \"W:W30:BK26\"] 1. 30x21 *", PDN_ITALIAN, 1,
           "a man cannot capture a king");
    expect("[FEN \"W:W30:BK26\"] 1. 30x21 *", PDN_ENGLISH, 1, NULL);
    /* A square the board does not have. */
    expect("1. 22-45 *", PDN_ITALIAN, 1, "has no square 45");
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
    expect("[FEN \"W:W33:B1\"] 1. 22-18 *", PDN_ITALIAN, 1, "205 bad FEN");
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
    /* Written in full it is one move ("21x14x21" is not enough: both ways
     * pass 14). */
    expect("[FEN \"W:WK21:B18,19,26,27,1\"] 1. 21x14x23x30x21 1-5 *",
           PDN_ITALIAN, 0, NULL);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_archives),
        cmocka_unit_test(test_diagnostics),
        cmocka_unit_test(test_lookahead),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
