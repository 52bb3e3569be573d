/* fixture.h -- a judged game made by hand for the report tests: an English
 * game of eleven plies with an inaccuracy, a blunder whose best line holds
 * a double capture, a mistake, forced captures and a won score.
 */
#ifndef PDN_TESTS_REPORT_FIXTURE_H
#define PDN_TESTS_REPORT_FIXTURE_H

#include "annotate/annotate.h"
#include "syntax/reader.h"

typedef struct report_fixture {
    pdn_reader *reader; /* holds the game's file name */
    pdn_game *game;
    pdn_annotation annotation;
    pdn_annotate_options options;
} report_fixture;

/** Reads the game and judges it by hand.  Returns 0, or -1 with a message
 * on standard error. */
int report_fixture_init(report_fixture *f);

void report_fixture_fini(report_fixture *f);

/** Finds the legal move of @b written @text and stores it in @out.
 * Returns 0, or -1 if none is. */
int report_fixture_move(const pdn_variant *v, const pdn_board *b,
                        const char *text, pdn_move *out);

#endif
