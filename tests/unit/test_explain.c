/* test_explain.c -- the referee of explain.h on the positions of RULES.md
 * section 3 and on hand-built positions for every reason, in all three
 * variants.  Every verdict below was worked out by hand from RULES.md.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "rules/explain.h"
#include "rules/fen.h"
#include "rules/variant.h"

#define ANY (-1) /* matches not checked */

typedef struct verdict {
    const char *fen;
    const char *move;
    pdn_reason reason;
    int matches;
    const char *message; /* expected within the message, or NULL */
} verdict;

/* "30x21", "22-18" or "22:13" as the squares written (no checks beyond
 * what these tests need). */
static pdn_written_move
written(const char *text)
{
    pdn_written_move w;
    const char *p = text;

    memset(&w, 0, sizeof w);
    while (*p && w.count < PDN_MAX_CAPTURES + 1) {
        int n = 0;
        while (*p >= '0' && *p <= '9')
            n = n * 10 + (*p++ - '0');
        w.squares[w.count++] = (uint8_t)n;
        if (*p == 'x' || *p == ':')
            w.capture = true;
        if (*p)
            p++;
    }
    return w;
}

static void
check_one(pdn_variant_id id, const verdict *c)
{
    const pdn_variant *v = pdn_variant_get(id);
    pdn_board b;
    pdn_fen_error err;
    pdn_written_move w = written(c->move);
    pdn_explanation e;
    pdn_reason got;
    bool ok;

    if (pdn_fen_parse(v, c->fen, strlen(c->fen), &b, &err) != 0)
        fail_msg("%s: bad FEN %s: %s", v->name, c->fen, err.message);
    got = pdn_explain(v, &b, &w, &e);
    ok = got == c->reason && e.reason == c->reason &&
         (c->matches == ANY || e.matches == c->matches) &&
         (c->message == NULL || strstr(e.message, c->message) != NULL) &&
         e.message[0] != '\0' && e.message[strlen(e.message) - 1] != '.';
    if (!ok)
        fail_msg("%s %s %s: got %s (%d matches) \"%s\"; want %s (%d) \"%s\"",
                 v->name, c->fen, c->move, pdn_reason_name(got), e.matches,
                 e.message, pdn_reason_name(c->reason), c->matches,
                 c->message ? c->message : "");
}

static void
check_all(pdn_variant_id id, const verdict *cases, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        check_one(id, &cases[i]);
}

#define CHECK_ALL(id, cases)                                                   \
    check_all(id, cases, sizeof(cases) / sizeof(cases[0]))

/* ---- Italian: the published positions of RULES.md section 3 ---- */

static void
test_italian_table_legal(void **state)
{
    static const verdict cases[] = {
        {"W:W30:B27", "30x23", PDN_REASON_LEGAL, 1, "30x23 is legal"},
        {"W:W31:B12,20,28", "31x8", PDN_REASON_LEGAL, 1, NULL},
        {"W:W31:B12,20,28", "31x24x15x8", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK22:B18,19,27", "22x13", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK22:B18,19,27", "22x15", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK22:B18,19,27", "22x31", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK27:B5,6,13,15,21,23", "27x25", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK27:B5,6,13,15,21,23", "27x20x11x2x9x18x25", PDN_REASON_LEGAL, 1,
         NULL},
        {"W:WK27:B5,6,13,15,21,23", "27x11x18x25", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK21,31:B10,18,27", "31x6", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK23,31:B19,26,27", "23x21", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK23,31:B19,26,27", "23x30x21", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK23:B19,K28", "23x32", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK30:B10,12,18,K20,K26,27", "30x5", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK30:B10,K12,K18,20,K26,K27", "30x5", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK30:B10,K12,K18,20,K26,K27", "30x21x14x5", PDN_REASON_LEGAL, 1,
         NULL},
        {"W:WK31:B18,20,K27,K28", "31x13", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK31:B18,20,K27,K28", "31x15", PDN_REASON_LEGAL, 1, NULL},
        {"W:W30:BK26", "30-27", PDN_REASON_LEGAL, 1, "30-27 is legal"},
        {"W:WK30:BK26", "30x21", PDN_REASON_LEGAL, 1, NULL},
        /* a capture written with '-' is still read as that capture */
        {"W:WK30:BK26", "30-21", PDN_REASON_LEGAL, 1, NULL},
    };

    (void)state;
    CHECK_ALL(PDN_ITALIAN, cases);
}

static void
test_italian_table_illegal(void **state)
{
    static const verdict cases[] = {
        {"W:W30:B27", "30-26", PDN_REASON_CAPTURE_COMPULSORY, 0,
         "capture is compulsory (30x23 takes a piece)"},
        {"W:W31:B12,20,28", "31x24", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 24)"},
        {"W:W31:B12,20,28", "31x24x15", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 15)"},
        {"W:W31:B12,20,28", "31-27", PDN_REASON_CAPTURE_COMPULSORY, 0,
         "capture is compulsory (31x8 takes 3 pieces)"},
        {"W:WK22:B18,19,27", "22-26", PDN_REASON_CAPTURE_COMPULSORY, 0,
         "capture is compulsory (22x"},
        {"W:WK27:B5,6,13,15,21,23", "27x18", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 18)"},
        {"W:WK27:B5,6,13,15,21,23", "27x20", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 20)"},
        /* law 1: the man's three pieces beat the king's two */
        {"W:WK21,31:B10,18,27", "21x5", PDN_REASON_LAW_QUANTITY, 0,
         "law 1: 21x5 takes fewer pieces than 31x6"},
        {"W:WK21,31:B10,18,27", "21x14x5", PDN_REASON_LAW_QUANTITY, 0,
         "law 1: 21x14x5 takes fewer pieces than 31x6"},
        {"W:WK21,31:B10,18,27", "21x14", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 14)"},
        /* law 2: man and king both take two; the king must take */
        {"W:WK23,31:B19,26,27", "31x15", PDN_REASON_LAW_KING, 0,
         "law 2: with equal captures the king must take"},
        {"W:WK23,31:B19,26,27", "31x22x15", PDN_REASON_LAW_KING, 0, NULL},
        {"W:WK23,31:B19,26,27", "23x14", PDN_REASON_LAW_QUANTITY, 0,
         "law 1: 23x14 takes fewer pieces than 23x21"},
        {"W:WK23,31:B19,26,27", "31x22", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 22)"},
        {"W:WK23,31:B19,26,27", "23x30", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 30)"},
        /* law 3: one piece each; the king is worth more */
        {"W:WK23:B19,K28", "23x14", PDN_REASON_LAW_QUALITY, 0,
         "law 3: 23x14 takes fewer kings than 23x32"},
        /* law 4: three pieces and one king each; 30x5 meets it first */
        {"W:WK30:B10,12,18,K20,K26,27", "30x7", PDN_REASON_LAW_KING_FIRST, 0,
         "law 4: 30x7 meets a king later than 30x5"},
        /* law 4 on the second king: positions 1,2 beat 1,3 */
        {"W:WK30:B10,K12,K18,20,K26,K27", "30x7", PDN_REASON_LAW_KING_FIRST, 0,
         "law 4: 30x7 meets a king later than 30x5"},
        {"W:WK30:B10,K12,K18,20,K26,K27", "30x23x16x7",
         PDN_REASON_LAW_KING_FIRST, 0, NULL},
        {"W:WK31:B18,20,K27,K28", "31x22", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 22)"},
        {"W:W30:BK26", "30x21", PDN_REASON_MAN_TAKES_KING, 0,
         "a man cannot capture a king"},
        {"W:W30:BK26", "30-26", PDN_REASON_OCCUPIED, 0,
         "square 26 is occupied"},
        {"W:WK30:BK26", "30-27", PDN_REASON_CAPTURE_COMPULSORY, 0,
         "capture is compulsory (30x21 takes a piece)"},
    };

    (void)state;
    CHECK_ALL(PDN_ITALIAN, cases);
}

/* ---- Italian: one position per remaining reason ---- */

static void
test_italian_reasons(void **state)
{
    static const verdict cases[] = {
        {"W:W21-32:B1-12", "22-18", PDN_REASON_LEGAL, 1, NULL},
        {"W:W21-32:B1-12", "21-17", PDN_REASON_LEGAL, 1, NULL},
        {"W:W21-32:B1-12", "17-13", PDN_REASON_NO_PIECE, 0,
         "square 17 is empty"},
        {"W:W21-32:B1-12", "9-13", PDN_REASON_NOT_YOURS, 0,
         "square 9 holds a black piece"},
        {"W:W21-32:B1-12", "21-19", PDN_REASON_NOT_DIAGONAL, 0,
         "21 and 19 are not on one diagonal"},
        {"W:W21-32:B1-12", "22-13", PDN_REASON_TOO_FAR, 0, NULL},
        /* 'x' written for a plain move still names it (real files do) */
        {"W:W21-32:B1-12", "22x18", PDN_REASON_LEGAL, 1, NULL},
        {"W:W21-32:B1-12", "22x13", PDN_REASON_NOTHING_TAKEN, 0, NULL},
        {"W:W21-32:B1-12", "26-22", PDN_REASON_OCCUPIED, 0,
         "square 22 is occupied"},
        {"W:W22:B5", "22-26", PDN_REASON_BACKWARDS, 0,
         "men do not move backwards"},
        {"W:W22:B5", "22-27", PDN_REASON_BACKWARDS, 0, NULL},
        {"W:W18,22:B5", "22x13", PDN_REASON_OWN_PIECE, 0, NULL},
        {"W:WK22:B18", "22x13", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK22:B18", "22x13x22", PDN_REASON_JUMPED_TWICE, 0, NULL},
        /* short kings: one square at a time */
        {"W:WK22:B1", "22-13", PDN_REASON_TOO_FAR, 0, NULL},
        {"W:WK22:B1", "22-26", PDN_REASON_LEGAL, 1, NULL},
        /* a man crowned on 2 stops there, though 5 stands next to it */
        {"W:W11:B5,6", "11x2", PDN_REASON_LEGAL, 1, NULL},
        {"W:W11:B5,6", "11x2x9", PDN_REASON_PROMOTION_ENDS, 0,
         "a crowned man ends its move"},
        /* two circles of four round 22, in either order: same from-to */
        {"W:WK22:B10,11,18,19", "22x22", PDN_REASON_AMBIGUOUS, 2, NULL},
        {"W:WK22:B10,11,18,19", "22x13x6x15x22", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK22:B10,11,18,19", "22x15x6x13x22", PDN_REASON_LEGAL, 1, NULL},
        /* 13 is the first landing of one circle and the third of the
         * other: both are named */
        {"W:WK22:B10,11,18,19", "22x13x22", PDN_REASON_AMBIGUOUS, 2, NULL},
        {"W:WK22:B10,11,18,19", "22x13x6x22", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK22:B10,11,18,19", "22x6", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 6)"},
    };

    (void)state;
    CHECK_ALL(PDN_ITALIAN, cases);
}

/* ---- Spanish: flying kings, men taking kings, two laws ---- */

static void
test_spanish(void **state)
{
    static const verdict cases[] = {
        {"W:W1-12:B21-32", "9-13", PDN_REASON_LEGAL, 1, NULL},
        {"W:W1-12:B21-32", "10-14", PDN_REASON_LEGAL, 1, NULL},
        {"W:W1-12:B21-32", "21-17", PDN_REASON_NOT_YOURS, 0,
         "square 21 holds a black piece"},
        /* 1x10 may land on 14, 19, 23, 28 or 32; only from 19 can it
         * go on, over 22 to 26 or 29 */
        {"W:WK1:B10,22", "1x26", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,22", "1x29", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,22", "1x19x26", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,22", "1x19x29", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,22", "1x14", PDN_REASON_LAW_QUANTITY, 0,
         "law 1: 1x14 takes fewer pieces than 1x"},
        {"W:WK1:B10,22", "1x32", PDN_REASON_LAW_QUANTITY, 0, NULL},
        {"W:WK1:B10,22", "1x19", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 19)"},
        {"W:WK1:B10,22", "1x23x26", PDN_REASON_NOT_DIAGONAL, 0, NULL},
        {"W:WK1:B10,22", "1-5", PDN_REASON_CAPTURE_COMPULSORY, 0, NULL},
        /* touching down on 14 or 19 before taking 23: one move */
        {"W:WK1:B10,23", "1x28", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,23", "1x32", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,23", "1x14x28", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,23", "1x19x28", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,23", "1x19x32", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B10,23", "1x14", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 14)"},
        {"W:WK1:B10,23", "1x23", PDN_REASON_OCCUPIED, 0,
         "square 23 is occupied"},
        /* a flying king's quiet move, and a leap over two pieces */
        {"W:WK1:B32", "1-19", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK1:B32", "1-32", PDN_REASON_OCCUPIED, 0, NULL},
        {"W:WK1:B10,14", "1x19", PDN_REASON_TOO_FAR, 0, NULL},
        {"W:WK1:B10,14", "1-5", PDN_REASON_LEGAL, 1, NULL},
        /* men take kings; law 2 is quality */
        {"W:W10:BK14,13", "10x19", PDN_REASON_LEGAL, 1, NULL},
        {"W:W10:BK14,13", "10x17", PDN_REASON_LAW_QUALITY, 0,
         "law 2: 10x17 takes fewer kings than 10x19"},
        /* no "the king must take" in Spanish: all three are legal */
        {"W:W10,K3:B7,14", "10x19", PDN_REASON_LEGAL, 1, NULL},
        {"W:W10,K3:B7,14", "3x12", PDN_REASON_LEGAL, 1, NULL},
        {"W:W10,K3:B7,14", "3x16", PDN_REASON_LEGAL, 1, NULL},
    };

    (void)state;
    CHECK_ALL(PDN_SPANISH, cases);
}

/* ---- English: Black first, short kings, free choice ---- */

static void
test_english(void **state)
{
    static const verdict cases[] = {
        {"B:W21-32:B1-12", "11-15", PDN_REASON_LEGAL, 1, NULL},
        {"B:W21-32:B1-12", "9-14", PDN_REASON_LEGAL, 1, NULL},
        {"B:W21-32:B1-12", "22-18", PDN_REASON_NOT_YOURS, 0,
         "square 22 holds a white piece"},
        {"B:W21-32:B1-12", "15-19", PDN_REASON_NO_PIECE, 0,
         "square 15 is empty"},
        /* free choice: the one-piece capture is legal beside the two */
        {"B:W8,14,23:B4,9", "4x11", PDN_REASON_LEGAL, 1, NULL},
        {"B:W8,14,23:B4,9", "9x27", PDN_REASON_LEGAL, 1, NULL},
        {"B:W8,14,23:B4,9", "9x18", PDN_REASON_MUST_CONTINUE, 0,
         "the capture must continue (from 18)"},
        {"B:W8,14,23:B4,9", "9-13", PDN_REASON_CAPTURE_COMPULSORY, 0, NULL},
        /* men take kings */
        {"B:WK14:B9", "9x18", PDN_REASON_LEGAL, 1, NULL},
        {"B:W30:B14", "14-9", PDN_REASON_BACKWARDS, 0,
         "men do not move backwards"},
        /* short kings */
        {"W:WK22:B1", "22-15", PDN_REASON_TOO_FAR, 0, NULL},
        {"W:WK22:B1", "22-18", PDN_REASON_LEGAL, 1, NULL},
        {"W:WK22:B1", "22-26", PDN_REASON_LEGAL, 1, NULL},
        {"W:W11:B6,7", "11x2", PDN_REASON_LEGAL, 1, NULL},
        {"W:W11:B6,7", "11x2x9", PDN_REASON_PROMOTION_ENDS, 0, NULL},
    };

    (void)state;
    CHECK_ALL(PDN_ENGLISH, cases);
}

/* ---- Names ---- */

static void
test_reason_names(void **state)
{
    int i, j;

    (void)state;
    assert_string_equal(pdn_reason_name(PDN_REASON_LEGAL), "legal");
    assert_string_equal(pdn_reason_name(PDN_REASON_AMBIGUOUS), "ambiguous");
    assert_string_equal(pdn_reason_name(PDN_REASON_LAW_QUANTITY),
                        "law-quantity");
    for (i = 0; i < PDN_REASON_COUNT; i++) {
        const char *a = pdn_reason_name((pdn_reason)i);
        assert_non_null(a);
        assert_true(strspn(a, "abcdefghijklmnopqrstuvwxyz-") == strlen(a));
        for (j = 0; j < i; j++)
            assert_string_not_equal(a, pdn_reason_name((pdn_reason)j));
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_italian_table_legal),
        cmocka_unit_test(test_italian_table_illegal),
        cmocka_unit_test(test_italian_reasons),
        cmocka_unit_test(test_spanish),
        cmocka_unit_test(test_english),
        cmocka_unit_test(test_reason_names),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
